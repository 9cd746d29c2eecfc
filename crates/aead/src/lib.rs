//! hayate-aead: lightweight authenticated encryption (paper 003).
//!
//! The six CAESAR Use-Case-1 finalists in their first-priority parameter sets
//! (`aes128n12t8clocv3`, `aes128n12t8silcv3`, `aesjambuv2`, `ketjesrv2`, `ascon128v12`,
//! `acorn128v3`) and NIST SP 800-232 `asconaead128`.
//!
//! Two APIs:
//! * a byte-slice API through the object-safe [`Aead`] trait and [`by_name`] / [`ALGORITHMS`];
//! * the RustCrypto `aead` traits on each scheme type (typed key/nonce/tag sizes).
//!
//! Decryption always checks the tag in constant time before any plaintext is released; on
//! failure the output buffer is wiped and [`Error::Authentication`] is returned.

#![forbid(unsafe_op_in_unsafe_fn)]

use core::fmt;

pub mod aes;

/// Errors of the byte-slice API.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Error {
    /// The key has the wrong length for the scheme.
    KeyLength { expected: usize, got: usize },
    /// The nonce has the wrong length for the scheme.
    NonceLength { expected: usize, got: usize },
    /// The ciphertext is shorter than the tag.
    CiphertextTooShort { tag_len: usize, got: usize },
    /// The tag did not verify; no plaintext was released.
    Authentication,
    /// No scheme of that name.
    UnknownAlgorithm,
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::KeyLength { expected, got } => {
                write!(f, "key must be {expected} bytes, got {got}")
            }
            Error::NonceLength { expected, got } => {
                write!(f, "nonce must be {expected} bytes, got {got}")
            }
            Error::CiphertextTooShort { tag_len, got } => {
                write!(f, "ciphertext must hold at least the {tag_len}-byte tag, got {got} bytes")
            }
            Error::Authentication => write!(f, "authentication failed: tag does not verify"),
            Error::UnknownAlgorithm => write!(f, "unknown algorithm"),
        }
    }
}

impl std::error::Error for Error {}

/// Byte-slice interface shared by every scheme (object safe, so schemes can be chosen by name).
pub trait Aead: Send + Sync {
    /// SUPERCOP / CAESAR name, e.g. `ascon128v12`.
    fn name(&self) -> &'static str;
    fn key_len(&self) -> usize;
    fn nonce_len(&self) -> usize;
    fn tag_len(&self) -> usize;
    /// Encrypts `pt` with associated data `ad`; returns ciphertext ‖ tag.
    fn encrypt(&self, key: &[u8], nonce: &[u8], ad: &[u8], pt: &[u8]) -> Result<Vec<u8>, Error>;
    /// Decrypts ciphertext ‖ tag; returns the plaintext only if the tag verifies.
    fn decrypt(&self, key: &[u8], nonce: &[u8], ad: &[u8], ct: &[u8]) -> Result<Vec<u8>, Error>;
}

/// The core every scheme implements: keyed state, in-place encryption with a detached tag.
///
/// Implementations zeroize their key material on drop, and never branch or index memory on
/// secret data.
pub trait Scheme: Sized + Send + Sync {
    /// SUPERCOP / CAESAR name.
    const NAME: &'static str;
    const KEY_LEN: usize;
    const NONCE_LEN: usize;
    const TAG_LEN: usize;
    /// Keys the scheme; `key` must be `KEY_LEN` bytes.
    fn new(key: &[u8]) -> Result<Self, Error>;
    /// Encrypts `buf` in place; writes the `TAG_LEN`-byte tag into `tag`.
    fn encrypt_detached(&self, nonce: &[u8], ad: &[u8], buf: &mut [u8], tag: &mut [u8])
        -> Result<(), Error>;
    /// Decrypts `buf` in place if `tag` verifies (constant-time comparison); otherwise wipes
    /// `buf` and returns [`Error::Authentication`].
    fn decrypt_detached(&self, nonce: &[u8], ad: &[u8], buf: &mut [u8], tag: &[u8])
        -> Result<(), Error>;
}

//! `expand_message_xmd` — RFC 9380 §5.3.1, including the oversize-DST rule of §5.3.3 (a DST
//! longer than 255 bytes is replaced by H("H2C-OVERSIZE-DST-" ‖ DST)), with SHA-256 (the
//! default functions) or SHA-384 / SHA-512 ([`XmdHash`], [`expand_message_xmd_with`]).
//!
//! With b_in_bytes = H's output size and s_in_bytes = H's input block size:
//!
//! ```text
//! ell = ceil(len_in_bytes / b_in_bytes)    (error if ell > 255 or len_in_bytes > 65535)
//! DST_prime = DST ‖ I2OSP(len(DST), 1)
//! b_0 = H(Z_pad ‖ msg ‖ I2OSP(len_in_bytes, 2) ‖ I2OSP(0, 1) ‖ DST_prime)
//! b_1 = H(b_0 ‖ I2OSP(1, 1) ‖ DST_prime)
//! b_i = H(strxor(b_0, b_(i−1)) ‖ I2OSP(i, 1) ‖ DST_prime)
//! uniform_bytes = (b_1 ‖ … ‖ b_ell)[0 .. len_in_bytes]
//! ```
//!
//! Every failure is a typed [`ExpandError`]; nothing here panics.
//!
//! Written for `hayate_pairing::hash_to_curve` (BLS12-381) and moved down into `hayate-ec` so
//! that the NIST-curve suites here use the same code; `hayate_pairing::hash_to_curve::expand`
//! re-exports this module.

use alloc::{vec, vec::Vec};
use core::fmt;

use sha2::digest::core_api::BlockSizeUser;
use sha2::{Digest, Sha256, Sha384, Sha512};

/// Output size of SHA-256 (b_in_bytes).
pub const B_IN_BYTES: usize = XmdHash::Sha256.output_len();
/// Input block size of SHA-256 (s_in_bytes).
pub const S_IN_BYTES: usize = 64;
/// The largest `len_in_bytes` expand_message_xmd with SHA-256 can produce: 255·32.
pub const MAX_LEN_IN_BYTES: usize = XmdHash::Sha256.max_len_in_bytes();

/// The hash function H of expand_message_xmd (RFC 9380 §5.3.1: SHA-2 family members).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum XmdHash {
    /// SHA-256: b_in_bytes = 32, s_in_bytes = 64 (the P-256, secp256k1 and BLS12-381 suites).
    Sha256,
    /// SHA-384: b_in_bytes = 48, s_in_bytes = 128 (the P-384 suites).
    Sha384,
    /// SHA-512: b_in_bytes = 64, s_in_bytes = 128 (the P-521 suites).
    Sha512,
}

impl XmdHash {
    /// b_in_bytes: the output size of H in bytes.
    pub const fn output_len(self) -> usize {
        match self {
            XmdHash::Sha256 => 32,
            XmdHash::Sha384 => 48,
            XmdHash::Sha512 => 64,
        }
    }
    /// The largest `len_in_bytes` expand_message_xmd with H can produce: 255·b_in_bytes.
    pub const fn max_len_in_bytes(self) -> usize {
        255 * self.output_len()
    }
}
/// Prefix of the hashed oversize DST (RFC 9380 §5.3.3).
pub const OVERSIZE_DST_PREFIX: &[u8] = b"H2C-OVERSIZE-DST-";

/// Why `expand_message_xmd` refused its input.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ExpandError {
    /// len_in_bytes > 65535 (it must fit I2OSP(·, 2)).
    LenTooLarge {
        /// The requested length.
        len_in_bytes: usize,
    },
    /// ell = ceil(len_in_bytes / b_in_bytes) > 255.
    TooManyBlocks {
        /// The requested length.
        len_in_bytes: usize,
    },
}

impl fmt::Display for ExpandError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::LenTooLarge { len_in_bytes } => {
                write!(
                    f,
                    "expand_message_xmd: len_in_bytes = {len_in_bytes} exceeds 65535"
                )
            }
            Self::TooManyBlocks { len_in_bytes } => write!(
                f,
                "expand_message_xmd: len_in_bytes = {len_in_bytes} needs more than 255 hash blocks"
            ),
        }
    }
}

impl core::error::Error for ExpandError {}

/// The DST actually used: `dst` itself when at most 255 bytes, otherwise
/// H("H2C-OVERSIZE-DST-" ‖ dst) (RFC 9380 §5.3.3). Returned as (buffer, length).
fn effective_dst<H: Digest>(dst: &[u8]) -> ([u8; 255], usize) {
    let mut buf = [0u8; 255];
    if dst.len() > 255 {
        let h = H::new()
            .chain_update(OVERSIZE_DST_PREFIX)
            .chain_update(dst)
            .finalize();
        buf[..h.len()].copy_from_slice(&h);
        (buf, h.len())
    } else {
        buf[..dst.len()].copy_from_slice(dst);
        (buf, dst.len())
    }
}

/// DST_prime = DST ‖ I2OSP(len(DST), 1) after the oversize rule, with SHA-256 (exposed for
/// tests).
pub fn dst_prime(dst: &[u8]) -> Vec<u8> {
    dst_prime_with(XmdHash::Sha256, dst)
}

/// DST_prime = DST ‖ I2OSP(len(DST), 1) after the oversize rule, with H = `hash`.
pub fn dst_prime_with(hash: XmdHash, dst: &[u8]) -> Vec<u8> {
    let (buf, n) = match hash {
        XmdHash::Sha256 => effective_dst::<Sha256>(dst),
        XmdHash::Sha384 => effective_dst::<Sha384>(dst),
        XmdHash::Sha512 => effective_dst::<Sha512>(dst),
    };
    let mut v = buf[..n].to_vec();
    v.push(n as u8);
    v
}

/// expand_message_xmd with H into `out` (out.len() ≤ 255·b_in_bytes, checked by the callers).
fn xmd<H: Digest + BlockSizeUser>(msg: &[u8], dst: &[u8], out: &mut [u8]) {
    let len_in_bytes = out.len();
    let b_len = <H as Digest>::output_size();
    let (dbuf, dlen) = effective_dst::<H>(dst);
    let dst = &dbuf[..dlen];
    let dst_len = [dlen as u8];
    let z_pad = [0u8; 128];
    let b_0 = H::new()
        .chain_update(&z_pad[..<H as BlockSizeUser>::block_size()])
        .chain_update(msg)
        .chain_update((len_in_bytes as u16).to_be_bytes())
        .chain_update([0u8])
        .chain_update(dst)
        .chain_update(dst_len)
        .finalize();
    // b_1 takes b_0 itself (b_prev = 0 then)
    let mut b_prev = [0u8; 64];
    let mut input = [0u8; 64];
    for (i, chunk) in (1..=255usize).zip(out.chunks_mut(b_len)) {
        for ((x, b0), bp) in input.iter_mut().zip(b_0.iter()).zip(&b_prev) {
            *x = b0 ^ bp;
        }
        let b_i = H::new()
            .chain_update(&input[..b_len])
            .chain_update([i as u8])
            .chain_update(dst)
            .chain_update(dst_len)
            .finalize();
        b_prev[..b_len].copy_from_slice(&b_i);
        chunk.copy_from_slice(&b_i[..chunk.len()]);
    }
}

/// Fills `out` with expand_message_xmd(msg, dst, out.len()) (SHA-256). The caller guarantees
/// `out.len() ≤ MAX_LEN_IN_BYTES` (checked by [`expand_message_xmd_into`]). Public for the
/// sibling crates' fixed-size buffers; prefer the checked functions.
#[doc(hidden)]
pub fn expand_unchecked(msg: &[u8], dst: &[u8], out: &mut [u8]) {
    xmd::<Sha256>(msg, dst, out);
}

/// The length checks of RFC 9380 §5.3.1 for H = `hash`.
fn check_len(hash: XmdHash, len_in_bytes: usize) -> Result<(), ExpandError> {
    if len_in_bytes > 65535 {
        return Err(ExpandError::LenTooLarge { len_in_bytes });
    }
    if len_in_bytes > hash.max_len_in_bytes() {
        return Err(ExpandError::TooManyBlocks { len_in_bytes });
    }
    Ok(())
}

/// expand_message_xmd(msg, DST, out.len()) with SHA-256 written into `out`.
pub fn expand_message_xmd_into(msg: &[u8], dst: &[u8], out: &mut [u8]) -> Result<(), ExpandError> {
    expand_message_xmd_with_into(XmdHash::Sha256, msg, dst, out)
}

/// expand_message_xmd(msg, DST, out.len()) with H = `hash` written into `out`.
pub fn expand_message_xmd_with_into(
    hash: XmdHash,
    msg: &[u8],
    dst: &[u8],
    out: &mut [u8],
) -> Result<(), ExpandError> {
    check_len(hash, out.len())?;
    xmd_by(hash, msg, dst, out);
    Ok(())
}

/// [`xmd`] with the hash chosen at run time (lengths checked by the callers).
fn xmd_by(hash: XmdHash, msg: &[u8], dst: &[u8], out: &mut [u8]) {
    match hash {
        XmdHash::Sha256 => xmd::<Sha256>(msg, dst, out),
        XmdHash::Sha384 => xmd::<Sha384>(msg, dst, out),
        XmdHash::Sha512 => xmd::<Sha512>(msg, dst, out),
    }
}

/// expand_message_xmd(msg, DST, len_in_bytes) with SHA-256 (RFC 9380 §5.3.1 and §5.3.3).
///
/// ```
/// use hayate_ec::hash_to_curve::expand_message_xmd;
/// let out = expand_message_xmd(b"abc", b"QUUX-V01-CS02-with-expander-SHA256-128", 32).unwrap();
/// assert_eq!(out[0], 0xd8);
/// assert!(expand_message_xmd(b"", b"DST", 255 * 32 + 1).is_err());
/// ```
pub fn expand_message_xmd(
    msg: &[u8],
    dst: &[u8],
    len_in_bytes: usize,
) -> Result<Vec<u8>, ExpandError> {
    expand_message_xmd_with(XmdHash::Sha256, msg, dst, len_in_bytes)
}

/// expand_message_xmd(msg, DST, len_in_bytes) with H = `hash` (RFC 9380 §5.3.1 and §5.3.3).
///
/// ```
/// use hayate_ec::hash_to_curve::{expand_message_xmd_with, XmdHash};
/// let out = expand_message_xmd_with(XmdHash::Sha512, b"", b"DST", 64).unwrap();
/// assert_eq!(out.len(), 64);
/// assert!(expand_message_xmd_with(XmdHash::Sha512, b"", b"DST", 255 * 64 + 1).is_err());
/// ```
pub fn expand_message_xmd_with(
    hash: XmdHash,
    msg: &[u8],
    dst: &[u8],
    len_in_bytes: usize,
) -> Result<Vec<u8>, ExpandError> {
    check_len(hash, len_in_bytes)?;
    let mut out = vec![0u8; len_in_bytes];
    xmd_by(hash, msg, dst, &mut out);
    Ok(out)
}

//! hayate-bls: BLS signatures (draft-irtf-cfrg-bls-signature-05) on hayate's BLS12-381.
//!
//! Both variants of the draft (§2.1):
//! * [`min_pk`] — minimal-pubkey-size: public keys in G1 (48 bytes compressed), signatures in
//!   G2 (96 bytes), messages hashed to G2 (the Ethereum consensus variant);
//! * [`min_sig`] — minimal-signature-size: public keys in G2 (96 bytes), signatures in G1
//!   (48 bytes), messages hashed to G1;
//!
//! each with the three schemes of §3 ([`Scheme::Basic`], [`Scheme::Aug`], [`Scheme::Pop`]) and
//! the draft's ciphersuite IDs (§4.2), used as the hash-to-curve domain separation tags:
//! KeyGen (§2.3), SkToPk (§2.4), KeyValidate (§2.5), Sign / Verify (§2.6–§2.7, §3.1–§3.3),
//! Aggregate (§2.8), AggregateVerify (§2.9, §3.1.1, §3.2.1), PopProve / PopVerify (§3.3.2,
//! §3.3.3), FastAggregateVerify (§3.3.4), and batch verification of many (pk, msg, sig)
//! triples by a random linear combination ([`min_pk::verify_multiple_aggregate_signatures`]).
//!
//! Points are serialized in the Zcash / IETF compressed format
//! ([`hayate_pairing::encoding::zcash`]); hashing to the curves is RFC 9380
//! ([`hayate_pairing::hash_to_curve`]), suites `BLS12381G2_XMD:SHA-256_SSWU_RO_` and
//! `BLS12381G1_XMD:SHA-256_SSWU_RO_`.
//!
//! # Why a crate of its own
//! The signature scheme is a protocol over the pairing rather than part of it: it brings its
//! own dependencies (HKDF for KeyGen, the RustCrypto `signature` traits, `zeroize`), its own
//! error type and its own API conventions (blst's `min_pk` / `min_sig` shape), none of which
//! `hayate-pairing` needs. Keeping it above the pairing crate leaves that crate's surface
//! (curves, pairings, encodings, hash-to-curve) small and free of protocol policy.
//!
//! # Security properties
//! * Secret-key operations (SkToPk, Sign, PopProve) use the constant-time scalar
//!   multiplications of `hayate-pairing` (G1: GLV, G2: 4-dimensional GLS with sign-aligned
//!   columns); KeyGen reduces the HKDF output modulo r in constant time. Secret keys are
//!   zeroized on drop and their `Debug` does not print them.
//! * Every decoder rejects wrong lengths, bad flag bits, non-canonical coordinates (≥ p),
//!   points off the curve and points outside the order-r subgroup; public keys are always
//!   KeyValidate'd (the identity is rejected). Signatures may be the identity point (the
//!   draft allows it as a point); verification then fails as the draft's equations say.
//! * Verification never panics: every failure is an [`Error`].
//!
//! # Example (min-pk, proof-of-possession scheme)
//! ```
//! use hayate_bls::{min_pk::{SecretKey, PublicKey, Signature, AggregateSignature}, Scheme};
//!
//! let sk1 = SecretKey::key_gen(&[7u8; 32], b"").unwrap();
//! let sk2 = SecretKey::key_gen(&[9u8; 32], b"").unwrap();
//! let (pk1, pk2) = (sk1.sk_to_pk(), sk2.sk_to_pk());
//!
//! // sign and verify one message
//! let sig1 = sk1.sign(b"hello", Scheme::Pop);
//! assert!(sig1.verify(&pk1, b"hello", Scheme::Pop).is_ok());
//! assert!(sig1.verify(&pk1, b"hullo", Scheme::Pop).is_err());
//!
//! // round trip through the compressed encodings
//! let pk1 = PublicKey::from_bytes(&pk1.to_bytes()).unwrap();
//! let sig1 = Signature::from_bytes(&sig1.to_bytes()).unwrap();
//!
//! // aggregate two signatures on the same message: FastAggregateVerify
//! let sig2 = sk2.sign(b"hello", Scheme::Pop);
//! let agg = AggregateSignature::aggregate(&[&sig1, &sig2]).unwrap().to_signature();
//! assert!(agg.fast_aggregate_verify(&[&pk1, &pk2], b"hello").is_ok());
//!
//! // and on distinct messages: AggregateVerify
//! let sig3 = sk2.sign(b"world", Scheme::Pop);
//! let agg = AggregateSignature::aggregate(&[&sig1, &sig3]).unwrap().to_signature();
//! let msgs: [&[u8]; 2] = [b"hello", b"world"];
//! assert!(agg.aggregate_verify(&[&pk1, &pk2], &msgs, Scheme::Pop).is_ok());
//! ```

#![deny(missing_docs)]

use core::fmt;

use hayate_pairing::encoding::{zcash, EncodingError};

mod core_ops;
mod keygen;
#[macro_use]
mod api;
pub mod min_pk;
pub mod min_sig;

/// Why an operation failed. Every verification failure, for any reason, is one of these.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Error {
    /// A byte string has the wrong length.
    InvalidLength {
        /// The length the encoding needs.
        expected: usize,
        /// The length given.
        got: usize,
    },
    /// A point encoding is malformed: inconsistent flag bits or a coordinate ≥ p.
    BadEncoding(EncodingError),
    /// The encoded point is not on the curve.
    NotOnCurve,
    /// The point is on the curve but not in the order-r subgroup.
    NotInSubgroup,
    /// A public key is the identity point (KeyValidate, draft §2.5).
    IdentityKey,
    /// A secret key is not in [1, r − 1] (or not 32 bytes).
    InvalidSecretKey,
    /// KeyGen's input keying material is shorter than 32 bytes (draft §2.3).
    IkmTooShort,
    /// A list that must not be empty is (no signatures, no public keys, no triples).
    EmptyInput,
    /// Lists that must have the same length do not.
    LengthMismatch,
    /// The basic scheme's AggregateVerify got two equal messages (draft §3.1.1).
    DuplicateMessage,
    /// The signature does not verify.
    VerificationFailed,
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::InvalidLength { expected, got } => {
                write!(f, "invalid length: expected {expected} bytes, got {got}")
            }
            Error::BadEncoding(e) => write!(f, "bad point encoding: {e}"),
            Error::NotOnCurve => f.write_str("point is not on the curve"),
            Error::NotInSubgroup => f.write_str("point is not in the order-r subgroup"),
            Error::IdentityKey => f.write_str("public key is the identity point"),
            Error::InvalidSecretKey => {
                f.write_str("secret key must be 32 bytes big-endian in [1, r - 1]")
            }
            Error::IkmTooShort => f.write_str("KeyGen needs at least 32 bytes of IKM"),
            Error::EmptyInput => f.write_str("empty input list"),
            Error::LengthMismatch => f.write_str("input lists differ in length"),
            Error::DuplicateMessage => {
                f.write_str("basic scheme: aggregated messages must be distinct")
            }
            Error::VerificationFailed => f.write_str("signature verification failed"),
        }
    }
}

impl std::error::Error for Error {}

impl From<EncodingError> for Error {
    fn from(e: EncodingError) -> Self {
        match e {
            EncodingError::InvalidLength { expected, got } => Error::InvalidLength { expected, got },
            EncodingError::NotOnCurve => Error::NotOnCurve,
            EncodingError::NotInSubgroup => Error::NotInSubgroup,
            other => Error::BadEncoding(other),
        }
    }
}

/// The three BLS schemes of the draft (§3): they differ in how they prevent rogue-key attacks
/// on aggregates, and each has its own ciphersuite ID (the hash-to-curve DST).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, Hash)]
pub enum Scheme {
    /// §3.1 basic scheme (`…_NUL_`): AggregateVerify requires distinct messages.
    Basic,
    /// §3.2 message augmentation (`…_AUG_`): the signer's public key is prepended to the
    /// message.
    Aug,
    /// §3.3 proof of possession (`…_POP_`): keys come with a proof (PopProve / PopVerify),
    /// which allows FastAggregateVerify on one message. The Ethereum consensus scheme.
    #[default]
    Pop,
}

impl Scheme {
    /// "basic", "aug" or "pop" (any case).
    pub fn from_name(s: &str) -> Option<Scheme> {
        match s.to_ascii_lowercase().as_str() {
            "basic" => Some(Scheme::Basic),
            "aug" => Some(Scheme::Aug),
            "pop" => Some(Scheme::Pop),
            _ => None,
        }
    }

    /// The lowercase name accepted by [`Scheme::from_name`].
    pub fn name(self) -> &'static str {
        match self {
            Scheme::Basic => "basic",
            Scheme::Aug => "aug",
            Scheme::Pop => "pop",
        }
    }
}

impl fmt::Display for Scheme {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// RFC 9380 `hash_to_curve` to G2, suite `BLS12381G2_XMD:SHA-256_SSWU_RO_`, under `dst`
/// (DSTs over 255 bytes are hashed as RFC 9380 §5.3.3 says); the point compressed (96 bytes).
pub fn hash_to_g2(msg: &[u8], dst: &[u8]) -> [u8; 96] {
    zcash::g2_to_compressed(&hayate_pairing::hash_to_curve::hash_to_g2(msg, dst))
}

/// RFC 9380 `hash_to_curve` to G1, suite `BLS12381G1_XMD:SHA-256_SSWU_RO_`, under `dst`; the
/// point compressed (48 bytes).
pub fn hash_to_g1(msg: &[u8], dst: &[u8]) -> [u8; 48] {
    zcash::g1_to_compressed(&hayate_pairing::hash_to_curve::hash_to_g1(msg, dst))
}

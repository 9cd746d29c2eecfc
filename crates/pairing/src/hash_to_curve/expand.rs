//! `expand_message_xmd` with SHA-256 — RFC 9380 §5.3.1 and the oversize-DST rule of §5.3.3.
//!
//! The implementation lives in [`hayate_ec::hash_to_curve::expand`] (moved down so that the
//! NIST-curve hash-to-curve suites of `hayate-ec` share it; `hayate-ec` cannot depend on this
//! crate); this module re-exports it unchanged.
//!
//! ```
//! use hayate_pairing::hash_to_curve::expand_message_xmd;
//! let out = expand_message_xmd(b"abc", b"QUUX-V01-CS02-with-expander-SHA256-128", 32).unwrap();
//! assert_eq!(out[0], 0xd8);
//! assert!(expand_message_xmd(b"", b"DST", 255 * 32 + 1).is_err());
//! ```

pub use hayate_ec::hash_to_curve::expand::*;

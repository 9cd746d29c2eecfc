//! `expand_message_xmd` with SHA-256 — RFC 9380 §5.3.1, including the oversize-DST rule of
//! §5.3.3 (a DST longer than 255 bytes is replaced by SHA-256("H2C-OVERSIZE-DST-" ‖ DST)).
//!
//! With b_in_bytes = 32 and s_in_bytes = 64:
//!
//! ```text
//! ell = ceil(len_in_bytes / 32)            (error if ell > 255 or len_in_bytes > 65535)
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

use core::fmt;

use sha2::{Digest, Sha256};

/// Output size of SHA-256 (b_in_bytes).
pub const B_IN_BYTES: usize = 32;
/// Input block size of SHA-256 (s_in_bytes).
pub const S_IN_BYTES: usize = 64;
/// The largest `len_in_bytes` expand_message_xmd with SHA-256 can produce: 255·32.
pub const MAX_LEN_IN_BYTES: usize = 255 * B_IN_BYTES;
/// Prefix of the hashed oversize DST (RFC 9380 §5.3.3).
pub const OVERSIZE_DST_PREFIX: &[u8] = b"H2C-OVERSIZE-DST-";

/// Why `expand_message_xmd` refused its input.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ExpandError {
    /// len_in_bytes > 65535 (it must fit I2OSP(·, 2)).
    LenTooLarge { len_in_bytes: usize },
    /// ell = ceil(len_in_bytes / 32) > 255.
    TooManyBlocks { len_in_bytes: usize },
}

impl fmt::Display for ExpandError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::LenTooLarge { len_in_bytes } => {
                write!(f, "expand_message_xmd: len_in_bytes = {len_in_bytes} exceeds 65535")
            }
            Self::TooManyBlocks { len_in_bytes } => write!(
                f,
                "expand_message_xmd: len_in_bytes = {len_in_bytes} needs more than 255 SHA-256 blocks"
            ),
        }
    }
}

impl std::error::Error for ExpandError {}

/// The DST actually used: `dst` itself when at most 255 bytes, otherwise
/// SHA-256("H2C-OVERSIZE-DST-" ‖ dst) (RFC 9380 §5.3.3). Returned as (buffer, length).
fn effective_dst(dst: &[u8]) -> ([u8; 255], usize) {
    let mut buf = [0u8; 255];
    if dst.len() > 255 {
        let h = Sha256::new()
            .chain_update(OVERSIZE_DST_PREFIX)
            .chain_update(dst)
            .finalize();
        buf[..B_IN_BYTES].copy_from_slice(&h);
        (buf, B_IN_BYTES)
    } else {
        buf[..dst.len()].copy_from_slice(dst);
        (buf, dst.len())
    }
}

/// DST_prime = DST ‖ I2OSP(len(DST), 1) after the oversize rule (exposed for tests).
pub fn dst_prime(dst: &[u8]) -> Vec<u8> {
    let (buf, n) = effective_dst(dst);
    let mut v = buf[..n].to_vec();
    v.push(n as u8);
    v
}

/// Fills `out` with expand_message_xmd(msg, dst, out.len()). The caller guarantees
/// `out.len() ≤ MAX_LEN_IN_BYTES` (checked by [`expand_message_xmd_into`]). Public for the
/// sibling crates' fixed-size buffers; prefer the checked functions.
#[doc(hidden)]
pub fn expand_unchecked(msg: &[u8], dst: &[u8], out: &mut [u8]) {
    let len_in_bytes = out.len();
    let (dbuf, dlen) = effective_dst(dst);
    let dst = &dbuf[..dlen];
    let dst_len = [dlen as u8];
    let ell = len_in_bytes.div_ceil(B_IN_BYTES);
    let b_0 = Sha256::new()
        .chain_update([0u8; S_IN_BYTES])
        .chain_update(msg)
        .chain_update((len_in_bytes as u16).to_be_bytes())
        .chain_update([0u8])
        .chain_update(dst)
        .chain_update(dst_len)
        .finalize();
    let mut b_prev = [0u8; B_IN_BYTES];
    for (i, chunk) in (1..=ell).zip(out.chunks_mut(B_IN_BYTES)) {
        let mut input = [0u8; B_IN_BYTES];
        for (j, x) in input.iter_mut().enumerate() {
            // b_1 takes b_0 itself (b_prev = 0 then)
            *x = b_0[j] ^ b_prev[j];
        }
        let b_i = Sha256::new()
            .chain_update(input)
            .chain_update([i as u8])
            .chain_update(dst)
            .chain_update(dst_len)
            .finalize();
        b_prev.copy_from_slice(&b_i);
        chunk.copy_from_slice(&b_i[..chunk.len()]);
    }
}

/// expand_message_xmd(msg, DST, out.len()) written into `out`.
pub fn expand_message_xmd_into(msg: &[u8], dst: &[u8], out: &mut [u8]) -> Result<(), ExpandError> {
    let len_in_bytes = out.len();
    if len_in_bytes > 65535 {
        return Err(ExpandError::LenTooLarge { len_in_bytes });
    }
    if len_in_bytes > MAX_LEN_IN_BYTES {
        return Err(ExpandError::TooManyBlocks { len_in_bytes });
    }
    expand_unchecked(msg, dst, out);
    Ok(())
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
    if len_in_bytes > 65535 {
        return Err(ExpandError::LenTooLarge { len_in_bytes });
    }
    if len_in_bytes > MAX_LEN_IN_BYTES {
        return Err(ExpandError::TooManyBlocks { len_in_bytes });
    }
    let mut out = vec![0u8; len_in_bytes];
    expand_unchecked(msg, dst, &mut out);
    Ok(out)
}

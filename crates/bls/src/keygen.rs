//! KeyGen (draft-irtf-cfrg-bls-signature-05 §2.3) and secret-key parsing, shared by both
//! variants (the secret key is a scalar mod r in either).
//!
//! KeyGen(IKM, key_info): salt = "BLS-SIG-KEYGEN-SALT-"; repeat { salt = SHA-256(salt);
//! PRK = HKDF-Extract(salt, IKM ‖ I2OSP(0, 1)); OKM = HKDF-Expand(PRK, key_info ‖ I2OSP(L, 2),
//! L); SK = OS2IP(OKM) mod r } until SK ≠ 0, with L = 48. The reduction is constant time;
//! the loop repeats only with probability ≈ 2⁻²⁵⁵. The copies of IKM and OKM made here are
//! zeroized.

use hayate_pairing::bls12_381::Fr;
use hkdf::Hkdf;
use sha2::{Digest, Sha256};
use subtle::ConstantTimeEq;
use zeroize::Zeroizing;

use crate::Error;

/// A secret scalar, 0 < sk < r: the scalar type of G1 and G2 (`CurveParams::Scalar`).
pub(crate) type Sk = Fr;

/// L = ⌈(3·⌈log2 r⌉)/16⌉ = 48 bytes of HKDF output.
const L: usize = 48;

const SALT: &[u8] = b"BLS-SIG-KEYGEN-SALT-";

/// Draft §2.3 KeyGen.
pub(crate) fn key_gen(ikm: &[u8], key_info: &[u8]) -> Result<Sk, Error> {
    if ikm.len() < 32 {
        return Err(Error::IkmTooShort);
    }
    let mut ikm0 = Zeroizing::new(Vec::with_capacity(ikm.len() + 1));
    ikm0.extend_from_slice(ikm);
    ikm0.push(0);
    let mut salt: [u8; 32] = Sha256::digest(SALT).into();
    loop {
        let hk = Hkdf::<Sha256>::new(Some(&salt), &ikm0[..]);
        let mut okm = Zeroizing::new([0u8; L]);
        // L = 48 ≤ 255·32: expand cannot fail
        if hk
            .expand_multi_info(&[key_info, &(L as u16).to_be_bytes()], &mut okm[..])
            .is_err()
        {
            return Err(Error::InvalidSecretKey);
        }
        let sk = Fr::from_bytes_be_reduce(&okm[..]);
        // a retry (probability ≈ 2⁻²⁵⁵) reveals nothing about the key it ends with (and a
        // zero key needs no wiping)
        if !hayate_arith::valgrind::declassify(bool::from(sk.is_zero())) {
            return Ok(sk);
        }
        salt = Sha256::digest(salt).into();
    }
}

/// A 32-byte big-endian secret key with 0 < sk < r (constant time in the value; the only
/// branch is on validity).
pub(crate) fn from_bytes(b: &[u8]) -> Result<Sk, Error> {
    if b.len() != 32 {
        return Err(Error::InvalidSecretKey);
    }
    let sk = Fr::from_bytes_be(b);
    let ok = sk.is_some() & !sk.unwrap_or(Fr::zero()).is_zero();
    if !bool::from(ok) {
        return Err(Error::InvalidSecretKey);
    }
    Ok(sk.unwrap_or(Fr::zero()))
}

/// 32 bytes big-endian.
pub(crate) fn to_bytes(k: &Sk) -> [u8; 32] {
    let mut out = [0u8; 32];
    k.write_bytes_be(&mut out);
    out
}

/// Overwrites a secret key with zero (volatile, so that the wipe is not elided).
pub(crate) fn wipe(k: &mut Sk) {
    // SAFETY: `k` is a valid, aligned &mut Fr (a plain `Copy` value).
    unsafe { core::ptr::write_volatile(k, Fr::zero()) };
    core::sync::atomic::compiler_fence(core::sync::atomic::Ordering::SeqCst);
}

/// Constant-time equality of two secret keys.
pub(crate) fn ct_eq(a: &Sk, b: &Sk) -> bool {
    bool::from(a.ct_eq(b))
}

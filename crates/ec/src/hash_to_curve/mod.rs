//! Hashing to the NIST curves — RFC 9380 simplified SWU (§6.6.2) for curves with a·b ≠ 0:
//! the random-oracle (`hash_to_curve`, §3) and non-uniform (`encode_to_curve`) encodings of
//! the suites of §8.2–§8.4:
//!
//! | curve | suites | expand_message_xmd | L | Z |
//! |---|---|---|---:|---:|
//! | P-256 | `P256_XMD:SHA-256_SSWU_RO_` / `_NU_` | SHA-256 | 48 | −10 |
//! | P-384 | `P384_XMD:SHA-384_SSWU_RO_` / `_NU_` | SHA-384 | 72 | −12 |
//! | P-521 | `P521_XMD:SHA-512_SSWU_RO_` / `_NU_` | SHA-512 | 98 | −4 |
//! | secp256k1 | `secp256k1_XMD:SHA-256_SSWU_RO_` / `_NU_` (§8.7) | SHA-256 | 48 | −11 |
//!
//! secp256k1 has A = 0, so its map lands on a 3-isogenous curve E' and is carried to E by
//! the isogeny of Appendix E.1 (`secp256k1.rs`).
//!
//! ```text
//! msg ─expand_message_xmd (§5.3.1)─▶ count·L bytes ─hash_to_field (§5.2)─▶ u0 (, u1)
//!     ─map_to_curve_simple_swu (§6.6.2)─▶ Q0 (+ Q1) (h = 1: no clearing)
//! ```
//!
//! [`expand`] is the `expand_message_xmd` shared with `hayate-pairing` (which re-exports it).
//! The map is written once, generic over [`SswuCurve`] (a curve plus its Z, L and hash), and
//! is constant time in u: `inv0` by Fermat inversion, both candidate square roots are
//! computed and selected with `subtle`, the sign fix-up is a conditional negation.

pub mod expand;
mod secp256k1;

pub use expand::{
    expand_message_xmd, expand_message_xmd_into, expand_message_xmd_with,
    expand_message_xmd_with_into, ExpandError, XmdHash,
};

use subtle::{ConditionallySelectable, ConstantTimeEq};

use crate::affine::Affine;
use crate::curves::{NamedCurve, PrimeField, Secp256r1, Secp384r1, Secp521r1};
use crate::projective::Projective;
use crate::Field;

/// A curve with simplified-SWU suites: A·B ≠ 0, a non-square Z meeting RFC 9380 §6.6.2's
/// criteria, the hash_to_field length L = ⌈(⌈log2 p⌉ + k)/8⌉ and expand_message_xmd's hash.
pub trait SswuCurve: NamedCurve {
    /// Z as a (small, possibly negative) integer.
    const SSWU_Z: i64;
    /// hash_to_field's L (bytes per field element).
    const L: usize;
    /// The hash of expand_message_xmd.
    const HASH: XmdHash;
    /// The random-oracle suite ID, e.g. `P256_XMD:SHA-256_SSWU_RO_`.
    const SUITE_RO: &'static str;
    /// The non-uniform suite ID, e.g. `P256_XMD:SHA-256_SSWU_NU_`.
    const SUITE_NU: &'static str;
    /// (A', B') of the curve E' on which the simplified SWU map lands: E itself (the default)
    /// when A·B ≠ 0; an isogenous curve with A'·B' ≠ 0 otherwise (RFC 9380 §6.6.3).
    fn sswu_curve() -> (Self::Base, Self::Base) {
        (Self::A, Self::B)
    }
    /// iso_map: E' → E (RFC 9380 §6.6.3); the identity map when E' = E (the default).
    /// Constant time.
    fn iso_map(x: Self::Base, y: Self::Base) -> Affine<Self> {
        Affine::from_xy_unchecked(x, y)
    }
}

/// RFC 9380 §8.2.
impl SswuCurve for Secp256r1 {
    const SSWU_Z: i64 = -10;
    const L: usize = 48; // ⌈(256 + 128)/8⌉
    const HASH: XmdHash = XmdHash::Sha256;
    const SUITE_RO: &'static str = "P256_XMD:SHA-256_SSWU_RO_";
    const SUITE_NU: &'static str = "P256_XMD:SHA-256_SSWU_NU_";
}

/// RFC 9380 §8.3.
impl SswuCurve for Secp384r1 {
    const SSWU_Z: i64 = -12;
    const L: usize = 72; // ⌈(384 + 192)/8⌉
    const HASH: XmdHash = XmdHash::Sha384;
    const SUITE_RO: &'static str = "P384_XMD:SHA-384_SSWU_RO_";
    const SUITE_NU: &'static str = "P384_XMD:SHA-384_SSWU_NU_";
}

/// RFC 9380 §8.4.
impl SswuCurve for Secp521r1 {
    const SSWU_Z: i64 = -4;
    const L: usize = 98; // ⌈(521 + 256)/8⌉
    const HASH: XmdHash = XmdHash::Sha512;
    const SUITE_RO: &'static str = "P521_XMD:SHA-512_SSWU_RO_";
    const SUITE_NU: &'static str = "P521_XMD:SHA-512_SSWU_NU_";
}

/// Σ k_i·x^i by Horner's rule (coefficients ascending): the polynomials of the isogeny maps
/// of RFC 9380 §6.6.3 (secp256k1 here, BLS12-381 in `hayate-pairing`). Constant time.
pub fn horner<F: Field>(k: &[F], x: &F) -> F {
    k.iter().rev().fold(F::ZERO, |acc, c| acc * *x + *c)
}

fn small<F: Field>(z: i64) -> F {
    let v = F::from_u64(z.unsigned_abs());
    if z < 0 {
        -v
    } else {
        v
    }
}

/// hash_to_field (RFC 9380 §5.2) with expand_message_xmd (the curve's hash) and m = 1:
/// `count` elements, each the reduction of L uniform bytes modulo p.
pub fn hash_to_field<C: SswuCurve>(
    msg: &[u8],
    dst: &[u8],
    count: usize,
) -> Result<Vec<C::Base>, ExpandError> {
    let bytes = expand_message_xmd_with(C::HASH, msg, dst, count * C::L)?;
    Ok(bytes
        .chunks(C::L)
        .map(<C::Base as PrimeField>::from_bytes_be_reduce)
        .collect())
}

/// map_to_curve_simple_swu (RFC 9380 §6.6.2) onto E' (`SswuCurve::sswu_curve`), followed by
/// the isogeny to E where E' ≠ E (§6.6.3); constant time in u.
pub fn map_to_curve<C: SswuCurve>(u: &C::Base) -> Affine<C> {
    let (a, b) = C::sswu_curve();
    let z: C::Base = small(C::SSWU_Z);
    let u2 = u.square();
    let zu2 = z * u2;
    // tv1 = inv0(Z²u⁴ + Zu²)
    let den = zu2.square() + zu2;
    let tv1 = den.invert().unwrap_or(C::Base::ZERO);
    // x1 = (−B/A)(1 + tv1), or B/(Z·A) when tv1 = 0 (public constants: variable-time inverse ok)
    let a_inv = a.invert().unwrap_or(C::Base::ZERO);
    let minus_b_over_a = -(b * a_inv);
    let za_inv = (z * a).invert().unwrap_or(C::Base::ZERO);
    let x1_exc = b * za_inv;
    let x1 = C::Base::conditional_select(
        &(minus_b_over_a * (C::Base::ONE + tv1)),
        &x1_exc,
        tv1.is_zero(),
    );
    let gx1 = (x1.square() + a) * x1 + b;
    let x2 = zu2 * x1;
    let gx2 = (x2.square() + a) * x2 + b;
    let y1 = gx1.sqrt();
    let y2 = gx2.sqrt();
    let e = y1.is_some();
    let x = C::Base::conditional_select(&x2, &x1, e);
    let y = C::Base::conditional_select(
        &y2.unwrap_or(C::Base::ZERO),
        &y1.unwrap_or(C::Base::ZERO),
        e,
    );
    // sgn0(u) = sgn0(y)
    let flip = !u.is_odd().ct_eq(&y.is_odd());
    let y = C::Base::conditional_select(&y, &-y, flip);
    C::iso_map(x, y)
}

/// hash_to_curve (RFC 9380 §3, random oracle): map(u0) + map(u1); the cofactor of every
/// [`SswuCurve`] here is 1, so clear_cofactor is the identity map.
pub fn hash_to_curve<C: SswuCurve>(msg: &[u8], dst: &[u8]) -> Result<Affine<C>, ExpandError> {
    let u = hash_to_field::<C>(msg, dst, 2)?;
    let q0 = Projective::from(map_to_curve::<C>(&u[0]));
    let q1 = Projective::from(map_to_curve::<C>(&u[1]));
    let r = q0.add(&q1);
    let r = if C::COFACTOR == 1 {
        r
    } else {
        r.mul_ct(&[C::COFACTOR])
    };
    Ok(r.to_affine())
}

/// encode_to_curve (RFC 9380 §3, non-uniform): map(u0) for a single field element.
pub fn encode_to_curve<C: SswuCurve>(msg: &[u8], dst: &[u8]) -> Result<Affine<C>, ExpandError> {
    let u = hash_to_field::<C>(msg, dst, 1)?;
    let q = Projective::from(map_to_curve::<C>(&u[0]));
    let q = if C::COFACTOR == 1 {
        q
    } else {
        q.mul_ct(&[C::COFACTOR])
    };
    Ok(q.to_affine())
}

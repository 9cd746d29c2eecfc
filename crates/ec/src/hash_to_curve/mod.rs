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
//! [`expand`] is the `expand_message_xmd` shared with `hayate-pairing` (which re-exports it);
//! [`sswu`] (the map) and [`iso`] (isogeny evaluation) are the generic pieces that the
//! BLS12-381 suites of `hayate-pairing` run too. A [`SswuCurve`] gives its Z, L and hash; the
//! map is the straight-line §6.6.2 with Appendix F.2.1.2's `sqrt_ratio` (every p here is
//! 3 mod 4: one exponentiation, then one inversion for the affine x), constant time in u.

use alloc::vec::Vec;
pub mod expand;
pub mod iso;
mod secp256k1;
pub mod sswu;

pub use expand::{
    expand_message_xmd, expand_message_xmd_into, expand_message_xmd_with,
    expand_message_xmd_with_into, ExpandError, XmdHash,
};

use core::marker::PhantomData;

use subtle::Choice;

pub use iso::horner;
use sswu::{Sgn0, SswuParams};

use crate::affine::Affine;
use crate::curves::{NamedCurve, PrimeField, Secp256r1, Secp384r1, Secp521r1};
use crate::projective::Projective;
use crate::Field;

/// A curve with simplified-SWU suites: A·B ≠ 0, a non-square Z meeting RFC 9380 §6.6.2's
/// criteria, the hash_to_field length L = ⌈(⌈log2 p⌉ + k)/8⌉ and expand_message_xmd's hash.
pub trait SswuCurve: NamedCurve<Base: Sgn0> {
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
    /// √(−Z), Appendix F.2.1.2's c2 (−Z is a square since Z is not and p ≡ 3 mod 4),
    /// computed once per curve.
    fn sqrt_minus_z() -> Self::Base;
}

/// √(−z) for a small integer z (public; used once per curve by [`SswuCurve::sqrt_minus_z`]).
fn sqrt_of_minus<F: Field>(z: i64) -> F {
    (-small::<F>(z)).sqrt().unwrap_or(F::ZERO)
}

/// [`SswuCurve::sqrt_minus_z`] for one curve, cached in a static of that impl.
macro_rules! sqrt_minus_z_cached {
    ($f:ty) => {
        fn sqrt_minus_z() -> $f {
            static C: hayate_arith::once::OnceBox<$f> = hayate_arith::once::OnceBox::new();
            *C.get_or_init(|| sqrt_of_minus::<$f>(Self::SSWU_Z))
        }
    };
}
use sqrt_minus_z_cached;

/// The simplified-SWU target of a [`SswuCurve`]: E' = (`sswu_curve()`, Z), with
/// `sqrt_ratio` by Appendix F.2.1.2.
pub struct Sswu<C>(PhantomData<C>);

impl<C: SswuCurve> core::fmt::Debug for Sswu<C> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "Sswu({})", C::NAME)
    }
}

impl<C: SswuCurve> SswuParams for Sswu<C> {
    type F = C::Base;
    fn a() -> C::Base {
        C::sswu_curve().0
    }
    fn b() -> C::Base {
        C::sswu_curve().1
    }
    fn z() -> C::Base {
        small(C::SSWU_Z)
    }
    fn sqrt_ratio(u: &C::Base, v: &C::Base) -> (Choice, C::Base) {
        sswu::sqrt_ratio_3mod4(u, v, &C::sqrt_minus_z(), PrimeField::pow_p_minus_3_over_4)
    }
}

/// RFC 9380 §8.2.
impl SswuCurve for Secp256r1 {
    const SSWU_Z: i64 = -10;
    const L: usize = 48; // ⌈(256 + 128)/8⌉
    const HASH: XmdHash = XmdHash::Sha256;
    const SUITE_RO: &'static str = "P256_XMD:SHA-256_SSWU_RO_";
    const SUITE_NU: &'static str = "P256_XMD:SHA-256_SSWU_NU_";
    sqrt_minus_z_cached!(<Secp256r1 as crate::CurveParams>::Base);
}

/// RFC 9380 §8.3.
impl SswuCurve for Secp384r1 {
    const SSWU_Z: i64 = -12;
    const L: usize = 72; // ⌈(384 + 192)/8⌉
    const HASH: XmdHash = XmdHash::Sha384;
    const SUITE_RO: &'static str = "P384_XMD:SHA-384_SSWU_RO_";
    const SUITE_NU: &'static str = "P384_XMD:SHA-384_SSWU_NU_";
    sqrt_minus_z_cached!(<Secp384r1 as crate::CurveParams>::Base);
}

/// RFC 9380 §8.4.
impl SswuCurve for Secp521r1 {
    const SSWU_Z: i64 = -4;
    const L: usize = 98; // ⌈(521 + 256)/8⌉
    const HASH: XmdHash = XmdHash::Sha512;
    const SUITE_RO: &'static str = "P521_XMD:SHA-512_SSWU_RO_";
    const SUITE_NU: &'static str = "P521_XMD:SHA-512_SSWU_NU_";
    sqrt_minus_z_cached!(<Secp521r1 as crate::CurveParams>::Base);
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

/// map_to_curve_simple_swu (RFC 9380 §6.6.2, [`sswu`]) onto E' (`SswuCurve::sswu_curve`),
/// followed by the isogeny to E where E' ≠ E (§6.6.3); constant time in u.
pub fn map_to_curve<C: SswuCurve>(u: &C::Base) -> Affine<C> {
    let (x, y) = sswu::map_to_curve_simple_swu::<Sswu<C>>(u);
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

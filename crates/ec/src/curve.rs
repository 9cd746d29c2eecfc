//! Curve parameters: a short Weierstrass curve E: y² = x³ + ax + b over a field `Base`, with a
//! distinguished generator of the prime-order subgroup of order r.
//!
//! A curve is a zero-sized type implementing [`CurveParams`]; all point types are generic over
//! it. The constants are `const` (built with `Fp::from_hex_const`, and for G2 with Fp2's const
//! constructor), so no curve data is computed at run time. `A_IS_ZERO` / `A_IS_MINUS_3` select
//! the specialised formulas (RCB 2016 Algorithms 7–9 and 4–6, the Jacobian a = 0 and
//! a = −3 doublings) at compile time; they must agree with `A` (see [`params_are_consistent`]).

use core::fmt::Debug;

use crate::scalar::ScalarField;
use crate::CurveField;
use hayate_arith::Field;
use subtle::{Choice, ConstantTimeEq};

use crate::affine::Affine;
use crate::projective::Projective;

/// A short Weierstrass curve y² = x³ + ax + b with a prime-order subgroup ⟨G⟩ of order r.
pub trait CurveParams: 'static + Copy + Send + Sync + Debug + Default + Eq {
    /// The field of definition (Fp for G1, Fp2 for the G2 twists).
    type Base: CurveField;
    /// The scalar field Z/rZ, whose modulus is [`Self::ORDER`]: the type of the typed scalar
    /// multiplications (`P * s`, [`Projective::mul_scalar`], [`crate::scalar`]).
    type Scalar: ScalarField;
    /// The coefficient a.
    const A: Self::Base;
    /// The coefficient b.
    const B: Self::Base;
    /// Must be `true` iff a = 0 (selects RCB Algorithms 7–9 and the a = 0 Jacobian doubling).
    const A_IS_ZERO: bool;
    /// Must be `true` iff a = −3 (selects RCB Algorithms 4–6 and the a = −3 Jacobian doubling).
    const A_IS_MINUS_3: bool;
    /// Affine coordinates (x, y) of the generator G of the order-r subgroup.
    const GENERATOR: (Self::Base, Self::Base);
    /// The prime subgroup order r, little-endian 64-bit limbs.
    const ORDER: &'static [u64];
    /// A short name for diagnostics.
    const NAME: &'static str;
    /// The GLV endomorphism φ(x, y) = (βx, y) = \[λ\] with its decomposition constants, for
    /// curves that have one ([`crate::glv`]); `None` (the default) otherwise.
    const GLV: Option<crate::glv::GlvConstants<Self::Base>> = None;

    /// Is P in the order-r subgroup? The default checks \[r\]P = O with the constant-time
    /// fixed-window multiplication (about 1.25·log2(r) complete additions/doublings). Curves
    /// override it with faster endomorphism-based tests, or with `P.is_on_curve()` when the
    /// cofactor is 1. P is assumed to be on the curve.
    fn is_in_subgroup(p: &Projective<Self>) -> Choice {
        p.mul_ct_bits(Self::ORDER, 64 * Self::ORDER.len())
            .is_identity()
    }

    /// What [`Projective::mul_ct`] runs: \[k\]P in constant time for P in the order-r
    /// subgroup ⟨G⟩. The default is the integer fixed-window multiplication
    /// ([`Projective::mul_ct_bits`] over all 64·len(k) bits, correct for every curve point).
    /// Curves with an efficient endomorphism (the pairing groups G1, G2 of hayate-pairing)
    /// override it with GLV/GLS methods, which compute \[k mod r\]P and so are correct only on
    /// ⟨G⟩; code that multiplies points outside ⟨G⟩ (cofactor clearing, membership tests)
    /// calls [`Projective::mul_ct_bits`] / [`Projective::mul_vartime_wnaf`] directly. An
    /// override must not call `mul_ct` itself.
    fn group_mul_ct(p: &Projective<Self>, k: &[u64]) -> Projective<Self> {
        p.mul_ct_bits(k, 64 * k.len())
    }

    /// What [`Projective::mul_vartime`] runs (public k; see [`Self::group_mul_ct`]). The
    /// default is the integer wNAF multiplication [`Projective::mul_vartime_wnaf`].
    fn group_mul_vartime(p: &Projective<Self>, k: &[u64]) -> Projective<Self> {
        p.mul_vartime_wnaf(k)
    }
}

/// a·x, specialised at compile time for a = 0 and a = −3.
#[inline(always)]
pub(crate) fn mul_by_a<C: CurveParams>(x: &C::Base) -> C::Base {
    if C::A_IS_ZERO {
        C::Base::ZERO
    } else if C::A_IS_MINUS_3 {
        -(x.double() + *x)
    } else {
        C::A * *x
    }
}

/// 3b (the RCB formulas use b3 = 3·b).
#[inline(always)]
pub(crate) fn b3<C: CurveParams>() -> C::Base {
    C::B.double() + C::B
}

/// Checks the parameter set: `A_IS_ZERO` / `A_IS_MINUS_3` agree with `A`, the curve is
/// non-singular (4a³ + 27b² ≠ 0), the generator lies on it and the modulus of `Scalar` is
/// `ORDER`. Meant for tests (variable time, public data only).
pub fn params_are_consistent<C: CurveParams>() -> bool {
    let a = C::A;
    let b = C::B;
    let three = C::Base::from_u64(3);
    let zero_ok = bool::from(a.is_zero()) == C::A_IS_ZERO;
    let m3_ok = bool::from(a.ct_eq(&-three)) == C::A_IS_MINUS_3;
    let disc = C::Base::from_u64(4) * a.square() * a + C::Base::from_u64(27) * b.square();
    let nonsingular = !bool::from(disc.is_zero());
    let g = Affine::<C>::generator();
    let g_ok = bool::from(g.is_on_curve() & !g.is_identity());
    let scalar_ok = crate::scalar::modulus_is::<C::Scalar>(C::ORDER);
    zero_ok && m3_ok && nonsingular && g_ok && scalar_ok && !C::ORDER.iter().all(|&l| l == 0)
}

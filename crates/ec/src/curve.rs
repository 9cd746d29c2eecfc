//! Curve parameters: a short Weierstrass curve E: y² = x³ + ax + b over a field `Base`, with a
//! distinguished generator of the prime-order subgroup of order r.
//!
//! A curve is a zero-sized type implementing [`CurveParams`]; all point types are generic over
//! it. The constants are `const` (built with `Fp::from_hex_const`, and for G2 with Fp2's const
//! constructor), so no curve data is computed at run time. `A_IS_ZERO` / `A_IS_MINUS_3` select
//! the specialised formulas (RCB 2016 Algorithms 7–9 and 4–6, the Jacobian a = 0 and
//! a = −3 doublings) at compile time; they must agree with `A` (see [`params_are_consistent`]).

use core::fmt::Debug;
use core::marker::PhantomData;

use crate::scalar::ScalarField;
use crate::CurveField;
use hayate_arith::Field;
use subtle::{Choice, ConstantTimeEq};

use crate::affine::Affine;
use crate::formulas::{self, AKind, Arith};
use crate::group::Group;
use crate::jacobian::Jacobian;
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

/// The formulas' context for a compile-time curve ([`crate::formulas`]): zero-sized, the
/// field operations of `C::Base` and the coefficients as constants, so that
/// [`Arith::a_kind`] folds and only the curve's specialisation is compiled.
pub(crate) struct Static<C>(PhantomData<C>);

impl<C: CurveParams> Static<C> {
    pub(crate) const CTX: Self = Static(PhantomData);
}

impl<C> Clone for Static<C> {
    fn clone(&self) -> Self {
        Static(PhantomData)
    }
}

/// The algorithms' context for a compile-time curve ([`crate::group`]): its Jacobian and
/// projective points.
impl<C: CurveParams> Group for Static<C> {
    type J = Jacobian<C>;
    type P = Projective<C>;
    #[inline(always)]
    fn j_identity(&self) -> Jacobian<C> {
        Jacobian::identity()
    }
    #[inline(always)]
    fn j_double(&self, p: &Jacobian<C>) -> Jacobian<C> {
        p.double()
    }
    #[inline(always)]
    fn j_double_n(&self, p: &Jacobian<C>, n: usize) -> Jacobian<C> {
        p.double_n(n)
    }
    #[inline(always)]
    fn j_add_vartime(&self, p: &Jacobian<C>, q: &Jacobian<C>) -> Jacobian<C> {
        p.add_vartime(q)
    }
    #[inline(always)]
    fn j_neg(&self, p: &Jacobian<C>) -> Jacobian<C> {
        p.neg()
    }
    #[inline(always)]
    fn p_identity(&self) -> Projective<C> {
        Projective::identity()
    }
    #[inline(always)]
    fn p_double(&self, p: &Projective<C>) -> Projective<C> {
        p.double()
    }
    #[inline(always)]
    fn p_add(&self, p: &Projective<C>, q: &Projective<C>) -> Projective<C> {
        p.add(q)
    }
    #[inline(always)]
    fn p_to_j(&self, p: &Projective<C>) -> Jacobian<C> {
        Jacobian::from(*p)
    }
    #[inline(always)]
    fn j_to_p(&self, p: &Jacobian<C>) -> Projective<C> {
        Projective::from(*p)
    }
}

impl<C: CurveParams> Arith for Static<C> {
    type E = C::Base;
    #[inline(always)]
    fn zero(&self) -> C::Base {
        C::Base::ZERO
    }
    #[inline(always)]
    fn add(&self, a: &C::Base, b: &C::Base) -> C::Base {
        *a + *b
    }
    #[inline(always)]
    fn sub(&self, a: &C::Base, b: &C::Base) -> C::Base {
        *a - *b
    }
    #[inline(always)]
    fn neg(&self, a: &C::Base) -> C::Base {
        -*a
    }
    #[inline(always)]
    fn double(&self, a: &C::Base) -> C::Base {
        a.double()
    }
    #[inline(always)]
    fn halve(&self, a: &C::Base) -> C::Base {
        a.halve()
    }
    #[inline(always)]
    fn mul(&self, a: &C::Base, b: &C::Base) -> C::Base {
        *a * *b
    }
    #[inline(always)]
    fn square(&self, a: &C::Base) -> C::Base {
        a.square()
    }
    #[inline(always)]
    fn is_zero(&self, a: &C::Base) -> Choice {
        a.is_zero()
    }
    #[inline(always)]
    fn mul_sub_mul(&self, a: &C::Base, b: &C::Base, c: &C::Base, d: &C::Base) -> C::Base {
        C::Base::mul_sub_mul(a, b, c, d)
    }
    #[inline(always)]
    fn mul_sub_sqr(&self, a: &C::Base, b: &C::Base, c: &C::Base) -> C::Base {
        C::Base::mul_sub_sqr(a, b, c)
    }
    #[inline(always)]
    fn a_kind(&self) -> AKind {
        if C::A_IS_ZERO {
            AKind::Zero
        } else if C::A_IS_MINUS_3 {
            AKind::MinusThree
        } else {
            AKind::Generic
        }
    }
    #[inline(always)]
    fn a(&self) -> C::Base {
        C::A
    }
    #[inline(always)]
    fn b(&self) -> C::Base {
        C::B
    }
    #[inline(always)]
    fn b3(&self) -> C::Base {
        C::B.double() + C::B
    }
}

/// a·x, specialised at compile time for a = 0 and a = −3.
#[inline(always)]
pub(crate) fn mul_by_a<C: CurveParams>(x: &C::Base) -> C::Base {
    formulas::mul_by_a(&Static::<C>::CTX, x)
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

//! Affine points (x, y) with an explicit point-at-infinity flag.
//!
//! Validation ([`Affine::new`] checks the curve equation and returns a `CtOption`), encoding
//! helpers, and the inversion-based group law of IEEE P1363 / paper 002 §2.1
//! (λ = (y₂ − y₁)/(x₂ − x₁) or (3x₁² + a)/(2y₁); cost I+M+S per addition, I+M+2S per doubling
//! in paper 002's model). The affine formulas are the building blocks of the affine ladders of
//! paper 004 (Jin–Miyaji two-bit right-to-left ladder, Le–Nguyen double-quadruple); here they
//! are written once, constant time, with every exceptional case (P + P, P + (−P), O + P,
//! 2-torsion) resolved by selects so that the result is always correct.
//!
//! The identity is stored as x = y = 0 with `infinity` set (this also matches the EVM
//! precompiles' (0, 0) encoding; (0, 0) is never a point of a curve with b ≠ 0).

use core::fmt;
use core::ops::Neg;

use hayate_arith::Field;
use subtle::{Choice, ConditionallySelectable, ConstantTimeEq, CtOption};

use crate::curve::CurveParams;

/// An affine point of the curve `C`, or the point at infinity.
///
/// The fields are public for arithmetic code (Miller loops, encoders); code that builds a point
/// from untrusted data must go through [`Affine::new`] (or check [`Affine::is_on_curve`]).
/// Invariant: `infinity` set ⇒ x = y = 0.
pub struct Affine<C: CurveParams> {
    /// x-coordinate (0 for the identity).
    pub x: C::Base,
    /// y-coordinate (0 for the identity).
    pub y: C::Base,
    /// Set for the point at infinity.
    pub infinity: Choice,
}

impl<C: CurveParams> Clone for Affine<C> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<C: CurveParams> Copy for Affine<C> {}

impl<C: CurveParams> Affine<C> {
    /// The point at infinity O.
    #[inline]
    pub fn identity() -> Self {
        Self {
            x: C::Base::ZERO,
            y: C::Base::ZERO,
            infinity: Choice::from(1),
        }
    }

    /// The curve's generator G.
    #[inline]
    pub fn generator() -> Self {
        Self {
            x: C::GENERATOR.0,
            y: C::GENERATOR.1,
            infinity: Choice::from(0),
        }
    }

    /// The point (x, y) if it satisfies y² = x³ + ax + b (no subgroup check; see
    /// [`Self::new_in_subgroup`]).
    pub fn new(x: C::Base, y: C::Base) -> CtOption<Self> {
        let p = Self {
            x,
            y,
            infinity: Choice::from(0),
        };
        CtOption::new(p, p.is_on_curve())
    }

    /// The point (x, y) if it is on the curve and in the order-r subgroup.
    pub fn new_in_subgroup(x: C::Base, y: C::Base) -> CtOption<Self> {
        let p = Self {
            x,
            y,
            infinity: Choice::from(0),
        };
        let ok = p.is_on_curve();
        // The subgroup test is only meaningful on the curve; run it anyway (constant time).
        CtOption::new(p, ok & p.is_in_subgroup())
    }

    /// (x, y) without any check. The caller guarantees it is on the curve.
    #[inline]
    pub fn from_xy_unchecked(x: C::Base, y: C::Base) -> Self {
        Self {
            x,
            y,
            infinity: Choice::from(0),
        }
    }

    /// Is this the point at infinity?
    #[inline]
    pub fn is_identity(&self) -> Choice {
        self.infinity
    }

    /// Does the point satisfy the curve equation (the identity does)?
    pub fn is_on_curve(&self) -> Choice {
        let rhs = (self.x.square() + C::A) * self.x + C::B;
        let on = self.y.square().ct_eq(&rhs);
        // The identity must be stored canonically as (0, 0).
        let canonical_identity = self.x.is_zero() & self.y.is_zero();
        (self.infinity & canonical_identity) | (!self.infinity & on)
    }

    /// Is the point in the order-r subgroup ([`CurveParams::is_in_subgroup`]; the identity is)?
    pub fn is_in_subgroup(&self) -> Choice {
        C::is_in_subgroup(&crate::Projective::from(*self))
    }

    /// −P = (x, −y).
    #[inline]
    pub fn neg(&self) -> Self {
        Self {
            x: self.x,
            y: -self.y,
            infinity: self.infinity,
        }
    }

    /// P + Q with one inversion (P1363 affine addition; every case handled in constant time:
    /// O + Q, P + O, P + P (uses the doubling slope), P + (−P) = O, 2-torsion doubling).
    pub fn add(&self, rhs: &Self) -> Self {
        crate::ladder::affine_add::<C, crate::ladder::Fermat>(self, rhs)
    }

    /// 2P with one inversion (λ = (3x² + a)/(2y); O and 2-torsion points give O).
    pub fn double(&self) -> Self {
        crate::ladder::affine_double::<C, crate::ladder::Fermat>(self)
    }

    /// P − Q.
    #[inline]
    pub fn sub(&self, rhs: &Self) -> Self {
        self.add(&rhs.neg())
    }

    /// The right-hand side x³ + ax + b (public helper for decoders).
    pub fn curve_rhs(x: &C::Base) -> C::Base {
        (x.square() + C::A) * *x + C::B
    }

    /// \[k\]P in constant time (see [`crate::Projective::mul_ct`]).
    pub fn mul_ct(&self, k: &[u64]) -> crate::Projective<C> {
        crate::Projective::from(*self).mul_ct(k)
    }

    /// \[k\]P for a public scalar (see [`crate::Projective::mul_vartime`]).
    pub fn mul_vartime(&self, k: &[u64]) -> crate::Projective<C> {
        crate::Projective::from(*self).mul_vartime(k)
    }
}

impl<C: CurveParams> Default for Affine<C> {
    fn default() -> Self {
        Self::identity()
    }
}

impl<C: CurveParams> ConditionallySelectable for Affine<C> {
    fn conditional_select(a: &Self, b: &Self, choice: Choice) -> Self {
        Self {
            x: C::Base::conditional_select(&a.x, &b.x, choice),
            y: C::Base::conditional_select(&a.y, &b.y, choice),
            infinity: Choice::conditional_select(&a.infinity, &b.infinity, choice),
        }
    }
}

impl<C: CurveParams> ConstantTimeEq for Affine<C> {
    fn ct_eq(&self, other: &Self) -> Choice {
        let both_inf = self.infinity & other.infinity;
        let neither = !self.infinity & !other.infinity;
        both_inf | (neither & self.x.ct_eq(&other.x) & self.y.ct_eq(&other.y))
    }
}

impl<C: CurveParams> PartialEq for Affine<C> {
    fn eq(&self, other: &Self) -> bool {
        self.ct_eq(other).into()
    }
}
impl<C: CurveParams> Eq for Affine<C> {}

impl<C: CurveParams> fmt::Debug for Affine<C> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if bool::from(self.infinity) {
            write!(f, "Affine<{}>(infinity)", C::NAME)
        } else {
            write!(f, "Affine<{}>({:?}, {:?})", C::NAME, self.x, self.y)
        }
    }
}

impl<C: CurveParams> Neg for Affine<C> {
    type Output = Self;
    fn neg(self) -> Self {
        Affine::neg(&self)
    }
}
impl<C: CurveParams> Neg for &Affine<C> {
    type Output = Affine<C>;
    fn neg(self) -> Affine<C> {
        Affine::neg(self)
    }
}

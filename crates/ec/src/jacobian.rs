//! Jacobian points (X:Y:Z), x = X/Z², y = Y/Z³, identity Z = 0 (IEEE P1363 A.10; paper 002
//! §2.2, curve E_J: Y² = X³ + aXZ⁴ + bZ⁶).
//!
//! Formulas (names from the Explicit-Formulas Database, costs in paper 002's M/S model):
//! * doubling: for a = 0 (3M + 4S) and a = −3 (4M + 4S) the "halved" doubling, which returns
//!   2P scaled by 1/2 (Z₃ = YZ instead of 2YZ) and so trades the formula's doublings for one
//!   halving (six and eight field additions instead of fifteen and sixteen for `dbl-2009-l`
//!   and `dbl-2001-b`; the same idea as libsecp256k1's `gej_double`); generic a
//!   `dbl-2007-bl` (1M + 8S + 1·m_a); paper 002 quotes P1363's 4M + 6S;
//! * addition: `add-2007-bl` (11M + 5S; paper 002 quotes P1363's 12M + 4S), mixed addition with
//!   an affine point by the textbook formula (8M + 3S, Z₃ = Z₁H);
//! * repeated doubling [`Jacobian::double_n`]: paper 002 §4.2, the 2ⁿ-fold doubling that keeps
//!   W = aZ⁴ between steps ("modified Jacobian" of Cohen–Miyaji–Ono, the chain of Itoh et al.),
//!   4M + 4S per step (6.8M at S = 0.7M) instead of 4M + 6S;
//! * normalisation with one inversion, and batch normalisation by Montgomery's trick.
//!
//! The Jacobian formulas are not complete: P + P and P + (−P) and O make the addition formula
//! degenerate. [`Jacobian::add`] / [`Jacobian::add_affine`] therefore also compute the doubling
//! and fix every exceptional case with constant-time selects (correct for all inputs, constant
//! time, ≈ one doubling dearer). The `_vartime` variants branch instead and are meant for public
//! data (wNAF, MSM).

use alloc::vec::Vec;
use core::fmt;
use core::ops::{Add, AddAssign, Neg, Sub, SubAssign};

use crate::CurveField;
use hayate_arith::Field;
use subtle::{Choice, ConditionallySelectable, ConstantTimeEq};

use crate::affine::Affine;
use crate::curve::{mul_by_a, CurveParams, Static};
use crate::formulas;
use crate::projective::{impl_ops, Projective};

/// A point in Jacobian coordinates (X:Y:Z), x = X/Z², y = Y/Z³.
///
/// Fields are public for arithmetic code; any value with Z = 0 is the identity.
pub struct Jacobian<C: CurveParams> {
    /// X (Jacobian: x = X/Z², y = Y/Z³).
    pub x: C::Base,
    /// Y.
    pub y: C::Base,
    /// Z (0 for the point at infinity).
    pub z: C::Base,
}

impl<C: CurveParams> Clone for Jacobian<C> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<C: CurveParams> Copy for Jacobian<C> {}

impl<C: CurveParams> Jacobian<C> {
    /// The identity (1 : 1 : 0).
    #[inline]
    pub const fn identity() -> Self {
        Self {
            x: C::Base::ONE,
            y: C::Base::ONE,
            z: C::Base::ZERO,
        }
    }

    /// The generator (x_G : y_G : 1).
    #[inline]
    pub const fn generator() -> Self {
        Self {
            x: C::GENERATOR.0,
            y: C::GENERATOR.1,
            z: C::Base::ONE,
        }
    }

    /// Is this the identity (Z = 0)?
    #[inline]
    pub fn is_identity(&self) -> Choice {
        self.z.is_zero()
    }

    /// Does (X:Y:Z) satisfy Y² = X³ + aXZ⁴ + bZ⁶ (the identity does)?
    pub fn is_on_curve(&self) -> Choice {
        let z2 = self.z.square();
        let z4 = z2.square();
        let z6 = z4 * z2;
        let rhs = (self.x.square() + mul_by_a::<C>(&z4)) * self.x + C::B * z6;
        self.z.is_zero() | self.y.square().ct_eq(&rhs)
    }

    /// Is the point in the order-r subgroup (see [`CurveParams::is_in_subgroup`])?
    pub fn is_in_subgroup(&self) -> Choice {
        C::is_in_subgroup(&Projective::from(*self))
    }

    /// −P = (X : −Y : Z).
    #[inline]
    pub fn neg(&self) -> Self {
        Self {
            x: self.x,
            y: -self.y,
            z: self.z,
        }
    }

    /// 2P. Correct for every input (O and 2-torsion points give Z = 0); constant time. For
    /// a = 0 the base field's fused kernel when it has one
    /// ([`CurveField::jacobian_double_a0_fused`]: one assembly block over Fp2 in bn254-beuchat's
    /// tower), else [`Self::double_composed`]; the same values either way.
    #[inline]
    pub fn double(&self) -> Self {
        if C::A_IS_ZERO {
            if let Some([x, y, z]) = C::Base::jacobian_double_a0_fused([&self.x, &self.y, &self.z])
            {
                return Self { x, y, z };
            }
        }
        self.double_composed()
    }

    /// [`Self::double`] by the composed field operations (never a fused kernel; public for
    /// the tests that compare the two).
    #[doc(hidden)]
    #[inline]
    pub fn double_composed(&self) -> Self {
        Self::from_coords(formulas::jac_double(&Static::<C>::CTX, self.coords()))
    }

    /// \[2ⁿ\]P (public n): n doublings, for generic a paper 002 §4.2's repeated doubling
    /// that keeps W = aZ⁴ across steps (4M + 4S a step; see the module docs). Constant time
    /// in P.
    pub fn double_n(&self, n: usize) -> Self {
        if n == 0 {
            return *self;
        }
        if C::A_IS_ZERO || C::A_IS_MINUS_3 {
            let mut r = *self;
            for _ in 0..n {
                r = r.double();
            }
            return r;
        }
        Self::from_coords(formulas::jac_double_n_generic(
            &Static::<C>::CTX,
            self.coords(),
            n,
        ))
    }

    #[inline(always)]
    fn coords(&self) -> [&C::Base; 3] {
        [&self.x, &self.y, &self.z]
    }

    #[inline(always)]
    fn from_coords([x, y, z]: [C::Base; 3]) -> Self {
        Self { x, y, z }
    }

    /// Addition by `add-2007-bl` without exceptional-case handling: correct when P ≠ ±Q and
    /// neither is O. (For P = −Q it returns a Z = 0 point, i.e. O, which is also correct.)
    #[inline]
    pub(crate) fn add_unchecked(&self, rhs: &Self) -> (Self, Choice) {
        let (sum, is_dbl) =
            formulas::jac_add_unchecked(&Static::<C>::CTX, self.coords(), rhs.coords());
        (Self::from_coords(sum), is_dbl)
    }

    /// Mixed addition (Q affine, finite) without exceptional-case handling (see
    /// [`Self::add_affine_unchecked_zr`]).
    #[inline]
    pub(crate) fn add_affine_unchecked(&self, rhs: &Affine<C>) -> (Self, Choice) {
        let (sum, is_dbl, _) = self.add_affine_unchecked_zr(rhs);
        (sum, is_dbl)
    }

    /// [`Self::add_affine_unchecked`] that also returns the ratio Z₃/Z₁ = H, as needed to bring
    /// a chain of sums to a common Z. The textbook mixed addition (Hankerson–Menezes–Vanstone,
    /// *Guide to ECC*, Alg. 3.22 in Jacobian form; 8M + 3S and seven additions, where
    /// `madd-2007-bl`'s scaled variant needs twelve): H = x₂Z₁² − X₁, R = y₂Z₁³ − Y₁,
    /// X₃ = R² − H³ − 2X₁H², Y₃ = R(X₁H² − X₃) − Y₁H³, Z₃ = Z₁H.
    ///
    /// The base field's fused kernel when it has one ([`CurveField::jacobian_add_affine_fused`]:
    /// one assembly block over Fp2 in bn254-beuchat's tower), else
    /// [`Self::add_affine_unchecked_zr_composed`]; the same values either way.
    #[inline]
    pub(crate) fn add_affine_unchecked_zr(&self, rhs: &Affine<C>) -> (Self, Choice, C::Base) {
        let p = [&self.x, &self.y, &self.z, &rhs.x, &rhs.y];
        if let Some([x, y, z, h, r]) = C::Base::jacobian_add_affine_fused(p) {
            return (Self { x, y, z }, h.is_zero() & r.is_zero(), h);
        }
        self.add_affine_unchecked_zr_composed(rhs)
    }

    /// [`Self::add_affine_unchecked_zr`] by the composed field operations (never a fused
    /// kernel; public for the tests that compare the two).
    #[doc(hidden)]
    #[inline]
    pub fn add_affine_unchecked_zr_composed(&self, rhs: &Affine<C>) -> (Self, Choice, C::Base) {
        let (sum, h, r) = self.madd_composed(rhs);
        (sum, h.is_zero() & r.is_zero(), h)
    }

    /// P + Q (Q affine, finite) in place, without exceptional-case handling and without the
    /// flag of [`Self::add_affine_unchecked`] (for loops whose exceptional cases the caller
    /// has excluded): the same values.
    #[inline]
    pub(crate) fn add_affine_assign_unchecked(&mut self, rhs: &Affine<C>) {
        let p = [&self.x, &self.y, &self.z, &rhs.x, &rhs.y];
        let [x, y, z] = match C::Base::jacobian_add_affine_fused(p) {
            Some([x, y, z, _, _]) => [x, y, z],
            None => {
                let (sum, _, _) = self.madd_composed(rhs);
                [sum.x, sum.y, sum.z]
            }
        };
        self.x = x;
        self.y = y;
        self.z = z;
    }

    /// The formulas of [`Self::add_affine_unchecked_zr_composed`]: (P + Q, H, R).
    #[inline(always)]
    fn madd_composed(&self, rhs: &Affine<C>) -> (Self, C::Base, C::Base) {
        let q = [&rhs.x, &rhs.y];
        let (sum, h, r) = formulas::jac_add_affine_unchecked(&Static::<C>::CTX, self.coords(), q);
        (Self::from_coords(sum), h, r)
    }

    /// P + Q, correct for all inputs and constant time (computes the doubling as well and
    /// selects; ≈ 11M + 5S + one doubling).
    pub fn add(&self, rhs: &Self) -> Self {
        let (sum, is_dbl) = self.add_unchecked(rhs);
        let dbl = self.double();
        let both_finite = !self.is_identity() & !rhs.is_identity();
        let mut r = Self::conditional_select(&sum, &dbl, is_dbl & both_finite);
        r.conditional_assign(rhs, self.is_identity());
        r.conditional_assign(self, rhs.is_identity());
        r
    }

    /// P + Q for an affine Q, correct for all inputs and constant time.
    pub fn add_affine(&self, rhs: &Affine<C>) -> Self {
        let (sum, is_dbl) = self.add_affine_unchecked(rhs);
        let dbl = self.double();
        let both_finite = !self.is_identity() & !rhs.infinity;
        let mut r = Self::conditional_select(&sum, &dbl, is_dbl & both_finite);
        r.conditional_assign(&Self::from(*rhs), self.is_identity());
        r.conditional_assign(self, rhs.infinity);
        r
    }

    /// P + Q by the incomplete formula (11M + 5S, no doubling computed), constant time, with a
    /// flag for the inputs it does not cover: the result is P + Q whenever the flag is false;
    /// the flag is set when P = Q or when either point is O (P = −Q is covered: Z₃ = 0). For
    /// chains whose exceptional cases are unreachable but for negligibly rare inputs, which
    /// can then recompute by [`Self::add`] when the flag (made public) is set.
    pub fn add_incomplete(&self, rhs: &Self) -> (Self, Choice) {
        let (sum, is_dbl) = self.add_unchecked(rhs);
        (sum, is_dbl | self.is_identity() | rhs.is_identity())
    }

    /// P + Q for public points: branches on the exceptional cases (11M + 5S).
    pub fn add_vartime(&self, rhs: &Self) -> Self {
        if bool::from(self.is_identity()) {
            return *rhs;
        }
        if bool::from(rhs.is_identity()) {
            return *self;
        }
        let (sum, is_dbl) = self.add_unchecked(rhs);
        if bool::from(is_dbl) {
            self.double()
        } else {
            sum
        }
    }

    /// P + Q for a public affine Q: branches on the exceptional cases (7M + 4S).
    pub fn add_affine_vartime(&self, rhs: &Affine<C>) -> Self {
        if bool::from(rhs.infinity) {
            return *self;
        }
        if bool::from(self.is_identity()) {
            return Self::from(*rhs);
        }
        let (sum, is_dbl) = self.add_affine_unchecked(rhs);
        if bool::from(is_dbl) {
            self.double()
        } else {
            sum
        }
    }

    /// P − Q (constant time).
    #[inline]
    pub fn sub(&self, rhs: &Self) -> Self {
        self.add(&rhs.neg())
    }

    /// (X/Z², Y/Z³) with one constant-time inversion ([`Field::invert_safegcd`]); the
    /// identity maps to the identity.
    pub fn to_affine(&self) -> Affine<C> {
        let zinv = self.z.invert_safegcd();
        let is_inf = zinv.is_none();
        let zinv = zinv.unwrap_or(C::Base::ZERO);
        let zinv2 = zinv.square();
        let p = Affine {
            x: self.x * zinv2,
            y: self.y * zinv2 * zinv,
            infinity: Choice::from(0),
        };
        Affine::conditional_select(&p, &Affine::identity(), is_inf)
    }

    /// Affine forms of many points with one inversion in total (Montgomery's trick).
    pub fn batch_normalize(points: &[Self]) -> Vec<Affine<C>> {
        let mut zs: Vec<C::Base> = points.iter().map(|p| p.z).collect();
        crate::batch_invert(&mut zs);
        points
            .iter()
            .zip(zs)
            .map(|(p, zinv)| {
                let zinv2 = zinv.square();
                let a = Affine {
                    x: p.x * zinv2,
                    y: p.y * zinv2 * zinv,
                    infinity: Choice::from(0),
                };
                Affine::conditional_select(&a, &Affine::identity(), p.z.is_zero())
            })
            .collect()
    }

    /// \[k\]P in constant time (via [`Projective::mul_ct`], complete formulas).
    pub fn mul_ct(&self, k: &[u64]) -> Self {
        Self::from(Projective::from(*self).mul_ct(k))
    }

    /// \[k\]P for a public scalar (wNAF, see [`Projective::mul_vartime`]).
    pub fn mul_vartime(&self, k: &[u64]) -> Self {
        crate::scalar_mul::wnaf_mul_jacobian(self, k)
    }
}

impl<C: CurveParams> Default for Jacobian<C> {
    fn default() -> Self {
        Self::identity()
    }
}

impl<C: CurveParams> ConditionallySelectable for Jacobian<C> {
    #[inline]
    fn conditional_select(a: &Self, b: &Self, choice: Choice) -> Self {
        Self {
            x: C::Base::conditional_select(&a.x, &b.x, choice),
            y: C::Base::conditional_select(&a.y, &b.y, choice),
            z: C::Base::conditional_select(&a.z, &b.z, choice),
        }
    }
}

impl<C: CurveParams> ConstantTimeEq for Jacobian<C> {
    /// Equality without normalisation: X1·Z2² = X2·Z1² and Y1·Z2³ = Y2·Z1³.
    fn ct_eq(&self, other: &Self) -> Choice {
        let inf1 = self.is_identity();
        let inf2 = other.is_identity();
        let z1z1 = self.z.square();
        let z2z2 = other.z.square();
        let same = (self.x * z2z2).ct_eq(&(other.x * z1z1))
            & (self.y * z2z2 * other.z).ct_eq(&(other.y * z1z1 * self.z));
        (inf1 & inf2) | (!inf1 & !inf2 & same)
    }
}

impl<C: CurveParams> From<Projective<C>> for Jacobian<C> {
    /// (X : Y : Z) homogeneous ↦ (X·Z : Y·Z² : Z) Jacobian (2M + 1S).
    fn from(p: Projective<C>) -> Self {
        let zz = p.z.square();
        let q = Self {
            x: p.x * p.z,
            y: p.y * zz,
            z: p.z,
        };
        Self::conditional_select(&q, &Self::identity(), p.is_identity())
    }
}

impl_ops!(Jacobian);

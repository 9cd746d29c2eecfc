//! Homogeneous projective points (X:Y:Z), x = X/Z, y = Y/Z, identity (0:1:0), with the
//! complete addition formulas of Renes, Costello and Batina, "Complete addition formulas for
//! prime order elliptic curves" (EUROCRYPT 2016, ePrint 2015/1060):
//!
//! | a        | addition | mixed addition | doubling |
//! |----------|----------|----------------|----------|
//! | generic  | Alg. 1 (12M + 3m_a + 2m_3b) | Alg. 2 (11M) | Alg. 3 (8M + 3S) |
//! | a = −3   | Alg. 4 (12M + 2m_b)  | Alg. 5 (11M) | Alg. 6 (8M + 3S) |
//! | a = 0    | Alg. 7 (12M + 2m_3b) | Alg. 8 (11M) | Alg. 9 (6M + 2S) |
//!
//! The formulas are exception-free for every pair of points of an odd-order curve group (in
//! particular P + P, P + (−P) and O + P need no special case), so they are the default for
//! constant-time code: [`Projective::mul_ct`] uses only these. The mixed formulas (Alg. 2/5/8)
//! do not cover an affine identity, which is handled by one select. Multiplications by a = −3
//! are done with additions. The formulas themselves (with the paper's step numbers) are
//! written once, in the crate's `formulas` module, for these points and for the run-time
//! curves of [`crate::runtime`].

use alloc::vec::Vec;
use core::fmt;
use core::ops::{Add, AddAssign, Neg, Sub, SubAssign};

use hayate_arith::Field;
use subtle::{Choice, ConditionallySelectable, ConstantTimeEq, CtOption};

use crate::affine::Affine;
use crate::curve::{mul_by_a, CurveParams, Static};
use crate::formulas;
use crate::jacobian::Jacobian;

/// A point in homogeneous projective coordinates (X:Y:Z).
///
/// Fields are public for arithmetic code; a valid value is either a curve point with Z ≠ 0 or
/// the identity (0 : Y : 0), Y ≠ 0. (0:0:0) is not a point.
pub struct Projective<C: CurveParams> {
    /// X (homogeneous: x = X/Z, y = Y/Z).
    pub x: C::Base,
    /// Y.
    pub y: C::Base,
    /// Z (0 for the point at infinity).
    pub z: C::Base,
}

impl<C: CurveParams> Clone for Projective<C> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<C: CurveParams> Copy for Projective<C> {}

impl<C: CurveParams> Projective<C> {
    /// The identity (0 : 1 : 0).
    #[inline]
    pub const fn identity() -> Self {
        Self {
            x: C::Base::ZERO,
            y: C::Base::ONE,
            z: C::Base::ZERO,
        }
    }

    /// The generator G = (x_G : y_G : 1).
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

    /// Does (X:Y:Z) satisfy Y²Z = X³ + aXZ² + bZ³ (and, for Z = 0, is it (0 : Y ≠ 0 : 0))?
    pub fn is_on_curve(&self) -> Choice {
        let zz = self.z.square();
        let lhs = self.y.square() * self.z;
        let rhs = (self.x.square() + mul_by_a::<C>(&zz)) * self.x + C::B * zz * self.z;
        let finite = !self.z.is_zero() & lhs.ct_eq(&rhs);
        let ident = self.z.is_zero() & self.x.is_zero() & !self.y.is_zero();
        finite | ident
    }

    /// Is the point in the order-r subgroup (see [`CurveParams::is_in_subgroup`])?
    pub fn is_in_subgroup(&self) -> Choice {
        C::is_in_subgroup(self)
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

    /// P + Q, complete (RCB 2016 Algorithm 1, 4 or 7 according to a).
    #[inline]
    pub fn add(&self, rhs: &Self) -> Self {
        Self::from_coords(formulas::proj_add(
            &Static::<C>::CTX,
            self.coords(),
            rhs.coords(),
        ))
    }

    /// P + Q for an affine Q, complete (RCB 2016 Algorithm 2, 5 or 8, plus a select for Q = O).
    #[inline]
    pub fn add_affine(&self, rhs: &Affine<C>) -> Self {
        let q = [&rhs.x, &rhs.y];
        let r = Self::from_coords(formulas::proj_add_affine(
            &Static::<C>::CTX,
            self.coords(),
            q,
        ));
        Self::conditional_select(&r, self, rhs.infinity)
    }

    /// 2P, exception-free (RCB 2016 Algorithm 3, 6 or 9).
    #[inline]
    pub fn double(&self) -> Self {
        Self::from_coords(formulas::proj_double(&Static::<C>::CTX, self.coords()))
    }

    #[inline(always)]
    fn coords(&self) -> [&C::Base; 3] {
        [&self.x, &self.y, &self.z]
    }

    #[inline(always)]
    fn from_coords([x, y, z]: [C::Base; 3]) -> Self {
        Self { x, y, z }
    }

    /// \[2ⁿ\]P by n doublings (public n).
    pub fn double_n(&self, n: usize) -> Self {
        let mut r = *self;
        for _ in 0..n {
            r = r.double();
        }
        r
    }

    /// P − Q.
    #[inline]
    pub fn sub(&self, rhs: &Self) -> Self {
        self.add(&rhs.neg())
    }

    /// The affine point (X/Z, Y/Z) with one constant-time inversion
    /// ([`Field::invert_safegcd`]); the identity maps to the identity.
    pub fn to_affine(&self) -> Affine<C> {
        crate::ladder::to_affine_with::<C, crate::ladder::SafeGcd>(self)
    }

    /// Affine forms of many points with one inversion in total (Montgomery's trick).
    pub fn batch_to_affine(points: &[Self]) -> Vec<Affine<C>> {
        let mut zs: Vec<C::Base> = points.iter().map(|p| p.z).collect();
        crate::batch_invert(&mut zs);
        points
            .iter()
            .zip(zs)
            .map(|(p, zinv)| {
                let a = Affine {
                    x: p.x * zinv,
                    y: p.y * zinv,
                    infinity: Choice::from(0),
                };
                Affine::conditional_select(&a, &Affine::identity(), p.z.is_zero())
            })
            .collect()
    }

    /// (X : Y : Z) from raw coordinates, if it is a valid point (on the curve or the identity).
    pub fn from_xyz(x: C::Base, y: C::Base, z: C::Base) -> CtOption<Self> {
        let p = Self { x, y, z };
        CtOption::new(p, p.is_on_curve())
    }
}

impl<C: CurveParams> Default for Projective<C> {
    fn default() -> Self {
        Self::identity()
    }
}

impl<C: CurveParams> ConditionallySelectable for Projective<C> {
    #[inline]
    fn conditional_select(a: &Self, b: &Self, choice: Choice) -> Self {
        Self {
            x: C::Base::conditional_select(&a.x, &b.x, choice),
            y: C::Base::conditional_select(&a.y, &b.y, choice),
            z: C::Base::conditional_select(&a.z, &b.z, choice),
        }
    }
}

impl<C: CurveParams> ConstantTimeEq for Projective<C> {
    /// Equality without normalisation: X1·Z2 = X2·Z1 and Y1·Z2 = Y2·Z1.
    fn ct_eq(&self, other: &Self) -> Choice {
        let inf1 = self.is_identity();
        let inf2 = other.is_identity();
        let same = (self.x * other.z).ct_eq(&(other.x * self.z))
            & (self.y * other.z).ct_eq(&(other.y * self.z));
        (inf1 & inf2) | (!inf1 & !inf2 & same)
    }
}

impl<C: CurveParams> From<Jacobian<C>> for Projective<C> {
    /// (X : Y : Z) Jacobian ↦ (X·Z : Y : Z³) homogeneous (2M + 1S).
    fn from(p: Jacobian<C>) -> Self {
        let q = Self {
            x: p.x * p.z,
            y: p.y,
            z: p.z.square() * p.z,
        };
        Self::conditional_select(&q, &Self::identity(), p.is_identity())
    }
}

/// What the two coordinate systems ([`Projective`], [`crate::Jacobian`]) implement alike, in
/// terms of their own `add`, `add_affine`, `neg`, `identity`, `to_affine`, `ct_eq` and
/// `conditional_select`: the operators, `Sum`, equality, `Debug` (the raw coordinates), and
/// the conversions from and to [`Affine`] (an affine point is (x : y : 1) in both systems).
macro_rules! impl_ops {
    ($T:ident) => {
        impl<C: CurveParams> PartialEq for $T<C> {
            fn eq(&self, other: &Self) -> bool {
                self.ct_eq(other).into()
            }
        }
        impl<C: CurveParams> Eq for $T<C> {}

        impl<C: CurveParams> fmt::Debug for $T<C> {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                write!(
                    f,
                    "{}<{}>({:?} : {:?} : {:?})",
                    stringify!($T),
                    C::NAME,
                    self.x,
                    self.y,
                    self.z
                )
            }
        }

        impl<C: CurveParams> From<Affine<C>> for $T<C> {
            fn from(p: Affine<C>) -> Self {
                let q = Self {
                    x: p.x,
                    y: p.y,
                    z: C::Base::ONE,
                };
                Self::conditional_select(&q, &Self::identity(), p.infinity)
            }
        }
        impl<C: CurveParams> From<&Affine<C>> for $T<C> {
            fn from(p: &Affine<C>) -> Self {
                Self::from(*p)
            }
        }
        impl<C: CurveParams> From<$T<C>> for Affine<C> {
            fn from(p: $T<C>) -> Self {
                p.to_affine()
            }
        }

        impl<C: CurveParams> Add for $T<C> {
            type Output = Self;
            fn add(self, rhs: Self) -> Self {
                $T::add(&self, &rhs)
            }
        }
        impl<'a, C: CurveParams> Add<&'a $T<C>> for &'a $T<C> {
            type Output = $T<C>;
            fn add(self, rhs: &'a $T<C>) -> $T<C> {
                $T::add(self, rhs)
            }
        }
        impl<C: CurveParams> Add<Affine<C>> for $T<C> {
            type Output = Self;
            fn add(self, rhs: Affine<C>) -> Self {
                $T::add_affine(&self, &rhs)
            }
        }
        impl<C: CurveParams> Sub for $T<C> {
            type Output = Self;
            fn sub(self, rhs: Self) -> Self {
                $T::add(&self, &rhs.neg())
            }
        }
        impl<'a, C: CurveParams> Sub<&'a $T<C>> for &'a $T<C> {
            type Output = $T<C>;
            fn sub(self, rhs: &'a $T<C>) -> $T<C> {
                $T::add(self, &rhs.neg())
            }
        }
        impl<C: CurveParams> Sub<Affine<C>> for $T<C> {
            type Output = Self;
            fn sub(self, rhs: Affine<C>) -> Self {
                $T::add_affine(&self, &rhs.neg())
            }
        }
        impl<C: CurveParams> AddAssign for $T<C> {
            fn add_assign(&mut self, rhs: Self) {
                *self = $T::add(self, &rhs);
            }
        }
        impl<C: CurveParams> AddAssign<Affine<C>> for $T<C> {
            fn add_assign(&mut self, rhs: Affine<C>) {
                *self = $T::add_affine(self, &rhs);
            }
        }
        impl<C: CurveParams> SubAssign for $T<C> {
            fn sub_assign(&mut self, rhs: Self) {
                *self = $T::add(self, &rhs.neg());
            }
        }
        impl<C: CurveParams> Neg for $T<C> {
            type Output = Self;
            fn neg(self) -> Self {
                $T::neg(&self)
            }
        }
        impl<C: CurveParams> Neg for &$T<C> {
            type Output = $T<C>;
            fn neg(self) -> $T<C> {
                $T::neg(self)
            }
        }
        impl<C: CurveParams> core::iter::Sum for $T<C> {
            fn sum<I: Iterator<Item = Self>>(iter: I) -> Self {
                iter.fold(Self::identity(), |a, b| $T::add(&a, &b))
            }
        }
    };
}
pub(crate) use impl_ops;
impl_ops!(Projective);

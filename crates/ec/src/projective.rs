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
//! do not cover an affine identity, which is handled by one select. The step numbers in the
//! comments follow the paper's algorithm listings. Multiplications by a = −3 and by 3b are done
//! with additions.

use alloc::vec::Vec;
use core::fmt;
use core::ops::{Add, AddAssign, Neg, Sub, SubAssign};

use hayate_arith::Field;
use subtle::{Choice, ConditionallySelectable, ConstantTimeEq, CtOption};

use crate::affine::Affine;
use crate::curve::{b3, mul_by_a, CurveParams};
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
        if C::A_IS_ZERO {
            self.add_a0(rhs)
        } else if C::A_IS_MINUS_3 {
            self.add_am3(rhs)
        } else {
            self.add_generic(rhs)
        }
    }

    /// P + Q for an affine Q, complete (RCB 2016 Algorithm 2, 5 or 8, plus a select for Q = O).
    #[inline]
    pub fn add_affine(&self, rhs: &Affine<C>) -> Self {
        let r = if C::A_IS_ZERO {
            self.add_affine_a0(rhs)
        } else if C::A_IS_MINUS_3 {
            self.add_affine_am3(rhs)
        } else {
            self.add_affine_generic(rhs)
        };
        Self::conditional_select(&r, self, rhs.infinity)
    }

    /// 2P, exception-free (RCB 2016 Algorithm 3, 6 or 9).
    #[inline]
    pub fn double(&self) -> Self {
        if C::A_IS_ZERO {
            self.double_a0()
        } else if C::A_IS_MINUS_3 {
            self.double_am3()
        } else {
            self.double_generic()
        }
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

    // --- RCB 2016 Algorithm 1: complete addition, generic a (12M + 3m_a + 2m_3b + 23a) ---
    fn add_generic(&self, q: &Self) -> Self {
        let b3 = b3::<C>();
        let (x1, y1, z1) = (self.x, self.y, self.z);
        let (x2, y2, z2) = (q.x, q.y, q.z);
        let t0 = x1 * x2; // 1
        let t1 = y1 * y2; // 2
        let t2 = z1 * z2; // 3
        let t3 = (x1 + y1) * (x2 + y2) - (t0 + t1); // 4-8: X1Y2 + X2Y1
        let t4 = (x1 + z1) * (x2 + z2) - (t0 + t2); // 9-13: X1Z2 + X2Z1
        let t5 = (y1 + z1) * (y2 + z2) - (t1 + t2); // 14-18: Y1Z2 + Y2Z1
        let z3 = mul_by_a::<C>(&t4) + b3 * t2; // 19-21
        let x3 = t1 - z3; // 22
        let z3 = t1 + z3; // 23
        let y3 = x3 * z3; // 24
        let t1 = t0.double() + t0; // 25-26
        let t2 = mul_by_a::<C>(&t2); // 27
        let t4 = b3 * t4; // 28
        let t1 = t1 + t2; // 29
        let t2 = mul_by_a::<C>(&(t0 - t2)); // 30-31
        let t4 = t4 + t2; // 32
        let y3 = y3 + t1 * t4; // 33-34
        let x3 = t3 * x3 - t5 * t4; // 35-37
        let z3 = t5 * z3 + t3 * t1; // 38-40
        Self {
            x: x3,
            y: y3,
            z: z3,
        }
    }

    // --- RCB 2016 Algorithm 2: complete mixed addition, generic a (Q affine, not O) ---
    fn add_affine_generic(&self, q: &Affine<C>) -> Self {
        let b3 = b3::<C>();
        let (x1, y1, z1) = (self.x, self.y, self.z);
        let (x2, y2) = (q.x, q.y);
        let t0 = x1 * x2; // 1
        let t1 = y1 * y2; // 2
        let t3 = (x2 + y2) * (x1 + y1) - (t0 + t1); // 3-7
        let t4 = x2 * z1 + x1; // 8-9
        let t5 = y2 * z1 + y1; // 10-11
        let z3 = mul_by_a::<C>(&t4) + b3 * z1; // 12-14
        let x3 = t1 - z3; // 15
        let z3 = t1 + z3; // 16
        let y3 = x3 * z3; // 17
        let t1 = t0.double() + t0; // 18-19
        let t2 = mul_by_a::<C>(&z1); // 20
        let t4 = b3 * t4; // 21
        let t1 = t1 + t2; // 22
        let t2 = mul_by_a::<C>(&(t0 - t2)); // 23-24
        let t4 = t4 + t2; // 25
        let y3 = y3 + t1 * t4; // 26-27
        let x3 = t3 * x3 - t5 * t4; // 28-30
        let z3 = t5 * z3 + t3 * t1; // 31-33
        Self {
            x: x3,
            y: y3,
            z: z3,
        }
    }

    // --- RCB 2016 Algorithm 3: exception-free doubling, generic a (8M + 3S + 3m_a + 2m_3b) ---
    fn double_generic(&self) -> Self {
        let b3 = b3::<C>();
        let (x, y, z) = (self.x, self.y, self.z);
        let t0 = x.square(); // 1
        let t1 = y.square(); // 2
        let t2 = z.square(); // 3
        let t3 = (x * y).double(); // 4-5
        let z3 = (x * z).double(); // 6-7
        let y3 = mul_by_a::<C>(&z3) + b3 * t2; // 8-10
        let x3 = t1 - y3; // 11
        let y3 = t1 + y3; // 12
        let y3 = x3 * y3; // 13
        let x3 = t3 * x3; // 14
        let z3 = b3 * z3; // 15
        let t2 = mul_by_a::<C>(&t2); // 16
        let t3 = mul_by_a::<C>(&(t0 - t2)) + z3; // 17-19
        let t0 = t0.double() + t0 + t2; // 20-22
        let y3 = y3 + t0 * t3; // 23-24
        let t2 = (y * z).double(); // 25-26
        let x3 = x3 - t2 * t3; // 27-28
        let z3 = (t2 * t1).double().double(); // 29-31
        Self {
            x: x3,
            y: y3,
            z: z3,
        }
    }

    // --- RCB 2016 Algorithm 4: complete addition, a = −3 (12M + 2m_b + 29a) ---
    // (deliberate twin: `add_affine_am3` is Algorithm 5, the same steps with Z2 = 1)
    fn add_am3(&self, q: &Self) -> Self {
        let b = C::B;
        let (x1, y1, z1) = (self.x, self.y, self.z);
        let (x2, y2, z2) = (q.x, q.y, q.z);
        let t0 = x1 * x2; // 1
        let t1 = y1 * y2; // 2
        let t2 = z1 * z2; // 3
        let t3 = (x1 + y1) * (x2 + y2) - (t0 + t1); // 4-8
        let t4 = (y1 + z1) * (y2 + z2) - (t1 + t2); // 9-13
        let y3 = (x1 + z1) * (x2 + z2) - (t0 + t2); // 14-18
        let z3 = b * t2; // 19
        let x3 = y3 - z3; // 20
        let x3 = x3.double() + x3; // 21-22
        let z3 = t1 - x3; // 23
        let x3 = t1 + x3; // 24
        let y3 = b * y3; // 25
        let t2 = t2.double() + t2; // 26-27
        let y3 = y3 - t2 - t0; // 28-29
        let y3 = y3.double() + y3; // 30-31
        let t0 = t0.double() + t0 - t2; // 32-34
        let t1 = t4 * y3; // 35
        let t2 = t0 * y3; // 36
        let y3 = x3 * z3 + t2; // 37-38
        let x3 = t3 * x3 - t1; // 39-40
        let z3 = t4 * z3 + t3 * t0; // 41-43
        Self {
            x: x3,
            y: y3,
            z: z3,
        }
    }

    // --- RCB 2016 Algorithm 5: complete mixed addition, a = −3 (Q affine, not O) ---
    // A deliberate twin of `add_am3` (Algorithm 4 with Z2 = 1): both keep the paper's step
    // numbering so that each line can be checked against its listing; sharing one body would
    // cost the mixed form the product and the additions it saves (11M + 23a against 12M + 29a).
    fn add_affine_am3(&self, q: &Affine<C>) -> Self {
        let b = C::B;
        let (x1, y1, z1) = (self.x, self.y, self.z);
        let (x2, y2) = (q.x, q.y);
        let t0 = x1 * x2; // 1
        let t1 = y1 * y2; // 2
        let t3 = (x2 + y2) * (x1 + y1) - (t0 + t1); // 3-7
        let t4 = y2 * z1 + y1; // 8-9
        let y3 = x2 * z1 + x1; // 10-11
        let z3 = b * z1; // 12
        let x3 = y3 - z3; // 13
        let x3 = x3.double() + x3; // 14-15
        let z3 = t1 - x3; // 16
        let x3 = t1 + x3; // 17
        let y3 = b * y3; // 18
        let t1 = z1.double() + z1; // 19-20
        let y3 = y3 - t1 - t0; // 21-22
        let y3 = y3.double() + y3; // 23-24
        let t0 = t0.double() + t0 - t1; // 25-27
        let t1 = t4 * y3; // 28
        let t2 = t0 * y3; // 29
        let y3 = x3 * z3 + t2; // 30-31
        let x3 = t3 * x3 - t1; // 32-33
        let z3 = t4 * z3 + t3 * t0; // 34-36
        Self {
            x: x3,
            y: y3,
            z: z3,
        }
    }

    // --- RCB 2016 Algorithm 6: exception-free doubling, a = −3 (8M + 3S + 2m_b + 21a) ---
    fn double_am3(&self) -> Self {
        let b = C::B;
        let (x, y, z) = (self.x, self.y, self.z);
        let t0 = x.square(); // 1
        let t1 = y.square(); // 2
        let t2 = z.square(); // 3
        let t3 = (x * y).double(); // 4-5
        let z3 = (x * z).double(); // 6-7
        let y3 = b * t2 - z3; // 8-9
        let y3 = y3.double() + y3; // 10-11
        let x3 = t1 - y3; // 12
        let y3 = t1 + y3; // 13
        let y3 = x3 * y3; // 14
        let x3 = x3 * t3; // 15
        let t2 = t2.double() + t2; // 16-17
        let z3 = b * z3 - t2 - t0; // 18-20
        let z3 = z3.double() + z3; // 21-22
        let t0 = t0.double() + t0 - t2; // 23-25
        let y3 = y3 + t0 * z3; // 26-27
        let t0 = (y * z).double(); // 28-29
        let x3 = x3 - t0 * z3; // 30-31
        let z3 = (t0 * t1).double().double(); // 32-34
        Self {
            x: x3,
            y: y3,
            z: z3,
        }
    }

    // --- RCB 2016 Algorithm 7: complete addition, a = 0 (12M + 2m_3b + 19a) ---
    fn add_a0(&self, q: &Self) -> Self {
        let b3 = b3::<C>();
        let (x1, y1, z1) = (self.x, self.y, self.z);
        let (x2, y2, z2) = (q.x, q.y, q.z);
        let t0 = x1 * x2; // 1
        let t1 = y1 * y2; // 2
        let t2 = z1 * z2; // 3
        let t3 = (x1 + y1) * (x2 + y2) - (t0 + t1); // 4-8
        let t4 = (y1 + z1) * (y2 + z2) - (t1 + t2); // 9-13
        let y3 = (x1 + z1) * (x2 + z2) - (t0 + t2); // 14-18
        let t0 = t0.double() + t0; // 19-20
        let t2 = b3 * t2; // 21
        let z3 = t1 + t2; // 22
        let t1 = t1 - t2; // 23
        let y3 = b3 * y3; // 24
        let x3 = t3 * t1 - t4 * y3; // 25-27
        let y3 = t1 * z3 + y3 * t0; // 28-30
        let z3 = z3 * t4 + t0 * t3; // 31-33
        Self {
            x: x3,
            y: y3,
            z: z3,
        }
    }

    // --- RCB 2016 Algorithm 8: complete mixed addition, a = 0 (Q affine, not O) ---
    fn add_affine_a0(&self, q: &Affine<C>) -> Self {
        let b3 = b3::<C>();
        let (x1, y1, z1) = (self.x, self.y, self.z);
        let (x2, y2) = (q.x, q.y);
        let t0 = x1 * x2; // 1
        let t1 = y1 * y2; // 2
        let t3 = (x2 + y2) * (x1 + y1) - (t0 + t1); // 3-7
        let t4 = y2 * z1 + y1; // 8-9
        let y3 = x2 * z1 + x1; // 10-11
        let t0 = t0.double() + t0; // 12-13
        let t2 = b3 * z1; // 14
        let z3 = t1 + t2; // 15
        let t1 = t1 - t2; // 16
        let y3 = b3 * y3; // 17
        let x3 = t3 * t1 - t4 * y3; // 18-20
        let y3 = t1 * z3 + y3 * t0; // 21-23
        let z3 = z3 * t4 + t0 * t3; // 24-26
        Self {
            x: x3,
            y: y3,
            z: z3,
        }
    }

    // --- RCB 2016 Algorithm 9: exception-free doubling, a = 0 (6M + 2S + 1m_3b + 9a) ---
    fn double_a0(&self) -> Self {
        let b3 = b3::<C>();
        let (x, y, z) = (self.x, self.y, self.z);
        let t0 = y.square(); // 1
        let z3 = t0.double().double().double(); // 2-4
        let t1 = y * z; // 5
        let t2 = b3 * z.square(); // 6-7
        let x3 = t2 * z3; // 8
        let y3 = t0 + t2; // 9
        let z3 = t1 * z3; // 10
        let t2 = t2.double() + t2; // 11-12
        let t0 = t0 - t2; // 13
        let y3 = x3 + t0 * y3; // 14-15
        let x3 = (t0 * (x * y)).double(); // 16-18
        Self {
            x: x3,
            y: y3,
            z: z3,
        }
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

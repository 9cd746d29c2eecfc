//! Cubic extension Fp6 = Fp2[v]/(v³ − ξ) (papers 000/001).
//!
//! Multiplication by Karatsuba (6 Fp2 multiplications), squaring by Chung–Hasan SQR2
//! (2 multiplications + 3 squarings), inversion by the adjugate formula (one Fp2 inversion),
//! Frobenius with the precomputed constants of [`TowerParams::FROB`].

use core::fmt;
use core::ops::{Add, AddAssign, Mul, MulAssign, Neg, Sub, SubAssign};

use subtle::{Choice, ConditionallySelectable, ConstantTimeEq, CtOption};

use crate::fp::Fp;
use crate::fp2::{impl_ops, Fp2, TowerParams};
use crate::RngCore;

/// c0 + c1·v + c2·v².
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Fp6<P: TowerParams<N>, const N: usize> {
    pub c0: Fp2<P, N>,
    pub c1: Fp2<P, N>,
    pub c2: Fp2<P, N>,
}

impl<P: TowerParams<N>, const N: usize> Fp6<P, N> {
    pub const ZERO: Self = Self {
        c0: Fp2::ZERO,
        c1: Fp2::ZERO,
        c2: Fp2::ZERO,
    };
    pub const ONE: Self = Self {
        c0: Fp2::ONE,
        c1: Fp2::ZERO,
        c2: Fp2::ZERO,
    };

    pub const fn new(c0: Fp2<P, N>, c1: Fp2<P, N>, c2: Fp2<P, N>) -> Self {
        Self { c0, c1, c2 }
    }

    pub fn is_zero(&self) -> Choice {
        self.c0.is_zero() & self.c1.is_zero() & self.c2.is_zero()
    }

    #[inline]
    pub fn add(&self, o: &Self) -> Self {
        Self {
            c0: self.c0 + o.c0,
            c1: self.c1 + o.c1,
            c2: self.c2 + o.c2,
        }
    }
    #[inline]
    pub fn sub(&self, o: &Self) -> Self {
        Self {
            c0: self.c0 - o.c0,
            c1: self.c1 - o.c1,
            c2: self.c2 - o.c2,
        }
    }
    #[inline]
    pub fn neg(&self) -> Self {
        Self {
            c0: -self.c0,
            c1: -self.c1,
            c2: -self.c2,
        }
    }
    #[inline]
    pub fn double(&self) -> Self {
        Self {
            c0: self.c0.double(),
            c1: self.c1.double(),
            c2: self.c2.double(),
        }
    }

    /// Karatsuba multiplication: 6 Fp2 multiplications.
    #[inline]
    pub fn mul(&self, o: &Self) -> Self {
        let (a0, a1, a2) = (&self.c0, &self.c1, &self.c2);
        let (b0, b1, b2) = (&o.c0, &o.c1, &o.c2);
        let t0 = a0.mul(b0);
        let t1 = a1.mul(b1);
        let t2 = a2.mul(b2);
        // c0 = t0 + ξ((a1 + a2)(b1 + b2) − t1 − t2)
        let c0 = t0 + ((*a1 + *a2).mul(&(*b1 + *b2)) - t1 - t2).mul_by_xi();
        // c1 = (a0 + a1)(b0 + b1) − t0 − t1 + ξ t2
        let c1 = (*a0 + *a1).mul(&(*b0 + *b1)) - t0 - t1 + t2.mul_by_xi();
        // c2 = (a0 + a2)(b0 + b2) − t0 − t2 + t1
        let c2 = (*a0 + *a2).mul(&(*b0 + *b2)) - t0 - t2 + t1;
        Self { c0, c1, c2 }
    }

    /// Chung–Hasan SQR2: 2 multiplications and 3 squarings in Fp2.
    #[inline]
    pub fn square(&self) -> Self {
        let (a0, a1, a2) = (&self.c0, &self.c1, &self.c2);
        let s0 = a0.square();
        let ab = a0.mul(a1);
        let s1 = ab.double();
        let s2 = (*a0 - *a1 + *a2).square();
        let bc = a1.mul(a2);
        let s3 = bc.double();
        let s4 = a2.square();
        let c0 = s0 + s3.mul_by_xi();
        let c1 = s1 + s4.mul_by_xi();
        let c2 = s1 + s2 + s3 - s0 - s4;
        Self { c0, c1, c2 }
    }

    /// Multiplication by v: (c0 + c1 v + c2 v²)·v = ξc2 + c0 v + c1 v².
    #[inline]
    pub fn mul_by_v(&self) -> Self {
        Self {
            c0: self.c2.mul_by_xi(),
            c1: self.c0,
            c2: self.c1,
        }
    }

    /// Multiplication by an Fp2 scalar.
    #[inline]
    pub fn mul_by_fp2(&self, s: &Fp2<P, N>) -> Self {
        Self {
            c0: self.c0.mul(s),
            c1: self.c1.mul(s),
            c2: self.c2.mul(s),
        }
    }

    /// Sparse multiplication by b0 + b1·v.
    #[inline]
    pub fn mul_by_01(&self, b0: &Fp2<P, N>, b1: &Fp2<P, N>) -> Self {
        let t0 = self.c0.mul(b0);
        let t1 = self.c1.mul(b1);
        let c0 = ((self.c1 + self.c2).mul(b1) - t1).mul_by_xi() + t0;
        let c1 = (self.c0 + self.c1).mul(&(*b0 + *b1)) - t0 - t1;
        let c2 = (self.c0 + self.c2).mul(b0) - t0 + t1;
        Self { c0, c1, c2 }
    }

    /// Sparse multiplication by b1·v.
    #[inline]
    pub fn mul_by_1(&self, b1: &Fp2<P, N>) -> Self {
        Self {
            c0: self.c2.mul(b1).mul_by_xi(),
            c1: self.c0.mul(b1),
            c2: self.c1.mul(b1),
        }
    }

    /// Inverse (one Fp2 inversion, by constant-time safegcd in Fp); `None` for 0.
    pub fn invert(&self) -> CtOption<Self> {
        let (a0, a1, a2) = (&self.c0, &self.c1, &self.c2);
        let t0 = a0.square() - a1.mul(a2).mul_by_xi();
        let t1 = a2.square().mul_by_xi() - a0.mul(a1);
        let t2 = a1.square() - a0.mul(a2);
        let d = a0.mul(&t0) + (a2.mul(&t1) + a1.mul(&t2)).mul_by_xi();
        d.invert_safegcd().map(|di| Self {
            c0: t0.mul(&di),
            c1: t1.mul(&di),
            c2: t2.mul(&di),
        })
    }

    /// Frobenius x ↦ x^(p^k), k ∈ {1, 2, 3} directly (others by composition).
    pub fn frobenius_map(&self, k: usize) -> Self {
        let k = k % 6;
        if k == 0 {
            return *self;
        }
        if k > 3 {
            return self.frobenius_map(3).frobenius_map(k - 3);
        }
        let g = &P::FROB[k - 1];
        if k == 2 {
            // ξ^((p²−1)/d) lies in Fp for d | p − 1 (d = 3, 6): Fp-scalar products
            return Self {
                c0: self.c0,
                c1: self.c1.mul_by_base(&g[1].c0),
                c2: self.c2.mul_by_base(&g[2].c0),
            };
        }
        Self {
            c0: self.c0.frobenius_map(k),
            c1: self.c1.frobenius_map(k).mul(&g[1]),
            c2: self.c2.frobenius_map(k).mul(&g[2]),
        }
    }

    /// Multiplication by an Fp scalar.
    #[inline]
    pub fn mul_by_base(&self, s: &Fp<P, N>) -> Self {
        Self {
            c0: self.c0.mul_by_base(s),
            c1: self.c1.mul_by_base(s),
            c2: self.c2.mul_by_base(s),
        }
    }

    pub fn random(rng: &mut impl RngCore) -> Self {
        Self {
            c0: Fp2::random(rng),
            c1: Fp2::random(rng),
            c2: Fp2::random(rng),
        }
    }
}

impl<P: TowerParams<N>, const N: usize> Default for Fp6<P, N> {
    fn default() -> Self {
        Self::ZERO
    }
}

impl<P: TowerParams<N>, const N: usize> fmt::Debug for Fp6<P, N> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Fp6({:?}, {:?}, {:?})", self.c0, self.c1, self.c2)
    }
}

impl<P: TowerParams<N>, const N: usize> ConditionallySelectable for Fp6<P, N> {
    fn conditional_select(a: &Self, b: &Self, c: Choice) -> Self {
        Self {
            c0: Fp2::conditional_select(&a.c0, &b.c0, c),
            c1: Fp2::conditional_select(&a.c1, &b.c1, c),
            c2: Fp2::conditional_select(&a.c2, &b.c2, c),
        }
    }
}

impl<P: TowerParams<N>, const N: usize> ConstantTimeEq for Fp6<P, N> {
    fn ct_eq(&self, o: &Self) -> Choice {
        self.c0.ct_eq(&o.c0) & self.c1.ct_eq(&o.c1) & self.c2.ct_eq(&o.c2)
    }
}

impl_ops!(Fp6, TowerParams);

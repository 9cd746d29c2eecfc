//! Cubic extension Fp6 = Fp2\[v\]/(v³ − ξ) (papers 000/001).
//!
//! Multiplication by Karatsuba (6 Fp2 multiplications), squaring by Chung–Hasan SQR2
//! (2 multiplications + 3 squarings). Inversion by the adjugate formula (one Fp2 inversion),
//! Frobenius with the precomputed constants of [`TowerParams::FROB`].
//!
//! ## Lazy reduction above Fp2 (paper 001's technique carried one level up)
//! The `_wide` operations ([`Fp6::mul_wide`], [`Fp6::square_wide`], [`Fp6::mul_by_01_wide`],
//! [`Fp6::mul_by_1_wide`], [`Fp6::mul_by_fp2_wide`]) keep every Fp2 product double width
//! ([`Fp2Wide`], [`Fp6Wide`]) and combine them with modular double-width additions
//! ([`Fp2::wide_add`]: each coordinate stays in [0, p·R), the domain of the Montgomery
//! reduction), so a caller reduces each Fp2 coordinate once — 3 Fp2 reductions per Fp6 product
//! instead of 6, 6 instead of 18 for a fully lazy Fp12 product ([`crate::Fp12::mul_lazy`]).
//! Composed in Rust from separate kernels these forms are *slower* than the compositions of
//! fused Fp2 kernels (each stored double-width value moves 2N limbs through memory and is
//! reduced out of registers). What pays is doing a whole operation in one assembly block: on
//! x86-64 with BMI2/ADX, for BLS12-381's tower shape (N = 6, u² = −1, ξ = 1 + u, p < 2^381),
//! [`Fp6::mul`], [`Fp6::mul_by_01`], `Fp12::mul`/`square`/`mul_by_014` and the Fp4 squaring of
//! the cyclotomic squaring run the lazy kernels of [`crate::backend::x86_64::mulx`] (also with the
//! Fp2 operand sums left unreduced). The same kernels exist for bn254-beuchat's tower (N = 4,
//! u² = −5, ξ = u); the towers with kernels are those whose [`crate::backend::KernelSet`] has
//! them. alt_bn128 (ξ = 9 + u) has none: 9·x mod p·R needs an extra word and a multi-step
//! reduction per ξ-term. Measurements: docs/backend-notes.md. The
//! `_composed` methods keep the fused-Fp2 compositions (portable path, other towers, and the
//! kernels' references in the tests).

use core::fmt;
use core::ops::{Add, AddAssign, Mul, MulAssign, Neg, Sub, SubAssign};

use subtle::{Choice, ConditionallySelectable, ConstantTimeEq, CtOption};

use crate::fp::Fp;
use crate::fp2::{impl_ops, Fp2, Fp2Wide, TowerParams};
use crate::RngCore;

/// An unreduced double-width Fp6 value (every Fp2 coordinate in [0, p·R), see [`Fp2Wide`]),
/// for lazy reduction across the tower.
#[derive(Clone, Copy, Debug)]
pub struct Fp6Wide<const N: usize> {
    /// The coefficient of 1.
    pub c0: Fp2Wide<N>,
    /// The coefficient of v.
    pub c1: Fp2Wide<N>,
    /// The coefficient of v².
    pub c2: Fp2Wide<N>,
}

#[inline]
fn wadd<P: TowerParams<N>, const N: usize>(a: &Fp2Wide<N>, b: &Fp2Wide<N>) -> Fp2Wide<N> {
    Fp2::<P, N>::wide_add(a, b)
}

#[inline]
fn wsub<P: TowerParams<N>, const N: usize>(a: &Fp2Wide<N>, b: &Fp2Wide<N>) -> Fp2Wide<N> {
    Fp2::<P, N>::wide_sub(a, b)
}

/// c0 + c1·v + c2·v².
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
#[repr(C)]
pub struct Fp6<P: TowerParams<N>, const N: usize> {
    /// The coefficient of 1.
    pub c0: Fp2<P, N>,
    /// The coefficient of v.
    pub c1: Fp2<P, N>,
    /// The coefficient of v².
    pub c2: Fp2<P, N>,
}

impl<P: TowerParams<N>, const N: usize> Fp6<P, N> {
    /// 0.
    pub const ZERO: Self = Self {
        c0: Fp2::ZERO,
        c1: Fp2::ZERO,
        c2: Fp2::ZERO,
    };
    /// 1.
    pub const ONE: Self = Self {
        c0: Fp2::ONE,
        c1: Fp2::ZERO,
        c2: Fp2::ZERO,
    };

    /// c0 + c1·v + c2·v².
    pub const fn new(c0: Fp2<P, N>, c1: Fp2<P, N>, c2: Fp2<P, N>) -> Self {
        Self { c0, c1, c2 }
    }

    /// Is this 0? Constant time.
    pub fn is_zero(&self) -> Choice {
        self.c0.is_zero() & self.c1.is_zero() & self.c2.is_zero()
    }

    /// self + o.
    #[inline]
    pub fn add(&self, o: &Self) -> Self {
        Self {
            c0: self.c0 + o.c0,
            c1: self.c1 + o.c1,
            c2: self.c2 + o.c2,
        }
    }
    /// self − o.
    #[inline]
    pub fn sub(&self, o: &Self) -> Self {
        Self {
            c0: self.c0 - o.c0,
            c1: self.c1 - o.c1,
            c2: self.c2 - o.c2,
        }
    }
    /// −self.
    #[inline]
    pub fn neg(&self) -> Self {
        Self {
            c0: -self.c0,
            c1: -self.c1,
            c2: -self.c2,
        }
    }
    /// 2·self.
    #[inline]
    pub fn double(&self) -> Self {
        Self {
            c0: self.c0.double(),
            c1: self.c1.double(),
            c2: self.c2.double(),
        }
    }

    /// Karatsuba multiplication: 6 Fp2 multiplications (each the fused Fp2 kernel with its two
    /// reductions; the lazily reduced [`Self::mul_wide`] + [`Self::reduce_wide`] computes the
    /// same value and was measured slower on x86-64, see the module docs).
    ///
    /// On x86-64 with BMI2/ADX and BLS12-381's tower shape (N = 6, u² = −1, ξ = 1 + u) one
    /// assembly block instead ([`crate::backend::fp6_mul`]: the six Fp2 products double width,
    /// the combinations as modular double-width additions, six reductions instead of twelve);
    /// same value.
    #[inline]
    pub fn mul(&self, o: &Self) -> Self {
        if crate::backend::tower_kernel::<P, N>() {
            let r = crate::backend::fp6_mul(self.limbs(), o.limbs(), &P::MODULUS, Fp::<P, N>::INV);
            return Self::from_limbs(&r);
        }
        self.mul_composed(o)
    }

    /// The six coordinates' Montgomery limbs (c0.c0, c0.c1, c1.c0, …), for the kernels.
    #[inline(always)]
    pub(crate) fn limbs(&self) -> [&[u64; N]; 6] {
        [
            self.c0.c0.mont_limbs(),
            self.c0.c1.mont_limbs(),
            self.c1.c0.mont_limbs(),
            self.c1.c1.mont_limbs(),
            self.c2.c0.mont_limbs(),
            self.c2.c1.mont_limbs(),
        ]
    }

    /// The inverse of [`Self::limbs`] for reduced limbs.
    #[inline(always)]
    pub(crate) fn from_limbs(r: &[[u64; N]; 6]) -> Self {
        let f = |i: usize| Fp::<P, N>::from_mont_unchecked(r[i]);
        Self::new(
            Fp2::new(f(0), f(1)),
            Fp2::new(f(2), f(3)),
            Fp2::new(f(4), f(5)),
        )
    }

    /// Karatsuba multiplication as a composition of fused Fp2 products (6 Fp2 multiplications,
    /// each with its two reductions): the portable form of [`Self::mul`], and its reference.
    #[inline]
    pub fn mul_composed(&self, o: &Self) -> Self {
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

    /// Karatsuba multiplication (6 Fp2 products) with every product kept double width and the
    /// combinations done by the modular double-width additions of [`Fp2::wide_add`] (each
    /// [`Fp2Wide`] coordinate stays in [0, p·R), the domain of the reduction):
    /// c0 = t0 + ξ((a1 + a2)(b1 + b2) − t1 − t2), c1 = (a0 + a1)(b0 + b1) − t0 − t1 + ξ·t2,
    /// c2 = (a0 + a2)(b0 + b2) − t0 − t2 + t1 with ti = ai·bi. The operand sums are reduced
    /// Fp2 additions (the fused Fp2 kernel needs reduced inputs).
    /// On x86-64 with BLS12-381's tower shape one assembly block (see [`Self::mul`]).
    #[inline]
    pub fn mul_wide(&self, o: &Self) -> Fp6Wide<N> {
        if crate::backend::tower_kernel::<P, N>() {
            let [w0, w1, w2, w3, w4, w5] =
                crate::backend::fp6_mul_wide(self.limbs(), o.limbs(), &P::MODULUS);
            return Fp6Wide {
                c0: Fp2Wide { c0: w0, c1: w1 },
                c1: Fp2Wide { c0: w2, c1: w3 },
                c2: Fp2Wide { c0: w4, c1: w5 },
            };
        }
        let (a0, a1, a2) = (&self.c0, &self.c1, &self.c2);
        let (b0, b1, b2) = (&o.c0, &o.c1, &o.c2);
        let t0 = a0.mul_wide(b0);
        let t1 = a1.mul_wide(b1);
        let t2 = a2.mul_wide(b2);
        let x = (*a1 + *a2).mul_wide(&(*b1 + *b2));
        let x = wsub::<P, N>(&wsub::<P, N>(&x, &t1), &t2);
        let c0 = wadd::<P, N>(&t0, &Fp2::<P, N>::wide_mul_by_xi(&x));
        let y = (*a0 + *a1).mul_wide(&(*b0 + *b1));
        let y = wsub::<P, N>(&wsub::<P, N>(&y, &t0), &t1);
        let c1 = wadd::<P, N>(&y, &Fp2::<P, N>::wide_mul_by_xi(&t2));
        let z = (*a0 + *a2).mul_wide(&(*b0 + *b2));
        let z = wsub::<P, N>(&wsub::<P, N>(&z, &t0), &t2);
        let c2 = wadd::<P, N>(&z, &t1);
        Fp6Wide { c0, c1, c2 }
    }

    /// Reduces a double-width value (three Fp2 reductions).
    #[inline]
    pub fn reduce_wide(w: &Fp6Wide<N>) -> Self {
        Self {
            c0: Fp2::reduce_wide(&w.c0),
            c1: Fp2::reduce_wide(&w.c1),
            c2: Fp2::reduce_wide(&w.c2),
        }
    }

    /// The double-width form of a reduced value (see [`Fp2::to_wide`]).
    #[inline]
    pub fn to_wide(&self) -> Fp6Wide<N> {
        Fp6Wide {
            c0: self.c0.to_wide(),
            c1: self.c1.to_wide(),
            c2: self.c2.to_wide(),
        }
    }

    /// Lazy-reduction sum (coordinates stay in [0, p·R), see [`Fp2::wide_add`]).
    #[inline]
    pub fn wide_add(a: &Fp6Wide<N>, b: &Fp6Wide<N>) -> Fp6Wide<N> {
        Fp6Wide {
            c0: wadd::<P, N>(&a.c0, &b.c0),
            c1: wadd::<P, N>(&a.c1, &b.c1),
            c2: wadd::<P, N>(&a.c2, &b.c2),
        }
    }

    /// Lazy-reduction difference (coordinates stay in [0, p·R), see [`Fp2::wide_sub`]).
    #[inline]
    pub fn wide_sub(a: &Fp6Wide<N>, b: &Fp6Wide<N>) -> Fp6Wide<N> {
        Fp6Wide {
            c0: wsub::<P, N>(&a.c0, &b.c0),
            c1: wsub::<P, N>(&a.c1, &b.c1),
            c2: wsub::<P, N>(&a.c2, &b.c2),
        }
    }

    /// v·a for a double-width a: (ξ·a2, a0, a1).
    #[inline]
    pub fn wide_mul_by_v(a: &Fp6Wide<N>) -> Fp6Wide<N> {
        Fp6Wide {
            c0: Fp2::<P, N>::wide_mul_by_xi(&a.c2),
            c1: a.c0,
            c2: a.c1,
        }
    }

    /// Chung–Hasan SQR2: 2 multiplications and 3 squarings in Fp2 (fused kernels; see
    /// [`Self::square_wide`] for the lazily reduced form).
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

    /// Chung–Hasan SQR2 with double-width Fp2 products: s0 = a0², s1 = 2a0a1,
    /// s2 = (a0 − a1 + a2)², s3 = 2a1a2, s4 = a2²; c0 = s0 + ξ·s3, c1 = s1 + ξ·s4,
    /// c2 = s1 + s2 + s3 − s0 − s4. The doublings 2a0, 2a1 are reduced Fp2 additions before the
    /// products; every double-width value stays in [0, p·R).
    #[inline]
    pub fn square_wide(&self) -> Fp6Wide<N> {
        let (a0, a1, a2) = (&self.c0, &self.c1, &self.c2);
        let s0 = a0.square_wide();
        let s1 = a0.double().mul_wide(a1);
        let s2 = (*a0 - *a1 + *a2).square_wide();
        let s3 = a1.double().mul_wide(a2);
        let s4 = a2.square_wide();
        let c0 = wadd::<P, N>(&s0, &Fp2::<P, N>::wide_mul_by_xi(&s3));
        let c1 = wadd::<P, N>(&s1, &Fp2::<P, N>::wide_mul_by_xi(&s4));
        let c2 = wsub::<P, N>(
            &wsub::<P, N>(&wadd::<P, N>(&wadd::<P, N>(&s1, &s2), &s3), &s0),
            &s4,
        );
        Fp6Wide { c0, c1, c2 }
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

    /// Multiplication by an Fp2 scalar, double width (three double-width Fp2 products).
    #[inline]
    pub fn mul_by_fp2_wide(&self, s: &Fp2<P, N>) -> Fp6Wide<N> {
        Fp6Wide {
            c0: self.c0.mul_wide(s),
            c1: self.c1.mul_wide(s),
            c2: self.c2.mul_wide(s),
        }
    }

    /// Sparse multiplication by b0 + b1·v.
    #[inline]
    pub fn mul_by_01(&self, b0: &Fp2<P, N>, b1: &Fp2<P, N>) -> Self {
        if crate::backend::tower_kernel::<P, N>() {
            let b = [
                b0.c0.mont_limbs(),
                b0.c1.mont_limbs(),
                b1.c0.mont_limbs(),
                b1.c1.mont_limbs(),
            ];
            let r = crate::backend::fp6_mul_by_01(self.limbs(), b, &P::MODULUS, Fp::<P, N>::INV);
            return Self::from_limbs(&r);
        }
        self.mul_by_01_composed(b0, b1)
    }

    /// [`Self::mul_by_01`] as a composition of fused Fp2 products (5 multiplications): the
    /// portable form and the reference of the one-block kernel.
    #[inline]
    pub fn mul_by_01_composed(&self, b0: &Fp2<P, N>, b1: &Fp2<P, N>) -> Self {
        let t0 = self.c0.mul(b0);
        let t1 = self.c1.mul(b1);
        let c0 = ((self.c1 + self.c2).mul(b1) - t1).mul_by_xi() + t0;
        let c1 = (self.c0 + self.c1).mul(&(*b0 + *b1)) - t0 - t1;
        let c2 = (self.c0 + self.c2).mul(b0) - t0 + t1;
        Self { c0, c1, c2 }
    }

    /// Sparse multiplication by b0 + b1·v, double width: t0 = c0·b0, t1 = c1·b1,
    /// c0' = ξ((c1 + c2)·b1 − t1) + t0, c1' = (c0 + c1)(b0 + b1) − t0 − t1,
    /// c2' = (c0 + c2)·b0 − t0 + t1 (5 double-width Fp2 products; coordinates in [0, p·R)).
    #[inline]
    pub fn mul_by_01_wide(&self, b0: &Fp2<P, N>, b1: &Fp2<P, N>) -> Fp6Wide<N> {
        let t0 = self.c0.mul_wide(b0);
        let t1 = self.c1.mul_wide(b1);
        let x = wsub::<P, N>(&(self.c1 + self.c2).mul_wide(b1), &t1);
        let c0 = wadd::<P, N>(&Fp2::<P, N>::wide_mul_by_xi(&x), &t0);
        let y = (self.c0 + self.c1).mul_wide(&(*b0 + *b1));
        let c1 = wsub::<P, N>(&wsub::<P, N>(&y, &t0), &t1);
        let z = wsub::<P, N>(&(self.c0 + self.c2).mul_wide(b0), &t0);
        let c2 = wadd::<P, N>(&z, &t1);
        Fp6Wide { c0, c1, c2 }
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

    /// Sparse multiplication by b1·v, double width: (ξ·c2·b1, c0·b1, c1·b1).
    #[inline]
    pub fn mul_by_1_wide(&self, b1: &Fp2<P, N>) -> Fp6Wide<N> {
        Fp6Wide {
            c0: Fp2::<P, N>::wide_mul_by_xi(&self.c2.mul_wide(b1)),
            c1: self.c0.mul_wide(b1),
            c2: self.c1.mul_wide(b1),
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
        // constants in Fp (ξ^((p²−1)/d) for d | p − 1 always; every k on bn254-beuchat, ξ = u)
        // cost two Fp products each
        let g = &P::FROB[k - 1];
        Self {
            c0: self.c0.frobenius_map(k),
            c1: self.c1.frobenius_map(k).mul_by_public_const(&g[1]),
            c2: self.c2.frobenius_map(k).mul_by_public_const(&g[2]),
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

    /// A uniformly random element.
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

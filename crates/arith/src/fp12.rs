//! Fp12 = Fp6\[w\]/(w² − v), the pairing target field (papers 000/001).
//!
//! Karatsuba multiplication (3 Fp6 products), complex squaring (2 Fp6 products), sparse
//! products with Miller-loop line values (`mul_by_014` for M-type twists, `mul_by_034` for
//! D-type; the `_unit` variants for lines normalised to constant coefficient 1, as in
//! Costello–Stebila's fixed-argument pairings, LATINCRYPT 2010: 9 and 10 Fp2 multiplications
//! instead of 13), inversion by conjugation over Fp6, Frobenius maps with precomputed constants, and
//! operations in the cyclotomic subgroup G_Φ6(p²) where the final exponentiation's hard part runs:
//! Granger–Scott squaring (Fp4 squarings, PKC 2010) and signed-digit exponentiation, where
//! inversion is conjugation.
//!
//! For exponents with long zero runs (the final exponentiation's z on BLS12-381 and on the
//! papers' curve) squarings run in Karabina's compressed form ("Squaring in cyclotomic
//! subgroups", Math. Comp. 2013; formulas as in Aranha et al., Eurocrypt 2011, §5.1): only
//! g2, g3, g4, g5 of g = (g0 + g1·s) + (g2 + g3·s)·t + (g4 + g5·s)·t² (s = w³, t = w) are
//! squared — two Fp4 squarings instead of Granger–Scott's three — and the powers that the
//! exponent's non-zero digits need are decompressed together with one shared inversion
//! ([`Fp12::cyclotomic_exp_compressed_vartime`]).
//!
//! On x86-64 with BMI2/ADX in the kernel tower shapes (BLS12-381: N = 6, u² = −1, ξ = 1 + u;
//! bn254-beuchat: N = 4, u² = −5, ξ = u) both squarings are one assembly block each, in
//! alt_bn128's (N = 4, u² = −1, ξ = 9 + u) the Granger–Scott one
//! ([`crate::backend::cyclo_sqr`], [`crate::backend::compressed_sqr`]: each coordinate of the
//! Fp4 squarings one interleaved Montgomery reduction of a sum of products, and the 3t ± 2z
//! combinations, inside the block, n squarings in a row per
//! call — [`Fp12::cyclotomic_squares`], the compressed runs between non-zero digits); the
//! `_composed` forms (three resp. two [`fp4_square`] calls and Fp2 combinations) are the
//! portable path and the kernels' test reference.

use alloc::{vec, vec::Vec};
use core::fmt;
use core::ops::{Add, AddAssign, Mul, MulAssign, Neg, Sub, SubAssign};

use subtle::{Choice, ConditionallySelectable, ConstantTimeEq, CtOption};

use crate::fp::Fp;
use crate::fp2::{impl_ops, Fp2, TowerParams};
use crate::fp6::Fp6;
use crate::RngCore;

/// c0 + c1·w.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
#[repr(C)]
pub struct Fp12<P: TowerParams<N>, const N: usize> {
    /// The coefficient of 1.
    pub c0: Fp6<P, N>,
    /// The coefficient of w.
    pub c1: Fp6<P, N>,
}

impl<P: TowerParams<N>, const N: usize> Fp12<P, N> {
    /// 0.
    pub const ZERO: Self = Self {
        c0: Fp6::ZERO,
        c1: Fp6::ZERO,
    };
    /// 1.
    pub const ONE: Self = Self {
        c0: Fp6::ONE,
        c1: Fp6::ZERO,
    };

    /// c0 + c1·w.
    pub const fn new(c0: Fp6<P, N>, c1: Fp6<P, N>) -> Self {
        Self { c0, c1 }
    }

    /// Is this 0? Constant time.
    pub fn is_zero(&self) -> Choice {
        self.c0.is_zero() & self.c1.is_zero()
    }
    /// Is this 1? Constant time.
    pub fn is_one(&self) -> Choice {
        self.ct_eq(&Self::ONE)
    }

    /// self + o.
    #[inline]
    pub fn add(&self, o: &Self) -> Self {
        Self {
            c0: self.c0 + o.c0,
            c1: self.c1 + o.c1,
        }
    }
    /// self − o.
    #[inline]
    pub fn sub(&self, o: &Self) -> Self {
        Self {
            c0: self.c0 - o.c0,
            c1: self.c1 - o.c1,
        }
    }
    /// −self.
    #[inline]
    pub fn neg(&self) -> Self {
        Self {
            c0: -self.c0,
            c1: -self.c1,
        }
    }

    /// Karatsuba: (a0 + a1w)(b0 + b1w) = a0b0 + a1b1·v + ((a0+a1)(b0+b1) − a0b0 − a1b1)·w.
    ///
    /// On x86-64 with BMI2/ADX and BLS12-381's tower shape with lazy reduction across Fp6 and
    /// Fp12 (the three Fp6 products double width, the combination over w double width, twelve
    /// reductions); same value, as a composition of small shared subroutines
    /// (`backend::x86_64::mulx::sub`), also in bn254-beuchat's tower (N = 4). The one-block
    /// kernel `crate::backend::fp12_lazy` runs instead only in lab builds with
    /// `crate::backend::lines::SUBROUTINES` off (docs/backend-notes.md).
    #[inline]
    pub fn mul(&self, o: &Self) -> Self {
        if let Some(r) = crate::backend::tower::fp12_mul(self, o) {
            return r;
        }
        self.mul_composed(o)
    }

    /// The twelve coordinates' limbs from the kernels' output order.
    #[inline(always)]
    pub(crate) fn from_limbs(r: &[[u64; N]; 12]) -> Self {
        let (a, b) = r.split_at(6);
        Self {
            c0: Fp6::from_limbs(a.try_into().expect("6")),
            c1: Fp6::from_limbs(b.try_into().expect("6")),
        }
    }

    /// [`Self::mul`] with the Fp6 products reduced separately (three [`Fp6::mul`]): the
    /// portable form and the reference of the lazy kernel.
    #[inline]
    pub fn mul_composed(&self, o: &Self) -> Self {
        let aa = self.c0 * o.c0;
        let bb = self.c1 * o.c1;
        let c1 = (self.c0 + self.c1) * (o.c0 + o.c1) - aa - bb;
        let c0 = aa + bb.mul_by_v();
        Self { c0, c1 }
    }

    /// Complex squaring: c0 = (a0 + a1)(a0 + v·a1) − t − v·t, c1 = 2t with t = a0·a1.
    ///
    /// On x86-64 with BMI2/ADX in a kernel tower shape (BLS12-381's, bn254-beuchat's) with lazy
    /// reduction across Fp6 and Fp12 (see [`Self::mul`]); same value. By default on
    /// `backend::x86_64::mulx::sub`'s subroutines in both towers (the one-block kernel in lab
    /// builds with `crate::backend::lines::SUBROUTINES` off).
    #[inline]
    pub fn square(&self) -> Self {
        if let Some(r) = crate::backend::tower::fp12_square(self) {
            return r;
        }
        self.square_composed()
    }

    /// [`Self::square`] with the Fp6 products reduced separately: the portable form and the
    /// reference of the lazy kernel.
    #[inline]
    pub fn square_composed(&self) -> Self {
        let t = self.c0 * self.c1;
        let c0 = (self.c0 + self.c1) * (self.c0 + self.c1.mul_by_v()) - t - t.mul_by_v();
        Self { c0, c1: t.double() }
    }

    /// The product of [`Self::mul`] computed fully lazily: the three Fp6 products double width
    /// ([`Fp6::mul_wide`]), combined by double-width modular additions, each of the six Fp2
    /// coordinates reduced once (12 Fp reductions instead of 36). Same value as [`Self::mul`];
    /// measured slower on x86-64 today (see the lazy-reduction notes in [`crate::fp6`]).
    pub fn mul_lazy(&self, o: &Self) -> Self {
        let aa = self.c0.mul_wide(&o.c0);
        let bb = self.c1.mul_wide(&o.c1);
        let s = (self.c0 + self.c1).mul_wide(&(o.c0 + o.c1));
        let c1 = Fp6::<P, N>::wide_sub(&Fp6::<P, N>::wide_sub(&s, &aa), &bb);
        let c0 = Fp6::<P, N>::wide_add(&aa, &Fp6::<P, N>::wide_mul_by_v(&bb));
        Self {
            c0: Fp6::reduce_wide(&c0),
            c1: Fp6::reduce_wide(&c1),
        }
    }

    /// The complex squaring of [`Self::square`] with both Fp6 products double width and one
    /// reduction per Fp2 coordinate of c0 (c1 = 2·reduce(t)). Same value as [`Self::square`];
    /// measured slower on x86-64 today (see [`crate::fp6`]).
    pub fn square_lazy(&self) -> Self {
        let t = self.c0.mul_wide(&self.c1);
        let s = (self.c0 + self.c1).mul_wide(&(self.c0 + self.c1.mul_by_v()));
        let c0 = Fp6::<P, N>::wide_sub(
            &Fp6::<P, N>::wide_sub(&s, &t),
            &Fp6::<P, N>::wide_mul_by_v(&t),
        );
        Self {
            c0: Fp6::reduce_wide(&c0),
            c1: Fp6::reduce_wide(&t).double(),
        }
    }

    /// x^(p⁶): negate the w coordinate. Equals the inverse in the cyclotomic subgroup.
    #[inline]
    pub fn conjugate(&self) -> Self {
        Self {
            c0: self.c0,
            c1: -self.c1,
        }
    }

    /// Inverse: (a0 − a1w)/(a0² − v·a1²); `None` for 0.
    pub fn invert(&self) -> CtOption<Self> {
        let d = self.c0.square() - self.c1.square().mul_by_v();
        d.invert().map(|di| Self {
            c0: self.c0 * di,
            c1: -(self.c1 * di),
        })
    }

    /// Sparse product with c0 + c1·v + c4·v·w (line values of M-type twists).
    ///
    /// On x86-64 with BMI2/ADX in BLS12-381's tower one assembly block
    /// ([`crate::backend::lines`]: 13 double-width Fp2 products, one reduction per
    /// coordinate); same value. Not for N = 4 (D-type bn254-beuchat does not use it).
    #[inline]
    pub fn mul_by_014(&self, c0: &Fp2<P, N>, c1: &Fp2<P, N>, c4: &Fp2<P, N>) -> Self {
        if let Some(r) = crate::backend::lines::mul_by_014_kernel(self, c0, c1, c4) {
            return r;
        }
        self.mul_by_014_composed(c0, c1, c4)
    }

    /// [`Self::mul_by_014`] with the sparse Fp6 products reduced separately: the portable form
    /// and the reference of the lazy kernel.
    #[inline]
    pub fn mul_by_014_composed(&self, c0: &Fp2<P, N>, c1: &Fp2<P, N>, c4: &Fp2<P, N>) -> Self {
        let aa = self.c0.mul_by_01(c0, c1);
        let bb = self.c1.mul_by_1(c4);
        let o = *c1 + *c4;
        let new_c1 = (self.c1 + self.c0).mul_by_01(c0, &o) - aa - bb;
        let new_c0 = bb.mul_by_v() + aa;
        Self {
            c0: new_c0,
            c1: new_c1,
        }
    }

    /// Sparse product with c0 + c3·w + c4·v·w (line values of D-type twists).
    ///
    /// On x86-64 with BMI2/ADX in a kernel tower shape with lazy reduction across Fp6 and Fp12
    /// (see [`Self::mul`]: f0·c0, f1·(c3 + c4·v) and (f0 + f1)·((c0 + c3) + c4·v) double width
    /// by the one-block kernels, twelve reductions instead of eighteen); same value.
    #[inline]
    pub fn mul_by_034(&self, c0: &Fp2<P, N>, c3: &Fp2<P, N>, c4: &Fp2<P, N>) -> Self {
        if let Some(r) = crate::backend::tower::fp12_mul_by_034(self, c0, c3, c4) {
            return r;
        }
        self.mul_by_034_composed(c0, c3, c4)
    }

    /// [`Self::mul_by_034`] with the sparse Fp6 products reduced separately: the portable form
    /// and the reference of the lazy kernel.
    #[inline]
    pub fn mul_by_034_composed(&self, c0: &Fp2<P, N>, c3: &Fp2<P, N>, c4: &Fp2<P, N>) -> Self {
        let a = self.c0.mul_by_fp2(c0);
        let b = self.c1.mul_by_01(c3, c4);
        let s = *c0 + *c3;
        let new_c1 = (self.c0 + self.c1).mul_by_01(&s, c4) - a - b;
        let new_c0 = a + b.mul_by_v();
        Self {
            c0: new_c0,
            c1: new_c1,
        }
    }

    /// Sparse product with 1 + c1·v + c4·v·w: an M-type line normalised so that its constant
    /// coefficient is 1 (fixed-argument lines, Costello–Stebila, LATINCRYPT 2010).
    /// Karatsuba over w with three `mul_by_1` products: 9 Fp2 multiplications instead of
    /// [`Self::mul_by_014`]'s 13.
    #[inline]
    pub fn mul_by_014_unit(&self, c1: &Fp2<P, N>, c4: &Fp2<P, N>) -> Self {
        // (f0 + f1·w)((1 + c1·v) + c4·v·w), w² = v
        let m = self.c0.mul_by_1(c1); // f0·c1·v
        let bb = self.c1.mul_by_1(c4); // f1·c4·v
        let s = self.c0 + self.c1;
        let t = s.mul_by_1(&(*c1 + *c4));
        Self {
            c0: self.c0 + m + bb.mul_by_v(),
            c1: self.c1 + t - m - bb,
        }
    }

    /// Sparse product with 1 + c3·w + c4·v·w: a D-type line normalised so that its constant
    /// coefficient is 1 (fixed-argument lines, Costello–Stebila, LATINCRYPT 2010).
    /// With L = c3 + c4·v: (f0 + f1·L·v) + (f1 + f0·L)·w, two `mul_by_01` products — 10 Fp2
    /// multiplications instead of [`Self::mul_by_034`]'s 13.
    ///
    /// In bn254-beuchat's tower on x86-64 with BMI2/ADX one assembly block
    /// ([`crate::backend::fp12_mul_by_034_unit`]): each of the twelve coordinates one
    /// interleaved reduction of a sum of four products plus f's coordinate. Elsewhere two
    /// sparse Fp6 products.
    #[inline]
    pub fn mul_by_034_unit(&self, c3: &Fp2<P, N>, c4: &Fp2<P, N>) -> Self {
        if let Some(r) = crate::backend::tower::fp12_mul_by_034_unit(self, c3, c4) {
            return r;
        }
        self.mul_by_034_unit_composed(c3, c4)
    }

    /// [`Self::mul_by_034_unit`] as two sparse Fp6 products (the portable form and the
    /// kernel's reference).
    #[inline]
    pub fn mul_by_034_unit_composed(&self, c3: &Fp2<P, N>, c4: &Fp2<P, N>) -> Self {
        let a = self.c0.mul_by_01(c3, c4);
        let b = self.c1.mul_by_01(c3, c4);
        Self {
            c0: self.c0 + b.mul_by_v(),
            c1: self.c1 + a,
        }
    }

    /// The Frobenius constants of the w-half: FROB_W\[k−1\]\[j\] = ξ^((p^k−1)/6)·γ_{k,j} with
    /// γ_{k,0} = 1, γ_{k,1} = ξ^((p^k−1)/3), γ_{k,2} = ξ^(2(p^k−1)/3), the factor that
    /// (b·v^j·w)^(p^k) puts on the image of b; derived from [`TowerParams::FROB`] at compile
    /// time so that the c1 half costs three constant products instead of five.
    const FROB_W: [[Fp2<P, N>; 3]; 3] = {
        let f = &P::FROB;
        let mut out = [[Fp2::ZERO; 3]; 3];
        let mut k = 0;
        while k < 3 {
            out[k][0] = f[k][0];
            out[k][1] = f[k][0].mul_const(&f[k][1]);
            out[k][2] = f[k][0].mul_const(&f[k][2]);
            k += 1;
        }
        out
    };

    /// Frobenius x ↦ x^(p^k): with x = Σ a_j v^j + Σ b_j v^j w, each coordinate is conjugated
    /// (k odd) and multiplied by one constant — five constant products, each two Fp products
    /// when the constant lies in Fp (always for k = 2; for every k on bn254-beuchat, ξ = u).
    pub fn frobenius_map(&self, k: usize) -> Self {
        let k = k % 12;
        if k == 0 {
            return *self;
        }
        if k > 3 {
            return self.frobenius_map(3).frobenius_map(k - 3);
        }
        // c0 by the Fp6 map; c1's coordinates conjugated (k odd) and each multiplied by one
        // pre-combined constant
        let h = &Self::FROB_W[k - 1];
        let b = &self.c1;
        Self {
            c0: self.c0.frobenius_map(k),
            c1: Fp6::new(
                b.c0.frobenius_map(k).mul_by_public_const(&h[0]),
                b.c1.frobenius_map(k).mul_by_public_const(&h[1]),
                b.c2.frobenius_map(k).mul_by_public_const(&h[2]),
            ),
        }
    }

    /// Granger–Scott squaring, valid only in the cyclotomic subgroup (x^(p⁶+1)·… = 1):
    /// three Fp4 squarings instead of a full Fp12 squaring.
    ///
    /// On x86-64 with BMI2/ADX in a kernel tower shape (BLS12-381's, bn254-beuchat's) one
    /// assembly block ([`crate::backend::cyclo_sqr`]: the three Fp4 squarings, each Fp
    /// coordinate one interleaved reduction of a sum of products, and the 3t ± 2z
    /// combinations); same value as [`Self::cyclotomic_square_composed`].
    #[inline]
    pub fn cyclotomic_square(&self) -> Self {
        self.cyclotomic_squares(1)
    }

    /// x^(2^n) in the cyclotomic subgroup: n [`Self::cyclotomic_square`]s (n = 0: x). With the
    /// one-block kernel the n squarings run in one call (a loop inside the block on the public
    /// count): no copies in and out between them.
    #[inline]
    pub fn cyclotomic_squares(&self, n: usize) -> Self {
        if let Some(r) = crate::backend::tower::cyclotomic_squares(self, n) {
            return r;
        }
        let mut x = *self;
        for _ in 0..n {
            x = x.cyclotomic_square_composed();
        }
        x
    }

    /// [`Self::cyclotomic_square`] composed of three [`fp4_square`] calls and the 3t ± 2z
    /// combinations in Fp2 arithmetic: the portable form and the reference of the one-block
    /// kernel.
    #[inline]
    pub fn cyclotomic_square_composed(&self) -> Self {
        let mut z0 = self.c0.c0;
        let mut z4 = self.c0.c1;
        let mut z3 = self.c0.c2;
        let mut z2 = self.c1.c0;
        let mut z1 = self.c1.c1;
        let mut z5 = self.c1.c2;

        let (t0, t1) = fp4_square(&z0, &z1);
        z0 = (t0 - z0).double() + t0;
        z1 = (t1 + z1).double() + t1;

        let (t0, t1) = fp4_square(&z2, &z3);
        let (t2, t3) = fp4_square(&z4, &z5);
        z4 = (t0 - z4).double() + t0;
        z5 = (t1 + z5).double() + t1;
        let t0 = t3.mul_by_xi();
        z2 = (t0 + z2).double() + t0;
        z3 = (t2 - z3).double() + t2;

        Self {
            c0: Fp6::new(z0, z4, z3),
            c1: Fp6::new(z2, z1, z5),
        }
    }

    /// x^e in the cyclotomic subgroup for a public exponent e = Σ dᵢ·2^i given by signed
    /// digits (least significant first), each 0 or odd: the non-adjacent form (digits ±1) or a
    /// width-w NAF. The odd powers x, x³, …, x^m up to the largest digit m are precomputed,
    /// negative digits use conjugation (the inverse in the cyclotomic subgroup), and the
    /// squarings between two non-zero digits run as one [`cyclotomic_squares`](Self::cyclotomic_squares) call.
    /// `None` if a digit is even and non-zero.
    pub fn cyclotomic_exp_wnaf_vartime(&self, digits: &[i8]) -> Option<Self> {
        if digits.iter().any(|&d| d % 2 == 0 && d != 0) {
            return None;
        }
        // table[k] = x^(2k+1)
        let top = digits
            .iter()
            .map(|d| d.unsigned_abs() as usize)
            .max()
            .unwrap_or(0);
        let mut table = Vec::with_capacity(top.div_ceil(2));
        table.push(*self);
        if top > 1 {
            let x2 = self.cyclotomic_square();
            for k in 1..top.div_ceil(2) {
                let next = table[k - 1] * x2;
                table.push(next);
            }
        }
        let mut r = Self::ONE;
        let mut started = false;
        let mut run = 0;
        for &d in digits.iter().rev() {
            if started {
                run += 1;
            }
            if d != 0 {
                let t = table[(d.unsigned_abs() as usize) / 2];
                let t = if d < 0 { t.conjugate() } else { t };
                r = if started {
                    r.cyclotomic_squares(run) * t
                } else {
                    t
                };
                run = 0;
                started = true;
            }
        }
        Some(r.cyclotomic_squares(run))
    }

    /// x^e in the cyclotomic subgroup for a public exponent in non-adjacent form (digits −1, 0,
    /// 1, least significant first) with Karabina's compressed squarings: the squaring chain runs
    /// on the compressed form, the powers x^(2^i) at the non-zero digits are decompressed
    /// together (one Fp2 inversion, Montgomery's batch trick) and multiplied. Pays off for
    /// sparse exponents (squarings ≫ non-zero digits). Constant time in x; the exponent is
    /// public.
    pub fn cyclotomic_exp_compressed_vartime(&self, naf: &[i8]) -> Self {
        self.exp_compressed_with(naf, Compressed::square_n)
    }

    /// [`Self::cyclotomic_exp_compressed_vartime`] with the compressed squarings composed of
    /// two [`fp4_square`] calls (the one-block kernel's reference; also for A/B timing).
    pub fn cyclotomic_exp_compressed_composed_vartime(&self, naf: &[i8]) -> Self {
        self.exp_compressed_with(naf, |c, k| (0..k).fold(*c, |c, _| c.square_composed()))
    }

    /// The compressed exponentiation with `sqr(c, k)` = k compressed squarings of c: one call
    /// per run between non-zero digits.
    #[inline(always)]
    fn exp_compressed_with(
        &self,
        naf: &[i8],
        sqr: fn(&Compressed<P, N>, usize) -> Compressed<P, N>,
    ) -> Self {
        let mut c = Compressed::from(self);
        let mut saved = Vec::new();
        let mut at = 0;
        for (i, &d) in naf.iter().enumerate() {
            if d != 0 {
                if i > at {
                    c = sqr(&c, i - at);
                    at = i;
                }
                saved.push((c, d < 0));
            }
        }
        if saved.is_empty() {
            return Self::ONE;
        }
        let values: Vec<Compressed<P, N>> = saved.iter().map(|(c, _)| *c).collect();
        let full = Compressed::decompress_batch(&values);
        let mut acc = Self::ONE;
        for (j, (g, (_, neg))) in full.iter().zip(saved.iter()).enumerate() {
            let g = if *neg { g.conjugate() } else { *g };
            acc = if j == 0 { g } else { acc * g };
        }
        acc
    }

    /// x^e for a public exponent (limbs, least significant first), cyclotomic squarings.
    pub fn cyclotomic_exp_vartime(&self, e: &[u64]) -> Self {
        let mut r = Self::ONE;
        for i in (0..64 * e.len()).rev() {
            r = r.cyclotomic_square();
            if (e[i / 64] >> (i % 64)) & 1 == 1 {
                r *= *self;
            }
        }
        r
    }

    /// x^e in the cyclotomic subgroup for a secret exponent: fixed 4-bit windows, table read
    /// by a constant-time scan, always the same operation sequence.
    pub fn cyclotomic_exp_ct(&self, e: &[u64]) -> Self {
        let mut table = [Self::ONE; 16];
        for i in 1..16 {
            table[i] = table[i - 1] * *self;
        }
        let mut r = Self::ONE;
        for i in (0..16 * e.len()).rev() {
            for _ in 0..4 {
                r = r.cyclotomic_square();
            }
            let nib = (e[i / 16] >> (4 * (i % 16))) & 0xf;
            let mut t = Self::ONE;
            for (j, entry) in table.iter().enumerate() {
                t.conditional_assign(entry, (j as u64).ct_eq(&nib));
            }
            r *= t;
        }
        r
    }

    /// x^e for a public exponent with generic squarings (valid everywhere).
    pub fn pow_vartime(&self, e: &[u64]) -> Self {
        let mut r = Self::ONE;
        for i in (0..64 * e.len()).rev() {
            r = r.square();
            if (e[i / 64] >> (i % 64)) & 1 == 1 {
                r *= *self;
            }
        }
        r
    }

    /// A uniformly random element.
    pub fn random(rng: &mut impl RngCore) -> Self {
        Self {
            c0: Fp6::random(rng),
            c1: Fp6::random(rng),
        }
    }
}

/// (a + b·s)² in Fp4 = Fp2\[s\]/(s² − ξ): (a² + ξb², 2ab) with 2ab = (a + b)² − a² − b² (three
/// Fp2 squarings), the building block of both cyclotomic squarings.
#[inline]
///
/// On x86-64 with BMI2/ADX and BLS12-381's tower shape one assembly block with lazy reduction
/// ([`crate::backend::fp4_sqr`]: three double-width Fp2 squares, four reductions instead of
/// six); same value.
pub fn fp4_square<P: TowerParams<N>, const N: usize>(
    a: &Fp2<P, N>,
    b: &Fp2<P, N>,
) -> (Fp2<P, N>, Fp2<P, N>) {
    if crate::backend::tower_kernel::<P, N>() {
        let r = crate::backend::fp4_sqr(
            [a.c0.mont_limbs(), a.c1.mont_limbs()],
            [b.c0.mont_limbs(), b.c1.mont_limbs()],
            &P::MODULUS,
            Fp::<P, N>::INV,
        );
        let f = |i: usize| Fp::<P, N>::from_mont_unchecked(r[i]);
        return (Fp2::new(f(0), f(1)), Fp2::new(f(2), f(3)));
    }
    fp4_square_composed(a, b)
}

/// [`fp4_square`] as three fused Fp2 squarings (the portable form and the kernel's reference).
#[inline]
pub fn fp4_square_composed<P: TowerParams<N>, const N: usize>(
    a: &Fp2<P, N>,
    b: &Fp2<P, N>,
) -> (Fp2<P, N>, Fp2<P, N>) {
    let t0 = a.square();
    let t1 = b.square();
    (t1.mul_by_xi() + t0, (*a + *b).square() - t0 - t1)
}

/// Karabina's compressed form (g2, g3, g4, g5) of a cyclotomic-subgroup element, in the
/// Granger–Scott naming of [`Fp12::cyclotomic_square`]: g2 = c1.c0, g3 = c0.c2, g4 = c0.c1,
/// g5 = c1.c2 (and g0 = c0.c0, g1 = c1.c1, recovered by decompression).
#[derive(Clone, Copy, Debug)]
struct Compressed<P: TowerParams<N>, const N: usize> {
    g2: Fp2<P, N>,
    g3: Fp2<P, N>,
    g4: Fp2<P, N>,
    g5: Fp2<P, N>,
}

impl<P: TowerParams<N>, const N: usize> Compressed<P, N> {
    fn from(x: &Fp12<P, N>) -> Self {
        Self {
            g2: x.c1.c0,
            g3: x.c0.c2,
            g4: x.c0.c1,
            g5: x.c1.c2,
        }
    }

    /// n compressed squarings (n = 0: the value itself), each h2 = 2g2 + 6ξ·g4g5,
    /// h3 = 3(g4² + ξg5²) − 2g3, h4 = 3(g2² + ξg3²) − 2g4, h5 = 2g5 + 6·g2g3 (6 Fp2
    /// squarings).
    ///
    /// On x86-64 with BMI2/ADX in a kernel tower shape one assembly block
    /// ([`crate::backend::compressed_sqr`]: the two Fp4 squarings of
    /// [`Fp12::cyclotomic_square`]'s kernel and their combinations, the n squarings in one
    /// call); same value as n [`Self::square_composed`].
    #[inline]
    fn square_n(&self, n: usize) -> Self {
        if let Some([g2, g3, g4, g5]) =
            crate::backend::tower::compressed_squares([&self.g2, &self.g3, &self.g4, &self.g5], n)
        {
            return Self { g2, g3, g4, g5 };
        }
        (0..n).fold(*self, |c, _| c.square_composed())
    }

    /// [`Self::square_n`] (one squaring) composed of two [`fp4_square`] calls and Fp2 combinations (the
    /// portable form and the kernel's reference).
    #[inline]
    fn square_composed(&self) -> Self {
        let (t0, t1) = fp4_square(&self.g2, &self.g3);
        let (t2, t3) = fp4_square(&self.g4, &self.g5);
        let t3 = t3.mul_by_xi();
        Self {
            g2: (t3 + self.g2).double() + t3,
            g3: (t2 - self.g3).double() + t2,
            g4: (t0 - self.g4).double() + t0,
            g5: (t1 + self.g5).double() + t1,
        }
    }

    /// Decompresses several values with one Fp2 inversion:
    /// g1 = (ξ·g5² + 3g4² − 2g3)/(4g2) if g2 ≠ 0, else 2g4g5/g3;
    /// g0 = ξ(2g1² + g2g5 − 3g3g4) + 1. The g2 = 0 case is selected in constant time; a
    /// zero denominator (g2 = g3 = 0, e.g. the identity) is replaced by 1 and gives g1 = 0.
    fn decompress_batch(v: &[Self]) -> Vec<Fp12<P, N>> {
        let mut num = Vec::with_capacity(v.len());
        let mut den = Vec::with_capacity(v.len());
        for c in v {
            let g5sq = c.g5.square();
            let g4sq = c.g4.square();
            let n_main = g5sq.mul_by_xi() + g4sq.double() + g4sq - c.g3.double();
            let d_main = c.g2.double().double();
            let n_alt = (c.g4 * c.g5).double();
            let g2_zero = c.g2.is_zero();
            let n = Fp2::conditional_select(&n_main, &n_alt, g2_zero);
            let d = Fp2::conditional_select(&d_main, &c.g3, g2_zero);
            let d = Fp2::conditional_select(&d, &Fp2::ONE, d.is_zero());
            num.push(n);
            den.push(d);
        }
        // Montgomery's trick: prefix products, one inversion, walk back
        let mut prefix = Vec::with_capacity(den.len());
        let mut acc = Fp2::<P, N>::ONE;
        for d in &den {
            prefix.push(acc);
            acc *= *d;
        }
        let mut inv = acc.invert_safegcd().unwrap_or(Fp2::ZERO);
        let mut g1 = vec![Fp2::<P, N>::ZERO; den.len()];
        for i in (0..den.len()).rev() {
            g1[i] = num[i] * inv * prefix[i];
            inv *= den[i];
        }
        v.iter()
            .zip(g1)
            .map(|(c, g1)| {
                let t = g1.square().double() + c.g2 * c.g5;
                let g3g4 = c.g3 * c.g4;
                let g0 = (t - g3g4.double() - g3g4).mul_by_xi() + Fp2::ONE;
                Fp12 {
                    c0: Fp6::new(g0, c.g4, c.g3),
                    c1: Fp6::new(c.g2, g1, c.g5),
                }
            })
            .collect()
    }
}

impl<P: TowerParams<N>, const N: usize> Default for Fp12<P, N> {
    fn default() -> Self {
        Self::ZERO
    }
}

impl<P: TowerParams<N>, const N: usize> fmt::Debug for Fp12<P, N> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Fp12({:?}, {:?})", self.c0, self.c1)
    }
}

impl<P: TowerParams<N>, const N: usize> ConditionallySelectable for Fp12<P, N> {
    fn conditional_select(a: &Self, b: &Self, c: Choice) -> Self {
        Self {
            c0: Fp6::conditional_select(&a.c0, &b.c0, c),
            c1: Fp6::conditional_select(&a.c1, &b.c1, c),
        }
    }
}

impl<P: TowerParams<N>, const N: usize> ConstantTimeEq for Fp12<P, N> {
    fn ct_eq(&self, o: &Self) -> Choice {
        self.c0.ct_eq(&o.c0) & self.c1.ct_eq(&o.c1)
    }
}

impl_ops!(Fp12, TowerParams);

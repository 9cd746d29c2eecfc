//! Quadratic extension Fp2 = Fp\[u\]/(u² − β) with β = −k for a small k (k = 5 for the papers'
//! curve, k = 1 for alt_bn128 and BLS12-381).
//!
//! Paper 001's techniques:
//! * multiplication with two Montgomery reductions instead of three (lazy reduction):
//!   (a + bu)(c + du) = (ac − k·bd) + ((a+b)(c+d) − ac − bd)u, all three products kept
//!   double-width ([`Wide`]) and only the two coordinates reduced (mod512);
//! * squaring (a + bu)² = ((a − b)(a + k·b) − (k−1)·ab) + 2ab·u, with a + k·b left unreduced
//!   (for the papers' prime 6p < 2²⁵⁶, so the product stays in mod512's domain [0, p·2²⁵⁶)).
//!
//! The tower's parameters (β, ξ and the Frobenius constants) hang on the base field's parameter
//! type through [`TowerParams`]; see [`crate::towers`] for the three curves.

use core::fmt;
use core::ops::{Add, AddAssign, Mul, MulAssign, Neg, Sub, SubAssign};

use subtle::{Choice, ConditionallySelectable, ConstantTimeEq, CtOption};

use crate::backend::portable::Wide;
use crate::fp::{Fp, FpParams};
use crate::limbs;
use crate::{Field, RngCore};

/// Parameters of the pairing tower built on the prime field `Self`.
pub trait TowerParams<const N: usize>: FpParams<N> {
    /// u² = β = −BETA_NEG.
    const BETA_NEG: u8;
    /// ξ = XI.0 + XI.1·u, the cubic non-residue with v³ = ξ (small coefficients).
    const XI: (u8, u8);
    /// FROB[k−1] = [ξ^((p^k−1)/6), ξ^((p^k−1)/3), ξ^(2(p^k−1)/3)] for k = 1, 2, 3.
    const FROB: [[Fp2<Self, N>; 3]; 3];
    /// The tower-level kernels built for this tower's shape ([`crate::backend::kernel_set`]);
    /// a tower that declares a set it does not fit does not compile.
    const KERNELS: crate::backend::KernelSet = crate::backend::KernelSet::Composed;
    /// Count Fp2 operations in the counters of `opcount` (feature `opcount`; without it
    /// nothing counts); `false` for every production tower (the test then folds away at
    /// compile time).
    const COUNT_OPS: bool = false;
}

/// Bumps an operation counter when the tower counts (compile-time test).
macro_rules! count {
    ($P:ty, $op:ident) => {
        #[cfg(feature = "opcount")]
        if <$P as TowerParams<N>>::COUNT_OPS {
            crate::opcount::bump(crate::opcount::Op::$op);
        }
    };
}

/// c0 + c1·u.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
#[repr(C)]
pub struct Fp2<P: TowerParams<N>, const N: usize> {
    /// The real part (coefficient of 1).
    pub c0: Fp<P, N>,
    /// The coefficient of u.
    pub c1: Fp<P, N>,
}

/// An unreduced double-width Fp2 value (both coordinates below p·R), for lazy reduction.
#[derive(Clone, Copy, Debug)]
pub struct Fp2Wide<const N: usize> {
    /// The coefficient of 1.
    pub c0: Wide<N>,
    /// The coefficient of u.
    pub c1: Wide<N>,
}

/// Wide subtraction a − b; on borrow adds p·R (valid when the true difference is > −p·R).
#[inline(always)]
fn wide_sub<P: FpParams<N>, const N: usize>(a: &Wide<N>, b: &Wide<N>) -> Wide<N> {
    let (lo, br) = limbs::sub(&a.lo, &b.lo);
    let (hi, br2) = {
        let (h, b1) = limbs::sub(&a.hi, &b.hi);
        let mut borrow_in = [0u64; N];
        borrow_in[0] = br;
        let (h2, b2) = limbs::sub(&h, &borrow_in);
        (h2, b1 | b2)
    };
    let (fixed, _) = limbs::add(&hi, &P::MODULUS);
    Wide {
        lo,
        hi: crate::backend::portable::select_ct(&hi, &fixed, br2),
    }
}

/// Wide addition (no overflow for the values used here).
#[inline(always)]
fn wide_add<const N: usize>(a: &Wide<N>, b: &Wide<N>) -> Wide<N> {
    let (lo, c) = limbs::add(&a.lo, &b.lo);
    let (hi, _) = limbs::add(&a.hi, &b.hi);
    let mut carry = [0u64; N];
    carry[0] = c;
    let (hi, _) = limbs::add(&hi, &carry);
    Wide { lo, hi }
}

impl<P: TowerParams<N>, const N: usize> Fp2<P, N> {
    /// 0.
    pub const ZERO: Self = Self {
        c0: Fp::ZERO,
        c1: Fp::ZERO,
    };
    /// 1.
    pub const ONE: Self = Self {
        c0: Fp::ONE,
        c1: Fp::ZERO,
    };

    /// c0 + c1·u.
    #[inline(always)]
    pub const fn new(c0: Fp<P, N>, c1: Fp<P, N>) -> Self {
        Self { c0, c1 }
    }

    /// Embeds an Fp element.
    pub const fn from_base(c0: Fp<P, N>) -> Self {
        Self { c0, c1: Fp::ZERO }
    }

    /// Compile-time constant from two big-endian hex strings.
    pub const fn from_hex_const(c0: &str, c1: &str) -> Self {
        Self {
            c0: Fp::from_hex_const(c0),
            c1: Fp::from_hex_const(c1),
        }
    }

    /// self·other at compile time ([`Fp::mul_const`]), for constants derived from others.
    pub const fn mul_const(&self, other: &Self) -> Self {
        let m = &P::MODULUS;
        let a0b0 = *self.c0.mul_const(&other.c0).mont_limbs();
        let a1b1 = *self.c1.mul_const(&other.c1).mont_limbs();
        let a0b1 = *self.c0.mul_const(&other.c1).mont_limbs();
        let a1b0 = *self.c1.mul_const(&other.c0).mont_limbs();
        // c0 = a0b0 − k·a1b1 (u² = −k)
        let mut c0 = a0b0;
        let mut i = 0;
        while i < P::BETA_NEG {
            c0 = limbs::sub_mod(&c0, &a1b1, m);
            i += 1;
        }
        Self {
            c0: Fp::from_mont_unchecked(c0),
            c1: Fp::from_mont_unchecked(limbs::add_mod(&a0b1, &a1b0, m)),
        }
    }

    /// Whether the value lies in Fp (zero u-coordinate); for public constants (variable time).
    pub const fn is_base_const(&self) -> bool {
        limbs::is_zero_vartime(self.c1.mont_limbs())
    }

    /// self·c for a public constant c: two Fp products when c lies in Fp, else a full
    /// product (the test on c's limbs is on public data).
    #[inline(always)]
    pub fn mul_by_public_const(&self, c: &Self) -> Self {
        if c.is_base_const() {
            self.mul_by_base(&c.c0)
        } else {
            *self * *c
        }
    }

    /// ξ.
    pub fn xi() -> Self {
        Self {
            c0: Fp::from_u64(P::XI.0 as u64),
            c1: Fp::from_u64(P::XI.1 as u64),
        }
    }

    /// Is this 0? Constant time.
    pub fn is_zero(&self) -> Choice {
        self.c0.is_zero() & self.c1.is_zero()
    }

    /// self + o.
    #[inline(always)]
    pub fn add(&self, o: &Self) -> Self {
        count!(P, Add);
        Self {
            c0: self.c0 + o.c0,
            c1: self.c1 + o.c1,
        }
    }
    /// self − o.
    #[inline(always)]
    pub fn sub(&self, o: &Self) -> Self {
        count!(P, Add);
        Self {
            c0: self.c0 - o.c0,
            c1: self.c1 - o.c1,
        }
    }
    /// −self.
    #[inline(always)]
    pub fn neg(&self) -> Self {
        count!(P, Add);
        Self {
            c0: -self.c0,
            c1: -self.c1,
        }
    }
    /// 2·self.
    #[inline(always)]
    pub fn double(&self) -> Self {
        count!(P, Add);
        Self {
            c0: self.c0.double(),
            c1: self.c1.double(),
        }
    }
    /// x/2.
    #[inline]
    pub fn halve(&self) -> Self {
        Self {
            c0: self.c0.halve(),
            c1: self.c1.halve(),
        }
    }
    /// Conjugate a − bu (= the p-power Frobenius, since β is a non-residue).
    #[inline(always)]
    pub fn conjugate(&self) -> Self {
        Self {
            c0: self.c0,
            c1: -self.c1,
        }
    }
    /// Multiplication by an Fp element.
    #[inline(always)]
    pub fn mul_by_base(&self, s: &Fp<P, N>) -> Self {
        Self {
            c0: self.c0 * s,
            c1: self.c1 * s,
        }
    }
    /// Multiplication by β = −k for the base field: −k·x.
    #[inline(always)]
    pub fn mul_base_by_beta(x: &Fp<P, N>) -> Fp<P, N> {
        -x.mul_small(P::BETA_NEG)
    }

    /// Double-width product, both coordinates unreduced (< p·R): 3 mul256, no mod512.
    #[inline]
    pub fn mul_wide(&self, o: &Self) -> Fp2Wide<N> {
        count!(P, Mul);
        if !Fp::<P, N>::FULL_WIDTH && P::BETA_NEG as u64 <= Fp::<P, N>::MAX_UNREDUCED_MULTIPLE {
            // k·p < R (β = −k): one fused kernel (assembly on x86-64), same values as below
            let [c0, c1] = crate::backend::fp2_mul_wide(
                [self.c0.mont_limbs(), self.c1.mont_limbs()],
                [o.c0.mont_limbs(), o.c1.mont_limbs()],
                &P::MODULUS,
                P::BETA_NEG as u64,
            );
            return Fp2Wide { c0, c1 };
        }
        let ac = Fp::<P, N>::mul_wide(self.c0.mont_limbs(), o.c0.mont_limbs());
        let bd = Fp::<P, N>::mul_wide(self.c1.mont_limbs(), o.c1.mont_limbs());
        // k·bd by k − 1 double-width additions (k·p² < p·R since k·p < R): no fourth product
        let mut kbd = bd;
        for _ in 1..P::BETA_NEG {
            kbd = wide_add(&kbd, &bd);
        }
        let c0 = wide_sub::<P, N>(&ac, &kbd);
        let s = self.c0.add_unreduced(&self.c1);
        let t = o.c0.add_unreduced(&o.c1);
        let st = Fp::<P, N>::mul_wide(&s, &t);
        let c1 = wide_sub::<P, N>(&wide_sub::<P, N>(&st, &ac), &bd);
        Fp2Wide { c0, c1 }
    }

    /// The double-width form of a reduced value: its Montgomery limbs X = x·R mod p as the high
    /// half (X·R < p·R), which [`Self::reduce_wide`] maps back to x. For adding reduced terms
    /// into lazily reduced sums.
    #[inline]
    pub fn to_wide(&self) -> Fp2Wide<N> {
        let z = [0u64; N];
        Fp2Wide {
            c0: Wide {
                lo: z,
                hi: *self.c0.mont_limbs(),
            },
            c1: Wide {
                lo: z,
                hi: *self.c1.mont_limbs(),
            },
        }
    }

    /// Lazy-reduction sum of two double-width values. Every [`Fp2Wide`] produced by this crate
    /// keeps both coordinates in [0, p·R) (the domain of [`Self::reduce_wide`]); the sum stays
    /// there by one conditional subtraction of p·R ([`crate::backend::wide_add_mod`]).
    #[inline]
    pub fn wide_add(a: &Fp2Wide<N>, b: &Fp2Wide<N>) -> Fp2Wide<N> {
        const { assert!(!Fp::<P, N>::FULL_WIDTH, "lazy reduction needs 2p < R") };
        count!(P, Add);
        Fp2Wide {
            c0: crate::backend::wide_add_mod(&a.c0, &b.c0, &P::MODULUS),
            c1: crate::backend::wide_add_mod(&a.c1, &b.c1, &P::MODULUS),
        }
    }

    /// Lazy-reduction difference of two double-width values in [0, p·R): one conditional
    /// addition of p·R keeps the result in [0, p·R).
    #[inline]
    pub fn wide_sub(a: &Fp2Wide<N>, b: &Fp2Wide<N>) -> Fp2Wide<N> {
        const { assert!(!Fp::<P, N>::FULL_WIDTH, "lazy reduction needs 2p < R") };
        count!(P, Add);
        Fp2Wide {
            c0: crate::backend::wide_sub_mod(&a.c0, &b.c0, &P::MODULUS),
            c1: crate::backend::wide_sub_mod(&a.c1, &b.c1, &P::MODULUS),
        }
    }

    /// 2·a for a double-width value (in [0, p·R) again).
    #[inline]
    pub fn wide_double(a: &Fp2Wide<N>) -> Fp2Wide<N> {
        Self::wide_add(a, a)
    }

    /// k·x mod p·R for one double-width coordinate x < p·R and a small public k: for
    /// k·p < R one row of word products (the high half stays below k·p < R) and the high half
    /// reduced modulo p by [`Fp::reduce_small_multiple`] (the low half is untouched, so the
    /// value drops by a multiple of p·R ≡ 0); otherwise a double-and-add chain of
    /// [`Self::wide_add`]'s modular additions. Result in [0, p·R).
    #[inline]
    fn wide_mul_small(x: &Wide<N>, k: u8) -> Wide<N> {
        match k {
            0 => Wide {
                lo: [0; N],
                hi: [0; N],
            },
            1 => *x,
            _ if (k as u64) <= Fp::<P, N>::MAX_UNREDUCED_MULTIPLE => {
                let w = crate::backend::wide_mul_word(x, k as u64);
                Wide {
                    lo: w.lo,
                    hi: *Fp::<P, N>::reduce_small_multiple(&w.hi).mont_limbs(),
                }
            }
            _ => {
                let top = 7 - k.leading_zeros();
                let mut acc = *x;
                for i in (0..top).rev() {
                    acc = crate::backend::wide_add_mod(&acc, &acc, &P::MODULUS);
                    if (k >> i) & 1 == 1 {
                        acc = crate::backend::wide_add_mod(&acc, x, &P::MODULUS);
                    }
                }
                acc
            }
        }
    }

    /// ξ·x for a double-width x (coordinates in [0, p·R), and so is the result):
    /// (a + b·u)(x0 + x1·u) = (a·x0 − k·b·x1) + (a·x1 + b·x0)·u with ξ = a + b·u, β = −k;
    /// ξ = 1 + u with β = −1 (BLS12-381) costs two modular additions, ξ = u one small
    /// multiple and a negation.
    #[inline]
    pub fn wide_mul_by_xi(x: &Fp2Wide<N>) -> Fp2Wide<N> {
        const { assert!(!Fp::<P, N>::FULL_WIDTH, "lazy reduction needs 2p < R") };
        count!(P, MulByXi);
        let m = &P::MODULUS;
        let (a, b) = P::XI;
        let k = P::BETA_NEG;
        let zero = Wide {
            lo: [0; N],
            hi: [0; N],
        };
        if a == 1 && b == 1 && k == 1 {
            return Fp2Wide {
                c0: crate::backend::wide_sub_mod(&x.c0, &x.c1, m),
                c1: crate::backend::wide_add_mod(&x.c0, &x.c1, m),
            };
        }
        if a == 0 && b == 1 {
            return Fp2Wide {
                c0: crate::backend::wide_sub_mod(&zero, &Self::wide_mul_small(&x.c1, k), m),
                c1: x.c0,
            };
        }
        let kb = (k as u16 * b as u16) as u8;
        const { assert!((P::BETA_NEG as u16) * (P::XI.1 as u16) < 256) };
        Fp2Wide {
            c0: crate::backend::wide_sub_mod(
                &Self::wide_mul_small(&x.c0, a),
                &Self::wide_mul_small(&x.c1, kb),
                m,
            ),
            c1: crate::backend::wide_add_mod(
                &Self::wide_mul_small(&x.c1, a),
                &Self::wide_mul_small(&x.c0, b),
                m,
            ),
        }
    }

    /// Double-width square, both coordinates in [0, p·R). For β = −1:
    /// (a0 + a1)(a0 − a1) + (2a0)·a1·u with a0 + a1 and 2a0 unreduced (< 2p < R), so both
    /// products are below 2p² < p·R. For β = −k: paper 001's ((a0 − a1)(a0 + k·a1) −
    /// (k − 1)·a0a1) + 2a0a1·u with a0 + k·a1 unreduced ((k + 1)p < R is checked at compile
    /// time): W1 < (k + 1)p² < p·R, (k − 1)·W2 < (k − 1)p² < p·R, their modular difference is
    /// in [0, p·R), and 2·W2 < 2p² < p·R.
    #[inline]
    pub fn square_wide(&self) -> Fp2Wide<N> {
        count!(P, Sqr);
        let (a0, a1) = (&self.c0, &self.c1);
        if P::BETA_NEG == 1 {
            let s = a0.add_unreduced(a1);
            let d = *a0 - *a1;
            let t = a0.add_unreduced(a0);
            return Fp2Wide {
                c0: Fp::<P, N>::mul_wide(&s, d.mont_limbs()),
                c1: Fp::<P, N>::mul_wide(&t, a1.mont_limbs()),
            };
        }
        const {
            assert!(
                !Fp::<P, N>::FULL_WIDTH
                    && (P::BETA_NEG as u64) < Fp::<P, N>::MAX_UNREDUCED_MULTIPLE,
                "Fp2 squaring needs (k + 1)·p < R"
            )
        };
        let d = *a0 - *a1;
        let mut s = *a0.mont_limbs();
        for _ in 0..P::BETA_NEG {
            s = limbs::add_chain(&s, a1.mont_limbs()).0;
        }
        let w1 = Fp::<P, N>::mul_wide(d.mont_limbs(), &s);
        let w2 = Fp::<P, N>::mul_wide(a0.mont_limbs(), a1.mont_limbs());
        Fp2Wide {
            c0: crate::backend::wide_sub_mod(
                &w1,
                &crate::backend::wide_mul_word(&w2, P::BETA_NEG as u64 - 1),
                &P::MODULUS,
            ),
            c1: crate::backend::wide_mul_word(&w2, 2),
        }
    }

    /// Reduces a double-width value: two mod512.
    #[inline]
    pub fn reduce_wide(w: &Fp2Wide<N>) -> Self {
        Self {
            c0: Fp::reduce_wide(&w.c0),
            c1: Fp::reduce_wide(&w.c1),
        }
    }

    /// Lazy-reduction multiplication (paper 001): 3 mul256 + 2 mod512.
    #[inline]
    pub fn mul(&self, o: &Self) -> Self {
        if !Fp::<P, N>::FULL_WIDTH && P::BETA_NEG as u64 <= Fp::<P, N>::MAX_UNREDUCED_MULTIPLE {
            // k·p < R (β = −k): the fused kernel of `mul_wide` and both reductions
            count!(P, Mul);
            let [c0, c1] = crate::backend::fp2_mul(
                [self.c0.mont_limbs(), self.c1.mont_limbs()],
                [o.c0.mont_limbs(), o.c1.mont_limbs()],
                &P::MODULUS,
                Fp::<P, N>::INV,
                P::BETA_NEG as u64,
            );
            return Self::new(Fp::from_mont_unchecked(c0), Fp::from_mont_unchecked(c1));
        }
        Self::reduce_wide(&self.mul_wide(o))
    }

    /// Squaring with paper 001's formula ((a − b)(a + k·b) − (k−1)·ab) + 2ab·u.
    #[inline]
    pub fn square(&self) -> Self {
        count!(P, Sqr);
        let a = &self.c0;
        let b = &self.c1;
        if P::BETA_NEG == 1 && !Fp::<P, N>::FULL_WIDTH {
            // (a − b)(a + b) + 2ab·u: two fused products, a + b and 2b unreduced (< R)
            let [c0, c1] = crate::backend::fp2_sqr(
                [a.mont_limbs(), b.mont_limbs()],
                &P::MODULUS,
                Fp::<P, N>::INV,
            );
            return Self::new(Fp::from_mont_unchecked(c0), Fp::from_mont_unchecked(c1));
        }
        // ((a − b)(a + k·b) − (k−1)·ab) + 2ab·u, a + k·b unreduced: (k+1)p < R is required
        // (6p < 2²⁵⁶ for the papers' prime; checked at compile time), both products double
        // width, two reductions; one assembly block for k = 5, N = 4 on x86-64
        const {
            assert!(
                !Fp::<P, N>::FULL_WIDTH
                    && (P::BETA_NEG as u64) < Fp::<P, N>::MAX_UNREDUCED_MULTIPLE,
                "Fp2 squaring needs (k + 1)·p < R"
            )
        };
        let [c0, c1] = crate::backend::fp2_sqr_k(
            [a.mont_limbs(), b.mont_limbs()],
            &P::MODULUS,
            Fp::<P, N>::INV,
            P::BETA_NEG as u64,
        );
        Self::new(Fp::from_mont_unchecked(c0), Fp::from_mont_unchecked(c1))
    }

    /// Multiplication by ξ.
    #[inline]
    pub fn mul_by_xi(&self) -> Self {
        count!(P, MulByXi);
        // (x0 + x1 u)(a + b u) = (a x0 + β b x1) + (a x1 + b x0) u
        let (a, b) = P::XI;
        if a == 0 && b == 1 {
            // ξ = u (the papers' curve): x·u = β·x1 + x0·u
            return Self {
                c0: Self::mul_base_by_beta(&self.c1),
                c1: self.c0,
            };
        }
        if b == 1 && P::BETA_NEG == 1 {
            // ξ = a + u, β = −1 (alt_bn128, BLS12-381): (a·x0 − x1) + (a·x1 + x0)·u
            return Self {
                c0: self.c0.mul_small(a) - self.c1,
                c1: self.c1.mul_small(a) + self.c0,
            };
        }
        let ax0 = self.c0.mul_small(a);
        let ax1 = self.c1.mul_small(a);
        let bx0 = self.c0.mul_small(b);
        let bx1 = self.c1.mul_small(b);
        Self {
            c0: ax0 + Self::mul_base_by_beta(&bx1),
            c1: ax1 + bx0,
        }
    }

    /// Norm a² − β·b² ∈ Fp.
    pub fn norm(&self) -> Fp<P, N> {
        self.c0.square() - Self::mul_base_by_beta(&self.c1.square())
    }

    /// Inverse via the norm: (a − bu)/(a² − βb²); `None` for 0.
    pub fn invert(&self) -> CtOption<Self> {
        self.invert_by_norm(Fp::invert)
    }

    /// (a − bu)·t with t = `invert_base`(a² − βb²): the inverse through the norm, with the
    /// base-field inversion given (Fermat, safegcd or the binary GCD); `None` for 0.
    #[inline]
    fn invert_by_norm(
        &self,
        invert_base: impl FnOnce(&Fp<P, N>) -> CtOption<Fp<P, N>>,
    ) -> CtOption<Self> {
        invert_base(&self.norm()).map(|t| Self {
            c0: self.c0 * t,
            c1: -(self.c1 * t),
        })
    }

    /// x^e for a public exponent (little-endian limbs).
    pub fn pow_vartime(&self, e: &[u64]) -> Self {
        let mut r = Self::ONE;
        for i in (0..64 * e.len()).rev() {
            r = r.square();
            if (e[i / 64] >> (i % 64)) & 1 == 1 {
                r = r.mul(self);
            }
        }
        r
    }

    /// Frobenius x ↦ x^(p^k).
    pub fn frobenius_map(&self, k: usize) -> Self {
        if k % 2 == 1 {
            self.conjugate()
        } else {
            *self
        }
    }

    /// Is x a square in Fp2 (its norm is a square in Fp).
    pub fn is_square(&self) -> Choice {
        self.norm().is_square()
    }

    /// A square root via the norm: with s = √(a² − βb²), c0 = √((a ± s)/2), c1 = b/(2c0); the
    /// b = 0, non-square-a case is c1 = √(a/β). Constant time up to the final validity check;
    /// `None` if x is not a square.
    ///
    /// For u² = −1 and p ≡ 3 (mod 4) (alt_bn128, BLS12-381) two exponentiations in Fp
    /// (`sqrt_p3_unit`); otherwise the general form (Tonelli–Shanks or the
    /// (p+1)/4 power per root, one Legendre symbol, an inversion).
    pub fn sqrt(&self) -> CtOption<Self> {
        if P::BETA_NEG == 1 && Fp::<P, N>::TWO_ADICITY == 1 {
            return self.sqrt_p3_unit();
        }
        self.sqrt_general()
    }

    /// [`Self::sqrt`] for Fp2 = Fp[u]/(u² + 1), p ≡ 3 (mod 4). With s = N(x)^((p+1)/4) and
    /// t = (a + s)/2 (or (a − s)/2 when that one is 0), e = t^((p−3)/4) and r = t·e: r² = ±t
    /// (Euler's criterion, t·e² = ±1) and 1/r = r·e². Then q = b/(2r) = (b/2)·r·e² and the root
    /// is r + q·u when r² = t, q + r·u when r² = −t: in both cases 2·c0·c1 = b·r²e² = b and
    /// c0² − c1² = t − b²/(4t) = a, as s² = a² + b². (Adj and Rodríguez-Henríquez, "Square root
    /// computation over even extension fields", IEEE Trans. Computers 2014: the norm method.)
    fn sqrt_p3_unit(&self) -> CtOption<Self> {
        let (a, b) = (self.c0, self.c1);
        let s = self.norm().pow_vartime(&Fp::<P, N>::P_PLUS_1_OVER_4);
        let t_plus = (a + s).halve();
        let t = Fp::conditional_select(&t_plus, &(a - s).halve(), t_plus.is_zero());
        let e = t.pow_vartime(&Fp::<P, N>::P_MINUS_3_OVER_4);
        let r = t * e;
        let q = b.halve() * r * e.square();
        let r_is_root = r.square().ct_eq(&t);
        let cand = Self {
            c0: Fp::conditional_select(&q, &r, r_is_root),
            c1: Fp::conditional_select(&r, &q, r_is_root),
        };
        CtOption::new(cand, cand.square().ct_eq(self))
    }

    /// [`Self::sqrt`] for any tower (u² = β any non-square, any p).
    fn sqrt_general(&self) -> CtOption<Self> {
        let a = self.c0;
        let b = self.c1;
        let s = self.norm().sqrt().unwrap_or(Fp::ZERO);
        let t1 = (a + s).halve();
        let t2 = (a - s).halve();
        let t = Fp::conditional_select(&t2, &t1, t1.is_square() & !t1.is_zero());
        let c0 = t.sqrt().unwrap_or(Fp::ZERO);
        let c1 = b * c0.double().invert().unwrap_or(Fp::ZERO);
        let generic = Self { c0, c1 };
        // c0 = 0 happens exactly when b = 0 and a/β is a square: x = (c1 u)² = c1²·β
        let beta_inv = Self::mul_base_by_beta(&Fp::ONE)
            .invert()
            .unwrap_or(Fp::ZERO);
        let alt = Self {
            c0: Fp::ZERO,
            c1: (a * beta_inv).sqrt().unwrap_or(Fp::ZERO),
        };
        let cand = Self::conditional_select(&generic, &alt, c0.is_zero());
        CtOption::new(cand, cand.square().ct_eq(self))
    }

    /// RFC 9380 `sgn0` for m = 2.
    pub fn sgn0(&self) -> Choice {
        let s0 = self.c0.is_odd();
        let z0 = self.c0.is_zero();
        let s1 = self.c1.is_odd();
        s0 | (z0 & s1)
    }

    /// Zcash ordering: compare c1 first, then c0 if c1 = 0.
    pub fn is_lexicographically_largest(&self) -> Choice {
        self.c1.is_lexicographically_largest()
            | (self.c1.is_zero() & self.c0.is_lexicographically_largest())
    }

    /// Uniformly random.
    pub fn random(rng: &mut impl RngCore) -> Self {
        Self {
            c0: Fp::random(rng),
            c1: Fp::random(rng),
        }
    }
}

impl<P: TowerParams<N>, const N: usize> Default for Fp2<P, N> {
    fn default() -> Self {
        Self::ZERO
    }
}

impl<P: TowerParams<N>, const N: usize> fmt::Debug for Fp2<P, N> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Fp2({:?} + {:?}·u)", self.c0, self.c1)
    }
}

impl<P: TowerParams<N>, const N: usize> ConditionallySelectable for Fp2<P, N> {
    fn conditional_select(a: &Self, b: &Self, c: Choice) -> Self {
        Self {
            c0: Fp::conditional_select(&a.c0, &b.c0, c),
            c1: Fp::conditional_select(&a.c1, &b.c1, c),
        }
    }
}

impl<P: TowerParams<N>, const N: usize> ConstantTimeEq for Fp2<P, N> {
    fn ct_eq(&self, o: &Self) -> Choice {
        self.c0.ct_eq(&o.c0) & self.c1.ct_eq(&o.c1)
    }
}

macro_rules! impl_ops {
    ($T:ident, $Params:ident) => {
        impl<P: $Params<N>, const N: usize> Add for $T<P, N> {
            type Output = Self;
            #[inline(always)]
            fn add(self, o: Self) -> Self {
                $T::add(&self, &o)
            }
        }
        impl<P: $Params<N>, const N: usize> Sub for $T<P, N> {
            type Output = Self;
            #[inline(always)]
            fn sub(self, o: Self) -> Self {
                $T::sub(&self, &o)
            }
        }
        impl<P: $Params<N>, const N: usize> Mul for $T<P, N> {
            type Output = Self;
            #[inline(always)]
            fn mul(self, o: Self) -> Self {
                $T::mul(&self, &o)
            }
        }
        impl<'a, P: $Params<N>, const N: usize> Add<&'a $T<P, N>> for $T<P, N> {
            type Output = Self;
            #[inline(always)]
            fn add(self, o: &'a Self) -> Self {
                $T::add(&self, o)
            }
        }
        impl<'a, P: $Params<N>, const N: usize> Sub<&'a $T<P, N>> for $T<P, N> {
            type Output = Self;
            #[inline(always)]
            fn sub(self, o: &'a Self) -> Self {
                $T::sub(&self, o)
            }
        }
        impl<'a, P: $Params<N>, const N: usize> Mul<&'a $T<P, N>> for $T<P, N> {
            type Output = Self;
            #[inline(always)]
            fn mul(self, o: &'a Self) -> Self {
                $T::mul(&self, o)
            }
        }
        impl<P: $Params<N>, const N: usize> Neg for $T<P, N> {
            type Output = Self;
            #[inline(always)]
            fn neg(self) -> Self {
                $T::neg(&self)
            }
        }
        impl<P: $Params<N>, const N: usize> AddAssign for $T<P, N> {
            #[inline(always)]
            fn add_assign(&mut self, o: Self) {
                *self = $T::add(self, &o);
            }
        }
        impl<P: $Params<N>, const N: usize> SubAssign for $T<P, N> {
            #[inline(always)]
            fn sub_assign(&mut self, o: Self) {
                *self = $T::sub(self, &o);
            }
        }
        impl<P: $Params<N>, const N: usize> MulAssign for $T<P, N> {
            #[inline(always)]
            fn mul_assign(&mut self, o: Self) {
                *self = $T::mul(self, &o);
            }
        }
    };
}
pub(crate) use impl_ops;
impl_ops!(Fp2, TowerParams);

impl<P: TowerParams<N>, const N: usize> Field for Fp2<P, N> {
    const ZERO: Self = Fp2::<P, N>::ZERO;
    const ONE: Self = Fp2::<P, N>::ONE;
    fn is_zero(&self) -> Choice {
        Fp2::is_zero(self)
    }
    fn square(&self) -> Self {
        Fp2::square(self)
    }
    fn double(&self) -> Self {
        Fp2::double(self)
    }
    fn halve(&self) -> Self {
        Fp2::halve(self)
    }
    fn invert(&self) -> CtOption<Self> {
        Fp2::invert(self)
    }
    /// Through the norm, with the base field's safegcd inversion ([`Fp2::invert_safegcd`]).
    fn invert_safegcd(&self) -> CtOption<Self> {
        Fp2::invert_safegcd(self)
    }
    /// Through the norm, with the base field's binary-GCD inversion (public data only).
    fn invert_vartime(&self) -> CtOption<Self> {
        self.invert_by_norm(<Fp<P, N> as Field>::invert_vartime)
    }
    fn sqrt(&self) -> CtOption<Self> {
        Fp2::sqrt(self)
    }
    fn random(rng: &mut impl RngCore) -> Self {
        Fp2::random(rng)
    }
    fn from_u64(k: u64) -> Self {
        Self::from_base(Fp::from_u64(k))
    }
}

/// Inversion through a constant-time GCD (kept apart from the core arithmetic above).
impl<P: TowerParams<N>, const N: usize> Fp2<P, N> {
    /// Inverse via the norm with a constant-time safegcd inversion in Fp (Bernstein–Yang;
    /// several times faster than the Fermat inversion of [`Self::invert`]); `None` for 0.
    pub fn invert_safegcd(&self) -> CtOption<Self> {
        self.invert_by_norm(Fp::invert_safegcd)
    }
}

//! hayate-arith: multi-precision integers, Montgomery prime fields and extension-field towers.
//!
//! Layout (data flows downwards):
//! * [`limbs`] — `const fn` helpers on little-endian 64-bit limb arrays (compile-time constants);
//! * [`backend`] — the limb kernels (mul256 / mod512 split and fused CIOS), portable back end
//!   today, the seam for assembly and SIMD back ends;
//! * [`safegcd`] — constant-time Bernstein–Yang inversion and variable-time binary extended GCD
//!   (paper 004's inverter), generic over N;
//! * [`fp`] — `Fp<P, N>`: GF(p) in Montgomery form, generic over N limbs, defined by a
//!   parameter type holding the modulus ([`fields`] has the named ones);
//! * [`jacobi`] — the variable-time Jacobi symbol; [`sqrt`] — variable-time square roots
//!   with per-field tables (which square root serves where: the [`sqrt`] module docs);
//! * [`fp2`], [`fp6`], [`fp12`] — the pairing tower Fp2 = Fp[u]/(u² − β),
//!   Fp6 = Fp2[v]/(v³ − ξ), Fp12 = Fp6[w]/(w² − v) (papers 000/001).
//!
//! [`Field`] is the small trait generic curve code (crate `hayate-ec`) is written against.

#![deny(missing_docs)]

pub mod backend;
pub mod batch_pow;
pub mod dyn_fp;
pub mod fields;
pub mod fp;
pub mod fp12;
pub mod fp2;
pub mod fp6;
pub mod jacobi;
pub mod limbs;
pub mod opcount;
pub mod safegcd;
pub mod sqrt;
pub mod straus;
pub mod towers;
#[doc(hidden)]
pub use hayate_valgrind as valgrind;

pub use backend::portable::Wide;
pub use dyn_fp::{DynElem, DynField};
pub use fp::{Fp, FpParams};
pub use fp12::Fp12;
pub use fp2::{Fp2, Fp2Wide, TowerParams};
pub use fp6::Fp6;

use core::fmt::Debug;
use core::ops::{Add, AddAssign, Mul, MulAssign, Neg, Sub, SubAssign};
pub use rand_core::RngCore;
use subtle::{Choice, ConditionallySelectable, ConstantTimeEq, CtOption};

/// A finite field, as used by generic curve arithmetic. Every method is constant time.
pub trait Field:
    Sized
    + Copy
    + Debug
    + Default
    + PartialEq
    + Eq
    + Send
    + Sync
    + 'static
    + ConditionallySelectable
    + ConstantTimeEq
    + Add<Output = Self>
    + Sub<Output = Self>
    + Mul<Output = Self>
    + Neg<Output = Self>
    + AddAssign
    + SubAssign
    + MulAssign
{
    /// The additive identity.
    const ZERO: Self;
    /// The multiplicative identity.
    const ONE: Self;
    /// Is this 0? Constant time.
    fn is_zero(&self) -> Choice;
    /// a², constant time.
    fn square(&self) -> Self;
    /// 2a, constant time.
    fn double(&self) -> Self;
    /// a/2 (p odd): constant time, as cheap as an addition (curve formulas use it to avoid
    /// doublings, e.g. the a = 0 Jacobian doubling with λ = 3X²/2).
    fn halve(&self) -> Self;
    /// a⁻¹ (none for 0), constant time.
    fn invert(&self) -> CtOption<Self>;
    /// a⁻¹ in constant time by the fastest constant-time method available: Bernstein–Yang
    /// safegcd for prime fields ([`Fp::invert_safegcd`]); defaults to [`Field::invert`].
    fn invert_safegcd(&self) -> CtOption<Self> {
        self.invert()
    }
    /// a⁻¹ for public data, variable time allowed: the binary extended GCD for prime fields
    /// ([`Fp::invert_binary_gcd_vartime`]); defaults to [`Field::invert`].
    fn invert_vartime(&self) -> CtOption<Self> {
        self.invert()
    }
    /// A square root of a (none if a is not a square), constant time; which of the two roots
    /// is returned is specified by the implementation.
    fn sqrt(&self) -> CtOption<Self>;
    /// a·b − c·d; fields with lazy reduction override it with one reduction for the two
    /// products (the default composes them).
    #[inline(always)]
    fn mul_sub_mul(a: &Self, b: &Self, c: &Self, d: &Self) -> Self {
        *a * *b - *c * *d
    }
    /// a·b − c², as [`Field::mul_sub_mul`].
    #[inline(always)]
    fn mul_sub_sqr(a: &Self, b: &Self, c: &Self) -> Self {
        *a * *b - c.square()
    }
    /// A uniformly random element.
    fn random(rng: &mut impl RngCore) -> Self;
    /// The element k·1 for a small integer k.
    fn from_u64(k: u64) -> Self;
    /// A fused kernel for the halved a = 0 Jacobian doubling of (X, Y, Z) (`hayate_ec`'s
    /// `Jacobian::double`): (X₃, Y₃, Z₃) with L = 3X²/2, T = X·Y², X₃ = L² − 2T,
    /// Y₃ = L(T − X₃) − Y⁴, Z₃ = YZ, exactly the values of those composed formulas; `None`
    /// (the default) where the field has none, and the caller runs the formulas itself. Fp2
    /// has one-block assembly in bn254-beuchat's tower shape on x86-64 with BMI2/ADX
    /// (`backend::points`).
    #[inline(always)]
    fn jacobian_double_a0_fused(p: [&Self; 3]) -> Option<[Self; 3]> {
        let _ = p;
        None
    }
    /// A fused kernel for the mixed addition (X₁, Y₁, Z₁) + (x₂, y₂) without exceptional
    /// cases (`hayate_ec`'s `Jacobian::add_affine_unchecked_zr`): (X₃, Y₃, Z₃, H, R) with
    /// H = x₂Z₁² − X₁, R = y₂Z₁³ − Y₁, X₃ = R² − H³ − 2X₁H², Y₃ = R(X₁H² − X₃) − Y₁H³,
    /// Z₃ = Z₁H, exactly the values of those composed formulas; `None` (the default) as for
    /// [`Field::jacobian_double_a0_fused`].
    #[inline(always)]
    fn jacobian_add_affine_fused(p: [&Self; 5]) -> Option<[Self; 5]> {
        let _ = p;
        None
    }
    /// The exception-free columns of a sign-aligned GLV/GLS multiplication (`hayate_ec`'s
    /// `glv_sac`) on an a = 0 curve over this field in one vector kernel: for each column
    /// (index, negate) in order, (X, Y, Z) ← 2·(X, Y, Z) ± table\[index\] (the affine
    /// entries (x, y)), by the doubling and the mixed addition without exceptional-case
    /// handling — the same point as those formulas give, possibly with other Jacobian
    /// coordinates. Constant time in the columns. `None` (the default) where the field has
    /// no kernel (Fp2 of BLS12-381 has one on CPUs with
    /// AVX-512 IFMA: [`backend::x86_64::ifma::g2`]), and the caller runs the formulas itself.
    fn jacobian_sac_columns(
        acc: [&Self; 3],
        table: &[[Self; 2]],
        cols: &[(u8, u8)],
    ) -> Option<[Self; 3]> {
        let _ = (acc, table, cols);
        None
    }
    /// Whether [`Field::jacobian_sac_columns`] may run here (`false` by default), so that
    /// callers skip gathering its inputs otherwise.
    fn has_sac_columns() -> bool {
        false
    }
    /// Constant-time Straus linear combinations on an a = 0 curve over this field, several
    /// at once in SIMD lanes ([`straus`]: the lanes' Jacobian results, Z = 0 meaning
    /// "recompute with complete formulas"); `None` (the default) where the field has no
    /// such kernel. Prime fields of 4 or 6 words have one on CPUs with AVX-512 IFMA
    /// ([`backend::x86_64::ifma::straus`]).
    fn jacobian_straus_lanes(
        lanes: &[straus::StrausLane<'_>],
        windows: usize,
    ) -> Option<Vec<[Self; 3]>> {
        let _ = (lanes, windows);
        None
    }
    /// Whether [`Field::jacobian_straus_lanes`] has a kernel here (`false` by default).
    fn has_straus_lanes() -> bool {
        false
    }
    /// The odd-multiple tables of [`straus`] for finite points (x, y) of an a = 0 curve over
    /// this field, built in SIMD lanes ([`straus::odd_tables`]); `None` (the default) where
    /// there is no kernel or a base has order ≤ 31.
    fn odd_tables_lanes(bases: &[[Self; 2]], beta: &Self) -> Option<straus::OddTables<Self>> {
        let _ = (bases, beta);
        None
    }
}

impl<P: FpParams<N>, const N: usize> Field for Fp<P, N> {
    const ZERO: Self = Fp::<P, N>::ZERO;
    const ONE: Self = Fp::<P, N>::ONE;
    #[inline(always)]
    fn is_zero(&self) -> Choice {
        Fp::is_zero(self)
    }
    #[inline(always)]
    fn square(&self) -> Self {
        Fp::square(self)
    }
    #[inline(always)]
    fn double(&self) -> Self {
        Fp::double(self)
    }
    #[inline(always)]
    fn halve(&self) -> Self {
        Fp::halve(self)
    }
    fn invert(&self) -> CtOption<Self> {
        Fp::invert(self)
    }
    fn invert_safegcd(&self) -> CtOption<Self> {
        Fp::invert_safegcd(self)
    }
    fn invert_vartime(&self) -> CtOption<Self> {
        let r = Fp::invert_binary_gcd_vartime(self);
        CtOption::new(r.unwrap_or(Self::ZERO), Choice::from(r.is_some() as u8))
    }
    fn sqrt(&self) -> CtOption<Self> {
        Fp::sqrt(self)
    }
    #[inline(always)]
    fn mul_sub_mul(a: &Self, b: &Self, c: &Self, d: &Self) -> Self {
        Fp::mul_sub_mul(a, b, c, d)
    }
    #[inline(always)]
    fn mul_sub_sqr(a: &Self, b: &Self, c: &Self) -> Self {
        Fp::mul_sub_sqr(a, b, c)
    }
    fn random(rng: &mut impl RngCore) -> Self {
        Fp::random(rng)
    }
    fn from_u64(k: u64) -> Self {
        Fp::from_u64(k)
    }
    fn jacobian_straus_lanes(
        lanes: &[straus::StrausLane<'_>],
        windows: usize,
    ) -> Option<Vec<[Self; 3]>> {
        straus::straus_fp::<P, N>(lanes, windows)
    }
    fn has_straus_lanes() -> bool {
        straus::available_fp::<P, N>()
    }
    fn odd_tables_lanes(bases: &[[Self; 2]], beta: &Self) -> Option<straus::OddTables<Self>> {
        straus::odd_tables_fp(bases, beta)
    }
}

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
//! * [`fp2`], [`fp6`], [`fp12`] — the pairing tower Fp2 = Fp\[u\]/(u² − β),
//!   Fp6 = Fp2\[v\]/(v³ − ξ), Fp12 = Fp6\[w\]/(w² − v) (papers 000/001).
//!
//! [`Field`] is the small trait generic curve code (crate `hayate-ec`) is written against; the
//! point kernels a base field may offer (G2 point formulas, GLS columns, Straus lanes) live in
//! `hayate-ec` (its `CurveField` and `backend`), on the low-level lane and limb API of
//! [`backend`].
//!
//! `no_std`: with the default feature `std` off the crate needs only `core` and `alloc`. The
//! back ends then choose by the build's target features instead of std's run-time CPU
//! detection ([`backend::cpu`]: the portable code unless the build targets a CPU with BMI2/ADX
//! or AVX-512 IFMA), and [`once`] holds the caches that `std::sync::OnceLock` would.
//!
//! Feature `opcount` (off by default): the module `opcount`, paper 001's Fp2 operation
//! counters and a copy of the papers' tower that bumps them.

#![cfg_attr(not(any(feature = "std", test)), no_std)]
#![deny(missing_docs)]

extern crate alloc;

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
pub mod once;
#[cfg(feature = "opcount")]
pub mod opcount;
pub mod safegcd;
pub mod sqrt;
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
}

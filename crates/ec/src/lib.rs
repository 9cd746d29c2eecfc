//! hayate-ec: elliptic-curve arithmetic on short Weierstrass curves y² = x³ + ax + b,
//! generic over the base field `F: hayate_arith::Field`, so that the same code serves G1 over
//! Fp and G2 over Fp2 (the sextic twists of the pairing curves, papers 000/001).
//!
//! Layout (one file per coordinate system, flat):
//! * [`curve`] — [`CurveParams`]: a, b, the generator, the subgroup order r, formula selectors
//!   (a = 0, a = −3, generic a) and the subgroup-check hook;
//! * [`affine`] — [`Affine`]: (x, y) plus an infinity flag; validation, affine add/double with
//!   one inversion each (the building blocks of paper 004's affine ladders);
//! * [`jacobian`] — [`Jacobian`]: (X:Y:Z) with x = X/Z², y = Y/Z³ (IEEE P1363, paper 002
//!   §2.2); fast but incomplete formulas made exception-safe by selects, paper 002's repeated
//!   doubling (§4.2, 4M+4S per step), batch normalisation;
//! * [`projective`] — [`Projective`]: homogeneous (X:Y:Z) with the complete, exception-free
//!   formulas of Renes–Costello–Batina 2016 — the default for constant-time code;
//! * [`fixed`] — fixed-base tables of signed windows (no doublings; the generator's built on first
//!   use), for curve points and, through [`fixed::WindowGroup`], GT; constant time;
//! * [`scalar_mul`](mod@scalar_mul) — constant-time fixed-window and variable-time wNAF scalar multiplication,
//!   and paper 002's split ("parallel") scalar multiplication;
//! * [`ladder`] — paper 004's Jin–Miyaji two-bit 2-ary right-to-left ladder (affine,
//!   double-quadruple, safegcd inversion), the Montgomery ladder and Joye's m-ary ladder;
//! * [`methods`] — [`Method`], every scalar multiplication selectable by name, and the
//!   [`scalar_mul`](fn@scalar_mul) dispatcher;
//! * [`msm`] — multi-scalar multiplication: Straus and Pippenger for public inputs, the
//!   constant-time Straus (with GLV where the curve has it) for secret scalars;
//! * [`recode`] — the scalar recodings (wNAF, signed fixed windows, signed odd digits,
//!   sign-aligned columns), each once.
//! * [`glv`] — GLV split k = k₁ + k₂λ for curves with an endomorphism (hook
//!   [`CurveParams::GLV`]); [`glv_sac`] — the sign-aligned column form of a D-dimensional
//!   decomposition (constant time, D ≤ 4); [`pool`] — the persistent thread pool of the
//!   two-thread methods.
//! * [`backend`] — [`CurveField`], the seam where a base field offers point kernels, and the
//!   kernels (MULX G2 point formulas, the IFMA G2 column loop and Straus lanes; the table of
//!   what runs where is in the module docs); [`straus`] — the lane layout and schedule of the
//!   constant-time Straus combinations;
//! * [`runtime`] — curves defined at run time from (p, a, b, G, n, h), p ≤ 521 bits, with
//!   validated parameters, the scalar-multiplication methods, SEC 1 encodings and ECDH;
//! * [`curves`] — the named curves (SEC 2 secp192r1 … secp521r1, secp256k1, brainpoolP256r1,
//!   brainpoolP384r1) and [`curves::CurveId`] for run-time selection;
//! * [`sec1`] — SEC 1 compressed/uncompressed point encodings with full validation;
//! * [`ecdh`] — SEC 1 ECDH and key generation on the named curves.
//! * [`hash_to_curve`] — RFC 9380 simplified SWU for P-256, P-384, P-521 and (through its
//!   3-isogeny) secp256k1, random-oracle and non-uniform suites; the shared
//!   `expand_message_xmd` with SHA-256/384/512.
//! * [`scalar`] — typed scalars: [`CurveParams::Scalar`] (the field Z/rZ, a [`ScalarField`]),
//!   `P * s` and `mul_scalar` (constant time), `mul_scalar_vartime`, the typed MSMs.
//!
//! Scalars: the user-facing type is the curve's [`CurveParams::Scalar`], always reduced
//! modulo r. Beneath it, the low-level layer takes little-endian `u64` limb slices of any
//! length (integers, not reduced): `mul_ct(&[u64])`, `mul_vartime`, the MSM and recoding
//! functions; the typed calls run it on the canonical limbs. Everything that may touch a
//! secret (points or scalars) is constant time and built on `subtle`; functions whose name ends
//! in `_vartime` are for public data only.
//!
//! `no_std`: with the default feature `std` off the crate needs only `core` and `alloc`; the
//! two-thread methods then run their two halves one after the other on the caller ([`pool`]:
//! same results, same API), and hayate-arith is built without its `std` too (its back ends
//! then follow the build's target features).

#![cfg_attr(not(any(feature = "std", test)), no_std)]
#![deny(missing_docs)]

extern crate alloc;

pub mod affine;
pub mod backend;
pub mod curve;
pub mod curves;
pub mod ecdh;
pub mod fixed;
mod formulas;
pub mod glv;
mod group;
pub mod glv_fixed;
pub mod glv_lincomb;
pub mod glv_sac;
pub mod hash_to_curve;
pub mod jacobian;
pub mod ladder;
pub mod methods;
pub mod msm;
pub mod pool;
pub mod projective;
pub mod recode;
pub mod runtime;
pub mod scalar;
pub mod scalar_mul;
pub mod sec1;
pub mod straus;
#[doc(hidden)]
use alloc::vec::Vec;
pub use hayate_arith::valgrind;

pub use affine::Affine;
pub use backend::CurveField;
pub use curve::CurveParams;
pub use jacobian::Jacobian;
pub use methods::{scalar_mul, scalar_mul_threads, Method, MethodError};
pub use msm::msm_vartime;
pub use projective::Projective;
pub use runtime::{DynAffine, DynCurve, DynCurveError, DynCurveParams};
pub use scalar::{
    msm_ct_scalars, msm_vartime_scalars, mul_generator_scalar, ScalarError, ScalarField,
};

pub use hayate_arith::Field;
pub use subtle::{Choice, ConditionallySelectable, ConstantTimeEq, CtOption};

/// Montgomery's trick over any [`Field`]: replaces every non-zero element by its inverse with a
/// single inversion ([`Field::invert_safegcd`]) and 3(n−1) multiplications; zeros stay zero.
/// Constant time in the values.
pub fn batch_invert<F: Field>(v: &mut [F]) {
    let mut prefix = Vec::with_capacity(v.len());
    let mut acc = F::ONE;
    for x in v.iter() {
        prefix.push(acc);
        let nz = !x.is_zero();
        acc = F::conditional_select(&acc, &(acc * *x), nz);
    }
    // acc is a product of non-zero elements, hence invertible.
    let mut inv = acc.invert_safegcd().unwrap_or(F::ZERO);
    for (x, p) in v.iter_mut().zip(prefix).rev() {
        let nz = !x.is_zero();
        let xi = inv * p;
        let next = inv * *x;
        inv = F::conditional_select(&inv, &next, nz);
        *x = F::conditional_select(x, &xi, nz);
    }
}

/// Bit `i` of a little-endian limb slice (0 beyond its end). Public-index helper.
#[inline(always)]
pub(crate) fn bit(k: &[u64], i: usize) -> u64 {
    match k.get(i / 64) {
        Some(l) => (l >> (i % 64)) & 1,
        None => 0,
    }
}

/// Bit length of a limb slice (variable time: for public values only).
pub(crate) fn bits_vartime(k: &[u64]) -> usize {
    for i in (0..k.len()).rev() {
        if k[i] != 0 {
            return 64 * i + 64 - k[i].leading_zeros() as usize;
        }
    }
    0
}

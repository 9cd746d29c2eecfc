//! Back ends of the Miller-loop kernels: the steps of the loop (the doubling step with its
//! evaluated line, f²·l, line pairs) and the loop of a product of pairings in vector lanes.
//! The field and tower arithmetic they build on is hayate-arith's (`hayate_arith::backend`):
//! its limb-level helpers ([`hayate_arith::backend::cast`],
//! [`hayate_arith::backend::lines::with_buffer`]), its shared Fp12 subroutines
//! (`hayate_arith::backend::x86_64::mulx::sub`) and its vertical IFMA lane arithmetic
//! (`hayate_arith::backend::x86_64::ifma`). The kernels run for the towers whose
//! [`hayate_arith::backend::KernelSet`] has them, on the CPU features hayate-arith detects.
//!
//! # What runs where
//!
//! | operation | portable (any target) | x86-64, BMI2 + ADX | x86-64, AVX-512 IFMA | AArch64 |
//! |---|---|---|---|---|
//! | doubling step with its tangent line (BLS12-381, bn254-beuchat) | the Miller loop's own formulas | [`lines::double_step_12xi`], [`lines::double_step_m3u`] (one block each, `x86_64/mulx/lines_gen.rs`) | `x86_64::ifma::double_steps` (up to eight pairs at once) | the loop's formulas |
//! | f²·l (doubling iteration), f·l·l′ (two lines) | composed tower arithmetic | [`lines`] (on hayate-arith's shared subroutines; one-block f²·l in lab builds) | — | composed |
//! | Miller loop of a product of pairings | scalar loop | scalar loop | `x86_64::ifma::miller` (a pair per lane) | scalar loop |
//!
//! The kernels are generated or written for the towers of [`crate::bls12_381`] and
//! [`crate::bn254_beuchat`]; every other tower (alt_bn128's included) runs the composed
//! arithmetic. Builds forced to the portable code or without lanes
//! ([`hayate_arith::backend::PORTABLE_FORCED`], [`hayate_arith::backend::LANES_FORCED_OFF`])
//! turn them off as they turn off hayate-arith's.

/// The assembly kernel call counter of hayate-arith, which the generated kernels here count
/// into (`ct-valgrind` builds only).
#[cfg(feature = "ct-valgrind")]
pub(crate) use hayate_arith::backend::kernel_ran;

pub mod lines;
#[cfg(target_arch = "x86_64")]
pub mod x86_64;

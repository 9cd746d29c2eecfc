//! Back ends for the limb-level kernels of Montgomery arithmetic.
//!
//! The seam: [`crate::fp::Fp`] calls only the functions re-exported here —
//! `mul_wide` (paper 001's *mul256*: N×N → 2N limbs), `sqr_wide`, `redc` (paper 001's
//! *mod512*: Montgomery reduction of a 2N-limb value), and the fused `mont_mul` / `mont_sqr`.
//! The portable back end (u64 limbs, u128 products) is always built. Faster back ends
//! (x86-64 MULX/ADCX/ADOX assembly, AVX2 vectorised products) plug in here by specialising
//! these functions for N = 4 and N = 6 behind run-time CPU-feature detection, with the portable
//! code as the fallback and as the oracle in tests.

pub mod portable;

pub use portable::{mont_mul, mont_sqr, mul_wide, redc, sqr_wide};

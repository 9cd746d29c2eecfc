//! The AArch64 back end: Montgomery field kernels for N = 4 and N = 6 limbs with the top bit
//! of the modulus clear (bn254-beuchat, alt_bn128, BLS12-381 and the other pairing fields).
//!
//! Two kernels, both bit-identical to the portable back end (tested under qemu):
//! * [`scalar`]: MUL/UMULH products with ADDS/ADCS chains (operand scanning), fused with the
//!   Montgomery reduction;
//! * [`neon`]: paper 000's NEON multiplier (§4.2: 32×32 → 64 `UMULL` pairs in Comba order,
//!   carries in the upper halves of 64-bit lanes, a scalar carry chain at the end) for the
//!   product, followed by the scalar Montgomery reduction.
//!
//! [`NEON_MONT_MUL`] says which one `mont_mul` uses; it is a build-time constant chosen from
//! the static cost estimates that `scripts/aarch64_mca.sh` computes (the report's paper-000
//! Table 3 prints them). Advanced SIMD is part of every AArch64 Linux and Android target, so
//! neither kernel needs a run-time CPU check.

pub mod neon;
pub mod scalar;

/// A 4- or 6-limb kernel a·b → (lo, hi) of one of the two back ends.
type MulWide<const N: usize> = fn(&[u64; N], &[u64; N]) -> ([u64; N], [u64; N]);

/// a·b as 2N limbs (lo, hi) by a back end's kernels `k4` and `k6` for N ∈ {4, 6}; the portable
/// product for other N (the pairing fields have 4 or 6 limbs).
#[inline(always)]
fn mul_wide_by<const N: usize>(
    a: &[u64; N],
    b: &[u64; N],
    k4: MulWide<4>,
    k6: MulWide<6>,
) -> ([u64; N], [u64; N]) {
    use super::{cast, uncast};
    if N == 4 {
        let (lo, hi) = k4(cast(a), cast(b));
        (uncast(lo), uncast(hi))
    } else if N == 6 {
        let (lo, hi) = k6(cast(a), cast(b));
        (uncast(lo), uncast(hi))
    } else {
        let w = super::portable::mul_wide(a, b);
        (w.lo, w.hi)
    }
}

/// Whether `mont_mul`/`mont_sqr` use the NEON product (true) or the scalar one (false) on
/// AArch64: the faster of the two in the static estimates for Cortex-A53 and Cortex-A76.
pub const NEON_MONT_MUL: bool = false;

/// What runs for the 4- and 6-limb fields (the report's machine section prints it through
/// [`super::active`]).
pub const FIELD_KERNELS: &str = if NEON_MONT_MUL {
    "field: AArch64, paper 000's NEON product with the MUL/UMULH reduction (4 and 6 limbs; \
     docs/aarch64-mca.tsv)"
} else {
    "field: AArch64 MUL/UMULH assembly (4 and 6 limbs; paper 000's NEON product is built and \
     tested, not the default: docs/aarch64-mca.tsv)"
};

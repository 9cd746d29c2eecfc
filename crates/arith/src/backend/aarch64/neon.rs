//! Paper 000's NEON multiplier (§4.2, Algorithms 1–6), on AArch64's Advanced SIMD.
//!
//! The operands are read as 32-bit words a_0 … a_(2N−1), b_0 … b_(2N−1) and held in pairs
//! [a_(2i), a_(2i+1)] (one 64-bit vector each); every b pair is also held swapped. One
//! `UMULL` (`vmull_u32`) of a pair of a by a pair of b gives two 32×32 → 64 products,
//! a_(2i)·b_(2j) and a_(2i+1)·b_(2j+1), at weights 2^(32(2n)) and 2^(32(2n+2)) for n = i + j; a
//! second one with the swapped pair gives the two cross products, both at weight
//! 2^(32(2n+1)) (the paper's `mul_mul`). The products are scanned in Comba order, column pair
//! n by column pair n (Algorithm 1), and each 64-bit product is added as two 32-bit halves into
//! 64-bit lanes (`UADDW`, the paper's `vaddw`): a lane then holds a column as a body in its low
//! 32 bits and the column's carries in its upper 32 bits, which cannot overflow. Three
//! accumulators hold columns (2n, 2n+1), (2n+2, 2n+3) and the cross products' (2n+1, 2n+2)
//! (`shift_blk`, `add_long`); the third is merged into the first two when the column pair is
//! complete (`marge`), and the finished columns 2n, 2n+1 leave the vector unit for a scalar
//! add-with-carry chain that turns (carry, body) columns into 64-bit limbs (`add_str`).
//!
//! The paper's platform is ARMv7 (32-bit scalar registers, d/q register pairs); on AArch64 the
//! same products and accumulation run in 128-bit vector registers and the final carry chain in
//! 64-bit registers. Montgomery reduction is applied on top by the scalar kernel
//! ([`super::scalar`]), as paper 000 does ("Montgomery multiplication, using the proposed
//! algorithm inside").
//!
//! Constant time: the instruction sequence and every address depend only on N.

use core::arch::aarch64::{
    vaddq_u64, vaddw_u32, vdupq_n_u64, vextq_u64, vget_high_u32, vget_low_u32, vgetq_lane_u64,
    vld1_u32, vmovl_u32, vmull_u32, vreinterpretq_u32_u64, vrev64_u32,
};

include!("neon_gen.rs");

/// a·b as 2N limbs (lo, hi) by the NEON product for N ∈ {4, 6}; the portable product for other
/// N (the pairing fields have 4 or 6 limbs).
#[inline(always)]
pub fn mul_wide<const N: usize>(a: &[u64; N], b: &[u64; N]) -> ([u64; N], [u64; N]) {
    super::mul_wide_by(a, b, mul_wide_4, mul_wide_6)
}

/// `add_str`: the 4N columns Σ col_k·2^(32k) (each col_k < 2^40: a 32-bit body and the
/// column's carries above it) as 2N 64-bit limbs, with one scalar carry chain.
#[inline(always)]
fn limbs<const C: usize, const N: usize>(col: &[u64; C]) -> ([u64; N], [u64; N]) {
    let mut lo = [0u64; N];
    let mut hi = [0u64; N];
    // the part of an odd column above 32 bits belongs to the next limb; it is added there
    // with the carry out of this limb
    let mut spill = 0u64;
    let mut carry = 0u64;
    for l in 0..2 * N {
        let even = col[2 * l] + spill; // both below 2^41: no overflow
        let odd = col[2 * l + 1];
        let (s, c1) = even.overflowing_add(odd << 32);
        let (s, c2) = s.overflowing_add(carry);
        if l < N {
            lo[l] = s;
        } else {
            hi[l - N] = s;
        }
        carry = (c1 as u64) + (c2 as u64);
        spill = odd >> 32;
    }
    (lo, hi)
}

//! AVX2 back end: four independent Montgomery multiplications at once with 32×32→64-bit
//! SIMD multiplies (`vpmuludq`) — paper 000's NEON idea (`vmull`, Comba order, carries kept
//! in the upper half of 64-bit lanes, SEEDS.md §000) transposed to x86-64 AVX2; an experiment
//! of the `lab` feature, compared with the scalar MULX/ADX path by `crates/lab/examples/simd_bench.rs`.
//!
//! # Method
//! * Layout: 4 lanes, one independent product per lane ("4-way batched"); vector j holds limb
//!   j of all four operands. Paper 000's 2-way layout (two lanes per product, which NEON's
//!   2×64-bit `vmull` dictates) would need horizontal sums on AVX2, so it is not used.
//! * Radix 2^29: L = 9 limbs for 256-bit moduli (N = 4), L = 14 for 384-bit ones (N = 6). A
//!   limb product is < 2^58, so a limb position can absorb all 2L products of the
//!   multiplication and the reduction plus the incoming carry (2L·2^58 < 2^63) with no carry
//!   handling on the way. 2^29 is the largest radix with that property for both sizes (2^30
//!   needs L = 9 for 256 bits and 18·2^60 overflows); paper 000's radix 2^32 would need every
//!   64-bit product split in two before accumulating (≈ 3 extra instructions per product).
//! * Order: operand scanning (row by row: t += a_i·b; q = t_0·(−p⁻¹) mod 2^29; t += q·m;
//!   t /= 2^29 with t_0's carry moved into the new t_0), limbs kept lazy (unnormalised) in
//!   64-bit lanes, normalised once at the end. Product scanning (Comba, paper 000's order,
//!   reduction interleaved column by column; generator option `comba` in `tools/codegen/avx2.py`)
//!   needs a, b and q live at once (27 vectors for L = 9, AVX2 has 16), so LLVM spills; the
//!   checked-in inline assembly keeps the L lazy limbs in ymm0..ymm(L−1) and takes b, m and a
//!   as memory operands (no spills). The comparison is in docs/backend-notes.md.
//! * Same R as [`crate::fp::Fp`]: the kernel divides by R' = 2^(29L) (2^261 resp. 2^406)
//!   while Fp's Montgomery form uses R = 2^(64N). The difference s = 29L − 64N (5 resp. 22)
//!   is absorbed for free when `a` is split into limbs: its limbs are taken at bit offsets
//!   29j − s, i.e. the kernel multiplies 2^s·a by b. Then (2^s·a·b)/R' = a·b/R, and since
//!   2^s·a·b/R' < b ≤ p the result is below 2p before one conditional subtraction (adding
//!   2^(29L) − p limb-wise; the carry out selects, `vpblendvb`). The output is therefore bit
//!   for bit Fp's `mont_mul` for inputs a < 2^(64N), b < p (any odd p < 2^(64N), full-width
//!   primes included; not the pseudo-Mersenne R = 1 fields). No conversion cost beyond the
//!   radix split/join itself.
//! * Conversion in and out is vectorised: 128-bit loads + `vpunpck{l,h}qdq` transpose four
//!   elements into N word vectors (lane order 0, 2, 1, 3, undone on the way out), limbs are
//!   cut/joined with constant shifts.
//! * Constant time: straight-line code, no data-dependent branches or addresses.
//!
//! # Measurements
//! `cargo run --release -p hayate-lab --features lab --example simd_bench 101` — AMD EPYC Zen 3 (2 vCPU,
//! shared; load average 8–10 while other builds ran, so indicative), rdtsc scaled to core
//! cycles by a dependent-`add` calibration loop (×1.42), medians of 101 rounds, three runs:
//!
//! | field        | AVX2 4-way, per product | MULX mont_mul | ratio     | AVX2 latency | MULX latency |
//! |--------------|-------------------------|---------------|-----------|--------------|--------------|
//! | bn254 Fp     | 63–79                   | 64            | 0.99–1.24 | 268–341      | 66           |
//! | bls12-381 Fp | 140–143                 | 135–136       | 1.03–1.04 | 566–611      | 126–128      |
//!
//! (Earlier Comba/intrinsics kernels, same conditions: bn254 70 vs 64, bls12-381 160 vs 137.)
//! The kernel is bounded by its dependency chain — each row waits for q = t_0·(−p⁻¹), then
//! q·m_0 and the carry, ≈ 11 cycles × L rows, plus the final normalisation — not by the
//! multipliers (`llvm-mca -mcpu=znver3`: 120 cycles of throughput per 4-way call for N = 4,
//! ≈ 220 of latency); one call is ~580 instructions, too long for the out-of-order window to
//! overlap consecutive calls well. An 8-way variant (two batches interleaved in intrinsics) was
//! slower still (spills). So on this machine AVX2 is at best level with MULX for throughput
//! and 4–5× worse for latency: the scalar MULX path stays the default, and nothing dispatches
//! here automatically. [`mont_mul_x4`] is a tested batch entry point kept for measurement and
//! for CPUs where the trade-off differs (e.g. AVX-512 IFMA would change it).

// A kernel module: an `unsafe fn` here is a kernel whose whole body is the unsafe operation
// (intrinsics of the target features it requires, or inline assembly) under its safety contract.
#![allow(unsafe_op_in_unsafe_fn)]

use core::arch::x86_64::*;

use crate::fp::{Fp, FpParams};

/// Bits per limb of the SIMD representation.
pub const LIMB_BITS: usize = 29;
const MASK: u64 = (1 << LIMB_BITS) - 1;

/// Per-modulus constants of the 4-way kernel for an N-word modulus split into L limbs of
/// 29 bits: (N, L) = (4, 9) or (6, 14).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Modulus<const N: usize, const L: usize> {
    /// p, little-endian u64 words.
    p: [u64; N],
    /// −p⁻¹ mod 2^64 (for the scalar fallback).
    inv: u64,
    /// p in radix 2^29, each limb in four lanes.
    m: [[u64; 4]; L],
    /// 2^(29L) − p in radix 2^29, four lanes (the final subtraction adds it).
    c: [[u64; 4]; L],
    /// −p⁻¹ mod 2^29, four lanes.
    mp: [u64; 4],
}

/// Bits [off, off + 29) of x, as a limb.
const fn limb_at<const N: usize>(x: &[u64; N], off: usize) -> u64 {
    let (w, b) = (off / 64, off % 64);
    if w >= N {
        return 0;
    }
    let mut v = x[w] >> b;
    if b + LIMB_BITS > 64 && w + 1 < N {
        v |= x[w + 1] << (64 - b);
    }
    v & MASK
}

impl<const N: usize, const L: usize> Modulus<N, L> {
    /// Constants for the odd modulus `p` (little-endian words).
    ///
    /// # Panics
    /// If p is even or (N, L) is neither (4, 9) nor (6, 14). Meant for constant evaluation
    /// (`const M: Modulus<4, 9> = Modulus::new(&P)`), where a panic is a build error.
    pub const fn new(p: &[u64; N]) -> Self {
        assert!(p[0] & 1 == 1, "modulus must be odd");
        assert!(
            (N == 4 && L == 9) || (N == 6 && L == 14),
            "(N, L) must be (4, 9) or (6, 14)"
        );
        let mut m = [[0u64; 4]; L];
        let mut c = [[0u64; 4]; L];
        // c = 2^(29L) − p = (complement of p in L limbs) + 1.
        let mut carry = 1u64;
        let mut j = 0;
        while j < L {
            let mj = limb_at(p, LIMB_BITS * j);
            let v = (MASK - mj) + carry;
            m[j] = [mj; 4];
            c[j] = [v & MASK; 4];
            carry = v >> LIMB_BITS;
            j += 1;
        }
        let inv = crate::limbs::neg_inv64(p[0]);
        Self {
            p: *p,
            inv,
            m,
            c,
            mp: [inv & MASK; 4],
        }
    }

    /// The four products a_i·b_i·2^(−64N) mod p, fully reduced — the same values as four calls
    /// of [`crate::backend::mont_mul`] (inputs a_i < 2^(64N), b_i < p). Runs the AVX2 kernel
    /// when [`available`], else the scalar back end lane by lane.
    pub fn mul_x4(&self, a: &[[u64; N]; 4], b: &[[u64; N]; 4]) -> [[u64; N]; 4] {
        if available() {
            // SAFETY: AVX2 is present (`available`).
            unsafe { self.mul_x4_avx2(a, b) }
        } else {
            self.mul_x4_scalar(a, b)
        }
    }

    /// The scalar reference path of [`Self::mul_x4`]: four calls of the dispatched
    /// [`crate::backend::mont_mul`] (MULX/ADX where present), or of the carry-aware portable
    /// CIOS for a full-width p.
    pub fn mul_x4_scalar(&self, a: &[[u64; N]; 4], b: &[[u64; N]; 4]) -> [[u64; N]; 4] {
        let full = self.p[N - 1] >> 63 == 1;
        core::array::from_fn(|i| {
            if full {
                crate::backend::portable::mont_mul_full(&a[i], &b[i], &self.p, self.inv)
            } else {
                crate::backend::mont_mul(&a[i], &b[i], &self.p, self.inv)
            }
        })
    }

    /// [`Self::mul_x4`] on the AVX2 kernel.
    ///
    /// # Safety
    /// The CPU must support AVX2.
    #[target_feature(enable = "avx2")]
    pub unsafe fn mul_x4_avx2(&self, a: &[[u64; N]; 4], b: &[[u64; N]; 4]) -> [[u64; N]; 4] {
        // (N, L) is (4, 9) or (6, 14) (checked in `new`); the casts fold.
        if N == 4 {
            cast4(&mul_x4_4(
                &cast4(a),
                &cast4(b),
                cast(&self.m),
                cast(&self.c),
                &self.mp,
            ))
        } else {
            cast4(&mul_x4_6(
                &cast4(a),
                &cast4(b),
                cast(&self.m),
                cast(&self.c),
                &self.mp,
            ))
        }
    }
}

/// Four lanes as one vector.
#[target_feature(enable = "avx2")]
#[inline]
unsafe fn ld(x: &[u64; 4]) -> __m256i {
    // SAFETY: 32 readable bytes; unaligned load.
    _mm256_loadu_si256(x.as_ptr() as *const __m256i)
}

/// Words k, k + 1 of four elements (slices starting at word k) as two vectors, lanes in
/// the order (0, 2, 1, 3) (what `vpunpck{l,h}qdq` gives; [`unwords`] undoes it).
#[target_feature(enable = "avx2")]
#[inline]
unsafe fn words(x0: &[u64], x1: &[u64], x2: &[u64], x3: &[u64]) -> (__m256i, __m256i) {
    assert!(x0.len() >= 2 && x1.len() >= 2 && x2.len() >= 2 && x3.len() >= 2);
    // SAFETY: each slice has two readable words (asserted; the callers' constant bounds
    // make the assertion fold away).
    let v01 = _mm256_set_m128i(
        _mm_loadu_si128(x1.as_ptr() as *const __m128i),
        _mm_loadu_si128(x0.as_ptr() as *const __m128i),
    );
    let v23 = _mm256_set_m128i(
        _mm_loadu_si128(x3.as_ptr() as *const __m128i),
        _mm_loadu_si128(x2.as_ptr() as *const __m128i),
    );
    (
        _mm256_unpacklo_epi64(v01, v23),
        _mm256_unpackhi_epi64(v01, v23),
    )
}

/// Stores word vectors w_k, w_{k+1} (lane order of [`words`]) into words k, k + 1 of the
/// four elements.
#[target_feature(enable = "avx2")]
#[inline]
unsafe fn unwords<const N: usize>(out: &mut [[u64; N]; 4], k: usize, w0: __m256i, w1: __m256i) {
    assert!(k + 2 <= N);
    let v01 = _mm256_unpacklo_epi64(w0, w1);
    let v23 = _mm256_unpackhi_epi64(w0, w1);
    let parts = [
        _mm256_castsi256_si128(v01),
        _mm256_extracti128_si256::<1>(v01),
        _mm256_castsi256_si128(v23),
        _mm256_extracti128_si256::<1>(v23),
    ];
    for (o, p) in out.iter_mut().zip(parts) {
        // SAFETY: words k, k + 1 of `o` exist (asserted).
        _mm_storeu_si128(o.as_mut_ptr().add(k) as *mut __m128i, p);
    }
}

include!("gen.rs");

/// Whether the kernel may run, probed once.
static AVX2: crate::backend::cpu::Cached = crate::backend::cpu::Cached::new();

/// Whether the AVX2 kernel may run: a cached CPUID probe; never in a build with
/// `--cfg hayate_backend="portable"`.
#[inline(always)]
pub fn available() -> bool {
    AVX2.get(|| !crate::backend::PORTABLE_FORCED && crate::backend::cpu::detected().avx2)
}

/// `x` resized to M words (truncated or zero-extended).
const fn resize<const N: usize, const M: usize>(x: &[u64; N]) -> [u64; M] {
    let mut r = [0u64; M];
    let mut i = 0;
    while i < N && i < M {
        r[i] = x[i];
        i += 1;
    }
    r
}

/// The kernel's constants for the field `P` (associated constants, evaluated at compile time).
/// Both shapes are defined for every N (the modulus resized) so that the dead one of the two
/// branches in [`mont_mul_x4`] still evaluates; only the one with M = N is used.
struct Consts<P, const N: usize>(core::marker::PhantomData<P>);

impl<P: FpParams<N>, const N: usize> Consts<P, N> {
    const M4: Modulus<4, 9> = Modulus::new(&resize(&P::MODULUS));
    const M6: Modulus<6, 14> = Modulus::new(&resize(&P::MODULUS));
}

/// `&[T; N]` as `&[T; M]` when N == M (callers test N first, so this folds).
#[inline(always)]
fn cast<T, const N: usize, const M: usize>(x: &[T; N]) -> &[T; M] {
    x.as_slice().try_into().expect("length")
}

/// `[[u64; N]; 4]` as `[[u64; M]; 4]` when N == M (callers test N first, so this folds).
#[inline(always)]
fn cast4<const N: usize, const M: usize>(x: &[[u64; N]; 4]) -> [[u64; M]; 4] {
    core::array::from_fn(|i| x[i].as_slice().try_into().expect("limb count"))
}

/// Four field products at once: `[a_0·b_0, …, a_3·b_3]`, equal to four [`Fp::mul`] calls.
/// Uses the AVX2 kernel for 4- and 6-word Montgomery fields when the CPU has AVX2, else
/// `Fp::mul` lane by lane (pseudo-Mersenne fields, other N, no AVX2). Constant time.
pub fn mont_mul_x4<P: FpParams<N>, const N: usize>(
    a: &[Fp<P, N>; 4],
    b: &[Fp<P, N>; 4],
) -> [Fp<P, N>; 4] {
    if Fp::<P, N>::PM_C == 0 && (N == 4 || N == 6) && available() {
        let ra: [[u64; N]; 4] = core::array::from_fn(|i| *a[i].mont_limbs());
        let rb: [[u64; N]; 4] = core::array::from_fn(|i| *b[i].mont_limbs());
        let out: [[u64; N]; 4] = if N == 4 {
            // SAFETY: AVX2 present (`available`).
            cast4(&unsafe { Consts::<P, N>::M4.mul_x4_avx2(&cast4(&ra), &cast4(&rb)) })
        } else {
            // SAFETY: as above.
            cast4(&unsafe { Consts::<P, N>::M6.mul_x4_avx2(&cast4(&ra), &cast4(&rb)) })
        };
        return core::array::from_fn(|i| Fp::from_mont_unchecked(out[i]));
    }
    core::array::from_fn(|i| a[i].mul(&b[i]))
}

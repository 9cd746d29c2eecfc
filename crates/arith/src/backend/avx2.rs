//! AVX2 back end: four independent Montgomery multiplications at once with 32×32→64-bit
//! SIMD multiplies (`vpmuludq`), paper 000's NEON idea (`vmull`, Comba order, carries held in
//! the upper half of 64-bit lanes) transposed to x86-64 AVX2.
//!
//! # Method
//! * Layout: 4 lanes, one independent product per lane ("4-way batched"); vector j holds limb
//!   j of all four operands. The 2-way layout of paper 000 (two lanes per product, forced by
//!   NEON's 2×64-bit `vmull`) would need horizontal additions on AVX2, so it is not used.
//! * Radix 2^29: L = 9 limbs for 256-bit moduli (N = 4), L = 14 for 384-bit (N = 6). A limb
//!   product is < 2^58, so a whole Comba column — up to 2L products of the multiplication and
//!   of the reduction, plus the incoming carry — sums in a 64-bit lane without any carry
//!   handling (L ≤ 31). Radix 2^32 (paper 000) would need every 64-bit product split in two
//!   before accumulating (≈ 4 extra instructions per product); 2^29 is the largest radix that
//!   keeps the lazy column sums and needs no more limbs than 2^32 minus one.
//! * Product scanning (Comba) with the Montgomery reduction interleaved column by column
//!   (the "FIPS" form): for column k < L, acc += Σ a_i·b_{k−i} + Σ q_i·m_{k−i};
//!   q_k = acc·(−p⁻¹) mod 2^29; acc = (acc + q_k·m_0) / 2^29; columns L..2L−2 give the result
//!   limbs. One conditional subtraction (adding 2^(29L) − p limb-wise; the carry out selects)
//!   makes the result canonical, branch-free (`vpblendvb` on a mask).
//! * Same R as [`crate::fp::Fp`]: the kernel divides by R' = 2^(29L) (2^261 resp. 2^406)
//!   while Fp's Montgomery form uses R = 2^(64N). The difference s = 29L − 64N (5 resp. 22)
//!   is absorbed for free when `a` is split into limbs: its limbs are taken at bit offsets
//!   29j − s, i.e. the kernel multiplies 2^s·a by b. Then (2^s·a·b)/R' = a·b/R, and since
//!   2^s·a·b/R' < b ≤ p the result is below 2p before the final subtraction. The output is
//!   therefore bit for bit Fp's `mont_mul` for inputs a < 2^(64N), b < p (any odd p < 2^(64N),
//!   full-width primes included; not the pseudo-Mersenne R = 1 fields).
//! * Conversion in and out is vectorised: 128-bit loads + `vpunpck{l,h}qdq` transpose four
//!   elements into N word vectors (lane order 0, 2, 1, 3, undone on the way out), and limbs are
//!   cut/joined with constant shifts.
//! * Constant time: straight-line code, no data-dependent branches or addresses.
//!
//! # Measurements (AMD EPYC Zen 3, 2 vCPU, rustc stable, `--release`; `uptime` load ≈ 2)
//! `cargo run --release -p hayate-arith --example simd_bench` (rdtsc, medians of 51 rounds):
//! see the table printed by the example; the figures at the time of writing are in the
//! crate's commit message and the helper report. In short: on Zen 3 the 4-way AVX2 kernel is
//! SLOWER than four MULX/ADX `mont_mul` calls, so the scalar path stays the default and
//! nothing dispatches here automatically. [`mont_mul_x4`] is a correct, tested batch entry
//! point kept for measurement and for CPUs where the trade-off differs.

use core::arch::x86_64::*;
use core::sync::atomic::{AtomicU8, Ordering};

use crate::fp::{Fp, FpParams};

/// Bits per limb of the SIMD representation.
pub const LIMB_BITS: usize = 29;
const MASK: u64 = (1 << LIMB_BITS) - 1;

/// Per-modulus constants of the 4-way kernel for an N-word modulus split into L limbs of
/// 29 bits (L = 9 for N = 4, L = 14 for N = 6).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Modulus<const N: usize, const L: usize> {
    /// p, little-endian u64 words.
    p: [u64; N],
    /// −p⁻¹ mod 2^64 (for the scalar fallback).
    inv: u64,
    /// p in radix 2^29.
    m: [u64; L],
    /// 2^(29L) − p in radix 2^29 (the final subtraction adds it).
    c: [u64; L],
    /// −p⁻¹ mod 2^29.
    mp: u64,
}

/// Bits [off, off + 29) of x (off may be negative: x is shifted up), as a limb.
const fn limb_at<const N: usize>(x: &[u64; N], off: isize) -> u64 {
    if off < 0 {
        return (x[0] << (-off) as u32) & MASK;
    }
    let w = off as usize / 64;
    let b = off as usize % 64;
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
    /// If p is even, or L does not fit N (29L must be at least 64N + 1, so that 2p fits the
    /// limbs, and L ≤ 31, so that a column sum fits a 64-bit lane). Meant for constant
    /// evaluation (`const M: Modulus<4, 9> = Modulus::new(&P)`), where a panic is a build error.
    pub const fn new(p: &[u64; N]) -> Self {
        assert!(p[0] & 1 == 1, "modulus must be odd");
        assert!(LIMB_BITS * L > 64 * N && L <= 31, "limb count L does not fit N");
        let mut m = [0u64; L];
        let mut c = [0u64; L];
        let mut j = 0;
        while j < L {
            m[j] = limb_at(p, (LIMB_BITS * j) as isize);
            j += 1;
        }
        // c = 2^(29L) − p = (complement of p in L limbs) + 1.
        let mut carry = 1u64;
        j = 0;
        while j < L {
            let v = (MASK - m[j]) + carry;
            c[j] = v & MASK;
            carry = v >> LIMB_BITS;
            j += 1;
        }
        let inv = crate::limbs::neg_inv64(p[0]);
        Self {
            p: *p,
            inv,
            m,
            c,
            mp: inv & MASK,
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
    /// [`crate::backend::mont_mul`] (MULX/ADX where present), or the carry-aware portable
    /// CIOS for a full-width p.
    pub fn mul_x4_scalar(&self, a: &[[u64; N]; 4], b: &[[u64; N]; 4]) -> [[u64; N]; 4] {
        let full = self.p[N - 1] >> 63 == 1;
        core::array::from_fn(|i| {
            if full {
                super::portable::mont_mul_full(&a[i], &b[i], &self.p, self.inv)
            } else {
                super::mont_mul(&a[i], &b[i], &self.p, self.inv)
            }
        })
    }

    /// [`Self::mul_x4`] on the AVX2 kernel.
    ///
    /// # Safety
    /// The CPU must support AVX2.
    #[target_feature(enable = "avx2")]
    pub unsafe fn mul_x4_avx2(&self, a: &[[u64; N]; 4], b: &[[u64; N]; 4]) -> [[u64; N]; 4] {
        let wa = transpose_in(a);
        let wb = transpose_in(b);
        let shift = (LIMB_BITS * L - 64 * N) as isize;
        let al: [__m256i; L] = split(&wa, shift);
        let bl: [__m256i; L] = split(&wb, 0);
        let r = self.mont_core(&al, &bl);
        transpose_out(&join(&r))
    }

    /// The Montgomery product of limb vectors (radix 2^29, R' = 2^(29L)), canonical.
    #[target_feature(enable = "avx2")]
    #[inline]
    unsafe fn mont_core(&self, a: &[__m256i; L], b: &[__m256i; L]) -> [__m256i; L] {
        let mask = _mm256_set1_epi64x(MASK as i64);
        let mp = _mm256_set1_epi64x(self.mp as i64);
        let m: [__m256i; L] = core::array::from_fn(|j| _mm256_set1_epi64x(self.m[j] as i64));
        let zero = _mm256_setzero_si256();
        let mut q = [zero; L];
        let mut acc = zero;
        // Low columns: each ends with one reduction digit q_k and a division by 2^29.
        for k in 0..L {
            // Terms that do not depend on the running carry first (off the critical path).
            let mut t = _mm256_mul_epu32(a[0], b[k]);
            for i in 1..=k {
                t = _mm256_add_epi64(t, _mm256_mul_epu32(a[i], b[k - i]));
            }
            for i in 0..k.saturating_sub(1) {
                t = _mm256_add_epi64(t, _mm256_mul_epu32(q[i], m[k - i]));
            }
            acc = _mm256_add_epi64(acc, t);
            if k >= 1 {
                acc = _mm256_add_epi64(acc, _mm256_mul_epu32(q[k - 1], m[1]));
            }
            q[k] = _mm256_and_si256(_mm256_mul_epu32(acc, mp), mask);
            acc = _mm256_add_epi64(acc, _mm256_mul_epu32(q[k], m[0]));
            acc = _mm256_srli_epi64::<29>(acc);
        }
        // High columns: the result limbs.
        let mut r = [zero; L];
        for k in L..2 * L - 1 {
            let mut t = _mm256_mul_epu32(a[k - L + 1], b[L - 1]);
            t = _mm256_add_epi64(t, _mm256_mul_epu32(q[k - L + 1], m[L - 1]));
            for i in k - L + 2..L {
                t = _mm256_add_epi64(t, _mm256_mul_epu32(a[i], b[k - i]));
                t = _mm256_add_epi64(t, _mm256_mul_epu32(q[i], m[k - i]));
            }
            acc = _mm256_add_epi64(acc, t);
            r[k - L] = _mm256_and_si256(acc, mask);
            acc = _mm256_srli_epi64::<29>(acc);
        }
        r[L - 1] = acc; // < 2^29: the value is below 2p < 2^(29L)
        // r < 2p: s = r + 2^(29L) − p carries out of the top limb iff r ≥ p.
        let mut carry = zero;
        let mut s = [zero; L];
        for j in 0..L {
            let v = _mm256_add_epi64(
                _mm256_add_epi64(r[j], _mm256_set1_epi64x(self.c[j] as i64)),
                carry,
            );
            s[j] = _mm256_and_si256(v, mask);
            carry = _mm256_srli_epi64::<29>(v);
        }
        let ge = _mm256_sub_epi64(zero, carry); // all ones where r ≥ p
        core::array::from_fn(|j| _mm256_blendv_epi8(r[j], s[j], ge))
    }
}

/// Four N-word elements → N vectors, vector w holding word w of the elements in lane order
/// (0, 2, 1, 3). N must be even (4 and 6 here).
#[target_feature(enable = "avx2")]
#[inline]
unsafe fn transpose_in<const N: usize>(x: &[[u64; N]; 4]) -> [__m256i; N] {
    let zero = _mm256_setzero_si256();
    let mut w = [zero; N];
    let mut k = 0;
    while k < N {
        // SAFETY (all four loads): 2k + 1 < N, so each reads two words inside x[i].
        let p0 = _mm_loadu_si128(x[0].as_ptr().add(k) as *const __m128i);
        let p1 = _mm_loadu_si128(x[1].as_ptr().add(k) as *const __m128i);
        let p2 = _mm_loadu_si128(x[2].as_ptr().add(k) as *const __m128i);
        let p3 = _mm_loadu_si128(x[3].as_ptr().add(k) as *const __m128i);
        let v01 = _mm256_set_m128i(p1, p0);
        let v23 = _mm256_set_m128i(p3, p2);
        w[k] = _mm256_unpacklo_epi64(v01, v23);
        w[k + 1] = _mm256_unpackhi_epi64(v01, v23);
        k += 2;
    }
    w
}

/// Inverse of [`transpose_in`].
#[target_feature(enable = "avx2")]
#[inline]
unsafe fn transpose_out<const N: usize>(w: &[__m256i; N]) -> [[u64; N]; 4] {
    let mut out = [[0u64; N]; 4];
    let mut k = 0;
    while k < N {
        let v01 = _mm256_unpacklo_epi64(w[k], w[k + 1]);
        let v23 = _mm256_unpackhi_epi64(w[k], w[k + 1]);
        // SAFETY (all four stores): two words inside out[i] at offset k, 2k + 1 < N.
        _mm_storeu_si128(
            out[0].as_mut_ptr().add(k) as *mut __m128i,
            _mm256_castsi256_si128(v01),
        );
        _mm_storeu_si128(
            out[1].as_mut_ptr().add(k) as *mut __m128i,
            _mm256_extracti128_si256::<1>(v01),
        );
        _mm_storeu_si128(
            out[2].as_mut_ptr().add(k) as *mut __m128i,
            _mm256_castsi256_si128(v23),
        );
        _mm_storeu_si128(
            out[3].as_mut_ptr().add(k) as *mut __m128i,
            _mm256_extracti128_si256::<1>(v23),
        );
        k += 2;
    }
    out
}

/// Word vectors → 29-bit limb vectors, limb j taken at bit offset 29j − shift (the value
/// multiplied by 2^shift; bits shifted beyond 29L are dropped, the callers ensure there are
/// none).
#[target_feature(enable = "avx2")]
#[inline]
unsafe fn split<const N: usize, const L: usize>(w: &[__m256i; N], shift: isize) -> [__m256i; L] {
    let mask = _mm256_set1_epi64x(MASK as i64);
    core::array::from_fn(|j| {
        let off = (LIMB_BITS * j) as isize - shift;
        let v = if off < 0 {
            _mm256_sllv_epi64(w[0], _mm256_set1_epi64x(-off as i64))
        } else {
            let (wi, b) = (off as usize / 64, off as usize % 64);
            if wi >= N {
                return _mm256_setzero_si256();
            }
            let lo = _mm256_srlv_epi64(w[wi], _mm256_set1_epi64x(b as i64));
            if b + LIMB_BITS > 64 && wi + 1 < N {
                _mm256_or_si256(
                    lo,
                    _mm256_sllv_epi64(w[wi + 1], _mm256_set1_epi64x((64 - b) as i64)),
                )
            } else {
                lo
            }
        };
        _mm256_and_si256(v, mask)
    })
}

/// 29-bit limb vectors (value < 2^(64N)) → word vectors.
#[target_feature(enable = "avx2")]
#[inline]
unsafe fn join<const N: usize, const L: usize>(r: &[__m256i; L]) -> [__m256i; N] {
    core::array::from_fn(|w| {
        let mut v = _mm256_setzero_si256();
        for (j, &limb) in r.iter().enumerate() {
            let (lo, hi) = (LIMB_BITS * j, LIMB_BITS * (j + 1));
            if hi <= 64 * w || lo >= 64 * (w + 1) {
                continue; // limb j does not touch word w
            }
            let part = if lo >= 64 * w {
                _mm256_sllv_epi64(limb, _mm256_set1_epi64x((lo - 64 * w) as i64))
            } else {
                _mm256_srlv_epi64(limb, _mm256_set1_epi64x((64 * w - lo) as i64))
            };
            v = _mm256_or_si256(v, part);
        }
        v
    })
}

/// 0 = not yet probed, 1 = unavailable (or disabled), 2 = available.
static AVX2: AtomicU8 = AtomicU8::new(0);

/// Whether the AVX2 kernel may run: a cached CPUID probe. `HAYATE_ARITH_BACKEND=portable`
/// (read once) disables it, as it does the MULX/ADX assembly.
#[inline(always)]
pub fn available() -> bool {
    match AVX2.load(Ordering::Relaxed) {
        2 => true,
        1 => false,
        _ => probe(),
    }
}

#[cold]
#[inline(never)]
fn probe() -> bool {
    let disabled = std::env::var_os("HAYATE_ARITH_BACKEND").is_some_and(|v| v == "portable");
    let ok = !disabled && std::is_x86_feature_detected!("avx2");
    AVX2.store(if ok { 2 } else { 1 }, Ordering::Relaxed);
    ok
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

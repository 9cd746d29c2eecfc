//! Back ends for the limb-level kernels of Montgomery arithmetic.
//!
//! The seam: [`crate::fp::Fp`] calls only the functions defined here —
//! `mul_wide` (paper 001's *mul256*: N×N → 2N limbs), `sqr_wide`, `redc` (paper 001's
//! *mod512*: Montgomery reduction of a 2N-limb value), and the fused `mont_mul` / `mont_sqr`.
//! The portable back end (u64 limbs, u128 products) is always built and is the oracle in
//! tests. On x86-64 the MULX/ADCX/ADOX assembly ([`x86_64::mulx`]) takes over for N = 4 and N = 6
//! when the CPU has BMI2 + ADX (cached run-time check, or compile-time with
//! `-C target-feature=+bmi2,+adx`) and the modulus leaves the top bit of its top limb free.
//! The conditions on N and on the modulus are compile-time constants after inlining, so the
//! generic functions fold to either the assembly (behind one cached flag test) or the
//! portable code. Where the CPU has AVX-512 IFMA, Karabina's compressed cyclotomic squaring of
//! the BLS12-381, bn254-beuchat and alt_bn128 towers runs eight coordinates at once in 52-bit
//! lanes ([`x86_64::ifma`]; cached run-time check, same values as the MULX kernel or the composed
//! formulas); the same vertical lane arithmetic carries hayate-pairing's Miller loops of
//! products of pairings, one pair per lane. Pseudo-Mersenne moduli
//! 2^(64N) − c (secp256k1) have their own fused multiply-and-fold kernels [`mul_pm`] /
//! [`sqr_pm`] (assembly for N = 4).
//!
//! On AArch64 (`aarch64`) the Montgomery kernels for N = 4 and N = 6 are MUL/UMULH
//! assembly, always on (no CPU check: base instructions); paper 000's NEON product is built
//! beside them and selected by `aarch64::NEON_MONT_MUL`.
//!
//! # What runs where
//!
//! | operation | portable (any target) | x86-64, BMI2 + ADX | x86-64, AVX-512 IFMA | AArch64 |
//! |---|---|---|---|---|
//! | Montgomery product, square, `mul_wide`, `redc` (4, 6 limbs, top bit clear) | [`portable`] | [`x86_64::mulx`] (MULX/ADCX/ADOX) | — | `aarch64::scalar` (MUL/UMULH); `aarch64::neon` built, off |
//! | full-width moduli (P-256, P-384, brainpool, P-521) | [`portable::mont_mul_full`] | portable | — | portable |
//! | pseudo-Mersenne 2^256 − c (secp256k1) | [`portable::mul_pm`] | [`x86_64::mulx`] (4 limbs) | — | portable |
//! | Fp2, Fp6 and Fp12 lazy products (BLS12-381, bn254-beuchat towers) | [`portable`] | [`x86_64::mulx`], `x86_64::mulx::sub` (shared subroutines) | — | portable |
//! | sparse Fp12 products by lines (f·l) | composed tower arithmetic | [`lines`], `x86_64::mulx::sub` | — | composed |
//! | Miller-loop steps (doubling step with its line, f²·l, line pairs), Miller lanes | hayate-pairing | hayate-pairing (`backend::lines`, on [`lines`]' helpers and `x86_64::mulx::sub`) | hayate-pairing (`backend::x86_64::ifma`, on [`x86_64::ifma`]'s vertical arithmetic) | hayate-pairing |
//! | cyclotomic and compressed squarings, GT powers | composed | [`x86_64::mulx`] (BLS12-381, bn254-beuchat; alt_bn128's Granger–Scott squaring) | [`x86_64::ifma`] (also alt_bn128), [`x86_64::ifma::pow`] (eight values in lanes) | composed |
//! | G2 point formulas, GLS columns, G1 Straus combinations | in `hayate-ec` (its `backend` module has the table) | | | |
//! | 4-way radix-2^29 product (paper 000's SIMD idea on AVX2; an experiment) | — | `x86_64::avx2` (feature `lab`; example only) | — | — |
//!
//! The tower-level rows apply to the towers that declare a kernel set for them
//! ([`crate::TowerParams::KERNELS`]; the sets and their kernels per ISA are [`kernel_set`]'s
//! table): a tower is never recognised by the shape of its constants.
//!
//! A build forces a back end with `--cfg hayate_backend="portable"` (no assembly, no lanes) or
//! `--cfg hayate_backend="mulx"` (no lanes) ([`PORTABLE_FORCED`], [`LANES_FORCED_OFF`]); the
//! environment is never read.
//!
//! [`cpu::detected`] is the one CPU detection the back ends share; [`active`] says which
//! kernels run in this process (the report's machine section prints it).
//!
//! The tower types never name an ISA: [`crate::Fp12`] asks the crate-private `tower` module
//! (the Fp12-level dispatch: products, squares, line products, cyclotomic and compressed
//! squarings) for a kernel and composes the operation from Fp6 and Fp2 where it gets none.

/// Opens an assembly kernel's block: a local label at its first instruction (see
/// [`kernel_end!`]). Exported for the assembly kernels of `hayate-ec` and `hayate-pairing`.
#[cfg(target_arch = "x86_64")]
#[macro_export]
#[doc(hidden)]
macro_rules! kernel_begin {
    () => {
        "7770:"
    };
}

/// Closes an assembly kernel's block: records {offset of the block's first instruction
/// relative to this record (i32), length in bytes (u32), NUL-terminated name, padding to 4} in
/// the retained, non-executable section `hayate_ct_kernels`, so that a disassembler can find
/// every inlined copy of every kernel in a linked binary (the constant-time disassembly check,
/// `crates/ct/tests/disasm.rs`). No instruction is added to the kernel. Exported as
/// [`kernel_begin!`].
#[cfg(target_arch = "x86_64")]
#[macro_export]
#[doc(hidden)]
macro_rules! kernel_end {
    ($name:literal) => {
        concat!(
            "7771:\n",
            ".pushsection hayate_ct_kernels,\"aR\",@progbits\n",
            ".balign 4\n",
            ".long 7770b - .\n",
            ".long 7771b - 7770b\n",
            ".asciz \"",
            $name,
            "\"\n",
            ".balign 4\n",
            ".popsection"
        )
    };
}

/// Assembly kernel calls so far (builds with the `ct-valgrind` feature only: the constant-time
/// payloads assert with it that the assembly actually ran).
#[cfg(feature = "ct-valgrind")]
static KERNEL_CALLS: core::sync::atomic::AtomicU64 = core::sync::atomic::AtomicU64::new(0);

/// Counts one assembly kernel call (every generated kernel calls this first in `ct-valgrind`
/// builds, those of `hayate-ec` and `hayate-pairing` too).
#[cfg(feature = "ct-valgrind")]
#[doc(hidden)]
#[inline(always)]
pub fn kernel_ran() {
    KERNEL_CALLS.fetch_add(1, core::sync::atomic::Ordering::Relaxed);
}

/// Number of assembly kernel calls so far in this process (`ct-valgrind` builds only).
#[cfg(feature = "ct-valgrind")]
pub fn kernel_calls() -> u64 {
    KERNEL_CALLS.load(core::sync::atomic::Ordering::Relaxed)
}

#[cfg(target_arch = "aarch64")]
pub mod aarch64;
pub mod cpu;
pub mod kernel_set;
pub mod lines;
pub mod portable;
pub(crate) mod tower;
#[cfg(target_arch = "x86_64")]
pub mod x86_64;

#[cfg(target_arch = "x86_64")]
use x86_64::mulx;

// Everything the portable back end offers (e.g. `Wide`, full-width-modulus kernels) is
// re-exported; the functions defined below shadow the glob for the dispatched kernels.
pub use portable::*;

pub use cpu::{active, Active};
pub use kernel_set::{kernels, KernelSet};

/// Whether the build forces the portable code (`--cfg hayate_backend="portable"`): no assembly
/// and no vector lanes on any architecture.
pub const PORTABLE_FORCED: bool = cfg!(hayate_backend = "portable");

/// Whether the build forces the vector lanes off (`--cfg hayate_backend="mulx"`, or
/// `"portable"`): on x86-64 the MULX assembly runs without the AVX-512 IFMA kernels.
pub const LANES_FORCED_OFF: bool = cfg!(any(hayate_backend = "portable", hayate_backend = "mulx"));

/// Whether the assembly kernels apply to this N and modulus (CPU support aside).
#[cfg(any(target_arch = "x86_64", target_arch = "aarch64"))]
#[inline(always)]
fn asm_shape<const N: usize>(m: &[u64; N]) -> bool {
    !PORTABLE_FORCED && (N == 4 || N == 6) && m[N - 1] >> 63 == 0
}

/// `&[u64; N]` as `&[u64; M]` when N == M (the callers test N first, so the check folds):
/// how a kernel for a fixed limb count is called from code generic over N (also by the
/// kernels of `hayate-ec` and `hayate-pairing`). Panics if N ≠ M.
#[cfg(any(target_arch = "x86_64", target_arch = "aarch64"))]
#[inline(always)]
pub fn cast<const N: usize, const M: usize>(x: &[u64; N]) -> &[u64; M] {
    x.as_slice().try_into().expect("limb count")
}

/// `[u64; M]` as `[u64; N]` when N == M: a fixed-limb kernel's result back in generic code
/// (the inverse of [`cast`]). Panics if N ≠ M.
#[cfg(any(target_arch = "x86_64", target_arch = "aarch64"))]
#[inline(always)]
pub fn uncast<const N: usize, const M: usize>(x: [u64; M]) -> [u64; N] {
    let mut r = [0u64; N];
    r.copy_from_slice(&x);
    r
}

/// [`cast`] for an Fp2 element's two coordinates.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
fn casts<const N: usize, const M: usize>(x: [&[u64; N]; 2]) -> [&[u64; M]; 2] {
    [cast(x[0]), cast(x[1])]
}

#[cfg(target_arch = "x86_64")]
#[inline(always)]
fn uncast_wide<const N: usize, const M: usize>(x: &Wide<M>) -> Wide<N> {
    Wide {
        lo: uncast(x.lo),
        hi: uncast(x.hi),
    }
}

/// Fused Montgomery multiplication a·b·2^(−64N) mod m (see [`portable::mont_mul`]).
#[inline(always)]
pub fn mont_mul<const N: usize>(a: &[u64; N], b: &[u64; N], m: &[u64; N], inv: u64) -> [u64; N] {
    #[cfg(target_arch = "x86_64")]
    if asm_shape(m) && mulx::available() {
        // SAFETY: BMI2/ADX present (`available`), top bit of m clear (`asm_shape`).
        unsafe {
            if N == 4 {
                return uncast(mulx::k::mont_mul_4(cast(a), cast(b), cast(m), inv));
            } else {
                return uncast(mulx::k::mont_mul_6(cast(a), cast(b), cast(m), inv));
            }
        }
    }
    #[cfg(target_arch = "aarch64")]
    if asm_shape(m) {
        return aarch64_mont_mul(a, b, m, inv);
    }
    portable::mont_mul(a, b, m, inv)
}

/// The AArch64 Montgomery product for N ∈ {4, 6} and a modulus with its top bit clear: the
/// NEON product and the scalar reduction, or the fused scalar kernel ([`aarch64::NEON_MONT_MUL`]).
#[cfg(target_arch = "aarch64")]
#[inline(always)]
fn aarch64_mont_mul<const N: usize>(
    a: &[u64; N],
    b: &[u64; N],
    m: &[u64; N],
    inv: u64,
) -> [u64; N] {
    if aarch64::NEON_MONT_MUL {
        let (lo, hi) = aarch64::neon::mul_wide(a, b);
        aarch64::scalar::redc(&lo, &hi, m, inv)
    } else {
        aarch64::scalar::mont_mul(a, b, m, inv)
    }
}

/// Montgomery squaring a²·2^(−64N) mod m for a < m (see [`portable::mont_sqr`]); on x86-64 a
/// dedicated squaring (N(N−1)/2 + N multiplications) followed by the reduction.
#[inline(always)]
pub fn mont_sqr<const N: usize>(a: &[u64; N], m: &[u64; N], inv: u64) -> [u64; N] {
    #[cfg(target_arch = "x86_64")]
    if asm_shape(m) && mulx::available() {
        // SAFETY: as in `mont_mul`.
        unsafe {
            if N == 4 {
                return uncast(mulx::k::mont_sqr_4(cast(a), cast(m), inv));
            } else {
                return uncast(mulx::k::mont_sqr_6(cast(a), cast(m), inv));
            }
        }
    }
    #[cfg(target_arch = "aarch64")]
    if asm_shape(m) {
        return aarch64_mont_mul(a, a, m, inv);
    }
    portable::mont_sqr(a, m, inv)
}

#[cfg(target_arch = "x86_64")]
#[inline(always)]
fn asm_mul_wide<const N: usize>(a: &[u64; N], b: &[u64; N]) -> Wide<N> {
    // SAFETY: only called after `available()`; N is 4 or 6.
    unsafe {
        if N == 4 {
            let (lo, hi) = mulx::k::mul_wide_4(cast(a), cast(b));
            Wide {
                lo: uncast(lo),
                hi: uncast(hi),
            }
        } else {
            let (lo, hi) = mulx::k::mul_wide_6(cast(a), cast(b));
            Wide {
                lo: uncast(lo),
                hi: uncast(hi),
            }
        }
    }
}

/// Schoolbook product a·b as a 2N-limb value (see [`portable::mul_wide`]).
#[inline(always)]
pub fn mul_wide<const N: usize>(a: &[u64; N], b: &[u64; N]) -> Wide<N> {
    #[cfg(target_arch = "x86_64")]
    if (N == 4 || N == 6) && mulx::available() {
        return asm_mul_wide(a, b);
    }
    #[cfg(target_arch = "aarch64")]
    if !PORTABLE_FORCED {
        let (lo, hi) = aarch64::scalar::mul_wide(a, b);
        return Wide { lo, hi };
    }
    portable::mul_wide(a, b)
}

/// a² as a 2N-limb value (see [`portable::sqr_wide`]).
#[inline(always)]
pub fn sqr_wide<const N: usize>(a: &[u64; N]) -> Wide<N> {
    #[cfg(target_arch = "x86_64")]
    if (N == 4 || N == 6) && mulx::available() {
        // SAFETY: BMI2/ADX present (`available`); N is 4 or 6.
        unsafe {
            let (lo, hi) = if N == 4 {
                let (lo, hi) = mulx::k::sqr_wide_4(cast(a));
                (uncast(lo), uncast(hi))
            } else {
                let (lo, hi) = mulx::k::sqr_wide_6(cast(a));
                (uncast(lo), uncast(hi))
            };
            return Wide { lo, hi };
        }
    }
    portable::sqr_wide(a)
}

/// Montgomery reduction of T < m·2^(64N), fully reduced (see [`portable::redc`]).
#[inline(always)]
pub fn redc<const N: usize>(t: &Wide<N>, m: &[u64; N], inv: u64) -> [u64; N] {
    #[cfg(target_arch = "x86_64")]
    if asm_shape(m) && mulx::available() {
        // SAFETY: as in `mont_mul`.
        unsafe {
            if N == 4 {
                return uncast(mulx::k::redc_4(cast(&t.lo), cast(&t.hi), cast(m), inv));
            } else {
                return uncast(mulx::k::redc_6(cast(&t.lo), cast(&t.hi), cast(m), inv));
            }
        }
    }
    #[cfg(target_arch = "aarch64")]
    if asm_shape(m) {
        return aarch64::scalar::redc(&t.lo, &t.hi, m, inv);
    }
    portable::redc(t, m, inv)
}

/// a·b mod 2^(64N) − c for 0 < c < 2^62, fully reduced (see [`portable::mul_pm`]); MULX/ADX
/// assembly for N = 4 (product and both folds in registers).
#[inline(always)]
pub fn mul_pm<const N: usize>(a: &[u64; N], b: &[u64; N], c: u64) -> [u64; N] {
    #[cfg(target_arch = "x86_64")]
    if N == 4 && mulx::available() {
        // SAFETY: BMI2/ADX present (`available`); N = 4; the callers pass c < 2^62.
        unsafe {
            return uncast(mulx::k::mul_pm_4(cast(a), cast(b), c));
        }
    }
    portable::mul_pm(a, b, c)
}

/// a² mod 2^(64N) − c for 0 < c < 2^62, fully reduced (see [`portable::sqr_pm`]); a dedicated
/// MULX/ADX squaring (6 + 4 multiplications before the fold) for N = 4.
#[inline(always)]
pub fn sqr_pm<const N: usize>(a: &[u64; N], c: u64) -> [u64; N] {
    #[cfg(target_arch = "x86_64")]
    if N == 4 && mulx::available() {
        // SAFETY: as in `mul_pm`.
        unsafe {
            return uncast(mulx::k::sqr_pm_4(cast(a), c));
        }
    }
    portable::sqr_pm(a, c)
}

/// Product in Fp2 = Fp\[u\]/(u² + k) (β = −k), fully reduced: Karatsuba with lazy reduction
/// (see [`portable::fp2_mul`]); on x86-64 with BMI2/ADX one assembly block over a stack
/// scratch buffer (three products, the combination passes and both reductions) for N = 4, 6
/// with k = 1 and for N = 4 with any k. Needs reduced inputs and k·m < 2^(64N).
#[inline(always)]
pub fn fp2_mul<const N: usize>(
    a: [&[u64; N]; 2],
    b: [&[u64; N]; 2],
    m: &[u64; N],
    inv: u64,
    k: u64,
) -> [[u64; N]; 2] {
    #[cfg(target_arch = "x86_64")]
    if asm_shape(m) && (k == 1 || N == 4) && mulx::available() {
        // SAFETY: BMI2/ADX present (`available`), top bit of m clear (`asm_shape`), k·m < R
        // (caller).
        unsafe {
            if N == 4 && k != 1 {
                let r = mulx::fp2_mul_k_4(casts(a), casts(b), cast(m), inv, k);
                return [uncast(r[0]), uncast(r[1])];
            } else if N == 4 {
                let r = mulx::fp2_mul_4(casts(a), casts(b), cast(m), inv);
                return [uncast(r[0]), uncast(r[1])];
            } else {
                let r = mulx::fp2_mul_6(casts(a), casts(b), cast(m), inv);
                return [uncast(r[0]), uncast(r[1])];
            }
        }
    }
    portable::fp2_mul(a, b, m, inv, k)
}

/// Double-width product in Fp2 = Fp\[u\]/(u² + k) (see [`portable::fp2_mul_wide`]); one
/// assembly block on x86-64 with BMI2/ADX, as for [`fp2_mul`].
#[inline(always)]
pub fn fp2_mul_wide<const N: usize>(
    a: [&[u64; N]; 2],
    b: [&[u64; N]; 2],
    m: &[u64; N],
    k: u64,
) -> [Wide<N>; 2] {
    #[cfg(target_arch = "x86_64")]
    if asm_shape(m) && (k == 1 || N == 4) && mulx::available() {
        // SAFETY: as in `fp2_mul`.
        unsafe {
            if N == 4 && k != 1 {
                let r = mulx::fp2_mul_wide_k_4(casts(a), casts(b), cast(m), k);
                return [uncast_wide(&r[0]), uncast_wide(&r[1])];
            } else if N == 4 {
                let r = mulx::fp2_mul_wide_4(casts(a), casts(b), cast(m));
                return [uncast_wide(&r[0]), uncast_wide(&r[1])];
            } else {
                let r = mulx::fp2_mul_wide_6(casts(a), casts(b), cast(m));
                return [uncast_wide(&r[0]), uncast_wide(&r[1])];
            }
        }
    }
    portable::fp2_mul_wide(a, b, m, k)
}

/// Squaring in Fp2 = Fp\[u\]/(u² + 1) (see [`portable::fp2_sqr`]); on x86-64 with BMI2/ADX for
/// N = 4, 6 one assembly block (the additions and both fused products). Needs reduced inputs
/// and a modulus with its top bit clear.
#[inline(always)]
pub fn fp2_sqr<const N: usize>(a: [&[u64; N]; 2], m: &[u64; N], inv: u64) -> [[u64; N]; 2] {
    #[cfg(target_arch = "x86_64")]
    if asm_shape(m) && mulx::available() {
        // SAFETY: BMI2/ADX present (`available`), top bit of m clear (`asm_shape`).
        unsafe {
            if N == 4 {
                let r = mulx::fp2_sqr_4(casts(a), cast(m), inv);
                return [uncast(r[0]), uncast(r[1])];
            } else {
                let r = mulx::fp2_sqr_6(casts(a), cast(m), inv);
                return [uncast(r[0]), uncast(r[1])];
            }
        }
    }
    portable::fp2_sqr(a, m, inv)
}

/// a + b mod m for reduced a, b and a modulus with the top bit of its top limb clear
/// (see [`portable::add_mod`]); a short assembly block for N = 4 on x86-64 (baseline
/// instructions only: add/adc, sub/sbb, cmov), where LLVM otherwise tends to turn the final
/// selection into a data-dependent branch inside loops. For N > 4 the modulus limbs go through
/// an optimisation barrier ([`portable::add_mod_opaque`]): as a compile-time constant LLVM
/// turns the 6-limb subtraction into slower `lea`/`cmp`/`setb` sequences
/// (docs/backend-notes.md).
#[inline(always)]
pub fn add_mod<const N: usize>(a: &[u64; N], b: &[u64; N], m: &[u64; N]) -> [u64; N] {
    #[cfg(target_arch = "x86_64")]
    if N == 4 {
        return uncast(mulx::add_mod_4(*cast(a), *cast(b), cast(m)));
    }
    if N > 4 {
        // the constant modulus would turn the subtraction chain into lea/cmp/setb code
        return portable::add_mod_opaque(a, b, m);
    }
    portable::add_mod(a, b, m)
}

/// a − b mod m for reduced a, b (see [`portable::sub_mod`]); assembly for N = 4 on x86-64, as
/// [`add_mod`].
#[inline(always)]
pub fn sub_mod<const N: usize>(a: &[u64; N], b: &[u64; N], m: &[u64; N]) -> [u64; N] {
    #[cfg(target_arch = "x86_64")]
    if N == 4 {
        return uncast(mulx::sub_mod_4(*cast(a), *cast(b), cast(m)));
    }
    portable::sub_mod(a, b, m)
}

/// (a + b) mod m·2^(64N) for double-width a, b < m·2^(64N) (see [`portable::wide_add_mod`]).
#[inline(always)]
pub fn wide_add_mod<const N: usize>(a: &Wide<N>, b: &Wide<N>, m: &[u64; N]) -> Wide<N> {
    portable::wide_add_mod(a, b, m)
}

/// (a − b) mod m·2^(64N) for double-width a, b < m·2^(64N) (see [`portable::wide_sub_mod`]).
#[inline(always)]
pub fn wide_sub_mod<const N: usize>(a: &Wide<N>, b: &Wide<N>, m: &[u64; N]) -> Wide<N> {
    portable::wide_sub_mod(a, b, m)
}

/// Squaring in Fp2 = Fp\[u\]/(u² + k) for k ≥ 1 with (k + 1)·m < R (see
/// [`portable::fp2_sqr_k`]); for N = 4 and k = 5 (bn254-beuchat) on x86-64 with BMI2/ADX one
/// assembly block (both double-width products, the combination and both reductions).
#[inline(always)]
pub fn fp2_sqr_k<const N: usize>(
    a: [&[u64; N]; 2],
    m: &[u64; N],
    inv: u64,
    k: u64,
) -> [[u64; N]; 2] {
    #[cfg(target_arch = "x86_64")]
    if N == 4 && k == 5 && asm_shape(m) && mulx::available() {
        // SAFETY: BMI2/ADX present (`available`), top bit of m clear (`asm_shape`), 6m < R
        // (caller).
        unsafe {
            let r = mulx::fp2_sqr_k5_4(casts(a), cast(m), inv);
            return [uncast(r[0]), uncast(r[1])];
        }
    }
    portable::fp2_sqr_k(a, m, inv, k)
}

/// Whether the MULX kernels of BLS12-381's tower run for P's tower: it declares
/// [`KernelSet::Bls12_381`] and [`tower_kernel`] holds. The 6-limb-only kernels (e.g.
/// [`lines`]) test this.
#[inline(always)]
pub fn fp6_kernel<P: crate::TowerParams<N>, const N: usize>() -> bool {
    matches!(kernels::<P, N>(), KernelSet::Bls12_381) && tower_kernel::<P, N>()
}

/// Whether [`fp6_mul`], [`fp6_mul_wide`], [`fp6_mul_by_01`], [`fp4_sqr`], [`fp12_lazy`],
/// [`cyclo_sqr`] and [`compressed_sqr`] run the one-block assembly for P's tower: its declared
/// [`KernelSet`] has MULX kernels ([`KernelSet::mulx`]: BLS12-381's and bn254-beuchat's
/// shapes) and the MULX back end runs (x86-64 with BMI2/ADX). Folds to the CPU test or `false`
/// at compile time.
#[inline(always)]
pub fn tower_kernel<P: crate::TowerParams<N>, const N: usize>() -> bool {
    mulx_runs(kernels::<P, N>().mulx())
}

/// Whether a MULX kernel that P's set has (`has`, a constant) runs: the CPU test, or `false`.
#[inline(always)]
fn mulx_runs(has: bool) -> bool {
    #[cfg(target_arch = "x86_64")]
    return has && mulx::available();
    #[cfg(not(target_arch = "x86_64"))]
    {
        let _ = has;
        false
    }
}

#[cfg(target_arch = "x86_64")]
/// The limb-level tower kernels' own safety check (their callers have checked [`tower_kernel`]
/// for their tower): the modulus fits the set of that limb count (N = 6: BLS12-381's shape,
/// N = 4: bn254-beuchat's) and BMI2/ADX are available.
#[inline(always)]
fn kernel_checked<const N: usize>(m: &[u64; N]) -> bool {
    let fits = if N == 6 {
        KernelSet::Bls12_381.fits(m, 1, (1, 1))
    } else {
        KernelSet::Bn254Beuchat.fits(m, 5, (0, 1))
    };
    !PORTABLE_FORCED && fits && mulx::available()
}

/// Defines the dispatchers of the limb-level tower kernels: on x86-64, when [`kernel_checked`]
/// holds, the MULX kernel of N = 4 or N = 6 on the operands cast to that limb count; otherwise
/// unreachable (each caller has checked [`tower_kernel`] for its tower).
macro_rules! tower_dispatch {
    ($(
        $(#[$attr:meta])*
        pub fn $name:ident($($x:ident: [&[u64; N]; $len:literal]),+; $($s:ident),*) -> $out:ty
            = $k4:ident | $k6:ident, $back:expr;
    )*) => {$(
        $(#[$attr])*
        ///
        /// The caller must have checked [`tower_kernel`] for its tower (unreachable otherwise).
        #[inline(always)]
        pub fn $name<const N: usize>(
            $($x: [&[u64; N]; $len],)+ m: &[u64; N] $(, $s: u64)*
        ) -> $out {
            #[cfg(target_arch = "x86_64")]
            if kernel_checked(m) {
                // SAFETY: BMI2/ADX present, the modulus fits the kernel set of this limb count
                // (`kernel_checked`).
                unsafe {
                    return if N == 4 {
                        mulx::$k4($($x.map(cast),)+ cast(m) $(, $s)*).map($back)
                    } else {
                        mulx::$k6($($x.map(cast),)+ cast(m) $(, $s)*).map($back)
                    };
                }
            }
            let _ = ($($x,)+ m $(, $s)*);
            unreachable!(concat!(stringify!($name), " without tower_kernel"))
        }
    )*};
}

tower_dispatch! {
    /// Fp6 product in a kernel tower shape: the six coordinates (c0.c0, c0.c1, c1.c0, …) of
    /// a·b, fully reduced.
    pub fn fp6_mul(a: [&[u64; N]; 6], b: [&[u64; N]; 6]; inv) -> [[u64; N]; 6]
        = fp6_mul_4 | fp6_mul_6, uncast;

    /// The double-width form of [`fp6_mul`] (six 2N-limb coordinates, each in [0, m·2^(64N))).
    pub fn fp6_mul_wide(a: [&[u64; N]; 6], b: [&[u64; N]; 6];) -> [Wide<N>; 6]
        = fp6_mul_wide_4 | fp6_mul_wide_6, |w| uncast_wide(&w);

    /// Karabina's compressed squaring of (g2, g3, g4, g5) in a kernel tower shape in one
    /// assembly block (see [`mulx::compressed_sqr_6`] / [`mulx::compressed_sqr_4`]): eight
    /// coordinates (g2.c0, g2.c1, …), fully reduced, after `n` ≥ 1 squarings.
    pub fn compressed_sqr(g: [&[u64; N]; 8]; inv, n) -> [[u64; N]; 8]
        = compressed_sqr_4 | compressed_sqr_6, uncast;

    /// Sparse Fp6 product a·(b0 + b1·v) in a kernel tower shape; `b` = (b0.c0, b0.c1, b1.c0,
    /// b1.c1). Fully reduced.
    pub fn fp6_mul_by_01(a: [&[u64; N]; 6], b: [&[u64; N]; 4]; inv) -> [[u64; N]; 6]
        = fp6_mul_by_01_4 | fp6_mul_by_01_6, uncast;

    /// (a + b·s)² in Fp4 = Fp2\[s\]/(s² − ξ) in a kernel tower shape: (a² + ξb², 2ab) as four
    /// fully reduced coordinates.
    pub fn fp4_sqr(a: [&[u64; N]; 2], b: [&[u64; N]; 2]; inv) -> [[u64; N]; 4]
        = fp4_sqr_4 | fp4_sqr_6, uncast;
}

/// Whether [`cyclo_sqr`] runs the one-block MULX kernel for P's tower: its declared
/// [`KernelSet`] has a MULX Granger–Scott squaring ([`KernelSet::mulx_cyclo`]: BLS12-381's,
/// bn254-beuchat's and alt_bn128's shapes) and the MULX back end runs. Folds to the CPU test or
/// `false` at compile time.
#[inline(always)]
pub fn cyclo_kernel<P: crate::TowerParams<N>, const N: usize>() -> bool {
    mulx_runs(kernels::<P, N>().mulx_cyclo())
}

/// The cyclotomic-squaring kernels' own safety check (their callers have checked
/// [`cyclo_kernel`]): the modulus fits the bound of the kernel that P's set selects and
/// BMI2/ADX are available.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
fn cyclo_checked<P: crate::TowerParams<N>, const N: usize>() -> bool {
    let m = &P::MODULUS;
    let fits = match kernels::<P, N>() {
        KernelSet::AltBn128 => N == 4 && m[N - 1] >> 62 == 0,
        KernelSet::Composed => false,
        _ => kernel_checked(m),
    };
    !PORTABLE_FORCED && fits && mulx::available()
}

/// Granger–Scott cyclotomic squaring in one assembly block for P's tower (see
/// [`mulx::cyclo_sqr_6`], [`mulx::cyclo_sqr_4`], [`mulx::cyclo_sqr_4_xi9`]): the twelve
/// coordinates in Fp12 memory order, fully reduced, after `n` ≥ 1 squarings. The caller must
/// have checked [`cyclo_kernel`] (unreachable otherwise).
#[inline(always)]
pub fn cyclo_sqr<P: crate::TowerParams<N>, const N: usize>(
    z: [&[u64; N]; 12],
    n: u64,
) -> [[u64; N]; 12] {
    #[cfg(target_arch = "x86_64")]
    if cyclo_checked::<P, N>() {
        let (m, inv) = (&P::MODULUS, crate::Fp::<P, N>::INV);
        // SAFETY: BMI2/ADX present, the modulus fits the bound of the selected kernel
        // (`cyclo_checked`).
        unsafe {
            return match (kernels::<P, N>(), N) {
                (KernelSet::AltBn128, _) => {
                    mulx::cyclo_sqr_4_xi9(z.map(cast), cast(m), inv, n).map(uncast)
                }
                (_, 4) => mulx::cyclo_sqr_4(z.map(cast), cast(m), inv, n).map(uncast),
                _ => mulx::cyclo_sqr_6(z.map(cast), cast(m), inv, n).map(uncast),
            };
        }
    }
    let _ = (z, n);
    unreachable!("cyclo_sqr without cyclo_kernel")
}

/// f·(1 + c3·w + c4·v·w) in bn254-beuchat's kernel tower shape (N = 4; the caller must have
/// checked [`tower_kernel`]): `f` in Fp12 memory order, `line` = (c3.c0, c3.c1, c4.c0, c4.c1);
/// fully reduced. `None` for N = 6 (BLS12-381's twist is M-type: no such line).
#[inline(always)]
pub fn fp12_mul_by_034_unit<const N: usize>(
    f: [&[u64; N]; 12],
    line: [&[u64; N]; 4],
    m: &[u64; N],
    inv: u64,
) -> Option<[[u64; N]; 12]> {
    #[cfg(target_arch = "x86_64")]
    if N == 4 && kernel_checked(m) {
        // SAFETY: BMI2/ADX present, the modulus fits the 4-limb kernel set (`kernel_checked`).
        unsafe {
            let r = mulx::fp12_mul_by_034_unit_4(f.map(cast), line.map(cast), cast(m), inv);
            return Some(r.map(uncast));
        }
    }
    let _ = (f, line, m, inv);
    None
}

#[cfg(target_arch = "x86_64")]
pub use mulx::Fp12Lazy;

/// An Fp12 product, squaring or sparse product with lazy reduction across Fp6 and Fp12 in a
/// kernel tower shape (see [`mulx::fp12_lazy_6`] / [`mulx::fp12_lazy_4`]; the caller must
/// have checked [`tower_kernel`]): the twelve reduced coordinates.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
pub fn fp12_lazy<const N: usize>(op: Fp12Lazy<'_, N>, m: &[u64; N], inv: u64) -> [[u64; N]; 12] {
    if kernel_checked(m) {
        // SAFETY: BMI2/ADX present, the modulus fits the shape's bound (`tower_kernel`).
        unsafe {
            if N == 4 {
                return mulx::fp12_lazy_4(lazy_cast(op), cast(m), inv).map(uncast);
            }
            return mulx::fp12_lazy_6(lazy_cast(op), cast(m), inv).map(uncast);
        }
    }
    unreachable!("fp12_lazy without tower_kernel")
}

/// [`cast`] for the operands of an [`Fp12Lazy`] operation.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
fn lazy_cast<'a, const N: usize, const M: usize>(op: Fp12Lazy<'a, N>) -> Fp12Lazy<'a, M> {
    match op {
        #[cfg(feature = "lab")]
        Fp12Lazy::Mul(p) => Fp12Lazy::Mul(p.map(|x| x.map(cast))),
        #[cfg(feature = "lab")]
        Fp12Lazy::Sqr(p) => Fp12Lazy::Sqr(p.map(|x| x.map(cast))),
        Fp12Lazy::By034(p0, p) => Fp12Lazy::By034(p0.map(cast), p.map(|x| x.map(cast))),
    }
}

/// Whether [`crate::batch_pow`]'s exponentiations and square chains run in SIMD lanes for
/// `Fp<P, N>` on this CPU: Montgomery fields of 4 or 6 words (the lane kernels convert from
/// and to R = 2^(64N); the pseudo-Mersenne fields keep plain residues) and the AVX-512 IFMA
/// lanes ([`x86_64::ifma`]).
#[inline]
pub(crate) fn pow_lanes_available<P: crate::FpParams<N>, const N: usize>() -> bool {
    #[cfg(target_arch = "x86_64")]
    return crate::Fp::<P, N>::RADIX_BITS == 64 * N
        && (N == 4 || N == 6)
        && x86_64::ifma::available();
    #[cfg(not(target_arch = "x86_64"))]
    false
}

/// x^e for every x of `xs` by a prepared schedule with a first step, in the SIMD lanes;
/// `None` where [`pow_lanes_available`] does not hold.
#[inline]
pub(crate) fn pow_lanes<P: crate::FpParams<N>, const N: usize>(
    xs: &[crate::Fp<P, N>],
    sched: &crate::batch_pow::Schedule,
) -> Option<alloc::vec::Vec<crate::Fp<P, N>>> {
    #[cfg(target_arch = "x86_64")]
    if pow_lanes_available::<P, N>() {
        return Some(x86_64::ifma::pow::pow_lanes(xs, sched));
    }
    let _ = (xs, sched);
    None
}

/// The squarings x^(2^j), j in `snapshots` (ascending), for every x of `xs` in the SIMD lanes;
/// `None` where [`pow_lanes_available`] does not hold.
#[inline]
pub(crate) fn square_chain_lanes<P: crate::FpParams<N>, const N: usize>(
    xs: &[crate::Fp<P, N>],
    snapshots: &[usize],
) -> Option<alloc::vec::Vec<alloc::vec::Vec<crate::Fp<P, N>>>> {
    #[cfg(target_arch = "x86_64")]
    if pow_lanes_available::<P, N>() {
        return Some(x86_64::ifma::pow::square_chain_lanes(xs, snapshots));
    }
    let _ = (xs, snapshots);
    None
}

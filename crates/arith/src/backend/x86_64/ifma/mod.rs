//! AVX-512 IFMA back end (`vpmadd52luq` / `vpmadd52huq`: eight 52-bit multiply-accumulates
//! per instruction), selected at run time where the CPU has AVX-512F and AVX-512 IFMA, for the
//! towers whose [`KernelSet`] has IFMA kernels (the squarings also for alt_bn128's,
//! `square_xi9`); paper 000's SIMD idea (SEEDS.md §000) with 52-bit multiply-accumulates:
//! * **horizontal**, one element's coordinates across the lanes: Karabina's compressed
//!   cyclotomic squaring ([`compressed_sqr`], the squaring chains of the final
//!   exponentiation's exponentiations by z) and the Granger–Scott cyclotomic squaring
//!   ([`cyclo_sqr`], GT exponentiation), described below;
//! * **vertical**, one value per lane: eight independent Fp products per instruction sequence
//!   ([`Vert`], [`scaled_sop`], [`gather`], [`store_steps`]), the arithmetic of
//!   hayate-pairing's Miller-loop lanes (its `backend::x86_64::ifma`: the doubling steps of up
//!   to eight pairs at once and the whole Miller loop of a product of pairings, one pair per
//!   lane). That vertical API is public for hayate-pairing and carries no guarantee beyond it.
//!
//! # Method
//! * Radix 2^52: L = 8 limbs (R' = 2^416) for BLS12-381's p < 2^381, L = 6 (R' = 2^312) for
//!   bn254-beuchat's p < 2^255. Lane k of vector j = limb j of coordinate k: the whole
//!   compressed element (g2, g3, g4, g5, eight Fp coordinates) is one set of L vectors, in
//!   the lane order [`LANES`] = (g3.c0, g3.c1, g4.c0, g4.c1, g2.c0, g2.c1, g5.c0, g5.c1).
//! * One squaring is one Montgomery reduction per lane over a short sum of products, like the
//!   scalar sums-of-products kernels of `tools/codegen/x86_64.py`. With g2 = x, g3 = y, g4 = z,
//!   g5 = w and BLS12-381's Fp2 = Fp\[u\]/(u² + 1), ξ = 1 + u:
//!   - g3′ = 3(z² + ξw²) − 2y:  c0 = 3[(z0+z1)(z0−z1) + (w0+w1)(w0−w1) + (−2w0)w1] − 2y0,
//!     c1 = 3[(2z0)z1 + (w0+w1)(w0−w1) + (2w0)w1] − 2y1;
//!   - g4′ = 3(x² + ξy²) − 2z: the same with (x, y) for (z, w) and −2z;
//!   - g2′ = 2x + 6ξzw:  c0 = 3[(2z0)(w0−w1) + (−2z1)(w0+w1)] + 2x0,
//!     c1 = 3[(2z0)(w0+w1) + (2z1)(w0−w1)] + 2x1;
//!   - g5′ = 2w + 6xy:  c0 = 3[(2x0)y0 + (−2x1)y1] + 2w0, c1 = 3[(2x0)y1 + (2x1)y0] + 2w1.
//!
//!   bn254-beuchat's tower (u² = −5, ξ = u) has the forms of `square_beuchat`, whose
//!   operands are the state, its doubles and 16p − 5·state (no sums or differences).
//! * Each lane accumulates up to three such products: three passes of L×L limb products whose
//!   operands are lane permutations (`vpermt2q`) of the state and of its sums, differences
//!   and doubles. A fourth pass adds the old coordinate times the Montgomery form of ±2/3.
//!   Then the accumulator is tripled and reduced once. The old term goes through the
//!   reduction because it has coefficient +2: added after it, values would double every
//!   squaring. Differences and negations add a multiple of p whose limbs are all ≥ 2^52
//!   (2^53, 2^55) below the top one, so no limb ever goes negative.
//! * Bounds: a state value is a Montgomery output (3·Σ + m·p)/R' < p + 3·4·(16p)²/R' < 2p;
//!   the operands are below 16p; accumulator limbs stay below 2^61 (4 passes of at most 16
//!   terms < 2^52, ×3, then the reduction's 16 terms): no carry handling until the end.
//! * In and out: the eight Montgomery values (R = 2^(64N)) are cut into 52-bit limbs and
//!   multiplied by R'²/R mod p (to R' form) on the way in, by R mod p on the way out, then
//!   fully reduced: the result is bit for bit the scalar kernel's (tested in both shapes on
//!   runs of 1–100 squarings).
//! * Constant time: straight-line vector code; the loop count is the public run length.
//!   (valgrind cannot run AVX-512 code, so the valgrind constant-time tests exercise the
//!   scalar kernels: under valgrind the CPUID probe reports no AVX-512.)
//!
//! Measurements against the MULX kernels: docs/backend-notes.md.
//!
//! # Lane arithmetic for other crates
//! The 52-bit representation ([`V`], [`Consts`], [`ConstsOf`], [`to52`], [`from52`]), the
//! products and reductions ([`mul_acc`], [`redc`], [`scaled_sop`], [`square`], [`Vert`]),
//! the lane moves ([`splat`], [`splat_v`], [`map`], [`normalise`], [`gather`],
//! [`store_steps`], [`reduce_once`]) and [`available`] are public as the low-level lane API
//! on which the point kernels of `hayate-ec` (G2 columns, Straus lanes) and the Miller-loop
//! lanes of `hayate-pairing` are written. Their
//! contracts are the ones stated here; they are not meant for other code.
//!
//! # Safety
//! Every `unsafe fn` of this module requires a CPU with AVX-512F and AVX-512 IFMA
//! ([`available`]); those taking pointers or slices also state their bounds.

// A kernel module: an `unsafe fn` here is a kernel whose whole body is the unsafe operation
// (intrinsics of the target features it requires, or inline assembly) under its safety contract.
#![allow(unsafe_op_in_unsafe_fn)]
// One safety contract for every lane function: the module's "Safety" section.
#![allow(clippy::missing_safety_doc)]

use alloc::vec::Vec;

use crate::backend::{kernels, KernelSet};
pub mod pow;

use core::arch::x86_64::*;

/// Limb width of the radix.
pub(super) const W: u32 = 52;
/// Low 52 bits.
const MASK: u64 = (1 << W) - 1;
/// Accumulator length: 2L for the largest L (8 limbs = 416 bits, BLS12-381's shape).
pub const ACC: usize = 16;

/// Whether the IFMA kernels may run when the CPU has them (`true` by default); a switch for
/// A/B measurements in one process (`hayate-bench tower`, the pairing examples). Lab builds
/// only (feature `lab`).
#[cfg(feature = "lab")]
pub static ENABLED: core::sync::atomic::AtomicBool = core::sync::atomic::AtomicBool::new(true);

/// Whether the lanes may run (CPU and build), probed once.
static IFMA: crate::backend::cpu::Cached = crate::backend::cpu::Cached::new();

/// Whether the CPU has AVX-512F and AVX-512 IFMA (cached CPUID probe), the build does not force
/// the lanes off (`--cfg hayate_backend="mulx"` or `"portable"`) and, in a lab build, the
/// switch `ENABLED` is set.
#[inline(always)]
pub fn available() -> bool {
    let present = IFMA.get(|| !crate::backend::LANES_FORCED_OFF && cpu_has_ifma());
    #[cfg(feature = "lab")]
    let present = present && ENABLED.load(core::sync::atomic::Ordering::Relaxed);
    present
}

/// Whether the CPU has AVX-512F and AVX-512 IFMA (ignoring the switches; for tests).
pub fn cpu_has_ifma() -> bool {
    crate::backend::cpu::detected().avx512_ifma
}

/// Lane of each compressed coordinate: the state vector's lanes hold g3.c0, g3.c1, g4.c0,
/// g4.c1, g2.c0, g2.c1, g5.c0, g5.c1 (the two coordinates of an Fp2 element are neighbours,
/// and the three-product lanes g3′, g4′ come first).
const Y0: i64 = 0;
const Y1: i64 = 1;
const Z0: i64 = 2;
const Z1: i64 = 3;
const X0: i64 = 4;
const X1: i64 = 5;
const W0: i64 = 6;
const W1: i64 = 7;
/// Index of the coordinate (g2.c0, g2.c1, g3.c0, …, g5.c1) held in each lane.
pub const LANES: [usize; 8] = [2, 3, 4, 5, 0, 1, 6, 7];
/// Second-source offset in `vpermt2q` indices.
const B: i64 = 8;

/// The modulus-dependent constants of the kernel for L limbs of 52 bits, R' = 2^(52L)
/// (computed at compile time for a field).
#[derive(Clone, Copy, Debug)]
pub struct Consts<const L: usize> {
    /// p in 52-bit limbs.
    pub p: [u64; L],
    /// −p⁻¹ mod 2^52.
    pub n0: u64,
    /// R'²/R mod p (x·R ↦ x·R', R = 2^(64N) the Fp Montgomery radix).
    pub to: [u64; L],
    /// R mod p (x·R' ↦ x·R).
    pub from: [u64; L],
    /// R' mod p (1 in the 52-bit Montgomery form).
    pub one: [u64; L],
    /// (2/3)·R' mod p and its negation p − that: the old-coordinate terms.
    two_thirds: [u64; L],
    neg_two_thirds: [u64; L],
    /// 4p with limbs ≥ 2^52 (differences of normalised values).
    pub k4: [u64; L],
    /// 8p with limbs ≥ 2^53 (negations of doubled normalised values).
    pub k8: [u64; L],
    /// 16p with limbs ≥ 2^55 (negations of five times normalised values).
    pub k16: [u64; L],
    /// 32p with limbs ≥ 2^56 (negations of five times values below 6p).
    k32: [u64; L],
    /// 64p with limbs ≥ 2^56 (negations of values below 64p).
    pub k64: [u64; L],
    /// 128p with limbs ≥ 2^56 (negations of five times values below 25p).
    pub k128: [u64; L],
    /// 256p with limbs ≥ 2^56 (negations of values below 128p).
    pub k256: [u64; L],
}

/// x (below 2^384) in L 52-bit limbs (mod 2^(52L)).
pub const fn to52<const L: usize>(x: &[u64; 7]) -> [u64; L] {
    let mut r = [0u64; L];
    let mut j = 0;
    while j < L {
        let bit = W as usize * j;
        let (w, s) = (bit / 64, bit % 64);
        let mut v = if w < 7 { x[w] >> s } else { 0 };
        if s > 12 && w + 1 < 7 {
            v |= x[w + 1] << (64 - s);
        }
        r[j] = v & MASK;
        j += 1;
    }
    r
}

/// The N-word value of normalised 52-bit limbs (value below 2^(64N)).
#[inline(always)]
pub fn from52<const L: usize, const N: usize>(y: &[u64; L]) -> [u64; N] {
    let mut r = [0u64; N];
    for (j, &v) in y.iter().enumerate() {
        let bit = W as usize * j;
        let (w, s) = (bit / 64, bit % 64);
        if w < N {
            r[w] |= v << s;
        }
        if s > 12 && w + 1 < N {
            r[w + 1] |= v >> (64 - s);
        }
    }
    r
}

/// a + b for 7-word values (no overflow here).
const fn add7(a: &[u64; 7], b: &[u64; 7]) -> [u64; 7] {
    let mut r = [0u64; 7];
    let mut c = 0u64;
    let mut i = 0;
    while i < 7 {
        let s = a[i] as u128 + b[i] as u128 + c as u128;
        r[i] = s as u64;
        c = (s >> 64) as u64;
        i += 1;
    }
    r
}

/// a − b for 7-word values, with the borrow.
const fn sub7(a: &[u64; 7], b: &[u64; 7]) -> ([u64; 7], bool) {
    let mut r = [0u64; 7];
    let mut borrow = 0u64;
    let mut i = 0;
    while i < 7 {
        let (d1, b1) = a[i].overflowing_sub(b[i]);
        let (d2, b2) = d1.overflowing_sub(borrow);
        r[i] = d2;
        borrow = (b1 | b2) as u64;
        i += 1;
    }
    (r, borrow != 0)
}

/// 2^k mod p by doubling (p below 2^384, zero-padded).
const fn pow2_mod(p: &[u64; 7], k: usize) -> [u64; 7] {
    let mut r = [1u64, 0, 0, 0, 0, 0, 0];
    let mut i = 0;
    while i < k {
        r = add7(&r, &r);
        let (d, borrow) = sub7(&r, p);
        if !borrow {
            r = d;
        }
        i += 1;
    }
    r
}

/// x/3 mod p for x < p (adds p or 2p to make it divisible by 3, then long division).
const fn third_mod(x: &[u64; 7], p: &[u64; 7]) -> [u64; 7] {
    let mut t = *x;
    let mut k = 0;
    while k < 3 {
        // t mod 3 (2^64 ≡ 1 mod 3)
        let mut s = 0u128;
        let mut i = 0;
        while i < 7 {
            s += t[i] as u128;
            i += 1;
        }
        if s.is_multiple_of(3) {
            break;
        }
        t = add7(&t, p);
        k += 1;
    }
    let mut q = [0u64; 7];
    let mut rem = 0u128;
    let mut i = 7;
    while i > 0 {
        i -= 1;
        let cur = (rem << 64) | t[i] as u128;
        q[i] = (cur / 3) as u64;
        rem = cur % 3;
    }
    q
}

/// c·p in L 52-bit limbs with every limb below the top non-zero one raised by 2^t
/// (t ≥ 52) and the next one lowered by 2^(t−52) to compensate (same value): K − y then has
/// non-negative limbs for every normalised y < K/2 (y's limbs are below 2^52 ≤ 2^t, and
/// above the top limb both are 0).
const fn borrow_proof<const L: usize>(p: &[u64; 7], c: u64, t: u32) -> [u64; L] {
    let mut m = [0u64; 7];
    let mut carry = 0u128;
    let mut i = 0;
    while i < 7 {
        let s = p[i] as u128 * c as u128 + carry;
        m[i] = s as u64;
        carry = s >> 64;
        i += 1;
    }
    let mut k = to52::<L>(&m);
    let mut top = L - 1;
    while top > 0 && k[top] == 0 {
        top -= 1;
    }
    // (wrapping: the constants of shapes the kernels do not accept may be meaningless, but
    // must not stop compilation)
    let (hi, lo) = (1u64 << t, 1u64 << (t - W));
    let mut j = 0;
    while j < top {
        k[j] = k[j].wrapping_add(hi);
        j += 1;
    }
    while j > 0 {
        k[j] = k[j].wrapping_sub(lo);
        j -= 1;
    }
    k
}

impl<const L: usize> Consts<L> {
    /// The constants for an odd modulus p (N words, zero-padded to 7) with −p⁻¹ mod 2^64 =
    /// `inv`. (Evaluated for every field that mentions the kernel; meaningful only for the
    /// shapes [`applies`] accepts.)
    pub const fn new(p: &[u64; 7], n: usize, inv: u64) -> Self {
        let r1 = W as usize * L;
        Self {
            p: to52(p),
            n0: inv & MASK,
            to: to52(&pow2_mod(p, (2 * r1).saturating_sub(64 * n))),
            from: to52(&pow2_mod(p, 64 * n)),
            one: to52(&pow2_mod(p, r1)),
            two_thirds: to52(&third_mod(&pow2_mod(p, r1 + 1), p)),
            neg_two_thirds: to52(&sub7(p, &third_mod(&pow2_mod(p, r1 + 1), p)).0),
            k4: borrow_proof(p, 4, 52),
            k8: borrow_proof(p, 8, 53),
            k16: borrow_proof(p, 16, 55),
            k32: borrow_proof(p, 32, 56),
            k64: borrow_proof(p, 64, 56),
            k128: borrow_proof(p, 128, 56),
            k256: borrow_proof(p, 256, 56),
        }
    }
}

/// L limbs of eight lanes: `v[j]` = limb j.
pub type V<const L: usize> = [__m512i; L];
/// A double-width accumulator (the first 2L entries used).
pub type Acc = [__m512i; ACC];

/// x in every lane.
///
/// # Safety
/// The CPU must have AVX-512F (as for every function of this module's lanes).
#[inline(always)]
pub unsafe fn splat(x: u64) -> __m512i {
    _mm512_set1_epi64(x as i64)
}

/// The constant limbs as vectors (the same value in every lane).
#[inline(always)]
pub unsafe fn splat_v<const L: usize>(x: &[u64; L]) -> V<L> {
    map(|j| splat(x[j]))
}

#[inline(always)]
unsafe fn idx(i: [i64; 8]) -> __m512i {
    _mm512_setr_epi64(i[0], i[1], i[2], i[3], i[4], i[5], i[6], i[7])
}

/// Carries limbs above 52 bits upwards (limbs non-negative, value below 2^(52L)).
#[inline(always)]
pub unsafe fn normalise<const L: usize>(mut v: V<L>) -> V<L> {
    let mask = splat(MASK);
    for j in 0..L - 1 {
        let c = _mm512_srli_epi64::<W>(v[j]);
        v[j] = _mm512_and_si512(v[j], mask);
        v[j + 1] = _mm512_add_epi64(v[j + 1], c);
    }
    v
}

/// acc += a·b limb by limb (52-bit halves of each limb product to positions i+j and i+j+1).
#[inline(always)]
pub unsafe fn mul_acc<const L: usize>(acc: &mut Acc, a: &V<L>, b: &V<L>) {
    for i in 0..L {
        for j in 0..L {
            acc[i + j] = _mm512_madd52lo_epu64(acc[i + j], a[i], b[j]);
            acc[i + j + 1] = _mm512_madd52hi_epu64(acc[i + j + 1], a[i], b[j]);
        }
    }
}

/// Montgomery reduction acc·2^(−52L) mod p per lane, output normalised and below
/// acc/2^(52L) + p.
#[inline(always)]
pub unsafe fn redc<const L: usize>(mut acc: Acc, p: &V<L>, n0: __m512i) -> V<L> {
    let zero = _mm512_setzero_si512();
    for i in 0..L {
        let m = _mm512_madd52lo_epu64(zero, acc[i], n0);
        for j in 0..L {
            acc[i + j] = _mm512_madd52lo_epu64(acc[i + j], m, p[j]);
            acc[i + j + 1] = _mm512_madd52hi_epu64(acc[i + j + 1], m, p[j]);
        }
        acc[i + 1] = _mm512_add_epi64(acc[i + 1], _mm512_srli_epi64::<W>(acc[i]));
    }
    normalise(map(|j| acc[L + j]))
}

/// `f(j)` for each limb j.
#[inline(always)]
pub unsafe fn map<const L: usize>(f: impl Fn(usize) -> __m512i) -> V<L> {
    // a plain loop: `core::array::from_fn` over vectors is not always inlined, and an
    // out-of-line copy runs without the caller's AVX-512 target features (≈ 3 × slower)
    let mut r = [_mm512_setzero_si512(); L];
    for (j, x) in r.iter_mut().enumerate() {
        *x = f(j);
    }
    r
}

/// Tripled accumulator, then the reduction.
#[inline(always)]
unsafe fn triple_redc<const L: usize>(mut acc: Acc, p: &V<L>, n0: __m512i) -> V<L> {
    for a in acc.iter_mut().take(2 * L) {
        *a = _mm512_add_epi64(*a, _mm512_add_epi64(*a, *a));
    }
    redc(acc, p, n0)
}

/// The operands the u² = −1 shapes build from a state `s` (values below 2p): each Fp2 pair's
/// swapped coordinates, sums, differences (+4p), doubles and negated doubles (8p − 2s).
struct PairOps<const L: usize> {
    sw: V<L>,
    sum: V<L>,
    dif: V<L>,
    dbl: V<L>,
    ndbl: V<L>,
}

#[inline(always)]
unsafe fn pair_ops<const L: usize>(s: &V<L>, c: &Consts<L>) -> PairOps<L> {
    let sw = map::<L>(|j| _mm512_shuffle_epi32::<0x4E>(s[j]));
    PairOps {
        sum: normalise(map::<L>(|j| _mm512_add_epi64(s[j], sw[j]))),
        dif: normalise(map::<L>(|j| {
            _mm512_sub_epi64(_mm512_add_epi64(s[j], splat(c.k4[j])), sw[j])
        })),
        dbl: normalise(map::<L>(|j| _mm512_add_epi64(s[j], s[j]))),
        ndbl: normalise(map::<L>(|j| {
            _mm512_sub_epi64(splat(c.k8[j]), _mm512_add_epi64(s[j], s[j]))
        })),
        sw,
    }
}

/// One compressed squaring in BLS12-381's tower shape (u² = −1, ξ = 1 + u) of the state `s`
/// (lanes [`LANES`], values < 2p), the formulas of the module docs.
#[inline(always)]
unsafe fn square_bls12(s: &V<8>, c: &Consts<8>, p: &V<8>, n0: __m512i, old: &V<8>) -> V<8> {
    let PairOps {
        sum,
        dif,
        dbl,
        ndbl,
        ..
    } = pair_ops(s, c);

    let mut acc: Acc = [_mm512_setzero_si512(); ACC];
    // pass 0: (z0+z1)(z0−z1) | (2z0)z1 | (x0+x1)(x0−x1) | (2x0)x1 | (2z0)(w0−w1) |
    //         (2z0)(w0+w1) | (2x0)y0 | (2x0)y1
    let ia = idx([B + Z0, Z0, B + X0, X0, Z0, Z0, X0, X0]);
    let a0 = map::<8>(|j| _mm512_permutex2var_epi64(dbl[j], ia, sum[j]));
    let ib = idx([Z0, B + Z1, X0, B + X1, W0, 0, B + Y0, B + Y1]);
    let ib2 = idx([0, 0, 0, 0, 0, W0, 0, 0]);
    let b0 = map::<8>(|j| {
        let t = _mm512_permutex2var_epi64(dif[j], ib, s[j]);
        _mm512_mask_permutexvar_epi64(t, 1 << X1, ib2, sum[j])
    });
    mul_acc(&mut acc, &a0, &b0);
    // pass 1: (w0+w1)(w0−w1) ×2 | (y0+y1)(y0−y1) ×2 | (−2z1)(w0+w1) | (2z1)(w0−w1) |
    //         (−2x1)y1 | (2x1)y0
    let ia = idx([0, 0, 0, 0, Z1, B + Z1, X1, B + X1]);
    let ia2 = idx([W0, W0, Y0, Y0, 0, 0, 0, 0]);
    let a1 = map::<8>(|j| {
        let t = _mm512_permutex2var_epi64(ndbl[j], ia, dbl[j]);
        _mm512_mask_permutexvar_epi64(t, 0x0F, ia2, sum[j])
    });
    let ib = idx([W0, W0, Y0, Y0, 0, W0, B + Y1, B + Y0]);
    let ib2 = idx([0, 0, 0, 0, W0, 0, 0, 0]);
    let b1 = map::<8>(|j| {
        let t = _mm512_permutex2var_epi64(dif[j], ib, s[j]);
        _mm512_mask_permutexvar_epi64(t, 1 << X0, ib2, sum[j])
    });
    mul_acc(&mut acc, &a1, &b1);
    // pass 2 (lanes g3′, g4′ only): (−2w0)w1 | (2w0)w1 | (−2y0)y1 | (2y0)y1
    let ia = idx([W0, B + W0, Y0, B + Y0, 0, 0, 0, 0]);
    let a2 = map::<8>(|j| _mm512_maskz_permutex2var_epi64(0x0F, ndbl[j], ia, dbl[j]));
    let ib = idx([W1, W1, Y1, Y1, 0, 0, 0, 0]);
    let b2 = map::<8>(|j| _mm512_maskz_permutexvar_epi64(0x0F, ib, s[j]));
    mul_acc(&mut acc, &a2, &b2);
    // pass 3: the old coordinate times ±2/3 (Montgomery form), then ×3 and one reduction
    mul_acc(&mut acc, s, old);
    triple_redc(acc, p, n0)
}

/// One compressed squaring in bn254-beuchat's tower shape (u² = −5, ξ = u): with the same
/// lane layout and names,
/// g3′.c0 = 3[z0·z0 + z1·(−5z1) + (2w0)(−5w1)] − 2y0, g3′.c1 = 3[(2z0)z1 + w0·w0 + w1(−5w1)] − 2y1,
/// g4′ the same with (x, y) and −2z, g2′.c0 = 3[(2z0)(−5w1) + (2z1)(−5w0)] + 2x0,
/// g2′.c1 = 3[(2z0)w0 + (2z1)(−5w1)] + 2x1, g5′.c0 = 3[(2x0)y0 + (2x1)(−5y1)] + 2w0,
/// g5′.c1 = 3[(2x0)y1 + (2x1)y0] + 2w1 (ξ·(a + bu) = −5b + au).
#[inline(always)]
unsafe fn square_beuchat(s: &V<6>, c: &Consts<6>, p: &V<6>, n0: __m512i, old: &V<6>) -> V<6> {
    // doubles and 16p − 5s
    let dbl = normalise(map::<6>(|j| _mm512_add_epi64(s[j], s[j])));
    let m5 = normalise(map::<6>(|j| {
        let five = _mm512_add_epi64(s[j], _mm512_slli_epi64::<2>(s[j]));
        _mm512_sub_epi64(splat(c.k16[j]), five)
    }));

    let mut acc: Acc = [_mm512_setzero_si512(); ACC];
    // pass 0: z0·z0 | (2z0)z1 | x0·x0 | (2x0)x1 | (2z0)(−5w1) | (2z0)w0 | (2x0)y0 | (2x0)y1
    let ia = idx([B + Z0, Z0, B + X0, X0, Z0, Z0, X0, X0]);
    let a0 = map::<6>(|j| _mm512_permutex2var_epi64(dbl[j], ia, s[j]));
    let ib = idx([Z0, Z1, X0, X1, B + W1, W0, Y0, Y1]);
    let b0 = map::<6>(|j| _mm512_permutex2var_epi64(s[j], ib, m5[j]));
    mul_acc(&mut acc, &a0, &b0);
    // pass 1: z1(−5z1) | w0·w0 | x1(−5x1) | y0·y0 | (2z1)(−5w0) | (2z1)(−5w1) | (2x1)(−5y1) |
    //         (2x1)y0
    let ia = idx([Z1, W0, X1, Y0, B + Z1, B + Z1, B + X1, B + X1]);
    let a1 = map::<6>(|j| _mm512_permutex2var_epi64(s[j], ia, dbl[j]));
    let ib = idx([Z1, B + W0, X1, B + Y0, W0, W1, Y1, B + Y0]);
    let b1 = map::<6>(|j| _mm512_permutex2var_epi64(m5[j], ib, s[j]));
    mul_acc(&mut acc, &a1, &b1);
    // pass 2 (lanes g3′, g4′ only): (2w0)(−5w1) | w1(−5w1) | (2y0)(−5y1) | y1(−5y1)
    let ia = idx([W0, B + W1, Y0, B + Y1, 0, 0, 0, 0]);
    let a2 = map::<6>(|j| _mm512_maskz_permutex2var_epi64(0x0F, dbl[j], ia, s[j]));
    let ib = idx([W1, W1, Y1, Y1, 0, 0, 0, 0]);
    let b2 = map::<6>(|j| _mm512_maskz_permutexvar_epi64(0x0F, ib, m5[j]));
    mul_acc(&mut acc, &a2, &b2);
    // pass 3 and the reduction as in `square_bls12`
    mul_acc(&mut acc, s, old);
    triple_redc(acc, p, n0)
}

/// One compressed squaring in alt_bn128's tower shape (u² = −1, ξ = 9 + u; L = 6), the lane
/// layout and names of [`square_bls12`]. With q = 9w0 − w1 and r = w0 + 9w1
/// (ξ·(a + bu) = (9a − b) + (a + 9b)u):
/// g3′.c0 = 3[(z0+z1)(z0−z1) + 9(w0+w1)(w0−w1) + (−2w0)w1] − 2y0,
/// g3′.c1 = 3[(2z0)z1 + (w0+w1)(w0−w1) + (18w0)w1] − 2y1, g4′ the same with (x, y) and −2z,
/// g2′.c0 = 3[(2z0)q + (−2z1)r] + 2x0, g2′.c1 = 3[(2z0)r + (2z1)q] + 2x1, g5′ as in
/// [`square_bls12`]. Bounds (state below 2p): operands below 36p, each lane's sum of products
/// below 258p², so 3Σ < 774p² < p·R′ (p < 2^255, R′ = 2^312) and the output stays below 2p.
#[inline(always)]
unsafe fn square_xi9(s: &V<6>, c: &Consts<6>, p: &V<6>, n0: __m512i, old: &V<6>) -> V<6> {
    let nine = |v: &V<6>| {
        normalise(map::<6>(|j| {
            _mm512_add_epi64(v[j], _mm512_slli_epi64::<3>(v[j]))
        }))
    };
    let PairOps {
        sw,
        sum,
        dif,
        dbl,
        ndbl,
    } = pair_ops(s, c);
    // 9s, 9·sum, 18s; q = 9s + 4p − swap(s), r = s + 9·swap(s) (read at the w and y lanes)
    let s9 = nine(s);
    let sum9 = nine(&sum);
    let s18 = normalise(map::<6>(|j| _mm512_add_epi64(s9[j], s9[j])));
    let q = normalise(map::<6>(|j| {
        _mm512_sub_epi64(_mm512_add_epi64(s9[j], splat(c.k4[j])), sw[j])
    }));
    let r = normalise(map::<6>(|j| {
        _mm512_add_epi64(s[j], _mm512_shuffle_epi32::<0x4E>(s9[j]))
    }));

    let mut acc: Acc = [_mm512_setzero_si512(); ACC];
    // pass 0: (z0+z1)(z0−z1) | (2z0)z1 | (x0+x1)(x0−x1) | (2x0)x1 | (2z0)q | (2z0)r | (2x0)y0 |
    //         (2x0)y1
    let ia = idx([B + Z0, Z0, B + X0, X0, Z0, Z0, X0, X0]);
    let a0 = map::<6>(|j| _mm512_permutex2var_epi64(dbl[j], ia, sum[j]));
    let ib = idx([Z0, B + Z1, X0, B + X1, 0, 0, B + Y0, B + Y1]);
    let iw = idx([W0; 8]);
    let b0 = map::<6>(|j| {
        let t = _mm512_permutex2var_epi64(dif[j], ib, s[j]);
        let t = _mm512_mask_permutexvar_epi64(t, 1 << X0, iw, q[j]);
        _mm512_mask_permutexvar_epi64(t, 1 << X1, iw, r[j])
    });
    mul_acc(&mut acc, &a0, &b0);
    // pass 1: 9(w0+w1)(w0−w1) | (w0+w1)(w0−w1) | 9(y0+y1)(y0−y1) | (y0+y1)(y0−y1) | (−2z1)r |
    //         (2z1)q | (−2x1)y1 | (2x1)y0
    let ia = idx([0, 0, 0, 0, Z1, B + Z1, X1, B + X1]);
    let iwy = idx([W0, W0, Y0, Y0, 0, 0, 0, 0]);
    let a1 = map::<6>(|j| {
        let t = _mm512_permutex2var_epi64(ndbl[j], ia, dbl[j]);
        let t = _mm512_mask_permutexvar_epi64(t, 0b0101, iwy, sum9[j]);
        _mm512_mask_permutexvar_epi64(t, 0b1010, iwy, sum[j])
    });
    let ib = idx([W0, W0, Y0, Y0, 0, 0, B + Y1, B + Y0]);
    let b1 = map::<6>(|j| {
        let t = _mm512_permutex2var_epi64(dif[j], ib, s[j]);
        let t = _mm512_mask_permutexvar_epi64(t, 1 << X0, iw, r[j]);
        _mm512_mask_permutexvar_epi64(t, 1 << X1, iw, q[j])
    });
    mul_acc(&mut acc, &a1, &b1);
    // pass 2 (lanes g3′, g4′ only): (−2w0)w1 | (18w0)w1 | (−2y0)y1 | (18y0)y1
    let ia = idx([W0, B + W0, Y0, B + Y0, 0, 0, 0, 0]);
    let a2 = map::<6>(|j| _mm512_maskz_permutex2var_epi64(0x0F, ndbl[j], ia, s18[j]));
    let ib = idx([W1, W1, Y1, Y1, 0, 0, 0, 0]);
    let b2 = map::<6>(|j| _mm512_maskz_permutexvar_epi64(0x0F, ib, s[j]));
    mul_acc(&mut acc, &a2, &b2);
    // pass 3 and the reduction as in `square_bls12`
    mul_acc(&mut acc, s, old);
    triple_redc(acc, p, n0)
}

/// A tower shape's squaring step (a trait rather than a closure argument, so that it is
/// inlined into the `target_feature` entry points like the other helpers).
trait Shape<const L: usize> {
    unsafe fn square(s: &V<L>, c: &Consts<L>, p: &V<L>, n0: __m512i, old: &V<L>) -> V<L>;
}

/// BLS12-381's tower shape ([`square_bls12`]).
struct Bls12;
/// bn254-beuchat's tower shape ([`square_beuchat`]).
struct Beuchat;

impl Shape<8> for Bls12 {
    #[inline(always)]
    unsafe fn square(s: &V<8>, c: &Consts<8>, p: &V<8>, n0: __m512i, old: &V<8>) -> V<8> {
        square_bls12(s, c, p, n0, old)
    }
}

/// alt_bn128's tower shape ([`square_xi9`]).
struct Xi9;

impl Shape<6> for Xi9 {
    #[inline(always)]
    unsafe fn square(s: &V<6>, c: &Consts<6>, p: &V<6>, n0: __m512i, old: &V<6>) -> V<6> {
        square_xi9(s, c, p, n0, old)
    }
}

impl Shape<6> for Beuchat {
    #[inline(always)]
    unsafe fn square(s: &V<6>, c: &Consts<6>, p: &V<6>, n0: __m512i, old: &V<6>) -> V<6> {
        square_beuchat(s, c, p, n0, old)
    }
}

/// The shortest run of Granger–Scott squarings sent to [`cyclo_sqr`] by
/// `Fp12::cyclotomic_squares` (shorter runs pay more for the conversions in and out than the
/// squarings save; measured with `tower_bench`'s "ifma cyclo" rows).
pub const CYCLO_MIN: usize = 1;

/// The per-field vectors of a run: p, −p⁻¹ and the old-term constants (±2/3 per lane: − for
/// g3′ and g4′, lanes 0–3; + for g2′ and g5′).
struct Setup<const L: usize> {
    p: V<L>,
    n0: __m512i,
    old: V<L>,
}

#[inline(always)]
unsafe fn setup<const L: usize>(c: &Consts<L>) -> Setup<L> {
    Setup {
        p: splat_v(&c.p),
        n0: splat(c.n0),
        old: map(|j| {
            _mm512_mask_blend_epi64(0x0F, splat(c.two_thirds[j]), splat(c.neg_two_thirds[j]))
        }),
    }
}

/// Eight Montgomery values (R = 2^(64N), lane k = `x[k]`) as one state in R' form: cut into
/// 52-bit limbs, transposed, multiplied by R'²/R.
#[inline(always)]
unsafe fn to_lanes<const L: usize, const N: usize>(
    x: [&[u64; N]; 8],
    c: &Consts<L>,
    k: &Setup<L>,
) -> V<L> {
    let mut t = [[0u64; 8]; L];
    for (lane, v) in x.iter().enumerate() {
        let mut w = [0u64; 7];
        w[..N].copy_from_slice(*v);
        let v = to52::<L>(&w);
        for j in 0..L {
            t[j][lane] = v[j];
        }
    }
    let x: V<L> = map(|j| _mm512_loadu_si512(t[j].as_ptr() as *const _));
    let mut acc: Acc = [_mm512_setzero_si512(); ACC];
    mul_acc(&mut acc, &x, &splat_v(&c.to));
    redc(acc, &k.p, k.n0)
}

/// The eight lanes of a state back as fully reduced Montgomery values (R = 2^(64N)).
#[inline(always)]
unsafe fn from_lanes<const L: usize, const N: usize>(
    s: &V<L>,
    m: &[u64; N],
    c: &Consts<L>,
    k: &Setup<L>,
) -> [[u64; N]; 8] {
    // back to R (a value below 2p), then fully reduced
    let mut acc: Acc = [_mm512_setzero_si512(); ACC];
    mul_acc(&mut acc, s, &splat_v(&c.from));
    let y = redc(acc, &k.p, k.n0);
    let mut t = [[0u64; 8]; L];
    for (j, v) in y.iter().enumerate() {
        _mm512_storeu_si512(t[j].as_mut_ptr() as *mut _, *v);
    }
    let mut r = [[0u64; N]; 8];
    for (lane, x) in r.iter_mut().enumerate() {
        let mut v = [0u64; L];
        for (j, y) in v.iter_mut().enumerate() {
            *y = t[j][lane];
        }
        *x = reduce_once(from52::<L, N>(&v), m);
    }
    r
}

/// `n` compressed squarings of (g2.c0, g2.c1, …, g5.c1), shared by both shapes.
#[inline(always)]
unsafe fn run<S: Shape<L>, const L: usize, const N: usize>(
    g: [&[u64; N]; 8],
    m: &[u64; N],
    c: &Consts<L>,
    n: u64,
) -> [[u64; N]; 8] {
    let k = setup(c);
    let mut s = to_lanes(LANES.map(|i| g[i]), c, &k);
    for _ in 0..n {
        s = S::square(&s, c, &k.p, k.n0, &k.old);
    }
    let out = from_lanes(&s, m, c, &k);
    let mut r = [[0u64; N]; 8];
    for (lane, &coord) in LANES.iter().enumerate() {
        r[coord] = out[lane];
    }
    r
}

/// `n` Granger–Scott cyclotomic squarings of the twelve coordinates z (Fp12 memory order:
/// c0.c0, c0.c1, c0.c2, c1.c0, c1.c1, c1.c2, two each), shared by both shapes. The four
/// Fp2 elements c1.c0, c0.c2, c0.c1, c1.c2 (g2, g3, g4, g5) square exactly as in the
/// compressed form; the pair (a, b) = (c0.c0, c1.c1) becomes (3(a² + ξb²) − 2a, 6ab + 2b),
/// which is what the compressed formulas give in the g4 and g5 lanes of a second state
/// holding (g2, g3, g4, g5) = (a, b, a, b). After each squaring that state's g3 and g2 lanes
/// are refilled from its g5 and g4 lanes (one permutation).
#[inline(always)]
unsafe fn run_gs<S: Shape<L>, const L: usize, const N: usize>(
    z: [&[u64; N]; 12],
    m: &[u64; N],
    c: &Consts<L>,
    n: u64,
) -> [[u64; N]; 12] {
    let k = setup(c);
    // g2 = c1.c0 (z[6], z[7]), g3 = c0.c2 (z[4], z[5]), g4 = c0.c1 (z[2], z[3]),
    // g5 = c1.c2 (z[10], z[11]); a = c0.c0 (z[0], z[1]), b = c1.c1 (z[8], z[9])
    let mut s = to_lanes([z[4], z[5], z[2], z[3], z[6], z[7], z[10], z[11]], c, &k);
    let mut t = to_lanes([z[8], z[9], z[0], z[1], z[0], z[1], z[8], z[9]], c, &k);
    let refill = idx([W0, W1, Z0, Z1, Z0, Z1, W0, W1]);
    for _ in 0..n {
        s = S::square(&s, c, &k.p, k.n0, &k.old);
        let u = S::square(&t, c, &k.p, k.n0, &k.old);
        t = map(|j| _mm512_permutexvar_epi64(refill, u[j]));
    }
    let (o, q) = (from_lanes(&s, m, c, &k), from_lanes(&t, m, c, &k));
    [
        q[Z0 as usize],
        q[Z1 as usize],
        o[2],
        o[3],
        o[0],
        o[1],
        o[4],
        o[5],
        q[W0 as usize],
        q[W1 as usize],
        o[6],
        o[7],
    ]
}

/// `n` ≥ 1 compressed squarings of g = (g2.c0, g2.c1, g3.c0, …, g5.c1) (6-word Montgomery
/// values, R = 2^384, fully reduced) in BLS12-381's tower shape (u² = −1, ξ = 1 + u): the
/// same eight fully reduced coordinates as the scalar kernel `x86_64::compressed_sqr_6`.
///
/// # Safety
/// The CPU must have AVX-512F and AVX-512 IFMA ([`cpu_has_ifma`]); `c` is [`Consts::new`] of
/// the field's modulus `m`, which must be below 2^381.
#[target_feature(enable = "avx512f,avx512ifma")]
pub unsafe fn compressed_sqr_6(
    g: [&[u64; 6]; 8],
    m: &[u64; 6],
    c: &Consts<8>,
    n: u64,
) -> [[u64; 6]; 8] {
    run::<Bls12, 8, 6>(g, m, c, n)
}

/// [`compressed_sqr_6`] in bn254-beuchat's tower shape (N = 4, u² = −5, ξ = u), 6 limbs of
/// 52 bits (R' = 2^312): the scalar kernel `x86_64::compressed_sqr_4`'s values.
///
/// # Safety
/// The CPU must have AVX-512F and AVX-512 IFMA; `c` is [`Consts::new`] of the field's modulus
/// `m`, which must be below 2^255.
#[target_feature(enable = "avx512f,avx512ifma")]
pub unsafe fn compressed_sqr_4(
    g: [&[u64; 4]; 8],
    m: &[u64; 4],
    c: &Consts<6>,
    n: u64,
) -> [[u64; 4]; 8] {
    run::<Beuchat, 6, 4>(g, m, c, n)
}

/// [`compressed_sqr_6`] in alt_bn128's tower shape (N = 4, u² = −1, ξ = 9 + u), 6 limbs of 52
/// bits: the values of the compressed squaring formulas in hayate's Fp2 arithmetic.
///
/// # Safety
/// As for [`compressed_sqr_4`].
#[target_feature(enable = "avx512f,avx512ifma")]
pub unsafe fn compressed_sqr_4_xi9(
    g: [&[u64; 4]; 8],
    m: &[u64; 4],
    c: &Consts<6>,
    n: u64,
) -> [[u64; 4]; 8] {
    run::<Xi9, 6, 4>(g, m, c, n)
}

/// [`cyclo_sqr_4`] in alt_bn128's tower shape.
///
/// # Safety
/// As for [`compressed_sqr_4`].
#[target_feature(enable = "avx512f,avx512ifma")]
pub unsafe fn cyclo_sqr_4_xi9(
    z: [&[u64; 4]; 12],
    m: &[u64; 4],
    c: &Consts<6>,
    n: u64,
) -> [[u64; 4]; 12] {
    run_gs::<Xi9, 6, 4>(z, m, c, n)
}

/// `n` ≥ 1 Granger–Scott cyclotomic squarings of the twelve coordinates z (Fp12 memory order,
/// 6-word Montgomery values, fully reduced) in BLS12-381's tower shape: the scalar kernel
/// `x86_64::cyclo_sqr_6`'s values.
///
/// # Safety
/// As for [`compressed_sqr_6`].
#[target_feature(enable = "avx512f,avx512ifma")]
pub unsafe fn cyclo_sqr_6(
    z: [&[u64; 6]; 12],
    m: &[u64; 6],
    c: &Consts<8>,
    n: u64,
) -> [[u64; 6]; 12] {
    run_gs::<Bls12, 8, 6>(z, m, c, n)
}

/// [`cyclo_sqr_6`] in bn254-beuchat's tower shape: the scalar kernel `x86_64::cyclo_sqr_4`'s
/// values.
///
/// # Safety
/// As for [`compressed_sqr_4`].
#[target_feature(enable = "avx512f,avx512ifma")]
pub unsafe fn cyclo_sqr_4(
    z: [&[u64; 4]; 12],
    m: &[u64; 4],
    c: &Consts<6>,
    n: u64,
) -> [[u64; 4]; 12] {
    run_gs::<Beuchat, 6, 4>(z, m, c, n)
}

/// Vertical Fp arithmetic for the doubling-step kernels: lane k holds pair k's value, eight
/// independent Montgomery products per instruction sequence.
#[derive(Debug)]
pub struct Vert<'a, const L: usize> {
    /// The field's constants.
    pub c: &'a Consts<L>,
    /// p in every lane ([`splat_v`] of `c.p`).
    pub p: V<L>,
    /// −p⁻¹ mod 2^52 in every lane.
    pub n0: __m512i,
}

/// REDC(k · Σ aᵢ·bᵢ) for a small constant k ∈ {1, 2, 3, 4, 12, 30}: one Montgomery reduction of
/// the scaled sum of products (values below 2p for sums below p·R′).
#[inline(always)]
pub unsafe fn scaled_sop<const L: usize>(
    terms: &[(&V<L>, &V<L>)],
    k: u64,
    p: &V<L>,
    n0: __m512i,
) -> V<L> {
    let mut acc: Acc = [_mm512_setzero_si512(); ACC];
    for (a, b) in terms {
        mul_acc(&mut acc, a, b);
    }
    for x in acc.iter_mut().take(2 * L) {
        *x = match k {
            1 => *x,
            2 => _mm512_slli_epi64::<1>(*x),
            3 => _mm512_add_epi64(*x, _mm512_slli_epi64::<1>(*x)),
            4 => _mm512_slli_epi64::<2>(*x),
            12 => _mm512_add_epi64(_mm512_slli_epi64::<3>(*x), _mm512_slli_epi64::<2>(*x)),
            30 => _mm512_sub_epi64(_mm512_slli_epi64::<5>(*x), _mm512_slli_epi64::<1>(*x)),
            _ => unreachable!("scale"),
        };
    }
    redc(acc, p, n0)
}

/// REDC(a²): [`scaled_sop`] of the one product a·a with k = 1, the L(L−1)/2 cross products
/// summed once and doubled (42 instead of 72 multiply-adds for L = 6, 72 instead of 128 for
/// L = 8); the same bounds.
#[inline(always)]
pub unsafe fn square<const L: usize>(a: &V<L>, p: &V<L>, n0: __m512i) -> V<L> {
    let mut acc: Acc = [_mm512_setzero_si512(); ACC];
    for i in 0..L {
        for j in i + 1..L {
            acc[i + j] = _mm512_madd52lo_epu64(acc[i + j], a[i], a[j]);
            acc[i + j + 1] = _mm512_madd52hi_epu64(acc[i + j + 1], a[i], a[j]);
        }
    }
    for x in acc.iter_mut().take(2 * L) {
        *x = _mm512_slli_epi64::<1>(*x);
    }
    for i in 0..L {
        acc[2 * i] = _mm512_madd52lo_epu64(acc[2 * i], a[i], a[i]);
        acc[2 * i + 1] = _mm512_madd52hi_epu64(acc[2 * i + 1], a[i], a[i]);
    }
    redc(acc, p, n0)
}

impl<'a, const L: usize> Vert<'a, L> {
    /// The vertical arithmetic of the field with constants `c`.
    ///
    /// # Safety
    /// AVX-512F.
    #[inline(always)]
    pub unsafe fn new(c: &'a Consts<L>) -> Self {
        Vert {
            c,
            p: splat_v(&c.p),
            n0: splat(c.n0),
        }
    }

    /// [`scaled_sop`] with this field's p.
    ///
    /// # Safety
    /// AVX-512F and AVX-512 IFMA; the bounds of [`scaled_sop`].
    #[inline(always)]
    pub unsafe fn sop(&self, terms: &[(&V<L>, &V<L>)], k: u64) -> V<L> {
        scaled_sop(terms, k, &self.p, self.n0)
    }

    /// a + b, normalised.
    #[inline(always)]
    pub unsafe fn add(&self, a: &V<L>, b: &V<L>) -> V<L> {
        normalise(map(|j| _mm512_add_epi64(a[j], b[j])))
    }

    /// a − b + 8p, normalised (b normalised, below 8p).
    #[inline(always)]
    pub unsafe fn sub(&self, a: &V<L>, b: &V<L>) -> V<L> {
        normalise(map(|j| {
            _mm512_sub_epi64(_mm512_add_epi64(a[j], splat(self.c.k8[j])), b[j])
        }))
    }

    /// 8p − a, normalised (a normalised, below 8p).
    #[inline(always)]
    pub unsafe fn neg(&self, a: &V<L>) -> V<L> {
        normalise(map(|j| _mm512_sub_epi64(splat(self.c.k8[j]), a[j])))
    }

    /// 3a, normalised.
    #[inline(always)]
    pub unsafe fn triple(&self, a: &V<L>) -> V<L> {
        normalise(map(|j| {
            _mm512_add_epi64(a[j], _mm512_slli_epi64::<1>(a[j]))
        }))
    }

    /// 5a, normalised.
    #[inline(always)]
    pub unsafe fn five(&self, a: &V<L>) -> V<L> {
        normalise(map(|j| {
            _mm512_add_epi64(a[j], _mm512_slli_epi64::<2>(a[j]))
        }))
    }

    /// 32p − 5a, normalised (a normalised, below 6p).
    #[inline(always)]
    pub unsafe fn neg5(&self, a: &V<L>) -> V<L> {
        normalise(map(|j| {
            let five = _mm512_add_epi64(a[j], _mm512_slli_epi64::<2>(a[j]));
            _mm512_sub_epi64(splat(self.c.k32[j]), five)
        }))
    }

    /// a/2 mod p: a + p where a is odd, then one bit down (a normalised, below 2^(52L − 1)).
    #[inline(always)]
    pub unsafe fn halve(&self, a: &V<L>) -> V<L> {
        let odd = _mm512_test_epi64_mask(a[0], splat(1));
        let t: V<L> = normalise(map(|j| _mm512_mask_add_epi64(a[j], odd, a[j], self.p[j])));
        map(|j| {
            let lo = _mm512_srli_epi64::<1>(t[j]);
            if j + 1 < L {
                let hi = _mm512_slli_epi64::<51>(_mm512_and_si512(t[j + 1], splat(1)));
                _mm512_or_si512(lo, hi)
            } else {
                lo
            }
        })
    }
}

/// K output vectors (twelve for a doubling-step kernel) back as fully reduced values, one
/// array per input lane.
#[inline(always)]
pub unsafe fn store_steps<const L: usize, const N: usize, const K: usize>(
    outs: [&V<L>; K],
    count: usize,
    m: &[u64; N],
) -> Vec<[[u64; N]; K]> {
    let mut o = [[[0u64; 8]; 8]; K];
    for (i, x) in outs.iter().enumerate() {
        for j in 0..L {
            _mm512_storeu_si512(o[i][j].as_mut_ptr() as *mut _, x[j]);
        }
    }
    (0..count)
        .map(|k| {
            core::array::from_fn(|i| {
                let mut l = [0u64; L];
                for (j, y) in l.iter_mut().enumerate() {
                    *y = o[i][j][k];
                }
                reduce_once(from52::<L, N>(&l), m)
            })
        })
        .collect()
}

/// Lane k of the result: `f(group[k])` for up to eight inputs, as 52-bit limbs (no
/// conversion).
#[target_feature(enable = "avx512f,avx512ifma")]
#[inline]
pub unsafe fn gather<const L: usize, const N: usize, T>(
    group: &[T],
    f: impl Fn(&T) -> &[u64; N],
) -> V<L> {
    let mut t = [[0u64; 8]; L];
    for (k, x) in group.iter().enumerate() {
        let mut w = [0u64; 7];
        w[..N].copy_from_slice(f(x));
        let l = to52::<L>(&w);
        for j in 0..L {
            t[j][k] = l[j];
        }
    }
    map(|j| _mm512_loadu_si512(t[j].as_ptr() as *const _))
}

/// Whether the doubling-step and Miller lanes (hayate-pairing's) run for P's tower:
/// its kernel set has them ([`KernelSet::ifma_miller`]: BLS12-381's and bn254-beuchat's
/// shapes) and [`available`]. Folds to the CPU test or `false` at compile time.
#[inline(always)]
pub fn applies<P: crate::TowerParams<N>, const N: usize>() -> bool {
    kernels::<P, N>().ifma_miller() && available()
}

/// Whether the squaring kernels ([`compressed_sqr`], [`cyclo_sqr`]) run for P's tower: its
/// kernel set has them ([`KernelSet::ifma_squarings`]: the shapes of [`applies`] and
/// alt_bn128's) and [`available`].
#[inline(always)]
pub fn sqr_applies<P: crate::TowerParams<N>, const N: usize>() -> bool {
    kernels::<P, N>().ifma_squarings() && available()
}

/// The constants of a field, evaluated at compile time.
#[derive(Debug)]
pub struct ConstsOf<P, const N: usize>(core::marker::PhantomData<P>);

impl<P: crate::FpParams<N>, const N: usize> ConstsOf<P, N> {
    const M: [u64; 7] = {
        let mut m = [0u64; 7];
        let mut i = 0;
        while i < N && i < 7 {
            m[i] = P::MODULUS[i];
            i += 1;
        }
        m
    };
    /// The constants for L = 8 limbs (N = 6).
    pub const C8: Consts<8> = Consts::new(&Self::M, N, crate::limbs::neg_inv64(Self::M[0]));
    /// The constants for L = 6 limbs (N = 4).
    pub const C6: Consts<6> = Consts::new(&Self::M, N, crate::limbs::neg_inv64(Self::M[0]));
}

/// [`compressed_sqr_6`] / [`compressed_sqr_4`] / [`compressed_sqr_4_xi9`] for P's tower (the
/// caller has checked [`sqr_applies`]).
#[inline(always)]
pub fn compressed_sqr<P: crate::TowerParams<N>, const N: usize>(
    g: [&[u64; N]; 8],
    n: u64,
) -> [[u64; N]; 8] {
    by_shape::<P, N, 8>(
        g,
        n,
        compressed_sqr_6,
        compressed_sqr_4,
        compressed_sqr_4_xi9,
    )
}

/// [`cyclo_sqr_6`] / [`cyclo_sqr_4`] / [`cyclo_sqr_4_xi9`] for P's tower (the caller has
/// checked [`sqr_applies`]).
#[inline(always)]
pub fn cyclo_sqr<P: crate::TowerParams<N>, const N: usize>(
    z: [&[u64; N]; 12],
    n: u64,
) -> [[u64; N]; 12] {
    by_shape::<P, N, 12>(z, n, cyclo_sqr_6, cyclo_sqr_4, cyclo_sqr_4_xi9)
}

/// A squaring kernel of one shape: C coordinates, the modulus, its constants, the run length.
type Kernel<const M: usize, const L: usize, const C: usize> =
    unsafe fn([&[u64; M]; C], &[u64; M], &Consts<L>, u64) -> [[u64; M]; C];

/// Runs the BLS12-381-shape kernel (N = 6), the bn254-beuchat-shape one (N = 4, `k4`) or the
/// alt_bn128-shape one (N = 4, ξ = 9 + u, `k4_xi9`) after checking the shape and the CPU.
#[inline(always)]
fn by_shape<P: crate::TowerParams<N>, const N: usize, const C: usize>(
    z: [&[u64; N]; C],
    n: u64,
    k6: Kernel<6, 8, C>,
    k4: Kernel<4, 6, C>,
    k4_xi9: Kernel<4, 6, C>,
) -> [[u64; N]; C] {
    assert!(sqr_applies::<P, N>(), "IFMA kernel without sqr_applies");
    let k4 = if matches!(kernels::<P, N>(), KernelSet::AltBn128) {
        k4_xi9
    } else {
        k4
    };
    // SAFETY: AVX-512F/IFMA present and the tower shape with its modulus bound (checked
    // above); the constants are the field's.
    unsafe {
        if N == 6 {
            let r = k6(
                z.map(crate::backend::cast),
                crate::backend::cast(&P::MODULUS),
                &ConstsOf::<P, N>::C8,
                n,
            );
            return r.map(crate::backend::uncast);
        }
        k4(
            z.map(crate::backend::cast),
            crate::backend::cast(&P::MODULUS),
            &ConstsOf::<P, N>::C6,
            n,
        )
        .map(crate::backend::uncast)
    }
}

/// The cached probe result (no switches).
#[inline(always)]
pub fn cpu_has_ifma_cached() -> bool {
    IFMA.probed_yes()
}

/// x mod m for x < 2m, branch-free.
#[inline(always)]
pub fn reduce_once<const N: usize>(x: [u64; N], m: &[u64; N]) -> [u64; N] {
    let mut d = [0u64; N];
    let mut borrow = 0u64;
    for i in 0..N {
        let (d1, b1) = x[i].overflowing_sub(m[i]);
        let (d2, b2) = d1.overflowing_sub(borrow);
        d[i] = d2;
        borrow = (b1 | b2) as u64;
    }
    // borrow = 1: x < m, keep x
    let keep = borrow.wrapping_neg();
    core::array::from_fn(|i| (x[i] & keep) | (d[i] & !keep))
}

/// A lane kernel with a planted branch on lane data and a load at an index taken from lane
/// data: the control that the constant-time disassembly check (`crates/ct/tests/disasm.rs`) must
/// flag. Only in builds with the `ct-valgrind` feature; never called by the library.
///
/// # Safety
/// The CPU must have AVX-512F and AVX-512 IFMA.
#[cfg(feature = "ct-valgrind")]
#[doc(hidden)]
#[target_feature(enable = "avx512f,avx512ifma")]
#[inline(never)]
pub unsafe fn planted_lanes(a: &[u64; 8], b: &[u64; 8], table: &[u64; 16]) -> u64 {
    let x = _mm512_madd52lo_epu64(
        _mm512_setzero_si512(),
        _mm512_loadu_si512(a.as_ptr() as *const _),
        _mm512_loadu_si512(b.as_ptr() as *const _),
    );
    let mut lanes = [0u64; 8];
    _mm512_storeu_si512(lanes.as_mut_ptr() as *mut _, x);
    // the planted hazards: a branch on a product's bit, then a load at a product's bits
    if _mm512_test_epi64_mask(x, _mm512_set1_epi64(1)) & 1 != 0 {
        core::hint::black_box(table[(lanes[1] & 15) as usize])
    } else {
        core::hint::black_box(lanes[2])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::fields::{Bls12381FpParams, Bn254BeuchatFpParams};
    use crate::FpParams;
    use rand::{rngs::StdRng, RngCore, SeedableRng};

    const P: [u64; 6] = <Bls12381FpParams as FpParams<6>>::MODULUS;
    const P4: [u64; 4] = <Bn254BeuchatFpParams as FpParams<4>>::MODULUS;

    /// A value below p: 0, 1, p − 1, p − 2, or random.
    fn pick<const N: usize>(p: &[u64; N], rng: &mut StdRng) -> [u64; N] {
        let mut m1 = *p;
        m1[0] -= 1;
        match rng.next_u32() % 6 {
            0 => [0; N],
            1 => core::array::from_fn(|i| (i == 0) as u64),
            2 => m1,
            3 => {
                m1[0] -= 1;
                m1
            }
            _ => loop {
                let mut x: [u64; N] = core::array::from_fn(|_| rng.next_u64());
                x[N - 1] &= (1 << (64 - p[N - 1].leading_zeros())) - 1;
                if reduce_once(x, p) == x {
                    break x;
                }
            },
        }
    }

    /// All-zero, all p − 1, and 200 random draws of eight coordinates.
    fn cases<const N: usize>(p: &[u64; N], seed: u64) -> Vec<[[u64; N]; 8]> {
        let mut rng = StdRng::seed_from_u64(seed);
        let mut m1 = *p;
        m1[0] -= 1;
        let mut v = vec![[[0; N]; 8], [m1; 8]];
        for _ in 0..200 {
            v.push(core::array::from_fn(|_| pick(p, &mut rng)));
        }
        v
    }

    /// The IFMA kernels against the scalar MULX/ADX kernels (both fully reduced, so equal
    /// limb for limb) on coordinates drawn from {0, 1, p − 1, p − 2, random}, for runs of 1
    /// to 100 squarings (the bounds must hold however long the run): BLS12-381's and
    /// bn254-beuchat's tower shapes. Skipped where the CPU lacks AVX-512 IFMA or BMI2/ADX.
    #[test]
    fn compressed_sqr_matches_scalar_kernel() {
        if !cpu_has_ifma() || !crate::backend::x86_64::mulx::cpu_has_mulx_adx() {
            eprintln!("no AVX-512 IFMA: IFMA kernel not tested");
            return;
        }
        let ns = [1, 2, 3, 7, 16, 32, 63, 100];
        let inv = crate::limbs::neg_inv64(P[0]);
        let c = ConstsOf::<Bls12381FpParams, 6>::C8;
        for (i, g) in cases(&P, 0x1f3a).iter().enumerate() {
            let n = ns[i % 8];
            let refs: [&[u64; 6]; 8] = core::array::from_fn(|k| &g[k]);
            // SAFETY: CPU support checked above; BLS12-381's modulus is below 2^381.
            let (got, want) = unsafe {
                (
                    compressed_sqr_6(refs, &P, &c, n),
                    crate::backend::x86_64::mulx::compressed_sqr_6(refs, &P, inv, n),
                )
            };
            assert_eq!(got, want, "BLS12-381: {n} squarings of {g:x?}");
        }
        let inv = crate::limbs::neg_inv64(P4[0]);
        let c = ConstsOf::<Bn254BeuchatFpParams, 4>::C6;
        for (i, g) in cases(&P4, 0x2b4c).iter().enumerate() {
            let n = ns[i % 8];
            let refs: [&[u64; 4]; 8] = core::array::from_fn(|k| &g[k]);
            // SAFETY: CPU support checked above; the modulus is below 2^255.
            let (got, want) = unsafe {
                (
                    compressed_sqr_4(refs, &P4, &c, n),
                    crate::backend::x86_64::mulx::compressed_sqr_4(refs, &P4, inv, n),
                )
            };
            assert_eq!(got, want, "bn254-beuchat: {n} squarings of {g:x?}");
        }
    }

    /// alt_bn128's tower shape (no scalar kernel): the compressed and Granger–Scott kernels
    /// against the squaring formulas written with hayate's Fp2 arithmetic (ξ = 9 + u), on
    /// coordinates drawn as in [`compressed_sqr_matches_scalar_kernel`], for runs of 1 to 100.
    #[test]
    fn xi9_kernels_match_fp2_formulas() {
        use crate::fields::Bn254FpParams;
        type F2 = crate::Fp2<Bn254FpParams, 4>;
        if !cpu_has_ifma() {
            eprintln!("no AVX-512 IFMA: IFMA kernel not tested");
            return;
        }
        let pm = <Bn254FpParams as FpParams<4>>::MODULUS;
        let c = ConstsOf::<Bn254FpParams, 4>::C6;
        let f2 = |a: &[u64; 4], b: &[u64; 4]| {
            F2::new(
                crate::Fp::from_mont_unchecked(*a),
                crate::Fp::from_mont_unchecked(*b),
            )
        };
        let (two, three) = (
            F2::new(crate::Fp::from_u64(2), crate::Fp::ZERO),
            F2::new(crate::Fp::from_u64(3), crate::Fp::ZERO),
        );
        // one compressed squaring of (g2, g3, g4, g5)
        let sq = |g: [F2; 4]| -> [F2; 4] {
            let [g2, g3, g4, g5] = g;
            [
                two * g2 + three * two * (g4 * g5).mul_by_xi(),
                three * (g4.square() + g5.square().mul_by_xi()) - two * g3,
                three * (g2.square() + g3.square().mul_by_xi()) - two * g4,
                two * g5 + three * two * g2 * g3,
            ]
        };
        let ns = [1, 2, 3, 7, 16, 32, 63, 100];
        let v = cases(&pm, 0x5e7f);
        for (i, g) in v.iter().enumerate() {
            let n = ns[i % 8];
            let refs: [&[u64; 4]; 8] = core::array::from_fn(|k| &g[k]);
            // SAFETY: CPU support checked above; alt_bn128's modulus is below 2^255.
            let got = unsafe { compressed_sqr_4_xi9(refs, &pm, &c, n) };
            let mut want: [F2; 4] = core::array::from_fn(|k| f2(&g[2 * k], &g[2 * k + 1]));
            for _ in 0..n {
                want = sq(want);
            }
            let got: [F2; 4] = core::array::from_fn(|k| f2(&got[2 * k], &got[2 * k + 1]));
            assert_eq!(got, want, "alt_bn128: {n} compressed squarings of {g:x?}");
            // Granger–Scott: (g2, g3, g4, g5) = (c1.c0, c0.c2, c0.c1, c1.c2) as above, and
            // (a, b) = (c0.c0, c1.c1) ↦ (3(a² + ξb²) − 2a, 6ab + 2b)
            let next = &v[(i + 1) % v.len()];
            let z: [[u64; 4]; 12] =
                core::array::from_fn(|k| if k < 8 { g[k] } else { next[k - 8] });
            let refs: [&[u64; 4]; 12] = core::array::from_fn(|k| &z[k]);
            // SAFETY: as above.
            let got = unsafe { cyclo_sqr_4_xi9(refs, &pm, &c, n) };
            let mut e: [F2; 6] = core::array::from_fn(|k| f2(&z[2 * k], &z[2 * k + 1]));
            for _ in 0..n {
                let [c00, c01, c02, c10, c11, c12] = e;
                let [h2, h3, h4, h5] = sq([c10, c02, c01, c12]);
                let a = three * (c00.square() + c11.square().mul_by_xi()) - two * c00;
                let b = three * two * c00 * c11 + two * c11;
                e = [a, h4, h3, h2, b, h5];
            }
            let got: [F2; 6] = core::array::from_fn(|k| f2(&got[2 * k], &got[2 * k + 1]));
            assert_eq!(got, e, "alt_bn128: {n} Granger–Scott squarings of {z:x?}");
        }
    }

    const L: usize = 8;

    /// The Granger–Scott kernels against the scalar ones, as in
    /// [`compressed_sqr_matches_scalar_kernel`] (twelve coordinates: the eight of a case and
    /// four more from the next one).
    #[test]
    fn cyclo_sqr_matches_scalar_kernel() {
        if !cpu_has_ifma() || !crate::backend::x86_64::mulx::cpu_has_mulx_adx() {
            eprintln!("no AVX-512 IFMA: IFMA kernel not tested");
            return;
        }
        let ns = [1, 2, 3, 5, 7, 16, 63, 100];
        let twelve = |v: &[[[u64; 6]; 8]], i: usize| -> [[u64; 6]; 12] {
            let next = &v[(i + 1) % v.len()];
            core::array::from_fn(|k| if k < 8 { v[i][k] } else { next[k - 8] })
        };
        let inv = crate::limbs::neg_inv64(P[0]);
        let c = ConstsOf::<Bls12381FpParams, 6>::C8;
        let v = cases(&P, 0x3c5d);
        for i in 0..v.len() {
            let z = twelve(&v, i);
            let n = ns[i % 8];
            let refs: [&[u64; 6]; 12] = core::array::from_fn(|k| &z[k]);
            // SAFETY: CPU support checked above; BLS12-381's modulus is below 2^381.
            let (got, want) = unsafe {
                (
                    cyclo_sqr_6(refs, &P, &c, n),
                    crate::backend::x86_64::mulx::cyclo_sqr_6(refs, &P, inv, n),
                )
            };
            assert_eq!(got, want, "BLS12-381: {n} squarings of {z:x?}");
        }
        let inv = crate::limbs::neg_inv64(P4[0]);
        let c = ConstsOf::<Bn254BeuchatFpParams, 4>::C6;
        let v = cases(&P4, 0x4d6e);
        for i in 0..v.len() {
            let next = &v[(i + 1) % v.len()];
            let z: [[u64; 4]; 12] =
                core::array::from_fn(|k| if k < 8 { v[i][k] } else { next[k - 8] });
            let n = ns[i % 8];
            let refs: [&[u64; 4]; 12] = core::array::from_fn(|k| &z[k]);
            // SAFETY: CPU support checked above; the modulus is below 2^255.
            let (got, want) = unsafe {
                (
                    cyclo_sqr_4(refs, &P4, &c, n),
                    crate::backend::x86_64::mulx::cyclo_sqr_4(refs, &P4, inv, n),
                )
            };
            assert_eq!(got, want, "bn254-beuchat: {n} squarings of {z:x?}");
        }
    }

    #[test]
    fn radix_round_trip() {
        let x = [
            0x0123_4567_89ab_cdef,
            0xfedc_ba98_7654_3210,
            u64::MAX,
            1,
            0x8000_0000_0000_0000,
            0x1fff_ffff_ffff_ffff,
        ];
        let w = [x[0], x[1], x[2], x[3], x[4], x[5], 0];
        assert_eq!(from52::<L, 6>(&to52::<L>(&w)), x);
    }

    /// The borrow-proof constants keep the value c·p and raise every limb below the top
    /// non-zero one to at least 2^t.
    fn check_borrow_proof<const M: usize>(p: &[u64; 7], c: u64, t: u32) {
        let k = borrow_proof::<M>(p, c, t);
        let top = (0..M).rev().find(|&j| k[j] != 0).unwrap();
        for (j, &kj) in k.iter().enumerate().take(top) {
            assert!(kj >= 1 << t, "limb {j} below 2^{t}");
        }
        // carry into 52-bit limbs, then pack into words
        let mut acc = 0u128;
        let mut words = [0u64; 7];
        for (j, &kj) in k.iter().enumerate() {
            acc += kj as u128;
            let l = (acc as u64) & MASK;
            acc >>= W;
            let (w, s) = (W as usize * j / 64, W as usize * j % 64);
            words[w] |= l << s;
            if s > 12 && w + 1 < 7 {
                words[w + 1] |= l >> (64 - s);
            }
        }
        assert_eq!(acc, 0);
        let mut cp = [0u64; 7];
        let mut carry = 0u128;
        for i in 0..7 {
            let s = p[i] as u128 * c as u128 + carry;
            cp[i] = s as u64;
            carry = s >> 64;
        }
        assert_eq!(words, cp, "{c}·p");
    }

    #[test]
    fn borrow_proof_keeps_the_value() {
        let p6 = ConstsOf::<Bls12381FpParams, 6>::M;
        check_borrow_proof::<8>(&p6, 4, 52);
        check_borrow_proof::<8>(&p6, 8, 53);
        let p4 = ConstsOf::<Bn254BeuchatFpParams, 4>::M;
        check_borrow_proof::<6>(&p4, 16, 55);
    }
}

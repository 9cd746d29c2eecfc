//! The Straus linear combinations of [`crate::straus`] in the eight AVX-512 IFMA lanes: lane k
//! runs combination k, all lanes one instruction stream (vertical arithmetic of [`super::ifma`],
//! exact 52-bit Montgomery form: L = 8 limbs for N = 6, L = 6 for N = 4).
//!
//! * **In**: every table entry is converted to the R′ = 2^(52L) form once (one product by
//!   R′²/R); the digits become per-lane index and sign vectors.
//! * **Lookups**: all sixteen entries of a term's table are read and blended under the mask
//!   `index == e` (per lane), then y is negated under the sign mask: no secret-dependent
//!   branch or address.
//! * **Formulas**: as in [`crate::straus`]; each coordinate is one reduction of a short sum
//!   of products ([`super::ifma::scaled_sop`]). Doubling: A = X², B = Y², D = 4XB, E = 3A,
//!   X₃ = E² − 2D, Y₃ = E(D − X₃) + B·(−8B), Z₃ = 2YZ (7 products, 6 reductions). Mixed
//!   addition: Z₁², U₂ = x₂Z₁², S₂ = y₂Z₁³, H = U₂ − X₁, R = S₂ − Y₁, H², H³, V = X₁H²,
//!   X₃ = R² − H³ − 2V, Y₃ = R(V − X₃) + Y₁·(−H³), Z₃ = Z₁H (11 products, 10 reductions).
//! * **Bounds** (p < 2^(64N), so R′/p ≥ 2^32): reduction outputs are below 2p whenever the sum
//!   of products is below p·R′. Differences add a borrow-proof multiple of p
//!   ([`super::ifma::Consts`]: 8p, 16p or 64p) at least the subtrahend: X stays below 18p,
//!   Y and Z below 2p (8p for a negated table y), every operand of a product below 66p and
//!   every sum of products below 66²p² < p·R′.
//! * **Out**: X, Y, Z multiplied by R mod p (back to the R form), then fully reduced: the
//!   values the same formulas give in hayate's scalar arithmetic.

use core::arch::x86_64::*;

use super::ifma::{
    cpu_has_ifma_cached, gather, map, normalise, scaled_sop, splat, splat_v, square, store_steps,
    Consts, ConstsOf, Vert, V,
};
use crate::straus::StrausLane;
use crate::{Fp, FpParams};

/// Whether the kernel runs for N-word moduli on this CPU (N = 4 or 6, AVX-512 IFMA present and
/// enabled).
#[inline(always)]
pub fn applies<const N: usize>() -> bool {
    (N == 4 || N == 6) && super::ifma::available()
}

/// An affine table entry in the lanes.
type Entry<const L: usize> = [V<L>; 2];
/// A Jacobian point in the lanes.
type Jac<const L: usize> = [V<L>; 3];

#[inline(always)]
unsafe fn sop<const L: usize>(v: &Vert<'_, L>, terms: &[(&V<L>, &V<L>)], k: u64) -> V<L> {
    scaled_sop(terms, k, &v.p, v.n0)
}

#[inline(always)]
unsafe fn sqr<const L: usize>(v: &Vert<'_, L>, a: &V<L>) -> V<L> {
    square(a, &v.p, v.n0)
}

/// a + K − b, normalised (K a borrow-proof multiple of p not below b).
#[inline(always)]
unsafe fn sub_k<const L: usize>(a: &V<L>, b: &V<L>, k: &[u64; L]) -> V<L> {
    normalise(map(|j| {
        _mm512_sub_epi64(_mm512_add_epi64(a[j], splat(k[j])), b[j])
    }))
}

/// 2·acc (dbl-2009-l, a = 0).
#[inline(always)]
unsafe fn double<const L: usize>(v: &Vert<'_, L>, p: &Jac<L>) -> Jac<L> {
    let [x, y, z] = p;
    let a = sqr(v, x);
    let b = sqr(v, y);
    let d = sop(v, &[(x, &b)], 4);
    let e = v.triple(&a);
    let f = sqr(v, &e);
    let x3 = sub_k(&f, &v.add(&d, &d), &v.c.k8);
    let dx = sub_k(&d, &x3, &v.c.k64);
    let b2 = v.add(&b, &b);
    let b8 = v.add(&v.add(&b2, &b2), &v.add(&b2, &b2));
    let zero = [_mm512_setzero_si512(); L];
    let nb8 = sub_k(&zero, &b8, &v.c.k64);
    let y3 = sop(v, &[(&e, &dx), (&b, &nb8)], 1);
    let z3 = sop(v, &[(y, z)], 2);
    [x3, y3, z3]
}

/// acc + (x₂, y₂) (no exceptional cases; H = 0 makes Z₃ = 0).
#[inline(always)]
unsafe fn add_affine<const L: usize>(v: &Vert<'_, L>, p: &Jac<L>, q: &Entry<L>) -> Jac<L> {
    let [x1, y1, z1] = p;
    let [x2, y2] = q;
    let zz = sqr(v, z1);
    let u2 = sop(v, &[(x2, &zz)], 1);
    let zzz = sop(v, &[(z1, &zz)], 1);
    let s2 = sop(v, &[(y2, &zzz)], 1);
    let h = sub_k(&u2, x1, &v.c.k64);
    let r = sub_k(&s2, y1, &v.c.k16);
    let hh = sqr(v, &h);
    let hhh = sop(v, &[(&h, &hh)], 1);
    let vv = sop(v, &[(x1, &hh)], 1);
    let rr = sqr(v, &r);
    let t = v.add(&hhh, &v.add(&vv, &vv));
    let x3 = sub_k(&rr, &t, &v.c.k16);
    let vx = sub_k(&vv, &x3, &v.c.k64);
    let nhhh = v.neg(&hhh);
    let y3 = sop(v, &[(&r, &vx), (y1, &nhhh)], 1);
    let z3 = sop(v, &[(z1, &h)], 1);
    [x3, y3, z3]
}

/// The entry at each lane's index, y negated in the lanes of `neg` (every entry read).
#[inline(always)]
unsafe fn lookup<const L: usize>(
    v: &Vert<'_, L>,
    table: &[Entry<L>; 16],
    index: __m512i,
    neg: __mmask8,
) -> Entry<L> {
    let mut r = table[0];
    for (e, entry) in table.iter().enumerate().skip(1) {
        let m = _mm512_cmpeq_epi64_mask(index, splat(e as u64));
        for c in 0..2 {
            for j in 0..L {
                r[c][j] = _mm512_mask_blend_epi64(m, r[c][j], entry[c][j]);
            }
        }
    }
    let ny = v.neg(&r[1]);
    r[1] = map(|j| _mm512_mask_blend_epi64(neg, r[1][j], ny[j]));
    r
}

/// Per-lane small values as a vector (lanes beyond `vals` are 0).
#[inline(always)]
unsafe fn lane_vec(vals: impl Iterator<Item = u64>) -> __m512i {
    let mut t = [0u64; 8];
    for (x, v) in t.iter_mut().zip(vals) {
        *x = v;
    }
    _mm512_loadu_si512(t.as_ptr() as *const _)
}

/// Mask of the lanes whose value is non-zero.
#[inline(always)]
unsafe fn nonzero(x: __m512i) -> __mmask8 {
    _mm512_test_epi64_mask(x, x)
}

/// One batch of up to eight lanes.
#[target_feature(enable = "avx512f,avx512ifma")]
unsafe fn run<P: FpParams<N>, const L: usize, const N: usize>(
    batch: &[StrausLane<'_, Fp<P, N>>],
    windows: usize,
    c: &Consts<L>,
) -> Vec<[[u64; N]; 3]> {
    let v = Vert {
        c,
        p: splat_v(&c.p),
        n0: splat(c.n0),
    };
    let terms = batch[0].tables.len();
    let to = splat_v(&c.to);
    let tables: Vec<[Entry<L>; 16]> = (0..terms)
        .map(|h| {
            let mut t = [[[_mm512_setzero_si512(); L]; 2]; 16];
            for (e, entry) in t.iter_mut().enumerate() {
                for (k, x) in entry.iter_mut().enumerate() {
                    let raw: V<L> = gather(batch, |l| l.tables[h][e][k].mont_limbs());
                    *x = sop(&v, &[(&raw, &to)], 1);
                }
            }
            t
        })
        .collect();
    let digit = |h: usize, w: usize| -> (__m512i, __mmask8) {
        let index = lane_vec(batch.iter().map(|l| (l.digits[h][w].0 & 15) as u64));
        let neg = lane_vec(batch.iter().map(|l| (l.digits[h][w].1 & 1) as u64));
        (index, nonzero(neg))
    };
    let top = windows - 1;
    let (i0, n0) = digit(0, top);
    let [x, y] = lookup(&v, &tables[0], i0, n0);
    let mut acc: Jac<L> = [x, y, splat_v(&c.one)];
    for (h, table) in tables.iter().enumerate().skip(1) {
        let (i, n) = digit(h, top);
        acc = add_affine(&v, &acc, &lookup(&v, table, i, n));
    }
    for w in (0..top).rev() {
        for _ in 0..5 {
            acc = double(&v, &acc);
        }
        for (h, table) in tables.iter().enumerate() {
            let (i, n) = digit(h, w);
            acc = add_affine(&v, &acc, &lookup(&v, table, i, n));
        }
    }
    for (h, table) in tables.iter().enumerate() {
        let apply = nonzero(lane_vec(batch.iter().map(|l| (l.fix[h].0 & 1) as u64)));
        let neg = nonzero(lane_vec(batch.iter().map(|l| (l.fix[h].1 & 1) as u64)));
        let fixed = add_affine(&v, &acc, &lookup(&v, table, _mm512_setzero_si512(), neg));
        for (a, f) in acc.iter_mut().zip(&fixed) {
            *a = map(|j| _mm512_mask_blend_epi64(apply, a[j], f[j]));
        }
    }
    let from = splat_v(&c.from);
    let out: [V<L>; 3] = [0, 1, 2].map(|i| sop(&v, &[(&acc[i], &from)], 1));
    store_steps([&out[0], &out[1], &out[2]], batch.len(), &P::MODULUS)
}

/// The Jacobian (X, Y, Z) of every lane (see [`crate::straus`]), in batches of eight.
/// The caller ([`crate::straus::straus_fp`]) has checked [`applies`] and the shapes.
pub fn straus_lanes<P: FpParams<N>, const N: usize>(
    lanes: &[StrausLane<'_, Fp<P, N>>],
    windows: usize,
) -> Vec<[Fp<P, N>; 3]> {
    assert!(
        (N == 4 || N == 6) && cpu_has_ifma_cached(),
        "straus_lanes without applies"
    );
    let mut out = Vec::with_capacity(lanes.len());
    for batch in lanes.chunks(8) {
        // SAFETY: AVX-512F/IFMA present (checked above); N = 6 with L = 8 (R′ = 2^416) or N = 4
        // with L = 6 (R′ = 2^312), so R′/p ≥ 2^32; table coordinates are reduced field
        // elements.
        let r = unsafe {
            if N == 6 {
                run::<P, 8, N>(batch, windows, &ConstsOf::<P, N>::C8)
            } else {
                run::<P, 6, N>(batch, windows, &ConstsOf::<P, N>::C6)
            }
        };
        out.extend(
            r.into_iter()
                .map(|p| p.map(Fp::<P, N>::from_mont_unchecked)),
        );
    }
    out
}

//! The Straus linear combinations of [`crate::straus`] in the eight AVX-512 IFMA lanes: lane k
//! runs combination k, all lanes one instruction stream (vertical arithmetic of [`hayate_arith::backend::x86_64::ifma`],
//! exact 52-bit Montgomery form: L = 8 limbs for N = 6, L = 6 for N = 4).
//!
//! * **In**: the tables arrive in the R′ = 2^(52L) form ([`crate::straus::LaneTable`], built
//!   by [`odd_tables_lanes`] beside the affine tables, with a β·x column for the terms read
//!   through x ↦ βx), so they are only transposed into vectors; the digits become per-lane
//!   index and sign vectors.
//! * **Lookups**: all sixteen entries of a term's table are read and blended under the mask
//!   `index == e` (per lane), then y is negated under the sign mask: no secret-dependent
//!   branch or address.
//! * **Formulas**: as in [`crate::straus`]; each coordinate is one reduction of a short sum
//!   of products ([`hayate_arith::backend::x86_64::ifma::scaled_sop`]). Doubling: A = X², B = Y², D = 4XB, E = 3A,
//!   X₃ = E² − 2D, Y₃ = E(D − X₃) + B·(−8B), Z₃ = 2YZ (7 products, 6 reductions). Mixed
//!   addition: Z₁², U₂ = x₂Z₁², S₂ = y₂Z₁³, H = U₂ − X₁, R = S₂ − Y₁, H², H³, V = X₁H²,
//!   X₃ = R² − H³ − 2V, Y₃ = R(V − X₃) + Y₁·(−H³), Z₃ = Z₁H (11 products, 10 reductions).
//! * **Bounds** (p < 2^(64N), so R′/p ≥ 2^32): reduction outputs are below 2p whenever the sum
//!   of products is below p·R′. Differences add a borrow-proof multiple of p
//!   ([`hayate_arith::backend::x86_64::ifma::Consts`]: 8p, 16p or 64p) at least the subtrahend: X stays below 18p,
//!   Y and Z below 2p (8p for a negated table y), every operand of a product below 66p and
//!   every sum of products below 66²p² < p·R′.
//! * **Out**: X, Y, Z multiplied by R mod p (back to the R form), then fully reduced: the
//!   values the same formulas give in hayate's scalar arithmetic.

// A kernel module: an `unsafe fn` here is a kernel whose whole body is the unsafe operation
// (intrinsics of the target features it requires, or inline assembly) under its safety contract.
#![allow(unsafe_op_in_unsafe_fn)]

use alloc::{vec, vec::Vec};
use core::arch::x86_64::*;

use crate::straus::{LaneTable, OddTables, StrausLane};
use hayate_arith::backend::x86_64::ifma::{
    cpu_has_ifma_cached, gather, map, normalise, scaled_sop, splat, splat_v, square, store_steps,
    Consts, ConstsOf, Vert, V,
};
use hayate_arith::{Fp, FpParams};

/// Whether the kernel runs for N-word moduli on this CPU (N = 4 or 6, AVX-512 IFMA present and
/// enabled).
#[inline(always)]
pub fn applies<const N: usize>() -> bool {
    (N == 4 || N == 6) && hayate_arith::backend::x86_64::ifma::available()
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
    batch: &[StrausLane<'_>],
    windows: usize,
    c: &Consts<L>,
) -> Vec<[[u64; N]; 3]> {
    let v = Vert::new(c);
    let terms = batch[0].tables.len();
    // the tables as they are stored (R′ form): per lane x or βx, and y
    let mut tables: Vec<[Entry<L>; 16]> = Vec::with_capacity(terms);
    for h in 0..terms {
        let mut t = [[[_mm512_setzero_si512(); L]; 2]; 16];
        let mut words = [[0u64; 8]; L];
        for (e, entry) in t.iter_mut().enumerate() {
            for (k, x) in entry.iter_mut().enumerate() {
                for (lane, l) in batch.iter().enumerate() {
                    let col = if k == 1 { 2 } else { l.endo[h] as usize };
                    let at = (3 * e + col) * L;
                    for (j, w) in l.tables[h].words[at..at + L].iter().enumerate() {
                        words[j][lane] = *w;
                    }
                }
                *x = map(|j| _mm512_loadu_si512(words[j].as_ptr() as *const _));
            }
        }
        tables.push(t);
    }
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
    lanes: &[StrausLane<'_>],
    windows: usize,
) -> Vec<[Fp<P, N>; 3]> {
    assert!(
        (N == 4 || N == 6) && cpu_has_ifma_cached(),
        "straus_lanes without applies"
    );
    let mut out = Vec::with_capacity(lanes.len());
    for batch in lanes.chunks(8) {
        // SAFETY: AVX-512F/IFMA present (checked above); N = 6 with L = 8 (R′ = 2^416) or N = 4
        // with L = 6 (R′ = 2^312), so R′/p ≥ 2^32; the tables are lane tables of this field
        // and limb count (checked by the caller), values below 2p.
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

/// Lane-wise inverses of every vector of `den` (values below 2^16·p, R′ form) by Montgomery's
/// trick across the vectors: one prefix product chain per lane, the eight lane products
/// inverted together on the scalar side (one inversion), then the chain back. `None` if some
/// value is zero (the caller's exceptional case).
#[inline(always)]
unsafe fn batch_inverse<P: FpParams<N>, const L: usize, const N: usize>(
    den: &[V<L>],
    c: &Consts<L>,
) -> Option<Vec<V<L>>> {
    let (p, n0) = (splat_v(&c.p), splat(c.n0));
    let mul = |a: &V<L>, b: &V<L>| scaled_sop(&[(a, b)], 1, &p, n0);
    let mut pref = Vec::with_capacity(den.len());
    let mut acc = den[0];
    pref.push(acc);
    for d in &den[1..] {
        acc = mul(&acc, d);
        pref.push(acc);
    }
    // the eight lane products back to the R form, inverted together on the scalar side
    let mut inv: Vec<Fp<P, N>> = store_steps([&mul(&acc, &splat_v(&c.from))], 8, &P::MODULUS)
        .into_iter()
        .map(|[v]| Fp::from_mont_unchecked(v))
        .collect();
    if inv.iter().any(|x| bool::from(x.is_zero())) {
        return None;
    }
    Fp::batch_invert(&mut inv);
    let raw: V<L> = gather(&inv, |x| x.mont_limbs());
    let mut acc = mul(&raw, &splat_v(&c.to));
    let mut out = vec![acc; den.len()];
    for g in (1..den.len()).rev() {
        out[g] = mul(&acc, &pref[g - 1]);
        acc = mul(&acc, &den[g]);
    }
    out[0] = acc;
    Some(out)
}

/// The odd-multiple tables of up to eight bases per vector ([`odd_tables_lanes`]).
#[target_feature(enable = "avx512f,avx512ifma")]
unsafe fn run_tables<P: FpParams<N>, const L: usize, const N: usize>(
    bases: &[[Fp<P, N>; 2]],
    beta: &Fp<P, N>,
    c: &Consts<L>,
) -> Option<OddTables<Fp<P, N>>> {
    let v = Vert::new(c);
    let to = splat_v(&c.to);
    let one = splat_v(&c.one);
    // values below 10p back below 2p (one product by R′)
    let reduce = |a: &V<L>| sop(&v, &[(a, &one)], 1);
    let groups: Vec<&[[Fp<P, N>; 2]]> = bases.chunks(8).collect();
    let load = |g: &[[Fp<P, N>; 2]], k: usize| -> V<L> {
        // the last group is padded with its first base (a valid point; its lanes are dropped)
        let mut pad = [g[0]; 8];
        pad[..g.len()].copy_from_slice(g);
        let raw: V<L> = gather(&pad, |b| b[k].mont_limbs());
        sop(&v, &[(&raw, &to)], 1)
    };
    let mut t: Vec<[Entry<L>; 16]> = groups
        .iter()
        .map(|g| {
            let e = [load(g, 0), load(g, 1)];
            [e; 16]
        })
        .collect();
    // 2P: λ = 3x²/(2y), x₂ = λ² − 2x, y₂ = λ(x − x₂) − y
    let den: Vec<V<L>> = t.iter().map(|g| v.add(&g[0][1], &g[0][1])).collect();
    let inv = batch_inverse::<P, L, N>(&den, c)?;
    let two: Vec<Entry<L>> = t
        .iter()
        .zip(&inv)
        .map(|(g, i)| {
            let [x, y] = g[0];
            let l = sop(&v, &[(&v.triple(&sqr(&v, &x)), i)], 1);
            let x2 = reduce(&sub_k(&sqr(&v, &l), &v.add(&x, &x), &v.c.k8));
            let d = sub_k(&x, &x2, &v.c.k4);
            let y2 = reduce(&sub_k(&sop(&v, &[(&l, &d)], 1), &y, &v.c.k4));
            [x2, y2]
        })
        .collect();
    // (2e+1)P = (2e−1)P + 2P: λ = (y₂ − y)/(x₂ − x), x' = λ² − x − x₂, y' = λ(x − x') − y
    for e in 1..16 {
        let den: Vec<V<L>> = t
            .iter()
            .zip(&two)
            .map(|(g, w)| sub_k(&w[0], &g[e - 1][0], &v.c.k4))
            .collect();
        let inv = batch_inverse::<P, L, N>(&den, c)?;
        for ((g, w), i) in t.iter_mut().zip(&two).zip(&inv) {
            let [x, y] = g[e - 1];
            let num = sub_k(&w[1], &y, &v.c.k4);
            let l = sop(&v, &[(&num, i)], 1);
            let xn = reduce(&sub_k(&sqr(&v, &l), &v.add(&x, &w[0]), &v.c.k8));
            let d = sub_k(&x, &xn, &v.c.k4);
            let yn = reduce(&sub_k(&sop(&v, &[(&l, &d)], 1), &y, &v.c.k4));
            g[e] = [xn, yn];
        }
    }
    // the lanes' form: x, βx, y of every entry, as they are (below 2p)
    let beta_r = sop(&v, &[(&gather(&[*beta], |b| b.mont_limbs()), &to)], 1);
    let beta_r: V<L> = map(|j| _mm512_permutexvar_epi64(_mm512_setzero_si512(), beta_r[j]));
    let mut lane_tables = Vec::with_capacity(bases.len());
    for (g, tab) in groups.iter().zip(&t) {
        let mut words = vec![vec![0u64; 16 * 3 * L]; g.len()];
        let mut o = [[0u64; 8]; L];
        for (e, [x, y]) in tab.iter().enumerate() {
            let bx = sop(&v, &[(x, &beta_r)], 1);
            for (col, val) in [x, &bx, y].into_iter().enumerate() {
                for (j, limb) in val.iter().enumerate() {
                    _mm512_storeu_si512(o[j].as_mut_ptr() as *mut _, *limb);
                }
                for (lane, w) in words.iter_mut().enumerate() {
                    for j in 0..L {
                        w[(3 * e + col) * L + j] = o[j][lane];
                    }
                }
            }
        }
        lane_tables.extend(words.into_iter().map(|words| LaneTable {
            modulus0: P::MODULUS[0],
            limbs: L,
            words,
        }));
    }
    let from = splat_v(&c.from);
    let mut out = Vec::with_capacity(bases.len());
    for (g, tab) in groups.iter().zip(&t) {
        let conv: Vec<V<L>> = tab
            .iter()
            .flat_map(|e| [sop(&v, &[(&e[0], &from)], 1), sop(&v, &[(&e[1], &from)], 1)])
            .collect();
        let refs: [&V<L>; 32] = core::array::from_fn(|i| &conv[i]);
        for lane in store_steps(refs, g.len(), &P::MODULUS) {
            out.push(core::array::from_fn(|e| {
                [0, 1].map(|k| Fp::<P, N>::from_mont_unchecked(lane[2 * e + k]))
            }));
        }
    }
    Some((out, lane_tables))
}

/// The tables P, 3P, …, 31P (affine, reduced) of finite points P = (x, y) of an a = 0 curve
/// (see [`crate::straus::odd_tables_fp`]), eight bases per vector: the batched affine
/// doubling and additions of `hayate_ec::glv_lincomb`'s scalar tables with one lane-wise
/// Montgomery trick per step (the eight lane products inverted together). `None` if a
/// denominator vanishes (a base of order ≤ 31; the caller then builds the tables itself).
/// Bounds: every stored value is brought below 2p by a product with R′ (R′ mod p in R′ form)
/// after each step, so differences need at most 8p and products stay below 60p² < p·R′. The
/// lane tables keep these R′-form values (and β·x, one more product), below 2p as the Straus
/// kernel's inputs must be.
pub fn odd_tables_lanes<P: FpParams<N>, const N: usize>(
    bases: &[[Fp<P, N>; 2]],
    beta: &Fp<P, N>,
) -> Option<OddTables<Fp<P, N>>> {
    if bases.is_empty() {
        return Some((Vec::new(), Vec::new()));
    }
    assert!(
        (N == 4 || N == 6) && cpu_has_ifma_cached(),
        "odd_tables_lanes without applies"
    );
    // SAFETY: as for straus_lanes (AVX-512F/IFMA present; R′/p ≥ 2^32; reduced inputs).
    unsafe {
        if N == 6 {
            run_tables::<P, 8, N>(bases, beta, &ConstsOf::<P, N>::C8)
        } else {
            run_tables::<P, 6, N>(bases, beta, &ConstsOf::<P, N>::C6)
        }
    }
}

//! The Miller loop of a product of pairings in eight AVX-512 IFMA lanes: pair
//! i runs in lane i mod 8, and each lane keeps its own accumulator f, so the squarings, the
//! steps of T and the line products of eight pairs are one instruction stream. Pairs 8..15,
//! 16..23, … share the lanes' accumulators: each step of the loop squares the eight f once
//! and multiplies in every group's lines. The caller multiplies the lanes' f together at the
//! end (one f per lane is the Miller loop of the product of that lane's pairs).
//! [`miller_lanes`] steps T in the lanes (the unprepared loop); [`miller_lanes_unit`] takes
//! each pair's stored normalised lines instead (the prepared loop, fixed Q).
//!
//! The arithmetic is hayate-arith's vertical Fp arithmetic (`hayate_arith::backend::x86_64::ifma`) (radix 2^52, L = 8 limbs for
//! BLS12-381, 6 for bn254-beuchat), here in the exact 52-bit Montgomery form x·R′: the inputs
//! are converted once (×R′²/R) and the lanes' f once at the end (×R), so each lane computes
//! exactly the value of the scalar projective loop (`hayate_pairing::miller`'s
//! `double_step` / `add_step` and the line evaluations at P, Aranha et al., Eurocrypt 2011),
//! and the product of the lanes equals its f bit for bit.
//!
//! Every result is computed from few Montgomery reductions of sums of Fp products: in a lane
//! a product costs about what a reduction does, so the count of both is what matters. The
//! steps of T reduce each coordinate once (schoolbook Fp2 products, u² = −β folded in as
//! products by −β·y). Fp12 is handled in the basis 1, w, …, w⁵ (w⁶ = ξ, v = w²); with f_e
//! the Fp2 coefficient of wᵉ, every Fp2 coefficient of f² and of f·l is a sum Σ xᵢ·yᵢ of Fp2
//! products, done by Karatsuba as three reduced sums Σx₀y₀, Σx₁y₁, Σ(x₀ + x₁)(y₀ + y₁) and a
//! linear combination (three products per term instead of four, for one more reduction):
//! * (f²)_e = Σ_{a + b ≡ e (mod 6)} f_a·f_b, times ξ where a + b ≥ 6: 21 terms (6 squares,
//!   15 doubled cross products), 63 products and 18 reductions;
//! * a line has three coefficients l_k at w to the power POS_k (POS = (3, 2, 0) for the
//!   M-type line c + b·v + a·v·w, (0, 1, 3) for the D-type a + b·w + c·v·w), so (f·l)_e =
//!   Σ_k f_{e − POS_k}·l_k (× ξ on wrap-around): 54 products and 18 reductions.
//!
//! Operands negated inside a sum are complements to borrow-proof multiples of p (limbs never
//! negative), as in hayate-arith's lanes. Bounds: reduced values are below 2p, the coefficients of
//! f below 18p (64p after the conjugation, which only ends a schedule); every operand is
//! below 512p and every factor negated by −β below 25p, so every sum stays far below p·R′
//! (R′/p ≥ 2^35) and every accumulator limb below 2^62.
//!
//! Constant time: straight-line vector code whose control flow depends only on the public
//! schedule and the number of pairs.

// A kernel module: an `unsafe fn` here is a kernel whose whole body is the unsafe operation
// (intrinsics of the target features it requires, or inline assembly) under its safety contract.
#![allow(unsafe_op_in_unsafe_fn)]

use alloc::vec::Vec;
use core::arch::x86_64::*;

use hayate_arith::backend::x86_64::ifma::{
    gather, map, normalise, scaled_sop, splat, splat_v, store_steps, Consts, ConstsOf, Vert, V,
};

pub use crate::backend::{LaneOp, LanePair, UnitPair};

/// An Fp2 element in the lanes (c0, c1).
type F2<const L: usize> = [V<L>; 2];
/// An Fp12 element in the lanes, by power of w.
type F12<const L: usize> = [F2<L>; 6];

/// One group of up to eight pairs: T, P (x, y, −x, −y), the addends (x, y, −y) and the
/// lanes that hold a pair.
struct Group<const L: usize> {
    t: [F2<L>; 3],
    p: [V<L>; 4],
    a: [[F2<L>; 3]; 3],
    mask: __mmask8,
}

/// An Fp2 term of a sum of products.
#[derive(Clone, Copy)]
enum Term<'a, const L: usize> {
    /// x·y (y below 12p).
    Mul(&'a F2<L>, &'a F2<L>),
    /// x² (x below 12p).
    Sq(&'a F2<L>),
}

/// The tower and twist shape of the lanes.
trait Tower<const L: usize> {
    /// The power of w of the line coefficients a, b, c (`hayate_pairing`'s `[a, b, c]`).
    const POS: [usize; 3];
    /// The powers of w of a normalised line's two coefficients (its constant term is 1).
    const UNIT_POS: [usize; 2];
    /// −β·y for u² = −β (y below 12p).
    unsafe fn nb(v: &Vert<'_, L>, y: &V<L>) -> V<L>;
    /// ξ·x (x below 8p).
    unsafe fn xi(v: &Vert<'_, L>, x: &F2<L>) -> F2<L>;
    /// 3b′·Z².
    unsafe fn e3b(v: &Vert<'_, L>, z: &F2<L>) -> F2<L>;
    /// The Karatsuba combination (a − β·b, c − a − b) of reduced a = Σx₀y₀, b = Σx₁y₁,
    /// c = Σ(x₀ + x₁)(y₀ + y₁) (below 2p; results below 18p).
    unsafe fn combine(v: &Vert<'_, L>, a: &V<L>, b: &V<L>, c: &V<L>) -> F2<L>;
}

/// c − (a + b) + 8p for reduced a, b (the Karatsuba c1, below 10p).
#[target_feature(enable = "avx512f,avx512ifma")]
#[inline]
unsafe fn kara_c1<const L: usize>(v: &Vert<'_, L>, a: &V<L>, b: &V<L>, c: &V<L>) -> V<L> {
    v.sub(c, &v.add(a, b))
}

/// BLS12-381: u² = −1, ξ = 1 + u, M-type twist with 3b′ = 12(1 + u).
struct Bls12M;
/// bn254-beuchat: u² = −5, ξ = u, D-type twist with 3b′ = −3u.
struct BeuchatD;

impl Tower<8> for Bls12M {
    const POS: [usize; 3] = [3, 2, 0];
    const UNIT_POS: [usize; 2] = [2, 3];
    #[inline(always)]
    unsafe fn nb(v: &Vert<'_, 8>, y: &V<8>) -> V<8> {
        normalise(map(|j| _mm512_sub_epi64(splat(v.c.k64[j]), y[j])))
    }
    #[inline(always)]
    unsafe fn xi(v: &Vert<'_, 8>, x: &F2<8>) -> F2<8> {
        let d = normalise(map(|j| {
            _mm512_sub_epi64(_mm512_add_epi64(x[0][j], splat(v.c.k64[j])), x[1][j])
        }));
        [d, v.add(&x[0], &x[1])]
    }
    #[inline(always)]
    unsafe fn combine(v: &Vert<'_, 8>, a: &V<8>, b: &V<8>, c: &V<8>) -> F2<8> {
        [v.sub(a, b), kara_c1(v, a, b, c)]
    }
    #[inline(always)]
    unsafe fn e3b(v: &Vert<'_, 8>, z: &F2<8>) -> F2<8> {
        // 12(1 + u)·(z0² − z1² + 2z0z1·u) = 12(z0² − z1² − 2z0z1) + 12(z0² − z1² + 2z0z1)·u
        let nz1 = Self::nb(v, &z[1]);
        let z0d = v.add(&z[0], &z[0]);
        [
            sop(v, &[(&z[0], &z[0]), (&z[1], &nz1), (&z0d, &nz1)], 12),
            sop(v, &[(&z[0], &z[0]), (&z[1], &nz1), (&z0d, &z[1])], 12),
        ]
    }
}

impl Tower<6> for BeuchatD {
    const POS: [usize; 3] = [0, 1, 3];
    const UNIT_POS: [usize; 2] = [1, 3];
    #[inline(always)]
    unsafe fn nb(v: &Vert<'_, 6>, y: &V<6>) -> V<6> {
        normalise(map(|j| {
            let five = _mm512_add_epi64(y[j], _mm512_slli_epi64::<2>(y[j]));
            _mm512_sub_epi64(splat(v.c.k128[j]), five)
        }))
    }
    #[inline(always)]
    unsafe fn combine(v: &Vert<'_, 6>, a: &V<6>, b: &V<6>, c: &V<6>) -> F2<6> {
        // a + 16p − 5b
        let c0 = normalise(map(|j| {
            let five = _mm512_add_epi64(b[j], _mm512_slli_epi64::<2>(b[j]));
            _mm512_sub_epi64(_mm512_add_epi64(a[j], splat(v.c.k16[j])), five)
        }));
        [c0, kara_c1(v, a, b, c)]
    }
    #[inline(always)]
    unsafe fn xi(v: &Vert<'_, 6>, x: &F2<6>) -> F2<6> {
        [Self::nb(v, &x[1]), x[0]]
    }
    #[inline(always)]
    unsafe fn e3b(v: &Vert<'_, 6>, z: &F2<6>) -> F2<6> {
        // −3u·(z0² − 5z1² + 2z0z1·u) = 30·z0z1 + 3(5z1² − z0²)·u
        let nz0 = v.neg(&z[0]);
        [
            sop(v, &[(&z[0], &z[1])], 30),
            sop(v, &[(&z[1], &v.five(&z[1])), (&z[0], &nz0)], 3),
        ]
    }
}

/// [`scaled_sop`] out of line (at most 12 terms): one copy of the limb-product loop serves
/// every sum of the lanes loop.
#[target_feature(enable = "avx512f,avx512ifma")]
#[inline(never)]
unsafe fn sum_of_products<const L: usize>(
    terms: &[(&V<L>, &V<L>)],
    k: u64,
    p: &V<L>,
    n0: __m512i,
) -> V<L> {
    scaled_sop(terms, k, p, n0)
}

#[inline(always)]
unsafe fn sop<const L: usize>(v: &Vert<'_, L>, terms: &[(&V<L>, &V<L>)], k: u64) -> V<L> {
    sum_of_products(terms, k, &v.p, v.n0)
}

/// k·Σ terms in Fp2 (at most six terms), two reductions.
#[target_feature(enable = "avx512f,avx512ifma")]
#[inline]
unsafe fn fp2_sum<S: Tower<L>, const L: usize>(
    v: &Vert<'_, L>,
    terms: &[Term<'_, L>],
    k: u64,
) -> F2<L> {
    // the −β·y₁ and 2x₀ operands, one per term (a square's 2x₀ in `dbl`)
    let mut aux = uninit::<V<L>, 6>();
    let mut dbl = uninit::<V<L>, 6>();
    for (i, t) in terms.iter().enumerate() {
        match t {
            Term::Mul(_, y) => {
                aux[i].write(S::nb(v, &y[1]));
            }
            Term::Sq(x) => {
                aux[i].write(S::nb(v, &x[1]));
                dbl[i].write(v.add(&x[0], &x[0]));
            }
        }
    }
    // SAFETY: slot i of `aux` is written for every term, of `dbl` for every square; only
    // those slots are read below.
    let aux = |i: usize| unsafe { aux[i].assume_init_ref() };
    // SAFETY: as for `aux`.
    let dbl = |i: usize| unsafe { dbl[i].assume_init_ref() };
    let zero = &v.p;
    let mut c0: [(&V<L>, &V<L>); 12] = [(zero, zero); 12];
    let mut c1: [(&V<L>, &V<L>); 12] = [(zero, zero); 12];
    let (mut n0, mut n1) = (0, 0);
    for (i, t) in terms.iter().enumerate() {
        match t {
            Term::Mul(x, y) => {
                c0[n0] = (&x[0], &y[0]);
                c0[n0 + 1] = (&x[1], aux(i));
                c1[n1] = (&x[0], &y[1]);
                c1[n1 + 1] = (&x[1], &y[0]);
                n0 += 2;
                n1 += 2;
            }
            Term::Sq(x) => {
                c0[n0] = (&x[0], &x[0]);
                c0[n0 + 1] = (&x[1], aux(i));
                c1[n1] = (dbl(i), &x[1]);
                n0 += 2;
                n1 += 1;
            }
        }
    }
    [sop(v, &c0[..n0], k), sop(v, &c1[..n1], k)]
}

/// Fp2 times an Fp value of the lanes (y below 12p).
#[target_feature(enable = "avx512f,avx512ifma")]
#[inline]
unsafe fn fp2_by_fp<const L: usize>(v: &Vert<'_, L>, x: &F2<L>, y: &V<L>, k: u64) -> F2<L> {
    [sop(v, &[(&x[0], y)], k), sop(v, &[(&x[1], y)], k)]
}

/// Σ xᵢ·yᵢ in Fp2 by Karatsuba (at most four terms): three sums of products, three
/// reductions, then [`Tower::combine`] (results below 18p).
#[target_feature(enable = "avx512f,avx512ifma")]
#[inline]
unsafe fn fp2_sum_kara<S: Tower<L>, const L: usize>(
    v: &Vert<'_, L>,
    terms: &[(&F2<L>, &F2<L>)],
) -> F2<L> {
    let mut xs = uninit::<V<L>, 4>();
    let mut ys = uninit::<V<L>, 4>();
    for (i, (x, y)) in terms.iter().enumerate() {
        xs[i].write(v.add(&x[0], &x[1]));
        ys[i].write(v.add(&y[0], &y[1]));
    }
    let zero = &v.p;
    let mut a: [(&V<L>, &V<L>); 4] = [(zero, zero); 4];
    let mut b = a;
    let mut c = a;
    for (i, (x, y)) in terms.iter().enumerate() {
        a[i] = (&x[0], &y[0]);
        b[i] = (&x[1], &y[1]);
        // SAFETY: slot i was written above.
        c[i] = unsafe { (xs[i].assume_init_ref(), ys[i].assume_init_ref()) };
    }
    let n = terms.len();
    let ra = sop(v, &a[..n], 1);
    let rb = sop(v, &b[..n], 1);
    let rc = sop(v, &c[..n], 1);
    S::combine(v, &ra, &rb, &rc)
}

/// out ← f² (f below 18p).
#[target_feature(enable = "avx512f,avx512ifma")]
#[inline]
unsafe fn fp12_square<S: Tower<L>, const L: usize>(v: &Vert<'_, L>, f: &F12<L>, out: &mut F12<L>) {
    let (mut s1, mut s2, mut s3) = (uninit(), uninit(), uninit());
    let xf: &F12<L> = build_in(&mut s1, |a| S::xi(v, &f[a]));
    let d: &F12<L> = build_in(&mut s2, |a| {
        [v.add(&f[a][0], &f[a][0]), v.add(&f[a][1], &f[a][1])]
    });
    let xd: &F12<L> = build_in(&mut s3, |a| {
        [v.add(&xf[a][0], &xf[a][0]), v.add(&xf[a][1], &xf[a][1])]
    });
    for (e, o) in out.iter_mut().enumerate() {
        let mut terms = [(&f[0], &f[0]); 4];
        let mut n = 0;
        for a in 0..6 {
            let b = (e + 6 - a) % 6;
            if b < a {
                continue;
            }
            let wrap = a + b >= 6;
            terms[n] = match (a == b, wrap) {
                (true, false) => (&f[a], &f[a]),
                (true, true) => (&xf[a], &f[a]),
                (false, false) => (&d[a], &f[b]),
                (false, true) => (&xd[a], &f[b]),
            };
            n += 1;
        }
        *o = fp2_sum_kara::<S, L>(v, &terms[..n]);
    }
}

/// out ← f·l for a sparse l = Σ_k c_k·w^(s_k) given as (s_k, c_k) (f below 18p, c_k below
/// 12p): a line (a, b, c) at w^POS, or a normalised line (1, s, t) at w^0 and w^UNIT_POS with
/// 1 in its 52-bit form.
#[target_feature(enable = "avx512f,avx512ifma")]
#[inline]
unsafe fn fp12_mul_sparse<S: Tower<L>, const L: usize, const K: usize>(
    v: &Vert<'_, L>,
    f: &F12<L>,
    l: [(usize, &F2<L>); K],
    out: &mut F12<L>,
) {
    let mut slots = uninit();
    let xf: &F12<L> = build_in(&mut slots, |a| S::xi(v, &f[a]));
    for (e, o) in out.iter_mut().enumerate() {
        let terms: [(&F2<L>, &F2<L>); K] = build(|k| {
            let (s, c) = l[k];
            let a = (e + 6 - s) % 6;
            (if a + s >= 6 { &xf[a] } else { &f[a] }, c)
        });
        *o = fp2_sum_kara::<S, L>(v, &terms);
    }
}

/// Zero in the lanes.
#[inline(always)]
unsafe fn zero_v<const L: usize>() -> V<L> {
    [_mm512_setzero_si512(); L]
}

/// Doubling step: T ← 2T (T below 2p), the tangent line at P (`double_step` then the
/// evaluation at P: [−2YZ·y_P, 3X²·x_P, 3b′Z² − Y²]).
#[target_feature(enable = "avx512f,avx512ifma")]
#[inline]
unsafe fn double_step<S: Tower<L>, const L: usize>(
    v: &Vert<'_, L>,
    t: &mut [F2<L>; 3],
    p: &[V<L>; 4],
) -> [F2<L>; 3] {
    let [x, y, z] = &*t;
    let b = fp2_sum::<S, L>(v, &[Term::Sq(y)], 1);
    let j = fp2_sum::<S, L>(v, &[Term::Sq(x)], 1);
    let e = S::e3b(v, z);
    let h = fp2_sum::<S, L>(v, &[Term::Mul(y, z)], 2);
    let xy = fp2_sum::<S, L>(v, &[Term::Mul(x, y)], 1);
    let a = [v.halve(&xy[0]), v.halve(&xy[1])];
    let f = [v.triple(&e[0]), v.triple(&e[1])];
    let bf = [v.sub(&b[0], &f[0]), v.sub(&b[1], &f[1])];
    let g = [v.halve(&v.add(&b[0], &f[0])), v.halve(&v.add(&b[1], &f[1]))];
    let nf = [v.neg(&f[0]), v.neg(&f[1])];
    let i = [v.sub(&e[0], &b[0]), v.sub(&e[1], &b[1])];
    let l0 = fp2_by_fp(v, &h, &p[3], 1);
    let l1 = fp2_by_fp(v, &j, &p[0], 3);
    *t = [
        fp2_sum::<S, L>(v, &[Term::Mul(&bf, &a)], 1),
        fp2_sum::<S, L>(v, &[Term::Sq(&g), Term::Mul(&nf, &e)], 1),
        fp2_sum::<S, L>(v, &[Term::Mul(&h, &b)], 1),
    ];
    [l0, l1, i]
}

/// Mixed addition step: T ← T + A (A = (x, y) affine, y possibly the negated one), the
/// chord line at P (`add_step` then the evaluation: [λ·y_P, −θ·x_P, θ·x_A − λ·y_A]).
#[target_feature(enable = "avx512f,avx512ifma")]
#[inline]
unsafe fn add_step<S: Tower<L>, const L: usize>(
    v: &Vert<'_, L>,
    t: &mut [F2<L>; 3],
    ax: &F2<L>,
    ay: &F2<L>,
    nay: &F2<L>,
    p: &[V<L>; 4],
) -> [F2<L>; 3] {
    let [x, y, z] = &*t;
    let yz = fp2_sum::<S, L>(v, &[Term::Mul(ay, z)], 1);
    let xz = fp2_sum::<S, L>(v, &[Term::Mul(ax, z)], 1);
    let theta = [v.sub(&y[0], &yz[0]), v.sub(&y[1], &yz[1])];
    let lambda = [v.sub(&x[0], &xz[0]), v.sub(&x[1], &xz[1])];
    let c = fp2_sum::<S, L>(v, &[Term::Sq(&theta)], 1);
    let d = fp2_sum::<S, L>(v, &[Term::Sq(&lambda)], 1);
    let l0 = fp2_by_fp(v, &lambda, &p[1], 1);
    let l1 = fp2_by_fp(v, &theta, &p[2], 1);
    let l2 = fp2_sum::<S, L>(v, &[Term::Mul(ax, &theta), Term::Mul(nay, &lambda)], 1);
    let e = fp2_sum::<S, L>(v, &[Term::Mul(&d, &lambda)], 1);
    let f = fp2_sum::<S, L>(v, &[Term::Mul(z, &c)], 1);
    let g = fp2_sum::<S, L>(v, &[Term::Mul(x, &d)], 1);
    // h = e + f − 2g (below 12p), g − h (below 18p)
    let h: F2<L> = build(|i| v.sub(&v.add(&e[i], &f[i]), &v.add(&g[i], &g[i])));
    let gh: F2<L> = build(|i| {
        normalise(map(|j| {
            _mm512_sub_epi64(_mm512_add_epi64(g[i][j], splat(v.c.k16[j])), h[i][j])
        }))
    });
    let ny = [v.neg(&y[0]), v.neg(&y[1])];
    *t = [
        fp2_sum::<S, L>(v, &[Term::Mul(&h, &lambda)], 1),
        fp2_sum::<S, L>(v, &[Term::Mul(&gh, &theta), Term::Mul(&ny, &e)], 1),
        fp2_sum::<S, L>(v, &[Term::Mul(z, &e)], 1),
    ];
    [l0, l1, l2]
}

/// `[f(0), …, f(K − 1)]` by a plain loop (`core::array::from_fn` over vectors is not always
/// inlined, and an out-of-line copy runs without the AVX-512 target features).
/// (No zero-initialisation first: the arrays are kilobytes, and a memset per call was 9 % of
/// the loop.) Every function here that passes a closure is itself compiled with the AVX-512
/// features, so that its closures are too even where they are not inlined.
#[inline(always)]
fn build<T: Copy, const K: usize>(f: impl Fn(usize) -> T) -> [T; K] {
    let mut r = uninit::<T, K>();
    for (i, x) in r.iter_mut().enumerate() {
        x.write(f(i));
    }
    // SAFETY: every element was written above; [MaybeUninit<T>; K] has the layout of [T; K].
    unsafe { (&r as *const [core::mem::MaybeUninit<T>; K] as *const [T; K]).read() }
}

/// [`build`] into caller-provided slots, returning a reference to them (no copy of the whole
/// array on return).
#[inline(always)]
fn build_in<T: Copy, const K: usize>(
    slots: &mut [core::mem::MaybeUninit<T>; K],
    f: impl Fn(usize) -> T,
) -> &[T; K] {
    for (i, x) in slots.iter_mut().enumerate() {
        x.write(f(i));
    }
    // SAFETY: every element was written above; [MaybeUninit<T>; K] has the layout of [T; K].
    unsafe { &*(slots as *const [core::mem::MaybeUninit<T>; K] as *const [T; K]) }
}

/// An array of uninitialised slots.
#[inline(always)]
fn uninit<T: Copy, const K: usize>() -> [core::mem::MaybeUninit<T>; K] {
    [const { core::mem::MaybeUninit::uninit() }; K]
}

/// `new` ← `new` in the lanes of `mask`, `old` elsewhere.
#[target_feature(enable = "avx512f,avx512ifma")]
#[inline]
unsafe fn blend_into<const L: usize>(mask: __mmask8, old: &F12<L>, new: &mut F12<L>) {
    for (re, oe) in new.iter_mut().zip(old) {
        for (ri, oi) in re.iter_mut().zip(oe) {
            for (x, o) in ri.iter_mut().zip(oi) {
                *x = _mm512_mask_blend_epi64(mask, *o, *x);
            }
        }
    }
}

/// Montgomery limbs (R) of up to eight values into the lanes, converted to the 52-bit form.
#[target_feature(enable = "avx512f,avx512ifma")]
#[inline]
unsafe fn load<const L: usize, const N: usize>(
    v: &Vert<'_, L>,
    group: &[LanePair<N>],
    f: impl Fn(&LanePair<N>) -> &[u64; N],
) -> V<L> {
    sop(v, &[(&gather(group, f), &splat_v(&v.c.to))], 1)
}

/// The start of both loops: the vertical arithmetic of `c` and f = 1 in every lane.
#[target_feature(enable = "avx512f,avx512ifma")]
#[inline]
unsafe fn start<const L: usize>(c: &Consts<L>) -> (Vert<'_, L>, F12<L>) {
    let v = Vert::new(c);
    let mut f: F12<L> = [[zero_v(); 2]; 6];
    f[0][0] = splat_v(&c.one);
    (v, f)
}

/// The loop in the lanes: see the module docs.
#[target_feature(enable = "avx512f,avx512ifma")]
unsafe fn run<S: Tower<L>, const L: usize, const N: usize>(
    pairs: &[LanePair<N>],
    ops: &[LaneOp],
    m: &[u64; N],
    c: &Consts<L>,
) -> Vec<[[u64; N]; 12]> {
    let (v, mut fa) = start(c);
    let mut groups: Vec<Group<L>> = Vec::with_capacity(pairs.len().div_ceil(8));
    for chunk in pairs.chunks(8) {
        let col = |f: &dyn Fn(&LanePair<N>) -> &[u64; N]| -> V<L> { load(&v, chunk, f) };
        let xp = col(&|q| &q.xp);
        let yp = col(&|q| &q.yp);
        let p = [xp, yp, v.neg(&xp), v.neg(&yp)];
        let a: [[F2<L>; 3]; 3] = build(|k| {
            let c = |i: usize| col(&|q| &q.addends[k][i]);
            let (x, y) = ([c(0), c(1)], [c(2), c(3)]);
            let ny = [v.neg(&y[0]), v.neg(&y[1])];
            [x, y, ny]
        });
        let one = splat_v(&c.one);
        let zero = [_mm512_setzero_si512(); L];
        groups.push(Group {
            t: [a[0][0], a[0][1], [one, zero]],
            p,
            a,
            mask: ((1u16 << chunk.len()) - 1) as __mmask8,
        });
    }
    // f and its successor, two buffers whose roles swap (no copies of the kilobytes of f)
    let mut fb: F12<L> = fa;
    let (mut cur, mut next) = (&mut fa, &mut fb);
    for op in ops {
        match *op {
            LaneOp::Square => {
                fp12_square::<S, L>(&v, cur, next);
                core::mem::swap(&mut cur, &mut next);
            }
            LaneOp::Conjugate => conjugate(&v, cur),
            LaneOp::Line => unreachable!("lanes loop: no stored lines"),
            LaneOp::Double | LaneOp::Add(..) => {
                for g in groups.iter_mut() {
                    let l = match *op {
                        LaneOp::Add(k, neg) => {
                            let [x, y, ny] = &g.a[k];
                            let (ay, nay) = if neg { (ny, y) } else { (y, ny) };
                            add_step::<S, L>(&v, &mut g.t, x, ay, nay, &g.p)
                        }
                        _ => double_step::<S, L>(&v, &mut g.t, &g.p),
                    };
                    let [a, b, c] = S::POS;
                    fp12_mul_sparse::<S, L, 3>(&v, cur, [(a, &l[0]), (b, &l[1]), (c, &l[2])], next);
                    if g.mask != 0xff {
                        blend_into(g.mask, cur, next);
                    }
                    core::mem::swap(&mut cur, &mut next);
                }
            }
        }
    }
    store_f(&v, cur, pairs.len().min(8), m)
}

/// The lanes' f (fully reduced Montgomery limbs, hayate's coordinate order) of the first
/// `count` lanes.
#[target_feature(enable = "avx512f,avx512ifma")]
#[inline]
unsafe fn store_f<const L: usize, const N: usize>(
    v: &Vert<'_, L>,
    f: &F12<L>,
    count: usize,
    m: &[u64; N],
) -> Vec<[[u64; N]; 12]> {
    let from = splat_v(&v.c.from);
    // coefficient e = 2j + i of w is c_i.c_j: hayate's coordinate 6i + 2j + k
    let r: [V<L>; 12] = build(|idx| {
        let (i, j, k) = (idx / 6, (idx % 6) / 2, idx % 2);
        sop(v, &[(&f[2 * j + i][k], &from)], 1)
    });
    store_steps(build(|i| &r[i]), count, m)
}

/// The prepared loop in the lanes: f² and, per [`LaneOp::Line`], each group's next normalised
/// lines at P. The lines' limbs enter unconverted (value·R/R′ in the 52-bit form), so u and v
/// are converted twice (·R′²/R each): s′·u and t′·v come out exact. Its op loop is a
/// deliberate twin of [`run`]'s (the f buffers, squaring, conjugation, the masked sparse
/// product per group): the groups' state and the line each op yields differ between the two.
#[target_feature(enable = "avx512f,avx512ifma")]
unsafe fn run_unit<S: Tower<L>, const L: usize, const N: usize>(
    pairs: &[UnitPair<'_, N>],
    ops: &[LaneOp],
    m: &[u64; N],
    c: &Consts<L>,
) -> Vec<[[u64; N]; 12]> {
    let (v, mut fa) = start(c);
    let to = splat_v(&c.to);
    let groups: Vec<(&[UnitPair<'_, N>], [V<L>; 2], __mmask8)> = pairs
        .chunks(8)
        .map(|g| {
            let conv = |x: V<L>| {
                let once = sop(&v, &[(&x, &to)], 1);
                sop(&v, &[(&once, &to)], 1)
            };
            let uv = [conv(gather(g, |q| &q.u)), conv(gather(g, |q| &q.v))];
            (g, uv, ((1u16 << g.len()) - 1) as __mmask8)
        })
        .collect();
    // f and its successor, two buffers whose roles swap (no copies of the kilobytes of f)
    let mut fb: F12<L> = fa;
    let (mut cur, mut next) = (&mut fa, &mut fb);
    // the constant term of a normalised line: 1 in the 52-bit form
    let one: F2<L> = [splat_v(&c.one), zero_v()];
    let mut idx = 0;
    for op in ops {
        match *op {
            LaneOp::Square => {
                fp12_square::<S, L>(&v, cur, next);
                core::mem::swap(&mut cur, &mut next);
            }
            LaneOp::Conjugate => conjugate(&v, cur),
            LaneOp::Line => {
                for (g, uv, mask) in &groups {
                    let raw: [V<L>; 4] = build(|i| gather(g, |q| &q.lines[idx][i]));
                    let st = [
                        fp2_by_fp(&v, &[raw[0], raw[1]], &uv[0], 1),
                        fp2_by_fp(&v, &[raw[2], raw[3]], &uv[1], 1),
                    ];
                    let [i, j] = S::UNIT_POS;
                    fp12_mul_sparse::<S, L, 3>(
                        &v,
                        cur,
                        [(0, &one), (i, &st[0]), (j, &st[1])],
                        next,
                    );
                    if *mask != 0xff {
                        blend_into(*mask, cur, next);
                    }
                    core::mem::swap(&mut cur, &mut next);
                }
                idx += 1;
            }
            LaneOp::Double | LaneOp::Add(..) => unreachable!("unit loop: lines only"),
        }
    }
    store_f(&v, cur, pairs.len().min(8), m)
}

/// f ← conj(f): 64p − f on the w-odd coefficients (below 64p: only the last operation).
#[target_feature(enable = "avx512f,avx512ifma")]
#[inline]
unsafe fn conjugate<const L: usize>(v: &Vert<'_, L>, f: &mut F12<L>) {
    for e in [1, 3, 5] {
        f[e] = build(|i| normalise(map(|j| _mm512_sub_epi64(splat(v.c.k64[j]), f[e][i][j]))));
    }
}

/// Whether [`miller_lanes`] runs for P's tower: BLS12-381's kernel set (its twist must have
/// 3b′ = 12(1 + u), M-type) or bn254-beuchat's (3b′ = −3u, D-type), on a CPU with IFMA
/// ([`super::applies`]).
#[inline(always)]
pub fn applies<P: hayate_arith::TowerParams<N>, const N: usize>() -> bool {
    super::applies::<P, N>()
}

/// The Miller loop of `pairs` by the schedule `ops` in eight lanes; returns each used lane's
/// f (min(8, pairs) values, Montgomery limbs, fully reduced, coordinates in the order c0.c0.c0,
/// c0.c0.c1, c0.c1.c0, …, c1.c2.c1); their product is the loop's value for all the pairs.
/// The caller has checked [`applies`] and the twist (3b′ = 12(1 + u) for N = 6, −3u for N = 4).
pub fn miller_lanes<P: hayate_arith::TowerParams<N>, const N: usize>(
    pairs: &[LanePair<N>],
    ops: &[LaneOp],
) -> Vec<[[u64; N]; 12]> {
    assert!(applies::<P, N>(), "miller_lanes without applies");
    assert!(
        ops.iter()
            .all(|o| !matches!(o, LaneOp::Add(k, _) if *k > 2)),
        "addend index"
    );
    assert!(
        ops.iter().rev().skip(1).all(|o| *o != LaneOp::Conjugate),
        "conjugation only last"
    );
    if pairs.is_empty() {
        return Vec::new();
    }
    assert!(!ops.contains(&LaneOp::Line), "no stored lines");
    // SAFETY: AVX-512F/IFMA present, the tower shape with its modulus bound (checked above);
    // the caller passes reduced coordinates.
    unsafe {
        if N == 6 {
            run::<Bls12M, 8, N>(pairs, ops, &P::MODULUS, &ConstsOf::<P, N>::C8)
        } else {
            run::<BeuchatD, 6, N>(pairs, ops, &P::MODULUS, &ConstsOf::<P, N>::C6)
        }
    }
}

/// The prepared Miller loop of `pairs` by the schedule `ops` (squares, [`LaneOp::Line`]s and a
/// final conjugation) in eight lanes: each pair's normalised lines ([`UnitPair`]), one per
/// `Line`; returns each used lane's f as [`miller_lanes`] does. The value equals the scalar
/// product of the lines (1 + s′u·w^i + t′v·w^j) exactly. The caller has checked [`applies`]
/// and that every pair holds at least as many lines as `ops` has `Line`s.
pub fn miller_lanes_unit<P: hayate_arith::TowerParams<N>, const N: usize>(
    pairs: &[UnitPair<'_, N>],
    ops: &[LaneOp],
) -> Vec<[[u64; N]; 12]> {
    assert!(applies::<P, N>(), "miller_lanes_unit without applies");
    let lines = ops.iter().filter(|o| **o == LaneOp::Line).count();
    assert!(
        ops.iter()
            .all(|o| matches!(o, LaneOp::Square | LaneOp::Line | LaneOp::Conjugate))
            && ops.iter().rev().skip(1).all(|o| *o != LaneOp::Conjugate)
            && pairs.iter().all(|q| q.lines.len() >= lines),
        "unit schedule"
    );
    if pairs.is_empty() {
        return Vec::new();
    }
    // SAFETY: as in `miller_lanes`; every pair has a line for every `Line` (checked above).
    unsafe {
        if N == 6 {
            run_unit::<Bls12M, 8, N>(pairs, ops, &P::MODULUS, &ConstsOf::<P, N>::C8)
        } else {
            run_unit::<BeuchatD, 6, N>(pairs, ops, &P::MODULUS, &ConstsOf::<P, N>::C6)
        }
    }
}

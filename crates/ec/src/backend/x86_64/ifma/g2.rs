//! The column loop of the constant-time GLS multiplication in G2 ([`crate::glv_sac`]: the GLV-SAC
//! method: one doubling and one mixed addition of a table entry per column, Jacobian
//! coordinates over Fp2, a = 0) in the eight AVX-512 IFMA lanes, for **one** multiplication:
//! the lanes hold the independent Fp2 products of each step of the formulas (G2
//! multiplication by a secret scalar).
//!
//! * **Layout.** An Fp2 value occupies every 128-bit chunk of an L-vector set (lane 2s = c0,
//!   lane 2s + 1 = c1, the same pair in the four chunks s = 0…3), in the exact 52-bit
//!   Montgomery form of [`hayate_arith::backend::x86_64::ifma`] (L = 8 limbs for BLS12-381's p < 2^381, L = 6 for
//!   the 254-bit primes of bn254-beuchat and alt_bn128). A *round* computes up to four Fp2 sums of products at once,
//!   chunk s holding result s: each pass of L×L limb products takes chunk s of its operands
//!   from result s's terms (a masked blend per chunk), and one Montgomery reduction per
//!   lane closes the round. A result is copied to all four chunks (`vshufi64x2`) for use in
//!   the next rounds.
//! * **Fp2 products** as sums over the two lanes of a chunk. With u² = β, β = −1
//!   (BLS12-381, alt_bn128) or −5 (bn254-beuchat), a·b = (a0b0 + βa1b1) + (a0b1 + a1b0)u: pass one
//!   multiplies (a0, a0) by (b0, b1), pass two (a1, a1) by (K − |β|b1, b0), K a
//!   borrow-proof multiple of p (no limb goes negative). A square with β = −1 is one pass,
//!   (a0 + a1, 2a1) by (a0 − a1 + K, a0); with β = −5 it is the product a·a. A reduced
//!   value v enters a sum as v times R′ mod p (one pass).
//! * **One column** (doubling 2(X, Y, Z) = (X₃, Y₃, Z₃) with M = 3X², S = 4XY²:
//!   X₃ = M² − 2S, Y₃ = M(S − X₃) − 8Y⁴, Z₃ = 2YZ; then the textbook mixed addition of the
//!   entry (x, y): H = xZ₃² − X₃, R = yZ₃³ − Y₃, X₄ = R² − H³ − 2X₃H²,
//!   Y₄ = R(X₃H² − X₄) − Y₃H³, Z₄ = Z₃H) is six rounds:
//!   1. X², Y², (Y + Z)², Z² (then Z₃ = (Y + Z)² − Y² − Z²);
//!   2. X₃ = (3X²)² + 8X·(−Y²), XY², 4·Y²Z² = Z₃², Y⁴;
//!   3. Y₃ = (4XY² − X₃)·3X² + (−8Y⁴)·1, U₂ = x·Z₃², Z₃³;
//!   4. S₂ = y·Z₃³, H², Z₄ = Z₃H, Y₃H;
//!   5. R², H³, V = X₃H², Y₃H³ (then X₄ = R² − H³ − 2V);
//!   6. Y₄ = R(V − X₄) + (−Y₃H³)·1.
//!
//!   That is 14 passes and 6 reductions per column for β = −1 (16 passes for β = −5, whose
//!   squares take two), against eleven Fp2 products and seven squares (47 Fp products, 36
//!   reductions) on the MULX path. The doubling is the unhalved one (the scalar loop's
//!   halved doubling gives the same point in other coordinates), the addition the scalar
//!   loop's unchecked formula: the same exceptional cases, which the caller excludes as
//!   before.
//! * **Bounds** (R′/p ≥ 2^35 for BLS12-381, 2^57 for the 254-bit primes): every reduction output
//!   is below 2p; differences add 8p, 16p or 64p (borrow-proof, at least twice the
//!   subtrahend's bound), so X
//!   stays below 18p and every operand below 150p (the −5·b operands use 256p − 5b, b below
//!   25p); every sum of products stays below 2^19·p² < p·R′, and accumulator limbs below
//!   2^62.
//! * **Lookups**: all entries of the table are read and ANDed with all-ones or all-zero
//!   vectors (index = e), y is replaced by 8p − y under the sign's vector mask: no
//!   secret-dependent branch, address or mask register. The column digits are read in
//!   order (public positions).
//! * **In / out**: the state and the table are converted to the R′ form once per call
//!   (products by R′²/R), the result back to the R form and fully reduced.
//! * **Only BLS12-381 in use.** The 6-limb kernels (bn254-beuchat, alt_bn128) pass the same
//!   tests, but `crates/lab/examples/dudect_g2.rs` separates the scalar 1 — every column on
//!   the same entry and sign — from random scalars in their fast tail (max |t| 5–8 over
//!   100 000 calls; 2–3 for other fixed scalars, for the MULX path and for the 8-limb
//!   kernel). The cause is not found, so [`sac_columns_fp2`] declines N = 4 and those curves
//!   keep the MULX path.

// A kernel module: an `unsafe fn` here is a kernel whose whole body is the unsafe operation
// (intrinsics of the target features it requires, or inline assembly) under its safety contract.
#![allow(unsafe_op_in_unsafe_fn)]

use core::arch::x86_64::*;

use hayate_arith::backend::x86_64::ifma::{
    from52, map, mul_acc, normalise, redc, reduce_once, splat, splat_v, to52, Acc, Consts,
    ConstsOf, ACC, V,
};
use hayate_arith::{Fp, Fp2, TowerParams};

/// Fewest columns sent to the kernel (below that the conversions cost more than the lanes
/// save).
pub const MIN_COLUMNS: usize = 8;
/// Largest table (2^(D−1) for D = 4).
const MAX_TABLE: usize = 8;

/// The field's vectors.
struct Ctx<'a, const L: usize> {
    c: &'a Consts<L>,
    p: V<L>,
    n0: __m512i,
    one: V<L>,
}

/// A term of an Fp2 sum of products: a·b, a², or a reduced value v (times R′ mod p).
#[derive(Clone, Copy)]
enum Term<'a, const L: usize> {
    Mul(&'a V<L>, &'a V<L>),
    Sqr(&'a V<L>),
    Lin(&'a V<L>),
}

/// (c1, c0) in every chunk.
#[inline(always)]
unsafe fn swap<const L: usize>(a: &V<L>) -> V<L> {
    map(|j| _mm512_shuffle_epi32::<0x4E>(a[j]))
}

/// (c0, c0) in every chunk.
#[inline(always)]
unsafe fn dup_lo<const L: usize>(a: &V<L>) -> V<L> {
    map(|j| _mm512_unpacklo_epi64(a[j], a[j]))
}

/// (c1, c1) in every chunk.
#[inline(always)]
unsafe fn dup_hi<const L: usize>(a: &V<L>) -> V<L> {
    map(|j| _mm512_unpackhi_epi64(a[j], a[j]))
}

/// Lanes of `b` where `m` is set, of `a` elsewhere.
#[inline(always)]
unsafe fn blend<const L: usize>(m: __mmask8, a: &V<L>, b: &V<L>) -> V<L> {
    map(|j| _mm512_mask_blend_epi64(m, a[j], b[j]))
}

/// a + b, normalised.
#[inline(always)]
unsafe fn add<const L: usize>(a: &V<L>, b: &V<L>) -> V<L> {
    normalise(map(|j| _mm512_add_epi64(a[j], b[j])))
}

/// a + K − b, normalised (K a borrow-proof multiple of p above twice b's bound).
#[inline(always)]
unsafe fn sub_k<const L: usize>(a: &V<L>, b: &V<L>, k: &[u64; L]) -> V<L> {
    normalise(map(|j| {
        _mm512_sub_epi64(_mm512_add_epi64(a[j], splat(k[j])), b[j])
    }))
}

/// K − b, normalised.
#[inline(always)]
unsafe fn neg_k<const L: usize>(b: &V<L>, k: &[u64; L]) -> V<L> {
    normalise(map(|j| _mm512_sub_epi64(splat(k[j]), b[j])))
}

/// 2^S·a, normalised.
#[inline(always)]
unsafe fn shl<const S: u32, const L: usize>(a: &V<L>) -> V<L> {
    normalise(map(|j| _mm512_slli_epi64::<S>(a[j])))
}

/// 3a, normalised.
#[inline(always)]
unsafe fn triple<const L: usize>(a: &V<L>) -> V<L> {
    normalise(map(|j| {
        _mm512_add_epi64(a[j], _mm512_slli_epi64::<1>(a[j]))
    }))
}

/// The second pass's B operand of a product by b: (K − |β|·b1, b0) in every chunk.
#[inline(always)]
unsafe fn mulop<const L: usize, const B5: bool>(k: &Ctx<'_, L>, b: &V<L>) -> V<L> {
    let nb = if B5 {
        // 256p − 5b (b below 25p)
        normalise(map(|j| {
            let five = _mm512_add_epi64(b[j], _mm512_slli_epi64::<2>(b[j]));
            _mm512_sub_epi64(splat(k.c.k256[j]), five)
        }))
    } else {
        // 64p − b (b below 32p)
        neg_k(b, &k.c.k64)
    };
    // even lanes: (K − |β|b)'s c1; odd lanes: b's c0
    blend(0x55, &swap(b), &swap(&nb))
}

/// Passes of a term: two for a product, one for a value, one for a square with β = −1 (two
/// with β = −5).
#[inline(always)]
fn passes<const L: usize, const B5: bool>(t: &Term<'_, L>) -> usize {
    match t {
        Term::Mul(..) => 2,
        Term::Sqr(_) => 1 + B5 as usize,
        Term::Lin(_) => 1,
    }
}

/// The operands of pass `i` of the product a·b.
#[inline(always)]
unsafe fn product<const L: usize, const B5: bool>(
    k: &Ctx<'_, L>,
    a: &V<L>,
    b: &V<L>,
    i: usize,
) -> (V<L>, V<L>) {
    if i == 0 {
        (dup_lo(a), *b)
    } else {
        (dup_hi(a), mulop::<L, B5>(k, b))
    }
}

/// The operands of pass `i` of a term: a·b is (a0, a0)·(b0, b1) + (a1, a1)·(K − |β|b1, b0);
/// a² with β = −1 is (a0 + a1, 2a1)·(a0 − a1 + K, a0) (a below 32p), with β = −5 the product
/// a·a; v is v·(R′ mod p).
#[inline(always)]
unsafe fn operands<const L: usize, const B5: bool>(
    k: &Ctx<'_, L>,
    t: &Term<'_, L>,
    i: usize,
) -> (V<L>, V<L>) {
    match *t {
        Term::Mul(a, b) => product::<L, B5>(k, a, b, i),
        Term::Sqr(a) if B5 => product::<L, B5>(k, a, a, i),
        Term::Sqr(a) => {
            let sw = swap(a);
            let s = add(a, &sw);
            let dbl = add(a, a);
            let d = sub_k(a, &sw, &k.c.k64);
            (blend(0xAA, &s, &dbl), blend(0xAA, &d, &sw))
        }
        Term::Lin(v) => (*v, k.one),
    }
}

/// Up to four sums of products (result s in chunk s, multiplied by 2^shift), one reduction.
#[inline(always)]
unsafe fn round<const L: usize, const B5: bool>(
    k: &Ctx<'_, L>,
    slots: &[(&[Term<'_, L>], u64)],
) -> V<L> {
    let zero = _mm512_setzero_si512();
    let mut acc: Acc = [zero; ACC];
    let mut n = 0;
    for (terms, _) in slots {
        let mut q = 0;
        for term in terms.iter() {
            q += passes::<L, B5>(term);
        }
        n = n.max(q);
    }
    for t in 0..n {
        let mut a = [zero; L];
        let mut b = [zero; L];
        for (s, (terms, _)) in slots.iter().enumerate() {
            let mut r = t;
            for term in terms.iter() {
                let q = passes::<L, B5>(term);
                if r < q {
                    let (ta, tb) = operands::<L, B5>(k, term, r);
                    let m: __mmask8 = 0b11 << (2 * s);
                    a = blend(m, &a, &ta);
                    b = blend(m, &b, &tb);
                    break;
                }
                r -= q;
            }
        }
        mul_acc(&mut acc, &a, &b);
    }
    let mut shifted = false;
    for (_, shift) in slots {
        shifted |= *shift != 0;
    }
    if shifted {
        let mut sh = [0u64; 8];
        for (s, (_, shift)) in slots.iter().enumerate() {
            sh[2 * s] = *shift;
            sh[2 * s + 1] = *shift;
        }
        let sh = _mm512_loadu_si512(sh.as_ptr() as *const _);
        for x in acc.iter_mut().take(2 * L) {
            *x = _mm512_sllv_epi64(*x, sh);
        }
    }
    redc(acc, &k.p, k.n0)
}

/// Chunk s of a round's output copied to all four chunks.
#[inline(always)]
unsafe fn rep<const L: usize>(v: &V<L>, s: usize) -> V<L> {
    match s {
        0 => map(|j| _mm512_shuffle_i64x2::<0x00>(v[j], v[j])),
        1 => map(|j| _mm512_shuffle_i64x2::<0x55>(v[j], v[j])),
        2 => map(|j| _mm512_shuffle_i64x2::<0xAA>(v[j], v[j])),
        _ => map(|j| _mm512_shuffle_i64x2::<0xFF>(v[j], v[j])),
    }
}

/// 2·(X, Y, Z) + (x, y), the six rounds of the module docs. In: X below 18p, Y and Z below 2p,
/// x below 2p, y below 8p; out: the same bounds.
#[inline(always)]
unsafe fn column<const L: usize, const B5: bool>(
    k: &Ctx<'_, L>,
    st: &mut [V<L>; 3],
    x: &V<L>,
    y: &V<L>,
) {
    let c = k.c;
    let [x1, y1, z1] = *st;
    use Term::{Lin, Mul, Sqr};
    // 1: X², Y², (Y + Z)², Z²
    let yz = add(&y1, &z1);
    let r1 = round::<L, B5>(
        k,
        &[
            (&[Sqr(&x1)], 0),
            (&[Sqr(&y1)], 0),
            (&[Sqr(&yz)], 0),
            (&[Sqr(&z1)], 0),
        ],
    );
    let (xx, yy, sq, zz) = (rep(&r1, 0), rep(&r1, 1), rep(&r1, 2), rep(&r1, 3));
    let z3 = sub_k(&sq, &add(&yy, &zz), &c.k8); // 2YZ, below 10p
                                                // 2: X₃ = (3X²)² + 8X·(−Y²), XY², Z₃² = 4Y²Z², Y⁴
    let m = triple(&xx);
    let x8 = shl::<3, L>(&x1);
    let nyy = neg_k(&yy, &c.k8);
    let r2 = round::<L, B5>(
        k,
        &[
            (&[Sqr(&m), Mul(&x8, &nyy)], 0),
            (&[Mul(&x1, &yy)], 0),
            (&[Mul(&yy, &zz)], 2),
            (&[Sqr(&yy)], 0),
        ],
    );
    let (x3, s, zz3, y4) = (rep(&r2, 0), rep(&r2, 1), rep(&r2, 2), rep(&r2, 3));
    // 3: Y₃ = (4XY² − X₃)·M − 8Y⁴, U₂ = x·Z₃², Z₃³
    let w = sub_k(&shl::<2, L>(&s), &x3, &c.k8);
    let ny4 = shl::<3, L>(&neg_k(&y4, &c.k8));
    let r3 = round::<L, B5>(
        k,
        &[
            (&[Mul(&w, &m), Lin(&ny4)], 0),
            (&[Mul(&zz3, x)], 0),
            (&[Mul(&z3, &zz3)], 0),
        ],
    );
    let (y3, u2, zzz) = (rep(&r3, 0), rep(&r3, 1), rep(&r3, 2));
    let h = sub_k(&u2, &x3, &c.k8); // below 10p
                                    // 4: S₂ = y·Z₃³, H², Z₄ = Z₃H, Y₃H
    let r4 = round::<L, B5>(
        k,
        &[
            (&[Mul(&zzz, y)], 0),
            (&[Sqr(&h)], 0),
            (&[Mul(&z3, &h)], 0),
            (&[Mul(&y3, &h)], 0),
        ],
    );
    let (s2, hh, z4, y3h) = (rep(&r4, 0), rep(&r4, 1), rep(&r4, 2), rep(&r4, 3));
    let r = sub_k(&s2, &y3, &c.k8); // below 10p
                                    // 5: R², H³, V = X₃H², Y₃H³
    let r5 = round::<L, B5>(
        k,
        &[
            (&[Sqr(&r)], 0),
            (&[Mul(&h, &hh)], 0),
            (&[Mul(&x3, &hh)], 0),
            (&[Mul(&y3h, &hh)], 0),
        ],
    );
    let (rr, hhh, v, y3hhh) = (rep(&r5, 0), rep(&r5, 1), rep(&r5, 2), rep(&r5, 3));
    let x4 = sub_k(&rr, &add(&hhh, &add(&v, &v)), &c.k16); // below 18p
                                                           // 6: Y₄ = R(V − X₄) − Y₃H³
    let vx = sub_k(&v, &x4, &c.k64);
    let ny3hhh = neg_k(&y3hhh, &c.k8);
    let r6 = round::<L, B5>(k, &[(&[Mul(&vx, &r), Lin(&ny3hhh)], 0)]);
    *st = [x4, rep(&r6, 0), z4];
}

/// ±table\[idx\] (x below 2p; y below 2p, or 8p − y): every entry is loaded and ANDed with
/// an all-ones or all-zero vector. The masks are computed arithmetically and passed through
/// `black_box`: compared as scalars, the compiler turned `idx == e` into mask registers of
/// masked loads, whose timing on this core depends on the mask (dudect saw it with
/// `crates/lab/examples/dudect_g2.rs`).
#[inline(always)]
unsafe fn lookup<const L: usize>(
    k: &Ctx<'_, L>,
    table: &[[V<L>; 2]],
    idx: u8,
    neg: u8,
) -> (V<L>, V<L>) {
    let zero = _mm512_setzero_si512();
    let mut x = [zero; L];
    let mut y = [zero; L];
    for (e, t) in table.iter().enumerate() {
        // all ones exactly when idx = e (d − 1 underflows only for d = 0)
        let d = (idx ^ e as u8) as u64;
        let m = splat(core::hint::black_box(
            (d.wrapping_sub(1) >> 63).wrapping_neg(),
        ));
        x = map(|j| _mm512_or_si512(x[j], _mm512_and_si512(t[0][j], m)));
        y = map(|j| _mm512_or_si512(y[j], _mm512_and_si512(t[1][j], m)));
    }
    let m = splat(core::hint::black_box((neg as u64 & 1).wrapping_neg()));
    let ny = neg_k(&y, &k.c.k8);
    let y = map(|j| _mm512_xor_si512(y[j], _mm512_and_si512(_mm512_xor_si512(y[j], ny[j]), m)));
    (x, y)
}

/// Up to four Fp2 values (Montgomery limbs, R = 2^(64N)) into chunks 0…3 of one vector set,
/// in the R′ form.
#[inline(always)]
unsafe fn load<const L: usize, const N: usize>(k: &Ctx<'_, L>, vals: &[[&[u64; N]; 2]]) -> V<L> {
    let mut t = [[0u64; 8]; L];
    for (s, v) in vals.iter().enumerate() {
        for (h, c) in v.iter().enumerate() {
            let mut w = [0u64; 7];
            w[..N].copy_from_slice(*c);
            let l = to52::<L>(&w);
            for j in 0..L {
                t[j][2 * s + h] = l[j];
            }
        }
    }
    let x: V<L> = map(|j| _mm512_loadu_si512(t[j].as_ptr() as *const _));
    let mut acc: Acc = [_mm512_setzero_si512(); ACC];
    mul_acc(&mut acc, &x, &splat_v(&k.c.to));
    redc(acc, &k.p, k.n0)
}

/// The kernel for one shape (see the module docs).
#[inline(always)]
unsafe fn run<const L: usize, const N: usize, const B5: bool>(
    state: &[[u64; N]; 6],
    table: &[[[u64; N]; 4]],
    cols: &[(u8, u8)],
    m: &[u64; N],
    c: &Consts<L>,
) -> [[u64; N]; 6] {
    let k = Ctx {
        c,
        p: splat_v(&c.p),
        n0: splat(c.n0),
        one: splat_v(&c.one),
    };
    let s = load(
        &k,
        &[
            [&state[0], &state[1]],
            [&state[2], &state[3]],
            [&state[4], &state[5]],
        ],
    );
    let mut st = [rep(&s, 0), rep(&s, 1), rep(&s, 2)];
    let n = table.len().min(MAX_TABLE);
    let mut tab = [[[_mm512_setzero_si512(); L]; 2]; MAX_TABLE];
    for (g, pair) in table[..n].chunks(2).enumerate() {
        let mut vals: [[&[u64; N]; 2]; 4] = [[&pair[0][0], &pair[0][1]]; 4];
        for (i, e) in pair.iter().enumerate() {
            vals[2 * i] = [&e[0], &e[1]];
            vals[2 * i + 1] = [&e[2], &e[3]];
        }
        let v = load(&k, &vals[..2 * pair.len()]);
        for i in 0..pair.len() {
            tab[2 * g + i] = [rep(&v, 2 * i), rep(&v, 2 * i + 1)];
        }
    }
    for &(idx, neg) in cols {
        let (x, y) = lookup(&k, &tab[..n], idx, neg);
        column::<L, B5>(&k, &mut st, &x, &y);
    }
    // X, Y, Z into chunks 0, 1, 2, back to the R form, fully reduced
    let packed = blend(0x30, &blend(0x0C, &st[0], &st[1]), &st[2]);
    let mut acc: Acc = [_mm512_setzero_si512(); ACC];
    mul_acc(&mut acc, &packed, &splat_v(&c.from));
    let y = redc(acc, &k.p, k.n0);
    let mut t = [[0u64; 8]; L];
    for (j, v) in y.iter().enumerate() {
        _mm512_storeu_si512(t[j].as_mut_ptr() as *mut _, *v);
    }
    core::array::from_fn(|lane| {
        let mut v = [0u64; L];
        for (j, x) in v.iter_mut().enumerate() {
            *x = t[j][lane];
        }
        reduce_once(from52::<L, N>(&v), m)
    })
}

/// The column loop in BLS12-381's shape (N = 6, u² = −1): `state` = (X.c0, X.c1, Y.c0, …,
/// Z.c1), `table` entries (x.c0, x.c1, y.c0, y.c1), Montgomery limbs below the modulus; for
/// each column (index, sign) in order, 2·state ± table\[index\]. Output fully reduced, the
/// same point as the scalar formulas' (coordinates scaled differently).
///
/// # Safety
/// The CPU must have AVX-512F and AVX-512 IFMA; `c` is [`Consts::new`] of the modulus `m`,
/// below 2^381; 1 ≤ table length ≤ 8 and every index below it.
#[target_feature(enable = "avx512f,avx512ifma")]
pub unsafe fn sac_columns_6(
    state: &[[u64; 6]; 6],
    table: &[[[u64; 6]; 4]],
    cols: &[(u8, u8)],
    m: &[u64; 6],
    c: &Consts<8>,
) -> [[u64; 6]; 6] {
    run::<8, 6, false>(state, table, cols, m, c)
}

/// [`sac_columns_6`] for N = 4 (6 limbs of 52 bits): u² = −5 (bn254-beuchat's tower) when
/// `beta5`, else u² = −1 (alt_bn128's).
///
/// # Safety
/// As for [`sac_columns_6`], with a modulus below 2^255.
#[target_feature(enable = "avx512f,avx512ifma")]
pub unsafe fn sac_columns_4(
    state: &[[u64; 4]; 6],
    table: &[[[u64; 4]; 4]],
    cols: &[(u8, u8)],
    m: &[u64; 4],
    c: &Consts<6>,
    beta5: bool,
) -> [[u64; 4]; 6] {
    if beta5 {
        run::<6, 4, true>(state, table, cols, m, c)
    } else {
        run::<6, 4, false>(state, table, cols, m, c)
    }
}

/// Whether the kernel runs for `Fp2<P, N>`: P's tower declares a kernel set with the G2
/// column loop ([`hayate_arith::backend::KernelSet::ifma_g2`]: BLS12-381's, bn254-beuchat's and alt_bn128's
/// shapes) and AVX-512 IFMA is available. Folds to the CPU test or `false` at compile time.
#[inline(always)]
pub fn applies<P: TowerParams<N>, const N: usize>() -> bool {
    hayate_arith::backend::kernels::<P, N>().ifma_g2()
        && hayate_arith::backend::x86_64::ifma::available()
}

/// The column loop for Jacobian points over `Fp2<P, N>` ([`crate::CurveField::jacobian_sac_columns`]):
/// `None` unless the tower has BLS12-381's shape (N = 6, u² = −1; see the module docs for
/// the 6-limb ones) and IFMA is available, the table has 1–8
/// entries and there are at least [`MIN_COLUMNS`] columns with indices in the table.
pub fn sac_columns_fp2<P: TowerParams<N>, const N: usize>(
    acc: [&Fp2<P, N>; 3],
    table: &[[Fp2<P, N>; 2]],
    cols: &[(u8, u8)],
) -> Option<[Fp2<P, N>; 3]> {
    // the 6-limb kernels stay off: with every column on the same entry and sign (the
    // scalar 1), dudect separates their timing from random scalars' (max |t| 5–8 over 100 000
    // calls, in the fast tail; 2–3 for other fixed scalars and for the 8-limb kernel). Cause
    // not found; until it is, only BLS12-381's shape runs.
    if !enabled::<P, N>() {
        return None;
    }
    columns_fp2(acc, table, cols)
}

/// Whether [`sac_columns_fp2`] runs for `Fp2<P, N>`: BLS12-381's shape (see the module docs)
/// with IFMA available.
#[inline(always)]
pub fn enabled<P: TowerParams<N>, const N: usize>() -> bool {
    N == 6 && applies::<P, N>()
}

/// [`sac_columns_fp2`] for every shape of [`applies`] (the tests reach the 6-limb kernels
/// through it).
fn columns_fp2<P: TowerParams<N>, const N: usize>(
    acc: [&Fp2<P, N>; 3],
    table: &[[Fp2<P, N>; 2]],
    cols: &[(u8, u8)],
) -> Option<[Fp2<P, N>; 3]> {
    // the digits are secret: every one is compared (no early exit), one branch on the
    // combined flag, which is clear for every caller that builds its own digits
    let mut off_table = false;
    for &(i, _) in cols {
        off_table |= i as usize >= table.len();
    }
    if cols.len() < MIN_COLUMNS
        || table.is_empty()
        || table.len() > MAX_TABLE
        || !applies::<P, N>()
        || off_table
    {
        return None;
    }
    let limbs = |x: &Fp2<P, N>| [*x.c0.mont_limbs(), *x.c1.mont_limbs()];
    let [x0, x1] = limbs(acc[0]);
    let [y0, y1] = limbs(acc[1]);
    let [z0, z1] = limbs(acc[2]);
    let state = [x0, x1, y0, y1, z0, z1];
    let mut tab = [[[0u64; N]; 4]; MAX_TABLE];
    for (t, e) in tab.iter_mut().zip(table) {
        let [a, b] = limbs(&e[0]);
        let [c, d] = limbs(&e[1]);
        *t = [a, b, c, d];
    }
    let tab = &tab[..table.len()];
    // SAFETY: AVX-512F/IFMA present (applies) and the tower shape with its modulus bound
    // (applies checks it); the constants are the field's; table length and indices checked
    // above.
    let out: [[u64; N]; 6] = unsafe {
        if N == 6 {
            let st: [[u64; 6]; 6] = state.map(hayate_arith::backend::uncast);
            let tb: [[[u64; 6]; 4]; MAX_TABLE] = core::array::from_fn(|i| {
                tab.get(i)
                    .map_or([[0; 6]; 4], |e| e.map(hayate_arith::backend::uncast))
            });
            sac_columns_6(
                &st,
                &tb[..tab.len()],
                cols,
                hayate_arith::backend::cast(&P::MODULUS),
                &ConstsOf::<P, N>::C8,
            )
            .map(hayate_arith::backend::uncast)
        } else {
            let st: [[u64; 4]; 6] = state.map(hayate_arith::backend::uncast);
            let tb: [[[u64; 4]; 4]; MAX_TABLE] = core::array::from_fn(|i| {
                tab.get(i)
                    .map_or([[0; 4]; 4], |e| e.map(hayate_arith::backend::uncast))
            });
            sac_columns_4(
                &st,
                &tb[..tab.len()],
                cols,
                hayate_arith::backend::cast(&P::MODULUS),
                &ConstsOf::<P, N>::C6,
                P::BETA_NEG == 5,
            )
            .map(hayate_arith::backend::uncast)
        }
    };
    let fp = |x: [u64; N]| Fp::<P, N>::from_mont_unchecked(x);
    let [a, b, c, d, e, f] = out;
    Some([
        Fp2::new(fp(a), fp(b)),
        Fp2::new(fp(c), fp(d)),
        Fp2::new(fp(e), fp(f)),
    ])
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::{rngs::StdRng, RngCore, SeedableRng};

    /// An Fp2 value: 0, 1, −1 (p − 1 in both coordinates), or random.
    fn pick<P: TowerParams<N>, const N: usize>(rng: &mut StdRng) -> Fp2<P, N> {
        match rng.next_u32() % 5 {
            0 => Fp2::ZERO,
            1 => Fp2::ONE,
            2 => {
                let m1 = -Fp::<P, N>::ONE;
                Fp2::new(m1, m1)
            }
            _ => Fp2::random(rng),
        }
    }

    /// The scalar loop of `hayate_ec::glv_sac` in the composed formulas: the halved doubling
    /// and the textbook mixed addition.
    fn reference<P: TowerParams<N>, const N: usize>(
        acc: [Fp2<P, N>; 3],
        table: &[[Fp2<P, N>; 2]],
        cols: &[(u8, u8)],
    ) -> [Fp2<P, N>; 3] {
        let [mut x, mut y, mut z] = acc;
        for &(i, neg) in cols {
            let xx = x.square();
            let l = xx + xx.halve();
            let yy = y.square();
            let t = x * yy;
            let x3 = l.square() - t.double();
            let y3 = l * (t - x3) - yy.square();
            let z3 = y * z;
            let [ex, mut ey] = table[i as usize];
            if neg == 1 {
                ey = -ey;
            }
            let zz = z3.square();
            let h = ex * zz - x3;
            let r = ey * z3 * zz - y3;
            let hh = h.square();
            let hhh = h * hh;
            let v = x3 * hh;
            x = r.square() - hhh - v.double();
            y = r * (v - x) - y3 * hhh;
            z = z3 * h;
        }
        [x, y, z]
    }

    /// The kernel gives the composed formulas' point (its unhalved doubling scales the
    /// coordinates differently), on random and edge coordinates (not necessarily points of a curve: the formulas are polynomials), tables
    /// of 1–8 entries, random digits.
    fn agrees<P: TowerParams<N>, const N: usize>(seed: u64) {
        if !applies::<P, N>() {
            eprintln!("ifma_g2: no AVX-512 IFMA here, kernel not tested");
            return;
        }
        let mut rng = StdRng::seed_from_u64(seed);
        for case in 0..60 {
            let n = [1usize, 2, 4, 8][case % 4];
            let acc: [Fp2<P, N>; 3] = core::array::from_fn(|_| pick(&mut rng));
            let table: Vec<[Fp2<P, N>; 2]> =
                (0..n).map(|_| [pick(&mut rng), pick(&mut rng)]).collect();
            let len = MIN_COLUMNS + (rng.next_u32() % 60) as usize;
            let cols: Vec<(u8, u8)> = (0..len)
                .map(|_| {
                    (
                        (rng.next_u32() as usize % n) as u8,
                        (rng.next_u32() & 1) as u8,
                    )
                })
                .collect();
            let got =
                columns_fp2([&acc[0], &acc[1], &acc[2]], &table, &cols).expect("kernel applies");
            let want = reference(acc, &table, &cols);
            // the same point: X·Z′² = X′·Z², Y·Z′³ = Y′·Z³, Z = 0 exactly when Z′ = 0
            let (zg2, zw2) = (got[2].square(), want[2].square());
            assert_eq!(got[0] * zw2, want[0] * zg2, "X, case {case}");
            assert_eq!(
                got[1] * zw2 * want[2],
                want[1] * zg2 * got[2],
                "Y, case {case}"
            );
            assert_eq!(
                bool::from(got[2].is_zero()),
                bool::from(want[2].is_zero()),
                "Z, case {case}"
            );
        }
        // declined: too few columns, an empty or oversized table, an index off the table
        let one = Fp2::<P, N>::ONE;
        let t = [[one, one]; 2];
        assert!(columns_fp2([&one; 3], &t, &[(0, 0); MIN_COLUMNS - 1]).is_none());
        assert!(columns_fp2([&one; 3], &[], &[(0, 0); MIN_COLUMNS]).is_none());
        assert!(columns_fp2([&one; 3], &[[one, one]; 9], &[(0, 0); MIN_COLUMNS]).is_none());
        assert!(columns_fp2([&one; 3], &t, &[(2, 0); MIN_COLUMNS]).is_none());
        // the public entry runs BLS12-381's shape only (see `sac_columns_fp2`)
        let cols = [(0u8, 0u8); MIN_COLUMNS];
        assert_eq!(sac_columns_fp2([&one; 3], &t, &cols).is_some(), N == 6);
    }

    #[test]
    fn columns_agree_bls12_381() {
        agrees::<hayate_arith::fields::Bls12381FpParams, 6>(1);
    }

    #[test]
    fn columns_agree_bn254() {
        agrees::<hayate_arith::fields::Bn254FpParams, 4>(3);
    }

    #[test]
    fn columns_agree_bn254_beuchat() {
        agrees::<hayate_arith::fields::Bn254BeuchatFpParams, 4>(2);
    }
}

//! The Miller loop's doubling steps in eight AVX-512 IFMA lanes, one pair per lane
//! ([`double_steps`], products of pairings), each lane running the scalar kernel's formulas
//! ([`double_steps_12xi`], [`double_steps_m3u`]), and the whole Miller loop of a product of
//! pairings in the lanes ([`miller`]); both on hayate-arith's vertical lane arithmetic
//! (`hayate_arith::backend::x86_64::ifma`: radix 2^52, L = 8 limbs for BLS12-381, 6 for
//! bn254-beuchat, [`Vert`]'s normalised sums and negations, one reduction per sum of products
//! ([`hayate_arith::backend::x86_64::ifma::scaled_sop`])).
//!
//! Selected at run time where the CPU has AVX-512F and AVX-512 IFMA, for the towers whose
//! kernel set has them ([`applies`]: BLS12-381's and bn254-beuchat's shapes).
//!
//! Constant time: straight-line vector code; the loop counts are the public number of pairs.

// A kernel module: an `unsafe fn` here is a kernel whose whole body is the unsafe operation
// (intrinsics of the target features it requires, or inline assembly) under its safety contract.
#![allow(unsafe_op_in_unsafe_fn)]

use alloc::vec::Vec;
use core::arch::x86_64::*;

pub use hayate_arith::backend::x86_64::ifma::applies;
use hayate_arith::backend::x86_64::ifma::{
    map, splat_v, store_steps, to52, Consts, ConstsOf, Vert, V,
};

pub mod miller;

/// Transposes up to eight `(T, x_P, −y_P)` inputs into eight vectors (X.c0, X.c1, Y.c0, …,
/// x_P, −y_P; lane k = input k), without domain conversion.
#[inline(always)]
unsafe fn load_steps<const L: usize, const N: usize>(
    inputs: &[([[u64; N]; 6], [u64; N], [u64; N])],
) -> [V<L>; 8] {
    let mut t = [[[0u64; 8]; 8]; 8];
    for (k, (tc, xp, nyp)) in inputs.iter().enumerate() {
        for i in 0..8 {
            let src = if i < 6 {
                &tc[i]
            } else if i == 6 {
                xp
            } else {
                nyp
            };
            let mut w = [0u64; 7];
            w[..N].copy_from_slice(src);
            let l = to52::<L>(&w);
            for j in 0..L {
                t[i][j][k] = l[j];
            }
        }
    }
    let mut r = [[_mm512_setzero_si512(); L]; 8];
    for (i, v) in r.iter_mut().enumerate() {
        *v = map(|j| _mm512_loadu_si512(t[i][j].as_ptr() as *const _));
    }
    r
}

/// The linear level of both doubling kernels, from B = Y² and E = 3b′Z² (two coordinates
/// each): F = 3E, B − F, G = (B + F)/2, −3E and I = E − B.
struct Linear<const L: usize> {
    f: [V<L>; 2],
    bf: [V<L>; 2],
    g: [V<L>; 2],
    n: [V<L>; 2],
    i: [V<L>; 2],
}

#[inline(always)]
unsafe fn linear<const L: usize>(v: &Vert<'_, L>, b: [&V<L>; 2], e: [&V<L>; 2]) -> Linear<L> {
    let f = [v.triple(e[0]), v.triple(e[1])];
    Linear {
        bf: [v.sub(b[0], &f[0]), v.sub(b[1], &f[1])],
        g: [v.halve(&v.add(b[0], &f[0])), v.halve(&v.add(b[1], &f[1]))],
        n: [v.neg(&f[0]), v.neg(&f[1])],
        i: [v.sub(e[0], b[0]), v.sub(e[1], b[1])],
        f,
    }
}

/// The tail of both doubling kernels: the line (−H·y_P, 3J·x_P, I) from `hji` = (H, J, I)
/// and `(x_P, −y_P)`, then 2T (`t`, six coordinates) and the line stored back per lane. I has
/// one product fewer than the other coefficients: it is multiplied by R to match their scale.
#[inline(always)]
unsafe fn line_and_store<const L: usize, const N: usize>(
    v: &Vert<'_, L>,
    t: [&V<L>; 6],
    hji: [&V<L>; 6],
    (xp, nyp): (&V<L>, &V<L>),
    count: usize,
    m: &[u64; N],
) -> Vec<[[u64; N]; 12]> {
    let [h0, h1, j0, j1, i0, i1] = hji;
    let from = splat_v(&v.c.from);
    let l = [
        v.sop(&[(h0, nyp)], 1),
        v.sop(&[(h1, nyp)], 1),
        v.sop(&[(j0, xp)], 3),
        v.sop(&[(j1, xp)], 3),
        v.sop(&[(i0, &from)], 1),
        v.sop(&[(i1, &from)], 1),
    ];
    let [x0, x1, y0, y1, z0, z1] = t;
    store_steps(
        [
            x0, x1, y0, y1, z0, z1, &l[0], &l[1], &l[2], &l[3], &l[4], &l[5],
        ],
        count,
        m,
    )
}

/// Up to eight doubling steps of the Miller loop at once, one pair per lane (BLS12-381's
/// tower and M-type twist, 3b′ = 12(1 + u), as [`crate::backend::lines::double_step_12xi`]):
/// for each `(t, x_P, −y_P)` in `inputs` (T = (X, Y, Z) homogeneous projective as six
/// Montgomery coordinates X.c0, X.c1, Y.c0, …), 2T and the line (−2YZ·y_P, 3X²·x_P,
/// 3b′Z² − Y²) — **each scaled by a constant of Fp** (the same for the three coordinates of
/// 2T and for the three of the line): the limbs go through the 52-bit products without the
/// R ↔ R' conversions, so 2T comes out multiplied by R⁴/R'³·R⁻¹ and the line by R³/R'²·R⁻¹
/// (R = 2^384, R' = 2^416) against the scalar kernel. Both are harmless in a Miller loop:
/// projective coordinates may be scaled, and an Fp factor of a line vanishes in the final
/// exponentiation. Outputs fully reduced: the six coordinates of 2T, then the line's six.
///
/// Formulas as the scalar kernel's: B = Y², E = 3b′Z², H = 2YZ, J = X², A = XY/2, F = 3E,
/// G = (B + F)/2; X′ = A(B − F), Y′ = G² − 3E², Z′ = B·H; each coordinate one reduction of
/// a sum of products (u² = −1 folded in as products by p-complements), 36 products and 22
/// reductions for eight pairs.
///
/// # Safety
/// The CPU must have AVX-512F and AVX-512 IFMA; N = 6; `c` is [`Consts::new`] of a modulus
/// below 2^381; every input coordinate is below the modulus; at most 8 inputs.
#[target_feature(enable = "avx512f,avx512ifma")]
pub unsafe fn double_steps_12xi<const N: usize>(
    inputs: &[([[u64; N]; 6], [u64; N], [u64; N])],
    m: &[u64; N],
    c: &Consts<8>,
) -> Vec<[[u64; N]; 12]> {
    debug_assert!(inputs.len() <= 8);
    let v = Vert::new(c);
    let [x0, x1, y0, y1, z0, z1, xp, nyp] = load_steps::<8, N>(inputs);

    // level 1: B = Y², J = X², E = 12(1 + u)Z², H = 2YZ, A = XY/2
    let (ys, yd) = (v.add(&y0, &y1), v.sub(&y0, &y1));
    let b0 = v.sop(&[(&ys, &yd)], 1);
    let y0d = v.add(&y0, &y0);
    let b1 = v.sop(&[(&y0d, &y1)], 1);
    let (xs, xd) = (v.add(&x0, &x1), v.sub(&x0, &x1));
    let j0 = v.sop(&[(&xs, &xd)], 1);
    let x0d = v.add(&x0, &x0);
    let j1 = v.sop(&[(&x0d, &x1)], 1);
    // Z² = (z0² − z1²) + 2z0z1·u; (1 + u)(c0 + c1u) = (c0 − c1) + (c0 + c1)u
    let (zs, zd) = (v.add(&z0, &z1), v.sub(&z0, &z1));
    let z0d = v.add(&z0, &z0);
    let nz1 = v.neg(&z1);
    let e0 = v.sop(&[(&zs, &zd), (&z0d, &nz1)], 12);
    let e1 = v.sop(&[(&zs, &zd), (&z0d, &z1)], 12);
    let ny1 = v.neg(&y1);
    let h0 = v.sop(&[(&y0, &z0), (&nz1, &y1)], 2);
    let h1 = v.sop(&[(&y0, &z1), (&y1, &z0)], 2);
    let a0 = v.halve(&v.sop(&[(&x0, &y0), (&x1, &ny1)], 1));
    let a1 = v.halve(&v.sop(&[(&x0, &y1), (&x1, &y0)], 1));

    let Linear {
        f: [_, f1],
        bf: [bf0, bf1],
        g: [g0, g1],
        n: [n0, n1],
        i,
    } = linear(&v, [&b0, &b1], [&e0, &e1]);

    // level 2: X′ = A(B − F), Y′ = G² + E·(−3E), Z′ = B·H, the line
    let nb1 = v.neg(&b1);
    let xr0 = {
        let na1 = v.neg(&a1);
        v.sop(&[(&a0, &bf0), (&na1, &bf1)], 1)
    };
    let xr1 = v.sop(&[(&a0, &bf1), (&a1, &bf0)], 1);
    let (gs, gd) = (v.add(&g0, &g1), v.sub(&g0, &g1));
    let g0d = v.add(&g0, &g0);
    // −n1 = 3e1 = f1
    let yr0 = v.sop(&[(&gs, &gd), (&e0, &n0), (&e1, &f1)], 1);
    let yr1 = v.sop(&[(&g0d, &g1), (&e0, &n1), (&e1, &n0)], 1);
    let zr0 = v.sop(&[(&b0, &h0), (&nb1, &h1)], 1);
    let zr1 = v.sop(&[(&b0, &h1), (&b1, &h0)], 1);
    line_and_store(
        &v,
        [&xr0, &xr1, &yr0, &yr1, &zr0, &zr1],
        [&h0, &h1, &j0, &j1, &i[0], &i[1]],
        (&xp, &nyp),
        inputs.len(),
        m,
    )
}

/// [`double_steps_12xi`] for bn254-beuchat's tower and D-type twist (u² = −5, 3b′ = −3u;
/// the scalar kernel [`crate::backend::lines::double_step_m3u`]): 6 limbs of 52 bits, E = 3b′Z² =
/// (30·z0z1, 3(5z1² − z0²)), the u² = −5 products with −5·operands; the same Fp scalings of
/// 2T and of the line.
///
/// # Safety
/// The CPU must have AVX-512F and AVX-512 IFMA; N = 4; `c` is [`Consts::new`] of a modulus
/// below 2^255; every input coordinate is below the modulus; at most 8 inputs.
#[target_feature(enable = "avx512f,avx512ifma")]
pub unsafe fn double_steps_m3u<const N: usize>(
    inputs: &[([[u64; N]; 6], [u64; N], [u64; N])],
    m: &[u64; N],
    c: &Consts<6>,
) -> Vec<[[u64; N]; 12]> {
    debug_assert!(inputs.len() <= 8);
    let v = Vert::new(c);
    let [x0, x1, y0, y1, z0, z1, xp, nyp] = load_steps::<6, N>(inputs);

    // level 1: B = Y², J = X², E = 3b′Z², H = 2YZ, A = XY/2 (u² = −5: a0b0 − 5a1b1)
    let y0d = v.add(&y0, &y0);
    let b0 = v.sop(&[(&y0, &y0), (&y1, &v.neg5(&y1))], 1);
    let b1 = v.sop(&[(&y0d, &y1)], 1);
    let x0d = v.add(&x0, &x0);
    let j0 = v.sop(&[(&x0, &x0), (&x1, &v.neg5(&x1))], 1);
    let j1 = v.sop(&[(&x0d, &x1)], 1);
    // Z² = (z0² − 5z1²) + 2z0z1·u; −3u·(c0 + c1·u) = 15c1 − 3c0·u
    let e0 = v.sop(&[(&z0, &z1)], 30);
    let e1 = v.sop(&[(&z1, &v.five(&z1)), (&z0, &v.neg(&z0))], 3);
    let nz1 = v.neg5(&z1);
    let h0 = v.sop(&[(&y0, &z0), (&y1, &nz1)], 2);
    let h1 = v.sop(&[(&y0, &z1), (&y1, &z0)], 2);
    let ny1 = v.neg5(&y1);
    let a0 = v.halve(&v.sop(&[(&x0, &y0), (&x1, &ny1)], 1));
    let a1 = v.halve(&v.sop(&[(&x0, &y1), (&x1, &y0)], 1));

    let Linear {
        f: _,
        bf: [bf0, bf1],
        g: [g0, g1],
        n: [n0, n1],
        i,
    } = linear(&v, [&b0, &b1], [&e0, &e1]);

    // level 2: X′ = A(B − F), Y′ = G² + E·(−3E), Z′ = B·H, the line
    let xr0 = v.sop(&[(&a0, &bf0), (&v.neg5(&a1), &bf1)], 1);
    let xr1 = v.sop(&[(&a0, &bf1), (&a1, &bf0)], 1);
    let g0d = v.add(&g0, &g0);
    let (ng1, ne1) = (v.neg5(&g1), v.neg5(&e1));
    let yr0_terms = [(&g0, &g0), (&g1, &ng1), (&e0, &n0), (&ne1, &n1)];
    let yr0 = v.sop(&yr0_terms, 1);
    let yr1 = v.sop(&[(&g0d, &g1), (&e0, &n1), (&e1, &n0)], 1);
    let zr0 = v.sop(&[(&b0, &h0), (&v.neg5(&b1), &h1)], 1);
    let zr1 = v.sop(&[(&b0, &h1), (&b1, &h0)], 1);
    line_and_store(
        &v,
        [&xr0, &xr1, &yr0, &yr1, &zr0, &zr1],
        [&h0, &h1, &j0, &j1, &i[0], &i[1]],
        (&xp, &nyp),
        inputs.len(),
        m,
    )
}

/// [`double_steps_12xi`] / [`double_steps_m3u`] for P's tower (the caller has checked
/// [`applies`] and that its twist has 3b′ = 12(1 + u) for N = 6, −3u for N = 4),
/// any number of inputs (in groups of eight).
pub fn double_steps<P: hayate_arith::TowerParams<N>, const N: usize>(
    inputs: &[([[u64; N]; 6], [u64; N], [u64; N])],
) -> Vec<[[u64; N]; 12]> {
    assert!(applies::<P, N>(), "double_steps without applies");
    let mut out = Vec::with_capacity(inputs.len());
    for chunk in inputs.chunks(8) {
        // SAFETY: AVX-512F/IFMA present, the tower shape with its modulus bound (checked
        // above); at most eight inputs; the caller passes reduced coordinates (Fp values).
        out.extend(unsafe {
            if N == 6 {
                double_steps_12xi(chunk, &P::MODULUS, &ConstsOf::<P, N>::C8)
            } else {
                double_steps_m3u(chunk, &P::MODULUS, &ConstsOf::<P, N>::C6)
            }
        });
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    use hayate_arith::fields::{Bls12381FpParams, Bn254BeuchatFpParams};
    use hayate_arith::{Fp, Fp2, TowerParams};
    use rand::{rngs::StdRng, RngCore, SeedableRng};

    /// A coordinate of an input: 0, 1, −1, −2 (in the Montgomery domain) or random.
    fn coordinate<Q: TowerParams<N>, const N: usize>(rng: &mut StdRng) -> [u64; N] {
        let x = match rng.next_u32() % 6 {
            0 => Fp::<Q, N>::ZERO,
            1 => Fp::ONE,
            2 => -Fp::ONE,
            3 => -(Fp::ONE + Fp::ONE),
            _ => Fp::random(&mut *rng),
        };
        *x.mont_limbs()
    }

    /// λ·x = y for some λ ∈ Fp* (x, y ∈ Fp2³; all zero counts as equal).
    fn fp_multiple<Q: TowerParams<N>, const N: usize>(x: &[Fp2<Q, N>], y: &[Fp2<Q, N>]) -> bool {
        let Some(i) = x.iter().position(|v| !bool::from(v.is_zero())) else {
            return y.iter().all(|v| bool::from(v.is_zero()));
        };
        let lambda = y[i] * x[i].invert().unwrap();
        bool::from(lambda.c1.is_zero())
            && !bool::from(lambda.is_zero())
            && x.iter().zip(y).all(|(a, b)| *a * lambda == *b)
    }

    /// The eight-lane doubling steps of one tower against its scalar kernel: 2T equal as
    /// projective points and the lines proportional, both by a factor in Fp (the kernels'
    /// documented scaling), for 1 to 11 pairs (a partial and a second group of eight).
    fn check_double_steps<Q: TowerParams<N>, const N: usize>(
        scalar: fn(
            &[Fp2<Q, N>; 3],
            &Fp<Q, N>,
            &Fp<Q, N>,
        ) -> Option<crate::backend::lines::DoubleStep<Q, N>>,
        seed: u64,
    ) {
        let mut rng = StdRng::seed_from_u64(seed);
        let fp = |x: [u64; N]| Fp::<Q, N>::from_mont_unchecked(x);
        let f2 = |a: [u64; N], b: [u64; N]| Fp2::new(fp(a), fp(b));
        for count in [1usize, 2, 5, 8, 11] {
            let inputs: Vec<([[u64; N]; 6], [u64; N], [u64; N])> = (0..count)
                .map(|_| {
                    (
                        core::array::from_fn(|_| coordinate::<Q, N>(&mut rng)),
                        coordinate::<Q, N>(&mut rng),
                        coordinate::<Q, N>(&mut rng),
                    )
                })
                .collect();
            assert!(applies::<Q, N>());
            let got = double_steps::<Q, N>(&inputs);
            for ((t, xp, nyp), g) in inputs.iter().zip(&got) {
                let tt = [f2(t[0], t[1]), f2(t[2], t[3]), f2(t[4], t[5])];
                let (t2, line) = scalar(&tt, &fp(*xp), &fp(*nyp)).unwrap();
                let gt = [f2(g[0], g[1]), f2(g[2], g[3]), f2(g[4], g[5])];
                let gl = [f2(g[6], g[7]), f2(g[8], g[9]), f2(g[10], g[11])];
                assert!(fp_multiple(&t2, &gt), "2T of {t:x?}");
                assert!(fp_multiple(&line, &gl), "line of {t:x?}");
            }
        }
    }

    #[test]
    fn double_steps_match_scalar_kernels() {
        if !hayate_arith::backend::x86_64::ifma::available()
            || !hayate_arith::backend::x86_64::mulx::available()
        {
            eprintln!("no AVX-512 IFMA (or not in this build): IFMA kernel not tested");
            return;
        }
        check_double_steps::<Bls12381FpParams, 6>(
            crate::backend::lines::double_step_12xi::<Bls12381FpParams, 6>,
            0x5e6f,
        );
        check_double_steps::<Bn254BeuchatFpParams, 4>(
            crate::backend::lines::double_step_m3u::<Bn254BeuchatFpParams, 4>,
            0x6f70,
        );
    }
}

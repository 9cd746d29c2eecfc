//! Lazy reduction above Fp2 (paper 001's technique carried through the tower): every
//! double-width operation against the plain, fully reduced composition, on random and edge
//! inputs (0, 1, p − 1, all coordinates p − 1, double-width values at the top of their range
//! p·R − 1), for the three towers; every double-width result is also checked to lie in
//! [0, p·R), the domain of the Montgomery reduction.
//!
//! The references are written out here by the schoolbook formulas over reduced Fp2
//! arithmetic, independently of the Karatsuba / Chung–Hasan / Granger–Scott code under test.

use hayate_arith::fields::*;
use hayate_arith::fp6::Fp6Wide;
use hayate_arith::{Fp, Fp12, Fp2, Fp2Wide, Fp6, TowerParams, Wide};
use rand::{rngs::StdRng, RngCore, SeedableRng};

/// a < b on little-endian limbs.
fn lt<const N: usize>(a: &[u64; N], b: &[u64; N]) -> bool {
    for i in (0..N).rev() {
        if a[i] != b[i] {
            return a[i] < b[i];
        }
    }
    false
}

/// The double-width value is below p·R (its high half below p).
fn in_range<P: TowerParams<N>, const N: usize>(w: &Wide<N>) -> bool {
    lt(&w.hi, &P::MODULUS)
}

fn check2<P: TowerParams<N>, const N: usize>(w: &Fp2Wide<N>, what: &str) {
    assert!(
        in_range::<P, N>(&w.c0) && in_range::<P, N>(&w.c1),
        "{what}: double-width value out of [0, p·R)"
    );
}

fn check6<P: TowerParams<N>, const N: usize>(w: &Fp6Wide<N>, what: &str) {
    check2::<P, N>(&w.c0, what);
    check2::<P, N>(&w.c1, what);
    check2::<P, N>(&w.c2, what);
}

fn minus_one<P: TowerParams<N>, const N: usize>() -> Fp<P, N> {
    -Fp::<P, N>::ONE
}

/// Edge and random Fp2 elements.
fn fp2_inputs<P: TowerParams<N>, const N: usize>(rng: &mut StdRng) -> Vec<Fp2<P, N>> {
    let m1 = minus_one::<P, N>();
    let mut v = vec![
        Fp2::ZERO,
        Fp2::ONE,
        Fp2::new(m1, Fp::ZERO),
        Fp2::new(Fp::ZERO, m1),
        Fp2::new(m1, m1),
        Fp2::new(Fp::ONE, m1),
        Fp2::new(m1, Fp::ONE),
    ];
    for _ in 0..12 {
        v.push(Fp2::random(rng));
    }
    v
}

fn fp6_inputs<P: TowerParams<N>, const N: usize>(rng: &mut StdRng) -> Vec<Fp6<P, N>> {
    let m1 = Fp2::<P, N>::new(minus_one::<P, N>(), minus_one::<P, N>());
    let mut v = vec![
        Fp6::ZERO,
        Fp6::ONE,
        Fp6::new(m1, m1, m1),
        Fp6::new(Fp2::ZERO, m1, Fp2::ZERO),
        Fp6::new(m1, Fp2::ZERO, m1),
        Fp6::new(Fp2::ONE, m1, Fp2::ONE),
    ];
    for _ in 0..8 {
        v.push(Fp6::random(rng));
    }
    v
}

fn fp12_inputs<P: TowerParams<N>, const N: usize>(rng: &mut StdRng) -> Vec<Fp12<P, N>> {
    let m1 = Fp2::<P, N>::new(minus_one::<P, N>(), minus_one::<P, N>());
    let all = Fp6::new(m1, m1, m1);
    let mut v = vec![
        Fp12::ZERO,
        Fp12::ONE,
        Fp12::new(all, all),
        Fp12::new(Fp6::ZERO, all),
        Fp12::new(all, Fp6::ONE),
    ];
    for _ in 0..5 {
        v.push(Fp12::random(rng));
    }
    v
}

/// Double-width coordinates: the extremes 0 and p·R − 1, products of extreme elements, random
/// values below p·R.
fn wide_inputs<P: TowerParams<N>, const N: usize>(rng: &mut StdRng) -> Vec<Wide<N>> {
    let mut top = P::MODULUS;
    top[0] -= 1; // p − 1 (p odd)
    let m1 = minus_one::<P, N>();
    let mut v = vec![
        Wide {
            lo: [0; N],
            hi: [0; N],
        },
        Wide {
            lo: [u64::MAX; N],
            hi: top,
        },
        Wide {
            lo: [0; N],
            hi: top,
        },
        Wide {
            lo: [1; N],
            hi: [0; N],
        },
        Fp::<P, N>::mul_wide(m1.mont_limbs(), m1.mont_limbs()),
    ];
    for _ in 0..10 {
        let mut lo = [0u64; N];
        for l in lo.iter_mut() {
            *l = rng.next_u64();
        }
        let hi = *Fp::<P, N>::random(rng).mont_limbs();
        v.push(Wide { lo, hi });
    }
    v
}

/// x = lo + hi·R reduced: x·R⁻¹ mod p, through the crate's reduction (already tested against
/// num-bigint in tests/backend.rs).
fn red<P: TowerParams<N>, const N: usize>(w: &Fp2Wide<N>) -> Fp2<P, N> {
    Fp2::reduce_wide(w)
}

// ----- schoolbook references over reduced Fp2 arithmetic

fn ref_mul6<P: TowerParams<N>, const N: usize>(a: &Fp6<P, N>, b: &Fp6<P, N>) -> Fp6<P, N> {
    let (a0, a1, a2) = (a.c0, a.c1, a.c2);
    let (b0, b1, b2) = (b.c0, b.c1, b.c2);
    Fp6::new(
        a0 * b0 + (a1 * b2 + a2 * b1).mul_by_xi(),
        a0 * b1 + a1 * b0 + (a2 * b2).mul_by_xi(),
        a0 * b2 + a1 * b1 + a2 * b0,
    )
}

fn ref_v<P: TowerParams<N>, const N: usize>(a: &Fp6<P, N>) -> Fp6<P, N> {
    Fp6::new(a.c2.mul_by_xi(), a.c0, a.c1)
}

fn ref_mul12<P: TowerParams<N>, const N: usize>(a: &Fp12<P, N>, b: &Fp12<P, N>) -> Fp12<P, N> {
    Fp12::new(
        ref_mul6(&a.c0, &b.c0) + ref_v(&ref_mul6(&a.c1, &b.c1)),
        ref_mul6(&a.c0, &b.c1) + ref_mul6(&a.c1, &b.c0),
    )
}

fn check_lazy<P: TowerParams<N>, const N: usize>() {
    let mut rng = StdRng::seed_from_u64(2001);
    // Fp2 level: double-width arithmetic against the reduced values
    let ws = wide_inputs::<P, N>(&mut rng);
    let mut wide2 = Vec::new();
    for (i, a) in ws.iter().enumerate() {
        wide2.push(Fp2Wide {
            c0: *a,
            c1: ws[(i * 7 + 3) % ws.len()],
        });
    }
    let xs = fp2_inputs::<P, N>(&mut rng);
    for x in &xs {
        for y in &xs {
            let w = x.mul_wide(y);
            check2::<P, N>(&w, "fp2 mul_wide");
            wide2.push(w);
        }
        let s = x.square_wide();
        check2::<P, N>(&s, "fp2 square_wide");
        assert_eq!(red(&s), *x * *x, "square_wide");
        let t = x.to_wide();
        check2::<P, N>(&t, "fp2 to_wide");
        assert_eq!(red(&t), *x, "to_wide");
        wide2.push(s);
        wide2.push(t);
    }
    // Fp4 squaring (the cyclotomic squaring's block) on edge and random pairs
    for a in &xs {
        for b in &xs {
            let want = ((*b * *b).mul_by_xi() + *a * *a, (*a * *b).double());
            assert_eq!(hayate_arith::fp12::fp4_square(a, b), want, "fp4_square");
            assert_eq!(
                hayate_arith::fp12::fp4_square_composed(a, b),
                want,
                "fp4_square_composed"
            );
        }
    }
    for a in &wide2 {
        let ra = red::<P, N>(a);
        let xi = Fp2::<P, N>::wide_mul_by_xi(a);
        check2::<P, N>(&xi, "wide_mul_by_xi");
        assert_eq!(red(&xi), ra.mul_by_xi(), "wide_mul_by_xi");
        let d = Fp2::<P, N>::wide_double(a);
        check2::<P, N>(&d, "wide_double");
        assert_eq!(red(&d), ra.double(), "wide_double");
        for b in wide2.iter().step_by(5) {
            let rb = red::<P, N>(b);
            let s = Fp2::<P, N>::wide_add(a, b);
            check2::<P, N>(&s, "wide_add");
            assert_eq!(red(&s), ra + rb, "wide_add");
            let d = Fp2::<P, N>::wide_sub(a, b);
            check2::<P, N>(&d, "wide_sub");
            assert_eq!(red(&d), ra - rb, "wide_sub");
        }
    }
    // Fp6
    let a6 = fp6_inputs::<P, N>(&mut rng);
    for a in &a6 {
        let sq = a.square_wide();
        check6::<P, N>(&sq, "fp6 square_wide");
        assert_eq!(a.square(), ref_mul6(a, a), "fp6 square");
        assert_eq!(Fp6::reduce_wide(&a.to_wide()), *a, "fp6 to_wide");
        for b in &a6 {
            let w = a.mul_wide(b);
            check6::<P, N>(&w, "fp6 mul_wide");
            let r = ref_mul6(a, b);
            assert_eq!(Fp6::reduce_wide(&w), r, "fp6 mul_wide");
            assert_eq!(*a * *b, r, "fp6 mul");
            assert_eq!(a.mul_composed(b), r, "fp6 mul_composed");
            let vw = Fp6::<P, N>::wide_mul_by_v(&w);
            check6::<P, N>(&vw, "fp6 wide_mul_by_v");
            assert_eq!(Fp6::reduce_wide(&vw), ref_v(&r), "fp6 wide_mul_by_v");
            let (b0, b1) = (b.c0, b.c1);
            let w01 = a.mul_by_01_wide(&b0, &b1);
            check6::<P, N>(&w01, "fp6 mul_by_01_wide");
            let r01 = ref_mul6(a, &Fp6::new(b0, b1, Fp2::ZERO));
            assert_eq!(Fp6::reduce_wide(&w01), r01, "fp6 mul_by_01_wide");
            assert_eq!(a.mul_by_01(&b0, &b1), r01, "fp6 mul_by_01");
            assert_eq!(
                a.mul_by_01_composed(&b0, &b1),
                r01,
                "fp6 mul_by_01_composed"
            );
            let w1 = a.mul_by_1_wide(&b1);
            check6::<P, N>(&w1, "fp6 mul_by_1_wide");
            let r1 = ref_mul6(a, &Fp6::new(Fp2::ZERO, b1, Fp2::ZERO));
            assert_eq!(Fp6::reduce_wide(&w1), r1, "fp6 mul_by_1_wide");
            assert_eq!(a.mul_by_1(&b1), r1, "fp6 mul_by_1");
            let wf = a.mul_by_fp2_wide(&b0);
            check6::<P, N>(&wf, "fp6 mul_by_fp2_wide");
            let rf = ref_mul6(a, &Fp6::new(b0, Fp2::ZERO, Fp2::ZERO));
            assert_eq!(Fp6::reduce_wide(&wf), rf, "fp6 mul_by_fp2_wide");
            let s = Fp6::<P, N>::wide_add(&w, &w01);
            check6::<P, N>(&s, "fp6 wide_add");
            assert_eq!(Fp6::reduce_wide(&s), r + r01, "fp6 wide_add");
            let d = Fp6::<P, N>::wide_sub(&w1, &w);
            check6::<P, N>(&d, "fp6 wide_sub");
            assert_eq!(Fp6::reduce_wide(&d), r1 - r, "fp6 wide_sub");
        }
    }
    // Fp12: products, squares and the sparse line products against the schoolbook product
    let a12 = fp12_inputs::<P, N>(&mut rng);
    for a in &a12 {
        assert_eq!(a.square(), ref_mul12(a, a), "fp12 square");
        assert_eq!(a.square_lazy(), ref_mul12(a, a), "fp12 square_lazy");
        assert_eq!(a.square_composed(), ref_mul12(a, a), "fp12 square_composed");
        for b in &a12 {
            assert_eq!(*a * *b, ref_mul12(a, b), "fp12 mul");
            assert_eq!(a.mul_lazy(b), ref_mul12(a, b), "fp12 mul_lazy");
            assert_eq!(a.mul_composed(b), ref_mul12(a, b), "fp12 mul_composed");
            let (x0, x1, x3, x4) = (b.c0.c0, b.c0.c1, b.c1.c0, b.c1.c1);
            let d014 = Fp12::new(
                Fp6::new(x0, x1, Fp2::ZERO),
                Fp6::new(Fp2::ZERO, x4, Fp2::ZERO),
            );
            assert_eq!(a.mul_by_014(&x0, &x1, &x4), ref_mul12(a, &d014), "014");
            assert_eq!(
                a.mul_by_014_composed(&x0, &x1, &x4),
                ref_mul12(a, &d014),
                "014 composed"
            );
            let d034 = Fp12::new(
                Fp6::new(x0, Fp2::ZERO, Fp2::ZERO),
                Fp6::new(x3, x4, Fp2::ZERO),
            );
            assert_eq!(a.mul_by_034(&x0, &x3, &x4), ref_mul12(a, &d034), "034");
            assert_eq!(
                a.mul_by_034_composed(&x0, &x3, &x4),
                ref_mul12(a, &d034),
                "034 composed"
            );
            let u014 = Fp12::new(
                Fp6::new(Fp2::ONE, x1, Fp2::ZERO),
                Fp6::new(Fp2::ZERO, x4, Fp2::ZERO),
            );
            assert_eq!(a.mul_by_014_unit(&x1, &x4), ref_mul12(a, &u014), "014 unit");
            let u034 = Fp12::new(
                Fp6::new(Fp2::ONE, Fp2::ZERO, Fp2::ZERO),
                Fp6::new(x3, x4, Fp2::ZERO),
            );
            assert_eq!(a.mul_by_034_unit(&x3, &x4), ref_mul12(a, &u034), "034 unit");
            assert_eq!(
                a.mul_by_034_unit_composed(&x3, &x4),
                ref_mul12(a, &u034),
                "034 unit composed"
            );
        }
    }
    // cyclotomic squarings on elements of the cyclotomic subgroup f^((p⁶ − 1)(p² + 1)),
    // against the schoolbook square
    for a in a12.iter().filter(|a| !bool::from(a.is_zero())) {
        let Some(inv) = Option::<Fp12<P, N>>::from(a.invert()) else {
            continue;
        };
        let f = a.conjugate() * inv;
        let g = f.frobenius_map(2) * f;
        let mut x = g;
        for _ in 0..4 {
            assert_eq!(
                x.cyclotomic_square(),
                ref_mul12(&x, &x),
                "cyclotomic square"
            );
            x = x.cyclotomic_square();
        }
        assert_eq!(
            g.cyclotomic_exp_compressed_vartime(&[0, 0, 0, 0, 0, 1]),
            ref_pow2(&g, 5),
            "compressed squarings"
        );
    }
    assert_eq!(Fp12::<P, N>::ONE.cyclotomic_square(), Fp12::ONE);
}

/// g^(2^k) by schoolbook squarings.
fn ref_pow2<P: TowerParams<N>, const N: usize>(g: &Fp12<P, N>, k: usize) -> Fp12<P, N> {
    let mut x = *g;
    for _ in 0..k {
        x = ref_mul12(&x, &x);
    }
    x
}

#[test]
fn lazy_bn254_beuchat() {
    check_lazy::<Bn254BeuchatFpParams, 4>();
}
#[test]
fn lazy_bn254() {
    check_lazy::<Bn254FpParams, 4>();
}
#[test]
fn lazy_bls12_381() {
    check_lazy::<Bls12381FpParams, 6>();
}

/// The one-block cyclotomic squaring kernels (Granger–Scott, Karabina compressed) against
/// their compositions of `fp4_square` (`cyclotomic_square_composed`, the compressed
/// exponentiation with composed squarings): as polynomial maps on arbitrary coordinates drawn
/// from {0, 1, p − 1, random} (the kernels' edge cases: the 3t − 2z combinations at 0 and at
/// the top of [0, 5p)), and on elements of the cyclotomic subgroup f^((p⁶ − 1)(p² + 1)) also
/// against the schoolbook square.
fn check_cyclotomic_kernels<P: TowerParams<N>, const N: usize>() {
    let mut rng = StdRng::seed_from_u64(0xc1c1);
    let m1 = minus_one::<P, N>();
    let mut xs = vec![Fp12::<P, N>::ZERO, Fp12::ONE];
    let pick = |rng: &mut StdRng| match rng.next_u32() % 4 {
        0 => Fp::<P, N>::ZERO,
        1 => Fp::ONE,
        2 => m1,
        _ => Fp::random(rng),
    };
    let all = |f: &mut dyn FnMut() -> Fp<P, N>| {
        let mut q = || Fp2::new(f(), f());
        Fp12::new(Fp6::new(q(), q(), q()), Fp6::new(q(), q(), q()))
    };
    xs.push(all(&mut || m1));
    xs.push(all(&mut || Fp::ONE));
    for _ in 0..60 {
        let mut r = StdRng::seed_from_u64(rng.next_u64());
        xs.push(all(&mut || pick(&mut r)));
    }
    let nafs: [&[i8]; 3] = [&[0, 1], &[1, 0, 0, -1], &[0, 1, 0, 0, 0, 0, 0, 1, 0, 0, -1]];
    for x in &xs {
        assert_eq!(
            x.cyclotomic_square(),
            x.cyclotomic_square_composed(),
            "cyclotomic square kernel on {x:?}"
        );
        let mut y = *x;
        for n in 0..4 {
            assert_eq!(
                x.cyclotomic_squares(n),
                y,
                "{n} cyclotomic squares on {x:?}"
            );
            y = y.cyclotomic_square_composed();
        }
        for naf in nafs {
            assert_eq!(
                x.cyclotomic_exp_compressed_vartime(naf),
                x.cyclotomic_exp_compressed_composed_vartime(naf),
                "compressed squaring kernel on {x:?}"
            );
        }
    }
    for _ in 0..8 {
        let a = Fp12::<P, N>::random(&mut rng);
        let f = a.conjugate() * a.invert().unwrap();
        let mut g = f.frobenius_map(2) * f;
        for _ in 0..6 {
            let s = g.cyclotomic_square();
            assert_eq!(s, g.cyclotomic_square_composed(), "cyclotomic square");
            assert_eq!(s, ref_mul12(&g, &g), "cyclotomic square (schoolbook)");
            assert_eq!(
                g.cyclotomic_exp_compressed_vartime(nafs[2]),
                g.cyclotomic_exp_compressed_composed_vartime(nafs[2]),
                "compressed squarings"
            );
            g = s;
        }
    }
}

#[test]
fn cyclotomic_kernels_bn254_beuchat() {
    check_cyclotomic_kernels::<Bn254BeuchatFpParams, 4>();
}
#[test]
fn cyclotomic_kernels_bn254() {
    check_cyclotomic_kernels::<Bn254FpParams, 4>();
}
#[test]
fn cyclotomic_kernels_bls12_381() {
    check_cyclotomic_kernels::<Bls12381FpParams, 6>();
}

//! The sparse line products of hayate-arith (`Fp12::mul_by_014`, `Fp12::mul_by_034` on its
//! kernels) and the Miller-loop kernels of `hayate_pairing::backend::lines` (f²·l, the doubling
//! steps) against the composed tower arithmetic ([`Fp12::mul_by_014_composed`], [`Fp12::mul_by_034_composed`]: the Fp6 products
//! reduced separately) and a dense Fp12
//! product with the line written out as an Fp12 element, and the doubling-step kernels against
//! the step written out over reduced Fp2 arithmetic, on random and edge inputs (0, 1, p − 1 in
//! every coordinate): M-type kernels in BLS12-381's tower, D-type kernels in bn254-beuchat's,
//! and the composed fallback in the other towers.

#[cfg(feature = "lab")]
use hayate_arith::backend::lines as tower;
use hayate_arith::fields::*;
use hayate_arith::{Fp, Fp12, Fp2, Fp6, TowerParams};
use hayate_pairing::backend::lines;
use rand::{rngs::StdRng, SeedableRng};

/// Edge and random Fp2 elements.
fn fp2s<P: TowerParams<N>, const N: usize>(rng: &mut StdRng) -> Vec<Fp2<P, N>> {
    let m1 = -Fp::<P, N>::ONE;
    let mut v = vec![
        Fp2::ZERO,
        Fp2::ONE,
        Fp2::new(m1, m1),
        Fp2::new(Fp::ZERO, m1),
        Fp2::new(m1, Fp::ONE),
    ];
    for _ in 0..6 {
        v.push(Fp2::random(rng));
    }
    v
}

/// Edge and random Fp12 elements (every coordinate p − 1, mixtures with 0 and 1, random).
fn fp12s<P: TowerParams<N>, const N: usize>(rng: &mut StdRng) -> Vec<Fp12<P, N>> {
    let m1 = -Fp2::<P, N>::ONE;
    let m = Fp2::new(m1.c0, m1.c0);
    let all = Fp6::new(m, m, m);
    let mut v = vec![
        Fp12::new(all, all),
        Fp12::new(all, Fp6::ZERO),
        Fp12::new(Fp6::ZERO, all),
        Fp12::ONE,
    ];
    for _ in 0..4 {
        v.push(Fp12::random(rng));
    }
    v
}

/// Runs `check` on (f, x, y, z) for edge and random f ∈ Fp12 and line coordinates x, y, z ∈ Fp2:
/// every (f, x) with a few (y, z) each (edge pairs included by the rotation).
fn each_line<P: TowerParams<N>, const N: usize>(
    seed: u64,
    mut check: impl FnMut(&Fp12<P, N>, &Fp2<P, N>, &Fp2<P, N>, &Fp2<P, N>),
) {
    let mut rng = StdRng::seed_from_u64(seed);
    let fs = fp12s::<P, N>(&mut rng);
    let xs = fp2s::<P, N>(&mut rng);
    let mut k = 0;
    for f in &fs {
        for x in &xs {
            for j in 0..3 {
                let y = &xs[(k + j) % xs.len()];
                let z = &xs[(3 * k + 5 * j + 1) % xs.len()];
                k += 1;
                check(f, x, y, z);
            }
        }
    }
}

fn check_014<P: TowerParams<N>, const N: usize>(seed: u64) {
    each_line::<P, N>(seed, |f, c0, c1, c4| {
        let got = f.mul_by_014(c0, c1, c4);
        assert_eq!(
            got,
            f.mul_by_014_composed(c0, c1, c4),
            "mul_by_014 vs composed"
        );
        let dense = Fp12::new(
            Fp6::new(*c0, *c1, Fp2::ZERO),
            Fp6::new(Fp2::ZERO, *c4, Fp2::ZERO),
        );
        assert_eq!(got, f.mul_composed(&dense), "mul_by_014 vs dense product");
        let f2 = f.square_composed();
        assert_eq!(
            lines::sqr_mul_by_014(f, c0, c1, c4),
            f2.mul_by_014_composed(c0, c1, c4),
            "sqr_mul_by_014 vs composed"
        );
    });
}

#[test]
fn mul_by_014_bls12_381() {
    check_014::<Bls12381FpParams, 6>(1);
}

/// BLS12-381's f·l, f²·l and f² on both back ends: the compositions of `sub`'s N = 6 subroutines
/// (the default) and the one-block kernels (`tower::SUBROUTINES` off). Both give the values of
/// the composed tower arithmetic. (Other tests in this binary may run while the switch is off:
/// they get the same values either way.) Lab builds (the switch and the one-block kernels).
#[cfg(feature = "lab")]
#[test]
fn bls12_381_subroutines_and_one_block_kernels() {
    use std::sync::atomic::Ordering::Relaxed;
    for on in [true, false] {
        tower::SUBROUTINES.store(on, Relaxed);
        assert!(on || !tower::sub6_active::<Bls12381FpParams, 6>());
        check_014::<Bls12381FpParams, 6>(11 + on as u64);
        let mut rng = StdRng::seed_from_u64(13);
        for f in fp12s::<Bls12381FpParams, 6>(&mut rng) {
            assert_eq!(
                f.square(),
                f.square_composed(),
                "square (subroutines: {on})"
            );
        }
    }
    tower::SUBROUTINES.store(true, Relaxed);
}

/// bn254-beuchat's f·l, f²·l, f·(1 + s·w + t·v·w), f² and f·g on both back ends: the
/// compositions of `sub`'s N = 4 subroutines (the default) and the one-block kernels
/// (`tower::SUBROUTINES` off), each against the composed tower arithmetic and a dense product.
/// Lab builds.
#[cfg(feature = "lab")]
#[test]
fn bn254_beuchat_subroutines_and_one_block_kernels() {
    use std::sync::atomic::Ordering::Relaxed;
    type P = Bn254BeuchatFpParams;
    for on in [true, false] {
        tower::SUBROUTINES.store(on, Relaxed);
        assert!(on || !tower::sub4_active::<P, 4>());
        check_034::<P, 4>(21 + on as u64);
        each_line::<P, 4>(23 + on as u64, |f, s, t, g| {
            let unit = Fp12::new(Fp6::ONE, Fp6::new(*s, *t, Fp2::ZERO));
            assert_eq!(
                f.mul_by_034_unit(s, t),
                f.mul_composed(&unit),
                "mul_by_034_unit (subroutines: {on})"
            );
            let dense = Fp12::new(Fp6::new(*g, *s, *t), Fp6::new(*t, *g, *s));
            assert_eq!(
                f.mul(&dense),
                f.mul_composed(&dense),
                "mul (subroutines: {on})"
            );
        });
        let mut rng = StdRng::seed_from_u64(25);
        for f in fp12s::<P, 4>(&mut rng) {
            assert_eq!(
                f.square(),
                f.square_composed(),
                "square (subroutines: {on})"
            );
            assert_eq!(f.mul(&f), f.square_composed(), "f·f (subroutines: {on})");
        }
    }
    tower::SUBROUTINES.store(true, Relaxed);
}

#[test]
fn mul_by_014_bn_towers() {
    check_014::<Bn254FpParams, 4>(2);
    check_014::<Bn254BeuchatFpParams, 4>(3);
}

/// The D-type line kernels (bn254-beuchat's tower; the composed fallback elsewhere):
/// f·(c0 + c3·w + c4·v·w) and f²·(…) against the composed products and a dense product with the
/// line written out.
fn check_034<P: TowerParams<N>, const N: usize>(seed: u64) {
    each_line::<P, N>(seed, |f, c0, c3, c4| {
        let got = f.mul_by_034(c0, c3, c4);
        assert_eq!(
            got,
            f.mul_by_034_composed(c0, c3, c4),
            "mul_by_034 vs composed"
        );
        let dense = Fp12::new(
            Fp6::new(*c0, Fp2::ZERO, Fp2::ZERO),
            Fp6::new(*c3, *c4, Fp2::ZERO),
        );
        assert_eq!(got, f.mul_composed(&dense), "mul_by_034 vs dense product");
        assert_eq!(
            lines::sqr_mul_by_034(f, c0, c3, c4),
            f.square_composed().mul_by_034_composed(c0, c3, c4),
            "sqr_mul_by_034 vs composed"
        );
    });
}

#[test]
fn mul_by_034_bn254_beuchat() {
    check_034::<Bn254BeuchatFpParams, 4>(5);
}

#[test]
fn mul_by_034_other_towers() {
    check_034::<Bn254FpParams, 4>(6);
    check_034::<Bls12381FpParams, 6>(7);
}

/// The doubling step written out over reduced Fp2 arithmetic (schoolbook: 2YZ as a product,
/// 3b′ as a constant).
fn ref_double<P: TowerParams<N>, const N: usize>(
    t: &[Fp2<P, N>; 3],
    xp: &Fp<P, N>,
    yp: &Fp<P, N>,
    b3: Fp2<P, N>,
) -> ([Fp2<P, N>; 3], [Fp2<P, N>; 3]) {
    let [x, y, z] = *t;
    let three = Fp2::<P, N>::new(Fp::from_u64(3), Fp::ZERO);
    let two = Fp2::<P, N>::new(Fp::from_u64(2), Fp::ZERO);
    let half = two.invert().unwrap();
    let (bb, e) = (y * y, b3 * z * z);
    let f = three * e;
    let line = [
        -(two * y * z).mul_by_base(yp),
        (three * x * x).mul_by_base(xp),
        e - bb,
    ];
    let g = (bb + f) * half;
    let t2 = [
        x * y * half * (bb - f),
        g * g - three * e * e,
        bb * two * y * z,
    ];
    (t2, line)
}

/// Doubling-step kernel `step` against [`ref_double`] with 3b′ = `b3` on edge and random T and
/// P coordinates (0, 1, p − 1, random).
fn check_double<P: TowerParams<N>, const N: usize>(
    seed: u64,
    b3: Fp2<P, N>,
    step: impl Fn(&[Fp2<P, N>; 3], &Fp<P, N>, &Fp<P, N>) -> Option<lines::DoubleStep<P, N>>,
) {
    let mut rng = StdRng::seed_from_u64(seed);
    let xs = fp2s::<P, N>(&mut rng);
    let m1 = -Fp::<P, N>::ONE;
    let scalars = [
        Fp::ZERO,
        Fp::ONE,
        m1,
        Fp::random(&mut rng),
        Fp::random(&mut rng),
    ];
    let mut k = 0;
    for x in &xs {
        for y in &xs {
            for j in 0..2 {
                let z = &xs[(k * 7 + j) % xs.len()];
                let (xp, yp) = (&scalars[k % 5], &scalars[(k / 5 + j) % 5]);
                k += 1;
                let t = [*x, *y, *z];
                let Some(got) = step(&t, xp, &-*yp) else {
                    // the kernel does not apply here (no BMI2/ADX): nothing to compare
                    return;
                };
                assert_eq!(got, ref_double(&t, xp, yp, b3), "double step");
            }
        }
    }
}

#[test]
fn double_step_bls12_381() {
    type P = Bls12381FpParams;
    let twelve = Fp::<P, 6>::from_u64(12);
    check_double::<P, 6>(4, Fp2::new(twelve, twelve), lines::double_step_12xi);
}

#[test]
fn double_step_bn254_beuchat() {
    type P = Bn254BeuchatFpParams;
    // 3b′ = −3u
    let b3 = Fp2::new(Fp::ZERO, -Fp::<P, 4>::from_u64(3));
    check_double::<P, 4>(8, b3, lines::double_step_m3u);
}

#[test]
fn double_step_kernels_elsewhere() {
    // each kernel declines the other towers
    type B = Bls12381FpParams;
    type E = Bn254BeuchatFpParams;
    let t6 = [Fp2::<B, 6>::ONE; 3];
    let t4 = [Fp2::<E, 4>::ONE; 3];
    assert!(lines::double_step_m3u(&t6, &Fp::ONE, &Fp::ONE).is_none());
    assert!(lines::double_step_12xi(&t4, &Fp::ONE, &Fp::ONE).is_none());
    let t4 = [Fp2::<Bn254FpParams, 4>::ONE; 3];
    assert!(lines::double_step_m3u(&t4, &Fp::ONE, &Fp::ONE).is_none());
}

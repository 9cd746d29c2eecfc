//! The fused line-product kernels of `hayate_arith::backend::lines` against the composed tower
//! arithmetic ([`Fp12::mul_by_014_composed`], the Fp6 products reduced separately) and a dense
//! Fp12 product with the line written out as an Fp12 element, on random and edge inputs (0, 1,
//! p − 1 in every coordinate), for BLS12-381's tower (the kernels' shape) and the BN towers
//! (the fallback).

use hayate_arith::backend::lines;
use hayate_arith::fields::*;
use hayate_arith::{Fp, Fp12, Fp2, Fp6, TowerParams};
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

fn check_014<P: TowerParams<N>, const N: usize>(seed: u64) {
    let mut rng = StdRng::seed_from_u64(seed);
    let fs = fp12s::<P, N>(&mut rng);
    let xs = fp2s::<P, N>(&mut rng);
    let mut k = 0;
    for f in &fs {
        for c0 in &xs {
            // a few (c1, c4) per (f, c0): edge pairs included by the rotation
            for j in 0..3 {
                let c1 = &xs[(k + j) % xs.len()];
                let c4 = &xs[(3 * k + 5 * j + 1) % xs.len()];
                k += 1;
                let got = lines::mul_by_014(f, c0, c1, c4);
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
            }
        }
    }
}

#[test]
fn mul_by_014_bls12_381() {
    check_014::<Bls12381FpParams, 6>(1);
}

#[test]
fn mul_by_014_bn_towers() {
    check_014::<Bn254FpParams, 4>(2);
    check_014::<Bn254BeuchatFpParams, 4>(3);
}

//! Quick profile of the endomorphism-accelerated group operations against the plain integer
//! methods (minimum of repeated timings: robust on a loaded machine). Not a benchmark of record.
use hayate_ec::Projective;
use hayate_pairing::{
    bls12_381::Bls12381, bn254::Bn254, bn254_beuchat::Bn254Beuchat, Gt, PairingCurve,
};
use std::hint::black_box;
use std::time::Instant;

fn t(name: &str, mut f: impl FnMut()) {
    let mut best = f64::INFINITY;
    for _ in 0..40 {
        let s = Instant::now();
        for _ in 0..5 {
            f();
        }
        best = best.min(s.elapsed().as_secs_f64() / 5.0);
    }
    println!("  {name:28} {:9.1} us", best * 1e6);
}

fn run<E: PairingCurve<N>, const N: usize>() {
    println!("{}", E::NAME);
    let k = [
        0x9e3779b97f4a7c15u64,
        0xf39cc0605cedc834,
        0x1082276bf3a27251,
        0x0f3d1a2b3c4d5e6f,
    ];
    let p = Projective::<E::G1>::generator().mul_vartime_wnaf(&[12345, 678]);
    let q = Projective::<E::G2>::generator().mul_vartime_wnaf(&[12345, 678]);
    let x = Gt::<E, N>::generator();
    t("g1 mul_ct (new)", || {
        black_box(black_box(&p).mul_ct(&k));
    });
    t("g1 mul_ct_bits (old)", || {
        black_box(black_box(&p).mul_ct_bits(&k, 256));
    });
    t("g1 mul_vartime (new)", || {
        black_box(black_box(&p).mul_vartime(&k));
    });
    t("g1 wnaf (old)", || {
        black_box(black_box(&p).mul_vartime_wnaf(&k));
    });
    t("g2 mul_ct (new)", || {
        black_box(black_box(&q).mul_ct(&k));
    });
    t("g2 mul_ct_bits (old)", || {
        black_box(black_box(&q).mul_ct_bits(&k, 256));
    });
    t("g2 mul_vartime (new)", || {
        black_box(black_box(&q).mul_vartime(&k));
    });
    t("g2 wnaf (old)", || {
        black_box(black_box(&q).mul_vartime_wnaf(&k));
    });
    t("gt pow (new)", || {
        black_box(black_box(&x).pow(&k));
    });
    t("gt cyclotomic_exp_ct (old)", || {
        black_box(black_box(&x).as_fp12().cyclotomic_exp_ct(&k));
    });
    t("gt pow_vartime (new)", || {
        black_box(black_box(&x).pow_vartime(&k));
    });
    t("gt exp_vartime (old)", || {
        black_box(black_box(&x).as_fp12().cyclotomic_exp_vartime(&k));
    });
    let pa = p.to_affine();
    let qa = q.to_affine();
    t("pairing", || {
        black_box(hayate_pairing::pairing::<E, N>(&pa, &qa));
    });
    t("g1 subgroup check", || {
        black_box(black_box(&pa).is_in_subgroup());
    });
    t("g2 subgroup check", || {
        black_box(black_box(&qa).is_in_subgroup());
    });
    t("gt is_valid (Frobenius test)", || {
        black_box(black_box(&x).is_valid());
    });
    t("gt is_valid_slow (x^r)", || {
        black_box(black_box(&x).is_valid_slow());
    });
}

fn main() {
    run::<Bls12381, 6>();
    run::<Bn254, 4>();
    run::<Bn254Beuchat, 4>();
}

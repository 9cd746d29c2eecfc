//! Criterion benchmarks: Fp mul/sqr/inv, Fp2 mul/sqr, Fp12 mul/sqr, Miller loop, final
//! exponentiation, pairing, multi-pairing (4 pairs), G1 mul, G2 mul, GT exponentiation — for
//! each of bn254-beuchat, bn254 and bls12-381. Run: `cargo bench -p hayate-pairing`.

use criterion::{black_box, criterion_group, criterion_main, Criterion};
use hayate_arith::{Fp, Fp12, Fp2};
use hayate_ec::Affine;
use hayate_pairing::{bls12_381::Bls12381, bn254::Bn254, bn254_beuchat::Bn254Beuchat};
use hayate_pairing::{final_exp, miller, PairingCurve};
use rand::{rngs::StdRng, RngCore, SeedableRng};

fn scalar(rng: &mut StdRng) -> [u64; 4] {
    [
        rng.next_u64(),
        rng.next_u64(),
        rng.next_u64(),
        rng.next_u64() >> 3,
    ]
}

fn bench_curve<E: PairingCurve<N>, const N: usize>(c: &mut Criterion) {
    let mut rng = StdRng::seed_from_u64(7);
    let mut g = c.benchmark_group(E::NAME);
    let a = Fp::<E::Fp, N>::random(&mut rng);
    let b = Fp::<E::Fp, N>::random(&mut rng);
    g.bench_function("fp_mul", |bn| bn.iter(|| black_box(a) * black_box(b)));
    g.bench_function("fp_sqr", |bn| bn.iter(|| black_box(a).square()));
    g.bench_function("fp_inv", |bn| bn.iter(|| black_box(a).invert()));
    let a2 = Fp2::<E::Fp, N>::random(&mut rng);
    let b2 = Fp2::<E::Fp, N>::random(&mut rng);
    g.bench_function("fp2_mul", |bn| bn.iter(|| black_box(a2) * black_box(b2)));
    g.bench_function("fp2_sqr", |bn| bn.iter(|| black_box(a2).square()));
    let a12 = Fp12::<E::Fp, N>::random(&mut rng);
    let b12 = Fp12::<E::Fp, N>::random(&mut rng);
    g.bench_function("fp12_mul", |bn| bn.iter(|| black_box(a12) * black_box(b12)));
    g.bench_function("fp12_sqr", |bn| bn.iter(|| black_box(a12).square()));
    let p = Affine::<E::G1>::generator()
        .mul_vartime(&scalar(&mut rng))
        .to_affine();
    let q = Affine::<E::G2>::generator()
        .mul_vartime(&scalar(&mut rng))
        .to_affine();
    g.bench_function("miller_loop", |bn| {
        bn.iter(|| miller::miller_loop::<E, N>(black_box(&p), black_box(&q)))
    });
    let f = miller::miller_loop::<E, N>(&p, &q);
    g.bench_function("final_exp", |bn| {
        bn.iter(|| final_exp::final_exponentiation::<E, N>(black_box(&f)))
    });
    g.bench_function("pairing", |bn| {
        bn.iter(|| hayate_pairing::pairing::<E, N>(black_box(&p), black_box(&q)))
    });
    let pairs: Vec<_> = (0..4)
        .map(|_| {
            (
                Affine::<E::G1>::generator()
                    .mul_vartime(&scalar(&mut rng))
                    .to_affine(),
                Affine::<E::G2>::generator()
                    .mul_vartime(&scalar(&mut rng))
                    .to_affine(),
            )
        })
        .collect();
    g.bench_function("multi_pairing_4", |bn| {
        bn.iter(|| hayate_pairing::multi_pairing::<E, N>(black_box(&pairs)))
    });
    let k = scalar(&mut rng);
    g.bench_function("g1_mul", |bn| {
        bn.iter(|| black_box(&p).mul_ct(black_box(&k)))
    });
    g.bench_function("g2_mul", |bn| {
        bn.iter(|| black_box(&q).mul_ct(black_box(&k)))
    });
    let gt = hayate_pairing::pairing::<E, N>(&p, &q);
    g.bench_function("gt_exp", |bn| bn.iter(|| black_box(&gt).pow(black_box(&k))));
    g.finish();
}

fn all(c: &mut Criterion) {
    bench_curve::<Bn254Beuchat, 4>(c);
    bench_curve::<Bn254, 4>(c);
    bench_curve::<Bls12381, 6>(c);
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(20).measurement_time(std::time::Duration::from_secs(2));
    targets = all
}
criterion_main!(benches);

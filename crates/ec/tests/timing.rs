//! Rough timings (ignored by default): `cargo test -p hayate-ec --test timing -- --ignored
//! --nocapture`. Not a benchmark harness; for orientation against paper 000 Table 4
//! ("point mult in E(Fp)") and paper 002's split multiplication.

mod common;

use std::time::Instant;

use common::*;
use hayate_ec::{msm_vartime, Affine, CurveParams, Jacobian, Projective};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

fn time<T>(label: &str, reps: u32, mut f: impl FnMut() -> T) {
    let _ = f();
    let t = Instant::now();
    for _ in 0..reps {
        std::hint::black_box(f());
    }
    println!("{label:<44} {:>10.1} µs", t.elapsed().as_secs_f64() * 1e6 / reps as f64);
}

fn run<C: CurveParams>() {
    let mut rng = StdRng::seed_from_u64(1);
    let k: Vec<u64> = (0..4).map(|_| rng.gen()).collect();
    let g = Projective::<C>::generator();
    let p = g.mul_vartime(&k);
    let pj = Jacobian::from(p);
    println!("--- {}", C::NAME);
    time("projective add (RCB)", 20000, || p + g);
    time("projective double (RCB)", 20000, || p.double());
    time("jacobian add (vartime)", 20000, || pj.add_vartime(&Jacobian::from(g)));
    time("jacobian double", 20000, || pj.double());
    time("jacobian double_n(64)", 500, || pj.double_n(64));
    time("mul_ct (fixed window 4, 256-bit)", 50, || p.mul_ct(&k));
    time("mul_vartime (wNAF)", 50, || p.mul_vartime(&k));
    time("mul_ct_parallel (paper 002 split)", 50, || p.mul_ct_parallel(&k));
    time("mul_vartime_parallel (paper 002 split)", 50, || p.mul_vartime_parallel(&k));
    for n in [10usize, 100, 1000] {
        let pts: Vec<Affine<C>> =
            Projective::batch_to_affine(&(0..n).map(|i| g.mul_vartime(&[i as u64 + 1, 7])).collect::<Vec<_>>());
        let ks: Vec<Vec<u64>> = (0..n).map(|_| (0..4).map(|_| rng.gen()).collect()).collect();
        time(&format!("msm_vartime n = {n}"), 5, || msm_vartime(&pts, &ks));
    }
}

#[test]
#[ignore]
fn timings() {
    run::<BeuchatG1>();
    run::<Bn254G1>();
    run::<Bls12381G1>();
    run::<P256>();
}

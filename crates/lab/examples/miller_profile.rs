//! Runs the BLS12-381 Miller loop alone in a loop (for profilers such as perf):
//! `cargo run --release -p hayate-lab --example miller_profile -- 2000`.

use hayate_ec::Affine;
use hayate_pairing::{bls12_381::Bls12381, miller, PairingCurve};

fn main() {
    let n: usize = std::env::args()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(1000);
    type E = Bls12381;
    let p = Affine::<<E as PairingCurve<6>>::G1>::generator()
        .mul_vartime(&[12345])
        .to_affine();
    let q = Affine::<<E as PairingCurve<6>>::G2>::generator()
        .mul_vartime(&[67890])
        .to_affine();
    // batches of 10 loops; the minimum and the median batch time per loop
    let mut acc = hayate_arith::Fp12::ONE;
    let mut times = Vec::with_capacity(n / 10 + 1);
    for _ in 0..n.div_ceil(10) {
        let t = std::time::Instant::now();
        for _ in 0..10 {
            acc += miller::miller_loop::<E, 6>(&p, &q);
        }
        times.push(t.elapsed().as_secs_f64() * 1e5);
    }
    times.sort_by(f64::total_cmp);
    println!(
        "{} Miller loops: min {:.1} us, median {:.1} us ({})",
        n,
        times[0],
        times[times.len() / 2],
        acc == hayate_arith::Fp12::ONE
    );
}

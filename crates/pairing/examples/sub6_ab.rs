//! In-process A/B of BLS12-381's two Fp12 back ends (`hayate_arith::backend::lines::SUBROUTINES`):
//! the compositions of small shared subroutines (default) against the one-block kernels, on the
//! dense product, the Miller loop of `n` pairs and the final exponentiation. The two alternate
//! 60 times in one process; minima and medians of this thread's CPU time, robust to a busy host.
//!
//! `cargo run --release -p hayate-pairing --example sub6_ab [n]` (default n = 1).

use std::hint::black_box;
use std::sync::atomic::Ordering::Relaxed;

use hayate_arith::backend::lines::SUBROUTINES;
use hayate_arith::Fp12;
use hayate_ec::Affine;
use hayate_pairing::{bls12_381::Bls12381, final_exp, miller, PairingCurve};
use rand::{rngs::StdRng, SeedableRng};

type E = Bls12381;

mod common;
use common::cpu_ns;

/// 60 alternations of `reps` calls under each setting; prints min and median per call (ns).
fn ab(name: &str, reps: usize, mut f: impl FnMut()) {
    let mut t = [Vec::new(), Vec::new()];
    for _ in 0..60 {
        for (k, on) in [(0, false), (1, true)] {
            SUBROUTINES.store(on, Relaxed);
            let t0 = cpu_ns();
            for _ in 0..reps {
                f();
            }
            t[k].push((cpu_ns() - t0) / reps as f64);
        }
    }
    for v in t.iter_mut() {
        v.sort_by(f64::total_cmp);
    }
    println!(
        "{name:<12} one-block: min {:>10.0} med {:>10.0}   subroutines: min {:>10.0} med {:>10.0}   ratio of minima {:.3}",
        t[0][0],
        t[0][30],
        t[1][0],
        t[1][30],
        t[1][0] / t[0][0]
    );
}

fn main() {
    let n: u64 = std::env::args()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(1);
    type Pair = (
        Affine<<E as PairingCurve<6>>::G1>,
        Affine<<E as PairingCurve<6>>::G2>,
    );
    let pairs: Vec<Pair> = (0..n)
        .map(|i| {
            (
                Affine::generator()
                    .mul_vartime(&[1_234_567 + 7 * i])
                    .to_affine(),
                Affine::generator()
                    .mul_vartime(&[7_654_321 + 11 * i])
                    .to_affine(),
            )
        })
        .collect();
    // both back ends give the same pairing value
    let value = |on: bool| {
        SUBROUTINES.store(on, Relaxed);
        final_exp::final_exponentiation::<E, 6>(&miller::multi_miller_loop_affine::<E, 6>(&pairs))
    };
    assert!(value(false) == value(true), "back ends disagree");
    let mut rng = StdRng::seed_from_u64(3);
    let a = Fp12::<<E as PairingCurve<6>>::Fp, 6>::random(&mut rng);
    let b = Fp12::random(&mut rng);
    let f = miller::multi_miller_loop_affine::<E, 6>(&pairs);
    for _ in 0..2 {
        ab("fp12_mul", 500, || {
            black_box(black_box(a) * black_box(b));
        });
        ab(&format!("miller ({n})"), 3, || {
            black_box(miller::multi_miller_loop_affine::<E, 6>(black_box(&pairs)));
        });
        ab("final_exp", 3, || {
            black_box(final_exp::final_exponentiation::<E, 6>(black_box(&f)));
        });
    }
    SUBROUTINES.store(true, Relaxed);
}

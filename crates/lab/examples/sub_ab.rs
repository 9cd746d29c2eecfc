//! In-process A/B of the two Fp12 back ends (`hayate_arith::backend::lines::SUBROUTINES`) of
//! BLS12-381 and bn254-beuchat: the compositions of small shared subroutines (default) against
//! the one-block kernels, on the dense product and squaring, the sparse line product, the
//! Miller loop of `n` pairs, the final exponentiation and the pairing. The two alternate 60
//! times in one process; minima and medians of this thread's CPU time, robust to a busy host.
//!
//! `cargo run --release -p hayate-lab --features lab --example sub_ab
//! [bls12-381|bn254-beuchat] [n]` (defaults: bls12-381, n = 1).

use std::hint::black_box;
use std::sync::atomic::Ordering::Relaxed;

use hayate_arith::backend::lines::SUBROUTINES;
use hayate_arith::{Fp12, Fp2};
use hayate_ec::Affine;
use hayate_pairing::{
    bls12_381::Bls12381, bn254_beuchat::Bn254Beuchat, final_exp, miller, PairingCurve, TwistType,
};
use rand::{rngs::StdRng, SeedableRng};

use hayate_lab::cpu_ns;

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
        "{name:<14} one-block: min {:>10.0} med {:>10.0}   subroutines: min {:>10.0} med {:>10.0}   ratio of minima {:.3}",
        t[0][0],
        t[0][30],
        t[1][0],
        t[1][30],
        t[1][0] / t[0][0]
    );
}

fn run<E: PairingCurve<N>, const N: usize>(n: u64) {
    println!("{} — {n} pair(s)", E::NAME);
    let pairs: Vec<(Affine<E::G1>, Affine<E::G2>)> = (0..n)
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
        final_exp::final_exponentiation::<E, N>(&miller::multi_miller_loop_affine::<E, N>(&pairs))
    };
    assert!(value(false) == value(true), "back ends disagree");
    let mut rng = StdRng::seed_from_u64(3);
    let a = Fp12::<E::Fp, N>::random(&mut rng);
    let b = Fp12::random(&mut rng);
    let l: [Fp2<E::Fp, N>; 3] = core::array::from_fn(|_| Fp2::random(&mut rng));
    let f = miller::multi_miller_loop_affine::<E, N>(&pairs);
    for _ in 0..2 {
        ab("fp12_mul", 500, || {
            black_box(black_box(a) * black_box(b));
        });
        ab("fp12_sqr", 500, || {
            black_box(black_box(a).square());
        });
        ab("line product", 500, || {
            let (a, l) = (black_box(a), black_box(&l));
            black_box(match E::TWIST {
                TwistType::D => a.mul_by_034(&l[0], &l[1], &l[2]),
                TwistType::M => a.mul_by_014(&l[0], &l[1], &l[2]),
            });
        });
        if E::TWIST == TwistType::D {
            ab("unit line", 500, || {
                black_box(black_box(a).mul_by_034_unit(&l[1], &l[2]));
            });
        }
        ab("miller", 3, || {
            black_box(miller::multi_miller_loop_affine::<E, N>(black_box(&pairs)));
        });
        ab("final_exp", 3, || {
            black_box(final_exp::final_exponentiation::<E, N>(black_box(&f)));
        });
        ab("pairing", 3, || {
            let (p, q) = black_box(&pairs[0]);
            black_box(hayate_pairing::pairing::<E, N>(p, q));
        });
    }
    SUBROUTINES.store(true, Relaxed);
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let curve = args.get(1).map(String::as_str).unwrap_or("bls12-381");
    let n: u64 = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(1);
    match curve {
        "bn254-beuchat" => run::<Bn254Beuchat, 4>(n),
        _ => run::<Bls12381, 6>(n),
    }
}

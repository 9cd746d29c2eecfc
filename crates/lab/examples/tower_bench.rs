//! Quick timing of the tower and pairing building blocks on the three curves (minimum over
//! repeated batches of this thread's CPU time — steadier than wall-clock medians on a shared,
//! loaded machine):
//! `cargo run --release -p hayate-lab --features lab --example tower_bench [curve]`.

use std::hint::black_box;

use hayate_arith::{Fp, Fp12, Fp2, Fp6};
use hayate_ec::Affine;
use hayate_pairing::{
    bls12_381::Bls12381, bn254::Bn254, bn254_beuchat::Bn254Beuchat, final_exp, miller, G2Prepared,
    PairingCurve,
};
use rand::{rngs::StdRng, SeedableRng};

use hayate_lab::cpu_ns;

/// Minimum over 40 batches (≈ 0.3 ms each) of the per-call thread CPU time, in ns.
fn time<F: FnMut()>(name: &str, curve: &str, mut f: F) {
    let t0 = cpu_ns();
    f();
    let one = (cpu_ns() - t0).max(1.0);
    let iters = ((300_000.0 / one) as usize).clamp(1, 100_000);
    let mut best = f64::INFINITY;
    for _ in 0..40 {
        let t0 = cpu_ns();
        for _ in 0..iters {
            f();
        }
        best = best.min((cpu_ns() - t0) / iters as f64);
    }
    println!("{curve:<14} {name:<18} {best:>12.1} ns");
}

/// Interleaved A/B: batches of `a` and `b` alternate (80 each); prints the minima and medians
/// of the per-call thread CPU time and the ratio a/b of both.
fn ab<A: FnMut(), B: FnMut()>(name: &str, curve: &str, mut a: A, mut b: B) {
    let t0 = cpu_ns();
    a();
    let one = (cpu_ns() - t0).max(1.0);
    let iters = ((200_000.0 / one) as usize).clamp(1, 100_000);
    let (mut ta, mut tb) = (Vec::new(), Vec::new());
    for _ in 0..80 {
        let t0 = cpu_ns();
        for _ in 0..iters {
            a();
        }
        ta.push((cpu_ns() - t0) / iters as f64);
        let t0 = cpu_ns();
        for _ in 0..iters {
            b();
        }
        tb.push((cpu_ns() - t0) / iters as f64);
    }
    ta.sort_by(f64::total_cmp);
    tb.sort_by(f64::total_cmp);
    let (ma, mb) = (ta[ta.len() / 2], tb[tb.len() / 2]);
    println!(
        "{curve:<14} {name:<18} A/B min {:>10.1} / {:>10.1} ns ({:.3})  median {:>10.1} / {:>10.1} ns ({:.3})",
        ta[0],
        tb[0],
        ta[0] / tb[0],
        ma,
        mb,
        ma / mb
    );
}

fn run<E: PairingCurve<N>, const N: usize>() {
    let mut rng = StdRng::seed_from_u64(7);
    let c = E::NAME;
    let a1 = Fp::<E::Fp, N>::random(&mut rng);
    let b1 = Fp::<E::Fp, N>::random(&mut rng);
    let w1 = Fp::<E::Fp, N>::mul_wide(a1.mont_limbs(), b1.mont_limbs());
    time("fp_mul", c, || {
        black_box(black_box(a1) * black_box(b1));
    });
    time("fp_mul_wide", c, || {
        black_box(Fp::<E::Fp, N>::mul_wide(
            black_box(&a1).mont_limbs(),
            black_box(&b1).mont_limbs(),
        ));
    });
    time("fp_reduce_wide", c, || {
        black_box(Fp::<E::Fp, N>::reduce_wide(black_box(&w1)));
    });
    time("fp_invert", c, || {
        black_box(black_box(a1).invert());
    });
    time("fp_invert_safegcd", c, || {
        black_box(black_box(a1).invert_safegcd());
    });
    let a2 = Fp2::<E::Fp, N>::random(&mut rng);
    let b2 = Fp2::<E::Fp, N>::random(&mut rng);
    time("fp2_mul", c, || {
        black_box(black_box(a2) * black_box(b2));
    });
    time("fp2_mul_by_xi", c, || {
        black_box(black_box(a2).mul_by_xi());
    });
    time("fp2_sqr", c, || {
        black_box(black_box(a2).square());
    });
    let a6 = Fp6::<E::Fp, N>::random(&mut rng);
    let b6 = Fp6::<E::Fp, N>::random(&mut rng);
    time("fp6_mul", c, || {
        black_box(black_box(a6) * black_box(b6));
    });
    time("fp6_sqr", c, || {
        black_box(black_box(a6).square());
    });
    let a12 = Fp12::<E::Fp, N>::random(&mut rng);
    let b12 = Fp12::<E::Fp, N>::random(&mut rng);
    time("fp12_mul", c, || {
        black_box(black_box(a12) * black_box(b12));
    });
    time("fp12_sqr", c, || {
        black_box(black_box(a12).square());
    });
    time("fp12_mul_by_034", c, || {
        black_box(black_box(a12).mul_by_034(&a2, &b2, &a2));
    });
    time("fp12_mul_by_014", c, || {
        black_box(black_box(a12).mul_by_014(&a2, &b2, &a2));
    });
    time("fp12_invert", c, || {
        black_box(black_box(a12).invert());
    });
    let p = Affine::<E::G1>::generator()
        .mul_vartime(&[12345])
        .to_affine();
    let q = Affine::<E::G2>::generator()
        .mul_vartime(&[67890])
        .to_affine();
    let f = miller::miller_loop::<E, N>(&p, &q);
    let g = final_exp::easy_part::<E, N>(&f);
    // one-block kernels (A) against their compositions of Fp4 squarings (B), interleaved
    let zn = hayate_pairing::engine::naf(E::Z_ABS as u128);
    ab(
        "cyclo_sqr",
        c,
        || {
            black_box(black_box(g).cyclotomic_square());
        },
        || {
            black_box(black_box(g).cyclotomic_square_composed());
        },
    );
    ab(
        "cyclo_sqr x5",
        c,
        || {
            black_box(black_box(g).cyclotomic_squares(5));
        },
        || {
            let mut x = black_box(g);
            for _ in 0..5 {
                x = x.cyclotomic_square_composed();
            }
            black_box(x);
        },
    );
    ab(
        "exp_z_karabina",
        c,
        || {
            black_box(black_box(g).cyclotomic_exp_compressed_vartime(&zn));
        },
        || {
            black_box(black_box(g).cyclotomic_exp_compressed_composed_vartime(&zn));
        },
    );
    // Granger–Scott against Karabina's compressed squarings on the NAF of |z|, interleaved
    for _ in 0..3 {
        time("exp_z_gs_naf", c, || {
            black_box(black_box(g).cyclotomic_exp_wnaf_vartime(&zn));
        });
        time("exp_z_karabina", c, || {
            black_box(black_box(g).cyclotomic_exp_compressed_vartime(&zn));
        });
    }
    time("exp_by_z", c, || {
        black_box(final_exp::exp_by_z::<E, N>(black_box(&g)));
    });
    time("g2_prepare", c, || {
        black_box(G2Prepared::<E, N>::new(black_box(&q)));
    });
    let prep = G2Prepared::<E, N>::new(&q);
    time("miller_prepared", c, || {
        black_box(miller::multi_miller_loop::<E, N>(&[(black_box(&p), &prep)]));
    });
    time("miller_loop", c, || {
        black_box(miller::miller_loop::<E, N>(black_box(&p), black_box(&q)));
    });
    // 40 pairs (the OT10 decryption size): prepared G2 side and unprepared
    let mut rng40 = StdRng::seed_from_u64(40);
    let pairs: Vec<(Affine<E::G1>, Affine<E::G2>)> = (0..40)
        .map(|_| {
            use rand::RngCore;
            (
                Affine::<E::G1>::generator()
                    .mul_vartime(&[rng40.next_u64()])
                    .to_affine(),
                Affine::<E::G2>::generator()
                    .mul_vartime(&[rng40.next_u64()])
                    .to_affine(),
            )
        })
        .collect();
    let preps: Vec<G2Prepared<E, N>> = pairs.iter().map(|(_, q)| G2Prepared::new(q)).collect();
    let refs: Vec<(&Affine<E::G1>, &G2Prepared<E, N>)> =
        pairs.iter().zip(&preps).map(|((p, _), q)| (p, q)).collect();
    time("multi_prepared40", c, || {
        black_box(hayate_pairing::multi_pairing_prepared::<E, N>(black_box(
            &refs,
        )));
    });
    time("multi_pairing40", c, || {
        black_box(hayate_pairing::multi_pairing::<E, N>(black_box(&pairs)));
    });
    time("easy_part", c, || {
        black_box(final_exp::easy_part::<E, N>(black_box(&f)));
    });
    time("final_exp", c, || {
        black_box(final_exp::final_exponentiation::<E, N>(black_box(&f)));
    });
    time("pairing", c, || {
        black_box(hayate_pairing::pairing::<E, N>(
            black_box(&p),
            black_box(&q),
        ));
    });
    // the AVX-512 IFMA compressed squarings (A) against the scalar MULX/ADX kernel (B), where
    // the CPU has IFMA and the tower has the kernel
    #[cfg(target_arch = "x86_64")]
    if hayate_arith::backend::x86_64::ifma::applies::<E::Fp, N>() {
        let ifma = |on: bool| {
            hayate_arith::backend::x86_64::ifma::ENABLED
                .store(on, std::sync::atomic::Ordering::Relaxed)
        };
        let sq64: Vec<i8> = (0..65).map(|i| (i == 64) as i8).collect();
        ab(
            "ifma 64 sqr",
            c,
            || {
                ifma(true);
                black_box(black_box(g).cyclotomic_exp_compressed_vartime(&sq64));
            },
            || {
                ifma(false);
                black_box(black_box(g).cyclotomic_exp_compressed_vartime(&sq64));
            },
        );
        for k in [1, 2, 5] {
            ab(
                &format!("ifma cyclo x{k}"),
                c,
                || {
                    ifma(true);
                    black_box(black_box(g).cyclotomic_squares(k));
                },
                || {
                    ifma(false);
                    black_box(black_box(g).cyclotomic_squares(k));
                },
            );
        }
        // the projective multi-Miller loop (doubling steps in eight lanes where BLS12-381's)
        for k in [2usize, 4, 6, 8] {
            let ps: Vec<_> = pairs[..k].to_vec();
            ab(
                &format!("ifma miller x{k}"),
                c,
                || {
                    ifma(true);
                    black_box(miller::multi_miller_loop_projective::<E, N>(black_box(&ps)));
                },
                || {
                    ifma(false);
                    black_box(miller::multi_miller_loop_projective::<E, N>(black_box(&ps)));
                },
            );
        }
        // projective with the IFMA doubling steps (A) against the batch-affine loop (B)
        for k in [8usize, 12, 16, 24, 40] {
            let ps: Vec<_> = pairs[..k].to_vec();
            ab(
                &format!("proj/affine x{k}"),
                c,
                || {
                    ifma(true);
                    black_box(miller::multi_miller_loop_projective::<E, N>(black_box(&ps)));
                },
                || {
                    ifma(true);
                    black_box(miller::multi_miller_loop_batch_affine::<E, N>(black_box(
                        &ps,
                    )));
                },
            );
        }
        ab(
            "ifma final_exp",
            c,
            || {
                ifma(true);
                black_box(final_exp::final_exponentiation::<E, N>(black_box(&f)));
            },
            || {
                ifma(false);
                black_box(final_exp::final_exponentiation::<E, N>(black_box(&f)));
            },
        );
        ab(
            "ifma pairing",
            c,
            || {
                ifma(true);
                black_box(hayate_pairing::pairing::<E, N>(
                    black_box(&p),
                    black_box(&q),
                ));
            },
            || {
                ifma(false);
                black_box(hayate_pairing::pairing::<E, N>(
                    black_box(&p),
                    black_box(&q),
                ));
            },
        );
        ifma(true);
    }
}

fn main() {
    let which = std::env::args().nth(1).unwrap_or_default();
    if which.is_empty() || which == "bn254-beuchat" {
        run::<Bn254Beuchat, 4>();
    }
    if which.is_empty() || which == "bn254" {
        run::<Bn254, 4>();
    }
    if which.is_empty() || which == "bls12-381" {
        run::<Bls12381, 6>();
    }
}

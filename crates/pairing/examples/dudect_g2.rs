//! dudect-style timing-leakage measurement of the constant-time G2 multiplication (issue 5;
//! on CPUs with AVX-512 IFMA BLS12-381's columns run in `hayate_arith::backend::ifma_g2`,
//! which valgrind cannot execute, so this is the constant-time evidence for that kernel; it
//! is also what kept the kernel's 6-limb shapes off, see that module). A measurement, not a
//! test.
//!
//! Two classes of calls are interleaved at random on one fixed point: class 0 multiplies by
//! the scalar 1, class 1 by fresh random 253-bit scalars. Each call is timed with `rdtsc`;
//! Welch's t between the classes, raw and after dudect's percentile crops, is reported:
//! |t| < 4.5 means no evidence of a timing difference. `--vartime` times the variable-time
//! multiplication instead (a positive control).
//!
//! ```text
//! cargo run --release -p hayate-pairing --example dudect_g2 -- \
//!     [--curve bls12-381|bn254|bn254-beuchat] [--samples 20000] [--vartime]
//! ```

#[path = "../../ec/examples/common/dudect.rs"]
mod dudect;

use hayate_ec::Projective;
use hayate_pairing::{
    bls12_381::Bls12381, bn254::Bn254, bn254_beuchat::Bn254Beuchat, PairingCurve,
};
use rand::{Rng, SeedableRng};

fn run<E: PairingCurve<N>, const N: usize>(samples: usize, vartime: bool) {
    let mut rng = rand::rngs::StdRng::seed_from_u64(0xd0de);
    let q = Projective::<E::G2>::generator().mul_vartime(&[0x1234_5678_9abc_def1]);
    // inputs prepared beforehand: class and scalar of every call
    let classes: Vec<u8> = (0..samples).map(|_| rng.gen_range(0..2)).collect();
    let scalars: Vec<[u64; 4]> = classes
        .iter()
        .map(|&c| {
            if c == 0 {
                [1, 0, 0, 0]
            } else {
                [rng.gen(), rng.gen(), rng.gen(), rng.gen::<u64>() >> 3]
            }
        })
        .collect();
    let mul = |k: &[u64; 4]| {
        if vartime {
            q.mul_vartime(std::hint::black_box(k))
        } else {
            q.mul_ct(std::hint::black_box(k))
        }
    };
    for k in scalars.iter().take(20) {
        std::hint::black_box(mul(k));
    }
    let mut times = vec![0u64; samples];
    for (t, k) in times.iter_mut().zip(&scalars) {
        let start = dudect::cycles();
        let r = mul(k);
        *t = dudect::cycles() - start;
        std::hint::black_box(r);
    }
    let (t_raw, t_max) = dudect::t_statistics(&classes, &times);
    let mut sorted = times.clone();
    sorted.sort_unstable();
    println!(
        "{:<14} G2 {:<8} n={samples:<6} median={:>9} cyc  |t| raw={:>7.2}  max|t|={:>8.2}  {}",
        E::NAME,
        if vartime { "vartime" } else { "ct" },
        sorted[samples / 2],
        t_raw.abs(),
        t_max.abs(),
        if t_max.abs() < 4.5 {
            "no leakage detected (|t| < 4.5)"
        } else {
            "LEAKAGE: timing depends on the scalar (|t| >= 4.5)"
        }
    );
}

fn main() {
    let mut curve = String::new();
    let mut samples = 20000usize;
    let mut vartime = false;
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut i = 0;
    while i < args.len() {
        match args[i].as_str() {
            "--curve" => {
                curve = args.get(i + 1).cloned().unwrap_or_default();
                i += 1;
            }
            "--samples" => {
                samples = args
                    .get(i + 1)
                    .and_then(|v| v.parse().ok())
                    .expect("--samples N");
                i += 1;
            }
            "--vartime" => vartime = true,
            other => panic!("unknown argument {other}"),
        }
        i += 1;
    }
    if curve.is_empty() || curve == "bls12-381" {
        run::<Bls12381, 6>(samples, vartime);
    }
    if curve.is_empty() || curve == "bn254" {
        run::<Bn254, 4>(samples, vartime);
    }
    if curve.is_empty() || curve == "bn254-beuchat" {
        run::<Bn254Beuchat, 4>(samples, vartime);
    }
}

//! dudect-style timing-leakage measurement of the constant-time G2 multiplication (issue 5;
//! on CPUs with AVX-512 IFMA BLS12-381's columns run in `hayate_ec::backend::x86_64::ifma::g2`,
//! which valgrind cannot execute, so this is the constant-time evidence for that kernel; it
//! is also what kept the kernel's 6-limb shapes off, see that module). A measurement, not a
//! test.
//!
//! Two classes of calls are interleaved at random on one fixed point: class 0 multiplies by
//! one fixed scalar (`--fixed 1`, the default: every GLS-SAC column on the same table entry
//! and sign; `n-1`; `0`), class 1 by uniformly random scalars below r. Every input is
//! prepared before timing, each call is timed with a fenced `rdtsc`, and the statistics are
//! those of the shared engine `crates/cli/src/dudect.rs` (included by path): Welch's t, raw
//! and over dudect's percentile crops, of the first order (means) and the second (centred
//! squares: variances). |t| < 4.5 means no evidence of a timing difference, and counts only
//! if `--vartime` (the variable-time multiplication, the positive control) on the same
//! classes reaches |t| ≥ 10. `hayate bench dudect` runs this target beside the others.
//!
//! ```text
//! cargo run --release -p hayate-lab --example dudect_g2 -- \
//!     [--curve bls12-381|bn254|bn254-beuchat] [--samples 20000] [--fixed 1|n-1|0] [--vartime]
//! ```

#[path = "../../cli/src/dudect.rs"]
mod dudect;

use hayate_ec::{CurveParams, Projective};
use hayate_pairing::{
    bls12_381::Bls12381, bn254::Bn254, bn254_beuchat::Bn254Beuchat, PairingCurve,
};
use rand::Rng;

fn run<E: PairingCurve<N>, const N: usize>(samples: usize, fixed: &str, vartime: bool) {
    let q = Projective::<E::G2>::generator().mul_vartime(&[0x1234_5678_9abc_def1]);
    let mut n = [0u64; 4];
    n.copy_from_slice(&<E::G2 as CurveParams>::ORDER[..4]);
    let k0: [u64; 4] = match fixed {
        "1" => [1, 0, 0, 0],
        "0" => [0; 4],
        "n-1" => [n[0] - 1, n[1], n[2], n[3]],
        other => panic!("--fixed {other}: use 1, n-1 or 0"),
    };
    let below_n = |rng: &mut rand::rngs::StdRng| loop {
        let k: [u64; 4] = [
            rng.gen(),
            rng.gen(),
            rng.gen(),
            rng.gen::<u64>() >> n[3].leading_zeros(),
        ];
        if (0..4).rev().map(|i| k[i].cmp(&n[i])).find(|o| o.is_ne())
            == Some(std::cmp::Ordering::Less)
        {
            return k;
        }
    };
    let a = dudect::measure(
        samples,
        0xd0de,
        &|| false,
        |c, rng| if c == 0 { k0 } else { below_n(rng) },
        |k| {
            if vartime {
                q.mul_vartime(k)
            } else {
                q.mul_ct(k)
            }
        },
    );
    println!(
        "{:<14} G2 {:<8} fixed {:<4} {}",
        E::NAME,
        if vartime { "vartime" } else { "ct" },
        fixed,
        a.summary()
    );
}

fn main() {
    let mut curve = String::new();
    let mut samples = 20000usize;
    let mut fixed = "1".to_string();
    let mut vartime = false;
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut i = 0;
    while i < args.len() {
        let v = args.get(i + 1).cloned().unwrap_or_default();
        match args[i].as_str() {
            "--curve" => {
                curve = v;
                i += 1;
            }
            "--samples" => {
                samples = v.parse().expect("--samples N");
                i += 1;
            }
            "--fixed" => {
                fixed = v;
                i += 1;
            }
            "--vartime" => vartime = true,
            other => panic!("unknown argument {other}"),
        }
        i += 1;
    }
    if curve.is_empty() || curve == "bls12-381" {
        run::<Bls12381, 6>(samples, &fixed, vartime);
    }
    if curve.is_empty() || curve == "bn254" {
        run::<Bn254, 4>(samples, &fixed, vartime);
    }
    if curve.is_empty() || curve == "bn254-beuchat" {
        run::<Bn254Beuchat, 4>(samples, &fixed, vartime);
    }
}

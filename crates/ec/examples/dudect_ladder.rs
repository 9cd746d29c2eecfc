//! dudect-style timing-leakage measurement (O. Reparaz, J. Balasch, I. Verbauwhede, "Dude, is my
//! code constant time?", DATE 2017) for the scalar multiplications of issue 4 — in particular
//! paper 004's Jin–Miyaji ladder with safegcd inversion. A measurement, not a test.
//!
//! Two classes of inputs are interleaved at random: class 0 uses one *fixed* scalar (default 1,
//! an extreme case for a ladder), class 1 fresh *random* scalars; the base point is fixed. Each
//! call is timed with `rdtsc` (fenced with `lfence`). Welch's t-statistic between the two
//! classes' cycle counts is computed on the raw data and after cropping at the dudect
//! percentiles (measurements above the p-th percentile discarded, p = 1 − 0.5^(10·(i+1)/100)),
//! and the largest |t| is reported: |t| < 4.5 means no evidence of a timing difference,
//! |t| ≥ 4.5 means the timing depends on the scalar (dudect's threshold).
//!
//! ```text
//! cargo run --release -p hayate-ec --example dudect_ladder -- \
//!     [--method jin-miyaji] [--curve secp256k1|p256] [--samples 4000] [--fixed HEX]
//! ```
//! `--method jin-miyaji-bingcd` (the same ladder with paper 004's variable-time binary-GCD
//! inverter) or `--method wnaf:5` serve as positive controls.

use std::time::Instant;

#[path = "common/dudect.rs"]
mod dudect;
use dudect::cycles;

use hayate_ec::curves::{Secp256k1, Secp256r1};
use hayate_ec::{scalar_mul, CurveParams, Method, Projective};
use rand::{Rng, SeedableRng};

fn parse_hex(s: &str) -> Vec<u64> {
    let s = s.trim_start_matches("0x");
    let mut limbs = Vec::new();
    let mut end = s.len();
    while end > 0 {
        let start = end.saturating_sub(16);
        limbs.push(u64::from_str_radix(&s[start..end], 16).expect("hex scalar"));
        end = start;
    }
    limbs
}

fn run<C: CurveParams>(method: Method, samples: usize, fixed: &[u64]) {
    let mut rng = rand::rngs::StdRng::seed_from_u64(0xd0de);
    let nl = C::ORDER.len();
    let mut fixed_k = fixed.to_vec();
    fixed_k.resize(nl, 0);
    let p = Projective::<C>::generator().mul_vartime(&[0x1234_5678_9abc_def1]);
    // inputs prepared beforehand (dudect): class and scalar for every measurement
    let classes: Vec<u8> = (0..samples).map(|_| rng.gen_range(0..2)).collect();
    let scalars: Vec<Vec<u64>> = classes
        .iter()
        .map(|&c| {
            if c == 0 {
                fixed_k.clone()
            } else {
                (0..nl).map(|_| rng.gen()).collect()
            }
        })
        .collect();
    // warm-up
    for k in scalars.iter().take(20) {
        let _ = std::hint::black_box(scalar_mul(method, &p, k));
    }
    let t0 = Instant::now();
    let mut times = vec![0u64; samples];
    for (i, k) in scalars.iter().enumerate() {
        let start = cycles();
        let r = scalar_mul(method, &p, std::hint::black_box(k));
        let end = cycles();
        let _ = std::hint::black_box(r);
        times[i] = end - start;
    }
    let wall = t0.elapsed();
    let mut sorted = times.clone();
    sorted.sort_unstable();
    let pct = |q: f64| sorted[((q * (samples - 1) as f64) as usize).min(samples - 1)];
    let (t_raw, t_max) = dudect::t_statistics(&classes, &times);
    let mean = |c: u8| {
        let v: Vec<f64> = (0..samples)
            .filter(|&j| classes[j] == c)
            .map(|j| times[j] as f64)
            .collect();
        v.iter().sum::<f64>() / v.len() as f64
    };
    println!(
        "{:<10} {:<20} n={samples:<6} median={:>10} cyc  mean(fixed)={:>12.0}  mean(random)={:>12.0}  |t| raw={:>6.2}  max|t|={:>6.2}  ({:.1} s)  {}",
        C::NAME,
        method.to_string(),
        pct(0.5),
        mean(0),
        mean(1),
        t_raw.abs(),
        t_max.abs(),
        wall.as_secs_f64(),
        if t_max.abs() < 4.5 { "no leakage detected (|t| < 4.5)" } else { "LEAKAGE: timing depends on the scalar (|t| >= 4.5)" }
    );
}

fn main() {
    let mut method = Method::JinMiyaji;
    let mut curve = "secp256k1".to_string();
    let mut samples = 4000usize;
    let mut fixed = vec![1u64];
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut i = 0;
    while i < args.len() {
        let v = args.get(i + 1).cloned().unwrap_or_default();
        match args[i].as_str() {
            "--method" => method = v.parse().unwrap_or_else(|e| panic!("{e}")),
            "--curve" => curve = v,
            "--samples" => samples = v.parse().expect("--samples N"),
            "--fixed" => fixed = parse_hex(&v),
            other => panic!("unknown argument {other}"),
        }
        i += 2;
    }
    match curve.as_str() {
        "secp256k1" => run::<Secp256k1>(method, samples, &fixed),
        "p256" | "secp256r1" => run::<Secp256r1>(method, samples, &fixed),
        other => panic!("unknown curve {other} (secp256k1, p256)"),
    }
}

//! dudect-style timing-leakage measurement (O. Reparaz, J. Balasch, I. Verbauwhede, "Dude, is my
//! code constant time?", DATE 2017) for the scalar multiplications of issue 4 — in particular
//! paper 004's Jin–Miyaji ladder with safegcd inversion. A measurement, not a test.
//!
//! Two classes of inputs are interleaved at random: class 0 uses one *fixed* scalar (default 1,
//! the same ladder bit in every step), class 1 fresh uniformly random scalars below n; the
//! base point is fixed, every input is prepared before timing. Each call is timed with a
//! fenced `rdtsc`. The statistics are those of the shared engine `crates/cli/src/dudect.rs`
//! (included by path): Welch's t on the raw cycle counts and on dudect's 100 percentile crops,
//! first order (means) and second order (centred squares: variances). |t| < 4.5 means no
//! evidence of a timing difference; a run is worth something only if a variable-time method
//! on the same classes (`--method jin-miyaji-bingcd`, `--method wnaf:5`) reaches |t| ≥ 10.
//! `hayate bench dudect` runs the full set of targets with their controls.
//!
//! ```text
//! cargo run --release -p hayate-lab --example dudect_ladder -- \
//!     [--method jin-miyaji] [--curve secp256k1|p256] [--samples 6000] [--fixed HEX]
//! ```

use std::time::Instant;

#[path = "../../cli/src/dudect.rs"]
mod dudect;

use hayate_ec::curves::{Secp256k1, Secp256r1};
use hayate_ec::{scalar_mul, CurveParams, Method, Projective};
use rand::Rng;

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
    let nl = C::ORDER.len();
    let mut fixed_k = fixed.to_vec();
    fixed_k.resize(nl, 0);
    let p = Projective::<C>::generator().mul_vartime(&[0x1234_5678_9abc_def1]);
    let below_n = |rng: &mut rand::rngs::StdRng| loop {
        let k: Vec<u64> = (0..nl).map(|_| rng.gen()).collect();
        let lt = (0..nl)
            .rev()
            .map(|i| k[i].cmp(&C::ORDER[i]))
            .find(|o| o.is_ne())
            == Some(std::cmp::Ordering::Less);
        if lt {
            return k;
        }
    };
    let t0 = Instant::now();
    let a = dudect::measure(
        samples,
        0xd0de,
        &|| false,
        |c, rng| {
            if c == 0 {
                fixed_k.clone()
            } else {
                below_n(rng)
            }
        },
        |k| scalar_mul(method, &p, k),
    );
    let wall = t0.elapsed();
    println!(
        "{:<10} {:<20} {}  ({:.1} s)",
        C::NAME,
        method.to_string(),
        a.summary(),
        wall.as_secs_f64()
    );
}

fn main() {
    let mut method = Method::JinMiyaji;
    let mut curve = "secp256k1".to_string();
    let mut samples = 6000usize;
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

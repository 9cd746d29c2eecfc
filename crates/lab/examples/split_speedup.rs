//! Two-thread speed-ups of issue 4 (papers 002/004): sequential vs 2-thread times for
//! * paper 002's split k = k₁·2^x + k₂ at the best x (sweep) on secp256r1 and secp192r1,
//!   against sequential width-5 NAF (paper 002 Table 3 reports 1.45× on 2 CPUs);
//! * the GLV split on secp256k1 and bn254 G1 (`glv`, 2 pool threads) against sequential
//!   full-length width-5 NAF (issue target ≥ 1.8× on secp256k1), plus `glv` with 1 thread
//!   (joint wNAF) and the constant-time pair `glv-ct` (2 threads) vs `fixed-window-ct`.
//!
//! It lives in hayate-pairing because it needs both hayate-ec's named curves and the pairing
//! G1 curves. Run: `cargo run --release -p hayate-lab --example split_speedup [ROUNDS]`.
//! Times are medians over ROUNDS (default 31) batches of 16 multiplications with random public
//! scalars, sequential and parallel batches interleaved; load from other processes shows up
//! directly, so note `uptime` alongside.

use std::hint::black_box;
use std::time::Instant;

use hayate_ec::curves::{Secp192r1, Secp256k1, Secp256r1};
use hayate_ec::{scalar_mul_threads, CurveParams, Method, Projective};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

const BATCH: usize = 16;

fn batch_ns<C: CurveParams>(m: Method, threads: usize, p: &Projective<C>, ks: &[Vec<u64>]) -> f64 {
    let t = Instant::now();
    for k in ks {
        let _ = black_box(scalar_mul_threads(m, black_box(p), black_box(k), threads));
    }
    t.elapsed().as_nanos() as f64 / ks.len() as f64
}

/// Median per-operation times (µs) of several (method, threads) pairs, batches interleaved.
fn compare<C: CurveParams>(runs: &[(Method, usize)], rounds: usize, seed: u64) -> Vec<f64> {
    let mut rng = StdRng::seed_from_u64(seed);
    let p = Projective::<C>::generator().mul_vartime(&[rng.gen(), rng.gen()]);
    let limbs = C::ORDER.len();
    let mut samples = vec![Vec::new(); runs.len()];
    for _ in 0..rounds {
        let ks: Vec<Vec<u64>> = (0..BATCH)
            .map(|_| {
                let mut k: Vec<u64> = (0..limbs).map(|_| rng.gen()).collect();
                // keep k below 2^(bits of n) − 1 (a full-length public scalar)
                let top = 64 * limbs as u32 - bits(C::ORDER) + 1;
                k[limbs - 1] >>= top.min(63);
                k
            })
            .collect();
        for (i, &(m, t)) in runs.iter().enumerate() {
            samples[i].push(batch_ns(m, t, &p, &ks));
        }
    }
    samples
        .into_iter()
        .map(|mut s| {
            s.sort_by(f64::total_cmp);
            s[s.len() / 2] / 1000.0
        })
        .collect()
}

fn bits(n: &[u64]) -> u32 {
    let top = n.iter().rposition(|&l| l != 0).unwrap_or(0);
    64 * top as u32 + 64 - n[top].leading_zeros()
}

fn split_curve<C: CurveParams>(rounds: usize) {
    let m = bits(C::ORDER);
    // sweep x around paper 002's 0.734·m in steps of 4 bits (quick pass), then measure the best
    let xs: Vec<u32> = (m * 55 / 100..=m * 85 / 100).step_by(4).collect();
    let runs: Vec<(Method, usize)> = xs.iter().map(|&x| (Method::Split { x }, 2)).collect();
    let sweep = compare::<C>(&runs, (rounds / 4).max(5), 1);
    let (bi, _) = sweep
        .iter()
        .enumerate()
        .min_by(|a, b| a.1.total_cmp(b.1))
        .unwrap();
    let x = xs[bi];
    let r = compare::<C>(
        &[
            (Method::WNaf(5), 1),
            (Method::Split { x }, 2),
            (Method::Split { x }, 1),
        ],
        rounds,
        2,
    );
    println!(
        "{:<14} split x={x:<4} (paper: {:>3})  wnaf:5 seq {:>8.1} µs | split 2 threads {:>8.1} µs | speed-up {:.2}× | (split on 1 thread {:.1} µs)",
        C::NAME,
        (m * 734).div_ceil(1000),
        r[0],
        r[1],
        r[0] / r[1],
        r[2]
    );
}

fn glv_curve<C: CurveParams>(rounds: usize) {
    let r = compare::<C>(
        &[
            (Method::WNaf(5), 1),
            (Method::Glv, 2),
            (Method::Glv, 1),
            (Method::FixedWindowCt, 1),
            (Method::GlvCt, 2),
            (Method::GlvCt, 1),
        ],
        rounds,
        3,
    );
    println!(
        "{:<14} glv             wnaf:5 seq {:>8.1} µs | glv 2 threads   {:>8.1} µs | speed-up {:.2}× | (glv 1 thread {:.1} µs, {:.2}×)",
        C::NAME,
        r[0],
        r[1],
        r[0] / r[1],
        r[2],
        r[0] / r[2]
    );
    println!(
        "{:<14} glv-ct          fixed-window-ct {:>8.1} µs | glv-ct 2 threads {:>8.1} µs | speed-up {:.2}× | (glv-ct 1 thread {:.1} µs, {:.2}×)",
        "",
        r[3],
        r[4],
        r[3] / r[4],
        r[5],
        r[3] / r[5]
    );
}

fn main() {
    let rounds: usize = std::env::args()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(31);
    println!(
        "two-thread speed-ups (median of {rounds} batches of {BATCH}; available threads: {})",
        hayate_ec::pool::available_threads()
    );
    split_curve::<Secp256r1>(rounds);
    split_curve::<Secp192r1>(rounds);
    glv_curve::<Secp256k1>(rounds);
    glv_curve::<hayate_pairing::bn254::G1Params>(rounds);
}

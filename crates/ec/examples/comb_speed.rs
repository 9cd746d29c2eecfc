//! Wall-clock comparison of fixed-base multiplication \[k\]G on secp256r1: the Lim–Lee comb
//! (`hayate_ec::comb`, several table shapes, table build time too) against the constant-time
//! fixed window `Projective::mul_ct`, and the run-time P-256 (`hayate_ec::runtime`) against the
//! compile-time one for the same method. Median of several batches; numbers are indicative on a
//! shared machine.
//!
//! `cargo run --release -p hayate-ec --example comb_speed`

use std::hint::black_box as bb;
use std::time::Instant;

use hayate_ec::comb::CombTable;
use hayate_ec::curves::Secp256r1;
use hayate_ec::{DynCurve, Method, Projective};
use rand::{Rng, SeedableRng};

/// Median over `batches` of the mean time (µs) of `iters` calls.
fn time_us(batches: usize, iters: usize, mut f: impl FnMut(usize)) -> f64 {
    let mut v: Vec<f64> = (0..batches)
        .map(|b| {
            let t = Instant::now();
            for i in 0..iters {
                f(b * iters + i);
            }
            t.elapsed().as_secs_f64() * 1e6 / iters as f64
        })
        .collect();
    v.sort_by(|a, b| a.total_cmp(b));
    v[batches / 2]
}

fn main() {
    let mut rng = rand::rngs::StdRng::seed_from_u64(42);
    let scalars: Vec<[u64; 4]> = (0..64).map(|_| rng.gen()).collect();
    let g = Projective::<Secp256r1>::generator();

    let base = time_us(9, 40, |i| {
        bb(g.mul_ct(bb(&scalars[i % 64])));
    });
    println!("secp256r1 [k]G  Projective::mul_ct (w = 4 fixed window): {base:8.1} µs");
    let gen = CombTable::<Secp256r1>::generator();
    let comb = time_us(9, 40, |i| {
        bb(gen.mul_ct(bb(&scalars[i % 64])));
    });
    println!(
        "secp256r1 [k]G  CombTable::generator().mul_ct (w = {}, v = {}): {comb:8.1} µs  ({:.2}x faster)",
        gen.teeth(),
        gen.subtables(),
        base / comb
    );
    for (w, v) in [(4, 2), (4, 8), (5, 4), (6, 4), (6, 8), (8, 2)] {
        let t0 = Instant::now();
        let t = CombTable::with_shape(&g, w, v, 4);
        let build = t0.elapsed().as_secs_f64() * 1e3;
        let us = time_us(7, 30, |i| {
            bb(t.mul_ct(bb(&scalars[i % 64])));
        });
        println!(
            "  comb w = {w}, v = {v}: {us:8.1} µs ({:.2}x), {} points, built in {build:.2} ms",
            base / us,
            t.len()
        );
    }

    // run-time vs compile-time P-256, same algorithm
    let dc = DynCurve::named("secp256r1").expect("P-256 parameters");
    let dg = dc.generator();
    for m in [
        Method::FixedWindowCt,
        Method::WNaf(5),
        Method::MontgomeryLadder,
    ] {
        let ct = time_us(7, 20, |i| {
            bb(hayate_ec::scalar_mul(m, &g, bb(&scalars[i % 64]))
                .map(|p| p.to_affine())
                .ok());
        });
        let rt = time_us(7, 20, |i| {
            bb(dc.mul(m, &dg, bb(&scalars[i % 64])).ok());
        });
        println!(
            "P-256 {m:>17}: compile-time {ct:8.1} µs, run-time DynCurve {rt:8.1} µs ({:.2}x)",
            rt / ct
        );
    }
    let d160 = DynCurve::named("secp160r1").expect("secp160r1 parameters");
    let g160 = d160.generator();
    let k160: Vec<[u64; 3]> = (0..64).map(|_| rng.gen()).collect();
    let t = time_us(7, 40, |i| {
        bb(d160
            .mul(Method::FixedWindowCt, &g160, bb(&k160[i % 64]))
            .ok());
    });
    println!("secp160r1 (run time) fixed-window-ct: {t:8.1} µs");
}

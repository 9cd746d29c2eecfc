//! Base-field and Fp2 kernels: hayate vs `blst` (BLS12-381 Fp and Fp2 = Fp[u]/(u² + 1)), plus
//! hayate's own figures for the 254-bit fields (alt_bn128 and bn254-beuchat), which blst lacks.
//!
//! `cargo run --release -p hayate-bench -- field [--rounds N] [--batch-us U]`
//!
//! Identical inputs: both libraries keep Fp elements in Montgomery form with R = 2^384, so
//! hayate's Montgomery limbs are handed to blst unchanged; this is checked first (each input,
//! converted by blst from its canonical little-endian bytes with `blst_fp_from_lendian`, must
//! have the same limbs), and every operation's output is compared limb for limb before timing.
//!
//! Each operation is timed two ways:
//! * `lat` — a dependent chain x ← x·y (x ← x² …): latency per operation;
//! * `tput` — eight independent chains advanced in turn: throughput per operation.
//!
//! A batch of calls (64 operations each) is timed with the time-stamp counter (`rdtsc`: TSC
//! ticks at the nominal clock); libraries run one after the other with the order rotating every
//! round; reported are medians per operation over the rounds and hayate / blst (below 1 =
//! hayate faster). blst's functions are out-of-line C/assembly calls; hayate's are inlined.

use std::hint::black_box;
use std::process::ExitCode;

use blst::{blst_fp, blst_fp2};
use hayate_arith::fields::{Bls12381Fp, Bn254BeuchatFp, Bn254Fp};
use hayate_arith::towers::{Bls12381Fp2, Bn254BeuchatFp2, Bn254Fp2};
use rand::{rngs::StdRng, SeedableRng};

use crate::pairing::median;

/// Operations per timed call (dependent chain length, or 8 lanes × 8 steps).
const OPS: u64 = 64;
const LANES: usize = 8;

#[inline(always)]
fn tsc() -> u64 {
    // SAFETY: rdtsc has no preconditions on x86-64.
    #[cfg(target_arch = "x86_64")]
    unsafe {
        core::arch::x86_64::_rdtsc()
    }
    #[cfg(not(target_arch = "x86_64"))]
    0
}

/// A timed closure performing `OPS` operations per call.
struct Entry<'a> {
    f: Box<dyn FnMut() + 'a>,
    iters: u64,
    samples: Vec<f64>,
}

struct Row<'a> {
    field: &'static str,
    op: &'static str,
    mode: &'static str,
    entries: Vec<Entry<'a>>,
}

/// Dependent chain: x ← f(x, y), `OPS` times.
fn latency<'a, T: Copy + 'a>(x0: T, y: T, f: impl Fn(&T, &T) -> T + 'a) -> Box<dyn FnMut() + 'a> {
    let mut x = x0;
    Box::new(move || {
        let y = black_box(y);
        let mut v = black_box(x);
        for _ in 0..OPS {
            v = f(&v, &y);
        }
        x = black_box(v);
    })
}

/// `LANES` independent chains advanced in turn, `OPS` operations in all.
fn throughput<'a, T: Copy + 'a>(
    x0: T,
    y: T,
    f: impl Fn(&T, &T) -> T + 'a,
) -> Box<dyn FnMut() + 'a> {
    let mut xs = [x0; LANES];
    Box::new(move || {
        let y = black_box(y);
        let mut v = black_box(xs);
        for _ in 0..OPS as usize / LANES {
            for x in v.iter_mut() {
                *x = f(x, &y);
            }
        }
        xs = black_box(v);
    })
}

fn row<'a, H: Copy + 'a, B: Copy + 'a>(
    field: &'static str,
    op: &'static str,
    h: (H, H, fn(&H, &H) -> H),
    b: Option<(B, B, fn(&B, &B) -> B)>,
) -> [Row<'a>; 2] {
    let mk = |tp: bool| {
        let mut entries = vec![Entry {
            f: if tp {
                throughput(h.0, h.1, h.2)
            } else {
                latency(h.0, h.1, h.2)
            },
            iters: 1,
            samples: vec![],
        }];
        if let Some((x, y, f)) = b {
            entries.push(Entry {
                f: if tp {
                    throughput(x, y, f)
                } else {
                    latency(x, y, f)
                },
                iters: 1,
                samples: vec![],
            });
        }
        Row {
            field,
            op,
            mode: if tp { "tput" } else { "lat" },
            entries,
        }
    };
    [mk(false), mk(true)]
}

fn time_batch(f: &mut dyn FnMut(), iters: u64) -> f64 {
    let t = tsc();
    for _ in 0..iters {
        f();
    }
    (tsc() - t) as f64 / (iters * OPS) as f64
}

// ---------------------------------------------------------------------------------------------
// blst wrappers (Montgomery limbs shared with hayate)

fn bfp(x: &Bls12381Fp) -> blst_fp {
    blst_fp { l: *x.mont_limbs() }
}
fn bfp2(x: &Bls12381Fp2) -> blst_fp2 {
    blst_fp2 {
        fp: [bfp(&x.c0), bfp(&x.c1)],
    }
}
fn b_mul(a: &blst_fp, b: &blst_fp) -> blst_fp {
    let mut r = blst_fp::default();
    // SAFETY: valid pointers to initialised field elements.
    unsafe { blst::blst_fp_mul(&mut r, a, b) };
    r
}
fn b_sqr(a: &blst_fp, _: &blst_fp) -> blst_fp {
    let mut r = blst_fp::default();
    // SAFETY: as above.
    unsafe { blst::blst_fp_sqr(&mut r, a) };
    r
}
fn b_add(a: &blst_fp, b: &blst_fp) -> blst_fp {
    let mut r = blst_fp::default();
    // SAFETY: as above.
    unsafe { blst::blst_fp_add(&mut r, a, b) };
    r
}
fn b_sub(a: &blst_fp, b: &blst_fp) -> blst_fp {
    let mut r = blst_fp::default();
    // SAFETY: as above.
    unsafe { blst::blst_fp_sub(&mut r, a, b) };
    r
}
fn b2_mul(a: &blst_fp2, b: &blst_fp2) -> blst_fp2 {
    let mut r = blst_fp2::default();
    // SAFETY: as above.
    unsafe { blst::blst_fp2_mul(&mut r, a, b) };
    r
}
fn b2_sqr(a: &blst_fp2, _: &blst_fp2) -> blst_fp2 {
    let mut r = blst_fp2::default();
    // SAFETY: as above.
    unsafe { blst::blst_fp2_sqr(&mut r, a) };
    r
}
fn b2_add(a: &blst_fp2, b: &blst_fp2) -> blst_fp2 {
    let mut r = blst_fp2::default();
    // SAFETY: as above.
    unsafe { blst::blst_fp2_add(&mut r, a, b) };
    r
}

macro_rules! hayate_ops {
    ($m:ident, $F:ty, $F2:ty) => {
        mod $m {
            use super::*;
            pub fn mul(a: &$F, b: &$F) -> $F {
                *a * *b
            }
            pub fn sqr(a: &$F, _: &$F) -> $F {
                a.square()
            }
            pub fn add(a: &$F, b: &$F) -> $F {
                *a + *b
            }
            pub fn sub(a: &$F, b: &$F) -> $F {
                *a - *b
            }
            pub fn mul2(a: &$F2, b: &$F2) -> $F2 {
                a.mul(b)
            }
            pub fn sqr2(a: &$F2, _: &$F2) -> $F2 {
                a.square()
            }
            pub fn add2(a: &$F2, b: &$F2) -> $F2 {
                a.add(b)
            }
        }
    };
}
hayate_ops!(h381, Bls12381Fp, Bls12381Fp2);
hayate_ops!(h254, Bn254Fp, Bn254Fp2);
hayate_ops!(hbeu, Bn254BeuchatFp, Bn254BeuchatFp2);

/// Checks that hayate and blst agree on the representation and on every operation's output.
fn check(rng: &mut StdRng) -> Result<(), String> {
    for i in 0..200 {
        let a = Bls12381Fp::random(rng);
        let b = Bls12381Fp::random(rng);
        // representation: blst's own conversion of the canonical value
        let mut le = [0u8; 48];
        for (k, l) in a.to_limbs().iter().enumerate() {
            le[8 * k..8 * k + 8].copy_from_slice(&l.to_le_bytes());
        }
        let mut conv = blst_fp::default();
        // SAFETY: 48 readable bytes.
        unsafe { blst::blst_fp_from_lendian(&mut conv, le.as_ptr()) };
        if conv.l != *a.mont_limbs() {
            return Err(format!("representation differs for input {i}"));
        }
        let (x, y) = (bfp(&a), bfp(&b));
        let pairs: [(&str, Bls12381Fp, blst_fp); 4] = [
            ("fp_mul", h381::mul(&a, &b), b_mul(&x, &y)),
            ("fp_sqr", h381::sqr(&a, &b), b_sqr(&x, &y)),
            ("fp_add", h381::add(&a, &b), b_add(&x, &y)),
            ("fp_sub", h381::sub(&a, &b), b_sub(&x, &y)),
        ];
        for (op, h, bl) in pairs {
            if *h.mont_limbs() != bl.l {
                return Err(format!("{op} differs on input {i}"));
            }
        }
        let a2 = Bls12381Fp2::random(rng);
        let b2 = Bls12381Fp2::random(rng);
        let (x2, y2) = (bfp2(&a2), bfp2(&b2));
        let pairs2: [(&str, Bls12381Fp2, blst_fp2); 3] = [
            ("fp2_mul", h381::mul2(&a2, &b2), b2_mul(&x2, &y2)),
            ("fp2_sqr", h381::sqr2(&a2, &b2), b2_sqr(&x2, &y2)),
            ("fp2_add", h381::add2(&a2, &b2), b2_add(&x2, &y2)),
        ];
        for (op, h, bl) in pairs2 {
            if bfp2(&h) != bl {
                return Err(format!("{op} differs on input {i}"));
            }
        }
    }
    Ok(())
}

pub fn run(args: &[String]) -> ExitCode {
    let mut rounds = 31usize;
    let mut batch_us = 200.0f64;
    let mut it = args.iter();
    while let Some(a) = it.next() {
        match a.as_str() {
            "--rounds" => match it.next().and_then(|v| v.parse().ok()) {
                Some(v) => rounds = v,
                None => return usage(),
            },
            "--batch-us" => match it.next().and_then(|v| v.parse().ok()) {
                Some(v) => batch_us = v,
                None => return usage(),
            },
            _ => return usage(),
        }
    }
    let mut rng = StdRng::seed_from_u64(5);
    if let Err(e) = check(&mut rng) {
        eprintln!("field: hayate and blst disagree: {e}");
        return ExitCode::FAILURE;
    }
    println!("check: hayate and blst agree (representation and outputs, 200 random inputs)");

    let (a, b) = (Bls12381Fp::random(&mut rng), Bls12381Fp::random(&mut rng));
    let (a2, b2) = (Bls12381Fp2::random(&mut rng), Bls12381Fp2::random(&mut rng));
    let (x, y, x2, y2) = (bfp(&a), bfp(&b), bfp2(&a2), bfp2(&b2));
    let (c, d) = (Bn254Fp::random(&mut rng), Bn254Fp::random(&mut rng));
    let (c2, d2) = (Bn254Fp2::random(&mut rng), Bn254Fp2::random(&mut rng));
    let (e, f) = (
        Bn254BeuchatFp::random(&mut rng),
        Bn254BeuchatFp::random(&mut rng),
    );
    let (e2, f2) = (
        Bn254BeuchatFp2::random(&mut rng),
        Bn254BeuchatFp2::random(&mut rng),
    );
    type None1 = Option<(blst_fp, blst_fp, fn(&blst_fp, &blst_fp) -> blst_fp)>;
    let none: None1 = None;
    let none2: Option<(blst_fp2, blst_fp2, fn(&blst_fp2, &blst_fp2) -> blst_fp2)> = None;
    let mut rows: Vec<Row> = Vec::new();
    let bls = "bls12-381";
    rows.extend(row(
        bls,
        "fp_mul",
        (a, b, h381::mul),
        Some((x, y, b_mul as _)),
    ));
    rows.extend(row(
        bls,
        "fp_sqr",
        (a, b, h381::sqr),
        Some((x, y, b_sqr as _)),
    ));
    rows.extend(row(
        bls,
        "fp_add",
        (a, b, h381::add),
        Some((x, y, b_add as _)),
    ));
    rows.extend(row(
        bls,
        "fp_sub",
        (a, b, h381::sub),
        Some((x, y, b_sub as _)),
    ));
    rows.extend(row(
        bls,
        "fp2_mul",
        (a2, b2, h381::mul2),
        Some((x2, y2, b2_mul as _)),
    ));
    rows.extend(row(
        bls,
        "fp2_sqr",
        (a2, b2, h381::sqr2),
        Some((x2, y2, b2_sqr as _)),
    ));
    rows.extend(row(
        bls,
        "fp2_add",
        (a2, b2, h381::add2),
        Some((x2, y2, b2_add as _)),
    ));
    for (name, ops) in [("bn254", 0), ("bn254-beuchat", 1)] {
        macro_rules! small {
            ($m:ident, $p:expr, $q:expr, $p2:expr, $q2:expr) => {{
                rows.extend(row(name, "fp_mul", ($p, $q, $m::mul), none));
                rows.extend(row(name, "fp_sqr", ($p, $q, $m::sqr), none));
                rows.extend(row(name, "fp_add", ($p, $q, $m::add), none));
                rows.extend(row(name, "fp_sub", ($p, $q, $m::sub), none));
                rows.extend(row(name, "fp2_mul", ($p2, $q2, $m::mul2), none2));
                rows.extend(row(name, "fp2_sqr", ($p2, $q2, $m::sqr2), none2));
                rows.extend(row(name, "fp2_add", ($p2, $q2, $m::add2), none2));
            }};
        }
        if ops == 0 {
            small!(h254, c, d, c2, d2);
        } else {
            small!(hbeu, e, f, e2, f2);
        }
    }

    // Warm up and size the batches to ~batch_us of TSC time (assuming ~1 tick per ns or more).
    let batch_ticks = batch_us * 1000.0;
    for r in rows.iter_mut() {
        for e in r.entries.iter_mut() {
            (e.f)();
            let once = time_batch(&mut *e.f, 8) * OPS as f64;
            e.iters = ((batch_ticks / once.max(1.0)).ceil() as u64).max(1);
        }
    }
    for round in 0..rounds {
        for r in rows.iter_mut() {
            let n = r.entries.len();
            for i in 0..n {
                let e = &mut r.entries[(i + round) % n];
                let t = time_batch(&mut *e.f, e.iters);
                e.samples.push(t);
            }
        }
    }
    println!(
        "{:<14} {:<8} {:<5} {:>10} {:>10} {:>8}",
        "field", "op", "mode", "hayate", "blst", "ratio"
    );
    for r in &rows {
        let h = median(&r.entries[0].samples);
        let (bs, ratio) = match r.entries.get(1) {
            Some(e) => {
                let b = median(&e.samples);
                (format!("{b:10.1}"), format!("{:8.2}", h / b))
            }
            None => (format!("{:>10}", "-"), format!("{:>8}", "-")),
        };
        println!(
            "{:<14} {:<8} {:<5} {:>10.1} {} {}",
            r.field, r.op, r.mode, h, bs, ratio
        );
    }
    println!("(TSC ticks per operation, medians of {rounds} rounds; ratio = hayate / blst)");
    ExitCode::SUCCESS
}

fn usage() -> ExitCode {
    eprintln!("usage: hayate-bench field [--rounds N] [--batch-us U]");
    ExitCode::from(2)
}

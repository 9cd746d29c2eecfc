//! Base-field and Fp2 kernels: hayate vs `blst` (BLS12-381 Fp and Fp2 = Fp[u]/(u² + 1)) and vs
//! arkworks (`ark-bn254`'s Fq and Fq2, alt_bn128), plus hayate's own figures for bn254-beuchat,
//! which no peer crate has.
//!
//! `cargo run --release -p hayate-bench -- field [--rounds N] [--batch-us U]`
//! (arkworks' MULX/ADX assembly needs `RUSTFLAGS="-C target-feature=+bmi2,+adx"`, which also
//! turns hayate's run-time CPU check into a compile-time constant; the first lines of the
//! output say which build ran.)
//!
//! Identical inputs: all three libraries keep Fp elements in Montgomery form with R = 2^(64N),
//! so hayate's Montgomery limbs are handed to blst / arkworks unchanged; this is checked first
//! (each input, converted by the peer from its canonical value — `blst_fp_from_lendian`,
//! `Fq::from_bigint` — must have the same limbs), and every operation's output is compared limb
//! for limb before timing.
//!
//! `fp2_xi` is the multiplication by the tower's ξ (hayate only).
//!
//! Each operation is timed three ways:
//! * `lat` — a dependent chain x ← x·y (x ← x² …), the operation inlined into the loop:
//!   latency per operation;
//! * `tput` — eight independent chains advanced in turn: throughput per operation;
//! * `call` — the `lat` chain with each operation behind an out-of-line call (operands and
//!   result through memory): what a call boundary adds.
//!
//! A batch of calls (64 operations each) is timed with the time-stamp counter (`rdtsc`: TSC
//! ticks at the nominal clock); libraries run one after the other with the order rotating every
//! round; reported are medians per operation over the rounds and hayate / peer (below 1 =
//! hayate faster). blst's functions are out-of-line C/assembly calls in every mode; hayate's
//! and arkworks' are inlined in `lat` / `tput`.

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
    /// The peer timed beside hayate ("-" when none).
    peer: &'static str,
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

/// `f(a, b)` behind an out-of-line call (operands and result through memory), to show what a
/// non-inlined call of the same operation costs.
#[inline(never)]
fn call<T, F: Fn(&T, &T) -> T>(f: &F, a: &T, b: &T) -> T {
    f(black_box(a), b)
}

fn entry(f: Box<dyn FnMut() + '_>) -> Entry<'_> {
    Entry {
        f,
        iters: 1,
        samples: vec![],
    }
}

/// The three rows of one operation, hayate only: `lat` and `tput` with the operation inlined
/// into the timing loop (statically dispatched, as in hayate's own code), and `call` — the
/// latency chain through an out-of-line call (what the kernels cost behind a call boundary).
fn row<'a, H: Copy + 'a, F: Fn(&H, &H) -> H + Copy + 'a>(
    field: &'static str,
    op: &'static str,
    x: H,
    y: H,
    f: F,
) -> [Row<'a>; 3] {
    let mk = |mode: &'static str, e: Box<dyn FnMut() + 'a>| Row {
        field,
        op,
        mode,
        peer: "-",
        entries: vec![entry(e)],
    };
    [
        mk("lat", latency(x, y, f)),
        mk("tput", throughput(x, y, f)),
        mk("call", latency(x, y, move |a, b| call(&f, a, b))),
    ]
}

/// Adds a peer's entries to the rows of [`row`] (the same three modes; blst's functions are
/// out-of-line C/assembly calls in every mode, arkworks' are inlined like hayate's).
fn with_peer<'a, B: Copy + 'a, F: Fn(&B, &B) -> B + Copy + 'a>(
    mut rows: [Row<'a>; 3],
    peer: &'static str,
    x: B,
    y: B,
    f: F,
) -> [Row<'a>; 3] {
    for r in rows.iter_mut() {
        r.peer = peer;
        let e = match r.mode {
            "lat" => latency(x, y, f),
            "tput" => throughput(x, y, f),
            _ => latency(x, y, move |a, b| call(&f, a, b)),
        };
        r.entries.push(entry(e));
    }
    rows
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

// ---------------------------------------------------------------------------------------------
// arkworks (ark-bn254's Fq, Fq2 = Fq[u]/(u² + 1)): Montgomery form with R = 2^256, so hayate's
// Montgomery limbs are arkworks' limbs (checked in `check_ark`). ark-ff's MULX/ADX assembly
// (feature "asm") is only compiled in with `-C target-feature=+bmi2,+adx`; otherwise its
// portable no-carry CIOS runs.

type AFq = ark_bn254::Fq;
type AFq2 = ark_bn254::Fq2;

fn afq(x: &Bn254Fp) -> AFq {
    ark_ff::Fp::new_unchecked(ark_ff::BigInt::new(*x.mont_limbs()))
}
fn afq2(x: &Bn254Fp2) -> AFq2 {
    AFq2::new(afq(&x.c0), afq(&x.c1))
}
fn a_mul(a: &AFq, b: &AFq) -> AFq {
    *a * *b
}
fn a_sqr(a: &AFq, _: &AFq) -> AFq {
    ark_ff::Field::square(a)
}
fn a_add(a: &AFq, b: &AFq) -> AFq {
    *a + *b
}
fn a_sub(a: &AFq, b: &AFq) -> AFq {
    *a - *b
}
fn a2_mul(a: &AFq2, b: &AFq2) -> AFq2 {
    *a * *b
}
fn a2_sqr(a: &AFq2, _: &AFq2) -> AFq2 {
    ark_ff::Field::square(a)
}
fn a2_add(a: &AFq2, b: &AFq2) -> AFq2 {
    *a + *b
}

/// Checks that hayate and arkworks agree on the representation and on every bn254 operation.
fn check_ark(rng: &mut StdRng) -> Result<(), String> {
    use ark_ff::PrimeField;
    for i in 0..200 {
        let a = Bn254Fp::random(rng);
        let b = Bn254Fp::random(rng);
        let conv = AFq::from_bigint(ark_ff::BigInt::new(a.to_limbs()))
            .ok_or_else(|| format!("arkworks rejects input {i}"))?;
        if conv.0 .0 != *a.mont_limbs() {
            return Err(format!("representation differs for input {i}"));
        }
        let (x, y) = (afq(&a), afq(&b));
        let pairs: [(&str, Bn254Fp, AFq); 4] = [
            ("fp_mul", h254::mul(&a, &b), a_mul(&x, &y)),
            ("fp_sqr", h254::sqr(&a, &b), a_sqr(&x, &y)),
            ("fp_add", h254::add(&a, &b), a_add(&x, &y)),
            ("fp_sub", h254::sub(&a, &b), a_sub(&x, &y)),
        ];
        for (op, h, ar) in pairs {
            if *h.mont_limbs() != ar.0 .0 {
                return Err(format!("{op} differs on input {i}"));
            }
        }
        let a2 = Bn254Fp2::random(rng);
        let b2 = Bn254Fp2::random(rng);
        let (x2, y2) = (afq2(&a2), afq2(&b2));
        let pairs2: [(&str, Bn254Fp2, AFq2); 3] = [
            ("fp2_mul", h254::mul2(&a2, &b2), a2_mul(&x2, &y2)),
            ("fp2_sqr", h254::sqr2(&a2, &b2), a2_sqr(&x2, &y2)),
            ("fp2_add", h254::add2(&a2, &b2), a2_add(&x2, &y2)),
        ];
        for (op, h, ar) in pairs2 {
            if afq2(&h) != ar {
                return Err(format!("{op} differs on input {i}"));
            }
        }
    }
    Ok(())
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
            pub fn xi2(a: &$F2, _: &$F2) -> $F2 {
                a.mul_by_xi()
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
    if let Err(e) = check_ark(&mut rng) {
        eprintln!("field: hayate and arkworks disagree: {e}");
        return ExitCode::FAILURE;
    }
    println!(
        "check: hayate and arkworks (bn254) agree (representation and outputs, 200 random inputs)"
    );
    println!(
        "arkworks assembly (bmi2+adx at compile time): {}",
        cfg!(all(target_feature = "bmi2", target_feature = "adx"))
    );

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
    let (ac, ad, ac2, ad2) = (afq(&c), afq(&d), afq2(&c2), afq2(&d2));
    let mut rows: Vec<Row<'_>> = Vec::new();
    let bls = "bls12-381";
    let pb = "blst";
    rows.extend(with_peer(
        row(bls, "fp_mul", a, b, h381::mul),
        pb,
        x,
        y,
        b_mul,
    ));
    rows.extend(with_peer(
        row(bls, "fp_sqr", a, b, h381::sqr),
        pb,
        x,
        y,
        b_sqr,
    ));
    rows.extend(with_peer(
        row(bls, "fp_add", a, b, h381::add),
        pb,
        x,
        y,
        b_add,
    ));
    rows.extend(with_peer(
        row(bls, "fp_sub", a, b, h381::sub),
        pb,
        x,
        y,
        b_sub,
    ));
    rows.extend(with_peer(
        row(bls, "fp2_mul", a2, b2, h381::mul2),
        pb,
        x2,
        y2,
        b2_mul,
    ));
    rows.extend(with_peer(
        row(bls, "fp2_sqr", a2, b2, h381::sqr2),
        pb,
        x2,
        y2,
        b2_sqr,
    ));
    rows.extend(with_peer(
        row(bls, "fp2_add", a2, b2, h381::add2),
        pb,
        x2,
        y2,
        b2_add,
    ));
    rows.extend(row(bls, "fp2_xi", a2, b2, h381::xi2));
    let bn = "bn254";
    let pa = "ark";
    rows.extend(with_peer(
        row(bn, "fp_mul", c, d, h254::mul),
        pa,
        ac,
        ad,
        a_mul,
    ));
    rows.extend(with_peer(
        row(bn, "fp_sqr", c, d, h254::sqr),
        pa,
        ac,
        ad,
        a_sqr,
    ));
    rows.extend(with_peer(
        row(bn, "fp_add", c, d, h254::add),
        pa,
        ac,
        ad,
        a_add,
    ));
    rows.extend(with_peer(
        row(bn, "fp_sub", c, d, h254::sub),
        pa,
        ac,
        ad,
        a_sub,
    ));
    rows.extend(with_peer(
        row(bn, "fp2_mul", c2, d2, h254::mul2),
        pa,
        ac2,
        ad2,
        a2_mul,
    ));
    rows.extend(with_peer(
        row(bn, "fp2_sqr", c2, d2, h254::sqr2),
        pa,
        ac2,
        ad2,
        a2_sqr,
    ));
    rows.extend(with_peer(
        row(bn, "fp2_add", c2, d2, h254::add2),
        pa,
        ac2,
        ad2,
        a2_add,
    ));
    rows.extend(row(bn, "fp2_xi", c2, d2, h254::xi2));
    let be = "bn254-beuchat";
    rows.extend(row(be, "fp_mul", e, f, hbeu::mul));
    rows.extend(row(be, "fp_sqr", e, f, hbeu::sqr));
    rows.extend(row(be, "fp_add", e, f, hbeu::add));
    rows.extend(row(be, "fp_sub", e, f, hbeu::sub));
    rows.extend(row(be, "fp2_mul", e2, f2, hbeu::mul2));
    rows.extend(row(be, "fp2_sqr", e2, f2, hbeu::sqr2));
    rows.extend(row(be, "fp2_add", e2, f2, hbeu::add2));
    rows.extend(row(be, "fp2_xi", e2, f2, hbeu::xi2));

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
        "{:<14} {:<8} {:<5} {:>10} {:<5} {:>10} {:>8}",
        "field", "op", "mode", "hayate", "peer", "peer", "ratio"
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
            "{:<14} {:<8} {:<5} {:>10.1} {:<5} {} {}",
            r.field, r.op, r.mode, h, r.peer, bs, ratio
        );
    }
    println!("(TSC ticks per operation, medians of {rounds} rounds; ratio = hayate / peer)");
    ExitCode::SUCCESS
}

fn usage() -> ExitCode {
    eprintln!("usage: hayate-bench field [--rounds N] [--batch-us U]");
    ExitCode::from(2)
}

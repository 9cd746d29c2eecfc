//! Cycle counts of the field and curve operations of paper 004's Table 2 (Tanaka–Miyaji; see
//! SEEDS.md §004: MONT_MUL 40, INVERSE 258–290, AFFINE_ADD 385–417, AFFINE_DQ 788–820 cycles
//! on the FPGA at 214 MHz) measured in software with `rdtsc`, on the 256-bit fields of
//! secp256k1 and secp256r1 (the paper uses a 256-bit prime field):
//!
//! * Montgomery multiplication (`Fp::mul`) and squaring;
//! * inversion by Bernstein–Yang safegcd (constant time), by the binary extended GCD (variable
//!   time, the paper's inverter) and by Fermat — each timed per input over random inputs, with
//!   min / median / max across inputs to show (or rule out) data dependence;
//! * the complete affine addition and the affine double-quadruple, with safegcd inversion;
//! * one 256-bit scalar multiplication by the Jin–Miyaji ladder (safegcd and binary GCD), the
//!   Montgomery ladder and the fixed-window baseline, in cycles and ms, next to the paper's
//!   90.611 ms (plain C), 7.778 ms (GMP) and 0.638 ms (FPGA).
//!
//! `cargo run --release -p hayate-lab --example paper004_ops` (rdtsc counts reference cycles at
//! the TSC frequency, which may differ from the core clock under turbo/frequency scaling).

use std::hint::black_box as bb;
use std::time::Instant;

use hayate_arith::Field;
use hayate_ec::curves::{Secp256k1, Secp256r1};
use hayate_ec::ladder::{affine_add, affine_double_quadruple, SafeGcd};
use hayate_ec::{scalar_mul, Affine, CurveParams, Method, Projective};
use rand::{Rng, SeedableRng};

#[cfg(target_arch = "x86_64")]
#[inline(always)]
fn cycles() -> u64 {
    // SAFETY: lfence and rdtsc are available on every x86-64 CPU.
    unsafe {
        core::arch::x86_64::_mm_lfence();
        let t = core::arch::x86_64::_rdtsc();
        core::arch::x86_64::_mm_lfence();
        t
    }
}
#[cfg(not(target_arch = "x86_64"))]
fn cycles() -> u64 {
    0
}

/// Median cycles per call of `f` over `reps` batches of `batch` calls.
fn per_call(batch: usize, reps: usize, mut f: impl FnMut()) -> f64 {
    let mut v: Vec<f64> = (0..reps)
        .map(|_| {
            let t = cycles();
            for _ in 0..batch {
                f();
            }
            (cycles() - t) as f64 / batch as f64
        })
        .collect();
    v.sort_by(|a, b| a.partial_cmp(b).unwrap());
    v[v.len() / 2]
}

/// Per-input cycles of `f` (median of `reps` runs on the same input), then min/median/max
/// across inputs.
fn spread<T: Copy>(inputs: &[T], reps: usize, mut f: impl FnMut(T)) -> (u64, u64, u64) {
    let mut per_input: Vec<u64> = inputs
        .iter()
        .map(|&x| {
            let mut r: Vec<u64> = (0..reps)
                .map(|_| {
                    let t = cycles();
                    f(x);
                    cycles() - t
                })
                .collect();
            r.sort_unstable();
            r[reps / 2]
        })
        .collect();
    per_input.sort_unstable();
    (
        per_input[0],
        per_input[per_input.len() / 2],
        per_input[per_input.len() - 1],
    )
}

fn curve<C: CurveParams>() {
    let mut rng = rand::rngs::StdRng::seed_from_u64(4);
    let xs: Vec<C::Base> = (0..400).map(|_| C::Base::random(&mut rng)).collect();
    let (a, b) = (xs[0], xs[1]);
    println!("== {} ==", C::NAME);
    let mut acc = a;
    let mul = per_call(1000, 51, || acc = bb(acc * b));
    let sqr = per_call(1000, 51, || acc = bb(acc.square()));
    println!("  Montgomery mul               {mul:>8.1} cycles   (paper: MONT_MUL 40)");
    println!("  Montgomery square            {sqr:>8.1} cycles");
    let (lo, med, hi) = spread(&xs, 9, |x: C::Base| {
        bb(bb(x).invert_safegcd());
    });
    println!("  inversion, safegcd (CT)      min {lo:>6}  median {med:>6}  max {hi:>6} cycles over {} inputs", xs.len());
    let (lo, med, hi) = spread(&xs, 9, |x: C::Base| {
        bb(bb(x).invert_vartime());
    });
    println!("  inversion, binary GCD (VT)   min {lo:>6}  median {med:>6}  max {hi:>6} cycles   (paper: INVERSE 258-290)");
    let (lo, med, hi) = spread(&xs[..100], 5, |x: C::Base| {
        bb(bb(x).invert());
    });
    println!("  inversion, Fermat (CT)       min {lo:>6}  median {med:>6}  max {hi:>6} cycles");
    let pts: Vec<Affine<C>> = (0..64)
        .map(|_| {
            Projective::<C>::generator()
                .mul_vartime(&[rng.gen()])
                .to_affine()
        })
        .collect();
    let (lo, med, hi) = spread(&pts[1..], 9, |q: Affine<C>| {
        bb(affine_add::<C, SafeGcd>(&bb(pts[0]), &q));
    });
    println!("  affine add (safegcd)         min {lo:>6}  median {med:>6}  max {hi:>6} cycles   (paper: AFFINE_ADD 385-417)");
    let (lo, med, hi) = spread(&pts, 9, |q: Affine<C>| {
        bb(affine_double_quadruple::<C, SafeGcd>(&q));
    });
    println!("  affine double-quadruple      min {lo:>6}  median {med:>6}  max {hi:>6} cycles   (paper: AFFINE_DQ 788-820)");
    let p = Projective::<C>::generator();
    for m in [
        Method::JinMiyaji,
        Method::JinMiyajiBinaryGcd,
        Method::MontgomeryLadder,
        Method::FixedWindowCt,
    ] {
        let ks: Vec<Vec<u64>> = (0..21)
            .map(|_| (0..C::ORDER.len()).map(|_| rng.gen()).collect())
            .collect();
        let mut cyc: Vec<u64> = Vec::new();
        let mut ns: Vec<f64> = Vec::new();
        for k in &ks {
            let t = Instant::now();
            let c = cycles();
            let _ = bb(scalar_mul(m, &p, bb(k)));
            cyc.push(cycles() - c);
            ns.push(t.elapsed().as_secs_f64() * 1e3);
        }
        cyc.sort_unstable();
        ns.sort_by(|a, b| a.partial_cmp(b).unwrap());
        println!(
            "  scalar mult {:<18} median {:>9} cycles  {:>7.3} ms   (paper: 90.611 ms C, 7.778 ms GMP, 0.638 ms FPGA)",
            m.to_string(),
            cyc[cyc.len() / 2],
            ns[ns.len() / 2]
        );
    }
}

fn main() {
    curve::<Secp256k1>();
    curve::<Secp256r1>();
}

//! `hayate bench dudect [--quick] [--json]` and the report's section `ct`: dudect runs
//! ([`crate::dudect`]) of the constant-time entry points, each beside a deliberately
//! variable-time **positive control** timed on the same classes.
//!
//! | target | call | control |
//! |---|---|---|
//! | `ladder` | secp256k1 Jin–Miyaji ladder, safegcd ([`ladder::jin_miyaji`] with [`SafeGcd`]) | the same ladder with the binary-GCD inverter |
//! | `ecdh` | secp256k1 [`Projective::mul_ct_subgroup`] (what ECDH runs) | [`Projective::mul_vartime_wnaf`] |
//! | `g2` | BLS12-381 G2 [`Projective::mul_ct`] (GLS-SAC; IFMA column loop where the CPU has it) | G2 `mul_vartime` (GLS, interleaved wNAFs) |
//! | `gt` | BLS12-381 [`Gt::pow`] (4-dim. Frobenius split; IFMA cyclotomic squarings) | [`Gt::pow_vartime`] |
//! | `straus` | BLS12-381 G1 [`glv_lincomb_ct`]: 8 coordinates × 3 bases, 3 shared scalars (FAME/OT10 KeyGen and Encrypt; IFMA Straus lanes) | Σ G1 `mul_vartime` (GLV, joint wNAF) per term |
//!
//! **Classes.** Class 1 is a uniformly random scalar in [0, n) (all of a call's scalars for
//! `straus`); class 0 is one fixed scalar, each in a run of its own:
//! * `n-1`: the group order minus one;
//! * `1`: the scalar whose recodings repeat one digit: every ladder step reads bit 0, every
//!   signed odd-digit window of `ecdh` and `straus` holds the same digit and sign
//!   (J = 2^top: digit −(2^b − 1) everywhere below the top), every GLS-SAC column of `g2`
//!   the same table entry and sign (the case that kept the 6-limb IFMA kernels off), every
//!   window of `gt` the same digit;
//! * `0` (or `2` where 0 is a documented exception): all-zero windows. For `straus` 0 makes
//!   the result O, which the Straus loop detects and recomputes by complete formulas — public
//!   by design (the module docs of [`hayate_ec::glv_lincomb`]) — so the run uses 2, a small
//!   power of two with zero windows.
//!
//! The GLV/GLS targets decompose the scalar first, so all three fixed scalars become tiny
//! parts (0 or ±1) with repeated digits: they stress the same degenerate recoding from
//! different signs and parities. The bases and points are fixed public values (inputs the
//! classes share), prepared once; every call's input is prepared before timing.
//!
//! **Levels.** Full runs every fixed scalar of every target (about 100 s on the 2-vCPU EPYC
//! machine, docs/constant-time.md); Quick one per target ([`Target::quick`]), the class whose
//! control fires most reliably: `n-1` for the ladder — R\[1\] = (k + 1)P = O at the end, so
//! the last additions invert 0, which the binary GCD returns at once: a fixed mean shift —
//! and `1` elsewhere (the repeated-digit case, where every variable-time control skips
//! nearly all additions). For `1` and `0` the binary-GCD ladder sees pseudo-random
//! inversion inputs in both classes and separates them only through the fixed class's
//! constant inputs (its time does not vary, and its branch history repeats), which takes the
//! Full call count.
//!
//! **Verdict** ([`dudect::verdict`]): `leak` if the target's largest |t| (first or second
//! order, raw or cropped) reaches 4.5; otherwise `pass` only if the control's reached 10 on
//! the same classes and call count, else `inconclusive`.

use std::time::Instant;

use hayate_ec::curves::Secp256k1;
use hayate_ec::glv_lincomb::{glv_lincomb_ct, simd_available};
use hayate_ec::ladder::{self, BinaryGcdVartime, SafeGcd};
use hayate_ec::{Affine, CurveField, CurveParams, Projective};
use hayate_pairing::bls12_381::{Bls12381, G1Params, G2Params};
use hayate_pairing::Gt;
#[cfg(target_arch = "x86_64")]
use hayate_pairing::PairingCurve;
use rand::rngs::StdRng;
use rand::Rng;

use crate::dudect::{self, Analysis, Verdict};
use crate::timing::{json_str, stop_requested};

/// How much to measure.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Level {
    Full,
    Quick,
    /// Unit tests: a handful of calls per run (not a measurement).
    Tiny,
}

/// A fixed class-0 input.
pub struct Fixed {
    /// Short id (figure ids): `n-1`, `1`, `0`, `2`.
    pub id: &'static str,
    /// The scalar from the group order.
    pub scalar: fn(&[u64; 4]) -> [u64; 4],
}

const N_MINUS_1: Fixed = Fixed {
    id: "n-1",
    scalar: |n| {
        let mut k = *n;
        k[0] -= 1; // every order here is odd
        k
    },
};
const ONE: Fixed = Fixed {
    id: "1",
    scalar: |_| [1, 0, 0, 0],
};
const ZERO: Fixed = Fixed {
    id: "0",
    scalar: |_| [0; 4],
};
const TWO: Fixed = Fixed {
    id: "2",
    scalar: |_| [2, 0, 0, 0],
};

/// Measures one run of a target or its control.
type Runner = fn(Run<'_>) -> Analysis;

/// One constant-time entry point and its control.
pub struct Target {
    pub id: &'static str,
    /// What is timed.
    pub name: &'static str,
    /// The positive control.
    pub control: &'static str,
    pub classes: &'static [Fixed],
    /// The one class run at [`Level::Quick`]: the one whose control fires most reliably.
    pub quick: &'static str,
    /// Calls per run (both classes together) at Full and Quick; chosen so that every control
    /// reaches |t| ≥ 10 on the measuring machine (docs/experiments.md, "Constant-time measurement").
    pub calls: [usize; 2],
    /// The code path this process runs (CPU probes and switches as the library sees them).
    pub path: fn() -> String,
    order: [u64; 4],
    run: Runner,
}

fn limbs4(n: &[u64]) -> [u64; 4] {
    let mut k = [0u64; 4];
    k[..n.len().min(4)].copy_from_slice(&n[..n.len().min(4)]);
    k
}

/// Uniform in [0, n) (rejection sampling on the bit length of n).
fn below(n: &[u64; 4], rng: &mut StdRng) -> [u64; 4] {
    let top = (0..4).rev().find(|&i| n[i] != 0).unwrap_or(0);
    let mask = u64::MAX >> n[top].leading_zeros();
    loop {
        let mut k = [0u64; 4];
        for (i, l) in k.iter_mut().enumerate().take(top + 1) {
            *l = rng.gen::<u64>() & if i == top { mask } else { u64::MAX };
        }
        if (0..4).rev().map(|i| k[i].cmp(&n[i])).find(|o| o.is_ne())
            == Some(core::cmp::Ordering::Less)
        {
            return k;
        }
    }
}

/// A fixed public point: \[seed\]·G.
fn point<C: CurveParams>(seed: u64) -> Projective<C> {
    Projective::<C>::generator().mul_vartime(&[seed])
}

/// Why the IFMA kernels did not run: the CPU lacks AVX-512 IFMA, or a switch turned them off.
fn no_ifma() -> &'static str {
    #[cfg(target_arch = "x86_64")]
    if hayate_arith::backend::x86_64::ifma::cpu_has_ifma() {
        return "IFMA switched off";
    }
    "no AVX-512 IFMA on this CPU"
}

/// The path line of a target with an IFMA kernel: `ran: the field path` when the kernel runs,
/// else `field path; why not: not_run`.
fn ifma_path(ran: bool, ran_text: &str, not_run: &str) -> String {
    if ran {
        format!("{ran_text}: {}", field_path())
    } else {
        format!("{}; {}: {not_run}", field_path(), no_ifma())
    }
}

fn field_path() -> String {
    #[cfg(target_arch = "x86_64")]
    if hayate_arith::backend::x86_64::mulx::available() {
        return "MULX/ADX field kernels".into();
    }
    "portable field code".into()
}

#[cfg(target_arch = "x86_64")]
type Fp381 = <Bls12381 as PairingCurve<6>>::Fp;

/// One run: the fixed scalar, the number of calls, the seed of the class order and random
/// inputs, and whether the control is timed instead of the target.
#[derive(Clone, Copy)]
struct Run<'a> {
    fixed: &'a [u64; 4],
    calls: usize,
    seed: u64,
    control: bool,
}

impl Run<'_> {
    /// dudect on single-scalar calls: the fixed scalar vs uniform scalars below `order`.
    fn scalars<R>(self, order: &[u64], op: impl FnMut(&[u64; 4]) -> R) -> Analysis {
        let (n, f) = (limbs4(order), *self.fixed);
        let make = |c, rng: &mut StdRng| if c == 0 { f } else { below(&n, rng) };
        dudect::measure(self.calls, self.seed, &stop_requested, make, op)
    }
    /// [`Self::scalars`] of `ct` (the target) or, for the control, of `var`.
    fn pick<R1, R2>(
        self,
        order: &[u64],
        ct: impl FnMut(&[u64; 4]) -> R1,
        var: impl FnMut(&[u64; 4]) -> R2,
    ) -> Analysis {
        if self.control {
            self.scalars(order, var)
        } else {
            self.scalars(order, ct)
        }
    }
}

/// The fixed public point's multiplier.
const POINT: u64 = 0x1234_5678_9abc_def1;

fn run_ladder(r: Run<'_>) -> Analysis {
    let p = point::<Secp256k1>(POINT).to_affine();
    r.pick(
        Secp256k1::ORDER,
        |k| ladder::jin_miyaji::<Secp256k1, SafeGcd>(&p, k, 256),
        |k| ladder::jin_miyaji::<Secp256k1, BinaryGcdVartime>(&p, k, 256),
    )
}

fn run_ecdh(r: Run<'_>) -> Analysis {
    let p = point::<Secp256k1>(POINT);
    let ct = |k: &[u64; 4]| p.mul_ct_subgroup(k);
    r.pick(Secp256k1::ORDER, ct, |k| p.mul_vartime_wnaf(k))
}

fn run_g2(r: Run<'_>) -> Analysis {
    let q = point::<G2Params>(POINT);
    r.pick(G2Params::ORDER, |k| q.mul_ct(k), |k| q.mul_vartime(k))
}

fn run_gt(r: Run<'_>) -> Analysis {
    let x = Gt::<Bls12381, 6>::generator().pow_vartime(&[POINT]);
    r.pick(G1Params::ORDER, |k| x.pow(k), |k| x.pow_vartime(k))
}

/// Coordinates and shared scalars of the `straus` target (one full batch of eight lanes).
const STRAUS_COORDS: usize = 8;
const STRAUS_SCALARS: usize = 3;

fn run_straus(r: Run<'_>) -> Analysis {
    let bases: Vec<Vec<Affine<G1Params>>> = (0..STRAUS_COORDS)
        .map(|j| {
            (0..STRAUS_SCALARS)
                .map(|k| {
                    point::<G1Params>(0x9e37_79b9 + (j * STRAUS_SCALARS + k) as u64).to_affine()
                })
                .collect()
        })
        .collect();
    let coords: Vec<&[Affine<G1Params>]> = bases.iter().map(|v| v.as_slice()).collect();
    let n = limbs4(G1Params::ORDER);
    let f = *r.fixed;
    let make = |c: u8, rng: &mut StdRng| -> [[u64; 4]; STRAUS_SCALARS] {
        core::array::from_fn(|_| if c == 0 { f } else { below(&n, rng) })
    };
    if r.control {
        dudect::measure(r.calls, r.seed, &stop_requested, make, |s| {
            coords
                .iter()
                .map(|c| {
                    c.iter()
                        .zip(s)
                        .fold(Projective::<G1Params>::identity(), |acc, (p, k)| {
                            acc.add(&Projective::from(*p).mul_vartime(k))
                        })
                })
                .collect::<Vec<_>>()
        })
    } else {
        dudect::measure(r.calls, r.seed, &stop_requested, make, |s| {
            glv_lincomb_ct(&coords, s)
        })
    }
}

/// The targets, in report order.
pub fn targets() -> [Target; 5] {
    [
        Target {
            id: "ladder",
            name: "secp256k1 Jin–Miyaji ladder (safegcd)",
            control: "same ladder, binary-GCD inverter",
            classes: &[N_MINUS_1, ONE, ZERO],
            quick: "n-1",
            calls: [10000, 3000],
            path: || format!("{}; safegcd inversion", field_path()),
            order: limbs4(Secp256k1::ORDER),
            run: run_ladder,
        },
        Target {
            id: "ecdh",
            name: "secp256k1 mul_ct_subgroup (ECDH)",
            control: "mul_vartime_wnaf",
            classes: &[N_MINUS_1, ONE, ZERO],
            quick: "1",
            calls: [20000, 8000],
            path: field_path,
            order: limbs4(Secp256k1::ORDER),
            run: run_ecdh,
        },
        Target {
            id: "g2",
            name: "BLS12-381 G2 mul_ct (GLS-SAC)",
            control: "G2 mul_vartime",
            classes: &[N_MINUS_1, ONE, ZERO],
            quick: "1",
            calls: [8000, 4000],
            path: || {
                ifma_path(
                    <<G2Params as CurveParams>::Base as CurveField>::has_sac_columns(),
                    "IFMA column loop (ifma::g2) for the exception-free columns; table and last columns",
                    "ifma::g2 column loop not run",
                )
            },
            order: limbs4(G2Params::ORDER),
            run: run_g2,
        },
        Target {
            id: "gt",
            name: "BLS12-381 Gt::pow",
            control: "Gt::pow_vartime",
            classes: &[N_MINUS_1, ONE, ZERO],
            quick: "1",
            calls: [6000, 3000],
            path: || {
                #[cfg(target_arch = "x86_64")]
                let ran = hayate_arith::backend::x86_64::ifma::sqr_applies::<Fp381, 6>();
                #[cfg(not(target_arch = "x86_64"))]
                let ran = false;
                ifma_path(
                    ran,
                    "IFMA cyclotomic squarings (ifma::cyclo_sqr); Fp12 products",
                    "IFMA cyclotomic squarings not run",
                )
            },
            order: limbs4(G1Params::ORDER),
            run: run_gt,
        },
        Target {
            id: "straus",
            name: "BLS12-381 G1 glv_lincomb_ct, 8 × 3 terms",
            control: "Σ G1 mul_vartime",
            classes: &[N_MINUS_1, ONE, TWO],
            quick: "1",
            calls: [3000, 2000],
            path: || {
                ifma_path(
                    simd_available::<G1Params>(),
                    "IFMA Straus lanes (ifma::straus); tables and recoding",
                    "scalar Straus loop, not the ifma::straus lanes",
                )
            },
            order: limbs4(G1Params::ORDER),
            run: run_straus,
        },
    ]
}

/// One measured class pair of a target.
pub struct Row {
    pub target: &'static str,
    pub name: &'static str,
    pub control_name: &'static str,
    pub path: String,
    /// The fixed scalar's id.
    pub fixed: &'static str,
    pub calls: usize,
    pub ct: Analysis,
    pub control: Analysis,
    pub verdict: Verdict,
    /// Wall-clock seconds of the two runs.
    pub seconds: f64,
}

impl Row {
    /// Figure-id prefix: `ct.<target>.<fixed>`.
    pub fn id(&self) -> String {
        format!("ct.{}.{}", self.target, self.fixed)
    }
}

/// Calls per run of `t` at `level`.
pub fn calls(t: &Target, level: Level) -> usize {
    match level {
        Level::Full => t.calls[0],
        Level::Quick => t.calls[1],
        Level::Tiny => 8,
    }
}

/// The fixed classes of `t` run at `level` (all of them, or at Quick the one named by
/// [`Target::quick`]), further restricted to `fixed` when given.
fn classes_at<'a>(t: &'a Target, level: Level, fixed: Option<&[&str]>) -> Vec<(usize, &'a Fixed)> {
    t.classes
        .iter()
        .enumerate()
        .filter(|(_, f)| level != Level::Quick || f.id == t.quick)
        .filter(|(_, f)| fixed.is_none_or(|x| x.contains(&f.id)))
        .collect()
}

/// Progress steps of [`run`] (two per run: target and control).
pub fn steps(level: Level, only: Option<&[&str]>, fixed: Option<&[&str]>) -> u64 {
    targets()
        .iter()
        .filter(|t| only.is_none_or(|o| o.contains(&t.id)))
        .map(|t| 2 * classes_at(t, level, fixed).len() as u64)
        .sum()
}

/// Measures the selected fixed classes (`None`: those of the level, see [`Target::quick`]) of
/// the selected targets (`None`: all), each target run followed by its control's.
pub fn run(
    level: Level,
    only: Option<&[&str]>,
    fixed: Option<&[&str]>,
    step: &mut dyn FnMut(&str),
) -> Vec<Row> {
    let mut rows = Vec::new();
    for t in targets() {
        if only.is_some_and(|o| !o.contains(&t.id)) {
            continue;
        }
        let path = (t.path)();
        for (ci, f) in classes_at(&t, level, fixed) {
            if stop_requested() {
                return rows;
            }
            let n = calls(&t, level);
            let k = (f.scalar)(&t.order);
            let seed = 0x00d0_dec7 ^ ((ci as u64) << 8);
            let start = Instant::now();
            step(&format!("dudect: {} (fixed {})", t.id, f.id));
            let mut r = Run {
                fixed: &k,
                calls: n,
                seed,
                control: false,
            };
            let ct = (t.run)(r);
            step(&format!("dudect: {} control (fixed {})", t.id, f.id));
            r.control = true;
            let control = (t.run)(r);
            let verdict = dudect::verdict(ct.max().t, control.max().t);
            rows.push(Row {
                target: t.id,
                name: t.name,
                control_name: t.control,
                path: path.clone(),
                fixed: f.id,
                calls: n,
                ct,
                control,
                verdict,
                seconds: start.elapsed().as_secs_f64(),
            });
        }
    }
    rows
}

/// One JSON line per row.
pub fn json_line(r: &Row, quick: bool) -> String {
    format!(
        "{{\"suite\":\"dudect\",\"target\":{},\"path\":{},\"fixed\":{},\"calls\":{},\"t1\":{:.2},\"t2\":{:.2},\"max_test\":{},\"control_t\":{:.2},\"verdict\":{},\"seconds\":{:.2},\"quick\":{}}}",
        json_str(r.target),
        json_str(&r.path),
        json_str(r.fixed),
        r.calls,
        r.ct.first.abs(),
        r.ct.second.abs(),
        json_str(&r.ct.max().test()),
        r.control.max().abs(),
        json_str(r.verdict.as_str()),
        r.seconds,
        quick
    )
}

/// The rows as a text table.
pub fn print_rows(rows: &[Row]) {
    println!(
        "{:<8} {:<5} {:>6} {:>8} {:>8}  {:<22} {:>9}  {:<12} {:>6}  path",
        "target", "fixed", "calls", "|t| 1st", "|t| 2nd", "largest at", "control", "verdict", "s"
    );
    for r in rows {
        println!(
            "{:<8} {:<5} {:>6} {:>8.2} {:>8.2}  {:<22} {:>9.2}  {:<12} {:>6.1}  {}",
            r.target,
            r.fixed,
            r.calls,
            r.ct.first.abs(),
            r.ct.second.abs(),
            r.ct.max().test(),
            r.control.max().abs(),
            r.verdict.as_str(),
            r.seconds,
            r.path
        );
    }
}

/// Entry point of `hayate bench dudect`.
pub fn main(json: bool, quick: bool) {
    let level = if quick { Level::Quick } else { Level::Full };
    let mut quiet = |_: &str| {};
    let start = Instant::now();
    let rows = run(level, None, None, &mut quiet);
    if json {
        for r in &rows {
            println!("{}", json_line(r, quick));
        }
        return;
    }
    println!(
        "hayate bench dudect{} — fixed vs random inputs; leak: |t| ≥ {}; a run counts only if its control reaches |t| ≥ {}",
        if quick { " (quick: indicative)" } else { "" },
        dudect::LEAK_T,
        dudect::CONTROL_T
    );
    print_rows(&rows);
    println!("({:.0} s)", start.elapsed().as_secs_f64());
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;

    #[test]
    fn random_scalars_are_below_the_order_and_fixed_ones_are_right() {
        let mut rng = StdRng::seed_from_u64(1);
        for t in targets() {
            for _ in 0..200 {
                let k = below(&t.order, &mut rng);
                assert!(
                    (0..4)
                        .rev()
                        .map(|i| k[i].cmp(&t.order[i]))
                        .find(|o| o.is_ne())
                        == Some(core::cmp::Ordering::Less)
                );
            }
            let m = (N_MINUS_1.scalar)(&t.order);
            assert_eq!(m[0] + 1, t.order[0]);
            assert_eq!(m[1..], t.order[1..]);
        }
        // a small order: rejection keeps the values in range and reaches the top ones
        let n = [11, 0, 0, 0];
        let seen: std::collections::BTreeSet<u64> =
            (0..500).map(|_| below(&n, &mut rng)[0]).collect();
        assert_eq!(seen.len(), 11);
    }

    #[test]
    fn tiny_run_covers_every_target_and_class() {
        let mut names = Vec::new();
        let rows = run(Level::Tiny, None, None, &mut |s| names.push(s.to_string()));
        assert_eq!(rows.len(), 15);
        assert_eq!(names.len() as u64, steps(Level::Tiny, None, None));
        for r in &rows {
            assert_eq!(r.calls, 8);
            assert!(!r.path.is_empty());
            // 8 calls: no crop has 20 measurements per class, so no statistic, no verdict
            assert_eq!(r.verdict, Verdict::Inconclusive);
            let v: serde_json::Value = serde_json::from_str(&json_line(r, true)).unwrap();
            assert_eq!(v["suite"], "dudect");
        }
        let only = run(Level::Tiny, Some(&["ecdh"]), None, &mut |_| {});
        assert_eq!(only.len(), 3);
        let one = run(
            Level::Tiny,
            Some(&["ladder", "g2"]),
            Some(&["1"]),
            &mut |_| {},
        );
        assert_eq!(
            one.iter().map(|r| (r.target, r.fixed)).collect::<Vec<_>>(),
            [("ladder", "1"), ("g2", "1")]
        );
        assert_eq!(steps(Level::Tiny, Some(&["ecdh"]), None), 6);
        // Quick: one class per target
        assert_eq!(steps(Level::Quick, None, None), 10);
        assert_eq!(steps(Level::Quick, Some(&["ladder"]), Some(&["1"])), 0);
        for t in targets() {
            assert_eq!(classes_at(&t, Level::Quick, None).len(), 1, "{}", t.id);
        }
    }
}

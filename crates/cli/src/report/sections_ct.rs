//! Section `ct` of the report: constant-time evidence by dudect ([`crate::dudect`]) for the
//! constant-time entry points of [`crate::bench_dudect`] — the secp256k1 Jin–Miyaji ladder
//! and ECDH multiplication, and the AVX-512 IFMA entry points (BLS12-381 G2 `mul_ct`,
//! `Gt::pow`, the G1 Straus lanes of `glv_lincomb_ct`) — each fixed-vs-random run beside a
//! variable-time positive control on the same classes.
//!
//! Figure ids: `ct.<target>.<fixed>.t1` / `.t2` (largest |t| of the first and second order),
//! `.control` (the control's largest |t|), `.counts` (1 when the control reached |t| ≥ 10, so
//! the run counts; 0 when it is inconclusive), `.calls`.

use super::model::{status, Section, Table};
use super::{Ctx, Level};
use crate::bench_dudect::{self as bd, Row};
use crate::dudect::{self, Verdict};

/// The section's title.
pub const TITLE: &str = "Constant-time evidence: dudect with positive controls";

/// Progress steps of [`section`].
pub fn steps(l: Level) -> u64 {
    bd::steps(level(l), None, None)
}

fn level(l: Level) -> bd::Level {
    match l {
        Level::Full => bd::Level::Full,
        Level::Quick => bd::Level::Quick,
        Level::Tiny => bd::Level::Tiny,
    }
}

/// Measures and lays out the section.
pub fn section(ctx: &mut Ctx) -> Section {
    let mut s = Section::new("ct", TITLE);
    let progress = &*ctx.progress;
    let mut step = |w: &str| progress.step(w);
    let rows = bd::run(level(ctx.level), None, None, &mut step);
    s.tables.push(table(ctx, &rows));
    let counted = rows
        .iter()
        .filter(|r| r.verdict != Verdict::Inconclusive)
        .count();
    let leaks: Vec<String> = rows
        .iter()
        .filter(|r| r.verdict == Verdict::Leak)
        .map(|r| format!("{} (fixed {})", r.target, r.fixed))
        .collect();
    s.notes.push(format!(
        "{counted} of {} runs count (control |t| ≥ {}); {}.",
        rows.len(),
        dudect::CONTROL_T,
        if leaks.is_empty() {
            "no counted run separates its classes".to_string()
        } else {
            format!("|t| ≥ {} in: {}", dudect::LEAK_T, leaks.join(", "))
        }
    ));
    if ctx.level != Level::Full {
        s.notes.push(
            "Quick run: one fixed scalar per target and fewer calls per run, so weaker controls; the verdicts are indicative (a run whose control stays below 10 is marked inconclusive, not passed). The full run times every fixed scalar.".into(),
        );
    }
    s.status = status::MEASURED.into();
    s
}

fn table(ctx: &mut Ctx, rows: &[Row]) -> Table {
    let mut t = Table::new(
        "ct-dudect",
        "dudect: fixed scalar (class 0) vs uniformly random scalars (class 1), interleaved",
        &[
            ("target", 0),
            ("code path on this machine", 0),
            ("fixed scalar", 0),
            ("calls", 0),
            ("max |t| 1st order", 2),
            ("max |t| 2nd order", 2),
            ("largest |t| at", 0),
            ("positive control", 0),
            ("control max |t|", 2),
            ("verdict", 0),
        ],
    );
    for r in rows {
        t.row(vec![
            r.name.into(),
            r.path.clone().into(),
            r.fixed.into(),
            (r.calls as f64).into(),
            r.ct.first.abs().into(),
            r.ct.second.abs().into(),
            r.ct.max().test().into(),
            r.control_name.into(),
            r.control.max().abs().into(),
            r.verdict.as_str().into(),
        ]);
        let id = r.id();
        ctx.fig(format!("{id}.t1"), r.ct.first.abs(), "t");
        ctx.fig(format!("{id}.t2"), r.ct.second.abs(), "t");
        ctx.fig(format!("{id}.control"), r.control.max().abs(), "t");
        ctx.fig(
            format!("{id}.counts"),
            if r.verdict == Verdict::Inconclusive {
                0.0
            } else {
                1.0
            },
            "bool",
        );
        ctx.fig(format!("{id}.calls"), r.calls as f64, "calls");
    }
    t.note = format!(
        "Each run: the calls (both classes together) in random class order, every input prepared before timing, one fenced rdtsc pair per call. Statistics: Welch's t on the raw cycle counts and on 100 percentile crops (dudect's), first order (means) and second order (t-test on the centred squares (x − mean of its class)², i.e. the variances); the table gives the largest |t| of each order and the test that gave the larger one. Leak: |t| ≥ {}. A run counts only if its positive control — a variable-time counterpart timed on the same classes and call count — reaches |t| ≥ {}; otherwise it is inconclusive, whatever the target's |t|. Fixed scalars: n−1; 1 (one repeated digit in every recoding: same ladder bit, same signed window digit, same GLS-SAC column entry and sign); 0, or 2 for glv_lincomb_ct, where 0 makes the result O, which it recomputes by complete formulas (public by design). The code path is what the library selects in this process (CPU probes, HAYATE_ARITH_BACKEND / HAYATE_ARITH_IFMA). Valgrind cannot execute AVX-512 instructions, so for the IFMA rows this table is the timing evidence. `hayate bench dudect` runs the same measurement alone.",
        dudect::LEAK_T,
        dudect::CONTROL_T
    );
    t
}

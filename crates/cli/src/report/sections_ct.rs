//! Section `ct` of the report: constant-time evidence by dudect ([`crate::dudect`]) for the
//! constant-time entry points of [`crate::bench_dudect`] — the secp256k1 Jin–Miyaji ladder
//! and ECDH multiplication, and the AVX-512 IFMA entry points (BLS12-381 G2 `mul_ct`,
//! `Gt::pow`, the G1 Straus lanes of `glv_lincomb_ct`) — each fixed-vs-random run beside a
//! variable-time positive control on the same classes.
//!
//! A second table prints the rows of `docs/constant-time.md` (operation → code path → evidence)
//! for the CPU class this process runs in ([`cpu_class`]).
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
pub fn section(ctx: &mut Ctx<'_>) -> Section {
    let mut s = Section::new("ct", TITLE);
    let progress = &*ctx.progress;
    let mut step = |w: &str| progress.step(w);
    let rows = bd::run(level(ctx.level), None, None, &mut step);
    s.tables.push(evidence_table(cpu_class()));
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

fn table(ctx: &mut Ctx<'_>, rows: &[Row]) -> Table {
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
        "Each run: the calls (both classes together) in random class order, every input prepared before timing, one fenced rdtsc pair per call. Statistics: Welch's t on the raw cycle counts and on 100 percentile crops (dudect's), first order (means) and second order (t-test on the centred squares (x − mean of its class)², i.e. the variances); the table gives the largest |t| of each order and the test that gave the larger one. Leak: |t| ≥ {}. A run counts only if its positive control — a variable-time counterpart timed on the same classes and call count — reaches |t| ≥ {}; otherwise it is inconclusive, whatever the target's |t|. Fixed scalars: n−1; 1 (one repeated digit in every recoding: same ladder bit, same signed window digit, same GLS-SAC column entry and sign); 0, or 2 for glv_lincomb_ct, where 0 makes the result O, which it recomputes by complete formulas (public by design). The code path is what the library selects in this process (CPU probes, and a build forced with --cfg hayate_backend). Valgrind cannot execute AVX-512 instructions: for the IFMA rows this table is the timing evidence, and the instruction traces of `crates/ct/tests/trace.rs` (every executed instruction and memory address identical for every secret input, on the path the machine runs) the control-flow and address evidence. `hayate bench dudect` runs the same measurement alone.",
        dudect::LEAK_T,
        dudect::CONTROL_T
    );
    t
}

/// `docs/constant-time.md`, built in: its operations table is printed for this machine.
const CT_DOC: &str = include_str!("../../../../docs/constant-time.md");

/// The CPU class of `docs/constant-time.md` that the library selects in this process: 'A' with
/// the MULX/ADX assembly and the AVX-512 IFMA kernels, 'B' with the assembly only, 'C' with
/// neither (the portable code; also what a build with `--cfg hayate_backend="portable"` runs).
pub fn cpu_class() -> char {
    let a = hayate_arith::backend::active();
    match (a.mulx_adx, a.avx512_ifma) {
        (true, true) => 'A',
        (true, false) => 'B',
        _ => 'C',
    }
}

/// The rows of the operations table of `doc` (a Markdown table whose header is `| operation |
/// class A | class B | class C | evidence |`): (operation, the three paths, evidence).
fn operations(doc: &str) -> Vec<[String; 5]> {
    let mut lines = doc
        .lines()
        .skip_while(|l| !l.starts_with("| operation | class A | class B | class C |"))
        .skip(2);
    let mut out = Vec::new();
    for l in lines.by_ref() {
        let Some(inner) = l.trim().strip_prefix('|').and_then(|r| r.strip_suffix('|')) else {
            break;
        };
        let cells: Vec<String> = inner.split(" | ").map(|c| c.trim().to_string()).collect();
        if let Ok(row) = <[String; 5]>::try_from(cells) {
            out.push(row);
        }
    }
    out
}

/// Markdown emphasis and code marks removed (the report renders cells as text).
fn plain(s: &str) -> String {
    s.replace("**", "").replace('`', "")
}

/// The evidence table for `class` ('A', 'B' or 'C').
fn evidence_table(class: char) -> Table {
    let col = match class {
        'A' => 1,
        'B' => 2,
        _ => 3,
    };
    let mut t = Table::new(
        "ct-evidence",
        &format!("Secret-handling operations on this machine (CPU class {class}): code path and evidence"),
        &[("operation", 0), ("code path on this machine", 0), ("evidence", 0)],
    );
    for r in operations(CT_DOC) {
        let path = if r[col] == "same" {
            &r[col - 1]
        } else {
            &r[col]
        };
        t.row(vec![
            plain(&r[0]).into(),
            plain(path).into(),
            plain(&r[4]).into(),
        ]);
    }
    t.note = format!(
        "From docs/constant-time.md (built into this binary). Class {class}: {}. The evidence column names the tests that cover the path (crates/ct: valgrind on the payload in two builds, the disassembly check; run by the test command, not by this report) and the dudect runs of the table below, which this report measures.",
        match class {
            'A' => "MULX/ADCX/ADOX assembly and AVX-512 IFMA kernels",
            'B' => "MULX/ADCX/ADOX assembly, no AVX-512 IFMA kernels",
            _ => "portable code only",
        }
    );
    t
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_operations_table_is_read_for_every_class() {
        let ops = operations(CT_DOC);
        assert!(ops.len() >= 10, "only {} rows read", ops.len());
        for class in ['A', 'B', 'C'] {
            let t = evidence_table(class);
            assert_eq!(t.rows.len(), ops.len());
            for r in &t.rows {
                for c in r {
                    let text = format!("{c:?}");
                    assert!(!text.contains("\"\""), "empty cell in {r:?}");
                    assert!(!text.contains("\"same\""), "unresolved 'same' in {r:?}");
                }
            }
        }
        // the classes differ where the docs say they do (G2 mul_ct on BLS12-381: IFMA on A only)
        let g2 = |class| {
            evidence_table(class)
                .rows
                .iter()
                .map(|r| format!("{r:?}"))
                .find(|r| r.contains("G2 mul_ct (GLS), BLS12-381"))
                .expect("the G2 row")
        };
        assert!(g2('A').contains("IFMA") && !g2('B').contains("IFMA columns"));
        assert!(g2('C').contains("portable"));
    }

    #[test]
    fn a_malformed_table_gives_no_rows() {
        assert!(operations("no table here").is_empty());
        let doc = "| operation | class A | class B | class C | evidence |\n|---|---|---|---|---|\n| x | a | same | c | e |\n| short | row |\n\ntext";
        let ops = operations(doc);
        assert_eq!(ops.len(), 1);
        assert_eq!(evidence_table('B').rows.len(), operations(CT_DOC).len());
    }
}

//! `hayate report [--quick] [--out DIR] [--only SECTION] [--compare OLD NEW]`: the evaluation
//! as one command. Measures what the five papers measured, on this machine, and
//! writes `report.md`, a self-contained `report.html`, `results.json` (schema in
//! [`model`]) and the charts (SVG and PNG) into DIR (default `report/`).
//!
//! * Full run: under 10 minutes on a 2-core machine; `--quick`: under a minute, fewer
//!   repetitions, marked as such in every output.
//! * Progress: one bar for the run and one for the current section, naming the operation.
//! * Ctrl-C: the measurement in progress stops after its current batch, the remaining sections
//!   are marked `interrupted`, and the files are still written (`"complete": false`). A second
//!   Ctrl-C exits at once.
//! * `--compare OLD.json NEW.json`: prints NEW/OLD for every figure present in both.
//!
//! The sections live in [`sections`]; each uses the same measuring code as the matching
//! `hayate bench` suite.

pub mod charts;
pub mod compare;
pub mod hw004;
pub mod machine;
pub mod model;
pub mod progress;
pub mod render;
pub mod sections;
pub mod sections_bls;
pub mod sections_ct;
pub mod sections_fe;

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::{SystemTime, UNIX_EPOCH};

use clap::Args;

use model::{status, Figure, Results, Section};
use progress::Progress;

#[derive(Args, Debug)]
pub struct ReportArgs {
    /// Fewer repetitions: finishes in under a minute; figures are marked as quick.
    #[arg(long)]
    pub quick: bool,
    /// Output directory (created if missing).
    #[arg(long, default_value = "report")]
    pub out: PathBuf,
    /// Only these sections (comma-separated): 000, 001, 002, 003, 004, or pairing (000, 001),
    /// fe (000), ecc (002, 004), aead (003), bls (BLS signatures), ct or dudect (constant-time
    /// evidence).
    #[arg(long, value_delimiter = ',')]
    pub only: Vec<String>,
    /// Compare two results.json files (no measurement): prints NEW/OLD per figure.
    #[arg(long, num_args = 2, value_names = ["OLD", "NEW"])]
    pub compare: Option<Vec<PathBuf>>,
}

/// How much work each measurement does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Level {
    Full,
    Quick,
    /// Unit tests: the smallest workloads that exercise every code path.
    Tiny,
}

/// What a section sees while it runs.
pub struct Ctx<'a> {
    pub level: Level,
    pub progress: &'a mut Progress,
    pub figures: Vec<Figure>,
}

impl Ctx<'_> {
    /// Records a figure under `id` (only finite values).
    pub fn fig(&mut self, id: impl Into<String>, value: f64, unit: &str) {
        if value.is_finite() {
            self.figures.push(Figure {
                id: id.into(),
                value,
                unit: unit.into(),
                min: None,
                max: None,
                samples: None,
            });
        }
    }
    /// Records a time measurement (ns per call) with its spread over the batches.
    pub fn fig_ns(&mut self, id: impl Into<String>, m: &crate::timing::Measurement) {
        if m.median_ns.is_finite() {
            self.figures.push(Figure {
                id: id.into(),
                value: m.median_ns,
                unit: "ns".into(),
                min: Some(m.min_ns),
                max: Some(m.max_ns),
                samples: Some(m.samples),
            });
        }
    }
}

/// The section ids, in report order.
pub const SECTION_IDS: [&str; 7] = ["000", "001", "002", "003", "004", "bls", "ct"];

/// Expands `--only` values to section ids; an unknown name is an error.
pub fn select(only: &[String]) -> Result<Vec<&'static str>, String> {
    if only.is_empty() {
        return Ok(SECTION_IDS.to_vec());
    }
    let mut ids = Vec::new();
    for o in only {
        let o = o.trim().to_ascii_lowercase();
        let o = o.trim_start_matches('p');
        let add: &[&'static str] = match o {
            "000" | "0" => &["000"],
            "001" | "1" => &["001"],
            "002" | "2" => &["002"],
            "003" | "3" => &["003"],
            "004" | "4" => &["004"],
            "airing" => &["000", "001"], // "pairing" after trim_start_matches('p')
            "fe" => &["000"],
            "ecc" => &["002", "004"],
            "aead" => &["003"],
            "bls" => &["bls"],
            "ct" | "dudect" => &["ct"],
            _ => {
                return Err(format!(
                    "unknown section {o:?} (use 000–004, pairing, fe, ecc, aead, bls, ct)"
                ))
            }
        };
        for id in add {
            if !ids.contains(id) {
                ids.push(*id);
            }
        }
    }
    ids.sort();
    Ok(ids)
}

/// Runs the selected sections at `level` and assembles the results (no files written).
pub fn measure(level: Level, ids: &[&str], visible: bool) -> Results {
    let machine = machine::describe(if level == Level::Tiny { 2 } else { 200 });
    let mut progress = Progress::new(ids.len() as u64, visible);
    let mut ctx = Ctx {
        level,
        progress: &mut progress,
        figures: Vec::new(),
    };
    let mut out: Vec<Section> = Vec::new();
    let mut pairing_cache = None;
    for id in SECTION_IDS {
        if !ids.contains(&id) {
            let (title, _) = sections::title(id);
            let mut s = Section::new(id, title);
            s.status = status::SKIPPED.into();
            out.push(s);
            continue;
        }
        let (title, steps) = sections::title(id);
        let steps = steps(level);
        ctx.progress.start_section(id, steps);
        let mut s = if crate::timing::stop_requested() {
            let mut s = Section::new(id, title);
            s.status = status::INTERRUPTED.into();
            s
        } else {
            sections::run(id, &mut ctx, &mut pairing_cache)
        };
        if crate::timing::stop_requested() && s.status == status::MEASURED {
            s.status = status::INTERRUPTED.into();
        }
        out.push(s);
    }
    let figures = std::mem::take(&mut ctx.figures);
    progress.finish();
    let method = model::Method {
        description: match level {
            Level::Full => "Every time is the median per call over repeated batches, each batch sized to a target duration: pairing/group operations 15 batches of 20 ms, AEAD 201 batches of 0.1 ms per length, ECC 11 batches of 3 ms, FE 11 batches of 200 ms (scaling: 5), dudect (section ct) 3000–20000 single calls per run. Single core unless a row says two threads. Cycles are TSC ticks (rdtsc), i.e. reference cycles at the nominal clock.",
            Level::Quick => "QUICK: few batches per figure; indicative only. Medians over batches; cycles are TSC ticks (rdtsc).",
            Level::Tiny => "TINY (test workload): one batch per figure; not a measurement.",
        }
        .into(),
        statistic: "median per call".into(),
        spread: "min–max of the per-call times over the batches: `min`/`max` (with `samples`) of each time figure in results.json".into(),
    };
    Results {
        schema: model::SCHEMA.into(),
        hayate_version: env!("CARGO_PKG_VERSION").into(),
        git_revision: env!("HAYATE_GIT_REVISION").into(),
        generated_unix: SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map(|d| d.as_secs())
            .unwrap_or(0),
        quick: level != Level::Full,
        complete: !crate::timing::stop_requested(),
        machine,
        method,
        sections: out,
        figures,
    }
}

/// Draws the charts and writes results.json, report.md and report.html into `dir`.
pub fn write(results: &mut Results, dir: &Path) -> Result<(), String> {
    std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    for s in &mut results.sections {
        let mut notes = Vec::new();
        for c in &mut s.charts {
            match charts::render(c, dir) {
                Ok(files) => c.files = files,
                Err(e) => {
                    c.files.clear();
                    notes.push(format!("chart {}: {e}", c.id));
                }
            }
        }
        s.notes.extend(notes);
    }
    let json = serde_json::to_string_pretty(results).map_err(|e| e.to_string())?;
    let put = |name: &str, text: &str| {
        std::fs::write(dir.join(name), text)
            .map_err(|e| format!("{}: {e}", dir.join(name).display()))
    };
    put("results.json", &json)?;
    put("report.md", &render::markdown(results))?;
    put("report.html", &render::html(results, dir))?;
    Ok(())
}

/// Entry point of `hayate report`.
pub fn run(a: ReportArgs) -> ExitCode {
    if let Some(files) = &a.compare {
        let (Some(old), Some(new)) = (files.first(), files.get(1)) else {
            eprintln!("hayate report --compare: need OLD.json and NEW.json");
            return ExitCode::FAILURE;
        };
        return match (compare::load(old), compare::load(new)) {
            (Ok(o), Ok(n)) => {
                print!("{}", compare::format(&o, &n, &compare::compare(&o, &n)));
                ExitCode::SUCCESS
            }
            (Err(e), _) | (_, Err(e)) => {
                eprintln!("hayate report: {e}");
                ExitCode::FAILURE
            }
        };
    }
    let ids = match select(&a.only) {
        Ok(ids) => ids,
        Err(e) => {
            eprintln!("hayate report: {e}");
            return ExitCode::FAILURE;
        }
    };
    // First Ctrl-C: stop measuring and write what we have; second: exit at once.
    let _ = ctrlc::set_handler(|| {
        if crate::timing::stop_requested() {
            std::process::exit(130);
        }
        crate::timing::request_stop();
    });
    let level = if a.quick { Level::Quick } else { Level::Full };
    let visible = std::io::IsTerminal::is_terminal(&std::io::stderr());
    let mut results = measure(level, &ids, visible);
    if let Err(e) = write(&mut results, &a.out) {
        eprintln!("hayate report: {e}");
        return ExitCode::FAILURE;
    }
    println!("{}", render::markdown(&results));
    println!(
        "written: {0}/report.md, {0}/report.html, {0}/results.json{1}",
        a.out.display(),
        if results.complete {
            ""
        } else {
            " (interrupted: incomplete)"
        }
    );
    if results.complete {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(130)
    }
}

#[cfg(test)]
mod tests {
    use super::model::{Figure, Results};
    use super::*;

    fn schema() -> jsonschema::Validator {
        let text = include_str!("../../report.schema.json");
        let v: serde_json::Value = serde_json::from_str(text).expect("schema is JSON");
        jsonschema::validator_for(&v).expect("schema compiles")
    }

    /// The whole report on the tiny workload: every section renders, every file is written,
    /// results.json validates against report.schema.json and reads back unchanged.
    #[test]
    fn tiny_report_renders_every_section_and_validates() {
        let mut r = measure(Level::Tiny, &SECTION_IDS, false);
        let dir = tempfile::tempdir().unwrap();
        write(&mut r, dir.path()).unwrap();
        assert!(r.quick && r.complete);
        assert_eq!(r.sections.len(), SECTION_IDS.len());
        for s in &r.sections {
            assert_eq!(s.status, status::MEASURED, "section {}", s.id);
            assert!(!s.tables.is_empty(), "section {} has tables", s.id);
            for t in &s.tables {
                assert!(
                    t.rows.iter().all(|row| row.len() == t.columns.len()),
                    "table {}",
                    t.id
                );
            }
        }
        let md = std::fs::read_to_string(dir.path().join("report.md")).unwrap();
        let html = std::fs::read_to_string(dir.path().join("report.html")).unwrap();
        for s in &r.sections {
            let h = render::section_heading(s);
            assert!(md.contains(&format!("## {h}")), "report.md has section {}", s.id);
            assert!(
                html.contains(&format!("<h2>{}", render::html_escape(&h))),
                "report.html has section {}",
                s.id
            );
        }
        assert!(md.contains("QUICK RUN"));
        assert!(
            !html.contains("<script")
                && !html.contains("<link")
                && !html.contains("<img src=\"http"),
            "self-contained"
        );
        // charts: drawn when a font exists, otherwise a note says why
        for s in &r.sections {
            for c in &s.charts {
                if c.files.is_empty() {
                    assert!(
                        s.notes.iter().any(|n| n.contains(&c.id)),
                        "missing chart {} is explained",
                        c.id
                    );
                } else {
                    for f in &c.files {
                        let len = std::fs::metadata(dir.path().join(f)).unwrap().len();
                        assert!(len > 100, "{f} written");
                    }
                    assert!(html.contains("<svg"), "SVG inlined in the HTML");
                }
            }
        }
        let text = std::fs::read_to_string(dir.path().join("results.json")).unwrap();
        let value: serde_json::Value = serde_json::from_str(&text).unwrap();
        let v = schema();
        let errors: Vec<String> = v
            .iter_errors(&value)
            .map(|e| format!("{e} at {}", e.instance_path()))
            .collect();
        assert!(errors.is_empty(), "schema errors: {errors:?}");
        let back: Results = serde_json::from_str(&text).unwrap();
        assert_eq!(back, r);
        // figure ids are unique (compare mode keys on them)
        let mut ids: Vec<&str> = r.figures.iter().map(|f| f.id.as_str()).collect();
        let n = ids.len();
        ids.sort();
        ids.dedup();
        assert_eq!(ids.len(), n, "duplicate figure ids");
        assert!(n > 50, "figures recorded");
        // time figures carry their spread around the median
        let timed: Vec<_> = r.figures.iter().filter(|f| f.min.is_some()).collect();
        assert!(!timed.is_empty());
        for f in timed {
            let (lo, hi) = (f.min.unwrap(), f.max.unwrap());
            assert!(lo <= f.value && f.value <= hi, "{f:?}");
            assert!(f.samples.unwrap() >= 1);
        }
    }

    /// The schema rejects what it should (it is not vacuous).
    #[test]
    fn schema_rejects_malformed_results() {
        let r = measure(Level::Tiny, &["002"], false);
        let good = serde_json::to_value(&r).unwrap();
        let v = schema();
        assert!(v.is_valid(&good));
        let mut bad = good.clone();
        bad["schema"] = "hayate-report/0".into();
        assert!(!v.is_valid(&bad));
        let mut bad = good.clone();
        bad["figures"][0]["value"] = "fast".into();
        assert!(!v.is_valid(&bad));
        let mut bad = good.clone();
        bad.as_object_mut().unwrap().remove("machine");
        assert!(!v.is_valid(&bad));
        let mut bad = good;
        bad["sections"][0]["status"] = "done".into();
        assert!(!v.is_valid(&bad));
    }

    #[test]
    fn only_selects_sections_and_marks_the_rest_skipped() {
        assert_eq!(select(&[]).unwrap(), SECTION_IDS.to_vec());
        assert_eq!(select(&["ecc".into()]).unwrap(), vec!["002", "004"]);
        assert_eq!(
            select(&["pairing".into(), "3".into()]).unwrap(),
            vec!["000", "001", "003"]
        );
        assert_eq!(select(&["004".into(), "p004".into()]).unwrap(), vec!["004"]);
        assert_eq!(select(&["dudect".into()]).unwrap(), vec!["ct"]);
        assert_eq!(
            select(&["ct".into(), "bls".into()]).unwrap(),
            vec!["bls", "ct"]
        );
        assert!(select(&["005".into()]).is_err());
        let r = measure(Level::Tiny, &["004"], false);
        for s in &r.sections {
            let want = if s.id == "004" {
                status::MEASURED
            } else {
                status::SKIPPED
            };
            assert_eq!(s.status, want);
        }
        assert!(r.figures.iter().all(|f| f.id.starts_with("004.")));
    }

    fn with_figures(figs: &[(&str, f64)]) -> Results {
        let mut r = measure(Level::Tiny, &[], false);
        r.figures = figs
            .iter()
            .map(|(id, v)| Figure {
                id: id.to_string(),
                value: *v,
                unit: "ns".into(),
                min: None,
                max: None,
                samples: None,
            })
            .collect();
        r
    }

    #[test]
    fn compare_computes_ratios() {
        let old = with_figures(&[("a", 100.0), ("b", 50.0), ("only_old", 1.0), ("zero", 0.0)]);
        let new = with_figures(&[("a", 80.0), ("b", 100.0), ("only_new", 2.0), ("zero", 5.0)]);
        let rows = compare::compare(&old, &new);
        let get = |id: &str| rows.iter().find(|r| r.id == id).unwrap();
        assert_eq!(get("a").ratio(), Some(0.8));
        assert_eq!(get("b").ratio(), Some(2.0));
        assert_eq!(get("only_old").ratio(), None);
        assert_eq!(get("only_new").new, Some(2.0));
        assert_eq!(get("zero").ratio(), None);
        let text = compare::format(&old, &new, &rows);
        assert!(text.contains("0.800") && text.contains("2.000"));
        // geometric mean of 0.8 and 2.0
        assert!(text.contains(&format!("{:.3}", (0.8f64 * 2.0).sqrt())));
        // files round trip through load()
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("old.json");
        std::fs::write(&p, serde_json::to_string(&old).unwrap()).unwrap();
        assert_eq!(compare::load(&p).unwrap(), old);
        std::fs::write(&p, "{\"schema\":\"other\"}").unwrap();
        assert!(compare::load(&p).is_err());
    }
}

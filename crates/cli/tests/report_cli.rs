//! End-to-end tests of `hayate report` and `hayate bench ecc` through the built binary:
//! a quick single-section run writes every file, Ctrl-C still writes what was measured, the
//! compare mode reads two runs, and bad arguments fail cleanly. No timing assertions.

use std::process::{Command, Output, Stdio};
use std::time::Duration;

const BIN: &str = env!("CARGO_BIN_EXE_hayate");

fn hayate(args: &[&str]) -> Output {
    Command::new(BIN).args(args).output().expect("run hayate")
}

fn results(dir: &std::path::Path) -> serde_json::Value {
    serde_json::from_str(&std::fs::read_to_string(dir.join("results.json")).unwrap()).unwrap()
}

#[test]
fn quick_single_section_writes_all_files_and_compares() {
    let dir = tempfile::tempdir().unwrap();
    let out_dir = dir.path().join("r1");
    let out = hayate(&[
        "report",
        "--quick",
        "--only",
        "002",
        "--out",
        out_dir.to_str().unwrap(),
    ]);
    assert!(
        out.status.success(),
        "stderr: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    for f in ["report.md", "report.html", "results.json"] {
        assert!(out_dir.join(f).exists(), "{f}");
    }
    let v = results(&out_dir);
    assert_eq!(v["quick"], true);
    assert_eq!(v["complete"], true);
    let statuses: Vec<&str> = v["sections"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["status"].as_str().unwrap())
        .collect();
    assert_eq!(
        statuses,
        [
            "skipped (--only)",
            "skipped (--only)",
            "measured",
            "skipped (--only)",
            "skipped (--only)",
            "skipped (--only)",
            "skipped (--only)"
        ]
    );
    // stdout carries the Markdown report
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert!(stdout.contains("## Paper 002") && stdout.contains("Table 1"));

    // compare the run with itself: every ratio is 1
    let p = out_dir.join("results.json");
    let cmp = hayate(&[
        "report",
        "--compare",
        p.to_str().unwrap(),
        p.to_str().unwrap(),
    ]);
    assert!(cmp.status.success());
    let text = String::from_utf8(cmp.stdout).unwrap();
    assert!(text.contains("geometric mean NEW/OLD = 1.000"), "{text}");
}

#[test]
fn bad_arguments_fail_cleanly() {
    let out = hayate(&[
        "report",
        "--only",
        "009",
        "--out",
        "/nonexistent-should-not-be-created",
    ]);
    assert_eq!(out.status.code(), Some(1));
    assert!(out.stdout.is_empty());
    assert!(String::from_utf8_lossy(&out.stderr).contains("unknown section"));
    let out = hayate(&[
        "report",
        "--compare",
        "/nonexistent/a.json",
        "/nonexistent/b.json",
    ]);
    assert_eq!(out.status.code(), Some(1));
    assert!(out.stdout.is_empty());
}

#[cfg(unix)]
#[test]
fn ctrl_c_writes_a_partial_report() {
    let dir = tempfile::tempdir().unwrap();
    let out_dir = dir.path().join("partial");
    // a full run takes minutes; interrupt it early
    let child = Command::new(BIN)
        .args(["report", "--out", out_dir.to_str().unwrap()])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    std::thread::sleep(Duration::from_millis(1200));
    let status = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(status.success());
    let out = child.wait_with_output().unwrap();
    assert_eq!(
        out.status.code(),
        Some(130),
        "stderr: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v = results(&out_dir);
    assert_eq!(v["complete"], false);
    let statuses: Vec<&str> = v["sections"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["status"].as_str().unwrap())
        .collect();
    assert!(statuses.contains(&"interrupted"), "{statuses:?}");
    let md = std::fs::read_to_string(out_dir.join("report.md")).unwrap();
    assert!(md.contains("INCOMPLETE"));
}

#[test]
fn bench_ecc_json_lines() {
    let out = hayate(&["bench", "ecc", "--json", "--quick"]);
    assert!(
        out.status.success(),
        "stderr: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).unwrap();
    let mut ops = std::collections::BTreeSet::new();
    for line in text.lines() {
        let v: serde_json::Value =
            serde_json::from_str(line).unwrap_or_else(|e| panic!("{e}: {line}"));
        assert_eq!(v["suite"], "ecc");
        assert_eq!(v["quick"], true);
        assert!(v["curve"].is_string() && v["op"].is_string() && v["method"].is_string());
        if v["op"] != "dudect_fixed_vs_random" {
            assert!(v["median_ns"].as_f64().unwrap() > 0.0);
            assert!(v["cycles"].is_number());
        } else {
            assert!(v["t"].is_number());
        }
        ops.insert(v["op"].as_str().unwrap().to_string());
    }
    for op in [
        "scalar_mul",
        "mont_mul",
        "invert_safegcd",
        "affine_dq",
        "dudect_fixed_vs_random",
    ] {
        assert!(ops.contains(op), "{op} in {ops:?}");
    }
}

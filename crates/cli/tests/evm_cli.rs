//! End-to-end tests of `hayate evm NAME INPUT` through the built binary: go-ethereum vectors
//! from `shared/vectors/evm/` (a sibling of the repository root) and invalid inputs.

use std::io::Write;
use std::process::{Command, Output, Stdio};

const BIN: &str = env!("CARGO_BIN_EXE_hayate");
const VECTORS: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../../shared/vectors/evm/");

fn hayate(args: &[&str]) -> Output {
    Command::new(BIN).args(args).output().expect("run hayate")
}

fn hayate_stdin(args: &[&str], stdin: &str) -> Output {
    let mut child = Command::new(BIN)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run hayate");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(stdin.as_bytes())
        .unwrap();
    child.wait_with_output().expect("wait hayate")
}

/// (Input, Expected) of the vector `name` in `file`.json, or of the first one if `name` is None.
fn vector(file: &str, name: Option<&str>) -> (String, String) {
    let text = std::fs::read_to_string(format!("{VECTORS}{file}.json")).expect("vector file");
    let json: serde_json::Value = serde_json::from_str(&text).unwrap();
    let v = json
        .as_array()
        .unwrap()
        .iter()
        .find(|v| name.is_none_or(|n| v["Name"] == n))
        .expect("vector");
    (
        v["Input"].as_str().unwrap().to_string(),
        v["Expected"].as_str().unwrap().to_string(),
    )
}

fn assert_ok(o: &Output, expected: &str) {
    assert_eq!(
        o.status.code(),
        Some(0),
        "stderr: {}",
        String::from_utf8_lossy(&o.stderr)
    );
    assert_eq!(
        String::from_utf8(o.stdout.clone()).unwrap().trim_end(),
        expected
    );
    assert!(o.stderr.is_empty());
}

fn assert_fails(o: &Output) {
    assert_eq!(o.status.code(), Some(1));
    assert!(
        o.stdout.is_empty(),
        "stdout: {}",
        String::from_utf8_lossy(&o.stdout)
    );
    let err = String::from_utf8(o.stderr.clone()).unwrap();
    assert_eq!(err.lines().count(), 1, "stderr: {err:?}");
    assert!(err.ends_with('\n'));
}

#[test]
fn vectors_through_the_binary() {
    for (file, name) in [
        ("bn256Add", Some("chfast1")),
        ("bn256ScalarMul", Some("chfast1")),
        ("bn256Pairing", Some("jeff1")),
        ("blsG1Add", None),
        ("blsG2MultiExp", None),
        ("blsPairing", None),
        ("blsMapG1", None),
    ] {
        let (input, expected) = vector(file, name);
        assert_ok(&hayate(&["evm", file, &input]), &expected);
    }
}

#[test]
fn hex_forms_and_stdin() {
    let (input, expected) = vector("bn256Add", Some("chfast1"));
    // 0x prefix and surrounding whitespace
    assert_ok(
        &hayate(&["evm", "bn256Add", &format!("  0x{input}\n")]),
        &expected,
    );
    // upper-case hex in, lower-case hex out
    assert_ok(
        &hayate(&["evm", "bn256Add", &input.to_uppercase()]),
        &expected,
    );
    // standard input
    assert_ok(
        &hayate_stdin(&["evm", "bn256Add", "-"], &format!("0x{input}\n")),
        &expected,
    );
    let (input, expected) = vector("blsG1MultiExp", None);
    assert_ok(
        &hayate_stdin(&["evm", "blsG1MultiExp", "-"], &input),
        &expected,
    );
    // empty input: the empty pairing check is true
    assert_ok(
        &hayate(&["evm", "bn256Pairing", ""]),
        &format!("{:064x}", 1),
    );
}

#[test]
fn invalid_input_fails_cleanly() {
    let (input, _) = vector("blsG1Add", None);
    // bad hex: odd length, non-hex character, bad hex on stdin
    assert_fails(&hayate(&["evm", "bn256Add", "abc"]));
    assert_fails(&hayate(&["evm", "bn256Add", "zz"]));
    assert_fails(&hayate_stdin(&["evm", "bn256Add", "-"], "0xg0"));
    // unknown precompile
    assert_fails(&hayate(&["evm", "bn256Sub", "00"]));
    // precompile errors: wrong length, coordinate ≥ p, MSM with zero pairs, empty pairing
    assert_fails(&hayate(&["evm", "blsG1Add", &input[2..]]));
    assert_fails(&hayate(&["evm", "bn256Add", &"ff".repeat(64)]));
    assert_fails(&hayate(&["evm", "blsG1MultiExp", ""]));
    assert_fails(&hayate(&["evm", "blsPairing", "0x"]));
}

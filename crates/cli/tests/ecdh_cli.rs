//! End-to-end tests of `hayate ecdh` through the built binary: Wycheproof cases (a valid one in
//! both point forms, invalid public keys) and invalid private scalars / arguments.

use std::process::{Command, Output};

const BIN: &str = env!("CARGO_BIN_EXE_hayate");
const WYCHEPROOF: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../../shared/vectors/wycheproof/"
);

fn hayate(args: &[&str]) -> Output {
    Command::new(BIN).args(args).output().expect("run hayate")
}

/// (private, public, shared) of Wycheproof case `id` in `file`.
fn case(file: &str, id: u64) -> (String, String, String, String) {
    let text = std::fs::read_to_string(format!("{WYCHEPROOF}{file}")).expect("vector file");
    let v: serde_json::Value = serde_json::from_str(&text).unwrap();
    for g in v["testGroups"].as_array().unwrap() {
        for t in g["tests"].as_array().unwrap() {
            if t["tcId"].as_u64() == Some(id) {
                let s = |k: &str| t[k].as_str().unwrap().to_string();
                return (s("private"), s("public"), s("shared"), s("result"));
            }
        }
    }
    panic!("no case {id}");
}

fn ecdh(curve: &str, private: &str, public: &str) -> Output {
    hayate(&[
        "ecdh",
        "--curve",
        curve,
        "--private",
        private,
        "--public",
        public,
    ])
}

fn assert_fails(out: &Output, code: i32) {
    assert_eq!(
        out.status.code(),
        Some(code),
        "stderr: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(out.stdout.is_empty(), "stdout must be empty");
    let err = String::from_utf8(out.stderr.clone()).unwrap();
    if code == 1 {
        assert_eq!(
            err.trim_end().lines().count(),
            1,
            "one-line error, got {err:?}"
        );
    }
}

#[test]
fn valid_case_uncompressed_and_compressed() {
    // tcId 1: normal case; tcId 2: the same key compressed ("acceptable": accepted)
    for (file, curve) in [
        ("ecdh_secp256r1_ecpoint_test.json", "secp256r1"),
        ("ecdh_secp224r1_ecpoint_test.json", "secp224r1"),
    ] {
        for id in [1, 2] {
            let (d, q, z, _) = case(file, id);
            let out = ecdh(curve, &d, &q);
            assert!(
                out.status.success(),
                "{curve} tcId {id}: {}",
                String::from_utf8_lossy(&out.stderr)
            );
            assert_eq!(String::from_utf8(out.stdout).unwrap(), format!("{z}\n"));
            assert!(out.stderr.is_empty());
        }
    }
    // aliases and a 0x prefix
    let (d, q, z, _) = case("ecdh_secp256r1_ecpoint_test.json", 1);
    let out = ecdh("P-256", &format!("0x{d}"), &q);
    assert_eq!(String::from_utf8(out.stdout).unwrap(), format!("{z}\n"));
}

#[test]
fn invalid_public_keys() {
    // off-curve points, twist points, empty key
    for id in [332u64, 340, 348, 349, 350] {
        let (d, q, _, result) = case("ecdh_secp256r1_ecpoint_test.json", id);
        assert_eq!(result, "invalid");
        assert_fails(&ecdh("secp256r1", &d, &q), 1);
    }
    let (d, q, _, _) = case("ecdh_secp224r1_ecpoint_test.json", 458);
    assert_fails(&ecdh("secp224r1", &d, &q), 1);
    // bad hex
    let (d, _, _, _) = case("ecdh_secp256r1_ecpoint_test.json", 1);
    assert_fails(&ecdh("secp256r1", &d, "04zz"), 1);
}

#[test]
fn invalid_private_keys() {
    let (_, q, _, _) = case("ecdh_secp256r1_ecpoint_test.json", 1);
    let n = "ffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551";
    for d in [
        "00",
        "",
        n,
        "ffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632552",
        "0g",
    ] {
        let out = ecdh("secp256r1", d, &q);
        assert_fails(&out, 1);
    }
}

#[test]
fn unknown_curve_is_usage_error() {
    let (d, q, _, _) = case("ecdh_secp256r1_ecpoint_test.json", 1);
    assert_fails(&ecdh("curve25519", &d, &q), 2);
}

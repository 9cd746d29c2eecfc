//! End-to-end tests of `hayate ecmul` through the built binary: third-party known answers
//! (Wycheproof ECDH secp256r1/secp224r1: [d]Q has x = the shared secret; the EVM bn256
//! ScalarMul vectors for bn254 G1), agreement of every method (GLV ones on the GLV curves) on
//! every curve, the point at infinity, and the one-line errors with exit code 1.

use std::process::{Command, Output};

const BIN: &str = env!("CARGO_BIN_EXE_hayate");
const VECTORS: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../../shared/vectors/");

fn hayate(args: &[&str]) -> Output {
    Command::new(BIN).args(args).output().expect("run hayate")
}

fn ecmul(curve: &str, method: &str, threads: &str, scalar: &str, point: Option<&str>) -> Output {
    let mut a = vec![
        "ecmul",
        "--curve",
        curve,
        "--method",
        method,
        "--threads",
        threads,
        "--scalar",
        scalar,
    ];
    if let Some(p) = point {
        a.extend(["--point", p]);
    }
    hayate(&a)
}

fn ok(out: Output) -> String {
    assert!(
        out.status.success(),
        "stderr: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(out.stderr.is_empty());
    let s = String::from_utf8(out.stdout).unwrap();
    assert!(s.ends_with('\n') && s.trim_end().lines().count() == 1);
    s.trim_end().to_string()
}

fn fails(out: Output) -> String {
    assert_eq!(
        out.status.code(),
        Some(1),
        "stderr: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(out.stdout.is_empty(), "stdout must be empty");
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(
        err.trim_end().lines().count(),
        1,
        "one-line error, got {err:?}"
    );
    err
}

fn json(path: &str) -> serde_json::Value {
    serde_json::from_str(&std::fs::read_to_string(format!("{VECTORS}{path}")).expect("vector file"))
        .unwrap()
}

#[test]
fn wycheproof_ecdh_shared_x() {
    // valid cases with an uncompressed public point: x([d]Q) is the shared secret
    let methods = [
        "fixed-window-ct",
        "wnaf:5",
        "split-ct",
        "jin-miyaji",
        "montgomery-ladder",
        "binary",
    ];
    for (file, curve, n) in [
        ("ecdh_secp256r1_ecpoint_test.json", "secp256r1", 12),
        ("ecdh_secp224r1_ecpoint_test.json", "P-224", 6),
    ] {
        let v = json(&format!("wycheproof/{file}"));
        let mut done = 0;
        for t in v["testGroups"][0]["tests"].as_array().unwrap() {
            let public = t["public"].as_str().unwrap();
            if t["result"] != "valid" || !public.starts_with("04") || done == n {
                continue;
            }
            let m = methods[done % methods.len()];
            let out = ok(ecmul(
                curve,
                m,
                "2",
                t["private"].as_str().unwrap(),
                Some(public),
            ));
            let fb = (public.len() - 2) / 4;
            assert_eq!(&out[..2], "04");
            assert_eq!(
                &out[2..2 + 2 * fb],
                t["shared"].as_str().unwrap(),
                "{curve} tcId {} {m}",
                t["tcId"]
            );
            done += 1;
        }
        assert_eq!(done, n);
    }
}

#[test]
fn evm_bn256_scalar_mul_vectors() {
    // EIP-196 ecMul: input x ‖ y ‖ k (32 bytes each), output x ‖ y; (0, 0) is infinity
    let v = json("evm/bn256ScalarMul.json");
    let mut n = 0;
    for (i, t) in v.as_array().unwrap().iter().enumerate() {
        let input = t["Input"].as_str().unwrap();
        let expected = t["Expected"].as_str().unwrap();
        if input.len() != 192 {
            continue; // short/long inputs are an EVM padding matter
        }
        let (xy, k) = input.split_at(128);
        let point = if xy.bytes().all(|b| b == b'0') {
            "00".to_string()
        } else {
            format!("04{xy}")
        };
        let want = if expected.bytes().all(|b| b == b'0') {
            "00".to_string()
        } else {
            format!("04{expected}")
        };
        let m = ["glv", "glv-ct", "wnaf:5", "fixed-window-ct"][i % 4];
        assert_eq!(
            ok(ecmul("bn254", m, "2", k, Some(&point))),
            want,
            "{} {m}",
            t["Name"]
        );
        n += 1;
    }
    assert!(n >= 10);
}

#[test]
fn all_methods_agree_on_every_curve() {
    let curves = [
        "secp192r1",
        "secp224r1",
        "secp256r1",
        "secp384r1",
        "secp521r1",
        "secp256k1",
        "brainpoolP256r1",
        "brainpoolP384r1",
        "bn254",
        "bn254-beuchat",
        "bls12-381",
    ];
    let glv_curves = ["secp256k1", "bn254", "bn254-beuchat", "bls12-381"];
    let k = "5f0e1c7a9d3b2a48e6f7c0d1b2a39485766f5e4d3c2b1a09f8e7d6c5b4a39281";
    for curve in curves {
        // a second point: [k']G, compressed, as input
        let p = ok(ecmul(curve, "wnaf:4", "1", "abcdef0123456789", None));
        let fb = (p.len() - 2) / 4;
        let y_odd = u8::from_str_radix(&p[p.len() - 1..], 16).unwrap() & 1;
        let compressed = format!("0{}{}", 2 + y_odd, &p[2..2 + 2 * fb]);
        for point in [None, Some("G"), Some(p.as_str()), Some(compressed.as_str())] {
            let want = ok(ecmul(curve, "binary", "1", k, point));
            let mut methods: Vec<&str> = vec![
                "window:4",
                "naf",
                "wnaf:5",
                "split:150",
                "fixed-window-ct",
                "split-ct",
                "affine-ladder-ct",
                "jin-miyaji",
                "jin-miyaji-bingcd",
                "montgomery-ladder",
                "joye-ladder",
                "joye-mary:3",
            ];
            if glv_curves.contains(&curve) {
                methods.extend(["glv", "glv-ct"]);
            }
            for m in methods {
                for threads in ["1", "2"] {
                    assert_eq!(
                        ok(ecmul(curve, m, threads, k, point)),
                        want,
                        "{curve} {m} threads={threads} point={point:?}"
                    );
                }
            }
        }
    }
}

#[test]
fn generator_and_infinity() {
    // [1]G is the SEC 2 §2.4.1 generator of secp256k1
    let g = "0479be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798483ada7726a3c4655da4fbfc0e1108a8fd17b448a68554199c47d08ffb10d4b8";
    assert_eq!(ok(ecmul("secp256k1", "glv", "2", "1", None)), g);
    assert_eq!(ok(ecmul("secp256k1", "glv-ct", "1", "0x01", Some("G"))), g);
    // [n]G = O and [0]P = O print 00; O as input gives O
    let n = "fffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141";
    for m in ["glv", "glv-ct", "wnaf:5", "fixed-window-ct"] {
        assert_eq!(ok(ecmul("secp256k1", m, "2", n, None)), "00");
        assert_eq!(ok(ecmul("secp256k1", m, "2", "0", Some(g))), "00");
        assert_eq!(ok(ecmul("secp256k1", m, "2", "1234", Some("00"))), "00");
    }
    // [n − 1]G = −G (same x, negated y)
    let out = ok(ecmul(
        "secp256k1",
        "glv-ct",
        "2",
        &format!("{}40", &n[..62]),
        None,
    ));
    assert_eq!(&out[..66], &g[..66]);
    assert_ne!(out, g);
    // bn254 (alt_bn128): G = (1, 2) (EIP-196)
    let bn_g = format!("04{:064x}{:064x}", 1, 2);
    assert_eq!(ok(ecmul("bn254", "glv", "3", "1", None)), bn_g);
}

#[test]
fn errors_are_one_line_exit_1() {
    let e = fails(ecmul("secp256q1", "glv", "2", "1", None));
    assert!(
        e.contains("unknown curve") && e.contains("secp256k1") && e.contains("bls12-381"),
        "{e}"
    );
    let e = fails(ecmul("secp256k1", "fastest", "2", "1", None));
    assert!(
        e.contains("unknown method") && e.contains("glv-ct") && e.contains("wnaf:W"),
        "{e}"
    );
    let e = fails(ecmul("secp256r1", "glv", "2", "1", None));
    assert!(
        e.contains("not available") && e.contains("secp256r1"),
        "{e}"
    );
    let e = fails(ecmul("P-384", "glv-ct", "1", "1", None));
    assert!(e.contains("secp384r1"), "{e}");
    fails(ecmul("secp256k1", "glv", "2", "xyz", None));
    fails(ecmul("secp256k1", "glv", "2", "", None));
    fails(ecmul("secp256k1", "glv", "0", "1", None));
    // bad hex, wrong length, not on the curve, x ≥ p, hybrid tag, compressed x not on the curve
    let g = "0479be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798483ada7726a3c4655da4fbfc0e1108a8fd17b448a68554199c47d08ffb10d4b8";
    let not_on = format!("{}b9", &g[..g.len() - 2]);
    let big_x = format!("04{}{}", "ff".repeat(32), &g[66..]);
    let hybrid = format!("06{}", &g[2..]);
    for bad in [
        "0g",
        "04",
        g.get(..64).unwrap(),
        not_on.as_str(),
        big_x.as_str(),
        hybrid.as_str(),
        "02ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff",
    ] {
        let e = fails(ecmul("secp256k1", "glv", "2", "7", Some(bad)));
        assert!(e.starts_with("error: invalid point"), "{bad}: {e}");
    }
    // bls12-381: a point on E(Fp) outside G1 is rejected (x = 0: y² = 4, y = 2, order 3)
    let x0 = format!("04{}{:096x}", "00".repeat(48), 2);
    let e = fails(ecmul("bls12-381", "glv", "2", "7", Some(&x0)));
    assert!(e.contains("subgroup"), "{e}");
}

#[test]
fn trace_is_the_jin_miyaji_ladder_step_by_step() {
    // k = 5 in 32 bytes: l = 257, so 128 iterations (i = 1, 3, …, 255) after the initial step
    // i = 0. In paper 004's Algorithm 1, R[0] starts at −P and R[1] at P; bit 0 adds 2P to
    // R[k0] and bit j ≥ 1 adds 2^j·P to R[k_j]; A is 2^(i+2)·P after iteration i. So after the
    // last iteration R[0] = (2^l − 2 − 4)P − P = (2^l − 7)P, R[1] = P + 2P + 4P = 7P and
    // A = 2^l·P, each checked against a plain `ecmul`.
    let k = format!("{:064x}", 5);
    for method in ["jin-miyaji", "jin-miyaji-bingcd"] {
        let out = hayate(&[
            "ecmul",
            "--curve",
            "secp256r1",
            "--method",
            method,
            "--trace",
            "--scalar",
            &k,
        ]);
        assert!(out.status.success() && out.stderr.is_empty(), "{out:?}");
        let text = String::from_utf8(out.stdout).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 130, "{method}");
        let steps: Vec<usize> = lines[..129]
            .iter()
            .map(|l| l.split(' ').next().unwrap().parse().unwrap())
            .collect();
        let expected: Vec<usize> = std::iter::once(0).chain((1..256).step_by(2)).collect();
        assert_eq!(steps, expected);
        let last: Vec<&str> = lines[128].split(' ').collect();
        assert_eq!(last.len(), 5);
        let at = |scalar: &str| ok(ecmul("secp256r1", "binary", "1", scalar, None));
        let two_l = format!("2{}", "0".repeat(64));
        let two_l_minus_7 = format!("1{}9", "f".repeat(63));
        assert_eq!(last[1], at(&two_l_minus_7), "{method}: R0");
        assert_eq!(last[2], at("7"), "{method}: R1");
        assert_eq!(last[3], at(&two_l), "{method}: A");
        assert_eq!(lines[129], format!("result {}", at("5")), "{method}");
    }
    let e = fails(hayate(&[
        "ecmul",
        "--curve",
        "secp256r1",
        "--method",
        "wnaf:5",
        "--trace",
        "--scalar",
        "5",
    ]));
    assert!(e.contains("--trace needs --method jin-miyaji"), "{e}");
}

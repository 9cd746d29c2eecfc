//! RFC 9380 `P256_XMD:SHA-256_SSWU_RO_` vectors (Appendix J.1.1, from
//! `shared/vectors/hash-to-curve/P256_XMD_SHA-256_SSWU_RO_.json`): u0, u1, Q0 = map(u0),
//! Q1 = map(u1) and P = Q0 + Q1 for every message; plus the expand_message_xmd vectors.

use hayate_ec::curves::{NamedCurve, Secp256r1};
use hayate_ec::hash_to_curve::{self as h2c, SswuCurve};
use hayate_ec::Affine;
use serde_json::Value;

fn load(name: &str) -> Value {
    let path = format!(
        "{}/../../../shared/vectors/hash-to-curve/{name}",
        env!("CARGO_MANIFEST_DIR")
    );
    serde_json::from_str(&std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}")))
        .unwrap()
}

fn hx(s: &str) -> String {
    s.trim_start_matches("0x").to_ascii_lowercase()
}

fn point_hex(p: &Affine<Secp256r1>) -> (String, String) {
    (
        hex::encode(p.x.to_bytes_be()),
        hex::encode(p.y.to_bytes_be()),
    )
}

#[test]
fn p256_xmd_sha256_sswu_ro() {
    let v = load("P256_XMD_SHA-256_SSWU_RO_.json");
    assert_eq!(
        v["ciphersuite"].as_str().unwrap().replace(':', "_"),
        Secp256r1::SUITE_RO.replace(':', "_")
    );
    let dst = v["dst"].as_str().unwrap().as_bytes().to_vec();
    let vectors = v["vectors"].as_array().unwrap();
    assert!(!vectors.is_empty());
    for t in vectors {
        let msg = t["msg"].as_str().unwrap().as_bytes();
        let u = h2c::hash_to_field::<Secp256r1>(msg, &dst, 2).unwrap();
        for (i, ui) in u.iter().enumerate() {
            assert_eq!(
                hex::encode(ui.to_bytes_be()),
                hx(t["u"][i].as_str().unwrap()),
                "u{i} msg={msg:?}"
            );
        }
        for (i, q) in ["Q0", "Q1"].iter().enumerate() {
            let got = h2c::map_to_curve::<Secp256r1>(&u[i]);
            assert!(bool::from(got.is_on_curve()));
            assert_eq!(
                point_hex(&got),
                (
                    hx(t[q]["x"].as_str().unwrap()),
                    hx(t[q]["y"].as_str().unwrap())
                ),
                "{q}"
            );
        }
        let p = h2c::hash_to_curve::<Secp256r1>(msg, &dst).unwrap();
        assert_eq!(
            point_hex(&p),
            (
                hx(t["P"]["x"].as_str().unwrap()),
                hx(t["P"]["y"].as_str().unwrap())
            ),
            "P msg={msg:?}"
        );
        assert_eq!(Secp256r1::CURVE_NAME, "secp256r1");
    }
}

#[test]
fn expand_message_xmd_vectors() {
    let v = load("expand_message_xmd_SHA256_38.json");
    let dst = v["DST"].as_str().unwrap().as_bytes().to_vec();
    for t in v["tests"].as_array().unwrap() {
        let msg = t["msg"].as_str().unwrap().as_bytes();
        let len = usize::from_str_radix(
            t["len_in_bytes"].as_str().unwrap().trim_start_matches("0x"),
            16,
        )
        .unwrap();
        let got = h2c::expand_message_xmd(msg, &dst, len).unwrap();
        assert_eq!(hex::encode(got), t["uniform_bytes"].as_str().unwrap());
    }
    assert!(h2c::expand_message_xmd(b"", &dst, 255 * 32 + 1).is_err());
}

/// The exceptional case tv1 = 0 (u = 0) still lands on the curve.
#[test]
fn sswu_exceptional_u() {
    let p = h2c::map_to_curve::<Secp256r1>(&<Secp256r1 as hayate_ec::CurveParams>::Base::ZERO);
    assert!(bool::from(p.is_on_curve()));
}

//! RFC 9380 vectors for the simplified-SWU suites other than `P256_XMD:SHA-256_SSWU_RO_` (that
//! one is in `hash_to_curve_p256.rs`, from `shared/`): `P256_XMD:SHA-256_SSWU_NU_`,
//! `P384_XMD:SHA-384_SSWU_{RO,NU}_`, `P521_XMD:SHA-512_SSWU_{RO,NU}_` (Appendix J.1.2–J.3.2),
//! `secp256k1_XMD:SHA-256_SSWU_{RO,NU}_` (J.8, through the 3-isogeny of Appendix E.1) and
//! expand_message_xmd with SHA-512 (Appendix K.3), from the CFRG draft repository's
//! `poc/vectors` (see `tests/vectors/hash-to-curve/README.md`). For every message: the field
//! elements u, the mapped points Q0, Q1 (or Q), and the final point P.

use hayate_ec::curves::{NamedCurve, PrimeField, Secp256k1, Secp256r1, Secp384r1, Secp521r1};
use hayate_ec::hash_to_curve::{self as h2c, SswuCurve, XmdHash};
use hayate_ec::{Affine, Field};
use serde_json::Value;

fn load(name: &str) -> Value {
    let path = format!(
        "{}/tests/vectors/hash-to-curve/{name}",
        env!("CARGO_MANIFEST_DIR")
    );
    serde_json::from_str(&std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}")))
        .unwrap()
}

/// A vector's "0x…" field element as fixed-width big-endian hex (p's byte length).
fn fe_hex<C: NamedCurve>(s: &str) -> String {
    let digits = s.trim_start_matches("0x").to_ascii_lowercase();
    format!("{digits:0>width$}", width = 2 * C::Base::BYTES)
}

fn point_hex<C: NamedCurve>(p: &Affine<C>) -> (String, String) {
    (
        hex::encode(p.x.to_bytes_be()),
        hex::encode(p.y.to_bytes_be()),
    )
}

fn want<C: NamedCurve>(v: &Value) -> (String, String) {
    (
        fe_hex::<C>(v["x"].as_str().unwrap()),
        fe_hex::<C>(v["y"].as_str().unwrap()),
    )
}

/// Every vector of the suite file `name` (random oracle when `ro`).
fn suite<C: SswuCurve>(name: &str, ro: bool) {
    let v = load(name);
    let id = if ro { C::SUITE_RO } else { C::SUITE_NU };
    assert_eq!(v["ciphersuite"].as_str().unwrap(), id);
    assert_eq!(v["randomOracle"].as_bool().unwrap(), ro);
    let l = usize::from_str_radix(v["L"].as_str().unwrap().trim_start_matches("0x"), 16).unwrap();
    assert_eq!(l, C::L);
    let dst = v["dst"].as_str().unwrap().as_bytes().to_vec();
    let vectors = v["vectors"].as_array().unwrap();
    assert!(vectors.len() >= 5, "{name}");
    let count = if ro { 2 } else { 1 };
    for t in vectors {
        let msg = t["msg"].as_str().unwrap().as_bytes();
        let u = h2c::hash_to_field::<C>(msg, &dst, count).unwrap();
        assert_eq!(t["u"].as_array().unwrap().len(), count);
        for (i, ui) in u.iter().enumerate() {
            assert_eq!(
                hex::encode(ui.to_bytes_be()),
                fe_hex::<C>(t["u"][i].as_str().unwrap()),
                "{name}: u{i} msg={msg:?}"
            );
        }
        let names: &[&str] = if ro { &["Q0", "Q1"] } else { &["Q"] };
        for (i, q) in names.iter().enumerate() {
            let got = h2c::map_to_curve::<C>(&u[i]);
            assert!(bool::from(got.is_on_curve()));
            assert_eq!(
                point_hex(&got),
                want::<C>(&t[*q]),
                "{name}: {q} msg={msg:?}"
            );
        }
        let p = if ro {
            h2c::hash_to_curve::<C>(msg, &dst).unwrap()
        } else {
            h2c::encode_to_curve::<C>(msg, &dst).unwrap()
        };
        assert_eq!(point_hex(&p), want::<C>(&t["P"]), "{name}: P msg={msg:?}");
    }
}

#[test]
fn p256_xmd_sha256_sswu_nu() {
    suite::<Secp256r1>("P256_XMD_SHA-256_SSWU_NU_.json", false);
}

#[test]
fn p384_xmd_sha384_sswu_ro() {
    suite::<Secp384r1>("P384_XMD_SHA-384_SSWU_RO_.json", true);
}

#[test]
fn p384_xmd_sha384_sswu_nu() {
    suite::<Secp384r1>("P384_XMD_SHA-384_SSWU_NU_.json", false);
}

#[test]
fn p521_xmd_sha512_sswu_ro() {
    suite::<Secp521r1>("P521_XMD_SHA-512_SSWU_RO_.json", true);
}

#[test]
fn p521_xmd_sha512_sswu_nu() {
    suite::<Secp521r1>("P521_XMD_SHA-512_SSWU_NU_.json", false);
}

#[test]
fn secp256k1_xmd_sha256_sswu_ro() {
    suite::<Secp256k1>("secp256k1_XMD_SHA-256_SSWU_RO_.json", true);
}

#[test]
fn secp256k1_xmd_sha256_sswu_nu() {
    suite::<Secp256k1>("secp256k1_XMD_SHA-256_SSWU_NU_.json", false);
}

/// RFC 9380 K.3: DST_prime, and uniform_bytes for 32- and 128-byte outputs.
#[test]
fn expand_message_xmd_sha512_vectors() {
    let v = load("expand_message_xmd_SHA512_38.json");
    assert_eq!(v["hash"].as_str().unwrap(), "SHA512");
    let dst = v["DST"].as_str().unwrap().as_bytes().to_vec();
    let tests = v["tests"].as_array().unwrap();
    assert!(!tests.is_empty());
    for t in tests {
        assert_eq!(
            hex::encode(h2c::expand::dst_prime_with(XmdHash::Sha512, &dst)),
            t["DST_prime"].as_str().unwrap()
        );
        let msg = t["msg"].as_str().unwrap().as_bytes();
        let len = usize::from_str_radix(
            t["len_in_bytes"].as_str().unwrap().trim_start_matches("0x"),
            16,
        )
        .unwrap();
        let got = h2c::expand_message_xmd_with(XmdHash::Sha512, msg, &dst, len).unwrap();
        assert_eq!(hex::encode(got), t["uniform_bytes"].as_str().unwrap());
    }
}

/// Length limits per hash (ell ≤ 255 blocks, len_in_bytes ≤ 65535), typed errors, no panic;
/// an oversize DST (> 255 bytes) is hashed to b_in_bytes bytes with the suite's hash.
#[test]
fn expand_message_xmd_limits_per_hash() {
    for (h, b) in [
        (XmdHash::Sha256, 32),
        (XmdHash::Sha384, 48),
        (XmdHash::Sha512, 64),
    ] {
        assert_eq!(h.output_len(), b);
        assert_eq!(
            h2c::expand_message_xmd_with(h, b"", b"DST", 255 * b).map(|v| v.len()),
            Ok(255 * b)
        );
        assert_eq!(
            h2c::expand_message_xmd_with(h, b"", b"DST", 255 * b + 1),
            Err(h2c::ExpandError::TooManyBlocks {
                len_in_bytes: 255 * b + 1
            })
        );
        assert_eq!(
            h2c::expand_message_xmd_with(h, b"", b"DST", 70000),
            Err(h2c::ExpandError::LenTooLarge {
                len_in_bytes: 70000
            })
        );
        let long = [b'x'; 256];
        assert_eq!(h2c::expand::dst_prime_with(h, &long).len(), b + 1);
        let mut out = [0u8; 3];
        assert!(h2c::expand_message_xmd_with_into(h, b"m", &long, &mut out).is_ok());
    }
}

/// The exceptional case tv1 = 0 (u = 0) still lands on the curve, for every suite's curve.
#[test]
fn sswu_exceptional_u_nist() {
    fn at_zero<C: SswuCurve>() {
        let p = h2c::map_to_curve::<C>(&<C as hayate_ec::CurveParams>::Base::ZERO);
        assert!(bool::from(p.is_on_curve()));
    }
    at_zero::<Secp384r1>();
    at_zero::<Secp521r1>();
    at_zero::<Secp256k1>();
}

/// secp256k1's 3-isogeny sends its kernel to the point at infinity: the kernel points ±K of
/// E' have x_den(x') = (x' − x_K)² = 0, i.e. x_K = −k_(2,1)/2 (Appendix E.1), whatever y'.
#[test]
fn secp256k1_isogeny_kernel_maps_to_infinity() {
    type F = <Secp256k1 as hayate_ec::CurveParams>::Base;
    let k21 = F::from_bytes_be(
        &hex::decode("edadc6f64383dc1df7c4b2d51b54225406d36b641f5e41bbc52a56612a8c6d14").unwrap(),
    )
    .unwrap();
    let x_k = -(k21 * F::from_u64(2).invert().unwrap());
    for y in [F::ONE, F::from_u64(12345)] {
        let p = <Secp256k1 as SswuCurve>::iso_map(x_k, y);
        assert!(bool::from(p.infinity));
    }
    // and a point off the kernel maps to a finite point
    let p = <Secp256k1 as SswuCurve>::iso_map(x_k + F::ONE, F::ONE);
    assert!(!bool::from(p.infinity));
}

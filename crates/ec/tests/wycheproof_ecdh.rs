//! Every case of Wycheproof's `ecdh_secp{224,256,384,521}r1_ecpoint_test.json` (public keys as
//! raw SEC 1 points; P-224 and P-256 from `shared/vectors/wycheproof/`, P-384 and P-521 from
//! `tests/vectors/wycheproof/`), and of `ecdh_{secp256k1,brainpoolP256r1,brainpoolP384r1}_test.json`
//! (DER SubjectPublicKeyInfo: the SEC 1 point is taken out of the BIT STRING, and the cases
//! about the ASN.1 wrapper — flags `InvalidAsn`, `UnnamedCurve`, `WrongCurve` — are skipped).
//!
//! * `valid` cases must produce the listed shared secret;
//! * `invalid` cases (points off the curve, invalid-curve attacks, invalid encodings, points
//!   of the twist, points of other curves, the empty key) must be rejected;
//! * `acceptable` cases are exactly the compressed public keys (flag `CompressedPublic`). SEC 1
//!   allows point compression, so hayate **accepts** them: they must produce the listed
//!   shared secret like valid cases (see `hayate_ec::ecdh`'s module docs).
//!
//! A test binary of its own rather than a module of `tests/suite`: `scripts/aarch64.sh` runs
//! these vectors under qemu and then cross-compiles this file alone, not the whole suite.

use hayate_ec::curves::{
    BrainpoolP256r1, BrainpoolP384r1, NamedCurve, Secp224r1, Secp256k1, Secp256r1, Secp384r1,
    Secp521r1,
};
use hayate_ec::ecdh::ecdh;
use serde_json::Value;

/// Runs the SEC 1 point file from `shared/vectors/wycheproof/`.
fn run<C: NamedCurve>(file: &str) {
    run_with::<C>("../../../shared/vectors/wycheproof", file, false);
}

/// One DER length at `b[*i]` (short form or one/two length bytes), advancing `i`.
fn der_len(b: &[u8], i: &mut usize) -> Option<usize> {
    let l = *b.get(*i)? as usize;
    *i += 1;
    if l < 0x80 {
        return Some(l);
    }
    let n = l & 0x7f;
    if n == 0 || n > 2 {
        return None;
    }
    let mut v = 0usize;
    for _ in 0..n {
        v = (v << 8) | *b.get(*i)? as usize;
        *i += 1;
    }
    Some(v)
}

/// The SEC 1 point in a DER SubjectPublicKeyInfo: SEQUENCE { SEQUENCE {…}, BIT STRING {0, point} }.
fn spki_point(b: &[u8]) -> Option<Vec<u8>> {
    let mut i = 0;
    (b.first()? == &0x30).then_some(())?;
    i += 1;
    (der_len(b, &mut i)? + i == b.len()).then_some(())?;
    (b.get(i)? == &0x30).then_some(())?;
    i += 1;
    i += der_len(b, &mut i)?;
    (b.get(i)? == &0x03).then_some(())?;
    i += 1;
    let l = der_len(b, &mut i)?;
    (i + l == b.len() && l >= 1 && b[i] == 0).then_some(())?;
    Some(b[i + 1..].to_vec())
}

/// Runs the file from `dir` (relative to the crate root); `der`: public keys are
/// SubjectPublicKeyInfo (ASN.1-level cases skipped).
fn run_with<C: NamedCurve>(dir: &str, file: &str, der: bool) {
    let path = format!("{}/{dir}/{file}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let v: Value = serde_json::from_str(&text).unwrap();
    let mut counts = [0usize; 3];
    let mut total = 0;
    let mut skipped = 0;
    for group in v["testGroups"].as_array().unwrap() {
        assert_eq!(group["curve"].as_str().unwrap(), C::CURVE_NAME);
        for t in group["tests"].as_array().unwrap() {
            total += 1;
            let id = t["tcId"].as_u64().unwrap();
            let mut public = hex::decode(t["public"].as_str().unwrap()).unwrap();
            if der {
                let asn1 = t["flags"].as_array().unwrap().iter().any(|f| {
                    matches!(
                        f.as_str(),
                        Some("InvalidAsn" | "UnnamedCurve" | "WrongCurve")
                    )
                });
                if asn1 {
                    skipped += 1;
                    continue;
                }
                // an unparsable wrapper is an empty (invalid) key
                public = spki_point(&public).unwrap_or_default();
            }
            let private = hex::decode(t["private"].as_str().unwrap()).unwrap();
            let shared = hex::decode(t["shared"].as_str().unwrap()).unwrap();
            let result = t["result"].as_str().unwrap();
            let got = ecdh::<C>(&private, &public);
            match result {
                "valid" | "acceptable" => {
                    if result == "acceptable" {
                        let flags: Vec<&str> = t["flags"]
                            .as_array()
                            .unwrap()
                            .iter()
                            .map(|f| f.as_str().unwrap())
                            .collect();
                        assert!(
                            flags.contains(&"CompressedPublic"),
                            "tcId {id}: unexpected acceptable case {flags:?}"
                        );
                    }
                    let z = got
                        .unwrap_or_else(|e| panic!("tcId {id} ({}): rejected: {e}", t["comment"]));
                    assert_eq!(z.as_bytes(), &shared[..], "tcId {id}");
                    counts[if result == "valid" { 0 } else { 1 }] += 1;
                }
                "invalid" => {
                    assert!(
                        got.is_err(),
                        "tcId {id} ({}): invalid case accepted",
                        t["comment"]
                    );
                    counts[2] += 1;
                }
                r => panic!("tcId {id}: unknown result {r}"),
            }
        }
    }
    assert_eq!(total as u64, v["numberOfTests"].as_u64().unwrap());
    assert!(counts[0] > 0 && counts[2] > 0, "{file}: nothing checked");
    eprintln!(
        "{file}: {} valid, {} acceptable (accepted), {} invalid (rejected), {skipped} ASN.1 cases skipped",
        counts[0], counts[1], counts[2]
    );
}

#[test]
fn wycheproof_ecdh_secp256r1_ecpoint() {
    run::<Secp256r1>("ecdh_secp256r1_ecpoint_test.json");
}

#[test]
fn wycheproof_ecdh_secp224r1_ecpoint() {
    run::<Secp224r1>("ecdh_secp224r1_ecpoint_test.json");
}

#[test]
fn wycheproof_ecdh_secp384r1_ecpoint() {
    run_with::<Secp384r1>(
        "tests/vectors/wycheproof",
        "ecdh_secp384r1_ecpoint_test.json",
        false,
    );
}

#[test]
fn wycheproof_ecdh_secp521r1_ecpoint() {
    run_with::<Secp521r1>(
        "tests/vectors/wycheproof",
        "ecdh_secp521r1_ecpoint_test.json",
        false,
    );
}

#[test]
fn wycheproof_ecdh_secp256k1_spki() {
    run_with::<Secp256k1>("tests/vectors/wycheproof", "ecdh_secp256k1_test.json", true);
}

#[test]
fn wycheproof_ecdh_brainpool_p256r1_spki() {
    run_with::<BrainpoolP256r1>(
        "tests/vectors/wycheproof",
        "ecdh_brainpoolP256r1_test.json",
        true,
    );
}

#[test]
fn wycheproof_ecdh_brainpool_p384r1_spki() {
    run_with::<BrainpoolP384r1>(
        "tests/vectors/wycheproof",
        "ecdh_brainpoolP384r1_test.json",
        true,
    );
}

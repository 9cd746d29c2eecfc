//! Project Wycheproof's Ascon vectors (`tests/vectors/wycheproof/`, see the README there):
//! Ascon-128 v1.2 (`ascon128v12`) and NIST SP 800-232 Ascon-AEAD128 (`asconaead128`).
//! A valid case must encrypt to exactly ciphertext ‖ tag and decrypt back to the message; an
//! invalid one (modified tag, ciphertext or input) must be rejected by decryption with
//! `Error::Authentication`.

use hayate_aead::{by_name, Error};
use serde_json::Value;

fn unhex(s: &str) -> Vec<u8> {
    assert!(s.len().is_multiple_of(2), "odd hex length");
    (0..s.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(&s[i..i + 2], 16).expect("hex digit"))
        .collect()
}

fn run(file: &str, algorithm: &str, expected_cases: usize) {
    let path = format!(
        "{}/tests/vectors/wycheproof/{file}",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let v: Value = serde_json::from_str(&text).expect("JSON");
    let aead = by_name(algorithm).expect("scheme");
    let (mut valid, mut invalid) = (0, 0);
    for g in v["testGroups"].as_array().expect("groups") {
        assert_eq!(g["keySize"].as_u64(), Some(8 * aead.key_len() as u64));
        assert_eq!(g["ivSize"].as_u64(), Some(8 * aead.nonce_len() as u64));
        assert_eq!(g["tagSize"].as_u64(), Some(8 * aead.tag_len() as u64));
        for t in g["tests"].as_array().expect("tests") {
            let f = |k: &str| unhex(t[k].as_str().expect(k));
            let (key, iv, aad, msg) = (f("key"), f("iv"), f("aad"), f("msg"));
            let mut ct_tag = f("ct");
            ct_tag.extend(f("tag"));
            let id = &t["tcId"];
            match t["result"].as_str() {
                Some("valid") => {
                    valid += 1;
                    assert_eq!(
                        aead.encrypt(&key, &iv, &aad, &msg).as_deref(),
                        Ok(&ct_tag[..]),
                        "{algorithm} tc {id}: encryption"
                    );
                    assert_eq!(
                        aead.decrypt(&key, &iv, &aad, &ct_tag).as_deref(),
                        Ok(&msg[..]),
                        "{algorithm} tc {id}: decryption"
                    );
                }
                Some("invalid") => {
                    invalid += 1;
                    assert_eq!(
                        aead.decrypt(&key, &iv, &aad, &ct_tag),
                        Err(Error::Authentication),
                        "{algorithm} tc {id}: forgery accepted"
                    );
                }
                other => panic!("{algorithm} tc {id}: unexpected result {other:?}"),
            }
        }
    }
    assert_eq!(valid + invalid, expected_cases, "{file}: case count");
    assert!(valid > 0 && invalid > 0);
}

#[test]
fn wycheproof_ascon128v12() {
    run("ascon128_test.json", "ascon128v12", 192);
}

#[test]
fn wycheproof_ascon_aead128() {
    run("ascon_sp800_232_aead128_test.json", "asconaead128", 252);
}

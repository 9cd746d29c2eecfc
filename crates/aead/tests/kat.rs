//! Known-answer tests from the Ascon designers' LWC KAT files (ascon-c), read from
//! `shared/vectors/aead/` (a sibling of the repository root). Every entry is checked in both
//! directions: encryption must reproduce `CT` (ciphertext ‖ tag), decryption must return `PT`.

use hayate_aead::{by_name, Error};

fn unhex(s: &str) -> Vec<u8> {
    let s = s.trim();
    assert!(s.len().is_multiple_of(2), "odd hex length");
    (0..s.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(&s[i..i + 2], 16).expect("hex digit"))
        .collect()
}

struct Entry {
    count: usize,
    key: Vec<u8>,
    nonce: Vec<u8>,
    pt: Vec<u8>,
    ad: Vec<u8>,
    ct: Vec<u8>,
}

fn parse(text: &str) -> Vec<Entry> {
    let mut out = Vec::new();
    for block in text.split("\n\n").map(str::trim).filter(|b| !b.is_empty()) {
        let mut f = std::collections::HashMap::new();
        for line in block.lines() {
            let (k, v) = line.split_once('=').expect("key = value line");
            f.insert(k.trim().to_string(), v.trim().to_string());
        }
        out.push(Entry {
            count: f["Count"].parse().expect("count"),
            key: unhex(&f["Key"]),
            nonce: unhex(&f["Nonce"]),
            pt: unhex(&f["PT"]),
            ad: unhex(&f["AD"]),
            ct: unhex(&f["CT"]),
        });
    }
    out
}

fn run(name: &str, text: &str) {
    let alg = by_name(name).expect("registered");
    let entries = parse(&text.replace("\r\n", "\n"));
    assert_eq!(entries.len(), 1089, "{name}: every PT/AD length 0..32");
    for e in &entries {
        let ct = alg
            .encrypt(&e.key, &e.nonce, &e.ad, &e.pt)
            .expect("encrypt");
        assert_eq!(ct, e.ct, "{name} Count = {} encrypt", e.count);
        let pt = alg
            .decrypt(&e.key, &e.nonce, &e.ad, &e.ct)
            .expect("decrypt");
        assert_eq!(pt, e.pt, "{name} Count = {} decrypt", e.count);
        // Any flipped bit in ciphertext or tag must be rejected.
        let mut bad = e.ct.clone();
        let i = e.count % bad.len();
        bad[i] ^= 1 << (e.count % 8);
        assert_eq!(
            alg.decrypt(&e.key, &e.nonce, &e.ad, &bad),
            Err(Error::Authentication)
        );
    }
}

#[test]
fn ascon128v12_lwc_kat() {
    run(
        "ascon128v12",
        include_str!(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../../shared/vectors/aead/ascon128v12_LWC_AEAD_KAT_128_128.txt"
        )),
    );
}

#[test]
fn asconaead128_lwc_kat() {
    run(
        "asconaead128",
        include_str!(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../../shared/vectors/aead/asconaead128_LWC_AEAD_KAT_128_128.txt"
        )),
    );
}

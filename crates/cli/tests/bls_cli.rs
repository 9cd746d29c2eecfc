//! End-to-end tests of `hayate bls` through the built binary.
//!
//! Expected values come from third parties only: the Ethereum consensus BLS test vectors
//! (`crates/bls/tests/vectors/`, see the README there for their source) for sign / verify /
//! aggregate / fast_aggregate_verify / aggregate_verify / batch_verify, and RFC 9380's
//! `BLS12381G2_XMD:SHA-256_SSWU_RO_` vectors (`/work/shared/vectors/hash-to-curve/`) for
//! `hash-to-g2`, whose affine coordinates are put into the compressed (Zcash) form here by the
//! encoding's published rule. The rest are round trips (keygen → sk-to-pk → sign → verify,
//! aggregation, proofs of possession, in every variant and scheme) and the failure contract of
//! the verification commands: for any bad input, exactly one line on standard error, nothing on
//! standard output, exit 1.

use std::process::{Command, Output};

const BIN: &str = env!("CARGO_BIN_EXE_hayate");
const H2C: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../../shared/vectors/hash-to-curve/BLS12381G2_XMD_SHA-256_SSWU_RO_.json"
);

fn hayate(args: &[&str]) -> Output {
    Command::new(BIN).args(args).output().expect("run hayate")
}

fn bls(args: &[&str]) -> Output {
    let mut a = vec!["bls"];
    a.extend_from_slice(args);
    hayate(&a)
}

/// The single stdout line of a successful run.
fn ok(out: &Output) -> String {
    assert!(
        out.status.success(),
        "exit {:?}, stderr: {}",
        out.status.code(),
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        out.stderr.is_empty(),
        "stderr: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let s = String::from_utf8(out.stdout.clone()).unwrap();
    assert!(s.ends_with('\n') && s.lines().count() == 1, "{s:?}");
    s.trim_end().to_string()
}

/// The failure contract: nothing on stdout, exactly one line on stderr, exit 1.
fn fails(out: &Output, what: &str) {
    assert_eq!(
        out.status.code(),
        Some(1),
        "{what}: stdout {:?}, stderr {:?}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(out.stdout.is_empty(), "{what}: stdout must be empty");
    let err = String::from_utf8(out.stderr.clone()).unwrap();
    assert!(
        err.ends_with('\n') && err.lines().count() == 1 && !err.trim().is_empty(),
        "{what}: one-line error expected, got {err:?}"
    );
}

fn valid(out: &Output, what: &str) {
    assert!(
        out.status.success(),
        "{what}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(String::from_utf8_lossy(&out.stdout), "valid\n", "{what}");
    assert!(out.stderr.is_empty(), "{what}");
}

fn is_lower_hex(s: &str, bytes: usize) -> bool {
    s.len() == 2 * bytes
        && s.bytes()
            .all(|c| c.is_ascii_digit() || (b'a'..=b'f').contains(&c))
}

/// Flips bit `bit` of byte `byte` of a hex string.
fn flip(h: &str, byte: usize, bit: u8) -> String {
    let mut b = hex::decode(h).unwrap();
    b[byte] ^= 1 << bit;
    hex::encode(b)
}

// ---------------------------------------------------------------------------------------------
// hash-to-g2: RFC 9380 vectors

/// 48-byte big-endian integer from `0x…` hex.
fn fp(s: &str) -> [u8; 48] {
    let v = hex::decode(s.trim().trim_start_matches("0x")).unwrap();
    let mut out = [0u8; 48];
    out[48 - v.len()..].copy_from_slice(&v);
    out
}

/// a > b as big-endian integers of equal length.
fn gt(a: &[u8; 48], b: &[u8; 48]) -> bool {
    a > b
}

/// p − a (0 < a < p), big-endian.
fn neg(p: &[u8; 48], a: &[u8; 48]) -> [u8; 48] {
    let mut out = [0u8; 48];
    let mut borrow = 0i16;
    for i in (0..48).rev() {
        let mut d = p[i] as i16 - a[i] as i16 - borrow;
        borrow = 0;
        if d < 0 {
            d += 256;
            borrow = 1;
        }
        out[i] = d as u8;
    }
    out
}

/// The compressed (Zcash / IETF) encoding of an affine G2 point (x0 + x1·u, y0 + y1·u):
/// x1 ‖ x0 with the compression flag (0x80) and, when y is the lexicographically larger of
/// ±y (compare y1 with p − y1, or y0 with p − y0 when y1 = 0), the sign flag (0x20).
fn compress_g2(p: &[u8; 48], x: (&[u8; 48], &[u8; 48]), y: (&[u8; 48], &[u8; 48])) -> String {
    let zero = [0u8; 48];
    let larger = if *y.1 != zero {
        gt(y.1, &neg(p, y.1))
    } else {
        gt(y.0, &neg(p, y.0))
    };
    let mut out = Vec::with_capacity(96);
    out.extend_from_slice(x.1);
    out.extend_from_slice(x.0);
    out[0] |= 0x80 | if larger { 0x20 } else { 0 };
    hex::encode(out)
}

#[test]
fn hash_to_g2_rfc9380_vectors() {
    let text = std::fs::read_to_string(H2C).expect("RFC 9380 vector file");
    let v: serde_json::Value = serde_json::from_str(&text).unwrap();
    let dst = v["dst"].as_str().unwrap();
    let p = fp(v["field"]["p"].as_str().unwrap());
    let vectors = v["vectors"].as_array().unwrap();
    assert!(vectors.len() >= 5);
    for t in vectors {
        let msg = t["msg"].as_str().unwrap();
        let xy = |k: &str| {
            let s = t["P"][k].as_str().unwrap();
            let (a, b) = s.split_once(',').unwrap();
            (fp(a), fp(b))
        };
        let (x, y) = (xy("x"), xy("y"));
        let want = compress_g2(&p, (&x.0, &x.1), (&y.0, &y.1));
        let got = ok(&bls(&[
            "hash-to-g2",
            "--msg",
            &hex::encode(msg),
            "--dst",
            dst,
        ]));
        assert_eq!(got, want, "msg {msg:?}");
        // with a 0x prefix and upper-case hex the input is the same
        let got = ok(&bls(&[
            "hash-to-g2",
            "--msg",
            &format!("0X{}", hex::encode_upper(msg)),
            "--dst",
            dst,
        ]));
        assert_eq!(got, want, "msg {msg:?} (0X, upper case)");
    }
    // the default DST is the ciphersuite's, not the RFC's test DST: a different point
    let first = ok(&bls(&["hash-to-g2", "--msg", ""]));
    assert!(is_lower_hex(&first, 96));
    assert_ne!(first, ok(&bls(&["hash-to-g2", "--msg", "", "--dst", dst])));
    // an empty DST is refused (RFC 9380 §3.1), bad hex too
    let out = bls(&["hash-to-g2", "--msg", "00", "--dst", ""]);
    assert_eq!(out.status.code(), Some(1));
    assert!(out.stdout.is_empty());
    assert_eq!(bls(&["hash-to-g2", "--msg", "0g"]).status.code(), Some(1));
}

// ---------------------------------------------------------------------------------------------
// Round trips

const IKM: [&str; 3] = [
    "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f",
    "c0ffeec0ffeec0ffeec0ffeec0ffeec0ffeec0ffeec0ffeec0ffeec0ffeec0ffee",
    "0x5Fa1a1e7BEEFbeefBEEFbeefBEEFbeefBEEFbeefBEEFbeefBEEFbeefBEEFbeef01",
];

fn keygen(ikm: &str) -> String {
    let sk = ok(&bls(&["keygen", "--ikm", ikm]));
    assert!(is_lower_hex(&sk, 32), "{sk}");
    sk
}

/// (pk bytes, sig bytes) of a variant.
fn lens(variant: &str) -> (usize, usize) {
    if variant == "min-pk" {
        (48, 96)
    } else {
        (96, 48)
    }
}

#[test]
fn keygen_sign_verify_round_trip_every_variant_and_scheme() {
    let sk = keygen(IKM[0]);
    // key_info changes the key; too-short IKM is refused
    assert_ne!(
        sk,
        ok(&bls(&["keygen", "--ikm", IKM[0], "--key-info", "01"]))
    );
    assert_eq!(sk, keygen(&IKM[0].to_uppercase().replace("0X", "0x")));
    let short = &IKM[0][..62];
    let out = bls(&["keygen", "--ikm", short]);
    assert_eq!(out.status.code(), Some(1));
    assert!(out.stdout.is_empty());
    let msg = "48656c6c6f2c20424c5321";
    for variant in ["min-pk", "min-sig"] {
        let (pk_len, sig_len) = lens(variant);
        let pk = ok(&bls(&["sk-to-pk", "--sk", &sk, "--variant", variant]));
        assert!(is_lower_hex(&pk, pk_len), "{variant}: {pk}");
        for scheme in ["basic", "aug", "pop"] {
            let what = format!("{variant} {scheme}");
            let sig = ok(&bls(&[
                "sign",
                "--sk",
                &sk,
                "--msg",
                msg,
                "--variant",
                variant,
                "--scheme",
                scheme,
            ]));
            assert!(is_lower_hex(&sig, sig_len), "{what}: {sig}");
            // options before the subcommand, upper-case values
            let sig2 = ok(&bls(&[
                "--variant",
                &variant.to_uppercase(),
                "--scheme",
                &scheme.to_uppercase(),
                "sign",
                "--sk",
                &sk,
                "--msg",
                msg,
            ]));
            assert_eq!(sig, sig2, "{what}");
            let verify = |pk: &str, msg: &str, sig: &str, sch: &str| {
                bls(&[
                    "verify",
                    "--pk",
                    pk,
                    "--msg",
                    msg,
                    "--sig",
                    sig,
                    "--variant",
                    variant,
                    "--scheme",
                    sch,
                ])
            };
            valid(&verify(&pk, msg, &sig, scheme), &what);
            fails(
                &verify(&pk, "48656c6c6f2c20424c5322", &sig, scheme),
                &format!("{what}: other message"),
            );
            // a signature of one scheme does not verify in another (different DSTs)
            for other in ["basic", "aug", "pop"] {
                if other != scheme {
                    fails(
                        &verify(&pk, msg, &sig, other),
                        &format!("{what} verified as {other}"),
                    );
                }
            }
            // any flipped bit fails (bits of the flags byte, of x, of the last byte)
            for (byte, bit) in [
                (0, 5),
                (0, 7),
                (0, 6),
                (1, 0),
                (sig_len / 2, 3),
                (sig_len - 1, 0),
            ] {
                fails(
                    &verify(&pk, msg, &flip(&sig, byte, bit), scheme),
                    &format!("{what}: signature bit {byte}.{bit} flipped"),
                );
            }
            for (byte, bit) in [(0, 5), (pk_len - 1, 0)] {
                fails(
                    &verify(&flip(&pk, byte, bit), msg, &sig, scheme),
                    &format!("{what}: public key bit {byte}.{bit} flipped"),
                );
            }
        }
        // the default scheme is pop, the default variant min-pk
        if variant == "min-pk" {
            assert_eq!(
                ok(&bls(&["sign", "--sk", &sk, "--msg", msg])),
                ok(&bls(&[
                    "sign",
                    "--sk",
                    &sk,
                    "--msg",
                    msg,
                    "--scheme",
                    "pop",
                    "--variant",
                    "min-pk"
                ]))
            );
            assert_eq!(ok(&bls(&["sk-to-pk", "--sk", &sk])), pk);
        }
    }
}

#[test]
fn aggregation_pop_and_batch_round_trips() {
    let sks: Vec<String> = IKM.iter().map(|i| keygen(i)).collect();
    let msgs = ["00", "", "616263"];
    for variant in ["min-pk", "min-sig"] {
        let v = ["--variant", variant];
        let pks: Vec<String> = sks
            .iter()
            .map(|sk| ok(&bls(&[&["sk-to-pk", "--sk", sk][..], &v[..]].concat())))
            .collect();
        let sign = |sk: &str, m: &str, scheme: &str| {
            ok(&bls(&[
                &["sign", "--sk", sk, "--msg", m, "--scheme", scheme][..],
                &v[..],
            ]
            .concat()))
        };
        let aggregate = |sigs: &[String]| {
            let mut a = vec!["aggregate"];
            for s in sigs {
                a.extend(["--sig", s.as_str()]);
            }
            a.extend(v);
            ok(&bls(&a))
        };
        // FastAggregateVerify: three keys, one message
        let same: Vec<String> = sks.iter().map(|sk| sign(sk, "ab", "pop")).collect();
        let agg = aggregate(&same);
        let fav = |pks: &[String], m: &str, sig: &str| {
            let mut a = vec!["fast-aggregate-verify"];
            for p in pks {
                a.extend(["--pk", p.as_str()]);
            }
            a.extend(["--msg", m, "--sig", sig]);
            a.extend(v);
            bls(&a)
        };
        valid(&fav(&pks, "ab", &agg), variant);
        fails(
            &fav(&pks, "ac", &agg),
            "fast-aggregate-verify, other message",
        );
        fails(
            &fav(&pks[..2], "ab", &agg),
            "fast-aggregate-verify, one key missing",
        );
        fails(&fav(&[], "ab", &agg), "fast-aggregate-verify, no keys");
        // the aggregate of one signature is that signature
        assert_eq!(aggregate(&same[..1]), same[0]);
        // AggregateVerify: distinct messages, every scheme
        for scheme in ["basic", "aug", "pop"] {
            let sigs: Vec<String> = sks
                .iter()
                .zip(msgs)
                .map(|(sk, m)| sign(sk, m, scheme))
                .collect();
            let agg = aggregate(&sigs);
            let av = |pks: &[String], ms: &[&str], sig: &str| {
                let mut a = vec!["aggregate-verify"];
                for p in pks {
                    a.extend(["--pk", p.as_str()]);
                }
                for m in ms {
                    a.extend(["--msg", *m]);
                }
                a.extend(["--sig", sig, "--scheme", scheme]);
                a.extend(v);
                bls(&a)
            };
            let what = format!("{variant} {scheme}");
            valid(&av(&pks, &msgs, &agg), &what);
            fails(
                &av(&pks, &["00", "616263", ""], &agg),
                &format!("{what}: messages swapped"),
            );
            fails(
                &av(&pks[..2], &msgs, &agg),
                &format!("{what}: count mismatch"),
            );
            fails(&av(&[], &[], &agg), &format!("{what}: empty lists"));
            // batch verification of the triples
            let bv = |sigs: &[String]| {
                let mut a = vec!["batch-verify"];
                for ((p, m), s) in pks.iter().zip(msgs).zip(sigs) {
                    a.extend(["--pk", p.as_str(), "--msg", m, "--sig", s.as_str()]);
                }
                a.extend(["--scheme", scheme]);
                a.extend(v);
                bls(&a)
            };
            valid(&bv(&sigs), &what);
            let mut swapped = sigs.clone();
            swapped.swap(0, 2);
            fails(
                &bv(&swapped),
                &format!("{what}: batch with swapped signatures"),
            );
            let mut a = vec!["batch-verify"];
            for (p, m) in pks.iter().zip(msgs) {
                a.extend(["--pk", p.as_str(), "--msg", m]);
            }
            for s in &sigs[..2] {
                a.extend(["--sig", s.as_str()]);
            }
            a.extend(["--scheme", scheme]);
            a.extend(v);
            fails(&bls(&a), &format!("{what}: batch, count mismatch"));
        }
        // basic scheme: equal messages are refused even with a valid aggregate
        let sigs: Vec<String> = sks[..2].iter().map(|sk| sign(sk, "ab", "basic")).collect();
        let agg = aggregate(&sigs);
        let out = bls(&[
            &[
                "aggregate-verify",
                "--pk",
                &pks[0],
                "--pk",
                &pks[1],
                "--msg",
                "ab",
                "--msg",
                "ab",
                "--sig",
                &agg,
                "--scheme",
                "basic",
            ][..],
            &v[..],
        ]
        .concat());
        fails(&out, "basic scheme, duplicate messages");
        // proofs of possession
        let proof = ok(&bls(&[&["pop-prove", "--sk", &sks[0]][..], &v[..]].concat()));
        let pv = |pk: &str, proof: &str| {
            bls(&[&["pop-verify", "--pk", pk, "--proof", proof][..], &v[..]].concat())
        };
        valid(&pv(&pks[0], &proof), variant);
        fails(&pv(&pks[1], &proof), "pop-verify, other key");
        // a signature on the key's bytes is not a proof (different DST)
        fails(
            &pv(&pks[0], &sign(&sks[0], &pks[0], "pop")),
            "pop-verify, signature as proof",
        );
        fails(&pv(&pks[0], &flip(&proof, 5, 1)), "pop-verify, bit flipped");
        // pop-only commands refuse the other schemes
        fails(
            &bls(&[
                &[
                    "pop-verify",
                    "--pk",
                    &pks[0],
                    "--proof",
                    &proof,
                    "--scheme",
                    "basic",
                ][..],
                &v[..],
            ]
            .concat()),
            "pop-verify --scheme basic",
        );
    }
}

// ---------------------------------------------------------------------------------------------
// Hostile inputs

#[test]
fn verification_failures_are_one_line_exit_1() {
    let sk = keygen(IKM[1]);
    let pk = ok(&bls(&["sk-to-pk", "--sk", &sk]));
    let sig = ok(&bls(&["sign", "--sk", &sk, "--msg", "01"]));
    let pk_sig = ok(&bls(&["sk-to-pk", "--sk", &sk, "--variant", "min-sig"]));
    let sig_sig = ok(&bls(&[
        "sign",
        "--sk",
        &sk,
        "--msg",
        "01",
        "--variant",
        "min-sig",
    ]));
    valid(
        &bls(&["verify", "--pk", &pk, "--msg", "01", "--sig", &sig]),
        "baseline",
    );
    valid(
        &bls(&[
            "verify",
            "--pk",
            &pk_sig,
            "--msg",
            "01",
            "--sig",
            &sig_sig,
            "--variant",
            "min-sig",
        ]),
        "baseline min-sig",
    );
    let g1_identity = format!("c0{}", "00".repeat(47));
    let g2_identity = format!("c0{}", "00".repeat(95));
    let verify =
        |pk: &str, msg: &str, sig: &str| bls(&["verify", "--pk", pk, "--msg", msg, "--sig", sig]);
    let cases: Vec<(&str, Output)> = vec![
        ("bad hex in pk", verify("zz", "01", &sig)),
        ("odd-length hex", verify(&pk[1..], "01", &sig)),
        ("bad hex in msg", verify(&pk, "0x0g", &sig)),
        (
            "bad hex in sig",
            verify(&pk, "01", &format!("{}xx", &sig[2..])),
        ),
        ("pk too short", verify(&pk[..94], "01", &sig)),
        ("pk too long", verify(&format!("{pk}00"), "01", &sig)),
        ("sig too short", verify(&pk, "01", &sig[..190])),
        ("empty pk", verify("", "01", &sig)),
        ("empty sig", verify(&pk, "01", "")),
        ("identity pk", verify(&g1_identity, "01", &sig)),
        ("identity sig", verify(&pk, "01", &g2_identity)),
        ("uncompressed-flag pk", verify(&flip(&pk, 0, 7), "01", &sig)),
        ("wrong message", verify(&pk, "02", &sig)),
        ("pk and sig swapped", verify(&sig, "01", &pk)),
        (
            "min-sig with min-pk-sized inputs",
            bls(&[
                "verify",
                "--pk",
                &pk,
                "--msg",
                "01",
                "--sig",
                &sig,
                "--variant",
                "min-sig",
            ]),
        ),
        (
            "min-pk with min-sig-sized inputs",
            bls(&["verify", "--pk", &pk_sig, "--msg", "01", "--sig", &sig_sig]),
        ),
        // malformed command lines of a verification command: still one line, exit 1
        (
            "missing --sig",
            bls(&["verify", "--pk", &pk, "--msg", "01"]),
        ),
        (
            "unknown flag",
            bls(&[
                "verify", "--pk", &pk, "--msg", "01", "--sig", &sig, "--bogus",
            ]),
        ),
        (
            "bad scheme",
            bls(&[
                "verify", "--pk", &pk, "--msg", "01", "--sig", &sig, "--scheme", "xyz",
            ]),
        ),
        (
            "two --sig",
            bls(&[
                "verify", "--pk", &pk, "--msg", "01", "--sig", &sig, "--sig", &sig,
            ]),
        ),
        (
            "aggregate-verify, no keys",
            bls(&["aggregate-verify", "--sig", &sig]),
        ),
        (
            "aggregate-verify, counts differ",
            bls(&[
                "aggregate-verify",
                "--pk",
                &pk,
                "--msg",
                "01",
                "--msg",
                "02",
                "--sig",
                &sig,
            ]),
        ),
        (
            "aggregate-verify, identity key",
            bls(&[
                "aggregate-verify",
                "--pk",
                &g1_identity,
                "--msg",
                "01",
                "--sig",
                &sig,
            ]),
        ),
        (
            "fast-aggregate-verify, no keys",
            bls(&["fast-aggregate-verify", "--msg", "01", "--sig", &sig]),
        ),
        (
            "fast-aggregate-verify, aug scheme",
            bls(&[
                "fast-aggregate-verify",
                "--pk",
                &pk,
                "--msg",
                "01",
                "--sig",
                &sig,
                "--scheme",
                "aug",
            ]),
        ),
        (
            "fast-aggregate-verify, bad second key",
            bls(&[
                "fast-aggregate-verify",
                "--pk",
                &pk,
                "--pk",
                "00",
                "--msg",
                "01",
                "--sig",
                &sig,
            ]),
        ),
        ("batch-verify, empty", bls(&["batch-verify"])),
        (
            "batch-verify, counts differ",
            bls(&[
                "batch-verify",
                "--pk",
                &pk,
                "--pk",
                &pk,
                "--msg",
                "01",
                "--msg",
                "01",
                "--sig",
                &sig,
            ]),
        ),
        (
            "batch-verify, identity sig",
            bls(&[
                "batch-verify",
                "--pk",
                &pk,
                "--msg",
                "01",
                "--sig",
                &g2_identity,
            ]),
        ),
        (
            "pop-verify, identity pk",
            bls(&["pop-verify", "--pk", &g1_identity, "--proof", &sig]),
        ),
        (
            "pop-verify, bad hex",
            bls(&["pop-verify", "--pk", &pk, "--proof", "nothex"]),
        ),
        (
            "pop-verify, missing proof",
            bls(&["pop-verify", "--pk", &pk]),
        ),
    ];
    for (what, out) in &cases {
        fails(out, what);
    }
}

#[test]
fn other_commands_reject_bad_input() {
    let r_be = "73eda753299d7d483339d80809a1d80553bda402fffe5bfeffffffff00000001";
    for (what, out) in [
        ("sk zero", bls(&["sk-to-pk", "--sk", &"00".repeat(32)])),
        ("sk = r", bls(&["sk-to-pk", "--sk", r_be])),
        (
            "sk too short",
            bls(&["sign", "--sk", &"01".repeat(31), "--msg", "00"]),
        ),
        ("sk bad hex", bls(&["pop-prove", "--sk", "xyz"])),
        ("ikm 31 bytes", bls(&["keygen", "--ikm", &"01".repeat(31)])),
        ("aggregate nothing", bls(&["aggregate"])),
        (
            "aggregate bad sig",
            bls(&["aggregate", "--sig", &"00".repeat(96)]),
        ),
        (
            "aggregate min-pk sig as min-sig",
            bls(&[
                "aggregate",
                "--sig",
                &format!("c0{}", "00".repeat(95)),
                "--variant",
                "min-sig",
            ]),
        ),
    ] {
        fails(&out, what);
    }
    // other commands keep clap's usage errors (exit 2)
    assert_eq!(bls(&["sign", "--sk", "01"]).status.code(), Some(2));
    assert_eq!(
        bls(&["keygen", "--ikm", IKM[0], "--variant", "nope"])
            .status
            .code(),
        Some(2)
    );
}

#[test]
fn help_documents_every_subcommand_and_option() {
    let out = bls(&["--help"]);
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    for word in [
        "keygen",
        "sk-to-pk",
        "sign",
        "verify",
        "aggregate",
        "aggregate-verify",
        "fast-aggregate-verify",
        "batch-verify",
        "hash-to-g2",
        "pop-prove",
        "pop-verify",
        "--scheme",
        "--variant",
        "min-sig",
        "basic",
        "aug",
        "pop",
        "0x",
    ] {
        assert!(text.contains(word), "help lacks {word}: {text}");
    }
}

// ---------------------------------------------------------------------------------------------
// Ethereum consensus BLS vectors (min-pk, PoP ciphersuite): crates/bls/tests/vectors/eth-bls

const ETH: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../bls/tests/vectors/eth-bls/");

/// Every case of one handler directory: (file name, JSON).
fn eth_cases(dir: &str) -> Vec<(String, serde_json::Value)> {
    let mut out = Vec::new();
    for e in std::fs::read_dir(format!("{ETH}{dir}")).expect("vector directory") {
        let p = e.unwrap().path();
        if p.extension().and_then(|x| x.to_str()) == Some("json") {
            let v = serde_json::from_str(&std::fs::read_to_string(&p).unwrap()).unwrap();
            out.push((p.file_name().unwrap().to_string_lossy().into_owned(), v));
        }
    }
    out.sort_by(|a, b| a.0.cmp(&b.0));
    assert!(!out.is_empty(), "no vectors in {dir}");
    out
}

fn strs(v: &serde_json::Value) -> Vec<String> {
    v.as_array()
        .unwrap()
        .iter()
        .map(|x| x.as_str().unwrap().to_string())
        .collect()
}

/// Checks a verification command's result against the vector's boolean output.
fn expect_bool(out: &Output, want: &serde_json::Value, what: &str) {
    if want.as_bool() == Some(true) {
        valid(out, what);
    } else {
        fails(out, what);
    }
}

#[test]
fn ethereum_vectors_sign_verify_aggregate() {
    for (name, c) in eth_cases("sign") {
        let i = &c["input"];
        let out = bls(&[
            "sign",
            "--sk",
            i["privkey"].as_str().unwrap(),
            "--msg",
            i["message"].as_str().unwrap(),
        ]);
        match c["output"].as_str() {
            Some(sig) => assert_eq!(ok(&out), sig.trim_start_matches("0x"), "{name}"),
            None => fails(&out, &name),
        }
    }
    for (name, c) in eth_cases("verify") {
        let i = &c["input"];
        let out = bls(&[
            "verify",
            "--pk",
            i["pubkey"].as_str().unwrap(),
            "--msg",
            i["message"].as_str().unwrap(),
            "--sig",
            i["signature"].as_str().unwrap(),
        ]);
        expect_bool(&out, &c["output"], &name);
    }
    for (name, c) in eth_cases("aggregate") {
        let mut a = vec!["aggregate".to_string()];
        for s in strs(&c["input"]) {
            a.extend(["--sig".to_string(), s]);
        }
        let a: Vec<&str> = a.iter().map(String::as_str).collect();
        let out = bls(&a);
        match c["output"].as_str() {
            Some(sig) => assert_eq!(ok(&out), sig.trim_start_matches("0x"), "{name}"),
            None => fails(&out, &name),
        }
    }
}

#[test]
fn ethereum_vectors_aggregate_and_batch_verification() {
    for (name, c) in eth_cases("fast_aggregate_verify") {
        let i = &c["input"];
        let mut a = vec!["fast-aggregate-verify".to_string()];
        for p in strs(&i["pubkeys"]) {
            a.extend(["--pk".to_string(), p]);
        }
        a.extend([
            "--msg".to_string(),
            i["message"].as_str().unwrap().to_string(),
            "--sig".to_string(),
            i["signature"].as_str().unwrap().to_string(),
        ]);
        let a: Vec<&str> = a.iter().map(String::as_str).collect();
        expect_bool(&bls(&a), &c["output"], &name);
    }
    for (name, c) in eth_cases("aggregate_verify") {
        let i = &c["input"];
        let mut a = vec!["aggregate-verify".to_string()];
        for p in strs(&i["pubkeys"]) {
            a.extend(["--pk".to_string(), p]);
        }
        for m in strs(&i["messages"]) {
            a.extend(["--msg".to_string(), m]);
        }
        a.extend([
            "--sig".to_string(),
            i["signature"].as_str().unwrap().to_string(),
        ]);
        let a: Vec<&str> = a.iter().map(String::as_str).collect();
        expect_bool(&bls(&a), &c["output"], &name);
    }
    for (name, c) in eth_cases("batch_verify") {
        let i = &c["input"];
        let mut a = vec!["batch-verify".to_string()];
        for p in strs(&i["pubkeys"]) {
            a.extend(["--pk".to_string(), p]);
        }
        for m in strs(&i["messages"]) {
            a.extend(["--msg".to_string(), m]);
        }
        for s in strs(&i["signatures"]) {
            a.extend(["--sig".to_string(), s]);
        }
        let a: Vec<&str> = a.iter().map(String::as_str).collect();
        expect_bool(&bls(&a), &c["output"], &name);
    }
}

//! End-to-end tests of `hayate fe`: setup, keygen, encrypt, decrypt; failures (non-satisfying
//! key, key of another setup, other curve, tampered or truncated file, bad policy) exit 1 with
//! one line on stderr and leave no output file.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

const BIN: &str = env!("CARGO_BIN_EXE_hayate");

fn hayate(args: &[&str]) -> Output {
    Command::new(BIN).args(args).output().expect("run hayate")
}

fn p(d: &Path, name: &str) -> String {
    d.join(name).to_str().unwrap().to_string()
}

fn ok(args: &[&str]) {
    let o = hayate(args);
    assert!(
        o.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&o.stderr)
    );
}

fn fails(args: &[&str], out: &str, needle: &str) {
    let o = hayate(args);
    assert_eq!(o.status.code(), Some(1), "{args:?}");
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(err.trim_end().lines().count(), 1, "{err}");
    assert!(err.contains(needle), "{err} does not mention {needle}");
    assert!(o.stdout.is_empty());
    assert!(!Path::new(out).exists(), "{out} left behind");
}

fn no_stray_files(d: &Path, expected: usize) {
    let n = std::fs::read_dir(d).unwrap().count();
    assert_eq!(
        n,
        expected,
        "{:?}",
        std::fs::read_dir(d)
            .unwrap()
            .map(|e| e.unwrap().path())
            .collect::<Vec<PathBuf>>()
    );
}

#[test]
fn fe_end_to_end() {
    let d = tempfile::tempdir().unwrap();
    let d = d.path();
    let (pk, msk) = (p(d, "pk"), p(d, "msk"));
    ok(&[
        "fe",
        "setup",
        "--scheme",
        "fame",
        "--curve",
        "bls12-381",
        "--pk",
        &pk,
        "--msk",
        &msk,
    ]);
    let key = p(d, "key");
    ok(&[
        "fe",
        "keygen",
        "--msk",
        &msk,
        "--attrs",
        "doctor,cardiology,age=42",
        "--out",
        &key,
    ]);
    let nurse = p(d, "nurse");
    ok(&[
        "fe",
        "keygen",
        "--msk",
        &msk,
        "--attrs",
        "nurse,cardiology,age=17",
        "--out",
        &nurse,
    ]);
    let plain = p(d, "file");
    let data: Vec<u8> = (0..200_000u32).map(|i| (i * 7 + i / 251) as u8).collect();
    std::fs::write(&plain, &data).unwrap();
    let enc = p(d, "file.enc");
    let policy = "(doctor or nurse) and cardiology and age >= 18";
    ok(&[
        "fe",
        "encrypt",
        "--pk",
        &pk,
        "--policy",
        policy,
        "--in",
        &plain,
        "--out",
        &enc,
        "--chunk-size",
        "4096",
    ]);
    let dec = p(d, "file.dec");
    ok(&["fe", "decrypt", "--key", &key, "--in", &enc, "--out", &dec]);
    assert_eq!(std::fs::read(&dec).unwrap(), data);
    std::fs::remove_file(&dec).unwrap();

    // not satisfied
    fails(
        &[
            "fe", "decrypt", "--key", &nurse, "--in", &enc, "--out", &dec,
        ],
        &dec,
        "do not satisfy",
    );
    // tampered: header, body, last byte; truncated
    let ct = std::fs::read(&enc).unwrap();
    for (i, what) in [
        (20usize, ""),
        (ct.len() / 2, "authentication"),
        (ct.len() - 1, "authentication"),
    ] {
        let mut t = ct.clone();
        t[i] ^= 1;
        let bad = p(d, "bad.enc");
        std::fs::write(&bad, &t).unwrap();
        fails(
            &["fe", "decrypt", "--key", &key, "--in", &bad, "--out", &dec],
            &dec,
            what,
        );
    }
    let bad = p(d, "bad.enc");
    std::fs::write(&bad, &ct[..ct.len() - 4096]).unwrap();
    fails(
        &["fe", "decrypt", "--key", &key, "--in", &bad, "--out", &dec],
        &dec,
        "",
    );
    std::fs::remove_file(&bad).unwrap();

    // key of another setup
    let (pk2, msk2) = (p(d, "pk2"), p(d, "msk2"));
    ok(&["fe", "setup", "--pk", &pk2, "--msk", &msk2]);
    let key2 = p(d, "key2");
    ok(&[
        "fe",
        "keygen",
        "--msk",
        &msk2,
        "--attrs",
        "doctor,cardiology,age=42",
        "--out",
        &key2,
    ]);
    fails(
        &["fe", "decrypt", "--key", &key2, "--in", &enc, "--out", &dec],
        &dec,
        "different setup",
    );

    // bad policy, non-monotone policy, bad attributes, wrong file kinds
    let e2 = p(d, "x.enc");
    fails(
        &[
            "fe",
            "encrypt",
            "--pk",
            &pk,
            "--policy",
            "doctor and (nurse",
            "--in",
            &plain,
            "--out",
            &e2,
        ],
        &e2,
        "byte 17",
    );
    fails(
        &[
            "fe",
            "encrypt",
            "--pk",
            &pk,
            "--policy",
            "not doctor",
            "--in",
            &plain,
            "--out",
            &e2,
        ],
        &e2,
        "monotone",
    );
    fails(
        &[
            "fe", "encrypt", "--pk", &key, "--policy", "doctor", "--in", &plain, "--out", &e2,
        ],
        &e2,
        "public key",
    );
    let k3 = p(d, "k3");
    fails(
        &[
            "fe",
            "keygen",
            "--msk",
            &msk,
            "--attrs",
            "doctor,,x",
            "--out",
            &k3,
        ],
        &k3,
        "attributes",
    );
    fails(
        &[
            "fe", "keygen", "--msk", &pk, "--attrs", "doctor", "--out", &k3,
        ],
        &k3,
        "master key",
    );
    fails(
        &[
            "fe", "decrypt", "--key", &key, "--in", &plain, "--out", &dec,
        ],
        &dec,
        "",
    );

    // paper 000's symmetric configuration, empty file
    let empty = p(d, "empty");
    std::fs::write(&empty, b"").unwrap();
    let e3 = p(d, "empty.enc");
    ok(&[
        "fe",
        "encrypt",
        "--pk",
        &pk,
        "--policy",
        "2 of (doctor, nurse, age > 40)",
        "--in",
        &empty,
        "--out",
        &e3,
        "--mode",
        "cbc-hmac",
    ]);
    ok(&["fe", "decrypt", "--key", &key, "--in", &e3, "--out", &dec]);
    assert_eq!(std::fs::read(&dec).unwrap(), b"");
    // pk, msk, key, nurse, file, file.enc, pk2, msk2, key2, empty, empty.enc, file.dec
    no_stray_files(d, 12);
}

#[test]
fn fe_other_curve() {
    let d = tempfile::tempdir().unwrap();
    let d = d.path();
    let (pk, msk, key, plain, enc, dec) = (
        p(d, "pk"),
        p(d, "msk"),
        p(d, "key"),
        p(d, "f"),
        p(d, "f.enc"),
        p(d, "f.dec"),
    );
    ok(&[
        "fe",
        "setup",
        "--curve",
        "bn254-beuchat",
        "--pk",
        &pk,
        "--msk",
        &msk,
    ]);
    ok(&[
        "fe", "keygen", "--msk", &msk, "--attrs", "a,b", "--out", &key,
    ]);
    std::fs::write(&plain, b"0123456789").unwrap();
    ok(&[
        "fe", "encrypt", "--pk", &pk, "--policy", "a and b", "--in", &plain, "--out", &enc,
        "--mode", "cbc-hmac",
    ]);
    ok(&["fe", "decrypt", "--key", &key, "--in", &enc, "--out", &dec]);
    assert_eq!(std::fs::read(&dec).unwrap(), b"0123456789");
    std::fs::remove_file(&dec).unwrap();
    // the pairings on two threads: same plaintext
    ok(&[
        "fe",
        "decrypt",
        "--key",
        &key,
        "--in",
        &enc,
        "--out",
        &dec,
        "--threads",
        "2",
    ]);
    assert_eq!(std::fs::read(&dec).unwrap(), b"0123456789");
    std::fs::remove_file(&dec).unwrap();
    // a BLS12-381 key on a bn254-beuchat ciphertext
    let (pk2, msk2, key2) = (p(d, "pk2"), p(d, "msk2"), p(d, "key2"));
    ok(&["fe", "setup", "--pk", &pk2, "--msk", &msk2]);
    ok(&[
        "fe", "keygen", "--msk", &msk2, "--attrs", "a,b", "--out", &key2,
    ]);
    fails(
        &["fe", "decrypt", "--key", &key2, "--in", &enc, "--out", &dec],
        &dec,
        "curve mismatch",
    );
    let o = hayate(&[
        "fe",
        "setup",
        "--curve",
        "p256",
        "--pk",
        &p(d, "x"),
        "--msk",
        &p(d, "y"),
    ]);
    assert_eq!(o.status.code(), Some(1));
}

#[test]
fn fe_ot10_end_to_end() {
    let d = tempfile::tempdir().unwrap();
    let d = d.path();
    let (pk, msk, key, plain, enc, dec) = (
        p(d, "pk"),
        p(d, "msk"),
        p(d, "key"),
        p(d, "f"),
        p(d, "f.enc"),
        p(d, "f.dec"),
    );
    // paper 000's configuration: d = 5, n = 2, AES-128-CBC + HMAC-SHA-256, 10-byte plaintext
    ok(&[
        "fe",
        "setup",
        "--scheme",
        "ot10",
        "--curve",
        "bn254-beuchat",
        "--categories",
        "5",
        "--dim",
        "2",
        "--pk",
        &pk,
        "--msk",
        &msk,
    ]);
    ok(&[
        "fe",
        "keygen",
        "--msk",
        &msk,
        "--attrs",
        "t1=3,t2=7,t3=cardiology",
        "--out",
        &key,
    ]);
    std::fs::write(&plain, b"0123456789").unwrap();
    let policy = "t1=3 and not t2=5 and (t3=cardiology or t4=1) and 2 of (t1=3, t2=7, t5=0)";
    ok(&[
        "fe", "encrypt", "--pk", &pk, "--policy", policy, "--in", &plain, "--out", &enc, "--mode",
        "cbc-hmac",
    ]);
    ok(&["fe", "decrypt", "--key", &key, "--in", &enc, "--out", &dec]);
    assert_eq!(std::fs::read(&dec).unwrap(), b"0123456789");
    std::fs::remove_file(&dec).unwrap();

    // not satisfied: t2 = 5 is excluded; a key without t2 satisfies neither t2=5 nor its negation
    let (k5, kno) = (p(d, "k5"), p(d, "kno"));
    ok(&[
        "fe",
        "keygen",
        "--msk",
        &msk,
        "--attrs",
        "t1=3,t2=5,t3=cardiology",
        "--out",
        &k5,
    ]);
    ok(&[
        "fe",
        "keygen",
        "--msk",
        &msk,
        "--attrs",
        "t1=3,t3=cardiology",
        "--out",
        &kno,
    ]);
    for k in [&k5, &kno] {
        fails(
            &["fe", "decrypt", "--key", k, "--in", &enc, "--out", &dec],
            &dec,
            "do not satisfy",
        );
    }
    // tampered ciphertext
    let ct = std::fs::read(&enc).unwrap();
    let bad = p(d, "bad.enc");
    for i in [ct.len() / 2, ct.len() - 1] {
        let mut t = ct.clone();
        t[i] ^= 1;
        std::fs::write(&bad, &t).unwrap();
        fails(
            &["fe", "decrypt", "--key", &key, "--in", &bad, "--out", &dec],
            &dec,
            "",
        );
    }
    std::fs::remove_file(&bad).unwrap();

    // policy and attribute errors
    let e2 = p(d, "x.enc");
    fails(
        &[
            "fe", "encrypt", "--pk", &pk, "--policy", "t1 >= 3", "--in", &plain, "--out", &e2,
        ],
        &e2,
        "not supported by ot10",
    );
    fails(
        &[
            "fe", "encrypt", "--pk", &pk, "--policy", "t9=1", "--in", &plain, "--out", &e2,
        ],
        &e2,
        "outside t1..t5",
    );
    let k3 = p(d, "k3");
    fails(
        &[
            "fe", "keygen", "--msk", &msk, "--attrs", "doctor", "--out", &k3,
        ],
        &k3,
        "category",
    );
    fails(
        &[
            "fe", "keygen", "--msk", &msk, "--attrs", "t6=1", "--out", &k3,
        ],
        &k3,
        "outside t1..t5",
    );
    fails(
        &[
            "fe",
            "setup",
            "--scheme",
            "ot10",
            "--dim",
            "1",
            "--pk",
            &k3,
            "--msk",
            &p(d, "m3"),
        ],
        &k3,
        "parameters",
    );

    // a FAME key on an OT10 ciphertext, and an OT10 key from a setup on another curve
    let (fpk, fmsk, fkey) = (p(d, "fpk"), p(d, "fmsk"), p(d, "fkey"));
    ok(&[
        "fe",
        "setup",
        "--scheme",
        "fame",
        "--curve",
        "bn254-beuchat",
        "--pk",
        &fpk,
        "--msk",
        &fmsk,
    ]);
    ok(&[
        "fe", "keygen", "--msk", &fmsk, "--attrs", "a", "--out", &fkey,
    ]);
    fails(
        &["fe", "decrypt", "--key", &fkey, "--in", &enc, "--out", &dec],
        &dec,
        "scheme ot10",
    );
    let (bpk, bmsk, bkey) = (p(d, "bpk"), p(d, "bmsk"), p(d, "bkey"));
    ok(&[
        "fe",
        "setup",
        "--scheme",
        "ot10",
        "--curve",
        "bls12-381",
        "--categories",
        "3",
        "--pk",
        &bpk,
        "--msk",
        &bmsk,
    ]);
    ok(&[
        "fe", "keygen", "--msk", &bmsk, "--attrs", "t1=3", "--out", &bkey,
    ]);
    fails(
        &["fe", "decrypt", "--key", &bkey, "--in", &enc, "--out", &dec],
        &dec,
        "curve mismatch",
    );
    // bls12-381 round trip with GCM
    let e4 = p(d, "b.enc");
    ok(&[
        "fe",
        "encrypt",
        "--pk",
        &bpk,
        "--policy",
        "t1=3 or t2=1",
        "--in",
        &plain,
        "--out",
        &e4,
    ]);
    ok(&["fe", "decrypt", "--key", &bkey, "--in", &e4, "--out", &dec]);
    assert_eq!(std::fs::read(&dec).unwrap(), b"0123456789");
    // pk msk key f f.enc k5 kno fpk fmsk fkey bpk bmsk bkey b.enc f.dec
    no_stray_files(d, 15);
}

/// Keys and ciphertexts written by an earlier hayate (format v1, `tests/data/fe-v1/`, see its
/// README) still open: the committed ciphertexts decrypt with the committed keys, a key issued
/// today from the committed master key decrypts them too, and a file encrypted today under the
/// committed public key decrypts with the committed key.
#[test]
fn files_from_format_v1_still_open() {
    let data = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/fe-v1");
    let msg = std::fs::read(data.join("msg.txt")).unwrap();
    let d = tempfile::tempdir().unwrap();
    let d = d.path();
    // `hayate fe decrypt` of `input` with `key` succeeds and gives msg.txt back
    let decrypts = |key: &str, input: &str, name: &str| {
        let out = p(d, name);
        ok(&["fe", "decrypt", "--key", key, "--in", input, "--out", &out]);
        assert_eq!(std::fs::read(&out).unwrap(), msg, "{name}");
    };
    let mut dirs = 0;
    for scheme in ["fame", "ot10"] {
        for curve in ["bls12-381", "bn254-beuchat", "bn254"] {
            let f = data.join(format!("{scheme}-{curve}"));
            let file = |n: &str| f.join(n).to_str().unwrap().to_string();
            let name = |suffix: &str| format!("{scheme}-{curve}.{suffix}");
            decrypts(&file("key"), &file("msg.enc"), &name("out"));

            let attrs = if scheme == "fame" {
                "doctor,cardiology,age=42"
            } else {
                "t1=3,t2=cardiology"
            };
            let key = p(d, &name("key"));
            ok(&[
                "fe",
                "keygen",
                "--msk",
                &file("msk"),
                "--attrs",
                attrs,
                "--out",
                &key,
            ]);
            decrypts(&key, &file("msg.enc"), &name("new-key.out"));

            let policy = if scheme == "fame" {
                "cardiology"
            } else {
                "t1=3"
            };
            let enc = p(d, &name("enc"));
            let src = data.join("msg.txt");
            let src = src.to_str().unwrap();
            ok(&[
                "fe",
                "encrypt",
                "--pk",
                &file("pk"),
                "--policy",
                policy,
                "--in",
                src,
                "--out",
                &enc,
            ]);
            decrypts(&file("key"), &enc, &name("new-file.out"));
            dirs += 1;
        }
    }
    assert_eq!(dirs, 6);
    let file = |n: &str| data.join(n).to_str().unwrap().to_string();
    decrypts(
        &file("fame-bls12-381/key"),
        &file("fame-bls12-381/msg-cbc.enc"),
        "cbc.out",
    );
}

//! End-to-end tests of `hayate aead …` through the built binary.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

const BIN: &str = env!("CARGO_BIN_EXE_hayate");

fn hayate(args: &[&str]) -> Output {
    Command::new(BIN).args(args).output().expect("run hayate")
}

fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).expect("utf-8 stdout")
}

/// One entry of a designers' KAT file (LWC format).
struct Kat {
    key: String,
    nonce: String,
    pt: String,
    ad: String,
    ct: String,
}

/// Reads entry `count` of the ascon128v12 KAT file in `shared/vectors/aead/` (a sibling of the
/// repository root).
fn kat(count: usize) -> Kat {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../../shared/vectors/aead/ascon128v12_LWC_AEAD_KAT_128_128.txt"
    );
    let text = std::fs::read_to_string(path).expect("KAT file");
    let want = format!("Count = {count}");
    let block = text
        .split("\n\n")
        .map(str::trim)
        .find(|b| b.lines().next() == Some(want.as_str()))
        .expect("KAT entry");
    let field = |name: &str| -> String {
        block
            .lines()
            .find_map(|l| l.strip_prefix(&format!("{name} =")))
            .map(|v| v.trim().to_lowercase())
            .expect(name)
    };
    Kat {
        key: field("Key"),
        nonce: field("Nonce"),
        pt: field("PT"),
        ad: field("AD"),
        ct: field("CT"),
    }
}

#[test]
fn kat_entry_encrypts_and_decrypts() {
    // Count 545: 16-byte plaintext and 16-byte associated data.
    for count in [1, 545, 1089] {
        let k = kat(count);
        let o = hayate(&[
            "aead",
            "encrypt",
            "--alg",
            "ascon128v12",
            "--key",
            &k.key,
            "--nonce",
            &k.nonce,
            "--ad",
            &k.ad,
            "--pt",
            &k.pt,
        ]);
        assert!(
            o.status.success(),
            "encrypt failed: {}",
            String::from_utf8_lossy(&o.stderr)
        );
        assert_eq!(stdout(&o).trim_end(), k.ct, "entry {count}");

        let o = hayate(&[
            "aead",
            "decrypt",
            "--alg",
            "ascon128v12",
            "--key",
            &k.key,
            "--nonce",
            &k.nonce,
            "--ad",
            &k.ad,
            "--ct",
            &k.ct,
        ]);
        assert!(
            o.status.success(),
            "decrypt failed: {}",
            String::from_utf8_lossy(&o.stderr)
        );
        assert_eq!(stdout(&o).trim_end(), k.pt, "entry {count}");
    }
}

#[test]
fn forged_tag_exits_1_with_empty_stdout() {
    let k = kat(545);
    let mut ct = hex::decode(&k.ct).unwrap();
    let last = ct.len() - 1;
    ct[last] ^= 1;
    let o = hayate(&[
        "aead",
        "decrypt",
        "--alg",
        "ascon128v12",
        "--key",
        &k.key,
        "--nonce",
        &k.nonce,
        "--ad",
        &k.ad,
        "--ct",
        &hex::encode(&ct),
    ]);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        o.stdout.is_empty(),
        "stdout must be empty, got {:?}",
        stdout(&o)
    );
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(
        err.trim_end().lines().count(),
        1,
        "one-line error, got {err:?}"
    );
}

#[test]
fn wrong_lengths_exit_1_without_panic() {
    let nonce16 = "00".repeat(16);
    let cases: [&[&str]; 4] = [
        &[
            "aead",
            "encrypt",
            "--alg",
            "ascon128v12",
            "--key",
            "0001",
            "--nonce",
            &nonce16,
            "--pt",
            "",
        ],
        &[
            "aead",
            "encrypt",
            "--alg",
            "ascon128v12",
            "--key",
            &nonce16,
            "--nonce",
            "00",
            "--pt",
            "aa",
        ],
        &[
            "aead",
            "decrypt",
            "--alg",
            "aesjambuv2",
            "--key",
            &nonce16,
            "--nonce",
            &nonce16,
            "--ct",
            "00",
        ],
        &[
            "aead",
            "decrypt",
            "--alg",
            "ascon128v12",
            "--key",
            &nonce16,
            "--nonce",
            &nonce16,
            "--ct",
            "00",
        ],
    ];
    for args in cases {
        let o = hayate(args);
        assert_eq!(o.status.code(), Some(1), "{args:?}");
        assert!(o.stdout.is_empty(), "{args:?}");
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(!err.contains("panicked"), "{err}");
        assert_eq!(err.trim_end().lines().count(), 1, "{err:?}");
    }
}

#[test]
fn unknown_algorithm_and_bad_hex_exit_1() {
    let z = "00".repeat(16);
    for args in [
        [
            "aead", "encrypt", "--alg", "nope", "--key", &z, "--nonce", &z, "--pt", "",
        ],
        [
            "aead",
            "encrypt",
            "--alg",
            "ascon128v12",
            "--key",
            "zz",
            "--nonce",
            &z,
            "--pt",
            "",
        ],
    ] {
        let o = hayate(&args);
        assert_eq!(o.status.code(), Some(1));
        assert!(o.stdout.is_empty());
    }
}

#[test]
fn list_names_every_algorithm() {
    let o = hayate(&["aead", "list"]);
    assert!(o.status.success());
    let names: Vec<String> = stdout(&o)
        .lines()
        .map(|l| l.split_whitespace().next().unwrap().to_string())
        .collect();
    let want: Vec<String> = hayate_aead::ALGORITHMS
        .iter()
        .map(|a| a.name().to_string())
        .collect();
    assert_eq!(names, want);
}

/// A fresh, empty directory under the target dir (removed at the start of each run).
fn scratch(name: &str) -> PathBuf {
    let d = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(name);
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

fn entries(dir: &Path) -> Vec<String> {
    let mut v: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    v.sort();
    v
}

#[test]
fn file_mode_round_trip_every_scheme() {
    let dir = scratch("aead_cli_round_trip");
    let pt: Vec<u8> = (0..100_003u32).map(|i| (i * 7 + (i >> 8)) as u8).collect();
    let input = dir.join("plain.bin");
    std::fs::write(&input, &pt).unwrap();
    for a in hayate_aead::ALGORITHMS {
        let key = "2b".repeat(a.key_len());
        let nonce = "a5".repeat(a.nonce_len());
        let enc = dir.join(format!("{}.enc", a.name()));
        let dec = dir.join(format!("{}.dec", a.name()));
        let o = hayate(&[
            "aead",
            "encrypt",
            "--alg",
            a.name(),
            "--key",
            &key,
            "--nonce",
            &nonce,
            "--ad",
            "0102",
            "--in",
            input.to_str().unwrap(),
            "--out",
            enc.to_str().unwrap(),
        ]);
        assert!(
            o.status.success(),
            "{}: {}",
            a.name(),
            String::from_utf8_lossy(&o.stderr)
        );
        assert!(o.stdout.is_empty());
        // The file holds exactly what the library's one-shot API produces.
        let ct = std::fs::read(&enc).unwrap();
        let want = a.encrypt(
            &hex::decode(&key).unwrap(),
            &hex::decode(&nonce).unwrap(),
            &[1, 2],
            &pt,
        );
        assert_eq!(ct, want.unwrap(), "{}", a.name());

        let o = hayate(&[
            "aead",
            "decrypt",
            "--alg",
            a.name(),
            "--key",
            &key,
            "--nonce",
            &nonce,
            "--ad",
            "0102",
            "--in",
            enc.to_str().unwrap(),
            "--out",
            dec.to_str().unwrap(),
        ]);
        assert!(
            o.status.success(),
            "{}: {}",
            a.name(),
            String::from_utf8_lossy(&o.stderr)
        );
        assert_eq!(std::fs::read(&dec).unwrap(), pt, "{}", a.name());
    }
    // No temporary files left behind.
    assert!(
        entries(&dir).iter().all(|n| !n.ends_with(".tmp")),
        "{:?}",
        entries(&dir)
    );
}

#[test]
fn failed_file_decryption_leaves_no_output() {
    let dir = scratch("aead_cli_forged_file");
    let key = "00".repeat(16);
    let nonce = "11".repeat(16);
    let input = dir.join("plain.bin");
    std::fs::write(&input, vec![0x42u8; 5000]).unwrap();
    let enc = dir.join("c.enc");
    let o = hayate(&[
        "aead",
        "encrypt",
        "--alg",
        "asconaead128",
        "--key",
        &key,
        "--nonce",
        &nonce,
        "--in",
        input.to_str().unwrap(),
        "--out",
        enc.to_str().unwrap(),
    ]);
    assert!(o.status.success());
    let before = entries(&dir);

    // Flip one ciphertext bit.
    let mut ct = std::fs::read(&enc).unwrap();
    ct[100] ^= 0x80;
    let forged = dir.join("forged.enc");
    std::fs::write(&forged, &ct).unwrap();
    let out = dir.join("out.dec");
    let o = hayate(&[
        "aead",
        "decrypt",
        "--alg",
        "asconaead128",
        "--key",
        &key,
        "--nonce",
        &nonce,
        "--in",
        forged.to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(1));
    assert!(o.stdout.is_empty());
    assert!(!out.exists(), "no output file after a failed decryption");
    let mut after = entries(&dir);
    after.retain(|n| n != "forged.enc");
    assert_eq!(after, before, "no temporary file left behind");

    // The wrong associated data fails too, and an existing output file is left untouched.
    std::fs::write(&out, b"previous").unwrap();
    let o = hayate(&[
        "aead",
        "decrypt",
        "--alg",
        "asconaead128",
        "--key",
        &key,
        "--nonce",
        &nonce,
        "--ad",
        "00",
        "--in",
        enc.to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(std::fs::read(&out).unwrap(), b"previous");

    // A file shorter than the tag is an error, not a panic.
    let short = dir.join("short.enc");
    std::fs::write(&short, [1u8, 2, 3]).unwrap();
    let o = hayate(&[
        "aead",
        "decrypt",
        "--alg",
        "asconaead128",
        "--key",
        &key,
        "--nonce",
        &nonce,
        "--in",
        short.to_str().unwrap(),
        "--out",
        dir.join("x").to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(1));
    assert!(!dir.join("x").exists());
}

/// Deterministic pseudo-random bytes (xorshift64*).
fn noise(len: usize, seed: u64) -> Vec<u8> {
    let mut x = seed | 1;
    (0..len)
        .map(|_| {
            x ^= x >> 12;
            x ^= x << 25;
            x ^= x >> 27;
            (x.wrapping_mul(0x2545_f491_4f6c_dd1d) >> 56) as u8
        })
        .collect()
}

fn run_file(
    op: &str,
    alg: &str,
    key: &str,
    nonce: &str,
    ad: &str,
    input: &Path,
    output: &Path,
) -> Output {
    hayate(&[
        "aead",
        op,
        "--alg",
        alg,
        "--key",
        key,
        "--nonce",
        nonce,
        "--ad",
        ad,
        "--in",
        input.to_str().unwrap(),
        "--out",
        output.to_str().unwrap(),
    ])
}

/// A multi-MiB file (above the 8 MiB progress-bar threshold, not a multiple of any block or of
/// the 1 MiB chunk) streams through every scheme: the encrypted file equals the library's
/// one-shot output, decryption (two passes) restores the input, and with standard error not a
/// terminal nothing at all is printed (no progress bar).
#[test]
fn multi_mib_file_streams_every_scheme() {
    let dir = scratch("aead_cli_multi_mib");
    let pt = noise((9 << 20) + 12_345, 42);
    let input = dir.join("big.bin");
    std::fs::write(&input, &pt).unwrap();
    for a in hayate_aead::ALGORITHMS {
        let key = "3c".repeat(a.key_len());
        let nonce = "5a".repeat(a.nonce_len());
        let enc = dir.join(format!("{}.enc", a.name()));
        let dec = dir.join(format!("{}.dec", a.name()));
        let o = run_file("encrypt", a.name(), &key, &nonce, "a0a1a2", &input, &enc);
        assert!(
            o.status.success(),
            "{}: {}",
            a.name(),
            String::from_utf8_lossy(&o.stderr)
        );
        assert!(
            o.stdout.is_empty() && o.stderr.is_empty(),
            "{}: {:?}",
            a.name(),
            o
        );
        let ct = std::fs::read(&enc).unwrap();
        let want = a
            .encrypt(
                &hex::decode(&key).unwrap(),
                &hex::decode(&nonce).unwrap(),
                &[0xa0, 0xa1, 0xa2],
                &pt,
            )
            .unwrap();
        assert!(
            ct == want,
            "{}: streamed file differs from the one-shot ciphertext",
            a.name()
        );

        let o = run_file("decrypt", a.name(), &key, &nonce, "a0a1a2", &enc, &dec);
        assert!(
            o.status.success(),
            "{}: {}",
            a.name(),
            String::from_utf8_lossy(&o.stderr)
        );
        assert!(
            o.stdout.is_empty() && o.stderr.is_empty(),
            "{}: {:?}",
            a.name(),
            o
        );
        assert!(
            std::fs::read(&dec).unwrap() == pt,
            "{}: round trip",
            a.name()
        );
        std::fs::remove_file(&enc).unwrap();
        std::fs::remove_file(&dec).unwrap();
    }
    assert_eq!(entries(&dir), ["big.bin"], "no temporary files left behind");
}

/// A tampered multi-MiB file (one bit in the middle, or in the tag) fails with exit 1, a one-line
/// error, and leaves neither --out nor a temporary file.
#[test]
fn tampered_multi_mib_file_fails_without_output() {
    let dir = scratch("aead_cli_multi_mib_tampered");
    let pt = noise((3 << 20) + 7, 7);
    let input = dir.join("big.bin");
    std::fs::write(&input, &pt).unwrap();
    for alg in ["aesjambuv2", "ketjesrv2", "aes128n12t8clocv3"] {
        let a = hayate_aead::by_name(alg).unwrap();
        let key = "01".repeat(a.key_len());
        let nonce = "02".repeat(a.nonce_len());
        let enc = dir.join("c.enc");
        let o = run_file("encrypt", alg, &key, &nonce, "", &input, &enc);
        assert!(o.status.success());
        let ct = std::fs::read(&enc).unwrap();
        for pos in [ct.len() / 2, ct.len() - 1] {
            let mut bad = ct.clone();
            bad[pos] ^= 0x04;
            let forged = dir.join("forged.enc");
            std::fs::write(&forged, &bad).unwrap();
            let out = dir.join("out.dec");
            let o = run_file("decrypt", alg, &key, &nonce, "", &forged, &out);
            assert_eq!(o.status.code(), Some(1), "{alg} pos {pos}");
            assert!(o.stdout.is_empty());
            let err = String::from_utf8_lossy(&o.stderr);
            assert_eq!(err.trim_end().lines().count(), 1, "{err:?}");
            assert!(err.contains("authentication failed"), "{err:?}");
            assert!(!out.exists(), "{alg}: no --out after a failed decryption");
            assert_eq!(
                entries(&dir),
                ["big.bin", "c.enc", "forged.enc"],
                "{alg}: no temporary file"
            );
            std::fs::remove_file(&forged).unwrap();
        }
        std::fs::remove_file(&enc).unwrap();
    }
}

/// Non-seekable input (a pipe): encryption streams, decryption falls back to the in-memory mode.
#[cfg(target_os = "linux")]
#[test]
fn pipe_input_round_trips() {
    use std::io::Write;
    use std::process::Stdio;
    let dir = scratch("aead_cli_pipe");
    let pt = noise(200_001, 3);
    let key = "77".repeat(16);
    let nonce = "88".repeat(16);
    let piped = |op: &str, data: &[u8], out: &Path| {
        let mut child = Command::new(BIN)
            .args([
                "aead",
                op,
                "--alg",
                "acorn128v3",
                "--key",
                &key,
                "--nonce",
                &nonce,
            ])
            .args(["--in", "/dev/stdin", "--out", out.to_str().unwrap()])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("spawn");
        let mut stdin = child.stdin.take().unwrap();
        let data = data.to_vec();
        let writer = std::thread::spawn(move || {
            let _ = stdin.write_all(&data);
        });
        let o = child.wait_with_output().expect("wait");
        writer.join().unwrap();
        o
    };
    let enc = dir.join("p.enc");
    let o = piped("encrypt", &pt, &enc);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let ct = std::fs::read(&enc).unwrap();
    let a = hayate_aead::by_name("acorn128v3").unwrap();
    assert!(ct == a.encrypt(&[0x77; 16], &[0x88; 16], b"", &pt).unwrap());
    let dec = dir.join("p.dec");
    let o = piped("decrypt", &ct, &dec);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert!(std::fs::read(&dec).unwrap() == pt);
    let mut bad = ct.clone();
    bad[5] ^= 1;
    let dec2 = dir.join("p2.dec");
    let o = piped("decrypt", &bad, &dec2);
    assert_eq!(o.status.code(), Some(1));
    assert!(!dec2.exists());
}

//! Hostile file-system and size inputs to the file commands (`aead`, `fe`) and the hex commands
//! (`evm`, `ecmul`): outputs that are special files, links, inputs or key files; failures that
//! must not destroy a master key; sizes that must be refused before any allocation or long
//! computation; messages that must name the real problem. Every failure is exit 1, one line on
//! standard error, nothing on standard output.

use std::io::Read;
use std::path::Path;
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

const BIN: &str = env!("CARGO_BIN_EXE_hayate");
const KEY: &str = "000102030405060708090a0b0c0d0e0f";
const NONCE: &str = "101112131415161718191a1b1c1d1e1f";

fn hayate(args: &[&str]) -> Output {
    Command::new(BIN).args(args).output().expect("run hayate")
}

fn hayate_stdin(args: &[&str], stdin: std::fs::File) -> Output {
    Command::new(BIN)
        .args(args)
        .stdin(Stdio::from(stdin))
        .output()
        .expect("run hayate")
}

fn ok(args: &[&str]) -> Output {
    let o = hayate(args);
    assert!(
        o.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&o.stderr)
    );
    o
}

/// Exit 1, one line on stderr containing `needle`, nothing on stdout; returns the line.
fn failed(o: &Output, needle: &str) -> String {
    let err = String::from_utf8_lossy(&o.stderr).to_string();
    assert_eq!(o.status.code(), Some(1), "stderr: {err}");
    assert_eq!(err.trim_end().lines().count(), 1, "{err}");
    assert!(
        err.to_lowercase().contains(&needle.to_lowercase()),
        "{err:?} does not mention {needle:?}"
    );
    assert!(o.stdout.is_empty(), "stdout: {:?}", o.stdout);
    err
}

fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

fn fame_setup(d: &Path) -> (String, String) {
    let (pk, msk) = (d.join("pk"), d.join("msk"));
    ok(&[
        "fe",
        "setup",
        "--scheme",
        "fame",
        "--curve",
        "bn254",
        "--pk",
        s(&pk),
        "--msk",
        s(&msk),
    ]);
    (s(&pk).to_string(), s(&msk).to_string())
}

#[test]
fn failed_setup_keeps_the_old_master_key() {
    let d = tempfile::tempdir().unwrap();
    let (_, msk) = fame_setup(d.path());
    let before = std::fs::read(&msk).unwrap();
    let o = hayate(&[
        "fe",
        "setup",
        "--curve",
        "bn254",
        "--pk",
        "/nonexistent/dir/pk.bin",
        "--msk",
        &msk,
    ]);
    failed(&o, "/nonexistent/dir");
    assert_eq!(std::fs::read(&msk).unwrap(), before, "master key replaced");
}

#[test]
fn setup_refuses_one_file_for_both_keys() {
    let d = tempfile::tempdir().unwrap();
    let same = d.path().join("same.bin");
    let o = hayate(&[
        "fe",
        "setup",
        "--curve",
        "bn254",
        "--pk",
        s(&same),
        "--msk",
        s(&same),
    ]);
    failed(&o, "same file");
    assert!(!same.exists());
    // another spelling of the same existing file
    let (pk, msk) = fame_setup(d.path());
    let before = std::fs::read(&msk).unwrap();
    let alias = d.path().join(".").join("msk");
    let o = hayate(&[
        "fe",
        "setup",
        "--curve",
        "bn254",
        "--pk",
        s(&alias),
        "--msk",
        &msk,
    ]);
    failed(&o, "same file");
    assert_eq!(std::fs::read(&msk).unwrap(), before);
    assert!(Path::new(&pk).exists());
}

#[test]
fn keygen_never_replaces_a_master_key() {
    let d = tempfile::tempdir().unwrap();
    let (_, msk) = fame_setup(d.path());
    let before = std::fs::read(&msk).unwrap();
    // the input itself
    let o = hayate(&["fe", "keygen", "--msk", &msk, "--attrs", "a", "--out", &msk]);
    failed(&o, "input");
    assert_eq!(std::fs::read(&msk).unwrap(), before);
    // the input through a symbolic link
    #[cfg(unix)]
    {
        let link = d.path().join("link");
        std::os::unix::fs::symlink(&msk, &link).unwrap();
        let o = hayate(&[
            "fe",
            "keygen",
            "--msk",
            &msk,
            "--attrs",
            "a",
            "--out",
            s(&link),
        ]);
        failed(&o, "input");
        assert_eq!(std::fs::read(&msk).unwrap(), before);
    }
    // another master key
    let other = tempfile::tempdir().unwrap();
    let (_, msk2) = fame_setup(other.path());
    let before2 = std::fs::read(&msk2).unwrap();
    let o = hayate(&[
        "fe", "keygen", "--msk", &msk, "--attrs", "a", "--out", &msk2,
    ]);
    failed(&o, "master secret key");
    assert_eq!(std::fs::read(&msk2).unwrap(), before2);
    // a public key file over a master key, through setup
    let o = hayate(&[
        "fe",
        "setup",
        "--curve",
        "bn254",
        "--pk",
        &msk2,
        "--msk",
        s(&d.path().join("m3")),
    ]);
    failed(&o, "master secret key");
    assert_eq!(std::fs::read(&msk2).unwrap(), before2);
}

#[test]
fn huge_ot10_parameters_are_refused_without_allocation() {
    let d = tempfile::tempdir().unwrap();
    for n in ["2305843009213693952", "1000000000000", "257", "0"] {
        let (pk, msk) = (d.path().join("pk"), d.path().join("msk"));
        let o = hayate(&[
            "fe",
            "setup",
            "--scheme",
            "ot10",
            "--curve",
            "bn254",
            "--categories",
            n,
            "--pk",
            s(&pk),
            "--msk",
            s(&msk),
        ]);
        failed(&o, "categories");
        assert!(!pk.exists() && !msk.exists());
    }
    let o = hayate(&[
        "fe",
        "setup",
        "--scheme",
        "ot10",
        "--dim",
        "100000000000",
        "--pk",
        s(&d.path().join("pk")),
        "--msk",
        s(&d.path().join("msk")),
    ]);
    failed(&o, "dim");
}

#[test]
fn fe_messages_name_the_real_problem() {
    let d = tempfile::tempdir().unwrap();
    let (pk, msk) = fame_setup(d.path());
    let input = d.path().join("in.txt");
    std::fs::write(&input, b"hello").unwrap();
    let ct = d.path().join("ct");
    // chunk size
    let o = hayate(&[
        "fe",
        "encrypt",
        "--pk",
        &pk,
        "--policy",
        "a",
        "--in",
        s(&input),
        "--out",
        s(&ct),
        "--chunk-size",
        "17",
    ]);
    let e = failed(&o, "chunk size");
    assert!(!e.contains("header"), "{e}");
    assert!(!ct.exists());
    // missing output directory: named, not a temporary file
    let o = hayate(&[
        "fe",
        "encrypt",
        "--pk",
        &pk,
        "--policy",
        "a",
        "--in",
        s(&input),
        "--out",
        s(&d.path().join("missing/ct")),
    ]);
    let e = failed(&o, "does not exist");
    assert!(e.contains("missing") && !e.contains(".hayate-"), "{e}");
    // unknown scheme byte in a ciphertext
    ok(&[
        "fe",
        "encrypt",
        "--pk",
        &pk,
        "--policy",
        "a",
        "--in",
        s(&input),
        "--out",
        s(&ct),
    ]);
    let key = d.path().join("key");
    ok(&[
        "fe",
        "keygen",
        "--msk",
        &msk,
        "--attrs",
        "a",
        "--out",
        s(&key),
    ]);
    let mut bytes = std::fs::read(&ct).unwrap();
    bytes[5] = 9;
    std::fs::write(&ct, &bytes).unwrap();
    let out = d.path().join("pt");
    let o = hayate(&[
        "fe",
        "decrypt",
        "--key",
        s(&key),
        "--in",
        s(&ct),
        "--out",
        s(&out),
    ]);
    let e = failed(&o, "unknown scheme");
    assert!(!e.contains("scheme fame, but"), "{e}");
    assert!(!out.exists());
}

#[test]
fn endless_inputs_are_bounded() {
    let d = tempfile::tempdir().unwrap();
    let start = Instant::now();
    // a key file that never ends
    let o = hayate(&[
        "fe",
        "decrypt",
        "--key",
        "/dev/zero",
        "--in",
        "/dev/null",
        "--out",
        s(&d.path().join("x")),
    ]);
    failed(&o, "larger than");
    // evm input from an endless standard input
    let o = hayate_stdin(
        &["evm", "bn256Add", "-"],
        std::fs::File::open("/dev/zero").unwrap(),
    );
    failed(&o, "too large");
    // aead decryption from an endless pipe-like device
    let o = hayate(&[
        "aead",
        "decrypt",
        "--alg",
        "asconaead128",
        "--key",
        KEY,
        "--nonce",
        NONCE,
        "--in",
        "/dev/zero",
        "--out",
        s(&d.path().join("y")),
    ]);
    failed(&o, "limited to");
    assert!(start.elapsed() < Duration::from_secs(60));
    assert_eq!(std::fs::read_dir(d.path()).unwrap().count(), 0);
}

#[test]
fn aead_output_is_never_the_input_and_special_files_stay_special() {
    let d = tempfile::tempdir().unwrap();
    let input = d.path().join("in");
    std::fs::write(&input, b"attack at dawn").unwrap();
    let args = |out: &str| -> Vec<String> {
        [
            "aead",
            "encrypt",
            "--alg",
            "asconaead128",
            "--key",
            KEY,
            "--nonce",
            NONCE,
            "--in",
            s(&input),
            "--out",
            out,
        ]
        .iter()
        .map(|x| x.to_string())
        .collect()
    };
    let run = |out: &str| {
        let a = args(out);
        hayate(&a.iter().map(String::as_str).collect::<Vec<_>>())
    };
    // the input itself
    failed(&run(s(&input)), "input");
    assert_eq!(std::fs::read(&input).unwrap(), b"attack at dawn");
    // `-`: standard output, the same bytes as the file mode writes
    let file = d.path().join("ct");
    let o = run(s(&file));
    assert!(o.status.success());
    let o = run("-");
    assert!(o.status.success());
    assert_eq!(o.stdout, std::fs::read(&file).unwrap());
    // a symbolic link to a regular file: the target is replaced, the link kept
    #[cfg(unix)]
    {
        let target = d.path().join("target");
        std::fs::write(&target, b"old").unwrap();
        let link = d.path().join("link");
        std::os::unix::fs::symlink(&target, &link).unwrap();
        assert!(run(s(&link)).status.success());
        assert!(std::fs::symlink_metadata(&link)
            .unwrap()
            .file_type()
            .is_symlink());
        assert_eq!(
            std::fs::read(&target).unwrap(),
            std::fs::read(&file).unwrap()
        );
    }
    // a FIFO stays a FIFO and its reader gets the ciphertext
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        let fifo = d.path().join("fifo");
        let st = Command::new("mkfifo").arg(&fifo).status().unwrap();
        assert!(st.success());
        let f2 = fifo.clone();
        let reader = std::thread::spawn(move || {
            let mut v = Vec::new();
            std::fs::File::open(&f2)
                .unwrap()
                .read_to_end(&mut v)
                .unwrap();
            v
        });
        assert!(run(s(&fifo)).status.success());
        assert_eq!(reader.join().unwrap(), std::fs::read(&file).unwrap());
        assert!(std::fs::symlink_metadata(&fifo)
            .unwrap()
            .file_type()
            .is_fifo());
        // a character device (a private null device node made here, when permitted)
        let null = d.path().join("null");
        let made = Command::new("mknod")
            .arg(&null)
            .args(["c", "1", "3"])
            .stderr(Stdio::null())
            .status()
            .map(|s| s.success())
            .unwrap_or(false)
            // a file system mounted nodev refuses to open it: nothing to test there
            && std::fs::OpenOptions::new().write(true).open(&null).is_ok();
        if made {
            assert!(run(s(&null)).status.success());
            assert!(std::fs::symlink_metadata(&null)
                .unwrap()
                .file_type()
                .is_char_device());
        }
    }
}

#[test]
fn aead_names_and_hex_prefixes_are_case_insensitive() {
    let lower = ok(&[
        "aead",
        "encrypt",
        "--alg",
        "asconaead128",
        "--key",
        KEY,
        "--nonce",
        NONCE,
        "--pt",
        "00",
    ]);
    let upper = ok(&[
        "aead",
        "encrypt",
        "--alg",
        "AsconAEAD128",
        "--key",
        &format!("0X{KEY}"),
        "--nonce",
        &format!("0x{NONCE}"),
        "--pt",
        "0X00",
    ]);
    assert_eq!(lower.stdout, upper.stdout);
}

#[test]
fn ecmul_sizes_are_bounded() {
    let start = Instant::now();
    let g = ok(&[
        "ecmul",
        "--curve",
        "secp256k1",
        "--method",
        "binary",
        "--scalar",
        "1234567",
    ]);
    let split = ok(&[
        "ecmul",
        "--curve",
        "secp256k1",
        "--method",
        "split:4294967295",
        "--threads",
        "1",
        "--scalar",
        "1234567",
    ]);
    assert_eq!(g.stdout, split.stdout);
    assert!(start.elapsed() < Duration::from_secs(30));
    let long = "7".repeat(100_000);
    let o = hayate(&[
        "ecmul",
        "--curve",
        "secp256k1",
        "--method",
        "affine-ladder-ct",
        "--scalar",
        &long,
    ]);
    failed(&o, "at most");
    assert!(start.elapsed() < Duration::from_secs(30));
}

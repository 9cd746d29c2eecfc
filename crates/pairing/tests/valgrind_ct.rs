//! Constant-time evidence for the pairing groups' secret-scalar paths: runs
//! `examples/ct_pairing.rs` under valgrind's memcheck with the secret scalars (and base
//! points/elements) marked *undefined* by client requests, so that memcheck reports every
//! conditional branch and every memory address computed from a secret (the ctgrind technique;
//! the same harness as `crates/ec/tests/valgrind_ct.rs`). Covered: the GLV/GLS
//! decompositions, G1 `mul_ct` (GLV), G2 `mul_ct` (4-dimensional GLS), `Gt::pow` (cyclotomic
//! GLS) and the `ct_mul` Straus/comb/multi-exponentiation routines, on BLS12-381 and both BN254
//! curves.
//!
//! * `pairing_secret_scalar_paths_are_constant_time_under_valgrind`: no memcheck error.
//! * `valgrind_flags_variable_time_gt_pow`: negative control — `Gt::pow_vartime` on a secret
//!   exponent **must** be flagged, so the test cannot pass vacuously.
//!
//! The payload is built with `cargo build --release` (no debug assertions or overflow checks,
//! which branch on secrets by design) into `<target>/ct-valgrind`, a separate target directory
//! (no lock contention with the running `cargo test`), shared with hayate-ec's valgrind test so
//! that the common crates compile once. If valgrind is missing the
//! tests fail with a message; `scripts/test.sh` installs it.

use std::path::PathBuf;
use std::process::Command;
use std::sync::OnceLock;

/// Builds `examples/ct_pairing.rs` in release mode (once per test binary run).
fn payload() -> &'static PathBuf {
    static EXE: OnceLock<PathBuf> = OnceLock::new();
    EXE.get_or_init(|| {
        let vg = Command::new("valgrind").arg("--version").output();
        assert!(
            matches!(&vg, Ok(o) if o.status.success()),
            "valgrind is not installed (or not runnable), but the constant-time test needs it: \
             install it with `apt-get install -y valgrind` (scripts/test.sh does this)"
        );
        // <target>/<profile>/deps/valgrind_ct-… → <target>
        let exe = std::env::current_exe().expect("test binary path");
        let target = exe.ancestors().nth(3).expect("target directory");
        let target = target.join("ct-valgrind");
        let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_string());
        let manifest = concat!(env!("CARGO_MANIFEST_DIR"), "/Cargo.toml");
        let out = Command::new(cargo)
            .args([
                "build",
                "--release",
                "--quiet",
                "--example",
                "ct_pairing",
                "--features",
                "ct-valgrind",
            ])
            .args(["--manifest-path", manifest])
            .env("CARGO_TARGET_DIR", &target)
            .output()
            .expect("running cargo build for the valgrind payload");
        assert!(
            out.status.success(),
            "building examples/ct_pairing.rs failed:\n{}",
            String::from_utf8_lossy(&out.stderr)
        );
        target.join("release/examples/ct_pairing")
    })
}

/// (exit status success, stdout + stderr) of the payload in `mode` under memcheck.
fn memcheck(mode: &str) -> (bool, String) {
    let out = Command::new("valgrind")
        .args(["--tool=memcheck", "--error-exitcode=1", "--num-callers=30"])
        // source paths relative to crates/ (arith/src/fp.rs:405) in the reports
        .arg("--fullpath-after=crates/")
        .arg(payload())
        .arg(mode)
        .output()
        .expect("spawning valgrind");
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    (out.status.success(), text)
}

/// memcheck's messages for a branch and for an address derived from undefined (secret) data.
const LEAKS: [&str; 2] = [
    "Conditional jump or move depends on uninitialised value",
    "Use of uninitialised value",
];

#[test]
#[cfg(target_arch = "x86_64")]
fn pairing_secret_scalar_paths_are_constant_time_under_valgrind() {
    let (ok, text) = memcheck("ct");
    assert!(
        text.contains("ct_pairing: running on valgrind = 1"),
        "the payload did not run under valgrind (client requests not recognised):\n{text}"
    );
    assert!(
        text.contains("ct_pairing: constant-time payload done"),
        "payload failed:\n{text}"
    );
    for msg in LEAKS {
        assert!(
            !text.contains(msg),
            "secret-dependent branch or memory index (\"{msg}\"):\n{text}"
        );
    }
    assert!(ok, "valgrind reported errors:\n{text}");
}

#[test]
#[cfg(target_arch = "x86_64")]
fn valgrind_flags_variable_time_gt_pow() {
    let (ok, text) = memcheck("leaky");
    assert!(
        text.contains("ct_pairing: leaky payload done"),
        "payload failed:\n{text}"
    );
    assert!(
        !ok && text.contains(LEAKS[0]),
        "valgrind did not flag the variable-time exponentiation: the instrumentation is \
         broken:\n{text}"
    );
}

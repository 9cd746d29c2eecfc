//! Constant-time evidence for paper 004's ladder (issue 4): runs `examples/ct_ladder.rs` under
//! valgrind's memcheck, with the secret scalar (and base point, and the field elements given to
//! safegcd) marked *undefined* by valgrind client requests. memcheck reports every conditional
//! branch ("Conditional jump or move depends on uninitialised value(s)") and every memory
//! address ("Use of uninitialised value of size 8") computed from a secret — the two timing
//! channels constant-time code must avoid (the ctgrind technique). Arithmetic, masks and cmov
//! on secrets are allowed.
//!
//! * `jin_miyaji_ladder_and_safegcd_are_constant_time_under_valgrind`: the Jin–Miyaji ladder
//!   with safegcd, the Montgomery and Joye ladders and safegcd inversion must produce **no**
//!   memcheck error (`--error-exitcode=1`).
//! * `valgrind_flags_the_variable_time_binary_gcd`: negative control — the binary-GCD inversion
//!   (paper 004's data-dependent inverter) on a secret **must** be flagged, so the test cannot
//!   pass vacuously (e.g. if the client requests stopped working).
//!
//! The payload must be built without debug assertions and overflow checks (those branch on
//! secrets by design, e.g. `subtle::Choice::from`'s range assertion), so this test builds the
//! example with `cargo build --release` into `<target>/ct-valgrind` (a separate target
//! directory: no lock contention with the running `cargo test`). The first run compiles the
//! crates once in release mode; later runs are incremental.
//!
//! If valgrind is missing the tests fail with a message; `scripts/test.sh` installs it.

use std::path::PathBuf;
use std::process::Command;
use std::sync::OnceLock;

/// Builds `examples/ct_ladder.rs` in release mode (once per test binary run).
fn payload() -> &'static PathBuf {
    static EXE: OnceLock<PathBuf> = OnceLock::new();
    EXE.get_or_init(|| {
        match Command::new("valgrind").arg("--version").output() {
            Ok(o) if o.status.success() => {}
            _ => panic!(
                "valgrind is not installed (or not runnable), but the constant-time test needs it: \
                 install it with `apt-get install -y valgrind` (scripts/test.sh does this)"
            ),
        }
        // <target>/debug/deps/valgrind_ct-… → <target>
        let exe = std::env::current_exe().expect("test binary path");
        let target = exe
            .ancestors()
            .nth(3)
            .expect("target directory")
            .to_path_buf();
        let target = target.join("ct-valgrind");
        let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_string());
        let manifest = concat!(env!("CARGO_MANIFEST_DIR"), "/Cargo.toml");
        let out = Command::new(cargo)
            .args([
                "build",
                "--release",
                "--quiet",
                "--example",
                "ct_ladder",
                "--features",
                "ct-valgrind",
                "--manifest-path",
                manifest,
            ])
            .env("CARGO_TARGET_DIR", &target)
            .output()
            .expect("running cargo build for the valgrind payload");
        assert!(
            out.status.success(),
            "building examples/ct_ladder.rs failed:\n{}",
            String::from_utf8_lossy(&out.stderr)
        );
        target.join("release/examples/ct_ladder")
    })
}

struct Run {
    success: bool,
    output: String,
}

fn run_under_valgrind(mode: &str) -> Run {
    let out = Command::new("valgrind")
        .args([
            "--tool=memcheck",
            "--error-exitcode=1",
            "--track-origins=yes",
            "--num-callers=30",
        ])
        .arg(payload())
        .arg(mode)
        .output()
        .expect("spawning valgrind");
    let output = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    Run {
        success: out.status.success(),
        output,
    }
}

const LEAK_MESSAGES: [&str; 2] = [
    "Conditional jump or move depends on uninitialised value",
    "Use of uninitialised value",
];

#[test]
#[cfg(target_arch = "x86_64")]
fn jin_miyaji_ladder_and_safegcd_are_constant_time_under_valgrind() {
    let run = run_under_valgrind("ct");
    assert!(
        run.output.contains("ct_ladder: running on valgrind = 1"),
        "the payload did not run under valgrind (client requests not recognised):\n{}",
        run.output
    );
    assert!(
        run.output.contains("ct_ladder: constant-time payload done"),
        "payload failed:\n{}",
        run.output
    );
    for msg in LEAK_MESSAGES {
        assert!(
            !run.output.contains(msg),
            "secret-dependent branch or memory index (\"{msg}\"):\n{}",
            run.output
        );
    }
    assert!(run.success, "valgrind reported errors:\n{}", run.output);
}

#[test]
#[cfg(target_arch = "x86_64")]
fn valgrind_flags_the_variable_time_binary_gcd() {
    let run = run_under_valgrind("leaky");
    assert!(
        run.output.contains("ct_ladder: leaky payload done"),
        "payload failed:\n{}",
        run.output
    );
    assert!(
        !run.success && run.output.contains(LEAK_MESSAGES[0]),
        "valgrind did not flag the variable-time inversion: the instrumentation is broken:\n{}",
        run.output
    );
}

//! Constant-time evidence under valgrind's memcheck (the ctgrind technique): runs the payload
//! `examples/ctgrind.rs`, whose secrets are marked *undefined*, so that memcheck reports every
//! conditional branch and every memory address computed from a secret.
//!
//! Two builds of the payload run (see `common::payload`):
//! * `Runtime`: CPU features detected at run time. valgrind's CPU model has neither ADX nor
//!   AVX-512, so this covers the portable code (what runs on CPUs without them).
//! * `Adx`: built with `-C target-feature=+bmi2,+adx`, so the generated MULX/ADCX/ADOX kernels
//!   are selected at compile time and valgrind executes (and tracks) them: the default path on
//!   x86-64 CPUs since Broadwell/Zen for BN254, bn254-beuchat, BLS12-381 and secp256k1.
//!
//! The payload prints the number of assembly kernel calls per section, so the tests assert
//! which path ran, not only that nothing was reported. AVX-512 IFMA cannot run under valgrind;
//! `tests/disasm.rs` covers it.
//!
//! Controls, so that no test passes vacuously: the variable-time binary-GCD inversion on a
//! secret, and `mont_mul_4_planted` — a generated kernel with a planted secret-dependent branch
//! and load — must both be flagged.
//!
//! valgrind is installed by `scripts/test.sh`; without it the tests fail with a message.

#![cfg(target_arch = "x86_64")]

mod common;

use common::{payload, Build};
use std::process::Command;

struct Run {
    success: bool,
    output: String,
}

fn valgrind(build: Build, mode: &str) -> Run {
    let vg = Command::new("valgrind").arg("--version").output();
    assert!(
        matches!(&vg, Ok(o) if o.status.success()),
        "valgrind is not installed (or not runnable), but the constant-time tests need it: \
         install it with `apt-get install -y valgrind` (scripts/test.sh does this)"
    );
    let out = Command::new("valgrind")
        .args([
            "--tool=memcheck",
            "--error-exitcode=1",
            "--track-origins=yes",
        ])
        .args(["--num-callers=30"])
        .arg(payload(build))
        .arg(mode)
        .output()
        .expect("spawning valgrind");
    Run {
        success: out.status.success(),
        output: format!(
            "{}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        ),
    }
}

const BRANCH: &str = "Conditional jump or move depends on uninitialised value";
const ADDRESS: &str = "Use of uninitialised value";

/// The assembly kernel calls each section reported.
fn kernel_calls(run: &Run) -> Vec<(String, u64)> {
    run.output
        .lines()
        .filter_map(|l| {
            let rest = l.strip_prefix("ctgrind: section ")?;
            let (name, calls) = rest.split_once(" done, assembly kernel calls ")?;
            Some((name.to_string(), calls.trim().parse().ok()?))
        })
        .collect()
}

fn assert_clean(build: Build, run: &Run) {
    assert!(
        run.output.contains("ctgrind: running on valgrind = 1"),
        "the payload did not run under valgrind (client requests not recognised):\n{}",
        run.output
    );
    assert!(
        run.output.contains("ctgrind: constant-time payload done"),
        "{build:?} payload failed:\n{}",
        run.output
    );
    for msg in [BRANCH, ADDRESS] {
        assert!(
            !run.output.contains(msg),
            "{build:?}: secret-dependent branch or memory index (\"{msg}\"):\n{}",
            run.output
        );
    }
    assert!(
        run.success,
        "{build:?}: valgrind reported errors:\n{}",
        run.output
    );
}

#[test]
fn portable_code_is_constant_time_under_valgrind() {
    let run = valgrind(Build::Runtime, "ct");
    assert_clean(Build::Runtime, &run);
    assert!(
        run.output
            .contains("MULX/ADX selected = false, AVX-512 IFMA available = false"),
        "under valgrind the run-time build must take the portable path:\n{}",
        run.output
    );
    let calls = kernel_calls(&run);
    assert_eq!(calls.len(), 9, "sections reported:\n{}", run.output);
    for (name, n) in calls {
        assert_eq!(n, 0, "section {name}: assembly ran in the portable build");
    }
}

#[test]
fn assembly_kernels_are_constant_time_under_valgrind() {
    let run = valgrind(Build::Adx, "ct");
    assert_clean(Build::Adx, &run);
    assert!(
        run.output
            .contains("MULX/ADX selected = true, AVX-512 IFMA available = false"),
        "the +bmi2,+adx build must select the assembly:\n{}",
        run.output
    );
    // every section but aead (no field arithmetic) has work on BN254, BLS12-381 or secp256k1,
    // whose fields take the assembly
    let calls = kernel_calls(&run);
    assert_eq!(calls.len(), 9, "sections reported:\n{}", run.output);
    for (name, n) in calls {
        if name == "aead" {
            assert_eq!(n, 0, "section aead: unexpected assembly kernel calls");
        } else {
            assert!(n >= 3, "section {name}: only {n} assembly kernel calls");
        }
    }
}

#[test]
fn valgrind_flags_the_variable_time_inversion() {
    let run = valgrind(Build::Runtime, "leaky");
    assert!(
        run.output.contains("ctgrind: leaky payload done"),
        "payload failed:\n{}",
        run.output
    );
    assert!(
        !run.success && run.output.contains(BRANCH),
        "valgrind did not flag the variable-time inversion: the instrumentation is broken:\n{}",
        run.output
    );
}

#[test]
fn valgrind_flags_a_planted_branch_in_an_assembly_kernel() {
    let run = valgrind(Build::Adx, "planted");
    assert!(
        run.output.contains("ctgrind: planted payload done"),
        "payload failed:\n{}",
        run.output
    );
    assert!(
        !run.success && run.output.contains(BRANCH) && run.output.contains(ADDRESS),
        "valgrind did not flag the planted branch and load in the MULX kernel:\n{}",
        run.output
    );
}

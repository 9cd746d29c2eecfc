//! Builds the valgrind payload (`examples/ctgrind.rs`) for the tests of this crate.

#![allow(dead_code)]

use std::path::PathBuf;
use std::process::Command;
use std::sync::OnceLock;

/// Which build of the payload.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Build {
    /// CPU features detected at run time (under valgrind, whose CPU model has neither ADX nor
    /// AVX-512, the portable code runs).
    Runtime,
    /// `-C target-feature=+bmi2,+adx`: the MULX/ADCX/ADOX assembly is selected at compile time
    /// and runs under valgrind.
    Adx,
}

/// The payload's path, building it first (once per test binary and build kind) with
/// `payload.sh` (profile `ct`: release code generation, no debug assertions — they branch on
/// secrets by design; feature `ct-valgrind`) into `<target>/ct-valgrind[-adx]`: a target
/// directory of its own, so that the running `cargo test` holds no lock on it and the feature
/// (an instruction counter in every assembly kernel, the planted kernel) never reaches the
/// workspace's own build. `scripts/test.sh` starts the same script early in the background;
/// this call then finds the payload built (or waits on cargo's lock for it).
pub fn payload(build: Build) -> PathBuf {
    static RUNTIME: OnceLock<PathBuf> = OnceLock::new();
    static ADX: OnceLock<PathBuf> = OnceLock::new();
    let cell = match build {
        Build::Runtime => &RUNTIME,
        Build::Adx => &ADX,
    };
    cell.get_or_init(|| {
        // <target>/<profile>/deps/<test>-… → <target>
        let exe = std::env::current_exe().expect("test binary path");
        let target = exe.ancestors().nth(3).expect("target directory");
        let (kind, dir) = match build {
            Build::Runtime => ("runtime", "ct-valgrind"),
            Build::Adx => ("adx", "ct-valgrind-adx"),
        };
        let target = target.join(dir);
        let script = concat!(env!("CARGO_MANIFEST_DIR"), "/payload.sh");
        let out = Command::new("bash")
            .arg(script)
            .arg(kind)
            .arg(&target)
            .output()
            .expect("running payload.sh");
        assert!(
            out.status.success(),
            "building examples/ctgrind.rs ({build:?}) failed:\n{}",
            String::from_utf8_lossy(&out.stderr)
        );
        target.join("ct/examples/ctgrind")
    })
    .clone()
}

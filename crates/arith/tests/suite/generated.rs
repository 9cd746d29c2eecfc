//! The checked-in assembly back ends (`src/backend/*_gen.rs`, hayate-pairing's
//! `src/backend/x86_64/mulx/lines_gen.rs` and hayate-ec's `src/backend/x86_64/mulx/points_gen.rs`,
//! whose generators live here) are exactly what their generators in `tools/` print: a generator
//! changed without regenerating (or a hand edit of generated code) fails here. Needs `python3`
//! (part of the test machine's set-up, as for the other tools).

use std::path::Path;
use std::process::Command;

/// Runs `tools/NAME.py [ARGS]` (`generator` = "NAME.py ARGS") and compares its output with
/// `src/backend/FILE`.
fn check(generator: &str, file: &str) {
    check_in(generator, "arith", file);
}

/// [`check`] for the file `crates/CRATE/src/backend/FILE`.
fn check_in(generator: &str, krate: &str, file: &str) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let backend = root.join("..").join(krate).join("src/backend");
    let mut words = generator.split_whitespace();
    let script = words.next().expect("generator name");
    let out = Command::new("python3")
        .arg(root.join("tools").join(script))
        .args(words)
        .current_dir(root)
        .output()
        .unwrap_or_else(|e| panic!("python3 tools/{generator}: {e}"));
    assert!(
        out.status.success(),
        "tools/{generator} failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let checked_in = std::fs::read(backend.join(file)).expect(file);
    assert!(
        out.stdout == checked_in,
        "crates/{krate}/src/backend/{file} differs from the output of tools/{generator}; \
         regenerate it with `python3 crates/arith/tools/{generator} > \
         crates/{krate}/src/backend/{file}`"
    );
}

#[test]
fn avx2_back_end_matches_its_generator() {
    check("gen_avx2.py", "x86_64/avx2/gen.rs");
}

#[test]
fn x86_64_back_end_matches_its_generator() {
    check("gen_x86_64.py", "x86_64/mulx/gen.rs");
}

#[test]
fn line_kernels_match_their_generator() {
    check("gen_x86_64_lines.py tower", "x86_64/mulx/lines_gen.rs");
    check_in(
        "gen_x86_64_lines.py miller",
        "pairing",
        "x86_64/mulx/lines_gen.rs",
    );
}

#[test]
fn point_kernels_match_their_generator() {
    check_in("gen_x86_64_points.py", "ec", "x86_64/mulx/points_gen.rs");
}

#[test]
fn aarch64_back_end_matches_its_generator() {
    check("gen_aarch64.py scalar", "aarch64/scalar_gen.rs");
}

#[test]
fn neon_back_end_matches_its_generator() {
    check("gen_aarch64.py neon", "aarch64/neon_gen.rs");
}

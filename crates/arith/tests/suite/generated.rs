//! The checked-in kernel files (hayate-arith's `src/backend/*_gen.rs` and `x86_64/*/gen.rs`,
//! hayate-pairing's `src/backend/x86_64/mulx/lines_gen.rs`, hayate-ec's
//! `src/backend/x86_64/mulx/points_gen.rs`; the list is `FILES` in `tools/codegen/__init__.py`)
//! are exactly what their generators print: a generator changed without regenerating (or a
//! hand edit of generated code) fails here. Needs `python3` (part of the test machine's set-up,
//! as for the other tools).

use std::path::Path;
use std::process::Command;

#[test]
fn generated_files_match_their_generators() {
    let tools = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tools");
    let out = Command::new("python3")
        .args(["-m", "codegen", "--check"])
        // no __pycache__ left in the source tree
        .env("PYTHONDONTWRITEBYTECODE", "1")
        .current_dir(&tools)
        .output()
        .unwrap_or_else(|e| panic!("python3 -m codegen --check (in tools/): {e}"));
    assert!(
        out.status.success(),
        "python3 -m codegen --check (in tools/) failed:\n{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
}

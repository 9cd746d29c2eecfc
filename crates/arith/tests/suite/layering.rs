//! The back-end seam holds (docs/architecture.md): in hayate-arith, hayate-ec and
//! hayate-pairing no source file outside a `backend/` folder names an instruction set — no
//! `cfg(target_arch …)`, no path into `backend::x86_64` or `backend::aarch64` (comments
//! aside). The field, tower, curve and Miller-loop code asks its crate's `backend` for a
//! kernel; a kernel call added anywhere else fails here.

use std::fs;
use std::path::{Path, PathBuf};

/// Every `.rs` file under `dir`, skipping folders named `backend`.
fn sources_outside_backend(dir: &Path, out: &mut Vec<PathBuf>) {
    let entries = fs::read_dir(dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
    for entry in entries {
        let path = entry.expect("directory entry").path();
        if path.is_dir() {
            if path.file_name().is_some_and(|n| n != "backend") {
                sources_outside_backend(&path, out);
            }
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The lines of `text` that name an instruction set in code (not in a comment).
fn isa_lines(text: &str) -> Vec<(usize, String)> {
    text.lines()
        .enumerate()
        .filter(|(_, l)| {
            let code = l.split("//").next().unwrap_or("");
            code.contains("target_arch")
                || code.contains("backend::x86_64")
                || code.contains("backend::aarch64")
        })
        .map(|(i, l)| (i + 1, l.trim().to_string()))
        .collect()
}

#[test]
fn no_instruction_set_outside_the_backends() {
    let crates = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut files = Vec::new();
    for name in ["arith", "ec", "pairing"] {
        sources_outside_backend(&crates.join(name).join("src"), &mut files);
    }
    // the walk found the crates' sources (a moved folder must not make this pass vacuously)
    assert!(files.iter().any(|f| f.ends_with("arith/src/fp12.rs")));
    assert!(files.iter().any(|f| f.ends_with("pairing/src/miller.rs")));
    let mut found = Vec::new();
    for f in &files {
        let text = fs::read_to_string(f).unwrap_or_else(|e| panic!("{}: {e}", f.display()));
        for (line, code) in isa_lines(&text) {
            found.push(format!("{}:{line}: {code}", f.display()));
        }
    }
    assert!(
        found.is_empty(),
        "instruction sets named outside backend/:\n{}",
        found.join("\n")
    );
}

#[test]
fn the_check_sees_code_and_skips_comments() {
    // positive control: the patterns the test looks for are found in code lines
    let code = "#[cfg(target_arch = \"x86_64\")]\nlet r = crate::backend::x86_64::mulx::f();\n";
    assert_eq!(isa_lines(code).len(), 2);
    assert_eq!(
        isa_lines("x(); // backend::aarch64 in a comment\n/// `backend::x86_64`\n").len(),
        0
    );
}

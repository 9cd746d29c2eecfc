//! Records the compiler version and the git revision for `hayate report`'s machine description.
//! Both are best effort: outside a git checkout the revision is "unknown", and the "-dirty"
//! mark is as of the last time HEAD moved.

use std::process::Command;

fn run(cmd: &str, args: &[&str]) -> Option<String> {
    let out = Command::new(cmd).args(args).output().ok()?;
    out.status
        .success()
        .then(|| String::from_utf8_lossy(&out.stdout).trim().to_string())
}

fn main() {
    let rustc = std::env::var("RUSTC").unwrap_or_else(|_| "rustc".into());
    let version = run(&rustc, &["--version"]).unwrap_or_else(|| "unknown".into());
    println!("cargo:rustc-env=HAYATE_RUSTC_VERSION={version}");
    let rev = run("git", &["rev-parse", "--short=12", "HEAD"]).unwrap_or_else(|| "unknown".into());
    let dirty = run("git", &["status", "--porcelain", "--untracked-files=no"])
        .is_some_and(|s| !s.is_empty());
    println!(
        "cargo:rustc-env=HAYATE_GIT_REVISION={rev}{}",
        if dirty { "-dirty" } else { "" }
    );
    // Re-run when HEAD moves: HEAD itself and the branch it names (loose or packed). Not the
    // index: `git status` above rewrites it, which would rebuild this crate on every cargo run.
    let head = std::fs::read_to_string("../../.git/HEAD").unwrap_or_default();
    let mut watch = vec!["../../.git/HEAD".to_string(), "../../.git/packed-refs".to_string()];
    if let Some(r) = head.trim().strip_prefix("ref: ") {
        watch.push(format!("../../.git/{r}"));
    }
    for p in &watch {
        if std::path::Path::new(p).exists() {
            println!("cargo:rerun-if-changed={p}");
        }
    }
    println!("cargo:rerun-if-changed=build.rs");
}

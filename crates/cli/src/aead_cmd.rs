//! `hayate aead list|encrypt|decrypt`: authenticated encryption from the command line.
//!
//! ```text
//! hayate aead list
//! hayate aead encrypt --alg NAME --key HEX --nonce HEX [--ad HEX] --pt HEX     # prints ct‖tag hex
//! hayate aead decrypt --alg NAME --key HEX --nonce HEX [--ad HEX] --ct HEX     # prints pt hex
//! hayate aead encrypt --alg NAME --key HEX --nonce HEX [--ad HEX] --in FILE --out FILE
//! hayate aead decrypt --alg NAME --key HEX --nonce HEX [--ad HEX] --in FILE --out FILE
//! ```
//!
//! Hex mode prints lowercase hex on standard output. Any failure (bad hex, unknown algorithm,
//! wrong key/nonce length, tag mismatch, I/O) is one line on standard error, nothing on
//! standard output, exit code 1.
//!
//! File mode: the encrypted file is the raw ciphertext followed by the tag (the same bytes
//! the hex mode prints). **File mode is not streaming**: the schemes expose a one-shot
//! in-place API, so the whole input is read into memory (in 1 MiB chunks, with an indicatif
//! progress bar on standard error when the input is at least 8 MiB and standard error is a
//! terminal), processed in place, and written out; memory use is about the file size.
//! The output is always written to a temporary file in the output's directory and renamed
//! over `--out` only when everything succeeded. For decryption the tag is verified before a
//! single plaintext byte is written, and on failure the temporary file is removed (an existing
//! `--out` is left untouched), so no unauthenticated plaintext is ever left behind.

use clap::{ArgGroup, Args, Subcommand};
use hayate_aead::{acorn, ascon, cloc, jambu, ketje, silc, Scheme};
use indicatif::{ProgressBar, ProgressStyle};
use std::fs::File;
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

#[derive(Subcommand)]
pub enum AeadCommand {
    /// List the algorithms (name, then key, nonce and tag lengths in bytes).
    List,
    /// Encrypt: prints ciphertext ‖ tag as lowercase hex (or writes it to --out).
    Encrypt(CryptArgs<PtInput>),
    /// Decrypt ciphertext ‖ tag: prints the plaintext hex (or writes it to --out) only if the
    /// tag verifies; otherwise exit 1 and no output.
    Decrypt(CryptArgs<CtInput>),
}

/// Options shared by encrypt and decrypt.
#[derive(Args)]
pub struct CryptArgs<I: clap::Args> {
    /// Algorithm name (see `hayate aead list`).
    #[arg(long)]
    alg: String,
    /// Key, hex.
    #[arg(long)]
    key: String,
    /// Nonce (public message number), hex.
    #[arg(long)]
    nonce: String,
    /// Associated data, hex (default empty).
    #[arg(long, default_value = "")]
    ad: String,
    #[command(flatten)]
    input: I,
}

/// Input of `encrypt`: --pt HEX, or --in FILE --out FILE.
#[derive(Args)]
#[command(group(ArgGroup::new("source").required(true).args(["pt", "input"])))]
pub struct PtInput {
    /// Plaintext, hex.
    #[arg(long)]
    pt: Option<String>,
    #[command(flatten)]
    files: FileArgs,
}

/// Input of `decrypt`: --ct HEX (ciphertext ‖ tag), or --in FILE --out FILE.
#[derive(Args)]
#[command(group(ArgGroup::new("source").required(true).args(["ct", "input"])))]
pub struct CtInput {
    /// Ciphertext ‖ tag, hex.
    #[arg(long)]
    ct: Option<String>,
    #[command(flatten)]
    files: FileArgs,
}

#[derive(Args)]
pub struct FileArgs {
    /// Input file (file mode; instead of the hex argument).
    #[arg(long = "in", id = "input", value_name = "FILE", requires = "output")]
    input: Option<PathBuf>,
    /// Output file (file mode); replaced only after success.
    #[arg(long = "out", id = "output", value_name = "FILE", requires = "input")]
    output: Option<PathBuf>,
}

pub fn run(c: AeadCommand) -> ExitCode {
    let r = match c {
        AeadCommand::List => {
            // One scheme per line, name first (scripts can take the first word).
            for a in hayate_aead::ALGORITHMS {
                println!(
                    "{:<18} key={} nonce={} tag={}",
                    a.name(),
                    a.key_len(),
                    a.nonce_len(),
                    a.tag_len()
                );
            }
            Ok(())
        }
        AeadCommand::Encrypt(a) => {
            let (pt, files) = (a.input.pt.clone(), a.input.files.clone_paths());
            run_crypt(&a.alg, &a.key, &a.nonce, &a.ad, pt, files, Dir::Enc)
        }
        AeadCommand::Decrypt(a) => {
            let (ct, files) = (a.input.ct.clone(), a.input.files.clone_paths());
            run_crypt(&a.alg, &a.key, &a.nonce, &a.ad, ct, files, Dir::Dec)
        }
    };
    match r {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::from(1)
        }
    }
}

impl FileArgs {
    fn clone_paths(&self) -> Option<(PathBuf, PathBuf)> {
        match (&self.input, &self.output) {
            (Some(i), Some(o)) => Some((i.clone(), o.clone())),
            _ => None,
        }
    }
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Dir {
    Enc,
    Dec,
}

fn parse_hex(what: &str, s: &str) -> Result<Vec<u8>, String> {
    let s = s.trim();
    let s = s.strip_prefix("0x").unwrap_or(s);
    hex::decode(s).map_err(|e| format!("--{what}: invalid hex ({e})"))
}

fn run_crypt(
    alg: &str,
    key: &str,
    nonce: &str,
    ad: &str,
    data_hex: Option<String>,
    files: Option<(PathBuf, PathBuf)>,
    dir: Dir,
) -> Result<(), String> {
    let a = hayate_aead::by_name(alg).map_err(|_| {
        let names: Vec<_> = hayate_aead::ALGORITHMS.iter().map(|a| a.name()).collect();
        format!("unknown algorithm {alg:?} (known: {})", names.join(", "))
    })?;
    let key = parse_hex("key", key)?;
    let nonce = parse_hex("nonce", nonce)?;
    let ad = parse_hex("ad", ad)?;
    // Check lengths up front so no file is touched for a bad invocation.
    if key.len() != a.key_len() {
        return Err(format!("{}: key must be {} bytes, got {}", a.name(), a.key_len(), key.len()));
    }
    if nonce.len() != a.nonce_len() {
        return Err(format!(
            "{}: nonce must be {} bytes, got {}",
            a.name(),
            a.nonce_len(),
            nonce.len()
        ));
    }
    match (data_hex, files) {
        (Some(h), None) => {
            let data = parse_hex(if dir == Dir::Enc { "pt" } else { "ct" }, &h)?;
            let out = match dir {
                Dir::Enc => a.encrypt(&key, &nonce, &ad, &data),
                Dir::Dec => a.decrypt(&key, &nonce, &ad, &data),
            }
            .map_err(|e| e.to_string())?;
            println!("{}", hex::encode(out));
            Ok(())
        }
        (None, Some((input, output))) => file_mode(a.name(), &key, &nonce, &ad, &input, &output, dir),
        // clap's argument group makes these unreachable; keep a clean error anyway.
        _ => Err("give either the hex input or --in FILE --out FILE".to_string()),
    }
}

// ---------------------------------------------------------------------------------------------
// File mode
// ---------------------------------------------------------------------------------------------

/// Inputs at least this large get a progress bar (when standard error is a terminal).
const PROGRESS_THRESHOLD: u64 = 8 << 20;
const CHUNK: usize = 1 << 20;

fn progress(total: u64) -> ProgressBar {
    if total < PROGRESS_THRESHOLD {
        return ProgressBar::hidden();
    }
    // ProgressBar::new draws to stderr and hides itself when stderr is not a terminal.
    let pb = ProgressBar::new(total);
    pb.set_style(
        ProgressStyle::with_template("{msg:>10} [{bar:40}] {bytes}/{total_bytes} ({bytes_per_sec})")
            .unwrap_or_else(|_| ProgressStyle::default_bar())
            .progress_chars("=> "),
    );
    pb
}

/// Dispatches to the typed in-place implementation of the named scheme.
fn file_mode(
    name: &str,
    key: &[u8],
    nonce: &[u8],
    ad: &[u8],
    input: &Path,
    output: &Path,
    dir: Dir,
) -> Result<(), String> {
    macro_rules! dispatch {
        ($($t:ty),*) => {
            $(if name == <$t as Scheme>::NAME {
                return file_crypt::<$t>(key, nonce, ad, input, output, dir);
            })*
        };
    }
    dispatch!(
        cloc::Clocv3,
        silc::Silcv3,
        jambu::Jambuv2,
        ketje::KetjeSrv2,
        ascon::Ascon128v12,
        acorn::Acorn128v3,
        ascon::AsconAead128
    );
    Err(format!("file mode does not know algorithm {name}"))
}

fn file_crypt<S: Scheme>(
    key: &[u8],
    nonce: &[u8],
    ad: &[u8],
    input: &Path,
    output: &Path,
    dir: Dir,
) -> Result<(), String> {
    let scheme = S::new(key).map_err(|e| e.to_string())?;
    let mut f = File::open(input).map_err(|e| format!("{}: {e}", input.display()))?;
    let size = f.metadata().map(|m| m.len()).unwrap_or(0);
    // Read + write: the bar covers both passes.
    let pb = progress(2 * size);
    pb.set_message("reading");
    let extra = if dir == Dir::Enc { S::TAG_LEN } else { 0 };
    let mut buf = Vec::with_capacity(usize::try_from(size).unwrap_or(0) + extra);
    let mut chunk = vec![0u8; CHUNK];
    loop {
        let n = f.read(&mut chunk).map_err(|e| format!("{}: {e}", input.display()))?;
        if n == 0 {
            break;
        }
        buf.extend_from_slice(&chunk[..n]);
        pb.inc(n as u64);
    }
    drop(f);
    pb.set_message(if dir == Dir::Enc { "encrypting" } else { "decrypting" });
    match dir {
        Dir::Enc => {
            let n = buf.len();
            buf.resize(n + S::TAG_LEN, 0);
            let (body, tag) = buf.split_at_mut(n);
            scheme.encrypt_detached(nonce, ad, body, tag).map_err(|e| e.to_string())?;
        }
        Dir::Dec => {
            let n = buf.len().checked_sub(S::TAG_LEN).ok_or_else(|| {
                format!("{}: too short to hold the {}-byte tag", input.display(), S::TAG_LEN)
            })?;
            let (body, tag) = buf.split_at_mut(n);
            let tag = tag.to_vec();
            // On failure the scheme wipes `body`; nothing has been written anywhere yet.
            scheme.decrypt_detached(nonce, ad, body, &tag).map_err(|e| e.to_string())?;
            buf.truncate(n);
        }
    }
    let r = write_atomically(output, &buf, &pb);
    if dir == Dir::Dec {
        zeroize::Zeroize::zeroize(buf.as_mut_slice());
    }
    pb.finish_and_clear();
    r
}

/// Writes `data` to a temporary file next to `output`, flushes it, and renames it over
/// `output`. On any error the temporary file is removed (tempfile's drop) and `output` is
/// untouched.
fn write_atomically(output: &Path, data: &[u8], pb: &ProgressBar) -> Result<(), String> {
    let dir = match output.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    };
    let mut tmp = tempfile::Builder::new()
        .prefix(".hayate-aead-")
        .suffix(".tmp")
        .tempfile_in(&dir)
        .map_err(|e| format!("{}: cannot create a temporary file: {e}", dir.display()))?;
    pb.set_message("writing");
    for c in data.chunks(CHUNK) {
        tmp.write_all(c).map_err(|e| format!("{}: {e}", tmp.path().display()))?;
        pb.inc(c.len() as u64);
    }
    tmp.as_file().sync_all().map_err(|e| format!("{}: {e}", tmp.path().display()))?;
    tmp.persist(output).map_err(|e| format!("{}: {}", output.display(), e.error))?;
    Ok(())
}

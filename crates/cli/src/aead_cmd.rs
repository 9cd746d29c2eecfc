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
//! the hex mode prints). File mode **streams** for all seven schemes, through the incremental
//! API of `hayate_aead::stream` (see its module doc for how each scheme streams):
//!
//! * **encrypt**: one pass, 1 MiB chunks: read, encrypt in place, write; the tag is appended
//!   at the end. Memory O(chunk) whatever the file size; the input may be a pipe.
//! * **decrypt** (regular files): two passes over the input, memory O(chunk).
//!   Pass 1 reads the tag from the end of the file, then the ciphertext, and verifies the tag
//!   without producing any output (`Verifier`; schemes that absorb plaintext compute it into
//!   a wiped scratch buffer). Nothing is created on disk unless the tag verifies. Pass 2 reads
//!   the ciphertext again, decrypts it into a temporary file and checks that this pass gives
//!   the same tag again (`Decryptor::finalize`), which catches an input changed between the
//!   passes.
//! * **decrypt** from a non-seekable input (a pipe or device): the whole input (at most
//!   256 MiB) is read, the tag checked, and only then is plaintext written.
//!
//! Guarantees: outputs follow [`crate::files`] — a regular `--out` is replaced only when
//! everything succeeded (tag verified in both passes, data synced) through a temporary file in
//! its directory, a special file (`/dev/null`, a FIFO) is written in place only after success,
//! `-` is standard output, and `--out` naming the input is refused. On any failure nothing is
//! written and an existing `--out` is left untouched, so **no unauthenticated plaintext ever
//! reaches `--out`**. (If the input is modified between the two passes, pass 2 writes plaintext
//! of unverified ciphertext into the temporary file before its final tag check fails; that file
//! is then deleted, not renamed.)
//! Chunk buffers holding plaintext are wiped after use; key and cipher states are wiped on
//! drop by the library.
//!
//! A progress bar (indicatif, on standard error) is shown when the input is at least 8 MiB and
//! standard error is a terminal; it covers both passes of a decryption.

use clap::{ArgGroup, Args, Subcommand};
use hayate_aead::{acorn, ascon, cloc, jambu, ketje, silc, Encryptor, Streaming, Verifier};
use indicatif::{ProgressBar, ProgressStyle};
use std::fs::File;
use std::io::{Read, Seek, SeekFrom};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use crate::files::Output;

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
    crate::hexarg::decode(s).map_err(|e| format!("--{what}: invalid hex ({e})"))
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
    let canonical = hayate_aead::ALGORITHMS
        .iter()
        .map(|a| a.name())
        .find(|n| n.eq_ignore_ascii_case(alg.trim()))
        .unwrap_or(alg);
    let a = hayate_aead::by_name(canonical).map_err(|_| {
        let names: Vec<_> = hayate_aead::ALGORITHMS.iter().map(|a| a.name()).collect();
        format!("unknown algorithm {alg:?} (known: {})", names.join(", "))
    })?;
    let key = parse_hex("key", key)?;
    let nonce = parse_hex("nonce", nonce)?;
    let ad = parse_hex("ad", ad)?;
    // Check lengths up front so no file is touched for a bad invocation.
    if key.len() != a.key_len() {
        return Err(format!(
            "{}: key must be {} bytes, got {}",
            a.name(),
            a.key_len(),
            key.len()
        ));
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
        (None, Some((input, output))) => {
            file_mode(a.name(), &key, &nonce, &ad, &input, &output, dir)
        }
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
/// Largest non-seekable input of a decryption (held in memory until its tag verifies).
const MAX_PIPE_INPUT: usize = 256 << 20;

fn progress(total: u64) -> ProgressBar {
    if total < PROGRESS_THRESHOLD {
        return ProgressBar::hidden();
    }
    // ProgressBar::new draws to stderr and hides itself when stderr is not a terminal.
    let pb = ProgressBar::new(total);
    pb.set_style(
        ProgressStyle::with_template(
            "{msg:>10} [{bar:40}] {bytes}/{total_bytes} ({bytes_per_sec})",
        )
        .unwrap_or_else(|_| ProgressStyle::default_bar())
        .progress_chars("=> "),
    );
    pb
}

/// Dispatches to the typed streaming implementation of the named scheme.
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
            $(if name == <$t as hayate_aead::Scheme>::NAME {
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

fn file_crypt<S: Streaming>(
    key: &[u8],
    nonce: &[u8],
    ad: &[u8],
    input: &Path,
    output: &Path,
    dir: Dir,
) -> Result<(), String> {
    let output = &Output::plan(output, &[input])?;
    let scheme = S::new(key).map_err(|e| e.to_string())?;
    let f = File::open(input).map_err(|e| io_err(input, e))?;
    let meta = f.metadata().map_err(|e| io_err(input, e))?;
    match dir {
        Dir::Enc => {
            let size = if meta.is_file() { meta.len() } else { 0 };
            encrypt_stream(scheme, nonce, ad, f, size, input, output)
        }
        Dir::Dec if meta.is_file() => {
            decrypt_two_pass(scheme, nonce, ad, f, meta.len(), input, output)
        }
        Dir::Dec => decrypt_in_memory(scheme, nonce, ad, f, input, output),
    }
}

/// A byte buffer wiped on drop (plaintext passes through it).
struct Wiped(Vec<u8>);

impl Drop for Wiped {
    fn drop(&mut self) {
        zeroize::Zeroize::zeroize(self.0.as_mut_slice());
    }
}

impl std::ops::Deref for Wiped {
    type Target = Vec<u8>;
    fn deref(&self) -> &Vec<u8> {
        &self.0
    }
}

impl std::ops::DerefMut for Wiped {
    fn deref_mut(&mut self) -> &mut Vec<u8> {
        &mut self.0
    }
}

fn io_err(path: &Path, e: std::io::Error) -> String {
    format!("{}: {e}", path.display())
}

/// Reads until `buf` is full or the input ends; returns the number of bytes read.
fn read_full(r: &mut impl Read, buf: &mut [u8]) -> std::io::Result<usize> {
    let mut n = 0;
    while n < buf.len() {
        match r.read(&mut buf[n..]) {
            Ok(0) => break,
            Ok(k) => n += k,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e),
        }
    }
    Ok(n)
}

/// Reads exactly `len` bytes from the start of `f` in chunks, calling `each` on every chunk.
fn for_each_chunk(
    f: &mut File,
    len: u64,
    buf: &mut [u8],
    input: &Path,
    mut each: impl FnMut(&mut [u8]) -> Result<(), String>,
) -> Result<(), String> {
    f.seek(SeekFrom::Start(0)).map_err(|e| io_err(input, e))?;
    let mut left = len;
    while left > 0 {
        let want = buf.len().min(usize::try_from(left).unwrap_or(usize::MAX));
        let n = read_full(f, &mut buf[..want]).map_err(|e| io_err(input, e))?;
        if n == 0 {
            return Err(format!("{}: file shrank while being read", input.display()));
        }
        each(&mut buf[..n])?;
        left -= n as u64;
    }
    Ok(())
}

/// One pass: read a chunk, encrypt it in place, write it; append the tag.
fn encrypt_stream<S: Streaming>(
    scheme: S,
    nonce: &[u8],
    ad: &[u8],
    mut f: File,
    size: u64,
    input: &Path,
    output: &Output,
) -> Result<(), String> {
    let mut enc = Encryptor::with_scheme(scheme, nonce, ad).map_err(|e| e.to_string())?;
    let mut tmp = output.create()?;
    let pb = progress(size);
    pb.set_message("encrypting");
    let mut buf = Wiped(vec![0u8; CHUNK]);
    loop {
        let n = read_full(&mut f, &mut buf).map_err(|e| io_err(input, e))?;
        if n == 0 {
            break;
        }
        enc.update(&mut buf[..n]);
        tmp.put(&buf[..n])?;
        pb.inc(n as u64);
    }
    let tag = enc.finalize();
    tmp.put(&tag)?;
    pb.finish_and_clear();
    tmp.commit()
}

/// Two passes over a regular file: verify (no output), then decrypt into a temporary file.
fn decrypt_two_pass<S: Streaming>(
    scheme: S,
    nonce: &[u8],
    ad: &[u8],
    mut f: File,
    size: u64,
    input: &Path,
    output: &Output,
) -> Result<(), String> {
    let tag_len = S::TAG_LEN;
    let body_len = size.checked_sub(tag_len as u64).ok_or_else(|| {
        format!(
            "{}: too short to hold the {tag_len}-byte tag",
            input.display()
        )
    })?;
    let mut tag = vec![0u8; tag_len];
    f.seek(SeekFrom::Start(body_len))
        .map_err(|e| io_err(input, e))?;
    f.read_exact(&mut tag).map_err(|e| io_err(input, e))?;

    let pb = progress(2 * body_len);
    let chunk = usize::try_from(body_len).map_or(CHUNK, |l| l.clamp(1, CHUNK));
    let mut buf = Wiped(vec![0u8; chunk]);

    // Pass 1: authenticate; nothing is written anywhere.
    pb.set_message("verifying");
    let mut v = Verifier::with_scheme(scheme, nonce, ad).map_err(|e| e.to_string())?;
    for_each_chunk(&mut f, body_len, &mut buf, input, |c| {
        v.update(c);
        pb.inc(c.len() as u64);
        Ok(())
    })?;
    let mut d = v.verify(&tag).map_err(|e| e.to_string())?;

    // Pass 2: decrypt into a temporary file; renamed only if this pass gives the same tag.
    pb.set_message("decrypting");
    let mut tmp = output.create()?;
    for_each_chunk(&mut f, body_len, &mut buf, input, |c| {
        d.update(c);
        tmp.put(c)?;
        pb.inc(c.len() as u64);
        Ok(())
    })?;
    d.finalize()
        .map_err(|e| format!("{}: input changed between the passes: {e}", input.display()))?;
    pb.finish_and_clear();
    tmp.commit()
}

/// Non-seekable input: read everything, decrypt in memory (tag checked first), then write.
fn decrypt_in_memory<S: Streaming>(
    scheme: S,
    nonce: &[u8],
    ad: &[u8],
    mut f: File,
    input: &Path,
    output: &Output,
) -> Result<(), String> {
    let mut buf = Wiped(Vec::new());
    (&mut f)
        .take(MAX_PIPE_INPUT as u64 + 1)
        .read_to_end(&mut buf)
        .map_err(|e| io_err(input, e))?;
    if buf.len() > MAX_PIPE_INPUT {
        return Err(format!(
            "{}: a non-seekable input (pipe or device) is decrypted in memory and limited to {} MiB; use a regular file for larger inputs",
            input.display(),
            MAX_PIPE_INPUT >> 20
        ));
    }
    let n = buf.len().checked_sub(S::TAG_LEN).ok_or_else(|| {
        format!(
            "{}: too short to hold the {}-byte tag",
            input.display(),
            S::TAG_LEN
        )
    })?;
    let (body, tag) = buf.split_at_mut(n);
    let tag = tag.to_vec();
    // On failure the scheme wipes `body`; nothing has been written anywhere yet.
    scheme
        .decrypt_detached(nonce, ad, body, &tag)
        .map_err(|e| e.to_string())?;
    let mut tmp = output.create()?;
    tmp.put(body)?;
    tmp.commit()
}

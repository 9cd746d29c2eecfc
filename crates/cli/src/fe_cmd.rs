//! `hayate fe …`: attribute-based file encryption with FAME CP-ABE or the Okamoto–Takashima
//! CP-FE (crate `hayate-fe`).
//!
//! ```text
//! hayate fe setup   --scheme fame --curve bls12-381 --pk PK --msk MSK
//! hayate fe keygen  --msk MSK --attrs "doctor,cardiology,age=42" --out KEY
//! hayate fe encrypt --pk PK --policy "(doctor or nurse) and cardiology and age >= 18" --in FILE --out FILE.enc
//! hayate fe decrypt --key KEY --in FILE.enc --out FILE
//!
//! hayate fe setup   --scheme ot10 --curve bls12-381 --categories 5 --dim 2 --pk PK --msk MSK
//! hayate fe keygen  --msk MSK --attrs "t1=3,t2=7,t3=cardiology" --out KEY
//! hayate fe encrypt --pk PK --policy "t1=3 and not t2=5 and (t3=cardiology or t4=1)" --in FILE --out FILE.enc
//! hayate fe decrypt --key KEY --in FILE.enc --out FILE
//! ```
//!
//! The scheme and curve are chosen at setup and read back from the header of every key and
//! ciphertext (`hayate_fe::serial`), so keygen, encrypt and decrypt need no `--scheme`.
//!
//! **FAME** attributes: a comma-separated list of names (`doctor`, `dept=cardiology`) and
//! numeric attributes `name=decimal` (below 2³²). Policies: see `hayate_fe::policy` (`and`,
//! `or`, parentheses, `K of (a, b, c)`, comparisons `<`, `<=`, `>`, `>=`, `==` on numeric
//! attributes, `not` in front of comparisons; FAME is monotone, so `not` on a plain attribute is
//! refused).
//!
//! **OT10** (Okamoto–Takashima CP-FE, `hayate_fe::ot10`): the setup fixes d categories
//! (`--categories`, default 5) of dimension n (`--dim`, default 2; paper 000 used d = 5,
//! n = 2), named `t1` … `td`. A key gets at most one value per category: `t1=3,t2=7,t3=x`
//! (a decimal number below 2³² or an attribute word), giving the attribute vector
//! x_t = (1, a, …, a^{n−1}). Policy leaves are equalities `t1=3` (predicate vector
//! v = (−3, 1, 0, …), ⟨x_t, v⟩ = 0 iff the value is 3) and their negations `not t1=3` (true
//! when the key has category t1 with another value; a key without t1 satisfies neither),
//! combined with `and`, `or`, `not`, `K of (…)`.
//!
//! Curves: `bls12-381` (default), `bn254-beuchat`, `bn254`. The encrypted file is the FE
//! ciphertext object followed by the chunked symmetric stream (`--mode gcm`, the default, or
//! `--mode cbc-hmac`, paper 000's AES-128-CBC + HMAC-SHA-256). Outputs follow
//! [`crate::files`]: regular files are replaced atomically and only on success, special files
//! (`/dev/null`, FIFOs) are written in place after success, `-` is standard output; an output
//! that is one of the command's inputs or keys, two identical outputs, or an existing FE master
//! or user key about to be replaced by another kind of object are refused before any work. A
//! failure (policy not satisfied, wrong key, tampered file) leaves no output behind; the
//! failure is one line on standard error and exit code 1.

use std::fs::File;
use std::io::{BufReader, BufWriter, Read, Write};
use std::path::{Path, PathBuf};

use crate::files::{self, Output};
use std::process::ExitCode;

use clap::{Args, Subcommand, ValueEnum};
use hayate_fe::curve::{FeCurve, CURVES};
use hayate_fe::policy::Attributes;
use hayate_fe::{fame, hybrid, ot10, serial};
use hayate_pairing::bls12_381::Bls12381;
use hayate_pairing::bn254::Bn254;
use hayate_pairing::bn254_beuchat::Bn254Beuchat;
use rand::rngs::OsRng;

#[derive(Subcommand)]
pub enum FeCommand {
    /// Generate a public key and a master secret key.
    Setup(SetupArgs),
    /// Issue a user key for a list of attributes.
    Keygen(KeygenArgs),
    /// Encrypt a file under a policy.
    Encrypt(EncryptArgs),
    /// Decrypt a file with a user key.
    Decrypt(DecryptArgs),
}

#[derive(Clone, Copy, Debug, ValueEnum)]
pub enum SchemeArg {
    /// FAME CP-ABE (Agrawal–Chase 2017): attribute names, numeric comparisons.
    Fame,
    /// Okamoto–Takashima CP-FE (CRYPTO 2010): categories t1..td, equalities and negations.
    Ot10,
}

#[derive(Clone, Copy, Debug, ValueEnum)]
pub enum ModeArg {
    /// AES-128-GCM (default).
    Gcm,
    /// AES-128-CBC + HMAC-SHA-256 (paper 000's configuration).
    CbcHmac,
}

#[derive(Args)]
pub struct SetupArgs {
    #[arg(long, value_enum, default_value = "fame")]
    pub scheme: SchemeArg,
    /// bls12-381 (default), bn254-beuchat or bn254.
    #[arg(long, default_value = "bls12-381")]
    pub curve: String,
    /// ot10: number d of attribute categories t1..td.
    #[arg(long, default_value_t = 5)]
    pub categories: usize,
    /// ot10: dimension n of every category's attribute vector (at least 2).
    #[arg(long, default_value_t = 2)]
    pub dim: usize,
    #[arg(long)]
    pub pk: PathBuf,
    #[arg(long)]
    pub msk: PathBuf,
}

#[derive(Args)]
pub struct KeygenArgs {
    #[arg(long)]
    pub msk: PathBuf,
    /// Comma-separated attributes: fame "doctor,cardiology,age=42"; ot10 one value per
    /// category, "t1=3,t2=7,t3=cardiology".
    #[arg(long)]
    pub attrs: String,
    #[arg(long)]
    pub out: PathBuf,
}

#[derive(Args)]
pub struct EncryptArgs {
    #[arg(long)]
    pub pk: PathBuf,
    /// fame: "(doctor or nurse) and age >= 18"; ot10: equalities on categories with
    /// and/or/not/thresholds, "t1=3 and not t2=5 and 2 of (t3=x, t4=1, t5=2)".
    #[arg(long)]
    pub policy: String,
    #[arg(long = "in")]
    pub input: PathBuf,
    #[arg(long)]
    pub out: PathBuf,
    #[arg(long, value_enum, default_value = "gcm")]
    pub mode: ModeArg,
    /// Plaintext bytes per chunk (a multiple of 16).
    #[arg(long, default_value_t = hybrid::DEFAULT_CHUNK)]
    pub chunk_size: u32,
}

#[derive(Args)]
pub struct DecryptArgs {
    #[arg(long)]
    pub key: PathBuf,
    #[arg(long = "in")]
    pub input: PathBuf,
    #[arg(long)]
    pub out: PathBuf,
    /// Threads for the pairings of decryption (1 = the calling thread only).
    #[arg(long, default_value_t = 1)]
    pub threads: usize,
}

pub fn run(c: FeCommand) -> ExitCode {
    let r = match c {
        FeCommand::Setup(a) => setup(&a),
        FeCommand::Keygen(a) => keygen(&a),
        FeCommand::Encrypt(a) => encrypt(&a),
        FeCommand::Decrypt(a) => decrypt(&a),
    };
    match r {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::from(1)
        }
    }
}

/// Calls `$f::<Curve, N>(args…)` for a curve identifier.
macro_rules! with_curve {
    ($id:expr, $f:ident ( $($arg:expr),* )) => {
        match $id {
            1 => $f::<Bls12381, 6>($($arg),*),
            2 => $f::<Bn254Beuchat, 4>($($arg),*),
            3 => $f::<Bn254, 4>($($arg),*),
            other => Err(format!("unknown curve id {other}")),
        }
    };
}

/// The largest FE object file (header and body) that can be valid.
const MAX_OBJECT: usize = serial::HEADER_LEN + serial::MAX_BODY;

/// Plans the outputs of one command (see [`crate::files`]) and refuses to replace an existing
/// FE master or user key with an object of another kind (`writing`: the kind written, `None`
/// for a plaintext).
fn plan_outputs(
    outs: &[(&Path, Option<serial::Kind>)],
    inputs: &[&Path],
) -> Result<Vec<Output>, String> {
    let paths: Vec<&Path> = outs.iter().map(|(p, _)| *p).collect();
    let planned = Output::plan_all(&paths, inputs)?;
    for (o, (_, writing)) in planned.iter().zip(outs) {
        let Some(existing) = o.replaces_existing() else {
            continue;
        };
        let mut head = [0u8; serial::HEADER_LEN];
        let held = File::open(existing)
            .and_then(|mut f| f.read_exact(&mut head))
            .ok()
            .filter(|_| &head[..4] == serial::MAGIC)
            .map(|_| head[7]);
        let secret = [serial::Kind::MasterKey, serial::Kind::UserKey];
        if let Some(k) = held.and_then(|k| secret.into_iter().find(|s| *s as u8 == k)) {
            if Some(k) != *writing {
                let name = |k: serial::Kind| match k {
                    serial::Kind::MasterKey => "an FE master secret key",
                    serial::Kind::UserKey => "an FE user key",
                    serial::Kind::PublicKey => "a public key",
                    serial::Kind::Ciphertext => "a ciphertext",
                };
                return Err(format!(
                    "{}: holds {}; refusing to replace it with {} (remove it first if that is intended)",
                    o.shown().display(),
                    name(k),
                    writing.map_or("a plaintext", name)
                ));
            }
        }
    }
    Ok(planned)
}

/// Writes `bytes` to a planned output and commits it.
fn write_bytes(out: &Output, bytes: &[u8]) -> Result<(), String> {
    let mut p = out.create()?;
    p.put(bytes)?;
    p.commit()
}

fn read(path: &Path) -> Result<Vec<u8>, String> {
    files::read_bounded(path, MAX_OBJECT, "hayate FE object")
}

fn header_of(path: &Path, bytes: &[u8]) -> Result<serial::Header, String> {
    serial::read_header(bytes).map_err(|e| format!("{}: {e}", path.display()))
}

fn is_ot10(h: &serial::Header) -> bool {
    h.scheme == serial::Scheme::Ot10 as u8
}

fn scheme_name(s: u8) -> String {
    match s {
        x if x == serial::Scheme::Fame as u8 => "fame".into(),
        x if x == serial::Scheme::Ot10 as u8 => "ot10".into(),
        x => format!("unknown (byte {x})"),
    }
}

fn setup(a: &SetupArgs) -> Result<(), String> {
    let id = CURVES
        .iter()
        .find(|(n, _)| *n == a.curve)
        .map(|(_, i)| *i)
        .ok_or_else(|| {
            format!(
                "unknown curve {:?} (bls12-381, bn254-beuchat, bn254)",
                a.curve
            )
        })?;
    fn go<E: FeCurve<N>, const N: usize>(a: &SetupArgs) -> Result<(), String> {
        let (pkb, mskb) = match a.scheme {
            SchemeArg::Fame => {
                let (pk, msk) = fame::setup::<E, N>(&mut OsRng);
                (
                    serial::fame_pk_to_bytes(&pk),
                    serial::fame_msk_to_bytes(&msk),
                )
            }
            SchemeArg::Ot10 => {
                let dims = vec![a.dim; a.categories];
                let (pk, msk) =
                    ot10::setup::<E, N>(&dims, &mut OsRng).map_err(|e| e.to_string())?;
                (
                    serial::ot10_pk_to_bytes(&pk),
                    serial::ot10_msk_to_bytes(&msk),
                )
            }
        };
        // Both outputs are planned before the (slow) setup and both are written before either
        // is committed; the public key is committed first, so a failure never loses the old
        // master key while keeping a new public key without its master key.
        let outs = plan_outputs(
            &[
                (&a.pk, Some(serial::Kind::PublicKey)),
                (&a.msk, Some(serial::Kind::MasterKey)),
            ],
            &[],
        )?;
        let (mut pk_out, mut msk_out) = (outs[0].create()?, outs[1].create()?);
        pk_out.put(&pkb)?;
        msk_out.put(&mskb)?;
        pk_out.commit()?;
        msk_out.commit()
    }
    if a.scheme_is_ot10() {
        ot10::check_dims(&[a.dim])
            .ok()
            .filter(|_| (1..=ot10::MAX_CATEGORIES).contains(&a.categories))
            .ok_or_else(|| {
                format!(
                    "ot10 parameters: need 1 <= --categories <= {} and 2 <= --dim <= {}",
                    ot10::MAX_CATEGORIES,
                    ot10::MAX_DIM
                )
            })?;
    }
    with_curve!(id, go(a))
}

impl SetupArgs {
    fn scheme_is_ot10(&self) -> bool {
        matches!(self.scheme, SchemeArg::Ot10)
    }
}

fn keygen(a: &KeygenArgs) -> Result<(), String> {
    let out = &plan_outputs(&[(&a.out, Some(serial::Kind::UserKey))], &[&a.msk])?[0];
    let bytes = read(&a.msk)?;
    let h = header_of(&a.msk, &bytes)?;
    fn go<E: FeCurve<N>, const N: usize>(
        a: &KeygenArgs,
        out: &Output,
        bytes: &[u8],
        ot: bool,
    ) -> Result<(), String> {
        let bad_msk = |e: serial::SerialError| format!("{}: {e}", a.msk.display());
        let skb = if ot {
            let attrs = ot10::AttrSet::parse(&a.attrs).map_err(|e| e.to_string())?;
            let msk = serial::ot10_msk_from_bytes::<E, N>(bytes).map_err(bad_msk)?;
            serial::ot10_sk_to_bytes(
                &ot10::keygen(&msk, &attrs, &mut OsRng).map_err(|e| e.to_string())?,
            )
        } else {
            let attrs = Attributes::parse(&a.attrs).map_err(|e| format!("attributes: {e}"))?;
            let msk = serial::fame_msk_from_bytes::<E, N>(bytes).map_err(bad_msk)?;
            serial::fame_sk_to_bytes(&fame::keygen(&msk, &attrs, &mut OsRng))
        };
        write_bytes(out, &skb)
    }
    with_curve!(h.curve, go(a, out, &bytes, is_ot10(&h)))
}

fn encrypt(a: &EncryptArgs) -> Result<(), String> {
    hybrid::check_chunk_size(a.chunk_size).map_err(|e| format!("--chunk-size: {e}"))?;
    let out = &plan_outputs(
        &[(&a.out, Some(serial::Kind::Ciphertext))],
        &[&a.pk, &a.input],
    )?[0];
    let bytes = read(&a.pk)?;
    let h = header_of(&a.pk, &bytes)?;
    fn go<E: FeCurve<N>, const N: usize>(
        a: &EncryptArgs,
        out: &Output,
        bytes: &[u8],
        ot: bool,
    ) -> Result<(), String> {
        let bad_pk = |e: serial::SerialError| format!("{}: {e}", a.pk.display());
        let (ctb, key) = if ot {
            let pk = serial::ot10_pk_from_bytes::<E, N>(bytes).map_err(bad_pk)?;
            let (ct, key) =
                ot10::encapsulate(&pk, &a.policy, &mut OsRng).map_err(|e| e.to_string())?;
            (serial::ot10_ct_to_bytes(&ct), key)
        } else {
            let pk = serial::fame_pk_from_bytes::<E, N>(bytes).map_err(bad_pk)?;
            let (ct, key) =
                fame::encapsulate(&pk, &a.policy, &mut OsRng).map_err(|e| e.to_string())?;
            (serial::fame_ct_to_bytes(&ct), key)
        };
        let mode = match a.mode {
            ModeArg::Gcm => hybrid::Mode::Aes128Gcm,
            ModeArg::CbcHmac => hybrid::Mode::Aes128CbcHmacSha256,
        };
        let input = File::open(&a.input).map_err(|e| format!("{}: {e}", a.input.display()))?;
        let mut r = BufReader::new(input);
        let mut w = out.create()?;
        w.put(&ctb)?;
        let mut bw = BufWriter::new(&mut w);
        hybrid::encrypt_stream(&key.to_bytes(), &ctb, mode, a.chunk_size, &mut r, &mut bw)
            .map_err(|e| e.to_string())?;
        bw.flush()
            .map_err(|e| format!("{}: {e}", out.shown().display()))?;
        drop(bw);
        w.commit()
    }
    with_curve!(h.curve, go(a, out, &bytes, is_ot10(&h)))
}

fn decrypt(a: &DecryptArgs) -> Result<(), String> {
    let out = &plan_outputs(&[(&a.out, None)], &[&a.key, &a.input])?[0];
    let kb = read(&a.key)?;
    let h = header_of(&a.key, &kb)?;
    fn go<E: FeCurve<N>, const N: usize>(
        a: &DecryptArgs,
        out: &Output,
        kb: &[u8],
        scheme: u8,
    ) -> Result<(), String> {
        let bad_key = |e: serial::SerialError| format!("{}: {e}", a.key.display());
        let bad_ct = |e: serial::SerialError| format!("{}: {e}", a.input.display());
        let input = File::open(&a.input).map_err(|e| format!("{}: {e}", a.input.display()))?;
        let mut r = BufReader::new(input);
        let mut hdr = [0u8; serial::HEADER_LEN];
        r.read_exact(&mut hdr).map_err(|_| {
            format!(
                "{}: not a hayate FE ciphertext (truncated)",
                a.input.display()
            )
        })?;
        let body_len = u32::from_be_bytes([hdr[8], hdr[9], hdr[10], hdr[11]]) as usize;
        if &hdr[..4] != serial::MAGIC || body_len > serial::MAX_BODY {
            return Err(format!("{}: not a hayate FE ciphertext", a.input.display()));
        }
        if hdr[5] != serial::Scheme::Fame as u8 && hdr[5] != serial::Scheme::Ot10 as u8 {
            return Err(format!(
                "{}: not a hayate FE ciphertext: {}",
                a.input.display(),
                serial::SerialError::UnknownScheme(hdr[5])
            ));
        }
        if hdr[5] != scheme {
            return Err(format!(
                "{}: ciphertext of scheme {}, but the key is for scheme {}",
                a.input.display(),
                scheme_name(hdr[5]),
                scheme_name(scheme)
            ));
        }
        let mut obj = hdr.to_vec();
        obj.resize(serial::HEADER_LEN + body_len, 0);
        r.read_exact(&mut obj[serial::HEADER_LEN..])
            .map_err(|_| bad_ct(serial::SerialError::Truncated))?;
        let key = if scheme == serial::Scheme::Ot10 as u8 {
            let sk = serial::ot10_sk_from_bytes::<E, N>(kb).map_err(bad_key)?;
            let (ct, _) = serial::ot10_ct_from_bytes::<E, N>(&obj).map_err(bad_ct)?;
            ot10::decapsulate_threads(&sk, &ct, a.threads).map_err(|e| e.to_string())?
        } else {
            let sk = serial::fame_sk_from_bytes::<E, N>(kb).map_err(bad_key)?;
            let (ct, _) = serial::fame_ct_from_bytes::<E, N>(&obj).map_err(bad_ct)?;
            fame::decapsulate_threads(&sk, &ct, a.threads).map_err(|e| e.to_string())?
        };
        let mut w = out.create()?;
        let mut bw = BufWriter::new(&mut w);
        hybrid::decrypt_stream(&key.to_bytes(), &obj, &mut r, &mut bw)
            .map_err(|e| e.to_string())?;
        bw.flush()
            .map_err(|e| format!("{}: {e}", out.shown().display()))?;
        drop(bw);
        w.commit()
    }
    with_curve!(h.curve, go(a, out, &kb, h.scheme))
}

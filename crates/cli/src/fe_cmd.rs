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
//! `--mode cbc-hmac`, paper 000's AES-128-CBC + HMAC-SHA-256). Every output is written to a
//! temporary file in the destination directory and renamed into place only on success, so a
//! failure (policy not satisfied, wrong key, tampered file) leaves no output behind; the
//! failure is one line on standard error and exit code 1.

use std::fs::File;
use std::io::{BufReader, BufWriter, Read, Write};
use std::path::{Path, PathBuf};
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

/// Writes through a temporary file in the destination's directory, renamed on success.
fn write_atomic(
    out: &Path,
    f: impl FnOnce(&mut BufWriter<&mut File>) -> Result<(), String>,
) -> Result<(), String> {
    let dir = match out.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
        _ => PathBuf::from("."),
    };
    let mut tmp =
        tempfile::NamedTempFile::new_in(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    {
        let mut w = BufWriter::new(tmp.as_file_mut());
        f(&mut w)?;
        w.flush().map_err(|e| format!("{}: {e}", out.display()))?;
    }
    tmp.as_file()
        .sync_all()
        .map_err(|e| format!("{}: {e}", out.display()))?;
    tmp.persist(out)
        .map_err(|e| format!("{}: {}", out.display(), e.error))?;
    Ok(())
}

fn write_bytes(out: &Path, bytes: &[u8]) -> Result<(), String> {
    write_atomic(out, |w| {
        w.write_all(bytes)
            .map_err(|e| format!("{}: {e}", out.display()))
    })
}

fn read(path: &Path) -> Result<Vec<u8>, String> {
    std::fs::read(path).map_err(|e| format!("{}: {e}", path.display()))
}

fn header_of(path: &Path, bytes: &[u8]) -> Result<serial::Header, String> {
    serial::read_header(bytes).map_err(|e| format!("{}: {e}", path.display()))
}

fn is_ot10(h: &serial::Header) -> bool {
    h.scheme == serial::Scheme::Ot10 as u8
}

fn scheme_name(s: u8) -> &'static str {
    if s == serial::Scheme::Ot10 as u8 {
        "ot10"
    } else {
        "fame"
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
        write_bytes(&a.msk, &mskb)?;
        write_bytes(&a.pk, &pkb)
    }
    with_curve!(id, go(a))
}

fn keygen(a: &KeygenArgs) -> Result<(), String> {
    let bytes = read(&a.msk)?;
    let h = header_of(&a.msk, &bytes)?;
    fn go<E: FeCurve<N>, const N: usize>(
        a: &KeygenArgs,
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
        write_bytes(&a.out, &skb)
    }
    with_curve!(h.curve, go(a, &bytes, is_ot10(&h)))
}

fn encrypt(a: &EncryptArgs) -> Result<(), String> {
    let bytes = read(&a.pk)?;
    let h = header_of(&a.pk, &bytes)?;
    fn go<E: FeCurve<N>, const N: usize>(
        a: &EncryptArgs,
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
        write_atomic(&a.out, |w| {
            w.write_all(&ctb)
                .map_err(|e| format!("{}: {e}", a.out.display()))?;
            hybrid::encrypt_stream(&key.to_bytes(), &ctb, mode, a.chunk_size, &mut r, w)
                .map_err(|e| e.to_string())?;
            Ok(())
        })
    }
    with_curve!(h.curve, go(a, &bytes, is_ot10(&h)))
}

fn decrypt(a: &DecryptArgs) -> Result<(), String> {
    let kb = read(&a.key)?;
    let h = header_of(&a.key, &kb)?;
    fn go<E: FeCurve<N>, const N: usize>(
        a: &DecryptArgs,
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
        write_atomic(&a.out, |w| {
            hybrid::decrypt_stream(&key.to_bytes(), &obj, &mut r, w).map_err(|e| e.to_string())?;
            Ok(())
        })
    }
    with_curve!(h.curve, go(a, &kb, h.scheme))
}

//! `hayate bls …`: IETF BLS signatures (draft-irtf-cfrg-bls-signature-05) on BLS12-381, through
//! the crate `hayate-bls`.
//!
//! ```text
//! hayate bls keygen --ikm HEX [--key-info HEX]            -> SK, 32 bytes big-endian
//! hayate bls sk-to-pk --sk HEX                             -> PK, compressed
//! hayate bls sign --sk HEX --msg HEX                       -> signature, compressed
//! hayate bls verify --pk HEX --msg HEX --sig HEX           -> "valid"
//! hayate bls aggregate --sig HEX [--sig HEX ...]           -> aggregate signature
//! hayate bls aggregate-verify --pk HEX... --msg HEX... --sig HEX
//! hayate bls fast-aggregate-verify --pk HEX... --msg HEX --sig HEX
//! hayate bls batch-verify --pk HEX... --msg HEX... --sig HEX...
//! hayate bls hash-to-g2 --msg HEX [--dst TEXT]             -> compressed G2 point
//! hayate bls pop-prove --sk HEX
//! hayate bls pop-verify --pk HEX --proof HEX               -> "valid"
//! ```
//!
//! Options of every subcommand (before or after its name, case-insensitive values):
//! `--variant min-pk|min-sig` — minimal-pubkey-size (PK in G1, 48 bytes; signature in G2,
//! 96 bytes; the default) or minimal-signature-size (PK in G2, 96 bytes; signature in G1, 48
//! bytes), draft §2.1; `--scheme basic|aug|pop` — basic (§3.1), message augmentation (§3.2) or
//! proof of possession (§3.3, the default), each with the draft's ciphersuite ID as DST
//! (§4.2), e.g. `BLS_SIG_BLS12381G2_XMD:SHA-256_SSWU_RO_POP_`.
//!
//! Input: byte strings as hex, with or without a `0x`/`0X` prefix, in either case (an empty
//! string is the empty message); lists by repeating the flag (`--pk A --pk B`), matched by
//! position. Output: lowercase hex without prefix, points in the compressed (Zcash) encoding.
//!
//! * `fast-aggregate-verify`, `pop-prove` and `pop-verify` belong to the proof-of-possession
//!   scheme (§3.3) and refuse `--scheme basic|aug`.
//! * `aggregate-verify` in the basic scheme requires distinct messages (§3.1.1); in the aug
//!   scheme every message is prefixed with its signer's public key.
//! * `batch-verify` checks the triples (pk_i, msg_i, sig_i) together by a random linear
//!   combination (random 64-bit-or-wider scalars from the operating system's CSPRNG): valid
//!   only if every triple is.
//! * `hash-to-g2` is RFC 9380's `BLS12381G2_XMD:SHA-256_SSWU_RO_` with `--dst` as UTF-8 text;
//!   the default DST is the ciphersuite ID of the selected scheme in the min-pk variant (the
//!   suites that hash to G2).
//!
//! Exit status: 0 on success; for the verification commands (`verify`, `aggregate-verify`,
//! `fast-aggregate-verify`, `batch-verify`, `pop-verify`) every failure — bad hex, wrong
//! length, point not on the curve or not in the subgroup, identity public key, wrong
//! signature, empty list, mismatched counts, even a malformed command line — is exactly one line
//! on standard error, nothing on standard output, exit 1. Other subcommands: an invalid input
//! is one line on standard error and exit 1; a malformed command line is clap's usage error,
//! exit 2.

use std::process::ExitCode;

use clap::{Args, Subcommand, ValueEnum};
use hayate_bls::Scheme;
use rand::rngs::OsRng;
use zeroize::Zeroizing;

/// The subcommands whose every failure is one line and exit 1 (including usage errors).
pub const VERIFY_COMMANDS: [&str; 5] = [
    "verify",
    "aggregate-verify",
    "fast-aggregate-verify",
    "batch-verify",
    "pop-verify",
];

/// Is this command line a `hayate bls` verification command? (Decides how a usage error is
/// reported: see [`usage_error`].)
pub fn is_verification(args: &[String]) -> bool {
    let mut it = args.iter().skip(1);
    if it.next().map(String::as_str) != Some("bls") {
        return false;
    }
    it.any(|a| VERIFY_COMMANDS.contains(&a.as_str()))
}

/// Reports a clap error of a verification command as one line on standard error (exit 1).
pub fn usage_error(e: &clap::Error) -> ExitCode {
    let text = e.render().to_string();
    let mut parts = Vec::new();
    for l in text.lines() {
        let l = l.trim();
        if l.starts_with("Usage:") || l.starts_with("For more information") {
            break;
        }
        if !l.is_empty() {
            parts.push(l);
        }
    }
    let line = parts.join(" ");
    let line = line.strip_prefix("error: ").unwrap_or(&line);
    eprintln!("error: {line}");
    ExitCode::from(1)
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum SchemeArg {
    /// Basic scheme (draft §3.1): aggregate-verify requires distinct messages.
    Basic,
    /// Message augmentation (draft §3.2): the signer's public key is prepended to the message.
    Aug,
    /// Proof of possession (draft §3.3, the default): fast-aggregate-verify, pop-prove/-verify.
    Pop,
}

impl SchemeArg {
    fn scheme(self) -> Scheme {
        match self {
            SchemeArg::Basic => Scheme::Basic,
            SchemeArg::Aug => Scheme::Aug,
            SchemeArg::Pop => Scheme::Pop,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum VariantArg {
    /// Public key in G1 (48 bytes), signature in G2 (96 bytes): the default (Ethereum, drand).
    MinPk,
    /// Public key in G2 (96 bytes), signature in G1 (48 bytes).
    MinSig,
}

#[derive(Args)]
#[command(
    about = "IETF BLS signatures (draft-irtf-cfrg-bls-signature-05) on BLS12-381",
    long_about = "IETF BLS signatures (draft-irtf-cfrg-bls-signature-05) on BLS12-381.\n\n\
Byte strings are hex (optional 0x prefix, any case); lists repeat the flag (--pk A --pk B), \
matched by position. Output is lowercase hex without prefix; points are compressed (Zcash \
encoding). Defaults: --variant min-pk (PK in G1, 48 bytes; signature in G2, 96 bytes) and \
--scheme pop (ciphersuite BLS_SIG_BLS12381G2_XMD:SHA-256_SSWU_RO_POP_).\n\n\
Verification commands (verify, aggregate-verify, fast-aggregate-verify, batch-verify, \
pop-verify) print \"valid\" and exit 0; any failure (bad encoding, invalid or identity key, \
wrong signature, empty list, mismatched counts, malformed command line) is one line on \
standard error, nothing on standard output, exit 1."
)]
pub struct BlsArgs {
    /// basic (§3.1), aug (message augmentation, §3.2) or pop (proof of possession, §3.3).
    #[arg(
        long,
        global = true,
        value_enum,
        ignore_case = true,
        default_value = "pop"
    )]
    pub scheme: SchemeArg,
    /// min-pk (PK in G1, signature in G2) or min-sig (PK in G2, signature in G1).
    #[arg(
        long,
        global = true,
        value_enum,
        ignore_case = true,
        default_value = "min-pk"
    )]
    pub variant: VariantArg,
    #[command(subcommand)]
    pub command: BlsCommand,
}

#[derive(Subcommand)]
pub enum BlsCommand {
    /// KeyGen (draft §2.3): secret key from ≥ 32 bytes of key material; prints SK (32 bytes, big-endian).
    Keygen {
        /// Input key material, at least 32 bytes (hex).
        #[arg(long)]
        ikm: String,
        /// Optional key_info (hex, default empty).
        #[arg(long, default_value = "")]
        key_info: String,
    },
    /// SkToPk (§2.4): prints the compressed public key.
    SkToPk {
        /// Secret key, 32 bytes big-endian, 0 < SK < r (hex).
        #[arg(long)]
        sk: String,
    },
    /// Sign (§2.6; aug: PK ‖ msg): prints the compressed signature.
    Sign {
        /// Secret key, 32 bytes big-endian (hex).
        #[arg(long)]
        sk: String,
        /// Message (hex).
        #[arg(long)]
        msg: String,
    },
    /// Verify (§2.7): prints "valid" and exits 0, or one error line and exit 1.
    Verify {
        /// Public key, compressed (hex).
        #[arg(long)]
        pk: String,
        /// Message (hex).
        #[arg(long)]
        msg: String,
        /// Signature, compressed (hex).
        #[arg(long)]
        sig: String,
    },
    /// Aggregate (§2.8): prints the aggregate of one or more signatures.
    Aggregate {
        /// Signature, compressed (hex); repeat for each signature.
        #[arg(long = "sig")]
        sigs: Vec<String>,
    },
    /// AggregateVerify (§2.9, §3.1.1, §3.2.2): one --pk and one --msg per signer, in order.
    AggregateVerify {
        /// Public key of signer i (hex); repeat.
        #[arg(long = "pk")]
        pks: Vec<String>,
        /// Message of signer i (hex); repeat.
        #[arg(long = "msg")]
        msgs: Vec<String>,
        /// Aggregate signature (hex).
        #[arg(long)]
        sig: String,
    },
    /// FastAggregateVerify (§3.3.4, pop scheme): many public keys, one message.
    FastAggregateVerify {
        /// Public key (hex); repeat.
        #[arg(long = "pk")]
        pks: Vec<String>,
        /// The common message (hex).
        #[arg(long)]
        msg: String,
        /// Aggregate signature (hex).
        #[arg(long)]
        sig: String,
    },
    /// Batch verification of (pk, msg, sig) triples by a random linear combination.
    BatchVerify {
        /// Public key of triple i (hex); repeat.
        #[arg(long = "pk")]
        pks: Vec<String>,
        /// Message of triple i (hex); repeat.
        #[arg(long = "msg")]
        msgs: Vec<String>,
        /// Signature of triple i (hex); repeat.
        #[arg(long = "sig")]
        sigs: Vec<String>,
    },
    /// hash_to_curve to G2 (RFC 9380, BLS12381G2_XMD:SHA-256_SSWU_RO_): prints the compressed point.
    HashToG2 {
        /// Message (hex).
        #[arg(long)]
        msg: String,
        /// Domain separation tag as text (default: the selected scheme's min-pk ciphersuite ID).
        #[arg(long)]
        dst: Option<String>,
    },
    /// PopProve (§3.3.2): prints the proof of possession of SK's public key.
    PopProve {
        /// Secret key, 32 bytes big-endian (hex).
        #[arg(long)]
        sk: String,
    },
    /// PopVerify (§3.3.3): prints "valid" and exits 0, or one error line and exit 1.
    PopVerify {
        /// Public key, compressed (hex).
        #[arg(long)]
        pk: String,
        /// Proof of possession, compressed (hex).
        #[arg(long)]
        proof: String,
    },
}

/// Decodes hex with an optional `0x`/`0X` prefix (either case of digits).
fn parse_hex(what: &str, s: &str) -> Result<Vec<u8>, String> {
    crate::hexarg::decode(s).map_err(|e| format!("invalid {what}: bad hex ({e})"))
}

/// Decoded secret bytes (secret key, IKM), overwritten with zeros when dropped.
struct SecretBytes(Vec<u8>);

impl Drop for SecretBytes {
    fn drop(&mut self) {
        self.0.fill(0);
        std::hint::black_box(&self.0);
    }
}

fn parse_secret(what: &str, s: &str) -> Result<SecretBytes, String> {
    parse_hex(what, s).map(SecretBytes)
}

fn parse_list(what: &str, v: &[String]) -> Result<Vec<Vec<u8>>, String> {
    v.iter()
        .enumerate()
        .map(|(i, s)| parse_hex(&format!("{what} #{}", i + 1), s))
        .collect()
}

fn need_pop(scheme: Scheme, cmd: &str) -> Result<(), String> {
    if scheme == Scheme::Pop {
        Ok(())
    } else {
        Err(format!(
            "{cmd} is defined only in the proof-of-possession scheme (--scheme pop)"
        ))
    }
}

/// The commands of one variant; `$($m)::+` is `hayate_bls::min_pk` or `hayate_bls::min_sig`.
macro_rules! variant_impl {
    ($name:ident, $($m:ident)::+) => {
        mod $name {
            use super::{need_pop, parse_hex, parse_list, parse_secret};
            use $($m)::+ as v;
            use hayate_bls::Scheme;

            fn sk(s: &str) -> Result<v::SecretKey, String> {
                let b = parse_secret("secret key", s)?;
                v::SecretKey::from_bytes(&b.0).map_err(|e| format!("invalid secret key: {e}"))
            }
            fn pk(what: &str, b: &[u8]) -> Result<v::PublicKey, String> {
                v::PublicKey::from_bytes(b).map_err(|e| format!("invalid {what}: {e}"))
            }
            fn sig(what: &str, b: &[u8]) -> Result<v::Signature, String> {
                v::Signature::from_bytes(b).map_err(|e| format!("invalid {what}: {e}"))
            }
            fn verified(r: Result<(), hayate_bls::Error>) -> Result<String, String> {
                r.map(|()| "valid".to_string())
                    .map_err(|e| format!("invalid: {e}"))
            }

            pub fn sk_to_pk(s: &str) -> Result<String, String> {
                Ok(hex::encode(sk(s)?.sk_to_pk().to_bytes()))
            }
            pub fn sign(s: &str, msg: &str, scheme: Scheme) -> Result<String, String> {
                let key = sk(s)?;
                let m = parse_hex("message", msg)?;
                Ok(hex::encode(key.sign(&m, scheme).to_bytes()))
            }
            pub fn pop_prove(s: &str) -> Result<String, String> {
                Ok(hex::encode(sk(s)?.pop_prove().to_bytes()))
            }
            pub fn verify(p: &str, msg: &str, s: &str, scheme: Scheme) -> Result<String, String> {
                let p = pk("public key", &parse_hex("public key", p)?)?;
                let m = parse_hex("message", msg)?;
                let s = sig("signature", &parse_hex("signature", s)?)?;
                verified(s.verify(&p, &m, scheme))
            }
            pub fn pop_verify(p: &str, proof: &str, scheme: Scheme) -> Result<String, String> {
                need_pop(scheme, "pop-verify")?;
                let p = pk("public key", &parse_hex("public key", p)?)?;
                let s = sig("proof", &parse_hex("proof", proof)?)?;
                verified(p.pop_verify(&s))
            }
            pub fn aggregate(sigs: &[String]) -> Result<String, String> {
                if sigs.is_empty() {
                    return Err("aggregate: no signature given (--sig HEX, repeated)".into());
                }
                let bytes = parse_list("signature", sigs)?;
                let sigs = bytes
                    .iter()
                    .enumerate()
                    .map(|(i, b)| sig(&format!("signature #{}", i + 1), b))
                    .collect::<Result<Vec<_>, _>>()?;
                let refs: Vec<&v::Signature> = sigs.iter().collect();
                let agg = v::AggregateSignature::aggregate(&refs)
                    .map_err(|e| format!("aggregate: {e}"))?;
                Ok(hex::encode(agg.to_signature().to_bytes()))
            }
            fn pks(list: &[String]) -> Result<Vec<v::PublicKey>, String> {
                parse_list("public key", list)?
                    .iter()
                    .enumerate()
                    .map(|(i, b)| pk(&format!("public key #{}", i + 1), b))
                    .collect()
            }
            pub fn aggregate_verify(
                pk_list: &[String],
                msgs: &[String],
                s: &str,
                scheme: Scheme,
            ) -> Result<String, String> {
                if pk_list.is_empty() {
                    return Err("invalid: no public key given (--pk HEX, repeated)".into());
                }
                if pk_list.len() != msgs.len() {
                    return Err(format!(
                        "invalid: {} public keys but {} messages (one --msg per --pk)",
                        pk_list.len(),
                        msgs.len()
                    ));
                }
                let keys = pks(pk_list)?;
                let ms = parse_list("message", msgs)?;
                let s = sig("signature", &parse_hex("signature", s)?)?;
                let kr: Vec<&v::PublicKey> = keys.iter().collect();
                let mr: Vec<&[u8]> = ms.iter().map(Vec::as_slice).collect();
                verified(s.aggregate_verify(&kr, &mr, scheme))
            }
            pub fn fast_aggregate_verify(
                pk_list: &[String],
                msg: &str,
                s: &str,
                scheme: Scheme,
            ) -> Result<String, String> {
                need_pop(scheme, "fast-aggregate-verify")?;
                if pk_list.is_empty() {
                    return Err("invalid: no public key given (--pk HEX, repeated)".into());
                }
                let keys = pks(pk_list)?;
                let m = parse_hex("message", msg)?;
                let s = sig("signature", &parse_hex("signature", s)?)?;
                let kr: Vec<&v::PublicKey> = keys.iter().collect();
                verified(s.fast_aggregate_verify(&kr, &m))
            }
            pub fn batch_verify(
                pk_list: &[String],
                msgs: &[String],
                sig_list: &[String],
                scheme: Scheme,
                rng: &mut rand::rngs::OsRng,
            ) -> Result<String, String> {
                if pk_list.is_empty() {
                    return Err("invalid: no triple given (--pk HEX --msg HEX --sig HEX, repeated)".into());
                }
                if pk_list.len() != msgs.len() || pk_list.len() != sig_list.len() {
                    return Err(format!(
                        "invalid: {} public keys, {} messages and {} signatures (one of each per triple)",
                        pk_list.len(),
                        msgs.len(),
                        sig_list.len()
                    ));
                }
                let keys = pks(pk_list)?;
                let ms = parse_list("message", msgs)?;
                let sigs = parse_list("signature", sig_list)?
                    .iter()
                    .enumerate()
                    .map(|(i, b)| sig(&format!("signature #{}", i + 1), b))
                    .collect::<Result<Vec<_>, _>>()?;
                let kr: Vec<&v::PublicKey> = keys.iter().collect();
                let mr: Vec<&[u8]> = ms.iter().map(Vec::as_slice).collect();
                let sr: Vec<&v::Signature> = sigs.iter().collect();
                verified(v::verify_multiple_aggregate_signatures(
                    &kr, &mr, &sr, scheme, rng, 1,
                ))
            }
        }
    };
}

variant_impl!(min_pk_cmd, hayate_bls::min_pk);
variant_impl!(min_sig_cmd, hayate_bls::min_sig);

/// Calls `min_pk_cmd::$f(…)` or `min_sig_cmd::$f(…)`.
macro_rules! by_variant {
    ($v:expr, $f:ident ( $($arg:expr),* )) => {
        match $v {
            VariantArg::MinPk => min_pk_cmd::$f($($arg),*),
            VariantArg::MinSig => min_sig_cmd::$f($($arg),*),
        }
    };
}

fn execute(a: &BlsArgs) -> Result<String, String> {
    let scheme = a.scheme.scheme();
    let var = a.variant;
    match &a.command {
        BlsCommand::Keygen { ikm, key_info } => {
            let ikm = parse_secret("ikm", ikm)?;
            let info = parse_hex("key info", key_info)?;
            // KeyGen does not depend on the variant: SK is a scalar mod r either way
            let sk = hayate_bls::min_pk::SecretKey::key_gen(&ikm.0, &info)
                .map_err(|e| format!("keygen: {e}"))?;
            let b = Zeroizing::new(sk.to_bytes());
            Ok(hex::encode(*b))
        }
        BlsCommand::SkToPk { sk } => by_variant!(var, sk_to_pk(sk)),
        BlsCommand::Sign { sk, msg } => by_variant!(var, sign(sk, msg, scheme)),
        BlsCommand::PopProve { sk } => {
            need_pop(scheme, "pop-prove")?;
            by_variant!(var, pop_prove(sk))
        }
        BlsCommand::Verify { pk, msg, sig } => by_variant!(var, verify(pk, msg, sig, scheme)),
        BlsCommand::PopVerify { pk, proof } => by_variant!(var, pop_verify(pk, proof, scheme)),
        BlsCommand::Aggregate { sigs } => by_variant!(var, aggregate(sigs)),
        BlsCommand::AggregateVerify { pks, msgs, sig } => {
            by_variant!(var, aggregate_verify(pks, msgs, sig, scheme))
        }
        BlsCommand::FastAggregateVerify { pks, msg, sig } => {
            by_variant!(var, fast_aggregate_verify(pks, msg, sig, scheme))
        }
        BlsCommand::BatchVerify { pks, msgs, sigs } => {
            by_variant!(var, batch_verify(pks, msgs, sigs, scheme, &mut OsRng))
        }
        BlsCommand::HashToG2 { msg, dst } => {
            let m = parse_hex("message", msg)?;
            let dst = match dst {
                Some(d) if d.is_empty() => {
                    return Err("invalid dst: RFC 9380 requires a non-empty tag".into())
                }
                Some(d) => d.clone(),
                None => hayate_bls::min_pk::ciphersuite_id(scheme).to_string(),
            };
            Ok(hex::encode(hayate_bls::hash_to_g2(&m, dst.as_bytes())))
        }
    }
}

/// Runs `hayate bls`: the result on standard output, or one line on standard error and exit 1
/// (also if the library panicked, which it must not).
pub fn run(a: BlsArgs) -> ExitCode {
    let prev = std::panic::take_hook();
    std::panic::set_hook(Box::new(|_| {}));
    let r = std::panic::catch_unwind(|| execute(&a));
    std::panic::set_hook(prev);
    let r = r.unwrap_or_else(|p| {
        let what = p
            .downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| p.downcast_ref::<String>().cloned())
            .unwrap_or_default();
        Err(format!("internal error (panic: {what})"))
    });
    match r {
        Ok(out) => {
            println!("{out}");
            ExitCode::SUCCESS
        }
        Err(msg) => {
            let msg = msg.replace(['\n', '\r'], " ");
            eprintln!("error: {msg}");
            ExitCode::from(1)
        }
    }
}

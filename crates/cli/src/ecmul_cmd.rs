//! `hayate ecmul --curve NAME --method METHOD [--threads N] [--trace] --scalar HEX [--point HEX|G]`:
//! one scalar multiplication \[k\]P by a named method, for experiments (papers 002 and 004). Implemented with [`hayate_ec::scalar_mul_threads`].
//!
//! * NAME: the SEC 2 / RFC 5639 curves secp192r1, secp224r1, secp256r1, secp384r1,
//!   secp521r1, secp256k1, brainpoolP256r1, brainpoolP384r1 (NIST aliases such as `P-256`
//!   work), and the pairing G1 curves bn254 (alt_bn128), bn254-beuchat, bls12-381.
//! * METHOD: any name of [`hayate_ec::Method::NAMES`] (`wnaf:5`, `split:188`, `glv-ct`, …);
//!   `glv` / `glv-ct` only on secp256k1 and the pairing curves.
//! * N: threads for the two-thread methods (split, split-ct, glv, glv-ct), N ≥ 1, default 2;
//!   1 computes both halves on one thread.
//! * k: a big-endian hex integer of up to 1024 digits (leading zeros allowed), used as an integer
//!   (the GLV methods use k mod n, which is the same for points of the order-n subgroup).
//! * P: SEC 1 hex, uncompressed `04 ‖ X ‖ Y` or compressed `02|03 ‖ X` (the same big-endian
//!   x/y encoding for the pairing curves), fully validated (canonical coordinates, on the curve,
//!   in the order-n subgroup); `00` is the point at infinity; `G` or no `--point` means the
//!   standard generator.
//!
//! Output: \[k\]P as uncompressed SEC 1 lowercase hex (`04 ‖ X ‖ Y`), or `00` for the point at
//! infinity, one line.
//!
//! `--trace` (methods `jin-miyaji` and `jin-miyaji-bingcd` only): paper 004's ladder step by step,
//! for co-verifying another implementation of it (the `hw/` circuit). After the initial
//! R\[k0\] ← R\[k0\] + A (index 0) and after each loop iteration (index i = 1, 3, 5, …, l − 2,
//! l = 64·⌈bytes of k / 8⌉ rounded up to odd) one line `i R0 R1 A A1`, each register in the
//! output's point encoding; then `result` and \[k\]P. The registers come from the library's
//! ladder itself ([`hayate_ec::ladder::jin_miyaji_traced`]). They are the ladder's secret
//! intermediate values: trace test inputs only.
//!
//! Any failure (unknown curve or method — the valid names are listed —,
//! bad hex, invalid point, method not available on the curve, N = 0): one line on standard
//! error, nothing on standard output, exit 1. Hex may carry a `0x` prefix.

use std::process::ExitCode;
use std::str::FromStr;

use clap::Args;
use hayate_ec::curves::{CurveId, CurveVisitor, NamedCurve, PrimeField};
use hayate_ec::ladder::{jin_miyaji_traced, BinaryGcdVartime, Inversion, SafeGcd};
use hayate_ec::sec1::{decode_point, encode_point, Sec1Error};
use hayate_ec::{scalar_mul_threads, Affine, CurveParams, Method, Projective};

#[derive(Args)]
pub struct EcmulArgs {
    /// Curve: secp192r1, secp224r1, secp256r1, secp384r1, secp521r1, secp256k1,
    /// brainpoolP256r1, brainpoolP384r1, bn254, bn254-beuchat, bls12-381.
    #[arg(long)]
    pub curve: String,
    /// Method name (binary, window:W, naf, wnaf:W, split:X, glv, fixed-window-ct, split-ct,
    /// glv-ct, affine-ladder-ct, jin-miyaji, jin-miyaji-bingcd, montgomery-ladder, joye-ladder,
    /// joye-mary:W).
    #[arg(long)]
    pub method: String,
    /// Threads for the two-thread methods (≥ 1; 1 = sequential).
    #[arg(long, default_value_t = 2)]
    pub threads: usize,
    /// The scalar k, big-endian hex.
    #[arg(long)]
    pub scalar: String,
    /// The point P, SEC 1 hex (or `G`, the default: the generator).
    #[arg(long)]
    pub point: Option<String>,
    /// Print the Jin–Miyaji ladder's registers after every step, then the result
    /// (methods jin-miyaji and jin-miyaji-bingcd).
    #[arg(long)]
    pub trace: bool,
}

/// The curves `ecmul` knows.
#[derive(Clone, Copy)]
enum EcmulCurve {
    Named(CurveId),
    Bn254,
    Bn254Beuchat,
    Bls12381,
}

const PAIRING_CURVES: [(&str, EcmulCurve); 3] = [
    ("bn254", EcmulCurve::Bn254),
    ("bn254-beuchat", EcmulCurve::Bn254Beuchat),
    ("bls12-381", EcmulCurve::Bls12381),
];

fn parse_curve(s: &str) -> Result<EcmulCurve, String> {
    if let Some(id) = CurveId::from_name(s) {
        return Ok(EcmulCurve::Named(id));
    }
    let lower = s.trim().to_ascii_lowercase().replace('_', "-");
    let lower = if lower == "alt-bn128" {
        "bn254".to_string()
    } else {
        lower
    };
    if let Some((_, c)) = PAIRING_CURVES.iter().find(|(n, _)| *n == lower) {
        return Ok(*c);
    }
    let mut names: Vec<&str> = CurveId::ALL.iter().map(|c| c.name()).collect();
    names.extend(PAIRING_CURVES.iter().map(|(n, _)| *n));
    Err(format!(
        "unknown curve {s:?} (expected one of {})",
        names.join(", ")
    ))
}

fn parse_hex(what: &str, s: &str) -> Result<Vec<u8>, String> {
    let s = crate::hexarg::strip(s);
    if s.is_empty() {
        return Err(format!("invalid {what}: empty"));
    }
    // an odd number of digits is a number with an implicit leading zero (scalars only)
    let owned;
    let s = if s.len() % 2 == 1 && what == "scalar" {
        owned = format!("0{s}");
        owned.as_str()
    } else {
        s
    };
    hex::decode(s).map_err(|e| format!("invalid {what}: bad hex ({e})"))
}

/// Longest scalar, in hex digits (leading zeros count: they set the ladders' length).
const MAX_SCALAR_DIGITS: usize = 1024;

/// Big-endian bytes → little-endian limbs.
fn limbs_of(be: &[u8]) -> Vec<u64> {
    be.rchunks(8)
        .map(|c| c.iter().fold(0u64, |acc, &b| (acc << 8) | b as u64))
        .collect()
}

struct Job {
    method: Method,
    threads: usize,
    trace: bool,
    k: Vec<u64>,
    point: Option<Vec<u8>>,
}

fn hex_point<C: CurveParams<Base: PrimeField>>(p: &Affine<C>) -> String {
    hex::encode(encode_point(p, false))
}

fn run_on<C: CurveParams<Base: PrimeField>>(job: &Job) -> Result<String, String> {
    let p: Affine<C> = match &job.point {
        None => Affine::generator(),
        Some(b) if b.as_slice() == [0] => Affine::identity(),
        Some(b) => decode_point::<C>(b).map_err(|e: Sec1Error| format!("invalid point: {e}"))?,
    };
    if job.trace {
        return Ok(match job.method {
            Method::JinMiyaji => trace::<C, SafeGcd>(&p, &job.k),
            _ => trace::<C, BinaryGcdVartime>(&p, &job.k),
        });
    }
    let r = scalar_mul_threads(job.method, &Projective::from(p), &job.k, job.threads)
        .map_err(|e| e.to_string())?;
    Ok(hex_point(&r.to_affine()))
}

/// The `--trace` output: the method's ladder ([`Method::JinMiyaji`] or
/// [`Method::JinMiyajiBinaryGcd`]: the same inversion, the same ladder length) with an observer.
fn trace<C: CurveParams<Base: PrimeField>, I: Inversion>(p: &Affine<C>, k: &[u64]) -> String {
    let mut lines = Vec::new();
    let r = jin_miyaji_traced::<C, I, _>(p, k, 64 * k.len(), |i, r0, r1, a, a1| {
        let regs = [r0, r1, a, a1].map(hex_point);
        lines.push(format!("{i} {}", regs.join(" ")));
    });
    lines.push(format!("result {}", hex_point(&r)));
    lines.join("\n")
}

struct Visit<'a>(&'a Job);
impl CurveVisitor for Visit<'_> {
    type Output = Result<String, String>;
    fn visit<C: NamedCurve>(self) -> Self::Output {
        run_on::<C>(self.0)
    }
}

fn execute(a: &EcmulArgs) -> Result<String, String> {
    let curve = parse_curve(&a.curve)?;
    let method = Method::from_str(&a.method).map_err(|e| e.to_string())?;
    if a.threads == 0 {
        return Err("invalid --threads 0 (must be at least 1)".into());
    }
    if a.trace && !matches!(method, Method::JinMiyaji | Method::JinMiyajiBinaryGcd) {
        return Err(format!(
            "--trace needs --method jin-miyaji or jin-miyaji-bingcd, not {method}"
        ));
    }
    let digits = a.scalar.trim();
    let digits = digits
        .strip_prefix("0x")
        .or_else(|| digits.strip_prefix("0X"))
        .unwrap_or(digits);
    if digits.len() > MAX_SCALAR_DIGITS {
        return Err(format!(
            "invalid scalar: {} hex digits, at most {MAX_SCALAR_DIGITS} ({} bits)",
            digits.len(),
            4 * MAX_SCALAR_DIGITS
        ));
    }
    let k = limbs_of(&parse_hex("scalar", &a.scalar)?);
    let point = match a.point.as_deref().map(str::trim) {
        None => None,
        Some(g) if g.eq_ignore_ascii_case("g") => None,
        Some(h) => Some(parse_hex("point", h)?),
    };
    let job = Job {
        method,
        threads: a.threads,
        trace: a.trace,
        k,
        point,
    };
    match curve {
        EcmulCurve::Named(id) => id.visit(Visit(&job)),
        EcmulCurve::Bn254 => run_on::<hayate_pairing::bn254::G1Params>(&job),
        EcmulCurve::Bn254Beuchat => run_on::<hayate_pairing::bn254_beuchat::G1Params>(&job),
        EcmulCurve::Bls12381 => run_on::<hayate_pairing::bls12_381::G1Params>(&job),
    }
}

/// Runs `hayate ecmul`.
pub fn run(a: EcmulArgs) -> ExitCode {
    match execute(&a) {
        Ok(out) => {
            println!("{out}");
            ExitCode::SUCCESS
        }
        Err(msg) => {
            eprintln!("error: {}", msg.replace('\n', " "));
            ExitCode::from(1)
        }
    }
}

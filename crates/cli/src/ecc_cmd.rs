//! `hayate ecdh --curve NAME --private HEX --public HEX`: SEC 1 ECDH on a named curve
//! ([`hayate_ec::ecdh`]).
//!
//! NAME is one of secp192r1, secp224r1, secp256r1, secp384r1, secp521r1, secp256k1,
//! brainpoolP256r1, brainpoolP384r1 (case-insensitive; NIST aliases such as `P-256` and
//! `prime256v1` work); an unknown name is a usage error (exit 2). The private key is a
//! big-endian integer in hex (any length, leading zeros allowed) that must lie in [1, n − 1];
//! the public key is a SEC 1 point in hex, compressed (`02`/`03` ‖ X) or uncompressed
//! (`04` ‖ X ‖ Y), fully validated. Hex may carry a `0x` prefix. On success the shared
//! x-coordinate is printed as lowercase hex (exactly ⌈log2 p / 8⌉ bytes); on any failure one
//! line on standard error, nothing on standard output, exit 1.

use clap::Args;
use hayate_ec::curves::CurveId;
use hayate_ec::ecdh::ecdh_by_id;
use std::process::ExitCode;

fn parse_curve(s: &str) -> Result<CurveId, String> {
    CurveId::from_name(s).ok_or_else(|| {
        let names: Vec<&str> = CurveId::ALL.iter().map(|c| c.name()).collect();
        format!("unknown curve {s:?} (expected one of {})", names.join(", "))
    })
}

#[derive(Args)]
pub struct EcdhArgs {
    /// Curve name (secp192r1, secp224r1, secp256r1, secp384r1, secp521r1, secp256k1,
    /// brainpoolP256r1, brainpoolP384r1; aliases P-256 etc.).
    #[arg(long, value_parser = parse_curve)]
    pub curve: CurveId,
    /// Private scalar d ∈ [1, n−1], big-endian hex.
    #[arg(long)]
    pub private: String,
    /// Peer public key, SEC 1 hex (compressed or uncompressed).
    #[arg(long)]
    pub public: String,
}

fn parse_hex(what: &str, s: &str) -> Result<Vec<u8>, String> {
    crate::hexarg::decode(s).map_err(|e| format!("invalid {what}: bad hex ({e})"))
}

fn execute(a: &EcdhArgs) -> Result<String, String> {
    let mut private = parse_hex("private key", &a.private)?;
    let public = parse_hex("public key", &a.public)?;
    let z = ecdh_by_id(a.curve, &private, &public).map_err(|e| e.to_string());
    // wipe the decoded scalar (black_box keeps the stores)
    private.fill(0);
    std::hint::black_box(&private);
    Ok(hex::encode(z?.as_bytes()))
}

/// Runs `hayate ecdh`.
pub fn run_ecdh(a: EcdhArgs) -> ExitCode {
    match execute(&a) {
        Ok(z) => {
            println!("{z}");
            ExitCode::SUCCESS
        }
        Err(msg) => {
            eprintln!("error: {}", msg.replace('\n', " "));
            ExitCode::from(1)
        }
    }
}

//! `hayate evm NAME INPUT`: run an Ethereum precompile — EIP-196/197 (`bn256Add`,
//! `bn256ScalarMul`, `bn256Pairing`) or EIP-2537 (`blsG1Add`, `blsG1MultiExp`, `blsG2Add`,
//! `blsG2MultiExp`, `blsPairing`, `blsMapG1`, `blsMapG2`) — via [`hayate_pairing::evm::run`].
//!
//! INPUT is hex (an optional `0x` prefix; surrounding whitespace ignored) or `-` to read the hex
//! from standard input. On success the output bytes are printed as lowercase hex on standard
//! output (exit 0). Any failure — bad hex, unknown precompile, invalid input for the
//! precompile — is one line on standard error, nothing on standard output, exit 1.

use clap::Args;
use std::io::Read;
use std::process::ExitCode;

#[derive(Args)]
pub struct EvmArgs {
    /// Precompile name (bn256Add, bn256ScalarMul, bn256Pairing, blsG1Add, blsG1MultiExp,
    /// blsG2Add, blsG2MultiExp, blsPairing, blsMapG1, blsMapG2).
    pub name: String,
    /// Input as hex, or `-` to read hex from standard input.
    pub input: String,
}

/// Hex with an optional 0x prefix and surrounding whitespace.
fn parse_hex(s: &str) -> Result<Vec<u8>, String> {
    let s = s.trim();
    let s = s
        .strip_prefix("0x")
        .or_else(|| s.strip_prefix("0X"))
        .unwrap_or(s);
    hex::decode(s).map_err(|e| format!("invalid hex input: {e}"))
}

fn execute(a: &EvmArgs) -> Result<Vec<u8>, String> {
    let text = if a.input == "-" {
        let mut buf = String::new();
        std::io::stdin()
            .read_to_string(&mut buf)
            .map_err(|e| format!("cannot read standard input: {e}"))?;
        buf
    } else {
        a.input.clone()
    };
    let input = parse_hex(&text)?;
    hayate_pairing::evm::run(&a.name, &input).map_err(|e| e.to_string())
}

pub fn run(a: EvmArgs) -> ExitCode {
    match execute(&a) {
        Ok(out) => {
            println!("{}", hex::encode(out));
            ExitCode::SUCCESS
        }
        Err(msg) => {
            // one line, whatever the error text
            eprintln!("error: {}", msg.replace('\n', " "));
            ExitCode::from(1)
        }
    }
}

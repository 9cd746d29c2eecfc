//! `hayate evm NAME INPUT`: run an Ethereum precompile — EIP-196/197 (`bn256Add`,
//! `bn256ScalarMul`, `bn256Pairing`) or EIP-2537 (`blsG1Add`, `blsG1MultiExp`, `blsG2Add`,
//! `blsG2MultiExp`, `blsPairing`, `blsMapG1`, `blsMapG2`) — via [`hayate_pairing::evm::run`].
//!
//! INPUT is hex (an optional `0x` prefix; surrounding whitespace ignored) or `-` to read the hex
//! from standard input. Inputs are limited to [`MAX_INPUT`] bytes (more than ten times what a
//! 30-million-gas block can pass to any of these precompiles), so an endless standard input is
//! an error, not an exhausted memory. On success the output bytes are printed as lowercase hex on standard
//! output (exit 0). Any failure — bad hex, unknown precompile, invalid input for the
//! precompile — is one line on standard error, nothing on standard output, exit 1.

use clap::Args;
use std::process::ExitCode;

#[derive(Args)]
pub struct EvmArgs {
    /// Precompile name (bn256Add, bn256ScalarMul, bn256Pairing, blsG1Add, blsG1MultiExp,
    /// blsG2Add, blsG2MultiExp, blsPairing, blsMapG1, blsMapG2).
    pub name: String,
    /// Input as hex, or `-` to read hex from standard input.
    pub input: String,
}

/// Largest accepted input, in bytes (after hex decoding).
pub const MAX_INPUT: usize = 4 << 20;
/// Slack for a prefix, whitespace and newlines around the hex on standard input.
const TEXT_SLACK: usize = 4096;

/// Hex with an optional 0x prefix and surrounding whitespace.
fn parse_hex(s: &str) -> Result<Vec<u8>, String> {
    crate::hexarg::decode(s).map_err(|e| format!("invalid hex input: {e}"))
}

fn execute(a: &EvmArgs) -> Result<Vec<u8>, String> {
    let text = if a.input == "-" {
        let limit = 2 * MAX_INPUT + TEXT_SLACK;
        let bytes = crate::files::read_bounded_from(std::io::stdin().lock(), limit)
            .map_err(|e| format!("cannot read standard input: {e}"))?
            .ok_or_else(|| format!("input too large (at most {MAX_INPUT} bytes)"))?;
        String::from_utf8(bytes).map_err(|_| "invalid hex input: not text".to_string())?
    } else {
        a.input.clone()
    };
    if text.len() > 2 * MAX_INPUT + TEXT_SLACK {
        return Err(format!("input too large (at most {MAX_INPUT} bytes)"));
    }
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

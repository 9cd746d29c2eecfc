//! `hayate evm NAME INPUT`: Ethereum precompiles (placeholder until the precompile module lands).

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

pub fn run(_a: EvmArgs) -> ExitCode {
    eprintln!("error: evm precompiles are not built yet");
    ExitCode::from(1)
}

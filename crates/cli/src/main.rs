//! `hayate`: command-line front end of the hayate library.
//!
//! This file only parses and dispatches; each subcommand lives in its own module:
//! [`evm`] (Ethereum precompiles), [`aead_cmd`] (authenticated encryption),
//! [`bench`](mod@bench) (measurements: `hayate bench SUITE [--json]`), [`report`] (the evaluation report),
//! [`bls_cmd`] (IETF BLS signatures).
//!
//! Conventions for every subcommand: results go to standard output (lowercase hex where the
//! result is bytes), a failure is one line on standard error, nothing on standard output, and
//! exit code 1; usage errors exit with 2 (clap's convention), except for the `hayate bls`
//! verification commands, whose every failure is one line and exit 1 (see [`bls_cmd`]).

mod aead_cmd;
mod bench;
mod bench_aead;
mod bench_bls;
mod bench_dudect;
mod bench_ecc;
mod bench_fe;
mod bench_pairing;
mod bls_cmd;
mod dudect;
mod ecc_cmd;
mod ecmul_cmd;
mod evm;
mod fe_cmd;
mod files;
mod hexarg;
mod report;
mod timing;

use clap::{Parser, Subcommand};
use std::process::ExitCode;

#[derive(Parser)]
#[command(
    name = "hayate",
    version,
    about = "Fast, side-channel-aware pairings, ECC and lightweight AEAD"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Run an Ethereum precompile (EIP-196/197, EIP-2537) on hex input.
    Evm(evm::EvmArgs),
    /// Authenticated encryption with the CAESAR lightweight schemes and Ascon-AEAD128.
    #[command(subcommand)]
    Aead(aead_cmd::AeadCommand),
    /// Attribute-based file encryption (FAME CP-ABE, Okamoto–Takashima CP-FE): setup, keygen, encrypt, decrypt.
    #[command(subcommand)]
    Fe(fe_cmd::FeCommand),
    // IETF BLS signatures: the help text is `bls_cmd::BlsArgs`'s (about and long_about)
    Bls(bls_cmd::BlsArgs),
    /// Measure a suite and print a table (or JSON lines with --json).
    Bench(bench::BenchArgs),
    /// SEC 1 ECDH on a named curve: prints the shared x-coordinate as hex.
    Ecdh(ecc_cmd::EcdhArgs),
    /// One scalar multiplication \[k\]P by a named method (experiments): prints \[k\]P as SEC 1 hex.
    Ecmul(ecmul_cmd::EcmulArgs),
    /// The evaluation: measure what the five papers measured, write report.md/.html/results.json.
    Report(report::ReportArgs),
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(c) => c,
        Err(e) => {
            let args: Vec<String> = std::env::args_os()
                .map(|a| a.to_string_lossy().into_owned())
                .collect();
            if e.use_stderr() && bls_cmd::is_verification(&args) {
                return bls_cmd::usage_error(&e);
            }
            e.exit()
        }
    };
    match cli.command {
        Command::Evm(a) => evm::run(a),
        Command::Aead(c) => aead_cmd::run(c),
        Command::Fe(c) => fe_cmd::run(c),
        Command::Bls(a) => bls_cmd::run(a),
        Command::Bench(a) => bench::run(a),
        Command::Ecdh(a) => ecc_cmd::run_ecdh(a),
        Command::Ecmul(a) => ecmul_cmd::run(a),
        Command::Report(a) => report::run(a),
    }
}

//! `hayate bench SUITE [--json]` dispatcher (suites: pairing, aead, ecc, fe, bls, dudect).

use clap::{Args, ValueEnum};
use std::process::ExitCode;

#[derive(Clone, Copy, Debug, ValueEnum)]
pub enum Suite {
    Pairing,
    Aead,
    Ecc,
    Fe,
    /// IETF BLS signatures (hayate-bls): sign, verify, aggregates, batch verification.
    Bls,
    /// Constant-time evidence: dudect runs of the constant-time entry points beside their
    /// variable-time positive controls (about 2 minutes; --quick: indicative).
    Dudect,
}

#[derive(Args)]
pub struct BenchArgs {
    /// Which suite to measure.
    pub suite: Suite,
    /// One JSON object per line instead of a table.
    #[arg(long)]
    pub json: bool,
    /// Fewer repetitions (for smoke tests); figures are marked as quick.
    #[arg(long)]
    pub quick: bool,
}

pub fn run(a: BenchArgs) -> ExitCode {
    match a.suite {
        Suite::Pairing => {
            crate::bench_pairing::run(a.json, a.quick);
            ExitCode::SUCCESS
        }
        Suite::Aead => crate::bench_aead::run(a.json, a.quick),
        Suite::Ecc => {
            crate::bench_ecc::run(a.json, a.quick);
            ExitCode::SUCCESS
        }
        Suite::Fe => {
            crate::bench_fe::run(a.json, a.quick);
            ExitCode::SUCCESS
        }
        Suite::Bls => {
            crate::bench_bls::run(a.json, a.quick);
            ExitCode::SUCCESS
        }
        Suite::Dudect => {
            crate::bench_dudect::main(a.json, a.quick);
            ExitCode::SUCCESS
        }
    }
}

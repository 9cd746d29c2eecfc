//! `hayate aead encrypt|decrypt` (placeholder until the AEAD command lands).

use clap::Subcommand;
use std::process::ExitCode;

#[derive(Subcommand)]
pub enum AeadCommand {
    /// List the algorithms.
    List,
}

pub fn run(c: AeadCommand) -> ExitCode {
    match c {
        AeadCommand::List => {
            for a in hayate_aead::ALGORITHMS {
                println!("{}", a.name());
            }
            ExitCode::SUCCESS
        }
    }
}

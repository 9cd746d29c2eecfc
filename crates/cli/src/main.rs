//! `hayate`: command-line front end of the hayate library.
//!
//! Each subcommand lives in its own module; this file only parses and dispatches.

use clap::{Parser, Subcommand};
use std::process::ExitCode;

#[derive(Parser)]
#[command(name = "hayate", version, about = "Fast, side-channel-aware pairings, ECC and lightweight AEAD")]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {}
}

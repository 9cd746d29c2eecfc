//! `hayate-bench SUITE [options]`: bench-only comparisons of hayate with peer crates, run
//! interleaved in one process so the ratios are meaningful on a noisy machine.
//!
//! Suites:
//! * `aead` — hayate's `asconaead128` vs the RustCrypto `ascon-aead128` crate ([`aead`]).
//! * `pairing` — hayate's pairings, G1/G2 scalar multiplication and GT exponentiation vs `blst`,
//!   arkworks, zkcrypto `bls12_381` and `substrate-bn` ([`pairing`]):
//!   `cargo run --release -p hayate-bench -- pairing [--json] [--rounds N] [--quick]`.
//! * `ecc` — constant-time ECDH and [k]P vs `p256`, `k256` and libsecp256k1 ([`ecc`]).
//! * `field` — Fp / Fp2 kernels vs `blst` (BLS12-381), hayate's 254-bit fields alone ([`field`]).
//! * `bls` — IETF BLS signatures (Sign, Verify, FastAggregateVerify, AggregateVerify, batch
//!   verification) vs `blst`'s `min_pk` / `min_sig` ([`bls`]):
//!   `cargo run --release -p hayate-bench -- bls [--json] [--rounds N] [--quick]`.
//! * `tower` — BLS12-381 tower operations (Fp12 products, squarings, line products, Miller loop,
//!   final exponentiation) vs `blst` ([`tower`]).
//!
//! Run with `cargo run --release -p hayate-bench -- aead [--rounds N] [--quick]`.

mod aead;
mod bls;
mod ecc;
mod field;
mod gnark;
mod pairing;
mod tower;

use std::process::ExitCode;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.first().map(String::as_str) {
        Some("aead") => aead::run(&args[1..]),
        Some("pairing") => pairing::run(&args[1..]),
        Some("ecc") => ecc::run(&args[1..]),
        Some("field") => field::run(&args[1..]),
        Some("tower") => tower::run(&args[1..]),
        Some("bls") => bls::run(&args[1..]),
        Some("gnark") => gnark::run(&args[1..]),
        _ => {
            eprintln!("usage: hayate-bench aead [--rounds N] [--quick] | field [--rounds N] | tower [--rounds N] [--quick] | pairing|ecc|bls [--json] [--rounds N] [--quick] | gnark [--rounds N] [--batch-ms X]");
            ExitCode::from(2)
        }
    }
}

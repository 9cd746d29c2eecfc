//! Prints the Fp2 operation counts of one pairing (Miller loop with the G2 line computation,
//! final exponentiation) and of its building blocks on the counting copies of the three curves
//! ([`hayate_pairing::opcount`]):
//! `cargo run --release -p hayate-lab --example opcounts`.

use hayate_arith::opcount::OpCounts;
use hayate_pairing::opcount::{
    curve_op_counts, step_op_counts, CountingBls12381, CountingBn254, CountingBn254Beuchat,
};
use hayate_pairing::PairingCurve;

fn row(curve: &str, what: &str, c: &OpCounts) {
    println!(
        "| {curve} | {what} | {} | {} | {} | {} |",
        c.mul, c.sqr, c.add, c.mul_by_xi
    );
}

fn run<E: PairingCurve<N>, const N: usize>(curve: &str) {
    for (what, c) in step_op_counts::<E, N>() {
        row(curve, what, &c);
    }
    let (ml, fe) = curve_op_counts::<E, N>();
    row(curve, "**Miller loop**", &ml);
    row(curve, "**final exponentiation**", &fe);
}

fn main() {
    println!("| curve | operation | Fp2 mul | Fp2 sqr | Fp2 add | mul by ξ |");
    println!("|---|---|---|---|---|---|");
    run::<CountingBn254Beuchat, 4>("bn254-beuchat");
    run::<CountingBn254, 4>("alt_bn128");
    run::<CountingBls12381, 6>("BLS12-381");
}

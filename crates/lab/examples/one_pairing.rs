//! Computes pairings in a loop on one curve (for profilers such as callgrind or perf):
//! `cargo run --release -p hayate-lab --example one_pairing -- bls12-381 100`.

use hayate_ec::Affine;
use hayate_pairing::{
    bls12_381::Bls12381, bn254::Bn254, bn254_beuchat::Bn254Beuchat, PairingCurve,
};

fn run<E: PairingCurve<N>, const N: usize>(n: usize) {
    let p = Affine::<E::G1>::generator()
        .mul_vartime(&[12345])
        .to_affine();
    let q = Affine::<E::G2>::generator()
        .mul_vartime(&[67890])
        .to_affine();
    let mut acc = hayate_pairing::Gt::<E, N>::identity();
    for _ in 0..n {
        acc = acc * hayate_pairing::pairing::<E, N>(&p, &q);
    }
    println!("{:?}", bool::from(acc.is_identity()));
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let curve = args.get(1).map(String::as_str).unwrap_or("bls12-381");
    let n = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(10);
    match curve {
        "bn254-beuchat" => run::<Bn254Beuchat, 4>(n),
        "bn254" => run::<Bn254, 4>(n),
        _ => run::<Bls12381, 6>(n),
    }
}

//! Quick timing breakdown of FAME with 10 string attributes and the AND of them (the
//! configuration of `hayate bench fe`): `cargo run --release -p hayate-fe --example
//! fame_profile [keygen|encrypt|decrypt [bn254-beuchat]]`. Thread CPU time, medians;
//! indicative only (`hayate bench fe` is the reference measurement). With an operation, only
//! that operation runs, 200 times (for perf), on BLS12-381 unless the curve is given.

use std::hint::black_box;

use hayate_fe::curve::FeCurve;
use hayate_fe::fame;
use hayate_fe::policy::Attributes;
use hayate_pairing::{bls12_381::Bls12381, bn254_beuchat::Bn254Beuchat, Gt};
use rand::{rngs::StdRng, SeedableRng};

mod common;
use common::median_ms;

fn profile<E: FeCurve<N>, const N: usize>(name: &str, op: Option<&str>) {
    let mut rng = StdRng::seed_from_u64(10);
    let names: Vec<String> = (0..10).map(|i| format!("a{i}")).collect();
    let attrs = Attributes::parse(&names.join(",")).unwrap();
    let policy = names.join(" and ");
    let (pk, msk) = fame::setup::<E, N>(&mut rng);
    let msg = Gt::<E, N>::generator();
    let sk = fame::keygen(&msk, &attrs, &mut rng);
    let (ct, c) = fame::encrypt(&pk, &policy, &msg, &mut rng).unwrap();
    if let Some(op) = op {
        for _ in 0..200 {
            match op {
                "keygen" => drop(black_box(fame::keygen(&msk, &attrs, &mut rng))),
                "encrypt" => drop(black_box(fame::encrypt(&pk, &policy, &msg, &mut rng))),
                _ => drop(black_box(fame::decrypt(&sk, &ct, &c))),
            }
        }
        return;
    }
    let runs = 11;
    let keygen = median_ms(runs, || {
        black_box(fame::keygen(&msk, &attrs, &mut rng));
    });
    let enc = median_ms(runs, || {
        black_box(fame::encrypt(&pk, &policy, &msg, &mut rng).unwrap());
    });
    let dec = median_ms(runs, || {
        black_box(fame::decrypt(&sk, &ct, &c).unwrap());
    });
    let mut i = 0u32;
    let hash = median_ms(runs, || {
        i += 1;
        black_box(E::hash_to_g1_proj(&i.to_be_bytes(), b"HAYATE-PROFILE"));
    });
    println!(
        "{name:<14} keygen {keygen:6.3}  encrypt {enc:6.3}  decrypt {dec:6.3} | hash_to_g1 {hash:6.4}"
    );
}

fn main() {
    let op = std::env::args().nth(1);
    let curve = std::env::args().nth(2);
    if op.is_none() || curve.as_deref() == Some("bn254-beuchat") {
        profile::<Bn254Beuchat, 4>("bn254-beuchat", op.as_deref());
    }
    if op.is_none() || curve.as_deref() != Some("bn254-beuchat") {
        profile::<Bls12381, 6>("bls12-381", op.as_deref());
    }
}

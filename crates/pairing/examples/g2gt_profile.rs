//! Quick timing of G2 scalar multiplication and GT exponentiation (constant time and variable
//! time) on the three curves: minimum of repeated timings, robust on a loaded machine. Not a
//! benchmark of record (that is `hayate-bench pairing`).
use hayate_ec::Projective;
use hayate_pairing::{
    bls12_381::Bls12381, bn254::Bn254, bn254_beuchat::Bn254Beuchat, Gt, PairingCurve,
};
use std::hint::black_box;
use std::time::Instant;

fn t(name: &str, mut f: impl FnMut()) -> f64 {
    let mut best = f64::INFINITY;
    for _ in 0..60 {
        let s = Instant::now();
        for _ in 0..5 {
            f();
        }
        best = best.min(s.elapsed().as_secs_f64() / 5.0);
    }
    println!("  {name:16} {:9.1} us", best * 1e6);
    best
}

fn run<E: PairingCurve<N>, const N: usize>(only: &str) {
    println!("{}", E::NAME);
    let k = [
        0x9e3779b97f4a7c15u64,
        0xf39cc0605cedc834,
        0x1082276bf3a27251,
        0x0f3d1a2b3c4d5e6f,
    ];
    let q = Projective::<E::G2>::generator().mul_vartime_wnaf(&[12345, 678]);
    let x = Gt::<E, N>::generator();
    if only != "gt" {
        let c = t("g2 mul_ct", || {
            black_box(black_box(&q).mul_ct(&k));
        });
        let v = t("g2 mul_vartime", || {
            black_box(black_box(&q).mul_vartime(&k));
        });
        println!("  g2 ct/vt {:.3}", c / v);
    }
    if only != "g2" {
        let c = t("gt pow", || {
            black_box(black_box(&x).pow(&k));
        });
        let v = t("gt pow_vartime", || {
            black_box(black_box(&x).pow_vartime(&k));
        });
        println!("  gt ct/vt {:.3}", c / v);
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let only = args.first().map(String::as_str).unwrap_or("");
    let curve = args.get(1).map(String::as_str).unwrap_or("");
    if curve.is_empty() || curve == "bls" {
        run::<Bls12381, 6>(only);
    }
    if curve.is_empty() || curve == "bn" {
        run::<Bn254, 4>(only);
    }
    if curve.is_empty() || curve == "beuchat" {
        run::<Bn254Beuchat, 4>(only);
    }
}

//! hayate's constant-time elliptic-curve operations vs `p256`, `k256` (RustCrypto) and
//! libsecp256k1 (through the `secp256k1` crate) on identical inputs, interleaved in one
//! process (paper 004's constant-time scalar multiplication against the usual libraries).
//!
//! Operations (single thread, secret scalar, variable base):
//! * `p256 ecdh` — SEC 1 ECDH on secp256r1: hayate `SecretKey::diffie_hellman` vs
//!   `p256::ecdh::diffie_hellman`.
//! * `secp256k1 mul_ct` — [k]P: hayate `fixed-window-ct` and `glv-ct` (one thread) vs
//!   libsecp256k1's `secp256k1_ec_pubkey_tweak_mul` (its `ecmult_const` path) and `k256`'s
//!   `ProjectivePoint * Scalar`.
//! * `secp256r1 mul_ct` — [k]P: hayate `fixed-window-ct` vs `p256`'s `ProjectivePoint * Scalar`.
//!
//! Before timing, every implementation's result is checked against hayate's (same x-coordinate).
//! Times are per-call medians of thread CPU time over the rounds; ratios hayate / peer (below 1 =
//! hayate faster).
//!
//! `cargo run --release -p hayate-bench -- ecc [--rounds N] [--quick] [--json]`

use std::hint::black_box;
use std::process::ExitCode;

use hayate_ec::curves::{Secp256k1, Secp256r1};
use hayate_ec::ecdh::{PublicKey as HPublicKey, SecretKey as HSecretKey};
use hayate_ec::methods::scalar_mul_threads;
use hayate_ec::{Method, Projective};
use rand::{rngs::StdRng, RngCore, SeedableRng};

use crate::pairing::{median, run_groups, Group};

fn rand32(rng: &mut StdRng) -> [u8; 32] {
    let mut b = [0u8; 32];
    rng.fill_bytes(&mut b);
    b[0] &= 0x7f; // below both group orders
    b
}

fn be_to_limbs(b: &[u8; 32]) -> [u64; 4] {
    let mut l = [0u64; 4];
    for (i, chunk) in b.rchunks(8).enumerate() {
        l[i] = u64::from_be_bytes(chunk.try_into().unwrap());
    }
    l
}

pub fn run(args: &[String]) -> ExitCode {
    let quick = args.iter().any(|a| a == "--quick");
    let json = args.iter().any(|a| a == "--json");
    let rounds = args
        .iter()
        .position(|a| a == "--rounds")
        .and_then(|i| args.get(i + 1))
        .and_then(|v| v.parse().ok())
        .unwrap_or(if quick { 5 } else { 31 });
    let batch_ns = if quick { 2e6 } else { 2e7 };
    let mut rng = StdRng::seed_from_u64(2026);

    // ---- P-256 ECDH ----
    let d_bytes = rand32(&mut rng);
    let q_bytes = rand32(&mut rng);
    let h_sk = HSecretKey::<Secp256r1>::from_bytes_be(&d_bytes).expect("key");
    let h_pk = HSecretKey::<Secp256r1>::from_bytes_be(&q_bytes)
        .expect("key")
        .public_key();
    let pk_sec1 = h_pk.to_sec1_bytes(false);
    let h_pk = HPublicKey::<Secp256r1>::from_sec1_bytes(&pk_sec1).expect("pk");
    let p_sk = p256::SecretKey::from_slice(&d_bytes).expect("p256 key");
    let p_pk = p256::PublicKey::from_sec1_bytes(&pk_sec1).expect("p256 pk");
    let h_shared = h_sk.diffie_hellman(&h_pk).expect("ecdh");
    let p_shared = p256::ecdh::diffie_hellman(p_sk.to_nonzero_scalar(), p_pk.as_affine());
    assert_eq!(
        h_shared.as_bytes(),
        p_shared.raw_secret_bytes().as_slice(),
        "P-256 ECDH agrees"
    );

    // ---- secp256k1 [k]P ----
    let k_bytes = rand32(&mut rng);
    let k = be_to_limbs(&k_bytes);
    let base_k = be_to_limbs(&rand32(&mut rng));
    let pk1 = Projective::<Secp256k1>::generator()
        .mul_ct(&base_k)
        .to_affine();
    let pk1_sec1 = hayate_ec::sec1::encode_point(&pk1, false);
    let hk = Projective::from(pk1);
    let want_k1 = scalar_mul_threads(Method::FixedWindowCt, &hk, &k, 1)
        .expect("mul")
        .to_affine();
    let want_k1_sec1 = hayate_ec::sec1::encode_point(&want_k1, false);
    assert_eq!(
        scalar_mul_threads(Method::GlvCt, &hk, &k, 1)
            .expect("glv-ct")
            .to_affine(),
        want_k1,
        "glv-ct agrees"
    );
    let secp = secp256k1::Secp256k1::new();
    let s_pk = secp256k1::PublicKey::from_slice(&pk1_sec1).expect("secp256k1 pk");
    let s_k = secp256k1::Scalar::from_be_bytes(k_bytes).expect("scalar");
    assert_eq!(
        s_pk.mul_tweak(&secp, &s_k)
            .expect("tweak")
            .serialize_uncompressed()
            .as_slice(),
        want_k1_sec1.as_slice(),
        "libsecp256k1 agrees"
    );
    use k256::elliptic_curve::sec1::{FromEncodedPoint, ToEncodedPoint};
    use k256::elliptic_curve::PrimeField;
    let kp = k256::ProjectivePoint::from(
        k256::AffinePoint::from_encoded_point(&k256::EncodedPoint::from_bytes(&pk1_sec1).unwrap())
            .unwrap(),
    );
    let ks = k256::Scalar::from_repr(k_bytes.into()).unwrap();
    assert_eq!(
        (kp * ks).to_affine().to_encoded_point(false).as_bytes(),
        want_k1_sec1.as_slice(),
        "k256 agrees"
    );

    // ---- secp256r1 [k]P ----
    let pr = Projective::from(*h_pk.as_affine());
    let want_r1 = hayate_ec::sec1::encode_point(
        &scalar_mul_threads(Method::FixedWindowCt, &pr, &k, 1)
            .expect("mul")
            .to_affine(),
        false,
    );
    let pp = p256::ProjectivePoint::from(*p_pk.as_affine());
    let ps = p256::Scalar::from_repr(k_bytes.into()).unwrap();
    assert_eq!(
        (pp * ps).to_affine().to_encoded_point(false).as_bytes(),
        want_r1.as_slice(),
        "p256 mul agrees"
    );

    let mut groups = Vec::new();
    let mut g = Group::new("secp256r1", "ecdh");
    g.add("hayate", Some(true), || {
        black_box(black_box(&h_sk).diffie_hellman(black_box(&h_pk)).ok());
    });
    g.add("p256", Some(true), || {
        black_box(p256::ecdh::diffie_hellman(
            black_box(p_sk.to_nonzero_scalar()),
            black_box(p_pk.as_affine()),
        ));
    });
    groups.push(g);
    let mut g = Group::new("secp256k1", "mul_ct");
    g.add("hayate", Some(true), || {
        black_box(scalar_mul_threads(Method::FixedWindowCt, black_box(&hk), black_box(&k), 1).ok());
    });
    g.add("hayate glv-ct", Some(true), || {
        black_box(scalar_mul_threads(Method::GlvCt, black_box(&hk), black_box(&k), 1).ok());
    });
    g.add("libsecp256k1", Some(true), || {
        black_box(black_box(s_pk).mul_tweak(&secp, black_box(&s_k)).ok());
    });
    g.add("k256", Some(true), || {
        black_box(black_box(kp) * black_box(ks));
    });
    groups.push(g);
    let mut g = Group::new("secp256r1", "mul_ct");
    g.add("hayate", Some(true), || {
        black_box(scalar_mul_threads(Method::FixedWindowCt, black_box(&pr), black_box(&k), 1).ok());
    });
    g.add("p256", Some(true), || {
        black_box(black_box(pp) * black_box(ps));
    });
    groups.push(g);

    run_groups(&mut groups, rounds, batch_ns);

    if !json {
        println!(
            "hayate-bench ecc — {rounds} interleaved rounds, per-call medians of thread CPU time{}",
            if quick { " (quick)" } else { "" }
        );
        println!(
            "{:<10} {:<7} {:<14} {:>11} {:>16} {:>16}",
            "curve", "op", "lib", "µs", "best hayate/this", "hayate/this"
        );
    }
    for g in &groups {
        let med: Vec<f64> = g.entries.iter().map(|e| median(&e.samples)).collect();
        let hayate_best = g
            .entries
            .iter()
            .zip(&med)
            .filter(|(e, _)| e.lib.starts_with("hayate"))
            .map(|(_, m)| *m)
            .fold(f64::INFINITY, f64::min);
        let hayate_plain = med[0];
        for (e, m) in g.entries.iter().zip(&med) {
            if json {
                println!(
                    "{{\"suite\":\"ecc-peers\",\"curve\":\"{}\",\"op\":\"{}\",\"lib\":\"{}\",\"constant_time\":true,\"median_ns\":{:.1},\"ratio_best_hayate_vs_this\":{:.4},\"rounds\":{}}}",
                    g.curve, g.op, e.lib, m, hayate_best / m, rounds
                );
            } else {
                println!(
                    "{:<10} {:<7} {:<14} {:>11.2} {:>16.3} {:>16.3}",
                    g.curve,
                    g.op,
                    e.lib,
                    m / 1e3,
                    hayate_best / m,
                    hayate_plain / m
                );
            }
        }
    }
    ExitCode::SUCCESS
}

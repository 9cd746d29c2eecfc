//! Quick timing breakdown of OT10 on paper 000 Table 5's configuration (d = 5, n = 2, 10 ANDs):
//! `cargo run --release -p hayate-lab --example ot10_profile`. Indicative only (no warm-up
//! statistics beyond a median of a few runs); `hayate bench fe` is the reference measurement.

use std::hint::black_box;

use hayate_fe::curve::{FeCurve, Scalar, G1, G2};
use hayate_fe::{dpvs, ot10};
use hayate_pairing::{bls12_381::Bls12381, bn254_beuchat::Bn254Beuchat, Gt};
use rand::{rngs::StdRng, SeedableRng};

use hayate_lab::{cpu_ns, median_ms};

/// Interleaved A/B: `runs` alternating timed calls of `a` and `b`, the minimum of each in ms of
/// thread CPU time (less sensitive to other processes than two separate medians).
fn ab_min_ms(runs: usize, mut a: impl FnMut(), mut b: impl FnMut()) -> (f64, f64) {
    let (mut ma, mut mb) = (f64::MAX, f64::MAX);
    for _ in 0..runs {
        let t = cpu_ns();
        a();
        let u = cpu_ns();
        b();
        let v = cpu_ns();
        ma = ma.min(u - t);
        mb = mb.min(v - u);
    }
    (ma / 1e6, mb / 1e6)
}

fn profile<E: FeCurve<N>, const N: usize>(name: &str) {
    let mut rng = StdRng::seed_from_u64(7);
    let pos = (1..=5).map(|t| format!("t{t}={t}"));
    let neg = (1..=5).map(|t| format!("not t{t}={}", 10 + t));
    let policy = pos.chain(neg).collect::<Vec<_>>().join(" and ");
    let attrs = ot10::AttrSet::parse("t1=1,t2=2,t3=3,t4=4,t5=5").unwrap();
    let dims = [2usize; 5];
    let runs = 11;
    let (pk, msk) = ot10::setup::<E, N>(&dims, &mut rng).unwrap();
    let sk = ot10::keygen(&msk, &attrs, &mut rng).unwrap();
    let (ct, _) = ot10::encapsulate(&pk, &policy, &mut rng).unwrap();
    let prep = ot10::PreparedUserKey::new(&sk);
    let ppk = ot10::PreparedPublicKey::new(&pk);
    // `ot10_profile encaps|encaps-prep|decaps|decaps-prep [bls12-381]`: only that operation, 200 times (for perf)
    if let Some(op) = std::env::args().nth(1) {
        for _ in 0..200 {
            match op.as_str() {
                "encaps" => drop(black_box(ot10::encapsulate(&pk, &policy, &mut rng))),
                "encaps-prep" => drop(black_box(ot10::encapsulate_prepared(
                    &ppk, &policy, &mut rng,
                ))),
                "decaps" => drop(black_box(ot10::decapsulate(&sk, &ct))),
                _ => drop(black_box(ot10::decapsulate_prepared(&prep, &ct))),
            }
        }
        return;
    }
    let setup = median_ms(3, || {
        black_box(ot10::setup::<E, N>(&dims, &mut rng).unwrap());
    });
    let keygen = median_ms(runs, || {
        black_box(ot10::keygen(&msk, &attrs, &mut rng).unwrap());
    });
    let enc = median_ms(runs, || {
        black_box(ot10::encapsulate(&pk, &policy, &mut rng).unwrap());
    });
    let encp = median_ms(runs, || {
        black_box(ot10::encapsulate_prepared(&ppk, &policy, &mut rng).unwrap());
    });
    let ppk_build = median_ms(3, || {
        black_box(ot10::PreparedPublicKey::new(&pk));
    });
    let dec = median_ms(runs, || {
        black_box(ot10::decapsulate(&sk, &ct).unwrap());
    });
    let decp = median_ms(runs, || {
        black_box(ot10::decapsulate_prepared(&prep, &ct).unwrap());
    });
    // A/B under the same load: the scaled G1 side (small-denominator coefficients) against the
    // full-size one, both with the prepared key
    let (decp_unscaled, decp2) = ab_min_ms(
        3 * runs,
        || drop(black_box(ot10::decapsulate_prepared_unscaled(&prep, &ct))),
        || drop(black_box(ot10::decapsulate_prepared(&prep, &ct))),
    );
    println!(
        "{name:<14} A/B (min of interleaved runs) decaps-prep: G1 side unscaled {decp_unscaled:.3} scaled {decp2:.3} ({:.2}x)",
        decp_unscaled / decp2
    );
    // components
    let zeta = Scalar::<E, N>::random(&mut rng);
    let gtpow = median_ms(runs, || {
        black_box(pk.g_t.pow_scalar(&zeta));
    });
    let basis: Vec<&[G1<E, N>]> = pk.bt[0].iter().map(|v| v.as_slice()).collect();
    let coeffs: Vec<Scalar<E, N>> = (0..3).map(|_| Scalar::<E, N>::random(&mut rng)).collect();
    let lin = median_ms(runs, || {
        black_box(dpvs::lincomb_g1::<E, N>(&basis, &coeffs));
    });
    let pairs: Vec<(G1<E, N>, G2<E, N>)> = (0..40)
        .map(|i| (ct.rows[i % 10][i % 7], sk.k0[i % 5]))
        .collect();
    let mp40 = median_ms(runs, || {
        black_box(hayate_pairing::multi_pairing::<E, N>(&pairs));
    });
    let (mp40_proj, mp40_b) = ab_min_ms(
        3 * runs,
        || {
            black_box(hayate_pairing::final_exp::final_exponentiation::<E, N>(
                &hayate_pairing::miller::multi_miller_loop_projective::<E, N>(&pairs),
            ));
        },
        || {
            black_box(hayate_pairing::multi_pairing::<E, N>(&pairs));
        },
    );
    println!(
        "{name:<14} A/B (min of interleaved runs) multipair40: projective T {mp40_proj:.3}  batch-affine T {mp40_b:.3} ({:.2}x)",
        mp40_proj / mp40_b
    );
    let one = median_ms(runs, || {
        black_box(hayate_pairing::multi_pairing::<E, N>(&pairs[..1]));
    });
    let _ = Gt::<E, N>::generator();
    // A/B of the changed parts under the same load: one category's two rows (Encrypt) the
    // old way (256-bit constant-time Straus per coordinate, tables per call) and the new way,
    // and one category's decryption sum (old: msm_vartime per coordinate).
    let two_rows = vec![coeffs.clone(), coeffs.iter().map(|c| *c + *c).collect()];
    let old_rows = median_ms(runs, || {
        for row in &two_rows {
            let limbs: Vec<[u64; 4]> = row.iter().map(|c| c.to_limbs()).collect();
            for j in 0..basis[0].len() {
                let pts: Vec<_> = basis
                    .iter()
                    .map(|v| hayate_ec::Projective::from(v[j]))
                    .collect();
                black_box(hayate_pairing::ct_mul::msm_ct(&pts, &limbs, 256));
            }
        }
    });
    let new_rows = median_ms(runs, || {
        black_box(dpvs::lincomb_rows_g1::<E, N>(&basis, &two_rows));
    });
    let dvec: Vec<&[G1<E, N>]> = vec![&ct.rows[0], &ct.rows[5]];
    let dco = [Scalar::<E, N>::ONE, coeffs[0]];
    let old_dec = median_ms(runs, || {
        for (a, b) in dvec[0].iter().zip(dvec[1]) {
            let pts = [*a, *b];
            black_box(hayate_ec::msm_vartime(
                &pts,
                &[dco[0].to_limbs(), dco[1].to_limbs()],
            ));
        }
    });
    let new_dec = median_ms(runs, || {
        black_box(dpvs::lincomb_g1_vartime::<E, N>(&dvec, &dco));
    });
    println!(
        "{name:<14} A/B one category: encrypt rows old {old_rows:.3} new {new_rows:.3} ({:.2}x)  decrypt sum old {old_dec:.3} new {new_dec:.3} ({:.2}x)",
        old_rows / new_rows,
        old_dec / new_dec
    );
    let comp = median_ms(runs, || {
        black_box(ot10::compile::<E, N>(&policy, 5).unwrap());
    });
    let pkid = median_ms(runs, || {
        black_box(pk.id());
    });
    println!("{name:<14} compile {comp:6.3}  pk.id {pkid:6.3}");
    println!(
        "{name:<14} per pairing: encaps {:.1}  decaps {:.1}  decaps-prep {:.1}",
        enc / one,
        dec / one,
        decp / one
    );
    println!("{name:<14} encaps-prep {encp:6.2}  (prepare pk {ppk_build:6.2})");
    println!(
        "{name:<14} setup {setup:7.2}  keygen {keygen:6.2}  encaps {enc:6.2}  decaps {dec:6.2}  decaps-prep {decp:6.2} | gt-pow {gtpow:5.2}  one-row-lincomb {lin:5.2}  multipair40 {mp40:6.2}  pairing {one:5.2}"
    );
}

fn main() {
    // `ot10_profile [op [bls12-381]]`: with an op, only that curve (bn254-beuchat by default)
    let curve = std::env::args().nth(2);
    if curve.as_deref() != Some("bls12-381") {
        profile::<Bn254Beuchat, 4>("bn254-beuchat");
    }
    if std::env::args().nth(1).is_none() || curve.as_deref() == Some("bls12-381") {
        profile::<Bls12381, 6>("bls12-381");
    }
}

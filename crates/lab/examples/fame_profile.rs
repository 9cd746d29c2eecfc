//! Quick timing breakdown of FAME with 10 string attributes and the AND of them (the
//! configuration of `hayate bench fe`): `cargo run --release -p hayate-lab --example
//! fame_profile [keygen|keygen-cold|encrypt|decrypt [bn254-beuchat]]`. Thread CPU time, medians;
//! indicative only (`hayate bench fe` is the reference measurement). "cold" empties FAME's
//! attribute-hash cache before each call, "warm" lets it work (the attributes repeat); the
//! prepared public key is a separate row. With
//! `parts`, the costs of the primitives FAME is built from (µs). With an operation, only
//! that operation runs, 200 times (for perf), on BLS12-381 unless the curve is given.

use std::hint::black_box;

use hayate_fe::curve::FeCurve;
use hayate_fe::fame;
use hayate_fe::policy::Attributes;
use hayate_pairing::{bls12_381::Bls12381, bn254_beuchat::Bn254Beuchat, Gt};
use rand::{rngs::StdRng, SeedableRng};

use hayate_lab::median_ms;

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
                "keygen-cold" => {
                    fame::clear_attribute_cache();
                    drop(black_box(fame::keygen(&msk, &attrs, &mut rng)))
                }
                "encrypt" => drop(black_box(fame::encrypt(&pk, &policy, &msg, &mut rng))),
                _ => drop(black_box(fame::decrypt(&sk, &ct, &c))),
            }
        }
        return;
    }
    let runs = 11;
    // cold: the attribute-hash cache emptied before each call (every hash
    // computed, H_t and T_t by the variable-base paths)
    let keygen_cold = median_ms(runs, || {
        fame::clear_attribute_cache();
        black_box(fame::keygen(&msk, &attrs, &mut rng));
    });
    let enc_cold = median_ms(runs, || {
        fame::clear_attribute_cache();
        black_box(fame::encrypt(&pk, &policy, &msg, &mut rng).unwrap());
    });
    let keygen = median_ms(runs, || {
        black_box(fame::keygen(&msk, &attrs, &mut rng));
    });
    let enc = median_ms(runs, || {
        black_box(fame::encrypt(&pk, &policy, &msg, &mut rng).unwrap());
    });
    let ppk = fame::PreparedPublicKey::new(&pk);
    let enc_prep = median_ms(runs, || {
        fame::clear_attribute_cache();
        black_box(fame::encrypt_prepared(&ppk, &policy, &msg, &mut rng).unwrap());
    });
    let dec = median_ms(runs, || {
        black_box(fame::decrypt(&sk, &ct, &c).unwrap());
    });
    let psk = fame::PreparedSecretKey::new(&sk);
    let dec_prep = median_ms(runs, || {
        black_box(fame::decapsulate_prepared(&psk, &ct).unwrap());
    });
    println!(
        "{name:<14} cold: keygen {keygen_cold:6.3}  encrypt {enc_cold:6.3} prepared-pk {enc_prep:6.3} | warm: keygen {keygen:6.3}  encrypt {enc:6.3} | decrypt {dec:6.3}  decrypt-prepared {dec_prep:6.3}"
    );
    let mut i = 0u32;
    let hash = median_ms(runs, || {
        i += 1;
        black_box(E::hash_to_g1_proj(&i.to_be_bytes(), b"HAYATE-PROFILE"));
    });
    println!("{name:<14} hash_to_g1 {hash:6.4}");
}

/// Per-primitive costs (µs): what one FAME KeyGen / Encrypt is made of.
fn parts<E: FeCurve<N>, const N: usize>(name: &str) {
    use hayate_ec::Projective;
    use hayate_fe::curve::{Scalar, G1};
    use hayate_pairing::ct_mul;
    let mut rng = StdRng::seed_from_u64(3);
    let us = |f: &mut dyn FnMut()| median_ms(31, f) * 1e3;
    let k = Scalar::<E, N>::random(&mut rng);
    let kl = k.to_limbs();
    let a = Projective::<E::G1>::generator().mul_vartime(&kl);
    let aa = a.to_affine();
    let mut x = a;
    let add = us(&mut || {
        for _ in 0..100 {
            x = black_box(x.add_affine(&aa));
        }
    }) / 100.0;
    let dbl = us(&mut || {
        for _ in 0..100 {
            x = black_box(x.double());
        }
    }) / 100.0;
    let mut xj = hayate_ec::Jacobian::from(a);
    let jadd = us(&mut || {
        for _ in 0..100 {
            xj = black_box(xj.add_affine_vartime(&aa));
        }
    }) / 100.0;
    let jdbl = us(&mut || {
        for _ in 0..100 {
            xj = black_box(xj.double());
        }
    }) / 100.0;
    println!("{name:<14} jacobian add_aff(vt) {jadd:.3} dbl {jdbl:.3}");
    let fx = aa.x;
    let mut y = fx;
    let fmul = us(&mut || {
        for _ in 0..1000 {
            y = black_box(y * fx);
        }
    }) / 1000.0;
    let pl = <E::Fp as hayate_arith::FpParams<N>>::MODULUS;
    let jac = us(&mut || {
        for _ in 0..100 {
            y = y.square();
            black_box(hayate_arith::jacobi::jacobi_vartime(&y.to_limbs(), &pl));
        }
    }) / 100.0;
    let leg = us(&mut || {
        for _ in 0..100 {
            y = y.square();
            black_box(y.legendre());
        }
    }) / 100.0;
    println!("{name:<14} jacobi {jac:.2} legendre(Euler) {leg:.2}");
    let inv = us(&mut || {
        y = black_box(y.invert_safegcd().unwrap_or(y));
    });
    let comb1 = us(&mut || {
        black_box(hayate_ec::fixed::FixedWindows::<Projective<E::G1>>::generator().mul(&kl));
    });
    let comb2 = us(&mut || {
        black_box(hayate_ec::fixed::FixedWindows::<Projective<E::G2>>::generator().mul(&kl));
    });
    let mut i = 0u32;
    let hash = us(&mut || {
        for _ in 0..300 {
            i += 1;
            black_box(E::hash_to_g1_uncleared(&i.to_be_bytes(), b"HAYATE-PROFILE"));
        }
    }) / 300.0;
    let clear = us(&mut || {
        black_box(E::clear_g1(&a));
    });
    let pts: Vec<G1<E, N>> = (0..33).map(|j| a.double_n(j + 1).to_affine()).collect();
    let v: Vec<&[G1<E, N>]> = pts.chunks(11).collect();
    let e = vec![(0..3)
        .map(|_| Scalar::<E, N>::random(&mut rng))
        .collect::<Vec<_>>()];
    let lc = us(&mut || {
        black_box(hayate_fe::dpvs::lincomb_rows_g1::<E, N>(&v, &e));
    });
    // the same 11 three-term products by FAME's kernel (hayate_ec::glv_lincomb)
    let coords: Vec<[G1<E, N>; 3]> = (0..11).map(|j| [v[0][j], v[1][j], v[2][j]]).collect();
    let crefs: Vec<&[G1<E, N>]> = coords.iter().map(|c| &c[..]).collect();
    let el: Vec<[u64; 4]> = e[0].iter().map(|x| x.to_limbs()).collect();
    let glc = us(&mut || {
        black_box(hayate_ec::glv_lincomb::glv_lincomb_ct::<E::G1>(&crefs, &el).unwrap());
    });
    println!("{name:<14} 11 three-term products: dpvs::lincomb_rows_g1 {lc:.0} us, glv_lincomb_ct {glc:.0} us");
    let q = Projective::<E::G2>::generator().mul_vartime(&kl);
    let g2ct = us(&mut || {
        black_box(E::g2_mul_ct(&q, &kl));
    });
    let t = [
        Gt::<E, N>::generator(),
        Gt::<E, N>::generator().pow_vartime(&kl),
    ];
    let gtm = us(&mut || {
        black_box(ct_mul::gt_multi_pow_ct(&t, &[kl, kl], 256));
    });
    let gtp = us(&mut || {
        black_box(t[1].pow(&kl));
    });
    let g1a = Projective::<E::G1>::generator().to_affine();
    let g2a = q.to_affine();
    let pairs: Vec<_> = (0..6).map(|_| (g1a, g2a)).collect();
    let mp = us(&mut || {
        black_box(hayate_pairing::multi_pairing::<E, N>(&pairs));
    });
    let prep: Vec<_> = (0..6)
        .map(|_| hayate_pairing::G2Prepared::<E, N>::new(&g2a))
        .collect();
    let refs: Vec<_> = prep.iter().map(|p| (&g1a, p)).collect();
    let mpp = us(&mut || {
        black_box(hayate_pairing::multi_pairing_prepared::<E, N>(&refs));
    });
    let prep1 = us(&mut || {
        black_box(hayate_pairing::G2Prepared::<E, N>::new(&g2a));
    });
    println!("{name:<14} Gt::pow {gtp:.0} | multi_pairing6 {mp:.0} prepared6 {mpp:.0} G2Prepared::new {prep1:.0}");
    println!(
        "{name:<14} Fp mul {:.4} inv {inv:.2} | G1 add_aff {add:.3} dbl {dbl:.3} comb {comb1:.1} | G2 comb {comb2:.1} g2_mul_ct {g2ct:.1} | hash_unclr {hash:.1} clear {clear:.1} | lincomb 3x11 {lc:.0} | GT 2-pow {gtm:.0}",
        fmul * 1e3
    );
}

/// Decryption split into its pieces (ms): policy → span program + coefficients, the G1 side
/// (everything before the pairing), the Miller loop of the six pairs, the final
/// exponentiation.
fn dparts<E: FeCurve<N>, const N: usize>(name: &str) {
    let mut rng = StdRng::seed_from_u64(10);
    let names: Vec<String> = (0..10).map(|i| format!("a{i}")).collect();
    let attrs = Attributes::parse(&names.join(",")).unwrap();
    let policy = names.join(" and ");
    let (pk, msk) = fame::setup::<E, N>(&mut rng);
    let sk = fame::keygen(&msk, &attrs, &mut rng);
    let (ct, _) = fame::encapsulate(&pk, &policy, &mut rng).unwrap();
    let runs = 31;
    let total = median_ms(runs, || {
        black_box(fame::decapsulate(&sk, &ct).unwrap());
    });
    let msp = median_ms(runs, || {
        black_box(fame::policy_msp::<E, N>(&ct.policy).unwrap());
    });
    let g1 = median_ms(runs, || {
        black_box(fame::decryption_pairs(&sk, &ct).unwrap());
    });
    let pairs = fame::decryption_pairs(&sk, &ct).unwrap();
    let ml = median_ms(runs, || {
        black_box(hayate_pairing::miller::multi_miller_loop_affine::<E, N>(
            &pairs,
        ));
    });
    let f = hayate_pairing::miller::multi_miller_loop_affine::<E, N>(&pairs);
    let fe = median_ms(runs, || {
        black_box(hayate_pairing::final_exp::final_exponentiation::<E, N>(&f));
    });
    let psk = fame::PreparedSecretKey::new(&sk);
    let prep = median_ms(runs, || {
        black_box(fame::decapsulate_prepared(&psk, &ct).unwrap());
    });
    println!(
        "{name:<14} decaps {total:.3} = pairs {g1:.3} (of which policy {msp:.3}) + miller6 {ml:.3} + final_exp {fe:.3} | prepared {prep:.3}"
    );
}

fn main() {
    let op = std::env::args().nth(1);
    if op.as_deref() == Some("dparts") {
        dparts::<Bn254Beuchat, 4>("bn254-beuchat");
        dparts::<Bls12381, 6>("bls12-381");
        return;
    }
    if op.as_deref() == Some("parts") {
        parts::<Bn254Beuchat, 4>("bn254-beuchat");
        parts::<Bls12381, 6>("bls12-381");
        return;
    }
    let curve = std::env::args().nth(2);
    if op.is_none() || curve.as_deref() == Some("bn254-beuchat") {
        profile::<Bn254Beuchat, 4>("bn254-beuchat", op.as_deref());
    }
    if op.is_none() || curve.as_deref() != Some("bn254-beuchat") {
        profile::<Bls12381, 6>("bls12-381", op.as_deref());
    }
}

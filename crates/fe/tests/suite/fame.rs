//! FAME: decryption succeeds exactly when the key satisfies the policy (random policies with
//! thresholds, comparisons and negated comparisons, random attribute sets, checked against the
//! plain evaluator `Policy::eval`), attribute reuse, typed errors.

use hayate_fe::curve::FeCurve;
use hayate_fe::fame::{self, FameError};
use hayate_fe::policy::{Attributes, CmpOp, ConvertError, Policy};
use hayate_pairing::bls12_381::Bls12381;
use hayate_pairing::bn254_beuchat::Bn254Beuchat;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

const NAMES: [&str; 5] = ["a", "b", "c", "dept=x", "e"];

fn random_policy(rng: &mut StdRng, depth: usize) -> Policy {
    let leaf = depth == 0 || rng.gen_bool(0.35);
    if leaf {
        return if rng.gen_bool(0.2) {
            let op = [CmpOp::Lt, CmpOp::Le, CmpOp::Gt, CmpOp::Ge, CmpOp::Eq][rng.gen_range(0..5)];
            let p = Policy::Cmp {
                name: "n".into(),
                op,
                value: rng.gen_range(0..12),
            };
            if rng.gen_bool(0.3) {
                Policy::Not(Box::new(p))
            } else {
                p
            }
        } else {
            Policy::Attr(NAMES[rng.gen_range(0..NAMES.len())].into())
        };
    }
    let n = rng.gen_range(2..=3);
    let children: Vec<Policy> = (0..n).map(|_| random_policy(rng, depth - 1)).collect();
    match rng.gen_range(0..3) {
        0 => Policy::And(children),
        1 => Policy::Or(children),
        _ => Policy::Threshold {
            k: rng.gen_range(1..=n),
            children,
        },
    }
}

fn random_attrs(rng: &mut StdRng) -> Attributes {
    let mut s = Vec::new();
    for n in NAMES {
        if rng.gen_bool(0.5) {
            s.push(n.to_string());
        }
    }
    if rng.gen_bool(0.6) {
        s.push(format!("n={}", rng.gen_range(0..14)));
    }
    if s.is_empty() {
        s.push("zzz".into());
    }
    Attributes::parse(&s.join(",")).unwrap()
}

fn exactly_when_satisfied<E: FeCurve<N>, const N: usize>(seed: u64, policies: usize, keys: usize) {
    let mut rng = StdRng::seed_from_u64(seed);
    let (pk, msk) = fame::setup::<E, N>(&mut rng);
    let keys: Vec<_> = (0..keys)
        .map(|_| {
            let a = random_attrs(&mut rng);
            let sk = fame::keygen(&msk, &a, &mut rng);
            let prepared = fame::PreparedSecretKey::new(&sk);
            (a.clone(), sk, prepared)
        })
        .collect();
    let mut successes = 0;
    let mut failures = 0;
    for _ in 0..policies {
        let p = random_policy(&mut rng, 3);
        let text = p.to_string();
        assert_eq!(Policy::parse(&text).unwrap().to_string(), text);
        match fame::encapsulate(&pk, &text, &mut rng) {
            Ok((ct, k)) => {
                for (attrs, sk, prepared) in &keys {
                    let want = p.eval(attrs);
                    // the fixed-argument (precomputed sk₀ lines) path agrees, result or error
                    assert_eq!(
                        fame::decapsulate_prepared(prepared, &ct),
                        fame::decapsulate(sk, &ct),
                        "{text} / {attrs}"
                    );
                    match fame::decapsulate(sk, &ct) {
                        Ok(k2) => {
                            assert!(want, "decrypted without satisfying: {text} / {attrs}");
                            assert_eq!(k2, k, "{text} / {attrs}");
                            successes += 1;
                        }
                        Err(e) => {
                            assert_eq!(e, FameError::NotSatisfied);
                            assert!(!want, "satisfying key failed: {text} / {attrs}");
                            failures += 1;
                        }
                    }
                }
            }
            Err(FameError::Convert(ConvertError::Trivial(b))) => {
                for (attrs, _, _) in &keys {
                    assert_eq!(p.eval(attrs), b, "{text}");
                }
            }
            Err(e) => panic!("{text}: {e}"),
        }
    }
    assert!(successes > 5 && failures > 5, "{successes} / {failures}");
}

#[test]
fn random_policies_bls12_381() {
    exactly_when_satisfied::<Bls12381, 6>(7, 10, 6);
}

#[test]
fn random_policies_bn254_beuchat() {
    exactly_when_satisfied::<Bn254Beuchat, 4>(8, 8, 5);
}

#[test]
fn attribute_reuse() {
    let mut rng = StdRng::seed_from_u64(3);
    let (pk, msk) = fame::setup::<Bls12381, 6>(&mut rng);
    let policy = "(a and b) or (a and c) or 2 of (a, b, a and c)";
    let (ct, k) = fame::encapsulate(&pk, policy, &mut rng).unwrap();
    assert_eq!(ct.rows.len(), 8);
    for (attrs, ok) in [("a,b", true), ("a,c", true), ("b,c", false), ("a", false)] {
        let sk = fame::keygen(&msk, &Attributes::parse(attrs).unwrap(), &mut rng);
        assert_eq!(
            fame::decapsulate(&sk, &ct).ok(),
            if ok { Some(k) } else { None },
            "{attrs}"
        );
    }
}

#[test]
fn typed_errors() {
    let mut rng = StdRng::seed_from_u64(4);
    let (pk, msk) = fame::setup::<Bls12381, 6>(&mut rng);
    let (pk2, msk2) = fame::setup::<Bls12381, 6>(&mut rng);
    let _ = pk2;
    assert!(matches!(
        fame::encapsulate(&pk, "a and (b", &mut rng),
        Err(FameError::Policy(_))
    ));
    assert!(matches!(
        fame::encapsulate(&pk, "a and not b", &mut rng),
        Err(FameError::Convert(ConvertError::NotMonotone { .. }))
    ));
    assert!(matches!(
        fame::encapsulate(&pk, "n < 0", &mut rng),
        Err(FameError::Convert(ConvertError::Trivial(false)))
    ));
    assert!(matches!(
        fame::encapsulate(&pk, "a or not a", &mut rng),
        Err(FameError::Convert(ConvertError::NotMonotone { .. }))
    ));
    let (ct, _) = fame::encapsulate(&pk, "a", &mut rng).unwrap();
    let other = fame::keygen(&msk2, &Attributes::parse("a").unwrap(), &mut rng);
    assert_eq!(
        fame::decapsulate(&other, &ct).unwrap_err(),
        FameError::KeyMismatch
    );
    // a key from another setup with the fingerprint forged still yields a wrong key
    let mut forged = other.clone();
    forged.pk_id = msk.pk_id;
    let (ct, k) = fame::encapsulate(&pk, "a", &mut rng).unwrap();
    assert_ne!(fame::decapsulate(&forged, &ct).unwrap(), k);
    // rows that do not match the policy
    let mut bad = ct.clone();
    bad.rows.push(bad.rows[0]);
    let sk = fame::keygen(&msk, &Attributes::parse("a").unwrap(), &mut rng);
    assert_eq!(
        fame::decapsulate(&sk, &bad).unwrap_err(),
        FameError::Malformed
    );
}

/// KeyGen and Encrypt against the paper's formulas (§3) written out with plain variable-time
/// scalar multiplications, one hash and one multiplication at a time: with the same random
/// draws (r₁, r₂, σ_y…, σ'; s₁, s₂) the optimised algorithms must give the same points.
fn plain_formulas<E: FeCurve<N>, const N: usize>() {
    use hayate_ec::Projective;
    use hayate_fe::curve::{Scalar, G1, G2};
    let h = |m: Vec<u8>| Projective::from(E::hash_to_g1(&m, fame::DST));
    let h_attr = |y: &str, l: u8, t: u8| h([&[1u8][..], y.as_bytes(), &[l, t]].concat());
    let h_col = |j: u32, l: u8, t: u8| h([&[0u8][..], &j.to_be_bytes()[..], &[l, t]].concat());
    let mul = |p: &Projective<E::G1>, k: &Scalar<E, N>| p.mul_vartime(&k.to_limbs());
    let g = Projective::<E::G1>::generator();
    let hh = Projective::<E::G2>::generator();

    let mut rng = StdRng::seed_from_u64(21);
    let (pk, msk) = fame::setup::<E, N>(&mut rng);
    let attrs = Attributes::parse("b, a, dept=x").unwrap();
    let mut rng_a = StdRng::seed_from_u64(22);
    let sk = fame::keygen(&msk, &attrs, &mut rng_a);
    let mut rng_b = StdRng::seed_from_u64(22);
    let r1 = Scalar::<E, N>::random(&mut rng_b);
    let r2 = Scalar::<E, N>::random(&mut rng_b);
    let br = [msk.b[0] * r1, msk.b[1] * r2, r1 + r2];
    for (k0, b) in sk.sk0.iter().zip(&br) {
        assert_eq!(*k0, hh.mul_vartime(&b.to_limbs()).to_affine());
    }
    let ai: Vec<Scalar<E, N>> = msk.a.iter().map(|a| a.invert().unwrap()).collect();
    let comp = |hs: &dyn Fn(u8, u8) -> Projective<E::G1>, sigma: &Scalar<E, N>, t: usize| {
        let mut acc = mul(&g, &(*sigma * ai[t]));
        for (l, b) in br.iter().enumerate() {
            acc = acc.add(&mul(&hs(l as u8 + 1, t as u8 + 1), &(*b * ai[t])));
        }
        acc
    };
    for y in attrs.expand() {
        let sigma = Scalar::<E, N>::random(&mut rng_b);
        let want: Vec<G1<E, N>> = vec![
            comp(&|l, t| h_attr(&y, l, t), &sigma, 0).to_affine(),
            comp(&|l, t| h_attr(&y, l, t), &sigma, 1).to_affine(),
            mul(&g, &(-sigma)).to_affine(),
        ];
        assert_eq!(sk.sk[&y].to_vec(), want, "{y}");
    }
    let sigma = Scalar::<E, N>::random(&mut rng_b);
    for t in 0..2 {
        let want = comp(&|l, t| h_col(1, l, t), &sigma, t).add(&Projective::from(msk.g_d[t]));
        assert_eq!(sk.sk_prime[t], want.to_affine());
    }
    assert_eq!(
        sk.sk_prime[2],
        Projective::from(msk.g_d[2])
            .add(&mul(&g, &(-sigma)))
            .to_affine()
    );

    // Encrypt (threshold gate: span-program entries other than 0 and ±1 occur)
    let policy = "2 of (a, b, c) and (a or dept=x)";
    let mut rng_a = StdRng::seed_from_u64(23);
    let (ct, key) = fame::encapsulate(&pk, policy, &mut rng_a).unwrap();
    let mut rng_b = StdRng::seed_from_u64(23);
    let s = [
        Scalar::<E, N>::random(&mut rng_b),
        Scalar::<E, N>::random(&mut rng_b),
    ];
    let want0: Vec<G2<E, N>> = vec![
        pk.h_a[0].mul_vartime(&s[0].to_limbs()).to_affine(),
        pk.h_a[1].mul_vartime(&s[1].to_limbs()).to_affine(),
        hh.mul_vartime(&(s[0] + s[1]).to_limbs()).to_affine(),
    ];
    assert_eq!(ct.ct0.to_vec(), want0);
    let msp = fame::policy_msp::<E, N>(policy).unwrap();
    assert!(msp
        .matrix
        .iter()
        .flatten()
        .any(|(_, m)| *m != Scalar::<E, N>::ONE
            && *m != -Scalar::<E, N>::ONE
            && !bool::from(m.is_zero())));
    for i in 0..msp.rows() {
        let row = msp.dense_row(i);
        for l in 0..3u8 {
            let mut acc = Projective::<E::G1>::identity();
            for t in 0..2u8 {
                acc = acc.add(&mul(
                    &h_attr(&msp.labels[i].attr, l + 1, t + 1),
                    &s[t as usize],
                ));
                for (j, m) in row.iter().enumerate() {
                    acc = acc.add(&mul(
                        &h_col(j as u32 + 1, l + 1, t + 1),
                        &(*m * s[t as usize]),
                    ));
                }
            }
            assert_eq!(ct.rows[i][l as usize], acc.to_affine(), "row {i} ℓ {l}");
        }
    }
    assert_eq!(
        key,
        pk.t[0]
            .pow_vartime(&s[0].to_limbs())
            .mul(&pk.t[1].pow_vartime(&s[1].to_limbs()))
    );
}

#[test]
fn matches_plain_formulas_bls12_381() {
    plain_formulas::<Bls12381, 6>();
}

#[test]
fn matches_plain_formulas_bn254_beuchat() {
    plain_formulas::<Bn254Beuchat, 4>();
}

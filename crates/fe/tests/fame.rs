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
            let p = Policy::Cmp { name: "n".into(), op, value: rng.gen_range(0..12) };
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
        _ => Policy::Threshold { k: rng.gen_range(1..=n), children },
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
            (a.clone(), fame::keygen(&msk, &a, &mut rng))
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
                for (attrs, sk) in &keys {
                    let want = p.eval(attrs);
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
                for (attrs, _) in &keys {
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
        assert_eq!(fame::decapsulate(&sk, &ct).ok(), if ok { Some(k) } else { None }, "{attrs}");
    }
}

#[test]
fn typed_errors() {
    let mut rng = StdRng::seed_from_u64(4);
    let (pk, msk) = fame::setup::<Bls12381, 6>(&mut rng);
    let (pk2, msk2) = fame::setup::<Bls12381, 6>(&mut rng);
    let _ = pk2;
    assert!(matches!(fame::encapsulate(&pk, "a and (b", &mut rng), Err(FameError::Policy(_))));
    assert!(matches!(
        fame::encapsulate(&pk, "a and not b", &mut rng),
        Err(FameError::Convert(ConvertError::NotMonotone { .. }))
    ));
    assert!(matches!(fame::encapsulate(&pk, "n < 0", &mut rng), Err(FameError::Convert(ConvertError::Trivial(false)))));
    assert!(matches!(fame::encapsulate(&pk, "a or not a", &mut rng), Err(FameError::Convert(ConvertError::NotMonotone { .. }))));
    let (ct, _) = fame::encapsulate(&pk, "a", &mut rng).unwrap();
    let other = fame::keygen(&msk2, &Attributes::parse("a").unwrap(), &mut rng);
    assert_eq!(fame::decapsulate(&other, &ct).unwrap_err(), FameError::KeyMismatch);
    // a key from another setup with the fingerprint forged still yields a wrong key
    let mut forged = other.clone();
    forged.pk_id = msk.pk_id;
    let (ct, k) = fame::encapsulate(&pk, "a", &mut rng).unwrap();
    assert_ne!(fame::decapsulate(&forged, &ct).unwrap(), k);
    // rows that do not match the policy
    let mut bad = ct.clone();
    bad.rows.push(bad.rows[0]);
    let sk = fame::keygen(&msk, &Attributes::parse("a").unwrap(), &mut rng);
    assert_eq!(fame::decapsulate(&sk, &bad).unwrap_err(), FameError::Malformed);
}

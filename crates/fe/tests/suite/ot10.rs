//! Okamoto–Takashima CP-FE: decryption succeeds exactly when the key's attributes satisfy the
//! policy (random policies with AND/OR/thresholds and negations at every level, categories used
//! by several rows, numeric and string values, checked against a plain evaluator of the
//! paper's semantics); DPVS properties (X·X⁻¹ = I, e(b_i, b*_j) = g_T^{δ_ij} with
//! g_T = e(G, H)^ψ); typed errors for bad attributes and policies, wrong keys, mixed curves,
//! corrupted ciphertexts and malformed serialized objects.

use std::collections::BTreeMap;

use hayate_fe::curve::{FeCurve, Scalar};
use hayate_fe::dpvs::{self, DualBases, Matrix};
use hayate_fe::hybrid;
use hayate_fe::ot10::{self, AttrSet, Ot10Error, Value};
use hayate_fe::policy::{CmpOp, Policy};
use hayate_fe::serial::{self, SerialError};
use hayate_pairing::bls12_381::Bls12381;
use hayate_pairing::bn254::Bn254;
use hayate_pairing::Gt;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

type F = Scalar<Bn254, 4>;

// ---------------------------------------------------------------------------------------------
// DPVS

/// [k]P by plain double-and-add over the bits of k (the reference for the lincomb tests).
fn double_and_add<C: hayate_ec::CurveParams>(
    p: &hayate_ec::Projective<C>,
    k: &[u64; 4],
) -> hayate_ec::Projective<C> {
    let mut acc = hayate_ec::Projective::identity();
    for i in (0..256).rev() {
        acc = acc.double();
        if (k[i / 64] >> (i % 64)) & 1 == 1 {
            acc = acc.add(p);
        }
    }
    acc
}

/// [`dpvs::lincomb_rows_g1`] (and [`dpvs::lincomb_g1`]) against Σ_k c_k·v_k computed term by
/// term with plain double-and-add: random, zero, one, −1 coefficients, identity points in the
/// basis, 1 … 4 vectors and several rows over one basis; the same for the fixed-base tables of
/// [`dpvs::FixedVectors`].
fn lincomb_agrees<E: FeCurve<N>, const N: usize>() {
    use hayate_ec::Projective;
    let mut rng = StdRng::seed_from_u64(77);
    let g = Projective::<E::G1>::generator();
    for m in 1..=4usize {
        let len = 1 + m;
        let vectors: Vec<Vec<hayate_fe::curve::G1<E, N>>> = (0..m)
            .map(|k| {
                (0..len)
                    .map(|j| {
                        if (k + j) % 5 == 3 {
                            hayate_ec::Affine::identity()
                        } else {
                            g.mul_vartime(&[rng.gen::<u64>(), rng.gen(), rng.gen(), 0])
                                .to_affine()
                        }
                    })
                    .collect()
            })
            .collect();
        let refs: Vec<&[hayate_fe::curve::G1<E, N>]> =
            vectors.iter().map(|v| v.as_slice()).collect();
        let mut rows: Vec<Vec<Scalar<E, N>>> = Vec::new();
        for r in 0..5 {
            let mut row = Vec::with_capacity(m);
            for k in 0..m {
                row.push(match (r + k) % 5 {
                    0 => Scalar::<E, N>::ZERO,
                    1 => Scalar::<E, N>::ONE,
                    2 => -Scalar::<E, N>::ONE,
                    _ => Scalar::<E, N>::random(&mut rng),
                });
            }
            rows.push(row);
        }
        let got = dpvs::lincomb_rows_g1::<E, N>(&refs, &rows);
        assert_eq!(got.len(), rows.len());
        let fixed = dpvs::FixedVectors::<E, N>::new(&refs).lincomb_rows(&rows);
        for ((row, out), out_fixed) in rows.iter().zip(&got).zip(&fixed) {
            let want: Vec<_> = (0..len)
                .map(|j| {
                    vectors
                        .iter()
                        .zip(row)
                        .fold(Projective::identity(), |acc, (v, c)| {
                            acc.add(&double_and_add(&Projective::from(v[j]), &c.to_limbs()))
                        })
                        .to_affine()
                })
                .collect();
            assert_eq!(out, &want, "m = {m}");
            assert_eq!(out_fixed, &want, "fixed-base tables, m = {m}");
            assert_eq!(dpvs::lincomb_g1::<E, N>(&refs, row), want, "m = {m}");
        }
    }
}

#[test]
fn lincomb_matches_double_and_add_bn254() {
    lincomb_agrees::<Bn254, 4>();
}

#[test]
fn lincomb_matches_double_and_add_bls12_381() {
    lincomb_agrees::<Bls12381, 6>();
}

#[test]
fn matrix_inverse() {
    let mut rng = StdRng::seed_from_u64(10);
    for n in 1..=9 {
        let x = Matrix::<F>::random(n, &mut rng);
        let xi = x.invert().expect("a random matrix is invertible");
        assert_eq!(x.mul(&xi).unwrap(), Matrix::identity(n));
        assert_eq!(xi.mul(&x).unwrap(), Matrix::identity(n));
    }
    // zero pivots everywhere: a permutation matrix scaled by random entries
    let n = 6;
    let perm = [3usize, 0, 5, 1, 4, 2];
    let rows: Vec<Vec<F>> = (0..n)
        .map(|i| {
            (0..n)
                .map(|j| {
                    if perm[i] == j {
                        F::random(&mut rng)
                    } else {
                        F::ZERO
                    }
                })
                .collect()
        })
        .collect();
    let p = Matrix::from_rows(&rows).unwrap();
    assert_eq!(p.mul(&p.invert().unwrap()).unwrap(), Matrix::identity(n));
    // singular: row 2 = row 0 + row 1
    let mut rows: Vec<Vec<F>> = (0..4)
        .map(|_| (0..4).map(|_| F::random(&mut rng)).collect())
        .collect();
    rows[2] = (0..4).map(|j| rows[0][j] + rows[1][j]).collect();
    assert!(Matrix::from_rows(&rows).unwrap().invert().is_none());
    assert!(Matrix::<F>::zero(3).invert().is_none());
    assert!(Matrix::from_rows(&[vec![F::ONE, F::ZERO]]).is_none());
}

#[test]
fn dual_orthonormal_bases() {
    let mut rng = StdRng::seed_from_u64(11);
    let psi = F::random(&mut rng);
    let n = 4;
    let db = DualBases::generate(n, &psi, &mut rng);
    // X·Θᵀ = ψ·I
    assert_eq!(
        db.x.mul(&db.theta.transpose()).unwrap(),
        Matrix::identity(n).scale(&psi)
    );
    let b: Vec<_> = (0..n)
        .map(|i| dpvs::to_g1::<Bn254, 4>(db.x.row(i)))
        .collect();
    let bs: Vec<_> = (0..n)
        .map(|i| dpvs::to_g2::<Bn254, 4>(db.theta.row(i)))
        .collect();
    let g_t = Gt::<Bn254, 4>::generator().pow_scalar(&psi);
    for (i, bi) in b.iter().enumerate() {
        for (j, bj) in bs.iter().enumerate() {
            let e = dpvs::pair::<Bn254, 4>(bi, bj).unwrap();
            let want = if i == j { g_t } else { Gt::identity() };
            assert_eq!(e, want, "e(b_{i}, b*_{j})");
        }
    }
    assert!(dpvs::pair::<Bn254, 4>(&b[0][..3], &bs[0]).is_none());
    // linear combinations: e(Σ c_k b_k, b*_j) = g_T^{c_j}
    let c: Vec<F> = (0..n).map(|_| F::random(&mut rng)).collect();
    let refs: Vec<&[_]> = b.iter().map(|v| v.as_slice()).collect();
    let v = dpvs::lincomb_g1::<Bn254, 4>(&refs, &c);
    for (bj, cj) in bs.iter().zip(&c) {
        assert_eq!(dpvs::pair::<Bn254, 4>(&v, bj).unwrap(), g_t.pow_scalar(cj));
    }
}

#[test]
fn setup_bases_are_dual() {
    // the public B̂ and secret B̂* of a setup: e(b̂_{t,i}, b̂*_{t,j}) = g_T exactly on the shared
    // indices (space 0: b_1,b_3,b_5 against b*_1,b*_3,b*_4; space t: b_1..b_n,b_{3n+1}
    // against b*_1..b*_n,b*_{2n+1..3n})
    let mut rng = StdRng::seed_from_u64(12);
    let (pk, msk) = ot10::setup::<Bn254, 4>(&[2], &mut rng).unwrap();
    let check = |b: &Vec<Vec<_>>, bs: &Vec<Vec<F>>, shared: &[(usize, usize)]| {
        for (i, bi) in b.iter().enumerate() {
            for (j, bj) in bs.iter().enumerate() {
                let e = dpvs::pair::<Bn254, 4>(bi, &dpvs::to_g2::<Bn254, 4>(bj)).unwrap();
                let want = if shared.contains(&(i, j)) {
                    pk.g_t
                } else {
                    Gt::identity()
                };
                assert_eq!(e, want, "({i}, {j})");
            }
        }
    };
    check(&pk.b0, &msk.b0_star, &[(0, 0), (1, 1)]);
    check(&pk.bt[0], &msk.bt_star[0], &[(0, 0), (1, 1)]);
    assert_eq!(pk.bt[0].len(), 3);
    assert_eq!(msk.bt_star[0].len(), 4);
    assert!(pk.bt[0].iter().all(|v| v.len() == 7));
}

// ---------------------------------------------------------------------------------------------
// Decryption exactly when satisfied

const D: usize = 3;
const STR_VALUES: [&str; 2] = ["x", "y"];

fn leaf(rng: &mut StdRng) -> Policy {
    let t = rng.gen_range(1..=D);
    let p = if t == 3 {
        Policy::Attr(format!("t3={}", STR_VALUES[rng.gen_range(0..2)]))
    } else {
        Policy::Cmp {
            name: format!("t{t}"),
            op: CmpOp::Eq,
            value: rng.gen_range(0..3),
        }
    };
    if rng.gen_bool(0.3) {
        Policy::Not(Box::new(p))
    } else {
        p
    }
}

fn random_policy(rng: &mut StdRng, depth: usize) -> Policy {
    if depth == 0 || rng.gen_bool(0.3) {
        return leaf(rng);
    }
    let n = rng.gen_range(2..=3);
    let children: Vec<Policy> = (0..n).map(|_| random_policy(rng, depth - 1)).collect();
    let p = match rng.gen_range(0..3) {
        0 => Policy::And(children),
        1 => Policy::Or(children),
        _ => Policy::Threshold {
            k: rng.gen_range(1..=n),
            children,
        },
    };
    if rng.gen_bool(0.15) {
        Policy::Not(Box::new(p))
    } else {
        p
    }
}

fn random_attrs(rng: &mut StdRng) -> AttrSet {
    let mut a = AttrSet::default();
    for t in 1..=D {
        if rng.gen_bool(0.8) {
            let v = if t == 3 {
                Value::Str(STR_VALUES[rng.gen_range(0..2)].into())
            } else {
                Value::Num(rng.gen_range(0..3))
            };
            a.values.insert(t, v);
        }
    }
    a
}

/// The paper's semantics, evaluated on the tree: a leaf t=b holds iff the key has category t
/// with value b; its negation iff the key has category t with a value other than b.
fn eval(p: &Policy, a: &AttrSet, neg: bool) -> bool {
    let lit = |t: &str, v: Value| {
        let t = ot10::category(t).unwrap();
        match a.values.get(&t) {
            None => false,
            Some(x) => (*x == v) != neg,
        }
    };
    match p {
        Policy::Cmp { name, value, .. } => lit(name, Value::Num(*value)),
        Policy::Attr(s) => {
            let (t, v) = s.split_once('=').unwrap();
            lit(t, Value::Str(v.into()))
        }
        Policy::Not(c) => eval(c, a, !neg),
        Policy::And(v) if neg => v.iter().any(|c| eval(c, a, true)),
        Policy::And(v) => v.iter().all(|c| eval(c, a, false)),
        Policy::Or(v) if neg => v.iter().all(|c| eval(c, a, true)),
        Policy::Or(v) => v.iter().any(|c| eval(c, a, false)),
        Policy::Threshold { k, children } => {
            let m = children.iter().filter(|c| eval(c, a, neg)).count();
            if neg {
                m > children.len() - k
            } else {
                m >= *k
            }
        }
    }
}

fn exactly_when_satisfied<E: FeCurve<N>, const N: usize>(
    seed: u64,
    policies: usize,
    keys: usize,
    min: usize,
) {
    let mut rng = StdRng::seed_from_u64(seed);
    let (pk, msk) = ot10::setup::<E, N>(&[2, 2, 3], &mut rng).unwrap();
    let ppk = ot10::PreparedPublicKey::new(&pk);
    let keys: Vec<_> = (0..keys)
        .map(|_| {
            let a = random_attrs(&mut rng);
            let k = ot10::keygen(&msk, &a, &mut rng).unwrap();
            let prepared = ot10::PreparedUserKey::new(&k);
            (a, k, prepared)
        })
        .collect();
    let (mut yes, mut no) = (0, 0);
    for i in 0..policies {
        let p = random_policy(&mut rng, 2);
        let s = p.to_string();
        // every other ciphertext from the prepared public key (fixed-base tables)
        let (ct, k) = if i % 2 == 0 {
            ot10::encapsulate(&pk, &s, &mut rng).unwrap()
        } else {
            ot10::encapsulate_prepared(&ppk, &s, &mut rng).unwrap()
        };
        for (a, sk, prepared) in &keys {
            let want = eval(&p, a, false);
            // the fixed-argument (precomputed lines) path agrees, result or error
            assert_eq!(
                ot10::decapsulate_prepared(prepared, &ct),
                ot10::decapsulate(sk, &ct),
                "{s} with {a}"
            );
            match ot10::decapsulate(sk, &ct) {
                Ok(got) => {
                    assert!(want, "{s} decrypted with {a}");
                    assert_eq!(got, k, "{s} with {a}");
                    yes += 1;
                }
                Err(e) => {
                    assert_eq!(e, Ot10Error::NotSatisfied, "{s} with {a}");
                    assert!(!want, "{s} not decrypted with {a}");
                    no += 1;
                }
            }
        }
    }
    assert!(
        yes >= min && no >= min,
        "both outcomes exercised: {yes} / {no}"
    );
}

#[test]
fn decrypts_exactly_when_satisfied_bn254() {
    exactly_when_satisfied::<Bn254, 4>(20, 24, 6, 20);
}

#[test]
fn decrypts_exactly_when_satisfied_bls12_381() {
    exactly_when_satisfied::<Bls12381, 6>(21, 6, 3, 1);
}

#[test]
fn paper000_configuration_and_gt_messages() {
    // d = 5 categories of dimension 2; a conjunction of 10 literals over them
    let mut rng = StdRng::seed_from_u64(22);
    let (pk, msk) = ot10::setup::<Bn254, 4>(&[2; 5], &mut rng).unwrap();
    let policy = "t1=1 and not t1=2 and t2=3 and not t2=4 and t3=5 and not t3=6 and t4=7 and not t4=8 and t5=9 and not t5=10";
    let m = Gt::<Bn254, 4>::generator().pow_scalar(&F::random(&mut rng));
    let (ct, c) = ot10::encrypt(&pk, policy, &m, &mut rng).unwrap();
    assert_eq!(ct.rows.len(), 10);
    let good = ot10::keygen(
        &msk,
        &AttrSet::parse("t1=1,t2=3,t3=5,t4=7,t5=9").unwrap(),
        &mut rng,
    )
    .unwrap();
    assert_eq!(ot10::decrypt(&good, &ct, &c).unwrap(), m);
    let bad = ot10::keygen(
        &msk,
        &AttrSet::parse("t1=1,t2=3,t3=5,t4=7,t5=10").unwrap(),
        &mut rng,
    )
    .unwrap();
    assert_eq!(
        ot10::decrypt(&bad, &ct, &c).unwrap_err(),
        Ot10Error::NotSatisfied
    );
}

/// The building blocks a row-by-row evaluation of Dec needs: K = e(c₀, k*₀) ·
/// ∏ e(c_i, k*_t)^{exponent_i} over [`ot10::row_exponents`] (each DPVS pairing one
/// [`dpvs::pair`]) recovers the encrypted GT message, in Table 5's shape with numeric and with
/// string values and for a threshold policy; [`ot10::decryption_cost`] gives 5 + Σ_t (3n_t + 1)
/// Miller loops over the used categories and one final exponentiation; the rows used are the
/// satisfied ones; a non-satisfying key gets the decapsulation's error.
#[test]
fn row_exponents_and_decryption_cost() {
    let mut rng = StdRng::seed_from_u64(40);
    let (pk, msk) = ot10::setup::<Bn254, 4>(&[2, 2, 2, 3, 2], &mut rng).unwrap();
    let t5 = |s: &str| {
        let pos = (1..=5).map(|t| format!("t{t}={s}{t}"));
        let neg = (1..=5).map(|t| format!("not t{t}={s}{}", 10 + t));
        pos.chain(neg).collect::<Vec<_>>().join(" and ")
    };
    // (policy, key, rows used, Miller loops = 5 + Σ (3n_t + 1) over the used categories)
    let cases = [
        (
            t5(""),
            "t1=1,t2=2,t3=3,t4=4,t5=5",
            vec![0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
            5 + 4 * 7 + 10,
        ),
        (
            t5("s"),
            "t1=s1,t2=s2,t3=s3,t4=s4,t5=s5",
            vec![0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
            5 + 4 * 7 + 10,
        ),
        (
            "2 of (t1=a, not t4=b, t5=c)".to_string(),
            "t1=x,t4=y,t5=c",
            vec![1, 2],
            5 + 10 + 7,
        ),
    ];
    for (policy, attrs, used, loops) in cases {
        let sk = ot10::keygen(&msk, &AttrSet::parse(attrs).unwrap(), &mut rng).unwrap();
        let m = Gt::<Bn254, 4>::generator().pow_scalar(&F::random(&mut rng));
        let (ct, c) = ot10::encrypt(&pk, &policy, &m, &mut rng).unwrap();
        let rows = ot10::row_exponents(&sk, &ct).unwrap();
        let mut got: Vec<usize> = rows.iter().map(|r| r.row).collect();
        got.sort();
        assert_eq!(got, used, "{policy}");
        let mut k = dpvs::pair(&ct.c0, &sk.k0).unwrap();
        for r in &rows {
            let f = dpvs::pair(&ct.rows[r.row], &sk.kt[&r.category]).unwrap();
            k = k.mul(&f.pow_vartime(&r.exponent.to_limbs()));
        }
        assert_eq!(c.mul(&k.invert()), m, "{policy}");
        let cost = ot10::decryption_cost(&sk, &ct).unwrap();
        assert_eq!(
            (cost.miller_loops, cost.final_exponentiations),
            (loops, 1),
            "{policy}"
        );
        assert!(cost.gt_exponentiations <= 1);
        let bad = ot10::keygen(&msk, &AttrSet::parse("t2=0").unwrap(), &mut rng).unwrap();
        assert_eq!(
            ot10::row_exponents(&bad, &ct).unwrap_err(),
            Ot10Error::NotSatisfied
        );
        assert_eq!(
            ot10::decryption_cost(&bad, &ct).unwrap_err(),
            Ot10Error::NotSatisfied
        );
    }
}

/// KeyGen's coefficients are the paper's: k*₀ on (b*₀,₁, b*₀,₃, b*₀,₄) is (δ, 1, φ₀), k*_t
/// starts with δ·x_t = δ·(1, a, …, a^{n−1}); [`ot10::keygen`] with the same RNG state draws
/// the same δ (its k*₀ is δ·b*₀,₁ + b*₀,₃ + φ₀·b*₀,₄ on the master key's coordinates); an
/// unknown category is refused.
#[test]
fn keygen_coefficients_are_the_papers() {
    let mut rng = StdRng::seed_from_u64(41);
    let (_, msk) = ot10::setup::<Bn254, 4>(&[2, 3], &mut rng).unwrap();
    let attrs = AttrSet::parse("t1=7,t2=word").unwrap();
    let co =
        ot10::keygen_coefficients::<Bn254, 4>(&msk.dims, &attrs, &mut StdRng::seed_from_u64(9))
            .unwrap();
    let delta = co.k0[0];
    assert_eq!(co.k0[1], F::ONE);
    assert_eq!(co.kt[&1].len(), 4);
    assert_eq!(co.kt[&1][..2], [delta, delta * F::from_u64(7)]);
    let a = ot10::value_scalar::<Bn254, 4>(&Value::Str("word".into()));
    assert_eq!(co.kt[&2].len(), 6);
    assert_eq!(co.kt[&2][..3], [delta, delta * a, delta * a * a]);
    let key = ot10::keygen(&msk, &attrs, &mut StdRng::seed_from_u64(9)).unwrap();
    let k0: Vec<F> = (0..5)
        .map(|j| delta * msk.b0_star[0][j] + msk.b0_star[1][j] + co.k0[2] * msk.b0_star[2][j])
        .collect();
    assert_eq!(key.k0, dpvs::to_g2::<Bn254, 4>(&k0));
    assert_eq!(
        ot10::keygen_coefficients::<Bn254, 4>(
            &msk.dims,
            &AttrSet::parse("t3=1").unwrap(),
            &mut rng
        )
        .unwrap_err(),
        Ot10Error::UnknownCategory { category: 3, d: 2 }
    );
}

// ---------------------------------------------------------------------------------------------
// Errors

#[test]
fn attribute_and_policy_errors() {
    for bad in [
        "doctor",
        "t0=1",
        "t01=1",
        "x1=2",
        "t1=1,t1=2",
        "t1=a,t1=b",
        "t1=1,t1=a",
        "",
        "t1=",
    ] {
        assert!(
            matches!(AttrSet::parse(bad), Err(Ot10Error::Attributes(_))),
            "{bad:?}"
        );
    }
    let a = AttrSet::parse("t2=cardiology, t1=42").unwrap();
    assert_eq!(a.to_string(), "t1=42,t2=cardiology");
    assert_eq!(AttrSet::parse(&a.to_string()).unwrap(), a);

    let mut rng = StdRng::seed_from_u64(30);
    let (pk, msk) = ot10::setup::<Bn254, 4>(&[2, 2], &mut rng).unwrap();
    assert_eq!(
        ot10::keygen(&msk, &AttrSet::parse("t3=1").unwrap(), &mut rng).unwrap_err(),
        Ot10Error::UnknownCategory { category: 3, d: 2 }
    );
    let enc = |p: &str| ot10::encapsulate(&pk, p, &mut StdRng::seed_from_u64(1)).map(|_| ());
    assert!(matches!(enc("t1 >= 3"), Err(Ot10Error::UnsupportedLeaf(_))));
    assert!(matches!(
        enc("doctor and t1=1"),
        Err(Ot10Error::UnsupportedLeaf(_))
    ));
    assert!(matches!(enc("age=3"), Err(Ot10Error::UnsupportedLeaf(_))));
    assert_eq!(
        enc("t3=1").unwrap_err(),
        Ot10Error::UnknownCategory { category: 3, d: 2 }
    );
    assert!(matches!(enc("t1=1 and"), Err(Ot10Error::Policy(_))));
    assert!(enc("t1=1 and not t2=2").is_ok());
    for bad in [&[][..], &[1][..], &[2, 40][..]] {
        assert_eq!(
            ot10::setup::<Bn254, 4>(bad, &mut rng).unwrap_err(),
            Ot10Error::BadParams
        );
    }
}

#[test]
fn wrong_key_and_corrupted_ciphertexts() {
    let mut rng = StdRng::seed_from_u64(31);
    let (pk, msk) = ot10::setup::<Bn254, 4>(&[2, 2], &mut rng).unwrap();
    let (_, msk2) = ot10::setup::<Bn254, 4>(&[2, 2], &mut rng).unwrap();
    let a = AttrSet::parse("t1=1,t2=2").unwrap();
    let sk = ot10::keygen(&msk, &a, &mut rng).unwrap();
    let other = ot10::keygen(&msk2, &a, &mut rng).unwrap();
    let (ct, k) = ot10::encapsulate(&pk, "t1=1 and (t2=2 or t2=3)", &mut rng).unwrap();
    assert_eq!(ot10::decapsulate(&sk, &ct).unwrap(), k);
    assert_eq!(
        ot10::decapsulate(&other, &ct).unwrap_err(),
        Ot10Error::KeyMismatch
    );
    // structural corruption
    let mut x = ct.clone();
    x.rows.pop();
    assert_eq!(
        ot10::decapsulate(&sk, &x).unwrap_err(),
        Ot10Error::Malformed
    );
    let mut x = ct.clone();
    x.rows[0].pop();
    assert_eq!(
        ot10::decapsulate(&sk, &x).unwrap_err(),
        Ot10Error::Malformed
    );
    let mut x = ct.clone();
    x.policy = "t1=1 and t2=2".into();
    assert_eq!(
        ot10::decapsulate(&sk, &x).unwrap_err(),
        Ot10Error::Malformed
    );
    // a key whose vectors have the wrong lengths (e.g. built by hand) is malformed, not a panic
    let mut bad = sk.clone();
    bad.k0.pop();
    assert_eq!(
        ot10::decapsulate(&bad, &ct).unwrap_err(),
        Ot10Error::Malformed
    );
    let mut bad = sk.clone();
    if let Some(v) = bad.kt.get_mut(&1) {
        v.pop();
    }
    assert_eq!(
        ot10::decapsulate(&bad, &ct).unwrap_err(),
        Ot10Error::Malformed
    );
    assert_eq!(
        ot10::decapsulate_prepared(&ot10::PreparedUserKey::new(&bad), &ct).unwrap_err(),
        Ot10Error::Malformed
    );
    // a changed group element gives a different key, which the hybrid layer rejects
    let mut x = ct.clone();
    x.rows[0][1] = x.rows[0][1].add(&x.rows[0][2]);
    let k2 = ot10::decapsulate(&sk, &x).unwrap();
    assert_ne!(k2, k);
    let blob = hybrid::encrypt(
        &k.to_bytes(),
        b"ctx",
        hybrid::Mode::Aes128CbcHmacSha256,
        16,
        b"ten bytes!",
    )
    .unwrap();
    assert_eq!(
        hybrid::decrypt(&k.to_bytes(), b"ctx", &blob).unwrap(),
        b"ten bytes!"
    );
    assert_eq!(
        hybrid::decrypt(&k2.to_bytes(), b"ctx", &blob).unwrap_err(),
        hybrid::HybridError::Authentication
    );
}

// ---------------------------------------------------------------------------------------------
// Serialization

#[test]
fn serialization_roundtrip_and_rejects() {
    let mut rng = StdRng::seed_from_u64(40);
    let (pk, msk) = ot10::setup::<Bn254, 4>(&[2, 3], &mut rng).unwrap();
    let sk = ot10::keygen(&msk, &AttrSet::parse("t1=5,t2=abc").unwrap(), &mut rng).unwrap();
    let (ct, k) = ot10::encapsulate(&pk, "t1=5 and not t2=x", &mut rng).unwrap();
    let pkb = serial::ot10_pk_to_bytes(&pk);
    let mskb = serial::ot10_msk_to_bytes(&msk);
    let skb = serial::ot10_sk_to_bytes(&sk);
    let ctb = serial::ot10_ct_to_bytes(&ct);
    assert_eq!(serial::ot10_pk_from_bytes::<Bn254, 4>(&pkb).unwrap(), pk);
    assert_eq!(serial::ot10_msk_from_bytes::<Bn254, 4>(&mskb).unwrap(), msk);
    let sk2 = serial::ot10_sk_from_bytes::<Bn254, 4>(&skb).unwrap();
    assert_eq!(sk2, sk);
    let mut with_stream = ctb.clone();
    with_stream.extend_from_slice(b"stream");
    let (ct2, len) = serial::ot10_ct_from_bytes::<Bn254, 4>(&with_stream).unwrap();
    assert_eq!((ct2.clone(), len), (ct.clone(), ctb.len()));
    assert_eq!(ot10::decapsulate(&sk2, &ct2).unwrap(), k);
    // headers: scheme, curve, kind, version, magic
    let h = serial::read_header(&pkb).unwrap();
    assert_eq!(
        (h.scheme, h.curve, h.kind),
        (serial::Scheme::Ot10 as u8, 3, 1)
    );
    assert_eq!(
        serial::ot10_pk_from_bytes::<Bls12381, 6>(&pkb).unwrap_err(),
        SerialError::CurveMismatch {
            expected: 1,
            found: 3
        }
    );
    assert_eq!(
        serial::ot10_sk_from_bytes::<Bn254, 4>(&pkb).unwrap_err(),
        SerialError::WrongKind {
            expected: 3,
            found: 1
        }
    );
    assert_eq!(
        serial::fame_pk_from_bytes::<Bn254, 4>(&pkb).unwrap_err(),
        SerialError::WrongScheme {
            expected: 1,
            found: 2
        }
    );
    let mut x = skb.clone();
    x[4] = 7;
    assert_eq!(
        serial::ot10_sk_from_bytes::<Bn254, 4>(&x).unwrap_err(),
        SerialError::UnsupportedVersion(7)
    );
    // truncation and trailing bytes
    for cut in [0, 3, 12, 40, pkb.len() / 2, pkb.len() - 1] {
        assert!(serial::ot10_pk_from_bytes::<Bn254, 4>(&pkb[..cut]).is_err());
    }
    for cut in [13, 60, skb.len() - 1] {
        assert!(serial::ot10_sk_from_bytes::<Bn254, 4>(&skb[..cut]).is_err());
    }
    let mut x = mskb.clone();
    x.push(0);
    assert_eq!(
        serial::ot10_msk_from_bytes::<Bn254, 4>(&x).unwrap_err(),
        SerialError::TrailingBytes
    );
    // dimensions out of range (d is the u32 after the header; n_1 follows)
    let mut x = pkb.clone();
    x[12..16].copy_from_slice(&0u32.to_be_bytes());
    assert!(matches!(
        serial::ot10_pk_from_bytes::<Bn254, 4>(&x).unwrap_err(),
        SerialError::InvalidParams(_)
    ));
    let mut x = pkb.clone();
    x[16..20].copy_from_slice(&1u32.to_be_bytes());
    assert!(matches!(
        serial::ot10_pk_from_bytes::<Bn254, 4>(&x).unwrap_err(),
        SerialError::InvalidParams(_)
    ));
    // non-canonical scalar in the master key (all-ones > r) right after pk_id and dims
    let mut x = mskb.clone();
    let off = 12 + 16 + 4 + 8;
    x[off..off + 32].fill(0xff);
    assert_eq!(
        serial::ot10_msk_from_bytes::<Bn254, 4>(&x).unwrap_err(),
        SerialError::InvalidScalar
    );
    // a point off the curve in the ciphertext: last byte of c₀'s first y coordinate
    let mut x = ctb.clone();
    let off = 12 + 16 + 4 + 8 + 4 + ct.policy.len() + 63;
    x[off] ^= 1;
    assert!(matches!(
        serial::ot10_ct_from_bytes::<Bn254, 4>(&x).unwrap_err(),
        SerialError::InvalidPoint(_)
    ));
    // a policy that does not match the rows, an invalid policy, a GT element off the subgroup
    let mut bad = ct.clone();
    bad.policy = "t1=5".into();
    assert!(matches!(
        serial::ot10_ct_from_bytes::<Bn254, 4>(&serial::ot10_ct_to_bytes(&bad)),
        Err(SerialError::InvalidPolicy(_))
    ));
    bad.policy = "t1 > 5".into();
    assert!(matches!(
        serial::ot10_ct_from_bytes::<Bn254, 4>(&serial::ot10_ct_to_bytes(&bad)),
        Err(SerialError::InvalidPolicy(_))
    ));
    let mut x = pkb.clone();
    x[12 + 4 + 8 + 20] ^= 1;
    assert_eq!(
        serial::ot10_pk_from_bytes::<Bn254, 4>(&x).unwrap_err(),
        SerialError::InvalidGt
    );
    // a key whose attribute list names a category the setup lacks, or is not canonical
    let mut bad = sk.clone();
    bad.attrs.values.insert(3, Value::Num(1));
    bad.kt.insert(3, bad.kt[&1].clone());
    assert!(matches!(
        serial::ot10_sk_from_bytes::<Bn254, 4>(&serial::ot10_sk_to_bytes(&bad)),
        Err(SerialError::InvalidAttributes(_))
    ));
    let mut bad = sk.clone();
    bad.kt = BTreeMap::new();
    assert!(matches!(
        serial::ot10_sk_from_bytes::<Bn254, 4>(&serial::ot10_sk_to_bytes(&bad)),
        Err(SerialError::InvalidAttributes(_))
    ));
    // every sampled bit flip of a user key is rejected or yields a different key
    for i in (serial::HEADER_LEN..skb.len()).step_by(11) {
        let mut x = skb.clone();
        x[i] ^= 0x10;
        if let Ok(k) = serial::ot10_sk_from_bytes::<Bn254, 4>(&x) {
            assert_ne!(k, sk);
        }
    }
}

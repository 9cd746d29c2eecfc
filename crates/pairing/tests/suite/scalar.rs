//! Typed scalars on the pairing groups: `CurveParams::Scalar` is Fr for G1 and G2 (its modulus is
//! the group order), and the typed multiplications and GT powers satisfy bilinearity
//! e(aP, bQ) = e(P, Q)^(ab), [r − 1]P = −P and the agreement of the constant-time and
//! variable-time forms.

use hayate_ec::curve::params_are_consistent;
use hayate_ec::{msm_ct_scalars, Projective};
use hayate_pairing::bls12_381::{self, Fr as BlsFr};
use hayate_pairing::bn254::{self, Fr as BnFr};
use rand::rngs::StdRng;
use rand::SeedableRng;

#[test]
fn scalar_types_match_the_orders() {
    assert!(params_are_consistent::<bls12_381::G1Params>());
    assert!(params_are_consistent::<bls12_381::G2Params>());
    assert!(params_are_consistent::<bn254::G1Params>());
    assert!(params_are_consistent::<bn254::G2Params>());
}

#[test]
fn bilinear_with_typed_scalars_bls12_381() {
    let mut rng = StdRng::seed_from_u64(5);
    let (a, b) = (BlsFr::random(&mut rng), BlsFr::random(&mut rng));
    let p = bls12_381::G1Affine::generator();
    let q = bls12_381::G2Affine::generator();
    let lhs = bls12_381::pairing(&(p * a).to_affine(), &(q * b).to_affine());
    let e = bls12_381::pairing(&p, &q);
    assert_eq!(lhs, e.pow_scalar(&(a * b)));
    assert_eq!(lhs, e.pow_scalar_vartime(&(a * b)));
    assert_ne!(lhs, e.pow_scalar(&(a * b + BlsFr::ONE)));
    // [r − 1]P = −P on both groups, constant-time and variable-time forms
    let m1 = -BlsFr::ONE;
    let pp = Projective::from(p);
    assert_eq!(pp * m1, -pp);
    assert_eq!(
        Projective::from(q).mul_scalar_vartime(&m1),
        -Projective::from(q)
    );
    // the typed MSM on G2 (GLV where the curve has it)
    let qs = [Projective::from(q), Projective::from(q) * a];
    assert_eq!(
        msm_ct_scalars(&qs, &[b, a]),
        Projective::from(q) * (b + a * a)
    );
}

#[test]
fn bilinear_with_typed_scalars_bn254() {
    let mut rng = StdRng::seed_from_u64(6);
    let (a, b) = (BnFr::random(&mut rng), BnFr::random(&mut rng));
    let p = bn254::G1Affine::generator();
    let q = bn254::G2Affine::generator();
    let lhs = bn254::pairing(&p.mul_scalar(&a).to_affine(), &q.mul_scalar(&b).to_affine());
    assert_eq!(lhs, bn254::pairing(&p, &q).pow_scalar(&(a * b)));
    let pp = Projective::from(p);
    let mut t = pp;
    t *= b;
    assert_eq!(t.mul_scalar_vartime(&a), pp * (a * b));
}

//! Typed scalars (`hayate_ec::scalar`): the canonical encoding rejects every integer ≥ n with a
//! typed error, the wide reduction and the typed multiplications satisfy identities that fail
//! if either side is wrong ([n − 1]G = −G, (ab)G = a(bG), reduce(n + 5) = 5, the typed forms
//! equal the limb forms), on every named curve. The third-party checks (NIST / secp256k1
//! multiples of G, RFC 7027's brainpoolP256r1 key pair, Wycheproof ECDH through the typed
//! `ecdh`) are in `named_curves` and `wycheproof_ecdh`.

use crate::common::order_plus;
use crate::named_curves::limbs_to_be;
use core::ops::Mul;
use hayate_ec::curves::{NamedCurve, PrimeField};
use hayate_ec::{
    msm_ct_scalars, msm_vartime_scalars, mul_generator_scalar, Affine, CurveParams, Field,
    Jacobian, Projective, ScalarError, ScalarField,
};
use rand::rngs::StdRng;
use rand::SeedableRng;

/// The big-endian bytes of the integer `n + delta` in `len` bytes.
fn order_plus_be<C: CurveParams>(delta: i64, len: usize) -> Vec<u8> {
    limbs_to_be(&order_plus(C::ORDER, delta), len)
}

/// Every property above on the named curve C.
pub fn check_scalars<C: NamedCurve>(seed: u64) {
    let mut rng = StdRng::seed_from_u64(seed);
    let len = <C::Scalar as ScalarField>::SCALAR_BYTES;
    assert_eq!(len, C::SCALAR_BYTES);

    // canonical encoding: n, n + 1 and 2^(8·len) − 1 are rejected, n − 1 and 0 accepted
    for bad in [
        order_plus_be::<C>(0, len),
        order_plus_be::<C>(1, len),
        vec![0xff; len],
    ] {
        assert_eq!(
            C::Scalar::decode_be(&bad),
            Err(ScalarError::NotCanonical),
            "{}",
            C::NAME
        );
        assert!(bool::from(
            C::Scalar::from_canonical_bytes_be(&bad).is_none()
        ));
    }
    let minus_one = C::Scalar::decode_be(&order_plus_be::<C>(-1, len)).unwrap();
    assert_eq!(minus_one, -C::Scalar::ONE);
    assert_eq!(C::Scalar::decode_be(&vec![0; len]), Ok(C::Scalar::ZERO));
    // lengths: one byte short or long is a length error even for a small value
    for l in [len - 1, len + 1, 0] {
        assert_eq!(
            C::Scalar::decode_be(&vec![0; l]),
            Err(ScalarError::Length {
                expected: len,
                got: l
            })
        );
    }
    // round trip
    let s = C::Scalar::random(&mut rng);
    assert_eq!(C::Scalar::decode_be(&PrimeField::to_bytes_be(&s)), Ok(s));

    // wide reduction: n + 5 ↦ 5, and hi‖lo ↦ hi·2^(8·len) + lo
    let five = C::Scalar::from_u64(5);
    assert_eq!(
        C::Scalar::from_bytes_be_reduce(&order_plus_be::<C>(5, len + 1)),
        five
    );
    let (hi, lo) = (C::Scalar::random(&mut rng), C::Scalar::random(&mut rng));
    let mut wide = PrimeField::to_bytes_be(&hi);
    wide.extend(PrimeField::to_bytes_be(&lo));
    let shift = C::Scalar::from_bytes_be_reduce(&[&[1u8][..], &vec![0; len]].concat());
    assert_eq!(C::Scalar::from_bytes_be_reduce(&wide), hi * shift + lo);

    // typed multiplication
    let g = Projective::<C>::generator();
    let ga = Affine::<C>::generator();
    assert_eq!(g.mul_scalar(&minus_one), -g);
    assert_eq!(g.mul_scalar_vartime(&minus_one), -g);
    assert!(bool::from(g.mul_scalar(&C::Scalar::ZERO).is_identity()));
    let (a, b) = (C::Scalar::random(&mut rng), C::Scalar::random(&mut rng));
    let ab = g.mul_scalar(&(a * b));
    assert_eq!(ab, g.mul_scalar(&b).mul_scalar(&a));
    assert_eq!(ab, ga.mul_scalar_vartime(&b).mul_scalar_vartime(&a));
    assert_eq!(ab, Jacobian::from(g).mul_scalar(&b).mul_scalar(&a).into());
    assert_eq!(
        Projective::from(Jacobian::from(g).mul_scalar_vartime(&(a * b))),
        ab
    );
    assert_eq!(ab, mul_generator_scalar::<C>(&(a * b)));
    // the typed form is the limb form on the canonical limbs
    assert_eq!(ga.mul_scalar(&a), g.mul_ct(a.to_limbs().as_ref()));
    // (a + b)G = aG + bG across the reduction modulo n
    assert_eq!(g.mul_scalar(&(a + b)), g.mul_scalar(&a) + g.mul_scalar(&b));

    // MSM: Σ [sᵢ]Pᵢ against the single multiplications
    let pts: Vec<Projective<C>> = (0..3)
        .map(|_| g.mul_scalar(&C::Scalar::random(&mut rng)))
        .collect();
    let ss: Vec<C::Scalar> = (0..3).map(|_| C::Scalar::random(&mut rng)).collect();
    let want = pts
        .iter()
        .zip(&ss)
        .fold(Projective::identity(), |acc, (p, s)| acc + p.mul_scalar(s));
    assert_eq!(msm_ct_scalars(&pts, &ss), want);
    let aff: Vec<Affine<C>> = pts.iter().map(|p| p.to_affine()).collect();
    assert_eq!(msm_vartime_scalars(&aff, &ss), Some(want));
    assert_eq!(msm_vartime_scalars(&aff, &ss[..2]), None);
}

/// The operators on a concrete curve: `P * s`, `&P * &s`, `P *= s`, `Affine * s`.
#[test]
fn operators() {
    use hayate_arith::fields::Secp256k1Fn;
    use hayate_ec::curves::Secp256k1;
    let mut rng = StdRng::seed_from_u64(31);
    let s = Secp256k1Fn::random(&mut rng);
    let g = Projective::<Secp256k1>::generator();
    let want = g.mul_scalar(&s);
    assert_eq!(g * s, want);
    assert_eq!(Mul::mul(&g, &s), want);
    assert_eq!(Mul::mul(g, &s), want);
    assert_eq!(Affine::<Secp256k1>::generator() * s, want);
    assert_eq!(Projective::from(Mul::mul(Jacobian::from(g), &s)), want);
    let mut p = g;
    p *= s;
    assert_eq!(p, want);
    let mut p = g;
    p *= &s;
    assert_eq!(p, want);
    assert_ne!(p, g * (s + Secp256k1Fn::ONE));
}

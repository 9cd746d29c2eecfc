//! The fast G2 membership tests (ψ-based) agree with the definition [r]Q = O, on members
//! (multiples of the generator) and on non-members (random points of the twist, which lie
//! outside G2 with overwhelming probability since the twist's cofactor is large).

use hayate_arith::Fp2;
use hayate_ec::{Affine, CurveParams, Projective};
use hayate_pairing::{
    bls12_381::Bls12381, bn254::Bn254, bn254_beuchat::Bn254Beuchat, PairingCurve,
};
use rand::{rngs::StdRng, RngCore, SeedableRng};

fn random_twist_point<E: PairingCurve<N>, const N: usize>(rng: &mut StdRng) -> Affine<E::G2> {
    loop {
        let x = Fp2::<E::Fp, N>::random(rng);
        let rhs = x.square() * x + <E::G2 as CurveParams>::B;
        if let Some(y) = Option::<Fp2<E::Fp, N>>::from(rhs.sqrt()) {
            return Affine {
                x,
                y,
                infinity: 0u8.into(),
            };
        }
    }
}

fn check<E: PairingCurve<N>, const N: usize>() {
    let mut rng = StdRng::seed_from_u64(5);
    let r = <E::G2 as CurveParams>::ORDER;
    let mut members = 0;
    let mut non_members = 0;
    for i in 0..12 {
        let p: Projective<E::G2> = if i % 2 == 0 {
            Affine::<E::G2>::generator().mul_vartime(&[
                rng.next_u64(),
                rng.next_u64(),
                rng.next_u64(),
            ])
        } else {
            Projective::from(random_twist_point::<E, N>(&mut rng))
        };
        assert!(bool::from(p.is_on_curve()));
        let slow = bool::from(p.mul_vartime_wnaf(r).is_identity());
        let fast = bool::from(<E::G2 as CurveParams>::is_in_subgroup(&p));
        assert_eq!(fast, slow, "{}: fast and slow membership disagree", E::NAME);
        if slow {
            members += 1
        } else {
            non_members += 1
        }
    }
    assert!(
        members >= 6 && non_members >= 1,
        "{}: both kinds exercised",
        E::NAME
    );
    // the identity is in G2
    assert!(bool::from(<E::G2 as CurveParams>::is_in_subgroup(
        &Projective::identity()
    )));
}

#[test]
fn bn254_beuchat_g2_membership() {
    check::<Bn254Beuchat, 4>();
}
#[test]
fn bn254_g2_membership() {
    check::<Bn254, 4>();
}
#[test]
fn bls12_381_g2_membership() {
    check::<Bls12381, 6>();
}

/// BLS12-381 G1: Scott's σ(P) = [−z²]P test agrees with [r]P = O on multiples of the generator
/// and on points of E(Fp) found from the curve equation (random x until x³ + 4 is a square,
/// no cofactor clearing: outside G1 with overwhelming probability), and the Zcash decoder
/// rejects the latter with `NotInSubgroup`.
#[test]
fn bls12_381_g1_membership() {
    use hayate_pairing::bls12_381::{Fp, G1Affine, G1Params};
    use hayate_pairing::encoding::{zcash, EncodingError};
    let mut rng = StdRng::seed_from_u64(6);
    let r = <G1Params as CurveParams>::ORDER;
    let (mut members, mut non_members) = (0, 0);
    for i in 0..16 {
        let p: Projective<G1Params> = if i % 2 == 0 {
            G1Affine::generator().mul_vartime(&[rng.next_u64(), rng.next_u64()])
        } else {
            loop {
                let x = Fp::random(&mut rng);
                let rhs = x.square() * x + <G1Params as CurveParams>::B;
                if let Some(y) = Option::<Fp>::from(rhs.sqrt()) {
                    break Projective::from(G1Affine::from_xy_unchecked(x, y));
                }
            }
        };
        assert!(bool::from(p.is_on_curve()));
        let slow = bool::from(p.mul_vartime_wnaf(r).is_identity());
        let fast = bool::from(<G1Params as CurveParams>::is_in_subgroup(&p));
        assert_eq!(fast, slow, "G1 fast and slow membership disagree");
        let enc = zcash::g1_to_compressed(&p.to_affine());
        let dec = zcash::g1_from_compressed(&enc);
        if slow {
            members += 1;
            assert_eq!(dec.ok(), Some(p.to_affine()));
        } else {
            non_members += 1;
            assert_eq!(dec.err(), Some(EncodingError::NotInSubgroup));
        }
    }
    assert!(members >= 8 && non_members >= 4);
    assert!(bool::from(<G1Params as CurveParams>::is_in_subgroup(
        &Projective::identity()
    )));
}

//! A plain, obviously-correct pairing used only as a test oracle: the textbook Miller algorithm
//! in affine coordinates on E(Fp12) (Q untwisted into E(Fp12), vertical lines included,
//! binary expansion of the loop scalar), the BN Frobenius lines computed by raising
//! coordinates to the p-th power in Fp12, and the naive final exponentiation f^((p¹²−1)/r) with
//! the exponent from num-bigint. Nothing here shares code with the optimized path beyond Fp12
//! multiplication (itself tested against num-bigint and the field axioms).

use hayate_arith::{Fp12, Fp2, Fp6, FpParams, TowerParams};
use hayate_ec::{Affine, CurveParams};
use num_bigint::{BigInt, BigUint, Sign};

use crate::engine::{Family, PairingCurve, TwistType};

type F12<E, const N: usize> = Fp12<<E as PairingCurve<N>>::Fp, N>;

fn modulus_big<P: FpParams<N>, const N: usize>() -> BigUint {
    BigUint::from_slice(
        &P::MODULUS
            .iter()
            .flat_map(|l| [*l as u32, (*l >> 32) as u32])
            .collect::<Vec<_>>(),
    )
}

fn w<E: PairingCurve<N>, const N: usize>() -> F12<E, N> {
    Fp12::new(Fp6::ZERO, Fp6::ONE)
}

fn embed_fp2<E: PairingCurve<N>, const N: usize>(x: &Fp2<E::Fp, N>) -> F12<E, N> {
    Fp12::new(Fp6::new(*x, Fp2::ZERO, Fp2::ZERO), Fp6::ZERO)
}

/// Untwisted Q as a point of E(Fp12) (affine, never the identity here).
fn untwist<E: PairingCurve<N>, const N: usize>(q: &Affine<E::G2>) -> (F12<E, N>, F12<E, N>) {
    let w = w::<E, N>();
    let w2 = w * w;
    let w3 = w2 * w;
    let (x, y) = (embed_fp2::<E, N>(&q.x), embed_fp2::<E, N>(&q.y));
    match E::TWIST {
        TwistType::D => (x * w2, y * w3),
        TwistType::M => (x * w2.invert().unwrap(), y * w3.invert().unwrap()),
    }
}

type Pt<E, const N: usize> = Option<(F12<E, N>, F12<E, N>)>;

/// Line through T and S (tangent if equal) evaluated at P, divided by the vertical at T+S;
/// returns (value, T+S).
fn line_step<E: PairingCurve<N>, const N: usize>(
    t: &Pt<E, N>,
    s: &Pt<E, N>,
    p: &(F12<E, N>, F12<E, N>),
) -> (F12<E, N>, Pt<E, N>) {
    let (t, s) = match (t, s) {
        (Some(t), Some(s)) => (*t, *s),
        _ => panic!("reference pairing met the identity"),
    };
    let three = Fp12::ONE + Fp12::ONE + Fp12::ONE;
    let two = Fp12::ONE + Fp12::ONE;
    if t.0 == s.0 && t.1 != s.1 {
        // vertical line, T + S = O
        return (p.0 - t.0, None);
    }
    let lambda = if t == s {
        three * t.0 * t.0 * (two * t.1).invert().unwrap()
    } else {
        (s.1 - t.1) * (s.0 - t.0).invert().unwrap()
    };
    let x3 = lambda * lambda - t.0 - s.0;
    let y3 = lambda * (t.0 - x3) - t.1;
    let l = (p.1 - t.1) - lambda * (p.0 - t.0);
    let v = p.0 - x3;
    (l * v.invert().unwrap(), Some((x3, y3)))
}

fn frob_pt<E: PairingCurve<N>, const N: usize>(
    q: &(F12<E, N>, F12<E, N>),
) -> (F12<E, N>, F12<E, N>) {
    let p = modulus_big::<E::Fp, N>().to_u64_digits();
    (q.0.pow_vartime(&p), q.1.pow_vartime(&p))
}

/// The Miller function f_{s,Q}(P) for a signed s, textbook.
fn miller<E: PairingCurve<N>, const N: usize>(
    s: &BigInt,
    q: &(F12<E, N>, F12<E, N>),
    p: &(F12<E, N>, F12<E, N>),
) -> (F12<E, N>, Pt<E, N>) {
    let mag = s.magnitude();
    let bits = mag.bits();
    let mut f = Fp12::ONE;
    let mut t: Pt<E, N> = Some(*q);
    for i in (0..bits - 1).rev() {
        let (l, t2) = line_step::<E, N>(&t, &t, p);
        f = f * f * l;
        t = t2;
        if mag.bit(i) {
            let (l, t2) = line_step::<E, N>(&t, &Some(*q), p);
            f *= l;
            t = t2;
        }
    }
    if s.sign() == Sign::Minus {
        // f_{−s} = 1/(f_s · v_{sQ}); T ← −T
        let (x, y) = t.unwrap();
        f = (f * (p.0 - x)).invert().unwrap();
        t = Some((x, -y));
    }
    (f, t)
}

/// The reference optimal Ate pairing.
pub fn reference_pairing<E: PairingCurve<N>, const N: usize>(
    p: &Affine<E::G1>,
    q: &Affine<E::G2>,
) -> F12<E, N> {
    let pp = (
        Fp12::new(
            Fp6::new(Fp2::from_base(p.x), Fp2::ZERO, Fp2::ZERO),
            Fp6::ZERO,
        ),
        Fp12::new(
            Fp6::new(Fp2::from_base(p.y), Fp2::ZERO, Fp2::ZERO),
            Fp6::ZERO,
        ),
    );
    let qq = untwist::<E, N>(q);
    let z = if E::Z_NEG {
        -BigInt::from(E::Z_ABS)
    } else {
        BigInt::from(E::Z_ABS)
    };
    let f = match E::FAMILY {
        Family::Bls12 => miller::<E, N>(&z, &qq, &pp).0,
        Family::Bn => {
            let s = BigInt::from(6) * &z + 2;
            let (mut f, t) = miller::<E, N>(&s, &qq, &pp);
            let q1 = frob_pt::<E, N>(&qq);
            let q2 = frob_pt::<E, N>(&q1);
            let q2n = (q2.0, -q2.1);
            let (l1, t1) = line_step::<E, N>(&t, &Some(q1), &pp);
            let (l2, _) = line_step::<E, N>(&t1, &Some(q2n), &pp);
            f = f * l1 * l2;
            f
        }
    };
    let p = modulus_big::<E::Fp, N>();
    let r = BigUint::from_slice(
        &<E::Fr as FpParams<4>>::MODULUS
            .iter()
            .flat_map(|l| [*l as u32, (*l >> 32) as u32])
            .collect::<Vec<_>>(),
    );
    let e = (p.pow(12u32) - 1u8) / r;
    f.pow_vartime(&e.to_u64_digits())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{bls12_381, bn254, bn254_beuchat, final_exp, pairing};
    use hayate_ec::Projective;
    use rand::{rngs::StdRng, RngCore, SeedableRng};

    fn rand_scalar(rng: &mut StdRng) -> [u64; 4] {
        [
            rng.next_u64(),
            rng.next_u64(),
            rng.next_u64(),
            rng.next_u64() >> 4,
        ]
    }

    /// m = 2z(6z² + 3z + 1) mod r, the power of the textbook pairing that the BN final
    /// exponentiation computes (Fuentes-Castañeda et al.'s hard part), as 64-bit limbs.
    fn bn_multiple<E: PairingCurve<N>, const N: usize>() -> Vec<u64> {
        let r = BigInt::from(modulus_big::<E::Fr, 4>());
        let mut z = BigInt::from(E::Z_ABS);
        if E::Z_NEG {
            z = -z;
        }
        let inner: BigInt = BigInt::from(6) * &z * &z + BigInt::from(3) * &z + BigInt::from(1);
        let m: BigInt = (BigInt::from(2) * &z * inner) % &r;
        let m: BigInt = if m.sign() == Sign::Minus { m + &r } else { m };
        m.to_biguint()
            .map(|u| u.to_u64_digits())
            .unwrap_or_default()
    }

    fn check<E: PairingCurve<N>, const N: usize>(multiple: &[u64]) {
        let mut rng = StdRng::seed_from_u64(42);
        // generators on the curves and of order r
        for _ in 0..1 {
            let g1 = Affine::<E::G1>::generator();
            let g2 = Affine::<E::G2>::generator();
            assert!(bool::from(g1.is_on_curve()) && bool::from(g2.is_on_curve()));
            let r = <E::Fr as FpParams<4>>::MODULUS;
            assert!(bool::from(g1.mul_vartime(&r).is_identity()));
            assert!(bool::from(g2.mul_vartime(&r).is_identity()));
            assert!(!bool::from(g1.is_identity()) && !bool::from(g2.is_identity()));
        }
        for _ in 0..2 {
            let p = Affine::<E::G1>::generator()
                .mul_vartime(&rand_scalar(&mut rng))
                .to_affine();
            let q = Affine::<E::G2>::generator()
                .mul_vartime(&rand_scalar(&mut rng))
                .to_affine();
            let fast = pairing::<E, N>(&p, &q);
            let slow = reference_pairing::<E, N>(&p, &q).pow_vartime(multiple);
            assert_eq!(
                *fast.as_fp12(),
                slow,
                "{}: optimized pairing = reference^{multiple:x?}",
                E::NAME
            );
        }
        // bilinearity and non-degeneracy
        let g1 = Affine::<E::G1>::generator();
        let g2 = Affine::<E::G2>::generator();
        let e = pairing::<E, N>(&g1, &g2);
        assert!(!bool::from(e.is_identity()));
        assert!(bool::from(e.is_valid()));
        let a = rand_scalar(&mut rng);
        let b = rand_scalar(&mut rng);
        let pa = g1.mul_vartime(&a).to_affine();
        let qb = g2.mul_vartime(&b).to_affine();
        let lhs = pairing::<E, N>(&pa, &qb);
        let rhs = e.pow_vartime(&a).pow_vartime(&b);
        assert_eq!(lhs, rhs);
        assert_eq!(e.pow(&a), e.pow_vartime(&a));
        // e(P, Q1 + Q2) = e(P, Q1) e(P, Q2)
        let q2 = g2.mul_vartime(&a).to_affine();
        let sum = (Projective::from(qb) + Projective::from(q2)).to_affine();
        assert_eq!(
            pairing::<E, N>(&pa, &sum),
            pairing::<E, N>(&pa, &qb) * pairing::<E, N>(&pa, &q2)
        );
        // multi-pairing and identities
        let mp = crate::multi_pairing::<E, N>(&[(pa, qb), (g1, q2), (Affine::identity(), g2)]);
        assert_eq!(mp, pairing::<E, N>(&pa, &qb) * pairing::<E, N>(&g1, &q2));
        assert!(bool::from(
            pairing::<E, N>(&Affine::identity(), &g2).is_identity()
        ));
        assert!(bool::from(
            pairing::<E, N>(&g1, &Affine::identity()).is_identity()
        ));
        // e(P, −Q) · e(P, Q) = 1
        let neg = crate::multi_pairing::<E, N>(&[(pa, qb), (pa, qb.neg())]);
        assert!(bool::from(neg.is_identity()));
        let _ = final_exp::exp_by_z::<E, N>;
        let _ = (
            bn254::G1Params,
            bn254_beuchat::G1Params,
            bls12_381::G1Params,
        );
        let _: fn(&Fp12<E::Fp, N>) -> _ = |x| x.c0;
        let _ = <E::Fp as TowerParams<N>>::BETA_NEG;
        let _ = <E::G2 as CurveParams>::NAME;
    }

    #[test]
    fn bn254_beuchat_matches_reference_to_the_m() {
        check::<bn254_beuchat::Bn254Beuchat, 4>(&bn_multiple::<bn254_beuchat::Bn254Beuchat, 4>());
    }
    #[test]
    fn bn254_matches_reference_to_the_m() {
        check::<bn254::Bn254, 4>(&bn_multiple::<bn254::Bn254, 4>());
    }
    #[test]
    fn bls12_381_matches_reference_cubed() {
        check::<bls12_381::Bls12381, 6>(&[3]);
    }
}

//! The fast GT membership test (`Gt::is_valid`: cyclotomic test + Frobenius relation, Scott
//! ePrint 2021/1130) agrees with the definition x^r = 1 (`Gt::is_valid_slow`, generic
//! square-and-multiply) on members and on several kinds of non-members:
//! * powers of e(G1, G2) and the identity (members);
//! * random Fp12 elements and 0 (not even in the cyclotomic subgroup);
//! * elements of norm 1 outside the cyclotomic subgroup, u = x̄/x (x^(p⁶−1));
//! * cyclotomic non-members: easy_part(x) (order r·h with overwhelming probability) and
//!   g·c with g ∈ GT and c = easy_part(x)^r ≠ 1 of order dividing the GT cofactor.

use hayate_arith::Fp12;
use hayate_pairing::{
    bls12_381::Bls12381, bn254::Bn254, bn254_beuchat::Bn254Beuchat, final_exp, gt, Gt, PairingCurve,
};
use rand::{rngs::StdRng, RngCore, SeedableRng};

fn wrap<E: PairingCurve<N>, const N: usize>(x: Fp12<E::Fp, N>) -> Option<Gt<E, N>> {
    // the only public way from an Fp12 to a Gt is the validating decoder (it runs
    // `Gt::is_valid`): encode x in its layout
    let mut out = Vec::new();
    for c6 in [&x.c0, &x.c1] {
        for c2 in [&c6.c0, &c6.c1, &c6.c2] {
            out.extend_from_slice(&c2.c0.to_bytes_be());
            out.extend_from_slice(&c2.c1.to_bytes_be());
        }
    }
    Gt::<E, N>::from_bytes(&out)
}

/// (fast, slow) for x: fast through `from_bytes` (which runs `is_valid`) and the cyclotomic
/// predicate, slow by x^r = 1 on the raw element.
fn both<E: PairingCurve<N>, const N: usize>(x: &Fp12<E::Fp, N>) -> (bool, bool) {
    let r = <E::Fr as hayate_arith::FpParams<4>>::MODULUS;
    let slow = bool::from(x.pow_vartime(&r).is_one());
    let fast = wrap::<E, N>(*x).is_some();
    (fast, slow)
}

fn check<E: PairingCurve<N>, const N: usize>() {
    let mut rng = StdRng::seed_from_u64(21);
    let g = Gt::<E, N>::generator();
    let r = <E::Fr as hayate_arith::FpParams<4>>::MODULUS;
    let mut cases: Vec<(&str, Fp12<E::Fp, N>, bool)> = Vec::new();
    cases.push(("identity", Fp12::ONE, true));
    cases.push(("zero", Fp12::ZERO, false));
    for _ in 0..3 {
        let k = [
            rng.next_u64(),
            rng.next_u64(),
            rng.next_u64(),
            rng.next_u64(),
        ];
        let m = g.pow_vartime(&k);
        cases.push(("member", *m.as_fp12(), true));
        let x = Fp12::<E::Fp, N>::random(&mut rng);
        cases.push(("random Fp12", x, false));
        let u = x.conjugate() * x.invert().unwrap();
        assert!(bool::from((u * u.conjugate()).is_one()));
        cases.push(("norm 1, not cyclotomic", u, false));
        let c = final_exp::easy_part::<E, N>(&x);
        cases.push(("cyclotomic", c, false));
        let h = c.pow_vartime(&r); // in the cofactor part
        assert!(!bool::from(h.is_one()));
        cases.push(("member · cofactor-order", *m.as_fp12() * h, false));
        cases.push(("cofactor-order", h, false));
    }
    for (what, x, member) in cases {
        let (fast, slow) = both::<E, N>(&x);
        assert_eq!(slow, member, "{}: {what}: expectation", E::NAME);
        assert_eq!(fast, slow, "{}: {what}: fast and slow disagree", E::NAME);
        let cyc = bool::from(gt::is_cyclotomic(&x));
        // the cyclotomic predicate against its definition x^(p⁴−p²+1) = 1, via Frobenius-free
        // means: members and easy_part images are cyclotomic, the others are not
        let want_cyc = matches!(
            what,
            "identity" | "member" | "cyclotomic" | "member · cofactor-order" | "cofactor-order"
        );
        assert_eq!(cyc, want_cyc, "{}: {what}: cyclotomic predicate", E::NAME);
        if let Some(y) = wrap::<E, N>(x) {
            assert!(bool::from(y.is_valid_slow()));
        }
    }
}

#[test]
fn bls12_381_gt_membership() {
    check::<Bls12381, 6>();
}
#[test]
fn bn254_gt_membership() {
    check::<Bn254, 4>();
}
#[test]
fn bn254_beuchat_gt_membership() {
    check::<Bn254Beuchat, 4>();
}

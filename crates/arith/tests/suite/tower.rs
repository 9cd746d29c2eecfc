//! The pairing towers: Fp2 against num-bigint arithmetic, Fp6/Fp12 by field axioms,
//! Frobenius maps against exponentiation by p^k, Frobenius constants re-derived from ξ,
//! sparse and cyclotomic operations against their generic counterparts.

use hayate_arith::fields::*;
use hayate_arith::{Field, Fp, Fp12, Fp2, Fp6, TowerParams};
use num_bigint::BigUint;
use rand::{rngs::StdRng, SeedableRng};

fn modulus<P: TowerParams<N>, const N: usize>() -> BigUint {
    let mut b = Vec::new();
    for l in P::MODULUS.iter().rev() {
        b.extend_from_slice(&l.to_be_bytes());
    }
    BigUint::from_bytes_be(&b)
}
fn big<P: TowerParams<N>, const N: usize>(x: &Fp<P, N>) -> BigUint {
    BigUint::from_bytes_be(&x.to_bytes_be())
}
fn limbs(v: &BigUint) -> Vec<u64> {
    v.to_u64_digits()
}

fn check_tower<P: TowerParams<N>, const N: usize>() {
    let p = modulus::<P, N>();
    let k = BigUint::from(P::BETA_NEG);
    let mut rng = StdRng::seed_from_u64(99);
    // Fp2 against the oracle
    for _ in 0..100 {
        let x = Fp2::<P, N>::random(&mut rng);
        let y = Fp2::<P, N>::random(&mut rng);
        let (a, b, c, d) = (big(&x.c0), big(&x.c1), big(&y.c0), big(&y.c1));
        let z = x * y;
        assert_eq!(big(&z.c0), (&a * &c + &p * &p * &k - &k * &b * &d) % &p);
        assert_eq!(big(&z.c1), (&a * &d + &b * &c) % &p);
        assert_eq!(x.square(), x * x);
        assert_eq!(x.invert().unwrap() * x, Fp2::ONE);
        assert_eq!(x.invert_safegcd().unwrap(), x.invert().unwrap());
        // the Field trait's inversions (what generic curve code calls)
        assert_eq!(Field::invert_safegcd(&x).unwrap(), x.invert().unwrap());
        assert_eq!(Field::invert_vartime(&x).unwrap(), x.invert().unwrap());
        let sq = x.square();
        let r = sq.sqrt().unwrap();
        assert_eq!(r.square(), sq);
        assert_eq!(bool::from(x.sqrt().is_some()), bool::from(x.is_square()));
        assert_eq!(x.frobenius_map(1), x.pow_vartime(&limbs(&p)));
        assert_eq!(x.mul_by_xi(), x * Fp2::xi());
        // the compile-time product (Frobenius constants derived from others) and the public-
        // constant product against the run-time one
        assert_eq!(x.mul_const(&y), z);
        assert_eq!(x.mul_by_public_const(&y), z);
        let yb = Fp2::<P, N>::from_base(y.c0);
        assert!(yb.is_base_const() && !y.is_base_const());
        assert_eq!(x.mul_by_public_const(&yb), x * yb);
        // squares of pure-Fp and pure-u elements (the sqrt edge cases)
        let e = Fp2::<P, N>::from_base(x.c0);
        assert_eq!(e.square().sqrt().unwrap().square(), e.square());
        let f = Fp2::<P, N>::new(Fp::ZERO, x.c1);
        assert_eq!(f.square().sqrt().unwrap().square(), f.square());
    }
    assert!(bool::from(Fp2::<P, N>::ZERO.sqrt().is_some()));
    assert!(bool::from(
        Field::invert_safegcd(&Fp2::<P, N>::ZERO).is_none()
    ));
    assert!(bool::from(
        Field::invert_vartime(&Fp2::<P, N>::ZERO).is_none()
    ));
    // Frobenius constants re-derived
    let xi = Fp2::<P, N>::xi();
    for kk in 1..=3u32 {
        let q = p.pow(kk) - 1u8;
        let six = BigUint::from(6u8);
        let three = BigUint::from(3u8);
        assert_eq!(
            P::FROB[kk as usize - 1][0],
            xi.pow_vartime(&limbs(&(&q / &six)))
        );
        assert_eq!(
            P::FROB[kk as usize - 1][1],
            xi.pow_vartime(&limbs(&(&q / &three)))
        );
        assert_eq!(
            P::FROB[kk as usize - 1][2],
            xi.pow_vartime(&limbs(&(&q * 2u8 / &three)))
        );
    }
    // ξ is neither a square nor a cube in Fp2 (so the tower is a field)
    assert!(!bool::from(xi.is_square()));
    let p2m1 = p.pow(2) - 1u8;
    assert_ne!(xi.pow_vartime(&limbs(&(&p2m1 / 3u8))), Fp2::ONE);
    // Fp6
    for _ in 0..30 {
        let a = Fp6::<P, N>::random(&mut rng);
        let b = Fp6::<P, N>::random(&mut rng);
        let c = Fp6::<P, N>::random(&mut rng);
        assert_eq!(a * b, b * a);
        assert_eq!((a * b) * c, a * (b * c));
        assert_eq!(a * (b + c), a * b + a * c);
        assert_eq!(a.square(), a * a);
        assert_eq!(a.invert().unwrap() * a, Fp6::ONE);
        let v = Fp6::<P, N>::new(Fp2::ZERO, Fp2::ONE, Fp2::ZERO);
        assert_eq!(a.mul_by_v(), a * v);
        let (b0, b1) = (b.c0, b.c1);
        assert_eq!(a.mul_by_01(&b0, &b1), a * Fp6::new(b0, b1, Fp2::ZERO));
        assert_eq!(a.mul_by_1(&b1), a * Fp6::new(Fp2::ZERO, b1, Fp2::ZERO));
        for kk in 1..=6usize {
            assert_eq!(
                a.frobenius_map(kk),
                a.frobenius_map(kk - 1).frobenius_map(1)
            );
        }
    }
    let a = Fp6::<P, N>::random(&mut rng);
    assert_eq!(a.frobenius_map(1), pow6(&a, &limbs(&p)));
    // Fp12
    for _ in 0..10 {
        let a = Fp12::<P, N>::random(&mut rng);
        let b = Fp12::<P, N>::random(&mut rng);
        let c = Fp12::<P, N>::random(&mut rng);
        assert_eq!(a * b, b * a);
        assert_eq!((a * b) * c, a * (b * c));
        assert_eq!(a * (b + c), a * b + a * c);
        assert_eq!(a.square(), a * a);
        assert_eq!(a.invert().unwrap() * a, Fp12::ONE);
        let (x0, x1, x4) = (b.c0.c0, b.c0.c1, b.c1.c1);
        let s014 = Fp12::new(
            Fp6::new(x0, x1, Fp2::ZERO),
            Fp6::new(Fp2::ZERO, x4, Fp2::ZERO),
        );
        assert_eq!(a.mul_by_014(&x0, &x1, &x4), a * s014);
        let x3 = b.c1.c0;
        let s034 = Fp12::new(
            Fp6::new(x0, Fp2::ZERO, Fp2::ZERO),
            Fp6::new(x3, x4, Fp2::ZERO),
        );
        assert_eq!(a.mul_by_034(&x0, &x3, &x4), a * s034);
        // lines normalised to constant coefficient 1, against the dense product
        let u014 = Fp12::new(
            Fp6::new(Fp2::ONE, x1, Fp2::ZERO),
            Fp6::new(Fp2::ZERO, x4, Fp2::ZERO),
        );
        assert_eq!(a.mul_by_014_unit(&x1, &x4), a * u014);
        let u034 = Fp12::new(
            Fp6::new(Fp2::ONE, Fp2::ZERO, Fp2::ZERO),
            Fp6::new(x3, x4, Fp2::ZERO),
        );
        assert_eq!(a.mul_by_034_unit(&x3, &x4), a * u034);
        assert_eq!(a.mul_by_034_unit(&Fp2::ZERO, &Fp2::ZERO), a);
        for kk in 1..=12usize {
            assert_eq!(
                a.frobenius_map(kk),
                a.frobenius_map(kk - 1).frobenius_map(1)
            );
        }
        assert_eq!(a.frobenius_map(12), a);
        assert_eq!(a.frobenius_map(6), a.conjugate());
        // cyclotomic subgroup element: f^((p⁶−1)(p²+1))
        let f = a.conjugate() * a.invert().unwrap();
        let g = f.frobenius_map(2) * f;
        assert_eq!(g.cyclotomic_square(), g.square());
        assert_eq!(g * g.conjugate(), Fp12::ONE);
        let e = [0x1234_5678_9abc_def1u64, 0x0fed_cba9_8765_4321];
        assert_eq!(g.cyclotomic_exp_vartime(&e), g.pow_vartime(&e));
        assert_eq!(g.cyclotomic_exp_ct(&e), g.pow_vartime(&e));
        // Karabina's compressed squarings against Granger–Scott: several signed-digit
        // exponents, a leading non-zero digit 0, one with only zero digits, and the identity
        let nafs: [&[i8]; 5] = [
            &[1, 0, -1, 0, 1],
            &[0, 0, 0, 1, 0, 0, 0, 0, 0, 0, -1, 0, 0, 0, 0, 0, 0, 0, 0, 1],
            &[
                -1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1,
            ],
            &[0, 0, 0, 0],
            &[0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1],
        ];
        for naf in nafs {
            assert_eq!(
                g.cyclotomic_exp_compressed_vartime(naf),
                g.cyclotomic_exp_wnaf_vartime(naf).unwrap()
            );
            assert_eq!(
                Fp12::<P, N>::ONE.cyclotomic_exp_compressed_vartime(naf),
                Fp12::ONE
            );
        }
        // NAF of 13 = 16 − 4 + 1: digits LSB first [1, 0, -1, 0, 1]
        assert_eq!(
            g.cyclotomic_exp_wnaf_vartime(&[1, 0, -1, 0, 1]),
            Some(g.pow_vartime(&[13]))
        );
        // a width-4 NAF: 3 − 5·2³ + 7·2⁷ = 859 (odd powers up to g⁷ from the table)
        assert_eq!(
            g.cyclotomic_exp_wnaf_vartime(&[3, 0, 0, -5, 0, 0, 0, 7]),
            Some(g.pow_vartime(&[859]))
        );
        // −1 = the conjugate; no digits = 1; an even digit is not a w-NAF
        assert_eq!(g.cyclotomic_exp_wnaf_vartime(&[-1]), Some(g.conjugate()));
        assert_eq!(g.cyclotomic_exp_wnaf_vartime(&[]), Some(Fp12::ONE));
        assert_eq!(g.cyclotomic_exp_wnaf_vartime(&[1, 0, 2]), None);
    }
    let a = Fp12::<P, N>::random(&mut rng);
    assert_eq!(a.frobenius_map(1), a.pow_vartime(&limbs(&p)));
}

fn pow6<P: TowerParams<N>, const N: usize>(a: &Fp6<P, N>, e: &[u64]) -> Fp6<P, N> {
    let mut r = Fp6::ONE;
    for i in (0..64 * e.len()).rev() {
        r = r.square();
        if (e[i / 64] >> (i % 64)) & 1 == 1 {
            r *= *a;
        }
    }
    r
}

#[test]
fn tower_bn254_beuchat() {
    check_tower::<Bn254BeuchatFpParams, 4>();
}
#[test]
fn tower_bn254() {
    check_tower::<Bn254FpParams, 4>();
}
#[test]
fn tower_bls12_381() {
    check_tower::<Bls12381FpParams, 6>();
}

//! Every [`Method`] (issue 4's named scalar multiplications, including paper 004's Jin–Miyaji
//! ladder, the Montgomery ladder and Joye's ladders) against the affine double-and-add
//! reference, on random and edge scalars and points of every named curve (secp192r1 …
//! secp521r1, secp256k1, brainpoolP256r1/P384r1) and of the pairing G1 test curves, and
//! exhaustively (all points × all scalars in [0, 2r + 1]) on the three tiny curves over F_211.
//! Also the building blocks: affine double-quadruple and complete affine addition with each
//! inversion.

use crate::common;

use common::checks::{edge_scalars, rand_scalar};
use common::*;
use hayate_ec::ladder::{
    affine_add, affine_double, affine_double_quadruple, jin_miyaji, BinaryGcdVartime, Fermat,
    SafeGcd,
};
use hayate_ec::{scalar_mul, Affine, CurveParams, Method, Projective};
use rand::rngs::StdRng;
use rand::SeedableRng;

fn methods_for<C: CurveParams>() -> Vec<Method> {
    let m = 64 * C::ORDER.len() as u32;
    let mut v = Method::all(m / 2);
    v.push(Method::paper002_split(m));
    v.push(Method::Split { x: 0 });
    v.push(Method::Split { x: m + 64 });
    v.push(Method::JoyeMary(3));
    v
}

fn check_curve<C: CurveParams>(n_random: usize, seed: u64) {
    let mut rng = StdRng::seed_from_u64(seed);
    let g = Affine::<C>::generator();
    let p = Projective::<C>::generator()
        .mul_vartime(&rand_scalar(&mut rng, 2))
        .to_affine();
    let mut scalars = edge_scalars::<C>();
    for _ in 0..n_random {
        scalars.push(rand_scalar(&mut rng, C::ORDER.len()));
    }
    for base in [g, p, Affine::identity()] {
        for k in &scalars {
            let want = reference_mul(&base, k);
            for m in methods_for::<C>() {
                let got = scalar_mul(m, &Projective::from(base), k)
                    .unwrap()
                    .to_affine();
                assert_eq!(got, want, "{}: {m} k={k:x?} base={base:?}", C::NAME);
            }
        }
    }
}

#[test]
fn methods_bn254_g1() {
    check_curve::<Bn254G1>(6, 1);
}

#[test]
fn methods_beuchat_g1() {
    check_curve::<BeuchatG1>(3, 2);
}

#[test]
fn methods_bls12_381_g1() {
    check_curve::<Bls12381G1>(2, 3);
}

#[test]
fn methods_p256_5limb() {
    // P-256 in the tests' 5-limb representation; the generic-a variant exercises a ≠ 0, −3
    check_curve::<P256>(3, 4);
    check_curve::<P256Generic>(1, 5);
}

/// The named curves (`hayate_ec::curves`): edge scalars 0, 1, 2, n − 1, n, n + 1, all-ones,
/// and random ones, on G and a random point.
fn check_named<C: CurveParams>(n_random: usize, seed: u64) {
    let mut rng = StdRng::seed_from_u64(seed);
    let n = C::ORDER;
    let mut scalars: Vec<Vec<u64>> = vec![
        vec![0],
        vec![1],
        vec![2],
        order_plus(n, -1),
        n.to_vec(),
        order_plus(n, 1),
        vec![u64::MAX; n.len()],
    ];
    for _ in 0..n_random {
        scalars.push(rand_scalar(&mut rng, n.len()));
    }
    let g = Affine::<C>::generator();
    let p = Projective::<C>::generator()
        .mul_vartime(&rand_scalar(&mut rng, 2))
        .to_affine();
    for base in [g, p] {
        for k in &scalars {
            let want = Projective::from(base).mul_vartime(k).to_affine();
            assert_eq!(reference_mul(&base, k), want, "{}: reference", C::NAME);
            for m in methods_for::<C>() {
                let got = scalar_mul(m, &Projective::from(base), k)
                    .unwrap()
                    .to_affine();
                assert_eq!(got, want, "{}: {m} k={k:x?}", C::NAME);
            }
        }
    }
}

#[test]
fn methods_secp256k1_p256_brainpool256() {
    use hayate_ec::curves::{BrainpoolP256r1, Secp256k1, Secp256r1};
    check_named::<Secp256k1>(2, 11);
    check_named::<Secp256r1>(2, 12);
    check_named::<BrainpoolP256r1>(1, 13);
}

#[test]
fn methods_p192_p224_p384() {
    use hayate_ec::curves::{Secp192r1, Secp224r1, Secp384r1};
    check_named::<Secp192r1>(1, 14);
    check_named::<Secp224r1>(1, 15);
    check_named::<Secp384r1>(1, 16);
}

#[test]
fn methods_p521_brainpool384() {
    use hayate_ec::curves::{BrainpoolP384r1, Secp521r1};
    check_named::<Secp521r1>(1, 17);
    check_named::<BrainpoolP384r1>(1, 18);
}

#[test]
fn method_names_round_trip() {
    for m in methods_for::<Bn254G1>() {
        assert_eq!(m.to_string().parse::<Method>().unwrap(), m);
    }
    assert_eq!("Jin_Miyaji".parse::<Method>().unwrap(), Method::JinMiyaji);
    assert_eq!("window".parse::<Method>().unwrap(), Method::Window(4));
    assert_eq!("wnaf=5".parse::<Method>().unwrap(), Method::WNaf(5));
    for bad in [
        "",
        "ladder",
        "window:0",
        "wnaf:9",
        "split",
        "naf:3",
        "joye-mary:x",
    ] {
        assert!(bad.parse::<Method>().is_err(), "{bad}");
    }
    assert!(Method::JinMiyaji.is_constant_time() && !Method::JinMiyajiBinaryGcd.is_constant_time());
}

/// DQ and complete addition with all three inversions against the reference group law.
fn building_blocks<C: CurveParams>(rng: &mut StdRng) {
    let pts: Vec<Affine<C>> = (0..8)
        .map(|_| {
            Projective::<C>::generator()
                .mul_vartime(&rand_scalar(rng, 1))
                .to_affine()
        })
        .chain([Affine::identity(), Affine::generator()])
        .collect();
    for p in &pts {
        let (p2, p4) = affine_double_quadruple::<C, SafeGcd>(p);
        assert_eq!(p2, p.double());
        assert_eq!(p4, p.double().double());
        assert_eq!(affine_double_quadruple::<C, BinaryGcdVartime>(p), (p2, p4));
        assert_eq!(affine_double_quadruple::<C, Fermat>(p), (p2, p4));
        assert_eq!(affine_double::<C, SafeGcd>(p), p2);
        for q in &pts {
            let want = p.add(q);
            assert_eq!(affine_add::<C, SafeGcd>(p, q), want);
            assert_eq!(affine_add::<C, BinaryGcdVartime>(p, q), want);
            assert_eq!(affine_add::<C, SafeGcd>(p, &q.neg()), p.sub(q));
        }
        assert_eq!(affine_add::<C, SafeGcd>(p, p), p2);
        assert!(bool::from(
            affine_add::<C, SafeGcd>(p, &p.neg()).is_identity()
        ));
    }
}

#[test]
fn double_quadruple_and_complete_add() {
    let mut rng = StdRng::seed_from_u64(7);
    building_blocks::<Bn254G1>(&mut rng);
    building_blocks::<Bls12381G1>(&mut rng);
    building_blocks::<P256>(&mut rng);
    building_blocks::<P256Generic>(&mut rng);
}

fn tiny_exhaustive<C: CurveParams<Base = TinyFp>>() {
    let r = C::ORDER[0];
    // all points
    let mut pts = vec![Affine::<C>::identity()];
    for x in 0..TINY_P {
        for y in 0..TINY_P {
            if let Some(p) =
                Option::from(Affine::<C>::new(TinyFp::from_u64(x), TinyFp::from_u64(y)))
            {
                pts.push(p);
            }
        }
    }
    assert_eq!(pts.len() as u64, r);
    // discrete logs with respect to G
    let g = Affine::<C>::generator();
    let mut mult = vec![Affine::<C>::identity()];
    for i in 1..r as usize {
        mult.push(mult[i - 1].add(&g));
    }
    let log = |p: &Affine<C>| mult.iter().position(|q| q == p).unwrap() as u64;
    // the Montgomery ladder and the Jin–Miyaji ladder with l = 9 and 11 bits (k ≤ 2r + 1 < 2⁹)
    // on every scalar; every method (64-bit scalars) on every 11th scalar and the edges
    let ladders = [Method::MontgomeryLadder];
    let methods = Method::all(5);
    for p in &pts {
        let lp = log(p);
        let pp = Projective::from(*p);
        for k in 0..=2 * r + 1 {
            let want = mult[((lp * k) % r) as usize];
            let sampled = k % 11 == 0 || k < 4 || k.abs_diff(r) < 3 || k > 2 * r - 2;
            for &m in if sampled { &methods[..] } else { &ladders[..] } {
                assert_eq!(
                    scalar_mul(m, &pp, &[k]).unwrap().to_affine(),
                    want,
                    "{m} [{k}]{p:?}"
                );
            }
            // the Jin–Miyaji ladder over short odd lengths l = 9, 11 (few iterations: every
            // exceptional case of the affine formulas shows up on a group this small)
            for nbits in [9usize, 10] {
                assert_eq!(
                    jin_miyaji::<C, SafeGcd>(p, &[k], nbits),
                    want,
                    "JM l={nbits} [{k}]{p:?}"
                );
            }
        }
        // scalars with high bits: 2^64 − 1, 2^64 + k, 2^127
        for k in [[u64::MAX, 0], [3, 1], [0, 1 << 63]] {
            let kk = (k[0] as u128) | ((k[1] as u128) << 64);
            let want = mult[((lp as u128 * (kk % r as u128)) % r as u128) as usize];
            for &m in &methods {
                assert_eq!(
                    scalar_mul(m, &pp, &k).unwrap().to_affine(),
                    want,
                    "{m} [{k:?}]{p:?}"
                );
            }
        }
    }
}

#[test]
fn tiny_a_minus_3_all_methods() {
    tiny_exhaustive::<TinyAm3>();
}

#[test]
fn tiny_a_zero_all_methods() {
    tiny_exhaustive::<TinyA0>();
}

#[test]
fn tiny_generic_a_all_methods() {
    tiny_exhaustive::<TinyGen>();
}

//! Exhaustive tests on three prime-order curves over F_211 (`Fp<_, 1>`, one limb), one per
//! formula family: a = −3 (#E = 197), a = 0 (#E = 199), generic a = 2 (#E = 199). Every point
//! is enumerated by brute force; every pair is added with every formula; every scalar in
//! [0, 2r] is applied to every point with every method.

use crate::common;

use common::*;
use hayate_ec::curve::params_are_consistent;
use hayate_ec::{msm_vartime, Affine, CurveParams, Jacobian, Projective};

fn all_points<C: CurveParams<Base = TinyFp>>() -> Vec<Affine<C>> {
    let mut v = vec![Affine::identity()];
    for x in 0..TINY_P {
        for y in 0..TINY_P {
            if let Some(p) =
                Option::from(Affine::<C>::new(TinyFp::from_u64(x), TinyFp::from_u64(y)))
            {
                v.push(p);
            }
        }
    }
    v
}

fn exhaustive<C: CurveParams<Base = TinyFp>>() {
    assert!(params_are_consistent::<C>());
    let r = C::ORDER[0];
    let pts = all_points::<C>();
    assert_eq!(pts.len() as u64, r, "group order");
    // multiples of G enumerate the group (prime order ⇒ cyclic)
    let g = Affine::<C>::generator();
    let mut seen = vec![Affine::<C>::identity()];
    let mut acc = g;
    while !bool::from(acc.is_identity()) {
        assert!(!seen.contains(&acc));
        seen.push(acc);
        acc = acc.add(&g);
    }
    assert_eq!(seen.len() as u64, r);
    // index of each point as a multiple of G, for an independent addition table
    let log = |p: &Affine<C>| seen.iter().position(|q| q == p).unwrap() as u64;
    for p in &pts {
        let pp = Projective::from(*p);
        let pj = Jacobian::from(*p);
        let lp = log(p);
        for q in &pts {
            let want = seen[((lp + log(q)) % r) as usize];
            let qp = Projective::from(*q);
            let qj = Jacobian::from(*q);
            assert_eq!(p.add(q), want);
            assert_eq!((pp + qp).to_affine(), want, "{p:?} + {q:?}");
            assert_eq!(pp.add_affine(q).to_affine(), want);
            assert_eq!((pj + qj).to_affine(), want);
            assert_eq!(pj.add_affine(q).to_affine(), want);
            assert_eq!(pj.add_vartime(&qj).to_affine(), want);
            assert_eq!(pj.add_affine_vartime(q).to_affine(), want);
            assert!(bool::from(
                (pp + qp).is_on_curve() & (pj + qj).is_on_curve()
            ));
        }
        let d = seen[((2 * lp) % r) as usize];
        assert_eq!(pp.double().to_affine(), d);
        assert_eq!(pj.double().to_affine(), d);
        assert_eq!(p.double(), d);
        for n in 0..12usize {
            let want = seen[((lp as u128 * (1u128 << n)) % r as u128) as usize];
            assert_eq!(pj.double_n(n).to_affine(), want, "double_n({n})");
            assert_eq!(pp.double_n(n).to_affine(), want);
        }
        for k in 0..=2 * r + 1 {
            let want = seen[((lp * k) % r) as usize];
            assert_eq!(pp.mul_ct(&[k]).to_affine(), want, "[{k}]{p:?}");
            assert_eq!(pp.mul_vartime(&[k]).to_affine(), want);
            assert_eq!(pj.mul_vartime(&[k]).to_affine(), want);
            assert_eq!(reference_mul(p, &[k]), want);
        }
        // the affine ladder and the split multiplication on a sample of scalars
        for k in [0, 1, 2, 3, r - 1, r, r + 1, u64::MAX] {
            let want = seen[((lp as u128 * k as u128) % r as u128) as usize];
            assert_eq!(p.mul_ct_affine(&[k]), want);
            assert_eq!(pp.mul_ct_parallel(&[k]).to_affine(), want);
            assert_eq!(
                pp.mul_vartime_parallel(&[k, 1]).to_affine(),
                seen[((lp as u128 * ((1u128 << 64) + k as u128)) % r as u128) as usize]
            );
        }
        assert!(bool::from(p.is_in_subgroup()));
    }
    // batch normalisation of the whole group, MSM over the whole group
    let proj: Vec<Projective<C>> = pts
        .iter()
        .map(|p| Projective::from(*p).double().double())
        .collect();
    let want: Vec<Affine<C>> = proj.iter().map(|p| p.to_affine()).collect();
    assert_eq!(Projective::batch_to_affine(&proj), want);
    let jac: Vec<Jacobian<C>> = proj.iter().map(|p| Jacobian::from(*p)).collect();
    assert_eq!(Jacobian::batch_normalize(&jac), want);
    let ks: Vec<[u64; 1]> = (0..pts.len() as u64)
        .map(|i| [(i * 7919) % (3 * r)])
        .collect();
    let total = pts
        .iter()
        .zip(&ks)
        .fold(0u64, |a, (p, k)| (a + log(p) * k[0]) % r);
    assert_eq!(
        msm_vartime(&pts, &ks).unwrap().to_affine(),
        seen[total as usize]
    );
    // points off the curve are rejected
    let mut off = 0;
    for x in 0..TINY_P {
        for y in 0..TINY_P {
            let (fx, fy) = (TinyFp::from_u64(x), TinyFp::from_u64(y));
            let on = (fx.square() + C::A) * fx + C::B == fy.square();
            assert_eq!(bool::from(Affine::<C>::new(fx, fy).is_some()), on);
            off += (!on) as u64;
        }
    }
    assert_eq!(off, TINY_P * TINY_P - (r - 1));
}

#[test]
fn tiny_a_minus_3() {
    exhaustive::<TinyAm3>();
}

#[test]
fn tiny_a_zero() {
    exhaustive::<TinyA0>();
}

#[test]
fn tiny_generic_a() {
    exhaustive::<TinyGen>();
}

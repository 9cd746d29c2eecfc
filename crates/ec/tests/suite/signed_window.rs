//! The signed odd-digit window multiplication (`Projective::mul_ct_subgroup`, used by ECDH and,
//! in its two-scalar form, by `glv-ct`) against the plain double-and-add references
//! (`methods::binary_vartime`, Jacobian with exception-handling additions, and the affine
//! `reference_mul`) on every named curve, for edge scalars (0, 1, 2, n − 1, n, n + 1, all-ones,
//! the whole range around n where the last addition becomes P ± P, multi-limb values) and random
//! ones; the small-order fallback exhaustively on the F_211 test curves.

use crate::common;

use common::{reference_mul, TinyA0, TinyAm3, TinyGen};
use hayate_ec::curves::{CurveId, CurveVisitor, NamedCurve};
use hayate_ec::methods::binary_vartime;
use hayate_ec::{Affine, CurveParams, Jacobian, Projective};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

/// n + delta as limbs (one extra limb for the carry).
fn order_plus<C: CurveParams>(delta: i64) -> Vec<u64> {
    common::order_plus(C::ORDER, delta)
}

fn edge_scalars<C: CurveParams>(rng: &mut StdRng) -> Vec<Vec<u64>> {
    let len = C::ORDER.len();
    let mut v: Vec<Vec<u64>> = vec![
        vec![],
        vec![0],
        vec![1],
        vec![2],
        vec![3],
        vec![u64::MAX; len],
        vec![u64::MAX; len + 1],
        vec![u64::MAX; 2 * len],
    ];
    // around n: the last window's addition meets P + P or P + (−P) for some of these
    for d in -70..=3i64 {
        v.push(order_plus::<C>(d));
    }
    for k in 4..40u64 {
        v.push(vec![k]);
    }
    // 2^(bits − 1) ± 1, n/2
    let mut half = C::ORDER.to_vec();
    for i in 0..len {
        half[i] = (half[i] >> 1) | half.get(i + 1).map_or(0, |h| h << 63);
    }
    v.push(half.clone());
    half[0] += 1;
    v.push(half);
    for _ in 0..6 {
        v.push((0..len).map(|_| rng.gen()).collect());
    }
    v.push((0..len + 3).map(|_| rng.gen()).collect());
    v
}

fn check_curve<C: CurveParams>(seed: u64) {
    let mut rng = StdRng::seed_from_u64(seed);
    let r: Vec<u64> = vec![rng.gen(), rng.gen()];
    let p = Projective::<C>::generator().mul_vartime(&r);
    let bases = [Projective::<C>::generator(), p, -p, Projective::identity()];
    let scalars = edge_scalars::<C>(&mut rng);
    for base in &bases {
        let bj = Jacobian::from(*base);
        for k in &scalars {
            let want = Projective::from(binary_vartime(&bj, k));
            let got = base.mul_ct_subgroup(k);
            assert_eq!(got, want, "{}: mul_ct_subgroup k = {k:x?}", C::NAME);
        }
    }
    // a few against the affine double-and-add
    for k in scalars.iter().take(12) {
        let a = p.to_affine();
        assert_eq!(
            p.mul_ct_subgroup(k).to_affine(),
            reference_mul(&a, k),
            "{}: affine reference k = {k:x?}",
            C::NAME
        );
    }
}

struct Check(u64);
impl CurveVisitor for Check {
    type Output = ();
    fn visit<C: NamedCurve>(self) {
        check_curve::<C>(self.0);
    }
}

#[test]
fn mul_ct_subgroup_agrees_with_double_and_add_on_named_curves() {
    for (i, id) in CurveId::ALL.into_iter().enumerate() {
        id.visit(Check(i as u64 + 1));
    }
}

#[test]
fn mul_ct_subgroup_on_pairing_g1_curves() {
    check_curve::<common::Bn254G1>(11);
    check_curve::<common::BeuchatG1>(12);
    check_curve::<common::Bls12381G1>(13);
    check_curve::<common::P256Generic>(14);
}

/// Curves of small order fall back to the complete-formula window: still correct (exhaustive).
fn exhaustive_small<C: CurveParams>() {
    let g = Affine::<C>::generator();
    let n = C::ORDER[0];
    for k in 0..=(n + 2) {
        assert_eq!(
            Projective::from(g).mul_ct_subgroup(&[k]).to_affine(),
            reference_mul(&g, &[k]),
            "{}: k = {k}",
            C::NAME
        );
    }
}

#[test]
fn mul_ct_subgroup_small_order_fallback() {
    exhaustive_small::<TinyA0>();
    exhaustive_small::<TinyAm3>();
    exhaustive_small::<TinyGen>();
}

//! The Lim–Lee fixed-base comb (`hayate_ec::comb`) against the reference affine double-and-add
//! (tests/common) on edge and random scalars for several named curves and table shapes, and
//! exhaustively on the F_211 test curves.

use crate::common;

use common::checks::{edge_scalars, rand_scalar};
use common::*;
use hayate_ec::comb::{mul_generator_ct, CombTable};
use hayate_ec::curves::{
    BrainpoolP256r1, Secp192r1, Secp224r1, Secp256k1, Secp256r1, Secp384r1, Secp521r1,
};
use hayate_ec::{Affine, CurveParams, Projective};
use rand::rngs::StdRng;
use rand::SeedableRng;

/// Shapes (w, v) exercised besides the default.
const SHAPES: [(u32, u32); 4] = [(1, 1), (2, 3), (5, 2), (6, 1)];

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
    let gen = CombTable::<C>::generator();
    assert!(
        std::ptr::eq(gen, CombTable::<C>::generator()),
        "the generator table is built once"
    );
    let tp = CombTable::new(&Projective::from(p));
    let shaped: Vec<CombTable<C>> = SHAPES
        .iter()
        .map(|&(w, v)| CombTable::with_shape(&Projective::from(p), w, v, C::ORDER.len()))
        .collect();
    for (i, k) in scalars.iter().enumerate() {
        let want_g = reference_mul(&g, k);
        let want_p = reference_mul(&p, k);
        assert_eq!(
            gen.mul_ct(k).to_affine(),
            want_g,
            "{} G k = {k:x?}",
            C::NAME
        );
        assert_eq!(mul_generator_ct::<C>(k).to_affine(), want_g);
        assert_eq!(tp.mul_ct(k).to_affine(), want_p, "{} P k = {k:x?}", C::NAME);
        // the other shapes on a subset (the reference is slow)
        if i % 3 == 0 {
            for t in &shaped {
                assert_eq!(
                    t.mul_ct(k).to_affine(),
                    want_p,
                    "{} w = {} v = {}",
                    C::NAME,
                    t.teeth(),
                    t.subtables()
                );
            }
        }
    }
    assert_eq!(gen.len(), 4 << 5);
}

#[test]
fn comb_secp256r1() {
    check_curve::<Secp256r1>(6, 1);
}
#[test]
fn comb_secp256k1() {
    check_curve::<Secp256k1>(4, 2);
}
#[test]
fn comb_secp192r1_secp224r1() {
    check_curve::<Secp192r1>(3, 3);
    check_curve::<Secp224r1>(3, 4);
}
#[test]
fn comb_secp384r1() {
    check_curve::<Secp384r1>(2, 5);
}
#[test]
fn comb_secp521r1() {
    check_curve::<Secp521r1>(1, 6);
}
#[test]
fn comb_brainpool_p256r1() {
    check_curve::<BrainpoolP256r1>(3, 7);
}
#[test]
fn comb_generic_a_formulas() {
    // P-256 with the a = −3 shortcut off: the generic-a mixed addition (RCB Algorithm 2)
    check_curve::<P256Generic>(2, 8);
}

fn exhaustive<C: CurveParams<Base = TinyFp>>() {
    let r = C::ORDER[0];
    let g = Affine::<C>::generator();
    // seen[i] = [i]G by repeated affine addition (prime order: every point is one of these)
    let mut seen = vec![Affine::<C>::identity()];
    for i in 1..r as usize {
        seen.push(seen[i - 1].add(&g));
    }
    assert!(bool::from(seen[r as usize - 1].add(&g).is_identity()));
    for (i, p) in seen.iter().enumerate() {
        let pp = Projective::from(*p);
        let tables: Vec<CombTable<C>> = [(4, 4), (1, 1), (3, 2), (8, 1), (2, 64)]
            .iter()
            .map(|&(w, v)| CombTable::with_shape(&pp, w, v, 1))
            .collect();
        for k in (0..=2 * r + 1).chain([u64::MAX - 1, u64::MAX]) {
            let want = seen[((i as u128 * k as u128) % r as u128) as usize];
            for t in &tables {
                assert_eq!(
                    t.mul_ct(&[k]).to_affine(),
                    want,
                    "[{k}]{p:?} w = {}",
                    t.teeth()
                );
            }
        }
        // multi-limb scalars go through the chunked path
        assert_eq!(
            tables[0].mul_ct(&[3, 5, 7]).to_affine(),
            reference_mul(p, &[3, 5, 7])
        );
    }
}

#[test]
fn comb_exhaustive_tiny_curves() {
    exhaustive::<TinyAm3>();
    exhaustive::<TinyA0>();
    exhaustive::<TinyGen>();
}

//! The fixed-base window tables (`hayate_ec::fixed`) against the reference affine
//! double-and-add (tests/common) on edge and random scalars for several named curves and scalar
//! lengths, and exhaustively (products and single entries) on the F_211 test curves.

use crate::common;

use common::checks::{edge_scalars, rand_scalar};
use common::*;
use hayate_ec::curves::{
    BrainpoolP256r1, Secp192r1, Secp224r1, Secp256k1, Secp256r1, Secp384r1, Secp521r1,
};
use hayate_ec::fixed::{mul_generator_ct, FixedWindows};
use hayate_ec::{Affine, CurveParams, Projective};
use rand::rngs::StdRng;
use rand::SeedableRng;

/// Scalar bit lengths exercised besides the generator's (tables of fewer windows).
const NBITS: [usize; 4] = [1, 7, 64, 130];

fn check_curve<C: CurveParams>(n_random: usize, seed: u64) {
    let mut rng = StdRng::seed_from_u64(seed);
    let g = Affine::<C>::generator();
    let p = Projective::<C>::generator()
        .mul_vartime(&rand_scalar(&mut rng, 2))
        .to_affine();
    let limbs = C::ORDER.len();
    let mut scalars = edge_scalars::<C>();
    for _ in 0..n_random {
        scalars.push(rand_scalar(&mut rng, limbs));
    }
    let gen = FixedWindows::<Projective<C>>::generator();
    assert!(
        std::ptr::eq(gen, FixedWindows::<Projective<C>>::generator()),
        "the generator table is built once"
    );
    // every edge scalar has at most five limbs
    let tp = FixedWindows::new(&Projective::from(p), 64 * limbs.max(5));
    let short = FixedWindows::new_many(&[Projective::from(p); 2], 0);
    assert_eq!((short.bases(), short.windows()), (2, 1));
    let shaped: Vec<(usize, FixedWindows<Projective<C>>)> = NBITS
        .iter()
        .map(|&b| (b, FixedWindows::new(&Projective::from(p), b)))
        .collect();
    for (i, k) in scalars.iter().enumerate() {
        let want_p = reference_mul(&p, k);
        let want_g = reference_mul(&g, k);
        if k.len() <= limbs {
            assert_eq!(gen.mul(k).to_affine(), want_g, "{} G k = {k:x?}", C::NAME);
        }
        // longer scalars too (their high limbs are not dropped)
        assert_eq!(
            mul_generator_ct::<C>(k).to_affine(),
            want_g,
            "{} k = {k:x?}",
            C::NAME
        );
        assert_eq!(tp.mul(k).to_affine(), want_p, "{} P k = {k:x?}", C::NAME);
        // the shorter tables on the scalar cut to their length (a subset: the reference is slow)
        if i % 3 == 0 {
            for (b, t) in &shaped {
                let cut: Vec<u64> = (0..b.div_ceil(64))
                    .map(|l| {
                        let v = k.get(l).copied().unwrap_or(0);
                        let top = b - 64 * l;
                        if top >= 64 {
                            v
                        } else {
                            v & ((1 << top) - 1)
                        }
                    })
                    .collect();
                assert_eq!(
                    t.mul(&cut).to_affine(),
                    reference_mul(&p, &cut),
                    "{} nbits = {b}",
                    C::NAME
                );
            }
        }
    }
    assert_eq!(gen.windows(), (64 * limbs + 2).div_ceil(5));
}

#[test]
fn fixed_secp256r1() {
    check_curve::<Secp256r1>(6, 1);
}
#[test]
fn fixed_secp256k1() {
    check_curve::<Secp256k1>(4, 2);
}
#[test]
fn fixed_secp192r1_secp224r1() {
    check_curve::<Secp192r1>(3, 3);
    check_curve::<Secp224r1>(3, 4);
}
#[test]
fn fixed_secp384r1() {
    check_curve::<Secp384r1>(2, 5);
}
#[test]
fn fixed_secp521r1() {
    check_curve::<Secp521r1>(1, 6);
}
#[test]
fn fixed_brainpool_p256r1() {
    check_curve::<BrainpoolP256r1>(3, 7);
}
#[test]
fn fixed_generic_a_formulas() {
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
        // two bases in one table: P and 2P
        let tables = FixedWindows::new_many(&[pp, pp.double()], 64);
        let p2 = seen[(2 * i) % r as usize];
        let wide = FixedWindows::new(&pp, 64 * 3);
        for k in (0..=2 * r + 1).chain([u64::MAX - 1, u64::MAX]) {
            let want = seen[((i as u128 * k as u128) % r as u128) as usize];
            assert_eq!(tables.mul(&[k]).to_affine(), want, "[{k}]{p:?}");
            let want2 = seen[((2 * i as u128 * k as u128) % r as u128) as usize];
            assert_eq!(tables.mul_of(1, &[k]).to_affine(), want2, "[{k}]{p2:?}");
            // the stored form, entry by entry: d·32^w·P, and negated under the flip
            if k < 17 {
                for w in 0..3 {
                    let m = (k << (5 * w)) % r;
                    let want = seen[((i as u128 * m as u128) % r as u128) as usize];
                    assert_eq!(tables.lookup(0, w, k as i8, 0.into()), want);
                    assert_eq!(tables.lookup(0, w, -(k as i8), 1.into()), want);
                    assert_eq!(tables.lookup(0, w, k as i8, 1.into()), want.neg());
                    let want2 = seen[((2 * i as u128 * m as u128) % r as u128) as usize];
                    assert_eq!(tables.lookup(1, w, k as i8, 0.into()), want2);
                    // out of range: the identity
                    let o = Affine::<C>::identity();
                    assert_eq!(tables.lookup(2, w, k as i8, 0.into()), o);
                    assert_eq!(tables.lookup(0, tables.windows() + w, k as i8, 0.into()), o);
                    assert_eq!(tables.lookup(usize::MAX, w, k as i8, 0.into()), o);
                }
            }
        }
        assert!(bool::from(tables.mul_of(2, &[5]).is_identity()));
        // multi-limb scalars
        assert_eq!(
            wide.mul(&[3, 5, 7]).to_affine(),
            reference_mul(p, &[3, 5, 7])
        );
    }
}

#[test]
fn fixed_exhaustive_tiny_curves() {
    exhaustive::<TinyAm3>();
    exhaustive::<TinyA0>();
    exhaustive::<TinyGen>();
}

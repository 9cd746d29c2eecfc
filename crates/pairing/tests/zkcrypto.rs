//! The zkcrypto `ff` / `group` / `pairing` traits of `hayate_pairing::zk` (feature `zkcrypto`).
//!
//! * BLS12-381: differential against the `bls12_381` crate (a third party) — `PrimeField`
//!   constants, scalar arithmetic, the encodings of the same points, accept/reject of hostile
//!   encodings, pairing values (the same GT elements, compared through the peer's printed
//!   Fp12 coordinates).
//! * BN curves: the `PrimeField` constants against their definitions (computed with
//!   `num-bigint`, the modulus from EIP-196 / the papers' digest), group laws, bilinearity,
//!   encodings round trip and reject malformed strings, and the EIP-196/197 precompile vectors
//!   of `/work/shared/vectors/evm` evaluated through the traits.
//! * A generic function written only against the traits runs on hayate's engines and on
//!   `bls12_381::Bls12`, with identical output bytes on BLS12-381.

use ff::{Field, PrimeField, PrimeFieldBits};
use group::prime::PrimeCurveAffine;
use group::{Curve, Group, GroupEncoding, UncompressedEncoding, WnafGroup};
use hayate_pairing::zk::bls12_381 as hz;
use hayate_pairing::zk::bn254 as hbn;
use hayate_pairing::zk::bn254_beuchat as hbb;
use hayate_pairing::zk::pairing::{Engine, MillerLoopResult, MultiMillerLoop, PairingCurveAffine};
use num_bigint::BigUint;
use rand::rngs::StdRng;
use rand::{Rng, RngCore, SeedableRng};

use peer_bls12_381 as bls12_381;

fn rng(seed: u64) -> StdRng {
    StdRng::seed_from_u64(seed)
}

/// 32 random bytes below 2²⁵² (a canonical scalar representation on every curve here).
fn scalar_bytes(r: &mut StdRng) -> [u8; 32] {
    let mut b = [0u8; 32];
    r.fill_bytes(&mut b);
    b[31] &= 0x0f;
    b
}

fn both_scalars(r: &mut StdRng) -> (hz::Scalar, bls12_381::Scalar) {
    let b = scalar_bytes(r);
    (
        hz::Scalar::from_repr(b).unwrap(),
        bls12_381::Scalar::from_repr(b).unwrap(),
    )
}

// ---------------------------------------------------------------------------------------------
// BLS12-381 against the bls12_381 crate
// ---------------------------------------------------------------------------------------------

#[test]
fn bls_scalar_constants_match_bls12_381() {
    type H = hz::Scalar;
    type Z = bls12_381::Scalar;
    assert_eq!(H::MODULUS, Z::MODULUS);
    assert_eq!(H::NUM_BITS, Z::NUM_BITS);
    assert_eq!(H::CAPACITY, Z::CAPACITY);
    assert_eq!(H::S, Z::S);
    for (name, h, z) in [
        ("ZERO", H::ZERO, Z::ZERO),
        ("ONE", H::ONE, Z::ONE),
        ("TWO_INV", H::TWO_INV, Z::TWO_INV),
        (
            "MULTIPLICATIVE_GENERATOR",
            H::MULTIPLICATIVE_GENERATOR,
            Z::MULTIPLICATIVE_GENERATOR,
        ),
        ("ROOT_OF_UNITY", H::ROOT_OF_UNITY, Z::ROOT_OF_UNITY),
        (
            "ROOT_OF_UNITY_INV",
            H::ROOT_OF_UNITY_INV,
            Z::ROOT_OF_UNITY_INV,
        ),
        ("DELTA", H::DELTA, Z::DELTA),
    ] {
        assert_eq!(h.to_repr(), z.to_repr(), "{name}");
    }
    let hb: Vec<bool> = H::char_le_bits().iter().map(|b| *b).collect();
    let zb: Vec<bool> = Z::char_le_bits().iter().map(|b| *b).collect();
    assert_eq!(hb, zb);
}

#[test]
fn bls_scalar_arithmetic_matches_bls12_381() {
    let mut r = rng(1);
    for i in 0..200 {
        let (ha, za) = both_scalars(&mut r);
        let (hb, zb) = both_scalars(&mut r);
        let (ha, za) = if i == 0 {
            (hz::Scalar::ZERO, bls12_381::Scalar::ZERO)
        } else {
            (ha, za)
        };
        assert_eq!((ha + hb).to_repr(), (za + zb).to_repr());
        assert_eq!((ha - hb).to_repr(), (za - zb).to_repr());
        assert_eq!((ha * hb).to_repr(), (za * zb).to_repr());
        assert_eq!((-ha).to_repr(), (-za).to_repr());
        assert_eq!(ha.square().to_repr(), za.square().to_repr());
        assert_eq!(ha.double().to_repr(), za.double().to_repr());
        assert_eq!(bool::from(ha.is_odd()), bool::from(za.is_odd()));
        let (hi, zi) = (ha.invert(), za.invert());
        assert_eq!(bool::from(hi.is_some()), bool::from(zi.is_some()));
        if bool::from(hi.is_some()) {
            assert_eq!(hi.unwrap().to_repr(), zi.unwrap().to_repr());
        }
        let (hs, zs) = (ha.sqrt(), za.sqrt());
        assert_eq!(
            bool::from(hs.is_some()),
            bool::from(zs.is_some()),
            "sqrt {i}"
        );
        if bool::from(hs.is_some()) {
            let (hs, zs) = (hs.unwrap().to_repr(), zs.unwrap());
            assert!(hs == zs.to_repr() || hs == (-zs).to_repr());
        }
        let (hq, hroot) = hz::Scalar::sqrt_ratio(&ha, &hb);
        let (zq, zroot) = bls12_381::Scalar::sqrt_ratio(&za, &zb);
        assert_eq!(bool::from(hq), bool::from(zq));
        assert!(hroot.to_repr() == zroot.to_repr() || hroot.to_repr() == (-zroot).to_repr());
        let e = [r.next_u64(), r.next_u64()];
        assert_eq!(
            ha.pow_vartime(e).to_repr(),
            Field::pow_vartime(&za, e).to_repr()
        );
        assert_eq!(ha.pow(e).to_repr(), Field::pow(&za, e).to_repr());
        let v: u128 = r.gen();
        assert_eq!(
            hz::Scalar::from_u128(v).to_repr(),
            bls12_381::Scalar::from_u128(v).to_repr()
        );
        let hbits: Vec<bool> = ha.to_le_bits().iter().map(|b| *b).collect();
        let zbits: Vec<bool> = za.to_le_bits().iter().map(|b| *b).collect();
        assert_eq!(hbits, zbits);
        let hsum: hz::Scalar = [ha, hb].iter().sum();
        let zsum: bls12_381::Scalar = [za, zb].iter().sum();
        assert_eq!(hsum.to_repr(), zsum.to_repr());
        let mut wide = [0u8; 64];
        r.fill_bytes(&mut wide);
        if i == 1 {
            wide = [0xff; 64];
        }
        assert_eq!(
            hz::Scalar::from_bytes_wide(&wide).to_bytes(),
            bls12_381::Scalar::from_bytes_wide(&wide).to_bytes()
        );
        assert_eq!(
            <hz::Scalar as ff::FromUniformBytes<64>>::from_uniform_bytes(&wide).to_repr(),
            bls12_381::Scalar::from_bytes_wide(&wide).to_bytes()
        );
        let hprod: hz::Scalar = [ha, hb].into_iter().product();
        let zprod: bls12_381::Scalar = [za, zb].into_iter().product();
        assert_eq!(hprod.to_repr(), zprod.to_repr());
    }
    for s in ["0", "1", "12345678901234567890123456789", "01", "", "12a"] {
        let h = hz::Scalar::from_str_vartime(s).map(|x| x.to_repr());
        let z = bls12_381::Scalar::from_str_vartime(s).map(|x| x.to_repr());
        assert_eq!(h, z, "{s:?}");
    }
}

/// r, r + 1, 2²⁵⁵, 2²⁵⁶ − 1 and random 256-bit strings: from_repr accepts exactly what the
/// peer accepts.
#[test]
fn bls_scalar_from_repr_rejects_like_bls12_381() {
    let modulus = BigUint::parse_bytes(&bls12_381::Scalar::MODULUS.as_bytes()[2..], 16).unwrap();
    let le = |v: &BigUint| {
        let mut b = [0u8; 32];
        let d = v.to_bytes_le();
        b[..d.len()].copy_from_slice(&d);
        b
    };
    let mut cases = vec![
        le(&modulus),
        le(&(&modulus + 1u32)),
        le(&(&modulus - 1u32)),
        le(&(BigUint::from(1u32) << 255)),
        [0xff; 32],
    ];
    let mut r = rng(2);
    for _ in 0..200 {
        let mut b = [0u8; 32];
        r.fill_bytes(&mut b);
        cases.push(b);
    }
    let mut rejected = 0;
    for b in cases {
        let h = Option::<hz::Scalar>::from(hz::Scalar::from_repr(b));
        let z = Option::<bls12_381::Scalar>::from(bls12_381::Scalar::from_repr(b));
        assert_eq!(h.map(|x| x.to_repr()), z.map(|x| x.to_repr()), "{b:02x?}");
        let h = Option::<hz::Scalar>::from(hz::Scalar::from_bytes(&b));
        let z = Option::<bls12_381::Scalar>::from(bls12_381::Scalar::from_bytes(&b));
        assert_eq!(h.map(|x| x.to_bytes()), z.map(|x| x.to_bytes()), "{b:02x?}");
        rejected += h.is_none() as usize;
    }
    assert!(rejected > 50, "the random cases must exercise rejection");
}

#[test]
fn bls_points_encode_like_bls12_381() {
    let g1 = hz::G1Affine::generator();
    let g2 = hz::G2Affine::generator();
    let zg1 = bls12_381::G1Affine::generator();
    let zg2 = bls12_381::G2Affine::generator();
    assert_eq!(g1.to_compressed(), zg1.to_compressed());
    assert_eq!(g1.to_uncompressed(), zg1.to_uncompressed());
    assert_eq!(g2.to_compressed(), zg2.to_compressed());
    assert_eq!(g2.to_uncompressed(), zg2.to_uncompressed());
    assert_eq!(
        hz::G1Affine::identity().to_bytes().as_ref(),
        bls12_381::G1Affine::identity().to_bytes().as_ref()
    );
    assert_eq!(
        hz::G2Affine::identity().to_uncompressed().as_ref(),
        bls12_381::G2Affine::identity().to_uncompressed().as_ref()
    );

    let mut r = rng(3);
    let mut hp1 = Vec::new();
    let mut zp1 = Vec::new();
    for _ in 0..16 {
        let (ha, za) = both_scalars(&mut r);
        let (hb, zb) = both_scalars(&mut r);
        // G1: projective and affine multiplication, sums, negation, doubling
        let h = hz::G1Projective::generator() * ha + g1 * hb;
        let z = bls12_381::G1Projective::generator() * za + zg1 * zb;
        assert_eq!(h.to_bytes().as_ref(), z.to_bytes().as_ref());
        assert_eq!(
            h.to_affine().to_uncompressed(),
            z.to_affine().to_uncompressed()
        );
        assert_eq!(
            (-h).double().to_bytes().as_ref(),
            (-z).double().to_bytes().as_ref()
        );
        assert_eq!((h - g1).to_bytes().as_ref(), (z - zg1).to_bytes().as_ref());
        // decoding the peer's bytes gives our point
        let back = hz::G1Affine::from_bytes(&hz::G1Compressed(z.to_affine().to_compressed()));
        assert_eq!(back.unwrap(), h.to_affine());
        hp1.push(h);
        zp1.push(z);
        // G2
        let h = hz::G2Projective::generator() * ha + g2 * hb;
        let z = bls12_381::G2Projective::generator() * za + zg2 * zb;
        assert_eq!(h.to_bytes().as_ref(), z.to_bytes().as_ref());
        assert_eq!(
            h.to_affine().to_uncompressed(),
            z.to_affine().to_uncompressed()
        );
        assert_eq!((ha * -h).to_bytes().as_ref(), (za * -z).to_bytes().as_ref());
        let back = hz::G2Affine::from_uncompressed(&z.to_affine().to_uncompressed());
        assert_eq!(back.unwrap(), h.to_affine());
    }
    hp1.push(hz::G1Projective::identity());
    zp1.push(bls12_381::G1Projective::identity());
    let mut ha = vec![hz::G1Affine::identity(); hp1.len()];
    let mut za = vec![bls12_381::G1Affine::identity(); zp1.len()];
    hz::G1Projective::batch_normalize(&hp1, &mut ha);
    bls12_381::G1Projective::batch_normalize(&zp1, &mut za);
    for (h, z) in ha.iter().zip(&za) {
        assert_eq!(h.to_compressed(), z.to_compressed());
    }
    let hs: hz::G1Projective = hp1.iter().sum();
    let zs: bls12_381::G1Projective = zp1.iter().sum();
    assert_eq!(hs.to_bytes().as_ref(), zs.to_bytes().as_ref());
}

/// Runs hayate's and the peer's decoders (checked and unchecked) on the same bytes: same
/// accept/reject, same point when accepted. Returns (unchecked accepted, checked accepted).
macro_rules! same_decoding {
    ($H:ty, $Z:ty, $from:ident, $from_unchecked:ident, $to:ident, $bytes:expr) => {{
        let b = $bytes;
        let h = Option::<$H>::from(<$H>::$from(&b));
        let z = Option::<$Z>::from(<$Z>::$from(&b));
        assert_eq!(
            h.map(|p| p.$to()),
            z.map(|p| p.$to()),
            "{}",
            hex::encode(&b[..])
        );
        let hu = Option::<$H>::from(<$H>::$from_unchecked(&b));
        let zu = Option::<$Z>::from(<$Z>::$from_unchecked(&b));
        match (&hu, &zu) {
            (Some(h), Some(z)) => assert_eq!(h.$to(), z.$to(), "{}", hex::encode(&b[..])),
            (None, None) => {}
            // the peer's unchecked uncompressed decoders skip the curve equation; hayate's
            // never do: rejecting a point off the curve is the only difference allowed
            (None, Some(z)) => assert!(!bool::from(z.is_on_curve()), "{}", hex::encode(&b[..])),
            (Some(_), None) => panic!("accepted what the peer rejects: {}", hex::encode(&b[..])),
        }
        (hu.is_some(), h.is_some())
    }};
}

#[test]
fn bls_hostile_encodings_rejected_like_bls12_381() {
    let mut r = rng(4);
    let p = hex::decode("1a0111ea397fe69a4b1ba7b6434bacd764774b84f38512bf6730d2a0f6b0f6241eabfffeb153ffffb9feffffffffaaab").unwrap();
    // (unchecked accepted, checked accepted) counts per kind, to show each path is exercised
    let mut counts = std::collections::HashMap::new();
    let mut note = |kind: &'static str, (u, c): (bool, bool)| {
        let e = counts.entry(kind).or_insert([0usize; 3]);
        e[u as usize + c as usize] += 1;
    };
    let g1 = bls12_381::G1Affine::generator().to_compressed();
    let g2 = bls12_381::G2Affine::generator().to_compressed();
    let g1u = bls12_381::G1Affine::generator().to_uncompressed();
    let g2u = bls12_381::G2Affine::generator().to_uncompressed();

    // special strings: every flag combination on the generator and the identity, x = p,
    // x = p − 1 style values, all zeros, all ones
    let mut g1_cases: Vec<[u8; 48]> = Vec::new();
    let mut g2_cases: Vec<[u8; 96]> = Vec::new();
    for flags in 0..8u8 {
        let mut a = g1;
        a[0] = (a[0] & 0x1f) | (flags << 5);
        g1_cases.push(a);
        let mut a = [0u8; 48];
        a[0] = flags << 5;
        g1_cases.push(a);
        let mut a = [0u8; 48];
        a[0] = flags << 5;
        a[47] = 1;
        g1_cases.push(a);
        let mut a = g2;
        a[0] = (a[0] & 0x1f) | (flags << 5);
        g2_cases.push(a);
        let mut a = [0u8; 96];
        a[0] = flags << 5;
        g2_cases.push(a);
        // x = p (non-canonical) with the compression flag
        let mut a = [0u8; 48];
        a.copy_from_slice(&p);
        a[0] |= flags << 5;
        g1_cases.push(a);
        let mut a = [0u8; 96];
        a[..48].copy_from_slice(&p);
        a[0] |= flags << 5;
        g2_cases.push(a);
        let mut a = [0u8; 96];
        a[48..].copy_from_slice(&p);
        a[0] |= flags << 5;
        g2_cases.push(a);
    }
    g1_cases.push([0xff; 48]);
    g2_cases.push([0xff; 96]);
    // random x with random flags (half of them have a root: on the curve, mostly outside G1)
    for _ in 0..300 {
        let mut a = [0u8; 48];
        r.fill_bytes(&mut a);
        a[0] = (a[0] & 0x1f) | [0x80, 0xa0, 0x80, 0xa0, 0xc0, 0x00, 0xe0, 0x40][r.gen_range(0..8)];
        g1_cases.push(a);
    }
    for _ in 0..200 {
        let mut a = [0u8; 96];
        r.fill_bytes(&mut a);
        a[0] = (a[0] & 0x1f) | [0x80, 0xa0, 0x80, 0xa0, 0xc0, 0x00, 0xe0, 0x40][r.gen_range(0..8)];
        g2_cases.push(a);
    }
    // single bit flips of the generators
    for i in 0..48 * 8 {
        let mut a = g1;
        a[i / 8] ^= 1 << (i % 8);
        g1_cases.push(a);
    }
    for i in (0..96 * 8).step_by(3) {
        let mut a = g2;
        a[i / 8] ^= 1 << (i % 8);
        g2_cases.push(a);
    }
    let mut off_subgroup_g1 = Vec::new();
    let mut off_subgroup_g2 = Vec::new();
    for a in &g1_cases {
        let res = same_decoding!(
            hz::G1Affine,
            bls12_381::G1Affine,
            from_compressed,
            from_compressed_unchecked,
            to_compressed,
            *a
        );
        note("g1 compressed", res);
        if res == (true, false) {
            off_subgroup_g1.push(
                bls12_381::G1Affine::from_compressed_unchecked(a)
                    .unwrap()
                    .to_uncompressed(),
            );
        }
    }
    for a in &g2_cases {
        let res = same_decoding!(
            hz::G2Affine,
            bls12_381::G2Affine,
            from_compressed,
            from_compressed_unchecked,
            to_compressed,
            *a
        );
        note("g2 compressed", res);
        if res == (true, false) {
            off_subgroup_g2.push(
                bls12_381::G2Affine::from_compressed_unchecked(a)
                    .unwrap()
                    .to_uncompressed(),
            );
        }
    }
    // uncompressed: off-subgroup points found above, bit flips, flags, y = p, random strings
    let mut u1: Vec<[u8; 96]> = off_subgroup_g1.clone();
    let mut u2: Vec<[u8; 192]> = off_subgroup_g2.clone();
    for i in (0..96 * 8).step_by(2) {
        let mut a = g1u;
        a[i / 8] ^= 1 << (i % 8);
        u1.push(a);
    }
    for i in (0..192 * 8).step_by(7) {
        let mut a = g2u;
        a[i / 8] ^= 1 << (i % 8);
        u2.push(a);
    }
    for flags in 0..8u8 {
        let mut a = g1u;
        a[0] |= flags << 5;
        u1.push(a);
        let mut a = [0u8; 96];
        a[0] = flags << 5;
        u1.push(a);
        let mut a = g1u;
        a[48..].copy_from_slice(&p);
        a[0] |= flags << 5;
        u1.push(a);
        let mut a = g2u;
        a[0] |= flags << 5;
        u2.push(a);
        let mut a = [0u8; 192];
        a[0] = flags << 5;
        u2.push(a);
    }
    for _ in 0..50 {
        let mut a = [0u8; 96];
        r.fill_bytes(&mut a);
        a[0] &= 0x1f;
        u1.push(a);
    }
    for a in &u1 {
        let res = same_decoding!(
            hz::G1Affine,
            bls12_381::G1Affine,
            from_uncompressed,
            from_uncompressed_unchecked,
            to_uncompressed,
            *a
        );
        note("g1 uncompressed", res);
    }
    for a in &u2 {
        let res = same_decoding!(
            hz::G2Affine,
            bls12_381::G2Affine,
            from_uncompressed,
            from_uncompressed_unchecked,
            to_uncompressed,
            *a
        );
        note("g2 uncompressed", res);
    }
    // every kind saw rejections, off-subgroup points (unchecked only) and valid points
    for (kind, c) in &counts {
        assert!(c.iter().all(|&n| n > 0), "{kind}: {c:?}");
    }
    assert_eq!(counts.len(), 4);
}

/// The 12 Fp coordinates of a `bls12_381::Gt` in hayate's order (c0.c0.c0, c0.c0.c1, …),
/// read from the peer's printed form `(a + b*u) + (…)*v + (…)*v^2 + ((…))*w`.
fn peer_gt_bytes(g: &bls12_381::Gt) -> Vec<u8> {
    let s = format!("{g:?}");
    let mut out = Vec::new();
    let mut rest = s.as_str();
    while let Some(i) = rest.find("0x") {
        let h = &rest[i + 2..i + 2 + 96];
        out.extend(hex::decode(h).unwrap());
        rest = &rest[i + 98..];
    }
    assert_eq!(out.len(), 12 * 48);
    out
}

#[test]
fn bls_pairing_matches_bls12_381() {
    let mut r = rng(5);
    // the same GT values: the generator, pairings, GT arithmetic
    assert_eq!(
        hz::Gt::generator().inner().to_bytes(),
        peer_gt_bytes(&(bls12_381::Gt::generator()))
    );
    let mut hterms = Vec::new();
    let mut zterms = Vec::new();
    let mut hprod = hz::Gt::identity();
    let mut zprod = bls12_381::Gt::identity();
    for _ in 0..3 {
        let (ha, za) = both_scalars(&mut r);
        let (hb, zb) = both_scalars(&mut r);
        let hp = (hz::G1Affine::generator() * ha).to_affine();
        let hq = (hz::G2Affine::generator() * hb).to_affine();
        let zp = (bls12_381::G1Affine::generator() * za).to_affine();
        let zq = (bls12_381::G2Affine::generator() * zb).to_affine();
        let he = hz::Bls12::pairing(&hp, &hq);
        let ze = bls12_381::Bls12::pairing(&zp, &zq);
        assert_eq!(he.inner().to_bytes(), peer_gt_bytes(&(ze)));
        assert_eq!(hp.pairing_with(&hq), he);
        assert_eq!(hz::pairing(&hp, &hq), he);
        assert_eq!(hq.pairing_with(&hp), he);
        // GT operations agree
        let (hs, zs) = both_scalars(&mut r);
        assert_eq!((he * hs).inner().to_bytes(), peer_gt_bytes(&(ze * zs)));
        assert_eq!(
            (he - hz::Gt::generator()).inner().to_bytes(),
            peer_gt_bytes(&(ze - bls12_381::Gt::generator()))
        );
        hprod += he;
        zprod += ze;
        hterms.push((hp, hz::G2Prepared::from(hq)));
        zterms.push((zp, bls12_381::G2Prepared::from(zq)));
    }
    let hrefs: Vec<_> = hterms.iter().map(|(p, q)| (p, q)).collect();
    let zrefs: Vec<_> = zterms.iter().map(|(p, q)| (p, q)).collect();
    let hm = hz::multi_miller_loop(&hrefs).final_exponentiation();
    let zm = bls12_381::Bls12::multi_miller_loop(&zrefs).final_exponentiation();
    assert_eq!(hm, hprod);
    assert_eq!(hm.inner().to_bytes(), peer_gt_bytes(&(zm)));
    assert_eq!(zm, zprod);
    // identity inputs contribute 1
    let id = hz::Bls12::pairing(&hz::G1Affine::identity(), &hz::G2Affine::generator());
    assert!(bool::from(id.is_identity()));
    let ml = hz::Bls12::multi_miller_loop(&[]).final_exponentiation();
    assert!(bool::from(ml.is_identity()));
}

// ---------------------------------------------------------------------------------------------
// Generic code, written against the traits only
// ---------------------------------------------------------------------------------------------

/// A scalar from bytes below 2²⁵² (generic: through the field's little-endian `Repr`).
fn fr_from<F: PrimeField>(b: &[u8; 32]) -> F {
    let mut repr = F::Repr::default();
    repr.as_mut().copy_from_slice(b);
    F::from_repr(repr).unwrap()
}

/// A BLS-signature-like protocol and an encoding transcript, as downstream code would write
/// them: keys and messages from the seeds, sign = \[sk\]H, verify with one multi-Miller loop.
/// Returns the transcript (encodings of every value computed) and whether the good signature
/// verifies and the bad one does not.
fn generic_protocol<E: MultiMillerLoop>(seeds: &[[u8; 32]]) -> (Vec<u8>, bool)
where
    E::G1: WnafGroup,
{
    let mut transcript = Vec::new();
    let mut ok = true;
    for s in seeds.chunks(2) {
        let sk: E::Fr = fr_from(&s[0]);
        let m: E::Fr = fr_from(&s[1]);
        let pk = (E::G2Affine::generator() * sk).to_affine();
        let h = (E::G1::generator() * m).to_affine();
        let sig = (h * sk).to_affine();
        transcript.extend_from_slice(pk.to_bytes().as_ref());
        transcript.extend_from_slice(sig.to_bytes().as_ref());
        transcript.extend_from_slice(pk.to_uncompressed().as_ref());
        transcript.extend_from_slice(
            (sk * m + sk.square() - m.invert().unwrap())
                .to_repr()
                .as_ref(),
        );
        // the round trip through bytes
        let pk2 = E::G2Affine::from_bytes(&pk.to_bytes()).unwrap();
        let sig2 = E::G1Affine::from_uncompressed(&sig.to_uncompressed()).unwrap();
        ok &= pk2 == pk && sig2 == sig;
        let neg_g2 = E::G2Prepared::from(-E::G2Affine::generator());
        let pk_p = E::G2Prepared::from(pk2);
        let verify = |sig: &E::G1Affine| {
            bool::from(
                E::multi_miller_loop(&[(sig, &neg_g2), (&h, &pk_p)])
                    .final_exponentiation()
                    .is_identity(),
            )
        };
        ok &= verify(&sig2);
        let bad = (E::G1::from(sig2) + E::G1::generator()).to_affine();
        ok &= !verify(&bad);
        // bilinearity through Engine::pairing and the additive GT
        ok &= E::pairing(&h, &pk) == E::pairing(&sig, &E::G2Affine::generator());
        ok &= E::pairing(&h, &pk) == E::pairing(&h, &E::G2Affine::generator()) * sk;
        // wNAF through the group crate's generic implementation
        let mut wnaf = group::Wnaf::new();
        let w = wnaf.scalar(&sk).base(E::G1::generator());
        transcript.extend_from_slice(w.to_bytes().as_ref());
        ok &= w == E::G1::generator() * sk;
    }
    (transcript, ok)
}

#[test]
fn generic_code_runs_on_hayate_and_bls12_381_alike() {
    let mut r = rng(6);
    let seeds: Vec<[u8; 32]> = (0..6).map(|_| scalar_bytes(&mut r)).collect();
    let (th, okh) = generic_protocol::<hz::Bls12>(&seeds);
    let (tz, okz) = generic_protocol::<bls12_381::Bls12>(&seeds);
    assert!(okh && okz);
    assert_eq!(hex::encode(th), hex::encode(tz));
    let (_, ok) = generic_protocol::<hbn::Bn254>(&seeds);
    assert!(ok);
    let (_, ok) = generic_protocol::<hbb::Bn254Beuchat>(&seeds);
    assert!(ok);
}

// ---------------------------------------------------------------------------------------------
// BN curves: definitions and properties
// ---------------------------------------------------------------------------------------------

fn is_probable_prime(n: &BigUint) -> bool {
    let one = BigUint::from(1u32);
    let two = BigUint::from(2u32);
    if *n < two {
        return false;
    }
    for p in [2u32, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47] {
        if *n == BigUint::from(p) {
            return true;
        }
        if (n % p) == BigUint::from(0u32) {
            return false;
        }
    }
    let nm1 = n - &one;
    let s = nm1.trailing_zeros().unwrap();
    let d = &nm1 >> s;
    'bases: for a in [
        2u32, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47, 53, 59, 61,
    ] {
        let mut x = BigUint::from(a).modpow(&d, n);
        if x == one || x == nm1 {
            continue;
        }
        for _ in 1..s {
            x = x.modpow(&two, n);
            if x == nm1 {
                continue 'bases;
            }
        }
        return false;
    }
    true
}

fn big(f: &impl PrimeField<Repr = [u8; 32]>) -> BigUint {
    BigUint::from_bytes_le(&f.to_repr())
}

/// The `ff` 0.13 definitions: r (from the specification), r − 1 = 2^S·t with t odd, the
/// generator g has order r − 1 (no g^((r−1)/q) = 1 for the primes q of the given
/// factorisation, which is checked), ROOT_OF_UNITY = g^t, DELTA = g^(2^S), the inverses.
fn check_constants<F: PrimeField<Repr = [u8; 32]> + PrimeFieldBits>(
    r_spec: &str,
    factors: &[(&str, u32)],
) {
    let r = BigUint::parse_bytes(r_spec.as_bytes(), 10)
        .or_else(|| BigUint::parse_bytes(r_spec.trim_start_matches("0x").as_bytes(), 16))
        .unwrap();
    let m = BigUint::parse_bytes(F::MODULUS.trim_start_matches("0x").as_bytes(), 16).unwrap();
    assert_eq!(m, r, "MODULUS");
    assert!(F::MODULUS.starts_with("0x"));
    assert_eq!(F::MODULUS, format!("0x{:0>64}", r.to_str_radix(16)));
    let bits: Vec<bool> = F::char_le_bits().iter().map(|b| *b).collect();
    for (i, b) in bits.iter().enumerate() {
        assert_eq!(*b, r.bit(i as u64), "char_le_bits {i}");
    }
    assert_eq!(F::NUM_BITS as u64, r.bits());
    assert_eq!(F::CAPACITY, F::NUM_BITS - 1);
    let one = BigUint::from(1u32);
    let rm1 = &r - &one;
    let s = rm1.trailing_zeros().unwrap() as u32;
    assert_eq!(F::S, s, "S");
    let t = &rm1 >> s;
    // the factorisation of r − 1 is right: product and primality
    let mut prod = one.clone();
    for (q, e) in factors {
        let q = BigUint::parse_bytes(q.as_bytes(), 10).unwrap();
        assert!(is_probable_prime(&q), "{q} is prime");
        prod *= q.pow(*e);
    }
    assert_eq!(prod, rm1, "factorisation of r − 1");
    let g = big(&F::MULTIPLICATIVE_GENERATOR);
    for (q, _) in factors {
        let q = BigUint::parse_bytes(q.as_bytes(), 10).unwrap();
        assert_ne!(g.modpow(&(&rm1 / &q), &r), one, "g^((r−1)/{q}) ≠ 1");
    }
    assert_eq!(big(&F::ROOT_OF_UNITY), g.modpow(&t, &r), "ROOT_OF_UNITY");
    assert_eq!(
        (big(&F::ROOT_OF_UNITY) * big(&F::ROOT_OF_UNITY_INV)) % &r,
        one
    );
    assert_eq!(big(&F::DELTA), g.modpow(&(one.clone() << s), &r), "DELTA");
    assert_eq!((big(&F::TWO_INV) * 2u32) % &r, one, "TWO_INV");
    // the field arithmetic agrees with integers mod r
    let mut rr = rng(7);
    for _ in 0..50 {
        let a: F = F::random(&mut rr);
        let b: F = F::random(&mut rr);
        assert_eq!(big(&(a * b)), (big(&a) * big(&b)) % &r);
        assert_eq!(big(&(a + b)), (big(&a) + big(&b)) % &r);
        assert_eq!(big(&(a - b)), (big(&a) + &r - big(&b)) % &r);
        assert_eq!(big(&a.invert().unwrap()), big(&a).modpow(&(&r - 2u32), &r));
        if let Some(x) = Option::<F>::from(a.sqrt()) {
            assert_eq!(x.square(), a);
        } else {
            assert_eq!(big(&a).modpow(&(&rm1 >> 1), &r), &r - 1u32, "non-residue");
        }
    }
    let mut b = [0u8; 32];
    b.copy_from_slice(&r.to_bytes_le());
    assert!(
        bool::from(F::from_repr(b).is_none()),
        "r itself is rejected"
    );
    assert!(bool::from(F::from_repr([0xff; 32]).is_none()));
}

#[test]
fn bn254_scalar_constants_satisfy_definitions() {
    // EIP-196: curve_order
    check_constants::<hbn::Scalar>(
        "21888242871839275222246405745257275088548364400416034343698204186575808495617",
        &[
            ("2", 28),
            ("3", 2),
            ("13", 1),
            ("29", 1),
            ("983", 1),
            ("11003", 1),
            ("237073", 1),
            ("405928799", 1),
            ("1670836401704629", 1),
            ("13818364434197438864469338081", 1),
        ],
    );
}

#[test]
fn bn254_beuchat_scalar_constants_satisfy_definitions() {
    // /work/shared/reference/SEEDS.md (papers 000/001): r
    check_constants::<hbb::Scalar>(
        "0x2370fb049d410fbe4e761a9886e502411dc1af70120000017e80600000000001",
        &[
            ("2", 45),
            ("3", 1),
            ("7", 2),
            ("47", 1),
            ("73", 2),
            ("327443", 1),
            ("5218537", 1),
            ("955283473", 1),
            ("634316257938899", 1),
            ("11951313431941441199", 1),
        ],
    );
}

/// Group laws, scalar multiplication and bilinearity through the traits.
fn group_and_pairing_laws<E: Engine>(seed: u64) {
    let mut r = rng(seed);
    let g1 = E::G1::generator();
    let g2 = E::G2::generator();
    assert!(!bool::from(g1.is_identity()) && !bool::from(g2.is_identity()));
    let e = E::pairing(&g1.to_affine(), &g2.to_affine());
    assert!(!bool::from(e.is_identity()), "non-degenerate");
    for _ in 0..4 {
        let a = E::Fr::random(&mut r);
        let b = E::Fr::random(&mut r);
        let p = E::G1::random(&mut r);
        let q = E::G1::random(&mut r);
        let o = E::G1::random(&mut r);
        assert_eq!(p + q, q + p);
        assert_eq!((p + q) + o, p + (q + o));
        assert_eq!(p + E::G1::identity(), p);
        assert!(bool::from((p + -p).is_identity()));
        assert_eq!(p.double(), p + p);
        assert_eq!(p * (a + b), p * a + p * b);
        assert_eq!(p * (a * b), (p * a) * b);
        assert_eq!(p * -E::Fr::ONE, -p);
        assert!(bool::from((p * E::Fr::ZERO).is_identity()));
        assert_eq!(p.to_affine() * a, p * a);
        assert_eq!(p + q.to_affine(), p + q);
        let q2 = E::G2::random(&mut r);
        assert_eq!(q2 * (a + b), q2 * a + q2 * b);
        assert_eq!((q2 + g2) - q2, g2);
        // bilinearity
        let lhs = E::pairing(&(g1 * a).to_affine(), &(g2 * b).to_affine());
        assert_eq!(lhs, e * (a * b));
        assert_eq!(
            lhs,
            E::pairing(&(g1 * (a * b)).to_affine(), &g2.to_affine())
        );
        assert_eq!(
            E::pairing(&(p + q).to_affine(), &q2.to_affine()),
            E::pairing(&p.to_affine(), &q2.to_affine())
                + E::pairing(&q.to_affine(), &q2.to_affine())
        );
        assert_eq!(e * a + e * b, e * (a + b));
        assert_eq!(-e + e, E::Gt::identity());
    }
}

#[test]
fn bn_group_and_pairing_laws() {
    group_and_pairing_laws::<hbn::Bn254>(8);
    group_and_pairing_laws::<hbb::Bn254Beuchat>(9);
    group_and_pairing_laws::<hz::Bls12>(10);
}

/// Encodings round trip; random strings decode only to canonical points on the curve;
/// malformed flags and coordinates ≥ p are rejected; points outside the subgroup are
/// rejected by the checked decoders only.
fn bn_encodings<A, P>(p_hex: &str, seed: u64, expect_off_subgroup: bool)
where
    A: PrimeCurveAffine<Curve = P> + UncompressedEncoding,
    P: Curve<AffineRepr = A> + Group,
    A::Repr: AsMut<[u8]>,
{
    let mut r = rng(seed);
    let p = hex::decode(p_hex).unwrap();
    let clen = A::Repr::default().as_ref().len();
    for i in 0..20 {
        let pt = if i == 0 {
            A::identity()
        } else {
            P::random(&mut r).to_affine()
        };
        let c = pt.to_bytes();
        assert_eq!(A::from_bytes(&c).unwrap(), pt);
        assert_eq!(A::from_bytes_unchecked(&c).unwrap(), pt);
        let u = pt.to_uncompressed();
        assert_eq!(A::from_uncompressed(&u).unwrap(), pt);
        // the x of the compressed form is the x of the uncompressed one (big-endian, c1 ‖ c0)
        if i > 0 {
            assert_eq!(c.as_ref()[0] & 0x80, 0x80);
            assert_eq!(c.as_ref()[0] & 0x3f, u.as_ref()[0]);
            assert_eq!(c.as_ref()[1..], u.as_ref()[1..clen]);
        }
        // the "00" flags (uncompressed marker) and "01" with a non-zero body are rejected
        let mut bad = c;
        bad.as_mut()[0] &= 0x3f;
        assert!(bool::from(A::from_bytes_unchecked(&bad).is_none()));
        if i > 0 {
            let mut bad = c;
            bad.as_mut()[0] = (bad.as_mut()[0] & 0x3f) | 0x40;
            assert!(bool::from(A::from_bytes_unchecked(&bad).is_none()));
        }
    }
    // x = p in each coordinate slot, with the compression flags
    for flag in [0x80u8, 0xc0] {
        for slot in 0..clen / 32 {
            let mut c = A::Repr::default();
            c.as_mut()[32 * slot..32 * slot + 32].copy_from_slice(&p);
            c.as_mut()[0] |= flag;
            assert!(bool::from(A::from_bytes_unchecked(&c).is_none()));
        }
    }
    // uncompressed: a coordinate ≥ p, a flipped bit of a valid point
    let pt = P::random(&mut r).to_affine();
    for slot in 0..2 * clen / 32 {
        let mut u = pt.to_uncompressed();
        u.as_mut()[32 * slot..32 * slot + 32].copy_from_slice(&p);
        assert!(bool::from(A::from_uncompressed_unchecked(&u).is_none()));
    }
    for i in 0..2 * clen * 8 {
        let mut u = pt.to_uncompressed();
        u.as_mut()[i / 8] ^= 1 << (i % 8);
        assert!(
            bool::from(A::from_uncompressed_unchecked(&u).is_none()),
            "bit {i}"
        );
    }
    // random x values: accepted ones re-encode to the same bytes; count off-subgroup points
    let (mut on_curve, mut off_subgroup) = (0, 0);
    for _ in 0..200 {
        let mut c = A::Repr::default();
        r.fill_bytes(c.as_mut());
        for chunk in c.as_mut().chunks_mut(32) {
            chunk[0] &= 0x1f; // below p in each coordinate
        }
        c.as_mut()[0] |= if r.gen() { 0x80 } else { 0xc0 };
        let u = Option::<A>::from(A::from_bytes_unchecked(&c));
        let k = Option::<A>::from(A::from_bytes(&c));
        if let Some(pt) = u {
            on_curve += 1;
            assert_eq!(pt.to_bytes().as_ref(), c.as_ref());
            match k {
                Some(k) => assert_eq!(k, pt),
                None => {
                    off_subgroup += 1;
                    let un = pt.to_uncompressed();
                    assert!(bool::from(A::from_uncompressed(&un).is_none()));
                    assert!(bool::from(A::from_uncompressed_unchecked(&un).is_some()));
                }
            }
        } else {
            assert!(k.is_none());
        }
    }
    assert!(on_curve > 40, "{on_curve}");
    assert_eq!(off_subgroup > 0, expect_off_subgroup, "{off_subgroup}");
}

#[test]
fn bn_encodings_round_trip_and_reject() {
    let p_bn254 = "30644e72e131a029b85045b68181585d97816a916871ca8d3c208c16d87cfd47";
    let p_beuchat = "2370fb049d410fbe4e761a9886e502417d023f40180000017e80600000000001";
    // G1 has cofactor 1 on both curves: every curve point is in G1
    bn_encodings::<hbn::G1Affine, hbn::G1Projective>(p_bn254, 11, false);
    bn_encodings::<hbn::G2Affine, hbn::G2Projective>(p_bn254, 12, true);
    bn_encodings::<hbb::G1Affine, hbb::G1Projective>(p_beuchat, 13, false);
    bn_encodings::<hbb::G2Affine, hbb::G2Projective>(p_beuchat, 14, true);
    // the format on fixed points: G1 generator (1, 2) of EIP-196, 2 < (p − 1)/2
    let mut want = [0u8; 32];
    want[0] = 0x80;
    want[31] = 1;
    assert_eq!(hbn::G1Affine::generator().to_bytes().0, want);
    want[0] = 0xc0;
    assert_eq!((-hbn::G1Affine::generator()).to_bytes().0, want);
    let mut inf = [0u8; 32];
    inf[0] = 0x40;
    assert_eq!(hbn::G1Affine::identity().to_bytes().0, inf);
    assert_eq!(hbn::G1Affine::identity().to_uncompressed(), [0u8; 64]);
    let mut u = [0u8; 64];
    u[31] = 1;
    u[63] = 2;
    assert_eq!(hbn::G1Affine::generator().to_uncompressed(), u);
    // G2 generator of EIP-197 (x = x_im‖x_re, y_im = 0x0906…9 75b < (p − 1)/2): flags 0b10 on
    // x_im's top byte; the same 64 bytes are the G2 generator in gnark-produced data (e.g.
    // SP1's Groth16 verifying keys)
    let x = "198e9393920d483a7260bfb731fb5d25f1aa493335a9e71297e485b7aef312c2\
             1800deef121f1e76426a00665e5c4479674322d4f75edadd46debd5cd992f6ed";
    let y = "090689d0585ff075ec9e99ad690c3395bc4b313370b38ef355acdadcd122975b\
             12c85ea5db8c6deb4aab71808dcb408fe3d1e7690c43d37b4ce6cc0166fa7daa";
    let g2 = hbn::G2Affine::generator();
    assert_eq!(hex::encode(g2.to_uncompressed()), format!("{x}{y}"));
    let mut c = hex::decode(x).unwrap();
    c[0] |= 0x80;
    assert_eq!(g2.to_bytes().0.to_vec(), c);
    c[0] |= 0x40;
    assert_eq!((-g2).to_bytes().0.to_vec(), c);
    assert_eq!(
        hbn::G2Affine::from_compressed(&c.try_into().unwrap()).unwrap(),
        -g2
    );
}

// ---------------------------------------------------------------------------------------------
// EIP-196/197 vectors through the traits
// ---------------------------------------------------------------------------------------------

fn evm_vectors(name: &str) -> Vec<(Vec<u8>, Vec<u8>, String)> {
    let path = format!("/work/shared/vectors/evm/{name}.json");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let v: serde_json::Value = serde_json::from_str(&text).unwrap();
    v.as_array()
        .unwrap()
        .iter()
        .map(|t| {
            (
                hex::decode(t["Input"].as_str().unwrap()).unwrap(),
                hex::decode(t["Expected"].as_str().unwrap()).unwrap(),
                t["Name"].as_str().unwrap().to_string(),
            )
        })
        .collect()
}

/// The EVM reads inputs as if right-padded with zeros and ignores the excess.
fn padded<const L: usize>(input: &[u8], at: usize) -> [u8; L] {
    let mut out = [0u8; L];
    for (i, o) in out.iter_mut().enumerate() {
        *o = input.get(at + i).copied().unwrap_or(0);
    }
    out
}

/// A 256-bit big-endian integer as a scalar (reduced mod r with trait arithmetic only).
fn scalar_be<F: PrimeField>(b: &[u8; 32]) -> F {
    b.iter()
        .fold(F::ZERO, |acc, &x| acc * F::from(256) + F::from(x as u64))
}

#[test]
fn bn254_evm_vectors_through_traits() {
    let g1 = |b: &[u8; 64]| hbn::G1Affine::from_uncompressed(b);
    let mut n = 0;
    for (input, expected, name) in evm_vectors("bn256Add") {
        let a = g1(&padded(&input, 0)).unwrap();
        let b = g1(&padded(&input, 64)).unwrap();
        let sum = (hbn::G1Projective::from(a) + b).to_affine();
        assert_eq!(sum.to_uncompressed().to_vec(), expected, "{name}");
        n += 1;
    }
    for (input, expected, name) in evm_vectors("bn256ScalarMul") {
        let a = g1(&padded(&input, 0)).unwrap();
        let k: hbn::Scalar = scalar_be(&padded(&input, 64));
        assert_eq!(
            (a * k).to_affine().to_uncompressed().to_vec(),
            expected,
            "{name}"
        );
        n += 1;
    }
    for (input, expected, name) in evm_vectors("bn256Pairing") {
        assert_eq!(input.len() % 192, 0, "{name}");
        let pairs: Vec<(hbn::G1Affine, hbn::G2Prepared)> = input
            .chunks(192)
            .map(|c| {
                let p = g1(&padded(c, 0)).unwrap();
                let q = hbn::G2Affine::from_uncompressed(&padded(c, 64));
                (p, hbn::G2Prepared::from(q.unwrap()))
            })
            .collect();
        let refs: Vec<_> = pairs.iter().map(|(p, q)| (p, q)).collect();
        let one = hbn::Bn254::multi_miller_loop(&refs)
            .final_exponentiation()
            .is_identity();
        assert_eq!(expected[31] == 1, bool::from(one), "{name}");
        assert!(expected[..31].iter().all(|&b| b == 0));
        n += 1;
    }
    assert!(n >= 40, "{n} vectors");
}

#[test]
fn wnaf_window_recommendation_is_in_range() {
    for n in [0, 1, 2, 10, 100, 1000, 1 << 20] {
        let w = hz::G1Projective::recommended_wnaf_for_num_scalars(n);
        assert!((2..=22).contains(&w), "{n}: {w}");
    }
    // more scalars never recommend a smaller window
    let ws: Vec<usize> = (0..20)
        .map(|i| hbn::G2Projective::recommended_wnaf_for_num_scalars(1 << i))
        .collect();
    assert!(ws.windows(2).all(|w| w[0] <= w[1]), "{ws:?}");
}

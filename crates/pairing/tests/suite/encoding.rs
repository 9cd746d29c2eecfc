//! Tests of `hayate_pairing::encoding`: the Zcash/IETF BLS12-381 serialization (third-party
//! vectors, round trips, every malformed flag combination, non-canonical coordinates, curve and
//! subgroup checks) and the EIP-196/197 and EIP-2537 encoders/decoders.

use hayate_pairing::bls12_381::{self, Fp, Fp2, G1Affine, G1Projective, G2Affine, G2Projective};
use hayate_pairing::bn254;
use hayate_pairing::encoding::zcash::*;
use hayate_pairing::encoding::{eip196, eip2537, in_subgroup_vartime, EncodingError, FlagError};
use num_bigint::BigUint;
use rand::rngs::StdRng;
use rand::{RngCore, SeedableRng};
use sha2::{Digest, Sha256};

const G1_GEN_COMPRESSED: &str = "97f1d3a73197d7942695638c4fa9ac0fc3688c4f9774b905a14e3a3f171bac586c55e83ff97a1aeffb3af00adb22c6bb";
const G2_GEN_COMPRESSED: &str = "93e02b6052719f607dacd3a088274f65596bd0d09920b61ab5da61bbdc7f5049334cf11213945d57e5ac7d055d042b7e024aa2b2f08f0a91260805272dc51051c6e47ad4fa403b02b4510b647ae3d1770bac0326a805bbefd48056c8c121bdb8";
/// 2·G1 compressed (entry 2 of zkcrypto/bls12_381's g1_compressed_valid_test_vectors.dat).
const G1_2G_COMPRESSED: &str = "a572cbea904d67468808c8eb50a9450c9721db309128012543902d0ac358a62ae28f75bb8f1c7c42c39a8c5529bf0f4e";
const BLS_P: &str = "1a0111ea397fe69a4b1ba7b6434bacd764774b84f38512bf6730d2a0f6b0f6241eabfffeb153ffffb9feffffffffaaab";

fn flags(e: FlagError) -> EncodingError {
    EncodingError::InvalidFlags(e)
}

fn rng() -> StdRng {
    StdRng::seed_from_u64(0x5eed_c0de)
}

fn random_scalar(rng: &mut StdRng) -> [u64; 4] {
    let mut k = [0u64; 4];
    for l in &mut k {
        *l = rng.next_u64();
    }
    k[3] &= 0x3fff_ffff_ffff_ffff;
    k
}

fn g1_outside_subgroup() -> G1Affine {
    let mut rng = rng();
    loop {
        let x = Fp::random(&mut rng);
        if let Some(y) = Option::<Fp>::from(G1Affine::curve_rhs(&x).sqrt()) {
            let p = G1Affine::from_xy_unchecked(x, y);
            if !in_subgroup_vartime(&p) {
                return p;
            }
        }
    }
}

fn g2_outside_subgroup() -> G2Affine {
    let mut rng = rng();
    loop {
        let x = Fp2::random(&mut rng);
        if let Some(y) = Option::<Fp2>::from(G2Affine::curve_rhs(&x).sqrt()) {
            let p = G2Affine::from_xy_unchecked(x, y);
            if !in_subgroup_vartime(&p) {
                return p;
            }
        }
    }
}

// ---------------------------------------------------------------------------------------------
// third-party vectors
// ---------------------------------------------------------------------------------------------

#[test]
fn generator_and_infinity_vectors() {
    let g1 = G1Affine::generator();
    let g2 = G2Affine::generator();
    assert_eq!(hex::encode(g1_to_compressed(&g1)), G1_GEN_COMPRESSED);
    assert_eq!(hex::encode(g2_to_compressed(&g2)), G2_GEN_COMPRESSED);
    let two_g1 = G1Projective::generator().double().to_affine();
    assert_eq!(hex::encode(g1_to_compressed(&two_g1)), G1_2G_COMPRESSED);
    assert_eq!(
        g1_from_compressed(&hex::decode(G1_GEN_COMPRESSED).unwrap()).unwrap(),
        g1
    );
    assert_eq!(
        g2_from_compressed(&hex::decode(G2_GEN_COMPRESSED).unwrap()).unwrap(),
        g2
    );
    assert_eq!(
        g1_from_compressed(&hex::decode(G1_2G_COMPRESSED).unwrap()).unwrap(),
        two_g1
    );

    // infinity: compressed 0xc0 ‖ 0…, uncompressed 0x40 ‖ 0…
    let mut inf48 = [0u8; 48];
    inf48[0] = 0xc0;
    assert_eq!(g1_to_compressed(&G1Affine::identity()), inf48);
    assert!(bool::from(g1_from_compressed(&inf48).unwrap().infinity));
    let mut inf96 = [0u8; 96];
    inf96[0] = 0x40;
    assert_eq!(g1_to_uncompressed(&G1Affine::identity()), inf96);
    assert!(bool::from(g1_from_uncompressed(&inf96).unwrap().infinity));
    inf96[0] = 0xc0;
    assert_eq!(g2_to_compressed(&G2Affine::identity()), inf96);
    assert!(bool::from(g2_from_compressed(&inf96).unwrap().infinity));
    let mut inf192 = [0u8; 192];
    inf192[0] = 0x40;
    assert_eq!(g2_to_uncompressed(&G2Affine::identity()), inf192);
    assert!(bool::from(g2_from_uncompressed(&inf192).unwrap().infinity));
}

/// zkcrypto/bls12_381's `src/tests/*_valid_test_vectors.dat` are the encodings of 0·G, 1·G, …,
/// 999·G concatenated. We rebuild the same byte strings, compare their SHA-256 with the digests
/// of those files (computed from the upstream repository, commit 6bb9695), and decode every
/// entry back.
#[test]
fn zkcrypto_sequence_vectors() {
    fn run<P: Copy, A: PartialEq + core::fmt::Debug, const L: usize>(
        start: P,
        step: impl Fn(&P) -> P,
        to_affine: impl Fn(&P) -> A,
        enc: impl Fn(&A) -> [u8; L],
        dec: impl Fn(&[u8]) -> Result<A, EncodingError>,
        digest: &str,
    ) {
        let mut e = start;
        let mut h = Sha256::new();
        for _ in 0..1000 {
            let a = to_affine(&e);
            let bytes = enc(&a);
            h.update(bytes);
            assert_eq!(dec(&bytes).unwrap(), a);
            e = step(&e);
        }
        assert_eq!(hex::encode(h.finalize()), digest);
    }
    let g1 = G1Projective::generator();
    let g2 = G2Projective::generator();
    run(
        G1Projective::identity(),
        |e| *e + g1,
        |e| e.to_affine(),
        g1_to_compressed,
        g1_from_compressed,
        "8acaa1d512b4cf96f4740e4c9afc19ba4618d48fe251c452a19382395bcd0929",
    );
    run(
        G1Projective::identity(),
        |e| *e + g1,
        |e| e.to_affine(),
        g1_to_uncompressed,
        g1_from_uncompressed,
        "e25aae8e95c9cd39cdb1eec0100c8245e297510fef0091cbf80b91d49de6b685",
    );
    run(
        G2Projective::identity(),
        |e| *e + g2,
        |e| e.to_affine(),
        g2_to_compressed,
        g2_from_compressed,
        "b75bc2e41289adda41e448e56a1ea39b11009a27b02e8676c8b86defedc05deb",
    );
    // the decoders for secret points give the same answers on the same 1000 encodings each
    run(
        G1Projective::identity(),
        |e| *e + g1,
        |e| e.to_affine(),
        g1_to_compressed,
        g1_from_compressed_secret,
        "8acaa1d512b4cf96f4740e4c9afc19ba4618d48fe251c452a19382395bcd0929",
    );
    run(
        G2Projective::identity(),
        |e| *e + g2,
        |e| e.to_affine(),
        g2_to_compressed,
        g2_from_compressed_secret,
        "b75bc2e41289adda41e448e56a1ea39b11009a27b02e8676c8b86defedc05deb",
    );
    run(
        G2Projective::identity(),
        |e| *e + g2,
        |e| e.to_affine(),
        g2_to_uncompressed,
        g2_from_uncompressed,
        "80fd0516c8115b13165589324558649fa94f49e714caa3b735537d073a9cfb65",
    );
}

// ---------------------------------------------------------------------------------------------
// round trips
// ---------------------------------------------------------------------------------------------

#[test]
fn zcash_round_trips() {
    let mut rng = rng();
    for _ in 0..32 {
        let k = random_scalar(&mut rng);
        let p = G1Affine::generator().mul_vartime(&k).to_affine();
        let q = G2Affine::generator().mul_vartime(&k).to_affine();
        for pt in [p, p.neg()] {
            assert_eq!(g1_from_compressed(&g1_to_compressed(&pt)).unwrap(), pt);
            assert_eq!(g1_from_uncompressed(&g1_to_uncompressed(&pt)).unwrap(), pt);
        }
        for pt in [q, q.neg()] {
            assert_eq!(g2_from_compressed(&g2_to_compressed(&pt)).unwrap(), pt);
            assert_eq!(g2_from_uncompressed(&g2_to_uncompressed(&pt)).unwrap(), pt);
        }
        // P and −P differ exactly in the sort bit
        let (a, b) = (g1_to_compressed(&p), g1_to_compressed(&p.neg()));
        assert_eq!(a[0] ^ b[0], 0x20);
        assert_eq!(a[1..], b[1..]);
        let (a, b) = (g2_to_compressed(&q), g2_to_compressed(&q.neg()));
        assert_eq!(a[0] ^ b[0], 0x20);
        assert_eq!(a[1..], b[1..]);
    }
}

#[test]
fn sort_bit_is_lexicographic_order_of_y() {
    // S_bit = y > −y in the Zcash order (for Fp2: c1 decides unless it is zero, then c0)
    let mut rng = rng();
    for _ in 0..8 {
        let k = random_scalar(&mut rng);
        let q = G2Affine::generator().mul_vartime(&k).to_affine();
        let y_largest = bool::from(q.y.is_lexicographically_largest());
        let enc = g2_to_compressed(&q);
        assert_eq!(enc[0] & 0x20 != 0, y_largest);
        let p = G1Affine::generator().mul_vartime(&k).to_affine();
        assert_eq!(
            g1_to_compressed(&p)[0] & 0x20 != 0,
            bool::from(p.y.is_lexicographically_largest())
        );
    }
    // the Fp2 order itself, on hand-made elements
    let half = Fp::from_u64(1);
    let big = -Fp::from_u64(1);
    assert!(bool::from(
        Fp2::new(half, big).is_lexicographically_largest()
    ));
    assert!(!bool::from(
        Fp2::new(big, half).is_lexicographically_largest()
    ));
    assert!(bool::from(
        Fp2::new(big, Fp::ZERO).is_lexicographically_largest()
    ));
    assert!(!bool::from(
        Fp2::new(half, Fp::ZERO).is_lexicographically_largest()
    ));
}

#[test]
fn eip_encodings_round_trip() {
    let mut rng = rng();
    for _ in 0..16 {
        let k = random_scalar(&mut rng);
        let p = bn254::G1Affine::generator().mul_vartime(&k).to_affine();
        let q = bn254::G2Affine::generator().mul_vartime(&k).to_affine();
        assert_eq!(eip196::g1_decode(&eip196::g1_encode(&p)).unwrap(), p);
        assert_eq!(eip196::g2_decode(&eip196::g2_encode(&q)).unwrap(), q);
        let p = bls12_381::G1Affine::generator().mul_vartime(&k).to_affine();
        let q = bls12_381::G2Affine::generator().mul_vartime(&k).to_affine();
        assert_eq!(eip2537::g1_decode(&eip2537::g1_encode(&p)).unwrap(), p);
        assert_eq!(eip2537::g2_decode(&eip2537::g2_encode(&q)).unwrap(), q);
    }
    assert_eq!(eip196::g1_encode(&bn254::G1Affine::identity()), [0u8; 64]);
    assert_eq!(eip196::g2_encode(&bn254::G2Affine::identity()), [0u8; 128]);
    assert_eq!(eip2537::g1_encode(&G1Affine::identity()), [0u8; 128]);
    assert_eq!(eip2537::g2_encode(&G2Affine::identity()), [0u8; 256]);
    assert!(bool::from(
        eip2537::g2_decode(&[0u8; 256]).unwrap().infinity
    ));
    // EIP-197 order: x_im first. The generator's x_im is 198e93…
    assert_eq!(
        hex::encode(&eip196::g2_encode(&bn254::G2Affine::generator())[..4]),
        "198e9393"
    );
    // EIP-2537 order: c0 first, 16 zero bytes of padding
    let e = eip2537::g2_encode(&G2Affine::generator());
    assert_eq!(e[..16], [0u8; 16]);
    assert_eq!(hex::encode(&e[16..20]), "024aa2b2");
}

// ---------------------------------------------------------------------------------------------
// malformed flags
// ---------------------------------------------------------------------------------------------

#[test]
fn malformed_flags_rejected() {
    let g1c = g1_to_compressed(&G1Affine::generator());
    let g1u = g1_to_uncompressed(&G1Affine::generator());
    let g2c = g2_to_compressed(&G2Affine::generator());
    let g2u = g2_to_uncompressed(&G2Affine::generator());

    // Each of the 8 flag combinations on a finite point, for every format.
    for f in 0u8..8 {
        let bits = f << 5; // C = 0x80, I = 0x40, S = 0x20
        let (c, i, s) = (bits & 0x80 != 0, bits & 0x40 != 0, bits & 0x20 != 0);
        let with = |enc: &[u8]| {
            let mut e = enc.to_vec();
            e[0] = (e[0] & 0x1f) | bits;
            e
        };
        // compressed
        let expect_c = if !c {
            Err(flags(FlagError::CompressionMismatch))
        } else if i && s {
            Err(flags(FlagError::SortOnInfinity))
        } else if i {
            Err(flags(FlagError::NonZeroInfinity))
        } else {
            Ok(())
        };
        assert_eq!(
            g1_from_compressed(&with(&g1c)).map(|_| ()),
            expect_c,
            "g1c flags {bits:#x}"
        );
        assert_eq!(
            g2_from_compressed(&with(&g2c)).map(|_| ()),
            expect_c,
            "g2c flags {bits:#x}"
        );
        // uncompressed
        let expect_u = if c {
            Err(flags(FlagError::CompressionMismatch))
        } else if s {
            Err(flags(FlagError::SortOnUncompressed))
        } else if i {
            Err(flags(FlagError::NonZeroInfinity))
        } else {
            Ok(())
        };
        assert_eq!(
            g1_from_uncompressed(&with(&g1u)).map(|_| ()),
            expect_u,
            "g1u flags {bits:#x}"
        );
        assert_eq!(
            g2_from_uncompressed(&with(&g2u)).map(|_| ()),
            expect_u,
            "g2u flags {bits:#x}"
        );
    }

    // The infinity encodings with extra bits.
    for len in [48usize, 96] {
        let dec = |b: &[u8]| {
            if len == 48 {
                g1_from_compressed(b).map(|_| ())
            } else {
                g2_from_compressed(b).map(|_| ())
            }
        };
        let mut inf = vec![0u8; len];
        inf[0] = 0xc0;
        assert_eq!(dec(&inf), Ok(()));
        inf[0] = 0xe0; // sort bit on infinity
        assert_eq!(dec(&inf), Err(flags(FlagError::SortOnInfinity)));
        inf[0] = 0xc1; // a non-flag bit of the first byte
        assert_eq!(dec(&inf), Err(flags(FlagError::NonZeroInfinity)));
        inf[0] = 0xc0;
        inf[len - 1] = 1; // the last byte
        assert_eq!(dec(&inf), Err(flags(FlagError::NonZeroInfinity)));
        inf[len - 1] = 0;
        inf[0] = 0x40; // infinity without the compression bit in a compressed-length string
        assert_eq!(dec(&inf), Err(flags(FlagError::CompressionMismatch)));
        inf[0] = 0x00; // all zero: not a valid compressed encoding
        assert_eq!(dec(&inf), Err(flags(FlagError::CompressionMismatch)));
    }
    for len in [96usize, 192] {
        let dec = |b: &[u8]| {
            if len == 96 {
                g1_from_uncompressed(b).map(|_| ())
            } else {
                g2_from_uncompressed(b).map(|_| ())
            }
        };
        let mut inf = vec![0u8; len];
        inf[0] = 0x40;
        assert_eq!(dec(&inf), Ok(()));
        inf[0] = 0x60;
        assert_eq!(dec(&inf), Err(flags(FlagError::SortOnUncompressed)));
        inf[0] = 0xc0;
        assert_eq!(dec(&inf), Err(flags(FlagError::CompressionMismatch)));
        inf[0] = 0x40;
        inf[len / 2] = 1;
        assert_eq!(dec(&inf), Err(flags(FlagError::NonZeroInfinity)));
        // all zero: (0, 0) without the infinity bit is not on the curve
        assert_eq!(dec(&vec![0u8; len]), Err(EncodingError::NotOnCurve));
    }
}

// ---------------------------------------------------------------------------------------------
// canonicity, curve, subgroup, lengths
// ---------------------------------------------------------------------------------------------

fn p_plus(x: &[u8]) -> Vec<u8> {
    let v = BigUint::from_bytes_be(x) + BigUint::parse_bytes(BLS_P.as_bytes(), 16).unwrap();
    let b = v.to_bytes_be();
    let mut out = vec![0u8; 48 - b.len()];
    out.extend(b);
    out
}

#[test]
fn non_canonical_coordinates_rejected() {
    let p = hex::decode(BLS_P).unwrap();
    // x = p, compressed (with C set, and either sort bit)
    for s in [0x80u8, 0xa0] {
        let mut e = p.clone();
        e[0] |= s;
        assert_eq!(
            g1_from_compressed(&e),
            Err(EncodingError::InvalidFieldElement)
        );
    }
    // x ≥ 2^381 (all non-flag bits set)
    let mut e = [0xffu8; 48];
    e[0] = 0x9f;
    assert_eq!(
        g1_from_compressed(&e),
        Err(EncodingError::InvalidFieldElement)
    );
    // x + p and y + p for points whose coordinate leaves room below 2^381 (the flag bits):
    // the same residue, non-canonical
    let room = |c: &[u8]| c[0] < 0x05;
    let small_x = (1u64..)
        .map(|k| G1Affine::generator().mul_vartime(&[k]).to_affine())
        .find(|p| room(&p.x.to_bytes_be()))
        .unwrap();
    let small_y = (1u64..)
        .map(|k| G1Affine::generator().mul_vartime(&[k]).to_affine())
        .find(|p| room(&p.y.to_bytes_be()))
        .unwrap();
    let c = g1_to_compressed(&small_x);
    let mut e = p_plus(
        &c[..48]
            .iter()
            .enumerate()
            .map(|(i, &b)| if i == 0 { b & 0x1f } else { b })
            .collect::<Vec<_>>(),
    );
    assert_eq!(e[0] & 0xe0, 0);
    e[0] |= c[0] & 0xe0;
    assert_eq!(
        g1_from_compressed(&e),
        Err(EncodingError::InvalidFieldElement)
    );
    let u = g1_to_uncompressed(&small_x);
    let bad = [p_plus(&u[..48]), u[48..].to_vec()].concat();
    assert_eq!(
        g1_from_uncompressed(&bad),
        Err(EncodingError::InvalidFieldElement)
    );
    let u = g1_to_uncompressed(&small_y);
    let bad = [u[..48].to_vec(), p_plus(&u[48..])].concat();
    assert_eq!(
        g1_from_uncompressed(&bad),
        Err(EncodingError::InvalidFieldElement)
    );
    // G2: p in each of the four Fp slots of the uncompressed form, and in both of the compressed
    let g2u = g2_to_uncompressed(&G2Affine::generator());
    for slot in 0..4 {
        let mut e = g2u;
        e[48 * slot..48 * slot + 48].copy_from_slice(&p);
        assert_eq!(
            g2_from_uncompressed(&e),
            Err(EncodingError::InvalidFieldElement),
            "slot {slot}"
        );
    }
    let g2c = g2_to_compressed(&G2Affine::generator());
    for slot in 0..2 {
        let mut e = g2c;
        e[48 * slot..48 * slot + 48].copy_from_slice(&p);
        e[0] |= g2c[0] & 0xe0;
        assert_eq!(
            g2_from_compressed(&e),
            Err(EncodingError::InvalidFieldElement),
            "slot {slot}"
        );
    }
    // EIP-2537 and EIP-196 field elements
    let mut fp = [0u8; 64];
    fp[16..].copy_from_slice(&p);
    assert_eq!(
        eip2537::fp_decode(&fp),
        Err(EncodingError::InvalidFieldElement)
    );
    fp[16..].copy_from_slice(&[0u8; 48]);
    fp[0] = 1;
    assert_eq!(eip2537::fp_decode(&fp), Err(EncodingError::InvalidPadding));
    let bn_p: [u8; 32] =
        hex::decode("30644e72e131a029b85045b68181585d97816a916871ca8d3c208c16d87cfd47")
            .unwrap()
            .try_into()
            .unwrap();
    assert_eq!(
        eip196::fp_decode(&bn_p),
        Err(EncodingError::InvalidFieldElement)
    );
}

#[test]
fn not_on_curve_rejected() {
    // compressed: an x with x³ + 4 a non-square
    let mut x = Fp::from_u64(1);
    while bool::from(G1Affine::curve_rhs(&x).sqrt().is_some()) {
        x += Fp::ONE;
    }
    let mut e = [0u8; 48];
    x.write_bytes_be(&mut e);
    e[0] |= 0x80;
    assert_eq!(g1_from_compressed(&e), Err(EncodingError::NotOnCurve));
    let mut x2 = Fp2::ONE;
    while bool::from(G2Affine::curve_rhs(&x2).sqrt().is_some()) {
        x2 += Fp2::ONE;
    }
    let mut e = [0u8; 96];
    x2.c1.write_bytes_be(&mut e[..48]);
    x2.c0.write_bytes_be(&mut e[48..]);
    e[0] |= 0x80;
    assert_eq!(g2_from_compressed(&e), Err(EncodingError::NotOnCurve));
    // uncompressed: y perturbed
    let mut u = g1_to_uncompressed(&G1Affine::generator());
    u[95] ^= 1;
    assert_eq!(g1_from_uncompressed(&u), Err(EncodingError::NotOnCurve));
    let mut u = g2_to_uncompressed(&G2Affine::generator());
    u[191] ^= 1;
    assert_eq!(g2_from_uncompressed(&u), Err(EncodingError::NotOnCurve));
}

#[test]
fn outside_subgroup_rejected() {
    let p = g1_outside_subgroup();
    let q = g2_outside_subgroup();
    assert_eq!(
        g1_from_compressed(&g1_to_compressed(&p)),
        Err(EncodingError::NotInSubgroup)
    );
    assert_eq!(
        g1_from_uncompressed(&g1_to_uncompressed(&p)),
        Err(EncodingError::NotInSubgroup)
    );
    assert_eq!(
        g2_from_compressed(&g2_to_compressed(&q)),
        Err(EncodingError::NotInSubgroup)
    );
    assert_eq!(
        g2_from_uncompressed(&g2_to_uncompressed(&q)),
        Err(EncodingError::NotInSubgroup)
    );
    // the unchecked variants accept them (curve check only)
    assert_eq!(
        g1_from_compressed_unchecked(&g1_to_compressed(&p)).unwrap(),
        p
    );
    assert_eq!(
        g1_from_uncompressed_unchecked(&g1_to_uncompressed(&p)).unwrap(),
        p
    );
    assert_eq!(
        g2_from_compressed_unchecked(&g2_to_compressed(&q)).unwrap(),
        q
    );
    assert_eq!(
        g2_from_uncompressed_unchecked(&g2_to_uncompressed(&q)).unwrap(),
        q
    );
    // BN254: a twist point outside G2
    let mut rng = rng();
    let bq = loop {
        let x = bn254::Fp2::random(&mut rng);
        if let Some(y) = Option::<bn254::Fp2>::from(bn254::G2Affine::curve_rhs(&x).sqrt()) {
            break bn254::G2Affine::from_xy_unchecked(x, y);
        }
    };
    let enc = eip196::g2_encode(&bq);
    assert_eq!(eip196::g2_decode(&enc), Err(EncodingError::NotInSubgroup));
    assert_eq!(eip196::g2_decode_unchecked(&enc).unwrap(), bq);
}

#[test]
fn wrong_lengths_rejected() {
    for len in [0usize, 47, 49, 95, 96, 97, 191, 193] {
        let b = vec![0xc0u8; len];
        if len != 48 {
            assert_eq!(
                g1_from_compressed(&b),
                Err(EncodingError::InvalidLength {
                    expected: 48,
                    got: len
                })
            );
        }
        if len != 96 {
            assert_eq!(
                g1_from_uncompressed(&b),
                Err(EncodingError::InvalidLength {
                    expected: 96,
                    got: len
                })
            );
            assert_eq!(
                g2_from_compressed(&b),
                Err(EncodingError::InvalidLength {
                    expected: 96,
                    got: len
                })
            );
        }
        assert_eq!(
            g2_from_uncompressed(&b),
            Err(EncodingError::InvalidLength {
                expected: 192,
                got: len
            })
        );
    }
}

#[test]
fn random_bytes_never_panic() {
    let mut rng = rng();
    for _ in 0..2000 {
        let mut b = [0u8; 192];
        rng.fill_bytes(&mut b);
        // bias towards plausible encodings: clear the high field bits sometimes
        if b[191] & 1 == 0 {
            b[0] &= 0xe1;
            b[96] &= 0x1f;
        }
        let _ = g1_from_compressed(&b[..48]);
        let _ = g1_from_uncompressed(&b[..96]);
        let _ = g2_from_compressed(&b[..96]);
        let _ = g2_from_uncompressed(&b);
    }
}

#[test]
fn error_display() {
    let errs = [
        EncodingError::InvalidLength {
            expected: 48,
            got: 3,
        },
        EncodingError::InvalidPadding,
        EncodingError::InvalidFieldElement,
        EncodingError::NotOnCurve,
        EncodingError::NotInSubgroup,
        flags(FlagError::CompressionMismatch),
        flags(FlagError::NonZeroInfinity),
        flags(FlagError::SortOnInfinity),
        flags(FlagError::SortOnUncompressed),
    ];
    for e in errs {
        assert!(!e.to_string().is_empty());
        let _: &dyn std::error::Error = &e;
    }
}

/// Ethereum's BLS12-381 deserialization vectors (from Teku; `tests/vectors/eth-bls/README.md`):
/// a case must decode exactly when its `output` is true, and a decoded point re-encodes to the
/// same bytes.
#[test]
fn ethereum_deserialization_vectors() {
    fn run<A>(
        file: &str,
        key: &str,
        decode: impl Fn(&[u8]) -> Result<A, EncodingError>,
        encode: impl Fn(&A) -> Vec<u8>,
    ) -> usize {
        let path = format!(
            "{}/tests/vectors/eth-bls/{file}",
            env!("CARGO_MANIFEST_DIR")
        );
        let text = std::fs::read_to_string(&path).unwrap();
        let cases: serde_json::Value = serde_json::from_str(&text).unwrap();
        let cases = cases.as_array().unwrap();
        for case in cases {
            let name = case["name"].as_str().unwrap();
            let hex_in = case["input"][key].as_str().unwrap();
            let bytes = hex::decode(hex_in.strip_prefix("0x").unwrap()).unwrap();
            let valid = case["output"].as_bool().unwrap();
            match decode(&bytes) {
                Ok(p) => {
                    assert!(valid, "{file} {name}: accepted");
                    assert_eq!(encode(&p), bytes, "{file} {name}: re-encoding differs");
                }
                Err(e) => assert!(!valid, "{file} {name}: rejected ({e:?})"),
            }
        }
        cases.len()
    }
    let n1 = run(
        "deserialization_G1.json",
        "pubkey",
        g1_from_compressed,
        |p| g1_to_compressed(p).to_vec(),
    );
    let n2 = run(
        "deserialization_G2.json",
        "signature",
        g2_from_compressed,
        |p| g2_to_compressed(p).to_vec(),
    );
    assert_eq!((n1, n2), (16, 18));
    let n1 = run(
        "deserialization_G1.json",
        "pubkey",
        g1_from_compressed_secret,
        |p| g1_to_compressed(p).to_vec(),
    );
    let n2 = run(
        "deserialization_G2.json",
        "signature",
        g2_from_compressed_secret,
        |p| g2_to_compressed(p).to_vec(),
    );
    assert_eq!((n1, n2), (16, 18));
}

/// The decoders for secret points (`*_from_compressed_secret`: constant time for valid points)
/// return exactly what the public ones return, on valid encodings and on every kind of invalid
/// one: flag combinations, non-canonical and off-curve x, points outside the subgroup, the
/// identity, wrong lengths, random bytes.
#[test]
fn secret_decoders_agree_with_public_ones() {
    fn check<T: PartialEq + core::fmt::Debug, const L: usize>(
        valid: [u8; L],
        outside: [u8; L],
        public: fn(&[u8]) -> Result<T, EncodingError>,
        secret: fn(&[u8]) -> Result<T, EncodingError>,
    ) -> usize {
        let mut rng = rng();
        let mut cases: Vec<Vec<u8>> = vec![valid.to_vec(), outside.to_vec()];
        for top in 0..8u8 {
            for base in [valid, outside] {
                let mut b = base;
                b[0] = (b[0] & 0x1f) | (top << 5);
                cases.push(b.to_vec());
            }
        }
        let mut inf = [0u8; L];
        inf[0] = 0xc0;
        cases.push(inf.to_vec());
        inf[L - 1] = 1;
        cases.push(inf.to_vec());
        let mut big_x = [0xffu8; L];
        big_x[0] = 0x9f;
        cases.push(big_x.to_vec());
        let mut x = valid;
        x[0] &= 0x1f;
        let mut x = p_plus(&x[..48]);
        x[0] |= valid[0] & 0xe0;
        cases.push(x.into_iter().chain(valid[48..].iter().copied()).collect());
        cases.push(valid[..L - 1].to_vec());
        cases.push([valid.as_slice(), &[0]].concat());
        for i in 0..L {
            let mut b = valid;
            b[i] ^= 1 << (i % 8);
            cases.push(b.to_vec());
        }
        for _ in 0..200 {
            let mut b = [0u8; L];
            rng.fill_bytes(&mut b);
            b[0] = (b[0] & 0x3f) | 0x80;
            cases.push(b.to_vec());
        }
        let mut valid_seen = 0;
        for c in &cases {
            let (p, s) = (public(c), secret(c));
            assert_eq!(p, s, "{}", hex::encode(c));
            valid_seen += p.is_ok() as usize;
        }
        assert!(valid_seen >= 2, "too few valid cases: {valid_seen}");
        cases.len()
    }
    let g1 = G1Projective::generator().mul_ct(&[7, 0, 0, 0]).to_affine();
    let g2 = G2Projective::generator().mul_ct(&[7, 0, 0, 0]).to_affine();
    check(
        g1_to_compressed(&g1),
        g1_to_compressed(&g1_outside_subgroup()),
        g1_from_compressed,
        g1_from_compressed_secret,
    );
    check(
        g2_to_compressed(&g2),
        g2_to_compressed(&g2_outside_subgroup()),
        g2_from_compressed,
        g2_from_compressed_secret,
    );
}

/// The constant-time membership tests (for secret points) decide as the variable-time ones, on
/// members and non-members of G1 (BLS12-381) and G2 (all three curves).
#[test]
fn constant_time_membership_tests_agree() {
    use hayate_pairing::g2::{is_in_g2_ct, is_in_g2_fast};
    use hayate_pairing::subgroup::{is_in_g1_bls12, is_in_g1_bls12_ct};
    let mut rng = rng();
    for i in 0..8 {
        let k = random_scalar(&mut rng);
        let member = G1Projective::generator().mul_ct(&k);
        let outside = G1Projective::from(g1_outside_subgroup()).mul_ct_bits(&[i + 1], 64);
        for p in [member, outside] {
            let (v, c) = (
                bool::from(is_in_g1_bls12::<bls12_381::Bls12381, 6>(&p)),
                bool::from(is_in_g1_bls12_ct::<bls12_381::Bls12381, 6>(&p)),
            );
            assert_eq!(v, c);
        }
        assert!(bool::from(is_in_g1_bls12_ct::<bls12_381::Bls12381, 6>(
            &member
        )));
        assert!(!bool::from(is_in_g1_bls12_ct::<bls12_381::Bls12381, 6>(
            &outside
        )));
    }
    macro_rules! g2_case {
        ($m:ident, $E:ty, $N:expr) => {{
            use hayate_pairing::$m::{Fp2, G2Affine, G2Projective};
            let mut found = 0;
            while found < 4 {
                let x = Fp2::random(&mut rng);
                if let Some(y) = Option::<Fp2>::from(G2Affine::curve_rhs(&x).sqrt()) {
                    let p = G2Projective::from(G2Affine::from_xy_unchecked(x, y));
                    let k = random_scalar(&mut rng);
                    let member = G2Projective::generator().mul_ct(&k);
                    assert!(bool::from(is_in_g2_ct::<$E, $N>(&member)));
                    assert!(bool::from(is_in_g2_fast::<$E, $N>(&member)));
                    assert_eq!(
                        bool::from(is_in_g2_ct::<$E, $N>(&p)),
                        bool::from(is_in_g2_fast::<$E, $N>(&p)),
                    );
                    assert!(
                        !bool::from(is_in_g2_ct::<$E, $N>(&p)),
                        "random twist point in G2"
                    );
                    found += 1;
                }
            }
        }};
    }
    g2_case!(bls12_381, bls12_381::Bls12381, 6);
    g2_case!(bn254, bn254::Bn254, 4);
    g2_case!(
        bn254_beuchat,
        hayate_pairing::bn254_beuchat::Bn254Beuchat,
        4
    );
}

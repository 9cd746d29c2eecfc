//! The named curves of `hayate_ec::curves`: parameter consistency, [n]G = O, every scalar
//! multiplication method against plain affine double-and-add on edge and random scalars,
//! third-party multiples of G, SEC 1 encodings and ECDH round trips, invalid inputs.
//!
//! Third-party values: k·G for k = 2 (and 3) from the NIST "point multiplication test
//! vectors" (P-192, P-224, P-384, P-521), the well-known secp256k1 multiples, and the
//! brainpoolP256r1 ECDH example of RFC 7027 Appendix A.1.

use crate::common;

use common::{order_plus, reference_mul};
use hayate_ec::curve::params_are_consistent;
use hayate_ec::curves::*;
use hayate_ec::ecdh::{ecdh, ecdh_by_id, generate_keypair, EcdhError, PublicKey, SecretKey};
use hayate_ec::sec1::{decode_point, encode_point, Sec1Error};
use hayate_ec::{Affine, CurveParams, Field, Jacobian, Projective, ScalarField};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

fn unhex(s: &str) -> Vec<u8> {
    hex::decode(s).unwrap()
}

/// Edge scalars of the brief: 0, 1, 2, n − 1, n, n + 1, all-ones (n's limb count and one more),
/// plus the empty slice and a scalar with a high limb beyond n.
fn edge_scalars<C: CurveParams>() -> Vec<Vec<u64>> {
    let n = C::ORDER;
    let l = n.len();
    let mut one_hi = vec![0u64; l + 1];
    one_hi[l] = 1;
    vec![
        vec![],
        vec![0],
        vec![1],
        vec![2],
        order_plus(n, -1),
        n.to_vec(),
        order_plus(n, 1),
        vec![u64::MAX; l],
        vec![u64::MAX; l + 1],
        one_hi,
    ]
}

fn check_methods<C: CurveParams>(seed: u64, n_random: usize) {
    let mut rng = StdRng::seed_from_u64(seed);
    let l = C::ORDER.len();
    let mut scalars = edge_scalars::<C>();
    for _ in 0..n_random {
        scalars.push((0..l).map(|_| rng.gen()).collect());
    }
    let g = Projective::<C>::generator();
    let p = g.mul_vartime(&[rng.gen(), rng.gen()]);
    for pt in [g, p] {
        let pa = pt.to_affine();
        let pj = Jacobian::from(pt);
        for k in &scalars {
            let want = reference_mul(&pa, k);
            assert_eq!(
                pt.mul_ct(k).to_affine(),
                want,
                "{} mul_ct k={k:x?}",
                C::NAME
            );
            assert_eq!(
                pt.mul_vartime(k).to_affine(),
                want,
                "{} mul_vartime k={k:x?}",
                C::NAME
            );
            assert_eq!(
                pt.mul_ct_parallel(k).to_affine(),
                want,
                "{} mul_ct_parallel k={k:x?}",
                C::NAME
            );
            assert_eq!(
                pt.mul_vartime_parallel(k).to_affine(),
                want,
                "{} mul_vartime_parallel",
                C::NAME
            );
            assert_eq!(
                pj.mul_ct(k).to_affine(),
                want,
                "{} jacobian mul_ct",
                C::NAME
            );
            assert_eq!(
                pj.mul_vartime(k).to_affine(),
                want,
                "{} jacobian mul_vartime",
                C::NAME
            );
        }
    }
    // the affine ladder (two inversions per bit) on the short edge scalars
    let ga = g.to_affine();
    for k in scalars.iter().take(4) {
        assert_eq!(ga.mul_ct_affine(k), reference_mul(&ga, k));
    }
    // identity input
    let o = Projective::<C>::identity();
    assert!(bool::from(o.mul_ct(&scalars[5]).is_identity()));
}

fn check_known<C: NamedCurve>(k: u64, x: &str, y: &str) {
    let p = Projective::<C>::generator().mul_ct(&[k]).to_affine();
    let s = C::Scalar::from_u64(k);
    assert_eq!(Affine::<C>::generator().mul_scalar(&s).to_affine(), p);
    assert_eq!(
        Projective::<C>::generator()
            .mul_scalar_vartime(&s)
            .to_affine(),
        p
    );
    assert_eq!(
        hex::encode(p.x.to_bytes_be()),
        x.to_ascii_lowercase(),
        "{} [{k}]G x",
        C::NAME
    );
    assert_eq!(
        hex::encode(p.y.to_bytes_be()),
        y.to_ascii_lowercase(),
        "{} [{k}]G y",
        C::NAME
    );
}

fn check_sec1_and_ecdh<C: NamedCurve>(seed: u64) {
    let mut rng = StdRng::seed_from_u64(seed);
    let fb = <C::Base as PrimeField>::BYTES;
    for _ in 0..4 {
        let (ska, pka) = generate_keypair::<C>(&mut rng);
        let (skb, pkb) = generate_keypair::<C>(&mut rng);
        let z1 = ska.diffie_hellman(&pkb).unwrap();
        let z2 = skb.diffie_hellman(&pka).unwrap();
        assert_eq!(z1, z2);
        assert_eq!(z1.as_bytes().len(), fb);
        // encodings round trip, both forms, through the one-shot API too
        for compressed in [false, true] {
            let enc = pkb.to_sec1_bytes(compressed);
            assert_eq!(enc.len(), if compressed { 1 + fb } else { 1 + 2 * fb });
            assert_eq!(PublicKey::<C>::from_sec1_bytes(&enc).unwrap(), pkb);
            assert_eq!(ecdh::<C>(&ska.to_bytes_be(), &enc).unwrap(), z1);
        }
        assert_eq!(
            SecretKey::<C>::from_bytes_be(&ska.to_bytes_be())
                .unwrap()
                .as_scalar(),
            ska.as_scalar()
        );
    }
    // decompression of both parities, −G and G
    let g = Affine::<C>::generator();
    for p in [g, -g] {
        assert_eq!(decode_point::<C>(&encode_point(&p, true)).unwrap(), p);
        assert_eq!(decode_point::<C>(&encode_point(&p, false)).unwrap(), p);
    }
    // invalid encodings
    let good = encode_point(&g, false);
    let goodc = encode_point(&g, true);
    assert_eq!(decode_point::<C>(&[]), Err(Sec1Error::InvalidLength));
    assert_eq!(decode_point::<C>(&[0]), Err(Sec1Error::PointAtInfinity));
    assert_eq!(decode_point::<C>(&[0, 0]), Err(Sec1Error::InvalidLength));
    assert_eq!(
        decode_point::<C>(&good[..good.len() - 1]),
        Err(Sec1Error::InvalidLength)
    );
    assert_eq!(
        decode_point::<C>(&goodc[..goodc.len() - 1]),
        Err(Sec1Error::InvalidLength)
    );
    let mut long = good.clone();
    long.push(0);
    assert_eq!(decode_point::<C>(&long), Err(Sec1Error::InvalidLength));
    for tag in [0x01u8, 0x05, 0x06, 0x07, 0xff] {
        let mut b = good.clone();
        b[0] = tag;
        assert_eq!(
            decode_point::<C>(&b),
            Err(Sec1Error::InvalidTag),
            "tag {tag:#x}"
        );
    }
    let mut off = good.clone();
    *off.last_mut().unwrap() ^= 1;
    assert_eq!(decode_point::<C>(&off), Err(Sec1Error::NotOnCurve));
    // x = p (non-canonical) and y + p where it fits
    let pbytes: Vec<u8> = (-C::Base::ONE).to_bytes_be();
    let mut p_enc = pbytes.clone();
    // p − 1 + 1 = p as bytes: add one to the big-endian integer
    for b in p_enc.iter_mut().rev() {
        let (v, c) = b.overflowing_add(1);
        *b = v;
        if !c {
            break;
        }
    }
    let mut bad_x = vec![0x04];
    bad_x.extend_from_slice(&p_enc);
    bad_x.extend_from_slice(&good[1 + fb..]);
    assert_eq!(
        decode_point::<C>(&bad_x),
        Err(Sec1Error::CoordinateOutOfRange)
    );
    let mut bad_xc = vec![0x02];
    bad_xc.extend_from_slice(&p_enc);
    assert_eq!(
        decode_point::<C>(&bad_xc),
        Err(Sec1Error::CoordinateOutOfRange)
    );
    let mut all_ff = vec![0x04];
    all_ff.extend(std::iter::repeat_n(0xff, 2 * fb));
    assert!(decode_point::<C>(&all_ff).is_err());
    // a compressed x with no point: the first x with a non-square right-hand side
    let mut x = C::Base::ONE;
    while bool::from(Affine::<C>::curve_rhs(&x).sqrt().is_some()) {
        x += C::Base::ONE;
    }
    let mut nc = vec![0x03];
    nc.extend_from_slice(&x.to_bytes_be());
    assert_eq!(decode_point::<C>(&nc), Err(Sec1Error::NotOnCurveCompressed));
    // invalid private scalars: 0, n, n + 1, all-ones, too long; valid: 1, n − 1, padded
    let n_be = limbs_to_be(C::ORDER, C::SCALAR_BYTES);
    let nm1 = limbs_to_be(&order_plus(C::ORDER, -1)[..C::ORDER.len()], C::SCALAR_BYTES);
    let np1 = limbs_to_be(&order_plus(C::ORDER, 1)[..C::ORDER.len()], C::SCALAR_BYTES);
    for bad in [
        vec![0u8],
        vec![0u8; C::SCALAR_BYTES],
        n_be.clone(),
        np1,
        vec![0xff; C::SCALAR_BYTES],
        {
            let mut v = vec![1u8];
            v.extend_from_slice(&nm1);
            v
        },
    ] {
        assert_eq!(
            ecdh::<C>(&bad, &good).unwrap_err(),
            EcdhError::InvalidPrivateKey
        );
    }
    assert!(ecdh::<C>(&[], &good).is_err());
    // d = 1 gives G's x; d = n − 1 gives −G's x (the same); a zero-padded d is accepted
    let gx = g.x.to_bytes_be();
    assert_eq!(ecdh::<C>(&[1], &good).unwrap().as_bytes(), &gx[..]);
    assert_eq!(ecdh::<C>(&nm1, &good).unwrap().as_bytes(), &gx[..]);
    let mut padded = vec![0u8; 9];
    padded.push(2);
    let g2x = Projective::<C>::generator()
        .double()
        .to_affine()
        .x
        .to_bytes_be();
    assert_eq!(ecdh::<C>(&padded, &goodc).unwrap().as_bytes(), &g2x[..]);
    // run-time dispatch by name
    let id = CurveId::from_name(C::CURVE_NAME).unwrap();
    assert_eq!(id.name(), C::CURVE_NAME);
    assert_eq!(ecdh_by_id(id, &[1], &good).unwrap().as_bytes(), &gx[..]);
}

pub(crate) fn limbs_to_be(l: &[u64], nbytes: usize) -> Vec<u8> {
    (0..nbytes)
        .rev()
        .map(|pos| (l[pos / 8] >> (8 * (pos % 8))) as u8)
        .collect()
}

macro_rules! named_tests {
    ($m:ident, $C:ty, seed = $seed:expr, random = $nr:expr, a0 = $a0:expr, am3 = $am3:expr) => {
        mod $m {
            use super::*;
            #[test]
            fn params() {
                assert!(params_are_consistent::<$C>());
                assert_eq!(<$C>::A_IS_ZERO, $a0);
                assert_eq!(<$C>::A_IS_MINUS_3, $am3);
                assert_eq!(<$C as NamedCurve>::COFACTOR, 1);
                // ORDER_BITS agrees with ORDER
                let n = <$C>::ORDER;
                let top = n[n.len() - 1];
                assert_eq!(
                    <$C as NamedCurve>::ORDER_BITS,
                    64 * (n.len() as u32 - 1) + 64 - top.leading_zeros()
                );
            }
            #[test]
            fn generator_and_order() {
                let g = Projective::<$C>::generator();
                assert!(bool::from(g.is_on_curve()));
                assert!(bool::from(g.mul_ct(<$C>::ORDER).is_identity()));
                assert!(bool::from(g.mul_vartime(<$C>::ORDER).is_identity()));
                assert!(bool::from(
                    reference_mul(&g.to_affine(), <$C>::ORDER).is_identity()
                ));
                assert_eq!(g.mul_ct(&order_plus(<$C>::ORDER, -1)), -g);
            }
            #[test]
            fn methods_agree_with_reference() {
                check_methods::<$C>($seed, $nr);
            }
            #[test]
            fn typed_scalars() {
                crate::scalar::check_scalars::<$C>($seed + 2);
            }
            #[test]
            fn sec1_and_ecdh() {
                check_sec1_and_ecdh::<$C>($seed + 1);
            }
        }
    };
}

named_tests!(
    secp192r1,
    Secp192r1,
    seed = 1920,
    random = 6,
    a0 = false,
    am3 = true
);
named_tests!(
    secp224r1,
    Secp224r1,
    seed = 2240,
    random = 6,
    a0 = false,
    am3 = true
);
named_tests!(
    secp256r1,
    Secp256r1,
    seed = 2560,
    random = 6,
    a0 = false,
    am3 = true
);
named_tests!(
    secp384r1,
    Secp384r1,
    seed = 3840,
    random = 4,
    a0 = false,
    am3 = true
);
named_tests!(
    secp521r1,
    Secp521r1,
    seed = 5210,
    random = 2,
    a0 = false,
    am3 = true
);
named_tests!(
    secp256k1,
    Secp256k1,
    seed = 2561,
    random = 6,
    a0 = true,
    am3 = false
);
named_tests!(
    brainpool_p256r1,
    BrainpoolP256r1,
    seed = 2562,
    random = 6,
    a0 = false,
    am3 = false
);
named_tests!(
    brainpool_p384r1,
    BrainpoolP384r1,
    seed = 3841,
    random = 4,
    a0 = false,
    am3 = false
);

#[test]
fn known_multiples() {
    check_known::<Secp192r1>(
        2,
        "DAFEBF5828783F2AD35534631588A3F629A70FB16982A888",
        "DD6BDA0D993DA0FA46B27BBC141B868F59331AFA5C7E93AB",
    );
    check_known::<Secp224r1>(
        2,
        "706A46DC76DCB76798E60E6D89474788D16DC18032D268FD1A704FA6",
        "1C2B76A7BC25E7702A704FA986892849FCA629487ACF3709D2E4E8BB",
    );
    check_known::<Secp256r1>(
        2,
        "7CF27B188D034F7E8A52380304B51AC3C08969E277F21B35A60B48FC47669978",
        "07775510DB8ED040293D9AC69F7430DBBA7DADE63CE982299E04B79D227873D1",
    );
    check_known::<Secp256r1>(
        3,
        "5ECBE4D1A6330A44C8F7EF951D4BF165E6C6B721EFADA985FB41661BC6E7FD6C",
        "8734640C4998FF7E374B06CE1A64A2ECD82AB036384FB83D9A79B127A27D5032",
    );
    check_known::<Secp384r1>(
        2,
        "08D999057BA3D2D969260045C55B97F089025959A6F434D651D207D19FB96E9E4FE0E86EBE0E64F85B96A9C75295DF61",
        "8E80F1FA5B1B3CEDB7BFE8DFFD6DBA74B275D875BC6CC43E904E505F256AB4255FFD43E94D39E22D61501E700A940E80",
    );
    check_known::<Secp521r1>(
        2,
        "00433C219024277E7E682FCB288148C282747403279B1CCC06352C6E5505D769BE97B3B204DA6EF55507AA104A3A35C5AF41CF2FA364D60FD967F43E3933BA6D783D",
        "00F4BB8CC7F86DB26700A7F3ECEEEED3F0B5C6B5107C4DA97740AB21A29906C42DBBB3E377DE9F251F6B93937FA99A3248F4EAFCBE95EDC0F4F71BE356D661F41B02",
    );
    check_known::<Secp256k1>(
        2,
        "c6047f9441ed7d6d3045406e95c07cd85c778e4b8cef3ca7abac09b95c709ee5",
        "1ae168fea63dc339a3c58419466ceaeef7f632653266d0e1236431a950cfe52a",
    );
    check_known::<Secp256k1>(
        3,
        "f9308a019258c31049344f85f89d5229b531c845836f99b08601f113bce036f9",
        "388f7b0f632de8140fe337e62a37f3566500a99934c2231b6cb9fd7584b8e672",
    );
}

/// RFC 7027 Appendix A.1: ECDH on brainpoolP256r1.
#[test]
fn rfc7027_brainpool_p256r1() {
    let da = unhex("81DB1EE100150FF2EA338D708271BE38300CB54241D79950F77B063039804F1D");
    let db = unhex("55E40BC41E37E3E2AD25C3C6654511FFA8474A91A0032087593852D3E7D76BD3");
    let qa = unhex(concat!(
        "04",
        "44106E913F92BC02A1705D9953A8414DB95E1AAA49E81D9E85F929A8E3100BE5",
        "8AB4846F11CACCB73CE49CBDD120F5A900A69FD32C272223F789EF10EB089BDC"
    ));
    let qb = unhex(concat!(
        "04",
        "8D2D688C6CF93E1160AD04CC4429117DC2C41825E1E9FCA0ADDD34E6F1B39F7B",
        "990C57520812BE512641E47034832106BC7D3E8DD0E4C7F1136D7006547CEC6A"
    ));
    let z = unhex("89AFC39D41D3B327814B80940B042590F96556EC91E6AE7939BCE31F3A18BF2B");
    // the typed scalar gives the published public key
    let sa = hayate_arith::fields::BrainpoolP256r1Fn::decode_be(&da).unwrap();
    let qa_typed = Affine::<BrainpoolP256r1>::generator() * sa;
    assert_eq!(encode_point(&qa_typed.to_affine(), false), qa);
    let ska = SecretKey::<BrainpoolP256r1>::from_bytes_be(&da).unwrap();
    assert_eq!(ska.public_key().to_sec1_bytes(false), qa);
    assert_eq!(
        ecdh::<BrainpoolP256r1>(&da, &qb).unwrap().as_bytes(),
        &z[..]
    );
    assert_eq!(
        ecdh::<BrainpoolP256r1>(&db, &qa).unwrap().as_bytes(),
        &z[..]
    );
}

/// P-224 decompression goes through Tonelli–Shanks with 2-adicity 96: correct and not slow.
#[test]
fn p224_sqrt_speed() {
    let g = Affine::<Secp224r1>::generator();
    let enc = encode_point(&g, true);
    let t = std::time::Instant::now();
    for _ in 0..20 {
        assert_eq!(decode_point::<Secp224r1>(&enc).unwrap(), g);
    }
    let per = t.elapsed() / 20;
    eprintln!("P-224 decompression: {per:?} per point");
    assert!(
        per < std::time::Duration::from_millis(20),
        "P-224 sqrt too slow: {per:?}"
    );
}

#[test]
fn curve_names() {
    for id in CurveId::ALL {
        assert_eq!(CurveId::from_name(id.name()), Some(id));
    }
    assert_eq!(CurveId::from_name("P-256"), Some(CurveId::Secp256r1));
    assert_eq!(CurveId::from_name("prime256v1"), Some(CurveId::Secp256r1));
    assert_eq!(
        CurveId::from_name("BrainpoolP384R1"),
        Some(CurveId::BrainpoolP384r1)
    );
    assert_eq!(CurveId::from_name("curve25519"), None);
}

//! Properties of both variants and all three schemes (the draft publishes no min-sig vectors):
//! sign/verify round trips, aggregates of n signatures, single flipped bits, wrong keys and
//! messages, batch verification, and hostile inputs for every decoder and list API. The
//! expected constants (ciphersuite IDs, EIP-2333's KeyGen outputs, r and p) are quoted from
//! their specifications.

use hayate_bls::{Error, Scheme};
use rand::{Rng, SeedableRng};

const SCHEMES: [Scheme; 3] = [Scheme::Basic, Scheme::Aug, Scheme::Pop];

/// BLS12-381 r (draft-irtf-cfrg-pairing-friendly-curves-11 §4.2.1), big-endian.
const R_HEX: &str = "73eda753299d7d483339d80809a1d80553bda402fffe5bfeffffffff00000001";
/// BLS12-381 p (same section), big-endian.
const P_HEX: &str = "1a0111ea397fe69a4b1ba7b6434bacd764774b84f38512bf6730d2a0f6b0f6241eabfffeb153ffffb9feffffffffaaab";

fn rng(seed: u64) -> rand::rngs::StdRng {
    rand::rngs::StdRng::seed_from_u64(seed)
}

/// The scalar r − 1 and r + k as 32 bytes.
fn r_plus(k: i64) -> [u8; 32] {
    let mut b: [u8; 32] = hex::decode(R_HEX).unwrap().try_into().unwrap();
    let mut carry = k as i128;
    for i in (0..32).rev() {
        let v = b[i] as i128 + carry;
        b[i] = v.rem_euclid(256) as u8;
        carry = v.div_euclid(256);
    }
    b
}

#[test]
fn ciphersuite_ids_are_the_drafts() {
    // draft-irtf-cfrg-bls-signature-05 §4.2.1–§4.2.3
    use hayate_bls::{min_pk, min_sig};
    assert_eq!(min_pk::ciphersuite_id(Scheme::Basic), "BLS_SIG_BLS12381G2_XMD:SHA-256_SSWU_RO_NUL_");
    assert_eq!(min_pk::ciphersuite_id(Scheme::Aug), "BLS_SIG_BLS12381G2_XMD:SHA-256_SSWU_RO_AUG_");
    assert_eq!(min_pk::ciphersuite_id(Scheme::Pop), "BLS_SIG_BLS12381G2_XMD:SHA-256_SSWU_RO_POP_");
    assert_eq!(min_pk::pop_dst(), "BLS_POP_BLS12381G2_XMD:SHA-256_SSWU_RO_POP_");
    assert_eq!(min_sig::ciphersuite_id(Scheme::Basic), "BLS_SIG_BLS12381G1_XMD:SHA-256_SSWU_RO_NUL_");
    assert_eq!(min_sig::ciphersuite_id(Scheme::Aug), "BLS_SIG_BLS12381G1_XMD:SHA-256_SSWU_RO_AUG_");
    assert_eq!(min_sig::ciphersuite_id(Scheme::Pop), "BLS_SIG_BLS12381G1_XMD:SHA-256_SSWU_RO_POP_");
    assert_eq!(min_sig::pop_dst(), "BLS_POP_BLS12381G1_XMD:SHA-256_SSWU_RO_POP_");
    assert_eq!(Scheme::from_name("POP"), Some(Scheme::Pop));
    assert_eq!(Scheme::from_name("Basic"), Some(Scheme::Basic));
    assert_eq!(Scheme::from_name("aug"), Some(Scheme::Aug));
    assert_eq!(Scheme::from_name("nul"), None);
    assert_eq!(Scheme::default(), Scheme::Pop);
}

/// EIP-2333's `HKDF_mod_r` is the draft's KeyGen with empty key_info (EIP-2333 "Test Cases",
/// master_SK of test cases 0–3; ethereum/EIPs EIPS/eip-2333.md).
#[test]
fn keygen_eip2333_master_keys() {
    let cases = [
        ("c55257c360c07c72029aebc1b53c05ed0362ada38ead3e3e9efa3708e53495531f09a6987599d18264c1e1c92f2cf141630c7a3c4ab7c81b2f001698e7463b04",
         "6083874454709270928345386274498605044986640685124978867557563392430687146096"),
        ("3141592653589793238462643383279502884197169399375105820974944592",
         "29757020647961307431480504535336562678282505419141012933316116377660817309383"),
        ("0099FF991111002299DD7744EE3355BBDD8844115566CC55663355668888CC00",
         "27580842291869792442942448775674722299803720648445448686099262467207037398656"),
        ("d4e56740f876aef8c010b86a40d5f56745a118d0906a34e69aec8c0db1cb8fa3",
         "19022158461524446591288038168518313374041767046816487870552872741050760015818"),
    ];
    for (seed, want) in cases {
        let seed = hex::decode(seed).unwrap();
        let want = num_bigint::BigUint::parse_bytes(want.as_bytes(), 10).unwrap();
        let mut want_be = want.to_bytes_be();
        while want_be.len() < 32 {
            want_be.insert(0, 0);
        }
        let a = hayate_bls::min_pk::SecretKey::key_gen(&seed, b"").unwrap();
        assert_eq!(a.to_bytes().to_vec(), want_be);
        let b = hayate_bls::min_sig::SecretKey::key_gen(&seed, b"").unwrap();
        assert_eq!(b.to_bytes().to_vec(), want_be);
        // key_info is part of the derivation
        let c = hayate_bls::min_pk::SecretKey::key_gen(&seed, b"info").unwrap();
        assert_ne!(c.to_bytes().to_vec(), want_be);
    }
}

macro_rules! variant_tests {
    ($m:ident, $pk_len:expr, $sig_len:expr) => {
        mod $m {
            use super::*;
            use hayate_bls::$m::{
                verify_multiple_aggregate_signatures, AggregateSignature, PublicKey, SecretKey,
                Signature, PK_LEN, SIG_LEN,
            };

            fn keys(n: usize, seed: u64) -> Vec<(SecretKey, PublicKey)> {
                let mut r = rng(seed);
                (0..n)
                    .map(|_| {
                        let ikm: [u8; 32] = r.gen();
                        let sk = SecretKey::key_gen(&ikm, b"").unwrap();
                        let pk = sk.sk_to_pk();
                        (sk, pk)
                    })
                    .collect()
            }

            #[test]
            fn lengths() {
                assert_eq!((PK_LEN, SIG_LEN), ($pk_len, $sig_len));
            }

            #[test]
            fn sign_verify_round_trip() {
                for (i, (sk, pk)) in keys(3, 1).iter().enumerate() {
                    for scheme in SCHEMES {
                        let msg = format!("message {i}");
                        let sig = sk.sign(msg.as_bytes(), scheme);
                        let sig = Signature::from_bytes(&sig.to_bytes()).unwrap();
                        let pk2 = PublicKey::from_bytes(&pk.to_bytes()).unwrap();
                        assert_eq!(&pk2, pk);
                        assert_eq!(sig.verify(pk, msg.as_bytes(), scheme), Ok(()));
                        assert_eq!(pk.verify(msg.as_bytes(), &sig, scheme), Ok(()));
                        // wrong message, wrong scheme
                        assert_eq!(
                            sig.verify(pk, b"other", scheme),
                            Err(Error::VerificationFailed)
                        );
                        for other in SCHEMES.iter().filter(|s| **s != scheme) {
                            assert!(sig.verify(pk, msg.as_bytes(), *other).is_err());
                        }
                        assert_eq!(sk.sign_with_pk(pk, msg.as_bytes(), scheme), sig);
                        // secret-key encoding round trip
                        let sk2 = SecretKey::from_bytes(&sk.to_bytes()).unwrap();
                        assert_eq!(&sk2, sk);
                    }
                }
                // empty and long messages
                let (sk, pk) = &keys(1, 2)[0];
                let long = vec![0x5au8; 10_000];
                for m in [&b""[..], &long[..]] {
                    assert_eq!(sk.sign(m, Scheme::Pop).verify(pk, m, Scheme::Pop), Ok(()));
                }
            }

            #[test]
            fn wrong_key_fails() {
                let ks = keys(2, 3);
                for scheme in SCHEMES {
                    let sig = ks[0].0.sign(b"m", scheme);
                    assert_eq!(sig.verify(&ks[1].1, b"m", scheme), Err(Error::VerificationFailed));
                }
            }

            /// Any single flipped bit of the signature, the public key or the message makes
            /// verification fail (decoding errors count as failures).
            #[test]
            fn flipped_bits_fail() {
                let (sk, pk) = &keys(1, 4)[0];
                let msg = b"flip me".to_vec();
                let sig = sk.sign(&msg, Scheme::Pop);
                let sb = sig.to_bytes();
                let pb = pk.to_bytes();
                let verify = |p: &[u8], s: &[u8], m: &[u8]| -> Result<(), Error> {
                    let pk = PublicKey::from_bytes(p)?;
                    let sig = Signature::from_bytes(s)?;
                    sig.verify(&pk, m, Scheme::Pop)
                };
                assert_eq!(verify(&pb, &sb, &msg), Ok(()));
                // every bit of the first two bytes (flags), then every 5th bit
                let positions = |len: usize| {
                    (0..16).chain((16..8 * len).step_by(5)).collect::<Vec<usize>>()
                };
                for bit in positions(SIG_LEN) {
                    let mut s = sb;
                    s[bit / 8] ^= 0x80 >> (bit % 8);
                    assert!(verify(&pb, &s, &msg).is_err(), "signature bit {bit}");
                }
                for bit in positions(PK_LEN) {
                    let mut p = pb;
                    p[bit / 8] ^= 0x80 >> (bit % 8);
                    assert!(verify(&p, &sb, &msg).is_err(), "key bit {bit}");
                }
                for bit in 0..8 * msg.len() {
                    let mut m = msg.clone();
                    m[bit / 8] ^= 0x80 >> (bit % 8);
                    assert!(verify(&pb, &sb, &m).is_err(), "message bit {bit}");
                }
            }

            #[test]
            fn aggregates_verify() {
                let n = 5;
                let ks = keys(n, 5);
                let msgs: Vec<Vec<u8>> = (0..n).map(|i| vec![i as u8; i + 1]).collect();
                let mrefs: Vec<&[u8]> = msgs.iter().map(|m| m.as_slice()).collect();
                let pks: Vec<&PublicKey> = ks.iter().map(|k| &k.1).collect();
                for scheme in SCHEMES {
                    let sigs: Vec<Signature> =
                        ks.iter().zip(&msgs).map(|(k, m)| k.0.sign(m, scheme)).collect();
                    let srefs: Vec<&Signature> = sigs.iter().collect();
                    let agg = AggregateSignature::aggregate(&srefs).unwrap().to_signature();
                    assert_eq!(agg.aggregate_verify(&pks, &mrefs, scheme), Ok(()), "{scheme}");
                    // one signature missing, messages swapped, a key dropped
                    let part = AggregateSignature::aggregate(&srefs[1..]).unwrap().to_signature();
                    assert!(part.aggregate_verify(&pks, &mrefs, scheme).is_err());
                    let mut swapped = mrefs.clone();
                    swapped.swap(0, 1);
                    assert!(agg.aggregate_verify(&pks, &swapped, scheme).is_err());
                    assert_eq!(
                        agg.aggregate_verify(&pks[1..], &mrefs, scheme),
                        Err(Error::LengthMismatch)
                    );
                    assert_eq!(agg.aggregate_verify(&[], &[], scheme), Err(Error::EmptyInput));
                    // incremental aggregation agrees
                    let mut inc = AggregateSignature::from(&sigs[0]);
                    for s in &sigs[1..] {
                        inc.add_signature(s);
                    }
                    assert_eq!(inc.to_signature(), agg);
                }
                // basic: duplicate messages rejected before any pairing
                let sigs: Vec<Signature> = ks.iter().map(|k| k.0.sign(b"same", Scheme::Basic)).collect();
                let srefs: Vec<&Signature> = sigs.iter().collect();
                let agg = AggregateSignature::aggregate(&srefs).unwrap().to_signature();
                let same: Vec<&[u8]> = vec![b"same"; n];
                assert_eq!(
                    agg.aggregate_verify(&pks, &same, Scheme::Basic),
                    Err(Error::DuplicateMessage)
                );
                assert_eq!(AggregateSignature::aggregate(&[]), Err(Error::EmptyInput));
            }

            #[test]
            fn fast_aggregate_and_pop() {
                let ks = keys(4, 6);
                let pks: Vec<&PublicKey> = ks.iter().map(|k| &k.1).collect();
                let sigs: Vec<Signature> = ks.iter().map(|k| k.0.sign(b"block", Scheme::Pop)).collect();
                let srefs: Vec<&Signature> = sigs.iter().collect();
                let agg = AggregateSignature::aggregate(&srefs).unwrap().to_signature();
                assert_eq!(agg.fast_aggregate_verify(&pks, b"block"), Ok(()));
                assert!(agg.fast_aggregate_verify(&pks, b"blocc").is_err());
                assert!(agg.fast_aggregate_verify(&pks[1..], b"block").is_err());
                assert_eq!(agg.fast_aggregate_verify(&[], b"block"), Err(Error::EmptyInput));
                // the aggregate key verifies the aggregate as one signature
                let apk = PublicKey::aggregate(&pks).unwrap();
                assert_eq!(agg.verify(&apk, b"block", Scheme::Pop), Ok(()));
                // keys that cancel: pk and −pk sum to the identity
                let neg = PublicKey::from_point(&ks[0].1.as_point().neg()).unwrap();
                assert_eq!(
                    agg.fast_aggregate_verify(&[&ks[0].1, &neg], b"block"),
                    Err(Error::IdentityKey)
                );
                // proofs of possession
                for (sk, pk) in &ks {
                    let proof = sk.pop_prove();
                    assert_eq!(pk.pop_verify(&proof), Ok(()));
                    assert!(ks[0].1.pop_verify(&proof).is_ok() == (pk == &ks[0].1));
                    // a proof is not a PoP-scheme signature on the key bytes (separate DST)
                    assert!(proof.verify(pk, &pk.to_bytes(), Scheme::Pop).is_err());
                    assert!(pk.pop_verify(&sk.sign(&pk.to_bytes(), Scheme::Pop)).is_err());
                }
            }

            #[test]
            fn batch_verification() {
                let n = 9;
                let ks = keys(n, 7);
                let msgs: Vec<Vec<u8>> = (0..n).map(|i| format!("msg {i}").into_bytes()).collect();
                let mrefs: Vec<&[u8]> = msgs.iter().map(|m| m.as_slice()).collect();
                let pks: Vec<&PublicKey> = ks.iter().map(|k| &k.1).collect();
                let mut r = rng(8);
                for scheme in SCHEMES {
                    let sigs: Vec<Signature> =
                        ks.iter().zip(&msgs).map(|(k, m)| k.0.sign(m, scheme)).collect();
                    let srefs: Vec<&Signature> = sigs.iter().collect();
                    for threads in [1, 2, 4, 16] {
                        assert_eq!(
                            verify_multiple_aggregate_signatures(&pks, &mrefs, &srefs, scheme, &mut r, threads),
                            Ok(()),
                            "{scheme} {threads}"
                        );
                    }
                    // one bad triple, anywhere
                    for bad in [0, n / 2, n - 1] {
                        let mut s2 = srefs.clone();
                        s2[bad] = srefs[(bad + 1) % n];
                        for threads in [1, 2] {
                            assert_eq!(
                                verify_multiple_aggregate_signatures(&pks, &mrefs, &s2, scheme, &mut r, threads),
                                Err(Error::VerificationFailed)
                            );
                        }
                    }
                    // two swapped signatures whose sum is unchanged still fail (random weights)
                    let mut s3 = srefs.clone();
                    s3.swap(0, 1);
                    assert!(verify_multiple_aggregate_signatures(&pks, &mrefs, &s3, scheme, &mut r, 1).is_err());
                    assert_eq!(
                        verify_multiple_aggregate_signatures(&pks, &mrefs[1..], &srefs, scheme, &mut r, 1),
                        Err(Error::LengthMismatch)
                    );
                    assert_eq!(
                        verify_multiple_aggregate_signatures(&[], &[], &[], scheme, &mut r, 2),
                        Err(Error::EmptyInput)
                    );
                    assert_eq!(
                        verify_multiple_aggregate_signatures(&pks, &mrefs, &srefs, scheme, &mut r, 0),
                        Ok(())
                    );
                }
            }

            #[test]
            fn hostile_encodings() {
                let (sk, pk) = &keys(1, 9)[0];
                let pb = pk.to_bytes();
                let sb = sk.sign(b"x", Scheme::Pop).to_bytes();
                // lengths
                for len in [0, 1, PK_LEN - 1, PK_LEN + 1, 2 * PK_LEN] {
                    let b = vec![0x80u8; len];
                    assert!(matches!(PublicKey::from_bytes(&b), Err(Error::InvalidLength { .. })), "{len}");
                }
                for len in [0, SIG_LEN - 1, SIG_LEN + 1, 2 * SIG_LEN] {
                    let b = vec![0x80u8; len];
                    assert!(matches!(Signature::from_bytes(&b), Err(Error::InvalidLength { .. })), "{len}");
                }
                // identity key rejected (KeyValidate); identity signature decodes, never verifies
                let mut inf_pk = vec![0u8; PK_LEN];
                inf_pk[0] = 0xc0;
                assert_eq!(PublicKey::from_bytes(&inf_pk), Err(Error::IdentityKey));
                let mut inf_sig = vec![0u8; SIG_LEN];
                inf_sig[0] = 0xc0;
                let id = Signature::from_bytes(&inf_sig).unwrap();
                for scheme in SCHEMES {
                    assert_eq!(id.verify(pk, b"x", scheme), Err(Error::VerificationFailed));
                }
                // infinity flag with other bits set; sort flag on infinity
                for (i, v) in [(PK_LEN - 1, 1u8), (1, 0x10)] {
                    let mut b = inf_pk.clone();
                    b[i] |= v;
                    assert!(matches!(PublicKey::from_bytes(&b), Err(Error::BadEncoding(_))));
                }
                let mut b = inf_pk.clone();
                b[0] |= 0x20;
                assert!(matches!(PublicKey::from_bytes(&b), Err(Error::BadEncoding(_))));
                // compression flag cleared on a compressed-length input
                let mut b = pb;
                b[0] &= 0x7f;
                assert!(matches!(PublicKey::from_bytes(&b), Err(Error::BadEncoding(_))));
                let mut b = sb;
                b[0] &= 0x7f;
                assert!(matches!(Signature::from_bytes(&b), Err(Error::BadEncoding(_))));
                // x = p and x = all ones (≥ p), in the first (c1 for G2) coordinate
                let p = hex::decode(P_HEX).unwrap();
                for x in [p.clone(), vec![0x1f; 48]] {
                    let mut b = vec![0u8; PK_LEN];
                    b[..48].copy_from_slice(&x);
                    b[0] |= 0x80;
                    let got = PublicKey::from_bytes(&b);
                    assert!(matches!(got, Err(Error::BadEncoding(_))), "{got:?}");
                    let mut b = vec![0u8; SIG_LEN];
                    b[..48].copy_from_slice(&x);
                    b[0] |= 0x80;
                    assert!(matches!(Signature::from_bytes(&b), Err(Error::BadEncoding(_))));
                }
                // off the curve or outside the subgroup: x = 0 … 40, each rejected or valid
                // consistently between the two types (a decoded point is always in G)
                let mut off = 0;
                for x in 0..40u8 {
                    let mut b = vec![0u8; PK_LEN];
                    b[PK_LEN - 1] = x;
                    b[0] = 0x80;
                    match PublicKey::from_bytes(&b) {
                        Err(Error::NotOnCurve) | Err(Error::NotInSubgroup) => off += 1,
                        Ok(k) => assert_eq!(k.to_bytes().to_vec(), b),
                        Err(e) => panic!("x = {x}: {e}"),
                    }
                }
                assert!(off >= 30, "{off}");
            }

            #[test]
            fn secret_keys() {
                assert_eq!(SecretKey::from_bytes(&[0u8; 32]), Err(Error::InvalidSecretKey));
                assert_eq!(SecretKey::from_bytes(&r_plus(0)), Err(Error::InvalidSecretKey));
                assert_eq!(SecretKey::from_bytes(&r_plus(1)), Err(Error::InvalidSecretKey));
                assert_eq!(SecretKey::from_bytes(&[0xffu8; 32]), Err(Error::InvalidSecretKey));
                assert_eq!(SecretKey::from_bytes(&[1u8; 31]), Err(Error::InvalidSecretKey));
                assert_eq!(SecretKey::from_bytes(&[1u8; 33]), Err(Error::InvalidSecretKey));
                let top = SecretKey::from_bytes(&r_plus(-1)).unwrap();
                assert_eq!(top.to_bytes(), r_plus(-1));
                let mut one = [0u8; 32];
                one[31] = 1;
                let one = SecretKey::from_bytes(&one).unwrap();
                // [r − 1]g = −g = −[1]g
                assert_eq!(top.sk_to_pk().as_point(), &one.sk_to_pk().as_point().neg());
                assert_eq!(SecretKey::key_gen(&[7u8; 31], b""), Err(Error::IkmTooShort));
                assert!(SecretKey::key_gen(&[7u8; 32], b"").is_ok());
                let dbg = format!("{:?}", one);
                assert!(!dbg.contains("01"), "{dbg}");
            }

            #[test]
            fn signature_traits() {
                use signature::{Keypair, SignatureEncoding, Signer, Verifier};
                let (sk, pk) = &keys(1, 10)[0];
                let sig: Signature = sk.try_sign(b"traits").unwrap();
                assert_eq!(sig, sk.sign(b"traits", Scheme::Pop));
                assert!(Verifier::verify(pk, b"traits", &sig).is_ok());
                assert!(Verifier::verify(pk, b"trait", &sig).is_err());
                assert_eq!(&sk.verifying_key(), pk);
                let enc = SignatureEncoding::to_bytes(&sig);
                assert_eq!(Signature::try_from(&enc[..]).unwrap(), sig);
                assert_eq!(enc.len(), SIG_LEN);
            }
        }
    };
}

variant_tests!(min_pk, 48, 96);
variant_tests!(min_sig, 96, 48);

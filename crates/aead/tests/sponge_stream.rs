//! Tests for `ketjesrv2`, `ascon128v12`, `acorn128v3` and `asconaead128` beyond the KAT files
//! and SUPERCOP checksums: third-party ACORN vectors, the RustCrypto `aead` 0.6 trait API, and
//! negative tests (tampering, truncation, wrong nonce/key, wrong lengths) that must give a
//! typed error, a wiped buffer and no panic.

use hayate_aead::acorn::Acorn128v3;
use hayate_aead::ascon::{Ascon128v12, AsconAead128};
use hayate_aead::ketje::KetjeSrv2;
use hayate_aead::{by_name, Aead, Error, Scheme, ALGORITHMS};

fn unhex(s: &str) -> Vec<u8> {
    let s: String = s.chars().filter(|c| !c.is_whitespace()).collect();
    (0..s.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(&s[i..i + 2], 16).expect("hex"))
        .collect()
}

/// ACORN-128 v3 vectors from the Arduino Cryptography Library (rweather/arduinolibs,
/// libraries/CryptoLW/examples/TestAcorn/TestAcorn.ino): key, iv, ad, pt, ct, tag.
const ACORN_VECTORS: &[(&str, &str, &str, &str, &str, &str)] = &[
    (
        "00000000000000000000000000000000",
        "00000000000000000000000000000000",
        "",
        "",
        "",
        "835e5317896e86b2447143c74f6ffc1e",
    ),
    (
        "00000000000000000000000000000000",
        "00000000000000000000000000000000",
        "",
        "01",
        "2b",
        "4b60640e26f0a99dd01f93bf634997cb",
    ),
    (
        "00000000000000000000000000000000",
        "00000000000000000000000000000000",
        "01",
        "",
        "",
        "982ef7d1bba7f89a1575297a095cd7f2",
    ),
    (
        "000102030405060708090a0b0c0d0e0f",
        "000306090c0f1215181b1e2124272a2d",
        "01010101010101010101010101010101",
        "01010101010101010101010101010101",
        "86801fa89e33d99235dd4d1a72ce001a",
        "d9c66b4adb3cde073e6350cc7e237e01",
    ),
    (
        "000102030405060708090a0b0c0d0e0f",
        "000306090c0f1215181b1e2124272a2d",
        "00050a0f14191e23282d32373c41464b50555a5f64696e73787d82878c91969ba0a5aaafb4b9be",
        "00070e151c232a31383f464d545b626970777e858c939aa1a8afb6bdc4cbd2d9e0e7eef5fc030a11\
         181f262d343b424950575e656c737a81888f969da4abb2b9c0c7ced5dce3eaf1f8",
        "e7ef316378444644705c4381c888833b6d62a749005ab8fa146a85904d5e5ab77c575821583\
         95d8fe6b666e6c85177648aeb7784cf2eeaed3c22e7e96bf59009cd7ad21ba5df1a0fc0",
        "51b4bd86c68ccf0682f5695d2667d535",
    ),
];

#[test]
fn acorn_arduino_vectors() {
    let alg = by_name("acorn128v3").expect("registered");
    for (i, &(k, iv, ad, pt, ct, tag)) in ACORN_VECTORS.iter().enumerate() {
        let (k, iv, ad, pt) = (unhex(k), unhex(iv), unhex(ad), unhex(pt));
        let mut expected = unhex(ct);
        expected.extend_from_slice(&unhex(tag));
        assert_eq!(
            alg.encrypt(&k, &iv, &ad, &pt).expect("encrypt"),
            expected,
            "vector {}",
            i + 1
        );
        assert_eq!(
            alg.decrypt(&k, &iv, &ad, &expected).expect("decrypt"),
            pt,
            "vector {}",
            i + 1
        );
    }
}

/// The same vectors through the streaming API, byte by byte and in uneven chunks.
#[test]
fn acorn_arduino_vectors_streaming() {
    use hayate_aead::{Encryptor, Verifier};
    for (i, &(k, iv, ad, pt, ct, tag)) in ACORN_VECTORS.iter().enumerate() {
        let (k, iv, ad, pt, ct, tag) = (
            unhex(k),
            unhex(iv),
            unhex(ad),
            unhex(pt),
            unhex(ct),
            unhex(tag),
        );
        for step in [1usize, 3, 5, 64] {
            let mut enc = Encryptor::<Acorn128v3>::new(&k, &iv, &ad).expect("encryptor");
            let mut buf = pt.clone();
            for c in buf.chunks_mut(step) {
                enc.update(c);
                enc.update(&mut []);
            }
            assert_eq!(buf, ct, "vector {} step {step}", i + 1);
            assert_eq!(
                &enc.finalize()[..],
                &tag[..],
                "vector {} step {step}",
                i + 1
            );

            let mut v = Verifier::<Acorn128v3>::new(&k, &iv, &ad).expect("verifier");
            for c in ct.chunks(step) {
                v.update(c);
            }
            let mut d = v.verify(&tag).expect("verifies");
            let mut buf = ct.clone();
            for c in buf.chunks_mut(step + 1) {
                d.update(c);
            }
            d.finalize().expect("pass 2");
            assert_eq!(buf, pt, "vector {} step {step}", i + 1);
        }
    }
}

#[test]
fn registry_order_and_lookup() {
    let names: Vec<&str> = ALGORITHMS.iter().map(|a| a.name()).collect();
    let mine = ["ketjesrv2", "ascon128v12", "acorn128v3", "asconaead128"];
    let pos: Vec<usize> = mine
        .iter()
        .map(|n| names.iter().position(|m| m == n).expect("registered"))
        .collect();
    assert!(
        pos.windows(2).all(|w| w[0] < w[1]),
        "paper order: {names:?}"
    );
    assert_eq!(by_name("nope").err(), Some(Error::UnknownAlgorithm));
    let k = by_name("ketjesrv2").expect("ketje");
    assert_eq!((k.key_len(), k.nonce_len(), k.tag_len()), (16, 31, 16));
    for n in ["ascon128v12", "acorn128v3", "asconaead128"] {
        let a = by_name(n).expect("registered");
        assert_eq!(
            (a.key_len(), a.nonce_len(), a.tag_len()),
            (16, 16, 16),
            "{n}"
        );
    }
}

// ---------------------------------------------------------------------------------------------
// Negative tests

fn pattern(len: usize, seed: u8) -> Vec<u8> {
    (0..len)
        .map(|i| (i as u8).wrapping_mul(29).wrapping_add(seed))
        .collect()
}

/// Byte-slice API: every kind of tampering is rejected with a typed error.
fn negative_byte_api(alg: &dyn Aead) {
    let key = pattern(alg.key_len(), 1);
    let nonce = pattern(alg.nonce_len(), 2);
    for &(pt_len, ad_len) in &[
        (0usize, 0usize),
        (1, 0),
        (0, 1),
        (7, 9),
        (16, 16),
        (33, 5),
        (100, 77),
    ] {
        let pt = pattern(pt_len, 3);
        let ad = pattern(ad_len, 4);
        let ct = alg.encrypt(&key, &nonce, &ad, &pt).expect("encrypt");
        assert_eq!(ct.len(), pt_len + alg.tag_len());
        assert_eq!(alg.decrypt(&key, &nonce, &ad, &ct).expect("decrypt"), pt);

        // Every flipped bit of ciphertext and tag (spot-checked positions for long inputs).
        for i in (0..ct.len()).step_by(1 + ct.len() / 40) {
            for bit in [0u8, 7] {
                let mut bad = ct.clone();
                bad[i] ^= 1 << bit;
                assert_eq!(
                    alg.decrypt(&key, &nonce, &ad, &bad),
                    Err(Error::Authentication)
                );
            }
        }
        // Flipped associated-data bits, added / removed AD bytes.
        for i in 0..ad.len() {
            let mut bad = ad.clone();
            bad[i] ^= 0x80;
            assert_eq!(
                alg.decrypt(&key, &nonce, &bad, &ct),
                Err(Error::Authentication)
            );
        }
        let mut longer = ad.clone();
        longer.push(0);
        assert_eq!(
            alg.decrypt(&key, &nonce, &longer, &ct),
            Err(Error::Authentication)
        );
        if !ad.is_empty() {
            assert_eq!(
                alg.decrypt(&key, &nonce, &ad[1..], &ct),
                Err(Error::Authentication)
            );
        }
        // Truncated inputs: one byte short (still authenticated), and shorter than the tag.
        if !ct.is_empty() {
            assert_eq!(
                alg.decrypt(&key, &nonce, &ad, &ct[..ct.len() - 1]),
                if ct.len() - 1 < alg.tag_len() {
                    Err(Error::CiphertextTooShort {
                        tag_len: alg.tag_len(),
                        got: ct.len() - 1,
                    })
                } else {
                    Err(Error::Authentication)
                }
            );
        }
        for short in 0..alg.tag_len() {
            assert_eq!(
                alg.decrypt(&key, &nonce, &ad, &ct[..short.min(ct.len())]),
                Err(Error::CiphertextTooShort {
                    tag_len: alg.tag_len(),
                    got: short.min(ct.len())
                })
            );
        }
        // Wrong nonce, wrong key.
        let mut n2 = nonce.clone();
        n2[alg.nonce_len() - 1] ^= 1;
        assert_eq!(alg.decrypt(&key, &n2, &ad, &ct), Err(Error::Authentication));
        let mut k2 = key.clone();
        k2[0] ^= 0x40;
        assert_eq!(
            alg.decrypt(&k2, &nonce, &ad, &ct),
            Err(Error::Authentication)
        );
    }

    // Wrong key / nonce lengths, both directions.
    let ct = alg.encrypt(&key, &nonce, b"", b"x").expect("encrypt");
    for kl in [0, alg.key_len() - 1, alg.key_len() + 1, 32] {
        let k = pattern(kl, 5);
        let e = Err(Error::KeyLength {
            expected: alg.key_len(),
            got: kl,
        });
        assert_eq!(alg.encrypt(&k, &nonce, b"", b"x"), e);
        assert_eq!(alg.decrypt(&k, &nonce, b"", &ct), e);
    }
    for nl in [0, 12, alg.nonce_len() - 1, alg.nonce_len() + 1, 64] {
        let n = pattern(nl, 6);
        let e = Err(Error::NonceLength {
            expected: alg.nonce_len(),
            got: nl,
        });
        assert_eq!(alg.encrypt(&key, &n, b"", b"x"), e);
        assert_eq!(alg.decrypt(&key, &n, b"", &ct), e);
    }
}

/// Detached `Scheme` API: on failure the buffer is wiped (all zero), never left as plaintext.
fn negative_detached<S: Scheme>() {
    let s = S::new(&pattern(S::KEY_LEN, 9)).expect("key");
    let nonce = pattern(S::NONCE_LEN, 10);
    let ad = pattern(13, 11);
    for len in [1usize, 4, 5, 8, 16, 31, 64] {
        let pt = pattern(len, 12);
        let mut buf = pt.clone();
        let mut tag = vec![0u8; S::TAG_LEN];
        s.encrypt_detached(&nonce, &ad, &mut buf, &mut tag)
            .expect("encrypt");
        let ct = buf.clone();

        // Good tag: plaintext back.
        s.decrypt_detached(&nonce, &ad, &mut buf, &tag)
            .expect("decrypt");
        assert_eq!(buf, pt);

        // Bad tag: typed error, wiped buffer.
        let mut bad_tag = tag.clone();
        bad_tag[S::TAG_LEN - 1] ^= 0x01;
        let mut buf = ct.clone();
        assert_eq!(
            s.decrypt_detached(&nonce, &ad, &mut buf, &bad_tag),
            Err(Error::Authentication)
        );
        assert!(buf.iter().all(|&b| b == 0), "{}: buffer not wiped", S::NAME);

        // Truncated tag: typed error (the same variant for every scheme), wiped buffer.
        let mut buf = ct.clone();
        assert_eq!(
            s.decrypt_detached(&nonce, &ad, &mut buf, &tag[..S::TAG_LEN - 1]),
            Err(Error::TagLength {
                expected: S::TAG_LEN,
                got: S::TAG_LEN - 1
            })
        );
        assert!(buf.iter().all(|&b| b == 0));

        // Bad ciphertext bit: wiped buffer.
        let mut buf = ct.clone();
        buf[len / 2] ^= 0x10;
        assert_eq!(
            s.decrypt_detached(&nonce, &ad, &mut buf, &tag),
            Err(Error::Authentication)
        );
        assert!(buf.iter().all(|&b| b == 0));

        // Wrong tag buffer length on encryption: typed error.
        let mut buf = pt.clone();
        let mut long_tag = vec![0u8; S::TAG_LEN + 1];
        assert_eq!(
            s.encrypt_detached(&nonce, &ad, &mut buf, &mut long_tag),
            Err(Error::TagLength {
                expected: S::TAG_LEN,
                got: S::TAG_LEN + 1
            })
        );
    }
    assert!(matches!(
        S::new(&[0u8; 15]),
        Err(Error::KeyLength {
            expected: 16,
            got: 15
        })
    ));
}

#[test]
fn negative_ketjesrv2() {
    negative_byte_api(by_name("ketjesrv2").expect("registered"));
    negative_detached::<KetjeSrv2>();
}

#[test]
fn negative_ascon128v12() {
    negative_byte_api(by_name("ascon128v12").expect("registered"));
    negative_detached::<Ascon128v12>();
}

#[test]
fn negative_acorn128v3() {
    negative_byte_api(by_name("acorn128v3").expect("registered"));
    negative_detached::<Acorn128v3>();
}

#[test]
fn negative_asconaead128() {
    negative_byte_api(by_name("asconaead128").expect("registered"));
    negative_detached::<AsconAead128>();
}

// ---------------------------------------------------------------------------------------------
// RustCrypto `aead` 0.6 trait API

mod rustcrypto {
    use super::*;
    use aead::{Aead as _, AeadInOut, Key, KeyInit, Nonce, Payload, Tag};

    /// ACORN vector 5 (Arduino Cryptography Library) through `aead::Aead` and `AeadInOut`.
    #[test]
    fn acorn_vector_through_traits() {
        let &(k, iv, ad, pt, ct, tag) = &ACORN_VECTORS[4];
        let (k, iv, ad, pt) = (unhex(k), unhex(iv), unhex(ad), unhex(pt));
        let mut expected = unhex(ct);
        expected.extend_from_slice(&unhex(tag));

        let cipher =
            <Acorn128v3 as KeyInit>::new(&Key::<Acorn128v3>::try_from(&k[..]).expect("16"));
        let nonce = Nonce::<Acorn128v3>::try_from(&iv[..]).expect("16");
        let out = cipher
            .encrypt(&nonce, Payload { msg: &pt, aad: &ad })
            .expect("encrypt");
        assert_eq!(out, expected);
        let back = cipher
            .decrypt(
                &nonce,
                Payload {
                    msg: &out,
                    aad: &ad,
                },
            )
            .expect("decrypt");
        assert_eq!(back, pt);

        // In place, detached tag.
        let mut buf = pt.clone();
        let t = cipher
            .encrypt_inout_detached(&nonce, &ad, buf.as_mut_slice().into())
            .expect("enc");
        assert_eq!(&buf[..], &expected[..pt.len()]);
        assert_eq!(&t[..], &expected[pt.len()..]);
        cipher
            .decrypt_inout_detached(&nonce, &ad, buf.as_mut_slice().into(), &t)
            .expect("dec");
        assert_eq!(buf, pt);

        // Tampered: aead::Error and a wiped buffer.
        let mut bad = t;
        bad[0] ^= 1;
        let mut buf = expected[..pt.len()].to_vec();
        assert!(cipher
            .decrypt_inout_detached(&nonce, &ad, buf.as_mut_slice().into(), &bad)
            .is_err());
        assert!(buf.iter().all(|&b| b == 0));
    }

    /// First entries of the designers' ascon128v12 / asconaead128 KAT files through the traits.
    #[test]
    fn ascon_kat_entries_through_traits() {
        let key = unhex("000102030405060708090A0B0C0D0E0F");
        let nonce = unhex("000102030405060708090A0B0C0D0E0F");
        // ascon128v12 Count = 2: PT empty, AD = 00.
        let c = Ascon128v12::new_from_slice(&key).expect("key");
        let n = Nonce::<Ascon128v12>::try_from(&nonce[..]).expect("nonce");
        let out = c
            .encrypt(
                &n,
                Payload {
                    msg: b"",
                    aad: &[0u8],
                },
            )
            .expect("encrypt");
        assert_eq!(out, unhex("944DF887CD4901614C5DEDBC42FC0DA0"));
        // In-place with a Vec buffer (tag appended, then stripped).
        let mut v: Vec<u8> = Vec::new();
        AeadInOut::encrypt_in_place(&c, &n, &[0u8], &mut v).expect("in place");
        assert_eq!(v, unhex("944DF887CD4901614C5DEDBC42FC0DA0"));
        AeadInOut::decrypt_in_place(&c, &n, &[0u8], &mut v).expect("in place");
        assert!(v.is_empty());

        // asconaead128 Count = 1 (PT and AD empty), key and nonce as given in the file.
        let kat = include_str!(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../../shared/vectors/aead/asconaead128_LWC_AEAD_KAT_128_128.txt"
        ));
        let field = |name: &str| {
            kat.lines()
                .find_map(|l| l.strip_prefix(name))
                .map(unhex)
                .expect("field")
        };
        let c = AsconAead128::new_from_slice(&field("Key = ")).expect("key");
        let n = Nonce::<AsconAead128>::try_from(&field("Nonce = ")[..]).expect("nonce");
        assert_eq!(
            c.encrypt(&n, b"".as_ref()).expect("encrypt"),
            field("CT = ")
        );
    }

    #[test]
    fn ketje_traits_roundtrip_and_sizes() {
        assert!(KetjeSrv2::new_from_slice(&[0u8; 15]).is_err());
        assert!(KetjeSrv2::new_from_slice(&[0u8; 17]).is_err());
        let c = KetjeSrv2::new_from_slice(&[7u8; 16]).expect("key");
        let n = Nonce::<KetjeSrv2>::from([3u8; 31]);
        let pt = pattern(45, 1);
        let ct = c
            .encrypt(
                &n,
                Payload {
                    msg: &pt,
                    aad: b"hdr",
                },
            )
            .expect("encrypt");
        // The trait API and the byte-slice API agree.
        let via_bytes = by_name("ketjesrv2")
            .expect("k")
            .encrypt(&[7u8; 16], &[3u8; 31], b"hdr", &pt)
            .expect("e");
        assert_eq!(ct, via_bytes);
        assert_eq!(
            c.decrypt(
                &n,
                Payload {
                    msg: &ct,
                    aad: b"hdr"
                }
            )
            .expect("decrypt"),
            pt
        );
        assert!(c
            .decrypt(
                &n,
                Payload {
                    msg: &ct,
                    aad: b"hdR"
                }
            )
            .is_err());
        assert!(c
            .decrypt(
                &n,
                Payload {
                    msg: &ct[..10],
                    aad: b"hdr"
                }
            )
            .is_err());
        let _: Tag<KetjeSrv2> = Tag::<KetjeSrv2>::default();
    }
}

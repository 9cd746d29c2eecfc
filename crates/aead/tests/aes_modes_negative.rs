//! Negative tests for the AES-based schemes (CLOC v3, SILC v3, AES-JAMBU v2): any change to the
//! ciphertext, tag, associated data, nonce or key is rejected with a typed error, the output
//! buffer is wiped, wrong key/nonce/tag lengths give typed errors, and nothing panics.

use hayate_aead::cloc::Clocv3;
use hayate_aead::jambu::Jambuv2;
use hayate_aead::silc::Silcv3;
use hayate_aead::{by_name, Aead, Error, Scheme};

fn bytes(n: usize, seed: u8) -> Vec<u8> {
    (0..n)
        .map(|i| (i as u8).wrapping_mul(167).wrapping_add(seed))
        .collect()
}

const LENGTHS: &[usize] = &[0, 1, 7, 8, 9, 15, 16, 17, 31, 32, 33, 64, 100];

fn detached_negatives<S: Scheme>() {
    let key = bytes(S::KEY_LEN, 1);
    let nonce = bytes(S::NONCE_LEN, 2);
    let s = S::new(&key).unwrap();
    for &mlen in LENGTHS {
        for &alen in &[0usize, 1, 8, 16, 17] {
            let ad = bytes(alen, 3);
            let pt = bytes(mlen, 4);
            let mut ct = pt.clone();
            let mut tag = vec![0u8; S::TAG_LEN];
            s.encrypt_detached(&nonce, &ad, &mut ct, &mut tag).unwrap();

            // Round trip.
            let mut buf = ct.clone();
            s.decrypt_detached(&nonce, &ad, &mut buf, &tag).unwrap();
            assert_eq!(buf, pt);

            let expect_reject = |buf: &mut Vec<u8>, r: Result<(), Error>, what: &str| {
                assert_eq!(
                    r,
                    Err(Error::Authentication),
                    "{} {what} mlen {mlen} alen {alen}",
                    S::NAME
                );
                assert!(
                    buf.iter().all(|&b| b == 0),
                    "{} {what}: buffer not wiped",
                    S::NAME
                );
            };

            // Every single-bit flip of the ciphertext (sampled bits for long messages).
            for i in 0..mlen {
                for bit in [0u8, 3, 7] {
                    let mut buf = ct.clone();
                    buf[i] ^= 1 << bit;
                    let r = s.decrypt_detached(&nonce, &ad, &mut buf, &tag);
                    expect_reject(&mut buf, r, "ciphertext flip");
                }
            }
            // Every bit of the tag.
            for i in 0..S::TAG_LEN * 8 {
                let mut t = tag.clone();
                t[i / 8] ^= 1 << (i % 8);
                let mut buf = ct.clone();
                let r = s.decrypt_detached(&nonce, &ad, &mut buf, &t);
                expect_reject(&mut buf, r, "tag flip");
            }
            // Associated data: bit flips, one byte appended, one byte removed.
            for i in 0..alen {
                let mut a = ad.clone();
                a[i] ^= 0x80 >> (i % 8);
                let mut buf = ct.clone();
                let r = s.decrypt_detached(&nonce, &a, &mut buf, &tag);
                expect_reject(&mut buf, r, "AD flip");
            }
            let mut longer = ad.clone();
            longer.push(0);
            let mut buf = ct.clone();
            let r = s.decrypt_detached(&nonce, &longer, &mut buf, &tag);
            expect_reject(&mut buf, r, "AD extended");
            if alen > 0 {
                let mut buf = ct.clone();
                let r = s.decrypt_detached(&nonce, &ad[..alen - 1], &mut buf, &tag);
                expect_reject(&mut buf, r, "AD truncated");
            }
            // Truncated / extended ciphertext with the same tag.
            if mlen > 0 {
                let mut buf = ct[..mlen - 1].to_vec();
                let r = s.decrypt_detached(&nonce, &ad, &mut buf, &tag);
                expect_reject(&mut buf, r, "ciphertext truncated");
            }
            let mut buf = ct.clone();
            buf.push(0);
            let r = s.decrypt_detached(&nonce, &ad, &mut buf, &tag);
            expect_reject(&mut buf, r, "ciphertext extended");
            // Wrong nonce (each byte).
            for i in 0..S::NONCE_LEN {
                let mut n = nonce.clone();
                n[i] ^= 1;
                let mut buf = ct.clone();
                let r = s.decrypt_detached(&n, &ad, &mut buf, &tag);
                expect_reject(&mut buf, r, "wrong nonce");
            }
            // Wrong key.
            let mut k2 = key.clone();
            k2[15] ^= 0x40;
            let s2 = S::new(&k2).unwrap();
            let mut buf = ct.clone();
            let r = s2.decrypt_detached(&nonce, &ad, &mut buf, &tag);
            expect_reject(&mut buf, r, "wrong key");
        }
    }

    // Length errors of the detached API.
    for bad in [0usize, 15, 17, 32] {
        assert_eq!(
            S::new(&bytes(bad, 0)).err(),
            Some(Error::KeyLength {
                expected: S::KEY_LEN,
                got: bad
            })
        );
    }
    for bad in [0usize, S::NONCE_LEN - 1, S::NONCE_LEN + 1, 16] {
        if bad == S::NONCE_LEN {
            continue;
        }
        let n = bytes(bad, 9);
        let mut buf = bytes(20, 5);
        let mut tag = vec![0u8; S::TAG_LEN];
        assert_eq!(
            s.encrypt_detached(&n, b"ad", &mut buf, &mut tag),
            Err(Error::NonceLength {
                expected: S::NONCE_LEN,
                got: bad
            })
        );
        let mut buf = bytes(20, 5);
        assert_eq!(
            s.decrypt_detached(&n, b"ad", &mut buf, &tag),
            Err(Error::NonceLength {
                expected: S::NONCE_LEN,
                got: bad
            })
        );
        assert!(
            buf.iter().all(|&b| b == 0),
            "buffer wiped on nonce-length error"
        );
    }
    // A detached tag of the wrong length is `TagLength` (as for every other scheme), on
    // encryption and on decryption; `CiphertextTooShort` is only for ct ‖ tag shorter than the tag.
    for bad in [0usize, S::TAG_LEN - 1, S::TAG_LEN + 1] {
        let mut buf = bytes(20, 5);
        let mut tag = vec![0u8; bad];
        let want = Err(Error::TagLength {
            expected: S::TAG_LEN,
            got: bad,
        });
        assert_eq!(s.encrypt_detached(&nonce, b"", &mut buf, &mut tag), want);
        assert_eq!(s.decrypt_detached(&nonce, b"", &mut buf, &tag), want);
        assert!(
            buf.iter().all(|&b| b == 0),
            "buffer wiped on tag-length error"
        );
    }
}

fn byte_slice_negatives(alg: &dyn Aead) {
    let key = bytes(alg.key_len(), 1);
    let nonce = bytes(alg.nonce_len(), 2);
    let ct = alg
        .encrypt(&key, &nonce, b"header", b"attack at dawn")
        .unwrap();
    assert_eq!(
        alg.decrypt(&key, &nonce, b"header", &ct).unwrap(),
        b"attack at dawn"
    );
    // Truncations down to (and below) the tag length.
    for l in 0..ct.len() {
        let r = alg.decrypt(&key, &nonce, b"header", &ct[..l]);
        if l < alg.tag_len() {
            assert_eq!(
                r,
                Err(Error::CiphertextTooShort {
                    tag_len: alg.tag_len(),
                    got: l
                })
            );
        } else {
            assert_eq!(
                r,
                Err(Error::Authentication),
                "{} truncated to {l}",
                alg.name()
            );
        }
    }
    let mut forged = ct.clone();
    *forged.last_mut().unwrap() ^= 1;
    assert_eq!(
        alg.decrypt(&key, &nonce, b"header", &forged),
        Err(Error::Authentication)
    );
    assert_eq!(
        alg.decrypt(&key, &nonce, b"Header", &ct),
        Err(Error::Authentication)
    );
    assert_eq!(
        alg.encrypt(&key[..15], &nonce, b"", b""),
        Err(Error::KeyLength {
            expected: 16,
            got: 15
        })
    );
    assert_eq!(
        alg.decrypt(&[0u8; 17], &nonce, b"", &ct),
        Err(Error::KeyLength {
            expected: 16,
            got: 17
        })
    );
    let long_nonce = bytes(alg.nonce_len() + 1, 0);
    assert_eq!(
        alg.encrypt(&key, &long_nonce, b"", b""),
        Err(Error::NonceLength {
            expected: alg.nonce_len(),
            got: alg.nonce_len() + 1
        })
    );
    assert_eq!(
        alg.decrypt(&key, &nonce[..alg.nonce_len() - 1], b"", &ct),
        Err(Error::NonceLength {
            expected: alg.nonce_len(),
            got: alg.nonce_len() - 1
        })
    );
}

#[test]
fn clocv3_negative() {
    detached_negatives::<Clocv3>();
    byte_slice_negatives(by_name("aes128n12t8clocv3").unwrap());
}

#[test]
fn silcv3_negative() {
    detached_negatives::<Silcv3>();
    byte_slice_negatives(by_name("aes128n12t8silcv3").unwrap());
}

#[test]
fn jambuv2_negative() {
    detached_negatives::<Jambuv2>();
    byte_slice_negatives(by_name("aesjambuv2").unwrap());
}

#[test]
fn sizes_match_caesar_parameters() {
    for (name, k, n, t) in [
        ("aes128n12t8clocv3", 16, 12, 8),
        ("aes128n12t8silcv3", 16, 12, 8),
        ("aesjambuv2", 16, 8, 8),
    ] {
        let a = by_name(name).unwrap();
        assert_eq!(
            (a.name(), a.key_len(), a.nonce_len(), a.tag_len()),
            (name, k, n, t)
        );
    }
}

#[test]
fn arbitrary_inputs_never_panic() {
    // Garbage of every small length for every argument: errors, never panics.
    for name in ["aes128n12t8clocv3", "aes128n12t8silcv3", "aesjambuv2"] {
        let a = by_name(name).unwrap();
        for kl in [0usize, 16, 33] {
            for nl in [0usize, 8, 12, 40] {
                for cl in [0usize, 3, 8, 9, 40] {
                    let k = bytes(kl, 7);
                    let n = bytes(nl, 8);
                    let c = bytes(cl, 9);
                    let _ = a.encrypt(&k, &n, &c, &c);
                    let _ = a.decrypt(&k, &n, &c, &c);
                }
            }
        }
    }
}

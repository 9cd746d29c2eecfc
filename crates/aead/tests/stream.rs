//! Streaming API (`hayate_aead::stream`) against the one-shot API for all seven schemes:
//! random message / associated-data lengths and random chunk splittings (0-byte and 1-byte
//! chunks, chunks ending just before, on and after block boundaries), two-pass decryption,
//! tampering (nothing released, typed errors), a ciphertext that changes between the passes,
//! and the designers' Ascon KAT files pushed through the streaming API. (The SUPERCOP checksums
//! through the streaming API are in `supercop.rs`, the ACORN vectors in `sponge_stream.rs`.)

use hayate_aead::acorn::Acorn128v3;
use hayate_aead::ascon::{Ascon128v12, AsconAead128};
use hayate_aead::cloc::Clocv3;
use hayate_aead::jambu::Jambuv2;
use hayate_aead::ketje::KetjeSrv2;
use hayate_aead::silc::Silcv3;
use hayate_aead::{by_name, Decryptor, Encryptor, Error, Streaming, Verifier};

/// xorshift64* — deterministic test randomness.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
    fn bytes(&mut self, n: usize) -> Vec<u8> {
        (0..n).map(|_| self.next() as u8).collect()
    }
}

/// A random splitting of `len` bytes into chunk lengths (0-length chunks included), biased to
/// lengths around the block size `b`.
fn split(rng: &mut Rng, len: usize, b: usize) -> Vec<usize> {
    let mut out = Vec::new();
    let mut left = len;
    while left > 0 {
        let want = match rng.below(8) {
            0 => 0,
            1 => 1,
            2 => b - 1,
            3 => b,
            4 => b + 1,
            5 => 2 * b + rng.below(3),
            6 => rng.below(4 * b + 1),
            _ => rng.below(700),
        };
        let n = want.min(left);
        out.push(n);
        left -= n;
    }
    if rng.below(2) == 0 {
        out.push(0);
    }
    out
}

fn encrypt_stream<S: Streaming>(
    key: &[u8],
    nonce: &[u8],
    ad: &[u8],
    pt: &[u8],
    chunks: &[usize],
) -> (Vec<u8>, Vec<u8>) {
    let mut enc = Encryptor::<S>::new(key, nonce, ad).expect("encryptor");
    let mut out = pt.to_vec();
    let mut pos = 0;
    for &n in chunks {
        enc.update(&mut out[pos..pos + n]);
        pos += n;
    }
    assert_eq!(pos, pt.len());
    let tag = enc.finalize();
    (out, tag.to_vec())
}

fn verify_stream<S: Streaming>(
    key: &[u8],
    nonce: &[u8],
    ad: &[u8],
    ct: &[u8],
    tag: &[u8],
    chunks: &[usize],
) -> Result<Decryptor<S>, Error> {
    let mut v = Verifier::<S>::new(key, nonce, ad)?;
    let mut pos = 0;
    for &n in chunks {
        v.update(&ct[pos..pos + n]);
        pos += n;
    }
    v.verify(tag)
}

fn decrypt_pass2<S: Streaming>(
    mut d: Decryptor<S>,
    ct: &[u8],
    chunks: &[usize],
) -> (Vec<u8>, bool) {
    let mut out = ct.to_vec();
    let mut pos = 0;
    for &n in chunks {
        d.update(&mut out[pos..pos + n]);
        pos += n;
    }
    (out, d.finalize().is_ok())
}

/// Streaming == one-shot for many lengths and splittings; two-pass decryption round trip.
fn agrees_with_one_shot<S: Streaming>(block: usize, seed: u64) {
    let mut rng = Rng(seed);
    let key = rng.bytes(S::KEY_LEN);
    let s = S::new(&key).expect("key");
    // Every length up to 5 blocks + 3, then random lengths up to a few KiB.
    let mut lengths: Vec<usize> = (0..5 * block + 3).collect();
    lengths.extend((0..60).map(|_| rng.below(5000)));
    for (i, &mlen) in lengths.iter().enumerate() {
        let alen = if i % 3 == 0 {
            rng.below(3 * block + 2)
        } else {
            rng.below(200)
        };
        let nonce = rng.bytes(S::NONCE_LEN);
        let ad = rng.bytes(alen);
        let pt = rng.bytes(mlen);
        let mut want = pt.clone();
        let mut want_tag = vec![0u8; S::TAG_LEN];
        s.encrypt_detached(&nonce, &ad, &mut want, &mut want_tag)
            .expect("one-shot");

        for _ in 0..3 {
            let chunks = split(&mut rng, mlen, block);
            let (ct, tag) = encrypt_stream::<S>(&key, &nonce, &ad, &pt, &chunks);
            assert_eq!(
                ct,
                want,
                "{} mlen {mlen} alen {alen} chunks {chunks:?}",
                S::NAME
            );
            assert_eq!(
                tag,
                want_tag,
                "{} tag mlen {mlen} alen {alen} chunks {chunks:?}",
                S::NAME
            );
        }

        let c1 = split(&mut rng, mlen, block);
        let c2 = split(&mut rng, mlen, block);
        let d = verify_stream::<S>(&key, &nonce, &ad, &want, &want_tag, &c1)
            .unwrap_or_else(|e| panic!("{} verify mlen {mlen}: {e}", S::NAME));
        let (back, ok) = decrypt_pass2(d, &want, &c2);
        assert!(ok, "{} pass 2 mlen {mlen}", S::NAME);
        assert_eq!(
            back,
            pt,
            "{} pass 2 plaintext mlen {mlen} chunks {c2:?}",
            S::NAME
        );
    }
}

/// Tampered tag / ciphertext / associated data / nonce: pass 1 fails, so no decryptor (and no
/// plaintext) ever exists; wrong lengths give typed errors.
fn tampering_rejected<S: Streaming>(block: usize, seed: u64) {
    let mut rng = Rng(seed);
    let key = rng.bytes(S::KEY_LEN);
    let nonce = rng.bytes(S::NONCE_LEN);
    for mlen in [0usize, 1, block - 1, block, block + 1, 3 * block, 257] {
        let alen = rng.below(40);
        let ad = rng.bytes(alen);
        let pt = rng.bytes(mlen);
        let c = split(&mut rng, mlen, block);
        let (ct, tag) = encrypt_stream::<S>(&key, &nonce, &ad, &pt, &c);

        for i in 0..S::TAG_LEN {
            let mut t = tag.clone();
            t[i] ^= 1 << (i % 8);
            let c = split(&mut rng, mlen, block);
            let r = verify_stream::<S>(&key, &nonce, &ad, &ct, &t, &c);
            assert!(
                matches!(r, Err(Error::Authentication)),
                "{} tag byte {i}",
                S::NAME
            );
        }
        for i in (0..mlen).step_by(1 + mlen / 16) {
            let mut bad = ct.clone();
            bad[i] ^= 0x20;
            let c = split(&mut rng, mlen, block);
            let r = verify_stream::<S>(&key, &nonce, &ad, &bad, &tag, &c);
            assert!(
                matches!(r, Err(Error::Authentication)),
                "{} ct byte {i}",
                S::NAME
            );
        }
        if mlen > 0 {
            // Truncated and extended ciphertexts.
            let c = split(&mut rng, mlen - 1, block);
            let r = verify_stream::<S>(&key, &nonce, &ad, &ct[..mlen - 1], &tag, &c);
            assert!(
                matches!(r, Err(Error::Authentication)),
                "{} truncated",
                S::NAME
            );
        }
        let mut longer = ct.clone();
        longer.push(0);
        let c = split(&mut rng, mlen + 1, block);
        let r = verify_stream::<S>(&key, &nonce, &ad, &longer, &tag, &c);
        assert!(
            matches!(r, Err(Error::Authentication)),
            "{} extended",
            S::NAME
        );
        let mut ad2 = ad.clone();
        ad2.push(1);
        let r = verify_stream::<S>(&key, &nonce, &ad2, &ct, &tag, &[mlen]);
        assert!(matches!(r, Err(Error::Authentication)), "{} ad", S::NAME);
        let mut n2 = nonce.clone();
        n2[0] ^= 1;
        let r = verify_stream::<S>(&key, &n2, &ad, &ct, &tag, &[mlen]);
        assert!(matches!(r, Err(Error::Authentication)), "{} nonce", S::NAME);

        // Wrong tag lengths: TagLength, as in the detached API.
        for tl in [0, S::TAG_LEN - 1, S::TAG_LEN + 1] {
            let t = vec![0u8; tl];
            let r = verify_stream::<S>(&key, &nonce, &ad, &ct, &t, &[mlen]);
            assert!(
                matches!(r, Err(Error::TagLength { expected, got }) if expected == S::TAG_LEN && got == tl),
                "{} tag length {tl}",
                S::NAME
            );
        }

        // The ciphertext changes between pass 1 and pass 2: pass 2 must fail at the end.
        if mlen > 0 {
            let d = verify_stream::<S>(&key, &nonce, &ad, &ct, &tag, &[mlen]).expect("genuine");
            let mut swapped = ct.clone();
            swapped[mlen / 2] ^= 0x01;
            let c = split(&mut rng, mlen, block);
            let (_, ok) = decrypt_pass2(d, &swapped, &c);
            assert!(!ok, "{} pass 2 accepted a changed ciphertext", S::NAME);
        }
    }

    // Key / nonce lengths.
    assert!(matches!(
        Encryptor::<S>::new(&key[1..], &nonce, b""),
        Err(Error::KeyLength { got, .. }) if got == S::KEY_LEN - 1
    ));
    let mut long_nonce = nonce.clone();
    long_nonce.push(0);
    assert!(matches!(
        Encryptor::<S>::new(&key, &long_nonce, b""),
        Err(Error::NonceLength { expected, got }) if expected == S::NONCE_LEN && got == S::NONCE_LEN + 1
    ));
    assert!(matches!(
        Verifier::<S>::new(&key, &nonce[1..], b""),
        Err(Error::NonceLength { expected, .. }) if expected == S::NONCE_LEN
    ));
}

macro_rules! scheme_tests {
    ($($name:ident: $ty:ty, $block:expr, $seed:expr;)*) => {
        $(
            mod $name {
                use super::*;
                #[test]
                fn streaming_agrees_with_one_shot() {
                    agrees_with_one_shot::<$ty>($block, $seed);
                }
                #[test]
                fn tampering_is_rejected() {
                    tampering_rejected::<$ty>($block, $seed ^ 0xabcdef);
                }
            }
        )*
    };
}

scheme_tests! {
    clocv3: Clocv3, 16, 0x1111_2222_3333_4441;
    silcv3: Silcv3, 16, 0x1111_2222_3333_4442;
    jambuv2: Jambuv2, 8, 0x1111_2222_3333_4443;
    ketjesrv2: KetjeSrv2, 4, 0x1111_2222_3333_4444;
    ascon128v12: Ascon128v12, 8, 0x1111_2222_3333_4445;
    acorn128v3: Acorn128v3, 4, 0x1111_2222_3333_4446;
    asconaead128: AsconAead128, 16, 0x1111_2222_3333_4447;
}

/// Chunks much longer than the verifier's internal scratch buffer, unaligned.
#[test]
fn long_chunks() {
    fn run<S: Streaming>() {
        let mut rng = Rng(77);
        let key = rng.bytes(S::KEY_LEN);
        let nonce = rng.bytes(S::NONCE_LEN);
        let pt = rng.bytes(100_003);
        let mut want = pt.clone();
        let mut tag = vec![0u8; S::TAG_LEN];
        S::new(&key)
            .unwrap()
            .encrypt_detached(&nonce, b"ad", &mut want, &mut tag)
            .unwrap();
        let chunks = [4097, 0, 65_537, 30_369];
        let (ct, t) = encrypt_stream::<S>(&key, &nonce, b"ad", &pt, &chunks);
        assert_eq!((ct == want, t == tag), (true, true), "{}", S::NAME);
        let d = verify_stream::<S>(&key, &nonce, b"ad", &ct, &tag, &chunks).expect("verify");
        let (back, ok) = decrypt_pass2(d, &ct, &[100_003]);
        assert!(ok && back == pt, "{}", S::NAME);
    }
    run::<Clocv3>();
    run::<Silcv3>();
    run::<Jambuv2>();
    run::<KetjeSrv2>();
    run::<Ascon128v12>();
    run::<Acorn128v3>();
    run::<AsconAead128>();
}

// ---------------------------------------------------------------------------------------------
// The designers' Ascon KAT files through the streaming API.

fn unhex(s: &str) -> Vec<u8> {
    let s = s.trim();
    (0..s.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(&s[i..i + 2], 16).expect("hex"))
        .collect()
}

fn kat_through_stream<S: Streaming>(text: &str, block: usize) {
    assert!(by_name(S::NAME).is_ok());
    let mut rng = Rng(5);
    let mut n = 0;
    for entry in text
        .replace("\r\n", "\n")
        .split("\n\n")
        .map(str::trim)
        .filter(|b| !b.is_empty())
    {
        let field = |name: &str| {
            entry
                .lines()
                .find_map(|l| {
                    l.strip_prefix(name)
                        .and_then(|r| r.trim_start().strip_prefix('='))
                })
                .map(unhex)
                .expect("field")
        };
        let (key, nonce, pt, ad, ct) = (
            field("Key"),
            field("Nonce"),
            field("PT"),
            field("AD"),
            field("CT"),
        );
        let chunks = split(&mut rng, pt.len(), block);
        let (c, t) = encrypt_stream::<S>(&key, &nonce, &ad, &pt, &chunks);
        let (body, tag) = ct.split_at(pt.len());
        assert_eq!(
            (&c[..], &t[..]),
            (body, tag),
            "{} entry {n} chunks {chunks:?}",
            S::NAME
        );
        let chunks = split(&mut rng, pt.len(), block);
        let d = verify_stream::<S>(&key, &nonce, &ad, body, tag, &chunks).expect("KAT verifies");
        let (back, ok) = decrypt_pass2(d, body, &chunks);
        assert!(ok);
        assert_eq!(back, pt, "{} entry {n}", S::NAME);
        n += 1;
    }
    assert_eq!(n, 1089);
}

#[test]
fn ascon128v12_kat_streaming() {
    kat_through_stream::<Ascon128v12>(
        include_str!(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../../shared/vectors/aead/ascon128v12_LWC_AEAD_KAT_128_128.txt"
        )),
        8,
    );
}

#[test]
fn asconaead128_kat_streaming() {
    kat_through_stream::<AsconAead128>(
        include_str!(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../../shared/vectors/aead/asconaead128_LWC_AEAD_KAT_128_128.txt"
        )),
        16,
    );
}

/// Debug never prints key material: the schemes that hold their key as is and every streaming
/// pass show their name only.
#[test]
fn debug_is_redacted() {
    use hayate_aead::Scheme;
    let key = [0xa5u8; 16];
    let nonce = [1u8; 16];
    fn shows_name_only<S: Scheme + std::fmt::Debug>(key: &[u8], name: &str) {
        assert_eq!(
            format!("{:?}", S::new(key).unwrap()),
            format!("{name} {{ .. }}")
        );
    }
    shows_name_only::<Acorn128v3>(&key, "Acorn128v3");
    shows_name_only::<Ascon128v12>(&key, "Ascon128v12");
    shows_name_only::<AsconAead128>(&key, "AsconAead128");
    shows_name_only::<KetjeSrv2>(&key, "KetjeSrv2");
    let mut enc = Encryptor::<Ascon128v12>::new(&key, &nonce, b"ad").unwrap();
    let mut ct = *b"message";
    enc.update(&mut ct);
    assert_eq!(format!("{enc:?}"), "Encryptor { .. }");
    let tag = enc.finalize();
    let mut ver = Verifier::<Ascon128v12>::new(&key, &nonce, b"ad").unwrap();
    ver.update(&ct);
    assert_eq!(format!("{ver:?}"), "Verifier { .. }");
    let dec = ver.verify(&tag).unwrap();
    assert_eq!(format!("{dec:?}"), "Decryptor { .. }");
}

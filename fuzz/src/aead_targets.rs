//! AEAD targets: streaming decryption of hostile ciphertexts in hostile chunkings (all seven
//! schemes) against the one-shot API, and Ascon-AEAD128 against the `ascon-aead128` crate.
use aead::{AeadInOut, KeyInit};
use hayate_aead::{acorn, ascon, cloc, jambu, ketje, silc};
use hayate_aead::{Encryptor, Scheme, Streaming, Verifier};

/// Splits `data` into chunks whose lengths come from `cuts` (cycled; 0 allowed).
fn chunks<'a>(data: &'a [u8], cuts: &[u8]) -> Vec<&'a [u8]> {
    let mut out = Vec::new();
    let mut rest = data;
    let mut i = 0;
    while !rest.is_empty() {
        let want = if cuts.is_empty() { rest.len() } else { cuts[i % cuts.len()] as usize };
        let n = want.min(rest.len());
        out.push(&rest[..n]);
        rest = &rest[n..];
        i += 1;
        if i > 4 * data.len() + 8 {
            out.push(rest);
            break;
        }
    }
    out
}

/// Input: cut lengths (4 bytes), key, nonce, an AD length byte, AD, then ciphertext ‖ tag.
fn stream_vs_oneshot<S: Streaming + Scheme>(data: &[u8]) {
    let need = 4 + S::KEY_LEN + S::NONCE_LEN + 1;
    if data.len() < need {
        return;
    }
    let (cuts, rest) = data.split_at(4);
    let (key, rest) = rest.split_at(S::KEY_LEN);
    let (nonce, rest) = rest.split_at(S::NONCE_LEN);
    let ad_len = (rest[0] as usize).min(rest.len() - 1);
    let (ad, body) = rest[1..].split_at(ad_len);

    // round trip: streamed encryption = one-shot encryption, and it decrypts
    let s = S::new(key).expect("key of the right length");
    let mut one = body.to_vec();
    let mut tag = vec![0u8; S::TAG_LEN];
    s.encrypt_detached(nonce, ad, &mut one, &mut tag).expect("encrypt");
    let mut enc = Encryptor::<S>::new(key, nonce, ad).expect("encryptor");
    let mut streamed = body.to_vec();
    let mut off = 0;
    for c in chunks(body, cuts) {
        enc.update(&mut streamed[off..off + c.len()]);
        off += c.len();
    }
    assert_eq!(streamed, one, "{}: streamed ciphertext", S::NAME);
    assert_eq!(enc.finalize().as_slice(), &tag[..], "{}: streamed tag", S::NAME);
    let mut back = one.clone();
    s.decrypt_detached(nonce, ad, &mut back, &tag).expect("own ciphertext verifies");
    assert_eq!(back, body);

    // hostile ciphertext: the last TAG_LEN bytes are the tag
    if body.len() < S::TAG_LEN {
        return;
    }
    let (ct, tag) = body.split_at(body.len() - S::TAG_LEN);
    let mut pt = ct.to_vec();
    let oneshot = s.decrypt_detached(nonce, ad, &mut pt, tag);
    let mut v = Verifier::<S>::new(key, nonce, ad).expect("verifier");
    for c in chunks(ct, cuts) {
        v.update(c);
    }
    match (v.verify(tag), oneshot) {
        (Ok(mut d), Ok(())) => {
            let mut out = ct.to_vec();
            let mut off = 0;
            for c in chunks(ct, &cuts[1..]) {
                d.update(&mut out[off..off + c.len()]);
                off += c.len();
            }
            d.finalize().expect("second pass of a verified ciphertext");
            assert_eq!(out, pt, "{}: streamed plaintext", S::NAME);
        }
        (Err(_), Err(_)) => {}
        (a, b) => panic!("{}: streaming {:?} vs one-shot {:?}", S::NAME, a.is_ok(), b),
    }
}

/// First byte: which of the seven schemes.
pub fn aead_stream(data: &[u8]) {
    let Some((&sel, d)) = data.split_first() else {
        return;
    };
    match sel % 7 {
        0 => stream_vs_oneshot::<ascon::Ascon128v12>(d),
        1 => stream_vs_oneshot::<ascon::AsconAead128>(d),
        2 => stream_vs_oneshot::<cloc::Clocv3>(d),
        3 => stream_vs_oneshot::<silc::Silcv3>(d),
        4 => stream_vs_oneshot::<jambu::Jambuv2>(d),
        5 => stream_vs_oneshot::<ketje::KetjeSrv2>(d),
        _ => stream_vs_oneshot::<acorn::Acorn128v3>(d),
    }
}

/// Ascon-AEAD128 (NIST SP 800-232) against `ascon-aead128`: the same ciphertext and tag, and the
/// same accept/reject decision on a tampered ciphertext. Input: key (16), nonce (16), an AD
/// length byte, a tamper byte, AD, plaintext.
pub fn diff_ascon(data: &[u8]) {
    if data.len() < 34 {
        return;
    }
    let (key, rest) = data.split_at(16);
    let (nonce, rest) = rest.split_at(16);
    let ad_len = (rest[0] as usize).min(rest.len() - 2);
    let tamper = rest[1];
    let (ad, pt) = rest[2..].split_at(ad_len);

    let ours = <ascon::AsconAead128 as Scheme>::new(key).expect("16-byte key");
    let mut ct = pt.to_vec();
    let mut tag = [0u8; 16];
    ours.encrypt_detached(nonce, ad, &mut ct, &mut tag).expect("encrypt");

    let peer = ascon_aead128::AsconAead128::new_from_slice(key).expect("key");
    let pn = aead::Nonce::<ascon_aead128::AsconAead128>::try_from(nonce).expect("nonce");
    let mut pct = pt.to_vec();
    let ptag = peer.encrypt_inout_detached(&pn, ad, pct.as_mut_slice().into()).expect("peer");
    assert_eq!(ct, pct, "ciphertext differs from ascon-aead128");
    assert_eq!(&tag[..], &ptag[..], "tag differs from ascon-aead128");

    // tamper with one bit of ciphertext, tag or nothing (tamper byte chooses) and compare verdicts
    let total = ct.len() + 16;
    let pos = tamper as usize % (total + 1);
    if pos < ct.len() {
        ct[pos] ^= 1;
    } else if pos < total {
        tag[pos - ct.len()] ^= 1;
    }
    let mut a = ct.clone();
    let ra = ours.decrypt_detached(nonce, ad, &mut a, &tag);
    let mut b = ct.clone();
    let ptag = aead::Tag::<ascon_aead128::AsconAead128>::try_from(&tag[..]).expect("tag");
    let rb = peer.decrypt_inout_detached(&pn, ad, b.as_mut_slice().into(), &ptag);
    assert_eq!(ra.is_ok(), rb.is_ok(), "accept/reject differs from ascon-aead128");
    if ra.is_ok() {
        assert_eq!(a, b);
        assert_eq!(a, pt);
    }
}

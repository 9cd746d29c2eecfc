//! Functional-encryption targets: the key, ciphertext and public-key formats (`hayate_fe::serial`),
//! decryption of hostile ciphertexts under a valid key, and the policy / attribute parsers.
use std::sync::OnceLock;

use hayate_fe::curve::FeCurve;
use hayate_fe::policy::{Attributes, Policy};
use hayate_fe::{fame, ot10, serial};
use hayate_pairing::bls12_381::Bls12381;
use hayate_pairing::bn254::Bn254;
use hayate_pairing::bn254_beuchat::Bn254Beuchat;
use hayate_pairing::Gt;
use rand::rngs::StdRng;
use rand::SeedableRng;

/// Every decoder of one curve; whatever decodes re-encodes to the same bytes.
fn objects<E: FeCurve<N>, const N: usize>(b: &[u8]) {
    if let Ok(pk) = serial::fame_pk_from_bytes::<E, N>(b) {
        assert_eq!(serial::fame_pk_to_bytes(&pk), b);
    }
    if let Ok(msk) = serial::fame_msk_from_bytes::<E, N>(b) {
        assert_eq!(serial::fame_msk_to_bytes(&msk), b);
    }
    if let Ok(sk) = serial::fame_sk_from_bytes::<E, N>(b) {
        assert_eq!(serial::fame_sk_to_bytes(&sk), b);
    }
    if let Ok((ct, len)) = serial::fame_ct_from_bytes::<E, N>(b) {
        assert_eq!(serial::fame_ct_to_bytes(&ct), &b[..len]);
    }
    if let Ok(pk) = serial::ot10_pk_from_bytes::<E, N>(b) {
        assert_eq!(serial::ot10_pk_to_bytes(&pk), b);
    }
    if let Ok(msk) = serial::ot10_msk_from_bytes::<E, N>(b) {
        assert_eq!(serial::ot10_msk_to_bytes(&msk), b);
    }
    if let Ok(sk) = serial::ot10_sk_from_bytes::<E, N>(b) {
        assert_eq!(serial::ot10_sk_to_bytes(&sk), b);
    }
    if let Ok((ct, len)) = serial::ot10_ct_from_bytes::<E, N>(b) {
        assert_eq!(serial::ot10_ct_to_bytes(&ct), &b[..len]);
    }
}

/// Any byte string as every FE object of the curve its header names.
pub fn fe_objects(data: &[u8]) {
    let Ok(h) = serial::read_header(data) else {
        return;
    };
    match h.curve {
        1 => objects::<Bls12381, 6>(data),
        2 => objects::<Bn254Beuchat, 4>(data),
        _ => objects::<Bn254, 4>(data),
    }
}

/// Fixed keys (deterministic, test-only randomness) for the decryption target.
struct Keys {
    fame_sk: fame::SecretKey<Bn254, 4>,
    ot10_sk: ot10::UserKey<Bn254, 4>,
}

fn keys() -> &'static Keys {
    static K: OnceLock<Keys> = OnceLock::new();
    K.get_or_init(|| {
        let mut rng = StdRng::seed_from_u64(0x68617961);
        let (_, msk) = fame::setup::<Bn254, 4>(&mut rng);
        let attrs = Attributes::parse("a,b,c,level=5").expect("attributes");
        let fame_sk = fame::keygen(&msk, &attrs, &mut rng);
        let (_, msk) = ot10::setup::<Bn254, 4>(&[2, 3], &mut rng).expect("ot10 setup");
        let set = ot10::AttrSet::parse("t1=3,t2=7").expect("ot10 attributes");
        let ot10_sk = ot10::keygen(&msk, &set, &mut rng).expect("ot10 keygen");
        Keys { fame_sk, ot10_sk }
    })
}

/// A hostile FAME or OT10 ciphertext decrypted under a valid key: an error or a GT value,
/// never a panic, with costs bounded by the ciphertext's size (libFuzzer's `-timeout` and
/// `-rss_limit_mb` enforce that).
pub fn fe_decrypt(data: &[u8]) {
    let k = keys();
    // the ciphertext is made to name the key's public key, so that decryption goes deep
    if let Ok((mut ct, _)) = serial::fame_ct_from_bytes::<Bn254, 4>(data) {
        ct.pk_id = k.fame_sk.pk_id;
        let _: Result<Gt<Bn254, 4>, _> = fame::decapsulate(&k.fame_sk, &ct);
    }
    if let Ok((mut ct, _)) = serial::ot10_ct_from_bytes::<Bn254, 4>(data) {
        ct.pk_id = k.ot10_sk.pk_id;
        let _: Result<Gt<Bn254, 4>, _> = ot10::decapsulate(&k.ot10_sk, &ct);
    }
}

/// The policy language and attribute lists: parse, print, and parse the print back to the same
/// structure.
pub fn policy(data: &[u8]) {
    let Ok(s) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(p) = Policy::parse(s) {
        let printed = p.to_string();
        let again = Policy::parse(&printed)
            .unwrap_or_else(|e| panic!("printed policy {printed:?} does not parse: {e}"));
        assert_eq!(again.to_string(), printed);
    }
    if let Ok(a) = Attributes::parse(s) {
        let printed = a.to_string();
        let again = Attributes::parse(&printed)
            .unwrap_or_else(|e| panic!("printed attributes {printed:?} do not parse: {e}"));
        assert_eq!(again.to_string(), printed);
    }
    let _ = ot10::AttrSet::parse(s);
}

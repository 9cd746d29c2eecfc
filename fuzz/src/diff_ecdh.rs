//! ECDH against RustCrypto's `p256` (secp256r1) and `k256` (secp256k1): the same shared secret
//! and the same accept/reject decision for every secret key and SEC 1 public key.
use hayate_ec::curves::CurveId;
use hayate_ec::ecdh::ecdh_by_id;

macro_rules! peer_ecdh {
    ($krate:ident, $sk:expr, $pk:expr) => {{
        use $krate::elliptic_curve::sec1::FromEncodedPoint;
        let sk = $krate::SecretKey::from_bytes($krate::FieldBytes::from_slice($sk)).ok();
        let ep = $krate::EncodedPoint::from_bytes($pk).ok();
        let pk: Option<$krate::PublicKey> =
            ep.and_then(|ep| Option::from($krate::PublicKey::from_encoded_point(&ep)));
        match (sk, pk) {
            (Some(sk), Some(pk)) => {
                let s = $krate::ecdh::diffie_hellman(sk.to_nonzero_scalar(), pk.as_affine());
                Some(s.raw_secret_bytes().to_vec())
            }
            _ => None,
        }
    }};
}

/// First byte: curve; then a 32-byte secret key; the rest is the peer's SEC 1 public key.
pub fn ecdh(data: &[u8]) {
    if data.len() < 34 {
        return;
    }
    let (sel, sk, pk) = (data[0], &data[1..33], &data[33..]);
    let (id, peer) = if sel & 1 == 0 {
        (CurveId::Secp256r1, peer_ecdh!(p256, sk, pk))
    } else {
        (CurveId::Secp256k1, peer_ecdh!(k256, sk, pk))
    };
    let ours = ecdh_by_id(id, sk, pk).ok().map(|s| s.as_bytes().to_vec());
    match pk[0] {
        // the forms both sides implement
        0x02..=0x04 => assert_eq!(ours, peer, "{id:?}: shared secret or verdict differs"),
        // hybrid (06/07), compact (05) and anything else: hayate refuses
        _ => assert!(ours.is_none(), "{id:?}: SEC 1 tag {:#04x} accepted", pk[0]),
    }
}

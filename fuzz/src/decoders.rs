//! Decoder targets: the EVM precompiles, the Zcash / EIP-196 / EIP-2537 point encodings, SEC 1
//! keys and the BLS signature objects. Property: no panic, and whatever decodes is canonical
//! (re-encodes to exactly the input bytes).
use hayate_ec::curves::{CurveId, CurveVisitor, NamedCurve};
use hayate_ec::ecdh::{PublicKey, SecretKey};
use hayate_pairing::encoding::{eip196, eip2537, zcash};
use hayate_pairing::evm;

/// The ten precompiles and the length of a successful output.
const PRECOMPILES: [(&str, usize); 10] = [
    ("bn256Add", 64),
    ("bn256ScalarMul", 64),
    ("bn256Pairing", 32),
    ("blsG1Add", 128),
    ("blsG1MultiExp", 128),
    ("blsG2Add", 256),
    ("blsG2MultiExp", 256),
    ("blsPairing", 32),
    ("blsMapG1", 128),
    ("blsMapG2", 256),
];

/// First byte: which precompile; the rest is its input.
pub fn evm(data: &[u8]) {
    let Some((&sel, input)) = data.split_first() else {
        return;
    };
    let (name, out_len) = PRECOMPILES[sel as usize % PRECOMPILES.len()];
    if let Ok(out) = evm::run(name, input) {
        assert_eq!(out.len(), out_len, "{name}: output length");
        if out_len == 32 {
            assert!(out[..31].iter().all(|&b| b == 0) && out[31] <= 1, "{name}: not a bool word");
        }
    }
}

/// First byte: which encoding (G1/G2, compressed/uncompressed).
pub fn zcash(data: &[u8]) {
    let Some((&sel, b)) = data.split_first() else {
        return;
    };
    match sel % 4 {
        0 => {
            if let Ok(p) = zcash::g1_from_compressed(b) {
                assert_eq!(&zcash::g1_to_compressed(&p)[..], b);
                assert!(zcash::g1_from_compressed_unchecked(b).is_ok());
            }
        }
        1 => {
            if let Ok(p) = zcash::g1_from_uncompressed(b) {
                assert_eq!(&zcash::g1_to_uncompressed(&p)[..], b);
                assert!(zcash::g1_from_uncompressed_unchecked(b).is_ok());
            }
        }
        2 => {
            if let Ok(p) = zcash::g2_from_compressed(b) {
                assert_eq!(&zcash::g2_to_compressed(&p)[..], b);
                assert!(zcash::g2_from_compressed_unchecked(b).is_ok());
            }
        }
        _ => {
            if let Ok(p) = zcash::g2_from_uncompressed(b) {
                assert_eq!(&zcash::g2_to_uncompressed(&p)[..], b);
                assert!(zcash::g2_from_uncompressed_unchecked(b).is_ok());
            }
        }
    }
}

/// Copies the first `N` bytes of `b` (zero-padded).
fn fixed<const N: usize>(b: &[u8]) -> [u8; N] {
    let mut out = [0u8; N];
    let n = b.len().min(N);
    out[..n].copy_from_slice(&b[..n]);
    out
}

/// First byte: which EIP-196/197 or EIP-2537 point decoder.
pub fn eip_encodings(data: &[u8]) {
    let Some((&sel, b)) = data.split_first() else {
        return;
    };
    match sel % 4 {
        0 => {
            let x = fixed::<64>(b);
            if let Ok(p) = eip196::g1_decode(&x) {
                assert_eq!(eip196::g1_encode(&p), x);
            }
        }
        1 => {
            let x = fixed::<128>(b);
            if let Ok(p) = eip196::g2_decode(&x) {
                assert_eq!(eip196::g2_encode(&p), x);
                assert!(eip196::g2_decode_unchecked(&x).is_ok());
            }
        }
        2 => {
            let x = fixed::<128>(b);
            if let Ok(p) = eip2537::g1_decode(&x) {
                assert_eq!(eip2537::g1_encode(&p), x);
            }
        }
        _ => {
            let x = fixed::<256>(b);
            if let Ok(p) = eip2537::g2_decode(&x) {
                assert_eq!(eip2537::g2_encode(&p), x);
            }
        }
    }
}

struct Sec1<'a>(&'a [u8]);

impl CurveVisitor for Sec1<'_> {
    type Output = ();
    fn visit<C: NamedCurve>(self) {
        let b = self.0;
        if let Ok(pk) = PublicKey::<C>::from_sec1_bytes(b) {
            // only the compressed (02/03) and uncompressed (04) forms may decode
            let compressed = match b[0] {
                0x02 | 0x03 => true,
                0x04 => false,
                t => panic!("{}: SEC 1 tag {t:#04x} accepted", C::CURVE_NAME),
            };
            assert_eq!(pk.to_sec1_bytes(compressed), b, "{}", C::CURVE_NAME);
        }
        if let Ok(sk) = SecretKey::<C>::from_bytes_be(b) {
            // any length is accepted, but the value must be the input's (leading zeros aside)
            let enc = sk.to_bytes_be();
            let (long, short) = if enc.len() >= b.len() { (&enc[..], b) } else { (b, &enc[..]) };
            let pad = long.len() - short.len();
            assert!(long[..pad].iter().all(|&x| x == 0) && &long[pad..] == short);
            // and the public key of a valid secret key is a valid public key
            let again = PublicKey::<C>::from_sec1_bytes(&sk.public_key().to_sec1_bytes(true));
            assert!(again.is_ok());
        }
    }
}

/// First byte: which named curve; the rest is a SEC 1 public key (and a secret key).
pub fn sec1(data: &[u8]) {
    let Some((&sel, b)) = data.split_first() else {
        return;
    };
    if b.is_empty() {
        return;
    }
    CurveId::ALL[sel as usize % CurveId::ALL.len()].visit(Sec1(b));
}

macro_rules! bls_round_trips {
    ($v:ident, $sel:expr, $b:expr) => {{
        use hayate_bls::$v::{PublicKey, SecretKey, Signature};
        match $sel {
            0 => {
                if let Ok(pk) = PublicKey::from_bytes($b) {
                    assert_eq!(&pk.to_bytes()[..], $b);
                }
            }
            1 => {
                if let Ok(sig) = Signature::from_bytes($b) {
                    assert_eq!(&sig.to_bytes()[..], $b);
                }
            }
            _ => {
                if let Ok(sk) = SecretKey::from_bytes($b) {
                    assert_eq!(&sk.to_bytes()[..], $b);
                }
            }
        }
    }};
}

/// First byte: variant (min-pk / min-sig) and object (public key, signature, secret key).
pub fn bls_objects(data: &[u8]) {
    let Some((&sel, b)) = data.split_first() else {
        return;
    };
    let what = (sel >> 1) % 3;
    if sel & 1 == 0 {
        bls_round_trips!(min_pk, what, b)
    } else {
        bls_round_trips!(min_sig, what, b)
    }
}

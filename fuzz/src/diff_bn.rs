//! The alt_bn128 precompiles (EIP-196 ADD and MUL, EIP-197 pairing check) against an
//! implementation of the same EIPs on `substrate-bn` (the curve library of Parity/OpenEthereum's
//! precompiles): the same output bytes and the same accept/reject decision.
use hayate_pairing::evm;
use substrate_bn::arith::U256;
use substrate_bn::{AffineG1, AffineG2, Fq, Fq2, Fr, Group, Gt, G1, G2};

fn pad<const L: usize>(input: &[u8], start: usize) -> [u8; L] {
    let mut out = [0u8; L];
    if start < input.len() {
        let end = input.len().min(start + L);
        out[..end - start].copy_from_slice(&input[start..end]);
    }
    out
}

fn fq(b: &[u8]) -> Option<Fq> {
    Fq::from_slice(b).ok()
}

fn g1(b: &[u8; 64]) -> Option<G1> {
    let (x, y) = (fq(&b[..32])?, fq(&b[32..])?);
    if x.is_zero() && y.is_zero() {
        return Some(G1::zero());
    }
    AffineG1::new(x, y).ok().map(G1::from)
}

fn g2(b: &[u8]) -> Option<G2> {
    // EIP-197: x = x_im ‖ x_re, y = y_im ‖ y_re
    let x = Fq2::new(fq(&b[32..64])?, fq(&b[..32])?);
    let y = Fq2::new(fq(&b[96..128])?, fq(&b[64..96])?);
    if x.is_zero() && y.is_zero() {
        return Some(G2::zero());
    }
    AffineG2::new(x, y).ok().map(G2::from)
}

fn encode(p: G1) -> Vec<u8> {
    let mut out = vec![0u8; 64];
    if let Some(a) = AffineG1::from_jacobian(p) {
        a.x().to_big_endian(&mut out[..32]).expect("32 bytes");
        a.y().to_big_endian(&mut out[32..]).expect("32 bytes");
    }
    out
}

fn peer(sel: u8, input: &[u8]) -> Option<Vec<u8>> {
    match sel {
        0 => Some(encode(g1(&pad(input, 0))? + g1(&pad(input, 64))?)),
        1 => {
            let p = g1(&pad(input, 0))?;
            let k = U256::from_slice(&pad::<32>(input, 64)).ok()?;
            Some(encode(p * Fr::new_mul_factor(k)))
        }
        _ => {
            if input.len() % 192 != 0 {
                return None;
            }
            let mut pairs = Vec::new();
            for c in input.chunks_exact(192) {
                let (p, q) = (g1(c[..64].try_into().unwrap())?, g2(&c[64..])?);
                if !p.is_zero() && !q.is_zero() {
                    pairs.push((p, q));
                }
            }
            let one = pairs.is_empty() || substrate_bn::pairing_batch(&pairs) == Gt::one();
            let mut out = vec![0u8; 32];
            out[31] = one as u8;
            Some(out)
        }
    }
}

/// First byte: ADD, MUL or pairing; the rest is the precompile's input.
pub fn bn256(data: &[u8]) {
    let Some((&sel, input)) = data.split_first() else {
        return;
    };
    let sel = sel % 3;
    let name = ["bn256Add", "bn256ScalarMul", "bn256Pairing"][sel as usize];
    let ours = evm::run(name, input).ok();
    assert_eq!(ours, peer(sel, input), "{name}: result or verdict differs from substrate-bn");
}

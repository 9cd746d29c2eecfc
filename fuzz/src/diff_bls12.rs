//! The EIP-2537 precompiles against an implementation of the same EIP on `blst` (the library of
//! most Ethereum consensus clients): the same output bytes and the same accept/reject decision
//! for G1ADD, G2ADD, G1MSM, G2MSM, PAIRING_CHECK, MAP_FP_TO_G1 and MAP_FP2_TO_G2.
use blst::*;
use hayate_pairing::evm;

/// The BLS12-381 base-field modulus, big-endian.
const P: [u8; 48] = [
    0x1a, 0x01, 0x11, 0xea, 0x39, 0x7f, 0xe6, 0x9a, 0x4b, 0x1b, 0xa7, 0xb6, 0x43, 0x4b, 0xac, 0xd7,
    0x64, 0x77, 0x4b, 0x84, 0xf3, 0x85, 0x12, 0xbf, 0x67, 0x30, 0xd2, 0xa0, 0xf6, 0xb0, 0xf6, 0x24,
    0x1e, 0xab, 0xff, 0xfe, 0xb1, 0x53, 0xff, 0xff, 0xb9, 0xfe, 0xff, 0xff, 0xff, 0xff, 0xaa, 0xab,
];

/// A 64-byte EIP-2537 field element: 16 zero bytes, then a canonical 48-byte value.
fn fp(b: &[u8]) -> Option<blst_fp> {
    if b[..16].iter().any(|&x| x != 0) || b[16..64] >= P[..] {
        return None;
    }
    let mut out = blst_fp::default();
    // SAFETY: `b[16..64]` holds 48 readable bytes.
    unsafe { blst_fp_from_bendian(&mut out, b[16..64].as_ptr()) };
    Some(out)
}

fn fp2(b: &[u8]) -> Option<blst_fp2> {
    Some(blst_fp2 { fp: [fp(&b[..64])?, fp(&b[64..128])?] })
}

fn put_fp(out: &mut Vec<u8>, x: &blst_fp) {
    let mut be = [0u8; 48];
    // SAFETY: `be` has room for 48 bytes.
    unsafe { blst_bendian_from_fp(be.as_mut_ptr(), x) };
    out.extend_from_slice(&[0u8; 16]);
    out.extend_from_slice(&be);
}

/// A G1 point (on the curve; all-zero = infinity), optionally required in the subgroup.
fn g1(b: &[u8], subgroup: bool) -> Option<blst_p1_affine> {
    let a = blst_p1_affine { x: fp(&b[..64])?, y: fp(&b[64..128])? };
    // SAFETY: plain value arguments.
    unsafe {
        if blst_p1_affine_is_inf(&a) {
            return Some(a);
        }
        (blst_p1_affine_on_curve(&a) && (!subgroup || blst_p1_affine_in_g1(&a))).then_some(a)
    }
}

fn g2(b: &[u8], subgroup: bool) -> Option<blst_p2_affine> {
    let a = blst_p2_affine { x: fp2(&b[..128])?, y: fp2(&b[128..256])? };
    // SAFETY: plain value arguments.
    unsafe {
        if blst_p2_affine_is_inf(&a) {
            return Some(a);
        }
        (blst_p2_affine_on_curve(&a) && (!subgroup || blst_p2_affine_in_g2(&a))).then_some(a)
    }
}

fn enc1(p: &blst_p1) -> Vec<u8> {
    let mut a = blst_p1_affine::default();
    let mut out = Vec::with_capacity(128);
    // SAFETY: plain value arguments.
    unsafe {
        if blst_p1_is_inf(p) {
            return vec![0u8; 128];
        }
        blst_p1_to_affine(&mut a, p);
    }
    put_fp(&mut out, &a.x);
    put_fp(&mut out, &a.y);
    out
}

fn enc2(p: &blst_p2) -> Vec<u8> {
    let mut a = blst_p2_affine::default();
    let mut out = Vec::with_capacity(256);
    // SAFETY: plain value arguments.
    unsafe {
        if blst_p2_is_inf(p) {
            return vec![0u8; 256];
        }
        blst_p2_to_affine(&mut a, p);
    }
    for c in [&a.x, &a.y] {
        put_fp(&mut out, &c.fp[0]);
        put_fp(&mut out, &c.fp[1]);
    }
    out
}

/// Little-endian copy of a 32-byte big-endian scalar (blst's `mult` takes little-endian bytes).
fn scalar_le(be: &[u8]) -> [u8; 32] {
    let mut le = [0u8; 32];
    for (i, b) in be.iter().rev().enumerate() {
        le[i] = *b;
    }
    le
}

fn items(input: &[u8], item: usize) -> Option<std::slice::ChunksExact<'_, u8>> {
    (!input.is_empty() && input.len() % item == 0).then(|| input.chunks_exact(item))
}

fn peer(sel: u8, input: &[u8]) -> Option<Vec<u8>> {
    // SAFETY (every block below): blst's functions on values owned here.
    unsafe {
        match sel {
            0 => {
                if input.len() != 256 {
                    return None;
                }
                let (a, b) = (g1(&input[..128], false)?, g1(&input[128..], false)?);
                let (mut p, mut r) = (blst_p1::default(), blst_p1::default());
                blst_p1_from_affine(&mut p, &a);
                blst_p1_add_or_double_affine(&mut r, &p, &b);
                Some(enc1(&r))
            }
            1 => {
                if input.len() != 512 {
                    return None;
                }
                let (a, b) = (g2(&input[..256], false)?, g2(&input[256..], false)?);
                let (mut p, mut r) = (blst_p2::default(), blst_p2::default());
                blst_p2_from_affine(&mut p, &a);
                blst_p2_add_or_double_affine(&mut r, &p, &b);
                Some(enc2(&r))
            }
            2 => {
                let mut acc = blst_p1::default();
                for c in items(input, 160)? {
                    let a = g1(&c[..128], true)?;
                    let (mut p, mut t) = (blst_p1::default(), blst_p1::default());
                    blst_p1_from_affine(&mut p, &a);
                    blst_p1_mult(&mut t, &p, scalar_le(&c[128..]).as_ptr(), 256);
                    let s = acc;
                    blst_p1_add_or_double(&mut acc, &s, &t);
                }
                Some(enc1(&acc))
            }
            3 => {
                let mut acc = blst_p2::default();
                for c in items(input, 288)? {
                    let a = g2(&c[..256], true)?;
                    let (mut p, mut t) = (blst_p2::default(), blst_p2::default());
                    blst_p2_from_affine(&mut p, &a);
                    blst_p2_mult(&mut t, &p, scalar_le(&c[256..]).as_ptr(), 256);
                    let s = acc;
                    blst_p2_add_or_double(&mut acc, &s, &t);
                }
                Some(enc2(&acc))
            }
            4 => {
                let mut acc: Option<blst_fp12> = None;
                for c in items(input, 384)? {
                    let (p, q) = (g1(&c[..128], true)?, g2(&c[128..], true)?);
                    if blst_p1_affine_is_inf(&p) || blst_p2_affine_is_inf(&q) {
                        continue;
                    }
                    let mut m = blst_fp12::default();
                    blst_miller_loop(&mut m, &q, &p);
                    acc = Some(match acc {
                        None => m,
                        Some(a) => {
                            let mut r = blst_fp12::default();
                            blst_fp12_mul(&mut r, &a, &m);
                            r
                        }
                    });
                }
                let one = match acc {
                    None => true,
                    Some(a) => {
                        let mut f = blst_fp12::default();
                        blst_final_exp(&mut f, &a);
                        blst_fp12_is_one(&f)
                    }
                };
                let mut out = vec![0u8; 32];
                out[31] = one as u8;
                Some(out)
            }
            5 => {
                if input.len() != 64 {
                    return None;
                }
                let u = fp(input)?;
                let mut r = blst_p1::default();
                blst_map_to_g1(&mut r, &u, std::ptr::null());
                Some(enc1(&r))
            }
            _ => {
                if input.len() != 128 {
                    return None;
                }
                let u = fp2(input)?;
                let mut r = blst_p2::default();
                blst_map_to_g2(&mut r, &u, std::ptr::null());
                Some(enc2(&r))
            }
        }
    }
}

const NAMES: [&str; 7] = [
    "blsG1Add",
    "blsG2Add",
    "blsG1MultiExp",
    "blsG2MultiExp",
    "blsPairing",
    "blsMapG1",
    "blsMapG2",
];

/// First byte: which precompile; the rest is its input.
pub fn bls12(data: &[u8]) {
    let Some((&sel, input)) = data.split_first() else {
        return;
    };
    let sel = sel % 7;
    let name = NAMES[sel as usize];
    let ours = evm::run(name, input).ok();
    assert_eq!(ours, peer(sel, input), "{name}: result or verdict differs from blst");
}

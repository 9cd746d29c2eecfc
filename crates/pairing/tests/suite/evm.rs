//! Tests of the EVM precompiles (EIP-196, EIP-197, EIP-2537): every go-ethereum vector in
//! /work/shared/vectors/evm, go-ethereum's EIP-2537 failure vectors (`tests/vectors/evm/`),
//! negative tests written from the EIP texts, and random inputs that must never panic.

use hayate_pairing::encoding::{eip196, eip2537, in_subgroup_vartime};
use hayate_pairing::evm::{self, EvmError};
use hayate_pairing::{bls12_381, bn254};
use num_bigint::BigUint;
use rand::rngs::StdRng;
use rand::{Rng, RngCore, SeedableRng};

const VECTORS: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../../shared/vectors/evm/");

const BN_P: &str = "30644e72e131a029b85045b68181585d97816a916871ca8d3c208c16d87cfd47";
const BLS_P: &str = "1a0111ea397fe69a4b1ba7b6434bacd764774b84f38512bf6730d2a0f6b0f6241eabfffeb153ffffb9feffffffffaaab";
const BLS_R: &str = "73eda753299d7d483339d80809a1d80553bda402fffe5bfeffffffff00000001";

struct Vector {
    input: Vec<u8>,
    expected: Vec<u8>,
    name: String,
}

fn load(file: &str) -> Vec<Vector> {
    let path = format!("{VECTORS}{file}.json");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let json: serde_json::Value = serde_json::from_str(&text).unwrap();
    json.as_array()
        .unwrap()
        .iter()
        .map(|v| Vector {
            input: hex::decode(v["Input"].as_str().unwrap()).unwrap(),
            expected: hex::decode(v["Expected"].as_str().unwrap()).unwrap(),
            name: v["Name"].as_str().unwrap().to_string(),
        })
        .collect()
}

fn check_file(name: &str) {
    let vectors = load(name);
    assert!(!vectors.is_empty(), "{name}: no vectors");
    let mut failures = Vec::new();
    for v in &vectors {
        match evm::run(name, &v.input) {
            Ok(out) if out == v.expected => {}
            Ok(out) => failures.push(format!("{}: got {}", v.name, hex::encode(out))),
            Err(e) => failures.push(format!("{}: error {e}", v.name)),
        }
    }
    assert!(
        failures.is_empty(),
        "{name}: {} of {} failed:\n{}",
        failures.len(),
        vectors.len(),
        failures.join("\n")
    );
    eprintln!("{name}: {} vectors pass", vectors.len());
}

#[test]
fn vectors_bn256_add() {
    check_file("bn256Add");
}
#[test]
fn vectors_bn256_scalar_mul() {
    check_file("bn256ScalarMul");
}
#[test]
fn vectors_bn256_pairing() {
    check_file("bn256Pairing");
}
#[test]
fn vectors_bls_g1_add() {
    check_file("blsG1Add");
}
#[test]
fn vectors_bls_g2_add() {
    check_file("blsG2Add");
}
#[test]
fn vectors_bls_g1_multi_exp() {
    check_file("blsG1MultiExp");
}
#[test]
fn vectors_bls_g2_multi_exp() {
    check_file("blsG2MultiExp");
}
#[test]
fn vectors_bls_pairing() {
    check_file("blsPairing");
}
#[test]
fn vectors_bls_map_g1() {
    check_file("blsMapG1");
}
#[test]
fn vectors_bls_map_g2() {
    check_file("blsMapG2");
}

// ---------------------------------------------------------------------------------------------
// helpers
// ---------------------------------------------------------------------------------------------

fn rng() -> StdRng {
    StdRng::seed_from_u64(0x2537_0196)
}

/// `x + p` as a `len`-byte big-endian string (x given as big-endian bytes).
fn plus_modulus(x: &[u8], p_hex: &str, len: usize) -> Vec<u8> {
    let v = BigUint::from_bytes_be(x) + BigUint::parse_bytes(p_hex.as_bytes(), 16).unwrap();
    let b = v.to_bytes_be();
    assert!(b.len() <= len);
    let mut out = vec![0u8; len - b.len()];
    out.extend(b);
    out
}

fn bn_g1_gen() -> [u8; 64] {
    eip196::g1_encode(&bn254::G1Affine::generator())
}
fn bn_g2_gen() -> [u8; 128] {
    eip196::g2_encode(&bn254::G2Affine::generator())
}
fn bls_g1_gen() -> [u8; 128] {
    eip2537::g1_encode(&bls12_381::G1Affine::generator())
}
fn bls_g2_gen() -> [u8; 256] {
    eip2537::g2_encode(&bls12_381::G2Affine::generator())
}
fn scalar(k: u64) -> [u8; 32] {
    let mut s = [0u8; 32];
    s[24..].copy_from_slice(&k.to_be_bytes());
    s
}

/// A point of E'(Fp2) outside G2: y² = x³ + b' for random x (almost surely not of order r).
fn bn_twist_point_outside_g2() -> bn254::G2Affine {
    let mut rng = rng();
    loop {
        let x = bn254::Fp2::random(&mut rng);
        if let Some(y) = Option::<bn254::Fp2>::from(bn254::G2Affine::curve_rhs(&x).sqrt()) {
            let p = Option::<bn254::G2Affine>::from(bn254::G2Affine::new(x, y)).unwrap();
            if !in_subgroup_vartime(&p) {
                return p;
            }
        }
    }
}

fn bls_g1_point_outside_subgroup() -> bls12_381::G1Affine {
    let mut rng = rng();
    loop {
        let x = bls12_381::Fp::random(&mut rng);
        if let Some(y) = Option::<bls12_381::Fp>::from(bls12_381::G1Affine::curve_rhs(&x).sqrt()) {
            let p = Option::<bls12_381::G1Affine>::from(bls12_381::G1Affine::new(x, y)).unwrap();
            if !in_subgroup_vartime(&p) {
                return p;
            }
        }
    }
}

fn bls_g2_point_outside_subgroup() -> bls12_381::G2Affine {
    let mut rng = rng();
    loop {
        let x = bls12_381::Fp2::random(&mut rng);
        if let Some(y) = Option::<bls12_381::Fp2>::from(bls12_381::G2Affine::curve_rhs(&x).sqrt()) {
            let p = Option::<bls12_381::G2Affine>::from(bls12_381::G2Affine::new(x, y)).unwrap();
            if !in_subgroup_vartime(&p) {
                return p;
            }
        }
    }
}

fn cat(parts: &[&[u8]]) -> Vec<u8> {
    parts.concat()
}

// ---------------------------------------------------------------------------------------------
// EIP-196 / EIP-197 negative and edge cases
// ---------------------------------------------------------------------------------------------

#[test]
fn bn256_padding_and_truncation() {
    let g = bn_g1_gen();
    // Add: G + O with the second point omitted entirely (zero padded) is G.
    assert_eq!(evm::bn256_add(&g).unwrap(), g.to_vec());
    // Short input: x only, y padded with zero → (1, 0) is off the curve.
    assert_eq!(evm::bn256_add(&g[..32]), Err(EvmError::NotOnCurve));
    // Trailing bytes beyond 128 are ignored, whatever they are.
    let two_g = evm::bn256_add(&cat(&[&g, &g])).unwrap();
    let mut long = cat(&[&g, &g]);
    long.extend([0xffu8; 77]);
    assert_eq!(evm::bn256_add(&long).unwrap(), two_g);
    // Mul: missing scalar = 0 → infinity; scalar 2 → 2G; trailing bytes ignored.
    assert_eq!(evm::bn256_scalar_mul(&g).unwrap(), vec![0u8; 64]);
    let mut m = cat(&[&g, &scalar(2)]);
    assert_eq!(evm::bn256_scalar_mul(&m).unwrap(), two_g);
    m.extend([0xab; 40]);
    assert_eq!(evm::bn256_scalar_mul(&m).unwrap(), two_g);
    // A scalar truncated by the end of input is right-padded: 0x02 followed by missing bytes
    // is 2·256^31.
    let short = cat(&[&g, &[0x02]]);
    let mut s = [0u8; 32];
    s[0] = 2;
    assert_eq!(
        evm::bn256_scalar_mul(&short).unwrap(),
        evm::bn256_scalar_mul(&cat(&[&g, &s])).unwrap()
    );
    // Empty input: O + O = O; O·0 = O.
    assert_eq!(evm::bn256_add(&[]).unwrap(), vec![0u8; 64]);
    assert_eq!(evm::bn256_scalar_mul(&[]).unwrap(), vec![0u8; 64]);
    // Scalars are not reduced: (r + 2)·G = 2G and (2^256 − 1)·G is accepted.
    let r =
        hex::decode("30644e72e131a029b85045b68181585d2833e84879b9709143e1f593f0000003").unwrap();
    assert_eq!(evm::bn256_scalar_mul(&cat(&[&g, &r])).unwrap(), two_g);
    assert!(evm::bn256_scalar_mul(&cat(&[&g, &[0xff; 32]])).is_ok());
}

#[test]
fn bn256_coordinates_at_least_p_rejected() {
    let g = bn_g1_gen();
    let p = hex::decode(BN_P).unwrap();
    // x = p (≡ 0), y = p; (p, p) must not be taken for the point at infinity.
    for enc in [cat(&[&p, &g[32..]]), cat(&[&g[..32], &p]), cat(&[&p, &p])] {
        assert_eq!(evm::bn256_add(&enc), Err(EvmError::InvalidFieldElement));
        assert_eq!(
            evm::bn256_scalar_mul(&cat(&[&enc, &scalar(1)])),
            Err(EvmError::InvalidFieldElement)
        );
    }
    // the generator with x + p, y + p: same residues, non-canonical
    let gx = plus_modulus(&g[..32], BN_P, 32);
    let gy = plus_modulus(&g[32..], BN_P, 32);
    assert_eq!(
        evm::bn256_add(&cat(&[&gx, &g[32..]])),
        Err(EvmError::InvalidFieldElement)
    );
    assert_eq!(
        evm::bn256_add(&cat(&[&g, &g[..32], &gy])),
        Err(EvmError::InvalidFieldElement)
    );
    assert_eq!(
        evm::bn256_add(&[0xff; 64]),
        Err(EvmError::InvalidFieldElement)
    );
    // G2 coordinates ≥ p in the pairing, in each of the four slots
    let q = bn_g2_gen();
    for slot in 0..4 {
        let mut bad = q;
        bad[32 * slot..32 * slot + 32].copy_from_slice(&p);
        assert_eq!(
            evm::bn256_pairing(&cat(&[&g, &bad])),
            Err(EvmError::InvalidFieldElement),
            "slot {slot}"
        );
    }
}

#[test]
fn bn256_off_curve_rejected() {
    // (1, 3): not on y² = x³ + 3
    let mut enc = [0u8; 64];
    enc[31] = 1;
    enc[63] = 3;
    assert_eq!(evm::bn256_add(&enc), Err(EvmError::NotOnCurve));
    assert_eq!(evm::bn256_scalar_mul(&enc), Err(EvmError::NotOnCurve));
    assert_eq!(
        evm::bn256_pairing(&cat(&[&enc, &bn_g2_gen()])),
        Err(EvmError::NotOnCurve)
    );
    // (0, y ≠ 0) is not the point at infinity
    let mut z = [0u8; 64];
    z[63] = 1;
    assert_eq!(evm::bn256_add(&z), Err(EvmError::NotOnCurve));
    // G2: perturb y
    let mut q = bn_g2_gen();
    q[127] ^= 1;
    assert_eq!(
        evm::bn256_pairing(&cat(&[&bn_g1_gen(), &q])),
        Err(EvmError::NotOnCurve)
    );
    // G2 with the Fp2 halves in the wrong order (x_re‖x_im) is off the twist
    let q = bn_g2_gen();
    let swapped = cat(&[&q[32..64], &q[..32], &q[96..], &q[64..96]]);
    assert_eq!(
        evm::bn256_pairing(&cat(&[&bn_g1_gen(), &swapped])),
        Err(EvmError::NotOnCurve)
    );
}

#[test]
fn bn256_pairing_g2_outside_subgroup_rejected() {
    let q = bn_twist_point_outside_g2();
    assert!(bool::from(q.is_on_curve()));
    let enc = eip196::g2_encode(&q);
    assert_eq!(
        evm::bn256_pairing(&cat(&[&bn_g1_gen(), &enc])),
        Err(EvmError::NotInSubgroup)
    );
    // also when paired with the point at infinity: decoding validates every point
    assert_eq!(
        evm::bn256_pairing(&cat(&[&[0u8; 64], &enc])),
        Err(EvmError::NotInSubgroup)
    );
}

#[test]
fn bn256_pairing_lengths_and_identities() {
    let g = bn_g1_gen();
    let q = bn_g2_gen();
    assert_eq!(
        evm::bn256_pairing(&[]).unwrap(),
        hex::decode(format!("{:064x}", 1)).unwrap()
    );
    for len in [1usize, 64, 128, 191, 193, 383] {
        assert_eq!(
            evm::bn256_pairing(&vec![0u8; len]),
            Err(EvmError::InvalidLength {
                precompile: "bn256Pairing",
                got: len
            })
        );
    }
    // e(O, Q) = e(P, O) = 1
    let mut one = vec![0u8; 32];
    one[31] = 1;
    assert_eq!(evm::bn256_pairing(&cat(&[&[0u8; 64], &q])).unwrap(), one);
    assert_eq!(evm::bn256_pairing(&cat(&[&g, &[0u8; 128]])).unwrap(), one);
    // e(G, Q) ≠ 1; e(G, Q)·e(−G, Q) = 1
    assert_eq!(evm::bn256_pairing(&cat(&[&g, &q])).unwrap(), vec![0u8; 32]);
    let neg_g = eip196::g1_encode(&bn254::G1Affine::generator().neg());
    assert_eq!(
        evm::bn256_pairing(&cat(&[&g, &q, &neg_g, &q])).unwrap(),
        one
    );
}

// ---------------------------------------------------------------------------------------------
// EIP-2537 negative and edge cases
// ---------------------------------------------------------------------------------------------

fn len_err(precompile: &'static str, got: usize) -> Result<Vec<u8>, EvmError> {
    Err(EvmError::InvalidLength { precompile, got })
}

#[test]
fn bls_wrong_lengths() {
    for (name, ok) in [
        ("blsG1Add", 256usize),
        ("blsG2Add", 512),
        ("blsMapG1", 64),
        ("blsMapG2", 128),
    ] {
        for len in [0, 1, ok - 1, ok + 1, 2 * ok] {
            assert_eq!(
                evm::run(name, &vec![0u8; len]),
                len_err(name, len),
                "{name} len {len}"
            );
        }
        // the all-zero input of the right length is valid (O + O = O; map of 0)
        if name.ends_with("Add") {
            assert_eq!(evm::run(name, &vec![0u8; ok]).unwrap(), vec![0u8; ok / 2]);
        }
    }
    for (name, item) in [
        ("blsG1MultiExp", 160usize),
        ("blsG2MultiExp", 288),
        ("blsPairing", 384),
    ] {
        for len in [1, item - 1, item + 1, 2 * item - 1, 3 * item + 32] {
            assert_eq!(
                evm::run(name, &vec![0u8; len]),
                len_err(name, len),
                "{name} len {len}"
            );
        }
    }
}

#[test]
fn bls_zero_pairs_rejected() {
    assert_eq!(
        evm::bls_g1_multi_exp(&[]),
        Err(EvmError::EmptyInput {
            precompile: "blsG1MultiExp"
        })
    );
    assert_eq!(
        evm::bls_g2_multi_exp(&[]),
        Err(EvmError::EmptyInput {
            precompile: "blsG2MultiExp"
        })
    );
    assert_eq!(
        evm::bls_pairing(&[]),
        Err(EvmError::EmptyInput {
            precompile: "blsPairing"
        })
    );
}

#[test]
fn bls_nonzero_padding_rejected() {
    let g1 = bls_g1_gen();
    let g2 = bls_g2_gen();
    // each padding byte of each Fp element, in every precompile
    for elem in 0..2 {
        for byte in [0usize, 7, 15] {
            let mut p = g1;
            p[64 * elem + byte] = 1;
            assert_eq!(
                evm::bls_g1_add(&cat(&[&p, &g1])),
                Err(EvmError::InvalidPadding)
            );
            assert_eq!(
                evm::bls_g1_add(&cat(&[&g1, &p])),
                Err(EvmError::InvalidPadding)
            );
            assert_eq!(
                evm::bls_g1_multi_exp(&cat(&[&p, &scalar(1)])),
                Err(EvmError::InvalidPadding)
            );
            assert_eq!(
                evm::bls_pairing(&cat(&[&p, &g2])),
                Err(EvmError::InvalidPadding)
            );
        }
    }
    for elem in 0..4 {
        let mut q = g2;
        q[64 * elem + 3] = 0x80;
        assert_eq!(
            evm::bls_g2_add(&cat(&[&q, &g2])),
            Err(EvmError::InvalidPadding)
        );
        assert_eq!(
            evm::bls_g2_multi_exp(&cat(&[&q, &scalar(1)])),
            Err(EvmError::InvalidPadding)
        );
        assert_eq!(
            evm::bls_pairing(&cat(&[&g1, &q])),
            Err(EvmError::InvalidPadding)
        );
    }
    // the infinity encoding with a padding byte set is not infinity
    let mut inf = [0u8; 128];
    inf[0] = 1;
    assert_eq!(
        evm::bls_g1_add(&cat(&[&inf, &g1])),
        Err(EvmError::InvalidPadding)
    );
    // map precompiles
    let mut u = [0u8; 64];
    u[15] = 1;
    assert_eq!(evm::bls_map_g1(&u), Err(EvmError::InvalidPadding));
    let mut u2 = [0u8; 128];
    u2[64] = 1;
    assert_eq!(evm::bls_map_g2(&u2), Err(EvmError::InvalidPadding));
}

#[test]
fn bls_coordinates_at_least_p_rejected() {
    let p = hex::decode(BLS_P).unwrap();
    let g1 = bls_g1_gen();
    let g2 = bls_g2_gen();
    let mut padded_p = [0u8; 64];
    padded_p[16..].copy_from_slice(&p);
    // coordinate = p in each Fp slot
    for elem in 0..2 {
        let mut bad = g1;
        bad[64 * elem..64 * elem + 64].copy_from_slice(&padded_p);
        assert_eq!(
            evm::bls_g1_add(&cat(&[&bad, &g1])),
            Err(EvmError::InvalidFieldElement)
        );
        assert_eq!(
            evm::bls_g1_multi_exp(&cat(&[&bad, &scalar(1)])),
            Err(EvmError::InvalidFieldElement)
        );
        assert_eq!(
            evm::bls_pairing(&cat(&[&bad, &g2])),
            Err(EvmError::InvalidFieldElement)
        );
    }
    for elem in 0..4 {
        let mut bad = g2;
        bad[64 * elem..64 * elem + 64].copy_from_slice(&padded_p);
        assert_eq!(
            evm::bls_g2_add(&cat(&[&g2, &bad])),
            Err(EvmError::InvalidFieldElement)
        );
        assert_eq!(
            evm::bls_g2_multi_exp(&cat(&[&bad, &scalar(1)])),
            Err(EvmError::InvalidFieldElement)
        );
        assert_eq!(
            evm::bls_pairing(&cat(&[&g1, &bad])),
            Err(EvmError::InvalidFieldElement)
        );
    }
    // the generator's x plus p: same residue, non-canonical
    let mut gx = g1;
    gx[16..64].copy_from_slice(&plus_modulus(&g1[16..64], BLS_P, 48));
    assert_eq!(
        evm::bls_g1_add(&cat(&[&gx, &g1])),
        Err(EvmError::InvalidFieldElement)
    );
    // 48 bytes of 0xff
    let mut ff = [0u8; 64];
    ff[16..].fill(0xff);
    assert_eq!(evm::bls_map_g1(&ff), Err(EvmError::InvalidFieldElement));
    assert_eq!(
        evm::bls_map_g1(&padded_p),
        Err(EvmError::InvalidFieldElement)
    );
    assert_eq!(
        evm::bls_map_g2(&cat(&[&[0u8; 64], &padded_p])),
        Err(EvmError::InvalidFieldElement)
    );
    assert_eq!(
        evm::bls_map_g2(&cat(&[&padded_p, &[0u8; 64]])),
        Err(EvmError::InvalidFieldElement)
    );
}

#[test]
fn bls_off_curve_rejected() {
    let g1 = bls_g1_gen();
    let g2 = bls_g2_gen();
    let mut p = g1;
    p[127] ^= 1;
    assert_eq!(evm::bls_g1_add(&cat(&[&g1, &p])), Err(EvmError::NotOnCurve));
    assert_eq!(
        evm::bls_g1_multi_exp(&cat(&[&p, &scalar(0)])),
        Err(EvmError::NotOnCurve)
    );
    assert_eq!(
        evm::bls_pairing(&cat(&[&p, &g2])),
        Err(EvmError::NotOnCurve)
    );
    // (0, 1) is not infinity and not on the curve
    let mut z = [0u8; 128];
    z[127] = 1;
    assert_eq!(evm::bls_g1_add(&cat(&[&z, &g1])), Err(EvmError::NotOnCurve));
    let mut q = g2;
    q[255] ^= 1;
    assert_eq!(evm::bls_g2_add(&cat(&[&q, &g2])), Err(EvmError::NotOnCurve));
    assert_eq!(
        evm::bls_g2_multi_exp(&cat(&[&q, &scalar(5)])),
        Err(EvmError::NotOnCurve)
    );
    assert_eq!(
        evm::bls_pairing(&cat(&[&g1, &q])),
        Err(EvmError::NotOnCurve)
    );
    // G2 with c0/c1 swapped (Zcash order instead of EIP-2537 order) is off the twist
    let swapped = cat(&[&g2[64..128], &g2[..64], &g2[192..], &g2[128..192]]);
    assert_eq!(
        evm::bls_g2_add(&cat(&[&swapped, &g2])),
        Err(EvmError::NotOnCurve)
    );
}

#[test]
fn bls_outside_subgroup() {
    let p = bls_g1_point_outside_subgroup();
    let q = bls_g2_point_outside_subgroup();
    let pe = eip2537::g1_encode(&p);
    let qe = eip2537::g2_encode(&q);
    let g1 = bls_g1_gen();
    let g2 = bls_g2_gen();
    // ADD performs no subgroup check (final EIP-2537): P + G is computed.
    let sum = evm::bls_g1_add(&cat(&[&pe, &g1])).unwrap();
    let expect =
        (bls12_381::G1Projective::from(p) + bls12_381::G1Projective::generator()).to_affine();
    assert_eq!(sum, eip2537::g1_encode(&expect).to_vec());
    assert!(evm::bls_g2_add(&cat(&[&qe, &g2])).is_ok());
    assert_eq!(
        evm::bls_g2_add(&cat(&[&qe, &qe])).unwrap(),
        eip2537::g2_encode(&q.double()).to_vec()
    );
    // MSM and pairing do, even with scalar 0 or paired with infinity.
    assert_eq!(
        evm::bls_g1_multi_exp(&cat(&[&pe, &scalar(1)])),
        Err(EvmError::NotInSubgroup)
    );
    assert_eq!(
        evm::bls_g1_multi_exp(&cat(&[&g1, &scalar(3), &pe, &scalar(0)])),
        Err(EvmError::NotInSubgroup)
    );
    assert_eq!(
        evm::bls_g2_multi_exp(&cat(&[&qe, &scalar(1)])),
        Err(EvmError::NotInSubgroup)
    );
    assert_eq!(
        evm::bls_pairing(&cat(&[&pe, &g2])),
        Err(EvmError::NotInSubgroup)
    );
    assert_eq!(
        evm::bls_pairing(&cat(&[&pe, &[0u8; 256]])),
        Err(EvmError::NotInSubgroup)
    );
    assert_eq!(
        evm::bls_pairing(&cat(&[&g1, &qe])),
        Err(EvmError::NotInSubgroup)
    );
    assert_eq!(
        evm::bls_pairing(&cat(&[&[0u8; 128], &qe])),
        Err(EvmError::NotInSubgroup)
    );
}

#[test]
fn bls_msm_scalars_unreduced_and_large() {
    let g1 = bls_g1_gen();
    let g2 = bls_g2_gen();
    let r = BigUint::parse_bytes(BLS_R.as_bytes(), 16).unwrap();
    let r_plus_2 = {
        let b = (&r + 2u32).to_bytes_be();
        let mut s = [0u8; 32];
        s[32 - b.len()..].copy_from_slice(&b);
        s
    };
    let two_g1 = evm::bls_g1_multi_exp(&cat(&[&g1, &scalar(2)])).unwrap();
    assert_eq!(
        evm::bls_g1_multi_exp(&cat(&[&g1, &r_plus_2])).unwrap(),
        two_g1
    );
    assert_eq!(evm::bls_g1_add(&cat(&[&g1, &g1])).unwrap(), two_g1);
    let two_g2 = evm::bls_g2_multi_exp(&cat(&[&g2, &scalar(2)])).unwrap();
    assert_eq!(
        evm::bls_g2_multi_exp(&cat(&[&g2, &r_plus_2])).unwrap(),
        two_g2
    );
    // 2^256 − 1 = (2^256 − 1 mod r) — compare against the reduced scalar
    let max = BigUint::from_bytes_be(&[0xff; 32]) % &r;
    let mut red = [0u8; 32];
    let b = max.to_bytes_be();
    red[32 - b.len()..].copy_from_slice(&b);
    assert_eq!(
        evm::bls_g1_multi_exp(&cat(&[&g1, &[0xff; 32]])).unwrap(),
        evm::bls_g1_multi_exp(&cat(&[&g1, &red])).unwrap()
    );
    // scalar r → infinity; all-zero scalars → infinity
    let mut rs = [0u8; 32];
    rs.copy_from_slice(&hex::decode(BLS_R).unwrap());
    assert_eq!(
        evm::bls_g1_multi_exp(&cat(&[&g1, &rs])).unwrap(),
        vec![0u8; 128]
    );
    assert_eq!(
        evm::bls_g2_multi_exp(&cat(&[&g2, &scalar(0), &g2, &scalar(0)])).unwrap(),
        vec![0u8; 256]
    );
    // a larger MSM (Pippenger path) against the term-by-term sum
    let mut rng = rng();
    let n = 40;
    let mut input = Vec::new();
    let mut acc = bls12_381::G1Projective::identity();
    for _ in 0..n {
        let mut s = [0u8; 32];
        rng.fill_bytes(&mut s);
        let k: u64 = rng.gen_range(1..1000);
        let pt = bls12_381::G1Affine::generator()
            .mul_vartime(&[k])
            .to_affine();
        input.extend_from_slice(&eip2537::g1_encode(&pt));
        input.extend_from_slice(&s);
        let limbs = hayate_pairing::encoding::scalar_limbs_be::<4>(&s);
        acc += pt.mul_vartime(&limbs);
    }
    assert_eq!(
        evm::bls_g1_multi_exp(&input).unwrap(),
        eip2537::g1_encode(&acc.to_affine()).to_vec()
    );
}

#[test]
fn bls_pairing_identities() {
    let g1 = bls_g1_gen();
    let g2 = bls_g2_gen();
    let mut one = vec![0u8; 32];
    one[31] = 1;
    assert_eq!(evm::bls_pairing(&cat(&[&g1, &g2])).unwrap(), vec![0u8; 32]);
    assert_eq!(evm::bls_pairing(&cat(&[&[0u8; 128], &g2])).unwrap(), one);
    assert_eq!(evm::bls_pairing(&cat(&[&g1, &[0u8; 256]])).unwrap(), one);
    let neg = eip2537::g1_encode(&bls12_381::G1Affine::generator().neg());
    assert_eq!(evm::bls_pairing(&cat(&[&g1, &g2, &neg, &g2])).unwrap(), one);
}

#[test]
fn unknown_precompile() {
    assert_eq!(
        evm::run("bn256Sub", &[]),
        Err(EvmError::UnknownPrecompile("bn256Sub".into()))
    );
    assert_eq!(
        evm::run("", &[]),
        Err(EvmError::UnknownPrecompile(String::new()))
    );
    // names are case-sensitive
    assert!(matches!(
        evm::run("BN256ADD", &[]),
        Err(EvmError::UnknownPrecompile(_))
    ));
    for (name, _) in evm::PRECOMPILES {
        assert!(
            !matches!(evm::run(name, &[]), Err(EvmError::UnknownPrecompile(_))),
            "{name}"
        );
    }
}

#[test]
fn errors_display() {
    let errs = [
        EvmError::InvalidLength {
            precompile: "blsG1Add",
            got: 3,
        },
        EvmError::EmptyInput {
            precompile: "blsPairing",
        },
        EvmError::InvalidFieldElement,
        EvmError::InvalidPadding,
        EvmError::NotOnCurve,
        EvmError::NotInSubgroup,
        EvmError::UnknownPrecompile("x".into()),
    ];
    for e in errs {
        let s = e.to_string();
        assert!(!s.is_empty() && !s.contains('\n'));
        let _: &dyn std::error::Error = &e;
    }
}

// ---------------------------------------------------------------------------------------------
// no panics on arbitrary input
// ---------------------------------------------------------------------------------------------

#[test]
fn random_inputs_never_panic() {
    let mut rng = StdRng::seed_from_u64(0xf022);
    let names: Vec<&str> = evm::PRECOMPILES.iter().map(|(n, _)| *n).collect();
    // lengths around every accepted size, plus arbitrary ones
    let sizes = [
        0usize, 1, 31, 32, 63, 64, 65, 96, 127, 128, 129, 160, 192, 255, 256, 257, 288, 320, 384,
        512, 576, 768,
    ];
    for name in &names {
        for i in 0..300 {
            let len = if i % 2 == 0 {
                sizes[rng.gen_range(0..sizes.len())]
            } else {
                rng.gen_range(0..1200)
            };
            let mut input = vec![0u8; len];
            match i % 3 {
                0 => rng.fill_bytes(&mut input),
                // mostly zero with a few random bytes: exercises the valid-padding paths
                1 => {
                    for _ in 0..rng.gen_range(0..6) {
                        if len > 0 {
                            let j = rng.gen_range(0..len);
                            input[j] = rng.gen();
                        }
                    }
                }
                // EIP-2537 style: zero padding, random 48-byte bodies
                _ => {
                    for (j, b) in input.iter_mut().enumerate() {
                        if j % 64 >= 16 {
                            *b = rng.gen();
                        }
                    }
                }
            }
            let r = std::panic::catch_unwind(|| evm::run(name, &input));
            assert!(r.is_ok(), "{name} panicked on {}", hex::encode(&input));
        }
    }
}

#[test]
fn valid_points_with_random_scalars_never_panic() {
    // well-formed inputs built from valid points: exercise the arithmetic, not just the parsers
    let mut rng = StdRng::seed_from_u64(7);
    for _ in 0..20 {
        let mut s = [0u8; 32];
        rng.fill_bytes(&mut s);
        let mut input = bls_g1_gen().to_vec();
        input.extend_from_slice(&s);
        assert!(evm::bls_g1_multi_exp(&input).is_ok());
        let mut input = bn_g1_gen().to_vec();
        input.extend_from_slice(&s);
        assert!(evm::bn256_scalar_mul(&input).is_ok());
    }
}

/// go-ethereum's `fail-<name>.json` (`tests/vectors/evm/`, see the README there): every
/// malformed input must be rejected with an error (go-ethereum's message is printed beside
/// hayate's on failure; the texts differ by design).
fn check_fail_file(name: &str) {
    let path = format!(
        "{}/tests/vectors/evm/fail-{name}.json",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let json: serde_json::Value = serde_json::from_str(&text).unwrap();
    let cases = json.as_array().unwrap();
    assert!(!cases.is_empty(), "{name}: no vectors");
    let mut accepted = Vec::new();
    for c in cases {
        let input = hex::decode(c["Input"].as_str().unwrap()).unwrap();
        if let Ok(out) = evm::run(name, &input) {
            accepted.push(format!(
                "{} (go-ethereum: {}): got {}",
                c["Name"].as_str().unwrap(),
                c["ExpectedError"].as_str().unwrap(),
                hex::encode(out)
            ));
        }
    }
    assert!(
        accepted.is_empty(),
        "{name}: {} of {} malformed inputs accepted:\n{}",
        accepted.len(),
        cases.len(),
        accepted.join("\n")
    );
}

#[test]
fn fail_vectors_bls_g1_add() {
    check_fail_file("blsG1Add");
}

#[test]
fn fail_vectors_bls_g2_add() {
    check_fail_file("blsG2Add");
}

#[test]
fn fail_vectors_bls_g1_multi_exp() {
    check_fail_file("blsG1MultiExp");
}

#[test]
fn fail_vectors_bls_g2_multi_exp() {
    check_fail_file("blsG2MultiExp");
}

#[test]
fn fail_vectors_bls_pairing() {
    check_fail_file("blsPairing");
}

#[test]
fn fail_vectors_bls_map_g1() {
    check_fail_file("blsMapG1");
}

#[test]
fn fail_vectors_bls_map_g2() {
    check_fail_file("blsMapG2");
}

//! Third-party values: secp256r1 generator multiples (SEC/NIST test data) and the Ethereum
//! alt_bn128 precompile vectors (EIP-196 ADD and MUL, go-ethereum's bn256Add.json /
//! bn256ScalarMul.json) — only the cases with valid on-curve inputs, as arithmetic checks.

use crate::common;

use common::*;
use hayate_arith::fields::Bn254Fp;
use hayate_ec::{msm_vartime, Affine, Jacobian, Projective};

fn p256_point(x: &str, y: &str) -> Affine<P256> {
    let x = P256Fp::from_hex_vartime(x);
    let y = P256Fp::from_hex_vartime(y);
    Option::from(Affine::<P256>::new(x, y)).expect("on curve")
}

#[test]
fn secp256r1_small_multiples() {
    let g = Projective::<P256>::generator();
    let g2 = p256_point(
        "7CF27B188D034F7E8A52380304B51AC3C08969E277F21B35A60B48FC47669978",
        "07775510DB8ED040293D9AC69F7430DBBA7DADE63CE982299E04B79D227873D1",
    );
    let g3 = p256_point(
        "5ECBE4D1A6330A44C8F7EF951D4BF165E6C6B721EFADA985FB41661BC6E7FD6C",
        "8734640C4998FF7E374B06CE1A64A2ECD82AB036384FB83D9A79B127A27D5032",
    );
    assert_eq!(g.double().to_affine(), g2);
    assert_eq!((g.double() + g).to_affine(), g3);
    assert_eq!(g.mul_ct(&[2]).to_affine(), g2);
    assert_eq!(g.mul_ct(&[3]).to_affine(), g3);
    assert_eq!(g.mul_vartime(&[3]).to_affine(), g3);
    assert_eq!(Jacobian::<P256>::generator().double().to_affine(), g2);
    assert_eq!(Affine::<P256>::generator().double(), g2);
    assert_eq!(Affine::<P256>::generator().add(&g2), g3);
    // generic-a formulas on the same curve
    let gg = Projective::<P256Generic>::generator();
    assert_eq!(hex_of(&gg.double().to_affine().x), hex_of(&g2.x));
    assert_eq!(hex_of(&gg.mul_ct(&[3]).to_affine().y), hex_of(&g3.y));
    assert_eq!(
        hex_of(
            &Jacobian::<P256Generic>::generator()
                .double_n(1)
                .to_affine()
                .y
        ),
        hex_of(&g2.y)
    );
}

/// Parses a 32-byte big-endian field element.
fn fe(b: &[u8]) -> Option<Bn254Fp> {
    Option::from(Bn254Fp::from_bytes_be(b))
}

/// (x, y) → point; (0, 0) → identity; `None` for non-canonical or off-curve input.
fn decode(b: &[u8]) -> Option<Affine<Bn254G1>> {
    let x = fe(&b[..32])?;
    let y = fe(&b[32..64])?;
    if bool::from(hayate_ec::Field::is_zero(&x) & hayate_ec::Field::is_zero(&y)) {
        return Some(Affine::identity());
    }
    Option::from(Affine::<Bn254G1>::new(x, y))
}

fn encode(p: &Affine<Bn254G1>) -> String {
    let mut out = [0u8; 64];
    p.x.write_bytes_be(&mut out[..32]);
    p.y.write_bytes_be(&mut out[32..]);
    hex::encode(out)
}

fn load(name: &str) -> Vec<serde_json::Value> {
    let path = format!(
        "{}/../../../shared/vectors/evm/{name}",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    serde_json::from_str::<Vec<serde_json::Value>>(&text).expect("json array")
}

fn input(case: &serde_json::Value, len: usize) -> Vec<u8> {
    let mut v = hex::decode(case["Input"].as_str().unwrap()).unwrap();
    v.resize(len, 0); // EVM semantics: short input is zero-padded, extra input ignored
    v
}

#[test]
fn evm_bn256_add() {
    let mut checked = 0;
    for case in load("bn256Add.json") {
        let expected = case["Expected"].as_str().unwrap_or("");
        let inp = input(&case, 128);
        let (Some(p), Some(q)) = (decode(&inp[..64]), decode(&inp[64..])) else {
            continue;
        };
        if expected.is_empty() {
            continue;
        }
        let pp = Projective::from(p);
        let qj = Jacobian::from(q);
        let name = case["Name"].as_str().unwrap();
        assert_eq!(
            encode(&(pp + Projective::from(q)).to_affine()),
            expected,
            "{name} projective"
        );
        assert_eq!(
            encode(&pp.add_affine(&q).to_affine()),
            expected,
            "{name} mixed"
        );
        assert_eq!(
            encode(&(Jacobian::from(p) + qj).to_affine()),
            expected,
            "{name} jacobian"
        );
        assert_eq!(
            encode(&Jacobian::from(p).add_affine_vartime(&q).to_affine()),
            expected,
            "{name}"
        );
        assert_eq!(encode(&p.add(&q)), expected, "{name} affine");
        checked += 1;
    }
    assert!(checked >= 10, "only {checked} valid cases");
}

#[test]
fn evm_bn256_scalar_mul() {
    let mut checked = 0;
    for case in load("bn256ScalarMul.json") {
        let expected = case["Expected"].as_str().unwrap_or("");
        let inp = input(&case, 96);
        let Some(p) = decode(&inp[..64]) else {
            continue;
        };
        if expected.is_empty() {
            continue;
        }
        let mut k = [0u64; 4];
        for (i, limb) in k.iter_mut().enumerate() {
            let off = 64 + 24 - 8 * i;
            *limb = u64::from_be_bytes(inp[off..off + 8].try_into().unwrap());
        }
        let name = case["Name"].as_str().unwrap();
        let pp = Projective::from(p);
        assert_eq!(
            encode(&pp.mul_ct(&k).to_affine()),
            expected,
            "{name} mul_ct"
        );
        assert_eq!(
            encode(&pp.mul_vartime(&k).to_affine()),
            expected,
            "{name} mul_vartime"
        );
        assert_eq!(
            encode(&pp.mul_ct_parallel(&k).to_affine()),
            expected,
            "{name} parallel"
        );
        assert_eq!(encode(&reference_mul(&p, &k)), expected, "{name} reference");
        assert_eq!(
            encode(&msm_vartime(&[p], &[k]).unwrap().to_affine()),
            expected,
            "{name} msm"
        );
        checked += 1;
    }
    assert!(checked >= 10, "only {checked} valid cases");
}

//! The zkcrypto traits on the papers' BN254 (z = 2^62 − 2^54 + 2^44) ([`crate::bn254_beuchat`]): [`Scalar`], [`G1Affine`],
//! [`G1Projective`], [`G2Affine`], [`G2Projective`], [`Gt`], [`MillerLoopResult`],
//! [`G2Prepared`] and the engine [`Bn254Beuchat`].
//!
//! Encodings ([`crate::zk`] has the details): compressed (`GroupEncoding`, 32 / 64 bytes) in
//! gnark-crypto's bn254 format, uncompressed (`UncompressedEncoding`, 64 / 128 bytes) in the
//! EIP-196 / EIP-197 format. The scalar `Repr` is 32 bytes little-endian; the `PrimeField`
//! constants use the least generator g = 5 of Fr* (S = 45). `P * s` is constant time in s.

use super::bn_encoding::bn_zk_curve;
use crate::bn254_beuchat as h;

zk_scalar!(
    /// An element of the scalar field Fr (order r) of the curve (wraps [`h::Fr`]).
    Scalar(h::Fr),
    modulus: "0x2370fb049d410fbe4e761a9886e502411dc1af70120000017e80600000000001",
    num_bits: 254,
    s: 45,
    two_inv: "11b87d824ea087df273b0d4c437281208ee0d7b809000000bf40300000000001",
    generator: "05",
    root_of_unity: "1863a925b196878bd3c8c2e9ac910a6204abf502ccbb1a9b2473a1952cfbf0e2",
    root_of_unity_inv: "0ab88279bebacb082c0c1f9fb6d191a9a0f040345fd8816bd50fbe38db51dd9a",
    delta: "221a52ec85815dc7b41e51892a9ee92dcbb3c6b0b8fa05b405e49757baab2945",
);

bn_zk_curve!(bn254_beuchat, Bn254Beuchat);

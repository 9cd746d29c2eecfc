//! The zkcrypto traits on hayate's alt_bn128 (EIP-196/197) ([`crate::bn254`]): [`Scalar`], [`G1Affine`],
//! [`G1Projective`], [`G2Affine`], [`G2Projective`], [`Gt`], [`MillerLoopResult`],
//! [`G2Prepared`] and the engine [`Bn254`].
//!
//! Encodings ([`crate::zk`] has the details): compressed (`GroupEncoding`, 32 / 64 bytes) in
//! gnark-crypto's bn254 format, uncompressed (`UncompressedEncoding`, 64 / 128 bytes) in the
//! EIP-196 / EIP-197 format. The scalar `Repr` is 32 bytes little-endian; the `PrimeField`
//! constants use the least generator g = 5 of Fr* (S = 28). `P * s` is constant time in s.

use super::bn_encoding::bn_zk_curve;
use crate::bn254 as h;

zk_scalar!(
    /// An element of the scalar field Fr (order r) of the curve (wraps [`h::Fr`]).
    Scalar(h::Fr),
    modulus: "0x30644e72e131a029b85045b68181585d2833e84879b9709143e1f593f0000001",
    num_bits: 254,
    s: 28,
    two_inv: "183227397098d014dc2822db40c0ac2e9419f4243cdcb848a1f0fac9f8000001",
    generator: "05",
    root_of_unity: "2a3c09f0a58a7e8500e0a7eb8ef62abc402d111e41112ed49bd61b6e725b19f0",
    root_of_unity_inv: "01b775199c229cd56117635d49d5387fec9d51f8fd399d5d723942779d18157e",
    delta: "0ba49465f79ce3ca21f1ec72be9f9a263f544c14cc40ac6ba1458af683d28e01",
);

bn_zk_curve!(bn254, Bn254);

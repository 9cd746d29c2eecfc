//! The zkcrypto traits on hayate's BLS12-381 ([`crate::bls12_381`]), in the shape of the
//! `bls12_381` crate: [`Scalar`], [`G1Affine`], [`G1Projective`], [`G2Affine`],
//! [`G2Projective`], [`Gt`], [`MillerLoopResult`], [`G2Prepared`] and the engine [`Bls12`].
//!
//! Encodings are the Zcash format of [`crate::encoding::zcash`] (48 / 96 bytes compressed,
//! 96 / 192 uncompressed), byte for byte those of `bls12_381`; the scalar `Repr` is 32 bytes
//! little-endian and the `PrimeField` constants are `bls12_381::Scalar`'s (generator 7,
//! S = 32). `P * s` is constant time in s. Pairing values (GT) are `bls12_381`'s.

use crate::bls12_381 as h;

zk_scalar!(
    /// An element of the scalar field Fr (order r) of BLS12-381 (wraps [`h::Fr`]).
    Scalar(h::Fr),
    modulus: "0x73eda753299d7d483339d80809a1d80553bda402fffe5bfeffffffff00000001",
    num_bits: 255,
    s: 32,
    two_inv: "39f6d3a994cebea4199cec0404d0ec02a9ded2017fff2dff7fffffff80000001",
    generator: "07",
    root_of_unity: "16a2a19edfe81f20d09b681922c813b4b63683508c2280b93829971f439f0d2b",
    root_of_unity_inv: "0538a6f66e19c653ed4f2f74a35d01686f67d4a2b566f8330fb4d6e13cf19a78",
    delta: "08634d0aa021aaf843cab354fabb0062f6502437c6a09c006c083479590189d7",
);

/// Zcash encodings of G1 ([`crate::encoding::zcash`]).
mod g1_enc {
    use crate::bls12_381::G1Affine as A;
    use crate::encoding::zcash as z;
    pub(super) fn to_compressed(p: &A) -> [u8; 48] {
        z::g1_to_compressed(p)
    }
    pub(super) fn to_uncompressed(p: &A) -> [u8; 96] {
        z::g1_to_uncompressed(p)
    }
    pub(super) fn from_compressed(b: &[u8; 48], check: bool) -> Option<A> {
        if check {
            z::g1_from_compressed(b).ok()
        } else {
            z::g1_from_compressed_unchecked(b).ok()
        }
    }
    pub(super) fn from_uncompressed(b: &[u8; 96], check: bool) -> Option<A> {
        if check {
            z::g1_from_uncompressed(b).ok()
        } else {
            z::g1_from_uncompressed_unchecked(b).ok()
        }
    }
}

/// Zcash encodings of G2 ([`crate::encoding::zcash`]).
mod g2_enc {
    use crate::bls12_381::G2Affine as A;
    use crate::encoding::zcash as z;
    pub(super) fn to_compressed(p: &A) -> [u8; 96] {
        z::g2_to_compressed(p)
    }
    pub(super) fn to_uncompressed(p: &A) -> [u8; 192] {
        z::g2_to_uncompressed(p)
    }
    pub(super) fn from_compressed(b: &[u8; 96], check: bool) -> Option<A> {
        if check {
            z::g2_from_compressed(b).ok()
        } else {
            z::g2_from_compressed_unchecked(b).ok()
        }
    }
    pub(super) fn from_uncompressed(b: &[u8; 192], check: bool) -> Option<A> {
        if check {
            z::g2_from_uncompressed(b).ok()
        } else {
            z::g2_from_uncompressed_unchecked(b).ok()
        }
    }
}

zk_group!(
    "BLS12-381 G1",
    G1Affine(h::G1Affine),
    G1Projective(h::G1Projective),
    Scalar,
    G1Compressed[48],
    G1Uncompressed[96],
    g1_enc,
);

zk_group!(
    "BLS12-381 G2",
    G2Affine(h::G2Affine),
    G2Projective(h::G2Projective),
    Scalar,
    G2Compressed[96],
    G2Uncompressed[192],
    g2_enc,
);

zk_engine!(
    /// The BLS12-381 pairing engine (`pairing::Engine`, `pairing::MultiMillerLoop`), as
    /// `bls12_381::Bls12`.
    Bls12, h::Bls12381, 6, Scalar, G1Affine, G1Projective, G2Affine, G2Projective,
);

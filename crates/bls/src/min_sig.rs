//! Minimal-signature-size variant (draft §2.1): public keys in G2 (96-byte compressed),
//! signatures in G1 (48-byte compressed), messages hashed to G1 with RFC 9380
//! `BLS12381G1_XMD:SHA-256_SSWU_RO_`. Ciphersuites (§4.2.1–§4.2.3):
//! `BLS_SIG_BLS12381G1_XMD:SHA-256_SSWU_RO_NUL_`, `…_AUG_`, `…_POP_`, proofs of possession under
//! `BLS_POP_BLS12381G1_XMD:SHA-256_SSWU_RO_POP_`. blst's `min_sig`.

use hayate_ec::{Affine, Projective};
use hayate_pairing::bls12_381::{G1Affine, G1Params, G1Projective, G2Affine, G2Params};
use hayate_pairing::encoding::zcash;

use crate::core_ops::MAX_PK_LEN;

/// The variant's groups and suites for [`crate::core_ops`].
pub(crate) struct MinSig;

impl crate::core_ops::Variant for MinSig {
    type Pk = G2Params;
    type Sig = G1Params;
    const DST_BASIC: &'static str = "BLS_SIG_BLS12381G1_XMD:SHA-256_SSWU_RO_NUL_";
    const DST_AUG: &'static str = "BLS_SIG_BLS12381G1_XMD:SHA-256_SSWU_RO_AUG_";
    const DST_POP: &'static str = "BLS_SIG_BLS12381G1_XMD:SHA-256_SSWU_RO_POP_";
    const DST_POP_PROOF: &'static str = "BLS_POP_BLS12381G1_XMD:SHA-256_SSWU_RO_POP_";

    fn hash(msg: &[u8], dst: &[u8]) -> Projective<G1Params> {
        hayate_pairing::hash_to_curve::clear_cofactor_g1(
            &hayate_pairing::hash_to_curve::hash_to_g1_uncleared(msg, dst),
        )
    }
    fn pair(pk: &Affine<G2Params>, s: &Affine<G1Params>) -> (G1Affine, G2Affine) {
        (*s, *pk)
    }
    fn pair_scaled(pk: &Affine<G2Params>, s: &Affine<G1Params>, r: u64) -> (G1Projective, G2Affine) {
        (G1Projective::from(*s).mul_vartime_wnaf(&[r]), *pk)
    }
    fn pk_encode(pk: &Affine<G2Params>, out: &mut [u8; MAX_PK_LEN]) -> usize {
        out.copy_from_slice(&zcash::g2_to_compressed(pk));
        96
    }
}

variant_api! {
    variant: MinSig,
    pk_len: 96,
    sig_len: 48,
    pk_affine: G2Affine,
    sig_affine: G1Affine,
    pk_decode: zcash::g2_from_compressed,
    pk_encode: zcash::g2_to_compressed,
    sig_decode: zcash::g1_from_compressed,
    sig_encode: zcash::g1_to_compressed,
}

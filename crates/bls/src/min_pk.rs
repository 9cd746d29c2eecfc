//! Minimal-pubkey-size variant (draft §2.1): public keys in G1 (48-byte compressed),
//! signatures in G2 (96-byte compressed), messages hashed to G2 with RFC 9380
//! `BLS12381G2_XMD:SHA-256_SSWU_RO_`. Ciphersuites (§4.2.1–§4.2.3):
//! `BLS_SIG_BLS12381G2_XMD:SHA-256_SSWU_RO_NUL_`, `…_AUG_`, `…_POP_`, proofs of possession under
//! `BLS_POP_BLS12381G2_XMD:SHA-256_SSWU_RO_POP_`. This is the variant of Ethereum's consensus
//! layer (with the PoP scheme) and of blst's `min_pk`.

use hayate_ec::{Affine, Projective};
use hayate_pairing::bls12_381::{G1Affine, G1Params, G1Projective, G2Affine, G2Params};
use hayate_pairing::encoding::zcash;

use crate::core_ops::MAX_PK_LEN;

/// The variant's groups and suites for [`crate::core_ops`].
pub(crate) struct MinPk;

impl crate::core_ops::Variant for MinPk {
    type Pk = G1Params;
    type Sig = G2Params;
    const DST_BASIC: &'static str = "BLS_SIG_BLS12381G2_XMD:SHA-256_SSWU_RO_NUL_";
    const DST_AUG: &'static str = "BLS_SIG_BLS12381G2_XMD:SHA-256_SSWU_RO_AUG_";
    const DST_POP: &'static str = "BLS_SIG_BLS12381G2_XMD:SHA-256_SSWU_RO_POP_";
    const DST_POP_PROOF: &'static str = "BLS_POP_BLS12381G2_XMD:SHA-256_SSWU_RO_POP_";

    fn hash(msg: &[u8], dst: &[u8]) -> Projective<G2Params> {
        crate::core_ops::hash_g2(msg, dst)
    }
    fn pair(pk: &Affine<G1Params>, s: &Affine<G2Params>) -> (G1Affine, G2Affine) {
        (*pk, *s)
    }
    fn pair_scaled(pk: &Affine<G1Params>, s: &Affine<G2Params>, r: u64) -> (G1Projective, G2Affine) {
        (G1Projective::from(*pk).mul_vartime_wnaf(&[r]), *s)
    }
    fn pk_encode(pk: &Affine<G1Params>, out: &mut [u8; MAX_PK_LEN]) -> usize {
        out[..48].copy_from_slice(&zcash::g1_to_compressed(pk));
        48
    }
}


variant_api! {
    variant: MinPk,
    pk_len: 48,
    sig_len: 96,
    pk_affine: G1Affine,
    sig_affine: G2Affine,
    pk_decode: zcash::g1_from_compressed,
    pk_encode: zcash::g1_to_compressed,
    sig_decode: zcash::g2_from_compressed,
    sig_encode: zcash::g2_to_compressed,
}

//! `bls12-381`: the BLS12 curve of Zcash, Ethereum (EIP-2537) and the IETF drafts.
//!
//! z = −0xd201000000010000, E: y² = x³ + 4 over Fp, Fp2 = Fp[u]/(u² + 1), ξ = 1 + u,
//! G2 on the M-type twist E': y² = x³ + 4(1 + u). Standard generators.
//! The final exponentiation computes f^(3·(p¹²−1)/r) (see [`crate::final_exp`]).

use hayate_arith::fields::{Bls12381FpParams, Bls12381FrParams};
use hayate_arith::limbs::from_hex;
use hayate_arith::{Fp as PrimeField, Fp2 as QuadField};
use hayate_ec::CurveParams;

use crate::engine::{Family, PairingCurve, TwistType};

const R: [u64; 4] = from_hex("73eda753299d7d483339d80809a1d80553bda402fffe5bfeffffffff00000001");

/// G1 ⊂ E(Fp), y² = x³ + 4 (cofactor 0x396c8c005555e1568c00aaab0000aaab).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct G1Params;
impl CurveParams for G1Params {
    type Base = PrimeField<Bls12381FpParams, 6>;
    const A: Self::Base = PrimeField::ZERO;
    const B: Self::Base = PrimeField::from_hex_const("04");
    const A_IS_ZERO: bool = true;
    const A_IS_MINUS_3: bool = false;
    const GENERATOR: (Self::Base, Self::Base) = (
        PrimeField::from_hex_const("17f1d3a73197d7942695638c4fa9ac0fc3688c4f9774b905a14e3a3f171bac586c55e83ff97a1aeffb3af00adb22c6bb"),
        PrimeField::from_hex_const("08b3f481e3aaa0f1a09e30ed741d8ae4fcf5e095d5d00af600db18cb2c04b3edd03cc744a2888ae40caa232946c5e7e1"),
    );
    const ORDER: &'static [u64] = &R;
    const NAME: &'static str = "bls12-381 G1";
}

/// G2 ⊂ E'(Fp2), y² = x³ + 4(1 + u).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct G2Params;
impl CurveParams for G2Params {
    type Base = QuadField<Bls12381FpParams, 6>;
    const A: Self::Base = QuadField::ZERO;
    const B: Self::Base = QuadField::from_hex_const("04", "04");
    const A_IS_ZERO: bool = true;
    const A_IS_MINUS_3: bool = false;
    const GENERATOR: (Self::Base, Self::Base) = (
        QuadField::from_hex_const(
            "024aa2b2f08f0a91260805272dc51051c6e47ad4fa403b02b4510b647ae3d1770bac0326a805bbefd48056c8c121bdb8",
            "13e02b6052719f607dacd3a088274f65596bd0d09920b61ab5da61bbdc7f5049334cf11213945d57e5ac7d055d042b7e",
        ),
        QuadField::from_hex_const(
            "0ce5d527727d6e118cc9cdc6da2e351aadfd9baa8cbdd3a76d429a695160d12c923ac9cc3baca289e193548608b82801",
            "0606c4a02ea734cc32acd2b02bc28b99cb3e287e85a763af267492ab572e99ab3f370d275cec1da1aaa9075ff05f79be",
        ),
    );
    const ORDER: &'static [u64] = &R;
    const NAME: &'static str = "bls12-381 G2";
    /// ψ(Q) = [t − 1]Q ([`crate::g2::is_in_g2_fast`]) instead of [r]Q = O.
    fn is_in_subgroup(p: &hayate_ec::Projective<Self>) -> subtle::Choice {
        crate::g2::is_in_g2_fast::<Bls12381, 6>(p)
    }
}

/// The curve, for the generic pairing code.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Bls12381;
impl PairingCurve<6> for Bls12381 {
    type Fp = Bls12381FpParams;
    type Fr = Bls12381FrParams;
    type G1 = G1Params;
    type G2 = G2Params;
    const NAME: &'static str = "bls12-381";
    const FAMILY: Family = Family::Bls12;
    const TWIST: TwistType = TwistType::M;
    const Z_ABS: u64 = 0xd201000000010000;
    const Z_NEG: bool = true;
}

crate::curve_aliases!(Bls12381, 6);

//! `bls12-381`: the BLS12 curve of Zcash, Ethereum (EIP-2537) and the IETF drafts.
//!
//! z = −0xd201000000010000, E: y² = x³ + 4 over Fp, Fp2 = Fp\[u\]/(u² + 1), ξ = 1 + u,
//! G2 on the M-type twist E': y² = x³ + 4(1 + u). Standard generators.
//! The final exponentiation computes f^(3·(p¹²−1)/r) (see [`crate::final_exp`]).

use hayate_arith::fields::{Bls12381FpParams, Bls12381FrParams};
use hayate_arith::limbs::from_hex;
use hayate_arith::{Fp as PrimeField, Fp2 as QuadField};
use hayate_ec::glv::GlvInt;
use hayate_ec::CurveParams;

use crate::engine::{Family, PairingCurve, TwistType};

const R: [u64; 4] = from_hex("73eda753299d7d483339d80809a1d80553bda402fffe5bfeffffffff00000001");

/// GLV endomorphism of G1 ([`hayate_ec::glv`]): φ(x, y) = (βx, y) = \[λ\] on G1 with
/// λ = z² − 1 (λ² + λ + 1 = r), short basis (a₁, b₁) = (z² − 1, −1), (a₂, b₂) = (1, z²)
/// (as used for BLS12 endomorphisms, e.g. Bowe, "Faster subgroup checks for BLS12-381",
/// ePrint 2019/814); g₁, g₂ = ⌊2^383·(b₂, −b₁)/r⌉; checked in `tests/suite/glv.rs`.
/// |k₁|, |k₂| < 2¹²⁸. GLV gives \[k mod r\]P: only for P ∈ G1 (E(Fp) has cofactor h ≠ 1).
const GLV: hayate_ec::glv::GlvConstants<PrimeField<Bls12381FpParams, 6>> = hayate_ec::glv::GlvConstants {
    beta: PrimeField::from_hex_const("1a0111ea397fe699ec02408663d4de85aa0d857d89759ad4897d29650fb85f9b409427eb4f49fffd8bfd00000000aaac"),
    lambda: from_hex("ac45a4010001a40200000000ffffffff"),
    a1: GlvInt::pos("ac45a4010001a40200000000ffffffff"),
    b1: GlvInt::neg("1"),
    a2: GlvInt::pos("1"),
    b2: GlvInt::pos("ac45a4010001a4020000000100000000"),
    g1: GlvInt::pos("be35f678f00fd56eb1fb72917b67f7181c4fa4d39345fbd1ed2f27c6c4b6396d"),
    g2: GlvInt::pos("11aa84a76ff6f1bbe1c5aee5b83f0476a"),
    shift: 383,
    half_bits: 128,
};

/// The 4-dimensional GLS decomposition for G2 and GT ([`crate::gls`]): ψ (on G2) and the
/// p-power Frobenius (on GT) act as \[λ\] with λ = p mod r = z (BLS12: p ≡ z mod r). Basis of
/// L = {x ∈ Z⁴ : Σ xᵢzⁱ ≡ 0 (mod r)}: (z, −1, 0, 0), (0, z, −1, 0), (0, 0, z, −1),
/// (1, 0, −1, z) (the last row is z⁴ − z² + 1 = r; Bos–Costello–Naehrig, SAC 2013, §4 write
/// k in base z), det = r; gⱼ = ⌊2³¹⁹·(B⁻¹)₀ⱼ⌉. Parts |kᵢ| < |z|/2 + 2 < 2⁶³. Every non-zero
/// x ∈ L has max |xᵢ| ≥ |z|/2 (else |Σ xᵢzⁱ| < r forces Σ xᵢzⁱ = 0 and then x = 0).
/// Checked in `tests/suite/gls.rs`.
pub const GLS: hayate_ec::glv::LatticeConstants<4> = hayate_ec::glv::LatticeConstants {
    basis: [
        [
            GlvInt::neg("d201000000010000"),
            GlvInt::neg("1"),
            GlvInt::pos("0"),
            GlvInt::pos("0"),
        ],
        [
            GlvInt::pos("0"),
            GlvInt::neg("d201000000010000"),
            GlvInt::neg("1"),
            GlvInt::pos("0"),
        ],
        [
            GlvInt::pos("0"),
            GlvInt::pos("0"),
            GlvInt::neg("d201000000010000"),
            GlvInt::neg("1"),
        ],
        [
            GlvInt::pos("1"),
            GlvInt::pos("0"),
            GlvInt::neg("1"),
            GlvInt::neg("d201000000010000"),
        ],
    ],
    g: [
        GlvInt::neg("9c0902652b66ab5a99e7e6069f3b76144903c52f42b9d94e7bbe7bc514a17221"),
        GlvInt::pos("be35f678f00fd56eb1fb72917b67f71701a75a5c93d6e014"),
        GlvInt::neg("e7df27bde8013ed95977b3511c54bae0"),
        GlvInt::pos("11aa84a76ff6f1bbe"),
    ],
    shift: 319,
    part_bits: 63,
};

/// G1 ⊂ E(Fp), y² = x³ + 4 (cofactor 0x396c8c005555e1568c00aaab0000aaab).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct G1Params;
impl CurveParams for G1Params {
    type Base = PrimeField<Bls12381FpParams, 6>;
    type Scalar = PrimeField<Bls12381FrParams, 4>;
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
    const GLV: Option<hayate_ec::glv::GlvConstants<Self::Base>> = Some(GLV);
    /// Scott's test σ(P) = \[−z²\]P ([`crate::subgroup::is_in_g1_bls12`]) instead of \[r\]P = O.
    fn is_in_subgroup(p: &hayate_ec::Projective<Self>) -> subtle::Choice {
        crate::subgroup::is_in_g1_bls12::<Bls12381, 6>(p)
    }
    /// GLV ([`crate::gls::g1_mul_ct`]); P must be in G1.
    fn group_mul_ct(p: &hayate_ec::Projective<Self>, k: &[u64]) -> hayate_ec::Projective<Self> {
        crate::gls::g1_mul_ct(p, k)
    }
    /// GLV with a joint wNAF ([`crate::gls::g1_mul_vartime`]); P must be in G1.
    fn group_mul_vartime(
        p: &hayate_ec::Projective<Self>,
        k: &[u64],
    ) -> hayate_ec::Projective<Self> {
        crate::gls::g1_mul_vartime(p, k)
    }
}

/// G2 ⊂ E'(Fp2), y² = x³ + 4(1 + u).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct G2Params;
impl CurveParams for G2Params {
    type Base = QuadField<Bls12381FpParams, 6>;
    type Scalar = PrimeField<Bls12381FrParams, 4>;
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
    /// ψ(Q) = \[t − 1\]Q ([`crate::g2::is_in_g2_fast`]) instead of \[r\]Q = O.
    fn is_in_subgroup(p: &hayate_ec::Projective<Self>) -> subtle::Choice {
        crate::g2::is_in_g2_fast::<Bls12381, 6>(p)
    }
    /// 4-dimensional GLS with ψ ([`crate::gls::g2_mul_ct`]); Q must be in G2.
    fn group_mul_ct(p: &hayate_ec::Projective<Self>, k: &[u64]) -> hayate_ec::Projective<Self> {
        crate::gls::g2_mul_ct::<Bls12381, 6>(p, k, &GLS)
    }
    /// 4-dimensional GLS, interleaved wNAFs, or the vector column loop where it is faster
    /// ([`crate::gls::g2_mul_vartime`]); Q in G2.
    fn group_mul_vartime(
        p: &hayate_ec::Projective<Self>,
        k: &[u64],
    ) -> hayate_ec::Projective<Self> {
        crate::gls::g2_mul_vartime::<Bls12381, 6>(p, k, &GLS)
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
    /// 3b′ = 3·4(1 + u).
    const TWIST_3B_SMALL: Option<(i8, i8)> = Some((12, 12));
    const GLS: Option<&'static hayate_ec::glv::LatticeConstants<4>> = Some(&GLS);
}

crate::curve_aliases!(Bls12381, 6);

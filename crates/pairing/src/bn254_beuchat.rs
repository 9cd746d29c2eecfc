//! `bn254-beuchat`: the 254-bit BN curve of papers 000 and 001 (Beuchat et al., Pairing 2010).
//!
//! z = 2⁶² − 2⁵⁴ + 2⁴⁴, E: y² = x³ + 5 over Fp, Fp2 = Fp\[u\]/(u² + 5), ξ = u,
//! G2 on the D-type twist E': y² = x³ − u (= x³ + 5/ξ). Generators as given in the papers
//! (G1 = (1, …); G2 from paper 000). Cofactor of G1 is 1.

use hayate_arith::fields::{Bn254BeuchatFpParams, Bn254BeuchatFrParams};
use hayate_arith::limbs::from_hex;
use hayate_arith::{Fp as PrimeField, Fp2 as QuadField};
use hayate_ec::glv::GlvInt;
use hayate_ec::{CurveParams, Projective};
use subtle::Choice;

use crate::engine::{Family, PairingCurve, TwistType};

const R: [u64; 4] = from_hex("2370fb049d410fbe4e761a9886e502411dc1af70120000017e80600000000001");

/// GLV endomorphism of G1 ([`hayate_ec::glv`]): φ(x, y) = (βx, y) = \[λ\] with β a cube root
/// of unity in Fp and, for BN curves, λ = 36z³ + 18z² + 6z + 1; short basis
/// (a₁, b₁) = (2z + 1, −(6z² + 2z)), (a₂, b₂) = (6z² + 4z + 1, 2z + 1) (the closed forms of
/// the GLV lattice of BN curves, cf. Galbraith–Scott, "Exponentiation in pairing-friendly
/// groups using homomorphisms", Pairing 2008); g₁, g₂ = ⌊2^382·(b₂, −b₁)/r⌉. Derived with the
/// extended Euclidean algorithm on (r, λ) (GLV 2001 §4) and checked against these closed
/// forms and their definitions in `tests/suite/glv.rs`. |k₁|, |k₂| < 2¹²⁷.
const GLV: hayate_ec::glv::GlvConstants<PrimeField<Bn254BeuchatFpParams, 4>> =
    hayate_ec::glv::GlvConstants {
        beta: PrimeField::from_hex_const("47290d4c437281211dc1af70120000023dc0900000000001"),
        lambda: from_hex("8e521a9886e502411dc1af70120000017e80600000000001"),
        a1: GlvInt::pos("7f80200000000001"),
        b1: GlvInt::neg("5f408fd0060000007f80200000000000"),
        a2: GlvInt::pos("5f408fd006000000ff00400000000001"),
        b2: GlvInt::pos("7f80200000000001"),
        g1: GlvInt::pos("e63d9478ce22e1f4744fd7c1d7308e863617843cc7930e93"),
        g2: GlvInt::pos("ac01ac56cbd635f3f723b1822165edd98b9ecefcc28019d085fa48c18e4da1f9"),
        shift: 382,
        half_bits: 127,
    };

/// The 4-dimensional GLS decomposition for G2 and GT ([`crate::gls`]): ψ (on G2) and the
/// p-power Frobenius (on GT) act as \[λ\] with λ = p mod r = 6z². Basis of
/// L = {x ∈ Z⁴ : Σ xᵢλ^i ≡ 0 (mod r)} (LLL-reduced; rows in closed form
/// (2z, z+1, −z, z), (−z, z, −z, −(2z+1)), (z+1, z, z, −2z), (2z+1, −z, −(z+1), −z), found
/// by LLL on the basis (r, 0, 0, 0), (−λ^i mod r)·e₀ + eᵢ), det = −r; the Gram–Schmidt norms
/// are ≥ 2^63.1, so every non-zero x ∈ L has max |xᵢ| ≥ 2^62.1;
/// gⱼ = ⌊2³²⁰·(B⁻¹)₀ⱼ⌉. Parts |kᵢ| < (6z + 2)/2 + 1 < 2⁶⁴. Checked in `tests/suite/gls.rs`.
pub const GLS: hayate_ec::glv::LatticeConstants<4> = hayate_ec::glv::LatticeConstants {
    basis: [
        [
            GlvInt::pos("7f80200000000000"),
            GlvInt::pos("3fc0100000000001"),
            GlvInt::neg("3fc0100000000000"),
            GlvInt::pos("3fc0100000000000"),
        ],
        [
            GlvInt::neg("3fc0100000000000"),
            GlvInt::pos("3fc0100000000000"),
            GlvInt::neg("3fc0100000000000"),
            GlvInt::neg("7f80200000000001"),
        ],
        [
            GlvInt::pos("3fc0100000000001"),
            GlvInt::pos("3fc0100000000000"),
            GlvInt::pos("3fc0100000000000"),
            GlvInt::neg("7f80200000000000"),
        ],
        [
            GlvInt::pos("7f80200000000001"),
            GlvInt::neg("3fc0100000000000"),
            GlvInt::neg("3fc0100000000001"),
            GlvInt::neg("3fc0100000000000"),
        ],
    ],
    g: [
        GlvInt::pos("ab55d5aae02012b2ab51fb25d1321da9f530ee176e32f692e86575b8f3150a81"),
        GlvInt::neg("ab55d5aae02012b55b58ac81008af57b9e3add11901071de62ee647436a512bd"),
        GlvInt::pos("ab55d5aae02012b55b58ac81008af57f37312ef4c89bf9b0342dc37b93674cd6"),
        GlvInt::pos("ab55d5aae02012b55b58ac81008af579d1bfb41ff3caadf916e0b1abfd1571c3"),
    ],
    shift: 320,
    part_bits: 64,
};

/// G1 = E(Fp), y² = x³ + 5.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct G1Params;
impl CurveParams for G1Params {
    type Base = PrimeField<Bn254BeuchatFpParams, 4>;
    type Scalar = PrimeField<Bn254BeuchatFrParams, 4>;
    const A: Self::Base = PrimeField::ZERO;
    const B: Self::Base = PrimeField::from_hex_const("05");
    const A_IS_ZERO: bool = true;
    const A_IS_MINUS_3: bool = false;
    const GENERATOR: (Self::Base, Self::Base) = (
        PrimeField::from_hex_const("01"),
        PrimeField::from_hex_const(
            "0d45589b158faaf6ab0e4ad38d998e9982e7ff63964ee1460342a592677cccb0",
        ),
    );
    const ORDER: &'static [u64] = &R;
    const NAME: &'static str = "bn254-beuchat G1";
    const GLV: Option<hayate_ec::glv::GlvConstants<Self::Base>> = Some(GLV);
    crate::gls::bn_group_hooks!(g1);
}

/// G2 ⊂ E'(Fp2), y² = x³ − u.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct G2Params;
impl CurveParams for G2Params {
    type Base = QuadField<Bn254BeuchatFpParams, 4>;
    type Scalar = PrimeField<Bn254BeuchatFrParams, 4>;
    const A: Self::Base = QuadField::ZERO;
    const B: Self::Base = QuadField::from_hex_const(
        "00",
        "2370fb049d410fbe4e761a9886e502417d023f40180000017e80600000000000",
    );
    const A_IS_ZERO: bool = true;
    const A_IS_MINUS_3: bool = false;
    const GENERATOR: (Self::Base, Self::Base) = (
        QuadField::from_hex_const(
            "19b0bea4afe4c330da93cc3533da38a9f430b471c6f8a536e81962ed967909b5",
            "0a1cf585585a61c6e9880b1f2a5c539f7d906fff238fa6341e1de1a2e45c3f72",
        ),
        QuadField::from_hex_const(
            "17abd366ebbd65333e49c711a80a0cf6d24adf1b9b3990eedcc91731384d2627",
            "0ee97d6de9902a27d00e952232a78700863bc9aa9be960c32f5bf9fd0a32d345",
        ),
    );
    const ORDER: &'static [u64] = &R;
    const NAME: &'static str = "bn254-beuchat G2";
    crate::gls::bn_group_hooks!(g2, Bn254Beuchat);
}

/// The curve, for the generic pairing code.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Bn254Beuchat;
impl PairingCurve<4> for Bn254Beuchat {
    type Fp = Bn254BeuchatFpParams;
    type Fr = Bn254BeuchatFrParams;
    type G1 = G1Params;
    type G2 = G2Params;
    const NAME: &'static str = "bn254-beuchat";
    const FAMILY: Family = Family::Bn;
    const TWIST: TwistType = TwistType::D;
    const Z_ABS: u64 = (1 << 62) - (1 << 54) + (1 << 44);
    const Z_NEG: bool = false;
    /// 3b′ = 3·(−u) (b′ = 5/ξ = 5/u = −u).
    const TWIST_3B_SMALL: Option<(i8, i8)> = Some((0, -3));
    const GLS: Option<&'static hayate_ec::glv::LatticeConstants<4>> = Some(&GLS);
}

crate::curve_aliases!(Bn254Beuchat, 4);

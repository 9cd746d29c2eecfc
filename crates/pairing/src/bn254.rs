//! `bn254`: alt_bn128 as used by Ethereum (EIP-196/197).
//!
//! z = 4965661367192848881, E: y² = x³ + 3 over Fp, Fp2 = Fp\[u\]/(u² + 1), ξ = 9 + u,
//! G2 on the D-type twist E': y² = x³ + 3/ξ. G1 generator (1, 2), G2 generator of EIP-197.
//! Cofactor of G1 is 1.

use hayate_arith::fields::{Bn254FpParams, Bn254FrParams};
use hayate_arith::limbs::from_hex;
use hayate_arith::{Fp as PrimeField, Fp2 as QuadField};
use hayate_ec::glv::GlvInt;
use hayate_ec::{CurveParams, Projective};
use subtle::Choice;

use crate::engine::{Family, PairingCurve, TwistType};

const R: [u64; 4] = from_hex("30644e72e131a029b85045b68181585d2833e84879b9709143e1f593f0000001");

/// GLV endomorphism of G1 ([`hayate_ec::glv`]): φ(x, y) = (βx, y) = \[λ\] with β a cube root
/// of unity in Fp and, for BN curves, λ = 36z³ + 18z² + 6z + 1; short basis
/// (a₁, b₁) = (2z + 1, −(6z² + 2z)), (a₂, b₂) = (6z² + 4z + 1, 2z + 1) (the closed forms of
/// the GLV lattice of BN curves, cf. Galbraith–Scott, "Exponentiation in pairing-friendly
/// groups using homomorphisms", Pairing 2008); g₁, g₂ = ⌊2^382·(b₂, −b₁)/r⌉. Derived with the
/// extended Euclidean algorithm on (r, λ) (GLV 2001 §4) and checked against these closed
/// forms and their definitions in `tests/suite/glv.rs`. |k₁|, |k₂| < 2¹²⁷.
const GLV: hayate_ec::glv::GlvConstants<PrimeField<Bn254FpParams, 4>> =
    hayate_ec::glv::GlvConstants {
        beta: PrimeField::from_hex_const("59e26bcea0d48bacd4f263f1acdb5c4f5763473177fffffe"),
        lambda: from_hex("b3c4d79d41a917585bfc41088d8daaa78b17ea66b99c90dd"),
        a1: GlvInt::pos("89d3256894d213e3"),
        b1: GlvInt::neg("6f4d8248eeb859fc8211bbeb7d4f1128"),
        a2: GlvInt::pos("6f4d8248eeb859fd0be4e1541221250b"),
        b2: GlvInt::pos("89d3256894d213e3"),
        g1: GlvInt::pos("b64748cbb1f82cf5dbae71c51dce9bbca3e9f4cb4bebee99"),
        g2: GlvInt::pos("9333bc0529dcf4b3de9ef6750e47ac636978e33ed7aa89b661a4dd45a6e6f7ff"),
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
            GlvInt::pos("89d3256894d213e2"),
            GlvInt::pos("44e992b44a6909f2"),
            GlvInt::neg("44e992b44a6909f1"),
            GlvInt::pos("44e992b44a6909f1"),
        ],
        [
            GlvInt::neg("44e992b44a6909f1"),
            GlvInt::pos("44e992b44a6909f1"),
            GlvInt::neg("44e992b44a6909f1"),
            GlvInt::neg("89d3256894d213e3"),
        ],
        [
            GlvInt::pos("44e992b44a6909f2"),
            GlvInt::pos("44e992b44a6909f1"),
            GlvInt::pos("44e992b44a6909f1"),
            GlvInt::neg("89d3256894d213e2"),
        ],
        [
            GlvInt::pos("89d3256894d213e3"),
            GlvInt::neg("44e992b44a6909f1"),
            GlvInt::neg("44e992b44a6909f2"),
            GlvInt::neg("44e992b44a6909f1"),
        ],
    ],
    g: [
        GlvInt::pos("9e80318ab0d92b9308e5da66fc7184ae46f4bda995d51bb17d1fff2e5ce18e26"),
        GlvInt::neg("9e80318ab0d92b9555b4ca7ba3e5577f2dff291532e42728353ccca0e558c73c"),
        GlvInt::pos("9e80318ab0d92b9555b4ca7ba3e55782071c4c43fac4daffa3f693b55c93362e"),
        GlvInt::pos("9e80318ab0d92b9555b4ca7ba3e5577dc170977dcef3cd3f23038c29bb8bb500"),
    ],
    shift: 320,
    part_bits: 64,
};

/// G1 = E(Fp), y² = x³ + 3.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct G1Params;
impl CurveParams for G1Params {
    type Base = PrimeField<Bn254FpParams, 4>;
    type Scalar = PrimeField<Bn254FrParams, 4>;
    const A: Self::Base = PrimeField::ZERO;
    const B: Self::Base = PrimeField::from_hex_const("03");
    const A_IS_ZERO: bool = true;
    const A_IS_MINUS_3: bool = false;
    const GENERATOR: (Self::Base, Self::Base) = (
        PrimeField::from_hex_const("01"),
        PrimeField::from_hex_const("02"),
    );
    const ORDER: &'static [u64] = &R;
    const NAME: &'static str = "bn254 G1";
    const GLV: Option<hayate_ec::glv::GlvConstants<Self::Base>> = Some(GLV);
    crate::gls::bn_group_hooks!(g1);
}

/// G2 ⊂ E'(Fp2), y² = x³ + 3/(9 + u).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct G2Params;
impl CurveParams for G2Params {
    type Base = QuadField<Bn254FpParams, 4>;
    type Scalar = PrimeField<Bn254FrParams, 4>;
    const A: Self::Base = QuadField::ZERO;
    const B: Self::Base = QuadField::from_hex_const(
        "2b149d40ceb8aaae81be18991be06ac3b5b4c5e559dbefa33267e6dc24a138e5",
        "009713b03af0fed4cd2cafadeed8fdf4a74fa084e52d1852e4a2bd0685c315d2",
    );
    const A_IS_ZERO: bool = true;
    const A_IS_MINUS_3: bool = false;
    const GENERATOR: (Self::Base, Self::Base) = (
        QuadField::from_hex_const(
            "1800deef121f1e76426a00665e5c4479674322d4f75edadd46debd5cd992f6ed",
            "198e9393920d483a7260bfb731fb5d25f1aa493335a9e71297e485b7aef312c2",
        ),
        QuadField::from_hex_const(
            "12c85ea5db8c6deb4aab71808dcb408fe3d1e7690c43d37b4ce6cc0166fa7daa",
            "090689d0585ff075ec9e99ad690c3395bc4b313370b38ef355acdadcd122975b",
        ),
    );
    const ORDER: &'static [u64] = &R;
    const NAME: &'static str = "bn254 G2";
    crate::gls::bn_group_hooks!(g2, Bn254);
}

/// The curve, for the generic pairing code.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Bn254;
impl PairingCurve<4> for Bn254 {
    type Fp = Bn254FpParams;
    type Fr = Bn254FrParams;
    type G1 = G1Params;
    type G2 = G2Params;
    const NAME: &'static str = "bn254";
    const FAMILY: Family = Family::Bn;
    const TWIST: TwistType = TwistType::D;
    const Z_ABS: u64 = 4965661367192848881;
    const Z_NEG: bool = false;
    const GLS: Option<&'static hayate_ec::glv::LatticeConstants<4>> = Some(&GLS);
}

crate::curve_aliases!(Bn254, 4);

//! The description of a pairing-friendly curve that the generic pairing code runs on.
//!
//! A curve of the BN or BLS12 family is given by its parameter z, the base-field tower
//! (β, ξ: [`hayate_arith::TowerParams`]), G1 over Fp, G2 on the sextic twist over Fp2 (D-type:
//! y² = x³ + b/ξ, M-type: y² = x³ + b·ξ), and the scalar field Fr of order r.

use alloc::vec::Vec;
use core::fmt::Debug;

use hayate_arith::{Fp, Fp2, FpParams, TowerParams};
use hayate_ec::CurveParams;

/// Curve family: fixes the Miller-loop length (6z+2 or z) and the final-exponentiation chain.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Family {
    /// Barreto–Naehrig: p = 36z⁴+36z³+24z²+6z+1, loop 6z+2 plus two Frobenius lines.
    Bn,
    /// Barreto–Lynn–Scott with k = 12: loop z.
    Bls12,
}

/// The sextic twist's type: how G2 maps into E(Fp12) and where line values land in Fp12.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TwistType {
    /// Divisive twist y² = x³ + b/ξ: ψ(x, y) = (x·w², y·w³); lines are sparse in slots 0, 3, 4.
    D,
    /// Multiplicative twist y² = x³ + b·ξ: ψ(x, y) = (x/w², y/w³); lines in slots 0, 1, 4.
    M,
}

/// A pairing-friendly curve with N-limb base field.
pub trait PairingCurve<const N: usize>:
    'static + Copy + Send + Sync + Debug + Default + Eq
{
    /// Base-field parameters (with the tower).
    type Fp: TowerParams<N>;
    /// Scalar-field parameters (order r of G1, G2, GT); r < 2²⁵⁶ for every curve here.
    type Fr: FpParams<4>;
    /// G1 ⊂ E(Fp); its scalar type is Fr.
    type G1: CurveParams<Base = Fp<Self::Fp, N>, Scalar = Fp<Self::Fr, 4>>;
    /// G2 ⊂ E'(Fp2), the sextic twist; its scalar type is Fr.
    type G2: CurveParams<Base = Fp2<Self::Fp, N>, Scalar = Fp<Self::Fr, 4>>;
    /// Curve name as used on the command line: `bn254-beuchat`, `bn254`, `bls12-381`.
    const NAME: &'static str;
    /// BN or BLS12: the shape of the Miller loop and of the final exponentiation.
    const FAMILY: Family;
    /// The type of the sextic twist on which G2 lives (D or M).
    const TWIST: TwistType;
    /// |z|.
    const Z_ABS: u64;
    /// Is z negative.
    const Z_NEG: bool;
    /// The 4-dimensional decomposition constants of ψ on G2 and of the Frobenius on GT
    /// ([`crate::gls`]); `None` (the default) for a curve without them, which then uses the
    /// plain exponentiations.
    const GLS: Option<&'static hayate_ec::glv::LatticeConstants<4>> = None;
    /// 3b′ (three times the twist's B) as c0 + c1·u with small integers, when it has that form
    /// (bn254-beuchat: −3u, BLS12-381: 12 + 12u): the Miller loop's doubling step then
    /// multiplies by it with small-integer multiples instead of an Fp2 product. `None` (the
    /// default): a general Fp2 product. Checked against `G2::B` by the pairing tests.
    const TWIST_3B_SMALL: Option<(i8, i8)> = None;
}

/// Width-w NAF of a non-negative 128-bit integer, least-significant digit first: its limbs
/// through [`hayate_ec::recode::wnaf`]; w = 2 is the ordinary non-adjacent form.
pub fn wnaf(v: u128, w: u32) -> Vec<i8> {
    hayate_ec::recode::wnaf(&[v as u64, (v >> 64) as u64], w)
}

/// Non-adjacent form of a non-negative integer, least-significant digit first
/// ([`wnaf`] with w = 2).
pub fn naf(v: u128) -> Vec<i8> {
    wnaf(v, 2)
}

/// The Ate loop count: 6z+2 for BN (as magnitude; sign handled by the caller), |z| for BLS12.
pub fn ate_loop_count<E: PairingCurve<N>, const N: usize>() -> u128 {
    match E::FAMILY {
        Family::Bn => {
            let z = E::Z_ABS as u128;
            if E::Z_NEG {
                6 * z - 2
            } else {
                6 * z + 2
            }
        }
        Family::Bls12 => E::Z_ABS as u128,
    }
}

//! GLV on the pairing G1 curves (bn254 = alt_bn128, bn254-beuchat, bls12-381) through
//! hayate-ec's `CurveParams::GLV` hook: the constants against their definitions and against
//! the closed forms in the curve parameter z (BN: λ = 36z³ + 18z² + 6z + 1, basis
//! (2z + 1, −(6z² + 2z)), (6z² + 4z + 1, 2z + 1); BLS12: λ = z² − 1, basis (z² − 1, −1),
//! (1, z²)), the decomposition, and `glv` / `glv-ct` against hayate-ec's plain affine
//! double-and-add reference (the shared checks of `crates/ec/tests/glv_checks`).

use crate::common;
use crate::glv_checks;

use common::reference_mul;
use glv_checks::big;
use hayate_ec::CurveParams;
use hayate_pairing::{bls12_381, bn254, bn254_beuchat, PairingCurve};
use num_bigint::BigInt;

fn z<E: PairingCurve<N>, const N: usize>() -> BigInt {
    let z = BigInt::from(E::Z_ABS);
    if E::Z_NEG {
        -z
    } else {
        z
    }
}

fn signed(g: &hayate_ec::glv::GlvInt) -> BigInt {
    if g.neg {
        -big(&g.mag)
    } else {
        big(&g.mag)
    }
}

/// The BN closed forms (λ, basis) in z.
fn bn_closed_forms<C: CurveParams>(z: BigInt) {
    let g = C::GLV.unwrap();
    let z2 = &z * &z;
    assert_eq!(
        big(&g.lambda),
        36 * &z2 * &z + 18 * &z2 + 6 * &z + 1,
        "{}: λ",
        C::NAME
    );
    assert_eq!(signed(&g.a1), 2 * &z + 1);
    let b1: BigInt = 6 * &z2 + 2 * &z;
    assert_eq!(signed(&g.b1), -b1);
    assert_eq!(signed(&g.a2), 6 * &z2 + 4 * &z + 1);
    assert_eq!(signed(&g.b2), 2 * &z + 1);
}

#[test]
fn bn254_constants() {
    glv_checks::check_constants::<bn254::G1Params>(reference_mul);
    bn_closed_forms::<bn254::G1Params>(z::<bn254::Bn254, 4>());
}

#[test]
fn bn254_beuchat_constants() {
    glv_checks::check_constants::<bn254_beuchat::G1Params>(reference_mul);
    bn_closed_forms::<bn254_beuchat::G1Params>(z::<bn254_beuchat::Bn254Beuchat, 4>());
}

#[test]
fn bls12_381_constants() {
    type C = bls12_381::G1Params;
    glv_checks::check_constants::<C>(reference_mul);
    let g = C::GLV.unwrap();
    let z2 = z::<bls12_381::Bls12381, 6>().pow(2);
    assert_eq!(big(&g.lambda), &z2 - 1);
    assert_eq!((signed(&g.a1), signed(&g.b1)), (&z2 - 1, BigInt::from(-1)));
    assert_eq!((signed(&g.a2), signed(&g.b2)), (BigInt::from(1), z2));
}

#[test]
fn decompositions() {
    glv_checks::check_decomposition::<bn254::G1Params>(1, 1000);
    glv_checks::check_decomposition::<bn254_beuchat::G1Params>(2, 1000);
    glv_checks::check_decomposition::<bls12_381::G1Params>(3, 1000);
}

#[test]
fn bn254_methods_agree_with_reference() {
    glv_checks::check_methods::<bn254::G1Params>(4, 2, reference_mul);
}

#[test]
fn bn254_beuchat_methods_agree_with_reference() {
    glv_checks::check_methods::<bn254_beuchat::G1Params>(5, 1, reference_mul);
}

#[test]
fn bls12_381_methods_agree_with_reference() {
    glv_checks::check_methods::<bls12_381::G1Params>(6, 1, reference_mul);
}

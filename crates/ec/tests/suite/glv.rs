//! GLV on secp256k1 (`hayate_ec::glv`): the published constants (SEC 2 curve, endomorphism
//! values as published by H. Finney 2011 / Guide to ECC §3.5) re-checked from their
//! definitions, the decomposition, the `glv` / `glv-ct` methods against the plain affine
//! double-and-add reference, and the error on curves without an endomorphism.

use crate::common;
use crate::glv_checks;

use common::reference_mul;
use hayate_ec::curves::{Secp256k1, Secp256r1};
use hayate_ec::glv::{self, NoEndomorphism};
use hayate_ec::{scalar_mul, CurveParams, Method, MethodError, Projective};

#[test]
fn secp256k1_constants() {
    glv_checks::check_constants::<Secp256k1>(reference_mul);
    // β and λ as published (Finney 2011; libsecp256k1), the basis vector a1 = b2
    let g = Secp256k1::GLV.unwrap();
    assert_eq!(
        glv_checks::big(&g.lambda).to_str_radix(16),
        "5363ad4cc05c30e0a5261c028812645a122e22ea20816678df02967c1b23bd72"
    );
    assert_eq!(g.a1, g.b2);
}

#[test]
fn secp256k1_decomposition() {
    glv_checks::check_decomposition::<Secp256k1>(1, 3000);
}

#[test]
fn secp256k1_methods_agree_with_reference() {
    glv_checks::check_methods::<Secp256k1>(2, 4, reference_mul);
}

#[test]
fn no_endomorphism_is_an_error() {
    let g = Projective::<Secp256r1>::generator();
    for m in Method::GLV {
        let e = scalar_mul(m, &g, &[5]).unwrap_err();
        assert_eq!(
            e,
            MethodError::NoEndomorphism {
                method: m,
                curve: "secp256r1"
            }
        );
        let msg = e.to_string();
        assert!(
            msg.contains("secp256r1") && msg.contains(&m.to_string()),
            "{msg}"
        );
    }
    assert_eq!(
        glv::decompose::<Secp256r1>(&[1]).unwrap_err(),
        NoEndomorphism { curve: "secp256r1" }
    );
    assert!(glv::endomorphism(&g).is_err());
}

#[test]
fn glv_method_names() {
    for m in Method::GLV {
        assert_eq!(m.to_string().parse::<Method>().unwrap(), m);
    }
    assert_eq!("GLV_CT".parse::<Method>().unwrap(), Method::GlvCt);
    assert!("glv:3".parse::<Method>().is_err());
    assert!(Method::GlvCt.is_constant_time() && !Method::Glv.is_constant_time());
}

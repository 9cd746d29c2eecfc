//! Group laws, scalar multiplication and MSM on the test curves: alt_bn128 G1, bn254-beuchat
//! G1, BLS12-381 G1 (a = 0), secp256r1 (a = −3) and secp256r1 forced onto the generic-a
//! formulas. The reference is affine double-and-add.

use crate::common;

use common::checks::*;
use common::*;
use hayate_ec::curve::params_are_consistent;
use hayate_ec::CurveParams;

#[test]
fn wnaf_recoding() {
    check_wnaf();
}

macro_rules! curve_tests {
    ($modname:ident, $C:ty, $seed:expr, $nrand:expr) => {
        mod $modname {
            use super::*;
            #[test]
            fn params() {
                assert!(params_are_consistent::<$C>() || <$C>::NAME == "P256Generic");
            }
            #[test]
            fn generator_and_order() {
                check_generator_and_order::<$C>();
            }
            #[test]
            fn group_laws() {
                check_group_laws::<$C>($seed);
            }
            #[test]
            fn scalar_mul() {
                check_scalar_mul::<$C>($seed + 1, $nrand);
            }
            #[test]
            fn batch() {
                check_batch::<$C>($seed + 2);
            }
            #[test]
            fn msm() {
                check_msm::<$C>($seed + 3);
            }
            #[test]
            fn invalid_points() {
                check_invalid_points::<$C>($seed + 4);
            }
        }
    };
}

curve_tests!(bn254_g1, Bn254G1, 100, 12);
curve_tests!(beuchat_g1, BeuchatG1, 200, 12);
curve_tests!(bls12_381_g1, Bls12381G1, 300, 6);
curve_tests!(secp256r1, P256, 400, 8);
curve_tests!(secp256r1_generic_a, P256Generic, 500, 8);

#[test]
fn subgroup_checks_g1() {
    // BLS12-381 G1 has cofactor h ≈ 2^125: the first point found is not in G1.
    let p = first_point::<Bls12381G1>();
    assert!(bool::from(p.is_on_curve()) && !bool::from(p.is_in_subgroup()));
    assert!(bool::from(
        hayate_ec::Affine::<Bls12381G1>::new_in_subgroup(p.x, p.y).is_none()
    ));
    // h = 0x396c8c005555e1568c00aaab0000aaab clears it into G1.
    let h = [0x8c00aaab0000aaab, 0x396c8c005555e156];
    assert!(bool::from(p.mul_vartime(&h).is_in_subgroup()));
    // The BN G1 curves have cofactor 1: every point is in the subgroup.
    assert!(bool::from(first_point::<Bn254G1>().is_in_subgroup()));
    assert!(bool::from(first_point::<BeuchatG1>().is_in_subgroup()));
    // secp256r1 has cofactor 1 too.
    assert!(bool::from(first_point::<P256>().is_in_subgroup()));
}

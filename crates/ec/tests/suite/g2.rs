//! The same generic code over Fp2: the G2 curves (sextic twists) of alt_bn128
//! (y² = x³ + 3/(9 + u), EIP-197 generator) and BLS12-381 (y² = x³ + 4(1 + u), IETF/Zcash
//! generator). Their cofactors are large, so [r]Q = O is a real check of the arithmetic.

use crate::common;

use common::checks::*;
use hayate_arith::fields::{Bls12381Fr, Bn254Fr};
use hayate_arith::towers::{Bls12381Fp2, Bn254Fp2};
use hayate_ec::curve::params_are_consistent;
use hayate_ec::{Affine, CurveParams, Projective};
use rand::rngs::StdRng;
use rand::SeedableRng;

const BN254_R: [u64; 4] = hayate_arith::limbs::from_hex(
    "30644e72e131a029b85045b68181585d2833e84879b9709143e1f593f0000001",
);
const BLS_R: [u64; 4] = hayate_arith::limbs::from_hex(
    "73eda753299d7d483339d80809a1d80553bda402fffe5bfeffffffff00000001",
);

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Bn254G2;
impl CurveParams for Bn254G2 {
    type Base = Bn254Fp2;
    type Scalar = Bn254Fr;
    const A: Bn254Fp2 = Bn254Fp2::ZERO;
    const B: Bn254Fp2 = Bn254Fp2::from_hex_const(
        "2b149d40ceb8aaae81be18991be06ac3b5b4c5e559dbefa33267e6dc24a138e5",
        "009713b03af0fed4cd2cafadeed8fdf4a74fa084e52d1852e4a2bd0685c315d2",
    );
    const A_IS_ZERO: bool = true;
    const A_IS_MINUS_3: bool = false;
    const GENERATOR: (Bn254Fp2, Bn254Fp2) = (
        Bn254Fp2::from_hex_const(
            "1800deef121f1e76426a00665e5c4479674322d4f75edadd46debd5cd992f6ed",
            "198e9393920d483a7260bfb731fb5d25f1aa493335a9e71297e485b7aef312c2",
        ),
        Bn254Fp2::from_hex_const(
            "12c85ea5db8c6deb4aab71808dcb408fe3d1e7690c43d37b4ce6cc0166fa7daa",
            "090689d0585ff075ec9e99ad690c3395bc4b313370b38ef355acdadcd122975b",
        ),
    );
    const ORDER: &'static [u64] = &BN254_R;
    const NAME: &'static str = "bn254 G2";
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Bls12381G2;
impl CurveParams for Bls12381G2 {
    type Base = Bls12381Fp2;
    type Scalar = Bls12381Fr;
    const A: Bls12381Fp2 = Bls12381Fp2::ZERO;
    const B: Bls12381Fp2 = Bls12381Fp2::from_hex_const("4", "4");
    const A_IS_ZERO: bool = true;
    const A_IS_MINUS_3: bool = false;
    const GENERATOR: (Bls12381Fp2, Bls12381Fp2) = (
        Bls12381Fp2::from_hex_const(
            "024aa2b2f08f0a91260805272dc51051c6e47ad4fa403b02b4510b647ae3d1770bac0326a805bbefd48056c8c121bdb8",
            "13e02b6052719f607dacd3a088274f65596bd0d09920b61ab5da61bbdc7f5049334cf11213945d57e5ac7d055d042b7e",
        ),
        Bls12381Fp2::from_hex_const(
            "0ce5d527727d6e118cc9cdc6da2e351aadfd9baa8cbdd3a76d429a695160d12c923ac9cc3baca289e193548608b82801",
            "0606c4a02ea734cc32acd2b02bc28b99cb3e287e85a763af267492ab572e99ab3f370d275cec1da1aaa9075ff05f79be",
        ),
    );
    const ORDER: &'static [u64] = &BLS_R;
    const NAME: &'static str = "bls12-381 G2";
}

macro_rules! g2_tests {
    ($m:ident, $C:ty, $seed:expr) => {
        mod $m {
            use super::*;
            #[test]
            fn params() {
                assert!(params_are_consistent::<$C>());
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
                check_scalar_mul::<$C>($seed + 1, 3);
            }
            #[test]
            fn batch_and_msm() {
                check_batch::<$C>($seed + 2);
                check_msm::<$C>($seed + 3);
            }
            #[test]
            fn subgroup() {
                let p = first_point::<$C>();
                assert!(bool::from(p.is_on_curve()));
                assert!(!bool::from(p.is_in_subgroup()));
                assert!(bool::from(
                    Affine::<$C>::new_in_subgroup(p.x, p.y).is_none()
                ));
                let g = Affine::<$C>::generator();
                assert!(bool::from(
                    Affine::<$C>::new_in_subgroup(g.x, g.y).is_some()
                ));
                let mut rng = StdRng::seed_from_u64($seed);
                let q = rand_point::<$C>(&mut rng);
                assert!(bool::from(q.is_in_subgroup()));
                assert!(!bool::from((q + Projective::from(p)).is_in_subgroup()));
            }
        }
    };
}

g2_tests!(bn254_g2, Bn254G2, 700);
g2_tests!(bls12_381_g2, Bls12381G2, 800);

//! The named prime fields of hayate's pairing-friendly curves: base fields Fp and scalar
//! fields Fr of `bn254-beuchat` (papers 000/001), `bn254` (alt_bn128, EIP-196/197) and
//! `bls12-381` (EIP-2537, RFC 9380).

use crate::fp::{Fp, FpParams};
use crate::limbs::from_hex;

macro_rules! define_field {
    ($(#[$doc:meta])* $params:ident, $alias:ident, $n:literal, $hex:literal, $name:literal) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
        pub struct $params;
        impl FpParams<$n> for $params {
            const MODULUS: [u64; $n] = from_hex($hex);
            const NAME: &'static str = $name;
        }
        $(#[$doc])*
        pub type $alias = Fp<$params, $n>;
    };
}

define_field!(
    /// Base field of bn254-beuchat: p = 36z⁴+36z³+24z²+6z+1, z = 2⁶² − 2⁵⁴ + 2⁴⁴.
    Bn254BeuchatFpParams, Bn254BeuchatFp, 4,
    "2370fb049d410fbe4e761a9886e502417d023f40180000017e80600000000001", "bn254-beuchat Fp");
define_field!(
    /// Scalar field of bn254-beuchat: r = 36z⁴+36z³+18z²+6z+1.
    Bn254BeuchatFrParams, Bn254BeuchatFr, 4,
    "2370fb049d410fbe4e761a9886e502411dc1af70120000017e80600000000001", "bn254-beuchat Fr");
define_field!(
    /// Base field of alt_bn128 (EIP-196).
    Bn254FpParams, Bn254Fp, 4,
    "30644e72e131a029b85045b68181585d97816a916871ca8d3c208c16d87cfd47", "bn254 Fp");
define_field!(
    /// Scalar field of alt_bn128 (group order of G1/G2).
    Bn254FrParams, Bn254Fr, 4,
    "30644e72e131a029b85045b68181585d2833e84879b9709143e1f593f0000001", "bn254 Fr");
define_field!(
    /// Base field of BLS12-381.
    Bls12381FpParams, Bls12381Fp, 6,
    "1a0111ea397fe69a4b1ba7b6434bacd764774b84f38512bf6730d2a0f6b0f6241eabfffeb153ffffb9feffffffffaaab",
    "bls12-381 Fp");
define_field!(
    /// Scalar field of BLS12-381.
    Bls12381FrParams, Bls12381Fr, 4,
    "73eda753299d7d483339d80809a1d80553bda402fffe5bfeffffffff00000001", "bls12-381 Fr");

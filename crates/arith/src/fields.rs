//! The named prime fields of hayate's pairing-friendly curves: base fields Fp and scalar
//! fields Fr of `bn254-beuchat` (papers 000/001), `bn254` (alt_bn128, EIP-196/197) and
//! `bls12-381` (EIP-2537, RFC 9380), and of the SEC 2 / brainpool curves (see the end of the file).

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

// ---------------------------------------------------------------------------------------------
// Fields of the named (non-pairing) curves of `hayate_ec::curves`: base field Fp (the prime p)
// and scalar field Fn (the group order n) of each. Constants transcribed from SEC 2 v2 and
// RFC 5639 (checked in crates/ec/tests: generator on the curve, [n]G = O). Most of these primes
// fill their top limb (`Fp::FULL_WIDTH`); P-224 (p ≡ 1 mod 4, 2-adicity 96) and P-521 (9 limbs)
// do not.
define_field!(
    /// Base field of secp192r1: p from SEC 2 v2 §2.2.2 (NIST P-192).
    Secp192r1FpParams, Secp192r1Fp, 3,
    "fffffffffffffffffffffffffffffffeffffffffffffffff", "secp192r1 Fp");
define_field!(
    /// Scalar field of secp192r1: the group order n from SEC 2 v2 §2.2.2 (NIST P-192).
    Secp192r1FnParams, Secp192r1Fn, 3,
    "ffffffffffffffffffffffff99def836146bc9b1b4d22831", "secp192r1 Fn");
define_field!(
    /// Base field of secp224r1: p from SEC 2 v2 §2.3.2 (NIST P-224).
    Secp224r1FpParams, Secp224r1Fp, 4,
    "ffffffffffffffffffffffffffffffff000000000000000000000001", "secp224r1 Fp");
define_field!(
    /// Scalar field of secp224r1: the group order n from SEC 2 v2 §2.3.2 (NIST P-224).
    Secp224r1FnParams, Secp224r1Fn, 4,
    "ffffffffffffffffffffffffffff16a2e0b8f03e13dd29455c5c2a3d", "secp224r1 Fn");
define_field!(
    /// Base field of secp256r1: p from SEC 2 v2 §2.4.2 (NIST P-256).
    Secp256r1FpParams, Secp256r1Fp, 4,
    "ffffffff00000001000000000000000000000000ffffffffffffffffffffffff", "secp256r1 Fp");
define_field!(
    /// Scalar field of secp256r1: the group order n from SEC 2 v2 §2.4.2 (NIST P-256).
    Secp256r1FnParams, Secp256r1Fn, 4,
    "ffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551", "secp256r1 Fn");
define_field!(
    /// Base field of secp384r1: p from SEC 2 v2 §2.5.1 (NIST P-384).
    Secp384r1FpParams, Secp384r1Fp, 6,
    "fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffeffffffff0000000000000000ffffffff", "secp384r1 Fp");
define_field!(
    /// Scalar field of secp384r1: the group order n from SEC 2 v2 §2.5.1 (NIST P-384).
    Secp384r1FnParams, Secp384r1Fn, 6,
    "ffffffffffffffffffffffffffffffffffffffffffffffffc7634d81f4372ddf581a0db248b0a77aecec196accc52973", "secp384r1 Fn");
define_field!(
    /// Base field of secp521r1: p from SEC 2 v2 §2.6.1 (NIST P-521).
    Secp521r1FpParams, Secp521r1Fp, 9,
    "01ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff", "secp521r1 Fp");
define_field!(
    /// Scalar field of secp521r1: the group order n from SEC 2 v2 §2.6.1 (NIST P-521).
    Secp521r1FnParams, Secp521r1Fn, 9,
    "01fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffa51868783bf2f966b7fcc0148f709a5d03bb5c9b8899c47aebb6fb71e91386409", "secp521r1 Fn");
define_field!(
    /// Base field of secp256k1: p from SEC 2 v2 §2.4.1.
    Secp256k1FpParams, Secp256k1Fp, 4,
    "fffffffffffffffffffffffffffffffffffffffffffffffffffffffefffffc2f", "secp256k1 Fp");
define_field!(
    /// Scalar field of secp256k1: the group order n from SEC 2 v2 §2.4.1.
    Secp256k1FnParams, Secp256k1Fn, 4,
    "fffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141", "secp256k1 Fn");
define_field!(
    /// Base field of brainpoolP256r1: p from RFC 5639 §3.4.
    BrainpoolP256r1FpParams, BrainpoolP256r1Fp, 4,
    "a9fb57dba1eea9bc3e660a909d838d726e3bf623d52620282013481d1f6e5377", "brainpoolP256r1 Fp");
define_field!(
    /// Scalar field of brainpoolP256r1: the group order n from RFC 5639 §3.4.
    BrainpoolP256r1FnParams, BrainpoolP256r1Fn, 4,
    "a9fb57dba1eea9bc3e660a909d838d718c397aa3b561a6f7901e0e82974856a7", "brainpoolP256r1 Fn");
define_field!(
    /// Base field of brainpoolP384r1: p from RFC 5639 §3.6.
    BrainpoolP384r1FpParams, BrainpoolP384r1Fp, 6,
    "8cb91e82a3386d280f5d6f7e50e641df152f7109ed5456b412b1da197fb71123acd3a729901d1a71874700133107ec53", "brainpoolP384r1 Fp");
define_field!(
    /// Scalar field of brainpoolP384r1: the group order n from RFC 5639 §3.6.
    BrainpoolP384r1FnParams, BrainpoolP384r1Fn, 6,
    "8cb91e82a3386d280f5d6f7e50e641df152f7109ed5456b31f166e6cac0425a7cf3ab6af6b7fc3103b883202e9046565", "brainpoolP384r1 Fn");

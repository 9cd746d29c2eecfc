//! The secp256k1 suites of RFC 9380 (§8.7): A = 0, so the simplified SWU map runs on the
//! 3-isogenous curve E': y'² = x'³ + A'x' + B' (A' = 0x3f87…4533, B' = 1771, Z = −11) and the
//! 3-isogeny of Appendix E.1 carries its points to E: y² = x³ + 7:
//!
//! ```text
//! x = x_num(x')/x_den(x'),  y = y'·y_num(x')/y_den(x')
//! ```
//!
//! with the cubic/quadratic polynomials of Appendix E.1 (coefficients below, ascending
//! degree, the monic denominators' leading 1 included), evaluated by [`super::iso`] and brought
//! to affine form with one constant-time inversion; where a denominator vanishes (the
//! isogeny's kernel) the image is the point at infinity, as §6.6.3 requires.

use hayate_arith::fields::Secp256k1Fp;

use super::iso::IsoMap;
use super::{sqrt_minus_z_cached, sqrt_of_minus, SswuCurve, XmdHash};
use crate::affine::Affine;
use crate::curves::Secp256k1;
use crate::projective::Projective;

const fn fp(s: &str) -> Secp256k1Fp {
    Secp256k1Fp::from_hex_const(s)
}

/// A' of E'.
const A_PRIME: Secp256k1Fp = fp("3f8731abdd661adca08a5558f0f5d272e953d363cb6f0e5d405447c01a444533");
/// x_num: k_(1,0) … k_(1,3).
const X_NUM: [Secp256k1Fp; 4] = [
    fp("8e38e38e38e38e38e38e38e38e38e38e38e38e38e38e38e38e38e38daaaaa8c7"),
    fp("07d3d4c80bc321d5b9f315cea7fd44c5d595d2fc0bf63b92dfff1044f17c6581"),
    fp("534c328d23f234e6e2a413deca25caece4506144037c40314ecbd0b53d9dd262"),
    fp("8e38e38e38e38e38e38e38e38e38e38e38e38e38e38e38e38e38e38daaaaa88c"),
];
/// x_den: k_(2,0), k_(2,1), 1.
const X_DEN: [Secp256k1Fp; 3] = [
    fp("d35771193d94918a9ca34ccbb7b640dd86cd409542f8487d9fe6b745781eb49b"),
    fp("edadc6f64383dc1df7c4b2d51b54225406d36b641f5e41bbc52a56612a8c6d14"),
    fp("01"),
];
/// y_num: k_(3,0) … k_(3,3).
const Y_NUM: [Secp256k1Fp; 4] = [
    fp("4bda12f684bda12f684bda12f684bda12f684bda12f684bda12f684b8e38e23c"),
    fp("c75e0c32d5cb7c0fa9d0a54b12a0a6d5647ab046d686da6fdffc90fc201d71a3"),
    fp("29a6194691f91a73715209ef6512e576722830a201be2018a765e85a9ecee931"),
    fp("2f684bda12f684bda12f684bda12f684bda12f684bda12f684bda12f38e38d84"),
];
/// y_den: k_(4,0), k_(4,1), k_(4,2), 1.
const Y_DEN: [Secp256k1Fp; 4] = [
    fp("fffffffffffffffffffffffffffffffffffffffffffffffffffffffefffff93b"),
    fp("7a06534bb8bdb49fd5e9e6632722c2989467c1bfc8e8d978dfb425d2685c2573"),
    fp("6484aa716545ca2cf3a70c3fa8fe337e0a3d21162f0d6299a7bf8192bfd2a76f"),
    fp("01"),
];

/// RFC 9380 §8.7.
impl SswuCurve for Secp256k1 {
    const SSWU_Z: i64 = -11;
    const L: usize = 48; // ⌈(256 + 128)/8⌉
    const HASH: XmdHash = XmdHash::Sha256;
    const SUITE_RO: &'static str = "secp256k1_XMD:SHA-256_SSWU_RO_";
    const SUITE_NU: &'static str = "secp256k1_XMD:SHA-256_SSWU_NU_";

    fn sswu_curve() -> (Secp256k1Fp, Secp256k1Fp) {
        (A_PRIME, Secp256k1Fp::from_u64(1771))
    }

    fn iso_map(x: Secp256k1Fp, y: Secp256k1Fp) -> Affine<Secp256k1> {
        let iso = IsoMap {
            x_num: &X_NUM,
            x_den: &X_DEN,
            y_num: &Y_NUM,
            y_den: &Y_DEN,
        };
        let (x, y, z) = iso.eval(&x, &y);
        Projective { x, y, z }.to_affine()
    }

    sqrt_minus_z_cached!(Secp256k1Fp);
}

//! secp256k1 (SEC 2 v2 §2.4.1): y² = x³ + 7 over p = 2^256 − 2^32 − 977 (a = 0: the a = 0
//! formulas apply), with its GLV endomorphism φ(x, y) = (βx, y) = \[λ\] ([`crate::glv`]).
//!
//! GLV constants. β is a primitive cube root of unity mod p and λ the matching one mod n
//! (φ(G) = \[λ\]G); the short basis (a₁, b₁) = (0x3086…eb15, −0xe443…e4c3),
//! (a₂, b₂) = (0x114c…4cfd8, 0x3086…eb15) comes from the extended Euclidean algorithm on
//! (n, λ) (Gallant–Lambert–Vanstone 2001 §4; Guide to ECC §3.5, Alg. 3.74), and
//! g₁ = ⌊2³⁸⁴·b₂/n⌉, g₂ = ⌊−2³⁸⁴·b₁/n⌉. These are the values published with the secp256k1
//! endomorphism (H. Finney, "Speeding up signature verification", bitcointalk.org, 2011; used by libsecp256k1's
//! scalar splitting); here they were re-derived independently and the tests check
//! β³ = 1 ≠ β, λ² + λ + 1 ≡ 0 (mod n), φ(G) = \[λ\]G, a₁b₂ − a₂b₁ = n, aᵢ + bᵢλ ≡ 0 and the
//! rounding constants with big-integer arithmetic. |k₁|, |k₂| < 2¹²⁹.

use hayate_arith::fields::{Secp256k1Fn, Secp256k1Fp};

use super::named_curve;
use crate::glv::{GlvConstants, GlvInt};

const GLV: GlvConstants<Secp256k1Fp> = GlvConstants {
    beta: Secp256k1Fp::from_hex_const(
        "7ae96a2b657c07106e64479eac3434e99cf0497512f58995c1396c28719501ee",
    ),
    lambda: hayate_arith::limbs::from_hex(
        "5363ad4cc05c30e0a5261c028812645a122e22ea20816678df02967c1b23bd72",
    ),
    a1: GlvInt::pos("3086d221a7d46bcde86c90e49284eb15"),
    b1: GlvInt::neg("e4437ed6010e88286f547fa90abfe4c3"),
    a2: GlvInt::pos("114ca50f7a8e2f3f657c1108d9d44cfd8"),
    b2: GlvInt::pos("3086d221a7d46bcde86c90e49284eb15"),
    g1: GlvInt::pos("3086d221a7d46bcde86c90e49284eb153daa8a1471e8ca7fe893209a45dbb031"),
    g2: GlvInt::pos("e4437ed6010e88286f547fa90abfe4c4221208ac9df506c61571b4ae8ac47f71"),
    shift: 384,
    half_bits: 129,
};

named_curve!(
    /// secp256k1, SEC 2 v2 §2.4.1.
    Secp256k1, Secp256k1Fp, Secp256k1Fn, 4,
    a = "0", b = "7",
    a_is_zero = true, a_is_minus_3 = false,
    gx = "79be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798",
    gy = "483ada7726a3c4655da4fbfc0e1108a8fd17b448a68554199c47d08ffb10d4b8",
    n = "fffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141", n_bits = 256, h = 1,
    name = "secp256k1", glv = GLV);

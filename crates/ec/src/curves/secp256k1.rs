//! secp256k1 (SEC 2 v2 §2.4.1): y² = x³ + 7 over p = 2^256 − 2^32 − 977 (a = 0: the a = 0
//! formulas apply).

use hayate_arith::fields::Secp256k1Fp;

use super::named_curve;

named_curve!(
    /// secp256k1, SEC 2 v2 §2.4.1.
    Secp256k1, Secp256k1Fp, 4,
    a = "0", b = "7",
    a_is_zero = true, a_is_minus_3 = false,
    gx = "79be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798",
    gy = "483ada7726a3c4655da4fbfc0e1108a8fd17b448a68554199c47d08ffb10d4b8",
    n = "fffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141", n_bits = 256, h = 1,
    name = "secp256k1");

//! The NIST / SEC 2 v2 random prime curves with a = −3 (FIPS 186-4 D.1.2, SEC 2 v2 §2.2.2,
//! §2.3.2, §2.4.2, §2.5.1, §2.6.1). P-224's prime is ≡ 1 (mod 4) with 2-adicity 96 (point
//! decompression uses constant-time Tonelli–Shanks); P-521 is 2^521 − 1 in 9 limbs.

use hayate_arith::fields::{
    Secp192r1Fn, Secp192r1Fp, Secp224r1Fn, Secp224r1Fp, Secp256r1Fn, Secp256r1Fp, Secp384r1Fn,
    Secp384r1Fp, Secp521r1Fn, Secp521r1Fp,
};

use super::named_curve;

named_curve!(
    /// secp192r1 (NIST P-192, prime192v1), SEC 2 v2 §2.2.2.
    Secp192r1, Secp192r1Fp, Secp192r1Fn, 3,
    a = "fffffffffffffffffffffffffffffffefffffffffffffffc",
    b = "64210519e59c80e70fa7e9ab72243049feb8deecc146b9b1",
    a_is_zero = false, a_is_minus_3 = true,
    gx = "188da80eb03090f67cbf20eb43a18800f4ff0afd82ff1012",
    gy = "07192b95ffc8da78631011ed6b24cdd573f977a11e794811",
    n = "ffffffffffffffffffffffff99def836146bc9b1b4d22831", n_bits = 192, h = 1,
    name = "secp192r1");

named_curve!(
    /// secp224r1 (NIST P-224), SEC 2 v2 §2.3.2.
    Secp224r1, Secp224r1Fp, Secp224r1Fn, 4,
    a = "fffffffffffffffffffffffffffffffefffffffffffffffffffffffe",
    b = "b4050a850c04b3abf54132565044b0b7d7bfd8ba270b39432355ffb4",
    a_is_zero = false, a_is_minus_3 = true,
    gx = "b70e0cbd6bb4bf7f321390b94a03c1d356c21122343280d6115c1d21",
    gy = "bd376388b5f723fb4c22dfe6cd4375a05a07476444d5819985007e34",
    n = "ffffffffffffffffffffffffffff16a2e0b8f03e13dd29455c5c2a3d", n_bits = 224, h = 1,
    name = "secp224r1");

named_curve!(
    /// secp256r1 (NIST P-256, prime256v1), SEC 2 v2 §2.4.2.
    Secp256r1, Secp256r1Fp, Secp256r1Fn, 4,
    a = "ffffffff00000001000000000000000000000000fffffffffffffffffffffffc",
    b = "5ac635d8aa3a93e7b3ebbd55769886bc651d06b0cc53b0f63bce3c3e27d2604b",
    a_is_zero = false, a_is_minus_3 = true,
    gx = "6b17d1f2e12c4247f8bce6e563a440f277037d812deb33a0f4a13945d898c296",
    gy = "4fe342e2fe1a7f9b8ee7eb4a7c0f9e162bce33576b315ececbb6406837bf51f5",
    n = "ffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551", n_bits = 256, h = 1,
    name = "secp256r1");

named_curve!(
    /// secp384r1 (NIST P-384), SEC 2 v2 §2.5.1.
    Secp384r1, Secp384r1Fp, Secp384r1Fn, 6,
    a = "fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffeffffffff0000000000000000fffffffc",
    b = "b3312fa7e23ee7e4988e056be3f82d19181d9c6efe8141120314088f5013875ac656398d8a2ed19d2a85c8edd3ec2aef",
    a_is_zero = false, a_is_minus_3 = true,
    gx = "aa87ca22be8b05378eb1c71ef320ad746e1d3b628ba79b9859f741e082542a385502f25dbf55296c3a545e3872760ab7",
    gy = "3617de4a96262c6f5d9e98bf9292dc29f8f41dbd289a147ce9da3113b5f0b8c00a60b1ce1d7e819d7a431d7c90ea0e5f",
    n = "ffffffffffffffffffffffffffffffffffffffffffffffffc7634d81f4372ddf581a0db248b0a77aecec196accc52973",
    n_bits = 384, h = 1,
    name = "secp384r1");

named_curve!(
    /// secp521r1 (NIST P-521), SEC 2 v2 §2.6.1: p = 2^521 − 1, 9 limbs.
    Secp521r1, Secp521r1Fp, Secp521r1Fn, 9,
    a = "01fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffc",
    b = "0051953eb9618e1c9a1f929a21a0b68540eea2da725b99b315f3b8b489918ef109e156193951ec7e937b1652c0bd3bb1bf073573df883d2c34f1ef451fd46b503f00",
    a_is_zero = false, a_is_minus_3 = true,
    gx = "00c6858e06b70404e9cd9e3ecb662395b4429c648139053fb521f828af606b4d3dbaa14b5e77efe75928fe1dc127a2ffa8de3348b3c1856a429bf97e7e31c2e5bd66",
    gy = "011839296a789a3bc0045c8a5fb42c7d1bd998f54449579b446817afbd17273e662c97ee72995ef42640c550b9013fad0761353c7086a272c24088be94769fd16650",
    n = "01fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffa51868783bf2f966b7fcc0148f709a5d03bb5c9b8899c47aebb6fb71e91386409",
    n_bits = 521, h = 1,
    name = "secp521r1");

/// NIST P-192.
pub type P192 = Secp192r1;
/// NIST P-224.
pub type P224 = Secp224r1;
/// NIST P-256.
pub type P256 = Secp256r1;
/// NIST P-384.
pub type P384 = Secp384r1;
/// NIST P-521.
pub type P521 = Secp521r1;

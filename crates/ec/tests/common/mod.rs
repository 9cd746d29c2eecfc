//! Test curves over hayate-arith's named fields plus locally defined ones (P-256's field with a
//! 5-limb representation, and a tiny 1-limb field for exhaustive tests), and a reference
//! double-and-add built on the affine group law only.
#![allow(dead_code)]

use hayate_arith::fields::{
    Bls12381Fp, Bls12381Fr, Bn254BeuchatFp, Bn254BeuchatFr, Bn254Fp, Bn254Fr, Secp256r1Fn,
};
use hayate_arith::limbs::from_hex;
use hayate_arith::{Fp, FpParams};
use hayate_ec::{Affine, CurveParams};

macro_rules! curve {
    ($name:ident, $base:ty, a = $a:expr, b = $b:expr, a0 = $a0:expr, am3 = $am3:expr,
     gx = $gx:expr, gy = $gy:expr, order = $order:expr, n = $n:literal,
     scalar = $scalar:ty) => {
        #[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
        pub struct $name;
        impl CurveParams for $name {
            type Base = $base;
            type Scalar = $scalar;
            const A: $base = <$base>::from_hex_const($a);
            const B: $base = <$base>::from_hex_const($b);
            const A_IS_ZERO: bool = $a0;
            const A_IS_MINUS_3: bool = $am3;
            const GENERATOR: ($base, $base) =
                (<$base>::from_hex_const($gx), <$base>::from_hex_const($gy));
            const ORDER: &'static [u64] = &{
                let r: [u64; $n] = from_hex($order);
                r
            };
            const NAME: &'static str = stringify!($name);
        }
    };
}

// alt_bn128 G1 (EIP-196): y² = x³ + 3, G = (1, 2).
curve!(
    Bn254G1,
    Bn254Fp,
    a = "0",
    b = "3",
    a0 = true,
    am3 = false,
    gx = "1",
    gy = "2",
    order = "30644e72e131a029b85045b68181585d2833e84879b9709143e1f593f0000001",
    n = 4,
    scalar = Bn254Fr
);

// bn254-beuchat G1 (papers 000/001): y² = x³ + 5.
curve!(
    BeuchatG1,
    Bn254BeuchatFp,
    a = "0",
    b = "5",
    a0 = true,
    am3 = false,
    gx = "1",
    gy = "0d45589b158faaf6ab0e4ad38d998e9982e7ff63964ee1460342a592677cccb0",
    order = "2370fb049d410fbe4e761a9886e502411dc1af70120000017e80600000000001",
    n = 4,
    scalar = Bn254BeuchatFr
);

// BLS12-381 G1: y² = x³ + 4, generator from the IETF pairing-friendly-curves draft / Zcash.
curve!(Bls12381G1, Bls12381Fp, a = "0", b = "4", a0 = true, am3 = false,
    gx = "17f1d3a73197d7942695638c4fa9ac0fc3688c4f9774b905a14e3a3f171bac586c55e83ff97a1aeffb3af00adb22c6bb",
    gy = "08b3f481e3aaa0f1a09e30ed741d8ae4fcf5e095d5d00af600db18cb2c04b3edd03cc744a2888ae40caa232946c5e7e1",
    order = "73eda753299d7d483339d80809a1d80553bda402fffe5bfeffffffff00000001", n = 4, scalar = Bls12381Fr);

/// P-256's prime has its top bit set, which hayate-arith's `Fp<P, 4>` does not allow, so it is
/// represented with 5 limbs (R = 2^320).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct P256FpParams;
impl FpParams<5> for P256FpParams {
    const MODULUS: [u64; 5] =
        from_hex("ffffffff00000001000000000000000000000000ffffffffffffffffffffffff");
    const NAME: &'static str = "secp256r1 Fp (5 limbs)";
}
pub type P256Fp = Fp<P256FpParams, 5>;

// secp256r1 (SEC 2 / FIPS 186): a = −3.
curve!(
    P256,
    P256Fp,
    a = "ffffffff00000001000000000000000000000000fffffffffffffffffffffffc",
    b = "5ac635d8aa3a93e7b3ebbd55769886bc651d06b0cc53b0f63bce3c3e27d2604b",
    a0 = false,
    am3 = true,
    gx = "6b17d1f2e12c4247f8bce6e563a440f277037d812deb33a0f4a13945d898c296",
    gy = "4fe342e2fe1a7f9b8ee7eb4a7c0f9e162bce33576b315ececbb6406837bf51f5",
    order = "ffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551",
    n = 4,
    scalar = Secp256r1Fn
);

// The same curve with the a = −3 shortcut switched off: exercises the generic-a formulas
// (RCB Algorithms 1–3, dbl-2007-bl, paper 002's W-carrying double_n) on a 256-bit curve.
curve!(
    P256Generic,
    P256Fp,
    a = "ffffffff00000001000000000000000000000000fffffffffffffffffffffffc",
    b = "5ac635d8aa3a93e7b3ebbd55769886bc651d06b0cc53b0f63bce3c3e27d2604b",
    a0 = false,
    am3 = false,
    gx = "6b17d1f2e12c4247f8bce6e563a440f277037d812deb33a0f4a13945d898c296",
    gy = "4fe342e2fe1a7f9b8ee7eb4a7c0f9e162bce33576b315ececbb6406837bf51f5",
    order = "ffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551",
    n = 4,
    scalar = Secp256r1Fn
);

/// A tiny prime field p = 211 in one limb, for exhaustive tests.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct TinyFpParams;
impl FpParams<1> for TinyFpParams {
    const MODULUS: [u64; 1] = [211];
    const NAME: &'static str = "tiny F_211";
}
pub type TinyFp = Fp<TinyFpParams, 1>;
pub const TINY_P: u64 = 211;

/// A one-limb prime field: the scalar fields Z/197Z and Z/199Z of the tiny curves.
macro_rules! tiny_field {
    ($params:ident, $alias:ident, $p:literal) => {
        #[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
        pub struct $params;
        impl FpParams<1> for $params {
            const MODULUS: [u64; 1] = [$p];
            const NAME: &'static str = concat!("tiny F_", $p);
        }
        pub type $alias = Fp<$params, 1>;
    };
}
tiny_field!(TinyFr197Params, TinyFr197, 197);
tiny_field!(TinyFr199Params, TinyFr199, 199);

// Three prime-order curves over F_211, one per formula family (orders counted by brute force).
curve!(
    TinyAm3,
    TinyFp,
    a = "d0",
    b = "5",
    a0 = false,
    am3 = true,
    gx = "6",
    gy = "19",
    order = "c5",
    n = 1,
    scalar = TinyFr197
); // a = −3, b = 5, #E = 197
curve!(
    TinyA0,
    TinyFp,
    a = "0",
    b = "2",
    a0 = true,
    am3 = false,
    gx = "4",
    gy = "35",
    order = "c7",
    n = 1,
    scalar = TinyFr199
); // a = 0, b = 2, #E = 199
curve!(
    TinyGen,
    TinyFp,
    a = "2",
    b = "a",
    a0 = false,
    am3 = false,
    gx = "1",
    gy = "97",
    order = "c7",
    n = 1,
    scalar = TinyFr199
); // a = 2, b = 10, #E = 199

/// Reference [k]P: most-significant-bit-first double-and-add with the affine group law.
pub fn reference_mul<C: CurveParams>(p: &Affine<C>, k: &[u64]) -> Affine<C> {
    let mut r = Affine::identity();
    for i in (0..64 * k.len()).rev() {
        r = r.double();
        if (k[i / 64] >> (i % 64)) & 1 == 1 {
            r = r.add(p);
        }
    }
    r
}

/// r − 1, r + 1 as limb vectors (with an extra limb for carries).
pub fn order_plus(c: &[u64], delta: i64) -> Vec<u64> {
    let mut v = c.to_vec();
    v.push(0);
    if delta >= 0 {
        let mut carry = delta as u64;
        for l in v.iter_mut() {
            let (s, o) = l.overflowing_add(carry);
            *l = s;
            carry = o as u64;
        }
    } else {
        let mut borrow = (-delta) as u64;
        for l in v.iter_mut() {
            let (s, o) = l.overflowing_sub(borrow);
            *l = s;
            borrow = o as u64;
        }
    }
    v
}

/// Canonical hex of an Fp element (for comparing with published vectors).
pub fn hex_of<P: FpParams<N>, const N: usize>(x: &Fp<P, N>) -> String {
    hex::encode(x.to_bytes_be())
}
pub mod checks;

//! Curves defined at run time (`hayate_ec::runtime`), checked against external truth:
//!
//! * the published domain parameters (SEC 2 v2 §2.2.2–§2.6.1 and §2.4.1, RFC 5639 §3.4/§3.6/
//!   §3.7, SEC 2 v1 §2.4.2 for secp160r1 and §2.3.2 for secp112r2) are entered here as hex and
//!   must validate; every run-time method must agree with the compile-time curves of
//!   `hayate_ec::curves` (and with compile-time copies of secp160r1 and brainpoolP512r1 defined
//!   below) on random and edge scalars (0, 1, 2, n − 1, n, n + 1, all-ones, …);
//! * Wycheproof's `ecdh_secp256r1_ecpoint_test.json` / `ecdh_secp224r1_ecpoint_test.json`
//!   through the run-time P-256 / P-224: every valid case gives the listed secret, every invalid
//!   one is rejected;
//! * RFC 7027 Appendix A (brainpoolP256r1, P384r1, P512r1): public keys and shared points;
//! * the textbook curve y² = x³ + 2x + 2 over F_17 (Paar–Pelzl, *Understanding Cryptography*,
//!   §9.2, Example 9.5: #E = 19, G = (5, 1) and its multiples), exhaustively;
//! * secp112r2 (h = 4): subgroup checks of SEC 1 public-key validation;
//! * invalid parameters give the right typed error.

use crate::common;

use common::checks::{edge_scalars, rand_scalar};
use hayate_arith::limbs::from_hex;
use hayate_arith::{Fp, FpParams};
use hayate_ec::curves::{
    BrainpoolP256r1, BrainpoolP384r1, NamedCurve, Secp192r1, Secp224r1, Secp256k1, Secp256r1,
    Secp384r1, Secp521r1,
};
use hayate_ec::runtime::{named_curve_names, named_params};
use hayate_ec::sec1::Sec1Error;
use hayate_ec::{
    Affine, CurveParams, DynAffine, DynCurve, DynCurveError, DynCurveParams, Method, Projective,
};
use rand::rngs::StdRng;
use rand::SeedableRng;
use serde_json::Value;

// ------------------------------------------------------------------ published parameters

/// (p, a, b, Gx, Gy, n, h) as printed in the standards.
type Published = [&'static str; 7];

const SECP160R1: Published = [
    // SEC 2 v1 §2.4.2
    "FFFFFFFF FFFFFFFF FFFFFFFF FFFFFFFF 7FFFFFFF",
    "FFFFFFFF FFFFFFFF FFFFFFFF FFFFFFFF 7FFFFFFC",
    "1C97BEFC 54BD7A8B 65ACF89F 81D4D4AD C565FA45",
    "4A96B568 8EF57328 46646989 68C38BB9 13CBFC82",
    "23A62855 3168947D 59DCC912 04235137 7AC5FB32",
    "01 00000000 00000000 0001F4C8 F927AED3 CA752257",
    "01",
];
const SECP192R1: Published = [
    // SEC 2 v2 §2.2.2
    "FFFFFFFF FFFFFFFF FFFFFFFF FFFFFFFE FFFFFFFF FFFFFFFF",
    "FFFFFFFF FFFFFFFF FFFFFFFF FFFFFFFE FFFFFFFF FFFFFFFC",
    "64210519 E59C80E7 0FA7E9AB 72243049 FEB8DEEC C146B9B1",
    "188DA80E B03090F6 7CBF20EB 43A18800 F4FF0AFD 82FF1012",
    "07192B95 FFC8DA78 631011ED 6B24CDD5 73F977A1 1E794811",
    "FFFFFFFF FFFFFFFF FFFFFFFF 99DEF836 146BC9B1 B4D22831",
    "01",
];
const SECP224R1: Published = [
    // SEC 2 v2 §2.3.2
    "FFFFFFFF FFFFFFFF FFFFFFFF FFFFFFFF 00000000 00000000 00000001",
    "FFFFFFFF FFFFFFFF FFFFFFFF FFFFFFFE FFFFFFFF FFFFFFFF FFFFFFFE",
    "B4050A85 0C04B3AB F5413256 5044B0B7 D7BFD8BA 270B3943 2355FFB4",
    "B70E0CBD 6BB4BF7F 321390B9 4A03C1D3 56C21122 343280D6 115C1D21",
    "BD376388 B5F723FB 4C22DFE6 CD4375A0 5A074764 44D58199 85007E34",
    "FFFFFFFF FFFFFFFF FFFFFFFF FFFF16A2 E0B8F03E 13DD2945 5C5C2A3D",
    "01",
];
const SECP256R1: Published = [
    // SEC 2 v2 §2.4.2
    "FFFFFFFF 00000001 00000000 00000000 00000000 FFFFFFFF FFFFFFFF FFFFFFFF",
    "FFFFFFFF 00000001 00000000 00000000 00000000 FFFFFFFF FFFFFFFF FFFFFFFC",
    "5AC635D8 AA3A93E7 B3EBBD55 769886BC 651D06B0 CC53B0F6 3BCE3C3E 27D2604B",
    "6B17D1F2 E12C4247 F8BCE6E5 63A440F2 77037D81 2DEB33A0 F4A13945 D898C296",
    "4FE342E2 FE1A7F9B 8EE7EB4A 7C0F9E16 2BCE3357 6B315ECE CBB64068 37BF51F5",
    "FFFFFFFF 00000000 FFFFFFFF FFFFFFFF BCE6FAAD A7179E84 F3B9CAC2 FC632551",
    "01",
];
const SECP384R1: Published = [
    // SEC 2 v2 §2.5.1
    "FFFFFFFF FFFFFFFF FFFFFFFF FFFFFFFF FFFFFFFF FFFFFFFF FFFFFFFF FFFFFFFE FFFFFFFF 00000000 00000000 FFFFFFFF",
    "FFFFFFFF FFFFFFFF FFFFFFFF FFFFFFFF FFFFFFFF FFFFFFFF FFFFFFFF FFFFFFFE FFFFFFFF 00000000 00000000 FFFFFFFC",
    "B3312FA7 E23EE7E4 988E056B E3F82D19 181D9C6E FE814112 0314088F 5013875A C656398D 8A2ED19D 2A85C8ED D3EC2AEF",
    "AA87CA22 BE8B0537 8EB1C71E F320AD74 6E1D3B62 8BA79B98 59F741E0 82542A38 5502F25D BF55296C 3A545E38 72760AB7",
    "3617DE4A 96262C6F 5D9E98BF 9292DC29 F8F41DBD 289A147C E9DA3113 B5F0B8C0 0A60B1CE 1D7E819D 7A431D7C 90EA0E5F",
    "FFFFFFFF FFFFFFFF FFFFFFFF FFFFFFFF FFFFFFFF FFFFFFFF C7634D81 F4372DDF 581A0DB2 48B0A77A ECEC196A CCC52973",
    "01",
];
const SECP521R1: Published = [
    // SEC 2 v2 §2.6.1
    "01FF FFFFFFFF FFFFFFFF FFFFFFFF FFFFFFFF FFFFFFFF FFFFFFFF FFFFFFFF FFFFFFFF FFFFFFFF FFFFFFFF FFFFFFFF FFFFFFFF FFFFFFFF FFFFFFFF FFFFFFFF FFFFFFFF",
    "01FF FFFFFFFF FFFFFFFF FFFFFFFF FFFFFFFF FFFFFFFF FFFFFFFF FFFFFFFF FFFFFFFF FFFFFFFF FFFFFFFF FFFFFFFF FFFFFFFF FFFFFFFF FFFFFFFF FFFFFFFF FFFFFFFC",
    "0051 953EB961 8E1C9A1F 929A21A0 B68540EE A2DA725B 99B315F3 B8B48991 8EF109E1 56193951 EC7E937B 1652C0BD 3BB1BF07 3573DF88 3D2C34F1 EF451FD4 6B503F00",
    "00C6 858E06B7 0404E9CD 9E3ECB66 2395B442 9C648139 053FB521 F828AF60 6B4D3DBA A14B5E77 EFE75928 FE1DC127 A2FFA8DE 3348B3C1 856A429B F97E7E31 C2E5BD66",
    "0118 39296A78 9A3BC004 5C8A5FB4 2C7D1BD9 98F54449 579B4468 17AFBD17 273E662C 97EE7299 5EF42640 C550B901 3FAD0761 353C7086 A272C240 88BE9476 9FD16650",
    "01FF FFFFFFFF FFFFFFFF FFFFFFFF FFFFFFFF FFFFFFFF FFFFFFFF FFFFFFFF FFFFFFFA 51868783 BF2F966B 7FCC0148 F709A5D0 3BB5C9B8 899C47AE BB6FB71E 91386409",
    "01",
];
const SECP256K1: Published = [
    // SEC 2 v2 §2.4.1
    "FFFFFFFF FFFFFFFF FFFFFFFF FFFFFFFF FFFFFFFF FFFFFFFF FFFFFFFE FFFFFC2F",
    "00",
    "07",
    "79BE667E F9DCBBAC 55A06295 CE870B07 029BFCDB 2DCE28D9 59F2815B 16F81798",
    "483ADA77 26A3C465 5DA4FBFC 0E1108A8 FD17B448 A6855419 9C47D08F FB10D4B8",
    "FFFFFFFF FFFFFFFF FFFFFFFF FFFFFFFE BAAEDCE6 AF48A03B BFD25E8C D0364141",
    "01",
];
const BRAINPOOL_P256R1: Published = [
    // RFC 5639 §3.4
    "A9FB57DBA1EEA9BC3E660A909D838D726E3BF623D52620282013481D1F6E5377",
    "7D5A0975FC2C3057EEF67530417AFFE7FB8055C126DC5C6CE94A4B44F330B5D9",
    "26DC5C6CE94A4B44F330B5D9BBD77CBF958416295CF7E1CE6BCCDC18FF8C07B6",
    "8BD2AEB9CB7E57CB2C4B482FFC81B7AFB9DE27E1E3BD23C23A4453BD9ACE3262",
    "547EF835C3DAC4FD97F8461A14611DC9C27745132DED8E545C1D54C72F046997",
    "A9FB57DBA1EEA9BC3E660A909D838D718C397AA3B561A6F7901E0E82974856A7",
    "01",
];
const BRAINPOOL_P384R1: Published = [
    // RFC 5639 §3.6
    "8CB91E82A3386D280F5D6F7E50E641DF152F7109ED5456B412B1DA197FB71123ACD3A729901D1A71874700133107EC53",
    "7BC382C63D8C150C3C72080ACE05AFA0C2BEA28E4FB22787139165EFBA91F90F8AA5814A503AD4EB04A8C7DD22CE2826",
    "04A8C7DD22CE28268B39B55416F0447C2FB77DE107DCD2A62E880EA53EEB62D57CB4390295DBC9943AB78696FA504C11",
    "1D1C64F068CF45FFA2A63A81B7C13F6B8847A3E77EF14FE3DB7FCAFE0CBD10E8E826E03436D646AAEF87B2E247D4AF1E",
    "8ABE1D7520F9C2A45CB1EB8E95CFD55262B70B29FEEC5864E19C054FF99129280E4646217791811142820341263C5315",
    "8CB91E82A3386D280F5D6F7E50E641DF152F7109ED5456B31F166E6CAC0425A7CF3AB6AF6B7FC3103B883202E9046565",
    "01",
];
const BRAINPOOL_P512R1: Published = [
    // RFC 5639 §3.7
    "AADD9DB8DBE9C48B3FD4E6AE33C9FC07CB308DB3B3C9D20ED6639CCA703308717D4D9B009BC66842AECDA12AE6A380E62881FF2F2D82C68528AA6056583A48F3",
    "7830A3318B603B89E2327145AC234CC594CBDD8D3DF91610A83441CAEA9863BC2DED5D5AA8253AA10A2EF1C98B9AC8B57F1117A72BF2C7B9E7C1AC4D77FC94CA",
    "3DF91610A83441CAEA9863BC2DED5D5AA8253AA10A2EF1C98B9AC8B57F1117A72BF2C7B9E7C1AC4D77FC94CADC083E67984050B75EBAE5DD2809BD638016F723",
    "81AEE4BDD82ED9645A21322E9C4C6A9385ED9F70B5D916C1B43B62EEF4D0098EFF3B1F78E2D0D48D50D1687B93B97D5F7C6D5047406A5E688B352209BCB9F822",
    "7DDE385D566332ECC0EABFA9CF7822FDF209F70024A57B1AA000C55B881F8111B2DCDE494A5F485E5BCA4BD88A2763AED1CA2B2FA8F0540678CD1E0F3AD80892",
    "AADD9DB8DBE9C48B3FD4E6AE33C9FC07CB308DB3B3C9D20ED6639CCA70330870553E5C414CA92619418661197FAC10471DB1D381085DDADDB58796829CA90069",
    "01",
];
const SECP112R2: Published = [
    // SEC 2 v1 §2.2.2 (h = 4)
    "DB7C 2ABF62E3 5E668076 BEAD208B",
    "6127 C24C05F3 8A0AAAF6 5C0EF02C",
    "51DE F1815DB5 ED74FCC3 4C85D709",
    "4BA3 0AB5E892 B4E1649D D0928643",
    "ADCD 46F5882E 3747DEF3 6E956E97",
    "36DF 0AAFD8B8 D7597CA1 0520D04B",
    "04",
];
/// Paar–Pelzl Example 9.5: y² = x³ + 2x + 2 over F_17, G = (5, 1), #E = 19.
const PAAR17: Published = ["11", "02", "02", "05", "01", "13", "01"];

fn params(p: &Published) -> DynCurveParams {
    DynCurveParams::from_hex(p[0], p[1], p[2], p[3], p[4], p[5], p[6]).unwrap()
}

fn dyn_curve(p: &Published) -> DynCurve {
    DynCurve::new(&params(p)).unwrap()
}

// ------------------------------------------------------------------ compile-time copies

macro_rules! test_curve {
    ($name:ident, $fp:ident, $fn:ident, $n:literal, $cname:literal, order_bits = $ob:literal, order_limbs = $ol:literal, a_m3 = $am3:expr) => {
        #[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
        pub struct $fp;
        impl FpParams<$n> for $fp {
            const MODULUS: [u64; $n] = from_hex(HEX_P);
            const NAME: &'static str = $cname;
        }
        #[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
        pub struct $fn;
        impl FpParams<$ol> for $fn {
            const MODULUS: [u64; $ol] = from_hex(HEX_N);
            const NAME: &'static str = concat!($cname, " Fn");
        }
        #[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
        pub struct $name;
        impl CurveParams for $name {
            type Base = Fp<$fp, $n>;
            type Scalar = Fp<$fn, $ol>;
            const A: Self::Base = Fp::from_hex_const(HEX_A);
            const B: Self::Base = Fp::from_hex_const(HEX_B);
            const A_IS_ZERO: bool = false;
            const A_IS_MINUS_3: bool = $am3;
            const GENERATOR: (Self::Base, Self::Base) =
                (Fp::from_hex_const(HEX_GX), Fp::from_hex_const(HEX_GY));
            const ORDER: &'static [u64] = &{
                let r: [u64; $ol] = from_hex(HEX_N);
                r
            };
            const NAME: &'static str = $cname;
        }
        impl NamedCurve for $name {
            const COFACTOR: u64 = 1;
            const CURVE_NAME: &'static str = $cname;
            const ORDER_BITS: u32 = $ob;
        }
    };
}

mod p160 {
    use super::*;
    const HEX_P: &str = "ffffffffffffffffffffffffffffffff7fffffff";
    const HEX_A: &str = "ffffffffffffffffffffffffffffffff7ffffffc";
    const HEX_B: &str = "1c97befc54bd7a8b65acf89f81d4d4adc565fa45";
    const HEX_GX: &str = "4a96b5688ef573284664698968c38bb913cbfc82";
    const HEX_GY: &str = "23a628553168947d59dcc912042351377ac5fb32";
    const HEX_N: &str = "0100000000000000000001f4c8f927aed3ca752257";
    test_curve!(
        Secp160r1,
        P160Fp,
        P160Fn,
        3,
        "secp160r1",
        order_bits = 161,
        order_limbs = 3,
        a_m3 = true
    );
    pub type Curve = Secp160r1;
}

mod bp512 {
    use super::*;
    const HEX_P: &str = "aadd9db8dbe9c48b3fd4e6ae33c9fc07cb308db3b3c9d20ed6639cca703308717d4d9b009bc66842aecda12ae6a380e62881ff2f2d82c68528aa6056583a48f3";
    const HEX_A: &str = "7830a3318b603b89e2327145ac234cc594cbdd8d3df91610a83441caea9863bc2ded5d5aa8253aa10a2ef1c98b9ac8b57f1117a72bf2c7b9e7c1ac4d77fc94ca";
    const HEX_B: &str = "3df91610a83441caea9863bc2ded5d5aa8253aa10a2ef1c98b9ac8b57f1117a72bf2c7b9e7c1ac4d77fc94cadc083e67984050b75ebae5dd2809bd638016f723";
    const HEX_GX: &str = "81aee4bdd82ed9645a21322e9c4c6a9385ed9f70b5d916c1b43b62eef4d0098eff3b1f78e2d0d48d50d1687b93b97d5f7c6d5047406a5e688b352209bcb9f822";
    const HEX_GY: &str = "7dde385d566332ecc0eabfa9cf7822fdf209f70024a57b1aa000c55b881f8111b2dcde494a5f485e5bca4bd88a2763aed1ca2b2fa8f0540678cd1e0f3ad80892";
    const HEX_N: &str = "aadd9db8dbe9c48b3fd4e6ae33c9fc07cb308db3b3c9d20ed6639cca70330870553e5c414ca92619418661197fac10471db1d381085ddaddb58796829ca90069";
    test_curve!(
        BrainpoolP512r1,
        Bp512Fp,
        Bp512Fn,
        8,
        "brainpoolP512r1",
        order_bits = 512,
        order_limbs = 8,
        a_m3 = false
    );
    pub type Curve = BrainpoolP512r1;
}

// ------------------------------------------------------------------ agreement with compile time

fn to_dyn<C: NamedCurve>(dc: &DynCurve, p: &Affine<C>) -> DynAffine {
    dc.decode_point(&p.to_sec1(false)).unwrap()
}

/// Every run-time method agrees with the compile-time curve C on G and a random point, for the
/// edge scalars and `n_random` random ones; the parameters come from the standard's text.
fn agree<C: NamedCurve>(published: &Published, n_random: usize, seed: u64) {
    let dc = dyn_curve(published);
    // the published parameters are the same curve as the compile-time constants
    let g = Affine::<C>::generator();
    assert_eq!(
        dc.encode_point(&dc.generator(), false),
        g.to_sec1(false),
        "{}",
        C::CURVE_NAME
    );
    assert_eq!(dc.order(), trim(C::ORDER), "{}", C::CURVE_NAME);
    assert_eq!(dc.field_bytes(), g.to_sec1(true).len() - 1);
    if let Some(named) = named_params(C::CURVE_NAME) {
        let dn = DynCurve::new(&named).unwrap();
        assert_eq!(dn.generator(), dc.generator());
        assert_eq!(dn.order(), dc.order());
    }
    let mut rng = StdRng::seed_from_u64(seed);
    let p = Projective::<C>::generator()
        .mul_vartime(&rand_scalar(&mut rng, 2))
        .to_affine();
    let mut scalars = edge_scalars::<C>();
    for _ in 0..n_random {
        scalars.push(rand_scalar(&mut rng, C::ORDER.len()));
    }
    let methods = DynCurve::methods((dc.order_bits() * 734).div_ceil(1000));
    for base in [g, p] {
        let db = to_dyn(&dc, &base);
        for k in &scalars {
            let want = Projective::from(base).mul_ct(k).to_affine().to_sec1(false);
            for &m in &methods {
                let got = dc.mul(m, &db, k).unwrap();
                assert_eq!(
                    dc.encode_point(&got, false),
                    want,
                    "{} {m} k = {k:x?}",
                    C::CURVE_NAME
                );
            }
        }
    }
    // the generator entry point and method names
    let k = rand_scalar(&mut rng, C::ORDER.len());
    let want = Projective::<C>::generator()
        .mul_ct(&k)
        .to_affine()
        .to_sec1(true);
    for name in [
        "binary",
        "window:5",
        "naf",
        "wnaf:6",
        "fixed-window-ct",
        "montgomery-ladder",
    ] {
        let m: Method = name.parse().unwrap();
        assert_eq!(
            dc.encode_point(&dc.mul_generator(m, &k).unwrap(), true),
            want,
            "{name}"
        );
    }
    for name in ["jin-miyaji", "affine-ladder-ct", "joye-mary:3"] {
        let m: Method = name.parse().unwrap();
        assert_eq!(
            dc.mul_generator(m, &k),
            Err(DynCurveError::UnsupportedMethod(m))
        );
    }
}

fn trim(a: &[u64]) -> &[u64] {
    let len = a.iter().rposition(|&w| w != 0).map_or(1, |i| i + 1);
    &a[..len]
}

#[test]
fn secp160r1_agrees_with_compile_time() {
    agree::<p160::Curve>(&SECP160R1, 6, 160);
}
#[test]
fn secp192r1_agrees_with_compile_time() {
    agree::<Secp192r1>(&SECP192R1, 6, 192);
}
#[test]
fn secp224r1_agrees_with_compile_time() {
    agree::<Secp224r1>(&SECP224R1, 6, 224);
}
#[test]
fn secp256r1_agrees_with_compile_time() {
    agree::<Secp256r1>(&SECP256R1, 6, 256);
}
#[test]
fn secp384r1_agrees_with_compile_time() {
    agree::<Secp384r1>(&SECP384R1, 3, 384);
}
#[test]
fn secp521r1_agrees_with_compile_time() {
    agree::<Secp521r1>(&SECP521R1, 2, 521);
}
#[test]
fn secp256k1_agrees_with_compile_time() {
    agree::<Secp256k1>(&SECP256K1, 6, 2561);
}
#[test]
fn brainpool_p256r1_agrees_with_compile_time() {
    agree::<BrainpoolP256r1>(&BRAINPOOL_P256R1, 6, 2562);
}
#[test]
fn brainpool_p384r1_agrees_with_compile_time() {
    agree::<BrainpoolP384r1>(&BRAINPOOL_P384R1, 3, 384);
}
#[test]
fn brainpool_p512r1_agrees_with_compile_time() {
    agree::<bp512::Curve>(&BRAINPOOL_P512R1, 2, 512);
}

#[test]
fn named_table_is_complete_and_valid() {
    let names = named_curve_names();
    assert!(
        names.contains(&"secp160r1")
            && names.contains(&"brainpoolP512r1")
            && names.contains(&"secp256r1")
    );
    for name in names {
        let c = DynCurve::named(name).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(c.cofactor(), &[1]);
    }
    assert_eq!(DynCurve::named("P-256").unwrap().field_bits(), 256);
    assert_eq!(DynCurve::named("SECP160R1").unwrap().order_bits(), 161);
    assert!(matches!(
        DynCurve::named("curve25519"),
        Err(DynCurveError::UnknownCurve(_))
    ));
}

// ------------------------------------------------------------------ Wycheproof, RFC 7027

fn wycheproof(file: &str, curve: &str) {
    let dc = DynCurve::named(curve).unwrap();
    let path = format!(
        "{}/../../../shared/vectors/wycheproof/{file}",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let v: Value = serde_json::from_str(&text).unwrap();
    let (mut ok, mut bad) = (0, 0);
    for group in v["testGroups"].as_array().unwrap() {
        for t in group["tests"].as_array().unwrap() {
            let id = t["tcId"].as_u64().unwrap();
            let public = hex::decode(t["public"].as_str().unwrap()).unwrap();
            let private = hex::decode(t["private"].as_str().unwrap()).unwrap();
            let shared = hex::decode(t["shared"].as_str().unwrap()).unwrap();
            let got = dc.ecdh(&private, &public);
            match t["result"].as_str().unwrap() {
                // `acceptable` = compressed public keys, accepted as by hayate_ec::ecdh
                "valid" | "acceptable" => {
                    assert_eq!(
                        got.unwrap_or_else(|e| panic!("tcId {id}: {e}")),
                        shared,
                        "tcId {id}"
                    );
                    ok += 1;
                }
                _ => {
                    assert!(got.is_err(), "tcId {id} ({}) accepted", t["comment"]);
                    bad += 1;
                }
            }
        }
    }
    assert_eq!((ok + bad) as u64, v["numberOfTests"].as_u64().unwrap());
    assert!(ok > 0 && bad > 0);
}

#[test]
fn wycheproof_ecdh_secp256r1_runtime() {
    wycheproof("ecdh_secp256r1_ecpoint_test.json", "secp256r1");
}

#[test]
fn wycheproof_ecdh_secp224r1_runtime() {
    wycheproof("ecdh_secp224r1_ecpoint_test.json", "secp224r1");
}

/// RFC 7027 Appendix A: (dA, x_qA, y_qA, dB, x_qB, y_qB, x_Z, y_Z).
const RFC7027: &[(&Published, [&str; 8])] = &[
    (
        &BRAINPOOL_P256R1,
        [
            "81DB1EE100150FF2EA338D708271BE38300CB54241D79950F77B063039804F1D",
            "44106E913F92BC02A1705D9953A8414DB95E1AAA49E81D9E85F929A8E3100BE5",
            "8AB4846F11CACCB73CE49CBDD120F5A900A69FD32C272223F789EF10EB089BDC",
            "55E40BC41E37E3E2AD25C3C6654511FFA8474A91A0032087593852D3E7D76BD3",
            "8D2D688C6CF93E1160AD04CC4429117DC2C41825E1E9FCA0ADDD34E6F1B39F7B",
            "990C57520812BE512641E47034832106BC7D3E8DD0E4C7F1136D7006547CEC6A",
            "89AFC39D41D3B327814B80940B042590F96556EC91E6AE7939BCE31F3A18BF2B",
            "49C27868F4ECA2179BFD7D59B1E3BF34C1DBDE61AE12931648F43E59632504DE",
        ],
    ),
    (
        &BRAINPOOL_P384R1,
        [
            "1E20F5E048A5886F1F157C74E91BDE2B98C8B52D58E5003D57053FC4B0BD65D6F15EB5D1EE1610DF870795143627D042",
            "68B665DD91C195800650CDD363C625F4E742E8134667B767B1B476793588F885AB698C852D4A6E77A252D6380FCAF068",
            "55BC91A39C9EC01DEE36017B7D673A931236D2F1F5C83942D049E3FA20607493E0D038FF2FD30C2AB67D15C85F7FAA59",
            "032640BC6003C59260F7250C3DB58CE647F98E1260ACCE4ACDA3DD869F74E01F8BA5E0324309DB6A9831497ABAC96670",
            "4D44326F269A597A5B58BBA565DA5556ED7FD9A8A9EB76C25F46DB69D19DC8CE6AD18E404B15738B2086DF37E71D1EB4",
            "62D692136DE56CBE93BF5FA3188EF58BC8A3A0EC6C1E151A21038A42E9185329B5B275903D192F8D4E1F32FE9CC78C48",
            "0BD9D3A7EA0B3D519D09D8E48D0785FB744A6B355E6304BC51C229FBBCE239BBADF6403715C35D4FB2A5444F575D4F42",
            "0DF213417EBE4D8E40A5F76F66C56470C489A3478D146DECF6DF0D94BAE9E598157290F8756066975F1DB34B2324B7BD",
        ],
    ),
    (
        &BRAINPOOL_P512R1,
        [
            "16302FF0DBBB5A8D733DAB7141C1B45ACBC8715939677F6A56850A38BD87BD59B09E80279609FF333EB9D4C061231FB26F92EEB04982A5F1D1764CAD57665422",
            "0A420517E406AAC0ACDCE90FCD71487718D3B953EFD7FBEC5F7F27E28C6149999397E91E029E06457DB2D3E640668B392C2A7E737A7F0BF04436D11640FD09FD",
            "72E6882E8DB28AAD36237CD25D580DB23783961C8DC52DFA2EC138AD472A0FCEF3887CF62B623B2A87DE5C588301EA3E5FC269B373B60724F5E82A6AD147FDE7",
            "230E18E1BCC88A362FA54E4EA3902009292F7F8033624FD471B5D8ACE49D12CFABBC19963DAB8E2F1EBA00BFFB29E4D72D13F2224562F405CB80503666B25429",
            "9D45F66DE5D67E2E6DB6E93A59CE0BB48106097FF78A081DE781CDB31FCE8CCBAAEA8DD4320C4119F1E9CD437A2EAB3731FA9668AB268D871DEDA55A5473199F",
            "2FDC313095BCDD5FB3A91636F07A959C8E86B5636A1E930E8396049CB481961D365CC11453A06C719835475B12CB52FC3C383BCE35E27EF194512B71876285FA",
            "A7927098655F1F9976FA50A9D566865DC530331846381C87256BAF3226244B76D36403C024D7BBF0AA0803EAFF405D3D24F11A9B5C0BEF679FE1454B21C4CD1F",
            "7DB71C3DEF63212841C463E881BDCF055523BD368240E6C3143BD8DEF8B3B3223B95E0F53082FF5E412F4222537A43DF1C6D25729DDB51620A832BE6A26680A2",
        ],
    ),
];

fn limbs_be(hexstr: &str) -> Vec<u64> {
    let b = hex::decode(hexstr).unwrap();
    b.rchunks(8)
        .map(|c| c.iter().fold(0u64, |a, &x| (a << 8) | x as u64))
        .collect()
}

#[test]
fn rfc7027_brainpool_vectors() {
    for (published, v) in RFC7027 {
        let dc = dyn_curve(published);
        let point = |x: &str, y: &str| {
            dc.point(&hex::decode(x).unwrap(), &hex::decode(y).unwrap())
                .unwrap()
        };
        let (qa, qb, z) = (point(v[1], v[2]), point(v[4], v[5]), point(v[6], v[7]));
        let (da, db) = (limbs_be(v[0]), limbs_be(v[3]));
        for m in DynCurve::methods(300) {
            assert_eq!(dc.mul_generator(m, &da).unwrap(), qa, "{m}");
            assert_eq!(dc.mul_generator(m, &db).unwrap(), qb, "{m}");
            assert_eq!(dc.mul(m, &qb, &da).unwrap(), z, "{m}");
            assert_eq!(dc.mul(m, &qa, &db).unwrap(), z, "{m}");
        }
        let qb_enc = dc.encode_point(&qb, false);
        assert_eq!(
            dc.ecdh(&hex::decode(v[0]).unwrap(), &qb_enc).unwrap(),
            hex::decode(v[6]).unwrap()
        );
        let qa_c = dc.encode_point(&qa, true);
        assert_eq!(dc.decode_point(&qa_c).unwrap(), qa);
        assert_eq!(
            dc.ecdh(&hex::decode(v[3]).unwrap(), &qa_c).unwrap(),
            hex::decode(v[6]).unwrap()
        );
    }
}

// ------------------------------------------------------------------ small curves

#[test]
fn paar_pelzl_f17_exhaustive() {
    let dc = dyn_curve(&PAAR17);
    assert_eq!(dc.limbs(), 1);
    // Example 9.5: 2G … 18G, then 19G = O
    let table: [(u8, u8); 18] = [
        (5, 1),
        (6, 3),
        (10, 6),
        (3, 1),
        (9, 16),
        (16, 13),
        (0, 6),
        (13, 7),
        (7, 6),
        (7, 11),
        (13, 10),
        (0, 11),
        (16, 4),
        (9, 1),
        (3, 16),
        (10, 11),
        (6, 14),
        (5, 16),
    ];
    let pts: Vec<DynAffine> = std::iter::once(DynAffine::IDENTITY)
        .chain(table.iter().map(|&(x, y)| dc.point(&[x], &[y]).unwrap()))
        .collect();
    // the curve has exactly these 19 points
    let mut count = 1;
    for x in 0..17u8 {
        for y in 0..17u8 {
            if let Ok(p) = dc.point(&[x], &[y]) {
                assert!(pts.contains(&p));
                count += 1;
            }
        }
    }
    assert_eq!(count, 19);
    for (i, p) in pts.iter().enumerate() {
        for (j, q) in pts.iter().enumerate() {
            assert_eq!(dc.add(p, q).unwrap(), pts[(i + j) % 19]);
        }
        for m in DynCurve::methods(3) {
            for k in 0..=45u64 {
                let got = dc.mul(m, p, &[k]).unwrap();
                assert_eq!(got, pts[(i * k as usize) % 19], "{m} [{k}]({i}G)");
            }
            let got = dc.mul(m, p, &[u64::MAX, 1]).unwrap();
            let k = ((1u128 << 65) - 1) % 19;
            assert_eq!(got, pts[(i * k as usize) % 19], "{m}");
        }
    }
}

#[test]
fn tiny_f211_curves_agree_with_compile_time() {
    use common::{TinyA0, TinyAm3, TinyGen};
    fn run<C: CurveParams<Base = common::TinyFp>>(a: &str, b: &str, gx: &str, gy: &str, n: &str) {
        let dc =
            DynCurve::new(&DynCurveParams::from_hex("d3", a, b, gx, gy, n, "1").unwrap()).unwrap();
        let g = Affine::<C>::generator();
        let enc = |p: &Affine<C>| -> Vec<u8> {
            if bool::from(p.is_identity()) {
                vec![0]
            } else {
                vec![4, p.x.to_bytes_be()[0], p.y.to_bytes_be()[0]]
            }
        };
        let mut pc = g;
        for i in 1..=C::ORDER[0] {
            let pd = if bool::from(pc.is_identity()) {
                DynAffine::IDENTITY
            } else {
                dc.point(&pc.x.to_bytes_be(), &pc.y.to_bytes_be()).unwrap()
            };
            for m in DynCurve::methods(4) {
                for k in [
                    0u64,
                    1,
                    2,
                    3,
                    5,
                    7,
                    100,
                    196,
                    197,
                    198,
                    199,
                    200,
                    398,
                    u64::MAX,
                ] {
                    let want = Projective::from(pc).mul_ct(&[k]).to_affine();
                    assert_eq!(
                        dc.encode_point(&dc.mul(m, &pd, &[k]).unwrap(), false),
                        enc(&want),
                        "{m} {i} {k}"
                    );
                }
            }
            pc = pc.add(&g);
        }
    }
    run::<TinyAm3>("d0", "5", "6", "19", "c5");
    run::<TinyA0>("0", "2", "4", "35", "c7");
    run::<TinyGen>("2", "a", "1", "97", "c7");
}

#[test]
fn secp112r2_cofactor_four_subgroup_checks() {
    let dc = dyn_curve(&SECP112R2);
    assert_eq!(dc.limbs(), 2);
    assert_eq!(dc.cofactor(), &[4]);
    let n = dc.order().to_vec();
    let (mut inside, mut outside) = (0, 0);
    for x in 1u8..60 {
        let mut enc = vec![0x02];
        enc.extend(std::iter::repeat_n(0, dc.field_bytes() - 1));
        enc.push(x);
        let Ok(p) = dc.lift_x(&[x], false) else {
            assert_eq!(dc.decode_point(&enc), Err(Sec1Error::NotOnCurveCompressed));
            continue;
        };
        // P ∈ ⟨G⟩ ⇔ [n]P = O; [4]P is always in ⟨G⟩ (#E = 4n)
        let in_g = dc.mul(Method::Binary, &p, &n).unwrap().is_identity();
        match dc.decode_point(&enc) {
            Ok(q) => {
                assert!(in_g && q == p);
                inside += 1;
            }
            Err(e) => {
                assert_eq!(e, Sec1Error::NotInSubgroup);
                assert!(!in_g);
                assert!(dc.ecdh(&[5], &enc).is_err());
                outside += 1;
            }
        }
        let p4 = dc.mul(Method::FixedWindowCt, &p, &[4]).unwrap();
        assert!(dc.decode_point(&dc.encode_point(&p4, true)).is_ok());
    }
    assert!(inside > 0 && outside > 0, "{inside} {outside}");
    // ECDH refuses a public key outside the subgroup
    let g4 = dc.mul(Method::Binary, &dc.generator(), &[4]).unwrap();
    assert!(dc.ecdh(&[5], &dc.encode_point(&g4, false)).is_ok());
}

// ------------------------------------------------------------------ invalid parameters

fn with(p: &Published, i: usize, v: &'static str) -> DynCurveParams {
    let mut q = *p;
    q[i] = v;
    params(&q)
}

#[test]
fn invalid_parameters_are_rejected_with_typed_errors() {
    use DynCurveError::*;
    let e = |prm: DynCurveParams| DynCurve::new(&prm).err();
    // composite p: 2^256 − 1; a strong pseudoprime to bases 2..23; (2^127 − 1)(2^61 − 1)
    assert_eq!(
        e(with(
            &SECP256R1,
            0,
            "ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff"
        )),
        Some(ModulusNotPrime)
    );
    assert_eq!(
        e(with(&PAAR17, 0, "351591274f9af9fb")),
        Some(ModulusNotPrime)
    ); // 3825123056546413051
    assert_eq!(
        e(with(
            &SECP160R1,
            0,
            "0fffffffffffffff7fffffffffffffffe000000000000001"
        )),
        Some(ModulusNotPrime)
    );
    for p in ["00", "01", "02", "03", "04", "09"] {
        assert_eq!(e(with(&PAAR17, 0, p)), Some(ModulusNotPrime), "p = {p}");
    }
    // p > 521 bits: the Mersenne prime 2^607 − 1, and a 70-byte value
    let m607 = format!("7f{}", "ff".repeat(75));
    assert_eq!(
        DynCurve::new(&DynCurveParams {
            p: hex::decode(&m607).unwrap(),
            ..params(&SECP521R1)
        })
        .err(),
        Some(ModulusTooLarge)
    );
    assert_eq!(
        DynCurve::new(&DynCurveParams {
            p: vec![0xff; 70],
            ..params(&SECP521R1)
        })
        .err(),
        Some(ModulusTooLarge)
    );
    // leading zero bytes are fine
    let mut padded = params(&SECP256R1);
    padded.p.splice(0..0, [0u8; 20]);
    padded.gx.insert(0, 0);
    assert!(DynCurve::new(&padded).is_ok());
    // malformed / empty
    assert_eq!(
        DynCurveParams::from_hex("zz", "1", "1", "1", "1", "1", "1").err(),
        Some(Malformed)
    );
    assert_eq!(
        DynCurveParams::from_hex("", "1", "1", "1", "1", "1", "1").err(),
        Some(Malformed)
    );
    assert_eq!(
        DynCurve::new(&DynCurveParams {
            h: vec![],
            ..params(&SECP256R1)
        })
        .err(),
        Some(Malformed)
    );
    // coefficients and generator ≥ p
    assert_eq!(
        e(with(&SECP256R1, 1, SECP256R1[0])),
        Some(CoefficientOutOfRange)
    );
    assert_eq!(
        e(with(
            &SECP256R1,
            2,
            "01ffffffff00000001000000000000000000000000ffffffffffffffffffffffff"
        )),
        Some(CoefficientOutOfRange)
    );
    assert_eq!(
        e(with(&SECP256R1, 3, SECP256R1[0])),
        Some(GeneratorOutOfRange)
    );
    // singular: a = b = 0 (y² = x³), and a = −3, b = 2 (4·(−27) + 27·4 = 0)
    assert_eq!(
        e(with(&with_str(&SECP256R1, 1, "0"), 2, "0")),
        Some(Singular)
    );
    assert_eq!(
        e(with(&with_str(&PAAR17, 1, "0e"), 2, "02")),
        Some(Singular)
    );
    // G off the curve
    assert_eq!(
        e(with(
            &SECP256R1,
            4,
            "4FE342E2FE1A7F9B8EE7EB4A7C0F9E162BCE33576B315ECECBB6406837BF51F6"
        )),
        Some(GeneratorNotOnCurve)
    );
    // wrong n: the next prime after n (sympy.nextprime; inside the Hasse interval) — WrongOrder;
    // n + 2 = composite — OrderNotPrime; secp256k1's n — outside the Hasse interval of P-256
    assert_eq!(
        e(with(
            &SECP256R1,
            5,
            "ffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc6325eb"
        )),
        Some(WrongOrder)
    );
    assert_eq!(
        e(with(
            &SECP256R1,
            5,
            "ffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632553"
        )),
        Some(OrderNotPrime)
    );
    assert_eq!(e(with(&SECP256R1, 5, SECP256K1[5])), Some(HasseViolated));
    assert_eq!(e(with(&PAAR17, 5, "11")), Some(WrongOrder)); // 17 is prime and in [10, 26]
                                                             // cofactor
    assert_eq!(e(with(&SECP256R1, 6, "00")), Some(InvalidCofactor));
    assert_eq!(e(with(&SECP256R1, 6, "02")), Some(HasseViolated));
    assert_eq!(e(with(&SECP112R2, 6, "01")), Some(HasseViolated));
    // every error has a message
    for err in [ModulusNotPrime, Singular, WrongOrder, HasseViolated] {
        assert!(!err.to_string().is_empty());
    }
}

fn with_str(p: &Published, i: usize, v: &'static str) -> Published {
    let mut q = *p;
    q[i] = v;
    q
}

// ------------------------------------------------------------------ SEC 1 encodings

#[test]
fn sec1_encodings_match_compile_time_and_reject_bad_input() {
    let dc = DynCurve::named("secp256r1").unwrap();
    let mut rng = StdRng::seed_from_u64(7);
    for _ in 0..8 {
        let k = rand_scalar(&mut rng, 4);
        let pc = Projective::<Secp256r1>::generator().mul_ct(&k).to_affine();
        let pd = dc.mul_generator(Method::FixedWindowCt, &k).unwrap();
        for compressed in [false, true] {
            let enc = pc.to_sec1(compressed);
            assert_eq!(dc.encode_point(&pd, compressed), enc);
            assert_eq!(dc.decode_point(&enc).unwrap(), pd);
        }
    }
    let g = dc.encode_point(&dc.generator(), false);
    assert_eq!(dc.decode_point(&[]), Err(Sec1Error::InvalidLength));
    assert_eq!(dc.decode_point(&[0]), Err(Sec1Error::PointAtInfinity));
    assert_eq!(dc.decode_point(&[0, 0]), Err(Sec1Error::InvalidLength));
    assert_eq!(dc.decode_point(&g[..64]), Err(Sec1Error::InvalidLength));
    let mut bad = g.clone();
    bad[0] = 6;
    assert_eq!(dc.decode_point(&bad), Err(Sec1Error::InvalidTag));
    let mut bad = g.clone();
    bad[64] ^= 1;
    assert_eq!(dc.decode_point(&bad), Err(Sec1Error::NotOnCurve));
    let mut bad = g.clone();
    bad[1..33].copy_from_slice(&[0xff; 32]);
    assert_eq!(dc.decode_point(&bad), Err(Sec1Error::CoordinateOutOfRange));
    assert_eq!(dc.encode_point(&DynAffine::IDENTITY, true), vec![0]);
    // private keys: 0 and n are rejected, n − 1 and a leading zero byte are fine
    assert_eq!(dc.ecdh(&[0], &g), Err(DynCurveError::InvalidPrivateKey));
    let n = hex::decode(SECP256R1[5].replace(' ', "")).unwrap();
    assert_eq!(dc.ecdh(&n, &g), Err(DynCurveError::InvalidPrivateKey));
    let mut nm1 = n.clone();
    nm1[31] -= 1;
    nm1.insert(0, 0);
    assert!(dc.ecdh(&nm1, &g).is_ok());
}

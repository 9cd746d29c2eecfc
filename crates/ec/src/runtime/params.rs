//! Domain parameters (p, a, b, G, n, h) as big-endian byte strings, and the table of named
//! parameter sets for [`super::DynCurve::named`].
//!
//! The table holds every compile-time curve of [`crate::curves`] (their constants, transcribed
//! from SEC 2 v2 and RFC 5639, are read back from the `CurveParams` implementations, so there is
//! one copy of them), plus curves that exist only at run time:
//! * secp160r1 — SEC 2 v1 (2000) §2.4.2, the 160-bit curve of paper 002's Table 3;
//! * brainpoolP512r1 — RFC 5639 §3.7.

use crate::curves::{CurveId, CurveVisitor, NamedCurve, PrimeField};
use crate::Field;
use alloc::{string::String, vec, vec::Vec};

use super::DynCurveError;

/// Curve domain parameters as big-endian integers (leading zero bytes allowed).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DynCurveParams {
    /// The field prime p (odd, 5 ≤ p < 2^521).
    pub p: Vec<u8>,
    /// The coefficient a (< p).
    pub a: Vec<u8>,
    /// The coefficient b (< p).
    pub b: Vec<u8>,
    /// The generator's x-coordinate (< p).
    pub gx: Vec<u8>,
    /// The generator's y-coordinate (< p).
    pub gy: Vec<u8>,
    /// The prime order n of G.
    pub n: Vec<u8>,
    /// The cofactor h = #E(F_p)/n.
    pub h: Vec<u8>,
}

fn hex_bytes(s: &str) -> Result<Vec<u8>, DynCurveError> {
    let s = s.trim();
    let s = s
        .strip_prefix("0x")
        .or_else(|| s.strip_prefix("0X"))
        .unwrap_or(s);
    let digits: Vec<u8> = s
        .bytes()
        .filter(|c| !c.is_ascii_whitespace())
        .map(|c| {
            (c as char)
                .to_digit(16)
                .map(|d| d as u8)
                .ok_or(DynCurveError::Malformed)
        })
        .collect::<Result<_, _>>()?;
    if digits.is_empty() {
        return Err(DynCurveError::Malformed);
    }
    let pad = digits.len() % 2;
    let mut out = vec![0u8; digits.len().div_ceil(2)];
    for (i, d) in digits.iter().enumerate() {
        let pos = i + pad;
        out[pos / 2] |= d << (4 * (1 - pos % 2));
    }
    Ok(out)
}

impl DynCurveParams {
    /// Parameters from hexadecimal strings (optional `0x`, white space ignored). Bad digits or an
    /// empty string give [`DynCurveError::Malformed`].
    pub fn from_hex(
        p: &str,
        a: &str,
        b: &str,
        gx: &str,
        gy: &str,
        n: &str,
        h: &str,
    ) -> Result<Self, DynCurveError> {
        Ok(Self {
            p: hex_bytes(p)?,
            a: hex_bytes(a)?,
            b: hex_bytes(b)?,
            gx: hex_bytes(gx)?,
            gy: hex_bytes(gy)?,
            n: hex_bytes(n)?,
            h: hex_bytes(h)?,
        })
    }
}

/// The parameters of a compile-time named curve, read from its constants.
struct ParamsOf;
impl CurveVisitor for ParamsOf {
    type Output = DynCurveParams;
    fn visit<C: NamedCurve>(self) -> DynCurveParams {
        // p = (p − 1) + 1, with p − 1 the encoding of −1
        let mut p = (-C::Base::ONE).to_bytes_be();
        for byte in p.iter_mut().rev() {
            let (v, carry) = byte.overflowing_add(1);
            *byte = v;
            if !carry {
                break;
            }
        }
        let n: Vec<u8> = C::ORDER
            .iter()
            .rev()
            .flat_map(|l| l.to_be_bytes())
            .collect();
        DynCurveParams {
            p,
            a: C::A.to_bytes_be(),
            b: C::B.to_bytes_be(),
            gx: C::GENERATOR.0.to_bytes_be(),
            gy: C::GENERATOR.1.to_bytes_be(),
            n,
            h: C::COFACTOR.to_be_bytes().to_vec(),
        }
    }
}

/// Curves defined only at run time: (name, p, a, b, Gx, Gy, n, h).
const EXTRA: &[(&str, [&str; 7])] = &[
    (
        // SEC 2 v1 §2.4.2: p = 2^160 − 2^31 − 1, n has 161 bits
        "secp160r1",
        [
            "ffffffffffffffffffffffffffffffff7fffffff",
            "ffffffffffffffffffffffffffffffff7ffffffc",
            "1c97befc54bd7a8b65acf89f81d4d4adc565fa45",
            "4a96b5688ef573284664698968c38bb913cbfc82",
            "23a628553168947d59dcc912042351377ac5fb32",
            "0100000000000000000001f4c8f927aed3ca752257",
            "01",
        ],
    ),
    (
        // RFC 5639 §3.7
        "brainpoolP512r1",
        [
            "aadd9db8dbe9c48b3fd4e6ae33c9fc07cb308db3b3c9d20ed6639cca703308717d4d9b009bc66842aecda12ae6a380e62881ff2f2d82c68528aa6056583a48f3",
            "7830a3318b603b89e2327145ac234cc594cbdd8d3df91610a83441caea9863bc2ded5d5aa8253aa10a2ef1c98b9ac8b57f1117a72bf2c7b9e7c1ac4d77fc94ca",
            "3df91610a83441caea9863bc2ded5d5aa8253aa10a2ef1c98b9ac8b57f1117a72bf2c7b9e7c1ac4d77fc94cadc083e67984050b75ebae5dd2809bd638016f723",
            "81aee4bdd82ed9645a21322e9c4c6a9385ed9f70b5d916c1b43b62eef4d0098eff3b1f78e2d0d48d50d1687b93b97d5f7c6d5047406a5e688b352209bcb9f822",
            "7dde385d566332ecc0eabfa9cf7822fdf209f70024a57b1aa000c55b881f8111b2dcde494a5f485e5bca4bd88a2763aed1ca2b2fa8f0540678cd1e0f3ad80892",
            "aadd9db8dbe9c48b3fd4e6ae33c9fc07cb308db3b3c9d20ed6639cca70330870553e5c414ca92619418661197fac10471db1d381085ddaddb58796829ca90069",
            "01",
        ],
    ),
];

fn normalise(name: &str) -> String {
    name.chars()
        .filter(|c| *c != '-' && *c != '_')
        .collect::<String>()
        .to_ascii_lowercase()
}

/// The parameters of a named curve: every [`CurveId`] name or alias (`secp256r1`, `P-256`, …),
/// `secp160r1` and `brainpoolP512r1`; case-insensitive, `-`/`_` ignored.
pub fn named_params(name: &str) -> Option<DynCurveParams> {
    if let Some(id) = CurveId::from_name(name) {
        return Some(id.visit(ParamsOf));
    }
    let n = normalise(name);
    let (_, h) = EXTRA.iter().find(|(k, _)| normalise(k) == n)?;
    DynCurveParams::from_hex(h[0], h[1], h[2], h[3], h[4], h[5], h[6]).ok()
}

/// Every name [`named_params`] knows (canonical spelling).
pub fn named_curve_names() -> Vec<&'static str> {
    CurveId::ALL
        .iter()
        .map(|id| id.name())
        .chain(EXTRA.iter().map(|(k, _)| *k))
        .collect()
}

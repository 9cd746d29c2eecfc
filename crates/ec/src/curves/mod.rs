//! Named curves over prime fields: the SEC 2 v2 curves secp192r1, secp224r1, secp256r1,
//! secp384r1, secp521r1 (NIST P-192 … P-521, a = −3), secp256k1 (a = 0) and the RFC 5639
//! curves brainpoolP256r1 and brainpoolP384r1 (generic a). All have cofactor h = 1.
//!
//! Each curve is a zero-sized [`CurveParams`] type over the matching field of
//! `hayate_arith::fields` (e.g. `Secp256r1Fp`, `Fp<_, 4>`; P-521 uses 9 limbs), with
//! `A_IS_MINUS_3` / `A_IS_ZERO` set so that the specialised formulas apply, and a
//! [`NamedCurve`] implementation carrying the cofactor and the encoding data used by
//! [`crate::sec1`] and [`crate::ecdh`]. The constants are transcribed from SEC 2 v2 (§2.2–§2.6)
//! and RFC 5639 (§3.4, §3.6); the tests check that the generator lies on the curve, that
//! \[n\]G = O, and third-party multiples of G.
//!
//! Files: [`nist`] (the five secpXXXr1 curves), [`secp256k1`], [`brainpool`].
//!
//! [`CurveId`] names every curve at run time (CLI), and [`CurveVisitor`] dispatches a generic
//! computation to the curve type.

use alloc::{string::String, vec::Vec};
pub mod brainpool;
pub mod nist;
pub mod secp256k1;

pub use brainpool::{BrainpoolP256r1, BrainpoolP384r1};
pub use nist::{
    Secp192r1, Secp224r1, Secp256r1, Secp384r1, Secp521r1, P192, P224, P256, P384, P521,
};
pub use secp256k1::Secp256k1;

use hayate_arith::{Field, Fp, FpParams};
use subtle::{Choice, CtOption};

use crate::curve::CurveParams;

/// A prime field with a canonical fixed-length big-endian encoding (SEC 1 §2.3.5), as used by
/// point encodings. Implemented for every `hayate_arith::Fp<P, N>`.
pub trait PrimeField: Field {
    /// ⌈log2(p)/8⌉: the length of an encoded field element.
    const BYTES: usize;
    /// Bit length of p.
    const BITS: u32;
    /// Big-endian encoding of exactly [`Self::BYTES`] bytes.
    fn to_bytes_be(&self) -> Vec<u8>;
    /// Parses a big-endian integer; `None` if it is ≥ p (non-canonical) — constant time.
    fn from_bytes_be(bytes: &[u8]) -> CtOption<Self>;
    /// Is the canonical integer odd (SEC 1's ỹ bit, RFC 9380's sgn0)?
    fn is_odd(&self) -> Choice;
    /// A big-endian integer of any length reduced modulo p (RFC 9380 hash_to_field).
    fn from_bytes_be_reduce(bytes: &[u8]) -> Self;
    /// x^⌊(p − 3)/4⌋, constant time in x: for p ≡ 3 (mod 4) the exponent of RFC 9380's
    /// `sqrt_ratio` (Appendix F.2.1.2).
    fn pow_p_minus_3_over_4(&self) -> Self;
}

impl<P: FpParams<N>, const N: usize> PrimeField for Fp<P, N> {
    const BYTES: usize = Fp::<P, N>::BYTES;
    const BITS: u32 = Fp::<P, N>::BITS;
    fn to_bytes_be(&self) -> Vec<u8> {
        Fp::to_bytes_be(self)
    }
    fn from_bytes_be(bytes: &[u8]) -> CtOption<Self> {
        Fp::from_bytes_be(bytes)
    }
    fn is_odd(&self) -> Choice {
        Fp::is_odd(self)
    }
    fn from_bytes_be_reduce(bytes: &[u8]) -> Self {
        Fp::from_bytes_be_reduce(bytes)
    }
    fn pow_p_minus_3_over_4(&self) -> Self {
        self.pow_vartime(&Self::P_MINUS_3_OVER_4)
    }
}

/// A standardised curve: [`CurveParams`] over a [`PrimeField`] plus the data SEC 1 needs.
pub trait NamedCurve: CurveParams<Base: PrimeField> {
    /// The cofactor h = #E(Fp)/n (1 for every curve here; the subgroup hook of
    /// [`CurveParams::is_in_subgroup`] is consulted when it is not).
    const COFACTOR: u64;
    /// The SEC 2 / RFC 5639 name, e.g. `"secp256r1"`.
    const CURVE_NAME: &'static str;
    /// Bit length of the order n.
    const ORDER_BITS: u32;
    /// Length of an encoded scalar (⌈log2(n)/8⌉ bytes).
    const SCALAR_BYTES: usize = (Self::ORDER_BITS as usize).div_ceil(8);
}

/// Every named curve, for run-time selection.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CurveId {
    /// NIST P-192 (SEC 2 secp192r1).
    Secp192r1,
    /// NIST P-224 (SEC 2 secp224r1).
    Secp224r1,
    /// NIST P-256 (SEC 2 secp256r1).
    Secp256r1,
    /// NIST P-384 (SEC 2 secp384r1).
    Secp384r1,
    /// NIST P-521 (SEC 2 secp521r1).
    Secp521r1,
    /// SEC 2 secp256k1.
    Secp256k1,
    /// brainpoolP256r1 (RFC 5639).
    BrainpoolP256r1,
    /// brainpoolP384r1 (RFC 5639).
    BrainpoolP384r1,
}

impl CurveId {
    /// All curves.
    pub const ALL: [CurveId; 8] = [
        CurveId::Secp192r1,
        CurveId::Secp224r1,
        CurveId::Secp256r1,
        CurveId::Secp384r1,
        CurveId::Secp521r1,
        CurveId::Secp256k1,
        CurveId::BrainpoolP256r1,
        CurveId::BrainpoolP384r1,
    ];

    /// The SEC 2 / RFC 5639 name.
    pub fn name(self) -> &'static str {
        struct Name;
        impl CurveVisitor for Name {
            type Output = &'static str;
            fn visit<C: NamedCurve>(self) -> &'static str {
                C::CURVE_NAME
            }
        }
        self.visit(Name)
    }

    /// Looks a curve up by name, case-insensitively; accepts the SEC 2 / RFC 5639 names and
    /// the NIST aliases (`P-256`, `p256`, `prime256v1`, `prime192v1`).
    pub fn from_name(name: &str) -> Option<CurveId> {
        let n: String = name
            .chars()
            .filter(|c| *c != '-' && *c != '_')
            .collect::<String>()
            .to_ascii_lowercase();
        Some(match n.as_str() {
            "secp192r1" | "p192" | "prime192v1" | "nistp192" => CurveId::Secp192r1,
            "secp224r1" | "p224" | "nistp224" => CurveId::Secp224r1,
            "secp256r1" | "p256" | "prime256v1" | "nistp256" => CurveId::Secp256r1,
            "secp384r1" | "p384" | "nistp384" => CurveId::Secp384r1,
            "secp521r1" | "p521" | "nistp521" => CurveId::Secp521r1,
            "secp256k1" => CurveId::Secp256k1,
            "brainpoolp256r1" => CurveId::BrainpoolP256r1,
            "brainpoolp384r1" => CurveId::BrainpoolP384r1,
            _ => return None,
        })
    }

    /// Runs `v` with the curve's type.
    pub fn visit<V: CurveVisitor>(self, v: V) -> V::Output {
        match self {
            CurveId::Secp192r1 => v.visit::<Secp192r1>(),
            CurveId::Secp224r1 => v.visit::<Secp224r1>(),
            CurveId::Secp256r1 => v.visit::<Secp256r1>(),
            CurveId::Secp384r1 => v.visit::<Secp384r1>(),
            CurveId::Secp521r1 => v.visit::<Secp521r1>(),
            CurveId::Secp256k1 => v.visit::<Secp256k1>(),
            CurveId::BrainpoolP256r1 => v.visit::<BrainpoolP256r1>(),
            CurveId::BrainpoolP384r1 => v.visit::<BrainpoolP384r1>(),
        }
    }
}

/// A computation generic over the curve, dispatched by [`CurveId::visit`].
pub trait CurveVisitor {
    /// What the computation returns.
    type Output;
    /// The computation on curve C.
    fn visit<C: NamedCurve>(self) -> Self::Output;
}

/// Defines a named curve: the [`CurveParams`] and [`NamedCurve`] implementations.
macro_rules! named_curve {
    ($(#[$doc:meta])* $name:ident, $base:ty, $scalar:ty, $fn_limbs:literal,
     a = $a:expr, b = $b:expr, a_is_zero = $a0:expr, a_is_minus_3 = $am3:expr,
     gx = $gx:expr, gy = $gy:expr, n = $n:expr, n_bits = $nbits:expr, h = $h:expr,
     name = $cname:expr $(, glv = $glv:expr)?) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
        pub struct $name;
        impl $crate::curve::CurveParams for $name {
            type Base = $base;
            type Scalar = $scalar;
            const A: $base = <$base>::from_hex_const($a);
            const B: $base = <$base>::from_hex_const($b);
            const A_IS_ZERO: bool = $a0;
            const A_IS_MINUS_3: bool = $am3;
            const GENERATOR: ($base, $base) = (<$base>::from_hex_const($gx), <$base>::from_hex_const($gy));
            const ORDER: &'static [u64] = &{
                let r: [u64; $fn_limbs] = hayate_arith::limbs::from_hex($n);
                r
            };
            const NAME: &'static str = $cname;
            $(const GLV: Option<$crate::glv::GlvConstants<$base>> = Some($glv);)?
            /// Cofactor 1: every point of the curve is in ⟨G⟩ (P is assumed on the curve).
            fn is_in_subgroup(p: &$crate::Projective<Self>) -> subtle::Choice {
                if $h == 1 {
                    p.is_on_curve()
                } else {
                    p.mul_ct(<Self as $crate::curve::CurveParams>::ORDER).is_identity()
                }
            }
        }
        impl $crate::curves::NamedCurve for $name {
            const COFACTOR: u64 = $h;
            const CURVE_NAME: &'static str = $cname;
            const ORDER_BITS: u32 = $nbits;
        }
    };
}
pub(crate) use named_curve;

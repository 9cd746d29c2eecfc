//! The zkcrypto traits (`ff` 0.13, `group` 0.13, `pairing` 0.23) on hayate's pairing curves,
//! behind the `zkcrypto` feature, so that code written against those traits — or against the
//! `bls12_381` crate's types — can run on hayate.
//!
//! Rust's orphan rule forbids implementing a foreign trait for a foreign type, so each curve
//! module holds newtypes, named as in the `bls12_381` crate, that wrap hayate's own types and
//! convert both ways with `From`:
//!
//! | newtype | wraps | traits |
//! |---|---|---|
//! | `Scalar` | `Fr` of the curve module | `ff::Field`, `ff::PrimeField`, `ff::PrimeFieldBits`, `ff::FromUniformBytes<64>` |
//! | `G1Affine`, `G2Affine` | [`hayate_ec::Affine`] of G1, G2 | `group::prime::PrimeCurveAffine`, `group::GroupEncoding`, `group::UncompressedEncoding`, `pairing::PairingCurveAffine` |
//! | `G1Projective`, `G2Projective` | [`hayate_ec::Projective`] of G1, G2 | `group::Group`, `group::Curve`, `group::prime::PrimeGroup`, `group::prime::PrimeCurve`, `group::GroupEncoding`, `group::WnafGroup` |
//! | `Gt` | [`crate::Gt`] | `group::Group` (written additively, as in `bls12_381`) |
//! | `MillerLoopResult` | the Miller loop's Fp12 value | `pairing::MillerLoopResult` |
//! | `G2Prepared` | [`crate::G2Prepared`] | — |
//! | the engine (`Bls12`, `Bn254`, `Bn254Beuchat`) | — | `pairing::Engine`, `pairing::MultiMillerLoop` |
//!
//! Curves: [`bls12_381`], [`bn254`] (alt_bn128 of EIP-196/197) and [`bn254_beuchat`] (the
//! papers' BN254).
//!
//! ## Contract
//! * `Scalar`: the field Z/rZ; `PrimeField::Repr` is the little-endian 32-byte canonical value
//!   (as `bls12_381::Scalar`), `from_repr` rejects values ≥ r. The constants
//!   (`MULTIPLICATIVE_GENERATOR` = g, `S` with r − 1 = 2^S·t, t odd, `ROOT_OF_UNITY` = g^t,
//!   `DELTA` = g^(2^S), `TWO_INV`, `MODULUS` as a `0x`-prefixed lower-case hex string) follow
//!   the `ff` 0.13 definitions; for BLS12-381 they are the `bls12_381` crate's values
//!   (g = 7). Every operation is constant time except the `_vartime` ones; inversion is
//!   Bernstein–Yang safegcd, square roots constant-time Tonelli–Shanks.
//! * Points: `P * s` / `s * P` with a `Scalar` is hayate's constant-time scalar
//!   multiplication by the wrapped `Fr`, which is the `CurveParams::Scalar` of G1 and G2
//!   ([`hayate_ec::Projective::mul_scalar`]: GLV on G1, 4-dimensional GLS on G2, fixed
//!   windows, table lookups by scans) — safe for secret scalars. It computes \[s\]P for
//!   P in the order-r subgroup, which every point obtained through a checked decoder, the
//!   group operations, `generator` or `random` is; the `_unchecked` decoders leave subgroup
//!   membership to the caller, as the traits specify.
//! * Encodings: BLS12-381 uses the Zcash format ([`crate::encoding::zcash`]: the same bytes
//!   as `bls12_381`'s `to_compressed` / `to_uncompressed`). The BN curves use, compressed
//!   (`GroupEncoding`, 32 / 64 bytes), the format of gnark-crypto's `bn254` package
//!   (`ecc/bn254/marshal.go`): x big-endian (G2: x.c1 ‖ x.c0, imaginary part first as in
//!   EIP-197), the two spare top bits of the first byte as flags — `0b10` compressed with y
//!   the smaller of ±y, `0b11` compressed with y lexicographically largest (y > (p − 1)/2;
//!   for Fp2: c1, or c0 when c1 = 0), `0b01` the point at infinity (all other bits zero);
//!   uncompressed (`UncompressedEncoding`, 64 / 128 bytes), the EIP-196 / EIP-197 encoding
//!   ([`crate::encoding::eip196`]: x ‖ y big-endian, Fp2 imaginary part first, all zeros =
//!   infinity). Decoders return `CtOption`s that are none for every string the format does
//!   not produce for a point of the group: wrong flags, non-canonical coordinates (≥ p),
//!   points off the curve and (checked variants) points outside the order-r subgroup. The
//!   `_unchecked` variants skip only the subgroup test — they still check the curve equation,
//!   which `bls12_381`'s `from_uncompressed_unchecked` does not. Decoding handles public data
//!   and may take variable time.
//! * `From` conversions from hayate's types do not validate: hayate's checked constructors
//!   and decoders ([`crate::encoding`]) are where untrusted points come in.
//!   `Curve::batch_normalize` panics if its two slices differ in length (the trait's
//!   contract).
//! * Pairing: `Engine::pairing`, `MultiMillerLoop::multi_miller_loop` and
//!   `MillerLoopResult::final_exponentiation` are hayate's optimal Ate Miller loop
//!   ([`crate::miller`]) and final exponentiation ([`crate::final_exp`]). On BLS12-381 the
//!   GT values are the `bls12_381` crate's (the tests compare their Fp12 coordinates); on the
//!   BN curves they are the values of [`crate::final_exp`] (e(P, Q)^m, see there).
//!
//! Specifications: the trait contracts of the `ff` 0.13, `group` 0.13 and `pairing` 0.23
//! crates; the Zcash serialization (draft-irtf-cfrg-pairing-friendly-curves-11, Appendix C);
//! EIP-196 §"Encoding", EIP-197 §"Specification".

/// The `ff` crate the traits come from.
pub use ff;
/// The `group` crate the traits come from.
pub use group;
/// The zkcrypto `pairing` crate the traits come from.
pub use zk_pairing as pairing;

/// Byte-string types for encodings (`[u8; L]` has no `Default` beyond 32 bytes).
macro_rules! zk_bytes {
    ($(#[$doc:meta])* $Name:ident, $len:literal) => {
        $(#[$doc])*
        #[derive(Clone, Copy, PartialEq, Eq)]
        pub struct $Name(pub [u8; $len]);
        impl Default for $Name {
            fn default() -> Self {
                Self([0u8; $len])
            }
        }
        impl AsRef<[u8]> for $Name {
            fn as_ref(&self) -> &[u8] {
                &self.0
            }
        }
        impl AsMut<[u8]> for $Name {
            fn as_mut(&mut self) -> &mut [u8] {
                &mut self.0
            }
        }
        impl From<[u8; $len]> for $Name {
            fn from(b: [u8; $len]) -> Self {
                Self(b)
            }
        }
        impl From<$Name> for [u8; $len] {
            fn from(b: $Name) -> Self {
                b.0
            }
        }
        impl core::fmt::Debug for $Name {
            fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                write!(f, "{}(", stringify!($Name))?;
                for b in self.0.iter() {
                    write!(f, "{b:02x}")?;
                }
                write!(f, ")")
            }
        }
    };
}

/// Binary operators for owned and borrowed operands, from `fn(&L, &R) -> O`.
macro_rules! zk_binop {
    ($Tr:ident, $f:ident, $L:ty, $R:ty, $O:ty, $body:expr) => {
        impl core::ops::$Tr<&$R> for &$L {
            type Output = $O;
            #[inline]
            fn $f(self, rhs: &$R) -> $O {
                let g: fn(&$L, &$R) -> $O = $body;
                g(self, rhs)
            }
        }
        impl core::ops::$Tr<$R> for &$L {
            type Output = $O;
            #[inline]
            fn $f(self, rhs: $R) -> $O {
                self.$f(&rhs)
            }
        }
        impl core::ops::$Tr<&$R> for $L {
            type Output = $O;
            #[inline]
            fn $f(self, rhs: &$R) -> $O {
                (&self).$f(rhs)
            }
        }
        impl core::ops::$Tr<$R> for $L {
            type Output = $O;
            #[inline]
            fn $f(self, rhs: $R) -> $O {
                (&self).$f(&rhs)
            }
        }
    };
}

/// `x op= y` for owned and borrowed `y`, from the binary operator.
macro_rules! zk_assignop {
    ($Tr:ident, $f:ident, $Op:ident, $op:ident, $L:ty, $R:ty) => {
        impl core::ops::$Tr<$R> for $L {
            #[inline]
            fn $f(&mut self, rhs: $R) {
                *self = core::ops::$Op::$op(&*self, &rhs);
            }
        }
        impl core::ops::$Tr<&$R> for $L {
            #[inline]
            fn $f(&mut self, rhs: &$R) {
                *self = core::ops::$Op::$op(&*self, rhs);
            }
        }
    };
}

/// The scalar field newtype and its `ff` traits.
macro_rules! zk_scalar {
    (
        $(#[$doc:meta])*
        $Scalar:ident($Fr:ty),
        modulus: $modulus:literal,
        num_bits: $bits:literal,
        s: $s:literal,
        two_inv: $two_inv:literal,
        generator: $gen:literal,
        root_of_unity: $root:literal,
        root_of_unity_inv: $root_inv:literal,
        delta: $delta:literal $(,)?
    ) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Default)]
        #[repr(transparent)]
        pub struct $Scalar($Fr);

        impl $Scalar {
            /// The underlying hayate field element.
            pub fn inner(&self) -> &$Fr {
                &self.0
            }
            /// The canonical value as little-endian 64-bit limbs.
            pub fn to_limbs(&self) -> [u64; 4] {
                self.0.to_limbs()
            }
            /// The canonical little-endian 32 bytes (= [`ff::PrimeField::to_repr`]).
            pub fn to_bytes(&self) -> [u8; 32] {
                ff::PrimeField::to_repr(self)
            }
            /// Parses 32 little-endian bytes; none if the value is ≥ r
            /// (= [`ff::PrimeField::from_repr`]).
            pub fn from_bytes(bytes: &[u8; 32]) -> subtle::CtOption<Self> {
                ff::PrimeField::from_repr(*bytes)
            }
            /// A 512-bit little-endian integer reduced modulo r (constant time): uniform
            /// scalars from 64 uniform bytes.
            pub fn from_bytes_wide(bytes: &[u8; 64]) -> Self {
                let mut be = *bytes;
                be.reverse();
                $Scalar(<$Fr>::from_bytes_be_reduce(&be))
            }
        }

        impl ff::FromUniformBytes<64> for $Scalar {
            /// [`Self::from_bytes_wide`].
            fn from_uniform_bytes(bytes: &[u8; 64]) -> Self {
                Self::from_bytes_wide(bytes)
            }
        }

        impl From<$Fr> for $Scalar {
            fn from(x: $Fr) -> Self {
                Self(x)
            }
        }
        impl From<$Scalar> for $Fr {
            fn from(x: $Scalar) -> Self {
                x.0
            }
        }
        impl From<u64> for $Scalar {
            fn from(v: u64) -> Self {
                Self(<$Fr>::from_u64(v))
            }
        }

        impl core::fmt::Debug for $Scalar {
            /// `0x` and the big-endian hexadecimal canonical value.
            fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                let repr = ff::PrimeField::to_repr(self);
                write!(f, "0x")?;
                for b in repr.iter().rev() {
                    write!(f, "{b:02x}")?;
                }
                Ok(())
            }
        }
        impl core::fmt::Display for $Scalar {
            fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                core::fmt::Debug::fmt(self, f)
            }
        }

        impl subtle::ConstantTimeEq for $Scalar {
            fn ct_eq(&self, o: &Self) -> subtle::Choice {
                self.0.ct_eq(&o.0)
            }
        }
        impl subtle::ConditionallySelectable for $Scalar {
            fn conditional_select(a: &Self, b: &Self, c: subtle::Choice) -> Self {
                Self(<$Fr as subtle::ConditionallySelectable>::conditional_select(&a.0, &b.0, c))
            }
        }
        impl PartialEq for $Scalar {
            fn eq(&self, o: &Self) -> bool {
                bool::from(subtle::ConstantTimeEq::ct_eq(self, o))
            }
        }
        impl Eq for $Scalar {}

        impl core::ops::Neg for $Scalar {
            type Output = $Scalar;
            fn neg(self) -> $Scalar {
                $Scalar(-self.0)
            }
        }
        impl core::ops::Neg for &$Scalar {
            type Output = $Scalar;
            fn neg(self) -> $Scalar {
                $Scalar(-self.0)
            }
        }
        zk_binop!(Add, add, $Scalar, $Scalar, $Scalar, |a, b| $Scalar(a.0 + b.0));
        zk_binop!(Sub, sub, $Scalar, $Scalar, $Scalar, |a, b| $Scalar(a.0 - b.0));
        zk_binop!(Mul, mul, $Scalar, $Scalar, $Scalar, |a, b| $Scalar(a.0 * b.0));
        zk_assignop!(AddAssign, add_assign, Add, add, $Scalar, $Scalar);
        zk_assignop!(SubAssign, sub_assign, Sub, sub, $Scalar, $Scalar);
        zk_assignop!(MulAssign, mul_assign, Mul, mul, $Scalar, $Scalar);

        impl core::iter::Sum for $Scalar {
            fn sum<I: Iterator<Item = Self>>(iter: I) -> Self {
                iter.fold(<$Scalar as ff::Field>::ZERO, |a, b| a + b)
            }
        }
        impl<'a> core::iter::Sum<&'a $Scalar> for $Scalar {
            fn sum<I: Iterator<Item = &'a $Scalar>>(iter: I) -> Self {
                iter.fold(<$Scalar as ff::Field>::ZERO, |a, b| a + b)
            }
        }
        impl core::iter::Product for $Scalar {
            fn product<I: Iterator<Item = Self>>(iter: I) -> Self {
                iter.fold(<$Scalar as ff::Field>::ONE, |a, b| a * b)
            }
        }
        impl<'a> core::iter::Product<&'a $Scalar> for $Scalar {
            fn product<I: Iterator<Item = &'a $Scalar>>(iter: I) -> Self {
                iter.fold(<$Scalar as ff::Field>::ONE, |a, b| a * b)
            }
        }

        impl ff::Field for $Scalar {
            const ZERO: Self = $Scalar(<$Fr>::ZERO);
            const ONE: Self = $Scalar(<$Fr>::ONE);
            /// Uniform (rejection sampling).
            fn random(mut rng: impl rand_core::RngCore) -> Self {
                $Scalar(<$Fr>::random(&mut rng))
            }
            fn is_zero(&self) -> subtle::Choice {
                self.0.is_zero()
            }
            fn square(&self) -> Self {
                $Scalar(self.0.square())
            }
            fn double(&self) -> Self {
                $Scalar(self.0.double())
            }
            /// Bernstein–Yang safegcd (constant time); none for 0.
            fn invert(&self) -> subtle::CtOption<Self> {
                self.0.invert_safegcd().map($Scalar)
            }
            /// Constant-time Tonelli–Shanks (hayate's [`hayate_arith::Fp::sqrt`]).
            fn sqrt(&self) -> subtle::CtOption<Self> {
                self.0.sqrt().map($Scalar)
            }
            fn sqrt_ratio(num: &Self, div: &Self) -> (subtle::Choice, Self) {
                ff::helpers::sqrt_ratio_generic(num, div)
            }
        }

        impl ff::PrimeField for $Scalar {
            /// Little-endian canonical value.
            type Repr = [u8; 32];
            fn from_repr(repr: [u8; 32]) -> subtle::CtOption<Self> {
                let mut limbs = [0u64; 4];
                for (i, l) in limbs.iter_mut().enumerate() {
                    *l = u64::from_le_bytes(repr[8 * i..8 * i + 8].try_into().unwrap());
                }
                <$Fr>::from_limbs(limbs).map($Scalar)
            }
            fn to_repr(&self) -> [u8; 32] {
                let mut out = [0u8; 32];
                for (i, l) in self.0.to_limbs().iter().enumerate() {
                    out[8 * i..8 * i + 8].copy_from_slice(&l.to_le_bytes());
                }
                out
            }
            fn is_odd(&self) -> subtle::Choice {
                subtle::Choice::from((self.0.to_limbs()[0] & 1) as u8)
            }
            const MODULUS: &'static str = $modulus;
            const NUM_BITS: u32 = $bits;
            const CAPACITY: u32 = $bits - 1;
            const TWO_INV: Self = $Scalar(<$Fr>::from_hex_const($two_inv));
            const MULTIPLICATIVE_GENERATOR: Self = $Scalar(<$Fr>::from_hex_const($gen));
            const S: u32 = $s;
            const ROOT_OF_UNITY: Self = $Scalar(<$Fr>::from_hex_const($root));
            const ROOT_OF_UNITY_INV: Self = $Scalar(<$Fr>::from_hex_const($root_inv));
            const DELTA: Self = $Scalar(<$Fr>::from_hex_const($delta));
        }

        impl ff::PrimeFieldBits for $Scalar {
            type ReprBits = [u64; 4];
            fn to_le_bits(&self) -> ff::FieldBits<[u64; 4]> {
                ff::FieldBits::new(self.0.to_limbs())
            }
            fn char_le_bits() -> ff::FieldBits<[u64; 4]> {
                ff::FieldBits::new(<$Fr>::MODULUS)
            }
        }
    };
}

/// The affine and projective newtypes of one group (G1 or G2) and their `group` traits.
/// `$enc` is a module with `to_compressed`, `from_compressed(bytes, check)`,
/// `to_uncompressed`, `from_uncompressed(bytes, check)` on hayate's affine type.
macro_rules! zk_group {
    (
        $name:literal,
        $Affine:ident($HAffine:ty),
        $Projective:ident($HProjective:ty),
        $Scalar:ident,
        $Compressed:ident[$clen:literal],
        $Uncompressed:ident[$ulen:literal],
        $enc:ident $(,)?
    ) => {
        zk_bytes!(
            #[doc = concat!("A compressed ", $name, " encoding (see the module documentation).")]
            $Compressed, $clen
        );
        zk_bytes!(
            #[doc = concat!("An uncompressed ", $name, " encoding (see the module documentation).")]
            $Uncompressed, $ulen
        );

        #[doc = concat!("A point of ", $name, " in affine coordinates (wraps hayate's affine point).")]
        #[derive(Clone, Copy)]
        #[repr(transparent)]
        pub struct $Affine($HAffine);

        #[doc = concat!("A point of ", $name, " in projective coordinates (wraps hayate's projective point).")]
        #[derive(Clone, Copy)]
        #[repr(transparent)]
        pub struct $Projective($HProjective);

        impl $Affine {
            /// The underlying hayate point.
            pub fn inner(&self) -> &$HAffine {
                &self.0
            }
            /// Does the point satisfy the curve equation (the identity does)?
            pub fn is_on_curve(&self) -> subtle::Choice {
                self.0.is_on_curve()
            }
            /// Is the point in the order-r subgroup (hayate's membership test)?
            pub fn is_torsion_free(&self) -> subtle::Choice {
                self.0.is_in_subgroup()
            }
            /// The compressed encoding ([`group::GroupEncoding::to_bytes`]).
            pub fn to_compressed(&self) -> [u8; $clen] {
                { $enc::to_compressed(&self.0) }
            }
            /// The uncompressed encoding ([`group::UncompressedEncoding::to_uncompressed`]).
            pub fn to_uncompressed(&self) -> [u8; $ulen] {
                { $enc::to_uncompressed(&self.0) }
            }
            /// Decodes a compressed point, fully validated (subgroup included).
            pub fn from_compressed(bytes: &[u8; $clen]) -> subtle::CtOption<Self> {
                Self::decode(|| { $enc::from_compressed(bytes, true) })
            }
            /// Decodes a compressed point without the subgroup check.
            pub fn from_compressed_unchecked(bytes: &[u8; $clen]) -> subtle::CtOption<Self> {
                Self::decode(|| { $enc::from_compressed(bytes, false) })
            }
            /// Decodes an uncompressed point, fully validated (subgroup included).
            pub fn from_uncompressed(bytes: &[u8; $ulen]) -> subtle::CtOption<Self> {
                Self::decode(|| { $enc::from_uncompressed(bytes, true) })
            }
            /// Decodes an uncompressed point without the subgroup check.
            pub fn from_uncompressed_unchecked(bytes: &[u8; $ulen]) -> subtle::CtOption<Self> {
                Self::decode(|| { $enc::from_uncompressed(bytes, false) })
            }
            fn decode(f: impl FnOnce() -> Option<$HAffine>) -> subtle::CtOption<Self> {
                match f() {
                    Some(p) => subtle::CtOption::new($Affine(p), subtle::Choice::from(1)),
                    None => subtle::CtOption::new(
                        <$Affine as group::prime::PrimeCurveAffine>::identity(),
                        subtle::Choice::from(0),
                    ),
                }
            }
        }

        impl $Projective {
            /// The underlying hayate point.
            pub fn inner(&self) -> &$HProjective {
                &self.0
            }
            /// Does the point satisfy the curve equation (the identity does)?
            pub fn is_on_curve(&self) -> subtle::Choice {
                self.0.is_on_curve()
            }
            /// \[k\]P for a public scalar (variable time; hayate's GLV/GLS wNAF).
            pub fn mul_vartime(&self, k: &$Scalar) -> Self {
                $Projective(self.0.mul_scalar_vartime(&k.0))
            }
        }

        impl From<$HAffine> for $Affine {
            fn from(p: $HAffine) -> Self {
                $Affine(p)
            }
        }
        impl From<$Affine> for $HAffine {
            fn from(p: $Affine) -> Self {
                p.0
            }
        }
        impl From<$HProjective> for $Projective {
            fn from(p: $HProjective) -> Self {
                $Projective(p)
            }
        }
        impl From<$Projective> for $HProjective {
            fn from(p: $Projective) -> Self {
                p.0
            }
        }
        impl From<$Affine> for $Projective {
            fn from(p: $Affine) -> Self {
                $Projective(<$HProjective>::from(p.0))
            }
        }
        impl From<&$Affine> for $Projective {
            fn from(p: &$Affine) -> Self {
                $Projective(<$HProjective>::from(p.0))
            }
        }
        impl From<$Projective> for $Affine {
            fn from(p: $Projective) -> Self {
                $Affine(p.0.to_affine())
            }
        }
        impl From<&$Projective> for $Affine {
            fn from(p: &$Projective) -> Self {
                $Affine(p.0.to_affine())
            }
        }

        impl core::fmt::Debug for $Affine {
            fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                f.debug_tuple(stringify!($Affine)).field(&self.0).finish()
            }
        }
        impl core::fmt::Debug for $Projective {
            fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                f.debug_tuple(stringify!($Projective)).field(&self.0).finish()
            }
        }
        impl Default for $Affine {
            /// The identity.
            fn default() -> Self {
                $Affine(<$HAffine>::identity())
            }
        }
        impl Default for $Projective {
            /// The identity.
            fn default() -> Self {
                $Projective(<$HProjective>::identity())
            }
        }
        impl subtle::ConstantTimeEq for $Affine {
            fn ct_eq(&self, o: &Self) -> subtle::Choice {
                self.0.ct_eq(&o.0)
            }
        }
        impl subtle::ConstantTimeEq for $Projective {
            fn ct_eq(&self, o: &Self) -> subtle::Choice {
                self.0.ct_eq(&o.0)
            }
        }
        impl subtle::ConditionallySelectable for $Affine {
            fn conditional_select(a: &Self, b: &Self, c: subtle::Choice) -> Self {
                $Affine(<$HAffine as subtle::ConditionallySelectable>::conditional_select(&a.0, &b.0, c))
            }
        }
        impl subtle::ConditionallySelectable for $Projective {
            fn conditional_select(a: &Self, b: &Self, c: subtle::Choice) -> Self {
                $Projective(<$HProjective as subtle::ConditionallySelectable>::conditional_select(
                    &a.0, &b.0, c,
                ))
            }
        }
        impl PartialEq for $Affine {
            fn eq(&self, o: &Self) -> bool {
                bool::from(subtle::ConstantTimeEq::ct_eq(self, o))
            }
        }
        impl Eq for $Affine {}
        impl PartialEq for $Projective {
            fn eq(&self, o: &Self) -> bool {
                bool::from(subtle::ConstantTimeEq::ct_eq(self, o))
            }
        }
        impl Eq for $Projective {}

        impl core::ops::Neg for $Affine {
            type Output = $Affine;
            fn neg(self) -> $Affine {
                $Affine(self.0.neg())
            }
        }
        impl core::ops::Neg for &$Affine {
            type Output = $Affine;
            fn neg(self) -> $Affine {
                $Affine(self.0.neg())
            }
        }
        impl core::ops::Neg for $Projective {
            type Output = $Projective;
            fn neg(self) -> $Projective {
                $Projective(self.0.neg())
            }
        }
        impl core::ops::Neg for &$Projective {
            type Output = $Projective;
            fn neg(self) -> $Projective {
                $Projective(self.0.neg())
            }
        }

        zk_binop!(Add, add, $Projective, $Projective, $Projective, |a, b| $Projective(<$HProjective>::add(&a.0, &b.0)));
        zk_binop!(Sub, sub, $Projective, $Projective, $Projective, |a, b| $Projective(<$HProjective>::add(&a.0, &b.0.neg())));
        zk_binop!(Add, add, $Projective, $Affine, $Projective, |a, b| $Projective(a.0.add_affine(&b.0)));
        zk_binop!(Sub, sub, $Projective, $Affine, $Projective, |a, b| $Projective(a.0.add_affine(&b.0.neg())));
        zk_binop!(Add, add, $Affine, $Projective, $Projective, |a, b| $Projective(b.0.add_affine(&a.0)));
        zk_binop!(Sub, sub, $Affine, $Projective, $Projective, |a, b| $Projective(b.0.neg().add_affine(&a.0)));
        zk_assignop!(AddAssign, add_assign, Add, add, $Projective, $Projective);
        zk_assignop!(SubAssign, sub_assign, Sub, sub, $Projective, $Projective);
        zk_assignop!(AddAssign, add_assign, Add, add, $Projective, $Affine);
        zk_assignop!(SubAssign, sub_assign, Sub, sub, $Projective, $Affine);

        // [s]P: hayate's constant-time scalar multiplication (secret scalars)
        zk_binop!(Mul, mul, $Projective, $Scalar, $Projective, |p, s| $Projective(p.0.mul_scalar(&s.0)));
        zk_binop!(Mul, mul, $Affine, $Scalar, $Projective, |p, s| $Projective(p.0.mul_scalar(&s.0)));
        zk_binop!(Mul, mul, $Scalar, $Projective, $Projective, |s, p| $Projective(p.0.mul_scalar(&s.0)));
        zk_binop!(Mul, mul, $Scalar, $Affine, $Projective, |s, p| $Projective(p.0.mul_scalar(&s.0)));
        zk_assignop!(MulAssign, mul_assign, Mul, mul, $Projective, $Scalar);

        impl core::iter::Sum for $Projective {
            fn sum<I: Iterator<Item = Self>>(iter: I) -> Self {
                iter.fold(Self::default(), |a, b| a + b)
            }
        }
        impl<'a> core::iter::Sum<&'a $Projective> for $Projective {
            fn sum<I: Iterator<Item = &'a $Projective>>(iter: I) -> Self {
                iter.fold(Self::default(), |a, b| a + b)
            }
        }

        impl group::Group for $Projective {
            type Scalar = $Scalar;
            /// \[s\]G for a uniform scalar s.
            fn random(rng: impl rand_core::RngCore) -> Self {
                let s = <$Scalar as ff::Field>::random(rng);
                $Projective(<$HProjective>::generator().mul_scalar(&s.0))
            }
            fn identity() -> Self {
                $Projective(<$HProjective>::identity())
            }
            fn generator() -> Self {
                $Projective(<$HProjective>::generator())
            }
            fn is_identity(&self) -> subtle::Choice {
                self.0.is_identity()
            }
            fn double(&self) -> Self {
                $Projective(self.0.double())
            }
        }

        impl group::Curve for $Projective {
            type AffineRepr = $Affine;
            fn to_affine(&self) -> $Affine {
                $Affine(self.0.to_affine())
            }
            /// One inversion for all points (Montgomery's trick). Panics if the slices'
            /// lengths differ (the trait's contract).
            fn batch_normalize(p: &[Self], q: &mut [$Affine]) {
                assert_eq!(p.len(), q.len(), "batch_normalize: slices of different lengths");
                let inner: Vec<$HProjective> = p.iter().map(|x| x.0).collect();
                for (out, a) in q.iter_mut().zip(<$HProjective>::batch_to_affine(&inner)) {
                    *out = $Affine(a);
                }
            }
        }

        impl group::GroupEncoding for $Affine {
            type Repr = $Compressed;
            fn from_bytes(bytes: &$Compressed) -> subtle::CtOption<Self> {
                Self::from_compressed(&bytes.0)
            }
            fn from_bytes_unchecked(bytes: &$Compressed) -> subtle::CtOption<Self> {
                Self::from_compressed_unchecked(&bytes.0)
            }
            fn to_bytes(&self) -> $Compressed {
                $Compressed(self.to_compressed())
            }
        }
        impl group::GroupEncoding for $Projective {
            type Repr = $Compressed;
            fn from_bytes(bytes: &$Compressed) -> subtle::CtOption<Self> {
                $Affine::from_compressed(&bytes.0).map($Projective::from)
            }
            fn from_bytes_unchecked(bytes: &$Compressed) -> subtle::CtOption<Self> {
                $Affine::from_compressed_unchecked(&bytes.0).map($Projective::from)
            }
            fn to_bytes(&self) -> $Compressed {
                $Compressed($Affine::from(self).to_compressed())
            }
        }
        impl group::UncompressedEncoding for $Affine {
            type Uncompressed = $Uncompressed;
            fn from_uncompressed(bytes: &$Uncompressed) -> subtle::CtOption<Self> {
                $Affine::from_uncompressed(&bytes.0)
            }
            fn from_uncompressed_unchecked(bytes: &$Uncompressed) -> subtle::CtOption<Self> {
                $Affine::from_uncompressed_unchecked(&bytes.0)
            }
            fn to_uncompressed(&self) -> $Uncompressed {
                $Uncompressed($Affine::to_uncompressed(self))
            }
        }

        impl group::prime::PrimeGroup for $Projective {}
        impl group::prime::PrimeCurve for $Projective {
            type Affine = $Affine;
        }
        impl group::prime::PrimeCurveAffine for $Affine {
            type Scalar = $Scalar;
            type Curve = $Projective;
            fn identity() -> Self {
                $Affine(<$HAffine>::identity())
            }
            fn generator() -> Self {
                $Affine(<$HAffine>::generator())
            }
            fn is_identity(&self) -> subtle::Choice {
                self.0.is_identity()
            }
            fn to_curve(&self) -> $Projective {
                $Projective::from(self)
            }
        }

        impl group::WnafGroup for $Projective {
            /// The window w ∈ [2, 22] minimising the cost model 2^(w−2) table additions plus
            /// n·(bits + 1)/(w + 1) digit additions for n scalars.
            fn recommended_wnaf_for_num_scalars(num_scalars: usize) -> usize {
                let bits = <$Scalar as ff::PrimeField>::NUM_BITS as f64 + 1.0;
                let n = num_scalars.max(1) as f64;
                (2..=22usize)
                    .min_by(|&a, &b| {
                        let cost = |w: usize| (1u64 << (w - 2)) as f64 + n * bits / (w as f64 + 1.0);
                        cost(a).total_cmp(&cost(b))
                    })
                    .unwrap_or(4)
            }
        }
    };
}

/// The engine, Gt, the Miller-loop result and prepared G2 for one curve.
macro_rules! zk_engine {
    (
        $(#[$doc:meta])*
        $Engine:ident, $E:ty, $N:literal, $Scalar:ident,
        $G1Affine:ident, $G1Projective:ident, $G2Affine:ident, $G2Projective:ident $(,)?
    ) => {
        /// The target group GT (hayate's [`crate::Gt`]), written additively as in the
        /// `bls12_381` crate: `+` is the Fp12 product, `-x` the inverse, `x * s` the
        /// exponentiation (constant time in s, hayate's GLS exponentiation).
        #[derive(Clone, Copy, PartialEq, Eq)]
        #[repr(transparent)]
        pub struct Gt(crate::Gt<$E, $N>);

        /// The value of a (multi-)Miller loop before the final exponentiation; `+` multiplies.
        #[derive(Clone, Copy)]
        #[repr(transparent)]
        pub struct MillerLoopResult(hayate_arith::Fp12<<$E as crate::PairingCurve<$N>>::Fp, $N>);

        /// A G2 point with its Miller-loop lines precomputed (hayate's [`crate::G2Prepared`]).
        #[derive(Clone, Debug)]
        pub struct G2Prepared(crate::G2Prepared<$E, $N>);

        $(#[$doc])*
        #[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
        pub struct $Engine;

        impl Gt {
            /// The underlying hayate GT element.
            pub fn inner(&self) -> &crate::Gt<$E, $N> {
                &self.0
            }
        }
        impl From<crate::Gt<$E, $N>> for Gt {
            fn from(x: crate::Gt<$E, $N>) -> Self {
                Gt(x)
            }
        }
        impl From<Gt> for crate::Gt<$E, $N> {
            fn from(x: Gt) -> Self {
                x.0
            }
        }
        impl core::fmt::Debug for Gt {
            fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                f.debug_tuple("Gt").field(&self.0).finish()
            }
        }
        impl Default for Gt {
            /// The identity 1.
            fn default() -> Self {
                Gt(crate::Gt::identity())
            }
        }
        impl subtle::ConstantTimeEq for Gt {
            fn ct_eq(&self, o: &Self) -> subtle::Choice {
                self.0.ct_eq(&o.0)
            }
        }
        impl subtle::ConditionallySelectable for Gt {
            fn conditional_select(a: &Self, b: &Self, c: subtle::Choice) -> Self {
                Gt(<crate::Gt<$E, $N> as subtle::ConditionallySelectable>::conditional_select(
                    &a.0, &b.0, c,
                ))
            }
        }
        impl core::ops::Neg for Gt {
            type Output = Gt;
            fn neg(self) -> Gt {
                Gt(self.0.invert())
            }
        }
        impl core::ops::Neg for &Gt {
            type Output = Gt;
            fn neg(self) -> Gt {
                Gt(self.0.invert())
            }
        }
        zk_binop!(Add, add, Gt, Gt, Gt, |a, b| Gt(crate::Gt::mul(&a.0, &b.0)));
        zk_binop!(Sub, sub, Gt, Gt, Gt, |a, b| Gt(crate::Gt::mul(&a.0, &b.0.invert())));
        zk_binop!(Mul, mul, Gt, $Scalar, Gt, |a, s| Gt(a.0.pow_scalar(&s.0)));
        zk_binop!(Mul, mul, $Scalar, Gt, Gt, |s, a| Gt(a.0.pow_scalar(&s.0)));
        zk_assignop!(AddAssign, add_assign, Add, add, Gt, Gt);
        zk_assignop!(SubAssign, sub_assign, Sub, sub, Gt, Gt);
        zk_assignop!(MulAssign, mul_assign, Mul, mul, Gt, $Scalar);
        impl core::iter::Sum for Gt {
            fn sum<I: Iterator<Item = Self>>(iter: I) -> Self {
                iter.fold(Gt::default(), |a, b| a + b)
            }
        }
        impl<'a> core::iter::Sum<&'a Gt> for Gt {
            fn sum<I: Iterator<Item = &'a Gt>>(iter: I) -> Self {
                iter.fold(Gt::default(), |a, b| a + b)
            }
        }
        impl group::Group for Gt {
            type Scalar = $Scalar;
            /// generator · s for a uniform scalar s.
            fn random(rng: impl rand_core::RngCore) -> Self {
                let s = <$Scalar as ff::Field>::random(rng);
                <Gt as group::Group>::generator() * s
            }
            fn identity() -> Self {
                Gt::default()
            }
            /// e(G1 generator, G2 generator), computed once.
            fn generator() -> Self {
                static GEN: hayate_arith::once::OnceBox<Gt> = hayate_arith::once::OnceBox::new();
                *GEN.get_or_init(|| Gt(crate::Gt::generator()))
            }
            fn is_identity(&self) -> subtle::Choice {
                self.0.is_identity()
            }
            fn double(&self) -> Self {
                Gt(crate::Gt::mul(&self.0, &self.0))
            }
        }

        impl MillerLoopResult {
            /// The underlying Fp12 value.
            pub fn inner(&self) -> &hayate_arith::Fp12<<$E as crate::PairingCurve<$N>>::Fp, $N> {
                &self.0
            }
        }
        impl core::fmt::Debug for MillerLoopResult {
            fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                f.debug_tuple("MillerLoopResult").field(&self.0).finish()
            }
        }
        impl Default for MillerLoopResult {
            /// 1 (the empty product).
            fn default() -> Self {
                MillerLoopResult(hayate_arith::Fp12::ONE)
            }
        }
        zk_binop!(Add, add, MillerLoopResult, MillerLoopResult, MillerLoopResult, |a, b| {
            MillerLoopResult(a.0 * b.0)
        });
        zk_assignop!(AddAssign, add_assign, Add, add, MillerLoopResult, MillerLoopResult);
        impl zk_pairing::MillerLoopResult for MillerLoopResult {
            type Gt = Gt;
            /// hayate's final exponentiation ([`crate::final_exp::final_exponentiation`]).
            fn final_exponentiation(&self) -> Gt {
                Gt(crate::Gt(crate::final_exp::final_exponentiation::<$E, $N>(&self.0)))
            }
        }

        impl G2Prepared {
            /// The underlying hayate prepared point.
            pub fn inner(&self) -> &crate::G2Prepared<$E, $N> {
                &self.0
            }
        }
        impl From<$G2Affine> for G2Prepared {
            fn from(q: $G2Affine) -> Self {
                G2Prepared(crate::G2Prepared::new(q.inner()))
            }
        }
        impl From<crate::G2Prepared<$E, $N>> for G2Prepared {
            fn from(q: crate::G2Prepared<$E, $N>) -> Self {
                G2Prepared(q)
            }
        }

        /// e(P, Q) ([`zk_pairing::Engine::pairing`]).
        pub fn pairing(p: &$G1Affine, q: &$G2Affine) -> Gt {
            <$Engine as zk_pairing::Engine>::pairing(p, q)
        }

        /// ∏ f(P_i, Q_i) before the final exponentiation
        /// ([`zk_pairing::MultiMillerLoop::multi_miller_loop`]).
        pub fn multi_miller_loop(terms: &[(&$G1Affine, &G2Prepared)]) -> MillerLoopResult {
            <$Engine as zk_pairing::MultiMillerLoop>::multi_miller_loop(terms)
        }

        impl zk_pairing::Engine for $Engine {
            type Fr = $Scalar;
            type G1 = $G1Projective;
            type G1Affine = $G1Affine;
            type G2 = $G2Projective;
            type G2Affine = $G2Affine;
            type Gt = Gt;
            /// hayate's optimal Ate pairing ([`crate::pairing`]).
            fn pairing(p: &$G1Affine, q: &$G2Affine) -> Gt {
                Gt(crate::pairing::<$E, $N>(p.inner(), q.inner()))
            }
        }
        impl zk_pairing::MultiMillerLoop for $Engine {
            type G2Prepared = G2Prepared;
            type Result = MillerLoopResult;
            /// hayate's multi-Miller loop ([`crate::miller::multi_miller_loop`]): one shared
            /// squaring chain; pairs with an identity point contribute 1.
            fn multi_miller_loop(terms: &[(&$G1Affine, &G2Prepared)]) -> MillerLoopResult {
                let pairs: Vec<_> = terms.iter().map(|(p, q)| (p.inner(), &q.0)).collect();
                MillerLoopResult(crate::miller::multi_miller_loop::<$E, $N>(&pairs))
            }
        }
        impl zk_pairing::PairingCurveAffine for $G1Affine {
            type Pair = $G2Affine;
            type PairingResult = Gt;
            fn pairing_with(&self, other: &$G2Affine) -> Gt {
                <$Engine as zk_pairing::Engine>::pairing(self, other)
            }
        }
        impl zk_pairing::PairingCurveAffine for $G2Affine {
            type Pair = $G1Affine;
            type PairingResult = Gt;
            fn pairing_with(&self, other: &$G1Affine) -> Gt {
                <$Engine as zk_pairing::Engine>::pairing(other, self)
            }
        }
    };
}

pub mod bls12_381;
pub mod bn254;
pub mod bn254_beuchat;
mod bn_encoding;

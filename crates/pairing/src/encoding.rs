//! Point encodings for BN254 (alt_bn128) and BLS12-381, with full validation on decode.
//!
//! * [`zcash`] — the Zcash / IETF serialization of BLS12-381 points
//!   (draft-irtf-cfrg-pairing-friendly-curves-11, Appendix C "ZCash serialization format for
//!   BLS12-381"; the `bls12_381` crate's `to_compressed`/`to_uncompressed`): compressed 48/96
//!   bytes, uncompressed 96/192 bytes, the three flag bits in the top of the first byte
//!   (bit 7 compression C_bit, bit 6 infinity I_bit, bit 5 sort S_bit = "y is lexicographically
//!   largest"), Fp2 written c1‖c0.
//! * [`eip196`] — the alt_bn128 encodings of EIP-196 §"Encoding" (G1: two 32-byte big-endian
//!   coordinates, (0, 0) = infinity) and EIP-197 §"Specification" (G2: Fp2 elements written
//!   imaginary part first, x = x_im‖x_re).
//! * [`eip2537`] — the BLS12-381 encodings of EIP-2537 §"Fine points and encoding" (each Fp
//!   element is 64 bytes: 16 zero bytes then the 48-byte big-endian value; Fp2 = c0‖c1; the
//!   all-zero string is the point at infinity; 32-byte big-endian scalars).
//!
//! Every decoder rejects non-canonical field elements (value ≥ p), points off the curve, and
//! — where the format requires it — points outside the order-r subgroup, with a typed
//! [`EncodingError`]. The encoders accept any valid point.

use core::fmt;

use hayate_arith::{Fp as PrimeField, FpParams};
use hayate_ec::{Affine, CurveParams};
use subtle::{Choice, ConditionallySelectable, ConstantTimeEq};

use crate::{bls12_381, bn254};

/// Why a byte string is not a valid encoding.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EncodingError {
    /// The input has the wrong number of bytes.
    InvalidLength {
        /// The length the format requires.
        expected: usize,
        /// The length given.
        got: usize,
    },
    /// Padding bytes that must be zero are not (EIP-2537's 16-byte prefix of each Fp element).
    InvalidPadding,
    /// A field element is not canonical (its integer value is ≥ p).
    InvalidFieldElement,
    /// The coordinates do not satisfy the curve equation (or, compressed: x³ + b is not a square).
    NotOnCurve,
    /// The point is on the curve but not in the order-r subgroup.
    NotInSubgroup,
    /// The Zcash flag bits are inconsistent.
    InvalidFlags(FlagError),
}

/// The flag-bit inconsistencies of the Zcash format.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FlagError {
    /// The compression bit does not match the length (set in a 96/192-byte uncompressed string
    /// or clear in a 48/96-byte compressed one).
    CompressionMismatch,
    /// The infinity bit is set but some other bit (besides the compression bit) is not zero.
    NonZeroInfinity,
    /// The sort bit is set on the point at infinity.
    SortOnInfinity,
    /// The sort bit is set in an uncompressed encoding.
    SortOnUncompressed,
}

impl fmt::Display for FlagError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            FlagError::CompressionMismatch => "compression flag does not match the encoding length",
            FlagError::NonZeroInfinity => "infinity flag set but the remaining bits are not zero",
            FlagError::SortOnInfinity => "sort flag set on the point at infinity",
            FlagError::SortOnUncompressed => "sort flag set in an uncompressed encoding",
        })
    }
}

impl fmt::Display for EncodingError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EncodingError::InvalidLength { expected, got } => {
                write!(f, "invalid length: expected {expected} bytes, got {got}")
            }
            EncodingError::InvalidPadding => f.write_str("non-zero padding bytes"),
            EncodingError::InvalidFieldElement => {
                f.write_str("field element not below the modulus")
            }
            EncodingError::NotOnCurve => f.write_str("point is not on the curve"),
            EncodingError::NotInSubgroup => f.write_str("point is not in the order-r subgroup"),
            EncodingError::InvalidFlags(e) => write!(f, "invalid flags: {e}"),
        }
    }
}

impl core::error::Error for EncodingError {}

/// Fixed-length view of `bytes`, or [`EncodingError::InvalidLength`].
pub(crate) fn exact<const L: usize>(bytes: &[u8]) -> Result<&[u8; L], EncodingError> {
    bytes.try_into().map_err(|_| EncodingError::InvalidLength {
        expected: L,
        got: bytes.len(),
    })
}

/// A canonical big-endian field element (any length; value must be < p).
fn fp_from_be<P: FpParams<N>, const N: usize>(
    bytes: &[u8],
) -> Result<PrimeField<P, N>, EncodingError> {
    Option::from(PrimeField::<P, N>::from_bytes_be(bytes)).ok_or(EncodingError::InvalidFieldElement)
}

/// The affine point (x, y) of uncompressed x‖y encodings: the identity for (0, 0) (their
/// encoding of infinity), else the point if it is on the curve. No subgroup check.
fn affine_or_zero<C: CurveParams>(x: C::Base, y: C::Base) -> Result<Affine<C>, EncodingError> {
    use hayate_arith::Field;
    if bool::from(x.is_zero() & y.is_zero()) {
        return Ok(Affine::identity());
    }
    Option::from(Affine::new(x, y)).ok_or(EncodingError::NotOnCurve)
}

/// x‖y in `L` bytes, each coordinate written by `coord` into its half (the identity, stored as
/// (0, 0), encodes as zeros).
fn xy_encode<C: CurveParams, const L: usize>(
    p: &Affine<C>,
    coord: impl Fn(&C::Base, &mut [u8]),
) -> [u8; L] {
    let mut out = [0u8; L];
    let (x, y) = out.split_at_mut(L / 2);
    coord(&p.x, x);
    coord(&p.y, y);
    out
}

/// The verdict of a decoding of secret bytes made public (declassified for the valgrind
/// evidence): `p` when `valid`, else the public decoder's answer for the same bytes (they are
/// then not a valid point of the group, and why is public). For the decoders of secret points
/// ([`zcash::g1_from_compressed_secret`], the FE layer's for the BN curves).
pub fn secret_verdict<T>(
    valid: Choice,
    p: T,
    public: impl FnOnce() -> Result<T, EncodingError>,
) -> Result<T, EncodingError> {
    if hayate_arith::valgrind::declassify(bool::from(valid)) {
        Ok(p)
    } else {
        public()
    }
}

/// Is P in the order-r subgroup? For public points: the curve's membership test
/// ([`CurveParams::is_in_subgroup`]: the endomorphism tests of [`crate::g2::is_in_g2_fast`] and
/// [`crate::subgroup`] on the pairing curves, \[r\]P = O elsewhere).
pub fn in_subgroup_vartime<C: CurveParams>(p: &Affine<C>) -> bool {
    bool::from(p.infinity) || bool::from(C::is_in_subgroup(&hayate_ec::Projective::from(*p)))
}

/// Scalars: a big-endian byte string as little-endian u64 limbs (no reduction).
pub fn scalar_limbs_be<const L: usize>(bytes: &[u8]) -> [u64; L] {
    let mut out = [0u64; L];
    let n = bytes.len();
    for (i, &b) in bytes.iter().enumerate() {
        let pos = n - 1 - i;
        if pos < 8 * L {
            out[pos / 8] |= (b as u64) << (8 * (pos % 8));
        }
    }
    out
}

/// The Zcash / IETF serialization of BLS12-381 G1 and G2 points.
///
/// Compressed: x with C_bit = 1, S_bit = "y is lexicographically largest" (for Fp2: compare c1,
/// then c0 if c1 = 0); infinity = `0xc0 00 … 00`. Uncompressed: x‖y with C_bit = 0, S_bit = 0;
/// infinity = `0x40 00 … 00`. Fp2 elements are written c1‖c0. Decoding checks the flags, that
/// every field element is canonical, that the point is on the curve and (except in the
/// `_unchecked` variants) in the order-r subgroup (constant-time check).
pub mod zcash {
    use super::*;
    use bls12_381::{Fp, Fp2, G1Affine, G2Affine};

    const C_BIT: u8 = 0x80;
    const I_BIT: u8 = 0x40;
    const S_BIT: u8 = 0x20;
    const FLAGS: u8 = C_BIT | I_BIT | S_BIT;

    /// Bytes of a G1 compressed encoding.
    pub const G1_COMPRESSED: usize = 48;
    /// Bytes of a G1 uncompressed encoding.
    pub const G1_UNCOMPRESSED: usize = 96;
    /// Bytes of a G2 compressed encoding.
    pub const G2_COMPRESSED: usize = 96;
    /// Bytes of a G2 uncompressed encoding.
    pub const G2_UNCOMPRESSED: usize = 192;

    fn write_fp2(x: &Fp2, out: &mut [u8]) {
        x.c1.write_bytes_be(&mut out[..48]);
        x.c0.write_bytes_be(&mut out[48..96]);
    }

    /// x with C_bit, and S_bit when `largest(y)`; infinity as C_bit | I_bit.
    fn compressed<C: CurveParams, const L: usize>(
        p: &Affine<C>,
        write: impl Fn(&C::Base, &mut [u8]),
        largest: impl Fn(&C::Base) -> Choice,
    ) -> [u8; L] {
        let mut out = [0u8; L];
        if bool::from(p.infinity) {
            out[0] = C_BIT | I_BIT;
            return out;
        }
        write(&p.x, &mut out);
        out[0] |= C_BIT;
        if bool::from(largest(&p.y)) {
            out[0] |= S_BIT;
        }
        out
    }

    /// x‖y without flags; infinity as I_bit.
    fn uncompressed<C: CurveParams, const L: usize>(
        p: &Affine<C>,
        write: impl Fn(&C::Base, &mut [u8]),
    ) -> [u8; L] {
        if bool::from(p.infinity) {
            let mut out = [0u8; L];
            out[0] = I_BIT;
            return out;
        }
        xy_encode(p, write)
    }

    /// Compressed G1 (48 bytes).
    pub fn g1_to_compressed(p: &G1Affine) -> [u8; 48] {
        compressed(
            p,
            |x, out| x.write_bytes_be(out),
            Fp::is_lexicographically_largest,
        )
    }

    /// Uncompressed G1 (96 bytes).
    pub fn g1_to_uncompressed(p: &G1Affine) -> [u8; 96] {
        uncompressed(p, |x, out| x.write_bytes_be(out))
    }

    /// Compressed G2 (96 bytes).
    pub fn g2_to_compressed(p: &G2Affine) -> [u8; 96] {
        compressed(p, write_fp2, Fp2::is_lexicographically_largest)
    }

    /// Uncompressed G2 (192 bytes).
    pub fn g2_to_uncompressed(p: &G2Affine) -> [u8; 192] {
        uncompressed(p, write_fp2)
    }

    /// Splits off and checks the flags; returns (infinity, sort) and the body with flags cleared.
    /// For the infinity encoding every other bit must be zero.
    fn parse_flags<const L: usize>(
        bytes: &[u8; L],
        compressed: bool,
    ) -> Result<(bool, bool, [u8; L]), EncodingError> {
        let flags = bytes[0] & FLAGS;
        let c = flags & C_BIT != 0;
        let i = flags & I_BIT != 0;
        let s = flags & S_BIT != 0;
        if c != compressed {
            return Err(EncodingError::InvalidFlags(FlagError::CompressionMismatch));
        }
        if !compressed && s {
            return Err(EncodingError::InvalidFlags(FlagError::SortOnUncompressed));
        }
        let mut body = *bytes;
        body[0] &= !FLAGS;
        if i {
            if s {
                return Err(EncodingError::InvalidFlags(FlagError::SortOnInfinity));
            }
            if body.iter().any(|&b| b != 0) {
                return Err(EncodingError::InvalidFlags(FlagError::NonZeroInfinity));
            }
        }
        Ok((i, s, body))
    }

    fn fp2_from_c1c0(bytes: &[u8]) -> Result<Fp2, EncodingError> {
        let c1 = fp_from_be(&bytes[..48])?;
        let c0 = fp_from_be(&bytes[48..96])?;
        Ok(Fp2::new(c0, c1))
    }

    fn check_subgroup<C: CurveParams>(
        p: Affine<C>,
        check: bool,
    ) -> Result<Affine<C>, EncodingError> {
        if check && !bool::from(p.is_in_subgroup()) {
            return Err(EncodingError::NotInSubgroup);
        }
        Ok(p)
    }

    /// A compressed point of L bytes: the flags, x by `read`, y = ±√(x³ + b) with the sign the
    /// sort bit asks for (`largest`: the lexicographic test), the subgroup if `check`.
    fn from_compressed<C: CurveParams, const L: usize>(
        bytes: &[u8],
        check: bool,
        read: impl Fn(&[u8]) -> Result<C::Base, EncodingError>,
        largest: impl Fn(&C::Base) -> Choice,
    ) -> Result<Affine<C>, EncodingError> {
        use hayate_arith::Field;
        let (inf, sort, body) = parse_flags(exact::<L>(bytes)?, true)?;
        if inf {
            return Ok(Affine::identity());
        }
        let x = read(&body)?;
        let y = Option::<C::Base>::from(Affine::<C>::curve_rhs(&x).sqrt())
            .ok_or(EncodingError::NotOnCurve)?;
        let flip = largest(&y) ^ Choice::from(sort as u8);
        let y = C::Base::conditional_select(&y, &-y, flip);
        check_subgroup(Affine::from_xy_unchecked(x, y), check)
    }

    /// An uncompressed point of L bytes: the flags, x‖y by `read` (L/2 bytes each), on the
    /// curve, the subgroup if `check`.
    fn from_uncompressed<C: CurveParams, const L: usize>(
        bytes: &[u8],
        check: bool,
        read: impl Fn(&[u8]) -> Result<C::Base, EncodingError>,
    ) -> Result<Affine<C>, EncodingError> {
        let (inf, _, body) = parse_flags(exact::<L>(bytes)?, false)?;
        if inf {
            return Ok(Affine::identity());
        }
        let (x, y) = (read(&body[..L / 2])?, read(&body[L / 2..])?);
        let p = Option::<Affine<C>>::from(Affine::new(x, y)).ok_or(EncodingError::NotOnCurve)?;
        check_subgroup(p, check)
    }

    fn g1_compressed(bytes: &[u8], check: bool) -> Result<G1Affine, EncodingError> {
        from_compressed::<_, 48>(bytes, check, fp_from_be, Fp::is_lexicographically_largest)
    }

    fn g1_uncompressed(bytes: &[u8], check: bool) -> Result<G1Affine, EncodingError> {
        from_uncompressed::<_, 96>(bytes, check, fp_from_be)
    }

    fn g2_compressed(bytes: &[u8], check: bool) -> Result<G2Affine, EncodingError> {
        from_compressed::<_, 96>(
            bytes,
            check,
            fp2_from_c1c0,
            Fp2::is_lexicographically_largest,
        )
    }

    fn g2_uncompressed(bytes: &[u8], check: bool) -> Result<G2Affine, EncodingError> {
        from_uncompressed::<_, 192>(bytes, check, fp2_from_c1c0)
    }

    /// The flags of a secret compressed encoding as choices: (compressed and not infinity, the
    /// sort bit), and the body with the flags cleared.
    fn secret_flags<const L: usize>(bytes: &[u8; L]) -> (Choice, Choice, [u8; L]) {
        let flags = bytes[0] & FLAGS;
        let finite = (flags & (C_BIT | I_BIT)).ct_eq(&C_BIT);
        let sort = Choice::from((flags & S_BIT) >> S_BIT.trailing_zeros());
        let mut body = *bytes;
        body[0] &= !FLAGS;
        (finite, sort, body)
    }

    /// Decodes a compressed G1 point that is secret (a component of a key): the same result as
    /// [`g1_from_compressed`] for every input, and for the encoding of any point of G1 but the
    /// identity computed without a branch or a memory access that depends on the bytes — the
    /// flags, canonical x, the square root and the sign as choices, the membership test of
    /// [`crate::subgroup::is_in_g1_bls12_ct`] — with one verdict made public: whether the bytes
    /// encode such a point. Other bytes get [`g1_from_compressed`]'s answer (the identity, or
    /// its error).
    pub fn g1_from_compressed_secret(bytes: &[u8]) -> Result<G1Affine, EncodingError> {
        let (finite, sort, body) = secret_flags(exact::<48>(bytes)?);
        let x = Fp::from_bytes_be(&body);
        let (x, canonical) = (x.unwrap_or(Fp::ZERO), x.is_some());
        let y = G1Affine::curve_rhs(&x).sqrt();
        let (y, on_curve) = (y.unwrap_or(Fp::ZERO), y.is_some());
        let y = Fp::conditional_select(&y, &-y, y.is_lexicographically_largest() ^ sort);
        let p = G1Affine::from_xy_unchecked(x, y);
        let in_g1 = crate::subgroup::is_in_g1_bls12_ct::<bls12_381::Bls12381, 6>(
            &hayate_ec::Projective::from(p),
        );
        secret_verdict(finite & canonical & on_curve & in_g1, p, || {
            g1_from_compressed(bytes)
        })
    }

    /// Decodes a compressed G2 point that is secret: [`g1_from_compressed_secret`]'s contract
    /// for G2 ([`g2_from_compressed`]'s result, constant time for the encodings of points of G2
    /// but the identity; membership by [`crate::g2::is_in_g2_ct`]).
    pub fn g2_from_compressed_secret(bytes: &[u8]) -> Result<G2Affine, EncodingError> {
        let (finite, sort, body) = secret_flags(exact::<96>(bytes)?);
        let c1 = Fp::from_bytes_be(&body[..48]);
        let c0 = Fp::from_bytes_be(&body[48..]);
        let canonical = c0.is_some() & c1.is_some();
        let x = Fp2::new(c0.unwrap_or(Fp::ZERO), c1.unwrap_or(Fp::ZERO));
        let y = G2Affine::curve_rhs(&x).sqrt();
        let (y, on_curve) = (y.unwrap_or(Fp2::ZERO), y.is_some());
        let y = Fp2::conditional_select(&y, &-y, y.is_lexicographically_largest() ^ sort);
        let p = G2Affine::from_xy_unchecked(x, y);
        let in_g2 =
            crate::g2::is_in_g2_ct::<bls12_381::Bls12381, 6>(&hayate_ec::Projective::from(p));
        secret_verdict(finite & canonical & on_curve & in_g2, p, || {
            g2_from_compressed(bytes)
        })
    }

    /// Decodes a compressed G1 point (48 bytes), fully validated.
    pub fn g1_from_compressed(bytes: &[u8]) -> Result<G1Affine, EncodingError> {
        g1_compressed(bytes, true)
    }
    /// Decodes a compressed G1 point without the subgroup check (flags, canonicity, curve only).
    pub fn g1_from_compressed_unchecked(bytes: &[u8]) -> Result<G1Affine, EncodingError> {
        g1_compressed(bytes, false)
    }
    /// Decodes an uncompressed G1 point (96 bytes), fully validated.
    pub fn g1_from_uncompressed(bytes: &[u8]) -> Result<G1Affine, EncodingError> {
        g1_uncompressed(bytes, true)
    }
    /// Decodes an uncompressed G1 point without the subgroup check.
    pub fn g1_from_uncompressed_unchecked(bytes: &[u8]) -> Result<G1Affine, EncodingError> {
        g1_uncompressed(bytes, false)
    }
    /// Decodes a compressed G2 point (96 bytes), fully validated.
    pub fn g2_from_compressed(bytes: &[u8]) -> Result<G2Affine, EncodingError> {
        g2_compressed(bytes, true)
    }
    /// Decodes a compressed G2 point without the subgroup check.
    pub fn g2_from_compressed_unchecked(bytes: &[u8]) -> Result<G2Affine, EncodingError> {
        g2_compressed(bytes, false)
    }
    /// Decodes an uncompressed G2 point (192 bytes), fully validated.
    pub fn g2_from_uncompressed(bytes: &[u8]) -> Result<G2Affine, EncodingError> {
        g2_uncompressed(bytes, true)
    }
    /// Decodes an uncompressed G2 point without the subgroup check.
    pub fn g2_from_uncompressed_unchecked(bytes: &[u8]) -> Result<G2Affine, EncodingError> {
        g2_uncompressed(bytes, false)
    }
}

/// The uncompressed encodings of the 254-bit BN curves (4-limb Fp), shared by [`eip196`] and
/// [`fe_v1`], which differ only in the order of an Fp2 coordinate's halves.
mod bn {
    use super::*;
    use hayate_arith::{Fp2, TowerParams};
    use subtle::CtOption;

    /// Which half of an Fp2 coordinate is written first.
    #[derive(Clone, Copy)]
    pub(super) enum Fp2Order {
        /// c0‖c1 (hayate's FE format).
        RealFirst,
        /// c1‖c0 (EIP-197).
        ImaginaryFirst,
    }

    /// A G1 point from x‖y (32-byte big-endian coordinates): canonical, all zero = infinity,
    /// else on the curve and in the subgroup.
    pub(super) fn g1_decode<C, P>(bytes: &[u8; 64]) -> Result<Affine<C>, EncodingError>
    where
        C: CurveParams<Base = PrimeField<P, 4>>,
        P: FpParams<4>,
    {
        let x = fp_from_be::<P, 4>(&bytes[..32])?;
        let y = fp_from_be::<P, 4>(&bytes[32..])?;
        let p = affine_or_zero::<C>(x, y)?;
        if !in_subgroup_vartime(&p) {
            return Err(EncodingError::NotInSubgroup);
        }
        Ok(p)
    }

    /// x‖y (the identity, stored as (0, 0), encodes as zeros).
    pub(super) fn g1_encode<C, P>(p: &Affine<C>) -> [u8; 64]
    where
        C: CurveParams<Base = PrimeField<P, 4>>,
        P: FpParams<4>,
    {
        xy_encode(p, |c, out| c.write_bytes_be(out))
    }

    /// The four 32-byte coordinates of a G2 encoding as (x.c0, x.c1, y.c0, y.c1), each
    /// `None` if not canonical; constant time.
    fn g2_coords<P: TowerParams<4>>(
        bytes: &[u8; 128],
        order: Fp2Order,
    ) -> [CtOption<PrimeField<P, 4>>; 4] {
        let c: [_; 4] = core::array::from_fn(|i| {
            PrimeField::<P, 4>::from_bytes_be(&bytes[32 * i..32 * i + 32])
        });
        let [a, b, c, d] = c;
        match order {
            Fp2Order::RealFirst => [a, b, c, d],
            Fp2Order::ImaginaryFirst => [b, a, d, c],
        }
    }

    /// A G2 point from 128 bytes without the subgroup check (canonical, all zero = infinity,
    /// else on the twist).
    pub(super) fn g2_decode_unchecked<C, P>(
        bytes: &[u8; 128],
        order: Fp2Order,
    ) -> Result<Affine<C>, EncodingError>
    where
        C: CurveParams<Base = Fp2<P, 4>>,
        P: TowerParams<4>,
    {
        let [x0, x1, y0, y1] = g2_coords::<P>(bytes, order).map(Option::from);
        let (Some(x0), Some(x1), Some(y0), Some(y1)) = (x0, x1, y0, y1) else {
            return Err(EncodingError::InvalidFieldElement);
        };
        affine_or_zero(Fp2::new(x0, x1), Fp2::new(y0, y1))
    }

    /// [`g2_decode_unchecked`] and the subgroup check.
    pub(super) fn g2_decode<C, P>(
        bytes: &[u8; 128],
        order: Fp2Order,
    ) -> Result<Affine<C>, EncodingError>
    where
        C: CurveParams<Base = Fp2<P, 4>>,
        P: TowerParams<4>,
    {
        let p = g2_decode_unchecked(bytes, order)?;
        if !in_subgroup_vartime(&p) {
            return Err(EncodingError::NotInSubgroup);
        }
        Ok(p)
    }

    /// The 128-byte encoding (the identity, stored as (0, 0), encodes as zeros).
    pub(super) fn g2_encode<C, P>(p: &Affine<C>, order: Fp2Order) -> [u8; 128]
    where
        C: CurveParams<Base = Fp2<P, 4>>,
        P: TowerParams<4>,
    {
        let c = match order {
            Fp2Order::RealFirst => [&p.x.c0, &p.x.c1, &p.y.c0, &p.y.c1],
            Fp2Order::ImaginaryFirst => [&p.x.c1, &p.x.c0, &p.y.c1, &p.y.c0],
        };
        let mut out = [0u8; 128];
        for (o, c) in out.chunks_exact_mut(32).zip(c) {
            c.write_bytes_be(o);
        }
        out
    }

    /// [`g1_decode`] for a secret point: canonicity, the curve equation and membership as
    /// choices, one public verdict ([`secret_verdict`]). The identity (all zero) is not a
    /// valid secret point and gets the public decoder's answer.
    pub(super) fn g1_decode_secret<C, P>(bytes: &[u8; 64]) -> Result<Affine<C>, EncodingError>
    where
        C: CurveParams<Base = PrimeField<P, 4>>,
        P: FpParams<4>,
    {
        let x = PrimeField::<P, 4>::from_bytes_be(&bytes[..32]);
        let y = PrimeField::<P, 4>::from_bytes_be(&bytes[32..]);
        let canonical = x.is_some() & y.is_some();
        // built unchecked, so that its infinity flag is the constant "finite"
        let zero = PrimeField::ZERO;
        let p = Affine::<C>::from_xy_unchecked(x.unwrap_or(zero), y.unwrap_or(zero));
        let member = C::is_in_subgroup(&hayate_ec::Projective::from(p));
        secret_verdict(canonical & p.is_on_curve() & member, p, || g1_decode(bytes))
    }

    /// [`g2_decode`] for a secret point, with `member` a constant-time membership test.
    pub(super) fn g2_decode_secret<C, P>(
        bytes: &[u8; 128],
        order: Fp2Order,
        member: impl Fn(&hayate_ec::Projective<C>) -> Choice,
    ) -> Result<Affine<C>, EncodingError>
    where
        C: CurveParams<Base = Fp2<P, 4>>,
        P: TowerParams<4>,
    {
        let c = g2_coords::<P>(bytes, order);
        let canonical = c.iter().fold(Choice::from(1), |a, c| a & c.is_some());
        let [x0, x1, y0, y1] = c.map(|c| c.unwrap_or(PrimeField::ZERO));
        let p = Affine::<C>::from_xy_unchecked(Fp2::new(x0, x1), Fp2::new(y0, y1));
        let in_g2 = member(&hayate_ec::Projective::from(p));
        secret_verdict(canonical & p.is_on_curve() & in_g2, p, || {
            g2_decode(bytes, order)
        })
    }
}

/// alt_bn128 encodings of EIP-196 (G1) and EIP-197 (G2).
///
/// G1: x‖y, 32-byte big-endian each; (0, 0) is the point at infinity. G2: x_im‖x_re‖y_im‖y_re;
/// all zero is infinity. Coordinates ≥ p are errors; points must be on the curve, and G2 points
/// in the order-r subgroup (G1 has cofactor 1).
pub mod eip196 {
    use super::bn::{self, Fp2Order::ImaginaryFirst};
    use super::*;
    use bn254::{Fp, Fp2, G1Affine, G2Affine};

    /// A 32-byte big-endian coordinate (must be < p).
    pub fn fp_decode(bytes: &[u8; 32]) -> Result<Fp, EncodingError> {
        fp_from_be(bytes)
    }

    /// A G1 point from 64 bytes: coordinates canonical, (0, 0) = infinity, else on the curve.
    pub fn g1_decode(bytes: &[u8; 64]) -> Result<G1Affine, EncodingError> {
        bn::g1_decode(bytes)
    }

    /// 64 bytes x‖y (infinity → 64 zero bytes).
    pub fn g1_encode(p: &G1Affine) -> [u8; 64] {
        bn::g1_encode(p)
    }

    /// An Fp2 element written imaginary part first (c1‖c0).
    pub fn fp2_decode(bytes: &[u8; 64]) -> Result<Fp2, EncodingError> {
        let im = fp_decode(bytes[..32].try_into().unwrap())?;
        let re = fp_decode(bytes[32..].try_into().unwrap())?;
        Ok(Fp2::new(re, im))
    }

    /// A G2 point from 128 bytes without the subgroup check (canonical, on the twist, zero =
    /// infinity).
    pub fn g2_decode_unchecked(bytes: &[u8; 128]) -> Result<G2Affine, EncodingError> {
        bn::g2_decode_unchecked(bytes, ImaginaryFirst)
    }

    /// A G2 point from 128 bytes, fully validated (EIP-197: on the twist and of order r).
    pub fn g2_decode(bytes: &[u8; 128]) -> Result<G2Affine, EncodingError> {
        bn::g2_decode(bytes, ImaginaryFirst)
    }

    /// 128 bytes x_im‖x_re‖y_im‖y_re (infinity → zeros).
    pub fn g2_encode(p: &G2Affine) -> [u8; 128] {
        bn::g2_encode(p, ImaginaryFirst)
    }
}

/// The BN point encodings of hayate's FE file format, version 1 (`hayate_fe::serial`), for
/// both 254-bit BN curves (bn254-beuchat and alt_bn128): G1 as x‖y, G2 as
/// x.c0‖x.c1‖y.c0‖y.c1 (**real part first**, unlike EIP-197), each coordinate 32 bytes
/// big-endian; the all-zero string is the point at infinity. Decoders check the length,
/// canonical coordinates, the curve equation and membership of the order-r subgroup. Kept as a
/// named format so that FE files written since version 1 keep opening; G1 is byte for byte
/// EIP-196's.
pub mod fe_v1 {
    use super::bn::{self, Fp2Order::RealFirst};
    use super::*;
    use hayate_arith::{Fp2, TowerParams};

    /// Bytes of a G1 point.
    pub const G1_BYTES: usize = 64;
    /// Bytes of a G2 point.
    pub const G2_BYTES: usize = 128;

    /// x‖y.
    pub fn g1_encode<C: CurveParams<Base = PrimeField<P, 4>>, P: FpParams<4>>(
        p: &Affine<C>,
    ) -> [u8; 64] {
        bn::g1_encode(p)
    }

    /// A G1 point, fully validated.
    pub fn g1_decode<C: CurveParams<Base = PrimeField<P, 4>>, P: FpParams<4>>(
        bytes: &[u8],
    ) -> Result<Affine<C>, EncodingError> {
        bn::g1_decode(exact(bytes)?)
    }

    /// [`g1_decode`] for a secret point: the same result for every input, and for the encoding
    /// of any point of G1 but the identity the work and memory accesses do not depend on it;
    /// one verdict is made public (whether the bytes encode such a point).
    pub fn g1_decode_secret<C: CurveParams<Base = PrimeField<P, 4>>, P: FpParams<4>>(
        bytes: &[u8],
    ) -> Result<Affine<C>, EncodingError> {
        bn::g1_decode_secret(exact(bytes)?)
    }

    /// x.c0‖x.c1‖y.c0‖y.c1.
    pub fn g2_encode<C: CurveParams<Base = Fp2<P, 4>>, P: TowerParams<4>>(
        p: &Affine<C>,
    ) -> [u8; 128] {
        bn::g2_encode(p, RealFirst)
    }

    /// A G2 point, fully validated.
    pub fn g2_decode<C: CurveParams<Base = Fp2<P, 4>>, P: TowerParams<4>>(
        bytes: &[u8],
    ) -> Result<Affine<C>, EncodingError> {
        bn::g2_decode(exact(bytes)?, RealFirst)
    }

    /// [`g2_decode`] for a secret point, as [`g1_decode_secret`], with `member` a
    /// constant-time G2 membership test (e.g. [`crate::g2::is_in_g2_ct`]).
    pub fn g2_decode_secret<C: CurveParams<Base = Fp2<P, 4>>, P: TowerParams<4>>(
        bytes: &[u8],
        member: impl Fn(&hayate_ec::Projective<C>) -> Choice,
    ) -> Result<Affine<C>, EncodingError> {
        bn::g2_decode_secret(exact(bytes)?, RealFirst, member)
    }
}

/// BLS12-381 encodings of EIP-2537.
///
/// Fp: 64 bytes = 16 zero bytes ‖ 48-byte big-endian value < p. Fp2: c0‖c1 (128 bytes).
/// G1: x‖y (128 bytes), G2: x‖y (256 bytes); the all-zero string is the point at infinity.
/// Decoders check padding, canonicity and the curve equation; the subgroup check is separate
/// ([`in_subgroup_vartime`]) because G1ADD/G2ADD do not perform it.
pub mod eip2537 {
    use super::*;
    use bls12_381::{Fp, Fp2, G1Affine, G2Affine};

    /// An Fp element: 16 zero bytes of padding then 48 bytes big-endian (value < p).
    pub fn fp_decode(bytes: &[u8; 64]) -> Result<Fp, EncodingError> {
        if bytes[..16].iter().any(|&b| b != 0) {
            return Err(EncodingError::InvalidPadding);
        }
        fp_from_be(&bytes[16..])
    }

    /// Writes an Fp element as 64 bytes (16 zero bytes ‖ 48-byte value).
    pub fn fp_encode(x: &Fp, out: &mut [u8]) {
        x.write_bytes_be(&mut out[..64]);
    }

    /// An Fp2 element c0‖c1 (128 bytes).
    pub fn fp2_decode(bytes: &[u8; 128]) -> Result<Fp2, EncodingError> {
        let c0 = fp_decode(bytes[..64].try_into().unwrap())?;
        let c1 = fp_decode(bytes[64..].try_into().unwrap())?;
        Ok(Fp2::new(c0, c1))
    }

    fn fp2_encode(x: &Fp2, out: &mut [u8]) {
        fp_encode(&x.c0, &mut out[..64]);
        fp_encode(&x.c1, &mut out[64..128]);
    }

    /// A G1 point from 128 bytes (padding, canonical coordinates, on the curve; all zero =
    /// infinity). No subgroup check.
    pub fn g1_decode(bytes: &[u8; 128]) -> Result<G1Affine, EncodingError> {
        xy_decode::<_, 64>(bytes, fp_decode)
    }

    /// 128 bytes (infinity → zeros).
    pub fn g1_encode(p: &G1Affine) -> [u8; 128] {
        xy_encode(p, fp_encode)
    }

    /// A G2 point from 256 bytes (padding, canonical coordinates, on the twist; all zero =
    /// infinity). No subgroup check.
    pub fn g2_decode(bytes: &[u8; 256]) -> Result<G2Affine, EncodingError> {
        xy_decode::<_, 128>(bytes, fp2_decode)
    }

    /// x‖y (2H bytes, else [`EncodingError::InvalidLength`]), each coordinate decoded from its
    /// half by `read`; then [`affine_or_zero`].
    fn xy_decode<C: CurveParams, const H: usize>(
        bytes: &[u8],
        read: impl Fn(&[u8; H]) -> Result<C::Base, EncodingError>,
    ) -> Result<Affine<C>, EncodingError> {
        match bytes.as_chunks::<H>() {
            ([x, y], []) => affine_or_zero(read(x)?, read(y)?),
            _ => Err(EncodingError::InvalidLength {
                expected: 2 * H,
                got: bytes.len(),
            }),
        }
    }

    /// 256 bytes (infinity → zeros).
    pub fn g2_encode(p: &G2Affine) -> [u8; 256] {
        xy_encode(p, fp2_encode)
    }

    /// A 32-byte big-endian scalar as little-endian limbs (any 256-bit value; not reduced).
    pub fn scalar_decode(bytes: &[u8; 32]) -> [u64; 4] {
        scalar_limbs_be(bytes)
    }
}

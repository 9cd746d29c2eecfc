//! SEC 1 v2 §2.3.3–§2.3.4 point encodings for the named curves, with full public-key
//! validation (SEC 1 §3.2.2.1 / NIST SP 800-56A §5.6.2.3.3):
//!
//! * uncompressed `04 ‖ X ‖ Y` and compressed `02|03 ‖ X`, X and Y exactly
//!   [`PrimeField::BYTES`] bytes;
//! * coordinates must be canonical integers in [0, p) (no reduction of out-of-range values);
//! * the point must satisfy the curve equation; for a compressed point, x³ + ax + b must be a
//!   square (decompression by [`hayate_arith::Field::sqrt`]: a^((p+1)/4) for p ≡ 3 mod 4,
//!   constant-time Tonelli–Shanks for P-224's p ≡ 1 mod 4);
//! * the point at infinity (`00`) is rejected as a public key;
//! * the point must lie in the order-n subgroup: [`crate::CurveParams::is_in_subgroup`], which for the
//!   cofactor-1 curves here is the curve equation itself — the hook is kept for h > 1;
//! * the hybrid forms `06`/`07` (SEC 1 §2.3.3 allows them optionally) are rejected.
//!
//! The functions take any curve over a prime field (`CurveParams<Base: PrimeField>`), so the
//! same encoding serves the pairing G1 curves (whose subgroup hook then does real work).
//! Decoding works on public data and may branch on it; nothing here panics on any input.

use alloc::{vec, vec::Vec};
use core::fmt;

use subtle::ConditionallySelectable;

use crate::affine::Affine;
use crate::curve::CurveParams;
use crate::curves::{NamedCurve, PrimeField};
use crate::Field;

/// Why an encoded point was rejected.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Sec1Error {
    /// Empty input, or a length that does not match the tag.
    InvalidLength,
    /// A first byte other than 02, 03, 04 (or 00 for infinity).
    InvalidTag,
    /// The encoding of the point at infinity (not a valid public key).
    PointAtInfinity,
    /// A coordinate ≥ p.
    CoordinateOutOfRange,
    /// (x, y) does not satisfy the curve equation.
    NotOnCurve,
    /// Compressed point whose x has no y on the curve (x³ + ax + b is not a square).
    NotOnCurveCompressed,
    /// On the curve but outside the order-n subgroup (only possible when h > 1).
    NotInSubgroup,
}

impl fmt::Display for Sec1Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Sec1Error::InvalidLength => "invalid SEC 1 point encoding length",
            Sec1Error::InvalidTag => "invalid SEC 1 point encoding tag",
            Sec1Error::PointAtInfinity => "public key is the point at infinity",
            Sec1Error::CoordinateOutOfRange => "point coordinate not below the field prime",
            Sec1Error::NotOnCurve => "point is not on the curve",
            Sec1Error::NotOnCurveCompressed => {
                "compressed point: x is not the x-coordinate of a curve point"
            }
            Sec1Error::NotInSubgroup => "point is not in the prime-order subgroup",
        })
    }
}

impl core::error::Error for Sec1Error {}

/// Length of the uncompressed encoding (1 + 2·BYTES).
pub fn uncompressed_len<C: CurveParams<Base: PrimeField>>() -> usize {
    1 + 2 * <C::Base as PrimeField>::BYTES
}

/// Length of the compressed encoding (1 + BYTES).
pub fn compressed_len<C: CurveParams<Base: PrimeField>>() -> usize {
    1 + <C::Base as PrimeField>::BYTES
}

/// SEC 1 encoding of a point (`00` for the identity). Constant time in the point apart from
/// the identity test.
pub fn encode_point<C: CurveParams<Base: PrimeField>>(p: &Affine<C>, compressed: bool) -> Vec<u8> {
    if bool::from(p.is_identity()) {
        return vec![0];
    }
    let mut out = Vec::with_capacity(uncompressed_len::<C>());
    if compressed {
        let odd = p.y.is_odd().unwrap_u8();
        out.push(0x02 | odd);
        out.extend_from_slice(&p.x.to_bytes_be());
    } else {
        out.push(0x04);
        out.extend_from_slice(&p.x.to_bytes_be());
        out.extend_from_slice(&p.y.to_bytes_be());
    }
    out
}

/// Decodes and fully validates a public key (see the module docs); never returns the identity.
pub fn decode_point<C: CurveParams<Base: PrimeField>>(
    bytes: &[u8],
) -> Result<Affine<C>, Sec1Error> {
    let fb = <C::Base as PrimeField>::BYTES;
    let (&tag, rest) = bytes.split_first().ok_or(Sec1Error::InvalidLength)?;
    let p = match tag {
        0x00 => {
            return Err(if rest.is_empty() {
                Sec1Error::PointAtInfinity
            } else {
                Sec1Error::InvalidLength
            });
        }
        0x04 => {
            if rest.len() != 2 * fb {
                return Err(Sec1Error::InvalidLength);
            }
            let x = field_from_bytes::<C>(&rest[..fb])?;
            let y = field_from_bytes::<C>(&rest[fb..])?;
            let p = Affine::<C>::from_xy_unchecked(x, y);
            if !bool::from(p.is_on_curve()) {
                return Err(Sec1Error::NotOnCurve);
            }
            p
        }
        0x02 | 0x03 => {
            if rest.len() != fb {
                return Err(Sec1Error::InvalidLength);
            }
            let x = field_from_bytes::<C>(rest)?;
            let rhs = Affine::<C>::curve_rhs(&x);
            let y = Option::<C::Base>::from(rhs.sqrt()).ok_or(Sec1Error::NotOnCurveCompressed)?;
            // pick the root whose parity matches the tag
            let want_odd = subtle::Choice::from(tag & 1);
            let flip = y.is_odd() ^ want_odd;
            let y = C::Base::conditional_select(&y, &-y, flip);
            let p = Affine::<C>::from_xy_unchecked(x, y);
            if !bool::from(p.is_on_curve()) {
                // unreachable for a correct sqrt; kept as a guard
                return Err(Sec1Error::NotOnCurve);
            }
            // y = 0 with tag 03 would ask for an odd zero: only the even root exists
            if bool::from(p.y.is_odd() ^ want_odd) {
                return Err(Sec1Error::NotOnCurveCompressed);
            }
            p
        }
        _ => return Err(Sec1Error::InvalidTag),
    };
    // (the curve's hook: the curve equation again for cofactor-1 curves)
    if !bool::from(p.is_in_subgroup()) {
        return Err(Sec1Error::NotInSubgroup);
    }
    Ok(p)
}

fn field_from_bytes<C: CurveParams<Base: PrimeField>>(b: &[u8]) -> Result<C::Base, Sec1Error> {
    Option::<C::Base>::from(<C::Base as PrimeField>::from_bytes_be(b))
        .ok_or(Sec1Error::CoordinateOutOfRange)
}

impl<C: NamedCurve> Affine<C> {
    /// SEC 1 encoding (see [`encode_point`]).
    pub fn to_sec1(&self, compressed: bool) -> Vec<u8> {
        encode_point(self, compressed)
    }

    /// SEC 1 decoding with full public-key validation (see [`decode_point`]).
    pub fn from_sec1(bytes: &[u8]) -> Result<Self, Sec1Error> {
        decode_point(bytes)
    }
}

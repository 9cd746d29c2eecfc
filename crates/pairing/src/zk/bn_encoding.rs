//! Point encodings of the BN curves' `zk` newtypes (see [`crate::zk`]).
//!
//! * Compressed (gnark-crypto's `bn254` format, `ecc/bn254/marshal.go`): x big-endian (Fp2:
//!   c1 ‖ c0), flags in the two top bits of the first byte — `0b10`: y is not
//!   lexicographically largest, `0b11`: y is (y > (p − 1)/2; Fp2: c1, or c0 when c1 = 0),
//!   `0b01`: the point at infinity, every other bit zero. `0b00` (gnark's uncompressed flag) is
//!   rejected at the compressed length.
//! * Uncompressed (EIP-196 §"Encoding", EIP-197 §"Specification"): x ‖ y big-endian, Fp2
//!   c1 ‖ c0; the all-zero string is the point at infinity; no flag bits.
//!
//! Decoders reject non-canonical coordinates (≥ p), points off the curve, a sign flag that
//! no root satisfies, and (when `check`) points outside the order-r subgroup. Both BN primes
//! are below 2²⁵⁴, so a canonical coordinate never has the flag bits set.

use hayate_arith::{Field, Fp, Fp2, FpParams, TowerParams};
use hayate_ec::{Affine, CurveParams};
use subtle::Choice;

/// A coordinate field of a BN curve (Fp for G1, Fp2 for G2) with its byte layout.
pub(crate) trait Coord: Field {
    /// Bytes of one coordinate.
    const LEN: usize;
    /// Writes the big-endian value (Fp2: c1 ‖ c0) into `out` (`LEN` bytes).
    fn write(&self, out: &mut [u8]);
    /// Reads a canonical coordinate (`LEN` bytes); `None` if a component is ≥ p.
    fn read(bytes: &[u8]) -> Option<Self>;
    /// The gnark / Zcash "lexicographically largest" predicate.
    fn largest(&self) -> Choice;
}

impl<P: FpParams<4>> Coord for Fp<P, 4> {
    const LEN: usize = 32;
    fn write(&self, out: &mut [u8]) {
        self.write_bytes_be(&mut out[..32]);
    }
    fn read(bytes: &[u8]) -> Option<Self> {
        Option::from(Fp::<P, 4>::from_bytes_be(&bytes[..32]))
    }
    fn largest(&self) -> Choice {
        self.is_lexicographically_largest()
    }
}

impl<P: TowerParams<4>> Coord for Fp2<P, 4> {
    const LEN: usize = 64;
    fn write(&self, out: &mut [u8]) {
        self.c1.write_bytes_be(&mut out[..32]);
        self.c0.write_bytes_be(&mut out[32..64]);
    }
    fn read(bytes: &[u8]) -> Option<Self> {
        let c1 = Option::from(Fp::<P, 4>::from_bytes_be(&bytes[..32]))?;
        let c0 = Option::from(Fp::<P, 4>::from_bytes_be(&bytes[32..64]))?;
        Some(Fp2::new(c0, c1))
    }
    fn largest(&self) -> Choice {
        self.is_lexicographically_largest()
    }
}

const FLAG_MASK: u8 = 0b11 << 6;
const COMPRESSED_SMALLEST: u8 = 0b10 << 6;
const COMPRESSED_LARGEST: u8 = 0b11 << 6;
const COMPRESSED_INFINITY: u8 = 0b01 << 6;

/// Compressed encoding into `out` (`C::Base::LEN` bytes).
pub(crate) fn compress<C: CurveParams>(p: &Affine<C>, out: &mut [u8])
where
    C::Base: Coord,
{
    out.fill(0);
    if bool::from(p.infinity) {
        out[0] = COMPRESSED_INFINITY;
        return;
    }
    p.x.write(out);
    out[0] |= if bool::from(p.y.largest()) {
        COMPRESSED_LARGEST
    } else {
        COMPRESSED_SMALLEST
    };
}

fn subgroup<C: CurveParams>(p: Affine<C>, check: bool) -> Option<Affine<C>> {
    if check && !bool::from(p.is_in_subgroup()) {
        return None;
    }
    Some(p)
}

/// Decodes a compressed point (`bytes.len() == C::Base::LEN`).
pub(crate) fn decompress<C: CurveParams>(bytes: &[u8], check: bool) -> Option<Affine<C>>
where
    C::Base: Coord,
{
    let flags = bytes[0] & FLAG_MASK;
    let mut body = bytes.to_vec();
    body[0] &= !FLAG_MASK;
    match flags {
        COMPRESSED_INFINITY => {
            if body.iter().all(|&b| b == 0) {
                Some(Affine::identity())
            } else {
                None
            }
        }
        COMPRESSED_SMALLEST | COMPRESSED_LARGEST => {
            let x = C::Base::read(&body)?;
            let y = Option::<C::Base>::from(Affine::<C>::curve_rhs(&x).sqrt())?;
            let want = flags == COMPRESSED_LARGEST;
            let y = if bool::from(y.largest()) == want {
                y
            } else {
                -y
            };
            if bool::from(y.largest()) != want {
                return None; // y = 0 with the "largest" flag
            }
            subgroup(Affine::from_xy_unchecked(x, y), check)
        }
        _ => None,
    }
}

/// Uncompressed (EIP-196/197) encoding into `out` (2·`C::Base::LEN` bytes).
pub(crate) fn uncompress<C: CurveParams>(p: &Affine<C>, out: &mut [u8])
where
    C::Base: Coord,
{
    // the identity is stored as (0, 0), which encodes as zeros
    let l = <C::Base as Coord>::LEN;
    p.x.write(&mut out[..l]);
    p.y.write(&mut out[l..2 * l]);
}

/// Decodes an uncompressed (EIP-196/197) point (`bytes.len() == 2·C::Base::LEN`).
pub(crate) fn decode_uncompressed<C: CurveParams>(bytes: &[u8], check: bool) -> Option<Affine<C>>
where
    C::Base: Coord,
{
    let l = <C::Base as Coord>::LEN;
    let x = C::Base::read(&bytes[..l])?;
    let y = C::Base::read(&bytes[l..2 * l])?;
    if bool::from(x.is_zero() & y.is_zero()) {
        return Some(Affine::identity());
    }
    subgroup(Option::from(Affine::<C>::new(x, y))?, check)
}

/// The encoder/decoder adapter module that [`zk_group!`] expects, for one BN group.
macro_rules! bn_enc {
    ($m:ident, $C:ty, $clen:literal, $ulen:literal) => {
        mod $m {
            use crate::zk::bn_encoding as e;
            type A = hayate_ec::Affine<$C>;
            pub(super) fn to_compressed(p: &A) -> [u8; $clen] {
                let mut out = [0u8; $clen];
                e::compress(p, &mut out);
                out
            }
            pub(super) fn from_compressed(b: &[u8; $clen], check: bool) -> Option<A> {
                e::decompress(b, check)
            }
            pub(super) fn to_uncompressed(p: &A) -> [u8; $ulen] {
                let mut out = [0u8; $ulen];
                e::uncompress(p, &mut out);
                out
            }
            pub(super) fn from_uncompressed(b: &[u8; $ulen], check: bool) -> Option<A> {
                e::decode_uncompressed(b, check)
            }
        }
    };
}
pub(crate) use bn_enc;

/// The zkcrypto groups and engine of the BN curve module `crate::$h` (one body for bn254 and
/// bn254-beuchat): the encoder adapters ([`bn_enc!`]), `G1Affine`/`G1Projective` and
/// `G2Affine`/`G2Projective` ([`zk_group!`]: 32/64-byte compressed and 64/128-byte uncompressed
/// encodings) over the module's `Scalar`, and the engine `$E` wrapping `crate::$h::$E`
/// ([`zk_engine!`]).
macro_rules! bn_zk_curve {
    ($h:ident, $E:ident) => {
        $crate::zk::bn_encoding::bn_enc!(g1_enc, $crate::$h::G1Params, 32, 64);
        $crate::zk::bn_encoding::bn_enc!(g2_enc, $crate::$h::G2Params, 64, 128);

        zk_group!(
            "G1",
            G1Affine($crate::$h::G1Affine),
            G1Projective($crate::$h::G1Projective),
            Scalar,
            G1Compressed[32],
            G1Uncompressed[64],
            g1_enc,
        );

        zk_group!(
            "G2",
            G2Affine($crate::$h::G2Affine),
            G2Projective($crate::$h::G2Projective),
            Scalar,
            G2Compressed[64],
            G2Uncompressed[128],
            g2_enc,
        );

        zk_engine!(
            /// The pairing engine of the curve (`pairing::Engine`, `pairing::MultiMillerLoop`).
            $E, $crate::$h::$E, 4, Scalar, G1Affine, G1Projective, G2Affine, G2Projective,
        );
    };
}
pub(crate) use bn_zk_curve;

//! What the FE schemes need from a pairing curve beyond the pairing: a hash onto G1, point
//! encodings with full validation, and a one-byte identifier for serialized objects.
//!
//! * BLS12-381 ([`Bls12381`], the default): RFC 9380 `hash_to_curve` (suite
//!   `BLS12381G1_XMD:SHA-256_SSWU_RO_`, [`hayate_pairing::hash_to_curve::hash_to_g1`]) and the
//!   Zcash/IETF compressed encodings ([`hayate_pairing::encoding::zcash`], 48/96 bytes, with the
//!   flag, canonicity, on-curve and subgroup checks of those decoders).
//! * BN curves ([`Bn254Beuchat`], the papers' curve, and [`Bn254`], alt_bn128): E(Fp) has prime
//!   order r, so G1 is the whole curve and hashing is **try-and-increment**: for ctr = 0, 1, …,
//!   x = SHA-256(dst‖msg‖ctr‖0) ‖ SHA-256(dst‖msg‖ctr‖1) reduced mod p (512 bits, negligible bias);
//!   the first x with x³ + b a square gives the point (x, ±√(x³+b)), the sign taken from the
//!   low bit of the last hash byte. This is variable time in the (public) attribute string and
//!   is not indifferentiable from a random oracle in the sense of RFC 9380, but it is a
//!   random-oracle hash onto G1 in the usual Boneh–Franklin sense (a uniform point of ⟨G1⟩ up
//!   to a factor-2 bias from the square test). Encodings are uncompressed x‖y (G2: x.c0‖x.c1‖y.c0‖y.c1),
//!   canonical big-endian coordinates, the all-zero string for the identity; decoding checks
//!   canonicity, the curve equation and the subgroup.

use hayate_arith::{Fp, Fp2};
use hayate_ec::{Affine, CurveParams};
use hayate_pairing::bls12_381::Bls12381;
use hayate_pairing::bn254::Bn254;
use hayate_pairing::bn254_beuchat::Bn254Beuchat;
use hayate_pairing::encoding::{zcash, EncodingError};
use hayate_pairing::PairingCurve;
use sha2::{Digest, Sha256};

/// Scalar field element of a curve.
pub type Scalar<E, const N: usize> = Fp<<E as PairingCurve<N>>::Fr, 4>;
/// Affine G1 point of a curve.
pub type G1<E, const N: usize> = Affine<<E as PairingCurve<N>>::G1>;
/// Affine G2 point of a curve.
pub type G2<E, const N: usize> = Affine<<E as PairingCurve<N>>::G2>;

/// A pairing curve usable by the FE schemes.
pub trait FeCurve<const N: usize>: PairingCurve<N> {
    /// Identifier in serialized objects.
    const ID: u8;
    /// Bytes of an encoded G1 point.
    const G1_BYTES: usize;
    /// Bytes of an encoded G2 point.
    const G2_BYTES: usize;
    /// Hash of `msg` onto G1 under the domain-separation tag `dst`.
    fn hash_to_g1(msg: &[u8], dst: &[u8]) -> G1<Self, N>;
    fn g1_to_bytes(p: &G1<Self, N>, out: &mut Vec<u8>);
    /// Decodes a G1 point with full validation (length, canonical, on curve, in subgroup).
    fn g1_from_bytes(b: &[u8]) -> Result<G1<Self, N>, EncodingError>;
    fn g2_to_bytes(p: &G2<Self, N>, out: &mut Vec<u8>);
    /// Decodes a G2 point with full validation.
    fn g2_from_bytes(b: &[u8]) -> Result<G2<Self, N>, EncodingError>;
}

/// The curve names accepted on the command line, with their identifiers.
pub const CURVES: [(&str, u8); 3] = [("bls12-381", 1), ("bn254-beuchat", 2), ("bn254", 3)];

/// Curve name of an identifier.
pub fn curve_name(id: u8) -> Option<&'static str> {
    CURVES.iter().find(|(_, i)| *i == id).map(|(n, _)| *n)
}

impl FeCurve<6> for Bls12381 {
    const ID: u8 = 1;
    const G1_BYTES: usize = 48;
    const G2_BYTES: usize = 96;
    fn hash_to_g1(msg: &[u8], dst: &[u8]) -> G1<Self, 6> {
        hayate_pairing::hash_to_curve::hash_to_g1(msg, dst)
    }
    fn g1_to_bytes(p: &G1<Self, 6>, out: &mut Vec<u8>) {
        out.extend_from_slice(&zcash::g1_to_compressed(p));
    }
    fn g1_from_bytes(b: &[u8]) -> Result<G1<Self, 6>, EncodingError> {
        zcash::g1_from_compressed(b)
    }
    fn g2_to_bytes(p: &G2<Self, 6>, out: &mut Vec<u8>) {
        out.extend_from_slice(&zcash::g2_to_compressed(p));
    }
    fn g2_from_bytes(b: &[u8]) -> Result<G2<Self, 6>, EncodingError> {
        zcash::g2_from_compressed(b)
    }
}

/// Try-and-increment onto a prime-order BN G1 (cofactor 1), see the module docs.
fn bn_hash_to_g1<C: CurveParams<Base = Fp<P, 4>>, P: hayate_arith::FpParams<4>>(msg: &[u8], dst: &[u8]) -> Affine<C> {
    for ctr in 0u32.. {
        let h = |i: u8| {
            let mut s = Sha256::new();
            s.update((dst.len() as u64).to_be_bytes());
            s.update(dst);
            s.update((msg.len() as u64).to_be_bytes());
            s.update(msg);
            s.update(ctr.to_be_bytes());
            s.update([i]);
            s.finalize()
        };
        let (h0, h1) = (h(0), h(1));
        let mut wide = [0u8; 64];
        wide[..32].copy_from_slice(&h0);
        wide[32..].copy_from_slice(&h1);
        let x = Fp::<P, 4>::from_bytes_be_reduce(&wide);
        let rhs = Affine::<C>::curve_rhs(&x);
        if let Some(y) = Option::<Fp<P, 4>>::from(rhs.sqrt()) {
            let y = if bool::from(y.is_odd()) == (h1[31] & 1 == 1) { y } else { -y };
            return Affine::from_xy_unchecked(x, y);
        }
    }
    unreachable!("a square is found with probability 1 - 2^-(2^32)")
}

fn fp_write<P: hayate_arith::FpParams<4>>(x: &Fp<P, 4>, out: &mut Vec<u8>) {
    let mut b = [0u8; 32];
    x.write_bytes_be(&mut b);
    out.extend_from_slice(&b);
}

fn fp_read<P: hayate_arith::FpParams<4>>(b: &[u8]) -> Result<Fp<P, 4>, EncodingError> {
    Option::from(Fp::<P, 4>::from_bytes_be(b)).ok_or(EncodingError::InvalidFieldElement)
}

fn bn_g1_to_bytes<C: CurveParams<Base = Fp<P, 4>>, P: hayate_arith::FpParams<4>>(p: &Affine<C>, out: &mut Vec<u8>) {
    fp_write(&p.x, out);
    fp_write(&p.y, out);
}

fn bn_g1_from_bytes<C: CurveParams<Base = Fp<P, 4>>, P: hayate_arith::FpParams<4>>(b: &[u8]) -> Result<Affine<C>, EncodingError> {
    if b.len() != 64 {
        return Err(EncodingError::InvalidLength { expected: 64, got: b.len() });
    }
    if b.iter().all(|&x| x == 0) {
        return Ok(Affine::identity());
    }
    let p = Affine::<C>::new(fp_read(&b[..32])?, fp_read(&b[32..])?);
    let p: Affine<C> = Option::from(p).ok_or(EncodingError::NotOnCurve)?;
    if !bool::from(p.is_in_subgroup()) {
        return Err(EncodingError::NotInSubgroup);
    }
    Ok(p)
}

fn bn_g2_to_bytes<C: CurveParams<Base = Fp2<P, 4>>, P: hayate_arith::TowerParams<4>>(p: &Affine<C>, out: &mut Vec<u8>) {
    for c in [&p.x.c0, &p.x.c1, &p.y.c0, &p.y.c1] {
        fp_write(c, out);
    }
}

fn bn_g2_from_bytes<C: CurveParams<Base = Fp2<P, 4>>, P: hayate_arith::TowerParams<4>>(b: &[u8]) -> Result<Affine<C>, EncodingError> {
    if b.len() != 128 {
        return Err(EncodingError::InvalidLength { expected: 128, got: b.len() });
    }
    if b.iter().all(|&x| x == 0) {
        return Ok(Affine::identity());
    }
    let x = Fp2::new(fp_read(&b[..32])?, fp_read(&b[32..64])?);
    let y = Fp2::new(fp_read(&b[64..96])?, fp_read(&b[96..])?);
    let p: Affine<C> = Option::from(Affine::<C>::new(x, y)).ok_or(EncodingError::NotOnCurve)?;
    if !bool::from(p.is_in_subgroup()) {
        return Err(EncodingError::NotInSubgroup);
    }
    Ok(p)
}

macro_rules! bn_fe_curve {
    ($E:ty, $id:expr) => {
        impl FeCurve<4> for $E {
            const ID: u8 = $id;
            const G1_BYTES: usize = 64;
            const G2_BYTES: usize = 128;
            fn hash_to_g1(msg: &[u8], dst: &[u8]) -> G1<Self, 4> {
                bn_hash_to_g1(msg, dst)
            }
            fn g1_to_bytes(p: &G1<Self, 4>, out: &mut Vec<u8>) {
                bn_g1_to_bytes(p, out)
            }
            fn g1_from_bytes(b: &[u8]) -> Result<G1<Self, 4>, EncodingError> {
                bn_g1_from_bytes(b)
            }
            fn g2_to_bytes(p: &G2<Self, 4>, out: &mut Vec<u8>) {
                bn_g2_to_bytes(p, out)
            }
            fn g2_from_bytes(b: &[u8]) -> Result<G2<Self, 4>, EncodingError> {
                bn_g2_from_bytes(b)
            }
        }
    };
}
bn_fe_curve!(Bn254Beuchat, 2);
bn_fe_curve!(Bn254, 3);

#[cfg(test)]
mod tests {
    use super::*;

    fn check<E: FeCurve<N>, const N: usize>() {
        let p = E::hash_to_g1(b"doctor", b"test");
        assert!(bool::from(p.is_on_curve() & p.is_in_subgroup() & !p.is_identity()));
        assert_ne!(p, E::hash_to_g1(b"nurse", b"test"));
        let mut v = Vec::new();
        E::g1_to_bytes(&p, &mut v);
        assert_eq!(v.len(), E::G1_BYTES);
        assert_eq!(E::g1_from_bytes(&v).unwrap(), p);
        let q = G2::<E, N>::generator();
        let mut w = Vec::new();
        E::g2_to_bytes(&q, &mut w);
        assert_eq!(w.len(), E::G2_BYTES);
        assert_eq!(E::g2_from_bytes(&w).unwrap(), q);
        w[E::G2_BYTES - 1] ^= 1;
        assert!(E::g2_from_bytes(&w).is_err());
        assert!(E::g1_from_bytes(&v[1..]).is_err());
    }

    #[test]
    fn curves() {
        check::<Bls12381, 6>();
        check::<Bn254Beuchat, 4>();
        check::<Bn254, 4>();
    }
}

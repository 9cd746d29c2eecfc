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
//!   to a factor-2 bias from the square test). The square root is computed in variable time
//!   (the input is public) by [`hayate_arith::sqrt::SqrtTables`] (a^((p+1)/4) for
//!   p ≡ 3 (mod 4), alt_bn128; table-based Tonelli–Shanks for bn254-beuchat, p − 1 = 2⁴⁵·t),
//!   whose tables are built once per process and kept here. Non-squares (half of the
//!   candidates) are rejected first by the Jacobi symbol
//!   ([`hayate_arith::jacobi::jacobi_vartime`]), which costs a tenth of the exponentiation.
//!   [`FeCurve::hash_to_g1_uncleared_many`] finds every
//!   message's first square candidate, then runs all their long exponentiations (and the
//!   Tonelli–Shanks 2-power chains) together in SIMD lanes ([`hayate_arith::batch_pow`]); on
//!   BLS12-381 it batches the SSWU maps' exponentiations the same way and shares one
//!   inversion for the isogeny's input. Encodings: the named format
//!   [`hayate_pairing::encoding::fe_v1`] (uncompressed x‖y, G2 as x.c0‖x.c1‖y.c0‖y.c1, canonical
//!   big-endian coordinates, the all-zero string for the identity; decoding checks canonicity,
//!   the curve equation and the subgroup).

use std::sync::OnceLock;

use hayate_arith::sqrt::SqrtTables;
use hayate_arith::{Fp, FpParams};
use hayate_ec::{Affine, CurveParams, Projective};
use hayate_pairing::bls12_381::Bls12381;
use hayate_pairing::bn254::Bn254;
use hayate_pairing::bn254_beuchat::Bn254Beuchat;
use hayate_pairing::encoding::{fe_v1, zcash, EncodingError};
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
    /// The same point as [`FeCurve::hash_to_g1`], possibly not normalised (saves an inversion
    /// when many hashes are normalised together).
    fn hash_to_g1_proj(msg: &[u8], dst: &[u8]) -> Projective<Self::G1> {
        Projective::from(Self::hash_to_g1(msg, dst))
    }
    /// The effective cofactor h_eff of [`FeCurve::clear_g1`] (1: G1 is the whole curve).
    const G1_H_EFF: u64 = 1;
    /// A point U of E(Fp), possibly outside the order-r subgroup, with
    /// [`FeCurve::clear_g1`]\(U\) = [`FeCurve::hash_to_g1_proj`]\(msg, dst\): the hash without
    /// its final cofactor clearing. As clearing is multiplication by the integer h_eff, it
    /// commutes with sums and with the GLV map: h_eff·(k₁U + k₂φ(U)) = (k₁ + k₂λ)·h_eff·U, so a
    /// combination Σ cᵢ·H(mᵢ) may be computed as one clearing of Σ (GLV-split cᵢ)·Uᵢ.
    fn hash_to_g1_uncleared(msg: &[u8], dst: &[u8]) -> Projective<Self::G1> {
        Self::hash_to_g1_proj(msg, dst)
    }
    /// [`FeCurve::hash_to_g1_uncleared`] of every message (one after the other unless the
    /// curve batches them).
    fn hash_to_g1_uncleared_many(msgs: &[&[u8]], dst: &[u8]) -> Vec<Projective<Self::G1>> {
        msgs.iter()
            .map(|m| Self::hash_to_g1_uncleared(m, dst))
            .collect()
    }
    /// Multiplication by [`FeCurve::G1_H_EFF`] (maps E(Fp) onto G1; the identity map when
    /// h_eff = 1).
    fn clear_g1(p: &Projective<Self::G1>) -> Projective<Self::G1> {
        *p
    }
    /// \[k\]Q in constant time for Q ∈ G2 and a canonical scalar k (four limbs): the
    /// 4-dimensional GLS multiplication of [`hayate_pairing::gls`] (`Projective::mul_ct`).
    fn g2_mul_ct(q: &Projective<Self::G2>, k: &[u64; 4]) -> Projective<Self::G2> {
        q.mul_ct(k)
    }
    /// Appends the encoding of a G1 point ([`FeCurve::G1_BYTES`] bytes) to `out`.
    fn g1_to_bytes(p: &G1<Self, N>, out: &mut Vec<u8>);
    /// Decodes a G1 point with full validation (length, canonical, on curve, in subgroup).
    fn g1_from_bytes(b: &[u8]) -> Result<G1<Self, N>, EncodingError>;
    /// Appends the encoding of a G2 point ([`FeCurve::G2_BYTES`] bytes) to `out`.
    fn g2_to_bytes(p: &G2<Self, N>, out: &mut Vec<u8>);
    /// Decodes a G2 point with full validation.
    fn g2_from_bytes(b: &[u8]) -> Result<G2<Self, N>, EncodingError>;
    /// [`FeCurve::g1_from_bytes`] for a point that is secret (a component of a user or master
    /// key): the same result for every input, and for the encoding of any point of G1 but the
    /// identity computed in constant time — every check a choice, the membership test with
    /// complete formulas — with one verdict made public (whether the bytes encode such a
    /// point; other bytes get [`FeCurve::g1_from_bytes`]'s answer).
    fn g1_from_bytes_secret(b: &[u8]) -> Result<G1<Self, N>, EncodingError>;
    /// [`FeCurve::g1_from_bytes_secret`] for G2.
    fn g2_from_bytes_secret(b: &[u8]) -> Result<G2<Self, N>, EncodingError>;
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
    /// RFC 9380 §3 hash_to_curve without the final normalisation: hash_to_field (count 2),
    /// map_to_curve each, add, clear_cofactor.
    fn hash_to_g1_proj(msg: &[u8], dst: &[u8]) -> Projective<Self::G1> {
        Self::clear_g1(&Self::hash_to_g1_uncleared(msg, dst))
    }
    /// h_eff = 1 − z = 0xd201000000010001 (RFC 9380 §8.8.1).
    const G1_H_EFF: u64 = hayate_pairing::hash_to_curve::H_EFF_G1;
    /// RFC 9380 §3 hash_to_curve up to (not including) clear_cofactor: Q₀ + Q₁.
    fn hash_to_g1_uncleared(msg: &[u8], dst: &[u8]) -> Projective<Self::G1> {
        hayate_pairing::hash_to_curve::hash_to_g1_uncleared(msg, dst)
    }
    /// The hashes with all their SSWU exponentiations batched
    /// ([`hayate_pairing::hash_to_curve::hash_to_g1_uncleared_many`]).
    fn hash_to_g1_uncleared_many(msgs: &[&[u8]], dst: &[u8]) -> Vec<Projective<Self::G1>> {
        hayate_pairing::hash_to_curve::hash_to_g1_uncleared_many(msgs, dst)
    }
    fn clear_g1(p: &Projective<Self::G1>) -> Projective<Self::G1> {
        hayate_pairing::hash_to_curve::clear_cofactor_g1(p)
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
    fn g1_from_bytes_secret(b: &[u8]) -> Result<G1<Self, 6>, EncodingError> {
        zcash::g1_from_compressed_secret(b)
    }
    fn g2_from_bytes_secret(b: &[u8]) -> Result<G2<Self, 6>, EncodingError> {
        zcash::g2_from_compressed_secret(b)
    }
}

/// The SHA-256 state after the fixed prefix of a message's hash inputs (see the module docs).
fn bn_prefix(msg: &[u8], dst: &[u8]) -> Sha256 {
    let mut prefix = Sha256::new();
    prefix.update((dst.len() as u64).to_be_bytes());
    prefix.update(dst);
    prefix.update((msg.len() as u64).to_be_bytes());
    prefix.update(msg);
    prefix
}

/// A candidate of try-and-increment: its counter, x, x³ + b and the sign bit of y.
struct BnCandidate<P: FpParams<4>> {
    ctr: u32,
    x: Fp<P, 4>,
    rhs: Fp<P, 4>,
    odd: bool,
}

/// The first candidate from counter `from` on whose x³ + b is not a non-square by the binary
/// Jacobi symbol (a fraction of a square root's cost).
fn bn_candidate<C: CurveParams<Base = Fp<P, 4>>, P: FpParams<4>>(
    prefix: &Sha256,
    from: u32,
) -> BnCandidate<P> {
    for ctr in from.. {
        let h = |i: u8| {
            let mut s = prefix.clone();
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
        // (aR | p) = (a | p) for the stored form aR: R = 2^256 (or 1) is a square
        if hayate_arith::jacobi::jacobi_vartime(rhs.mont_limbs(), &P::MODULUS) != Some(-1) {
            return BnCandidate {
                ctr,
                x,
                rhs,
                odd: h1[31] & 1 == 1,
            };
        }
    }
    unreachable!("a square is found with probability 1 - 2^-(2^32)")
}

/// The point of a candidate given a square root y of its x³ + b.
fn bn_point<C: CurveParams<Base = Fp<P, 4>>, P: FpParams<4>>(
    c: &BnCandidate<P>,
    y: Fp<P, 4>,
) -> Affine<C> {
    let y = if bool::from(y.is_odd()) == c.odd {
        y
    } else {
        -y
    };
    Affine::from_xy_unchecked(c.x, y)
}

/// Try-and-increment onto a prime-order BN G1 (cofactor 1), see the module docs.
fn bn_hash_to_g1<C: CurveParams<Base = Fp<P, 4>>, P: FpParams<4>>(
    msg: &[u8],
    dst: &[u8],
    tb: &SqrtTables<P, 4>,
) -> Affine<C> {
    bn_hash_from::<C, P>(&bn_prefix(msg, dst), 0, tb)
}

/// [`bn_hash_to_g1`] from counter `from` on.
fn bn_hash_from<C: CurveParams<Base = Fp<P, 4>>, P: FpParams<4>>(
    prefix: &Sha256,
    from: u32,
    tb: &SqrtTables<P, 4>,
) -> Affine<C> {
    let mut from = from;
    loop {
        let c = bn_candidate::<C, P>(prefix, from);
        if let Some(y) = tb.sqrt_vartime(&c.rhs) {
            return bn_point(&c, y);
        }
        from = c.ctr + 1;
    }
}

/// [`bn_hash_to_g1`] of many messages: the candidates one by one, then the long
/// exponentiations of all their square roots together ([`hayate_arith::batch_pow`], eight per
/// SIMD instruction stream where the CPU has AVX-512 IFMA); the same points.
fn bn_hash_to_g1_many<C: CurveParams<Base = Fp<P, 4>>, P: FpParams<4>>(
    msgs: &[&[u8]],
    dst: &[u8],
    tb: &SqrtTables<P, 4>,
) -> Vec<Affine<C>> {
    let prefixes: Vec<Sha256> = msgs.iter().map(|m| bn_prefix(m, dst)).collect();
    let cands: Vec<BnCandidate<P>> = prefixes
        .iter()
        .map(|p| bn_candidate::<C, P>(p, 0))
        .collect();
    let rhs: Vec<Fp<P, 4>> = cands.iter().map(|c| c.rhs).collect();
    let roots = tb.sqrt_many(&rhs);
    cands
        .iter()
        .zip(&roots)
        .zip(&prefixes)
        .map(|((c, r), p)| match r {
            Some(y) => bn_point(c, *y),
            None => bn_hash_from::<C, P>(p, c.ctr + 1, tb),
        })
        .collect()
}

/// The square-root tables of a BN curve's base field, built once per process.
trait BnSqrtTables: PairingCurve<4> {
    fn sqrt_tables() -> &'static SqrtTables<Self::Fp, 4>;
}

macro_rules! bn_fe_curve {
    ($E:ty, $id:expr) => {
        impl BnSqrtTables for $E {
            fn sqrt_tables() -> &'static SqrtTables<Self::Fp, 4> {
                static TABLES: OnceLock<SqrtTables<<$E as PairingCurve<4>>::Fp, 4>> =
                    OnceLock::new();
                TABLES.get_or_init(SqrtTables::new)
            }
        }
        impl FeCurve<4> for $E {
            const ID: u8 = $id;
            const G1_BYTES: usize = 64;
            const G2_BYTES: usize = 128;
            fn hash_to_g1(msg: &[u8], dst: &[u8]) -> G1<Self, 4> {
                bn_hash_to_g1(msg, dst, Self::sqrt_tables())
            }
            /// The hashes of [`FeCurve::hash_to_g1`] with their square roots' exponentiations
            /// batched (`bn_hash_to_g1_many`).
            fn hash_to_g1_uncleared_many(msgs: &[&[u8]], dst: &[u8]) -> Vec<Projective<Self::G1>> {
                bn_hash_to_g1_many::<Self::G1, _>(msgs, dst, Self::sqrt_tables())
                    .into_iter()
                    .map(Projective::from)
                    .collect()
            }
            fn g1_to_bytes(p: &G1<Self, 4>, out: &mut Vec<u8>) {
                out.extend_from_slice(&fe_v1::g1_encode(p))
            }
            fn g1_from_bytes(b: &[u8]) -> Result<G1<Self, 4>, EncodingError> {
                fe_v1::g1_decode(b)
            }
            fn g2_to_bytes(p: &G2<Self, 4>, out: &mut Vec<u8>) {
                out.extend_from_slice(&fe_v1::g2_encode(p))
            }
            fn g2_from_bytes(b: &[u8]) -> Result<G2<Self, 4>, EncodingError> {
                fe_v1::g2_decode(b)
            }
            fn g1_from_bytes_secret(b: &[u8]) -> Result<G1<Self, 4>, EncodingError> {
                fe_v1::g1_decode_secret(b)
            }
            fn g2_from_bytes_secret(b: &[u8]) -> Result<G2<Self, 4>, EncodingError> {
                fe_v1::g2_decode_secret(b, hayate_pairing::g2::is_in_g2_ct::<Self, 4>)
            }
        }
    };
}
bn_fe_curve!(Bn254Beuchat, 2);
bn_fe_curve!(Bn254, 3);

#[cfg(test)]
mod tests {
    use super::*;
    use hayate_arith::batch_pow::Schedule;
    use rand::{RngCore, SeedableRng};

    fn check<E: FeCurve<N>, const N: usize>() {
        let p = E::hash_to_g1(b"doctor", b"test");
        assert!(bool::from(
            p.is_on_curve() & p.is_in_subgroup() & !p.is_identity()
        ));
        assert_ne!(p, E::hash_to_g1(b"nurse", b"test"));
        let u = E::hash_to_g1_uncleared(b"doctor", b"test");
        assert_eq!(E::clear_g1(&u).to_affine(), p);
        if E::G1_H_EFF != 1 {
            // the uncleared point is (in general) outside G1
            assert!(!bool::from(u.to_affine().is_in_subgroup()));
        }
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

    /// Plain try-and-increment with the generic constant-time `Fp::sqrt` (the definition in
    /// the module docs, written out directly) as the reference for the fast path.
    fn reference_bn_hash<C: CurveParams<Base = Fp<P, 4>>, P: FpParams<4>>(
        msg: &[u8],
        dst: &[u8],
    ) -> Affine<C> {
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
            let wide: Vec<u8> = h0.iter().chain(h1.iter()).copied().collect();
            let x = Fp::<P, 4>::from_bytes_be_reduce(&wide);
            if let Some(y) = Option::<Fp<P, 4>>::from(Affine::<C>::curve_rhs(&x).sqrt()) {
                let y = if bool::from(y.is_odd()) == (h1[31] & 1 == 1) {
                    y
                } else {
                    -y
                };
                return Affine::from_xy_unchecked(x, y);
            }
        }
        unreachable!()
    }

    /// The fast hash (Jacobi test, table square roots of [`hayate_arith::sqrt`], batched
    /// exponentiations) against the plain reference; the square roots themselves are tested
    /// against `Fp::sqrt` in hayate-arith.
    fn fast_paths<E: FeCurve<4>>() {
        let mut rng = rand::rngs::StdRng::seed_from_u64(11);
        for i in 0..64u32 {
            let a = Fp::<E::Fp, 4>::random(&mut rng);
            let e = [rng.next_u64(), rng.next_u64() >> (i % 64), 0, i as u64];
            assert_eq!(Schedule::new(&e).apply(&a), a.pow_vartime(&e));
            let msg = i.to_be_bytes();
            assert_eq!(
                E::hash_to_g1(&msg, b"t"),
                reference_bn_hash::<E::G1, E::Fp>(&msg, b"t")
            );
        }
        // the batched hash (19 messages: two SIMD batches and a partial one) gives the
        // reference's points
        let msgs: Vec<Vec<u8>> = (0..19u32).map(|i| (i * 7).to_le_bytes().to_vec()).collect();
        let refs: Vec<&[u8]> = msgs.iter().map(|m| m.as_slice()).collect();
        let many = E::hash_to_g1_uncleared_many(&refs, b"t2");
        assert_eq!(many.len(), msgs.len());
        for (m, p) in msgs.iter().zip(&many) {
            assert_eq!(p.to_affine(), reference_bn_hash::<E::G1, E::Fp>(m, b"t2"));
        }
        assert!(E::hash_to_g1_uncleared_many(&[], b"t2").is_empty());
        assert_eq!(
            Schedule::new(&[0, 0]).apply(&Fp::<E::Fp, 4>::from_u64(3)),
            Fp::ONE
        );
    }

    #[test]
    fn fast_hash_matches_plain_reference() {
        fast_paths::<Bn254Beuchat>();
        fast_paths::<Bn254>();
        for m in [&b""[..], b"doctor", b"\x01a\x02\x01"] {
            let dst = b"HAYATE-TEST";
            assert_eq!(
                Bls12381::hash_to_g1_proj(m, dst).to_affine(),
                Bls12381::hash_to_g1(m, dst)
            );
        }
    }

    /// Encodings to try a decoder on: the valid ones, each with every byte corrupted in turn,
    /// the all-zero string, a truncated and an extended copy, and random bytes.
    fn variants(valid: &[Vec<u8>], rng: &mut impl RngCore) -> Vec<Vec<u8>> {
        let mut out = valid.to_vec();
        for v in valid {
            for i in 0..v.len() {
                let mut b = v.clone();
                b[i] ^= 1 << (i % 8);
                out.push(b);
            }
            out.push(vec![0; v.len()]);
            out.push(v[1..].to_vec());
            out.push([v.as_slice(), &[0]].concat());
            for _ in 0..20 {
                let mut b = vec![0u8; v.len()];
                rng.fill_bytes(&mut b);
                out.push(b);
            }
        }
        out
    }

    /// The decoders for secret points (`*_from_bytes_secret`, constant time for the points of
    /// the group) return exactly the public decoders' answers: on members, on curve points
    /// outside the group, and on corrupted, zero and random bytes.
    #[test]
    fn secret_decoders_agree_with_public_ones() {
        fn agree<E: FeCurve<N>, const N: usize>(g2_outside: G2<E, N>) {
            let mut rng = rand::rngs::StdRng::seed_from_u64(7);
            let enc1 = |p: &G1<E, N>| {
                let mut v = Vec::new();
                E::g1_to_bytes(p, &mut v);
                v
            };
            let enc2 = |p: &G2<E, N>| {
                let mut v = Vec::new();
                E::g2_to_bytes(p, &mut v);
                v
            };
            let g2 = G2::<E, N>::generator();
            let g1s = [
                enc1(&E::hash_to_g1(b"doctor", b"test")),
                enc1(&E::hash_to_g1_uncleared(b"nurse", b"test").to_affine()),
            ];
            let g2s = [
                enc2(&g2),
                enc2(&E::g2_mul_ct(&Projective::from(g2), &[5, 0, 0, 0]).to_affine()),
                enc2(&g2_outside),
            ];
            let (mut ok1, mut ok2) = (0, 0);
            for b in variants(&g1s, &mut rng) {
                let p = E::g1_from_bytes(&b);
                assert_eq!(E::g1_from_bytes_secret(&b), p, "{b:02x?}");
                ok1 += p.is_ok() as usize;
            }
            for b in variants(&g2s, &mut rng) {
                let p = E::g2_from_bytes(&b);
                assert_eq!(E::g2_from_bytes_secret(&b), p, "{b:02x?}");
                ok2 += p.is_ok() as usize;
            }
            // the members decode (and, on the BN curves, the identity's all-zero strings)
            assert!(ok1 >= 1 && ok2 >= 2, "{ok1} {ok2}");
            assert!(E::g2_from_bytes(&enc2(&g2_outside)).is_err());
        }
        macro_rules! twist_point {
            ($m:ident) => {{
                use hayate_pairing::$m::{Fp2, G2Affine};
                let mut rng = rand::rngs::StdRng::seed_from_u64(11);
                loop {
                    let x = Fp2::random(&mut rng);
                    if let Some(y) = Option::<Fp2>::from(G2Affine::curve_rhs(&x).sqrt()) {
                        break G2Affine::from_xy_unchecked(x, y);
                    }
                }
            }};
        }
        agree::<Bls12381, 6>(twist_point!(bls12_381));
        agree::<Bn254Beuchat, 4>(twist_point!(bn254_beuchat));
        agree::<Bn254, 4>(twist_point!(bn254));
    }

    #[test]
    fn curves() {
        check::<Bls12381, 6>();
        check::<Bn254Beuchat, 4>();
        check::<Bn254, 4>();
    }
}

//! Hashing to BLS12-381 G1 and G2 — RFC 9380 ("Hashing to Elliptic Curves"), suites
//! `BLS12381G1_XMD:SHA-256_SSWU_RO_` / `_NU_` and `BLS12381G2_XMD:SHA-256_SSWU_RO_` / `_NU_`
//! (§8.8.1, §8.8.2).
//!
//! The pipeline (§3):
//!
//! ```text
//! msg ─expand_message_xmd (§5.3.1)─▶ bytes ─hash_to_field (§5.2)─▶ u ∈ F
//!     ─SSWU (§6.6.2) onto E'─▶ isogeny (§6.6.3, App. E.2/E.3) ─▶ point of E ─clear_cofactor (§7)─▶ G
//! ```
//!
//! * [`expand`] — `expand_message_xmd` with SHA-256 (typed errors, oversize DST rule);
//! * [`hash_to_field_fp`] / [`hash_to_field_fp2`] — §5.2 with L = 64, m = 1 and m = 2;
//! * [`sswu`] — simplified SWU to E1' (Z = 11) and E2' (Z = −(2 + u));
//! * [`iso`] — the 11-isogeny and 3-isogeny;
//! * cofactor clearing: G1 by h_eff = 0xd201000000010001 = 1 − z (§8.8.1), G2 by the
//!   Budroni–Pintore method with ψ (§8.8.2, Appendix G.3), ψ being [`crate::g2`]'s Frobenius on
//!   the M-type twist.
//!
//! Public entry points: [`hash_to_g1`], [`encode_to_g1`], [`hash_to_g2`], [`encode_to_g2`] and
//! the map-only [`map_to_g1`] / [`map_to_g2`] used by the EIP-2537 precompiles (SSWU +
//! isogeny + cofactor clearing of one field element). Everything is constant time in the
//! message and in u (the scalars used in cofactor clearing are public constants, processed by
//! fixed double-and-add chains in Jacobian coordinates, recomputed with complete additions
//! in the negligibly rare case that flags an exception — the one bit made public, see
//! `mul_by_public_u64`; the exponentiations inside `sqrt_ratio` by fixed sliding windows), and
//! nothing panics.

use alloc::vec::Vec;
pub mod expand;
pub mod iso;
pub mod sswu;

pub use expand::{expand_message_xmd, expand_message_xmd_into, ExpandError};

use hayate_ec::{Choice, CurveParams, Jacobian, Projective};

use crate::bls12_381::{Bls12381, Fp, Fp2, G1Affine, G1Projective, G2Affine, G2Projective};

/// Suite ID of hash_to_g1 (random oracle).
pub const SUITE_G1_RO: &str = "BLS12381G1_XMD:SHA-256_SSWU_RO_";
/// Suite ID of encode_to_g1 (non-uniform).
pub const SUITE_G1_NU: &str = "BLS12381G1_XMD:SHA-256_SSWU_NU_";
/// Suite ID of hash_to_g2 (random oracle).
pub const SUITE_G2_RO: &str = "BLS12381G2_XMD:SHA-256_SSWU_RO_";
/// Suite ID of encode_to_g2 (non-uniform).
pub const SUITE_G2_NU: &str = "BLS12381G2_XMD:SHA-256_SSWU_NU_";

/// L = ceil((ceil(log2 p) + k)/8) = ceil((381 + 128)/8) = 64 bytes per base-field element.
pub const L: usize = 64;

/// |z| for BLS12-381 (z = −0xd201000000010000).
const Z_ABS: u64 = 0xd201000000010000;
/// h_eff for G1 = 1 − z (§8.8.1).
pub const H_EFF_G1: u64 = 0xd201000000010001;

/// One base-field element from L = 64 uniform bytes: OS2IP(bytes) mod p.
fn fp_from_uniform(bytes: &[u8]) -> Fp {
    Fp::from_bytes_be_reduce(bytes)
}

/// hash_to_field into Fp (m = 1), C elements, with a stack buffer (C ≤ 2 here, so the length
/// 64·C is always within expand_message_xmd's limit).
fn h2f_fp<const C: usize>(msg: &[u8], dst: &[u8]) -> [Fp; C] {
    const { assert!(L * C <= 4 * L) };
    let mut buf = [0u8; 4 * L];
    let bytes = &mut buf[..L * C];
    expand::expand_unchecked(msg, dst, bytes);
    core::array::from_fn(|i| fp_from_uniform(&bytes[L * i..L * (i + 1)]))
}

/// hash_to_field into Fp2 (m = 2), C elements (C ≤ 2).
fn h2f_fp2<const C: usize>(msg: &[u8], dst: &[u8]) -> [Fp2; C] {
    const { assert!(2 * L * C <= 4 * L) };
    let mut buf = [0u8; 4 * L];
    let bytes = &mut buf[..2 * L * C];
    expand::expand_unchecked(msg, dst, bytes);
    core::array::from_fn(|i| {
        let e = &bytes[2 * L * i..2 * L * (i + 1)];
        Fp2::new(fp_from_uniform(&e[..L]), fp_from_uniform(&e[L..]))
    })
}

/// hash_to_field(msg, count) for F = Fp (RFC 9380 §5.2, m = 1, L = 64, expand_message_xmd with
/// SHA-256). Errors only if 64·count exceeds expand_message_xmd's output limit (8160 bytes).
pub fn hash_to_field_fp(msg: &[u8], dst: &[u8], count: usize) -> Result<Vec<Fp>, ExpandError> {
    let bytes = expand_message_xmd(msg, dst, count.saturating_mul(L))?;
    Ok(bytes.chunks_exact(L).map(fp_from_uniform).collect())
}

/// hash_to_field(msg, count) for F = Fp2 (RFC 9380 §5.2, m = 2, L = 64): element i is
/// (e_(i,0) + e_(i,1)·u) from bytes [128i, 128i + 64) and [128i + 64, 128i + 128).
pub fn hash_to_field_fp2(msg: &[u8], dst: &[u8], count: usize) -> Result<Vec<Fp2>, ExpandError> {
    let bytes = expand_message_xmd(msg, dst, count.saturating_mul(2 * L))?;
    Ok(bytes
        .chunks_exact(2 * L)
        .map(|e| Fp2::new(fp_from_uniform(&e[..L]), fp_from_uniform(&e[L..])))
        .collect())
}

/// \[k\]P for a public constant k by a fixed left-to-right double-and-add chain (the sequence
/// of operations depends only on k, not on P). The chain runs in Jacobian coordinates: for
/// the a = 0 curves here a doubling costs 3M + 4S against 6M + 2S (plus 2 m_3b) for the
/// homogeneous complete formulas, and both hash_to_curve cofactors are sparse (|z| has
/// weight 5), so the doublings are nearly the whole cost. The additions are the incomplete
/// Jacobian formula with its exception flag ([`Jacobian::add_incomplete`]); the flags of the
/// chain are combined and, if any is set, the whole chain is recomputed with the complete
/// additions ([`Jacobian::add`]). Only that one bit is made public: it is set only when
/// \[m\]P = ±P or \[m\]P = O for a prefix m < 2⁶⁴ of k, i.e. for points of small order
/// (no component in the order-r subgroup), which a hash reaches with negligible
/// probability, and the result is correct for every input point either way.
fn mul_by_public_u64<C: CurveParams>(p: &Projective<C>, k: u64) -> Projective<C> {
    Projective::from(mul_by_public_u64_jacobian(&Jacobian::from(*p), k))
}

/// [`mul_by_public_u64`] on a Jacobian point.
fn mul_by_public_u64_jacobian<C: CurveParams>(pj: &Jacobian<C>, k: u64) -> Jacobian<C> {
    let chain = |complete: bool| {
        if k == 0 {
            return (Jacobian::identity(), Choice::from(0));
        }
        let top = 63 - k.leading_zeros();
        let mut acc = *pj;
        let mut flag = Choice::from(0);
        let mut run = 0usize; // pending doublings
        for i in (0..top).rev() {
            run += 1;
            if (k >> i) & 1 == 1 {
                let d = acc.double_n(run);
                acc = if complete {
                    d.add(pj)
                } else {
                    let (sum, f) = d.add_incomplete(pj);
                    flag |= f;
                    sum
                };
                run = 0;
            }
        }
        (acc.double_n(run), flag)
    };
    let (r, exceptional) = chain(false);
    if hayate_arith::valgrind::declassify(bool::from(exceptional)) {
        return chain(true).0;
    }
    r
}

/// map_to_curve for G1 (§6.6.3): SSWU onto E1', then the 11-isogeny to E1 (not yet in G1).
pub fn map_to_curve_g1(u: &Fp) -> G1Projective {
    let (x_num, x_den, y) = sswu::map_to_curve_g1_iso_frac(u);
    iso::iso_map_g1_frac(&x_num, &x_den, &y)
}

/// map_to_curve for G2 (§6.6.3): SSWU onto E2', then the 3-isogeny to E2 (not yet in G2).
pub fn map_to_curve_g2(u: &Fp2) -> G2Projective {
    let (x_num, x_den, y) = sswu::map_to_curve_g2_iso_frac(u);
    iso::iso_map_g2_frac(&x_num, &x_den, &y)
}

/// clear_cofactor for G1: \[h_eff\]P with h_eff = 0xd201000000010001 (§8.8.1).
pub fn clear_cofactor_g1(p: &G1Projective) -> G1Projective {
    mul_by_public_u64(p, H_EFF_G1)
}

/// ψ on projective points of E2: the coordinate-wise version of [`crate::g2::frobenius`]
/// (k = 1): (X : Y : Z) ↦ (X̄·γ_x : Ȳ·γ_y : Z̄) ([`crate::g2::frobenius_projective`]). Valid
/// because the p-power Frobenius is a field automorphism, so x̄ = X̄/Z̄.
pub fn psi(p: &G2Projective) -> G2Projective {
    crate::g2::frobenius_projective::<Bls12381, 6>(p)
}

/// ψ² on projective points of E2 ([`crate::g2::frobenius`] with k = 2).
pub fn psi2(p: &G2Projective) -> G2Projective {
    let (gx, gy) = crate::g2::frobenius_constants_cached::<Bls12381, 6>()[1];
    G2Projective {
        x: p.x * gx,
        y: p.y * gy,
        z: p.z,
    }
}

/// \[z\]P with z = −0xd201000000010000.
fn mul_by_z(p: &G2Projective) -> G2Projective {
    mul_by_public_u64(p, Z_ABS).neg()
}

/// clear_cofactor for G2 (§8.8.2, Appendix G.3, Budroni–Pintore):
/// h_eff·P = \[z² − z − 1\]P + \[z − 1\]ψ(P) + ψ²(2P), computed as in G.3 with c1 = z.
pub fn clear_cofactor_g2(p: &G2Projective) -> G2Projective {
    let t1 = mul_by_z(p); // 1. t1 = c1·P
    let mut t2 = psi(p); // 2. t2 = ψ(P)
    let mut t3 = p.double(); // 3. t3 = 2·P
    t3 = psi2(&t3); // 4. t3 = ψ²(t3)
    t3 = t3.sub(&t2); // 5. t3 = t3 − t2
    t2 = t1.add(&t2); // 6. t2 = t1 + t2
    t2 = mul_by_z(&t2); // 7. t2 = c1·t2
    t3 = t3.add(&t2); // 8. t3 = t3 + t2
    t3 = t3.sub(&t1); // 9. t3 = t3 − t1
    t3.sub(p) // 10. Q = t3 − P
}

/// `hash_to_curve` for G1, suite BLS12381G1_XMD:SHA-256_SSWU_RO_ (§3, §8.8.1), under the
/// caller's domain separation tag (DSTs over 255 bytes are hashed per §5.3.3).
pub fn hash_to_g1(msg: &[u8], dst: &[u8]) -> G1Affine {
    clear_cofactor_g1(&hash_to_g1_uncleared(msg, dst)).to_affine()
}

/// [`hash_to_g1`] before its last step: Q₀ + Q₁ = map_to_curve(u₀) + map_to_curve(u₁), a point
/// of E1(Fp) not necessarily in G1, with [`clear_cofactor_g1`]\(Q₀ + Q₁\) the hash. For callers
/// that combine many hashes linearly and clear the cofactor once per combination.
///
/// Computed as [`hash_to_g1_uncleared_many`] of the one message: its two SSWU maps share the
/// exponentiation pass (in two IFMA lanes where the CPU has them), with no inversion.
pub fn hash_to_g1_uncleared(msg: &[u8], dst: &[u8]) -> G1Projective {
    hash_to_g1_uncleared_many(&[msg], dst)
        .pop()
        .unwrap_or(G1Projective::identity())
}

/// [`hash_to_g1_uncleared`] of many messages: Q₀ + Q₁ of each, with the exponentiations of
/// all the SSWU maps computed together and x = x_num/x_den without an inversion
/// ([`sswu::map_to_curve_g1_iso_many`]), so that the isogeny is evaluated by plain Horner
/// (one product per coefficient instead of the two of the homogeneous form).
pub fn hash_to_g1_uncleared_many(msgs: &[&[u8]], dst: &[u8]) -> Vec<G1Projective> {
    let us: Vec<Fp> = msgs.iter().flat_map(|m| h2f_fp::<2>(m, dst)).collect();
    let maps: Vec<G1Projective> = sswu::map_to_curve_g1_iso_many(&us)
        .iter()
        .map(|(x, y)| iso::iso_map_g1(x, y))
        .collect();
    maps.chunks_exact(2).map(|q| q[0].add(&q[1])).collect()
}

/// `encode_to_curve` for G1, suite BLS12381G1_XMD:SHA-256_SSWU_NU_ (non-uniform).
pub fn encode_to_g1(msg: &[u8], dst: &[u8]) -> G1Affine {
    let [u] = h2f_fp::<1>(msg, dst);
    clear_cofactor_g1(&map_to_curve_g1(&u)).to_affine()
}

/// `hash_to_curve` for G2, suite BLS12381G2_XMD:SHA-256_SSWU_RO_ (§3, §8.8.2).
pub fn hash_to_g2(msg: &[u8], dst: &[u8]) -> G2Affine {
    hash_to_g2_projective(msg, dst).to_affine()
}

/// [`hash_to_g2`] left in projective coordinates (the same point), for callers that multiply
/// it or normalise many hashes with one shared inversion.
///
/// The two SSWU maps share their exponentiation passes
/// ([`sswu::map_to_curve_g2_iso_frac_many`]: two IFMA lanes where the CPU has them).
pub fn hash_to_g2_projective(msg: &[u8], dst: &[u8]) -> G2Projective {
    let us = h2f_fp2::<2>(msg, dst);
    let q: Vec<G2Projective> = sswu::map_to_curve_g2_iso_frac_many(&us)
        .iter()
        .map(|(n, d, y)| iso::iso_map_g2_frac(n, d, y))
        .collect();
    let q = match q.as_slice() {
        [q0, q1] => q0.add(q1),
        _ => G2Projective::identity(), // two inputs give two points
    };
    clear_cofactor_g2(&q)
}

/// `encode_to_curve` for G2, suite BLS12381G2_XMD:SHA-256_SSWU_NU_ (non-uniform).
pub fn encode_to_g2(msg: &[u8], dst: &[u8]) -> G2Affine {
    let [u] = h2f_fp2::<1>(msg, dst);
    clear_cofactor_g2(&map_to_curve_g2(&u)).to_affine()
}

/// One field element to G1: clear_cofactor(map_to_curve(u)) — EIP-2537's MAP_FP_TO_G1 (the
/// caller decodes and range-checks u).
pub fn map_to_g1(u: &Fp) -> G1Affine {
    clear_cofactor_g1(&map_to_curve_g1(u)).to_affine()
}

/// One Fp2 element to G2: clear_cofactor(map_to_curve(u)) — EIP-2537's MAP_FP2_TO_G2.
pub fn map_to_g2(u: &Fp2) -> G2Affine {
    clear_cofactor_g2(&map_to_curve_g2(u)).to_affine()
}

//! Constant-time \[k\]Q on BLS12-381's G2 by the four-dimensional GLS decomposition
//! (Galbraith–Lin–Scott, "Endomorphisms for faster elliptic curve cryptography on a large
//! class of curves", EUROCRYPT 2009; for BLS12 G2 cf. Bos–Costello–Naehrig, "Exponentiating
//! in pairing groups", SAC 2013, §4): the untwist-Frobenius-twist endomorphism ψ
//! ([`hayate_pairing::hash_to_curve::psi`]) acts on G2 as \[p mod r\] = \[z\] (p ≡ z (mod r)
//! for BLS12 curves, z = −0xd201000000010000). Since r = z⁴ − z² + 1 < |z|⁴, every k < r has
//! four base-|z| digits dᵢ < |z| < 2⁶⁴, and \[k\]Q = Σ \[dᵢ\]((−1)ⁱψⁱ(Q)).
//!
//! * Digits: three constant-time divisions by the public |z| (bitwise restoring division, the
//!   same 256 steps for every k, selections by masks).
//! * Straus over the four points with the signed radix-2⁵ digits of
//!   [`ct_mul::recode_signed5`]: 13 windows, 60 doublings and 4·14 complete additions,
//!   against 255 doublings and 52 additions for one 256-bit window chain. The table of Q
//!   (1Q … 16Q, 15 complete operations) is mapped by ψⁱ (a conjugation and two Fp2
//!   multiplications per entry) for the other three points.
//!
//! Everything is constant time in k (digits, recoding, full-scan lookups, complete formulas).
//! Precondition: Q ∈ G2 (ψ = \[z\] holds on the order-r subgroup only).

use hayate_ec::Projective;
use hayate_pairing::bls12_381::G2Projective;
use hayate_pairing::ct_mul;
use hayate_pairing::hash_to_curve::{psi, psi2};

use crate::glv_msm::{lookup, multiples, T};

/// |z| for BLS12-381.
const Z_ABS: u64 = 0xd201000000010000;

/// (⌊x / m⌋, x mod m) for a 256-bit x and a public m < 2⁶⁴, in constant time: restoring
/// division, one bit per step, the subtraction selected by a mask.
fn divrem_ct(x: &[u64; 4], m: u64) -> ([u64; 4], u64) {
    let mut q = [0u64; 4];
    let mut rem: u128 = 0;
    for i in (0..256).rev() {
        rem = (rem << 1) | ((x[i / 64] >> (i % 64)) & 1) as u128;
        let (diff, borrow) = rem.overflowing_sub(m as u128);
        let ge = (!borrow) as u128;
        let mask = ge.wrapping_neg();
        rem = (diff & mask) | (rem & !mask);
        q[i / 64] |= (ge as u64) << (i % 64);
    }
    (q, rem as u64)
}

/// The base-|z| digits (d₀, d₁, d₂, d₃) of k < |z|⁴ (every canonical scalar, k < r < |z|⁴).
pub fn digits(k: &[u64; 4]) -> [u64; 4] {
    let (q1, d0) = divrem_ct(k, Z_ABS);
    let (q2, d1) = divrem_ct(&q1, Z_ABS);
    let (q3, d2) = divrem_ct(&q2, Z_ABS);
    [d0, d1, d2, q3[0]]
}

/// \[k\]Q for Q ∈ G2 and a canonical scalar k < r, constant time (see the module docs).
pub fn g2_mul_ct(q: &G2Projective, k: &[u64; 4]) -> G2Projective {
    let d = digits(k);
    let t0 = multiples(q);
    // Q_i = (−1)^i ψ^i(Q): ψ on each table entry, sign applied to the table
    let t1: [G2Projective; T] = core::array::from_fn(|j| psi(&t0[j]).neg());
    let t2: [G2Projective; T] = core::array::from_fn(|j| psi2(&t0[j]));
    let t3: [G2Projective; T] = core::array::from_fn(|j| psi2(&t1[j]));
    let tables = [t0, t1, t2, t3];
    let windows = ct_mul::windows_for(64);
    let rec: Vec<Vec<i8>> = d
        .iter()
        .map(|di| ct_mul::recode_signed5(&[*di], windows))
        .collect();
    let mut acc = Projective::identity();
    for w in (0..windows).rev() {
        if w + 1 != windows {
            acc = acc.double_n(ct_mul::W);
        }
        for (t, r) in tables.iter().zip(&rec) {
            acc = acc.add(&lookup(t, r[w], subtle::Choice::from(0)));
        }
    }
    acc
}

#[cfg(test)]
mod tests {
    use super::*;
    use hayate_pairing::bls12_381::Fr;
    use rand::SeedableRng;

    #[test]
    fn digits_recompose() {
        let mut rng = rand::rngs::StdRng::seed_from_u64(3);
        let z = Fr::from_u64(Z_ABS);
        for i in 0..50 {
            let k = if i == 0 {
                -Fr::ONE
            } else if i == 1 {
                Fr::ZERO
            } else {
                Fr::random(&mut rng)
            };
            let d = digits(&k.to_limbs());
            assert!(d.iter().all(|x| *x < Z_ABS));
            let back = Fr::from_u64(d[0])
                + z * (Fr::from_u64(d[1]) + z * (Fr::from_u64(d[2]) + z * Fr::from_u64(d[3])));
            assert_eq!(back, k);
        }
    }

    /// ψ = [z] on G2 and the GLS multiplication agrees with plain double-and-add.
    #[test]
    fn gls_matches_double_and_add() {
        let mut rng = rand::rngs::StdRng::seed_from_u64(4);
        let h = G2Projective::generator();
        let q = h.mul_vartime(&Fr::random(&mut rng).to_limbs());
        assert_eq!(
            psi(&q).to_affine(),
            q.mul_vartime(&[Z_ABS]).neg().to_affine()
        );
        for i in 0..12 {
            let k = match i {
                0 => Fr::ZERO,
                1 => Fr::ONE,
                2 => -Fr::ONE,
                3 => Fr::from_u64(Z_ABS),
                _ => Fr::random(&mut rng),
            };
            let l = k.to_limbs();
            assert_eq!(
                g2_mul_ct(&q, &l).to_affine(),
                q.mul_vartime(&l).to_affine(),
                "k #{i}"
            );
        }
        assert!(bool::from(
            g2_mul_ct(&G2Projective::identity(), &Fr::random(&mut rng).to_limbs()).is_identity()
        ));
    }
}

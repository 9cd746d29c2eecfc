//! Constant-time multi-scalar multiplication Σ \[kⱼ\]Pⱼ on G1 with the GLV endomorphism, for
//! the secret exponents of FAME KeyGen and Encrypt (hayate-fe).
//!
//! GLV (Gallant–Lambert–Vanstone, CRYPTO 2001; Hankerson–Menezes–Vanstone, *Guide to ECC*,
//! §3.5, Alg. 3.74): on the pairing G1 curves φ(x, y) = (βx, y) acts as \[λ\] on the order-r
//! subgroup, and [`hayate_ec::glv::decompose`] writes each kⱼ ≡ ±k₁ ± k₂λ (mod r) with
//! |k₁|, |k₂| < 2^half_bits (≈ 2¹²⁸) in constant time. The 2m half-length scalars then go
//! through one Straus interleaving (Straus 1964, "Shamir's trick") with the signed radix-2⁵
//! digits of [`ct_mul::recode_signed5`]: one shared chain of ≈ half_bits doublings and two
//! complete additions per term and 5-bit window. Each point's table 1P … 16P costs 15
//! complete group operations; the table of φ(Pⱼ) is derived from it by one multiplication by
//! β per entry (φ is linear on projective coordinates: (X : Y : Z) ↦ (βX : Y : Z)).
//! Against [`ct_mul::msm_ct`] on 256-bit scalars this halves the doublings and the number of
//! windows per term; the tables cost the same.
//!
//! Constant time: decomposition, recoding, table scans (every entry is read, selected with
//! `subtle`), the signs (conditional negation) and the complete Renes–Costello–Batina formulas
//! ([`Projective::add`], no exceptional cases) make the sequence of operations and memory
//! accesses independent of the scalars. **Precondition**: every Pⱼ lies in the order-r
//! subgroup (GLV computes \[k mod r\]Pⱼ only there): true for BN G1 (cofactor 1) and for
//! BLS12-381 hash outputs after cofactor clearing. Curves without the GLV hook fall back to
//! [`ct_mul::msm_ct`].

use hayate_ec::{glv, CurveParams, Projective};
use subtle::Choice;

use crate::ct_mul::{self, multiples, T};

/// The entry for digit d ∈ [−16, 15] of `table` (value j + 1 at index j), negated when
/// (d < 0) XOR `flip`: a full scan with selects, no secret index or branch.
fn lookup<C: CurveParams>(table: &[Projective<C>; T], d: i8, flip: Choice) -> Projective<C> {
    ct_mul::lookup_flipped(table, d, flip, Projective::identity(), Projective::neg)
}

/// Σ \[kⱼ\]Pⱼ in constant time for Pⱼ in the order-r subgroup of a GLV curve (see the module
/// docs); scalars are four limbs, any value (used modulo r). Falls back to
/// [`ct_mul::msm_ct`] (256-bit scalars) on curves without an endomorphism. Extra points or
/// scalars beyond the shorter slice are ignored.
pub fn msm_ct<C: CurveParams>(points: &[Projective<C>], scalars: &[[u64; 4]]) -> Projective<C> {
    let Ok(consts) = glv::constants::<C>() else {
        return ct_mul::msm_ct(points, scalars, 256);
    };
    let windows = ct_mul::windows_for(consts.half_bits as usize);
    let mut tables = Vec::with_capacity(2 * points.len());
    let mut digits = Vec::with_capacity(2 * points.len());
    let mut flips = Vec::with_capacity(2 * points.len());
    for (p, k) in points.iter().zip(scalars) {
        let Ok(d) = glv::decompose::<C>(k) else {
            return ct_mul::msm_ct(points, scalars, 256);
        };
        let t1 = multiples(p);
        let t2: [Projective<C>; T] = core::array::from_fn(|i| Projective {
            x: t1[i].x * consts.beta,
            ..t1[i]
        });
        tables.push(t1);
        tables.push(t2);
        digits.push(ct_mul::recode_signed5(&d.k1, windows));
        digits.push(ct_mul::recode_signed5(&d.k2, windows));
        flips.push(d.neg1);
        flips.push(d.neg2);
    }
    let mut acc = Projective::identity();
    for w in (0..windows).rev() {
        if w + 1 != windows {
            acc = acc.double_n(ct_mul::W);
        }
        for ((t, d), f) in tables.iter().zip(&digits).zip(&flips) {
            acc = acc.add(&lookup(t, d[w], *f));
        }
    }
    acc
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bls12_381::Bls12381;
    use crate::bn254_beuchat::Bn254Beuchat;
    use crate::PairingCurve;
    use rand::{Rng, SeedableRng};

    /// Agreement with the plain reference Σ (double-and-add \[kⱼ\]Pⱼ) on subgroup points, for
    /// random, small, zero, r − 1 and full-width (≥ r) scalars and 0 … 4 terms.
    fn agrees<E: PairingCurve<N>, const N: usize>() {
        let mut rng = rand::rngs::StdRng::seed_from_u64(5);
        let g = Projective::<E::G1>::generator();
        let r = E::G1::ORDER;
        let mut rm1 = [0u64; 4];
        rm1.copy_from_slice(&r[..4]);
        rm1[0] -= 1;
        for m in 0..=4usize {
            for round in 0..4 {
                let pts: Vec<Projective<E::G1>> = (0..m)
                    .map(|_| g.mul_vartime(&[rng.gen::<u64>(), rng.gen(), 0, 0]))
                    .collect();
                let ks: Vec<[u64; 4]> = (0..m)
                    .map(|j| match (round + j) % 4 {
                        0 => [rng.gen(), rng.gen(), rng.gen(), rng.gen::<u64>() >> 2],
                        1 => [rng.gen::<u64>() % 40, 0, 0, 0],
                        2 => rm1,
                        _ => [u64::MAX; 4],
                    })
                    .collect();
                let want = pts
                    .iter()
                    .zip(&ks)
                    .fold(Projective::identity(), |acc, (p, k)| {
                        acc.add(&p.mul_vartime(k))
                    });
                assert_eq!(
                    msm_ct(&pts, &ks).to_affine(),
                    want.to_affine(),
                    "m = {m}, round {round}"
                );
            }
        }
    }

    #[test]
    fn glv_msm_agrees_bls12_381() {
        agrees::<Bls12381, 6>();
    }

    #[test]
    fn glv_msm_agrees_bn254_beuchat() {
        agrees::<Bn254Beuchat, 4>();
    }
}

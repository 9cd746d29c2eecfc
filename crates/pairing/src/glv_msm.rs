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

    /// `hayate_ec::glv_lincomb` on G1 with the AVX-512 IFMA lanes ([`hayate_arith::straus`])
    /// against its scalar loop and plain multiplications: three scalar rows over 19
    /// coordinates of three bases (batches of eight and a partial one), four of two bases,
    /// points outside the subgroup (FAME's uncleared hashes) and a combination that cancels
    /// (P, −P under equal scalars: O, through the exceptional-case fallback).
    fn lincomb_lanes<E: PairingCurve<N>, const N: usize>() {
        use hayate_ec::glv_lincomb::{glv_lincomb_ct_rows, glv_lincomb_ct_rows_with};
        use hayate_ec::Affine;
        let mut rng = rand::rngs::StdRng::seed_from_u64(11);
        let g = Projective::<E::G1>::generator();
        let point = |rng: &mut rand::rngs::StdRng| {
            g.mul_vartime(&[rng.gen(), rng.gen(), rng.gen(), rng.gen::<u64>() >> 2])
                .to_affine()
        };
        let mut coords: Vec<Vec<Affine<E::G1>>> = (0..19)
            .map(|_| (0..3).map(|_| point(&mut rng)).collect())
            .collect();
        coords.extend((0..4).map(|_| (0..2).map(|_| point(&mut rng)).collect::<Vec<_>>()));
        // off the subgroup where the curve has a cofactor: hash_to_curve's map without clearing
        if N == 6 {
            let u = crate::bls12_381::Fp::from_u64(12345);
            let q = crate::hash_to_curve::map_to_curve_g1(&u).to_affine();
            let q: &Affine<E::G1> = (&q as &dyn core::any::Any)
                .downcast_ref()
                .expect("BLS12-381 G1");
            coords.push(vec![*q, point(&mut rng), point(&mut rng)]);
        }
        let p = point(&mut rng);
        coords.push(vec![p, p.neg(), point(&mut rng)]);
        let c = [rng.gen(), rng.gen(), rng.gen(), rng.gen::<u64>() >> 2];
        let rows: Vec<Vec<[u64; 4]>> = vec![
            (0..3)
                .map(|_| [rng.gen(), rng.gen(), rng.gen(), rng.gen::<u64>() >> 2])
                .collect(),
            vec![c, c, [0; 4]],
            vec![[1, 0, 0, 0], [2, 0, 0, 0], [u64::MAX; 4]],
        ];
        let refs: Vec<&[Affine<E::G1>]> = coords.iter().map(|v| v.as_slice()).collect();
        let row_refs: Vec<&[[u64; 4]]> = rows.iter().map(|r| r.as_slice()).collect();
        let sets = [(&refs[..], &row_refs[..])];
        let simd = glv_lincomb_ct_rows::<E::G1>(&sets).unwrap();
        let scalar = glv_lincomb_ct_rows_with::<E::G1>(&sets, false).unwrap();
        for (ri, row) in rows.iter().enumerate() {
            for (j, v) in coords.iter().enumerate() {
                assert_eq!(
                    simd[0][ri][j].to_affine(),
                    scalar[0][ri][j].to_affine(),
                    "{} row {ri} coordinate {j}",
                    E::NAME
                );
                // points outside the subgroup: the sum is over the scalars' GLV split, so
                // compare with plain multiplications on subgroup coordinates only
                if v.iter().all(|q| bool::from(q.is_in_subgroup())) {
                    let want = v
                        .iter()
                        .zip(row)
                        .fold(Projective::identity(), |acc, (q, k)| {
                            acc.add(&Projective::from(*q).mul_vartime(k))
                        });
                    assert_eq!(simd[0][ri][j].to_affine(), want.to_affine());
                }
            }
        }
        assert!(bool::from(simd[0][1][coords.len() - 1].is_identity()));
        if !hayate_arith::backend::active().avx512_ifma {
            println!("{}: no AVX-512 IFMA, lanes not tested", E::NAME);
        }
    }

    /// `hayate_ec::glv_fixed` on G1 with the lanes against its scalar loop and plain
    /// multiplications: eleven scalars (a batch of eight and a partial one) with edge values,
    /// for the generator's shared tables and a random base.
    fn fixed_base_lanes<E: PairingCurve<N>, const N: usize>() {
        use hayate_ec::glv_fixed::GlvFixedBase;
        let mut rng = rand::rngs::StdRng::seed_from_u64(12);
        let g = Projective::<E::G1>::generator();
        let r = hayate_ec::glv::order_limbs::<E::G1>();
        let mut rm1 = r;
        rm1[0] -= 1;
        let mut ks: Vec<[u64; 4]> = (0..7)
            .map(|_| [rng.gen(), rng.gen(), rng.gen(), rng.gen::<u64>() >> 1])
            .collect();
        ks.extend([[0; 4], [1, 0, 0, 0], rm1, [u64::MAX; 4]]);
        let p = g
            .mul_vartime(&[rng.gen(), rng.gen(), rng.gen(), 3])
            .to_affine();
        let own = GlvFixedBase::<E::G1>::new(&p).unwrap();
        let shared = GlvFixedBase::<E::G1>::generator().unwrap();
        for fixed in [&own, shared] {
            let simd = fixed.mul_many(&ks);
            let scalar = fixed.mul_many_with(&ks, false);
            for (j, k) in ks.iter().enumerate() {
                let want = Projective::from(*fixed.base()).mul_vartime(k).to_affine();
                assert_eq!(simd[j].to_affine(), want, "{} scalar {j}", E::NAME);
                assert_eq!(scalar[j].to_affine(), want, "{} scalar loop {j}", E::NAME);
            }
        }
    }

    #[test]
    fn fixed_base_lanes_bls12_381() {
        fixed_base_lanes::<Bls12381, 6>();
    }

    #[test]
    fn fixed_base_lanes_bn254_beuchat() {
        fixed_base_lanes::<Bn254Beuchat, 4>();
    }

    #[test]
    fn lincomb_lanes_bls12_381() {
        lincomb_lanes::<Bls12381, 6>();
    }

    #[test]
    fn lincomb_lanes_bn254_beuchat() {
        lincomb_lanes::<Bn254Beuchat, 4>();
    }
}

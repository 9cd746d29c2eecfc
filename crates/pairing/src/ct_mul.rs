//! Constant-time GT multi-exponentiation and fixed-base tables in GT for secret scalars — with
//! the multi-scalar multiplication [`msm_ct`] and the fixed-base window tables
//! [`FixedWindows`] of hayate-ec (re-exported here with their table helpers), the building
//! blocks that the FE schemes (FAME KeyGen/Encrypt) apply to secret randomness. All digits are the signed radix-2⁵ digits dᵢ ∈ \[−16, 15\] of
//! [`hayate_ec::recode::signed_window`] (shifts and arithmetic only), served by a table of the
//! multiples 1 … 16 with a full scan ([`lookup`]) and a conditional negation.
//!
//! * [`msm_ct`] ([`hayate_ec::msm::msm_ct`]): Straus's interleaved multi-scalar
//!   multiplication Σ \[kⱼ\]Pⱼ, with the GLV split where the curve has it (G1 of the pairing
//!   curves: points must lie in the order-r subgroup there).
//! * [`FixedWindows`] ([`hayate_ec::fixed`]): fixed-base tables in the sense of
//!   Brickell–Gordon–McCurley–Wilson ("Fast exponentiation with precomputation", EUROCRYPT
//!   1992), row i holding j·32ⁱ·B for j = 1 … 16, so \[k\]B costs one addition per window and
//!   no doubling — on G1 and G2 (`FixedWindows<Projective<_>>`, affine rows; a curve
//!   generator's table shared for the process lifetime by [`FixedWindows::generator`]) and, by
//!   the [`WindowGroup`] implementation here, on GT (`FixedWindows<Gt>`).
//! * [`gt_multi_pow_ct`]: Straus for GT, Π xⱼ^{kⱼ}, with Granger–Scott cyclotomic squarings and
//!   conjugation for the negative digits.
//!
//! Every function here runs in time independent of the scalars (the number of windows depends
//! only on the public bit length); the points/bases may be public or secret.

use alloc::vec::Vec;
use hayate_arith::Fp12;
use hayate_ec::recode::{signed_window, signed_window_len, TopDigit};
use subtle::Choice;

pub use hayate_ec::fixed::{FixedWindows, WindowGroup};
pub use hayate_ec::msm::{lookup, lookup_flipped, msm_ct, multiples, T, W};

use crate::{Gt, PairingCurve};

/// The number of signed radix-32 digits for scalars below 2^`nbits` (the top digit absorbs the
/// final carry: 5·(windows − 1) + 3 ≥ nbits).
const fn windows_for(nbits: usize) -> usize {
    signed_window_len(nbits, W, TopDigit::Signed)
}

/// The signed radix-32 digits of k, `windows` of them ([`signed_window`]).
fn digits(k: &[u64], windows: usize) -> Vec<i8> {
    signed_window(k, W, windows, TopDigit::Signed)
}

/// GT as a group for the fixed-base window tables ([`FixedWindows<Gt>`](FixedWindows)),
/// written additively there: addition is the Fp12 product, doubling the Granger–Scott
/// cyclotomic squaring (GT lies in the cyclotomic subgroup), negation the conjugation; entries
/// are kept as they are.
impl<E: PairingCurve<N>, const N: usize> WindowGroup for Gt<E, N> {
    type Entry = Self;
    #[inline]
    fn identity() -> Self {
        Gt::identity()
    }
    #[inline]
    fn entry_identity() -> Self {
        Gt::identity()
    }
    #[inline]
    fn add(&self, o: &Self) -> Self {
        self.mul(o)
    }
    #[inline]
    fn double(&self) -> Self {
        Gt(self.0.cyclotomic_square())
    }
    #[inline]
    fn add_entry(&self, e: &Self) -> Self {
        self.mul(e)
    }
    #[inline]
    fn neg_entry(e: &Self) -> Self {
        e.invert()
    }
    fn to_entries(v: Vec<Self>) -> Vec<Self> {
        v
    }
}

/// Π xⱼ^{kⱼ} in GT, constant time in the exponents (Straus with signed 5-bit windows; see the
/// module docs). Exponents below 2^`nbits`.
pub fn gt_multi_pow_ct<E: PairingCurve<N>, const N: usize, S: AsRef<[u64]>>(
    bases: &[Gt<E, N>],
    exps: &[S],
    nbits: usize,
) -> Gt<E, N> {
    let windows = windows_for(nbits);
    let tables: Vec<[crate::gls::Flat<N>; T + 1]> =
        bases.iter().map(|x| crate::gls::gt_table(&x.0)).collect();
    let digits: Vec<Vec<i8>> = exps.iter().map(|k| digits(k.as_ref(), windows)).collect();
    let mut acc = Fp12::<E::Fp, N>::ONE;
    for w in (0..windows).rev() {
        if w + 1 != windows {
            for _ in 0..W {
                acc = acc.cyclotomic_square();
            }
        }
        for (t, d) in tables.iter().zip(&digits) {
            acc *= crate::gls::gt_lookup(t, d[w], Choice::from(0));
        }
    }
    Gt(acc)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bls12_381::Bls12381;
    use crate::bn254_beuchat::Bn254Beuchat;
    use hayate_arith::Fp;
    use hayate_ec::Projective;
    use rand::rngs::StdRng;
    use rand::{Rng, SeedableRng};

    fn agrees<E: PairingCurve<N>, const N: usize>() {
        let mut rng = StdRng::seed_from_u64(9);
        let sc = |rng: &mut StdRng| Fp::<E::Fr, 4>::random(rng).to_limbs();
        let g1 = Projective::<E::G1>::generator();
        let pts: Vec<Projective<E::G1>> = (0..3).map(|_| g1.mul_vartime(&sc(&mut rng))).collect();
        let ks: Vec<[u64; 4]> = (0..3).map(|_| sc(&mut rng)).collect();
        let mut want = Projective::identity();
        for (p, k) in pts.iter().zip(&ks) {
            want = want.add(&p.mul_vartime(k));
        }
        assert_eq!(msm_ct(&pts, &ks, 256).to_affine(), want.to_affine());
        // G2 (no GLV endomorphism: the plain Straus path)
        let g2 = Projective::<E::G2>::generator();
        let q: Vec<Projective<E::G2>> = (0..3).map(|_| g2.mul_vartime(&sc(&mut rng))).collect();
        let want2 = q
            .iter()
            .zip(&ks)
            .fold(Projective::identity(), |acc, (p, k)| {
                acc.add(&p.mul_vartime(k))
            });
        assert_eq!(msm_ct(&q, &ks, 256).to_affine(), want2.to_affine());
        // edge scalars: 0, 1, r − 1 and the identity as a point
        let r_minus_1 = (-Fp::<E::Fr, 4>::ONE).to_limbs();
        // a full-width scalar (≥ r) on the GLV path: used modulo r
        let ones = [u64::MAX; 4];
        assert_eq!(
            msm_ct(&[pts[0], pts[1]], &[ones, ks[1]], 256).to_affine(),
            pts[0]
                .mul_vartime(&ones)
                .add(&pts[1].mul_vartime(&ks[1]))
                .to_affine()
        );
        for k in [[0u64; 4], [1, 0, 0, 0], r_minus_1] {
            assert_eq!(
                msm_ct(&[pts[0], Projective::identity()], &[k, ks[1]], 256).to_affine(),
                pts[0].mul_vartime(&k).to_affine()
            );
            assert_eq!(
                FixedWindows::<Projective<E::G1>>::generator()
                    .mul(&k)
                    .to_affine(),
                g1.mul_vartime(&k).to_affine()
            );
            let g2 = Projective::<E::G2>::generator();
            assert_eq!(
                FixedWindows::<Projective<E::G2>>::generator()
                    .mul(&k)
                    .to_affine(),
                g2.mul_vartime(&k).to_affine()
            );
        }
        for k in &ks {
            assert_eq!(
                FixedWindows::<Projective<E::G1>>::generator()
                    .mul(k)
                    .to_affine(),
                g1.mul_vartime(k).to_affine()
            );
            let g2 = Projective::<E::G2>::generator();
            assert_eq!(
                FixedWindows::<Projective<E::G2>>::generator()
                    .mul(k)
                    .to_affine(),
                g2.mul_vartime(k).to_affine()
            );
        }
        let x = Gt::<E, N>::generator();
        let y = x.pow_vartime(&sc(&mut rng));
        assert_eq!(
            gt_multi_pow_ct(&[x, y], &ks[..2], 256),
            x.pow_vartime(&ks[0]).mul(&y.pow_vartime(&ks[1]))
        );
        assert_eq!(gt_multi_pow_ct(&[x], &[r_minus_1], 256), x.invert());
        // GT fixed-base tables (FAME's T₁, T₂), two built together
        let tables = FixedWindows::new_many(&[x, y], 256);
        assert_eq!(tables.bases(), 2);
        assert_eq!(tables.mul_of(2, &ks[0]), Gt::identity());
        for k in ks
            .iter()
            .chain([&[0u64; 4], &[1, 0, 0, 0], &r_minus_1, &[u64::MAX; 4]])
        {
            assert_eq!(tables.mul(k), x.pow_vartime(k));
            assert_eq!(tables.mul_of(1, k), y.pow_vartime(k));
        }
        assert_eq!(tables.mul_of(1, &r_minus_1), y.invert());
    }

    #[test]
    fn agrees_with_variable_time_bn() {
        agrees::<Bn254Beuchat, 4>();
    }
    #[test]
    fn agrees_with_variable_time_bls() {
        agrees::<Bls12381, 6>();
    }

    /// `hayate_ec::glv_lincomb` on G1 with the AVX-512 IFMA lanes ([`hayate_ec::straus`])
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

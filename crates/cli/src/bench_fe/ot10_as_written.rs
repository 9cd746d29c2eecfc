//! OT10 "as written": the evaluation baseline behind `hayate report`'s like-for-like rows of
//! paper 000's Table 5 (`keygen-as-written`, `decrypt-as-written`, `decrypt-per-row`). It runs
//! the Okamoto–Takashima CP-FE algorithms the way the paper states them, on hayate's
//! arithmetic, so that the report can separate what hayate's arithmetic gains from what
//! hayate's algorithms ([`hayate_fe::ot10`], deviations 2 and 4 of its module docs) gain:
//!
//! * **KeyGen** from a master key held as G2 points ([`G2MasterKey`], B̂*₀ and B̂*_t as the
//!   paper stores them): k*₀ = δ·b*₀,₁ + b*₀,₃ + φ₀·b*₀,₄ and
//!   k*_t = Σ δ·x_t,i·b*_t,i + Σ φ_t,i·b*_t,2n_t+i with one constant-time variable-base G2
//!   multiplication per (vector, coordinate) whose coefficient is not 1 — 150 for d = 5,
//!   n = 2 — instead of [`ot10::keygen`]'s one fixed-base product per key coordinate (40).
//!   The coefficients come from [`ot10::keygen_coefficients`], so with the same RNG state the
//!   key is the one [`ot10::keygen`] returns.
//! * **Decrypt** by the Dec formula row by row: K = e(c₀, k*₀) · ∏_{i∈I} e(c_i, k*_t)^{e_i}
//!   with the rows and exponents of [`ot10::row_exponents`], each DPVS pairing
//!   e(x, y) = ∏_j e(x_j, y_j) evaluated either as N separate pairings, each with its own final
//!   exponentiation ([`Pairings::Separate`]: 5 + 7ℓ pairings), or as one multi-pairing per row
//!   ([`Pairings::PerRow`]: the same Miller loops, 1 + ℓ final exponentiations), and a
//!   variable-time GT exponentiation for every row whose exponent is not 1. [`ot10::decapsulate`]
//!   instead sums each category's rows in G1 and runs 5 + Σ N_t Miller loops with one final
//!   exponentiation.
//!
//! Bench code, not part of hayate-fe's API: it is built only from hayate-fe's public pieces
//! and counts the operations it performs ([`OpCounts`]).

use hayate_ec::Projective;
use hayate_fe::curve::{FeCurve, Scalar, G1, G2};
use hayate_fe::{dpvs, ot10};
use hayate_pairing::Gt;
use rand::{CryptoRng, RngCore};

use super::OpCounts;

/// An OT10 master key with B̂*₀ and B̂*_t as G2 vectors (the paper's form of sk).
pub struct G2MasterKey<E: FeCurve<N>, const N: usize> {
    dims: Vec<usize>,
    /// b*₀,₁, b*₀,₃, b*₀,₄.
    b0_star: Vec<Vec<G2<E, N>>>,
    /// Per category: b*_t,1..n_t, b*_t,2n_t+1..3n_t.
    bt_star: Vec<Vec<Vec<G2<E, N>>>>,
    pk_id: [u8; 16],
}

impl<E: FeCurve<N>, const N: usize> G2MasterKey<E, N> {
    /// The G2 vectors of `msk` (its coordinates times the generator H; part of Setup, not of
    /// the measured KeyGen).
    pub fn new(msk: &ot10::MasterKey<E, N>) -> Self {
        let g2 = |rows: &[Vec<Scalar<E, N>>]| -> Vec<Vec<G2<E, N>>> {
            rows.iter().map(|r| dpvs::to_g2::<E, N>(r)).collect()
        };
        Self {
            dims: msk.dims.clone(),
            b0_star: g2(&msk.b0_star),
            bt_star: msk.bt_star.iter().map(|b| g2(b)).collect(),
            pk_id: msk.pk_id,
        }
    }
}

/// Σ_k c_k·v_k over G2 vectors, one variable-base multiplication per coordinate of every
/// vector whose coefficient is not 1 (counted in `ops.g2_var`).
fn combine_g2<E: FeCurve<N>, const N: usize>(
    vectors: &[Vec<G2<E, N>>],
    coeffs: &[Scalar<E, N>],
    ops: &mut OpCounts,
) -> Vec<G2<E, N>> {
    let len = vectors.first().map_or(0, |v| v.len());
    let mut acc = vec![Projective::<E::G2>::identity(); len];
    for (v, c) in vectors.iter().zip(coeffs) {
        let one = *c == Scalar::<E, N>::ONE;
        let k = c.to_limbs();
        for (a, p) in acc.iter_mut().zip(v) {
            *a = if one {
                a.add(&Projective::from(*p))
            } else {
                ops.g2_var += 1;
                a.add(&p.mul_ct(&k))
            };
        }
    }
    Projective::batch_to_affine(&acc)
}

/// KeyGen from the G2 master key; the key and the operations it took.
pub fn keygen<E: FeCurve<N>, const N: usize>(
    mk: &G2MasterKey<E, N>,
    attrs: &ot10::AttrSet,
    rng: &mut (impl RngCore + CryptoRng),
) -> Result<(ot10::UserKey<E, N>, OpCounts), ot10::Ot10Error> {
    let co = ot10::keygen_coefficients::<E, N>(&mk.dims, attrs, rng)?;
    let mut ops = OpCounts::default();
    let k0 = combine_g2::<E, N>(&mk.b0_star, &co.k0, &mut ops);
    let kt = co
        .kt
        .iter()
        .map(|(&t, c)| (t, combine_g2::<E, N>(&mk.bt_star[t - 1], c, &mut ops)))
        .collect();
    let key = ot10::UserKey {
        attrs: attrs.clone(),
        dims: mk.dims.clone(),
        k0,
        kt,
        pk_id: mk.pk_id,
    };
    Ok((key, ops))
}

/// How each DPVS pairing e(x, y) = ∏_j e(x_j, y_j) of the Dec formula is evaluated.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pairings {
    /// N full pairings (Miller loop and final exponentiation each), multiplied in GT.
    Separate,
    /// One multi-pairing (N Miller loops, one final exponentiation), [`dpvs::pair`].
    PerRow,
}

/// e(x, y) of one DPVS pair of vectors, counting the work in `ops`.
fn dpvs_pairing<E: FeCurve<N>, const N: usize>(
    x: &[G1<E, N>],
    y: &[G2<E, N>],
    how: Pairings,
    ops: &mut OpCounts,
) -> Option<Gt<E, N>> {
    if x.len() != y.len() {
        return None;
    }
    ops.miller_loops += x.len();
    match how {
        Pairings::Separate => {
            ops.pairings += x.len();
            ops.final_exps += x.len();
            Some(x.iter().zip(y).fold(Gt::<E, N>::identity(), |acc, (p, q)| {
                acc.mul(&hayate_pairing::pairing::<E, N>(p, q))
            }))
        }
        Pairings::PerRow => {
            ops.final_exps += 1;
            dpvs::pair::<E, N>(x, y)
        }
    }
}

/// Dec's K = e(c₀, k*₀) · ∏_{i∈I} e(c_i, k*_t)^{e_i} row by row; K and the operations it took.
/// Same errors as [`ot10::decapsulate`] (the checks of [`ot10::row_exponents`]).
pub fn decapsulate<E: FeCurve<N>, const N: usize>(
    sk: &ot10::UserKey<E, N>,
    ct: &ot10::Ciphertext<E, N>,
    how: Pairings,
) -> Result<(Gt<E, N>, OpCounts), ot10::Ot10Error> {
    let rows = ot10::row_exponents(sk, ct)?;
    let mut ops = OpCounts::default();
    let mut k =
        dpvs_pairing::<E, N>(&ct.c0, &sk.k0, how, &mut ops).ok_or(ot10::Ot10Error::Malformed)?;
    for r in &rows {
        let key = sk.kt.get(&r.category).ok_or(ot10::Ot10Error::Malformed)?;
        let mut f = dpvs_pairing::<E, N>(&ct.rows[r.row], key, how, &mut ops)
            .ok_or(ot10::Ot10Error::Malformed)?;
        if r.exponent != Scalar::<E, N>::ONE {
            ops.gt_exps += 1;
            f = f.pow_vartime(&r.exponent.to_limbs());
        }
        k = k.mul(&f);
    }
    Ok((k, ops))
}

#[cfg(test)]
mod tests {
    use super::*;
    use hayate_fe::{hybrid, serial};
    use hayate_pairing::bn254_beuchat::Bn254Beuchat;
    use rand::{rngs::StdRng, SeedableRng};

    type E = Bn254Beuchat;

    /// Table 5's shape (d = 5, n = 2, 10 AND-ed leaves) plus a policy with an OR, a threshold
    /// and hashed string values: the row-by-row decryption (both pairing groupings) gives the
    /// GT message that was encrypted and the key of the optimized decapsulation, with the
    /// operation counts of the Dec formula (5 + 7ℓ pairings; a GT exponentiation per exponent
    /// ≠ 1: in an AND every α_i = 1, so Table 5's five negated rows, α/(a − b) = −1/10, and in
    /// the second policy the two Lagrange coefficients 2 and −1 of the 2-of-3 gate); a key that
    /// does not satisfy the policy fails the same way in both.
    #[test]
    fn as_written_decrypt_recovers_the_message() {
        let mut rng = StdRng::seed_from_u64(5);
        let (pk, msk) = ot10::setup::<E, 4>(&[2; 5], &mut rng).unwrap();
        let table5 = super::super::table5_policy(false);
        let cases = [
            (table5.as_str(), "t1=1,t2=2,t3=3,t4=4,t5=5", 10, 75, 5),
            (
                "(t1=x or t2=7) and 2 of (not t3=alpha, t4=beta, t5=5)",
                "t1=y,t2=7,t3=gamma,t4=beta",
                3,
                26,
                2,
            ),
        ];
        for (policy, attrs, used, pairings, gt_exps) in cases {
            let sk = ot10::keygen(&msk, &ot10::AttrSet::parse(attrs).unwrap(), &mut rng).unwrap();
            let m = Gt::<E, 4>::generator().pow_scalar(&Scalar::<E, 4>::random(&mut rng));
            let (ct, c) = ot10::encrypt(&pk, policy, &m, &mut rng).unwrap();
            let opt = ot10::decapsulate(&sk, &ct).unwrap();
            for how in [Pairings::Separate, Pairings::PerRow] {
                let (k, ops) = decapsulate(&sk, &ct, how).unwrap();
                assert_eq!(k, opt, "{policy} {how:?}");
                assert_eq!(c.mul(&k.invert()), m, "{policy} {how:?}");
                assert_eq!(ops.miller_loops, pairings, "{policy}");
                let fe = if how == Pairings::Separate {
                    pairings
                } else {
                    1 + used
                };
                assert_eq!(ops.final_exps, fe, "{policy} {how:?}");
                assert_eq!(ops.gt_exps, gt_exps, "{policy}");
            }
            let bad = ot10::keygen(&msk, &ot10::AttrSet::parse("t1=9").unwrap(), &mut rng).unwrap();
            assert_eq!(
                decapsulate(&bad, &ct, Pairings::PerRow).unwrap_err(),
                ot10::decapsulate(&bad, &ct).unwrap_err()
            );
        }
    }

    /// KeyGen from the G2 master key: with the same RNG state it yields the key of
    /// [`ot10::keygen`] (150 variable-base multiplications for d = 5, n = 2), and that key
    /// decrypts a hybrid ciphertext to its plaintext.
    #[test]
    fn as_written_keygen_key_decrypts() {
        let mut rng = StdRng::seed_from_u64(6);
        let (pk, msk) = ot10::setup::<E, 4>(&[2; 5], &mut rng).unwrap();
        let g2msk = G2MasterKey::new(&msk);
        let attrs = ot10::AttrSet::parse("t1=1,t2=2,t3=3,t4=4,t5=5").unwrap();
        let (sk, ops) = keygen(&g2msk, &attrs, &mut StdRng::seed_from_u64(7)).unwrap();
        assert_eq!(ops.g2_var, 150);
        assert_eq!(
            sk,
            ot10::keygen(&msk, &attrs, &mut StdRng::seed_from_u64(7)).unwrap()
        );
        let (ct, k) =
            ot10::encapsulate(&pk, &super::super::table5_policy(false), &mut rng).unwrap();
        let ctb = serial::ot10_ct_to_bytes(&ct);
        let mode = hybrid::Mode::Aes128CbcHmacSha256;
        let body = hybrid::encrypt(
            &k.to_bytes(),
            &ctb,
            mode,
            hybrid::DEFAULT_CHUNK,
            b"0123456789",
        )
        .unwrap();
        let got = ot10::decapsulate(&sk, &ct).unwrap();
        assert_eq!(
            hybrid::decrypt(&got.to_bytes(), &ctb, &body).unwrap(),
            b"0123456789"
        );
        // a category outside the setup is refused before any work
        let far = ot10::AttrSet::parse("t6=1").unwrap();
        assert!(keygen(&g2msk, &far, &mut rng).is_err());
    }
}

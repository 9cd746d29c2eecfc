//! Constant-time Straus linear combinations on a = 0 curves (y² = x³ + b) over a prime field,
//! several at once in SIMD lanes: the data layout shared by
//! [`crate::glv_lincomb`] (which recodes the scalars and builds the tables) and the kernels that run
//! the point arithmetic ([`crate::backend::x86_64::ifma::straus`]: eight combinations per instruction
//! stream with AVX-512 IFMA).
//!
//! A **lane** is one linear combination Σ_h d_h·P_h evaluated by Straus's interleaving
//! (Hankerson–Menezes–Vanstone, *Guide to ECC*, Alg. 3.48) with signed odd digits: term h
//! has a table of the odd multiples P, 3P, …, 31P of its base (affine, public) and, for each
//! window, an index into that table and a sign (secret). The schedule, the same for all
//! lanes:
//!
//! ```text
//! acc ← Σ_h ±T_h[idx_h(top)]                       (the first as an affine point, Z = 1)
//! for w = top − 1 … 0:  acc ← 2⁵·acc;  acc ← acc ± T_h[idx_h(w)] for each h
//! for each h:  acc ← acc ± T_h[0] if fix_h          (the correction for even half-scalars)
//! ```
//!
//! in Jacobian coordinates with the doubling 2M + 5S (dbl-2009-l: Z₃ = 2YZ) and the mixed
//! addition without exceptional cases (HMV Alg. 3.22: Z₃ = Z₁·H). Any exceptional case along
//! the way (an addition with acc = ±addend, a doubling of a point with Y = 0) makes Z zero
//! from then on, so a result with **Z = 0 means "recompute by complete formulas"**; a result
//! with Z ≠ 0 is the combination.

use crate::CurveField;
use alloc::vec::Vec;
use hayate_arith::{Fp, FpParams};

/// Table entries of one term: the odd multiples (2e + 1)·P, e = 0 … 15, as (x, y).
pub type OddTable<F> = [[F; 2]; 16];

/// An odd-multiple table in the lane kernel's own form, built beside the affine table by
/// [`odd_tables`] so that [`straus`] reads it without conversion: for each entry e < 16,
/// x, β·x and y, each as `limbs` 52-bit limbs of its Montgomery form with R′ = 2^(52·limbs)
/// (values below 2p), entry-major. Tagged with the low word of its modulus; the kernel
/// declines tables of another shape or field.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LaneTable {
    pub(crate) modulus0: u64,
    pub(crate) limbs: usize,
    pub(crate) words: Vec<u64>,
}

/// The tables of [`odd_tables`]: affine (for the scalar schedule) and in the lanes' form.
pub type OddTables<F> = (Vec<OddTable<F>>, Vec<LaneTable>);

/// One lane: its terms' tables and digits (all lanes of one call have the same number of
/// terms and windows).
#[derive(Clone, Debug)]
pub struct StrausLane<'a> {
    /// Per term h: the table of its base.
    pub tables: Vec<&'a LaneTable>,
    /// Per term h and window w (w = 0 the least significant): (table index 0 … 15, negate
    /// 0 / 1). Secret; read only through masks.
    pub digits: Vec<Vec<(u8, u8)>>,
    /// Per term h: (apply 0 / 1, negate 0 / 1) of the final correction ±T_h\[0\]. Secret.
    pub fix: Vec<(u8, u8)>,
    /// Per term h: whether its table is read through x ↦ β·x (the table of P serving φ(P)
    /// = (βx, y) for a GLV endomorphism: the β·x column of the table). Public.
    pub endo: Vec<bool>,
}

/// The lanes' Jacobian results (X, Y, Z) by the fastest kernel for `Fp<P, N>`, or `None`
/// where there is none (no AVX-512 IFMA, or a modulus not of 4 or 6 words in Montgomery form) (then the caller runs the schedule itself). Each lane must have the
/// same number of terms as the first, and `windows` digits per term (≥ 1).
pub fn straus_fp<P: FpParams<N>, const N: usize>(
    lanes: &[StrausLane<'_>],
    windows: usize,
) -> Option<Vec<[Fp<P, N>; 3]>> {
    let terms = lanes.first()?.tables.len();
    if terms == 0
        || windows == 0
        || lanes.iter().any(|l| {
            l.tables.len() != terms
                || l.fix.len() != terms
                || l.digits.len() != terms
                || l.endo.len() != terms
                || l.digits.iter().any(|d| d.len() != windows)
                || l.tables.iter().any(|t| !lane_table_fits::<P, N>(t))
        })
    {
        return None;
    }
    crate::backend::straus_lanes::<P, N>(lanes, windows)
}

/// The tables of odd multiples P, 3P, …, 31P (affine, reduced) of finite points P = (x, y) of
/// an a = 0 curve over `Fp<P, N>`, built in the SIMD lanes (eight bases per vector) where
/// [`available_fp`] says so; `None` where there is no kernel or a table meets an exceptional
/// case (a base of order ≤ 31): the caller then builds them itself. Public inputs. Each table
/// comes with its [`LaneTable`], whose β·x column uses `beta`.
pub fn odd_tables_fp<P: FpParams<N>, const N: usize>(
    bases: &[[Fp<P, N>; 2]],
    beta: &Fp<P, N>,
) -> Option<OddTables<Fp<P, N>>> {
    crate::backend::odd_tables_lanes::<P, N>(bases, beta)
}

/// [`odd_tables_fp`] for any field: `None` unless it is a prime field with a kernel.
pub fn odd_tables<F: CurveField>(bases: &[[F; 2]], beta: &F) -> Option<OddTables<F>> {
    F::odd_tables_lanes(bases, beta)
}

/// Whether a lane table was made for `Fp<P, N>`'s kernel (its modulus and limb count).
fn lane_table_fits<P: FpParams<N>, const N: usize>(t: &LaneTable) -> bool {
    let limbs = if N == 6 { 8 } else { 6 };
    t.modulus0 == P::MODULUS[0] && t.limbs == limbs && t.words.len() == 16 * 3 * limbs
}

/// Whether [`straus_fp`] has a kernel for `Fp<P, N>` on this CPU.
pub fn available_fp<P: FpParams<N>, const N: usize>() -> bool {
    crate::backend::straus_lanes_available::<P, N>()
}

/// Whether field F has a lane kernel ([`CurveField::jacobian_straus_lanes`] can return `Some`).
pub fn available<F: CurveField>() -> bool {
    F::has_straus_lanes()
}

/// [`straus_fp`] for any field: `None` unless it is a prime field with a kernel.
pub fn straus<F: CurveField>(lanes: &[StrausLane<'_>], windows: usize) -> Option<Vec<[F; 3]>> {
    F::jacobian_straus_lanes(lanes, windows)
}

#[cfg(test)]
mod tests {
    use super::*;
    use hayate_arith::fields::{Bls12381FpParams, Bn254BeuchatFpParams};
    use rand::{rngs::StdRng, SeedableRng};

    /// The lanes' tables against the affine chain written out with field inversions (any
    /// (x, y) with y ≠ 0 is a point of the a = 0 curve with b = y² − x³), for 19 bases (two
    /// full vectors and a partial one); a base with y = 0 (order 2) makes the kernel decline.
    fn check<P: FpParams<N>, const N: usize>() {
        if !available_fp::<P, N>() {
            return;
        }
        let mut rng = StdRng::seed_from_u64(3);
        let bases: Vec<[Fp<P, N>; 2]> = (0..19)
            .map(|_| [Fp::random(&mut rng), Fp::random(&mut rng)])
            .collect();
        let beta = Fp::<P, N>::from_u64(5);
        let (got, lanes) = odd_tables_fp(&bases, &beta).expect("no exceptional base");
        assert_eq!(got.len(), bases.len());
        assert_eq!(lanes.len(), bases.len());
        // the lanes' form holds x, βx and y of every entry
        // a value v = a·R′ mod p (below 2p) in 52-bit limbs back to a: v·R′⁻¹
        let from_lane = |t: &LaneTable, e: usize, c: usize| -> Fp<P, N> {
            let l = t.limbs;
            let mut v = [0u64; N];
            for (j, &limb) in t.words[(3 * e + c) * l..(3 * e + c + 1) * l]
                .iter()
                .enumerate()
            {
                assert!(limb < 1 << 52);
                let (w, s) = (52 * j / 64, 52 * j % 64);
                if w < N {
                    v[w] |= limb << s;
                }
                if s > 12 && w + 1 < N {
                    v[w + 1] |= limb >> (64 - s);
                }
            }
            let r_prime = Fp::<P, N>::from_u64(2).pow_vartime(&[52 * l as u64]);
            Fp::from_limbs_reduce(v) * r_prime.invert().unwrap()
        };
        let three = Fp::<P, N>::from_u64(3);
        for ((b, t), lt) in bases.iter().zip(&got).zip(&lanes) {
            assert!(lane_table_fits::<P, N>(lt));
            for e in [0, 7, 15] {
                assert_eq!(from_lane(lt, e, 0), t[e][0]);
                assert_eq!(from_lane(lt, e, 1), beta * t[e][0]);
                assert_eq!(from_lane(lt, e, 2), t[e][1]);
            }
            let [x, y] = *b;
            let l = three * x.square() * (y + y).invert().unwrap();
            let x2 = l.square() - x - x;
            let y2 = l * (x - x2) - y;
            let mut cur = [x, y];
            for (e, te) in t.iter().enumerate().take(16) {
                assert_eq!(*te, cur, "entry {e}");
                let l = (y2 - cur[1]) * (x2 - cur[0]).invert().unwrap();
                let xn = l.square() - cur[0] - x2;
                cur = [xn, l * (cur[0] - xn) - cur[1]];
            }
        }
        let mut bad = bases.clone();
        bad[11][1] = Fp::ZERO;
        assert!(odd_tables_fp(&bad, &beta).is_none());
        assert_eq!(
            odd_tables_fp::<P, N>(&[], &beta).map(|v| v.0.len()),
            Some(0)
        );
    }

    #[test]
    fn odd_tables_lanes_match_affine_chain() {
        check::<Bn254BeuchatFpParams, 4>();
        check::<Bls12381FpParams, 6>();
    }
}

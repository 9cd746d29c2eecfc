//! Constant-time multi-scalar multiplication for secret scalars, fixed-base combs and GT
//! multi-exponentiation — the building blocks that the FE schemes (FAME KeyGen/Encrypt) apply
//! to secret randomness.
//!
//! * **Signed radix-2⁵ recoding** ([`recode_signed5`]): k = Σ dᵢ·32ⁱ with dᵢ ∈ [−16, 15],
//!   computed with shifts and arithmetic only (no secret-dependent branch), the usual signed
//!   fixed-window recoding (e.g. Bos–Costello–Hisil–Lauter, "High-performance scalar
//!   multiplication using 8-dimensional GLV/GLS decomposition", CHES 2013, §4). A table of the
//!   multiples 1P … 16P then serves every digit: |dᵢ| is fetched by a scan of the whole table
//!   with `subtle` selects and the sign applied by a conditional negation.
//! * [`msm_ct`]: Straus's interleaved ("Shamir's trick") multi-scalar multiplication,
//!   Σ \[kⱼ\]Pⱼ with one shared chain of 5 doublings per window and one complete addition per
//!   term and window (Renes–Costello–Batina formulas, [`hayate_ec::Projective`]). For m terms
//!   of b bits: ≈ b doublings + m·(b/5 + 15) additions instead of m·(b + b/4) for m separate
//!   fixed-window multiplications.
//! * [`FixedBase`]: a fixed-base comb in the sense of Lim–Lee / Brickell–Gordon–McCurley–Wilson
//!   ("Fast exponentiation with precomputation", EUROCRYPT 1992), one table row per window:
//!   row i holds j·32ⁱ·B for j = 1 … 16 in affine form, so \[k\]B costs one mixed addition per
//!   window and no doubling. [`generator_table`] caches the table of a curve's generator for
//!   the process lifetime.
//! * [`gt_multi_pow_ct`]: Straus for GT, Π xⱼ^{kⱼ}, with Granger–Scott cyclotomic squarings and
//!   conjugation for the negative digits.
//!
//! Every function here runs in time independent of the scalars (the number of windows depends
//! only on the public bit length); the points/bases may be public or secret.

use std::any::{Any, TypeId};
use std::collections::BTreeMap;
use std::sync::{Mutex, OnceLock};

use hayate_arith::Fp12;
use hayate_ec::{Affine, CurveParams, Projective};
use subtle::{Choice, ConditionallySelectable, ConstantTimeEq};

use crate::{Gt, PairingCurve};

/// Window width of the signed recoding.
pub const W: usize = 5;
/// Table entries per point: the multiples 1 … 2^(W−1).
pub const T: usize = 1 << (W - 1);

/// Number of signed digits for scalars below 2^`nbits`: the smallest count with
/// 5·(windows − 1) + 3 ≥ nbits, so that the top digit absorbs the final carry.
pub const fn windows_for(nbits: usize) -> usize {
    (nbits + 1) / W + 1
}

/// Signed radix-32 digits dᵢ ∈ [−16, 15] (least significant first) with Σ dᵢ·32ⁱ = k, for
/// every k below 2^(5·(windows − 1) + 3) — in particular for k < 2^nbits with `windows` =
/// [`windows_for`]\(nbits\). Higher bits of k are ignored. Constant time in k.
pub fn recode_signed5(k: &[u64], windows: usize) -> Vec<i8> {
    let mut out = Vec::with_capacity(windows);
    let mut carry = 0u64;
    for i in 0..windows {
        let off = W * i;
        let (l, s) = (off / 64, off % 64);
        let lo = k.get(l).copied().unwrap_or(0) >> s;
        let hi = if s + W > 64 {
            k.get(l + 1).copied().unwrap_or(0) << (64 - s)
        } else {
            0
        };
        let v = ((lo | hi) & 31) + carry; // 0 ..= 32
        carry = (v + 16) >> 5; // 1 iff v ≥ 16
        out.push((v as i64 - ((carry as i64) << 5)) as i8);
    }
    out
}

/// Number of digits of [`recode_signed5_top`] for scalars below 2^`nbits`: the smallest count
/// with 5·(windows − 1) + 4 ≥ nbits (13 for 64-bit scalars, one fewer than [`windows_for`]).
pub const fn windows_for_top(nbits: usize) -> usize {
    nbits.saturating_sub(4).div_ceil(W) + 1
}

/// [`recode_signed5`] whose top digit is not recoded: digits dᵢ ∈ [−16, 15] below the top and
/// the top digit in [0, 16] (its window's bits plus the carry), Σ dᵢ·32ⁱ = k for every k below
/// 2^(5·(windows − 1) + 4), e.g. k < 2^nbits with `windows` = [`windows_for_top`]\(nbits\).
/// A table of 1 … 16 times the base still serves every digit, and a 64-bit scalar needs 13
/// digits instead of 14. Higher bits of k are ignored. Constant time in k.
pub fn recode_signed5_top(k: &[u64], windows: usize) -> Vec<i8> {
    let mut out = recode_signed5(k, windows);
    if let Some(top) = out.last_mut() {
        // undo the top digit's recoding: d − 32·c was stored, with the carry c = (d ≥ 16)
        let c = ((*top as u8) >> 7) & 1; // d < 0 iff it was recoded
        *top = (*top as u8).wrapping_add(c << 5) as i8;
    }
    out
}

/// (|d|, d < 0) without branches.
#[inline(always)]
pub(crate) fn abs_sign(d: i8) -> (u8, Choice) {
    let m = d >> 7; // 0 or −1
    (((d ^ m).wrapping_sub(m)) as u8, Choice::from((m & 1) as u8))
}

/// The table entry for digit d ∈ [−16, 16] (table[j] = value of j + 1, `zero` for d = 0,
/// `neg` applied for d < 0): a scan of the whole table with selects, no secret index.
#[inline]
pub fn lookup<X: ConditionallySelectable>(table: &[X], d: i8, zero: X, neg: impl Fn(&X) -> X) -> X {
    lookup_flipped(table, d, Choice::from(0), zero, neg)
}

/// [`lookup`] with the sign also flipped when `flip` is set (the sign of a GLV part): `neg`
/// is applied when (d < 0) XOR `flip`; one scan of the whole table, one conditional negation.
#[inline]
pub fn lookup_flipped<X: ConditionallySelectable>(
    table: &[X],
    d: i8,
    flip: Choice,
    zero: X,
    neg: impl Fn(&X) -> X,
) -> X {
    let (a, is_neg) = abs_sign(d);
    let mut t = zero;
    for (j, e) in table.iter().enumerate() {
        t.conditional_assign(e, a.ct_eq(&(j as u8 + 1)));
    }
    X::conditional_select(&t, &neg(&t), is_neg ^ flip)
}

/// The table P, 2P, …, 16P (entry j holds (j + 1)·P) for [`lookup`]: doublings for the even
/// multiples, complete additions for the odd ones.
pub fn multiples<C: CurveParams>(p: &Projective<C>) -> [Projective<C>; T] {
    let mut t = [*p; T];
    for i in 1..T {
        t[i] = if i % 2 == 1 {
            t[i / 2].double()
        } else {
            t[i - 1].add(p)
        };
    }
    t
}

/// Σ \[kⱼ\]Pⱼ in constant time (Straus with signed 5-bit windows, see the module docs), for
/// scalars below 2^`nbits` (bits above are ignored only if they are zero: pass the bit length
/// of the scalar field, e.g. 256). Returns the identity for empty input; extra scalars or
/// points beyond the shorter slice are ignored.
pub fn msm_ct<C: CurveParams, S: AsRef<[u64]>>(
    points: &[Projective<C>],
    scalars: &[S],
    nbits: usize,
) -> Projective<C> {
    let windows = windows_for(nbits);
    let tables: Vec<[Projective<C>; T]> = points.iter().map(multiples).collect();
    let digits: Vec<Vec<i8>> = scalars
        .iter()
        .map(|k| recode_signed5(k.as_ref(), windows))
        .collect();
    let mut acc = Projective::identity();
    for w in (0..windows).rev() {
        if w + 1 != windows {
            for _ in 0..W {
                acc = acc.double();
            }
        }
        for (t, d) in tables.iter().zip(&digits) {
            acc = acc.add(&lookup(t, d[w], Projective::identity(), Projective::neg));
        }
    }
    acc
}

/// A fixed-base comb for one point B (see the module docs): \[k\]B in constant time with one
/// mixed addition per 5-bit window.
pub struct FixedBase<C: CurveParams> {
    rows: Vec<[Affine<C>; T]>,
}

impl<C: CurveParams> FixedBase<C> {
    /// Precomputes the comb of `base` for scalars below 2^`nbits` (16·(nbits/5 + 1) points).
    pub fn new(base: &Projective<C>, nbits: usize) -> Self {
        let windows = windows_for(nbits);
        let mut flat = Vec::with_capacity(windows * T);
        let mut b = *base;
        for _ in 0..windows {
            let m = multiples(&b);
            flat.extend_from_slice(&m);
            b = m[T - 1].double(); // 32·b
        }
        let aff = Projective::batch_to_affine(&flat);
        let rows = aff
            .chunks_exact(T)
            .map(|c| core::array::from_fn(|j| c[j]))
            .collect();
        Self { rows }
    }

    /// Number of windows (scalars below 2^(5·(windows − 1)) are handled).
    pub fn windows(&self) -> usize {
        self.rows.len()
    }

    /// \[k\]B in constant time; k must be below 2^(5·(windows − 1)) (any reduced scalar of the
    /// bit length given to [`FixedBase::new`]).
    pub fn mul(&self, k: &[u64]) -> Projective<C> {
        let d = recode_signed5(k, self.rows.len());
        let mut acc = Projective::identity();
        for (row, &di) in self.rows.iter().zip(&d) {
            acc = acc.add_affine(&lookup(row, di, Affine::identity(), Affine::neg));
        }
        acc
    }
}

type TableMap = BTreeMap<TypeId, &'static (dyn Any + Send + Sync)>;

/// The comb of the curve generator `C::GENERATOR` for 256-bit scalars, built on first use and
/// kept for the process lifetime (one table per curve type).
pub fn generator_table<C: CurveParams + 'static>() -> &'static FixedBase<C>
where
    FixedBase<C>: Send + Sync,
{
    static TABLES: OnceLock<Mutex<TableMap>> = OnceLock::new();
    let map = TABLES.get_or_init(|| Mutex::new(BTreeMap::new()));
    let key = TypeId::of::<C>();
    let found = map.lock().map(|m| m.get(&key).copied()).unwrap_or(None);
    let entry = match found {
        Some(e) => e,
        None => {
            // built outside the lock; a concurrent builder may win, which is harmless
            let t: &'static FixedBase<C> =
                Box::leak(Box::new(FixedBase::new(&Projective::generator(), 256)));
            match map.lock() {
                Ok(mut m) => *m.entry(key).or_insert(t),
                Err(_) => t,
            }
        }
    };
    match entry.downcast_ref::<FixedBase<C>>() {
        Some(t) => t,
        None => Box::leak(Box::new(FixedBase::new(&Projective::generator(), 256))),
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
    let digits: Vec<Vec<i8>> = exps
        .iter()
        .map(|k| recode_signed5(k.as_ref(), windows))
        .collect();
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
    use rand::rngs::StdRng;
    use rand::{RngCore, SeedableRng};

    #[test]
    fn recoding_sums_back() {
        let mut rng = StdRng::seed_from_u64(5);
        for _ in 0..200 {
            let k = [
                rng.next_u64(),
                rng.next_u64(),
                rng.next_u64(),
                rng.next_u64() >> 1,
            ];
            let d = recode_signed5(&k, windows_for(255));
            assert!(d.iter().all(|&x| (-16..=15).contains(&x)));
            // Σ dᵢ 32ⁱ as a signed 320-bit accumulation, compared limb by limb
            let mut acc = [0i128; 6];
            for (i, &x) in d.iter().enumerate() {
                let off = 5 * i;
                acc[off / 64] += (x as i128) << (off % 64);
            }
            let mut carry = 0i128;
            let mut out = [0u64; 6];
            for i in 0..6 {
                let v = acc[i] + carry;
                out[i] = v as u64;
                carry = v >> 64;
            }
            assert_eq!(&out[..4], &k[..]);
            assert_eq!(out[4..], [0, 0]);
        }
        // all-ones limbs below 2^255 and zero
        let k = [u64::MAX, u64::MAX, u64::MAX, u64::MAX >> 1];
        assert_eq!(*recode_signed5(&k, windows_for(255)).last().unwrap(), 1);
        assert!(recode_signed5(&[0; 4], 52).iter().all(|&x| x == 0));
    }

    #[test]
    fn top_recoding_sums_back() {
        let mut rng = StdRng::seed_from_u64(6);
        assert_eq!(windows_for_top(64), 13);
        assert_eq!(windows_for_top(63), 13);
        assert_eq!(windows_for_top(65), 14);
        let mut ks: Vec<u64> = vec![
            0,
            1,
            15,
            16,
            31,
            u64::MAX,
            u64::MAX >> 1,
            1 << 63,
            0xf800000000000000,
        ];
        for _ in 0..300 {
            ks.push(rng.next_u64());
        }
        for k in ks {
            let d = recode_signed5_top(&[k], windows_for_top(64));
            let (top, low) = d.split_last().unwrap();
            assert!(low.iter().all(|&x| (-16..=15).contains(&x)), "{k:x}");
            assert!((0..=16).contains(top), "{k:x}");
            let sum = d.iter().rev().fold(0i128, |a, &x| a * 32 + x as i128);
            assert_eq!(sum, k as i128, "{k:x}");
        }
    }

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
        // edge scalars: 0, 1, r − 1 and the identity as a point
        let r_minus_1 = (-Fp::<E::Fr, 4>::ONE).to_limbs();
        for k in [[0u64; 4], [1, 0, 0, 0], r_minus_1] {
            assert_eq!(
                msm_ct(&[pts[0], Projective::identity()], &[k, ks[1]], 256).to_affine(),
                pts[0].mul_vartime(&k).to_affine()
            );
            assert_eq!(
                generator_table::<E::G1>().mul(&k).to_affine(),
                g1.mul_vartime(&k).to_affine()
            );
            let g2 = Projective::<E::G2>::generator();
            assert_eq!(
                generator_table::<E::G2>().mul(&k).to_affine(),
                g2.mul_vartime(&k).to_affine()
            );
        }
        for k in &ks {
            assert_eq!(
                generator_table::<E::G1>().mul(k).to_affine(),
                g1.mul_vartime(k).to_affine()
            );
            let g2 = Projective::<E::G2>::generator();
            assert_eq!(
                generator_table::<E::G2>().mul(k).to_affine(),
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
    }

    #[test]
    fn agrees_with_variable_time_bn() {
        agrees::<Bn254Beuchat, 4>();
    }
    #[test]
    fn agrees_with_variable_time_bls() {
        agrees::<Bls12381, 6>();
    }
}

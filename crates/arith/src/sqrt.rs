//! Square roots in a prime field `Fp<P, N>` in **variable time** (public inputs only), with
//! tables precomputed once per field: [`SqrtTables`].
//!
//! Contract: [`SqrtTables::sqrt_vartime`] and [`SqrtTables::sqrt_many`] return a square root
//! of a (either one) or `None` when a is not a square, the same answer set as [`Fp::sqrt`];
//! no panic on any input; the running time depends on a.
//!
//! Algorithm, for p − 1 = 2^s·t with t odd:
//! * s = 1 (p ≡ 3 mod 4): y = a^((p+1)/4), kept if y² = a;
//! * 1 < s ≤ 63: Tonelli–Shanks with the discrete logarithm taken w bits at a time from
//!   tables of 2^w entries, the table-based variant of Sarkar, "Computing square roots faster
//!   than the Tonelli-Shanks/Bernstein algorithm" (2020). With x = a^((t+1)/2) and
//!   b = a^t = z^e (z a primitive 2^s-th root of unity), a is a square iff e is even and then
//!   x·z^(−e/2) is a root. The digits of e are read off b^(2^(s−w)), b^(2^(s−2w)), … after
//!   dividing out the digits already known (the correction tables), each found by a binary
//!   search on the 2^w-th roots of unity; z^(−e/2) is a product of s/w table entries. The
//!   digit width w is the largest divisor of s up to 9;
//! * s > 63: the constant-time [`Fp::sqrt`].
//!
//! [`SqrtTables::sqrt_many`] runs the long exponentiations (by (p + 1)/4, or by (t − 1)/2)
//! and the 2-power chains of all its inputs together in the SIMD lanes of
//! [`crate::batch_pow`] where the CPU has them.
//!
//! The square roots of hayate, and why there are three:
//! * [`Fp::sqrt`] — constant time (a^((p+1)/4), or Tonelli–Shanks with fixed loop counts): for
//!   secret inputs (the SSWU map of RFC 9380 hash-to-curve, point decompression of secrets);
//! * [`SqrtTables`] — variable time, for the fields fixed at compile time: the tables cost
//!   about 2^w·2s/w products once per field (cached by the caller, e.g. hayate-fe's
//!   try-and-increment hash onto the BN curves), after which a root of bn254-beuchat
//!   (s = 45) needs 5 digits instead of Tonelli–Shanks' ≈ s²/4 squarings;
//! * [`crate::DynField::sqrt_vartime`] — variable time, for moduli known only at run time:
//!   plain Tonelli–Shanks, without per-field tables and for any 2-adicity (P-224 has s = 96).

use crate::batch_pow::{pow_many_with, square_chain_with, Schedule};
use crate::{Fp, FpParams};
use alloc::{vec, vec::Vec};

/// The widest 2-adicity the digit tables handle (the discrete logarithm e < 2^s is a `u64`).
const MAX_TABLE_TWO_ADICITY: usize = 63;

/// Public constants of the variable-time square root of `Fp<P, N>` (see the module docs), for
/// p − 1 = 2^s·t, t odd: z a primitive 2^s-th root of unity, the digit width w (dividing s),
/// ζ^i (ζ = z^(2^(s−w)), i < 2^w), the correction tables corr\[j−1\]\[i\] = z^(−i·2^(s−j·w)) for
/// j = 1 … s/w, and zpow\[k\]\[i\] = z^(i·2^(w·k)) for k < s/w (z^e for any e < 2^s in s/w
/// products). Empty when s = 1 or s > 63 (no digits to find).
pub struct SqrtTables<P: FpParams<N>, const N: usize> {
    w: usize,
    zeta: Vec<Fp<P, N>>,
    /// (first Montgomery limb of ζ^i, i), sorted: the digit of a 2^w-th root of unity by a
    /// binary search.
    zeta_index: Vec<(u64, usize)>,
    corr: Vec<Vec<Fp<P, N>>>,
    zpow: Vec<Vec<Fp<P, N>>>,
}

/// The digit width and the tables' sizes (the entries are public constants of the field, but
/// hundreds of them).
impl<P: FpParams<N>, const N: usize> core::fmt::Debug for SqrtTables<P, N> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("SqrtTables")
            .field("w", &self.w)
            .field("zeta", &self.zeta.len())
            .field("corr", &self.corr.len())
            .field("zpow", &self.zpow.len())
            .finish_non_exhaustive()
    }
}

/// The widest digit for the Tonelli–Shanks tables: the largest divisor of s up to 9 (s/w
/// digits cost (s/w)(s/w − 1)/2 products; tables of 2^w entries, 2^9 at most).
fn sqrt_digit_width(s: usize) -> usize {
    (1..=9).rev().find(|w| s.is_multiple_of(*w)).unwrap_or(1)
}

impl<P: FpParams<N>, const N: usize> Default for SqrtTables<P, N> {
    fn default() -> Self {
        Self::new()
    }
}

impl<P: FpParams<N>, const N: usize> SqrtTables<P, N> {
    /// The tables of `Fp<P, N>` (a search for a non-residue, then about 2^w·2s/w products;
    /// build once and keep).
    pub fn new() -> Self {
        let s = Fp::<P, N>::TWO_ADICITY as usize;
        let w = sqrt_digit_width(s);
        if s == 1 || s > MAX_TABLE_TWO_ADICITY {
            return SqrtTables {
                w,
                zeta: Vec::new(),
                zeta_index: Vec::new(),
                corr: Vec::new(),
                zpow: Vec::new(),
            };
        }
        let z = Fp::<P, N>::two_adic_root();
        let powers = |base: Fp<P, N>| {
            let mut v = vec![Fp::<P, N>::ONE; 1 << w];
            for i in 1..v.len() {
                v[i] = v[i - 1] * base;
            }
            v
        };
        let sq = |mut x: Fp<P, N>, n: usize| {
            for _ in 0..n {
                x = x.square();
            }
            x
        };
        let zinv = z.invert().unwrap_or(Fp::ONE);
        let zeta = powers(sq(z, s - w));
        let mut zeta_index: Vec<(u64, usize)> = zeta
            .iter()
            .enumerate()
            .map(|(i, x)| (x.mont_limbs()[0], i))
            .collect();
        zeta_index.sort_unstable();
        let corr = (1..=s / w).map(|j| powers(sq(zinv, s - j * w))).collect();
        let zpow = (0..s / w).map(|k| powers(sq(z, w * k))).collect();
        SqrtTables {
            w,
            zeta,
            zeta_index,
            corr,
            zpow,
        }
    }

    /// A square root of a (either one) or `None` if a is not a square; variable time (see the
    /// module docs).
    pub fn sqrt_vartime(&self, a: &Fp<P, N>) -> Option<Fp<P, N>> {
        self.sqrt_many_with(&[*a], false).pop().flatten()
    }

    /// [`Self::sqrt_vartime`] of every a, the exponentiations and 2-power chains of all of
    /// them together in SIMD lanes where [`crate::batch_pow::available`].
    pub fn sqrt_many(&self, a: &[Fp<P, N>]) -> Vec<Option<Fp<P, N>>> {
        self.sqrt_many_with(a, true)
    }

    /// [`Self::sqrt_many`] with the lanes allowed or not (`simd = false`: one at a time).
    #[doc(hidden)]
    pub fn sqrt_many_with(&self, a: &[Fp<P, N>], simd: bool) -> Vec<Option<Fp<P, N>>> {
        let s = Fp::<P, N>::TWO_ADICITY as usize;
        if s > MAX_TABLE_TWO_ADICITY {
            return a.iter().map(|x| Option::from(x.sqrt())).collect();
        }
        if s == 1 {
            let ys = pow_many_with(a, &Schedule::new(&Fp::<P, N>::P_PLUS_1_OVER_4), simd);
            return a
                .iter()
                .zip(ys)
                .map(|(a, y)| (y.square() == *a).then_some(y))
                .collect();
        }
        // x = a^((t+1)/2), b = a^t = z^e
        let wv = pow_many_with(a, &Schedule::new(&Fp::<P, N>::TRACE_MINUS_1_OVER_2), simd);
        let xs: Vec<Fp<P, N>> = a.iter().zip(&wv).map(|(a, w)| *a * *w).collect();
        let bs: Vec<Fp<P, N>> = xs.iter().zip(&wv).map(|(x, w)| *x * *w).collect();
        let snaps: Vec<usize> = (0..s / self.w).map(|k| k * self.w).collect();
        let chains = square_chain_with(&bs, &snaps, simd);
        a.iter()
            .zip(&xs)
            .zip(&chains)
            .map(|((a, x), ch)| {
                if bool::from(a.is_zero()) {
                    Some(Fp::ZERO)
                } else {
                    self.root_from_chain(a, x, ch)
                }
            })
            .collect()
    }

    /// The end of [`Self::sqrt_many_with`] for 1 < s ≤ 63, given x = a^((t+1)/2) and
    /// chain\[k\] = b^(2^(w·k)) for b = a^t, k < s/w.
    fn root_from_chain(&self, a: &Fp<P, N>, x: &Fp<P, N>, chain: &[Fp<P, N>]) -> Option<Fp<P, N>> {
        let s = Fp::<P, N>::TWO_ADICITY as usize;
        let w = self.w;
        let mut digits: Vec<usize> = Vec::with_capacity(s / w);
        for k in 0..s / w {
            let mut v = *chain.get(s / w - 1 - k)?;
            for (m, &d) in digits.iter().enumerate() {
                v *= self.corr[k - m][d];
            }
            let key = v.mont_limbs()[0];
            let from = self.zeta_index.partition_point(|&(k, _)| k < key);
            let i = self.zeta_index[from..]
                .iter()
                .take_while(|&&(k, _)| k == key)
                .map(|&(_, i)| i)
                .find(|&i| self.zeta[i] == v)?;
            if k == 0 && i % 2 == 1 {
                return None; // a^t has order 2^s: a is not a square
            }
            digits.push(i);
        }
        let e: u64 = digits
            .iter()
            .enumerate()
            .map(|(k, &d)| (d as u64) << (w * k))
            .sum();
        // exp = −e/2 mod 2^s; z^exp from the tables, w bits at a time
        let exp = ((1u64 << s) - e / 2) & ((1u64 << s) - 1);
        let mask = (1u64 << w) - 1;
        let y = self
            .zpow
            .iter()
            .enumerate()
            .fold(*x, |y, (k, t)| y * t[((exp >> (w * k)) & mask) as usize]);
        (y.square() == *a).then_some(y)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fields::{
        Bls12381FpParams, Bls12381FrParams, Bn254BeuchatFpParams, Bn254FpParams, Secp224r1FpParams,
        Secp256r1FnParams,
    };
    use rand::SeedableRng;

    /// Against the constant-time [`Fp::sqrt`] on random elements (squareness), squaring back
    /// the roots of random elements and of squares, and 0, 1, −1; one at a time and batched.
    fn agrees<P: FpParams<N>, const N: usize>(s: u32) {
        assert_eq!(Fp::<P, N>::TWO_ADICITY, s);
        let tb = SqrtTables::<P, N>::new();
        let mut rng = rand::rngs::StdRng::seed_from_u64(11);
        let (mut squares, mut non) = (0, 0);
        let mut xs = vec![Fp::<P, N>::ZERO, Fp::ONE, -Fp::<P, N>::ONE];
        for _ in 0..48 {
            let a = Fp::<P, N>::random(&mut rng);
            xs.push(a);
            xs.push(a.square());
        }
        let mut want = Vec::new();
        for a in &xs {
            let w: Option<Fp<P, N>> = Option::from(a.sqrt());
            let got = tb.sqrt_vartime(a);
            assert_eq!(got.is_some(), w.is_some());
            match got {
                Some(y) => {
                    assert_eq!(y.square(), *a);
                    squares += 1;
                }
                None => non += 1,
            }
            want.push(got);
        }
        assert!(squares > 10 && non > 10, "{squares} {non}");
        assert_eq!(tb.sqrt_vartime(&Fp::ZERO), Some(Fp::ZERO));
        // 19 inputs: two SIMD batches and a partial one, then all of them
        for n in [0, 1, 19, xs.len()] {
            assert_eq!(tb.sqrt_many(&xs[..n]), want[..n]);
            assert_eq!(tb.sqrt_many_with(&xs[..n], false), want[..n]);
        }
    }

    #[test]
    fn table_roots_agree_with_constant_time_roots() {
        agrees::<Bn254BeuchatFpParams, 4>(45); // w = 9
        agrees::<Bls12381FrParams, 4>(32); // w = 8
        agrees::<Secp256r1FnParams, 4>(4); // w = 4, one digit
        agrees::<Bn254FpParams, 4>(1);
        agrees::<Bls12381FpParams, 6>(1);
        agrees::<Secp224r1FpParams, 4>(96); // beyond the tables
    }
}

//! x^e for **many x and one public exponent e**, eight at a time in SIMD lanes where the field
//! has a kernel ([`crate::backend::x86_64::ifma::pow`]: AVX-512 IFMA, Montgomery prime fields of 4 or 6
//! words), one by one otherwise. Built for the square roots of the hashes onto curves (FAME's
//! KeyGen and Encrypt hash dozens of attribute strings per call).
//!
//! The method is the left-to-right sliding window of width 5 over the odd powers x, x³, …,
//! x³¹ (Hankerson–Menezes–Vanstone, *Guide to ECC*, Alg. 3.38 in multiplicative form): the
//! sequence of squarings, multiplications and table indices is a function of e alone
//! ([`Schedule`]), the same for every x, so the lanes run it in lockstep and the time does not
//! depend on the inputs.

use crate::{Field, Fp, FpParams};
use alloc::vec::Vec;

/// Window width of the odd powers.
const WIN: usize = 5;

/// The operation sequence of x^e for one exponent (see the module docs).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Schedule {
    /// Largest odd-power index used (x^(2j+1) for j ≤ `max_odd`).
    pub max_odd: usize,
    /// Index j of the first window's odd power x^(2j+1); `None` for e = 0 (x^0 = 1).
    pub first: Option<usize>,
    /// Then, in order: so many squarings, followed by a multiplication by x^(2j+1) where
    /// `Some(j)`.
    pub steps: Vec<(usize, Option<usize>)>,
}

impl Schedule {
    /// The schedule of e (little-endian limbs).
    pub fn new(e: &[u64]) -> Self {
        let mut windows = sliding_windows(e, WIN);
        let first = windows.next().and_then(|(_, j)| j);
        let steps: Vec<(usize, Option<usize>)> = windows.collect();
        let max_odd = steps
            .iter()
            .filter_map(|&(_, j)| j)
            .chain(first)
            .max()
            .unwrap_or(0);
        Schedule {
            max_odd,
            first,
            steps,
        }
    }

    /// x^e by the schedule in any field (the scalar path, and the reference of the kernels).
    pub fn apply<F: Field>(&self, x: &F) -> F {
        match self.first {
            Some(first) => apply_windows(x, self.max_odd, first, self.steps.iter().copied()),
            None => F::ONE,
        }
    }
}

/// The left-to-right sliding windows of at most `w` bits (w ≤ 5) over e, from its top set bit
/// down (Hankerson–Menezes–Vanstone, *Guide to ECC*, Alg. 3.38): items (squarings, Some(j))
/// say "square so many times, then multiply by x^(2j+1)"; the first item's squarings are to
/// be ignored (start from x^(2j+1)); a last (squarings, None) carries the trailing zero bits.
/// Nothing for e = 0. A function of e alone; shared by [`Schedule`] and `Fp::pow_vartime`.
pub(crate) fn sliding_windows(
    e: &[u64],
    w: usize,
) -> impl Iterator<Item = (usize, Option<usize>)> + '_ {
    let bit = move |i: isize| (e[i as usize / 64] >> (i as usize % 64)) & 1 == 1;
    let mut i = (0..64 * e.len() as isize)
        .rev()
        .find(|&i| bit(i))
        .unwrap_or(-1);
    let mut squarings = 0usize;
    core::iter::from_fn(move || {
        while i >= 0 && !bit(i) {
            squarings += 1;
            i -= 1;
        }
        if i < 0 {
            // the trailing zero bits, once
            let s = core::mem::take(&mut squarings);
            return (s > 0).then_some((s, None));
        }
        // the longest window [j, i] of at most w bits that ends in a set bit
        let mut j = (i + 1 - w as isize).max(0);
        while !bit(j) {
            j += 1;
        }
        let v = (j..=i)
            .rev()
            .fold(0usize, |v, k| (v << 1) | bit(k) as usize);
        let item = (squarings + (i - j + 1) as usize, Some(v >> 1));
        squarings = 0;
        i = j - 1;
        Some(item)
    })
}

/// x^e from its windows: the odd powers x, x³, …, x^(2·max_odd+1) (max_odd < 16), x^(2j+1) of
/// the first window, then the steps of [`sliding_windows`].
pub(crate) fn apply_windows<F: Field>(
    x: &F,
    max_odd: usize,
    first: usize,
    steps: impl Iterator<Item = (usize, Option<usize>)>,
) -> F {
    let mut odd = [*x; 16];
    if max_odd > 0 {
        let x2 = x.square();
        for j in 1..=max_odd {
            odd[j] = odd[j - 1] * x2;
        }
    }
    let mut r = odd[first];
    for (sq, m) in steps {
        for _ in 0..sq {
            r = r.square();
        }
        if let Some(j) = m {
            r *= odd[j];
        }
    }
    r
}

/// x^e for every x of `xs` (e public, little-endian limbs), in the SIMD lanes where
/// [`available`] says so.
pub fn pow_public_many<P: FpParams<N>, const N: usize>(
    xs: &[Fp<P, N>],
    e: &[u64],
) -> Vec<Fp<P, N>> {
    let sched = Schedule::new(e);
    pow_many_with(xs, &sched, true)
}

/// [`pow_public_many`] by a prepared schedule, with the lanes allowed or not (`simd = false`:
/// one at a time — for a single input, where a lane batch would waste seven lanes, and for
/// the tests that compare the two).
#[doc(hidden)]
pub fn pow_many_with<P: FpParams<N>, const N: usize>(
    xs: &[Fp<P, N>],
    sched: &Schedule,
    simd: bool,
) -> Vec<Fp<P, N>> {
    if simd && sched.first.is_some() {
        if let Some(r) = crate::backend::pow_lanes(xs, sched) {
            return r;
        }
    }
    xs.iter().map(|x| sched.apply(x)).collect()
}

/// For every x of `xs`, the values x^(2^j) for j in `snapshots` (ascending; repeated
/// squarings, in the SIMD lanes where [`available`] says so): the 2-power chains of
/// Tonelli–Shanks square roots.
pub fn square_chain_many<P: FpParams<N>, const N: usize>(
    xs: &[Fp<P, N>],
    snapshots: &[usize],
) -> Vec<Vec<Fp<P, N>>> {
    square_chain_with(xs, snapshots, true)
}

/// [`square_chain_many`] with the lanes allowed or not (as for [`pow_many_with`]).
#[doc(hidden)]
pub fn square_chain_with<P: FpParams<N>, const N: usize>(
    xs: &[Fp<P, N>],
    snapshots: &[usize],
    simd: bool,
) -> Vec<Vec<Fp<P, N>>> {
    let sorted = snapshots.windows(2).all(|w| w[0] <= w[1]);
    if simd && sorted {
        if let Some(r) = crate::backend::square_chain_lanes(xs, snapshots) {
            return r;
        }
    }
    xs.iter()
        .map(|x| {
            // one chain of squarings, read off at each snapshot
            let (mut y, mut done) = (*x, 0);
            snapshots
                .iter()
                .map(|&j| {
                    if j < done {
                        return (0..j).fold(*x, |a, _| a.square());
                    }
                    for _ in done..j {
                        y = y.square();
                    }
                    done = j;
                    y
                })
                .collect()
        })
        .collect()
}

/// Whether [`pow_public_many`] runs in SIMD lanes for `Fp<P, N>` on this CPU.
pub fn available<P: FpParams<N>, const N: usize>() -> bool {
    crate::backend::pow_lanes_available::<P, N>()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fields::{Bls12381FpParams, Bn254BeuchatFpParams};
    use rand::{rngs::StdRng, RngCore, SeedableRng};

    fn check<P: FpParams<N>, const N: usize>() {
        let mut rng = StdRng::seed_from_u64(7);
        // 19 inputs (two full batches and a partial one) with 0, 1 and p − 1 among them
        let mut xs: Vec<Fp<P, N>> = (0..16).map(|_| Fp::<P, N>::random(&mut rng)).collect();
        xs.extend([Fp::ZERO, Fp::ONE, -Fp::<P, N>::ONE]);
        let mut p_minus_3 = P::MODULUS;
        p_minus_3[0] -= 3;
        let exps: Vec<Vec<u64>> = vec![
            vec![0],
            vec![1],
            vec![2],
            vec![0b1011_0000_0000],
            vec![rng.next_u64(), rng.next_u64(), 1 << 40],
            p_minus_3.to_vec(),
        ];
        for e in &exps {
            let sched = Schedule::new(e);
            let lanes = pow_many_with(&xs, &sched, true);
            let scalar = pow_many_with(&xs, &sched, false);
            for (i, x) in xs.iter().enumerate() {
                let want = x.pow_vartime(e);
                assert_eq!(scalar[i], want, "scalar {e:?} {i}");
                assert_eq!(lanes[i], want, "lanes {e:?} {i}");
            }
        }
        // x^(p−2) = 1/x
        let mut p_minus_2 = p_minus_3;
        p_minus_2[0] += 1;
        let inv = pow_public_many(&xs[..16], &p_minus_2);
        for (x, y) in xs.iter().zip(&inv) {
            assert_eq!(*x * *y, Fp::ONE);
        }
    }

    fn chains<P: FpParams<N>, const N: usize>() {
        let mut rng = StdRng::seed_from_u64(9);
        let xs: Vec<Fp<P, N>> = (0..11).map(|_| Fp::<P, N>::random(&mut rng)).collect();
        for snaps in [&[0usize, 5, 10, 40][..], &[3, 3, 7], &[], &[44]] {
            let lanes = square_chain_with(&xs, snaps, true);
            let scalar = square_chain_with(&xs, snaps, false);
            assert_eq!(lanes, scalar);
            for (x, v) in xs.iter().zip(&lanes) {
                for (&j, y) in snaps.iter().zip(v) {
                    let mut want = *x;
                    for _ in 0..j {
                        want = want.square();
                    }
                    assert_eq!(*y, want);
                }
            }
        }
    }

    #[test]
    fn lanes_match_scalar_bn254_and_bls12_381() {
        chains::<Bn254BeuchatFpParams, 4>();
        chains::<Bls12381FpParams, 6>();
        check::<Bn254BeuchatFpParams, 4>();
        check::<Bls12381FpParams, 6>();
    }
}

//! Operation counting for paper 001's operation-count table (Fp2 multiplications, squarings,
//! additions and multiplications by ξ in the Miller loop and the final exponentiation).
//!
//! Counting is switched on per *type*, not per build: a tower whose [`TowerParams::COUNT_OPS`]
//! is `true` bumps thread-local counters in every Fp2 operation (process-wide ones without
//! the `std` feature); for every other tower the test
//! is a compile-time `false` and the code is exactly the uncounted code. [`CountingBn254Beuchat`]
//! is the papers' field with counting on — a copy of [`Bn254BeuchatFpParams`] in everything
//! else (same modulus, β, ξ and Frobenius constants) — so the pairing code instantiated over it
//! (see `hayate_pairing::opcount`) is the production code, counted.
//!
//! What is counted (at the Fp2 level, as in the paper): `mul` — [`Fp2::mul`] and
//! [`Fp2::mul_wide`] (one count per product, reduced or not); `sqr` — [`Fp2::square`];
//! `add` — [`Fp2::add`], [`Fp2::sub`], [`Fp2::double`] and [`Fp2::neg`]; `mul_by_xi` —
//! [`Fp2::mul_by_xi`].

#[cfg(feature = "std")]
use core::cell::Cell;
#[cfg(not(feature = "std"))]
use core::sync::atomic::{AtomicU64, Ordering};

use crate::fields::Bn254BeuchatFpParams;
use crate::fp::{Fp, FpParams};
use crate::fp2::{Fp2, TowerParams};

/// Fp2 operation counts.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct OpCounts {
    /// Fp2 products.
    pub mul: u64,
    /// Fp2 squarings.
    pub sqr: u64,
    /// Fp2 additions, subtractions, negations and doublings.
    pub add: u64,
    /// Products by the non-residue ξ.
    pub mul_by_xi: u64,
}

impl core::ops::Sub for OpCounts {
    type Output = OpCounts;
    fn sub(self, o: OpCounts) -> OpCounts {
        OpCounts {
            mul: self.mul - o.mul,
            sqr: self.sqr - o.sqr,
            add: self.add - o.add,
            mul_by_xi: self.mul_by_xi - o.mul_by_xi,
        }
    }
}

/// The kinds of operation counted.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Op {
    Mul,
    Sqr,
    Add,
    MulByXi,
}

#[cfg(feature = "std")]
std::thread_local! {
    static COUNTS: Cell<OpCounts> = const { Cell::new(OpCounts { mul: 0, sqr: 0, add: 0, mul_by_xi: 0 }) };
}

#[cfg(feature = "std")]
#[inline(never)]
pub(crate) fn bump(op: Op) {
    COUNTS.with(|c| {
        let mut v = c.get();
        match op {
            Op::Mul => v.mul += 1,
            Op::Sqr => v.sqr += 1,
            Op::Add => v.add += 1,
            Op::MulByXi => v.mul_by_xi += 1,
        }
        c.set(v);
    });
}

/// This thread's counts so far (only counting towers contribute); without the `std` feature,
/// the process's.
#[cfg(feature = "std")]
pub fn snapshot() -> OpCounts {
    COUNTS.with(|c| c.get())
}

/// Resets this thread's counters (without the `std` feature, the process's).
#[cfg(feature = "std")]
pub fn reset() {
    COUNTS.with(|c| c.set(OpCounts::default()));
}

/// Without std (no thread-local storage) the counters are process-wide atomics, in the order
/// mul, sqr, add, mul_by_xi.
#[cfg(not(feature = "std"))]
static COUNTS: [AtomicU64; 4] = [const { AtomicU64::new(0) }; 4];

#[cfg(not(feature = "std"))]
#[inline(never)]
pub(crate) fn bump(op: Op) {
    COUNTS[op as usize].fetch_add(1, Ordering::Relaxed);
}

/// This thread's counts so far (only counting towers contribute); without the `std` feature,
/// the process's.
#[cfg(not(feature = "std"))]
pub fn snapshot() -> OpCounts {
    let c = |op: Op| COUNTS[op as usize].load(Ordering::Relaxed);
    OpCounts {
        mul: c(Op::Mul),
        sqr: c(Op::Sqr),
        add: c(Op::Add),
        mul_by_xi: c(Op::MulByXi),
    }
}

/// Resets this thread's counters (without the `std` feature, the process's).
#[cfg(not(feature = "std"))]
pub fn reset() {
    for c in &COUNTS {
        c.store(0, Ordering::Relaxed);
    }
}

/// The papers' base field (bn254-beuchat) with operation counting on.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct CountingBn254Beuchat;

impl FpParams<4> for CountingBn254Beuchat {
    const MODULUS: [u64; 4] = Bn254BeuchatFpParams::MODULUS;
    const NAME: &'static str = "bn254-beuchat Fp (counting)";
}

/// The same element of the same field under other parameter types (both must have the same
/// modulus; Montgomery limbs are copied).
pub const fn recast_fp<P: FpParams<N>, Q: FpParams<N>, const N: usize>(x: &Fp<P, N>) -> Fp<Q, N> {
    Fp::from_mont_unchecked(*x.mont_limbs())
}

/// [`recast_fp`] for Fp2.
pub const fn recast_fp2<P: TowerParams<N>, Q: TowerParams<N>, const N: usize>(
    x: &Fp2<P, N>,
) -> Fp2<Q, N> {
    Fp2::new(recast_fp(&x.c0), recast_fp(&x.c1))
}

/// [`recast_fp`] for a 3×3 table of Fp2 constants (the Frobenius tables of a tower).
pub const fn recast_frob<P: TowerParams<N>, Q: TowerParams<N>, const N: usize>(
    t: &[[Fp2<P, N>; 3]; 3],
) -> [[Fp2<Q, N>; 3]; 3] {
    let z = Fp2::new(
        Fp::from_mont_unchecked([0; N]),
        Fp::from_mont_unchecked([0; N]),
    );
    let mut out = [[z; 3]; 3];
    let mut i = 0;
    while i < 3 {
        let mut j = 0;
        while j < 3 {
            out[i][j] = recast_fp2(&t[i][j]);
            j += 1;
        }
        i += 1;
    }
    out
}

impl TowerParams<4> for CountingBn254Beuchat {
    const BETA_NEG: u8 = <Bn254BeuchatFpParams as TowerParams<4>>::BETA_NEG;
    const XI: (u8, u8) = <Bn254BeuchatFpParams as TowerParams<4>>::XI;
    const FROB: [[Fp2<Self, 4>; 3]; 3] =
        recast_frob(&<Bn254BeuchatFpParams as TowerParams<4>>::FROB);
    const COUNT_OPS: bool = true;
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand_core::SeedableRng;

    type F = Fp2<Bn254BeuchatFpParams, 4>;
    type C = Fp2<CountingBn254Beuchat, 4>;

    /// The counting field computes exactly what the plain one does, and counts.
    #[test]
    fn counting_tower_agrees_and_counts() {
        let mut rng = rand_chacha_like(7);
        let a = F::random(&mut rng);
        let b = F::random(&mut rng);
        let (ca, cb): (C, C) = (recast_fp2(&a), recast_fp2(&b));
        reset();
        let r = ((ca * cb).square() + ca - cb).mul_by_xi().double();
        let n = snapshot();
        assert_eq!(
            n,
            OpCounts {
                mul: 1,
                sqr: 1,
                add: 3,
                mul_by_xi: 1
            }
        );
        let plain = ((a * b).square() + a - b).mul_by_xi().double();
        assert_eq!(recast_fp2::<_, Bn254BeuchatFpParams, 4>(&r), plain);
        // the plain tower does not count
        reset();
        let _ = (a * b).square() + a;
        assert_eq!(snapshot(), OpCounts::default());
        for k in 0..3 {
            assert_eq!(
                C::frobenius_map(&ca, k + 1),
                recast_fp2(&a.frobenius_map(k + 1))
            );
        }
    }

    fn rand_chacha_like(seed: u64) -> impl rand_core::RngCore {
        rand::rngs::StdRng::seed_from_u64(seed)
    }
}

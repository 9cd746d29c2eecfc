//! The exponentiations of [`crate::batch_pow`] in the eight AVX-512 IFMA lanes: lane k computes
//! x_k^e, all lanes one instruction stream (vertical arithmetic of [`crate::backend::x86_64::ifma`], exact
//! 52-bit Montgomery form: L = 8 limbs for N = 6, L = 6 for N = 4).
//!
//! * **In / out**: x converted to the R′ = 2^(52L) form by one product with R′²/R, the result
//!   back by one product with R, then fully reduced.
//! * **Products**: schoolbook into a double-width accumulator, one Montgomery reduction;
//!   squarings by [`crate::backend::x86_64::ifma::square`] (the cross products summed once and doubled).
//! * **Bounds** (R′/p ≥ 2^32): every value stays below 2p, so every product is below
//!   4p² < p·R′ and every reduction output below 2p again.

// A kernel module: an `unsafe fn` here is a kernel whose whole body is the unsafe operation
// (intrinsics of the target features it requires, or inline assembly) under its safety contract.
#![allow(unsafe_op_in_unsafe_fn)]

use alloc::{vec, vec::Vec};

use crate::backend::x86_64::ifma::{
    cpu_has_ifma_cached, gather, scaled_sop, splat, splat_v, square, store_steps, ConstsOf, V,
};
use crate::batch_pow::Schedule;
use crate::{Fp, FpParams};

/// One batch of up to eight inputs.
#[target_feature(enable = "avx512f,avx512ifma")]
unsafe fn run<P: FpParams<N>, const L: usize, const N: usize>(
    batch: &[Fp<P, N>],
    sched: &Schedule,
    c: &crate::backend::x86_64::ifma::Consts<L>,
) -> Vec<[[u64; N]; 1]> {
    let p = splat_v(&c.p);
    let n0 = splat(c.n0);
    let mul = |a: &V<L>, b: &V<L>| scaled_sop(&[(a, b)], 1, &p, n0);
    let raw: V<L> = gather(batch, |x| x.mont_limbs());
    let x = mul(&raw, &splat_v(&c.to));
    let x2 = square(&x, &p, n0);
    let mut odd: Vec<V<L>> = Vec::with_capacity(sched.max_odd + 1);
    odd.push(x);
    for j in 1..=sched.max_odd {
        let next = mul(&odd[j - 1], &x2);
        odd.push(next);
    }
    let mut r = odd[sched.first.unwrap_or(0)];
    for &(sq, m) in &sched.steps {
        for _ in 0..sq {
            r = square(&r, &p, n0);
        }
        if let Some(j) = m {
            r = mul(&r, &odd[j]);
        }
    }
    let out = mul(&r, &splat_v(&c.from));
    store_steps([&out], batch.len(), &P::MODULUS)
}

/// x^e for every x, in batches of eight (the caller, [`crate::batch_pow`], has checked that
/// the kernel applies and that e ≠ 0).
pub fn pow_lanes<P: FpParams<N>, const N: usize>(
    xs: &[Fp<P, N>],
    sched: &Schedule,
) -> Vec<Fp<P, N>> {
    assert!(
        (N == 4 || N == 6) && cpu_has_ifma_cached() && sched.first.is_some(),
        "pow_lanes without applies"
    );
    let mut out = Vec::with_capacity(xs.len());
    for batch in xs.chunks(8) {
        // SAFETY: AVX-512F/IFMA present (checked above); N = 6 with L = 8 (R′ = 2^416) or N = 4
        // with L = 6 (R′ = 2^312), so R′/p ≥ 2^32; inputs are reduced field elements.
        let r = unsafe {
            if N == 6 {
                run::<P, 8, N>(batch, sched, &ConstsOf::<P, N>::C8)
            } else {
                run::<P, 6, N>(batch, sched, &ConstsOf::<P, N>::C6)
            }
        };
        out.extend(r.into_iter().map(|[v]| Fp::<P, N>::from_mont_unchecked(v)));
    }
    out
}

/// One batch of [`square_chain_lanes`].
#[target_feature(enable = "avx512f,avx512ifma")]
unsafe fn run_chain<P: FpParams<N>, const L: usize, const N: usize>(
    batch: &[Fp<P, N>],
    snapshots: &[usize],
    c: &crate::backend::x86_64::ifma::Consts<L>,
) -> Vec<Vec<Fp<P, N>>> {
    let p = splat_v(&c.p);
    let n0 = splat(c.n0);
    let raw: V<L> = gather(batch, |x| x.mont_limbs());
    let mut r = scaled_sop(&[(&raw, &splat_v(&c.to))], 1, &p, n0);
    let from = splat_v(&c.from);
    let mut out = vec![Vec::with_capacity(snapshots.len()); batch.len()];
    let mut done = 0;
    for &j in snapshots {
        while done < j {
            r = square(&r, &p, n0);
            done += 1;
        }
        let v = scaled_sop(&[(&r, &from)], 1, &p, n0);
        for (o, [x]) in out
            .iter_mut()
            .zip(store_steps([&v], batch.len(), &P::MODULUS))
        {
            o.push(Fp::<P, N>::from_mont_unchecked(x));
        }
    }
    out
}

/// x^(2^j) for every x and every j of `snapshots` (ascending), in batches of eight (the
/// caller, [`crate::batch_pow::square_chain_many`], has checked that the kernel applies).
pub fn square_chain_lanes<P: FpParams<N>, const N: usize>(
    xs: &[Fp<P, N>],
    snapshots: &[usize],
) -> Vec<Vec<Fp<P, N>>> {
    assert!(
        (N == 4 || N == 6) && cpu_has_ifma_cached(),
        "square_chain_lanes without applies"
    );
    let mut out = Vec::with_capacity(xs.len());
    for batch in xs.chunks(8) {
        // SAFETY: as for pow_lanes.
        out.extend(unsafe {
            if N == 6 {
                run_chain::<P, 8, N>(batch, snapshots, &ConstsOf::<P, N>::C8)
            } else {
                run_chain::<P, 6, N>(batch, snapshots, &ConstsOf::<P, N>::C6)
            }
        });
    }
    out
}

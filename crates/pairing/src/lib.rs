//! hayate-pairing: the optimal Ate pairing on BN and BLS12 curves (papers 000 and 001).
//!
//! Curves (each a module with type aliases and convenience functions):
//! * [`bn254_beuchat`] — the papers' 254-bit BN curve (z = 2⁶² − 2⁵⁴ + 2⁴⁴);
//! * [`bn254`] — alt_bn128 of Ethereum (EIP-196/197);
//! * [`bls12_381`] — BLS12-381 (Zcash, EIP-2537, IETF).
//!
//! Generic machinery: [`engine`] (what a pairing curve is), [`miller`] (Miller loop, lines,
//! prepared G2, multi-pairing; its kernels per instruction set are in [`backend`]), [`final_exp`], [`gt`], [`g2`] (Frobenius on the twist); the unit tests hold `reference`, a deliberately
//! naive pairing used only as a test oracle. With the `zkcrypto` feature, `zk` implements the
//! zkcrypto `ff` / `group` / `pairing` traits on newtypes of each curve's types.
//!
//! ```
//! use hayate_pairing::bls12_381::{pairing, G1Affine, G2Affine, Fr};
//! let a = Fr::from_u64(5);
//! let p = G1Affine::generator();
//! let q = G2Affine::generator();
//! // a point times its curve's scalar type (`CurveParams::Scalar` = Fr), constant time
//! let pa = (p * a).to_affine();
//! // e(aP, Q) = e(P, Q)^a
//! assert_eq!(pairing(&pa, &q), pairing(&p, &q).pow_scalar(&a));
//! ```
//!
//! `no_std`: with the default feature `std` off the crate needs only `core` and `alloc` (and
//! builds hayate-ec and hayate-arith without their `std`); the multi-pairings' shares
//! ([`multi_pairing_threads`]) then run one after the other on the caller, with the same
//! value. The `zkcrypto` feature needs std and turns it on.
//!
//! Feature `opcount` (off by default; the CLI's report turns it on): the module `opcount`,
//! paper 001's operation counts of the production Miller loop and final exponentiation.

#![cfg_attr(not(any(feature = "std", test)), no_std)]
#![deny(missing_docs)]

extern crate alloc;

pub mod backend;
pub mod bls12_381;
pub mod bn254;
pub mod bn254_beuchat;
pub mod ct_mul;
pub mod encoding;
pub mod engine;
pub mod evm;
pub mod final_exp;
pub mod g2;
pub mod gls;
pub mod gt;
pub mod hash_to_curve;
pub mod miller;
#[cfg(feature = "opcount")]
pub mod opcount;
#[cfg(test)]
mod reference;
pub mod subgroup;
#[cfg(feature = "zkcrypto")]
pub mod zk;

pub use engine::{Family, PairingCurve, TwistType};
pub use gt::Gt;
pub use miller::G2Prepared;

use hayate_ec::Affine;

/// e(P, Q) for P ∈ G1, Q ∈ G2 (inputs assumed validated: on curve and in the subgroups).
pub fn pairing<E: PairingCurve<N>, const N: usize>(
    p: &Affine<E::G1>,
    q: &Affine<E::G2>,
) -> Gt<E, N> {
    let f = miller::miller_loop::<E, N>(p, q);
    Gt(final_exp::final_exponentiation::<E, N>(&f))
}

/// ∏ e(P_i, Q_i) with one shared Miller-loop squaring chain and one final exponentiation.
pub fn multi_pairing<E: PairingCurve<N>, const N: usize>(
    pairs: &[miller::AffinePair<E, N>],
) -> Gt<E, N> {
    Gt(final_exp::final_exponentiation::<E, N>(
        &miller::multi_miller_loop_affine::<E, N>(pairs),
    ))
}

/// ∏ e(P_i, Q_i) for G2 points whose lines were precomputed ([`G2Prepared::new`]): the
/// fixed-argument form for keys that take part in many pairings (e.g. FE decryption keys).
pub fn multi_pairing_prepared<E: PairingCurve<N>, const N: usize>(
    pairs: &[(&Affine<E::G1>, &G2Prepared<E, N>)],
) -> Gt<E, N> {
    Gt(final_exp::final_exponentiation::<E, N>(
        &miller::multi_miller_loop::<E, N>(pairs),
    ))
}

/// [`multi_pairing`] with the pairs' Miller loops shared out over up to `threads` threads
/// (scoped threads; the calling thread takes one share): each share runs the same
/// [`miller::multi_miller_loop_affine`] on a contiguous slice of the pairs, the partial products
/// are multiplied and one final exponentiation follows. Same value as [`multi_pairing`] for
/// every input and thread count. `threads ≤ 1`, or fewer than two pairs per share, runs on the
/// caller alone. The split depends only on the number of pairs, never on their values.
///
/// Products of many pairings (functional-encryption decryption: 40 pairs in paper 000's
/// Table 5 configuration) gain close to the thread count on an idle machine; a pairing costs
/// hundreds of microseconds, so the thread start-up (tens of microseconds) is small beside it.
pub fn multi_pairing_threads<E: PairingCurve<N>, const N: usize>(
    pairs: &[miller::AffinePair<E, N>],
    threads: usize,
) -> Gt<E, N> {
    let f = split_product(pairs, lane_threads::<E, N>(pairs.len(), threads), &|s| {
        miller::multi_miller_loop_affine::<E, N>(s)
    });
    Gt(final_exp::final_exponentiation::<E, N>(&f))
}

/// [`multi_pairing_prepared`] shared out over up to `threads` threads, as
/// [`multi_pairing_threads`] does for unprepared pairs; same value.
pub fn multi_pairing_prepared_threads<E: PairingCurve<N>, const N: usize>(
    pairs: &[(&Affine<E::G1>, &G2Prepared<E, N>)],
    threads: usize,
) -> Gt<E, N> {
    let threads = lane_threads::<E, N>(pairs.len(), threads);
    let f = split_product(pairs, threads, &|s| miller::multi_miller_loop::<E, N>(s));
    Gt(final_exp::final_exponentiation::<E, N>(&f))
}

/// The thread count for `pairs` pairs: where the Miller loop runs in eight IFMA lanes
/// ([`miller::lanes_available`]), a share of up to eight pairs costs one lane group whatever
/// its size, so at most one share per eight pairs. (Nine to fifteen pairs still split into
/// two shares, one of which may fall below a lanes threshold: four affine pairs, five or
/// eight prepared ones.)
fn lane_threads<E: PairingCurve<N>, const N: usize>(pairs: usize, threads: usize) -> usize {
    if miller::lanes_available::<E, N>() && pairs >= miller::LANES_MIN_PAIRS {
        threads.min(pairs.div_ceil(8))
    } else {
        threads
    }
}

/// ∏ loop(share) over `threads` contiguous shares of `items` (at least two items per share),
/// the first share on the calling thread and the others on scoped threads (without the `std`
/// feature: every share on the caller, in order; same product).
fn split_product<T: Sync, P: hayate_arith::TowerParams<N>, const N: usize>(
    items: &[T],
    threads: usize,
    run: &(dyn Fn(&[T]) -> hayate_arith::Fp12<P, N> + Sync),
) -> hayate_arith::Fp12<P, N> {
    let shares = threads.clamp(1, (items.len() / 2).max(1));
    if shares == 1 {
        return run(items);
    }
    let chunk = items.len().div_ceil(shares);
    #[cfg(not(feature = "std"))]
    {
        let mut chunks = items.chunks(chunk);
        let mut f = run(chunks.next().unwrap_or(&[]));
        for c in chunks {
            f *= run(c);
        }
        f
    }
    #[cfg(feature = "std")]
    std::thread::scope(|scope| {
        let mut chunks = items.chunks(chunk);
        let first = chunks.next().unwrap_or(&[]);
        // a share whose thread cannot be started runs on the caller
        let spawned: Vec<_> = chunks
            .map(|c| {
                let h = std::thread::Builder::new().spawn_scoped(scope, move || run(c));
                (c, h.ok())
            })
            .collect();
        let mut f = run(first);
        for (c, h) in spawned {
            // the loops do not panic; if a share did, it is recomputed here
            f *= match h.map(|h| h.join()) {
                Some(Ok(g)) => g,
                _ => run(c),
            };
        }
        f
    })
}

/// Type aliases and shortcuts for one curve module.
#[macro_export]
#[doc(hidden)]
macro_rules! curve_aliases {
    ($E:ident, $N:literal) => {
        /// Base field.
        pub type Fp = hayate_arith::Fp<<$E as $crate::PairingCurve<$N>>::Fp, $N>;
        /// Quadratic extension (G2 coordinates).
        pub type Fp2 = hayate_arith::Fp2<<$E as $crate::PairingCurve<$N>>::Fp, $N>;
        /// Degree-12 extension (GT lives here).
        pub type Fp12 = hayate_arith::Fp12<<$E as $crate::PairingCurve<$N>>::Fp, $N>;
        /// Scalar field (order r).
        pub type Fr = hayate_arith::Fp<<$E as $crate::PairingCurve<$N>>::Fr, 4>;
        /// A point of G1 (or of E(Fp)), affine.
        pub type G1Affine = hayate_ec::Affine<G1Params>;
        /// A point of G1 (or of E(Fp)), homogeneous projective.
        pub type G1Projective = hayate_ec::Projective<G1Params>;
        /// A point of G2 (or of the twist), affine.
        pub type G2Affine = hayate_ec::Affine<G2Params>;
        /// A point of G2 (or of the twist), homogeneous projective.
        pub type G2Projective = hayate_ec::Projective<G2Params>;
        /// An element of the target group GT.
        pub type Gt = $crate::Gt<$E, $N>;
        /// A G2 point with its Miller-loop lines precomputed.
        pub type G2Prepared = $crate::G2Prepared<$E, $N>;

        /// e(P, Q).
        pub fn pairing(p: &G1Affine, q: &G2Affine) -> Gt {
            $crate::pairing::<$E, $N>(p, q)
        }
        /// ∏ e(P_i, Q_i).
        pub fn multi_pairing(pairs: &[(G1Affine, G2Affine)]) -> Gt {
            $crate::multi_pairing::<$E, $N>(pairs)
        }
    };
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bn254::Bn254;

    /// The threaded products equal the single-threaded ones for every pair count (including
    /// none, one, and counts that do not divide evenly), thread count and an identity point.
    #[test]
    fn threaded_products_match() {
        type E = Bn254;
        let g1 = Affine::<<E as PairingCurve<4>>::G1>::generator();
        let g2 = Affine::<<E as PairingCurve<4>>::G2>::generator();
        let pairs: Vec<miller::AffinePair<E, 4>> = (0..17u64)
            .map(|i| {
                let p = if i == 5 {
                    Affine::identity()
                } else {
                    g1.mul_vartime(&[3 * i + 1]).to_affine()
                };
                (p, g2.mul_vartime(&[7 * i + 2]).to_affine())
            })
            .collect();
        let prepared: Vec<G2Prepared<E, 4>> =
            pairs.iter().map(|(_, q)| G2Prepared::new(q)).collect();
        for n in [0, 1, 2, 3, 9, 17] {
            let want = multi_pairing::<E, 4>(&pairs[..n]);
            let refs: Vec<_> = pairs[..n]
                .iter()
                .zip(&prepared)
                .map(|((p, _), q)| (p, q))
                .collect();
            for threads in [0, 1, 2, 3, 8] {
                assert_eq!(
                    multi_pairing_threads::<E, 4>(&pairs[..n], threads),
                    want,
                    "{n} {threads}"
                );
                assert_eq!(
                    multi_pairing_prepared_threads::<E, 4>(&refs, threads),
                    want,
                    "{n} {threads}"
                );
            }
        }
    }
}

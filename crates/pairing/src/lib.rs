//! hayate-pairing: the optimal Ate pairing on BN and BLS12 curves (papers 000 and 001).
//!
//! Curves (each a module with type aliases and convenience functions):
//! * [`bn254_beuchat`] — the papers' 254-bit BN curve (z = 2⁶² − 2⁵⁴ + 2⁴⁴);
//! * [`bn254`] — alt_bn128 of Ethereum (EIP-196/197);
//! * [`bls12_381`] — BLS12-381 (Zcash, EIP-2537, IETF).
//!
//! Generic machinery: [`engine`] (what a pairing curve is), [`miller`] (Miller loop, lines,
//! prepared G2, multi-pairing), [`final_exp`], [`gt`], [`g2`] (Frobenius on the twist); the unit tests hold `reference`, a deliberately
//! naive pairing used only as a test oracle.
//!
//! ```
//! use hayate_pairing::bls12_381::{pairing, G1Affine, G2Affine, Fr};
//! let a = Fr::from_u64(5);
//! let p = G1Affine::generator();
//! let q = G2Affine::generator();
//! let pa = p.mul_ct(&a.to_limbs()).to_affine();
//! // e(aP, Q) = e(P, Q)^a
//! assert_eq!(pairing(&pa, &q), pairing(&p, &q).pow(&a.to_limbs()));
//! ```

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
pub mod glv_msm;
pub mod gt;
pub mod hash_to_curve;
pub mod miller;
pub mod opcount;
#[cfg(test)]
mod reference;
pub mod subgroup;

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
        pub type G1Affine = hayate_ec::Affine<G1Params>;
        pub type G1Projective = hayate_ec::Projective<G1Params>;
        pub type G2Affine = hayate_ec::Affine<G2Params>;
        pub type G2Projective = hayate_ec::Projective<G2Params>;
        pub type Gt = $crate::Gt<$E, $N>;
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

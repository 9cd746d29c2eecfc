//! Which tower-level kernels exist for a pairing tower: each tower declares its set
//! ([`crate::TowerParams::KERNELS`]), and every tower-level dispatch in the library asks
//! [`kernels`] for it instead of recognising the tower by the shape of its constants.
//!
//! | set | tower | MULX (Fp6/Fp12 lazy products, lines, doubling step (hayate-pairing), compressed squarings) | MULX cyclotomic squaring | IFMA squarings and GT power lanes | IFMA Miller lanes, doubling steps (hayate-pairing) | IFMA G2 columns | MULX G2 point formulas |
//! |---|---|---|---|---|---|---|---|
//! | [`KernelSet::Bls12_381`] | N = 6, u² = −1, ξ = 1 + u, p < 2^381 | yes | yes | yes | yes (M-type, 3b′ = 12(1 + u)) | yes | — |
//! | [`KernelSet::Bn254Beuchat`] | N = 4, u² = −5, ξ = u, 6p < 2^256 | yes | yes | yes | yes (D-type, 3b′ = −3u) | yes | yes |
//! | [`KernelSet::AltBn128`] | N = 4, u² = −1, ξ = 9 + u, 4p < 2^256 | — | yes | yes | — | yes | — |
//! | [`KernelSet::Composed`] | any | — | — | — | — | — | — |
//!
//! A tower that declares a set it does not fit (another limb count, β, ξ, or a modulus above
//! the set's bound, on which the kernels' unreduced sums would overflow) does not compile: the
//! check in [`kernels`] is a compile-time assertion. Whether a kernel then runs also depends on
//! the CPU and the build ([`super::active`]).

use crate::TowerParams;

/// A tower's set of tower-level kernels (see the module docs' table).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum KernelSet {
    /// No tower kernels: Fp6 and Fp12 are composed from the Fp2 and Fp operations.
    Composed,
    /// BLS12-381's tower shape: N = 6, u² = −1, ξ = 1 + u, p < 2^381.
    Bls12_381,
    /// bn254-beuchat's tower shape: N = 4, u² = −5, ξ = u, 6p < 2^256.
    Bn254Beuchat,
    /// alt_bn128's tower shape: N = 4, u² = −1, ξ = 9 + u, 4p < 2^256.
    AltBn128,
}

impl KernelSet {
    /// Whether a tower with N-limb modulus `m`, u² = −`beta_neg` and ξ = `xi` fits this set.
    pub const fn fits<const N: usize>(self, m: &[u64; N], beta_neg: u8, xi: (u8, u8)) -> bool {
        let top = m[N - 1];
        match self {
            KernelSet::Composed => true,
            KernelSet::Bls12_381 => {
                N == 6 && top >> 61 == 0 && beta_neg == 1 && xi.0 == 1 && xi.1 == 1
            }
            KernelSet::Bn254Beuchat => {
                N == 4 && top < u64::MAX / 6 && beta_neg == 5 && xi.0 == 0 && xi.1 == 1
            }
            KernelSet::AltBn128 => {
                N == 4 && top >> 62 == 0 && beta_neg == 1 && xi.0 == 9 && xi.1 == 1
            }
        }
    }

    /// The MULX tower kernels (x86-64 with BMI2/ADX): Fp6 and Fp12 lazy products, the line
    /// products and doubling steps, cyclotomic and compressed squarings.
    pub const fn mulx(self) -> bool {
        matches!(self, KernelSet::Bls12_381 | KernelSet::Bn254Beuchat)
    }

    /// The MULX Granger–Scott cyclotomic squaring kernel (x86-64 with BMI2/ADX; the compressed
    /// squarings belong to [`Self::mulx`]).
    pub const fn mulx_cyclo(self) -> bool {
        !matches!(self, KernelSet::Composed)
    }

    /// The AVX-512 IFMA squaring kernels (compressed and cyclotomic squarings, GT power lanes).
    pub const fn ifma_squarings(self) -> bool {
        !matches!(self, KernelSet::Composed)
    }

    /// The AVX-512 IFMA Miller lanes and doubling-step lanes (products of pairings).
    pub const fn ifma_miller(self) -> bool {
        self.mulx()
    }

    /// The AVX-512 IFMA G2 column loop (a kernel of `hayate-ec`).
    pub const fn ifma_g2(self) -> bool {
        !matches!(self, KernelSet::Composed)
    }

    /// The MULX G2 point formulas (bn254-beuchat's twist; kernels of `hayate-ec`).
    pub const fn mulx_points(self) -> bool {
        matches!(self, KernelSet::Bn254Beuchat)
    }
}

/// The kernel set that applies to P's tower in this build: [`crate::TowerParams::KERNELS`], or
/// [`KernelSet::Composed`] for an operation-counting tower or a build forced to the portable
/// code. Whether P fits its declared set is checked at compile time. Folds to a constant.
#[inline(always)]
pub fn kernels<P: TowerParams<N>, const N: usize>() -> KernelSet {
    const {
        assert!(
            P::KERNELS.fits(&P::MODULUS, P::BETA_NEG, P::XI),
            "the tower does not fit the kernel set it declares"
        )
    };
    if P::COUNT_OPS || super::PORTABLE_FORCED {
        KernelSet::Composed
    } else {
        P::KERNELS
    }
}

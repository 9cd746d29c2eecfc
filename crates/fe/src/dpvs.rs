//! Dual pairing vector spaces (DPVS) of Okamoto and Takashima, built as direct products of an
//! asymmetric pairing group: V = G1^N, V* = G2^N, with canonical bases
//! a_i = (0, …, G, …, 0) and a*_i = (0, …, H, …, 0) (G, H the standard generators) and the
//! pairing of vectors e(x, y) = ∏ᵢ e(xᵢ, yᵢ), computed by [`pair`] with one multi-pairing
//! (one shared Miller-loop squaring chain and one final exponentiation).
//!
//! Reference: T. Okamoto, K. Takashima, "Fully Secure Functional Encryption with General
//! Relations from the Decisional Linear Assumption", CRYPTO 2010, IACR eprint 2010/563,
//! §2 (DPVS, algorithm G_ob) and Appendix A.2 (DPVS by direct product of asymmetric pairing
//! groups).
//!
//! **Random dual orthonormal bases** (G_ob): ψ ← F_r^×, X = (χ_{i,j}) ← GL(N, F_r),
//! (ϑ_{i,j}) = ψ·(Xᵀ)⁻¹, b_i = Σ_j χ_{i,j} a_j, b*_i = Σ_j ϑ_{i,j} a*_j. Then
//! e(b_i, b*_j) = e(G, H)^{ψ·(XΘᵀ)_{ij}} = g_T^{δ_ij} with g_T = e(G, H)^ψ. The inversion is
//! Gauss–Jordan elimination over F_r ([`Matrix::invert`]), constant time in the (secret) matrix
//! entries: a zero pivot is repaired by adding every lower row under a `subtle` mask, never by
//! a data-dependent branch or index.
//!
//! Bases are kept as their coefficient matrices ([`DualBases`]: X for B, Θ for B*) and turned
//! into group vectors on demand: [`to_g1`]/[`to_g2`] (one constant-time fixed-base comb
//! multiplication of the generator per coordinate) and [`lincomb_g1`] (Σ_k c_k·v_k of G1
//! vectors with secret coefficients: a constant-time Straus multi-scalar multiplication per
//! coordinate, [`hayate_pairing::ct_mul::msm_ct`]).

use hayate_arith::Field;
use hayate_ec::Projective;
use hayate_pairing::{ct_mul, Gt};
use rand_core::{CryptoRng, RngCore};
use subtle::Choice;

use crate::curve::{FeCurve, Scalar, G1, G2};

/// A square matrix over a field, row-major.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Matrix<F: Field> {
    n: usize,
    a: Vec<F>,
}

impl<F: Field> Matrix<F> {
    /// The n×n zero matrix.
    pub fn zero(n: usize) -> Self {
        Matrix {
            n,
            a: vec![F::ZERO; n * n],
        }
    }

    /// The n×n identity.
    pub fn identity(n: usize) -> Self {
        let mut m = Self::zero(n);
        for i in 0..n {
            m.a[i * n + i] = F::ONE;
        }
        m
    }

    /// A matrix from its rows; `None` if the rows are not n vectors of length n.
    pub fn from_rows(rows: &[Vec<F>]) -> Option<Self> {
        let n = rows.len();
        if rows.iter().any(|r| r.len() != n) {
            return None;
        }
        Some(Matrix {
            n,
            a: rows.concat(),
        })
    }

    /// Uniformly random entries.
    pub fn random(n: usize, rng: &mut impl RngCore) -> Self {
        Matrix {
            n,
            a: (0..n * n).map(|_| F::random(rng)).collect(),
        }
    }

    /// The dimension n.
    pub fn dim(&self) -> usize {
        self.n
    }

    /// Entry (i, j), 0-based.
    pub fn get(&self, i: usize, j: usize) -> F {
        self.a[i * self.n + j]
    }

    /// Row i, 0-based.
    pub fn row(&self, i: usize) -> &[F] {
        &self.a[i * self.n..(i + 1) * self.n]
    }

    /// The transpose.
    pub fn transpose(&self) -> Self {
        let n = self.n;
        let mut t = Self::zero(n);
        for i in 0..n {
            for j in 0..n {
                t.a[j * n + i] = self.a[i * n + j];
            }
        }
        t
    }

    /// s·M.
    pub fn scale(&self, s: &F) -> Self {
        Matrix {
            n: self.n,
            a: self.a.iter().map(|x| *x * *s).collect(),
        }
    }

    /// The product M·R; `None` if the dimensions differ.
    pub fn mul(&self, r: &Self) -> Option<Self> {
        if self.n != r.n {
            return None;
        }
        let n = self.n;
        let mut p = Self::zero(n);
        for i in 0..n {
            for k in 0..n {
                let x = self.a[i * n + k];
                for j in 0..n {
                    p.a[i * n + j] += x * r.a[k * n + j];
                }
            }
        }
        Some(p)
    }

    /// M⁻¹ by Gauss–Jordan elimination on (M | I), or `None` if M is singular.
    ///
    /// Constant time in the entries (only the final singular/non-singular answer is
    /// branched on): for column k, while the pivot is zero every row below is added to row k
    /// under a mask (a row operation, applied to both halves), then row k is scaled by the
    /// pivot's inverse (constant-time inversion) and column k is cleared in every other row.
    pub fn invert(&self) -> Option<Self> {
        let n = self.n;
        let mut a = self.a.clone();
        let mut inv = Self::identity(n).a;
        let mut ok = Choice::from(1u8);
        for k in 0..n {
            for i in k + 1..n {
                let z = a[k * n + k].is_zero();
                for j in 0..n {
                    let s = a[k * n + j] + a[i * n + j];
                    a[k * n + j].conditional_assign(&s, z);
                    let s = inv[k * n + j] + inv[i * n + j];
                    inv[k * n + j].conditional_assign(&s, z);
                }
            }
            let p = a[k * n + k];
            ok &= !p.is_zero();
            let pinv = p.invert_safegcd().unwrap_or(F::ZERO);
            for j in 0..n {
                a[k * n + j] *= pinv;
                inv[k * n + j] *= pinv;
            }
            for i in 0..n {
                if i == k {
                    continue;
                }
                let f = a[i * n + k];
                for j in 0..n {
                    let (ak, ik) = (a[k * n + j], inv[k * n + j]);
                    a[i * n + j] -= f * ak;
                    inv[i * n + j] -= f * ik;
                }
            }
        }
        if bool::from(ok) {
            Some(Matrix { n, a: inv })
        } else {
            None
        }
    }
}

/// A pair of dual orthonormal bases (B, B*) of dimension N, as coefficient matrices on the
/// canonical bases: b_i = Σ_j x[i][j]·a_j, b*_i = Σ_j theta[i][j]·a*_j, with X·Θᵀ = ψ·I.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DualBases<F: Field> {
    pub x: Matrix<F>,
    pub theta: Matrix<F>,
}

impl<F: Field> DualBases<F> {
    /// G_ob for one space: X ← GL(N, F) (a random matrix, drawn again in the negligible event
    /// that it is singular), Θ = ψ·(Xᵀ)⁻¹.
    pub fn generate(n: usize, psi: &F, rng: &mut impl RngCore) -> Self {
        loop {
            let x = Matrix::<F>::random(n, rng);
            if let Some(xi) = x.invert() {
                return DualBases {
                    theta: xi.transpose().scale(psi),
                    x,
                };
            }
        }
    }
}

/// A uniformly random non-zero field element.
pub fn random_nonzero<F: Field>(rng: &mut (impl RngCore + CryptoRng)) -> F {
    loop {
        let x = F::random(rng);
        if !bool::from(x.is_zero()) {
            return x;
        }
    }
}

/// (c_1·G, …, c_N·G) ∈ G1^N for secret coefficients (constant time: the generator's
/// fixed-base comb, [`ct_mul::generator_table`]).
pub fn to_g1<E: FeCurve<N>, const N: usize>(coeffs: &[Scalar<E, N>]) -> Vec<G1<E, N>> {
    let t = ct_mul::generator_table::<E::G1>();
    let v: Vec<Projective<E::G1>> = coeffs.iter().map(|c| t.mul(&c.to_limbs())).collect();
    Projective::batch_to_affine(&v)
}

/// (c_1·H, …, c_N·H) ∈ G2^N for secret coefficients (constant time, fixed-base comb).
pub fn to_g2<E: FeCurve<N>, const N: usize>(coeffs: &[Scalar<E, N>]) -> Vec<G2<E, N>> {
    let t = ct_mul::generator_table::<E::G2>();
    let v: Vec<Projective<E::G2>> = coeffs.iter().map(|c| t.mul(&c.to_limbs())).collect();
    Projective::batch_to_affine(&v)
}

/// Σ_k c_k·v_k for G1 vectors v_k of a common length and secret coefficients c_k: per
/// coordinate one constant-time Straus multi-scalar multiplication ([`ct_mul::msm_ct`]).
pub fn lincomb_g1<E: FeCurve<N>, const N: usize>(
    vectors: &[&[G1<E, N>]],
    coeffs: &[Scalar<E, N>],
) -> Vec<G1<E, N>> {
    assert_eq!(
        vectors.len(),
        coeffs.len(),
        "lincomb_g1: one coefficient per vector"
    );
    let len = vectors.first().map_or(0, |v| v.len());
    let limbs: Vec<[u64; 4]> = coeffs.iter().map(|c| c.to_limbs()).collect();
    let out: Vec<Projective<E::G1>> = (0..len)
        .map(|j| {
            let pts: Vec<Projective<E::G1>> =
                vectors.iter().map(|v| Projective::from(v[j])).collect();
            ct_mul::msm_ct(&pts, &limbs, SCALAR_BITS)
        })
        .collect();
    Projective::batch_to_affine(&out)
}

/// Bits of the scalars given to the constant-time multiplications (every r here is < 2^256).
const SCALAR_BITS: usize = 256;

/// The DPVS pairing e(x, y) = ∏ᵢ e(xᵢ, yᵢ) of x ∈ G1^n and y ∈ G2^n, one multi-pairing;
/// `None` if the lengths differ.
pub fn pair<E: FeCurve<N>, const N: usize>(x: &[G1<E, N>], y: &[G2<E, N>]) -> Option<Gt<E, N>> {
    if x.len() != y.len() {
        return None;
    }
    let pairs: Vec<(G1<E, N>, G2<E, N>)> = x.iter().copied().zip(y.iter().copied()).collect();
    Some(hayate_pairing::multi_pairing::<E, N>(&pairs))
}

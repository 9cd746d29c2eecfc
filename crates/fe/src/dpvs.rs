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
//! into group vectors on demand: [`to_g1`]/[`to_g2`] (one constant-time multiplication by the
//! generator's fixed-base table per coordinate) and [`lincomb_rows_g1`] / [`lincomb_g1`]
//! (Σ_k c_k·v_k of G1 vectors with secret coefficients, for many coefficient rows over one
//! basis: a constant-time GLV–Straus multi-scalar multiplication per coordinate, sharing the
//! scalar decompositions across coordinates and the point tables across rows).

use hayate_arith::{Field, FpParams};
use hayate_ec::fixed::FixedWindows;
use hayate_ec::{glv, msm_vartime, Affine, CurveParams, Jacobian, Projective};
use hayate_pairing::ct_mul;
use hayate_pairing::Gt;
use rand_core::{CryptoRng, RngCore};
use subtle::{Choice, ConditionallySelectable, ConstantTimeEq};

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
/// canonical bases: b_i = Σ_j x\[i\]\[j\]·a_j, b*_i = Σ_j theta\[i\]\[j\]·a*_j, with X·Θᵀ = ψ·I.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DualBases<F: Field> {
    /// X: row i holds the coordinates of b_i on the canonical basis.
    pub x: Matrix<F>,
    /// Θ: row i holds the coordinates of b*_i on the canonical dual basis.
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
/// fixed-base table, [`FixedWindows::generator`]).
pub fn to_g1<E: FeCurve<N>, const N: usize>(coeffs: &[Scalar<E, N>]) -> Vec<G1<E, N>> {
    let t = FixedWindows::<Projective<E::G1>>::generator();
    let v: Vec<Projective<E::G1>> = coeffs.iter().map(|c| t.mul(&c.to_limbs())).collect();
    Projective::batch_to_affine(&v)
}

/// (c_1·H, …, c_N·H) ∈ G2^N for secret coefficients (constant time, the generator's
/// fixed-base table).
pub fn to_g2<E: FeCurve<N>, const N: usize>(coeffs: &[Scalar<E, N>]) -> Vec<G2<E, N>> {
    let t = FixedWindows::<Projective<E::G2>>::generator();
    let v: Vec<Projective<E::G2>> = coeffs.iter().map(|c| t.mul(&c.to_limbs())).collect();
    Projective::batch_to_affine(&v)
}

/// Σ_k c_k·v_k for G1 vectors v_k of a common length and secret coefficients c_k
/// (constant time): [`lincomb_rows_g1`] for one row.
pub fn lincomb_g1<E: FeCurve<N>, const N: usize>(
    vectors: &[&[G1<E, N>]],
    coeffs: &[Scalar<E, N>],
) -> Vec<G1<E, N>> {
    lincomb_rows_g1::<E, N>(vectors, &[coeffs.to_vec()])
        .pop()
        .unwrap_or_default()
}

/// For each coefficient row (c_{r,1}, …, c_{r,m}), the vector Σ_k c_{r,k}·v_k, for public G1
/// vectors v_1 … v_m of a common length L in the order-r subgroup and secret coefficients
/// (constant time in the coefficients): [`lincomb_rows_g1_many`] for one basis.
pub fn lincomb_rows_g1<E: FeCurve<N>, const N: usize>(
    vectors: &[&[G1<E, N>]],
    rows: &[Vec<Scalar<E, N>>],
) -> Vec<Vec<G1<E, N>>> {
    lincomb_rows_g1_many::<E, N>(&[(vectors, rows)])
        .pop()
        .unwrap_or_default()
}

/// One job of [`lincomb_rows_g1_many`]: G1 vectors (a basis) and coefficient rows.
pub type RowsJob<'a, E, const N: usize> = (&'a [&'a [G1<E, N>]], &'a [Vec<Scalar<E, N>>]);

/// [`lincomb_rows_g1`] for several bases at once (OT10's c₀ and every category of a
/// ciphertext in one call, so that the SIMD batches are full): per job and row, Σ_k c_k·v_k.
///
/// Each coordinate is a constant-time GLV–Straus multi-scalar multiplication
/// ([`hayate_ec::glv_lincomb::glv_lincomb_ct_rows`]: each c_k ≡ ±k₁ ± k₂λ (mod r) with
/// half-length k₁, k₂, recoded once into signed odd 5-bit digits and shared by the L
/// coordinates; the odd multiples of every basis point built once for all rows of its job in
/// affine form; one chain of doublings per coordinate with a mixed addition per term and
/// window, eight coordinates at a time in AVX-512 IFMA lanes where the CPU has them). Table
/// reads scan every entry under masks and the signs are conditional negations, so the
/// operation sequence and the memory accesses do not depend on the coefficients. An
/// exceptional case of the incomplete formulas (a known small relation between the points of
/// a coordinate; negligible for the random bases of a DPVS) is detected and that coordinate
/// recomputed by complete formulas, so the result is always right. Curves without a GLV
/// endomorphism use [`ct_mul::msm_ct`] on 256-bit scalars per coordinate.
///
/// Rows with a coefficient count different from the number of vectors use the shorter of
/// the two; coordinates beyond the shortest vector are ignored. Points of the curve outside
/// the subgroup give Σ_k (k₁ + k₂φ)·v_k instead, which becomes Σ_k c_k·(h·v_k) after
/// multiplying by any h that maps the curve into the subgroup.
pub fn lincomb_rows_g1_many<E: FeCurve<N>, const N: usize>(
    jobs: &[RowsJob<'_, E, N>],
) -> Vec<Vec<Vec<G1<E, N>>>> {
    // coordinate j of a job: (v_1[j], …, v_m[j])
    let coords: Vec<Vec<Vec<G1<E, N>>>> = jobs
        .iter()
        .map(|(vectors, _)| {
            let len = vectors.iter().map(|v| v.len()).min().unwrap_or(0);
            (0..len)
                .map(|j| vectors.iter().map(|v| v[j]).collect())
                .collect()
        })
        .collect();
    let limbs: Vec<Vec<Vec<[u64; 4]>>> = jobs
        .iter()
        .map(|(_, rows)| {
            rows.iter()
                .map(|r| r.iter().map(|x| x.to_limbs()).collect())
                .collect()
        })
        .collect();
    let coord_refs: Vec<Vec<&[G1<E, N>]>> = coords
        .iter()
        .map(|c| c.iter().map(|v| v.as_slice()).collect())
        .collect();
    let row_refs: Vec<Vec<&[[u64; 4]]>> = limbs
        .iter()
        .map(|rows| rows.iter().map(|r| r.as_slice()).collect())
        .collect();
    let sets: Vec<hayate_ec::glv_lincomb::RowSet<'_, E::G1>> = coord_refs
        .iter()
        .zip(&row_refs)
        .map(|(c, r)| (c.as_slice(), r.as_slice()))
        .collect();
    let projective =
        hayate_ec::glv_lincomb::glv_lincomb_ct_rows::<E::G1>(&sets).unwrap_or_else(|_| {
            // no GLV endomorphism: one constant-time MSM per coordinate
            coords
                .iter()
                .zip(&limbs)
                .map(|(cs, rows)| {
                    rows.iter()
                        .map(|row| {
                            cs.iter()
                                .map(|c| {
                                    let pts: Vec<Projective<E::G1>> =
                                        c.iter().map(|p| Projective::from(*p)).collect();
                                    let m = pts.len().min(row.len());
                                    ct_mul::msm_ct(&pts[..m], &row[..m], SCALAR_BITS)
                                })
                                .collect()
                        })
                        .collect()
                })
                .collect()
        });
    // one batched normalisation for everything
    let flat: Vec<Projective<E::G1>> = projective.iter().flatten().flatten().copied().collect();
    let mut affine = Projective::batch_to_affine(&flat).into_iter();
    projective
        .iter()
        .map(|rows| {
            rows.iter()
                .map(|r| affine.by_ref().take(r.len()).collect())
                .collect()
        })
        .collect()
}

/// Fixed-base tables of public G1 vectors v_1 … v_m (common length L, order-r subgroup) for
/// constant-time linear combinations with secret coefficients and no doublings: the
/// [`lincomb_rows_g1`] computation with, per basis point P, a fixed-base window table for
/// half-length scalars ([`FixedWindows`], read through [`FixedWindows::lookup`]) combined with
/// the GLV split: row w holds (e + 1)·32^w·P for e < 16, w < windows(half_bits), affine; the
/// rows of φ(P) are read through the same entries ((x, y) ↦ (βx, y) after the lookup). A coordinate Σ_k c_k·v_k\[j\] then costs 2·m·windows mixed additions and no doubling
/// (about 1.4–2× less than the shared-doubling Straus of [`lincomb_rows_g1`] for m = 3), at
/// 16·windows affine points of memory per basis point (≈ 43 KB on BLS12-381, 27 KB on BN254)
/// and about 16·windows point operations per basis point to build.
///
/// It exists beside [`FixedWindows`] because its accumulation is different work: all
/// coordinates and rows advance in lock step in affine coordinates with one batched inversion
/// per step ([`lincomb_fixed_many`]), over the GLV halves of several coefficients.
///
/// Curves without a GLV endomorphism keep the vectors and use [`lincomb_rows_g1`].
#[derive(Clone, Debug)]
pub struct FixedVectors<E: FeCurve<N>, const N: usize> {
    vectors: Vec<Vec<G1<E, N>>>,
    len: usize,
    windows: usize,
    /// Base k·len + j: v_k\[j\], for half-length scalars; `None` without GLV
    tables: Option<FixedWindows<Projective<E::G1>>>,
}

impl<E: FeCurve<N>, const N: usize> FixedVectors<E, N> {
    /// Builds the tables of `vectors` (public points; coordinates beyond the shortest vector
    /// are ignored).
    pub fn new(vectors: &[&[G1<E, N>]]) -> Self {
        let len = vectors.iter().map(|v| v.len()).min().unwrap_or(0);
        let owned: Vec<Vec<G1<E, N>>> = vectors.iter().map(|v| v[..len].to_vec()).collect();
        let Ok(glv_c) = glv::constants::<E::G1>() else {
            return FixedVectors {
                vectors: owned,
                len,
                windows: 0,
                tables: None,
            };
        };
        let bases: Vec<Projective<E::G1>> = owned
            .iter()
            .flatten()
            .map(|p| Projective::from(*p))
            .collect();
        let tables = FixedWindows::new_many(&bases, glv_c.half_bits as usize);
        FixedVectors {
            vectors: owned,
            len,
            windows: tables.windows(),
            tables: Some(tables),
        }
    }

    /// The vectors the tables were built from.
    pub fn vectors(&self) -> &[Vec<G1<E, N>>] {
        &self.vectors
    }

    /// For each coefficient row (c_{r,1}, …, c_{r,m}), the vector Σ_k c_{r,k}·v_k — the same
    /// values as [`lincomb_rows_g1`], by [`lincomb_fixed_many`] on this one job.
    pub fn lincomb_rows(&self, rows: &[Vec<Scalar<E, N>>]) -> Vec<Vec<G1<E, N>>> {
        lincomb_fixed_many(&[(self, rows)])
            .pop()
            .unwrap_or_default()
    }
}

/// One job of [`lincomb_fixed_many`]: the tables and the coefficient rows to apply to them.
pub type FixedJob<'a, E, const N: usize> = (&'a FixedVectors<E, N>, &'a [Vec<Scalar<E, N>>]);

/// [`FixedVectors::lincomb_rows`] for several (tables, coefficient rows) jobs at once, e.g. all
/// categories of an OT10 ciphertext: result `[job][row][coordinate]`, affine.
///
/// Constant time in the coefficients: every output coordinate is an accumulator that receives
/// 2·m·windows table points (signed digits of the GLV halves, the lookups scan whole table
/// rows with `subtle` selects). All accumulators advance in lock step in **affine
/// coordinates**, one addition each per step, the slope denominators of a step inverted
/// together (Montgomery's trick, one constant-time safegcd inversion per step,
/// [`hayate_ec::batch_invert`]): about 5M + 2S + 3M per addition instead of the ≈ 11M + 2·m₃b
/// of a complete mixed projective addition. The affine addition is made complete with selects,
/// not branches: the doubling slope 3x₁²/2y₁ when x₁ = x₂ (the denominator is never zero, as
/// the curves here have no point of order 2), the identity for P + (−P), and the identity
/// operand (digit 0, the starting accumulator) by selecting the other operand.
pub fn lincomb_fixed_many<E: FeCurve<N>, const N: usize>(
    jobs: &[FixedJob<'_, E, N>],
) -> Vec<Vec<Vec<G1<E, N>>>> {
    type Digits = (Vec<i8>, Choice, Vec<i8>, Choice);
    let Ok(glv_c) = glv::constants::<E::G1>() else {
        return jobs
            .iter()
            .map(|(f, rows)| {
                let refs: Vec<&[G1<E, N>]> = f.vectors.iter().map(|v| v.as_slice()).collect();
                lincomb_rows_g1::<E, N>(&refs, rows)
            })
            .collect();
    };
    let beta = glv_c.beta;
    // per job and row: the digits of the m coefficients
    let digits: Vec<Vec<Vec<Digits>>> = jobs
        .iter()
        .map(|(f, rows)| {
            rows.iter()
                .map(|row| {
                    let m = f.vectors.len();
                    let coeffs =
                        (0..m).map(|k| row.get(k).copied().unwrap_or(Scalar::<E, N>::ZERO));
                    glv_digits::<E, N>(&glv_c, coeffs, f.windows)
                })
                .collect()
        })
        .collect();
    // accumulators: (job, row, coordinate)
    let accs: Vec<(usize, usize, usize)> = jobs
        .iter()
        .enumerate()
        .flat_map(|(b, (f, rows))| {
            (0..rows.len()).flat_map(move |r| (0..f.len).map(move |j| (b, r, j)))
        })
        .collect();
    let steps = |b: usize| 2 * jobs[b].0.vectors.len() * jobs[b].0.windows;
    let max_steps = (0..jobs.len()).map(steps).max().unwrap_or(0);
    let mut acc = vec![Affine::<E::G1>::identity(); accs.len()];
    let mut q = acc.clone();
    let mut num = vec![<E::G1 as CurveParams>::Base::ZERO; accs.len()];
    let mut den = num.clone();
    for st in 0..max_steps {
        let active: Vec<usize> = (0..accs.len()).filter(|&a| st < steps(accs[a].0)).collect();
        for &a in &active {
            let (b, r, j) = accs[a];
            let f = jobs[b].0;
            let (k, w, half) = (st / (2 * f.windows), (st / 2) % f.windows, st % 2);
            let (d1, n1, d2, n2) = &digits[b][r][k];
            let lookup = |d: i8, flip: Choice| match &f.tables {
                Some(t) => t.lookup(k * f.len + j, w, d, flip),
                None => Affine::identity(),
            };
            q[a] = if half == 0 {
                lookup(d1[w], *n1)
            } else {
                let e = lookup(d2[w], *n2);
                Affine { x: e.x * beta, ..e }
            };
            (num[a], den[a]) = slope_parts(&acc[a], &q[a]);
        }
        let mut inv: Vec<_> = active.iter().map(|&a| den[a]).collect();
        hayate_ec::batch_invert(&mut inv);
        for (&a, i) in active.iter().zip(&inv) {
            acc[a] = affine_add_with_slope(&acc[a], &q[a], &(num[a] * *i));
        }
    }
    let mut out: Vec<Vec<Vec<G1<E, N>>>> = jobs
        .iter()
        .map(|(f, rows)| vec![Vec::with_capacity(f.len); rows.len()])
        .collect();
    for ((b, r, _), p) in accs.into_iter().zip(acc) {
        out[b][r].push(p);
    }
    out
}

/// Numerator and denominator of the slope of p + q in affine coordinates, in constant time:
/// (y₂ − y₁, x₂ − x₁), or (3x₁², 2y₁) when x₁ = x₂; the denominator is replaced by 1 when it
/// would be zero (an identity operand; y₁ ≠ 0 on curves without points of order 2), where
/// [`affine_add_with_slope`] ignores the slope.
fn slope_parts<C: CurveParams>(p: &Affine<C>, q: &Affine<C>) -> (C::Base, C::Base) {
    let same_x = p.x.ct_eq(&q.x);
    let x2 = p.x.square();
    let num = C::Base::conditional_select(&(q.y - p.y), &(x2.double() + x2), same_x);
    let den = C::Base::conditional_select(&(q.x - p.x), &p.y.double(), same_x);
    let z = den.is_zero();
    (num, C::Base::conditional_select(&den, &C::Base::ONE, z))
}

/// p + q in affine coordinates given the slope λ of [`slope_parts`] (constant time): the chord
/// / tangent formula, then the identity for p = −q and the other operand when one is the
/// identity, by selects.
fn affine_add_with_slope<C: CurveParams>(p: &Affine<C>, q: &Affine<C>, l: &C::Base) -> Affine<C> {
    let x3 = l.square() - p.x - q.x;
    let y3 = *l * (p.x - x3) - p.y;
    let r = Affine {
        x: x3,
        y: y3,
        infinity: Choice::from(0),
    };
    let opposite = p.x.ct_eq(&q.x) & !p.y.ct_eq(&q.y);
    let r = Affine::conditional_select(&r, &Affine::identity(), opposite);
    let r = Affine::conditional_select(&r, p, q.infinity);
    Affine::conditional_select(&r, q, p.infinity)
}

/// Σ_k c_k·v_k for G1 vectors v_k in the order-r subgroup and **public** coefficients
/// (variable time; decryption's reconstruction coefficients). Coefficients 0 and ±1 cost
/// nothing and one addition per coordinate; any other coefficient is decomposed once
/// (c ≡ ±k₁ ± k₂λ, [`glv::decompose_with`]) and each coordinate is one joint-wNAF GLV
/// multiplication by the shared halves ([`hayate_ec::glv::endo_mul_vartime`]);
/// [`hayate_ec::msm_vartime`] on curves without the endomorphism. The result has the length
/// of the shortest vector.
pub fn lincomb_g1_vartime<E: FeCurve<N>, const N: usize>(
    vectors: &[&[G1<E, N>]],
    coeffs: &[Scalar<E, N>],
) -> Vec<Projective<E::G1>> {
    enum Coef<B> {
        Zero,
        One,
        MinusOne,
        Glv([([u64; 4], bool); 2], B),
        Plain([u64; 4]),
    }
    let len = vectors.iter().map(|v| v.len()).min().unwrap_or(0);
    let glv_c = glv::constants::<E::G1>().ok();
    let order = <E::Fr as FpParams<4>>::MODULUS;
    let one = Scalar::<E, N>::ONE;
    let kinds: Vec<Coef<<E::G1 as CurveParams>::Base>> = coeffs
        .iter()
        .map(|c| {
            if bool::from(c.is_zero()) {
                Coef::Zero
            } else if *c == one {
                Coef::One
            } else if *c == -one {
                Coef::MinusOne
            } else if let Some(g) = &glv_c {
                let d = glv::decompose_with(g, &order, &c.to_limbs());
                Coef::Glv(
                    [(d.k1, bool::from(d.neg1)), (d.k2, bool::from(d.neg2))],
                    g.beta,
                )
            } else {
                Coef::Plain(c.to_limbs())
            }
        })
        .collect();
    (0..len)
        .map(|j| {
            let mut acc = Projective::identity();
            for (v, k) in vectors.iter().zip(&kinds) {
                acc = match k {
                    Coef::Zero => acc,
                    Coef::One => acc.add_affine(&v[j]),
                    Coef::MinusOne => acc.add_affine(&v[j].neg()),
                    Coef::Glv(parts, beta) => {
                        let beta = *beta;
                        acc.add(&glv::endo_mul_vartime(
                            &Projective::from(v[j]),
                            parts,
                            |_, e: &Affine<E::G1>| Affine {
                                x: e.x * beta,
                                ..*e
                            },
                            |_| None,
                        ))
                    }
                    Coef::Plain(l) => acc.add(&msm_vartime(&[v[j]], &[*l]).unwrap_or_default()),
                };
            }
            acc
        })
        .collect()
}

/// Σ_k c_k·v_k for G1 vectors and small **public** integer coefficients (variable time;
/// decryption's scaled reconstruction coefficients, see `ot10`'s deviation 4): each
/// coefficient is recoded once into its non-adjacent form, and every coordinate is one
/// interleaved double-and-add (Straus) over all terms in Jacobian coordinates with
/// branching mixed additions (the exceptional cases are handled). Zero coefficients cost
/// nothing. The result has the length of the shortest vector.
pub fn lincomb_small_vartime<C: CurveParams>(
    vectors: &[&[Affine<C>]],
    coeffs: &[i64],
) -> Vec<Projective<C>> {
    let len = vectors.iter().map(|v| v.len()).min().unwrap_or(0);
    let nafs: Vec<(Vec<i8>, bool)> = coeffs
        .iter()
        .map(|c| (hayate_ec::recode::wnaf(&[c.unsigned_abs()], 2), *c < 0))
        .collect();
    let top = nafs.iter().map(|(d, _)| d.len()).max().unwrap_or(0);
    (0..len)
        .map(|j| {
            let mut acc = Jacobian::<C>::identity();
            for i in (0..top).rev() {
                acc = acc.double();
                for (v, (d, neg)) in vectors.iter().zip(&nafs) {
                    match d.get(i) {
                        Some(&dg) if dg != 0 => {
                            let p = if (dg < 0) != *neg { v[j].neg() } else { v[j] };
                            acc = acc.add_affine_vartime(&p);
                        }
                        _ => {}
                    }
                }
            }
            Projective::from(acc)
        })
        .collect()
}

/// Per secret coefficient c ≡ ±k₁ ± k₂λ (mod r): the signed radix-32 digits of k₁ and k₂
/// (`windows` each) and the two signs (constant time: [`glv::decompose_with`],
/// [`hayate_ec::recode::signed_window`]).
fn glv_digits<E: FeCurve<N>, const N: usize>(
    glv_c: &glv::GlvConstants<<E::G1 as CurveParams>::Base>,
    coeffs: impl Iterator<Item = Scalar<E, N>>,
    windows: usize,
) -> Vec<(Vec<i8>, Choice, Vec<i8>, Choice)> {
    let order = <E::Fr as FpParams<4>>::MODULUS;
    let recode = |k: &[u64]| {
        hayate_ec::recode::signed_window(k, ct_mul::W, windows, hayate_ec::recode::TopDigit::Signed)
    };
    coeffs
        .map(|c| {
            let d = glv::decompose_with(glv_c, &order, &c.to_limbs());
            (recode(&d.k1), d.neg1, recode(&d.k2), d.neg2)
        })
        .collect()
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

#[cfg(test)]
mod tests {
    use super::*;
    use hayate_pairing::bls12_381::Bls12381;
    use hayate_pairing::bn254_beuchat::Bn254Beuchat;

    /// The select-completed affine addition of [`lincomb_fixed_many`] against the complete
    /// projective addition on every special case: P + Q, P + P, P + (−P), P + O, O + P, O + O.
    fn affine_addition_cases<E: FeCurve<N>, const N: usize>() {
        let g = Projective::<E::G1>::generator();
        let p = g.mul_vartime(&[5, 0, 0, 0]).to_affine();
        let q = g.mul_vartime(&[0x1234_5678, 9, 0, 0]).to_affine();
        let o = Affine::<E::G1>::identity();
        for (a, b) in [(p, q), (q, p), (p, p), (p, p.neg()), (p, o), (o, p), (o, o)] {
            let (num, den) = slope_parts(&a, &b);
            assert!(!bool::from(den.is_zero()));
            let l = num * den.invert().unwrap();
            let want = Projective::from(a).add_affine(&b).to_affine();
            assert_eq!(affine_add_with_slope(&a, &b, &l), want, "{a:?} + {b:?}");
        }
    }

    #[test]
    fn affine_addition_special_cases() {
        affine_addition_cases::<Bls12381, 6>();
        affine_addition_cases::<Bn254Beuchat, 4>();
    }

    /// Both ways to compute Σ_k c_k·v_k over rows ([`lincomb_rows_g1_many`], in SIMD lanes
    /// where the CPU has them, and the fixed-base tables of [`FixedVectors`]) against plain
    /// variable-time multiplications, over two bases of different dimensions in one call, with a zero and
    /// a one coefficient.
    fn lincomb_paths<E: FeCurve<N>, const N: usize>() {
        use rand::SeedableRng;
        let mut rng = rand::rngs::StdRng::seed_from_u64(21);
        let g = Projective::<E::G1>::generator();
        let basis = |m: usize, len: usize, rng: &mut rand::rngs::StdRng| -> Vec<Vec<G1<E, N>>> {
            (0..m)
                .map(|_| {
                    (0..len)
                        .map(|_| {
                            g.mul_scalar_vartime(&Scalar::<E, N>::random(rng))
                                .to_affine()
                        })
                        .collect()
                })
                .collect()
        };
        let (a, b) = (basis(3, 7, &mut rng), basis(3, 5, &mut rng));
        let mut rows_a: Vec<Vec<Scalar<E, N>>> = (0..4)
            .map(|_| (0..3).map(|_| Scalar::<E, N>::random(&mut rng)).collect())
            .collect();
        rows_a[1][0] = Scalar::<E, N>::ZERO;
        rows_a[2][2] = Scalar::<E, N>::ONE;
        let rows_b = vec![(0..3)
            .map(|_| Scalar::<E, N>::random(&mut rng))
            .collect::<Vec<_>>()];
        let ra: Vec<&[G1<E, N>]> = a.iter().map(|x| x.as_slice()).collect();
        let rb: Vec<&[G1<E, N>]> = b.iter().map(|x| x.as_slice()).collect();
        let got = lincomb_rows_g1_many::<E, N>(&[(&ra, &rows_a), (&rb, &rows_b)]);
        let fixed = FixedVectors::<E, N>::new(&ra).lincomb_rows(&rows_a);
        for (vs, rows, out) in [(&a, &rows_a, &got[0]), (&b, &rows_b, &got[1])] {
            for (row, vec) in rows.iter().zip(out) {
                for (j, p) in vec.iter().enumerate() {
                    let want = row
                        .iter()
                        .zip(vs.iter())
                        .fold(Projective::<E::G1>::identity(), |acc, (c, v)| {
                            acc.add(&Projective::from(v[j]).mul_scalar_vartime(c))
                        });
                    assert_eq!(*p, want.to_affine());
                }
            }
        }
        assert_eq!(fixed, got[0]);
    }

    #[test]
    fn lincomb_rows_lanes_and_fixed_tables() {
        lincomb_paths::<Bls12381, 6>();
        lincomb_paths::<Bn254Beuchat, 4>();
    }
}

//! Constant-time products \[k\]P of **one fixed base** by many secret scalars, by the Straus
//! loop of [`crate::glv_lincomb`] on short pieces: each GLV half k₁, k₂ of k
//! ([`glv::decompose_with`]) is cut into [`PIECES`] pieces of s = ⌈half_bits/4⌉ bits,
//!
//!   \[k\]P = Σ_i k₁,ᵢ·Pᵢ + k₂,ᵢ·φ(Pᵢ),  Pᵢ = 2^(s·i)·P,
//!
//! so a product is a Straus sum of eight s-bit terms over the four precomputed bases Pᵢ (their
//! odd-multiple tables built once, φ(Pᵢ)'s read through Pᵢ's): ⌈s/5⌉ windows — a quarter of the
//! doublings of the one-base combination of [`glv_lincomb::glv_lincomb_ct_terms`] — for a few
//! more additions. This is the "multiple fixed bases" splitting of the comb methods (Lim–Lee,
//! CRYPTO 1994; HMV *Guide to ECC* §3.3.2) applied inside the GLV halves. FAME's KeyGen uses it
//! for the g^{−σ} components ([`GlvFixedBase::generator`]); where the base field has SIMD
//! lanes ([`crate::straus`]) the products run eight at a time.
//!
//! It is not a table of the one fixed-base structure [`crate::fixed::FixedWindows`] (one
//! complete addition per signed 5-bit window of the whole scalar, one scalar at a time): it
//! feeds the tables and the Straus loop of [`glv_lincomb`] — odd-multiple tables of the four
//! Pᵢ and their images φ(Pᵢ), the lanes' batches of eight scalars — so its table building and
//! lookups are [`glv_lincomb`]'s, not a second copy of the window table's.
//!
//! Every piece is made odd and recoded into odd signed digits like a half-scalar of
//! [`glv_lincomb`] (the lost Pᵢ subtracted under a select), so the loop is the same
//! constant-time code. **Exceptions**: a collision on the way is a relation U + Vλ ≡ 0 (mod n)
//! between partial sums with |U|, |V| < 2^(s·3 + 5·⌈s/5⌉) ≈ 2^(half_bits + 3), a point of the GLV
//! lattice in that box, as improbable for random scalars as for the one-base combinations (see
//! [`glv_lincomb`]'s module docs); a result with Z = 0 is recomputed by complete formulas from
//! the whole halves, so the answer is always right.

use crate::affine::Affine;
use crate::curve::CurveParams;
use crate::glv::{self, GlvConstants, NoEndomorphism};
use crate::glv_lincomb::{self, half_lane, Job, Tables, B};
use crate::projective::Projective;
use crate::Field;
use alloc::{vec, vec::Vec};

/// Pieces per GLV half.
pub const PIECES: usize = 4;

/// A base P prepared for [`GlvFixedBase::mul_many`]: the odd-multiple tables of
/// P, 2^s·P, 2^(2s)·P, 2^(3s)·P.
pub struct GlvFixedBase<C: CurveParams> {
    base: Affine<C>,
    glv_c: GlvConstants<C::Base>,
    /// s: bits per piece.
    piece_bits: usize,
    /// The tables of the Pᵢ (`None` throughout when P is O or of order ≤ 31), affine and
    /// in the SIMD lanes' form where the lanes built them.
    tables: Tables<C>,
}

/// The base and the table layout (pieces, bits per piece), not the tables' points.
impl<C: CurveParams> core::fmt::Debug for GlvFixedBase<C> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("GlvFixedBase")
            .field("base", &self.base)
            .field("pieces", &self.tables.affine.len())
            .field("piece_bits", &self.piece_bits)
            .field("lanes", &!self.tables.lanes.is_empty())
            .finish_non_exhaustive()
    }
}

impl<C: CurveParams> GlvFixedBase<C> {
    /// The tables for base P (public; variable time). Errors if the curve has no GLV
    /// endomorphism.
    pub fn new(base: &Affine<C>) -> Result<Self, NoEndomorphism> {
        let glv_c = glv::constants::<C>()?;
        let piece_bits = (glv_c.half_bits as usize).div_ceil(PIECES);
        let mut pts = Vec::with_capacity(PIECES);
        let mut q = Projective::from(*base);
        for _ in 0..PIECES {
            pts.push(q);
            q = q.double_n(piece_bits);
        }
        let pts = Projective::batch_to_affine(&pts);
        let mut tables = glv_lincomb::odd_tables(&pts, &glv_c.beta, true);
        if tables.affine.iter().any(|t| t.is_none()) {
            tables.affine = vec![None; PIECES];
            tables.lanes = Vec::new();
        }
        Ok(Self {
            base: *base,
            glv_c,
            piece_bits,
            tables,
        })
    }

    /// The shared tables of the curve's generator, built on first use.
    pub fn generator() -> Result<&'static Self, NoEndomorphism>
    where
        C: 'static,
        Self: Send + Sync,
    {
        crate::fixed::per_type(|| Self::new(&Projective::<C>::generator().to_affine()))
            .as_ref()
            .map_err(|e| *e)
    }

    /// The base P.
    pub fn base(&self) -> &Affine<C> {
        &self.base
    }

    /// \[k\]P for every scalar k (four little-endian limbs, used modulo n; secret): constant
    /// time in the scalars. For P outside the order-n subgroup the result is (k₁ + k₂φ)(P)
    /// with k's GLV split, as for a one-base [`glv_lincomb::glv_lincomb_ct_terms`].
    pub fn mul_many(&self, scalars: &[[u64; 4]]) -> Vec<Projective<C>> {
        self.mul_many_with(scalars, true)
    }

    /// [`Self::mul_many`], with the SIMD lanes allowed or not (for the tests).
    #[doc(hidden)]
    pub fn mul_many_with(&self, scalars: &[[u64; 4]], simd: bool) -> Vec<Projective<C>> {
        if scalars.is_empty() {
            return Vec::new();
        }
        let n = glv::order_limbs::<C>();
        if self.tables.affine[0].is_none() {
            return scalars.iter().map(|k| self.complete(&n, k)).collect();
        }
        let s = self.piece_bits;
        let windows = s.div_ceil(B);
        // lane 2·PIECES·j + PIECES·h + i: piece i of half h of scalar j
        let mut pieces = Vec::with_capacity(2 * PIECES * scalars.len());
        for k in scalars {
            let d = glv::decompose_with(&self.glv_c, &n, k);
            for (mag, neg, endo) in [(d.k1, d.neg1, false), (d.k2, d.neg2, true)] {
                for i in 0..PIECES {
                    pieces.push(half_lane(bits(&mag, s * i, s), neg, endo, windows));
                }
            }
        }
        let jobs: Vec<Job> = (0..scalars.len())
            .map(|j| Job {
                combo: j,
                active: Vec::new(),
                terms: (0..2 * PIECES)
                    .map(|l| (2 * PIECES * j + l, l % PIECES))
                    .collect(),
            })
            .collect();
        let beta = &self.glv_c.beta;
        let simd_out = if simd && crate::straus::available::<C::Base>() {
            glv_lincomb::straus_simd(&jobs, &self.tables.lanes, windows, &pieces)
        } else {
            None
        };
        jobs.iter()
            .zip(scalars)
            .enumerate()
            .map(|(i, (job, k))| {
                let acc = match &simd_out {
                    Some(out) => out[i],
                    None => {
                        glv_lincomb::straus_scalar(job, &self.tables.affine, beta, windows, &pieces)
                    }
                };
                // public by design (see the module docs), declassified for the valgrind evidence
                if crate::valgrind::declassify(bool::from(acc.z.is_zero())) {
                    self.complete(&n, k)
                } else {
                    Projective::from(acc)
                }
            })
            .collect()
    }

    /// \[k\]P by complete formulas on the whole GLV halves (constant time).
    fn complete(&self, n: &[u64; 4], k: &[u64; 4]) -> Projective<C> {
        let nbits = self.glv_c.half_bits as usize;
        let halves = glv_lincomb::lanes(&self.glv_c, n, &[*k], nbits.div_ceil(B));
        glv_lincomb::complete_path(&[self.base], &halves, &[(0, 0)], &self.glv_c.beta, nbits)
    }
}

/// Bits [at, at + len) of x (len ≤ 64), as a four-limb integer.
fn bits(x: &[u64; 4], at: usize, len: usize) -> [u64; 4] {
    let (q, r) = (at / 64, at % 64);
    let mut v = x.get(q).copied().unwrap_or(0) >> r;
    if r > 0 {
        v |= x.get(q + 1).copied().unwrap_or(0) << (64 - r);
    }
    if len < 64 {
        v &= (1u64 << len) - 1;
    }
    [v, 0, 0, 0]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::curves::Secp256k1;

    /// On secp256k1 (scalar loop; the SIMD lanes are tested on BN/BLS12 G1 in
    /// `hayate_pairing`): against plain multiplications for random and edge scalars (0, 1,
    /// n − 1, n, 2^255, all ones — pieces that are zero, even, all ones), a random base and the
    /// generator's shared tables; the identity base gives O.
    #[test]
    fn matches_plain_multiplication() {
        type C = Secp256k1;
        let g = Projective::<C>::generator();
        let mut seed = 0x0f1e_2d3c_4b5a_6978u64;
        let mut rnd = || -> [u64; 4] {
            core::array::from_fn(|_| {
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                seed
            })
        };
        let n = glv::order_limbs::<C>();
        let mut n1 = n;
        n1[0] -= 1;
        let mut scalars: Vec<[u64; 4]> = (0..10).map(|_| rnd()).collect();
        scalars.extend([
            [0; 4],
            [1, 0, 0, 0],
            n1,
            n,
            [0, 0, 0, 1 << 63],
            [u64::MAX; 4],
            [0xffff_ffff, 0, 0, 0],
        ]);
        let p = g.mul_vartime(&rnd()).to_affine();
        for (base, fixed) in [
            (p, GlvFixedBase::<C>::new(&p).unwrap()),
            (
                g.to_affine(),
                GlvFixedBase::<C>::new(&g.to_affine()).unwrap(),
            ),
        ] {
            let got = fixed.mul_many_with(&scalars, false);
            let dflt = fixed.mul_many(&scalars);
            for (j, k) in scalars.iter().enumerate() {
                let want = Projective::from(base).mul_vartime(k).to_affine();
                assert_eq!(got[j].to_affine(), want, "scalar {j}");
                assert_eq!(dflt[j].to_affine(), want, "default path, scalar {j}");
            }
        }
        let shared = GlvFixedBase::<C>::generator().unwrap();
        assert_eq!(shared.base(), &g.to_affine());
        assert_eq!(
            shared.mul_many(&scalars[..1])[0].to_affine(),
            g.mul_vartime(&scalars[0]).to_affine()
        );
        let o = GlvFixedBase::<C>::new(&Affine::identity()).unwrap();
        assert!(o
            .mul_many(&scalars)
            .iter()
            .all(|r| bool::from(r.is_identity())));
        assert!(o.mul_many(&[]).is_empty());
    }

    #[test]
    fn pieces_cut_and_rejoin() {
        let x = [0x0123_4567_89ab_cdef, 0xfedc_ba98_7654_3210, 7, 1 << 63];
        assert_eq!(bits(&x, 0, 32), [0x89ab_cdef, 0, 0, 0]);
        assert_eq!(bits(&x, 48, 33), [0x3210_0123, 0, 0, 0]);
        assert_eq!(bits(&x, 192, 64), [1 << 63, 0, 0, 0]);
        assert_eq!(bits(&x, 250, 33), [1 << 5, 0, 0, 0]);
        assert_eq!(bits(&x, 256, 10), [0; 4]);
    }
}

//! Fixed-base scalar multiplication with precomputed tables: the Lim–Lee comb (C. H. Lim and
//! P. J. Lee, "More flexible exponentiation with precomputation", CRYPTO '94; Hankerson–Menezes–
//! Vanstone, *Guide to Elliptic Curve Cryptography*, Algorithm 3.44 for the single-table comb),
//! for issue 4's "fixed-base comb with precomputed tables for the generator".
//!
//! ## Layout
//! For a base P, a t-bit scalar range, w teeth and v sub-tables: d = v·e ≥ ⌈t/w⌉ columns, and
//! for s ∈ [0, v), j ∈ [0, 2^w)
//!
//! ```text
//! T[s][j] = Σ_{i<w, bit i of j set} [2^(i·d + s·e)]P        (T[s][0] = O)
//! ```
//!
//! \[k\]P for k < 2^(w·d) is then, for c = e − 1 down to 0: Q ← 2Q, then for each s:
//! Q ← Q + T[s][Σ_i k_(i·d + s·e + c)·2^i] — e doublings and v·e = d mixed additions instead of t
//! doublings and t/4 additions for the plain fixed window ([`Projective::mul_ct`]).
//!
//! The v·2^w table points are computed in projective coordinates and normalised to affine with
//! one inversion by Montgomery's trick ([`Projective::batch_to_affine`], built on
//! [`crate::batch_invert`]), so the additions are the complete mixed formulas of Renes–Costello–
//! Batina (Algorithms 2/5/8, [`Projective::add_affine`]).
//!
//! ## Constant time
//! Every table read scans all 2^w entries of the sub-table with `subtle` conditional selects
//! (no secret-dependent index or branch); the loop bounds depend only on the table shape and on
//! `k.len()`. Scalars longer than the table's t = 64·L bits (L limbs) are processed in L-limb
//! chunks by Horner's rule (64·L doublings between chunks), so the integer k is used as is, as
//! in [`Projective::mul_ct`].
//!
//! [`CombTable::generator`] returns a per-curve table for G built on first use and kept for the
//! life of the process.

use std::any::{Any, TypeId};
use std::collections::BTreeMap;
use std::sync::{Mutex, OnceLock};

use subtle::{ConditionallySelectable, ConstantTimeEq};

use crate::affine::Affine;
use crate::bit;
use crate::curve::CurveParams;
use crate::projective::Projective;

/// Default number of teeth w (2^w entries per sub-table).
pub const DEFAULT_TEETH: u32 = 5;
/// Default number of sub-tables v.
pub const DEFAULT_SUBTABLES: u32 = 4;

/// A Lim–Lee comb table for one base point (see the module docs).
#[derive(Clone, Debug)]
pub struct CombTable<C: CurveParams> {
    /// v sub-tables of 2^w affine points each, sub-table s at [s·2^w, (s+1)·2^w).
    table: Vec<Affine<C>>,
    w: u32,
    v: usize,
    e: usize,
    d: usize,
    /// Limbs of scalar covered in one pass (64·limbs ≤ w·d).
    limbs: usize,
}

impl<C: CurveParams> CombTable<C> {
    /// The table for base `p` with the default shape (w = 5, v = 4: 128 points) covering scalars of as many
    /// limbs as the group order.
    pub fn new(p: &Projective<C>) -> Self {
        Self::with_shape(p, DEFAULT_TEETH, DEFAULT_SUBTABLES, C::ORDER.len())
    }

    /// The table for base `p` with w teeth (clamped to [1, 8]) and v sub-tables (clamped to
    /// [1, 64]) covering `limbs`-limb scalars (at least 1) in one pass.
    pub fn with_shape(p: &Projective<C>, w: u32, v: u32, limbs: usize) -> Self {
        let w = w.clamp(1, 8);
        let v = v.clamp(1, 64) as usize;
        let limbs = limbs.max(1);
        let t = 64 * limbs;
        let e = t.div_ceil(w as usize).div_ceil(v);
        let d = e * v;
        // bases[s][i] = [2^(i·d + s·e)]P
        let mut rows = Vec::with_capacity(v << w);
        let mut b0 = *p; // [2^(s·e)]P
        for _ in 0..v {
            let mut bases = Vec::with_capacity(w as usize);
            let mut bi = b0;
            for _ in 0..w {
                bases.push(bi);
                bi = bi.double_n(d);
            }
            // subset sums: row[2^i + m] = row[m] + bases[i]
            let mut row = vec![Projective::identity(); 1 << w];
            for (i, b) in bases.iter().enumerate() {
                for m in 0..1usize << i {
                    row[(1 << i) + m] = row[m].add(b);
                }
            }
            rows.extend(row);
            b0 = b0.double_n(e);
        }
        let table = Projective::batch_to_affine(&rows);
        Self {
            table,
            w,
            v,
            e,
            d,
            limbs,
        }
    }

    /// The shared table for the curve's generator G, built on first use (default shape).
    pub fn generator() -> &'static Self {
        static TABLES: OnceLock<Mutex<BTreeMap<TypeId, &'static (dyn Any + Send + Sync)>>> =
            OnceLock::new();
        let map = TABLES.get_or_init(|| Mutex::new(BTreeMap::new()));
        let mut guard = map.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        let entry = guard.entry(TypeId::of::<C>()).or_insert_with(|| {
            Box::leak(Box::new(Self::new(&Projective::generator())))
                as &'static (dyn Any + Send + Sync)
        });
        match entry.downcast_ref::<Self>() {
            Some(t) => t,
            // The map is keyed by C's TypeId, so the entry always has this type.
            None => unreachable!("comb table of another curve under this curve's key"),
        }
    }

    /// Number of teeth w.
    pub fn teeth(&self) -> u32 {
        self.w
    }

    /// Number of sub-tables v.
    pub fn subtables(&self) -> usize {
        self.v
    }

    /// Number of table points (v·2^w).
    pub fn len(&self) -> usize {
        self.table.len()
    }

    /// Always false (a table has at least 2 points).
    pub fn is_empty(&self) -> bool {
        self.table.is_empty()
    }

    /// T[s][digit] by a scan of the whole sub-table with conditional selects (constant time).
    #[inline]
    fn lookup(&self, s: usize, digit: u64) -> Affine<C> {
        let n = 1usize << self.w;
        let mut r = Affine::identity();
        for (j, q) in self.table[s * n..(s + 1) * n].iter().enumerate() {
            r.conditional_assign(q, (j as u64).ct_eq(&digit));
        }
        r
    }

    /// \[k\]P for k of at most `self.limbs` limbs, constant time.
    fn mul_chunk(&self, k: &[u64]) -> Projective<C> {
        let mut acc = Projective::identity();
        for c in (0..self.e).rev() {
            acc = acc.double();
            for s in 0..self.v {
                let col = s * self.e + c;
                let mut digit = 0u64;
                for i in (0..self.w as usize).rev() {
                    digit = (digit << 1) | bit(k, i * self.d + col);
                }
                acc = acc.add_affine(&self.lookup(s, digit));
            }
        }
        acc
    }

    /// \[k\]P in constant time (k: little-endian limbs, used as an integer; the running time
    /// depends only on `k.len()` and the table shape).
    pub fn mul_ct(&self, k: &[u64]) -> Projective<C> {
        let chunks: Vec<&[u64]> = k.chunks(self.limbs).collect();
        let mut acc = Projective::identity();
        for (idx, chunk) in chunks.iter().enumerate().rev() {
            if idx + 1 < chunks.len() {
                acc = acc.double_n(64 * self.limbs);
            }
            acc = acc.add(&self.mul_chunk(chunk));
        }
        acc
    }
}

/// \[k\]G with the curve's shared generator comb ([`CombTable::generator`]), constant time.
pub fn mul_generator_ct<C: CurveParams>(k: &[u64]) -> Projective<C> {
    CombTable::<C>::generator().mul_ct(k)
}

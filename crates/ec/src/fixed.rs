//! Fixed-base exponentiation by precomputed windows — the one fixed-base table of the
//! workspace, for elliptic-curve points (G1, G2, any [`CurveParams`] curve) and for
//! multiplicatively written groups such as the pairing target group GT (through the
//! [`WindowGroup`] trait).
//!
//! ## Method
//! Brickell–Gordon–McCurley–Wilson, "Fast exponentiation with precomputation" (EUROCRYPT
//! 1992), with signed digits: the scalar k is recoded into signed radix-2⁵ digits
//! k = Σ dᵢ·32ⁱ, dᵢ ∈ \[−16, 15\] ([`signed_window`] with [`TopDigit::Signed`]: shifts and
//! arithmetic only), and row i of the table holds j·32ⁱ·B for j = 1 … 16, so
//!
//! ```text
//! [k]B = Σᵢ sign(dᵢ)·row_i[|dᵢ| − 1]      (row entry 0 for dᵢ = 0)
//! ```
//!
//! costs one addition per window and **no doubling**: 52 additions for 256-bit scalars,
//! against 13 doublings and 52 additions for the Lim–Lee comb with 5 teeth and 4 sub-tables
//! (Lim–Lee, CRYPTO 1994; Hankerson–Menezes–Vanstone, *Guide to ECC*, Algorithm 3.44) and 256
//! doublings for a variable-base window method. Memory: 16 entries per window (832 affine
//! points for 256-bit scalars). Rows are built with one doubling or addition per entry
//! (even multiples by doubling, odd ones by adding B) and brought into their stored form
//! together ([`WindowGroup::to_entries`]: one inversion for all points of all bases of a
//! [`FixedWindows::new_many`] table, by Montgomery's trick).
//!
//! ## Contract
//! [`FixedWindows::new`]\(B, nbits\) (and [`FixedWindows::new_many`] for each of its bases)
//! serves scalars k < 2^nbits — every k below 2^(5·windows − 2), bits above that ignored — as
//! the integer k (no reduction modulo the group order; B may lie outside any subgroup). The accumulation uses the complete addition of the
//! group ([`WindowGroup::add_entry`]), so no input has an exceptional case.
//!
//! ## Constant time
//! [`FixedWindows::mul`] and [`FixedWindows::lookup`] are constant time in the scalar: the
//! recoding is branch-free, every entry is read by a scan of the whole 16-entry row with
//! `subtle` selects and a conditional negation ([`crate::msm::lookup_flipped`]), and the loop
//! runs `windows` times whatever k. Building a table uses the same complete, constant-time group
//! operations (and a constant-time batched normalisation), so the base may be secret too.
//!
//! ## Users
//! The generators' shared tables ([`FixedWindows::generator`]: g^k and h^k of FAME's and OT10's
//! keys and ciphertexts), FAME's encryption tables for H₁, H₂ ∈ G2 and T₁, T₂ ∈ GT
//! (`FixedWindows<Gt>`, implemented in `hayate_pairing::ct_mul`), and the FE vector tables (`hayate_fe::dpvs::FixedVectors`,
//! which reads rows through [`FixedWindows::lookup`] inside its batched affine accumulation).

use alloc::vec::Vec;
use subtle::{Choice, ConditionallySelectable};

use crate::affine::Affine;
use crate::curve::CurveParams;
use crate::msm::{lookup_flipped, T, W};
use crate::projective::Projective;
use crate::recode::{signed_window, signed_window_len, TopDigit};

/// A group usable as the element type of [`FixedWindows`], written additively: identity,
/// complete addition and doubling, and a stored form of the table entries (affine points for
/// curve points, the element itself in GT) that can be added to an element, negated and
/// selected in constant time.
pub trait WindowGroup: Copy {
    /// The form in which table entries are kept.
    type Entry: ConditionallySelectable;
    /// The neutral element.
    fn identity() -> Self;
    /// The neutral element in stored form.
    fn entry_identity() -> Self::Entry;
    /// self + o, complete (any operands, constant time).
    fn add(&self, o: &Self) -> Self;
    /// 2·self, complete (constant time).
    fn double(&self) -> Self;
    /// self + e for a stored entry e, complete (constant time).
    fn add_entry(&self, e: &Self::Entry) -> Self;
    /// −e in stored form (constant time).
    fn neg_entry(e: &Self::Entry) -> Self::Entry;
    /// The stored forms of `v`, in order (e.g. one batched normalisation).
    fn to_entries(v: Vec<Self>) -> Vec<Self::Entry>;
}

impl<C: CurveParams> WindowGroup for Projective<C> {
    type Entry = Affine<C>;
    #[inline]
    fn identity() -> Self {
        Projective::identity()
    }
    #[inline]
    fn entry_identity() -> Affine<C> {
        Affine::identity()
    }
    #[inline]
    fn add(&self, o: &Self) -> Self {
        Projective::add(self, o)
    }
    #[inline]
    fn double(&self) -> Self {
        Projective::double(self)
    }
    #[inline]
    fn add_entry(&self, e: &Affine<C>) -> Self {
        self.add_affine(e)
    }
    #[inline]
    fn neg_entry(e: &Affine<C>) -> Affine<C> {
        e.neg()
    }
    fn to_entries(v: Vec<Self>) -> Vec<Affine<C>> {
        Projective::batch_to_affine(&v)
    }
}

/// Window width in bits (the signed radix is 2^`WINDOW_BITS`).
pub const WINDOW_BITS: usize = W;
/// Entries per window row: the multiples 1 … 2^(`WINDOW_BITS` − 1).
pub const ROW: usize = T;

/// The fixed-window tables of one base B or of several bases B₀, B₁, … (see the module docs).
#[derive(Clone, Debug)]
pub struct FixedWindows<X: WindowGroup> {
    /// Row i of base b at [(b·windows + i)·ROW, (b·windows + i + 1)·ROW): entry j holds
    /// (j + 1)·32ⁱ·B_b.
    table: Vec<X::Entry>,
    windows: usize,
}

/// The rows of `base` in computed form, appended to `out`.
fn rows_of<X: WindowGroup>(base: &X, windows: usize, out: &mut Vec<X>) {
    let mut b = *base;
    for _ in 0..windows {
        let start = out.len();
        out.push(b);
        for i in 1..ROW {
            let next = if i % 2 == 1 {
                out[start + i / 2].double()
            } else {
                out[start + i - 1].add(&b)
            };
            out.push(next);
        }
        b = out[start + ROW - 1].double(); // 32·b
    }
}

impl<X: WindowGroup> FixedWindows<X> {
    /// The table of `base` for scalars below 2^`nbits`.
    pub fn new(base: &X, nbits: usize) -> Self {
        Self::new_many(core::slice::from_ref(base), nbits)
    }

    /// The tables of several bases (B₀, B₁, … = `bases`) for scalars below 2^`nbits`, in one
    /// structure, brought into stored form together (one inversion for all of them on
    /// curves); products by [`Self::mul_of`], entries by [`Self::lookup`].
    pub fn new_many(bases: &[X], nbits: usize) -> Self {
        let windows = signed_window_len(nbits, WINDOW_BITS, TopDigit::Signed);
        let mut flat = Vec::with_capacity(bases.len() * windows * ROW);
        for b in bases {
            rows_of(b, windows, &mut flat);
        }
        Self {
            table: X::to_entries(flat),
            windows,
        }
    }

    /// Number of bases.
    pub fn bases(&self) -> usize {
        self.table.len() / (ROW * self.windows)
    }

    /// Number of windows: scalars below 2^(5·windows − 2) are served.
    pub fn windows(&self) -> usize {
        self.windows
    }

    /// The signed digits of k for this table ([`signed_window`], `windows` of them).
    pub fn digits(&self, k: &[u64]) -> Vec<i8> {
        signed_window(k, WINDOW_BITS, self.windows, TopDigit::Signed)
    }

    /// d·32^`window`·B_`base` for a digit d ∈ \[−16, 16\], negated when `flip` is set, in
    /// stored form: one scan of the whole row with selects and one conditional negation
    /// (constant time in d and `flip`). `base` and `window` are public and must be below
    /// [`Self::bases`] and [`Self::windows`] (the identity is returned otherwise).
    #[inline]
    pub fn lookup(&self, base: usize, window: usize, d: i8, flip: Choice) -> X::Entry {
        let at = base
            .checked_mul(self.windows)
            .and_then(|r| r.checked_add(window))
            .and_then(|r| r.checked_mul(ROW))
            .filter(|_| window < self.windows);
        let row = at
            .and_then(|at| self.table.get(at..at.checked_add(ROW)?))
            .unwrap_or(&[]);
        lookup_flipped(row, d, flip, X::entry_identity(), X::neg_entry)
    }

    /// \[k\]B in constant time for k < 2^(5·windows − 2) (little-endian limbs, used as an
    /// integer; bits above are ignored): one complete addition per window, no doubling. B is
    /// the first base B₀ of a table of several.
    pub fn mul(&self, k: &[u64]) -> X {
        self.mul_of(0, k)
    }

    /// \[k\]B_`base` as [`Self::mul`] (`base` public; the identity for `base` ≥
    /// [`Self::bases`]).
    pub fn mul_of(&self, base: usize, k: &[u64]) -> X {
        let digits = self.digits(k);
        let mut acc = X::identity();
        for (w, &d) in digits.iter().enumerate() {
            acc = acc.add_entry(&self.lookup(base, w, d, Choice::from(0)));
        }
        acc
    }
}

/// The value `build()` returns for the type T, built on first use and kept for the life of the
/// process (one per type; e.g. a curve generator's tables): [`hayate_arith::once::per_type`].
pub(crate) use hayate_arith::once::per_type;

impl<C: CurveParams> FixedWindows<Projective<C>> {
    /// The table of the curve's generator for scalars of at most as many limbs as the group
    /// order (below 2^(64·limbs)), built on first use and kept for the life of the process
    /// (one per curve).
    pub fn generator() -> &'static Self
    where
        C: 'static,
        Self: Send + Sync,
    {
        per_type(|| Self::new(&Projective::generator(), 64 * C::ORDER.len()))
    }
}

/// \[k\]G for the curve generator G (k little-endian limbs, used as an integer), constant
/// time: by the shared table ([`FixedWindows::generator`]) for k of at most as many limbs as
/// the group order, by the fixed-window multiplication ([`Projective::mul_ct_bits`]) for longer
/// k (the choice depends only on the public length).
pub fn mul_generator_ct<C: CurveParams + 'static>(k: &[u64]) -> Projective<C>
where
    FixedWindows<Projective<C>>: Send + Sync,
{
    if k.len() > C::ORDER.len() {
        return Projective::generator().mul_ct_bits(k, 64 * k.len());
    }
    FixedWindows::<Projective<C>>::generator().mul(k)
}

//! Scalar multiplication \[k\]P for scalars given as little-endian `u64` limbs.
//!
//! * [`Projective::mul_ct`] — constant-time baseline: fixed window w = 4 (paper 002 §3.2's
//!   window method with the table built once), 64·len(k) doublings and 16·len(k) additions
//!   whatever k is, all with the complete RCB 2016 formulas; the table entry is fetched by a
//!   scan of all 16 entries with `subtle` selects — no secret-dependent branch or index.
//! * [`Projective::mul_vartime`] — public scalars: width-w NAF (paper 002 §3.3, "NAF + window";
//!   cost ≈ m·D + m/(w+1)·A + 2^(w−2)·A) over Jacobian coordinates with branching additions.
//! * [`Projective::mul_ct_parallel`] / [`Projective::mul_vartime_parallel`] — paper 002 §4:
//!   k = k₁·2^x + k₂ with x = ⌈0.734·m⌉; one thread computes \[k₁\]P followed by x repeated
//!   doublings ([`Jacobian::double_n`], §4.2), the other \[k₂\]P; one addition joins them.
//!   The two halves run on the persistent [`crate::pool`] (the `_with` variants take a thread
//!   count; 1 means sequential).
//!
//! `P * k` (`Mul<&[u64]>`) on every point type is [`Projective::mul_ct`].
//!
//! This is the low-level layer: scalars are limb slices, not reduced modulo r: \[k\]P is computed for the integer k itself, so r, r + 1,
//! all-ones limbs etc. behave as integers (the identity and P for r and r + 1 on order-r points).
//! The user-facing multiplication by a typed scalar (`P * s`, `mul_scalar`) is in
//! [`crate::scalar`] and runs the functions here on the canonical limbs.

use alloc::vec::Vec;
use core::ops::Mul;

use hayate_arith::Field;
use subtle::{Choice, ConditionallySelectable, ConstantTimeEq};

use crate::affine::Affine;
use crate::curve::{CurveParams, Static};
use crate::group;
use crate::jacobian::Jacobian;
use crate::projective::Projective;
use crate::recode;
use crate::{bit, bits_vartime};

/// Paper 002's optimal split ratio x/m (§4.3: 10.66(m − x) + 6.8x = 10.66x ⇒ x ≈ 0.734m).
pub const PAPER002_SPLIT_RATIO: f64 = 0.734;

impl<C: CurveParams> Projective<C> {
    /// \[k\]P in constant time (low-level: `k` is an integer in little-endian limbs, any length,
    /// not reduced; use `P * s` / [`Self::mul_scalar`] with the curve's
    /// [`CurveParams::Scalar`] unless you need an integer that is not a scalar-field element):
    /// [`CurveParams::group_mul_ct`], by default the fixed window
    /// w = 4 over all 64·len(k) bits (see module docs; the running time depends only on
    /// `k.len()`). Curves with an endomorphism (the pairing groups) use GLV/GLS instead and
    /// then require P ∈ ⟨G⟩ (k acts modulo r); [`Self::mul_ct_bits`] is the integer
    /// multiplication for any point.
    pub fn mul_ct(&self, k: &[u64]) -> Self {
        C::group_mul_ct(self, k)
    }

    /// \[k mod 2^nbits\]P in constant time, processing exactly ⌈nbits/4⌉ windows (public nbits).
    /// Bits of k at or above `nbits` are ignored (bits inside the top window are used).
    pub fn mul_ct_bits(&self, k: &[u64], nbits: usize) -> Self {
        group::mul_ct_bits(&Static::<C>::CTX, self, k, nbits)
    }

    /// \[k\]P for a public scalar k (variable time in k and in P; low-level: `k` is an integer in
    /// limbs, not reduced; [`Self::mul_scalar_vartime`] takes a typed scalar):
    /// [`CurveParams::group_mul_vartime`], by default [`Self::mul_vartime_wnaf`]; the pairing
    /// groups use GLV/GLS and then require P ∈ ⟨G⟩ (see [`Self::mul_ct`]).
    pub fn mul_vartime(&self, k: &[u64]) -> Self {
        C::group_mul_vartime(self, k)
    }

    /// \[k\]P for a public scalar k and any curve point, k as an integer (wNAF over Jacobian
    /// coordinates; variable time in k and in P).
    pub fn mul_vartime_wnaf(&self, k: &[u64]) -> Self {
        Self::from(wnaf_mul_jacobian(&Jacobian::from(*self), k))
    }

    /// Paper 002's split multiplication, constant time: k = k₁·2^x + k₂ with
    /// x = ⌈0.734·m⌉, m = 64·len(k); \[k₁\]P·2^x (fixed window then x doublings) and \[k₂\]P are
    /// computed on two threads of the persistent [`crate::pool`] and added with the complete
    /// formula.
    pub fn mul_ct_parallel(&self, k: &[u64]) -> Self {
        self.mul_ct_parallel_with(k, crate::pool::DEFAULT_THREADS)
    }

    /// [`Self::mul_ct_parallel`] on at most `threads` threads (`threads ≤ 1`: both halves on
    /// the calling thread, one after the other).
    pub fn mul_ct_parallel_with(&self, k: &[u64], threads: usize) -> Self {
        group::mul_ct_parallel(&Static::<C>::CTX, self, k, threads)
    }

    /// Paper 002's split multiplication for a public scalar: x = ⌈0.734·m⌉ with m the bit
    /// length of k; wNAF on both halves, repeated doubling (§4.2) on the high half; two
    /// threads of the persistent [`crate::pool`].
    pub fn mul_vartime_parallel(&self, k: &[u64]) -> Self {
        self.mul_vartime_parallel_with(k, crate::pool::DEFAULT_THREADS)
    }

    /// [`Self::mul_vartime_parallel`] on at most `threads` threads.
    pub fn mul_vartime_parallel_with(&self, k: &[u64], threads: usize) -> Self {
        let m = bits_vartime(k);
        if m < 64 {
            return self.mul_vartime(k);
        }
        let x = group::split_point(m);
        let (k1, k2) = group::split_scalar(k, x);
        let p = Jacobian::from(*self);
        let k1c = k1.clone();
        let (hi, lo) = crate::pool::join(
            threads,
            move || wnaf_mul_jacobian(&p, &k1c).double_n(x),
            || wnaf_mul_jacobian(&p, &k2),
        );
        let hi = hi.unwrap_or_else(|_| wnaf_mul_jacobian(&p, &k1).double_n(x));
        Self::from(hi.add_vartime(&lo))
    }
}

impl<C: CurveParams> Affine<C> {
    /// \[k\]P in constant time using the affine group law only (one inversion per step):
    /// Montgomery-ladder style double-and-add-always over all 64·len(k) bits. Slow (two
    /// inversions per bit); a reference for paper 004's affine ladders.
    pub fn mul_ct_affine(&self, k: &[u64]) -> Self {
        let mut r0 = Affine::identity();
        let mut r1 = *self;
        for i in (0..64 * k.len()).rev() {
            let b = Choice::from(bit(k, i) as u8);
            Affine::conditional_swap(&mut r0, &mut r1, b);
            r1 = r0.add(&r1);
            r0 = r0.double();
            Affine::conditional_swap(&mut r0, &mut r1, b);
        }
        r0
    }
}

/// The wNAF width used for an m-bit public scalar.
pub(crate) fn wnaf_width(m: usize) -> u32 {
    match m {
        0..=24 => 2,
        25..=80 => 3,
        81..=192 => 4,
        _ => 5,
    }
}

/// wNAF multiplication in Jacobian coordinates with branching additions (public k).
pub(crate) fn wnaf_mul_jacobian<C: CurveParams>(p: &Jacobian<C>, k: &[u64]) -> Jacobian<C> {
    let m = bits_vartime(k);
    if m == 0 || bool::from(p.is_identity()) {
        return Jacobian::identity();
    }
    let w = wnaf_width(m);
    let digits = recode::wnaf(k, w);
    // table[i] = (2i + 1)P
    let n = 1usize << (w - 2);
    let mut table = Vec::with_capacity(n);
    group::push_odd_multiples_vartime(&Static::<C>::CTX, p, n, &mut table);
    let mut acc = Jacobian::identity();
    let mut started = false;
    for &d in digits.iter().rev() {
        if started {
            acc = acc.double();
        }
        if d != 0 {
            let t = table[(d.unsigned_abs() as usize) / 2];
            let t = if d < 0 { t.neg() } else { t };
            acc = if started { acc.add_vartime(&t) } else { t };
            started = true;
        }
    }
    acc
}

// `P * k` is the constant-time multiplication (the safe default for operators).
impl<C: CurveParams> Mul<&[u64]> for Projective<C> {
    type Output = Projective<C>;
    fn mul(self, k: &[u64]) -> Projective<C> {
        self.mul_ct(k)
    }
}
impl<C: CurveParams> Mul<&[u64]> for &Projective<C> {
    type Output = Projective<C>;
    fn mul(self, k: &[u64]) -> Projective<C> {
        self.mul_ct(k)
    }
}
impl<C: CurveParams> Mul<&[u64]> for Jacobian<C> {
    type Output = Jacobian<C>;
    fn mul(self, k: &[u64]) -> Jacobian<C> {
        self.mul_ct(k)
    }
}
impl<C: CurveParams> Mul<&[u64]> for Affine<C> {
    type Output = Projective<C>;
    fn mul(self, k: &[u64]) -> Projective<C> {
        Projective::from(self).mul_ct(k)
    }
}

// ---------------------------------------------------------------------------------------------
// Signed odd-digit windows over Jacobian coordinates: the fast constant-time path for points of
// the prime-order subgroup (ECDH, `glv-ct`).
//
// The signed odd digits of `recode::odd_recoding` (Joye–Tunstall): an odd k < 2^(b·m) is
// Σ_{i<m} dᵢ·2^(b·i) with every digit odd, |dᵢ| ≤ 2^b − 1, read from the windows of one
// integer J without data-dependent carries. Every window
// costs b doublings and one mixed addition of ±table[(|d| − 1)/2], the table holding the
// affine odd multiples P, 3P, …, (2^b − 1)P (one batch inversion, Montgomery's trick with
// safegcd). The digit's sign and table index are computed with masks, the entry is fetched by a
// scan of the whole table with `subtle` selects.
// ---------------------------------------------------------------------------------------------

/// Bits per window b of the signed odd-digit recoding (digits ±1, ±3, …, ±(2^b − 1); a table
/// of 2^(b−1) = 8 affine points). b = 4 beat b = 5 for 256-bit scalars (fewer table points and
/// scans for about the same number of additions).
pub const SIGNED_WINDOW_BITS: usize = 4;
/// Table length 2^(b−1).
pub(crate) const SIGNED_TABLE: usize = 1 << (SIGNED_WINDOW_BITS - 1);
/// Limbs of the fixed-size integers of the recoding (P-521's order has 9 limbs).
pub(crate) const SW_LIMBS: usize = 10;

/// A fixed-size little-endian integer of the recoding.
pub(crate) type SwInt = [u64; SW_LIMBS];

/// Bit length of n (public).
fn bitlen(n: &[u64]) -> usize {
    bits_vartime(n)
}

/// k mod n in constant time in the value of k (public lengths; n odd with at most
/// `SW_LIMBS − 1` limbs and top limb non-zero). The top bitlen(n) − 1 bits of k are already
/// below n; the remaining bits enter one at a time, each followed by one conditional
/// subtraction of n.
pub(crate) fn reduce_mod_ct(k: &[u64], n: &[u64]) -> SwInt {
    let len = n.len();
    debug_assert!(len < SW_LIMBS);
    let nbits = bitlen(n);
    let total = 64 * k.len();
    let head = nbits.saturating_sub(1);
    let mut r = [0u64; SW_LIMBS];
    if total <= head {
        r[..k.len()].copy_from_slice(k);
        return r;
    }
    let rest = total - head;
    // r = k >> rest (head bits, < 2^(nbits−1) ≤ n)
    let (q, s) = (rest / 64, rest % 64);
    for (j, rj) in r.iter_mut().enumerate().take(len) {
        let lo = k.get(q + j).copied().unwrap_or(0);
        let hi = k.get(q + j + 1).copied().unwrap_or(0);
        *rj = if s == 0 {
            lo
        } else {
            (lo >> s) | (hi << (64 - s))
        };
    }
    for i in (0..rest).rev() {
        // d = 2r + bit (< 2n, len + 1 limbs); r = d − n if d ≥ n
        let mut d = [0u64; SW_LIMBS];
        let mut carry = bit(k, i);
        for j in 0..len {
            d[j] = (r[j] << 1) | carry;
            carry = r[j] >> 63;
        }
        d[len] = carry;
        let mut t = [0u64; SW_LIMBS];
        let mut borrow = 0;
        for j in 0..=len {
            let nj = if j < len { n[j] } else { 0 };
            (t[j], borrow) = hayate_arith::limbs::sbb(d[j], nj, borrow);
        }
        // borrow = 1 iff d < n: keep d
        let keep = Choice::from(borrow as u8);
        for j in 0..len {
            r[j] = u64::conditional_select(&t[j], &d[j], keep);
        }
    }
    r
}

/// J of the signed odd-digit recoding of an odd k < 2^(b·windows) ([`recode::odd_recoding`]).
#[inline(always)]
pub(crate) fn signed_recoding(k: &SwInt, windows: usize) -> SwInt {
    recode::odd_recoding::<SIGNED_WINDOW_BITS, SW_LIMBS>(k, windows)
}

/// Window i of J ([`recode::odd_window`]).
#[inline(always)]
pub(crate) fn signed_window(j: &SwInt, i: usize) -> u64 {
    recode::odd_window::<SIGNED_WINDOW_BITS, SW_LIMBS>(j, i)
}

/// The odd multiples P, 3P, …, (2^b − 1)P of a point of the prime-order subgroup
/// (n > 2^b + 2, so no addition of the chain is exceptional) as affine points of an isomorphic
/// curve, with the scale factor ζ: entry (x, y) stands for the point (x : y : ζ) in Jacobian
/// coordinates of C, i.e. the table lies on y² = x³ + aζ⁴x + bζ⁶. A multiplication run on the
/// scaled points with formulas that do not involve b returns (X : Y : Z), which is
/// (X : Y : Z·ζ) on C.
///
/// * a = 0 (the doubling and mixed addition use neither a nor b): no inversion at all. With
///   D = 2P = (X_D : Y_D : Z_D), scaling by Z_D makes D affine; P + D, P + 2D, … are mixed
///   additions whose Z-ratios H give every sum's factor up to the last Z; rescaling each
///   entry by those ratios puts all of them over that common Z (libsecp256k1's "global z";
///   here derived from the isomorphism (x, y) ↦ (ζ²x, ζ³y)). ζ = Z_D·Z_last.
/// * other a (the a = −3 doubling relies on a = −3): Jacobian additions, then one batch
///   inversion (Montgomery's trick with safegcd); ζ = 1.
///
/// For P = O the entries are garbage and ζ = 0 (a = 0) or the entries are O; callers select
/// the identity for P = O.
pub(crate) fn odd_multiples<C: CurveParams>(
    p: &Jacobian<C>,
) -> ([Affine<C>; SIGNED_TABLE], C::Base) {
    let d = p.double();
    if C::A_IS_ZERO {
        // on the curve scaled by Z_D: D = (X_D, Y_D) affine, P = (X·Z_D², Y·Z_D³ : Z)
        let dz2 = d.z.square();
        let da = Affine::<C> {
            x: d.x,
            y: d.y,
            infinity: Choice::from(0),
        };
        let mut t = [Jacobian::<C> {
            x: p.x * dz2,
            y: p.y * dz2 * d.z,
            z: p.z,
        }; SIGNED_TABLE];
        let mut zr = [C::Base::ONE; SIGNED_TABLE];
        for i in 1..SIGNED_TABLE {
            // (2i − 1)P + 2P: the summands differ and are not opposite as (2i−1) ≢ ±2 (mod n)
            let (s, _, r) = t[i - 1].add_affine_unchecked_zr(&da);
            t[i] = s;
            zr[i] = r;
        }
        // entry i over the last Z: multiply by ρᵢ = Z_last/Zᵢ = zr[i+1]·…·zr[T−1]
        let mut out = [Affine::<C>::identity(); SIGNED_TABLE];
        let mut rho = C::Base::ONE;
        for i in (0..SIGNED_TABLE).rev() {
            let rho2 = rho.square();
            out[i] = Affine {
                x: t[i].x * rho2,
                y: t[i].y * rho2 * rho,
                infinity: Choice::from(0),
            };
            rho *= zr[i];
        }
        return (out, d.z * t[SIGNED_TABLE - 1].z);
    }
    let mut t = [*p; SIGNED_TABLE];
    for i in 1..SIGNED_TABLE {
        t[i] = t[i - 1].add_unchecked(&d).0;
    }
    let mut zs: [C::Base; SIGNED_TABLE] = core::array::from_fn(|i| t[i].z);
    crate::batch_invert(&mut zs);
    let table = core::array::from_fn(|i| {
        let zinv2 = zs[i].square();
        let a = Affine {
            x: t[i].x * zinv2,
            y: t[i].y * zinv2 * zs[i],
            infinity: Choice::from(0),
        };
        Affine::conditional_select(&a, &Affine::identity(), t[i].z.is_zero())
    });
    (table, C::Base::ONE)
}

/// ±table\[(|d| − 1)/2\] for the digit d = 2j − (2^b − 1) of window value j (secret), negated
/// once more when `flip` is set: masks and a full scan, no secret branch or index. The table
/// holds the T = 2^(b−1) odd multiples (b = [`SIGNED_WINDOW_BITS`] here, other widths in
/// [`crate::glv_lincomb`]).
#[inline(always)]
pub(crate) fn signed_lookup<C: CurveParams, const T: usize>(
    table: &[Affine<C>; T],
    j: u64,
    flip: Choice,
) -> Affine<C> {
    let (idx, negative) = recode::odd_digit::<T>(j);
    let mut x = table[0].x;
    let mut y = table[0].y;
    for (i, e) in table.iter().enumerate().skip(1) {
        let hit = (i as u64).ct_eq(&idx);
        x.conditional_assign(&e.x, hit);
        y.conditional_assign(&e.y, hit);
    }
    let negate = Choice::from(negative as u8) ^ flip;
    y.conditional_assign(&-y, negate);
    Affine {
        x,
        y,
        infinity: Choice::from(0),
    }
}

/// Can the signed-window path run on curve C: an order of at most `SW_LIMBS − 1` limbs and
/// large enough (n ≥ 2^(2b+4)) for the exception analysis of [`Projective::mul_ct_subgroup`]?
pub(crate) fn signed_path_applies<C: CurveParams>() -> bool {
    C::ORDER.len() < SW_LIMBS && bitlen(C::ORDER) >= 2 * SIGNED_WINDOW_BITS + 4
}

impl<C: CurveParams> Projective<C> {
    /// \[k\]P in constant time for P in the prime-order subgroup ⟨G⟩ (order n = `C::ORDER`, the
    /// point is assumed to lie in it: true for every point of a cofactor-1 curve such as all
    /// [`crate::curves`], and for validated ECDH public keys). k has any length and is reduced
    /// modulo n first; the time depends only on `k.len()` and the curve.
    ///
    /// Method: signed odd-digit windows of b = [`SIGNED_WINDOW_BITS`] bits over Jacobian
    /// coordinates with the curve's specialised doubling (the halved doublings for a = 0 and
    /// a = −3, see [`Jacobian::double`]) and mixed additions of affine table points. k is made
    /// odd without a branch: for even k, \[k\]P = \[n − k\](−P) with n − k odd.
    ///
    /// Exceptions. The Jacobian addition fails only for equal summands or an identity summand.
    /// Before the addition of window i ≥ 1 the accumulator is \[2^b·s\]P with s the (odd,
    /// non-zero) value of the digits above i, |2^b·s| < n/2^b + 2^b, and the addend is \[d\]P
    /// with d odd, |d| < 2^b; so 2^b·s ± d is odd, hence non-zero, and below n in absolute
    /// value: the accumulator is neither O nor ±\[d\]P. Only the last addition (window 0,
    /// where 2^b·s + d = k' may reach n) can meet P + P or P + (−P), so it alone uses the
    /// exception-safe [`Jacobian::add_affine`]. Curves whose order is too small for this
    /// argument (or longer than 9 limbs) use [`Projective::mul_ct`].
    pub fn mul_ct_subgroup(&self, k: &[u64]) -> Self {
        Self::from(mul_ct_subgroup_jacobian(&Jacobian::from(*self), k))
    }
}

/// [`Projective::mul_ct_subgroup`] in Jacobian coordinates.
pub(crate) fn mul_ct_subgroup_jacobian<C: CurveParams>(p: &Jacobian<C>, k: &[u64]) -> Jacobian<C> {
    if !signed_path_applies::<C>() {
        return Jacobian::from(Projective::from(*p).mul_ct(k));
    }
    let n = C::ORDER;
    let len = n.len();
    let r = reduce_mod_ct(k, n);
    // k' = r if r is odd, else n − r (odd; n for r = 0), with P' = ∓P
    let even = Choice::from((1 ^ (r[0] & 1)) as u8);
    let mut nr = [0u64; SW_LIMBS];
    let mut borrow = 0;
    for j in 0..len {
        (nr[j], borrow) = hayate_arith::limbs::sbb(n[j], r[j], borrow);
    }
    let mut kk = [0u64; SW_LIMBS];
    for j in 0..len {
        kk[j] = u64::conditional_select(&r[j], &nr[j], even);
    }
    let windows = bitlen(n).div_ceil(SIGNED_WINDOW_BITS); // k' ≤ n < 2^(b·windows)
    let jw = signed_recoding(&kk, windows);
    let (table, zeta) = odd_multiples(p);
    let mut acc = Jacobian::from(signed_lookup(&table, signed_window(&jw, windows - 1), even));
    for i in (0..windows - 1).rev() {
        for _ in 0..SIGNED_WINDOW_BITS {
            acc = acc.double();
        }
        let t = signed_lookup(&table, signed_window(&jw, i), even);
        acc = if i == 0 {
            acc.add_affine(&t)
        } else {
            acc.add_affine_unchecked(&t).0
        };
    }
    acc.z *= zeta; // back from the table's scaled curve
    Jacobian::conditional_select(&acc, &Jacobian::identity(), p.is_identity())
}

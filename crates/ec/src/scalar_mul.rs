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
//! Scalars are not reduced modulo r: \[k\]P is computed for the integer k itself, so r, r + 1,
//! all-ones limbs etc. behave as integers (the identity and P for r and r + 1 on order-r points).

use core::ops::Mul;

use subtle::{Choice, ConditionallySelectable, ConstantTimeEq};

use crate::affine::Affine;
use crate::curve::CurveParams;
use crate::jacobian::Jacobian;
use crate::projective::Projective;
use crate::{bit, bits_vartime};

/// Paper 002's optimal split ratio x/m (§4.3: 10.66(m − x) + 6.8x = 10.66x ⇒ x ≈ 0.734m).
pub const PAPER002_SPLIT_RATIO: f64 = 0.734;

/// Window value of 4 bits at bit offset `i` (public offset, secret value: plain shifts only).
#[inline(always)]
pub(crate) fn nibble(k: &[u64], i: usize) -> u64 {
    let limb = k.get(i / 64).copied().unwrap_or(0);
    (limb >> (i % 64)) & 0xf
}

impl<C: CurveParams> Projective<C> {
    /// \[k\]P in constant time: fixed window w = 4 over all 64·len(k) bits (see module docs).
    /// The running time depends only on `k.len()`.
    pub fn mul_ct(&self, k: &[u64]) -> Self {
        self.mul_ct_bits(k, 64 * k.len())
    }

    /// \[k mod 2^nbits\]P in constant time, processing exactly ⌈nbits/4⌉ windows (public nbits).
    /// Bits of k at or above `nbits` are ignored (bits inside the top window are used).
    pub fn mul_ct_bits(&self, k: &[u64], nbits: usize) -> Self {
        let windows = nbits.div_ceil(4);
        if windows == 0 {
            return Self::identity();
        }
        let table = self.window_table();
        let lookup = |d: u64| Self::ct_lookup(&table, d);
        let top = 4 * (windows - 1);
        let mut mask_top = 0xfu64;
        if nbits < 4 * windows {
            mask_top = (1u64 << (nbits - top)) - 1;
        }
        let mut acc = lookup(nibble(k, top) & mask_top);
        for w in (0..windows - 1).rev() {
            acc = acc.double().double().double().double();
            acc = acc.add(&lookup(nibble(k, 4 * w)));
        }
        acc
    }

    /// The fixed-window table \[i\]P, i = 0..15 (7 doublings and 7 complete additions).
    pub(crate) fn window_table(&self) -> [Self; 16] {
        let mut table = [Self::identity(); 16];
        table[1] = *self;
        for i in 2..16 {
            table[i] = if i % 2 == 0 { table[i / 2].double() } else { table[i - 1].add(self) };
        }
        table
    }

    /// table\[d\] for a secret d < 16: a scan of all entries with `subtle` selects.
    pub(crate) fn ct_lookup(table: &[Self; 16], d: u64) -> Self {
        let mut t = Self::identity();
        for (i, e) in table.iter().enumerate() {
            t.conditional_assign(e, (i as u64).ct_eq(&d));
        }
        t
    }

    /// \[k\]P for a public scalar k (wNAF; variable time in k and in P).
    pub fn mul_vartime(&self, k: &[u64]) -> Self {
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
        let m = 64 * k.len();
        let x = split_point(m);
        let (k1, k2) = split_scalar(k, x);
        let p = *self;
        let high = move |k1: &[u64]| Self::from(Jacobian::from(p.mul_ct_bits(k1, m - x)).double_n(x));
        let k1c = k1.clone();
        let (hi, lo) = crate::pool::join(threads, move || high(&k1c), || p.mul_ct_bits(&k2, x));
        // A panicking job cannot happen (no panics in this crate); recompute on this thread.
        let hi = hi.unwrap_or_else(|_| high(&k1));
        hi.add(&lo)
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
        let x = split_point(m);
        let (k1, k2) = split_scalar(k, x);
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

/// x = ⌈0.734·m⌉ clamped to [0, m] (paper 002 §4.3).
fn split_point(m: usize) -> usize {
    // integer arithmetic for 0.734 = 734/1000
    (m * 734).div_ceil(1000).min(m)
}

/// (k ≫ x, k mod 2^x) as limb vectors (public x; the values may be secret: shifts only).
fn split_scalar(k: &[u64], x: usize) -> (Vec<u64>, Vec<u64>) {
    let lo_limbs = x.div_ceil(64);
    let mut lo: Vec<u64> = (0..lo_limbs).map(|i| k.get(i).copied().unwrap_or(0)).collect();
    if x % 64 != 0 {
        if let Some(last) = lo.last_mut() {
            *last &= (1u64 << (x % 64)) - 1;
        }
    }
    let q = x / 64;
    let r = x % 64;
    let hi_len = k.len().saturating_sub(q);
    let hi: Vec<u64> = (0..hi_len)
        .map(|i| {
            let a = k.get(q + i).copied().unwrap_or(0);
            let b = k.get(q + i + 1).copied().unwrap_or(0);
            if r == 0 {
                a
            } else {
                (a >> r) | (b << (64 - r))
            }
        })
        .collect();
    (hi, lo)
}

/// Width-w NAF digits of k, least significant first: every non-zero digit is odd with
/// |d| < 2^(w−1), and any w consecutive digits hold at most one non-zero (variable time).
/// `w` is clamped to [2, 7].
pub fn wnaf_digits(k: &[u64], w: u32) -> Vec<i8> {
    let w = w.clamp(2, 7);
    let mut v: Vec<u64> = k.to_vec();
    v.push(0); // room for the carry of negative digits
    let mut out = Vec::with_capacity(64 * v.len());
    let modulus = 1i64 << w;
    let half = 1i64 << (w - 1);
    while v.iter().any(|&l| l != 0) {
        if v[0] & 1 == 1 {
            let mut d = (v[0] & (modulus as u64 - 1)) as i64;
            if d >= half {
                d -= modulus;
            }
            if d > 0 {
                // v -= d (no borrow beyond limb 0 since v's low w bits are d)
                v[0] -= d as u64;
            } else {
                // v += |d|
                let mut carry = (-d) as u64;
                for l in v.iter_mut() {
                    let (s, c) = l.overflowing_add(carry);
                    *l = s;
                    carry = c as u64;
                    if carry == 0 {
                        break;
                    }
                }
            }
            out.push(d as i8);
        } else {
            out.push(0);
        }
        // v >>= 1
        for i in 0..v.len() {
            let next = if i + 1 < v.len() { v[i + 1] << 63 } else { 0 };
            v[i] = (v[i] >> 1) | next;
        }
    }
    out
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
    let digits = wnaf_digits(k, w);
    // table[i] = (2i + 1)P
    let n = 1usize << (w - 2);
    let mut table = Vec::with_capacity(n);
    table.push(*p);
    if n > 1 {
        let p2 = p.double();
        for i in 1..n {
            let t = table[i - 1].add_vartime(&p2);
            table.push(t);
        }
    }
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

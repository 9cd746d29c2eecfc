//! Multi-scalar multiplication Σ \[kᵢ\]Pᵢ for public inputs (EIP-2537 MultiExp, verifiers).
//!
//! * n ≤ [`SMALL_MSM`]: one wNAF multiplication per term ([`crate::Projective::mul_vartime`]),
//!   summed.
//! * up to [`STRAUS_MAX_SHORT`] terms, or [`STRAUS_MAX_LONG`] with scalars over 96 bits:
//!   [`straus`] (one shared doubling chain, no bucket combination);
//! * beyond: [`pippenger`].
//! * [`pippenger`]: Pippenger's bucket method with signed c-bit window digits (digits in
//!   [−2^(c−1), 2^(c−1)], so 2^(c−1) buckets per window; negation of an affine point is free).
//!   For each window every point is added into the bucket of its digit (Jacobian + affine mixed
//!   additions, 7M + 4S), the buckets are combined by the running-sum trick
//!   (Σ j·B_j = Σ_j Σ_{i ≥ j} B_i, 2·2^(c−1) additions), and windows are joined from the top with
//!   c doublings each. The window c ≈ 0.69·log2(n) + 2 (≈ ln n + 2) balances n·⌈b/c⌉ bucket
//!   additions against 2^c·⌈b/c⌉ combination additions.
//!
//! Everything here is variable time (inputs are public).

use crate::affine::Affine;
use crate::curve::CurveParams;
use crate::jacobian::Jacobian;
use crate::projective::Projective;
use crate::{bit, bits_vartime};

/// Up to this many terms, MSM is done term by term.
pub const SMALL_MSM: usize = 8;

/// Σᵢ `scalars[i]`·`points[i]` (variable time). Returns `None` if the slices differ in length.
/// Scalars are little-endian limbs of any (possibly differing) lengths and are not reduced.
pub fn msm_vartime<C: CurveParams, S: AsRef<[u64]>>(
    points: &[Affine<C>],
    scalars: &[S],
) -> Option<Projective<C>> {
    if points.len() != scalars.len() {
        return None;
    }
    let n = points.len();
    if n <= SMALL_MSM {
        let mut acc = Jacobian::identity();
        for (p, k) in points.iter().zip(scalars) {
            let t = crate::scalar_mul::wnaf_mul_jacobian(&Jacobian::from(*p), k.as_ref());
            acc = acc.add_vartime(&t);
        }
        return Some(Projective::from(acc));
    }
    let bits = max_bits(scalars);
    if n <= STRAUS_MAX_SHORT || (bits > 96 && n <= STRAUS_MAX_LONG) {
        let w = if bits <= 96 { 4 } else { 5 };
        return Some(Projective::from(straus(points, scalars, w)));
    }
    Some(Projective::from(pippenger(points, scalars, window_size(n))))
}

/// The bit length of the longest scalar.
fn max_bits<S: AsRef<[u64]>>(scalars: &[S]) -> usize {
    scalars
        .iter()
        .map(|k| bits_vartime(k.as_ref()))
        .max()
        .unwrap_or(0)
}

/// [`msm_vartime`] takes [`straus`] up to this many terms whatever the scalars' length…
pub const STRAUS_MAX_SHORT: usize = 48;
/// …and up to this many for scalars longer than 96 bits. Measured on BLS12-381 G1 (one
/// process, 2026-11-30): 64-bit scalars, Straus (w = 4) / Pippenger 0.78 at 32 terms, 1.04
/// at 64; 255-bit scalars, Straus (w = 5) / Pippenger 0.55 at 32 terms, 0.80 at 64, 0.96 at
/// 128.
pub const STRAUS_MAX_LONG: usize = 128;

/// Straus's interleaving (Hankerson–Menezes–Vanstone, *Guide to ECC*, Alg. 3.51 with
/// width-w NAFs): for each term the odd multiples P, 3P, …, (2^(w−1) − 1)P, all normalised to
/// affine by one shared inversion; then one doubling per bit of the longest scalar, shared
/// by all terms, and a mixed addition per non-zero digit. No bucket combination, so for a
/// few dozen terms, or short scalars, it costs less than [`pippenger`].
pub fn straus<C: CurveParams, S: AsRef<[u64]>>(
    points: &[Affine<C>],
    scalars: &[S],
    w: u32,
) -> Jacobian<C> {
    let w = w.clamp(2, 7);
    let t = 1usize << (w - 2);
    let mut multiples = Vec::with_capacity(points.len() * t);
    let mut digits = Vec::with_capacity(points.len());
    for (p, k) in points.iter().zip(scalars) {
        if bool::from(p.infinity) {
            continue;
        }
        let d = crate::scalar_mul::wnaf_digits(k.as_ref(), w);
        if d.is_empty() {
            continue;
        }
        crate::scalar_mul::push_odd_multiples_vartime(&Jacobian::from(*p), t, &mut multiples);
        digits.push(d);
    }
    let table = Jacobian::batch_normalize(&multiples);
    let len = digits.iter().map(Vec::len).max().unwrap_or(0);
    let mut acc = Jacobian::identity();
    for i in (0..len).rev() {
        acc = acc.double();
        for (j, d) in digits.iter().enumerate() {
            match d.get(i).copied().unwrap_or(0) {
                0 => {}
                v if v > 0 => acc = acc.add_affine_vartime(&table[j * t + (v as usize) / 2]),
                v => {
                    acc = acc
                        .add_affine_vartime(&table[j * t + (v.unsigned_abs() as usize) / 2].neg())
                }
            }
        }
    }
    acc
}

/// Pippenger's window size for n terms: ≈ 0.69·log2(n) + 2, within [2, 16].
pub fn window_size(n: usize) -> usize {
    if n < 32 {
        return 3;
    }
    let log2 = (usize::BITS - n.leading_zeros()) as usize; // ⌊log2 n⌋ + 1
    ((log2 * 69) / 100 + 2).clamp(2, 16)
}

/// c bits of k starting at bit `off`.
fn window_bits(k: &[u64], off: usize, c: usize) -> i64 {
    let mut v = 0i64;
    for j in 0..c {
        v |= (bit(k, off + j) as i64) << j;
    }
    v
}

/// Pippenger / bucket method with signed digits and window c.
pub fn pippenger<C: CurveParams, S: AsRef<[u64]>>(
    points: &[Affine<C>],
    scalars: &[S],
    c: usize,
) -> Jacobian<C> {
    let c = c.clamp(1, 24);
    let max_bits = max_bits(scalars);
    if max_bits == 0 {
        return Jacobian::identity();
    }
    // one extra window absorbs the final carry of the signed recoding
    let windows = max_bits.div_ceil(c) + 1;
    let half = 1i64 << (c - 1);
    let full = 1i64 << c;
    // digits[i * windows + w]
    let mut digits = vec![0i32; points.len() * windows];
    for (i, k) in scalars.iter().enumerate() {
        let k = k.as_ref();
        let mut carry = 0i64;
        for w in 0..windows {
            let mut d = window_bits(k, w * c, c) + carry;
            if d > half {
                d -= full;
                carry = 1;
            } else {
                carry = 0;
            }
            digits[i * windows + w] = d as i32;
        }
    }
    let nbuckets = half as usize;
    let mut acc = Jacobian::identity();
    let mut buckets = vec![Jacobian::<C>::identity(); nbuckets];
    for w in (0..windows).rev() {
        acc = acc.double_n(c);
        for b in buckets.iter_mut() {
            *b = Jacobian::identity();
        }
        for (i, p) in points.iter().enumerate() {
            let d = digits[i * windows + w];
            if d > 0 {
                let b = &mut buckets[d as usize - 1];
                *b = b.add_affine_vartime(p);
            } else if d < 0 {
                let b = &mut buckets[(-d) as usize - 1];
                *b = b.add_affine_vartime(&p.neg());
            }
        }
        // Σ j·B_j by running sums
        let mut running = Jacobian::identity();
        let mut sum = Jacobian::identity();
        for b in buckets.iter().rev() {
            running = running.add_vartime(b);
            sum = sum.add_vartime(&running);
        }
        acc = acc.add_vartime(&sum);
    }
    acc
}

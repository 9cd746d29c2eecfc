//! Multi-scalar multiplication Σ \[kᵢ\]Pᵢ.
//!
//! **Public inputs** ([`msm_vartime`]: EIP-2537 MultiExp, verifiers; variable time):
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
//! **Secret scalars** ([`msm_ct`]: the FE schemes' KeyGen and Encrypt; constant time): Straus's
//! interleaving ("Shamir's trick") with signed radix-2⁵ digits ([`recode::signed_window`],
//! digits in \[−16, 15\]): one shared chain of 5 doublings per window and one complete
//! addition per term and window (Renes–Costello–Batina formulas, [`Projective::add`], no
//! exceptional cases). Each point's table P, 2P, …, 16P ([`multiples`]) costs 15 complete
//! group operations; |dᵢ| is fetched by a scan of the whole table with `subtle` selects
//! ([`lookup`]) and the sign applied by a conditional negation. On curves with a GLV
//! endomorphism φ(x, y) = (βx, y) (Gallant–Lambert–Vanstone, CRYPTO 2001; Hankerson–Menezes–
//! Vanstone, *Guide to ECC*, §3.5) and scalars longer than the half length, each kⱼ is first
//! written kⱼ ≡ ±k₁ ± k₂λ (mod r) with |k₁|, |k₂| < 2^half_bits ([`glv::decompose_with`],
//! constant time) and the 2m half-length scalars go through the same loop, the table of φ(Pⱼ)
//! derived from Pⱼ's by one multiplication by β per entry (φ is linear on projective
//! coordinates): half the doublings and windows per term. The sequence of operations and
//! memory accesses depends only on the number of terms, `nbits` and the curve.

use alloc::{vec, vec::Vec};
use subtle::{Choice, ConditionallySelectable, ConstantTimeEq};

use crate::affine::Affine;
use crate::bits_vartime;
use crate::curve::CurveParams;
use crate::glv;
use crate::jacobian::Jacobian;
use crate::projective::Projective;
use crate::recode;

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
        let d = crate::recode::wnaf(k.as_ref(), w);
        if d.is_empty() {
            continue;
        }
        crate::group::push_odd_multiples_vartime(
            &crate::curve::Static::<C>::CTX,
            &Jacobian::from(*p),
            t,
            &mut multiples,
        );
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

/// Pippenger / bucket method with signed digits and window c (clamped to [1, 24]).
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
    // signed c-bit digits ([`recode::signed_window`]) in [−2^(c−1), 2^(c−1)) below a top digit
    // in [0, 2^(c−1)]; one extra window absorbs the final carry
    let windows = max_bits.div_ceil(c) + 1;
    let half = 1i64 << (c - 1);
    // digits[i * windows + w]
    let mut digits = Vec::with_capacity(points.len() * windows);
    for k in scalars.iter().take(points.len()) {
        digits.extend(recode::signed_window::<i32>(
            k.as_ref(),
            c,
            windows,
            recode::TopDigit::Unsigned,
        ));
    }
    digits.resize(points.len() * windows, 0); // terms without a scalar
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

/// Window width of the signed recoding of [`msm_ct`].
pub const W: usize = 5;
/// Table entries per point of [`msm_ct`]: the multiples 1 … 2^(W−1).
pub const T: usize = 1 << (W - 1);

/// (|d|, d < 0) without branches.
#[inline(always)]
fn abs_sign(d: i8) -> (u8, Choice) {
    let m = d >> 7; // 0 or −1
    (((d ^ m).wrapping_sub(m)) as u8, Choice::from((m & 1) as u8))
}

/// The table entry for digit d ∈ \[−16, 16\] (table\[j\] = value of j + 1, `zero` for d = 0,
/// `neg` applied for d < 0): a scan of the whole table with selects, no secret index.
#[inline]
pub fn lookup<X: ConditionallySelectable>(table: &[X], d: i8, zero: X, neg: impl Fn(&X) -> X) -> X {
    lookup_flipped(table, d, Choice::from(0), zero, neg)
}

/// [`lookup`] with the sign also flipped when `flip` is set (the sign of a GLV part): `neg`
/// is applied when (d < 0) XOR `flip`; one scan of the whole table, one conditional negation.
#[inline]
pub fn lookup_flipped<X: ConditionallySelectable>(
    table: &[X],
    d: i8,
    flip: Choice,
    zero: X,
    neg: impl Fn(&X) -> X,
) -> X {
    let (a, is_neg) = abs_sign(d);
    let mut t = zero;
    for (j, e) in table.iter().enumerate() {
        t.conditional_assign(e, a.ct_eq(&(j as u8 + 1)));
    }
    X::conditional_select(&t, &neg(&t), is_neg ^ flip)
}

/// The table P, 2P, …, 16P (entry j holds (j + 1)·P) for [`lookup`]: doublings for the even
/// multiples, complete additions for the odd ones.
pub fn multiples<C: CurveParams>(p: &Projective<C>) -> [Projective<C>; T] {
    let mut t = [*p; T];
    for i in 1..T {
        t[i] = if i % 2 == 1 {
            t[i / 2].double()
        } else {
            t[i - 1].add(p)
        };
    }
    t
}

/// Σ \[kⱼ\]Pⱼ in constant time (see the module docs) for scalars below 2^`nbits` (pass the bit
/// length of the scalar field, e.g. 256; bits at or above `nbits` must be zero). Low-level:
/// the scalars are integers in limbs; [`crate::msm_ct_scalars`] takes typed scalars. On curves with
/// a GLV endomorphism ([`CurveParams::GLV`]) and `nbits` above its half length the scalars act
/// modulo the order r, so every Pⱼ must lie in the order-r subgroup (as for
/// [`Projective::mul_ct`]); otherwise the integer Σ \[kⱼ\]Pⱼ for any points. Returns the
/// identity for empty input; points or scalars beyond the shorter slice are ignored.
pub fn msm_ct<C: CurveParams, S: AsRef<[u64]>>(
    points: &[Projective<C>],
    scalars: &[S],
    nbits: usize,
) -> Projective<C> {
    let terms = points.len().min(scalars.len());
    let glv_c = match glv::constants::<C>() {
        Ok(c) if nbits > c.half_bits as usize => Some(c),
        _ => None,
    };
    let Some(glv_c) = glv_c else {
        // plain Straus: one table and one digit string per term
        let windows = recode::signed_window_len(nbits, W, recode::TopDigit::Signed);
        let tables: Vec<[Projective<C>; T]> = points[..terms].iter().map(multiples).collect();
        let digits: Vec<Vec<i8>> = scalars[..terms]
            .iter()
            .map(|k| recode::signed_window(k.as_ref(), W, windows, recode::TopDigit::Signed))
            .collect();
        let flips = vec![Choice::from(0); terms];
        return straus_ct(&tables, &digits, &flips, windows);
    };
    // GLV: two half-length terms per term, the second on φ(P) and its table
    let order = glv::order_limbs::<C>();
    let windows = recode::signed_window_len(glv_c.half_bits as usize, W, recode::TopDigit::Signed);
    let mut tables = Vec::with_capacity(2 * terms);
    let mut digits = Vec::with_capacity(2 * terms);
    let mut flips = Vec::with_capacity(2 * terms);
    for (p, k) in points.iter().zip(scalars) {
        let d = glv::decompose_with(&glv_c, &order, k.as_ref());
        let t1 = multiples(p);
        let t2: [Projective<C>; T] = core::array::from_fn(|i| Projective {
            x: t1[i].x * glv_c.beta,
            ..t1[i]
        });
        tables.push(t1);
        tables.push(t2);
        digits.push(recode::signed_window(
            &d.k1,
            W,
            windows,
            recode::TopDigit::Signed,
        ));
        digits.push(recode::signed_window(
            &d.k2,
            W,
            windows,
            recode::TopDigit::Signed,
        ));
        flips.push(d.neg1);
        flips.push(d.neg2);
    }
    straus_ct(&tables, &digits, &flips, windows)
}

/// The shared loop of [`msm_ct`]: from the top window down, W doublings then per term the
/// complete addition of its table entry for its digit, negated by (digit < 0) XOR its flip.
fn straus_ct<C: CurveParams>(
    tables: &[[Projective<C>; T]],
    digits: &[Vec<i8>],
    flips: &[Choice],
    windows: usize,
) -> Projective<C> {
    let mut acc = Projective::identity();
    for w in (0..windows).rev() {
        if w + 1 != windows {
            acc = acc.double_n(W);
        }
        for ((t, d), f) in tables.iter().zip(digits).zip(flips) {
            acc = acc.add(&lookup_flipped(
                t,
                d[w],
                *f,
                Projective::identity(),
                Projective::neg,
            ));
        }
    }
    acc
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::curves::{Secp256k1, P256};

    use crate::recode::tests::rng;

    /// Σ \[kⱼ\]Pⱼ by separate variable-time multiplications (the reference).
    fn reference<C: CurveParams, S: AsRef<[u64]>>(
        pts: &[Projective<C>],
        ks: &[S],
    ) -> Projective<C> {
        pts.iter()
            .zip(ks)
            .fold(Projective::identity(), |acc, (p, k)| {
                acc.add(&p.mul_vartime(k.as_ref()))
            })
    }

    /// [`msm_ct`] against Σ of separate variable-time multiplications (the reference), for
    /// 0 … 5 terms with random, small, zero, n − 1 and all-ones scalars, a repeated point, the
    /// identity as a point, and full and short bit lengths (GLV and plain paths on secp256k1,
    /// plain on P-256).
    fn agrees<C: CurveParams>() {
        let mut next = rng(0x243f6a8885a308d3);
        let g = Projective::<C>::generator();
        let mut nm1 = [0u64; 4];
        nm1.copy_from_slice(&C::ORDER[..4]);
        nm1[0] -= 1;
        for m in 0..=5usize {
            for round in 0..4 {
                let mut pts: Vec<Projective<C>> = (0..m)
                    .map(|_| g.mul_vartime(&[next(), next(), next(), next()]))
                    .collect();
                if m >= 3 {
                    pts[1] = pts[0];
                    pts[2] = Projective::identity();
                }
                let ks: Vec<[u64; 4]> = (0..m)
                    .map(|j| match (round + j) % 5 {
                        0 => [next(), next(), next(), next()],
                        1 => [next() % 40, 0, 0, 0],
                        2 => nm1,
                        3 => [0; 4],
                        _ => [u64::MAX; 4],
                    })
                    .collect();
                let got = msm_ct(&pts, &ks, 256);
                let want = reference(&pts, &ks);
                assert_eq!(got.to_affine(), want.to_affine(), "{} m = {m}", C::NAME);
                // short scalars: the plain path on every curve
                let short: Vec<[u64; 1]> = ks.iter().map(|k| [k[0]]).collect();
                let got = msm_ct(&pts, &short, 64);
                let want = reference(&pts, &short);
                assert_eq!(got.to_affine(), want.to_affine(), "{} short", C::NAME);
            }
        }
        // the shorter slice decides
        let p = [g, g.double()];
        assert_eq!(
            msm_ct(&p, &[[3u64]], 8).to_affine(),
            g.mul_vartime(&[3]).to_affine()
        );
    }

    #[test]
    fn msm_ct_agrees_secp256k1() {
        agrees::<Secp256k1>();
    }

    #[test]
    fn msm_ct_agrees_p256() {
        agrees::<P256>();
    }
}

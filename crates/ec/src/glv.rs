//! GLV scalar multiplication: Gallant, Lambert and Vanstone, "Faster point multiplication on
//! elliptic curves with efficient endomorphisms" (CRYPTO 2001), as presented in Hankerson,
//! Menezes and Vanstone, *Guide to Elliptic Curve Cryptography* (2004), §3.5 (Algorithm 3.74,
//! balanced length-two representation of a multiplier), for issue 4's "GLV split".
//!
//! On a curve y² = x³ + b over Fp with p ≡ 1 (mod 3), φ(x, y) = (βx, y) with β a primitive
//! cube root of unity in Fp is an endomorphism; on the order-n subgroup it acts as \[λ\] with
//! λ³ ≡ 1 (mod n). A scalar k is written k ≡ k₁ + k₂λ (mod n) with |k₁|, |k₂| ≈ √n, and
//! \[k\]P = \[k₁\]P + \[k₂\]φ(P): two half-length multiplications.
//!
//! * **Decomposition** ([`decompose`]): (a₁, b₁), (a₂, b₂) is a short basis of the lattice
//!   {(x, y) : x + yλ ≡ 0 (mod n)} with a₁b₂ − a₂b₁ = n (found with the extended Euclidean
//!   algorithm on (n, λ), GLV §4 / Guide Alg. 3.74). Babai rounding c₁ = ⌊b₂k/n⌉,
//!   c₂ = ⌊−b₁k/n⌉ is computed as a fixed-width multiply-shift with precomputed
//!   g₁ = ⌊2^t·b₂/n⌉, g₂ = ⌊−2^t·b₁/n⌉ (t ≈ 384); then k₁ = k − c₁a₁ − c₂a₂ and
//!   k₂ = −c₁b₁ − c₂b₂ exactly, over 320-bit two's complement. The signs are taken off with
//!   conditional negations (`subtle`): the whole decomposition is constant time. Since the
//!   rounding error of each cᵢ is at most ½ + 2^(−120), |k₁| < |a₁| + |a₂| and
//!   |k₂| < |b₁| + |b₂|; [`GlvConstants::half_bits`] bounds both (checked in the tests).
//! * **Methods**: [`mul_vartime`] (`glv`): wNAF on each half; with `threads ≥ 2` the halves run
//!   on two threads of the persistent [`crate::pool`] and are joined by one addition, with
//!   `threads = 1` a joint (Straus–Shamir) wNAF sharing the doublings. [`mul_ct`] (`glv-ct`):
//!   constant time; with one thread a joint signed odd-digit window (b = 4, digits ±1 … ±15)
//!   over Jacobian coordinates — one doubling chain, two mixed additions per window from an
//!   affine table of odd multiples of P (one batch inversion) and its φ-image, signs and
//!   table indices by masks and full scans, exception-free by the lattice argument at
//!   `joint_ct`; with two threads the complete-formula fixed window w = 4 on each half
//!   ([`Projective::mul_ct_bits`]) joined by one addition.
//!
//! A curve opts in through the [`CurveParams::GLV`] hook (secp256k1 here, the pairing G1
//! curves in hayate-pairing); the methods return [`NoEndomorphism`] on other curves.
//! GLV computes \[k mod n\]P, which equals \[k\]P only for P in the order-n subgroup: every
//! curve point when the cofactor is 1 (secp256k1, BN254), not in general on BLS12-381's E(Fp).

use core::fmt;

use hayate_arith::limbs::{adc, mac, sbb};
use subtle::{Choice, ConditionallySelectable};

use crate::affine::Affine;
use crate::curve::CurveParams;
use crate::jacobian::Jacobian;
use crate::projective::Projective;
use crate::scalar_mul::{
    odd_multiples, reduce_mod_ct, signed_lookup, signed_recoding, signed_window, wnaf_digits,
    wnaf_mul_jacobian, wnaf_width, SIGNED_TABLE, SIGNED_WINDOW_BITS, SW_LIMBS,
};

/// A signed integer of at most 256 bits given as sign and magnitude (public constants).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GlvInt {
    /// Is the value negative?
    pub neg: bool,
    /// |value|, little-endian limbs.
    pub mag: [u64; 4],
}

impl GlvInt {
    /// A non-negative constant from big-endian hex.
    pub const fn pos(hex: &str) -> Self {
        GlvInt {
            neg: false,
            mag: hayate_arith::limbs::from_hex(hex),
        }
    }
    /// A negative constant −hex.
    pub const fn neg(hex: &str) -> Self {
        GlvInt {
            neg: true,
            mag: hayate_arith::limbs::from_hex(hex),
        }
    }
}

/// The data of a GLV endomorphism φ(x, y) = (βx, y), φ = \[λ\] on the order-n subgroup
/// (n < 2^256).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GlvConstants<F> {
    /// β: a primitive cube root of unity in the base field.
    pub beta: F,
    /// λ: the matching cube root of unity modulo n (φ(P) = \[λ\]P).
    pub lambda: [u64; 4],
    /// First short lattice vector (a₁, b₁): a₁ + b₁λ ≡ 0 (mod n).
    pub a1: GlvInt,
    /// See [`Self::a1`].
    pub b1: GlvInt,
    /// Second short lattice vector (a₂, b₂), with a₁b₂ − a₂b₁ = n.
    pub a2: GlvInt,
    /// See [`Self::a2`].
    pub b2: GlvInt,
    /// g₁ = ⌊2^shift · b₂ / n⌉.
    pub g1: GlvInt,
    /// g₂ = ⌊−2^shift · b₁ / n⌉.
    pub g2: GlvInt,
    /// The shift t of the rounding multiply-shift, 256 ≤ t < 512.
    pub shift: u32,
    /// A bound on the bit length of |k₁| and |k₂|: ≥ bitlen(|a₁| + |a₂|), bitlen(|b₁| + |b₂|).
    pub half_bits: u32,
}

/// The GLV methods were asked for on a curve without a known efficient endomorphism.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NoEndomorphism {
    /// The curve's [`CurveParams::NAME`].
    pub curve: &'static str,
}

impl fmt::Display for NoEndomorphism {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "curve `{}` has no GLV endomorphism (glv/glv-ct need one: secp256k1, bn254, bn254-beuchat, bls12-381)", self.curve)
    }
}
impl std::error::Error for NoEndomorphism {}

/// The curve's GLV constants, or the error.
pub fn constants<C: CurveParams>() -> Result<GlvConstants<C::Base>, NoEndomorphism> {
    C::GLV.ok_or(NoEndomorphism { curve: C::NAME })
}

/// k ≡ k₁ + k₂λ (mod n) as magnitudes and signs: k = (−1)^neg1·k1 + (−1)^neg2·k2·λ (mod n).
#[derive(Clone, Copy, Debug)]
pub struct Decomposition {
    /// |k₁| (< 2^half_bits).
    pub k1: [u64; 4],
    /// k₁ < 0.
    pub neg1: Choice,
    /// |k₂| (< 2^half_bits).
    pub k2: [u64; 4],
    /// k₂ < 0.
    pub neg2: Choice,
}

/// Width of the signed intermediate values (320 bits).
const W: usize = 5;

/// ⌊(k·g + 2^(t−1)) / 2^t⌉ for 256 ≤ t < 512 (fixed-width, constant time).
fn mul_shift_round(k: &[u64; 4], g: &[u64; 4], t: u32) -> [u64; 4] {
    let mut p = [0u64; 9];
    for i in 0..4 {
        let mut carry = 0;
        for j in 0..4 {
            (p[i + j], carry) = mac(p[i + j], k[i], g[j], carry);
        }
        p[i + 4] = carry;
    }
    // + 2^(t−1): the ninth limb takes a carry out of 512 bits
    let h = (t - 1) as usize;
    let mut carry = 1u64 << (h % 64);
    for limb in p.iter_mut().skip(h / 64) {
        (*limb, carry) = adc(*limb, carry, 0);
    }
    let (q, s) = ((t / 64) as usize, t % 64);
    let mut c = [0u64; 4];
    for (j, cj) in c.iter_mut().enumerate() {
        let lo = p.get(q + j).copied().unwrap_or(0);
        let hi = p.get(q + j + 1).copied().unwrap_or(0);
        *cj = if s == 0 {
            lo
        } else {
            (lo >> s) | (hi << (64 - s))
        };
    }
    c
}

/// acc ± a·b over W limbs (two's complement, wrapping), `sub` public.
fn mul_acc(acc: &mut [u64; W], a: &[u64; 4], b: &[u64; 4], sub: bool) {
    let mut prod = [0u64; W];
    for i in 0..4 {
        let mut carry = 0;
        for j in 0..4 {
            if i + j < W {
                (prod[i + j], carry) = mac(prod[i + j], a[i], b[j], carry);
            }
        }
        if i + 4 < W {
            prod[i + 4] = carry;
        }
    }
    let mut c = 0;
    for j in 0..W {
        if sub {
            (acc[j], c) = sbb(acc[j], prod[j], c);
        } else {
            (acc[j], c) = adc(acc[j], prod[j], c);
        }
    }
}

/// (|v|, v < 0) of a W-limb two's-complement value whose magnitude is below 2^256.
fn abs_ct(v: &[u64; W]) -> ([u64; 4], Choice) {
    let neg = v[W - 1] >> 63;
    let mask = neg.wrapping_neg();
    let mut out = [0u64; 4];
    let mut carry = neg;
    for j in 0..4 {
        (out[j], carry) = adc(v[j] ^ mask, 0, carry);
    }
    (out, Choice::from(neg as u8))
}

/// The balanced decomposition k ≡ k₁ + k₂λ (mod n) of a secret scalar (constant time in k;
/// `k` has any number of limbs and is used modulo n).
pub fn decompose_with<F>(glv: &GlvConstants<F>, n: &[u64; 4], k: &[u64]) -> Decomposition {
    let r = reduce_mod_ct(k, n);
    let k = [r[0], r[1], r[2], r[3]];
    let c1 = mul_shift_round(&k, &glv.g1.mag, glv.shift);
    let c2 = mul_shift_round(&k, &glv.g2.mag, glv.shift);
    // c₁ = sgn(g₁)·c1, c₂ = sgn(g₂)·c2; k₁ = k − c₁a₁ − c₂a₂, k₂ = −c₁b₁ − c₂b₂.
    // c·a is subtracted when sgn(g)·sgn(a) = +1.
    let mut k1 = [k[0], k[1], k[2], k[3], 0];
    mul_acc(&mut k1, &c1, &glv.a1.mag, glv.g1.neg == glv.a1.neg);
    mul_acc(&mut k1, &c2, &glv.a2.mag, glv.g2.neg == glv.a2.neg);
    let mut k2 = [0u64; W];
    mul_acc(&mut k2, &c1, &glv.b1.mag, glv.g1.neg == glv.b1.neg);
    mul_acc(&mut k2, &c2, &glv.b2.mag, glv.g2.neg == glv.b2.neg);
    let (k1, neg1) = abs_ct(&k1);
    let (k2, neg2) = abs_ct(&k2);
    Decomposition { k1, neg1, k2, neg2 }
}

/// The curve order as four limbs (GLV curves have n < 2^256).
fn order4<C: CurveParams>() -> [u64; 4] {
    let mut n = [0u64; 4];
    for (d, s) in n.iter_mut().zip(C::ORDER) {
        *d = *s;
    }
    n
}

/// [`decompose_with`] for the curve C.
pub fn decompose<C: CurveParams>(k: &[u64]) -> Result<Decomposition, NoEndomorphism> {
    let glv = constants::<C>()?;
    Ok(decompose_with(&glv, &order4::<C>(), k))
}

/// φ(P) = (βX : Y : Z) (projective, so also Jacobian: x = X/Z or X/Z² both scale by β).
pub fn endomorphism<C: CurveParams>(p: &Projective<C>) -> Result<Projective<C>, NoEndomorphism> {
    let glv = constants::<C>()?;
    Ok(Projective {
        x: p.x * glv.beta,
        y: p.y,
        z: p.z,
    })
}

fn endo_j<C: CurveParams>(beta: C::Base, p: &Jacobian<C>) -> Jacobian<C> {
    Jacobian {
        x: p.x * beta,
        y: p.y,
        z: p.z,
    }
}

fn endo_p<C: CurveParams>(beta: C::Base, p: &Projective<C>) -> Projective<C> {
    Projective {
        x: p.x * beta,
        y: p.y,
        z: p.z,
    }
}

/// `glv`: \[k\]P for a public scalar (variable time), P in the order-n subgroup. With
/// `threads ≥ 2` the two half-length wNAF multiplications run on two threads of the
/// persistent [`crate::pool`]; with `threads ≤ 1` a joint wNAF shares the doublings.
pub fn mul_vartime<C: CurveParams>(
    p: &Projective<C>,
    k: &[u64],
    threads: usize,
) -> Result<Projective<C>, NoEndomorphism> {
    let glv = constants::<C>()?;
    let d = decompose_with(&glv, &order4::<C>(), k);
    let pj = Jacobian::from(*p);
    let p1 = if bool::from(d.neg1) { pj.neg() } else { pj };
    let p2 = endo_j(glv.beta, &if bool::from(d.neg2) { pj.neg() } else { pj });
    if threads <= 1 {
        return Ok(Projective::from(joint_wnaf(
            &p1,
            &d.k1,
            &d.k2,
            glv.beta,
            d.neg1 ^ d.neg2,
        )));
    }
    let (k1, k2) = (d.k1, d.k2);
    let (a, b) = crate::pool::join(
        threads,
        move || wnaf_mul_jacobian(&p1, &k1),
        || wnaf_mul_jacobian(&p2, &k2),
    );
    let a = a.unwrap_or_else(|_| wnaf_mul_jacobian(&p1, &k1));
    Ok(Projective::from(a.add_vartime(&b)))
}

/// Straus–Shamir joint wNAF of \[k₁\]P₁ + \[k₂\]P₂ where P₂ = ±φ(P₁) (`flip`: the signs
/// differ), so P₂'s table is φ of P₁'s (one multiplication by β per entry).
fn joint_wnaf<C: CurveParams>(
    p1: &Jacobian<C>,
    k1: &[u64],
    k2: &[u64],
    beta: C::Base,
    flip: Choice,
) -> Jacobian<C> {
    let m = crate::bits_vartime(k1).max(crate::bits_vartime(k2));
    if m == 0 || bool::from(p1.is_identity()) {
        return Jacobian::identity();
    }
    let w = wnaf_width(2 * m).min(5);
    let d1 = wnaf_digits(k1, w);
    let d2 = wnaf_digits(k2, w);
    let n = 1usize << (w - 2);
    let mut t1 = Vec::with_capacity(n);
    t1.push(*p1);
    let p1d = p1.double();
    for i in 1..n {
        let t = t1[i - 1].add_vartime(&p1d);
        t1.push(t);
    }
    let t2: Vec<Jacobian<C>> = t1
        .iter()
        .map(|t| {
            let e = endo_j(beta, t);
            if bool::from(flip) {
                e.neg()
            } else {
                e
            }
        })
        .collect();
    let len = d1.len().max(d2.len());
    let mut acc = Jacobian::identity();
    for i in (0..len).rev() {
        acc = acc.double();
        for (digits, table) in [(&d1, &t1), (&d2, &t2)] {
            let dg = digits.get(i).copied().unwrap_or(0);
            if dg != 0 {
                let t = table[(dg.unsigned_abs() as usize) / 2];
                acc = acc.add_vartime(&if dg < 0 { t.neg() } else { t });
            }
        }
    }
    acc
}

/// `glv-ct`: \[k\]P in constant time (time independent of k and P), P in the order-n
/// subgroup. With `threads ≤ 1` a joint signed-window multiplication (shared doublings, the
/// φ-table derived from P's table; see `joint_ct`); with `threads ≥ 2` the halves run on two
/// pool threads (fixed window w = 4 on ⌈half_bits/4⌉ windows, complete formulas).
pub fn mul_ct<C: CurveParams>(
    p: &Projective<C>,
    k: &[u64],
    threads: usize,
) -> Result<Projective<C>, NoEndomorphism> {
    let glv = constants::<C>()?;
    let d = decompose_with(&glv, &order4::<C>(), k);
    let nbits = glv.half_bits as usize;
    let neg = p.neg();
    let p1 = Projective::conditional_select(p, &neg, d.neg1);
    if threads <= 1 {
        return Ok(joint_ct(p, &d, glv.beta, nbits));
    }
    let p2 = endo_p(glv.beta, &Projective::conditional_select(p, &neg, d.neg2));
    let (k1, k2) = (d.k1, d.k2);
    let (a, b) = crate::pool::join(
        threads,
        move || p1.mul_ct_bits(&k1, nbits),
        || p2.mul_ct_bits(&k2, nbits),
    );
    let a = a.unwrap_or_else(|_| p1.mul_ct_bits(&k1, nbits));
    Ok(a.add(&b))
}

/// Joint constant-time signed-window multiplication \[m₁\]Q₁ + \[m₂\]Q₂ with Q₁ = ±P,
/// Q₂ = ±φ(P) (signs `d.neg1`, `d.neg2`), m = |kᵢ| < 2^nbits: one doubling chain over
/// ⌈nbits/b⌉ windows of b = [`SIGNED_WINDOW_BITS`] bits, two mixed Jacobian additions per
/// window from one affine table of odd multiples of P and its image under φ (x ↦ βx).
///
/// The recoding needs odd multipliers: mᵢ' = mᵢ | 1, and \[Qᵢ\] is subtracted again at the
/// end when mᵢ was even (two exception-safe additions of a point or of O).
///
/// Exceptions (see [`Projective::mul_ct_subgroup`] for the single-scalar argument). Before an
/// addition in window i ≥ 1 the accumulator is \[u + vλ\]P with |u|, |v| < 2^(nbits − b + 1)
/// and the addend \[d\]P or \[dλ\]P with odd |d| < 2^b; the addition is exceptional only if
/// (u ∓ d, v) or (u, v ∓ d) — a vector with an odd coordinate, hence non-zero — lies in the
/// lattice L = {(x, y) : x + yλ ≡ 0 (mod n)}, or (u, v) ∈ L \ {0}. Every non-zero vector of L
/// has a coordinate of absolute value ≥ |v₁|/√2 for the reduced basis vector v₁ = (a₁, b₁)
/// (≈ 2^127.3 for secp256k1, checked by the tests), which exceeds 2^(nbits − b + 1) + 2^b for
/// b ≥ 4 (nbits = 129). So only window 0 (where the values reach k's size) can be exceptional;
/// its two additions and the corrections use the exception-safe [`Jacobian::add_affine`].
fn joint_ct<C: CurveParams>(
    p: &Projective<C>,
    d: &Decomposition,
    beta: C::Base,
    nbits: usize,
) -> Projective<C> {
    let pj = Jacobian::from(*p);
    let (t1, zeta) = odd_multiples(&pj);
    let t2: [Affine<C>; SIGNED_TABLE] = core::array::from_fn(|i| Affine {
        x: t1[i].x * beta,
        ..t1[i]
    });
    let odd = |m: &[u64; 4]| {
        let mut w = [0u64; SW_LIMBS];
        w[..4].copy_from_slice(m);
        let even = Choice::from((1 ^ (w[0] & 1)) as u8);
        w[0] |= 1;
        (w, even)
    };
    let (m1, even1) = odd(&d.k1);
    let (m2, even2) = odd(&d.k2);
    let windows = nbits.div_ceil(SIGNED_WINDOW_BITS); // mᵢ' < 2^nbits ≤ 2^(b·windows)
    let j1 = signed_recoding(&m1, windows);
    let j2 = signed_recoding(&m2, windows);
    let top = windows - 1;
    // [d₁]Q₁ + [d₂]Q₂ with tiny odd d: (d₁, ∓d₂) ∉ L, not exceptional
    let mut acc = Jacobian::from(signed_lookup(&t1, signed_window(&j1, top), d.neg1));
    acc = acc
        .add_affine_unchecked(&signed_lookup(&t2, signed_window(&j2, top), d.neg2))
        .0;
    for i in (0..top).rev() {
        for _ in 0..SIGNED_WINDOW_BITS {
            acc = acc.double();
        }
        let a = signed_lookup(&t1, signed_window(&j1, i), d.neg1);
        let b = signed_lookup(&t2, signed_window(&j2, i), d.neg2);
        if i == 0 {
            acc = acc.add_affine(&a).add_affine(&b);
        } else {
            acc = acc.add_affine_unchecked(&a).0.add_affine_unchecked(&b).0;
        }
    }
    // −Qᵢ when mᵢ was even, O otherwise
    let correction = |t: &Affine<C>, neg: Choice, even: Choice| {
        let mut c = *t;
        c.y.conditional_assign(&-c.y, !neg);
        Affine::conditional_select(&Affine::identity(), &c, even)
    };
    acc = acc.add_affine(&correction(&t1[0], d.neg1, even1));
    acc = acc.add_affine(&correction(&t2[0], d.neg2, even2));
    acc.z *= zeta; // back from the table's scaled curve (φ commutes with the scaling)
    Projective::conditional_select(
        &Projective::from(acc),
        &Projective::identity(),
        p.is_identity(),
    )
}

//! GLV scalar multiplication: Gallant, Lambert and Vanstone, "Faster point multiplication on
//! elliptic curves with efficient endomorphisms" (CRYPTO 2001), as presented in Hankerson,
//! Menezes and Vanstone, *Guide to Elliptic Curve Cryptography* (2004), §3.5 (Algorithm 3.74,
//! balanced length-two representation of a multiplier).
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

use alloc::vec::Vec;
use core::fmt;

use hayate_arith::limbs::{adc, mac, sbb};
use hayate_arith::Field;
use subtle::{Choice, ConditionallySelectable};

use crate::affine::Affine;
use crate::curve::CurveParams;
use crate::jacobian::Jacobian;
use crate::projective::Projective;
use crate::scalar_mul::{
    odd_multiples, reduce_mod_ct, signed_lookup, signed_recoding, signed_window, wnaf_mul_jacobian,
    SIGNED_TABLE, SIGNED_WINDOW_BITS, SW_LIMBS,
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
impl core::error::Error for NoEndomorphism {}

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

/// C's GLV constants and the decomposition of k with them.
fn split<C: CurveParams>(
    k: &[u64],
) -> Result<(GlvConstants<C::Base>, Decomposition), NoEndomorphism> {
    let glv = constants::<C>()?;
    let d = decompose_with(&glv, &order4::<C>(), k);
    Ok((glv, d))
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
/// persistent [`crate::pool`]; with `threads ≤ 1` a joint wNAF shares the doublings
/// ([`endo_mul_vartime`]: mixed additions from an affine-form table of P and its φ-image).
pub fn mul_vartime<C: CurveParams>(
    p: &Projective<C>,
    k: &[u64],
    threads: usize,
) -> Result<Projective<C>, NoEndomorphism> {
    let (glv, d) = split::<C>(k)?;
    let pj = Jacobian::from(*p);
    let p1 = if bool::from(d.neg1) { pj.neg() } else { pj };
    let p2 = endo_j(glv.beta, &if bool::from(d.neg2) { pj.neg() } else { pj });
    if threads <= 1 {
        let beta = glv.beta;
        return Ok(endo_mul_vartime(
            p,
            &[(d.k1, bool::from(d.neg1)), (d.k2, bool::from(d.neg2))],
            |_, e: &Affine<C>| Affine {
                x: e.x * beta,
                ..*e
            },
            |_| None,
        ));
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

/// `glv-ct`: \[k\]P in constant time (time independent of k and P), P in the order-n
/// subgroup. With `threads ≤ 1` a joint signed-window multiplication (shared doublings, the
/// φ-table derived from P's table; see `joint_ct`); with `threads ≥ 2` the halves run on two
/// pool threads (fixed window w = 4 on ⌈half_bits/4⌉ windows, complete formulas).
pub fn mul_ct<C: CurveParams>(
    p: &Projective<C>,
    k: &[u64],
    threads: usize,
) -> Result<Projective<C>, NoEndomorphism> {
    let (glv, d) = split::<C>(k)?;
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
/// Q₂ = ±φ(P) (signs `d.neg1`, `d.neg2`), m = |kᵢ| < 2^nbits: [`endo_mul_ct`] with D = 2 and
/// φ (x ↦ βx) as the map on the table.
///
/// Exceptions: the lattice L = {(x, y) : x + yλ ≡ 0 (mod n)} has no non-zero vector with both
/// coordinates below |v₁|/√2 for the reduced basis vector v₁ = (a₁, b₁) (≈ 2^127.3 for
/// secp256k1, checked by the tests), which exceeds 2^(nbits − b + 1) + 2^b for b ≥ 4
/// (nbits = 129): the precondition of [`endo_mul_ct`].
fn joint_ct<C: CurveParams>(
    p: &Projective<C>,
    d: &Decomposition,
    beta: C::Base,
    nbits: usize,
) -> Projective<C> {
    endo_mul_ct(
        p,
        &[(d.k1, d.neg1), (d.k2, d.neg2)],
        |_, e: &Affine<C>| Affine {
            x: e.x * beta,
            ..*e
        },
        |_| None,
        nbits,
    )
}

// ---------------------------------------------------------------------------------------------
// D-dimensional decompositions and multiplications (GLV with φ on G1, GLS with ψ on the G2 twist
// of pairing curves): \[k\]P = Σᵢ \[kᵢ\]σᵢ(P) with endomorphisms σᵢ = \[λ^i\] on ⟨P⟩.
// ---------------------------------------------------------------------------------------------

/// The data of a D-dimensional decomposition k ≡ Σᵢ kᵢλ^i (mod n) (Babai rounding on a reduced
/// basis; Galbraith–Lin–Scott, EUROCRYPT 2009, §4; Bos–Costello–Naehrig, "Exponentiating in
/// pairing groups", SAC 2013, §3).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LatticeConstants<const D: usize> {
    /// Rows bⱼ of a reduced basis of L = {x ∈ Z^D : Σᵢ xᵢλ^i ≡ 0 (mod n)}, det = ±n.
    pub basis: [[GlvInt; D]; D],
    /// gⱼ = ⌊2^shift · (B⁻¹)₀ⱼ⌉ (signed): the first row of the inverse basis, scaled.
    pub g: [GlvInt; D],
    /// The shift t of the rounding multiply-shift, 256 ≤ t < 512.
    pub shift: u32,
    /// A bound on the bit length of every |kᵢ| (≥ bitlen of half the largest column sum of
    /// |bⱼᵢ|, plus the rounding slack).
    pub part_bits: u32,
}

/// One part of a decomposition: (|kᵢ|, kᵢ < 0).
pub type SignedPart = ([u64; 4], Choice);

/// k ≡ Σᵢ (−1)^negᵢ·|kᵢ|·λ^i (mod n) in constant time (`k` of any length, used modulo n):
/// cⱼ = ⌊k·gⱼ / 2^t⌉ (fixed-width multiply-shift), (k₀, …) = (k, 0, …, 0) − Σⱼ cⱼbⱼ over
/// 320-bit two's complement, signs removed by conditional negation.
pub fn decompose_lattice<const D: usize>(
    c: &LatticeConstants<D>,
    n: &[u64; 4],
    k: &[u64],
) -> [SignedPart; D] {
    let r = reduce_mod_ct(k, n);
    let k = [r[0], r[1], r[2], r[3]];
    let mut acc = [[0u64; W]; D];
    acc[0][..4].copy_from_slice(&k);
    for j in 0..D {
        let cj = mul_shift_round(&k, &c.g[j].mag, c.shift);
        for (i, a) in acc.iter_mut().enumerate() {
            let b = &c.basis[j][i];
            // cⱼ·bⱼᵢ has sign sgn(gⱼ)·sgn(bⱼᵢ); subtracted when positive
            mul_acc(a, &cj, &b.mag, c.g[j].neg == b.neg);
        }
    }
    core::array::from_fn(|i| abs_ct(&acc[i]))
}

/// Rescales a table on the curve scaled by ζ (entry (x, y) = Jacobian (x : y : ζ)) by u:
/// (x·u², y·u³) over ζ·u.
fn rescale<C: CurveParams>(t: &mut [Affine<C>; SIGNED_TABLE], zeta: &mut C::Base, u: C::Base) {
    let u2 = u.square();
    let u3 = u2 * u;
    for e in t.iter_mut() {
        e.x *= u2;
        e.y *= u3;
    }
    *zeta *= u;
}

/// The D tables of odd multiples 1, 3, …, 15 of σᵢ(P) (σ₀ = identity map) over one common ζ.
fn endo_tables<C: CurveParams, const D: usize>(
    p: &Projective<C>,
    endo: &impl Fn(usize, &Affine<C>) -> Affine<C>,
    z_factor: &impl Fn(&C::Base) -> Option<C::Base>,
) -> ([[Affine<C>; SIGNED_TABLE]; D], C::Base) {
    let (mut t0, mut zeta) = odd_multiples(&Jacobian::from(*p));
    if let Some(u) = z_factor(&zeta) {
        rescale(&mut t0, &mut zeta, u);
    }
    let tables = core::array::from_fn(|i| {
        if i == 0 {
            t0
        } else {
            core::array::from_fn(|j| endo(i, &t0[j]))
        }
    });
    (tables, zeta)
}

/// Σᵢ \[±mᵢ\]σᵢ(P) in constant time (time independent of the parts and of P), for P in the
/// order-n subgroup, σᵢ = \[λ^i\] an endomorphism, parts mᵢ < 2^`nbits` with signs.
///
/// * `endo(i, e)` maps an entry of P's table to σᵢ of it (i ≥ 1). The table is affine on a
///   Z-scaled isomorphic curve (entry (x, y) is the Jacobian point (x : y : ζ), see
///   `odd_multiples`), so σᵢ must fix ζ: (x : y : ζ) ↦ (x' : y' : ζ). `z_factor(ζ)` may return
///   a u by which the table is rescaled first (ζ ↦ ζu; e.g. u = ζ̄ makes ζ real, which the
///   p-power Frobenius ψ fixes); `None` keeps ζ.
/// * Method: one joint signed odd-digit window of b = [`SIGNED_WINDOW_BITS`] bits (digits
///   ±1 … ±15) over Jacobian coordinates: ⌈nbits/b⌉ windows, b doublings and D mixed
///   additions each; entries by full table scans with `subtle` selects, signs by masks. Even
///   parts are made odd (mᵢ | 1) and \[σᵢ(P)\] is subtracted again at the end with the
///   exception-safe addition.
/// * Exceptions (precondition): every non-zero vector x of L = {x : Σ xᵢλ^i ≡ 0 (mod n)}
///   must have max |xᵢ| > 2^(b(W−1)) + 2^b, W = ⌈nbits/b⌉. Then no addition before window 0
///   meets an exceptional case: before adding part j in window w ≥ 1 the accumulator is
///   \[Σ uᵢλ^i\]P with |uᵢ| < 2^(b(W−1)), uᵢ odd for i < j and uⱼ = 2^b·(odd) ≠ 0, the addend
///   \[±dλ^j\]P with odd |d| < 2^b; a collision (u ∓ d·eⱼ ∈ L, a vector whose j-th coordinate
///   is odd, hence non-zero) or a zero accumulator (u ∈ L, u ≠ 0) would be a short non-zero
///   lattice vector. Window 0 and the corrections use the incomplete addition too, with
///   the exceptional cases flagged; a set flag (made public: for secret parts it is set with
///   negligible probability) recomputes them with the exception-safe
///   [`Jacobian::add_affine`].
pub fn endo_mul_ct<C: CurveParams, const D: usize>(
    p: &Projective<C>,
    parts: &[SignedPart; D],
    endo: impl Fn(usize, &Affine<C>) -> Affine<C>,
    z_factor: impl Fn(&C::Base) -> Option<C::Base>,
    nbits: usize,
) -> Projective<C> {
    let (tables, zeta) = endo_tables::<C, D>(p, &endo, &z_factor);
    let windows = nbits.div_ceil(SIGNED_WINDOW_BITS).max(1); // mᵢ' < 2^nbits ≤ 2^(b·windows)
    let mut rec = [[0u64; SW_LIMBS]; D];
    let mut even = [Choice::from(0); D];
    for i in 0..D {
        let mut w = [0u64; SW_LIMBS];
        w[..4].copy_from_slice(&parts[i].0);
        even[i] = Choice::from((1 ^ (w[0] & 1)) as u8);
        w[0] |= 1;
        rec[i] = signed_recoding(&w, windows);
    }
    let top = windows - 1;
    // `complete`: window 0 and the corrections by the exception-safe addition; otherwise by
    // the incomplete one, returning whether an exceptional case was met there
    let run = |complete: bool| {
        let mut flag = Choice::from(0);
        let mut add_last = |acc: &Jacobian<C>, t: &Affine<C>, apply: Choice| {
            let sum = if complete {
                acc.add_affine(t)
            } else {
                let (sum, dbl) = acc.add_affine_unchecked(t);
                flag |= (dbl | acc.is_identity()) & apply;
                sum
            };
            Jacobian::conditional_select(acc, &sum, apply)
        };
        let mut acc = Jacobian::from(signed_lookup(
            &tables[0],
            signed_window(&rec[0], top),
            parts[0].1,
        ));
        for i in 1..D {
            let t = signed_lookup(&tables[i], signed_window(&rec[i], top), parts[i].1);
            if top == 0 {
                acc = add_last(&acc, &t, Choice::from(1));
            } else {
                acc.add_affine_assign_unchecked(&t);
            }
        }
        for w in (0..top).rev() {
            for _ in 0..SIGNED_WINDOW_BITS {
                acc = acc.double();
            }
            for i in 0..D {
                let t = signed_lookup(&tables[i], signed_window(&rec[i], w), parts[i].1);
                if w == 0 {
                    acc = add_last(&acc, &t, Choice::from(1));
                } else {
                    acc.add_affine_assign_unchecked(&t);
                }
            }
        }
        // −(±σᵢ(P)) when mᵢ was even
        for i in 0..D {
            let mut c = tables[i][0];
            c.y.conditional_assign(&-c.y, !parts[i].1);
            acc = add_last(&acc, &c, even[i]);
        }
        (acc, flag)
    };
    let (mut acc, exceptional) = run(false);
    // set only if a partial sum of window 0 or of the corrections met ±its addend or O: for
    // the secret parts of a scalar, with negligible probability (the one bit made public)
    if crate::valgrind::declassify(bool::from(exceptional)) {
        acc = run(true).0;
    }
    acc.z *= zeta; // back from the table's scaled curve
    Projective::conditional_select(
        &Projective::from(acc),
        &Projective::identity(),
        p.is_identity(),
    )
}

/// Σᵢ \[±mᵢ\]σᵢ(P) for public parts (variable time): interleaved width-5 NAFs (Straus–Shamir)
/// over Jacobian coordinates with branching mixed additions, from the same tables as
/// [`endo_mul_ct`] (`endo`, `z_factor` as there). P in the order-n subgroup.
pub fn endo_mul_vartime<C: CurveParams, const D: usize>(
    p: &Projective<C>,
    parts: &[([u64; 4], bool); D],
    endo: impl Fn(usize, &Affine<C>) -> Affine<C>,
    z_factor: impl Fn(&C::Base) -> Option<C::Base>,
) -> Projective<C> {
    if bool::from(p.is_identity()) {
        return Projective::identity();
    }
    let (mut tables, zeta) = endo_tables::<C, D>(p, &endo, &z_factor);
    for (t, part) in tables.iter_mut().zip(parts) {
        if part.1 {
            for e in t.iter_mut() {
                *e = e.neg();
            }
        }
    }
    let digits: [Vec<i8>; D] = core::array::from_fn(|i| crate::recode::wnaf(&parts[i].0, 5));
    let len = digits.iter().map(Vec::len).max().unwrap_or(0);
    let mut acc = Jacobian::identity();
    for w in (0..len).rev() {
        acc = acc.double();
        for (t, d) in tables.iter().zip(&digits) {
            let dg = d.get(w).copied().unwrap_or(0);
            if dg != 0 {
                let e = t[(dg.unsigned_abs() as usize) / 2];
                acc = acc.add_affine_vartime(&if dg < 0 { e.neg() } else { e });
            }
        }
    }
    acc.z *= zeta;
    Projective::from(acc)
}

/// The order of C as four limbs (for curves with n < 2^256).
pub fn order_limbs<C: CurveParams>() -> [u64; 4] {
    order4::<C>()
}

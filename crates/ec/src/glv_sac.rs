//! Constant-time multiplication with a D-dimensional endomorphism decomposition (D ≤ 4) in the
//! sign-aligned column form: Faz-Hernández, Longa and Sánchez, "Efficient and secure
//! algorithms for GLV-based scalar multiplication and their implementation on GLV–GLS curves"
//! (CT-RSA 2014; the "GLV-SAC" representation), the method FourQ uses for its 4-dimensional
//! decomposition (Costello–Longa, "FourQ: four-dimensional decompositions on a Q-curve over the
//! Mersenne prime", ASIACRYPT 2015).
//!
//! Given Σᵢ \[±mᵢ\]σᵢ(P) with parts mᵢ < 2^nbits (from [`crate::glv::decompose_lattice`]) and
//! Bᵢ = ±σᵢ(P) (the part's sign folded into the base point):
//!
//! * **Recoding** ([`crate::recode::sac`]). m₀ is made odd (m₀' = m₀ | 1; an even m₀ costs
//!   one exception-safe subtraction of B₀ at the end). An odd m₀' < 2^L (L = nbits + 1) is
//!   Σ_{i<L} sᵢ2^i with every sᵢ ∈ {±1}: sᵢ = 2·bit_{i+1}(m₀') − 1 for i < L − 1 and
//!   s_{L−1} = 1 (Σ_{i<L−1} (2b_{i+1} − 1)2^i = (m₀' − 1) − (2^(L−1) − 1)). Every other part
//!   gets digits in {0, sᵢ}: eᵢ = mⱼ mod 2, mⱼ ← ⌊mⱼ/2⌋ + \[eᵢ = 1 and sᵢ = −1\] (so that
//!   mⱼ = eᵢsᵢ + 2·mⱼ'); from mⱼ < 2^(L−1) the value stays ≤ 2^(L−1−i) before step i, so the
//!   last digit is 0 or 1 = s_{L−1} and nothing remains. All of this is shifts and masks.
//! * **Table.** Column i is sᵢ·(B₀ + Σⱼ eᵢⱼBⱼ): a table of the 2^(D−1) points
//!   T\[e\] = B₀ + Σ_{j≥1} e_{j−1}Bⱼ. They are built along a Gray code (each entry is the
//!   previous one ± one Bⱼ, a mixed addition) on the Z-scaled curve of
//!   [`crate::scalar_mul`](mod@crate::scalar_mul)'s `odd_multiples` (P's Jacobian Z is the scale ζ, rescaled by
//!   `z_factor` so that σᵢ fixes it), and brought to one common Z from the additions' Z-ratios:
//!   no inversion. Two savings: B₀ + B₁ adds two points of Z = 1 (4M + 2S), and every addition
//!   also hands back its first summand on the sum's Z (X₁H², Y₁H³ are terms of the formula:
//!   Meloni's co-Z update), so the entries come in pairs on a common Z and one scale factor
//!   per pair suffices (for D = 4: 3 factors, 12M + 3S + 5M for the factors, instead of 7 and
//!   21M + 7S + 7M).
//! * **Loop.** L − 1 doublings and L − 1 mixed additions of ±T\[eᵢ\] over Jacobian
//!   coordinates; T\[eᵢ\] by a binary tree of masked selects on the bits of eᵢ (touches
//!   every entry; D − 1 secret bits become masks instead of one comparison per entry), the
//!   sign by a conditional negation of y. On a = 0 curves the exception-free columns go to
//!   the base field's vector kernel when it has one ([`CurveField::jacobian_sac_columns`]: G2 of
//!   BLS12-381 on CPUs with AVX-512 IFMA, all Fp2 products of a step side
//!   by side in the lanes), the same point by the same formulas.
//!
//! Exceptions. Before the addition of column i the accumulator is Σⱼ uⱼBⱼ with
//! uⱼ = Σ_{t>i} dₜⱼ2^(t−i), |uⱼ| ≤ 2^(L−i) − 2, and u₀ = 2·(odd) ≠ 0 (the sₜ are all ±1).
//! The addend is sᵢ(1, eᵢ). A zero accumulator (u ∈ L), equal summands or opposite ones
//! (u ∓ sᵢ(1, eᵢ) ∈ L, whose first coordinate u₀ ∓ sᵢ is odd, hence non-zero) each give a
//! non-zero vector of the lattice L = {x : Σ xᵢλ^i ≡ 0 (mod n)} with max |xⱼ| ≤ 2^(L−i) − 1.
//! So if every non-zero x ∈ L has max |xⱼ| ≥ 2^`min_bits` (the caller's precondition, from
//! the reduced basis' Gram–Schmidt norms), columns i ≥ L − `min_bits` need no exception
//! handling; the last few columns and the final correction use the exception-safe
//! [`Jacobian::add_affine`]. The table chain adds vectors with entries in {0, ±1, ±2} and
//! first coordinate 1: never exceptional.

use crate::CurveField;
use hayate_arith::Field;
use subtle::{Choice, ConditionallySelectable};

use crate::affine::Affine;
use crate::curve::CurveParams;
use crate::glv::SignedPart;
use crate::jacobian::Jacobian;
use crate::projective::Projective;
use crate::recode;

/// Largest table: 2^(D−1) for D = 4.
const MAX_TABLE: usize = 8;
/// Largest digit count L = nbits + 1 (parts of at most 256 bits).
const MAX_DIGITS: usize = recode::SAC_MAX_COLUMNS;

/// ±table\[idx\] (negated when `neg`) for a table of n = 2^b entries: a binary tree of
/// masked selects on the bits of idx (n − 1 selects, b secret bits turned into masks), no
/// secret-dependent branch or index.
#[inline(always)]
fn lookup<C: CurveParams>(table: &[Affine<C>; MAX_TABLE], n: usize, idx: u8, neg: u8) -> Affine<C> {
    let mut level = [(C::Base::ZERO, C::Base::ZERO); MAX_TABLE];
    for (l, e) in level.iter_mut().zip(table.iter()).take(n) {
        *l = (e.x, e.y);
    }
    let mut width = n;
    let mut bit = 0;
    while width > 1 {
        let c = Choice::from((idx >> bit) & 1);
        for i in 0..width / 2 {
            let (a, b) = (level[2 * i], level[2 * i + 1]);
            level[i] = (
                C::Base::conditional_select(&a.0, &b.0, c),
                C::Base::conditional_select(&a.1, &b.1, c),
            );
        }
        width /= 2;
        bit += 1;
    }
    let (x, mut y) = level[0];
    y.conditional_assign(&-y, Choice::from(neg));
    Affine {
        x,
        y,
        infinity: Choice::from(0),
    }
}

/// Mixed addition on Jacobian coordinates that also returns P rescaled to the sum's Z
/// (Meloni's co-Z update, free here: X₁H² and Y₁H³ are terms of the sum) and the ratio H =
/// Z₃/Z₁: the textbook formula of [`Jacobian::add_affine_unchecked_zr`] (8M + 3S); with
/// `z_one` (public) P's Z is known to be 1 and the products by it are skipped (4M + 2S).
/// Correct when P ≠ ±Q and both are finite.
#[inline(always)]
fn add_affine_coz<C: CurveParams>(
    p: &Jacobian<C>,
    q: &Affine<C>,
    z_one: bool,
) -> (Jacobian<C>, Jacobian<C>, C::Base) {
    let (u2, s2) = if z_one {
        (q.x, q.y)
    } else {
        let z1z1 = p.z.square();
        (q.x * z1z1, q.y * p.z * z1z1)
    };
    let h = u2 - p.x;
    let r = s2 - p.y;
    let hh = h.square();
    let hhh = h * hh;
    let v = p.x * hh;
    let yh = p.y * hhh;
    let x3 = r.square() - hhh - v.double();
    let y3 = r * (v - x3) - yh;
    let z3 = if z_one { h } else { p.z * h };
    (
        Jacobian {
            x: x3,
            y: y3,
            z: z3,
        },
        Jacobian { x: v, y: yh, z: z3 },
        h,
    )
}

/// Σᵢ \[±mᵢ\]σᵢ(P) in constant time (time independent of the parts and of P) by the
/// sign-aligned column method (see the module docs), for P in the order-n subgroup, σᵢ = \[λ^i\]
/// an endomorphism (σ₀ the identity), parts mᵢ < 2^`nbits` (nbits ≤ 256) with signs, D ≤ 4.
///
/// * `endo(i, e)` maps an affine-form point of the Z-scaled curve (the Jacobian point
///   (x : y : ζ)) to σᵢ of it (i ≥ 1); σᵢ must fix ζ. `z_factor(ζ)` may return a u by which the
///   base point is rescaled first (ζ ↦ ζu; e.g. u = ζ̄ makes ζ real, which the p-power
///   Frobenius fixes); `None` keeps ζ. The same conventions as
///   [`crate::glv::endo_mul_ct`].
/// * Precondition on the lattice: every non-zero x with Σ xᵢλ^i ≡ 0 (mod n) has
///   max |xᵢ| ≥ 2^`min_bits`. Cost: nbits doublings, nbits mixed additions (the last
///   nbits + 1 − min_bits of them exception-safe), 2^(D−1) − 1 mixed additions for the
///   table and one exception-safe addition for an even m₀.
pub fn endo_mul_sac_ct<C: CurveParams, const D: usize>(
    p: &Projective<C>,
    parts: &[SignedPart; D],
    endo: impl Fn(usize, &Affine<C>) -> Affine<C>,
    z_factor: impl Fn(&C::Base) -> Option<C::Base>,
    nbits: usize,
    min_bits: usize,
) -> Projective<C> {
    const { assert!(D >= 1 && D <= 4) };
    let nbits = nbits.clamp(1, MAX_DIGITS - 1);
    let tlen = 1usize << (D - 1);

    // base point (x : y : ζ) on the scaled curve, ζ rescaled for the endomorphisms
    let j = Jacobian::from(*p);
    let mut zeta = j.z;
    let mut base = Affine::<C> {
        x: j.x,
        y: j.y,
        infinity: Choice::from(0),
    };
    if let Some(u) = z_factor(&zeta) {
        let u2 = u.square();
        base.x *= u2;
        base.y *= u2 * u;
        zeta *= u;
    }
    // Bᵢ = ±σᵢ(P)
    let b: [Affine<C>; D] = core::array::from_fn(|i| {
        let mut e = if i == 0 { base } else { endo(i, &base) };
        e.y.conditional_assign(&-e.y, parts[i].1);
        e
    });

    // T[e] along the Gray code g(t) = t ⊕ (t ≫ 1): T[g(t)] = T[g(t − 1)] ± B_{bit + 1}; each
    // addition also returns T[g(t − 1)] on the sum's Z (co-Z update), so entries come in
    // pairs (2s, 2s + 1) on the common Z of entry 2s + 1, and one scale factor per pair brings
    // them to the last entry's Z. B₀ has Z = 1 on the scaled curve: the first addition is
    // affine + affine.
    let mut chain = [Jacobian::<C>::from(b[0]); MAX_TABLE];
    let mut prev = [Jacobian::<C>::from(b[0]); MAX_TABLE]; // prev[t]: chain[t − 1] on chain[t]'s Z
    let mut zr = [C::Base::ONE; MAX_TABLE];
    for t in 1..tlen {
        let (g, gp) = (t ^ (t >> 1), (t - 1) ^ ((t - 1) >> 1));
        let bit = (g ^ gp).trailing_zeros() as usize; // public
        let q = if g & (1 << bit) != 0 {
            b[bit + 1]
        } else {
            b[bit + 1].neg()
        };
        let (s, pr, r) = add_affine_coz(&chain[t - 1], &q, t == 1);
        chain[t] = s;
        prev[t] = pr;
        zr[t] = r;
    }
    // pair (t − 1, t) for odd t sits on Zₜ: multiply by ρ = Z_last/Zₜ = zr[t+1]·…·zr[T−1]
    let mut table = [Affine::<C>::identity(); MAX_TABLE];
    let put = |table: &mut [Affine<C>; MAX_TABLE],
               t: usize,
               e: &Jacobian<C>,
               rho2: &C::Base,
               rho3: &C::Base,
               one: bool| {
        table[t ^ (t >> 1)] = if one {
            Affine {
                x: e.x,
                y: e.y,
                infinity: Choice::from(0),
            }
        } else {
            Affine {
                x: e.x * *rho2,
                y: e.y * *rho3,
                infinity: Choice::from(0),
            }
        };
    };
    if tlen == 1 {
        put(&mut table, 0, &chain[0], &C::Base::ONE, &C::Base::ONE, true);
    } else {
        let mut rho = C::Base::ONE;
        let mut t = tlen - 1; // odd
        loop {
            let one = t == tlen - 1;
            let (rho2, rho3) = if one {
                (C::Base::ONE, C::Base::ONE)
            } else {
                let r2 = rho.square();
                (r2, r2 * rho)
            };
            put(&mut table, t, &chain[t], &rho2, &rho3, one);
            put(&mut table, t - 1, &prev[t], &rho2, &rho3, one);
            if t == 1 {
                break;
            }
            rho = if one {
                zr[t] * zr[t - 1]
            } else {
                rho * zr[t] * zr[t - 1]
            };
            t -= 2;
        }
    }
    zeta *= chain[tlen - 1].z;

    // recoding: m₀ made odd
    let even0 = Choice::from((1 ^ (parts[0].0[0] & 1)) as u8);
    let m: [[u64; 4]; D] = core::array::from_fn(|i| {
        let mut v = parts[i].0;
        if i == 0 {
            v[0] |= 1;
        }
        v
    });
    let cols = recode::sac(&m, nbits);
    let len = cols.len;

    let top = len - 1;
    let mut acc = Jacobian::from(lookup(&table, tlen, cols.idx[top], cols.neg[top]));
    // columns top − 1 … len − min_bits need no exception handling: in one vector kernel when
    // the field has one (a = 0), else by the formulas below
    let mut next = top;
    let safe_end = len.saturating_sub(min_bits);
    if C::A_IS_ZERO && top > safe_end && C::Base::has_sac_columns() {
        let mut digits = [(0u8, 0u8); MAX_DIGITS];
        for (d, i) in digits.iter_mut().zip((safe_end..top).rev()) {
            *d = (cols.idx[i], cols.neg[i]);
        }
        let entries: [[C::Base; 2]; MAX_TABLE] = core::array::from_fn(|e| [table[e].x, table[e].y]);
        if let Some([x, y, z]) = C::Base::jacobian_sac_columns(
            [&acc.x, &acc.y, &acc.z],
            &entries[..tlen],
            &digits[..top - safe_end],
        ) {
            acc = Jacobian { x, y, z };
            next = safe_end;
        }
    }
    for i in (0..next).rev() {
        acc = acc.double();
        let t = lookup(&table, tlen, cols.idx[i], cols.neg[i]);
        acc = if i + min_bits >= len {
            acc.add_affine_unchecked(&t).0
        } else {
            acc.add_affine(&t)
        };
    }
    // −B₀ when m₀ was even (T[0] = B₀ on the table's scaled curve)
    let mut c = table[0];
    c.y = -c.y;
    acc = acc.add_affine(&Affine::conditional_select(&Affine::identity(), &c, even0));
    acc.z *= zeta; // back from the table's scaled curve
    Projective::conditional_select(
        &Projective::from(acc),
        &Projective::identity(),
        p.is_identity(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::curves::secp256k1::Secp256k1;

    /// D = 1 (the plain scalar, lattice nZ) and D = 2 (secp256k1's GLV split, φ = (βx, y)) agree
    /// with the variable-time wNAF on edge and pseudo-random scalars; small `min_bits` only
    /// makes more columns exception-safe, so the values used here are safe lower bounds.
    #[test]
    fn agrees_with_wnaf_on_secp256k1() {
        let g = Projective::<Secp256k1>::generator();
        let p = g.mul_vartime_wnaf(&[0x1234_5678, 99]);
        let glv = crate::glv::constants::<Secp256k1>().expect("GLV");
        let n = crate::glv::order_limbs::<Secp256k1>();
        let mut nm1 = n;
        nm1[0] -= 1;
        let mut ks = vec![[0u64; 4], [1, 0, 0, 0], [2, 0, 0, 0], nm1, n, [u64::MAX; 4]];
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        for _ in 0..6 {
            ks.push(core::array::from_fn(|_| {
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                seed
            }));
        }
        for k in ks {
            let want = p.mul_vartime_wnaf(&k).to_affine();
            // D = 1: k mod n below 2^256
            let r = crate::scalar_mul::reduce_mod_ct(&k, &n);
            let one: [SignedPart; 1] = [([r[0], r[1], r[2], r[3]], Choice::from(0))];
            let got = endo_mul_sac_ct(&p, &one, |_, e| *e, |_| None, 256, 200);
            assert_eq!(got.to_affine(), want, "D = 1, k = {k:x?}");
            // D = 2: k ≡ ±k₁ ± k₂λ with |kᵢ| < 2^half_bits
            let d = crate::glv::decompose::<Secp256k1>(&k).expect("GLV");
            let two: [SignedPart; 2] = [(d.k1, d.neg1), (d.k2, d.neg2)];
            let endo = |_: usize, e: &Affine<Secp256k1>| Affine {
                x: e.x * glv.beta,
                ..*e
            };
            let got = endo_mul_sac_ct(&p, &two, endo, |_| None, glv.half_bits as usize, 100);
            assert_eq!(got.to_affine(), want, "D = 2, k = {k:x?}");
        }
        let id = Projective::<Secp256k1>::identity();
        let one: [SignedPart; 1] = [([5, 0, 0, 0], Choice::from(0))];
        assert!(bool::from(
            endo_mul_sac_ct(&id, &one, |_, e| *e, |_| None, 8, 4).is_identity()
        ));
    }
}

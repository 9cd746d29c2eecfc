//! Constant-time linear combinations with **shared secret scalars** over many coordinates:
//! out_j = Σ_k c_k·P_{j,k} for public points P_{j,k} and secret scalars c_1 … c_m common to
//! every coordinate j (FAME's KeyGen and Encrypt: the same exponents applied to the hashes of
//! every attribute). GLV (Gallant–Lambert–Vanstone, CRYPTO 2001; Hankerson–Menezes–Vanstone,
//! *Guide to ECC*, §3.5) with Straus's interleaving (HMV Alg. 3.48) in Jacobian coordinates.
//!
//! * **Scalars**, once per call: c_k ≡ ±k₁ ± k₂λ (mod n) ([`glv::decompose_with`], constant
//!   time), each half made odd (k | 1, the lost base subtracted at the end under a select) and
//!   recoded into B = 5-bit signed **odd** digits ±1, ±3, …, ±31 (J = (k ≫ 1) + 2^(B·W − 1),
//!   digit i = 2·window_i(J) − 31; the odd-digit recoding of Joye–Tunstall, "Exponent
//!   recoding and regular exponentiation algorithms", AFRICACRYPT 2009): no zero digit, so no
//!   addition ever meets the identity as addend.
//! * **Tables** (public points, variable time): the odd multiples P, 3P, …, 31P of every base
//!   in affine form, built for all bases of the call at once with batched affine arithmetic
//!   (each of the 16 steps — 2P, then (2i+1)P = (2i−1)P + 2P — shares one inversion among all
//!   bases, Montgomery's trick). The table of φ(P) = (βx, y) is read through P's (x ↦ βx after
//!   the lookup).
//! * **Loop**: per coordinate one chain of B doublings per window (Jacobian, a = 0: 3M + 4S)
//!   and one mixed addition (8M + 3S, `Jacobian::add_affine_unchecked`) per half-scalar and
//!   window; table entries are fetched by a scan of all 16 entries with `subtle` selects, the
//!   sign by a conditional negation — no secret-dependent branch or memory index.
//!
//! **Exceptions.** The mixed addition is wrong only when the accumulator equals ± the addend
//! (or is O). Every partial half-scalar is odd or 2^B·odd, never 0, so such a collision at
//! any step is a relation Σ_k (u_k + v_kλ)·P_{j,k} = 0 in which every base of the coordinate
//! takes part with |u_k|, |v_k| < 2^(B·W). For coordinates with **at least two bases that are
//! independent** (e.g. independent hash outputs, whose discrete logarithms nobody knows) and
//! uniformly random secret scalars, this happens with probability about 2^−(bitlen n − 8) per
//! addition (negligible); the caller must not pass bases with a known small relation (such
//! as the same point twice). Coordinates with fewer than two bases, and bases whose table
//! would contain O (points of order ≤ 31 — public, detected while building), take a complete
//! path instead (one constant-time complete-formula multiplication per half-scalar).
//!
//! For points outside the order-n subgroup the result is Σ_k (k₁ + k₂φ)(P_{j,k}) with the
//! decomposition above (the sum FAME clears the cofactor of).

use subtle::{Choice, ConditionallySelectable};

use crate::affine::Affine;
use crate::curve::CurveParams;
use crate::glv::{self, NoEndomorphism};
use crate::jacobian::Jacobian;
use crate::projective::Projective;
use crate::scalar_mul::signed_lookup;
use crate::Field;

/// Bits per signed odd digit.
const B: usize = 5;
/// Table entries per base: P, 3P, …, (2^B − 1)P.
const TS: usize = 1 << (B - 1);

/// One half-scalar: the recoded J (see the module docs), its sign and whether it was even.
struct Lane {
    j: [u64; 4],
    /// The half-scalar itself (for the complete path).
    mag: [u64; 4],
    neg: Choice,
    even: Choice,
    /// φ-lane (reads the table through x ↦ βx).
    endo: bool,
    /// Index of the scalar it belongs to.
    k: usize,
}

/// J = (m ≫ 1) + 2^(B·W − 1) for m | 1 (m < 2^(B·W) ≤ 2^255).
fn recode(m: &[u64; 4], windows: usize) -> [u64; 4] {
    let mut j = [0u64; 4];
    for i in 0..4 {
        let next = if i + 1 < 4 { m[i + 1] << 63 } else { 0 };
        j[i] = (m[i] >> 1) | next;
    }
    let top = B * windows - 1;
    j[top / 64] |= 1u64 << (top % 64);
    j
}

/// Window i of J (B bits; public i).
#[inline(always)]
fn window(j: &[u64; 4], i: usize) -> u64 {
    let pos = B * i;
    let (q, s) = (pos / 64, pos % 64);
    let mut v = j[q] >> s;
    if s + B > 64 && q + 1 < 4 {
        v |= j[q + 1] << (64 - s);
    }
    v & ((1 << B) - 1)
}

/// The entry for window value w (digit 2w − 31) of a table of odd multiples, negated when
/// (digit < 0) XOR `flip` ([`crate::scalar_mul::signed_lookup`]: a scan of all entries with
/// selects), mapped by x ↦ βx for φ-lanes.
#[inline(always)]
fn lookup<C: CurveParams>(
    table: &[Affine<C>; TS],
    w: u64,
    flip: Choice,
    beta: Option<&C::Base>,
) -> Affine<C> {
    let mut e = signed_lookup(table, w, flip);
    if let Some(b) = beta {
        e.x *= *b;
    }
    e
}

/// Odd multiples P, 3P, …, 31P of every finite base, affine, with batched inversions
/// (public points, variable time). `None` for a base whose chain meets an exceptional case
/// (a point of order ≤ 31; such bases go to the complete path).
fn odd_tables<C: CurveParams>(bases: &[Affine<C>]) -> Vec<Option<[Affine<C>; TS]>> {
    let three = C::Base::ONE.double() + C::Base::ONE;
    let mut ok: Vec<bool> = bases.iter().map(|p| !bool::from(p.infinity)).collect();
    // 2P: λ = 3x²/(2y)
    let mut den: Vec<C::Base> = bases
        .iter()
        .zip(&ok)
        .map(|(p, &o)| if o { p.y.double() } else { C::Base::ZERO })
        .collect();
    crate::batch_invert(&mut den);
    let mut two = vec![Affine::<C>::identity(); bases.len()];
    for i in 0..bases.len() {
        if !ok[i] || bool::from(den[i].is_zero()) {
            ok[i] = false;
            continue;
        }
        let p = &bases[i];
        let l = three * p.x.square() * den[i];
        let x = l.square() - p.x.double();
        two[i] = Affine {
            x,
            y: l * (p.x - x) - p.y,
            infinity: Choice::from(0),
        };
    }
    let mut tables: Vec<[Affine<C>; TS]> = bases.iter().map(|p| [*p; TS]).collect();
    for e in 1..TS {
        // (2e+1)P = (2e−1)P + 2P: λ = (y₂ − y₁)/(x₂ − x₁)
        let mut den: Vec<C::Base> = (0..bases.len())
            .map(|i| {
                if ok[i] {
                    two[i].x - tables[i][e - 1].x
                } else {
                    C::Base::ZERO
                }
            })
            .collect();
        crate::batch_invert(&mut den);
        for i in 0..bases.len() {
            if !ok[i] || bool::from(den[i].is_zero()) {
                ok[i] = false;
                continue;
            }
            let (a, b) = (tables[i][e - 1], two[i]);
            let l = (b.y - a.y) * den[i];
            let x = l.square() - a.x - b.x;
            tables[i][e] = Affine {
                x,
                y: l * (a.x - x) - a.y,
                infinity: Choice::from(0),
            };
        }
    }
    tables
        .into_iter()
        .zip(ok)
        .map(|(t, o)| o.then_some(t))
        .collect()
}

/// For every coordinate j, Σ_k c_k·P_{j,k} over k < min(m, `coords[j].len()`), with the
/// secret scalars `scalars` = (c_1, …, c_m) (four little-endian limbs each, used modulo n)
/// shared by all coordinates and public points P_{j,k} = `coords[j][k]`; see the module docs
/// for the method, the constant-time guarantee and the **precondition** (the bases of a
/// coordinate have no known small linear relation, e.g. independent hash outputs).
///
/// Errors if the curve has no GLV endomorphism ([`CurveParams::GLV`]).
pub fn glv_lincomb_ct<C: CurveParams>(
    coords: &[&[Affine<C>]],
    scalars: &[[u64; 4]],
) -> Result<Vec<Projective<C>>, NoEndomorphism> {
    Ok(glv_lincomb_ct_groups(&[(coords, scalars)])?
        .pop()
        .unwrap_or_default())
}

/// One group of [`glv_lincomb_ct_groups`]: coordinates (public bases) and their shared secret
/// scalars.
pub type Group<'a, C> = (&'a [&'a [Affine<C>]], &'a [[u64; 4]]);

/// [`glv_lincomb_ct`] for several groups (coordinates, shared scalars) at once: one output
/// vector per group; the tables of all groups' bases are built together (one batched
/// inversion per table step for all of them).
pub fn glv_lincomb_ct_groups<C: CurveParams>(
    groups: &[Group<'_, C>],
) -> Result<Vec<Vec<Projective<C>>>, NoEndomorphism> {
    let glv_c = glv::constants::<C>()?;
    let n = glv::order_limbs::<C>();
    let nbits = glv_c.half_bits as usize;
    let windows = nbits.div_ceil(B).max(1);
    let flat: Vec<Affine<C>> = groups
        .iter()
        .flat_map(|(coords, scalars)| {
            coords
                .iter()
                .flat_map(|v| v.iter().take(scalars.len()).copied())
        })
        .collect();
    let tables = odd_tables(&flat);
    let mut at = 0;
    let mut res = Vec::with_capacity(groups.len());
    for (coords, scalars) in groups {
        let lanes = lanes(&glv_c, &n, scalars, windows);
        let m = scalars.len();
        let mut out = Vec::with_capacity(coords.len());
        for v in coords.iter() {
            let cnt = v.len().min(m);
            let tabs = &tables[at..at + cnt];
            let bases = &v[..cnt];
            at += cnt;
            // public decisions: skip O bases; the complete path unless ≥ 2 bases all have tables
            let active: Vec<usize> = (0..cnt)
                .filter(|&i| !bool::from(bases[i].infinity))
                .collect();
            if active.len() < 2 || active.iter().any(|&i| tabs[i].is_none()) {
                out.push(complete_path(bases, &lanes, &glv_c.beta, nbits));
                continue;
            }
            let lane_tabs: Vec<(&Lane, &[Affine<C>; TS])> = lanes
                .iter()
                .filter_map(|l| {
                    if l.k < cnt && active.contains(&l.k) {
                        tabs[l.k].as_ref().map(|t| (l, t))
                    } else {
                        None
                    }
                })
                .collect();
            let beta_of = |l: &Lane| l.endo.then_some(&glv_c.beta);
            let top = windows - 1;
            let (l0, t0) = lane_tabs[0];
            let mut acc = Jacobian::from(lookup(t0, window(&l0.j, top), l0.neg, beta_of(l0)));
            for (l, t) in &lane_tabs[1..] {
                acc = acc
                    .add_affine_unchecked(&lookup(t, window(&l.j, top), l.neg, beta_of(l)))
                    .0;
            }
            for w in (0..top).rev() {
                for _ in 0..B {
                    acc = acc.double();
                }
                for (l, t) in &lane_tabs {
                    acc = acc
                        .add_affine_unchecked(&lookup(t, window(&l.j, w), l.neg, beta_of(l)))
                        .0;
                }
            }
            // the halves were made odd: subtract ±σ(P) again where the half was even
            for (l, t) in &lane_tabs {
                let mut q = t[0];
                if l.endo {
                    q.x *= glv_c.beta;
                }
                q.y.conditional_assign(&-q.y, !l.neg);
                let fixed = acc.add_affine_unchecked(&q).0;
                acc = Jacobian::conditional_select(&acc, &fixed, l.even);
            }
            out.push(Projective::from(acc));
        }
        res.push(out);
    }
    Ok(res)
}

/// The 2m half-scalar lanes of the shared scalars: GLV split, made odd, recoded.
fn lanes<F>(
    glv_c: &glv::GlvConstants<F>,
    n: &[u64; 4],
    scalars: &[[u64; 4]],
    windows: usize,
) -> Vec<Lane> {
    scalars
        .iter()
        .enumerate()
        .flat_map(|(k, c)| {
            let d = glv::decompose_with(glv_c, n, c);
            [(d.k1, d.neg1, false), (d.k2, d.neg2, true)].map(|(mag, neg, endo)| {
                let even = Choice::from((1 ^ (mag[0] & 1)) as u8);
                let mut m = mag;
                m[0] |= 1;
                Lane {
                    j: recode(&m, windows),
                    mag,
                    neg,
                    even,
                    endo,
                    k,
                }
            })
        })
        .collect()
}

/// The complete path for one coordinate: Σ over the lanes of ±σ(P)·m, each a constant-time
/// fixed-window multiplication with complete formulas ([`Projective::mul_ct_bits`]).
fn complete_path<C: CurveParams>(
    bases: &[Affine<C>],
    lanes: &[Lane],
    beta: &C::Base,
    nbits: usize,
) -> Projective<C> {
    let mut acc = Projective::identity();
    for l in lanes.iter().filter(|l| l.k < bases.len()) {
        let mut q = bases[l.k];
        if l.endo {
            q.x *= *beta;
        }
        let q = Projective::from(q);
        let q = Projective::conditional_select(&q, &q.neg(), l.neg);
        acc = acc.add(&q.mul_ct_bits(&l.mag, nbits));
    }
    acc
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::curves::Secp256k1;
    use crate::Projective;

    fn rand_scalar(seed: &mut u64) -> [u64; 4] {
        core::array::from_fn(|_| {
            *seed ^= *seed << 13;
            *seed ^= *seed >> 7;
            *seed ^= *seed << 17;
            *seed
        })
    }

    /// Against Σ c_k·P_{j,k} by plain variable-time multiplications, on secp256k1 (cofactor 1,
    /// so the GLV sum equals the plain one), with 2 and 3 bases per coordinate, a coordinate
    /// with one base and one with O among its bases (complete path), and edge scalars.
    #[test]
    fn matches_plain_multiplication() {
        type C = Secp256k1;
        let g = Projective::<C>::generator();
        let mut seed = 0x1234_5678_9abc_def1u64;
        let pts: Vec<Affine<C>> = (0..12)
            .map(|_| g.mul_vartime(&rand_scalar(&mut seed)).to_affine())
            .collect();
        let n = glv::order_limbs::<C>();
        let mut n1 = n;
        n1[0] -= 1;
        let scalar_sets: Vec<Vec<[u64; 4]>> = vec![
            (0..3).map(|_| rand_scalar(&mut seed)).collect(),
            vec![[0; 4], [1, 0, 0, 0], n1],
            vec![[2, 0, 0, 0], [u64::MAX; 4], [0, 0, 0, 1 << 63]],
        ];
        for scalars in &scalar_sets {
            let coords: Vec<Vec<Affine<C>>> = vec![
                pts[0..3].to_vec(),
                pts[3..6].to_vec(),
                pts[6..8].to_vec(),
                vec![pts[8]],
                vec![pts[9], Affine::identity(), pts[10]],
            ];
            let refs: Vec<&[Affine<C>]> = coords.iter().map(|v| v.as_slice()).collect();
            let got = glv_lincomb_ct::<C>(&refs, scalars).unwrap();
            for (v, r) in coords.iter().zip(&got) {
                let mut want = Projective::<C>::identity();
                for (p, c) in v.iter().zip(scalars) {
                    want = want.add(&Projective::from(*p).mul_vartime(c));
                }
                assert_eq!(r.to_affine(), want.to_affine());
            }
        }
    }
}

//! Constant-time linear combinations with **shared secret scalars** over many coordinates:
//! out_j = Σ_k c_k·P_{j,k} for public points P_{j,k} and secret scalars c_1 … c_m common to
//! every coordinate j (FAME's KeyGen and Encrypt: the same exponents applied to the hashes of
//! every attribute), and in general ([`glv_lincomb_ct_terms`]) any sums of (base, scalar)
//! terms drawn from shared lists of bases and scalars. GLV (Gallant–Lambert–Vanstone, CRYPTO
//! 2001; Hankerson–Menezes–Vanstone, *Guide to ECC*, §3.5) with Straus's interleaving (HMV
//! Alg. 3.48) in Jacobian coordinates.
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
//!   the lookup; the SIMD lanes' tables carry a β·x column, and are kept in the kernel's own
//!   Montgomery form so that every batch reads them without conversion).
//! * **Loop**: per coordinate one chain of B doublings per window (Jacobian, a = 0: 3M + 4S)
//!   and one mixed addition (8M + 3S, `Jacobian::add_affine_unchecked`) per half-scalar and
//!   window; table entries are fetched by a scan of all 16 entries with `subtle` selects, the
//!   sign by a conditional negation — no secret-dependent branch or memory index.
//! * **SIMD**: where the base field has a lane kernel ([`crate::straus`]: AVX-512 IFMA,
//!   Montgomery fields of 4 or 6 words, so BN and BLS12 G1), the coordinates run eight at a
//!   time, one per lane, with the same schedule and formulas (lanes may belong to different
//!   rows and sets: each lane has its own digits); the scalar loop otherwise
//!   ([`glv_lincomb_ct_rows_with`] forces it, for tests).
//!
//! **Exceptions.** The mixed addition is wrong only when the accumulator equals ± the addend,
//! and the doubling only for Y = 0; both make Z zero from then on (Z₃ = Z₁·H, Z₃ = Y₁Z₁), so a
//! coordinate whose result has Z = 0 is recomputed by the complete path below: the result is
//! always right. Every partial half-scalar is odd or 2^B·odd, never 0, so such a collision at
//! any step is a relation Σ_k (u_k + v_kλ)·P_{j,k} = 0 in which every base of the coordinate
//! takes part with |u_k|, |v_k| < 2^(B·W). For coordinates with **at least two independent
//! bases** (independent hash outputs, the random bases of a DPVS) and uniformly random secret
//! scalars this happens with probability about 2^−(bitlen n − 8) per addition, so the
//! recomputation — whose timing would reveal that a collision occurred, so the decision is
//! declassified for the valgrind evidence ([`crate::valgrind::declassify`]) — is negligible;
//! bases with a known small relation (such as P and −P) only cost time. A coordinate with
//! **one base** P has the two terms P and φ(P); a collision there is u + vλ ≡ 0 (mod n) with
//! v ≠ 0 and |u|, |v| < 2^(B·W), a point of the GLV lattice (shortest vectors ≈ √n) in that box
//! — about 2^(2·B·W − bitlen n) of them among 2^(2·B·W) prefixes — so the same bound holds.
//! Bases whose table would contain O (points of order ≤ 31 — public, detected while
//! building) take the complete path directly (one constant-time complete-formula
//! multiplication per half-scalar).
//!
//! For points outside the order-n subgroup the result is Σ_k (k₁ + k₂φ)(P_{j,k}) with the
//! decomposition above (the sum FAME clears the cofactor of).

use crate::straus::{LaneTable, StrausLane};
use alloc::{vec, vec::Vec};
use subtle::{Choice, ConditionallySelectable};

use crate::affine::Affine;
use crate::curve::CurveParams;
use crate::glv::{self, NoEndomorphism};
use crate::jacobian::Jacobian;
use crate::projective::Projective;
use crate::recode;
use crate::scalar_mul::signed_lookup;
use crate::Field;

/// Bits per signed odd digit.
pub(crate) const B: usize = 5;
/// Table entries per base: P, 3P, …, (2^B − 1)P.
pub(crate) const TS: usize = 1 << (B - 1);

/// One half-scalar: the recoded J (see the module docs), its sign and whether it was even.
pub(crate) struct Lane {
    j: [u64; 4],
    /// The half-scalar itself (for the complete path).
    mag: [u64; 4],
    neg: Choice,
    even: Choice,
    /// φ-lane (reads the table through x ↦ βx).
    endo: bool,
}

/// J = (m ≫ 1) + 2^(B·W − 1) for m | 1 (m < 2^(B·W) ≤ 2^255; [`recode::odd_recoding`]).
#[inline(always)]
fn recode(m: &[u64; 4], windows: usize) -> [u64; 4] {
    recode::odd_recoding::<B, 4>(m, windows)
}

/// Window i of J (B bits; public i; [`recode::odd_window`]).
#[inline(always)]
fn window(j: &[u64; 4], i: usize) -> u64 {
    recode::odd_window::<B, 4>(j, i)
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
/// (public points, variable time); in the SIMD lanes of [`crate::straus::odd_tables`]
/// where the field has them and `simd` (then also in the lanes' form, with the β·x column of
/// the GLV endomorphism's `beta`). `None` for a base whose chain meets an exceptional case
/// (a point of order ≤ 31; such bases go to the complete path).
pub(crate) fn odd_tables<C: CurveParams>(
    bases: &[Affine<C>],
    beta: &C::Base,
    simd: bool,
) -> Tables<C> {
    // the finite bases in the field's SIMD lanes where it has them (None: no kernel, or a
    // base of small order somewhere — then all by the scalar steps below, without lane
    // tables)
    let finite: Vec<usize> = (0..bases.len())
        .filter(|&i| !bool::from(bases[i].infinity))
        .collect();
    if simd && !finite.is_empty() {
        let xy: Vec<[C::Base; 2]> = finite.iter().map(|&i| [bases[i].x, bases[i].y]).collect();
        if let Some((t, lt)) = crate::straus::odd_tables(&xy, beta) {
            let mut affine = vec![None; bases.len()];
            let mut lanes = vec![None; bases.len()];
            for ((&i, tab), l) in finite.iter().zip(t).zip(lt) {
                affine[i] = Some(core::array::from_fn(|e| Affine {
                    x: tab[e][0],
                    y: tab[e][1],
                    infinity: Choice::from(0),
                }));
                lanes[i] = Some(l);
            }
            return Tables { affine, lanes };
        }
    }
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
    let affine = tables
        .into_iter()
        .zip(ok)
        .map(|(t, o)| o.then_some(t))
        .collect();
    Tables {
        affine,
        lanes: Vec::new(),
    }
}

/// The odd-multiple tables of a call's bases: affine (`None` for O and bases of order ≤ 31),
/// and in the SIMD lanes' form when the lanes built them (empty otherwise).
pub(crate) struct Tables<C: CurveParams> {
    pub(crate) affine: Vec<Option<[Affine<C>; TS]>>,
    pub(crate) lanes: Vec<Option<LaneTable>>,
}

/// For every coordinate j, Σ_k c_k·P_{j,k} over k < min(m, `coords[j].len()`), with the
/// secret scalars `scalars` = (c_1, …, c_m) (four little-endian limbs each, used modulo n)
/// shared by all coordinates and public points P_{j,k} = `coords[j][k]`; see the module docs
/// for the method, the constant-time guarantee and the exceptional cases (recomputed, so
/// bases with a known small linear relation are slower, never wrong).
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
    let rows: Vec<[&[[u64; 4]]; 1]> = groups.iter().map(|(_, s)| [*s]).collect();
    let sets: Vec<RowSet<'_, C>> = groups
        .iter()
        .zip(&rows)
        .map(|((coords, _), r)| (*coords, &r[..]))
        .collect();
    Ok(glv_lincomb_ct_rows(&sets)?
        .into_iter()
        .map(|mut r| r.pop().unwrap_or_default())
        .collect())
}

/// Whether [`glv_lincomb_ct_rows`] runs its coordinates in SIMD lanes on curve C here (a
/// GLV curve whose base field has a [`crate::straus`] kernel on this CPU).
pub fn simd_available<C: CurveParams>() -> bool {
    glv::constants::<C>().is_ok() && crate::straus::available::<C::Base>()
}

/// One set of [`glv_lincomb_ct_rows`]: coordinates (public bases) and several rows of secret
/// scalars, every row applied to every coordinate.
pub type RowSet<'a, C> = (&'a [&'a [Affine<C>]], &'a [&'a [[u64; 4]]]);

/// [`glv_lincomb_ct_groups`] where several scalar rows share the coordinates (the rows of
/// one DPVS basis in OT10's Encrypt): per set and row, the vector Σ_k c_k·P_{j,k} over its
/// coordinates j; the tables of a set's bases are built once for all its rows.
pub fn glv_lincomb_ct_rows<C: CurveParams>(
    sets: &[RowSet<'_, C>],
) -> Result<Vec<Vec<Vec<Projective<C>>>>, NoEndomorphism> {
    glv_lincomb_ct_rows_with(sets, true)
}

/// [`glv_lincomb_ct_rows`], with the SIMD lanes of [`crate::straus`] allowed or not
/// (`simd = false`: the scalar loop only; for the tests that compare the two).
#[doc(hidden)]
pub fn glv_lincomb_ct_rows_with<C: CurveParams>(
    sets: &[RowSet<'_, C>],
    simd: bool,
) -> Result<Vec<Vec<Vec<Projective<C>>>>, NoEndomorphism> {
    // flatten: coordinate j of a set contributes its first min(len, longest row) points to
    // the bases, every row its scalars; each (set, row, coordinate) is one combination
    let width = |s: &RowSet<'_, C>| s.1.iter().map(|r| r.len()).max().unwrap_or(0);
    let mut bases = Vec::new();
    let mut scalars = Vec::new();
    let mut combos: Vec<Vec<Term>> = Vec::new();
    for s in sets {
        let m = width(s);
        let start: Vec<usize> =
            s.0.iter()
                .map(|v| {
                    let at = bases.len();
                    bases.extend(v.iter().take(m).copied());
                    at
                })
                .collect();
        for row in s.1 {
            let at = scalars.len();
            scalars.extend_from_slice(row);
            for (v, &b) in s.0.iter().zip(&start) {
                combos.push(
                    (0..v.len().min(row.len()))
                        .map(|k| (b + k, at + k))
                        .collect(),
                );
            }
        }
    }
    let refs: Vec<&[Term]> = combos.iter().map(|c| c.as_slice()).collect();
    let mut flat = match glv_lincomb_ct_terms_with(&bases, &scalars, &refs, simd) {
        Ok(v) => v.into_iter(),
        Err(LincombError::NoEndomorphism(e)) => return Err(e),
        // the indices built above are in range
        Err(LincombError::TermOutOfRange { .. }) => Vec::new().into_iter(),
    };
    Ok(sets
        .iter()
        .map(|s| {
            s.1.iter()
                .map(|_| {
                    (0..s.0.len())
                        .map(|_| flat.next().unwrap_or_default())
                        .collect()
                })
                .collect()
        })
        .collect())
}

/// One term of [`glv_lincomb_ct_terms`]: (index of the base, index of the scalar).
pub type Term = (usize, usize);

/// Why [`glv_lincomb_ct_terms`] computed nothing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LincombError {
    /// The curve has no GLV endomorphism.
    NoEndomorphism(NoEndomorphism),
    /// Term `term` of combination `combo` names a base or scalar that does not exist.
    TermOutOfRange {
        /// The index of the combination.
        combo: usize,
        /// The index of the term within it.
        term: usize,
    },
}

impl core::fmt::Display for LincombError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            LincombError::NoEndomorphism(e) => e.fmt(f),
            LincombError::TermOutOfRange { combo, term } => {
                write!(f, "term {term} of combination {combo} is out of range")
            }
        }
    }
}

impl core::error::Error for LincombError {}

/// The most general form: combination j is Σ_{(b, s) ∈ combos\[j\]} scalars\[s\]·bases\[b\], for
/// public bases and secret scalars (four little-endian limbs each, used modulo n), with any
/// sharing of bases and scalars between combinations (each base's table is built once, each
/// scalar is split and recoded once). FAME's KeyGen uses it for the products of three hashes
/// and the generator, whose exponent differs from one combination to the next. A combination
/// of one base is computed the same way (its GLV halves P and φ(P) are the two terms; see the
/// module docs for the exceptional cases), an empty one is O.
pub fn glv_lincomb_ct_terms<C: CurveParams>(
    bases: &[Affine<C>],
    scalars: &[[u64; 4]],
    combos: &[&[Term]],
) -> Result<Vec<Projective<C>>, LincombError> {
    glv_lincomb_ct_terms_with(bases, scalars, combos, true)
}

/// A linear combination to evaluate by Straus: its index, its terms with a finite base, and
/// those as (half-scalar lane, table index) pairs.
pub(crate) struct Job {
    pub(crate) combo: usize,
    pub(crate) active: Vec<Term>,
    pub(crate) terms: Vec<(usize, usize)>,
}

/// [`glv_lincomb_ct_terms`], with the SIMD lanes allowed or not (for the tests).
#[doc(hidden)]
pub fn glv_lincomb_ct_terms_with<C: CurveParams>(
    bases: &[Affine<C>],
    scalars: &[[u64; 4]],
    combos: &[&[Term]],
    simd: bool,
) -> Result<Vec<Projective<C>>, LincombError> {
    let glv_c = glv::constants::<C>().map_err(LincombError::NoEndomorphism)?;
    for (ci, c) in combos.iter().enumerate() {
        if let Some(ti) = c
            .iter()
            .position(|&(b, s)| b >= bases.len() || s >= scalars.len())
        {
            return Err(LincombError::TermOutOfRange {
                combo: ci,
                term: ti,
            });
        }
    }
    let n = glv::order_limbs::<C>();
    let nbits = glv_c.half_bits as usize;
    let windows = nbits.div_ceil(B).max(1);
    let all = odd_tables(bases, &glv_c.beta, simd);
    let tables = &all.affine;
    // half-scalar lanes 2s (k₁) and 2s + 1 (k₂) of scalar s
    let halves = lanes(&glv_c, &n, scalars, windows);
    let mut res = vec![Projective::identity(); combos.len()];
    let mut jobs = Vec::new();
    for (ci, c) in combos.iter().enumerate() {
        // public decisions: skip O bases; the complete path if a base has no table
        let active: Vec<Term> = c
            .iter()
            .copied()
            .filter(|&(b, _)| !bool::from(bases[b].infinity))
            .collect();
        if active.is_empty() {
            continue;
        }
        if active.iter().any(|&(b, _)| tables[b].is_none()) {
            res[ci] = complete_path(bases, &halves, &active, &glv_c.beta, nbits);
            continue;
        }
        let terms = active
            .iter()
            .flat_map(|&(b, s)| [(2 * s, b), (2 * s + 1, b)])
            .collect();
        jobs.push(Job {
            combo: ci,
            active,
            terms,
        });
    }
    // jobs with equal term counts share SIMD batches
    jobs.sort_by_key(|j| j.terms.len());
    let simd_out = if simd && !jobs.is_empty() && crate::straus::available::<C::Base>() {
        straus_simd(&jobs, &all.lanes, windows, &halves)
    } else {
        None
    };
    for (i, job) in jobs.iter().enumerate() {
        let acc = match &simd_out {
            Some(out) => out[i],
            None => straus_scalar(job, tables, &glv_c.beta, windows, &halves),
        };
        // public by design (see the module docs): declassified for the valgrind evidence
        let exceptional = crate::valgrind::declassify(bool::from(acc.z.is_zero()));
        res[job.combo] = if exceptional {
            // an exceptional case on the way (see the module docs): public, negligible for
            // independent bases; recomputed by complete formulas
            complete_path(bases, &halves, &job.active, &glv_c.beta, nbits)
        } else {
            Projective::from(acc)
        };
    }
    Ok(res)
}

/// Every job's Straus sum in the field's SIMD lanes ([`crate::straus`]), or `None`
/// where the field has no such kernel.
pub(crate) fn straus_simd<C: CurveParams>(
    jobs: &[Job],
    tables: &[Option<LaneTable>],
    windows: usize,
    halves: &[Lane],
) -> Option<Vec<Jacobian<C>>> {
    // φ(P)'s table is P's, its β·x column
    let mut out = Vec::with_capacity(jobs.len());
    for same in jobs.chunk_by(|a, b| a.terms.len() == b.terms.len()) {
        let lanes: Vec<StrausLane<'_>> = same
            .iter()
            .map(|job| {
                let mut lane = StrausLane {
                    tables: Vec::with_capacity(job.terms.len()),
                    digits: Vec::with_capacity(job.terms.len()),
                    fix: Vec::with_capacity(job.terms.len()),
                    endo: Vec::with_capacity(job.terms.len()),
                };
                for &(h, t) in &job.terms {
                    let l = &halves[h];
                    lane.tables.push(tables.get(t)?.as_ref()?);
                    lane.endo.push(l.endo);
                    let flip = l.neg.unwrap_u8() as u64;
                    lane.digits.push(
                        (0..windows)
                            .map(|w| {
                                let (idx, neg) = recode::odd_digit::<TS>(window(&l.j, w));
                                (idx as u8, (neg ^ flip) as u8)
                            })
                            .collect(),
                    );
                    // the correction ∓σ(P) where the half was even
                    lane.fix.push((l.even.unwrap_u8(), (flip ^ 1) as u8));
                }
                Some(lane)
            })
            .collect::<Option<_>>()?;
        let r = crate::straus::straus::<C::Base>(&lanes, windows)?;
        out.extend(r.into_iter().map(|[x, y, z]| Jacobian { x, y, z }));
    }
    Some(out)
}

/// One job's Straus sum by the scalar formulas (the schedule of [`crate::straus`]).
pub(crate) fn straus_scalar<C: CurveParams>(
    job: &Job,
    tables: &[Option<[Affine<C>; TS]>],
    beta: &C::Base,
    windows: usize,
    halves: &[Lane],
) -> Jacobian<C> {
    let terms: Vec<(&Lane, &[Affine<C>; TS])> = job
        .terms
        .iter()
        .filter_map(|&(h, t)| tables[t].as_ref().map(|tab| (&halves[h], tab)))
        .collect();
    let beta_of = |l: &Lane| l.endo.then_some(beta);
    let top = windows - 1;
    let (l0, t0) = terms[0];
    let mut acc = Jacobian::from(lookup(t0, window(&l0.j, top), l0.neg, beta_of(l0)));
    for (l, t) in &terms[1..] {
        acc = acc
            .add_affine_unchecked(&lookup(t, window(&l.j, top), l.neg, beta_of(l)))
            .0;
    }
    for w in (0..top).rev() {
        for _ in 0..B {
            acc = acc.double();
        }
        for (l, t) in &terms {
            acc = acc
                .add_affine_unchecked(&lookup(t, window(&l.j, w), l.neg, beta_of(l)))
                .0;
        }
    }
    // the halves were made odd: subtract ±σ(P) again where the half was even
    for (l, t) in &terms {
        let mut q = t[0];
        if l.endo {
            q.x *= *beta;
        }
        q.y.conditional_assign(&-q.y, !l.neg);
        let fixed = acc.add_affine_unchecked(&q).0;
        acc = Jacobian::conditional_select(&acc, &fixed, l.even);
    }
    acc
}

/// The 2m half-scalar lanes of the shared scalars: GLV split, made odd, recoded.
pub(crate) fn lanes<F>(
    glv_c: &glv::GlvConstants<F>,
    n: &[u64; 4],
    scalars: &[[u64; 4]],
    windows: usize,
) -> Vec<Lane> {
    scalars
        .iter()
        .flat_map(|c| {
            let d = glv::decompose_with(glv_c, n, c);
            [(d.k1, d.neg1, false), (d.k2, d.neg2, true)]
                .map(|(mag, neg, endo)| half_lane(mag, neg, endo, windows))
        })
        .collect()
}

/// The lane of a half-scalar (or of a piece of one) of magnitude `mag` < 2^(B·`windows`):
/// made odd and recoded.
pub(crate) fn half_lane(mag: [u64; 4], neg: Choice, endo: bool, windows: usize) -> Lane {
    let even = Choice::from((1 ^ (mag[0] & 1)) as u8);
    let mut m = mag;
    m[0] |= 1;
    Lane {
        j: recode(&m, windows),
        mag,
        neg,
        even,
        endo,
    }
}

/// The complete path for one combination: Σ over its terms (b, s) and the two halves of
/// scalar s of ±σ(P_b)·m, each a constant-time fixed-window multiplication with complete
/// formulas ([`Projective::mul_ct_bits`]).
pub(crate) fn complete_path<C: CurveParams>(
    bases: &[Affine<C>],
    halves: &[Lane],
    terms: &[Term],
    beta: &C::Base,
    nbits: usize,
) -> Projective<C> {
    let mut acc = Projective::identity();
    for &(b, s) in terms {
        for l in &halves[2 * s..2 * s + 2] {
            let mut q = bases[b];
            if l.endo {
                q.x *= *beta;
            }
            let q = Projective::from(q);
            let q = Projective::conditional_select(&q, &q.neg(), l.neg);
            acc = acc.add(&q.mul_ct_bits(&l.mag, nbits));
        }
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

    /// Rows sharing coordinates, more than eight with two term counts: the default path,
    /// the scalar loop and plain multiplications agree (secp256k1's pseudo-Mersenne field has
    /// no SIMD lanes; `hayate_pairing`'s `lincomb_lanes` tests cover them on BN/BLS12 G1); combinations that cancel (bases P and −P under equal scalars, P and P under
    /// c and −c) meet an exceptional case, are recomputed by complete formulas and give O.
    #[test]
    fn rows_simd_scalar_and_cancellation() {
        type C = Secp256k1;
        let g = Projective::<C>::generator();
        let mut seed = 0x0bad_cafe_f00d_1234u64;
        let point = |s: &mut u64| g.mul_vartime(&rand_scalar(s)).to_affine();
        let mut coords: Vec<Vec<Affine<C>>> = (0..11)
            .map(|_| (0..3).map(|_| point(&mut seed)).collect())
            .collect();
        coords.extend((0..4).map(|_| (0..2).map(|_| point(&mut seed)).collect::<Vec<_>>()));
        let p = point(&mut seed);
        let c = rand_scalar(&mut seed);
        let n = glv::order_limbs::<C>();
        let neg_c = {
            // n − (c mod n) for the c below n that rand_scalar gives with high probability
            let mut r = [0u64; 4];
            let mut borrow = 0u64;
            for i in 0..4 {
                let (d1, b1) = n[i].overflowing_sub(c[i]);
                let (d2, b2) = d1.overflowing_sub(borrow);
                r[i] = d2;
                borrow = (b1 | b2) as u64;
            }
            assert_eq!(borrow, 0, "c < n");
            r
        };
        coords.push(vec![p, p.neg(), point(&mut seed)]);
        let refs: Vec<&[Affine<C>]> = coords.iter().map(|v| v.as_slice()).collect();
        let rows: Vec<Vec<[u64; 4]>> = vec![
            (0..3).map(|_| rand_scalar(&mut seed)).collect(),
            vec![c, c, [0; 4]],
            vec![[5, 0, 0, 0], rand_scalar(&mut seed), [1, 0, 0, 0]],
        ];
        let row_refs: Vec<&[[u64; 4]]> = rows.iter().map(|r| r.as_slice()).collect();
        let sets = [(&refs[..], &row_refs[..])];
        let simd = glv_lincomb_ct_rows::<C>(&sets).unwrap();
        let scalar = glv_lincomb_ct_rows_with::<C>(&sets, false).unwrap();
        for (ri, row) in rows.iter().enumerate() {
            for (j, v) in coords.iter().enumerate() {
                let mut want = Projective::<C>::identity();
                for (p, k) in v.iter().zip(row) {
                    want = want.add(&Projective::from(*p).mul_vartime(k));
                }
                assert_eq!(
                    simd[0][ri][j].to_affine(),
                    want.to_affine(),
                    "simd {ri} {j}"
                );
                assert_eq!(
                    scalar[0][ri][j].to_affine(),
                    want.to_affine(),
                    "scalar {ri} {j}"
                );
            }
        }
        // row 1 on the last coordinate: c·P + c·(−P) = O
        assert!(bool::from(simd[0][1][coords.len() - 1].is_identity()));
        // P and P under c and −c
        let pp = [p, p];
        let both = [&pp[..]];
        let r = glv_lincomb_ct::<C>(&both, &[c, neg_c]).unwrap();
        assert!(bool::from(r[0].is_identity()));
    }
    /// The general form: bases and scalars shared in any pattern (a base in several
    /// combinations under different scalars, one scalar on several bases, one-term
    /// combinations, an empty one, a repeated term, O among the bases) against plain
    /// multiplications, by the default path and the scalar loop; indices out of range are an
    /// error, not a panic.
    #[test]
    fn terms_any_sharing() {
        type C = Secp256k1;
        let g = Projective::<C>::generator();
        let mut seed = 0x5eed_0f7e_4a11_0001u64;
        let mut bases: Vec<Affine<C>> = (0..6)
            .map(|_| g.mul_vartime(&rand_scalar(&mut seed)).to_affine())
            .collect();
        bases.push(Affine::identity());
        let scalars: Vec<[u64; 4]> = (0..5).map(|_| rand_scalar(&mut seed)).collect();
        let combos: Vec<Vec<Term>> = vec![
            vec![(0, 0), (1, 1), (2, 2), (6, 3)],
            vec![(0, 4)],
            vec![(3, 4)],
            vec![],
            vec![(4, 0), (4, 0)],
            vec![(5, 1), (6, 2)],
            vec![(0, 1), (1, 0), (2, 3), (3, 2)],
        ];
        let refs: Vec<&[Term]> = combos.iter().map(|c| c.as_slice()).collect();
        let simd = glv_lincomb_ct_terms::<C>(&bases, &scalars, &refs).unwrap();
        let scalar = glv_lincomb_ct_terms_with::<C>(&bases, &scalars, &refs, false).unwrap();
        for (j, c) in combos.iter().enumerate() {
            let mut want = Projective::<C>::identity();
            for &(b, s) in c {
                want = want.add(&Projective::from(bases[b]).mul_vartime(&scalars[s]));
            }
            assert_eq!(simd[j].to_affine(), want.to_affine(), "combination {j}");
            assert_eq!(scalar[j].to_affine(), want.to_affine(), "scalar loop {j}");
        }
        let bad = [(0usize, 0usize), (0, 5)];
        assert_eq!(
            glv_lincomb_ct_terms::<C>(&bases, &scalars, &[&bad[..]]),
            Err(LincombError::TermOutOfRange { combo: 0, term: 1 })
        );
        let bad = [(7usize, 0usize)];
        assert!(glv_lincomb_ct_terms::<C>(&bases, &scalars, &[&[], &bad[..]]).is_err());
    }
}

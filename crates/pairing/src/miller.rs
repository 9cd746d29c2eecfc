//! The optimal Ate Miller loop (papers 000/001; Vercauteren 2010) for BN and BLS12 curves.
//!
//! * Loop over a signed binary expansion of 6z+2 (BN) or |z| (BLS12), the one of least cost
//!   ([`min_cost_digits`]: the NAF, plain binary or a mixture — one doubling fewer than the NAF
//!   on bn254-beuchat and BLS12-381); T runs on the twist in homogeneous projective
//!   coordinates, so no inversion is needed.
//! * The first step is specialised: f = 1, so its first line (or the product of the first
//!   two) becomes f, and T = Q has Z = 1 (Z² and 3b′Z² are free). Steps after which T is not
//!   needed (the last doubling on BLS12, BN's second Frobenius addition) compute the line only.
//! * 3b′ of the doubling step is multiplied in with small-integer multiples where the curve has
//!   one ([`PairingCurve::TWIST_3B_SMALL`]: −3u on bn254-beuchat, 12 + 12u on BLS12-381).
//! * Doubling and mixed-addition steps with line functions after Costello–Lange–Naehrig
//!   (PKC 2010) and Aranha et al. (Eurocrypt 2011): each line is (a, b, c) ∈ Fp2³ with value
//!   a·y_P + b·x_P·w + c·v·w (D-type twists, sparse slots 0/3/4 → [`Fp12::mul_by_034`]) or
//!   c + b·x_P·v + a·y_P·v·w (M-type, slots 0/1/4 → [`Fp12::mul_by_014`]). Lines are defined up to
//!   a factor in Fp2*, which the final exponentiation removes.
//! * BN curves add paper 000's two Frobenius lines l_{T, π(Q)} and l_{T+π(Q), −π²(Q)}.
//! * Without precomputation ([`miller_loop`], [`multi_miller_loop_affine`]) each pair's T is
//!   stepped inline and its lines are used at once (no line storage). Two lines that meet
//!   (the doubling and addition lines of one iteration, BN's two Frobenius lines, the lines of
//!   two pairs) are multiplied together first (6 Fp2 multiplications) and then into f (17):
//!   23 instead of 2 × 13, on both twist types.
//! * BLS12-381 (M-type, 3b′ = 12(1 + u)) in the projective loop, on x86-64 with BMI2/ADX: the
//!   general doubling step and its line evaluated at P run as one assembly block with lazy
//!   reduction ([`crate::backend::lines::double_step_12xi`]), f² is deferred to the
//!   next line so that f²·l is one block ([`crate::backend::lines::sqr_mul_by_014`]),
//!   and a further line goes in by itself ([`Fp12::mul_by_014`], one
//!   block, one reduction per coordinate) rather than as a line pair (only BLS12-381's 5
//!   addition steps have two lines; estimated from a profile to cost about the same). f² and
//!   f·l run as compositions of small shared subroutines, two lines that meet are multiplied
//!   together first on the routines as one lazy-reduction composition
//!   ([`crate::backend::lines::mul_by_line_pair_014`]), and with an even number of
//!   lines f² is computed by itself.
//! * bn254-beuchat (D-type, 3b′ = −3u) in the projective loop, on x86-64 with BMI2/ADX: the
//!   same three kernels for its tower ([`crate::backend::lines::double_step_m3u`],
//!   f²·l by [`crate::backend::lines::sqr_mul_by_034`], further lines as line pairs
//!   (on the routines: [`crate::backend::lines::mul_by_line_pair_034`]) or by
//!   [`Fp12::mul_by_034`]). Other D-type towers (alt_bn128) keep f² separate so that two
//!   lines are multiplied together first. The prepared and batch-affine loops use
//!   [`Fp12::mul_by_034_unit`] (in bn254-beuchat's tower one block of sums of products).
//! * The measurements behind these choices and the pair-count thresholds below:
//!   docs/backend-notes.md ("Miller loop").
//! * Fixed-argument form ([`G2Prepared`], Costello–Stebila, "Fixed argument pairings",
//!   LATINCRYPT 2010): the lines of a fixed Q are computed once and each is divided by its
//!   leading coefficient (a for D-type, c for M-type; all inversions batched with Montgomery's
//!   trick into one Fp2 inversion). Since x^((p¹²−1)/r) kills every factor in Fp2* ⊂ Fp6*
//!   (p⁶ − 1 divides (p¹² − 1)/r because r ∤ p⁶ − 1), the scaled lines give the same pairing.
//!   On D-type twists the line is also divided by y_P ∈ Fp* (killed the same way), so with the
//!   per-P values x_P/y_P and 1/y_P (one batched Fp inversion per product of pairings) a line
//!   costs two Fp2-by-Fp scalings and [`Fp12::mul_by_034_unit`] (10 Fp2 multiplications instead
//!   of 13); on M-type twists the normalised line is 1 + (b/c)·x_P·v + (a/c)·y_P·v·w and
//!   [`Fp12::mul_by_014_unit`] takes 9. Degenerate inputs (a vanishing leading coefficient, or
//!   y_P = 0 — impossible for points of the prime-order subgroups) fall back to the general
//!   sparse products, so every input gives the value of the unprepared loop.
//! * Products of pairings share one squaring chain ([`multi_miller_loop`]).
//! * Unprepared products of at least [`BATCH_AFFINE_MIN_PAIRS`] pairings step every T in
//!   affine coordinates with one Fp inversion per step shared by all pairs (Montgomery's
//!   trick on the slope denominators' norms); the lines then have leading coefficient 1 and,
//!   divided by y_P, cost 10 Fp2 multiplications each as in the prepared loop (affine lines
//!   for products of pairings, Lauter–Montgomery–Naehrig, Pairing 2010). Each T_i runs scaled
//!   by u_i = x_P/y_P (an isomorphism of the twist, so that the slope itself is the w-coefficient
//!   of the line at P_i): one Fp2-by-Fp product per line instead of two. Degenerate inputs
//!   fall back to the projective loop ([`multi_miller_loop_projective`]).
//! * On BLS12-381 and bn254-beuchat with AVX-512 IFMA the projective loop runs the doubling
//!   steps of up to eight pairs at once, one pair per 52-bit lane
//!   (`crate::backend::x86_64::ifma::double_steps`, from 4 pairs); on BLS12-381 it is then
//!   faster than the batch-affine loop at every size measured, on bn254-beuchat up to 8 pairs
//!   (see `batch_affine_min`).
//! * From [`LANES_MIN_PAIRS`] pairs on those two curves with IFMA, the whole loop runs in the
//!   eight lanes instead ([`multi_miller_loop_lanes`]): pair i in lane i mod 8 with the lane's
//!   own f, so f², the steps of T and the line products of eight pairs are one instruction
//!   stream; the lanes' f are multiplied together at the end. The prepared loop does the same
//!   with the stored normalised lines (`lanes_min_pairs_prepared`: 5 pairs on BLS12-381, 8 on
//!   bn254-beuchat).

use crate::backend::lines::{mul_by_line_pair_014, mul_by_line_pair_034};
use alloc::{vec, vec::Vec};
use hayate_arith::{Fp, Fp12, Fp2, Fp6, TowerParams};
use hayate_ec::Affine;

use crate::engine::{ate_loop_count, Family, PairingCurve, TwistType};
use crate::g2;

/// One line: value a·y_P + b·x_P·(w or v) + c·(v·w or 1), stored [a, b, c].
pub type Line<P, const N: usize> = [Fp2<P, N>; 3];

/// The stored lines of a prepared Q.
enum Lines<P: TowerParams<N>, const N: usize> {
    /// Each line divided by its leading coefficient: [b/a, c/a] (D-type) or [b/c, a/c] (M-type).
    Unit(Vec<[Fp2<P, N>; 2]>),
    /// Unscaled [a, b, c], for a Q one of whose lines has leading coefficient 0 (not in G2).
    Plain(Vec<Line<P, N>>),
}

/// The line coefficients of a fixed Q ∈ G2 (fixed-argument precomputation, normalised lines;
/// see the module documentation). The representation is private.
pub struct G2Prepared<E: PairingCurve<N>, const N: usize> {
    lines: Lines<E::Fp, N>,
    infinity: bool,
}

impl<E: PairingCurve<N>, const N: usize> Clone for G2Prepared<E, N> {
    fn clone(&self) -> Self {
        Self {
            lines: match &self.lines {
                Lines::Unit(v) => Lines::Unit(v.clone()),
                Lines::Plain(v) => Lines::Plain(v.clone()),
            },
            infinity: self.infinity,
        }
    }
}

impl<E: PairingCurve<N>, const N: usize> core::fmt::Debug for G2Prepared<E, N> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match &self.lines {
            Lines::Unit(v) => write!(f, "G2Prepared({} normalised lines)", v.len()),
            Lines::Plain(v) => write!(f, "G2Prepared({} lines)", v.len()),
        }
    }
}

/// What the Miller loop does next (the same schedule drives every variant of the loop).
#[derive(Clone, Copy)]
enum Op {
    /// f ← f².
    Square,
    /// f ← conj(f) (negative loop parameter).
    Conjugate,
    /// Multiply by the lines of one or two T steps (a doubling and the addition that follows
    /// it, or BN's two Frobenius additions): the lines can be multiplied together first.
    /// `last`: T is not needed after these steps.
    Lines(Step, Option<Step>, bool),
}

/// One step of T with the line it yields.
#[derive(Clone, Copy)]
enum Step {
    Double,
    /// T + Q.
    Add,
    /// T − Q.
    Sub,
    /// T + π(Q) (BN only; T is negated first for a negative z).
    Frob1,
    /// T − π²(Q) (BN only).
    Frob2,
}

/// A signed binary expansion Σ dᵢ2ⁱ (dᵢ ∈ {−1, 0, 1}) of v, as bit masks of the +1 and −1
/// digits and the length (index of the top digit + 1).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SignedDigits {
    /// Bit i set: dᵢ = +1.
    pub pos: u128,
    /// Bit i set: dᵢ = −1.
    pub neg: u128,
    /// Index of the top digit + 1.
    pub len: u32,
}

impl SignedDigits {
    /// The digits, least significant first.
    pub fn to_vec(self) -> Vec<i8> {
        (0..self.len)
            .map(|i| ((self.pos >> i) & 1) as i8 - ((self.neg >> i) & 1) as i8)
            .collect()
    }
}

/// The signed binary expansion of v < 2¹²⁷ minimising dbl·(length − 1) + add·(weight − 1): the
/// cost of a left-to-right double-and-add chain whose doublings cost `dbl` and whose additions
/// cost `add`. Dynamic programming over the carry (0 or 1) from the least significant bit: a
/// 1 bit with carry 0 becomes +1 (no carry) or −1 (carry), so the NAF and the plain binary
/// expansion are both candidates, and so is any mixture (bn254-beuchat's 6z + 2 is cheapest as
/// 11 followed by a NAF: one doubling fewer than its NAF at the same weight; BLS12-381's z is
/// cheapest in plain binary, also one doubling shorter than its NAF).
pub const fn min_cost_digits(v: u128, dbl: u64, add: u64) -> SignedDigits {
    // best[c]: (weight, pos, neg) of the cheapest digits so far that leave carry c
    let bits = 128 - v.leading_zeros();
    let mut best = [(0u32, 0u128, 0u128), (u32::MAX, 0, 0)];
    let mut i = 0;
    while i < bits {
        let bit = ((v >> i) & 1) as u32;
        let mut next = [(u32::MAX, 0u128, 0u128); 2];
        let mut c = 0;
        while c < 2 {
            let (w, pos, neg) = best[c];
            if w != u32::MAX {
                let cands: [(u32, u128, u128, usize); 2] = match bit + c as u32 {
                    0 => [(w, pos, neg, 0), (u32::MAX, 0, 0, 0)],
                    2 => [(w, pos, neg, 1), (u32::MAX, 0, 0, 0)],
                    _ => [
                        (w + 1, pos | (1 << i), neg, 0),
                        (w + 1, pos, neg | (1 << i), 1),
                    ],
                };
                let mut k = 0;
                while k < 2 {
                    let (nw, np, nn, nc) = cands[k];
                    if nw < next[nc].0 {
                        next[nc] = (nw, np, nn);
                    }
                    k += 1;
                }
            }
            c += 1;
        }
        best = next;
        i += 1;
    }
    let (w0, p0, n0) = best[0];
    let (w1, p1, n1) = best[1];
    let d0 = SignedDigits {
        pos: p0,
        neg: n0,
        len: bits,
    };
    // a final carry becomes a top digit 1 one position higher
    let d1 = SignedDigits {
        pos: p1 | (1 << bits),
        neg: n1,
        len: bits + 1,
    };
    if w0 == u32::MAX {
        return d1;
    }
    if w1 == u32::MAX {
        return d0;
    }
    let cost0 = dbl * (bits as u64 - 1) + add * (w0 as u64 - 1);
    let cost1 = dbl * bits as u64 + add * w1 as u64;
    if cost1 < cost0 {
        d1
    } else {
        d0
    }
}

/// The Miller loop's digits: the loop count 6z + 2 (BN) or |z| (BLS12) in the signed binary
/// form that minimises the loop's cost, with a doubling iteration (squaring, doubling step,
/// line product) weighted 4 against 3 for an addition step with its line product.
fn loop_digits<E: PairingCurve<N>, const N: usize>() -> SignedDigits {
    const {
        let z = E::Z_ABS as u128;
        let count = match (E::FAMILY, E::Z_NEG) {
            (Family::Bn, true) => 6 * z - 2,
            (Family::Bn, false) => 6 * z + 2,
            (Family::Bls12, _) => z,
        };
        min_cost_digits(count, 4, 3)
    }
}

/// Runs the loop schedule: the loop digits from the top, then the BN extras.
fn schedule<E: PairingCurve<N>, const N: usize>(mut op: impl FnMut(Op)) {
    let d = loop_digits::<E, N>();
    let bn = E::FAMILY == Family::Bn;
    for i in (0..d.len - 1).rev() {
        if i != d.len - 2 {
            op(Op::Square);
        }
        let add = if (d.pos >> i) & 1 == 1 {
            Some(Step::Add)
        } else if (d.neg >> i) & 1 == 1 {
            Some(Step::Sub)
        } else {
            None
        };
        op(Op::Lines(Step::Double, add, i == 0 && !bn));
    }
    if E::Z_NEG {
        op(Op::Conjugate);
    }
    if bn {
        op(Op::Lines(Step::Frob1, Some(Step::Frob2), true));
    }
}

struct Tpoint<P: hayate_arith::TowerParams<N>, const N: usize> {
    x: Fp2<P, N>,
    y: Fp2<P, N>,
    z: Fp2<P, N>,
}

/// k·x for a small signed k (|k| ≤ 127; a compile-time constant at every call site): one
/// word-multiple reduction when |k| is small enough, or two when |k| = 3·m (15 = 3·5 on
/// bn254-beuchat, 12 = 3·4 on BLS12-381), else a double-and-add chain.
#[inline(always)]
fn mul_si<P: TowerParams<N>, const N: usize>(x: &Fp<P, N>, k: i8) -> Fp<P, N> {
    let m = k.unsigned_abs();
    let max = Fp::<P, N>::MAX_UNREDUCED_MULTIPLE;
    let r = if m as u64 > max && m.is_multiple_of(3) && (m / 3) as u64 <= max {
        x.mul_small(3).mul_small(m / 3)
    } else {
        x.mul_small(m)
    };
    if k < 0 {
        -r
    } else {
        r
    }
}

/// 3b′·x: with small integers when the curve gives 3b′ = c0 + c1·u in that form
/// ([`PairingCurve::TWIST_3B_SMALL`]), else one Fp2 product.
#[inline(always)]
fn mul_by_3b<E: PairingCurve<N>, const N: usize>(
    x: &Fp2<E::Fp, N>,
    b3: &Fp2<E::Fp, N>,
) -> Fp2<E::Fp, N> {
    // (c0 + c1·u)(x0 + x1·u) = (c0·x0 − k·c1·x1) + (c0·x1 + c1·x0)·u with u² = −k
    let k = <E::Fp as TowerParams<N>>::BETA_NEG as i16;
    match E::TWIST_3B_SMALL {
        Some((0, c1)) if (k * c1 as i16).unsigned_abs() < 128 => {
            Fp2::new(mul_si(&x.c1, (-k * c1 as i16) as i8), mul_si(&x.c0, c1))
        }
        Some((c0, c1)) if c0 == c1 => {
            // c·((x0 − k·x1) + (x0 + x1)·u)
            let kx1 = if k == 1 {
                x.c1
            } else {
                x.c1.mul_small(k as u8)
            };
            Fp2::new(mul_si(&(x.c0 - kx1), c0), mul_si(&(x.c0 + x.c1), c0))
        }
        _ => *x * *b3,
    }
}

/// Doubling step: T ← 2T, returns the tangent line (Aranha et al. 2011, eq. (10)).
/// `affine`: Z = 1 (T = Q at the first step: Z² = 1, 3b′Z² = 3b′, 2YZ = 2Y); `need_t`: T is
/// used afterwards (else only the line is computed).
#[inline]
fn double_step<E: PairingCurve<N>, const N: usize>(
    t: &mut Tpoint<E::Fp, N>,
    b3: &Fp2<E::Fp, N>,
    affine: bool,
    need_t: bool,
) -> Line<E::Fp, N> {
    let b = t.y.square();
    let (e, h) = if affine {
        (*b3, t.y.double())
    } else {
        let c = t.z.square();
        (mul_by_3b::<E, N>(&c, b3), (t.y + t.z).square() - (b + c))
    };
    let i = e - b;
    let j = t.x.square();
    let line = [-h, j.double() + j, i];
    if need_t {
        let a = (t.x * t.y).halve();
        let f = e.double() + e;
        let g = (b + f).halve();
        let e2 = e.square();
        t.x = a * (b - f);
        t.y = g.square() - (e2.double() + e2);
        t.z = b * h;
    }
    line
}

/// Mixed addition step: T ← T + Q (Q affine), returns the chord line (T is left unchanged
/// when `need_t` is false).
#[inline]
fn add_step<E: PairingCurve<N>, const N: usize>(
    t: &mut Tpoint<E::Fp, N>,
    qx: &Fp2<E::Fp, N>,
    qy: &Fp2<E::Fp, N>,
    need_t: bool,
) -> Line<E::Fp, N> {
    let theta = t.y - *qy * t.z;
    let lambda = t.x - *qx * t.z;
    let line = [lambda, -theta, theta * *qx - lambda * *qy];
    if need_t {
        let c = theta.square();
        let d = lambda.square();
        let e = lambda * d;
        let f = t.z * c;
        let g = t.x * d;
        let h = e + f - g.double();
        t.x = lambda * h;
        t.y = theta * (g - h) - t.y * e;
        t.z *= e;
    }
    line
}

/// T with the Q it runs on: yields the lines of one pair step by step.
struct TState<E: PairingCurve<N>, const N: usize> {
    t: Tpoint<E::Fp, N>,
    q: Affine<E::G2>,
    b3: Fp2<E::Fp, N>,
    /// T = Q with Z = 1 (before the first step).
    fresh: bool,
}

impl<E: PairingCurve<N>, const N: usize> TState<E, N> {
    fn new(q: &Affine<E::G2>) -> Self {
        let b = <E::G2 as hayate_ec::CurveParams>::B;
        Self {
            t: Tpoint {
                x: q.x,
                y: q.y,
                z: Fp2::ONE,
            },
            q: *q,
            b3: b.double() + b,
            fresh: true,
        }
    }

    /// The line of step `s`; T is updated only if `need_t`.
    #[inline]
    fn step(&mut self, s: Step, need_t: bool) -> Line<E::Fp, N> {
        let fresh = core::mem::replace(&mut self.fresh, false);
        match s {
            Step::Double => double_step::<E, N>(&mut self.t, &self.b3, fresh, need_t),
            Step::Add => add_step::<E, N>(&mut self.t, &self.q.x, &self.q.y, need_t),
            Step::Sub => add_step::<E, N>(&mut self.t, &self.q.x, &(-self.q.y), need_t),
            Step::Frob1 => {
                if E::Z_NEG {
                    self.t.y = -self.t.y;
                }
                let q1 = g2::frobenius::<E, N>(&self.q, 1);
                add_step::<E, N>(&mut self.t, &q1.x, &q1.y, need_t)
            }
            Step::Frob2 => {
                let q2 = g2::frobenius::<E, N>(&self.q, 2);
                add_step::<E, N>(&mut self.t, &q2.x, &(-q2.y), need_t)
            }
        }
    }

    /// The lines of one [`Op::Lines`], in order, passed to `out`.
    #[inline]
    fn lines(
        &mut self,
        s1: Step,
        s2: Option<Step>,
        last: bool,
        mut out: impl FnMut(Line<E::Fp, N>),
    ) {
        out(self.step(s1, !(last && s2.is_none())));
        if let Some(s2) = s2 {
            out(self.step(s2, !last));
        }
    }

    /// The line of step `s` evaluated at P ([`eval`]); T is updated only if `need_t`. A
    /// general doubling on a twist with 3b′ = 12(1 + u) (BLS12-381) or 3b′ = −3u
    /// (bn254-beuchat) goes through the fused kernel
    /// [`crate::backend::lines::double_step_12xi`] /
    /// [`crate::backend::lines::double_step_m3u`] where it applies (each checks its
    /// tower shape).
    #[inline]
    fn step_at(&mut self, s: Step, need_t: bool, p: &Affine<E::G1>) -> Line<E::Fp, N> {
        use crate::backend::lines;
        let kernel = match E::TWIST_3B_SMALL {
            Some((12, 12)) => Some(lines::double_step_12xi::<E::Fp, N> as DoubleKernel<E, N>),
            Some((0, -3)) => Some(lines::double_step_m3u::<E::Fp, N> as DoubleKernel<E, N>),
            _ => None,
        };
        if let Some(kernel) = kernel {
            if matches!(s, Step::Double) && need_t && !self.fresh {
                let t = [self.t.x, self.t.y, self.t.z];
                if let Some(([x, y, z], l)) = kernel(&t, &p.x, &-p.y) {
                    self.t = Tpoint { x, y, z };
                    return l;
                }
            }
        }
        eval::<E, N>(&self.step(s, need_t), p)
    }

    /// [`Self::lines`] evaluated at P ([`Self::step_at`]).
    #[inline]
    fn lines_at(
        &mut self,
        s1: Step,
        s2: Option<Step>,
        last: bool,
        p: &Affine<E::G1>,
        mut out: impl FnMut(Line<E::Fp, N>),
    ) {
        out(self.step_at(s1, !(last && s2.is_none()), p));
        if let Some(s2) = s2 {
            out(self.step_at(s2, !last, p));
        }
    }
}

/// A fused doubling-step kernel of [`crate::backend::lines`] (T, x_P, −y_P ↦ 2T and the
/// line at P, `None` where it does not apply).
type DoubleKernel<E, const N: usize> =
    fn(
        &[Fp2<<E as PairingCurve<N>>::Fp, N>; 3],
        &Fp<<E as PairingCurve<N>>::Fp, N>,
        &Fp<<E as PairingCurve<N>>::Fp, N>,
    ) -> Option<crate::backend::lines::DoubleStep<<E as PairingCurve<N>>::Fp, N>>;

/// The coefficient a line is divided by: a (D-type, multiplies y_P) or c (M-type, constant).
#[inline]
fn leading<E: PairingCurve<N>, const N: usize>(l: &Line<E::Fp, N>) -> Fp2<E::Fp, N> {
    match E::TWIST {
        TwistType::D => l[0],
        TwistType::M => l[2],
    }
}

impl<E: PairingCurve<N>, const N: usize> G2Prepared<E, N> {
    /// Precomputes the normalised lines of Q (Q must be in G2; the identity gives an empty
    /// set). Any other point is accepted too and pairs like in the unprepared loop.
    pub fn new(q: &Affine<E::G2>) -> Self {
        if public_identity(q.infinity) {
            return Self {
                lines: Lines::Unit(Vec::new()),
                infinity: true,
            };
        }
        let plain = Self::plain_lines(q);
        // Montgomery's trick: prefix products of the leading coefficients, one inversion
        let mut prefix = Vec::with_capacity(plain.len());
        let mut acc = Fp2::<E::Fp, N>::ONE;
        for l in &plain {
            prefix.push(acc);
            acc *= leading::<E, N>(l);
        }
        let inv: Option<Fp2<E::Fp, N>> = acc.invert_safegcd().into();
        let Some(mut inv) = inv else {
            // a leading coefficient is 0 (Q of even order or otherwise outside G2)
            return Self {
                lines: Lines::Plain(plain),
                infinity: false,
            };
        };
        let mut unit = vec![[Fp2::ZERO; 2]; plain.len()];
        for i in (0..plain.len()).rev() {
            let l = &plain[i];
            let li = inv * prefix[i];
            inv *= leading::<E, N>(l);
            unit[i] = match E::TWIST {
                TwistType::D => [l[1] * li, l[2] * li],
                TwistType::M => [l[1] * li, l[0] * li],
            };
        }
        Self {
            lines: Lines::Unit(unit),
            infinity: false,
        }
    }
}

impl<E: PairingCurve<N>, const N: usize> G2Prepared<E, N> {
    /// The unscaled lines of Q (not the identity), in loop order.
    fn plain_lines(q: &Affine<E::G2>) -> Vec<Line<E::Fp, N>> {
        let mut ts = TState::<E, N>::new(q);
        let mut plain = Vec::with_capacity(2 * ate_loop_count::<E, N>().ilog2() as usize + 4);
        schedule::<E, N>(|op| {
            if let Op::Lines(s1, s2, last) = op {
                ts.lines(s1, s2, last, |l| plain.push(l));
            }
        });
        plain
    }
}

/// Multiplies f by a normalised line ([b', c'] or [b', a']) at P, given the per-P scalars
/// (u, v) = (x_P/y_P, 1/y_P) for D-type and (x_P, y_P) for M-type.
#[inline]
fn ell_unit<E: PairingCurve<N>, const N: usize>(
    f: &mut Fp12<E::Fp, N>,
    l: &[Fp2<E::Fp, N>; 2],
    u: &Fp<E::Fp, N>,
    v: &Fp<E::Fp, N>,
) {
    let s = l[0].mul_by_base(u);
    let t = l[1].mul_by_base(v);
    *f = match E::TWIST {
        TwistType::D => f.mul_by_034_unit(&s, &t),
        TwistType::M => f.mul_by_014_unit(&s, &t),
    };
}

/// A normalised line with its leading coefficient 1 restored, for the general product.
#[inline]
fn unit_to_line<E: PairingCurve<N>, const N: usize>(l: &[Fp2<E::Fp, N>; 2]) -> Line<E::Fp, N> {
    match E::TWIST {
        TwistType::D => [Fp2::ONE, l[0], l[1]],
        TwistType::M => [l[1], l[0], Fp2::ONE],
    }
}

/// A pair on the fast path: the per-P scalars of [`ell_unit`] and Q's normalised lines.
type FastPair<'a, P, const N: usize> = (Fp<P, N>, Fp<P, N>, &'a [[Fp2<P, N>; 2]]);
/// A pair on the general path: P and Q's lines.
type SlowPair<'a, E, const N: usize> = (
    &'a Affine<<E as PairingCurve<N>>::G1>,
    &'a Lines<<E as PairingCurve<N>>::Fp, N>,
);

/// ∏ f_{loop, Q_i}(P_i) with one shared squaring chain (prepared Q_i). Pairs where P or Q is
/// the identity contribute 1. With enough normalised pairs on BLS12-381 or bn254-beuchat and
/// AVX-512 IFMA, those run in eight lanes (`unit_lanes`); the value is the same.
pub fn multi_miller_loop<E: PairingCurve<N>, const N: usize>(
    pairs: &[(&Affine<E::G1>, &G2Prepared<E, N>)],
) -> Fp12<E::Fp, N> {
    // fast: (u, v, normalised lines) — see `ell_unit`; slow: degenerate pairs, general lines
    let mut fast: Vec<FastPair<'_, E::Fp, N>> = Vec::new();
    let mut slow: Vec<SlowPair<'_, E, N>> = Vec::new();
    for (p, q) in pairs {
        if public_identity(p.infinity) || q.infinity {
            continue;
        }
        match (&q.lines, E::TWIST) {
            (Lines::Unit(l), TwistType::M) => fast.push((p.x, p.y, l.as_slice())),
            (Lines::Unit(l), TwistType::D) if !bool::from(p.y.is_zero()) => {
                fast.push((p.x, p.y, l.as_slice()))
            }
            (lines, _) => slow.push((p, lines)),
        }
    }
    if E::TWIST == TwistType::D {
        // (x_P, y_P) → (x_P/y_P, 1/y_P), one inversion for all pairs
        let mut prefix = Vec::with_capacity(fast.len());
        let mut acc = Fp::<E::Fp, N>::ONE;
        for (_, y, _) in &fast {
            prefix.push(acc);
            acc *= *y;
        }
        let mut inv = acc.invert_safegcd().unwrap_or(Fp::ZERO);
        for (i, (x, y, _)) in fast.iter_mut().enumerate().rev() {
            let yi = inv * prefix[i];
            inv *= *y;
            *x *= yi;
            *y = yi;
        }
    }
    // enough normalised pairs on BLS12-381 or bn254-beuchat with IFMA: those in eight lanes,
    // the rest (degenerate pairs) below, the two products multiplied
    let lanes = if fast.len() >= lanes_min_pairs_prepared::<N>() {
        unit_lanes::<E, N>(&fast)
    } else {
        None
    };
    if lanes.is_some() {
        fast.clear();
    }
    let mut f = Fp12::ONE;
    if fast.is_empty() && slow.is_empty() {
        return lanes.unwrap_or(f);
    }
    // f = 1 until the first line: the first line becomes f instead of multiplying into it
    let mut one = true;
    let mut idx = 0;
    schedule::<E, N>(|op| match op {
        Op::Square => f = f.square(),
        Op::Conjugate => f = f.conjugate(),
        Op::Lines(_, s2, _) => {
            for _ in 0..1 + s2.is_some() as usize {
                for (u, v, l) in &fast {
                    if core::mem::replace(&mut one, false) {
                        f = unit_line_fp12::<E, N>(&l[idx], u, v);
                    } else {
                        ell_unit::<E, N>(&mut f, &l[idx], u, v);
                    }
                }
                for (p, lines) in &slow {
                    let line = match lines {
                        Lines::Unit(l) => unit_to_line::<E, N>(&l[idx]),
                        Lines::Plain(l) => l[idx],
                    };
                    let line = eval::<E, N>(&line, p);
                    mul_lines::<E, N>(&mut f, &mut one, core::slice::from_ref(&line));
                }
                idx += 1;
            }
        }
    });
    match lanes {
        Some(g) => f * g,
        None => f,
    }
}

/// Fewest normalised pairs for which [`multi_miller_loop`] runs them in the eight IFMA lanes
/// (`crate::backend::x86_64::ifma::miller::miller_lanes_unit`): 5 on BLS12-381, 8 on
/// bn254-beuchat, whose scalar loop multiplies a normalised line in one assembly block
/// (measured break-even: docs/backend-notes.md).
fn lanes_min_pairs_prepared<const N: usize>() -> usize {
    if N == 6 {
        5
    } else {
        8
    }
}

/// The prepared loop of the normalised pairs in eight IFMA lanes, where it applies (the
/// towers and twists of [`multi_miller_loop_lanes`]); `None` elsewhere.
fn unit_lanes<E: PairingCurve<N>, const N: usize>(
    fast: &[FastPair<'_, E::Fp, N>],
) -> Option<Fp12<E::Fp, N>> {
    use crate::backend::{miller_lanes_unit, LaneOp, UnitPair};
    if !ifma_doubling::<E, N>() {
        return None;
    }
    let lines: Vec<Vec<[[u64; N]; 4]>> = fast
        .iter()
        .map(|(_, _, l)| {
            l.iter()
                .map(|[s, t]| {
                    [
                        *s.c0.mont_limbs(),
                        *s.c1.mont_limbs(),
                        *t.c0.mont_limbs(),
                        *t.c1.mont_limbs(),
                    ]
                })
                .collect()
        })
        .collect();
    let pairs: Vec<UnitPair<'_, N>> = fast
        .iter()
        .zip(&lines)
        .map(|((u, v, _), l)| UnitPair {
            u: *u.mont_limbs(),
            v: *v.mont_limbs(),
            lines: l,
        })
        .collect();
    let mut ops = Vec::with_capacity(100);
    schedule::<E, N>(|op| match op {
        Op::Square => ops.push(LaneOp::Square),
        Op::Conjugate => ops.push(LaneOp::Conjugate),
        Op::Lines(_, s2, _) => {
            ops.push(LaneOp::Line);
            if s2.is_some() {
                ops.push(LaneOp::Line);
            }
        }
    });
    let fs = miller_lanes_unit::<E::Fp, N>(&pairs, &ops)?;
    Some(fs.iter().fold(Fp12::ONE, |acc, c| acc * fp12_from_limbs(c)))
}

/// An Fp12 element from its twelve Montgomery coordinates (c0.c0.c0, c0.c0.c1, …, c1.c2.c1).
fn fp12_from_limbs<P: TowerParams<N>, const N: usize>(c: &[[u64; N]; 12]) -> Fp12<P, N> {
    let fp2 = |i: usize| {
        Fp2::new(
            Fp::from_mont_unchecked(c[2 * i]),
            Fp::from_mont_unchecked(c[2 * i + 1]),
        )
    };
    Fp12::new(
        Fp6::new(fp2(0), fp2(1), fp2(2)),
        Fp6::new(fp2(3), fp2(4), fp2(5)),
    )
}

/// A normalised line at P ([`ell_unit`]'s value) as an element of Fp12.
fn unit_line_fp12<E: PairingCurve<N>, const N: usize>(
    l: &[Fp2<E::Fp, N>; 2],
    u: &Fp<E::Fp, N>,
    v: &Fp<E::Fp, N>,
) -> Fp12<E::Fp, N> {
    let s = l[0].mul_by_base(u);
    let t = l[1].mul_by_base(v);
    match E::TWIST {
        // 1 + s·w + t·v·w
        TwistType::D => Fp12::new(Fp6::ONE, Fp6::new(s, t, Fp2::ZERO)),
        // 1 + s·v + t·v·w
        TwistType::M => Fp12::new(
            Fp6::new(Fp2::ONE, s, Fp2::ZERO),
            Fp6::new(Fp2::ZERO, t, Fp2::ZERO),
        ),
    }
}

/// An evaluated line ([`eval`]) as an element of Fp12.
fn line_fp12<E: PairingCurve<N>, const N: usize>(l: &Line<E::Fp, N>) -> Fp12<E::Fp, N> {
    match E::TWIST {
        // a + b·w + c·v·w
        TwistType::D => Fp12::new(
            Fp6::new(l[0], Fp2::ZERO, Fp2::ZERO),
            Fp6::new(l[1], l[2], Fp2::ZERO),
        ),
        // c + b·v + a·v·w
        TwistType::M => Fp12::new(
            Fp6::new(l[2], l[1], Fp2::ZERO),
            Fp6::new(Fp2::ZERO, l[0], Fp2::ZERO),
        ),
    }
}

/// f ← f·∏ lines for evaluated lines ([`eval`]); `one`: f is still 1, so the first line (or
/// the product of the first two) becomes f. The lines are multiplied together two at a time
/// first (6 + 17 Fp2 products instead of 2 × 13); a last odd line goes in by itself
/// ([`Fp12::mul_by_034`] / [`Fp12::mul_by_014`]). For BLS12-381 and bn254-beuchat the pair
/// is one composition of `sub`'s routines with lazy reduction
/// ([`crate::backend::lines::mul_by_line_pair_014`] / `_034`: 23 double-width
/// products and 11 reductions against 26 and 12); elsewhere [`mul_line_pair_034`] /
/// [`mul_line_pair_014`].
#[inline]
fn mul_lines<E: PairingCurve<N>, const N: usize>(
    f: &mut Fp12<E::Fp, N>,
    one: &mut bool,
    lines: &[Line<E::Fp, N>],
) {
    let mut rest = lines;
    if *one && !lines.is_empty() {
        *one = false;
        if lines.len() >= 2 {
            *f = match E::TWIST {
                TwistType::D => line_pair_034(&lines[0], &lines[1]),
                TwistType::M => line_pair_014(&lines[0], &lines[1]),
            };
            rest = &lines[2..];
        } else {
            *f = line_fp12::<E, N>(&lines[0]);
            rest = &lines[1..];
        }
    }
    // two lines at a time: on `sub`'s routines one composition, elsewhere composed
    let mut it = rest.chunks_exact(2);
    for two in &mut it {
        let (a, b) = (&two[0], &two[1]);
        *f = match E::TWIST {
            TwistType::D => mul_by_line_pair_034(f, [&a[0], &a[1], &a[2]], [&b[0], &b[1], &b[2]])
                .unwrap_or_else(|| mul_line_pair_034(f, a, b)),
            TwistType::M => mul_by_line_pair_014(f, [&a[2], &a[1], &a[0]], [&b[2], &b[1], &b[0]])
                .unwrap_or_else(|| mul_line_pair_014(f, a, b)),
        };
    }
    for l in it.remainder() {
        *f = match E::TWIST {
            TwistType::D => f.mul_by_034(&l[0], &l[1], &l[2]),
            TwistType::M => f.mul_by_014(&l[2], &l[1], &l[0]),
        };
    }
}

/// ∏ f_{loop, Q_i}(P_i) without precomputation: each pair's T is stepped inline and its lines
/// are multiplied in at once. Pairs where P or Q is the identity contribute 1.
///
/// With at least [`BATCH_AFFINE_MIN_PAIRS`] pairs the T_i run in affine
/// coordinates with one shared inversion per step (`multi_miller_loop_batch_affine`); the
/// value then differs from the projective loop's by a factor in Fp2* (removed by the final
/// exponentiation, see the module documentation).
pub fn multi_miller_loop_affine<E: PairingCurve<N>, const N: usize>(
    pairs: &[AffinePair<E, N>],
) -> Fp12<E::Fp, N> {
    if pairs.len() >= LANES_MIN_PAIRS {
        if let Some(f) = multi_miller_loop_lanes::<E, N>(pairs) {
            return f;
        }
    }
    if pairs.len() >= batch_affine_min::<E, N>() {
        if let Some(f) = multi_miller_loop_batch_affine::<E, N>(pairs) {
            return f;
        }
    }
    multi_miller_loop_projective::<E, N>(pairs)
}

/// A pair of affine points (P, Q) ∈ G1 × G2.
pub type AffinePair<E, const N: usize> = (
    Affine<<E as PairingCurve<N>>::G1>,
    Affine<<E as PairingCurve<N>>::G2>,
);

/// Affine coordinates (x, y) of a point of the twist.
type Xy<P, const N: usize> = (Fp2<P, N>, Fp2<P, N>);

/// The addends A_i of a step of [`AffineTs::step`]: affine (x, y) per pair, negated if set.
type Addends<'a, P, const N: usize> = (&'a [Xy<P, N>], bool);

/// Fewest pairs for which [`multi_miller_loop_affine`] steps the T_i in affine coordinates
/// (the measured break-even against the projective loop: docs/backend-notes.md).
pub const BATCH_AFFINE_MIN_PAIRS: usize = 8;

/// The fewest pairs for which [`multi_miller_loop_affine`] takes the batch-affine loop:
/// [`BATCH_AFFINE_MIN_PAIRS`], or with the IFMA doubling steps of the projective loop never on
/// BLS12-381 and from 12 pairs on bn254-beuchat (docs/backend-notes.md).
fn batch_affine_min<E: PairingCurve<N>, const N: usize>() -> usize {
    match (ifma_doubling::<E, N>(), N) {
        (false, _) => BATCH_AFFINE_MIN_PAIRS,
        (true, 6) => usize::MAX,
        (true, _) => 12,
    }
}

/// Whether a point is the identity, made public: a pairing with the identity contributes 1, and
/// the points that are secret (FE keys') are never the identity, as their decoders refuse it.
fn public_identity(infinity: subtle::Choice) -> bool {
    hayate_arith::valgrind::declassify(bool::from(infinity))
}

/// Are both points of a pair finite ([`public_identity`])?
fn both_finite<C1: hayate_ec::CurveParams, C2: hayate_ec::CurveParams>(
    p: &Affine<C1>,
    q: &Affine<C2>,
) -> bool {
    !public_identity(p.infinity | q.infinity)
}

/// Montgomery's simultaneous inversion of `v` in place (3 multiplications per element and one
/// constant-time inversion); `false`, with `v` unchanged, if an element is 0.
fn batch_invert<F: hayate_arith::Field>(v: &mut [F], prefix: &mut Vec<F>) -> bool {
    prefix.clear();
    let mut acc = F::ONE;
    for x in v.iter() {
        prefix.push(acc);
        acc *= *x;
    }
    let inv = acc.invert_safegcd();
    // Whether an element is 0 is public: the callers' elements are line denominators and
    // coordinates, never 0 for points of the groups other than the identity (which the loops
    // filter out first); it reveals only that a degenerate input occurred.
    if hayate_arith::valgrind::declassify(bool::from(inv.is_none())) {
        return false;
    }
    let mut inv = inv.unwrap_or(acc);
    for (x, pre) in v.iter_mut().zip(prefix.iter()).rev() {
        let xi = inv * *pre;
        inv *= *x;
        *x = xi;
    }
    true
}

/// The affine T′_i of [`multi_miller_loop_batch_affine`] (T_i scaled by u_i, see there) with
/// per-step scratch space.
struct AffineTs<P: TowerParams<N>, const N: usize> {
    /// (x_T′, y_T′) per pair.
    t: Vec<Xy<P, N>>,
    /// Per pair: w_i = y_P²/x_P³, the factor of the line's v·w coefficient.
    w: Vec<Fp<P, N>>,
    /// Per pair: the slope's numerator.
    num: Vec<Fp2<P, N>>,
    /// Per pair: the slope's denominator.
    den: Vec<Fp2<P, N>>,
    /// Per pair: the norm of the denominator, then its inverse.
    norms: Vec<Fp<P, N>>,
    prefix: Vec<Fp<P, N>>,
}

impl<P: TowerParams<N>, const N: usize> AffineTs<P, N> {
    /// One step of every T′_i (T′ ← 2T′, or T′ ← T′ ± A_i for the addends `addend`): pushes
    /// the line through T′ (and A_i) at P_i normalised to constant coefficient 1, as the pair
    /// [s, t] = [−λ′, (λ′·x_T′ − y_T′)·w_i] of 1 + s·w + t·v·w (D-type) or t + s·v + v·w
    /// (M-type), and updates T′ if `need_t`. `false` if a slope denominator vanished (T = ±A
    /// or 2-torsion: impossible for points of G2 and the loop's multiples).
    fn step(
        &mut self,
        addend: Option<Addends<'_, P, N>>,
        need_t: bool,
        out: &mut Vec<[Fp2<P, N>; 2]>,
    ) -> bool {
        self.num.clear();
        self.den.clear();
        self.norms.clear();
        match addend {
            None => {
                for (x, y) in &self.t {
                    let x2 = x.square();
                    let d = y.double();
                    self.num.push(x2.double() + x2);
                    self.norms.push(d.norm());
                    self.den.push(d);
                }
            }
            Some((a, neg)) => {
                for ((x, y), (ax, ay)) in self.t.iter().zip(a) {
                    let d = *x - *ax;
                    self.num.push(if neg { *y + *ay } else { *y - *ay });
                    self.norms.push(d.norm());
                    self.den.push(d);
                }
            }
        }
        // 1/d = d̄/N(d): the norms are inverted together in Fp (cheaper than in Fp2)
        if !batch_invert(&mut self.norms, &mut self.prefix) {
            return false;
        }
        for (i, (x, y)) in self.t.iter_mut().enumerate() {
            let l = (self.num[i] * self.den[i].conjugate()).mul_by_base(&self.norms[i]);
            let c = l * *x - *y;
            out.push([-l, c.mul_by_base(&self.w[i])]);
            if need_t {
                let ax = match addend {
                    None => *x,
                    Some((a, _)) => a[i].0,
                };
                let x3 = l.square() - *x - ax;
                *y = c - l * x3;
                *x = x3;
            }
        }
        true
    }
}

/// [`multi_miller_loop_projective`]'s product with the T_i in affine coordinates: each
/// doubling or addition step of all pairs shares one field inversion (Montgomery's trick on
/// the denominators' norms in Fp: three Fp multiplications per pair, plus the norm and
/// d̄·N(d)⁻¹), and the lines come out with the coefficient of y_P equal to 1; divided by y_P
/// each goes into f with 10 Fp2 multiplications — [`Fp12::mul_by_034_unit`] on D-type
/// twists as in the prepared loop, `mul_by_014_a1` on M-type twists (instead of 13, or 11.5
/// with two lines multiplied together first) — the affine-lines technique for products of
/// pairings (Lauter–Montgomery–Naehrig, "An analysis of affine coordinates for pairing
/// computation", Pairing 2010).
///
/// The line through T and A divided by y_P is 1 − λ·u·(w or v) + (λ·x_T − y_T)·v·(v·w or w)
/// with u = x_P/y_P, v = 1/y_P: two Fp2-by-Fp products per line. Each pair instead steps
/// T′ = (u²·x_T, u³·y_T), the image of T under the isomorphism (x, y) ↦ (u²x, u³y) of the
/// twist onto y² = x³ + u⁶b′ (u ∈ Fp, so it commutes with the Frobenius addends; the affine
/// formulas do not involve b′): its slope is λ′ = u·λ and λ′·x_T′ − y_T′ = u³·(λ·x_T − y_T),
/// so the same line is 1 − λ′·(w or v) + (λ′·x_T′ − y_T′)·w_P·(…) with the per-pair
/// w_P = v/u³ = y_P²/x_P³ — one Fp2-by-Fp product per line. `None` for a degenerate input (a
/// slope denominator, or x_P or y_P of a non-identity pair is 0 — points of order 2 or 3, not
/// in G1), where the caller falls back to the projective loop.
pub fn multi_miller_loop_batch_affine<E: PairingCurve<N>, const N: usize>(
    pairs: &[AffinePair<E, N>],
) -> Option<Fp12<E::Fp, N>> {
    let active: Vec<&AffinePair<E, N>> = pairs.iter().filter(|(p, q)| both_finite(p, q)).collect();
    if active.is_empty() {
        return Some(Fp12::ONE);
    }
    let n = active.len();
    // 1/(x_P·y_P) for all pairs with one inversion; u = x_P/y_P, w = y_P²/x_P³
    let mut inv: Vec<Fp<E::Fp, N>> = active.iter().map(|(p, _)| p.x * p.y).collect();
    if !batch_invert(&mut inv, &mut Vec::with_capacity(n)) {
        return None;
    }
    let mut w = Vec::with_capacity(n);
    let mut scale = Vec::with_capacity(n);
    for ((p, _), i) in active.iter().zip(&inv) {
        let u = p.x.square() * *i; // x/y
        let u2 = u.square();
        let x_inv = p.y * *i;
        w.push(p.y.square() * x_inv.square() * x_inv);
        scale.push((u2, u2 * u));
    }
    let scaled = |q: &Affine<E::G2>, (s2, s3): &(Fp<E::Fp, N>, Fp<E::Fp, N>)| {
        (q.x.mul_by_base(s2), q.y.mul_by_base(s3))
    };
    let qs: Vec<Xy<E::Fp, N>> = active
        .iter()
        .zip(&scale)
        .map(|((_, q), s)| scaled(q, s))
        .collect();
    let (frob1, frob2): (Vec<_>, Vec<_>) = if E::FAMILY == Family::Bn {
        active
            .iter()
            .zip(&scale)
            .map(|((_, q), s)| {
                (
                    scaled(&g2::frobenius::<E, N>(q, 1), s),
                    scaled(&g2::frobenius::<E, N>(q, 2), s),
                )
            })
            .unzip()
    } else {
        (Vec::new(), Vec::new())
    };
    let mut ts = AffineTs::<E::Fp, N> {
        t: qs.clone(),
        w,
        num: Vec::with_capacity(n),
        den: Vec::with_capacity(n),
        norms: Vec::with_capacity(n),
        prefix: Vec::with_capacity(n),
    };
    let mut f = Fp12::ONE;
    let mut one = true;
    let mut ok = true;
    let mut lines: Vec<[Fp2<E::Fp, N>; 2]> = Vec::with_capacity(2 * n);
    schedule::<E, N>(|op| {
        if !ok {
            return;
        }
        match op {
            Op::Square => f = f.square(),
            Op::Conjugate => f = f.conjugate(),
            Op::Lines(s1, s2, last) => {
                lines.clear();
                for (k, s) in core::iter::once(s1).chain(s2).enumerate() {
                    let need_t = !(last && (k == 1 || s2.is_none()));
                    let addend = match s {
                        Step::Double => None,
                        Step::Add => Some((&qs[..], false)),
                        Step::Sub => Some((&qs[..], true)),
                        Step::Frob1 => {
                            if E::Z_NEG {
                                for (_, y) in ts.t.iter_mut() {
                                    *y = -*y;
                                }
                            }
                            Some((&frob1[..], false))
                        }
                        Step::Frob2 => Some((&frob2[..], true)),
                    };
                    if !ts.step(addend, need_t, &mut lines) {
                        ok = false;
                        return;
                    }
                }
                for [s, t] in &lines {
                    let first = core::mem::replace(&mut one, false);
                    f = match (E::TWIST, first) {
                        // 1 + s·w + t·v·w
                        (TwistType::D, true) => Fp12::new(Fp6::ONE, Fp6::new(*s, *t, Fp2::ZERO)),
                        (TwistType::D, false) => f.mul_by_034_unit(s, t),
                        // t + s·v + v·w
                        (TwistType::M, true) => Fp12::new(
                            Fp6::new(*t, *s, Fp2::ZERO),
                            Fp6::new(Fp2::ZERO, Fp2::ONE, Fp2::ZERO),
                        ),
                        (TwistType::M, false) => mul_by_014_a1(&f, t, s),
                    };
                }
            }
        }
    });
    ok.then_some(f)
}

/// f·(c + b·v + v·w): an M-type line (c + b·x_P·v + a·y_P·v·w) divided by a·y_P. With
/// g₀ = c + b·v: f·g = (f₀g₀ + f₁·v²) + (f₀·v + f₁g₀)·w — two sparse Fp6 products
/// ([`Fp6::mul_by_01`], 10 Fp2 multiplications) and three multiplications by v.
fn mul_by_014_a1<P: TowerParams<N>, const N: usize>(
    f: &Fp12<P, N>,
    c: &Fp2<P, N>,
    b: &Fp2<P, N>,
) -> Fp12<P, N> {
    Fp12::new(
        f.c0.mul_by_01(c, b) + f.c1.mul_by_v().mul_by_v(),
        f.c0.mul_by_v() + f.c1.mul_by_01(c, b),
    )
}

/// [`multi_miller_loop_affine`] with every T in homogeneous projective coordinates (no
/// inversion; what it computes for M-type twists, fewer pairs and degenerate inputs).
pub fn multi_miller_loop_projective<E: PairingCurve<N>, const N: usize>(
    pairs: &[AffinePair<E, N>],
) -> Fp12<E::Fp, N> {
    let mut active: Vec<(&Affine<E::G1>, TState<E, N>)> = pairs
        .iter()
        .filter(|(p, q)| both_finite(p, q))
        .map(|(p, q)| (p, TState::new(q)))
        .collect();
    let mut f = Fp12::ONE;
    if active.is_empty() {
        return f;
    }
    let mut one = true;
    let mut buf: Vec<Line<E::Fp, N>> = Vec::with_capacity(2 * active.len());
    // f² is deferred to the next line, f²·line in one kernel (`sqr_mul_by_014` on M-type
    // twists, `sqr_mul_by_034` on D-type twists where it is one kernel)
    let fuse =
        E::TWIST == TwistType::M || crate::backend::lines::sqr_mul_by_034_fused::<E::Fp, N>();
    // f² and the line products on `sub`'s routines (BLS12-381, bn254-beuchat)
    let sub = hayate_arith::backend::lines::sub_active::<E::Fp, N>();
    let mut square = false;
    // several pairs on BLS12-381's or bn254-beuchat's twist with AVX-512 IFMA: the doubling
    // steps eight pairs at a time (`crate::backend::x86_64::ifma::double_steps`)
    let batch = active.len() >= BATCH_MIN_PAIRS && ifma_doubling::<E, N>();
    schedule::<E, N>(|op| match op {
        Op::Square if fuse => square = true,
        Op::Square => f = f.square(),
        Op::Conjugate => {
            if core::mem::take(&mut square) {
                f = f.square();
            }
            f = f.conjugate()
        }
        Op::Lines(s1, s2, last) => {
            // all lines of this step (both of a doubling-and-addition, every pair), then
            // into f two at a time (`mul_lines`)
            buf.clear();
            if batch && matches!(s1, Step::Double) {
                // the doublings of all pairs at once (eight lanes), then their second steps
                double_steps_batch::<E, N>(&mut active, &mut buf);
                if let Some(s2) = s2 {
                    for (p, ts) in active.iter_mut() {
                        buf.push(ts.step_at(s2, !last, p));
                    }
                }
            } else {
                for (p, ts) in active.iter_mut() {
                    ts.lines_at(s1, s2, last, p, |l| buf.push(l));
                }
            }
            let mut rest = &buf[..];
            if core::mem::take(&mut square) {
                let l = &buf[0];
                f = match E::TWIST {
                    // an even number of lines goes in as line pairs (f² separate: 12 + 23·n/2
                    // Fp2 products against 12 + 13 + 23·(n/2 − 1) + 13 with the fused f²·l),
                    // on D-type twists and wherever f² runs on `sub`'s routines (where the
                    // fused f²·l is f² then f·l anyway); the one-block M-type f²·l kernel
                    // (`SUBROUTINES` off) keeps its fusion
                    _ if buf.len() % 2 == 0 && (E::TWIST == TwistType::D || sub) => f.square(),
                    TwistType::D => {
                        rest = &buf[1..];
                        crate::backend::lines::sqr_mul_by_034(&f, &l[0], &l[1], &l[2])
                    }
                    TwistType::M => {
                        rest = &buf[1..];
                        crate::backend::lines::sqr_mul_by_014(&f, &l[2], &l[1], &l[0])
                    }
                };
            }
            mul_lines::<E, N>(&mut f, &mut one, rest);
        }
    });
    if square {
        f = f.square();
    }
    f
}

/// Fewest pairs for which [`multi_miller_loop_affine`] runs [`multi_miller_loop_lanes`] where
/// it applies (measured break-even: docs/backend-notes.md).
pub const LANES_MIN_PAIRS: usize = 4;

/// Whether [`multi_miller_loop_lanes`] (and the prepared loop's lanes) run for curve E on this
/// CPU: BLS12-381's or bn254-beuchat's tower and twist, AVX-512 IFMA present. The lanes are
/// eight pairs wide, so splitting fewer than nine pairs over threads saves nothing
/// ([`crate::multi_pairing_threads`] keeps them together).
pub fn lanes_available<E: PairingCurve<N>, const N: usize>() -> bool {
    ifma_doubling::<E, N>() && !(E::FAMILY == Family::Bn && E::Z_NEG)
}

/// ∏ f_{loop, Q_i}(P_i) with the whole loop in eight AVX-512 IFMA lanes
/// (`crate::backend::x86_64::ifma::miller`: pair i in lane i mod 8, each lane with its own f,
/// the lanes' f multiplied together at the end), on BLS12-381's and bn254-beuchat's towers and
/// twists with IFMA; `None` elsewhere. The value is the projective loop's
/// ([`multi_miller_loop_projective`]) exactly: the same formulas, in exact 52-bit Montgomery
/// arithmetic. Pairs where P or Q is the identity contribute 1.
pub fn multi_miller_loop_lanes<E: PairingCurve<N>, const N: usize>(
    pairs: &[AffinePair<E, N>],
) -> Option<Fp12<E::Fp, N>> {
    use crate::backend::{miller_lanes, LaneOp, LanePair};
    let bn = E::FAMILY == Family::Bn;
    if !lanes_available::<E, N>() {
        return None;
    }
    let limbs = |q: &Affine<E::G2>| {
        [
            *q.x.c0.mont_limbs(),
            *q.x.c1.mont_limbs(),
            *q.y.c0.mont_limbs(),
            *q.y.c1.mont_limbs(),
        ]
    };
    let lanes: Vec<LanePair<N>> = pairs
        .iter()
        .filter(|(p, q)| both_finite(p, q))
        .map(|(p, q)| {
            let a0 = limbs(q);
            let (a1, a2) = if bn {
                (
                    limbs(&g2::frobenius::<E, N>(q, 1)),
                    limbs(&g2::frobenius::<E, N>(q, 2)),
                )
            } else {
                (a0, a0)
            };
            LanePair {
                xp: *p.x.mont_limbs(),
                yp: *p.y.mont_limbs(),
                addends: [a0, a1, a2],
            }
        })
        .collect();
    let mut ops = Vec::with_capacity(100);
    schedule::<E, N>(|op| match op {
        Op::Square => ops.push(LaneOp::Square),
        Op::Conjugate => ops.push(LaneOp::Conjugate),
        Op::Lines(s1, s2, _) => {
            for s in core::iter::once(s1).chain(s2) {
                ops.push(match s {
                    Step::Double => LaneOp::Double,
                    Step::Add => LaneOp::Add(0, false),
                    Step::Sub => LaneOp::Add(0, true),
                    // T + π(Q), T − π²(Q)
                    Step::Frob1 => LaneOp::Add(1, false),
                    Step::Frob2 => LaneOp::Add(2, true),
                });
            }
        }
    });
    let fs = miller_lanes::<E::Fp, N>(&lanes, &ops)?;
    Some(fs.iter().fold(Fp12::ONE, |acc, c| acc * fp12_from_limbs(c)))
}

/// Whether the eight-lane IFMA doubling steps apply: BLS12-381's tower and twist
/// (3b′ = 12(1 + u)) or bn254-beuchat's (3b′ = −3u) on a CPU with AVX-512 IFMA.
fn ifma_doubling<E: PairingCurve<N>, const N: usize>() -> bool {
    matches!(
        (N, E::TWIST_3B_SMALL),
        (6, Some((12, 12))) | (4, Some((0, -3)))
    ) && crate::backend::lanes_apply::<E::Fp, N>()
}

/// The fewest pairs for which [`multi_miller_loop_projective`] runs its doubling steps
/// through the eight-lane IFMA kernel (measured break-even: docs/backend-notes.md).
const BATCH_MIN_PAIRS: usize = 4;

/// The doubling step of every active pair in one call of the eight-lane IFMA kernel
/// (`crate::backend::x86_64::ifma::double_steps`; the caller has checked that it applies):
/// T ← 2T for each pair and its line at P pushed to `out`, pair by pair. 2T and each line come
/// out scaled by constants of Fp (see the kernel): the same projective point, and line values
/// that the final exponentiation maps to the same pairing.
fn double_steps_batch<E: PairingCurve<N>, const N: usize>(
    active: &mut [(&Affine<E::G1>, TState<E, N>)],
    out: &mut Vec<Line<E::Fp, N>>,
) {
    let limbs = |x: &Fp2<E::Fp, N>| [*x.c0.mont_limbs(), *x.c1.mont_limbs()];
    let inputs: Vec<([[u64; N]; 6], [u64; N], [u64; N])> = active
        .iter()
        .map(|(p, ts)| {
            let [x, y, z] = [limbs(&ts.t.x), limbs(&ts.t.y), limbs(&ts.t.z)];
            (
                [x[0], x[1], y[0], y[1], z[0], z[1]],
                *p.x.mont_limbs(),
                *(-p.y).mont_limbs(),
            )
        })
        .collect();
    let Some(r) = crate::backend::double_steps::<E::Fp, N>(&inputs) else {
        unreachable!("double_steps_batch without ifma_doubling")
    };
    for ((_, ts), c) in active.iter_mut().zip(r) {
        let f2 = |i: usize| {
            Fp2::new(
                Fp::from_mont_unchecked(c[2 * i]),
                Fp::from_mont_unchecked(c[2 * i + 1]),
            )
        };
        ts.t = Tpoint {
            x: f2(0),
            y: f2(1),
            z: f2(2),
        };
        ts.fresh = false;
        out.push([f2(3), f2(4), f2(5)]);
    }
}

/// The line evaluated at P: [a·y_P, b·x_P, c].
fn eval<E: PairingCurve<N>, const N: usize>(
    l: &Line<E::Fp, N>,
    p: &Affine<E::G1>,
) -> Line<E::Fp, N> {
    [l[0].mul_by_base(&p.y), l[1].mul_by_base(&p.x), l[2]]
}

/// The six products of two lines (a, b, c), (a', b', c') by Karatsuba (6 Fp2
/// multiplications): (aa', bb', cc', ab' + a'b, ac' + a'c, bc' + b'c).
type Products<P, const N: usize> = [Fp2<P, N>; 6];
#[inline]
fn line_products<P: TowerParams<N>, const N: usize>(
    l1: &Line<P, N>,
    l2: &Line<P, N>,
) -> Products<P, N> {
    let (a, b, c) = (l1[0], l1[1], l1[2]);
    let (a2, b2, c2) = (l2[0], l2[1], l2[2]);
    let aa = a * a2;
    let bb = b * b2;
    let cc = c * c2;
    let ab = (a + b) * (a2 + b2) - aa - bb;
    let ac = (a + c) * (a2 + c2) - aa - cc;
    let bc = (b + c) * (b2 + c2) - bb - cc;
    [aa, bb, cc, ab, ac, bc]
}

/// l1·l2 for two evaluated D-type lines l = a + b·w + c·v·w (6 Fp2 multiplications):
/// c0 = (aa' + ξcc', bb', bc' + b'c), c1 = (ab' + a'b, ac' + a'c, 0).
fn line_pair_034<P: TowerParams<N>, const N: usize>(
    l1: &Line<P, N>,
    l2: &Line<P, N>,
) -> Fp12<P, N> {
    let [aa, bb, cc, ab, ac, bc] = line_products(l1, l2);
    Fp12::new(
        Fp6::new(aa + cc.mul_by_xi(), bb, bc),
        Fp6::new(ab, ac, Fp2::ZERO),
    )
}

/// f·l1·l2 for two evaluated D-type lines: l1·l2 first ([`line_pair_034`], 6 Fp2
/// multiplications), then one product with a dense c0 and a two-slot c1 (17) — 23 instead
/// of 2 × 13.
fn mul_line_pair_034<P: TowerParams<N>, const N: usize>(
    f: &Fp12<P, N>,
    l1: &Line<P, N>,
    l2: &Line<P, N>,
) -> Fp12<P, N> {
    let l = line_pair_034(l1, l2);
    let (l0, ab, ac) = (l.c0, l.c1.c0, l.c1.c1);
    let x0 = f.c0 * l0;
    let x1 = f.c1.mul_by_01(&ab, &ac);
    let s = (f.c0 + f.c1) * Fp6::new(l0.c0 + ab, l0.c1 + ac, l0.c2);
    Fp12::new(x0 + x1.mul_by_v(), s - x0 - x1)
}

/// The Fp2 operation counts of the Miller loop's building blocks, for [`crate::opcount`]: one
/// general doubling step (T and line), one mixed addition step, the evaluation of a line at P
/// (Fp-by-Fp2 products, not counted at the Fp2 level), f·line, f², and f·l1·l2 for two lines
/// (line × line first, on both twist types). Counting happens only on a
/// tower with counting on ([`hayate_arith::opcount`]).
#[cfg(feature = "opcount")]
pub(crate) fn step_op_counts<E: PairingCurve<N>, const N: usize>(
    p: &Affine<E::G1>,
    q: &Affine<E::G2>,
) -> Vec<(&'static str, hayate_arith::opcount::OpCounts)> {
    use hayate_arith::opcount::snapshot;
    let mut out = Vec::new();
    let mut ts = TState::<E, N>::new(q);
    // a general (projective) T: two steps in
    ts.step(Step::Double, true);
    ts.step(Step::Double, true);
    let mut f = Fp12::ONE;
    let mut one = true;
    let l0 = eval::<E, N>(&ts.step(Step::Double, true), p);
    mul_lines::<E, N>(&mut f, &mut one, core::slice::from_ref(&l0));
    f = f.square() * f; // a dense f
    let mut tick = |name: &'static str, start: hayate_arith::opcount::OpCounts| {
        out.push((name, snapshot() - start));
    };
    let s = snapshot();
    let ld = ts.step(Step::Double, true);
    tick("doubling step (T, line)", s);
    let s = snapshot();
    let la = ts.step(Step::Add, true);
    tick("addition step (T, line)", s);
    let s = snapshot();
    let (ld, la) = (eval::<E, N>(&ld, p), eval::<E, N>(&la, p));
    tick("line evaluation at P", s);
    let s = snapshot();
    let mut g = f;
    mul_lines::<E, N>(&mut g, &mut false, core::slice::from_ref(&ld));
    tick("f · line", s);
    let s = snapshot();
    let _ = f.square();
    tick("f²", s);
    let s = snapshot();
    let mut g = f;
    mul_lines::<E, N>(&mut g, &mut false, &[ld, la]);
    tick("f · line · line", s);
    out
}

/// l1·l2 for two evaluated M-type lines l = c + b·v + a·v·w (stored [a, b, c]; 6 Fp2
/// multiplications): c0 = (cc' + ξaa', bc' + b'c, bb'), c1 = (0, ac' + a'c, ab' + a'b) —
/// the w-part is v·(ac' + a'c + (ab' + a'b)·v).
fn line_pair_014<P: TowerParams<N>, const N: usize>(
    l1: &Line<P, N>,
    l2: &Line<P, N>,
) -> Fp12<P, N> {
    let [aa, bb, cc, ab, ac, bc] = line_products(l1, l2);
    Fp12::new(
        Fp6::new(cc + aa.mul_by_xi(), bc, bb),
        Fp6::new(Fp2::ZERO, ac, ab),
    )
}

/// f·l1·l2 for two evaluated M-type lines: l1·l2 first ([`line_pair_014`], 6), then one
/// product with a dense c0 and a c1 = v·(x + y·v) (17) — 23 instead of 2 × 13.
fn mul_line_pair_014<P: TowerParams<N>, const N: usize>(
    f: &Fp12<P, N>,
    l1: &Line<P, N>,
    l2: &Line<P, N>,
) -> Fp12<P, N> {
    let l = line_pair_014(l1, l2);
    let x0 = f.c0 * l.c0;
    let x1 = f.c1.mul_by_01(&l.c1.c1, &l.c1.c2).mul_by_v();
    let s = (f.c0 + f.c1) * (l.c0 + l.c1);
    Fp12::new(x0 + x1.mul_by_v(), s - x0 - x1)
}

/// f_{loop, Q}(P) for one pair.
pub fn miller_loop<E: PairingCurve<N>, const N: usize>(
    p: &Affine<E::G1>,
    q: &Affine<E::G2>,
) -> Fp12<E::Fp, N> {
    multi_miller_loop_affine::<E, N>(&[(*p, *q)])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bls12_381::Bls12381;
    use crate::bn254::Bn254;
    use crate::bn254_beuchat::Bn254Beuchat;
    use crate::final_exp::final_exponentiation;
    use rand::rngs::StdRng;
    use rand::{RngCore, SeedableRng};

    fn g1<E: PairingCurve<N>, const N: usize>(rng: &mut StdRng) -> Affine<E::G1> {
        Affine::<E::G1>::generator()
            .mul_vartime(&[rng.next_u64() | 1, rng.next_u64()])
            .to_affine()
    }
    fn g2<E: PairingCurve<N>, const N: usize>(rng: &mut StdRng) -> Affine<E::G2> {
        Affine::<E::G2>::generator()
            .mul_vartime(&[rng.next_u64() | 1, rng.next_u64()])
            .to_affine()
    }

    /// The normalised prepared loop gives the pairing of the unprepared one (after the final
    /// exponentiation, which removes the dropped Fp2* factors), with identities mixed in, for
    /// the empty product, and for degenerate inputs that take the fallback paths.
    fn prepared_matches_unprepared<E: PairingCurve<N>, const N: usize>() {
        let mut rng = StdRng::seed_from_u64(5);
        let fe = |f: &Fp12<E::Fp, N>| final_exponentiation::<E, N>(f);
        let mut pairs: Vec<AffinePair<E, N>> = (0..3)
            .map(|_| (g1::<E, N>(&mut rng), g2::<E, N>(&mut rng)))
            .collect();
        pairs.push((Affine::identity(), g2::<E, N>(&mut rng)));
        pairs.push((g1::<E, N>(&mut rng), Affine::identity()));
        let check = |pairs: &[AffinePair<E, N>]| {
            let prep: Vec<G2Prepared<E, N>> =
                pairs.iter().map(|(_, q)| G2Prepared::new(q)).collect();
            let refs: Vec<_> = pairs.iter().zip(&prep).map(|((p, _), q)| (p, q)).collect();
            let a = fe(&multi_miller_loop::<E, N>(&refs));
            let b = fe(&multi_miller_loop_affine::<E, N>(pairs));
            assert_eq!(a, b, "{}: prepared ≠ unprepared", E::NAME);
            a
        };
        let all = check(&pairs);
        // the product is the product of the single pairings, and not trivial
        let mut prod = Fp12::ONE;
        for pq in &pairs {
            prod *= check(core::slice::from_ref(pq));
        }
        assert_eq!(all, prod);
        assert_ne!(all, Fp12::ONE);
        // identities only, and the empty product
        assert_eq!(check(&pairs[3..]), Fp12::ONE);
        assert_eq!(multi_miller_loop::<E, N>(&[]), Fp12::ONE);
        assert_eq!(multi_miller_loop_affine::<E, N>(&[]), Fp12::ONE);
        // y_P = 0 (off the curve; the D-type fast path divides by y_P): general product
        let mut bad_p = g1::<E, N>(&mut rng);
        bad_p.y = Fp::ZERO;
        let mixed = [pairs[0], (bad_p, pairs[1].1)];
        let v = check(&mixed);
        assert_ne!(v, Fp12::ZERO);
        // a Q whose lines stay unscaled: D-type with y_Q = 0 (leading coefficient a = −2·y·z
        // of the first line vanishes); M-type (3b is not a square on BLS12-381, so no affine Q
        // zeroes c = 3b·z² − y² at the first line) forced through the same representation
        let mut bad_q = g2::<E, N>(&mut rng);
        let prep = match E::TWIST {
            TwistType::D => {
                bad_q.y = Fp2::ZERO;
                G2Prepared::<E, N>::new(&bad_q)
            }
            TwistType::M => G2Prepared::<E, N> {
                lines: Lines::Plain(G2Prepared::<E, N>::plain_lines(&bad_q)),
                infinity: false,
            },
        };
        assert!(matches!(prep.lines, Lines::Plain(_)), "{}", E::NAME);
        assert_eq!(
            multi_miller_loop::<E, N>(&[(&pairs[0].0, &prep)]),
            miller_loop::<E, N>(&pairs[0].0, &bad_q)
        );
        if E::TWIST == TwistType::D {
            check(&[pairs[0], (pairs[1].0, bad_q)]);
        } else {
            let refs = [
                (&pairs[0].0, &prep),
                (&pairs[1].0, &G2Prepared::new(&pairs[1].1)),
            ];
            let b = multi_miller_loop_affine::<E, N>(&[(pairs[0].0, bad_q), pairs[1]]);
            assert_eq!(fe(&multi_miller_loop::<E, N>(&refs)), fe(&b));
        }
        let good = G2Prepared::<E, N>::new(&pairs[0].1);
        assert!(matches!(good.lines, Lines::Unit(_)));
    }

    /// line × line then one product equals two sparse products (random values).
    #[test]
    fn line_pair_product() {
        let mut rng = StdRng::seed_from_u64(9);
        type P = <Bn254 as PairingCurve<4>>::Fp;
        for _ in 0..10 {
            let f = Fp12::<P, 4>::random(&mut rng);
            let l1 = [0; 3].map(|_| Fp2::<P, 4>::random(&mut rng));
            let l2 = [0; 3].map(|_| Fp2::<P, 4>::random(&mut rng));
            let two = f
                .mul_by_034(&l1[0], &l1[1], &l1[2])
                .mul_by_034(&l2[0], &l2[1], &l2[2]);
            assert_eq!(mul_line_pair_034(&f, &l1, &l2), two);
            let two = f
                .mul_by_014(&l1[2], &l1[1], &l1[0])
                .mul_by_014(&l2[2], &l2[1], &l2[0]);
            assert_eq!(mul_line_pair_014(&f, &l1, &l2), two);
            // c + b·v + a·v·w and a + b·w + c·v·w as Fp12 elements
            let m = |l: &[Fp2<P, 4>; 3]| {
                Fp12::new(
                    Fp6::new(l[2], l[1], Fp2::ZERO),
                    Fp6::new(Fp2::ZERO, l[0], Fp2::ZERO),
                )
            };
            let d = |l: &[Fp2<P, 4>; 3]| {
                Fp12::new(
                    Fp6::new(l[0], Fp2::ZERO, Fp2::ZERO),
                    Fp6::new(l[1], l[2], Fp2::ZERO),
                )
            };
            assert_eq!(line_pair_014(&l1, &l2), m(&l1) * m(&l2));
            assert_eq!(line_pair_034(&l1, &l2), d(&l1) * d(&l2));
        }
    }

    /// The minimum-cost digits reconstruct the value, never cost more than the NAF or plain
    /// binary, and give the expected shapes on the three curves' loop counts.
    #[test]
    fn min_cost_digits_shapes() {
        let value = |d: SignedDigits| {
            d.to_vec()
                .iter()
                .rev()
                .fold(0i128, |a, &x| 2 * a + x as i128)
        };
        let cost = |d: &[i8], dbl: u64, add: u64| {
            let w = d.iter().filter(|&&x| x != 0).count() as u64;
            dbl * (d.len() as u64 - 1) + add * (w - 1)
        };
        let binary = |v: u128| -> Vec<i8> {
            (0..128 - v.leading_zeros())
                .map(|i| ((v >> i) & 1) as i8)
                .collect()
        };
        for v in [
            1u128,
            2,
            3,
            7,
            13,
            23,
            0xd201000000010000,
            0x19d797039be763ba8,
            u64::MAX as u128,
        ] {
            for (dbl, add) in [(4, 3), (2, 9), (0, 1), (1, 0)] {
                let d = min_cost_digits(v, dbl, add);
                assert_eq!(value(d) as u128, v);
                assert_eq!(d.pos & d.neg, 0);
                let c = cost(&d.to_vec(), dbl, add);
                assert!(c <= cost(&crate::engine::naf(v), dbl, add), "{v:#x}");
                assert!(c <= cost(&binary(v), dbl, add), "{v:#x}");
            }
        }
        let shape = |d: SignedDigits| (d.len, (d.pos | d.neg).count_ones());
        // bn254-beuchat: 6z + 2 as 11 then a NAF (NAF: length 66, weight 7)
        assert_eq!(shape(loop_digits::<Bn254Beuchat, 4>()), (65, 7));
        // BLS12-381: |z| in plain binary (NAF: length 65, weight 6)
        assert_eq!(shape(loop_digits::<Bls12381, 6>()), (64, 6));
        // the exponentiation's digits for the papers' z: its NAF (weight 3)
        let z = Bn254Beuchat::Z_ABS as u128;
        assert_eq!(shape(min_cost_digits(z, 2, 9)), (63, 3));
    }

    /// The curves' small-integer 3b′ ([`PairingCurve::TWIST_3B_SMALL`]) is 3·B of the twist,
    /// and [`mul_by_3b`] multiplies by it.
    fn twist_3b_small<E: PairingCurve<N>, const N: usize>() {
        let b = <E::G2 as hayate_ec::CurveParams>::B;
        let b3 = b.double() + b;
        if let Some((c0, c1)) = E::TWIST_3B_SMALL {
            let int = |c: i8| {
                let m = Fp::<E::Fp, N>::from_u64(c.unsigned_abs() as u64);
                if c < 0 {
                    -m
                } else {
                    m
                }
            };
            assert_eq!(Fp2::new(int(c0), int(c1)), b3, "{}", E::NAME);
        }
        let mut rng = StdRng::seed_from_u64(3);
        for _ in 0..4 {
            let x = Fp2::<E::Fp, N>::random(&mut rng);
            assert_eq!(mul_by_3b::<E, N>(&x, &b3), x * b3, "{}", E::NAME);
        }
    }

    #[test]
    fn twist_3b_small_all() {
        twist_3b_small::<Bn254Beuchat, 4>();
        twist_3b_small::<Bn254, 4>();
        twist_3b_small::<Bls12381, 6>();
    }

    /// The batch-affine loop (called directly, from 4 pairs) gives the pairing product of the
    /// projective loop and of the single pairings, with identities, repeated points, P and −P,
    /// Q and −Q mixed in; degenerate inputs (y_P = 0, x_P = 0, y_Q = 0) take the projective
    /// fallback.
    fn batch_affine_matches_projective<E: PairingCurve<N>, const N: usize>() {
        let mut rng = StdRng::seed_from_u64(21);
        let fe = |f: &Fp12<E::Fp, N>| final_exponentiation::<E, N>(f);
        let (p0, q0) = (g1::<E, N>(&mut rng), g2::<E, N>(&mut rng));
        let mut pairs: Vec<AffinePair<E, N>> = (0..4)
            .map(|_| (g1::<E, N>(&mut rng), g2::<E, N>(&mut rng)))
            .collect();
        pairs.extend([
            (p0, q0),
            (p0, q0),
            (p0.neg(), q0),
            (p0, q0.neg()),
            (Affine::identity(), q0),
            (p0, Affine::identity()),
        ]);
        for len in [4, 5, 7, 10] {
            let ps = &pairs[pairs.len() - len..];
            let batch = multi_miller_loop_batch_affine::<E, N>(ps).expect("no degenerate input");
            let proj = multi_miller_loop_projective::<E, N>(ps);
            assert_eq!(fe(&batch), fe(&proj), "{} {len}", E::NAME);
            let single: Fp12<E::Fp, N> = ps
                .iter()
                .map(|(p, q)| fe(&miller_loop::<E, N>(p, q)))
                .fold(Fp12::ONE, |a, b| a * b);
            assert_eq!(fe(&multi_miller_loop_affine::<E, N>(ps)), single);
        }
        // e(P, Q)·e(−P, Q)·e(P, −Q)·e(−P, −Q) = 1 and the batch loop sees it
        let inv = [
            (p0, q0),
            (p0.neg(), q0),
            (p0, q0.neg()),
            (p0.neg(), q0.neg()),
        ];
        let b = multi_miller_loop_batch_affine::<E, N>(&inv).unwrap();
        assert_eq!(fe(&b), Fp12::ONE);
        assert_ne!(b, Fp12::ONE);
        // only identities, and degenerate inputs (fallback, the projective loop's value)
        let ids = [(Affine::identity(), q0); 4];
        assert_eq!(multi_miller_loop_affine::<E, N>(&ids), Fp12::ONE);
        let mut bad_p = g1::<E, N>(&mut rng);
        bad_p.y = Fp::ZERO;
        let mut bad_q = g2::<E, N>(&mut rng);
        bad_q.y = Fp2::ZERO;
        // x_P = 0 (points of order 3 where b is a square, e.g. (0, 2) on BLS12-381): no
        // scaling u = x_P/y_P of T
        let mut zero_x = g1::<E, N>(&mut rng);
        zero_x.x = Fp::ZERO;
        for bad in [(bad_p, q0), (p0, bad_q), (zero_x, q0)] {
            let mut ps = pairs[..4].to_vec();
            ps.push(bad);
            assert!(multi_miller_loop_batch_affine::<E, N>(&ps).is_none());
            // (the eight-lane loop, where it runs, differs from the projective loop with the
            // IFMA doubling steps by Fp factors only)
            assert_eq!(
                fe(&multi_miller_loop_affine::<E, N>(&ps)),
                fe(&multi_miller_loop_projective::<E, N>(&ps))
            );
        }
    }

    #[test]
    fn batch_affine_bn254_beuchat() {
        batch_affine_matches_projective::<Bn254Beuchat, 4>();
    }
    #[test]
    fn batch_affine_bn254() {
        batch_affine_matches_projective::<Bn254, 4>();
    }
    #[test]
    fn batch_affine_bls12_381() {
        batch_affine_matches_projective::<Bls12381, 6>();
    }

    /// The eight-lane loop equals the projective loop exactly (1–3 pairs: the projective loop
    /// then runs no IFMA doubling steps, whose lines carry Fp factors) and after the final
    /// exponentiation for 4–19 pairs (groups of eight lanes, partial groups, identities,
    /// repeated and negated pairs); skipped without IFMA.
    fn lanes_match_projective<E: PairingCurve<N>, const N: usize>() {
        if multi_miller_loop_lanes::<E, N>(&[]).is_none() {
            println!("{}: lanes loop not tested (no AVX-512 IFMA)", E::NAME);
            return;
        }
        let mut rng = StdRng::seed_from_u64(33);
        let fe = |f: &Fp12<E::Fp, N>| final_exponentiation::<E, N>(f);
        let (p0, q0) = (g1::<E, N>(&mut rng), g2::<E, N>(&mut rng));
        let mut pairs: Vec<AffinePair<E, N>> = vec![
            (p0, q0),
            (p0.neg(), q0),
            (Affine::identity(), q0),
            (p0, Affine::identity()),
            (p0, q0.neg()),
        ];
        pairs.extend((0..14).map(|_| (g1::<E, N>(&mut rng), g2::<E, N>(&mut rng))));
        for len in 1..=3 {
            let ps = &pairs[pairs.len() - len..];
            let lanes = multi_miller_loop_lanes::<E, N>(ps).unwrap();
            assert_eq!(lanes, multi_miller_loop_projective::<E, N>(ps), "{len}");
        }
        for len in [4, 7, 8, 9, 16, 17, 19] {
            let ps = &pairs[pairs.len() - len..];
            let lanes = multi_miller_loop_lanes::<E, N>(ps).unwrap();
            assert_eq!(
                fe(&lanes),
                fe(&multi_miller_loop_projective::<E, N>(ps)),
                "{len}"
            );
        }
        // e(P, Q)·e(−P, Q) = 1, identities contribute 1
        let inv = multi_miller_loop_lanes::<E, N>(&pairs[..4]).unwrap();
        assert_eq!(fe(&inv), Fp12::ONE);
        assert_ne!(inv, Fp12::ONE);
        let ids = [(Affine::identity(), q0), (p0, Affine::identity())];
        assert_eq!(multi_miller_loop_lanes::<E, N>(&ids), Some(Fp12::ONE));
        // the prepared loop in the lanes (from `lanes_min_pairs_prepared` normalised pairs)
        // equals the product of the one-pair prepared loops exactly; with a degenerate pair
        // (y_P = 0: the general path beside the lanes) the unprepared loop's pairing
        let prep: Vec<G2Prepared<E, N>> = pairs.iter().map(|(_, q)| G2Prepared::new(q)).collect();
        let refs: Vec<_> = pairs.iter().zip(&prep).map(|((p, _), q)| (p, q)).collect();
        for len in [5, 8, 9, 17] {
            let rs = &refs[refs.len() - len..];
            let one_by_one = rs.iter().fold(Fp12::ONE, |acc, r| {
                acc * multi_miller_loop::<E, N>(core::slice::from_ref(r))
            });
            assert_eq!(multi_miller_loop::<E, N>(rs), one_by_one, "prepared {len}");
        }
        let mut bad_p = g1::<E, N>(&mut rng);
        bad_p.y = Fp::ZERO;
        let mut mixed = refs[refs.len() - 8..].to_vec();
        mixed.push((&bad_p, &prep[6]));
        let unprepared: Vec<AffinePair<E, N>> = mixed
            .iter()
            .map(|(p, _)| **p)
            .zip(
                pairs[pairs.len() - 8..]
                    .iter()
                    .map(|(_, q)| *q)
                    .chain([pairs[6].1]),
            )
            .collect();
        assert_eq!(
            fe(&multi_miller_loop::<E, N>(&mixed)),
            fe(&multi_miller_loop_affine::<E, N>(&unprepared))
        );
    }

    #[test]
    fn lanes_bls12_381() {
        lanes_match_projective::<Bls12381, 6>();
    }

    #[test]
    fn lanes_bn254_beuchat() {
        lanes_match_projective::<Bn254Beuchat, 4>();
    }

    /// [`mul_by_014_a1`] is the product with c + b·v + v·w (random values).
    #[test]
    fn mul_by_014_a1_is_the_product() {
        let mut rng = StdRng::seed_from_u64(13);
        type P = <Bls12381 as PairingCurve<6>>::Fp;
        for _ in 0..10 {
            let f = Fp12::<P, 6>::random(&mut rng);
            let (c, b) = (Fp2::<P, 6>::random(&mut rng), Fp2::<P, 6>::random(&mut rng));
            let g = Fp12::new(
                Fp6::new(c, b, Fp2::ZERO),
                Fp6::new(Fp2::ZERO, Fp2::ONE, Fp2::ZERO),
            );
            assert_eq!(mul_by_014_a1(&f, &c, &b), f * g);
            assert_eq!(f.mul_by_014(&c, &b, &Fp2::ONE), f * g);
        }
    }

    #[test]
    fn prepared_bn254_beuchat() {
        prepared_matches_unprepared::<Bn254Beuchat, 4>();
    }
    #[test]
    fn prepared_bn254() {
        prepared_matches_unprepared::<Bn254, 4>();
    }
    #[test]
    fn prepared_bls12_381() {
        prepared_matches_unprepared::<Bls12381, 6>();
    }
}

//! The optimal Ate Miller loop (papers 000/001; Vercauteren 2010) for BN and BLS12 curves.
//!
//! * Loop over the NAF of 6z+2 (BN) or z (BLS12); T runs on the twist in homogeneous
//!   projective coordinates, so no inversion is needed.
//! * Doubling and mixed-addition steps with line functions after Costello–Lange–Naehrig
//!   (PKC 2010) and Aranha et al. (Eurocrypt 2011): each line is (a, b, c) ∈ Fp2³ with value
//!   a·y_P + b·x_P·w + c·v·w (D-type twists, sparse slots 0/3/4 → [`Fp12::mul_by_034`]) or
//!   c + b·x_P·v + a·y_P·v·w (M-type, slots 0/1/4 → [`Fp12::mul_by_014`]). Lines are defined up to
//!   a factor in Fp2*, which the final exponentiation removes.
//! * BN curves add paper 000's two Frobenius lines l_{T, π(Q)} and l_{T+π(Q), −π²(Q)}.
//! * Without precomputation ([`miller_loop`], [`multi_miller_loop_affine`]) each pair's T is
//!   stepped inline and its lines are used at once (no line storage). On D-type twists the
//!   lines of two pairs are multiplied together first (6 Fp2 multiplications) and then into f
//!   (17), 23 instead of 2 × 13; on M-type twists this measured no faster and is not used.
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

use hayate_arith::{Fp, Fp12, Fp2, Fp6, TowerParams};
use hayate_ec::Affine;

use crate::engine::{ate_loop_count, naf, Family, PairingCurve, TwistType};
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
    /// Multiply by the line of the next T step.
    Line(Step),
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

/// Runs the loop schedule: NAF digits of the loop count from the top, then the BN extras.
fn schedule<E: PairingCurve<N>, const N: usize>(mut op: impl FnMut(Op)) {
    let digits = naf(ate_loop_count::<E, N>());
    for i in (0..digits.len() - 1).rev() {
        if i != digits.len() - 2 {
            op(Op::Square);
        }
        op(Op::Line(Step::Double));
        match digits[i] {
            1 => op(Op::Line(Step::Add)),
            -1 => op(Op::Line(Step::Sub)),
            _ => {}
        }
    }
    if E::Z_NEG {
        op(Op::Conjugate);
    }
    if E::FAMILY == Family::Bn {
        op(Op::Line(Step::Frob1));
        op(Op::Line(Step::Frob2));
    }
}

struct Tpoint<P: hayate_arith::TowerParams<N>, const N: usize> {
    x: Fp2<P, N>,
    y: Fp2<P, N>,
    z: Fp2<P, N>,
}

/// Doubling step: T ← 2T, returns the tangent line (Aranha et al. 2011, eq. (10)).
#[inline]
fn double_step<E: PairingCurve<N>, const N: usize>(
    t: &mut Tpoint<E::Fp, N>,
    b3: &Fp2<E::Fp, N>,
) -> Line<E::Fp, N> {
    let a = (t.x * t.y).halve();
    let b = t.y.square();
    let c = t.z.square();
    let e = *b3 * c;
    let f = e.double() + e;
    let g = (b + f).halve();
    let h = (t.y + t.z).square() - (b + c);
    let i = e - b;
    let j = t.x.square();
    let e2 = e.square();
    t.x = a * (b - f);
    t.y = g.square() - (e2.double() + e2);
    t.z = b * h;
    [-h, j.double() + j, i]
}

/// Mixed addition step: T ← T + Q (Q affine), returns the chord line.
#[inline]
fn add_step<E: PairingCurve<N>, const N: usize>(
    t: &mut Tpoint<E::Fp, N>,
    qx: &Fp2<E::Fp, N>,
    qy: &Fp2<E::Fp, N>,
) -> Line<E::Fp, N> {
    let theta = t.y - *qy * t.z;
    let lambda = t.x - *qx * t.z;
    let c = theta.square();
    let d = lambda.square();
    let e = lambda * d;
    let f = t.z * c;
    let g = t.x * d;
    let h = e + f - g.double();
    t.x = lambda * h;
    t.y = theta * (g - h) - t.y * e;
    t.z *= e;
    [lambda, -theta, theta * *qx - lambda * *qy]
}

/// T with the Q it runs on: yields the lines of one pair step by step.
struct TState<E: PairingCurve<N>, const N: usize> {
    t: Tpoint<E::Fp, N>,
    q: Affine<E::G2>,
    b3: Fp2<E::Fp, N>,
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
        }
    }

    #[inline]
    fn step(&mut self, s: Step) -> Line<E::Fp, N> {
        match s {
            Step::Double => double_step::<E, N>(&mut self.t, &self.b3),
            Step::Add => add_step::<E, N>(&mut self.t, &self.q.x, &self.q.y),
            Step::Sub => add_step::<E, N>(&mut self.t, &self.q.x, &(-self.q.y)),
            Step::Frob1 => {
                if E::Z_NEG {
                    self.t.y = -self.t.y;
                }
                let q1 = g2::frobenius::<E, N>(&self.q, 1);
                add_step::<E, N>(&mut self.t, &q1.x, &q1.y)
            }
            Step::Frob2 => {
                let q2 = g2::frobenius::<E, N>(&self.q, 2);
                add_step::<E, N>(&mut self.t, &q2.x, &(-q2.y))
            }
        }
    }
}

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
        if bool::from(q.infinity) {
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
            if let Op::Line(s) = op {
                plain.push(ts.step(s));
            }
        });
        plain
    }
}

/// Multiplies f by the line evaluated at P = (x_P, y_P).
#[inline]
fn ell<E: PairingCurve<N>, const N: usize>(
    f: &mut Fp12<E::Fp, N>,
    l: &Line<E::Fp, N>,
    xp: &Fp<E::Fp, N>,
    yp: &Fp<E::Fp, N>,
) {
    let a = l[0].mul_by_base(yp);
    let b = l[1].mul_by_base(xp);
    *f = match E::TWIST {
        TwistType::D => f.mul_by_034(&a, &b, &l[2]),
        TwistType::M => f.mul_by_014(&l[2], &b, &a),
    };
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
/// the identity contribute 1.
pub fn multi_miller_loop<E: PairingCurve<N>, const N: usize>(
    pairs: &[(&Affine<E::G1>, &G2Prepared<E, N>)],
) -> Fp12<E::Fp, N> {
    // fast: (u, v, normalised lines) — see `ell_unit`; slow: degenerate pairs, general lines
    let mut fast: Vec<FastPair<'_, E::Fp, N>> = Vec::new();
    let mut slow: Vec<SlowPair<'_, E, N>> = Vec::new();
    for (p, q) in pairs {
        if bool::from(p.infinity) || q.infinity {
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
    let mut f = Fp12::ONE;
    if fast.is_empty() && slow.is_empty() {
        return f;
    }
    let mut idx = 0;
    schedule::<E, N>(|op| match op {
        Op::Square => f = f.square(),
        Op::Conjugate => f = f.conjugate(),
        Op::Line(_) => {
            for (u, v, l) in &fast {
                ell_unit::<E, N>(&mut f, &l[idx], u, v);
            }
            for (p, lines) in &slow {
                let line = match lines {
                    Lines::Unit(l) => unit_to_line::<E, N>(&l[idx]),
                    Lines::Plain(l) => l[idx],
                };
                ell::<E, N>(&mut f, &line, &p.x, &p.y);
            }
            idx += 1;
        }
    });
    f
}

/// ∏ f_{loop, Q_i}(P_i) without precomputation: each pair's T is stepped inline and its lines
/// are multiplied in at once. Pairs where P or Q is the identity contribute 1.
pub fn multi_miller_loop_affine<E: PairingCurve<N>, const N: usize>(
    pairs: &[(Affine<E::G1>, Affine<E::G2>)],
) -> Fp12<E::Fp, N> {
    let mut active: Vec<(&Affine<E::G1>, TState<E, N>)> = pairs
        .iter()
        .filter(|(p, q)| !bool::from(p.infinity) && !bool::from(q.infinity))
        .map(|(p, q)| (p, TState::new(q)))
        .collect();
    let mut f = Fp12::ONE;
    if active.is_empty() {
        return f;
    }
    schedule::<E, N>(|op| match op {
        Op::Square => f = f.square(),
        Op::Conjugate => f = f.conjugate(),
        Op::Line(s) => {
            let rest = if E::TWIST == TwistType::D {
                // two pairs at a time: line × line first (measured ≈ 5 % faster on D-type
                // twists with 40 pairs; no gain on M-type, which keeps the single products)
                let mut it = active.chunks_exact_mut(2);
                for two in &mut it {
                    let (x, y) = two.split_at_mut(1);
                    let (p1, t1) = &mut x[0];
                    let (p2, t2) = &mut y[0];
                    let l1 = eval::<E, N>(&t1.step(s), p1);
                    let l2 = eval::<E, N>(&t2.step(s), p2);
                    f = mul_line_pair_034(&f, &l1, &l2);
                }
                it.into_remainder()
            } else {
                &mut active[..]
            };
            for (p, ts) in rest.iter_mut() {
                let line = ts.step(s);
                ell::<E, N>(&mut f, &line, &p.x, &p.y);
            }
        }
    });
    f
}

/// The line evaluated at P: [a·y_P, b·x_P, c].
fn eval<E: PairingCurve<N>, const N: usize>(
    l: &Line<E::Fp, N>,
    p: &Affine<E::G1>,
) -> Line<E::Fp, N> {
    [l[0].mul_by_base(&p.y), l[1].mul_by_base(&p.x), l[2]]
}

/// f·l1·l2 for two evaluated D-type lines l = a + b·w + c·v·w: l1·l2 first (6 Fp2
/// multiplications; c0 = (aa' + ξcc', bb', bc' + b'c), c1 = (ab' + a'b, ac' + a'c, 0)), then
/// one product with a dense c0 and a two-slot c1 (17) — 23 instead of 2 × 13.
fn mul_line_pair_034<P: TowerParams<N>, const N: usize>(
    f: &Fp12<P, N>,
    l1: &Line<P, N>,
    l2: &Line<P, N>,
) -> Fp12<P, N> {
    let (a, b, c) = (l1[0], l1[1], l1[2]);
    let (a2, b2, c2) = (l2[0], l2[1], l2[2]);
    let aa = a * a2;
    let bb = b * b2;
    let cc = c * c2;
    let ab = (a + b) * (a2 + b2) - aa - bb;
    let ac = (a + c) * (a2 + c2) - aa - cc;
    let bc = (b + c) * (b2 + c2) - bb - cc;
    let l0 = Fp6::new(aa + cc.mul_by_xi(), bb, bc);
    let x0 = f.c0 * l0;
    let x1 = f.c1.mul_by_01(&ab, &ac);
    let s = (f.c0 + f.c1) * Fp6::new(l0.c0 + ab, l0.c1 + ac, l0.c2);
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
        let mut pairs: Vec<(Affine<E::G1>, Affine<E::G2>)> = (0..3)
            .map(|_| (g1::<E, N>(&mut rng), g2::<E, N>(&mut rng)))
            .collect();
        pairs.push((Affine::identity(), g2::<E, N>(&mut rng)));
        pairs.push((g1::<E, N>(&mut rng), Affine::identity()));
        let check = |pairs: &[(Affine<E::G1>, Affine<E::G2>)]| {
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

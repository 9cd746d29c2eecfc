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
//! * The G2 side is separated out ([`G2Prepared`]: the line coefficients of one Q), so that
//!   repeated pairings with the same Q, and products of pairings (one shared squaring chain,
//!   [`multi_miller_loop`]) come for free.

use hayate_arith::{Fp, Fp12, Fp2};
use hayate_ec::Affine;

use crate::engine::{ate_loop_count, naf, Family, PairingCurve, TwistType};
use crate::g2;

/// One line: value a·y_P + b·x_P·(w or v) + c·(v·w or 1).
pub type Line<P, const N: usize> = [Fp2<P, N>; 3];

/// The line coefficients of a fixed Q ∈ G2 (fixed-argument precomputation).
pub struct G2Prepared<E: PairingCurve<N>, const N: usize> {
    pub(crate) lines: Vec<Line<E::Fp, N>>,
    pub(crate) infinity: bool,
}

impl<E: PairingCurve<N>, const N: usize> Clone for G2Prepared<E, N> {
    fn clone(&self) -> Self {
        Self {
            lines: self.lines.clone(),
            infinity: self.infinity,
        }
    }
}

impl<E: PairingCurve<N>, const N: usize> core::fmt::Debug for G2Prepared<E, N> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "G2Prepared({} lines)", self.lines.len())
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
    t.z = t.z * e;
    [lambda, -theta, theta * *qx - lambda * *qy]
}

impl<E: PairingCurve<N>, const N: usize> G2Prepared<E, N> {
    /// Precomputes the lines of Q (Q must be in G2; the identity gives an empty set).
    pub fn new(q: &Affine<E::G2>) -> Self {
        if bool::from(q.infinity) {
            return Self {
                lines: Vec::new(),
                infinity: true,
            };
        }
        let digits = naf(ate_loop_count::<E, N>());
        let b = <E::G2 as hayate_ec::CurveParams>::B;
        let b3 = b.double() + b;
        let mut t = Tpoint {
            x: q.x,
            y: q.y,
            z: Fp2::ONE,
        };
        let neg_qy = -q.y;
        let mut lines = Vec::with_capacity(digits.len() * 2);
        for i in (0..digits.len() - 1).rev() {
            lines.push(double_step::<E, N>(&mut t, &b3));
            match digits[i] {
                1 => lines.push(add_step::<E, N>(&mut t, &q.x, &q.y)),
                -1 => lines.push(add_step::<E, N>(&mut t, &q.x, &neg_qy)),
                _ => {}
            }
        }
        if E::FAMILY == Family::Bn {
            if E::Z_NEG {
                t.y = -t.y;
            }
            let q1 = g2::frobenius::<E, N>(q, 1);
            let q2 = g2::frobenius::<E, N>(q, 2);
            lines.push(add_step::<E, N>(&mut t, &q1.x, &q1.y));
            lines.push(add_step::<E, N>(&mut t, &q2.x, &(-q2.y)));
        }
        Self {
            lines,
            infinity: false,
        }
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

/// ∏ f_{loop, Q_i}(P_i) with one shared squaring chain. Pairs where P or Q is the identity
/// contribute 1.
pub fn multi_miller_loop<E: PairingCurve<N>, const N: usize>(
    pairs: &[(&Affine<E::G1>, &G2Prepared<E, N>)],
) -> Fp12<E::Fp, N> {
    let active: Vec<_> = pairs
        .iter()
        .filter(|(p, q)| !bool::from(p.infinity) && !q.infinity)
        .collect();
    let mut f = Fp12::ONE;
    if active.is_empty() {
        return f;
    }
    let digits = naf(ate_loop_count::<E, N>());
    let mut idx = 0;
    for i in (0..digits.len() - 1).rev() {
        if i != digits.len() - 2 {
            f = f.square();
        }
        for (p, q) in &active {
            ell::<E, N>(&mut f, &q.lines[idx], &p.x, &p.y);
        }
        idx += 1;
        if digits[i] != 0 {
            for (p, q) in &active {
                ell::<E, N>(&mut f, &q.lines[idx], &p.x, &p.y);
            }
            idx += 1;
        }
    }
    if E::Z_NEG {
        f = f.conjugate();
    }
    if E::FAMILY == Family::Bn {
        for _ in 0..2 {
            for (p, q) in &active {
                ell::<E, N>(&mut f, &q.lines[idx], &p.x, &p.y);
            }
            idx += 1;
        }
    }
    f
}

/// f_{loop, Q}(P) for one pair.
pub fn miller_loop<E: PairingCurve<N>, const N: usize>(
    p: &Affine<E::G1>,
    q: &Affine<E::G2>,
) -> Fp12<E::Fp, N> {
    let prep = G2Prepared::<E, N>::new(q);
    multi_miller_loop::<E, N>(&[(p, &prep)])
}

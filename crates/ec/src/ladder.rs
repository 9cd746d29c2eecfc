//! Regular ("ladder") scalar multiplications of paper 004 (Tanaka–Miyaji, SEEDS.md §004):
//!
//! * [`jin_miyaji`] — the **Jin–Miyaji two-bit 2-ary right-to-left ladder** (Jin & Miyaji,
//!   ACISP 2019, "New two-bit 2-ary right-to-left powering ladder"; paper 004's Algorithm 1),
//!   written line by line after the listing in SEEDS.md, with affine registers, the complete
//!   affine addition and the **affine double-quadruple** ([`affine_double_quadruple`]: 2P and
//!   4P from a single inversion, after Le & Nguyen, SoICT 2012), and **one inversion per
//!   iteration** shared by the iteration's two additions and its double-quadruple (see
//!   "One inversion per iteration" below). With [`SafeGcd`]
//!   inversion it runs in time independent of the scalar and of the point — the answer to paper
//!   004's open problem (its binary-GCD inverter took 258–290 cycles depending on the data);
//!   with [`BinaryGcdVartime`] it reproduces the paper's data-dependent hardware inverter.
//! * [`montgomery_ladder`] — the Montgomery ladder over projective coordinates with the
//!   complete Renes–Costello–Batina formulas.
//! * [`joye_ladder`] / [`joye_mary_ladder`] — Joye's m-ary right-to-left ladder (M. Joye,
//!   "Highly regular m-ary powering ladders", SAC 2009) for m = 2 and m = 2^w, also over the
//!   complete projective formulas; the Jin–Miyaji ladder is its two-bit, affine refinement.
//!
//! ## Constant time
//! Secret bits are read with shifts and turned into `subtle::Choice`; "R\[k_i\] ← R\[k_i\] + A"
//! is a conditional swap, an addition into R\[0\], and the swap back (in the loop, three
//! conditional swaps by k_i, k_i ⊕ k_{i+1} and k_{i+1}) — never a memory index or a branch on
//! the scalar. Every iteration does the same two additions and one
//! double-quadruple whatever the bits are, over a public number l of bits (l = 64·len(k),
//! rounded up to odd). `crates/ec/tests/valgrind_ct.rs` checks this with memcheck.
//!
//! ## Exceptional cases
//! The affine formulas have exceptions (an operand at infinity, P + P, P + (−P), 2-torsion).
//! They do occur in this ladder for some inputs: on tiny groups the partial sums wrap around the
//! group order all the time, and even on 256-bit curves the last steps can meet them for
//! scalars near n (R\[1\] = (k + 1)P = O for k = n − 1; the final doubling 2·R\[1\] and the
//! addition −A + R\[0\] are then degenerate). Instead of restricting the scalars, every
//! addition here is **complete**: [`affine_add`] computes both the chord and the tangent
//! slope, selects one in constant time, inverts the selected denominator (a zero denominator
//! simply yields "no inverse", detected without branching) and fixes the result with selects
//! for O + Q, P + O and P + (−P). The double-quadruple likewise selects O for P = O or
//! 2-torsion inputs, and the loop's Jacobian forms of the additions keep the same selects
//! (plus 2·A1 for the mixed addition's doubling case). The ladder is therefore correct for every integer scalar below 2^l and
//! every point (tested exhaustively on three curves of order 197 and 199 and against
//! double-and-add on the 254/381-bit curves), at the cost of one extra squaring per addition.
//!
//! ## One inversion per iteration
//! The iteration's three operations are independent except that both additions hit the same
//! register when k_i = k_{i+1}. Every denominator is known before any inversion, so each
//! iteration does, whatever the bits:
//!
//! 1. the double-quadruple of A1 up to its inversion: its denominator T = 2Y₂D and 2·A1 in
//!    Jacobian coordinates (X₂ : Y₂ : D);
//! 2. R\[k_i\] + A as a Jacobian point whose Z is the chord (or tangent) denominator — the
//!    complete affine addition without its inversion;
//! 3. R\[k_{i+1}\] + A1 as a complete mixed Jacobian + affine addition, where R\[k_{i+1}\] is
//!    the sum of step 2 (k_{i+1} = k_i) or the other, still affine register (Z = 1), chosen by
//!    conditional swaps; its doubling case (R = A1) takes 2·A1 from step 1;
//! 4. one inversion of Z₀·Z₁·T (Montgomery's simultaneous inversion: 6M), giving both
//!    registers back in affine form and finishing the double-quadruple.
//!
//! The registers after each iteration are exactly those of the listing (`hayate ecmul --trace`
//! prints them). O is carried as a flag with Z = 1, so the batch never contains a zero.
//!
//! ## Double-quadruple (derivation)
//! For P = (x, y) let D = 2y and N₁ = 3x² + a. Then 2P = (X₂/D², Y₂/D³) with
//! X₂ = N₁² − 2xD² and Y₂ = N₁(3xD² − N₁²) − yD³ (Jacobian coordinates with Z = D). The
//! doubling slope at 2P is λ₂ = (3x₂² + a)/(2y₂) = (3X₂² + aD⁴)/(2Y₂D). One inversion of
//! T = 2Y₂D gives both λ₂ = (3X₂² + aD⁴)·T⁻¹ and D⁻¹ = 2Y₂·T⁻¹, hence x₂ = X₂·D⁻², y₂ =
//! Y₂·D⁻³, x₄ = λ₂² − 2x₂, y₄ = λ₂(x₂ − x₄) − y₂: one inversion, 7S + 11M (+1 m_a), close to
//! the 20 multiplications of paper 004's DQ module. (This is Montgomery's simultaneous-inversion
//! trick specialised to the two denominators 2y and 2y₂, with 2y₂ = 2Y₂/D³.)

use alloc::vec;
use hayate_arith::Field;
use subtle::{Choice, ConditionallySelectable, ConstantTimeEq, CtOption};

use crate::affine::Affine;
use crate::bit;
use crate::curve::{mul_by_a, CurveParams, Static};
use crate::projective::Projective;

/// A field-inversion strategy for the affine formulas.
pub trait Inversion {
    /// Name for reports.
    const NAME: &'static str;
    /// Is the inversion constant time?
    const CONSTANT_TIME: bool;
    /// x⁻¹, `None` for 0.
    fn invert<F: Field>(x: &F) -> CtOption<F>;
}

/// Bernstein–Yang safegcd ([`Field::invert_safegcd`]): constant time.
#[derive(Clone, Copy, Debug, Default)]
pub struct SafeGcd;
impl Inversion for SafeGcd {
    const NAME: &'static str = "safegcd";
    const CONSTANT_TIME: bool = true;
    #[inline(always)]
    fn invert<F: Field>(x: &F) -> CtOption<F> {
        x.invert_safegcd()
    }
}

/// Binary extended GCD ([`Field::invert_vartime`]): paper 004's inverter, variable time.
#[derive(Clone, Copy, Debug, Default)]
pub struct BinaryGcdVartime;
impl Inversion for BinaryGcdVartime {
    const NAME: &'static str = "binary-gcd";
    const CONSTANT_TIME: bool = false;
    #[inline(always)]
    fn invert<F: Field>(x: &F) -> CtOption<F> {
        x.invert_vartime()
    }
}

/// Fermat's little theorem x^(p−2) ([`Field::invert`]): constant time, slower.
#[derive(Clone, Copy, Debug, Default)]
pub struct Fermat;
impl Inversion for Fermat {
    const NAME: &'static str = "fermat";
    const CONSTANT_TIME: bool = true;
    #[inline(always)]
    fn invert<F: Field>(x: &F) -> CtOption<F> {
        x.invert()
    }
}

/// P + Q in affine coordinates with one inversion, complete (see the module docs): the chord
/// and tangent slopes are both formed and one is selected, O + Q, P + O and P + (−P) are fixed
/// by selects. Constant time when `I` is.
pub fn affine_add<C: CurveParams, I: Inversion>(p: &Affine<C>, q: &Affine<C>) -> Affine<C> {
    let is_dbl = p.x.ct_eq(&q.x) & p.y.ct_eq(&q.y);
    let xx = p.x.square();
    let num = C::Base::conditional_select(&(q.y - p.y), &(xx.double() + xx + C::A), is_dbl);
    let den = C::Base::conditional_select(&(q.x - p.x), &p.y.double(), is_dbl);
    let inv = I::invert(&den);
    let vanishes = inv.is_none(); // P + (−P), or the tangent at a 2-torsion point
    let lambda = inv.unwrap_or(C::Base::ZERO) * num;
    let x3 = lambda.square() - p.x - q.x;
    let y3 = lambda * (p.x - x3) - p.y;
    let mut r = Affine {
        x: x3,
        y: y3,
        infinity: Choice::from(0),
    };
    r.conditional_assign(&Affine::identity(), vanishes);
    r.conditional_assign(q, p.infinity);
    r.conditional_assign(p, q.infinity);
    r
}

/// 2P in affine coordinates with one inversion (O and 2-torsion points give O).
pub fn affine_double<C: CurveParams, I: Inversion>(p: &Affine<C>) -> Affine<C> {
    let xx = p.x.square();
    let num = xx.double() + xx + C::A;
    let inv = I::invert(&p.y.double());
    let lambda = inv.unwrap_or(C::Base::ZERO) * num;
    let x3 = lambda.square() - p.x.double();
    let y3 = lambda * (p.x - x3) - p.y;
    let mut r = Affine {
        x: x3,
        y: y3,
        infinity: Choice::from(0),
    };
    r.conditional_assign(&Affine::identity(), inv.is_none() | p.infinity);
    r
}

/// (2P, 4P) with a single inversion — the affine double-quadruple (derivation in the module
/// docs). Complete: P = O or 2P = O gives (O, O); 4P = O (2P of order 2) gives (2P, O).
pub fn affine_double_quadruple<C: CurveParams, I: Inversion>(
    p: &Affine<C>,
) -> (Affine<C>, Affine<C>) {
    let pre = DqPre::new(p);
    let inv = I::invert(&pre.den).unwrap_or(C::Base::ZERO);
    pre.finish(&inv)
}

/// The double-quadruple of P up to its inversion: the numerators, the single denominator
/// `den` (T = 2Y₂D, or D when Y₂ = 0; 1 when P = O or 2P = O, so that it can join a batch
/// inversion), and 2P in Jacobian coordinates (X₂ : Y₂ : D).
struct DqPre<C: CurveParams> {
    x2n: C::Base,
    y2n: C::Base,
    y2n2: C::Base,
    n2: C::Base,
    y2_zero: Choice,
    /// P = O or 2P = O.
    bad: Choice,
    /// The denominator to invert (never 0).
    den: C::Base,
    /// 2P as a Jacobian point (O when `bad`).
    dbl: Jac<C>,
}

impl<C: CurveParams> DqPre<C> {
    #[inline(always)]
    fn new(p: &Affine<C>) -> Self {
        let (x, y) = (p.x, p.y);
        let xx = x.square();
        let n1 = xx.double() + xx + C::A; // N₁ = 3x² + a
        let d = y.double(); // D = 2y
        let dd = d.square(); // D²
        let xdd = x * dd; // xD²
        let n1n1 = n1.square(); // N₁²
        let x2n = n1n1 - xdd.double(); // X₂ = N₁² − 2xD²
        let ddd = dd * d; // D³
        let y2n = n1 * (xdd.double() + xdd - n1n1) - y * ddd; // Y₂ = N₁(3xD² − N₁²) − yD³
        let x2n_sq = x2n.square();
        let n2 = x2n_sq.double() + x2n_sq + mul_by_a::<C>(&dd.square()); // 3X₂² + aD⁴
        let y2_zero = y2n.is_zero();
        // T = 2Y₂D; if Y₂ = 0 (2P has order 2) invert D alone; T = 0 exactly when D = 0.
        let y2n2 = y2n.double();
        let bad = p.infinity | d.is_zero();
        let den = C::Base::conditional_select(&(y2n2 * d), &d, y2_zero);
        let den = C::Base::conditional_select(&den, &C::Base::ONE, bad);
        let mut dbl = Jac {
            x: x2n,
            y: y2n,
            z: d,
            inf: Choice::from(0),
        };
        dbl.conditional_assign(&Jac::identity(), bad);
        DqPre {
            x2n,
            y2n,
            y2n2,
            n2,
            y2_zero,
            bad,
            den,
            dbl,
        }
    }

    /// (2P, 4P) from `inv` = `den`⁻¹.
    #[inline(always)]
    fn finish(&self, inv: &C::Base) -> (Affine<C>, Affine<C>) {
        let inv = *inv;
        let inv_d = C::Base::conditional_select(&(self.y2n2 * inv), &inv, self.y2_zero); // D⁻¹
        let lambda2 = self.n2 * inv; // λ₂ = N₂/T
        let inv_dd = inv_d.square();
        let x2 = self.x2n * inv_dd;
        let y2 = self.y2n * inv_dd * inv_d;
        let x4 = lambda2.square() - x2.double();
        let y4 = lambda2 * (x2 - x4) - y2;
        let mut p2 = Affine {
            x: x2,
            y: y2,
            infinity: Choice::from(0),
        };
        let mut p4 = Affine {
            x: x4,
            y: y4,
            infinity: Choice::from(0),
        };
        p2.conditional_assign(&Affine::identity(), self.bad);
        p4.conditional_assign(&Affine::identity(), self.bad | self.y2_zero);
        (p2, p4)
    }
}

/// A point in Jacobian coordinates (X : Y : Z) = (X/Z², Y/Z³) with an explicit infinity flag
/// and Z ≠ 0 always (Z = 1 for O), so that every Z can join a batch inversion.
#[derive(Clone, Copy)]
struct Jac<C: CurveParams> {
    x: C::Base,
    y: C::Base,
    z: C::Base,
    inf: Choice,
}

impl<C: CurveParams> Jac<C> {
    #[inline(always)]
    fn identity() -> Self {
        Jac {
            x: C::Base::ZERO,
            y: C::Base::ZERO,
            z: C::Base::ONE,
            inf: Choice::from(1),
        }
    }

    #[inline(always)]
    fn from_affine(p: &Affine<C>) -> Self {
        Jac {
            x: p.x,
            y: p.y,
            z: C::Base::ONE,
            inf: p.infinity,
        }
    }

    #[inline(always)]
    fn conditional_assign(&mut self, other: &Self, c: Choice) {
        self.x.conditional_assign(&other.x, c);
        self.y.conditional_assign(&other.y, c);
        self.z.conditional_assign(&other.z, c);
        self.inf.conditional_assign(&other.inf, c);
    }

    #[inline(always)]
    fn conditional_swap(a: &mut Self, b: &mut Self, c: Choice) {
        C::Base::conditional_swap(&mut a.x, &mut b.x, c);
        C::Base::conditional_swap(&mut a.y, &mut b.y, c);
        C::Base::conditional_swap(&mut a.z, &mut b.z, c);
        Choice::conditional_swap(&mut a.inf, &mut b.inf, c);
    }

    /// The affine point, given `zinv` = Z⁻¹.
    #[inline(always)]
    fn to_affine(self, zinv: &C::Base) -> Affine<C> {
        let zz = zinv.square();
        let mut r = Affine {
            x: self.x * zz,
            y: self.y * zz * *zinv,
            infinity: Choice::from(0),
        };
        r.conditional_assign(&Affine::identity(), self.inf);
        r
    }
}

/// P + Q for affine P and Q, complete, as the Jacobian point whose Z is the denominator of the
/// selected chord or tangent slope: [`affine_add`] without its inversion (3S + 5M).
#[inline(always)]
fn add_affine_jac<C: CurveParams>(p: &Affine<C>, q: &Affine<C>) -> Jac<C> {
    let is_dbl = p.x.ct_eq(&q.x) & p.y.ct_eq(&q.y);
    let xx = p.x.square();
    let num = C::Base::conditional_select(&(q.y - p.y), &(xx.double() + xx + C::A), is_dbl);
    let den = C::Base::conditional_select(&(q.x - p.x), &p.y.double(), is_dbl);
    let dd = den.square();
    let x3 = num.square() - (p.x + q.x) * dd; // λ² − x₁ − x₂ = X₃/den²
    let y3 = num * (p.x * dd - x3) - p.y * (dd * den); // λ(x₁ − x₃) − y₁ = Y₃/den³
    let mut r = Jac {
        x: x3,
        y: y3,
        z: den,
        inf: Choice::from(0),
    };
    r.conditional_assign(&Jac::identity(), den.is_zero()); // P + (−P), 2-torsion tangent
    r.conditional_assign(&Jac::from_affine(q), p.infinity);
    r.conditional_assign(&Jac::from_affine(p), q.infinity);
    r
}

/// P + Q for a Jacobian P and an affine Q, complete: `q2` must be 2Q (used when P = Q); P = −Q
/// gives O, and O + Q, P + O are selected (3S + 8M).
#[inline(always)]
fn add_jac_affine<C: CurveParams>(p: &Jac<C>, q: &Affine<C>, q2: &Jac<C>) -> Jac<C> {
    let zz = p.z.square();
    let h = q.x * zz - p.x; // U₂ − X₁
    let r = q.y * (zz * p.z) - p.y; // S₂ − Y₁
    let hh = h.square();
    let hhh = hh * h;
    let v = p.x * hh;
    let x3 = r.square() - hhh - v.double();
    let y3 = r * (v - x3) - p.y * hhh;
    let mut out = Jac {
        x: x3,
        y: y3,
        z: p.z * h,
        inf: Choice::from(0),
    };
    let (h0, r0) = (h.is_zero(), r.is_zero());
    out.conditional_assign(q2, h0 & r0); // P = Q
    out.conditional_assign(&Jac::identity(), h0 & !r0); // P = −Q
    out.conditional_assign(&Jac::from_affine(q), p.inf);
    out.conditional_assign(p, q.infinity);
    out
}

/// (a⁻¹, b⁻¹, c⁻¹) for non-zero a, b, c with one inversion (Montgomery's trick: 6M).
#[inline(always)]
fn batch_invert3<F: Field, I: Inversion>(a: &F, b: &F, c: &F) -> (F, F, F) {
    let ab = *a * *b;
    let inv = I::invert(&(ab * *c)).unwrap_or(F::ZERO);
    let ab_inv = inv * *c;
    (ab_inv * *b, ab_inv * *a, inv * ab)
}

/// R\[b\] ← R\[b\] + A for a secret bit b: swap, add into R\[0\], swap back.
#[inline(always)]
fn add_into<C: CurveParams, I: Inversion>(
    r0: &mut Affine<C>,
    r1: &mut Affine<C>,
    b: Choice,
    a: &Affine<C>,
) {
    Affine::conditional_swap(r0, r1, b);
    *r0 = affine_add::<C, I>(r0, a);
    Affine::conditional_swap(r0, r1, b);
}

/// The Jin–Miyaji two-bit 2-ary right-to-left ladder (paper 004, Algorithm 1), affine, over
/// l = `nbits` rounded up to an odd number of bits of k (bits of k at and above l are ignored):
///
/// ```text
/// R[0] ← −P; R[1] ← P; {A, A1} ← {2P, 4P}; R[k0] ← R[k0] + A
/// for i = 1 to l−1 step 2:
///     R[k_i] ← R[k_i] + A;  R[k_{i+1}] ← R[k_{i+1}] + A1;  {A, A1} ← {2·A1, 4·A1}
/// R[k0] ← R[k0] − P
/// A ← −A + R[0] + 2·R[1]
/// return A
/// ```
///
/// (After the loop R\[1\] = (k + 1)P, R\[0\] = (2^l − 2 − k)P and A = 2^l·P, so the last line
/// gives kP.) Cost: (l − 1)/2 iterations of two additions and one double-quadruple sharing
/// one inversion (module docs), plus 6 inversions outside the loop. Time independent of k and P when `I` is
/// constant time.
pub fn jin_miyaji<C: CurveParams, I: Inversion>(
    p: &Affine<C>,
    k: &[u64],
    nbits: usize,
) -> Affine<C> {
    jin_miyaji_traced::<C, I, _>(p, k, nbits, |_, _, _, _, _| {})
}

/// [`jin_miyaji`] with an observer, for co-verification against other implementations of the
/// same ladder (`hayate ecmul --trace`): `trace(i, R[0], R[1], A, A1)` is called after the
/// initial R\[k0\] ← R\[k0\] + A (i = 0) and after each loop iteration i = 1, 3, 5, …, l − 2.
/// The observer sees secret intermediate values: pass a no-op closure (as [`jin_miyaji`] does)
/// for anything but tracing public test inputs.
#[doc(hidden)]
pub fn jin_miyaji_traced<C, I, T>(p: &Affine<C>, k: &[u64], nbits: usize, mut trace: T) -> Affine<C>
where
    C: CurveParams,
    I: Inversion,
    T: FnMut(usize, &Affine<C>, &Affine<C>, &Affine<C>, &Affine<C>),
{
    let l = nbits | 1;
    let mut r0 = p.neg(); // R[0] ← −P
    let mut r1 = *p; // R[1] ← P
    let (mut a, mut a1) = affine_double_quadruple::<C, I>(p); // {A, A1} ← {2P, 4P}
    let k0 = Choice::from(bit(k, 0) as u8);
    add_into::<C, I>(&mut r0, &mut r1, k0, &a); // R[k0] ← R[k0] + A
    trace(0, &r0, &r1, &a, &a1);
    let mut i = 1;
    while i < l {
        let ki = Choice::from(bit(k, i) as u8);
        let ki1 = Choice::from(bit(k, i + 1) as u8);
        // {2·A1, 4·A1} up to the inversion; 2·A1 also serves R + A1 when R = A1
        let dq = DqPre::new(&a1);
        // R[k_i] + A into slot 0 (Jacobian, Z = its slope's denominator)
        Affine::conditional_swap(&mut r0, &mut r1, ki);
        let mut s0 = add_affine_jac(&r0, &a);
        let mut s1 = Jac::from_affine(&r1);
        // slot 0 now holds R[k_i]; bring R[k_{i+1}] there (the sum when k_{i+1} = k_i)
        Jac::conditional_swap(&mut s0, &mut s1, ki ^ ki1);
        s0 = add_jac_affine(&s0, &a1, &dq.dbl); // R[k_{i+1}] + A1
        Jac::conditional_swap(&mut s0, &mut s1, ki1); // back to (R[0], R[1])
                                                      // one inversion for both registers and the double-quadruple
        let (z0_inv, z1_inv, t_inv) = batch_invert3::<C::Base, I>(&s0.z, &s1.z, &dq.den);
        r0 = s0.to_affine(&z0_inv);
        r1 = s1.to_affine(&z1_inv);
        (a, a1) = dq.finish(&t_inv); // {A, A1} ← {2·A1, 4·A1}
        trace(i, &r0, &r1, &a, &a1);
        i += 2;
    }
    add_into::<C, I>(&mut r0, &mut r1, k0, &p.neg()); // R[k0] ← R[k0] − P
    let t = affine_add::<C, I>(&a.neg(), &r0); // −A + R[0]
    affine_add::<C, I>(&t, &affine_double::<C, I>(&r1)) // + 2·R[1]
}

/// \[k\]P by the Jin–Miyaji ladder with safegcd inversion over 64·len(k) (+1) bits: constant
/// time in k and P.
pub fn jin_miyaji_ct<C: CurveParams>(p: &Affine<C>, k: &[u64]) -> Affine<C> {
    jin_miyaji::<C, SafeGcd>(p, k, 64 * k.len())
}

/// \[k\]P by the Jin–Miyaji ladder with the binary-GCD inverter of paper 004's hardware
/// (variable time: the inversion's running time depends on the data).
pub fn jin_miyaji_binary_gcd_vartime<C: CurveParams>(p: &Affine<C>, k: &[u64]) -> Affine<C> {
    jin_miyaji::<C, BinaryGcdVartime>(p, k, 64 * k.len())
}

/// Affine normalisation with a chosen inversion.
pub fn to_affine_with<C: CurveParams, I: Inversion>(p: &Projective<C>) -> Affine<C> {
    let zinv = I::invert(&p.z);
    let is_inf = zinv.is_none();
    let zinv = zinv.unwrap_or(C::Base::ZERO);
    let a = Affine {
        x: p.x * zinv,
        y: p.y * zinv,
        infinity: Choice::from(0),
    };
    Affine::conditional_select(&a, &Affine::identity(), is_inf)
}

/// \[k\]P by the Montgomery ladder over 64·len(k) bits, projective coordinates, complete RCB
/// formulas (one addition and one doubling per bit, conditional swaps): constant time.
pub fn montgomery_ladder<C: CurveParams>(p: &Projective<C>, k: &[u64]) -> Projective<C> {
    crate::group::montgomery_ladder(&Static::<C>::CTX, p, k)
}

/// w bits of k starting at bit `pos` (public position, secret value: shifts only).
#[inline(always)]
fn digit(k: &[u64], pos: usize, w: u32) -> u64 {
    let lo = k.get(pos / 64).copied().unwrap_or(0) >> (pos % 64);
    let hi = if pos.is_multiple_of(64) {
        0
    } else {
        k.get(pos / 64 + 1).copied().unwrap_or(0) << (64 - pos % 64)
    };
    (lo | hi) & ((1u64 << w) - 1)
}

/// Joye's m-ary right-to-left ladder for m = 2^w (SAC 2009), projective, complete formulas:
///
/// ```text
/// R[0..m) ← O; A ← P
/// for each base-m digit d_i of k, least significant first: R[d_i] ← R[d_i] + A; A ← m·A
/// return Σ_{j=1}^{m−1} j·R[j]    (as Σ_j Σ_{i≥j} R[i]: 2(m−2) additions)
/// ```
///
/// R\[0\] absorbs the zero digits so every digit costs one addition and w doublings. R\[d_i\] is
/// read and written by constant-time scans over all m registers. `w` is clamped to [1, 6].
pub fn joye_mary_ladder<C: CurveParams>(p: &Projective<C>, k: &[u64], w: u32) -> Projective<C> {
    let w = w.clamp(1, 6);
    let m = 1usize << w;
    let digits = (64 * k.len()).div_ceil(w as usize);
    let mut r = vec![Projective::<C>::identity(); m];
    let mut a = *p;
    for i in 0..digits {
        let d = digit(k, i * w as usize, w);
        let mut t = Projective::identity();
        for (j, rj) in r.iter().enumerate() {
            t.conditional_assign(rj, (j as u64).ct_eq(&d));
        }
        let t = t.add(&a);
        for (j, rj) in r.iter_mut().enumerate() {
            rj.conditional_assign(&t, (j as u64).ct_eq(&d));
        }
        a = a.double_n(w as usize);
    }
    let mut s = Projective::identity();
    let mut acc = Projective::identity();
    for rj in r[1..].iter().rev() {
        s = s.add(rj);
        acc = acc.add(&s);
    }
    acc
}

/// Joye's 2-ary right-to-left ladder ([`joye_mary_ladder`] with m = 2): per bit one complete
/// addition into R\[k_i\] and one doubling of A; returns R\[1\].
pub fn joye_ladder<C: CurveParams>(p: &Projective<C>, k: &[u64]) -> Projective<C> {
    crate::group::joye_ladder(&Static::<C>::CTX, p, k)
}

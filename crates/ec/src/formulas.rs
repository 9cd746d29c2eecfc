//! The point formulas of short Weierstrass curves y² = x³ + ax + b, written once over a
//! field-and-curve context ([`Arith`]) so that the compile-time curves ([`crate::Projective`],
//! [`crate::Jacobian`] over a [`crate::CurveParams`]) and the run-time curves
//! ([`crate::DynCurve`], whose modulus and coefficients are values) run the same code.
//!
//! Points are passed as coordinate triples `[&X, &Y, &Z]` (references, so that no point is
//! copied on the way in) and returned as `[X, Y, Z]`:
//! * homogeneous projective (x = X/Z, y = Y/Z): the complete formulas of Renes, Costello and
//!   Batina, "Complete addition formulas for prime order elliptic curves" (EUROCRYPT 2016,
//!   ePrint 2015/1060), Algorithms 1–3 for generic a, 4–6 for a = −3, 7–9 for a = 0; the
//!   comments carry the paper's step numbers;
//! * Jacobian (x = X/Z², y = Y/Z³; IEEE P1363 A.10, paper 002 §2.2): the halved doubling for
//!   a = 0 and a = −3, `dbl-2007-bl` for generic a, paper 002 §4.2's repeated doubling,
//!   `add-2007-bl` and the textbook mixed addition (costs and conventions in
//!   [`crate::jacobian`]).
//!
//! Contract: every function computes the values of the formula it names, for the context's
//! curve; none branches on coordinates (the callers add the exceptional-case handling their
//! API promises). Which specialisation runs is decided by [`Arith::a_kind`], a constant for
//! the compile-time curves (so the other branches compile away) and a field of the run-time
//! curve.

use subtle::Choice;

/// Which coefficient a the curve has, selecting the specialised formulas.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum AKind {
    /// a = 0.
    Zero,
    /// a = −3.
    MinusThree,
    /// Any other a.
    Generic,
}

/// Field operations and curve coefficients: what the formulas need. Implemented by
/// [`Static`] (compile-time curves, a zero-sized context over `C::Base`) and by the run-time
/// curve (`runtime::curve::CurveN`, a context holding the modulus and a, b).
pub(crate) trait Arith {
    /// A field element.
    type E: Copy;
    fn zero(&self) -> Self::E;
    fn add(&self, a: &Self::E, b: &Self::E) -> Self::E;
    fn sub(&self, a: &Self::E, b: &Self::E) -> Self::E;
    fn neg(&self, a: &Self::E) -> Self::E;
    fn double(&self, a: &Self::E) -> Self::E;
    fn halve(&self, a: &Self::E) -> Self::E;
    fn mul(&self, a: &Self::E, b: &Self::E) -> Self::E;
    fn square(&self, a: &Self::E) -> Self::E;
    fn is_zero(&self, a: &Self::E) -> Choice;
    /// a·b − c·d.
    #[inline(always)]
    fn mul_sub_mul(&self, a: &Self::E, b: &Self::E, c: &Self::E, d: &Self::E) -> Self::E {
        self.sub(&self.mul(a, b), &self.mul(c, d))
    }
    /// a·b − c².
    #[inline(always)]
    fn mul_sub_sqr(&self, a: &Self::E, b: &Self::E, c: &Self::E) -> Self::E {
        self.sub(&self.mul(a, b), &self.square(c))
    }
    /// Which specialisation applies (must agree with [`Self::a`]).
    fn a_kind(&self) -> AKind;
    /// The coefficient a.
    fn a(&self) -> Self::E;
    /// The coefficient b.
    fn b(&self) -> Self::E;
    /// 3b.
    fn b3(&self) -> Self::E;
}

/// x + x + x.
#[inline(always)]
fn triple<A: Arith>(o: &A, x: &A::E) -> A::E {
    o.add(&o.double(x), x)
}

/// a·x, by additions for a = 0 and a = −3.
#[inline(always)]
pub(crate) fn mul_by_a<A: Arith>(o: &A, x: &A::E) -> A::E {
    match o.a_kind() {
        AKind::Zero => o.zero(),
        AKind::MinusThree => o.neg(&triple(o, x)),
        AKind::Generic => o.mul(&o.a(), x),
    }
}

/// x³ + ax + b.
#[inline]
pub(crate) fn rhs<A: Arith>(o: &A, x: &A::E) -> A::E {
    let x3 = o.mul(&o.square(x), x);
    let ax = mul_by_a(o, x);
    o.add(&o.add(&x3, &ax), &o.b())
}

/// (x₁ + y₁)(x₂ + y₂) − (t₀ + t₁): the RCB cross term X₁Y₂ + X₂Y₁ and its relatives.
#[inline(always)]
fn cross<A: Arith>(
    o: &A,
    x1: &A::E,
    y1: &A::E,
    x2: &A::E,
    y2: &A::E,
    t0: &A::E,
    t1: &A::E,
) -> A::E {
    o.sub(&o.mul(&o.add(x1, y1), &o.add(x2, y2)), &o.add(t0, t1))
}

// ------------------------------------------------------------------ projective (RCB 2016)

/// P + Q, complete (RCB 2016 Algorithm 1, 4 or 7 according to a).
#[inline(always)]
pub(crate) fn proj_add<A: Arith>(o: &A, p: [&A::E; 3], q: [&A::E; 3]) -> [A::E; 3] {
    match o.a_kind() {
        AKind::Zero => proj_add_a0(o, p, q),
        AKind::MinusThree => proj_add_am3(o, p, q),
        AKind::Generic => proj_add_generic(o, p, q),
    }
}

/// P + (x₂, y₂) for an affine point that is not O, complete otherwise (RCB 2016 Algorithm 2,
/// 5 or 8).
#[inline(always)]
pub(crate) fn proj_add_affine<A: Arith>(o: &A, p: [&A::E; 3], q: [&A::E; 2]) -> [A::E; 3] {
    match o.a_kind() {
        AKind::Zero => proj_add_affine_a0(o, p, q),
        AKind::MinusThree => proj_add_affine_am3(o, p, q),
        AKind::Generic => proj_add_affine_generic(o, p, q),
    }
}

/// 2P, exception-free (RCB 2016 Algorithm 3, 6 or 9).
#[inline(always)]
pub(crate) fn proj_double<A: Arith>(o: &A, p: [&A::E; 3]) -> [A::E; 3] {
    match o.a_kind() {
        AKind::Zero => proj_double_a0(o, p),
        AKind::MinusThree => proj_double_am3(o, p),
        AKind::Generic => proj_double_generic(o, p),
    }
}

/// RCB 2016 Algorithm 1: complete addition, generic a (12M + 3m_a + 2m_3b + 23a).
fn proj_add_generic<A: Arith>(o: &A, p: [&A::E; 3], q: [&A::E; 3]) -> [A::E; 3] {
    let b3 = o.b3();
    let [x1, y1, z1] = p;
    let [x2, y2, z2] = q;
    let t0 = o.mul(x1, x2); // 1
    let t1 = o.mul(y1, y2); // 2
    let t2 = o.mul(z1, z2); // 3
    let t3 = cross(o, x1, y1, x2, y2, &t0, &t1); // 4-8: X1Y2 + X2Y1
    let t4 = cross(o, x1, z1, x2, z2, &t0, &t2); // 9-13: X1Z2 + X2Z1
    let t5 = cross(o, y1, z1, y2, z2, &t1, &t2); // 14-18: Y1Z2 + Y2Z1
    let z3 = o.add(&mul_by_a(o, &t4), &o.mul(&b3, &t2)); // 19-21
    let x3 = o.sub(&t1, &z3); // 22
    let z3 = o.add(&t1, &z3); // 23
    let y3 = o.mul(&x3, &z3); // 24
    let t1 = triple(o, &t0); // 25-26
    let t2 = mul_by_a(o, &t2); // 27
    let t4 = o.mul(&b3, &t4); // 28
    let t1 = o.add(&t1, &t2); // 29
    let t2 = mul_by_a(o, &o.sub(&t0, &t2)); // 30-31
    let t4 = o.add(&t4, &t2); // 32
    let y3 = o.add(&y3, &o.mul(&t1, &t4)); // 33-34
    let x3 = o.sub(&o.mul(&t3, &x3), &o.mul(&t5, &t4)); // 35-37
    let z3 = o.add(&o.mul(&t5, &z3), &o.mul(&t3, &t1)); // 38-40
    [x3, y3, z3]
}

/// RCB 2016 Algorithm 2: complete mixed addition, generic a (Q affine, not O).
fn proj_add_affine_generic<A: Arith>(o: &A, p: [&A::E; 3], q: [&A::E; 2]) -> [A::E; 3] {
    let b3 = o.b3();
    let [x1, y1, z1] = p;
    let [x2, y2] = q;
    let t0 = o.mul(x1, x2); // 1
    let t1 = o.mul(y1, y2); // 2
    let t3 = cross(o, x2, y2, x1, y1, &t0, &t1); // 3-7
    let t4 = o.add(&o.mul(x2, z1), x1); // 8-9
    let t5 = o.add(&o.mul(y2, z1), y1); // 10-11
    let z3 = o.add(&mul_by_a(o, &t4), &o.mul(&b3, z1)); // 12-14
    let x3 = o.sub(&t1, &z3); // 15
    let z3 = o.add(&t1, &z3); // 16
    let y3 = o.mul(&x3, &z3); // 17
    let t1 = triple(o, &t0); // 18-19
    let t2 = mul_by_a(o, z1); // 20
    let t4 = o.mul(&b3, &t4); // 21
    let t1 = o.add(&t1, &t2); // 22
    let t2 = mul_by_a(o, &o.sub(&t0, &t2)); // 23-24
    let t4 = o.add(&t4, &t2); // 25
    let y3 = o.add(&y3, &o.mul(&t1, &t4)); // 26-27
    let x3 = o.sub(&o.mul(&t3, &x3), &o.mul(&t5, &t4)); // 28-30
    let z3 = o.add(&o.mul(&t5, &z3), &o.mul(&t3, &t1)); // 31-33
    [x3, y3, z3]
}

/// RCB 2016 Algorithm 3: exception-free doubling, generic a (8M + 3S + 3m_a + 2m_3b).
fn proj_double_generic<A: Arith>(o: &A, p: [&A::E; 3]) -> [A::E; 3] {
    let b3 = o.b3();
    let [x, y, z] = p;
    let t0 = o.square(x); // 1
    let t1 = o.square(y); // 2
    let t2 = o.square(z); // 3
    let t3 = o.double(&o.mul(x, y)); // 4-5
    let z3 = o.double(&o.mul(x, z)); // 6-7
    let y3 = o.add(&mul_by_a(o, &z3), &o.mul(&b3, &t2)); // 8-10
    let x3 = o.sub(&t1, &y3); // 11
    let y3 = o.add(&t1, &y3); // 12
    let y3 = o.mul(&x3, &y3); // 13
    let x3 = o.mul(&t3, &x3); // 14
    let z3 = o.mul(&b3, &z3); // 15
    let t2 = mul_by_a(o, &t2); // 16
    let t3 = o.add(&mul_by_a(o, &o.sub(&t0, &t2)), &z3); // 17-19
    let t0 = o.add(&triple(o, &t0), &t2); // 20-22
    let y3 = o.add(&y3, &o.mul(&t0, &t3)); // 23-24
    let t2 = o.double(&o.mul(y, z)); // 25-26
    let x3 = o.sub(&x3, &o.mul(&t2, &t3)); // 27-28
    let z3 = o.double(&o.double(&o.mul(&t2, &t1))); // 29-31
    [x3, y3, z3]
}

/// RCB 2016 Algorithm 4: complete addition, a = −3 (12M + 2m_b + 29a).
/// (A deliberate twin of [`proj_add_affine_am3`], Algorithm 5: the same steps with Z₂ = 1,
/// kept apart so that each line can be checked against its listing; sharing one body would
/// cost the mixed form the product and the additions it saves, 11M + 23a against 12M + 29a.)
fn proj_add_am3<A: Arith>(o: &A, p: [&A::E; 3], q: [&A::E; 3]) -> [A::E; 3] {
    let b = o.b();
    let [x1, y1, z1] = p;
    let [x2, y2, z2] = q;
    let t0 = o.mul(x1, x2); // 1
    let t1 = o.mul(y1, y2); // 2
    let t2 = o.mul(z1, z2); // 3
    let t3 = cross(o, x1, y1, x2, y2, &t0, &t1); // 4-8
    let t4 = cross(o, y1, z1, y2, z2, &t1, &t2); // 9-13
    let y3 = cross(o, x1, z1, x2, z2, &t0, &t2); // 14-18
    let z3 = o.mul(&b, &t2); // 19
    let x3 = triple(o, &o.sub(&y3, &z3)); // 20-22
    let z3 = o.sub(&t1, &x3); // 23
    let x3 = o.add(&t1, &x3); // 24
    let y3 = o.mul(&b, &y3); // 25
    let t2 = triple(o, &t2); // 26-27
    let y3 = triple(o, &o.sub(&o.sub(&y3, &t2), &t0)); // 28-31
    let t0 = o.sub(&triple(o, &t0), &t2); // 32-34
    let t1 = o.mul(&t4, &y3); // 35
    let t2 = o.mul(&t0, &y3); // 36
    let y3 = o.add(&o.mul(&x3, &z3), &t2); // 37-38
    let x3 = o.sub(&o.mul(&t3, &x3), &t1); // 39-40
    let z3 = o.add(&o.mul(&t4, &z3), &o.mul(&t3, &t0)); // 41-43
    [x3, y3, z3]
}

/// RCB 2016 Algorithm 5: complete mixed addition, a = −3 (Q affine, not O; see
/// [`proj_add_am3`]).
fn proj_add_affine_am3<A: Arith>(o: &A, p: [&A::E; 3], q: [&A::E; 2]) -> [A::E; 3] {
    let b = o.b();
    let [x1, y1, z1] = p;
    let [x2, y2] = q;
    let t0 = o.mul(x1, x2); // 1
    let t1 = o.mul(y1, y2); // 2
    let t3 = cross(o, x2, y2, x1, y1, &t0, &t1); // 3-7
    let t4 = o.add(&o.mul(y2, z1), y1); // 8-9
    let y3 = o.add(&o.mul(x2, z1), x1); // 10-11
    let z3 = o.mul(&b, z1); // 12
    let x3 = triple(o, &o.sub(&y3, &z3)); // 13-15
    let z3 = o.sub(&t1, &x3); // 16
    let x3 = o.add(&t1, &x3); // 17
    let y3 = o.mul(&b, &y3); // 18
    let t1 = triple(o, z1); // 19-20
    let y3 = triple(o, &o.sub(&o.sub(&y3, &t1), &t0)); // 21-24
    let t0 = o.sub(&triple(o, &t0), &t1); // 25-27
    let t1 = o.mul(&t4, &y3); // 28
    let t2 = o.mul(&t0, &y3); // 29
    let y3 = o.add(&o.mul(&x3, &z3), &t2); // 30-31
    let x3 = o.sub(&o.mul(&t3, &x3), &t1); // 32-33
    let z3 = o.add(&o.mul(&t4, &z3), &o.mul(&t3, &t0)); // 34-36
    [x3, y3, z3]
}

/// RCB 2016 Algorithm 6: exception-free doubling, a = −3 (8M + 3S + 2m_b + 21a).
fn proj_double_am3<A: Arith>(o: &A, p: [&A::E; 3]) -> [A::E; 3] {
    let b = o.b();
    let [x, y, z] = p;
    let t0 = o.square(x); // 1
    let t1 = o.square(y); // 2
    let t2 = o.square(z); // 3
    let t3 = o.double(&o.mul(x, y)); // 4-5
    let z3 = o.double(&o.mul(x, z)); // 6-7
    let y3 = triple(o, &o.sub(&o.mul(&b, &t2), &z3)); // 8-11
    let x3 = o.sub(&t1, &y3); // 12
    let y3 = o.add(&t1, &y3); // 13
    let y3 = o.mul(&x3, &y3); // 14
    let x3 = o.mul(&x3, &t3); // 15
    let t2 = triple(o, &t2); // 16-17
    let z3 = triple(o, &o.sub(&o.sub(&o.mul(&b, &z3), &t2), &t0)); // 18-22
    let t0 = o.sub(&triple(o, &t0), &t2); // 23-25
    let y3 = o.add(&y3, &o.mul(&t0, &z3)); // 26-27
    let t0 = o.double(&o.mul(y, z)); // 28-29
    let x3 = o.sub(&x3, &o.mul(&t0, &z3)); // 30-31
    let z3 = o.double(&o.double(&o.mul(&t0, &t1))); // 32-34
    [x3, y3, z3]
}

/// RCB 2016 Algorithm 7: complete addition, a = 0 (12M + 2m_3b + 19a).
fn proj_add_a0<A: Arith>(o: &A, p: [&A::E; 3], q: [&A::E; 3]) -> [A::E; 3] {
    let b3 = o.b3();
    let [x1, y1, z1] = p;
    let [x2, y2, z2] = q;
    let t0 = o.mul(x1, x2); // 1
    let t1 = o.mul(y1, y2); // 2
    let t2 = o.mul(z1, z2); // 3
    let t3 = cross(o, x1, y1, x2, y2, &t0, &t1); // 4-8
    let t4 = cross(o, y1, z1, y2, z2, &t1, &t2); // 9-13
    let y3 = cross(o, x1, z1, x2, z2, &t0, &t2); // 14-18
    proj_add_a0_tail(o, &b3, t0, t1, &t2, &t3, &t4, &y3) // 19-33
}

/// RCB 2016 Algorithm 8: complete mixed addition, a = 0 (Q affine, not O).
fn proj_add_affine_a0<A: Arith>(o: &A, p: [&A::E; 3], q: [&A::E; 2]) -> [A::E; 3] {
    let b3 = o.b3();
    let [x1, y1, z1] = p;
    let [x2, y2] = q;
    let t0 = o.mul(x1, x2); // 1
    let t1 = o.mul(y1, y2); // 2
    let t3 = cross(o, x2, y2, x1, y1, &t0, &t1); // 3-7
    let t4 = o.add(&o.mul(y2, z1), y1); // 8-9
    let y3 = o.add(&o.mul(x2, z1), x1); // 10-11
    proj_add_a0_tail(o, &b3, t0, t1, z1, &t3, &t4, &y3) // 12-26 (with t2 = Z1)
}

/// The common end of RCB 2016 Algorithms 7 (steps 19–33) and 8 (steps 12–26), from
/// t₀ = X₁X₂, t₁ = Y₁Y₂, t₂ = Z₁Z₂, t₃ = X₁Y₂ + X₂Y₁, t₄ = Y₁Z₂ + Y₂Z₁, y₃ = X₁Z₂ + X₂Z₁.
#[allow(clippy::too_many_arguments)]
#[inline(always)]
fn proj_add_a0_tail<A: Arith>(
    o: &A,
    b3: &A::E,
    t0: A::E,
    t1: A::E,
    t2: &A::E,
    t3: &A::E,
    t4: &A::E,
    y3: &A::E,
) -> [A::E; 3] {
    let t0 = triple(o, &t0); // 19-20
    let t2 = o.mul(b3, t2); // 21
    let z3 = o.add(&t1, &t2); // 22
    let t1 = o.sub(&t1, &t2); // 23
    let y3 = o.mul(b3, y3); // 24
    let x3 = o.sub(&o.mul(t3, &t1), &o.mul(t4, &y3)); // 25-27
    let y3 = o.add(&o.mul(&t1, &z3), &o.mul(&y3, &t0)); // 28-30
    let z3 = o.add(&o.mul(&z3, t4), &o.mul(&t0, t3)); // 31-33
    [x3, y3, z3]
}

/// RCB 2016 Algorithm 9: exception-free doubling, a = 0 (6M + 2S + 1m_3b + 9a).
fn proj_double_a0<A: Arith>(o: &A, p: [&A::E; 3]) -> [A::E; 3] {
    let b3 = o.b3();
    let [x, y, z] = p;
    let t0 = o.square(y); // 1
    let z3 = o.double(&o.double(&o.double(&t0))); // 2-4
    let t1 = o.mul(y, z); // 5
    let t2 = o.mul(&b3, &o.square(z)); // 6-7
    let x3 = o.mul(&t2, &z3); // 8
    let y3 = o.add(&t0, &t2); // 9
    let z3 = o.mul(&t1, &z3); // 10
    let t2 = triple(o, &t2); // 11-12
    let t0 = o.sub(&t0, &t2); // 13
    let y3 = o.add(&x3, &o.mul(&t0, &y3)); // 14-15
    let x3 = o.double(&o.mul(&t0, &o.mul(x, y))); // 16-18
    [x3, y3, z3]
}

// ------------------------------------------------------------------ Jacobian

/// 2P by the composed formulas, every input (O and 2-torsion points give Z = 0).
///
/// For a = 0 and a = −3 the halved doubling: the result is 2P scaled by 1/2, i.e.
/// (X'/4 : Y'/8 : Z'/2) for the textbook 2P = (X' : Y' : Z') with M = 3X² + aZ⁴,
/// X' = M² − 8XY², Y' = M(4XY² − X') − 8Y⁴, Z' = 2YZ. With L = M/2 and T = XY²:
/// X₃ = L² − 2T, Y₃ = L(T − X₃) − Y⁴, Z₃ = YZ (the formula's doublings become one halving).
/// M/3 = X² for a = 0 (3M + 4S, six additions; `dbl-2009-l` needs fifteen) and
/// (X − Z²)(X + Z²) for a = −3 (4M + 4S, eight; `dbl-2001-b`'s 3M + 5S needs sixteen).
/// For generic a `dbl-2007-bl` (1M + 8S + 1·m_a).
#[inline(always)]
pub(crate) fn jac_double<A: Arith>(o: &A, p: [&A::E; 3]) -> [A::E; 3] {
    let [x, y, z] = p;
    match o.a_kind() {
        AKind::Zero | AKind::MinusThree => {
            let m3 = if o.a_kind() == AKind::Zero {
                o.square(x)
            } else {
                let zz = o.square(z);
                o.mul(&o.sub(x, &zz), &o.add(x, &zz))
            };
            let l = o.add(&m3, &o.halve(&m3));
            let yy = o.square(y);
            let t = o.mul(x, &yy);
            let x3 = o.sub(&o.square(&l), &o.double(&t));
            let y3 = o.mul_sub_sqr(&l, &o.sub(&t, &x3), &yy);
            let z3 = o.mul(y, z);
            [x3, y3, z3]
        }
        AKind::Generic => {
            let xx = o.square(x);
            let yy = o.square(y);
            let yyyy = o.square(&yy);
            let zz = o.square(z);
            let s = o.double(&o.sub(&o.sub(&o.square(&o.add(x, &yy)), &xx), &yyyy));
            let m = o.add(&triple(o, &xx), &o.mul(&o.a(), &o.square(&zz)));
            let x3 = o.sub(&o.square(&m), &o.double(&s));
            let y3 = o.sub(
                &o.mul(&m, &o.sub(&s, &x3)),
                &o.double(&o.double(&o.double(&yyyy))),
            );
            let z3 = o.sub(&o.sub(&o.square(&o.add(y, z)), &yy), &zz);
            [x3, y3, z3]
        }
    }
}

/// \[2ⁿ\]P for generic a (public n ≥ 1): paper 002 §4.2's repeated doubling, keeping
/// W = aZ⁴ across steps. Per step X², Y², Y⁴, M² (4S) and X·Y², M·(S − X'), Y·Z, T·W (4M),
/// with M = 3X² + W, S = 4XY², T = 8Y⁴, X' = M² − 2S, Y' = M(S − X') − T, Z' = 2YZ,
/// W' = 2T·W (= a·Z'⁴). Constant time in P. (For a = 0 and a = −3 the halved single
/// doublings are at least as cheap, and the callers repeat [`jac_double`].)
pub(crate) fn jac_double_n_generic<A: Arith>(o: &A, p: [&A::E; 3], n: usize) -> [A::E; 3] {
    let (mut x, mut y, mut z) = (*p[0], *p[1], *p[2]);
    let mut w = o.mul(&o.a(), &o.square(&o.square(&z))); // W = aZ⁴
    for i in 0..n {
        let xx = o.square(&x); // S
        let yy = o.square(&y); // S
        let yyyy = o.square(&yy); // S
        let m = o.add(&triple(o, &xx), &w);
        let s = o.double(&o.double(&o.mul(&x, &yy))); // M
        let t = o.double(&o.double(&o.double(&yyyy)));
        let x3 = o.sub(&o.square(&m), &o.double(&s)); // S
        let y3 = o.sub(&o.mul(&m, &o.sub(&s, &x3)), &t); // M
        let z3 = o.double(&o.mul(&y, &z)); // M
        if i + 1 < n {
            w = o.double(&o.mul(&t, &w)); // M (not needed after the last step)
        }
        x = x3;
        y = y3;
        z = z3;
    }
    [x, y, z]
}

/// P + Q by `add-2007-bl` (11M + 5S) without exceptional-case handling, with the flag
/// "H = 0 and R = 0" (P = Q, both finite: the formula degenerates and the caller must double).
/// Correct when P ≠ ±Q and neither is O; P = −Q gives Z₃ = 0, also correct.
#[inline(always)]
pub(crate) fn jac_add_unchecked<A: Arith>(
    o: &A,
    p: [&A::E; 3],
    q: [&A::E; 3],
) -> ([A::E; 3], Choice) {
    let [x1, y1, z1] = p;
    let [x2, y2, z2] = q;
    let z1z1 = o.square(z1);
    let z2z2 = o.square(z2);
    let u1 = o.mul(x1, &z2z2);
    let u2 = o.mul(x2, &z1z1);
    let s1 = o.mul(&o.mul(y1, z2), &z2z2);
    let s2 = o.mul(&o.mul(y2, z1), &z1z1);
    let h = o.sub(&u2, &u1);
    let rr = o.sub(&s2, &s1);
    let i = o.square(&o.double(&h));
    let j = o.mul(&h, &i);
    let r = o.double(&rr);
    let v = o.mul(&u1, &i);
    let x3 = o.sub(&o.sub(&o.square(&r), &j), &o.double(&v));
    let y3 = o.sub(&o.mul(&r, &o.sub(&v, &x3)), &o.double(&o.mul(&s1, &j)));
    let z3 = o.mul(&o.sub(&o.sub(&o.square(&o.add(z1, z2)), &z1z1), &z2z2), &h);
    ([x3, y3, z3], o.is_zero(&h) & o.is_zero(&rr))
}

/// P + (x₂, y₂) for a finite affine point by the textbook mixed addition (8M + 3S), without
/// exceptional-case handling: (P + Q, H, R) with H = x₂Z₁² − X₁, R = y₂Z₁³ − Y₁,
/// X₃ = R² − H³ − 2X₁H², Y₃ = R(X₁H² − X₃) − Y₁H³, Z₃ = Z₁H (H = R = 0: P = Q).
#[inline(always)]
pub(crate) fn jac_add_affine_unchecked<A: Arith>(
    o: &A,
    p: [&A::E; 3],
    q: [&A::E; 2],
) -> ([A::E; 3], A::E, A::E) {
    let [x1, y1, z1] = p;
    let [x2, y2] = q;
    let z1z1 = o.square(z1);
    let u2 = o.mul(x2, &z1z1);
    let s2 = o.mul(&o.mul(y2, z1), &z1z1);
    let h = o.sub(&u2, x1);
    let r = o.sub(&s2, y1);
    let hh = o.square(&h);
    let hhh = o.mul(&h, &hh);
    let v = o.mul(x1, &hh);
    let x3 = o.sub(&o.sub(&o.square(&r), &hhh), &o.double(&v));
    let y3 = o.mul_sub_mul(&r, &o.sub(&v, &x3), y1, &hhh);
    let z3 = o.mul(z1, &h);
    ([x3, y3, z3], h, r)
}

//! The BLS12-381 targets of the simplified SWU map (RFC 9380 §6.6.2, run by
//! [`hayate_ec::hash_to_curve::sswu`]) and their `sqrt_ratio` (Appendix F.2.1).
//!
//! BLS12-381's curves have A = 0, so (§6.6.3, §8.8) the map targets isogenous curves
//! E': y² = x³ + A'x + B' with A'·B' ≠ 0:
//! * G1: E1' over Fp (11-isogenous to E1), Z = 11 (§8.8.1);
//! * G2: E2' over Fp2, A' = 240·u, B' = 1012·(1 + u) (3-isogenous to E2), Z = −(2 + u) (§8.8.2).
//!
//! Everything is constant time: no branch or index depends on u. `sqrt_ratio` for Fp is
//! Appendix F.2.1.2 (p ≡ 3 mod 4, one exponentiation); for Fp2 it reduces to two
//! exponentiations in Fp through the norm (see [`G2Iso`]'s `sqrt_ratio`) in place of
//! F.2.1.1's exponentiation in Fp2; neither needs an inversion. The exponentiations (all by
//! the public constant (p − 3)/4) use a fixed sliding window of 5 bits ([`pow_public`]: 379
//! squarings and about 70 multiplications instead of about 190 by square-and-multiply), and
//! the `_many` functions run the exponentiations of many maps together
//! ([`hayate_arith::batch_pow`]).

use alloc::vec::Vec;
use subtle::{Choice, ConditionallySelectable, ConstantTimeEq};

use crate::bls12_381::{Fp, Fp2};
use hayate_ec::hash_to_curve::sswu::{
    self as swu, sqrt_ratio_3mod4_base, sqrt_ratio_3mod4_finish, SswuState,
};
pub use hayate_ec::hash_to_curve::sswu::{
    map_to_curve_simple_swu, map_to_curve_simple_swu_frac, Sgn0, SswuParams,
};
use hayate_ec::Field;

/// E1' of RFC 9380 §8.8.1.
#[derive(Debug)]
pub struct G1Iso;
impl G1Iso {
    /// A'.
    pub const A: Fp = Fp::from_hex_const(
        "144698a3b8e9433d693a02c96d4982b0ea985383ee66a8d8e8981aefd881ac98936f8da0e0f97f5cf428082d584c1d",
    );
    /// B'.
    pub const B: Fp = Fp::from_hex_const(
        "12e2908d11688030018b12e8753eee3b2016c1f0f24f4070a0b9c14fcef35ef55a23215a316ceaa5d1cc48e98e172be0",
    );
    /// Z = 11.
    pub const Z: Fp = Fp::from_hex_const("0b");
}

impl SswuParams for G1Iso {
    type F = Fp;
    fn a() -> Fp {
        Self::A
    }
    fn b() -> Fp {
        Self::B
    }
    fn z() -> Fp {
        Self::Z
    }
    /// Appendix F.2.1.2 (q ≡ 3 mod 4), Z = 11.
    fn sqrt_ratio(u: &Fp, v: &Fp) -> (Choice, Fp) {
        swu::sqrt_ratio_3mod4(u, v, &SQRT_MINUS_Z_G1, pow_p_minus_3_over_4)
    }
}

/// E2' of RFC 9380 §8.8.2.
#[derive(Debug)]
pub struct G2Iso;
impl G2Iso {
    /// A' = 240·u.
    pub const A: Fp2 = Fp2::from_hex_const("00", "f0");
    /// B' = 1012·(1 + u).
    pub const B: Fp2 = Fp2::from_hex_const("03f4", "03f4");
    /// Z = −(2 + u) = (p − 2) + (p − 1)·u.
    pub const Z: Fp2 = Fp2::from_hex_const(
        "1a0111ea397fe69a4b1ba7b6434bacd764774b84f38512bf6730d2a0f6b0f6241eabfffeb153ffffb9feffffffffaaa9",
        "1a0111ea397fe69a4b1ba7b6434bacd764774b84f38512bf6730d2a0f6b0f6241eabfffeb153ffffb9feffffffffaaaa",
    );
}

/// x^e for a **public constant** exponent e (little-endian limbs) by a sliding window of up to
/// 5 bits over the odd powers x, x³, …, x³¹ (Bos–Coster / HMV Alg. 2.14 style): ≈ log₂e
/// squarings + log₂e/6 multiplications instead of the log₂e/2 of square-and-multiply. The
/// sequence of squarings, multiplications and table indices is a function of e alone, so the
/// time does not depend on x (as required for the RFC 9380 straight-line map, whose input u is
/// the hash of a possibly secret message).
pub fn pow_public<F: Field>(x: &F, e: &[u64]) -> F {
    // the schedule of hayate_arith::batch_pow (the same window rule, shared with the lanes)
    hayate_arith::batch_pow::Schedule::new(e).apply(x)
}

/// √(−Z) = √(−11) in Fp (either root; Appendix F.2.1.2's c2).
const SQRT_MINUS_Z_G1: Fp = Fp::from_hex_const(
    "04610e003bd3ac94dfa9246c390d7a78942602029175a4ca366d601f33f3946e3ed39794735c38315d874bc1d70637c3",
);

/// c2 = (p² − 1)/2³ (Appendix F.2.1.1's c2 for q = p²), a 758-bit public exponent kept for
/// the tests of [`pow_public`].
pub const FP2_C2: [u64; 12] = [
    0x64d54000038e31c7,
    0xaf9dad63aec705d5,
    0x62c586706c42279f,
    0x2cd7f23da7ce36e8,
    0x6525d0b50e123409,
    0x23ad0c3390c30b8f,
    0xdea62926612f1de0,
    0x0a14c59fa2dbb94d,
    0x8cdcb3c92693d17a,
    0x3c5b921ca1ce08d6,
    0xe97a4f1d5445e4bd,
    0x005486f497186bf8,
];

/// [`pow_public`]'s window schedule for (p − 3)/4, built once.
fn schedule_p_minus_3_over_4() -> &'static hayate_arith::batch_pow::Schedule {
    static S: hayate_arith::once::OnceBox<hayate_arith::batch_pow::Schedule> =
        hayate_arith::once::OnceBox::new();
    S.get_or_init(|| hayate_arith::batch_pow::Schedule::new(&Fp::P_MINUS_3_OVER_4))
}

/// x^((p − 3)/4) in Fp by [`pow_public`]'s window schedule.
fn pow_p_minus_3_over_4(x: &Fp) -> Fp {
    schedule_p_minus_3_over_4().apply(x)
}

/// √(−5) in Fp, computed once: 5 = N(Z) for the G2 suite's Z = −(2 + u), and −5 is a square
/// because −1 and 5 are both non-squares (p ≡ 3 mod 4; Z is a non-square in Fp2, so its norm
/// is a non-square in Fp).
fn sqrt_minus_5() -> Fp {
    static C: hayate_arith::once::OnceBox<Fp> = hayate_arith::once::OnceBox::new();
    *C.get_or_init(|| {
        let m5 = -Fp::from_u64(5);
        pow_p_minus_3_over_4(&m5) * m5 // (−5)^((p+1)/4)
    })
}

impl SswuParams for G2Iso {
    type F = Fp2;
    fn a() -> Fp2 {
        Self::A
    }
    fn b() -> Fp2 {
        Self::B
    }
    fn z() -> Fp2 {
        Self::Z
    }

    /// `sqrt_ratio(u, v)` for Fp2 = Fp(i), i² = −1, by two exponentiations in **Fp** (each
    /// by (p − 3)/4: 379 base-field squarings) instead of Appendix F.2.1.1's exponentiation
    /// in Fp2 (758 Fp2 squarings), and no inversion. With n = N(v) = v·v̄ ∈ Fp:
    ///
    /// 1. u/v is a square in Fp2 iff its norm is a square in Fp, i.e. iff m = N(u)·n is;
    ///    t = m^((p−3)/4) gives t²m = ±1 (or 0 for u = 0) and a root tm of ±m. Put u' = u if
    ///    u/v is a square, u' = Z·u otherwise (N(Z) = 5, and √(5m) = √(−5)·tm when t²m = −1),
    ///    so that s₁ = √(N(u')·n) is known.
    /// 2. u'/v = w/n² with w = u'·v̄·n, and s = n·s₁ = √(N(w)). Since (w + s)² = w·d with
    ///    d = 2(w₀ + s) ∈ Fp, √(u'/v) = (w + s)/√(n²d). The second exponentiation
    ///    r = (n²d)^((p−3)/4) is 1/√(n²d) when n²d is a square; otherwise r²·n²d = −1, then
    ///    (w + s)·r squares to −u'/v and −i·(w + s)·r is the root. d = 0 only if w₁ = 0 and
    ///    s = −w₀: then s is negated (d = 4w₀; w = 0 gives the root 0).
    ///
    /// The root returned may differ in sign from Appendix F.2.1.1's; the SSWU map fixes the
    /// sign with sgn0 (§6.6.2 steps 23–24), so the map's output is the same. The exponents
    /// are public and every data-dependent choice is a select: constant time.
    fn sqrt_ratio(u: &Fp2, v: &Fp2) -> (Choice, Fp2) {
        let (n, nu, m) = fp2_sqrt_ratio_first(u, v);
        let mid = fp2_sqrt_ratio_mid(u, v, n, nu, m, pow_p_minus_3_over_4(&m));
        let r = pow_p_minus_3_over_4(&mid.nd);
        fp2_sqrt_ratio_last(&mid, r)
    }
}

/// [`G2Iso`]'s `sqrt_ratio` before its first exponentiation: (n, N(u), m) with
/// n = N(v) and m = N(u)·n, the first base.
fn fp2_sqrt_ratio_first(u: &Fp2, v: &Fp2) -> (Fp, Fp, Fp) {
    let n = v.norm();
    let nu = u.norm();
    (n, nu, nu * n)
}

/// The Fp2 `sqrt_ratio` between its two exponentiations.
struct Fp2SqrtMid {
    is_qr: Choice,
    w: Fp2,
    s: Fp,
    /// n²d, the second base.
    nd: Fp,
}

/// Step 1 and 2 of [`G2Iso`]'s `sqrt_ratio` given t = m^((p−3)/4).
fn fp2_sqrt_ratio_mid(u: &Fp2, v: &Fp2, n: Fp, nu: Fp, m: Fp, t: Fp) -> Fp2SqrtMid {
    let tm = t * m;
    let is_qr = (tm * t).ct_eq(&Fp::ONE) | nu.is_zero();
    let u1 = Fp2::conditional_select(&(G2Iso::Z * *u), u, is_qr);
    let s1 = Fp::conditional_select(&(tm * sqrt_minus_5()), &tm, is_qr);
    let s = n * s1;
    let w = (u1 * v.conjugate()).mul_by_base(&n);
    let d_plus = (w.c0 + s).double();
    let flip = d_plus.is_zero();
    let s = Fp::conditional_select(&s, &(-s), flip);
    let d = Fp::conditional_select(&d_plus, &(w.c0 + s).double(), flip);
    Fp2SqrtMid {
        is_qr,
        w,
        s,
        nd: n.square() * d,
    }
}

/// The end of [`G2Iso`]'s `sqrt_ratio` given r = (n²d)^((p−3)/4).
fn fp2_sqrt_ratio_last(mid: &Fp2SqrtMid, r: Fp) -> (Choice, Fp2) {
    let is_sq = (r.square() * mid.nd).ct_eq(&Fp::ONE);
    let y = Fp2::new(mid.w.c0 + mid.s, mid.w.c1).mul_by_base(&r);
    let y_rot = Fp2::new(y.c1, -y.c0); // −i·y
    (mid.is_qr, Fp2::conditional_select(&y_rot, &y, is_sq))
}

/// x^((p − 3)/4) of every x, computed together ([`hayate_arith::batch_pow`]: in AVX-512 IFMA
/// lanes where the CPU has them, one at a time otherwise; the same window schedule as
/// [`pow_p_minus_3_over_4`], so constant time either way).
fn pow_p_minus_3_over_4_many(xs: &[Fp]) -> Vec<Fp> {
    hayate_arith::batch_pow::pow_many_with(xs, schedule_p_minus_3_over_4(), true)
}

/// [`map_to_curve_simple_swu`] onto E1' of many inputs, as affine (x, y): the values of
/// [`map_to_curve_g1_iso_frac`] with x = x_num/x_den, the exponentiations of their
/// `sqrt_ratio`s computed together ([`hayate_arith::batch_pow`]: eight per AVX-512 IFMA
/// instruction stream where the CPU has it; the same fixed window, so still constant time),
/// and 1/x_den from that exponentiation instead of an inversion. With v = x_den³ the denominator and
/// u the numerator of g(x₁) (F.2.1.2's inputs), A = u·v³ and w = A^((p−3)/4):
/// w²·A = A^((p−1)/2) = ±1, so 1/A = (w²·A)·w² and 1/x_den = x_den²·u·v²/A (four squarings
/// and five products per input). A ≠ 0 always: v ≠ 0 (x_den = tv4 ≠ 0), and u = 0 would make
/// x₁ a root of x³ + A′x + B′, which has none in Fp (E1' has no point of order 2; checked by
/// the tests).
pub fn map_to_curve_g1_iso_many(us: &[Fp]) -> Vec<(Fp, Fp)> {
    let states: Vec<SswuState<Fp>> = us.iter().map(swu::sswu_prepare::<G1Iso>).collect();
    let pre: Vec<(Fp, Fp)> = states
        .iter()
        .map(|st| sqrt_ratio_3mod4_base(&st.gx_num, &st.gx_den))
        .collect();
    let bases: Vec<Fp> = pre.iter().map(|(b, _)| *b).collect();
    let pw = pow_p_minus_3_over_4_many(&bases);
    us.iter()
        .zip(&states)
        .zip(pre.iter().zip(&pw))
        .map(|((u, st), ((a, tv2), w))| {
            let r = sqrt_ratio_3mod4_finish(&st.gx_num, &st.gx_den, w, tv2, &SQRT_MINUS_Z_G1);
            let (x_num, x_den, y) = swu::sswu_finish::<G1Iso>(u, st, r);
            let w2 = w.square();
            let inv_a = w2 * *a * w2;
            let inv_den = x_den.square() * st.gx_num * st.gx_den.square() * inv_a;
            (x_num * inv_den, y)
        })
        .collect()
}

/// [`map_to_curve_g2_iso_frac`] of many inputs: the same values, with the two exponentiations
/// of every `sqrt_ratio` computed together across the inputs (two passes of
/// [`hayate_arith::batch_pow`], eight per AVX-512 IFMA instruction stream where the CPU has it;
/// the same fixed window, so still constant time).
pub fn map_to_curve_g2_iso_frac_many(us: &[Fp2]) -> Vec<(Fp2, Fp2, Fp2)> {
    let states: Vec<SswuState<Fp2>> = us.iter().map(swu::sswu_prepare::<G2Iso>).collect();
    let firsts: Vec<(Fp, Fp, Fp)> = states
        .iter()
        .map(|st| fp2_sqrt_ratio_first(&st.gx_num, &st.gx_den))
        .collect();
    let ms: Vec<Fp> = firsts.iter().map(|f| f.2).collect();
    let ts = pow_p_minus_3_over_4_many(&ms);
    let mids: Vec<Fp2SqrtMid> = states
        .iter()
        .zip(&firsts)
        .zip(&ts)
        .map(|((st, &(n, nu, m)), &t)| fp2_sqrt_ratio_mid(&st.gx_num, &st.gx_den, n, nu, m, t))
        .collect();
    let nds: Vec<Fp> = mids.iter().map(|m| m.nd).collect();
    let rs = pow_p_minus_3_over_4_many(&nds);
    us.iter()
        .zip(&states)
        .zip(mids.iter().zip(&rs))
        .map(|((u, st), (mid, &r))| swu::sswu_finish::<G2Iso>(u, st, fp2_sqrt_ratio_last(mid, r)))
        .collect()
}

/// SSWU onto E1' (G1), affine.
pub fn map_to_curve_g1_iso(u: &Fp) -> (Fp, Fp) {
    map_to_curve_simple_swu::<G1Iso>(u)
}

/// SSWU onto E1' (G1) as (x_num, x_den, y).
pub fn map_to_curve_g1_iso_frac(u: &Fp) -> (Fp, Fp, Fp) {
    map_to_curve_simple_swu_frac::<G1Iso>(u)
}

/// SSWU onto E2' (G2) as (x_num, x_den, y).
pub fn map_to_curve_g2_iso_frac(u: &Fp2) -> (Fp2, Fp2, Fp2) {
    map_to_curve_simple_swu_frac::<G2Iso>(u)
}

/// SSWU onto E2' (G2), affine.
pub fn map_to_curve_g2_iso(u: &Fp2) -> (Fp2, Fp2) {
    map_to_curve_simple_swu::<G2Iso>(u)
}

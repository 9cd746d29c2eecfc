//! The simplified Shallue–van de Woestijne–Ulas map — RFC 9380 §6.6.2 (straight-line
//! `map_to_curve_simple_swu`), with `sqrt_ratio` from Appendix F.2.1.
//!
//! BLS12-381's curves have A = 0, so (§6.6.3, §8.8) the map targets isogenous curves
//! E': y² = x³ + A'x + B' with A'·B' ≠ 0:
//! * G1: E1' over Fp (11-isogenous to E1), Z = 11 (§8.8.1);
//! * G2: E2' over Fp2, A' = 240·u, B' = 1012·(1 + u) (3-isogenous to E2), Z = −(2 + u) (§8.8.2).
//!
//! Everything is constant time: no branch or index depends on u. `sqrt_ratio` for Fp is
//! Appendix F.2.1.2 (p ≡ 3 mod 4, one exponentiation); for Fp2 it reduces to two
//! exponentiations in Fp through the norm (see `<Fp2 as SswuField>::sqrt_ratio`) in place of
//! F.2.1.1's exponentiation in Fp2; neither needs an inversion. The exponentiations (all by
//! the public constant (p − 3)/4) use a fixed sliding window of 5 bits ([`pow_public`]: 379
//! squarings and about 70 multiplications instead of about 190 by square-and-multiply).
//! [`map_to_curve_simple_swu_frac`] stops before the final division so the isogeny can be
//! evaluated projectively.

use subtle::{Choice, ConditionallySelectable, ConstantTimeEq};

use crate::bls12_381::{Fp, Fp2};
use hayate_ec::Field;

/// The field operations the SSWU map needs beyond [`Field`].
pub trait SswuField: Field {
    /// RFC 9380 §4.1 `sgn0`.
    fn sgn0(&self) -> Choice;
    /// RFC 9380 Appendix F.2.1 `sqrt_ratio(u, v)` for this suite's Z: (true, √(u/v)) if u/v is
    /// a square, else (false, √(Z·u/v)). For v = 0 it returns (u = 0, 0·…); the SSWU map never
    /// calls it with v = 0.
    fn sqrt_ratio(u: &Self, v: &Self) -> (Choice, Self);
}

/// Parameters of one SSWU target curve E': y² = x³ + A'x + B'.
pub trait SswuParams {
    type F: SswuField;
    const A: Self::F;
    const B: Self::F;
    const Z: Self::F;
}

/// E1' of RFC 9380 §8.8.1.
pub struct G1Iso;
impl SswuParams for G1Iso {
    type F = Fp;
    const A: Fp = Fp::from_hex_const(
        "144698a3b8e9433d693a02c96d4982b0ea985383ee66a8d8e8981aefd881ac98936f8da0e0f97f5cf428082d584c1d",
    );
    const B: Fp = Fp::from_hex_const(
        "12e2908d11688030018b12e8753eee3b2016c1f0f24f4070a0b9c14fcef35ef55a23215a316ceaa5d1cc48e98e172be0",
    );
    const Z: Fp = Fp::from_hex_const("0b");
}

/// E2' of RFC 9380 §8.8.2.
pub struct G2Iso;
impl SswuParams for G2Iso {
    type F = Fp2;
    const A: Fp2 = Fp2::from_hex_const("00", "f0"); // 240·u
    const B: Fp2 = Fp2::from_hex_const("03f4", "03f4"); // 1012·(1 + u)
                                                        // Z = −(2 + u) = (p − 2) + (p − 1)·u
    const Z: Fp2 = Fp2::from_hex_const(
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

impl SswuField for Fp {
    fn sgn0(&self) -> Choice {
        self.is_odd()
    }

    /// Appendix F.2.1.2 (q ≡ 3 mod 4), Z = 11.
    fn sqrt_ratio(u: &Self, v: &Self) -> (Choice, Self) {
        let (base, tv2) = fp_sqrt_ratio_base(u, v);
        fp_sqrt_ratio_finish(u, v, &pow_p_minus_3_over_4(&base), &tv2)
    }
}

/// F.2.1.2 steps 1–3 for Fp: (u·v³, u·v); the one exponentiation is (u·v³)^((p − 3)/4).
fn fp_sqrt_ratio_base(u: &Fp, v: &Fp) -> (Fp, Fp) {
    let tv2 = *u * *v; // u·v
    (v.square() * tv2, tv2) // u·v³
}

/// F.2.1.2 after the exponentiation `pw` = (u·v³)^((p − 3)/4).
fn fp_sqrt_ratio_finish(u: &Fp, v: &Fp, pw: &Fp, tv2: &Fp) -> (Choice, Fp) {
    let y1 = *pw * *tv2; // (u·v³)^c1 · u·v
    let y2 = y1 * SQRT_MINUS_Z_G1;
    let tv3 = y1.square() * *v;
    let is_qr = tv3.ct_eq(u);
    (is_qr, Fp::conditional_select(&y2, &y1, is_qr))
}

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
    static S: std::sync::OnceLock<hayate_arith::batch_pow::Schedule> = std::sync::OnceLock::new();
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
    static C: std::sync::OnceLock<Fp> = std::sync::OnceLock::new();
    *C.get_or_init(|| {
        let m5 = -Fp::from_u64(5);
        pow_p_minus_3_over_4(&m5) * m5 // (−5)^((p+1)/4)
    })
}

impl SswuField for Fp2 {
    fn sgn0(&self) -> Choice {
        Fp2::sgn0(self)
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
    fn sqrt_ratio(u: &Self, v: &Self) -> (Choice, Self) {
        let (n, nu, m) = fp2_sqrt_ratio_first(u, v);
        let mid = fp2_sqrt_ratio_mid(u, v, n, nu, m, pow_p_minus_3_over_4(&m));
        let r = pow_p_minus_3_over_4(&mid.nd);
        fp2_sqrt_ratio_last(&mid, r)
    }
}

/// [`<Fp2 as SswuField>::sqrt_ratio`] before its first exponentiation: (n, N(u), m) with
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

/// Step 1 and 2 of [`<Fp2 as SswuField>::sqrt_ratio`] given t = m^((p−3)/4).
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

/// The end of [`<Fp2 as SswuField>::sqrt_ratio`] given r = (n²d)^((p−3)/4).
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

/// `map_to_curve_simple_swu(u)` without its final division (steps 1–24 of §6.6.2): returns
/// (x_num, x_den, y) with x = x_num / x_den (x_den = tv4 ≠ 0), for callers that continue in
/// projective coordinates.
pub fn map_to_curve_simple_swu_frac<S: SswuParams>(u: &S::F) -> (S::F, S::F, S::F) {
    let st = swu_steps_1_17::<S>(u);
    let r = S::F::sqrt_ratio(&st.gx_num, &st.gx_den); // 18
    swu_steps_19_24::<S>(u, &st, r)
}

/// The state of §6.6.2 after step 17: tv1, tv3, tv4 (= x_den), x, and g(x₁) = tv2 / tv6.
struct SwuState<F> {
    tv1: F,
    tv3: F,
    tv4: F,
    x: F,
    gx_num: F,
    gx_den: F,
}

/// §6.6.2 steps 1–17.
fn swu_steps_1_17<S: SswuParams>(u: &S::F) -> SwuState<S::F> {
    let (a, b, z) = (S::A, S::B, S::Z);
    let one = <S::F as Field>::ONE;
    let mut tv1 = u.square(); // 1
    tv1 = z * tv1; // 2
    let mut tv2 = tv1.square(); // 3
    tv2 += tv1; // 4
    let mut tv3 = tv2 + one; // 5
    tv3 = b * tv3; // 6
    let mut tv4 = S::F::conditional_select(&z, &(-tv2), !tv2.is_zero()); // 7
    tv4 = a * tv4; // 8
    tv2 = tv3.square(); // 9
    let mut tv6 = tv4.square(); // 10
    let mut tv5 = a * tv6; // 11
    tv2 += tv5; // 12
    tv2 *= tv3; // 13
    tv6 *= tv4; // 14
    tv5 = b * tv6; // 15
    tv2 += tv5; // 16
    let x = tv1 * tv3; // 17
    SwuState {
        tv1,
        tv3,
        tv4,
        x,
        gx_num: tv2,
        gx_den: tv6,
    }
}

/// §6.6.2 steps 19–24, given step 18's (is_gx1_square, y1) = sqrt_ratio(tv2, tv6).
fn swu_steps_19_24<S: SswuParams>(
    u: &S::F,
    st: &SwuState<S::F>,
    (is_gx1_square, y1): (Choice, S::F),
) -> (S::F, S::F, S::F) {
    let mut y = st.tv1 * *u; // 19
    y *= y1; // 20
    let x = S::F::conditional_select(&st.x, &st.tv3, is_gx1_square); // 21
    y = S::F::conditional_select(&y, &y1, is_gx1_square); // 22
    let e1 = !(u.sgn0() ^ y.sgn0()); // 23
    y = S::F::conditional_select(&(-y), &y, e1); // 24
    (x, st.tv4, y)
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
    let states: Vec<SwuState<Fp>> = us.iter().map(swu_steps_1_17::<G1Iso>).collect();
    let pre: Vec<(Fp, Fp)> = states
        .iter()
        .map(|st| fp_sqrt_ratio_base(&st.gx_num, &st.gx_den))
        .collect();
    let bases: Vec<Fp> = pre.iter().map(|(b, _)| *b).collect();
    let pw = pow_p_minus_3_over_4_many(&bases);
    us.iter()
        .zip(&states)
        .zip(pre.iter().zip(&pw))
        .map(|((u, st), ((a, tv2), w))| {
            let r = fp_sqrt_ratio_finish(&st.gx_num, &st.gx_den, w, tv2);
            let (x_num, x_den, y) = swu_steps_19_24::<G1Iso>(u, st, r);
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
    let states: Vec<SwuState<Fp2>> = us.iter().map(swu_steps_1_17::<G2Iso>).collect();
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
        .map(|((u, st), (mid, &r))| swu_steps_19_24::<G2Iso>(u, st, fp2_sqrt_ratio_last(mid, r)))
        .collect()
}

/// `map_to_curve_simple_swu(u)` (RFC 9380 §6.6.2 straight-line version): a point (x, y) of E'.
pub fn map_to_curve_simple_swu<S: SswuParams>(u: &S::F) -> (S::F, S::F) {
    let (x_num, x_den, y) = map_to_curve_simple_swu_frac::<S>(u);
    // 25: tv4 = A'·(Z or −tv2) ≠ 0 (A' ≠ 0, Z ≠ 0, and tv2 ≠ 0 when selected)
    (x_num * x_den.invert().unwrap_or(<S::F as Field>::ZERO), y)
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

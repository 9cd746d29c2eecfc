//! The simplified Shallue–van de Woestijne–Ulas map of RFC 9380 §6.6.2, straight-line version,
//! generic over the target curve E': y² = x³ + A'x + B' (A'·B' ≠ 0) and its field.
//!
//! This is the one SSWU map of the workspace: the NIST and secp256k1 suites of
//! [`super`] and the BLS12-381 suites of `hayate-pairing` (E1' over Fp, E2' over Fp2) both run
//! it; a suite supplies [`SswuParams`] (A', B', Z and `sqrt_ratio`).
//!
//! * [`map_to_curve_simple_swu_frac`] is §6.6.2 steps 1–24: (x_num, x_den, y) with
//!   x = x_num/x_den, so that a caller can go on in projective coordinates (an isogeny
//!   evaluated homogeneously, [`super::iso`]) without the inversion of step 25;
//!   [`map_to_curve_simple_swu`] adds it.
//! * [`SswuState`] with [`sswu_prepare`] (steps 1–17) and [`sswu_finish`] (steps 19–24) are
//!   the two halves around step 18's `sqrt_ratio`, for callers that batch the exponentiations
//!   of many maps.
//! * [`sqrt_ratio_3mod4`] is Appendix F.2.1.2 (q ≡ 3 mod 4: one exponentiation by (q − 3)/4,
//!   no inversion), split as [`sqrt_ratio_3mod4_base`] / [`sqrt_ratio_3mod4_finish`] around
//!   that exponentiation.
//!
//! Constant time in u: no branch or index depends on u or on any intermediate value; every
//! choice is a `subtle` select, the exponents are public constants.

use subtle::{Choice, ConditionallySelectable};

use crate::Field;

/// RFC 9380 §4.1 `sgn0` of a field element (the parity of its first non-zero coordinate).
pub trait Sgn0: Field {
    /// `sgn0(x)`, constant time.
    fn sgn0(&self) -> Choice;
}

impl<P: hayate_arith::FpParams<N>, const N: usize> Sgn0 for hayate_arith::Fp<P, N> {
    fn sgn0(&self) -> Choice {
        self.is_odd()
    }
}

impl<P: hayate_arith::TowerParams<N>, const N: usize> Sgn0 for hayate_arith::Fp2<P, N> {
    fn sgn0(&self) -> Choice {
        hayate_arith::Fp2::sgn0(self)
    }
}

/// One SSWU target: the curve E': y² = x³ + A'x + B' with A'·B' ≠ 0, the suite's Z (a
/// non-square meeting §6.6.2's criteria) and `sqrt_ratio` for that Z.
pub trait SswuParams {
    /// The field of E'.
    type F: Sgn0;
    /// A'.
    fn a() -> Self::F;
    /// B'.
    fn b() -> Self::F;
    /// Z.
    fn z() -> Self::F;
    /// RFC 9380 Appendix F.2.1 `sqrt_ratio(u, v)` (v ≠ 0): (true, √(u/v)) if u/v is a square,
    /// otherwise (false, √(Z·u/v)). Either root may be returned (the map fixes the sign with
    /// sgn0). Constant time.
    fn sqrt_ratio(u: &Self::F, v: &Self::F) -> (Choice, Self::F);
}

/// The state of §6.6.2 after step 17: tv1, tv3, tv4 (= x_den), x₁'s numerator, and
/// g(x₁) = `gx_num` / `gx_den` (the inputs of step 18's `sqrt_ratio`).
#[derive(Debug)]
pub struct SswuState<F> {
    tv1: F,
    tv3: F,
    /// tv4 = x_den (never zero: A' ≠ 0 and Z ≠ 0).
    pub tv4: F,
    x: F,
    /// tv2, the numerator of g(x₁).
    pub gx_num: F,
    /// tv6, the denominator of g(x₁).
    pub gx_den: F,
}

/// §6.6.2 steps 1–17.
pub fn sswu_prepare<S: SswuParams>(u: &S::F) -> SswuState<S::F> {
    let (a, b, z) = (S::a(), S::b(), S::z());
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
    SswuState {
        tv1,
        tv3,
        tv4,
        x,
        gx_num: tv2,
        gx_den: tv6,
    }
}

/// §6.6.2 steps 19–24, given step 18's (is_gx1_square, y1) = sqrt_ratio(gx_num, gx_den):
/// (x_num, x_den, y).
pub fn sswu_finish<S: SswuParams>(
    u: &S::F,
    st: &SswuState<S::F>,
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

/// `map_to_curve_simple_swu(u)` without its final division (steps 1–24): (x_num, x_den, y)
/// with x = x_num/x_den (x_den ≠ 0) and (x, y) on E'.
pub fn map_to_curve_simple_swu_frac<S: SswuParams>(u: &S::F) -> (S::F, S::F, S::F) {
    let st = sswu_prepare::<S>(u);
    let r = S::sqrt_ratio(&st.gx_num, &st.gx_den); // 18
    sswu_finish::<S>(u, &st, r)
}

/// `map_to_curve_simple_swu(u)` (RFC 9380 §6.6.2): a point (x, y) of E'.
pub fn map_to_curve_simple_swu<S: SswuParams>(u: &S::F) -> (S::F, S::F) {
    let (x_num, x_den, y) = map_to_curve_simple_swu_frac::<S>(u);
    // 25: x_den = tv4 = A'·(Z or −tv2) ≠ 0
    (x_num * x_den.invert().unwrap_or(<S::F as Field>::ZERO), y)
}

/// Appendix F.2.1.2 steps 1–3: (u·v³, u·v); the one exponentiation of `sqrt_ratio` is
/// (u·v³)^((q − 3)/4).
pub fn sqrt_ratio_3mod4_base<F: Field>(u: &F, v: &F) -> (F, F) {
    let tv2 = *u * *v;
    (v.square() * tv2, tv2)
}

/// Appendix F.2.1.2 after the exponentiation: `pw` = (u·v³)^((q − 3)/4), `tv2` = u·v (from
/// [`sqrt_ratio_3mod4_base`]), `c2` = √(−Z).
pub fn sqrt_ratio_3mod4_finish<F: Field>(u: &F, v: &F, pw: &F, tv2: &F, c2: &F) -> (Choice, F) {
    let y1 = *pw * *tv2;
    let y2 = y1 * *c2;
    let is_qr = (y1.square() * *v).ct_eq(u);
    (is_qr, F::conditional_select(&y2, &y1, is_qr))
}

/// `sqrt_ratio(u, v)` for q ≡ 3 (mod 4) (Appendix F.2.1.2), with `pow` computing
/// x^((q − 3)/4) (constant time in x) and `c2` = √(−Z).
pub fn sqrt_ratio_3mod4<F: Field>(u: &F, v: &F, c2: &F, pow: impl Fn(&F) -> F) -> (Choice, F) {
    let (base, tv2) = sqrt_ratio_3mod4_base(u, v);
    sqrt_ratio_3mod4_finish(u, v, &pow(&base), &tv2, c2)
}

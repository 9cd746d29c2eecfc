//! The simplified Shallue–van de Woestijne–Ulas map — RFC 9380 §6.6.2 (straight-line
//! `map_to_curve_simple_swu`), with `sqrt_ratio` from Appendix F.2.1.
//!
//! BLS12-381's curves have A = 0, so (§6.6.3, §8.8) the map targets isogenous curves
//! E': y² = x³ + A'x + B' with A'·B' ≠ 0:
//! * G1: E1' over Fp (11-isogenous to E1), Z = 11 (§8.8.1);
//! * G2: E2' over Fp2, A' = 240·u, B' = 1012·(1 + u) (3-isogenous to E2), Z = −(2 + u) (§8.8.2).
//!
//! Everything is constant time: no branch or index depends on u. `sqrt_ratio` for Fp
//! (p ≡ 3 mod 4) is the optimized Appendix F.2.1.2 routine (one exponentiation); for Fp2 it is
//! the straightforward constant-time version: r = u/v, pick r or Z·r by `is_square(r)` with a
//! select, and take one square root.

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

/// (p − 3)/4 for the BLS12-381 base field.
const P_MINUS_3_OVER_4: [u64; 6] = hayate_arith::limbs::shr(
    &hayate_arith::limbs::sub_small(&<hayate_arith::fields::Bls12381FpParams as hayate_arith::FpParams<6>>::MODULUS, 3),
    2,
);

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
        let tv1 = v.square(); // v²
        let tv2 = *u * *v; // u·v
        let tv1 = tv1 * tv2; // u·v³
        let y1 = tv1.pow_vartime(&P_MINUS_3_OVER_4) * tv2; // (u·v³)^c1 · u·v   (public exponent)
        let y2 = y1 * SQRT_MINUS_Z_G1;
        let tv3 = y1.square() * *v;
        let is_qr = tv3.ct_eq(u);
        (is_qr, Fp::conditional_select(&y2, &y1, is_qr))
    }
}

impl SswuField for Fp2 {
    fn sgn0(&self) -> Choice {
        Fp2::sgn0(self)
    }

    fn sqrt_ratio(u: &Self, v: &Self) -> (Choice, Self) {
        let r = *u * v.invert().unwrap_or(Fp2::ZERO);
        let is_qr = r.is_square();
        let t = Fp2::conditional_select(&(G2Iso::Z * r), &r, is_qr);
        // t is a square by construction (Z is a non-square), so the root always exists
        (is_qr, t.sqrt().unwrap_or(Fp2::ZERO))
    }
}

/// `map_to_curve_simple_swu(u)` (RFC 9380 §6.6.2 straight-line version): a point (x, y) of E'.
pub fn map_to_curve_simple_swu<S: SswuParams>(u: &S::F) -> (S::F, S::F) {
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
    let mut x = tv1 * tv3; // 17
    let (is_gx1_square, y1) = S::F::sqrt_ratio(&tv2, &tv6); // 18
    let mut y = tv1 * *u; // 19
    y *= y1; // 20
    x = S::F::conditional_select(&x, &tv3, is_gx1_square); // 21
    y = S::F::conditional_select(&y, &y1, is_gx1_square); // 22
    let e1 = !(u.sgn0() ^ y.sgn0()); // 23
    y = S::F::conditional_select(&(-y), &y, e1); // 24
    // 25: tv4 = A'·(Z or −tv2) ≠ 0 (A' ≠ 0, Z ≠ 0, and tv2 ≠ 0 when selected)
    x *= tv4.invert().unwrap_or(<S::F as Field>::ZERO);
    (x, y)
}

/// SSWU onto E1' (G1).
pub fn map_to_curve_g1_iso(u: &Fp) -> (Fp, Fp) {
    map_to_curve_simple_swu::<G1Iso>(u)
}

/// SSWU onto E2' (G2).
pub fn map_to_curve_g2_iso(u: &Fp2) -> (Fp2, Fp2) {
    map_to_curve_simple_swu::<G2Iso>(u)
}

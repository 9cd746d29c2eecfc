//! The simplified Shallue–van de Woestijne–Ulas map — RFC 9380 §6.6.2 (straight-line
//! `map_to_curve_simple_swu`), with `sqrt_ratio` from Appendix F.2.1.
//!
//! BLS12-381's curves have A = 0, so (§6.6.3, §8.8) the map targets isogenous curves
//! E': y² = x³ + A'x + B' with A'·B' ≠ 0:
//! * G1: E1' over Fp (11-isogenous to E1), Z = 11 (§8.8.1);
//! * G2: E2' over Fp2, A' = 240·u, B' = 1012·(1 + u) (3-isogenous to E2), Z = −(2 + u) (§8.8.2).
//!
//! Everything is constant time: no branch or index depends on u. `sqrt_ratio` is the
//! optimized routine of Appendix F.2.1: F.2.1.2 for Fp (p ≡ 3 mod 4, one exponentiation) and
//! the generic F.2.1.1 for Fp2 (q = p², one exponentiation plus a fixed two-step correction),
//! neither needing an inversion. The exponentiations by the public constants c1 / c3 use a
//! fixed sliding window of 5 bits ([`pow_public`]: for (p − 3)/4, 379 squarings and about 70
//! multiplications instead of about 190 by square-and-multiply). [`map_to_curve_simple_swu_frac`] stops before the final
//! division so the isogeny can be evaluated projectively.

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

/// (p − 3)/4 for the BLS12-381 base field.
const P_MINUS_3_OVER_4: [u64; 6] = hayate_arith::limbs::shr(
    &hayate_arith::limbs::sub_small(
        &<hayate_arith::fields::Bls12381FpParams as hayate_arith::FpParams<6>>::MODULUS,
        3,
    ),
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
        let (base, tv2) = fp_sqrt_ratio_base(u, v);
        fp_sqrt_ratio_finish(u, v, &pow_public(&base, &P_MINUS_3_OVER_4), &tv2)
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

/// F.2.1.1 constants for q = p² (q − 1 = 2³·c2, c2 odd): c3 = (c2 − 1)/2, little-endian limbs.
const FP2_C3: [u64; 12] = [
    0xb26aa00001c718e3,
    0xd7ced6b1d76382ea,
    0x3162c338362113cf,
    0x966bf91ed3e71b74,
    0xb292e85a87091a04,
    0x11d68619c86185c7,
    0xef53149330978ef0,
    0x050a62cfd16ddca6,
    0x466e59e49349e8bd,
    0x9e2dc90e50e7046b,
    0x74bd278eaa22f25e,
    0x002a437a4b8c35fc,
];
/// c2 = (p² − 1)/2³.
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
/// c1 = 3 (the 2-adicity of p² − 1).
const FP2_C1: u32 = 3;

/// (c6, c7) = (Z^c2, Z^((c2 + 1)/2)) for the G2 suite's Z, computed once.
fn fp2_sqrt_ratio_consts() -> &'static (Fp2, Fp2) {
    static C: std::sync::OnceLock<(Fp2, Fp2)> = std::sync::OnceLock::new();
    C.get_or_init(|| {
        let mut c2p1h = FP2_C3;
        c2p1h[0] += 1; // (c2 + 1)/2 = c3 + 1 (no carry: the low limb of c3 is not all ones)
        (G2Iso::Z.pow_vartime(&FP2_C2), G2Iso::Z.pow_vartime(&c2p1h))
    })
}

impl SswuField for Fp2 {
    fn sgn0(&self) -> Choice {
        Fp2::sgn0(self)
    }

    /// Appendix F.2.1.1 (any q; here q = p², c1 = 3): one exponentiation by c3 and a
    /// fixed-length Tonelli–Shanks-style correction loop, no inversion. The exponents are
    /// public; every data-dependent choice is a select.
    fn sqrt_ratio(u: &Self, v: &Self) -> (Choice, Self) {
        let (c6, c7) = *fp2_sqrt_ratio_consts();
        let mut tv1 = c6; // 1
        let v2 = v.square();
        let v3 = v2 * *v;
        let mut tv2 = v3 * v2.square(); // 2. v^c4 = v^7
        let mut tv3 = tv2.square(); // 3
        tv3 *= *v; // 4
        let mut tv5 = *u * tv3; // 5
        tv5 = pow_public(&tv5, &FP2_C3); // 6
        tv5 *= tv2; // 7
        tv2 = tv5 * *v; // 8
        tv3 = tv5 * *u; // 9
        let mut tv4 = tv3 * tv2; // 10
        tv5 = tv4.square().square(); // 11. tv4^c5, c5 = 2^(c1−1) = 4
        let is_qr = tv5.ct_eq(&Fp2::ONE); // 12
        tv2 = tv3 * c7; // 13
        tv5 = tv4 * tv1; // 14
        tv3 = Fp2::conditional_select(&tv2, &tv3, is_qr); // 15
        tv4 = Fp2::conditional_select(&tv5, &tv4, is_qr); // 16
        for k in (2..=FP2_C1).rev() {
            // 17
            let mut t = tv4; // 18–20: tv4^(2^(k−2))
            for _ in 0..(k - 2) {
                t = t.square();
            }
            let e1 = t.ct_eq(&Fp2::ONE); // 21
            tv2 = tv3 * tv1; // 22
            tv1 = tv1.square(); // 23
            tv5 = tv4 * tv1; // 24
            tv3 = Fp2::conditional_select(&tv2, &tv3, e1); // 25
            tv4 = Fp2::conditional_select(&tv5, &tv4, e1); // 26
        }
        (is_qr, tv3)
    }
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

/// [`map_to_curve_g1_iso_frac`] of many inputs: the same values, with the exponentiations of
/// their `sqrt_ratio`s computed together ([`hayate_arith::batch_pow`]: eight per AVX-512 IFMA
/// instruction stream where the CPU has it; the same fixed window, so still constant time).
pub fn map_to_curve_g1_iso_frac_many(us: &[Fp]) -> Vec<(Fp, Fp, Fp)> {
    let states: Vec<SwuState<Fp>> = us.iter().map(swu_steps_1_17::<G1Iso>).collect();
    let pre: Vec<(Fp, Fp)> = states
        .iter()
        .map(|st| fp_sqrt_ratio_base(&st.gx_num, &st.gx_den))
        .collect();
    let bases: Vec<Fp> = pre.iter().map(|(b, _)| *b).collect();
    let pw = hayate_arith::batch_pow::pow_public_many(&bases, &P_MINUS_3_OVER_4);
    us.iter()
        .zip(&states)
        .zip(pre.iter().zip(&pw))
        .map(|((u, st), ((_, tv2), w))| {
            let r = fp_sqrt_ratio_finish(&st.gx_num, &st.gx_den, w, tv2);
            swu_steps_19_24::<G1Iso>(u, st, r)
        })
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

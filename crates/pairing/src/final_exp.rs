//! Final exponentiation f ↦ f^((p¹²−1)/r), split as in paper 001:
//! easy part (p⁶−1)(p²+1) (one inversion, conjugation, one Frobenius), then the hard part
//! (p⁴−p²+1)/r inside the cyclotomic subgroup G_Φ6(p²), where squarings are Granger–Scott
//! [`Fp12::cyclotomic_square`] and inverses are conjugates.
//!
//! * BN: (p⁴−p²+1)/r = λ₀ + λ₁p + λ₂p² + λ₃p³ with λ₃ = 1, λ₂ = 6z²+1,
//!   λ₁ = −36z³−18z²−12z+1, λ₀ = −36z³−30z²−18z−2 (Scott et al., Pairing 2009). With
//!   a = f^z, b = a^z, c = b^z (three exponentiations by z), the result is
//!   f^(−2+p+p²+p³) · a^(−18−12p) · b^(−30−18p+6p²) · (c·c^p)^(−36) — exactly (p⁴−p²+1)/r —
//!   evaluated with Scott et al.'s vectorial addition chain (13 multiplications, 4 cyclotomic
//!   squarings, 7 Frobenius maps besides the three exponentiations).
//! * BLS12: 3·(p⁴−p²+1)/r = (z−1)²(z+p)(z²+p²−1) + 3 (Hayashida–Hayasaka–Teruya 2020), computed
//!   with five exponentiations by z. **The BLS12 pairing is therefore e(P,Q)³** for the textbook
//!   e; since gcd(3, r) = 1 it is an equally valid non-degenerate bilinear pairing (the reference
//!   test compares against the textbook value cubed).

use hayate_arith::Fp12;

use crate::engine::{naf, wnaf, Family, PairingCurve};

/// f^z in the cyclotomic subgroup (z signed); negative digits use conjugation. z of the papers'
/// curve and of BLS12-381 are sparse (NAF weight 3 and 6): their squarings run in Karabina's
/// compressed form ([`Fp12::cyclotomic_exp_compressed_vartime`], one batch decompression for the
/// non-zero digits). alt_bn128's z is not (NAF weight 24): a windowed NAF with Granger–Scott
/// squarings, the window (1 = plain NAF, up to 4) chosen to minimise multiplications (width-4
/// NAF weight 13 + 3 for the table).
///
/// What runs where (x86-64 with BMI2/ADX, the kernel tower shapes of BLS12-381 and
/// bn254-beuchat): each run of compressed squarings between two non-zero digits is one call of
/// the one-block compressed-squaring kernel (`hayate_arith::backend::compressed_sqr`, the run
/// length a loop count inside the block); the Granger–Scott squarings of the hard part are the
/// one-block `cyclo_sqr` kernel; the decompression and the Fp12 products are the composed
/// tower code (Fp12 products: `fp12_lazy`). Elsewhere (alt_bn128's tower, other CPUs) the
/// portable compositions of Fp4 squarings.
pub fn exp_by_z<E: PairingCurve<N>, const N: usize>(f: &Fp12<E::Fp, N>) -> Fp12<E::Fp, N> {
    let z = E::Z_ABS as u128;
    // minimal weight (the NAF's) against the length
    let sparse = const {
        let d = crate::miller::min_cost_digits(E::Z_ABS as u128, 0, 1);
        8 * (d.pos | d.neg).count_ones() <= d.len
    };
    let r = if sparse {
        // sparse z (BLS12-381: 6 non-zero digits in 64, the papers' curve: 3 in 63): Karabina's
        // compressed squarings, one batch decompression. The digits minimise the cost with a
        // non-zero digit (a decompression and an Fp12 product) weighted 9 against 2 for a
        // compressed squaring: the NAF for the papers' z, plain binary for BLS12-381's (same
        // weight 6 as its NAF, one squaring fewer)
        let digits = const { crate::miller::min_cost_digits(E::Z_ABS as u128, 2, 9) };
        f.cyclotomic_exp_compressed_vartime(&digits.to_vec())
    } else {
        exp_by_z_dense::<E, N>(f, z)
    };
    if E::Z_NEG {
        r.conjugate()
    } else {
        r
    }
}

/// f^|z| for a dense z: a windowed NAF with Granger–Scott squarings.
fn exp_by_z_dense<E: PairingCurve<N>, const N: usize>(
    f: &Fp12<E::Fp, N>,
    z: u128,
) -> Fp12<E::Fp, N> {
    let cost = |w: u32| {
        let d = if w == 1 { naf(z) } else { wnaf(z, w) };
        d.iter().filter(|&&x| x != 0).count() + if w == 1 { 0 } else { 1 << (w - 2) }
    };
    let w = (1..=4u32).min_by_key(|&w| cost(w)).unwrap_or(1);
    if w == 1 {
        f.cyclotomic_exp_naf_vartime(&naf(z))
    } else {
        // table of f^1, f^3, …, f^(2^(w−1) − 1)
        let f2 = f.cyclotomic_square();
        let mut table = vec![*f];
        for i in 1..(1usize << (w - 2)) {
            let next = table[i - 1] * f2;
            table.push(next);
        }
        let digits = wnaf(z, w);
        let mut acc = Fp12::ONE;
        let mut started = false;
        for &d in digits.iter().rev() {
            if started {
                acc = acc.cyclotomic_square();
            }
            if d != 0 {
                let t = table[(d.unsigned_abs() as usize) / 2];
                let t = if d < 0 { t.conjugate() } else { t };
                acc = if started { acc * t } else { t };
                started = true;
            }
        }
        acc
    }
}

/// The easy part f^((p⁶−1)(p²+1)); maps into the cyclotomic subgroup. f = 0 (never produced by
/// the Miller loop on valid inputs) maps to 0.
pub fn easy_part<E: PairingCurve<N>, const N: usize>(f: &Fp12<E::Fp, N>) -> Fp12<E::Fp, N> {
    let inv = f.invert().unwrap_or(Fp12::ZERO);
    let f1 = f.conjugate() * inv;
    f1.frobenius_map(2) * f1
}

/// The hard part on a cyclotomic-subgroup element.
pub fn hard_part<E: PairingCurve<N>, const N: usize>(f: &Fp12<E::Fp, N>) -> Fp12<E::Fp, N> {
    match E::FAMILY {
        Family::Bn => hard_part_bn::<E, N>(f),
        Family::Bls12 => hard_part_bls12::<E, N>(f),
    }
}

fn hard_part_bn<E: PairingCurve<N>, const N: usize>(f: &Fp12<E::Fp, N>) -> Fp12<E::Fp, N> {
    let a = exp_by_z::<E, N>(f);
    let b = exp_by_z::<E, N>(&a);
    let c = exp_by_z::<E, N>(&b);
    // y0 = f^(p + p² + p³), y1 = f⁻¹, y2 = b^(p²), y3 = a^(−p), y4 = (a·b^p)⁻¹, y5 = b⁻¹,
    // y6 = (c·c^p)⁻¹; the result is y0·y1²·y2⁶·y3¹²·y4¹⁸·y5³⁰·y6³⁶ (Scott et al.'s vectorial
    // addition chain: 9 multiplications, 4 squarings; 13 M + 4 S + 7 Frobenius in all)
    let fp = f.frobenius_map(1);
    let fp2 = f.frobenius_map(2);
    let y0 = fp * fp2 * fp2.frobenius_map(1);
    let y1 = f.conjugate();
    let y2 = b.frobenius_map(2);
    let y3 = a.frobenius_map(1).conjugate();
    let y4 = (a * b.frobenius_map(1)).conjugate();
    let y5 = b.conjugate();
    let y6 = (c * c.frobenius_map(1)).conjugate();
    let mut t0 = y6.cyclotomic_square() * y4 * y5; // y4 y5 y6²
    let mut t1 = y3 * y5 * t0; // y3 y4 y5² y6²
    t0 *= y2; // y2 y4 y5 y6²
    t1 = t1.cyclotomic_square() * t0; // y2 y3² y4³ y5⁵ y6⁶
    t1 = t1.cyclotomic_square(); // y2² y3⁴ y4⁶ y5¹⁰ y6¹²
    t0 = t1 * y1;
    t1 *= y0;
    t0.cyclotomic_square() * t1
}

fn hard_part_bls12<E: PairingCurve<N>, const N: usize>(f: &Fp12<E::Fp, N>) -> Fp12<E::Fp, N> {
    // g = f^((z−1)²)
    let g1 = exp_by_z::<E, N>(f) * f.conjugate();
    let g = exp_by_z::<E, N>(&g1) * g1.conjugate();
    // h = g^(z + p)
    let h = exp_by_z::<E, N>(&g) * g.frobenius_map(1);
    // k = h^(z² + p² − 1)
    let k = exp_by_z::<E, N>(&exp_by_z::<E, N>(&h)) * h.frobenius_map(2) * h.conjugate();
    // · f³
    k * f.cyclotomic_square() * *f
}

/// Full final exponentiation.
pub fn final_exponentiation<E: PairingCurve<N>, const N: usize>(
    f: &Fp12<E::Fp, N>,
) -> Fp12<E::Fp, N> {
    hard_part::<E, N>(&easy_part::<E, N>(f))
}

//! Final exponentiation f ↦ f^((p¹²−1)/r), split as in paper 001:
//! easy part (p⁶−1)(p²+1) (one inversion, conjugation, one Frobenius), then the hard part
//! (p⁴−p²+1)/r inside the cyclotomic subgroup G_Φ6(p²), where squarings are Granger–Scott
//! [`Fp12::cyclotomic_square`] and inverses are conjugates.
//!
//! * BN: the hard part is raised to m = 2z(6z²+3z+1) (coprime to r), as Fuentes-Castañeda,
//!   Knapp and Rodríguez-Henríquez ("Faster hashing to G2", SAC 2011, §5) do:
//!   m·(p⁴−p²+1)/r = λ₀ + λ₁p + λ₂p² + λ₃p³ exactly, with λ₀ = 12z³+12z²+6z+1,
//!   λ₁ = 12z³+6z²+4z, λ₂ = 12z³+6z²+6z, λ₃ = λ₁ − 1. Three exponentiations by z (f^z,
//!   (f^6z)^z, (f^12z²)^z), 3 cyclotomic squarings, 10 multiplications and 3 Frobenius maps,
//!   against 13 multiplications, 4 squarings and 7 Frobenius maps for the exact exponent with
//!   Scott et al.'s addition chain (Pairing 2009). **The BN pairings are therefore e(P,Q)^m**
//!   for the textbook e — the value arkworks and substrate-bn compute for alt_bn128 — an
//!   equally valid non-degenerate bilinear pairing (r ∤ m; the reference test compares
//!   against the textbook value to the power m).
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
/// length a loop count inside the block; on CPUs with AVX-512 IFMA the eight-lane 52-bit
/// kernel `hayate_arith::backend::x86_64::ifma` instead); the Granger–Scott squarings of the hard part are the
/// one-block `cyclo_sqr` kernel; the decompression and the Fp12 products are the composed
/// tower code (Fp12 products: `fp12_lazy`). alt_bn128's Granger–Scott squarings run in the
/// IFMA lanes on CPUs with AVX-512 IFMA (`hayate_arith::backend::x86_64::ifma::cyclo_sqr`), else
/// in its one-block MULX kernel (`hayate_arith::backend::cyclo_sqr`), each run between two
/// non-zero digits one call; its other arithmetic is composed. Elsewhere the portable
/// compositions of Fp4 squarings.
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
    // the width with the fewest multiplications: non-zero digits plus the table's 2^(w−2)
    let cost = |(w, d): &(u32, alloc::vec::Vec<i8>)| {
        d.iter().filter(|&&x| x != 0).count() + if *w == 1 { 0 } else { 1 << (w - 2) }
    };
    let (_, digits) = (1..=4u32)
        .map(|w| (w, if w == 1 { naf(z) } else { wnaf(z, w) }))
        .min_by_key(cost)
        .unwrap_or_else(|| (1, naf(z)));
    // the digits of a (w-)NAF are 0 or odd
    f.cyclotomic_exp_wnaf_vartime(&digits)
        .expect("NAF digits are odd")
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
    // f^(m·(p⁴−p²+1)/r), m = 2z(6z²+3z+1) = Σ λᵢpⁱ with λ₀ = 12z³+12z²+6z+1,
    // λ₁ = 12z³+6z²+4z, λ₂ = 12z³+6z²+6z, λ₃ = λ₁ − 1 (Fuentes-Castañeda–Knapp–Rodríguez-
    // Henríquez): from a = f^z, b = (f^6z)^z, c = (b²)^z
    let a = exp_by_z::<E, N>(f);
    let a2 = a.cyclotomic_square();
    let a4 = a2.cyclotomic_square(); // f^4z
    let a6 = a2 * a4; // f^6z
    let b = exp_by_z::<E, N>(&a6); // f^6z²
    let b2 = b.cyclotomic_square(); // f^12z²
    let c = exp_by_z::<E, N>(&b2); // f^12z³
    let t = c * b; // f^(12z³+6z²)
    let l1 = t * a4;
    let l2 = t * a6;
    let l3 = l1 * f.conjugate();
    let l0 = l2 * b * *f;
    // l0 · l2^(p²) · (l1 · l3^(p²))^p: two p²-power maps (Fp-scalar constants) and one p-power
    l0 * l2.frobenius_map(2) * (l1 * l3.frobenius_map(2)).frobenius_map(1)
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

//! Rational isogeny maps E' → E of RFC 9380 §6.6.3, (x, y) ↦ (x_num(x)/x_den(x),
//! y·y_num(x)/y_den(x)), evaluated without inversion: the result is in homogeneous projective
//! coordinates (X : Y : Z) = (x_num·y_den : y·y_num·x_den : x_den·y_den), and a point of the
//! kernel (a denominator vanishes) maps to the identity (0 : 1 : 0), as §6.6.3 requires.
//!
//! One evaluator for every suite: secp256k1's 3-isogeny (Appendix E.1, [`super`]) and
//! BLS12-381's 11- and 3-isogenies (Appendices E.2, E.3, in `hayate-pairing`). Coefficient
//! tables are in ascending order k_0, k_1, …, k_d, the monic denominators' leading 1 included.
//! Constant time in the point (the degrees are public).

use crate::Field;

/// Σ k_i·x^i by Horner's rule (coefficients ascending). Constant time.
pub fn horner<F: Field>(k: &[F], x: &F) -> F {
    k.iter().rev().fold(F::ZERO, |acc, c| acc * *x + *c)
}

/// Σ k_i·n^i·d^(D−i), the homogenised polynomial of degree D = k.len() − 1 at x = n/d, given
/// dpow\[j\] = d^j (j ≤ D).
fn horner_homogeneous<F: Field>(k: &[F], n: &F, dpow: &[F]) -> F {
    let Some((&top, rest)) = k.split_last() else {
        return F::ZERO;
    };
    let deg = rest.len();
    rest.iter()
        .enumerate()
        .rev()
        .fold(top, |acc, (i, c)| acc * *n + *c * dpow[deg - i])
}

/// The largest polynomial degree + 1 [`IsoMap::eval_frac`] supports (BLS12-381's 11-isogeny
/// has 16 coefficients in y_num and y_den).
pub const MAX_COEFFS: usize = 17;

/// An isogeny map given by its four polynomials (coefficients ascending).
#[derive(Clone, Copy, Debug)]
pub struct IsoMap<'a, F> {
    /// x_num.
    pub x_num: &'a [F],
    /// x_den (monic).
    pub x_den: &'a [F],
    /// y_num.
    pub y_num: &'a [F],
    /// y_den (monic).
    pub y_den: &'a [F],
}

impl<F: Field> IsoMap<'_, F> {
    /// The image of the affine point (x, y) as (X, Y, Z); the identity (0, 1, 0) on the kernel.
    pub fn eval(&self, x: &F, y: &F) -> (F, F, F) {
        let xn = horner(self.x_num, x);
        let xd = horner(self.x_den, x);
        let yn = horner(self.y_num, x);
        let yd = horner(self.y_den, x);
        projective(xn * yd, *y * yn * xd, xd * yd)
    }

    /// The image of (n/d, y) (d ≠ 0, as returned by
    /// [`super::sswu::map_to_curve_simple_swu_frac`]) as (X, Y, Z), without inverting d: with P*
    /// the homogenised polynomials, x' = x_num*·d^(deg x_den) / (x_den*·d^(deg x_num)) and
    /// likewise for y'. Polynomials of more than [`MAX_COEFFS`] coefficients are not supported
    /// (the result is then unspecified; no suite has them).
    pub fn eval_frac(&self, n: &F, d: &F, y: &F) -> (F, F, F) {
        let lens = [
            self.x_num.len(),
            self.x_den.len(),
            self.y_num.len(),
            self.y_den.len(),
        ];
        let max_len = lens.into_iter().max().unwrap_or(1).min(MAX_COEFFS);
        let mut dpow = [F::ONE; MAX_COEFFS];
        for j in 1..max_len {
            dpow[j] = dpow[j - 1] * *d;
        }
        let hom = |k: &[F]| horner_homogeneous(&k[..k.len().min(MAX_COEFFS)], n, &dpow);
        // x_num(x)/x_den(x) = x_num*/x_den* · d^(deg x_den − deg x_num), likewise for y
        let balance = |num: F, den: F, dn: usize, dd: usize| -> (F, F) {
            if dd >= dn {
                (num * dpow[(dd - dn).min(MAX_COEFFS - 1)], den)
            } else {
                (num, den * dpow[(dn - dd).min(MAX_COEFFS - 1)])
            }
        };
        let (xn, xd) = balance(hom(self.x_num), hom(self.x_den), lens[0], lens[1]);
        let (yn, yd) = balance(hom(self.y_num), hom(self.y_den), lens[2], lens[3]);
        projective(xn * yd, *y * yn * xd, xd * yd)
    }
}

/// (X, Y, Z), or the identity (0, 1, 0) where Z = 0.
fn projective<F: Field>(x: F, y: F, z: F) -> (F, F, F) {
    let exceptional = z.is_zero();
    (
        F::conditional_select(&x, &F::ZERO, exceptional),
        F::conditional_select(&y, &F::ONE, exceptional),
        z,
    )
}

//! GT = μ_r ⊂ Fp12*, the pairing's target group, written multiplicatively.
//!
//! Elements are kept in the cyclotomic subgroup, so squaring is Granger–Scott and inversion is
//! conjugation. Exponentiation comes in a variable-time form (public exponents) and a
//! constant-time fixed-window form (secret exponents).

use alloc::vec::Vec;
use core::fmt;

use hayate_arith::{Fp, Fp12, FpParams};
use subtle::{Choice, ConditionallySelectable, ConstantTimeEq};

use crate::engine::PairingCurve;

/// An element of GT.
pub struct Gt<E: PairingCurve<N>, const N: usize>(pub(crate) Fp12<E::Fp, N>);

impl<E: PairingCurve<N>, const N: usize> Clone for Gt<E, N> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<E: PairingCurve<N>, const N: usize> Copy for Gt<E, N> {}

impl<E: PairingCurve<N>, const N: usize> Gt<E, N> {
    /// The neutral element 1.
    pub fn identity() -> Self {
        Self(Fp12::ONE)
    }
    /// e(G1, G2), the generator.
    pub fn generator() -> Self {
        crate::pairing::<E, N>(
            &hayate_ec::Affine::generator(),
            &hayate_ec::Affine::generator(),
        )
    }
    /// The underlying Fp12 value.
    pub fn as_fp12(&self) -> &Fp12<E::Fp, N> {
        &self.0
    }
    /// Is this the identity 1 of GT? Constant time.
    pub fn is_identity(&self) -> Choice {
        self.0.is_one()
    }
    /// Group operation (Fp12 multiplication).
    pub fn mul(&self, o: &Self) -> Self {
        Self(self.0 * o.0)
    }
    /// Inverse (conjugation).
    pub fn invert(&self) -> Self {
        Self(self.0.conjugate())
    }
    /// x^k for a public exponent (low-level: k is an integer in little-endian limbs, any
    /// length, used modulo r; use [`Self::pow_scalar_vartime`] for a typed scalar): the
    /// 4-dimensional Frobenius decomposition with interleaved wNAFs
    /// ([`crate::gls::gt_pow_vartime`]). Requires x ∈ GT (x^r = 1).
    pub fn pow_vartime(&self, k: &[u64]) -> Self {
        match crate::gls::lattice::<E, N>() {
            Some(c) => crate::gls::gt_pow_vartime(self, k, c),
            None => Self(self.0.cyclotomic_exp_vartime(k)),
        }
    }
    /// x^k for a secret exponent, constant time (low-level: k is an integer in limbs, not
    /// reduced, used modulo r; use [`Self::pow_scalar`] unless the exponent is not an element
    /// of Fr): the 4-dimensional
    /// Frobenius decomposition with signed fixed windows ([`crate::gls::gt_pow_ct`]).
    /// Requires x ∈ GT (x^r = 1).
    pub fn pow(&self, k: &[u64]) -> Self {
        match crate::gls::lattice::<E, N>() {
            Some(c) => crate::gls::gt_pow_ct(self, k, c),
            None => Self(self.0.cyclotomic_exp_ct(k)),
        }
    }
    /// x^s for a scalar-field element (constant time: [`Self::pow`] on its canonical limbs).
    pub fn pow_scalar(&self, s: &Fp<E::Fr, 4>) -> Self {
        self.pow(&s.to_limbs())
    }
    /// x^s for a public scalar-field element ([`Self::pow_vartime`] on its canonical limbs).
    pub fn pow_scalar_vartime(&self, s: &Fp<E::Fr, 4>) -> Self {
        self.pow_vartime(&s.to_limbs())
    }
    /// Is x in GT, i.e. x^r = 1 (validation of untrusted encodings)? Variable time (public
    /// input). Two steps, both exact (Scott, "A note on group membership tests for G1, G2 and
    /// GT on BLS pairing-friendly curves", ePrint 2021/1130, §5):
    /// * x lies in the cyclotomic subgroup G_Φ₁₂(p) ([`is_cyclotomic`]: x ≠ 0 and
    ///   x^(p⁴)·x = x^(p²), three Frobenius maps and one multiplication);
    /// * the Frobenius relation x^p = x^λ with λ = z (BLS12) or λ = 6z² (BN). For BN,
    ///   p − 6z² = r as polynomials in z, so x^p = x^(6z²) ⇔ x^r = 1 for every x. For BLS12,
    ///   p − z = (z − 1)²·r/3 and gcd(p − z, Φ₁₂(p)) = gcd(p − z, Φ₁₂(z)) = gcd(p − z, r) = r
    ///   (p ≡ z mod p − z, Φ₁₂(z) = z⁴ − z² + 1 = r), so on the cyclotomic subgroup
    ///   x^p = x^z ⇔ x^r = 1.
    ///
    /// Cost: one exponentiation by the 64-bit z (BLS12) or two (BN, then ·6) with cyclotomic
    /// squarings ([`crate::final_exp::exp_by_z`]) instead of one by the 255-bit r.
    pub fn is_valid(&self) -> Choice {
        let x = &self.0;
        let cyclo = is_cyclotomic(x);
        // exp_by_z's cyclotomic squarings are only meaningful on the cyclotomic subgroup; off it
        // the result is garbage and `cyclo` already rejects
        let xz = crate::final_exp::exp_by_z::<E, N>(x);
        let rhs = match E::FAMILY {
            crate::Family::Bls12 => xz,
            crate::Family::Bn => {
                let z2 = crate::final_exp::exp_by_z::<E, N>(&xz); // x^(z²), z² > 0
                let z3 = z2.cyclotomic_square() * z2; // x^(3z²)
                z3.cyclotomic_square() // x^(6z²)
            }
        };
        cyclo & x.frobenius_map(1).ct_eq(&rhs)
    }

    /// The definition x^r = 1 with a plain square-and-multiply by r (generic squarings, valid
    /// for every x): the reference for [`Self::is_valid`], 3–10 times slower (measured under
    /// load: BLS12-381 82 vs 849 µs, alt_bn128 167 vs 486 µs, the papers' BN254 97 vs 434 µs).
    pub fn is_valid_slow(&self) -> Choice {
        let r = <E::Fr as FpParams<4>>::MODULUS;
        self.0.pow_vartime(&r).is_one()
    }
    /// Big-endian encoding of the 12 Fp coordinates (c0.c0.c0, c0.c0.c1, c0.c1.c0, …).
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::new();
        for c6 in [&self.0.c0, &self.0.c1] {
            for c2 in [&c6.c0, &c6.c1, &c6.c2] {
                out.extend_from_slice(&c2.c0.to_bytes_be());
                out.extend_from_slice(&c2.c1.to_bytes_be());
            }
        }
        out
    }
    /// Inverse of [`Self::to_bytes`] for untrusted input: exactly 12 canonical big-endian Fp
    /// coordinates of an element of GT ([`Self::is_valid`]); `None` otherwise.
    pub fn from_bytes(bytes: &[u8]) -> Option<Self> {
        let l = Fp::<E::Fp, N>::BYTES;
        if bytes.len() != 12 * l {
            return None;
        }
        let mut c = [Fp::<E::Fp, N>::ZERO; 12];
        for (i, x) in c.iter_mut().enumerate() {
            *x = Option::from(Fp::<E::Fp, N>::from_bytes_be(&bytes[i * l..(i + 1) * l]))?;
        }
        let f2 = |i: usize| hayate_arith::Fp2::new(c[2 * i], c[2 * i + 1]);
        let f6 = |i: usize| hayate_arith::Fp6::new(f2(3 * i), f2(3 * i + 1), f2(3 * i + 2));
        let g = Self(Fp12::new(f6(0), f6(1)));
        if bool::from(g.is_valid()) {
            Some(g)
        } else {
            None
        }
    }
}

/// Is x in the cyclotomic subgroup G_Φ₁₂(p) = {x : x^(p⁴ − p² + 1) = 1} of Fp12*? Exact test
/// x ≠ 0 and x^(p⁴)·x = x^(p²) (Frobenius maps only; constant time).
pub fn is_cyclotomic<F: hayate_arith::TowerParams<N>, const N: usize>(x: &Fp12<F, N>) -> Choice {
    !x.is_zero() & (x.frobenius_map(4) * *x).ct_eq(&x.frobenius_map(2))
}

impl<E: PairingCurve<N>, const N: usize> ConstantTimeEq for Gt<E, N> {
    fn ct_eq(&self, o: &Self) -> Choice {
        self.0.ct_eq(&o.0)
    }
}
impl<E: PairingCurve<N>, const N: usize> ConditionallySelectable for Gt<E, N> {
    fn conditional_select(a: &Self, b: &Self, c: Choice) -> Self {
        Self(Fp12::conditional_select(&a.0, &b.0, c))
    }
}
impl<E: PairingCurve<N>, const N: usize> PartialEq for Gt<E, N> {
    fn eq(&self, o: &Self) -> bool {
        self.0 == o.0
    }
}
impl<E: PairingCurve<N>, const N: usize> Eq for Gt<E, N> {}
impl<E: PairingCurve<N>, const N: usize> fmt::Debug for Gt<E, N> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Gt({:?})", self.0)
    }
}
impl<E: PairingCurve<N>, const N: usize> core::ops::Mul for Gt<E, N> {
    type Output = Self;
    fn mul(self, o: Self) -> Self {
        Gt::mul(&self, &o)
    }
}

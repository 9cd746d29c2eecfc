//! Typed scalars: the scalar field Z/nZ of a curve ([`CurveParams::Scalar`]) and the scalar
//! multiplications that take one.
//!
//! Contract:
//! * A [`ScalarField`] element is always reduced: 0 ≤ s < n, where n is the modulus of the
//!   field, equal to the curve's subgroup order [`CurveParams::ORDER`] (checked by
//!   [`crate::curve::params_are_consistent`]). Every `Fp<P, N>` of hayate-arith is one; the
//!   named curves use `hayate_arith::fields::*Fn`, the pairing curves their `Fr`.
//! * Encoding: the canonical big-endian integer of exactly [`ScalarField::SCALAR_BYTES`] =
//!   ⌈log2(n)/8⌉ bytes (SEC 1 §2.3.7's integer-to-octet-string of a value below n).
//!   [`ScalarField::from_canonical_bytes_be`] rejects other lengths and values ≥ n (constant
//!   time in the value; the length is public), [`ScalarField::decode_be`] is the same with a
//!   typed [`ScalarError`]. [`crate::curves::PrimeField::from_bytes_be_reduce`] reduces a
//!   big-endian integer of any length modulo n (hashing to scalars, RFC 9380 §5.2's
//!   `hash_to_field` with a wide input); it is hayate-arith's reduction, not a second
//!   implementation.
//! * Multiplication: `P * s` and `P * &s` (for [`Projective`], [`Affine`] and [`Jacobian`],
//!   on every curve whose scalar type is an `Fp`, i.e. all of them; generic code over
//!   `C: CurveParams` calls the methods) and [`Projective::mul_scalar`] are the constant-time
//!   [`Projective::mul_ct`] on the canonical limbs of s, so the running time does not depend
//!   on s; [`Projective::mul_scalar_vartime`] is [`Projective::mul_vartime`] for public
//!   scalars. As for `mul_ct`, P must lie in the order-n subgroup on curves whose
//!   multiplication uses an endomorphism (the pairing groups); points from the checked
//!   decoders, the group law and the generator do. [`msm_ct_scalars`] and
//!   [`msm_vartime_scalars`] are the multi-scalar forms, [`mul_generator_scalar`] the
//!   fixed-base one.
//! * The limb API (`mul_ct(&[u64])` and friends) stays as the low-level layer: its `k` is an
//!   integer of any length, not reduced, and it is what the typed calls run.
//!
//! The names follow the zkcrypto `group` crate (`Group::Scalar`, the `*` operator): a
//! point times a scalar, never a scalar times a point (Rust's coherence rules do not allow
//! `impl Mul<Projective<C>> for C::Scalar`).

use alloc::vec::Vec;
use core::borrow::Borrow;
use core::fmt;
use core::ops::{Mul, MulAssign};

use hayate_arith::{Fp, FpParams};
use subtle::CtOption;

use crate::curve::CurveParams;
use crate::curves::PrimeField;
use crate::{Affine, Jacobian, Projective};

/// Why a scalar encoding was rejected.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ScalarError {
    /// The encoding does not have the field's fixed length.
    Length {
        /// [`ScalarField::SCALAR_BYTES`].
        expected: usize,
        /// The length given.
        got: usize,
    },
    /// The integer is not below the modulus n (non-canonical).
    NotCanonical,
}

impl fmt::Display for ScalarError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ScalarError::Length { expected, got } => {
                write!(f, "scalar encoding has {got} bytes, expected {expected}")
            }
            ScalarError::NotCanonical => write!(f, "scalar is not below the group order"),
        }
    }
}

impl core::error::Error for ScalarError {}

/// The scalar field Z/nZ of a curve: a prime field with canonical little-endian limbs and a
/// fixed-length big-endian encoding. Implemented for every `hayate_arith::Fp<P, N>`.
pub trait ScalarField: PrimeField {
    /// The canonical limbs: `[u64; N]`.
    type Limbs: AsRef<[u64]> + AsMut<[u64]> + Copy + fmt::Debug + Send + Sync + 'static;
    /// The modulus n, little-endian limbs.
    const MODULUS: Self::Limbs;
    /// Length of the canonical encoding, ⌈log2(n)/8⌉ bytes.
    const SCALAR_BYTES: usize;
    /// The canonical integer in [0, n), little-endian limbs (constant time).
    fn to_limbs(&self) -> Self::Limbs;
    /// The element of a canonical integer; none if it is ≥ n (constant time).
    fn from_limbs(limbs: Self::Limbs) -> CtOption<Self>;
    /// Parses the canonical encoding: exactly [`Self::SCALAR_BYTES`] big-endian bytes of an
    /// integer below n; none otherwise (constant time in the bytes, the length is public).
    fn from_canonical_bytes_be(bytes: &[u8]) -> CtOption<Self> {
        let s = <Self as PrimeField>::from_bytes_be(bytes);
        let len_ok = subtle::Choice::from((bytes.len() == Self::SCALAR_BYTES) as u8);
        CtOption::new(s.unwrap_or(Self::ZERO), s.is_some() & len_ok)
    }
    /// [`Self::from_canonical_bytes_be`] with the reason of a rejection. Whether the value is
    /// accepted becomes visible to the caller (as any decoder's result does).
    fn decode_be(bytes: &[u8]) -> Result<Self, ScalarError> {
        if bytes.len() != Self::SCALAR_BYTES {
            return Err(ScalarError::Length {
                expected: Self::SCALAR_BYTES,
                got: bytes.len(),
            });
        }
        Option::from(Self::from_canonical_bytes_be(bytes)).ok_or(ScalarError::NotCanonical)
    }
}

impl<P: FpParams<N>, const N: usize> ScalarField for Fp<P, N> {
    type Limbs = [u64; N];
    const MODULUS: [u64; N] = P::MODULUS;
    const SCALAR_BYTES: usize = Fp::<P, N>::BYTES;
    fn to_limbs(&self) -> [u64; N] {
        Fp::to_limbs(self)
    }
    fn from_limbs(limbs: [u64; N]) -> CtOption<Self> {
        Fp::from_limbs(limbs)
    }
}

/// Does the modulus of `S` equal the integer `order` (little-endian limbs, any length)?
/// Variable time (public constants).
pub(crate) fn modulus_is<S: ScalarField>(order: &[u64]) -> bool {
    let m = S::MODULUS;
    let m = m.as_ref();
    let len = m.len().max(order.len());
    (0..len).all(|i| m.get(i).copied().unwrap_or(0) == order.get(i).copied().unwrap_or(0))
}

impl<C: CurveParams> Projective<C> {
    /// \[s\]P in constant time: [`Self::mul_ct`] on the canonical limbs of s (the same as
    /// `P * s`). P must lie in the order-n subgroup on curves with an endomorphism (see
    /// [`Self::mul_ct`]).
    pub fn mul_scalar(&self, s: &C::Scalar) -> Self {
        self.mul_ct(s.to_limbs().as_ref())
    }

    /// \[s\]P for a public scalar (variable time in s and P): [`Self::mul_vartime`] on the
    /// canonical limbs of s.
    pub fn mul_scalar_vartime(&self, s: &C::Scalar) -> Self {
        self.mul_vartime(s.to_limbs().as_ref())
    }
}

impl<C: CurveParams> Affine<C> {
    /// \[s\]P in constant time (see [`Projective::mul_scalar`]).
    pub fn mul_scalar(&self, s: &C::Scalar) -> Projective<C> {
        self.mul_ct(s.to_limbs().as_ref())
    }

    /// \[s\]P for a public scalar (see [`Projective::mul_scalar_vartime`]).
    pub fn mul_scalar_vartime(&self, s: &C::Scalar) -> Projective<C> {
        self.mul_vartime(s.to_limbs().as_ref())
    }
}

impl<C: CurveParams> Jacobian<C> {
    /// \[s\]P in constant time (see [`Projective::mul_scalar`]; via [`Jacobian::mul_ct`]).
    pub fn mul_scalar(&self, s: &C::Scalar) -> Self {
        self.mul_ct(s.to_limbs().as_ref())
    }

    /// \[s\]P for a public scalar (wNAF, see [`Jacobian::mul_vartime`]).
    pub fn mul_scalar_vartime(&self, s: &C::Scalar) -> Self {
        self.mul_vartime(s.to_limbs().as_ref())
    }
}

// The operators name the scalar type as `Fp<P, N>` (with `C: CurveParams<Scalar = Fp<P, N>>`)
// rather than as the projection `C::Scalar`: coherence cannot tell a projection from `&[u64]`
// (the limb operators of `scalar_mul`) or from a reference, so impls over `C::Scalar` would
// overlap. Every curve's scalar field is an `Fp`; generic code uses `mul_scalar`.

/// `Lhs * Rhs` for a point type `Lhs` (owned or borrowed) and the scalar `Fp<P, N>` (owned or
/// borrowed): `mul_scalar`, constant time.
macro_rules! scalar_mul_op {
    ($Lhs:ty, $Rhs:ty, $Out:ty) => {
        impl<C, P, const N: usize> Mul<$Rhs> for $Lhs
        where
            C: CurveParams<Scalar = Fp<P, N>>,
            P: FpParams<N>,
        {
            type Output = $Out;
            /// \[s\]P in constant time (`mul_scalar`).
            fn mul(self, s: $Rhs) -> $Out {
                self.mul_scalar(Borrow::<Fp<P, N>>::borrow(&s))
            }
        }
    };
}

/// `P *= s` and `P *= &s` for a point type closed under the multiplication.
macro_rules! scalar_mul_assign {
    ($T:ty, $Rhs:ty) => {
        impl<C, P, const N: usize> MulAssign<$Rhs> for $T
        where
            C: CurveParams<Scalar = Fp<P, N>>,
            P: FpParams<N>,
        {
            /// P ← \[s\]P in constant time.
            fn mul_assign(&mut self, s: $Rhs) {
                *self = self.mul_scalar(Borrow::<Fp<P, N>>::borrow(&s));
            }
        }
    };
}

scalar_mul_op!(Projective<C>, Fp<P, N>, Projective<C>);
scalar_mul_op!(Projective<C>, &Fp<P, N>, Projective<C>);
scalar_mul_op!(&Projective<C>, Fp<P, N>, Projective<C>);
scalar_mul_op!(&Projective<C>, &Fp<P, N>, Projective<C>);
scalar_mul_op!(Jacobian<C>, Fp<P, N>, Jacobian<C>);
scalar_mul_op!(Jacobian<C>, &Fp<P, N>, Jacobian<C>);
scalar_mul_op!(&Jacobian<C>, Fp<P, N>, Jacobian<C>);
scalar_mul_op!(&Jacobian<C>, &Fp<P, N>, Jacobian<C>);
scalar_mul_op!(Affine<C>, Fp<P, N>, Projective<C>);
scalar_mul_op!(Affine<C>, &Fp<P, N>, Projective<C>);
scalar_mul_op!(&Affine<C>, Fp<P, N>, Projective<C>);
scalar_mul_op!(&Affine<C>, &Fp<P, N>, Projective<C>);
scalar_mul_assign!(Projective<C>, Fp<P, N>);
scalar_mul_assign!(Projective<C>, &Fp<P, N>);
scalar_mul_assign!(Jacobian<C>, Fp<P, N>);
scalar_mul_assign!(Jacobian<C>, &Fp<P, N>);

/// Bit length of the scalar field's modulus: the `nbits` of the limb MSM functions.
fn scalar_bits<C: CurveParams>() -> usize {
    <C::Scalar as PrimeField>::BITS as usize
}

/// Σ \[sⱼ\]Pⱼ in constant time ([`crate::msm::msm_ct`] on the canonical limbs, `nbits` the
/// bit length of n). Every Pⱼ must lie in the order-n subgroup on curves with a GLV
/// endomorphism. Returns the identity for empty input; terms beyond the shorter slice are
/// ignored.
pub fn msm_ct_scalars<C: CurveParams>(
    points: &[Projective<C>],
    scalars: &[C::Scalar],
) -> Projective<C> {
    let limbs: Vec<<C::Scalar as ScalarField>::Limbs> =
        scalars.iter().map(ScalarField::to_limbs).collect();
    crate::msm::msm_ct(points, &limbs, scalar_bits::<C>())
}

/// Σ \[sⱼ\]Pⱼ for public scalars and points ([`crate::msm::msm_vartime`]); `None` if the
/// slices differ in length.
pub fn msm_vartime_scalars<C: CurveParams>(
    points: &[Affine<C>],
    scalars: &[C::Scalar],
) -> Option<Projective<C>> {
    let limbs: Vec<<C::Scalar as ScalarField>::Limbs> =
        scalars.iter().map(ScalarField::to_limbs).collect();
    crate::msm::msm_vartime(points, &limbs)
}

/// \[s\]G for the curve's generator G in constant time, from the process-wide fixed-base table
/// ([`crate::fixed::mul_generator_ct`]).
pub fn mul_generator_scalar<C: CurveParams>(s: &C::Scalar) -> Projective<C>
where
    crate::fixed::FixedWindows<Projective<C>>: Send + Sync,
{
    crate::fixed::mul_generator_ct::<C>(s.to_limbs().as_ref())
}

//! Elliptic-curve Diffie–Hellman (SEC 1 v2 §3.3.1) and key generation (SEC 1 §3.2.1) on the
//! named curves of [`crate::curves`].
//!
//! * Private keys are non-zero elements d ∈ [1, n − 1] of the curve's scalar field
//!   ([`crate::CurveParams::Scalar`]), parsed from big-endian bytes of any length (leading zero
//!   bytes allowed, as in Wycheproof's ASN.1-style values) and checked in constant time;
//!   anything else is [`EcdhError::InvalidPrivateKey`]. The scalar is wiped on drop.
//! * Public keys are SEC 1 points, compressed or uncompressed, fully validated by
//!   [`crate::sec1::decode_point`] (on the curve, not infinity, canonical coordinates,
//!   subgroup when h > 1); failures are [`EcdhError::InvalidPublicKey`].
//! * The shared secret is the x-coordinate of P = \[d\]Q (SEC 1 §3.3.1 step 3, the plain
//!   "ECSVDP-DH" primitive: the cofactor variant would multiply by h, which is 1 for every
//!   curve here), computed with the constant-time signed-window
//!   [`crate::Projective::mul_ct_subgroup`] (Q is validated to lie in the order-n subgroup) and
//!   one constant-time safegcd inversion for x = X/Z², encoded as exactly ⌈log2(p)/8⌉
//!   big-endian bytes. A result at infinity
//!   is rejected ([`EcdhError::SharedPointAtInfinity`]; impossible for a validated Q and
//!   d ∈ [1, n − 1] on a prime-order group, checked anyway).
//!
//! Wycheproof's `acceptable` ECDH cases in the `ecpoint` test files are exactly the
//! compressed public keys; SEC 1 permits point compression, so they are **accepted** and must
//! produce the listed shared secret.
//!
//! No function here panics on any input.

use alloc::vec::Vec;
use core::fmt;

use rand_core::RngCore;

use hayate_arith::Field;

use crate::affine::Affine;
use crate::curves::{NamedCurve, PrimeField};
use crate::jacobian::Jacobian;
use crate::projective::Projective;
use crate::scalar::ScalarField;
use crate::sec1::{self, Sec1Error};

/// Why an ECDH operation failed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EcdhError {
    /// The private scalar is not an integer in [1, n − 1].
    InvalidPrivateKey,
    /// The public key failed SEC 1 decoding or validation.
    InvalidPublicKey(Sec1Error),
    /// \[d\]Q is the point at infinity.
    SharedPointAtInfinity,
}

impl fmt::Display for EcdhError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EcdhError::InvalidPrivateKey => {
                f.write_str("invalid private key: not an integer in [1, n-1]")
            }
            EcdhError::InvalidPublicKey(e) => write!(f, "invalid public key: {e}"),
            EcdhError::SharedPointAtInfinity => {
                f.write_str("shared point is the point at infinity")
            }
        }
    }
}

impl core::error::Error for EcdhError {}

impl From<Sec1Error> for EcdhError {
    fn from(e: Sec1Error) -> Self {
        EcdhError::InvalidPublicKey(e)
    }
}

/// A private key d ∈ [1, n − 1]: a non-zero element of the curve's scalar field (wiped on
/// drop).
pub struct SecretKey<C: NamedCurve> {
    d: C::Scalar,
}

impl<C: NamedCurve> Drop for SecretKey<C> {
    fn drop(&mut self) {
        // SAFETY: `self.d` is a valid, aligned &mut C::Scalar (a plain `Copy` value); volatile
        // so the wipe is not elided.
        unsafe { core::ptr::write_volatile(&mut self.d, C::Scalar::ZERO) };
        core::sync::atomic::compiler_fence(core::sync::atomic::Ordering::SeqCst);
    }
}

impl<C: NamedCurve> Clone for SecretKey<C> {
    fn clone(&self) -> Self {
        Self { d: self.d }
    }
}

impl<C: NamedCurve> fmt::Debug for SecretKey<C> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "SecretKey<{}>(…)", C::CURVE_NAME)
    }
}

impl<C: NamedCurve> SecretKey<C> {
    /// Parses a big-endian integer of any length and checks 1 ≤ d ≤ n − 1 in constant time
    /// (the length of the input is public; bytes beyond the limb capacity must be zero).
    pub fn from_bytes_be(bytes: &[u8]) -> Result<Self, EcdhError> {
        let d = <C::Scalar as PrimeField>::from_bytes_be(bytes);
        let ok = d.is_some() & !d.unwrap_or(C::Scalar::ZERO).is_zero();
        // the verdict is public (an error is returned)
        if crate::valgrind::declassify(bool::from(ok)) {
            Ok(Self::from_scalar_unchecked(d.unwrap_or(C::Scalar::ONE)))
        } else {
            Err(EcdhError::InvalidPrivateKey)
        }
    }

    /// The key of a non-zero scalar; `None` for 0 (constant time in d but for the verdict).
    pub fn from_scalar(d: C::Scalar) -> Option<Self> {
        // the verdict is public (`None` is returned)
        if crate::valgrind::declassify(bool::from(d.is_zero())) {
            None
        } else {
            Some(Self::from_scalar_unchecked(d))
        }
    }

    fn from_scalar_unchecked(d: C::Scalar) -> Self {
        Self { d }
    }

    /// A uniformly random private key (SEC 1 §3.2.1 / FIPS 186-5 A.4.2 rejection sampling:
    /// [`crate::ScalarField`]'s `random` draws ORDER_BITS random bits until the value lies in
    /// [0, n − 1], and 0 is drawn again; the number of draws depends only on the discarded
    /// candidates).
    pub fn random(rng: &mut impl RngCore) -> Self {
        loop {
            let d = C::Scalar::random(rng);
            // a rejected candidate reveals nothing about the accepted one
            if let Some(sk) = Self::from_scalar(d) {
                return sk;
            }
        }
    }

    /// Big-endian encoding of exactly [`NamedCurve::SCALAR_BYTES`] bytes.
    pub fn to_bytes_be(&self) -> Vec<u8> {
        PrimeField::to_bytes_be(&self.d)
    }

    /// The scalar d.
    pub fn as_scalar(&self) -> &C::Scalar {
        &self.d
    }

    /// The public key Q = \[d\]G (constant time).
    pub fn public_key(&self) -> PublicKey<C> {
        let q = Projective::<C>::generator().mul_scalar(&self.d).to_affine();
        PublicKey { point: q }
    }

    /// \[d\]Q's x-coordinate (SEC 1 §3.3.1), constant time in d and Q.
    pub fn diffie_hellman(&self, public: &PublicKey<C>) -> Result<SharedSecret, EcdhError> {
        let d = self.d.to_limbs();
        let p =
            crate::scalar_mul::mul_ct_subgroup_jacobian(&Jacobian::from(public.point), d.as_ref());
        // x = X/Z² with one constant-time (safegcd) inversion; Z = 0 is the identity
        let zinv = p.z.invert_safegcd();
        // public: an error is returned (impossible for a valid key and subgroup point)
        if crate::valgrind::declassify(bool::from(zinv.is_none())) {
            return Err(EcdhError::SharedPointAtInfinity);
        }
        let x = p.x * zinv.unwrap_or(C::Base::ZERO).square();
        Ok(SharedSecret(x.to_bytes_be()))
    }
}

/// A validated public key: a point of the order-n subgroup other than the identity.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PublicKey<C: NamedCurve> {
    point: Affine<C>,
}

impl<C: NamedCurve> PublicKey<C> {
    /// Decodes and validates a SEC 1 encoding (compressed or uncompressed).
    pub fn from_sec1_bytes(bytes: &[u8]) -> Result<Self, EcdhError> {
        Ok(Self {
            point: sec1::decode_point(bytes)?,
        })
    }

    /// Validates an affine point (on the curve, not the identity, in the subgroup).
    pub fn from_affine(p: Affine<C>) -> Result<Self, EcdhError> {
        if bool::from(p.is_identity()) {
            return Err(Sec1Error::PointAtInfinity.into());
        }
        if !bool::from(p.is_on_curve()) {
            return Err(Sec1Error::NotOnCurve.into());
        }
        if C::COFACTOR != 1 && !bool::from(C::is_in_subgroup(&Projective::from(p))) {
            return Err(Sec1Error::NotInSubgroup.into());
        }
        Ok(Self { point: p })
    }

    /// SEC 1 encoding.
    pub fn to_sec1_bytes(&self, compressed: bool) -> Vec<u8> {
        sec1::encode_point(&self.point, compressed)
    }

    /// The point.
    pub fn as_affine(&self) -> &Affine<C> {
        &self.point
    }
}

/// The shared secret z = x_P as ⌈log2(p)/8⌉ big-endian bytes (wiped on drop).
#[derive(Clone, PartialEq, Eq)]
pub struct SharedSecret(Vec<u8>);

impl SharedSecret {
    /// The bytes of x_P.
    pub fn as_bytes(&self) -> &[u8] {
        &self.0
    }
}

impl fmt::Debug for SharedSecret {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("SharedSecret(…)")
    }
}

impl Drop for SharedSecret {
    fn drop(&mut self) {
        for b in self.0.iter_mut() {
            // SAFETY: valid &mut u8; volatile so the wipe is not elided.
            unsafe { core::ptr::write_volatile(b, 0) };
        }
        core::sync::atomic::compiler_fence(core::sync::atomic::Ordering::SeqCst);
    }
}

/// A fresh key pair (d, Q = \[d\]G).
pub fn generate_keypair<C: NamedCurve>(rng: &mut impl RngCore) -> (SecretKey<C>, PublicKey<C>) {
    let sk = SecretKey::<C>::random(rng);
    let pk = sk.public_key();
    (sk, pk)
}

/// One-shot ECDH on encodings: private key as big-endian bytes, public key in SEC 1 form;
/// returns x_P (see the module docs).
pub fn ecdh<C: NamedCurve>(private: &[u8], public_sec1: &[u8]) -> Result<SharedSecret, EcdhError> {
    let sk = SecretKey::<C>::from_bytes_be(private)?;
    let pk = PublicKey::<C>::from_sec1_bytes(public_sec1)?;
    sk.diffie_hellman(&pk)
}

/// [`ecdh`] on a curve chosen at run time.
pub fn ecdh_by_id(
    curve: crate::curves::CurveId,
    private: &[u8],
    public_sec1: &[u8],
) -> Result<SharedSecret, EcdhError> {
    struct V<'a>(&'a [u8], &'a [u8]);
    impl crate::curves::CurveVisitor for V<'_> {
        type Output = Result<SharedSecret, EcdhError>;
        fn visit<C: NamedCurve>(self) -> Self::Output {
            ecdh::<C>(self.0, self.1)
        }
    }
    curve.visit(V(private, public_sec1))
}

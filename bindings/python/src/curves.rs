//! The pairing groups as Python classes: `Scalar`, `G1`, `G2`, `GT` and the module functions
//! `pairing`, `multi_pairing`, `pairings`, `hash_to_g1`(`_many`) and, on BLS12-381,
//! `hash_to_g2`(`_many`) / `encode_to_g1` / `encode_to_g2`, for each of the three curves.
//!
//! Points are stored in affine form (so `==`, hashing and encoding need no inversion); scalar
//! multiplication is the library's constant-time one (`Projective::mul_ct`: GLV on G1, the
//! 4-dimensional GLS on G2), GT powers by a scalar `Gt::pow_scalar`. Byte encodings
//! ([`PyCurve`]) are the library's standard ones, fully validated on decode (canonical
//! coordinates, on the curve, in the order-r subgroup):
//! * BLS12-381: Zcash / IETF compressed, 48 / 96 bytes (`encoding::zcash`);
//! * alt_bn128 (`bn254`): EIP-196 G1 (x‖y, 64 bytes) and EIP-197 G2 (imaginary parts first,
//!   128 bytes), all-zero = infinity (`encoding::eip196`);
//! * bn254-beuchat: the same layouts as `hayate-fe` writes them (x‖y; G2 real parts first).
//!
//! Scalars are integers modulo the group order r: a Python `int` is reduced modulo r (so
//! negative integers work), `Scalar.from_bytes` takes exactly 32 canonical big-endian bytes.
//! GT elements encode as the twelve big-endian base-field coordinates of `Gt::to_bytes`.

use hayate_ec::{Affine, Projective};
use hayate_fe::curve::FeCurve;
use hayate_pairing::encoding::EncodingError as LibEncodingError;
use hayate_pairing::PairingCurve;
use pyo3::basic::CompareOp;
use pyo3::prelude::*;

/// G1 affine point of `E`.
pub type G1Of<E, const N: usize> = Affine<<E as PairingCurve<N>>::G1>;
/// G2 affine point of `E`.
pub type G2Of<E, const N: usize> = Affine<<E as PairingCurve<N>>::G2>;

/// The per-curve parts of the bindings: encodings and hashing.
pub trait PyCurve<const N: usize>: FeCurve<N> {
    /// Bytes of an encoded G1 point.
    const G1_LEN: usize;
    /// Bytes of an encoded G2 point.
    const G2_LEN: usize;
    fn g1_enc(p: &G1Of<Self, N>) -> Vec<u8>;
    fn g1_dec(b: &[u8]) -> Result<G1Of<Self, N>, LibEncodingError>;
    fn g2_enc(p: &G2Of<Self, N>) -> Vec<u8>;
    fn g2_dec(b: &[u8]) -> Result<G2Of<Self, N>, LibEncodingError>;
    /// RFC 9380 hash_to_curve into G2 where the library has it (BLS12-381).
    fn hash_g2(_msg: &[u8], _dst: &[u8]) -> Option<G2Of<Self, N>> {
        None
    }
    /// RFC 9380 encode_to_curve (non-uniform) into G1 / G2 where the library has it.
    fn encode_g1(_msg: &[u8], _dst: &[u8]) -> Option<G1Of<Self, N>> {
        None
    }
    fn encode_g2(_msg: &[u8], _dst: &[u8]) -> Option<G2Of<Self, N>> {
        None
    }
}

fn fixed<const L: usize>(b: &[u8]) -> Result<&[u8; L], LibEncodingError> {
    b.try_into().map_err(|_| LibEncodingError::InvalidLength {
        expected: L,
        got: b.len(),
    })
}

impl PyCurve<6> for hayate_pairing::bls12_381::Bls12381 {
    const G1_LEN: usize = 48;
    const G2_LEN: usize = 96;
    fn g1_enc(p: &G1Of<Self, 6>) -> Vec<u8> {
        hayate_pairing::encoding::zcash::g1_to_compressed(p).to_vec()
    }
    fn g1_dec(b: &[u8]) -> Result<G1Of<Self, 6>, LibEncodingError> {
        hayate_pairing::encoding::zcash::g1_from_compressed(b)
    }
    fn g2_enc(p: &G2Of<Self, 6>) -> Vec<u8> {
        hayate_pairing::encoding::zcash::g2_to_compressed(p).to_vec()
    }
    fn g2_dec(b: &[u8]) -> Result<G2Of<Self, 6>, LibEncodingError> {
        hayate_pairing::encoding::zcash::g2_from_compressed(b)
    }
    fn hash_g2(msg: &[u8], dst: &[u8]) -> Option<G2Of<Self, 6>> {
        Some(hayate_pairing::hash_to_curve::hash_to_g2(msg, dst))
    }
    fn encode_g1(msg: &[u8], dst: &[u8]) -> Option<G1Of<Self, 6>> {
        Some(hayate_pairing::hash_to_curve::encode_to_g1(msg, dst))
    }
    fn encode_g2(msg: &[u8], dst: &[u8]) -> Option<G2Of<Self, 6>> {
        Some(hayate_pairing::hash_to_curve::encode_to_g2(msg, dst))
    }
}

impl PyCurve<4> for hayate_pairing::bn254::Bn254 {
    const G1_LEN: usize = 64;
    const G2_LEN: usize = 128;
    fn g1_enc(p: &G1Of<Self, 4>) -> Vec<u8> {
        hayate_pairing::encoding::eip196::g1_encode(p).to_vec()
    }
    fn g1_dec(b: &[u8]) -> Result<G1Of<Self, 4>, LibEncodingError> {
        hayate_pairing::encoding::eip196::g1_decode(fixed::<64>(b)?)
    }
    fn g2_enc(p: &G2Of<Self, 4>) -> Vec<u8> {
        hayate_pairing::encoding::eip196::g2_encode(p).to_vec()
    }
    fn g2_dec(b: &[u8]) -> Result<G2Of<Self, 4>, LibEncodingError> {
        hayate_pairing::encoding::eip196::g2_decode(fixed::<128>(b)?)
    }
}

impl PyCurve<4> for hayate_pairing::bn254_beuchat::Bn254Beuchat {
    const G1_LEN: usize = 64;
    const G2_LEN: usize = 128;
    fn g1_enc(p: &G1Of<Self, 4>) -> Vec<u8> {
        let mut v = Vec::with_capacity(64);
        <Self as FeCurve<4>>::g1_to_bytes(p, &mut v);
        v
    }
    fn g1_dec(b: &[u8]) -> Result<G1Of<Self, 4>, LibEncodingError> {
        <Self as FeCurve<4>>::g1_from_bytes(b)
    }
    fn g2_enc(p: &G2Of<Self, 4>) -> Vec<u8> {
        let mut v = Vec::with_capacity(128);
        <Self as FeCurve<4>>::g2_to_bytes(p, &mut v);
        v
    }
    fn g2_dec(b: &[u8]) -> Result<G2Of<Self, 4>, LibEncodingError> {
        <Self as FeCurve<4>>::g2_from_bytes(b)
    }
}

/// The result of `==` / `!=` given whether the operands are equal (`None`: the other operand
/// is of another type, `NotImplemented`); orderings are not defined.
pub fn equality(py: Python<'_>, eq: Option<bool>, op: CompareOp) -> PyResult<PyObject> {
    let v = match (eq, op) {
        (Some(e), CompareOp::Eq) => e,
        (Some(e), CompareOp::Ne) => !e,
        _ => return Ok(py.NotImplemented()),
    };
    Ok(v.into_pyobject(py)?.to_owned().into_any().unbind())
}

/// A binary operator's result: the new object, or `NotImplemented` (`None`: the other operand
/// is of a type this operator does not take, so Python tries the reflected operation or
/// raises `TypeError`).
pub fn not_impl<T: pyo3::PyClass>(py: Python<'_>, v: Option<T>) -> PyResult<PyObject>
where
    pyo3::PyClassInitializer<T>: From<T>,
{
    match v {
        Some(x) => Ok(Py::new(py, x)?.into_any()),
        None => Ok(py.NotImplemented()),
    }
}

/// `__hash__` of an object from its canonical encoding (FNV-1a).
pub fn hash_of(b: &[u8]) -> isize {
    let mut h: u64 = 0xcbf29ce484222325;
    for x in b {
        h = (h ^ *x as u64).wrapping_mul(0x100000001b3);
    }
    (h >> 2) as isize
}

/// `[k]P` in constant time on G1 (GLV).
pub fn g1_mul<E: PyCurve<N>, const N: usize>(p: &G1Of<E, N>, k: &[u64; 4]) -> G1Of<E, N> {
    Projective::from(*p).mul_ct(k).to_affine()
}

/// `[k]Q` in constant time on G2 (GLS).
pub fn g2_mul<E: PyCurve<N>, const N: usize>(q: &G2Of<E, N>, k: &[u64; 4]) -> G2Of<E, N> {
    E::g2_mul_ct(&Projective::from(*q), k).to_affine()
}

/// Generates the Python classes and functions of one curve in a module `$m`.
macro_rules! curve_module {
    ($m:ident, $E:ty, $N:literal, $pymod:tt, $label:tt) => {
        pub mod $m {
            use super::{g1_mul, g2_mul, hash_of, PyCurve};
            use crate::{err, Bytes, EncodingError, Error};
            use hayate_arith::Fp;
            use hayate_pairing::PairingCurve;
            use pyo3::basic::CompareOp;
            use pyo3::prelude::*;
            use pyo3::sync::GILOnceCell;
            use pyo3::types::{PyBytes, PyInt};
            use subtle::ConstantTimeEq;

            type E = $E;
            const N: usize = $N;
            type Fr = Fp<<E as PairingCurve<N>>::Fr, 4>;
            type G1A = super::G1Of<E, N>;
            type G2A = super::G2Of<E, N>;
            type GtE = hayate_pairing::Gt<E, N>;

            /// The group order r as a Python int (computed once).
            fn order(py: Python<'_>) -> PyResult<&Bound<'_, PyAny>> {
                static R: GILOnceCell<Py<PyAny>> = GILOnceCell::new();
                let r = R.get_or_try_init(py, || -> PyResult<Py<PyAny>> {
                    let rm1 = Fr::ONE.neg().to_bytes_be();
                    let int = py.get_type::<PyInt>();
                    let v = int.call_method1("from_bytes", (PyBytes::new(py, &rm1), "big"))?;
                    Ok(v.add(1)?.unbind())
                })?;
                Ok(r.bind(py))
            }

            /// A scalar from a Python int (reduced mod r) or a `Scalar`; `None` for other types.
            fn scalar_of(ob: &Bound<'_, PyAny>) -> PyResult<Option<Fr>> {
                if let Ok(s) = ob.downcast::<Scalar>() {
                    return Ok(Some(s.get().0));
                }
                if ob.is_instance_of::<PyInt>() && !ob.is_instance_of::<pyo3::types::PyBool>() {
                    let red = ob.rem(order(ob.py())?)?;
                    let b: Vec<u8> = red.call_method1("to_bytes", (32, "big"))?.extract()?;
                    let v = Option::<Fr>::from(Fr::from_bytes_be(&b))
                        .ok_or_else(|| err::<Error>("scalar reduction failed"))?;
                    return Ok(Some(v));
                }
                Ok(None)
            }

            fn scalar_arg(ob: &Bound<'_, PyAny>) -> PyResult<Fr> {
                scalar_of(ob)?.ok_or_else(|| {
                    pyo3::exceptions::PyTypeError::new_err("expected an int or a Scalar")
                })
            }

            fn enc_err(e: impl std::fmt::Display) -> PyErr {
                err::<EncodingError>(e)
            }

            #[doc = concat!("An element of the scalar field (integers modulo the group order r) of ", $label, ".")]
            #[pyclass(module = $pymod, frozen)]
            #[derive(Clone)]
            pub struct Scalar(pub Fr);

            /// Redacted: a scalar may be a secret key or a nonce.
            impl std::fmt::Debug for Scalar {
                fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                    f.write_str("Scalar(..)")
                }
            }

            impl Drop for Scalar {
                fn drop(&mut self) {
                    self.0 = Fr::ZERO;
                    std::hint::black_box(&self.0);
                }
            }

            #[pymethods]
            impl Scalar {
                /// Scalar(value=0): an int reduced modulo r (negative values allowed).
                #[new]
                #[pyo3(signature = (value = None))]
                fn py_new(value: Option<&Bound<'_, PyAny>>) -> PyResult<Self> {
                    match value {
                        None => Ok(Scalar(Fr::ZERO)),
                        Some(v) => Ok(Scalar(scalar_arg(v)?)),
                    }
                }
                /// Exactly 32 big-endian bytes of a value below r.
                #[staticmethod]
                fn from_bytes(b: Bytes) -> PyResult<Self> {
                    if b.len() != 32 {
                        return Err(enc_err(format!(
                            "scalar must be 32 bytes, got {}",
                            b.len()
                        )));
                    }
                    Option::<Fr>::from(Fr::from_bytes_be(&b))
                        .map(Scalar)
                        .ok_or_else(|| enc_err("scalar is not below the group order"))
                }
                /// A uniformly random scalar (operating-system randomness).
                #[staticmethod]
                fn random() -> Self {
                    Scalar(Fr::random(&mut rand::rngs::OsRng))
                }
                /// The group order r.
                #[staticmethod]
                fn order(py: Python<'_>) -> PyResult<PyObject> {
                    Ok(order(py)?.clone().unbind())
                }
                /// 32 big-endian bytes.
                fn to_bytes<'py>(&self, py: Python<'py>) -> Bound<'py, PyBytes> {
                    PyBytes::new(py, &self.0.to_bytes_be())
                }
                /// The multiplicative inverse; ZeroDivisionError for zero.
                fn inverse(&self) -> PyResult<Self> {
                    Option::<Fr>::from(self.0.invert()).map(Scalar).ok_or_else(|| {
                        pyo3::exceptions::PyZeroDivisionError::new_err("zero has no inverse")
                    })
                }
                fn __int__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
                    py.get_type::<PyInt>().call_method1(
                        "from_bytes",
                        (PyBytes::new(py, &self.0.to_bytes_be()), "big"),
                    )
                }
                fn __index__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
                    self.__int__(py)
                }
                fn __bool__(&self) -> bool {
                    !bool::from(self.0.is_zero())
                }
                fn __add__(&self, o: &Bound<'_, PyAny>) -> PyResult<PyObject> {
                    super::not_impl(o.py(), scalar_of(o)?.map(|x| Scalar(self.0.add(&x))))
                }
                fn __radd__(&self, o: &Bound<'_, PyAny>) -> PyResult<PyObject> {
                    self.__add__(o)
                }
                fn __sub__(&self, o: &Bound<'_, PyAny>) -> PyResult<PyObject> {
                    super::not_impl(o.py(), scalar_of(o)?.map(|x| Scalar(self.0.sub(&x))))
                }
                fn __rsub__(&self, o: &Bound<'_, PyAny>) -> PyResult<PyObject> {
                    super::not_impl(o.py(), scalar_of(o)?.map(|x| Scalar(x.sub(&self.0))))
                }
                fn __mul__(&self, o: &Bound<'_, PyAny>) -> PyResult<PyObject> {
                    super::not_impl(o.py(), scalar_of(o)?.map(|x| Scalar(self.0.mul(&x))))
                }
                fn __rmul__(&self, o: &Bound<'_, PyAny>) -> PyResult<PyObject> {
                    self.__mul__(o)
                }
                fn __truediv__(&self, o: &Bound<'_, PyAny>) -> PyResult<PyObject> {
                    match scalar_of(o)? {
                        None => Ok(o.py().NotImplemented()),
                        Some(x) => super::not_impl(o.py(), Some(Scalar(self.0.mul(&Scalar(x).inverse()?.0)))),
                    }
                }
                fn __pow__(&self, e: u64, m: Option<&Bound<'_, PyAny>>) -> PyResult<Self> {
                    if m.is_some() {
                        return Err(pyo3::exceptions::PyTypeError::new_err(
                            "pow() with a modulus is not supported (the modulus is r)",
                        ));
                    }
                    Ok(Scalar(self.0.pow_vartime(&[e])))
                }
                fn __neg__(&self) -> Self {
                    Scalar(self.0.neg())
                }
                fn __richcmp__(
                    &self,
                    o: &Bound<'_, PyAny>,
                    op: CompareOp,
                    py: Python<'_>,
                ) -> PyResult<PyObject> {
                    let eq = scalar_of(o)?
                        .map(|x| bool::from(self.0.to_limbs()[..].ct_eq(&x.to_limbs()[..])));
                    super::equality(py, eq, op)
                }
                fn __hash__(&self) -> isize {
                    hash_of(&self.0.to_bytes_be())
                }
                fn __repr__(&self) -> String {
                    // scalars may be secret: no value in the repr
                    concat!($label, " Scalar(...)").to_string()
                }
            }

            macro_rules! point_class {
                ($P:ident, $A:ty, $mul:ident, $enc:ident, $dec:ident, $len:ident, $doc:expr) => {
                    #[doc = $doc]
                    #[pyclass(module = $pymod, frozen)]
                    #[derive(Clone, Debug)]
                    pub struct $P(pub $A);

                    #[pymethods]
                    impl $P {
                        /// The fixed generator.
                        #[staticmethod]
                        fn generator() -> Self {
                            $P(<$A>::generator())
                        }
                        /// The point at infinity (the group's neutral element).
                        #[staticmethod]
                        fn identity() -> Self {
                            $P(<$A>::identity())
                        }
                        /// Decodes the curve's standard encoding, fully validated.
                        #[staticmethod]
                        fn from_bytes(b: Bytes) -> PyResult<Self> {
                            <E as PyCurve<N>>::$dec(&b).map($P).map_err(enc_err)
                        }
                        /// The curve's standard encoding.
                        fn to_bytes<'py>(&self, py: Python<'py>) -> Bound<'py, PyBytes> {
                            PyBytes::new(py, &<E as PyCurve<N>>::$enc(&self.0))
                        }
                        /// Length in bytes of the encoding.
                        #[classattr]
                        const ENCODED_LEN: usize = <E as PyCurve<N>>::$len;
                        /// Is this the point at infinity?
                        fn is_identity(&self) -> bool {
                            bool::from(self.0.is_identity())
                        }
                        fn __add__(&self, o: PyRef<'_, $P>) -> Self {
                            $P(self.0.add(&o.0))
                        }
                        fn __sub__(&self, o: PyRef<'_, $P>) -> Self {
                            $P(self.0.sub(&o.0))
                        }
                        fn __neg__(&self) -> Self {
                            $P(self.0.neg())
                        }
                        fn __mul__(
                            &self,
                            py: Python<'_>,
                            k: &Bound<'_, PyAny>,
                        ) -> PyResult<PyObject> {
                            let Some(k) = scalar_of(k)? else {
                                return Ok(py.NotImplemented());
                            };
                            let limbs = zeroize::Zeroizing::new(k.to_limbs());
                            let p = self.0;
                            super::not_impl(py, Some($P(py.allow_threads(|| $mul::<E, N>(&p, &limbs)))))
                        }
                        fn __rmul__(
                            &self,
                            py: Python<'_>,
                            k: &Bound<'_, PyAny>,
                        ) -> PyResult<PyObject> {
                            self.__mul__(py, k)
                        }
                        fn __richcmp__(
                            &self,
                            o: &Bound<'_, PyAny>,
                            op: CompareOp,
                            py: Python<'_>,
                        ) -> PyResult<PyObject> {
                            let eq = o.downcast::<$P>().ok().map(|o| self.0 == o.get().0);
                            super::equality(py, eq, op)
                        }
                        fn __hash__(&self) -> isize {
                            hash_of(&<E as PyCurve<N>>::$enc(&self.0))
                        }
                        fn __bytes__<'py>(&self, py: Python<'py>) -> Bound<'py, PyBytes> {
                            self.to_bytes(py)
                        }
                        fn __repr__(&self) -> String {
                            let b: String = <E as PyCurve<N>>::$enc(&self.0)
                                .iter()
                                .map(|x| format!("{x:02x}"))
                                .collect();
                            format!(concat!($label, " ", stringify!($P), "({})"), b)
                        }
                    }
                };
            }

            point_class!(G1, G1A, g1_mul, g1_enc, g1_dec, G1_LEN,
                concat!("A point of G1 of ", $label, " (immutable)."));
            point_class!(G2, G2A, g2_mul, g2_enc, g2_dec, G2_LEN,
                concat!("A point of G2 of ", $label, " (immutable)."));

            #[doc = concat!("An element of the target group GT of ", $label, " (written multiplicatively).")]
            #[pyclass(module = $pymod, frozen)]
            #[derive(Clone, Debug)]
            pub struct GT(pub GtE);

            #[pymethods]
            impl GT {
                /// The neutral element 1.
                #[staticmethod]
                fn identity() -> Self {
                    GT(GtE::identity())
                }
                /// e(G1.generator(), G2.generator()).
                #[staticmethod]
                fn generator() -> Self {
                    GT(GtE::generator())
                }
                /// Twelve big-endian base-field coordinates, validated to lie in GT.
                #[staticmethod]
                fn from_bytes(b: Bytes) -> PyResult<Self> {
                    GtE::from_bytes(&b)
                        .map(GT)
                        .ok_or_else(|| enc_err("not the encoding of an element of GT"))
                }
                fn to_bytes<'py>(&self, py: Python<'py>) -> Bound<'py, PyBytes> {
                    PyBytes::new(py, &self.0.to_bytes())
                }
                fn is_identity(&self) -> bool {
                    bool::from(self.0.is_identity())
                }
                fn inverse(&self) -> Self {
                    GT(self.0.invert())
                }
                fn __mul__(&self, o: PyRef<'_, GT>) -> Self {
                    GT(self.0.mul(&o.0))
                }
                fn __truediv__(&self, o: PyRef<'_, GT>) -> Self {
                    GT(self.0.mul(&o.0.invert()))
                }
                fn __pow__(
                    &self,
                    py: Python<'_>,
                    k: &Bound<'_, PyAny>,
                    m: Option<&Bound<'_, PyAny>>,
                ) -> PyResult<PyObject> {
                    if m.is_some() {
                        return Err(pyo3::exceptions::PyTypeError::new_err(
                            "pow() with a modulus is not supported",
                        ));
                    }
                    let Some(k) = scalar_of(k)? else {
                        return Ok(py.NotImplemented());
                    };
                    let g = self.0;
                    super::not_impl(py, Some(GT(py.allow_threads(|| g.pow_scalar(&k)))))
                }
                fn __richcmp__(
                    &self,
                    o: &Bound<'_, PyAny>,
                    op: CompareOp,
                    py: Python<'_>,
                ) -> PyResult<PyObject> {
                    let eq = o.downcast::<GT>().ok().map(|o| self.0 == o.get().0);
                    super::equality(py, eq, op)
                }
                fn __hash__(&self) -> isize {
                    hash_of(&self.0.to_bytes())
                }
                fn __repr__(&self) -> String {
                    concat!($label, " GT(...)").to_string()
                }
            }

            /// Extracts (P, Q) pairs from a Python iterable of 2-tuples.
            fn pairs_of(pairs: &Bound<'_, PyAny>) -> PyResult<Vec<(G1A, G2A)>> {
                let mut v = Vec::new();
                for item in pairs.try_iter()? {
                    let (p, q): (PyRef<'_, G1>, PyRef<'_, G2>) = item?.extract()?;
                    v.push((p.0, q.0));
                }
                Ok(v)
            }

            /// e(P, Q): the optimal Ate pairing.
            #[pyfunction]
            fn pairing(py: Python<'_>, p: PyRef<'_, G1>, q: PyRef<'_, G2>) -> GT {
                let (p, q) = (p.0, q.0);
                GT(py.allow_threads(|| hayate_pairing::pairing::<E, N>(&p, &q)))
            }

            /// ∏ e(P_i, Q_i) over an iterable of (G1, G2) pairs: one shared Miller loop and one
            /// final exponentiation (`threads` > 1 shares the Miller loops out).
            #[pyfunction]
            #[pyo3(signature = (pairs, threads = 1))]
            fn multi_pairing(py: Python<'_>, pairs: &Bound<'_, PyAny>, threads: usize) -> PyResult<GT> {
                let v = pairs_of(pairs)?;
                Ok(GT(py.allow_threads(|| {
                    hayate_pairing::multi_pairing_threads::<E, N>(&v, threads.max(1))
                })))
            }

            /// [e(P_i, Q_i) for each pair], computed in one call without the GIL.
            #[pyfunction]
            fn pairings(py: Python<'_>, pairs: &Bound<'_, PyAny>) -> PyResult<Vec<GT>> {
                let v = pairs_of(pairs)?;
                Ok(py.allow_threads(|| {
                    v.iter()
                        .map(|(p, q)| GT(hayate_pairing::pairing::<E, N>(p, q)))
                        .collect()
                }))
            }

            /// Hash of `msg` onto G1 under the domain-separation tag `dst`.
            #[pyfunction]
            fn hash_to_g1(py: Python<'_>, msg: Bytes, dst: Bytes) -> G1 {
                G1(py.allow_threads(|| <E as hayate_fe::curve::FeCurve<N>>::hash_to_g1(&msg, &dst)))
            }

            /// [hash_to_g1(m, dst) for m in msgs] in one call without the GIL.
            #[pyfunction]
            fn hash_to_g1_many(py: Python<'_>, msgs: Vec<Bytes>, dst: Bytes) -> Vec<G1> {
                py.allow_threads(|| {
                    msgs.iter()
                        .map(|m| G1(<E as hayate_fe::curve::FeCurve<N>>::hash_to_g1(m, &dst)))
                        .collect()
                })
            }

            fn unavailable() -> PyErr {
                pyo3::exceptions::PyNotImplementedError::new_err(concat!(
                    "not available on ",
                    $label
                ))
            }

            /// RFC 9380 hash_to_curve onto G2 (BLS12-381 only).
            #[pyfunction]
            fn hash_to_g2(py: Python<'_>, msg: Bytes, dst: Bytes) -> PyResult<G2> {
                py.allow_threads(|| <E as PyCurve<N>>::hash_g2(&msg, &dst))
                    .map(G2)
                    .ok_or_else(unavailable)
            }

            /// [hash_to_g2(m, dst) for m in msgs] in one call without the GIL.
            #[pyfunction]
            fn hash_to_g2_many(py: Python<'_>, msgs: Vec<Bytes>, dst: Bytes) -> PyResult<Vec<G2>> {
                py.allow_threads(|| {
                    msgs.iter()
                        .map(|m| <E as PyCurve<N>>::hash_g2(m, &dst).map(G2))
                        .collect::<Option<Vec<G2>>>()
                })
                .ok_or_else(unavailable)
            }

            /// RFC 9380 encode_to_curve (non-uniform) onto G1 (BLS12-381 only).
            #[pyfunction]
            fn encode_to_g1(py: Python<'_>, msg: Bytes, dst: Bytes) -> PyResult<G1> {
                py.allow_threads(|| <E as PyCurve<N>>::encode_g1(&msg, &dst))
                    .map(G1)
                    .ok_or_else(unavailable)
            }

            /// RFC 9380 encode_to_curve (non-uniform) onto G2 (BLS12-381 only).
            #[pyfunction]
            fn encode_to_g2(py: Python<'_>, msg: Bytes, dst: Bytes) -> PyResult<G2> {
                py.allow_threads(|| <E as PyCurve<N>>::encode_g2(&msg, &dst))
                    .map(G2)
                    .ok_or_else(unavailable)
            }

            /// Seconds per pairing e(P, Q) timed inside Rust over `iters` calls (the
            /// reference for the binding's per-call overhead in `hayate.bench`).
            #[pyfunction]
            fn _rust_pairing_seconds(py: Python<'_>, p: PyRef<'_, G1>, q: PyRef<'_, G2>, iters: u32) -> f64 {
                let (p, q) = (p.0, q.0);
                py.allow_threads(|| {
                    let t = std::time::Instant::now();
                    for _ in 0..iters.max(1) {
                        std::hint::black_box(hayate_pairing::pairing::<E, N>(
                            std::hint::black_box(&p),
                            std::hint::black_box(&q),
                        ));
                    }
                    t.elapsed().as_secs_f64() / f64::from(iters.max(1))
                })
            }

            pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
                m.add_function(wrap_pyfunction!(_rust_pairing_seconds, m)?)?;
                m.add_class::<Scalar>()?;
                m.add_class::<G1>()?;
                m.add_class::<G2>()?;
                m.add_class::<GT>()?;
                m.add_function(wrap_pyfunction!(pairing, m)?)?;
                m.add_function(wrap_pyfunction!(multi_pairing, m)?)?;
                m.add_function(wrap_pyfunction!(pairings, m)?)?;
                m.add_function(wrap_pyfunction!(hash_to_g1, m)?)?;
                m.add_function(wrap_pyfunction!(hash_to_g1_many, m)?)?;
                m.add_function(wrap_pyfunction!(hash_to_g2, m)?)?;
                m.add_function(wrap_pyfunction!(hash_to_g2_many, m)?)?;
                m.add_function(wrap_pyfunction!(encode_to_g1, m)?)?;
                m.add_function(wrap_pyfunction!(encode_to_g2, m)?)?;
                m.add("NAME", $label)?;
                Ok(())
            }
        }
    };
}

curve_module!(
    bls12_381,
    hayate_pairing::bls12_381::Bls12381,
    6,
    "hayate.bls12_381",
    "BLS12-381"
);
curve_module!(
    bn254,
    hayate_pairing::bn254::Bn254,
    4,
    "hayate.bn254",
    "alt_bn128"
);
curve_module!(
    bn254_beuchat,
    hayate_pairing::bn254_beuchat::Bn254Beuchat,
    4,
    "hayate.bn254_beuchat",
    "bn254-beuchat"
);

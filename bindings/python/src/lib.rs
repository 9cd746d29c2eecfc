//! `hayate._native`: the PyO3 extension module behind the `hayate` Python package.
//!
//! The Python package (`bindings/python/hayate/`) re-exports this module's submodules under
//! Pythonic names and carries the type stubs; this crate holds every binding:
//!
//! * `curves` — G1, G2, GT and scalars of bn254-beuchat, alt_bn128 (`bn254`) and BLS12-381
//!   with Python operators, `pairing`, `multi_pairing`, hash-to-curve and the library's
//!   standard byte encodings (Zcash compressed for BLS12-381, EIP-196/197 for alt_bn128, the
//!   FE object encoding for bn254-beuchat);
//! * `bls` — BLS signatures (`hayate-bls`, draft-irtf-cfrg-bls-signature-05), min-pk and
//!   min-sig;
//! * `aead` — the seven AEADs of `hayate-aead` by name;
//! * `ecdh` — SEC 1 ECDH on the named curves of `hayate-ec`;
//! * `fe` — FAME and OT10 (`hayate-fe`) on bytes, as the `hayate fe` command drives them;
//! * `evm` — the Ethereum precompiles of `hayate_pairing::evm`.
//!
//! Contract: every library error becomes an exception of the `hayate.Error` hierarchy carrying
//! the library's message; inputs are validated before they reach the library (lengths,
//! encodings, names), and the library's functions used here return typed errors rather than
//! panic on bad input. Operations that take more than a few microseconds run with the GIL
//! released (`Python::allow_threads`). Copies of secret inputs made here are wiped on drop
//! (`zeroize::Zeroizing`); secret outputs are returned as `bytearray`, which the caller can
//! overwrite.

// PyO3's generated glue for number-protocol methods (`__add__`, `__mul__`, …) calls its own
// `unsafe fn`s without inner `unsafe` blocks; the crate's own code has no `unsafe`.
#![allow(unsafe_op_in_unsafe_fn)]

use pyo3::exceptions::PyException;
use pyo3::prelude::*;
use pyo3::types::{PyByteArray, PyBytes};
use zeroize::Zeroizing;

mod aead;
mod bls;
mod curves;
mod ecdh;
mod fe;

pyo3::create_exception!(
    hayate,
    Error,
    PyException,
    "Base class of every hayate error."
);
pyo3::create_exception!(
    hayate,
    EncodingError,
    Error,
    "Malformed input bytes: wrong length, non-canonical value, point off the curve or outside the subgroup."
);
pyo3::create_exception!(
    hayate,
    InvalidKeyError,
    Error,
    "A key is not valid for the operation (wrong length, out of range, identity)."
);
pyo3::create_exception!(
    hayate,
    AuthenticationError,
    Error,
    "An AEAD tag or an FE ciphertext did not authenticate; no plaintext was released."
);
pyo3::create_exception!(
    hayate,
    DecryptionError,
    Error,
    "An FE key cannot decrypt a ciphertext (policy not satisfied, wrong key)."
);

/// An error of kind `E` with the library's message.
pub(crate) fn err<E: pyo3::PyTypeInfo>(msg: impl std::fmt::Display) -> PyErr {
    PyErr::new::<E, _>(msg.to_string())
}

/// A copy of a bytes-like argument (`bytes`, `bytearray`, `memoryview`, anything with the
/// buffer protocol), wiped when dropped: secret inputs never linger in Rust memory.
pub(crate) struct Bytes(pub Zeroizing<Vec<u8>>);

impl<'py> FromPyObject<'py> for Bytes {
    fn extract_bound(ob: &Bound<'py, PyAny>) -> PyResult<Self> {
        if let Ok(b) = ob.downcast::<PyBytes>() {
            return Ok(Bytes(Zeroizing::new(b.as_bytes().to_vec())));
        }
        if let Ok(b) = ob.downcast::<PyByteArray>() {
            return Ok(Bytes(Zeroizing::new(b.to_vec())));
        }
        if ob.is_instance_of::<pyo3::types::PyString>() {
            return Err(pyo3::exceptions::PyTypeError::new_err(
                "expected a bytes-like object, got str",
            ));
        }
        // memoryview and other buffer objects: through bytes(...)
        let b = ob.py().get_type::<PyBytes>().call1((ob,)).map_err(|_| {
            pyo3::exceptions::PyTypeError::new_err(format!(
                "expected a bytes-like object, got {}",
                ob.get_type()
                    .name()
                    .map(|n| n.to_string())
                    .unwrap_or_default()
            ))
        })?;
        let b = b.downcast::<PyBytes>()?;
        Ok(Bytes(Zeroizing::new(b.as_bytes().to_vec())))
    }
}

impl std::ops::Deref for Bytes {
    type Target = [u8];
    fn deref(&self) -> &[u8] {
        &self.0
    }
}

/// Secret output bytes as a `bytearray` (mutable, so the caller can wipe it).
pub(crate) fn secret_out<'py>(py: Python<'py>, b: &[u8]) -> Bound<'py, PyByteArray> {
    PyByteArray::new(py, b)
}

/// `hayate_pairing::evm::run`: an Ethereum precompile (EIP-196/197, EIP-2537) by name.
#[pyfunction]
fn evm_run(py: Python<'_>, name: &str, input: Bytes) -> PyResult<Py<PyBytes>> {
    let out = py
        .allow_threads(|| hayate_pairing::evm::run(name, &input))
        .map_err(err::<Error>)?;
    Ok(PyBytes::new(py, &out).unbind())
}

/// Adds a submodule `name` built by `init` to `parent`.
pub(crate) fn submodule(
    parent: &Bound<'_, PyModule>,
    name: &str,
    init: impl FnOnce(&Bound<'_, PyModule>) -> PyResult<()>,
) -> PyResult<()> {
    let m = PyModule::new(parent.py(), name)?;
    init(&m)?;
    parent.add_submodule(&m)
}

#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("Error", py.get_type::<Error>())?;
    m.add("EncodingError", py.get_type::<EncodingError>())?;
    m.add("InvalidKeyError", py.get_type::<InvalidKeyError>())?;
    m.add("AuthenticationError", py.get_type::<AuthenticationError>())?;
    m.add("DecryptionError", py.get_type::<DecryptionError>())?;
    m.add_function(wrap_pyfunction!(evm_run, m)?)?;
    submodule(m, "bls12_381", curves::bls12_381::register)?;
    submodule(m, "bn254", curves::bn254::register)?;
    submodule(m, "bn254_beuchat", curves::bn254_beuchat::register)?;
    submodule(m, "min_pk", bls::min_pk::register)?;
    submodule(m, "min_sig", bls::min_sig::register)?;
    submodule(m, "aead", aead::register)?;
    submodule(m, "ecdh", ecdh::register)?;
    submodule(m, "fe", fe::register)?;
    Ok(())
}

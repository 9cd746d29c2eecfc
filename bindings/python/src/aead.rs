//! The seven AEADs of `hayate-aead` (the six CAESAR use-case-1 finalists and NIST SP 800-232
//! Ascon-AEAD128) through its byte-slice API (`hayate_aead::by_name`).
//!
//! `encrypt` returns ciphertext ‖ tag; `decrypt` returns the plaintext only if the tag
//! verifies and raises `AuthenticationError` otherwise (the library wipes its output
//! buffer on failure, so no unauthenticated plaintext reaches Python). Key and nonce lengths
//! are checked by the library (`InvalidKeyError` / `EncodingError` with its message).

use hayate_aead::Error as AeadError;
use pyo3::prelude::*;
use pyo3::types::PyBytes;

use crate::{err, AuthenticationError, Bytes, EncodingError, Error, InvalidKeyError};

fn aead_err(e: AeadError) -> PyErr {
    match e {
        AeadError::Authentication => err::<AuthenticationError>(e),
        AeadError::KeyLength { .. } => err::<InvalidKeyError>(e),
        AeadError::UnknownAlgorithm => err::<Error>(e),
        _ => err::<EncodingError>(e),
    }
}

fn scheme(name: &str) -> PyResult<&'static dyn hayate_aead::Aead> {
    hayate_aead::by_name(name).map_err(|_| {
        let names: Vec<&str> = hayate_aead::ALGORITHMS.iter().map(|a| a.name()).collect();
        err::<Error>(format!(
            "unknown algorithm {name:?} (expected one of {})",
            names.join(", ")
        ))
    })
}

/// (name, key bytes, nonce bytes, tag bytes) of every algorithm.
#[pyfunction]
fn algorithms() -> Vec<(&'static str, usize, usize, usize)> {
    hayate_aead::ALGORITHMS
        .iter()
        .map(|a| (a.name(), a.key_len(), a.nonce_len(), a.tag_len()))
        .collect()
}

/// Encrypts `pt` with associated data `ad`: ciphertext ‖ tag.
#[pyfunction]
fn encrypt(
    py: Python<'_>,
    alg: &str,
    key: Bytes,
    nonce: Bytes,
    pt: Bytes,
    ad: Bytes,
) -> PyResult<Py<PyBytes>> {
    let a = scheme(alg)?;
    let ct = py
        .allow_threads(|| a.encrypt(&key, &nonce, &ad, &pt))
        .map_err(aead_err)?;
    Ok(PyBytes::new(py, &ct).unbind())
}

/// Decrypts ciphertext ‖ tag; `AuthenticationError` if the tag does not verify.
#[pyfunction]
fn decrypt(
    py: Python<'_>,
    alg: &str,
    key: Bytes,
    nonce: Bytes,
    ct: Bytes,
    ad: Bytes,
) -> PyResult<Py<PyBytes>> {
    let a = scheme(alg)?;
    let pt = zeroize::Zeroizing::new(
        py.allow_threads(|| a.decrypt(&key, &nonce, &ad, &ct))
            .map_err(aead_err)?,
    );
    Ok(PyBytes::new(py, &pt).unbind())
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(algorithms, m)?)?;
    m.add_function(wrap_pyfunction!(encrypt, m)?)?;
    m.add_function(wrap_pyfunction!(decrypt, m)?)?;
    Ok(())
}

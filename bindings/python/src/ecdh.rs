//! SEC 1 ECDH (`hayate_ec::ecdh`) on the named curves of `hayate-ec` (secp192r1 … secp521r1,
//! secp256k1, brainpoolP256r1/P384r1; NIST aliases accepted), as the `hayate ecdh` command
//! does it: the private key is a big-endian integer in [1, n − 1], the public key a SEC 1
//! point (compressed or uncompressed, fully validated), the result the shared x-coordinate.

use hayate_ec::curves::{CurveId, CurveVisitor, NamedCurve};
use hayate_ec::ecdh::{ecdh_by_id, EcdhError, SecretKey};
use pyo3::prelude::*;
use pyo3::types::{PyByteArray, PyBytes};
use zeroize::Zeroizing;

use crate::{err, secret_out, Bytes, EncodingError, Error, InvalidKeyError};

fn curve(name: &str) -> PyResult<CurveId> {
    CurveId::from_name(name).ok_or_else(|| {
        let names: Vec<&str> = CurveId::ALL.iter().map(|c| c.name()).collect();
        err::<Error>(format!(
            "unknown curve {name:?} (expected one of {})",
            names.join(", ")
        ))
    })
}

fn ecdh_err(e: EcdhError) -> PyErr {
    match e {
        EcdhError::InvalidPrivateKey => err::<InvalidKeyError>(e),
        EcdhError::InvalidPublicKey(_) => err::<EncodingError>(e),
        _ => err::<Error>(e),
    }
}

/// The names of the supported curves.
#[pyfunction]
fn curves() -> Vec<&'static str> {
    CurveId::ALL.iter().map(|c| c.name()).collect()
}

/// The shared secret x([d]Q) of `private_key` d and the peer's SEC 1 `public_key` Q.
#[pyfunction]
fn shared_secret(
    py: Python<'_>,
    curve_name: &str,
    private_key: Bytes,
    public_key: Bytes,
) -> PyResult<Py<PyBytes>> {
    let c = curve(curve_name)?;
    let z = py
        .allow_threads(|| ecdh_by_id(c, &private_key, &public_key))
        .map_err(ecdh_err)?;
    Ok(PyBytes::new(py, z.as_bytes()).unbind())
}

/// Private key bytes (if any) → (private key, SEC 1 public key).
struct Keys<'a>(Option<&'a [u8]>, bool);
impl CurveVisitor for Keys<'_> {
    type Output = Result<(Zeroizing<Vec<u8>>, Vec<u8>), EcdhError>;
    fn visit<C: NamedCurve>(self) -> Self::Output {
        let sk = match self.0 {
            Some(b) => SecretKey::<C>::from_bytes_be(b)?,
            None => SecretKey::<C>::random(&mut rand::rngs::OsRng),
        };
        Ok((
            Zeroizing::new(sk.to_bytes_be()),
            sk.public_key().to_sec1_bytes(self.1),
        ))
    }
}

/// A fresh key pair: (private key as a bytearray, SEC 1 public key).
#[pyfunction]
#[pyo3(signature = (curve_name, compressed = false))]
fn generate_keypair<'py>(
    py: Python<'py>,
    curve_name: &str,
    compressed: bool,
) -> PyResult<(Bound<'py, PyByteArray>, Bound<'py, PyBytes>)> {
    let c = curve(curve_name)?;
    let (sk, pk) = py
        .allow_threads(|| c.visit(Keys(None, compressed)))
        .map_err(ecdh_err)?;
    Ok((secret_out(py, &sk), PyBytes::new(py, &pk)))
}

/// The SEC 1 public key of `private_key`.
#[pyfunction]
#[pyo3(signature = (curve_name, private_key, compressed = false))]
fn public_key<'py>(
    py: Python<'py>,
    curve_name: &str,
    private_key: Bytes,
    compressed: bool,
) -> PyResult<Bound<'py, PyBytes>> {
    let c = curve(curve_name)?;
    let (_, pk) = py
        .allow_threads(|| c.visit(Keys(Some(&private_key), compressed)))
        .map_err(ecdh_err)?;
    Ok(PyBytes::new(py, &pk))
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(curves, m)?)?;
    m.add_function(wrap_pyfunction!(shared_secret, m)?)?;
    m.add_function(wrap_pyfunction!(generate_keypair, m)?)?;
    m.add_function(wrap_pyfunction!(public_key, m)?)?;
    Ok(())
}

//! Functional encryption (`hayate-fe`) on bytes: FAME CP-ABE (Agrawal–Chase, CCS 2017) and the
//! Okamoto–Takashima CP-FE (CRYPTO 2010), driven as the `hayate fe` command drives them.
//!
//! Keys are the library's serialized objects (`hayate_fe::serial`: a header naming scheme,
//! curve and kind, then the body), so `keygen`, `encrypt` and `decrypt` read the scheme and
//! the curve from their inputs. A ciphertext is the FE ciphertext object (which carries the
//! policy) followed by the hybrid symmetric stream (`hayate_fe::hybrid`, AES-128-GCM by
//! default or paper 000's AES-128-CBC + HMAC-SHA-256) keyed from the encapsulated GT element,
//! exactly the bytes `hayate fe encrypt` writes to its output file. Attribute and policy
//! syntax: `hayate_fe::policy` (FAME) and `hayate_fe::ot10` (categories `t1..td`).
//!
//! Master and user keys are returned as `bytearray`; decryption raises `DecryptionError`
//! when the key cannot open the ciphertext (policy not satisfied, other setup) and
//! `AuthenticationError` when the symmetric part does not authenticate.

use hayate_fe::curve::{FeCurve, CURVES};
use hayate_fe::policy::Attributes;
use hayate_fe::{fame, hybrid, ot10, serial};
use hayate_pairing::bls12_381::Bls12381;
use hayate_pairing::bn254::Bn254;
use hayate_pairing::bn254_beuchat::Bn254Beuchat;
use pyo3::prelude::*;
use pyo3::types::{PyByteArray, PyBytes};
use rand::rngs::OsRng;
use zeroize::Zeroizing;

use crate::{
    err, secret_out, AuthenticationError, Bytes, DecryptionError, EncodingError, Error,
    InvalidKeyError,
};

/// An error and the Python class it maps to (built once the GIL is held again).
enum FeErr {
    Invalid(String),
    Encoding(String),
    Decrypt(String),
    Auth(String),
}

impl From<FeErr> for PyErr {
    fn from(e: FeErr) -> PyErr {
        match e {
            FeErr::Invalid(m) => err::<Error>(m),
            FeErr::Encoding(m) => err::<EncodingError>(m),
            FeErr::Decrypt(m) => err::<DecryptionError>(m),
            FeErr::Auth(m) => err::<AuthenticationError>(m),
        }
    }
}

fn ser(what: &'static str) -> impl Fn(serial::SerialError) -> FeErr {
    move |e| FeErr::Encoding(format!("{what}: {e}"))
}

fn fame_err(e: fame::FameError) -> FeErr {
    match e {
        fame::FameError::NotSatisfied | fame::FameError::KeyMismatch => {
            FeErr::Decrypt(e.to_string())
        }
        fame::FameError::Malformed => FeErr::Encoding(e.to_string()),
        _ => FeErr::Invalid(e.to_string()),
    }
}

fn ot10_err(e: ot10::Ot10Error) -> FeErr {
    match e {
        ot10::Ot10Error::NotSatisfied | ot10::Ot10Error::KeyMismatch => {
            FeErr::Decrypt(e.to_string())
        }
        ot10::Ot10Error::Malformed => FeErr::Encoding(e.to_string()),
        _ => FeErr::Invalid(e.to_string()),
    }
}

fn hybrid_err(e: hybrid::HybridError) -> FeErr {
    match e {
        hybrid::HybridError::Authentication | hybrid::HybridError::Truncated => {
            FeErr::Auth(e.to_string())
        }
        _ => FeErr::Encoding(e.to_string()),
    }
}

/// Runs `$f::<Curve, N>(args…)` for a curve identifier.
macro_rules! with_curve {
    ($id:expr, $f:ident ( $($arg:expr),* )) => {
        match $id {
            1 => $f::<Bls12381, 6>($($arg),*),
            2 => $f::<Bn254Beuchat, 4>($($arg),*),
            3 => $f::<Bn254, 4>($($arg),*),
            other => Err(FeErr::Encoding(format!("unknown curve id {other}"))),
        }
    };
}

fn header(what: &'static str, b: &[u8]) -> Result<serial::Header, FeErr> {
    serial::read_header(b).map_err(ser(what))
}

fn is_ot10(h: &serial::Header) -> bool {
    h.scheme == serial::Scheme::Ot10 as u8
}

type KeyPair = (Vec<u8>, Zeroizing<Vec<u8>>);

fn setup_on<E: FeCurve<N>, const N: usize>(ot: Option<&[usize]>) -> Result<KeyPair, FeErr> {
    Ok(match ot {
        None => {
            let (pk, msk) = fame::setup::<E, N>(&mut OsRng);
            (
                serial::fame_pk_to_bytes(&pk),
                Zeroizing::new(serial::fame_msk_to_bytes(&msk)),
            )
        }
        Some(dims) => {
            let (pk, msk) = ot10::setup::<E, N>(dims, &mut OsRng).map_err(ot10_err)?;
            (
                serial::ot10_pk_to_bytes(&pk),
                Zeroizing::new(serial::ot10_msk_to_bytes(&msk)),
            )
        }
    })
}

/// (public key, master secret key) of a new setup.
#[pyfunction]
#[pyo3(signature = (scheme = "fame", curve = "bls12-381", categories = 5, dim = 2))]
fn setup<'py>(
    py: Python<'py>,
    scheme: &str,
    curve: &str,
    categories: usize,
    dim: usize,
) -> PyResult<(Bound<'py, PyBytes>, Bound<'py, PyByteArray>)> {
    let id = CURVES
        .iter()
        .find(|(n, _)| *n == curve)
        .map(|(_, i)| *i)
        .ok_or_else(|| {
            err::<Error>(format!(
                "unknown curve {curve:?} (bls12-381, bn254-beuchat, bn254)"
            ))
        })?;
    let dims;
    let ot = match scheme {
        "fame" => None,
        "ot10" => {
            // sizes checked before anything is allocated for them
            if ot10::check_dims(&[dim]).is_err()
                || !(1..=ot10::MAX_CATEGORIES).contains(&categories)
            {
                return Err(err::<Error>(format!(
                    "ot10 parameters: need 1 <= categories <= {} and 2 <= dim <= {}",
                    ot10::MAX_CATEGORIES,
                    ot10::MAX_DIM
                )));
            }
            dims = vec![dim; categories];
            Some(&dims[..])
        }
        other => {
            return Err(err::<Error>(format!(
                "unknown scheme {other:?} (fame, ot10)"
            )))
        }
    };
    let (pk, msk) = py.allow_threads(|| with_curve!(id, setup_on(ot)))?;
    Ok((PyBytes::new(py, &pk), secret_out(py, &msk)))
}

fn keygen_on<E: FeCurve<N>, const N: usize>(
    msk: &[u8],
    attrs: &str,
    ot: bool,
) -> Result<Zeroizing<Vec<u8>>, FeErr> {
    Ok(Zeroizing::new(if ot {
        let a = ot10::AttrSet::parse(attrs).map_err(ot10_err)?;
        let msk = serial::ot10_msk_from_bytes::<E, N>(msk).map_err(ser("master key"))?;
        serial::ot10_sk_to_bytes(&ot10::keygen(&msk, &a, &mut OsRng).map_err(ot10_err)?)
    } else {
        let a = Attributes::parse(attrs).map_err(|e| FeErr::Invalid(format!("attributes: {e}")))?;
        let msk = serial::fame_msk_from_bytes::<E, N>(msk).map_err(ser("master key"))?;
        serial::fame_sk_to_bytes(&fame::keygen(&msk, &a, &mut OsRng))
    }))
}

/// A user key for the comma-separated attribute list `attrs`.
#[pyfunction]
fn keygen<'py>(py: Python<'py>, msk: Bytes, attrs: &str) -> PyResult<Bound<'py, PyByteArray>> {
    let h = header("master key", &msk)?;
    if h.kind != serial::Kind::MasterKey as u8 {
        return Err(err::<InvalidKeyError>("not an FE master secret key"));
    }
    let sk = py.allow_threads(|| with_curve!(h.curve, keygen_on(&msk, attrs, is_ot10(&h))))?;
    Ok(secret_out(py, &sk))
}

fn encrypt_on<E: FeCurve<N>, const N: usize>(
    pk: &[u8],
    policy: &str,
    pt: &[u8],
    mode: hybrid::Mode,
    chunk: u32,
    ot: bool,
) -> Result<Vec<u8>, FeErr> {
    let (mut ctb, key) = if ot {
        let pk = serial::ot10_pk_from_bytes::<E, N>(pk).map_err(ser("public key"))?;
        let (ct, key) = ot10::encapsulate(&pk, policy, &mut OsRng).map_err(ot10_err)?;
        (serial::ot10_ct_to_bytes(&ct), key)
    } else {
        let pk = serial::fame_pk_from_bytes::<E, N>(pk).map_err(ser("public key"))?;
        let (ct, key) = fame::encapsulate(&pk, policy, &mut OsRng).map_err(fame_err)?;
        (serial::fame_ct_to_bytes(&ct), key)
    };
    let ikm = Zeroizing::new(key.to_bytes());
    let body = hybrid::encrypt(&ikm, &ctb, mode, chunk, pt).map_err(hybrid_err)?;
    ctb.extend_from_slice(&body);
    Ok(ctb)
}

/// Encrypts `plaintext` under `policy`: FE ciphertext object ‖ symmetric stream.
#[pyfunction]
#[pyo3(signature = (pk, policy, plaintext, mode = "gcm", chunk_size = hybrid::DEFAULT_CHUNK))]
fn encrypt(
    py: Python<'_>,
    pk: Bytes,
    policy: &str,
    plaintext: Bytes,
    mode: &str,
    chunk_size: u32,
) -> PyResult<Py<PyBytes>> {
    let mode = match mode {
        "gcm" => hybrid::Mode::Aes128Gcm,
        "cbc-hmac" => hybrid::Mode::Aes128CbcHmacSha256,
        other => {
            return Err(err::<Error>(format!(
                "unknown mode {other:?} (gcm, cbc-hmac)"
            )))
        }
    };
    hybrid::check_chunk_size(chunk_size).map_err(|e| err::<Error>(format!("chunk_size: {e}")))?;
    let h = header("public key", &pk)?;
    if h.kind != serial::Kind::PublicKey as u8 {
        return Err(err::<InvalidKeyError>("not an FE public key"));
    }
    let ct = py.allow_threads(|| {
        with_curve!(
            h.curve,
            encrypt_on(&pk, policy, &plaintext, mode, chunk_size, is_ot10(&h))
        )
    })?;
    Ok(PyBytes::new(py, &ct).unbind())
}

fn decrypt_on<E: FeCurve<N>, const N: usize>(
    sk: &[u8],
    ct: &[u8],
    ot: bool,
    threads: usize,
) -> Result<Zeroizing<Vec<u8>>, FeErr> {
    let h = header("ciphertext", ct)?;
    let obj_len = serial::HEADER_LEN + h.body_len;
    let (obj, rest) = ct.split_at(obj_len.min(ct.len()));
    let key = if ot {
        let sk = serial::ot10_sk_from_bytes::<E, N>(sk).map_err(ser("user key"))?;
        let (c, _) = serial::ot10_ct_from_bytes::<E, N>(obj).map_err(ser("ciphertext"))?;
        ot10::decapsulate_threads(&sk, &c, threads).map_err(ot10_err)?
    } else {
        let sk = serial::fame_sk_from_bytes::<E, N>(sk).map_err(ser("user key"))?;
        let (c, _) = serial::fame_ct_from_bytes::<E, N>(obj).map_err(ser("ciphertext"))?;
        fame::decapsulate_threads(&sk, &c, threads).map_err(fame_err)?
    };
    let ikm = Zeroizing::new(key.to_bytes());
    hybrid::decrypt(&ikm, obj, rest)
        .map(Zeroizing::new)
        .map_err(hybrid_err)
}

/// Decrypts a ciphertext of [`encrypt`] with a user key; `threads` > 1 shares the pairings.
#[pyfunction]
#[pyo3(signature = (sk, ciphertext, threads = 1))]
fn decrypt(py: Python<'_>, sk: Bytes, ciphertext: Bytes, threads: usize) -> PyResult<Py<PyBytes>> {
    let hk = header("user key", &sk)?;
    if hk.kind != serial::Kind::UserKey as u8 {
        return Err(err::<InvalidKeyError>("not an FE user key"));
    }
    let hc = header("ciphertext", &ciphertext)?;
    if hc.kind != serial::Kind::Ciphertext as u8 {
        return Err(err::<EncodingError>("not an FE ciphertext"));
    }
    if hc.scheme != hk.scheme || hc.curve != hk.curve {
        return Err(err::<DecryptionError>(
            "the ciphertext and the key belong to different schemes or curves",
        ));
    }
    let pt = py.allow_threads(|| {
        with_curve!(
            hk.curve,
            decrypt_on(&sk, &ciphertext, is_ot10(&hk), threads.max(1))
        )
    })?;
    Ok(PyBytes::new(py, &pt).unbind())
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(setup, m)?)?;
    m.add_function(wrap_pyfunction!(keygen, m)?)?;
    m.add_function(wrap_pyfunction!(encrypt, m)?)?;
    m.add_function(wrap_pyfunction!(decrypt, m)?)?;
    Ok(())
}

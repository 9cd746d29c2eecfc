//! BLS signatures (`hayate-bls`, draft-irtf-cfrg-bls-signature-05) as Python classes, one
//! module per variant: `min_pk` (keys in G1, signatures in G2, the Ethereum variant) and
//! `min_sig` (keys in G2, signatures in G1).
//!
//! Each module has `SecretKey`, `PublicKey` and `Signature`; the scheme (`"basic"`, `"aug"`,
//! `"pop"`, default `"pop"`) is an argument of the operations that depend on it. Decoding
//! errors and invalid keys raise (`EncodingError`, `InvalidKeyError`); a signature that does
//! not verify — including the draft's INVALID outcomes for an empty key list or repeated
//! messages in the basic scheme — gives `False`. Secret keys stay inside the Rust object
//! (zeroized on drop by `hayate-bls`); `SecretKey.to_bytes()` returns a `bytearray`.

use hayate_bls::{Error as BlsError, Scheme};
use pyo3::prelude::*;

use crate::{err, EncodingError, Error, InvalidKeyError};

/// The Python exception for a `hayate-bls` error.
pub(crate) fn bls_err(e: BlsError) -> PyErr {
    match e {
        BlsError::InvalidLength { .. }
        | BlsError::BadEncoding(_)
        | BlsError::NotOnCurve
        | BlsError::NotInSubgroup => err::<EncodingError>(e),
        BlsError::IdentityKey | BlsError::InvalidSecretKey | BlsError::IkmTooShort => {
            err::<InvalidKeyError>(e)
        }
        _ => err::<Error>(e),
    }
}

/// A verification outcome as a bool: failures that the draft calls INVALID are `false`,
/// misuse (lists of different lengths) raises.
pub(crate) fn verdict(r: Result<(), BlsError>) -> PyResult<bool> {
    match r {
        Ok(()) => Ok(true),
        Err(BlsError::VerificationFailed | BlsError::DuplicateMessage | BlsError::EmptyInput) => {
            Ok(false)
        }
        Err(e) => Err(bls_err(e)),
    }
}

pub(crate) fn scheme_of(s: &str) -> PyResult<Scheme> {
    Scheme::from_name(s).ok_or_else(|| {
        pyo3::exceptions::PyValueError::new_err(format!(
            "unknown scheme {s:?} (expected \"basic\", \"aug\" or \"pop\")"
        ))
    })
}

macro_rules! bls_module {
    ($m:ident, $pymod:tt) => {
        pub mod $m {
            use super::{bls_err, scheme_of, verdict};
            use crate::{secret_out, Bytes};
            use hayate_bls::$m as v;
            use pyo3::prelude::*;
            use pyo3::types::{PyByteArray, PyBytes};

            /// A BLS secret key (0 < sk < r), zeroized when collected.
            #[pyclass(module = $pymod, frozen)]
            pub struct SecretKey(v::SecretKey);

            impl std::fmt::Debug for SecretKey {
                fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                    f.write_str("SecretKey(..)")
                }
            }

            #[pymethods]
            impl SecretKey {
                /// KeyGen (draft §2.3): HKDF-SHA-256 of `ikm` (at least 32 bytes).
                #[staticmethod]
                #[pyo3(signature = (ikm, key_info = None))]
                fn key_gen(ikm: Bytes, key_info: Option<Bytes>) -> PyResult<Self> {
                    let info = key_info.map(|b| b.0.to_vec()).unwrap_or_default();
                    v::SecretKey::key_gen(&ikm, &info)
                        .map(SecretKey)
                        .map_err(bls_err)
                }
                /// 32 big-endian bytes of a value in [1, r − 1].
                #[staticmethod]
                fn from_bytes(b: Bytes) -> PyResult<Self> {
                    v::SecretKey::from_bytes(&b).map(SecretKey).map_err(bls_err)
                }
                /// 32 big-endian bytes, as a bytearray (overwrite it when done).
                fn to_bytes<'py>(&self, py: Python<'py>) -> Bound<'py, PyByteArray> {
                    let b = zeroize::Zeroizing::new(self.0.to_bytes());
                    secret_out(py, &b[..])
                }
                /// SkToPk (draft §2.4).
                fn public_key(&self, py: Python<'_>) -> PublicKey {
                    PublicKey(py.allow_threads(|| self.0.sk_to_pk()))
                }
                /// Sign `msg` under `scheme`.
                #[pyo3(signature = (msg, scheme = "pop"))]
                fn sign(&self, py: Python<'_>, msg: Bytes, scheme: &str) -> PyResult<Signature> {
                    let s = scheme_of(scheme)?;
                    Ok(Signature(py.allow_threads(|| self.0.sign(&msg, s))))
                }
                /// PopProve (draft §3.3.2): a proof of possession of this key.
                fn pop_prove(&self, py: Python<'_>) -> Signature {
                    Signature(py.allow_threads(|| self.0.pop_prove()))
                }
                fn __repr__(&self) -> &'static str {
                    "SecretKey(...)"
                }
            }

            /// A BLS public key, KeyValidate'd (draft §2.5).
            #[pyclass(module = $pymod, frozen, eq, hash)]
            #[derive(Clone, Debug, PartialEq, Eq)]
            pub struct PublicKey(pub(crate) v::PublicKey);

            impl std::hash::Hash for PublicKey {
                fn hash<H: std::hash::Hasher>(&self, h: &mut H) {
                    self.0.to_bytes().hash(h)
                }
            }

            #[pymethods]
            impl PublicKey {
                /// Decodes a compressed key and runs KeyValidate.
                #[staticmethod]
                fn from_bytes(py: Python<'_>, b: Bytes) -> PyResult<Self> {
                    py.allow_threads(|| v::PublicKey::from_bytes(&b))
                        .map(PublicKey)
                        .map_err(bls_err)
                }
                /// Compressed encoding (Zcash format).
                fn to_bytes<'py>(&self, py: Python<'py>) -> Bound<'py, PyBytes> {
                    PyBytes::new(py, &self.0.to_bytes())
                }
                fn __bytes__<'py>(&self, py: Python<'py>) -> Bound<'py, PyBytes> {
                    self.to_bytes(py)
                }
                /// Verify `sig` on `msg` under `scheme`.
                #[pyo3(signature = (msg, sig, scheme = "pop"))]
                fn verify(
                    &self,
                    py: Python<'_>,
                    msg: Bytes,
                    sig: PyRef<'_, Signature>,
                    scheme: &str,
                ) -> PyResult<bool> {
                    let s = scheme_of(scheme)?;
                    let sig = sig.0;
                    verdict(py.allow_threads(|| sig.verify(&self.0, &msg, s)))
                }
                /// PopVerify (draft §3.3.3).
                fn pop_verify(
                    &self,
                    py: Python<'_>,
                    proof: PyRef<'_, Signature>,
                ) -> PyResult<bool> {
                    let p = proof.0;
                    verdict(py.allow_threads(|| self.0.pop_verify(&p)))
                }
                /// The sum of the keys (the key FastAggregateVerify checks against).
                #[staticmethod]
                fn aggregate(pks: Vec<PyRef<'_, PublicKey>>) -> PyResult<Self> {
                    let ks: Vec<&v::PublicKey> = pks.iter().map(|k| &k.0).collect();
                    v::PublicKey::aggregate(&ks).map(PublicKey).map_err(bls_err)
                }
                fn __repr__(&self) -> String {
                    let h: String = self
                        .0
                        .to_bytes()
                        .iter()
                        .map(|x| format!("{x:02x}"))
                        .collect();
                    format!("PublicKey({h})")
                }
            }

            /// A BLS signature (a subgroup point; may be the identity).
            #[pyclass(module = $pymod, frozen, eq, hash)]
            #[derive(Clone, Debug, PartialEq, Eq)]
            pub struct Signature(pub(crate) v::Signature);

            impl std::hash::Hash for Signature {
                fn hash<H: std::hash::Hasher>(&self, h: &mut H) {
                    self.0.to_bytes().hash(h)
                }
            }

            #[pymethods]
            impl Signature {
                /// Decodes a compressed signature (subgroup-checked).
                #[staticmethod]
                fn from_bytes(py: Python<'_>, b: Bytes) -> PyResult<Self> {
                    py.allow_threads(|| v::Signature::from_bytes(&b))
                        .map(Signature)
                        .map_err(bls_err)
                }
                fn to_bytes<'py>(&self, py: Python<'py>) -> Bound<'py, PyBytes> {
                    PyBytes::new(py, &self.0.to_bytes())
                }
                fn __bytes__<'py>(&self, py: Python<'py>) -> Bound<'py, PyBytes> {
                    self.to_bytes(py)
                }
                /// Verify this signature of `msg` by `pk` under `scheme`.
                #[pyo3(signature = (pk, msg, scheme = "pop"))]
                fn verify(
                    &self,
                    py: Python<'_>,
                    pk: PyRef<'_, PublicKey>,
                    msg: Bytes,
                    scheme: &str,
                ) -> PyResult<bool> {
                    let s = scheme_of(scheme)?;
                    let pk = pk.0;
                    verdict(py.allow_threads(|| self.0.verify(&pk, &msg, s)))
                }
                /// Aggregate (draft §2.8): the sum of the signatures.
                #[staticmethod]
                fn aggregate(sigs: Vec<PyRef<'_, Signature>>) -> PyResult<Self> {
                    let ss: Vec<&v::Signature> = sigs.iter().map(|s| &s.0).collect();
                    v::AggregateSignature::aggregate(&ss)
                        .map(|a| Signature(a.to_signature()))
                        .map_err(bls_err)
                }
                /// AggregateVerify (draft §2.9): signer i signed msgs[i].
                #[pyo3(signature = (pks, msgs, scheme = "pop"))]
                fn aggregate_verify(
                    &self,
                    py: Python<'_>,
                    pks: Vec<PyRef<'_, PublicKey>>,
                    msgs: Vec<Bytes>,
                    scheme: &str,
                ) -> PyResult<bool> {
                    let s = scheme_of(scheme)?;
                    let ks: Vec<v::PublicKey> = pks.iter().map(|k| k.0).collect();
                    verdict(py.allow_threads(|| {
                        let kr: Vec<&v::PublicKey> = ks.iter().collect();
                        let mr: Vec<&[u8]> = msgs.iter().map(|m| &m[..]).collect();
                        self.0.aggregate_verify(&kr, &mr, s)
                    }))
                }
                /// FastAggregateVerify (draft §3.3.4, PoP scheme): every signer signed `msg`.
                fn fast_aggregate_verify(
                    &self,
                    py: Python<'_>,
                    pks: Vec<PyRef<'_, PublicKey>>,
                    msg: Bytes,
                ) -> PyResult<bool> {
                    let ks: Vec<v::PublicKey> = pks.iter().map(|k| k.0).collect();
                    verdict(py.allow_threads(|| {
                        let kr: Vec<&v::PublicKey> = ks.iter().collect();
                        self.0.fast_aggregate_verify(&kr, &msg)
                    }))
                }
                fn __repr__(&self) -> String {
                    let h: String = self
                        .0
                        .to_bytes()
                        .iter()
                        .map(|x| format!("{x:02x}"))
                        .collect();
                    format!("Signature({h})")
                }
            }

            /// Batch verification of (pk_i, msg_i, sig_i) triples by a random linear
            /// combination (one multi-pairing); `threads` > 1 shares the work out.
            #[pyfunction]
            #[pyo3(signature = (pks, msgs, sigs, scheme = "pop", threads = 1))]
            fn batch_verify(
                py: Python<'_>,
                pks: Vec<PyRef<'_, PublicKey>>,
                msgs: Vec<Bytes>,
                sigs: Vec<PyRef<'_, Signature>>,
                scheme: &str,
                threads: usize,
            ) -> PyResult<bool> {
                let s = scheme_of(scheme)?;
                let ks: Vec<v::PublicKey> = pks.iter().map(|k| k.0).collect();
                let ss: Vec<v::Signature> = sigs.iter().map(|k| k.0).collect();
                verdict(py.allow_threads(|| {
                    let kr: Vec<&v::PublicKey> = ks.iter().collect();
                    let sr: Vec<&v::Signature> = ss.iter().collect();
                    let mr: Vec<&[u8]> = msgs.iter().map(|m| &m[..]).collect();
                    v::verify_multiple_aggregate_signatures(
                        &kr,
                        &mr,
                        &sr,
                        s,
                        &mut rand::rngs::OsRng,
                        threads.max(1),
                    )
                }))
            }

            /// The ciphersuite ID (hash-to-curve DST) of `scheme` in this variant.
            #[pyfunction]
            #[pyo3(signature = (scheme = "pop"))]
            fn ciphersuite_id(scheme: &str) -> PyResult<&'static str> {
                Ok(v::ciphersuite_id(scheme_of(scheme)?))
            }

            pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
                m.add_class::<SecretKey>()?;
                m.add_class::<PublicKey>()?;
                m.add_class::<Signature>()?;
                m.add_function(wrap_pyfunction!(batch_verify, m)?)?;
                m.add_function(wrap_pyfunction!(ciphersuite_id, m)?)?;
                m.add("PK_LEN", v::PK_LEN)?;
                m.add("SIG_LEN", v::SIG_LEN)?;
                m.add("POP_DST", v::pop_dst())?;
                Ok(())
            }
        }
    };
}

bls_module!(min_pk, "hayate.bls.min_pk");
bls_module!(min_sig, "hayate.bls.min_sig");

"""hayate: fast, side-channel-aware pairing-based and lightweight cryptography, from Python.

Submodules:

* :mod:`hayate.bls12_381`, :mod:`hayate.bn254` (alt_bn128 of Ethereum) and
  :mod:`hayate.bn254_beuchat` — the pairing groups: ``Scalar``, ``G1``, ``G2``, ``GT`` with
  operators, ``pairing``, ``multi_pairing``, hash-to-curve and byte encodings;
* :mod:`hayate.bls` — BLS signatures, ``hayate.bls.min_pk`` and ``hayate.bls.min_sig``;
* :mod:`hayate.aead` — the seven lightweight AEADs;
* :mod:`hayate.ecdh` — ECDH on the named curves (NIST, SEC 2, Brainpool);
* :mod:`hayate.fe` — FAME CP-ABE and Okamoto–Takashima CP-FE on bytes;
* :mod:`hayate.evm` — the Ethereum precompiles (EIP-196/197, EIP-2537).

Every error raised by the library is a :class:`hayate.Error`; the subclasses say what went
wrong (:class:`EncodingError`, :class:`InvalidKeyError`, :class:`AuthenticationError`,
:class:`DecryptionError`). Long operations release the GIL.
"""

from ._native import (
    AuthenticationError,
    DecryptionError,
    EncodingError,
    Error,
    InvalidKeyError,
)
from . import aead, bls, bls12_381, bn254, bn254_beuchat, ecdh, evm, fe

__all__ = [
    "Error",
    "EncodingError",
    "InvalidKeyError",
    "AuthenticationError",
    "DecryptionError",
    "aead",
    "bls",
    "bls12_381",
    "bn254",
    "bn254_beuchat",
    "ecdh",
    "evm",
    "fe",
]

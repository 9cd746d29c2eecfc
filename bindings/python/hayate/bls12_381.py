"""The pairing groups of BLS12-381: Zcash / IETF compressed encodings (G1 48 bytes, G2 96
bytes); ``hash_to_g1`` / ``hash_to_g2`` / ``encode_to_g1`` / ``encode_to_g2`` are RFC 9380's
``BLS12381G1/G2_XMD:SHA-256_SSWU_RO_`` / ``_NU_`` suites.
"""

from . import _curve
from ._native import bls12_381 as _native

_curve.export(globals(), _native, rfc9380=True)

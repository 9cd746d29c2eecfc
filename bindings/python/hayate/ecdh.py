"""Elliptic-curve Diffie–Hellman (SEC 1 v2 §3.3.1) on the named curves: secp192r1, secp224r1,
secp256r1, secp384r1, secp521r1, secp256k1, brainpoolP256r1, brainpoolP384r1 (names are
case-insensitive; NIST aliases such as ``"P-256"`` work).

Private keys are big-endian integers in [1, n − 1] (leading zero bytes allowed); public keys
are SEC 1 points, compressed or uncompressed, fully validated. The shared secret is the
x-coordinate of [d]Q, ⌈log2 p / 8⌉ bytes. Private keys produced here are ``bytearray`` objects
(overwrite them when done); invalid private keys raise :class:`hayate.InvalidKeyError`,
invalid public keys :class:`hayate.EncodingError`.
"""

from ._native import ecdh as _n

CURVES = tuple(_n.curves())
shared_secret = _n.shared_secret
generate_keypair = _n.generate_keypair
public_key = _n.public_key

__all__ = ["CURVES", "shared_secret", "generate_keypair", "public_key"]

"""BLS signatures on BLS12-381 (draft-irtf-cfrg-bls-signature-05), from ``hayate-bls``.

Two variants, each a module with the same API:

* :mod:`hayate.bls.min_pk` — public keys in G1 (48 bytes), signatures in G2 (96 bytes);
  the Ethereum consensus variant;
* :mod:`hayate.bls.min_sig` — public keys in G2 (96 bytes), signatures in G1 (48 bytes).

Each has the classes ``SecretKey``, ``PublicKey`` and ``Signature`` and the functions
``keygen``, ``sk_to_pk``, ``sign``, ``verify``, ``aggregate``, ``aggregate_public_keys``,
``aggregate_verify``, ``fast_aggregate_verify``, ``batch_verify``, ``pop_prove`` and
``pop_verify``. The scheme is ``"basic"``, ``"aug"`` or ``"pop"`` (proof of possession, the
default). Verification returns a bool; malformed encodings raise
:class:`hayate.EncodingError`, invalid keys :class:`hayate.InvalidKeyError`.
"""

from . import min_pk, min_sig

__all__ = ["min_pk", "min_sig"]

"""What :mod:`hayate.bls12_381`, :mod:`hayate.bn254` and :mod:`hayate.bn254_beuchat` share.

Each of those modules has the classes ``Scalar`` (an integer modulo the group order r; Python
ints mix in freely and are reduced modulo r), ``G1`` and ``G2`` (immutable points with ``+``,
``-``, unary ``-``, ``*`` by a scalar or int in constant time, ``==`` and hashing) and ``GT``
(written multiplicatively: ``*``, ``/``, ``**``). ``from_bytes`` validates fully (canonical,
on the curve, in the subgroup) and raises :class:`hayate.EncodingError`.

``pairing(P, Q)`` is the optimal Ate pairing; ``multi_pairing(pairs)`` the product of many with
one final exponentiation; ``pairings(pairs)`` and the ``*_many`` hashes are batch calls that
cross into Rust (and release the GIL) once for the whole list.
"""

from typing import Any, Dict

COMMON = ["Scalar", "G1", "G2", "GT", "pairing", "multi_pairing", "pairings", "hash_to_g1", "hash_to_g1_many"]
RFC9380 = ["hash_to_g2", "hash_to_g2_many", "encode_to_g1", "encode_to_g2"]


def export(ns: Dict[str, Any], native: Any, rfc9380: bool = False) -> None:
    """Puts the native curve module's classes and functions into the namespace ``ns``."""
    names = COMMON + (RFC9380 if rfc9380 else [])
    for n in names:
        ns[n] = getattr(native, n)
    ns["NAME"] = native.NAME
    ns["_n"] = native
    ns["__all__"] = names
    ns["__doc__"] = (ns.get("__doc__") or "") + "\n" + __doc__.split("\n\n", 1)[1]

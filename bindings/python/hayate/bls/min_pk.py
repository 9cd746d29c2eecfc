"""BLS minimal-pubkey-size variant: public keys in G1 (48 bytes), signatures in G2 (96 bytes).

The Ethereum consensus variant (with the ``"pop"`` scheme). See :mod:`hayate.bls`.
"""

from .._native import min_pk as _native
from ._variant import export

export(globals(), _native)

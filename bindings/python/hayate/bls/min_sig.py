"""BLS minimal-signature-size variant: public keys in G2 (96 bytes), signatures in G1 (48 bytes).

See :mod:`hayate.bls`.
"""

from .._native import min_sig as _native
from ._variant import export

export(globals(), _native)

"""The pairing groups of the 254-bit BN curve of Beuchat et al. (z = 2^62 − 2^54 + 2^44), the
curve of papers 000 and 001: G1 encoded x‖y (64 bytes), G2 real parts first (128 bytes), all
zeros = infinity. ``hash_to_g1`` is hayate-fe's hash onto G1 (SHA-256, try-and-increment).
"""

from . import _curve
from ._native import bn254_beuchat as _native

_curve.export(globals(), _native)

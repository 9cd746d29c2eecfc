"""The pairing groups of alt_bn128, the BN curve of Ethereum: EIP-196 G1 encoding (x‖y, 64
bytes) and EIP-197 G2 encoding (imaginary parts first, 128 bytes), all zeros = infinity.
``hash_to_g1`` is hayate-fe's hash onto G1 (SHA-256, try-and-increment), not an RFC 9380 suite.
"""

from . import _curve
from ._native import bn254 as _native

_curve.export(globals(), _native)

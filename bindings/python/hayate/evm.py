"""The Ethereum precompiles of hayate: EIP-196/197 (``bn256Add``, ``bn256ScalarMul``,
``bn256Pairing``) and EIP-2537 (``blsG1Add``, ``blsG1MultiExp``, ``blsG2Add``,
``blsG2MultiExp``, ``blsPairing``, ``blsMapG1``, ``blsMapG2``).

``run(name, input)`` returns the precompile's output bytes, or raises :class:`hayate.Error`
with the reason where the precompile would fail.
"""

from ._native import evm_run as run

__all__ = ["run"]

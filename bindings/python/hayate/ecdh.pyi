from typing import Tuple, Union

_Bytes = Union[bytes, bytearray, memoryview]

CURVES: Tuple[str, ...]

def shared_secret(curve_name: str, private_key: _Bytes, public_key: _Bytes) -> bytes:
    """x([d]Q): the private key d (big-endian, in [1, n - 1]) and the peer's SEC 1 key Q."""

def generate_keypair(curve_name: str, compressed: bool = False) -> Tuple[bytearray, bytes]:
    """A fresh (private key, SEC 1 public key)."""

def public_key(curve_name: str, private_key: _Bytes, compressed: bool = False) -> bytes:
    """The SEC 1 public key of a private key."""

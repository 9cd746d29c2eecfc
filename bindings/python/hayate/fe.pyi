from typing import Tuple, Union

_Bytes = Union[bytes, bytearray, memoryview]

def setup(scheme: str = "fame", curve: str = "bls12-381", categories: int = 5, dim: int = 2) -> Tuple[bytes, bytearray]:
    """(public key, master secret key); scheme "fame" or "ot10"; curve "bls12-381", "bn254-beuchat" or "bn254"."""

def keygen(msk: _Bytes, attrs: str) -> bytearray:
    """A user key for a comma-separated attribute list."""

def encrypt(pk: _Bytes, policy: str, plaintext: _Bytes, mode: str = "gcm", chunk_size: int = 65536) -> bytes:
    """FE ciphertext object ‖ symmetric stream (mode "gcm" or "cbc-hmac")."""

def decrypt(sk: _Bytes, ciphertext: _Bytes, threads: int = 1) -> bytes:
    """The plaintext; DecryptionError if the key cannot open it, AuthenticationError if tampered."""

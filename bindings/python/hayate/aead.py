"""The seven AEADs of hayate (paper 003): the six CAESAR use-case-1 finalists in their
first-priority parameter sets and NIST SP 800-232 Ascon-AEAD128.

Each algorithm is an :class:`Aead` object named after its SUPERCOP name::

    from hayate import aead
    ct = aead.asconaead128.encrypt(key, nonce, b"plaintext", ad=b"header")
    pt = aead.asconaead128.decrypt(key, nonce, ct, ad=b"header")

``encrypt`` returns ciphertext ‖ tag; ``decrypt`` raises :class:`hayate.AuthenticationError`
if the tag does not verify (no plaintext is released), :class:`hayate.InvalidKeyError` for a
key of the wrong length and :class:`hayate.EncodingError` for a wrong nonce length or a
ciphertext shorter than the tag.
"""

from typing import Dict

from ._native import aead as _n


class Aead:
    """One AEAD algorithm: its name, key / nonce / tag lengths in bytes, encrypt and decrypt."""

    __slots__ = ("name", "key_len", "nonce_len", "tag_len")

    def __init__(self, name: str, key_len: int, nonce_len: int, tag_len: int) -> None:
        self.name = name
        self.key_len = key_len
        self.nonce_len = nonce_len
        self.tag_len = tag_len

    def encrypt(self, key: bytes, nonce: bytes, pt: bytes, ad: bytes = b"") -> bytes:
        """Ciphertext ‖ tag of ``pt`` with associated data ``ad``."""
        return _n.encrypt(self.name, key, nonce, pt, ad)

    def decrypt(self, key: bytes, nonce: bytes, ct: bytes, ad: bytes = b"") -> bytes:
        """The plaintext of ciphertext ‖ tag ``ct``; raises AuthenticationError on a bad tag."""
        return _n.decrypt(self.name, key, nonce, ct, ad)

    def __repr__(self) -> str:
        return f"Aead({self.name!r})"


ALGORITHMS: Dict[str, Aead] = {name: Aead(name, k, n, t) for (name, k, n, t) in _n.algorithms()}


def get(name: str) -> Aead:
    """The algorithm called ``name`` (a SUPERCOP / CAESAR name, e.g. ``"ascon128v12"``)."""
    try:
        return ALGORITHMS[name]
    except KeyError:
        from . import Error

        raise Error(f"unknown algorithm {name!r} (expected one of {', '.join(ALGORITHMS)})") from None


aes128n12t8clocv3 = ALGORITHMS["aes128n12t8clocv3"]
aes128n12t8silcv3 = ALGORITHMS["aes128n12t8silcv3"]
aesjambuv2 = ALGORITHMS["aesjambuv2"]
ketjesrv2 = ALGORITHMS["ketjesrv2"]
ascon128v12 = ALGORITHMS["ascon128v12"]
acorn128v3 = ALGORITHMS["acorn128v3"]
asconaead128 = ALGORITHMS["asconaead128"]

__all__ = ["Aead", "ALGORITHMS", "get"] + list(ALGORITHMS)

"""Functional encryption on bytes: FAME CP-ABE (Agrawal–Chase, CCS 2017) and the
Okamoto–Takashima CP-FE (CRYPTO 2010), on BLS12-381 (default), bn254-beuchat or bn254.

::

    from hayate import fe
    pk, msk = fe.setup("fame")
    sk = fe.keygen(msk, "doctor,cardiology,age=42")
    ct = fe.encrypt(pk, "(doctor or nurse) and cardiology and age >= 18", b"record")
    assert fe.decrypt(sk, ct) == b"record"

Keys and ciphertexts are the bytes the ``hayate fe`` command writes to its files, so the two
interoperate. FAME attributes are names and ``name=decimal`` numbers; policies combine them
with ``and``, ``or``, ``K of (...)`` and comparisons (``age >= 18``). OT10 (``setup("ot10",
categories=d, dim=n)``) takes one value per category, ``"t1=3,t2=7,t3=cardiology"``, and
policies of equalities and their negations (``"t1=3 and not t2=5"``).

``decrypt`` raises :class:`hayate.DecryptionError` when the key's attributes do not satisfy
the policy (or the key is from another setup) and :class:`hayate.AuthenticationError` when
the ciphertext was tampered with. Master and user keys are ``bytearray`` objects.
"""

from ._native import fe as _n

setup = _n.setup
keygen = _n.keygen
encrypt = _n.encrypt
decrypt = _n.decrypt

__all__ = ["setup", "keygen", "encrypt", "decrypt"]

"""Functional encryption: FAME and OT10 round trips on every curve, policies that do and do not
hold, tampering and malformed inputs."""

import pytest

import hayate
from hayate import fe


@pytest.mark.parametrize("curve", ["bls12-381", "bn254-beuchat", "bn254"])
def test_fame(curve):
    pk, msk = fe.setup("fame", curve)
    assert isinstance(msk, bytearray)
    sk = fe.keygen(msk, "doctor,cardiology,age=42")
    policy = "(doctor or nurse) and cardiology and age >= 18"
    msg = b"patient record " * 100
    ct = fe.encrypt(pk, policy, msg)
    assert fe.decrypt(sk, ct) == msg and fe.decrypt(sk, ct, threads=2) == msg
    assert fe.decrypt(sk, fe.encrypt(pk, "doctor", b"", mode="cbc-hmac", chunk_size=16)) == b""
    with pytest.raises(hayate.DecryptionError, match="satisfy"):
        fe.decrypt(fe.keygen(msk, "nurse,age=42"), ct)
    with pytest.raises(hayate.DecryptionError):
        fe.decrypt(fe.keygen(fe.setup("fame", curve)[1], "doctor,cardiology,age=42"), ct)
    bad = bytearray(ct)
    bad[-1] ^= 1
    with pytest.raises(hayate.AuthenticationError):
        fe.decrypt(sk, bytes(bad))


def test_ot10():
    pk, msk = fe.setup("ot10", "bls12-381", categories=4, dim=2)
    sk = fe.keygen(msk, "t1=3,t2=7,t3=cardiology")
    ct = fe.encrypt(pk, "t1=3 and not t2=5 and (t3=cardiology or t4=1)", b"secret")
    assert fe.decrypt(sk, ct) == b"secret"
    with pytest.raises(hayate.DecryptionError):
        fe.decrypt(fe.keygen(msk, "t1=3,t2=5,t3=cardiology"), ct)
    with pytest.raises(hayate.Error, match="t5"):
        fe.encrypt(pk, "t5=1", b"x")


def test_errors():
    pk, msk = fe.setup()
    with pytest.raises(hayate.Error, match="unknown scheme"):
        fe.setup("abe")
    with pytest.raises(hayate.Error, match="unknown curve"):
        fe.setup("fame", "p256")
    with pytest.raises(hayate.Error, match="ot10 parameters"):
        fe.setup("ot10", categories=0)
    # sizes are checked before anything is allocated for them (was a "capacity overflow" panic)
    for categories, dim in ((2**61, 2), (10**12, 2), (4, 2**61)):
        with pytest.raises(hayate.Error, match="ot10 parameters"):
            fe.setup("ot10", "bn254", categories=categories, dim=dim)
    with pytest.raises(hayate.Error):
        fe.encrypt(pk, "doctor and (", b"x")
    with pytest.raises(hayate.Error):
        fe.encrypt(pk, "not doctor", b"x")  # FAME is monotone
    with pytest.raises(hayate.InvalidKeyError):
        fe.keygen(pk, "doctor")
    with pytest.raises(hayate.InvalidKeyError):
        fe.encrypt(msk, "doctor", b"x")
    with pytest.raises(hayate.EncodingError):
        fe.keygen(b"HYFE" + bytes(20), "doctor")
    with pytest.raises(hayate.EncodingError):
        fe.decrypt(fe.keygen(msk, "doctor"), b"garbage")
    with pytest.raises(hayate.EncodingError):
        fe.keygen(bytes(msk[:-3]), "doctor")
    ct = fe.encrypt(pk, "doctor", b"x")
    with pytest.raises(hayate.Error):
        fe.decrypt(fe.keygen(msk, "doctor"), ct[:40])

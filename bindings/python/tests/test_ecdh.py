"""ECDH: Wycheproof's ecdh_*_ecpoint tests (secp224r1, secp256r1), key generation round trips
and errors."""

import pytest

import hayate
from hayate import ecdh

from conftest import load_json, vector_file


@pytest.mark.parametrize("curve", ["secp224r1", "secp256r1"])
def test_wycheproof(curve):
    d = load_json(vector_file("wycheproof", f"ecdh_{curve}_ecpoint_test.json"))
    n = 0
    for g in d["testGroups"]:
        for t in g["tests"]:
            n += 1
            priv, pub = bytes.fromhex(t["private"]), bytes.fromhex(t["public"])
            if t["result"] in ("valid", "acceptable"):
                assert ecdh.shared_secret(curve, priv, pub).hex() == t["shared"], t["tcId"]
            else:
                with pytest.raises(hayate.Error):
                    ecdh.shared_secret(curve, priv, pub)
    assert n >= 50


@pytest.mark.parametrize("curve", ecdh.CURVES)
def test_keypairs(curve):
    a_sk, a_pk = ecdh.generate_keypair(curve)
    b_sk, b_pk = ecdh.generate_keypair(curve, compressed=True)
    assert isinstance(a_sk, bytearray)
    assert ecdh.public_key(curve, a_sk) == a_pk
    assert ecdh.public_key(curve, b_sk, compressed=True) == b_pk
    assert ecdh.shared_secret(curve, a_sk, b_pk) == ecdh.shared_secret(curve, b_sk, a_pk)


def test_errors():
    sk, pk = ecdh.generate_keypair("P-256")
    with pytest.raises(hayate.InvalidKeyError):
        ecdh.shared_secret("P-256", bytes(32), pk)
    with pytest.raises(hayate.EncodingError):
        ecdh.shared_secret("P-256", sk, pk[:-1])
    with pytest.raises(hayate.Error, match="unknown curve"):
        ecdh.shared_secret("curve25519", sk, pk)

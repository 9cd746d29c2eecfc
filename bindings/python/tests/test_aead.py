"""AEADs: the designers' Ascon KATs (ascon-c: Ascon-128 v1.2 and Ascon-AEAD128, every PT/AD length
0..32) in both directions with a tampered-tag check per entry; round trips and errors for all
seven algorithms."""

import pytest

import hayate
from hayate import aead

from conftest import vector_file


def kat(name):
    text = vector_file("aead", f"{name}_LWC_AEAD_KAT_128_128.txt").read_text().replace("\r\n", "\n")
    out = []
    for block in filter(None, (b.strip() for b in text.split("\n\n"))):
        f = dict((k.strip(), v.strip()) for k, v in (line.split("=", 1) for line in block.splitlines()))
        out.append({k: bytes.fromhex(v) if k != "Count" else int(v) for k, v in f.items()})
    return out


@pytest.mark.parametrize("name", ["ascon128v12", "asconaead128"])
def test_ascon_kat(name):
    alg = aead.get(name)
    entries = kat(name)
    assert len(entries) == 1089
    for e in entries:
        ct = alg.encrypt(e["Key"], e["Nonce"], e["PT"], ad=e["AD"])
        assert ct == e["CT"], (name, e["Count"])
        assert alg.decrypt(e["Key"], e["Nonce"], e["CT"], ad=e["AD"]) == e["PT"]
        bad = bytearray(e["CT"])
        bad[e["Count"] % len(bad)] ^= 1 << (e["Count"] % 8)
        with pytest.raises(hayate.AuthenticationError, match="tag"):
            alg.decrypt(e["Key"], e["Nonce"], bytes(bad), ad=e["AD"])


@pytest.mark.parametrize("alg", list(aead.ALGORITHMS.values()), ids=list(aead.ALGORITHMS))
def test_round_trip_and_errors(alg):
    key, nonce = bytes(range(alg.key_len)), bytes(range(alg.nonce_len))
    for n in (0, 1, 15, 16, 17, 100, 1000):
        pt = bytes((7 * i) & 0xFF for i in range(n))
        ct = alg.encrypt(key, nonce, pt, ad=b"header")
        assert len(ct) == n + alg.tag_len
        assert alg.decrypt(bytearray(key), nonce, ct, ad=b"header") == pt
        with pytest.raises(hayate.AuthenticationError):
            alg.decrypt(key, nonce, ct, ad=b"headex")
    with pytest.raises(hayate.InvalidKeyError, match="key must be"):
        alg.encrypt(key[:-1], nonce, b"x")
    with pytest.raises(hayate.EncodingError, match="nonce must be"):
        alg.encrypt(key, nonce + b"\x00", b"x")
    with pytest.raises(hayate.EncodingError, match="at least"):
        alg.decrypt(key, nonce, bytes(alg.tag_len - 1))
    with pytest.raises(TypeError):
        alg.encrypt(key, nonce, "text")


def test_names():
    assert len(aead.ALGORITHMS) == 7 and aead.asconaead128.key_len == 16
    with pytest.raises(hayate.Error, match="unknown algorithm"):
        aead.get("rot13")

"""Pairing groups: RFC 9380 hash-to-curve vectors, the EVM precompile vectors of alt_bn128 through
the typed API, group laws and bilinearity, encodings and their errors."""

import pytest

import hayate
from hayate import bls12_381, bn254, bn254_beuchat

from conftest import fp2_of, g1_compressed, g2_compressed, load_json, unhex, vector_file

CURVES = [bls12_381, bn254, bn254_beuchat]


# --- RFC 9380 (Appendix J.9.1, J.10.1) ---------------------------------------------------------


@pytest.mark.parametrize(
    "suite, fn",
    [
        ("BLS12381G1_XMD_SHA-256_SSWU_RO_.json", bls12_381.hash_to_g1),
        ("BLS12381G1_XMD_SHA-256_SSWU_NU_.json", bls12_381.encode_to_g1),
    ],
)
def test_rfc9380_g1(suite, fn):
    d = load_json(vector_file("hash-to-curve", suite))
    dst = d["dst"].encode()
    assert len(d["vectors"]) >= 5
    for v in d["vectors"]:
        want = g1_compressed(int(v["P"]["x"], 16), int(v["P"]["y"], 16))
        assert fn(v["msg"].encode(), dst).to_bytes() == want, v["msg"]


def test_rfc9380_g2():
    d = load_json(vector_file("hash-to-curve", "BLS12381G2_XMD_SHA-256_SSWU_RO_.json"))
    dst = d["dst"].encode()
    msgs = [v["msg"].encode() for v in d["vectors"]]
    want = []
    for v in d["vectors"]:
        x0, x1 = fp2_of(v["P"]["x"])
        y0, y1 = fp2_of(v["P"]["y"])
        want.append(g2_compressed(x0, x1, y0, y1))
    assert len(want) >= 5
    for m, w in zip(msgs, want):
        assert bls12_381.hash_to_g2(m, dst).to_bytes() == w
    # the batch call gives the same points
    assert [p.to_bytes() for p in bls12_381.hash_to_g2_many(msgs, dst)] == want
    g1 = load_json(vector_file("hash-to-curve", "BLS12381G1_XMD_SHA-256_SSWU_RO_.json"))
    many = bls12_381.hash_to_g1_many([v["msg"].encode() for v in g1["vectors"]], g1["dst"].encode())
    assert [p.to_bytes() for p in many] == [
        g1_compressed(int(v["P"]["x"], 16), int(v["P"]["y"], 16)) for v in g1["vectors"]
    ]


# --- EIP-196/197 precompile vectors through the typed alt_bn128 API ----------------------------


def _pad(b: bytes, n: int) -> bytes:
    return (b + bytes(n))[:n]


def test_evm_bn256_add_typed():
    cases = load_json(vector_file("evm", "bn256Add.json"))
    assert len(cases) >= 10
    for c in cases:
        i = _pad(unhex(c["Input"]), 128)
        p, q = bn254.G1.from_bytes(i[:64]), bn254.G1.from_bytes(i[64:])
        assert (p + q).to_bytes().hex() == c["Expected"], c["Name"]


def test_evm_bn256_mul_typed():
    cases = load_json(vector_file("evm", "bn256ScalarMul.json"))
    assert len(cases) >= 10
    for c in cases:
        i = _pad(unhex(c["Input"]), 96)
        p, k = bn254.G1.from_bytes(i[:64]), int.from_bytes(i[64:], "big")
        assert (p * k).to_bytes().hex() == c["Expected"], c["Name"]
        assert (k * p) == p * bn254.Scalar(k)


def test_evm_bn256_pairing_typed():
    cases = load_json(vector_file("evm", "bn256Pairing.json"))
    assert len(cases) >= 10
    for c in cases:
        i = unhex(c["Input"])
        pairs = [
            (bn254.G1.from_bytes(i[k : k + 64]), bn254.G2.from_bytes(i[k + 64 : k + 192]))
            for k in range(0, len(i), 192)
        ]
        one = bn254.multi_pairing(pairs).is_identity()
        assert one == (int(c["Expected"], 16) == 1), c["Name"]


@pytest.mark.parametrize(
    "name",
    [
        "bn256Add",
        "bn256ScalarMul",
        "bn256Pairing",
        "blsG1Add",
        "blsG1MultiExp",
        "blsG2Add",
        "blsG2MultiExp",
        "blsPairing",
        "blsMapG1",
        "blsMapG2",
    ],
)
def test_evm_precompiles(name):
    cases = load_json(vector_file("evm", f"{name}.json"))
    assert cases
    for c in cases:
        assert hayate.evm.run(name, unhex(c["Input"])).hex() == c["Expected"], c["Name"]


def test_evm_errors():
    with pytest.raises(hayate.Error, match="unknown|precompile"):
        hayate.evm.run("noSuchPrecompile", b"")
    with pytest.raises(hayate.Error):
        hayate.evm.run("blsG1Add", bytes(5))


# --- group laws, bilinearity, encodings ------------------------------------------------------


@pytest.mark.parametrize("c", CURVES)
def test_group_laws_and_bilinearity(c):
    g1, g2 = c.G1.generator(), c.G2.generator()
    a, b = c.Scalar.random(), c.Scalar.random()
    assert (g1 * a) + (g1 * b) == g1 * (a + b)
    assert (g2 * a) - (g2 * b) == g2 * (a - b)
    assert -(g1 * a) == g1 * (-a)
    assert (g1 - g1).is_identity() and c.G1.identity().is_identity()
    assert g1 * 0 == c.G1.identity() and g2 * c.Scalar.order() == c.G2.identity()
    assert g1 * -1 == -g1
    e = c.pairing(g1, g2)
    assert e == c.GT.generator() and not e.is_identity()
    assert c.pairing(g1 * a, g2 * b) == e ** (a * b)
    assert c.pairing(g1 * a, g2) * c.pairing(-(g1 * a), g2) == c.GT.identity()
    assert c.multi_pairing([(g1 * a, g2), (g1, g2 * b)]) == e ** (a + b)
    assert c.multi_pairing([(g1 * a, g2), (g1, g2 * b)], threads=2) == e ** (a + b)
    assert c.pairings([(g1, g2), (g1 * a, g2)]) == [e, e**a]
    assert (e**a) / (e**a) == c.GT.identity() and (e**a).inverse() == e ** (-a)
    assert c.GT.from_bytes((e**a).to_bytes()) == e**a
    assert len({g1, g1 + c.G1.identity(), g2 * 1}) == 2  # hashable, equal points hash alike


@pytest.mark.parametrize("c", CURVES)
def test_scalar_arithmetic(c):
    r = c.Scalar.order()
    x = c.Scalar(12345)
    assert int(x) == 12345 and int(c.Scalar(-1)) == r - 1 and int(c.Scalar(r + 5)) == 5
    assert x * x.inverse() == 1 and x / x == c.Scalar(1)
    assert 3 - x == c.Scalar(3 - 12345) and x**3 == x * x * x
    assert c.Scalar.from_bytes(x.to_bytes()) == x and len(x.to_bytes()) == 32
    assert not c.Scalar(0) and bool(x)
    with pytest.raises(ZeroDivisionError):
        c.Scalar(0).inverse()
    with pytest.raises(hayate.EncodingError, match="32 bytes"):
        c.Scalar.from_bytes(b"\x01" * 31)
    with pytest.raises(hayate.EncodingError, match="order"):
        c.Scalar.from_bytes(r.to_bytes(32, "big"))
    with pytest.raises(TypeError):
        c.G1.generator() * 1.5
    with pytest.raises(TypeError):
        c.Scalar("7")


@pytest.mark.parametrize("c", CURVES)
def test_point_encodings(c):
    for P in (c.G1, c.G2):
        p = P.generator() * c.Scalar.random()
        b = p.to_bytes()
        assert len(b) == P.ENCODED_LEN and P.from_bytes(b) == p and bytes(p) == b
        assert P.from_bytes(bytearray(b)) == p and P.from_bytes(memoryview(b)) == p
        assert P.from_bytes(P.identity().to_bytes()).is_identity()
        with pytest.raises(hayate.EncodingError):
            P.from_bytes(b[:-1])
        with pytest.raises(hayate.EncodingError):
            P.from_bytes(b + b"\x00")
        with pytest.raises(TypeError):
            P.from_bytes(b.hex())
    with pytest.raises(hayate.EncodingError):
        c.GT.from_bytes(bytes(len(c.GT.generator().to_bytes())))


def test_bad_points_rejected():
    # alt_bn128: (1, 3) is not on y^2 = x^3 + 3; a coordinate >= p is not canonical
    with pytest.raises(hayate.EncodingError, match="curve"):
        bn254.G1.from_bytes((1).to_bytes(32, "big") + (3).to_bytes(32, "big"))
    with pytest.raises(hayate.EncodingError):
        bn254.G1.from_bytes(b"\xff" * 64)
    # BLS12-381: the Ethereum deserialization vectors' invalid encodings
    from conftest import ETH_BLS

    for kind, P, field in (("G1", bls12_381.G1, "pubkey"), ("G2", bls12_381.G2, "signature")):
        files = sorted((ETH_BLS / f"deserialization_{kind}").glob("*.json"))
        assert len(files) >= 10
        for f in files:
            d = load_json(f)
            b = unhex(d["input"][field])
            if d["output"]:
                assert P.from_bytes(b).to_bytes() == b, f.name
                continue
            try:
                p = P.from_bytes(b)
            except hayate.EncodingError:
                continue
            # the infinity public key is a valid point, invalid only as a key (test_bls)
            assert kind == "G1" and p.is_identity(), f.name


def test_hash_to_g1_bn_curves():
    for c in (bn254, bn254_beuchat):
        p = c.hash_to_g1(b"msg", b"DST")
        assert p == c.hash_to_g1(b"msg", b"DST") and p != c.hash_to_g1(b"msh", b"DST")
        assert c.hash_to_g1_many([b"msg", b"x"], b"DST") == [p, c.hash_to_g1(b"x", b"DST")]
        assert c.G1.from_bytes(p.to_bytes()) == p
        with pytest.raises(NotImplementedError):
            c._n.hash_to_g2(b"msg", b"DST")


def test_gil_released_in_threads():
    from concurrent.futures import ThreadPoolExecutor

    g1, g2 = bls12_381.G1.generator(), bls12_381.G2.generator()
    with ThreadPoolExecutor(2) as ex:
        res = list(ex.map(lambda k: bls12_381.pairing(g1 * k, g2), range(1, 5)))
    e = bls12_381.pairing(g1, g2)
    assert res == [e**k for k in range(1, 5)]

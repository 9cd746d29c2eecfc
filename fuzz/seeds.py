#!/usr/bin/env python3
"""Writes the seed corpora of hayate's fuzz targets (fuzz/corpus/<target>/) from third-party
vectors: ../shared/vectors (EVM precompiles, Wycheproof ECDH, Ascon KATs, RFC 9380), the
Ethereum BLS suites in crates/bls/tests/vectors, plus FE objects made by the hayate CLI and a
few hand-written policies. Seeds are starting points for mutation, not expected values.

Usage: fuzz/seeds.py [HAYATE_BIN]   (default target/release/hayate; run from anywhere)
"""
import hashlib
import json
import os
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
VEC = os.path.join(ROOT, "..", "shared", "vectors")
ETH = os.path.join(ROOT, "crates", "bls", "tests", "vectors", "eth-bls")
CORPUS = os.path.join(HERE, "corpus")
PER_FILE = 12  # seeds taken from each vector file (first ones, and the named failure cases)


def put(target, data):
    d = os.path.join(CORPUS, target)
    os.makedirs(d, exist_ok=True)
    name = hashlib.sha1(data).hexdigest()[:16]
    with open(os.path.join(d, name), "wb") as f:
        f.write(data)


def unhex(s):
    s = s[2:] if s.startswith("0x") else s
    return bytes.fromhex(s)


def evm_cases(name):
    cases = json.load(open(os.path.join(VEC, "evm", name + ".json")))
    return [unhex(c["Input"]) for c in cases[:PER_FILE]]


EVM = ["bn256Add", "bn256ScalarMul", "bn256Pairing", "blsG1Add", "blsG1MultiExp", "blsG2Add",
       "blsG2MultiExp", "blsPairing", "blsMapG1", "blsMapG2"]
DIFF_BLS = ["blsG1Add", "blsG2Add", "blsG1MultiExp", "blsG2MultiExp", "blsPairing", "blsMapG1",
            "blsMapG2"]


def evm_seeds():
    for i, name in enumerate(EVM):
        for inp in evm_cases(name):
            put("evm", bytes([i]) + inp)
            if i < 3:
                put("diff_bn256", bytes([i]) + inp)
            else:
                put("diff_bls12", bytes([DIFF_BLS.index(name)]) + inp)
    for inp in evm_cases("bn256Add"):
        put("eip_encodings", b"\x00" + inp[:64])
    for inp in evm_cases("bn256Pairing"):
        if len(inp) >= 192:
            put("eip_encodings", b"\x01" + inp[64:192])
    for inp in evm_cases("blsG1Add"):
        put("eip_encodings", b"\x02" + inp[:128])
    for inp in evm_cases("blsG2Add"):
        put("eip_encodings", b"\x03" + inp[:256])


def bls_seeds():
    def inputs(handler):
        d = os.path.join(ETH, handler)
        for f in sorted(os.listdir(d))[:PER_FILE]:
            yield json.load(open(os.path.join(d, f)))

    for case in inputs("sign"):
        sk = unhex(case["input"]["privkey"])
        put("bls_objects", b"\x04" + sk)
        if case["output"]:
            sig = unhex(case["output"])
            put("bls_objects", b"\x02" + sig)
            put("zcash", b"\x02" + sig)
    for case in inputs("verify"):
        pk = unhex(case["input"]["pubkey"])
        put("bls_objects", b"\x00" + pk)
        put("zcash", b"\x00" + pk)
    for handler, sel in (("deserialization_G1", 0), ("deserialization_G2", 2)):
        for case in inputs(handler):
            put("zcash", bytes([sel]) + unhex(case["input"]["pubkey" if sel == 0 else "signature"]))
    # RFC 9380 hash-to-curve outputs as uncompressed Zcash points
    for suite, sel in (("BLS12381G1_XMD_SHA-256_SSWU_RO_", 1), ("BLS12381G2_XMD_SHA-256_SSWU_RO_", 3)):
        v = json.load(open(os.path.join(VEC, "hash-to-curve", suite + ".json")))
        for c in v["vectors"]:
            if sel == 1:
                b = unhex(c["P"]["x"]) + unhex(c["P"]["y"])
            else:
                (x0, x1), (y0, y1) = (s.split(",") for s in (c["P"]["x"], c["P"]["y"]))
                b = unhex(x1) + unhex(x0) + unhex(y1) + unhex(y0)
            put("zcash", bytes([sel]) + b)


def ecdh_seeds():
    # CurveId::ALL order in crates/ec/src/curves/mod.rs: secp224r1 = 1, secp256r1 = 2
    for curve, sel in (("secp224r1", 1), ("secp256r1", 2)):
        v = json.load(open(os.path.join(VEC, "wycheproof", "ecdh_%s_ecpoint_test.json" % curve)))
        n = 0
        for g in v["testGroups"]:
            for t in g["tests"]:
                if n >= 4 * PER_FILE:
                    break
                n += 1
                pub, priv = unhex(t["public"]), unhex(t["private"])
                if pub:
                    put("sec1", bytes([sel]) + pub)
                put("sec1", bytes([sel]) + priv)
                if curve == "secp256r1" and pub:
                    put("diff_ecdh", b"\x00" + priv[-32:].rjust(32, b"\0") + pub)


def kat(path):
    cur = {}
    for line in open(path):
        line = line.strip()
        if not line:
            if cur:
                yield cur
            cur = {}
            continue
        k, _, v = line.partition("=")
        k = k.strip()
        if k != "Count":
            cur[k] = bytes.fromhex(v.strip())
    if cur:
        yield cur


def aead_seeds():
    for fname, sel in (("ascon128v12_LWC_AEAD_KAT_128_128.txt", 0),
                       ("asconaead128_LWC_AEAD_KAT_128_128.txt", 1)):
        for i, c in enumerate(kat(os.path.join(VEC, "aead", fname))):
            if i % 97 != 0:  # a spread of PT/AD lengths
                continue
            ad = c["AD"][:255]
            body = bytes([3, 5, 0, 16]) + c["Key"] + c["Nonce"] + bytes([len(ad)]) + ad + c["CT"]
            put("aead_stream", bytes([sel]) + body)
            if sel == 1:
                for s2 in range(2, 7):  # the other schemes' layouts differ; mutation starts here
                    put("aead_stream", bytes([s2]) + body)
                pt = c["PT"]
                put("diff_ascon", c["Key"] + c["Nonce"] + bytes([len(ad), i % 251]) + ad + pt)


def fe_seeds(hayate):
    tmp = tempfile.mkdtemp()
    try:
        msg = os.path.join(tmp, "msg")
        open(msg, "wb").write(b"fuzz seed message")
        runs = [("fame", "a,b,level=5", "a and (b or level > 3)"),
                ("ot10", "t1=3,t2=7", "t1=3 and not t2=5")]
        for curve in ("bn254", "bn254-beuchat", "bls12-381"):
            for scheme, attrs, policy in runs:
                pre = os.path.join(tmp, "%s-%s" % (scheme, curve))
                extra = ["--categories", "2", "--dim", "2"] if scheme == "ot10" else []
                def run(*args):
                    subprocess.run([hayate, "fe", *args], check=True, capture_output=True)
                run("setup", "--scheme", scheme, "--curve", curve, *extra,
                    "--pk", pre + ".pk", "--msk", pre + ".msk")
                run("keygen", "--msk", pre + ".msk", "--attrs", attrs, "--out", pre + ".key")
                run("encrypt", "--pk", pre + ".pk", "--policy", policy, "--in", msg,
                    "--out", pre + ".ct")
                for ext in ("pk", "msk", "key", "ct"):
                    b = open(pre + "." + ext, "rb").read()
                    put("fe_objects", b)
                    if curve == "bn254" and ext == "ct":
                        put("fe_decrypt", b)
    finally:
        shutil.rmtree(tmp)


def text_seeds():
    for p in ["a and b", "(a or b) and not c", "2 of (a, b, c)", "level > 3 and level <= 10",
              "t1=3 and not t2=5", "dept==\"cardiology\" or admin", "a b level=5",
              "t1=3,t2=7,t4=cardiology", "a,b,level=5", "x", "((((a))))"]:
        put("policy", p.encode())
    for s in ["00ff", "0xDEADbeef", " 0X0102 ", "", "0x", "abc", "zz"]:
        put("cli_hex", b"\x40" + s.encode())


def main():
    hayate = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, "target", "release", "hayate")
    if os.path.isdir(CORPUS):
        shutil.rmtree(CORPUS)
    evm_seeds()
    bls_seeds()
    ecdh_seeds()
    aead_seeds()
    fe_seeds(hayate)
    text_seeds()
    for t in sorted(os.listdir(CORPUS)):
        files = os.listdir(os.path.join(CORPUS, t))
        size = sum(os.path.getsize(os.path.join(CORPUS, t, f)) for f in files)
        print("%-14s %4d seeds %8d bytes" % (t, len(files), size))


if __name__ == "__main__":
    main()

"""Side-by-side timings of hayate and the Python peers that are installed, in one run.

Run ``python -m hayate.bench`` (``--quick`` for a short run). Operations (BLS12-381 unless
noted): pairing, G1 and G2 scalar multiplication by a random scalar, BLS min-pk PoP verify,
Ascon-128 v1.2 on 1 KiB, and FAME CP-ABE (Setup, KeyGen, Encrypt, Decrypt). Peers, each timed
only if it imports: ``py_ecc`` (pure Python), ``py_arkworks_bls12381`` (Rust arkworks through
PyO3), ``blspy`` (Chia's C++ bls-signatures), ``ascon`` (the designers' pure-Python Ascon) and
``charm`` (Charm, JHU; PyPI ``charm-crypto-framework``, built on the PBC library), whose
``AC17CPABE`` is FAME as published by its authors. The first figures also give the per-call
overhead of the binding: a pairing through Python against the same pairing timed inside Rust.

FAME (Agrawal–Chase, CCS 2017, k = 2 on both sides): a key with ``FAME_ATTRS`` attributes and a
policy that is the AND of the same attributes. hayate runs on its 254-bit BN curves
(``bn254-beuchat``, z = 2^62 − 2^54 + 2^44; ``bn254`` = alt_bn128) and on BLS12-381; Charm on
its group ``BN254``: PBC's type-F parameters, a 254-bit BN curve with z = −(2^62 + 796), paired
by PBC's Tate pairing (Miller loop over r). The two sides do not do the same work per call:

* hayate's functions take and return encodings (bytes): every call decodes and validates the
  keys and ciphertext it is given, parses the attribute list or policy string, and encodes its
  result; the ratios of the FAME rows are to hayate on bn254-beuchat. Encrypt is hybrid: the FAME KEM, then HKDF-SHA-256 and AES-128-GCM of a 32-byte
  plaintext; Decrypt re-parses the policy the ciphertext carries, computes the six pairings as
  one multi-pairing, and authenticates and decrypts the AES-GCM part.
* Charm's functions work on in-memory Python objects (no encoding, no validation). Its
  Encrypt parses the policy string (pyparsing) and builds the span program inside the call,
  and multiplies a random GT element (its message) by the blinding value, with no symmetric
  layer; its KeyGen takes a list of attribute strings (nothing parsed); its Decrypt finds the
  satisfying rows in Python (``prune``) and computes six separate pairings.
* KeyGen and Encrypt use fresh attribute names on every call, so hayate's per-process memo of
  attribute hashes never hits (Charm hashes the attributes on every call); the rows "repeated
  attributes" reuse one attribute set and show what the memo saves. hayate computes the
  policy-column hashes, constants of the scheme, once per process; Charm's Encrypt recomputes
  them.

Each figure is the median of several rounds of a timed loop (``time.perf_counter``); for an
operation timed on hayate and on compiled peers, the rounds of the implementations alternate,
so that the machine's changing speed affects them alike (the pure-Python peers and Charm, tens
to thousands of times slower, are timed on their own). Results are checked to agree with
hayate's before anything is timed where the peer can be compared (FAME: each side decrypts its
own ciphertext to its own message first).
"""

import argparse
import itertools
import os
import statistics
import time
from typing import Callable, Dict, List, Optional, Tuple

from . import aead, bls12_381 as C, fe
from .bls import min_pk


Sampler = Callable[[int], float]  # n calls -> seconds per call


def _loop(f: Callable[[], object]) -> Sampler:
    """A sampler timing ``n`` calls of ``f`` in a Python loop."""

    def sample(n: int) -> float:
        t = time.perf_counter()
        for _ in range(n):
            f()
        return (time.perf_counter() - t) / n

    return sample


def _interleaved(samplers: Dict[str, Sampler], budget: float, rounds: int = 11) -> Dict[str, float]:
    """Median seconds per call of each sampler over ``rounds`` rounds, interleaved: round r of
    every implementation runs before round r + 1 of any, so that a change in the machine's
    speed during the run (other load, frequency) affects every implementation alike and the
    ratios stay comparable. Each round of each implementation takes about budget/rounds."""
    sizes = {}
    for name, sample in samplers.items():
        sample(1)
        sizes[name] = max(1, int(budget / rounds / max(sample(1), 1e-7)))
    samples: Dict[str, List[float]] = {name: [] for name in samplers}
    for _ in range(rounds):
        for name, sample in samplers.items():
            samples[name].append(sample(sizes[name]))
    return {name: statistics.median(v) for name, v in samples.items()}


def _median_seconds(f: Callable[[], object], budget: float, rounds: int = 5) -> float:
    """Median over ``rounds`` of the mean time of a loop sized to take about budget/rounds
    (one implementation on its own: ``_interleaved`` with one sampler)."""
    return _interleaved({"f": _loop(f)}, budget, rounds)["f"]


def _peers() -> Dict[str, object]:
    found = {}
    for name in ("py_ecc", "py_arkworks_bls12381", "blspy", "ascon"):
        try:
            found[name] = __import__(name)
        except ImportError:
            pass
    return found


Row = Tuple[str, str, float]

FAME_ATTRS = 10  # attributes in the key; the policy is the AND of the same attributes
_FAME_CURVES = (
    ("bn254-beuchat", "hayate bn254-beuchat"),
    ("bn254", "hayate bn254 (alt_bn128)"),
    ("bls12-381", "hayate bls12-381"),
)
_CHARM = "Charm AC17CPABE, BN254 (PBC)"


def _charm_fame() -> Optional[Tuple[Callable[..., object], object, Callable[..., object]]]:
    """(PairingGroup, GT, AC17CPABE) when Charm imports, else None."""
    try:
        from charm.schemes.abenc.ac17 import AC17CPABE
        from charm.toolbox.pairinggroup import GT, PairingGroup
    except ImportError:
        return None
    return PairingGroup, GT, AC17CPABE


def _fame_ops(n: int) -> Tuple[str, str, str, str]:
    return ("FAME Setup", f"FAME KeyGen ({n} attrs)", f"FAME Encrypt (AND of {n})", f"FAME Decrypt (AND of {n})")


def _hayate_fame(curve: str, label: str, fresh: Callable[[], List[str]], budget: float, memo: bool) -> List[Row]:
    """hayate's FAME on one curve: correctness first, then the four operations (and, with
    ``memo``, KeyGen and Encrypt on a repeated attribute set)."""
    setup, keygen, encrypt, decrypt = _fame_ops(FAME_ATTRS)
    attrs = [f"ATTR{i}" for i in range(FAME_ATTRS)]
    pt = os.urandom(32)
    pk, msk = fe.setup("fame", curve)
    sk = fe.keygen(msk, ",".join(attrs))
    ct = fe.encrypt(pk, " and ".join(attrs), pt)
    assert fe.decrypt(sk, ct) == pt, f"hayate FAME on {curve} does not decrypt to the plaintext"
    rows: List[Row] = [(setup, label, _median_seconds(lambda: fe.setup("fame", curve), budget))]
    rows.append((keygen, label, _median_seconds(lambda: fe.keygen(msk, ",".join(fresh())), budget)))
    rows.append((encrypt, label, _median_seconds(lambda: fe.encrypt(pk, " and ".join(fresh()), pt), budget)))
    rows.append((decrypt, label, _median_seconds(lambda: fe.decrypt(sk, ct), budget)))
    if memo:
        again = f"{label}, repeated attributes"
        key_attrs, policy = ",".join(attrs), " and ".join(attrs)
        rows.append((keygen, again, _median_seconds(lambda: fe.keygen(msk, key_attrs), budget)))
        rows.append((encrypt, again, _median_seconds(lambda: fe.encrypt(pk, policy, pt), budget)))
    return rows


def _fame_rows(budget: float, slow_budget: float) -> List[Row]:
    """FAME: hayate on its curves, then Charm's AC17CPABE (k = 2) on BN254; no rows at all
    without Charm. Operations as in the module docstring."""
    charm = _charm_fame()
    if charm is None:
        return []
    PairingGroup, GT, AC17CPABE = charm
    serial = itertools.count()

    def fresh() -> List[str]:
        """Attribute names not seen before in this process (upper case: Charm upper-cases
        the attributes of a policy; no '_': Charm reads it as an index)."""
        c = next(serial)
        return [f"B{c}X{i}" for i in range(FAME_ATTRS)]

    rows: List[Row] = []
    for i, (curve, label) in enumerate(_FAME_CURVES):
        rows += _hayate_fame(curve, label, fresh, budget, memo=i == 0)

    setup, keygen, encrypt, decrypt = _fame_ops(FAME_ATTRS)
    group = PairingGroup("BN254")
    abe = AC17CPABE(group, 2)
    attrs = [f"ATTR{i}" for i in range(FAME_ATTRS)]
    pk, msk = abe.setup()
    sk = abe.keygen(pk, msk, attrs)
    msg = group.random(GT)
    ct = abe.encrypt(pk, msg, " and ".join(attrs))
    assert abe.decrypt(pk, ct, sk) == msg, "Charm's FAME does not decrypt to its message"
    rows.append((setup, _CHARM, _median_seconds(abe.setup, slow_budget, 3)))
    rows.append((keygen, _CHARM, _median_seconds(lambda: abe.keygen(pk, msk, fresh()), slow_budget, 3)))
    rows.append((encrypt, _CHARM, _median_seconds(lambda: abe.encrypt(pk, msg, " and ".join(fresh())), slow_budget, 3)))
    rows.append((decrypt, _CHARM, _median_seconds(lambda: abe.decrypt(pk, ct, sk), slow_budget, 3)))
    order = {op: k for k, op in enumerate((setup, keygen, encrypt, decrypt))}
    return sorted(rows, key=lambda r: order[r[0]])  # stable: hayate's rows first in each operation


def run(quick: bool = False) -> List[Row]:
    """(operation, implementation, seconds per call) for every available implementation."""
    budget = 0.3 if quick else 2.0
    slow_budget = 1.0 if quick else 5.0  # pure-Python peers: a few calls
    peers = _peers()
    rows: List[Row] = []
    k = C.Scalar.random()
    ki = int(k)
    g1, g2 = C.G1.generator(), C.G2.generator()
    p, q = g1 * k, g2 * C.Scalar.random()

    # --- pairing (and the binding's per-call overhead), G1/G2 mul, BLS verify -----------------
    # hayate and the compiled peers are timed interleaved (_interleaved); the pure-Python peers
    # (thousands of times slower) on their own.
    ark, bp, ecc = peers.get("py_arkworks_bls12381"), peers.get("blspy"), peers.get("py_ecc")
    pairing: Dict[str, Sampler] = {
        "hayate (Python)": _loop(lambda: C.pairing(p, q)),
        "hayate (inside Rust)": lambda n: C._n._rust_pairing_seconds(p, q, n),
    }
    g1_mul: Dict[str, Sampler] = {"hayate": _loop(lambda: g1 * k)}
    g2_mul: Dict[str, Sampler] = {"hayate": _loop(lambda: g2 * k)}
    if ark is not None:
        ag1, ag2, ak = ark.G1Point(), ark.G2Point(), ark.Scalar(ki)
        assert (ag1 * ak).to_compressed_bytes() == bytes(p)
        ap, aq = ag1 * ak, ark.G2Point.from_compressed_bytes_unchecked(bytes(q))
        pairing["py_arkworks_bls12381"] = _loop(lambda: ark.GT.pairing(ap, aq))
        g1_mul["py_arkworks_bls12381"] = _loop(lambda: ag1 * ak)
        g2_mul["py_arkworks_bls12381"] = _loop(lambda: ag2 * ak)
    if bp is not None:
        bg1, bg2 = bp.G1Element.from_bytes(bytes(p)), bp.G2Element.from_bytes(bytes(q))
        pairing["blspy"] = _loop(lambda: bg1.pair(bg2))
    for op, samplers in (("pairing", pairing), ("G1 mul", g1_mul), ("G2 mul", g2_mul)):
        rows += [(op, impl, sec) for impl, sec in _interleaved(samplers, budget * len(samplers)).items()]
    if ecc is not None:
        from py_ecc.optimized_bls12_381 import G1 as EG1, G2 as EG2, multiply, pairing as epairing

        ep = multiply(EG1, ki)
        rows.append(("pairing", "py_ecc", _median_seconds(lambda: epairing(EG2, ep), slow_budget, 3)))
        rows.append(("G1 mul", "py_ecc", _median_seconds(lambda: multiply(EG1, ki), slow_budget, 3)))
        rows.append(("G2 mul", "py_ecc", _median_seconds(lambda: multiply(EG2, ki), slow_budget, 3)))

    # BLS verify (min-pk, proof-of-possession scheme)
    sk_bytes = (ki or 1).to_bytes(32, "big")
    sk = min_pk.SecretKey.from_bytes(sk_bytes)
    pk, msg = sk.public_key(), b"hayate bench message"
    sig = min_pk.sign(sk, msg)
    verify: Dict[str, Sampler] = {"hayate": _loop(lambda: min_pk.verify(pk, msg, sig))}
    if bp is not None:
        bsk = bp.PrivateKey.from_bytes(sk_bytes)
        bsig = bp.PopSchemeMPL.sign(bsk, msg)
        assert bytes(bsig) == bytes(sig)
        bpk = bsk.get_g1()
        verify["blspy"] = _loop(lambda: bp.PopSchemeMPL.verify(bpk, msg, bsig))
    rows += [("BLS verify", impl, sec) for impl, sec in _interleaved(verify, budget * len(verify)).items()]
    if ecc is not None:
        from py_ecc.bls import G2ProofOfPossession as Pop

        assert Pop.Sign(ki or 1, msg) == bytes(sig)
        pkb, sigb = bytes(pk), bytes(sig)
        rows.append(("BLS verify", "py_ecc", _median_seconds(lambda: Pop.Verify(pkb, msg, sigb), slow_budget, 3)))

    # --- AEAD: Ascon-128 v1.2, 1 KiB, 16 bytes of associated data -----------------------------
    key, nonce, ad, pt = os.urandom(16), os.urandom(16), os.urandom(16), os.urandom(1024)
    alg = aead.ascon128v12
    rows.append(("Ascon-128 1 KiB", "hayate", _median_seconds(lambda: alg.encrypt(key, nonce, pt, ad), budget)))
    asc = peers.get("ascon")
    if asc is not None:
        assert asc.encrypt(key, nonce, ad, pt, variant="Ascon-128") == alg.encrypt(key, nonce, pt, ad)
        rows.append(
            ("Ascon-128 1 KiB", "ascon (pure Python)", _median_seconds(lambda: asc.encrypt(key, nonce, ad, pt, variant="Ascon-128"), slow_budget, 3))
        )

    # --- FAME CP-ABE, beside Charm's (only when Charm imports) -------------------------------
    rows += _fame_rows(budget, slow_budget)
    return rows


def _fmt(s: float) -> str:
    if s >= 1e-3:
        return f"{s * 1e3:.2f} ms"
    return f"{s * 1e6:.1f} µs"


def report(rows: List[Row]) -> str:
    """A Markdown table: each implementation's time and its ratio to hayate's."""
    base: Dict[str, float] = {}
    for op, impl, s in rows:
        if impl.startswith("hayate") and impl != "hayate (inside Rust)":
            base.setdefault(op, s)
    out = ["| operation | implementation | time per call | × hayate |", "|---|---|---:|---:|"]
    for op, impl, s in rows:
        out.append(f"| {op} | {impl} | {_fmt(s)} | {s / base[op]:.2f} |")
    py = next(s for op, i, s in rows if op == "pairing" and i == "hayate (Python)")
    rust: Optional[float] = next((s for op, i, s in rows if i == "hayate (inside Rust)"), None)
    if rust:
        out.append("")
        out.append(f"Per-call overhead of a pairing through Python: {(py - rust) / rust * 100:+.1f} % of the Rust time.")
    return "\n".join(out)


def main() -> None:
    ap = argparse.ArgumentParser(prog="python -m hayate.bench", description=__doc__.split("\n\n")[0])
    ap.add_argument("--quick", action="store_true", help="short run (indicative figures)")
    a = ap.parse_args()
    print(report(run(a.quick)))


if __name__ == "__main__":
    main()

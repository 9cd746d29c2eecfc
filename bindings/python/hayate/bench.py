"""Side-by-side timings of hayate and the Python peers that are installed, in one run.

Run ``python -m hayate.bench`` (``--quick`` for a short run). Operations (BLS12-381 unless
noted): pairing, G1 and G2 scalar multiplication by a random scalar, BLS min-pk PoP verify,
and Ascon-128 v1.2 on 1 KiB. Peers, each timed only if it imports: ``py_ecc`` (pure Python),
``py_arkworks_bls12381`` (Rust arkworks through PyO3), ``blspy`` (Chia's C++ bls-signatures)
and ``ascon`` (the designers' pure-Python Ascon). The first figures also give the per-call
overhead of the binding: a pairing through Python against the same pairing timed inside Rust.

Each figure is the median of several rounds of a timed loop (``time.perf_counter``); results
are checked to agree with hayate's before anything is timed where the peer can be compared.
"""

import argparse
import os
import statistics
import time
from typing import Callable, Dict, List, Optional, Tuple

from . import aead, bls12_381 as C
from .bls import min_pk


def _median_seconds(f: Callable[[], object], budget: float, rounds: int = 5) -> float:
    """Median over ``rounds`` of the mean time of a loop sized to take about budget/rounds."""
    f()
    t = time.perf_counter()
    f()
    one = max(time.perf_counter() - t, 1e-7)
    n = max(1, int(budget / rounds / one))
    samples = []
    for _ in range(rounds):
        t = time.perf_counter()
        for _ in range(n):
            f()
        samples.append((time.perf_counter() - t) / n)
    return statistics.median(samples)


def _peers() -> Dict[str, object]:
    found = {}
    for name in ("py_ecc", "py_arkworks_bls12381", "blspy", "ascon"):
        try:
            found[name] = __import__(name)
        except ImportError:
            pass
    return found


Row = Tuple[str, str, float]


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

    # --- pairing, and the binding's per-call overhead -----------------------------------------
    rows.append(("pairing", "hayate (Python)", _median_seconds(lambda: C.pairing(p, q), budget)))
    rust = statistics.median(C._n._rust_pairing_seconds(p, q, 20 if quick else 100) for _ in range(5))
    rows.append(("pairing", "hayate (inside Rust)", rust))
    rows.append(("G1 mul", "hayate", _median_seconds(lambda: g1 * k, budget)))
    rows.append(("G2 mul", "hayate", _median_seconds(lambda: g2 * k, budget)))

    ark = peers.get("py_arkworks_bls12381")
    if ark is not None:
        ag1, ag2, ak = ark.G1Point(), ark.G2Point(), ark.Scalar(ki)
        assert (ag1 * ak).to_compressed_bytes() == bytes(p)
        ap = ag1 * ak
        rows.append(("pairing", "py_arkworks_bls12381", _median_seconds(lambda: ark.GT.pairing(ap, ag2), budget)))
        rows.append(("G1 mul", "py_arkworks_bls12381", _median_seconds(lambda: ag1 * ak, budget)))
        rows.append(("G2 mul", "py_arkworks_bls12381", _median_seconds(lambda: ag2 * ak, budget)))
    bp = peers.get("blspy")
    if bp is not None:
        bg1, bg2 = bp.G1Element.from_bytes(bytes(p)), bp.G2Element.generator()
        rows.append(("pairing", "blspy", _median_seconds(lambda: bg1.pair(bg2), budget)))
    ecc = peers.get("py_ecc")
    if ecc is not None:
        from py_ecc.optimized_bls12_381 import G1 as EG1, G2 as EG2, multiply, pairing as epairing

        ep = multiply(EG1, ki)
        rows.append(("pairing", "py_ecc", _median_seconds(lambda: epairing(EG2, ep), slow_budget, 3)))
        rows.append(("G1 mul", "py_ecc", _median_seconds(lambda: multiply(EG1, ki), slow_budget, 3)))
        rows.append(("G2 mul", "py_ecc", _median_seconds(lambda: multiply(EG2, ki), slow_budget, 3)))

    # --- BLS verify (min-pk, proof-of-possession scheme) --------------------------------------
    sk_bytes = (ki or 1).to_bytes(32, "big")
    sk = min_pk.SecretKey.from_bytes(sk_bytes)
    pk, msg = sk.public_key(), b"hayate bench message"
    sig = min_pk.sign(sk, msg)
    rows.append(("BLS verify", "hayate", _median_seconds(lambda: min_pk.verify(pk, msg, sig), budget)))
    if bp is not None:
        bsk = bp.PrivateKey.from_bytes(sk_bytes)
        bsig = bp.PopSchemeMPL.sign(bsk, msg)
        assert bytes(bsig) == bytes(sig)
        bpk = bsk.get_g1()
        rows.append(("BLS verify", "blspy", _median_seconds(lambda: bp.PopSchemeMPL.verify(bpk, msg, bsig), budget)))
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

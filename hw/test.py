#!/usr/bin/env python3
"""Verification of the paper-004 scalar multiplier (hw/): run by hw/test.sh.

1. Units (iverilog, tb/tb_units.v): the Montgomery multiplier (a*b = r*2^256 mod p, r < p) and
   the inverter (x*r = 1 mod p); the constant-time inverter takes the same number of cycles for
   every input (1, p-1, powers of two, long zero runs, random), and the positive control --
   the paper's data-dependent binary GCD (VARTIME=1) -- shows differing counts.
2. Third-party truth (Verilator, whole design through AXI4-Lite): every valid case of
   Wycheproof ecdh_secp256r1_ecpoint_test.json with an uncompressed point gives x([d]Q) =
   shared; the invalid uncompressed points with coordinates below p are flagged "not on the
   curve" (STATUS bit 2).
3. Co-verification with the library: on secp256r1, secp256k1 and brainpoolP256r1, random
   scalars and points and the edge scalars (0, 1, 2, 3, n-2, n-1, n, n+1, all-equal two-bit
   digits, 2^256-1) and the point at infinity: the circuit equals
   `hayate ecmul --method jin-miyaji`; the four single modules (Affine Add, DQ, Double Change,
   Extended Affine, with their exceptional inputs) equal the CLI's [k]P for the matching k.
4. Constant time: the start-to-done cycle count is the same for every scalar multiplication in
   the run (and each module's count for every input).
Exit status 0 only if everything holds. Usage: test.py [--quick] [--json OUT]
"""
import json
import os
import random
import subprocess
import sys
import tempfile
import time
from concurrent.futures import Future, ThreadPoolExecutor

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import hwlib  # noqa: E402
from hwlib import CURVES, HW, log  # noqa: E402

WYCHEPROOF = os.environ.get(
    "WYCHEPROOF_ECDH_P256",
    os.path.join(os.path.dirname(hwlib.ROOT), "shared", "vectors", "wycheproof",
                 "ecdh_secp256r1_ecpoint_test.json"))
if not os.path.exists(WYCHEPROOF):
    WYCHEPROOF = "/work/shared/vectors/wycheproof/ecdh_secp256r1_ecpoint_test.json"

FAIL = []


def check(cond, what):
    if not cond:
        FAIL.append(what)
        log("FAIL:", what)


def unit_tests(rng):
    """Returns {'mm': [latencies], 'inv_ct': [...], 'inv_vt': [...]}."""
    lines, meta = [], []
    for name, c in CURVES.items():
        p = c["p"]
        pinv, _ = hwlib.mont_params(p)
        for a, b in [(0, 5), (1, 1), (p - 1, p - 1)] + [(rng.randrange(p), rng.randrange(p)) for _ in range(6)]:
            lines.append("M %x %x %x %x" % (p, pinv, a, b))
            meta.append(("M", p, a, b))
        xs = [1, 2, 3, p - 1, p - 2, 1 << 128, (1 << 255) % p, (1 << 200) | 1, 1 << 64,
              (1 << 254) - 1, 0x5555 << 200] + [rng.randrange(1, p) for _ in range(12)]
        for x in xs:
            lines.append("I %x %x" % (p, x))
            meta.append(("I", p, x, None))
    with tempfile.TemporaryDirectory() as td:
        inp = os.path.join(td, "u.in")
        with open(inp, "w") as f:
            f.write("\n".join(lines) + "\n")
        exe = os.path.join(td, "tbu")
        subprocess.run(["iverilog", "-g2005", "-o", exe, os.path.join(HW, "tb", "tb_units.v"),
                        os.path.join(HW, "rtl", "mont_mul.v"), os.path.join(HW, "rtl", "inv_gcd.v")],
                       check=True)
        out = subprocess.run(["vvp", "-n", exe, "+in=" + inp], capture_output=True, text=True,
                             check=True).stdout
    outs = [ln.split() for ln in out.splitlines() if ln[:2] in ("M ", "I ")]
    check(len(outs) == len(meta), "unit test bench output count")
    lat = {"mm": [], "inv_ct": [], "inv_vt": []}
    for m, o in zip(meta, outs):
        if m[0] == "M":
            _, p, a, b = m
            r = int(o[1], 16)
            check(r < p and (r * (1 << 256) - a * b) % p == 0, "mont_mul %x*%x" % (a, b))
            lat["mm"].append(int(o[2]))
        else:
            _, p, x, _ = m
            r, rv = int(o[1], 16), int(o[3], 16)
            check(x * r % p == 1, "inverse (ct) of %x" % x)
            check(x * rv % p == 1, "inverse (vartime) of %x" % x)
            lat["inv_ct"].append(int(o[2]))
            lat["inv_vt"].append(int(o[4]))
    check(len(set(lat["mm"])) == 1, "mont_mul latency constant: %s" % sorted(set(lat["mm"])))
    check(len(set(lat["inv_ct"])) == 1,
          "constant-time inverter: one cycle count for all inputs, got %s" % sorted(set(lat["inv_ct"])))
    check(len(set(lat["inv_vt"])) > 1,
          "positive control: the data-dependent inverter's counts differ, got %s" % sorted(set(lat["inv_vt"])))
    log("units: mont_mul %s cycles; inverter constant-time %s cycles for %d inputs; "
        "data-dependent control %d..%d cycles (%d distinct)" % (
            sorted(set(lat["mm"])), sorted(set(lat["inv_ct"])), len(lat["inv_ct"]),
            min(lat["inv_vt"]), max(lat["inv_vt"]), len(set(lat["inv_vt"]))))
    return lat


def run_parallel(exe, lines, nproc=2):
    if not lines:
        return []
    chunks = [lines[i::nproc] for i in range(nproc)]
    with ThreadPoolExecutor(nproc) as ex:
        parts = list(ex.map(lambda ch: hwlib.run_jobs(exe, ch), chunks))
    res = [None] * len(lines)
    for i, part in enumerate(parts):
        for j, r in enumerate(part):
            res[i + j * nproc] = r
    return res


def wycheproof_jobs(quick):
    d = json.load(open(WYCHEPROOF))
    p = CURVES["secp256r1"]["p"]
    jobs, skipped = [], {}
    for g in d["testGroups"]:
        for t in g["tests"]:
            pub = t["public"]
            if not (pub.startswith("04") and len(pub) == 130):
                skipped[t["result"]] = skipped.get(t["result"], 0) + 1
                continue
            x, y = int(pub[2:66], 16), int(pub[66:], 16)
            d_ = int(t["private"], 16)
            if x >= p or y >= p or d_ >> 256:
                skipped[t["result"]] = skipped.get(t["result"], 0) + 1
                continue
            jobs.append((t, hwlib.job_line("secp256r1", "mul", d_, (x, y))))
    if quick:
        jobs = [j for j in jobs if j[0]["result"] != "valid"] + \
               [j for j in jobs if j[0]["result"] == "valid"][:24]
    return jobs, skipped


def edge_scalars(n):
    out = [0, 1, 2, 3, n - 2, n - 1, n, n + 1, (1 << 256) - 1]
    for d in (1, 2, 3):  # all two-bit digits equal to d, the largest such value below n
        k = 0
        for i in range(128):
            k |= d << (2 * i)
        while k >= n:
            k >>= 2
        out.append(k)
    return out


def coverify_jobs(rng, quick):
    """(curve, description, job line, (expected [k]P, expected 4P or None)); the expectations
    come from the CLI, two calls at a time."""
    with ThreadPoolExecutor(2) as ex:
        jobs = _coverify_jobs(rng, quick, lambda *a: ex.submit(hwlib.ecmul, *a))
        return [(c, w, l, tuple(x.result() if isinstance(x, Future) else x for x in exp))
                for c, w, l, exp in jobs]


def _coverify_jobs(rng, quick, later):
    """As coverify_jobs, with later(curve, k, P) a future of the CLI's [k]P."""
    jobs = []
    for curve, c in CURVES.items():
        n = c["n"]
        pts = [("G", hwlib.ecmul(curve, 1))]
        for _ in range(1 if quick else 2):
            r = rng.randrange(1, n)
            pts.append(("[%x]G" % r, hwlib.ecmul(curve, r)))
        scal = edge_scalars(n) + [rng.randrange(1 << 256) for _ in range(2 if quick else 5)]
        for pi, (pname, P) in enumerate(pts):
            ks = scal if pi < 2 else scal[-3:]
            for k in ks:
                jobs.append((curve, "mul k=%x P=%s" % (k, pname), hwlib.job_line(curve, "mul", k, P),
                             (later(curve, k, P), None)))
        # k * O = O
        jobs.append((curve, "mul P=O", hwlib.job_line(curve, "mul", 5, None),
                     (later(curve, 5, None), None)))
        # single modules, generic and exceptional inputs
        r1, r2 = rng.randrange(1, n), rng.randrange(1, n)
        P, Q = hwlib.ecmul(curve, r1), hwlib.ecmul(curve, r2)
        mP = hwlib.ecmul(curve, n - r1)
        E = lambda k: later(curve, k % n)  # noqa: E731
        jobs += [
            (curve, "Affine Add P+Q", hwlib.job_line(curve, "add", 0, P, Q), (E(r1 + r2), None)),
            (curve, "Affine Add P+P", hwlib.job_line(curve, "add", 0, P, P), (E(2 * r1), None)),
            (curve, "Affine Add P+(-P)", hwlib.job_line(curve, "add", 0, P, mP), (None, None)),
            (curve, "Affine Add O+Q", hwlib.job_line(curve, "add", 0, None, Q), (Q, None)),
            (curve, "Affine Add P+O", hwlib.job_line(curve, "add", 0, P, None), (P, None)),
            (curve, "Affine DQ P", hwlib.job_line(curve, "dq", 0, P), (E(2 * r1), E(4 * r1))),
            (curve, "Affine DQ O", hwlib.job_line(curve, "dq", 0, None), (None, None)),
            (curve, "Affine Double Change P", hwlib.job_line(curve, "dblch", 0, P), (E(2 * r1), None)),
            (curve, "Extended Affine -Q+P", hwlib.job_line(curve, "ext", 0, P, Q), (E(r1 - r2), None)),
            (curve, "Extended Affine -P+P", hwlib.job_line(curve, "ext", 0, P, P), (None, None)),
            (curve, "Extended Affine -(-P)+P", hwlib.job_line(curve, "ext", 0, P, mP), (E(2 * r1), None)),
        ]
    return jobs


def trace_tests(exe, rng, quick):
    """The circuit's ladder registers after Algorithm 1 line 4 and after every iteration equal
    the library's (`hayate ecmul --method jin-miyaji --trace`), for a few scalars."""
    cases = [("secp256r1", CURVES["secp256r1"]["n"] - 1), ("secp256k1", rng.randrange(1 << 256)),
             ("brainpoolP256r1", int("55" * 32, 16) >> 2)]
    if quick:
        cases = cases[:1]
    n = 0
    for curve, k in cases:
        P = hwlib.ecmul(curve, rng.randrange(1, CURVES[curve]["n"]))
        hw_steps, hw_res = hwlib.run_trace(exe, curve, k, P)
        sw_steps, sw_res = hwlib.jm_trace(curve, k, P)
        check(len(hw_steps) == len(sw_steps) == 129,
              "trace %s: %d circuit steps, %d library steps" % (curve, len(hw_steps), len(sw_steps)))
        for (i, sw), hw in zip(sw_steps, hw_steps):
            if sw != hw:
                check(False, "trace %s k=%x: first difference at i=%d" % (curve, k, i))
                break
            n += 1
        check(hw_res == sw_res, "trace %s: result" % curve)
    log("trace: %d ladder states (R0, R1, A, A1) equal the library's step by step on %d runs" % (
        n, len(cases)))
    return n


def main():
    quick = "--quick" in sys.argv
    jout = sys.argv[sys.argv.index("--json") + 1] if "--json" in sys.argv else None
    rng = random.Random(int(os.environ.get("HW_SEED", "4004")))
    t0 = time.time()
    lat = unit_tests(rng)
    log("building the Verilator model ...")
    exe = hwlib.build_model()
    log("built in %.0f s" % (time.time() - t0))
    wj, skipped = wycheproof_jobs(quick)
    log("computing co-verification expectations with the hayate CLI ...")
    cj = coverify_jobs(rng, quick)
    lines = [j[1] for j in wj] + [j[2] for j in cj]
    log("simulating %d runs ..." % len(lines))
    t1 = time.time()
    res = run_parallel(exe, lines)
    log("simulated in %.0f s" % (time.time() - t1))
    wres, cres = res[:len(wj)], res[len(wj):]
    nvalid = ninvalid = 0
    for (t, _), r in zip(wj, wres):
        if t["result"] in ("valid", "acceptable"):
            nvalid += 1
            check(not r["badpt"] and r["z"] is not None and r["z"][0] == int(t["shared"], 16),
                  "wycheproof tcId %d" % t["tcId"])
        else:
            ninvalid += 1
            check(r["badpt"], "wycheproof tcId %d (invalid point) not flagged" % t["tcId"])
    log("wycheproof: %d valid cases give the shared secret, %d invalid points flagged; "
        "not expressible (compressed or out-of-range encodings): %s" % (nvalid, ninvalid, skipped))
    mods = {}
    for (curve, what, line, exp), r in zip(cj, cres):
        check(r["z"] == exp[0], "%s %s: circuit %s, hayate %s" % (curve, what, r["z"], exp[0]))
        if line.split()[1] == "2":
            check(r["z2"] == exp[1], "%s %s (4P)" % (curve, what))
        mods.setdefault(int(line.split()[1]), []).append((r["cycles"], r["prog"]))
    log("co-verification: %d runs on %d curves equal hayate ecmul --method jin-miyaji" % (
        len(cj), len(CURVES)))
    ntrace = trace_tests(exe, rng, quick)
    full = [r["cycles"] for r in wres] + [c for c, _ in mods.get(0, [])]
    check(len(set(full)) == 1, "constant time: start->done cycles of every scalar multiplication "
          "equal, got %s" % sorted(set(full)))
    iters = [r["prog"] for r in wres] + [pc for _, pc in mods.get(0, [])]
    check(len(set(iters)) == 1, "constant time: ladder iteration cycles equal")
    names = {1: "AFFINE_ADD", 2: "AFFINE_DQ", 3: "AFFINE_DBLCH", 4: "EXTENDED_AFFINE"}
    modc = {}
    for m, name in names.items():
        pcs = [pc for _, pc in mods.get(m, [])]
        check(len(set(pcs)) == 1, "constant time: %s cycles equal, got %s" % (name, sorted(set(pcs))))
        modc[name] = [min(pcs), max(pcs)]
    log("constant time: %d scalar multiplications, all %s cycles (iteration %s); modules %s" % (
        len(full), sorted(set(full)), sorted(set(iters)), modc))
    summary = {
        "ok": not FAIL, "failures": FAIL[:20], "runs": len(lines), "seconds": round(time.time() - t0, 1),
        "scalar_mult_cycles": sorted(set(full)), "iteration_cycles": sorted(set(iters)),
        "modules": modc,
        "units": {"MONT_MUL": [min(lat["mm"]), max(lat["mm"])],
                  "INVERSE": [min(lat["inv_ct"]), max(lat["inv_ct"])],
                  "INVERSE_vartime_control": [min(lat["inv_vt"]), max(lat["inv_vt"])]},
        "trace_steps": ntrace,
        "wycheproof": {"valid": nvalid, "invalid_flagged": ninvalid, "skipped": skipped},
    }
    if jout:
        with open(jout, "w") as f:
            json.dump(summary, f, indent=1)
    if FAIL:
        log("hw tests FAILED (%d): first: %s" % (len(FAIL), FAIL[0]))
        return 1
    log("hw tests passed in %.0f s" % (time.time() - t0))
    return 0


if __name__ == "__main__":
    sys.exit(main())

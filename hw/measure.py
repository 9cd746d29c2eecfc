#!/usr/bin/env python3
"""Measurements of the paper-004 scalar multiplier for `hayate report` (section 004) and
hw/README.md: cycles per unit and per module (min-max over random inputs, simulated), cycles
of a full 256-bit scalar multiplication and its time at the paper's 214 MHz, and the Yosys
`synth_xilinx -family xcup` resources (LUTs, flip-flops, DSPs, BRAM) with a logic-depth figure
(`ltp -noff` on a generic LUT6 mapping: the longest path in LUTs between flip-flops).

Usage: measure.py --json OUT [--no-synth | --units-only] [--runs N] [--cache DIR]
The whole design (top `jm_axi`) is synthesized hierarchically — `synth_xilinx -family xcup`
without `-flatten`, each module mapped once, the totals from `stat -top jm_axi` over the
instance hierarchy — with a time limit (HW_SYNTH_TIMEOUT, default 5400 s; the hierarchical run
takes 8–15 minutes on the project's 2-core machine, depending on load; the flattened run did not
finish in 90 minutes).
`--units-only` skips it. The units (mont_mul, inv_gcd) are always synthesized on their own,
flattened, for their per-unit rows and for the logic depth, which `ltp` measures within one
module (HW_DEPTH_TIMEOUT, default 1200 s; null when exceeded).
`--cache DIR` keeps the whole design's synthesis result in DIR, keyed by a SHA-256 of everything
it depends on (the RTL, the generated include files, the Yosys script and Yosys' version), and
reuses it while none of that changes (Yosys is deterministic): `hayate report` passes
`target/hw-synth`, so only its first full run, or one after a change to the design, pays for it.
"""
import hashlib
import json
import os
import random
import re
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import hwlib  # noqa: E402
from hwlib import CURVES, HW, log  # noqa: E402

CLOCK_HZ = 214e6


def sim_units(rng, runs):
    lines = []
    for c in CURVES.values():
        p = c["p"]
        pinv, _ = hwlib.mont_params(p)
        for _ in range(runs):
            lines.append("M %x %x %x %x" % (p, pinv, rng.randrange(p), rng.randrange(p)))
            lines.append("I %x %x" % (p, rng.randrange(1, p)))
        lines += ["I %x 1" % p, "I %x %x" % (p, p - 1)]
    with tempfile.TemporaryDirectory() as td:
        inp = os.path.join(td, "u.in")
        open(inp, "w").write("\n".join(lines) + "\n")
        exe = os.path.join(td, "tbu")
        subprocess.run(["iverilog", "-g2005", "-o", exe, os.path.join(HW, "tb", "tb_units.v"),
                        os.path.join(HW, "rtl", "mont_mul.v"), os.path.join(HW, "rtl", "inv_gcd.v")],
                       check=True)
        out = subprocess.run(["vvp", "-n", exe, "+in=" + inp], capture_output=True, text=True,
                             check=True).stdout
    mm, ict, ivt = [], [], []
    for ln in out.splitlines():
        f = ln.split()
        if f and f[0] == "M":
            mm.append(int(f[2]))
        elif f and f[0] == "I":
            ict.append(int(f[2]))
            ivt.append(int(f[4]))
    return {"MONT_MUL": [min(mm), max(mm)], "INVERSE": [min(ict), max(ict)],
            "INVERSE_vartime_control": [min(ivt), max(ivt)]}


def sim_modules(rng, runs):
    exe = hwlib.build_model()
    lines, kinds = [], []
    # Random points as [r]G: only the curve equation matters for cycle counts, and the circuit
    # is constant time, so the points come from a short ladder run on the circuit itself.
    gx = {"secp256r1": 0x6b17d1f2e12c4247f8bce6e563a440f277037d812deb33a0f4a13945d898c296,
          "secp256k1": 0x79be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798,
          "brainpoolP256r1": 0x8bd2aeb9cb7e57cb2c4b482ffc81b7afb9de27e1e3bd23c23a4453bd9ace3262}
    gy = {"secp256r1": 0x4fe342e2fe1a7f9b8ee7eb4a7c0f9e162bce33576b315ececbb6406837bf51f5,
          "secp256k1": 0x483ada7726a3c4655da4fbfc0e1108a8fd17b448a68554199c47d08ffb10d4b8,
          "brainpoolP256r1": 0x547ef835c3dac4fd97f8461a14611dc9c27745132ded8e545c1d54c72f046997}
    pts = {}
    seed_lines = []
    for curve in CURVES:
        for _ in range(2):
            seed_lines.append((curve, hwlib.job_line(curve, "mul", rng.randrange(1 << 256),
                                                     (gx[curve], gy[curve]))))
    res = hwlib.run_jobs(exe, [s[1] for s in seed_lines])
    for (curve, _), r in zip(seed_lines, res):
        pts.setdefault(curve, []).append(r["z"])
    full = [r["cycles"] for r in res]
    iters = [r["prog"] for r in res]
    for curve in CURVES:
        P, Q = pts[curve]
        for mode in ("add", "dq", "dblch", "ext"):
            lines.append(hwlib.job_line(curve, mode, 0, P, Q))
            kinds.append(mode)
        for _ in range(max(1, runs // 3)):
            lines.append(hwlib.job_line(curve, "mul", rng.randrange(1 << 256), P))
            kinds.append("mul")
    res = hwlib.run_jobs(exe, lines)
    mods = {}
    for k, r in zip(kinds, res):
        if k == "mul":
            full.append(r["cycles"])
            iters.append(r["prog"])
        else:
            mods.setdefault(k, []).append(r["prog"])
    names = {"add": "AFFINE_ADD", "dq": "AFFINE_DQ", "dblch": "AFFINE_DBLCH", "ext": "EXTENDED_AFFINE"}
    return ({names[k]: [min(v), max(v)] for k, v in mods.items()},
            [min(full), max(full)], [min(iters), max(iters)], len(full))


def parse_stat(txt):
    # `stat -top`: only the hierarchy's totals (the per-module listings precede them)
    if "=== design hierarchy ===" in txt:
        txt = txt[txt.index("=== design hierarchy ==="):]
    cells = {}
    for m in re.finditer(r"^\s+(\S+)\s+(\d+)\s*$", txt, re.M):
        cells[m.group(1)] = cells.get(m.group(1), 0) + int(m.group(2))
    luts = sum(v for k, v in cells.items() if re.fullmatch(r"LUT[1-6]", k))
    ffs = sum(v for k, v in cells.items() if re.fullmatch(r"FD[A-Z]*", k))
    dsps = sum(v for k, v in cells.items() if k.startswith("DSP48"))
    bram = sum(v for k, v in cells.items() if k.startswith("RAMB"))
    carry = sum(v for k, v in cells.items() if k.startswith("CARRY"))
    muxf = sum(v for k, v in cells.items() if k.startswith("MUXF"))
    lutram = sum(v for k, v in cells.items() if k.startswith("RAM") and not k.startswith("RAMB"))
    return {"LUT": luts, "FF": ffs, "DSP": dsps, "BRAM": bram, "CARRY": carry, "MUXF": muxf,
            "LUTRAM": lutram}


def _yosys(script, timeout):
    subprocess.run(["yosys", "-q", script], check=True, timeout=timeout,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def synth(top, files, timeout, flatten=True):
    """synth_xilinx -family xcup: resource counts (flattened, or hierarchical with the totals
    of `stat -top`); for flattened runs also the logic depth as `ltp -noff` on a generic LUT6
    mapping of the same design (ltp cannot walk the carry-chain cells of the Xilinx mapping;
    without carry chains the figure overstates the adders' depth)."""
    with tempfile.TemporaryDirectory() as td:
        inc = "-I%s -I%s" % (hwlib.BUILD, os.path.join(HW, "rtl"))
        src = " ".join(os.path.join(HW, "rtl", f) for f in files)
        ys = os.path.join(td, "s.ys")
        stat = os.path.join(td, "stat.txt")
        open(ys, "w").write("read_verilog %s %s\nsynth_xilinx -family xcup -top %s%s\n"
                            "tee -q -o %s stat -top %s\n"
                            % (inc, src, top, " -flatten" if flatten else "", stat, top))
        t = time.time()
        _yosys(ys, timeout)
        r = parse_stat(open(stat).read())
        r["seconds"] = round(time.time() - t, 1)
        if not flatten:
            return r
        ys2 = os.path.join(td, "d.ys")
        ltp = os.path.join(td, "ltp.txt")
        open(ys2, "w").write("read_verilog %s %s\nsynth -flatten -top %s\nabc -lut 6\nopt_clean\n"
                             "tee -q -o %s ltp -noff\n" % (inc, src, top, ltp))
        try:
            _yosys(ys2, int(os.environ.get("HW_DEPTH_TIMEOUT", "1200")))
            m = re.search(r"length=(\d+)", open(ltp).read())
            r["ltp"] = int(m.group(1)) if m else None
        except subprocess.TimeoutExpired:
            r["ltp"] = None
        return r


def synth_key(files):
    """SHA-256 of what a hierarchical synthesis of `files` depends on."""
    h = hashlib.sha256()
    h.update(subprocess.run(["yosys", "-V"], check=True, capture_output=True).stdout)
    h.update(open(os.path.abspath(__file__), "rb").read())
    paths = [os.path.join(HW, "rtl", f) for f in files]
    paths += sorted(os.path.join(hwlib.BUILD, f) for f in os.listdir(hwlib.BUILD)
                    if f.endswith(".vh"))
    for path in paths:
        h.update(os.path.basename(path).encode() + b"\0")
        h.update(open(path, "rb").read())
    return h.hexdigest()


def synth_cached(top, files, timeout, cache):
    """`synth(top, files, timeout, flatten=False)`, reusing a result kept in `cache` (a folder)
    for exactly these inputs."""
    if cache is None:
        return synth(top, files, timeout, flatten=False)
    path = os.path.join(cache, "%s-%s.json" % (top, synth_key(files)[:32]))
    if os.path.exists(path):
        r = json.load(open(path))
        r["cached"] = path
        log("synthesis of %s: reusing %s" % (top, path))
        return r
    r = synth(top, files, timeout, flatten=False)
    os.makedirs(cache, exist_ok=True)
    with open(path + ".tmp", "w") as f:
        json.dump(r, f)
    os.replace(path + ".tmp", path)
    return r


def main():
    out = sys.argv[sys.argv.index("--json") + 1] if "--json" in sys.argv else None
    runs = int(sys.argv[sys.argv.index("--runs") + 1]) if "--runs" in sys.argv else 6
    rng = random.Random(2004)
    hwlib.gen_ucode()
    sched = json.load(open(os.path.join(hwlib.BUILD, "schedule.json")))
    r = {"clock_hz": CLOCK_HZ, "units": sim_units(rng, runs)}
    r["units"]["ADD/SUB (ALU)"] = [sched["latency"]["alu"]] * 2
    r["units"]["MUL (256x64 partial product)"] = [1, 1]
    mods, full, iters, nfull = sim_modules(rng, runs)
    r["modules"] = mods
    r["modules"]["ITERATION (2 x ADD beside DQ)"] = iters
    r["scalar_mult"] = {"cycles": full, "runs": nfull, "us_at_214MHz": [c / CLOCK_HZ * 1e6 for c in full]}
    r["config"] = {"units": sched["units"], "latency": sched["latency"], "registers": sched["nreg"],
                   "flags": sched["nflag"], "rom_words": sched["rom_words"], "rom_width": sched["rom_width"]}
    log("simulated: scalar mult %s cycles, modules %s, units %s" % (full, mods, r["units"]))
    if "--no-synth" not in sys.argv:
        timeout = int(os.environ.get("HW_SYNTH_TIMEOUT", "5400"))
        parts = {}
        for top, files in [("mont_mul", ["mont_mul.v"]), ("inv_gcd", ["inv_gcd.v"])]:
            parts[top] = synth(top, files, timeout)
        n = {"mont_mul": sched["units"]["mm"], "inv_gcd": sched["units"]["inv"]}
        ltp = max((parts[u]["ltp"] or 0) for u in parts) or None
        whole, why = None, "--units-only"
        if "--units-only" not in sys.argv:
            cache = sys.argv[sys.argv.index("--cache") + 1] if "--cache" in sys.argv else None
            try:
                whole = synth_cached("jm_axi", hwlib.RTL, timeout, cache)
            except subprocess.TimeoutExpired:
                why = "the whole design exceeded %d s of synthesis" % timeout
        if whole is not None:
            whole["ltp"] = ltp
            whole["parts"] = parts
            whole["scope"] = ("whole design (jm_axi: %d x mont_mul, %d x inv_gcd, register file, "
                              "ALUs, microcode ROM, sequencer, AXI), synthesized hierarchically "
                              "(synth_xilinx without -flatten, totals of stat -top; no "
                              "optimisation across module boundaries), %.0f s; logic depth: the "
                              "deepest unit (mont_mul, inv_gcd), paths within jm_core not included%s"
                              % (n["mont_mul"], n["inv_gcd"], whole["seconds"],
                                 "; result reused from an earlier synthesis of the same sources"
                                 if whole.get("cached") else ""))
            r["synth"] = whole
        else:
            tot = {k: sum(n[u] * parts[u][k] for u in parts) for k in ("LUT", "FF", "DSP", "BRAM")}
            tot["ltp"] = ltp
            tot["parts"] = parts
            tot["scope"] = ("units only, %d x mont_mul + %d x inv_gcd (a lower bound: %s; register "
                            "file, ALUs, sequencer and AXI not included)"
                            % (n["mont_mul"], n["inv_gcd"], why))
            r["synth"] = tot
        log("synthesis: %s" % r["synth"])
    if out:
        with open(out, "w") as f:
            json.dump(r, f, indent=1)
    else:
        print(json.dumps(r, indent=1))


if __name__ == "__main__":
    main()

"""Shared helpers of the hw/ test bench and measurement scripts: building the Verilator model,
running jobs through its AXI4-Lite test bench, the curve parameters, and the hayate CLI.

Nothing here computes an expected scalar multiplication: expected values come from Wycheproof
(third-party vectors) and from the library's CLI (`hayate ecmul`), which is the co-verification
reference. The Montgomery constants (-p^-1 mod 2^64, 2^512 mod p) are inputs of the circuit,
derived from p here as the paper's software side would.
"""
import os
import shutil
import subprocess
import sys

HW = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HW)
BUILD = os.environ.get("HW_BUILD", os.path.join(HW, "build"))
RTL = ["jm_axi.v", "jm_core.v", "mont_mul.v", "inv_gcd.v"]

# Curve parameters (SEC 2 v2 section 2.4, RFC 5639 section 3.4; the same constants as
# crates/ec/src/curves/ and crates/arith/src/fields.rs).
CURVES = {
    "secp256r1": dict(
        p=0xffffffff00000001000000000000000000000000ffffffffffffffffffffffff,
        a=0xffffffff00000001000000000000000000000000fffffffffffffffffffffffc,
        b=0x5ac635d8aa3a93e7b3ebbd55769886bc651d06b0cc53b0f63bce3c3e27d2604b,
        n=0xffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551),
    "secp256k1": dict(
        p=0xfffffffffffffffffffffffffffffffffffffffffffffffffffffffefffffc2f,
        a=0, b=7,
        n=0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141),
    "brainpoolP256r1": dict(
        p=0xa9fb57dba1eea9bc3e660a909d838d726e3bf623d52620282013481d1f6e5377,
        a=0x7d5a0975fc2c3057eef67530417affe7fb8055c126dc5c6ce94a4b44f330b5d9,
        b=0x26dc5c6ce94a4b44f330b5d9bbd77cbf958416295cf7e1ce6bccdc18ff8c07b6,
        n=0xa9fb57dba1eea9bc3e660a909d838d718c397aa3b561a6f7901e0e82974856a7),
}

MODE = {"mul": 0, "add": 1, "dq": 2, "dblch": 3, "ext": 4}


def log(*a):
    print(*a, file=sys.stderr, flush=True)


def need_tools(names=("verilator", "iverilog", "yosys")):
    return [n for n in names if shutil.which(n) is None]


def gen_ucode(outdir=BUILD):
    os.makedirs(outdir, exist_ok=True)
    out = subprocess.run([sys.executable, os.path.join(HW, "gen", "ucode.py"), outdir],
                         check=True, capture_output=True, text=True)
    return out.stdout


def build_model(outdir=BUILD):
    """Verilator build of jm_axi + tb/tb_axi.cpp; returns the binary path (rebuilt only when a
    source is newer than the binary)."""
    gen_ucode(outdir)
    obj = os.path.join(outdir, "obj")
    exe = os.path.join(obj, "Vjm_axi")
    srcs = [os.path.join(HW, "rtl", f) for f in RTL] + [os.path.join(HW, "tb", "tb_axi.cpp"),
                                                       os.path.join(HW, "gen", "ucode.py")]
    if os.path.exists(exe) and all(os.path.getmtime(s) < os.path.getmtime(exe) for s in srcs):
        return exe
    cmd = ["verilator", "--cc", "--exe", "--build", "-j", "2", "-O3", "--x-assign", "fast",
           "--x-initial", "fast", "--noassert", "-Wno-fatal", "-Wno-WIDTH", "-Wno-UNUSED",
           "-I" + outdir, "-I" + os.path.join(HW, "rtl"), "--Mdir", obj, "--top-module", "jm_axi",
           "-CFLAGS", "-O2"] + [os.path.join(HW, "rtl", f) for f in RTL] + \
          [os.path.join(HW, "tb", "tb_axi.cpp")]
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL)
    return exe


def mont_params(p):
    return (-pow(p, -1, 1 << 64)) % (1 << 64), pow(2, 512, p)


def job_line(curve, mode, k=0, P=None, Q=None):
    """P, Q: (x, y) integers or None for the point at infinity."""
    c = CURVES[curve]
    pinv, r2 = mont_params(c["p"])
    px, py = P if P else (0, 0)
    qx, qy = Q if Q else (0, 0)
    f = [c["p"], pinv, r2, c["a"], c["b"], k, px, py, qx, qy]
    return "JOB %d %d %d %s" % (MODE[mode], P is None, Q is None, " ".join("%x" % v for v in f))


def run_jobs(exe, lines):
    """Runs the jobs in one simulator process; returns dicts (status, cycles, prog, z, z2)."""
    out = subprocess.run([exe], input="\n".join(lines) + "\n", capture_output=True, text=True,
                         check=True).stdout
    res = []
    for ln in out.splitlines():
        f = ln.split()
        if f[0] != "RES":
            continue
        st = int(f[1], 16)
        z = None if st & 8 else (int(f[4], 16), int(f[5], 16))
        z2 = None if st & 16 else (int(f[6], 16), int(f[7], 16))
        res.append(dict(status=st, badpt=bool(st & 4), cycles=int(f[2]), prog=int(f[3]),
                        z=z, z2=z2))
    assert len(res) == len(lines), (len(res), len(lines))
    return res


def sec1(P):
    return "00" if P is None else "04%064x%064x" % P


def parse_sec1(h):
    h = h.strip()
    if h == "00":
        return None
    assert h.startswith("04") and len(h) == 130, h
    return int(h[2:66], 16), int(h[66:], 16)


def hayate_bin():
    b = os.environ.get("HAYATE_BIN", os.path.join(ROOT, "target", "debug", "hayate"))
    if not os.path.exists(b):
        log("building the hayate CLI (cargo build --locked -p hayate)")
        subprocess.run(["cargo", "build", "--locked", "-p", "hayate"], cwd=ROOT, check=True)
    return b


def ecmul(curve, k, P="G", method="jin-miyaji"):
    """[k]P by the library's CLI (P = "G" for the generator, None for the point at infinity)."""
    cmd = [hayate_bin(), "ecmul", "--curve", curve, "--method", method, "--scalar", "%x" % k,
           "--point", P if P == "G" else sec1(P)]
    out = subprocess.run(cmd, capture_output=True, text=True, check=True).stdout
    return parse_sec1(out)


TRACE_REGS = ["R0X", "R0Y", "R1X", "R1Y", "AX", "AY", "A1X", "A1Y"]
TRACE_FLAGS = ["R0INF", "R1INF", "AINF", "A1INF"]


def _fixed_names():
    sys.path.insert(0, os.path.join(HW, "gen"))
    import ucode  # noqa: E402
    return ucode.FIXED_REGS, ucode.FIXED_FLAGS


def run_trace(exe, curve, k, P):
    """Runs [k]P in trace mode; returns the ladder state (R0, R1, A, A1 as affine points or
    None) at every pause (after Algorithm 1 line 4, then after each iteration) and the result."""
    regs, flags = _fixed_names()
    p = CURVES[curve]["p"]
    rinv = pow(1 << 256, -1, p)
    lines = ["TRACEREGS " + " ".join(str(regs.index(n)) for n in TRACE_REGS),
             job_line(curve, "mul", k, P).replace("JOB", "TRACE", 1)]
    out = subprocess.run([exe], input="\n".join(lines) + "\n", capture_output=True, text=True,
                         check=True).stdout
    steps, result = [], None
    for ln in out.splitlines():
        f = ln.split()
        if f[0] == "STEP":
            fl = int(f[1], 16)
            v = [int(x, 16) * rinv % p for x in f[2:]]
            pts = []
            for j, fn in enumerate(TRACE_FLAGS):
                inf = (fl >> flags.index(fn)) & 1
                pts.append(None if inf else (v[2 * j], v[2 * j + 1]))
            steps.append(pts)
        elif f[0] == "RES":
            st = int(f[1], 16)
            result = None if st & 8 else (int(f[4], 16), int(f[5], 16))
    return steps, result


def jm_trace(curve, k, P):
    """[(i, R0, R1, A, A1)], result from the library's ladder step by step (`hayate ecmul
    --method jin-miyaji --trace`, k as 32 bytes: 257 ladder bits, as the circuit)."""
    cmd = [hayate_bin(), "ecmul", "--curve", curve, "--method", "jin-miyaji", "--trace",
           "--scalar", "%064x" % k, "--point", sec1(P)]
    out = subprocess.run(cmd, capture_output=True, text=True, check=True).stdout
    steps, result = [], None
    for ln in out.splitlines():
        f = ln.split()
        if f and f[0] == "result":
            result = parse_sec1(f[1])
        elif f:
            steps.append((int(f[0]), [parse_sec1(x) for x in f[1:5]]))
    return steps, result

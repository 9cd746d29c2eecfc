#!/usr/bin/env python3
"""Microcode generator for the paper-004 scalar multiplier (hw/rtl/jm_core.v).

The point formulas of paper 004 (Tanaka-Miyaji, SEEDS.md section 004: Affine Add, Affine
Double-Quadruple, Affine Double Change, Extended Affine, and the Jin-Miyaji ladder of its
Algorithm 1) are written below once, as data-flow graphs over field operations. This script

  1. list-schedules each graph onto the core's functional units (ALU = modular add/sub, select
     and flag logic, 1 cycle; Montgomery multipliers, LAT_MM cycles; constant-time inverters,
     LAT_INV cycles), critical path first: this is the paper's intra-module parallel schedule
     (its Figure 2) and, for the ladder iteration, the inter-module parallelism (the
     double-quadruple beside the two additions, Section 4.1.5), found automatically;
  2. allocates the core's register file by live ranges (the paper's TMP registers);
  3. writes the microcode ROM (a Verilog case table) and the parameters header.

Every program is a fixed list of microinstructions with fixed delays: the cycle count of each
program is a constant of the schedule, whatever the data (scalar bits and point coordinates only
steer selects). Usage: ucode.py OUTDIR  (writes ucode_rom.vh, ucode_params.vh, schedule.json).
"""
import json
import sys

# ---- unit configuration (must match the RTL; jm_core checks LAT_* through ucode_params.vh) ----
N_ALU = 2
N_MM = 2
N_INV = 2
LAT = {"alu": 1, "mm": 14, "inv": 258}
NREG_MAX = 64
NFLAG_MAX = 32

ALU_OPS = {"NOP": 0, "ADD": 1, "SUB": 2, "SEL": 3, "EQ": 4, "FAND": 5, "FOR": 6, "FSEL": 7}

# fixed registers: r0 = 0 (writes ignored), r1 = 1 (integer one), then the bus-visible ones
FIXED_REGS = ["ZERO", "ONE",
              "PX", "PY", "QX", "QY", "CA", "CB", "R2",  # written over the bus
              "OX", "OY", "O2X", "O2Y",                  # read over the bus
              "AM", "BM", "R3", "ONEM", "PXM", "PYM", "QXM", "QYM",
              "R0X", "R0Y", "R1X", "R1Y", "AX", "AY", "A1X", "A1Y", "ZX", "ZY", "Z2X", "Z2Y"]
# fixed flags: f0 = 0, f1 = 1, scalar bits, bus inputs; then state flags
FIXED_FLAGS = ["F0", "F1", "K0", "KI", "KI1", "PINF", "QINF",
               "R0INF", "R1INF", "AINF", "A1INF", "ZINF", "Z2INF", "OINF", "O2INF", "BADPT"]
READONLY_FLAGS = {"F0", "F1", "K0", "KI", "KI1", "PINF", "QINF"}


class Val:
    __slots__ = ("id", "kind", "op", "srcs", "fixed", "unit", "t", "avail", "reads", "loc")

    def __init__(self, vid, kind, op, srcs, fixed=None):
        self.id, self.kind, self.op, self.srcs, self.fixed = vid, kind, op, srcs, fixed
        self.unit = None
        self.t = None
        self.avail = 0 if fixed else None
        self.reads = []
        self.loc = None


class Prog:
    """A data-flow graph: values are registers ('r') or flags ('f')."""

    def __init__(self, name):
        self.name = name
        self.vals = []
        self.inputs = {}
        self.outputs = []  # (fixed name, Val)

    def _new(self, kind, op, srcs, fixed=None):
        v = Val(len(self.vals), kind, op, srcs, fixed)
        self.vals.append(v)
        return v

    def inp(self, name):
        if name not in self.inputs:
            kind = "f" if name in FIXED_FLAGS else "r"
            self.inputs[name] = self._new(kind, "IN", [], fixed=name)
        return self.inputs[name]

    # field operations (Montgomery domain)
    def add(self, a, b):
        return self._new("r", "ADD", [a, b])

    def sub(self, a, b):
        return self._new("r", "SUB", [a, b])

    def sel(self, f, a, b):  # f ? a : b
        return self._new("r", "SEL", [a, b, f])

    def eq(self, a, b):
        return self._new("f", "EQ", [a, b])

    def fand(self, a, b):
        return self._new("f", "FAND", [a, b])

    def for_(self, a, b):
        return self._new("f", "FOR", [a, b])

    def fsel(self, f, a, b):
        return self._new("f", "FSEL", [a, b, f])

    def mul(self, a, b):
        return self._new("r", "MM", [a, b])

    def inv(self, a):
        return self._new("r", "INV", [a])

    def out(self, name, v):
        self.outputs.append((name, v))

    # helpers
    def zero(self):
        return self.inp("ZERO")

    def dbl(self, a):
        return self.add(a, a)

    def triple(self, a):
        return self.add(self.add(a, a), a)


# ------------------------------------------------------------------------------------------
# The point formulas. A point is (x, y, inf) in the Montgomery domain. These follow the
# complete affine formulas of crates/ec/src/ladder.rs (module docs): both slopes formed and one
# selected, zero denominators give O, O operands fixed by selects; the inverter returns
# (den*R)^-1 = den^-1 R^-1, so the numerators are premultiplied by R^3 (beside the inversion).
# ------------------------------------------------------------------------------------------

def affine_add(g, P, Q):
    """Affine Add (paper Table 1 row 1; Section 2.1 formulas), complete."""
    px, py, pinf = P
    qx, qy, qinf = Q
    isdbl = g.fand(g.eq(px, qx), g.eq(py, qy))
    xx = g.mul(px, px)
    num = g.sel(isdbl, g.add(g.triple(xx), g.inp("AM")), g.sub(qy, py))
    den = g.sel(isdbl, g.dbl(py), g.sub(qx, px))
    van = g.eq(den, g.zero())
    inv = g.inv(den)
    lam = g.mul(g.mul(num, g.inp("R3")), inv)
    x3 = g.sub(g.sub(g.mul(lam, lam), px), qx)
    y3 = g.sub(g.mul(lam, g.sub(px, x3)), py)
    rx = g.sel(qinf, px, g.sel(pinf, qx, x3))
    ry = g.sel(qinf, py, g.sel(pinf, qy, y3))
    rinf = g.fsel(qinf, pinf, g.fsel(pinf, qinf, van))
    return rx, ry, rinf


def affine_double(g, P):
    """Affine Double Change (paper Table 1 row 3): 2P with one inversion, complete."""
    x, y, pinf = P
    num = g.add(g.triple(g.mul(x, x)), g.inp("AM"))
    den = g.dbl(y)
    van = g.eq(den, g.zero())
    inv = g.inv(den)
    lam = g.mul(g.mul(num, g.inp("R3")), inv)
    x3 = g.sub(g.mul(lam, lam), g.dbl(x))
    y3 = g.sub(g.mul(lam, g.sub(x, x3)), y)
    return x3, y3, g.for_(van, pinf)


def affine_dq(g, P):
    """Affine Double-Quadruple (Le-Nguyen; paper Table 1 row 2, Figures 1-2): (2P, 4P), one
    inversion of T = 2*Y2*D (derivation in crates/ec/src/ladder.rs), complete."""
    x, y, pinf = P
    z = g.zero()
    n1 = g.add(g.triple(g.mul(x, x)), g.inp("AM"))
    d = g.dbl(y)
    dd = g.mul(d, d)
    xdd = g.mul(x, dd)
    n1n1 = g.mul(n1, n1)
    x2n = g.sub(n1n1, g.dbl(xdd))
    ddd = g.mul(dd, d)
    y2n = g.sub(g.mul(n1, g.sub(g.triple(xdd), n1n1)), g.mul(y, ddd))
    n2 = g.add(g.triple(g.mul(x2n, x2n)), g.mul(g.inp("AM"), g.mul(dd, dd)))
    y2z = g.eq(y2n, z)
    y2n2 = g.dbl(y2n)
    den = g.sel(y2z, d, g.mul(y2n2, d))
    inv = g.inv(den)
    pbad = g.for_(g.for_(pinf, g.eq(d, z)), g.eq(den, z))
    r3 = g.inp("R3")
    inv_d = g.mul(g.mul(g.sel(y2z, g.inp("ONEM"), y2n2), r3), inv)
    lam2 = g.mul(g.mul(n2, r3), inv)
    inv_dd = g.mul(inv_d, inv_d)
    x2 = g.mul(x2n, inv_dd)
    y2 = g.mul(g.mul(y2n, inv_dd), inv_d)
    x4 = g.sub(g.mul(lam2, lam2), g.dbl(x2))
    y4 = g.sub(g.mul(lam2, g.sub(x2, x4)), y2)
    return (x2, y2, pbad), (x4, y4, g.for_(pbad, y2z))


def extended_affine(g, A, R):
    """Extended Affine (paper Table 1 row 4): -A + R, the negation folded into a complete
    affine addition."""
    ax, ay, ainf = A
    return affine_add(g, (ax, g.sub(g.zero(), ay), ainf), R)


def add_into(g, R0, R1, b, A):
    """R[b] <- R[b] + A for a secret bit b, by selects (no secret-dependent register index)."""
    src = (g.sel(b, R1[0], R0[0]), g.sel(b, R1[1], R0[1]), g.fsel(b, R1[2], R0[2]))
    s = affine_add(g, src, A)
    n0 = (g.sel(b, R0[0], s[0]), g.sel(b, R0[1], s[1]), g.fsel(b, R0[2], s[2]))
    n1 = (g.sel(b, s[0], R1[0]), g.sel(b, s[1], R1[1]), g.fsel(b, s[2], R1[2]))
    return n0, n1


def pt(g, x, y, f):
    return (g.inp(x), g.inp(y), g.inp(f))


def out_pt(g, names, P):
    for n, v in zip(names, P):
        g.out(n, v)


def build_programs():
    progs = []
    # CONV_IN: curve constants and the input points into the Montgomery domain, R^3, R mod p,
    # and the on-curve check of P (y^2 = x^3 + ax + b), reported in STATUS.
    g = Prog("CONV_IN")
    r2 = g.inp("R2")
    g.out("AM", g.mul(g.inp("CA"), r2))
    bm = g.mul(g.inp("CB"), r2)
    g.out("BM", bm)
    g.out("R3", g.mul(r2, r2))
    g.out("ONEM", g.mul(r2, g.inp("ONE")))
    pxm, pym = g.mul(g.inp("PX"), r2), g.mul(g.inp("PY"), r2)
    g.out("PXM", pxm)
    g.out("PYM", pym)
    g.out("QXM", g.mul(g.inp("QX"), r2))
    g.out("QYM", g.mul(g.inp("QY"), r2))
    am2 = g.mul(g.inp("CA"), r2)
    rhs = g.add(g.add(g.mul(g.mul(pxm, pxm), pxm), g.mul(am2, pxm)), bm)
    oncurve = g.eq(g.mul(pym, pym), rhs)
    g.out("BADPT", g.fsel(g.inp("PINF"), g.inp("F0"), g.fsel(oncurve, g.inp("F0"), g.inp("F1"))))
    progs.append(g)

    # JM_INIT: Algorithm 1 lines 1-4.
    g = Prog("JM_INIT")
    P = pt(g, "PXM", "PYM", "PINF")
    R0 = (P[0], g.sub(g.zero(), P[1]), P[2])
    R1 = P
    A, A1 = affine_dq(g, P)
    R0, R1 = add_into(g, R0, R1, g.inp("K0"), A)
    out_pt(g, ("R0X", "R0Y", "R0INF"), R0)
    out_pt(g, ("R1X", "R1Y", "R1INF"), R1)
    out_pt(g, ("AX", "AY", "AINF"), A)
    out_pt(g, ("A1X", "A1Y", "A1INF"), A1)
    progs.append(g)

    # JM_ITER: Algorithm 1 lines 6-8 (one two-bit iteration): the two additions in sequence,
    # the double-quadruple of A1 beside them.
    g = Prog("JM_ITER")
    R0 = pt(g, "R0X", "R0Y", "R0INF")
    R1 = pt(g, "R1X", "R1Y", "R1INF")
    A = pt(g, "AX", "AY", "AINF")
    A1 = pt(g, "A1X", "A1Y", "A1INF")
    R0, R1 = add_into(g, R0, R1, g.inp("KI"), A)
    R0, R1 = add_into(g, R0, R1, g.inp("KI1"), A1)
    An, A1n = affine_dq(g, A1)
    out_pt(g, ("R0X", "R0Y", "R0INF"), R0)
    out_pt(g, ("R1X", "R1Y", "R1INF"), R1)
    out_pt(g, ("AX", "AY", "AINF"), An)
    out_pt(g, ("A1X", "A1Y", "A1INF"), A1n)
    progs.append(g)

    # JM_FINAL: Algorithm 1 lines 11-12: R[k0] <- R[k0] - P; Z <- (-A + R[0]) + 2 R[1]
    # (Extended Affine beside Affine Double Change, then Affine Add).
    g = Prog("JM_FINAL")
    R0 = pt(g, "R0X", "R0Y", "R0INF")
    R1 = pt(g, "R1X", "R1Y", "R1INF")
    A = pt(g, "AX", "AY", "AINF")
    mP = (g.inp("PXM"), g.sub(g.zero(), g.inp("PYM")), g.inp("PINF"))
    R0, R1 = add_into(g, R0, R1, g.inp("K0"), mP)
    t = extended_affine(g, A, R0)
    d = affine_double(g, R1)
    out_pt(g, ("ZX", "ZY", "ZINF"), affine_add(g, t, d))
    progs.append(g)

    # CONV_OUT: Z, Z2 out of the Montgomery domain.
    g = Prog("CONV_OUT")
    one = g.inp("ONE")
    g.out("OX", g.mul(g.inp("ZX"), one))
    g.out("OY", g.mul(g.inp("ZY"), one))
    g.out("O2X", g.mul(g.inp("Z2X"), one))
    g.out("O2Y", g.mul(g.inp("Z2Y"), one))
    zi, z2i = g.inp("ZINF"), g.inp("Z2INF")
    g.out("OINF", g.for_(zi, g.inp("F0")))
    g.out("O2INF", g.for_(z2i, g.inp("F0")))
    progs.append(g)

    # Single modules (for the per-module cycle counts of Table 2): P, Q -> Z (, Z2).
    g = Prog("M_ADD")
    out_pt(g, ("ZX", "ZY", "ZINF"), affine_add(g, pt(g, "PXM", "PYM", "PINF"), pt(g, "QXM", "QYM", "QINF")))
    progs.append(g)
    g = Prog("M_DQ")
    z, z2 = affine_dq(g, pt(g, "PXM", "PYM", "PINF"))
    out_pt(g, ("ZX", "ZY", "ZINF"), z)
    out_pt(g, ("Z2X", "Z2Y", "Z2INF"), z2)
    progs.append(g)
    g = Prog("M_DBLCH")
    out_pt(g, ("ZX", "ZY", "ZINF"), affine_double(g, pt(g, "PXM", "PYM", "PINF")))
    progs.append(g)
    g = Prog("M_EXT")
    out_pt(g, ("ZX", "ZY", "ZINF"), extended_affine(g, pt(g, "QXM", "QYM", "QINF"), pt(g, "PXM", "PYM", "PINF")))
    progs.append(g)
    return progs


# ------------------------------------------------------------------------------------------
# Scheduling and allocation
# ------------------------------------------------------------------------------------------

def unit_class(op):
    return {"MM": "mm", "INV": "inv"}.get(op, "alu")


def schedule(g, nregs_fixed, nflags_fixed):
    ops = [v for v in g.vals if v.op != "IN"]
    for v in g.vals:
        for s in v.srcs:
            s.reads.append(v)
    # priority: longest latency path to a sink
    prio = {}
    for v in reversed(ops):
        p = LAT[unit_class(v.op)]
        for r in v.reads:
            p = max(p, LAT[unit_class(v.op)] + prio[r.id])
        prio[v.id] = p
    n_units = {"alu": N_ALU, "mm": N_MM, "inv": N_INV}
    busy = {c: [[] for _ in range(n)] for c, n in n_units.items()}  # lists of (start, end)
    free_at = {c: [0] * n for c, n in n_units.items()}
    pending = sorted(ops, key=lambda v: -prio[v.id])
    t = 0
    issued = {}
    while pending:
        rest = []
        used = {c: set() for c in n_units}
        for v in pending:
            if all(s.avail is not None and s.avail <= t for s in v.srcs):
                c = unit_class(v.op)
                cand = [u for u in range(n_units[c]) if free_at[c][u] <= t and u not in used[c]]
                if cand:
                    u = cand[0]
                    used[c].add(u)
                    free_at[c][u] = t + LAT[c]
                    v.unit, v.t, v.avail = (c, u), t, t + LAT[c]
                    issued.setdefault(t, []).append(v)
                    continue
            rest.append(v)
        pending = rest
        t += 1
    # pinned outputs: direct if possible, else a MOV after the last read of the old value
    moves = []
    for name, v in g.outputs:
        old = g.inputs.get(name)
        last_old = max([r.t for r in old.reads], default=-1) if old else -1
        if v.fixed is None and v.loc is None and v.avail > last_old:
            v.loc = name
        else:
            moves.append((name, v, max(v.avail, last_old)))
    # MOV ops on free ALU slots
    alu_busy = {}
    for v in ops:
        if v.unit[0] == "alu":
            alu_busy.setdefault(v.t, set()).add(v.unit[1])
    for name, v, t0 in moves:
        t = t0
        while len(alu_busy.get(t, ())) >= N_ALU:
            t += 1
        u = min(set(range(N_ALU)) - alu_busy.get(t, set()))
        alu_busy.setdefault(t, set()).add(u)
        kind = "FOR" if v.kind == "f" else "ADD"
        m = g._new(v.kind, kind, [v, g.inp("F0") if v.kind == "f" else g.inp("ZERO")])
        m.unit, m.t, m.avail, m.loc = ("alu", u), t, t + 1, name
        for s in m.srcs:
            s.reads.append(m)
        ops.append(m)
    length = max(v.avail for v in ops)
    # temporaries: interval allocation (a value lives from avail to its last read)
    temps_r, temps_f = [], []  # per temp: time after which it is free
    for v in sorted(ops, key=lambda v: v.avail):
        if v.loc is not None:
            continue
        if not v.reads:
            v.loc = "ZERO" if v.kind == "r" else "DEADF"
            continue
        last = max(r.t for r in v.reads)
        pool = temps_r if v.kind == "r" else temps_f
        for i, free in enumerate(pool):
            if free < v.avail:
                pool[i] = last
                v.loc = ("T", i)
                break
        else:
            pool.append(last)
            v.loc = ("T", len(pool) - 1)
    return ops, length, len(temps_r), len(temps_f)


def main():
    outdir = sys.argv[1] if len(sys.argv) > 1 else "."
    progs = build_programs()
    sched = []
    max_tr = max_tf = 0
    for g in progs:
        ops, length, ntr, ntf = schedule(g, len(FIXED_REGS), len(FIXED_FLAGS))
        sched.append((g, ops, length))
        max_tr, max_tf = max(max_tr, ntr), max(max_tf, ntf)
    nreg = len(FIXED_REGS) + max_tr
    nflag = len(FIXED_FLAGS) + 1 + max_tf  # + a sink for dead flags
    assert nreg <= NREG_MAX and nflag <= NFLAG_MAX, (nreg, nflag)

    def rloc(v):
        if isinstance(v.loc, tuple):
            return len(FIXED_REGS) + v.loc[1] if v.kind == "r" else len(FIXED_FLAGS) + 1 + v.loc[1]
        if v.loc == "DEADF":
            return len(FIXED_FLAGS)
        if v.fixed:
            name = v.fixed
        else:
            name = v.loc
        if v.kind == "r":
            return FIXED_REGS.index(name)
        assert name not in READONLY_FLAGS
        return FIXED_FLAGS.index(name)

    def src(v):
        name = v.fixed
        if name is not None:
            return FIXED_REGS.index(name) if v.kind == "r" else FIXED_FLAGS.index(name)
        return rloc(v)

    # microinstruction fields
    W = 6
    alu_w = 4 + 4 * W
    mm_w = 1 + 3 * W
    inv_w = 1 + 2 * W
    DLY_W = 10
    words = []
    entry = {}
    info = {}
    for g, ops, length in sched:
        entry[g.name] = len(words)
        by_t = {}
        for v in ops:
            by_t.setdefault(v.t, []).append(v)
        times = sorted(by_t) + [length]
        for k, t in enumerate(times):
            alu = [0] * N_ALU
            mm = [0] * N_MM
            inv = [0] * N_INV
            end = 1 if t == length else 0
            for v in by_t.get(t, []) if not end else []:
                c, u = v.unit
                if c == "alu":
                    code = ALU_OPS[v.op]
                    a = src(v.srcs[0])
                    b = src(v.srcs[1])
                    cc = src(v.srcs[2]) if len(v.srcs) > 2 else 0
                    alu[u] = code | (rloc(v) << 4) | (a << (4 + W)) | (b << (4 + 2 * W)) | (cc << (4 + 3 * W))
                elif c == "mm":
                    mm[u] = 1 | (rloc(v) << 1) | (src(v.srcs[0]) << (1 + W)) | (src(v.srcs[1]) << (1 + 2 * W))
                else:
                    inv[u] = 1 | (rloc(v) << 1) | (src(v.srcs[0]) << (1 + W))
            dly = (times[k + 1] - t) if not end else 1
            assert 1 <= dly < (1 << DLY_W), dly
            word = end | (dly << 1)
            pos = 1 + DLY_W
            for x in alu:
                word |= x << pos
                pos += alu_w
            for x in mm:
                word |= x << pos
                pos += mm_w
            for x in inv:
                word |= x << pos
                pos += inv_w
            words.append(word)
        util = {c: sum(LAT[c] for v in ops if v.unit[0] == c) for c in ("alu", "mm", "inv")}
        info[g.name] = {"cycles": length + 1, "ops": len(ops), "busy": util,
                        "mm": sum(1 for v in ops if v.op == "MM"),
                        "inv": sum(1 for v in ops if v.op == "INV"),
                        "addsub": sum(1 for v in ops if v.op in ("ADD", "SUB")),
                        "sel": sum(1 for v in ops if v.op in ("SEL", "FSEL"))}
    IW = pos
    aw = max(1, (len(words) - 1).bit_length())
    with open(f"{outdir}/ucode_rom.vh", "w") as f:
        f.write("// generated by hw/gen/ucode.py: the microcode ROM (do not edit)\n")
        f.write(f"function [{IW - 1}:0] ucode_rom;\n  input [{aw - 1}:0] a;\n  begin\n    case (a)\n")
        for i, w in enumerate(words):
            f.write(f"      {aw}'d{i}: ucode_rom = {IW}'h{w:x};\n")
        f.write(f"      default: ucode_rom = {IW}'h1;\n    endcase\n  end\nendfunction\n")
    with open(f"{outdir}/ucode_params.vh", "w") as f:
        f.write("// generated by hw/gen/ucode.py (do not edit)\n")
        for k, v in [("N_ALU", N_ALU), ("N_MM", N_MM), ("N_INV", N_INV), ("LAT_MM", LAT["mm"]),
                     ("LAT_INV", LAT["inv"]), ("NREG", nreg), ("NFLAG", nflag), ("IW", IW),
                     ("UAW", aw), ("DLY_W", DLY_W), ("FW", W), ("ALU_W", alu_w), ("MM_W", mm_w),
                     ("INV_W", inv_w)]:
            f.write(f"localparam {k} = {v};\n")
        for n in entry:
            f.write(f"localparam [{aw - 1}:0] PC_{n} = {entry[n]};\n")
        for i, n in enumerate(FIXED_REGS):
            f.write(f"localparam R_{n} = {i};\n")
        for i, n in enumerate(FIXED_FLAGS):
            f.write(f"localparam F_{n} = {i};\n")
    nport = N_ALU + N_MM + N_INV
    with open(f"{outdir}/rf_gen.vh", "w") as f:
        f.write("// generated by hw/gen/ucode.py: the register file (do not edit)\n")
        for i in range(2, nreg):
            f.write(f"reg [255:0] rf_{i};\n")
        for i in range(2, nreg):
            f.write(f"always @(posedge clk) begin\n")
            f.write(f"  if (bw_en_rf && bw_idx == {i}) rf_{i}[bw_word*32 +: 32] <= bw_data;\n")
            for k in range(nport):
                f.write(f"  if (wen[{k}] && wa[{k * W} +: {W}] == {i}) rf_{i} <= wd[{k * 256} +: 256];\n")
            f.write("end\n")
        f.write("function [255:0] rf_rd;\n  input [5:0] i;\n  begin\n    case (i)\n")
        f.write("      6'd0: rf_rd = 256'd0;\n      6'd1: rf_rd = 256'd1;\n")
        for i in range(2, nreg):
            f.write(f"      6'd{i}: rf_rd = rf_{i};\n")
        f.write("      default: rf_rd = 256'd0;\n    endcase\n  end\nendfunction\n")
        f.write("// bus read port: only the bus-visible registers\n")
        f.write("function [255:0] rf_bus_rd;\n  input [5:0] i;\n  begin\n    case (i)\n")
        for n in ("PX", "PY", "QX", "QY", "CA", "CB", "R2", "OX", "OY", "O2X", "O2Y"):
            i = FIXED_REGS.index(n)
            f.write(f"      6'd{i}: rf_bus_rd = rf_{i};\n")
        f.write("      default: rf_bus_rd = 256'd0;\n    endcase\n  end\nendfunction\n")
    with open(f"{outdir}/schedule.json", "w") as f:
        json.dump({"units": {"alu": N_ALU, "mm": N_MM, "inv": N_INV}, "latency": LAT,
                   "nreg": nreg, "nflag": nflag, "rom_words": len(words), "rom_width": IW,
                   "programs": info}, f, indent=1)
    for n, i in info.items():
        print(f"{n:10s} {i['cycles']:6d} cycles  ops {i['ops']:4d}  mm {i['mm']:3d} inv {i['inv']} busy {i['busy']}")
    print(f"regs {nreg} flags {nflag} rom {len(words)} x {IW}")


if __name__ == "__main__":
    main()

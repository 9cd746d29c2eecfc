"""One-block MULX/ADCX/ADOX kernels of sparse Fp12 products and of the Miller loop's steps in
the BLS12-381 tower (N = 6, u^2 = -1, v^3 = 1 + u) and bn254-beuchat's (N = 4, u^2 = -5,
v^3 = u), as two files:

* `tower`: crates/arith/src/backend/x86_64/mulx/lines_gen.rs, the tower operation f*l for an
  M-type line l (hayate-arith's `Fp12::mul_by_014`, lab builds);
* `miller`: crates/pairing/src/backend/x86_64/mulx/lines_gen.rs, the Miller-loop steps f^2*l
  and the doubling step with its tangent line (hayate-pairing's `backend::lines`).

The building blocks (register allocator, double-width Fp2 products, modular double-width
additions, reductions, the sparse Fp6 product and the Fp12 Karatsuba combination) come from
`x86_64`, whose generators are run here inside one shared block (`x86_64.inline`).
"""
from . import x86_64 as gx


def mul_by_014_layout(N):
    """The Fp12 combination buffer (`gx.fp12_layout`: three Fp6 scratch areas whose OUT slots
    receive P0, P1, P2, then the twelve results C) with the operands in the areas' A and B
    slots: f0 and (c0, c1) in area 0, f1 and c4 in area 1, c0 again in area 2's B slot."""
    L = gx.fp12_layout(N)
    L6 = gx.fp6_layout(N)
    A = lambda k: L["AREA"] * k + L6["A"]
    Bs = lambda k: L["AREA"] * k + L6["B"]
    return dict(F0=A(0), L01=Bs(0), F1=A(1), L4=Bs(1), S=A(2), L2=Bs(2), C=L["C"],
                INV=L["INV"], LEN=L["LEN"])


def gen_mul_by_014(N):
    """f*(c0 + c1*v + c4*v*w) in Fp12 = Fp6[w]/(w^2 - v) (an M-type line's sparse product) in
    one block with one reduction per result coordinate:
      P0 = f0*(c0 + c1*v)  (sparse Fp6 product, five double-width Fp2 products),
      P1 = f1*(c4*v) = (xi*f1[2]*c4, f1[0]*c4, f1[1]*c4)  (three),
      P2 = (f0 + f1)*(c0 + (c1 + c4)*v)  (five; f0 + f1 and c1 + c4 reduced mod p first),
      c0 = P0 + v*P1, c1 = P2 - P0 - P1  (modular double-width operations, then twelve
      reductions: `gx.gen_fp12_combine`)."""
    L = line_kernel_layout(N)
    g = gx.Gen([("buf", "buf"), ("m", "m.as_ptr()")], 10)
    place_operands(g, N, L["F0"], L["F1"])
    mul_by_014_body(g, N)
    gx.emit_fn("fp12_mul_by_014_%d" % N, "(buf: *mut u64, m: &[u64; %d])" % N, [], g, [],
               "f*(c0 + c1*v + c4*v*w) in Fp12 (BLS12-381 tower), N = %d: the twelve reduced coordinates to C. `buf` must point to %d words (`fp12_line_%d::LEN`) with F0 (f0), F1 (f1), LINE (c0, c1, c4) and INV filled."
               % (N, L["LEN"], N), "nostack", attrs=gx.LAB)
    emit_line_layout(N, "fp12_mul_by_014_%d" % N)


def emit_line_layout(N, kernel):
    """The buffer layout `fp12_line_N` of the line-product kernel `kernel` (each generated
    file carries the layout of its own kernels)."""
    gx.emit_layout(kernel, "fp12_line_%d" % N, line_kernel_layout(N),
                   ("F0", "F1", "LINE", "C", "INV", "LEN"), attrs=gx.LAB)


def line_kernel_layout(N):
    """The input slots of the line-product kernels (`gen_mul_by_014`, `gen_sqr_mul_by_014`) in
    the Fp12 buffer: f0, f1 in area 0's operand slots, the line (c0, c1, c4) after the
    buffer's end; the result in C."""
    L = mul_by_014_layout(N)
    return dict(F0=L["F0"], F1=L["L01"], LINE=L["LEN"], C=L["C"], INV=L["INV"],
                LEN=L["LEN"] + 6 * N)


def place_operands(g, N, F0, F1):
    """Copies f = (F0, F1) (word offsets, six coordinates each) and the line into the operand
    slots of `mul_by_014_body` (f1 first: its input slot is where c0, c1 go)."""
    L = mul_by_014_layout(N)
    LK = line_kernel_layout(N)
    Fp = lambda off, i: gx.at("buf", off + N * i)
    for i in range(6):
        copy_mem(g, N, Fp(F1, i), Fp(L["F1"], i))
    if F0 != L["F0"]:
        for i in range(6):
            copy_mem(g, N, Fp(F0, i), Fp(L["F0"], i))
    for i in range(4):
        copy_mem(g, N, Fp(LK["LINE"], i), Fp(L["L01"], i))
    for c in range(2):
        copy_mem(g, N, Fp(LK["LINE"], 4 + c), Fp(L["L4"], c))
        copy_mem(g, N, Fp(LK["LINE"], c), Fp(L["L2"], c))


def mul_by_014_body(g, N):
    """The instructions of `gen_mul_by_014` into `g` (operands in place, see
    `mul_by_014_layout`)."""
    L = mul_by_014_layout(N)
    LL = gx.fp12_layout(N)
    L6 = gx.fp6_layout(N)
    B = lambda off: gx.at("buf", off)
    Fp = lambda off, i: B(off + N * i)
    # f0 + f1 and c1 + c4 into area 2's operand slots (c0 is there already)
    for i in range(6):
        gx.add_mod_mem(g, N, Fp(L["F0"], i), Fp(L["F1"], i), Fp(L["S"], i))
    for c in range(2):
        gx.add_mod_mem(g, N, Fp(L["L01"], 2 + c), Fp(L["L4"], c), Fp(L["L2"], 2 + c))
    # P0, P2: the sparse Fp6 products of areas 0 and 2
    for k in (0, 2):
        with gx.inline(g, LL["AREA"] * k):
            gx.gen_fp6_mul(N, False, True)
    # P1 in area 1: f1[0]*c4 -> OUT[1], f1[1]*c4 -> OUT[2], xi*f1[2]*c4 -> OUT[0]
    a1 = LL["AREA"]
    W = lambda slot, i, c: B(a1 + L6[slot] + 4 * N * i + 2 * N * c)
    for (i, dst) in ((0, ("OUT", 1)), (1, ("OUT", 2)), (2, ("T", 0))):
        gx.fp2_wide_core(g, N, Fp(L["F1"], 2 * i), Fp(L["F1"], 2 * i + 1),
                         Fp(L["L4"], 0), Fp(L["L4"], 1), B(a1 + L6["SA"]), B(a1 + L6["SB"]),
                         W(dst[0], dst[1], 0), B(a1 + L6["W1"]), W(dst[0], dst[1], 1), None)
    gx.wide_sub_mem(g, N, W("T", 0, 0), W("T", 0, 1), W("OUT", 0, 0))
    gx.wide_add_mem(g, N, W("T", 0, 0), W("T", 0, 1), W("OUT", 0, 1))
    with gx.inline(g, 0):
        gx.gen_fp12_combine(N, False)


def copy_mem(g, N, X, D):
    """D[0..N) = X[0..N) (accessors) through one register."""
    x = g.alloc()
    for j in range(N):
        g.e("mov %s, %s" % (g.r(x), X(j)))
        g.e("mov %s, %s" % (D(j), g.r(x)))
    g.release(x)


def square_operands(g, N, F0, F1, a2, tw):
    """The operands of the complex squaring's second Fp6 product in the scratch area at word
    offset `a2` (`gx.fp6_layout`): A = f0 + f1 and B = f0 + v*f1 = (f0[0] + xi*f1[2],
    f0[1] + f1[0], f0[2] + f1[1]) for f0, f1 at F0, F1 (six coordinates each), all reduced
    mod p; xi*(y0 + y1 u) = (y0 - y1) + (y0 + y1) u (BLS12-381) or -5*y1 + y0 u
    (bn254-beuchat), formed in the area's X slot."""
    L6 = gx.fp6_layout(N)
    B = lambda off: gx.at("buf", off)
    Fp = lambda off, i: B(off + N * i)
    SA, SB, X = a2 + L6["A"], a2 + L6["B"], a2 + L6["X"]
    for i in range(6):
        gx.add_mod_mem(g, N, Fp(F0, i), Fp(F1, i), Fp(SA, i))
    if tw["k"] == 1:
        gx.sub_mod_mem(g, N, Fp(F1, 4), Fp(F1, 5), Fp(X, 0))
        gx.add_mod_mem(g, N, Fp(F1, 4), Fp(F1, 5), Fp(X, 1))
        for c in range(2):
            gx.add_mod_mem(g, N, Fp(F0, c), Fp(X, c), Fp(SB, c))
    else:
        assert tw["k"] == 5 and tw["xi"] == (0, 1)
        gx.add_mod_mem(g, N, Fp(F1, 5), Fp(F1, 5), Fp(X, 0))
        gx.add_mod_mem(g, N, Fp(X, 0), Fp(X, 0), Fp(X, 0))
        gx.add_mod_mem(g, N, Fp(X, 0), Fp(F1, 5), Fp(X, 0))
        gx.sub_mod_mem(g, N, Fp(F0, 0), Fp(X, 0), Fp(SB, 0))
        gx.add_mod_mem(g, N, Fp(F0, 1), Fp(F1, 4), Fp(SB, 1))
    for i in range(2, 6):
        gx.add_mod_mem(g, N, Fp(F0, i), Fp(F1, i - 2), Fp(SB, i))


def gen_sqr_mul_by_014(N):
    """f^2*(c0 + c1*v + c4*v*w) in Fp12 (the Miller loop's doubling iteration on an M-type
    twist) in one block: the complex squaring of `gx.gen_fp12_combine` (P0 = f0*f1,
    P2 = (f0 + f1)(f0 + v*f1) by the one-block Fp6 products, operand sums reduced mod p,
    v*(x0, x1, x2) = (xi*x2, x0, x1)), its twelve reduced coordinates copied into the operand
    slots of `mul_by_014_body` with the line, then the sparse product. Buffer: the Fp12
    layout (`mul_by_014_layout`, f0 in F0 and f1 in L01 for the squaring) and the line
    (c0, c1, c4) in LINE."""
    LK = line_kernel_layout(N)
    LL = gx.fp12_layout(N)
    g = gx.Gen([("buf", "buf"), ("m", "m.as_ptr()")], 10)
    a2 = 2 * LL["AREA"]
    F0, F1 = LK["F0"], LK["F1"]
    square_operands(g, N, F0, F1, a2, gx.BLS12_381)
    for k in (0, 2):
        with gx.inline(g, LL["AREA"] * k):
            gx.gen_fp6_mul(N, False)
    with gx.inline(g, 0):
        gx.gen_fp12_combine(N, True)
    # f^2 and the line into the sparse product's operand slots
    place_operands(g, N, LK["C"], LK["C"] + 6 * N)
    mul_by_014_body(g, N)
    gx.emit_fn("fp12_sqr_mul_by_014_%d" % N, "(buf: *mut u64, m: &[u64; %d])" % N, [], g, [],
               "f^2*(c0 + c1*v + c4*v*w) in Fp12 (BLS12-381 tower), N = %d: the twelve reduced coordinates to C. `buf` must point to %d words (`fp12_line_%d::LEN`) with F0 (f0), F1 (f1), LINE (c0, c1, c4) and INV filled."
               % (N, LK["LEN"], N), "nostack", attrs=gx.LAB)
    emit_line_layout(N, "fp12_sqr_mul_by_014_%d" % N)

def double_step_layout(N):
    """Word offsets of the doubling-step buffer: the inputs T = (X, Y, Z) (two coordinates
    each), x_P and -y_P, INV; the outputs OUT = (X', Y', Z', la, lb, lc) (two coordinates each,
    contiguous); reduced Fp2 temporaries, double-width Fp2 temporaries (4N words each) and the
    scratch of the Fp2 kernels."""
    slots = [("T", 6 * N), ("XP", N), ("NYP", N), ("INV", 1), ("OUT", 12 * N)]
    for k in ("b", "c", "xc", "e", "s", "h", "j", "xy", "a", "f", "bf", "g", "t"):
        slots.append((k, 2 * N))
    for k in ("WB", "WC", "WH", "WP", "WE", "W3"):
        slots.append((k, 4 * N))
    for k in ("S", "D", "U", "SA", "SB"):
        slots.append((k, N))
    slots.append(("W1", 2 * N))
    return gx.offsets(slots)


def gen_double_step(N, tw=gx.BLS12_381):
    """The Miller loop's doubling step on an M- or D-type twist y^2 = x^3 + b', T in
    homogeneous projective coordinates (Aranha et al., Eurocrypt 2011, eq. (10)), with the
    tangent line evaluated at P, in one block:
      b = Y^2, c = Z^2, e = 3b'*c, h = (Y + Z)^2 - b - c (double width, one reduction),
      j = X^2, i = e - b;
      line (a, b, c) = (h*(-y_P), 3j*x_P, i);
      X' = (XY/2)(b - 3e), Y' = ((b + 3e)/2)^2 - 3e^2 (both squares double width, one
      reduction), Z' = b*h.
    Every Fp2 product is double width and reduced once per coordinate; the additions are
    modular in Fp or in [0, p*R). Tower shapes (`tw`): BLS12-381 (u^2 = -1, 3b' = 12*(1 + u):
    e = 12*xi*c; `gx.fp2_wide_core` / `gx.fp2_sqr_wide_core`) and bn254-beuchat (u^2 = -5,
    3b' = -3u: e = -3u*c = (15*c1, -3*c0); the u^2 = -5 cores `gx.fp2_wide_core` with k = 5
    and `gx.fp2_sqr_k_wide_core`, operand sums reduced mod p)."""
    L = double_step_layout(N)
    beu = tw["k"] != 1
    g = gx.Gen([("buf", "buf"), ("m", "m.as_ptr()")], 10)
    B = lambda off: gx.at("buf", off)
    F = lambda k, c: B(L[k] + N * c)                # reduced Fp2 slot k, coordinate c
    W = lambda k, c: B(L[k] + 2 * N * c)            # double-width Fp2 slot k, coordinate c
    T = lambda i, c: B(L["T"] + 2 * N * i + N * c)  # input X, Y, Z
    O = lambda i, c: B(L["OUT"] + 2 * N * i + N * c)
    inv = B(L["INV"])(0)
    S, D, U, SA, SB, W1 = (B(L[k]) for k in ("S", "D", "U", "SA", "SB", "W1"))

    def sqr(x0, x1, Wk):
        if beu:
            gx.fp2_sqr_k_wide_core(g, N, tw["k"], x0, x1, S, D, W(Wk, 0), W(Wk, 1))
        else:
            gx.fp2_sqr_wide_core(g, N, x0, x1, S, D, U, W(Wk, 0), W(Wk, 1))

    def mul(a0, a1, b0, b1, Wk):
        gx.fp2_wide_core(g, N, a0, a1, b0, b1, SA, SB, W(Wk, 0), W1, W(Wk, 1),
                         str(tw["k"]) if beu else None)

    def redc(Wk, dst):
        for c in range(2):
            gx.redc_buf(g, N, W(Wk, c), inv, dst(c))

    def add(x, y, d):
        for c in range(2):
            gx.add_mod_mem(g, N, x(c), y(c), d(c))

    def sub(x, y, d):
        for c in range(2):
            gx.sub_mod_mem(g, N, x(c), y(c), d(c))

    fs = lambda k: (lambda c: F(k, c))
    Ti = lambda i: (lambda c: T(i, c))
    Oi = lambda i: (lambda c: O(i, c))
    # b = Y^2, c = Z^2 (double width kept for h)
    sqr(T(1, 0), T(1, 1), "WB")
    redc("WB", fs("b"))
    sqr(T(2, 0), T(2, 1), "WC")
    redc("WC", fs("c"))
    if beu:
        # e = -3u*c = 3*(5*c1, -c0): xc = (5*c1, -c0) (5x = 4x + x), then 2xc + xc
        assert tw["k"] == 5 and tw["xi"] == (0, 1)
        gx.add_mod_mem(g, N, F("c", 1), F("c", 1), F("t", 0))
        gx.add_mod_mem(g, N, F("t", 0), F("t", 0), F("t", 0))
        gx.add_mod_mem(g, N, F("t", 0), F("c", 1), F("xc", 0))
        gx.sub_mod_mem(g, N, lambda j: "0", F("c", 0), F("xc", 1))
        add(fs("xc"), fs("xc"), fs("t"))
        add(fs("t"), fs("xc"), fs("e"))
    else:
        # e = 12*xi*c: xi*c = (c0 - c1) + (c0 + c1)u, then 2x, 4x, 8x, 8x + 4x
        gx.sub_mod_mem(g, N, F("c", 0), F("c", 1), F("xc", 0))
        gx.add_mod_mem(g, N, F("c", 0), F("c", 1), F("xc", 1))
        add(fs("xc"), fs("xc"), fs("t"))
        add(fs("t"), fs("t"), fs("t"))
        add(fs("t"), fs("t"), fs("xc"))
        add(fs("xc"), fs("t"), fs("e"))
    # h = (Y + Z)^2 - b - c
    add(Ti(1), Ti(2), fs("s"))
    sqr(F("s", 0), F("s", 1), "WH")
    for c in range(2):
        gx.wide_sub_mem(g, N, W("WH", c), W("WB", c), W("WH", c))
        gx.wide_sub_mem(g, N, W("WH", c), W("WC", c), W("WH", c))
    redc("WH", fs("h"))
    # j = X^2
    sqr(T(0, 0), T(0, 1), "WP")
    redc("WP", fs("j"))
    # the line: h*(-y_P), 3j*x_P, e - b
    for c in range(2):
        gx.final_sub_mem(g, N, gx.cios(g, N, F("h", c), B(L["NYP"]), inv), O(3, c))
    add(fs("j"), fs("j"), fs("t"))
    add(fs("t"), fs("j"), fs("t"))
    for c in range(2):
        gx.final_sub_mem(g, N, gx.cios(g, N, F("t", c), B(L["XP"]), inv), O(4, c))
    sub(fs("e"), fs("b"), Oi(5))
    # X' = (XY/2)(b - 3e)
    mul(T(0, 0), T(0, 1), T(1, 0), T(1, 1), "WP")
    redc("WP", fs("xy"))
    for c in range(2):
        gx.halve_mem(g, N, F("xy", c), F("a", c))
    add(fs("e"), fs("e"), fs("f"))
    add(fs("f"), fs("e"), fs("f"))
    sub(fs("b"), fs("f"), fs("bf"))
    mul(F("a", 0), F("a", 1), F("bf", 0), F("bf", 1), "WP")
    redc("WP", Oi(0))
    # Y' = ((b + 3e)/2)^2 - 3e^2
    add(fs("b"), fs("f"), fs("t"))
    for c in range(2):
        gx.halve_mem(g, N, F("t", c), F("g", c))
    sqr(F("g", 0), F("g", 1), "WP")
    sqr(F("e", 0), F("e", 1), "WE")
    for c in range(2):
        gx.wide_add_mem(g, N, W("WE", c), W("WE", c), W("W3", c))
        gx.wide_add_mem(g, N, W("W3", c), W("WE", c), W("W3", c))
        gx.wide_sub_mem(g, N, W("WP", c), W("W3", c), W("WP", c))
    redc("WP", Oi(1))
    # Z' = b*h
    mul(F("b", 0), F("b", 1), F("h", 0), F("h", 1), "WP")
    redc("WP", Oi(2))
    gx.emit_fn("g2_double_step_%d" % N, "(buf: *mut u64, m: &[u64; %d])" % N, [], g, [],
               "Miller-loop doubling step with the evaluated tangent line (%s), N = %d: (X', Y', Z', h*(-y_P), 3X^2*x_P, 3b'Z^2 - Y^2) fully reduced to OUT. `buf` must point to %d words (`g2_dbl_%d::LEN`) with T, XP, NYP and INV filled."
               % ("u^2 = -5, 3b' = -3u" if beu else "3b' = 12(1 + u)", N, L["LEN"], N), "nostack")
    gx.emit_layout("g2_double_step_%d" % N, "g2_dbl_%d" % N, L,
                ("T", "XP", "NYP", "INV", "OUT", "LEN"))



def looped(g, step, count, body):
    """Runs the instructions of `body()` `count` times, the "buf" pointer advanced by `step`
    words after each pass and restored at the end (a loop on a public counter kept on the
    stack: the same code for the Fp6 products of several scratch areas, so that a kernel's
    code stays small enough for the instruction caches; constant time)."""
    g.e("push %d" % count)
    g.e("2:")
    body()
    g.e("add {buf}, %d" % (8 * step))
    g.e("dec qword ptr [rsp]")
    g.e("jnz 2b")
    g.e("lea rsp, [rsp + 8]")
    g.e("sub {buf}, %d" % (8 * step * count))


def fp6_in_areas(g, N, first, step, count, **kw):
    """The double-width Fp6 product `gx.gen_fp6_mul(N, False, tw=BEU, **kw)` in `count` scratch
    areas `first`, `first + step`, ... (word offsets), as one loop (`looped`)."""
    def body():
        with gx.inline(g, first):
            gx.gen_fp6_mul(N, False, tw=BEU, **kw)
    looped(g, step, count, body)


# ---- D-type line products in bn254-beuchat's tower (N = 4, u^2 = -5, xi = u, 6p < R) ----

BEU = gx.BN254_BEUCHAT


def line034_layout(N):
    """Word offsets of the D-type line kernels' buffer: the Fp12 combination buffer
    (`gx.fp12_layout`, three Fp6 scratch areas, then the twelve results C) whose area 0 holds
    f0 (A) and c0 (B), area 1 f1 (A) and (c3, c4) (B), area 2 the sums; for the squaring
    (`gen_sqr_mul_by_034`) f0 and f1 go in area 0's A and B slots (the pair of f0*f1) and the
    line (c0, c3, c4) after the buffer's end (LINE)."""
    L = gx.fp12_layout(N)
    L6 = gx.fp6_layout(N)
    A = L["AREA"]
    return dict(F0=L6["A"], C0=L6["B"], F1=A + L6["A"], C34=A + L6["B"], SQ1=L6["B"],
                LINE=L["LEN"], C=L["C"], INV=L["INV"], LEN=L["LEN"] + 6 * N)


def mul_by_034_body(g, N):
    """f*(c0 + c3*w + c4*v*w) in Fp12 = Fp6[w]/(w^2 - v) (a D-type line's sparse product) with
    f0, c0, f1, (c3, c4) in place (`line034_layout`), in one block with one reduction per
    result coordinate:
      P0 = f0*c0 (three double-width Fp2 products), P1 = f1*(c3 + c4*v) (five),
      P2 = (f0 + f1)*((c0 + c3) + c4*v) (five; sums reduced mod p),
      c0 = P0 + v*P1, c1 = P2 - P0 - P1 (`gx.gen_fp12_combine`: modular double-width
      operations, twelve reductions into C)."""
    L = line034_layout(N)
    LL = gx.fp12_layout(N)
    L6 = gx.fp6_layout(N)
    B = lambda off: gx.at("buf", off)
    Fp = lambda off, i: B(off + N * i)
    a2 = 2 * LL["AREA"]
    for i in range(6):
        gx.add_mod_mem(g, N, Fp(L["F0"], i), Fp(L["F1"], i), Fp(a2 + L6["A"], i))
    for c in range(2):
        gx.add_mod_mem(g, N, Fp(L["C0"], c), Fp(L["C34"], c), Fp(a2 + L6["B"], c))
        copy_mem(g, N, Fp(L["C34"], 2 + c), Fp(a2 + L6["B"], 2 + c))
    with gx.inline(g, 0):
        gx.gen_fp6_mul(N, False, tw=BEU, by0=True)
    fp6_in_areas(g, N, LL["AREA"], LL["AREA"], 2, by01=True)
    with gx.inline(g, 0):
        gx.gen_fp12_combine(N, False, tw=BEU)


def gen_sqr_mul_by_034(N):
    """f^2*(c0 + c3*w + c4*v*w) in Fp12 (the Miller loop's doubling iteration on a D-type
    twist) in one block: the complex squaring of `gx.gen_fp12_combine` (P0 = f0*f1,
    P2 = (f0 + f1)(f0 + v*f1) by the one-block Fp6 products, operand sums reduced mod p,
    v*(x0, x1, x2) = (xi*x2, x0, x1) with xi*(y0 + y1 u) = -5*y1 + y0 u), its twelve reduced
    coordinates copied into the operand slots of `mul_by_034_body` with the line (c0, c3, c4)
    from LINE, then the sparse product."""
    L = line034_layout(N)
    LL = gx.fp12_layout(N)
    g = gx.Gen([("buf", "buf"), ("m", "m.as_ptr()")], 10)
    B = lambda off: gx.at("buf", off)
    Fp = lambda off, i: B(off + N * i)
    a2 = 2 * LL["AREA"]
    F0, F1 = L["F0"], L["SQ1"]
    square_operands(g, N, F0, F1, a2, BEU)
    fp6_in_areas(g, N, 0, 2 * LL["AREA"], 2)
    with gx.inline(g, 0):
        gx.gen_fp12_combine(N, True, tw=BEU)
    # f^2 and the line into the sparse product's operand slots
    for i in range(6):
        copy_mem(g, N, Fp(L["C"], i), Fp(L["F0"], i))
        copy_mem(g, N, Fp(L["C"], 6 + i), Fp(L["F1"], i))
    for c in range(2):
        copy_mem(g, N, Fp(L["LINE"], c), Fp(L["C0"], c))
    for i in range(4):
        copy_mem(g, N, Fp(L["LINE"], 2 + i), Fp(L["C34"], i))
    mul_by_034_body(g, N)
    gx.emit_fn("fp12_sqr_mul_by_034_%d" % N, "(buf: *mut u64, m: &[u64; %d])" % N, [], g, [],
               "f^2*(c0 + c3*w + c4*v*w) in Fp12 (bn254-beuchat tower), N = %d: the twelve reduced coordinates to C. `buf` must point to %d words (`fp12_line034_%d::LEN`) with F0 (f0), SQ1 (f1), LINE (c0, c3, c4) and INV filled."
               % (N, L["LEN"], N), "", attrs=gx.LAB)
    gx.emit_layout("fp12_sqr_mul_by_034_%d" % N, "fp12_line034_%d" % N, L,
                ("F0", "SQ1", "LINE", "C", "INV", "LEN"), attrs=gx.LAB)


def generate(mode):
    """Prints the `mode` file ("tower" or "miller") after its first line."""
    print("//")
    print("// Every function requires BMI2 + ADX at run time (checked by the caller) and a modulus")
    if mode == "tower":
        print("// below 2^381 (8p < R; N = 6, BLS12-381's tower). Straight-line code: no branches, no")
        print("// data-dependent memory addresses (constant time).")
    else:
        print("// below 2^381 (8p < R; N = 6, BLS12-381's tower) or 6p < R (N = 4, bn254-beuchat's")
        print("// tower). Straight-line code: no branches, no data-dependent memory addresses (constant")
        print("// time).")
    print()
    print("pub(crate) mod k {")
    if mode == "tower":
        gen_mul_by_014(6)
    else:
        print("    use hayate_arith::{kernel_begin, kernel_end};")
        print()
        gen_sqr_mul_by_014(6)
        gen_double_step(6)
        gen_sqr_mul_by_034(4)
        gen_double_step(4, BEU)
    print("}")

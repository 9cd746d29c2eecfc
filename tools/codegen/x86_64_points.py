"""hayate-ec's crates/ec/src/backend/x86_64/mulx/points_gen.rs: one-block MULX/ADCX/ADOX kernels
for the Jacobian point formulas of the G2 scalar multiplication (curves y^2 = x^3 + b over Fp2)
for the bn254-beuchat tower (N = 4, u^2 = -5, 6p < R); the generator also handles
BLS12-381's shape (N = 6, u^2 = -1, 8p < R), which is not emitted (see `generate`).

The formulas are those of hayate-ec's `Jacobian::double` (a = 0, halved) and
`Jacobian::add_affine_unchecked_zr` (textbook mixed addition), with every Fp2 product double
width (`x86_64`'s `fp2_wide_core`, `fp2_sqr_wide_core`, `fp2_sqr_k_wide_core`, all on
reduced operands) and one Montgomery reduction per coordinate; a product feeding a
difference is subtracted double width and reduced once (lazy reduction, Aranha et al.,
Eurocrypt 2011, §4): Y3 = L(T - X3) - (Y^2)^2 and Y3 = R(V - X3) - Y1*H^3. Every result is
fully reduced, hence the same representation as the composed formulas.
"""
from . import x86_64 as gx

# k = -beta (u^2 = -k) per limb count
SHAPES = {6: dict(k=1, what="BLS12-381 tower: u^2 = -1, 8p < R"),
          4: dict(k=5, what="bn254-beuchat tower: u^2 = -5, 6p < R")}


def layout(n_in, n_out, N, temps, wides):
    """Word offsets: the inputs IN (n_in Fp2 values, coordinates c0, c1 contiguous), INV, the
    outputs OUT (n_out Fp2 values), reduced Fp2 temporaries, double-width Fp2 temporaries
    (4N words each) and the scratch of the Fp2 cores (S, D, U, SA, SB: N words; W1: 2N)."""
    slots = [("IN", 2 * N * n_in), ("INV", 1), ("OUT", 2 * N * n_out)]
    slots += [(k, 2 * N) for k in temps] + [(k, 4 * N) for k in wides]
    slots += [(k, N) for k in ("S", "D", "U", "SA", "SB")] + [("W1", 2 * N)]
    return gx.offsets(slots)


class Fp2Ops:
    """Fp2 operations on buffer slots for one tower shape: an Fp2 value is a function
    coordinate -> limb accessor."""

    def __init__(self, g, N, L):
        self.g, self.N, self.L = g, N, L
        self.k = SHAPES[N]["k"]
        B = lambda off: gx.at("buf", off)
        self.B = B
        self.inv = B(L["INV"])(0)

    def slot(self, key, i=0):
        """Reduced Fp2 value i of slot `key` (IN, OUT or a temporary)."""
        return lambda c: self.B(self.L[key] + 2 * self.N * i + self.N * c)

    def wide(self, key):
        """Double-width Fp2 slot `key`."""
        return lambda c: self.B(self.L[key] + 2 * self.N * c)

    def sqr(self, x, W):
        """W = x^2 double width (both coordinates in [0, p*R))."""
        g, N, B, L = self.g, self.N, self.B, self.L
        if self.k == 1:
            gx.fp2_sqr_wide_core(g, N, x(0), x(1), B(L["S"]), B(L["D"]), B(L["U"]), W(0), W(1))
        else:
            gx.fp2_sqr_k_wide_core(g, N, self.k, x(0), x(1), B(L["S"]), B(L["D"]), W(0), W(1))

    def mul(self, a, b, W):
        """W = a*b double width (both coordinates in [0, p*R))."""
        g, N, B, L = self.g, self.N, self.B, self.L
        gx.fp2_wide_core(g, N, a(0), a(1), b(0), b(1), B(L["SA"]), B(L["SB"]), W(0),
                         B(L["W1"]), W(1), None if self.k == 1 else str(self.k))

    def redc(self, W, d):
        for c in range(2):
            gx.redc_buf(self.g, self.N, W(c), self.inv, d(c))

    def add(self, x, y, d):
        for c in range(2):
            gx.add_mod_mem(self.g, self.N, x(c), y(c), d(c))

    def sub(self, x, y, d):
        for c in range(2):
            gx.sub_mod_mem(self.g, self.N, x(c), y(c), d(c))

    def wsub(self, X, Y, D):
        for c in range(2):
            gx.wide_sub_mem(self.g, self.N, X(c), Y(c), D(c))

    def halve(self, x, d):
        for c in range(2):
            gx.halve_mem(self.g, self.N, x(c), d(c))


def emit_layout(name, L, N):
    """The Rust constants of a kernel's buffer layout (the inputs start at word 0)."""
    assert L["IN"] == 0
    gx.print_layout("Word offsets of the buffer of `%s` (the inputs start at word 0)." % name,
                    name, L, ("INV", "OUT", "LEN"))


def finish(f, Y3, za, zb, Z3, name, what, inputs):
    """The common tail of both formulas: Y3 = redc(WA - WB) (the two double-width products
    already in WA, WB: one difference, one reduction), Z3 = za*zb; then the function and its
    layout constants (`what` % (tower, N) names the outputs)."""
    WA, WB = f.wide("WA"), f.wide("WB")
    f.wsub(WA, WB, WA)
    f.redc(WA, Y3)
    f.mul(za, zb, WA)
    f.redc(WA, Z3)
    N, L = f.N, f.L
    gx.emit_fn(name, "(buf: *mut u64, m: &[u64; %d])" % N, [], f.g, [],
               (what % (SHAPES[N]["what"], N)) + " fully reduced to OUT. `buf` must point to %d words (`%s::LEN`) with IN = %s and INV filled."
               % (L["LEN"], name, inputs), "nostack")
    emit_layout(name, L, N)


def start(N, n_io, temps):
    """A kernel over n_io Fp2 inputs and as many outputs, the reduced temporaries `temps` and
    the double-width WA, WB: (its Fp2Ops, inputs, outputs, WA, WB)."""
    L = layout(n_io, n_io, N, temps, ("WA", "WB"))
    f = Fp2Ops(gx.Gen([("buf", "buf"), ("m", "m.as_ptr()")], 10), N, L)
    ins = [f.slot("IN", i) for i in range(n_io)]
    outs = [f.slot("OUT", i) for i in range(n_io)]
    return f, ins, outs, f.wide("WA"), f.wide("WB")


def gen_double_a0(N):
    """The halved a = 0 Jacobian doubling of hayate-ec's `Jacobian::double` (3M + 4S):
      M3 = X^2, L = M3 + M3/2, YY = Y^2, T = X*YY,
      X3 = L^2 - 2T, Y3 = L(T - X3) - YY^2 (one double-width difference, one reduction),
      Z3 = Y*Z."""
    f, (X, Y, Z), (X3, Y3, Z3), WA, WB = start(
        N, 3, ("m3", "hm", "l", "yy", "t", "l2", "t2", "d"))
    s = f.slot
    f.sqr(X, WA)
    f.redc(WA, s("m3"))
    f.halve(s("m3"), s("hm"))
    f.add(s("m3"), s("hm"), s("l"))
    f.sqr(Y, WA)
    f.redc(WA, s("yy"))
    f.mul(X, s("yy"), WA)
    f.redc(WA, s("t"))
    f.sqr(s("l"), WA)
    f.redc(WA, s("l2"))
    f.add(s("t"), s("t"), s("t2"))
    f.sub(s("l2"), s("t2"), X3)
    f.sub(s("t"), X3, s("d"))
    f.mul(s("l"), s("d"), WA)
    f.sqr(s("yy"), WB)
    finish(f, Y3, Y, Z, Z3, "jacobian_double_a0_%d" % N,
           "Halved a = 0 Jacobian doubling over Fp2 (%s), N = %d: (X3, Y3, Z3)", "(X, Y, Z)")


def gen_add_affine(N):
    """The textbook mixed addition of hayate-ec's `Jacobian::add_affine_unchecked_zr`
    (8M + 3S): ZZ = Z1^2, U2 = x2*ZZ, S2 = y2*(Z1*ZZ), H = U2 - X1, R = S2 - Y1, HH = H^2,
    HHH = H*HH, V = X1*HH, X3 = R^2 - HHH - 2V, Y3 = R(V - X3) - Y1*HHH (one double-width
    difference, one reduction), Z3 = Z1*H; outputs (X3, Y3, Z3, H, R)."""
    f, (X1, Y1, Z1, x2, y2), (X3, Y3, Z3, H, R), WA, WB = start(
        N, 5, ("zz", "zzz", "u2", "s2", "hh", "hhh", "v", "r2", "e", "v2", "d"))
    s = f.slot
    f.sqr(Z1, WA)
    f.redc(WA, s("zz"))
    f.mul(x2, s("zz"), WA)
    f.redc(WA, s("u2"))
    f.mul(Z1, s("zz"), WA)
    f.redc(WA, s("zzz"))
    f.mul(y2, s("zzz"), WA)
    f.redc(WA, s("s2"))
    f.sub(s("u2"), X1, H)
    f.sub(s("s2"), Y1, R)
    f.sqr(H, WA)
    f.redc(WA, s("hh"))
    f.mul(H, s("hh"), WA)
    f.redc(WA, s("hhh"))
    f.mul(X1, s("hh"), WA)
    f.redc(WA, s("v"))
    f.sqr(R, WA)
    f.redc(WA, s("r2"))
    f.sub(s("r2"), s("hhh"), s("e"))
    f.add(s("v"), s("v"), s("v2"))
    f.sub(s("e"), s("v2"), X3)
    f.sub(s("v"), X3, s("d"))
    f.mul(R, s("d"), WA)
    f.mul(Y1, s("hhh"), WB)
    finish(f, Y3, Z1, H, Z3, "jacobian_add_affine_%d" % N,
           "Mixed Jacobian + affine addition over Fp2 (%s), N = %d, without exceptional cases: (X3, Y3, Z3, H, R)",
           "(X1, Y1, Z1, x2, y2)")


def generate():
    """Prints points_gen.rs after its first line."""
    print("//")
    print("// Every function requires BMI2 + ADX at run time (checked by the caller) and the tower")
    print("// shape (N = 4: u^2 = -5, 6p < 2^256).")
    print("// Straight-line code: no branches, no data-dependent memory addresses (constant time).")
    print()
    print("pub(crate) mod k {")
    print("    use hayate_arith::{kernel_begin, kernel_end};")
    print()
    # N = 6 (BLS12-381) is supported by the code above but not emitted: there the kernels beat the
    # composed formulas in isolation (doubling -8 %, mixed addition -5 %) but not inside the G2
    # scalar multiplication (+1 %, 138.7 vs 140.2 us): together ~15k instructions of straight-line
    # code per loop iteration. A variant calling the Fp2 products as subroutines inside the block
    # (operands by address) was slower still (141.9 us). See crates/ec/src/backend/points.rs.
    for N in (4,):
        gen_double_a0(N)
        gen_add_affine(N)
    print("}")

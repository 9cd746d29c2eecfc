"""MULX/ADCX/ADOX kernels for N = 4, 6 (hayate-arith's `backend/x86_64/mulx/gen.rs`) and the
building blocks that the line and point generators (`x86_64_lines`, `x86_64_points`) compose.

A tiny register allocator maps logical values onto asm! operands (at most 12
compiler-allocated registers + rdx); what does not fit (the 6-limb inv, the 6-limb redc
carry word) lives on the stack. `inline` runs any kernel generator of this module into an
enclosing block instead of a function of its own: that is how the one-block kernels of the
other two files are assembled from the kernels here.
"""
import contextlib

class Block:
    def __init__(self, inputs, nscratch):
        # inputs: list of (name, rust_expr); each becomes an `inout(reg) expr => out` operand.
        self.ops = {}          # phys name -> dict(input=expr or None, output=None)
        self.free = []
        self.lines = []
        for name, expr in inputs:
            self.ops[name] = {"input": expr, "output": None}
        for k in range(nscratch):
            self.ops["x%d" % k] = {"input": None, "output": None}
            self.free.append("x%d" % k)
        self.ops["rdx"] = {"input": None, "output": None}

    def r(self, p, w=""):
        if p == "rdx":
            return p if w == "" else {"e": "e" + p[1:]}[w]
        return "{%s%s}" % (p, (":" + w) if w else "")

    def alloc(self):
        return self.free.pop(0)

    def release(self, p):
        assert p not in self.free, p
        self.free.append(p)

    def e(self, s):
        self.lines.append(s)

    def finish(self, results):
        """results: list of phys regs holding output limbs in order."""
        res = list(results)
        for i, p in enumerate(res):
            assert self.ops[p]["output"] is None
            self.ops[p]["output"] = "r%d" % i
        return res

    def operands(self):
        # asm! can hand out at most 12 general registers besides rdx (rbx, rbp, rsp are
        # reserved); more would only compile where LLVM happens to free rbx/rbp.
        assert sum(1 for n in self.ops if n != "rdx") <= 12, self.ops.keys()
        out = []
        for name, d in self.ops.items():
            o = d["output"] or "_"
            if name == "rdx":
                out.append('out("rdx") %s,' % o)
            elif d["input"] is not None:
                out.append("%s = inout(reg) %s => %s," % (name, d["input"], o))
            else:
                out.append("%s = out(reg) %s," % (name, o))
        return out

    def asm_text(self):
        return "\n".join('        "%s",' % l for l in self.lines)


# The blocks `inline` runs generators into, innermost last, with their "buf" word offsets.
_INLINED = []


def Gen(inputs, nscratch):
    """A new register block over the operands `inputs` with `nscratch` scratch registers, or
    inside `inline` the enclosing block."""
    return _INLINED[-1][0] if _INLINED else Block(inputs, nscratch)


@contextlib.contextmanager
def inline(g, base):
    """Runs this module's generators into the block `g` instead of functions of their own:
    `Gen(...)` returns `g`, `emit_fn` emits nothing, and "buf" offsets are shifted by `base`
    words (so a kernel written for one scratch area works on any area of a larger buffer;
    nested calls add their bases)."""
    _INLINED.append((g, base))
    try:
        yield
    finally:
        _INLINED.pop()


def mem(p, i):
    return "qword ptr [{%s} + %d]" % (p, 8 * i)


def at(p, off=0):
    """Limb accessor: i -> the memory operand of limb off + i behind pointer operand p (inside
    `inline`, "buf" offsets shifted by the enclosing bases)."""
    if p == "buf":
        off += sum(base for _, base in _INLINED)
    return lambda i: mem(p, off + i)


def acc(x):
    """A pointer operand name, or already a limb accessor."""
    return at(x) if isinstance(x, str) else x


def row0(g, N, a, b):
    """t = a[0]*b; returns list of N+1 regs. a, b: pointer names or limb accessors."""
    a, b = acc(a), acc(b)
    g.e("mov rdx, %s" % a(0))
    t = [g.alloc(), g.alloc()]
    g.e("mulx %s, %s, %s" % (g.r(t[1]), g.r(t[0]), b(0)))
    for j in range(1, N):
        hi, lo = g.alloc(), g.alloc()
        g.e("mulx %s, %s, %s" % (g.r(hi), g.r(lo), b(j)))
        g.e("%s %s, %s" % ("add" if j == 1 else "adc", g.r(t[j]), g.r(lo)))
        g.release(lo)
        t.append(hi)
    g.e("adc %s, 0" % g.r(t[N]))
    return t


def mul_row(g, N, t, a, i, b, store=None):
    """t (N regs) += a[i]*b; returns N+1 regs (positions i..i+N).
    If store is given, the lowest word is written to store[i] and dropped (returns N regs).
    a, b, store: pointer names or limb accessors."""
    a, b = acc(a), acc(b)
    g.e("mov rdx, %s" % a(i))
    z = g.alloc()
    g.e("xor %s, %s" % (g.r(z, "e"), g.r(z, "e")))
    t = list(t)
    for j in range(N):
        hi, lo = g.alloc(), g.alloc()
        g.e("mulx %s, %s, %s" % (g.r(hi), g.r(lo), b(j)))
        g.e("adox %s, %s" % (g.r(t[j]), g.r(lo)))
        g.release(lo)
        if j < N - 1:
            g.e("adcx %s, %s" % (g.r(t[j + 1]), g.r(hi)))
            g.release(hi)
        else:
            g.e("adcx %s, %s" % (g.r(hi), g.r(z)))
            g.e("adox %s, %s" % (g.r(hi), g.r(z)))
            t.append(hi)
        if j == 0 and store is not None:
            g.e("mov %s, %s" % (acc(store)(i), g.r(t[0])))
            g.release(t[0])
    g.release(z)
    if store is not None:
        return t[1:]
    return t


def red_row(g, N, t, m, inv_src, has_top):
    """One Montgomery reduction step: t += k*m with k = t0*inv, then drop t0.
    t has N+1 regs if has_top (CIOS) else N regs (the new top is created)."""
    g.e("mov rdx, %s" % g.r(t[0]))
    g.e("imul rdx, %s" % inv_src)
    lo = g.alloc()
    g.e("xor %s, %s" % (g.r(lo, "e"), g.r(lo, "e")))
    hi = g.alloc()
    g.e("mulx %s, %s, %s" % (g.r(hi), g.r(lo), mem(m, 0)))
    g.e("adox %s, %s" % (g.r(lo), g.r(t[0])))   # lo + t0 = 0 mod 2^64: lo becomes 0
    z = lo
    g.release(t[0])
    g.e("adcx %s, %s" % (g.r(t[1]), g.r(hi)))
    g.release(hi)
    t = list(t)
    for j in range(1, N):
        hi, lo = g.alloc(), g.alloc()
        g.e("mulx %s, %s, %s" % (g.r(hi), g.r(lo), mem(m, j)))
        g.e("adox %s, %s" % (g.r(t[j]), g.r(lo)))
        g.release(lo)
        if j < N - 1:
            g.e("adcx %s, %s" % (g.r(t[j + 1]), g.r(hi)))
            g.release(hi)
        elif has_top:
            g.e("adcx %s, %s" % (g.r(t[N]), g.r(hi)))
            g.e("adox %s, %s" % (g.r(t[N]), g.r(z)))
            g.release(hi)
        else:
            g.e("adcx %s, %s" % (g.r(hi), g.r(z)))
            g.e("adox %s, %s" % (g.r(hi), g.r(z)))
            t.append(hi)
    g.release(z)
    return t[1:]


def final_sub(g, N, t, m, carry=None):
    """Constant-time: t (+ carry*2^64N) >= m ? t - m : t (cmov, no branches)."""
    s = []
    for j in range(N):
        q = g.alloc()
        g.e("mov %s, %s" % (g.r(q), g.r(t[j])))
        s.append(q)
    for j in range(N):
        g.e("%s %s, %s" % ("sub" if j == 0 else "sbb", g.r(s[j]), mem(m, j)))
    if carry is not None:
        g.e("sbb %s, 0" % carry)
    for j in range(N):
        g.e("cmovnc %s, %s" % (g.r(t[j]), g.r(s[j])))
    for q in s:
        g.release(q)
    return t


def emit_regs(g, N, res, name, sig, doc, opts, attrs=()):
    """emit_fn for a kernel returning the N limbs held in registers `res`."""
    g.finish(res)
    outs = ", ".join("r%d" % i for i in range(N))
    emit_fn(name, sig, ["let (%s): (%s);" % (outs, ", ".join(["u64"] * N))], g,
            ["[%s]" % outs], doc, opts, attrs=attrs)


# The attribute of kernels built only in lab builds (hayate-arith's feature `lab`): the
# one-block kernels that only the A/B switch `lines::SUBROUTINES` selects.
LAB = ('#[cfg(feature = "lab")]',)


def emit_fn(name, sig, pre, g, post, doc, opts, inline="always", attrs=()):
    """Prints kernel `name`. Its asm block is bracketed by `kernel_begin!()` and
    `kernel_end!(name)` (backend/mod.rs), which record the block's address range and name in
    the `hayate_ct_kernels` section for the disassembly check (crates/ct). Inside `inline`,
    prints nothing."""
    if _INLINED:
        return
    print("    /// %s" % doc)
    for a in attrs:
        print("    %s" % a)
    print("    #[inline(%s)]" % inline)
    print("    pub(crate) unsafe fn %s%s {" % (name, sig))
    for l in pre:
        print("        " + l)
    print('        #[cfg(feature = "ct-valgrind")]')
    print("        crate::backend::kernel_ran();")
    print("        core::arch::asm!(")
    print("        kernel_begin!(),")
    print(g.asm_text())
    print('        kernel_end!("%s"),' % name)
    for o in g.operands():
        print("        " + o)
    print("        options(%s)," % opts)
    print("        );")
    for l in post:
        print("        " + l)
    print("    }")
    print()


def cios(g, N, a, b, inv_src):
    """Fused Montgomery product rows (CIOS) of a (broadcast through rdx) and b (pointer names or
    limb accessors); returns the N registers of t < 2m, not yet conditionally reduced."""
    t = row0(g, N, a, b)
    for i in range(N):
        if i > 0:
            t = mul_row(g, N, t, a, i, b)
        t = red_row(g, N, t, "m", inv_src, True)
    return t


def gen_mont_mul(N, planted=False):
    """`mont_mul_N`; with `planted`, the test-of-the-test copy `mont_mul_N_planted` (only in
    builds with the `ct-valgrind` feature): it branches on the low bit of a[0] and multiplies
    by m[a[0] mod 4] instead of a[0] (a wrong result), a secret-dependent branch and memory
    index that valgrind and the disassembly check must both report."""
    inv_on_stack = N >= 6
    g = Gen([("a", "a.as_ptr()"), ("b", "b.as_ptr()"), ("m", "m.as_ptr()"), ("inv", "inv")], 8)
    if inv_on_stack:
        g.e("push {inv}")
        g.free.append("inv")
        inv_src = "qword ptr [rsp]"
    else:
        inv_src = "{inv}"
    t = cios(g, N, "a", "b", inv_src)
    if planted:
        # after the first instruction (rdx = a[0]); the loaded m[a[0] mod 4] then feeds the
        # first product, so no optimiser (valgrind's included) can drop the load as dead
        assert g.lines[0] == "mov rdx, qword ptr [{a} + 0]"
        g.lines[1:1] = ["test rdx, 1", "jz 7773f", "7773:", "and rdx, 3",
                        "mov rdx, qword ptr [{m} + rdx*8]"]
    if inv_on_stack:
        g.e("add rsp, 8")
    # a, b are dead now
    g.free += ["a", "b", "rdx"]
    if not inv_on_stack:
        g.free.append("inv")
    t = final_sub(g, N, t, "m")
    if planted:
        emit_regs(g, N, t, "mont_mul_%d_planted" % N,
                  "(a: &[u64; %d], b: &[u64; %d], m: &[u64; %d], inv: u64) -> [u64; %d]" % (N, N, N, N),
                  "`mont_mul_%d` with a planted secret-dependent branch and load (a control for the constant-time checks; `ct-valgrind` builds only)." % N,
                  "pure, readonly", attrs=('#[cfg(feature = "ct-valgrind")]',))
        return
    emit_regs(g, N, t, "mont_mul_%d" % N,
              "(a: &[u64; %d], b: &[u64; %d], m: &[u64; %d], inv: u64) -> [u64; %d]" % (N, N, N, N),
              "Fused Montgomery multiplication (CIOS), N = %d. Same contract as `portable::mont_mul`." % N,
              "pure, readonly")


def gen_mul_wide(N):
    g = Gen([("a", "a.as_ptr()"), ("b", "b.as_ptr()"), ("lo", "lo.as_mut_ptr()")], 9)
    t = row0(g, N, "a", "b")
    g.e("mov %s, %s" % (mem("lo", 0), g.r(t[0])))
    g.release(t[0])
    t = t[1:]
    for i in range(1, N):
        t = mul_row(g, N, t, "a", i, "b", store="lo")
    g.finish(t)
    outs = ", ".join("r%d" % i for i in range(N))
    emit_fn("mul_wide_%d" % N,
            "(a: &[u64; %d], b: &[u64; %d]) -> ([u64; %d], [u64; %d])" % (N, N, N, N),
            ["let (%s): (%s);" % (outs, ", ".join(["u64"] * N)),
             "let mut lo = core::mem::MaybeUninit::<[u64; %d]>::uninit();" % N], g,
            ["// SAFETY: the asm wrote all %d limbs of `lo`." % N,
             "(lo.assume_init(), [%s])" % outs],
            "Schoolbook product a·b → (low, high) limbs, N = %d." % N,
            "nostack")


def gen_redc(N):
    # N = 6: u, s (12 registers) and m leave no register for the carry word: keep it on the stack.
    carry_on_stack = N >= 6
    g = Gen([("tlo", "tlo.as_ptr()"), ("thi", "thi.as_ptr()"), ("m", "m.as_ptr()"), ("inv", "inv")], 8)
    u = []
    for j in range(N):
        q = g.alloc()
        g.e("mov %s, %s" % (g.r(q), mem("tlo", j)))
        u.append(q)
    g.free.insert(0, "tlo")
    for i in range(N):
        u = red_row(g, N, u, "m", "{inv}", False)
    g.free.insert(0, "inv")
    if carry_on_stack:
        g.e("push 0")
        c = "qword ptr [rsp]"
    else:
        c = g.alloc()
        g.e("xor %s, %s" % (g.r(c, "e"), g.r(c, "e")))
        c = g.r(c)
    for j in range(N):
        g.e("%s %s, %s" % ("add" if j == 0 else "adc", g.r(u[j]), mem("thi", j)))
    g.e("adc %s, 0" % c)
    g.free.insert(0, "thi")
    g.free.append("rdx")
    u = final_sub(g, N, u, "m", carry=c)
    if carry_on_stack:
        g.e("lea rsp, [rsp + 8]")  # (flags no longer needed; lea keeps them anyway)
    emit_regs(g, N, u, "redc_%d" % N,
              "(tlo: &[u64; %d], thi: &[u64; %d], m: &[u64; %d], inv: u64) -> [u64; %d]" % (N, N, N, N),
              "Montgomery reduction of tlo + thi·2^(64·%d), N = %d. Same contract as `portable::redc`." % (N, N),
              "pure, readonly")


def pm_fold(g, N, t):
    """Pseudo-Mersenne reduction of the 2N-limb value in regs t modulo m = 2^(64N) - c, with c
    (< 2^62) on top of the stack: r = lo + hi*c (N + 1 words), r += r_N*c (carry k), then the
    canonical value: s = r + c mod 2^(64N) is taken iff k or the carry of r + c is set (same
    argument as `portable::reduce_pm`). Returns N regs."""
    g.e("pop rdx")
    lo, hi = t[:N], t[N:]
    z = g.alloc()
    g.e("xor %s, %s" % (g.r(z, "e"), g.r(z, "e")))
    top = None
    for j in range(N):
        h, l = g.alloc(), g.alloc()
        g.e("mulx %s, %s, %s" % (g.r(h), g.r(l), g.r(hi[j])))
        g.release(hi[j])
        g.e("adox %s, %s" % (g.r(lo[j]), g.r(l)))
        g.release(l)
        if j < N - 1:
            g.e("adcx %s, %s" % (g.r(lo[j + 1]), g.r(h)))
            g.release(h)
        else:
            g.e("adcx %s, %s" % (g.r(h), g.r(z)))
            g.e("adox %s, %s" % (g.r(h), g.r(z)))
            top = h
    # second fold: top*c < 2^124
    h, l = g.alloc(), g.alloc()
    g.e("mulx %s, %s, %s" % (g.r(h), g.r(l), g.r(top)))
    g.e("add %s, %s" % (g.r(lo[0]), g.r(l)))
    g.e("adc %s, %s" % (g.r(lo[1]), g.r(h)))
    for j in range(2, N):
        g.e("adc %s, %s" % (g.r(lo[j]), g.r(z)))
    g.release(h)
    g.release(l)
    k = top
    g.e("sbb %s, %s" % (g.r(k), g.r(k)))          # k = -carry
    s = []
    for j in range(N):
        q = g.alloc()
        g.e("mov %s, %s" % (g.r(q), g.r(lo[j])))
        s.append(q)
    g.e("add %s, rdx" % g.r(s[0]))
    for j in range(1, N):
        g.e("adc %s, %s" % (g.r(s[j]), g.r(z)))
    g.e("adc %s, %s" % (g.r(k), g.r(z)))            # ZF = !(carry | carry of r + c)
    for j in range(N):
        g.e("cmovnz %s, %s" % (g.r(lo[j]), g.r(s[j])))
    for q in s + [k, z]:
        g.release(q)
    return lo


def gen_mul_pm(N):
    g = Gen([("a", "a.as_ptr()"), ("b", "b.as_ptr()"), ("c", "c")], 9)
    g.e("push {c}")
    g.free.append("c")
    t = row0(g, N, "a", "b")
    done = [t[0]]
    t = t[1:]
    for i in range(1, N):
        t = mul_row(g, N, t, "a", i, "b")
        done.append(t[0])
        t = t[1:]
    g.free += ["a", "b"]
    r = pm_fold(g, N, done + t)
    emit_regs(g, N, r, "mul_pm_%d" % N,
              "(a: &[u64; %d], b: &[u64; %d], c: u64) -> [u64; %d]" % (N, N, N),
              "a·b mod 2^%d − c (pseudo-Mersenne, 0 < c < 2^62), fully reduced; any a, b < 2^%d. Same contract as `portable::mul_pm`." % (64 * N, 64 * N),
              "pure, readonly")


def gen_sqr_pm_4():
    """a² mod 2^256 − c: the six off-diagonal products once, doubled on the CF chain while the
    four squares are added on the OF chain, then `pm_fold`."""
    N = 4
    g = Gen([("a", "a.as_ptr()"), ("c", "c")], 10)
    g.e("push {c}")
    g.free.append("c")
    A = lambda i: mem("a", i)
    R = g.r
    g.e("mov rdx, %s" % A(0))
    t1, t2 = g.alloc(), g.alloc()
    g.e("mulx %s, %s, %s" % (R(t2), R(t1), A(1)))
    t3, l = g.alloc(), g.alloc()
    g.e("mulx %s, %s, %s" % (R(t3), R(l), A(2)))
    g.e("add %s, %s" % (R(t2), R(l)))
    t4 = g.alloc()
    g.e("mulx %s, %s, %s" % (R(t4), R(l), A(3)))
    g.e("adc %s, %s" % (R(t3), R(l)))
    g.e("adc %s, 0" % R(t4))
    g.e("mov rdx, %s" % A(1))
    z = g.alloc()
    g.e("xor %s, %s" % (R(z, "e"), R(z, "e")))
    h = g.alloc()
    g.e("mulx %s, %s, %s" % (R(h), R(l), A(2)))
    g.e("adox %s, %s" % (R(t3), R(l)))
    g.e("adcx %s, %s" % (R(t4), R(h)))
    t5 = g.alloc()
    g.e("mulx %s, %s, %s" % (R(t5), R(l), A(3)))
    g.e("adox %s, %s" % (R(t4), R(l)))
    g.e("adcx %s, %s" % (R(t5), R(z)))           # no carry out: a high word is < 2^64 - 1
    g.e("mov rdx, %s" % A(2))
    t6 = g.alloc()
    g.e("mulx %s, %s, %s" % (R(t6), R(l), A(3)))
    g.e("adox %s, %s" % (R(t5), R(l)))
    g.e("adox %s, %s" % (R(t6), R(z)))           # off-diagonal sum < a²/2 < 2^511: no carry
    # double (CF chain) and add the squares (OF chain)
    g.e("xor %s, %s" % (R(z, "e"), R(z, "e")))
    g.e("mov rdx, %s" % A(0))
    t0 = g.alloc()
    g.e("mulx %s, %s, rdx" % (R(h), R(t0)))
    g.e("adcx %s, %s" % (R(t1), R(t1)))
    g.e("adox %s, %s" % (R(t1), R(h)))
    t = [t0, t1, t2, t3, t4, t5, t6]
    for i in (1, 2):
        g.e("mov rdx, %s" % A(i))
        g.e("mulx %s, %s, rdx" % (R(h), R(l)))
        g.e("adcx %s, %s" % (R(t[2 * i]), R(t[2 * i])))
        g.e("adox %s, %s" % (R(t[2 * i]), R(l)))
        g.e("adcx %s, %s" % (R(t[2 * i + 1]), R(t[2 * i + 1])))
        g.e("adox %s, %s" % (R(t[2 * i + 1]), R(h)))
    g.e("mov rdx, %s" % A(3))
    g.release(h)
    t7 = g.alloc()
    g.e("mulx %s, %s, rdx" % (R(t7), R(l)))
    g.e("adcx %s, %s" % (R(t6), R(t6)))
    g.e("adox %s, %s" % (R(t6), R(l)))
    g.e("adcx %s, %s" % (R(t7), R(z)))
    g.e("adox %s, %s" % (R(t7), R(z)))
    g.release(l)
    g.release(z)
    g.free.append("a")
    r = pm_fold(g, N, t + [t7])
    emit_regs(g, N, r, "sqr_pm_4",
              "(a: &[u64; 4], c: u64) -> [u64; 4]",
              "a² mod 2^256 − c (pseudo-Mersenne, 0 < c < 2^62), fully reduced; any a < 2^256. Same contract as `portable::sqr_pm`.",
              "pure, readonly")


def sqr_to_mem(g, N, A, T):
    """T[0..2N) = a^2 (A, T: limb accessors): the N(N-1)/2 off-diagonal products row by row
    (two carry chains, each row's two lowest words stored once final), then one pass that
    doubles them on the CF chain (ADCX x, x) while adding the N squares on the OF chain."""
    R = g.r
    pos = {}
    # row 0: a0 * a[1..N), plain add/adc chain, positions 1..N
    g.e("mov rdx, %s" % A(0))
    pos[1], pos[2] = g.alloc(), g.alloc()
    g.e("mulx %s, %s, %s" % (R(pos[2]), R(pos[1]), A(1)))
    for j in range(2, N):
        hi, lo = g.alloc(), g.alloc()
        g.e("mulx %s, %s, %s" % (R(hi), R(lo), A(j)))
        g.e("%s %s, %s" % ("add" if j == 2 else "adc", R(pos[j]), R(lo)))
        g.release(lo)
        pos[j + 1] = hi
    if N > 2:
        g.e("adc %s, 0" % R(pos[N]))

    def flush(upto):
        for k in sorted(pos):
            if k <= upto:
                g.e("mov %s, %s" % (T(k), R(pos[k])))
                g.release(pos.pop(k))
    flush(2)
    for i in range(1, N - 1):
        g.e("mov rdx, %s" % A(i))
        z = g.alloc()
        g.e("xor %s, %s" % (R(z, "e"), R(z, "e")))
        for j in range(i + 1, N):
            hi, lo = g.alloc(), g.alloc()
            g.e("mulx %s, %s, %s" % (R(hi), R(lo), A(j)))
            g.e("adox %s, %s" % (R(pos[i + j]), R(lo)))
            g.release(lo)
            if j < N - 1:
                g.e("adcx %s, %s" % (R(pos[i + j + 1]), R(hi)))
                g.release(hi)
            else:
                g.e("adcx %s, %s" % (R(hi), R(z)))
                g.e("adox %s, %s" % (R(hi), R(z)))
                pos[i + N] = hi
        g.release(z)
        flush(2 * i + 2)
    flush(2 * N)
    # double + squares; position 0 has no off-diagonal part, position 2N - 1 neither
    z = g.alloc()
    g.e("xor %s, %s" % (R(z, "e"), R(z, "e")))
    hi, lo, x = g.alloc(), g.alloc(), g.alloc()
    for i in range(N):
        g.e("mov rdx, %s" % A(i))
        g.e("mulx %s, %s, rdx" % (R(hi), R(lo)))
        if i == 0:
            g.e("mov %s, %s" % (T(0), R(lo)))
        else:
            g.e("mov %s, %s" % (R(x), T(2 * i)))
            g.e("adcx %s, %s" % (R(x), R(x)))
            g.e("adox %s, %s" % (R(x), R(lo)))
            g.e("mov %s, %s" % (T(2 * i), R(x)))
        if i < N - 1:
            g.e("mov %s, %s" % (R(x), T(2 * i + 1)))
            g.e("adcx %s, %s" % (R(x), R(x)))
        else:
            g.e("mov %s, %s" % (R(x), R(z)))
            g.e("adcx %s, %s" % (R(x), R(z)))
        g.e("adox %s, %s" % (R(x), R(hi)))
        g.e("mov %s, %s" % (T(2 * i + 1), R(x)))
    for q in (z, hi, lo, x):
        g.release(q)


def gen_sqr_wide(N):
    g = Gen([("a", "a.as_ptr()"), ("t", "t.as_mut_ptr()")], 10)
    sqr_to_mem(g, N, at("a"), at("t"))
    emit_fn("sqr_wide_%d" % N,
            "(a: &[u64; %d]) -> ([u64; %d], [u64; %d])" % (N, N, N),
            ["let mut t = core::mem::MaybeUninit::<[u64; %d]>::uninit();" % (2 * N)], g,
            ["// SAFETY: the asm wrote all %d limbs of `t`." % (2 * N),
             "let t = t.assume_init();",
             "let (mut lo, mut hi) = ([0u64; %d], [0u64; %d]);" % (N, N),
             "lo.copy_from_slice(&t[..%d]);" % N,
             "hi.copy_from_slice(&t[%d..]);" % N,
             "(lo, hi)"],
            "a² → (low, high) limbs, N = %d (dedicated squaring: %d + %d multiplications)." % (N, N * (N - 1) // 2, N),
            "nostack")


def gen_mont_sqr(N):
    """a^2 * R^-1 mod m for a < m: `sqr_to_mem` into a stack buffer, then N reduction rows, the
    high half added and one conditional subtraction (a^2 < m*R: no carry word)."""
    g = Gen([("a", "a.as_ptr()"), ("m", "m.as_ptr()"), ("inv", "inv")], 9)
    g.e("push {inv}")
    g.e("sub rsp, %d" % (16 * N))
    g.free.append("inv")
    T = lambda k: "qword ptr [rsp + %d]" % (8 * k)
    sqr_to_mem(g, N, at("a"), T)
    g.free.append("a")
    u = redc_mem(g, N, T, "qword ptr [rsp + %d]" % (16 * N))
    g.e("lea rsp, [rsp + %d]" % (16 * N + 8))
    g.free.append("rdx")
    u = final_sub(g, N, u, "m")
    emit_regs(g, N, u, "mont_sqr_%d" % N,
              "(a: &[u64; %d], m: &[u64; %d], inv: u64) -> [u64; %d]" % (N, N, N),
              "Montgomery squaring a²·R⁻¹ mod m for a < m, N = %d (dedicated squaring, then reduction). Same result as `portable::mont_sqr`." % N,
              "pure, readonly")


def fp2_sqr_k_layout(N):
    return dict(A0=0, A1=N, S=2 * N, D=3 * N, W1=4 * N, W2=6 * N, INV=8 * N, LEN=8 * N + 1)


def fp2_sqr_k_wide_core(g, N, k, A0, A1, S, D, W1, W2):
    """Double-width Fp2 = Fp[u]/(u^2 + k) square for k in {3, 5} (accessors; A0, A1 < p,
    (k + 1)p < R; S, D scratch): W1 = (a0 - a1)(a0 + k*a1) - (k - 1)*a0*a1 in [0, p*R)
    (= c0), W2 = 2*a0*a1 < 2p^2 (= c1); see `gen_fp2_sqr_k`."""
    assert k in (3, 5)
    s_doublings = {3: 0, 5: 1}[k]   # W1 -= 2^s_doublings * (2*a0*a1)
    R = g.r
    # D = a0 - a1 mod p
    sub_mod_mem(g, N, A0, A1, D)
    # S = a0 + k*a1 = a0 + a1 + (k - 1)*a1
    a1 = [g.alloc() for _ in range(N)]
    y = [g.alloc() for _ in range(N)]
    for j in range(N):
        g.e("mov %s, %s" % (R(a1[j]), A1(j)))
        g.e("mov %s, %s" % (R(y[j]), R(a1[j])))
    for _ in range({3: 1, 5: 2}[k]):
        for j in range(N):
            g.e("%s %s, %s" % ("add" if j == 0 else "adc", R(y[j]), R(y[j])))
    for j in range(N):
        g.e("%s %s, %s" % ("add" if j == 0 else "adc", R(y[j]), R(a1[j])))
    for j in range(N):
        g.e("%s %s, %s" % ("add" if j == 0 else "adc", R(y[j]), A0(j)))
        g.e("mov %s, %s" % (S(j), R(y[j])))
    for q in a1 + y:
        g.release(q)
    mul_to_buf(g, N, D, S, W1, False)
    # W2 = a0*(2*a1): 2*a1 < 2p unreduced into S (free now)
    x, y = g.alloc(), g.alloc()
    for j in range(N):
        g.e("mov %s, %s" % (R(x), A1(j)))
        g.e("%s %s, %s" % ("add" if j == 0 else "adc", R(x), R(x)))
        g.e("mov %s, %s" % (S(j), R(x)))
    g.release(x)
    g.release(y)
    mul_to_buf(g, N, A0, S, W2, False)
    x, y = g.alloc(), g.alloc()
    # W1 += ~(2^s * W2) + 1 on the OF chain (CF = 0, OF = 1 to start: 0x7f + 1 overflows)
    g.e("mov %s, 0x7f" % R(x, "e"))
    g.e("add %s, 1" % R(x, "l"))
    for j in range(2 * N):
        g.e("mov %s, %s" % (R(x), W2(j)))
        if s_doublings:
            g.e("adcx %s, %s" % (R(x), R(x)))
        g.e("not %s" % R(x))
        g.e("mov %s, %s" % (R(y), W1(j)))
        g.e("adox %s, %s" % (R(y), R(x)))
        g.e("mov %s, %s" % (W1(j), R(y)))
    # y = OF - 1: all-ones iff the subtraction borrowed (`mov` keeps the flags)
    g.e("mov %s, 0" % R(y))
    g.e("adox %s, %s" % (R(y), R(y)))
    g.e("sub %s, 1" % R(y))
    add_masked_p(g, N, lambda j: W1(N + j), y)
    g.release(x)
    g.release(y)


def gen_fp2_sqr_k(N, k):
    """Fp2 = Fp[u]/(u^2 + k) squaring for k in {3, 5} (k - 1 = 2^s) in one block over a scratch
    buffer (layout `fp2_sqr_k_layout`; A0, A1, INV filled by the caller), paper 001's formula
      c0 = (a0 - a1)(a0 + k*a1) - (k - 1)*a0*a1,   c1 = 2*a0*a1:
    D = a0 - a1 mod p, S = a0 + k*a1 unreduced (needs (k + 1)p < R); W1 = D*S and
    W2 = a0*(2*a1) (double width, 2*a1 < 2p unreduced), then W1 = W1 - 2^(s-1)*W2 in one pass — the
    doubled W2 on the CF chain (ADCX x, x), complemented and added to W1 on the OF chain started
    at OF = 1 — plus p*R when it borrowed (OF clear at the end): W1 in [0, p*R) since
    (k+1)p^2 < p*R and (k-1)p^2 < p*R. c0 = redc(W1) to buf[0..N), c1 = redc(W2) to
    buf[N..2N), fully reduced."""
    assert k in (3, 5)
    L = fp2_sqr_k_layout(N)
    B = lambda off: at("buf", off)
    g = Gen([("buf", "buf"), ("m", "m.as_ptr()")], 10)
    A0, A1, S, D, W1, W2 = (B(L[q]) for q in ("A0", "A1", "S", "D", "W1", "W2"))
    fp2_sqr_k_wide_core(g, N, k, A0, A1, S, D, W1, W2)
    inv = B(L["INV"])(0)
    redc_buf(g, N, W1, inv, B(0))
    redc_buf(g, N, W2, inv, B(N))
    emit_fn("fp2_sqr_k%d_%d" % (k, N), "(buf: *mut u64, m: &[u64; %d])" % N, [], g, [],
            "Fp2 squaring (u^2 = -%d) over the scratch buffer, N = %d: c0 to buf[0..N), c1 to buf[N..2N), fully reduced. `buf` must point to %d writable words (`fp2_sqr_k_%d::LEN`); needs %d*p < R." % (k, N, L["LEN"], N, k + 1),
            "nostack")
    print_layout("Word offsets of the scratch buffer of `fp2_sqr_k%d_%d`." % (k, N), "fp2_sqr_k_%d" % N, L, ("A0", "A1", "INV", "LEN"))


def fp2_layout(N):
    """Word offsets in the Fp2 scratch buffer (mirrored as Rust constants)."""
    return dict(A0=0, A1=N, B0=2 * N, B1=3 * N, SA=4 * N, SB=5 * N, INV=6 * N,
                W0=6 * N + 1, W1=8 * N + 1, W2=10 * N + 1, K=12 * N + 1, LEN=12 * N + 2)


def mul_to_buf(g, N, A, B, W, keep_hi):
    """W[0..2N) = A*B (accessors); the high half is stored too unless keep_hi (then its N regs
    are returned)."""
    t = row0(g, N, A, B)
    g.e("mov %s, %s" % (W(0), g.r(t[0])))
    g.release(t[0])
    t = t[1:]
    for i in range(1, N):
        t = mul_row(g, N, t, A, i, B, store=W)
    if keep_hi:
        return t
    for j in range(N):
        g.e("mov %s, %s" % (W(N + j), g.r(t[j])))
        g.release(t[j])
    return None


def redc_mem(g, N, T, inv_src):
    """u = (T + q*m)/R for T[0..2N) in memory (accessor): N reduction rows over the low half,
    then the high half added (no carry word: callers keep T < m*R, so u < 2m < R). Returns the
    N registers of u, not yet conditionally reduced."""
    u = []
    for j in range(N):
        q = g.alloc()
        g.e("mov %s, %s" % (g.r(q), T(j)))
        u.append(q)
    for i in range(N):
        u = red_row(g, N, u, "m", inv_src, False)
    for j in range(N):
        g.e("%s %s, %s" % ("add" if j == 0 else "adc", g.r(u[j]), T(N + j)))
    return u


def final_sub_mem(g, N, u, OUT):
    """OUT[0..N) = u >= m ? u - m : u, keeping u in OUT and selecting it back from memory
    (cmovc) so that only the N registers of u are live; releases them."""
    for j in range(N):
        g.e("mov %s, %s" % (OUT(j), g.r(u[j])))
    for j in range(N):
        g.e("%s %s, %s" % ("sub" if j == 0 else "sbb", g.r(u[j]), mem("m", j)))
    for j in range(N):
        g.e("cmovc %s, %s" % (g.r(u[j]), OUT(j)))
    for j in range(N):
        g.e("mov %s, %s" % (OUT(j), g.r(u[j])))
        g.release(u[j])


def redc_buf(g, N, T, inv_src, OUT):
    """OUT[0..N) = Montgomery reduction of T[0..2N) (accessor), fully reduced, for T < p*R with
    the top bit of p clear (see `redc_mem`, `final_sub_mem`)."""
    final_sub_mem(g, N, redc_mem(g, N, T, inv_src), OUT)


def add_masked_p(g, N, DST, mask, mod_ptr=None):
    """DST[0..N) += m & mask (mask: register, all-ones or zero): the masked limbs first (AND
    clears CF), then one add chain into memory. `mod_ptr`: a memory operand holding the
    modulus pointer, when the "m" register is in other use."""
    base = "m"
    if mod_ptr is not None:
        base = g.alloc()
        g.e("mov %s, %s" % (g.r(base), mod_ptr))
    pm = []
    for j in range(N):
        q = g.alloc()
        g.e("mov %s, %s" % (g.r(q), mem(base, j)))
        g.e("and %s, %s" % (g.r(q), g.r(mask)))
        pm.append(q)
    for j in range(N):
        g.e("%s %s, %s" % ("add" if j == 0 else "adc", DST(j), g.r(pm[j])))
        g.release(pm[j])
    if mod_ptr is not None:
        g.release(base)


def sub_mod_mem(g, N, X, Y, D):
    """D[0..N) = X - Y mod m (accessors; X, Y < m): the difference, plus m masked by the
    borrow."""
    x = g.alloc()
    for j in range(N):
        g.e("mov %s, %s" % (g.r(x), X(j)))
        g.e("%s %s, %s" % ("sub" if j == 0 else "sbb", g.r(x), Y(j)))
        g.e("mov %s, %s" % (D(j), g.r(x)))
    g.e("sbb %s, %s" % (g.r(x), g.r(x)))
    add_masked_p(g, N, D, x)
    g.release(x)


def fp2_sqr_layout(N):
    return dict(A0=0, A1=N, S=2 * N, D=3 * N, T=4 * N, INV=5 * N, LEN=5 * N + 1)


def gen_fp2_sqr(N):
    """Fp2 = Fp[u]/(u^2 + 1) squaring in one block over a scratch buffer (layout
    `fp2_sqr_layout`; A0, A1, INV filled by the caller): S = a0 + a1 and T = 2*a1 unreduced
    (< 2p < R), D = a0 - a1 mod p (masked p added on borrow), then c0 = S*D*R^-1 (CIOS, S
    broadcast) to the S slot and c1 = T*a0*R^-1 to the D slot, each fully reduced."""
    L = fp2_sqr_layout(N)
    B = lambda off: at("buf", off)
    g = Gen([("buf", "buf"), ("m", "m.as_ptr()")], 10)
    R = g.r
    A0, A1, S, D, T = (B(L[k]) for k in ("A0", "A1", "S", "D", "T"))
    x = g.alloc()
    for j in range(N):
        g.e("mov %s, %s" % (R(x), A0(j)))
        g.e("%s %s, %s" % ("add" if j == 0 else "adc", R(x), A1(j)))
        g.e("mov %s, %s" % (S(j), R(x)))
    for j in range(N):
        g.e("mov %s, %s" % (R(x), A1(j)))
        g.e("%s %s, %s" % ("add" if j == 0 else "adc", R(x), R(x)))
        g.e("mov %s, %s" % (T(j), R(x)))
    g.release(x)
    sub_mod_mem(g, N, A0, A1, D)
    inv = B(L["INV"])(0)
    final_sub_mem(g, N, cios(g, N, S, D, inv), S)
    final_sub_mem(g, N, cios(g, N, T, A0, inv), D)
    emit_fn("fp2_sqr_%d" % N, "(buf: *mut u64, m: &[u64; %d])" % N, [], g, [],
            "Fp2 squaring (u^2 = -1) over the scratch buffer, N = %d: c0 to the S slot, c1 to the D slot, fully reduced. `buf` must point to %d writable words (`fp2_sqr_%d::LEN`)." % (N, L["LEN"], N),
            "nostack")
    print_layout("Word offsets of the scratch buffer of `fp2_sqr_%d`." % N, "fp2_sqr_%d" % N, L, ("A0", "A1", "S", "D", "INV", "LEN"))


def fp2_wide_core(g, N, A0, A1, B0, B1, SA, SB, W0, W1, W2, K, late_free=(), mod_ptr=None):
    """The double-width Fp2 product of `gen_fp2_mul` (accessors for the operands, the two
    operand sums, the three products; K the memory operand of k, None for k = 1): W0 = c0 in
    [0, p*R), W2 = c1 < 2p^2; W1's low half and SA, SB are scratch. `late_free`: operand
    registers free once the three products are done; `mod_ptr`: where the modulus pointer is
    kept when the "m" register serves the products (`add_masked_p`)."""
    R = g.r
    k1 = K is None
    # SA, SB
    x = g.alloc()
    for (d, s0, s1) in ((SA, A0, A1), (SB, B0, B1)):
        for j in range(N):
            g.e("mov %s, %s" % (R(x), s0(j)))
            g.e("%s %s, %s" % ("add" if j == 0 else "adc", R(x), s1(j)))
            g.e("mov %s, %s" % (d(j), R(x)))
    g.release(x)
    mul_to_buf(g, N, SA, SB, W2, False)
    mul_to_buf(g, N, A0, B0, W0, False)
    h = mul_to_buf(g, N, A1, B1, W1, True)
    g.free += list(late_free)
    T1 = lambda j: W1(j) if j < N else R(h[j - N])
    # W2 -= W0 + W1: CF = 0, OF = 1 to start (0x7f + 1 overflows as a signed byte)
    x, y = g.alloc(), g.alloc()
    g.e("mov %s, 0x7f" % R(x, "e"))
    g.e("add %s, 1" % R(x, "l"))
    for j in range(2 * N):
        g.e("mov %s, %s" % (R(x), W0(j)))
        g.e("adcx %s, %s" % (R(x), T1(j)))
        g.e("not %s" % R(x))
        g.e("mov %s, %s" % (R(y), W2(j)))
        g.e("adox %s, %s" % (R(y), R(x)))
        g.e("mov %s, %s" % (W2(j), R(y)))
    if k1:
        # W0 -= W1; on borrow W0_hi += p
        for j in range(2 * N):
            g.e("mov %s, %s" % (R(x), W0(j)))
            g.e("%s %s, %s" % ("sub" if j == 0 else "sbb", R(x), T1(j)))
            g.e("mov %s, %s" % (W0(j), R(x)))
        g.e("sbb %s, %s" % (R(y), R(y)))
    else:
        # W0 += ~(k*W1) + 1: CF = 1 (the +1), OF = 0 to start; borrow = !CF at the end
        g.e("mov rdx, %s" % K)
        g.e("xor %s, %s" % (R(y, "e"), R(y, "e")))
        g.e("stc")
        prev = None
        for j in range(2 * N):
            hi, lo = g.alloc(), g.alloc()
            g.e("mulx %s, %s, %s" % (R(hi), R(lo), T1(j)))
            if prev is not None:
                g.e("adox %s, %s" % (R(lo), R(prev)))
                g.release(prev)
            prev = hi
            g.e("not %s" % R(lo))
            g.e("mov %s, %s" % (R(x), W0(j)))
            g.e("adcx %s, %s" % (R(x), R(lo)))
            g.release(lo)
            g.e("mov %s, %s" % (W0(j), R(x)))
        g.release(prev)
        g.e("sbb %s, %s" % (R(y), R(y)))
        g.e("not %s" % R(y))
    for q in h:
        g.release(q)
    add_masked_p(g, N, lambda j: W0(N + j), y, mod_ptr)
    g.release(x)
    g.release(y)


def gen_fp2_mul(N, reduce, k1=True):
    """Fp2 = Fp[u]/(u^2 + k) product (Karatsuba, lazy reduction) in one block over a scratch
    buffer `buf` (layout `fp2_layout`; A0, A1, B0, B1, INV and, unless k1 (k = 1), K filled by
    the caller):
      SA = A0 + A1, SB = B0 + B1 (unreduced, < 2p < R);
      W2 = SA*SB, W0 = A0*B0, W1 = A1*B1 (its high half stays in registers);
      W2 = W2 - W0 - W1 in one pass: W0 + W1 on the CF chain (ADCX), complemented (NOT keeps
        the flags) and added to W2 on the OF chain (ADOX) started at OF = 1 (x - y = x + ~y + 1);
        the result a0*b1 + a1*b0 is >= 0 and < 2p^2 < p*R;
      W0 = W0 - k*W1, plus p*R when it borrows (masked p added to the high half): in [0, p*R)
        (needs k*p < R). For k != 1, k*W1 is formed limb by limb (MULX by k, the high words
        added on the OF chain) and subtracted as W0 + ~(k*W1) + 1 on the CF chain;
    then (reduce) OUT c0 = redc(W0) at buf[0..N), c1 = redc(W2) at buf[N..2N)."""
    L = fp2_layout(N)
    B = lambda off: at("buf", off)
    g = Gen([("buf", "buf"), ("m", "m.as_ptr()")], 10)
    W0, W2 = B(L["W0"]), B(L["W2"])
    fp2_wide_core(g, N, *(B(L[q]) for q in ("A0", "A1", "B0", "B1", "SA", "SB", "W0", "W1", "W2")),
                  None if k1 else B(L["K"])(0))
    if reduce:
        inv = B(L["INV"])(0)
        redc_buf(g, N, W0, inv, B(0))
        redc_buf(g, N, W2, inv, B(N))
    name = ("fp2_mul_" if reduce else "fp2_mul_wide_") + ("" if k1 else "k_") + str(N)
    beta = "u^2 = -1" if k1 else "u^2 = -k, k = buf[K], k*p < R"
    kk = "" if k1 else "k*"
    doc = ("Fp2 product (%s) over the scratch buffer, N = %d: c0 to buf[0..N), c1 to buf[N..2N), fully reduced." % (beta, N)
           if reduce else
           "Fp2 double-width product (%s) over the scratch buffer, N = %d: c0 = a0*b0 - %sa1*b1 (+ p*R on borrow) at W0, c1 = a0*b1 + a1*b0 at W2." % (beta, N, kk))
    emit_fn(name,
            "(buf: *mut u64, m: &[u64; %d])" % N,
            [], g, [], doc + " `buf` must point to %d writable words (`fp2_%d::LEN`)." % (L["LEN"], N),
            "nostack")


def wide_add_mem(g, N, X, Y, D):
    """D[0..2N) = X + Y mod m*R (2N-limb accessors, X, Y < m*R; D may alias X or Y): the low
    half through one register, the high half kept in N registers and conditionally reduced
    by m (X + Y < 2m*R < 2^(128N): no carry out)."""
    x = g.alloc()
    for j in range(N):
        g.e("mov %s, %s" % (g.r(x), X(j)))
        g.e("%s %s, %s" % ("add" if j == 0 else "adc", g.r(x), Y(j)))
        g.e("mov %s, %s" % (D(j), g.r(x)))
    g.release(x)
    u = []
    for j in range(N):
        q = g.alloc()
        g.e("mov %s, %s" % (g.r(q), X(N + j)))
        g.e("adc %s, %s" % (g.r(q), Y(N + j)))
        u.append(q)
    final_sub_mem(g, N, u, lambda j: D(N + j))


def wide_sub_mem(g, N, X, Y, D):
    """D[0..2N) = X - Y mod m*R (2N-limb accessors, X, Y < m*R; D may alias X or Y): the
    difference, plus m on the high half masked by the borrow."""
    x = g.alloc()
    for j in range(2 * N):
        g.e("mov %s, %s" % (g.r(x), X(j)))
        g.e("%s %s, %s" % ("sub" if j == 0 else "sbb", g.r(x), Y(j)))
        g.e("mov %s, %s" % (D(j), g.r(x)))
    g.e("sbb %s, %s" % (g.r(x), g.r(x)))
    add_masked_p(g, N, lambda j: D(N + j), x)
    g.release(x)


# Tower shapes of the lazy kernels: k = -beta (u^2 = -k), xi = (xi0, xi1) (v^3 = xi0 + xi1*u),
# lazy_sums: whether the Fp2 operand sums of the Fp6 Karatsuba stay unreduced (needs 8p < R),
# suffix: the kernels' name suffix.
BLS12_381 = dict(k=1, xi=(1, 1), lazy_sums=True, suffix="6", what="BLS12-381 tower: u^2 = -1, v^3 = 1 + u, 8p < R")
BN254_BEUCHAT = dict(k=5, xi=(0, 1), lazy_sums=False, suffix="4",
                     what="bn254-beuchat tower: u^2 = -5, v^3 = u, 6p < R")
# alt_bn128's shape (only the Granger-Scott squaring, `gen_cyclo_sqr`; its z is dense, so the
# compressed squarings would not run): 4p < R < 8p
ALT_BN128 = dict(k=1, xi=(9, 1), lazy_sums=False, suffix="4_xi9",
                 what="alt_bn128 tower: u^2 = -1, v^3 = 9 + u, 4p < R")


def mul_k_wide_mem(g, N, k, Y, Z):
    """Z[0..2N) = k*Y mod p*R for Y < p*R (2N-limb accessors, 2 <= k, k*p < R so k*Y < R^2):
    the product limb by limb (MULX by k, the high words added on the CF chain), then its high
    half (< k*p) brought below p by k - 1 conditional subtractions of p (`final_sub`)."""
    R = g.r
    g.e("mov edx, %d" % k)
    prev = None
    top = []
    for j in range(2 * N):
        hi, lo = g.alloc(), g.alloc()
        g.e("mulx %s, %s, %s" % (R(hi), R(lo), Y(j)))
        if prev is not None:
            g.e("%s %s, %s" % ("add" if j == 1 else "adc", R(lo), R(prev)))
            g.release(prev)
        prev = hi
        if j < N:
            g.e("mov %s, %s" % (Z(j), R(lo)))
            g.release(lo)
        else:
            top.append(lo)
    g.release(prev)   # the word above 2N limbs (with the carry) is 0: k*Y < R^2
    for _ in range(k - 1):
        top = final_sub(g, N, top, "m")
    for j in range(N):
        g.e("mov %s, %s" % (Z(N + j), R(top[j])))
        g.release(top[j])


def xi_comb(g, N, tw, D, X, P, sign, Z):
    """D = X + sign*xi*P for double-width Fp2 values (coordinate -> 2N-limb accessor; every
    coordinate in [0, p*R)) in a tower with xi = u, u^2 = -k: xi*(p0 + p1 u) = -k*p1 + p0 u, so
    D0 = X0 -+ k*P1, D1 = X1 +- P0 (modular double-width operations; k*P1 reduced mod p*R into
    the 2N-word scratch Z first). D may alias X or P."""
    assert tw["xi"] == (0, 1)
    mul_k_wide_mem(g, N, tw["k"], P(1), Z)
    if sign > 0:
        wide_add_mem(g, N, X(1), P(0), D(1))
        wide_sub_mem(g, N, X(0), Z, D(0))
    else:
        wide_sub_mem(g, N, X(1), P(0), D(1))
        wide_add_mem(g, N, X(0), Z, D(0))


def fp6_layout(N):
    """Word offsets in the Fp6 scratch buffer (mirrored as Rust constants): the operands A, B
    (six coordinates each, c0.c0, c0.c1, c1.c0, ...), the double-width result OUT (six
    2N-limb coordinates, same order), the products T = (a0b0, a1b1, a2b2) double width, the
    Fp2 operand sums X, Y and the Fp2 kernel's scratch SA, SB, W1."""
    return dict(A=0, B=6 * N, OUT=12 * N, T=24 * N, X=36 * N, Y=38 * N, SA=40 * N, SB=41 * N,
                W1=42 * N, INV=44 * N, LEN=44 * N + 1)


def gen_fp6_mul(N, reduce, by01=False, tw=BLS12_381, by0=False):
    """Fp6 = Fp2[v]/(v^3 - (1 + u)) product over Fp2 = Fp[u]/(u^2 + 1) (BLS12-381's tower) in
    one block over a scratch buffer (layout `fp6_layout`): Karatsuba with the six Fp2 products
    double width (`fp2_wide_core`), the Fp2 operand sums unreduced (< 2p; needs 8p < R), every
    combination a modular double-width addition or subtraction (coordinates stay in [0, p*R)):
      c0 = a0b0 + xi*((a1 + a2)(b1 + b2) - a1b1 - a2b2),
      c1 = (a0 + a1)(b0 + b1) - a0b0 - a1b1 + xi*a2b2,
      c2 = (a0 + a2)(b0 + b2) - a0b0 - a2b2 + a1b1,
    xi*(x0 + x1 u) = (x0 - x1) + (x0 + x1) u; then (reduce) the six coordinates reduced into the
    A slot. by01: the sparse product with b0 + b1*v (b2 = 0, never read; five Fp2 products:
      c0 = a0b0 + xi*((a1 + a2)*b1 - a1b1), c1 = (a0 + a1)(b0 + b1) - a0b0 - a1b1,
      c2 = (a0 + a2)*b0 - a0b0 + a1b1), double width (the reducing sparse product is
      `gen_fp6_mul_by01_sop`).
    Other tower shapes (`tw`, e.g. bn254-beuchat: u^2 = -5, xi = u, only 6p < R): the Fp2
    operand sums reduced mod p (`add_mod_mem`), the Fp2 products by the u^2 = -k core (c0 =
    a0b0 - k*a1b1 + p*R on borrow, needs k*p < R and 4p < R), the xi-terms by `xi_comb`.
    by0: the product a*b0 by an Fp2 scalar (b1, b2 not read; three Fp2 products, no
    combination), double width only."""
    L = fp6_layout(N)
    lazy = tw["lazy_sums"]
    K = None if tw["k"] == 1 else str(tw["k"])
    B = lambda off: at("buf", off)
    Z = B(L["X"])  # 2N scratch words (the X, Y sums are dead when `xi_comb` runs)
    g = Gen([("buf", "buf"), ("m", "m.as_ptr()")], 10)
    A = lambda i, c: B(L["A"] + 2 * N * i + N * c)
    Bv = lambda i, c: B(L["B"] + 2 * N * i + N * c)
    O = lambda i, c: B(L["OUT"] + 4 * N * i + 2 * N * c)
    T = lambda i, c: B(L["T"] + 4 * N * i + 2 * N * c)
    X = lambda c: B(L["X"] + N * c)
    Y = lambda c: B(L["Y"] + N * c)
    SA, SB, W1 = B(L["SA"]), B(L["SB"]), B(L["W1"])

    def prod(a0, a1, b0, b1, W):
        fp2_wide_core(g, N, a0, a1, b0, b1, SA, SB, W(0), W1, W(1), K)

    def sums(i, j, both=True):
        # unreduced (< 2p): `fp2_wide_core` then forms sums < 4p < R, products < 16p^2 <
        # 2^(128N); c1 = x0*y1 + x1*y0 < 8p^2 < p*R and c0 = x0*y0 - x1*y1 (+ p*R on borrow)
        # in [0, p*R) since 8p < R (BLS12-381: p < 2^381)
        if not lazy:
            for c in range(2):
                for (P, D) in ((A, X), (Bv, Y)) if both else ((A, X),):
                    add_mod_mem(g, N, P(i, c), P(j, c), D(c))
            return
        x = g.alloc()
        for c in range(2):
            for (P, D) in ((A, X), (Bv, Y)) if both else ((A, X),):
                for k in range(N):
                    g.e("mov %s, %s" % (g.r(x), P(i, c)(k)))
                    g.e("%s %s, %s" % ("add" if k == 0 else "adc", g.r(x), P(j, c)(k)))
                    g.e("mov %s, %s" % (D(c)(k), g.r(x)))
        g.release(x)

    def wsub(D, P, Q):
        for c in range(2):
            wide_sub_mem(g, N, P(c), Q(c), D(c))

    def wadd(D, P, Q):
        for c in range(2):
            wide_add_mem(g, N, P(c), Q(c), D(c))

    def xi(D, P):
        wide_sub_mem(g, N, P(0), P(1), D(0))
        wide_add_mem(g, N, P(0), P(1), D(1))

    Ti = lambda i: (lambda c: T(i, c))
    Oi = lambda i: (lambda c: O(i, c))
    if by0:
        assert not reduce
        for i in range(3):
            prod(A(i, 0), A(i, 1), Bv(0, 0), Bv(0, 1), Oi(i))
    else:
        def xi_add(D, X, P, tmp, xi_first):
            """D = X + xi*P, double width: one combination without lazy sums; with them xi*P
            into `tmp`, then a double-width addition (xi*P the first operand if `xi_first`)."""
            if not lazy:
                xi_comb(g, N, tw, D, X, P, 1, Z)
            else:
                xi(tmp, P)
                wadd(D, *((tmp, X) if xi_first else (X, tmp)))

        # b2 = 0 (by01): t2 = 0, (a1 + a2)(b1 + b2) = (a1 + a2)*b1,
        # (a0 + a2)(b0 + b2) = (a0 + a2)*b0
        for i in range(2 if by01 else 3):
            prod(A(i, 0), A(i, 1), Bv(i, 0), Bv(i, 1), Ti(i))
        sums(1, 2, not by01)
        prod(X(0), X(1), *((Bv(1, 0), Bv(1, 1)) if by01 else (Y(0), Y(1))), Oi(0))
        wsub(Oi(0), Oi(0), Ti(1))
        if not by01:
            wsub(Oi(0), Oi(0), Ti(2))
        xi_add(Oi(0), Ti(0), Oi(0), Oi(1), True)
        sums(0, 1)
        prod(X(0), X(1), Y(0), Y(1), Oi(1))
        wsub(Oi(1), Oi(1), Ti(0))
        wsub(Oi(1), Oi(1), Ti(1))
        if not by01:
            xi_add(Oi(1), Oi(1), Ti(2), Oi(2), False)
        sums(0, 2, not by01)
        prod(X(0), X(1), *((Bv(0, 0), Bv(0, 1)) if by01 else (Y(0), Y(1))), Oi(2))
        wsub(Oi(2), Oi(2), Ti(0))
        if not by01:
            wsub(Oi(2), Oi(2), Ti(2))
        wadd(Oi(2), Oi(2), Ti(1))
    if reduce:
        inv = B(L["INV"])(0)
        for i in range(3):
            for c in range(2):
                redc_buf(g, N, O(i, c), inv, A(i, c))
    name = ("fp6_mul_by_0" if by0 else "fp6_mul_by_01" if by01 else "fp6_mul") + ("" if reduce else "_wide") + "_%s" % tw["suffix"]
    doc = ("Fp6 product (%s) over the scratch buffer, N = %d: " % (tw["what"], N)) + ("b1 = b2 = 0 (not read); " if by0 else "b2 = 0 (not read); " if by01 else "") + ("the six coordinates fully reduced in the A slot." if reduce else
                   "the six double-width coordinates (each in [0, p*R)) in the OUT slot.")
    emit_fn(name, "(buf: *mut u64, m: &[u64; %d])" % N, [], g, [],
            doc + " `buf` must point to %d writable words (`fp6_%d::LEN`) with A, B (and INV) filled."
            % (L["LEN"], N), "nostack")


def fp6_by01_plan(tw):
    """The sum-of-products form of the sparse Fp6 product a*(b0 + b1*v), c0 = a0b0 + xi*a2b1,
    c1 = a0b1 + a1b0, c2 = a1b1 + a2b0: the b-side operands to form first, as (slot, kind,
    args) over the names "bIC" (b_I's coordinate C), and each of the six result coordinates
    as four terms (a-coordinate "aIC", b-side name), every product non-negative and congruent
    to its part of the value (sums below 5p^2 < p*R, a-side sums below 4p):
      u^2 = -1, xi = 1 + u: with nbIC = p - bIC, d1 = b10 - b11 mod p, s1 = b10 + b11 and
        ns1 = 2p - s1, c0 = (a00 b00 + a01 nb01 + a20 d1 + a21 ns1, a00 b01 + a01 b00 +
        a20 s1 + a21 d1);
      u^2 = -5, xi = u: with nbIC = -5*bIC mod p, c0 = (a00 b00 + a01 nb01 + a20 nb11 +
        a21 nb10, a00 b01 + a01 b00 + a20 b10 + a21 nb11);
    and in both c1 = (a00 b10 + a01 nb11' + a10 b00 + a11 nb01', a00 b11 + a01 b10 + a10 b01 +
    a11 b00), c2 = (a10 b10 + a11 nb11' + a20 b00 + a21 nb01', a10 b11 + a11 b10 + a20 b01 +
    a21 b00), nb' the tower's -k*b (p - b for k = 1)."""
    if tw["k"] == 1:
        ops = [("NB01", "neg", ("b01",)), ("NB11", "neg", ("b11",)),
               ("D1", "submod", ("b10", "b11")), ("S1", "add", ("b10", "b11")),
               ("NS1", "neg2p", ("S1",))]
        c0 = [[("a00", "b00"), ("a01", "NB01"), ("a20", "D1"), ("a21", "NS1")],
              [("a00", "b01"), ("a01", "b00"), ("a20", "S1"), ("a21", "D1")]]
    else:
        assert tw["k"] == 5 and tw["xi"] == (0, 1)
        ops = [("NB01", "neg5", ("b01",)), ("NB10", "neg5", ("b10",)),
               ("NB11", "neg5", ("b11",))]
        c0 = [[("a00", "b00"), ("a01", "NB01"), ("a20", "NB11"), ("a21", "NB10")],
              [("a00", "b01"), ("a01", "b00"), ("a20", "b10"), ("a21", "NB11")]]
    c1 = [[("a00", "b10"), ("a01", "NB11"), ("a10", "b00"), ("a11", "NB01")],
          [("a00", "b11"), ("a01", "b10"), ("a10", "b01"), ("a11", "b00")]]
    c2 = [[("a10", "b10"), ("a11", "NB11"), ("a20", "b00"), ("a21", "NB01")],
          [("a10", "b11"), ("a11", "b10"), ("a20", "b01"), ("a21", "b00")]]
    return ops, c0 + c1 + c2


def gen_fp6_mul_by01_sop(N, tw):
    """The sparse Fp6 product a*(b0 + b1*v) (b2 = 0, not read), fully reduced, over the Fp6
    scratch buffer (`fp6_layout`; A, B, INV filled by the caller): each of the six result
    coordinates one interleaved Montgomery reduction of a sum of four products
    (`fp6_by01_plan`, `sop_redc`: 24 products, 6 reductions, no double-width values in
    memory), then one conditional subtraction; the results to the OUT slot (six N-limb
    coordinates, c0.c0, c0.c1, ...), the operand slots untouched. Measured 0.82x
    (bn254-beuchat) and 0.95x (BLS12-381) the time of `gen_fp6_mul`'s reducing sparse form
    (five double-width Karatsuba Fp2 products, modular double-width sums, six reductions),
    which it replaces."""
    name = "fp6_mul_by_01_%s" % tw["suffix"]
    L = fp6_layout(N)
    B = lambda off: at("buf", off)
    g = Gen([("buf", "buf"), ("m", "m.as_ptr()")], 10)
    names = {}
    for i in range(3):
        for c in range(2):
            names["a%d%d" % (i, c)] = B(L["A"] + 2 * N * i + N * c)
    for i in range(2):
        for c in range(2):
            names["b%d%d" % (i, c)] = B(L["B"] + 2 * N * i + N * c)
    # b-side operands in the T area (free: no double-width products here)
    P2, P4 = B(L["T"]), B(L["T"] + N)
    M = lambda j: mem("m", j)
    ops, coords = fp6_by01_plan(tw)
    for n, (slot, _, _) in enumerate(ops):
        names[slot] = B(L["T"] + 2 * N + N * n)
    write_2p_4p(g, N, P2, P4)   # both plans negate (neg2p, neg5)
    form_operands(g, N, ops, names, P2, P4)
    inv = B(L["INV"])(0)
    for c, terms in enumerate(coords):
        t = sop_redc(g, N, [(names[X], names[Y]) for (X, Y) in terms], inv)
        cond_sub_rounds(g, N, t, [M], at("buf", L["OUT"] + N * c))
    emit_fn(name, "(buf: *mut u64, m: &[u64; %d])" % N, [], g, [],
            "Sparse Fp6 product a*(b0 + b1*v) (%s) over the scratch buffer, N = %d, each coordinate one interleaved reduction of a sum of four products: b2 = 0 (not read); the six coordinates fully reduced in the OUT slot (N words apart). `buf` must point to %d writable words (`fp6_%d::LEN`) with A, B and INV filled."
            % (tw["what"], N, L["LEN"], N), "nostack")


def fp12_unit034_layout(N):
    """Word offsets of the buffer of `fp12_mul_by_034_unit_4`: f (twelve N-limb coordinates in
    Fp12 memory order), the line coefficients c3, c4 (two each), the twelve results OUT, the
    operand slots NB00..NB11 (-5 times each line coordinate), 2p, 4p, INV."""
    return dict(F=0, LINE=12 * N, OUT=16 * N, NB00=28 * N, NB01=29 * N, NB10=30 * N,
                NB11=31 * N, P2=32 * N, P4=33 * N, INV=34 * N, LEN=34 * N + 1)


def gen_fp12_mul_by_034_unit(N, tw):
    """f*(1 + c3*w + c4*v*w) for a D-type line normalised to constant coefficient 1, in
    bn254-beuchat's tower (u^2 = -5, xi = u), in one block: with L = c3 + c4*v,
    f' = (f0 + (f1*L)*v) + (f1 + f0*L)*w, where (f1*L)*v = (xi*B2, B0, B1) for B = f1*L. Each of
    the twelve coordinates is one interleaved reduction of four products (`fp6_by01_plan` with
    b0 = c3, b1 = c4; xi*B2 = (-5*B2.1, B2.0), -5*B2.1 as a10*NB11 + a11*NB10 + a20*NB01 +
    a21*NB00), in [0, 2p), plus the f coordinate, then conditional subtractions of 2p and p.
    The four -5*c operands are formed once for both Fp6 halves."""
    assert tw["k"] == 5 and tw["xi"] == (0, 1)
    L = fp12_unit034_layout(N)
    B = lambda off: at("buf", off)
    g = Gen([("buf", "buf"), ("m", "m.as_ptr()")], 10)
    R = g.r
    P2, P4 = B(L["P2"]), B(L["P4"])
    M = lambda j: mem("m", j)
    Fc = lambda k: B(L["F"] + N * k)          # f coordinate k (0..5: f0, 6..11: f1)
    names = {"b%d%d" % (i, c): B(L["LINE"] + 2 * N * i + N * c) for i in range(2) for c in range(2)}
    for k in ("NB00", "NB01", "NB10", "NB11"):
        names[k] = B(L[k])
    ops, plan = fp6_by01_plan(tw)
    # the plan's -5*c operands, and -5*c3.c0 for xi*B2
    write_2p_4p(g, N, P2, P4)
    form_operands(g, N, ops + [("NB00", "neg5", ("b00",))], names, P2, P4)

    def half(base):
        nm = dict(names)
        for i in range(3):
            for c in range(2):
                nm["a%d%d" % (i, c)] = Fc(base + 2 * i + c)
        return nm

    n0, n1 = half(0), half(6)
    xib2 = [("a10", "NB11"), ("a11", "NB10"), ("a20", "NB01"), ("a21", "NB00")]
    # (output coordinate, terms, names, addend coordinate)
    jobs = [(6 + c, plan[c], n0, 6 + c) for c in range(6)]          # f1 + f0*L
    jobs += [(0, xib2, n1, 0), (1, plan[4], n1, 1)]                  # f0.c0 + xi*B2
    jobs += [(2 + c, plan[c], n1, 2 + c) for c in range(4)]          # f0.c1 + B0, f0.c2 + B1
    for (o, terms, nm, add) in jobs:
        t = sop_redc(g, N, [(nm[X], nm[Y]) for (X, Y) in terms], inv_src=B(L["INV"])(0))
        for j in range(N):
            g.e("%s %s, %s" % ("add" if j == 0 else "adc", R(t[j]), Fc(add)(j)))
        cond_sub_rounds(g, N, t, [P2, M], B(L["OUT"] + N * o))
    emit_fn("fp12_mul_by_034_unit_%s" % tw["suffix"], "(buf: *mut u64, m: &[u64; %d])" % N, [], g, [],
            "f*(1 + c3*w + c4*v*w) (%s), N = %d, each coordinate one interleaved reduction of a sum of four products plus f's coordinate: the twelve fully reduced coordinates to OUT. `buf` must point to %d writable words (`fp12_unit034_%d::LEN`) with F, LINE and INV filled."
            % (tw["what"], N, L["LEN"], N), "nostack")
    emit_layout("fp12_mul_by_034_unit_%s" % tw["suffix"], "fp12_unit034_%d" % N, L,
                ("F", "LINE", "OUT", "INV", "LEN"))


def print_layout(doc, mod, L, keys, attrs=()):
    """The Rust constants `keys` of a buffer layout `L`: module `mod`, documented by `doc`."""
    print("    /// %s" % doc)
    for a in attrs:
        print("    %s" % a)
    print("    pub(crate) mod %s {" % mod)
    for k in keys:
        print("        pub(crate) const %s: usize = %d;" % (k, L[k]))
    print("    }")
    print()


def emit_layout(kernel, mod, L, keys, attrs=()):
    """The Rust constants of a kernel's buffer layout (module `mod`)."""
    print_layout("Word offsets of the buffer of `%s`." % kernel, mod, L, keys, attrs)


def emit_fp6_layout(N):
    L = fp6_layout(N)
    print_layout("Word offsets of the scratch buffer of `fp6_mul_%d` / `fp6_mul_wide_%d`." % (N, N), "fp6_%d" % N, L, ("A", "B", "OUT", "INV", "LEN"))


def add_mod_mem(g, N, X, Y, D):
    """D[0..N) = X + Y mod m (accessors; X, Y < m < 2^(64N-1), so the sum does not carry)."""
    u = []
    for j in range(N):
        q = g.alloc()
        g.e("mov %s, %s" % (g.r(q), X(j)))
        g.e("%s %s, %s" % ("add" if j == 0 else "adc", g.r(q), Y(j)))
        u.append(q)
    final_sub_mem(g, N, u, D)


def fp2_sqr_wide_core(g, N, X0, X1, S, D, T, W0, W1):
    """Double-width Fp2 square for u^2 = -1 (accessors; X0, X1 < p, 2p < R): S = X0 + X1 and
    T = 2*X0 unreduced (< 2p), D = X0 - X1 mod p, W0 = S*D (= x0^2 - x1^2 mod p, < 2p^2),
    W1 = T*X1 (= 2*x0*x1, < 2p^2); no reduction."""
    x = g.alloc()
    for (d, s0, s1) in ((S, X0, X1), (T, X0, X0)):
        for j in range(N):
            g.e("mov %s, %s" % (g.r(x), s0(j)))
            g.e("%s %s, %s" % ("add" if j == 0 else "adc", g.r(x), s1(j)))
            g.e("mov %s, %s" % (d(j), g.r(x)))
    g.release(x)
    sub_mod_mem(g, N, X0, X1, D)
    mul_to_buf(g, N, S, D, W0, False)
    mul_to_buf(g, N, T, X1, W1, False)


def fp4_sqr_layout(N):
    """Word offsets in the Fp4 squaring scratch buffer: operands A, B (two coordinates each),
    the results C0, C1 (two each), the sum A + B, the squares TA, TB, TS (two 2N-limb
    coordinates each), the Fp2 squaring scratch S, D, T (S, D also the 2N-word scratch of
    `xi_comb`)."""
    return dict(A=0, B=2 * N, C0=4 * N, C1=6 * N, SUM=8 * N, TA=10 * N, TB=14 * N, TS=18 * N,
                S=22 * N, D=23 * N, T=24 * N, INV=25 * N, LEN=25 * N + 1)


def fp4_sqr_core(g, N, tw, Fa, Fb, W, S, D, T, inv, C0, C1):
    """(a + b*s)^2 in Fp4 = Fp2[s]/(s^2 - xi) with lazy reduction (accessor maps c -> limb
    accessor: Fa, Fb the operands' coordinates, C0, C1 the reduced results; W(k, c) the 2N-limb
    scratch coordinates of k in "TA", "TB", "TS" and the Fp2 sum under k = "SUM" (N limbs,
    `W("SUM", c)`); S, D, T Fp scratch, S and D contiguous):
      TA = a^2, TB = b^2 double width (`fp2_sqr_wide_core` for u^2 = -1, `fp2_sqr_k_wide_core`
        otherwise; coordinates < 2p^2 < p*R resp. in [0, p*R));
      C0 = redc(TA + xi*TB), xi*(y0 + y1 u) = (y0 - y1) + (y0 + y1) u for xi = 1 + u, `xi_comb`
        for xi = u, as modular double-width operations (coordinates in [0, p*R));
      C1 = redc((a + b)^2 - TA - TB) = 2ab, a + b reduced mod p first.
    Four reductions, fully reduced results."""
    def sq(A, Wk):
        if tw["k"] == 1:
            fp2_sqr_wide_core(g, N, A(0), A(1), S, D, T, W(Wk, 0), W(Wk, 1))
        else:
            fp2_sqr_k_wide_core(g, N, tw["k"], A(0), A(1), S, D, W(Wk, 0), W(Wk, 1))

    Ws = lambda k: (lambda c: W(k, c))
    sq(Fa, "TA")
    sq(Fb, "TB")
    for c in range(2):
        add_mod_mem(g, N, Fa(c), Fb(c), W("SUM", c))
    # TS = xi*TB + TA (TS is free until the third square)
    if tw["xi"] == (1, 1):
        wide_sub_mem(g, N, W("TB", 0), W("TB", 1), W("TS", 0))
        wide_add_mem(g, N, W("TB", 0), W("TB", 1), W("TS", 1))
        for c in range(2):
            wide_add_mem(g, N, W("TS", c), W("TA", c), W("TS", c))
    else:
        xi_comb(g, N, tw, Ws("TS"), Ws("TA"), Ws("TB"), 1, S)
    for c in range(2):
        redc_buf(g, N, W("TS", c), inv, C0(c))
    sq(Ws("SUM"), "TS")
    for c in range(2):
        wide_sub_mem(g, N, W("TS", c), W("TA", c), W("TS", c))
        wide_sub_mem(g, N, W("TS", c), W("TB", c), W("TS", c))
        redc_buf(g, N, W("TS", c), inv, C1(c))


def gen_fp4_sqr(N, tw=BLS12_381):
    """(a + b*s)^2 in Fp4 = Fp2[s]/(s^2 - xi), the building block of the cyclotomic squaring,
    in one block over a scratch buffer (layout `fp4_sqr_layout`; A, B, INV filled by the
    caller), with lazy reduction (`fp4_sqr_core`): four reductions instead of the six of three
    fused Fp2 squarings."""
    L = fp4_sqr_layout(N)
    B = lambda off: at("buf", off)
    g = Gen([("buf", "buf"), ("m", "m.as_ptr()")], 10)
    Fp = lambda k: (lambda c: B(L[k] + N * c))
    W = lambda k, c: B(L[k] + (N if k == "SUM" else 2 * N) * c)
    S, D, T = B(L["S"]), B(L["D"]), B(L["T"])
    fp4_sqr_core(g, N, tw, Fp("A"), Fp("B"), W, S, D, T, B(L["INV"])(0), Fp("C0"), Fp("C1"))
    sfx = tw["suffix"]
    emit_fn("fp4_sqr_%s" % sfx, "(buf: *mut u64, m: &[u64; %d])" % N, [], g, [],
            "Fp4 squaring (%s; s^2 = xi) over the scratch buffer, N = %d: (a^2 + xi*b^2, 2ab) fully reduced in the C0, C1 slots. `buf` must point to %d writable words (`fp4_sqr_%s::LEN`) with A, B, INV filled."
            % (tw["what"], N, L["LEN"], sfx), "nostack")
    print_layout("Word offsets of the scratch buffer of `fp4_sqr_%s`." % sfx, "fp4_sqr_%s" % sfx, L, ("A", "C0", "INV", "LEN"))


def cond_sub_reg(g, N, v, X):
    """v (N registers) -= X (accessor) if that does not borrow: a copy in N more registers,
    SUB/SBB, CMOVNC."""
    R = g.r
    s = [g.alloc() for _ in range(N)]
    for j in range(N):
        g.e("mov %s, %s" % (R(s[j]), R(v[j])))
    for j in range(N):
        g.e("%s %s, %s" % ("sub" if j == 0 else "sbb", R(s[j]), X(j)))
    for j in range(N):
        g.e("cmovnc %s, %s" % (R(v[j]), R(s[j])))
    for q in s:
        g.release(q)


def cond_sub_rounds(g, N, v, subs, OUT):
    """OUT[0..N) = v reduced by one conditional subtraction of each of `subs` (accessors) in
    turn; v: N registers, released. In registers (a copy, SUB/SBB, CMOVNC) when 2N registers
    are free, else keeping v in OUT and selecting it back from memory (CMOVC, as
    `final_sub_mem`)."""
    R = g.r
    if len(g.free) >= N:
        for X in subs:
            cond_sub_reg(g, N, v, X)
        for j in range(N):
            g.e("mov %s, %s" % (OUT(j), R(v[j])))
            g.release(v[j])
        return
    for X in subs:
        for j in range(N):
            g.e("mov %s, %s" % (OUT(j), R(v[j])))
        for j in range(N):
            g.e("%s %s, %s" % ("sub" if j == 0 else "sbb", R(v[j]), X(j)))
        for j in range(N):
            g.e("cmovc %s, %s" % (R(v[j]), OUT(j)))
    for j in range(N):
        g.e("mov %s, %s" % (OUT(j), R(v[j])))
        g.release(v[j])


def comb3(g, N, Tc, Zc, sign, OUT, P2, P4, carry):
    """OUT = 3t + 2z (sign > 0) or 3t - 2z (sign < 0) mod p for t < 2p (a Montgomery
    reduction without its final subtraction) and z < p (N-limb accessors): v = 3t + 2z, resp.
    3t + 2p - 2z, in [0, 8p) (add/sub chains on registers), then three conditional
    subtractions of 4p, 2p and p (v < 4p, < 2p, < p after each). 8p < R for BLS12-381's
    shape; otherwise (bn254-beuchat: 6p < R < 8p) `carry`: the chains' carries are summed in
    one more register c (v = c*R + low, c in {0, 1}) and the first subtraction takes it as its
    top word."""
    R = g.r
    v = [g.alloc() for _ in range(N)]
    c = None
    if carry:
        c = g.alloc()
        g.e("xor %s, %s" % (R(c, "e"), R(c, "e")))
    for j in range(N):
        g.e("mov %s, %s" % (R(v[j]), Tc(j)))
    chains = [("add", Tc), ("add", Tc)]
    chains += [("add", Zc), ("add", Zc)] if sign > 0 else [("add", P2), ("sub", Zc), ("sub", Zc)]
    for op, X in chains:
        for j in range(N):
            g.e("%s %s, %s" % ((op if j == 0 else {"add": "adc", "sub": "sbb"}[op]), R(v[j]), X(j)))
        if carry:
            g.e("%s %s, 0" % ({"add": "adc", "sub": "sbb"}[op], R(c)))
    if carry:
        # first round with the carry word: v - 4p is kept iff c*R + v >= 4p
        s = [g.alloc() for _ in range(N)]
        for j in range(N):
            g.e("mov %s, %s" % (R(s[j]), R(v[j])))
        for j in range(N):
            g.e("%s %s, %s" % ("sub" if j == 0 else "sbb", R(s[j]), P4(j)))
        g.e("sbb %s, 0" % R(c))
        for j in range(N):
            g.e("cmovnc %s, %s" % (R(v[j]), R(s[j])))
        for q in s + [c]:
            g.release(q)
        cond_sub_rounds(g, N, v, [P2, lambda j: mem("m", j)], OUT)
    else:
        cond_sub_rounds(g, N, v, [P4, P2, lambda j: mem("m", j)], OUT)


def mul_row_acc(g, N, t, a, i, b):
    """t (N+1 regs) += a[i]*b in place (a, b accessors) for a sum that stays below
    2^(64(N+1)): the lows on the OF chain, the highs on the CF chain into t[1..N], the last OF
    into t[N] (every partial sum is at most the total, so neither chain carries out)."""
    g.e("mov rdx, %s" % a(i))
    z = g.alloc()
    g.e("xor %s, %s" % (g.r(z, "e"), g.r(z, "e")))
    for j in range(N):
        hi, lo = g.alloc(), g.alloc()
        g.e("mulx %s, %s, %s" % (g.r(hi), g.r(lo), b(j)))
        g.e("adox %s, %s" % (g.r(t[j]), g.r(lo)))
        g.e("adcx %s, %s" % (g.r(t[j + 1]), g.r(hi)))
        g.release(lo)
        g.release(hi)
    g.e("adox %s, %s" % (g.r(t[N]), g.r(z)))
    g.release(z)
    return t


def sop_redc(g, N, terms, inv_src):
    """Montgomery reduction of a sum of products, interleaved (CIOS over all terms): for each
    word i, t += X*Y[i] for every term (X, Y) (accessors; X whole, Y broadcast word by word),
    then one reduction row. Returns the N registers of (sum X*Y + q*p)/R, in [0, 2p) when
    sum X*Y < p*R and sum X + p < R (the accumulator then stays within N + 1 words)."""
    t = None
    for i in range(N):
        for k, (X, Y) in enumerate(terms):
            if t is None:
                t = row0(g, N, Y, X)
            elif k == 0:
                t = mul_row(g, N, t, Y, i, X)
            else:
                t = mul_row_acc(g, N, t, Y, i, X)
        t = red_row(g, N, t, "m", inv_src, True)
    return t


def chain_mem(g, N, op, X, Y, OUT):
    """OUT[0..N) = X + Y (op "add") or X - Y (op "sub") unreduced (accessors), one register
    limb by limb; the caller guarantees the value lies in [0, 2^(64N))."""
    x = g.alloc()
    for j in range(N):
        g.e("mov %s, %s" % (g.r(x), X(j)))
        g.e("%s %s, %s" % (op if j == 0 else {"add": "adc", "sub": "sbb"}[op], g.r(x), Y(j)))
        g.e("mov %s, %s" % (OUT(j), g.r(x)))
    g.release(x)


def neg5_mem(g, N, X, OUT, P2, P4):
    """OUT[0..N) = -5*X mod p for X < p (5p < R): v = p - X, 5v in [0, 5p] on registers, then
    conditional subtractions of 4p, 2p and p."""
    R = g.r
    v = [g.alloc() for _ in range(N)]
    for j in range(N):
        g.e("mov %s, %s" % (R(v[j]), mem("m", j)))
    for j in range(N):
        g.e("%s %s, %s" % ("sub" if j == 0 else "sbb", R(v[j]), X(j)))
    w = [g.alloc() for _ in range(N)]
    for j in range(N):
        g.e("mov %s, %s" % (R(w[j]), R(v[j])))
    for _ in range(2):
        for j in range(N):
            g.e("%s %s, %s" % ("add" if j == 0 else "adc", R(v[j]), R(v[j])))
    for j in range(N):
        g.e("%s %s, %s" % ("add" if j == 0 else "adc", R(v[j]), R(w[j])))
    for q in w:
        g.release(q)
    cond_sub_rounds(g, N, v, [P4, P2, lambda j: mem("m", j)], OUT)


def xi9_mem(g, N, X, Y, sign, OUT, P2):
    """OUT[0..N) = 9X + Y (sign > 0) or 9X - Y (sign < 0) mod p for X, Y < p and 4p < R
    (N-limb accessors; the coordinates of xi*(x + y u) for xi = 9 + u, u^2 = -1), on
    registers: 4X (< 4p) by a two-bit shift, one conditional subtraction of 2p; doubled (8X mod
    p + {0, p}, < 4p), again 2p; plus X and Y, resp. p - Y (< 4p); conditional subtractions
    of 2p and p."""
    R = g.r
    assert len(g.free) >= 2 * N
    v = [g.alloc() for _ in range(N)]
    for j in range(N):
        g.e("mov %s, %s" % (R(v[j]), X(j)))
    for j in range(N - 1, 0, -1):
        g.e("shld %s, %s, 2" % (R(v[j]), R(v[j - 1])))
    g.e("shl %s, 2" % R(v[0]))
    cond_sub_reg(g, N, v, P2)
    for j in range(N):
        g.e("%s %s, %s" % ("add" if j == 0 else "adc", R(v[j]), R(v[j])))
    cond_sub_reg(g, N, v, P2)
    chains = [("add", X)] + ([("add", Y)] if sign > 0 else [("add", lambda j: mem("m", j)), ("sub", Y)])
    for op, Z in chains:
        for j in range(N):
            g.e("%s %s, %s" % ((op if j == 0 else {"add": "adc", "sub": "sbb"}[op]), R(v[j]), Z(j)))
    cond_sub_rounds(g, N, v, [P2, lambda j: mem("m", j)], OUT)


def write_2p_4p(g, N, P2, P4):
    """P2[0..N) = 2p, P4[0..N) = 4p (accessors; 4p < R)."""
    x = g.alloc()
    for (d, y) in ((P2, lambda j: mem("m", j)), (P4, P2)):
        for j in range(N):
            g.e("mov %s, %s" % (g.r(x), y(j)))
            g.e("%s %s, %s" % ("add" if j == 0 else "adc", g.r(x), g.r(x)))
            g.e("mov %s, %s" % (d(j), g.r(x)))
    g.release(x)


def form_operands(g, N, ops, names, P2, P4):
    """Forms the operands of a sum-of-products plan (`sop_fp4_plan`, `fp6_by01_plan`): each
    (slot, kind, args) writes names[slot] from the named inputs — "add" (unreduced sum),
    "submod" (difference mod p), "neg" (p - x), "neg2p" (2p - x), "neg5" (-5x mod p),
    "xi0" (9x - y mod p), "xi1" (9x + y mod p)."""
    M = lambda j: mem("m", j)
    for (slot, kind, args) in ops:
        X = [names[q] for q in args]
        if kind == "add":
            chain_mem(g, N, "add", X[0], X[1], names[slot])
        elif kind == "submod":
            sub_mod_mem(g, N, X[0], X[1], names[slot])
        elif kind == "neg":
            chain_mem(g, N, "sub", M, X[0], names[slot])
        elif kind == "neg2p":
            chain_mem(g, N, "sub", P2, X[0], names[slot])
        elif kind in ("xi0", "xi1"):
            xi9_mem(g, N, X[0], X[1], 1 if kind == "xi1" else -1, names[slot], P2)
        else:
            assert kind == "neg5"
            neg5_mem(g, N, X[0], names[slot], P2, P4)


def sop_fp4_plan(tw, a, b, xi_c1):
    """The sum-of-products form of the Fp4 squaring (a + b*s)^2 = (a^2 + xi*b^2, 2ab) (with
    xi_c1: xi*2ab as the second coordinate pair): the operands to form first, as (slot, kind,
    args), and the four coordinates' term lists [(X, Y)] of slot or input names, every term's
    product non-negative and congruent to its part of the value:
      u^2 = -1, xi = 1 + u:  c0.0 = (a0 - a1)(a0 + a1) + (b0 - b1)(b0 + b1) + (p - b1)*2b0,
        c0.1 = a1*2a0 + (b0 - b1)(b0 + b1) + b1*2b0, 2ab = (b0*2a0 + (p - b1)*2a1,
        b1*2a0 + b0*2a1), xi*2ab = ((b0 - b1)*2a0 + (2p - b0 - b1)*2a1, (b0 + b1)*2a0 +
        (b0 - b1)*2a1) (sums below 6p^2 < p*R, term sums of X below 3p);
      u^2 = -5, xi = u:  c0.0 = a0*a0 + (-5a1)*a1 + (-5b1)*2b0, c0.1 = a1*2a0 + b0*b0 +
        (-5b1)*b1, 2ab = (b0*2a0 + (-5b1)*2a1, b1*2a0 + b0*2a1), xi*2ab = ((-5b1)*2a0 +
        (-5b0)*2a1, b0*2a0 + (-5b1)*2a1) (-5x reduced mod p; sums below 4p^2)."""
    a0, a1, b0, b1 = a + "0", a + "1", b + "0", b + "1"
    if tw["xi"] == (9, 1):
        # u^2 = -1, xi = 9 + u: xi*b = (X9, Y9) = (9b0 - b1, 9b1 + b0) reduced, xi*b^2 =
        # (xi*b)*b; c0.0 = (a0 - a1)(a0 + a1) + X9*b0 + (p - Y9)*b1, c0.1 = a1*2a0 + X9*b1 +
        # Y9*b0, 2ab as for xi = 1 + u, xi*2ab = (X9*2a0 + (p - Y9)*2a1, Y9*2a0 + X9*2a1)
        # (sums below 4p^2 < p*R, term sums of X at most 3p: 4p < R)
        assert tw["k"] == 1
        ops = [("A0x2", "add", (a0, a0)), ("A1x2", "add", (a1, a1)), ("SA", "add", (a0, a1)),
               ("DA", "submod", (a0, a1)), ("X9", "xi0", (b0, b1)), ("Y9", "xi1", (b1, b0)),
               ("NY9", "neg", ("Y9",))]
        c00 = [("DA", "SA"), ("X9", b0), ("NY9", b1)]
        c01 = [(a1, "A0x2"), ("X9", b1), ("Y9", b0)]
        if xi_c1:
            c10 = [("X9", "A0x2"), ("NY9", "A1x2")]
            c11 = [("Y9", "A0x2"), ("X9", "A1x2")]
        else:
            ops.append(("NB1", "neg", (b1,)))
            c10 = [(b0, "A0x2"), ("NB1", "A1x2")]
            c11 = [(b1, "A0x2"), (b0, "A1x2")]
    elif tw["k"] == 1:
        ops = [("A0x2", "add", (a0, a0)), ("A1x2", "add", (a1, a1)), ("SA", "add", (a0, a1)),
               ("DA", "submod", (a0, a1)), ("SB", "add", (b0, b1)), ("DB", "submod", (b0, b1)),
               ("B0x2", "add", (b0, b0)), ("NB1", "neg", (b1,))]
        c00 = [("DA", "SA"), ("DB", "SB"), ("NB1", "B0x2")]
        c01 = [(a1, "A0x2"), ("DB", "SB"), (b1, "B0x2")]
        if xi_c1:
            ops.append(("NSB", "neg2p", ("SB",)))
            c10 = [("DB", "A0x2"), ("NSB", "A1x2")]
            c11 = [("SB", "A0x2"), ("DB", "A1x2")]
        else:
            c10 = [(b0, "A0x2"), ("NB1", "A1x2")]
            c11 = [(b1, "A0x2"), (b0, "A1x2")]
    else:
        assert tw["k"] == 5 and tw["xi"] == (0, 1)
        ops = [("A0x2", "add", (a0, a0)), ("A1x2", "add", (a1, a1)), ("B0x2", "add", (b0, b0)),
               ("N5A1", "neg5", (a1,)), ("N5B1", "neg5", (b1,))]
        c00 = [(a0, a0), ("N5A1", a1), ("N5B1", "B0x2")]
        c01 = [(a1, "A0x2"), (b0, b0), ("N5B1", b1)]
        if xi_c1:
            ops.append(("N5B0", "neg5", (b0,)))
            c10 = [("N5B1", "A0x2"), ("N5B0", "A1x2")]
            c11 = [(b0, "A0x2"), ("N5B1", "A1x2")]
        else:
            c10 = [(b0, "A0x2"), ("N5B1", "A1x2")]
            c11 = [(b1, "A0x2"), (b0, "A1x2")]
    return ops, [c00, c01, c10, c11]


SOP_SLOTS = ("A0x2", "A1x2", "SA", "DA", "SB", "DB", "B0x2", "NB1", "NSB", "N5A1", "N5B1", "N5B0")


def sop_slots(tw):
    """The operand slots of `sop_fp4_plan` for tower shape tw: `SOP_SLOTS`, and for xi = 9 + u
    also X9, Y9, NY9 (appended: the other shapes' layouts stay as they were)."""
    return SOP_SLOTS + (("X9", "Y9", "NY9") if tw["xi"] == (9, 1) else ())


def cyclo_layout(N, ncoord, slots=SOP_SLOTS):
    """Word offsets of the cyclotomic-squaring scratch buffer: the input Fp2 coordinates Z
    (ncoord of them, two N-limb Fp coordinates each), the results OUT (same order), the operand
    slots `SOP_SLOTS` (N words each), T (one reduced coordinate before its 3t +- 2z), the
    constants 2p, 4p (P2, P4, written by the kernel), INV and the number of squarings CNT
    (>= 1)."""
    L = dict(Z=0, OUT=2 * N * ncoord)
    o = 4 * N * ncoord
    for k in slots + ("T", "P2", "P4"):
        L[k] = o
        o += N
    L["INV"] = o
    L["CNT"] = o + 1
    L["LEN"] = o + 2
    return L


def gen_cyclo_sqr(N, tw, compressed):
    """Granger-Scott cyclotomic squaring (PKC 2010) of an Fp12 element of the cyclotomic
    subgroup in one block (compressed: Karabina's squaring of (g2, g3, g4, g5), Math. Comp.
    2013, the last two of the three Fp4 squarings), with the z-naming of
    `Fp12::cyclotomic_square`: (t0, t1) = (z0 + z1 s)^2, (t2, t3) = (z2 + z3 s)^2,
    (t4, t5) = (z4 + z5 s)^2, then
      z0' = 3t0 - 2z0, z1' = 3t1 + 2z1, z4' = 3t2 - 2z4, z5' = 3t3 + 2z5,
      z3' = 3t4 - 2z3, z2' = 3xi*t5 + 2z2.
    Each Fp coordinate of an Fp4 square is one interleaved Montgomery reduction of a sum of
    products (`sop_fp4_plan`, `sop_redc`: ten products and four reductions per Fp4 square, no
    double-width value in memory; measured 0.85x (bn254-beuchat) and 0.96x (BLS12-381) the
    time of the lazy three-Fp2-squarings form with double-width sums it replaced), left in
    [0, 2p) and combined by `comb3` (three conditional subtractions, with a carry word where
    8p > R). CNT times (the results copied back to Z between rounds; a loop on the public
    count keeps the code one squaring long). The coordinates lie in the buffer in Fp12 memory
    order (z0, z4, z3, z2, z1, z5; compressed: g2 = z2, g3 = z3, g4 = z4, g5 = z5)."""
    slots = {2: 0, 3: 1, 4: 2, 5: 3} if compressed else {0: 0, 4: 1, 3: 2, 2: 3, 1: 4, 5: 5}
    L = cyclo_layout(N, len(slots), sop_slots(tw))
    B = lambda off: at("buf", off)
    g = Gen([("buf", "buf"), ("m", "m.as_ptr()")], 10)
    R = g.r
    Zc = lambda z: (lambda c: B(L["Z"] + 2 * N * slots[z] + N * c))
    Oc = lambda z: (lambda c: B(L["OUT"] + 2 * N * slots[z] + N * c))
    P2, P4, T = B(L["P2"]), B(L["P4"]), B(L["T"])
    write_2p_4p(g, N, P2, P4)
    pairs = [(0, 1, 0, 1, False)] if not compressed else []
    pairs += [(2, 3, 4, 5, False), (4, 5, 3, 2, True)]
    inv = B(L["INV"])(0)
    carry = tw["suffix"] != "6"   # 8p < R only in BLS12-381's shape
    slot_names = {k: B(L[k]) for k in sop_slots(tw)}
    # CNT squarings: the loop branches on the public count only
    g.e("2:")
    for (a, b, o0, o1, xi_c1) in pairs:
        ops, coords = sop_fp4_plan(tw, "a", "b", xi_c1)
        names = dict(slot_names, a0=Zc(a)(0), a1=Zc(a)(1), b0=Zc(b)(0), b1=Zc(b)(1))
        form_operands(g, N, ops, names, P2, P4)
        for c, terms in enumerate(coords):
            t = sop_redc(g, N, [(names[X], names[Y]) for (X, Y) in terms], inv)
            for j in range(N):
                g.e("mov %s, %s" % (T(j), R(t[j])))
                g.release(t[j])
            z, sign = ((o0, -1) if c < 2 else (o1, 1))
            comb3(g, N, T, Zc(z)(c % 2), sign, Oc(z)(c % 2), P2, P4, carry)
    g.e("dec %s" % B(L["CNT"])(0))
    g.e("jz 3f")
    x = g.alloc()
    for j in range(2 * N * len(slots)):
        g.e("mov %s, %s" % (R(x), B(L["OUT"])(j)))
        g.e("mov %s, %s" % (B(L["Z"])(j), R(x)))
    g.release(x)
    g.e("jmp 2b")
    g.e("3:")
    sfx = tw["suffix"]
    name = ("compressed_sqr_%s" if compressed else "cyclo_sqr_%s") % sfx
    what = ("Karabina compressed squaring of (g2, g3, g4, g5)" if compressed else
            "Granger-Scott cyclotomic squaring")
    emit_fn(name, "(buf: *mut u64, m: &[u64; %d])" % N, [], g, [],
            "%s (%s), CNT times, over the scratch buffer, N = %d, each coordinate one interleaved reduction of a sum of products: the fully reduced coordinates to OUT (the order of Z). `buf` must point to %d writable words (`%s::LEN`) with Z (reduced), INV and CNT (>= 1) filled."
            % (what, tw["what"], N, L["LEN"], name), "nostack")
    print_layout("Word offsets of the scratch buffer of `%s`." % name, name, L, ("Z", "OUT", "INV", "CNT", "LEN"))


def fp12_layout(N):
    """Word offsets of the Fp12 combination buffer: three Fp6 scratch buffers (`fp6_layout`)
    back to back, whose OUT slots hold the double-width Fp6 products P0, P1, P2, then the twelve
    reduced result coordinates C (c0.c0.c0, c0.c0.c1, ..., c1.c2.c1)."""
    L6 = fp6_layout(N)["LEN"]
    return dict(AREA=L6, C=3 * L6, INV=fp6_layout(N)["INV"], LEN=3 * L6 + 12 * N)


def gen_fp12_combine(N, square, tw=BLS12_381):
    """Karatsuba over w for Fp12 = Fp6[w]/(w^2 - v) from three double-width Fp6 products, with
    one reduction per coordinate (the BLS12-381 tower: u^2 = -1, v^3 = 1 + u):
      product (square = False): P0 = a0*b0, P1 = a1*b1, P2 = (a0 + a1)(b0 + b1);
        c0 = P0 + v*P1, c1 = P2 - P0 - P1;
      complex squaring (square = True): P0 = a0*a1, P2 = (a0 + a1)(a0 + v*a1);
        c0 = P2 - P0 - v*P0, c1 = 2*P0;
    v*(x0, x1, x2) = (xi*x2, x0, x1), xi*(y0 + y1 u) = (y0 - y1) + (y0 + y1) u; every
    double-width value stays in [0, p*R) (modular double-width operations); the twelve
    coordinates are reduced into C. Other tower shapes (`tw`, xi = u): the xi-terms by
    `xi_comb`."""
    L = fp12_layout(N)
    L6 = fp6_layout(N)
    B = lambda off: at("buf", off)
    g = Gen([("buf", "buf"), ("m", "m.as_ptr()")], 10)
    # P(k, i, c): coordinate c of Fp2 coefficient i of product k (2N limbs)
    P = lambda k, i, c: B(L["AREA"] * k + L6["OUT"] + 4 * N * i + 2 * N * c)
    C = lambda j, i, c: B(L["C"] + 6 * N * j + 2 * N * i + N * c)
    # scratch for xi*x: the (unused) T slot of area 0
    X = lambda c: B(L6["T"] + 2 * N * c)
    inv = B(L["INV"])(0)

    def xi(k, i):
        wide_sub_mem(g, N, P(k, i, 0), P(k, i, 1), X(0))
        wide_add_mem(g, N, P(k, i, 0), P(k, i, 1), X(1))

    Pk = lambda k, i: (lambda c: P(k, i, c))
    Z = X(0)
    if not square and tw["xi"] != (1, 1):
        for i in range(3):
            for c in range(2):
                wide_sub_mem(g, N, P(2, i, c), P(0, i, c), P(2, i, c))
                wide_sub_mem(g, N, P(2, i, c), P(1, i, c), P(2, i, c))
                redc_buf(g, N, P(2, i, c), inv, C(1, i, c))
        xi_comb(g, N, tw, Pk(0, 0), Pk(0, 0), Pk(1, 2), 1, Z)
        for c in range(2):
            wide_add_mem(g, N, P(0, 1, c), P(1, 0, c), P(0, 1, c))
            wide_add_mem(g, N, P(0, 2, c), P(1, 1, c), P(0, 2, c))
        for i in range(3):
            for c in range(2):
                redc_buf(g, N, P(0, i, c), inv, C(0, i, c))
    elif tw["xi"] != (1, 1):
        for i in range(3):
            for c in range(2):
                wide_sub_mem(g, N, P(2, i, c), P(0, i, c), P(2, i, c))
        xi_comb(g, N, tw, Pk(2, 0), Pk(2, 0), Pk(0, 2), -1, Z)
        for c in range(2):
            wide_sub_mem(g, N, P(2, 1, c), P(0, 0, c), P(2, 1, c))
            wide_sub_mem(g, N, P(2, 2, c), P(0, 1, c), P(2, 2, c))
        for i in range(3):
            for c in range(2):
                redc_buf(g, N, P(2, i, c), inv, C(0, i, c))
        for i in range(3):
            for c in range(2):
                wide_add_mem(g, N, P(0, i, c), P(0, i, c), P(0, i, c))
                redc_buf(g, N, P(0, i, c), inv, C(1, i, c))
    elif not square:
        # c1 = P2 - P0 - P1, reduced
        for i in range(3):
            for c in range(2):
                wide_sub_mem(g, N, P(2, i, c), P(0, i, c), P(2, i, c))
                wide_sub_mem(g, N, P(2, i, c), P(1, i, c), P(2, i, c))
                redc_buf(g, N, P(2, i, c), inv, C(1, i, c))
        # c0 = P0 + (xi*P1[2], P1[0], P1[1])
        xi(1, 2)
        for c in range(2):
            wide_add_mem(g, N, P(0, 0, c), X(c), P(0, 0, c))
            wide_add_mem(g, N, P(0, 1, c), P(1, 0, c), P(0, 1, c))
            wide_add_mem(g, N, P(0, 2, c), P(1, 1, c), P(0, 2, c))
        for i in range(3):
            for c in range(2):
                redc_buf(g, N, P(0, i, c), inv, C(0, i, c))
    else:
        # c0 = P2 - P0 - (xi*P0[2], P0[0], P0[1])
        xi(0, 2)
        for c in range(2):
            for (i, q) in ((0, X(c)), (1, P(0, 0, c)), (2, P(0, 1, c))):
                wide_sub_mem(g, N, P(2, i, c), P(0, i, c), P(2, i, c))
                wide_sub_mem(g, N, P(2, i, c), q, P(2, i, c))
        for i in range(3):
            for c in range(2):
                redc_buf(g, N, P(2, i, c), inv, C(0, i, c))
        # c1 = 2*P0
        for i in range(3):
            for c in range(2):
                wide_add_mem(g, N, P(0, i, c), P(0, i, c), P(0, i, c))
                redc_buf(g, N, P(0, i, c), inv, C(1, i, c))
    sfx = tw["suffix"]
    name = "fp12_sqr_combine_%s" % sfx if square else "fp12_mul_combine_%s" % sfx
    emit_fn(name, "(buf: *mut u64, m: &[u64; %d])" % N, [], g, [],
            ("Fp12 %s from double-width Fp6 products (%s), N = %d: the twelve reduced coordinates to C. `buf` must point to %d words (`fp12_%d::LEN`) with the products' OUT slots and INV filled."
             % ("complex squaring" if square else "product", tw["what"], N, L["LEN"], N)), "nostack",
            attrs=LAB if square else ())


def emit_fp12_layout(N):
    L = fp12_layout(N)
    print_layout("Word offsets of the buffer of `fp12_mul_combine_%d` / `fp12_sqr_combine_%d`." % (N, N), "fp12_%d" % N, L, ("AREA", "C", "INV", "LEN"))


def emit_fp2_layout(N):
    L = fp2_layout(N)
    print_layout("Word offsets of the scratch buffer of `fp2_mul_%d` / `fp2_mul_wide_%d`." % (N, N), "fp2_%d" % N, L, ("A0", "A1", "B0", "B1", "INV", "W0", "W2", "K", "LEN"))


def fp2_wide_coords(N, p):
    """Coordinate accessor of a double-width Fp2 value behind pointer operand p: i -> the
    2N-limb accessor of coordinate i."""
    return lambda i: at(p, 2 * N * i)


def gen_sub_mulw(N, prefix, K, doc):
    """The double-width Fp2 product routine of `gen_subroutines_6` / `gen_subroutines_4`
    (`fp2_wide_core`; K as there): w[0..4N) = a*b, w[4N..12N) scratch; b is read in place. For
    N = 6 the products need one more register than the eight scratch ones: the modulus pointer
    is kept in w[10N] meanwhile and its register serves the products."""
    g = Gen([("a", "a"), ("b", "b"), ("w", "w"), ("m", "m")], 8)
    A, W = (lambda off: at("a", off)), (lambda off: at("w", off))
    mod_ptr = None
    if N > 4:
        mod_ptr = W(10 * N)(0)
        g.e("mov %s, %s" % (mod_ptr, g.r("m")))
        g.free.append("m")
    fp2_wide_core(g, N, A(0), A(N), at("b", 0), at("b", N), W(4 * N), W(5 * N), W(0), W(6 * N),
                  W(2 * N), K, ("b",), mod_ptr)
    emit_fn(prefix + "_fp2_mulw", "(a: *const u64, b: *const u64, w: *mut u64, m: *const u64)",
            [], g, [], doc, "nostack", "never")


def gen_subroutines_common(N, prefix):
    """The tower-independent routines of `gen_subroutines_6` / `gen_subroutines_4`, N limbs:
    the reduction of a double-width Fp2 value, double-width add and subtract, reduced add."""
    W, F = 4 * N, 2 * N
    g = Gen([("t", "t"), ("o", "o"), ("m", "m"), ("inv", "inv")], 8)
    g.e("push {inv}")
    g.free.append("inv")
    redc_buf(g, N, at("t", 0), "qword ptr [rsp]", at("o", 0))
    redc_buf(g, N, at("t", 2 * N), "qword ptr [rsp]", at("o", N))
    g.e("add rsp, 8")
    emit_fn(prefix + "_fp2_redc", "(t: *const u64, o: *mut u64, m: *const u64, inv: u64)", [], g, [],
            "o[0..%d) = both coordinates of the double-width Fp2 value t[0..%d) reduced "
            "(Montgomery), fully reduced; o may alias t." % (F, W), "", "never")
    for name, fn, what in (("_fp2_wadd", wide_add_mem, "sum"), ("_fp2_wsub", wide_sub_mem, "difference")):
        g = Gen([("x", "x"), ("y", "y"), ("d", "d"), ("m", "m")], 8)
        fn(g, N, at("x", 0), at("y", 0), at("d", 0))
        fn(g, N, at("x", 2 * N), at("y", 2 * N), at("d", 2 * N))
        emit_fn(prefix + name, "(x: *const u64, y: *const u64, d: *mut u64, m: *const u64)", [], g, [],
                "d[0..%d) = the %s of the double-width Fp2 values x, y mod p*R (each coordinate "
                "in [0, p*R)); d may alias x or y." % (W, what), "nostack", "never")
    g = Gen([("x", "x"), ("y", "y"), ("d", "d"), ("m", "m")], 8)
    add_mod_mem(g, N, at("x", 0), at("y", 0), at("d", 0))
    add_mod_mem(g, N, at("x", N), at("y", N), at("d", N))
    emit_fn(prefix + "_fp2_add", "(x: *const u64, y: *const u64, d: *mut u64, m: *const u64)", [], g, [],
            "d[0..%d) = the sum of the reduced Fp2 values x, y mod p; d may alias x or y." % F,
            "nostack", "never")


def gen_subroutines_6():
    """Small out-of-line routines over pointers for BLS12-381's tower (N = 6, u^2 = -1,
    xi = 1 + u): the building blocks of `backend::x86_64::mulx::sub`, whose compositions call them instead
    of running one long straight-line block, so that the hot code stays in the instruction
    and micro-op caches. An Fp2 value is 12 words (c0, c1), a double-width Fp2 value 24 words
    (c0, c1, each 12 words)."""
    N = 6
    gen_sub_mulw(N, "sub6", None,
                 "Double-width Fp2 product (u^2 = -1, N = 6): w[0..24) = a*b as `fp2_mul_wide_6` "
                 "computes it (a, b reduced, 12 words each; b may alias a, neither may overlap w[0..72)); w[24..72) is scratch.")
    g = Gen([("x", "x"), ("d", "d"), ("m", "m")], 8)
    wide_sub_mem(g, N, at("x", 0), at("x", 2 * N), at("d", 0))
    wide_add_mem(g, N, at("x", 0), at("x", 2 * N), at("d", 2 * N))
    emit_fn("sub6_fp2_wxi", "(x: *const u64, d: *mut u64, m: *const u64)", [], g, [],
            "d[0..24) = (1 + u)*x for a double-width Fp2 value x: (x0 - x1, x0 + x1) mod p*R; "
            "d must not alias x.", "nostack", "never")
    for name, sign, what in (("sub6_fp2_wxiadd", 1, "x + (1 + u)*y"), ("sub6_fp2_wxisub", -1, "x - (1 + u)*y")):
        # (1 + u)*y = (y0 - y1, y0 + y1): d0 = x0 +- y0 -+ y1, d1 = x1 +- y0 +- y1
        g = Gen([("x", "x"), ("y", "y"), ("d", "d"), ("m", "m")], 8)
        X, Y, D = fp2_wide_coords(N, "x"), fp2_wide_coords(N, "y"), fp2_wide_coords(N, "d")
        plus, minus = (wide_add_mem, wide_sub_mem) if sign > 0 else (wide_sub_mem, wide_add_mem)
        plus(g, N, X(0), Y(0), D(0))
        minus(g, N, D(0), Y(1), D(0))
        plus(g, N, X(1), Y(0), D(1))
        plus(g, N, D(1), Y(1), D(1))
        emit_fn(name, "(x: *const u64, y: *const u64, d: *mut u64, m: *const u64)", [], g, [],
                "d[0..24) = %s for double-width Fp2 values x, y (u^2 = -1), each coordinate mod "
                "p*R; d must not alias x or y." % what, "nostack", "never")
    g = Gen([("x", "x"), ("d", "d"), ("m", "m")], 8)
    sub_mod_mem(g, N, at("x", 0), at("x", N), at("d", 0))
    add_mod_mem(g, N, at("x", 0), at("x", N), at("d", N))
    emit_fn("sub6_fp2_xi", "(x: *const u64, d: *mut u64, m: *const u64)", [], g, [],
            "d[0..12) = (1 + u)*x for a reduced Fp2 value x: (x0 - x1, x0 + x1) mod p; d must "
            "not alias x.", "nostack", "never")
    gen_subroutines_common(N, "sub6")


def gen_subroutines_4():
    """`gen_subroutines_6`'s routines for bn254-beuchat's tower (N = 4, u^2 = -5, xi = u), the
    building blocks of `backend::x86_64::mulx::sub`'s compositions with N = 4. Same layouts with N = 4: an
    Fp2 value is 8 words, a double-width Fp2 value 16 words; 5p < R keeps the double-width
    product's c0 = a0*b0 - 5*a1*b1 (+ p*R on borrow) in [0, p*R)."""
    N = 4
    gen_sub_mulw(N, "sub4", "5",
                 "Double-width Fp2 product (u^2 = -5, N = 4): w[0..16) = a*b as "
                 "`fp2_mul_wide_k_4` computes it with k = 5 (a, b reduced, 8 words each; b may "
                 "alias a, neither may overlap w[0..48)); w[16..48) is scratch.")
    zero = lambda j: "0"
    g = Gen([("x", "x"), ("d", "d"), ("m", "m")], 8)
    mul_k_wide_mem(g, N, 5, at("x", 2 * N), at("d", 0))
    wide_sub_mem(g, N, zero, at("d", 0), at("d", 0))
    y = g.alloc()
    for j in range(2 * N):
        g.e("mov %s, %s" % (g.r(y), mem("x", j)))
        g.e("mov %s, %s" % (mem("d", 2 * N + j), g.r(y)))
    g.release(y)
    emit_fn("sub4_fp2_wxi", "(x: *const u64, d: *mut u64, m: *const u64)", [], g, [],
            "d[0..16) = u*x for a double-width Fp2 value x (u^2 = -5): (-5*x1, x0) mod p*R; d "
            "must not alias x.", "nostack", "never")
    for name, sign, what in (("sub4_fp2_wxiadd", 1, "x + u*y"), ("sub4_fp2_wxisub", -1, "x - u*y")):
        g = Gen([("x", "x"), ("y", "y"), ("d", "d"), ("m", "m")], 8)
        c = lambda q: fp2_wide_coords(N, q)
        # the scratch for 5*y1 is d's first coordinate, written before x0 is read
        xi_comb(g, N, BN254_BEUCHAT, c("d"), c("x"), c("y"), sign, at("d", 0))
        emit_fn(name, "(x: *const u64, y: *const u64, d: *mut u64, m: *const u64)", [], g, [],
                "d[0..16) = %s for double-width Fp2 values x, y (u^2 = -5): the two coordinates "
                "(x0 %s 5*y1, x1 %s y0) mod p*R; d must not alias x or y." % (what, "-" if sign > 0 else "+", "+" if sign > 0 else "-"),
                "nostack", "never")
    g = Gen([("x", "x"), ("d", "d"), ("m", "m")], 8)
    X1, D0 = at("x", N), at("d", 0)
    add_mod_mem(g, N, X1, X1, D0)
    add_mod_mem(g, N, D0, D0, D0)
    add_mod_mem(g, N, D0, X1, D0)
    sub_mod_mem(g, N, zero, D0, D0)
    y = g.alloc()
    for j in range(N):
        g.e("mov %s, %s" % (g.r(y), mem("x", j)))
        g.e("mov %s, %s" % (mem("d", N + j), g.r(y)))
    g.release(y)
    emit_fn("sub4_fp2_xi", "(x: *const u64, d: *mut u64, m: *const u64)", [], g, [],
            "d[0..8) = u*x for a reduced Fp2 value x (u^2 = -5): (-5*x1, x0) mod p; d must not "
            "alias x.", "nostack", "never")
    gen_subroutines_common(N, "sub4")


def halve_mem(g, N, X, D):
    """D[0..N) = X/2 mod m for X < m (m odd, below 2^(64N-1)): m added when X is odd (masked),
    then a one-bit right shift across the limbs."""
    x = g.alloc()
    for j in range(N):
        g.e("mov %s, %s" % (g.r(x), X(j)))
        g.e("mov %s, %s" % (D(j), g.r(x)))
    g.e("mov %s, %s" % (g.r(x), X(0)))
    g.e("and %s, 1" % g.r(x))
    g.e("neg %s" % g.r(x))
    add_masked_p(g, N, D, x)
    g.release(x)
    r = [g.alloc() for _ in range(N)]
    for j in range(N):
        g.e("mov %s, %s" % (g.r(r[j]), D(j)))
    for j in range(N - 1):
        g.e("shrd %s, %s, 1" % (g.r(r[j]), g.r(r[j + 1])))
    g.e("shr %s, 1" % g.r(r[N - 1]))
    for j in range(N):
        g.e("mov %s, %s" % (D(j), g.r(r[j])))
        g.release(r[j])


def offsets(slots):
    """Word offsets of consecutive (name, words) slots, and their total as LEN."""
    L, off = {}, 0
    for k, n in slots:
        L[k] = off
        off += n
    L["LEN"] = off
    return L


def generate():
    """Prints gen.rs after its first line."""
    print("//")
    print("// Every function requires BMI2 + ADX at run time (checked by the caller); the Montgomery")
    print("// kernels need a modulus with the top bit of its top limb clear, the pseudo-Mersenne ones")
    print("// (`*_pm_*`) a modulus 2^(64N) - c with 0 < c < 2^62. Straight-line code: no branches, no")
    print("// data-dependent memory addresses (constant time).")
    print()
    print("pub(crate) mod k {")
    for N in (4, 6):
        gen_mont_mul(N)
        gen_mul_wide(N)
        gen_redc(N)
    gen_mont_mul(4, planted=True)
    gen_mul_pm(4)
    gen_sqr_pm_4()
    for N in (4, 6):
        gen_sqr_wide(N)
        gen_mont_sqr(N)
    for N in (4, 6):
        emit_fp2_layout(N)
        gen_fp2_mul(N, True)
        gen_fp2_mul(N, False)
    gen_subroutines_6()
    gen_subroutines_4()
    gen_fp2_mul(4, True, False)
    gen_fp2_mul(4, False, False)
    for N in (4, 6):
        gen_fp2_sqr(N)
    gen_fp2_sqr_k(4, 5)
    emit_fp6_layout(6)
    gen_fp6_mul(6, True)
    gen_fp6_mul(6, False)
    gen_fp6_mul_by01_sop(6, BLS12_381)
    gen_fp6_mul(6, False, True)
    gen_fp6_mul(6, False, by0=True)
    gen_fp4_sqr(6)
    emit_fp12_layout(6)
    gen_fp12_combine(6, False)
    gen_fp12_combine(6, True)
    gen_cyclo_sqr(6, BLS12_381, False)
    gen_cyclo_sqr(6, BLS12_381, True)
    emit_fp6_layout(4)
    gen_fp6_mul(4, True, tw=BN254_BEUCHAT)
    gen_fp6_mul(4, False, tw=BN254_BEUCHAT)
    gen_fp6_mul_by01_sop(4, BN254_BEUCHAT)
    gen_fp12_mul_by_034_unit(4, BN254_BEUCHAT)
    gen_fp6_mul(4, False, True, tw=BN254_BEUCHAT)
    gen_fp6_mul(4, False, tw=BN254_BEUCHAT, by0=True)
    gen_fp4_sqr(4, tw=BN254_BEUCHAT)
    emit_fp12_layout(4)
    gen_fp12_combine(4, False, tw=BN254_BEUCHAT)
    gen_fp12_combine(4, True, tw=BN254_BEUCHAT)
    gen_cyclo_sqr(4, BN254_BEUCHAT, False)
    gen_cyclo_sqr(4, BN254_BEUCHAT, True)
    gen_cyclo_sqr(4, ALT_BN128, False)
    print("}")

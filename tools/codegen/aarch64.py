"""The AArch64 field kernels for N = 4 and N = 6 limbs, as two files of hayate-arith:
crates/arith/src/backend/aarch64/scalar_gen.rs (`scalar`) and neon_gen.rs (`neon`).

`neon`: paper 000's product (described in neon.rs) as straight-line intrinsics — LLVM does not
fully unroll the triangular Comba loops for N = 6, and an unrolled body is what llvm-mca costs.

`scalar`: the Montgomery kernels with MUL/UMULH products and ADDS/ADCS carry chains.

AArch64 has one carry flag (no ADCX/ADOX pair as on x86-64), and MUL/UMULH leave the flags
alone. So each row of the schoolbook product (operand scanning, one word b_i against a) is
added in two passes: the low halves MUL(a_j, b_i) into r[i..i+N-1] with an ADDS/ADCS chain
whose carry lands in r[i+N], then the high halves UMULH(a_j, b_i) into r[i+1..i+N]. Row i of
the Montgomery reduction adds q·m the same way (q = r[i]·inv mod 2^64); the carry out of its
top word is kept in a register k and added one position higher by the next row, so no carry
ever ripples to the top. The final subtraction of m is a SUBS/SBCS chain (k included) and
CSEL on the borrow. Straight-line code, no memory address depends on data.

Each product is issued one step before the addition that consumes it (two temporaries in turn), so
that an in-order core (Cortex-A53) overlaps a multiplication with the previous addition.
"""


def kernel(name, n, doc, body_mul, fused):
    """One `pub fn` around an `asm!` block: `mul_wide_{n}` (body_mul and not fused), `redc_{n}`
    (neither) or `mont_mul_{n}` (both)."""
    o = []
    e = o.append
    a = [f"a{j}" for j in range(n)]  # a's limbs, then m's
    r = [f"r{j}" for j in range(2 * n)]
    # products are issued AHEAD positions before the addition that consumes them, in a ring of
    # AHEAD + 1 registers (N = 6 has registers for two)
    ahead = 1  # 0, 2 and 3 estimate slower on llvm-mca's Cortex-A53 and A76 models
    pool = [f"t{j}" for j in range(ahead + 1)]
    regs = a + r + ["w", "k"] + pool  # named register operands (temporaries)

    ins = []
    I = ins.append

    def ldp(dst, ptr, off):
        for j in range(0, len(dst), 2):
            I(f"ldp {{{dst[j]}}}, {{{dst[j + 1]}}}, [{{{ptr}}}, #{8 * (off + j)}]")

    def row(prods, steps):
        """prods: (opcode, a register) products with {w}; steps: instructions, where "@k" is
        the register holding product k (the steps consume the products in order)."""
        issued = [0]

        def issue(upto):
            while issued[0] < min(upto, len(prods)):
                k = issued[0]
                op, x = prods[k]
                I(f"{op} {{{pool[k % len(pool)]}}}, {{{x}}}, {{w}}")
                issued[0] += 1

        for st in steps:
            for k in range(len(prods) - 1, -1, -1):
                if f"@{k}" in st:
                    issue(k + 1 + ahead)
                    st = st.replace(f"@{k}", f"{{{pool[k % len(pool)]}}}")
            I(st)

    def chain(dst, first):
        """ADDS, then ADCS, of the products @first, @first + 1, ... into the registers `dst`."""
        return [f"{'adcs' if j else 'adds'} {{{x}}}, {{{x}}}, @{first + j}"
                for j, x in enumerate(dst)]

    if body_mul:
        ldp(a, "pa", 0)
        for i in range(n):
            I(f"ldr {{w}}, [{{pb}}, #{8 * i}]")
            if i == 0:
                for j in range(n):
                    I(f"mul {{{r[j]}}}, {{{a[j]}}}, {{w}}")
                steps = chain(r[1:n], 0) + [f"adc {{{r[n]}}}, @{n - 1}, xzr"]
                row([("umulh", a[j]) for j in range(n)], steps)
            else:
                steps = chain(r[i:i + n], 0) + [f"adc {{{r[i + n]}}}, xzr, xzr"]
                steps += chain(r[i + 1:i + n], n)
                # a·b_i + r < 2^(64(N+1)): no carry out of the row's top word
                steps.append(f"adc {{{r[i + n]}}}, {{{r[i + n]}}}, @{2 * n - 1}")
                row([("mul", a[j]) for j in range(n)] + [("umulh", a[j]) for j in range(n)],
                    steps)
        if not fused:
            for j in range(0, 2 * n, 2):
                I(f"stp {{{r[j]}}}, {{{r[j + 1]}}}, [{{pr}}, #{8 * j}]")
    else:
        ldp(r[:n], "plo", 0)
        ldp(r[n:], "phi", 0)
    if fused or not body_mul:
        ldp(a, "pm", 0)  # m replaces a
        for i in range(n):
            I(f"mul {{w}}, {{{r[i]}}}, {{inv}}")
            steps = []
            for j in range(n):
                if j == 0:
                    # the low word becomes 0; only its carry counts
                    steps.append(f"cmn {{{r[i]}}}, @{j}")
                else:
                    steps.append(f"adcs {{{r[i + j]}}}, {{{r[i + j]}}}, @{j}")
            if i == 0:
                steps.append(f"adcs {{{r[i + n]}}}, {{{r[i + n]}}}, xzr")
            else:
                steps.append(f"adcs {{{r[i + n]}}}, {{{r[i + n]}}}, {{k}}")
            steps.append("adc {k}, xzr, xzr")
            for j in range(n):
                op = "adds" if j == 0 else "adcs"
                steps.append(f"{op} {{{r[i + j + 1]}}}, {{{r[i + j + 1]}}}, @{n + j}")
            steps.append("adc {k}, {k}, xzr")
            row([("mul", a[j]) for j in range(n)] + [("umulh", a[j]) for j in range(n)], steps)
        # result r[N..2N-1] + k·2^(64N) < 2m: subtract m once if that does not borrow
        for j in range(n):
            op = "subs" if j == 0 else "sbcs"
            I(f"{op} {{{r[j]}}}, {{{r[n + j]}}}, {{{a[j]}}}")
        I("sbcs xzr, {k}, xzr")
        for j in range(n):
            I(f"csel {{{r[j]}}}, {{{r[j]}}}, {{{r[n + j]}}}, cs")
        for j in range(0, n, 2):
            I(f"stp {{{r[j]}}}, {{{r[j + 1]}}}, [{{pr}}, #{8 * j}]")

    # signature
    e(doc)
    e("#[inline(always)]")
    if body_mul and not fused:
        e(f"pub fn {name}(a: &[u64; {n}], b: &[u64; {n}]) -> ([u64; {n}], [u64; {n}]) {{")
        e(f"    let mut out = [0u64; {2 * n}];")
        ptrs = [("pa", "a.as_ptr()"), ("pb", "b.as_ptr()"), ("pr", "out.as_mut_ptr()")]
    elif fused:
        e(f"pub fn {name}(a: &[u64; {n}], b: &[u64; {n}], m: &[u64; {n}], inv: u64) -> [u64; {n}] {{")
        e(f"    let mut out = [0u64; {n}];")
        ptrs = [("pa", "a.as_ptr()"), ("pb", "b.as_ptr()"), ("pm", "m.as_ptr()"),
                ("inv", "inv"), ("pr", "out.as_mut_ptr()")]
    else:
        e(f"pub fn {name}(lo: &[u64; {n}], hi: &[u64; {n}], m: &[u64; {n}], inv: u64) -> [u64; {n}] {{")
        e(f"    let mut out = [0u64; {n}];")
        ptrs = [("plo", "lo.as_ptr()"), ("phi", "hi.as_ptr()"), ("pm", "m.as_ptr()"),
                ("inv", "inv"), ("pr", "out.as_mut_ptr()")]
    used = set()
    for line in ins:
        for tok in line.replace(",", " ").replace("[", " ").replace("]", " ").split():
            if tok.startswith("{") and tok.endswith("}"):
                used.add(tok[1:-1])
    e("    // SAFETY: reads the argument arrays and writes `out` within their lengths; touches no")
    e("    // other memory and no stack; every register it writes is declared.")
    e("    unsafe {")
    e("        core::arch::asm!(")
    for line in ins:
        e(f'            "{line}",')
    for p, v in ptrs:
        e(f"            {p} = in(reg) {v},")
    for x in regs:
        if x in used:
            e(f"            {x} = out(reg) _,")
    e("            options(nostack),")
    e("        );")
    e("    }")
    if body_mul and not fused:
        e(f"    let mut lo = [0u64; {n}];")
        e(f"    let mut hi = [0u64; {n}];")
        e(f"    lo.copy_from_slice(&out[..{n}]);")
        e(f"    hi.copy_from_slice(&out[{n}..]);")
        e("    (lo, hi)")
    else:
        e("    out")
    e("}")
    return "\n".join(o)


def neon(n):
    o = []
    e = o.append
    e(f"/// a·b as {2 * n} limbs (lo, hi) by paper 000's NEON product, N = {n} (see the module")
    e("/// documentation).")
    e("#[inline(always)]")
    e(f"pub fn mul_wide_{n}(a: &[u64; {n}], b: &[u64; {n}]) -> ([u64; {n}], [u64; {n}]) {{")
    e("    // SAFETY: Advanced SIMD is part of every AArch64 target (the `neon` target feature is on")
    e(f"    // by default); the loads read the {n} words of each argument.")
    e("    unsafe {")
    e("        let z = vdupq_n_u64(0);")
    for i in range(n):
        e(f"        let a{i} = vld1_u32(a.as_ptr().add({i}).cast());")
    for i in range(n):
        e(f"        let b{i} = vld1_u32(b.as_ptr().add({i}).cast());")
        e(f"        let s{i} = vrev64_u32(b{i});")
    e(f"        let mut col = [0u64; {4 * n}];")
    e("        let mut lo = z;")
    e("        let mut hi = z;")
    for c in range(2 * n - 1):
        e(f"        // column pair {c}")
        pairs = [(i, c - i) for i in range(n) if 0 <= c - i < n]
        first = True
        for i, j in pairs:
            e(f"        let p = vreinterpretq_u32_u64(vmull_u32(a{i}, b{j}));")
            e(f"        let s = vreinterpretq_u32_u64(vmull_u32(a{i}, s{j}));")
            e("        lo = vaddw_u32(lo, vget_low_u32(p));")
            e("        hi = vaddw_u32(hi, vget_high_u32(p));")
            if first:
                e("        let mut mid = vmovl_u32(vget_low_u32(s));")
                first = False
            else:
                e("        mid = vaddw_u32(mid, vget_low_u32(s));")
            e("        mid = vaddw_u32(mid, vget_high_u32(s));")
        e("        lo = vaddq_u64(lo, vextq_u64::<1>(z, mid));")
        e("        hi = vaddq_u64(hi, vextq_u64::<1>(mid, z));")
        e(f"        col[{2 * c}] = vgetq_lane_u64::<0>(lo);")
        e(f"        col[{2 * c + 1}] = vgetq_lane_u64::<1>(lo);")
        if c < 2 * n - 2:
            e("        lo = hi;")
            e("        hi = z;")
    e(f"        col[{4 * n - 2}] = vgetq_lane_u64::<0>(hi);")
    e(f"        col[{4 * n - 1}] = vgetq_lane_u64::<1>(hi);")
    e("        limbs(&col)")
    e("    }")
    e("}")
    return "\n".join(o)


def generate(what):
    """Prints the `what` file ("scalar" or "neon") after its first line."""
    if what == "neon":
        out = [
            "//",
            "// Straight-line Advanced SIMD intrinsics (UMULL, UADDW, UXTL, ADD, EXT, lane moves):",
            "// no branches, no data-dependent memory addresses (constant time).",
            "",
        ]
        for n in (4, 6):
            out.append(neon(n))
            out.append("")
        print("\n".join(out).rstrip("\n"))
        return
    out = [
        "//",
        "// AArch64 base instructions only (MUL, UMULH, ADDS/ADCS, SUBS/SBCS, CSEL, LDP/STP). The",
        "// Montgomery kernels need a modulus with the top bit of its top limb clear. Straight-line",
        "// code: no branches, no data-dependent memory addresses (constant time).",
        "",
    ]
    for n in (4, 6):
        out.append(kernel(
            f"mul_wide_{n}", n,
            f"/// Schoolbook product a·b (lo, hi), N = {n}. Same contract as `portable::mul_wide`.",
            True, False))
        out.append("")
        out.append(kernel(
            f"redc_{n}", n,
            f"/// Montgomery reduction of lo + hi·2^{64 * n}, N = {n}. Same contract as `portable::redc`\n"
            f"/// for moduli with the top bit clear (the value below m·2^{64 * n}).",
            False, False))
        out.append("")
        out.append(kernel(
            f"mont_mul_{n}", n,
            f"/// Fused Montgomery multiplication a·b·2^(−{64 * n}) mod m, N = {n}. Same contract as\n"
            "/// `portable::mont_mul`.",
            True, True))
        out.append("")
    print("\n".join(out).rstrip("\n"))


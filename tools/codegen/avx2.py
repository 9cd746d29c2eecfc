"""hayate-arith's crates/arith/src/backend/x86_64/avx2/gen.rs: the straight-line 4-way AVX2
Montgomery multiplication (radix 2^29) for N = 4 (L = 9 limbs) and N = 6 (L = 14 limbs).

The method is described in avx2.rs. The code is emitted fully unrolled (LLVM does not unroll
the nested, triangular Comba loops by itself). The multiplication-and-reduction core comes in
three orders (`generate`'s argument; only the default is checked in):
* asm (default, what is checked in): operand scanning in inline assembly with a fixed ymm
  allocation — the lazy limbs stay in registers, b, m and a come as memory operands;
* rows: the same order in intrinsics (LLVM keeps all limbs live and spills);
* comba: product scanning with the reduction interleaved per column (paper 000's order), in
  intrinsics; needs a, b and q live at once (27 vectors for L = 9), LLVM spills heavily.
The conversions (transpose, radix split/join, final subtraction) are intrinsics in all three.
"""

W = 29  # limb bits
ORDER = "asm"  # asm | rows | comba: set by `generate`


def gen(n, l):
    s = W * l - 64 * n  # a is split as 2^s·a, so that the kernel's R' = 2^(29L) acts as 2^(64N)
    o = []
    e = o.append
    e(f"/// Four products a_i·b_i·2^(−{64 * n}) mod p (N = {n}, L = {l} limbs of 29 bits): see the")
    e("/// module documentation. `m`, `c`, `mp`: p, 2^(29L) − p and −p⁻¹ mod 2^29, each limb")
    e("/// replicated in four lanes.")
    e("#[target_feature(enable = \"avx2\")]")
    e("#[allow(clippy::too_many_lines, clippy::type_complexity, unused_unsafe)]")
    e(f"pub(super) unsafe fn mul_x4_{n}(")
    e(f"    a: &[[u64; {n}]; 4],")
    e(f"    b: &[[u64; {n}]; 4],")
    e(f"    m: &[[u64; 4]; {l}],")
    e(f"    c: &[[u64; 4]; {l}],")
    e("    mp: &[u64; 4],")
    e(f") -> [[u64; {n}]; 4] {{")
    e("    let mask = _mm256_set1_epi64x(0x1fff_ffff);")
    e("    let mp = ld(mp);")
    # transpose in: words in lane order (0, 2, 1, 3)
    for x in "ab":
        for k in range(0, n, 2):
            e(f"    let ({x}w{k}, {x}w{k + 1}) = words(&{x}[0][{k}..], &{x}[1][{k}..], &{x}[2][{k}..], &{x}[3][{k}..]);")

    # split into limbs
    def split(x, shift):
        for j in range(l):
            off = W * j - shift
            if off < 0:
                e(f"    let {x}{j} = _mm256_and_si256(_mm256_slli_epi64::<{-off}>({x}w0), mask);")
                continue
            wi, bb = divmod(off, 64)
            if wi >= n:
                e(f"    let {x}{j} = _mm256_setzero_si256();")
                continue
            lo = f"_mm256_srli_epi64::<{bb}>({x}w{wi})" if bb else f"{x}w{wi}"
            if bb + W > 64 and wi + 1 < n:
                lo = f"_mm256_or_si256({lo}, _mm256_slli_epi64::<{64 - bb}>({x}w{wi + 1}))"
            if bb + W >= 64 and wi + 1 >= n:
                e(f"    let {x}{j} = {lo};")  # top bits: nothing above
            else:
                e(f"    let {x}{j} = _mm256_and_si256({lo}, mask);")

    split("a", s)
    split("b", 0)

    def mul(x, y):
        return f"_mm256_mul_epu32({x}, {y})"

    def msum(terms):
        """Sum of products with two interleaved accumulators (more parallelism)."""
        if len(terms) == 1:
            return mul(*terms[0])
        mu = "mut " if len(terms) > 2 else ""
        mv = "mut " if len(terms) > 3 else ""
        e(f"    let {mu}u = {mul(*terms[0])};")
        e(f"    let {mv}v = {mul(*terms[1])};")
        for t, (x, y) in enumerate(terms[2:]):
            acc = "u" if t % 2 == 0 else "v"
            e(f"    {acc} = _mm256_add_epi64({acc}, {mul(x, y)});")
        return "_mm256_add_epi64(u, v)"

    def normalise():
        """Lazy limbs t_0..t_(L−2) → 29-bit limbs r_0..r_(L−1)."""
        e("    let mut carry = _mm256_setzero_si256();")
        for j in range(l - 1):
            e(f"    let v = _mm256_add_epi64(t{j}, carry);")
            e(f"    let r{j} = _mm256_and_si256(v, mask);")
            e("    carry = _mm256_srli_epi64::<29>(v);")
        e(f"    let r{l - 1} = carry;")

    if ORDER == "asm":
        # Operand scanning as above, in inline assembly with a fixed register allocation
        # (LLVM spills heavily on the intrinsics version): lazy limbs t_j in ymm0..ymm(L-1),
        # a_i and then q in ymm(L), products in the spare registers; b, m, a, −p⁻¹ and the
        # mask come from memory operands.
        A = f"ymm{l}"
        spare = [f"ymm{r}" for r in range(l + 1, 16)]
        in_regs = len(spare) >= 4
        if in_regs:
            MASKR, MPR = spare[0], spare[1]
            temps = spare[2:]
        else:
            temps = spare
        mpop = MPR if in_regs else "ymmword ptr [{k}]"
        maskop = MASKR if in_regs else "ymmword ptr [{k} + 32]"
        e("    let al = [" + ", ".join(f"a{j}" for j in range(l)) + "];")
        e("    let bl = [" + ", ".join(f"b{j}" for j in range(l)) + "];")
        e("    let k = [mp, mask];")
        e("    let (" + ", ".join(f"t{j}" for j in range(l - 1)) + "): (" + ", ".join("__m256i" for _ in range(l - 1)) + ");")
        ins = []
        tc = [0]
        def T():
            r = temps[tc[0] % len(temps)]
            tc[0] += 1
            return r
        if in_regs:
            ins.append(f'"vmovdqu {MPR}, ymmword ptr [{{k}}]",')
            ins.append(f'"vmovdqu {MASKR}, ymmword ptr [{{k}} + 32]",')
        for i in range(l):
            ins.append(f'"vmovdqu {A}, ymmword ptr [{{a}} + {32 * i}]",')
            for j in range(l):
                if i == 0 or j == l - 1:
                    ins.append(f'"vpmuludq ymm{j}, {A}, ymmword ptr [{{b}} + {32 * j}]",')
                else:
                    t = T()
                    ins.append(f'"vpmuludq {t}, {A}, ymmword ptr [{{b}} + {32 * j}]",')
                    ins.append(f'"vpaddq ymm{j}, ymm{j}, {t}",')
            ins.append(f'"vpmuludq {A}, ymm0, {mpop}",')
            ins.append(f'"vpand {A}, {A}, {maskop}",')
            t = T()
            ins.append(f'"vpmuludq {t}, {A}, ymmword ptr [{{m}}]",')
            ins.append(f'"vpaddq {t}, {t}, ymm0",')
            ins.append(f'"vpsrlq {t}, {t}, 29",')
            ins.append(f'"vpmuludq ymm0, {A}, ymmword ptr [{{m}} + 32]",')
            ins.append('"vpaddq ymm0, ymm0, ymm1",')
            ins.append(f'"vpaddq ymm0, ymm0, {t}",')
            for j in range(2, l):
                t = T()
                ins.append(f'"vpmuludq {t}, {A}, ymmword ptr [{{m}} + {32 * j}]",')
                ins.append(f'"vpaddq ymm{j - 1}, ymm{j}, {t}",')
        e("    core::arch::asm!(")
        for x in ins:
            e("        " + x)
        e("        a = in(reg) al.as_ptr(),")
        e("        b = in(reg) bl.as_ptr(),")
        e("        m = in(reg) m.as_ptr(),")
        e("        k = in(reg) k.as_ptr(),")
        for j in range(l - 1):
            e(f'        out("ymm{j}") t{j},')
        for r in range(l - 1, 16):
            e(f'        out("ymm{r}") _,')
        e("        options(nostack, readonly, preserves_flags),")
        e("    );")
        normalise()
    elif ORDER == "rows":
        # Operand scanning: t_j (lazy 64-bit limbs) += a_i·b_j; q = t_0·mp mod 2^29;
        # t_j += q·m_j; shift down one limb, carrying t_0 / 2^29 into the new t_0.
        for i in range(l):
            e(f"    // row {i}")
            for j in range(l):
                if i == 0 or j == l - 1:
                    e(f"    let t{j} = {mul(f'a{i}', f'b{j}')};")
                else:
                    e(f"    let t{j} = _mm256_add_epi64(t{j}, {mul(f'a{i}', f'b{j}')});")
            e(f"    let q = _mm256_and_si256({mul('t0', 'mp')}, mask);")
            e(f"    let c0 = _mm256_srli_epi64::<29>(_mm256_add_epi64(t0, {mul('q', 'ld(&m[0])')}));")
            for j in range(1, l):
                nxt = f"_mm256_add_epi64(t{j}, {mul('q', f'ld(&m[{j}])')})"
                if j == 1:
                    nxt = f"_mm256_add_epi64({nxt}, c0)"
                e(f"    let t{j - 1} = {nxt};")
        normalise()
    else:
        e("    let mut acc = _mm256_setzero_si256();")
        for k in range(l):
            e(f"    // column {k}")
            terms = [(f"a{i}", f"b{k - i}") for i in range(k + 1)]
            terms += [(f"q{i}", f"ld(&m[{k - i}])") for i in range(k - 1)]
            e(f"    acc = _mm256_add_epi64(acc, {msum(terms)});")
            if k >= 1:
                e(f"    acc = _mm256_add_epi64(acc, {mul(f'q{k - 1}', 'ld(&m[1])')});")
            e(f"    let q{k} = _mm256_and_si256({mul('acc', 'mp')}, mask);")
            e(f"    acc = _mm256_srli_epi64::<29>(_mm256_add_epi64(acc, {mul(f'q{k}', 'ld(&m[0])')}));")
        for k in range(l, 2 * l - 1):
            e(f"    // column {k}")
            terms = []
            for i in range(k - l + 1, l):
                terms.append((f"a{i}", f"b{k - i}"))
                terms.append((f"q{i}", f"ld(&m[{k - i}])"))
            e(f"    acc = _mm256_add_epi64(acc, {msum(terms)});")
            e(f"    let r{k - l} = _mm256_and_si256(acc, mask);")
            e("    acc = _mm256_srli_epi64::<29>(acc);")
        e(f"    let r{l - 1} = acc;")
    e("    // r < 2p: r + 2^(29L) − p carries out of the top limb iff r ≥ p")
    e("    let mut carry = _mm256_setzero_si256();")
    for j in range(l):
        e(f"    let v = _mm256_add_epi64(_mm256_add_epi64(r{j}, ld(&c[{j}])), carry);")
        e(f"    let s{j} = _mm256_and_si256(v, mask);")
        e("    carry = _mm256_srli_epi64::<29>(v);")
    e("    let ge = _mm256_sub_epi64(_mm256_setzero_si256(), carry);")
    for j in range(l):
        e(f"    let r{j} = _mm256_blendv_epi8(r{j}, s{j}, ge);")
    # join
    for w in range(n):
        parts = []
        for j in range(l):
            lo, hi = W * j, W * (j + 1)
            if hi <= 64 * w or lo >= 64 * (w + 1):
                continue
            if lo == 64 * w:
                parts.append(f"r{j}")
            elif lo > 64 * w:
                parts.append(f"_mm256_slli_epi64::<{lo - 64 * w}>(r{j})")
            else:
                parts.append(f"_mm256_srli_epi64::<{64 * w - lo}>(r{j})")
        x = parts[0]
        for p in parts[1:]:
            x = f"_mm256_or_si256({x}, {p})"
        e(f"    let w{w} = {x};")
    e(f"    let mut out = [[0u64; {n}]; 4];")
    for k in range(0, n, 2):
        e(f"    unwords(&mut out, {k}, w{k}, w{k + 1});")
    e("    out")
    e("}")
    return "\n".join(o)


def generate(order="asm"):
    """Prints gen.rs (core in `order`) after its first line."""
    global ORDER
    ORDER = order
    print("//")
    print("// Straight-line AVX2 code (the caller checks AVX2 at run time): no branches, no")
    print("// data-dependent memory addresses (constant time).")
    print()
    print(gen(4, 9))
    print()
    print(gen(6, 14))


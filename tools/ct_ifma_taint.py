#!/usr/bin/env python3
"""Static taint analysis of the AVX-512 IFMA kernels in a constant-time payload (experimental).

    tools/ct_ifma_taint.py PAYLOAD [-v] [-V]

PAYLOAD is the `+bmi2,+adx` build of crates/ct/examples/ctgrind.rs (crates/ct/payload.sh adx
DIR; the binary is DIR/ct/examples/ctgrind). For every function `hayate_arith::backend::x86_64::ifma*`
(and `hayate_ec::backend::x86_64::ifma*`)
it runs a forward data-flow analysis over the disassembly (objdump, Intel syntax) and reports
each conditional branch, indirect jump and memory operand whose condition, target or address
depends on tainted data:

* V: lane data. A vector instruction that computes (anything but a move, shuffle, insert,
  extract, broadcast or blend) on values loaded from memory yields V; so does a vector load
  from outside the frame, a gather, and a call into another IFMA function.
* B: a byte loaded from outside the frame (the kernels' digits, signs and flags, but also
  public bytes such as enum tags and `bool`s).
* L / C: words loaded from outside the frame / results of library calls: taken as public
  (pointers, lengths, counters, the public exponent schedules).

State per program point: the taint of every general-purpose, vector and mask register and of
the flags; the stack frame as 8-byte cells (rsp-relative, following push/pop/sub/and/probe
loops, frame pointers), with the provenance of spilled pointers; which registers point into
the frame (object base + offset when known); constants in registers (memcpy lengths). Stores
through a computed address weakly update the frame from the object's base to the next base
whose address the function takes. Calls use per-function summaries (which argument objects
a callee writes, with what taint and at which offsets), computed first.

Status (payload of 2026-11-30): no V finding in ifma::{cyclo_sqr,compressed_sqr,double_steps*,
gather}, ifma::miller::{fp2_sum*,sum_of_products,load,miller_lanes}, ifma::straus::{run,
straus_lanes}, ifma::pow and the closures. The three large orchestrating functions
(ifma::miller::run, ifma::straus::run_tables, ifma::g2::sac_columns_6) still report V findings
that are imprecision of the frame model (arrays of pointers copied through vector registers
and read back by index, objects whose extent the analysis cannot bound). B findings are
listed for review: public bytes (the Miller schedule's `LaneOp` tags, the `endo` flags that
pick a table column, the cached CPU probe) and the declassified `off_table` flag. Code reached
only by unwinding (landing pads) is reported as unvisited. It is not run by the test command;
see docs/constant-time.md ("Open").
"""
import re, sys, collections, bisect, subprocess
V, B, C, L = 1, 2, 4, 8
HAZ = V | B
if len(sys.argv) < 2 or sys.argv[1].startswith('-'):
    sys.exit(__doc__)
PAYLOAD = sys.argv[1]
insns = []
dis = subprocess.run(['objdump', '-d', '-w', '--no-show-raw-insn', '-M', 'intel', PAYLOAD],
                     capture_output=True, text=True, check=True).stdout
for l in dis.splitlines():
    m = re.match(r'\s*([0-9a-f]+):\t(.*)$', l)
    if m: insns.append((int(m.group(1), 16), m.group(2).strip()))
insns.sort()
addrs = [a for a, _ in insns]
syms = []
nm = subprocess.run(['nm', '-S', '-C', PAYLOAD], capture_output=True, text=True, check=True).stdout
for l in nm.splitlines():
    f = l.split(' ', 3)
    if len(f) == 4 and f[2] in ('t', 'T') and f[3].startswith(('hayate_arith::backend::x86_64::ifma',
                                                            'hayate_ec::backend::x86_64::ifma')):
        syms.append((int(f[0], 16), int(f[1], 16), f[3].strip()))

ALIAS = {}
for r in ['ax', 'bx', 'cx', 'dx']:
    ALIAS['r' + r] = ('r' + r, 8); ALIAS['e' + r] = ('r' + r, 4); ALIAS[r] = ('r' + r, 2)
    ALIAS[r[0] + 'l'] = ('r' + r, 1); ALIAS[r[0] + 'h'] = ('r' + r, 1)
for r in ['si', 'di', 'bp', 'sp']:
    ALIAS['r' + r] = ('r' + r, 8); ALIAS['e' + r] = ('r' + r, 4); ALIAS[r] = ('r' + r, 2); ALIAS[r + 'l'] = ('r' + r, 1)
for n in range(8, 16):
    ALIAS['r%d' % n] = ('r%d' % n, 8); ALIAS['r%dd' % n] = ('r%d' % n, 4)
    ALIAS['r%dw' % n] = ('r%d' % n, 2); ALIAS['r%db' % n] = ('r%d' % n, 1)
SIZES = {'BYTE': 1, 'WORD': 2, 'DWORD': 4, 'QWORD': 8, 'XMMWORD': 16, 'YMMWORD': 32, 'ZMMWORD': 64, 'TBYTE': 10}

class Op:
    __slots__ = ('kind', 'reg', 'width', 'base', 'index', 'disp', 'size', 'mask', 'zero', 'imm', 'text')
    def __init__(self, s):
        self.text = s
        self.mask = None; self.zero = False
        for d in re.findall(r'\{([^}]*)\}', s):
            if re.fullmatch(r'k[0-7]', d): self.mask = d
            if d == 'z': self.zero = True
        core = re.sub(r'\{[^}]*\}', '', s).strip()
        m = re.search(r'\[([^\]]*)\]', core)
        self.reg = None; self.base = None; self.index = None; self.disp = 0; self.size = 0; self.imm = None
        if m:
            self.kind = 'mem'
            sz = re.match(r'(\w+) PTR', core)
            self.size = SIZES.get(sz.group(1), 8) if sz else 8
            for sign, p in re.findall(r'([+\-]?)([^+\-]+)', m.group(1)):
                if '*' in p:
                    r = p.split('*')[0]
                    self.index = ALIAS.get(r, (r, 8))[0]
                elif p in ALIAS or p == 'rip' or re.fullmatch(r'[xyz]mm\d+', p):
                    if self.base is None: self.base = ALIAS.get(p, (p, 8))[0]
                    else: self.index = ALIAS.get(p, (p, 8))[0]
                else:
                    try:
                        v = int(p, 0)
                        self.disp += -v if sign == '-' else v
                    except ValueError:
                        pass
        elif 'PTR' in core or ':' in core:
            self.kind = 'mem'; self.base = 'seg'; self.size = 8
        elif core in ALIAS:
            self.kind = 'gpr'; self.reg, self.width = ALIAS[core]
        elif re.fullmatch(r'[xyz]mm\d+|k[0-7]', core):
            self.kind = 'vec'; self.reg = ('v' + re.sub(r'[xyz]mm', '', core)) if 'mm' in core else core
        else:
            self.kind = 'imm'
            try:
                self.imm = int(core, 0)
                if self.imm >= 1 << 63: self.imm -= 1 << 64
            except ValueError: self.imm = None

def split_ops(s):
    out, depth, cur = [], 0, ''
    for ch in s:
        if ch in '[{': depth += 1
        if ch in ']}': depth -= 1
        if ch == ',' and depth == 0: out.append(cur); cur = ''
        else: cur += ch
    if cur.strip(): out.append(cur)
    return [o.strip() for o in out]

PREFIX = {'lock', 'rep', 'repz', 'repe', 'repnz', 'repne', 'bnd', 'notrack', 'data16', 'cs', 'ds'}
def decode(t):
    parts = t.split(None, 1)
    while parts and parts[0] in PREFIX and len(parts) > 1: parts = parts[1].split(None, 1)
    mn = parts[0]
    rest = parts[1] if len(parts) > 1 else ''
    tgt = None
    if mn.startswith('j') or mn.startswith('call'):
        m = re.match(r'([0-9a-f]+) <', rest)
        if m: tgt = int(m.group(1), 16)
        rest = re.sub(r'\s*<.*$', '', rest)
        rest = re.sub(r'\s*#.*$', '', rest)
    rest = re.sub(r'\s*#.*$', '', rest)
    ops = [Op(o) for o in split_ops(rest)] if rest and tgt is None else []
    return mn, ops, tgt, t

NOFLAG = re.compile(r'^(mov|lea|push|pop|cmov|set|nop|xchg|bswap|not|cdqe|cqo|cdq|cwd|prefetch|.fence|endbr|vzero|shlx|shrx|sarx|rorx|mulx|pdep|pext)')
PURE = re.compile(r'^(mov|lea|set|pop|shlx|shrx|sarx|rorx|andn|bzhi|pdep|pext|blsr|blsi|blsmsk|tzcnt|lzcnt|popcnt|bsf|bsr|cmov)$|^(movzx|movsx|movsxd|movabs|movbe|cmov..?|set..?)$')
FLAGREAD = re.compile(r'^(adc|sbb|adcx|adox|rcl|rcr|cmov|set)')
MOVE = re.compile(r'^(vmovdq|vmovup|vmovap|vmovq|vmovd|vpbroadcast|vbroadcast|vinsert|vextract|vpinsr|vpextr|vpunpck|vperm|vpshuf|vshuf|valign|vpblendm|vpblendd|vpcompress|vpexpand|vpalignr|vpslldq|vpsrldq|kmov|kunpck|vmovsd|vmovss|vmovlhps|vmovhps|vmovlps|vpmovzx|vpmovsx|vpmovq|vpmovd)')
V3READ = re.compile(r'^(vpmadd52|vpternlog|vfmadd|vfmsub|vfnm|vpermt2|vpermi2|vpshldv|vpshrdv|vpdp)')
VFLAG = re.compile(r'^(vptest|vcomis|vucomis|kortest|ktest)')
ARGS = ['rdi', 'rsi', 'rdx', 'rcx', 'r8', 'r9']
CALLER = ['rax', 'rcx', 'rdx', 'rsi', 'rdi', 'r8', 'r9', 'r10', 'r11']

class St:
    __slots__ = ('r', 'f', 'sp', 'd', 'cells', 'cp', 'k')
    def copy(self):
        s = St(); s.r = dict(self.r); s.f = self.f; s.sp = dict(self.sp); s.d = self.d; s.cells = dict(self.cells); s.cp = dict(self.cp); s.k = dict(self.k); return s

def join_sp(a, b):
    if a == b: return a
    if a is None or b is None:
        x = a or b
        return (x[0], None)
    if a[0] == b[0]: return (a[0], None)
    return ('?', None)

def add_summary(sm, key, val, lo, hi):
    e = sm.get(key)
    if e is None: sm[key] = [val, lo, hi]; return
    e[0] |= val
    if e[1] is None or lo is None: e[1] = e[2] = None
    else: e[1] = min(e[1], lo); e[2] = max(e[2], hi)

def analyze(start, size, summaries, summary=None):
    lo = bisect.bisect_left(addrs, start); hi = bisect.bisect_left(addrs, start + size)
    fn = [decode(t) + (a,) for a, t in insns[lo:hi]]
    idx = {fn[i][4]: i for i in range(len(fn))}
    leaders, direct = {0}, set()
    for i, (mn, ops, tgt, t, a) in enumerate(fn):
        if mn.startswith('j') or mn.startswith('ret') or mn in ('ud2', 'int3', 'hlt'):
            if i + 1 < len(fn): leaders.add(i + 1)
            if mn.startswith('j') and tgt in idx: leaders.add(idx[tgt]); direct.add(idx[tgt])
    orphans = [l for l in sorted(leaders) if l > 0 and l not in direct and re.match(r'(jmp|ret|ud2)', fn[l - 1][0])]
    # object bases: address-taken offsets, constant parts of indexed frame accesses, direct accesses
    bases = set()
    findings = {}
    def run(bases, dw8):
        sb = sorted(bases)
        def extent(X):
            j = bisect.bisect_right(sb, X)
            return X, min(sb[j] if j < len(sb) else X + 64, X + (1 << 16))
        s0 = St(); s0.r = {}; s0.f = 0; s0.sp = {}; s0.d = 0; s0.cells = {}; s0.cp = {}; s0.k = {}
        if summary is not None:
            for n, r in enumerate(ARGS): s0.sp[r] = (('arg', n), 0)
        state_in = {0: s0}
        work = [0]
        visited = set()
        newbases = set()
        newdw = set()
        escaped = set()
        def merge(i, s):
            if i not in state_in:
                state_in[i] = s.copy(); work.append(i); return
            o = state_in[i]; ch = False
            for k, v in s.r.items():
                u = o.r.get(k, 0) | v
                if u != o.r.get(k, 0): o.r[k] = u; ch = True
            if o.f | s.f != o.f: o.f |= s.f; ch = True
            for k in set(o.sp) | set(s.sp):
                j = join_sp(o.sp.get(k), s.sp.get(k))
                if j != o.sp.get(k): o.sp[k] = j; ch = True
            if o.d != s.d and o.d is not None: o.d = None; ch = True
            for kk in list(o.k):
                if s.k.get(kk) != o.k[kk]: del o.k[kk]; ch = True
            for k, v in s.cells.items():
                u = o.cells.get(k, 0) | v
                if u != o.cells.get(k, 0): o.cells[k] = u; ch = True
            for k in set(o.cp) | set(s.cp):
                j = join_sp(o.cp.get(k), s.cp.get(k)) if k in o.cp and k in s.cp else None
                if j != o.cp.get(k):
                    if j is None: o.cp.pop(k, None)
                    else: o.cp[k] = j
                    ch = True
            if ch: work.append(i)
        while work:
            li = work.pop()
            s = state_in[li].copy()
            i = li
            pending = None
            while True:
                visited.add(i)
                mn, ops, tgt, t, a = fn[i]
                R = s.r
                def loc(o):
                    # ('cell', off) | ('smear', X) | ('arg', n) | ('ext',)
                    if o.base == 'rip' or o.base == 'seg': return ('const',)
                    if o.base == 'rsp':
                        if s.d is None: return ('smear', '?')
                        if o.index is None: return ('cell', s.d + o.disp)
                        newbases.add(s.d + o.disp); return ('smear', s.d + o.disp)
                    p = s.sp.get(o.base) if o.base else None
                    if p and p[0] == 'static': return ('const',)
                    if p:
                        X, off = p
                        if isinstance(X, tuple): return ('arg', X[1], off + o.disp if (off is not None and o.index is None) else None)
                        if X == '?': return ('smear', '?')
                        if off is not None and o.index is None: return ('cell', off + o.disp)
                        return ('smear', X)
                    if o.index and s.sp.get(o.index): return ('smear', '?')
                    return ('ext',)
                def cells_of(off, n):
                    return range(off >> 3, (off + n + 7) >> 3)
                def ld(o):
                    k = loc(o)
                    if k[0] == 'const': return 0
                    if k[0] == 'cell':
                        v = 0
                        for c in cells_of(k[1], o.size): v |= s.cells.get(c, 0)
                        return v
                    if k[0] == 'smear':
                        if k[1] == '?':
                            v = 0
                            for c in s.cells.values(): v |= c
                            return v | V
                        lo_, hi_ = extent(k[1])
                        if o.size <= 8 and k[1] in dw8:
                            hi_ = k[1]
                            while hi_ in dw8: hi_ += 8
                        v = 0
                        for c in range(lo_ >> 3, (hi_ + 7) >> 3): v |= s.cells.get(c, 0)
                        return v
                    return L
                def stmem(o, val, ptrsrc=None, fromreg=False):
                    if ptrsrc is not None and ptrsrc[0] not in ('static', '?') and not isinstance(ptrsrc[0], tuple):
                        escaped.add(ptrsrc[0] if ptrsrc[1] is None else ptrsrc[1])
                    if ptrsrc is not None and ptrsrc[0] == '?': escaped.add('?')
                    k = loc(o)
                    if summary is not None:
                        key = k[1] if k[0] == 'arg' else ('unknown' if (k[0] == 'ext' or (k[0] == 'smear' and k[1] == '?')) else None)
                        if key is not None:
                            lo_, hi_ = (k[2], k[2] + o.size) if (k[0] == 'arg' and k[2] is not None) else (None, None)
                            add_summary(summary, key, val, lo_, hi_)
                    if k[0] == 'cell':
                        off, n = k[1], o.size
                        if n == 8 and fromreg: newdw.add(off)
                        for c in cells_of(off, n): s.cp.pop(c, None)
                        if n == 8 and off % 8 == 0 and ptrsrc is not None: s.cp[off >> 3] = ptrsrc
                        for c in cells_of(off, n):
                            full = (c << 3) >= off and (c << 3) + 8 <= off + n
                            s.cells[c] = val if full else (s.cells.get(c, 0) | val)
                    elif k[0] == 'smear' and val:
                        s.cp.clear() if k[1] == '?' else None
                        if k[1] == '?':
                            for c in list(s.cells): s.cells[c] |= val
                        else:
                            lo_, hi_ = extent(k[1])
                            for c in range(lo_ >> 3, (hi_ + 7) >> 3):
                                if (c << 3) not in dw8: s.cells[c] = s.cells.get(c, 0) | val
                def get(o):
                    if o.kind == 'gpr': return R.get(o.reg, 0)
                    if o.kind == 'vec': return R.get(o.reg, V)
                    if o.kind == 'mem':
                        v = ld(o)
                        if o.size == 1 and (v & L): v |= B
                        return v
                    return 0
                def setr(o, val, keep=False):
                    if o.reg == 'rsp': return
                    if keep or o.width < 4: val |= R.get(o.reg, 0)
                    R[o.reg] = val
                def check(o, what):
                    for r, role in ((o.base, 'base'), (o.index, 'index')):
                        if r in R and R[r] & HAZ:
                            findings[(a, 'addr-' + role)] = (t, R[r])
                # addresses
                if not (mn.startswith('lea') or mn.startswith('nop') or mn.startswith('prefetch')):
                    for o in ops:
                        if o.kind == 'mem': check(o, 'mem')
                if mn.startswith('nop') or mn.startswith('prefetch') or mn.startswith('endbr') or mn in ('lfence', 'sfence', 'mfence', 'pause', 'vzeroupper'):
                    pass
                elif mn.startswith('j'):
                    if mn != 'jmp' and s.f & HAZ: findings[(a, 'branch')] = (t, s.f)
                    succ = []
                    if tgt is not None:
                        if tgt in idx: succ.append(idx[tgt])
                    else:
                        o = Op(t.split(None, 1)[1].split('#')[0].strip()) if len(t.split(None, 1)) > 1 else None
                        v = 0
                        if o is not None:
                            v = get(o) if o.kind in ('gpr', 'mem') else 0
                            if o.kind == 'mem':
                                for r in (o.base, o.index):
                                    if r in R: v |= R[r]
                        if v & HAZ: findings[(a, 'indirect')] = (t, v)
                        succ += orphans
                    if mn != 'jmp' and i + 1 < len(fn): succ.append(i + 1)
                    for x in succ: merge(x, s)
                    break
                elif mn.startswith('ret') or mn in ('ud2', 'int3', 'hlt'):
                    break
                elif mn.startswith('call'):
                    callee_sum = summaries.get(tgt) if tgt is not None else None
                    name = re.search(r'<([^>+]*)', t)
                    name = name.group(1) if name else ''
                    ifma = 'ifma' in name
                    unknown = 0
                    ranges = {}
                    if re.search(r'memcpy|memmove|memset', name) and 'rdx' in s.k: ranges = {0: (0, s.k['rdx'])}
                    if re.search(r'memcpy|memmove', name): written = {0: V}
                    elif re.search(r'memset', name): written = {0: R.get('rsi', 0)}
                    elif callee_sum is not None:
                        written = {n: (V if v[0] & (L | V | B) else v[0]) for n, v in callee_sum.items() if n != 'unknown'}
                        ranges = {n: (v[1], v[2]) for n, v in callee_sum.items() if n != 'unknown'}
                        if 'unknown' in callee_sum: unknown = V if callee_sum['unknown'][0] & (L | V | B) else callee_sum['unknown'][0]
                    elif ifma or not name: written = {n: V for n in range(6)}; unknown = V
                    else: written = {n: C for n in range(6)}
                    def taint_obj(X, off, lab, rng=(None, None)):
                        if X == '?':
                            for c in list(s.cells): s.cells[c] |= lab
                            s.cp.clear()
                        else:
                            if off is not None and rng[0] is not None: lo_, hi_ = off + rng[0], off + rng[1]
                            else: lo_, hi_ = extent(X) if off is None else extent(off)
                            for c in range(lo_ >> 3, (hi_ + 7) >> 3):
                                s.cells[c] = s.cells.get(c, 0) | lab; s.cp.pop(c, None)
                    for n, r in enumerate(ARGS):
                        p = s.sp.get(r)
                        lab = written.get(n, 0)
                        if n not in written or not p or p[0] == 'static': continue
                        if isinstance(p[0], tuple):
                            if summary is not None: add_summary(summary, p[0][1], lab, None, None)
                            continue
                        taint_obj(p[0], p[1], lab, ranges.get(n, (None, None)))
                    if unknown:
                        for X in sorted(escaped, key=str): taint_obj(X, None, unknown)
                        if summary is not None: add_summary(summary, 'unknown', unknown, None, None)
                    for r in CALLER: R[r] = V if ifma else C; s.sp[r] = None
                    for n_ in range(32): R['v%d' % n_] = V
                    for n_ in range(8): R['k%d' % n_] = V
                    s.f = C
                elif mn == 'push':
                    if s.d is not None:
                        s.d -= 8
                        s.cells[s.d >> 3] = get(ops[0])
                        s.cp.pop(s.d >> 3, None)
                        if ops[0].kind == 'gpr' and s.sp.get(ops[0].reg): s.cp[s.d >> 3] = s.sp[ops[0].reg]
                elif mn == 'pop':
                    v = s.cells.get(s.d >> 3, 0) if s.d is not None else L
                    setr(ops[0], v); s.sp[ops[0].reg] = s.cp.get(s.d >> 3) if s.d is not None else None
                    if s.d is not None: s.d += 8
                elif ops and ops[0].kind == 'gpr' and ops[0].reg == 'rsp':
                    if mn == 'cmp':
                        p = s.sp.get(ops[1].reg) if ops[1].kind == 'gpr' else None
                        if p and p[1] is not None and isinstance(p[0], int): s.d = p[1]
                        s.f = 0
                    elif mn in ('add', 'sub') and ops[1].kind == 'imm' and s.d is not None:
                        s.d += ops[1].imm if mn == 'add' else -ops[1].imm
                    elif mn == 'and':
                        s.d = -(1 << 24) if s.d is not None else None
                    elif mn in ('mov', 'lea'):
                        p = s.sp.get(ops[1].reg if ops[1].kind == 'gpr' else ops[1].base)
                        s.d = (p[1] + (ops[1].disp if mn == 'lea' else 0)) if (p and p[1] is not None and isinstance(p[0], int)) else None
                    else:
                        s.d = None
                else:
                    # stack-pointer tracking
                    d = ops[0] if ops else None
                    newsp = 'keep'
                    if d is not None and d.kind == 'gpr':
                        if mn == 'lea':
                            o = ops[1]
                            if o.base == 'rsp' and s.d is not None:
                                X = s.d + o.disp; newbases.add(X)
                                newsp = (X, X if o.index is None else None)
                            elif o.base and s.sp.get(o.base):
                                X, off = s.sp[o.base]
                                if off is not None and o.index is None: newsp = (X, off + o.disp)
                                elif off is not None: newsp = (off + o.disp, None)
                                elif isinstance(X, int): newsp = (X + o.disp, None)
                                else: newsp = (X, None)
                                if newsp and isinstance(newsp[0], int) and newsp[1] is None: newbases.add(newsp[0])
                            else: newsp = None
                        elif mn == 'mov' and ops[1].kind == 'gpr':
                            if ops[1].reg == 'rsp': newsp = (s.d, s.d) if s.d is not None else ('?', None)
                            else: newsp = s.sp.get(ops[1].reg) if d.width == 8 else None
                        elif mn in ('add', 'sub') and s.sp.get(d.reg):
                            X, off = s.sp[d.reg]
                            if ops[1].kind == 'imm' and ops[1].imm is not None:
                                dd = ops[1].imm if mn == 'add' else -ops[1].imm
                                if off is not None: newsp = (X, off + dd)
                                elif isinstance(X, int): newsp = (X + dd, None); newbases.add(X + dd)
                                else: newsp = (X, None)
                            elif off is not None: newsp = (off, None)
                            else: newsp = (X, None)
                        elif mn == 'add' and ops[1].kind == 'gpr' and s.sp.get(ops[1].reg):
                            newsp = (s.sp[ops[1].reg][0], None)
                        elif mn in ('cmp', 'test'): newsp = 'keep'
                        else: newsp = None
                    if newsp != 'keep' and d is not None and d.kind == 'gpr':
                        pending = (d.reg, newsp)
                    else:
                        pending = None
                    # taint
                    if mn in ('xor', 'sub', 'sbb') and len(ops) == 2 and ops[0].kind == 'gpr' and ops[1].kind == 'gpr' and ops[0].reg == ops[1].reg and mn != 'sbb':
                        R[ops[0].reg] = 0; s.f = 0
                    elif mn in ('mul', 'imul', 'div', 'idiv') and len(ops) == 1:
                        v = get(ops[0]) | R.get('rax', 0) | (R.get('rdx', 0) if 'div' in mn else 0)
                        R['rax'] = v; R['rdx'] = v; s.f = v
                        if 'div' in mn and v & HAZ: findings[(a, 'div')] = (t, v)
                    elif mn in ('cqo', 'cdq', 'cwd'):
                        R['rdx'] = R.get('rax', 0)
                    elif mn == 'cdqe':
                        pass
                    elif mn == 'mulx':
                        v = get(ops[2]) | R.get('rdx', 0)
                        R[ops[0].reg] = v; R[ops[1].reg] = v
                    elif mn in ('cpuid', 'xgetbv', 'rdtsc', 'rdtscp'):
                        for r in ['rax', 'rbx', 'rcx', 'rdx']: R[r] = 0; s.sp[r] = None
                    elif mn.startswith('vpgather') or mn.startswith('vgather') or mn.startswith('vpscatter') or mn.startswith('vscatter'):
                        findings[(a, 'gather')] = (t, V)
                        if ops and ops[0].kind == 'vec': R[ops[0].reg] = V
                    elif mn in ('movsb', 'movsw', 'movsd', 'movsq', 'stosb', 'stosw', 'stosd', 'stosq') and not ops:
                        v = R.get('rcx', 0) | R.get('rdi', 0) | R.get('rsi', 0)
                        if v & HAZ: findings[(a, 'string')] = (t, v)
                        p = s.sp.get('rdi')
                        if p:
                            for c in list(s.cells): s.cells[c] |= V
                    elif mn[0] in 'vk' and mn not in ('vzeroupper',):
                        d = ops[0] if ops else None
                        if len(ops) >= 2 and mn in ('vpxor', 'vpxord', 'vpxorq', 'vxorps', 'vxorpd', 'kxorb', 'kxorw', 'kxord', 'kxorq', 'vpsubq', 'vpsubd') and all(o.kind == 'vec' and o.reg == ops[1].reg for o in ops[1:]) and d.kind == 'vec':
                            R[d.reg] = 0
                        else:
                            src = 0
                            for o in ops[1:]:
                                if o.kind == 'mem':
                                    kk = loc(o)
                                    src |= ld(o) if kk[0] in ('cell', 'smear', 'const') else V
                                else:
                                    src |= get(o)
                                if o.mask: src |= R.get(o.mask, V)
                            if d is not None and d.mask: src |= R.get(d.mask, V)
                            if not MOVE.match(mn) and src & (L | B | V): src |= V
                            if d is not None and d.mask and not d.zero and d.kind == 'vec': src |= R.get(d.reg, V)
                            if d is not None and V3READ.match(mn) and d.kind == 'vec': src |= R.get(d.reg, V)
                            if d is not None and d.kind == 'mem': stmem(d, src)
                            elif d is not None and d.kind == 'gpr': setr(d, src); s.sp[d.reg] = None
                            elif d is not None and d.kind == 'vec': R[d.reg] = src
                            if VFLAG.match(mn):
                                f = 0
                                for o in ops: f |= get(o)
                                s.f = f | (0 if mn.startswith('k') else V)
                    elif mn.startswith('xchg') and len(ops) == 2 and ops[0].kind == 'gpr' and ops[1].kind == 'gpr':
                        R[ops[0].reg], R[ops[1].reg] = R.get(ops[1].reg, 0), R.get(ops[0].reg, 0)
                    elif ops:
                        src = 0
                        if FLAGREAD.match(mn): src |= s.f
                        if mn in ('cmp', 'test', 'bt'):
                            for o in ops: src |= get(o)
                            s.f = src
                        elif mn.startswith('lea'):
                            o = ops[1]; v = 0
                            for r in (o.base, o.index):
                                if r in R: v |= R[r]
                            setr(d, v)
                        else:
                            pure = bool(PURE.match(mn)) or (mn == 'imul' and len(ops) == 3)
                            for o in ops[1:]: src |= get(o)
                            if not pure or mn.startswith('cmov'): src |= get(d)
                            if d.kind == 'gpr':
                                setr(d, src)
                                if pending: s.sp[pending[0]] = pending[1]; pending = None
                                if mn == 'mov' and ops[1].kind == 'mem':
                                    k = loc(ops[1])
                                    if ops[1].base == 'rip': s.sp[d.reg] = ('static', None)
                                    elif k[0] == 'cell' and ops[1].size == 8 and k[1] % 8 == 0 and (k[1] >> 3) in s.cp: s.sp[d.reg] = s.cp[k[1] >> 3]
                            elif d.kind == 'mem':
                                stmem(d, src, s.sp.get(ops[1].reg) if (mn == 'mov' and ((ops[1].kind == 'gpr' and ops[1].width == 8) or ops[1].kind == 'imm')) else None, mn == 'mov' and ((ops[1].kind == 'gpr' and ops[1].width == 8) or ops[1].kind == 'imm'))
                            if not NOFLAG.match(mn): s.f = src
                if pending: s.sp[pending[0]] = pending[1]
                pending = None
                if ops and ops[0].kind == 'gpr':
                    if mn == 'mov' and len(ops) == 2 and ops[1].kind == 'imm' and ops[1].imm is not None: s.k[ops[0].reg] = ops[1].imm
                    else: s.k.pop(ops[0].reg, None)
                if mn.startswith('call'):
                    for r in CALLER: s.k.pop(r, None)
                i += 1
                if i >= len(fn): break
                if i in leaders: merge(i, s); break
        unv = [fn[j][4] for j in range(len(fn)) if j not in visited and not re.match(r'(nop|int3|data16|cs|xchg|ud2)', fn[j][0])]
        return newbases, newdw, unv
    dw8 = set()
    for _ in range(6):
        findings.clear()
        nb, nd, unv = run(bases, dw8)
        if nb <= bases and nd <= dw8: break
        bases |= nb; dw8 |= nd
    return findings, unv

summaries = {}
for rnd in range(2):
    for start, size, name in syms:
        sm = {}
        analyze(start, size, summaries, sm)
        summaries[start] = sm
for start, size, name in syms:
    f, unv = analyze(start, size, summaries)
    short = re.sub(r'::h[0-9a-f]+$', '', name)
    kinds = collections.Counter(k + ('-V' if v[1] & V else '-B') for (a, k), v in f.items() if k != 'gather')
    print('%-66s %6x %s unvisited %d' % (short[:66], size, dict(kinds), len(unv)))
    if '-v' in sys.argv:
        for (a, k), (t, s) in sorted(f.items()):
            if k == 'gather': continue
            if '-V' in sys.argv and not (s & V): continue
            print('   %x %s %s  <- %d' % (a, k, t[:90], s))

//! The mechanical constant-time check for code valgrind cannot run or cannot see whole: every
//! generated assembly kernel and every AVX-512 IFMA kernel, disassembled from the payload
//! binaries of `tests/valgrind.rs` (the `+bmi2,+adx` build and the run-time-dispatch build).
//!
//! * **Assembly kernels.** Every `asm!` block of the generated kernels (and the hand-written
//!   `add_mod_4` / `sub_mod_4`) records its address range and name in the section
//!   `hayate_ct_kernels` (`kernel_begin!` / `kernel_end!` in `crates/arith/src/backend/mod.rs`),
//!   so every inlined copy is found. Each must contain no conditional branch, no indirect jump,
//!   call or return, no gather and no memory operand with an index register. The control
//!   `mont_mul_4_planted` (generated with a planted branch and a data-indexed load, `ct-valgrind`
//!   builds only) must be reported, so the check cannot pass vacuously.
//! * **IFMA kernels** ([`IFMA_MODULES`]: hayate-arith's lanes, and the point kernels of
//!   hayate-ec and the Miller lanes of hayate-pairing built on them; compiled from intrinsics,
//!   so the compiler chooses the control flow): every function must be one of
//!   [`IFMA_FUNCTIONS`] and the entry points must be present. Every conditional branch,
//!   indirect jump or call, gather and memory operand with an index register is attributed,
//!   through the payload's line tables, to the source line it comes from, and every such site
//!   must be in [`IFMA_SITES`] with the reason its condition or index is public (loop
//!   counters, public schedules, lengths, the two declassified exits); a gather may appear
//!   only where [`IFMA_GATHERS`] says why its indices are public. The control
//!   `ifma::planted_lanes` (a branch on a lane value and a load at an index taken from one,
//!   `ct-valgrind` builds only) must be reported.
//!
//! Tools: `objdump` (binutils) for the disassembly, `nm` for the symbol table, `addr2line` for
//! the line tables.

#![cfg(target_arch = "x86_64")]

mod common;

use common::{payload, Build};
use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;
use std::process::Command;

/// One disassembled instruction.
struct Insn {
    addr: u64,
    text: String,
}

/// The executable's instructions, in address order (`objdump -d`, Intel syntax).
fn disassemble(bin: &Path) -> Vec<Insn> {
    let out = Command::new("objdump")
        .args(["-d", "-w", "--no-show-raw-insn", "-M", "intel"])
        .arg(bin)
        .output()
        .expect("objdump (binutils) is needed for the disassembly check");
    assert!(out.status.success(), "objdump failed");
    let text = String::from_utf8_lossy(&out.stdout);
    let mut v: Vec<Insn> = text
        .lines()
        .filter_map(|l| {
            let (a, rest) = l.trim_start().split_once(":\t")?;
            let addr = u64::from_str_radix(a, 16).ok()?;
            Some(Insn {
                addr,
                text: rest.trim().to_string(),
            })
        })
        .collect();
    v.sort_by_key(|i| i.addr);
    v
}

/// The instructions in [start, end).
fn range(insns: &[Insn], start: u64, end: u64) -> &[Insn] {
    let lo = insns.partition_point(|i| i.addr < start);
    let hi = insns.partition_point(|i| i.addr < end);
    &insns[lo..hi]
}

/// The section `name`: (virtual address, bytes), from the ELF64 section headers.
fn elf_section(bin: &Path, name: &str) -> Option<(u64, Vec<u8>)> {
    let f = std::fs::read(bin).expect("reading the payload");
    let u16_at = |o: usize| u16::from_le_bytes(f[o..o + 2].try_into().unwrap()) as usize;
    let u32_at = |o: usize| u32::from_le_bytes(f[o..o + 4].try_into().unwrap()) as usize;
    let u64_at = |o: usize| u64::from_le_bytes(f[o..o + 8].try_into().unwrap());
    assert_eq!(&f[..5], b"\x7fELF\x02", "not an ELF64 file");
    let (shoff, shentsize, shnum, shstrndx) = (
        u64_at(0x28) as usize,
        u16_at(0x3a),
        u16_at(0x3c),
        u16_at(0x3e),
    );
    let sh = |i: usize| shoff + i * shentsize;
    let strtab = u64_at(sh(shstrndx) + 0x18) as usize;
    (0..shnum).find_map(|i| {
        let h = sh(i);
        let n = strtab + u32_at(h);
        let end = n + f[n..].iter().position(|&b| b == 0)?;
        if &f[n..end] != name.as_bytes() {
            return None;
        }
        let (addr, off, size) = (u64_at(h + 0x10), u64_at(h + 0x18), u64_at(h + 0x20));
        Some((addr, f[off as usize..(off + size) as usize].to_vec()))
    })
}

/// The kernel records: (start address, length, name).
fn kernel_records(bin: &Path) -> Vec<(u64, u64, String)> {
    let (base, bytes) = elf_section(bin, "hayate_ct_kernels")
        .expect("no hayate_ct_kernels section: the kernel markers are missing");
    let mut v = Vec::new();
    let mut o = 0;
    while o + 8 <= bytes.len() {
        let rel = i32::from_le_bytes(bytes[o..o + 4].try_into().unwrap()) as i64;
        let len = u32::from_le_bytes(bytes[o + 4..o + 8].try_into().unwrap()) as u64;
        let name_end = o + 8 + bytes[o + 8..].iter().position(|&b| b == 0).expect("name");
        let name = String::from_utf8(bytes[o + 8..name_end].to_vec()).expect("UTF-8 name");
        let start = (base as i64 + o as i64 + rel) as u64;
        v.push((start, len, name));
        o = (name_end + 1).next_multiple_of(4);
    }
    v
}

/// What an instruction does that constant-time code must not do with data: a conditional
/// branch, other indirect or conditional control flow, a gather, or an address computed with
/// an index register. `None` for a harmless instruction.
fn hazard(i: &Insn) -> Option<&'static str> {
    // the mnemonic, after any prefixes objdump prints as words of their own
    const PREFIXES: [&str; 9] = [
        "bnd", "notrack", "lock", "rep", "repz", "repe", "repnz", "repne", "data16",
    ];
    let m = i
        .text
        .split_whitespace()
        .find(|w| !PREFIXES.contains(w))
        .unwrap_or("")
        .to_ascii_lowercase();
    if m.starts_with('j') && m != "jmp" || m.starts_with("loop") {
        return Some("conditional branch");
    }
    if m == "call" || m == "ret" || (m == "jmp" && i.text.contains('[')) {
        return Some("call, return or indirect jump");
    }
    if m.contains("gather") || m.contains("scatter") {
        return Some("gather/scatter");
    }
    // Intel syntax prints an index register with its scale: [base+index*scale+disp]
    let mem = i.text.split('[').skip(1).any(|s| {
        let inside = s.split(']').next().unwrap_or("");
        inside.contains('*')
    });
    if mem && m != "lea" && !m.starts_with("nop") {
        return Some("memory operand with an index register");
    }
    None
}

/// The kernel names declared in the generated sources (and the two hand-written blocks).
fn declared_kernels() -> BTreeSet<String> {
    let src = [
        include_str!("../../arith/src/backend/x86_64/mulx/gen.rs"),
        include_str!("../../arith/src/backend/x86_64/mulx/lines_gen.rs"),
        include_str!("../../pairing/src/backend/x86_64/mulx/lines_gen.rs"),
        include_str!("../../ec/src/backend/x86_64/mulx/points_gen.rs"),
        include_str!("../../arith/src/backend/x86_64/mulx/mod.rs"),
    ];
    // kernels of lab builds only (hayate-arith's feature `lab`) are not in the payload
    let lab: BTreeSet<String> = src
        .iter()
        .flat_map(|s| s.split("#[cfg(feature = \"lab\")]").skip(1))
        .filter_map(|s| {
            let head = s.split('{').next()?;
            let f = head.split("unsafe fn ").nth(1)?;
            Some(f.split('(').next()?.to_string())
        })
        .collect();
    src.iter()
        .flat_map(|s| s.split("kernel_end!(\"").skip(1))
        .map(|s| s.split('"').next().unwrap().to_string())
        .filter(|k| !lab.contains(k))
        .collect()
}

/// The assembly kernels that loop, with the public counter their one conditional branch tests
/// (the branch must directly follow the `dec` of that counter).
const LOOP_KERNELS: &[(&str, &str)] = &[
    (
        "cyclo_sqr_4",
        "the number of cyclotomic squarings, a constant of the caller (the run length of the \
         curve parameter's bits in the final exponentiation, or of a public window)",
    ),
    ("cyclo_sqr_6", "as cyclo_sqr_4"),
    (
        "compressed_sqr_4",
        "as cyclo_sqr_4 (Karabina's compressed squarings)",
    ),
    ("compressed_sqr_6", "as compressed_sqr_4"),
    ("cyclo_sqr_4_xi9", "as cyclo_sqr_4"),
    (
        "fp12_sqr_mul_by_034_4",
        "`looped` in tools/codegen/x86_64_lines.py (two loops): a fixed count, pushed as an immediate, of \
         passes over the scratch areas",
    ),
];

/// Checks every recorded assembly kernel of `bin`: returns the names seen and the findings.
fn check_kernels(bin: &Path, insns: &[Insn]) -> (BTreeSet<String>, Vec<String>) {
    let mut seen = BTreeSet::new();
    let mut findings = Vec::new();
    for (start, len, name) in kernel_records(bin) {
        let code = range(insns, start, start + len);
        assert!(!code.is_empty(), "{name}: empty range at {start:#x}");
        seen.insert(name.clone());
        let loops = LOOP_KERNELS.iter().any(|(n, _)| *n == name);
        for (k, i) in code.iter().enumerate() {
            if let Some(h) = hazard(i) {
                let counter = h == "conditional branch"
                    && loops
                    && k > 0
                    && code[k - 1].text.starts_with("dec ")
                    && (i.text.starts_with("je ") || i.text.starts_with("jne "));
                if !counter {
                    findings.push(format!("{name} @ {:#x}: {h}: {}", i.addr, i.text));
                }
            }
        }
    }
    (seen, findings)
}

#[test]
fn assembly_kernels_have_no_secret_dependent_branch_or_index() {
    // both builds at once (two cargo processes, two target directories)
    std::thread::scope(|s| {
        s.spawn(|| payload(Build::Runtime));
        payload(Build::Adx);
    });
    let mut seen = BTreeSet::new();
    for build in [Build::Adx, Build::Runtime] {
        let bin = payload(build);
        let insns = disassemble(&bin);
        let (names, findings) = check_kernels(&bin, &insns);
        seen.extend(names);
        // the control: the planted branch and load are found, and nothing else
        let planted: Vec<_> = findings
            .iter()
            .filter(|f| f.starts_with("mont_mul_4_planted "))
            .collect();
        assert!(
            planted.iter().any(|f| f.contains("conditional branch"))
                && planted.iter().any(|f| f.contains("index register")),
            "{build:?}: the planted kernel's branch and indexed load were not found: the check \
             is broken\n{findings:#?}"
        );
        let others: Vec<_> = findings
            .iter()
            .filter(|f| !f.starts_with("mont_mul_4_planted "))
            .collect();
        assert!(
            others.is_empty(),
            "{build:?}: hazards in assembly kernels:\n{others:#?}"
        );
    }
    // every kernel the library declares is in one of the two binaries (so it was checked)
    let missing: Vec<_> = declared_kernels().difference(&seen).cloned().collect();
    assert!(
        missing.is_empty(),
        "kernels not present in either payload build: {missing:?}"
    );
}

/// The modules of IFMA code: hayate-arith's lanes, and the point kernels of hayate-ec and the
/// Miller-loop lanes of hayate-pairing built on them.
const IFMA_MODULES: &[&str] = &[
    "hayate_arith::backend::x86_64::ifma",
    "hayate_ec::backend::x86_64::ifma",
    "hayate_pairing::backend::x86_64::ifma",
];

/// The IFMA functions (closures folded into the function that defines them). A function not
/// listed here fails the test until it is looked at and added; its sites are then checked
/// against [`IFMA_SITES`].
const IFMA_FUNCTIONS: &[&str] = &[
    "hayate_arith::backend::x86_64::ifma::available",
    "hayate_arith::backend::x86_64::ifma::compressed_sqr_4",
    "hayate_arith::backend::x86_64::ifma::compressed_sqr_4_xi9",
    "hayate_arith::backend::x86_64::ifma::compressed_sqr_6",
    "hayate_arith::backend::x86_64::ifma::cpu_has_ifma",
    "hayate_arith::backend::x86_64::ifma::cyclo_sqr_4",
    "hayate_arith::backend::x86_64::ifma::cyclo_sqr_4_xi9",
    "hayate_arith::backend::x86_64::ifma::cyclo_sqr_6",
    "hayate_pairing::backend::x86_64::ifma::double_steps",
    "hayate_pairing::backend::x86_64::ifma::double_steps_12xi",
    "hayate_pairing::backend::x86_64::ifma::double_steps_m3u",
    "hayate_arith::backend::x86_64::ifma::gather",
    "hayate_arith::backend::x86_64::ifma::planted_lanes",
    "hayate_arith::backend::x86_64::ifma::probe",
    "hayate_ec::backend::x86_64::ifma::g2::sac_columns_6",
    "hayate_ec::backend::x86_64::ifma::g2::sac_columns_fp2",
    "hayate_pairing::backend::x86_64::ifma::miller::fp2_sum",
    "hayate_pairing::backend::x86_64::ifma::miller::fp2_sum_kara",
    "hayate_pairing::backend::x86_64::ifma::miller::load",
    "hayate_pairing::backend::x86_64::ifma::miller::miller_lanes",
    "hayate_pairing::backend::x86_64::ifma::miller::run",
    "hayate_pairing::backend::x86_64::ifma::miller::sum_of_products",
    "hayate_arith::backend::x86_64::ifma::pow::pow_lanes",
    "hayate_arith::backend::x86_64::ifma::pow::run",
    "hayate_ec::backend::x86_64::ifma::straus::run",
    "hayate_ec::backend::x86_64::ifma::straus::run_tables",
    "hayate_ec::backend::x86_64::ifma::straus::straus_lanes",
];

/// The IFMA entry points the payload must contain (so the check cannot pass vacuously): the
/// BLS12-381 G2 columns, the Straus lanes, the GT power lanes and the Miller-loop lanes.
const IFMA_ENTRY_POINTS: &[&str] = &[
    "hayate_ec::backend::x86_64::ifma::g2::sac_columns_6",
    "hayate_ec::backend::x86_64::ifma::straus::run_tables",
    "hayate_arith::backend::x86_64::ifma::pow::run",
    "hayate_pairing::backend::x86_64::ifma::miller::run",
];

/// The IFMA functions that may contain a gather instruction, with the reason its indices are
/// public. Each gather is the compiler's vectorisation of a copy through an array of references
/// built in input order (`ifma::gather`, `ifma::g2::load`): the index vector holds the addresses of
/// the inputs, never a value derived from them.
const IFMA_GATHERS: &[(&str, &str)] = &[
    (
        "hayate_ec::backend::x86_64::ifma::g2::sac_columns_6",
        "`load` of the state and of every table entry, in table order; the secret column \
         digits then select entries with masked blends (`lookup`)",
    ),
    (
        "hayate_ec::backend::x86_64::ifma::straus::run_tables",
        "`gather` of each group's bases (padded with its first base), lane by lane; the secret \
         digits select table entries with masked blends",
    ),
    (
        "hayate_pairing::backend::x86_64::ifma::miller::run",
        "`gather` of each lane's (u, v) and of its line coefficients at the public step `idx`",
    ),
];

/// Where the IFMA functions may branch, jump or call indirectly, gather, or address memory with
/// an index register: (source file, the text of the source line the instruction comes from,
/// which of `b` `j` `g` `i` (see [`ifma_hazard`]) may occur there, why it is public). Each
/// instruction is attributed to the innermost inlined frame of this workspace
/// (`addr2line -i`), so a helper's branch is listed at the helper's line and a library
/// iterator's at the loop that uses it; an instruction without a line of its own (code the
/// compiler made) belongs to the nearest line before it. Lines with the same text in one file
/// share an entry. A new site fails the test until it is read and listed here (an entry the
/// build no longer has is only printed).
///
/// This classifies each site by review, once; it does not prove each branch public on every
/// input. The instruction traces (`tests/trace.rs`) run the same code with several secret
/// inputs and compare every branch direction and address.
const IFMA_SITES: &[(&str, &str, &str, &str)] = &[
    (
        "crates/arith/src/backend/x86_64/ifma/mod.rs",
        ".collect()",
        "bi",
        ALLOC,
    ),
    (
        "crates/arith/src/backend/x86_64/ifma/mod.rs",
        "map(|j| _mm512_loadu_si512(t[j].as_ptr() as *const _))",
        "i",
        LIMB,
    ),
    (
        "crates/arith/src/backend/cpu.rs",
        "match self.0.load(Ordering::Relaxed) {",
        "b",
        PROBE,
    ),
    (
        "crates/arith/src/backend/cpu.rs",
        "&& std::is_x86_feature_detected!(\"avx512ifma\"),",
        "b",
        PROBE,
    ),
    (
        "crates/arith/src/backend/cpu.rs",
        "avx2: std::is_x86_feature_detected!(\"avx2\"),",
        "b",
        PROBE,
    ),
    (
        "crates/arith/src/backend/cpu.rs",
        "avx512_ifma: std::is_x86_feature_detected!(\"avx512f\")",
        "b",
        PROBE,
    ),
    (
        "crates/arith/src/backend/x86_64/ifma/mod.rs",
        "*x = match k {",
        "bi",
        SCHED,
    ),
    (
        "crates/arith/src/backend/x86_64/ifma/mod.rs",
        "_mm512_set1_epi64(x as i64)",
        "i",
        LIMB,
    ),
    (
        "crates/arith/src/backend/x86_64/ifma/mod.rs",
        "_mm512_storeu_si512(o[i][j].as_mut_ptr() as *mut _, x[j]);",
        "i",
        LIMB,
    ),
    (
        "crates/arith/src/backend/x86_64/ifma/mod.rs",
        "acc[i + j + 1] = _mm512_madd52hi_epu64(acc[i + j + 1], a[i], b[j]);",
        "i",
        LIMB,
    ),
    (
        "crates/arith/src/backend/x86_64/ifma/mod.rs",
        "acc[i + j] = _mm512_madd52lo_epu64(acc[i + j], a[i], b[j]);",
        "i",
        LIMB,
    ),
    (
        "crates/arith/src/backend/x86_64/ifma/mod.rs",
        "acc[i + j] = _mm512_madd52lo_epu64(acc[i + j], m, p[j]);",
        "i",
        LIMB,
    ),
    (
        "crates/arith/src/backend/x86_64/ifma/mod.rs",
        "let m = _mm512_madd52lo_epu64(zero, acc[i], n0);",
        "i",
        LIMB,
    ),
    (
        "crates/arith/src/backend/x86_64/ifma/mod.rs",
        "for (a, b) in terms {",
        "b",
        LOOP,
    ),
    (
        "crates/arith/src/backend/x86_64/ifma/mod.rs",
        "for (i, x) in outs.iter().enumerate() {",
        "b",
        LOOP,
    ),
    (
        "crates/pairing/src/backend/x86_64/ifma/mod.rs",
        "for (k, (tc, xp, nyp)) in inputs.iter().enumerate() {",
        "b",
        LOOP,
    ),
    (
        "crates/arith/src/backend/x86_64/ifma/mod.rs",
        "for (k, x) in group.iter().enumerate() {",
        "b",
        LOOP,
    ),
    (
        "crates/arith/src/backend/x86_64/ifma/mod.rs",
        "for _ in 0..n {",
        "b",
        LOOP,
    ),
    (
        "crates/pairing/src/backend/x86_64/ifma/mod.rs",
        "for chunk in inputs.chunks(8) {",
        "b",
        ALLOC,
    ),
    (
        "crates/pairing/src/backend/x86_64/ifma/mod.rs",
        "let [x0, x1, y0, y1, z0, z1, xp, nyp] = load_steps::<6, N>(inputs);",
        "bi",
        LIMB,
    ),
    (
        "crates/pairing/src/backend/x86_64/ifma/mod.rs",
        "let mut out = Vec::with_capacity(inputs.len());",
        "b",
        ALLOC,
    ),
    (
        "crates/arith/src/backend/x86_64/ifma/mod.rs",
        "mul_acc(&mut acc, a, b);",
        "i",
        LIMB,
    ),
    (
        "crates/arith/src/backend/x86_64/ifma/mod.rs",
        "normalise(map(|j| _mm512_add_epi64(a[j], b[j])))",
        "i",
        LIMB,
    ),
    (
        "crates/pairing/src/backend/x86_64/ifma/mod.rs",
        "out.extend(unsafe {",
        "b",
        ALLOC,
    ),
    (
        "crates/arith/src/backend/x86_64/ifma/mod.rs",
        "r[j] = v & MASK;",
        "i",
        LIMB,
    ),
    (
        "crates/arith/src/backend/x86_64/ifma/mod.rs",
        "run::<Beuchat, 6, 4>(g, m, c, n)",
        "i",
        LIMB,
    ),
    (
        "crates/arith/src/backend/x86_64/ifma/mod.rs",
        "run_gs::<Bls12, 8, 6>(z, m, c, n)",
        "i",
        LIMB,
    ),
    (
        "crates/arith/src/backend/x86_64/ifma/mod.rs",
        "run_gs::<Xi9, 6, 4>(z, m, c, n)",
        "i",
        LIMB,
    ),
    (
        "crates/pairing/src/backend/x86_64/ifma/mod.rs",
        "assert!(applies::<P, N>(), \"double_steps without applies\");",
        "b",
        SHAPE,
    ),
    (
        "crates/pairing/src/backend/x86_64/ifma/mod.rs",
        "t[i][j][k] = l[j];",
        "bi",
        LIMB,
    ),
    (
        "crates/arith/src/backend/x86_64/ifma/mod.rs",
        "t[j][k] = l[j];",
        "i",
        LIMB,
    ),
    (
        "crates/arith/src/backend/x86_64/ifma/mod.rs",
        "v |= x[w + 1] << (64 - s);",
        "i",
        LIMB,
    ),
    (
        "crates/arith/src/backend/x86_64/ifma/mod.rs",
        "v[j + 1] = _mm512_add_epi64(v[j + 1], c);",
        "i",
        LIMB,
    ),
    (
        "crates/arith/src/backend/x86_64/ifma/mod.rs",
        "w[..N].copy_from_slice(f(x));",
        "ijg",
        COPY,
    ),
    (
        "crates/pairing/src/backend/x86_64/ifma/mod.rs",
        "w[..N].copy_from_slice(src);",
        "i",
        COPY,
    ),
    (
        "crates/pairing/src/backend/x86_64/ifma/mod.rs",
        "}",
        "b",
        LOOP,
    ),
    (
        "crates/ec/src/backend/x86_64/ifma/g2.rs",
        "*t = [a, b, c, d];",
        "i",
        COPY,
    ),
    (
        "crates/ec/src/backend/x86_64/ifma/g2.rs",
        "Some([",
        "j",
        COPY,
    ),
    (
        "crates/ec/src/backend/x86_64/ifma/g2.rs",
        "Term::Mul(a, b) => product::<L, B5>(k, a, b, i),",
        "i",
        SCHED,
    ),
    (
        "crates/ec/src/backend/x86_64/ifma/g2.rs",
        "columns_fp2(acc, table, cols)",
        "i",
        LIMB,
    ),
    (
        "crates/ec/src/backend/x86_64/ifma/g2.rs",
        ".map_or([[0; 6]; 4], |e| e.map(hayate_arith::backend::uncast))",
        "bj",
        ALLOC_CALL,
    ),
    (
        "crates/ec/src/backend/x86_64/ifma/g2.rs",
        "let tb: [[[u64; 6]; 4]; MAX_TABLE] = core::array::from_fn(|i| {",
        "j",
        ALLOC_CALL,
    ),
    (
        "crates/ec/src/backend/x86_64/ifma/g2.rs",
        "for &(i, _) in cols {",
        "bi",
        SHAPE,
    ),
    (
        "crates/ec/src/backend/x86_64/ifma/g2.rs",
        "for &(idx, neg) in cols {",
        "b",
        LOOP,
    ),
    (
        "crates/ec/src/backend/x86_64/ifma/g2.rs",
        "for (e, t) in table.iter().enumerate() {",
        "b",
        LOOP,
    ),
    (
        "crates/ec/src/backend/x86_64/ifma/g2.rs",
        "for (g, pair) in table[..n].chunks(2).enumerate() {",
        "b",
        ALLOC,
    ),
    (
        "crates/ec/src/backend/x86_64/ifma/g2.rs",
        "for (i, e) in pair.iter().enumerate() {",
        "b",
        LOOP,
    ),
    (
        "crates/ec/src/backend/x86_64/ifma/g2.rs",
        "for (s, (terms, _)) in slots.iter().enumerate() {",
        "b",
        LOOP,
    ),
    (
        "crates/ec/src/backend/x86_64/ifma/g2.rs",
        "for (s, v) in vals.iter().enumerate() {",
        "b",
        LOOP,
    ),
    (
        "crates/ec/src/backend/x86_64/ifma/g2.rs",
        "for (t, e) in tab.iter_mut().zip(table) {",
        "b",
        LOOP,
    ),
    (
        "crates/ec/src/backend/x86_64/ifma/g2.rs",
        "for i in 0..pair.len() {",
        "b",
        LOOP,
    ),
    (
        "crates/ec/src/backend/x86_64/ifma/g2.rs",
        "for t in 0..n {",
        "b",
        LOOP,
    ),
    (
        "crates/ec/src/backend/x86_64/ifma/g2.rs",
        "for term in terms.iter() {",
        "bi",
        LOOP,
    ),
    (
        "crates/ec/src/backend/x86_64/ifma/g2.rs",
        "if !enabled::<P, N>() {",
        "b",
        SHAPE,
    ),
    (
        "crates/ec/src/backend/x86_64/ifma/g2.rs",
        "if cols.len() < MIN_COLUMNS",
        "b",
        SHAPE,
    ),
    (
        "crates/ec/src/backend/x86_64/ifma/g2.rs",
        "if i == 0 {",
        "b",
        SCHED,
    ),
    (
        "crates/ec/src/backend/x86_64/ifma/g2.rs",
        "if r < q {",
        "b",
        SCHED,
    ),
    (
        "crates/ec/src/backend/x86_64/ifma/g2.rs",
        "let (ta, tb) = operands::<L, B5>(k, term, r);",
        "i",
        LIMB,
    ),
    (
        "crates/ec/src/backend/x86_64/ifma/g2.rs",
        "let q = passes::<L, B5>(term);",
        "i",
        SCHED,
    ),
    (
        "crates/ec/src/backend/x86_64/ifma/g2.rs",
        "let r1 = round::<L, B5>(",
        "i",
        LIMB,
    ),
    (
        "crates/ec/src/backend/x86_64/ifma/g2.rs",
        "let r2 = round::<L, B5>(",
        "i",
        LIMB,
    ),
    (
        "crates/ec/src/backend/x86_64/ifma/g2.rs",
        "let r3 = round::<L, B5>(",
        "i",
        LIMB,
    ),
    (
        "crates/ec/src/backend/x86_64/ifma/g2.rs",
        "let r4 = round::<L, B5>(",
        "i",
        LIMB,
    ),
    (
        "crates/ec/src/backend/x86_64/ifma/g2.rs",
        "let r5 = round::<L, B5>(",
        "i",
        LIMB,
    ),
    (
        "crates/ec/src/backend/x86_64/ifma/g2.rs",
        "let v = load(&k, &vals[..2 * pair.len()]);",
        "i",
        LIMB,
    ),
    (
        "crates/ec/src/backend/x86_64/ifma/g2.rs",
        "match *t {",
        "b",
        SCHED,
    ),
    (
        "crates/ec/src/backend/x86_64/ifma/g2.rs",
        "match t {",
        "i",
        SCHED,
    ),
    (
        "crates/ec/src/backend/x86_64/ifma/g2.rs",
        "run::<8, 6, false>(state, table, cols, m, c)",
        "i",
        LIMB,
    ),
    (
        "crates/ec/src/backend/x86_64/ifma/g2.rs",
        "t[j][2 * s + h] = l[j];",
        "i",
        LIMB,
    ),
    (
        "crates/ec/src/backend/x86_64/ifma/g2.rs",
        "tab[2 * g + i] = [rep(&v, 2 * i), rep(&v, 2 * i + 1)];",
        "bi",
        LIMB,
    ),
    (
        "crates/ec/src/backend/x86_64/ifma/g2.rs",
        "w[..N].copy_from_slice(*c);",
        "ig",
        COPY,
    ),
    (
        "crates/ec/src/backend/x86_64/ifma/g2.rs",
        "|| !applies::<P, N>()",
        "b",
        SHAPE,
    ),
    (
        "crates/pairing/src/backend/mod.rs",
        "#[derive(Clone, Copy, Debug, PartialEq, Eq)]",
        "bi",
        SCHED,
    ),
    (
        "crates/pairing/src/backend/x86_64/ifma/miller.rs",
        "*t = [",
        "j",
        COPY,
    ),
    (
        "crates/pairing/src/backend/x86_64/ifma/miller.rs",
        "*x = _mm512_mask_blend_epi64(mask, *o, *x);",
        "i",
        LIMB,
    ),
    (
        "crates/pairing/src/backend/x86_64/ifma/miller.rs",
        ".all(|o| !matches!(o, LaneOp::Add(k, _) if *k > 2)),",
        "bi",
        SCHED,
    ),
    (
        "crates/pairing/src/backend/x86_64/ifma/miller.rs",
        "[l0, l1, i]",
        "ij",
        COPY,
    ),
    (
        "crates/pairing/src/backend/x86_64/ifma/miller.rs",
        "[l0, l1, l2]",
        "j",
        COPY,
    ),
    (
        "crates/pairing/src/backend/x86_64/ifma/miller.rs",
        "[x, y, ny]",
        "j",
        COPY,
    ),
    (
        "crates/pairing/src/backend/x86_64/ifma/miller.rs",
        "_mm512_sub_epi64(_mm512_add_epi64(x[0][j], splat(v.c.k64[j])), x[1][j])",
        "i",
        LIMB,
    ),
    (
        "crates/pairing/src/backend/x86_64/ifma/miller.rs",
        "assert!(!ops.contains(&LaneOp::Line), \"no stored lines\");",
        "b",
        SCHED,
    ),
    (
        "crates/pairing/src/backend/x86_64/ifma/miller.rs",
        "aux[i].write(S::nb(v, &x[1]));",
        "i",
        LIMB,
    ),
    (
        "crates/pairing/src/backend/x86_64/ifma/miller.rs",
        "aux[i].write(S::nb(v, &y[1]));",
        "i",
        LIMB,
    ),
    (
        "crates/pairing/src/backend/x86_64/ifma/miller.rs",
        "blend_into(g.mask, cur, next);",
        "i",
        SCHED,
    ),
    (
        "crates/pairing/src/backend/x86_64/ifma/miller.rs",
        "dbl[i].write(v.add(&x[0], &x[0]));",
        "i",
        LIMB,
    ),
    (
        "crates/pairing/src/backend/x86_64/ifma/miller.rs",
        "for (e, o) in out.iter_mut().enumerate() {",
        "b",
        LOOP,
    ),
    (
        "crates/pairing/src/backend/x86_64/ifma/miller.rs",
        "for (i, (x, y)) in terms.iter().enumerate() {",
        "b",
        LOOP,
    ),
    (
        "crates/pairing/src/backend/x86_64/ifma/miller.rs",
        "for (i, t) in terms.iter().enumerate() {",
        "b",
        LOOP,
    ),
    (
        "crates/pairing/src/backend/x86_64/ifma/miller.rs",
        "for (i, x) in r.iter_mut().enumerate() {",
        "b",
        LOOP,
    ),
    (
        "crates/pairing/src/backend/x86_64/ifma/miller.rs",
        "for (i, x) in slots.iter_mut().enumerate() {",
        "b",
        LOOP,
    ),
    (
        "crates/pairing/src/backend/x86_64/ifma/miller.rs",
        "for (re, oe) in new.iter_mut().zip(old) {",
        "bi",
        LOOP,
    ),
    (
        "crates/pairing/src/backend/x86_64/ifma/miller.rs",
        "for a in 0..6 {",
        "bi",
        LOOP,
    ),
    (
        "crates/pairing/src/backend/x86_64/ifma/miller.rs",
        "for chunk in pairs.chunks(8) {",
        "b",
        ALLOC,
    ),
    (
        "crates/pairing/src/backend/x86_64/ifma/miller.rs",
        "for g in groups.iter_mut() {",
        "bi",
        LOOP,
    ),
    (
        "crates/pairing/src/backend/x86_64/ifma/miller.rs",
        "for op in ops {",
        "bi",
        LOOP,
    ),
    (
        "crates/pairing/src/backend/x86_64/ifma/miller.rs",
        "fp12_square::<S, L>(&v, cur, next);",
        "i",
        LIMB,
    ),
    (
        "crates/pairing/src/backend/x86_64/ifma/miller.rs",
        "groups.push(Group {",
        "bij",
        ALLOC_CALL,
    ),
    (
        "crates/pairing/src/backend/x86_64/ifma/miller.rs",
        "_ => double_step::<S, L>(&v, &mut g.t, &g.p),",
        "i",
        LIMB,
    ),
    (
        "crates/pairing/src/backend/x86_64/ifma/miller.rs",
        "f[e] = build(|i| normalise(map(|j| _mm512_sub_epi64(splat(v.c.k64[j]), f[e][i][j]))));",
        "i",
        LIMB,
    ),
    (
        "crates/pairing/src/backend/x86_64/ifma/miller.rs",
        "if b < a {",
        "bi",
        LOOP,
    ),
    (
        "crates/pairing/src/backend/x86_64/ifma/miller.rs",
        "if g.mask != 0xff {",
        "b",
        SCHED,
    ),
    (
        "crates/pairing/src/backend/x86_64/ifma/miller.rs",
        "if pairs.is_empty() {",
        "b",
        ALLOC,
    ),
    (
        "crates/pairing/src/backend/x86_64/ifma/miller.rs",
        "let [x, y, ny] = &g.a[k];",
        "b",
        SCHED,
    ),
    (
        "crates/pairing/src/backend/x86_64/ifma/miller.rs",
        "let a: [[F2<L>; 3]; 3] = build(|k| {",
        "i",
        LIMB,
    ),
    (
        "crates/pairing/src/backend/x86_64/ifma/miller.rs",
        "let c = |i: usize| col(&|q| &q.addends[k][i]);",
        "b",
        LOOP,
    ),
    (
        "crates/pairing/src/backend/x86_64/ifma/miller.rs",
        "let col = |f: &dyn Fn(&LanePair<N>) -> &[u64; N]| -> V<L> { load(&v, chunk, f) };",
        "i",
        COPY,
    ),
    (
        "crates/pairing/src/backend/x86_64/ifma/miller.rs",
        "let five = _mm512_add_epi64(y[j], _mm512_slli_epi64::<2>(y[j]));",
        "i",
        LIMB,
    ),
    (
        "crates/pairing/src/backend/x86_64/ifma/miller.rs",
        "let l = match *op {",
        "b",
        SCHED,
    ),
    (
        "crates/pairing/src/backend/x86_64/ifma/miller.rs",
        "let mut fb: F12<L> = fa;",
        "j",
        COPY,
    ),
    (
        "crates/pairing/src/backend/x86_64/ifma/miller.rs",
        "let mut groups: Vec<Group<L>> = Vec::with_capacity(pairs.len().div_ceil(8));",
        "bi",
        ALLOC,
    ),
    (
        "crates/pairing/src/backend/x86_64/ifma/miller.rs",
        "match *op {",
        "i",
        SCHED,
    ),
    (
        "crates/pairing/src/backend/x86_64/ifma/miller.rs",
        "match t {",
        "b",
        SCHED,
    ),
    (
        "crates/pairing/src/backend/x86_64/ifma/miller.rs",
        "ops.iter().rev().skip(1).all(|o| *o != LaneOp::Conjugate),",
        "bi",
        SCHED,
    ),
    (
        "crates/pairing/src/backend/x86_64/ifma/miller.rs",
        "scaled_sop(terms, k, p, n0)",
        "i",
        LIMB,
    ),
    (
        "crates/pairing/src/backend/x86_64/ifma/miller.rs",
        "assert!(applies::<P, N>(), \"miller_lanes without applies\");",
        "b",
        SHAPE,
    ),
    (
        "crates/pairing/src/backend/x86_64/ifma/miller.rs",
        "sop(v, &[(&gather(group, f), &splat_v(&v.c.to))], 1)",
        "i",
        LIMB,
    ),
    (
        "crates/pairing/src/backend/x86_64/ifma/miller.rs",
        "sum_of_products(terms, k, &v.p, v.n0)",
        "j",
        COPY,
    ),
    (
        "crates/pairing/src/backend/x86_64/ifma/miller.rs",
        "t: [a[0][0], a[0][1], [one, zero]],",
        "j",
        COPY,
    ),
    (
        "crates/pairing/src/backend/x86_64/ifma/miller.rs",
        "terms[n] = match (a == b, wrap) {",
        "b",
        LOOP,
    ),
    (
        "crates/pairing/src/backend/x86_64/ifma/miller.rs",
        "unsafe fn run<S: Tower<L>, const L: usize, const N: usize>(",
        "b",
        FRAME,
    ),
    (
        "crates/pairing/src/backend/x86_64/ifma/miller.rs",
        "unsafe { (&r as *const [core::mem::MaybeUninit<T>; K] as *const [T; K]).read() }",
        "j",
        COPY,
    ),
    (
        "crates/pairing/src/backend/x86_64/ifma/miller.rs",
        "x.write(f(i));",
        "ij",
        LIMB_CALL,
    ),
    (
        "crates/pairing/src/backend/x86_64/ifma/miller.rs",
        "xs[i].write(v.add(&x[0], &x[1]));",
        "i",
        LIMB,
    ),
    (
        "crates/pairing/src/backend/x86_64/ifma/miller.rs",
        "ys[i].write(v.add(&y[0], &y[1]));",
        "i",
        LIMB,
    ),
    (
        "crates/pairing/src/backend/x86_64/ifma/miller.rs",
        "}",
        "b",
        LOOP,
    ),
    (
        "crates/arith/src/backend/x86_64/ifma/pow.rs",
        "(N == 4 || N == 6) && cpu_has_ifma_cached() && sched.first.is_some(),",
        "b",
        SHAPE,
    ),
    (
        "crates/arith/src/backend/x86_64/ifma/pow.rs",
        "for &(sq, m) in &sched.steps {",
        "b",
        SCHED,
    ),
    (
        "crates/arith/src/backend/x86_64/ifma/pow.rs",
        "for _ in 0..sq {",
        "bi",
        LOOP,
    ),
    (
        "crates/arith/src/backend/x86_64/ifma/pow.rs",
        "for batch in xs.chunks(8) {",
        "b",
        ALLOC,
    ),
    (
        "crates/arith/src/backend/x86_64/ifma/pow.rs",
        "for j in 1..=sched.max_odd {",
        "bi",
        SCHED,
    ),
    (
        "crates/arith/src/backend/x86_64/ifma/pow.rs",
        "if let Some(j) = m {",
        "b",
        SCHED,
    ),
    (
        "crates/arith/src/backend/x86_64/ifma/pow.rs",
        "let mut odd: Vec<V<L>> = Vec::with_capacity(sched.max_odd + 1);",
        "b",
        SCHED,
    ),
    (
        "crates/arith/src/backend/x86_64/ifma/pow.rs",
        "let mut out = Vec::with_capacity(xs.len());",
        "b",
        ALLOC,
    ),
    (
        "crates/arith/src/backend/x86_64/ifma/pow.rs",
        "let mut r = odd[sched.first.unwrap_or(0)];",
        "bi",
        SCHED,
    ),
    (
        "crates/arith/src/backend/x86_64/ifma/pow.rs",
        "let next = mul(&odd[j - 1], &x2);",
        "bi",
        LOOP,
    ),
    (
        "crates/arith/src/backend/x86_64/ifma/pow.rs",
        "odd.push(next);",
        "bi",
        ALLOC,
    ),
    (
        "crates/arith/src/backend/x86_64/ifma/pow.rs",
        "odd.push(x);",
        "b",
        ALLOC,
    ),
    (
        "crates/arith/src/backend/x86_64/ifma/pow.rs",
        "out.extend(r.into_iter().map(|[v]| Fp::<P, N>::from_mont_unchecked(v)));",
        "bi",
        ALLOC,
    ),
    (
        "crates/arith/src/backend/x86_64/ifma/pow.rs",
        "r = mul(&r, &odd[j]);",
        "b",
        SCHED,
    ),
    (
        "crates/arith/src/backend/x86_64/ifma/pow.rs",
        "}",
        "b",
        LOOP,
    ),
    (
        "crates/ec/src/backend/x86_64/ifma/straus.rs",
        "(N == 4 || N == 6) && cpu_has_ifma_cached(),",
        "b",
        SHAPE,
    ),
    (
        "crates/ec/src/backend/x86_64/ifma/straus.rs",
        "*x = map(|j| _mm512_loadu_si512(words[j].as_ptr() as *const _));",
        "i",
        LIMB,
    ),
    (
        "crates/ec/src/backend/x86_64/ifma/straus.rs",
        "*x = v;",
        "i",
        LIMB,
    ),
    (
        "crates/ec/src/backend/x86_64/ifma/straus.rs",
        ".map(|(g, w)| sub_k(&w[0], &g[e - 1][0], &v.c.k4))",
        "b",
        LOOP,
    ),
    (
        "crates/ec/src/backend/x86_64/ifma/straus.rs",
        "[0, 1].map(|k| Fp::<P, N>::from_mont_unchecked(lane[2 * e + k]))",
        "bi",
        COPY,
    ),
    (
        "crates/ec/src/backend/x86_64/ifma/straus.rs",
        "_mm512_storeu_si512(o[j].as_mut_ptr() as *mut _, *limb);",
        "i",
        LIMB,
    ),
    (
        "crates/ec/src/backend/x86_64/ifma/straus.rs",
        "_mm512_sub_epi64(_mm512_add_epi64(a[j], splat(k[j])), b[j])",
        "i",
        LIMB,
    ),
    (
        "crates/ec/src/backend/x86_64/ifma/straus.rs",
        "acc = double(&v, &acc);",
        "bi",
        LOOP,
    ),
    (
        "crates/ec/src/backend/x86_64/ifma/straus.rs",
        "for ((g, w), i) in t.iter_mut().zip(&two).zip(&inv) {",
        "bi",
        LOOP,
    ),
    (
        "crates/ec/src/backend/x86_64/ifma/straus.rs",
        "for (e, [x, y]) in tab.iter().enumerate() {",
        "bi",
        LOOP,
    ),
    (
        "crates/ec/src/backend/x86_64/ifma/straus.rs",
        "for (e, entry) in t.iter_mut().enumerate() {",
        "b",
        LOOP,
    ),
    (
        "crates/ec/src/backend/x86_64/ifma/straus.rs",
        "for (e, entry) in table.iter().enumerate().skip(1) {",
        "bi",
        LOOP,
    ),
    (
        "crates/ec/src/backend/x86_64/ifma/straus.rs",
        "for (g, tab) in groups.iter().zip(&t) {",
        "b",
        LOOP,
    ),
    (
        "crates/ec/src/backend/x86_64/ifma/straus.rs",
        "for (h, table) in tables.iter().enumerate() {",
        "bi",
        LOOP,
    ),
    (
        "crates/ec/src/backend/x86_64/ifma/straus.rs",
        "for (h, table) in tables.iter().enumerate().skip(1) {",
        "bi",
        LOOP,
    ),
    (
        "crates/ec/src/backend/x86_64/ifma/straus.rs",
        "for (j, w) in l.tables[h].words[at..at + L].iter().enumerate() {",
        "bi",
        LOOP,
    ),
    (
        "crates/ec/src/backend/x86_64/ifma/straus.rs",
        "for (lane, l) in batch.iter().enumerate() {",
        "bi",
        LOOP,
    ),
    (
        "crates/ec/src/backend/x86_64/ifma/straus.rs",
        "for (lane, w) in words.iter_mut().enumerate() {",
        "bi",
        LOOP,
    ),
    (
        "crates/ec/src/backend/x86_64/ifma/straus.rs",
        "for (x, v) in t.iter_mut().zip(vals) {",
        "b",
        LOOP,
    ),
    (
        "crates/ec/src/backend/x86_64/ifma/straus.rs",
        "for _ in 0..5 {",
        "b",
        LOOP,
    ),
    (
        "crates/ec/src/backend/x86_64/ifma/straus.rs",
        "for batch in lanes.chunks(8) {",
        "bi",
        ALLOC,
    ),
    (
        "crates/ec/src/backend/x86_64/ifma/straus.rs",
        "for d in &den[1..] {",
        "b",
        LOOP,
    ),
    (
        "crates/ec/src/backend/x86_64/ifma/straus.rs",
        "for e in 1..16 {",
        "b",
        LOOP,
    ),
    (
        "crates/ec/src/backend/x86_64/ifma/straus.rs",
        "for g in (1..den.len()).rev() {",
        "bi",
        LOOP,
    ),
    (
        "crates/ec/src/backend/x86_64/ifma/straus.rs",
        "for h in 0..terms {",
        "bi",
        LOOP,
    ),
    (
        "crates/ec/src/backend/x86_64/ifma/straus.rs",
        "for lane in store_steps(refs, g.len(), &P::MODULUS) {",
        "bij",
        LOOP_CALL,
    ),
    (
        "crates/ec/src/backend/x86_64/ifma/straus.rs",
        "for w in (0..top).rev() {",
        "bi",
        LOOP,
    ),
    (
        "crates/ec/src/backend/x86_64/ifma/straus.rs",
        "if inv.iter().any(|x| bool::from(x.is_zero())) {",
        "bi",
        ZERO,
    ),
    (
        "crates/ec/src/backend/x86_64/ifma/straus.rs",
        "let [x, y] = lookup(&v, &tables[0], i0, n0);",
        "b",
        LOOP,
    ),
    (
        "crates/ec/src/backend/x86_64/ifma/straus.rs",
        "let apply = nonzero(lane_vec(batch.iter().map(|l| (l.fix[h].0 & 1) as u64)));",
        "bi",
        DIGITS,
    ),
    (
        "crates/ec/src/backend/x86_64/ifma/straus.rs",
        "let col = if k == 1 { 2 } else { l.endo[h] as usize };",
        "bi",
        ENDO,
    ),
    (
        "crates/ec/src/backend/x86_64/ifma/straus.rs",
        "let den: Vec<V<L>> = t.iter().map(|g| v.add(&g[0][1], &g[0][1])).collect();",
        "b",
        ALLOC,
    ),
    (
        "crates/ec/src/backend/x86_64/ifma/straus.rs",
        "let e = [load(g, 0), load(g, 1)];",
        "j",
        COPY,
    ),
    (
        "crates/ec/src/backend/x86_64/ifma/straus.rs",
        "let index = lane_vec(batch.iter().map(|l| (l.digits[h][w].0 & 15) as u64));",
        "bi",
        DIGITS,
    ),
    (
        "crates/ec/src/backend/x86_64/ifma/straus.rs",
        "let inv = batch_inverse::<P, L, N>(&den, c)?;",
        "bi",
        ZERO,
    ),
    (
        "crates/ec/src/backend/x86_64/ifma/straus.rs",
        "let mut acc = den[0];",
        "b",
        ALLOC,
    ),
    (
        "crates/ec/src/backend/x86_64/ifma/straus.rs",
        "let mut out = Vec::with_capacity(lanes.len());",
        "b",
        ALLOC,
    ),
    (
        "crates/ec/src/backend/x86_64/ifma/straus.rs",
        "let mut out = vec![acc; den.len()];",
        "bij",
        ALLOC_CALL,
    ),
    (
        "crates/ec/src/backend/x86_64/ifma/straus.rs",
        "let mut pad = [g[0]; 8];",
        "b",
        ALLOC,
    ),
    (
        "crates/ec/src/backend/x86_64/ifma/straus.rs",
        "let mut pref = Vec::with_capacity(den.len());",
        "bj",
        ALLOC_CALL,
    ),
    (
        "crates/ec/src/backend/x86_64/ifma/straus.rs",
        "let mut tables: Vec<[Entry<L>; 16]> = Vec::with_capacity(terms);",
        "b",
        ALLOC,
    ),
    (
        "crates/ec/src/backend/x86_64/ifma/straus.rs",
        "let mut words = vec![vec![0u64; 16 * 3 * L]; g.len()];",
        "bij",
        ALLOC_CALL,
    ),
    (
        "crates/ec/src/backend/x86_64/ifma/straus.rs",
        "let neg = lane_vec(batch.iter().map(|l| (l.digits[h][w].1 & 1) as u64));",
        "bi",
        DIGITS,
    ),
    (
        "crates/ec/src/backend/x86_64/ifma/straus.rs",
        "let neg = nonzero(lane_vec(batch.iter().map(|l| (l.fix[h].1 & 1) as u64)));",
        "bi",
        DIGITS,
    ),
    (
        "crates/ec/src/backend/x86_64/ifma/straus.rs",
        "let out: [V<L>; 3] = [0, 1, 2].map(|i| sop(&v, &[(&acc[i], &from)], 1));",
        "b",
        LOOP,
    ),
    (
        "crates/ec/src/backend/x86_64/ifma/straus.rs",
        "let refs: [&V<L>; 32] = core::array::from_fn(|i| &conv[i]);",
        "b",
        LOOP,
    ),
    (
        "crates/ec/src/backend/x86_64/ifma/straus.rs",
        "let terms = batch[0].tables.len();",
        "b",
        ALLOC,
    ),
    (
        "crates/ec/src/backend/x86_64/ifma/straus.rs",
        "out.extend(",
        "b",
        ALLOC,
    ),
    (
        "crates/ec/src/backend/x86_64/ifma/straus.rs",
        "out.push(core::array::from_fn(|e| {",
        "bj",
        ALLOC_CALL,
    ),
    (
        "crates/ec/src/backend/x86_64/ifma/straus.rs",
        "out[g] = mul(&acc, &pref[g - 1]);",
        "bi",
        LOOP,
    ),
    (
        "crates/ec/src/backend/x86_64/ifma/straus.rs",
        "pad[..g.len()].copy_from_slice(g);",
        "b",
        COPY,
    ),
    (
        "crates/ec/src/backend/x86_64/ifma/straus.rs",
        "pref.push(acc);",
        "bij",
        ALLOC_CALL,
    ),
    (
        "crates/ec/src/backend/x86_64/ifma/straus.rs",
        "r[c][j] = _mm512_mask_blend_epi64(m, r[c][j], entry[c][j]);",
        "i",
        LIMB,
    ),
    (
        "crates/ec/src/backend/x86_64/ifma/straus.rs",
        "scaled_sop(terms, k, &v.p, v.n0)",
        "i",
        LIMB,
    ),
    (
        "crates/ec/src/backend/x86_64/ifma/straus.rs",
        "square(a, &v.p, v.n0)",
        "i",
        LIMB,
    ),
    (
        "crates/ec/src/backend/x86_64/ifma/straus.rs",
        "tables.push(t);",
        "bi",
        ALLOC,
    ),
    (
        "crates/ec/src/backend/x86_64/ifma/straus.rs",
        "w[(3 * e + col) * L + j] = o[j][lane];",
        "bi",
        ENDO,
    ),
    (
        "crates/ec/src/backend/x86_64/ifma/straus.rs",
        "words[j][lane] = *w;",
        "i",
        LIMB,
    ),
    (
        "crates/ec/src/backend/x86_64/ifma/straus.rs",
        "}",
        "bj",
        LOOP_CALL,
    ),
    (
        "crates/arith/src/fp.rs",
        "self.mont.ct_eq(&[0u64; N])",
        "j",
        ZERO,
    ),
];

const LOOP: &str = "a loop over a public count (lanes, at most eight; limbs; coordinates; table \
                    entries; terms; windows; batches of eight inputs), and stack arrays indexed \
                    by its counter";
const LOOP_CALL: &str = "as LOOP, and `memcpy` called through an address held in a register";
const LIMB: &str = "stack arrays of limbs, lanes, coordinates or product passes indexed by loop \
                    counters of fixed bounds (loops the compiler kept rolled)";
const LIMB_CALL: &str = "as LIMB, and the element constructor of `build` called through a register";
const ALLOC: &str = "allocation, growth, bounds checks and iteration of vectors and slices of \
                     public length";
const ALLOC_CALL: &str = "as ALLOC, and `memcpy`/`memset` or the allocator called through an \
                          address held in a register";
const COPY: &str = "copies of fixed-size arrays (`memcpy` called through a register), of values \
                    through arrays of references built in input order, and `&dyn Fn` accessors \
                    fixed by the code";
const SCHED: &str = "a public schedule, as branches or a jump table: the Miller loop's `LaneOp` \
                     tags and group lane masks (the number of pairs), the G2 formula's `Term` \
                     kinds and passes, a sum's scale constant, the exponent's window schedule \
                     (`batch_pow::Schedule`: one public exponent)";
const PROBE: &str = "the CPU-feature probe and its cache";
const SHAPE: &str = "public tests before the lanes run (tower shape, CPU cache, number of \
                     columns) and the declassified `off_table` exit: whether any column index \
                     is outside the table, never true for the digits hayate's callers build \
                     (docs/constant-time.md)";
const ZERO: &str = "declassified: whether a denominator of the Straus lanes' table construction \
                    is zero (through `subtle`'s barrier call), a property of the public bases; \
                    the lanes then decline and the scalar code runs (docs/constant-time.md)";
const FRAME: &str = "function entry: the stack probe over a large frame's pages (a constant count)";
const ENDO: &str =
    "a term's public `endo` flag (`straus::StrausLane::endo`) picks its table's x or \
                    βx column while the tables are transposed into lanes";
const DIGITS: &str = "the loop over the lanes (at most eight) that moves each lane's secret digit \
                      or sign bit into a vector (`lane_vec`), indexed by the public term and \
                      window counters; the digit is then only compared under masks";

/// What instruction `k` of the IFMA function `f` does that [`IFMA_SITES`] must account for: `b`
/// a conditional branch, `j` an indirect jump or call, `g` a gather or scatter, `i` a memory
/// operand with an index register. A call through a GOT slot, or through a register that the
/// function only ever loads from one (the compiler's hoisting of `memcpy`'s address), is direct.
fn ifma_hazard(f: &[Insn], k: usize) -> Option<char> {
    let i = &f[k];
    match hazard(i)? {
        "conditional branch" => Some('b'),
        "gather/scatter" => Some('g'),
        "memory operand with an index register" => Some('i'),
        _ => {
            let mut w = i
                .text
                .split_whitespace()
                .filter(|w| *w != "notrack" && *w != "bnd");
            let (m, op) = (w.next().unwrap_or(""), w.next().unwrap_or(""));
            let direct = m == "ret"
                || op.chars().all(|c| c.is_ascii_hexdigit())
                || i.text.contains("[rip+")
                || (m == "call" && loaded_only_from_got(f, op));
            (!direct).then_some('j')
        }
    }
}

/// Whether every write to the 64-bit register `reg` in `f` (other than a `pop`, the epilogue's
/// restore) loads an address from a GOT slot or a `rip`-relative constant.
fn loaded_only_from_got(f: &[Insn], reg: &str) -> bool {
    let names: &[&str] = match reg {
        "rax" => &["rax", "eax", "ax", "al", "ah"],
        "rbx" => &["rbx", "ebx", "bx", "bl", "bh"],
        "rcx" => &["rcx", "ecx", "cx", "cl", "ch"],
        "rbp" => &["rbp", "ebp", "bp", "bpl"],
        "r12" => &["r12", "r12d", "r12w", "r12b"],
        "r13" => &["r13", "r13d", "r13w", "r13b"],
        "r14" => &["r14", "r14d", "r14w", "r14b"],
        "r15" => &["r15", "r15d", "r15w", "r15b"],
        _ => return false,
    };
    let mut loads = 0;
    for i in f {
        let mut w = i.text.splitn(2, char::is_whitespace);
        let (m, ops) = (w.next().unwrap_or(""), w.next().unwrap_or("").trim());
        let dst = ops.split(',').next().unwrap_or("");
        if !names.contains(&dst) || ["cmp", "test", "push", "bt", "pop"].contains(&m) {
            continue;
        }
        let got = (m == "mov" && ops.contains("QWORD PTR [rip+"))
            || (m == "lea" && ops.contains("[rip+"));
        if !got {
            return false;
        }
        loads += 1;
    }
    loads > 0
}

/// For each address, the innermost inlined frame whose source is in this workspace's `crates/`
/// (path relative to the workspace, line), from the payload's line tables (`addr2line -i`).
fn workspace_lines(bin: &Path, addrs: &[u64]) -> BTreeMap<u64, (String, usize)> {
    use std::io::Write;
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let root = root.canonicalize().expect("workspace root");
    let prefix = format!("{}/crates/", root.display());
    let mut child = Command::new("addr2line")
        .args(["-i", "-a", "-e"])
        .arg(bin)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .expect("addr2line (binutils) is needed for the IFMA check");
    let input: String = addrs.iter().map(|a| format!("{a:#x}\n")).collect();
    let mut stdin = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || stdin.write_all(input.as_bytes()));
    let out = child.wait_with_output().expect("addr2line");
    writer.join().unwrap().expect("writing to addr2line");
    let mut map = BTreeMap::new();
    let mut cur = None;
    for l in String::from_utf8_lossy(&out.stdout).lines() {
        if let Some(hex) = l.strip_prefix("0x") {
            cur = u64::from_str_radix(hex, 16).ok();
            continue;
        }
        let (Some(a), Some(rest)) = (cur, l.strip_prefix(&prefix)) else {
            continue;
        };
        let loc = rest.split(' ').next().unwrap_or("");
        let Some((file, line)) = loc.rsplit_once(':') else {
            continue;
        };
        match line.parse::<usize>() {
            Ok(n) if n > 0 => {
                map.entry(a).or_insert((format!("crates/{file}"), n));
            }
            _ => {}
        }
    }
    map
}

/// The text of line `n` (1-based) of `file` (relative to the workspace), trimmed.
fn source_line(file: &str, n: usize, cache: &mut BTreeMap<String, Vec<String>>) -> String {
    let lines = cache.entry(file.to_string()).or_insert_with(|| {
        let p = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../..")
            .join(file);
        std::fs::read_to_string(&p)
            .unwrap_or_else(|e| panic!("{}: {e}", p.display()))
            .lines()
            .map(|l| l.trim().to_string())
            .collect()
    });
    lines.get(n - 1).cloned().unwrap_or_default()
}

#[test]
fn ifma_functions_branch_and_index_only_at_listed_sites() {
    let bin = payload(Build::Adx);
    let insns = disassemble(&bin);
    let out = Command::new("nm")
        .args(["-S", "-C"])
        .arg(&bin)
        .output()
        .expect("nm (binutils)");
    let text = String::from_utf8_lossy(&out.stdout);
    // the IFMA functions: (name with closures folded in, instruction range)
    let mut funcs: Vec<(String, u64, u64)> = Vec::new();
    for l in text.lines() {
        let f: Vec<&str> = l.splitn(4, ' ').collect();
        if f.len() < 4 || !f[2].eq_ignore_ascii_case("t") {
            continue;
        }
        let name = f[3];
        if !IFMA_MODULES.iter().any(|m| name.starts_with(m)) {
            continue;
        }
        let name = name.rsplit_once("::h").map_or(name, |(n, _)| n);
        let name = name
            .split("::{{closure}}")
            .next()
            .unwrap_or(name)
            .to_string();
        let start = u64::from_str_radix(f[0], 16).unwrap();
        let size = u64::from_str_radix(f[1], 16).unwrap();
        funcs.push((name, start, start + size));
    }
    let mut bad = Vec::new();
    let names: BTreeSet<&str> = funcs.iter().map(|f| f.0.as_str()).collect();
    for e in IFMA_ENTRY_POINTS {
        if !names.contains(e) {
            bad.push(format!("{e}: entry point not in the payload"));
        }
    }
    for name in &names {
        if !IFMA_FUNCTIONS.contains(name) {
            bad.push(format!("{name}: not reviewed (IFMA_FUNCTIONS)"));
        }
    }
    // every hazard, attributed to its source line (an instruction without one of this
    // workspace — compiler-made code — to the nearest line before it in the same function)
    let addrs: Vec<u64> = funcs
        .iter()
        .flat_map(|&(_, s, e)| range(&insns, s, e).iter().map(|i| i.addr))
        .collect();
    let lines = workspace_lines(&bin, &addrs);
    let mut cache = BTreeMap::new();
    // (function, file, line text, kind) → count
    let mut found: BTreeMap<(String, String, String, char), usize> = BTreeMap::new();
    for (name, s, e) in &funcs {
        let mut last: Option<&(String, usize)> = None;
        let code = range(&insns, *s, *e);
        for (k, i) in code.iter().enumerate() {
            if let Some(l) = lines.get(&i.addr) {
                last = Some(l);
            }
            let Some(kind) = ifma_hazard(code, k) else {
                continue;
            };
            let (file, text) = match last {
                Some((f, n)) => (f.clone(), source_line(f, *n, &mut cache)),
                None => (String::from("?"), format!("@{:#x} {}", i.addr, i.text)),
            };
            *found.entry((name.clone(), file, text, kind)).or_default() += 1;
        }
    }
    let mut used = vec![false; IFMA_SITES.len()];
    let mut planted = BTreeSet::new();
    let mut unlisted = BTreeMap::new();
    for ((name, file, text, kind), n) in &found {
        let hit = IFMA_SITES
            .iter()
            .position(|(f, t, k, _)| f == file && t == text && k.contains(*kind));
        match hit {
            Some(h) if !name.ends_with("::planted_lanes") => used[h] = true,
            _ if name.ends_with("::planted_lanes") => {
                planted.insert(*kind);
            }
            _ => {
                *unlisted
                    .entry((file.clone(), text.clone()))
                    .or_insert_with(String::new) += &format!("{kind}{n} ");
            }
        }
    }
    // the control: the planted branch and data-indexed load are found
    assert!(
        planted.contains(&'b') && planted.contains(&'i'),
        "the planted IFMA kernel's branch and indexed load were not found (found {planted:?}): \
         the check is broken"
    );
    for ((file, text), kinds) in &unlisted {
        bad.push(format!("unlisted ({kinds}): (\"{file}\", {text:?}, ...)"));
    }
    // a listed site the build no longer has is harmless (inlining moves with edits elsewhere):
    // printed, for the next review of the list
    for (k, (f, t, _, _)) in IFMA_SITES.iter().enumerate() {
        if !used[k] {
            eprintln!("IFMA_SITES entry not in this build: ({f:?}, {t:?})");
        }
    }
    for (name, s, e) in &funcs {
        let code = range(&insns, *s, *e);
        let gathers = (0..code.len()).filter(|&k| ifma_hazard(code, k) == Some('g'));
        if gathers.count() > 0 && !IFMA_GATHERS.iter().any(|(n, _)| n == name) {
            bad.push(format!("{name}: gather instructions (IFMA_GATHERS)"));
        }
    }
    assert!(bad.is_empty(), "{}", bad.join("\n"));
}

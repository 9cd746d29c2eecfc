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
//! * **IFMA kernels** (`hayate_arith::backend::ifma*`: compiled from intrinsics, so the compiler
//!   chooses the control flow): every function must be one of [`IFMA_FUNCTIONS`], the entry
//!   points must be present, and a gather may appear only where [`IFMA_GATHERS`] says why its
//!   indices are public. Branches and indexed operands are counted and printed; classifying
//!   them one by one is open work (see [`IFMA_FUNCTIONS`]).
//!
//! Tools: `objdump` (binutils) for the disassembly, `nm` for the symbol table.

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
        include_str!("../../arith/src/backend/x86_64_gen.rs"),
        include_str!("../../arith/src/backend/x86_64_lines_gen.rs"),
        include_str!("../../arith/src/backend/x86_64_points_gen.rs"),
        include_str!("../../arith/src/backend/x86_64.rs"),
    ];
    src.iter()
        .flat_map(|s| s.split("kernel_end!(\"").skip(1))
        .map(|s| s.split('"').next().unwrap().to_string())
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
    (
        "fp12_sqr_mul_by_034_4",
        "`looped` in gen_x86_64_lines.py (two loops): a fixed count, pushed as an immediate, of \
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

/// The IFMA functions (closures folded into the function that defines them), each with what its
/// conditional branches and indexed operands are meant to be. A function not listed here fails
/// the test until it is looked at and added.
///
/// The kernels select table entries by blending every entry under a mask and negate under a mask
/// (module docs of `ifma_straus`, `ifma_g2`, `ifma_pow`), so their branches and indexed operands
/// are meant to be loop counters and lane or entry indices. That has not been verified branch by
/// branch (docs/constant-time.md, open work): the compiler chooses this control flow, and the
/// counts move with unrelated changes to the calling crates (code generation units, inlining),
/// so they are printed, not compared.
const IFMA_FUNCTIONS: &[&str] = &[
    "hayate_arith::backend::ifma::compressed_sqr_4",
    "hayate_arith::backend::ifma::compressed_sqr_6",
    "hayate_arith::backend::ifma::cyclo_sqr_4",
    "hayate_arith::backend::ifma::cyclo_sqr_6",
    "hayate_arith::backend::ifma::double_steps",
    "hayate_arith::backend::ifma::double_steps_12xi",
    "hayate_arith::backend::ifma::double_steps_m3u",
    "hayate_arith::backend::ifma::gather",
    "hayate_arith::backend::ifma::probe",
    "hayate_arith::backend::ifma_g2::sac_columns_6",
    "hayate_arith::backend::ifma_g2::sac_columns_fp2",
    "hayate_arith::backend::ifma_miller::fp2_sum",
    "hayate_arith::backend::ifma_miller::fp2_sum_kara",
    "hayate_arith::backend::ifma_miller::load",
    "hayate_arith::backend::ifma_miller::miller_lanes",
    "hayate_arith::backend::ifma_miller::run",
    "hayate_arith::backend::ifma_miller::sum_of_products",
    "hayate_arith::backend::ifma_pow::pow_lanes",
    "hayate_arith::backend::ifma_pow::run",
    "hayate_arith::backend::ifma_straus::run",
    "hayate_arith::backend::ifma_straus::run_tables",
    "hayate_arith::backend::ifma_straus::straus_lanes",
];

/// The IFMA entry points the payload must contain (so the check cannot pass vacuously): the
/// BLS12-381 G2 columns, the Straus lanes, the GT power lanes and the Miller-loop lanes.
const IFMA_ENTRY_POINTS: &[&str] = &[
    "hayate_arith::backend::ifma_g2::sac_columns_6",
    "hayate_arith::backend::ifma_straus::run_tables",
    "hayate_arith::backend::ifma_pow::run",
    "hayate_arith::backend::ifma_miller::run",
];

/// The IFMA functions that may contain a gather instruction, with the reason its indices are
/// public. Each gather is the compiler's vectorisation of a copy through an array of references
/// built in input order (`ifma::gather`, `ifma_g2::load`): the index vector holds the addresses of
/// the inputs, never a value derived from them.
const IFMA_GATHERS: &[(&str, &str)] = &[
    (
        "hayate_arith::backend::ifma_g2::sac_columns_6",
        "`load` of the state and of every table entry, in table order; the secret column \
         digits then select entries with masked blends (`lookup`)",
    ),
    (
        "hayate_arith::backend::ifma_straus::run_tables",
        "`gather` of each group's bases (padded with its first base), lane by lane; the secret \
         digits select table entries with masked blends",
    ),
    (
        "hayate_arith::backend::ifma_miller::run",
        "`gather` of each lane's (u, v) and of its line coefficients at the public step `idx`",
    ),
];

#[test]
fn ifma_functions_are_known() {
    let bin = payload(Build::Adx);
    let insns = disassemble(&bin);
    let out = Command::new("nm")
        .args(["-S", "-C"])
        .arg(&bin)
        .output()
        .expect("nm (binutils)");
    let text = String::from_utf8_lossy(&out.stdout);
    // per function: instances, conditional branches, indexed operands, gathers
    let mut counts: BTreeMap<String, [usize; 4]> = BTreeMap::new();
    for l in text.lines() {
        let f: Vec<&str> = l.splitn(4, ' ').collect();
        if f.len() < 4 || !f[2].eq_ignore_ascii_case("t") {
            continue;
        }
        let name = f[3];
        if !name.starts_with("hayate_arith::backend::ifma") {
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
        let c = counts.entry(name).or_default();
        c[0] += 1;
        for i in range(&insns, start, start + size) {
            match hazard(i) {
                Some("conditional branch") => c[1] += 1,
                Some("memory operand with an index register") => c[2] += 1,
                Some("gather/scatter") => c[3] += 1,
                _ => {}
            }
        }
    }
    let mut report = String::from("function: [instances, branches, indexed operands, gathers]\n");
    for (name, c) in &counts {
        report += &format!("{name}: {c:?}\n");
    }
    eprintln!("{report}");
    let mut bad = Vec::new();
    for e in IFMA_ENTRY_POINTS {
        if !counts.contains_key(*e) {
            bad.push(format!("{e}: entry point not in the payload"));
        }
    }
    for (name, c) in &counts {
        if !IFMA_FUNCTIONS.contains(&name.as_str()) {
            bad.push(format!("{name}: not reviewed (IFMA_FUNCTIONS)"));
        }
        if c[3] > 0 && !IFMA_GATHERS.iter().any(|(n, _)| n == name) {
            bad.push(format!(
                "{name}: {} gather instructions (IFMA_GATHERS)",
                c[3]
            ));
        }
    }
    assert!(bad.is_empty(), "{}\n{report}", bad.join("\n"));
}

//! Constant-time evidence for the code that actually runs on this CPU, instruction by
//! instruction — including the AVX-512 IFMA kernels, which valgrind cannot execute.
//!
//! The payload (`examples/ctgrind.rs`, run-time CPU dispatch, mode `trace`; cases in
//! `examples/cases/trace.rs`) runs one constant-time entry point on one of several secret
//! inputs between two `int3` markers. This test starts it under `ptrace`, with address-space
//! randomisation off and an empty environment, single-steps it from marker to marker and
//! records, for every executed instruction, its address and every memory address it accesses
//! (decoded with `iced-x86`; gathers and scatters element by element, from the vector index
//! registers read through `PTRACE_GETREGSET`). The traces of all inputs of a case must be
//! identical: no branch and no memory address depended on the secret, on the path this process
//! selected — MULX/ADX assembly, IFMA kernels or portable code, whatever the CPU has. The test
//! counts the IFMA (`VPMADD52LUQ`/`VPMADD52HUQ`) and MULX instructions it stepped through and
//! requires them where the CPU has the extension, so the evidence is about that path.
//!
//! Like valgrind's, this is evidence for the inputs traced (n − 1, 1 and two pseudo-random
//! scalars per case, chosen to stress the recodings), not a proof for all inputs.
//!
//! Controls: `control-branch` (the binary-GCD inversion) must differ in its instruction
//! addresses, `control-address` (a load at a secret table index, no branch) in a memory address
//! only.
//!
//! Single-stepping is slow here (about 20 µs per instruction), so the default run traces G2
//! `mul_ct` on two inputs and `HAYATE_CT_TRACE=full` every case on four ([`selection`]).

#![cfg(all(target_arch = "x86_64", target_os = "linux"))]

mod common;

use common::{payload, Build};
use iced_x86::{
    Decoder, DecoderOptions, Instruction, InstructionInfoFactory, Mnemonic, Register, UsedMemory,
};
use std::collections::HashMap;
use std::io::Read;
use std::os::unix::process::CommandExt;
use std::process::{Command, Stdio};

/// Variants per case (`cases/trace.rs`, `VARIANTS`).
const VARIANTS: usize = 4;

/// One traced run: per executed instruction its address and the addresses it accessed.
struct Trace {
    rips: Vec<u64>,
    addrs: Vec<u64>,
    /// `addrs[starts[i]..starts[i + 1]]` belong to instruction i.
    starts: Vec<u32>,
    /// IFMA multiply-adds and MULX instructions executed.
    ifma: u64,
    mulx: u64,
    /// Where the payload's executable is mapped (for naming an instruction).
    base: u64,
}

impl Trace {
    fn addrs_of(&self, i: usize) -> &[u64] {
        let end = self
            .starts
            .get(i + 1)
            .map_or(self.addrs.len(), |&e| e as usize);
        &self.addrs[self.starts[i] as usize..end]
    }
}

/// A decoded instruction with its memory operands (decoded once per address).
struct Decoded {
    ins: Instruction,
    mems: Vec<UsedMemory>,
    /// The first byte is `int3` (the end marker).
    int3: bool,
}

/// Offsets of the vector register state in the XSAVE area that `PTRACE_GETREGSET`
/// (`NT_X86_XSTATE`) returns, in the standard (non-compacted) format: CPUID leaf 0xD.
struct XsaveLayout {
    ymm_hi: usize,
    zmm_hi: usize,
    hi16_zmm: usize,
}

impl XsaveLayout {
    fn new() -> Self {
        // SAFETY: CPUID leaf 0xD exists on every CPU with XSAVE (all that run this code).
        let off = |sub| core::arch::x86_64::__cpuid_count(0xd, sub).ebx as usize;
        XsaveLayout {
            ymm_hi: off(2),
            zmm_hi: off(6),
            hi16_zmm: off(7),
        }
    }

    /// The 64 bytes of vector register n (XMM/YMM/ZMM n).
    fn zmm(&self, xs: &[u8], n: usize) -> [u8; 64] {
        let mut r = [0u8; 64];
        let mut copy = |dst: std::ops::Range<usize>, src: usize| {
            if src + dst.len() <= xs.len() {
                r[dst.clone()].copy_from_slice(&xs[src..src + dst.len()]);
            }
        };
        if n < 16 {
            copy(0..16, 160 + 16 * n);
            copy(16..32, self.ymm_hi + 16 * n);
            if self.zmm_hi != 0 {
                copy(32..64, self.zmm_hi + 32 * n);
            }
        } else if self.hi16_zmm != 0 {
            copy(0..64, self.hi16_zmm + 64 * (n - 16));
        }
        r
    }
}

fn ptrace(req: libc::c_uint, pid: libc::pid_t, addr: usize, data: usize) -> libc::c_long {
    // SAFETY: plain ptrace requests on our own stopped child; pointers, where passed, point
    // to live buffers of the size the request writes.
    unsafe {
        libc::ptrace(
            req,
            pid,
            addr as *mut libc::c_void,
            data as *mut libc::c_void,
        )
    }
}

/// Waits for the child; `Ok(signal)` if it stopped, `Err(message)` if it exited or was killed.
fn wait_stop(pid: libc::pid_t) -> Result<(libc::c_int, libc::c_int), String> {
    let mut status = 0;
    // SAFETY: waiting for our own child.
    let r = unsafe { libc::waitpid(pid, &mut status, 0) };
    if r != pid {
        return Err(format!(
            "waitpid failed: {}",
            std::io::Error::last_os_error()
        ));
    }
    if libc::WIFSTOPPED(status) {
        Ok((libc::WSTOPSIG(status), status >> 16))
    } else if libc::WIFEXITED(status) {
        Err(format!("exited with status {}", libc::WEXITSTATUS(status)))
    } else {
        Err(format!(
            "killed by signal {}",
            if libc::WIFSIGNALED(status) {
                libc::WTERMSIG(status)
            } else {
                -1
            }
        ))
    }
}

fn regs(pid: libc::pid_t) -> libc::user_regs_struct {
    // SAFETY: user_regs_struct is plain data; PTRACE_GETREGS fills it.
    let mut r: libc::user_regs_struct = unsafe { std::mem::zeroed() };
    let rc = ptrace(libc::PTRACE_GETREGS, pid, 0, &mut r as *mut _ as usize);
    assert_eq!(rc, 0, "PTRACE_GETREGS: {}", std::io::Error::last_os_error());
    r
}

fn xstate(pid: libc::pid_t, buf: &mut [u8]) -> usize {
    let mut iov = libc::iovec {
        iov_base: buf.as_mut_ptr().cast(),
        iov_len: buf.len(),
    };
    const NT_X86_XSTATE: usize = 0x202;
    let rc = ptrace(
        libc::PTRACE_GETREGSET,
        pid,
        NT_X86_XSTATE,
        &mut iov as *mut _ as usize,
    );
    assert_eq!(
        rc,
        0,
        "PTRACE_GETREGSET: {}",
        std::io::Error::last_os_error()
    );
    iov.iov_len
}

fn gpr(r: &libc::user_regs_struct, reg: Register) -> Option<u64> {
    let full = match reg.full_register() {
        Register::RAX => r.rax,
        Register::RBX => r.rbx,
        Register::RCX => r.rcx,
        Register::RDX => r.rdx,
        Register::RSI => r.rsi,
        Register::RDI => r.rdi,
        Register::RBP => r.rbp,
        Register::RSP => r.rsp,
        Register::R8 => r.r8,
        Register::R9 => r.r9,
        Register::R10 => r.r10,
        Register::R11 => r.r11,
        Register::R12 => r.r12,
        Register::R13 => r.r13,
        Register::R14 => r.r14,
        Register::R15 => r.r15,
        Register::RIP => r.rip,
        Register::FS => r.fs_base,
        Register::GS => r.gs_base,
        Register::ES | Register::CS | Register::SS | Register::DS => 0,
        _ => return None,
    };
    Some(match reg.size() {
        8 | 0 => full,
        4 if !reg.is_segment_register() => full & 0xffff_ffff,
        2 if !reg.is_segment_register() => full & 0xffff,
        _ => full,
    })
}

/// The lowest address at which the payload's executable is mapped in process `pid`.
fn load_base(pid: libc::pid_t) -> u64 {
    let exe = std::fs::read_link(format!("/proc/{pid}/exe")).unwrap_or_default();
    let maps = std::fs::read_to_string(format!("/proc/{pid}/maps")).unwrap_or_default();
    maps.lines()
        .filter(|l| l.ends_with(&*exe.to_string_lossy()))
        .filter_map(|l| u64::from_str_radix(l.split('-').next()?, 16).ok())
        .min()
        .unwrap_or(0)
}

/// `function at file:line` of an instruction of the payload (binutils' addr2line).
fn name_of(t: &Trace, rip: u64) -> String {
    let out = Command::new("addr2line")
        .arg("-fCe")
        .arg(payload(Build::Runtime))
        .arg(format!("{:#x}", rip - t.base))
        .output();
    match out {
        Ok(o) if o.status.success() => String::from_utf8_lossy(&o.stdout)
            .lines()
            .collect::<Vec<_>>()
            .join(" at "),
        _ => format!("offset {:#x} in the payload", rip - t.base),
    }
}

/// Runs `ctgrind trace CASE VARIANT` under single-stepping and returns its trace.
fn trace(case: &str, variant: usize) -> Trace {
    let mut cmd = Command::new(payload(Build::Runtime));
    cmd.args(["trace", case, &variant.to_string()])
        .env_clear()
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    // SAFETY: only async-signal-safe calls (ptrace, personality) between fork and exec.
    unsafe {
        cmd.pre_exec(|| {
            if libc::ptrace(libc::PTRACE_TRACEME, 0, 0, 0) != 0 {
                return Err(std::io::Error::last_os_error());
            }
            let p = libc::personality(0xffff_ffff);
            if p == -1 || libc::personality((p | libc::ADDR_NO_RANDOMIZE) as libc::c_ulong) == -1 {
                return Err(std::io::Error::last_os_error());
            }
            Ok(())
        });
    }
    let mut child = cmd.spawn().unwrap_or_else(|e| {
        panic!(
            "starting the payload under ptrace failed ({e}); this test needs ptrace \
             (PTRACE_TRACEME) and personality(ADDR_NO_RANDOMIZE)"
        )
    });
    let pid = child.id() as libc::pid_t;
    let fail = |child: &mut std::process::Child, what: String| -> ! {
        let _ = child.kill();
        let mut err = String::new();
        if let Some(e) = child.stderr.as_mut() {
            let _ = e.read_to_string(&mut err);
        }
        panic!("trace {case} {variant}: {what}\n{err}");
    };
    // the stop at exec
    if let Err(e) = wait_stop(pid) {
        fail(&mut child, format!("before exec: {e}"));
    }
    let opts = libc::PTRACE_O_EXITKILL | libc::PTRACE_O_TRACECLONE;
    assert_eq!(ptrace(libc::PTRACE_SETOPTIONS, pid, 0, opts as usize), 0);
    // run to the start marker
    assert_eq!(ptrace(libc::PTRACE_CONT, pid, 0, 0), 0);
    match wait_stop(pid) {
        Ok((libc::SIGTRAP, 0)) => {}
        Ok(s) => fail(
            &mut child,
            format!("unexpected stop {s:?} before the start marker"),
        ),
        Err(e) => fail(&mut child, format!("no start marker: {e}")),
    }

    let base = load_base(pid);
    let layout = XsaveLayout::new();
    let mut xs = vec![0u8; 1 << 15];
    let mut decoded: HashMap<u64, Decoded> = HashMap::new();
    let mut info = InstructionInfoFactory::new();
    let mut t = Trace {
        rips: Vec::new(),
        addrs: Vec::new(),
        starts: Vec::new(),
        ifma: 0,
        mulx: 0,
        base,
    };
    loop {
        let r = regs(pid);
        let d = decoded.entry(r.rip).or_insert_with(|| {
            let mut bytes = [0u8; 16];
            for (k, chunk) in bytes.chunks_mut(8).enumerate() {
                let w = ptrace(libc::PTRACE_PEEKTEXT, pid, r.rip as usize + 8 * k, 0);
                chunk.copy_from_slice(&w.to_le_bytes());
            }
            let ins = Decoder::with_ip(64, &bytes, r.rip, DecoderOptions::NONE).decode();
            let mems = info.info(&ins).used_memory().to_vec();
            Decoded {
                ins,
                mems,
                int3: bytes[0] == 0xcc,
            }
        });
        if d.int3 {
            break;
        }
        match d.ins.mnemonic() {
            Mnemonic::Vpmadd52luq | Mnemonic::Vpmadd52huq => t.ifma += 1,
            Mnemonic::Mulx => t.mulx += 1,
            _ => {}
        }
        t.rips.push(r.rip);
        t.starts.push(t.addrs.len() as u32);
        let mut xs_len = None;
        for m in &d.mems {
            let vsib = m.index().is_vector_register();
            let count = if vsib {
                let elem = if d.ins.is_vsib32() { 4 } else { 8 };
                m.index().size() / elem
            } else {
                1
            };
            if vsib && xs_len.is_none() {
                xs_len = Some(xstate(pid, &mut xs));
            }
            for e in 0..count {
                let a = m.virtual_address(e, |reg, idx, size| {
                    if reg.is_vector_register() {
                        let v = layout.zmm(&xs[..xs_len.unwrap_or(0)], reg.number());
                        let mut w = [0u8; 8];
                        let at = idx * size;
                        w[..size].copy_from_slice(v.get(at..at + size)?);
                        Some(u64::from_le_bytes(w))
                    } else {
                        gpr(&r, reg)
                    }
                });
                match a {
                    Some(a) => t.addrs.push(a),
                    None => fail(
                        &mut child,
                        format!("cannot compute an address of {:?} at {:#x}", d.ins, r.rip),
                    ),
                }
            }
        }
        assert_eq!(ptrace(libc::PTRACE_SINGLESTEP, pid, 0, 0), 0);
        match wait_stop(pid) {
            Ok((libc::SIGTRAP, 0)) => {}
            Ok((sig, ev)) => fail(
                &mut child,
                format!(
                    "stopped by signal {sig} (event {ev}) inside the traced call \
                     (a thread was started, or the call faulted)"
                ),
            ),
            Err(e) => fail(&mut child, format!("died inside the traced call: {e}")),
        }
    }
    // past the end marker: let it check its result and exit
    assert_eq!(ptrace(libc::PTRACE_CONT, pid, 0, 0), 0);
    match wait_stop(pid) {
        Ok((libc::SIGTRAP, 0)) => {
            assert_eq!(ptrace(libc::PTRACE_CONT, pid, 0, 0), 0);
            if let Ok(s) = wait_stop(pid) {
                fail(
                    &mut child,
                    format!("unexpected stop {s:?} after the end marker"),
                );
            }
        }
        Ok(s) => fail(
            &mut child,
            format!("unexpected stop {s:?} after the end marker"),
        ),
        Err(_) => {}
    }
    let mut out = String::new();
    child
        .stdout
        .take()
        .expect("piped stdout")
        .read_to_string(&mut out)
        .expect("reading the payload's output");
    let want = format!("trace: {case} {variant} ok");
    if !out.contains(&want) {
        fail(&mut child, format!("no {want:?} in its output:\n{out}"));
    }
    // reap (the status was consumed by waitpid above)
    let _ = child.try_wait();
    t
}

/// Where two traces first differ: `None` if identical.
enum Divergence {
    /// The instruction addresses differ (control flow).
    Branch { step: usize, rip: u64 },
    /// Same instruction, different memory address.
    Address { step: usize, rip: u64 },
}

fn compare(a: &Trace, b: &Trace) -> Option<Divergence> {
    for i in 0..a.rips.len().max(b.rips.len()) {
        match (a.rips.get(i), b.rips.get(i)) {
            (Some(x), Some(y)) if x == y => {
                if a.addrs_of(i) != b.addrs_of(i) {
                    return Some(Divergence::Address { step: i, rip: *x });
                }
            }
            (x, _) => {
                let rip = x.copied().unwrap_or(0);
                let prev = if i > 0 { a.rips[i - 1] } else { rip };
                return Some(Divergence::Branch { step: i, rip: prev });
            }
        }
    }
    None
}

fn describe(case: &str, v: usize, a: &Trace, b: &Trace, d: &Divergence) -> String {
    let (what, rip, detail) = match *d {
        Divergence::Branch { step, rip } => (
            "the control flow after",
            rip,
            format!(
                "step {step}: next instruction {:x?} vs {:x?}",
                a.rips.get(step),
                b.rips.get(step)
            ),
        ),
        Divergence::Address { step, rip } => (
            "a memory address of",
            rip,
            format!(
                "step {step}: addresses {:x?} vs {:x?}",
                a.addrs_of(step),
                b.addrs_of(step)
            ),
        ),
    };
    format!(
        "case {case}: the trace of secret variant {v} differs from variant 0 in {what} the \
         instruction at {rip:#x} ({}); {detail}",
        name_of(a, rip)
    )
}

/// Traces `variants` inputs of `case` and requires identical traces; returns variant 0's.
fn identical(case: &str, variants: usize) -> Trace {
    let first = trace(case, 0);
    assert!(!first.rips.is_empty(), "case {case}: nothing traced");
    for v in 1..variants {
        let t = trace(case, v);
        if let Some(d) = compare(&first, &t) {
            panic!("{}", describe(case, v, &first, &t, &d));
        }
    }
    println!(
        "{case}: {variants} secret inputs, {} instructions each, {} memory accesses, {} IFMA, \
         {} MULX: identical",
        first.rips.len(),
        first.addrs.len(),
        first.ifma,
        first.mulx
    );
    first
}

fn has_ifma() -> bool {
    std::is_x86_feature_detected!("avx512ifma") && std::is_x86_feature_detected!("avx512f")
}

fn has_mulx() -> bool {
    std::is_x86_feature_detected!("bmi2") && std::is_x86_feature_detected!("adx")
}

/// The cases, each with the instruction set it must have run where the CPU has it.
#[derive(Clone, Copy, PartialEq)]
enum Needs {
    Ifma,
    Mulx,
    Nothing,
}

const CASES: &[(&str, Needs)] = &[
    ("g2", Needs::Ifma),
    ("gt", Needs::Ifma),
    ("straus", Needs::Ifma),
    ("miller", Needs::Ifma),
    ("g1", Needs::Mulx),
    ("ecdh-k1", Needs::Mulx),
    ("ladder-r1", Needs::Nothing),
];

/// Single-stepping costs about 20 µs per instruction on the 2-core VM this project runs on
/// (the whole set, four inputs per case: 35 M steps, about 20 minutes), so by default the
/// test traces one IFMA entry point — G2 `mul_ct`, whose column kernel is the one a
/// repeated-digit scalar once kept off — on two inputs (n − 1 and 1: 1.6 M steps, about 35
/// s); `HAYATE_CT_TRACE=full` traces every case on four inputs (docs/constant-time.md).
fn selection() -> (Vec<(&'static str, Needs)>, usize) {
    if std::env::var("HAYATE_CT_TRACE").as_deref() == Ok("full") {
        (CASES.to_vec(), VARIANTS)
    } else {
        (CASES[..1].to_vec(), 2)
    }
}

#[test]
fn entry_point_traces_are_secret_independent() {
    let (cases, variants) = selection();
    for (case, needs) in cases {
        let t = identical(case, variants);
        match needs {
            Needs::Ifma if has_ifma() => assert!(
                t.ifma > 0,
                "case {case}: the CPU has AVX-512 IFMA but no IFMA instruction ran: the trace \
                 covers another path than the one this case is for"
            ),
            Needs::Ifma => println!("{case}: no AVX-512 IFMA on this CPU; traced the path it runs"),
            Needs::Mulx if has_mulx() => {
                assert!(
                    t.mulx > 0,
                    "case {case}: the CPU has BMI2/ADX but no MULX ran"
                )
            }
            _ => {}
        }
    }
}

#[test]
fn controls_are_caught() {
    let a = trace("control-branch", 0);
    let b = trace("control-branch", 1);
    let d = compare(&a, &b);
    assert!(
        matches!(d, Some(Divergence::Branch { .. })),
        "the binary-GCD inversion's traces did not differ first in control flow: the tracer \
         is blind"
    );
    println!(
        "control-branch caught: {}",
        describe("control-branch", 1, &a, &b, &d.unwrap())
    );
    let a = trace("control-address", 0);
    let b = trace("control-address", 2);
    let d = compare(&a, &b);
    assert!(
        matches!(d, Some(Divergence::Address { .. })),
        "the secret-indexed load's traces did not differ in an address alone: the tracer is \
         blind to memory addresses"
    );
    println!(
        "control-address caught: {}",
        describe("control-address", 2, &a, &b, &d.unwrap())
    );
}

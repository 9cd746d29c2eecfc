//! valgrind's client requests (`valgrind.h`/`memcheck.h`) for the constant-time evidence: the
//! payload `crates/ct/examples/ctgrind.rs` marks secrets undefined with them, and
//! [`declassify`] tells memcheck that a value computed from secrets is public by design (a
//! rejection-sampling retry, a validity verdict returned as an error, an AEAD tag verdict).
//! Outside valgrind a request is a no-op instruction sequence; [`declassify`] issues one only in
//! builds with the `ct-valgrind` feature (the payloads'), and is free otherwise.
//!
//! A leaf crate without dependencies, so that the arithmetic (`hayate-arith`, re-exported there
//! as `hayate_arith::valgrind`) and the stand-alone AEAD crate share one implementation.

#![no_std]

#[cfg(target_arch = "x86_64")]
mod imp {
    pub const RUNNING_ON_VALGRIND: u64 = 0x1001;
    pub const MAKE_MEM_UNDEFINED: u64 = 0x4D43_0001;
    pub const MAKE_MEM_DEFINED: u64 = 0x4D43_0002;

    /// `VALGRIND_DO_CLIENT_REQUEST_EXPR(0, req, a1, a2, 0, 0, 0)`: 0 when not under valgrind.
    #[inline(never)]
    pub fn client_request(req: u64, a1: u64, a2: u64) -> u64 {
        let args: [u64; 6] = [req, a1, a2, 0, 0, 0];
        let mut result: u64 = 0;
        // SAFETY: rdi is rotated by 128 bits in total (unchanged), xchg rbx,rbx is a no-op;
        // valgrind reads `args` through rax and writes the result into rdx.
        unsafe {
            core::arch::asm!(
                "rol rdi, 3",
                "rol rdi, 13",
                "rol rdi, 61",
                "rol rdi, 51",
                "xchg rbx, rbx",
                in("rax") args.as_ptr(),
                inout("rdx") result,
                options(nostack),
            );
        }
        result
    }
}
#[cfg(not(target_arch = "x86_64"))]
mod imp {
    pub const RUNNING_ON_VALGRIND: u64 = 0;
    pub const MAKE_MEM_UNDEFINED: u64 = 0;
    pub const MAKE_MEM_DEFINED: u64 = 0;
    pub fn client_request(_: u64, _: u64, _: u64) -> u64 {
        0
    }
}
pub use imp::*;

/// `v` as it is, after telling memcheck (in `ct-valgrind` builds under valgrind) that its bytes
/// are defined: for a decision that depends on secrets but is public by design, such as
/// "an exceptional case occurred" in `hayate_ec::glv_lincomb` (negligible for valid inputs, and
/// revealing nothing but its occurrence). Read back through a volatile load so that the
/// branch uses the declassified copy.
#[inline(always)]
pub fn declassify<T: Copy>(v: T) -> T {
    if cfg!(feature = "ct-valgrind") {
        let c = v;
        client_request(
            MAKE_MEM_DEFINED,
            &c as *const T as u64,
            core::mem::size_of::<T>() as u64,
        );
        // SAFETY: `c` is a live, aligned, initialised local.
        unsafe { core::ptr::read_volatile(&c) }
    } else {
        v
    }
}

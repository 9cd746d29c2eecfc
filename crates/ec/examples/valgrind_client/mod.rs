//! valgrind's client requests (`valgrind.h`/`memcheck.h`) for the constant-time payloads
//! `ct_ladder.rs` (hayate-ec) and `crates/pairing/examples/ct_pairing.rs`, included by both with
//! `#[path]` (a directory without `main.rs`: not an example target of its own).

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

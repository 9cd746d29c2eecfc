//! Shared by the examples: this thread's CPU time.

#[repr(C)]
struct Timespec {
    sec: i64,
    nsec: i64,
}
extern "C" {
    fn clock_gettime(clk: i32, ts: *mut Timespec) -> i32;
}

/// This thread's CPU time in ns (CLOCK_THREAD_CPUTIME_ID = 3 on Linux): time spent descheduled
/// on a shared machine does not count.
pub fn cpu_ns() -> f64 {
    let mut ts = Timespec { sec: 0, nsec: 0 };
    // SAFETY: clock_gettime writes one timespec to a valid pointer.
    unsafe { clock_gettime(3, &mut ts) };
    ts.sec as f64 * 1e9 + ts.nsec as f64
}

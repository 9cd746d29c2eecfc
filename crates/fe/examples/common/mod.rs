//! Thread-CPU-time medians shared by the profiling examples.

use std::time::Instant;

#[repr(C)]
struct Timespec {
    sec: i64,
    nsec: i64,
}
extern "C" {
    fn clock_gettime(clock: i32, tp: *mut Timespec) -> i32;
}

/// CPU time of this thread in ns (Linux x86-64, CLOCK_THREAD_CPUTIME_ID; wall-clock time if
/// that fails), so that the figures are not inflated by other processes on a loaded machine.
pub fn cpu_ns(start: &Instant) -> f64 {
    let mut t = Timespec { sec: 0, nsec: 0 };
    // SAFETY: clock_gettime writes one timespec (two 64-bit fields on x86-64 Linux) into `t`.
    if unsafe { clock_gettime(3, &mut t) } == 0 {
        t.sec as f64 * 1e9 + t.nsec as f64
    } else {
        start.elapsed().as_nanos() as f64
    }
}

/// Median of `runs` timed calls of `f` (after one warm-up call), in ms of thread CPU time.
pub fn median_ms(runs: usize, mut f: impl FnMut()) -> f64 {
    f();
    let origin = Instant::now();
    let mut v: Vec<f64> = (0..runs)
        .map(|_| {
            let t = cpu_ns(&origin);
            f();
            (cpu_ns(&origin) - t) / 1e6
        })
        .collect();
    v.sort_by(|a, b| a.total_cmp(b));
    v[runs / 2]
}

//! The lab: profilers and A/B examples over hayate's crates (`examples/`, run with
//! `cargo run --release -p hayate-lab --example NAME`; the A/B examples over hayate-arith's and
//! hayate-pairing's in-process switches need `--features lab`). Measurements, not API: nothing
//! here is published. This library holds what the examples share: the thread-CPU-time clock.

use std::sync::OnceLock;
use std::time::Instant;

#[repr(C)]
struct Timespec {
    sec: i64,
    nsec: i64,
}
extern "C" {
    fn clock_gettime(clock: i32, tp: *mut Timespec) -> i32;
}

/// CPU time of this thread in ns (Linux, CLOCK_THREAD_CPUTIME_ID = 3), so that the figures are
/// not inflated by other processes on a loaded machine; if the clock cannot be read, wall-clock
/// ns since the first call.
pub fn cpu_ns() -> f64 {
    static ORIGIN: OnceLock<Instant> = OnceLock::new();
    let origin = *ORIGIN.get_or_init(Instant::now);
    let mut t = Timespec { sec: 0, nsec: 0 };
    // SAFETY: clock_gettime writes one timespec (two 64-bit fields on 64-bit Linux) into `t`.
    if unsafe { clock_gettime(3, &mut t) } == 0 {
        t.sec as f64 * 1e9 + t.nsec as f64
    } else {
        origin.elapsed().as_nanos() as f64
    }
}

/// Median of `runs` timed calls of `f` (after one warm-up call), in ms of thread CPU time.
pub fn median_ms(runs: usize, mut f: impl FnMut()) -> f64 {
    f();
    let mut v: Vec<f64> = (0..runs.max(1))
        .map(|_| {
            let t = cpu_ns();
            f();
            (cpu_ns() - t) / 1e6
        })
        .collect();
    v.sort_by(|a, b| a.total_cmp(b));
    v[v.len() / 2]
}

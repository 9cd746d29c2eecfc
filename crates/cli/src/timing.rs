//! Timing helpers shared by every `hayate bench` suite: cycle counter (rdtsc on x86-64),
//! monotonic nanoseconds, medians over repeated runs, and the common JSON-lines shape
//! `{"suite":…, …, "median_ns":…, "cycles":…}`.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

/// Set by Ctrl-C during `hayate report`: measurements stop early and the report is written
/// with what was measured so far.
static STOP: AtomicBool = AtomicBool::new(false);

/// Asks every running measurement to stop after its current batch.
pub fn request_stop() {
    STOP.store(true, Ordering::SeqCst);
}

/// Has a stop been requested (Ctrl-C)?
pub fn stop_requested() -> bool {
    STOP.load(Ordering::Relaxed)
}

/// Reads the machine's constant-rate counter: the time-stamp counter on x86-64 (reference
/// cycles at the nominal clock on modern CPUs), the generic timer's virtual count `CNTVCT_EL0`
/// on AArch64 (a fixed frequency, often far below the core clock: not core cycles either);
/// 0 on other architectures. The report's machine section prints the counter's
/// measured frequency.
#[inline(always)]
pub fn cycles() -> u64 {
    #[cfg(target_arch = "x86_64")]
    {
        // SAFETY: rdtsc has no preconditions on x86-64.
        unsafe { core::arch::x86_64::_rdtsc() }
    }
    #[cfg(target_arch = "aarch64")]
    {
        let t: u64;
        // SAFETY: Linux (and every AArch64 OS Rust targets) lets EL0 read CNTVCT_EL0; the ISB
        // keeps the read from being hoisted above earlier instructions.
        unsafe {
            core::arch::asm!("isb", "mrs {t}, cntvct_el0", t = out(reg) t, options(nostack, nomem));
        }
        t
    }
    #[cfg(not(any(target_arch = "x86_64", target_arch = "aarch64")))]
    {
        0
    }
}

/// One measured figure: median over `samples` runs of a batch of `iters` calls
/// (`min_ns`/`max_ns` give the spread, for suites that report it).
#[derive(Clone, Copy, Debug)]
#[allow(dead_code)]
pub struct Measurement {
    pub median_ns: f64,
    pub cycles: f64,
    pub min_ns: f64,
    pub max_ns: f64,
    pub samples: usize,
}

/// Times `f`: picks a batch size so one batch takes about `target_ns`, runs `samples`
/// batches, and reports the per-call median (ns and TSC cycles) with min/max as spread.
/// After a stop request (Ctrl-C) no batch starts: a measurement begun after it reports its
/// single warm-up call (`samples` = 1), one in progress the batches already run.
pub fn measure<F: FnMut()>(samples: usize, target_ns: f64, mut f: F) -> Measurement {
    // warm up and calibrate
    let t = Instant::now();
    let c0 = cycles();
    f();
    let c1 = cycles();
    let one = t.elapsed().as_nanos().max(1) as f64;
    if stop_requested() {
        let cyc = c1.wrapping_sub(c0) as f64;
        return Measurement {
            median_ns: one,
            cycles: cyc,
            min_ns: one,
            max_ns: one,
            samples: 1,
        };
    }
    let iters = ((target_ns / one).ceil() as usize).clamp(1, 1_000_000);
    let mut ns = Vec::with_capacity(samples);
    let mut cyc = Vec::with_capacity(samples);
    for i in 0..samples.max(1) {
        if i > 0 && stop_requested() {
            break;
        }
        let t = Instant::now();
        let c0 = cycles();
        for _ in 0..iters {
            f();
        }
        let c1 = cycles();
        let e = t.elapsed().as_nanos() as f64;
        ns.push(e / iters as f64);
        cyc.push(c1.wrapping_sub(c0) as f64 / iters as f64);
    }
    let med = |v: &mut Vec<f64>| {
        v.sort_by(|a, b| a.partial_cmp(b).unwrap_or(std::cmp::Ordering::Equal));
        v[v.len() / 2]
    };
    let min_ns = ns.iter().cloned().fold(f64::INFINITY, f64::min);
    let max_ns = ns.iter().cloned().fold(0.0, f64::max);
    let taken = ns.len();
    Measurement {
        median_ns: med(&mut ns),
        cycles: med(&mut cyc),
        min_ns,
        max_ns,
        samples: taken,
    }
}

/// Escapes a string for JSON.
pub fn json_str(s: &str) -> String {
    serde_json::Value::String(s.to_string()).to_string()
}

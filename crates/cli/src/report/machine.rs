//! The machine description at the top of the report: CPU model and relevant flags, cores,
//! clock source, TSC frequency (cycles in hayate are TSC ticks), OS, compiler, back end.

use super::model::Machine;
use std::time::{Duration, Instant};

/// CPU flags that select or matter to hayate's code paths.
const FLAGS: &[&str] = &[
    "avx2",
    "bmi2",
    "adx",
    "aes",
    "pclmulqdq",
    "sha_ni",
    "avx512f",
    "avx512ifma",
    "constant_tsc",
    "nonstop_tsc",
];

fn cpuinfo_field(info: &str, key: &str) -> Option<String> {
    info.lines()
        .find(|l| l.split(':').next().is_some_and(|k| k.trim() == key))
        .and_then(|l| l.split_once(':'))
        .map(|(_, v)| v.trim().to_string())
}

fn read(path: &str) -> Option<String> {
    std::fs::read_to_string(path)
        .ok()
        .map(|s| s.trim().to_string())
}

fn os_name() -> String {
    let pretty = read("/etc/os-release").and_then(|s| {
        s.lines()
            .find_map(|l| l.strip_prefix("PRETTY_NAME="))
            .map(|v| v.trim_matches('"').to_string())
    });
    let kernel = read("/proc/sys/kernel/osrelease");
    match (pretty, kernel) {
        (Some(p), Some(k)) => format!("{p}, Linux {k}"),
        (Some(p), None) => p,
        (None, Some(k)) => format!("Linux {k}"),
        (None, None) => std::env::consts::OS.to_string(),
    }
}

/// TSC ticks per nanosecond over a short busy interval.
pub fn tsc_ghz(interval: Duration) -> f64 {
    let t0 = Instant::now();
    let c0 = crate::timing::cycles();
    while t0.elapsed() < interval {
        std::hint::spin_loop();
    }
    let c1 = crate::timing::cycles();
    let ns = t0.elapsed().as_nanos() as f64;
    if c1 <= c0 {
        return 0.0;
    }
    (c1 - c0) as f64 / ns
}

/// Describes this machine (`probe_ms` of busy waiting to estimate the TSC frequency).
pub fn describe(probe_ms: u64) -> Machine {
    let info = read("/proc/cpuinfo").unwrap_or_default();
    let flags_line = cpuinfo_field(&info, "flags").unwrap_or_default();
    let present: Vec<&str> = flags_line.split_whitespace().collect();
    let cpu_flags = FLAGS
        .iter()
        .filter(|f| present.contains(f))
        .map(|f| f.to_string())
        .collect();
    Machine {
        cpu_model: cpuinfo_field(&info, "model name").unwrap_or_else(|| "unknown".into()),
        cpu_flags,
        logical_cores: std::thread::available_parallelism()
            .map(|n| n.get())
            .unwrap_or(1),
        clock_source: read("/sys/devices/system/clocksource/clocksource0/current_clocksource")
            .unwrap_or_else(|| "unknown".into()),
        tsc_ghz: tsc_ghz(Duration::from_millis(probe_ms)),
        os: os_name(),
        compiler: env!("HAYATE_RUSTC_VERSION").to_string(),
        arith_backend: hayate_arith::backend::active().to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cpuinfo_parsing() {
        let info =
            "processor\t: 0\nmodel name\t: Test CPU @ 3.0GHz\nflags\t\t: fpu adx bmi2 avx2\n";
        assert_eq!(
            cpuinfo_field(info, "model name").as_deref(),
            Some("Test CPU @ 3.0GHz")
        );
        assert_eq!(
            cpuinfo_field(info, "flags").as_deref(),
            Some("fpu adx bmi2 avx2")
        );
        assert_eq!(cpuinfo_field(info, "missing"), None);
    }

    #[test]
    fn describe_fills_every_field() {
        let m = describe(2);
        assert!(!m.cpu_model.is_empty());
        assert!(m.logical_cores >= 1);
        assert!(!m.compiler.is_empty());
        assert!(!m.os.is_empty());
    }
}

//! The machine description at the top of the report: CPU model and relevant flags, cores,
//! clock source, TSC frequency (cycles in hayate are TSC ticks), OS, compiler, back end.

use super::model::Machine;
use std::time::{Duration, Instant};

/// CPU flags that select or matter to hayate's code paths (`flags` in x86-64's
/// /proc/cpuinfo).
#[cfg(not(target_arch = "aarch64"))]
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

/// The same on AArch64 (`Features` in /proc/cpuinfo): Advanced SIMD (NEON), the Crypto
/// Extensions, LSE atomics, SVE.
#[cfg(target_arch = "aarch64")]
const FLAGS: &[&str] = &[
    "asimd", "aes", "pmull", "sha2", "sha3", "atomics", "sve", "sve2",
];

/// The /proc/cpuinfo line that lists the CPU's features.
const FLAGS_FIELD: &str = if cfg!(target_arch = "aarch64") {
    "Features"
} else {
    "flags"
};

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

/// The CPU's name: `model name` where the kernel gives one (x86-64, some ARM kernels),
/// otherwise ARM's implementer and part numbers.
fn cpu_model(info: &str) -> String {
    if let Some(m) = cpuinfo_field(info, "model name") {
        return m;
    }
    match (
        cpuinfo_field(info, "CPU implementer"),
        cpuinfo_field(info, "CPU part"),
    ) {
        (Some(i), Some(p)) => format!("ARM CPU (implementer {i}, part {p})"),
        _ => "unknown".into(),
    }
}

/// Describes this machine (`probe_ms` of busy waiting to estimate the TSC frequency).
pub fn describe(probe_ms: u64) -> Machine {
    let info = read("/proc/cpuinfo").unwrap_or_default();
    let flags_line = cpuinfo_field(&info, FLAGS_FIELD).unwrap_or_default();
    let present: Vec<&str> = flags_line.split_whitespace().collect();
    let cpu_flags = FLAGS
        .iter()
        .filter(|f| present.contains(f))
        .map(|f| f.to_string())
        .collect();
    Machine {
        cpu_model: cpu_model(&info),
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
        aes_backend: hayate_aead::aes::backend_name().into(),
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
        assert_eq!(cpu_model(info), "Test CPU @ 3.0GHz");
        // Linux on arm64 (e.g. a Cortex-A72): no model name, implementer and part instead
        let arm = "processor\t: 0\nBogoMIPS\t: 108.00\nFeatures\t: fp asimd evtstrm aes pmull sha1 sha2 crc32 cpuid\nCPU implementer\t: 0x41\nCPU architecture: 8\nCPU variant\t: 0x0\nCPU part\t: 0xd08\nCPU revision\t: 3\n";
        assert_eq!(cpu_model(arm), "ARM CPU (implementer 0x41, part 0xd08)");
        assert!(cpuinfo_field(arm, "Features").is_some_and(|f| f.contains("pmull")));
        assert_eq!(cpu_model("processor\t: 0\n"), "unknown");
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

//! The one CPU detection of the back ends, and what runs in this process.
//!
//! [`detected`] is what the CPU reports (the instruction-set extensions the kernels use);
//! each back end's `available()` combines it with the build (compile-time target features)
//! and the process's switches, and caches the answer. [`active`] gathers those answers: it is
//! what `hayate report` prints in its machine section and what the constant-time tables key
//! their CPU class on.
//!
//! With the `std` feature, [`detected`] asks std's cached run-time detection
//! (`is_x86_feature_detected!`). Without it (`no_std`) it reports what the build's target
//! features guarantee (`cfg!(target_feature = "bmi2")` and so on, set by `-C target-cpu=…` or
//! `-C target-feature=…`) and nothing more: reading `cpuid` alone would not do for the AVX-512
//! kernels, which also need the operating system to save the ZMM state (XGETBV), so a `no_std`
//! build runs the portable code unless it is compiled for a CPU that has the extensions.

use core::fmt;
#[cfg(target_arch = "x86_64")]
use core::sync::atomic::{AtomicU8, Ordering};

/// The instruction-set extensions hayate's back ends can use, as this CPU reports them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Features {
    /// BMI2 and ADX: MULX, ADCX, ADOX (the field kernels of [`super::x86_64::mulx`]).
    pub bmi2_adx: bool,
    /// AVX2 (the 4-way radix-2^29 experiment `x86_64::avx2` of lab builds).
    pub avx2: bool,
    /// AVX-512F and AVX-512 IFMA (the 52-bit lane kernels of [`super::x86_64::ifma`] and its siblings).
    pub avx512_ifma: bool,
}

/// A back end's cached answer to "may my kernels run here?": the probe runs once, on first use;
/// afterwards one relaxed load and compare.
#[cfg(target_arch = "x86_64")]
pub(crate) struct Cached(AtomicU8);

#[cfg(target_arch = "x86_64")]
impl Cached {
    /// Not yet probed.
    pub(crate) const fn new() -> Self {
        Cached(AtomicU8::new(0))
    }

    /// The cached answer; `probe` (a CPU test, the same answer every time) runs on first use.
    #[inline(always)]
    pub(crate) fn get(&self, probe: impl FnOnce() -> bool) -> bool {
        match self.0.load(Ordering::Relaxed) {
            2 => true,
            1 => false,
            _ => self.init(probe),
        }
    }

    /// Whether the probe has run and answered yes (never runs it).
    #[inline(always)]
    pub(crate) fn probed_yes(&self) -> bool {
        self.0.load(Ordering::Relaxed) == 2
    }

    #[cold]
    #[inline(never)]
    fn init(&self, probe: impl FnOnce() -> bool) -> bool {
        let ok = probe();
        self.0.store(if ok { 2 } else { 1 }, Ordering::Relaxed);
        ok
    }
}

/// What the CPU reports (no switch applied; false for every feature off x86-64). Without the
/// `std` feature: what the build's target features guarantee (see the module docs).
pub fn detected() -> Features {
    #[cfg(all(target_arch = "x86_64", feature = "std"))]
    {
        Features {
            bmi2_adx: std::is_x86_feature_detected!("bmi2") && std::is_x86_feature_detected!("adx"),
            avx2: std::is_x86_feature_detected!("avx2"),
            avx512_ifma: std::is_x86_feature_detected!("avx512f")
                && std::is_x86_feature_detected!("avx512ifma"),
        }
    }
    #[cfg(all(target_arch = "x86_64", not(feature = "std")))]
    {
        Features {
            bmi2_adx: cfg!(all(target_feature = "bmi2", target_feature = "adx")),
            avx2: cfg!(target_feature = "avx2"),
            avx512_ifma: cfg!(all(
                target_feature = "avx512f",
                target_feature = "avx512ifma"
            )),
        }
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        Features {
            bmi2_adx: false,
            avx2: false,
            avx512_ifma: false,
        }
    }
}

/// The kernels this process runs (see [`active`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Active {
    /// The CPU's features.
    pub cpu: Features,
    /// The MULX/ADCX/ADOX field kernels run (for N = 4 and N = 6 with the top bit of the
    /// modulus clear, and the 4-limb pseudo-Mersenne kernels); otherwise the portable code.
    pub mulx_adx: bool,
    /// The AVX-512 IFMA lane kernels run (BLS12-381 G2 `mul_ct` columns, cyclotomic
    /// squarings and power lanes, the Straus lanes, the Miller loops of products of pairings).
    pub avx512_ifma: bool,
}

/// The kernels this process runs: the CPU's features after the build's target features, the
/// build's forced back end (`--cfg hayate_backend="portable"` or `"mulx"`) and the A/B switch
/// `super::x86_64::ifma::ENABLED` (lab builds).
pub fn active() -> Active {
    #[cfg(target_arch = "x86_64")]
    let (mulx_adx, avx512_ifma) = (super::mulx::available(), super::x86_64::ifma::available());
    #[cfg(not(target_arch = "x86_64"))]
    let (mulx_adx, avx512_ifma) = (false, false);
    Active {
        cpu: detected(),
        mulx_adx,
        avx512_ifma,
    }
}

impl fmt::Display for Active {
    /// One line: the field kernels, then the lane kernels, each with why it is off when the
    /// CPU has it.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        #[cfg(target_arch = "aarch64")]
        let aarch64 = (!super::PORTABLE_FORCED).then_some(super::aarch64::FIELD_KERNELS);
        #[cfg(not(target_arch = "aarch64"))]
        let aarch64: Option<&str> = None;
        if let Some(field) = aarch64 {
            f.write_str(field)?;
        } else if self.mulx_adx {
            f.write_str("field: x86-64 MULX/ADCX/ADOX assembly")?;
        } else {
            f.write_str("field: portable (u64 limbs, u128 products)")?;
            if self.cpu.bmi2_adx {
                f.write_str(" — the CPU has BMI2/ADX, switched off in this build")?;
            }
        }
        if self.avx512_ifma {
            f.write_str(
                "; lanes: AVX-512 IFMA (G2 columns, cyclotomic squarings, power, Straus and \
                 Miller-loop lanes)",
            )
        } else if self.cpu.avx512_ifma {
            f.write_str(
                "; lanes: none — the CPU has AVX-512 IFMA, switched off in this build or process",
            )
        } else {
            f.write_str("; lanes: none (no AVX-512 IFMA)")
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn active_never_exceeds_the_cpu() {
        let a = active();
        // compile-time target features may force the assembly on without a probe
        if !cfg!(all(target_feature = "bmi2", target_feature = "adx")) {
            assert!(!a.mulx_adx || a.cpu.bmi2_adx);
        }
        assert!(!a.avx512_ifma || a.cpu.avx512_ifma);
        let s = a.to_string();
        assert!(s.starts_with("field: "), "{s}");
        assert_eq!(s.contains("MULX"), a.mulx_adx, "{s}");
        assert_eq!(s.contains("lanes: AVX-512 IFMA"), a.avx512_ifma, "{s}");
    }

    /// A build with `--cfg hayate_backend=…` runs what it asks for (the test command runs the
    /// suites in such builds; this is their check that the switch took effect).
    #[test]
    fn forced_back_end_is_what_runs() {
        let a = active();
        if super::super::PORTABLE_FORCED {
            assert!(!a.mulx_adx && !a.avx512_ifma, "{a:?}");
            assert!(a.to_string().starts_with("field: portable"), "{a}");
        }
        if super::super::LANES_FORCED_OFF {
            assert!(!a.avx512_ifma, "{a:?}");
        }
        if cfg!(hayate_backend = "mulx") && a.cpu.bmi2_adx {
            assert!(a.mulx_adx, "{a:?}");
        }
    }
}

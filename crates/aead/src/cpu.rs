//! The CPU features the AEAD code selects on: BMI1 and BMI2 (the Ascon and Ketje permutations'
//! `andn`/`rorx` copies) and the AES instructions (AES-NI on x86-64, the Armv8 Cryptographic
//! Extension on AArch64).
//!
//! With the `std` feature the answers are std's (`is_x86_feature_detected!`,
//! `is_aarch64_feature_detected!`, cached by std). Without it (`no_std`) x86-64 reads `cpuid`
//! itself (leaf 1: ECX bit 25 AES-NI, EDX bit 26 SSE2; leaf 7 subleaf 0: EBX bit 3 BMI1, bit 8
//! BMI2; Intel SDM vol. 2A, CPUID) and caches the answers in an atomic, and AArch64 takes the
//! build's target features (`-C target-feature=+aes`), since reading the ID registers needs
//! the operating system. Neither instruction set uses the AVX register state, so no
//! operating-system support check (XGETBV) is needed.

/// Whether the CPU has BMI1 and BMI2.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
pub fn has_bmi() -> bool {
    #[cfg(feature = "std")]
    {
        std::is_x86_feature_detected!("bmi1") && std::is_x86_feature_detected!("bmi2")
    }
    #[cfg(not(feature = "std"))]
    {
        cpuid::features() & cpuid::BMI == cpuid::BMI
    }
}

/// Whether the CPU has the AES instructions this crate uses (AES-NI with SSE2 on x86-64, the
/// Armv8 AES instructions on AArch64); `false` on other architectures.
pub fn has_aes() -> bool {
    #[cfg(all(target_arch = "x86_64", feature = "std"))]
    {
        std::is_x86_feature_detected!("aes") && std::is_x86_feature_detected!("sse2")
    }
    #[cfg(all(target_arch = "x86_64", not(feature = "std")))]
    {
        cpuid::features() & cpuid::AES == cpuid::AES
    }
    #[cfg(all(target_arch = "aarch64", feature = "std"))]
    {
        std::arch::is_aarch64_feature_detected!("aes")
    }
    #[cfg(all(target_arch = "aarch64", not(feature = "std")))]
    {
        cfg!(target_feature = "aes")
    }
    #[cfg(not(any(target_arch = "x86_64", target_arch = "aarch64")))]
    {
        false
    }
}

/// The `cpuid` probe of `no_std` builds (also compiled in test builds, so that the tests
/// compare it with std's detection).
#[cfg(all(target_arch = "x86_64", any(not(feature = "std"), test)))]
pub(crate) mod cpuid {
    use core::arch::x86_64::{__cpuid, __cpuid_count};
    use core::sync::atomic::{AtomicU8, Ordering};

    /// BMI1 and BMI2 both present.
    pub(crate) const BMI: u8 = 1 << 1;
    /// AES-NI and SSE2 both present.
    pub(crate) const AES: u8 = 1 << 2;
    /// Set once the probe has run.
    const DONE: u8 = 1;

    static FEATURES: AtomicU8 = AtomicU8::new(0);

    /// The feature bits ([`BMI`], [`AES`]), probed once.
    pub(crate) fn features() -> u8 {
        let f = FEATURES.load(Ordering::Relaxed);
        if f & DONE != 0 {
            return f;
        }
        let f = probe() | DONE;
        FEATURES.store(f, Ordering::Relaxed);
        f
    }

    /// Reads the bits from `cpuid`.
    #[allow(unused_unsafe)] // `__cpuid` is a safe function in recent Rust, unsafe in older
    fn probe() -> u8 {
        // SAFETY: `cpuid` exists on every x86-64 CPU; leaf 7 is read only when leaf 0 reports
        // it.
        let (max, l1) = unsafe { (__cpuid(0).eax, __cpuid(1)) };
        let mut f = 0;
        if l1.ecx & (1 << 25) != 0 && l1.edx & (1 << 26) != 0 {
            f |= AES;
        }
        if max >= 7 {
            // SAFETY: as above.
            let l7 = unsafe { __cpuid_count(7, 0) };
            if l7.ebx & (1 << 3) != 0 && l7.ebx & (1 << 8) != 0 {
                f |= BMI;
            }
        }
        f
    }
}

#[cfg(all(test, target_arch = "x86_64"))]
mod tests {
    /// The `no_std` probe agrees with std's detection on this machine.
    #[test]
    fn cpuid_probe_matches_std() {
        let f = super::cpuid::features();
        assert_eq!(
            f & super::cpuid::BMI != 0,
            std::is_x86_feature_detected!("bmi1") && std::is_x86_feature_detected!("bmi2")
        );
        assert_eq!(
            f & super::cpuid::AES != 0,
            std::is_x86_feature_detected!("aes") && std::is_x86_feature_detected!("sse2")
        );
    }
}

//! The dudect statistics shared by the timing-leakage examples (O. Reparaz, J. Balasch,
//! I. Verbauwhede, "Dude, is my code constant time?", DATE 2017): a fenced cycle counter and
//! Welch's t-test between two classes of timed calls, on the raw data and after cropping at
//! dudect's percentiles. Included by path from `dudect_ladder` (this crate) and
//! `hayate-pairing`'s `dudect_g2`.

#![allow(dead_code)]

#[cfg(target_arch = "x86_64")]
#[inline(always)]
pub fn cycles() -> u64 {
    // SAFETY: lfence and rdtsc are available on every x86-64 CPU.
    unsafe {
        core::arch::x86_64::_mm_lfence();
        let t = core::arch::x86_64::_rdtsc();
        core::arch::x86_64::_mm_lfence();
        t
    }
}
#[cfg(not(target_arch = "x86_64"))]
pub fn cycles() -> u64 {
    use std::sync::OnceLock;
    static T0: OnceLock<std::time::Instant> = OnceLock::new();
    T0.get_or_init(std::time::Instant::now).elapsed().as_nanos() as u64
}

/// Welch's t-statistic of two samples.
pub fn welch_t(a: &[f64], b: &[f64]) -> f64 {
    let stats = |v: &[f64]| {
        let n = v.len() as f64;
        let mean = v.iter().sum::<f64>() / n;
        let var = v.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (n - 1.0);
        (n, mean, var)
    };
    let (na, ma, va) = stats(a);
    let (nb, mb, vb) = stats(b);
    (ma - mb) / (va / na + vb / nb).sqrt()
}

/// Welch's t between class 0 and class 1 of `times` (`classes[j]` ∈ {0, 1}) on the raw data
/// and, as the second value, the largest |t| (with its sign) over the raw data and the crops
/// at dudect's percentiles p = 1 − 0.5^(10·(i + 1)/100) (measurements above the p-th
/// percentile discarded). |t| < 4.5: no evidence of a timing difference.
pub fn t_statistics(classes: &[u8], times: &[u64]) -> (f64, f64) {
    let samples = times.len();
    let mut sorted = times.to_vec();
    sorted.sort_unstable();
    let pct = |q: f64| sorted[((q * (samples - 1) as f64) as usize).min(samples - 1)];
    let mut t_max: f64 = 0.0;
    let mut t_raw = 0.0;
    for i in 0..=100usize {
        let limit = if i == 100 {
            u64::MAX
        } else {
            pct(1.0 - 0.5f64.powf(10.0 * (i + 1) as f64 / 100.0))
        };
        let class = |c: u8| -> Vec<f64> {
            (0..samples)
                .filter(|&j| classes[j] == c && times[j] <= limit)
                .map(|j| times[j] as f64)
                .collect()
        };
        let (a, b) = (class(0), class(1));
        if a.len() < 10 || b.len() < 10 {
            continue;
        }
        let t = welch_t(&a, &b);
        if i == 100 {
            t_raw = t;
        }
        if t.abs() > t_max.abs() {
            t_max = t;
        }
    }
    (t_raw, t_max)
}

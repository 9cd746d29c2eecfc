//! The dudect engine shared by `hayate bench dudect`, the report's constant-time section and
//! the `dudect_ladder` / `dudect_g2` examples of hayate-ec and hayate-pairing (which include
//! this file by path: it needs only `std` and `rand`).
//!
//! Method (O. Reparaz, J. Balasch, I. Verbauwhede, "Dude, is my code constant time?", DATE
//! 2017, and its reference implementation):
//!
//! * **Inputs first.** The class of every call (0 = the fixed input, 1 = a fresh random one)
//!   is drawn at random and every input is prepared before any timing, so the two classes are
//!   interleaved in random order and the timed region holds only the call. Class 0 gets its
//!   own copy of the fixed input per call, so both classes read their inputs from the same
//!   kind of memory.
//! * **Timing.** One call per measurement between two fenced `rdtsc` reads (`lfence` on both
//!   sides); elsewhere, nanoseconds of a monotonic clock.
//! * **First order.** Welch's t between the classes' times on the raw data and on the data
//!   cropped at 100 percentiles p = 1 − 0.5^(10·(i + 1)/100) of all measurements (values
//!   above the p-th percentile dropped): the crops remove the long upper tail of interrupts
//!   and migrations that drowns small differences.
//! * **Second order.** Welch's t on the centred squares (x − mean of x's class)² of the same
//!   raw and cropped data: a difference of the classes' *variances*, which the first-order test
//!   misses when the means agree (the higher-order pre-processing of dudect, after Schneider
//!   and Moradi, "Leakage assessment methodology", CHES 2015). A fixed input whose time does
//!   not vary with the data shows up here against random inputs whose time does.
//! * **Result.** The largest |t| of each order with the test that gave it; |t| ≥
//!   [`LEAK_T`] = 4.5 is evidence that the time depends on the input class (dudect's
//!   threshold). A crop needs at least [`MIN_PER_CLASS`] measurements of each class.
//!
//! A measurement, not a proof: |t| < 4.5 says only that these many calls did not separate the
//! classes. Hence the positive controls: a deliberately variable-time counterpart timed on the
//! same classes must reach |t| ≥ [`CONTROL_T`] = 10 for a run to count ([`verdict`]).

#![allow(dead_code)]

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

/// |t| at or above which a run is evidence of a timing leak (dudect's threshold).
pub const LEAK_T: f64 = 4.5;
/// |t| the positive control must reach for a run to count.
pub const CONTROL_T: f64 = 10.0;
/// Fewest measurements of each class in a test.
pub const MIN_PER_CLASS: usize = 20;
/// Number of percentile crops (dudect's `DUDECT_NUMBER_PERCENTILES`).
pub const CROPS: usize = 100;

/// A fenced cycle counter: TSC ticks (`lfence; rdtsc; lfence`) on x86-64, nanoseconds of a
/// monotonic clock elsewhere.
#[inline(always)]
pub fn cycles() -> u64 {
    #[cfg(target_arch = "x86_64")]
    {
        // SAFETY: lfence and rdtsc are available on every x86-64 CPU.
        unsafe {
            core::arch::x86_64::_mm_lfence();
            let t = core::arch::x86_64::_rdtsc();
            core::arch::x86_64::_mm_lfence();
            t
        }
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        use std::sync::OnceLock;
        static T0: OnceLock<std::time::Instant> = OnceLock::new();
        T0.get_or_init(std::time::Instant::now).elapsed().as_nanos() as u64
    }
}

/// Welch's t-statistic of two samples (0 when both are constant or a sample has fewer than
/// two values).
pub fn welch_t(a: &[f64], b: &[f64]) -> f64 {
    if a.len() < 2 || b.len() < 2 {
        return 0.0;
    }
    let (ma, va) = mean_var(a);
    let (mb, vb) = mean_var(b);
    let d = (va / a.len() as f64 + vb / b.len() as f64).sqrt();
    if d > 0.0 && d.is_finite() {
        (ma - mb) / d
    } else {
        0.0
    }
}

/// Mean and unbiased variance.
fn mean_var(v: &[f64]) -> (f64, f64) {
    let n = v.len() as f64;
    let mean = v.iter().sum::<f64>() / n;
    let var = v.iter().map(|x| (x - mean) * (x - mean)).sum::<f64>() / (n - 1.0).max(1.0);
    (mean, var)
}

/// The second-order statistic: Welch's t on the centred squares (x − mean_class)².
pub fn second_order_t(a: &[f64], b: &[f64]) -> f64 {
    if a.len() < 2 || b.len() < 2 {
        return 0.0;
    }
    let centred = |v: &[f64]| -> Vec<f64> {
        let m = v.iter().sum::<f64>() / v.len() as f64;
        v.iter().map(|x| (x - m) * (x - m)).collect()
    };
    welch_t(&centred(a), &centred(b))
}

/// One t-statistic and the test that gave it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TStat {
    /// Signed t (positive: class 0, the fixed input, is slower or more spread).
    pub t: f64,
    /// 1 (means) or 2 (variances: centred squares).
    pub order: u8,
    /// The crop: measurements above this percentile (0–1) of all of them dropped; `None` for
    /// the raw data.
    pub crop: Option<f64>,
}

impl TStat {
    pub fn abs(&self) -> f64 {
        self.t.abs()
    }
    /// "1st order, raw", "2nd order, ≤ p93.0", …
    pub fn test(&self) -> String {
        let order = if self.order == 1 { "1st" } else { "2nd" };
        match self.crop {
            None => format!("{order} order, raw"),
            Some(p) => format!("{order} order, ≤ p{:.1}", 100.0 * p),
        }
    }
}

/// The statistics of one run.
#[derive(Clone, Debug, PartialEq)]
pub struct Analysis {
    /// Largest first-order |t| (raw and crops).
    pub first: TStat,
    /// Largest second-order |t| (raw and crops).
    pub second: TStat,
    /// Measurements per class (0 = fixed, 1 = random).
    pub n: [usize; 2],
    /// Median time per class.
    pub median: [f64; 2],
}

impl Analysis {
    /// One line for the examples: counts, medians, both orders, where the largest |t| was,
    /// and what it means.
    pub fn summary(&self) -> String {
        let m = self.max();
        format!(
            "n={}+{}  median fixed={:.0} random={:.0} cyc  |t| 1st={:.2}  2nd={:.2}  max at {}  {}",
            self.n[0],
            self.n[1],
            self.median[0],
            self.median[1],
            self.first.abs(),
            self.second.abs(),
            m.test(),
            if m.abs() < LEAK_T {
                "no leakage detected (|t| < 4.5)"
            } else {
                "LEAKAGE: timing depends on the input (|t| >= 4.5)"
            }
        )
    }

    /// The larger of the two orders.
    pub fn max(&self) -> TStat {
        if self.second.abs() > self.first.abs() {
            self.second
        } else {
            self.first
        }
    }
}

/// dudect's crop percentiles: p_i = 1 − 0.5^(10·(i + 1)/100), i = 0 … 99.
pub fn crop_percentiles() -> [f64; CROPS] {
    core::array::from_fn(|i| 1.0 - 0.5f64.powf(10.0 * (i + 1) as f64 / CROPS as f64))
}

/// Both orders of the t-test between the classes of `times` (`classes[j]` ∈ {0, 1}), on the
/// raw data and on every crop.
pub fn analyse(classes: &[u8], times: &[u64]) -> Analysis {
    let n = times.len().min(classes.len());
    let mut sorted: Vec<u64> = times[..n].to_vec();
    sorted.sort_unstable();
    let zero = |order| TStat {
        t: 0.0,
        order,
        crop: None,
    };
    let mut first = zero(1);
    let mut second = zero(2);
    let split = |limit: u64| -> [Vec<f64>; 2] {
        let mut c: [Vec<f64>; 2] = [Vec::with_capacity(n), Vec::with_capacity(n)];
        for j in 0..n {
            if times[j] <= limit {
                c[(classes[j] & 1) as usize].push(times[j] as f64);
            }
        }
        c
    };
    let mut tests: Vec<(Option<f64>, u64)> = vec![(None, u64::MAX)];
    if n > 0 {
        for p in crop_percentiles() {
            let at = ((p * (n - 1) as f64) as usize).min(n - 1);
            tests.push((Some(p), sorted[at]));
        }
    }
    let mut all = [Vec::new(), Vec::new()];
    for (crop, limit) in tests {
        let [a, b] = split(limit);
        if crop.is_none() {
            all = [a.clone(), b.clone()];
        }
        if a.len() < MIN_PER_CLASS || b.len() < MIN_PER_CLASS {
            continue;
        }
        for (best, t) in [
            (&mut first, welch_t(&a, &b)),
            (&mut second, second_order_t(&a, &b)),
        ] {
            if t.abs() > best.abs() {
                best.t = t;
                best.crop = crop;
            }
        }
    }
    let median = |v: &mut Vec<f64>| {
        if v.is_empty() {
            f64::NAN
        } else {
            v.sort_by(f64::total_cmp);
            v[v.len() / 2]
        }
    };
    let [mut a, mut b] = all;
    Analysis {
        first,
        second,
        n: [a.len(), b.len()],
        median: [median(&mut a), median(&mut b)],
    }
}

/// Times `op` on `calls` inputs of randomly interleaved classes and analyses the times.
/// `make(class, rng)` prepares the input of one call (class 0: the fixed input, class 1: a
/// random one) before any timing; the first few inputs are run once untimed (warm-up).
/// `stop()` is polled between calls (Ctrl-C): the analysis covers what was measured.
pub fn measure<X, R>(
    calls: usize,
    seed: u64,
    stop: &dyn Fn() -> bool,
    mut make: impl FnMut(u8, &mut StdRng) -> X,
    mut op: impl FnMut(&X) -> R,
) -> Analysis {
    let mut rng = StdRng::seed_from_u64(seed);
    let classes: Vec<u8> = (0..calls).map(|_| rng.gen_range(0..2u8)).collect();
    let inputs: Vec<X> = classes.iter().map(|&c| make(c, &mut rng)).collect();
    for x in inputs.iter().take(calls.min(16)) {
        std::hint::black_box(op(std::hint::black_box(x)));
    }
    let mut times = Vec::with_capacity(calls);
    for x in &inputs {
        if stop() {
            break;
        }
        let x = std::hint::black_box(x);
        let start = cycles();
        let r = op(x);
        let end = cycles();
        std::hint::black_box(r);
        times.push(end.wrapping_sub(start));
    }
    analyse(&classes[..times.len()], &times)
}

/// The outcome of a target measured beside its positive control.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Target below [`LEAK_T`] and the control at or above [`CONTROL_T`].
    Pass,
    /// Target at or above [`LEAK_T`] (whatever the control gave).
    Leak,
    /// Target below [`LEAK_T`] but the control below [`CONTROL_T`]: the run could not have
    /// seen a leak of the control's size, so it says nothing.
    Inconclusive,
}

impl Verdict {
    pub fn as_str(self) -> &'static str {
        match self {
            Verdict::Pass => "pass",
            Verdict::Leak => "leak",
            Verdict::Inconclusive => "inconclusive",
        }
    }
}

/// The rule: a leak if the target reaches [`LEAK_T`]; otherwise a pass only if the control
/// reached [`CONTROL_T`].
pub fn verdict(target_max_t: f64, control_max_t: f64) -> Verdict {
    if target_max_t.abs() >= LEAK_T {
        Verdict::Leak
    } else if control_max_t.abs() >= CONTROL_T {
        Verdict::Pass
    } else {
        Verdict::Inconclusive
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Deterministic pseudo-normal noise (sum of uniforms).
    fn noise(rng: &mut StdRng) -> f64 {
        (0..12).map(|_| rng.gen::<f64>()).sum::<f64>() - 6.0
    }

    fn synth(n: usize, seed: u64, f: impl Fn(u8, &mut StdRng) -> f64) -> (Vec<u8>, Vec<u64>) {
        let mut rng = StdRng::seed_from_u64(seed);
        let classes: Vec<u8> = (0..n).map(|_| rng.gen_range(0..2u8)).collect();
        let times = classes
            .iter()
            .map(|&c| f(c, &mut rng).max(0.0) as u64)
            .collect();
        (classes, times)
    }

    #[test]
    fn welch_and_second_order_on_small_samples() {
        let a = [1.0, 2.0, 3.0, 4.0];
        let b = [11.0, 12.0, 13.0, 14.0];
        // means 2.5 and 12.5, variances 5/3: t = −10 / sqrt(2·(5/3)/4)
        let t = welch_t(&a, &b);
        assert!(
            (t + 10.0 / (2.0 * 5.0 / 3.0 / 4.0f64).sqrt()).abs() < 1e-9,
            "{t}"
        );
        // same spread: second order 0
        assert!(second_order_t(&a, &b).abs() < 1e-9);
        // constant samples and too-short samples give 0, not NaN
        assert_eq!(welch_t(&[5.0; 10], &[5.0; 10]), 0.0);
        assert_eq!(welch_t(&[1.0], &[2.0, 3.0]), 0.0);
    }

    #[test]
    fn equal_distributions_stay_below_the_threshold() {
        for seed in 0..5 {
            let (c, t) = synth(20_000, seed, |_, r| 100_000.0 + 300.0 * noise(r));
            let a = analyse(&c, &t);
            assert!(a.first.abs() < LEAK_T, "seed {seed}: {a:?}");
            assert!(a.second.abs() < LEAK_T, "seed {seed}: {a:?}");
            assert_eq!(a.n[0] + a.n[1], 20_000);
        }
    }

    #[test]
    fn shifted_means_give_a_large_first_order_t() {
        // a shift of a tenth of the noise's standard deviation, 20 000 measurements
        let (c, t) = synth(20_000, 7, |cl, r| {
            100_000.0 + 1000.0 * noise(r) + if cl == 0 { 100.0 } else { 0.0 }
        });
        let a = analyse(&c, &t);
        assert!(a.first.abs() > LEAK_T, "{a:?}");
        assert!(a.first.t > 0.0, "class 0 is the slower one");
        assert!(a.median[0] > a.median[1]);
        assert_eq!(a.max(), a.first);
    }

    #[test]
    fn shifted_variance_gives_a_large_second_order_t_only() {
        // class 0 (fixed input) has only the measurement noise, class 1 adds a data-dependent
        // spread of the same size: same mean, twice the variance
        let (c, t) = synth(20_000, 11, |cl, r| {
            let data = if cl == 1 { 1000.0 * noise(r) } else { 0.0 };
            100_000.0 + 1000.0 * noise(r) + data
        });
        let a = analyse(&c, &t);
        assert!(a.second.abs() > 10.0, "{a:?}");
        assert!(a.second.t < 0.0, "class 1 is the more spread one");
        assert_eq!(a.max().order, 2);
        // the means agree: the raw first-order test does not see it
        let raw = {
            let pick = |k| -> Vec<f64> {
                c.iter()
                    .zip(&t)
                    .filter(|(&cl, _)| cl == k)
                    .map(|(_, &x)| x as f64)
                    .collect()
            };
            welch_t(&pick(0), &pick(1))
        };
        assert!(raw.abs() < LEAK_T, "{raw}");
    }

    #[test]
    fn crops_see_through_a_heavy_tail() {
        // a small shift under rare huge outliers (interrupts): the raw test is drowned, the
        // crops are not
        let (c, t) = synth(20_000, 3, |cl, r| {
            let spike = if r.gen_range(0..50) == 0 {
                r.gen_range(0.0..5e6)
            } else {
                0.0
            };
            100_000.0 + 200.0 * noise(r) + if cl == 0 { 30.0 } else { 0.0 } + spike
        });
        let a = analyse(&c, &t);
        assert!(a.first.abs() > LEAK_T, "{a:?}");
        assert!(a.first.crop.is_some(), "{a:?}");
    }

    #[test]
    fn measure_interleaves_and_detects_a_data_dependent_loop() {
        // class 0: a fixed, short loop; class 1: random loop lengths
        let a = measure(
            4000,
            1,
            &|| false,
            |c, r| if c == 0 { 10u64 } else { r.gen_range(0..2000) },
            |&n| {
                let mut x = 0u64;
                for i in 0..std::hint::black_box(n) {
                    x = x.wrapping_mul(6364136223846793005).wrapping_add(i);
                }
                x
            },
        );
        assert!(a.n[0] > 1500 && a.n[1] > 1500, "{a:?}");
        assert!(a.max().abs() > CONTROL_T, "{a:?}");
        let stop = measure(100, 1, &|| true, |_, _| 0u8, |&x| x);
        assert_eq!(stop.n, [0, 0]);
    }

    #[test]
    fn verdict_rule() {
        assert_eq!(verdict(2.0, 12.0), Verdict::Pass);
        assert_eq!(verdict(-4.6, 12.0), Verdict::Leak);
        assert_eq!(verdict(6.0, 3.0), Verdict::Leak);
        assert_eq!(verdict(2.0, 9.9), Verdict::Inconclusive);
        assert_eq!(Verdict::Inconclusive.as_str(), "inconclusive");
        assert_eq!(crop_percentiles()[0], 1.0 - 0.5f64.powf(0.1));
        assert!((crop_percentiles()[CROPS - 1] - (1.0 - 0.5f64.powf(10.0))).abs() < 1e-12);
    }
}

//! Cycle counts (rdtsc, medians) of the 4-way AVX2 Montgomery multiplication
//! (`backend::x86_64::avx2`, paper 000's SIMD idea) against four scalar MULX/ADX `mont_mul` calls,
//! on the 256-bit (bn254 Fp) and 384-bit (bls12-381 Fp) moduli.
//!
//! `cargo run --release -p hayate-lab --features lab --example simd_bench [rounds]`
//!
//! * throughput: 256 independent batches of 4 products per round; cycles per product;
//! * latency: a chain of dependent calls (each call's output is the next call's input);
//!   cycles per call (a 4-way call's latency is the latency of each of its products).
//!
//! rdtsc counts at the nominal (TSC) frequency, not the core clock; the ratios are what matter.

#[cfg(target_arch = "x86_64")]
mod imp {
    use core::arch::x86_64::{_mm_lfence, _rdtsc};
    use core::hint::black_box;
    use hayate_arith::backend::{self, x86_64::avx2};
    use hayate_arith::fields::*;
    use hayate_arith::FpParams;
    use rand::{Rng, SeedableRng};

    const BATCHES: usize = 256;
    const CHAIN: usize = 2000;

    fn now() -> u64 {
        // SAFETY: lfence and rdtsc exist on every x86-64 CPU.
        unsafe {
            _mm_lfence();
            let t = _rdtsc();
            _mm_lfence();
            t
        }
    }

    /// Core clock cycles per TSC tick: a chain of dependent 1-cycle `add`s, timed.
    fn core_per_tsc() -> f64 {
        let mut v = vec![];
        for _ in 0..21 {
            let t0 = now();
            let mut x = 0u64;
            for _ in 0..10_000 {
                // SAFETY: register-only arithmetic.
                unsafe {
                    core::arch::asm!(
                        "add {x}, 1", "add {x}, 1", "add {x}, 1", "add {x}, 1", "add {x}, 1",
                        "add {x}, 1", "add {x}, 1", "add {x}, 1", "add {x}, 1", "add {x}, 1",
                        x = inout(reg) x, options(nomem, nostack)
                    );
                }
            }
            let t1 = now();
            black_box(x);
            v.push(100_000.0 / (t1 - t0) as f64);
        }
        median(v)
    }

    fn median(mut v: Vec<f64>) -> f64 {
        v.sort_by(|a, b| a.partial_cmp(b).unwrap());
        v[v.len() / 2]
    }

    fn below<const N: usize>(r: &mut impl Rng, m: &[u64; N]) -> [u64; N] {
        loop {
            let mut x: [u64; N] = core::array::from_fn(|_| r.gen());
            x[N - 1] &= u64::MAX >> m[N - 1].leading_zeros();
            if (0..N)
                .rev()
                .find(|&i| x[i] != m[i])
                .is_some_and(|i| x[i] < m[i])
            {
                return x;
            }
        }
    }

    /// Medians over `rounds`: (simd thr, scalar thr, simd lat, scalar lat) in cycles.
    fn measure<P: FpParams<N>, const N: usize, const L: usize>(
        rounds: usize,
    ) -> (f64, f64, f64, f64) {
        let m = P::MODULUS;
        let inv = hayate_arith::limbs::neg_inv64(m[0]);
        let md = avx2::Modulus::<N, L>::new(&m);
        let mut r = rand::rngs::StdRng::seed_from_u64(1);
        let a: Vec<[[u64; N]; 4]> = (0..BATCHES)
            .map(|_| core::array::from_fn(|_| below(&mut r, &m)))
            .collect();
        let b: Vec<[[u64; N]; 4]> = (0..BATCHES)
            .map(|_| core::array::from_fn(|_| below(&mut r, &m)))
            .collect();
        let mut out = vec![[[0u64; N]; 4]; BATCHES];
        let (mut st, mut sc, mut lt, mut lc) = (vec![], vec![], vec![], vec![]);
        for _ in 0..rounds {
            let t0 = now();
            for k in 0..BATCHES {
                // SAFETY: the caller checked AVX2.
                out[k] = unsafe { md.mul_x4_avx2(black_box(&a[k]), black_box(&b[k])) };
            }
            let t1 = now();
            black_box(&out);
            for k in 0..BATCHES {
                let (x, y) = (black_box(&a[k]), black_box(&b[k]));
                out[k] = core::array::from_fn(|i| backend::mont_mul(&x[i], &y[i], &m, inv));
            }
            let t2 = now();
            black_box(&out);
            st.push((t1 - t0) as f64 / (4 * BATCHES) as f64);
            sc.push((t2 - t1) as f64 / (4 * BATCHES) as f64);

            let y = b[0];
            let mut x = a[0];
            let t0 = now();
            for _ in 0..CHAIN {
                // SAFETY: as above.
                x = unsafe { md.mul_x4_avx2(&x, &y) };
            }
            let t1 = now();
            black_box(&x);
            let mut s = a[0][0];
            for _ in 0..CHAIN {
                s = backend::mont_mul(&s, &y[0], &m, inv);
            }
            let t2 = now();
            black_box(&s);
            lt.push((t1 - t0) as f64 / CHAIN as f64);
            lc.push((t2 - t1) as f64 / CHAIN as f64);
        }
        (median(st), median(sc), median(lt), median(lc))
    }

    pub fn main() {
        if !std::is_x86_feature_detected!("avx2") || !backend::x86_64::mulx::cpu_has_mulx_adx() {
            println!("needs AVX2 and BMI2/ADX");
            return;
        }
        let rounds = std::env::args()
            .nth(1)
            .and_then(|s| s.parse().ok())
            .unwrap_or(51);
        let k = core_per_tsc();
        println!("4-way AVX2 mont_mul vs scalar MULX/ADX mont_mul (core cycles = rdtsc ticks x {k:.2}, median of {rounds})");
        println!(
            "{:<14} {:>12} {:>12} {:>8} {:>12} {:>12} {:>8}",
            "field", "avx2 /prod", "mulx /prod", "ratio", "avx2 lat", "mulx lat", "ratio"
        );
        let rows = [
            ("bn254 Fp", measure::<Bn254FpParams, 4, 9>(rounds)),
            ("bls12-381 Fp", measure::<Bls12381FpParams, 6, 14>(rounds)),
        ];
        for (name, (st, sc, lt, lc)) in rows {
            let (st, sc, lt, lc) = (st * k, sc * k, lt * k, lc * k);
            println!(
                "{name:<14} {st:>12.1} {sc:>12.1} {:>8.2} {lt:>12.1} {lc:>12.1} {:>8.2}",
                st / sc,
                lt / lc
            );
        }
        println!("(ratio = avx2 / mulx: above 1 means the scalar MULX path is faster)");
    }
}

fn main() {
    #[cfg(target_arch = "x86_64")]
    imp::main();
}

//! Per-operation timings (ns, best of several batches) of the field kernels and the
//! constant-time scalar multiplications on secp256k1 and secp256r1, for profiling issue 4's
//! peer targets without the bench crate's dependencies:
//!
//! `cargo run --release -p hayate-lab --example ecc_profile [-- OP]` with OP one of `field`,
//! `glv-ct`, `ecdh`, `methods` (fixed window, Montgomery ladder and wNAF on both curves and
//! on secp256r1 as a run-time curve), `all` (default). Under `perf record` pass `loop-glv` or `loop-ecdh` to
//! run only that operation for a few seconds.

use std::hint::black_box as bb;

use hayate_arith::Field;
use hayate_ec::curves::{Secp256k1, Secp256r1};
use hayate_ec::ecdh::{PublicKey, SecretKey};
use hayate_ec::methods::scalar_mul_threads;
use hayate_ec::{CurveParams, Method, Projective};
use rand::{RngCore, SeedableRng};

#[cfg(target_os = "linux")]
mod cpu {
    #[repr(C)]
    struct Timespec {
        sec: i64,
        nsec: i64,
    }
    extern "C" {
        fn clock_gettime(clock: i32, ts: *mut Timespec) -> i32;
    }
    /// This thread's CPU time in ns (CLOCK_THREAD_CPUTIME_ID): other processes on a loaded
    /// machine do not inflate it.
    pub fn now() -> f64 {
        let mut ts = Timespec { sec: 0, nsec: 0 };
        // SAFETY: clock_gettime writes one timespec; clock 3 is CLOCK_THREAD_CPUTIME_ID.
        unsafe { clock_gettime(3, &mut ts) };
        ts.sec as f64 * 1e9 + ts.nsec as f64
    }
}
#[cfg(not(target_os = "linux"))]
mod cpu {
    pub fn now() -> f64 {
        use std::sync::OnceLock;
        static T0: OnceLock<std::time::Instant> = OnceLock::new();
        T0.get_or_init(std::time::Instant::now).elapsed().as_nanos() as f64
    }
}

/// Best-of-`reps` nanoseconds (thread CPU time on Linux) per call of `f` over batches of `n`
/// calls.
fn time(n: usize, reps: usize, mut f: impl FnMut()) -> f64 {
    let mut best = f64::INFINITY;
    for _ in 0..reps {
        let t = cpu::now();
        for _ in 0..n {
            f();
        }
        best = best.min((cpu::now() - t) / n as f64);
    }
    best
}

fn field<C: CurveParams>(rng: &mut rand::rngs::StdRng) {
    let a = C::Base::random(rng);
    let b = C::Base::random(rng);
    let mut x = a;
    let mul = time(1_000_000, 7, || x = bb(x) * b);
    let mut x = a;
    let sqr = time(1_000_000, 7, || x = bb(x).square());
    let mut x = a;
    let add = time(1_000_000, 7, || x = bb(x) + b);
    let mut x = a;
    let sub = time(1_000_000, 7, || x = bb(x) - b);
    let inv = time(20_000, 5, || {
        bb(bb(a).invert_safegcd());
    });
    println!("{:<10} mul {mul:6.2}  sqr {sqr:6.2}  add {add:5.2}  sub {sub:5.2}  inv(safegcd) {inv:8.1} ns", C::NAME);
}

/// The single-thread methods that run on the formulas every curve shares.
fn methods<C: CurveParams>(k: &[u64; 4]) {
    let p = Projective::<C>::generator().double();
    for m in [
        Method::FixedWindowCt,
        Method::MontgomeryLadder,
        Method::WNaf(5),
    ] {
        let t = time(1000, 9, || {
            bb(scalar_mul_threads(m, bb(&p), bb(k), 1).ok());
        });
        println!("{:<10} {:<18} {:8.2} µs", C::NAME, m.to_string(), t / 1e3);
    }
}

fn main() {
    let op = std::env::args().nth(1).unwrap_or_else(|| "all".into());
    let mut rng = rand::rngs::StdRng::seed_from_u64(7);
    let mut k = [0u64; 4];
    for l in &mut k {
        *l = rng.next_u64();
    }
    k[3] >>= 1;
    let pk1 = Projective::<Secp256k1>::generator().mul_ct(&[rng.next_u64(), 5, 7, 9]);
    let mut d = [0u8; 32];
    rng.fill_bytes(&mut d);
    d[0] &= 0x7f;
    let sk = SecretKey::<Secp256r1>::from_bytes_be(&d).expect("key");
    d[1] ^= 0x55;
    let pk = SecretKey::<Secp256r1>::from_bytes_be(&d)
        .expect("key")
        .public_key();
    let pk = PublicKey::<Secp256r1>::from_affine(*pk.as_affine()).expect("pk");
    let glv = || {
        bb(scalar_mul_threads(Method::GlvCt, bb(&pk1), bb(&k), 1).ok());
    };
    let ecdh = || {
        bb(bb(&sk).diffie_hellman(bb(&pk)).ok());
    };
    match op.as_str() {
        "loop-glv" => {
            time(100_000, 1, glv);
        }
        "loop-ecdh" => {
            time(50_000, 1, ecdh);
        }
        _ => {
            if op == "all" || op == "field" {
                field::<Secp256k1>(&mut rng);
                field::<Secp256r1>(&mut rng);
            }
            if op == "all" || op == "glv-ct" {
                println!("secp256k1 glv-ct       {:8.2} µs", time(2000, 9, glv) / 1e3);
            }
            if op == "all" || op == "methods" {
                methods::<Secp256k1>(&k);
                methods::<Secp256r1>(&k);
                let dc = hayate_ec::DynCurve::named("secp256r1").expect("named curve");
                let g = dc.generator();
                for m in [
                    Method::FixedWindowCt,
                    Method::MontgomeryLadder,
                    Method::WNaf(5),
                ] {
                    let t = time(500, 9, || {
                        bb(dc.mul(m, bb(&g), bb(&k)).ok());
                    });
                    println!(
                        "{:<10} {:<18} {:8.2} µs (run-time curve)",
                        "secp256r1",
                        m.to_string(),
                        t / 1e3
                    );
                }
            }
            if op == "all" || op == "ecdh" {
                println!(
                    "secp256r1 ecdh         {:8.2} µs",
                    time(2000, 9, ecdh) / 1e3
                );
            }
        }
    }
}

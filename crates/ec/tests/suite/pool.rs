//! The persistent thread pool (`hayate_ec::pool`): results, sequential mode, that work really
//! goes to a named pool worker, panics reported as errors with the worker surviving, nested
//! and concurrent calls (no deadlock), and the split methods with several thread counts.

use crate::common;

use common::reference_mul;
use hayate_ec::curves::Secp256r1;
use hayate_ec::pool::{join, JobPanicked};
use hayate_ec::{scalar_mul_threads, Affine, Method, Projective};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

fn on_worker() -> bool {
    std::thread::current()
        .name()
        .is_some_and(|n| n.starts_with("hayate-pool-"))
}

/// A short sleep between retries (false, for use in `any`).
fn pause() -> bool {
    std::thread::sleep(Duration::from_micros(500));
    false
}

#[test]
fn results_and_sequential_mode() {
    for threads in [0, 1, 2, 3, 8] {
        let v: Vec<u64> = (0..1000).collect();
        let (a, b) = join(threads, move || v.iter().sum::<u64>(), || 7u64);
        assert_eq!((a, b), (Ok(499500), 7));
    }
    // threads = 1: the job runs on the caller
    let (a, _) = join(1, on_worker, || ());
    assert_eq!(a, Ok(false));
}

/// join(2, a, b) where b waits (≤ 100 ms) for a to start, so that the caller does not take an
/// unstarted job back; returns a's result.
fn join_waiting<R: Send + 'static>(
    a: impl FnOnce() -> R + Send + 'static,
) -> Result<R, JobPanicked> {
    let started = Arc::new(AtomicBool::new(false));
    let s = Arc::clone(&started);
    let wait = move || {
        let t = Instant::now();
        while !started.load(Ordering::Acquire) && t.elapsed() < Duration::from_millis(100) {
            std::thread::yield_now();
        }
    };
    join(
        2,
        move || {
            s.store(true, Ordering::Release);
            a()
        },
        wait,
    )
    .0
}

#[test]
fn work_goes_to_a_pool_worker() {
    // other tests may hold the worker for a moment (then the job runs inline): retry
    let seen = (0..2000).any(|_| join_waiting(on_worker) == Ok(true) || pause());
    assert!(seen, "a job never ran on a pool worker");
}

#[test]
fn panicking_job_is_an_error_and_the_worker_survives() {
    let caught = (0..2000).any(|_| {
        let r = join_waiting(|| -> u32 {
            if on_worker() {
                panic!("test panic in a pool job")
            } else {
                1
            }
        });
        r == Err(JobPanicked) || pause()
    });
    assert!(caught);
    let (a, b) = join(2, || 3, || 4);
    assert_eq!((a, b), (Ok(3), 4));
}

#[test]
fn nested_and_concurrent_calls() {
    let handles: Vec<_> = (0..6u64)
        .map(|i| {
            std::thread::spawn(move || {
                let mut s = 0;
                for j in 0..200u64 {
                    let (a, b) = join(
                        3,
                        move || join(2, move || i + j, move || j).0.unwrap_or(0),
                        move || i,
                    );
                    s += a.unwrap() + b;
                }
                s
            })
        })
        .collect();
    for (i, h) in handles.into_iter().enumerate() {
        let i = i as u64;
        assert_eq!(h.join().unwrap(), (0..200).map(|j| 2 * i + j).sum::<u64>());
    }
}

#[test]
fn split_methods_on_the_pool() {
    let g = Affine::<Secp256r1>::generator();
    let p = Projective::from(g);
    let k = [
        0x0123_4567_89ab_cdef,
        0xfedc_ba98_7654_3210,
        0x0f0f_0f0f_f0f0_f0f0,
        0x7777_1111_2222_3333,
    ];
    let want = reference_mul(&g, &k);
    for threads in [1, 2, 4] {
        for m in [
            Method::SplitCt,
            Method::paper002_split(256),
            Method::Split { x: 100 },
        ] {
            for _ in 0..3 {
                assert_eq!(
                    scalar_mul_threads(m, &p, &k, threads).unwrap().to_affine(),
                    want,
                    "{m} threads={threads}"
                );
            }
        }
        assert_eq!(p.mul_ct_parallel_with(&k, threads).to_affine(), want);
        assert_eq!(p.mul_vartime_parallel_with(&k, threads).to_affine(), want);
    }
}

/// Many concurrent callers with tiny jobs: every join returns (a caller taking back a job must
/// never take another caller's job — that used to leave the other caller parked forever).
#[test]
fn concurrent_take_backs_never_hang() {
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let handles: Vec<_> = (0..4u64)
            .map(|i| {
                std::thread::spawn(move || {
                    let mut s = 0u64;
                    for j in 0..5_000u64 {
                        // b slower than a: the worker finishes and frees itself first, so the
                        // next caller can claim it before this caller looks at the slot
                        let (a, b) = join(
                            2,
                            move || i ^ j,
                            move || {
                                let mut x = j;
                                for _ in 0..200 {
                                    x = std::hint::black_box(x);
                                }
                                x
                            },
                        );
                        s = s.wrapping_add(a.unwrap()).wrapping_add(b);
                    }
                    s
                })
            })
            .collect();
        let sums: Vec<u64> = handles.into_iter().map(|h| h.join().unwrap()).collect();
        let _ = tx.send(sums);
    });
    let sums = rx
        .recv_timeout(Duration::from_secs(120))
        .expect("a join hung (lost wake-up)");
    for (i, s) in sums.into_iter().enumerate() {
        let want = (0..5_000u64).fold(0u64, |acc, j| {
            acc.wrapping_add(i as u64 ^ j).wrapping_add(j)
        });
        assert_eq!(s, want);
    }
}

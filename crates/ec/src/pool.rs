//! A small persistent thread pool for the two-thread scalar multiplications (paper 002 §4's
//! split k = k₁·2^x + k₂, and the GLV split of [`crate::glv`]).
//!
//! The pool is persistent, not a thread per call: spawning a thread costs tens of
//! microseconds, the same order as one scalar multiplication. Design:
//!
//! * [`join`]`(threads, a, b)` runs `a` on a pool worker and `b` on the calling thread, and
//!   returns both results. With `threads ≤ 1` both run sequentially on the caller (`a` first),
//!   so `threads = 1` is the sequential baseline of the same code path.
//! * Workers are started lazily (the first `join` with `threads = t` may start worker t − 2),
//!   at most `threads − 1` of them are used by a call, and they live for the rest of the
//!   process. A call claims an idle worker with one compare-and-swap; when every allowed worker
//!   is busy (concurrent callers, or a `join` nested inside a job) `a` simply runs on the
//!   caller — no queueing, so no deadlock and no unbounded latency.
//! * Hand-off is spin-then-park on both sides: an idle worker polls its job flag for a short
//!   while before parking (back-to-back calls, as in a benchmark loop, then cost no futex
//!   wake-up), and the caller, having finished `b`, polls the completion flag before parking;
//!   the polling loops yield the CPU every few iterations. If the worker has not even picked
//!   the job up when the caller is done with `b` (a parked worker not yet woken, or a loaded
//!   machine), the caller takes the job back and runs it itself (as in work-stealing `join`).
//! * No panics escape and no lock poisoning matters: a panicking job is caught on the worker
//!   (which stays alive) and reported to the caller as `Err(`[`JobPanicked`]`)`; mutexes are
//!   locked poison-tolerantly. If a worker thread cannot be spawned, `a` runs on the caller.
//!
//! Jobs must be `'static` (they are boxed and sent to a long-lived thread); callers move owned
//! copies of points and scalars into them. Whether a job ran on a worker or inline depends only
//! on contention, never on the data, so this adds no secret-dependent timing to the
//! constant-time methods beyond ordinary scheduling noise.
//!
//! Without the `std` feature (`no_std`) there are no threads: [`join`] always runs `a` then `b`
//! on the caller, as with `threads ≤ 1` (same results, same API), and [`available_threads`] is
//! 1.

/// The most workers the pool will ever start (`threads` above `MAX_WORKERS + 1` is clamped).
pub const MAX_WORKERS: usize = 64;

/// The default thread count of the two-thread methods: 2 (paper 002's setting).
pub const DEFAULT_THREADS: usize = 2;

/// The job handed to a worker panicked (its result is lost; the worker survives).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct JobPanicked;

impl core::fmt::Display for JobPanicked {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str("a pool job panicked")
    }
}
impl core::error::Error for JobPanicked {}

/// Runs `a` on a pool worker and `b` on the calling thread, and returns both results.
///
/// `threads` is the number of threads the call may use: `≤ 1` runs `a` then `b` sequentially
/// on the caller. If no allowed worker is idle (or none can be started), `a` runs on the
/// caller too. `Err(JobPanicked)` only if `a` panicked on a worker (a panic in `b`, or in `a`
/// when run inline, propagates normally).
pub fn join<A, B, RA, RB>(threads: usize, a: A, b: B) -> (Result<RA, JobPanicked>, RB)
where
    A: FnOnce() -> RA + Send + 'static,
    RA: Send + 'static,
    B: FnOnce() -> RB,
{
    #[cfg(feature = "std")]
    if threads >= 2 {
        if let Some(worker) = workers::claim(threads) {
            return workers::hand_off(worker, a, b);
        }
    }
    #[cfg(not(feature = "std"))]
    let _ = threads;
    let ra = a();
    (Ok(ra), b())
}

/// The worker threads (std only).
#[cfg(feature = "std")]
mod workers {
    use std::panic::{catch_unwind, AssertUnwindSafe};
    use std::sync::atomic::{AtomicBool, Ordering};
    use std::sync::{Arc, Mutex, MutexGuard, OnceLock};
    use std::thread::{self, Thread};
    use std::time::{Duration, Instant};

    use super::{JobPanicked, MAX_WORKERS};

    /// How long an idle worker polls for the next job before parking.
    const WORKER_SPIN: Duration = Duration::from_micros(200);
    /// How long the caller polls for its job's completion before parking.
    const CALLER_SPIN: Duration = Duration::from_micros(100);

    type Job = Box<dyn FnOnce() + Send + 'static>;

    /// Completion signal of one hand-off (non-generic: the worker sets it).
    struct Completion {
        done: AtomicBool,
        caller: Thread,
    }

    /// What a worker and its callers share.
    struct Shared {
        /// Claimed by a caller (CAS false → true), released by the worker after the job.
        busy: AtomicBool,
        /// A job is waiting in `job`.
        ready: AtomicBool,
        job: Mutex<Option<(Job, Arc<Completion>)>>,
    }

    pub(super) struct Worker {
        shared: Arc<Shared>,
        thread: Thread,
    }

    static WORKERS: [OnceLock<Option<Worker>>; MAX_WORKERS] =
        [const { OnceLock::new() }; MAX_WORKERS];

    fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
        m.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Polls `flag` for `spin`, then parks until it is set (spurious wake-ups are looped over).
    fn wait_for(flag: &AtomicBool, spin: Duration) {
        let start = Instant::now();
        let mut n = 0u32;
        while !flag.load(Ordering::Acquire) {
            n = n.wrapping_add(1);
            if n.is_multiple_of(64) {
                if start.elapsed() > spin {
                    while !flag.load(Ordering::Acquire) {
                        thread::park();
                    }
                    return;
                }
                // let a thread that shares this core (e.g. the other half) run
                thread::yield_now();
            }
            core::hint::spin_loop();
        }
    }

    fn worker_loop(shared: Arc<Shared>) {
        loop {
            wait_for(&shared.ready, WORKER_SPIN);
            shared.ready.store(false, Ordering::Relaxed);
            let taken = lock(&shared.job).take();
            if let Some((job, completion)) = taken {
                // The job stores its own result; a panic only loses it (reported as JobPanicked).
                let _ = catch_unwind(AssertUnwindSafe(job));
                // Idle again *before* signalling, so the caller's next join finds this worker free.
                shared.busy.store(false, Ordering::Release);
                completion.done.store(true, Ordering::Release);
                completion.caller.unpark();
            } else {
                shared.busy.store(false, Ordering::Release);
            }
        }
    }

    fn spawn_worker(i: usize) -> Option<Worker> {
        let shared = Arc::new(Shared {
            busy: AtomicBool::new(false),
            ready: AtomicBool::new(false),
            job: Mutex::new(None),
        });
        let s = Arc::clone(&shared);
        let handle = thread::Builder::new()
            .name(format!("hayate-pool-{i}"))
            .spawn(move || worker_loop(s))
            .ok()?;
        Some(Worker {
            shared,
            thread: handle.thread().clone(),
        })
    }

    /// Claims an idle worker among the first `threads − 1`, starting them lazily.
    pub(super) fn claim(threads: usize) -> Option<&'static Worker> {
        let allowed = threads.saturating_sub(1).min(MAX_WORKERS);
        for (i, slot) in WORKERS.iter().enumerate().take(allowed) {
            if let Some(w) = slot.get_or_init(|| spawn_worker(i)) {
                if w.shared
                    .busy
                    .compare_exchange(false, true, Ordering::Acquire, Ordering::Relaxed)
                    .is_ok()
                {
                    return Some(w);
                }
            }
        }
        None
    }

    /// `join`'s hand-off of `a` to the claimed `worker` while `b` runs on the caller. Only the
    /// boxing of `a` and the result slot are generic; posting and completing the job are not
    /// (they are instantiated once, not once per job type).
    pub(super) fn hand_off<A, B, RA, RB>(
        worker: &'static Worker,
        a: A,
        b: B,
    ) -> (Result<RA, JobPanicked>, RB)
    where
        A: FnOnce() -> RA + Send + 'static,
        RA: Send + 'static,
        B: FnOnce() -> RB,
    {
        let slot: Arc<Mutex<Option<RA>>> = Arc::new(Mutex::new(None));
        let out = Arc::clone(&slot);
        let completion = post(
            worker,
            Box::new(move || {
                let r = a();
                *lock(&out) = Some(r);
            }),
        );
        let rb = b();
        complete(worker, &completion);
        let ra = lock(&slot).take().ok_or(JobPanicked);
        (ra, rb)
    }

    /// Puts `job` into the claimed `worker`'s slot and wakes it.
    fn post(worker: &Worker, job: Job) -> Arc<Completion> {
        let completion = Arc::new(Completion {
            done: AtomicBool::new(false),
            caller: thread::current(),
        });
        *lock(&worker.shared.job) = Some((job, Arc::clone(&completion)));
        worker.shared.ready.store(true, Ordering::Release);
        worker.thread.unpark();
        completion
    }

    /// Waits until the job posted with `completion` has run: on the worker, or here if the
    /// worker has not picked it up yet (descheduled, or parked and not yet woken on a loaded
    /// machine), instead of waiting for it. The job is taken back only if it is still *ours*:
    /// the worker releases itself (busy = false) before signalling our completion, so another
    /// caller may already have claimed it and put its own job into the slot — taking that one
    /// would run it without signalling its caller.
    fn complete(worker: &Worker, completion: &Arc<Completion>) {
        let unclaimed = {
            let mut g = lock(&worker.shared.job);
            match g.as_ref() {
                Some((_, c)) if Arc::ptr_eq(c, completion) => g.take(),
                _ => None,
            }
        };
        match unclaimed {
            // the worker will find the slot empty and just release itself
            Some((job, _)) => job(),
            None => wait_for(&completion.done, CALLER_SPIN),
        }
    }
}

/// How many threads this machine offers (at least 1).
pub fn available_threads() -> usize {
    #[cfg(feature = "std")]
    {
        std::thread::available_parallelism()
            .map(|n| n.get())
            .unwrap_or(1)
    }
    #[cfg(not(feature = "std"))]
    {
        1
    }
}

//! Values computed on first use and kept for the life of the process, on `core` atomics and
//! `alloc` only (no lock, no `std`), for the caches of this crate, `hayate-ec` and
//! `hayate-pairing` (constants, exponent schedules, fixed-base tables).
//!
//! * [`OnceBox`] — one value in a `static`: [`OnceBox::get_or_init`] builds it on first use.
//! * [`per_type`] — one value per type `T` (Rust has no generic statics): a process-wide
//!   registry keyed by `T`'s [`TypeId`], e.g. one table per curve.
//!
//! Both are race-benign rather than blocking: threads that find no value build one each, and
//! the first to publish it (one compare-and-swap) wins; every caller gets the winner's value
//! and a loser frees its own. So `build` must be a pure function of its type (every run
//! gives an equal value), and a concurrent first use may cost one build per racing thread.
//! Building may itself use these caches (nothing is held while it runs). Published values are
//! never freed (they are leaked `Box`es, as a `static` would hold them).
//!
//! Memory order: a value is published with release ordering and read with acquire ordering,
//! so a reader sees it fully built.

use alloc::boxed::Box;
use core::any::{Any, TypeId};
use core::ptr;
use core::sync::atomic::{AtomicPtr, Ordering};

/// A value built on first use ([`OnceBox::get_or_init`]) and then kept (see the module docs
/// for the race-benign contract).
pub struct OnceBox<T> {
    value: AtomicPtr<T>,
}

impl<T> OnceBox<T> {
    /// An empty cell (usable in a `static`).
    pub const fn new() -> Self {
        Self {
            value: AtomicPtr::new(ptr::null_mut()),
        }
    }

    /// The value, built by `build` if the cell is empty. If another thread publishes its value
    /// first, that value is returned and this call's is dropped.
    pub fn get_or_init(&self, build: impl FnOnce() -> T) -> &T {
        let current = self.value.load(Ordering::Acquire);
        if !current.is_null() {
            // SAFETY: a non-null pointer was published by `compare_exchange` below from
            // `Box::into_raw` and is never freed or written while `self` lives.
            return unsafe { &*current };
        }
        let mine = Box::into_raw(Box::new(build()));
        match self.value.compare_exchange(
            ptr::null_mut(),
            mine,
            Ordering::AcqRel,
            Ordering::Acquire,
        ) {
            // SAFETY: `mine` is now published and, as above, never freed while `self` lives.
            Ok(_) => unsafe { &*mine },
            Err(winner) => {
                // SAFETY: `mine` came from `Box::into_raw` and was never published.
                drop(unsafe { Box::from_raw(mine) });
                // SAFETY: `winner` is the published, non-null value (the exchange failed
                // because the cell was no longer null).
                unsafe { &*winner }
            }
        }
    }
}

impl<T> Default for OnceBox<T> {
    fn default() -> Self {
        Self::new()
    }
}

impl<T> Drop for OnceBox<T> {
    fn drop(&mut self) {
        let p = *self.value.get_mut();
        if !p.is_null() {
            // SAFETY: a non-null pointer came from `Box::into_raw` and is owned by `self`.
            drop(unsafe { Box::from_raw(p) });
        }
    }
}

// SAFETY: the cell hands out `&T` to every thread and may drop a `T` built on another thread,
// which is what `T: Send + Sync` allows (the same bounds as `std::sync::OnceLock`).
unsafe impl<T: Send + Sync> Sync for OnceBox<T> {}
// SAFETY: moving the cell moves ownership of its `T`.
unsafe impl<T: Send> Send for OnceBox<T> {}

impl<T> core::fmt::Debug for OnceBox<T> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        let set = !self.value.load(Ordering::Acquire).is_null();
        f.debug_struct("OnceBox").field("set", &set).finish()
    }
}

/// One entry of the [`per_type`] registry (a singly linked list, newest first).
struct Entry {
    key: TypeId,
    value: &'static (dyn Any + Send + Sync),
    next: *const Entry,
}

/// The newest entry of the [`per_type`] registry; entries are only ever added, never freed.
static REGISTRY: AtomicPtr<Entry> = AtomicPtr::new(ptr::null_mut());

/// The registry's value for `key` among the entries from `head` on.
fn find(mut head: *const Entry, key: TypeId) -> Option<&'static (dyn Any + Send + Sync)> {
    while !head.is_null() {
        // SAFETY: entries are published with release ordering, read after an acquire load of
        // their predecessor (or of the head), and never freed.
        let e = unsafe { &*head };
        if e.key == key {
            return Some(e.value);
        }
        head = e.next;
    }
    None
}

/// `v` as a `T` (the registry stores each value under its own type's key).
fn downcast<T: Any>(v: &'static (dyn Any + Send + Sync)) -> &'static T {
    match v.downcast_ref::<T>() {
        Some(v) => v,
        None => unreachable!("a value of another type under this type's key"),
    }
}

/// The value `build()` returns for the type `T`, built on first use and kept for the life of
/// the process (one per type; e.g. a curve's generator tables). The race-benign contract of the
/// module docs applies; lookups walk the registry (one entry per type ever cached).
pub fn per_type<T: Any + Send + Sync>(build: impl FnOnce() -> T) -> &'static T {
    let key = TypeId::of::<T>();
    if let Some(v) = find(REGISTRY.load(Ordering::Acquire), key) {
        return downcast(v);
    }
    let value = Box::into_raw(Box::new(build()));
    let entry = Box::into_raw(Box::new(Entry {
        key,
        // SAFETY: `value` came from `Box::into_raw`; it is freed below only if this entry is
        // never published.
        value: unsafe { &*value },
        next: ptr::null(),
    }));
    let mut head = REGISTRY.load(Ordering::Acquire);
    loop {
        if let Some(v) = find(head, key) {
            // Another thread published a value for T first.
            // SAFETY: neither box was published; the reference in `entry` dies with it.
            unsafe {
                drop(Box::from_raw(entry));
                drop(Box::from_raw(value));
            }
            return downcast(v);
        }
        // SAFETY: `entry` is not yet published, so this thread has it to itself.
        unsafe { (*entry).next = head };
        match REGISTRY.compare_exchange_weak(head, entry, Ordering::AcqRel, Ordering::Acquire) {
            // SAFETY: `value` is now reachable from the registry and never freed.
            Ok(_) => return unsafe { &*value },
            Err(newer) => head = newer,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn once_box_builds_once() {
        static CELL: OnceBox<u64> = OnceBox::new();
        let mut calls = 0;
        assert_eq!(
            *CELL.get_or_init(|| {
                calls += 1;
                7
            }),
            7
        );
        assert_eq!(*CELL.get_or_init(|| 8), 7);
        assert_eq!(calls, 1);
    }

    #[test]
    fn per_type_keeps_one_value_per_type() {
        struct A(u32);
        struct B(u32);
        assert_eq!(per_type(|| A(1)).0, 1);
        assert_eq!(per_type(|| B(2)).0, 2);
        // already built: the second builder is not used
        assert_eq!(per_type(|| A(3)).0, 1);
        assert!(ptr::eq(per_type(|| B(4)), per_type(|| B(5))));
    }

    #[test]
    fn racing_first_uses_agree() {
        struct C(u64);
        static CELL: OnceBox<u64> = OnceBox::new();
        let got: alloc::vec::Vec<(usize, u64, u64)> = std::thread::scope(|s| {
            let hs: alloc::vec::Vec<_> = (0..4u64)
                .map(|i| {
                    s.spawn(move || {
                        let c = per_type(|| C(i));
                        (c as *const C as usize, c.0, *CELL.get_or_init(|| i))
                    })
                })
                .collect();
            hs.into_iter().filter_map(|h| h.join().ok()).collect()
        });
        assert_eq!(got.len(), 4);
        assert!(got.iter().all(|g| *g == got[0]));
    }
}

//! Resource bounds of the FE layer on hostile and large inputs (issue 32 §1): the heap a
//! decoder, an encryption or a decryption uses is measured by a counting global allocator (this
//! test binary's own, hence a file of its own) and must stay proportional to the input, and
//! inputs beyond the documented limits ([`policy::MAX_ENTRIES`], [`policy::MAX_KEY_ATTRS`],
//! [`policy::MAX_ROWS`]) are refused with typed errors before anything large is allocated.
//!
//! The inputs are the reported ones: a FAME ciphertext whose policy is `a==1 and …` ×128
//! (1,147 bytes, 4096 span-program rows; 537 MiB to decrypt with the dense matrix), that
//! policy encrypted (716 MiB), an OT10 ciphertext with a 1800-row AND policy, the threshold
//! `2048 of (a, …)` with 4096 children (hours), and a 16 KB numeric attribute list (3 GiB in KeyGen).

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use hayate_fe::curve::FeCurve;
use hayate_fe::fame::{self, FameError};
use hayate_fe::ot10::{self, AttrSet, Ot10Error};
use hayate_fe::policy::{
    self, Attributes, ConvertError, Policy, PolicyErrorKind, MAX_ENTRIES, MAX_KEY_ATTRS,
};
use hayate_fe::serial::{self, SerialError, HEADER_LEN};
use hayate_pairing::bls12_381::Bls12381;
use hayate_pairing::bn254_beuchat::Bn254Beuchat;
use rand::rngs::StdRng;
use rand::SeedableRng;

/// The system allocator, counting the bytes live and their peak.
struct Counting;

static LIVE: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);

// SAFETY: every call is forwarded to the system allocator unchanged; only counters are added.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, l: Layout) -> *mut u8 {
        // SAFETY: forwarded with the caller's layout (GlobalAlloc::alloc's contract).
        let p = unsafe { System.alloc(l) };
        if !p.is_null() {
            let now = LIVE.fetch_add(l.size(), Ordering::Relaxed) + l.size();
            PEAK.fetch_max(now, Ordering::Relaxed);
        }
        p
    }
    unsafe fn dealloc(&self, p: *mut u8, l: Layout) {
        // SAFETY: p was allocated by this allocator, i.e. by System, with layout l.
        unsafe { System.dealloc(p, l) };
        LIVE.fetch_sub(l.size(), Ordering::Relaxed);
    }
    unsafe fn realloc(&self, p: *mut u8, l: Layout, new: usize) -> *mut u8 {
        // SAFETY: p was allocated by System with layout l; new is the caller's size.
        let q = unsafe { System.realloc(p, l, new) };
        if !q.is_null() {
            if new >= l.size() {
                let now = LIVE.fetch_add(new - l.size(), Ordering::Relaxed) + new - l.size();
                PEAK.fetch_max(now, Ordering::Relaxed);
            } else {
                LIVE.fetch_sub(l.size() - new, Ordering::Relaxed);
            }
        }
        q
    }
}

#[global_allocator]
static ALLOC: Counting = Counting;

/// One measurement at a time (the tests of this binary may run on parallel threads).
static SERIAL: Mutex<()> = Mutex::new(());

/// Runs `f` and returns its result, the peak heap it added above what was live when it
/// started (bytes) and its time.
fn measure<T>(f: impl FnOnce() -> T) -> (T, usize, Duration) {
    let base = LIVE.load(Ordering::Relaxed);
    PEAK.store(base, Ordering::Relaxed);
    let t = Instant::now();
    let out = f();
    let dt = t.elapsed();
    (out, PEAK.load(Ordering::Relaxed).saturating_sub(base), dt)
}

const MIB: usize = 1 << 20;

/// `a==1 and a==1 and …` (128 comparisons, 1,147 bytes): 128 × 32 bit literals = 4096 rows.
fn equalities_128() -> String {
    let p = vec!["a==1"; 128].join(" and ");
    assert_eq!(p.len(), 1147);
    p
}

/// A FAME ciphertext object for `policy` whose rows are copies of an honest one-row
/// ciphertext's row (valid points, wrong values): what an attacker can send for the price of
/// its bytes.
fn crafted_fame_ct<E: FeCurve<N>, const N: usize>(
    pk: &fame::PublicKey<E, N>,
    policy: &str,
    rows: usize,
) -> Vec<u8> {
    let mut rng = StdRng::seed_from_u64(1);
    let (mut ct, _) = fame::encapsulate(pk, "a", &mut rng).unwrap();
    ct.policy = policy.to_string();
    ct.rows = vec![ct.rows[0]; rows];
    serial::fame_ct_to_bytes(&ct)
}

/// Decrypting the crafted 4096-row FAME ciphertext (590 KB on BLS12-381): the decoder and the
/// decryption use heap in proportion to the ciphertext (a dense span-program matrix would be
/// 4096 × 4096 scalars, 512 MiB).
#[test]
fn crafted_fame_ciphertext_decrypts_in_bounded_memory() {
    type E = Bls12381;
    let _g = SERIAL.lock().unwrap_or_else(|e| e.into_inner());
    let mut rng = StdRng::seed_from_u64(2);
    let (pk, msk) = fame::setup::<E, 6>(&mut rng);
    let sk = fame::keygen(&msk, &Attributes::parse("a=1").unwrap(), &mut rng);
    let bytes = crafted_fame_ct(&pk, &equalities_128(), 4096);
    assert!(bytes.len() > 560 << 10, "{}", bytes.len());
    let (res, peak, dt) = measure(|| {
        let (ct, _) = serial::fame_ct_from_bytes::<E, 6>(&bytes).unwrap();
        // the key satisfies the policy; the rows are not an encryption, so the mask is junk
        fame::decapsulate(&sk, &ct).map(|_| ())
    });
    assert_eq!(res, Ok(()));
    eprintln!(
        "crafted FAME ct {} bytes: peak heap {} KiB, {dt:?}",
        bytes.len(),
        peak >> 10
    );
    assert!(
        peak < 8 * bytes.len(),
        "peak heap {peak} for a {}-byte ciphertext",
        bytes.len()
    );
    // more rows than any policy has: refused by the decoder
    let big = crafted_fame_ct(&pk, "a", policy::MAX_ROWS + 1);
    assert!(matches!(
        serial::fame_ct_from_bytes::<E, 6>(&big),
        Err(SerialError::InvalidPolicy(_))
    ));
}

/// Encrypting under `a==1 and …` ×128 (4096 rows) on BN254 (Beuchat): bounded heap, and the
/// ciphertext decrypts with a key for a = 1 and not with a key for a = 3.
#[test]
fn fame_encryption_of_128_equalities_is_bounded() {
    type E = Bn254Beuchat;
    let _g = SERIAL.lock().unwrap_or_else(|e| e.into_inner());
    let mut rng = StdRng::seed_from_u64(3);
    let (pk, msk) = fame::setup::<E, 4>(&mut rng);
    let policy = equalities_128();
    let ((ct, mask), peak, dt) = measure(|| fame::encapsulate(&pk, &policy, &mut rng).unwrap());
    assert_eq!(ct.rows.len(), 4096);
    eprintln!(
        "FAME encrypt a==1 x128: peak heap {} KiB, {dt:?}",
        peak >> 10
    );
    // the ciphertext's rows, column hashes and the constant-time combination's tables: a few
    // MiB (716 MiB with the dense matrix)
    assert!(peak < 32 * MIB, "peak heap {peak}");
    let good = fame::keygen(&msk, &Attributes::parse("a=1").unwrap(), &mut rng);
    let (got, peak, _) = measure(|| fame::decapsulate(&good, &ct).unwrap());
    assert_eq!(got, mask);
    assert!(peak < 8 * MIB, "decryption peak heap {peak}");
    let bad = fame::keygen(&msk, &Attributes::parse("a=3").unwrap(), &mut rng);
    assert_eq!(
        fame::decapsulate(&bad, &ct).unwrap_err(),
        FameError::NotSatisfied
    );
}

/// `2048 of (a, a, …)` (4096 children): 8·10⁶ span-program entries, refused at once by both schemes
/// with [`ConvertError::TooManyEntries`]; a threshold within [`MAX_ENTRIES`] encrypts and
/// decrypts with exactly k of its attributes (and not with k − 1).
#[test]
fn large_thresholds_are_refused_and_small_ones_work() {
    type E = Bn254Beuchat;
    let _g = SERIAL.lock().unwrap_or_else(|e| e.into_inner());
    let names: Vec<String> = (1..=1024).map(|i| format!("a{i}")).collect();
    // the reported policy: one attribute repeated 4096 times (12 KB)
    let policy = format!("2048 of ({})", vec!["a"; 4096].join(", "));
    let (res, peak, dt) = measure(|| fame::policy_msp::<E, 4>(&policy).map(|m| m.rows()));
    assert_eq!(
        res.unwrap_err(),
        FameError::Convert(ConvertError::TooManyEntries {
            entries: 4096 * 2048
        })
    );
    assert!(dt < Duration::from_secs(2), "{dt:?}");
    assert!(peak < 16 * MIB, "peak heap {peak}");
    let ot = format!("1000 of ({})", vec!["t1=1"; 2700].join(","));
    assert!(matches!(
        ot10::compile::<E, 4>(&ot, 1),
        Err(Ot10Error::Convert(ConvertError::TooManyEntries { .. }))
    ));
    // the largest threshold gates that fit: 65 of 1024 does not, 64 of 1024 does
    let f = |k: usize, n: usize| {
        Policy::parse(&format!("{k} of ({})", names[..n].join(", ")))
            .unwrap()
            .normalize()
    };
    assert_eq!(policy::span_entries(&f(64, 1024)), 1024 * 63 + 1024);
    assert!(policy::span_entries(&f(64, 1024)) <= MAX_ENTRIES);
    assert!(policy::span_entries(&f(66, 1024)) > MAX_ENTRIES);
    // a small threshold round trip: 8 of 256
    let mut rng = StdRng::seed_from_u64(4);
    let (pk, msk) = fame::setup::<E, 4>(&mut rng);
    let policy = format!("8 of ({})", names[..256].join(", "));
    let (ct, mask) = fame::encapsulate(&pk, &policy, &mut rng).unwrap();
    let holds = |ids: &[usize]| {
        let list: Vec<&str> = ids.iter().map(|&i| names[i].as_str()).collect();
        fame::keygen(
            &msk,
            &Attributes::parse(&list.join(",")).unwrap(),
            &mut rng.clone(),
        )
    };
    let eight = [3, 17, 40, 41, 99, 128, 200, 255];
    assert_eq!(fame::decapsulate(&holds(&eight), &ct).unwrap(), mask);
    // more satisfied children than k: the reconstruction picks k of them
    let ten = [0, 3, 17, 40, 41, 99, 128, 200, 254, 255];
    assert_eq!(fame::decapsulate(&holds(&ten), &ct).unwrap(), mask);
    assert_eq!(
        fame::decapsulate(&holds(&eight[..7]), &ct).unwrap_err(),
        FameError::NotSatisfied
    );
}

/// A 16 KB numeric attribute list (≈ 3000 attributes, ≈ 10⁵ bit attributes): refused by the
/// parser, by [`Attributes::insert`] (so no attribute list KeyGen can be given is over the
/// limit) and by the user-key decoder (a key whose list was replaced) before any component is
/// allocated.
#[test]
fn oversized_attribute_lists_are_refused() {
    type E = Bls12381;
    let _g = SERIAL.lock().unwrap_or_else(|e| e.into_inner());
    let mut list = String::new();
    let mut i = 0;
    while list.len() < 16 * 1024 - 16 {
        if i > 0 {
            list.push(',');
        }
        list.push_str(&format!("a{i}={i}"));
        i += 1;
    }
    let too_many = |e: &policy::PolicyError| {
        assert!(
            matches!(
                e.kind,
                PolicyErrorKind::TooManyAttributes {
                    max: MAX_KEY_ATTRS,
                    ..
                }
            ),
            "{e}"
        )
    };
    too_many(&Attributes::parse(&list).unwrap_err());
    // exactly at the limit: 256 numeric attributes = 8192 bit attributes
    let at: Vec<String> = (0..256).map(|i| format!("n{i}={i}")).collect();
    let a = Attributes::parse(&at.join(",")).unwrap();
    assert_eq!(a.expanded_len(), MAX_KEY_ATTRS);
    assert_eq!(a.expand().len(), MAX_KEY_ATTRS);
    let mut more = at.clone();
    more.push("x".into());
    too_many(&Attributes::parse(&more.join(",")).unwrap_err());
    // built in code, one attribute at a time: the item that would pass the limit is refused
    // and leaves the list as it was, so KeyGen never sees more than MAX_KEY_ATTRS attributes
    let mut built = Attributes::default();
    for (k, item) in at.iter().enumerate() {
        built.insert(item).unwrap();
        assert_eq!(built.expanded_len(), (k + 1) * 32);
    }
    assert_eq!(built, a);
    for extra in ["x", "m=1", " y "] {
        too_many(&built.insert(extra).unwrap_err());
        assert_eq!(built, a);
    }
    // items already present do not grow the list
    built.insert("n7=7").unwrap();
    assert_eq!(built, a);
    // long names: the printed list stays within MAX_POLICY_LEN, so the key decoder (which parses
    // it) accepts every key KeyGen makes
    let mut long_names = Attributes::default();
    let e = (0..)
        .find_map(|k| {
            long_names
                .insert(&format!("{k:03}{}", "x".repeat(250)))
                .err()
        })
        .unwrap();
    assert!(
        matches!(e.kind, PolicyErrorKind::TooLong { max } if max == policy::MAX_POLICY_LEN),
        "{e}"
    );
    let printed = long_names.to_string();
    assert!(
        printed.len() <= policy::MAX_POLICY_LEN && printed.len() > policy::MAX_POLICY_LEN - 254
    );
    assert_eq!(Attributes::parse(&printed).unwrap(), long_names);
    // a user key whose attribute list was replaced by the 16 KB one in its encoding (header,
    // key identifier, then the list as a 32-bit big-endian length and its bytes)
    let mut rng = StdRng::seed_from_u64(5);
    let (_, msk) = fame::setup::<E, 6>(&mut rng);
    let sk = fame::keygen(&msk, &Attributes::parse("a0=0").unwrap(), &mut rng);
    let honest = serial::fame_sk_to_bytes(&sk);
    let wide = fame::keygen(&msk, &long_names, &mut rng);
    let wide_bytes = serial::fame_sk_to_bytes(&wide);
    assert_eq!(
        serial::fame_sk_from_bytes::<E, 6>(&wide_bytes)
            .unwrap()
            .attrs,
        long_names
    );
    let at_list = honest
        .windows(8)
        .position(|w| w == b"\0\0\0\x04a0=0")
        .expect("the encoded attribute list");
    let long = list.as_str();
    let mut bytes = honest[..at_list].to_vec();
    bytes.extend_from_slice(&(long.len() as u32).to_be_bytes());
    bytes.extend_from_slice(long.as_bytes());
    bytes.extend_from_slice(&honest[at_list + 8..]);
    let body = (bytes.len() - HEADER_LEN) as u32;
    bytes[HEADER_LEN - 4..HEADER_LEN].copy_from_slice(&body.to_be_bytes());
    let (res, peak, dt) = measure(|| serial::fame_sk_from_bytes::<E, 6>(&bytes).map(|_| ()));
    assert!(
        matches!(res, Err(SerialError::InvalidAttributes(_))),
        "{res:?}"
    );
    assert!(peak < 4 * MIB, "peak heap {peak}");
    assert!(dt < Duration::from_secs(1), "{dt:?}");
}

/// An OT10 ciphertext whose policy is an AND of 1800 leaves (the longest that fits
/// [`policy::MAX_POLICY_LEN`]), rows copied from an honest ciphertext: decoding and decrypting
/// use heap in proportion to it (the dense matrix alone would be 1800² scalars, 99 MiB).
#[test]
fn crafted_ot10_ciphertext_decrypts_in_bounded_memory() {
    type E = Bn254Beuchat;
    let _g = SERIAL.lock().unwrap_or_else(|e| e.into_inner());
    let mut rng = StdRng::seed_from_u64(6);
    let (pk, msk) = ot10::setup::<E, 4>(&[3], &mut rng).unwrap();
    let sk = ot10::keygen(&msk, &AttrSet::parse("t1=1").unwrap(), &mut rng).unwrap();
    let (mut ct, _) = ot10::encapsulate(&pk, "t1=1", &mut rng).unwrap();
    ct.policy = vec!["t1=1"; 1800].join(" and ");
    assert!(ct.policy.len() <= policy::MAX_POLICY_LEN);
    ct.rows = vec![ct.rows[0].clone(); 1800];
    let bytes = serial::ot10_ct_to_bytes(&ct);
    let (res, peak, dt) = measure(|| {
        let (ct, _) = serial::ot10_ct_from_bytes::<E, 4>(&bytes).unwrap();
        ot10::decapsulate(&sk, &ct).map(|_| ())
    });
    assert_eq!(res, Ok(()));
    eprintln!(
        "crafted OT10 ct {} bytes: peak heap {} KiB, {dt:?}",
        bytes.len(),
        peak >> 10
    );
    assert!(
        peak < 8 * bytes.len(),
        "peak heap {peak} for a {}-byte ciphertext",
        bytes.len()
    );
}

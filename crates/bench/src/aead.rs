//! hayate `asconaead128` vs RustCrypto `ascon-aead128`, both through the RustCrypto
//! `aead` 0.6 `AeadInOut` trait (in-place, detached tag), on identical inputs.
//!
//! For each message length (AD of the same length, as in the eBACS method of paper 003, and
//! also without AD), each round times a batch of calls of each implementation back to back
//! (the order alternates between rounds); the report gives the per-call medians over the
//! rounds, cycles (TSC) per message byte, and the ratio hayate / RustCrypto of the medians
//! (below 1 = hayate faster). Long = (t(65536) − t(64)) / 65472, as in `hayate bench aead`.

use aead::{AeadInOut, KeyInit};
use std::hint::black_box;
use std::process::ExitCode;
use std::time::Instant;

type Hayate = hayate_aead::ascon::AsconAead128;
type Peer = ascon_aead128::AsconAead128;

#[inline(always)]
fn cycles() -> u64 {
    #[cfg(target_arch = "x86_64")]
    {
        // SAFETY: rdtsc has no preconditions on x86-64.
        unsafe { core::arch::x86_64::_rdtsc() }
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        0
    }
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Dir {
    Enc,
    Dec,
}

/// One implementation under test: keyed cipher plus its work buffers.
struct Bench<A: AeadInOut> {
    cipher: A,
    nonce: aead::Nonce<A>,
    ad: Vec<u8>,
    ct: Vec<u8>,
    buf: Vec<u8>,
    tag: aead::Tag<A>,
}

impl<A: AeadInOut + KeyInit> Bench<A> {
    fn new(key: &[u8; 16], nonce: &[u8; 16], ad: &[u8], pt: &[u8]) -> Self {
        let cipher = A::new_from_slice(key).expect("key");
        let nonce = aead::Nonce::<A>::try_from(&nonce[..]).expect("nonce");
        let mut ct = pt.to_vec();
        let tag = cipher
            .encrypt_inout_detached(&nonce, ad, ct.as_mut_slice().into())
            .expect("enc");
        Bench {
            cipher,
            nonce,
            ad: ad.to_vec(),
            buf: ct.clone(),
            ct,
            tag,
        }
    }

    #[inline(always)]
    fn call(&mut self, dir: Dir) {
        match dir {
            Dir::Enc => {
                let t = self
                    .cipher
                    .encrypt_inout_detached(
                        black_box(&self.nonce),
                        black_box(&self.ad),
                        black_box(self.buf.as_mut_slice()).into(),
                    )
                    .expect("encrypt");
                black_box(t);
            }
            Dir::Dec => {
                self.buf.copy_from_slice(&self.ct);
                self.cipher
                    .decrypt_inout_detached(
                        black_box(&self.nonce),
                        black_box(&self.ad),
                        black_box(self.buf.as_mut_slice()).into(),
                        &self.tag,
                    )
                    .expect("a valid tag verifies");
                black_box(&self.buf);
            }
        }
    }

    /// (ns, TSC cycles) per call over a batch of `iters` calls.
    fn batch(&mut self, dir: Dir, iters: usize) -> (f64, f64) {
        let t = Instant::now();
        let c0 = cycles();
        for _ in 0..iters {
            self.call(dir);
        }
        let c1 = cycles();
        let ns = t.elapsed().as_nanos() as f64;
        (ns / iters as f64, c1.wrapping_sub(c0) as f64 / iters as f64)
    }
}

fn median(v: &mut [f64]) -> f64 {
    v.sort_by(|a, b| a.partial_cmp(b).unwrap_or(std::cmp::Ordering::Equal));
    v[v.len() / 2]
}

fn fill(buf: &mut [u8], mut x: u64) {
    for b in buf {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        *b = x as u8;
    }
}

/// Medians (ns, cycles) per call for hayate and the peer at one length, interleaved.
fn compare(len: usize, with_ad: bool, dir: Dir, rounds: usize, batch_ns: f64) -> [(f64, f64); 2] {
    let key = [0x2bu8; 16];
    let nonce = [0xa5u8; 16];
    let mut ad = vec![0u8; if with_ad { len } else { 0 }];
    fill(&mut ad, 7);
    let mut pt = vec![0u8; len];
    fill(&mut pt, 11);
    let mut h = Bench::<Hayate>::new(&key, &nonce, &ad, &pt);
    let mut p = Bench::<Peer>::new(&key, &nonce, &ad, &pt);
    // Identical inputs must give identical outputs.
    assert_eq!(h.ct, p.ct, "ciphertexts differ at length {len}");
    assert_eq!(
        h.tag.as_slice(),
        p.tag.as_slice(),
        "tags differ at length {len}"
    );
    // Calibrate the batch size on the peer.
    let (one, _) = p.batch(dir, 1);
    let iters = ((batch_ns / one.max(1.0)).ceil() as usize).clamp(1, 1_000_000);
    let (mut hn, mut hc, mut pn, mut pc) = (vec![], vec![], vec![], vec![]);
    for r in 0..rounds {
        let (a, b) = if r % 2 == 0 {
            let a = h.batch(dir, iters);
            (a, p.batch(dir, iters))
        } else {
            let b = p.batch(dir, iters);
            (h.batch(dir, iters), b)
        };
        hn.push(a.0);
        hc.push(a.1);
        pn.push(b.0);
        pc.push(b.1);
    }
    [
        (median(&mut hn), median(&mut hc)),
        (median(&mut pn), median(&mut pc)),
    ]
}

pub fn run(args: &[String]) -> ExitCode {
    // Many short batches (~0.1 ms): on a shared machine most run unpreempted.
    let mut rounds = 151;
    let mut batch_ns = 1.0e5;
    let mut it = args.iter();
    while let Some(a) = it.next() {
        match a.as_str() {
            "--quick" => {
                rounds = 21;
                batch_ns = 5.0e4;
            }
            "--rounds" => match it.next().and_then(|v| v.parse().ok()) {
                Some(n) if n > 0 => rounds = n,
                _ => {
                    eprintln!("--rounds needs a positive integer");
                    return ExitCode::from(2);
                }
            },
            other => {
                eprintln!("unknown option {other}");
                return ExitCode::from(2);
            }
        }
    }
    println!(
        "asconaead128: hayate-aead vs RustCrypto ascon-aead128 0.1 (AeadInOut, in place, detached)"
    );
    println!("interleaved, {rounds} rounds; medians; cycles = TSC; ratio = hayate / ascon-aead128");
    println!(
        "{:<4} {:<6} {:>8} {:>12} {:>12} {:>10} {:>10} {:>7}",
        "dir", "AD", "length", "hayate ns", "crate ns", "hayate c/B", "crate c/B", "ratio"
    );
    for dir in [Dir::Enc, Dir::Dec] {
        for with_ad in [true, false] {
            let mut at = std::collections::HashMap::new();
            for len in [0usize, 64, 1536, 65536] {
                at.insert(len, compare(len, with_ad, dir, rounds, batch_ns));
            }
            for (name, len) in [("0", 0usize), ("64", 64), ("1536", 1536), ("long", 65536)] {
                let [h, p] = at[&len];
                let (hcb, pcb) = match len {
                    0 => (f64::NAN, f64::NAN),
                    65536 => {
                        let [hs, ps] = at[&64];
                        ((h.1 - hs.1) / 65472.0, (p.1 - ps.1) / 65472.0)
                    }
                    _ => (h.1 / len as f64, p.1 / len as f64),
                };
                let ratio = if len == 65536 { hcb / pcb } else { h.0 / p.0 };
                println!(
                    "{:<4} {:<6} {:>8} {:>12.1} {:>12.1} {:>10.2} {:>10.2} {:>7.3}",
                    if dir == Dir::Enc { "enc" } else { "dec" },
                    if with_ad { "=len" } else { "none" },
                    name,
                    h.0,
                    p.0,
                    hcb,
                    pcb,
                    ratio
                );
            }
        }
    }
    ExitCode::SUCCESS
}

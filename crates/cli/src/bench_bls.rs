//! `hayate bench bls [--json] [--quick]`: IETF BLS signatures (crate `hayate-bls`,
//! draft-irtf-cfrg-bls-signature-05) on BLS12-381, both variants, the proof-of-possession
//! ciphersuite.
//!
//! Operations (per variant, `min-pk` then `min-sig`; the objects are decoded and validated
//! once, outside the timed calls, as a verifier holding deserialized keys does):
//! * `keygen` (KeyGen from 32 bytes of IKM), `sk-to-pk`, `sign`, `pop-prove`;
//! * `pk-decode` (`PublicKey::from_bytes`: decompression and KeyValidate) and `sig-decode`
//!   (`Signature::from_bytes`: decompression and subgroup check);
//! * `hash-to-g2` / `hash-to-g1` (the variant's signature group, the ciphersuite's DST, a
//!   32-byte message);
//! * `verify` (one signature on a 32-byte message), `pop-verify`;
//! * `aggregate-128` (128 signatures), `fast-aggregate-verify-128` (128 public keys, one
//!   message), `aggregate-verify-128` (128 signers, 128 distinct messages);
//! * `batch-verify-64` (64 triples, one multi-pairing, 64-bit random scalars from a seeded
//!   ChaCha generator) and `batch-verify-64-2threads` (the same on two threads, wall clock).
//!
//! Every row is the median per call of repeated batches on one core (the `-2threads` row
//! uses two). [`bls_rows`] returns the figures as data for `hayate report`; [`run`] prints a
//! table or JSON lines `{"suite":"bls","variant":…,"op":…,"n":…,"threads":…,"median_ns":…,
//! "cycles":…,"quick":…}`. The comparison with blst (same inputs, same process) is the
//! bench-only `cargo run --release -p hayate-bench -- bls`.

use hayate_bls::Scheme;
use rand::{rngs::StdRng, RngCore, SeedableRng};
use std::hint::black_box;

use crate::timing::{json_str, measure, Measurement};

/// Public keys in the fast-aggregate-verify row.
pub const FAST_AGG_N: usize = 128;
/// Signers (distinct messages) in the aggregate-verify row.
pub const AGG_VERIFY_N: usize = 128;
/// Triples in the batch-verification rows.
pub const BATCH_N: usize = 64;

/// One measured figure.
#[derive(Clone, Debug)]
pub struct BlsRow {
    /// "min-pk" or "min-sig".
    pub variant: &'static str,
    /// Operation name (see the module documentation).
    pub op: &'static str,
    /// Signatures / keys / triples per call (1 for single operations).
    pub n: usize,
    /// Threads used by the call.
    pub threads: usize,
    pub m: Measurement,
}

macro_rules! variant_rows {
    ($fn_name:ident, $label:expr, $hash_op:expr, $hash:path, $($m:ident)::+) => {
        fn $fn_name(
            rows: &mut Vec<BlsRow>,
            samples: usize,
            target: f64,
            step: &mut dyn FnMut(&str),
        ) {
            use $($m)::+ as v;
            let variant: &'static str = $label;
            let scheme = Scheme::Pop;
            let mut rng = StdRng::seed_from_u64(0x626c73);
            let mut push = |op: &'static str, n: usize, threads: usize, f: &mut dyn FnMut() -> Measurement| {
                if crate::timing::stop_requested() {
                    return;
                }
                step(&format!("bls {variant}: {op}"));
                rows.push(BlsRow { variant, op, n, threads, m: f() });
            };
            let nkeys = FAST_AGG_N.max(AGG_VERIFY_N).max(BATCH_N);
            let mut ikm = [0u8; 32];
            let sks: Vec<v::SecretKey> = (0..nkeys)
                .filter_map(|_| {
                    rng.fill_bytes(&mut ikm);
                    v::SecretKey::key_gen(&ikm, b"").ok()
                })
                .collect();
            if sks.len() != nkeys {
                return; // KeyGen failed on 32 random bytes: nothing sensible to measure
            }
            let pks: Vec<v::PublicKey> = sks.iter().map(|k| k.sk_to_pk()).collect();
            let msgs: Vec<[u8; 32]> = (0..nkeys)
                .map(|_| {
                    let mut m = [0u8; 32];
                    rng.fill_bytes(&mut m);
                    m
                })
                .collect();
            let msg = msgs[0];
            let sigs: Vec<v::Signature> = sks
                .iter()
                .zip(&msgs)
                .map(|(k, m)| k.sign(m, scheme))
                .collect();
            let same: Vec<v::Signature> = sks.iter().map(|k| k.sign(&msg, scheme)).collect();
            let proof = sks[0].pop_prove();
            let pk_bytes = pks[0].to_bytes();
            let sig_bytes = sigs[0].to_bytes();
            let dst = v::ciphersuite_id(scheme);

            push("keygen", 1, 1, &mut || {
                measure(samples, target, || {
                    black_box(v::SecretKey::key_gen(black_box(&ikm), b"").ok());
                })
            });
            push("sk-to-pk", 1, 1, &mut || {
                measure(samples, target, || {
                    black_box(black_box(&sks[0]).sk_to_pk());
                })
            });
            push("sign", 1, 1, &mut || {
                measure(samples, target, || {
                    black_box(black_box(&sks[0]).sign(black_box(&msg), scheme));
                })
            });
            push("pop-prove", 1, 1, &mut || {
                measure(samples, target, || {
                    black_box(black_box(&sks[0]).pop_prove());
                })
            });
            push("pk-decode", 1, 1, &mut || {
                measure(samples, target, || {
                    black_box(v::PublicKey::from_bytes(black_box(&pk_bytes)).ok());
                })
            });
            push("sig-decode", 1, 1, &mut || {
                measure(samples, target, || {
                    black_box(v::Signature::from_bytes(black_box(&sig_bytes)).ok());
                })
            });
            push($hash_op, 1, 1, &mut || {
                measure(samples, target, || {
                    black_box($hash(black_box(&msg), dst.as_bytes()));
                })
            });
            push("verify", 1, 1, &mut || {
                measure(samples, target, || {
                    black_box(black_box(&sigs[0]).verify(&pks[0], &msgs[0], scheme).is_ok());
                })
            });
            push("pop-verify", 1, 1, &mut || {
                measure(samples, target, || {
                    black_box(black_box(&pks[0]).pop_verify(&proof).is_ok());
                })
            });
            let same_refs: Vec<&v::Signature> = same[..FAST_AGG_N].iter().collect();
            push("aggregate-128", FAST_AGG_N, 1, &mut || {
                measure(samples, target, || {
                    black_box(v::AggregateSignature::aggregate(black_box(&same_refs)).ok());
                })
            });
            let fast_sig = v::AggregateSignature::aggregate(&same_refs).map(|a| a.to_signature());
            let pk_refs: Vec<&v::PublicKey> = pks.iter().collect();
            if let Ok(fast_sig) = &fast_sig {
                push("fast-aggregate-verify-128", FAST_AGG_N, 1, &mut || {
                    measure(samples, target, || {
                        black_box(
                            fast_sig
                                .fast_aggregate_verify(black_box(&pk_refs[..FAST_AGG_N]), &msg)
                                .is_ok(),
                        );
                    })
                });
            }
            let sig_refs: Vec<&v::Signature> = sigs.iter().collect();
            let msg_refs: Vec<&[u8]> = msgs.iter().map(|m| &m[..]).collect();
            let agg = v::AggregateSignature::aggregate(&sig_refs[..AGG_VERIFY_N]).map(|a| a.to_signature());
            if let Ok(agg) = &agg {
                push("aggregate-verify-128", AGG_VERIFY_N, 1, &mut || {
                    measure(samples, target, || {
                        black_box(
                            agg.aggregate_verify(
                                black_box(&pk_refs[..AGG_VERIFY_N]),
                                &msg_refs[..AGG_VERIFY_N],
                                scheme,
                            )
                            .is_ok(),
                        );
                    })
                });
            }
            for (op, threads) in [("batch-verify-64", 1), ("batch-verify-64-2threads", 2)] {
                let mut brng = StdRng::seed_from_u64(7);
                push(op, BATCH_N, threads, &mut || {
                    measure(samples, target, || {
                        black_box(
                            v::verify_multiple_aggregate_signatures(
                                black_box(&pk_refs[..BATCH_N]),
                                &msg_refs[..BATCH_N],
                                &sig_refs[..BATCH_N],
                                scheme,
                                &mut brng,
                                threads,
                            )
                            .is_ok(),
                        );
                    })
                });
            }
        }
    };
}

variant_rows!(
    min_pk_rows,
    "min-pk",
    "hash-to-g2",
    hayate_bls::hash_to_g2,
    hayate_bls::min_pk
);
variant_rows!(
    min_sig_rows,
    "min-sig",
    "hash-to-g1",
    hayate_bls::hash_to_g1,
    hayate_bls::min_sig
);

/// Number of rows (progress steps) per variant.
pub const STEPS_PER_VARIANT: u64 = 14;

/// Measures both variants: `samples` batches of about `target` ns per figure; `step` is called
/// with each operation's name before it is measured.
pub fn bls_rows(samples: usize, target: f64, step: &mut dyn FnMut(&str)) -> Vec<BlsRow> {
    let mut rows = Vec::new();
    min_pk_rows(&mut rows, samples, target, step);
    min_sig_rows(&mut rows, samples, target, step);
    rows
}

/// Runs the suite; prints a table or JSON lines.
pub fn run(json: bool, quick: bool) {
    let (samples, target) = if quick { (3, 2e6) } else { (15, 2e7) };
    let rows = bls_rows(samples, target, &mut |_| {});
    if json {
        for r in &rows {
            println!(
                "{{\"suite\":\"bls\",\"variant\":{},\"op\":{},\"n\":{},\"threads\":{},\"median_ns\":{:.1},\"cycles\":{:.0},\"quick\":{}}}",
                json_str(r.variant),
                json_str(r.op),
                r.n,
                r.threads,
                r.m.median_ns,
                r.m.cycles,
                quick
            );
        }
        return;
    }
    println!(
        "hayate bench bls{} — IETF BLS signatures (POP ciphersuite), medians of {} runs; one core except the -2threads rows",
        if quick { " (quick)" } else { "" },
        rows.first().map(|r| r.m.samples).unwrap_or(0)
    );
    println!(
        "{:<8} {:<26} {:>5} {:>8} {:>12} {:>14}",
        "variant", "op", "n", "threads", "µs", "cycles"
    );
    for r in &rows {
        println!(
            "{:<8} {:<26} {:>5} {:>8} {:>12.2} {:>14.0}",
            r.variant,
            r.op,
            r.n,
            r.threads,
            r.m.median_ns / 1e3,
            r.m.cycles
        );
    }
    let ratio = |v: &str| {
        let f = |op: &str| {
            rows.iter()
                .find(|r| r.variant == v && r.op == op)
                .map(|r| r.m.median_ns)
        };
        f("batch-verify-64")
            .zip(f("batch-verify-64-2threads"))
            .map(|(a, b)| a / b)
    };
    for v in ["min-pk", "min-sig"] {
        if let Some(x) = ratio(v) {
            println!("{v}: batch-verify-64 two threads vs one: {x:.2}× faster");
        }
    }
}

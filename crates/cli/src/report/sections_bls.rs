//! Section `bls` of the report: IETF BLS signatures (draft-irtf-cfrg-bls-signature-05, crate
//! `hayate-bls`) on BLS12-381 — hayate's figures for both variants of the proof-of-possession
//! ciphersuite, measured by [`crate::bench_bls::bls_rows`] (the code behind `hayate bench bls`).
//! Figure ids: `bls.<variant>.<op>.ns`, e.g. `bls.min-pk.verify.ns`, and
//! `bls.<variant>.batch-verify-64.two-thread-speedup`.

use super::model::{status, Section, Table};
use super::{Ctx, Level};
use crate::bench_bls::{bls_rows, BlsRow, STEPS_PER_VARIANT};

/// The section's title.
pub const TITLE: &str = "BLS signatures (IETF)";

/// Progress steps of [`section`].
pub fn steps(_: Level) -> u64 {
    2 * STEPS_PER_VARIANT
}

/// Operations of the table, in order, with their descriptions.
const OPS: [(&str, &str); 14] = [
    ("keygen", "KeyGen (32-byte IKM)"),
    ("sk-to-pk", "SkToPk"),
    ("sign", "Sign (32-byte message)"),
    ("pop-prove", "PopProve"),
    ("pk-decode", "public key decode + KeyValidate"),
    ("sig-decode", "signature decode + subgroup check"),
    ("hash", "hash to the signature group (RFC 9380)"),
    ("verify", "Verify"),
    ("pop-verify", "PopVerify"),
    ("aggregate-128", "Aggregate, 128 signatures"),
    (
        "fast-aggregate-verify-128",
        "FastAggregateVerify, 128 public keys",
    ),
    (
        "aggregate-verify-128",
        "AggregateVerify, 128 distinct messages",
    ),
    ("batch-verify-64", "batch verification, 64 triples"),
    (
        "batch-verify-64-2threads",
        "batch verification, 64 triples, 2 threads (wall clock)",
    ),
];

fn find<'a>(rows: &'a [BlsRow], variant: &str, op: &str) -> Option<&'a BlsRow> {
    rows.iter().find(|r| {
        r.variant == variant && (r.op == op || (op == "hash" && r.op.starts_with("hash-to-")))
    })
}

/// Measures and lays out the section.
pub fn section(ctx: &mut Ctx<'_>) -> Section {
    let mut s = Section::new("bls", TITLE);
    let (samples, target) = match ctx.level {
        Level::Full => (15, 2e7),
        Level::Quick => (3, 2e6),
        Level::Tiny => (1, 1.0),
    };
    let progress = &*ctx.progress;
    let rows = bls_rows(samples, target, &mut |w| progress.step(w));
    for r in &rows {
        ctx.fig_ns(format!("bls.{}.{}.ns", r.variant, r.op), &r.m);
    }
    s.notes.push("draft-irtf-cfrg-bls-signature-05 on BLS12-381 (crate hayate-bls), proof-of-possession ciphersuites BLS_SIG_BLS12381G2_XMD:SHA-256_SSWU_RO_POP_ (min-pk: public keys in G1, 48 bytes; signatures in G2, 96 bytes) and BLS_SIG_BLS12381G1_XMD:SHA-256_SSWU_RO_POP_ (min-sig: the groups swapped). Keys and signatures are decoded and validated once before timing (the decode rows give that cost), as a verifier holding deserialized keys does; the verification rows include hashing the messages to the curve.".into());
    s.notes.push("The comparison with blst on the same inputs in the same process (Sign, Verify, FastAggregateVerify of 128 keys, AggregateVerify of 128 messages, batch verification of 64 triples) is the bench-only `cargo run --release -p hayate-bench -- bls`; its ratios are in BENCHMARKS.md.".into());

    let mut t = Table::new(
        "bls-ops",
        "BLS signature operations (µs; one core unless stated)",
        &[
            ("operation", 0),
            ("min-pk µs", 2),
            ("min-pk cycles", 0),
            ("min-sig µs", 2),
            ("min-sig cycles", 0),
        ],
    );
    for (op, name) in OPS {
        let pk = find(&rows, "min-pk", op);
        let sig = find(&rows, "min-sig", op);
        let name = match (op, pk, sig) {
            ("hash", Some(p), Some(q)) => format!("{name}: {} / {}", p.op, q.op),
            _ => name.to_string(),
        };
        t.row(vec![
            name.into(),
            pk.map(|r| r.m.median_ns / 1e3).into(),
            pk.map(|r| r.m.cycles).into(),
            sig.map(|r| r.m.median_ns / 1e3).into(),
            sig.map(|r| r.m.cycles).into(),
        ]);
    }
    t.note = "Verification rows: every message hashed to the curve inside the call; batch verification by a random linear combination (64-bit scalars from a seeded ChaCha generator here; the CLI draws them from the OS), one multi-pairing. Cycles are TSC ticks.".into();
    s.tables.push(t);

    let mut scale = Table::new(
        "bls-threads",
        "Batch verification of 64 triples: two threads vs one (wall clock)",
        &[
            ("variant", 0),
            ("1 thread µs", 1),
            ("2 threads µs", 1),
            ("speed-up", 2),
        ],
    );
    for v in ["min-pk", "min-sig"] {
        let one = find(&rows, v, "batch-verify-64").map(|r| r.m.median_ns);
        let two = find(&rows, v, "batch-verify-64-2threads").map(|r| r.m.median_ns);
        let sp = one.zip(two).map(|(a, b)| a / b);
        if let Some(sp) = sp {
            ctx.fig(
                format!("bls.{v}.batch-verify-64.two-thread-speedup"),
                sp,
                "ratio",
            );
        }
        scale.row(vec![
            v.into(),
            one.map(|x| x / 1e3).into(),
            two.map(|x| x / 1e3).into(),
            sp.into(),
        ]);
    }
    scale.note = format!(
        "Issue 33's target: ≥ 1.7× on two threads. This machine has {} logical cores; the figure is wall-clock time, so other load on the machine lowers it.",
        std::thread::available_parallelism()
            .map(|n| n.get())
            .unwrap_or(1)
    );
    s.tables.push(scale);
    s.status = status::MEASURED.into();
    s
}

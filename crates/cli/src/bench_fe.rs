//! `hayate bench fe [--json] [--quick]`: functional-encryption timings.
//!
//! * **paper 000, Table 5** — the paper's CP-FE configuration (d = 5 categories, n = 2, a
//!   policy of 10 ANDs, a 10-byte plaintext, AES-128-CBC and SHA-256): hayate's Okamoto–Takashima
//!   CP-FE ([`hayate_fe::ot10`]; the paper timed Yoshida–Hoshino–Kobayashi's scheme built on
//!   it) Setup, KeyGen, Encrypt, Decrypt beside the paper's 473.1 / 149.6 / 200.8 / 72.6 ms
//!   (Core i7-2600), on bn254-beuchat and BLS12-381. The policy has 10 leaves joined by AND,
//!   two per category: `t1=1 and … and t5=5 and not t1=11 and … and not t5=15`; the key is
//!   `t1=1,…,t5=5`. Encrypt = encapsulation + serialization of the ciphertext + the hybrid
//!   layer on the 10-byte plaintext (AES-128-CBC + HMAC-SHA-256, [`hybrid`]); Decrypt =
//!   decapsulation + the hybrid layer; Setup and KeyGen as in the paper. `decrypt-prepared` is
//!   Decrypt with a key whose G2 Miller-loop lines were precomputed once
//!   ([`ot10::PreparedUserKey`]; the cost of that step is not in the figure — it is about one
//!   `decrypt` minus one `decrypt-prepared`).
//! * **FAME, 10 attributes, AND policy** — KeyGen / Encrypt / Decrypt (Encrypt and Decrypt of a
//!   GT message, [`fame::encrypt`] / [`fame::decrypt`]) beside OpenABE's CP-ABE built with its
//!   x64 assembly on this machine class (1.42 / 3.88 / 2.29 ms); `decrypt-prepared` with sk₀'s
//!   lines precomputed once ([`fame::PreparedSecretKey`]), `encrypt-prepared` with the public
//!   key's fixed-base tables built once ([`fame::PreparedPublicKey`]). KeyGen and Encrypt are
//!   measured cold: FAME's per-process cache of attribute hashes is emptied before each call.
//! * **two threads** — `decrypt-2threads` and `decrypt-prepared-2threads` (both schemes, not in
//!   the scaling runs) share the pairings' Miller loops out over two threads
//!   ([`ot10::decapsulate_threads`], [`fame::decapsulate_threads`]); FAME's `keygen-2threads`
//!   shares the attributes out ([`fame::keygen_threads`], cold like `keygen`); wall-clock time
//!   like every row, but the only rows that use more than one core.
//! * **like-for-like and as-a-user rows** (OT10, Table 5 configuration only) — paper 000
//!   measured a different CP-FE (Yoshida–Hoshino–Kobayashi's, built on OT10; see
//!   [`hayate_fe::ot10`]'s module docs) and hayate's OT10 algorithms are not the row-by-row
//!   ones, so the suite also times OT10 "as written" on hayate's arithmetic
//!   ([`ot10_as_written`]): `keygen-as-written` (master key as G2 points, variable-base G2
//!   multiplications), `decrypt-as-written` (a full pairing per coordinate of every used row
//!   and of c₀, a GT exponentiation per row) and `decrypt-per-row` (one multi-pairing per
//!   row); each row carries the operation count of one call ([`OpCounts`]). The Table 5 rows
//!   above decrypt an already parsed ciphertext with numeric attribute values (which lets
//!   decryption use small-integer coefficients); `decrypt-parsed` also parses and validates the
//!   ciphertext bytes, `decrypt-strings-parsed` does so with string values (`t1=s1`, …,
//!   hashed into F_r, as words given on the command line are), and
//!   `decrypt-strings-key-parsed` parses the user key's bytes too, as `hayate fe decrypt` does.
//! * **scaling** — KeyGen / Encrypt / Decrypt versus the number of attributes (1 … 100; a key
//!   holding exactly the policy's attributes, the policy an AND of all of them). FAME: n string
//!   attributes. OT10: n categories of dimension 2 (Setup grows with n, so the key has one value
//!   in each of the n categories and the policy n equality leaves).
//!
//! FAME's column hashes H(0 j ℓ t) are cached per process after first use (see
//! [`hayate_fe::fame`]); every timed figure here runs after a warm-up call.
//!
//! [`fe_rows`] returns the figures as data (no printing) for `hayate report`; [`run`] prints
//! them as a table (our time, the reference figure, reference / ours) or as JSON lines
//! `{"suite":"fe","scheme":…,"curve":…,"config":…,"attrs":…,"op":…,"median_ns":…,"cycles":…,…}`.

use hayate_fe::curve::FeCurve;
use hayate_fe::policy::Attributes;
use hayate_fe::{fame, hybrid, ot10, serial};
use hayate_pairing::{bls12_381::Bls12381, bn254_beuchat::Bn254Beuchat, Gt};
use rand::{rngs::StdRng, SeedableRng};
use std::hint::black_box;

use crate::timing::{json_str, measure, stop_requested, Measurement};

mod ot10_as_written;
use ot10_as_written::Pairings;

/// Reference figure a row is compared with.
#[derive(Clone, Copy, Debug)]
pub struct Reference {
    /// Who measured it, e.g. "paper 000 (Core i7-2600)".
    pub source: &'static str,
    /// Milliseconds.
    pub ms: f64,
}

/// One figure of the suite.
#[derive(Clone, Debug)]
pub struct FeRow {
    /// "fame" or "ot10".
    pub scheme: &'static str,
    /// Curve name as on the command line ("bn254-beuchat", "bls12-381").
    pub curve: &'static str,
    /// "paper000-table5", "and10" or "scaling".
    pub config: &'static str,
    /// FAME: attributes in the key and in the AND policy; OT10: leaves of the policy.
    pub attrs: usize,
    /// "setup", "keygen", "encrypt" or "decrypt", with suffixes "-prepared" (tables of the key
    /// built once) and "-2threads" (the pairings on two threads, wall-clock time); OT10 in the
    /// Table 5 configuration also "keygen-as-written", "decrypt-as-written", "decrypt-per-row"
    /// (the baseline of [`ot10_as_written`]), "decrypt-parsed", "decrypt-strings-parsed" and
    /// "decrypt-strings-key-parsed" (see the module docs).
    pub op: &'static str,
    /// The measurement; `None` if it could not be taken (not expected: a row is only left
    /// unmeasured, never filled with a made-up figure).
    pub m: Option<Measurement>,
    /// The figure to compare with, if any.
    pub reference: Option<Reference>,
    /// The pairing-group operations one call performs (OT10 Table 5 rows), when known.
    pub ops: Option<OpCounts>,
}

/// Pairing-group operations of one KeyGen or Decrypt call, counted by the code that performs
/// them ([`ot10::decryption_cost`], the key's coordinates, [`ot10_as_written`]'s counters).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct OpCounts {
    /// Full pairings, each with its own Miller loop and final exponentiation (also counted in
    /// `miller_loops` and `final_exps`).
    pub pairings: usize,
    pub miller_loops: usize,
    pub final_exps: usize,
    /// GT exponentiations.
    pub gt_exps: usize,
    /// Fixed-base G2 products (multiples of the generator H).
    pub g2_fixed: usize,
    /// Variable-base G2 scalar multiplications.
    pub g2_var: usize,
}

impl core::fmt::Display for OpCounts {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        let mut parts = Vec::new();
        if self.pairings > 0 && self.pairings == self.miller_loops {
            parts.push(format!(
                "{} pairings (Miller loop + final exp. each)",
                self.pairings
            ));
        } else if self.miller_loops > 0 {
            parts.push(format!(
                "{} Miller loops, {} final exp.",
                self.miller_loops, self.final_exps
            ));
        }
        if self.gt_exps > 0 {
            parts.push(format!("{} GT exp.", self.gt_exps));
        }
        if self.g2_fixed > 0 {
            parts.push(format!("{} fixed-base G2 products", self.g2_fixed));
        }
        if self.g2_var > 0 {
            parts.push(format!("{} variable-base G2 mults", self.g2_var));
        }
        f.write_str(&parts.join(", "))
    }
}

impl From<ot10::DecryptionCost> for OpCounts {
    fn from(c: ot10::DecryptionCost) -> Self {
        OpCounts {
            miller_loops: c.miller_loops,
            final_exps: c.final_exponentiations,
            gt_exps: c.gt_exponentiations,
            ..OpCounts::default()
        }
    }
}

const PAPER000: &str = "paper 000 (Core i7-2600)";
const OPENABE: &str = "OpenABE CP-ABE (x64 asm)";
const TABLE5: [(&str, f64); 4] = [
    ("setup", 473.1),
    ("keygen", 149.6),
    ("encrypt", 200.8),
    ("decrypt", 72.6),
];
const OPENABE10: [(&str, f64); 3] = [("keygen", 1.42), ("encrypt", 3.88), ("decrypt", 2.29)];

/// A measured row with the reference figure of its configuration (paper 000 Table 5 for
/// "paper000-table5", OpenABE for "and10").
fn row(
    scheme: &'static str,
    curve: &'static str,
    config: &'static str,
    attrs: usize,
    op: &'static str,
    m: Measurement,
) -> FeRow {
    let table: &[(&str, f64)] = match config {
        "paper000-table5" => &TABLE5,
        "and10" => &OPENABE10,
        _ => &[],
    };
    let source = if config == "and10" { OPENABE } else { PAPER000 };
    let reference = table
        .iter()
        .find(|(o, _)| Some(*o) == op.split('-').next())
        .map(|(_, ms)| Reference { source, ms: *ms });
    FeRow {
        scheme,
        curve,
        config,
        attrs,
        op,
        m: Some(m),
        reference,
        ops: None,
    }
}

/// Attribute names a0 … a{n−1}, the key's attribute list and the AND policy over all of them.
fn and_policy(n: usize) -> (Attributes, String) {
    let names: Vec<String> = (0..n).map(|i| format!("a{i}")).collect();
    let attrs = Attributes::parse(&names.join(",")).unwrap_or_default();
    (attrs, names.join(" and "))
}

/// FAME KeyGen / Encrypt / Decrypt with `n` attributes on curve E.
fn fame_ops<E: FeCurve<N>, const N: usize>(
    n: usize,
    config: &'static str,
    samples: usize,
    target: f64,
    with_setup: bool,
    rows: &mut Vec<FeRow>,
) {
    let mut rng = StdRng::seed_from_u64(n as u64);
    let (attrs, policy) = and_policy(n);
    let curve = hayate_fe::curve::curve_name(E::ID).unwrap_or("?");
    let mut push =
        |op: &'static str, m: Measurement| rows.push(row("fame", curve, config, n, op, m));
    if with_setup {
        push(
            "setup",
            measure(samples, target, || {
                black_box(fame::setup::<E, N>(&mut rng));
            }),
        );
    }
    let (pk, msk) = fame::setup::<E, N>(&mut rng);
    // KeyGen and Encrypt cold: FAME memoises the hashes of attribute strings per process,
    // and these rows must not profit from the repetition of the same attributes
    push(
        "keygen",
        measure(samples, target, || {
            fame::clear_attribute_cache();
            black_box(fame::keygen(&msk, &attrs, &mut rng));
        }),
    );
    if config != "scaling" {
        // the attributes' hashes and combinations on two threads (wall clock), also cold
        push(
            "keygen-2threads",
            measure(samples, target, || {
                fame::clear_attribute_cache();
                black_box(fame::keygen_threads(&msk, &attrs, &mut rng, 2));
            }),
        );
    }
    let msg = Gt::<E, N>::generator();
    push(
        "encrypt",
        measure(samples, target, || {
            fame::clear_attribute_cache();
            black_box(fame::encrypt(&pk, &policy, &msg, &mut rng).ok());
        }),
    );
    if config != "scaling" {
        // fixed-base tables of H₁, H₂, T₁, T₂ built once (many encryptions under one key)
        let prepared = fame::PreparedPublicKey::new(&pk);
        push(
            "encrypt-prepared",
            measure(samples, target, || {
                fame::clear_attribute_cache();
                black_box(fame::encrypt_prepared(&prepared, &policy, &msg, &mut rng).ok());
            }),
        );
    }
    let sk = fame::keygen(&msk, &attrs, &mut rng);
    let ct = fame::encrypt(&pk, &policy, &msg, &mut rng);
    if let Ok((ct, c)) = ct {
        push(
            "decrypt",
            measure(samples, target, || {
                black_box(fame::decrypt(&sk, &ct, &c).ok());
            }),
        );
        if config != "scaling" {
            // sk₀'s lines precomputed once (a key decrypting many ciphertexts)
            let prepared = fame::PreparedSecretKey::new(&sk);
            let dec = || {
                fame::decapsulate_prepared(&prepared, &ct)
                    .ok()
                    .map(|k| c.mul(&k.invert()))
            };
            if dec().map(|m| m.to_bytes()) == Some(msg.to_bytes()) {
                push(
                    "decrypt-prepared",
                    measure(samples, target, || {
                        black_box(dec());
                    }),
                );
            }
            // the six pairings on two threads (wall clock)
            push(
                "decrypt-2threads",
                measure(samples, target, || {
                    black_box(fame::decapsulate_threads(&sk, &ct, 2).ok());
                }),
            );
            push(
                "decrypt-prepared-2threads",
                measure(samples, target, || {
                    black_box(fame::decapsulate_prepared_threads(&prepared, &ct, 2).ok());
                }),
            );
        }
    }
}

/// A parsed-decryption row: (op, user key bytes to parse or none, the key otherwise,
/// ciphertext bytes, hybrid body, operation counts).
type ParsedCase<'a, E, const N: usize> = (
    &'static str,
    Option<&'a [u8]>,
    &'a ot10::UserKey<E, N>,
    &'a [u8],
    &'a [u8],
    Option<OpCounts>,
);

/// OT10 with `d` categories of dimension 2, the key `t1=1,…,td=d`, and `policy`.
#[allow(clippy::too_many_arguments)]
pub(crate) fn ot10_ops<E: FeCurve<N>, const N: usize>(
    d: usize,
    policy: &str,
    leaves: usize,
    config: &'static str,
    samples: usize,
    target: f64,
    with_setup: bool,
    rows: &mut Vec<FeRow>,
) {
    let mut rng = StdRng::seed_from_u64(1000 + d as u64);
    let curve = hayate_fe::curve::curve_name(E::ID).unwrap_or("?");
    let dims = vec![2usize; d];
    let Ok(attrs) = ot10::AttrSet::parse(&table5_key(d, false)) else {
        return;
    };
    let mut push = |op: &'static str, m: Measurement, ops: Option<OpCounts>| {
        let mut r = row("ot10", curve, config, leaves, op, m);
        r.ops = ops;
        rows.push(r)
    };
    if with_setup {
        push(
            "setup",
            measure(samples, target, || {
                black_box(ot10::setup::<E, N>(&dims, &mut rng).ok());
            }),
            None,
        );
    }
    let Ok((pk, msk)) = ot10::setup::<E, N>(&dims, &mut rng) else {
        return;
    };
    let table5 = config == "paper000-table5";
    // one fixed-base G2 product per coordinate of the key
    let keygen_ops = ot10::keygen(&msk, &attrs, &mut rng).ok().map(|k| OpCounts {
        g2_fixed: k.k0.len() + k.kt.values().map(|v| v.len()).sum::<usize>(),
        ..OpCounts::default()
    });
    push(
        "keygen",
        measure(samples, target, || {
            black_box(ot10::keygen(&msk, &attrs, &mut rng).ok());
        }),
        keygen_ops.filter(|_| table5),
    );
    let pt = *b"0123456789";
    let mode = hybrid::Mode::Aes128CbcHmacSha256;
    let enc = |policy: &str, rng: &mut StdRng| -> Option<(Vec<u8>, Vec<u8>)> {
        let (ct, k) = ot10::encapsulate(&pk, policy, rng).ok()?;
        let ctb = serial::ot10_ct_to_bytes(&ct);
        let body = hybrid::encrypt(&k.to_bytes(), &ctb, mode, hybrid::DEFAULT_CHUNK, &pt).ok()?;
        Some((ctb, body))
    };
    push(
        "encrypt",
        measure(samples, target, || {
            black_box(enc(policy, &mut rng));
        }),
        None,
    );
    let (Ok(sk), Some((ctb, body))) = (ot10::keygen(&msk, &attrs, &mut rng), enc(policy, &mut rng))
    else {
        return;
    };
    let Ok((ct, _)) = serial::ot10_ct_from_bytes::<E, N>(&ctb) else {
        return;
    };
    let dec_ops = ot10::decryption_cost(&sk, &ct)
        .ok()
        .map(OpCounts::from)
        .filter(|_| table5);
    let dec = || -> Option<Vec<u8>> {
        let k = ot10::decapsulate(&sk, &ct).ok()?;
        hybrid::decrypt(&k.to_bytes(), &ctb, &body).ok()
    };
    if dec().as_deref() != Some(&pt[..]) {
        return; // never reached for a correct scheme; no figure rather than a wrong one
    }
    push(
        "decrypt",
        measure(samples, target, || {
            black_box(dec());
        }),
        dec_ops,
    );
    if !table5 {
        return;
    }
    // the same with the key's G2 lines precomputed once (a key decrypting many files)
    let prepared = ot10::PreparedUserKey::new(&sk);
    let dec_prepared = || -> Option<Vec<u8>> {
        let k = ot10::decapsulate_prepared(&prepared, &ct).ok()?;
        hybrid::decrypt(&k.to_bytes(), &ctb, &body).ok()
    };
    if dec_prepared().as_deref() == Some(&pt[..]) {
        push(
            "decrypt-prepared",
            measure(samples, target, || {
                black_box(dec_prepared());
            }),
            dec_ops,
        );
    }
    // the pairings on two threads (wall clock), fresh and prepared key
    let dec_threads = |prep: bool| -> Option<Vec<u8>> {
        let k = if prep {
            ot10::decapsulate_prepared_threads(&prepared, &ct, 2).ok()?
        } else {
            ot10::decapsulate_threads(&sk, &ct, 2).ok()?
        };
        hybrid::decrypt(&k.to_bytes(), &ctb, &body).ok()
    };
    for (op, prep) in [
        ("decrypt-2threads", false),
        ("decrypt-prepared-2threads", true),
    ] {
        if dec_threads(prep).as_deref() == Some(&pt[..]) {
            push(
                op,
                measure(samples, target, || {
                    black_box(dec_threads(prep));
                }),
                dec_ops,
            );
        }
    }
    // OT10 as written on hayate's arithmetic (ot10_as_written): KeyGen from a master key of G2
    // points, Decrypt by the Dec formula row by row
    let g2msk = ot10_as_written::G2MasterKey::new(&msk);
    if let Ok((_, ops)) = ot10_as_written::keygen(&g2msk, &attrs, &mut rng) {
        push(
            "keygen-as-written",
            measure(samples, target, || {
                black_box(ot10_as_written::keygen(&g2msk, &attrs, &mut rng).ok());
            }),
            Some(ops),
        );
    }
    for (op, how) in [
        ("decrypt-as-written", Pairings::Separate),
        ("decrypt-per-row", Pairings::PerRow),
    ] {
        let dec_as_written = || -> Option<(Vec<u8>, OpCounts)> {
            let (k, ops) = ot10_as_written::decapsulate(&sk, &ct, how).ok()?;
            Some((hybrid::decrypt(&k.to_bytes(), &ctb, &body).ok()?, ops))
        };
        if let Some((m, ops)) = dec_as_written() {
            if m == pt {
                push(
                    op,
                    measure(samples, target, || {
                        black_box(dec_as_written());
                    }),
                    Some(ops),
                );
            }
        }
    }
    // Decrypt from the ciphertext's bytes (parsing and point validation inside the timing), with
    // Table 5's numeric values and with string values (hashed into F_r; no small-denominator
    // shortcut), and last as `hayate fe decrypt` does it: key bytes parsed as well
    let Ok(str_attrs) = ot10::AttrSet::parse(&table5_key(d, true)) else {
        return;
    };
    let (Ok(str_sk), Some((str_ctb, str_body))) = (
        ot10::keygen(&msk, &str_attrs, &mut rng),
        enc(&table5_policy(true), &mut rng),
    ) else {
        return;
    };
    let str_skb = serial::ot10_sk_to_bytes(&str_sk);
    let parsed = |skb: Option<&[u8]>,
                  sk: &ot10::UserKey<E, N>,
                  ctb: &[u8],
                  body: &[u8]|
     -> Option<Vec<u8>> {
        let (ct, _) = serial::ot10_ct_from_bytes::<E, N>(ctb).ok()?;
        let k = match skb {
            Some(b) => ot10::decapsulate(&serial::ot10_sk_from_bytes::<E, N>(b).ok()?, &ct).ok()?,
            None => ot10::decapsulate(sk, &ct).ok()?,
        };
        hybrid::decrypt(&k.to_bytes(), ctb, body).ok()
    };
    let str_ops = serial::ot10_ct_from_bytes::<E, N>(&str_ctb)
        .ok()
        .and_then(|(c, _)| ot10::decryption_cost(&str_sk, &c).ok())
        .map(OpCounts::from);
    let cases: [ParsedCase<'_, E, N>; 3] = [
        (
            "decrypt-parsed",
            None,
            &sk,
            ctb.as_slice(),
            body.as_slice(),
            dec_ops,
        ),
        (
            "decrypt-strings-parsed",
            None,
            &str_sk,
            str_ctb.as_slice(),
            str_body.as_slice(),
            str_ops,
        ),
        (
            "decrypt-strings-key-parsed",
            Some(str_skb.as_slice()),
            &str_sk,
            str_ctb.as_slice(),
            str_body.as_slice(),
            str_ops,
        ),
    ];
    for (op, skb, key, ctb, body, ops) in cases {
        if parsed(skb, key, ctb, body).as_deref() == Some(&pt[..]) {
            push(
                op,
                measure(samples, target, || {
                    black_box(parsed(skb, key, ctb, body));
                }),
                ops,
            );
        }
    }
}

/// Paper 000 Table 5's policy: 10 leaves over 5 categories (see the module docs); with
/// `strings`, the same shape over string values `s1` … `s15` (hashed into F_r).
pub(crate) fn table5_policy(strings: bool) -> String {
    let v = |x: usize| {
        if strings {
            format!("s{x}")
        } else {
            x.to_string()
        }
    };
    let pos = (1..=5).map(|t| format!("t{t}={}", v(t)));
    let neg = (1..=5).map(|t| format!("not t{t}={}", v(10 + t)));
    pos.chain(neg).collect::<Vec<_>>().join(" and ")
}

/// The key's attributes `t1=1,…,td=d` (with `strings`: `t1=s1,…`), satisfying
/// [`table5_policy`] for d = 5.
fn table5_key(d: usize, strings: bool) -> String {
    let key: Vec<String> = (1..=d)
        .map(|t| {
            if strings {
                format!("t{t}=s{t}")
            } else {
                format!("t{t}={t}")
            }
        })
        .collect();
    key.join(",")
}

/// The scaling points (numbers of attributes).
pub fn scaling_points(quick: bool) -> &'static [usize] {
    if quick {
        &[1, 10, 50]
    } else {
        &[1, 2, 5, 10, 20, 50, 100]
    }
}

/// Every figure of the suite, as data. `progress` receives a short label before each group of
/// measurements (for a progress line); nothing is printed here. After a stop request (Ctrl-C)
/// no further group starts: the rows measured so far are returned.
pub fn fe_rows(quick: bool, progress: &mut dyn FnMut(&str)) -> Vec<FeRow> {
    type Group<'a> = (String, Box<dyn FnOnce(&mut Vec<FeRow>) + 'a>);
    let (samples, target) = if quick { (3, 2e7) } else { (11, 2e8) };
    let (ss, st) = if quick { (1, 0.0) } else { (5, 5e7) };
    let t5 = table5_policy(false);
    let t5 = t5.as_str();
    let mut groups: Vec<Group<'_>> = vec![
        (
            "ot10 paper000-table5 bn254-beuchat".into(),
            Box::new(move |rows| {
                let c = "paper000-table5";
                ot10_ops::<Bn254Beuchat, 4>(5, t5, 10, c, samples, target, true, rows)
            }),
        ),
        (
            "ot10 paper000-table5 bls12-381".into(),
            Box::new(move |rows| {
                let c = "paper000-table5";
                ot10_ops::<Bls12381, 6>(5, t5, 10, c, samples, target, true, rows)
            }),
        ),
        (
            "fame and10 bn254-beuchat".into(),
            Box::new(move |rows| {
                fame_ops::<Bn254Beuchat, 4>(10, "and10", samples, target, true, rows)
            }),
        ),
        (
            "fame and10 bls12-381".into(),
            Box::new(move |rows| fame_ops::<Bls12381, 6>(10, "and10", samples, target, true, rows)),
        ),
    ];
    for &n in scaling_points(quick) {
        let policy = (1..=n)
            .map(|t| format!("t{t}={t}"))
            .collect::<Vec<_>>()
            .join(" and ");
        let p2 = policy.clone();
        groups.push((
            format!("fame scaling n={n} bn254-beuchat"),
            Box::new(move |rows| fame_ops::<Bn254Beuchat, 4>(n, "scaling", ss, st, false, rows)),
        ));
        groups.push((
            format!("fame scaling n={n} bls12-381"),
            Box::new(move |rows| fame_ops::<Bls12381, 6>(n, "scaling", ss, st, false, rows)),
        ));
        groups.push((
            format!("ot10 scaling n={n} bn254-beuchat"),
            Box::new(move |rows| {
                ot10_ops::<Bn254Beuchat, 4>(n, &policy, n, "scaling", ss, st, false, rows)
            }),
        ));
        groups.push((
            format!("ot10 scaling n={n} bls12-381"),
            Box::new(move |rows| {
                ot10_ops::<Bls12381, 6>(n, &p2, n, "scaling", ss, st, false, rows)
            }),
        ));
    }
    let mut rows = Vec::new();
    for (label, run) in groups {
        if stop_requested() {
            break;
        }
        progress(&label);
        run(&mut rows);
    }
    rows
}

/// One row of `hayate bench fe --json`: a JSON object on one line (`median_ns` and `cycles` null
/// when unmeasured; `reference`/`reference_ms` and `ops` only when the row has them).
pub(crate) fn json_line(r: &FeRow, quick: bool) -> String {
    let (med, cyc) = match &r.m {
        Some(m) => (format!("{:.1}", m.median_ns), format!("{:.0}", m.cycles)),
        None => ("null".into(), "null".into()),
    };
    let refs = match &r.reference {
        Some(x) => format!(
            ",\"reference\":{},\"reference_ms\":{}",
            json_str(x.source),
            x.ms
        ),
        None => String::new(),
    };
    let ops = r
        .ops
        .map(|o| format!(",\"ops\":{}", json_str(&o.to_string())))
        .unwrap_or_default();
    format!(
        "{{\"suite\":\"fe\",\"scheme\":{},\"curve\":{},\"config\":{},\"attrs\":{},\"op\":{},\"median_ns\":{},\"cycles\":{},\"implemented\":{}{}{},\"quick\":{}}}",
        json_str(r.scheme),
        json_str(r.curve),
        json_str(r.config),
        r.attrs,
        json_str(r.op),
        med,
        cyc,
        r.m.is_some(),
        refs,
        ops,
        quick
    )
}

/// Runs the suite; prints a table or JSON lines.
pub fn run(json: bool, quick: bool) {
    let rows = fe_rows(quick, &mut |s| eprintln!("… {s}"));
    if json {
        for r in &rows {
            println!("{}", json_line(r, quick));
        }
        return;
    }
    println!(
        "hayate bench fe{} — single core (-2threads rows: two threads, wall clock), medians",
        if quick { " (quick)" } else { "" }
    );
    println!(
        "{:<6} {:<14} {:<16} {:>6} {:<26} {:>12} {:>12} {:>10}  reference [operations]",
        "scheme", "curve", "config", "attrs", "op", "ours ms", "ref ms", "ref/ours"
    );
    for r in &rows {
        let ours =
            r.m.map(|m| format!("{:.3}", m.median_ns / 1e6))
                .unwrap_or_else(|| "—".into());
        let (rms, ratio, src) = match (&r.reference, &r.m) {
            (Some(x), Some(m)) => (
                format!("{:.2}", x.ms),
                format!("{:.1}×", x.ms / (m.median_ns / 1e6)),
                x.source,
            ),
            (Some(x), None) => (format!("{:.2}", x.ms), "—".into(), x.source),
            _ => ("—".into(), "—".into(), ""),
        };
        let ops = r.ops.map(|o| format!(" [{o}]")).unwrap_or_default();
        println!(
            "{:<6} {:<14} {:<16} {:>6} {:<26} {:>12} {:>12} {:>10}  {}{}",
            r.scheme, r.curve, r.config, r.attrs, r.op, ours, rms, ratio, src, ops
        );
    }
}

//! `hayate bench pairing [--json]`: field, group and pairing operations on the three curves,
//! each beside paper 000's Table 4 (ms, Core i7-2600 with assembly) and paper 001's cycle counts
//! (Core i7), in milliseconds and TSC cycles.
//!
//! JSON lines: `{"suite":"pairing","curve":…,"op":…,"median_ns":…,"cycles":…}`.

use hayate_arith::{Fp, Fp12, Fp2};
use hayate_ec::Affine;
use hayate_pairing::{bls12_381::Bls12381, bn254::Bn254, bn254_beuchat::Bn254Beuchat};
use hayate_pairing::{final_exp, miller, PairingCurve};
use rand::{rngs::StdRng, RngCore, SeedableRng};
use std::hint::black_box;

use crate::timing::{json_str, measure, Measurement};

/// Paper figures for one op: (paper 000 PC ms, paper 001 i7 cycles).
pub fn paper_figures(curve: &str, op: &str) -> (Option<f64>, Option<f64>) {
    if curve != "bn254-beuchat" {
        return (None, None);
    }
    match op {
        "fp2_mul" => (None, Some(435.0)),
        "fp2_sqr" => (None, Some(342.0)),
        "miller_loop" => (None, Some(1.33e6)),
        "final_exp" => (None, Some(1.00e6)),
        "pairing" => (Some(0.85), Some(2.33e6)),
        "g1_mul" => (Some(0.57), None),
        "g2_mul" => (Some(0.92), None),
        "gt_exp" => (Some(1.25), None),
        _ => (None, None),
    }
}

/// One measured operation.
pub struct Row {
    pub curve: &'static str,
    pub op: &'static str,
    pub m: Measurement,
}

fn scalar(rng: &mut StdRng) -> [u64; 4] {
    [
        rng.next_u64(),
        rng.next_u64(),
        rng.next_u64(),
        rng.next_u64() >> 3,
    ]
}

/// The operations measured per curve, in order (for progress bars).
pub const OPS: [&str; 11] = [
    "fp_mul",
    "fp2_mul",
    "fp2_sqr",
    "fp12_mul",
    "miller_loop",
    "final_exp",
    "pairing",
    "multi_pairing_4",
    "g1_mul",
    "g2_mul",
    "gt_exp",
];

/// Measures every operation of [`OPS`] on curve `E` (`samples` batches of about `target` ns
/// each), calling `step` with each operation's name before measuring it.
pub fn bench_curve<E: PairingCurve<N>, const N: usize>(
    rows: &mut Vec<Row>,
    samples: usize,
    target: f64,
    step: &mut dyn FnMut(&str),
) {
    let mut rng = StdRng::seed_from_u64(1);
    let name = E::NAME;
    let mut push = |op: &'static str, m: Measurement| rows.push(Row { curve: name, op, m });
    let mut push = |op: &'static str, f: &mut dyn FnMut() -> Measurement| {
        if crate::timing::stop_requested() {
            return;
        }
        step(&format!("{name}: {op}"));
        push(op, f())
    };

    let a = Fp::<E::Fp, N>::random(&mut rng);
    let b = Fp::<E::Fp, N>::random(&mut rng);
    push("fp_mul", &mut || {
        measure(samples, target, || {
            black_box(black_box(a) * black_box(b));
        })
    });
    let a2 = Fp2::<E::Fp, N>::random(&mut rng);
    let b2 = Fp2::<E::Fp, N>::random(&mut rng);
    push("fp2_mul", &mut || {
        measure(samples, target, || {
            black_box(black_box(a2) * black_box(b2));
        })
    });
    push("fp2_sqr", &mut || {
        measure(samples, target, || {
            black_box(black_box(a2).square());
        })
    });
    let a12 = Fp12::<E::Fp, N>::random(&mut rng);
    let b12 = Fp12::<E::Fp, N>::random(&mut rng);
    push("fp12_mul", &mut || {
        measure(samples, target, || {
            black_box(black_box(a12) * black_box(b12));
        })
    });
    let p = Affine::<E::G1>::generator()
        .mul_vartime(&scalar(&mut rng))
        .to_affine();
    let q = Affine::<E::G2>::generator()
        .mul_vartime(&scalar(&mut rng))
        .to_affine();
    push("miller_loop", &mut || {
        measure(samples, target, || {
            black_box(miller::miller_loop::<E, N>(black_box(&p), black_box(&q)));
        })
    });
    let f = miller::miller_loop::<E, N>(&p, &q);
    push("final_exp", &mut || {
        measure(samples, target, || {
            black_box(final_exp::final_exponentiation::<E, N>(black_box(&f)));
        })
    });
    push("pairing", &mut || {
        measure(samples, target, || {
            black_box(hayate_pairing::pairing::<E, N>(
                black_box(&p),
                black_box(&q),
            ));
        })
    });
    let pairs: Vec<_> = (0..4)
        .map(|_| {
            (
                Affine::<E::G1>::generator()
                    .mul_vartime(&scalar(&mut rng))
                    .to_affine(),
                Affine::<E::G2>::generator()
                    .mul_vartime(&scalar(&mut rng))
                    .to_affine(),
            )
        })
        .collect();
    push("multi_pairing_4", &mut || {
        measure(samples, target, || {
            black_box(hayate_pairing::multi_pairing::<E, N>(black_box(&pairs)));
        })
    });
    let k = scalar(&mut rng);
    push("g1_mul", &mut || {
        measure(samples, target, || {
            black_box(black_box(&p).mul_ct(black_box(&k)));
        })
    });
    push("g2_mul", &mut || {
        measure(samples, target, || {
            black_box(black_box(&q).mul_ct(black_box(&k)));
        })
    });
    let g = hayate_pairing::pairing::<E, N>(&p, &q);
    push("gt_exp", &mut || {
        measure(samples, target, || {
            black_box(black_box(&g).pow(black_box(&k)));
        })
    });
}

/// Runs the suite; prints a table or JSON lines.
pub fn run(json: bool, quick: bool) {
    let (samples, target) = if quick { (3, 2e6) } else { (15, 2e7) };
    let mut rows = Vec::new();
    let mut quiet = |_: &str| {};
    bench_curve::<Bn254Beuchat, 4>(&mut rows, samples, target, &mut quiet);
    bench_curve::<Bn254, 4>(&mut rows, samples, target, &mut quiet);
    bench_curve::<Bls12381, 6>(&mut rows, samples, target, &mut quiet);
    if json {
        for r in &rows {
            println!(
                "{{\"suite\":\"pairing\",\"curve\":{},\"op\":{},\"median_ns\":{:.1},\"cycles\":{:.0},\"quick\":{}}}",
                json_str(r.curve),
                json_str(r.op),
                r.m.median_ns,
                r.m.cycles,
                quick
            );
        }
        return;
    }
    println!(
        "hayate bench pairing{} — single core, medians of {} runs",
        if quick { " (quick)" } else { "" },
        rows.first().map(|r| r.m.samples).unwrap_or(0)
    );
    println!(
        "{:<14} {:<16} {:>12} {:>14} {:>16} {:>16}",
        "curve", "op", "µs", "cycles", "paper000 PC ms", "paper001 i7 clk"
    );
    for r in &rows {
        let (p0, p1) = paper_figures(r.curve, r.op);
        let f =
            |v: Option<f64>, d: usize| v.map(|x| format!("{x:.d$}")).unwrap_or_else(|| "—".into());
        println!(
            "{:<14} {:<16} {:>12.3} {:>14.0} {:>16} {:>16}",
            r.curve,
            r.op,
            r.m.median_ns / 1e3,
            r.m.cycles,
            f(p0, 2),
            f(p1, 0)
        );
    }
}

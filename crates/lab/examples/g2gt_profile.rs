//! Quick timing of G2 scalar multiplication and GT exponentiation (constant time and variable
//! time) on the three curves: minimum of repeated timings, robust on a loaded machine. Not a
//! benchmark of record (that is `hayate-bench pairing`).
//!
//! Usage: `g2gt_profile [MODE] [CURVE]`, CURVE ∈ {bls, bn, beuchat} (default: all). MODE `g2` /
//! `gt` times one of the two; `prim` times the building blocks (Fp2 mul/sqr/add, Fp12
//! mul/cyclotomic squaring/Frobenius, G2 Jacobian doubling and mixed additions) in ns;
//! `g2ct` / `gtct` only loop over the constant-time operation (for `perf record`).
use hayate_ec::Projective;
use hayate_pairing::{
    bls12_381::Bls12381, bn254::Bn254, bn254_beuchat::Bn254Beuchat, Gt, PairingCurve,
};
use std::hint::black_box;
use std::time::Instant;

fn t(name: &str, mut f: impl FnMut()) -> f64 {
    let mut best = f64::INFINITY;
    for _ in 0..60 {
        let s = Instant::now();
        for _ in 0..5 {
            f();
        }
        best = best.min(s.elapsed().as_secs_f64() / 5.0);
    }
    println!("  {name:16} {:9.1} us", best * 1e6);
    best
}

fn run<E: PairingCurve<N>, const N: usize>(only: &str) {
    println!("{}", E::NAME);
    let k = [
        0x9e3779b97f4a7c15u64,
        0xf39cc0605cedc834,
        0x1082276bf3a27251,
        0x0f3d1a2b3c4d5e6f,
    ];
    let q = Projective::<E::G2>::generator().mul_vartime_wnaf(&[12345, 678]);
    let x = Gt::<E, N>::generator();
    if only == "gtct" {
        for _ in 0..10000 {
            black_box(black_box(&x).pow(&k));
        }
        return;
    }
    if only == "g2ct" {
        for _ in 0..20000 {
            black_box(black_box(&q).mul_ct(&k));
        }
        return;
    }
    if only != "gt" {
        let c = t("g2 mul_ct", || {
            black_box(black_box(&q).mul_ct(&k));
        });
        let v = t("g2 mul_vartime", || {
            black_box(black_box(&q).mul_vartime(&k));
        });
        println!("  g2 ct/vt {:.3}", c / v);
    }
    if only != "g2" {
        let c = t("gt pow", || {
            black_box(black_box(&x).pow(&k));
        });
        let v = t("gt pow_vartime", || {
            black_box(black_box(&x).pow_vartime(&k));
        });
        println!("  gt ct/vt {:.3}", c / v);
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let only = args.first().map(String::as_str).unwrap_or("");
    let curve = args.get(1).map(String::as_str).unwrap_or("");
    if only == "prim" {
        if curve.is_empty() || curve == "bls" {
            prims::<Bls12381, 6>();
        }
        if curve.is_empty() || curve == "beuchat" {
            prims::<Bn254Beuchat, 4>();
        }
        return;
    }
    if curve.is_empty() || curve == "bls" {
        run::<Bls12381, 6>(only);
    }
    if curve.is_empty() || curve == "bn" {
        run::<Bn254, 4>(only);
    }
    if curve.is_empty() || curve == "beuchat" {
        run::<Bn254Beuchat, 4>(only);
    }
}

/// Per-operation timings of the building blocks (ns per call, `prim` mode).
fn prims<E: PairingCurve<N>, const N: usize>() {
    use hayate_arith::Fp2;
    use hayate_ec::Jacobian;
    println!("{} primitives (ns)", E::NAME);
    let tn = |name: &str, reps: usize, f: &mut dyn FnMut()| {
        let mut best = f64::INFINITY;
        for _ in 0..40 {
            let s = Instant::now();
            for _ in 0..reps {
                f();
            }
            best = best.min(s.elapsed().as_secs_f64() / reps as f64);
        }
        println!("  {name:16} {:9.1}", best * 1e9);
    };
    let mut rng = <rand::rngs::StdRng as rand::SeedableRng>::seed_from_u64(1);
    let a = Fp2::<E::Fp, N>::random(&mut rng);
    let b = Fp2::<E::Fp, N>::random(&mut rng);
    let mut x = a;
    tn("fp2 mul", 2000, &mut || x = black_box(x) * b);
    tn("fp2 sqr", 2000, &mut || x = black_box(x).square());
    tn("fp2 add", 2000, &mut || x = black_box(x) + b);
    tn("fp2 inv", 200, &mut || {
        x = black_box(x).invert_safegcd().unwrap_or(b)
    });
    let f = *Gt::<E, N>::generator().as_fp12();
    let g = f.cyclotomic_square();
    let mut y = f;
    tn("fp12 mul", 300, &mut || y = black_box(y) * g);
    tn("fp12 cyc sqr", 300, &mut || {
        y = black_box(y).cyclotomic_square()
    });
    tn("fp12 frob1", 300, &mut || y = black_box(y).frobenius_map(1));
    tn("fp12 frob2", 300, &mut || y = black_box(y).frobenius_map(2));
    let q = Jacobian::from(Projective::<E::G2>::generator().mul_vartime_wnaf(&[12345, 678]));
    let r = Projective::<E::G2>::generator()
        .mul_vartime_wnaf(&[999])
        .to_affine();
    let mut j = q;
    tn("g2 double", 300, &mut || j = black_box(j).double());
    tn("g2 madd vt", 300, &mut || {
        j = black_box(j).add_affine_vartime(&r)
    });
    tn("g2 madd ct", 300, &mut || j = black_box(j).add_affine(&r));
}

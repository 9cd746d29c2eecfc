//! Times the pieces of RFC 9380 hash to G2 (BLS12381G2_XMD:SHA-256_SSWU_RO_): hash_to_field,
//! the two SSWU maps (with their sqrt_ratio), the 3-isogeny, cofactor clearing, affine
//! conversion. `cargo run --release -p hayate-lab --example h2g2_profile [iters]`.
use hayate_pairing::hash_to_curve::{self as h, iso, sswu};
use std::hint::black_box;
use std::time::Instant;

fn time<T>(name: &str, n: u32, mut f: impl FnMut(u32) -> T) {
    let t = Instant::now();
    for i in 0..n {
        black_box(f(i));
    }
    println!(
        "{name:<28} {:>9.2} us",
        t.elapsed().as_secs_f64() * 1e6 / n as f64
    );
}

fn main() {
    let n: u32 = std::env::args()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(2000);
    let dst = b"BLS_SIG_BLS12381G2_XMD:SHA-256_SSWU_RO_POP_";
    let us = h::hash_to_field_fp2(b"abc", dst, 2).unwrap();
    let (u0, u1) = (us[0], us[1]);
    time("hash_to_g2", n, |i| h::hash_to_g2(&i.to_le_bytes(), dst));
    time("hash_to_field_fp2 (2)", n, |i| {
        h::hash_to_field_fp2(&i.to_le_bytes(), dst, 2)
    });
    let (xn, xd, y) = sswu::map_to_curve_g2_iso_frac(&u0);
    time("sswu frac", n, |_| {
        sswu::map_to_curve_g2_iso_frac(black_box(&u0))
    });
    time("sqrt_ratio fp2", n, |_| {
        <sswu::G2Iso as sswu::SswuParams>::sqrt_ratio(black_box(&u0), black_box(&u1))
    });
    time("iso frac", n, |_| {
        iso::iso_map_g2_frac(black_box(&xn), &xd, &y)
    });
    let q = h::map_to_curve_g2(&u0).add(&h::map_to_curve_g2(&u1));
    time("clear_cofactor_g2", n, |_| {
        h::clear_cofactor_g2(black_box(&q))
    });
    time("psi", n, |_| h::psi(black_box(&q)));
    time("to_affine", n, |_| black_box(q).to_affine());
    time("fp2 mul", n * 100, |_| black_box(u0) * black_box(u1));
    time("fp2 square", n * 100, |_| black_box(u0).square());
    time("g2 double", n * 10, |_| black_box(q).double());
    time("g2 add", n * 10, |_| black_box(q).add(black_box(&q)));
    // min-sig verification's two-pair product: both G2 points inline, or the fixed one (−g2)
    // prepared once and the other prepared per call
    use hayate_pairing::bls12_381::{Bls12381, G1Affine, G2Affine};
    use hayate_pairing::{miller, G2Prepared};
    let p1 = h::hash_to_g1(b"a", dst);
    let p2 = h::hash_to_g1(b"b", dst);
    let q1 = h::hash_to_g2(b"c", dst);
    let g2 = G2Affine::generator().neg();
    let pairs: [(G1Affine, G2Affine); 2] = [(p1, q1), (p2, g2)];
    let m = n / 10;
    time("ML affine, 2 pairs", m, |_| {
        miller::multi_miller_loop_affine::<Bls12381, 6>(black_box(&pairs))
    });
    let prep_g2 = G2Prepared::<Bls12381, 6>::new(&g2);
    time("ML 1 prepared + 1 fresh", m, |_| {
        let pq = G2Prepared::<Bls12381, 6>::new(black_box(&q1));
        miller::multi_miller_loop::<Bls12381, 6>(&[(&p1, &pq), (&p2, &prep_g2)])
    });
}

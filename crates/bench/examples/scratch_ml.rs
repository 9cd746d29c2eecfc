use hayate_ec::Affine;
use hayate_pairing::bls12_381::Bls12381;
use hayate_pairing::{final_exp, miller, PairingCurve};
use std::hint::black_box;
fn main() {
    let args: Vec<String> = std::env::args().collect();
    let which = args[1].as_str();
    let n: usize = args[2].parse().unwrap();
    type E = Bls12381;
    let p = Affine::<<E as PairingCurve<6>>::G1>::generator()
        .mul_vartime(&[12345])
        .to_affine();
    let q = Affine::<<E as PairingCurve<6>>::G2>::generator()
        .mul_vartime(&[67890])
        .to_affine();
    let pb = hayate_pairing::encoding::zcash::g1_to_uncompressed(&p);
    let qb = hayate_pairing::encoding::zcash::g2_to_uncompressed(&q);
    let mut bp = blst::blst_p1_affine::default();
    let mut bq = blst::blst_p2_affine::default();
    unsafe {
        assert_eq!(
            blst::blst_p1_deserialize(&mut bp, pb.as_ptr()),
            blst::BLST_ERROR::BLST_SUCCESS
        );
        assert_eq!(
            blst::blst_p2_deserialize(&mut bq, qb.as_ptr()),
            blst::BLST_ERROR::BLST_SUCCESS
        );
    }
    let t = std::time::Instant::now();
    match which {
        "h" => {
            for _ in 0..n {
                black_box(miller::miller_loop::<E, 6>(black_box(&p), black_box(&q)));
            }
        }
        "b" => {
            for _ in 0..n {
                let mut r = blst::blst_fp12::default();
                unsafe { blst::blst_miller_loop(&mut r, black_box(&bq), black_box(&bp)) };
                black_box(r);
            }
        }
        "hf" => {
            let f = miller::miller_loop::<E, 6>(&p, &q);
            for _ in 0..n {
                black_box(final_exp::final_exponentiation::<E, 6>(black_box(&f)));
            }
        }
        "bf" => {
            let mut f = blst::blst_fp12::default();
            unsafe { blst::blst_miller_loop(&mut f, &bq, &bp) };
            for _ in 0..n {
                let mut r = blst::blst_fp12::default();
                unsafe { blst::blst_final_exp(&mut r, black_box(&f)) };
                black_box(r);
            }
        }
        "sq" => sq(),
        _ => panic!(),
    }
    eprintln!(
        "{} {:.1} us",
        which,
        t.elapsed().as_secs_f64() * 1e6 / n as f64
    );
}
#[allow(dead_code)]
pub fn sq() {
    type E = Bls12381;
    let p = Affine::<<E as PairingCurve<6>>::G1>::generator()
        .mul_vartime(&[12345])
        .to_affine();
    let q = Affine::<<E as PairingCurve<6>>::G2>::generator()
        .mul_vartime(&[67890])
        .to_affine();
    let g = final_exp::easy_part::<E, 6>(&miller::miller_loop::<E, 6>(&p, &q));
    let mut d64 = vec![0i8; 65];
    d64[64] = 1;
    d64[0] = 1;
    let mut d2 = vec![0i8; 2];
    d2[1] = 1;
    d2[0] = 1;
    for _ in 0..5 {
        let t = std::time::Instant::now();
        for _ in 0..2000 {
            black_box(black_box(g).cyclotomic_exp_compressed_vartime(&d64));
        }
        let a = t.elapsed().as_secs_f64() * 1e9 / 2000.0;
        let t = std::time::Instant::now();
        for _ in 0..2000 {
            black_box(black_box(g).cyclotomic_exp_compressed_vartime(&d2));
        }
        let b = t.elapsed().as_secs_f64() * 1e9 / 2000.0;
        let t = std::time::Instant::now();
        for _ in 0..20000 {
            black_box(black_box(g).cyclotomic_square());
        }
        let c = t.elapsed().as_secs_f64() * 1e9 / 20000.0;
        let t = std::time::Instant::now();
        for _ in 0..20000 {
            black_box(black_box(g) * black_box(g));
        }
        let m = t.elapsed().as_secs_f64() * 1e9 / 20000.0;
        eprintln!(
            "64 sq: {a:.0} ns, 1 sq: {b:.0} ns, per compressed sq {:.1} ns; GS {c:.1}; mul {m:.1}",
            (a - b) / 63.0
        );
    }
}

//! Valgrind payload for the constant-time evidence of the pairing groups' secret-scalar paths
//! (run by `crates/pairing/tests/valgrind_ct.rs`, which builds this example in release mode
//! and runs it under `valgrind --error-exitcode=1`; the technique and the client-request
//! encoding are those of `crates/ec/examples/ct_ladder.rs`).
//!
//! `ct_pairing ct` runs, on BLS12-381, BN254 (alt_bn128) and the papers' BN254, with the scalar
//! and the base point/element marked *undefined* (secret) by `VALGRIND_MAKE_MEM_UNDEFINED`:
//! * the GLV and GLS decompositions (`hayate_ec::glv::decompose`, `gls::decompose`);
//! * G1 `mul_ct` (2-dimensional GLV, `gls::g1_mul_ct`) and G2 `mul_ct` (4-dimensional GLS,
//!   `gls::g2_mul_ct`, also through the public `Projective::mul_ct`);
//! * GT `Gt::pow` (cyclotomic GLS, `gls::gt_pow_ct`);
//! * the `ct_mul` building blocks (`msm_ct`, the generator comb, `gt_multi_pow_ct`) and
//!   `hayate_ec::glv_lincomb::glv_lincomb_ct` (FAME's shared-scalar products);
//!
//! on edge scalars (0, 1, r − 1, r, 2²⁵⁶ − 1) and pseudo-random ones. memcheck reports any
//! branch or memory address computed from a secret. Results are declassified before they are
//! compared with the variable-time methods. `ct_pairing leaky` is the negative control:
//! `Gt::pow_vartime` (wNAF, branches on the digits) on a secret exponent, which memcheck must
//! flag. Outside valgrind the client requests are no-ops and the program only checks results.
//!
//! Release builds only: debug assertions and overflow checks branch on secrets by design.

use hayate_ec::{glv, Projective};
use hayate_pairing::{
    bls12_381::Bls12381, bn254::Bn254, bn254_beuchat::Bn254Beuchat, ct_mul, gls, Gt, PairingCurve,
};

use hayate_ec::valgrind as vg;

/// A copy of `v` whose bytes are marked secret (undefined for memcheck); read back through
/// `black_box` so that the compiler cannot reuse the defined original.
fn secret<T: Copy>(v: T) -> T {
    let c = v;
    vg::client_request(
        vg::MAKE_MEM_UNDEFINED,
        &c as *const T as u64,
        core::mem::size_of::<T>() as u64,
    );
    std::hint::black_box(c)
}
/// Declassifies the bytes of `v`.
fn public<T: ?Sized>(v: &T) {
    let len = core::mem::size_of_val(v) as u64;
    vg::client_request(vg::MAKE_MEM_DEFINED, v as *const T as *const u8 as u64, len);
}

/// Pseudo-random 256-bit limbs (xorshift64*; deterministic).
fn rand_limbs(seed: u64) -> [u64; 4] {
    let mut s = seed.wrapping_mul(0x2545_f491_4f6c_dd1d) | 1;
    core::array::from_fn(|_| {
        s ^= s >> 12;
        s ^= s << 25;
        s ^= s >> 27;
        s.wrapping_mul(0x2545_f491_4f6c_dd1d)
    })
}

/// 0, 1, r − 1, r, 2²⁵⁶ − 1 and two pseudo-random scalars.
fn scalars<E: PairingCurve<N>, const N: usize>() -> Vec<[u64; 4]> {
    let r = glv::order_limbs::<E::G1>();
    let mut rm1 = r;
    rm1[0] -= 1; // r is odd
    vec![
        [0; 4],
        [1, 0, 0, 0],
        rm1,
        r,
        [u64::MAX; 4],
        rand_limbs(E::NAME.len() as u64),
        rand_limbs(E::Z_ABS),
    ]
}

fn run_curve<E: PairingCurve<N>, const N: usize>() {
    let c = gls::lattice::<E, N>().expect("GLS constants");
    let p0 = Projective::<E::G1>::generator().mul_vartime(&rand_limbs(3));
    let q0 = Projective::<E::G2>::generator().mul_vartime(&rand_limbs(4));
    let x0 = Gt::<E, N>::generator().pow_vartime(&rand_limbs(5));
    for (i, k) in scalars::<E, N>().into_iter().enumerate() {
        let (want1, want2, want3) = (
            p0.mul_vartime(&k).to_affine(),
            q0.mul_vartime(&k).to_affine(),
            x0.pow_vartime(&k),
        );
        let (ks, p, q, x) = (secret(k), secret(p0), secret(q0), secret(x0));

        let d = glv::decompose::<E::G1>(&ks).expect("GLV curve");
        public(&d);
        let d = gls::decompose::<E, N>(c, &ks);
        public(&d);

        let r = gls::g1_mul_ct(&p, &ks);
        public(&r);
        assert_eq!(r.to_affine(), want1, "{}: G1 mul_ct, scalar {i}", E::NAME);

        let r = gls::g2_mul_ct::<E, N>(&q, &ks, c);
        public(&r);
        assert_eq!(
            r.to_affine(),
            want2,
            "{}: G2 gls mul_ct, scalar {i}",
            E::NAME
        );
        if i == 5 {
            let r = q.mul_ct(&ks);
            public(&r);
            assert_eq!(r.to_affine(), want2, "{}: G2 Projective::mul_ct", E::NAME);
        }

        let r = x.pow(&ks);
        public(&r);
        assert_eq!(r, want3, "{}: Gt::pow, scalar {i}", E::NAME);
    }

    // ct_mul: Straus MSM, the generator comb, GT multi-exponentiation (secret scalars)
    let (k1, k2) = (rand_limbs(6), rand_limbs(7));
    let ks = secret([k1, k2]);
    let r = ct_mul::msm_ct(&[p0, p0.double()], &ks, 256);
    public(&r);
    let want = p0.mul_vartime(&k1).add(&p0.double().mul_vartime(&k2));
    assert_eq!(r.to_affine(), want.to_affine(), "{}: msm_ct", E::NAME);
    let r = ct_mul::generator_table::<E::G2>().mul(&ks[0]);
    public(&r);
    let want = Projective::<E::G2>::generator().mul_vartime(&k1);
    assert_eq!(r.to_affine(), want.to_affine(), "{}: G2 comb", E::NAME);
    let r = ct_mul::gt_multi_pow_ct(&[x0, x0.mul(&x0)], &ks, 256);
    public(&r);
    let want = x0.pow_vartime(&k1).mul(&x0.mul(&x0).pow_vartime(&k2));
    assert_eq!(r, want, "{}: gt_multi_pow_ct", E::NAME);
    // FAME's shared-scalar G1 products (hayate_ec::glv_lincomb): two coordinates of public
    // bases, secret scalars
    let bases: Vec<_> = (0..4u64)
        .map(|i| p0.mul_vartime(&rand_limbs(20 + i)).to_affine())
        .collect();
    let coords: Vec<&[_]> = bases.chunks(2).collect();
    let r = hayate_ec::glv_lincomb::glv_lincomb_ct(&coords, &ks).expect("GLV curve");
    for (r, v) in r.iter().zip(&coords) {
        public(r);
        let want = Projective::from(v[0])
            .mul_vartime(&k1)
            .add(&Projective::from(v[1]).mul_vartime(&k2));
        assert_eq!(
            r.to_affine(),
            want.to_affine(),
            "{}: glv_lincomb_ct",
            E::NAME
        );
    }
    println!("ct_pairing: {} done", E::NAME);
}

fn run_leaky() {
    let x = Gt::<Bn254, 4>::generator();
    let k = rand_limbs(8);
    let want = x.pow(&k);
    let ks = secret(k);
    let r = x.pow_vartime(&ks);
    public(&r);
    assert_eq!(r, want);
    println!("ct_pairing: leaky payload done");
}

fn main() {
    let on_vg = vg::client_request(vg::RUNNING_ON_VALGRIND, 0, 0);
    println!("ct_pairing: running on valgrind = {on_vg}");
    match std::env::args().nth(1).as_deref().unwrap_or("ct") {
        "ct" => {
            run_curve::<Bls12381, 6>();
            run_curve::<Bn254, 4>();
            run_curve::<Bn254Beuchat, 4>();
            println!("ct_pairing: constant-time payload done");
        }
        "leaky" => run_leaky(),
        other => {
            eprintln!("usage: ct_pairing [ct|leaky] (got {other})");
            std::process::exit(2);
        }
    }
}

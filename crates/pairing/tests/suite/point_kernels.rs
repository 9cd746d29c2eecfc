//! The fused G2 point kernels (`hayate_ec::backend::points`, reached through
//! `CurveField::jacobian_double_a0_fused` / `CurveField::jacobian_add_affine_fused`) against the composed
//! Jacobian formulas (`Jacobian::double_composed`, `Jacobian::add_affine_unchecked_zr_composed`)
//! on bn254-beuchat (the tower with kernels) and, as checks of the fallback, BLS12-381 and
//! alt_bn128: valid points on random Z, random field elements and edge coordinates
//! (0, 1, p − 1, u, Z = 0). The results must agree limb for limb.

use hayate_arith::Fp2;
use hayate_ec::{Affine, CurveField, Jacobian, Projective};
use hayate_pairing::{bls12_381, bn254, bn254_beuchat, PairingCurve};
use rand::rngs::StdRng;
use rand::{RngCore, SeedableRng};

/// Whether the kernels must run here (x86-64 with BMI2/ADX, not forced to portable code).
fn kernels_expected() -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        hayate_arith::backend::x86_64::mulx::cpu_has_mulx_adx()
            && !hayate_arith::backend::PORTABLE_FORCED
    }
    #[cfg(not(target_arch = "x86_64"))]
    false
}

/// Both formulas on (X, Y, Z) and (x₂, y₂), compared coordinate by coordinate.
fn compare<E: PairingCurve<N>, const N: usize>(p: [Fp2<E::Fp, N>; 5], with_kernel: bool) {
    let j = Jacobian::<E::G2> {
        x: p[0],
        y: p[1],
        z: p[2],
    };
    let a = Affine::<E::G2> {
        x: p[3],
        y: p[4],
        infinity: 0.into(),
    };
    let d = j.double_composed();
    let fused = <Fp2<E::Fp, N> as CurveField>::jacobian_double_a0_fused([&j.x, &j.y, &j.z]);
    assert_eq!(fused.is_some(), with_kernel, "{}", E::NAME);
    if let Some(r) = fused {
        assert_eq!(r, [d.x, d.y, d.z], "{} double of {:?}", E::NAME, p);
    }
    let dd = j.double();
    assert_eq!([dd.x, dd.y, dd.z], [d.x, d.y, d.z], "{}", E::NAME);
    let (s, is_dbl, h) = j.add_affine_unchecked_zr_composed(&a);
    let fused = <Fp2<E::Fp, N> as CurveField>::jacobian_add_affine_fused([
        &p[0], &p[1], &p[2], &p[3], &p[4],
    ]);
    assert_eq!(fused.is_some(), with_kernel, "{}", E::NAME);
    if let Some(r) = fused {
        assert_eq!(
            &r[..4],
            &[s.x, s.y, s.z, h],
            "{} addition of {:?}",
            E::NAME,
            p
        );
        assert_eq!(
            bool::from(r[3].is_zero() & r[4].is_zero()),
            bool::from(is_dbl)
        );
    }
}

fn check<E: PairingCurve<N>, const N: usize>(has_kernel: bool) {
    let with_kernel = has_kernel && kernels_expected();
    let mut rng = StdRng::seed_from_u64(0x9d1c_4b2a ^ N as u64);
    type F<E, const N: usize> = Fp2<<E as PairingCurve<N>>::Fp, N>;
    let g = Projective::<E::G2>::generator();
    // valid points: (x·z², y·z³, z) for random z, plus affine points
    for _ in 0..24 {
        let p = g
            .mul_vartime_wnaf(&[rng.next_u64(), rng.next_u64()])
            .to_affine();
        let q = g.mul_vartime_wnaf(&[rng.next_u64()]).to_affine();
        let z = F::<E, N>::random(&mut rng);
        let zz = z.square();
        compare::<E, N>([p.x * zz, p.y * zz * z, z, q.x, q.y], with_kernel);
        compare::<E, N>([p.x, p.y, F::<E, N>::ONE, q.x, q.y], with_kernel);
        // P + P and P − P (the degenerate cases of the unchecked addition)
        compare::<E, N>([p.x * zz, p.y * zz * z, z, p.x, p.y], with_kernel);
        compare::<E, N>([p.x * zz, p.y * zz * z, z, p.x, -p.y], with_kernel);
    }
    // random field elements
    for _ in 0..64 {
        compare::<E, N>(
            core::array::from_fn(|_| F::<E, N>::random(&mut rng)),
            with_kernel,
        );
    }
    // edge coordinates: every 5-tuple over {0, 1, p − 1, (p − 1)(1 + u), random}
    let one = F::<E, N>::ONE;
    let u = F::<E, N>::new(F::<E, N>::ZERO.c0, one.c0);
    let edges = [
        F::<E, N>::ZERO,
        one,
        -one,
        -(one + u),
        F::<E, N>::random(&mut rng),
    ];
    for i in 0..edges.len().pow(5) {
        let p = core::array::from_fn(|k| edges[i / edges.len().pow(k as u32) % edges.len()]);
        compare::<E, N>(p, with_kernel);
    }
}

#[test]
fn point_kernels_agree_with_composed_formulas() {
    check::<bls12_381::Bls12381, 6>(false);
    check::<bn254_beuchat::Bn254Beuchat, 4>(true);
    check::<bn254::Bn254, 4>(false);
}

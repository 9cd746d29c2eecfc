//! The 4-way AVX2 Montgomery kernel (`backend::x86_64::avx2`) against two independent references:
//! a·b·2^(−64N) mod p computed with num-bigint, and the scalar back ends (portable CIOS and
//! the dispatched MULX/ADX `mont_mul`), on the pairing fields (bn254, bn254-beuchat,
//! bls12-381 Fp and Fr) and full-width NIST/brainpool primes; random inputs and edge cases
//! (0, 1, p−1, (p−1)/2, values near 2^(64k) and near the kernel's limb boundaries 2^(29j)),
//! mixed across the four lanes. Lab builds only (`--features lab`: the experiment is not in the
//! library otherwise).
#![cfg(all(target_arch = "x86_64", feature = "lab"))]

use hayate_arith::backend::{self, portable, x86_64::avx2};
use hayate_arith::fields::*;
use hayate_arith::{Fp, FpParams};
use num_bigint::BigUint;
use rand::{Rng, SeedableRng};

const RANDOM_BATCHES: usize = 1500;

fn rng() -> rand::rngs::StdRng {
    rand::rngs::StdRng::seed_from_u64(0x7369_6d64)
}

fn big<const N: usize>(x: &[u64; N]) -> BigUint {
    BigUint::from_slice(
        &x.iter()
            .flat_map(|w| [*w as u32, (*w >> 32) as u32])
            .collect::<Vec<_>>(),
    )
}

fn lt<const N: usize>(a: &[u64; N], b: &[u64; N]) -> bool {
    big(a) < big(b)
}

/// A random value below `m`: uniform words, or words forced to 0 / all ones, top word masked.
fn below<const N: usize>(r: &mut impl Rng, m: &[u64; N]) -> [u64; N] {
    let mask = u64::MAX >> m[N - 1].leading_zeros();
    loop {
        let mut x = [0u64; N];
        for w in x.iter_mut() {
            *w = match r.gen_range(0..6) {
                0 => 0,
                1 => u64::MAX,
                _ => r.gen(),
            };
        }
        x[N - 1] &= mask;
        if lt(&x, m) {
            return x;
        }
    }
}

fn from_big<const N: usize>(v: &BigUint) -> [u64; N] {
    let mut x = [0u64; N];
    for (i, d) in v.to_u64_digits().iter().enumerate() {
        x[i] = *d;
    }
    x
}

/// Edge values below m: 0, 1, 2, p−1, p−2, (p−1)/2, 2^(64k) and 2^(64k) − 1, 2^(29j) ± 1.
fn edges<const N: usize>(m: &[u64; N]) -> Vec<[u64; N]> {
    let p = big(m);
    let one = BigUint::from(1u32);
    let mut v = vec![
        BigUint::from(0u32),
        one.clone(),
        BigUint::from(2u32),
        &p - 1u32,
        &p - 2u32,
        (&p - 1u32) >> 1,
    ];
    for k in 1..N {
        v.push(&one << (64 * k));
        v.push((&one << (64 * k)) - 1u32);
    }
    for j in 1..=(64 * N / avx2::LIMB_BITS) {
        let t = &one << (avx2::LIMB_BITS * j);
        v.push(&t + 1u32);
        v.push(&t - 1u32);
        v.push(t);
    }
    v.into_iter()
        .filter(|x| *x < p)
        .map(|x| from_big(&x))
        .collect()
}

/// a·b·2^(−64N) mod p with num-bigint.
fn reference<const N: usize>(a: &[u64; N], b: &[u64; N], m: &[u64; N]) -> [u64; N] {
    let p = big(m);
    let r_inv = (BigUint::from(1u32) << (64 * N)).modpow(&(&p - 2u32), &p);
    from_big(&(big(a) * big(b) % &p * r_inv % &p))
}

fn check_batch<const N: usize, const L: usize>(
    md: &avx2::Modulus<N, L>,
    m: &[u64; N],
    a: &[[u64; N]; 4],
    b: &[[u64; N]; 4],
) {
    let full = m[N - 1] >> 63 == 1;
    let inv = hayate_arith::limbs::neg_inv64(m[0]);
    let want: [[u64; N]; 4] = core::array::from_fn(|i| {
        if full {
            portable::mont_mul_full(&a[i], &b[i], m, inv)
        } else {
            let w = portable::mont_mul(&a[i], &b[i], m, inv);
            assert_eq!(backend::mont_mul(&a[i], &b[i], m, inv), w);
            w
        }
    });
    assert_eq!(md.mul_x4(a, b), want, "mul_x4 {a:x?} {b:x?}");
    assert_eq!(md.mul_x4_scalar(a, b), want, "mul_x4_scalar");
    if std::is_x86_feature_detected!("avx2") {
        // SAFETY: AVX2 present.
        assert_eq!(unsafe { md.mul_x4_avx2(a, b) }, want, "avx2 {a:x?} {b:x?}");
    }
}

fn run<const N: usize, const L: usize>(m: [u64; N]) {
    if !std::is_x86_feature_detected!("avx2") {
        eprintln!("AVX2 unavailable: only the scalar fallback of mul_x4 is tested");
    }
    let md = avx2::Modulus::<N, L>::new(&m);
    let mut r = rng();
    // Independent reference on a few random and edge batches.
    let e = edges(&m);
    for (k, x) in e.iter().enumerate() {
        let a = [*x, e[(k + 1) % e.len()], below(&mut r, &m), *x];
        let b = [*x, *x, *x, e[(k + 3) % e.len()]];
        let got = md.mul_x4(&a, &b);
        for i in 0..4 {
            assert_eq!(
                got[i],
                reference(&a[i], &b[i], &m),
                "vs num-bigint, lane {i}"
            );
        }
    }
    // All pairs of edge values, four pairs per batch.
    let pairs: Vec<_> = e
        .iter()
        .flat_map(|x| e.iter().map(move |y| (*x, *y)))
        .collect();
    for c in pairs.chunks(4) {
        let a = core::array::from_fn(|i| c[i % c.len()].0);
        let b = core::array::from_fn(|i| c[i % c.len()].1);
        check_batch(&md, &m, &a, &b);
    }
    // Random batches, lanes mixed with edges.
    for _ in 0..RANDOM_BATCHES {
        let pick = |r: &mut rand::rngs::StdRng| {
            if r.gen_range(0..8) == 0 {
                e[r.gen_range(0..e.len())]
            } else {
                below(r, &m)
            }
        };
        let a = core::array::from_fn(|_| pick(&mut r));
        let b = core::array::from_fn(|_| pick(&mut r));
        check_batch(&md, &m, &a, &b);
    }
    // The first operand may exceed p (any a < 2^(64N)); checked against num-bigint.
    let top = [u64::MAX; N];
    let a = [top, top, below(&mut r, &m), top];
    let b: [[u64; N]; 4] = core::array::from_fn(|_| below(&mut r, &m));
    let got = md.mul_x4(&a, &b);
    for i in 0..4 {
        assert_eq!(got[i], reference(&a[i], &b[i], &m), "a ≥ p, lane {i}");
    }
}

/// The typed entry point against `Fp::mul`.
fn typed<P: FpParams<N>, const N: usize>() {
    let mut r = rng();
    for _ in 0..200 {
        let a: [Fp<P, N>; 4] = core::array::from_fn(|_| Fp::random(&mut r));
        let b: [Fp<P, N>; 4] = core::array::from_fn(|_| Fp::random(&mut r));
        let got = avx2::mont_mul_x4(&a, &b);
        for i in 0..4 {
            assert_eq!(got[i], a[i] * b[i]);
        }
    }
    let (z, o, m1) = (Fp::<P, N>::zero(), Fp::<P, N>::one(), -Fp::<P, N>::one());
    let got = avx2::mont_mul_x4(&[z, o, m1, m1], &[o, m1, m1, z]);
    assert_eq!(got, [z, m1, o, z]);
}

#[test]
fn bn254_fp() {
    run::<4, 9>(Bn254Fp::MODULUS);
    typed::<Bn254FpParams, 4>();
}

#[test]
fn bn254_fr() {
    run::<4, 9>(Bn254Fr::MODULUS);
}

#[test]
fn bn254_beuchat_fp() {
    run::<4, 9>(Bn254BeuchatFp::MODULUS);
    typed::<Bn254BeuchatFpParams, 4>();
}

#[test]
fn bls12_381_fp() {
    run::<6, 14>(Bls12381Fp::MODULUS);
    typed::<Bls12381FpParams, 6>();
}

#[test]
fn bls12_381_fr() {
    run::<4, 9>(Bls12381Fr::MODULUS);
    typed::<Bls12381FrParams, 4>();
}

#[test]
fn full_width_primes() {
    run::<4, 9>(Secp256r1Fp::MODULUS);
    run::<6, 14>(Secp384r1Fp::MODULUS);
    typed::<Secp256r1FpParams, 4>();
    typed::<BrainpoolP384r1FpParams, 6>();
}

#[test]
fn pseudo_mersenne_falls_back() {
    // secp256k1's Fp stores elements with R = 1: the typed entry point must use Fp::mul.
    typed::<Secp256k1FpParams, 4>();
}

#[test]
fn other_limb_counts_fall_back() {
    typed::<Secp192r1FpParams, 3>();
}

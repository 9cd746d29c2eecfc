//! GLV checks shared by hayate-ec's `tests/suite/glv.rs` (secp256k1) and hayate-pairing's
//! `tests/suite/glv.rs` (the pairing G1 curves): the constants against their defining properties
//! with independent big-integer arithmetic (β³ = 1 ≠ β, λ³ ≡ 1 (mod n), φ(G) = \[λ\]G by a
//! plain double-and-add, aᵢ + bᵢλ ≡ 0, a₁b₂ − a₂b₁ = n, gᵢ = ⌊2^t·(b₂, −b₁)/n⌉, the
//! half-length bound), the decomposition identity k ≡ k₁ + k₂λ (mod n) with |kᵢ| < 2^half_bits
//! on edge and random scalars, and every GLV method (1, 2 and 3 threads) against the plain
//! double-and-add reference.
#![allow(dead_code)]

use hayate_ec::glv::{self, GlvInt};
use hayate_ec::{scalar_mul_threads, Affine, CurveParams, Field, Method, Projective};
use num_bigint::{BigInt, Sign};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

/// The plain reference \[k\]P (affine double-and-add).
pub type Reference<C> = fn(&Affine<C>, &[u64]) -> Affine<C>;

pub fn big(l: &[u64]) -> BigInt {
    let bytes: Vec<u8> = l.iter().flat_map(|x| x.to_le_bytes()).collect();
    BigInt::from_bytes_le(Sign::Plus, &bytes)
}

fn sint(g: &GlvInt) -> BigInt {
    let m = big(&g.mag);
    if g.neg {
        -m
    } else {
        m
    }
}

fn limbs(x: &BigInt) -> Vec<u64> {
    assert!(x.sign() != Sign::Minus);
    let mut v: Vec<u64> = x.to_biguint().unwrap().to_u64_digits();
    if v.is_empty() {
        v.push(0);
    }
    v
}

/// ⌊x/n⌉ for n > 0 (ties away from zero; they do not occur here).
fn round_div(x: &BigInt, n: &BigInt) -> BigInt {
    let q = (x.magnitude() * 2u32 + n.magnitude()) / (n.magnitude() * 2u32);
    let q = BigInt::from(q);
    if x.sign() == Sign::Minus {
        -q
    } else {
        q
    }
}

fn bits(x: &BigInt) -> u64 {
    x.magnitude().bits()
}

pub fn order<C: CurveParams>() -> BigInt {
    big(C::ORDER)
}

/// Every constant of `C::GLV` against its definition.
pub fn check_constants<C: CurveParams>(reference: Reference<C>) {
    let g = C::GLV.expect("GLV constants");
    let n = order::<C>();
    assert!(
        C::ORDER.len() <= 4 && bits(&n) <= 256,
        "{}: n < 2^256",
        C::NAME
    );
    // β is a primitive cube root of unity
    let b = g.beta;
    assert_eq!(b.square() * b, C::Base::ONE, "{}: β³ = 1", C::NAME);
    assert_ne!(b, C::Base::ONE, "{}: β ≠ 1", C::NAME);
    // λ is a primitive cube root of unity mod n
    let l = big(&g.lambda);
    assert!(l < n && l != BigInt::from(1));
    assert_eq!(
        l.modpow(&BigInt::from(3), &n),
        BigInt::from(1),
        "{}: λ³ ≡ 1",
        C::NAME
    );
    assert_eq!(
        (&l * &l + &l + 1u32) % &n,
        BigInt::from(0),
        "{}: λ² + λ + 1 ≡ 0",
        C::NAME
    );
    // φ(G) = [λ]G, with the plain double-and-add reference
    let gen = Affine::<C>::generator();
    let phi = glv::endomorphism(&Projective::from(gen))
        .unwrap()
        .to_affine();
    assert_eq!(
        phi,
        Affine::<C>::new(b * C::GENERATOR.0, C::GENERATOR.1).unwrap()
    );
    assert_eq!(phi, reference(&gen, &g.lambda), "{}: φ(G) = [λ]G", C::NAME);
    // the short basis
    let (a1, b1, a2, b2) = (sint(&g.a1), sint(&g.b1), sint(&g.a2), sint(&g.b2));
    let zero = BigInt::from(0);
    assert_eq!((&a1 + &b1 * &l) % &n, zero, "{}: a1 + b1·λ ≡ 0", C::NAME);
    assert_eq!((&a2 + &b2 * &l) % &n, zero, "{}: a2 + b2·λ ≡ 0", C::NAME);
    assert_eq!(&a1 * &b2 - &a2 * &b1, n, "{}: det = n", C::NAME);
    // the rounding constants and the width of the multiply-shift
    let t = g.shift as usize;
    assert!((256..512).contains(&t));
    assert_eq!(sint(&g.g1), round_div(&(&b2 << t), &n), "{}: g1", C::NAME);
    assert_eq!(sint(&g.g2), round_div(&(-&b1 << t), &n), "{}: g2", C::NAME);
    // (the rounding error of c = k·g/2^t is below k/2^t ≤ 2^(256−t): t ≥ 370 makes it tiny)
    assert!(t >= 370);
    // |k1| ≤ (½ + ε)(|a1| + |a2|) < |a1| + |a2|, likewise |k2|
    let s1 = a1.magnitude() + a2.magnitude();
    let s2 = b1.magnitude() + b2.magnitude();
    assert!(
        s1.bits().max(s2.bits()) <= g.half_bits as u64,
        "{}: half_bits bound",
        C::NAME
    );
    assert!(
        g.half_bits as u64 <= bits(&n) / 2 + 2,
        "{}: halves are about √n",
        C::NAME
    );
    check_lattice_minimum::<C>(&(a1, b1), &(a2, b2));
}

/// `glv-ct` adds without exception handling outside its last window (see `glv::joint_ct`):
/// that needs every non-zero vector of the lattice L = {(x, y) : x + yλ ≡ 0 (mod n)} to have a
/// coordinate of absolute value > 2^(half_bits − b + 1) + 2^b. Lagrange–Gauss reduction of the
/// basis gives the shortest vector v of L; every non-zero vector has Euclidean length ≥ |v|, so
/// a coordinate ≥ |v|/√2, i.e. its square ≥ |v|²/2.
fn check_lattice_minimum<C: CurveParams>(v1: &(BigInt, BigInt), v2: &(BigInt, BigInt)) {
    let g = C::GLV.unwrap();
    let dot = |a: &(BigInt, BigInt), b: &(BigInt, BigInt)| &a.0 * &b.0 + &a.1 * &b.1;
    let (mut u, mut v) = (v1.clone(), v2.clone());
    if dot(&u, &u) > dot(&v, &v) {
        core::mem::swap(&mut u, &mut v);
    }
    loop {
        // v ← v − round(⟨u, v⟩/⟨u, u⟩)·u
        let q = round_div(&dot(&u, &v), &dot(&u, &u));
        v = (&v.0 - &q * &u.0, &v.1 - &q * &u.1);
        if dot(&v, &v) >= dot(&u, &u) {
            break;
        }
        core::mem::swap(&mut u, &mut v);
    }
    let b = hayate_ec::scalar_mul::SIGNED_WINDOW_BITS;
    let bound = (BigInt::from(1) << (g.half_bits as usize - b + 1)) + (BigInt::from(1) << b);
    assert!(
        dot(&u, &u) > BigInt::from(2) * &bound * &bound,
        "{}: the lattice minimum is too small for glv-ct's unchecked additions",
        C::NAME
    );
}

/// Edge scalars: 0, 1, 2, n − 1, n, n + 1, all-ones (4 and 5 limbs), around n/2, λ, n − λ,
/// 2^128, 2^129 − 1, and the empty slice.
pub fn edge_scalars<C: CurveParams>() -> Vec<Vec<u64>> {
    let n = order::<C>();
    let l = big(&C::GLV.unwrap().lambda);
    let half = &n / 2u32;
    let mut v: Vec<Vec<u64>> = vec![
        vec![],
        vec![0],
        vec![1],
        vec![2],
        vec![u64::MAX; 4],
        vec![u64::MAX; 5],
    ];
    for x in [
        &n - 1u32,
        n.clone(),
        &n + 1u32,
        &half - 1u32,
        half.clone(),
        &half + 1u32,
        &half + 2u32,
        l.clone(),
        &l + 1u32,
        &n - &l,
        BigInt::from(1) << 128,
        (BigInt::from(1) << 129) - 1u32,
        (BigInt::from(1) << 256) - 1u32 - &n,
    ] {
        v.push(limbs(&x));
    }
    v
}

fn decomposition_ok<C: CurveParams>(k: &[u64]) {
    let g = C::GLV.unwrap();
    let n = order::<C>();
    let d = glv::decompose::<C>(k).unwrap();
    let sgn = |x: BigInt, neg: bool| if neg { -x } else { x };
    let k1 = sgn(big(&d.k1), bool::from(d.neg1));
    let k2 = sgn(big(&d.k2), bool::from(d.neg2));
    let diff = &k1 + &k2 * big(&g.lambda) - big(k);
    assert_eq!(
        diff % &n,
        BigInt::from(0),
        "{}: k ≡ k1 + k2·λ for k = {k:x?}",
        C::NAME
    );
    assert!(
        bits(&k1) <= g.half_bits as u64 && bits(&k2) <= g.half_bits as u64,
        "{}: short halves for {k:x?}",
        C::NAME
    );
}

/// The decomposition identity and bound on the edge scalars and `count` random ones.
pub fn check_decomposition<C: CurveParams>(seed: u64, count: usize) {
    for k in edge_scalars::<C>() {
        decomposition_ok::<C>(&k);
    }
    let mut rng = StdRng::seed_from_u64(seed);
    for i in 0..count {
        let len = if i % 10 == 9 { 5 } else { 4 };
        let k: Vec<u64> = (0..len).map(|_| rng.gen()).collect();
        decomposition_ok::<C>(&k);
    }
}

/// `glv` and `glv-ct` on 1, 2 and 3 threads against the reference, on G, a random point and
/// the identity, for the edge scalars and `n_random` random ones.
pub fn check_methods<C: CurveParams>(seed: u64, n_random: usize, reference: Reference<C>) {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut scalars = edge_scalars::<C>();
    for _ in 0..n_random {
        scalars.push((0..4).map(|_| rng.gen()).collect());
    }
    let r: Vec<u64> = (0..2).map(|_| rng.gen()).collect();
    let p = Projective::<C>::generator().mul_vartime(&r).to_affine();
    for base in [Affine::<C>::generator(), p, Affine::identity()] {
        for k in &scalars {
            let want = reference(&base, k);
            for m in Method::GLV {
                for threads in [1, 2, 3] {
                    let got = scalar_mul_threads(m, &Projective::from(base), k, threads)
                        .unwrap()
                        .to_affine();
                    assert_eq!(got, want, "{}: {m} threads={threads} k={k:x?}", C::NAME);
                }
            }
        }
    }
}

//! Prime-field arithmetic checked against an independent big-integer library (num-bigint)
//! on random and edge-case inputs, for every named field.

use hayate_arith::fields::*;
use hayate_arith::{Fp, FpParams};
use num_bigint::BigUint;
use rand::{rngs::StdRng, RngCore, SeedableRng};

fn to_big<P: FpParams<N>, const N: usize>(x: &Fp<P, N>) -> BigUint {
    BigUint::from_bytes_be(&x.to_bytes_be())
}

fn modulus<P: FpParams<N>, const N: usize>() -> BigUint {
    let mut b = Vec::new();
    for l in P::MODULUS.iter().rev() {
        b.extend_from_slice(&l.to_be_bytes());
    }
    BigUint::from_bytes_be(&b)
}

fn from_big<P: FpParams<N>, const N: usize>(v: &BigUint) -> Fp<P, N> {
    Option::from(Fp::<P, N>::from_bytes_be(&v.to_bytes_be())).unwrap()
}

fn edge_values<P: FpParams<N>, const N: usize>() -> Vec<BigUint> {
    let p = modulus::<P, N>();
    let one = BigUint::from(1u8);
    let mut v = vec![
        BigUint::from(0u8),
        one.clone(),
        BigUint::from(2u8),
        &p - 1u8,
        &p - 2u8,
        (&p - 1u8) >> 1,
    ];
    // R − p·⌊R/p⌋-style values near the limb boundaries and the top bit (full-width primes)
    for k in [
        63usize, 64, 127, 128, 191, 192, 200, 223, 252, 253, 255, 383, 520,
    ] {
        let x = &one << k;
        if x < p {
            v.push(x.clone());
            v.push(x - 1u8);
        }
    }
    v
}

fn check_field<P: FpParams<N>, const N: usize>() {
    let p = modulus::<P, N>();
    let mut rng = StdRng::seed_from_u64(0x1234 + N as u64);
    let mut vals = edge_values::<P, N>();
    for _ in 0..200 {
        vals.push(to_big(&Fp::<P, N>::random(&mut rng)));
    }
    for (i, a) in vals.iter().enumerate() {
        let fa = from_big::<P, N>(a);
        assert_eq!(&to_big(&fa), a, "round trip");
        assert_eq!(to_big(&fa.neg()), (&p - a) % &p);
        assert_eq!(to_big(&fa.square()), (a * a) % &p);
        assert_eq!(to_big(&fa.double()), (a * 2u8) % &p);
        assert_eq!(to_big(&fa.halve().double()), a.clone());
        for k in 0..=8u8 {
            assert_eq!(to_big(&fa.mul_small(k)), (a * k) % &p, "mul_small {k}");
        }
        let inv = fa.invert();
        if a == &BigUint::from(0u8) {
            assert!(bool::from(inv.is_none()));
        } else {
            let inv = inv.unwrap();
            assert_eq!(to_big(&(inv * fa)), BigUint::from(1u8));
            assert_eq!(to_big(&inv), a.modpow(&(&p - 2u8), &p));
        }
        // Euler's criterion via the oracle
        let e = a.modpow(&((&p - 1u8) >> 1), &p);
        let expect = if e == BigUint::from(0u8) {
            0
        } else if e == BigUint::from(1u8) {
            1
        } else {
            -1
        };
        assert_eq!(fa.legendre(), expect);
        let s = fa.sqrt();
        assert_eq!(bool::from(s.is_some()), expect >= 0);
        if expect >= 0 {
            let r = to_big(&s.unwrap());
            assert_eq!((&r * &r) % &p, a.clone());
        }
        let b = &vals[(i * 7 + 3) % vals.len()];
        let fb = from_big::<P, N>(b);
        assert_eq!(to_big(&(fa + fb)), (a + b) % &p);
        assert_eq!(to_big(&(fa - fb)), (a + &p - b) % &p);
        assert_eq!(to_big(&(fa * fb)), (a * b) % &p);
        // split multiplication: mul256 + mod512 equals the fused product
        let w = Fp::<P, N>::mul_wide(fa.mont_limbs(), fb.mont_limbs());
        assert_eq!(Fp::<P, N>::reduce_wide(&w), fa * fb);
        let e = [rng.next_u64(); N];
        assert_eq!(fa.pow(&e), fa.pow_vartime(&e));
        // the public-exponent window at every width (exponent lengths around its thresholds,
        // zero limbs above the top bit) against the oracle's modpow
        let lens = [
            0,
            1,
            2,
            5,
            23,
            24,
            25,
            95,
            96,
            97,
            255,
            256,
            300,
            64 * N as u32,
        ];
        let bits = lens[i % lens.len()];
        let mut e = vec![0u64; N + 1];
        for (j, l) in e.iter_mut().enumerate() {
            let b = bits.saturating_sub(64 * j as u32).min(64);
            *l = if b == 0 {
                0
            } else {
                rng.next_u64() >> (64 - b) | 1 << (b - 1)
            };
        }
        let eb = e
            .iter()
            .rev()
            .fold(BigUint::from(0u8), |acc, l| (acc << 64) + *l);
        assert_eq!(
            to_big(&fa.pow_vartime(&e)),
            a.modpow(&eb, &p),
            "pow_vartime, {bits} bits"
        );
    }
    // canonical encodings: p and p+1 rejected, p−1 accepted; overlong with nonzero prefix rejected
    let pb = p.to_bytes_be();
    assert!(bool::from(Fp::<P, N>::from_bytes_be(&pb).is_none()));
    assert!(bool::from(
        Fp::<P, N>::from_bytes_be(&(&p + 1u8).to_bytes_be()).is_none()
    ));
    assert!(bool::from(
        Fp::<P, N>::from_bytes_be(&(&p - 1u8).to_bytes_be()).is_some()
    ));
    let mut long = vec![1u8];
    long.extend_from_slice(&vec![0u8; 8 * N]);
    assert!(bool::from(Fp::<P, N>::from_bytes_be(&long).is_none()));
    let mut padded = vec![0u8; 8];
    padded.extend_from_slice(&(&p - 1u8).to_bytes_be());
    assert!(bool::from(Fp::<P, N>::from_bytes_be(&padded).is_some()));
    // reduction of arbitrary byte strings: lengths around the 8N-byte chunks, random and
    // all-ones bytes
    for len in [
        0,
        1,
        7,
        8 * N - 1,
        8 * N,
        8 * N + 1,
        48,
        64,
        100,
        16 * N,
        16 * N + 3,
    ] {
        let mut big = vec![0u8; len];
        rng.fill_bytes(&mut big);
        for bytes in [big, vec![0xff; len]] {
            assert_eq!(
                to_big(&Fp::<P, N>::from_bytes_be_reduce(&bytes)),
                BigUint::from_bytes_be(&bytes) % &p,
                "length {len}"
            );
        }
    }
    // table / conditional-subtraction reduction of arbitrary N-limb values (x < R): random
    // ones, then the edges i·p − 1, i·p, i·p + 1 (all i with i·p < R), i·2^(bits − 1) ± 1
    // (where the table index changes) and R − 1
    let r_big = BigUint::from(1u8) << (64 * N);
    let half = BigUint::from(1u8) << (Fp::<P, N>::BITS - 1);
    let mut edge_x = vec![&r_big - 1u8];
    for i in 1u8..=16 {
        for base in [&p * i, &half * i] {
            for x in [&base - 1u8, base.clone(), &base + 1u8] {
                if x < r_big {
                    edge_x.push(x);
                }
            }
        }
    }
    let edge_limbs: Vec<[u64; N]> = edge_x
        .iter()
        .map(|x| {
            let mut l = [0u64; N];
            for (d, v) in l.iter_mut().zip(x.to_u64_digits()) {
                *d = v;
            }
            l
        })
        .collect();
    for t in 0..200 + edge_limbs.len() {
        let mut x = [0u64; N];
        for l in x.iter_mut() {
            *l = rng.next_u64();
        }
        if t >= 200 {
            x = edge_limbs[t - 200];
        }
        let mut xb = Vec::new();
        for l in x.iter().rev() {
            xb.extend_from_slice(&l.to_be_bytes());
        }
        let want = BigUint::from_bytes_be(&xb) % &p;
        let got = Fp::<P, N>::reduce_small_multiple(&x);
        let mut gb = Vec::new();
        for l in got.mont_limbs().iter().rev() {
            gb.extend_from_slice(&l.to_be_bytes());
        }
        assert_eq!(BigUint::from_bytes_be(&gb), want);
    }
    // batch inversion with a zero in the middle
    let mut v: Vec<Fp<P, N>> = (0..5).map(|_| Fp::random(&mut rng)).collect();
    v[2] = Fp::ZERO;
    let orig = v.clone();
    Fp::batch_invert(&mut v);
    for (x, o) in v.iter().zip(orig.iter()) {
        if bool::from(o.is_zero()) {
            assert!(bool::from(x.is_zero()));
        } else {
            assert_eq!(*x * *o, Fp::ONE);
        }
    }
}

#[test]
fn bn254_beuchat_fp() {
    check_field::<Bn254BeuchatFpParams, 4>();
}
#[test]
fn bn254_beuchat_fr() {
    check_field::<Bn254BeuchatFrParams, 4>();
}
#[test]
fn bn254_fp() {
    check_field::<Bn254FpParams, 4>();
}
#[test]
fn bn254_fr() {
    check_field::<Bn254FrParams, 4>();
}
#[test]
fn bls12_381_fp() {
    check_field::<Bls12381FpParams, 6>();
}
#[test]
fn bls12_381_fr() {
    check_field::<Bls12381FrParams, 4>();
}

#[test]
fn secp192r1_fp() {
    check_field::<Secp192r1FpParams, 3>();
}
#[test]
fn secp192r1_fn() {
    check_field::<Secp192r1FnParams, 3>();
}
#[test]
fn secp224r1_fp() {
    check_field::<Secp224r1FpParams, 4>();
}
#[test]
fn secp224r1_fn() {
    check_field::<Secp224r1FnParams, 4>();
}
#[test]
fn secp256r1_fp() {
    check_field::<Secp256r1FpParams, 4>();
}
#[test]
fn secp256r1_fn() {
    check_field::<Secp256r1FnParams, 4>();
}
#[test]
fn secp384r1_fp() {
    check_field::<Secp384r1FpParams, 6>();
}
#[test]
fn secp384r1_fn() {
    check_field::<Secp384r1FnParams, 6>();
}
#[test]
fn secp521r1_fp() {
    check_field::<Secp521r1FpParams, 9>();
}
#[test]
fn secp521r1_fn() {
    check_field::<Secp521r1FnParams, 9>();
}
#[test]
fn secp256k1_fp() {
    check_field::<Secp256k1FpParams, 4>();
}
#[test]
fn secp256k1_fn() {
    check_field::<Secp256k1FnParams, 4>();
}
#[test]
fn brainpoolp256r1_fp() {
    check_field::<BrainpoolP256r1FpParams, 4>();
}
#[test]
fn brainpoolp256r1_fn() {
    check_field::<BrainpoolP256r1FnParams, 4>();
}
#[test]
fn brainpoolp384r1_fp() {
    check_field::<BrainpoolP384r1FpParams, 6>();
}
#[test]
fn brainpoolp384r1_fn() {
    check_field::<BrainpoolP384r1FnParams, 6>();
}

/// FULL_WIDTH is derived from the modulus: set exactly for the primes that fill their top limb.
#[test]
#[allow(clippy::assertions_on_constants)] // the flags are constants: this test states them
fn full_width_flags() {
    assert!(!Bn254Fp::FULL_WIDTH && !Bls12381Fp::FULL_WIDTH && !Bn254BeuchatFp::FULL_WIDTH);
    assert!(!Bls12381Fr::FULL_WIDTH && !Bn254Fr::FULL_WIDTH);
    assert!(Secp192r1Fp::FULL_WIDTH && Secp256r1Fp::FULL_WIDTH && Secp384r1Fp::FULL_WIDTH);
    assert!(
        Secp256k1Fp::FULL_WIDTH && BrainpoolP256r1Fp::FULL_WIDTH && BrainpoolP384r1Fp::FULL_WIDTH
    );
    assert!(!Secp224r1Fp::FULL_WIDTH && !Secp521r1Fp::FULL_WIDTH);
    assert!(Secp256k1Fn::FULL_WIDTH && Secp521r1Fn::BITS == 521 && Secp224r1Fp::TWO_ADICITY == 96);
    // the table reduction degenerates to {0, p} for a full-width prime
    assert_eq!(Secp256r1Fp::MAX_UNREDUCED_MULTIPLE, 1);
}

/// Additions whose sum carries out of N limbs, and products of the largest representatives,
/// on full-width primes (the cases the spare-bit shortcuts would get wrong).
#[test]
fn full_width_carries() {
    fn run<P: FpParams<N>, const N: usize>() {
        let p = modulus::<P, N>();
        let m1 = &p - 1u8;
        let fm1 = from_big::<P, N>(&m1);
        let mut rng = StdRng::seed_from_u64(99);
        for _ in 0..2000 {
            // values in the top part of [0, p): a + b ≥ R often
            let d = BigUint::from(rng.next_u64()) << (rng.next_u64() % 200) as usize;
            let a = if d < p { &p - 1u8 - &d } else { m1.clone() };
            let fa = from_big::<P, N>(&a);
            assert_eq!(to_big(&(fa + fm1)), (&a + &m1) % &p);
            assert_eq!(to_big(&(fa * fm1)), (&a * &m1) % &p);
            assert_eq!(to_big(&fa.double()), (&a * 2u8) % &p);
            assert_eq!(to_big(&fa.halve()), (&a * ((&p + 1u8) >> 1)) % &p);
            assert_eq!(to_big(&fa.mul_small(7)), (&a * 7u8) % &p);
            // subtraction, negation and halving (single-chain code paths of full-width fields):
            // values and canonical representatives (Fp equality compares representatives)
            let small = from_big::<P, N>(&(&d % &p));
            for (got, want) in [
                (fa - fm1, (&a + &p - &m1) % &p),
                (fm1 - fa, (&m1 + &p - &a) % &p),
                (small - fa, (&d % &p + &p - &a) % &p),
                (fa - small, (&a + &p - &d % &p) % &p),
                (Fp::<P, N>::ZERO - fa, (&p - &a) % &p),
                (-fa, (&p - &a) % &p),
                (-small, (&p - &d % &p) % &p),
                (fa.halve(), (&a * ((&p + 1u8) >> 1)) % &p),
                (small.halve(), (&d % &p * ((&p + 1u8) >> 1)) % &p),
            ] {
                assert_eq!(got, from_big::<P, N>(&want), "a = {a:x}");
            }
        }
        assert_eq!(-Fp::<P, N>::ZERO, Fp::<P, N>::ZERO);
        assert_eq!(Fp::<P, N>::ZERO.halve(), Fp::<P, N>::ZERO);
        assert_eq!(fm1 - fm1, Fp::<P, N>::ZERO);
        // from_limbs_reduce of all-ones limbs (R − 1)
        let all = Fp::<P, N>::from_limbs_reduce([u64::MAX; N]);
        let r_minus_1 = (BigUint::from(1u8) << (64 * N)) - 1u8;
        assert_eq!(to_big(&all), &r_minus_1 % &p);
        // and the stored Montgomery representative is the canonical (fully reduced) one
        let canonical = Fp::<P, N>::from_bytes_be(&(&r_minus_1 % &p).to_bytes_be()).unwrap();
        assert_eq!(all, canonical);
    }
    run::<Secp256r1FpParams, 4>();
    run::<Secp256k1FpParams, 4>();
    run::<Secp192r1FpParams, 3>();
    run::<Secp384r1FpParams, 6>();
    run::<BrainpoolP256r1FpParams, 4>();
    run::<BrainpoolP384r1FpParams, 6>();
    run::<Secp256k1FnParams, 4>();
}

/// Paper 001: for its prime, Tbl[i] = i·p satisfies floor(i·p / 2^253) = i for i ≤ 8.
#[test]
#[allow(clippy::assertions_on_constants)] // as in full_width_flags
fn beuchat_small_table_property() {
    assert!(Bn254BeuchatFp::SMALL_TABLE_EXACT);
    assert_eq!(Bn254BeuchatFp::SMALL_SHIFT, 253);
}

/// Every x < R reduces correctly through the table (sampled densely near multiples of p).
#[test]
fn small_multiple_reduction() {
    let p = modulus::<Bn254BeuchatFpParams, 4>();
    let mut rng = StdRng::seed_from_u64(7);
    for i in 0..=8u32 {
        for delta in [0u64, 1, 2, 3] {
            for side in 0..2 {
                let base = &p * i;
                let x = if side == 0 {
                    &base + delta
                } else if base > BigUint::from(delta) {
                    &base - delta - 1u8
                } else {
                    continue;
                };
                if x.bits() > 256 {
                    continue;
                }
                let mut limbs = [0u64; 4];
                let bytes = x.to_bytes_le();
                for (k, b) in bytes.iter().enumerate() {
                    limbs[k / 8] |= (*b as u64) << (8 * (k % 8));
                }
                // interpret limbs as Montgomery representative: reduce_small_multiple(x) = x mod p (in the same representation)
                let r = Bn254BeuchatFp::reduce_small_multiple(&limbs);
                let mut expect = [0u64; 4];
                let eb = (&x % &p).to_bytes_le();
                for (k, b) in eb.iter().enumerate() {
                    expect[k / 8] |= (*b as u64) << (8 * (k % 8));
                }
                assert_eq!(r.mont_limbs(), &expect);
            }
        }
        let _ = rng.next_u64();
    }
}

#[test]
fn const_constructor() {
    const FIVE: Bn254BeuchatFp = Bn254BeuchatFp::from_hex_const("0x05");
    assert_eq!(FIVE, Bn254BeuchatFp::from_u64(5));
    const BIG: Bls12381Fp = Bls12381Fp::from_hex_const("1a0111ea397fe69a4b1ba7b6434bacd764774b84f38512bf6730d2a0f6b0f6241eabfffeb153ffffb9feffffffffaaaa");
    assert_eq!(BIG, -Bls12381Fp::ONE);
}

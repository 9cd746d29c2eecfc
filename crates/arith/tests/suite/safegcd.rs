//! Bernstein–Yang safegcd and binary-GCD inversion (paper 004's open problem, `safegcd.rs`)
//! against Fermat inversion on every named field of `fields.rs` (pairing, SEC 2, brainpool), and against num-bigint on full-width and
//! large moduli (secp256k1, P-256, P-384, P-521 in 9 limbs, 2^127 − 1, a 1024-bit composite).

use hayate_arith::fields::*;
use hayate_arith::limbs::from_hex;
use hayate_arith::safegcd::{inv_mod_binary_vartime, inv_mod_ct};
use hayate_arith::{Field, Fp, FpParams};
use num_bigint::BigUint;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

fn edge_and_random<P: FpParams<N>, const N: usize>(
    rng: &mut StdRng,
    n_random: usize,
) -> Vec<Fp<P, N>> {
    let mut v = vec![
        Fp::ONE,
        -Fp::<P, N>::ONE,
        Fp::from_u64(2),
        -Fp::<P, N>::from_u64(2),
        Fp::from_u64(3),
    ];
    // powers of two 2^i, i < bits, and 2^i − 1
    let mut pow = Fp::<P, N>::ONE;
    for _ in 0..Fp::<P, N>::BITS {
        v.push(pow);
        v.push(pow - Fp::ONE);
        pow = pow.double();
    }
    // (p ± 1)/2, small Montgomery representatives (raw limbs 1, 2)
    v.push(Fp::from_u64(2).invert().unwrap());
    let mut one = [0u64; N];
    one[0] = 1;
    v.push(Fp::from_mont_unchecked(one));
    for _ in 0..n_random {
        v.push(Fp::random(rng));
    }
    v.retain(|x| !bool::from(x.is_zero()));
    v
}

fn check_field<P: FpParams<N>, const N: usize>() {
    let mut rng = StdRng::seed_from_u64(0x5afe_6cd0 ^ N as u64);
    assert!(
        bool::from(Fp::<P, N>::ZERO.invert_safegcd().is_none()),
        "{}",
        P::NAME
    );
    assert!(Fp::<P, N>::ZERO.invert_binary_gcd_vartime().is_none());
    assert!(bool::from(
        Field::invert_vartime(&Fp::<P, N>::ZERO).is_none()
    ));
    for x in edge_and_random::<P, N>(&mut rng, 300) {
        let want = x.invert().unwrap();
        assert_eq!(
            x.invert_safegcd().unwrap(),
            want,
            "{} safegcd({x:?})",
            P::NAME
        );
        assert_eq!(
            x.invert_binary_gcd_vartime().unwrap(),
            want,
            "{} bingcd({x:?})",
            P::NAME
        );
        assert_eq!(Field::invert_safegcd(&x).unwrap(), want);
        assert_eq!(Field::invert_vartime(&x).unwrap(), want);
        assert_eq!(x * want, Fp::ONE);
    }
}

#[test]
fn named_fields_match_fermat() {
    check_field::<Bn254BeuchatFpParams, 4>();
    check_field::<Bn254BeuchatFrParams, 4>();
    check_field::<Bn254FpParams, 4>();
    check_field::<Bn254FrParams, 4>();
    check_field::<Bls12381FpParams, 6>();
    check_field::<Bls12381FrParams, 4>();
}

#[test]
fn sec2_and_brainpool_fields_match_fermat() {
    // full-width (top bit set) and short-top-limb moduli, 3 to 9 limbs
    check_field::<Secp192r1FpParams, 3>();
    check_field::<Secp192r1FnParams, 3>();
    check_field::<Secp224r1FpParams, 4>();
    check_field::<Secp224r1FnParams, 4>();
    check_field::<Secp256r1FpParams, 4>();
    check_field::<Secp256r1FnParams, 4>();
    check_field::<Secp384r1FpParams, 6>();
    check_field::<Secp384r1FnParams, 6>();
    check_field::<Secp521r1FpParams, 9>();
    check_field::<Secp521r1FnParams, 9>();
    check_field::<Secp256k1FpParams, 4>();
    check_field::<Secp256k1FnParams, 4>();
    check_field::<BrainpoolP256r1FpParams, 4>();
    check_field::<BrainpoolP256r1FnParams, 4>();
    check_field::<BrainpoolP384r1FpParams, 6>();
    check_field::<BrainpoolP384r1FnParams, 6>();
}

fn big<const N: usize>(a: &[u64; N]) -> BigUint {
    let mut b = BigUint::from(0u32);
    for &l in a.iter().rev() {
        b = (b << 64u32) + BigUint::from(l);
    }
    b
}

fn limbs_of<const N: usize>(b: &BigUint) -> [u64; N] {
    let d = b.to_u64_digits();
    core::array::from_fn(|i| d.get(i).copied().unwrap_or(0))
}

/// Inputs: 1, m − 1, 2^i (and 2^i − 1), random values below m, for several multipliers c.
fn check_modulus<const N: usize>(m: [u64; N], prime: bool, rng: &mut StdRng, n_random: usize) {
    let mb = big(&m);
    let bits = mb.bits();
    let mut xs: Vec<BigUint> = vec![BigUint::from(1u32), &mb - 1u32, &mb - 2u32, &mb >> 1u32];
    for i in 0..bits - 1 {
        xs.push(BigUint::from(1u32) << i);
        xs.push((BigUint::from(1u32) << (i + 1)) - 1u32);
    }
    for _ in 0..n_random {
        let r: [u64; N] = core::array::from_fn(|_| rng.gen());
        xs.push(big(&r) % &mb);
    }
    let cs = [
        BigUint::from(1u32),
        &mb - 1u32,
        (BigUint::from(1u32) << (64 * N as u32)) % &mb,
    ];
    for x in xs.iter().filter(|x| **x < mb && **x != BigUint::from(0u32)) {
        for c in &cs {
            let got_ct = big(&inv_mod_ct(&limbs_of::<N>(x), &m, &limbs_of::<N>(c)));
            let got_bin = big(&inv_mod_binary_vartime(
                &limbs_of::<N>(x),
                &m,
                &limbs_of::<N>(c),
            ));
            if prime {
                let want = c * x.modpow(&(&mb - 2u32), &mb) % &mb;
                assert_eq!(got_ct, want, "m={mb:x} x={x:x}");
                assert_eq!(got_bin, want, "m={mb:x} x={x:x}");
            } else if (&got_ct * x) % &mb == c % &mb {
                assert_eq!(got_bin, got_ct);
            } else {
                // x shares a factor with m: no inverse; the binary GCD signals it with 0
                assert_eq!(got_bin, BigUint::from(0u32), "m={mb:x} x={x:x}");
            }
        }
    }
    assert_eq!(
        inv_mod_ct(&[0u64; N], &m, &limbs_of::<N>(&BigUint::from(1u32))),
        [0u64; N]
    );
}

#[test]
fn full_width_and_large_moduli_match_bigint() {
    let mut rng = StdRng::seed_from_u64(42);
    // secp256k1 and P-256: top bit set (full-width, 4 limbs)
    check_modulus::<4>(
        from_hex("fffffffffffffffffffffffffffffffffffffffffffffffffffffffefffffc2f"),
        true,
        &mut rng,
        200,
    );
    check_modulus::<4>(
        from_hex("ffffffff00000001000000000000000000000000ffffffffffffffffffffffff"),
        true,
        &mut rng,
        200,
    );
    // secp256k1 group order, Curve25519's p
    check_modulus::<4>(
        from_hex("fffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141"),
        true,
        &mut rng,
        100,
    );
    check_modulus::<4>(
        from_hex("7fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffed"),
        true,
        &mut rng,
        100,
    );
    // P-384 (6 limbs, full width), P-521 (9 limbs), P-224 and P-192
    check_modulus::<6>(
        from_hex("fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffeffffffff0000000000000000ffffffff"),
        true, &mut rng, 60);
    let mut p521 = [u64::MAX; 9];
    p521[8] = 0x1ff;
    check_modulus::<9>(p521, true, &mut rng, 30);
    check_modulus::<4>(
        from_hex("ffffffffffffffffffffffffffffffff000000000000000000000001"),
        true,
        &mut rng,
        60,
    );
    check_modulus::<3>(
        from_hex("fffffffffffffffffffffffffffffffeffffffffffffffff"),
        true,
        &mut rng,
        60,
    );
    // 2^127 − 1 in 2 limbs; 2^64 − 59 in 1 limb (full width)
    check_modulus::<2>([u64::MAX, u64::MAX >> 1], true, &mut rng, 200);
    check_modulus::<1>([u64::MAX - 58], true, &mut rng, 500);
    // an odd 1024-bit composite in 16 limbs (MAX_LIMBS): inverses of units only
    let mut comp: [u64; 16] = core::array::from_fn(|_| rng.gen());
    comp[0] |= 1;
    comp[15] |= 1 << 63;
    check_modulus::<16>(comp, false, &mut rng, 20);
    // a composite with small factors: 3·5·7·… odd, non-units must not crash either algorithm
    check_modulus::<1>([3 * 5 * 7 * 11 * 13 * 17 * 19 * 23], false, &mut rng, 200);
}

//! The Jacobi symbol (a | n) of multi-limb integers in **variable time** (public inputs only),
//! by the binary algorithm: Cohen, *A Course in Computational Algebraic Number Theory*,
//! Algorithm 1.4.10, in its subtractive form (remove factors of two with the rule
//! (2 | n) = (−1)^((n²−1)/8), swap with quadratic reciprocity when a < n, subtract). The
//! operands shrink together; once both fit in 128 bits the loop continues on `u128`.
//!
//! Used by the try-and-increment hash of [`crate::curve`] to reject non-squares x³ + b
//! before the square root: for a prime p, (a | p) is the Legendre symbol.

/// a < b for little-endian limbs.
fn less<const L: usize>(a: &[u64; L], b: &[u64; L]) -> bool {
    for i in (0..L).rev() {
        if a[i] != b[i] {
            return a[i] < b[i];
        }
    }
    false
}

/// a −= b (a ≥ b).
fn sub_assign<const L: usize>(a: &mut [u64; L], b: &[u64; L]) {
    let mut borrow = false;
    for i in 0..L {
        let (d, b1) = a[i].overflowing_sub(b[i]);
        let (d, b2) = d.overflowing_sub(borrow as u64);
        a[i] = d;
        borrow = b1 | b2;
    }
}

/// a >>= s for 0 < s < 64.
fn shr_assign<const L: usize>(a: &mut [u64; L], s: u32) {
    for i in 0..L {
        let hi = if i + 1 < L { a[i + 1] << (64 - s) } else { 0 };
        a[i] = (a[i] >> s) | hi;
    }
}

/// Removes the factors of two of a ≠ 0, returning the sign change (2 | n)^z.
fn strip_twos<const L: usize>(a: &mut [u64; L], n0: u64) -> bool {
    let mut flip = false;
    loop {
        let z = if a[0] == 0 { 63 } else { a[0].trailing_zeros() };
        if z == 0 {
            return flip;
        }
        shr_assign(a, z);
        flip ^= z & 1 == 1 && matches!(n0 & 7, 3 | 5);
    }
}

/// (a | n) on u128 operands, n odd, with the sign accumulated so far.
fn jacobi_u128(mut a: u128, mut n: u128, mut neg: bool) -> i8 {
    a %= n;
    while a != 0 {
        let z = a.trailing_zeros();
        a >>= z;
        neg ^= z & 1 == 1 && matches!(n & 7, 3 | 5);
        if a < n {
            core::mem::swap(&mut a, &mut n);
            neg ^= a & n & 3 == 3;
        }
        a -= n;
    }
    match (n == 1, neg) {
        (false, _) => 0,
        (true, false) => 1,
        (true, true) => -1,
    }
}

/// The Jacobi symbol (a | n) ∈ {−1, 0, 1} for an odd n > 0 and any a (little-endian limbs);
/// `None` if n is even or zero. Variable time.
pub fn jacobi_vartime<const L: usize>(a: &[u64; L], n: &[u64; L]) -> Option<i8> {
    if n[0] & 1 == 0 {
        return None;
    }
    let (mut a, mut n) = (*a, *n);
    let mut neg = false;
    loop {
        if L <= 2 || a[2..].iter().chain(&n[2..]).all(|&x| x == 0) {
            let w = |x: &[u64; L]| x[0] as u128 | (x.get(1).copied().unwrap_or(0) as u128) << 64;
            return Some(jacobi_u128(w(&a), w(&n), neg));
        }
        if a.iter().all(|&x| x == 0) {
            return Some(0); // n > 1 here (it has more than 128 bits)
        }
        neg ^= strip_twos(&mut a, n[0]);
        if less(&a, &n) {
            core::mem::swap(&mut a, &mut n);
            neg ^= a[0] & n[0] & 3 == 3;
        }
        sub_assign(&mut a, &n);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use hayate_arith::{Fp, FpParams};
    use hayate_pairing::{bn254::Bn254, bn254_beuchat::Bn254Beuchat, PairingCurve};
    use rand::{RngCore, SeedableRng};

    /// Against Euler's criterion ([`Fp::legendre`]) on random elements, squares, non-squares
    /// and 0, 1, p − 1 of the curve's base field.
    fn legendre_agrees<E: PairingCurve<4>>() {
        let p = <E::Fp as FpParams<4>>::MODULUS;
        let mut rng = rand::rngs::StdRng::seed_from_u64(4);
        let mut seen = [0usize; 3];
        let mut check = |x: Fp<E::Fp, 4>| {
            let j = jacobi_vartime(&x.to_limbs(), &p).unwrap();
            assert_eq!(j, x.legendre());
            seen[(j + 1) as usize] += 1;
        };
        for _ in 0..200 {
            let x = Fp::<E::Fp, 4>::random(&mut rng);
            check(x);
            check(x.square());
        }
        for x in [Fp::ZERO, Fp::ONE, -Fp::<E::Fp, 4>::ONE] {
            check(x);
        }
        assert!(seen.iter().all(|&c| c > 0));
        // a ≥ n is reduced: (a + p | p) = (a | p) for a + p < 2^256
        let a = [rng.next_u64(), 5, 0, 0];
        let mut ap = a;
        let mut carry = 0u128;
        for i in 0..4 {
            let s = ap[i] as u128 + p[i] as u128 + carry;
            ap[i] = s as u64;
            carry = s >> 64;
        }
        assert_eq!(carry, 0);
        assert_eq!(jacobi_vartime(&ap, &p), jacobi_vartime(&a, &p));
    }

    #[test]
    fn jacobi_matches_euler() {
        legendre_agrees::<Bn254Beuchat>();
        legendre_agrees::<Bn254>();
    }

    /// Small composite moduli against the definition (product of Legendre symbols over the
    /// prime factors, each by Euler's criterion).
    #[test]
    fn jacobi_small_composites() {
        fn legendre(a: u64, p: u64) -> i8 {
            let mut r = 1u128;
            let (mut b, mut e) = ((a % p) as u128, (p - 1) / 2);
            while e > 0 {
                if e & 1 == 1 {
                    r = r * b % p as u128;
                }
                b = b * b % p as u128;
                e >>= 1;
            }
            match r {
                0 => 0,
                1 => 1,
                _ => -1,
            }
        }
        let primes = [3u64, 5, 7, 11, 13, 1_000_003];
        for &p in &primes {
            for &q in &primes {
                let n = p * q;
                for a in [0u64, 1, 2, 6, 10, 12345, 999_999_999] {
                    let want = legendre(a, p) * legendre(a, q);
                    assert_eq!(jacobi_vartime(&[a, 0, 0, 0], &[n, 0, 0, 0]), Some(want));
                    // a + n·2^192 ≡ a (mod n), through the multi-limb loop
                    assert_eq!(jacobi_vartime(&[a, 0, 0, n], &[n, 0, 0, 0]), Some(want));
                }
            }
        }
        assert_eq!(jacobi_vartime(&[3, 0, 0, 0], &[8, 0, 0, 0]), None);
    }
}

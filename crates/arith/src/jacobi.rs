//! The Jacobi symbol (a | n) of multi-limb integers in **variable time** (public inputs only):
//! [`jacobi_vartime`], the one Jacobi symbol of hayate. For an odd prime n it is the Legendre
//! symbol, so it decides squareness at a fraction of the cost of Euler's criterion
//! ([`crate::Fp::legendre`], which is constant time and stays the choice for secret inputs).
//!
//! Contract: for any a (any size, a ≥ n allowed) and an odd n > 0 of L little-endian limbs,
//! `Some` of (a | n) ∈ {−1, 0, 1}; `None` if n is even or zero. No panic on any input. The
//! running time depends on a and n.
//!
//! Algorithm: the subtractive binary algorithm (Cohen, *A Course in Computational Algebraic
//! Number Theory*, Algorithm 1.4.10: strip factors of two with (2 | f) = (−1)^((f²−1)/8), keep
//! the smaller odd value as f with quadratic reciprocity, replace g by |g − f|) run in rounds on
//! one-word approximations, after Pornin, *Optimized Binary GCD for Modular Inversion*
//! (ePrint 2020/972), with the batching of Bernstein–Yang, *Fast constant-time gcd computation
//! and modular inversion* (TCHES 2019).
//!
//! A round packs each operand into one word: its bits [h, h + 31), h = bitlen(max(f, g)) − 31,
//! above its low 32 bits. Up to 30 steps run on these words alone: the low bits give the
//! trailing zeros and the sign changes, the top bits the comparison g < f, taken only when
//! the words differ by at least four units of 2^h (more than twice the approximation error);
//! otherwise the round ends early (and if even its first comparison is too close, one exact
//! multi-limb step is done instead). Every decision is therefore exact and both values stay
//! nonnegative, so the classical rules apply throughout. The round's 2×2 transition matrix
//! (entries of at most 2^30) is then applied to the full values with an exact division by
//! 2^30. Once both values fit in one word the algorithm finishes on `u64`. No reduction
//! a mod n is needed: the rounds shrink the larger operand, whichever it is. Every round but
//! an exact step at least halves f·g, so the number of rounds is bounded; past the bound
//! (never reached) the plain multi-limb algorithm answers.
//!
//! Callers: the try-and-increment hash onto the BN curves' G1 in hayate-fe (rejecting
//! non-squares x³ + b before the square root) and the strong Lucas test of
//! [`crate::dyn_fp::is_probable_prime_vartime`] (Selfridge's D with (D | n) = −1).

use core::hint::select_unpredictable as select;

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

/// The plain multi-limb binary algorithm (the fallback of [`jacobi_vartime`], and the
/// reference of its tests); same contract, n odd.
fn jacobi_binary<const L: usize>(a: &[u64; L], n: &[u64; L]) -> i8 {
    let (mut a, mut n) = (*a, *n);
    let mut neg = false;
    loop {
        if L <= 2 || a[2..].iter().chain(&n[2..]).all(|&x| x == 0) {
            let w = |x: &[u64; L]| x[0] as u128 | (x.get(1).copied().unwrap_or(0) as u128) << 64;
            return jacobi_u128(w(&a), w(&n), neg);
        }
        if a.iter().all(|&x| x == 0) {
            return 0; // n > 1 here (it has more than 128 bits)
        }
        neg ^= strip_twos(&mut a, n[0]);
        if less(&a, &n) {
            core::mem::swap(&mut a, &mut n);
            neg ^= a[0] & n[0] & 3 == 3;
        }
        sub_assign(&mut a, &n);
    }
}

/// Steps per round: the packed matrix entries stay within 2^STEPS, and the low half of a
/// packed word keeps STEPS + 2 exact bits.
const STEPS: u32 = 30;
/// Four units of 2^h in a packed word (whose top bits count units of 2^h from bit 32).
const MARGIN: u64 = 4 << 32;

/// Bit 0 is set iff (2 | f) = −1, i.e. f ≡ 3, 5 (mod 8).
#[inline(always)]
fn two_flips(f: u64) -> u64 {
    f.wrapping_add(2) >> 2
}

/// Up to [`STEPS`] steps on the packed words of f (odd) and g. Returns the steps done s and
/// the rows (u, v), (u', v') packed as u + v·2^32, with 2^s·(f', g') = (u f + v g, u' f + v' g)
/// for the values f', g' reached; the sign changes go to bit 0 of `neg`.
///
/// The word ŵ of a value x stands for x / 2^h ≈ ŵ / 2^32, with an error below 1 at the
/// start (both halves are truncations). A subtraction adds two errors, the halving that
/// always follows halves them (its floor adds 2^−32), so they stay below 1 + 2^−27 and
/// |ĝ − f̂| ≥ MARGIN gives the sign of g − f. The words stay below 2^63, so ĝ − f̂ fits an
/// i64. After s steps the low half is exact modulo 2^(32−s) (each halving loses a top
/// bit): enough for the STEPS − s trailing zeros still allowed and for f mod 8. A row has
/// |u| + |v| ≤ 2^s: a subtraction puts the difference of two rows in the g row, and the
/// halving that follows doubles the f row.
#[inline(always)]
fn round(mut wf: u64, mut wg: u64, neg: &mut u64) -> (u32, i64, i64) {
    let (mut p, mut q) = (1i64, 1i64 << 32);
    let mut r = STEPS;
    let z = (wg | 1 << STEPS).trailing_zeros();
    wg >>= z;
    p <<= z;
    r -= z;
    let mut j = z as u64 & two_flips(wf);
    // reciprocity signs, in bit 1
    let mut jr = 0u64;
    if r > 0 {
        loop {
            // g odd here
            let x = wg.wrapping_sub(wf) as i64;
            let ax = x.unsigned_abs();
            if ax < MARGIN {
                break;
            }
            let lt = x < 0;
            jr ^= select(lt, wf & wg, 0);
            wf = select(lt, wg, wf);
            let d = q.wrapping_sub(p);
            (p, q) = (select(lt, q, p), select(lt, d.wrapping_neg(), d));
            // |g − f| is even and its trailing zeros are those of x
            let z = ax.trailing_zeros();
            if z >= r {
                p <<= r;
                j ^= r as u64 & two_flips(wf);
                r = 0;
                break;
            }
            wg = ax >> z;
            p <<= z;
            j ^= z as u64 & two_flips(wf);
            r -= z;
        }
    }
    *neg ^= j ^ (jr >> 1);
    (STEPS - r, p, q)
}

/// (u, v) from u + v·2^32 with |u|, |v| ≤ 2^30.
#[inline(always)]
fn unpack(p: i64) -> (i64, i64) {
    let u = (p << 32) >> 32;
    (u, (p - u) >> 32)
}

/// (f, g) ← ((u f + v g) / 2^30, (u' f + v' g) / 2^30) on the low `len` limbs (the others
/// are zero), for m = [u, v, u', v'] with |u| + |v|, |u'| + |v'| ≤ 2^30 and exact, nonnegative
/// quotients. A limb term is below 2^94 and a carry below 2^31, so an i128 suffices; the
/// quotients are at most max(f, g).
#[inline(always)]
fn apply<const L: usize>(m: [i64; 4], f: &mut [u64; L], g: &mut [u64; L], len: usize) {
    let [fu, fv, gu, gv] = m.map(|x| x as i128);
    let (mut cf, mut cg) = (0i128, 0i128);
    let (mut pf, mut pg) = (0u64, 0u64);
    for j in 0..len {
        let (fj, gj) = (f[j] as i128, g[j] as i128);
        cf += fu * fj + fv * gj;
        cg += gu * fj + gv * gj;
        if j > 0 {
            f[j - 1] = (pf >> STEPS) | ((cf as u64) << (64 - STEPS));
            g[j - 1] = (pg >> STEPS) | ((cg as u64) << (64 - STEPS));
        }
        pf = cf as u64;
        pg = cg as u64;
        cf >>= 64;
        cg >>= 64;
    }
    f[len - 1] = (pf >> STEPS) | ((cf as u64) << (64 - STEPS));
    g[len - 1] = (pg >> STEPS) | ((cg as u64) << (64 - STEPS));
}

/// The packed word of x: bits [h, h + 31) above the low 32 bits (x < 2^(h+31)).
#[inline(always)]
fn packed<const L: usize>(x: &[u64; L], h: u32) -> u64 {
    let (k, sh) = ((h / 64) as usize, h % 64);
    let mut top = x[k] >> sh;
    if sh > 33 {
        top |= x.get(k + 1).map_or(0, |&y| y << (64 - sh));
    }
    (top & 0x7fff_ffff) << 32 | (x[0] & 0xffff_ffff)
}

/// (g | f) · (−1)^neg for an odd f, on one word.
#[inline]
fn jacobi_u64(mut f: u64, mut g: u64, mut neg: u64) -> i8 {
    if g != 0 {
        let z = g.trailing_zeros();
        g >>= z;
        neg ^= z as u64 & two_flips(f);
        while g != f {
            let lt = g < f;
            let d = select(lt, f.wrapping_sub(g), g.wrapping_sub(f));
            neg ^= select(lt, (f & g) >> 1, 0);
            f = select(lt, g, f);
            let z = d.trailing_zeros();
            g = d >> z;
            neg ^= z as u64 & two_flips(f);
        }
    }
    match (f == 1, neg & 1 == 1) {
        (false, _) => 0,
        (true, false) => 1,
        (true, true) => -1,
    }
}

/// The Jacobi symbol (a | n) ∈ {−1, 0, 1} for an odd n > 0 and any a (little-endian limbs);
/// `None` if n is even or zero. Variable time.
pub fn jacobi_vartime<const L: usize>(a: &[u64; L], n: &[u64; L]) -> Option<i8> {
    if L == 0 || n[0] & 1 == 0 {
        return None;
    }
    // (a | n) = (−1)^neg · (g | f), f odd
    let (mut f, mut g) = (*n, *a);
    let mut len = L;
    while len > 1 && f[len - 1] | g[len - 1] == 0 {
        len -= 1;
    }
    let mut neg = 0u64;
    // Each round does a step, which at least halves f·g < 2^(128 L), or an exact subtraction
    // followed by a round that does: the bound is never reached.
    for _ in 0..256 * L + 8 {
        if len == 1 {
            return Some(jacobi_u64(f[0], g[0], neg));
        }
        let h = 64 * len as u32 - (f[len - 1] | g[len - 1]).leading_zeros() - 31;
        let (wf, wg) = (packed(&f, h), packed(&g, h));
        if wg == 0 && g.iter().all(|&x| x == 0) {
            return Some(0); // f > 1 has more than 64 bits
        }
        let (s, p, q) = round(wf, wg, &mut neg);
        if s == 0 {
            // the first comparison was too close to call: one exact step
            if less(&g, &f) {
                core::mem::swap(&mut f, &mut g);
                neg ^= (f[0] & g[0]) >> 1;
            }
            sub_assign(&mut g, &f);
        } else {
            let ((fu, fv), (gu, gv)) = (unpack(p), unpack(q));
            let k = STEPS - s;
            apply([fu << k, fv << k, gu << k, gv << k], &mut f, &mut g, len);
        }
        while len > 1 && f[len - 1] | g[len - 1] == 0 {
            len -= 1;
        }
    }
    Some(jacobi_binary(a, n))
}

/// Euler's criterion a^((p−1)/2) mod p ∈ {0, 1, −1} for an odd prime p (the tests'
/// reference, here and in [`crate::dyn_fp`]).
#[cfg(test)]
pub(crate) fn euler_u64(a: i64, p: u64) -> i8 {
    let (mut r, mut b) = (1u128, (a as i128).rem_euclid(p as i128) as u128);
    let mut e = (p - 1) / 2;
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fields::{Bn254BeuchatFpParams, Bn254FpParams, Secp224r1FpParams};
    use crate::{Fp, FpParams};
    use rand::{Rng, RngCore, SeedableRng};

    /// Against Euler's criterion ([`Fp::legendre`]) on random elements, squares, non-squares
    /// and 0, 1, p − 1 of a prime field.
    fn legendre_agrees<P: FpParams<4>>() {
        let p = P::MODULUS;
        let mut rng = rand::rngs::StdRng::seed_from_u64(4);
        let mut seen = [0usize; 3];
        let mut check = |x: Fp<P, 4>| {
            let j = jacobi_vartime(&x.to_limbs(), &p).unwrap();
            assert_eq!(j, x.legendre());
            seen[(j + 1) as usize] += 1;
        };
        for _ in 0..200 {
            let x = Fp::<P, 4>::random(&mut rng);
            check(x);
            check(x.square());
        }
        for x in [Fp::ZERO, Fp::ONE, -Fp::<P, 4>::ONE] {
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
        legendre_agrees::<Bn254BeuchatFpParams>();
        legendre_agrees::<Bn254FpParams>();
        legendre_agrees::<Secp224r1FpParams>();
    }

    /// Small composite moduli against the definition (product of Legendre symbols over the
    /// prime factors, each by Euler's criterion).
    #[test]
    fn jacobi_small_composites() {
        let primes = [3u64, 5, 7, 11, 13, 1_000_003];
        for &p in &primes {
            for &q in &primes {
                let n = p * q;
                for a in [0u64, 1, 2, 6, 10, 12345, 999_999_999] {
                    let want = euler_u64(a as i64, p) * euler_u64(a as i64, q);
                    assert_eq!(jacobi_vartime(&[a, 0, 0, 0], &[n, 0, 0, 0]), Some(want));
                    // a + n·2^192 ≡ a (mod n), through the multi-limb loop
                    assert_eq!(jacobi_vartime(&[a, 0, 0, n], &[n, 0, 0, 0]), Some(want));
                }
            }
        }
        assert_eq!(jacobi_vartime(&[3, 0, 0, 0], &[8, 0, 0, 0]), None);
    }

    /// A random value of random bit length, sometimes with runs of ones or zeros.
    fn random_limbs<const L: usize>(rng: &mut impl RngCore) -> [u64; L] {
        let bits = rng.gen_range(0..=64 * L);
        let mut x = [0u64; L];
        for (i, x) in x.iter_mut().enumerate() {
            *x = match bits.saturating_sub(64 * i) {
                0 => 0,
                b @ 1..=63 => rng.next_u64() >> (64 - b),
                _ => rng.next_u64(),
            };
        }
        let style = rng.gen_range(0..8);
        for x in x.iter_mut() {
            match style {
                0 if *x != 0 => *x = u64::MAX >> x.leading_zeros(),
                1 => *x &= 0xffff_0000_0000_ffff,
                _ => {}
            }
        }
        x
    }

    /// Wrapping a + b·k for a small k.
    fn add_mul<const L: usize>(a: &[u64; L], b: &[u64; L], k: u64) -> [u64; L] {
        let mut r = [0u64; L];
        let mut carry = 0u128;
        for i in 0..L {
            let s = a[i] as u128 + b[i] as u128 * k as u128 + carry;
            r[i] = s as u64;
            carry = s >> 64;
        }
        r
    }

    /// Random odd moduli (prime or not, of any size up to L limbs, 1 included) against the
    /// plain binary algorithm, with a random, a ≥ n, a a multiple of n plus a little, a
    /// agreeing with n in its top bits (the rounds' uncertain comparisons), a = n − 1, 0, 1.
    fn binary_agrees<const L: usize>(cases: usize, seed: u64) {
        let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
        let mut seen = [0usize; 3];
        for i in 0..cases {
            let mut n = random_limbs::<L>(&mut rng);
            n[0] |= 1;
            if i % 50 == 0 {
                n = [0; L];
                n[0] = [1, 3, 5, 7, 9, 15][i / 50 % 6];
            }
            let mut small = [0u64; L];
            small[0] = rng.gen_range(0..1000);
            let a = match i % 8 {
                0 | 1 => random_limbs::<L>(&mut rng),
                2 => add_mul(&random_limbs::<L>(&mut rng), &n, 1),
                3 => add_mul(&small, &n, rng.gen_range(1..1000)),
                4 => {
                    let mut a = n;
                    a[0] ^= rng.next_u64() & 0xffff;
                    a
                }
                5 => add_mul(&n, &[u64::MAX; L], 1), // n − 1
                6 => small,
                _ => {
                    let mut a = n;
                    a[L - 1] ^= 1 << rng.gen_range(0..64);
                    a
                }
            };
            let j = jacobi_binary(&a, &n);
            assert_eq!(jacobi_vartime(&a, &n), Some(j), "a = {a:x?}, n = {n:x?}");
            seen[(j + 1) as usize] += 1;
        }
        assert!(seen.iter().all(|&c| c > cases / 20), "{seen:?}");
        assert_eq!(jacobi_vartime(&[1; L], &[0; L]), None);
        let mut even = [u64::MAX; L];
        even[0] = 2;
        assert_eq!(jacobi_vartime(&[1; L], &even), None);
    }

    #[test]
    fn jacobi_matches_binary_random() {
        binary_agrees::<4>(20_000, 1);
        binary_agrees::<6>(20_000, 2);
        binary_agrees::<1>(5_000, 3);
        binary_agrees::<2>(5_000, 4);
    }
}

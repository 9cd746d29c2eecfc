//! Prime fields whose modulus is known only at run time (the fields of curves defined at run
//! time from (p, a, b, G, n, h), p up to 521 bits), and the Baillie–PSW primality test used to
//! validate such moduli.
//!
//! [`crate::Field`] has `const ZERO` / `const ONE`, so a run-time modulus cannot implement it.
//! Instead a [`DynField<N>`] *context* holds the modulus and its Montgomery constants — computed
//! at construction: R mod p, R² mod p, −p⁻¹ mod 2⁶⁴ with R = 2^(64N) — and every operation takes
//! it by reference: `f.mul(&a, &b)`. Elements are plain [`DynElem<N>`] values (`[u64; N]` in
//! Montgomery form, always fully reduced). N is the limb count, a compile-time parameter, so the
//! kernels are the same unrolled code as [`crate::Fp`]'s:
//! * multiplication: [`backend::portable::mont_mul_full`] (carry-aware CIOS) for full-width
//!   moduli (top bit of the top limb set, e.g. P-256), otherwise [`backend::mont_mul`] (which
//!   takes the MULX/ADX assembly for N = 4, 6 when the CPU has it);
//! * squaring: [`backend::mont_sqr`] (redc of a schoolbook square, correct for any odd modulus);
//! * inversion: Bernstein–Yang safegcd ([`crate::safegcd::inv_mod_ct`]) with c = R² mod p, so
//!   the result is already in Montgomery form; constant time;
//! * square roots: Tonelli–Shanks for public data ([`DynField::sqrt_vartime`]; the other square
//!   roots of hayate, and why this one is separate: the [`crate::sqrt`] module docs).
//!
//! The field choice is by a run-time flag (`full_width`), a public property of the modulus.
//! Every operation is constant time in the element values unless its name ends in `_vartime`.
//!
//! ## Primality ([`is_probable_prime_vartime`])
//! Baillie–PSW as specified in FIPS 186-5 §B.3 / FIPS 186-4 Appendix C.3: trial division by the
//! primes below 1000, one Miller–Rabin round to base 2 (C.3.1), a perfect-square test, then the
//! strong Lucas probable-prime test with Selfridge's parameters (C.3.3: the first D in 5, −7, 9,
//! −11, … with Jacobi (D/n) = −1 by [`crate::jacobi::jacobi_vartime`], P = 1, Q = (1 − D)/4).
//! No composite passing both tests is known. Variable time (public inputs only).

use alloc::{vec, vec::Vec};
use subtle::{Choice, ConditionallySelectable, ConstantTimeEq, CtOption};

use crate::backend;
use crate::jacobi;
use crate::limbs;
use crate::safegcd;

/// An element of a [`DynField`]: a·R mod p, fully reduced. Meaningful only with its field.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct DynElem<const N: usize>(pub [u64; N]);

impl<const N: usize> Default for DynElem<N> {
    fn default() -> Self {
        Self([0; N])
    }
}

impl<const N: usize> ConditionallySelectable for DynElem<N> {
    #[inline]
    fn conditional_select(a: &Self, b: &Self, choice: Choice) -> Self {
        Self(limbs::select(&a.0, &b.0, choice.unwrap_u8() as u64))
    }
}

impl<const N: usize> ConstantTimeEq for DynElem<N> {
    #[inline]
    fn ct_eq(&self, other: &Self) -> Choice {
        let mut d = 0u64;
        for i in 0..N {
            d |= self.0[i] ^ other.0[i];
        }
        d.ct_eq(&0)
    }
}

/// A big-endian integer of any length as N little-endian limbs, and whether it fits (all bytes
/// beyond 8N are zero). Constant time in the byte values (the length is public).
pub fn be_bytes_to_limbs<const N: usize>(bytes: &[u8]) -> ([u64; N], Choice) {
    let mut a = [0u64; N];
    let mut overflow = 0u8;
    for (pos, &b) in bytes.iter().rev().enumerate() {
        if pos < 8 * N {
            a[pos / 8] |= (b as u64) << (8 * (pos % 8));
        } else {
            overflow |= b;
        }
    }
    (a, overflow.ct_eq(&0))
}

/// Why [`DynField::new`] refused a modulus.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DynFieldError {
    /// The modulus is even or smaller than 3.
    BadModulus,
}

impl core::fmt::Display for DynFieldError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str("modulus must be odd and at least 3")
    }
}
impl core::error::Error for DynFieldError {}

/// Arithmetic modulo an odd m ≥ 3 given at run time, N limbs, Montgomery form (see the module
/// docs). Primality is not checked here: with a composite m the ring operations are still
/// correct modulo m, but `invert` and `sqrt_vartime` may fail.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DynField<const N: usize> {
    p: [u64; N],
    inv: u64,
    r: [u64; N],
    r2: [u64; N],
    bits: u32,
    full_width: bool,
}

impl<const N: usize> DynField<N> {
    /// The field of integers modulo `p` (little-endian limbs). Computes R mod p and R² mod p by
    /// modular doublings (64N and 128N of them) and −p⁻¹ mod 2⁶⁴ by Newton iteration.
    pub fn new(p: [u64; N]) -> Result<Self, DynFieldError> {
        if N == 0 || p[0] & 1 == 0 || (p[1..].iter().all(|&w| w == 0) && p[0] < 3) {
            return Err(DynFieldError::BadModulus);
        }
        Ok(Self {
            p,
            inv: limbs::neg_inv64(p[0]),
            r: limbs::pow2_mod(64 * N, &p),
            r2: limbs::pow2_mod(128 * N, &p),
            bits: limbs::bits_vartime(&p),
            full_width: p[N - 1] >> 63 == 1,
        })
    }

    /// The modulus.
    pub fn modulus(&self) -> &[u64; N] {
        &self.p
    }

    /// Bit length of the modulus.
    pub fn bits(&self) -> u32 {
        self.bits
    }

    /// ⌈bits/8⌉: the length of [`Self::to_bytes_be`].
    pub fn byte_len(&self) -> usize {
        (self.bits as usize).div_ceil(8)
    }

    /// 0.
    #[inline]
    pub fn zero(&self) -> DynElem<N> {
        DynElem([0; N])
    }

    /// 1 (R mod p).
    #[inline]
    pub fn one(&self) -> DynElem<N> {
        DynElem(self.r)
    }

    /// a·b.
    #[inline]
    pub fn mul(&self, a: &DynElem<N>, b: &DynElem<N>) -> DynElem<N> {
        if self.full_width {
            DynElem(backend::portable::mont_mul_full(
                &a.0, &b.0, &self.p, self.inv,
            ))
        } else {
            DynElem(backend::mont_mul(&a.0, &b.0, &self.p, self.inv))
        }
    }

    /// a².
    #[inline]
    pub fn square(&self, a: &DynElem<N>) -> DynElem<N> {
        DynElem(backend::mont_sqr(&a.0, &self.p, self.inv))
    }

    /// a + b.
    #[inline]
    pub fn add(&self, a: &DynElem<N>, b: &DynElem<N>) -> DynElem<N> {
        let (s, carry) = limbs::add(&a.0, &b.0);
        let (d, borrow) = limbs::sub(&s, &self.p);
        DynElem(limbs::select(&s, &d, carry | (1 ^ borrow)))
    }

    /// a − b.
    #[inline]
    pub fn sub(&self, a: &DynElem<N>, b: &DynElem<N>) -> DynElem<N> {
        let (d, borrow) = limbs::sub(&a.0, &b.0);
        let (s, _) = limbs::add(&d, &self.p);
        DynElem(limbs::select(&d, &s, borrow))
    }

    /// −a.
    #[inline]
    pub fn neg(&self, a: &DynElem<N>) -> DynElem<N> {
        self.sub(&self.zero(), a)
    }

    /// 2a.
    #[inline]
    pub fn double(&self, a: &DynElem<N>) -> DynElem<N> {
        self.add(a, a)
    }

    /// a/2.
    #[inline]
    pub fn halve(&self, a: &DynElem<N>) -> DynElem<N> {
        let odd = a.0[0] & 1;
        let (s, carry) = limbs::add(&a.0, &self.p);
        let t = limbs::select(&a.0, &s, odd);
        let mut r = limbs::shr1(&t);
        r[N - 1] |= (carry & odd) << 63;
        DynElem(r)
    }

    /// Is a = 0?
    #[inline]
    pub fn is_zero(&self, a: &DynElem<N>) -> Choice {
        a.ct_eq(&self.zero())
    }

    /// The element with canonical value `a`, which may be any N-limb integer (reduced mod p).
    pub fn from_limbs_reduce(&self, a: &[u64; N]) -> DynElem<N> {
        // CIOS with a < R and R² mod p < p returns a·R mod p fully reduced.
        let t = if self.full_width {
            backend::portable::mont_mul_full(a, &self.r2, &self.p, self.inv)
        } else {
            backend::mont_mul(a, &self.r2, &self.p, self.inv)
        };
        DynElem(t)
    }

    /// The element with canonical value `a` if a < p (constant time).
    pub fn from_canonical(&self, a: &[u64; N]) -> CtOption<DynElem<N>> {
        CtOption::new(
            self.from_limbs_reduce(a),
            Choice::from(limbs::lt(a, &self.p) as u8),
        )
    }

    /// k mod p for a small integer.
    pub fn from_u64(&self, k: u64) -> DynElem<N> {
        let mut a = [0u64; N];
        a[0] = k;
        self.from_limbs_reduce(&a)
    }

    /// The canonical integer in [0, p).
    pub fn to_canonical(&self, a: &DynElem<N>) -> [u64; N] {
        backend::redc(
            &backend::Wide {
                lo: a.0,
                hi: [0; N],
            },
            &self.p,
            self.inv,
        )
    }

    /// Is the canonical integer odd?
    pub fn is_odd(&self, a: &DynElem<N>) -> Choice {
        Choice::from((self.to_canonical(a)[0] & 1) as u8)
    }

    /// Parses a big-endian integer of any length; `None` if it is ≥ p (constant time in the
    /// value; the length is public).
    pub fn from_bytes_be(&self, bytes: &[u8]) -> CtOption<DynElem<N>> {
        let (a, fits) = be_bytes_to_limbs::<N>(bytes);
        let v = self.from_canonical(&a);
        CtOption::new(v.unwrap_or(self.zero()), v.is_some() & fits)
    }

    /// Big-endian encoding of exactly [`Self::byte_len`] bytes.
    pub fn to_bytes_be(&self, a: &DynElem<N>) -> Vec<u8> {
        let l = self.to_canonical(a);
        let mut out = vec![0u8; self.byte_len()];
        for (i, byte) in out.iter_mut().rev().enumerate() {
            *byte = (l[i / 8] >> (8 * (i % 8))) as u8;
        }
        out
    }

    /// a^e for a public exponent (little-endian limbs; variable time in e only).
    pub fn pow_vartime(&self, a: &DynElem<N>, e: &[u64]) -> DynElem<N> {
        let mut r = self.one();
        for i in (0..64 * e.len()).rev() {
            r = self.square(&r);
            if (e[i / 64] >> (i % 64)) & 1 == 1 {
                r = self.mul(&r, a);
            }
        }
        r
    }

    /// a⁻¹ by safegcd in constant time; `None` for a = 0 (or a not coprime to a composite m).
    pub fn invert(&self, a: &DynElem<N>) -> CtOption<DynElem<N>> {
        let r = DynElem(safegcd::inv_mod_ct(&a.0, &self.p, &self.r2));
        let ok = self.mul(&r, a).ct_eq(&self.one());
        CtOption::new(r, ok)
    }

    /// A square root of a for public a (Tonelli–Shanks; a^((p+1)/4) when p ≡ 3 mod 4), or `None`
    /// if a is not a square. Variable time; for p prime. The plain algorithm (Cohen, Alg. 1.5.1),
    /// not the table-based one of [`crate::sqrt::SqrtTables`]: a run-time field has no place to
    /// keep per-field tables, and its 2-adicity may exceed what they handle.
    pub fn sqrt_vartime(&self, a: &DynElem<N>) -> Option<DynElem<N>> {
        let pm1 = limbs::sub_small(&self.p, 1);
        let s = limbs::trailing_zeros_vartime(&pm1);
        let r = if s == 1 {
            let e = limbs::shr(&limbs::add_small(&self.p, 1), 2);
            self.pow_vartime(a, &e)
        } else {
            let q = limbs::shr(&pm1, s);
            // the least non-residue z: (z | p) = −1
            let z = (2..10_000u64)
                .find(|&k| {
                    let mut a = [0u64; N];
                    a[0] = k;
                    jacobi::jacobi_vartime(&a, &self.p) == Some(-1)
                })
                .map(|k| self.from_u64(k))?;
            let mut m = s;
            let mut c = self.pow_vartime(&z, &q);
            let mut t = self.pow_vartime(a, &q);
            let mut r = self.pow_vartime(a, &limbs::shr1(&limbs::add_small(&q, 1)));
            while !bool::from(self.is_zero(&t)) && t != self.one() {
                // least i with t^(2^i) = 1
                let mut i = 0;
                let mut t2 = t;
                while t2 != self.one() {
                    t2 = self.square(&t2);
                    i += 1;
                    if i >= m {
                        return None; // a is not a square
                    }
                }
                let mut b = c;
                for _ in 0..(m - i - 1) {
                    b = self.square(&b);
                }
                m = i;
                c = self.square(&b);
                t = self.mul(&t, &c);
                r = self.mul(&r, &b);
            }
            if bool::from(self.is_zero(&t)) {
                self.zero()
            } else {
                r
            }
        };
        if self.square(&r) == *a {
            Some(r)
        } else {
            None
        }
    }
}

/// The odd primes below 1000 (trial division before Baillie–PSW).
fn small_primes() -> impl Iterator<Item = u64> {
    (3u64..1000).step_by(2).filter(|&q| {
        (3..)
            .step_by(2)
            .take_while(|d| d * d <= q)
            .all(|d| q % d != 0)
    })
}

/// a mod m for a small m (variable time).
fn rem_small<const N: usize>(a: &[u64; N], m: u64) -> u64 {
    a.iter()
        .rev()
        .fold(0u128, |r, &w| ((r << 64) | w as u128) % m as u128) as u64
}

/// The Jacobi symbol (d | n) for a small odd signed d and an odd n (variable time). By
/// quadratic reciprocity (|d| | n) = (n mod |d| | |d|)·(−1)^(((|d|−1)/2)·((n−1)/2)), a one-word
/// [`jacobi::jacobi_vartime`]; and (−1 | n) = (−1)^((n−1)/2).
fn jacobi_signed<const N: usize>(d: i64, n: &[u64; N]) -> i32 {
    let m = d.unsigned_abs();
    let n0 = n.first().copied().unwrap_or(0);
    let mut j = jacobi::jacobi_vartime(&[rem_small(n, m)], &[m]).unwrap_or(0) as i32;
    if m & n0 & 3 == 3 {
        j = -j;
    }
    if d < 0 && n0 & 3 == 3 {
        j = -j;
    }
    j
}

/// ⌊√a⌋ by the bit-by-bit method (variable time).
fn isqrt<const N: usize>(a: &[u64; N]) -> [u64; N] {
    let mut num = *a;
    let mut res = [0u64; N];
    let top = limbs::bits_vartime(a);
    if top == 0 {
        return res;
    }
    let mut bit_pos = (top - 1) & !1; // highest even position ≤ top − 1
    loop {
        let mut bit = [0u64; N];
        bit[(bit_pos / 64) as usize] = 1u64 << (bit_pos % 64);
        let (rb, _) = limbs::add(&res, &bit);
        let (d, borrow) = limbs::sub(&num, &rb);
        res = limbs::shr1(&res);
        if borrow == 0 {
            num = d;
            res = limbs::add(&res, &bit).0;
        }
        if bit_pos < 2 {
            break;
        }
        bit_pos -= 2;
    }
    res
}

/// Miller–Rabin round to base `base` (FIPS 186-5 B.3.1 steps 4.x), n odd > base + 1.
fn miller_rabin<const N: usize>(f: &DynField<N>, base: u64) -> bool {
    let n = f.modulus();
    let nm1 = limbs::sub_small(n, 1);
    let s = limbs::trailing_zeros_vartime(&nm1);
    let d = limbs::shr(&nm1, s);
    let one = f.one();
    let minus_one = f.neg(&one);
    let mut x = f.pow_vartime(&f.from_u64(base), &d);
    if x == one || x == minus_one {
        return true;
    }
    for _ in 1..s {
        x = f.square(&x);
        if x == minus_one {
            return true;
        }
        if x == one {
            return false;
        }
    }
    false
}

/// Strong Lucas probable-prime test with Selfridge's parameters (FIPS 186-5 B.3.3), n odd,
/// not a perfect square, without factors below 1000.
fn strong_lucas<const N: usize>(f: &DynField<N>) -> bool {
    let n = f.modulus();
    // D = 5, −7, 9, −11, … with (D/n) = −1; (D/n) = 0 means |D| divides n.
    let mut d: i64 = 5;
    loop {
        match jacobi_signed(d, n) {
            -1 => break,
            0 => return false, // |D| < n shares a factor with n (n > 1000 here)
            _ => {}
        }
        d = if d > 0 { -(d + 2) } else { -d + 2 };
        if d.unsigned_abs() > 1 << 40 {
            return false; // unreachable for non-squares in practice; no infinite loop
        }
    }
    let elem = |v: i64| {
        let e = f.from_u64(v.unsigned_abs());
        if v < 0 {
            f.neg(&e)
        } else {
            e
        }
    };
    let de = elem(d);
    let q = elem((1 - d) / 4);
    // n + 1 = k·2^s, k odd (n + 1 does not overflow: n = 2^(64N) − 1 is divisible by 3)
    let np1 = limbs::add_small(n, 1);
    let s = limbs::trailing_zeros_vartime(&np1);
    let k = limbs::shr(&np1, s);
    // U_1 = 1, V_1 = P = 1, Q^1
    let (mut u, mut v, mut qk) = (f.one(), f.one(), q);
    let kb = limbs::bits_vartime(&k);
    for i in (0..kb.saturating_sub(1)).rev() {
        // doubling: U_2j = U_j V_j, V_2j = V_j² − 2Q^j, Q^2j
        u = f.mul(&u, &v);
        v = f.sub(&f.square(&v), &f.double(&qk));
        qk = f.square(&qk);
        if limbs::bit(&k, i as usize) == 1 {
            // U_{j+1} = (P·U_j + V_j)/2, V_{j+1} = (D·U_j + P·V_j)/2 with P = 1
            let u1 = f.halve(&f.add(&u, &v));
            let v1 = f.halve(&f.add(&f.mul(&de, &u), &v));
            u = u1;
            v = v1;
            qk = f.mul(&qk, &q);
        }
    }
    if bool::from(f.is_zero(&u)) {
        return true;
    }
    for r in 0..s {
        if bool::from(f.is_zero(&v)) {
            return true;
        }
        if r + 1 < s {
            v = f.sub(&f.square(&v), &f.double(&qk));
            qk = f.square(&qk);
        }
    }
    false
}

/// Is n (little-endian limbs) probably prime? Baillie–PSW (see the module docs): exact for
/// n < 10⁶ by trial division, no known composite passes above. Variable time; public n only.
/// Needs n < 2^(64N − 1) when n has no factor below 1000 (callers give one spare limb).
pub fn is_probable_prime_vartime<const N: usize>(n: &[u64; N]) -> bool {
    if N == 0 {
        return false;
    }
    let small = n[1..].iter().all(|&w| w == 0);
    if small && n[0] < 2 {
        return false;
    }
    if n[0] & 1 == 0 {
        return small && n[0] == 2;
    }
    for q in small_primes() {
        if small && n[0] == q {
            return true;
        }
        if rem_small(n, q) == 0 {
            return false;
        }
    }
    if small && n[0] < 1_000_000 {
        return true; // no factor below 1000 and n < 1000²
    }
    if n[N - 1] >> 63 == 1 {
        return false; // outside the documented range (the Lucas step needs a spare bit)
    }
    let f = match DynField::new(*n) {
        Ok(f) => f,
        Err(_) => return false,
    };
    if !miller_rabin(&f, 2) {
        return false;
    }
    let r = isqrt(n);
    if backend::portable::mul_wide(&r, &r) == (backend::Wide { lo: *n, hi: [0; N] }) {
        return false;
    }
    strong_lucas(&f)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn small_numbers_match_trial_division() {
        let naive = |n: u64| n >= 2 && (2..).take_while(|d| d * d <= n).all(|d| !n.is_multiple_of(d));
        for n in 0..3000u64 {
            assert_eq!(is_probable_prime_vartime(&[n, 0]), naive(n), "{n}");
        }
        // beyond the trial-division range: BPSW proper
        for n in (1_000_001u64..1_020_001).step_by(2) {
            assert_eq!(is_probable_prime_vartime(&[n, 0]), naive(n), "{n}");
        }
    }

    #[test]
    fn pseudoprimes_are_rejected() {
        // strong pseudoprimes to base 2 above the trial-division range (OEIS A001262; the last
        // two are strong pseudoprimes to every prime base up to 7 and 23, OEIS A014233) — the
        // Lucas step must reject them; 1194649 = 1093² is caught by the square test
        for n in [
            1004653u64,
            1016801,
            1023121,
            1082401,
            1145257,
            1194649,
            1207361,
            3215031751,
            3825123056546413051,
        ] {
            assert!(!is_probable_prime_vartime(&[n, 0]), "{n}");
        }
        // strong Lucas pseudoprimes (OEIS A217255): rejected by the Miller–Rabin round
        for n in [
            1033997u64, 1106327, 1241099, 1256293, 1308119, 1311389, 1388903,
        ] {
            assert!(!is_probable_prime_vartime(&[n, 0]), "{n}");
        }
        // Mersenne primes 2^127 − 1 and 2^521 − 1; 2^128 + 1 and (2^127 − 1)² are composite
        assert!(is_probable_prime_vartime(&[u64::MAX, u64::MAX >> 1, 0]));
        let mut m521 = [u64::MAX; 10];
        m521[8] = 0x1ff;
        m521[9] = 0;
        assert!(is_probable_prime_vartime(&m521));
        assert!(!is_probable_prime_vartime(&[1, 0, 1]));
        let m127 = [u64::MAX, u64::MAX >> 1];
        let sq = backend::portable::mul_wide(&m127, &m127);
        assert!(!is_probable_prime_vartime(&[
            sq.lo[0], sq.lo[1], sq.hi[0], sq.hi[1], 0
        ]));
    }

    #[test]
    fn field_ops_against_u128() {
        for p in [
            3u64,
            17,
            211,
            0xffff_ffff_0000_0001,
            0x7fff_ffff_ffff_ffe7,
            0xffff_ffff_ffff_ffc5,
        ] {
            let f = DynField::<1>::new([p]).unwrap();
            let vals = [0u64, 1, 2, p - 1, p / 2, p / 3 + 1];
            for &a in &vals {
                for &b in &vals {
                    let (ea, eb) = (f.from_u64(a), f.from_u64(b));
                    let m = |x: u128| (x % p as u128) as u64;
                    assert_eq!(
                        f.to_canonical(&f.mul(&ea, &eb))[0],
                        m(a as u128 * b as u128)
                    );
                    assert_eq!(
                        f.to_canonical(&f.add(&ea, &eb))[0],
                        m(a as u128 + b as u128)
                    );
                    assert_eq!(
                        f.to_canonical(&f.sub(&ea, &eb))[0],
                        m(a as u128 + p as u128 - b as u128)
                    );
                }
                let ea = f.from_u64(a);
                assert_eq!(
                    f.to_canonical(&f.square(&ea))[0],
                    ((a as u128 * a as u128) % p as u128) as u64
                );
                assert_eq!(f.double(&f.halve(&ea)), ea);
                if a != 0 {
                    assert_eq!(f.mul(&f.invert(&ea).unwrap(), &ea), f.one());
                    let sq = f.square(&ea);
                    let r = f.sqrt_vartime(&sq).unwrap();
                    assert_eq!(f.square(&r), sq);
                } else {
                    assert!(bool::from(f.invert(&ea).is_none()));
                }
            }
        }
    }

    /// (d | p) for Selfridge's D sequence against Euler's criterion d^((p−1)/2) mod p, for
    /// primes p ≡ 1 and 3 (mod 4), one and two limbs.
    #[test]
    fn jacobi_signed_matches_euler() {
        for p in [1_000_003u64, 1_000_033, 998_244_353, 0x7fff_ffff_ffff_ffe7] {
            let mut d: i64 = 5;
            for _ in 0..40 {
                let want = jacobi::euler_u64(d, p) as i32;
                assert_eq!(jacobi_signed(d, &[p]), want, "({d} | {p})");
                assert_eq!(jacobi_signed(d, &[p, 0]), want, "({d} | {p})");
                d = if d > 0 { -(d + 2) } else { -d + 2 };
            }
        }
    }

    /// Square roots exist exactly where Euler's criterion says so, and square back; primes of
    /// 2-adicity 1 to 32 (the Tonelli–Shanks loop and its non-residue search).
    #[test]
    fn sqrt_vartime_matches_euler() {
        for p in [3u64, 5, 17, 41, 97, 998_244_353, 0xffff_ffff_0000_0001] {
            let f = DynField::<1>::new([p]).unwrap();
            for k in (0..300u64).chain((0..300).map(|i| p / 3 + 7919 * i)) {
                let a = f.from_u64(k);
                let r = f.sqrt_vartime(&a);
                assert_eq!(
                    r.is_some(),
                    jacobi::euler_u64((k % p) as i64, p) >= 0,
                    "{k} mod {p}"
                );
                if let Some(r) = r {
                    assert_eq!(f.square(&r), a);
                }
            }
        }
    }

    #[test]
    fn isqrt_exact() {
        for a in [0u64, 1, 2, 3, 4, 15, 16, 17, 1 << 40, u64::MAX] {
            let r = isqrt(&[a, 0])[0] as u128;
            assert!(r * r <= a as u128 && (r + 1) * (r + 1) > a as u128, "{a}");
        }
        let big = [0, 0, 1u64]; // 2^128
        assert_eq!(isqrt(&big), [0, 1, 0]);
    }
}

//! Prime fields in Montgomery form, generic over the number of 64-bit limbs.
//!
//! A field is a zero-sized parameter type implementing [`FpParams`] — in essence just the
//! modulus; R mod p, R² mod p, −p⁻¹ mod 2⁶⁴, the Tonelli–Shanks data and the small-multiple
//! table are derived from it at compile time. `Fp<P, 4>` serves 254-bit primes, `Fp<P, 6>`
//! 381-bit primes.
//!
//! Paper 001's techniques appear as:
//! * [`Fp::mul_wide`] + [`Fp::reduce_wide`]: the mul256 / mod512 split (see
//!   [`crate::backend::portable`]), with [`Wide`] values added and subtracted unreduced;
//! * [`Fp::reduce_small_multiple`]: branch-free reduction of x ∈ [0, 8p) by the table
//!   Tbl\[i\] = i·p indexed by the top bits, read with a constant-time scan.
//!
//! Every operation is constant time unless its name ends in `_vartime`.
//!
//! ## Pseudo-Mersenne moduli
//! For p = 2^(64N) − c with a small c (< 2^62; among the named primes only secp256k1's,
//! c = 2^32 + 977, SEC 2 §2.4.1) the representation uses R = 1 — elements are stored as their
//! canonical value — and products are reduced by folding, 2^(64N) ≡ c (mod p)
//! ([`backend::portable::reduce_pm`]: N + 1 multiplications by c after the N×N product, with
//! short carry chains), instead of N Montgomery rounds of N + 1 multiplications each. Every
//! function below is written in terms of R (`R`, `R2`, `from_limbs_const`'s ·R, safegcd's
//! c = R², `mul` = "a·b·R⁻¹"), so with R = 1 the same code is correct; [`Fp::mul_wide`] +
//! [`Fp::reduce_wide`] still compose to [`Fp::mul`]. Selected at compile time by
//! [`Fp::PM_C`].
//!
//! ## Full-width moduli
//! The pairing primes (254 and 381 bits) leave the top bit of the top limb clear, so a sum of
//! two reduced values fits in N limbs and the fused CIOS multiplication needs no extra carry
//! word. The NIST / SEC 2 / brainpool primes (secp256k1, P-192, P-256, P-384, brainpoolP256r1,
//! brainpoolP384r1) fill their top limb. [`Fp::FULL_WIDTH`], derived from the modulus at
//! compile time, selects carry-aware code for them only — `if Self::FULL_WIDTH` on a constant
//! is resolved by the compiler, so the pairing fields run exactly the code they ran before:
//! * [`Fp::add`] keeps the carry out of the top limb and subtracts p when it is set;
//! * [`Fp::mul`] uses [`backend::portable::mont_mul_full`] (CIOS with an (N+1)-th word);
//! * [`Fp::square`], [`Fp::reduce_wide`] (redc keeps its carry bit), [`Fp::sub`], [`Fp::neg`],
//!   [`Fp::halve`] (keeps the carry of a + p), [`Fp::from_limbs_reduce`], the compile-time
//!   constants (`limbs::pow2_mod` doubles with carry) are correct for every odd modulus;
//! * [`Fp::reduce_small_multiple`] and [`Fp::mul_small`] adapt through
//!   [`Fp::MAX_UNREDUCED_MULTIPLE`] (= 1 for a full-width prime, so `mul_small` takes its
//!   modular double-and-add path and the reduction does a single conditional subtraction);
//! * [`Fp::add_unreduced`] (a + b < R) cannot hold and is statically unavailable: using it on a
//!   full-width field is a compile-time (post-monomorphisation) error, and so is the lazy
//!   reduction of [`crate::Fp2`] built on it.

use alloc::{vec, vec::Vec};
use core::fmt;
use core::marker::PhantomData;
use core::ops::{Add, AddAssign, Mul, MulAssign, Neg, Sub, SubAssign};

use subtle::{Choice, ConditionallySelectable, ConstantTimeEq, CtOption};

use crate::backend::{self, portable::Wide};
use crate::limbs;

/// The parameters of one prime field: its modulus (odd, > 2; the top limb must be non-zero,
/// i.e. N is the least limb count; the top bit may be set, see [`Fp::FULL_WIDTH`]).
pub trait FpParams<const N: usize>:
    'static + Copy + Send + Sync + fmt::Debug + Default + Eq
{
    /// The prime, little-endian limbs.
    const MODULUS: [u64; N];
    /// A short name for diagnostics.
    const NAME: &'static str;
}

/// An element of GF(p), stored as a·R mod p with R = 2^(64N) (R = 1 for pseudo-Mersenne
/// primes, see [`Fp::PM_C`]), always fully reduced.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
#[repr(transparent)]
pub struct Fp<P: FpParams<N>, const N: usize> {
    mont: [u64; N],
    _p: PhantomData<P>,
}

/// Helper constants derived from the modulus (compile time).
impl<P: FpParams<N>, const N: usize> Fp<P, N> {
    /// The modulus.
    pub const MODULUS: [u64; N] = P::MODULUS;
    /// −p⁻¹ mod 2⁶⁴.
    pub const INV: u64 = limbs::neg_inv64(P::MODULUS[0]);
    /// c when p = 2^(64N) − c is pseudo-Mersenne with 0 < c < 2^62 (secp256k1), else 0. Such
    /// primes use R = 1 (elements stored canonically) and the folding reduction
    /// [`backend::portable::reduce_pm`] instead of Montgomery's (see the module docs).
    pub const PM_C: u64 = pseudo_mersenne_c(&P::MODULUS);
    /// log2 R: 64N (Montgomery form), or 0 for pseudo-Mersenne primes (R = 1).
    pub const RADIX_BITS: usize = if Self::PM_C != 0 { 0 } else { 64 * N };
    /// R mod p (the representation of 1).
    pub const R: [u64; N] = limbs::pow2_mod(Self::RADIX_BITS, &P::MODULUS);
    /// R² mod p.
    pub const R2: [u64; N] = limbs::pow2_mod(2 * Self::RADIX_BITS, &P::MODULUS);
    /// 2^(64N) mod p in the stored form (2^(64N)·R mod p).
    const TWO_POW_WORDS_MONT: [u64; N] = limbs::pow2_mod(64 * N + Self::RADIX_BITS, &P::MODULUS);
    /// Bit length of p.
    pub const BITS: u32 = limbs::bits_vartime(&P::MODULUS);
    /// Is the top bit of the top limb set (p ≥ 2^(64N−1))? Then 2p ≥ R: sums of two reduced
    /// values can carry out of N limbs and the fused multiplication needs a carry word. Selects
    /// the carry-aware paths at compile time (see the module docs).
    pub const FULL_WIDTH: bool = P::MODULUS[N - 1] >> 63 == 1;
    /// Bytes of the canonical big-endian encoding.
    pub const BYTES: usize = (Self::BITS as usize).div_ceil(8);
    /// (p − 1)/2.
    pub const P_MINUS_1_OVER_2: [u64; N] = limbs::shr1(&P::MODULUS);
    /// p − 2 (Fermat inversion exponent).
    pub const P_MINUS_2: [u64; N] = limbs::sub_small(&P::MODULUS, 2);
    /// s with p − 1 = 2^s·t, t odd.
    pub const TWO_ADICITY: u32 = limbs::trailing_zeros_vartime(&limbs::sub_small(&P::MODULUS, 1));
    /// t with p − 1 = 2^s·t.
    pub const TRACE: [u64; N] = limbs::shr(&limbs::sub_small(&P::MODULUS, 1), Self::TWO_ADICITY);
    /// (t − 1)/2.
    pub const TRACE_MINUS_1_OVER_2: [u64; N] = limbs::shr1(&Self::TRACE);
    /// (p + 1)/4 (square-root exponent when p ≡ 3 mod 4).
    pub const P_PLUS_1_OVER_4: [u64; N] = limbs::shr(&limbs::add_small(&P::MODULUS, 1), 2);
    /// (p − 3)/4 (when p ≡ 3 mod 4: a^((p−3)/4) gives both a square root and its inverse).
    pub const P_MINUS_3_OVER_4: [u64; N] = limbs::shr(&limbs::sub_small(&P::MODULUS, 3), 2);
    /// Top-bit shift of the small-multiple table (bits − 1).
    pub const SMALL_SHIFT: u32 = Self::BITS - 1;
    /// Does paper 001's table reduction apply to this prime? For every index q = x ≫ (bits−1)
    /// an N-limb x can produce, x − q·p must lie in (−p, p); this holds iff
    /// q·(p − 2^(bits−1)) < p for all such q (for the papers' prime q ≤ 7).
    pub const SMALL_TABLE_EXACT: bool = small_table_exact(&P::MODULUS, Self::BITS);
    /// Tbl\[i\] = i·p mod R for 0 ≤ i ≤ 8 (paper 001). Entries with i·p ≥ R are never used.
    pub const SMALL_TABLE: [[u64; N]; 9] = small_table(&P::MODULUS);
    /// The largest k ≤ 8 with k·p < R: [`Self::mul_small`] accumulates up to this unreduced.
    pub const MAX_UNREDUCED_MULTIPLE: u64 = max_multiple(&P::MODULUS);
    /// Do the conditional subtractions of 8p, 4p, 2p, p reduce every x < R (R < 16p)? False
    /// for primes with more than four spare bits (P-224 in 4 limbs, P-521 in 9 limbs), where
    /// [`Self::reduce_small_multiple`] falls back to a Montgomery round trip.
    pub const SMALL_CHAIN_COVERS_R: bool =
        max_multiple(&P::MODULUS) < 8 || sixteen_p_overflows(&P::MODULUS);
}

/// a·k mod R for one word k (the carry out of the top limb is dropped): N multiplications.
#[inline(always)]
fn mul_word<const N: usize>(a: &[u64; N], k: u64) -> [u64; N] {
    let mut r = [0u64; N];
    let mut carry = 0u64;
    for i in 0..N {
        let t = (a[i] as u128) * (k as u128) + carry as u128;
        r[i] = t as u64;
        carry = (t >> 64) as u64;
    }
    r
}

/// c if m = 2^(64N) − c with 0 < c < 2^62 and N ≥ 2, else 0.
const fn pseudo_mersenne_c<const N: usize>(m: &[u64; N]) -> u64 {
    if N < 2 {
        return 0;
    }
    let mut i = 1;
    while i < N {
        if m[i] != u64::MAX {
            return 0;
        }
        i += 1;
    }
    let c = m[0].wrapping_neg();
    if c != 0 && c < (1 << 62) {
        c
    } else {
        0
    }
}

/// Does 16·m overflow N limbs (16m ≥ R)?
const fn sixteen_p_overflows<const N: usize>(m: &[u64; N]) -> bool {
    let mut acc = [0u64; N];
    let mut k = 0;
    while k < 16 {
        let (s, c) = limbs::add(&acc, m);
        if c != 0 {
            return true;
        }
        acc = s;
        k += 1;
    }
    false
}

const fn max_multiple<const N: usize>(m: &[u64; N]) -> u64 {
    let mut acc = [0u64; N];
    let mut k = 0u64;
    while k < 8 {
        let (s, c) = limbs::add(&acc, m);
        if c != 0 {
            return k;
        }
        acc = s;
        k += 1;
    }
    8
}

const fn small_table<const N: usize>(m: &[u64; N]) -> [[u64; N]; 9] {
    let mut t = [[0u64; N]; 9];
    let mut i = 1;
    while i < 9 {
        t[i] = limbs::add(&t[i - 1], m).0;
        i += 1;
    }
    t
}

const fn small_table_exact<const N: usize>(m: &[u64; N], bits: u32) -> bool {
    let shift = bits - 1;
    let free_bits = 64 * N as u32 - shift; // x ≫ shift < 2^free_bits
    if free_bits > 3 {
        return false; // the table has 9 entries
    }
    let max_q = (1u64 << free_bits) - 1;
    // excess = p − 2^shift
    let mut pow = [0u64; N];
    pow[(shift / 64) as usize] = 1u64 << (shift % 64);
    let (excess, borrow) = limbs::sub(m, &pow);
    if borrow != 0 {
        return false;
    }
    // max_q · excess < p ?
    let mut acc = [0u64; N];
    let mut q = 0;
    while q < max_q {
        let (s, c) = limbs::add(&acc, &excess);
        if c != 0 {
            return false;
        }
        acc = s;
        q += 1;
    }
    limbs::lt(&acc, m) == 1
}

impl<P: FpParams<N>, const N: usize> Fp<P, N> {
    /// 0.
    pub const ZERO: Self = Self {
        mont: [0; N],
        _p: PhantomData,
    };
    /// 1.
    pub const ONE: Self = Self {
        mont: Self::R,
        _p: PhantomData,
    };

    /// 0.
    #[inline]
    pub const fn zero() -> Self {
        Self::ZERO
    }
    /// 1.
    #[inline]
    pub const fn one() -> Self {
        Self::ONE
    }

    /// A constant from canonical little-endian limbs, computed at compile time
    /// (a·R mod p by 64N modular doublings). Panics at compile time if a ≥ p.
    pub const fn from_limbs_const(a: [u64; N]) -> Self {
        if limbs::lt(&a, &P::MODULUS) != 1 {
            panic!("constant not below the modulus");
        }
        Self {
            mont: limbs::mul_pow2_mod(&a, Self::RADIX_BITS, &P::MODULUS),
            _p: PhantomData,
        }
    }

    /// A constant from big-endian hex, at compile time (see [`Self::from_limbs_const`]).
    pub const fn from_hex_const(s: &str) -> Self {
        Self::from_limbs_const(limbs::from_hex(s))
    }

    /// Wraps raw Montgomery limbs (must be < p). For constants computed offline.
    #[inline]
    pub const fn from_mont_unchecked(mont: [u64; N]) -> Self {
        Self {
            mont,
            _p: PhantomData,
        }
    }

    /// self·other at compile time (double-and-add, then division by R: slow, for constants
    /// derived from other constants).
    pub const fn mul_const(&self, other: &Self) -> Self {
        let prod = limbs::mul_mod(&self.mont, &other.mont, &P::MODULUS);
        Self {
            mont: limbs::div_pow2_mod(&prod, Self::RADIX_BITS, &P::MODULUS),
            _p: PhantomData,
        }
    }

    /// The Montgomery-form limbs a·R mod p.
    #[inline]
    pub const fn mont_limbs(&self) -> &[u64; N] {
        &self.mont
    }

    /// Converts a canonical integer (little-endian limbs) into the field; `None` if ≥ p.
    pub fn from_limbs(a: [u64; N]) -> CtOption<Self> {
        let in_range = Choice::from(limbs::lt(&a, &P::MODULUS) as u8);
        let x = Self::from_mont_unchecked(Self::mont_mul_limbs(&a, &Self::R2));
        CtOption::new(x, in_range)
    }

    /// Converts a canonical integer given in a compile-time hex string (panics if ≥ p).
    /// For constants only.
    pub fn from_hex_vartime(s: &str) -> Self {
        let a: [u64; N] = limbs::from_hex(s);
        Option::from(Self::from_limbs(a)).expect("constant must be below the modulus")
    }

    /// Reduces an arbitrary N-limb integer modulo p (a < R; constant time).
    pub fn from_limbs_reduce(a: [u64; N]) -> Self {
        // a·R² · R⁻¹ = a·R (Montgomery form); the CIOS needs a < p only loosely: a < R works
        // as long as the bound t < 2m holds, which needs a·b < m·R: a < R, b = R² mod p < p. ✓
        // (Full-width primes use the carry-aware CIOS.) Its final conditional subtraction
        // already gives a result < p (tests/suite/backend.rs checks operands anywhere below R).
        Self::from_mont_unchecked(Self::mont_mul_limbs(&a, &Self::R2))
    }

    /// Small integer.
    pub fn from_u64(v: u64) -> Self {
        let mut a = [0u64; N];
        a[0] = v;
        Self::from_limbs_reduce(a)
    }

    /// The canonical integer (little-endian limbs) in [0, p).
    pub fn to_limbs(&self) -> [u64; N] {
        let mut one = [0u64; N];
        one[0] = 1;
        Self::mont_mul_limbs(&self.mont, &one)
    }

    /// Canonical big-endian encoding of [`Self::BYTES`] bytes.
    pub fn to_bytes_be(&self) -> Vec<u8> {
        let l = self.to_limbs();
        let mut out = vec![0u8; Self::BYTES];
        for (i, byte) in out.iter_mut().rev().enumerate() {
            *byte = (l[i / 8] >> (8 * (i % 8))) as u8;
        }
        out
    }

    /// Writes the canonical big-endian encoding into `out`, left-padded with zeros
    /// (`out.len() ≥ BYTES`).
    pub fn write_bytes_be(&self, out: &mut [u8]) {
        let l = self.to_limbs();
        let n = out.len();
        for (i, byte) in out.iter_mut().enumerate() {
            let pos = n - 1 - i; // byte index from the little end
            *byte = if pos < 8 * N {
                (l[pos / 8] >> (8 * (pos % 8))) as u8
            } else {
                0
            };
        }
    }

    /// Parses a big-endian integer of any length; rejects values ≥ p (non-canonical).
    /// Leading bytes beyond the limb capacity must be zero.
    pub fn from_bytes_be(bytes: &[u8]) -> CtOption<Self> {
        let mut a = [0u64; N];
        let mut overflow = 0u8;
        let n = bytes.len();
        for (i, &b) in bytes.iter().enumerate() {
            let pos = n - 1 - i;
            if pos < 8 * N {
                a[pos / 8] |= (b as u64) << (8 * (pos % 8));
            } else {
                overflow |= b;
            }
        }
        let ok = overflow.ct_eq(&0);
        let x = Self::from_limbs(a);
        CtOption::new(x.unwrap_or(Self::ZERO), x.is_some() & ok)
    }

    /// Parses a little-endian integer; rejects values ≥ p.
    pub fn from_bytes_le(bytes: &[u8]) -> CtOption<Self> {
        let mut be = bytes.to_vec();
        be.reverse();
        Self::from_bytes_be(&be)
    }

    /// Reduces a big-endian integer of any length modulo p (used for hashing to the field).
    pub fn from_bytes_be_reduce(bytes: &[u8]) -> Self {
        // Horner over N-word chunks from the most significant end, acc·2^(64N) + chunk, each
        // chunk (any value below 2^(64N)) brought into the field by from_limbs_reduce: two
        // multiplications per 8N bytes, no branch on the bytes.
        let word = Self::from_mont_unchecked(Self::TWO_POW_WORDS_MONT);
        let head = match bytes.len() % (8 * N) {
            0 => bytes.len().min(8 * N),
            r => r,
        };
        let (first, rest) = bytes.split_at(head);
        let mut acc = Self::ZERO;
        for chunk in core::iter::once(first).chain(rest.chunks(8 * N)) {
            let mut a = [0u64; N];
            for (i, &b) in chunk.iter().rev().enumerate() {
                a[i / 8] |= (b as u64) << (8 * (i % 8));
            }
            acc = acc * word + Self::from_limbs_reduce(a);
        }
        acc
    }

    /// Is zero.
    #[inline]
    pub fn is_zero(&self) -> Choice {
        self.mont.ct_eq(&[0u64; N])
    }

    /// Is one.
    pub fn is_one(&self) -> Choice {
        self.mont.ct_eq(&Self::R)
    }

    /// a + b.
    #[inline(always)]
    pub fn add(&self, rhs: &Self) -> Self {
        if Self::FULL_WIDTH {
            // s + carry·R < 2p: subtract p if the sum carried out or s ≥ p (single carry chains,
            // see `limbs::add_chain`)
            let (s, carry) = limbs::add_chain(&self.mont, &rhs.mont);
            let (d, borrow) = limbs::sub_chain(&s, &P::MODULUS);
            return Self::from_mont_unchecked(backend::portable::select_ct(
                &s,
                &d,
                carry | (1 ^ borrow),
            ));
        }
        // top bit clear ⇒ no carry out of N limbs: add chain, subtract chain, selection —
        // through `backend::add_mod`, which keeps the selection branch-free (assembly for
        // N = 4 on x86-64; an opaque mask elsewhere). With a plain `limbs::select` LLVM's
        // cmov conversion turned it into a data-dependent branch inside loops (bn254 Fp2 add
        // latency 34 TSC ticks instead of ~6, `hayate-bench field`).
        Self::from_mont_unchecked(backend::add_mod(&self.mont, &rhs.mont, &P::MODULUS))
    }

    /// a − b.
    #[inline(always)]
    pub fn sub(&self, rhs: &Self) -> Self {
        if Self::FULL_WIDTH {
            // a − b, plus p masked by the borrow (one sub and one add chain, no select)
            let (d, borrow) = limbs::sub_chain(&self.mont, &rhs.mont);
            // opaque: with the mask visible, LLVM selected P-384's modulus limbs with a
            // branch on the borrow (caught by crates/ct's valgrind test)
            let mask = backend::portable::opaque(borrow.wrapping_neg());
            let mut pm = [0u64; N];
            for (m, p) in pm.iter_mut().zip(P::MODULUS.iter()) {
                *m = p & mask;
            }
            return Self::from_mont_unchecked(limbs::add_chain(&d, &pm).0);
        }
        // branch-free, see `add`
        Self::from_mont_unchecked(backend::sub_mod(&self.mont, &rhs.mont, &P::MODULUS))
    }

    /// −a.
    #[inline(always)]
    pub fn neg(&self) -> Self {
        if Self::FULL_WIDTH {
            // (p − a) masked to 0 for a = 0. The mask comes from `subtle` (is_zero's optimisation
            // barrier): computed from the limbs' OR directly, LLVM turned it into a branch
            // (caught by the valgrind test in crates/ec).
            let (d, _) = limbs::sub_chain(&P::MODULUS, &self.mont);
            let mask = (self.is_zero().unwrap_u8() as u64).wrapping_sub(1);
            let mut r = [0u64; N];
            for (r, d) in r.iter_mut().zip(d) {
                *r = d & mask;
            }
            return Self::from_mont_unchecked(r);
        }
        let (d, _) = limbs::sub_chain(&P::MODULUS, &self.mont);
        let zero = self.is_zero().unwrap_u8() as u64;
        Self::from_mont_unchecked(limbs::select(&d, &[0u64; N], zero))
    }

    /// 2a.
    #[inline(always)]
    pub fn double(&self) -> Self {
        self.add(self)
    }

    /// a/2.
    #[inline(always)]
    pub fn halve(&self) -> Self {
        // if odd add p, then shift; the carry of a + p (possible for full-width p) becomes the
        // new top bit
        let odd = self.mont[0] & 1;
        if Self::FULL_WIDTH {
            // a + (p masked by oddness), one add chain, no select; opaque as in `sub`
            let mask = backend::portable::opaque(odd.wrapping_neg());
            let mut pm = [0u64; N];
            for (m, p) in pm.iter_mut().zip(P::MODULUS.iter()) {
                *m = p & mask;
            }
            let (t, carry) = limbs::add_chain(&self.mont, &pm);
            let mut r = limbs::shr1(&t);
            r[N - 1] |= carry << 63;
            return Self::from_mont_unchecked(r);
        }
        let (s, carry) = limbs::add(&self.mont, &P::MODULUS);
        let t = backend::portable::select_ct(&self.mont, &s, odd);
        let mut r = limbs::shr1(&t);
        r[N - 1] |= (carry & odd) << 63;
        Self::from_mont_unchecked(r)
    }

    /// a·b (fused Montgomery multiplication; carry-aware CIOS for full-width primes).
    #[inline(always)]
    pub fn mul(&self, rhs: &Self) -> Self {
        Self::from_mont_unchecked(Self::mont_mul_limbs(&self.mont, &rhs.mont))
    }

    /// a·b·R⁻¹ mod p on raw limbs (a < R, b < p), choosing the CIOS variant for this prime.
    #[inline(always)]
    fn mont_mul_limbs(a: &[u64; N], b: &[u64; N]) -> [u64; N] {
        if Self::PM_C != 0 {
            backend::mul_pm(a, b, Self::PM_C)
        } else if Self::FULL_WIDTH {
            backend::portable::mont_mul_full(a, b, &P::MODULUS, Self::INV)
        } else {
            backend::mont_mul(a, b, &P::MODULUS, Self::INV)
        }
    }

    /// a².
    #[inline(always)]
    pub fn square(&self) -> Self {
        if Self::PM_C != 0 {
            return Self::from_mont_unchecked(backend::sqr_pm(&self.mont, Self::PM_C));
        }
        Self::from_mont_unchecked(backend::mont_sqr(&self.mont, &P::MODULUS, Self::INV))
    }

    /// Unreduced double-width product of the Montgomery representatives (paper 001's mul256).
    /// Inputs may be unreduced sums below R; the result must be reduced with
    /// [`Self::reduce_wide`] only while it stays below p·R.
    #[inline(always)]
    pub fn mul_wide(a: &[u64; N], b: &[u64; N]) -> Wide<N> {
        backend::mul_wide(a, b)
    }

    /// Montgomery reduction of a double-width value T < p·R (paper 001's mod512; correct for
    /// full-width primes too, the reduction keeps its carry bit).
    #[inline(always)]
    pub fn reduce_wide(t: &Wide<N>) -> Self {
        if Self::PM_C != 0 {
            return Self::from_mont_unchecked(backend::portable::reduce_pm(t, Self::PM_C));
        }
        Self::from_mont_unchecked(backend::redc(t, &P::MODULUS, Self::INV))
    }

    /// a·b − c·d with one Montgomery reduction: both double-width products, their difference
    /// modulo p·R ([`backend::wide_sub_mod`]: one masked addition of p·R) and one
    /// [`Self::reduce_wide`]. Needs 2p < R (Montgomery primes with a spare top bit); composed
    /// from two products otherwise. Constant time.
    #[inline(always)]
    pub fn mul_sub_mul(a: &Self, b: &Self, c: &Self, d: &Self) -> Self {
        if Self::FULL_WIDTH || Self::PM_C != 0 {
            return *a * *b - *c * *d;
        }
        let ab = backend::mul_wide(&a.mont, &b.mont);
        let cd = backend::mul_wide(&c.mont, &d.mont);
        Self::reduce_wide(&backend::wide_sub_mod(&ab, &cd, &P::MODULUS))
    }

    /// a·b − c² with one Montgomery reduction (see [`Self::mul_sub_mul`]).
    #[inline(always)]
    pub fn mul_sub_sqr(a: &Self, b: &Self, c: &Self) -> Self {
        if Self::FULL_WIDTH || Self::PM_C != 0 {
            return *a * *b - c.square();
        }
        let ab = backend::mul_wide(&a.mont, &b.mont);
        let cc = backend::sqr_wide(&c.mont);
        Self::reduce_wide(&backend::wide_sub_mod(&ab, &cc, &P::MODULUS))
    }

    /// Sum of the representatives without reduction (needs a + b < R; true for values < 2p
    /// with the top bit of p clear). Statically unavailable for full-width primes: calling it
    /// on such a field fails to compile.
    #[inline(always)]
    pub fn add_unreduced(&self, rhs: &Self) -> [u64; N] {
        const {
            assert!(
                !Self::FULL_WIDTH,
                "add_unreduced needs a spare top bit (2p < R)"
            )
        };
        limbs::add_chain(&self.mont, &rhs.mont).0
    }

    /// Branch-free reduction of any N-limb x < R (paper 001): with the papers' prime,
    /// x − Tbl[x ≫ (bits−1)] lies in (−p, p) and one conditional add of p finishes. The table
    /// entry Tbl\[i\] = i·p is computed (N word multiplications by the secret index), neither
    /// indexed nor scanned. For primes where the table
    /// property fails, conditional subtractions of 8p, 4p, 2p, p (those below R) do the same job.
    /// For a full-width prime R < 2p, so the table has entries 0 and p only and x − Tbl[x ≫
    /// (bits − 1)] is already in [0, p). For primes with R ≥ 16p ([`Self::SMALL_CHAIN_COVERS_R`]
    /// false: P-224, P-521) a Montgomery round trip (two multiplications) reduces x instead.
    pub fn reduce_small_multiple(x: &[u64; N]) -> Self {
        if !Self::SMALL_TABLE_EXACT && !Self::SMALL_CHAIN_COVERS_R {
            // x·R mod p, then back out of Montgomery form: x mod p as plain limbs
            return Self::from_mont_unchecked(Self::from_limbs_reduce(*x).to_limbs());
        }
        if Self::SMALL_TABLE_EXACT {
            // Tbl[idx] = idx·p mod R, formed by N word multiplications (constant time, like
            // the scan over the 9 entries it replaces, at a fraction of its ~15N instructions)
            let idx = limbs::shr(x, Self::SMALL_SHIFT)[0];
            let entry = mul_word::<N>(&P::MODULUS, idx);
            let (d, borrow) = limbs::sub(x, &entry);
            let (s, _) = limbs::add(&d, &P::MODULUS);
            Self::from_mont_unchecked(backend::portable::select_ct(&d, &s, borrow))
        } else {
            let mut v = *x;
            for k in [8u64, 4, 2, 1] {
                if k <= Self::MAX_UNREDUCED_MULTIPLE {
                    let (d, borrow) = limbs::sub(&v, &Self::SMALL_TABLE[k as usize]);
                    v = backend::portable::select_ct(&v, &d, 1 ^ borrow);
                }
            }
            Self::from_mont_unchecked(v)
        }
    }

    /// k·a for a small public k: for k·p < R, unreduced additions and one small-multiple
    /// reduction (e.g. multiplication by 5 = −β in the papers' Fp2); otherwise a
    /// double-and-add chain of modular additions.
    #[inline]
    pub fn mul_small(&self, k: u8) -> Self {
        match k {
            0 => Self::ZERO,
            1 => *self,
            2 => self.double(),
            _ if (k as u64) <= Self::MAX_UNREDUCED_MULTIPLE => {
                // k·a < k·p < R: one row of word products instead of k − 1 dependent additions
                Self::reduce_small_multiple(&mul_word::<N>(&self.mont, k as u64))
            }
            _ => {
                let top = 7 - k.leading_zeros();
                let mut acc = *self;
                for i in (0..top).rev() {
                    acc = acc.double();
                    if (k >> i) & 1 == 1 {
                        acc = acc.add(self);
                    }
                }
                acc
            }
        }
    }

    /// a^e for a public exponent (variable time in e only): left-to-right sliding window over
    /// the odd powers a, a³, …, a^(2^w − 1) (Hankerson–Menezes–Vanstone, *Guide to ECC*,
    /// Alg. 3.38 in multiplicative form; the windows of [`crate::batch_pow`]'s schedules), w
    /// from 1 to 5 by the length of e, so a full-size exponent costs ≈ log₂e squarings and
    /// log₂e/6 products. The sequence of operations and table indices is a function of e alone:
    /// constant time in a.
    pub fn pow_vartime(&self, e: &[u64]) -> Self {
        let bits = e
            .iter()
            .rposition(|&l| l != 0)
            .map_or(0, |i| 64 * (i + 1) - e[i].leading_zeros() as usize);
        let w: usize = match bits {
            0..=24 => 1,
            25..=96 => 3,
            97..=256 => 4,
            _ => 5,
        };
        let mut windows = crate::batch_pow::sliding_windows(e, w);
        let Some((_, Some(first))) = windows.next() else {
            return Self::ONE;
        };
        crate::batch_pow::apply_windows(self, (1 << (w - 1)) - 1, first, windows)
    }

    /// a^e in constant time for a secret exponent of N limbs (square-and-multiply-always).
    pub fn pow(&self, e: &[u64; N]) -> Self {
        let mut r = Self::ONE;
        for i in (0..64 * N).rev() {
            r = r.square();
            let t = r.mul(self);
            r = Self::conditional_select(&r, &t, Choice::from(((e[i / 64] >> (i % 64)) & 1) as u8));
        }
        r
    }

    /// a⁻¹ (Fermat, constant time); `None` for 0.
    pub fn invert(&self) -> CtOption<Self> {
        CtOption::new(self.pow_vartime(&Self::P_MINUS_2), !self.is_zero())
    }

    /// Legendre symbol (a | p) ∈ {0, 1, −1} by Euler's criterion (constant time in a).
    pub fn legendre(&self) -> i8 {
        let s = self.pow_vartime(&Self::P_MINUS_1_OVER_2);
        if bool::from(s.is_zero()) {
            0
        } else if bool::from(s.is_one()) {
            1
        } else {
            -1
        }
    }

    /// Is a a square (0 counts as a square); constant time.
    pub fn is_square(&self) -> Choice {
        let s = self.pow_vartime(&Self::P_MINUS_1_OVER_2);
        s.is_zero() | s.is_one()
    }

    /// A square root (either one), `None` if a is not a square. Uses a^((p+1)/4) when
    /// p ≡ 3 (mod 4) and constant-time Tonelli–Shanks otherwise. Constant time in a, for
    /// secret inputs; public inputs may take the faster [`crate::sqrt::SqrtTables`].
    pub fn sqrt(&self) -> CtOption<Self> {
        let r = if Self::TWO_ADICITY == 1 {
            self.pow_vartime(&Self::P_PLUS_1_OVER_4)
        } else {
            self.tonelli_shanks()
        };
        CtOption::new(r, r.square().ct_eq(self))
    }

    /// Constant-time Tonelli–Shanks (fixed iteration counts).
    fn tonelli_shanks(&self) -> Self {
        let z = Self::two_adic_root();
        let s = Self::TWO_ADICITY;
        // w = a^((t−1)/2); x = a·w; b = x·w = a^t
        let w = self.pow_vartime(&Self::TRACE_MINUS_1_OVER_2);
        let mut x = self.mul(&w);
        let mut b = x.mul(&w);
        let mut g = z;
        let mut v = s;
        // loop a fixed s−1 times (v decreases by one each step)
        while v > 1 {
            // b^(2^(v−2)) == −1 ?  (i.e. b^(2^(v−1)) = 1 but not at v−2)
            let mut tmp = b;
            for _ in 0..(v - 2) {
                tmp = tmp.square();
            }
            let is_minus_one = tmp.ct_eq(&Self::ONE.neg());
            let g_sq = g.square();
            let x_new = x.mul(&g);
            let b_new = b.mul(&g_sq);
            x.conditional_assign(&x_new, is_minus_one);
            b.conditional_assign(&b_new, is_minus_one);
            g = g_sq;
            v -= 1;
        }
        x
    }

    /// A primitive 2^s-th root of unity: c^t for the smallest non-residue c (public search).
    pub fn two_adic_root() -> Self {
        let mut c = Self::from_u64(2);
        while c.legendre() != -1 {
            c = c.add(&Self::ONE);
        }
        c.pow_vartime(&Self::TRACE)
    }

    /// A uniformly random element (rejection sampling on limbs masked to the bit length of p).
    pub fn random(rng: &mut impl rand_core::RngCore) -> Self {
        let top_limb = ((Self::BITS - 1) / 64) as usize;
        let top_bits = Self::BITS - 64 * top_limb as u32;
        let mask = if top_bits == 64 {
            u64::MAX
        } else {
            (1u64 << top_bits) - 1
        };
        loop {
            let mut a = [0u64; N];
            for l in a.iter_mut().take(top_limb + 1) {
                *l = rng.next_u64();
            }
            a[top_limb] &= mask;
            // whether a candidate is rejected reveals nothing about the accepted one
            let x = Self::from_limbs(a);
            if crate::valgrind::declassify(bool::from(x.is_some())) {
                return x.unwrap_or(Self::ZERO);
            }
        }
    }

    /// Lexicographically largest (RFC 9380 `sgn0` is `is_odd` of the canonical value).
    pub fn is_odd(&self) -> Choice {
        Choice::from((self.to_limbs()[0] & 1) as u8)
    }

    /// Is the canonical value > (p−1)/2 (Zcash/ZCash-style "largest" flag).
    pub fn is_lexicographically_largest(&self) -> Choice {
        let v = self.to_limbs();
        Choice::from(limbs::lt(&Self::P_MINUS_1_OVER_2, &v) as u8)
    }

    /// Batch inversion (Montgomery's trick, the one inversion by safegcd); zeros stay zero.
    pub fn batch_invert(v: &mut [Self]) {
        let mut prefix = Vec::with_capacity(v.len());
        let mut acc = Self::ONE;
        for x in v.iter() {
            prefix.push(acc);
            let nz = !x.is_zero();
            acc = Self::conditional_select(&acc, &acc.mul(x), nz);
        }
        let mut inv = acc.invert_safegcd().unwrap_or(Self::ZERO);
        for (x, p) in v.iter_mut().zip(prefix).rev() {
            let nz = !x.is_zero();
            let xi = Fp::mul(&inv, &p);
            let new_inv = Fp::mul(&inv, x);
            inv = Self::conditional_select(&inv, &new_inv, nz);
            *x = Self::conditional_select(x, &xi, nz);
        }
    }
}

impl<P: FpParams<N>, const N: usize> Default for Fp<P, N> {
    fn default() -> Self {
        Self::ZERO
    }
}

impl<P: FpParams<N>, const N: usize> fmt::Debug for Fp<P, N> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "0x")?;
        for b in self.to_bytes_be() {
            write!(f, "{b:02x}")?;
        }
        Ok(())
    }
}

impl<P: FpParams<N>, const N: usize> fmt::Display for Fp<P, N> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self, f)
    }
}

impl<P: FpParams<N>, const N: usize> ConditionallySelectable for Fp<P, N> {
    #[inline(always)]
    fn conditional_select(a: &Self, b: &Self, choice: Choice) -> Self {
        Self::from_mont_unchecked(limbs::select(&a.mont, &b.mont, choice.unwrap_u8() as u64))
    }
}

impl<P: FpParams<N>, const N: usize> ConstantTimeEq for Fp<P, N> {
    #[inline]
    fn ct_eq(&self, other: &Self) -> Choice {
        self.mont.ct_eq(&other.mont)
    }
}

macro_rules! impl_binops {
    ($Tr:ident, $f:ident, $TrA:ident, $fa:ident, $m:ident) => {
        impl<P: FpParams<N>, const N: usize> $Tr for Fp<P, N> {
            type Output = Self;
            #[inline(always)]
            fn $f(self, rhs: Self) -> Self {
                Fp::$m(&self, &rhs)
            }
        }
        impl<'a, P: FpParams<N>, const N: usize> $Tr<&'a Fp<P, N>> for Fp<P, N> {
            type Output = Self;
            #[inline(always)]
            fn $f(self, rhs: &'a Self) -> Self {
                Fp::$m(&self, rhs)
            }
        }
        impl<'a, P: FpParams<N>, const N: usize> $Tr<&'a Fp<P, N>> for &'a Fp<P, N> {
            type Output = Fp<P, N>;
            #[inline(always)]
            fn $f(self, rhs: &'a Fp<P, N>) -> Fp<P, N> {
                Fp::$m(self, rhs)
            }
        }
        impl<P: FpParams<N>, const N: usize> $TrA for Fp<P, N> {
            #[inline(always)]
            fn $fa(&mut self, rhs: Self) {
                *self = Fp::$m(self, &rhs);
            }
        }
    };
}
impl_binops!(Add, add, AddAssign, add_assign, add);
impl_binops!(Sub, sub, SubAssign, sub_assign, sub);
impl_binops!(Mul, mul, MulAssign, mul_assign, mul);

impl<P: FpParams<N>, const N: usize> Neg for Fp<P, N> {
    type Output = Self;
    #[inline(always)]
    fn neg(self) -> Self {
        Fp::neg(&self)
    }
}

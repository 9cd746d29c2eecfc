//! Portable back end: u64 limbs with u128 products.
//!
//! Montgomery multiplication is offered two ways, as in paper 001 §"Fp":
//! * split: [`mul_wide`] (schoolbook N×N → 2N limbs, "mul256") then [`redc`] ("mod512"), used
//!   where products are accumulated unreduced (lazy reduction in Fp2 and above);
//! * fused CIOS ([`mont_mul`]), used for isolated products.
//!
//! All functions are constant time. [`mont_mul`] requires the top bit of the modulus's top limb
//! to be clear (true for the pairing fields), which lets the fused form skip a carry word;
//! [`mont_mul_full`] is the carry-aware CIOS for full-width moduli (secp256k1, P-256, P-384,
//! brainpool), selected at compile time by `Fp::FULL_WIDTH`. [`mul_wide`], [`sqr_wide`],
//! [`redc`] and [`mont_sqr`] are correct for every odd modulus (redc keeps its carry bit).

// The carry chains index several arrays with one counter; iterator forms hide that.
#![allow(clippy::needless_range_loop)]

use crate::limbs::{adc, mac, sbb, sub};

/// A double-width (2N-limb) unreduced value `lo + hi·2^(64N)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Wide<const N: usize> {
    /// The low N limbs.
    pub lo: [u64; N],
    /// The high N limbs.
    pub hi: [u64; N],
}

/// `x` unchanged, but opaque to the optimiser (an empty `asm!` block on x86-64 and AArch64,
/// `black_box` elsewhere): a mask derived from a carry passes through it so that LLVM cannot
/// prove it is 0 or all-ones and turn the masked selection into a branch (its x86 cmov
/// conversion does exactly that for selections on the critical path inside loops).
#[inline(always)]
pub fn opaque(x: u64) -> u64 {
    #[cfg(any(target_arch = "x86_64", target_arch = "aarch64"))]
    {
        let mut x = x;
        // SAFETY: an empty instruction sequence; it only claims to modify the register.
        unsafe {
            core::arch::asm!("/* {0} */", inout(reg) x, options(pure, nomem, nostack, preserves_flags));
        }
        x
    }
    #[cfg(not(any(target_arch = "x86_64", target_arch = "aarch64")))]
    {
        core::hint::black_box(x)
    }
}

/// Constant-time `if choice == 1 { b } else { a }` (choice ∈ {0, 1}) whose mask goes through
/// [`opaque`], so it stays branch-free whatever the surrounding code.
#[inline(always)]
pub fn select_ct<const N: usize>(a: &[u64; N], b: &[u64; N], choice: u64) -> [u64; N] {
    let mask = opaque(0u64.wrapping_sub(choice));
    let mut r = [0u64; N];
    for i in 0..N {
        r[i] = a[i] ^ (mask & (a[i] ^ b[i]));
    }
    r
}

/// a + b mod m for a, b < m and a modulus with the top bit of its top limb clear (so a + b
/// fits in N limbs): one add chain, one subtract chain, a masked selection.
#[inline(always)]
pub fn add_mod<const N: usize>(a: &[u64; N], b: &[u64; N], m: &[u64; N]) -> [u64; N] {
    let (s, _) = crate::limbs::add_chain(a, b);
    let (d, borrow) = crate::limbs::sub_chain(&s, m);
    select_ct(&s, &d, 1 ^ borrow)
}

/// a − b mod m for a, b < m: the difference plus m masked by the borrow.
#[inline(always)]
pub fn sub_mod<const N: usize>(a: &[u64; N], b: &[u64; N], m: &[u64; N]) -> [u64; N] {
    let (d, borrow) = crate::limbs::sub_chain(a, b);
    let mask = opaque(0u64.wrapping_sub(borrow));
    let mut pm = [0u64; N];
    for i in 0..N {
        pm[i] = m[i] & mask;
    }
    crate::limbs::add_chain(&d, &pm).0
}

/// Schoolbook product a·b as a 2N-limb value (paper 001's mul256 for N = 4).
#[inline(always)]
pub fn mul_wide<const N: usize>(a: &[u64; N], b: &[u64; N]) -> Wide<N> {
    let mut lo = [0u64; N];
    let mut hi = [0u64; N];
    for i in 0..N {
        let mut carry = 0u64;
        for j in 0..N {
            let k = i + j;
            let acc = if k < N { lo[k] } else { hi[k - N] };
            let (v, c) = mac(acc, a[i], b[j], carry);
            if k < N {
                lo[k] = v;
            } else {
                hi[k - N] = v;
            }
            carry = c;
        }
        // position i + N
        hi[i] = carry;
    }
    Wide { lo, hi }
}

/// a² as a 2N-limb value (off-diagonal products once, doubled, plus the squares).
#[inline(always)]
pub fn sqr_wide<const N: usize>(a: &[u64; N]) -> Wide<N> {
    // For clarity and since the compiler unrolls both, reuse the schoolbook product;
    // the dedicated squaring saves ~N(N−1)/2 multiplies.
    let mut t = [0u64; 24];
    debug_assert!(2 * N <= 24);
    for i in 0..N {
        let mut carry = 0u64;
        for j in (i + 1)..N {
            let (v, c) = mac(t[i + j], a[i], a[j], carry);
            t[i + j] = v;
            carry = c;
        }
        t[i + N] = carry;
    }
    // double
    let mut top = 0u64;
    for k in 0..2 * N {
        let v = t[k];
        t[k] = (v << 1) | top;
        top = v >> 63;
    }
    // add squares
    let mut carry = 0u64;
    for i in 0..N {
        let (v, c) = mac(t[2 * i], a[i], a[i], carry);
        t[2 * i] = v;
        let (v2, c2) = adc(t[2 * i + 1], c, 0);
        t[2 * i + 1] = v2;
        carry = c2;
    }
    let mut lo = [0u64; N];
    let mut hi = [0u64; N];
    lo.copy_from_slice(&t[..N]);
    hi.copy_from_slice(&t[N..2 * N]);
    Wide { lo, hi }
}

/// Montgomery reduction (paper 001's mod512): for T < m·2^(64N) returns T·2^(−64N) mod m,
/// fully reduced to [0, m).
#[inline(always)]
pub fn redc<const N: usize>(t: &Wide<N>, m: &[u64; N], inv: u64) -> [u64; N] {
    let mut lo = t.lo;
    let mut hi = t.hi;
    let mut carry2 = 0u64; // carry into hi beyond the running position
    for i in 0..N {
        let k = lo[i].wrapping_mul(inv);
        let (_, mut carry) = mac(lo[i], k, m[0], 0);
        for j in 1..N {
            let idx = i + j;
            if idx < N {
                let (v, c) = mac(lo[idx], k, m[j], carry);
                lo[idx] = v;
                carry = c;
            } else {
                let (v, c) = mac(hi[idx - N], k, m[j], carry);
                hi[idx - N] = v;
                carry = c;
            }
        }
        // add carry at position i + N
        let (v, c) = adc(hi[i], carry, carry2);
        hi[i] = v;
        carry2 = c;
    }
    // result hi (+ carry2·2^(64N)) < 2m
    let (s, borrow) = sub(&hi, m);
    // use s if carry2 == 1 or no borrow
    select_ct(&hi, &s, carry2 | (1 ^ borrow))
}

/// Fused Montgomery multiplication (CIOS): a·b·2^(−64N) mod m for a, b < m.
#[inline(always)]
pub fn mont_mul<const N: usize>(a: &[u64; N], b: &[u64; N], m: &[u64; N], inv: u64) -> [u64; N] {
    let mut t = [0u64; N];
    let mut t_n: u64;
    for i in 0..N {
        // t += a[i]·b
        let mut carry = 0u64;
        for j in 0..N {
            let (v, c) = mac(t[j], a[i], b[j], carry);
            t[j] = v;
            carry = c;
        }
        t_n = carry;
        // reduce one word
        let k = t[0].wrapping_mul(inv);
        let (_, mut c) = mac(t[0], k, m[0], 0);
        for j in 1..N {
            let (v, c2) = mac(t[j], k, m[j], c);
            t[j - 1] = v;
            c = c2;
        }
        // top bit of m clear ⇒ t_n + c fits in a word
        t[N - 1] = t_n.wrapping_add(c);
    }
    let (s, borrow) = sub(&t, m);
    select_ct(&t, &s, 1 ^ borrow)
}

/// Fused Montgomery multiplication (CIOS) for any odd modulus, including full-width ones
/// (m ≥ 2^(64N−1)): the running value t < 2m may need N + 1 words, so the top carry is kept
/// and the final conditional subtraction accounts for it. Needs a < 2^(64N), b < m.
///
/// A deliberate twin of [`mont_mul`]: the same loop with word N kept; `mont_mul` drops it
/// where the modulus's spare top bit allows, one carry chain fewer per word on the fields
/// every pairing uses.
#[inline(always)]
pub fn mont_mul_full<const N: usize>(
    a: &[u64; N],
    b: &[u64; N],
    m: &[u64; N],
    inv: u64,
) -> [u64; N] {
    let mut t = [0u64; N];
    let mut t_n = 0u64; // word N of t (0 or 1 between iterations, since t < 2m < 2^(64N+1))
    for i in 0..N {
        // t += a[i]·b  (t < 2m + (2^64 − 1)·m < 2^(64(N+1)+1): words N and N+1)
        let mut carry = 0u64;
        for j in 0..N {
            let (v, c) = mac(t[j], a[i], b[j], carry);
            t[j] = v;
            carry = c;
        }
        let (w_n, w_n1) = adc(t_n, carry, 0);
        // t = (t + k·m) / 2^64
        let k = t[0].wrapping_mul(inv);
        let (_, mut c) = mac(t[0], k, m[0], 0);
        for j in 1..N {
            let (v, c2) = mac(t[j], k, m[j], c);
            t[j - 1] = v;
            c = c2;
        }
        let (v, c2) = adc(w_n, c, 0);
        t[N - 1] = v;
        t_n = w_n1 + c2;
    }
    // t + t_n·2^(64N) < 2m: subtract m once if t_n is set or t ≥ m
    let (s, borrow) = sub(&t, m);
    select_ct(&t, &s, t_n | (1 ^ borrow))
}

/// Montgomery squaring a²·2^(−64N) mod m.
#[inline(always)]
pub fn mont_sqr<const N: usize>(a: &[u64; N], m: &[u64; N], inv: u64) -> [u64; N] {
    redc(&sqr_wide(a), m, inv)
}

/// Reduction modulo a pseudo-Mersenne prime m = 2^(64N) − c with 0 < c < 2^62 (secp256k1:
/// c = 2^32 + 977) of any 2N-limb T = hi·2^(64N) + lo, fully reduced to [0, m). Since
/// 2^(64N) ≡ c (mod m): r = lo + hi·c (N + 1 limbs, the top one at most c), then the top limb
/// t is folded the same way (r + t·c, t·c < 2^124); a carry out of that (r is then tiny) and
/// r ≥ m are both settled by one conditional subtraction of m, computed as r + c mod 2^(64N).
/// N + 1 multiplications, branch-free.
#[inline(always)]
pub fn reduce_pm<const N: usize>(t: &Wide<N>, c: u64) -> [u64; N] {
    let mut r = [0u64; N];
    let mut top = 0u64;
    for i in 0..N {
        (r[i], top) = mac(t.lo[i], t.hi[i], c, top);
    }
    let f = (top as u128) * (c as u128);
    let mut k;
    (r[0], k) = adc(r[0], f as u64, 0);
    (r[1], k) = adc(r[1], (f >> 64) as u64, k);
    for limb in r.iter_mut().skip(2) {
        (*limb, k) = adc(*limb, 0, k);
    }
    // the value is r + k·2^(64N) < 2m. With k = 1 it is ≡ r + c (r < 2^124: no carry, below m);
    // with k = 0, r ≥ m ⇔ r + c ≥ 2^(64N), and then r − m = r + c − 2^(64N). Either way
    // s = r + c mod 2^(64N) is taken iff k or the carry of r + c is set.
    let mut s = [0u64; N];
    let mut k2;
    (s[0], k2) = adc(r[0], c, 0);
    for i in 1..N {
        (s[i], k2) = adc(r[i], 0, k2);
    }
    select_ct(&r, &s, k | k2)
}

/// a·b mod m for a pseudo-Mersenne m = 2^(64N) − c (see [`reduce_pm`]); any a, b < 2^(64N).
#[inline(always)]
pub fn mul_pm<const N: usize>(a: &[u64; N], b: &[u64; N], c: u64) -> [u64; N] {
    reduce_pm(&mul_wide(a, b), c)
}

/// a² mod m for a pseudo-Mersenne m = 2^(64N) − c (see [`reduce_pm`]).
#[inline(always)]
pub fn sqr_pm<const N: usize>(a: &[u64; N], c: u64) -> [u64; N] {
    reduce_pm(&sqr_wide(a), c)
}

/// The 2N-limb chain of `op` over double-width a and b, low limbs first: with
/// [`crate::limbs::adc`] the sum and its carry, with [`crate::limbs::sbb`] the difference and its
/// borrow.
#[inline(always)]
fn wide_chain<const N: usize>(
    a: &Wide<N>,
    b: &Wide<N>,
    op: impl Fn(u64, u64, u64) -> (u64, u64),
) -> (Wide<N>, u64) {
    let mut r = Wide {
        lo: [0u64; N],
        hi: [0u64; N],
    };
    let mut c = 0u64;
    for i in 0..N {
        (r.lo[i], c) = op(a.lo[i], b.lo[i], c);
    }
    for i in 0..N {
        (r.hi[i], c) = op(a.hi[i], b.hi[i], c);
    }
    (r, c)
}

/// a + b + carry as (sum, carry out) through `overflowing_add`: in the 2N-limb chains of
/// [`wide_add_mod`] LLVM turns this form into one `add`/`adc` chain (the u128 form of
/// [`adc`] does not fold as well there).
#[inline(always)]
fn carrying_add(a: u64, b: u64, carry: u64) -> (u64, u64) {
    let (s, c1) = a.overflowing_add(b);
    let (s, c2) = s.overflowing_add(carry);
    (s, (c1 | c2) as u64)
}

/// a − b − borrow as (difference, borrow out), the `sub`/`sbb` counterpart of [`carrying_add`].
#[inline(always)]
fn borrowing_sub(a: u64, b: u64, borrow: u64) -> (u64, u64) {
    let (d, b1) = a.overflowing_sub(b);
    let (d, b2) = d.overflowing_sub(borrow);
    (d, (b1 | b2) as u64)
}

/// k·w for a double-width w and a word k, for k·w < 2^(128N) (the carry out is dropped).
#[inline(always)]
fn wide_mul_small<const N: usize>(w: &Wide<N>, k: u64) -> Wide<N> {
    wide_chain(w, w, |x, _, c| mac(0, x, k, c)).0
}

/// Double-width product in Fp2 = Fp\[u\]/(u² + k) (β = −k) by Karatsuba, no reduction:
/// c0 = a0·b0 − k·a1·b1, plus p·R when that is negative (so c0 ∈ [0, p·R)), and
/// c1 = (a0 + a1)(b0 + b1) − a0·b0 − a1·b1 = a0·b1 + a1·b0 ∈ [0, 2p²). Needs reduced inputs
/// and k·p < R (so 2p < R: a0 + a1 fits). Oracle of the assembly `fp2_mul_wide_*`.
#[inline(always)]
pub fn fp2_mul_wide<const N: usize>(
    a: [&[u64; N]; 2],
    b: [&[u64; N]; 2],
    m: &[u64; N],
    k: u64,
) -> [Wide<N>; 2] {
    let t0 = mul_wide(a[0], b[0]);
    let t1 = mul_wide(a[1], b[1]);
    let t2 = mul_wide(
        &crate::limbs::add(a[0], a[1]).0,
        &crate::limbs::add(b[0], b[1]).0,
    );
    let (c1, _) = wide_chain(&wide_chain(&t2, &t0, sbb).0, &t1, sbb);
    // k·t1 < k·p² < R²: no carry out
    let c0 = wide_sub_mod(&t0, &wide_mul_small(&t1, k), m);
    [c0, c1]
}

/// Product in Fp2 = Fp\[u\]/(u² + k): [`fp2_mul_wide`] and two [`redc`]; fully reduced.
#[inline(always)]
pub fn fp2_mul<const N: usize>(
    a: [&[u64; N]; 2],
    b: [&[u64; N]; 2],
    m: &[u64; N],
    inv: u64,
    k: u64,
) -> [[u64; N]; 2] {
    let [c0, c1] = fp2_mul_wide(a, b, m, k);
    [redc(&c0, m, inv), redc(&c1, m, inv)]
}

/// Squaring in Fp2 = Fp\[u\]/(u² + 1): c0 = (a0 + a1)(a0 − a1), c1 = (2a1)·a0, two fused
/// Montgomery products with a0 + a1 and 2a1 left unreduced (< 2p < R; needs the top bit of
/// the modulus clear) and a0 − a1 reduced. Oracle of the assembly `fp2_sqr_N`.
#[inline(always)]
pub fn fp2_sqr<const N: usize>(a: [&[u64; N]; 2], m: &[u64; N], inv: u64) -> [[u64; N]; 2] {
    use crate::limbs::{add_chain, sub_chain};
    let s = add_chain(a[0], a[1]).0;
    let t = add_chain(a[1], a[1]).0;
    let (d, borrow) = sub_chain(a[0], a[1]);
    let d = select_ct(&d, &add_chain(&d, m).0, borrow);
    [mont_mul(&s, &d, m, inv), mont_mul(&t, a[0], m, inv)]
}

/// Squaring in Fp2 = Fp\[u\]/(u² + k) for k ≥ 1 with (k + 1)·m < R (paper 001's formula):
/// c0 = (a0 − a1)(a0 + k·a1) − (k − 1)·a0·a1, c1 = 2·a0·a1, with a0 + k·a1 unreduced, both
/// products double width (W1 < (k+1)m², W2 < m²), W1 − (k − 1)·W2 (+ m·R on borrow) in
/// [0, m·R) and 2·W2 < 2m² reduced by [`redc`]; fully reduced outputs. Oracle of the assembly
/// `fp2_sqr_k5_4`.
#[inline(always)]
pub fn fp2_sqr_k<const N: usize>(
    a: [&[u64; N]; 2],
    m: &[u64; N],
    inv: u64,
    k: u64,
) -> [[u64; N]; 2] {
    use crate::limbs::add_chain;
    let d = sub_mod(a[0], a[1], m);
    let mut s = *a[0];
    for _ in 0..k {
        s = add_chain(&s, a[1]).0;
    }
    let w1 = mul_wide(&d, &s);
    let w2 = mul_wide(a[0], a[1]);
    // (k − 1)·W2 and 2·W2 (both < 2^(128N): (k − 1)·m² < m·R)
    let kw = wide_mul_small(&w2, k - 1);
    let dw = wide_chain(&w2, &w2, adc).0;
    let c0 = wide_sub_mod(&w1, &kw, m);
    [redc(&c0, m, inv), redc(&dw, m, inv)]
}

/// (a + b) mod m·2^(64N) for double-width a, b < m·2^(64N) and a modulus with the top bit of
/// its top limb clear (the lazy-reduction addition of the tower, paper 001): a + b < 2m·2^(64N)
/// < 2^(128N) needs no carry word, and a + b ≥ m·2^(64N) exactly when its high half is ≥ m
/// (the low half is below 2^(64N)), so one N-limb conditional subtraction of m from the high
/// half finishes. The result is again below m·2^(64N), i.e. a valid input of [`redc`]
/// (≡ a + b mod m after the reduction, since m·2^(64N) ≡ 0). Branch-free.
#[inline(always)]
pub fn wide_add_mod<const N: usize>(a: &Wide<N>, b: &Wide<N>, m: &[u64; N]) -> Wide<N> {
    let (s, _) = wide_chain(a, b, carrying_add);
    let (d, borrow) = crate::limbs::sub_chain(&s.hi, &opaque_limbs(m));
    Wide {
        lo: s.lo,
        hi: select_ct(&s.hi, &d, 1 ^ borrow),
    }
}

/// The limbs of `m` through [`opaque`]: with a compile-time constant modulus LLVM rewrites a
/// `sub`/`sbb` chain against it into `lea`/`cmp`/`setb` sequences (about three times the
/// instructions, seen for N = 6); opaque limbs keep the plain borrow chain.
#[inline(always)]
pub fn opaque_limbs<const N: usize>(m: &[u64; N]) -> [u64; N] {
    let mut r = [0u64; N];
    for i in 0..N {
        r[i] = opaque(m[i]);
    }
    r
}

/// (a − b) mod m·2^(64N) for double-width a, b < m·2^(64N): the 2N-limb difference, plus m on
/// the high half masked by the borrow (a − b + m·2^(64N) ∈ (0, m·2^(64N)) then, and the wrap of
/// the 2N-limb arithmetic cancels the borrow). Result below m·2^(64N). Branch-free.
#[inline(always)]
pub fn wide_sub_mod<const N: usize>(a: &Wide<N>, b: &Wide<N>, m: &[u64; N]) -> Wide<N> {
    let (d, borrow) = wide_chain(a, b, borrowing_sub);
    let mask = opaque(borrow.wrapping_neg());
    let mut pm = [0u64; N];
    for i in 0..N {
        pm[i] = m[i] & mask;
    }
    Wide {
        lo: d.lo,
        hi: crate::limbs::add_chain(&d.hi, &pm).0,
    }
}

/// a + b mod m like [`add_mod`], with the modulus limbs made opaque ([`opaque_limbs`]) so that
/// the subtraction stays one `sub`/`sbb` chain (used for N = 6, where the constant-modulus form
/// compiles to `lea`/`cmp`/`setb` sequences).
#[inline(always)]
pub fn add_mod_opaque<const N: usize>(a: &[u64; N], b: &[u64; N], m: &[u64; N]) -> [u64; N] {
    let (s, _) = crate::limbs::add_chain(a, b);
    let (d, borrow) = crate::limbs::sub_chain(&s, &opaque_limbs(m));
    select_ct(&s, &d, 1 ^ borrow)
}

/// k·a as a double-width value for a < m·2^(64N) and a small k with k·m < 2^(64N): one row of
/// word products; the high half of the result is below k·m + k ≤ 2^(64N) (so no carry word)
/// and is left unreduced — the caller reduces it modulo m.
#[inline(always)]
pub fn wide_mul_word<const N: usize>(a: &Wide<N>, k: u64) -> Wide<N> {
    let mut lo = [0u64; N];
    let mut hi = [0u64; N];
    let mut carry = 0u64;
    for i in 0..N {
        (lo[i], carry) = mac(0, a.lo[i], k, carry);
    }
    for i in 0..N {
        (hi[i], carry) = mac(0, a.hi[i], k, carry);
    }
    Wide { lo, hi }
}

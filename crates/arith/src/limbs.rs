//! Multi-precision integer helpers on little-endian arrays of 64-bit limbs.
//!
//! Everything here is `const fn` so that Montgomery constants (R mod p, R² mod p, −p⁻¹ mod 2⁶⁴)
//! are derived from the modulus at compile time. All functions run in time independent of the
//! limb values (no data-dependent branches), except where named `_vartime`.

/// `a + b + carry`, returning (sum, carry out). `carry` must be 0 or 1.
#[inline(always)]
pub const fn adc(a: u64, b: u64, carry: u64) -> (u64, u64) {
    let t = (a as u128) + (b as u128) + (carry as u128);
    (t as u64, (t >> 64) as u64)
}

/// `a − b − borrow`, returning (difference, borrow out ∈ {0, 1}).
#[inline(always)]
pub const fn sbb(a: u64, b: u64, borrow: u64) -> (u64, u64) {
    let t = (a as u128).wrapping_sub((b as u128) + (borrow as u128));
    (t as u64, (t >> 127) as u64)
}

/// `acc + b·c + carry`, returning (low word, high word).
#[inline(always)]
pub const fn mac(acc: u64, b: u64, c: u64, carry: u64) -> (u64, u64) {
    let t = (acc as u128) + (b as u128) * (c as u128) + (carry as u128);
    (t as u64, (t >> 64) as u64)
}

/// `a + b` over N limbs, returning the carry out.
#[inline(always)]
pub const fn add<const N: usize>(a: &[u64; N], b: &[u64; N]) -> ([u64; N], u64) {
    let mut r = [0u64; N];
    let mut carry = 0;
    let mut i = 0;
    while i < N {
        let (s, c) = adc(a[i], b[i], carry);
        r[i] = s;
        carry = c;
        i += 1;
    }
    (r, carry)
}

/// `a − b` over N limbs, returning the borrow out.
#[inline(always)]
pub const fn sub<const N: usize>(a: &[u64; N], b: &[u64; N]) -> ([u64; N], u64) {
    let mut r = [0u64; N];
    let mut borrow = 0;
    let mut i = 0;
    while i < N {
        let (d, b2) = sbb(a[i], b[i], borrow);
        r[i] = d;
        borrow = b2;
        i += 1;
    }
    (r, borrow)
}

/// `a + b` over N limbs like [`add`], written with `overflowing_add` so that LLVM emits one
/// `add`/`adc` chain (the u128 form of [`adc`] yields `setb`/`movzbl` sequences between the
/// limbs). Used on the hot paths of the full-width fields.
#[inline(always)]
pub const fn add_chain<const N: usize>(a: &[u64; N], b: &[u64; N]) -> ([u64; N], u64) {
    let mut r = [0u64; N];
    let mut carry = false;
    let mut i = 0;
    while i < N {
        let (s, c1) = a[i].overflowing_add(b[i]);
        let (s, c2) = s.overflowing_add(carry as u64);
        r[i] = s;
        carry = c1 | c2;
        i += 1;
    }
    (r, carry as u64)
}

/// `a − b` over N limbs like [`sub`], as one `sub`/`sbb` chain (see [`add_chain`]).
#[inline(always)]
pub const fn sub_chain<const N: usize>(a: &[u64; N], b: &[u64; N]) -> ([u64; N], u64) {
    let mut r = [0u64; N];
    let mut borrow = false;
    let mut i = 0;
    while i < N {
        let (d, b1) = a[i].overflowing_sub(b[i]);
        let (d, b2) = d.overflowing_sub(borrow as u64);
        r[i] = d;
        borrow = b1 | b2;
        i += 1;
    }
    (r, borrow as u64)
}

/// Constant-time select: `if choice == 1 { b } else { a }` with `choice ∈ {0, 1}`.
#[inline(always)]
pub const fn select<const N: usize>(a: &[u64; N], b: &[u64; N], choice: u64) -> [u64; N] {
    let mask = 0u64.wrapping_sub(choice);
    let mut r = [0u64; N];
    let mut i = 0;
    while i < N {
        r[i] = a[i] ^ (mask & (a[i] ^ b[i]));
        i += 1;
    }
    r
}

/// `a < b` as 0/1, constant time.
#[inline(always)]
pub const fn lt<const N: usize>(a: &[u64; N], b: &[u64; N]) -> u64 {
    sub(a, b).1
}

/// Number of significant bits of `a` (variable time; used on public constants).
pub const fn bits_vartime<const N: usize>(a: &[u64; N]) -> u32 {
    let mut i = N;
    while i > 0 {
        i -= 1;
        if a[i] != 0 {
            return 64 * i as u32 + (64 - a[i].leading_zeros());
        }
    }
    0
}

/// Bit `i` of `a` (public index).
#[inline(always)]
pub const fn bit<const N: usize>(a: &[u64; N], i: usize) -> u64 {
    if i >= 64 * N {
        0
    } else {
        (a[i / 64] >> (i % 64)) & 1
    }
}

/// −m⁻¹ mod 2⁶⁴ for odd m (Newton iteration).
pub const fn neg_inv64(m0: u64) -> u64 {
    let mut inv: u64 = 1;
    let mut i = 0;
    while i < 6 {
        inv = inv.wrapping_mul(2u64.wrapping_sub(m0.wrapping_mul(inv)));
        i += 1;
    }
    inv.wrapping_neg()
}

/// `2·a mod m` for `a < m` (compile-time helper; m must leave the top bit of the top limb free
/// or carry is accounted for).
const fn double_mod<const N: usize>(a: &[u64; N], m: &[u64; N]) -> [u64; N] {
    let (d, carry) = add(a, a);
    let (s, borrow) = sub(&d, m);
    // keep s if carry out or no borrow
    let use_s = carry | (1 ^ borrow);
    select(&d, &s, use_s)
}

/// 2^k mod m, by repeated doubling (compile time).
pub const fn pow2_mod<const N: usize>(k: usize, m: &[u64; N]) -> [u64; N] {
    let mut r = [0u64; N];
    r[0] = 1;
    // 1 < m for any modulus of interest
    let mut i = 0;
    while i < k {
        r = double_mod(&r, m);
        i += 1;
    }
    r
}

/// a·2^k mod m for a < m (compile time).
pub const fn mul_pow2_mod<const N: usize>(a: &[u64; N], k: usize, m: &[u64; N]) -> [u64; N] {
    let mut r = *a;
    let mut i = 0;
    while i < k {
        r = double_mod(&r, m);
        i += 1;
    }
    r
}

/// `a + b mod m` for `a, b < m` (compile time).
pub const fn add_mod<const N: usize>(a: &[u64; N], b: &[u64; N], m: &[u64; N]) -> [u64; N] {
    let (s, carry) = add(a, b);
    let (d, borrow) = sub(&s, m);
    select(&s, &d, carry | (1 ^ borrow))
}

/// `a − b mod m` for `a, b < m` (compile time).
pub const fn sub_mod<const N: usize>(a: &[u64; N], b: &[u64; N], m: &[u64; N]) -> [u64; N] {
    let (d, borrow) = sub(a, b);
    let (f, _) = add(&d, m);
    select(&d, &f, borrow)
}

/// `a·b mod m` for `a, b < m` by double-and-add over the bits of b (compile time).
pub const fn mul_mod<const N: usize>(a: &[u64; N], b: &[u64; N], m: &[u64; N]) -> [u64; N] {
    let mut r = [0u64; N];
    let mut i = 64 * N;
    while i > 0 {
        i -= 1;
        r = double_mod(&r, m);
        if bit(b, i) == 1 {
            r = add_mod(&r, a, m);
        }
    }
    r
}

/// `a / 2^k mod m` for `a < m` and odd m (compile time): k halvings, each adding m first when
/// the value is odd.
pub const fn div_pow2_mod<const N: usize>(a: &[u64; N], k: usize, m: &[u64; N]) -> [u64; N] {
    let mut r = *a;
    let mut i = 0;
    while i < k {
        let odd = r[0] & 1;
        let (s, carry) = add(&r, m);
        let t = select(&r, &s, odd);
        r = shr1(&t);
        r[N - 1] |= (carry & odd) << 63;
        i += 1;
    }
    r
}

/// Shift right by one bit.
pub const fn shr1<const N: usize>(a: &[u64; N]) -> [u64; N] {
    let mut r = [0u64; N];
    let mut i = 0;
    while i < N {
        r[i] = a[i] >> 1;
        if i + 1 < N {
            r[i] |= a[i + 1] << 63;
        }
        i += 1;
    }
    r
}

/// `a − small` for a public small integer (wrapping).
pub const fn sub_small<const N: usize>(a: &[u64; N], small: u64) -> [u64; N] {
    let mut b = [0u64; N];
    b[0] = small;
    sub(a, &b).0
}

/// `a + small` (wrapping).
pub const fn add_small<const N: usize>(a: &[u64; N], small: u64) -> [u64; N] {
    let mut b = [0u64; N];
    b[0] = small;
    add(a, &b).0
}

/// Is `a` zero (compile-time use).
pub const fn is_zero_vartime<const N: usize>(a: &[u64; N]) -> bool {
    let mut i = 0;
    while i < N {
        if a[i] != 0 {
            return false;
        }
        i += 1;
    }
    true
}

/// Number of trailing zero bits (variable time; public constants only).
pub const fn trailing_zeros_vartime<const N: usize>(a: &[u64; N]) -> u32 {
    let mut i = 0;
    while i < N {
        if a[i] != 0 {
            return 64 * i as u32 + a[i].trailing_zeros();
        }
        i += 1;
    }
    64 * N as u32
}

/// Shift right by `k` bits (public k; constant time in the limb values).
pub const fn shr<const N: usize>(a: &[u64; N], k: u32) -> [u64; N] {
    let limb = (k / 64) as usize;
    let bit = k % 64;
    let mut r = [0u64; N];
    let mut i = 0;
    while i + limb < N {
        let lo = a[i + limb] >> bit;
        let hi = if bit != 0 && i + limb + 1 < N {
            a[i + limb + 1] << (64 - bit)
        } else {
            0
        };
        r[i] = lo | hi;
        i += 1;
    }
    r
}

/// Parses big-endian hexadecimal (with or without `0x`) into N limbs at compile time.
/// Panics (at compile time when used in a const) on bad digits or overflow.
pub const fn from_hex<const N: usize>(s: &str) -> [u64; N] {
    let b = s.as_bytes();
    let mut start = 0;
    if b.len() >= 2 && b[0] == b'0' && (b[1] == b'x' || b[1] == b'X') {
        start = 2;
    }
    let mut r = [0u64; N];
    let mut i = start;
    while i < b.len() {
        let c = b[i];
        let d = match c {
            b'0'..=b'9' => c - b'0',
            b'a'..=b'f' => c - b'a' + 10,
            b'A'..=b'F' => c - b'A' + 10,
            _ => panic!("bad hex digit"),
        } as u64;
        // r = r * 16 + d
        if r[N - 1] >> 60 != 0 {
            panic!("hex constant too large");
        }
        let mut j = N - 1;
        while j > 0 {
            r[j] = (r[j] << 4) | (r[j - 1] >> 60);
            j -= 1;
        }
        r[0] = (r[0] << 4) | d;
        i += 1;
    }
    r
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn neg_inv() {
        for m in [
            1u64,
            3,
            0xffff_ffff_ffff_ffff,
            0x3c208c16d87cfd47,
            0xb9feffffffffaaab,
        ] {
            assert_eq!(m.wrapping_mul(neg_inv64(m)), u64::MAX); // m·(−m⁻¹) = −1
        }
    }

    #[test]
    fn hex_parse() {
        let a: [u64; 2] = from_hex("0x0102030405060708090a0b0c0d0e0f10");
        assert_eq!(a, [0x090a0b0c0d0e0f10, 0x0102030405060708]);
    }

    #[test]
    fn shifts() {
        let a = [
            0x0123_4567_89ab_cdefu64,
            0xfedc_ba98_7654_3210,
            0x1111_2222_3333_4444,
        ];
        for k in 0..200u32 {
            let mut slow = a;
            for _ in 0..k {
                slow = shr1(&slow);
            }
            assert_eq!(shr(&a, k), slow, "k = {k}");
        }
    }

    #[test]
    fn pow2() {
        let m = [97u64];
        let mut x = 1u64;
        for k in 0..200 {
            assert_eq!(pow2_mod(k, &m)[0], x);
            x = x * 2 % 97;
        }
    }
}

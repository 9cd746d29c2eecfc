//! Scalar recodings: every way this workspace writes a scalar as digits for a scalar
//! multiplication, each once. Scalars are little-endian `u64` limbs (callers holding a `u64` or
//! `u128` pass its limbs); digits come least significant first.
//!
//! | recoding | digits | time |
//! | --- | --- | --- |
//! | [`wnaf`] (width-w NAF; w = 2: NAF) | 0 or odd, \|d\| < 2^(w−1) | variable |
//! | [`signed_window`] (radix 2^w) | \[−2^(w−1), 2^(w−1)); top: or \[0, 2^(w−1)\] | constant |
//! | [`odd_recoding`], [`odd_window`] (signed odd digits) | odd, \|d\| ≤ 2^b − 1 | constant |
//! | [`sac`] (sign-aligned columns) | ±(1, e₁, …, e_{D−1}), eⱼ ∈ {0, 1} | constant |
//!
//! Users: wNAF — `mul_vartime`, the variable-time Straus and GLV paths, the pairings' loop
//! counts; signed windows — [`crate::msm::msm_ct`], the combs and GT exponentiations of
//! hayate-pairing and hayate-fe, Pippenger; odd digits — `mul_ct_subgroup` (ECDH), GLV
//! `endo_mul_ct`, [`crate::glv_lincomb`], [`crate::glv_fixed`]; columns — [`crate::glv_sac`].
//!
//! * **wNAF** (Hankerson–Menezes–Vanstone, *Guide to ECC*, Alg. 3.30 for w-NAF, Alg. 3.27 for
//!   NAF): k = Σ dᵢ2^i where every non-zero dᵢ is odd, |dᵢ| < 2^(w−1), and among any w
//!   consecutive digits at most one is non-zero. Its length and the positions of the non-zero
//!   digits depend on k: **public scalars only**.
//! * **Signed fixed windows** (the signed radix-2^w representation of Bos–Costello–Hisil–
//!   Lauter, "High-performance scalar multiplication using 8-dimensional GLV/GLS
//!   decomposition", CHES 2013, §4): k = Σ dᵢ2^(w·i) with dᵢ ∈ \[−2^(w−1), 2^(w−1)), computed
//!   window by window with a carry: v = window + carry, carry = \[v ≥ 2^(w−1)\],
//!   d = v − carry·2^w — shifts and additions only, so **constant time**. With
//!   [`TopDigit::Unsigned`] the last digit keeps v (in \[0, 2^(w−1)\]): a table of 1 … 2^(w−1)
//!   times the base still serves every digit, and scalars one bit longer fit the same count.
//! * **Signed odd digits** (Joye–Tunstall, "Exponent recoding and regular exponentiation
//!   algorithms", AFRICACRYPT 2009; Möller's signed fractional windows): an odd 0 < k < 2^(b·m)
//!   is Σ_{i<m} dᵢ2^(b·i) with every dᵢ odd, |dᵢ| ≤ 2^b − 1. Writing dᵢ = 2jᵢ − (2^b − 1) with
//!   0 ≤ jᵢ < 2^b gives k = 2J − (2^(b·m) − 1), so the jᵢ are the b-bit windows of
//!   J = (k ≫ 1) + 2^(b·m − 1): no carries at all, **constant time**, and no zero digit (no
//!   addition ever meets the identity). [`odd_digit`] turns a window into the table index
//!   (|d| − 1)/2 and the sign.
//! * **Sign-aligned columns** (GLV-SAC: Faz-Hernández–Longa–Sánchez, "Efficient and secure
//!   algorithms for GLV-based scalar multiplication and their implementation on GLV–GLS
//!   curves", CT-RSA 2014): D parts m₀ (odd), m₁ … m_{D−1} become L columns, column i being
//!   sᵢ·(1, eᵢ₁, …, eᵢ,D−1) with sᵢ ∈ {±1} from m₀'s bits and eᵢⱼ ∈ {0, 1} (see [`sac`]);
//!   **constant time**.

use alloc::vec::Vec;
/// Signed digit types of [`signed_window`]: `i8` for table-driven callers (w ≤ 7), `i32` for
/// wide windows (w ≤ 31).
pub trait Digit: Copy {
    /// Largest window width whose digits fit.
    const MAX_WIDTH: u32;
    /// The digit of value v (|v| ≤ 2^(MAX_WIDTH − 1)).
    fn from_i64(v: i64) -> Self;
}

impl Digit for i8 {
    const MAX_WIDTH: u32 = 7;
    #[inline(always)]
    fn from_i64(v: i64) -> Self {
        v as i8
    }
}

impl Digit for i32 {
    const MAX_WIDTH: u32 = 31;
    #[inline(always)]
    fn from_i64(v: i64) -> Self {
        v as i32
    }
}

/// Width-w NAF digits of k, least significant first: every non-zero digit is odd with
/// |d| < 2^(w−1), and any w consecutive digits hold at most one non-zero; no trailing zero
/// digits (k = 0 gives none). `w` is clamped to \[2, 7\]; w = 2 is the NAF. **Variable time**:
/// public scalars only.
pub fn wnaf(k: &[u64], w: u32) -> Vec<i8> {
    let w = w.clamp(2, 7);
    let mut v: Vec<u64> = k.to_vec();
    v.push(0); // room for the carry of negative digits
    let mut out = Vec::with_capacity(64 * v.len());
    let modulus = 1i64 << w;
    let half = 1i64 << (w - 1);
    while v.iter().any(|&l| l != 0) {
        if v[0] & 1 == 1 {
            let mut d = (v[0] & (modulus as u64 - 1)) as i64;
            if d >= half {
                d -= modulus;
            }
            if d > 0 {
                // v -= d (no borrow beyond limb 0 since v's low w bits are d)
                v[0] -= d as u64;
            } else {
                // v += |d|
                let mut carry = (-d) as u64;
                for l in v.iter_mut() {
                    let (s, c) = l.overflowing_add(carry);
                    *l = s;
                    carry = c as u64;
                    if carry == 0 {
                        break;
                    }
                }
            }
            out.push(d as i8);
        } else {
            out.push(0);
        }
        // v >>= 1
        for i in 0..v.len() {
            let next = if i + 1 < v.len() { v[i + 1] << 63 } else { 0 };
            v[i] = (v[i] >> 1) | next;
        }
    }
    out
}

/// The top digit of a [`signed_window`] recoding.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TopDigit {
    /// Recoded like the others, in \[−2^(w−1), 2^(w−1)).
    Signed,
    /// Not recoded: the top window's bits plus the carry, in \[0, 2^(w−1)\].
    Unsigned,
}

/// The smallest window width of a recoding with this top digit: 2 for [`TopDigit::Signed`]
/// (digits in {−1, 0} cannot carry a positive value), 1 for [`TopDigit::Unsigned`].
const fn min_width(top: TopDigit) -> usize {
    match top {
        TopDigit::Signed => 2,
        TopDigit::Unsigned => 1,
    }
}

/// The number of [`signed_window`] digits of width w for scalars below 2^`nbits`: the smallest
/// count m with w·(m − 1) + w − 2 ≥ nbits ([`TopDigit::Signed`]: the top digit absorbs the
/// last carry) or w·(m − 1) + w − 1 ≥ nbits ([`TopDigit::Unsigned`]), at least 1. `w` is
/// raised to the smallest width [`signed_window`] accepts.
pub const fn signed_window_len(nbits: usize, w: usize, top: TopDigit) -> usize {
    let w = if w < min_width(top) {
        min_width(top)
    } else {
        w
    };
    match top {
        TopDigit::Signed => (nbits + 2).div_ceil(w),
        TopDigit::Unsigned => (nbits + 1).div_ceil(w),
    }
}

/// Signed radix-2^w digits of k, least significant first, `windows` of them: Σ dᵢ2^(w·i) = k
/// for every k below 2^(w·(windows − 1) + w − 2) ([`TopDigit::Signed`]; one bit more with
/// [`TopDigit::Unsigned`]), e.g. k < 2^nbits with `windows` =
/// [`signed_window_len`]\(nbits, w, top\). Digits below the top lie in \[−2^(w−1), 2^(w−1)); the
/// top one as `top` says. Bits of k above the last window are ignored. `w` is clamped to
/// \[2, `D::MAX_WIDTH`\] (\[1, `D::MAX_WIDTH`\] with [`TopDigit::Unsigned`]). **Constant
/// time** in k (the sequence of operations depends only on w, `windows` and k's length).
pub fn signed_window<D: Digit>(k: &[u64], w: usize, windows: usize, top: TopDigit) -> Vec<D> {
    let w = w.clamp(min_width(top), D::MAX_WIDTH as usize);
    let mask = (1u64 << w) - 1;
    let half = 1u64 << (w - 1);
    let mut out = Vec::with_capacity(windows);
    let mut carry = 0u64;
    for i in 0..windows {
        let off = w * i;
        let (l, s) = (off / 64, off % 64);
        let lo = k.get(l).copied().unwrap_or(0) >> s;
        let hi = if s + w > 64 {
            k.get(l + 1).copied().unwrap_or(0) << (64 - s)
        } else {
            0
        };
        let v = ((lo | hi) & mask) + carry; // 0 ..= 2^w
        if i + 1 == windows && top == TopDigit::Unsigned {
            out.push(D::from_i64(v as i64));
            break;
        }
        carry = (v + half) >> w; // 1 iff v ≥ 2^(w−1)
        out.push(D::from_i64(v as i64 - ((carry as i64) << w)));
    }
    out
}

/// J = (k ≫ 1) + 2^(B·windows − 1), whose B-bit windows ([`odd_window`]) are the signed odd
/// digits dᵢ = 2jᵢ − (2^B − 1) of an **odd** k < 2^(B·windows) (see the module docs; for even k
/// the digits stand for k + 1). Requires B·windows ≤ 64·L (otherwise the top bit is not
/// set). Constant time.
#[inline]
pub fn odd_recoding<const B: usize, const L: usize>(k: &[u64; L], windows: usize) -> [u64; L] {
    let mut j = [0u64; L];
    for i in 0..L {
        let next = if i + 1 < L { k[i + 1] << 63 } else { 0 };
        j[i] = (k[i] >> 1) | next;
    }
    // + 2^top: no carry, since k ≫ 1 < 2^top
    let top = (B * windows).saturating_sub(1);
    if let Some(l) = j.get_mut(top / 64) {
        *l |= 1u64 << (top % 64);
    }
    j
}

/// Window i of an [`odd_recoding`] (B bits at offset B·i; public i, secret value): the value
/// jᵢ of the digit 2jᵢ − (2^B − 1).
#[inline(always)]
pub fn odd_window<const B: usize, const L: usize>(j: &[u64; L], i: usize) -> u64 {
    let pos = B * i;
    let (q, s) = (pos / 64, pos % 64);
    let mut v = j.get(q).copied().unwrap_or(0) >> s;
    if s + B > 64 && q + 1 < L {
        v |= j[q + 1] << (64 - s);
    }
    v & ((1u64 << B) - 1)
}

/// The table index (|d| − 1)/2 and the sign (1 iff d < 0) of the signed odd digit
/// d = 2j − (2T − 1) of window value j < 2T (T = 2^(B−1) table entries; secret j: arithmetic
/// only, no branch).
#[inline(always)]
pub fn odd_digit<const T: usize>(j: u64) -> (u64, u64) {
    let half = (T - 1) as u64;
    let positive = (j >> T.trailing_zeros()) & 1; // 1 iff d > 0
    let idx = (j ^ positive.wrapping_sub(1)) & half; // j − T or T − 1 − j
    (idx, positive ^ 1)
}

/// Largest column count of [`sac`]: L = nbits + 1 for parts of at most 256 bits.
pub const SAC_MAX_COLUMNS: usize = 257;

/// The sign-aligned columns of [`sac`]: column i is −(1, e) if `neg[i]` = 1, else (1, e), with
/// eⱼ = bit j − 1 of `idx[i]` for the parts j ≥ 1.
pub struct Columns {
    /// Per column the bits e₁ … e_{D−1} (bit j − 1 for part j).
    pub idx: [u8; SAC_MAX_COLUMNS],
    /// Per column 1 iff sᵢ = −1.
    pub neg: [u8; SAC_MAX_COLUMNS],
    /// L = nbits + 1.
    pub len: usize,
}

/// The column count only: the columns are the recoded (secret) scalars.
impl core::fmt::Debug for Columns {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Columns")
            .field("len", &self.len)
            .finish_non_exhaustive()
    }
}

/// Bit i of a four-limb integer (public i).
#[inline(always)]
fn bit4(k: &[u64; 4], i: usize) -> u64 {
    if i >= 256 {
        0
    } else {
        (k[i / 64] >> (i % 64)) & 1
    }
}

/// The sign-aligned recoding of an **odd** m₀ and m₁ … m_{D−1} (all below 2^nbits, D ≤ 9,
/// nbits ≤ 256) into L = nbits + 1 columns, mⱼ = Σ_{i<L} sᵢ·eᵢⱼ·2^i with e_{i0} = 1:
/// sᵢ = 2·bit_{i+1}(m₀) − 1 for i < L − 1 and s_{L−1} = 1 (Σ_{i<L−1} (2b_{i+1} − 1)2^i =
/// (m₀ − 1) − (2^(L−1) − 1)); for every other part eᵢⱼ = mⱼ mod 2, then
/// mⱼ ← ⌊mⱼ/2⌋ + \[eᵢⱼ = 1 and sᵢ = −1\] (so mⱼ = eᵢⱼsᵢ + 2·mⱼ'); from mⱼ < 2^(L−1) the value
/// stays ≤ 2^(L−1−i) before step i, so the last digit is 0 or 1 = s_{L−1} and nothing
/// remains. Shifts and masks only: constant time.
pub fn sac<const D: usize>(m: &[[u64; 4]; D], nbits: usize) -> Columns {
    let len = (nbits + 1).min(SAC_MAX_COLUMNS);
    let mut c = Columns {
        idx: [0; SAC_MAX_COLUMNS],
        neg: [0; SAC_MAX_COLUMNS],
        len,
    };
    let mut rest: [[u64; 4]; D] = *m;
    for i in 0..len {
        // sᵢ = −1 iff bit i + 1 of m₀ is 0 (i < L − 1); s_{L−1} = +1
        let neg = if i + 1 < len {
            1 ^ bit4(&m[0], i + 1)
        } else {
            0
        };
        let mut idx = 0u64;
        for (j, r) in rest.iter_mut().enumerate().skip(1) {
            let e = r[0] & 1;
            idx |= e << (j - 1);
            // r ← ⌊r/2⌋ + (e ∧ neg)
            let mut carry = e & neg;
            for l in 0..4 {
                let next = if l + 1 < 4 { r[l + 1] << 63 } else { 0 };
                let (s, c1) = ((r[l] >> 1) | next).overflowing_add(carry);
                r[l] = s;
                carry = c1 as u64;
            }
        }
        c.idx[i] = idx as u8;
        c.neg[i] = neg as u8;
    }
    c
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// xorshift64 (test inputs only).
    pub(crate) fn rng(seed: u64) -> impl FnMut() -> u64 {
        let mut s = seed;
        move || {
            s ^= s << 13;
            s ^= s >> 7;
            s ^= s << 17;
            s
        }
    }

    /// Σ dᵢ·2^(step·i) as limbs (a signed accumulation with the carries propagated), `n` limbs;
    /// None if the sum is negative.
    fn sum_digits(d: &[i64], step: usize, n: usize) -> Option<Vec<u64>> {
        let mut acc = vec![0i128; n + 2];
        for (i, &x) in d.iter().enumerate() {
            let off = step * i;
            // split x·2^(off % 64) over two limbs to stay within i128
            let v = (x as i128) << (off % 64);
            acc[off / 64] += v & ((1i128 << 64) - 1);
            acc[off / 64 + 1] += v >> 64;
        }
        let mut out = vec![0u64; n + 2];
        let mut carry = 0i128;
        for i in 0..n + 2 {
            let v = acc[i] + carry;
            out[i] = v as u64;
            carry = v >> 64;
        }
        if carry < 0 {
            return None;
        }
        Some(out)
    }

    fn pad(k: &[u64], n: usize) -> Vec<u64> {
        let mut v = k.to_vec();
        v.resize(n + 2, 0);
        v
    }

    fn test_scalars() -> Vec<[u64; 4]> {
        let mut next = rng(0x9e3779b97f4a7c15);
        let mut ks: Vec<[u64; 4]> = vec![
            [0; 4],
            [1, 0, 0, 0],
            [2, 0, 0, 0],
            [3, 0, 0, 0],
            [7, 0, 0, 0],
            [13, 0, 0, 0],
            [23, 0, 0, 0],
            // the BLS12-381 |z| and a BN 6z + 2 (the pairings' loop counts)
            [0xd201000000010000, 0, 0, 0],
            [0x9d797039be763ba8, 1, 0, 0],
            [4965661367192848881, 0, 0, 0],
            [u64::MAX, 0, 0, 0],
            [u64::MAX, u64::MAX, 0, 0],
            [u64::MAX, u64::MAX, u64::MAX, u64::MAX >> 1],
            [0, 0, 0, 1 << 62],
        ];
        for _ in 0..200 {
            ks.push([next(), next(), next(), next() >> 1]);
        }
        ks
    }

    #[test]
    fn wnaf_sums_back_with_its_digit_set() {
        for k in test_scalars() {
            for w in 2..=7u32 {
                let d = wnaf(&k, w);
                let wide: Vec<i64> = d.iter().map(|&x| x as i64).collect();
                assert_eq!(sum_digits(&wide, 1, 4), Some(pad(&k, 4)), "{k:x?} w = {w}");
                for (i, &x) in d.iter().enumerate() {
                    assert!(x == 0 || (x % 2 != 0 && (x as i32).abs() < (1 << (w - 1))));
                    if x != 0 {
                        // at most one non-zero among any w consecutive digits
                        assert!(d[i + 1..].iter().take(w as usize - 1).all(|&y| y == 0));
                    }
                }
                assert_ne!(d.last(), Some(&0), "no trailing zero digit");
            }
        }
        assert!(wnaf(&[], 5).is_empty());
    }

    #[test]
    fn signed_window_sums_back_with_its_digit_set() {
        for k in test_scalars() {
            for w in 1..=7usize {
                for top in [TopDigit::Signed, TopDigit::Unsigned] {
                    if w < min_width(top) {
                        continue;
                    }
                    let windows = signed_window_len(256, w, top);
                    let d: Vec<i8> = signed_window(&k, w, windows, top);
                    assert_eq!(d.len(), windows);
                    let half = 1i64 << (w - 1);
                    let (last, low) = d.split_last().unwrap();
                    assert!(low.iter().all(|&x| (-half..half).contains(&(x as i64))));
                    match top {
                        TopDigit::Signed => assert!((-half..half).contains(&(*last as i64))),
                        TopDigit::Unsigned => assert!((0..=half).contains(&(*last as i64))),
                    }
                    let wide: Vec<i64> = d.iter().map(|&x| x as i64).collect();
                    assert_eq!(sum_digits(&wide, w, 4), Some(pad(&k, 4)), "{k:x?} w = {w}");
                }
            }
            // wide digits (Pippenger's windows)
            for w in [8usize, 13, 16, 24, 31] {
                let windows = signed_window_len(256, w, TopDigit::Unsigned) + 1;
                let d: Vec<i32> = signed_window(&k, w, windows, TopDigit::Unsigned);
                let wide: Vec<i64> = d.iter().map(|&x| x as i64).collect();
                assert_eq!(sum_digits(&wide, w, 4), Some(pad(&k, 4)), "{k:x?} w = {w}");
            }
        }
        // the counts: 5·(m − 1) + 3 ≥ nbits, resp. + 4
        assert_eq!(signed_window_len(255, 5, TopDigit::Signed), 52);
        assert_eq!(signed_window_len(256, 5, TopDigit::Signed), 52);
        assert_eq!(signed_window_len(64, 5, TopDigit::Unsigned), 13);
        assert_eq!(signed_window_len(63, 5, TopDigit::Unsigned), 13);
        assert_eq!(signed_window_len(65, 5, TopDigit::Unsigned), 14);
        assert_eq!(signed_window_len(128, 5, TopDigit::Signed), 26);
        // the largest scalar each count allows
        for w in 2..=7usize {
            for m in 2..=10usize {
                for (top, head) in [(TopDigit::Signed, w - 2), (TopDigit::Unsigned, w - 1)] {
                    let bits = w * (m - 1) + head;
                    let k = if bits >= 64 {
                        u64::MAX
                    } else {
                        (1u64 << bits) - 1
                    };
                    let d: Vec<i8> = signed_window(&[k], w, m, top);
                    let wide: Vec<i64> = d.iter().map(|&x| x as i64).collect();
                    assert_eq!(sum_digits(&wide, w, 1), Some(pad(&[k], 1)), "{w} {m}");
                }
            }
        }
    }

    #[test]
    fn odd_digits_sum_back() {
        fn check<const B: usize>(k: [u64; 4]) {
            let mut k = k;
            k[0] |= 1;
            let windows = 256usize.div_ceil(B);
            let mut j4 = [0u64; 5];
            j4[..4].copy_from_slice(&k);
            let j = odd_recoding::<B, 5>(&j4, windows);
            let t = 1usize << (B - 1);
            let digits: Vec<i64> = (0..windows)
                .map(|i| {
                    let v = odd_window::<B, 5>(&j, i);
                    let d = 2 * v as i64 - ((1i64 << B) - 1);
                    assert!(d % 2 != 0 && d.abs() < (1 << B));
                    // odd_digit: index (|d| − 1)/2 and sign
                    let (idx, neg) = match t {
                        8 => odd_digit::<8>(v),
                        16 => odd_digit::<16>(v),
                        _ => unreachable!(),
                    };
                    assert_eq!(idx as i64, (d.abs() - 1) / 2);
                    assert_eq!(neg == 1, d < 0);
                    d
                })
                .collect();
            assert_eq!(sum_digits(&digits, B, 4), Some(pad(&k, 4)), "{k:x?}");
        }
        for k in test_scalars() {
            check::<4>(k);
            check::<5>(k);
        }
    }

    #[test]
    fn sac_columns_sum_back() {
        let mut next = rng(0x2545f4914f6cdd1d);
        let mut cases: Vec<[u64; 4]> = vec![
            [1, 0, 0, 0],
            [0, 0, 0, 0],
            [u64::MAX, 0, 0, 0],
            [u64::MAX - 1, 0, 0, 0],
            [1 << 63, 0, 0, 0],
        ];
        for _ in 0..200 {
            cases.push([next(), 0, 0, 0]);
        }
        for w in cases.windows(4) {
            let mut m = [w[0], w[1], w[2], w[3]];
            m[0][0] |= 1;
            let c = sac(&m, 64);
            assert_eq!(c.len, 65);
            for j in 0..4 {
                let mut acc: i128 = 0;
                for i in (0..c.len).rev() {
                    let s: i128 = if c.neg[i] == 1 { -1 } else { 1 };
                    let e: i128 = if j == 0 {
                        1
                    } else {
                        ((c.idx[i] >> (j - 1)) & 1) as i128
                    };
                    acc = 2 * acc + s * e;
                }
                assert_eq!(acc, m[j][0] as i128, "part {j} of {m:x?}");
            }
        }
    }
}

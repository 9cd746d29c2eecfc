//! The scalar-multiplication algorithms of [`crate::methods`], written once over a group
//! context ([`Group`]) so that the compile-time curves (points [`crate::Jacobian`] and
//! [`crate::Projective`]) and the run-time curves ([`crate::DynCurve`]) run the same code.
//!
//! A context offers two point representations: Jacobian points (`J`) with branching
//! additions for public scalars, and homogeneous projective points (`P`) with the complete
//! formulas for secret ones ([`crate::formulas`] gives both). Every function states the time
//! it promises: "public k" functions branch on the scalar; the others run in time that
//! depends only on the limb length of k and the bit counts passed in.

use alloc::{vec, vec::Vec};

use subtle::{Choice, ConditionallySelectable, ConstantTimeEq};

use crate::{bit, bits_vartime, recode};

/// The point operations the algorithms need.
pub(crate) trait Group: Clone + Send + Sync + 'static {
    /// A Jacobian point (variable-time methods).
    type J: Copy + Send + 'static;
    /// A homogeneous projective point (constant-time methods).
    type P: Copy + Send + 'static + ConditionallySelectable;
    fn j_identity(&self) -> Self::J;
    fn j_double(&self, p: &Self::J) -> Self::J;
    /// \[2ⁿ\]P (public n).
    fn j_double_n(&self, p: &Self::J, n: usize) -> Self::J;
    /// P + Q, branching on the exceptional cases (public points).
    fn j_add_vartime(&self, p: &Self::J, q: &Self::J) -> Self::J;
    fn j_neg(&self, p: &Self::J) -> Self::J;
    fn p_identity(&self) -> Self::P;
    fn p_double(&self, p: &Self::P) -> Self::P;
    /// P + Q, complete and constant time.
    fn p_add(&self, p: &Self::P, q: &Self::P) -> Self::P;
    fn p_to_j(&self, p: &Self::P) -> Self::J;
    fn j_to_p(&self, p: &Self::J) -> Self::P;
}

// ------------------------------------------------------------------ variable time (public k)

/// Left-to-right double-and-add (paper 002 §3.1), public k.
pub(crate) fn binary_vartime<G: Group>(g: &G, p: &G::J, k: &[u64]) -> G::J {
    let mut acc = g.j_identity();
    for i in (0..bits_vartime(k)).rev() {
        acc = g.j_double(&acc);
        if bit(k, i) == 1 {
            acc = g.j_add_vartime(&acc, p);
        }
    }
    acc
}

/// Left-to-right fixed 2^w-ary window (paper 002 §3.2; table of 2^w − 1 multiples, zero
/// windows skip the addition), public k; w clamped to [1, 8].
pub(crate) fn window_vartime<G: Group>(g: &G, p: &G::J, k: &[u64], w: u32) -> G::J {
    let w = w.clamp(1, 8) as usize;
    let m = bits_vartime(k);
    if m == 0 {
        return g.j_identity();
    }
    let mut table = Vec::with_capacity((1 << w) - 1);
    table.push(*p);
    for i in 1..(1usize << w) - 1 {
        let t = g.j_add_vartime(&table[i - 1], p);
        table.push(t);
    }
    let mut acc = g.j_identity();
    for j in (0..m.div_ceil(w)).rev() {
        acc = g.j_double_n(&acc, w);
        let d = (0..w)
            .rev()
            .fold(0usize, |d, b| (d << 1) | bit(k, j * w + b) as usize);
        if d != 0 {
            acc = g.j_add_vartime(&acc, &table[d - 1]);
        }
    }
    acc
}

/// Appends P, 3P, …, (2n − 1)P to `out` (n ≥ 1; variable time).
pub(crate) fn push_odd_multiples_vartime<G: Group>(g: &G, p: &G::J, n: usize, out: &mut Vec<G::J>) {
    let mut e = *p;
    out.push(e);
    if n > 1 {
        let p2 = g.j_double(p);
        for _ in 1..n {
            e = g.j_add_vartime(&e, &p2);
            out.push(e);
        }
    }
}

/// Width-w NAF (w = 2: NAF, paper 002 §3.3) with a table of odd multiples P, 3P, …,
/// (2^(w−1) − 1)P, public k; w clamped to [2, 7].
pub(crate) fn wnaf_vartime<G: Group>(g: &G, p: &G::J, k: &[u64], w: u32) -> G::J {
    let w = w.clamp(2, 7);
    let digits = recode::wnaf(k, w);
    let n = 1usize << (w - 2);
    let mut table = Vec::with_capacity(n);
    push_odd_multiples_vartime(g, p, n, &mut table);
    let mut acc = g.j_identity();
    for &d in digits.iter().rev() {
        acc = g.j_double(&acc);
        if d != 0 {
            let t = table[(d.unsigned_abs() as usize) / 2];
            acc = g.j_add_vartime(&acc, &if d < 0 { g.j_neg(&t) } else { t });
        }
    }
    acc
}

/// (k ≫ x, k mod 2^x) over the 64·len(k) bits of k (public x; shifts and masks only, so the
/// values may be secret).
pub(crate) fn split_scalar(k: &[u64], x: usize) -> (Vec<u64>, Vec<u64>) {
    let x = x.min(64 * k.len());
    let mut lo: Vec<u64> = (0..x.div_ceil(64)).map(|i| k[i]).collect();
    if !x.is_multiple_of(64) {
        if let Some(last) = lo.last_mut() {
            *last &= (1u64 << (x % 64)) - 1;
        }
    }
    let (q, r) = (x / 64, x % 64);
    let hi: Vec<u64> = (q..k.len())
        .map(|i| {
            let a = k[i];
            let b = k.get(i + 1).copied().unwrap_or(0);
            if r == 0 {
                a
            } else {
                (a >> r) | (b << (64 - r))
            }
        })
        .collect();
    let nonempty = |v: Vec<u64>| if v.is_empty() { vec![0] } else { v };
    (nonempty(hi), nonempty(lo))
}

/// x = ⌈0.734·m⌉ clamped to [0, m]: paper 002 §4.3's split point for an m-bit scalar.
pub(crate) fn split_point(m: usize) -> usize {
    (m * 734).div_ceil(1000).min(m)
}

/// Paper 002 §4: k = k₁·2^x + k₂; one thread computes \[k₁\]P then x repeated doublings
/// (§4.2), the other \[k₂\]P; one addition joins them (public k; wNAF halves, w = 5 above 80
/// bits, else 4). The high half runs on a worker of the persistent [`crate::pool`] when
/// `threads ≥ 2`.
pub(crate) fn split_vartime<G: Group>(
    g: &G,
    p: &G::J,
    k: &[u64],
    x: usize,
    threads: usize,
) -> G::J {
    // beyond the scalar's bits the high half is zero: no doublings needed
    let x = x.min(64 * k.len());
    let (k1, k2) = split_scalar(k, x);
    let w = |k: &[u64]| if bits_vartime(k) > 80 { 5 } else { 4 };
    let high = move |g: &G, p: &G::J, k1: &[u64]| g.j_double_n(&wnaf_vartime(g, p, k1, w(k1)), x);
    let (gc, pc, k1c) = (g.clone(), *p, k1.clone());
    let (hi, lo) = crate::pool::join(
        threads,
        move || high(&gc, &pc, &k1c),
        || wnaf_vartime(g, p, &k2, w(&k2)),
    );
    // A panicking job cannot happen (no panics in this crate); recompute on this thread.
    let hi = hi.unwrap_or_else(|_| high(g, p, &k1));
    g.j_add_vartime(&hi, &lo)
}

// ------------------------------------------------------------------ constant time

/// The fixed-window table \[i\]P, i = 0..15 (7 doublings and 7 complete additions).
pub(crate) fn window_table<G: Group>(g: &G, p: &G::P) -> [G::P; 16] {
    let mut table = [g.p_identity(); 16];
    table[1] = *p;
    for i in 2..16 {
        table[i] = if i % 2 == 0 {
            g.p_double(&table[i / 2])
        } else {
            g.p_add(&table[i - 1], p)
        };
    }
    table
}

/// table\[d\] for a secret d < 16: a scan of all entries with `subtle` selects.
#[inline]
pub(crate) fn ct_lookup<G: Group>(g: &G, table: &[G::P; 16], d: u64) -> G::P {
    let mut t = g.p_identity();
    for (i, e) in table.iter().enumerate() {
        t.conditional_assign(e, (i as u64).ct_eq(&d));
    }
    t
}

/// The 4-bit digit of k at bit `pos`, a multiple of 4 (public position, secret value).
#[inline(always)]
fn nibble(k: &[u64], pos: usize) -> u64 {
    (k.get(pos / 64).copied().unwrap_or(0) >> (pos % 64)) & 0xf
}

/// \[k mod 2^nbits\]P in constant time: a fixed 4-bit window over exactly ⌈nbits/4⌉ windows
/// (public nbits), complete formulas, the table read by a full scan with selects. Bits of k
/// at or above `nbits` are ignored.
pub(crate) fn mul_ct_bits<G: Group>(g: &G, p: &G::P, k: &[u64], nbits: usize) -> G::P {
    let windows = nbits.div_ceil(4);
    if windows == 0 {
        return g.p_identity();
    }
    let table = window_table(g, p);
    let top = 4 * (windows - 1);
    let mask_top = if nbits < 4 * windows {
        (1u64 << (nbits - top)) - 1
    } else {
        0xf
    };
    let mut acc = ct_lookup(g, &table, nibble(k, top) & mask_top);
    for w in (0..windows - 1).rev() {
        acc = g.p_double(&g.p_double(&g.p_double(&g.p_double(&acc))));
        acc = g.p_add(&acc, &ct_lookup(g, &table, nibble(k, 4 * w)));
    }
    acc
}

/// Paper 002's split with constant-time halves over m = 64·len(k) bits: x = ⌈0.734·m⌉,
/// \[k₁\]P over m − x bits then x Jacobian doublings on one thread, \[k₂\]P over x bits on
/// the other, one complete addition (time depends only on len(k)).
pub(crate) fn mul_ct_parallel<G: Group>(g: &G, p: &G::P, k: &[u64], threads: usize) -> G::P {
    let m = 64 * k.len();
    let x = split_point(m);
    let (k1, k2) = split_scalar(k, x);
    let high = move |g: &G, p: &G::P, k1: &[u64]| {
        g.j_to_p(&g.j_double_n(&g.p_to_j(&mul_ct_bits(g, p, k1, m - x)), x))
    };
    let (gc, pc, k1c) = (g.clone(), *p, k1.clone());
    let (hi, lo) = crate::pool::join(
        threads,
        move || high(&gc, &pc, &k1c),
        || mul_ct_bits(g, p, &k2, x),
    );
    // A panicking job cannot happen (no panics in this crate); recompute on this thread.
    let hi = hi.unwrap_or_else(|_| high(g, p, &k1));
    g.p_add(&hi, &lo)
}

/// Montgomery ladder over all 64·len(k) bits with complete formulas and conditional swaps
/// (constant time).
pub(crate) fn montgomery_ladder<G: Group>(g: &G, p: &G::P, k: &[u64]) -> G::P {
    let mut r0 = g.p_identity();
    let mut r1 = *p;
    for i in (0..64 * k.len()).rev() {
        let b = Choice::from(bit(k, i) as u8);
        G::P::conditional_swap(&mut r0, &mut r1, b);
        r1 = g.p_add(&r0, &r1);
        r0 = g.p_double(&r0);
        G::P::conditional_swap(&mut r0, &mut r1, b);
    }
    r0
}

/// Joye's 2-ary right-to-left ladder (SAC 2009) over all 64·len(k) bits: R\[kᵢ\] ← R\[kᵢ\] + A,
/// A ← 2A; returns R\[1\] = \[k\]P (R\[0\] ends as the dummy (2^l − 1 − k)P). Constant time.
pub(crate) fn joye_ladder<G: Group>(g: &G, p: &G::P, k: &[u64]) -> G::P {
    let mut r0 = g.p_identity();
    let mut r1 = g.p_identity();
    let mut a = *p;
    for i in 0..64 * k.len() {
        let b = Choice::from(bit(k, i) as u8);
        G::P::conditional_swap(&mut r0, &mut r1, b);
        r0 = g.p_add(&r0, &a);
        G::P::conditional_swap(&mut r0, &mut r1, b);
        a = g.p_double(&a);
    }
    r1
}

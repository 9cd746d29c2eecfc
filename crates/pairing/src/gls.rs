//! Endomorphism-accelerated scalar multiplication in G1, G2 and exponentiation in GT.
//!
//! * **G1 (GLV)**: φ(x, y) = (βx, y) acts as \[λ\] (λ² + λ + 1 ≡ 0 mod r); k ≡ k₁ + k₂λ with
//!   |kᵢ| ≈ √r ([`hayate_ec::glv`]: Gallant–Lambert–Vanstone, CRYPTO 2001).
//! * **G2 (GLS, 4-dimensional)**: ψ = twist⁻¹ ∘ π_p ∘ twist ([`crate::g2`]) acts on G2 as
//!   \[p mod r\] (Galbraith–Lin–Scott, "Endomorphisms for faster elliptic curve cryptography on a
//!   large class of curves", EUROCRYPT 2009; Galbraith–Scott, "Exponentiation in
//!   pairing-friendly groups using homomorphisms", Pairing 2008): λ = z for BLS12 (p ≡ z),
//!   λ = 6z² for BN (p ≡ 6z²). k ≡ k₀ + k₁λ + k₂λ² + k₃λ³ (mod r) with |kᵢ| < 2⁶⁴ by Babai
//!   rounding on a reduced basis of L = {x ∈ Z⁴ : Σ xᵢλ^i ≡ 0 (mod r)}
//!   ([`hayate_ec::glv::decompose_lattice`]; Bos–Costello–Naehrig, "Exponentiating in pairing
//!   groups", SAC 2013, §3 and §4), and \[k\]Q = Σ \[kᵢ\]ψ^i(Q): one chain of 64 doublings.
//!   The bases, closed forms in z, are in the curve modules ([`crate::bls12_381::GLS`],
//!   [`crate::bn254::GLS`], [`crate::bn254_beuchat::GLS`]).
//! * **GT (cyclotomic GLS)**: the p-power Frobenius x ↦ x^p is x ↦ x^λ on GT with the same λ
//!   and the same decomposition; negative parts by conjugation (the inverse in the cyclotomic
//!   subgroup), squarings by Granger–Scott.
//!
//! Constant-time variants (secret scalars): decomposition by fixed-width multiply-shifts and
//! conditional negations; G1 by [`hayate_ec::glv::mul_ct`] (signed odd-digit windows),
//! G2 by [`hayate_ec::glv_sac::endo_mul_sac_ct`] (sign-aligned columns: one 8-point table
//! P ± ψ(P) ± ψ²(P) ± ψ³(P), one doubling and one mixed addition per bit; exception-free
//! columns from the lattice bound [`LATTICE_MIN_BITS`], checked for these bases in
//! `tests/suite/gls.rs`; on CPUs with AVX-512 IFMA BLS12-381's exception-free columns run in
//! [`hayate_ec::backend::x86_64::ifma::g2`], each step's Fp2 products side by side in the lanes);
//! GT by signed radix-2⁵ windows whose top digit may be 16
//! ([`hayate_ec::recode::signed_window`], top digit not recoded) with full-scan lookups on
//! flat Montgomery limbs (masks by arithmetic on the digit, conjugation by a masked p − x) and
//! each window's factor as (t₀·σ²(t₂))·σ(t₁·σ²(t₃)) (two cheap p²-power maps instead of two
//! p-power ones).
//! No branch or memory index depends on the scalar. Variable-time variants: interleaved
//! width-5 NAFs.
//!
//! Preconditions: points in G1 / G2, elements in GT (the endomorphisms act as \[λ\] only there).

use alloc::vec::Vec;
use hayate_arith::{Fp12, Fp2};
use hayate_ec::glv::{self, LatticeConstants, SignedPart};
use hayate_ec::{Affine, CurveParams, Projective};

use crate::ct_mul::W;
use crate::{Gt, PairingCurve};
use hayate_ec::recode::{signed_window, signed_window_len, TopDigit};

/// The group hooks of a BN curve's `CurveParams` (one body for bn254 and bn254-beuchat):
/// `bn_group_hooks!(g1)` in G1's impl — #E(Fp) = r, so every curve point is in G1, and
/// multiplication by GLV ([`g1_mul_ct`], [`g1_mul_vartime`]); `bn_group_hooks!(g2, Curve)` in
/// G2's impl — membership by ψ(Q) = \[t − 1\]Q ([`crate::g2::is_in_g2_fast`]) instead of
/// \[r\]Q = O, multiplication by the 4-dimensional GLS with ψ ([`g2_mul_ct`],
/// [`g2_mul_vartime`]; Q must be in G2) on the curve module's lattice constants `GLS`.
macro_rules! bn_group_hooks {
    (g1) => {
        fn is_in_subgroup(_p: &Projective<Self>) -> Choice {
            Choice::from(1)
        }
        fn group_mul_ct(p: &Projective<Self>, k: &[u64]) -> Projective<Self> {
            $crate::gls::g1_mul_ct(p, k)
        }
        fn group_mul_vartime(p: &Projective<Self>, k: &[u64]) -> Projective<Self> {
            $crate::gls::g1_mul_vartime(p, k)
        }
    };
    (g2, $curve:ty) => {
        fn is_in_subgroup(p: &Projective<Self>) -> Choice {
            $crate::g2::is_in_g2_fast::<$curve, 4>(p)
        }
        fn group_mul_ct(p: &Projective<Self>, k: &[u64]) -> Projective<Self> {
            $crate::gls::g2_mul_ct::<$curve, 4>(p, k, &GLS)
        }
        fn group_mul_vartime(p: &Projective<Self>, k: &[u64]) -> Projective<Self> {
            $crate::gls::g2_mul_vartime::<$curve, 4>(p, k, &GLS)
        }
    };
}
pub(crate) use bn_group_hooks;

/// Bit bound of the four parts (every basis here gives |kᵢ| < 2⁶⁴).
const PART_BITS: usize = 64;

/// Every non-zero vector x of the three GLS lattices has max |xᵢ| ≥ 2⁶² (max |xᵢ| ≥ ‖x‖/2 ≥
/// min ‖bⱼ*‖/2 over the Gram–Schmidt norms of the reduced bases: 2^62.7 for BLS12-381, 2^62.1
/// for both BN curves; checked in `tests/suite/gls.rs`): the precondition of
/// [`hayate_ec::glv_sac::endo_mul_sac_ct`].
pub const LATTICE_MIN_BITS: usize = 62;

/// The 4-dimensional decomposition constants of curve E ([`PairingCurve::GLS`]); `None` for a
/// curve without them.
pub fn lattice<E: PairingCurve<N>, const N: usize>() -> Option<&'static LatticeConstants<4>> {
    E::GLS
}

/// k ≡ Σ ±kᵢλ^i (mod r), constant time.
pub fn decompose<E: PairingCurve<N>, const N: usize>(
    c: &LatticeConstants<4>,
    k: &[u64],
) -> [SignedPart; 4] {
    glv::decompose_lattice(c, &glv::order_limbs::<E::G2>(), k)
}

/// The coordinate constants (γx, γy) of ψ, ψ² and ψ³ on the twist; ψ³ = ψ ∘ ψ² gives
/// ψ³(x, y) = (x̄·γ̄₂ₓγ₁ₓ, ȳ·γ̄₂ᵧγ₁ᵧ), so every image costs one conjugation and two Fp2
/// multiplications.
type PsiConsts<E, const N: usize> = [(
    Fp2<<E as PairingCurve<N>>::Fp, N>,
    Fp2<<E as PairingCurve<N>>::Fp, N>,
); 3];

fn psi_consts<E: PairingCurve<N>, const N: usize>() -> PsiConsts<E, N> {
    let [c1, c2] = *crate::g2::frobenius_constants_cached::<E, N>();
    [c1, c2, (c2.0.conjugate() * c1.0, c2.1.conjugate() * c1.1)]
}

/// ψ^i (i ∈ {1, 2, 3}) on an affine-form entry (x, y) of a table whose common Z is in Fp (ψ
/// fixes it).
fn psi_entry<E: PairingCurve<N>, const N: usize>(
    i: usize,
    e: &Affine<E::G2>,
    c: &PsiConsts<E, N>,
) -> Affine<E::G2> {
    let (gx, gy) = &c[(i + 2) % 3]; // i = 1, 2, 3 → c[0], c[1], c[2]
    let (x, y) = if i % 2 == 1 {
        (e.x.conjugate(), e.y.conjugate())
    } else {
        (e.x, e.y)
    };
    Affine {
        x: x * *gx,
        y: y * *gy,
        infinity: e.infinity,
    }
}

/// \[k\]Q for Q ∈ G2 in constant time (4-dimensional GLS, see the module docs).
pub fn g2_mul_ct<E: PairingCurve<N>, const N: usize>(
    q: &Projective<E::G2>,
    k: &[u64],
    c: &LatticeConstants<4>,
) -> Projective<E::G2> {
    let parts = decompose::<E, N>(c, k);
    let pc = psi_consts::<E, N>();
    hayate_ec::glv_sac::endo_mul_sac_ct(
        q,
        &parts,
        |i, e| psi_entry::<E, N>(i, e, &pc),
        // ζ·ζ̄ ∈ Fp: the common Z that ψ (a conjugation times constants) leaves fixed
        |z: &Fp2<E::Fp, N>| Some(z.conjugate()),
        (c.part_bits as usize).min(PART_BITS),
        LATTICE_MIN_BITS,
    )
}

/// \[k\]Q for Q ∈ G2 and a public k (variable time; 4-dimensional GLS with interleaved wNAFs).
/// Where the vector column loop runs ([`hayate_ec::CurveField::has_sac_columns`]: BLS12-381 with
/// AVX-512 IFMA) and k is longer than one 64-bit part, the constant-time method is the faster
/// one and is used.
pub fn g2_mul_vartime<E: PairingCurve<N>, const N: usize>(
    q: &Projective<E::G2>,
    k: &[u64],
    c: &LatticeConstants<4>,
) -> Projective<E::G2> {
    let long = k.iter().rposition(|&w| w != 0).is_some_and(|i| i > 0);
    if long && <Fp2<E::Fp, N> as hayate_ec::CurveField>::has_sac_columns() {
        return g2_mul_ct::<E, N>(q, k, c);
    }
    let parts = decompose::<E, N>(c, k).map(|(m, s)| (m, bool::from(s)));
    let pc = psi_consts::<E, N>();
    glv::endo_mul_vartime(
        q,
        &parts,
        |i, e| psi_entry::<E, N>(i, e, &pc),
        |z: &Fp2<E::Fp, N>| Some(z.conjugate()),
    )
}

/// \[k\]P for P ∈ G1 in constant time (2-dimensional GLV, [`hayate_ec::glv::mul_ct`] on one
/// thread); the integer fixed window on a curve without the GLV hook.
pub fn g1_mul_ct<C: CurveParams>(p: &Projective<C>, k: &[u64]) -> Projective<C> {
    glv::mul_ct(p, k, 1).unwrap_or_else(|_| p.mul_ct_bits(k, 64 * k.len()))
}

/// \[k\]P for P ∈ G1 and a public k (2-dimensional GLV, joint wNAF).
pub fn g1_mul_vartime<C: CurveParams>(p: &Projective<C>, k: &[u64]) -> Projective<C> {
    glv::mul_vartime(p, k, 1).unwrap_or_else(|_| p.mul_vartime_wnaf(k))
}

/// The twelve Fp coordinates of an Fp12 element as Montgomery limbs (c0.c0.c0, c0.c0.c1,
/// c0.c1.c0, …, c1.c2.c1).
pub(crate) type Flat<const N: usize> = [[u64; N]; 12];

fn flatten<F: hayate_arith::TowerParams<N>, const N: usize>(e: &Fp12<F, N>) -> Flat<N> {
    let c = [
        e.c0.c0.c0, e.c0.c0.c1, e.c0.c1.c0, e.c0.c1.c1, e.c0.c2.c0, e.c0.c2.c1, e.c1.c0.c0,
        e.c1.c0.c1, e.c1.c1.c0, e.c1.c1.c1, e.c1.c2.c0, e.c1.c2.c1,
    ];
    c.map(|f| *f.mont_limbs())
}

fn unflatten<F: hayate_arith::TowerParams<N>, const N: usize>(a: &Flat<N>) -> Fp12<F, N> {
    use hayate_arith::{Fp, Fp6};
    let f = |i: usize| Fp::<F, N>::from_mont_unchecked(a[i]);
    let f2 = |i: usize| Fp2::new(f(2 * i), f(2 * i + 1));
    Fp12::new(Fp6::new(f2(0), f2(1), f2(2)), Fp6::new(f2(3), f2(4), f2(5)))
}

/// The table x^j, j = 0 … 16 (x⁰ = 1), for signed radix-32 digits, as flat Montgomery limbs
/// for [`gt_lookup`]: 8 cyclotomic squarings (even j) and 7 multiplications (odd j > 1).
pub(crate) fn gt_table<F: hayate_arith::TowerParams<N>, const N: usize>(
    x: &Fp12<F, N>,
) -> [Flat<N>; 17] {
    let mut t = [*x; 17];
    t[0] = Fp12::ONE;
    for j in 2..17 {
        t[j] = if j % 2 == 0 {
            t[j / 2].cyclotomic_square()
        } else {
            t[j - 1] * *x
        };
    }
    t.map(|e| flatten(&e))
}

/// x^|d| from the [`gt_table`], conjugated when (d < 0) XOR `flip`: one masked pass over all
/// 17 entries (the masks come from arithmetic on |d| and go through one optimisation barrier
/// together, so the compiler neither branches on them nor stops vectorising the AND/OR), no
/// secret-dependent branch or index.
pub(crate) fn gt_lookup<F: hayate_arith::TowerParams<N>, const N: usize>(
    table: &[Flat<N>; 17],
    d: i8,
    flip: subtle::Choice,
) -> Fp12<F, N> {
    let m = d >> 7; // 0 or −1
    let a = (d ^ m).wrapping_sub(m) as u8; // |d|
    let mut masks = [0u64; 18];
    for (j, mask) in masks.iter_mut().take(17).enumerate() {
        // all-ones iff a = j (a ^ j < 256, so x − 1 borrows into bit 63 iff x = 0)
        *mask = (((a ^ j as u8) as u64).wrapping_sub(1) >> 63).wrapping_neg();
    }
    // all-ones iff the result is conjugated: (d < 0) XOR flip
    masks[17] = ((m & 1) as u64 ^ flip.unwrap_u8() as u64).wrapping_neg();
    let masks = core::hint::black_box(masks);
    let mut acc = [[0u64; N]; 12];
    for (e, m) in table.iter().zip(masks) {
        for (dst, src) in acc.iter_mut().zip(e) {
            for (x, y) in dst.iter_mut().zip(src) {
                *x |= y & m;
            }
        }
    }
    // conjugation x̄ = c0 − c1·w: the six c1 coordinates x ↦ (p − x)·[x ≠ 0] under the mask
    let p = &<F as hayate_arith::FpParams<N>>::MODULUS;
    for x in acc.iter_mut().skip(6) {
        let mut borrow = 0u64;
        let mut nz = 0u64;
        let mut neg = [0u64; N];
        for l in 0..N {
            let (d1, b1) = p[l].overflowing_sub(x[l]);
            let (d2, b2) = d1.overflowing_sub(borrow);
            neg[l] = d2;
            borrow = (b1 | b2) as u64;
            nz |= x[l];
        }
        // p − x for x ≠ 0 (x < p: no final borrow), 0 for x = 0
        let take = masks[17] & ((nz | nz.wrapping_neg()) >> 63).wrapping_neg();
        let keep = masks[17] ^ u64::MAX;
        for l in 0..N {
            x[l] = (x[l] & keep) | (neg[l] & take);
        }
    }
    unflatten::<F, N>(&acc)
}

/// x^k for x ∈ GT in constant time: k ≡ Σ ±kᵢλ^i, x^k = Π σⁱ(x^(±kᵢ)) with σ the p-power
/// Frobenius (= x ↦ x^λ on GT). Straus over the four parts with signed radix-2⁵ digits
/// ([`signed_window`] with [`TopDigit::Unsigned`], top digit in [0, 16]:
/// ⌈(part_bits − 4)/5⌉ + 1 = 13 windows for the 63-bit parts of BLS12-381 and the 64-bit
/// parts of the BN curves — the BN bases' parts do exceed 2⁶³: half the column sum of |bⱼᵢ| is
/// 3z + 1 ≈ 2^63.7 and Babai rounding gets close to it) and one table x, x², …, x¹⁶: per
/// window 5 cyclotomic squarings and the window's factor y = Π σⁱ(±x^|dᵢ|) as
/// y = (t₀·σ²(t₂))·σ(t₁·σ²(t₃)), i.e. four full-scan lookups, two p²-power Frobenius maps
/// (Fp-scalar constants), one p-power map and four multiplications.
pub fn gt_pow_ct<E: PairingCurve<N>, const N: usize>(
    x: &Gt<E, N>,
    k: &[u64],
    c: &LatticeConstants<4>,
) -> Gt<E, N> {
    let parts = decompose::<E, N>(c, k);
    let table = gt_table(&x.0);
    let windows = signed_window_len((c.part_bits as usize).min(PART_BITS), W, TopDigit::Unsigned);
    let digits: [Vec<i8>; 4] =
        core::array::from_fn(|i| signed_window(&parts[i].0, W, windows, TopDigit::Unsigned));
    let look = |i: usize, w: usize| gt_lookup(&table, digits[i][w], parts[i].1);
    let mut acc = Fp12::<E::Fp, N>::ONE;
    for w in (0..windows).rev() {
        let odd = look(1, w) * look(3, w).frobenius_map(2);
        let y = (look(0, w) * look(2, w).frobenius_map(2)) * odd.frobenius_map(1);
        acc = if w + 1 == windows {
            y
        } else {
            // the W squarings in one call (one kernel block where the tower has one)
            acc.cyclotomic_squares(W) * y
        };
    }
    Gt(acc)
}

/// x^k for x ∈ GT and a public k (variable time; interleaved width-5 NAFs over the four
/// Frobenius images).
pub fn gt_pow_vartime<E: PairingCurve<N>, const N: usize>(
    x: &Gt<E, N>,
    k: &[u64],
    c: &LatticeConstants<4>,
) -> Gt<E, N> {
    let parts = decompose::<E, N>(c, k);
    // odd powers x, x³, …, x¹⁵ and their Frobenius images; inverse for negative parts
    let x2 = x.0.cyclotomic_square();
    let mut t0 = [x.0; 8];
    for j in 1..8 {
        t0[j] = t0[j - 1] * x2;
    }
    // σ² by its Fp-scalar constants (cheaper than σ∘σ), σ³ = σ∘σ²
    let t2 = t0.map(|e| e.frobenius_map(2));
    let mut tables = [
        t0,
        t0.map(|e| e.frobenius_map(1)),
        t2,
        t2.map(|e| e.frobenius_map(1)),
    ];
    for (t, part) in tables.iter_mut().zip(&parts) {
        if bool::from(part.1) {
            for e in t.iter_mut() {
                *e = e.conjugate();
            }
        }
    }
    let digits: [Vec<i8>; 4] = core::array::from_fn(|i| hayate_ec::recode::wnaf(&parts[i].0, 5));
    let len = digits.iter().map(Vec::len).max().unwrap_or(0);
    let mut acc = Fp12::<E::Fp, N>::ONE;
    let mut started = false;
    for w in (0..len).rev() {
        if started {
            acc = acc.cyclotomic_square();
        }
        for (t, d) in tables.iter().zip(&digits) {
            let dg = d.get(w).copied().unwrap_or(0);
            if dg != 0 {
                let e = t[(dg.unsigned_abs() as usize) / 2];
                let e = if dg < 0 { e.conjugate() } else { e };
                acc = if started { acc * e } else { e };
                started = true;
            }
        }
    }
    Gt(acc)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bls12_381::Bls12381;
    use crate::bn254::Bn254;
    use crate::bn254_beuchat::Bn254Beuchat;
    use hayate_arith::Fp;
    use rand::rngs::StdRng;
    use rand::{RngCore, SeedableRng};

    /// Double-and-add, the plain reference: \[k\]P for the integer k.
    fn reference<C: CurveParams>(p: &Projective<C>, k: &[u64]) -> Projective<C> {
        let mut acc = Projective::identity();
        for i in (0..64 * k.len()).rev() {
            acc = acc.double();
            if (k[i / 64] >> (i % 64)) & 1 == 1 {
                acc = acc.add(p);
            }
        }
        acc
    }

    /// Square-and-multiply, the plain reference in GT.
    fn reference_gt<E: PairingCurve<N>, const N: usize>(x: &Gt<E, N>, k: &[u64]) -> Gt<E, N> {
        Gt(x.0.pow_vartime(k))
    }

    /// Edge scalars (0, 1, 2, r − 1, r, r + 1, all-ones 256-bit) and random ones.
    fn scalars<E: PairingCurve<N>, const N: usize>(rng: &mut StdRng) -> Vec<[u64; 4]> {
        let r = glv::order_limbs::<E::G1>();
        let add = |a: &[u64; 4], b: u64| {
            let mut o = *a;
            let mut c = b;
            for l in o.iter_mut() {
                let (s, cc) = l.overflowing_add(c);
                *l = s;
                c = cc as u64;
            }
            o
        };
        let mut rm1 = r;
        rm1[0] -= 1; // r is odd
        let mut v = vec![
            [0; 4],
            [1, 0, 0, 0],
            [2, 0, 0, 0],
            rm1,
            r,
            add(&r, 1),
            [u64::MAX; 4],
        ];
        for _ in 0..6 {
            v.push(Fp::<E::Fr, 4>::random(&mut *rng).to_limbs());
        }
        v.push([rng.next_u64(), 0, 0, 0]);
        // multiples of the eigenvalue λ = p mod r and sums of its powers: decompositions with
        // zero, single and all-equal parts (even and odd), and −λ^i
        let lam = lambda::<E, N>();
        let one = Fp::<E::Fr, 4>::ONE;
        let (l2, l3) = (lam * lam, lam * lam * lam);
        for x in [
            lam,
            l2,
            l3,
            -lam,
            -l3,
            lam + lam,
            lam * Fp::from_u64(3),
            one + lam + l2 + l3,
            -(one + lam + l2 + l3),
            (one + lam + l2 + l3) * Fp::from_u64(2),
            lam * Fp::<E::Fr, 4>::random(&mut *rng),
        ] {
            v.push(x.to_limbs());
        }
        v
    }

    /// λ = p mod r as an element of Fr.
    fn lambda<E: PairingCurve<N>, const N: usize>() -> Fp<E::Fr, 4> {
        let p = <E::Fp as hayate_arith::FpParams<N>>::MODULUS;
        let two64 = Fp::<E::Fr, 4>::from_limbs_reduce([0, 1, 0, 0]);
        p.iter()
            .rev()
            .fold(Fp::<E::Fr, 4>::ZERO, |a, l| a * two64 + Fp::from_u64(*l))
    }

    fn agrees<E: PairingCurve<N>, const N: usize>() {
        let mut rng = StdRng::seed_from_u64(11);
        let c = lattice::<E, N>().expect("constants");
        let g1 = Projective::<E::G1>::generator();
        let g2 = Projective::<E::G2>::generator();
        let p = g1.mul_vartime_wnaf(&[rng.next_u64(), rng.next_u64(), rng.next_u64()]);
        let q = g2.mul_vartime_wnaf(&[rng.next_u64(), rng.next_u64(), rng.next_u64()]);
        let x = Gt::<E, N>::generator();
        let r = glv::order_limbs::<E::G1>();
        for k in scalars::<E, N>(&mut rng) {
            // the reference on [k mod r] is the same as on k for these order-r points; use
            // the integer k itself
            let want1 = reference(&p, &k).to_affine();
            assert_eq!(
                g1_mul_ct(&p, &k).to_affine(),
                want1,
                "{} G1 ct {k:x?}",
                E::NAME
            );
            assert_eq!(
                g1_mul_vartime(&p, &k).to_affine(),
                want1,
                "{} G1 vt",
                E::NAME
            );
            let want2 = reference(&q, &k).to_affine();
            assert_eq!(
                g2_mul_ct::<E, N>(&q, &k, c).to_affine(),
                want2,
                "{} G2 ct {k:x?}",
                E::NAME
            );
            assert_eq!(
                g2_mul_vartime::<E, N>(&q, &k, c).to_affine(),
                want2,
                "{} G2 vt",
                E::NAME
            );
            let want3 = reference_gt(&x, &k);
            assert_eq!(gt_pow_ct(&x, &k, c), want3, "{} GT ct {k:x?}", E::NAME);
            assert_eq!(gt_pow_vartime(&x, &k, c), want3, "{} GT vt", E::NAME);
        }
        // the identity / neutral element
        let k = Fp::<E::Fr, 4>::random(&mut rng).to_limbs();
        assert!(bool::from(
            g2_mul_ct::<E, N>(&Projective::identity(), &k, c).is_identity()
        ));
        assert!(bool::from(
            g2_mul_vartime::<E, N>(&Projective::identity(), &k, c).is_identity()
        ));
        assert!(bool::from(
            gt_pow_ct(&Gt::<E, N>::identity(), &k, c).is_identity()
        ));
        // the public API runs these
        assert_eq!(q.mul_ct(&k).to_affine(), reference(&q, &k).to_affine());
        assert!(bool::from(q.mul_vartime(&r).is_identity()));
        assert_eq!(x.pow(&k), reference_gt(&x, &k));
        assert_eq!(x.pow_vartime(&k), reference_gt(&x, &k));
    }

    #[test]
    fn gls_agrees_bls12_381() {
        agrees::<Bls12381, 6>();
    }
    #[test]
    fn gls_agrees_bn254() {
        agrees::<Bn254, 4>();
    }
    #[test]
    fn gls_agrees_bn254_beuchat() {
        agrees::<Bn254Beuchat, 4>();
    }

    /// Parts are below 2⁶⁴ and recombine to k mod r (Σ ±kᵢλ^i, λ = p mod r, in Fr).
    fn parts_recombine<E: PairingCurve<N>, const N: usize>() {
        let mut rng = StdRng::seed_from_u64(12);
        let c = lattice::<E, N>().expect("constants");
        let lam = lambda::<E, N>();
        for k in scalars::<E, N>(&mut rng) {
            let parts = decompose::<E, N>(c, &k);
            let mut acc = Fp::<E::Fr, 4>::ZERO;
            let mut pow = Fp::<E::Fr, 4>::ONE;
            for (m, neg) in parts {
                assert!(
                    m[1] == 0 && m[2] == 0 && m[3] == 0,
                    "{}: part ≥ 2^64",
                    E::NAME
                );
                let v = Fp::<E::Fr, 4>::from_u64(m[0]) * pow;
                acc += if bool::from(neg) { -v } else { v };
                pow *= lam;
            }
            assert_eq!(acc, Fp::<E::Fr, 4>::from_limbs_reduce(k), "{}", E::NAME);
        }
    }

    #[test]
    fn parts_recombine_all() {
        parts_recombine::<Bls12381, 6>();
        parts_recombine::<Bn254, 4>();
        parts_recombine::<Bn254Beuchat, 4>();
    }
}

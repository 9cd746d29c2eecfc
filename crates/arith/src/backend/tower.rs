//! The Fp12-level dispatch: for each Fp12 operation with a kernel, which kernel runs for a
//! tower on this CPU. Each function returns `None` where no kernel applies (the tower declares
//! none, the CPU lacks the instructions, a forced portable build, another ISA), and
//! [`crate::Fp12`] then composes the operation from its Fp6 and Fp2 arithmetic: the tower
//! types hold the maths, this module the choice.
//!
//! | operation | kernels, in order of preference |
//! |---|---|
//! | [`fp12_mul`], [`fp12_square`] | `x86_64::mulx::sub`'s shared subroutines (BLS12-381's and bn254-beuchat's towers); in lab builds with [`super::lines::SUBROUTINES`] off the one-block [`super::fp12_lazy`] |
//! | [`fp12_mul_by_034`] | `sub` (bn254-beuchat), the one-block [`super::fp12_lazy`] (other towers with MULX kernels) |
//! | [`fp12_mul_by_034_unit`] | [`super::fp12_mul_by_034_unit`] (bn254-beuchat) |
//! | [`cyclotomic_squares`] | the AVX-512 IFMA lanes ([`super::x86_64::ifma::cyclo_sqr`]), the MULX block [`super::cyclo_sqr`] |
//! | [`compressed_squares`] | the IFMA lanes, the MULX block [`super::compressed_sqr`] |
//!
//! The sparse M-type line product is [`super::lines::mul_by_014_kernel`].

use crate::{Fp, Fp12, Fp2, TowerParams};

/// The limbs of two Fp6 values back to back (an operand pair of the Fp12 kernels).
#[inline(always)]
fn cat<'a, const N: usize, const M: usize>(
    a: &[&'a [u64; N]; 6],
    b: &[&'a [u64; N]],
) -> [&'a [u64; N]; M] {
    core::array::from_fn(|i| if i < 6 { a[i] } else { b[i - 6] })
}

/// The limbs of two Fp2 values (a sparse Fp6 operand b0 + b1·v of the kernels).
#[cfg(target_arch = "x86_64")]
#[inline(always)]
fn fp2_pair<'a, P: TowerParams<N>, const N: usize>(
    x: &'a Fp2<P, N>,
    y: &'a Fp2<P, N>,
) -> [&'a [u64; N]; 4] {
    [
        x.c0.mont_limbs(),
        x.c1.mont_limbs(),
        y.c0.mont_limbs(),
        y.c1.mont_limbs(),
    ]
}

/// The twelve limbs of an Fp12 value in memory order (c0.c0.c0, c0.c0.c1, …, c1.c2.c1).
#[inline(always)]
fn limbs12<P: TowerParams<N>, const N: usize>(a: &Fp12<P, N>) -> [&[u64; N]; 12] {
    cat(&a.c0.limbs(), &a.c1.limbs())
}

/// a·b by a kernel of P's tower.
#[inline(always)]
pub(crate) fn fp12_mul<P: TowerParams<N>, const N: usize>(
    a: &Fp12<P, N>,
    b: &Fp12<P, N>,
) -> Option<Fp12<P, N>> {
    #[cfg(target_arch = "x86_64")]
    if super::lines::sub_active::<P, N>() {
        // SAFETY: `sub_active` holds.
        return Some(unsafe { super::x86_64::mulx::sub::fp12_mul(a, b) });
    }
    #[cfg(all(target_arch = "x86_64", feature = "lab"))]
    if super::fp6_kernel::<P, N>() {
        let (s, t) = (a.c0 + a.c1, b.c0 + b.c1);
        let r = super::fp12_lazy(
            super::Fp12Lazy::Mul([
                cat(&a.c0.limbs(), &b.c0.limbs()),
                cat(&a.c1.limbs(), &b.c1.limbs()),
                cat(&s.limbs(), &t.limbs()),
            ]),
            &P::MODULUS,
            Fp::<P, N>::INV,
        );
        return Some(Fp12::from_limbs(&r));
    }
    let _ = (a, b);
    None
}

/// a² by a kernel of P's tower.
#[inline(always)]
pub(crate) fn fp12_square<P: TowerParams<N>, const N: usize>(a: &Fp12<P, N>) -> Option<Fp12<P, N>> {
    #[cfg(target_arch = "x86_64")]
    if super::lines::sub_active::<P, N>() {
        // SAFETY: `sub_active` holds.
        return Some(unsafe { super::x86_64::mulx::sub::fp12_square(a) });
    }
    #[cfg(all(target_arch = "x86_64", feature = "lab"))]
    if super::tower_kernel::<P, N>() {
        let (s, t) = (a.c0 + a.c1, a.c0 + a.c1.mul_by_v());
        let r = super::fp12_lazy(
            super::Fp12Lazy::Sqr([
                cat(&a.c0.limbs(), &a.c1.limbs()),
                cat(&s.limbs(), &t.limbs()),
            ]),
            &P::MODULUS,
            Fp::<P, N>::INV,
        );
        return Some(Fp12::from_limbs(&r));
    }
    let _ = a;
    None
}

/// f·(c0 + c3·w + c4·v·w) by a kernel of P's tower.
#[inline(always)]
pub(crate) fn fp12_mul_by_034<P: TowerParams<N>, const N: usize>(
    f: &Fp12<P, N>,
    c0: &Fp2<P, N>,
    c3: &Fp2<P, N>,
    c4: &Fp2<P, N>,
) -> Option<Fp12<P, N>> {
    #[cfg(target_arch = "x86_64")]
    if super::lines::sub4_active::<P, N>() {
        // SAFETY: `sub4_active` holds.
        return Some(unsafe {
            super::x86_64::mulx::sub::fp12_mul_by_line::<P, N, false>(f, [c0, c3, c4])
        });
    }
    #[cfg(target_arch = "x86_64")]
    if super::tower_kernel::<P, N>() {
        let s = f.c0 + f.c1;
        let o = *c0 + *c3;
        let b0 = [c0.c0.mont_limbs(), c0.c1.mont_limbs()];
        let r = super::fp12_lazy(
            super::Fp12Lazy::By034(
                cat(&f.c0.limbs(), &b0),
                [
                    cat(&f.c1.limbs(), &fp2_pair(c3, c4)),
                    cat(&s.limbs(), &fp2_pair(&o, c4)),
                ],
            ),
            &P::MODULUS,
            Fp::<P, N>::INV,
        );
        return Some(Fp12::from_limbs(&r));
    }
    let _ = (f, c0, c3, c4);
    None
}

/// f·(1 + c3·w + c4·v·w) by a kernel of P's tower.
#[inline(always)]
pub(crate) fn fp12_mul_by_034_unit<P: TowerParams<N>, const N: usize>(
    f: &Fp12<P, N>,
    c3: &Fp2<P, N>,
    c4: &Fp2<P, N>,
) -> Option<Fp12<P, N>> {
    if !super::tower_kernel::<P, N>() {
        return None;
    }
    let line = [
        c3.c0.mont_limbs(),
        c3.c1.mont_limbs(),
        c4.c0.mont_limbs(),
        c4.c1.mont_limbs(),
    ];
    super::fp12_mul_by_034_unit(limbs12(f), line, &P::MODULUS, Fp::<P, N>::INV)
        .map(|r| Fp12::from_limbs(&r))
}

/// x^(2^n) by n Granger–Scott cyclotomic squarings in one kernel call for P's tower (x in the
/// cyclotomic subgroup); `None` also for n = 0.
#[inline(always)]
pub(crate) fn cyclotomic_squares<P: TowerParams<N>, const N: usize>(
    x: &Fp12<P, N>,
    n: usize,
) -> Option<Fp12<P, N>> {
    #[cfg(target_arch = "x86_64")]
    if n >= super::x86_64::ifma::CYCLO_MIN && super::x86_64::ifma::sqr_applies::<P, N>() {
        let r = super::x86_64::ifma::cyclo_sqr::<P, N>(limbs12(x), n as u64);
        return Some(Fp12::from_limbs(&r));
    }
    #[cfg(target_arch = "x86_64")]
    if n >= 1 && super::cyclo_kernel::<P, N>() {
        let r = super::cyclo_sqr::<P, N>(limbs12(x), n as u64);
        return Some(Fp12::from_limbs(&r));
    }
    let _ = (x, n);
    None
}

/// n ≥ 1 of Karabina's compressed squarings of (g2, g3, g4, g5) in one kernel call for P's
/// tower; `None` also for n = 0.
#[inline(always)]
pub(crate) fn compressed_squares<P: TowerParams<N>, const N: usize>(
    g: [&Fp2<P, N>; 4],
    n: usize,
) -> Option<[Fp2<P, N>; 4]> {
    #[cfg(target_arch = "x86_64")]
    {
        let lanes = super::x86_64::ifma::sqr_applies::<P, N>();
        if n > 0 && (lanes || super::tower_kernel::<P, N>()) {
            let (a, b) = (fp2_pair(g[0], g[1]), fp2_pair(g[2], g[3]));
            let l = core::array::from_fn(|i| if i < 4 { a[i] } else { b[i - 4] });
            let r = if lanes {
                super::x86_64::ifma::compressed_sqr::<P, N>(l, n as u64)
            } else {
                super::compressed_sqr(l, &P::MODULUS, Fp::<P, N>::INV, n as u64)
            };
            return Some(core::array::from_fn(|i| {
                Fp2::new(
                    Fp::from_mont_unchecked(r[2 * i]),
                    Fp::from_mont_unchecked(r[2 * i + 1]),
                )
            }));
        }
    }
    let _ = (g, n);
    None
}

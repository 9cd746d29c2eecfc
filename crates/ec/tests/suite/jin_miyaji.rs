//! Paper 004's Jin–Miyaji ladder (`hayate_ec::ladder::jin_miyaji`) beyond the per-method checks
//! of `methods.rs`: the step-by-step trace (`jin_miyaji_traced`, what `hayate ecmul --trace`
//! prints for the hardware co-verification) against the closed form of the ladder's registers,
//! and the scalars whose adjacent bits are equal (both additions of an iteration then hit the
//! same register) on the 256-bit curves and exhaustively on the tiny curves, with each inverter.
//!
//! Closed form (SEEDS.md §004, Algorithm 1): after the first t bits of k are consumed (t = 1
//! after the initial R\[k0\] ← R\[k0\] + A, t = i + 2 after the iteration of index i), with
//! m = k mod 2^t: A = \[2^t\]P, A1 = \[2^(t+1)\]P, R\[1\] = \[1 + k0 + m\]P and
//! R\[0\] = \[2^t − 1 − k0 − m\]P (bit 0 is added with weight 2 — A = 2P serves both k0 and
//! k1 — and the final R\[k0\] ← R\[k0\] − P corrects it). The expected points come from `Projective::mul_vartime`
//! (double-and-add), not from the ladder.

use crate::common;

use common::checks::rand_scalar;
use common::*;
use hayate_ec::curves::{BrainpoolP256r1, Secp256k1, Secp256r1};
use hayate_ec::ladder::{
    jin_miyaji, jin_miyaji_traced, BinaryGcdVartime, Fermat, Inversion, SafeGcd,
};
use hayate_ec::{Affine, CurveParams, Projective};
use num_bigint::BigUint;
use rand::rngs::StdRng;
use rand::SeedableRng;

fn to_limbs(x: &BigUint, n: usize) -> Vec<u64> {
    let mut v = x.to_u64_digits();
    v.resize(n.max(v.len()), 0);
    v
}

/// [e]P for a non-negative integer e (the reference double-and-add).
fn mul<C: CurveParams>(p: &Affine<C>, e: &BigUint) -> Affine<C> {
    Projective::from(*p)
        .mul_vartime(&to_limbs(e, 1))
        .to_affine()
}

/// The trace of the ladder on (P, k) over `nbits` bits against the closed form.
fn check_trace<C: CurveParams>(p: &Affine<C>, k: &[u64], nbits: usize) {
    let l = nbits | 1;
    let kk = BigUint::from_slice(
        &k.iter()
            .flat_map(|&w| [w as u32, (w >> 32) as u32])
            .collect::<Vec<_>>(),
    );
    let one = BigUint::from(1u8);
    let mut seen = Vec::new();
    let r = jin_miyaji_traced::<C, SafeGcd, _>(p, k, nbits, |i, r0, r1, a, a1| {
        let t = if i == 0 { 1 } else { i + 2 };
        let m = &kk % (&one << t);
        let k0 = &kk & &one;
        let want_r1 = mul(p, &(&one + &k0 + &m));
        // 2^t − 1 − k0 − m is −1 when k0 = 1 and m = 2^t − 1: add −P to [2^t − k0 − m]P
        let want_r0 = mul(p, &((&one << t) - &k0 - &m)).add(&p.neg());
        assert_eq!(*a, mul(p, &(&one << t)), "{} A at index {i}", C::NAME);
        assert_eq!(
            *a1,
            mul(p, &(&one << (t + 1))),
            "{} A1 at index {i}",
            C::NAME
        );
        assert_eq!(*r1, want_r1, "{} R[1] at index {i}, k={k:x?}", C::NAME);
        assert_eq!(*r0, want_r0, "{} R[0] at index {i}, k={k:x?}", C::NAME);
        seen.push(i);
    });
    let want: Vec<usize> = [0].into_iter().chain((1..l - 1).step_by(2)).collect();
    assert_eq!(seen, want, "{}: trace indices for l = {l}", C::NAME);
    assert_eq!(r, mul(p, &kk), "{}: traced result", C::NAME);
    assert_eq!(r, jin_miyaji::<C, SafeGcd>(p, k, nbits), "{}", C::NAME);
}

/// Scalars whose bits are all equal in pairs or alternate, and the order's neighbours.
fn patterned_scalars<C: CurveParams>() -> Vec<Vec<u64>> {
    let n = C::ORDER;
    let nl = n.len();
    let mut v = vec![
        vec![0; nl],
        vec![1],
        vec![2],
        vec![3],
        vec![u64::MAX; nl],
        vec![0x5555_5555_5555_5555; nl],
        vec![0xaaaa_aaaa_aaaa_aaaa; nl],
        vec![0x3333_3333_3333_3333; nl],
        vec![0xcccc_cccc_cccc_cccc; nl],
        vec![0x0f0f_0f0f_0f0f_0f0f; nl],
    ];
    for d in [-1i64, -2, 0, 1] {
        v.push(order_plus(n, d));
    }
    v
}

fn ladders_agree<C: CurveParams>(p: &Affine<C>, k: &[u64], nbits: usize, want: &Affine<C>) {
    fn one<C: CurveParams, I: Inversion>(p: &Affine<C>, k: &[u64], n: usize, w: &Affine<C>) {
        assert_eq!(
            jin_miyaji::<C, I>(p, k, n),
            *w,
            "{} {} k={k:x?}",
            C::NAME,
            I::NAME
        );
    }
    one::<C, SafeGcd>(p, k, nbits, want);
    one::<C, BinaryGcdVartime>(p, k, nbits, want);
    one::<C, Fermat>(p, k, nbits, want);
}

fn check_curve<C: CurveParams>(seed: u64) {
    let mut rng = StdRng::seed_from_u64(seed);
    let nl = C::ORDER.len();
    let g = Affine::<C>::generator();
    let p = Projective::<C>::generator()
        .mul_vartime(&rand_scalar(&mut rng, nl))
        .to_affine();
    let mut scalars = patterned_scalars::<C>();
    scalars.push(rand_scalar(&mut rng, nl));
    for base in [g, p] {
        for k in &scalars {
            let want = Projective::from(base).mul_vartime(k).to_affine();
            ladders_agree(&base, k, 64 * nl, &want);
        }
    }
    // the full trace on a random and an all-equal-pairs scalar
    check_trace(&p, &scalars[scalars.len() - 1], 64 * nl);
    check_trace(&g, &[u64::MAX; 4][..nl], 64 * nl);
    check_trace(&g, &[0x3333_3333_3333_3333; 4][..nl], 64 * nl);
    // infinity in, infinity out
    ladders_agree(
        &Affine::<C>::identity(),
        &scalars[5],
        64 * nl,
        &Affine::identity(),
    );
}

#[test]
fn jin_miyaji_patterned_scalars_and_trace_secp256r1() {
    check_curve::<Secp256r1>(41);
}

#[test]
fn jin_miyaji_patterned_scalars_and_trace_secp256k1() {
    check_curve::<Secp256k1>(42);
}

#[test]
fn jin_miyaji_patterned_scalars_and_trace_brainpool() {
    check_curve::<BrainpoolP256r1>(43);
}

/// Every point of the tiny curves, scalars of l = 9, 11, 13 bits whose adjacent bits are all
/// equal (and the other two-bit patterns), with each inverter, and the trace.
fn tiny<C: CurveParams<Base = TinyFp>>() {
    let r = C::ORDER[0];
    let g = Affine::<C>::generator();
    let mut mult = vec![Affine::<C>::identity()];
    for i in 1..r as usize {
        mult.push(mult[i - 1].add(&g));
    }
    for (lp, p) in mult.iter().enumerate() {
        for l in [9usize, 11, 13] {
            let mask = (1u64 << l) - 1;
            let mut ks = vec![mask, mask - 1, 0, 1, 2, 3];
            for pat in [0x5555u64, 0xaaaa, 0x3333, 0xcccc, 0x6666, 0x9999, 0x0f0f] {
                ks.push(pat & mask);
                ks.push((pat & mask) ^ 1);
            }
            for k in ks {
                let want = mult[((lp as u64 * k) % r) as usize];
                ladders_agree(p, &[k], l, &want);
            }
        }
        check_trace(p, &[0x1b5], 9);
        check_trace(p, &[0x7ff], 11);
    }
}

#[test]
fn jin_miyaji_tiny_curves_patterned() {
    tiny::<TinyAm3>();
    tiny::<TinyA0>();
    tiny::<TinyGen>();
}

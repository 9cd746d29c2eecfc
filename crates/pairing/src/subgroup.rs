//! Fast membership tests for G1 on BLS12 curves (the G2 test is [`crate::g2::is_in_g2_fast`]).
//!
//! Scott, "A note on group membership tests for G1, G2 and GT on BLS pairing-friendly curves"
//! (ePrint 2021/1130), §3, following Bowe, "Faster subgroup checks for BLS12-381"
//! (ePrint 2019/814): on E(Fp) with y² = x³ + b, σ(x, y) = (ωx, y) for a cube root of unity ω
//! acts on G1 as one of the cube roots of unity modulo r; for the root ω whose eigenvalue is
//! −z² (≡ λ² for λ = z² − 1), P ∈ G1 ⇔ σ(P) = \[−z²\]P. That is two multiplications by the
//! 64-bit |z| instead of one by the 255-bit r.
//!
//! The hayate-ec GLV constant β of BLS12-381 has eigenvalue λ = z² − 1 (checked in
//! `tests/suite/glv.rs`), so σ uses ω = β². [`is_in_g1_bls12`] is variable time (for validating
//! public points); [`is_in_g1_bls12_ct`] runs the same test with the constant-time fixed-window
//! multiplication and complete formulas (for points that are secret, such as an FE user key's).

use hayate_ec::{CurveParams, Projective};
use subtle::{Choice, ConstantTimeEq};

use crate::engine::{Family, PairingCurve};

/// Is P (on the curve) in G1? Scott's test σ(P) = \[−z²\]P for BLS12 curves whose G1 GLV
/// constant β has eigenvalue z² − 1; the plain \[r\]P = O on other curves.
pub fn is_in_g1_bls12<E: PairingCurve<N>, const N: usize>(p: &Projective<E::G1>) -> Choice {
    g1_test::<E, N>(p, |q, k| q.mul_vartime_wnaf(k))
}

/// [`is_in_g1_bls12`] in constant time in P: the multiplications by the public |z| (and by r on
/// other curves) are the fixed-window [`Projective::mul_ct_bits`] over complete formulas, so
/// neither a branch nor a memory access depends on P's coordinates.
pub fn is_in_g1_bls12_ct<E: PairingCurve<N>, const N: usize>(p: &Projective<E::G1>) -> Choice {
    g1_test::<E, N>(p, |q, k| q.mul_ct_bits(k, 64 * k.len()))
}

/// The membership test with `mul` for the integer multiplications by public scalars.
fn g1_test<E: PairingCurve<N>, const N: usize>(
    p: &Projective<E::G1>,
    mul: impl Fn(&Projective<E::G1>, &[u64]) -> Projective<E::G1>,
) -> Choice {
    let plain = || mul(p, <E::G1 as CurveParams>::ORDER).is_identity();
    let Some(glv) = <E::G1 as CurveParams>::GLV else {
        return plain();
    };
    if E::FAMILY != Family::Bls12 {
        return plain();
    }
    let omega = glv.beta.square();
    let sigma = Projective {
        x: p.x * omega,
        y: p.y,
        z: p.z,
    };
    let z = [E::Z_ABS];
    let z2p = mul(&mul(p, &z), &z); // [z²]P (z² > 0 for either sign)
    sigma.ct_eq(&z2p.neg())
}

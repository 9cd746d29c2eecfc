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
//! `tests/suite/glv.rs`), so σ uses ω = β². Variable time (for validating public points).

use hayate_ec::{CurveParams, Projective};
use subtle::{Choice, ConstantTimeEq};

use crate::engine::{Family, PairingCurve};

/// Is P (on the curve) in G1? Scott's test σ(P) = \[−z²\]P for BLS12 curves whose G1 GLV
/// constant β has eigenvalue z² − 1; the plain \[r\]P = O on other curves.
pub fn is_in_g1_bls12<E: PairingCurve<N>, const N: usize>(p: &Projective<E::G1>) -> Choice {
    let Some(glv) = <E::G1 as CurveParams>::GLV else {
        return plain(p);
    };
    if E::FAMILY != Family::Bls12 {
        return plain(p);
    }
    let omega = glv.beta.square();
    let sigma = Projective {
        x: p.x * omega,
        y: p.y,
        z: p.z,
    };
    let z = [E::Z_ABS];
    let z2p = p.mul_vartime_wnaf(&z).mul_vartime_wnaf(&z); // [z²]P (z² > 0 for either sign)
    sigma.ct_eq(&z2p.neg())
}

/// \[r\]P = O (integer multiplication).
fn plain<C: CurveParams>(p: &Projective<C>) -> Choice {
    p.mul_vartime_wnaf(C::ORDER).is_identity()
}

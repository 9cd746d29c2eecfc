//! Maps on the G2 twist that come from the p-power Frobenius of E(Fp12):
//! ψ = twist⁻¹ ∘ π_p ∘ twist, used by the BN Miller loop's two extra lines (paper 000's
//! e(Q,P) formula: l_{[6z+2]Q, π(Q)} and l_{…, −π²(Q)}) and by cofactor clearing.
//!
//! For a D-type twist (ψ(x, y) = (x·w², y·w³) into E) one gets
//! π(x, y) = (x̄·ξ^((p−1)/3), ȳ·ξ^((p−1)/2)); for an M-type twist the constants are inverted.

use hayate_arith::Fp2;
use hayate_ec::Affine;

use crate::engine::{PairingCurve, TwistType};

/// The constants (γ_x, γ_y) of the k-th power Frobenius on the twist, k ∈ {1, 2}.
pub fn frobenius_constants<E: PairingCurve<N>, const N: usize>(k: usize) -> (Fp2<E::Fp, N>, Fp2<E::Fp, N>) {
    use hayate_arith::TowerParams;
    let g = &<E::Fp as TowerParams<N>>::FROB[k - 1];
    let gx = g[1]; // ξ^((p^k−1)/3)
    let gy = g[0].square() * g[0]; // ξ^((p^k−1)/2)
    match E::TWIST {
        TwistType::D => (gx, gy),
        TwistType::M => (gx.invert().unwrap_or(Fp2::ONE), gy.invert().unwrap_or(Fp2::ONE)),
    }
}

/// ψ^k(Q) on the twist (k ∈ {1, 2}); the identity maps to itself.
pub fn frobenius<E: PairingCurve<N>, const N: usize>(q: &Affine<E::G2>, k: usize) -> Affine<E::G2> {
    let (gx, gy) = frobenius_constants::<E, N>(k);
    let (x, y) = if k % 2 == 1 { (q.x.conjugate(), q.y.conjugate()) } else { (q.x, q.y) };
    Affine { x: x * gx, y: y * gy, infinity: q.infinity }
}

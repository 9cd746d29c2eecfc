//! Maps on the G2 twist that come from the p-power Frobenius of E(Fp12):
//! ψ = twist⁻¹ ∘ π_p ∘ twist, used by the BN Miller loop's two extra lines (paper 000's
//! e(Q,P) formula: l_{[6z+2]Q, π(Q)} and l_{…, −π²(Q)}) and by cofactor clearing.
//!
//! For a D-type twist (ψ(x, y) = (x·w², y·w³) into E) one gets
//! π(x, y) = (x̄·ξ^((p−1)/3), ȳ·ξ^((p−1)/2)); for an M-type twist the constants are inverted.

use hayate_arith::Fp2;
use hayate_ec::{Affine, Projective};
use subtle::ConstantTimeEq;

use crate::engine::{Family, PairingCurve, TwistType};

/// The constants (γ_x, γ_y) of the k-th power Frobenius on the twist, k ∈ {1, 2}.
pub fn frobenius_constants<E: PairingCurve<N>, const N: usize>(
    k: usize,
) -> (Fp2<E::Fp, N>, Fp2<E::Fp, N>) {
    use hayate_arith::TowerParams;
    let g = &<E::Fp as TowerParams<N>>::FROB[k - 1];
    let gx = g[1]; // ξ^((p^k−1)/3)
    let gy = g[0].square() * g[0]; // ξ^((p^k−1)/2)
    match E::TWIST {
        TwistType::D => (gx, gy),
        TwistType::M => (
            gx.invert().unwrap_or(Fp2::ONE),
            gy.invert().unwrap_or(Fp2::ONE),
        ),
    }
}

/// (γ_x, γ_y) of ψ and of ψ² ([`frobenius_constants`] with k = 1, 2).
pub type Consts<E, const N: usize> = [(
    Fp2<<E as PairingCurve<N>>::Fp, N>,
    Fp2<<E as PairingCurve<N>>::Fp, N>,
); 2];

/// The cache entry of [`frobenius_constants_cached`], keyed by the curve E (not only by the
/// constants' type, which other curves over the same tower share).
struct FrobCache<E: PairingCurve<N>, const N: usize>(
    Consts<E, N>,
    core::marker::PhantomData<fn() -> E>,
);

/// [`frobenius_constants`] for k = 1 and k = 2, computed once per curve and kept for the
/// process lifetime (for an M-type twist they need two Fp2 inversions each).
pub fn frobenius_constants_cached<E: PairingCurve<N>, const N: usize>() -> &'static Consts<E, N> {
    &hayate_arith::once::per_type(|| {
        FrobCache::<E, N>(
            [
                frobenius_constants::<E, N>(1),
                frobenius_constants::<E, N>(2),
            ],
            core::marker::PhantomData,
        )
    })
    .0
}

/// ψ^k(Q) on the twist (k ∈ {1, 2}); the identity maps to itself.
pub fn frobenius<E: PairingCurve<N>, const N: usize>(q: &Affine<E::G2>, k: usize) -> Affine<E::G2> {
    let (gx, gy) = frobenius_constants_cached::<E, N>()[(k + 1) % 2];
    let (x, y) = if k % 2 == 1 {
        (q.x.conjugate(), q.y.conjugate())
    } else {
        (q.x, q.y)
    };
    Affine {
        x: x * gx,
        y: y * gy,
        infinity: q.infinity,
    }
}

/// ψ on a projective point (X : Y : Z) ↦ (X̄·γx : Ȳ·γy : Z̄) — ψ is the p-power Frobenius
/// (semi-linear), so it commutes with the projective scaling.
pub fn frobenius_projective<E: PairingCurve<N>, const N: usize>(
    q: &Projective<E::G2>,
) -> Projective<E::G2> {
    let (gx, gy) = frobenius_constants_cached::<E, N>()[0];
    Projective {
        x: q.x.conjugate() * gx,
        y: q.y.conjugate() * gy,
        z: q.z.conjugate(),
    }
}

/// Fast G2 membership test for a point on the twist (Scott 2021, "A note on group membership
/// tests for G1, G2 and GT on BLS pairing-friendly curves"; El Housni–Guillevic–Piellard 2022):
/// on G2, ψ acts as multiplication by p ≡ t − 1 (mod r), so
/// * BLS12: Q ∈ G2 ⇔ ψ(Q) = \[z\]Q,
/// * BN: Q ∈ G2 ⇔ ψ(Q) = \[6z²\]Q,
///
/// a multiplication by a 64- or 128-bit scalar instead of by r. Variable time: for validating
/// public points. Tested against the plain \[r\]Q = O check on members and non-members.
pub fn is_in_g2_fast<E: PairingCurve<N>, const N: usize>(q: &Projective<E::G2>) -> subtle::Choice {
    g2_test::<E, N>(q, |p, k| p.mul_vartime_wnaf(k))
}

/// [`is_in_g2_fast`] in constant time in Q (for secret points, such as an FE user key's): the
/// multiplication by the public 64- or 128-bit scalar is the fixed-window
/// [`Projective::mul_ct_bits`] over complete formulas.
pub fn is_in_g2_ct<E: PairingCurve<N>, const N: usize>(q: &Projective<E::G2>) -> subtle::Choice {
    g2_test::<E, N>(q, |p, k| p.mul_ct_bits(k, 64 * k.len()))
}

/// The membership test with `mul` for the multiplication by a public scalar.
fn g2_test<E: PairingCurve<N>, const N: usize>(
    q: &Projective<E::G2>,
    mul: impl Fn(&Projective<E::G2>, &[u64]) -> Projective<E::G2>,
) -> subtle::Choice {
    let psi = frobenius_projective::<E, N>(q);
    let z = E::Z_ABS as u128;
    let rhs = match E::FAMILY {
        Family::Bls12 => {
            let m = mul(q, &[E::Z_ABS]);
            if E::Z_NEG {
                m.neg()
            } else {
                m
            }
        }
        Family::Bn => {
            let k = 6 * z * z; // < 2^128 for both BN curves here
            mul(q, &[k as u64, (k >> 64) as u64])
        }
    };
    psi.ct_eq(&rhs)
}

//! Paper 001's operation counts, measured: the production Miller loop and final exponentiation
//! run over [`CountingBn254Beuchat`] — the papers' curve whose field tower counts its Fp2
//! operations ([`hayate_arith::opcount`]) and is otherwise identical to [`Bn254Beuchat`]
//! (same constants, recast at compile time).
//!
//! The Miller loop count includes computing the G2 line coefficients (the prepared form),
//! i.e. everything one `pairing` call does before the final exponentiation.

use hayate_arith::opcount::{
    self, recast_fp, recast_fp2, CountingBn254Beuchat as CountingFp, OpCounts,
};
use hayate_arith::{Fp, Fp2};
use hayate_ec::{Affine, CurveParams, Projective};
use subtle::Choice;

use crate::bn254_beuchat::{self, Bn254Beuchat};
use crate::engine::PairingCurve;
use crate::{final_exp, miller};

/// G1 of the counting curve.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CountingG1;
impl CurveParams for CountingG1 {
    type Base = Fp<CountingFp, 4>;
    const A: Self::Base = recast_fp(&bn254_beuchat::G1Params::A);
    const B: Self::Base = recast_fp(&bn254_beuchat::G1Params::B);
    const A_IS_ZERO: bool = bn254_beuchat::G1Params::A_IS_ZERO;
    const A_IS_MINUS_3: bool = bn254_beuchat::G1Params::A_IS_MINUS_3;
    const GENERATOR: (Self::Base, Self::Base) = (
        recast_fp(&bn254_beuchat::G1Params::GENERATOR.0),
        recast_fp(&bn254_beuchat::G1Params::GENERATOR.1),
    );
    const ORDER: &'static [u64] = bn254_beuchat::G1Params::ORDER;
    const NAME: &'static str = "bn254-beuchat G1 (counting)";
    fn is_in_subgroup(_p: &Projective<Self>) -> Choice {
        Choice::from(1)
    }
}

/// G2 of the counting curve.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CountingG2;
impl CurveParams for CountingG2 {
    type Base = Fp2<CountingFp, 4>;
    const A: Self::Base = recast_fp2(&bn254_beuchat::G2Params::A);
    const B: Self::Base = recast_fp2(&bn254_beuchat::G2Params::B);
    const A_IS_ZERO: bool = bn254_beuchat::G2Params::A_IS_ZERO;
    const A_IS_MINUS_3: bool = bn254_beuchat::G2Params::A_IS_MINUS_3;
    const GENERATOR: (Self::Base, Self::Base) = (
        recast_fp2(&bn254_beuchat::G2Params::GENERATOR.0),
        recast_fp2(&bn254_beuchat::G2Params::GENERATOR.1),
    );
    const ORDER: &'static [u64] = bn254_beuchat::G2Params::ORDER;
    const NAME: &'static str = "bn254-beuchat G2 (counting)";
}

/// bn254-beuchat with a counting field tower.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CountingBn254Beuchat;
impl PairingCurve<4> for CountingBn254Beuchat {
    type Fp = CountingFp;
    type Fr = <Bn254Beuchat as PairingCurve<4>>::Fr;
    type G1 = CountingG1;
    type G2 = CountingG2;
    const NAME: &'static str = "bn254-beuchat (counting)";
    const FAMILY: crate::Family = Bn254Beuchat::FAMILY;
    const TWIST: crate::TwistType = Bn254Beuchat::TWIST;
    const Z_ABS: u64 = Bn254Beuchat::Z_ABS;
    const Z_NEG: bool = Bn254Beuchat::Z_NEG;
}

/// Fp2 operation counts of one optimal Ate pairing on bn254-beuchat: (Miller loop including the
/// G2 line computation, final exponentiation), for the generators.
pub fn pairing_op_counts() -> (OpCounts, OpCounts) {
    let p = Affine::<CountingG1>::generator();
    let q = Affine::<CountingG2>::generator();
    opcount::reset();
    let f = miller::miller_loop::<CountingBn254Beuchat, 4>(&p, &q);
    let ml = opcount::snapshot();
    let _ = final_exp::final_exponentiation::<CountingBn254Beuchat, 4>(&f);
    let fe = opcount::snapshot() - ml;
    (ml, fe)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The counted pairing is the real one: its value equals bn254-beuchat's pairing of the
    /// same points, and it counts something in every category.
    #[test]
    fn counting_curve_computes_the_same_pairing() {
        let p = Affine::<CountingG1>::generator();
        let q = Affine::<CountingG2>::generator();
        let counted =
            final_exp::final_exponentiation::<CountingBn254Beuchat, 4>(&miller::miller_loop::<
                CountingBn254Beuchat,
                4,
            >(&p, &q));
        let plain = crate::pairing::<Bn254Beuchat, 4>(&Affine::generator(), &Affine::generator());
        assert_eq!(
            crate::Gt::<CountingBn254Beuchat, 4>(counted).to_bytes(),
            plain.to_bytes()
        );
        let (ml, fe) = pairing_op_counts();
        for c in [ml, fe] {
            assert!(
                c.mul > 0 && c.sqr > 0 && c.add > 0 && c.mul_by_xi > 0,
                "{c:?}"
            );
        }
        // the counts are deterministic (no data-dependent branches in the pairing)
        assert_eq!(pairing_op_counts(), (ml, fe));
    }
}

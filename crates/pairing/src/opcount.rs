//! Paper 001's operation counts, measured: the production Miller loop and final exponentiation
//! run over [`CountingBn254Beuchat`] — the papers' curve whose field tower counts its Fp2
//! operations ([`hayate_arith::opcount`]) and is otherwise identical to [`Bn254Beuchat`]
//! (same constants, recast at compile time).
//!
//! The Miller loop count includes computing the G2 line coefficients (the prepared form),
//! i.e. everything one `pairing` call does before the final exponentiation.
//!
//! [`CountingBn254`] and [`CountingBls12381`] do the same for alt_bn128 and BLS12-381
//! ([`curve_op_counts`], [`step_op_counts`]; `crates/lab/examples/opcounts.rs` prints the table).

use alloc::vec::Vec;
use hayate_arith::fields::{Bls12381FpParams, Bn254FpParams};
use hayate_arith::opcount::{
    self, recast_fp, recast_fp2, recast_frob, CountingBn254Beuchat as CountingFp, OpCounts,
};
use hayate_arith::{Fp, Fp2, FpParams, TowerParams};
use hayate_ec::{Affine, CurveParams, Projective};
use subtle::Choice;

use crate::bls12_381::Bls12381;
use crate::bn254::Bn254;
use crate::bn254_beuchat::Bn254Beuchat;
use crate::engine::PairingCurve;
use crate::{final_exp, miller};

/// A copy of a base field and its tower with operation counting on.
macro_rules! counting_field {
    ($(#[$m:meta])* $name:ident, $src:ty, $n:literal) => {
        $(#[$m])*
        #[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
        pub struct $name;
        impl FpParams<$n> for $name {
            const MODULUS: [u64; $n] = <$src as FpParams<$n>>::MODULUS;
            const NAME: &'static str = concat!(stringify!($name), " Fp (counting)");
        }
        impl TowerParams<$n> for $name {
            const BETA_NEG: u8 = <$src as TowerParams<$n>>::BETA_NEG;
            const XI: (u8, u8) = <$src as TowerParams<$n>>::XI;
            const FROB: [[Fp2<Self, $n>; 3]; 3] =
                recast_frob(&<$src as TowerParams<$n>>::FROB);
            const COUNT_OPS: bool = true;
        }
    };
}

counting_field!(
    /// alt_bn128's base field with operation counting on.
    CountingBn254Fp,
    Bn254FpParams,
    4
);
counting_field!(
    /// BLS12-381's base field with operation counting on.
    CountingBls12381Fp,
    Bls12381FpParams,
    6
);

/// G1, G2 and the pairing curve over a counting field, copies of a production curve.
macro_rules! counting_curve {
    ($curve:ident, $g1:ident, $g2:ident, $fp:ty, $src:ty, $module:ident, $n:literal) => {
        #[doc = concat!("G1 of [`", stringify!($curve), "`].")]
        #[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
        pub struct $g1;
        impl CurveParams for $g1 {
            type Base = Fp<$fp, $n>;
            type Scalar = <crate::$module::G1Params as CurveParams>::Scalar;
            const A: Self::Base = recast_fp(&crate::$module::G1Params::A);
            const B: Self::Base = recast_fp(&crate::$module::G1Params::B);
            const A_IS_ZERO: bool = crate::$module::G1Params::A_IS_ZERO;
            const A_IS_MINUS_3: bool = crate::$module::G1Params::A_IS_MINUS_3;
            const GENERATOR: (Self::Base, Self::Base) = (
                recast_fp(&crate::$module::G1Params::GENERATOR.0),
                recast_fp(&crate::$module::G1Params::GENERATOR.1),
            );
            const ORDER: &'static [u64] = crate::$module::G1Params::ORDER;
            const NAME: &'static str = concat!(stringify!($g1), " (counting)");
            fn is_in_subgroup(_p: &Projective<Self>) -> Choice {
                Choice::from(1)
            }
        }

        #[doc = concat!("G2 of [`", stringify!($curve), "`].")]
        #[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
        pub struct $g2;
        impl CurveParams for $g2 {
            type Base = Fp2<$fp, $n>;
            type Scalar = <crate::$module::G2Params as CurveParams>::Scalar;
            const A: Self::Base = recast_fp2(&crate::$module::G2Params::A);
            const B: Self::Base = recast_fp2(&crate::$module::G2Params::B);
            const A_IS_ZERO: bool = crate::$module::G2Params::A_IS_ZERO;
            const A_IS_MINUS_3: bool = crate::$module::G2Params::A_IS_MINUS_3;
            const GENERATOR: (Self::Base, Self::Base) = (
                recast_fp2(&crate::$module::G2Params::GENERATOR.0),
                recast_fp2(&crate::$module::G2Params::GENERATOR.1),
            );
            const ORDER: &'static [u64] = crate::$module::G2Params::ORDER;
            const NAME: &'static str = concat!(stringify!($g2), " (counting)");
        }

        #[doc = concat!("[`", stringify!($src), "`] with a counting field tower.")]
        #[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
        pub struct $curve;
        impl PairingCurve<$n> for $curve {
            type Fp = $fp;
            type Fr = <$src as PairingCurve<$n>>::Fr;
            type G1 = $g1;
            type G2 = $g2;
            const NAME: &'static str = concat!(stringify!($curve), " (counting)");
            const FAMILY: crate::Family = <$src as PairingCurve<$n>>::FAMILY;
            const TWIST: crate::TwistType = <$src as PairingCurve<$n>>::TWIST;
            const Z_ABS: u64 = <$src as PairingCurve<$n>>::Z_ABS;
            const Z_NEG: bool = <$src as PairingCurve<$n>>::Z_NEG;
            const TWIST_3B_SMALL: Option<(i8, i8)> = <$src as PairingCurve<$n>>::TWIST_3B_SMALL;
        }
    };
}

counting_curve!(
    CountingBn254Beuchat,
    CountingG1,
    CountingG2,
    CountingFp,
    Bn254Beuchat,
    bn254_beuchat,
    4
);
counting_curve!(
    CountingBn254,
    CountingBn254G1,
    CountingBn254G2,
    CountingBn254Fp,
    Bn254,
    bn254,
    4
);
counting_curve!(
    CountingBls12381,
    CountingBls12381G1,
    CountingBls12381G2,
    CountingBls12381Fp,
    Bls12381,
    bls12_381,
    6
);

/// Fp2 operation counts of one optimal Ate pairing on bn254-beuchat: (Miller loop including the
/// G2 line computation, final exponentiation), for the generators.
pub fn pairing_op_counts() -> (OpCounts, OpCounts) {
    curve_op_counts::<CountingBn254Beuchat, 4>()
}

/// [`pairing_op_counts`] on any counting curve ([`CountingBn254Beuchat`], [`CountingBn254`],
/// [`CountingBls12381`]).
pub fn curve_op_counts<E: PairingCurve<N>, const N: usize>() -> (OpCounts, OpCounts) {
    let p = Affine::<E::G1>::generator();
    let q = Affine::<E::G2>::generator();
    opcount::reset();
    let f = miller::miller_loop::<E, N>(&p, &q);
    let ml = opcount::snapshot();
    let _ = final_exp::final_exponentiation::<E, N>(&f);
    let fe = opcount::snapshot() - ml;
    (ml, fe)
}

/// The counts of the pairing's building blocks on a counting curve: the Miller loop's steps
/// (see `miller::step_op_counts`) and the final exponentiation's easy part, one exponentiation
/// by z, and the hard part.
pub fn step_op_counts<E: PairingCurve<N>, const N: usize>() -> Vec<(&'static str, OpCounts)> {
    let p = Affine::<E::G1>::generator();
    let q = Affine::<E::G2>::generator();
    let mut out = miller::step_op_counts::<E, N>(&p, &q);
    let f = miller::miller_loop::<E, N>(&p, &q);
    let s = opcount::snapshot();
    let g = final_exp::easy_part::<E, N>(&f);
    out.push(("final exp: easy part", opcount::snapshot() - s));
    let s = opcount::snapshot();
    let _ = final_exp::exp_by_z::<E, N>(&g);
    out.push(("final exp: one exp by z", opcount::snapshot() - s));
    let s = opcount::snapshot();
    let _ = final_exp::hard_part::<E, N>(&g);
    out.push(("final exp: hard part", opcount::snapshot() - s));
    out
}

// With std the counters are per thread; without it they are process-wide, and the test
// harness's parallel tests would count into each other's totals.
#[cfg(all(test, feature = "std"))]
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

    /// The other two counting curves compute their production curve's pairing.
    #[test]
    fn counting_curves_compute_the_same_pairing() {
        let a = crate::pairing::<CountingBn254, 4>(&Affine::generator(), &Affine::generator());
        let b = crate::pairing::<Bn254, 4>(&Affine::generator(), &Affine::generator());
        assert_eq!(a.to_bytes(), b.to_bytes());
        let a = crate::pairing::<CountingBls12381, 6>(&Affine::generator(), &Affine::generator());
        let b = crate::pairing::<Bls12381, 6>(&Affine::generator(), &Affine::generator());
        assert_eq!(a.to_bytes(), b.to_bytes());
        assert!(curve_op_counts::<CountingBls12381, 6>().0.mul > 0);
    }
}

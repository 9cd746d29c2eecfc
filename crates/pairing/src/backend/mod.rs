//! Back ends of the Miller-loop kernels: the steps of the loop (the doubling step with its
//! evaluated line, f²·l, line pairs) and the loop of a product of pairings in vector lanes.
//! The field and tower arithmetic they build on is hayate-arith's (`hayate_arith::backend`):
//! its limb-level helpers ([`hayate_arith::backend::cast`],
//! [`hayate_arith::backend::lines::with_buffer`]), its shared Fp12 subroutines
//! (`hayate_arith::backend::x86_64::mulx::sub`) and its vertical IFMA lane arithmetic
//! (`hayate_arith::backend::x86_64::ifma`). The kernels run for the towers whose
//! [`hayate_arith::backend::KernelSet`] has them, on the CPU features hayate-arith detects.
//!
//! # What runs where
//!
//! | operation | portable (any target) | x86-64, BMI2 + ADX | x86-64, AVX-512 IFMA | AArch64 |
//! |---|---|---|---|---|
//! | doubling step with its tangent line (BLS12-381, bn254-beuchat) | the Miller loop's own formulas | [`lines::double_step_12xi`], [`lines::double_step_m3u`] (one block each, `x86_64/mulx/lines_gen.rs`) | `x86_64::ifma::double_steps` (up to eight pairs at once) | the loop's formulas |
//! | f²·l (doubling iteration), f·l·l′ (two lines) | composed tower arithmetic | [`lines`] (on hayate-arith's shared subroutines; one-block f²·l in lab builds) | — | composed |
//! | Miller loop of a product of pairings | scalar loop | scalar loop | `x86_64::ifma::miller` (a pair per lane) | scalar loop |
//!
//! The kernels are generated or written for the towers of [`crate::bls12_381`] and
//! [`crate::bn254_beuchat`]; every other tower (alt_bn128's included) runs the composed
//! arithmetic. Builds forced to the portable code or without lanes
//! ([`hayate_arith::backend::PORTABLE_FORCED`], [`hayate_arith::backend::LANES_FORCED_OFF`])
//! turn them off as they turn off hayate-arith's.

/// The assembly kernel call counter of hayate-arith, which the generated kernels here count
/// into (`ct-valgrind` builds only).
#[cfg(feature = "ct-valgrind")]
pub(crate) use hayate_arith::backend::kernel_ran;

pub mod lines;
#[cfg(target_arch = "x86_64")]
pub mod x86_64;

use alloc::vec::Vec;
use hayate_arith::TowerParams;

/// What the lanes do next: the Miller loop's schedule.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LaneOp {
    /// f ← f².
    Square,
    /// T ← 2T and f ← f·(tangent line at P).
    Double,
    /// T ← T ± A_k (the pair's addend k, y negated if set) and f ← f·(chord line at P).
    Add(usize, bool),
    /// f ← conj(f) (negative loop parameter; only as the last operation).
    Conjugate,
    /// f ← f·(each pair's next stored normalised line at P) (the prepared loop's lanes only).
    Line,
}

/// One pair's inputs, Montgomery limbs (R = 2^(64N)) of reduced coordinates: P = (x_P, y_P)
/// and up to three affine addends A_k = (x.c0, x.c1, y.c0, y.c1) on the twist; T starts at A_0
/// (= Q; A_1, A_2 are what the schedule adds at the end, e.g. π(Q) and π²(Q) on BN curves).
#[derive(Clone, Copy, Debug)]
pub struct LanePair<const N: usize> {
    /// x_P.
    pub xp: [u64; N],
    /// y_P.
    pub yp: [u64; N],
    /// A_0, A_1, A_2 as (x.c0, x.c1, y.c0, y.c1).
    pub addends: [[[u64; N]; 4]; 3],
}

/// One pair of the prepared loop in the lanes: the per-P scalars (u, v) (Montgomery
/// limbs, reduced) and Q's normalised lines [s′, t′] as (s′.c0, s′.c1, t′.c0, t′.c1), in
/// loop order; the line at P is 1 + s′u·w^i + t′v·w^j, (i, j) = (1, 3) for the D-type twist,
/// (2, 3) for the M-type.
#[derive(Clone, Copy, Debug)]
pub struct UnitPair<'a, const N: usize> {
    /// The per-P scalar u.
    pub u: [u64; N],
    /// The per-P scalar v.
    pub v: [u64; N],
    /// Q's normalised lines [s′, t′] in loop order.
    pub lines: &'a [[[u64; N]; 4]],
}

/// Whether the eight-lane kernels (the doubling steps, the Miller loops of a product of
/// pairings) run for P's tower on this CPU: the tower's kernel set has them and AVX-512 IFMA
/// is present (false off x86-64). The twist is the caller's to check.
#[inline]
pub(crate) fn lanes_apply<P: TowerParams<N>, const N: usize>() -> bool {
    #[cfg(target_arch = "x86_64")]
    return hayate_arith::backend::x86_64::ifma::applies::<P, N>();
    #[cfg(not(target_arch = "x86_64"))]
    false
}

/// The Miller loop of `pairs` by the schedule `ops` in eight lanes (each used lane's f,
/// Montgomery limbs in Fp12 memory order); `None` where [`lanes_apply`] does not hold.
#[inline]
pub(crate) fn miller_lanes<P: TowerParams<N>, const N: usize>(
    pairs: &[LanePair<N>],
    ops: &[LaneOp],
) -> Option<Vec<[[u64; N]; 12]>> {
    #[cfg(target_arch = "x86_64")]
    if lanes_apply::<P, N>() {
        return Some(x86_64::ifma::miller::miller_lanes::<P, N>(pairs, ops));
    }
    let _ = (pairs, ops);
    None
}

/// The prepared loop (stored normalised lines) in eight lanes; `None` where [`lanes_apply`]
/// does not hold.
#[inline]
pub(crate) fn miller_lanes_unit<P: TowerParams<N>, const N: usize>(
    pairs: &[UnitPair<'_, N>],
    ops: &[LaneOp],
) -> Option<Vec<[[u64; N]; 12]>> {
    #[cfg(target_arch = "x86_64")]
    if lanes_apply::<P, N>() {
        return Some(x86_64::ifma::miller::miller_lanes_unit::<P, N>(pairs, ops));
    }
    let _ = (pairs, ops);
    None
}

/// The doubling step with its line for up to eight pairs at a time (each T as six Fp
/// coordinates, x_P, −y_P; out: 2T's six coordinates, then the line's six); `None` where
/// [`lanes_apply`] does not hold.
#[inline]
pub(crate) fn double_steps<P: TowerParams<N>, const N: usize>(
    inputs: &[([[u64; N]; 6], [u64; N], [u64; N])],
) -> Option<Vec<[[u64; N]; 12]>> {
    #[cfg(target_arch = "x86_64")]
    if lanes_apply::<P, N>() {
        return Some(x86_64::ifma::double_steps::<P, N>(inputs));
    }
    let _ = inputs;
    None
}

//! Scalar-multiplication methods selectable by name (papers 002 and 004, and the library's
//! own), and one dispatcher [`scalar_mul`].
//!
//! | [`Method`] | name | source | time |
//! |---|---|---|---|
//! | `Binary` | `binary` | paper 002 §3.1, left-to-right double-and-add (Jacobian) | variable |
//! | `Window(w)` | `window:W` | paper 002 §3.2, fixed 2^w-ary windows (Jacobian) | variable |
//! | `Naf` | `naf` | paper 002 §3.3, NAF (w = 2) | variable |
//! | `WNaf(w)` | `wnaf:W` | width-w NAF (w ∈ [2, 7]) | variable |
//! | `Split { x }` | `split:X` | paper 002 §4: k = k₁·2^x + k₂ on two threads, wNAF halves | variable |
//! | `Glv` | `glv` | [`crate::glv::mul_vartime`]: k ≡ k₁ + k₂λ, two half-length wNAFs on two threads (joint wNAF with 1 thread) | variable |
//! | `FixedWindowCt` | `fixed-window-ct` | [`Projective::mul_ct_bits`], w = 4, complete formulas | constant |
//! | `SplitCt` | `split-ct` | [`Projective::mul_ct_parallel`], x = ⌈0.734·m⌉ | constant |
//! | `GlvCt` | `glv-ct` | [`crate::glv::mul_ct`]: ct decomposition, two half-length fixed windows | constant |
//! | `AffineLadderCt` | `affine-ladder-ct` | [`Affine::mul_ct_affine`] (Fermat inversions) | constant |
//! | `JinMiyaji` | `jin-miyaji` | paper 004 Alg. 1, affine + double-quadruple, safegcd | constant |
//! | `JinMiyajiBinaryGcd` | `jin-miyaji-bingcd` | the same with paper 004's binary-GCD inverter | variable |
//! | `MontgomeryLadder` | `montgomery-ladder` | projective, complete formulas | constant |
//! | `JoyeLadder` | `joye-ladder` | Joye's 2-ary right-to-left ladder, projective | constant |
//! | `JoyeMary(w)` | `joye-mary:W` | Joye's m-ary right-to-left ladder, m = 2^w | constant |
//!
//! "Constant" means: time independent of the scalar (for a given limb count) and of the point.
//! The two-thread methods (`split`, `split-ct`, `glv`, `glv-ct`) hand one half to a worker of
//! the persistent [`crate::pool`] and compute the other on the calling thread;
//! [`scalar_mul_threads`] sets the thread count (1 = sequential), [`scalar_mul`] uses 2.
//! The GLV methods need the curve's endomorphism ([`CurveParams::GLV`]: secp256k1 and the
//! pairing G1 curves) and return [`MethodError::NoEndomorphism`] elsewhere; they compute
//! \[k mod n\]P, i.e. they assume P in the order-n subgroup.

use alloc::{string::{String, ToString}, vec, vec::Vec};
use core::fmt;
use core::str::FromStr;

use crate::affine::Affine;
use crate::curve::{CurveParams, Static};
use crate::group;
use crate::jacobian::Jacobian;
use crate::ladder;
use crate::projective::Projective;

/// A scalar-multiplication method (see the module table).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Method {
    /// Left-to-right binary double-and-add (variable time).
    Binary,
    /// Fixed 2^w-ary window, w ∈ [1, 8] (variable time).
    Window(u32),
    /// Non-adjacent form (variable time).
    Naf,
    /// Width-w NAF, w ∈ [2, 7] (variable time).
    WNaf(u32),
    /// Paper 002's two-thread split at bit x (variable time).
    Split {
        /// The split point: k = k₁·2^x + k₂.
        x: u32,
    },
    /// GLV split k ≡ k₁ + k₂λ (mod n), wNAF halves (variable time; needs an endomorphism).
    Glv,
    /// Fixed window w = 4 over complete projective formulas (constant time).
    FixedWindowCt,
    /// Paper 002's split, constant-time halves, x = ⌈0.734·64·len(k)⌉.
    SplitCt,
    /// GLV split with constant-time decomposition and fixed-window halves (constant time).
    GlvCt,
    /// Affine Montgomery-style ladder with Fermat inversions (constant time).
    AffineLadderCt,
    /// Jin–Miyaji two-bit 2-ary right-to-left ladder with safegcd (constant time).
    JinMiyaji,
    /// Jin–Miyaji ladder with binary-GCD inversion (variable time, as paper 004's hardware).
    JinMiyajiBinaryGcd,
    /// Montgomery ladder, projective, complete formulas (constant time).
    MontgomeryLadder,
    /// Joye's 2-ary right-to-left ladder (constant time).
    JoyeLadder,
    /// Joye's m-ary right-to-left ladder, m = 2^w, w ∈ [1, 6] (constant time).
    JoyeMary(u32),
}

impl Method {
    /// Every method, with typical parameters (for tests and benchmarks); `split_x` is the split
    /// point used for [`Method::Split`].
    pub fn all(split_x: u32) -> Vec<Method> {
        vec![
            Method::Binary,
            Method::Window(1),
            Method::Window(4),
            Method::Window(5),
            Method::Naf,
            Method::WNaf(3),
            Method::WNaf(5),
            Method::Split { x: split_x },
            Method::FixedWindowCt,
            Method::SplitCt,
            Method::AffineLadderCt,
            Method::JinMiyaji,
            Method::JinMiyajiBinaryGcd,
            Method::MontgomeryLadder,
            Method::JoyeLadder,
            Method::JoyeMary(2),
            Method::JoyeMary(4),
        ]
    }

    /// The GLV methods (only for curves with [`CurveParams::GLV`]; not part of [`Self::all`]).
    pub const GLV: [Method; 2] = [Method::Glv, Method::GlvCt];

    /// Does the running time depend only on the scalar's limb count (not on its value or on P)?
    pub fn is_constant_time(&self) -> bool {
        matches!(
            self,
            Method::FixedWindowCt
                | Method::SplitCt
                | Method::GlvCt
                | Method::AffineLadderCt
                | Method::JinMiyaji
                | Method::MontgomeryLadder
                | Method::JoyeLadder
                | Method::JoyeMary(_)
        )
    }

    /// Paper 002's split point for an m-bit scalar: x = ⌈0.734·m⌉.
    pub fn paper002_split(m: u32) -> Method {
        Method::Split {
            x: (m * 734).div_ceil(1000),
        }
    }

    /// The names accepted by [`Method::from_str`] (W, X: decimal parameters).
    pub const NAMES: &'static [&'static str] = &[
        "binary",
        "window:W",
        "naf",
        "wnaf:W",
        "split:X",
        "glv",
        "fixed-window-ct",
        "split-ct",
        "glv-ct",
        "affine-ladder-ct",
        "jin-miyaji",
        "jin-miyaji-bingcd",
        "montgomery-ladder",
        "joye-ladder",
        "joye-mary:W",
    ];
}

impl fmt::Display for Method {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Method::Binary => write!(f, "binary"),
            Method::Window(w) => write!(f, "window:{w}"),
            Method::Naf => write!(f, "naf"),
            Method::WNaf(w) => write!(f, "wnaf:{w}"),
            Method::Split { x } => write!(f, "split:{x}"),
            Method::Glv => write!(f, "glv"),
            Method::GlvCt => write!(f, "glv-ct"),
            Method::FixedWindowCt => write!(f, "fixed-window-ct"),
            Method::SplitCt => write!(f, "split-ct"),
            Method::AffineLadderCt => write!(f, "affine-ladder-ct"),
            Method::JinMiyaji => write!(f, "jin-miyaji"),
            Method::JinMiyajiBinaryGcd => write!(f, "jin-miyaji-bingcd"),
            Method::MontgomeryLadder => write!(f, "montgomery-ladder"),
            Method::JoyeLadder => write!(f, "joye-ladder"),
            Method::JoyeMary(w) => write!(f, "joye-mary:{w}"),
        }
    }
}

/// Error of [`Method::from_str`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownMethod(pub String);

impl fmt::Display for UnknownMethod {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown method `{}` (known: {})",
            self.0,
            Method::NAMES.join(", ")
        )
    }
}
impl core::error::Error for UnknownMethod {}

impl FromStr for Method {
    type Err = UnknownMethod;
    /// Parses `name` or `name:param` (also `name=param`), case-insensitive; `window`, `wnaf`
    /// and `joye-mary` without a parameter mean w = 4.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let err = || UnknownMethod(s.to_string());
        let lower = s.trim().to_ascii_lowercase().replace('_', "-");
        let (name, param) = match lower.split_once([':', '=']) {
            Some((n, p)) => (n.to_string(), Some(p.parse::<u32>().map_err(|_| err())?)),
            None => (lower.clone(), None),
        };
        let w = |lo: u32, hi: u32| -> Result<u32, UnknownMethod> {
            let w = param.unwrap_or(4);
            if (lo..=hi).contains(&w) {
                Ok(w)
            } else {
                Err(err())
            }
        };
        let no_param = |m: Method| if param.is_none() { Ok(m) } else { Err(err()) };
        match name.as_str() {
            "binary" => no_param(Method::Binary),
            "window" => Ok(Method::Window(w(1, 8)?)),
            "naf" => no_param(Method::Naf),
            "wnaf" => Ok(Method::WNaf(w(2, 7)?)),
            "split" => Ok(Method::Split {
                x: param.ok_or_else(err)?,
            }),
            "fixed-window-ct" => no_param(Method::FixedWindowCt),
            "split-ct" => no_param(Method::SplitCt),
            "glv" => no_param(Method::Glv),
            "glv-ct" => no_param(Method::GlvCt),
            "affine-ladder-ct" => no_param(Method::AffineLadderCt),
            "jin-miyaji" => no_param(Method::JinMiyaji),
            "jin-miyaji-bingcd" => no_param(Method::JinMiyajiBinaryGcd),
            "montgomery-ladder" => no_param(Method::MontgomeryLadder),
            "joye-ladder" => no_param(Method::JoyeLadder),
            "joye-mary" => Ok(Method::JoyeMary(w(1, 6)?)),
            _ => Err(err()),
        }
    }
}

/// A method that cannot run on the given curve.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MethodError {
    /// `glv` / `glv-ct` on a curve without a GLV endomorphism.
    NoEndomorphism {
        /// The method asked for.
        method: Method,
        /// The curve's [`CurveParams::NAME`].
        curve: &'static str,
    },
}

impl fmt::Display for MethodError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MethodError::NoEndomorphism { method, curve } => write!(
                f,
                "method `{method}` is not available on {curve}: it needs an efficient endomorphism (GLV curves: secp256k1, bn254, bn254-beuchat, bls12-381)"
            ),
        }
    }
}
impl core::error::Error for MethodError {}

/// \[k\]P by the chosen method, two-thread methods on 2 threads (scalars are little-endian
/// limbs, used as integers: not reduced modulo the group order — except by the GLV methods,
/// which require P in the order-n subgroup). Errors only for a GLV method on a curve without
/// an endomorphism.
pub fn scalar_mul<C: CurveParams>(
    method: Method,
    p: &Projective<C>,
    k: &[u64],
) -> Result<Projective<C>, MethodError> {
    scalar_mul_threads(method, p, k, crate::pool::DEFAULT_THREADS)
}

/// [`scalar_mul`] with the thread count of the two-thread methods (`split`, `split-ct`, `glv`,
/// `glv-ct`): `threads ≤ 1` computes both halves on the calling thread; ≥ 2 hands one half to
/// the persistent [`crate::pool`]. The other methods ignore `threads`.
pub fn scalar_mul_threads<C: CurveParams>(
    method: Method,
    p: &Projective<C>,
    k: &[u64],
    threads: usize,
) -> Result<Projective<C>, MethodError> {
    let no_endo = |_| MethodError::NoEndomorphism {
        method,
        curve: C::NAME,
    };
    Ok(match method {
        Method::Binary => Projective::from(binary_vartime(&Jacobian::from(*p), k)),
        Method::Window(w) => Projective::from(window_vartime(&Jacobian::from(*p), k, w)),
        Method::Naf => Projective::from(wnaf_vartime(&Jacobian::from(*p), k, 2)),
        Method::WNaf(w) => Projective::from(wnaf_vartime(&Jacobian::from(*p), k, w)),
        Method::Split { x } => split_vartime(p, k, x as usize, threads),
        Method::Glv => crate::glv::mul_vartime(p, k, threads).map_err(no_endo)?,
        Method::FixedWindowCt => p.mul_ct_bits(k, 64 * k.len()),
        Method::SplitCt => p.mul_ct_parallel_with(k, threads),
        Method::GlvCt => crate::glv::mul_ct(p, k, threads).map_err(no_endo)?,
        Method::AffineLadderCt => Projective::from(p.to_affine().mul_ct_affine(k)),
        Method::JinMiyaji => {
            let a = ladder::to_affine_with::<C, ladder::SafeGcd>(p);
            Projective::from(ladder::jin_miyaji_ct(&a, k))
        }
        Method::JinMiyajiBinaryGcd => {
            let a = ladder::to_affine_with::<C, ladder::BinaryGcdVartime>(p);
            Projective::from(ladder::jin_miyaji_binary_gcd_vartime(&a, k))
        }
        Method::MontgomeryLadder => ladder::montgomery_ladder(p, k),
        Method::JoyeLadder => ladder::joye_ladder(p, k),
        Method::JoyeMary(w) => ladder::joye_mary_ladder(p, k, w),
    })
}

/// [`scalar_mul`] for an affine point.
pub fn scalar_mul_affine<C: CurveParams>(
    method: Method,
    p: &Affine<C>,
    k: &[u64],
) -> Result<Projective<C>, MethodError> {
    scalar_mul(method, &Projective::from(*p), k)
}

/// Left-to-right double-and-add with branching Jacobian additions (paper 002 §3.1; public k).
pub fn binary_vartime<C: CurveParams>(p: &Jacobian<C>, k: &[u64]) -> Jacobian<C> {
    group::binary_vartime(&Static::<C>::CTX, p, k)
}

/// Left-to-right fixed 2^w-ary window (paper 002 §3.2; table of 2^w − 1 multiples; zero
/// windows skip the addition; public k). `w` is clamped to [1, 8].
pub fn window_vartime<C: CurveParams>(p: &Jacobian<C>, k: &[u64], w: u32) -> Jacobian<C> {
    group::window_vartime(&Static::<C>::CTX, p, k, w)
}

/// Width-w NAF with a table of odd multiples P, 3P, …, (2^(w−1) − 1)P (public k; w clamped
/// to [2, 7]).
pub fn wnaf_vartime<C: CurveParams>(p: &Jacobian<C>, k: &[u64], w: u32) -> Jacobian<C> {
    group::wnaf_vartime(&Static::<C>::CTX, p, k, w)
}

/// Paper 002 §4: k = k₁·2^x + k₂; one thread computes \[k₁\]P then x repeated doublings
/// ([`Jacobian::double_n`]), the other \[k₂\]P; one addition joins them (public k; wNAF halves).
/// The high half runs on a worker of the persistent [`crate::pool`] when `threads ≥ 2`.
pub fn split_vartime<C: CurveParams>(
    p: &Projective<C>,
    k: &[u64],
    x: usize,
    threads: usize,
) -> Projective<C> {
    let pj = Jacobian::from(*p);
    Projective::from(group::split_vartime(&Static::<C>::CTX, &pj, k, x, threads))
}

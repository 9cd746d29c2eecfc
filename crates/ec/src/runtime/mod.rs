//! Curves defined at run time from (p, a, b, G, n, h), p up to 521 bits: short Weierstrass
//! curves y² = x³ + ax + b over a prime field whose modulus is a run-time value, with
//! validated domain parameters, the scalar-multiplication methods of [`crate::methods`], SEC 1
//! point encodings and ECDH.
//!
//! ## Design
//! The compile-time path ([`crate::CurveParams`] over [`hayate_arith::Field`]) needs constants;
//! here the field is a [`hayate_arith::DynField<N>`] (Montgomery constants computed at
//! construction, the same CIOS / redc / safegcd kernels as `Fp`) and the curve a value
//! (`runtime/curve.rs`, generic over the limb count N) that gives the crate's one set of point
//! formulas and scalar-multiplication algorithms their field operations and coefficients, as a
//! compile-time curve does through its constants. [`DynCurve`] picks N = ⌈log2(p)/64⌉ ∈ [1, 9]
//! once, at construction, and dispatches every call on it; points cross the API as
//! [`DynAffine`] (canonical coordinates, N-independent).
//!
//! ## Validation ([`DynCurve::new`]; SEC 1 v2 §3.1.1.2.1, no panic on any input)
//! p odd prime, 5 ≤ p < 2^521 (Baillie–PSW, [`hayate_arith::dyn_fp::is_probable_prime_vartime`]);
//! a, b, x_G, y_G < p; 4a³ + 27b² ≠ 0; G on the curve; h ≥ 1 and h·n in the Hasse interval
//! |h·n − (p + 1)| ≤ 2√p (checked as (h·n − p − 1)² ≤ 4p; when n > 4√p this also pins h, as
//! SEC 1's h = ⌊(√p + 1)²/n⌋ does); n prime (Baillie–PSW); \[n\]G = O. Each failure has its own
//! [`DynCurveError`] variant. (#E = h·n itself is not checked: that needs point counting.)
//!
//! ## Methods ([`DynCurve::mul`])
//! Selected by [`crate::Method`] (parse names with `Method::from_str`): `binary`, `window:W`,
//! `naf`, `wnaf:W`, `split:X` (paper 002 §4, two threads of the persistent [`crate::pool`]), `fixed-window-ct`,
//! `split-ct`, `montgomery-ladder`, `joye-ladder` are implemented; the others (the affine
//! ladders of paper 004, `joye-mary:W`, GLV) return [`DynCurveError::UnsupportedMethod`]. Scalars are
//! little-endian limbs used as integers (not reduced mod n), as in [`crate::scalar_mul()`]; the
//! `*-ct` methods and the ladders run in time depending only on `k.len()` and p.
//!
//! ## Keys
//! [`DynCurve::decode_point`] validates public keys as SEC 1 §3.2.2.1 (canonical coordinates,
//! on the curve, not infinity, and \[n\]Q = O when h > 1); [`DynCurve::ecdh`] is SEC 1 §3.3.1
//! with the constant-time fixed window over the limb length of n.
//!
//! Named parameter sets (every compile-time curve, secp160r1, brainpoolP512r1):
//! [`named_params`], [`DynCurve::named`].

use alloc::{string::{String, ToString}, vec, vec::Vec};
pub(crate) mod curve;
pub mod params;

use core::fmt;

use hayate_arith::dyn_fp::{be_bytes_to_limbs, is_probable_prime_vartime};
use hayate_arith::{backend, limbs, DynField};
use subtle::{Choice, ConditionallySelectable, ConstantTimeEq};

use crate::methods::Method;
use crate::sec1::Sec1Error;
use curve::{Aff, CurveN, Jac, Proj};

pub use params::{named_curve_names, named_params, DynCurveParams};

/// Largest limb count of a run-time field (⌈521/64⌉).
pub const MAX_LIMBS: usize = 9;
/// Largest bit length of a run-time prime.
pub const MAX_BITS: u32 = 521;
/// Limbs of the validation arithmetic (n may exceed p by one bit; one spare limb for BPSW).
const W: usize = MAX_LIMBS + 1;

/// Why a run-time curve, point, key or method was rejected.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DynCurveError {
    /// An empty parameter, or bad hexadecimal.
    Malformed,
    /// p has more than 521 bits.
    ModulusTooLarge,
    /// p is not an odd prime ≥ 5.
    ModulusNotPrime,
    /// a or b is not below p.
    CoefficientOutOfRange,
    /// 4a³ + 27b² = 0.
    Singular,
    /// x_G or y_G is not below p.
    GeneratorOutOfRange,
    /// G is not on the curve.
    GeneratorNotOnCurve,
    /// n is too large to be the order of a point of this curve, or not prime.
    OrderNotPrime,
    /// \[n\]G ≠ O.
    WrongOrder,
    /// h = 0.
    InvalidCofactor,
    /// h·n is outside the Hasse interval [p + 1 − 2√p, p + 1 + 2√p].
    HasseViolated,
    /// A point that is not on this curve (or has coordinates ≥ p).
    PointNotOnCurve,
    /// The method has no run-time-curve implementation.
    UnsupportedMethod(Method),
    /// No parameter set of that name.
    UnknownCurve(String),
    /// The private scalar is not in [1, n − 1].
    InvalidPrivateKey,
    /// The public key failed SEC 1 decoding or validation.
    InvalidPublicKey(Sec1Error),
    /// The shared point is the point at infinity.
    SharedPointAtInfinity,
}

impl fmt::Display for DynCurveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DynCurveError::Malformed => {
                f.write_str("malformed curve parameter (empty or not hexadecimal)")
            }
            DynCurveError::ModulusTooLarge => f.write_str("field prime larger than 521 bits"),
            DynCurveError::ModulusNotPrime => f.write_str("field modulus is not an odd prime >= 5"),
            DynCurveError::CoefficientOutOfRange => f.write_str("curve coefficient not below p"),
            DynCurveError::Singular => f.write_str("singular curve: 4a^3 + 27b^2 = 0"),
            DynCurveError::GeneratorOutOfRange => f.write_str("generator coordinate not below p"),
            DynCurveError::GeneratorNotOnCurve => f.write_str("generator is not on the curve"),
            DynCurveError::OrderNotPrime => f.write_str("order n is not prime"),
            DynCurveError::WrongOrder => f.write_str("[n]G is not the point at infinity"),
            DynCurveError::InvalidCofactor => f.write_str("cofactor must be at least 1"),
            DynCurveError::HasseViolated => f.write_str("h*n is outside the Hasse interval"),
            DynCurveError::PointNotOnCurve => f.write_str("point is not on the curve"),
            DynCurveError::UnsupportedMethod(m) => {
                write!(f, "method `{m}` is not available on run-time curves")
            }
            DynCurveError::UnknownCurve(n) => write!(f, "unknown curve `{n}`"),
            DynCurveError::InvalidPrivateKey => {
                f.write_str("invalid private key: not an integer in [1, n-1]")
            }
            DynCurveError::InvalidPublicKey(e) => write!(f, "invalid public key: {e}"),
            DynCurveError::SharedPointAtInfinity => {
                f.write_str("shared point is the point at infinity")
            }
        }
    }
}

impl core::error::Error for DynCurveError {}

/// An affine point of a [`DynCurve`] (canonical coordinates, little-endian limbs, zero above the
/// curve's limb count), or the identity. Obtained only from a curve, which validates it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct DynAffine {
    x: [u64; MAX_LIMBS],
    y: [u64; MAX_LIMBS],
    infinity: bool,
}

impl DynAffine {
    /// The point at infinity.
    pub const IDENTITY: DynAffine = DynAffine {
        x: [0; MAX_LIMBS],
        y: [0; MAX_LIMBS],
        infinity: true,
    };

    /// Is this the point at infinity?
    pub fn is_identity(&self) -> bool {
        self.infinity
    }

    /// The canonical affine coordinates (little-endian limbs), `None` for the identity.
    pub fn coordinates(&self) -> Option<(&[u64; MAX_LIMBS], &[u64; MAX_LIMBS])> {
        (!self.infinity).then_some((&self.x, &self.y))
    }
}

/// The per-limb-count curves.
#[derive(Clone, Debug)]
enum Inner {
    L1(CurveN<1>),
    L2(CurveN<2>),
    L3(CurveN<3>),
    L4(CurveN<4>),
    L5(CurveN<5>),
    L6(CurveN<6>),
    L7(CurveN<7>),
    L8(CurveN<8>),
    L9(CurveN<9>),
}

/// Runs `$body` with `$c: &CurveN<N>` for the curve's N.
macro_rules! with_curve {
    ($inner:expr, $c:ident => $body:expr) => {
        match $inner {
            Inner::L1($c) => $body,
            Inner::L2($c) => $body,
            Inner::L3($c) => $body,
            Inner::L4($c) => $body,
            Inner::L5($c) => $body,
            Inner::L6($c) => $body,
            Inner::L7($c) => $body,
            Inner::L8($c) => $body,
            Inner::L9($c) => $body,
        }
    };
}

/// A validated curve defined at run time (see the module docs).
#[derive(Clone, Debug)]
pub struct DynCurve {
    inner: Inner,
    order: Vec<u64>,
    order_bits: u32,
    cofactor: Vec<u64>,
}

/// Big-endian bytes → `W` little-endian limbs; `None` if the value does not fit.
fn be_to_limbs(bytes: &[u8]) -> Option<[u64; W]> {
    let (r, fits) = be_bytes_to_limbs::<W>(bytes);
    bool::from(fits).then_some(r)
}

fn trimmed(a: &[u64]) -> Vec<u64> {
    let len = a.iter().rposition(|&w| w != 0).map_or(1, |i| i + 1);
    a[..len].to_vec()
}

fn head<const N: usize>(a: &[u64; W]) -> Option<[u64; N]> {
    if a[N..].iter().any(|&w| w != 0) {
        return None;
    }
    let mut r = [0u64; N];
    r.copy_from_slice(&a[..N]);
    Some(r)
}

/// A field element from big-endian bytes, `None` if ≥ p.
fn elem<const N: usize>(f: &DynField<N>, bytes: &[u8]) -> Option<hayate_arith::DynElem<N>> {
    let l = head::<N>(&be_to_limbs(bytes)?)?;
    Option::from(f.from_canonical(&l))
}

fn build<const N: usize>(p: &[u64; W], prm: &DynCurveParams) -> Result<CurveN<N>, DynCurveError> {
    let p = head::<N>(p).ok_or(DynCurveError::ModulusTooLarge)?;
    let f = DynField::new(p).map_err(|_| DynCurveError::ModulusNotPrime)?;
    let a = elem(&f, &prm.a).ok_or(DynCurveError::CoefficientOutOfRange)?;
    let b = elem(&f, &prm.b).ok_or(DynCurveError::CoefficientOutOfRange)?;
    let gx = elem(&f, &prm.gx).ok_or(DynCurveError::GeneratorOutOfRange)?;
    let gy = elem(&f, &prm.gy).ok_or(DynCurveError::GeneratorOutOfRange)?;
    let c = CurveN::new(f, a, b, gx, gy);
    if c.is_singular() {
        return Err(DynCurveError::Singular);
    }
    if !bool::from(c.is_on_curve(&c.g)) {
        return Err(DynCurveError::GeneratorNotOnCurve);
    }
    Ok(c)
}

/// |h·n − (p + 1)|² ≤ 4p (variable time, public values).
fn hasse_ok(p: &[u64; W], n: &[u64; W], h: &[u64; W]) -> bool {
    let hn = backend::portable::mul_wide(h, n);
    if hn.hi.iter().any(|&w| w != 0) {
        return false;
    }
    let p1 = limbs::add_small(p, 1);
    let t = if limbs::lt(&hn.lo, &p1) == 1 {
        limbs::sub(&p1, &hn.lo).0
    } else {
        limbs::sub(&hn.lo, &p1).0
    };
    let t2 = backend::portable::mul_wide(&t, &t);
    let (p2, c1) = limbs::add(p, p);
    let (p4, c2) = limbs::add(&p2, &p2);
    // 4p as a 2W-limb value (lo = p4, hi = carries)
    let mut hi4 = [0u64; W];
    hi4[0] = 2 * c1 + c2;
    // t² ≤ 4p ⇔ not (4p < t²)
    let less_hi = limbs::lt(&hi4, &t2.hi) == 1;
    let eq_hi = hi4 == t2.hi;
    !(less_hi || (eq_hi && limbs::lt(&p4, &t2.lo) == 1))
}

impl<const N: usize> CurveN<N> {
    fn import(&self, p: &DynAffine) -> Option<Aff<N>> {
        if p.infinity {
            return Some(Aff {
                x: self.f.zero(),
                y: self.f.zero(),
                inf: Choice::from(1),
            });
        }
        let mut x = [0u64; W];
        let mut y = [0u64; W];
        x[..MAX_LIMBS].copy_from_slice(&p.x);
        y[..MAX_LIMBS].copy_from_slice(&p.y);
        let x = Option::from(self.f.from_canonical(&head::<N>(&x)?))?;
        let y = Option::from(self.f.from_canonical(&head::<N>(&y)?))?;
        let a = Aff {
            x,
            y,
            inf: Choice::from(0),
        };
        bool::from(self.is_on_curve(&a)).then_some(a)
    }

    fn export(&self, a: &Aff<N>) -> DynAffine {
        if bool::from(a.inf) {
            return DynAffine::IDENTITY;
        }
        let mut r = DynAffine {
            x: [0; MAX_LIMBS],
            y: [0; MAX_LIMBS],
            infinity: false,
        };
        r.x[..N].copy_from_slice(&self.f.to_canonical(&a.x));
        r.y[..N].copy_from_slice(&self.f.to_canonical(&a.y));
        r
    }

    fn export_jac(&self, p: &Jac<N>) -> DynAffine {
        self.export(&self.jac_to_affine(p))
    }

    fn export_proj(&self, p: &Proj<N>) -> DynAffine {
        self.export(&self.proj_to_affine(p))
    }

    fn mul_method(
        &self,
        method: Method,
        p: &Aff<N>,
        k: &[u64],
    ) -> Result<DynAffine, DynCurveError> {
        Ok(match method {
            Method::Binary => self.export_jac(&self.mul_binary(p, k)),
            Method::Window(w) => self.export_jac(&self.mul_window(p, k, w)),
            Method::Naf => self.export_jac(&self.mul_wnaf(p, k, 2)),
            Method::WNaf(w) => self.export_jac(&self.mul_wnaf(p, k, w)),
            Method::Split { x } => self.export_jac(&self.mul_split(p, k, x as usize)),
            Method::FixedWindowCt => self.export_proj(&self.mul_ct(p, k)),
            Method::SplitCt => self.export_proj(&self.mul_split_ct(p, k)),
            Method::MontgomeryLadder => self.export_proj(&self.montgomery_ladder(p, k)),
            Method::JoyeLadder => self.export_proj(&self.joye_ladder(p, k)),
            m => return Err(DynCurveError::UnsupportedMethod(m)),
        })
    }
}

impl DynCurve {
    /// The methods [`DynCurve::mul`] implements (with typical parameters; `split_x` for split).
    pub fn methods(split_x: u32) -> Vec<Method> {
        Method::all(split_x)
            .into_iter()
            .filter(|m| {
                matches!(
                    m,
                    Method::Binary
                        | Method::Window(_)
                        | Method::Naf
                        | Method::WNaf(_)
                        | Method::Split { .. }
                        | Method::FixedWindowCt
                        | Method::SplitCt
                        | Method::MontgomeryLadder
                        | Method::JoyeLadder
                )
            })
            .collect()
    }

    /// Validates the parameters (see the module docs) and builds the curve.
    pub fn new(prm: &DynCurveParams) -> Result<Self, DynCurveError> {
        for v in [&prm.p, &prm.a, &prm.b, &prm.gx, &prm.gy, &prm.n, &prm.h] {
            if v.is_empty() {
                return Err(DynCurveError::Malformed);
            }
        }
        let p = be_to_limbs(&prm.p).ok_or(DynCurveError::ModulusTooLarge)?;
        let bits = limbs::bits_vartime(&p);
        if bits > MAX_BITS {
            return Err(DynCurveError::ModulusTooLarge);
        }
        if bits < 3 || !is_probable_prime_vartime(&p) {
            return Err(DynCurveError::ModulusNotPrime); // bits < 3: p ≤ 3 (characteristic 2 or 3)
        }
        let inner = match bits.div_ceil(64) {
            1 => Inner::L1(build(&p, prm)?),
            2 => Inner::L2(build(&p, prm)?),
            3 => Inner::L3(build(&p, prm)?),
            4 => Inner::L4(build(&p, prm)?),
            5 => Inner::L5(build(&p, prm)?),
            6 => Inner::L6(build(&p, prm)?),
            7 => Inner::L7(build(&p, prm)?),
            8 => Inner::L8(build(&p, prm)?),
            _ => Inner::L9(build(&p, prm)?),
        };
        let h = be_to_limbs(&prm.h).ok_or(DynCurveError::HasseViolated)?;
        if h.iter().all(|&w| w == 0) {
            return Err(DynCurveError::InvalidCofactor);
        }
        let n = be_to_limbs(&prm.n).ok_or(DynCurveError::HasseViolated)?;
        if !hasse_ok(&p, &n, &h) {
            return Err(DynCurveError::HasseViolated);
        }
        if !is_probable_prime_vartime(&n) {
            return Err(DynCurveError::OrderNotPrime);
        }
        let order = trimmed(&n);
        let curve = DynCurve {
            inner,
            order_bits: limbs::bits_vartime(&n),
            order,
            cofactor: trimmed(&h),
        };
        let ng = with_curve!(&curve.inner, c => bool::from(c.jac_to_affine(&c.mul_wnaf(&c.g, &curve.order, 5)).inf));
        if !ng {
            return Err(DynCurveError::WrongOrder);
        }
        Ok(curve)
    }

    /// A named curve (see [`named_params`]).
    pub fn named(name: &str) -> Result<Self, DynCurveError> {
        let prm =
            named_params(name).ok_or_else(|| DynCurveError::UnknownCurve(name.to_string()))?;
        Self::new(&prm)
    }

    /// Limb count N of the field representation.
    pub fn limbs(&self) -> usize {
        with_curve!(&self.inner, c => c.f.modulus().len())
    }

    /// Bit length of p.
    pub fn field_bits(&self) -> u32 {
        with_curve!(&self.inner, c => c.f.bits())
    }

    /// Length of an encoded field element, ⌈log2(p)/8⌉.
    pub fn field_bytes(&self) -> usize {
        with_curve!(&self.inner, c => c.f.byte_len())
    }

    /// The order n (little-endian limbs, no leading zero limbs).
    pub fn order(&self) -> &[u64] {
        &self.order
    }

    /// Bit length of n.
    pub fn order_bits(&self) -> u32 {
        self.order_bits
    }

    /// The cofactor h (little-endian limbs).
    pub fn cofactor(&self) -> &[u64] {
        &self.cofactor
    }

    /// The generator G.
    pub fn generator(&self) -> DynAffine {
        with_curve!(&self.inner, c => c.export(&c.g))
    }

    /// The point (x, y) from big-endian coordinates, if they are below p and on the curve (no
    /// subgroup check; see [`Self::decode_point`] for public keys).
    pub fn point(&self, x: &[u8], y: &[u8]) -> Result<DynAffine, DynCurveError> {
        with_curve!(&self.inner, c => {
            let (x, y) = (elem(&c.f, x), elem(&c.f, y));
            let (x, y) = x.zip(y).ok_or(DynCurveError::PointNotOnCurve)?;
            let a = Aff { x, y, inf: Choice::from(0) };
            if bool::from(c.is_on_curve(&a)) { Ok(c.export(&a)) } else { Err(DynCurveError::PointNotOnCurve) }
        })
    }

    /// The curve point with x-coordinate `x` (big-endian, below p) and y of the given parity,
    /// if there is one (no subgroup check). Variable time (public data).
    pub fn lift_x(&self, x: &[u8], y_odd: bool) -> Result<DynAffine, DynCurveError> {
        with_curve!(&self.inner, c => {
            let x = elem(&c.f, x).ok_or(DynCurveError::PointNotOnCurve)?;
            let y = c.f.sqrt_vartime(&c.rhs(&x)).ok_or(DynCurveError::PointNotOnCurve)?;
            let y = if bool::from(c.f.is_odd(&y)) == y_odd { y } else { c.f.neg(&y) };
            if bool::from(c.f.is_odd(&y)) != y_odd {
                return Err(DynCurveError::PointNotOnCurve); // y = 0 has no odd root
            }
            Ok(c.export(&Aff { x, y, inf: Choice::from(0) }))
        })
    }

    /// Is the point on this curve (coordinates in range, equation satisfied; the identity is)?
    pub fn is_on_curve(&self, p: &DynAffine) -> bool {
        with_curve!(&self.inner, c => c.import(p).is_some())
    }

    /// P + Q (complete formulas, constant time in the coordinates).
    pub fn add(&self, p: &DynAffine, q: &DynAffine) -> Result<DynAffine, DynCurveError> {
        with_curve!(&self.inner, c => {
            let p = c.import(p).ok_or(DynCurveError::PointNotOnCurve)?;
            let q = c.import(q).ok_or(DynCurveError::PointNotOnCurve)?;
            Ok(c.export_proj(&c.proj_add(&c.proj_from(&p), &c.proj_from(&q))))
        })
    }

    /// −P.
    pub fn neg(&self, p: &DynAffine) -> Result<DynAffine, DynCurveError> {
        with_curve!(&self.inner, c => {
            let mut a = c.import(p).ok_or(DynCurveError::PointNotOnCurve)?;
            a.y = c.f.neg(&a.y);
            Ok(c.export(&a))
        })
    }

    /// \[k\]P by the chosen method (k: little-endian limbs, used as an integer). Errors for a
    /// point not on this curve and for methods without a run-time implementation.
    pub fn mul(
        &self,
        method: Method,
        p: &DynAffine,
        k: &[u64],
    ) -> Result<DynAffine, DynCurveError> {
        with_curve!(&self.inner, c => {
            let a = c.import(p).ok_or(DynCurveError::PointNotOnCurve)?;
            c.mul_method(method, &a, k)
        })
    }

    /// \[k\]G by the chosen method.
    pub fn mul_generator(&self, method: Method, k: &[u64]) -> Result<DynAffine, DynCurveError> {
        with_curve!(&self.inner, c => c.mul_method(method, &c.g, k))
    }

    /// Is P in ⟨G⟩ (\[n\]P = O; true for every curve point when h = 1)? Variable time.
    pub fn is_in_subgroup(&self, p: &DynAffine) -> bool {
        with_curve!(&self.inner, c => match c.import(p) {
            None => false,
            Some(a) => self.cofactor == [1] || bool::from(c.jac_to_affine(&c.mul_wnaf(&a, &self.order, 5)).inf),
        })
    }

    /// SEC 1 §2.3.3 encoding: `00` for the identity, `04 ‖ X ‖ Y` or `02|03 ‖ X`.
    pub fn encode_point(&self, p: &DynAffine, compressed: bool) -> Vec<u8> {
        if p.infinity {
            return vec![0];
        }
        with_curve!(&self.inner, c => {
            let mut x = [0u64; W];
            let mut y = [0u64; W];
            x[..MAX_LIMBS].copy_from_slice(&p.x);
            y[..MAX_LIMBS].copy_from_slice(&p.y);
            let (x, y) = (head(&x).unwrap_or_default(), head(&y).unwrap_or_default());
            let (x, y) = (c.f.from_limbs_reduce(&x), c.f.from_limbs_reduce(&y));
            let mut out = Vec::with_capacity(1 + 2 * c.f.byte_len());
            if compressed {
                out.push(0x02 | c.f.is_odd(&y).unwrap_u8());
                out.extend(c.f.to_bytes_be(&x));
            } else {
                out.push(0x04);
                out.extend(c.f.to_bytes_be(&x));
                out.extend(c.f.to_bytes_be(&y));
            }
            out
        })
    }

    /// SEC 1 §2.3.4 decoding with public-key validation (§3.2.2.1): exact lengths, coordinates
    /// below p, on the curve, not infinity, in ⟨G⟩ when h > 1. Hybrid forms are rejected.
    pub fn decode_point(&self, bytes: &[u8]) -> Result<DynAffine, Sec1Error> {
        let fb = self.field_bytes();
        let (&tag, rest) = bytes.split_first().ok_or(Sec1Error::InvalidLength)?;
        let p = with_curve!(&self.inner, c => {
            let coord = |b: &[u8]| Option::from(c.f.from_bytes_be(b)).ok_or(Sec1Error::CoordinateOutOfRange);
            match tag {
                0x00 => {
                    return Err(if rest.is_empty() { Sec1Error::PointAtInfinity } else { Sec1Error::InvalidLength })
                }
                0x04 => {
                    if rest.len() != 2 * fb {
                        return Err(Sec1Error::InvalidLength);
                    }
                    let a = Aff { x: coord(&rest[..fb])?, y: coord(&rest[fb..])?, inf: Choice::from(0) };
                    if !bool::from(c.is_on_curve(&a)) {
                        return Err(Sec1Error::NotOnCurve);
                    }
                    c.export(&a)
                }
                0x02 | 0x03 => {
                    if rest.len() != fb {
                        return Err(Sec1Error::InvalidLength);
                    }
                    let x = coord(rest)?;
                    let y = c.f.sqrt_vartime(&c.rhs(&x)).ok_or(Sec1Error::NotOnCurveCompressed)?;
                    let want_odd = Choice::from(tag & 1);
                    let y = hayate_arith::DynElem::conditional_select(&y, &c.f.neg(&y), c.f.is_odd(&y) ^ want_odd);
                    if bool::from(c.f.is_odd(&y) ^ want_odd) {
                        return Err(Sec1Error::NotOnCurveCompressed); // y = 0 with tag 03
                    }
                    c.export(&Aff { x, y, inf: Choice::from(0) })
                }
                _ => return Err(Sec1Error::InvalidTag),
            }
        });
        if !self.is_in_subgroup(&p) {
            return Err(Sec1Error::NotInSubgroup);
        }
        Ok(p)
    }

    /// Parses a private key: a big-endian integer of any length in [1, n − 1], checked in
    /// constant time; returns its limbs (as many as n has).
    pub fn parse_private_key(&self, bytes: &[u8]) -> Result<Vec<u64>, DynCurveError> {
        let len = self.order.len();
        let (d, fits) = be_bytes_to_limbs::<W>(bytes);
        let high = d[len..].iter().fold(0u64, |acc, l| acc | l).ct_eq(&0);
        let mut n = [0u64; W];
        n[..len].copy_from_slice(&self.order);
        let zero = d.iter().fold(0u64, |acc, l| acc | l).ct_eq(&0);
        let ok = fits & high & !zero & Choice::from(limbs::lt(&d, &n) as u8);
        if bool::from(ok) {
            Ok(d[..len].to_vec())
        } else {
            Err(DynCurveError::InvalidPrivateKey)
        }
    }

    /// SEC 1 §3.3.1 ECDH: the x-coordinate of \[d\]Q as ⌈log2(p)/8⌉ big-endian bytes, with d
    /// from [`Self::parse_private_key`] and Q from [`Self::decode_point`]; the multiplication is
    /// the constant-time fixed window over the limb length of n.
    pub fn ecdh(&self, private: &[u8], public_sec1: &[u8]) -> Result<Vec<u8>, DynCurveError> {
        let d = self.parse_private_key(private)?;
        let q = self
            .decode_point(public_sec1)
            .map_err(DynCurveError::InvalidPublicKey)?;
        let z = self.mul(Method::FixedWindowCt, &q, &d)?;
        if z.infinity {
            return Err(DynCurveError::SharedPointAtInfinity);
        }
        let enc = self.encode_point(&z, true);
        Ok(enc[1..].to_vec())
    }
}

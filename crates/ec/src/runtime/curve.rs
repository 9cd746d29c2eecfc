//! The arithmetic of one run-time curve y² = x³ + ax + b over a [`DynField<N>`]: point types,
//! formulas and the scalar-multiplication methods, monomorphised per limb count N (1 ≤ N ≤ 9)
//! and dispatched by [`super::DynCurve`].
//!
//! * Jacobian (X:Y:Z), x = X/Z², y = Y/Z³ (IEEE P1363, paper 002 §2.2) for the variable-time
//!   methods, homogeneous projective (X:Y:Z) with the complete formulas of Renes–Costello–Batina
//!   2016 for the constant-time methods: the formulas of the compile-time curves, written once
//!   in the crate's `formulas` module over a context that this curve implements (the modulus,
//!   a, b and 3b as values, the specialisation for a = 0 or a = −3 chosen at construction).
//!
//! Methods: binary, window:W, (w)NAF, paper 002's split (two threads, [`crate::pool`]), the
//! constant-time fixed window (w = 4, table scanned with conditional selects), paper 002's split
//! with constant-time halves, the Montgomery ladder and Joye's 2-ary ladder: the algorithms of
//! [`crate::methods`] themselves, written once in the crate's `group` module over a context
//! that this curve implements (same bit conventions; k used as an integer, not reduced).

use hayate_arith::{DynElem, DynField};
use subtle::{Choice, ConditionallySelectable, ConstantTimeEq};

use crate::formulas::{self, AKind, Arith};
use crate::group::{self, Group};

type E<const N: usize> = DynElem<N>;

/// Affine point (x, y) or the identity.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Aff<const N: usize> {
    pub x: E<N>,
    pub y: E<N>,
    pub inf: Choice,
}

/// Jacobian point; Z = 0 is the identity.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Jac<const N: usize> {
    pub x: E<N>,
    pub y: E<N>,
    pub z: E<N>,
}

/// Homogeneous projective point; Z = 0 is the identity (0 : Y : 0).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Proj<const N: usize> {
    pub x: E<N>,
    pub y: E<N>,
    pub z: E<N>,
}

macro_rules! select3 {
    ($t:ident) => {
        impl<const N: usize> $t<N> {
            #[inline(always)]
            fn coords(&self) -> [&E<N>; 3] {
                [&self.x, &self.y, &self.z]
            }

            #[inline(always)]
            fn from_coords([x, y, z]: [E<N>; 3]) -> Self {
                Self { x, y, z }
            }
        }

        impl<const N: usize> ConditionallySelectable for $t<N> {
            fn conditional_select(a: &Self, b: &Self, c: Choice) -> Self {
                Self {
                    x: E::conditional_select(&a.x, &b.x, c),
                    y: E::conditional_select(&a.y, &b.y, c),
                    z: E::conditional_select(&a.z, &b.z, c),
                }
            }
        }
    };
}
select3!(Jac);
select3!(Proj);

/// One run-time curve with N-limb field elements (Montgomery form).
#[derive(Clone, Debug)]
pub(crate) struct CurveN<const N: usize> {
    pub f: DynField<N>,
    pub a: E<N>,
    pub b: E<N>,
    b3: E<N>,
    pub akind: AKind,
    pub g: Aff<N>,
}

impl<const N: usize> CurveN<N> {
    /// The curve with coefficients a, b and generator (gx, gy), all already field elements.
    pub fn new(f: DynField<N>, a: E<N>, b: E<N>, gx: E<N>, gy: E<N>) -> Self {
        let three = f.from_u64(3);
        let akind = if bool::from(f.is_zero(&a)) {
            AKind::Zero
        } else if a == f.neg(&three) {
            AKind::MinusThree
        } else {
            AKind::Generic
        };
        let b3 = f.add(&f.double(&b), &b);
        Self {
            f,
            a,
            b,
            b3,
            akind,
            g: Aff {
                x: gx,
                y: gy,
                inf: Choice::from(0),
            },
        }
    }

    /// x³ + ax + b.
    pub fn rhs(&self, x: &E<N>) -> E<N> {
        formulas::rhs(self, x)
    }

    /// Does the affine point satisfy the curve equation (the identity does)?
    pub fn is_on_curve(&self, p: &Aff<N>) -> Choice {
        p.inf | self.f.square(&p.y).ct_eq(&self.rhs(&p.x))
    }

    /// 4a³ + 27b² = 0?
    pub fn is_singular(&self) -> bool {
        let f = &self.f;
        let a3 = f.mul(&f.square(&self.a), &self.a);
        let d = f.add(
            &f.mul(&f.from_u64(4), &a3),
            &f.mul(&f.from_u64(27), &f.square(&self.b)),
        );
        bool::from(f.is_zero(&d))
    }

    // ---------------------------------------------------------------- Jacobian

    pub fn jac_identity(&self) -> Jac<N> {
        Jac {
            x: self.f.one(),
            y: self.f.one(),
            z: self.f.zero(),
        }
    }

    pub fn jac_from(&self, p: &Aff<N>) -> Jac<N> {
        let q = Jac {
            x: p.x,
            y: p.y,
            z: self.f.one(),
        };
        Jac::conditional_select(&q, &self.jac_identity(), p.inf)
    }

    fn jac_is_identity(&self, p: &Jac<N>) -> bool {
        bool::from(self.f.is_zero(&p.z))
    }

    /// 2P (every input, constant time; for a = 0 and a = −3 the halved doubling, whose
    /// Jacobian coordinates differ from the textbook ones but give the same point).
    pub fn jac_double(&self, p: &Jac<N>) -> Jac<N> {
        Jac::from_coords(formulas::jac_double(self, p.coords()))
    }

    /// \[2ⁿ\]P: repeated doubling, paper 002 §4.2 for generic a (W kept across steps).
    pub fn jac_double_n(&self, p: &Jac<N>, n: usize) -> Jac<N> {
        if self.akind != AKind::Generic || n == 0 {
            return (0..n).fold(*p, |acc, _| self.jac_double(&acc));
        }
        Jac::from_coords(formulas::jac_double_n_generic(self, p.coords(), n))
    }

    /// −P.
    pub fn jac_neg(&self, p: &Jac<N>) -> Jac<N> {
        Jac {
            x: p.x,
            y: self.f.neg(&p.y),
            z: p.z,
        }
    }

    /// P + Q for public points (`add-2007-bl`, branches on the exceptional cases).
    pub fn jac_add_vartime(&self, p: &Jac<N>, q: &Jac<N>) -> Jac<N> {
        if self.jac_is_identity(p) {
            return *q;
        }
        if self.jac_is_identity(q) {
            return *p;
        }
        // P = −Q gives Z₃ = 0 (the identity); only P = Q needs the doubling.
        let (sum, is_dbl) = formulas::jac_add_unchecked(self, p.coords(), q.coords());
        if bool::from(is_dbl) {
            self.jac_double(p)
        } else {
            Jac::from_coords(sum)
        }
    }

    /// (X/Z², Y/Z³) with one constant-time inversion.
    pub fn jac_to_affine(&self, p: &Jac<N>) -> Aff<N> {
        let f = &self.f;
        let zi = f.invert(&p.z);
        let inf = zi.is_none();
        let zi = zi.unwrap_or(f.zero());
        let zi2 = f.square(&zi);
        Aff {
            x: f.mul(&p.x, &zi2),
            y: f.mul(&f.mul(&p.y, &zi2), &zi),
            inf,
        }
    }

    // ---------------------------------------------------------------- projective (RCB 2016)

    pub fn proj_identity(&self) -> Proj<N> {
        Proj {
            x: self.f.zero(),
            y: self.f.one(),
            z: self.f.zero(),
        }
    }

    pub fn proj_from(&self, p: &Aff<N>) -> Proj<N> {
        let q = Proj {
            x: p.x,
            y: p.y,
            z: self.f.one(),
        };
        Proj::conditional_select(&q, &self.proj_identity(), p.inf)
    }

    /// P + Q, complete (RCB 2016 Algorithm 1, 4 or 7 according to a).
    pub fn proj_add(&self, p: &Proj<N>, q: &Proj<N>) -> Proj<N> {
        Proj::from_coords(formulas::proj_add(self, p.coords(), q.coords()))
    }

    /// 2P, exception-free (RCB 2016 Algorithm 3, 6 or 9).
    pub fn proj_double(&self, p: &Proj<N>) -> Proj<N> {
        Proj::from_coords(formulas::proj_double(self, p.coords()))
    }

    /// (X/Z, Y/Z) with one constant-time inversion.
    pub fn proj_to_affine(&self, p: &Proj<N>) -> Aff<N> {
        let f = &self.f;
        let zi = f.invert(&p.z);
        let inf = zi.is_none();
        let zi = zi.unwrap_or(f.zero());
        Aff {
            x: f.mul(&p.x, &zi),
            y: f.mul(&p.y, &zi),
            inf,
        }
    }

    // ---------------------------------------------------------------- methods ([`crate::group`])

    /// Left-to-right double-and-add (paper 002 §3.1), public k.
    pub fn mul_binary(&self, p: &Aff<N>, k: &[u64]) -> Jac<N> {
        group::binary_vartime(self, &self.jac_from(p), k)
    }

    /// Fixed 2^w-ary window (paper 002 §3.2), w clamped to [1, 8], public k.
    pub fn mul_window(&self, p: &Aff<N>, k: &[u64], w: u32) -> Jac<N> {
        group::window_vartime(self, &self.jac_from(p), k, w)
    }

    /// Width-w NAF (w = 2: NAF, paper 002 §3.3), w clamped to [2, 7], public k.
    pub fn mul_wnaf(&self, p: &Aff<N>, k: &[u64], w: u32) -> Jac<N> {
        group::wnaf_vartime(self, &self.jac_from(p), k, w)
    }

    /// Paper 002 §4: k = k₁·2^x + k₂ on two threads (wNAF halves, public k).
    pub fn mul_split(&self, p: &Aff<N>, k: &[u64], x: usize) -> Jac<N> {
        let threads = crate::pool::DEFAULT_THREADS;
        group::split_vartime(self, &self.jac_from(p), k, x, threads)
    }

    /// \[k\]P over all 64·len(k) bits: the constant-time fixed window (w = 4).
    pub fn mul_ct(&self, p: &Aff<N>, k: &[u64]) -> Proj<N> {
        group::mul_ct_bits(self, &self.proj_from(p), k, 64 * k.len())
    }

    /// Paper 002's split with constant-time halves: x = ⌈0.734·m⌉, m = 64·len(k).
    pub fn mul_split_ct(&self, p: &Aff<N>, k: &[u64]) -> Proj<N> {
        let threads = crate::pool::DEFAULT_THREADS;
        group::mul_ct_parallel(self, &self.proj_from(p), k, threads)
    }

    /// Montgomery ladder over 64·len(k) bits with complete formulas and conditional swaps.
    pub fn montgomery_ladder(&self, p: &Aff<N>, k: &[u64]) -> Proj<N> {
        group::montgomery_ladder(self, &self.proj_from(p), k)
    }

    /// Joye's 2-ary right-to-left ladder: R\[k_i\] ← R\[k_i\] + A, A ← 2A; returns R\[1\].
    pub fn joye_ladder(&self, p: &Aff<N>, k: &[u64]) -> Proj<N> {
        group::joye_ladder(self, &self.proj_from(p), k)
    }
}

impl<const N: usize> Group for CurveN<N> {
    type J = Jac<N>;
    type P = Proj<N>;
    fn j_identity(&self) -> Jac<N> {
        self.jac_identity()
    }
    fn j_double(&self, p: &Jac<N>) -> Jac<N> {
        self.jac_double(p)
    }
    fn j_double_n(&self, p: &Jac<N>, n: usize) -> Jac<N> {
        self.jac_double_n(p, n)
    }
    fn j_add_vartime(&self, p: &Jac<N>, q: &Jac<N>) -> Jac<N> {
        self.jac_add_vartime(p, q)
    }
    fn j_neg(&self, p: &Jac<N>) -> Jac<N> {
        self.jac_neg(p)
    }
    fn p_identity(&self) -> Proj<N> {
        self.proj_identity()
    }
    fn p_double(&self, p: &Proj<N>) -> Proj<N> {
        self.proj_double(p)
    }
    fn p_add(&self, p: &Proj<N>, q: &Proj<N>) -> Proj<N> {
        self.proj_add(p, q)
    }
    /// (X : Y : Z) homogeneous ↦ (X·Z : Y·Z² : Z) Jacobian (the identity keeps Z = 0).
    fn p_to_j(&self, p: &Proj<N>) -> Jac<N> {
        let f = &self.f;
        Jac {
            x: f.mul(&p.x, &p.z),
            y: f.mul(&p.y, &f.square(&p.z)),
            z: p.z,
        }
    }
    /// (X : Y : Z) Jacobian ↦ (X·Z : Y : Z³) homogeneous, the identity to (0 : 1 : 0).
    fn j_to_p(&self, p: &Jac<N>) -> Proj<N> {
        let f = &self.f;
        let q = Proj {
            x: f.mul(&p.x, &p.z),
            y: p.y,
            z: f.mul(&f.square(&p.z), &p.z),
        };
        Proj::conditional_select(&q, &self.proj_identity(), f.is_zero(&p.z))
    }
}

impl<const N: usize> Arith for CurveN<N> {
    type E = E<N>;
    #[inline(always)]
    fn zero(&self) -> E<N> {
        self.f.zero()
    }
    #[inline(always)]
    fn add(&self, a: &E<N>, b: &E<N>) -> E<N> {
        self.f.add(a, b)
    }
    #[inline(always)]
    fn sub(&self, a: &E<N>, b: &E<N>) -> E<N> {
        self.f.sub(a, b)
    }
    #[inline(always)]
    fn neg(&self, a: &E<N>) -> E<N> {
        self.f.neg(a)
    }
    #[inline(always)]
    fn double(&self, a: &E<N>) -> E<N> {
        self.f.double(a)
    }
    #[inline(always)]
    fn halve(&self, a: &E<N>) -> E<N> {
        self.f.halve(a)
    }
    #[inline(always)]
    fn mul(&self, a: &E<N>, b: &E<N>) -> E<N> {
        self.f.mul(a, b)
    }
    #[inline(always)]
    fn square(&self, a: &E<N>) -> E<N> {
        self.f.square(a)
    }
    #[inline(always)]
    fn is_zero(&self, a: &E<N>) -> Choice {
        self.f.is_zero(a)
    }
    #[inline(always)]
    fn a_kind(&self) -> AKind {
        self.akind
    }
    #[inline(always)]
    fn a(&self) -> E<N> {
        self.a
    }
    #[inline(always)]
    fn b(&self) -> E<N> {
        self.b
    }
    #[inline(always)]
    fn b3(&self) -> E<N> {
        self.b3
    }
}

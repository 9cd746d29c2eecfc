//! The arithmetic of one run-time curve y² = x³ + ax + b over a [`DynField<N>`]: point types,
//! formulas and the scalar-multiplication methods, monomorphised per limb count N (1 ≤ N ≤ 9)
//! and dispatched by [`super::DynCurve`].
//!
//! * Jacobian (X:Y:Z), x = X/Z², y = Y/Z³ (IEEE P1363, paper 002 §2.2) for the variable-time
//!   methods: doubling `dbl-2009-l` (a = 0), `dbl-2001-b` (a = −3), `dbl-2007-bl` (generic a),
//!   addition `add-2007-bl` (Explicit-Formulas Database), paper 002 §4.2's repeated doubling
//!   for generic a (W = aZ⁴ carried between steps, 4M + 4S a step);
//! * homogeneous projective (X:Y:Z) with the complete formulas of Renes–Costello–Batina 2016
//!   (ePrint 2015/1060, Algorithms 1 and 3; multiplication by a specialised to nothing for
//!   a = 0 and to two additions for a = −3) for the constant-time methods.
//!
//! Methods: binary, window:W, (w)NAF, paper 002's split (two threads, [`crate::pool`]), the constant-time
//! fixed window (w = 4, table scanned with conditional selects), paper 002's split with
//! constant-time halves, the Montgomery ladder and Joye's 2-ary ladder — the same algorithms,
//! bit conventions and scalar semantics (k used as an integer, not reduced) as
//! [`crate::methods`] on the compile-time curves.

use alloc::{vec, vec::Vec};
use hayate_arith::{DynElem, DynField};
use subtle::{Choice, ConditionallySelectable, ConstantTimeEq};

use crate::recode;
use crate::{bit, bits_vartime};

type E<const N: usize> = DynElem<N>;

/// Which specialised formulas apply.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum AKind {
    Zero,
    MinusThree,
    Generic,
}

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

    #[inline]
    fn mul_a(&self, x: &E<N>) -> E<N> {
        let f = &self.f;
        match self.akind {
            AKind::Zero => f.zero(),
            AKind::MinusThree => f.neg(&f.add(&f.double(x), x)),
            AKind::Generic => f.mul(&self.a, x),
        }
    }

    /// x³ + ax + b.
    pub fn rhs(&self, x: &E<N>) -> E<N> {
        let f = &self.f;
        f.add(&f.mul(&f.add(&f.square(x), &self.a), x), &self.b)
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

    /// 2P (every input, constant time).
    pub fn jac_double(&self, p: &Jac<N>) -> Jac<N> {
        let f = &self.f;
        match self.akind {
            AKind::Zero => {
                // dbl-2009-l
                let a = f.square(&p.x);
                let b = f.square(&p.y);
                let c = f.square(&b);
                let d = f.double(&f.sub(&f.sub(&f.square(&f.add(&p.x, &b)), &a), &c));
                let e = f.add(&f.double(&a), &a);
                let x3 = f.sub(&f.square(&e), &f.double(&d));
                let c8 = f.double(&f.double(&f.double(&c)));
                let y3 = f.sub(&f.mul(&e, &f.sub(&d, &x3)), &c8);
                let z3 = f.double(&f.mul(&p.y, &p.z));
                Jac {
                    x: x3,
                    y: y3,
                    z: z3,
                }
            }
            AKind::MinusThree => {
                // dbl-2001-b
                let delta = f.square(&p.z);
                let gamma = f.square(&p.y);
                let beta = f.mul(&p.x, &gamma);
                let t = f.mul(&f.sub(&p.x, &delta), &f.add(&p.x, &delta));
                let alpha = f.add(&f.double(&t), &t);
                let beta4 = f.double(&f.double(&beta));
                let x3 = f.sub(&f.square(&alpha), &f.double(&beta4));
                let z3 = f.sub(&f.sub(&f.square(&f.add(&p.y, &p.z)), &gamma), &delta);
                let g8 = f.double(&f.double(&f.double(&f.square(&gamma))));
                let y3 = f.sub(&f.mul(&alpha, &f.sub(&beta4, &x3)), &g8);
                Jac {
                    x: x3,
                    y: y3,
                    z: z3,
                }
            }
            AKind::Generic => {
                let zz = f.square(&p.z);
                let w = f.mul(&self.a, &f.square(&zz));
                self.jac_double_w(p, &w, false).0
            }
        }
    }

    /// One doubling for generic a given W = aZ⁴ (dbl-2007-bl's M = 3X² + W); returns the new W
    /// (= 8Y⁴·2·W = aZ'⁴) when `next_w`. Paper 002 §4.2's step.
    #[inline]
    fn jac_double_w(&self, p: &Jac<N>, w: &E<N>, next_w: bool) -> (Jac<N>, E<N>) {
        let f = &self.f;
        let xx = f.square(&p.x);
        let yy = f.square(&p.y);
        let yyyy = f.square(&yy);
        let m = f.add(&f.add(&f.double(&xx), &xx), w);
        let s = f.double(&f.double(&f.mul(&p.x, &yy)));
        let t = f.double(&f.double(&f.double(&yyyy)));
        let x3 = f.sub(&f.square(&m), &f.double(&s));
        let y3 = f.sub(&f.mul(&m, &f.sub(&s, &x3)), &t);
        let z3 = f.double(&f.mul(&p.y, &p.z));
        let w2 = if next_w { f.double(&f.mul(&t, w)) } else { *w };
        (
            Jac {
                x: x3,
                y: y3,
                z: z3,
            },
            w2,
        )
    }

    /// [2ⁿ]P: repeated doubling, paper 002 §4.2 for generic a (W kept across steps).
    pub fn jac_double_n(&self, p: &Jac<N>, n: usize) -> Jac<N> {
        if self.akind != AKind::Generic {
            return (0..n).fold(*p, |acc, _| self.jac_double(&acc));
        }
        let f = &self.f;
        let mut w = f.mul(&self.a, &f.square(&f.square(&p.z)));
        let mut r = *p;
        for i in 0..n {
            (r, w) = self.jac_double_w(&r, &w, i + 1 < n);
        }
        r
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
        let f = &self.f;
        let z1z1 = f.square(&p.z);
        let z2z2 = f.square(&q.z);
        let u1 = f.mul(&p.x, &z2z2);
        let u2 = f.mul(&q.x, &z1z1);
        let s1 = f.mul(&f.mul(&p.y, &q.z), &z2z2);
        let s2 = f.mul(&f.mul(&q.y, &p.z), &z1z1);
        let h = f.sub(&u2, &u1);
        let rr = f.sub(&s2, &s1);
        if bool::from(f.is_zero(&h)) {
            return if bool::from(f.is_zero(&rr)) {
                self.jac_double(p)
            } else {
                self.jac_identity()
            };
        }
        let i = f.square(&f.double(&h));
        let j = f.mul(&h, &i);
        let r = f.double(&rr);
        let v = f.mul(&u1, &i);
        let x3 = f.sub(&f.sub(&f.square(&r), &j), &f.double(&v));
        let y3 = f.sub(&f.mul(&r, &f.sub(&v, &x3)), &f.double(&f.mul(&s1, &j)));
        let z3 = f.mul(
            &f.sub(&f.sub(&f.square(&f.add(&p.z, &q.z)), &z1z1), &z2z2),
            &h,
        );
        Jac {
            x: x3,
            y: y3,
            z: z3,
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

    /// Complete addition, RCB 2016 Algorithm 1 (12M + 3m_a + 2m_3b); step numbers in comments.
    pub fn proj_add(&self, p: &Proj<N>, q: &Proj<N>) -> Proj<N> {
        let f = &self.f;
        let t0 = f.mul(&p.x, &q.x); // 1
        let t1 = f.mul(&p.y, &q.y); // 2
        let t2 = f.mul(&p.z, &q.z); // 3
        let t3 = f.sub(
            &f.mul(&f.add(&p.x, &p.y), &f.add(&q.x, &q.y)),
            &f.add(&t0, &t1),
        ); // 4-8
        let t4 = f.sub(
            &f.mul(&f.add(&p.x, &p.z), &f.add(&q.x, &q.z)),
            &f.add(&t0, &t2),
        ); // 9-13
        let t5 = f.sub(
            &f.mul(&f.add(&p.y, &p.z), &f.add(&q.y, &q.z)),
            &f.add(&t1, &t2),
        ); // 14-18
        let z3 = f.add(&self.mul_a(&t4), &f.mul(&self.b3, &t2)); // 19-21
        let x3 = f.sub(&t1, &z3); // 22
        let z3 = f.add(&t1, &z3); // 23
        let y3 = f.mul(&x3, &z3); // 24
        let t1 = f.add(&f.double(&t0), &t0); // 25-26
        let t2 = self.mul_a(&t2); // 27
        let t4 = f.mul(&self.b3, &t4); // 28
        let t1 = f.add(&t1, &t2); // 29
        let t2 = self.mul_a(&f.sub(&t0, &t2)); // 30-31
        let t4 = f.add(&t4, &t2); // 32
        let y3 = f.add(&y3, &f.mul(&t1, &t4)); // 33-34
        let x3 = f.sub(&f.mul(&t3, &x3), &f.mul(&t5, &t4)); // 35-37
        let z3 = f.add(&f.mul(&t5, &z3), &f.mul(&t3, &t1)); // 38-40
        Proj {
            x: x3,
            y: y3,
            z: z3,
        }
    }

    /// Exception-free doubling, RCB 2016 Algorithm 3 (8M + 3S + 3m_a + 2m_3b).
    pub fn proj_double(&self, p: &Proj<N>) -> Proj<N> {
        let f = &self.f;
        let t0 = f.square(&p.x); // 1
        let t1 = f.square(&p.y); // 2
        let t2 = f.square(&p.z); // 3
        let t3 = f.double(&f.mul(&p.x, &p.y)); // 4-5
        let z3 = f.double(&f.mul(&p.x, &p.z)); // 6-7
        let x3 = self.mul_a(&z3); // 8
        let y3 = f.add(&x3, &f.mul(&self.b3, &t2)); // 9-10
        let x3 = f.sub(&t1, &y3); // 11
        let y3 = f.mul(&x3, &f.add(&t1, &y3)); // 12-13
        let x3 = f.mul(&t3, &x3); // 14
        let z3 = f.mul(&self.b3, &z3); // 15
        let t2 = self.mul_a(&t2); // 16
        let t3 = f.add(&self.mul_a(&f.sub(&t0, &t2)), &z3); // 17-19
        let t0 = f.add(&f.add(&f.double(&t0), &t0), &t2); // 20-22
        let y3 = f.add(&y3, &f.mul(&t0, &t3)); // 23-24
        let t2 = f.double(&f.mul(&p.y, &p.z)); // 25-26
        let x3 = f.sub(&x3, &f.mul(&t2, &t3)); // 27-28
        let z3 = f.double(&f.double(&f.mul(&t2, &t1))); // 29-31
        Proj {
            x: x3,
            y: y3,
            z: z3,
        }
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

    // ---------------------------------------------------------------- variable-time methods

    /// Left-to-right double-and-add (paper 002 §3.1), public k.
    pub fn mul_binary(&self, p: &Aff<N>, k: &[u64]) -> Jac<N> {
        let pj = self.jac_from(p);
        let mut acc = self.jac_identity();
        for i in (0..bits_vartime(k)).rev() {
            acc = self.jac_double(&acc);
            if bit(k, i) == 1 {
                acc = self.jac_add_vartime(&acc, &pj);
            }
        }
        acc
    }

    /// Fixed 2^w-ary window (paper 002 §3.2), w clamped to [1, 8], public k.
    pub fn mul_window(&self, p: &Aff<N>, k: &[u64], w: u32) -> Jac<N> {
        let w = w.clamp(1, 8) as usize;
        let pj = self.jac_from(p);
        let mut table = vec![pj];
        for i in 1..(1usize << w) - 1 {
            table.push(self.jac_add_vartime(&table[i - 1], &pj));
        }
        let mut acc = self.jac_identity();
        for j in (0..bits_vartime(k).div_ceil(w)).rev() {
            acc = self.jac_double_n(&acc, w);
            let d = (0..w)
                .rev()
                .fold(0usize, |d, b| (d << 1) | bit(k, j * w + b) as usize);
            if d != 0 {
                acc = self.jac_add_vartime(&acc, &table[d - 1]);
            }
        }
        acc
    }

    /// Width-w NAF (w = 2: NAF, paper 002 §3.3), w clamped to [2, 7], public k.
    pub fn mul_wnaf(&self, p: &Aff<N>, k: &[u64], w: u32) -> Jac<N> {
        let w = w.clamp(2, 7);
        let pj = self.jac_from(p);
        let p2 = self.jac_double(&pj);
        let mut table = vec![pj];
        for i in 1..1usize << (w - 2) {
            table.push(self.jac_add_vartime(&table[i - 1], &p2));
        }
        let mut acc = self.jac_identity();
        for &d in recode::wnaf(k, w).iter().rev() {
            acc = self.jac_double(&acc);
            if d != 0 {
                let t = table[d.unsigned_abs() as usize / 2];
                acc = self.jac_add_vartime(&acc, &if d < 0 { self.jac_neg(&t) } else { t });
            }
        }
        acc
    }

    /// Paper 002 §4: k = k₁·2^x + k₂; \[k₁\]P then x repeated doublings on a second thread, \[k₂\]P
    /// on this one, one addition (wNAF halves, public k).
    pub fn mul_split(&self, p: &Aff<N>, k: &[u64], x: usize) -> Jac<N> {
        let total = (64 * k.len()).max(x);
        let (k1, k2) = split_scalar(k, x, total);
        let w = |k: &[u64]| if bits_vartime(k) > 80 { 5 } else { 4 };
        let (c, pa, k1c) = (self.clone(), *p, k1.clone());
        let (hi, lo) = crate::pool::join(
            crate::pool::DEFAULT_THREADS,
            move || c.jac_double_n(&c.mul_wnaf(&pa, &k1c, w(&k1c)), x),
            || self.mul_wnaf(p, &k2, w(&k2)),
        );
        let hi = hi.unwrap_or_else(|_| self.jac_double_n(&self.mul_wnaf(p, &k1, w(&k1)), x));
        self.jac_add_vartime(&hi, &lo)
    }

    // ---------------------------------------------------------------- constant-time methods

    /// \[k mod 2^nbits\]P with a fixed 4-bit window over ⌈nbits/4⌉ windows, complete formulas,
    /// table read by a full scan with conditional selects: constant time in k and P.
    pub fn mul_ct_bits(&self, p: &Proj<N>, k: &[u64], nbits: usize) -> Proj<N> {
        let windows = nbits.div_ceil(4);
        let mut table = [self.proj_identity(); 16];
        table[1] = *p;
        for i in 2..16 {
            table[i] = if i % 2 == 0 {
                self.proj_double(&table[i / 2])
            } else {
                self.proj_add(&table[i - 1], p)
            };
        }
        let lookup = |d: u64| {
            let mut t = self.proj_identity();
            for (i, e) in table.iter().enumerate() {
                t.conditional_assign(e, (i as u64).ct_eq(&d));
            }
            t
        };
        let digit = |j: usize| {
            (0..4).rev().fold(0u64, |d, b| {
                (d << 1)
                    | if 4 * j + b < nbits {
                        bit(k, 4 * j + b)
                    } else {
                        0
                    }
            })
        };
        let mut acc = self.proj_identity();
        for j in (0..windows).rev() {
            for _ in 0..4 {
                acc = self.proj_double(&acc);
            }
            acc = self.proj_add(&acc, &lookup(digit(j)));
        }
        acc
    }

    /// \[k\]P over all 64·len(k) bits (constant time, see [`Self::mul_ct_bits`]).
    pub fn mul_ct(&self, p: &Aff<N>, k: &[u64]) -> Proj<N> {
        self.mul_ct_bits(&self.proj_from(p), k, 64 * k.len())
    }

    /// Paper 002's split with constant-time halves: x = ⌈0.734·m⌉, m = 64·len(k).
    pub fn mul_split_ct(&self, p: &Aff<N>, k: &[u64]) -> Proj<N> {
        let m = 64 * k.len();
        let x = (m * 734).div_ceil(1000).min(m);
        let (k1, k2) = split_scalar(k, x, m);
        let pp = self.proj_from(p);
        let high = move |c: &Self, k1: &[u64]| {
            (0..x).fold(c.mul_ct_bits(&pp, k1, m - x), |acc, _| c.proj_double(&acc))
        };
        let (c, k1c) = (self.clone(), k1.clone());
        let (hi, lo) = crate::pool::join(
            crate::pool::DEFAULT_THREADS,
            move || high(&c, &k1c),
            || self.mul_ct_bits(&pp, &k2, x),
        );
        let hi = hi.unwrap_or_else(|_| high(self, &k1));
        self.proj_add(&hi, &lo)
    }

    /// Montgomery ladder over 64·len(k) bits with complete formulas and conditional swaps.
    pub fn montgomery_ladder(&self, p: &Aff<N>, k: &[u64]) -> Proj<N> {
        let mut r0 = self.proj_identity();
        let mut r1 = self.proj_from(p);
        for i in (0..64 * k.len()).rev() {
            let b = Choice::from(bit(k, i) as u8);
            Proj::conditional_swap(&mut r0, &mut r1, b);
            r1 = self.proj_add(&r0, &r1);
            r0 = self.proj_double(&r0);
            Proj::conditional_swap(&mut r0, &mut r1, b);
        }
        r0
    }

    /// Joye's 2-ary right-to-left ladder: R\[k_i\] ← R\[k_i\] + A, A ← 2A; returns R\[1\].
    pub fn joye_ladder(&self, p: &Aff<N>, k: &[u64]) -> Proj<N> {
        let mut r = [self.proj_identity(); 2];
        let mut a = self.proj_from(p);
        for i in 0..64 * k.len() {
            let b = Choice::from(bit(k, i) as u8);
            let [r0, r1] = &mut r;
            Proj::conditional_swap(r0, r1, b);
            *r0 = self.proj_add(r0, &a);
            Proj::conditional_swap(r0, r1, b);
            a = self.proj_double(&a);
        }
        r[1]
    }
}

/// (k ≫ x, k mod 2^x) over `total` bits, as limb vectors (public x; shifts only).
fn split_scalar(k: &[u64], x: usize, total: usize) -> (Vec<u64>, Vec<u64>) {
    let take = |from: usize, len: usize| -> Vec<u64> {
        (0..len.div_ceil(64).max(1))
            .map(|j| {
                (0..64)
                    .filter(|b| 64 * j + b < len)
                    .fold(0u64, |acc, b| acc | (bit(k, from + 64 * j + b) << b))
            })
            .collect()
    };
    (take(x, total.saturating_sub(x)), take(0, x))
}

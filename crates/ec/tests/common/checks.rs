//! Generic test suites shared by the per-curve test files (group laws, scalar multiplication,
//! batch normalisation, MSM, validation), checked against affine double-and-add.
#![allow(dead_code, clippy::eq_op, clippy::needless_range_loop)]

use super::{order_plus, reference_mul};
use hayate_ec::msm::{pippenger, straus, window_size};
use hayate_ec::recode::wnaf;
use hayate_ec::{msm_vartime, Affine, CurveParams, Jacobian, Projective};
use hayate_ec::{ConditionallySelectable, ConstantTimeEq, Field};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

pub fn rand_scalar(rng: &mut StdRng, limbs: usize) -> Vec<u64> {
    (0..limbs).map(|_| rng.gen()).collect()
}

/// A random field element from 128 random bits (hayate-arith's `Fp::random` loops forever when
/// the modulus leaves the top limb empty, e.g. P-256 in 5 limbs, so it is avoided here).
pub fn rand_field<C: CurveParams>(rng: &mut StdRng) -> C::Base {
    C::Base::from_u64(rng.gen()) * C::Base::from_u64(1 << 32).square()
        + C::Base::from_u64(rng.gen())
}

pub fn rand_point<C: CurveParams>(rng: &mut StdRng) -> Projective<C> {
    Projective::<C>::generator().mul_vartime(&rand_scalar(rng, 2))
}

/// Scales the coordinates by a random non-zero λ (same point, different representation).
pub fn rescale<C: CurveParams>(p: &Projective<C>, rng: &mut StdRng) -> Projective<C> {
    let l = rand_field::<C>(rng) + C::Base::ONE;
    Projective {
        x: p.x * l,
        y: p.y * l,
        z: p.z * l,
    }
}

pub fn edge_scalars<C: CurveParams>() -> Vec<Vec<u64>> {
    let r = C::ORDER;
    vec![
        vec![],
        vec![0],
        vec![1],
        vec![2],
        vec![3],
        vec![15],
        vec![16],
        vec![17],
        vec![u64::MAX],
        order_plus(r, -1),
        r.to_vec(),
        order_plus(r, 1),
        order_plus(r, 2),
        vec![u64::MAX; 4],
        vec![u64::MAX; 5],
        vec![0, 0, 0, 0, 1],
        vec![1, 0, 0, 0],
    ]
}

pub fn check_generator_and_order<C: CurveParams>() {
    let g = Affine::<C>::generator();
    assert!(bool::from(g.is_on_curve()));
    assert!(bool::from(Projective::<C>::generator().is_on_curve()));
    assert!(bool::from(Jacobian::<C>::generator().is_on_curve()));
    let gp = Projective::<C>::generator();
    let r = C::ORDER;
    assert!(bool::from(gp.mul_ct(r).is_identity()), "[r]G = O (ct)");
    assert!(
        bool::from(gp.mul_vartime(r).is_identity()),
        "[r]G = O (wnaf)"
    );
    assert!(
        bool::from(reference_mul(&g, r).is_identity()),
        "[r]G = O (reference)"
    );
    let rm1 = order_plus(r, -1);
    assert_eq!(gp.mul_ct(&rm1), -gp);
    assert_eq!(gp.mul_vartime(&rm1), -gp);
    assert_eq!(reference_mul(&g, &rm1), -g);
    assert!(bool::from(gp.is_in_subgroup()));
    assert!(bool::from(g.is_in_subgroup()));
}

pub fn check_group_laws<C: CurveParams>(seed: u64) {
    let mut rng = StdRng::seed_from_u64(seed);
    let o = Projective::<C>::identity();
    let oj = Jacobian::<C>::identity();
    let oa = Affine::<C>::identity();
    for _ in 0..8 {
        let p = rand_point::<C>(&mut rng);
        let q = rand_point::<C>(&mut rng);
        let s = rand_point::<C>(&mut rng);
        assert!(bool::from(p.is_on_curve()));
        let (pa, qa, sa) = (p.to_affine(), q.to_affine(), s.to_affine());
        let (pj, qj, sj) = (Jacobian::from(p), Jacobian::from(q), Jacobian::from(s));
        assert!(bool::from(pa.is_on_curve() & pj.is_on_curve()));
        // projective: associativity, commutativity, identity, inverse, doubling
        assert_eq!((p + q) + s, p + (q + s));
        assert_eq!(p + q, q + p);
        assert_eq!(p + o, p);
        assert_eq!(o + p, p);
        assert!(bool::from((p + (-p)).is_identity()));
        assert!(bool::from((p - p).is_identity()));
        assert_eq!(p + p, p.double());
        assert_eq!(rescale(&p, &mut rng) + p, p.double());
        assert!(bool::from((o + o).is_identity() & o.double().is_identity()));
        assert!(bool::from((o + o).is_on_curve() & o.double().is_on_curve()));
        // mixed projective + affine, incl. exceptional cases
        assert_eq!(p.add_affine(&qa), p + q);
        assert_eq!(p.add_affine(&pa), p.double());
        assert!(bool::from(p.add_affine(&(-pa)).is_identity()));
        assert_eq!(p.add_affine(&oa), p);
        assert_eq!(o.add_affine(&qa), q);
        assert!(bool::from(o.add_affine(&oa).is_identity()));
        // Jacobian
        assert_eq!((pj + qj) + sj, pj + (qj + sj));
        assert_eq!(pj + qj, qj + pj);
        assert_eq!(Projective::from(pj + qj), p + q);
        assert_eq!(pj + oj, pj);
        assert_eq!(oj + pj, pj);
        assert!(bool::from((pj - pj).is_identity()));
        assert_eq!(pj + pj, pj.double());
        assert_eq!(Projective::from(pj.double()), p.double());
        assert_eq!(pj.add_affine(&qa), pj + qj);
        assert_eq!(pj.add_affine(&pa), pj.double());
        assert!(bool::from(pj.add_affine(&(-pa)).is_identity()));
        assert_eq!(pj.add_affine(&oa), pj);
        assert_eq!(oj.add_affine(&qa), qj);
        assert_eq!(pj.add_vartime(&qj), pj + qj);
        assert_eq!(pj.add_vartime(&pj), pj.double());
        assert!(bool::from(pj.add_vartime(&-pj).is_identity()));
        assert_eq!(oj.add_vartime(&pj), pj);
        assert_eq!(pj.add_vartime(&oj), pj);
        assert_eq!(pj.add_affine_vartime(&qa), pj + qj);
        assert_eq!(pj.add_affine_vartime(&pa), pj.double());
        assert_eq!(oj.add_affine_vartime(&qa), qj);
        assert!(bool::from(oj.double().is_identity()));
        // affine
        assert_eq!(pa.add(&qa), (p + q).to_affine());
        assert_eq!(pa.add(&qa).add(&sa), pa.add(&qa.add(&sa)));
        assert_eq!(pa.add(&pa), pa.double());
        assert_eq!(pa.double(), p.double().to_affine());
        assert!(bool::from(pa.add(&-pa).is_identity()));
        assert_eq!(pa.add(&oa), pa);
        assert_eq!(oa.add(&pa), pa);
        assert!(bool::from(
            oa.add(&oa).is_identity() & oa.double().is_identity()
        ));
        assert_eq!(pa.sub(&qa).add(&qa), pa);
        // conversions round-trip, equality across representations
        assert_eq!(Projective::from(Jacobian::from(p)), p);
        assert_eq!(Jacobian::from(pa).to_affine(), pa);
        assert_eq!(Projective::from(pa).to_affine(), pa);
        assert_eq!(rescale(&p, &mut rng), p);
        assert!(bool::from(!p.ct_eq(&q) | p.ct_eq(&q)));
        assert_ne!(p, p.double());
        // selects
        assert_eq!(Projective::conditional_select(&p, &q, 0.into()), p);
        assert_eq!(Projective::conditional_select(&p, &q, 1.into()), q);
        assert_eq!(Affine::conditional_select(&pa, &oa, 1.into()), oa);
        // double_n
        for n in [0usize, 1, 2, 5, 13] {
            let mut a = p;
            for _ in 0..n {
                a = a.double();
            }
            assert_eq!(p.double_n(n), a);
            assert_eq!(Projective::from(pj.double_n(n)), a);
        }
        assert!(bool::from(oj.double_n(7).is_identity()));
    }
    // identity conversions
    assert!(bool::from(Projective::from(oa).is_identity()));
    assert!(bool::from(Jacobian::from(oa).is_identity()));
    assert!(bool::from(o.to_affine().is_identity()));
    assert!(bool::from(oj.to_affine().is_identity()));
    assert!(bool::from(
        Projective::from(oj).is_identity() & Projective::from(oj).is_on_curve()
    ));
    assert!(bool::from(Jacobian::from(o).is_identity()));
    assert_eq!(o, Projective::default());
    assert_eq!(oj, Jacobian::default());
    assert_eq!(oa, Affine::default());
}

pub fn check_scalar_mul<C: CurveParams>(seed: u64, n_random: usize) {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut scalars = edge_scalars::<C>();
    for _ in 0..n_random {
        let limbs = rng.gen_range(1..=5);
        scalars.push(rand_scalar(&mut rng, limbs));
    }
    let pts = [
        Projective::<C>::generator(),
        rand_point::<C>(&mut rng),
        Projective::identity(),
    ];
    for p in pts {
        let pa = p.to_affine();
        let pj = Jacobian::from(p);
        for k in &scalars {
            let want = reference_mul(&pa, k);
            assert_eq!(p.mul_ct(k).to_affine(), want, "mul_ct k={k:x?}");
            assert_eq!(p.mul_vartime(k).to_affine(), want, "mul_vartime k={k:x?}");
            assert_eq!(pj.mul_ct(k).to_affine(), want, "jacobian mul_ct");
            assert_eq!(pj.mul_vartime(k).to_affine(), want, "jacobian mul_vartime");
            assert_eq!(
                p.mul_ct_parallel(k).to_affine(),
                want,
                "mul_ct_parallel k={k:x?}"
            );
            assert_eq!(
                p.mul_vartime_parallel(k).to_affine(),
                want,
                "mul_vartime_parallel"
            );
            assert_eq!(pa.mul_ct(k).to_affine(), want);
            assert_eq!((p * k.as_slice()).to_affine(), want);
            assert_eq!((pj * k.as_slice()).to_affine(), want);
            assert_eq!((pa * k.as_slice()).to_affine(), want);
        }
    }
    // the affine ladder on a few scalars (slow: two inversions per bit)
    let g = Affine::<C>::generator();
    for k in scalars.iter().take(12) {
        assert_eq!(
            g.mul_ct_affine(k),
            reference_mul(&g, k),
            "mul_ct_affine k={k:x?}"
        );
    }
    // linearity: [a]P + [b]P = [a + b]P
    for _ in 0..4 {
        let a = rand_scalar(&mut rng, 2);
        let b = rand_scalar(&mut rng, 2);
        let sum = order_plus(&a, 0);
        let mut s = sum.clone();
        let mut carry = 0u64;
        for i in 0..s.len() {
            let bi = b.get(i).copied().unwrap_or(0);
            let (x, o1) = s[i].overflowing_add(bi);
            let (x, o2) = x.overflowing_add(carry);
            s[i] = x;
            carry = (o1 | o2) as u64;
        }
        let p = rand_point::<C>(&mut rng);
        assert_eq!(p.mul_ct(&a) + p.mul_ct(&b), p.mul_ct(&s));
    }
    // mul_ct_bits ignores high bits
    let p = rand_point::<C>(&mut rng);
    assert_eq!(p.mul_ct_bits(&[0xffff_0005], 8), p.mul_vartime(&[5]));
    assert_eq!(
        p.mul_ct_bits(&[0b1011_0110], 6),
        p.mul_vartime(&[0b11_0110])
    );
    assert!(bool::from(p.mul_ct_bits(&[7], 0).is_identity()));
}

pub fn check_batch<C: CurveParams>(seed: u64) {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut ps: Vec<Projective<C>> = (0..9).map(|_| rand_point::<C>(&mut rng)).collect();
    ps.insert(0, Projective::identity());
    ps.insert(5, Projective::identity());
    ps.push(Projective::identity());
    let want: Vec<Affine<C>> = ps.iter().map(|p| p.to_affine()).collect();
    assert_eq!(Projective::batch_to_affine(&ps), want);
    let js: Vec<Jacobian<C>> = ps.iter().map(|p| Jacobian::from(*p)).collect();
    assert_eq!(Jacobian::batch_normalize(&js), want);
    assert!(Jacobian::<C>::batch_normalize(&[]).is_empty());
    assert_eq!(
        Projective::<C>::batch_to_affine(&[Projective::identity()]),
        vec![Affine::identity()]
    );
}

pub fn check_msm<C: CurveParams>(seed: u64) {
    let mut rng = StdRng::seed_from_u64(seed);
    for n in [0usize, 1, 2, 3, 8, 9, 10, 33, 100] {
        let mut pts: Vec<Affine<C>> = (0..n)
            .map(|_| rand_point::<C>(&mut rng).to_affine())
            .collect();
        let mut ks: Vec<Vec<u64>> = (0..n).map(|_| rand_scalar(&mut rng, 4)).collect();
        if n >= 3 {
            pts[1] = Affine::identity();
            ks[2] = vec![];
            ks[0] = C::ORDER.to_vec();
        }
        if n >= 10 {
            pts[4] = pts[3]; // repeated point
            ks[5] = vec![0, 0, 0, 0, 0, 0, 1]; // long scalar
            ks[6] = vec![u64::MAX; 4];
            pts[7] = -pts[8]; // opposite points with equal scalars cancel in a bucket
            ks[7] = ks[8].clone();
        }
        let want = pts
            .iter()
            .zip(&ks)
            .fold(Projective::<C>::identity(), |acc, (p, k)| {
                acc + p.mul_vartime(k)
            });
        let got = msm_vartime(&pts, &ks).expect("equal lengths");
        assert_eq!(got, want, "msm n={n}");
        if n > 0 {
            for c in [1usize, 2, 3, 4, 7, window_size(n)] {
                assert_eq!(
                    Projective::from(pippenger(&pts, &ks, c)),
                    want,
                    "pippenger n={n} c={c}"
                );
            }
            for w in [2u32, 3, 4, 5, 7] {
                assert_eq!(
                    Projective::from(straus(&pts, &ks, w)),
                    want,
                    "straus n={n} w={w}"
                );
            }
        }
    }
    let pts = [Affine::<C>::generator()];
    assert!(msm_vartime::<C, Vec<u64>>(&pts, &[]).is_none());
    let arr: [[u64; 1]; 1] = [[5]];
    assert_eq!(
        msm_vartime(&pts, &arr).unwrap(),
        Projective::generator().mul_vartime(&[5])
    );
}

pub fn check_invalid_points<C: CurveParams>(seed: u64) {
    let mut rng = StdRng::seed_from_u64(seed);
    let g = Affine::<C>::generator();
    assert!(bool::from(Affine::<C>::new(g.x, g.y).is_some()));
    assert!(bool::from(
        Affine::<C>::new(g.x, g.y + C::Base::ONE).is_none()
    ));
    assert!(bool::from(
        Affine::<C>::new(C::Base::ZERO, C::Base::ZERO).is_none()
    ));
    for _ in 0..4 {
        let x = rand_field::<C>(&mut rng);
        let y = rand_field::<C>(&mut rng);
        let on = Affine::<C>::new(x, y);
        assert_eq!(
            bool::from(on.is_some()),
            bool::from(Affine::<C>::from_xy_unchecked(x, y).is_on_curve())
        );
    }
    let bogus = Projective::<C> {
        x: C::Base::ONE,
        y: C::Base::ONE,
        z: C::Base::ONE,
    };
    assert!(
        bool::from(Projective::<C>::from_xyz(bogus.x, bogus.y, bogus.z).is_none())
            || bool::from(bogus.is_on_curve())
    );
    assert!(bool::from(
        !Projective::<C> {
            x: C::Base::ZERO,
            y: C::Base::ZERO,
            z: C::Base::ZERO
        }
        .is_on_curve()
    ));
    // a raw identity with nonzero x is not canonical
    let bad_inf = Affine::<C> {
        x: C::Base::ONE,
        y: C::Base::ZERO,
        infinity: 1.into(),
    };
    assert!(bool::from(!bad_inf.is_on_curve()));
}

pub fn check_wnaf() {
    let mut rng = StdRng::seed_from_u64(99);
    for _ in 0..200 {
        let nl = rng.gen_range(0..4);
        let k = rand_scalar(&mut rng, nl);
        for w in 2..=6u32 {
            let d = wnaf(&k, w);
            // value check by Horner over i128 chunks: reconstruct into limbs
            let mut acc = vec![0u64; k.len() + 1];
            for &di in d.iter().rev() {
                // acc = 2·acc + di
                let mut carry = 0u64;
                for l in acc.iter_mut() {
                    let nl = (*l << 1) | carry;
                    carry = *l >> 63;
                    *l = nl;
                }
                let mut delta = di as i64;
                let mut i = 0;
                while delta != 0 && i < acc.len() {
                    if delta > 0 {
                        let (s, o) = acc[i].overflowing_add(delta as u64);
                        acc[i] = s;
                        delta = o as i64;
                    } else {
                        let (s, o) = acc[i].overflowing_sub((-delta) as u64);
                        acc[i] = s;
                        delta = -(o as i64);
                    }
                    i += 1;
                }
            }
            let mut kk = k.clone();
            kk.push(0);
            assert_eq!(acc, kk);
            for (i, &di) in d.iter().enumerate() {
                if di != 0 {
                    assert!(di % 2 != 0 && (di.unsigned_abs() as i64) < (1 << (w - 1)));
                    assert!(d[i + 1..].iter().take(w as usize - 1).all(|&x| x == 0));
                }
            }
        }
    }
}

/// The first point with x = 1, 2, … (for a curve with a large cofactor almost surely not of
/// order r).
pub fn first_point<C: CurveParams>() -> Affine<C> {
    for i in 1..100u64 {
        let x = C::Base::from_u64(i);
        if let Some(y) = Option::<C::Base>::from(Affine::<C>::curve_rhs(&x).sqrt()) {
            return Option::from(Affine::<C>::new(x, y)).expect("on curve");
        }
    }
    panic!("no point found");
}

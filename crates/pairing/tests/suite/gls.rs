//! The 4-dimensional GLS constants of the curve modules against their definitions (with
//! num-bigint, from the curve parameter z and the moduli): λ = p mod r (6z² for BN, z for
//! BLS12), every basis row bⱼ satisfies Σ bⱼᵢλ^i ≡ 0 (mod r), det B = ±r (so B is a basis of the
//! whole lattice), gⱼ = ⌊2^t·(B⁻¹)₀ⱼ⌉, the Babai part bound, and the lattice precondition of
//! `hayate_ec::glv::endo_mul_ct` (no non-zero lattice vector with all |xᵢ| ≤ 2⁶⁰ + 2⁴, from
//! the Gram–Schmidt norms: max |xᵢ| ≥ ‖x‖/2 ≥ min ‖bⱼ*‖/2), and the stronger 2^`LATTICE_MIN_BITS`
//! bound of the sign-aligned-column G2 multiplication (`hayate_ec::glv_sac`). Also that ψ on G2 and the
//! Frobenius on GT act as λ on the generators.

use hayate_arith::FpParams;
use hayate_ec::glv::{GlvInt, LatticeConstants};
use hayate_ec::{CurveParams, Projective};
use hayate_pairing::{bls12_381, bn254, bn254_beuchat, Gt, PairingCurve};
use num_bigint::{BigInt, Sign};

fn big(limbs: &[u64]) -> BigInt {
    let mut b = BigInt::from(0);
    for l in limbs.iter().rev() {
        b = (b << 64) + BigInt::from(*l);
    }
    b
}

fn gi(g: &GlvInt) -> BigInt {
    let m = big(&g.mag);
    if g.neg {
        -m
    } else {
        m
    }
}

fn det(m: &[Vec<BigInt>]) -> BigInt {
    if m.len() == 1 {
        return m[0][0].clone();
    }
    let mut acc = BigInt::from(0);
    for j in 0..m.len() {
        let minor: Vec<Vec<BigInt>> = m[1..]
            .iter()
            .map(|row| {
                row.iter()
                    .enumerate()
                    .filter(|(c, _)| *c != j)
                    .map(|(_, x)| x.clone())
                    .collect()
            })
            .collect();
        let t = &m[0][j] * det(&minor);
        if j % 2 == 0 {
            acc += t;
        } else {
            acc -= t;
        }
    }
    acc
}

/// ⌊a/b⌉ for b > 0.
fn round_div(a: &BigInt, b: &BigInt) -> BigInt {
    let two = BigInt::from(2);
    let num = a * &two + b;
    let den = b * &two;
    // floor division
    let (q, r) = (&num / &den, &num % &den);
    if r.sign() == Sign::Minus {
        q - 1
    } else {
        q
    }
}

fn check<E: PairingCurve<N>, const N: usize>(c: &LatticeConstants<4>) {
    let p = big(&<E::Fp as FpParams<N>>::MODULUS);
    let r = big(<E::G1 as CurveParams>::ORDER);
    let z = if E::Z_NEG {
        -BigInt::from(E::Z_ABS)
    } else {
        BigInt::from(E::Z_ABS)
    };
    let lam = ((&p % &r) + &r) % &r;
    let want = match E::FAMILY {
        hayate_pairing::Family::Bn => BigInt::from(6) * &z * &z,
        hayate_pairing::Family::Bls12 => ((&z % &r) + &r) % &r,
    };
    assert_eq!(lam, want, "{}: p mod r", E::NAME);
    let b: Vec<Vec<BigInt>> = c
        .basis
        .iter()
        .map(|row| row.iter().map(gi).collect())
        .collect();
    for row in &b {
        let mut s = BigInt::from(0);
        let mut pw = BigInt::from(1);
        for x in row {
            s += x * &pw;
            pw = (&pw * &lam) % &r;
        }
        assert_eq!(
            ((s % &r) + &r) % &r,
            BigInt::from(0),
            "{}: row in L",
            E::NAME
        );
    }
    let d = det(&b);
    assert!(d == r || d == -r.clone(), "{}: det = ±r", E::NAME);
    // (B⁻¹)₀ⱼ = cofactor(j, 0)/det
    for j in 0..4 {
        let minor: Vec<Vec<BigInt>> = (0..4)
            .filter(|i| *i != j)
            .map(|i| b[i][1..].to_vec())
            .collect();
        let mut cof = det(&minor);
        if j % 2 == 1 {
            cof = -cof;
        }
        let (num, den) = if d.sign() == Sign::Minus {
            (-cof << c.shift, -d.clone())
        } else {
            (cof << c.shift, d.clone())
        };
        assert_eq!(gi(&c.g[j]), round_div(&num, &den), "{}: g{j}", E::NAME);
    }
    // Babai parts: |kᵢ| ≤ ½·Σⱼ|bⱼᵢ| + slack < 2^part_bits
    for i in 0..4 {
        let col: num_bigint::BigUint = b.iter().map(|row| row[i].magnitude().clone()).sum();
        let bound: num_bigint::BigUint = col / 2u32 + 2u32;
        assert!(
            bound.bits() <= u64::from(c.part_bits),
            "{}: part bound",
            E::NAME
        );
    }
    // Gram–Schmidt norms (f64 suffices: the margin is more than a bit)
    let f: Vec<Vec<f64>> = b
        .iter()
        .map(|row| {
            row.iter()
                .map(|x| x.to_string().parse::<f64>().unwrap())
                .collect()
        })
        .collect();
    let mut gs: Vec<Vec<f64>> = Vec::new();
    for v in &f {
        let mut w = v.clone();
        for u in &gs {
            let mu = v.iter().zip(u).map(|(a, b)| a * b).sum::<f64>()
                / u.iter().map(|a| a * a).sum::<f64>();
            for (wi, ui) in w.iter_mut().zip(u) {
                *wi -= mu * ui;
            }
        }
        gs.push(w);
    }
    let min = gs
        .iter()
        .map(|w| w.iter().map(|a| a * a).sum::<f64>().sqrt())
        .fold(f64::INFINITY, f64::min);
    assert!(
        min / 2.0 > 2f64.powi(60) * 2.0,
        "{}: shortest vector bound {}",
        E::NAME,
        min.log2()
    );
    // the sign-aligned-column G2 multiplication's precondition (its exception-free columns)
    assert!(
        min / 2.0 >= 2f64.powi(hayate_pairing::gls::LATTICE_MIN_BITS as i32),
        "{}: max-norm bound 2^{} for glv_sac (Gram–Schmidt minimum 2^{})",
        E::NAME,
        hayate_pairing::gls::LATTICE_MIN_BITS,
        min.log2()
    );
    // ψ(Q) = [λ]Q on G2 and x^p = x^λ on GT (integer multiplications, no GLS)
    let lam_limbs: Vec<u64> = lam.to_u64_digits().1;
    let q = Projective::<E::G2>::generator().mul_vartime_wnaf(&[0x1234_5678_9abc_def1, 77]);
    let psi = hayate_pairing::g2::frobenius_projective::<E, N>(&q);
    assert_eq!(
        psi.to_affine(),
        q.mul_vartime_wnaf(&lam_limbs).to_affine(),
        "{}: ψ = [λ]",
        E::NAME
    );
    let x = Gt::<E, N>::generator();
    assert_eq!(
        x.as_fp12().frobenius_map(1),
        x.as_fp12().pow_vartime(&lam_limbs),
        "{}: Frobenius = λ-th power on GT",
        E::NAME
    );
}

#[test]
fn bls12_381_gls_constants() {
    check::<bls12_381::Bls12381, 6>(&bls12_381::GLS);
}
#[test]
fn bn254_gls_constants() {
    check::<bn254::Bn254, 4>(&bn254::GLS);
}
#[test]
fn bn254_beuchat_gls_constants() {
    check::<bn254_beuchat::Bn254Beuchat, 4>(&bn254_beuchat::GLS);
}

/// The BN bases' parts do not fit in 63 bits: half the largest column sum of |bⱼᵢ| is
/// 3z + 1 ≈ 2^63.7, and Babai rounding gets near it, so parts ≥ 2⁶³ turn up among random
/// scalars (which is why `part_bits` is 64 for both BN curves and the GT exponentiation
/// saves its window by a top digit of 16 instead). BLS12-381's parts stay below 2⁶³.
#[test]
fn bn_parts_exceed_63_bits_bls_parts_do_not() {
    use rand::{RngCore, SeedableRng};
    fn max_bits<E: PairingCurve<N>, const N: usize>(c: &LatticeConstants<4>) -> u32 {
        let mut rng = rand::rngs::StdRng::seed_from_u64(63);
        let mut m = 0;
        for _ in 0..400 {
            let k = [
                rng.next_u64(),
                rng.next_u64(),
                rng.next_u64(),
                rng.next_u64() >> 8,
            ];
            for (part, _) in hayate_pairing::gls::decompose::<E, N>(c, &k) {
                assert_eq!(part[1..], [0, 0, 0], "{}", E::NAME);
                m = m.max(64 - part[0].leading_zeros());
            }
        }
        m
    }
    assert_eq!(max_bits::<bn254::Bn254, 4>(&bn254::GLS), 64);
    assert_eq!(
        max_bits::<bn254_beuchat::Bn254Beuchat, 4>(&bn254_beuchat::GLS),
        64
    );
    assert!(max_bits::<bls12_381::Bls12381, 6>(&bls12_381::GLS) <= 63);
}

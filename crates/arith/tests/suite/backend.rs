//! The assembly back ends (x86-64 MULX/ADCX/ADOX; on AArch64 the scalar MUL/UMULH kernels and
//! paper 000's NEON product) against the portable oracle, on the named 4- and 6-limb
//! fields: random inputs and edge cases (0, 1, p−1, values near 2^(64k)), `redc` over its whole
//! domain T < p·R (and beyond, up to R², where both must still agree), plus the dispatching
//! entry points of `backend` against the portable ones.

use hayate_arith::backend::{self, portable, Wide};
use hayate_arith::fields::*;
use rand::{Rng, SeedableRng};

const RANDOM_CASES: usize = 4000;

fn rng() -> rand::rngs::StdRng {
    rand::rngs::StdRng::seed_from_u64(0x6861_7961_7465)
}

fn random_limbs<const N: usize>(r: &mut impl Rng) -> [u64; N] {
    let mut x = [0u64; N];
    for l in x.iter_mut() {
        // Mix uniform limbs with all-zero / all-one limbs to reach carry corner cases.
        *l = match r.gen_range(0..8) {
            0 => 0,
            1 => u64::MAX,
            2 => 1,
            3 => u64::MAX - 1,
            _ => r.gen(),
        };
    }
    x
}

fn lt<const N: usize>(a: &[u64; N], b: &[u64; N]) -> bool {
    for i in (0..N).rev() {
        if a[i] != b[i] {
            return a[i] < b[i];
        }
    }
    false
}

/// A random value below `m` (rejection on the top-limb-masked value).
fn below<const N: usize>(r: &mut impl Rng, m: &[u64; N]) -> [u64; N] {
    let mask = u64::MAX >> m[N - 1].leading_zeros();
    loop {
        let mut x = random_limbs::<N>(r);
        x[N - 1] &= mask;
        if lt(&x, m) {
            return x;
        }
    }
}

fn sub_small<const N: usize>(m: &[u64; N], s: u64) -> [u64; N] {
    let mut x = *m;
    let mut borrow = s;
    for l in x.iter_mut() {
        let (d, b) = l.overflowing_sub(borrow);
        *l = d;
        borrow = b as u64;
    }
    x
}

/// Edge-case values below m: 0, 1, 2, p−1, p−2, (p−1)/2, 2^(64k)±1 for each limb boundary,
/// all-ones in the low limbs.
fn edges<const N: usize>(m: &[u64; N]) -> Vec<[u64; N]> {
    let mut v = vec![[0u64; N], sub_small(m, 1), sub_small(m, 2)];
    let mut one = [0u64; N];
    one[0] = 1;
    v.push(one);
    let mut two = [0u64; N];
    two[0] = 2;
    v.push(two);
    let mut half = [0u64; N];
    for i in 0..N {
        half[i] = (m[i] >> 1) | if i + 1 < N { m[i + 1] << 63 } else { 0 };
    }
    v.push(half);
    for k in 1..N {
        let mut p = [0u64; N];
        p[k] = 1; // 2^(64k)
        v.push(p);
        v.push(sub_small(&p, 1)); // 2^(64k) − 1: all-ones below limb k
        let mut q = p;
        q[0] = 1;
        v.push(q);
    }
    v.retain(|x| lt(x, m));
    v
}

macro_rules! field_tests {
    ($name:ident, $field:ty, $n:literal, $mm:ident, $mw:ident, $rd:ident) => {
        field_tests!($name, $field, $n, $mm, $mw, $rd, mont_sqr_4, sqr_wide_4);
    };
    ($name:ident, $field:ty, 6, $mm:ident, $mw:ident, $rd:ident, 6) => {
        field_tests!($name, $field, 6, $mm, $mw, $rd, mont_sqr_6, sqr_wide_6);
    };
    ($name:ident, $field:ty, $n:literal, $mm:ident, $mw:ident, $rd:ident, $ms:ident, $sw:ident) => {
        mod $name {
            use super::*;
            const N: usize = $n;
            type F = $field;

            fn have_asm() -> bool {
                #[cfg(target_arch = "x86_64")]
                {
                    if backend::x86_64::mulx::cpu_has_mulx_adx() {
                        return true;
                    }
                }
                eprintln!("BMI2/ADX unavailable: only the dispatching entry points are tested");
                false
            }

            fn check_mul(a: &[u64; N], b: &[u64; N], asm: bool) {
                let (m, inv) = (F::MODULUS, F::INV);
                let want = portable::mont_mul(a, b, &m, inv);
                assert_eq!(
                    backend::mont_mul(a, b, &m, inv),
                    want,
                    "mont_mul {a:x?} {b:x?}"
                );
                let wide = portable::mul_wide(a, b);
                assert_eq!(backend::mul_wide(a, b), wide, "mul_wide {a:x?} {b:x?}");
                assert_eq!(
                    backend::redc(&wide, &m, inv),
                    want,
                    "redc(a·b) {a:x?} {b:x?}"
                );
                #[cfg(target_arch = "x86_64")]
                if asm {
                    assert_eq!(
                        backend::x86_64::mulx::$mm(a, b, &m, inv),
                        want,
                        "asm mont_mul {a:x?} {b:x?}"
                    );
                    let (lo, hi) = backend::x86_64::mulx::$mw(a, b);
                    assert_eq!(Wide { lo, hi }, wide, "asm mul_wide {a:x?} {b:x?}");
                    assert_eq!(
                        backend::x86_64::mulx::$rd(&lo, &hi, &m, inv),
                        want,
                        "asm redc(a·b)"
                    );
                }
                #[cfg(target_arch = "aarch64")]
                {
                    use backend::aarch64::{neon, scalar};
                    assert_eq!(
                        scalar::$mm(a, b, &m, inv),
                        want,
                        "scalar mont_mul {a:x?} {b:x?}"
                    );
                    let (lo, hi) = scalar::$mw(a, b);
                    assert_eq!(Wide { lo, hi }, wide, "scalar mul_wide {a:x?} {b:x?}");
                    let (lo, hi) = neon::mul_wide(a, b);
                    assert_eq!(Wide { lo, hi }, wide, "NEON mul_wide {a:x?} {b:x?}");
                    assert_eq!(scalar::$rd(&lo, &hi, &m, inv), want, "scalar redc(a·b)");
                }
                let _ = asm;
            }

            fn check_sqr(a: &[u64; N]) {
                let (m, inv) = (F::MODULUS, F::INV);
                let want = portable::mont_mul(a, a, &m, inv);
                assert_eq!(
                    portable::mont_sqr(a, &m, inv),
                    want,
                    "portable mont_sqr {a:x?}"
                );
                assert_eq!(backend::mont_sqr(a, &m, inv), want, "mont_sqr {a:x?}");
                let wide = portable::mul_wide(a, a);
                assert_eq!(portable::sqr_wide(a), wide, "portable sqr_wide {a:x?}");
                assert_eq!(backend::sqr_wide(a), wide, "sqr_wide {a:x?}");
                #[cfg(target_arch = "x86_64")]
                if backend::x86_64::mulx::cpu_has_mulx_adx() {
                    assert_eq!(
                        backend::x86_64::mulx::$ms(a, &m, inv),
                        want,
                        "asm mont_sqr {a:x?}"
                    );
                    let (lo, hi) = backend::x86_64::mulx::$sw(a);
                    assert_eq!(Wide { lo, hi }, wide, "asm sqr_wide {a:x?}");
                }
            }

            fn check_redc(t: &Wide<N>, asm: bool) {
                let (m, inv) = (F::MODULUS, F::INV);
                let want = portable::redc(t, &m, inv);
                assert_eq!(backend::redc(t, &m, inv), want, "redc {t:x?}");
                #[cfg(target_arch = "x86_64")]
                if asm {
                    assert_eq!(
                        backend::x86_64::mulx::$rd(&t.lo, &t.hi, &m, inv),
                        want,
                        "asm redc {t:x?}"
                    );
                }
                #[cfg(target_arch = "aarch64")]
                assert_eq!(
                    backend::aarch64::scalar::$rd(&t.lo, &t.hi, &m, inv),
                    want,
                    "scalar redc {t:x?}"
                );
                let _ = asm;
            }

            #[test]
            fn modulus_has_spare_bit() {
                assert_eq!(F::MODULUS[N - 1] >> 63, 0);
            }

            #[test]
            fn products_random_and_edges() {
                let asm = have_asm();
                let m = F::MODULUS;
                let e = edges(&m);
                for a in &e {
                    for b in &e {
                        check_mul(a, b, asm);
                    }
                    check_sqr(a);
                }
                let mut r = rng();
                for _ in 0..RANDOM_CASES {
                    let a = below(&mut r, &m);
                    let b = below(&mut r, &m);
                    check_mul(&a, &b, asm);
                    check_sqr(&a);
                    let ei = r.gen_range(0..e.len());
                    check_mul(&a, &e[ei], asm);
                }
            }

            /// CIOS accepts one operand anywhere below R (as `Fp::from_limbs_reduce` uses it).
            #[test]
            fn mont_mul_unreduced_operand() {
                let asm = have_asm();
                let m = F::MODULUS;
                let mut r = rng();
                let all_ones = [u64::MAX; N];
                for i in 0..RANDOM_CASES {
                    let a = if i == 0 {
                        all_ones
                    } else {
                        random_limbs::<N>(&mut r)
                    };
                    let b = if i == 1 {
                        sub_small(&m, 1)
                    } else {
                        below(&mut r, &m)
                    };
                    check_mul(&a, &b, asm);
                }
            }

            /// The whole documented domain T < p·R (hi < p, any lo), its corners, and — where
            /// both back ends must still agree — T up to R².
            #[test]
            fn redc_full_domain() {
                let asm = have_asm();
                let m = F::MODULUS;
                let pm1 = sub_small(&m, 1);
                let ones = [u64::MAX; N];
                let zero = [0u64; N];
                let e = edges(&m);
                let mut los = vec![zero, ones];
                los.extend(e.iter().copied());
                for lo in &los {
                    for hi in e.iter().chain([&pm1]) {
                        check_redc(&Wide { lo: *lo, hi: *hi }, asm);
                    }
                }
                // the largest T below p·R
                check_redc(&Wide { lo: ones, hi: pm1 }, asm);
                let mut r = rng();
                for _ in 0..RANDOM_CASES {
                    let lo = random_limbs::<N>(&mut r);
                    let hi = below(&mut r, &m);
                    check_redc(&Wide { lo, hi }, asm);
                    // beyond the domain: any T < R²
                    let hi2 = random_limbs::<N>(&mut r);
                    check_redc(&Wide { lo, hi: hi2 }, asm);
                }
                check_redc(&Wide { lo: ones, hi: ones }, asm);
                check_redc(&Wide { lo: zero, hi: m }, asm);
            }
        }
    };
}

field_tests!(
    bn254_beuchat_fp,
    Bn254BeuchatFp,
    4,
    mont_mul_4,
    mul_wide_4,
    redc_4
);
field_tests!(bn254_fp, Bn254Fp, 4, mont_mul_4, mul_wide_4, redc_4);
field_tests!(
    bls12_381_fp,
    Bls12381Fp,
    6,
    mont_mul_6,
    mul_wide_6,
    redc_6,
    6
);
field_tests!(
    bn254_beuchat_fr,
    Bn254BeuchatFr,
    4,
    mont_mul_4,
    mul_wide_4,
    redc_4
);
field_tests!(bn254_fr, Bn254Fr, 4, mont_mul_4, mul_wide_4, redc_4);
field_tests!(bls12_381_fr, Bls12381Fr, 4, mont_mul_4, mul_wide_4, redc_4);

/// The dispatcher must keep full-width moduli (top bit set) on the portable path:
/// the 4-limb kernels' carry handling assumes a spare bit.
#[test]
fn full_width_modulus_falls_back() {
    // secp256k1's p
    let m: [u64; 4] = [0xFFFF_FFFE_FFFF_FC2F, u64::MAX, u64::MAX, u64::MAX];
    let inv = {
        let mut x: u64 = 1;
        for _ in 0..6 {
            x = x.wrapping_mul(2u64.wrapping_sub(m[0].wrapping_mul(x)));
        }
        x.wrapping_neg()
    };
    let mut r = rng();
    for _ in 0..200 {
        let t = Wide {
            lo: random_limbs::<4>(&mut r),
            hi: below(&mut r, &m),
        };
        assert_eq!(backend::redc(&t, &m, inv), portable::redc(&t, &m, inv));
    }
}

/// Little-endian limbs as a big integer.
fn big_of(l: &[u64]) -> num_bigint::BigUint {
    let bytes: Vec<u8> = l.iter().flat_map(|x| x.to_le_bytes()).collect();
    num_bigint::BigUint::from_bytes_le(&bytes)
}

/// `reduce_pm` (pseudo-Mersenne folding, m = 2^(64N) − c) against big-integer `T mod m` on
/// random and edge double-width values: 0, m − 1, m, m + 1, (m − 1)², 2^(128N) − 1, the limb
/// boundaries, and T = hi·2^(64N) + lo with extreme halves (all-ones, m − 1, 2^(64N) − c + small,
/// the values that make the first fold's top limb equal c and the second fold carry).
fn check_reduce_pm<const N: usize>(c: u64) {
    let mut m = [u64::MAX; N];
    m[0] = c.wrapping_neg();
    let mb = big_of(&m);
    let mut r = rng();
    let mut halves: Vec<[u64; N]> = edges(&m);
    halves.push([u64::MAX; N]);
    halves.push(m);
    let mut mp1 = m;
    mp1[0] = mp1[0].wrapping_add(1);
    halves.push(mp1);
    for _ in 0..20 {
        halves.push(random_limbs::<N>(&mut r));
    }
    let mut cases: Vec<Wide<N>> = Vec::new();
    for lo in &halves {
        for hi in &halves {
            cases.push(Wide { lo: *lo, hi: *hi });
        }
    }
    for _ in 0..RANDOM_CASES {
        cases.push(Wide {
            lo: random_limbs::<N>(&mut r),
            hi: random_limbs::<N>(&mut r),
        });
    }
    // products of reduced values (the domain used by Fp), and (m − 1)²
    let mm1 = sub_small(&m, 1);
    cases.push(portable::mul_wide(&mm1, &mm1));
    for _ in 0..RANDOM_CASES {
        let (a, b) = (below(&mut r, &m), below(&mut r, &m));
        cases.push(portable::mul_wide(&a, &b));
    }
    for t in &cases {
        let got = portable::reduce_pm(t, c);
        let mut all = t.lo.to_vec();
        all.extend_from_slice(&t.hi);
        assert_eq!(
            big_of(&got),
            big_of(&all) % &mb,
            "reduce_pm N = {N}, c = {c:#x}, T = {t:x?}"
        );
        assert!(lt(&got, &m), "reduce_pm output fully reduced");
    }
    // the multiplication / squaring wrappers, through both the portable and the dispatched product
    for _ in 0..500 {
        let (a, b) = (random_limbs::<N>(&mut r), random_limbs::<N>(&mut r));
        let want = (big_of(&a) * big_of(&b)) % &mb;
        assert_eq!(big_of(&portable::mul_pm(&a, &b, c)), want);
        assert_eq!(
            big_of(&portable::reduce_pm(&backend::mul_wide(&a, &b), c)),
            want
        );
        assert_eq!(
            big_of(&portable::sqr_pm(&a, c)),
            (big_of(&a) * big_of(&a)) % &mb
        );
    }
}

/// The fused pseudo-Mersenne kernels (`backend::mul_pm` / `sqr_pm`: MULX/ADX assembly for
/// N = 4 when the CPU has it, else portable) against big-integer a·b mod m and a² mod m, for
/// several c: all pairs of edge operands (0, 1, 2, m − 1, m, m + 1, 2^256 − 1, limb
/// boundaries, (m − 1)/2, values with all-ones or zero limbs) — whose products reach the
/// fold's corner cases (top word of the first fold equal to c, carry of the second fold, r
/// just below / at / above m) — and random ones, both in [0, m) and anywhere below 2^256.
fn check_pm_kernels(c: u64) {
    let mut m = [u64::MAX; 4];
    m[0] = c.wrapping_neg();
    let mb = big_of(&m);
    let mut ops: Vec<[u64; 4]> = edges(&m);
    ops.push([u64::MAX; 4]);
    ops.push(m);
    let mut mp1 = m;
    mp1[0] = mp1[0].wrapping_add(1);
    ops.push(mp1);
    ops.push([u64::MAX, u64::MAX, 0, u64::MAX]);
    ops.push([0, 0, 0, u64::MAX]);
    ops.push([u64::MAX, 0, u64::MAX, 0]);
    let mut r = rng();
    for _ in 0..20 {
        ops.push(random_limbs::<4>(&mut r));
    }
    let mut pairs: Vec<([u64; 4], [u64; 4])> = Vec::new();
    for a in &ops {
        for b in &ops {
            pairs.push((*a, *b));
        }
    }
    for _ in 0..RANDOM_CASES {
        pairs.push((random_limbs::<4>(&mut r), random_limbs::<4>(&mut r)));
        pairs.push((below(&mut r, &m), below(&mut r, &m)));
    }
    #[cfg(target_arch = "x86_64")]
    let asm = backend::x86_64::mulx::cpu_has_mulx_adx();
    for (a, b) in &pairs {
        let want = (big_of(a) * big_of(b)) % &mb;
        let want_sq = (big_of(a) * big_of(a)) % &mb;
        assert_eq!(
            big_of(&backend::mul_pm(a, b, c)),
            want,
            "mul_pm c = {c:#x}, a = {a:x?}, b = {b:x?}"
        );
        assert_eq!(
            big_of(&backend::sqr_pm(a, c)),
            want_sq,
            "sqr_pm c = {c:#x}, a = {a:x?}"
        );
        #[cfg(target_arch = "x86_64")]
        if asm {
            assert_eq!(
                big_of(&backend::x86_64::mulx::mul_pm_4(a, b, c)),
                want,
                "asm mul_pm c = {c:#x}, a = {a:x?}, b = {b:x?}"
            );
            assert_eq!(
                big_of(&backend::x86_64::mulx::sqr_pm_4(a, c)),
                want_sq,
                "asm sqr_pm c = {c:#x}, a = {a:x?}"
            );
        }
    }
}

#[test]
fn pseudo_mersenne_kernels() {
    for c in [
        0x1_0000_03D1,
        (1 << 62) - 1,
        1,
        2,
        0x3_0000_0000_0001,
        0x1000_0000_0000_0000,
    ] {
        check_pm_kernels(c);
    }
}

#[test]
fn pseudo_mersenne_reduction() {
    check_reduce_pm::<4>(0x1_0000_03D1); // secp256k1: c = 2^32 + 977
    check_reduce_pm::<4>((1 << 62) - 1); // the largest c allowed
    check_reduce_pm::<4>(1);
    check_reduce_pm::<6>(0x1_0000_03D1);
    check_reduce_pm::<3>(0x2_0000_0001);
}

/// Only secp256k1's prime among the named ones takes the pseudo-Mersenne path (R = 1); its
/// field still round-trips and multiplies like the Montgomery fields (tests/fp.rs checks
/// it against big integers).
#[test]
fn pseudo_mersenne_detection() {
    assert_eq!(Secp256k1Fp::PM_C, 0x1_0000_03D1);
    assert_eq!(Secp256k1Fp::R, [1, 0, 0, 0]);
    assert_eq!(Secp256r1Fp::PM_C, 0);
    assert_eq!(Bn254Fp::PM_C, 0);
    assert_eq!(Bls12381Fp::PM_C, 0);
    assert_eq!(Secp192r1Fp::PM_C, 0);
}

/// The Fp2 kernels for u² = −k (`backend::fp2_mul_wide` / `fp2_mul`: one assembly block for
/// N = 4, 6 on CPUs with BMI2/ADX, any k for N = 4) against the portable Karatsuba oracle and
/// against big integers: c0 ≡ a0·b0 − k·a1·b1 (mod p) with c0 < p·R, c1 = a0·b1 + a1·b0
/// exactly, and the reduced outputs equal (c·R⁻¹ mod p); `fp2_sqr_k` (assembly for N = 4,
/// k = 5) where (k + 1)·p < R, and for k = 1 also `fp2_sqr`. Operands:
/// all pairs of edge values (0, 1, 2, p − 1, p − 2, (p − 1)/2, limb boundaries) crossed with
/// edge and random partners, and random ones.
fn check_fp2_kernels<const N: usize>(m: [u64; N], inv: u64, k: u64) {
    let mb = big_of(&m);
    let rb = num_bigint::BigUint::from(1u8) << (64 * N);
    let rinv = rb.modinv(&mb).expect("R invertible");
    let e = edges(&m);
    let mut r = rng();
    let mut cases: Vec<[[u64; N]; 4]> = Vec::new();
    let pm1 = sub_small(&m, 1);
    for x in &e {
        for y in &e {
            cases.push([*x, *y, *y, *x]);
            cases.push([*x, *y, pm1, pm1]);
            cases.push([*x, *y, below(&mut r, &m), below(&mut r, &m)]);
        }
    }
    for _ in 0..RANDOM_CASES / 2 {
        cases.push([
            below(&mut r, &m),
            below(&mut r, &m),
            below(&mut r, &m),
            below(&mut r, &m),
        ]);
    }
    let wide_big = |w: &Wide<N>| {
        let mut all = w.lo.to_vec();
        all.extend_from_slice(&w.hi);
        big_of(&all)
    };
    for [a0, a1, b0, b1] in &cases {
        let (a, b) = ([a0, a1], [b0, b1]);
        let want = portable::fp2_mul_wide(a, b, &m, k);
        let (ba0, ba1, bb0, bb1) = (big_of(a0), big_of(a1), big_of(b0), big_of(b1));
        let c0 = wide_big(&want[0]);
        assert!(c0 < &mb * &rb, "c0 < p·R");
        assert_eq!(
            (&c0 + &ba1 * &bb1 * k) % &mb,
            (&ba0 * &bb0) % &mb,
            "portable c0 {a:x?} {b:x?}"
        );
        assert_eq!(wide_big(&want[1]), &ba0 * &bb1 + &ba1 * &bb0, "portable c1");
        assert_eq!(
            backend::fp2_mul_wide(a, b, &m, k),
            want,
            "fp2_mul_wide k = {k} {a:x?} {b:x?}"
        );
        let got = backend::fp2_mul(a, b, &m, inv, k);
        assert_eq!(
            got,
            portable::fp2_mul(a, b, &m, inv, k),
            "fp2_mul k = {k} {a:x?} {b:x?}"
        );
        for (g, c) in got.iter().zip([&c0, &wide_big(&want[1])]) {
            assert_eq!(
                big_of(g),
                (c * &rinv) % &mb,
                "fp2_mul reduced {a:x?} {b:x?}"
            );
        }
        if big_of(&m) * (k + 1) < rb {
            // squaring for any k: c0 = (a0² − k·a1²)·R⁻¹, c1 = 2·a0·a1·R⁻¹
            let sq = backend::fp2_sqr_k(a, &m, inv, k);
            assert_eq!(
                sq,
                portable::fp2_sqr_k(a, &m, inv, k),
                "fp2_sqr_k k = {k} {a:x?}"
            );
            let want0 = ((&ba0 * &ba0 + &mb * &mb * k - &ba1 * &ba1 * k) * &rinv) % &mb;
            let want1 = (&ba0 * &ba1 * 2u8 * &rinv) % &mb;
            assert_eq!(
                (big_of(&sq[0]), big_of(&sq[1])),
                (want0, want1),
                "fp2_sqr_k k = {k} {a:x?}"
            );
        }
        if k == 1 {
            // squaring: c0 = (a0² − a1²)·R⁻¹, c1 = 2·a0·a1·R⁻¹
            let sq = backend::fp2_sqr(a, &m, inv);
            assert_eq!(sq, portable::fp2_sqr(a, &m, inv), "fp2_sqr {a:x?}");
            let want0 = ((&ba0 * &ba0 + &mb * &mb - &ba1 * &ba1) * &rinv) % &mb;
            let want1 = (&ba0 * &ba1 * 2u8 * &rinv) % &mb;
            assert_eq!(
                (big_of(&sq[0]), big_of(&sq[1])),
                (want0, want1),
                "fp2_sqr {a:x?}"
            );
        }
    }
}

#[test]
fn fp2_kernels() {
    #[cfg(target_arch = "x86_64")]
    if !backend::x86_64::mulx::cpu_has_mulx_adx() {
        eprintln!("BMI2/ADX unavailable: only the portable Fp2 kernels are tested");
    }
    check_fp2_kernels(Bn254Fp::MODULUS, Bn254Fp::INV, 1);
    check_fp2_kernels(Bn254BeuchatFp::MODULUS, Bn254BeuchatFp::INV, 1);
    check_fp2_kernels(Bn254BeuchatFp::MODULUS, Bn254BeuchatFp::INV, 5);
    check_fp2_kernels(Bn254Fp::MODULUS, Bn254Fp::INV, 3);
    check_fp2_kernels(Bn254Fp::MODULUS, Bn254Fp::INV, 5);
    check_fp2_kernels(Bls12381Fp::MODULUS, Bls12381Fp::INV, 1);
    check_fp2_kernels(Bls12381Fp::MODULUS, Bls12381Fp::INV, 5);
    check_fp2_kernels(Bls12381Fr::MODULUS, Bls12381Fr::INV, 1);
    // odd 4-limb moduli at the bounds of the u² = −1 kernels (the reductions need m odd only):
    // 2^254 − 1 and 2^255 − 19 (top bit clear, the assembly's condition), so that the
    // unreduced operand sums (up to 2m − 2) and the products of the lazy forms reach their limits
    let m254 = [u64::MAX, u64::MAX, u64::MAX, u64::MAX >> 2];
    check_fp2_kernels(m254, hayate_arith::limbs::neg_inv64(m254[0]), 1);
    let m255 = [u64::MAX - 18, u64::MAX, u64::MAX, u64::MAX >> 1];
    check_fp2_kernels(m255, hayate_arith::limbs::neg_inv64(m255[0]), 1);
}

/// `backend::add_mod` / `sub_mod` (assembly for N = 4 on x86-64, portable with an opaque mask
/// (and, for N > 4, opaque modulus limbs) otherwise) against big-integer arithmetic on edge and random operands of the 4- and 6-limb
/// pairing fields and P-224 (several spare bits).
fn check_add_sub<const N: usize>(m: [u64; N]) {
    let mb = big_of(&m);
    let e = edges(&m);
    let mut r = rng();
    let mut cases: Vec<([u64; N], [u64; N])> = Vec::new();
    for x in &e {
        for y in &e {
            cases.push((*x, *y));
        }
        cases.push((*x, below(&mut r, &m)));
        cases.push((below(&mut r, &m), *x));
    }
    for _ in 0..RANDOM_CASES {
        cases.push((below(&mut r, &m), below(&mut r, &m)));
    }
    for (a, b) in &cases {
        let (ab, bb) = (big_of(a), big_of(b));
        let s = backend::add_mod(a, b, &m);
        assert_eq!(big_of(&s), (&ab + &bb) % &mb, "add_mod {a:x?} {b:x?}");
        assert_eq!(s, portable::add_mod(a, b, &m), "add_mod vs portable");
        let d = backend::sub_mod(a, b, &m);
        assert_eq!(big_of(&d), (&ab + &mb - &bb) % &mb, "sub_mod {a:x?} {b:x?}");
        assert_eq!(d, portable::sub_mod(a, b, &m), "sub_mod vs portable");
    }
}

#[test]
fn add_sub_kernels() {
    check_add_sub(Bn254Fp::MODULUS);
    check_add_sub(Bn254BeuchatFp::MODULUS);
    check_add_sub(Bn254Fr::MODULUS);
    check_add_sub(Secp224r1Fp::MODULUS);
    check_add_sub(Bls12381Fp::MODULUS);
}

/// The lazy-reduction double-width additions `backend::wide_add_mod` / `wide_sub_mod` against
/// big-integer arithmetic modulo m·2^(64N), on double-width operands below m·2^(64N) built from
/// edge halves (0, 1, m − 1 for the high half; 0, 1, all-ones for the low half) and random ones.
fn check_wide_add_sub<const N: usize>(m: [u64; N]) {
    let r_big = num_bigint::BigUint::from(1u8) << (64 * N);
    let mr = big_of(&m) * &r_big;
    let mut r = rng();
    let mut top = m;
    top[0] -= 1;
    let mut one = [0u64; N];
    one[0] = 1;
    let his = [[0u64; N], one, top];
    let los = [[0u64; N], one, [u64::MAX; N]];
    let mut vals: Vec<Wide<N>> = Vec::new();
    for hi in &his {
        for lo in &los {
            vals.push(Wide { lo: *lo, hi: *hi });
        }
    }
    for _ in 0..40 {
        let mut lo = [0u64; N];
        for l in lo.iter_mut() {
            *l = r.gen();
        }
        vals.push(Wide {
            lo,
            hi: below(&mut r, &m),
        });
    }
    let big_w = |w: &Wide<N>| big_of(&w.lo) + big_of(&w.hi) * &r_big;
    for a in &vals {
        for b in &vals {
            let (ab, bb) = (big_w(a), big_w(b));
            let s = backend::wide_add_mod(a, b, &m);
            assert_eq!(big_w(&s), (&ab + &bb) % &mr, "wide_add_mod");
            assert_eq!(
                s,
                portable::wide_add_mod(a, b, &m),
                "wide_add_mod vs portable"
            );
            let d = backend::wide_sub_mod(a, b, &m);
            assert_eq!(big_w(&d), (&ab + &mr - &bb) % &mr, "wide_sub_mod");
            assert_eq!(
                d,
                portable::wide_sub_mod(a, b, &m),
                "wide_sub_mod vs portable"
            );
        }
    }
}

#[test]
fn wide_add_sub_kernels() {
    check_wide_add_sub(Bn254Fp::MODULUS);
    check_wide_add_sub(Bn254BeuchatFp::MODULUS);
    check_wide_add_sub(Bls12381Fp::MODULUS);
}

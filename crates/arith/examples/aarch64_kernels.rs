//! The AArch64 field kernels as separate, non-inlined functions, so that their machine code can
//! be cut out of this example's assembly listing and costed statically by `llvm-mca`
//! (`scripts/aarch64_mca.sh`, which cross-compiles this example with `--emit asm`). Run on
//! AArch64 it checks once that the NEON and scalar Montgomery products agree; elsewhere it does
//! nothing.

#[cfg(target_arch = "aarch64")]
mod kernels {
    use hayate_arith::backend::aarch64::{neon, scalar};
    use hayate_arith::backend::portable;

    macro_rules! costed {
        ($n:literal, $scalar:ident, $neon:ident, $portable:ident, $mws:ident, $mwn:ident,
         $mm:ident, $mw:ident, $rd:ident) => {
            /// Fused scalar Montgomery product (MUL/UMULH).
            #[unsafe(no_mangle)]
            #[inline(never)]
            pub extern "C" fn $scalar(
                a: &[u64; $n],
                b: &[u64; $n],
                m: &[u64; $n],
                inv: u64,
                r: &mut [u64; $n],
            ) {
                *r = scalar::$mm(a, b, m, inv);
            }
            /// Paper 000's NEON product, then the scalar Montgomery reduction.
            #[unsafe(no_mangle)]
            #[inline(never)]
            pub extern "C" fn $neon(
                a: &[u64; $n],
                b: &[u64; $n],
                m: &[u64; $n],
                inv: u64,
                r: &mut [u64; $n],
            ) {
                let (lo, hi) = neon::mul_wide(a, b);
                *r = scalar::$rd(&lo, &hi, m, inv);
            }
            /// The portable Montgomery product as the compiler builds it (u128 products).
            #[unsafe(no_mangle)]
            #[inline(never)]
            pub extern "C" fn $portable(
                a: &[u64; $n],
                b: &[u64; $n],
                m: &[u64; $n],
                inv: u64,
                r: &mut [u64; $n],
            ) {
                *r = portable::mont_mul(a, b, m, inv);
            }
            /// The scalar product alone.
            #[unsafe(no_mangle)]
            #[inline(never)]
            pub extern "C" fn $mws(a: &[u64; $n], b: &[u64; $n], r: &mut [u64; 2 * $n]) {
                let (lo, hi) = scalar::$mw(a, b);
                r[..$n].copy_from_slice(&lo);
                r[$n..].copy_from_slice(&hi);
            }
            /// The NEON product alone.
            #[unsafe(no_mangle)]
            #[inline(never)]
            pub extern "C" fn $mwn(a: &[u64; $n], b: &[u64; $n], r: &mut [u64; 2 * $n]) {
                let (lo, hi) = neon::mul_wide(a, b);
                r[..$n].copy_from_slice(&lo);
                r[$n..].copy_from_slice(&hi);
            }
        };
    }
    costed!(
        4,
        mca_mont_mul_scalar_4,
        mca_mont_mul_neon_4,
        mca_mont_mul_portable_4,
        mca_mul_wide_scalar_4,
        mca_mul_wide_neon_4,
        mont_mul_4,
        mul_wide_4,
        redc_4
    );
    costed!(
        6,
        mca_mont_mul_scalar_6,
        mca_mont_mul_neon_6,
        mca_mont_mul_portable_6,
        mca_mul_wide_scalar_6,
        mca_mul_wide_neon_6,
        mont_mul_6,
        mul_wide_6,
        redc_6
    );

    pub fn run() {
        use hayate_arith::fields::{Bls12381Fp, Bn254BeuchatFp};
        let (m4, i4) = (Bn254BeuchatFp::MODULUS, Bn254BeuchatFp::INV);
        let (m6, i6) = (Bls12381Fp::MODULUS, Bls12381Fp::INV);
        let a4 = core::hint::black_box([1, 2, 3, 4u64]);
        let a6 = core::hint::black_box([1, 2, 3, 4, 5, 6u64]);
        let (mut x, mut y) = ([0u64; 4], [0u64; 4]);
        mca_mont_mul_scalar_4(&a4, &a4, &m4, i4, &mut x);
        mca_mont_mul_neon_4(&a4, &a4, &m4, i4, &mut y);
        assert_eq!(x, y);
        mca_mont_mul_portable_4(&a4, &a4, &m4, i4, &mut y);
        assert_eq!(x, y);
        let (mut x, mut y) = ([0u64; 6], [0u64; 6]);
        mca_mont_mul_scalar_6(&a6, &a6, &m6, i6, &mut x);
        mca_mont_mul_neon_6(&a6, &a6, &m6, i6, &mut y);
        assert_eq!(x, y);
        mca_mont_mul_portable_6(&a6, &a6, &m6, i6, &mut y);
        assert_eq!(x, y);
        let (mut w, mut v) = ([0u64; 8], [0u64; 8]);
        mca_mul_wide_scalar_4(&a4, &a4, &mut w);
        mca_mul_wide_neon_4(&a4, &a4, &mut v);
        assert_eq!(w, v);
        let (mut w, mut v) = ([0u64; 12], [0u64; 12]);
        mca_mul_wide_scalar_6(&a6, &a6, &mut w);
        mca_mul_wide_neon_6(&a6, &a6, &mut v);
        assert_eq!(w, v);
        println!("NEON, scalar and portable Montgomery products agree");
    }
}

fn main() {
    #[cfg(target_arch = "aarch64")]
    kernels::run();
}

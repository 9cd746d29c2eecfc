//! The AVX-512 IFMA point kernels, written on the lane arithmetic of
//! [`hayate_arith::backend::x86_64::ifma`] (52-bit limbs, one field element per lane or per
//! lane pair), selected at run time where the CPU has AVX-512F and AVX-512 IFMA
//! ([`hayate_arith::backend::x86_64::ifma::available`]):
//! * [`g2`]: the column loop of the constant-time GLS multiplication in G2 (one
//!   multiplication, each step's Fp2 products side by side in the lanes);
//! * [`straus`]: eight constant-time Straus combinations in G1 at once, one per lane, and the
//!   lanes' odd-multiple tables.

pub mod g2;
pub mod straus;

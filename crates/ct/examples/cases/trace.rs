//! The payload's side of the instruction-trace evidence (`crates/ct/tests/trace.rs`):
//! `ctgrind trace CASE VARIANT` runs one constant-time entry point on the secret input number
//! VARIANT of CASE, between two `int3` markers, under the test's `ptrace` single-stepping.
//! The test compares the traces of all variants — every executed instruction's address and
//! every memory address it reads or writes — and requires them to be identical: the code that
//! runs on this CPU (MULX/ADX assembly, AVX-512 IFMA kernels, whatever the process selects)
//! neither branches on the secret nor indexes memory with it, for these inputs.
//!
//! So that only the secret differs between the processes, every variant's input is prepared
//! in every process (the same allocations in the same order), the entry point is called once on
//! variant 0 before the markers (lazily initialised tables and CPU probes happen there), the
//! chosen input is copied into one place, and the result is checked against a variable-time
//! computation only after the end marker. The test runs the payload with address-space
//! randomisation off and the same environment, so equal code paths give equal addresses.
//!
//! Cases (BLS12-381 unless said otherwise; secrets: scalars, or the points for `miller`):
//! * `g2` — G2 `mul_ct` (the GLS-SAC column loop, in IFMA where the CPU has it);
//! * `gt` — `Gt::pow` (cyclotomic squarings and power lanes, IFMA where present);
//! * `straus` — `glv_lincomb_ct`, 8 coordinates × 3 bases with 3 shared secret scalars (the
//!   FAME/OT10 KeyGen and Encrypt products; IFMA Straus lanes);
//! * `miller` — the Miller loop of a product of 8 pairings in the IFMA lanes, with secret G1
//!   and G2 points (FE decryption with a user key);
//! * `g1` — G1 `mul_ct` (GLV; MULX/ADX field code);
//! * `ecdh-k1` — secp256k1 `mul_ct_subgroup`, what ECDH runs (MULX pseudo-Mersenne field);
//! * `ladder-r1` — paper 004's Jin–Miyaji ladder with safegcd inversion on secp256r1.
//!
//! Controls (their traces must differ, or the tracer is blind):
//! * `control-branch` — the binary-GCD inversion (paper 004's variable-time inverter) of a
//!   secret secp256k1 field element: secret-dependent control flow;
//! * `control-address` — one load from a 16-entry table at a secret index, no branch:
//!   a secret-dependent address alone.

use super::limbs;
use hayate_ec::curves::{Secp256k1, Secp256r1};
use hayate_ec::{glv, Affine, CurveParams, Projective};
use hayate_pairing::bls12_381::Bls12381;
use hayate_pairing::{miller, Gt, PairingCurve};
use std::hint::black_box;

type G1 = <Bls12381 as PairingCurve<6>>::G1;
type G2 = <Bls12381 as PairingCurve<6>>::G2;

/// Number of variants of every case.
pub const VARIANTS: usize = 4;

/// The start and end markers: a breakpoint the tracer stops at.
#[inline(always)]
fn marker() {
    // SAFETY: int3 only raises SIGTRAP, which the tracing parent consumes; run only traced.
    unsafe { core::arch::asm!("int3", options(nomem, nostack)) }
}

/// Runs `f` on `inputs[0]` (warm-up), then on `inputs[variant]` between the markers, and
/// returns that result.
fn traced<I: Copy, O>(inputs: &[I], variant: usize, f: impl Fn(&I) -> O) -> O {
    black_box(f(black_box(&inputs[0])));
    let mut slot = inputs[0];
    slot = black_box(if variant < inputs.len() {
        inputs[variant]
    } else {
        slot
    });
    marker();
    let r = f(black_box(&slot));
    marker();
    r
}

/// Scalars below 2²⁵⁶ that stress the recodings: n − 1, 1, and two pseudo-random ones.
fn scalars(order: &[u64]) -> [[u64; 4]; VARIANTS] {
    let mut n1 = [0u64; 4];
    n1.copy_from_slice(&order[..4]);
    n1[0] -= 1; // the orders are odd
    [n1, [1, 0, 0, 0], limbs(71), limbs(72)]
}

fn case_g2(v: usize) {
    let q = Projective::<G2>::generator().mul_vartime(&limbs(4));
    let ks = scalars(&glv::order_limbs::<G1>());
    let r = traced(&ks, v, |k| q.mul_ct(k));
    assert_eq!(
        r.to_affine(),
        q.mul_vartime(&ks[v]).to_affine(),
        "G2 mul_ct"
    );
}

fn case_gt(v: usize) {
    let x = Gt::<Bls12381, 6>::generator().pow_vartime(&limbs(5));
    let ks = scalars(&glv::order_limbs::<G1>());
    let r = traced(&ks, v, |k| x.pow(k));
    assert!(r == x.pow_vartime(&ks[v]), "Gt::pow");
}

fn case_straus(v: usize) {
    let g = Projective::<G1>::generator();
    let bases: Vec<Affine<G1>> = (0..24u64)
        .map(|i| g.mul_vartime(&limbs(100 + i)).to_affine())
        .collect();
    let coords: Vec<&[Affine<G1>]> = bases.chunks(3).collect();
    let n = glv::order_limbs::<G1>();
    let s = scalars(&n);
    let sets: [[[u64; 4]; 3]; VARIANTS] = [
        [s[0], s[0], s[0]],
        [s[1], s[1], s[1]],
        [s[2], s[3], s[0]],
        [s[3], s[2], s[1]],
    ];
    let r = traced(&sets, v, |ks| {
        hayate_ec::glv_lincomb::glv_lincomb_ct(&coords, ks).expect("GLV curve")
    });
    for (r, c) in r.iter().zip(&coords) {
        let want = c
            .iter()
            .zip(&sets[v])
            .fold(Projective::<G1>::identity(), |a, (p, k)| {
                a.add(&Projective::from(*p).mul_vartime(k))
            });
        assert_eq!(r.to_affine(), want.to_affine(), "glv_lincomb_ct");
    }
}

fn case_miller(v: usize) {
    type Pair = (Affine<G1>, Affine<G2>);
    let g1 = Projective::<G1>::generator();
    let g2 = Projective::<G2>::generator();
    let sets: Vec<[Pair; 8]> = (0..VARIANTS as u64)
        .map(|s| {
            core::array::from_fn(|i| {
                let i = i as u64;
                (
                    g1.mul_vartime(&limbs(200 + 16 * s + i)).to_affine(),
                    g2.mul_vartime(&limbs(300 + 16 * s + i)).to_affine(),
                )
            })
        })
        .collect();
    let r = traced(&sets, v, |pairs| {
        miller::multi_miller_loop_lanes::<Bls12381, 6>(pairs)
    });
    match r {
        Some(f) => {
            // compared after the final exponentiation, as the library's own tests compare the
            // lanes with the projective loop for four pairs or more
            let fe = hayate_pairing::final_exp::final_exponentiation::<Bls12381, 6>;
            let want = miller::multi_miller_loop_projective::<Bls12381, 6>(&sets[v]);
            assert!(fe(&f) == fe(&want), "Miller lanes");
        }
        None => println!("trace: miller: no IFMA lanes on this CPU"),
    }
}

fn case_g1(v: usize) {
    let p = Projective::<G1>::generator().mul_vartime(&limbs(3));
    let ks = scalars(&glv::order_limbs::<G1>());
    let r = traced(&ks, v, |k| p.mul_ct(k));
    assert_eq!(
        r.to_affine(),
        p.mul_vartime(&ks[v]).to_affine(),
        "G1 mul_ct"
    );
}

fn case_ecdh_k1(v: usize) {
    let p = Projective::<Secp256k1>::generator().mul_vartime(&limbs(9));
    let ks = scalars(&Secp256k1::ORDER);
    let r = traced(&ks, v, |k| p.mul_ct_subgroup(k));
    assert_eq!(
        r.to_affine(),
        p.mul_vartime(&ks[v]).to_affine(),
        "mul_ct_subgroup"
    );
}

fn case_ladder_r1(v: usize) {
    let p = Projective::<Secp256r1>::generator()
        .mul_vartime(&limbs(10))
        .to_affine();
    let ks = scalars(&Secp256r1::ORDER);
    let r = traced(&ks, v, |k| hayate_ec::ladder::jin_miyaji_ct(&p, k));
    assert_eq!(
        r,
        Projective::from(p).mul_vartime(&ks[v]).to_affine(),
        "Jin–Miyaji"
    );
}

fn control_branch(v: usize) {
    use hayate_arith::Field;
    type F = <Secp256k1 as CurveParams>::Base;
    let xs: [F; VARIANTS] = core::array::from_fn(|i| F::from_u64(3 + i as u64).square().square());
    let r = traced(&xs, v, |x| x.invert_vartime());
    black_box(r);
}

fn control_address(v: usize) {
    static TABLE: [u64; 16] = [3, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5, 8, 9, 7, 9, 3];
    let idx: [usize; VARIANTS] = [0, 5, 10, 15];
    let r = traced(&idx, v, |&i| TABLE[i & 15]);
    black_box(r);
}

/// `ctgrind trace CASE VARIANT`.
pub fn run(case: &str, variant: &str) {
    let v: usize = match variant.parse() {
        Ok(v) if v < VARIANTS => v,
        _ => {
            eprintln!("trace: VARIANT must be below {VARIANTS} (got {variant:?})");
            std::process::exit(2);
        }
    };
    let f: fn(usize) = match case {
        "g2" => case_g2,
        "gt" => case_gt,
        "straus" => case_straus,
        "miller" => case_miller,
        "g1" => case_g1,
        "ecdh-k1" => case_ecdh_k1,
        "ladder-r1" => case_ladder_r1,
        "control-branch" => control_branch,
        "control-address" => control_address,
        other => {
            eprintln!("trace: unknown case {other:?}");
            std::process::exit(2);
        }
    };
    f(v);
    println!("trace: {case} {v} ok");
}

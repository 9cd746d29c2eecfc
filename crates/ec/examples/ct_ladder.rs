//! Valgrind payload for the constant-time evidence of issue 4 / paper 004 (run by
//! `crates/ec/tests/valgrind_ct.rs`, which builds this example in release mode and runs it under
//! `valgrind --error-exitcode=1 --track-origins=yes`).
//!
//! `ct_ladder ct` runs, on secp256k1 and secp256r1, the Jin–Miyaji two-bit ladder with safegcd
//! inversion (secret scalar, and secret scalar with secret base point), the Montgomery and Joye ladders, the signed-window
//! multiplications of ECDH (`Projective::mul_ct_subgroup`) and `glv-ct` (secret scalar and secret point), the shared-scalar
//! combinations of `glv_lincomb` and the fixed-base pieces of `glv_fixed`, and the safegcd
//! inversion of secret field elements, each input marked *undefined* with valgrind's
//! `VALGRIND_MAKE_MEM_UNDEFINED` client request: memcheck then reports any branch or memory
//! address that depends on the secret. Results are marked defined again before they are
//! checked against a public reference. `ct_ladder leaky` is the negative control: the
//! variable-time binary-GCD inversion (paper 004's inverter) on a secret, which memcheck must
//! flag. Outside valgrind the client requests are no-ops and the program just checks results.
//!
//! The client request is issued with inline assembly, as `valgrind.h` does on amd64: the
//! "special instruction" preamble `rol rdi,3; rol rdi,13; rol rdi,61; rol rdi,51` (128
//! rotations: a no-op) then `xchg rbx,rbx`, with rax pointing at {request, a1..a5} and the
//! result in rdx. MAKE_MEM_UNDEFINED = VG_USERREQ_TOOL_BASE('M','C') + 1 = 0x4D430001,
//! MAKE_MEM_DEFINED = 0x4D430002 (`memcheck.h`), RUNNING_ON_VALGRIND = 0x1001.
//!
//! Release builds only: debug assertions and overflow checks (in `subtle` and here) branch on
//! secrets by design.

use hayate_arith::Field;
use hayate_ec::curves::{Secp256k1, Secp256r1};
use hayate_ec::ladder::{jin_miyaji_ct, joye_ladder, montgomery_ladder};
use hayate_ec::{Affine, CurveParams, Projective};

use hayate_ec::valgrind as vg;

fn mark<T>(req: u64, v: &T) {
    vg::client_request(req, v as *const T as u64, core::mem::size_of::<T>() as u64);
}
/// Marks the bytes of `v` as undefined (secret) for memcheck.
fn secret<T>(v: &T) {
    mark(vg::MAKE_MEM_UNDEFINED, v)
}
/// Marks the bytes of `v` as defined again (declassified).
fn public<T>(v: &T) {
    mark(vg::MAKE_MEM_DEFINED, v)
}

/// Deterministic 256-bit scalars (splitmix64).
fn limbs(seed: u64) -> [u64; 4] {
    let mut s = seed;
    core::array::from_fn(|_| {
        s = s.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = s;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    })
}

/// Ladders on secret scalars (and a secret base point) of curve C.
fn ladders<C: CurveParams>() {
    let g = Affine::<C>::generator();
    for seed in 1..=2u64 {
        let k = limbs(seed ^ C::NAME.len() as u64);
        let want = Projective::<C>::generator().mul_vartime(&k).to_affine();
        let p = Projective::<C>::generator()
            .mul_vartime(&[seed + 1])
            .to_affine();
        let want_p = Projective::from(p).mul_vartime(&k).to_affine();

        // Jin–Miyaji ladder (affine, double-quadruple, safegcd): secret scalar
        let ks = k;
        secret(&ks);
        let r = jin_miyaji_ct(&g, &ks);
        public(&r);
        assert_eq!(r, want, "{}: Jin–Miyaji", C::NAME);
        // … and secret scalar with a secret base point
        let ps = p;
        secret(&ps);
        let r = jin_miyaji_ct(&ps, &ks);
        public(&r);
        assert_eq!(r, want_p, "{}: Jin–Miyaji, secret point", C::NAME);
        if seed == 1 {
            let r = montgomery_ladder(&Projective::from(g), &ks);
            public(&r);
            assert_eq!(r.to_affine(), want, "{}: Montgomery ladder", C::NAME);
            let r = joye_ladder(&Projective::from(g), &ks);
            public(&r);
            assert_eq!(r.to_affine(), want, "{}: Joye ladder", C::NAME);
        }
    }
}

/// The signed-window multiplications (ECDH's `mul_ct_subgroup`, and `glv-ct`'s joint window on
/// curves with an endomorphism) on secret scalars and secret base points, including scalars
/// whose recoding takes the even-scalar and last-window paths (0, n − 1, n − 2).
fn signed_windows<C: CurveParams>() {
    let n = C::ORDER;
    let mut near_n = n.to_vec();
    near_n[0] = near_n[0].wrapping_sub(2);
    let mut n_minus_1 = n.to_vec();
    n_minus_1[0] = n_minus_1[0].wrapping_sub(1);
    let scalars = [
        limbs(7 ^ C::NAME.len() as u64).to_vec(),
        vec![0u64; 4],
        n_minus_1,
        near_n,
        limbs(99).to_vec(),
    ];
    for (i, k) in scalars.iter().enumerate() {
        let p = Projective::<C>::generator().mul_vartime(&[i as u64 + 3]);
        let want = p.mul_vartime(k).to_affine();
        let (ks, ps) = (k.clone(), p);
        secret(&ps);
        // the heap buffer of the scalar
        vg::client_request(
            vg::MAKE_MEM_UNDEFINED,
            ks.as_ptr() as u64,
            8 * ks.len() as u64,
        );
        let r = ps.mul_ct_subgroup(&ks);
        public(&r);
        assert_eq!(r.to_affine(), want, "{}: mul_ct_subgroup", C::NAME);
        if C::GLV.is_some() {
            let r = hayate_ec::glv::mul_ct(&ps, &ks, 1).expect("GLV curve");
            public(&r);
            assert_eq!(r.to_affine(), want, "{}: glv-ct", C::NAME);
        }
    }
}

/// `glv_lincomb_ct` (shared secret scalars over several coordinates of public bases) on secret
/// scalars, including 0 and n − 1 (even and odd halves).
fn shared_lincomb<C: CurveParams>() {
    let g = Projective::<C>::generator();
    let pts: Vec<Affine<C>> = (0..6u64)
        .map(|i| g.mul_vartime(&limbs(40 + i)).to_affine())
        .collect();
    let coords: Vec<&[Affine<C>]> = pts.chunks(3).collect();
    let mut n_minus_1 = [0u64; 4];
    n_minus_1.copy_from_slice(&C::ORDER[..4]);
    n_minus_1[0] = n_minus_1[0].wrapping_sub(1);
    let ks = [limbs(31), [0u64; 4], n_minus_1];
    let want: Vec<Affine<C>> = coords
        .iter()
        .map(|v| {
            v.iter()
                .zip(&ks)
                .fold(Projective::<C>::identity(), |a, (p, k)| {
                    a.add(&Projective::from(*p).mul_vartime(k))
                })
                .to_affine()
        })
        .collect();
    let sk = ks;
    secret(&sk);
    let r = hayate_ec::glv_lincomb::glv_lincomb_ct::<C>(&coords, &sk).expect("GLV curve");
    for (r, w) in r.iter().zip(&want) {
        public(r);
        assert_eq!(r.to_affine(), *w, "{}: glv_lincomb_ct", C::NAME);
    }
}

/// `glv_fixed` (FAME's g^{−σ}: one fixed base, GLV halves cut into pieces) on secret scalars,
/// including 0, 1 and n − 1 (zero, even and odd pieces); the scalar loop (valgrind has no
/// AVX-512).
fn fixed_base<C: CurveParams>() {
    let g = Projective::<C>::generator();
    let fixed = hayate_ec::glv_fixed::GlvFixedBase::<C>::new(&g.to_affine()).expect("GLV curve");
    let mut n_minus_1 = [0u64; 4];
    n_minus_1.copy_from_slice(&C::ORDER[..4]);
    n_minus_1[0] = n_minus_1[0].wrapping_sub(1);
    let ks = [limbs(37), [0u64; 4], [1, 0, 0, 0], n_minus_1];
    let sk = ks;
    secret(&sk);
    let r = fixed.mul_many_with(&sk, false);
    for (r, k) in r.iter().zip(&ks) {
        public(r);
        assert_eq!(
            r.to_affine(),
            g.mul_vartime(k).to_affine(),
            "{}: glv_fixed",
            C::NAME
        );
    }
}

/// safegcd inversion of secret elements of F (0 and 1 included).
fn inversions<F: Field>() {
    for i in 0..4u64 {
        let x = match i {
            0 => F::ZERO,
            1 => F::ONE,
            _ => F::from_u64(i) * F::from_u64(u64::MAX - i).square(),
        };
        let xs = x;
        secret(&xs);
        let inv = xs.invert_safegcd();
        let (v, some) = (inv.unwrap_or(F::ZERO), inv.is_some());
        public(&v);
        public(&some);
        assert_eq!(bool::from(some), i != 0, "safegcd: zero detection");
        if i != 0 {
            assert_eq!(v * x, F::ONE, "safegcd inverse");
        }
    }
}

fn run_ct() {
    ladders::<Secp256k1>();
    ladders::<Secp256r1>();
    signed_windows::<Secp256k1>();
    signed_windows::<Secp256r1>();
    shared_lincomb::<Secp256k1>();
    fixed_base::<Secp256k1>();
    inversions::<<Secp256k1 as CurveParams>::Base>();
    inversions::<<Secp256r1 as CurveParams>::Base>();
    println!("ct_ladder: constant-time payload done");
}

fn run_leaky() {
    type F = <Secp256k1 as CurveParams>::Base;
    let x = F::from_u64(12345).square();
    let xs = x;
    secret(&xs);
    let inv = xs.invert_vartime().unwrap_or(F::ZERO);
    public(&inv);
    assert_eq!(inv * x, F::ONE);
    println!("ct_ladder: leaky payload done");
}

fn main() {
    let on_vg = vg::client_request(vg::RUNNING_ON_VALGRIND, 0, 0);
    println!("ct_ladder: running on valgrind = {on_vg}");
    match std::env::args().nth(1).as_deref().unwrap_or("ct") {
        "ct" => run_ct(),
        "leaky" => run_leaky(),
        other => {
            eprintln!("usage: ct_ladder [ct|leaky] (got {other})");
            std::process::exit(2);
        }
    }
}

//! The valgrind payload of the constant-time evidence (run by `crates/ct/tests/valgrind.rs`,
//! which builds it in release mode twice — CPU features detected at run time, and with
//! `-C target-feature=+bmi2,+adx` so that the MULX/ADCX/ADOX assembly is selected at compile
//! time — and runs both under `valgrind --error-exitcode=1 --track-origins=yes`).
//!
//! The technique is ctgrind's: every secret input is marked *undefined* with memcheck's
//! `VALGRIND_MAKE_MEM_UNDEFINED` client request ([`hayate_ec::valgrind`]), so memcheck reports
//! every conditional branch ("Conditional jump or move depends on uninitialised value(s)") and
//! every memory address ("Use of uninitialised value of size 8") computed from a secret.
//! Arithmetic, masks and `cmov` on secrets are allowed. Results are marked defined again before
//! they are compared with the variable-time methods. Randomness drawn inside the library
//! (ECDH key generation, the FE schemes' exponents) comes from a secret-marking generator (`DetRng`), whose output is
//! marked undefined as it is produced.
//!
//! `ctgrind ct` runs the sections below and prints, for each, how many assembly kernel calls it
//! made (`hayate_arith::backend::kernel_calls`, counted in `ct-valgrind` builds), so that the
//! test can assert which code path ran:
//! * `arith`: the double-width Fp2 product on the three pairing curves' fields;
//! * `ec`: paper 004's Jin–Miyaji ladder (secret scalar; secret scalar and point), the
//!   Montgomery and Joye ladders, the signed-window multiplications of ECDH and `glv-ct`,
//!   `glv_lincomb_ct`, `glv_fixed`, safegcd inversion — on secp256k1 and secp256r1;
//! * `ecdh`: key generation (rejection sampling from a secret-marking generator (`DetRng`)), SkToPk and the shared
//!   secret on every named curve (SEC 2 and brainpool);
//! * `pairing`: the GLV/GLS decompositions, G1/G2 `mul_ct`, `Gt::pow`, the `ct_mul` Straus and
//!   GT multi-exponentiation, the fixed-base window tables (`hayate_ec::fixed`: the G1 and G2
//!   generators', one in GT) and `glv_lincomb_ct`, on BLS12-381, BN254
//!   (alt_bn128) and the papers' BN254, on edge scalars (0, 1, r − 1, r, 2²⁵⁶ − 1) and
//!   pseudo-random ones;
//! * `bls`: KeyGen from secret key material, SkToPk, Sign and PopProve in both variants (min-pk,
//!   min-sig);
//! * `hash-to-curve`: RFC 9380 hash_to_curve and encode_to_curve of a secret message (a PAKE's
//!   or OPRF's password) on secp256k1, P-256 and P-384, and on BLS12-381 G1 (also the batched
//!   `hash_to_g1_uncleared_many`) and G2;
//! * `fe`: FAME KeyGen and Encrypt, OT10 KeyGen and Encrypt on BLS12-381 and BN254 (exponents
//!   from a secret-marking generator (`DetRng`); the master key comes from an ordinary generator);
//! * `fe-decrypt`: FAME and OT10 decryption with a secret user key loaded from its encoding,
//!   as `hayate fe decrypt` does it (the key's points marked secret in the bytes; decoding and
//!   validation included), on BLS12-381 and BN254;
//! * `aead`: the seven AEAD schemes with a secret key and plaintext, decryption of an authentic
//!   ciphertext and of a forged one (the tag comparisons; the verdict is declassified inside
//!   hayate-aead), and AES-128 on its portable bitsliced back end and on the CPU's;
//!
//! `ctgrind section NAME` runs one section alone (`fe-decrypt`, `bls` or `hash-to-curve`), for investigating a
//! report.
//!
//! Controls (each must be flagged, or the instrumentation is broken):
//! * `ctgrind leaky`: the variable-time binary-GCD inversion (paper 004's inverter) on a secret;
//! * `ctgrind planted`: `mont_mul_4_planted`, a generated MULX kernel with a planted
//!   secret-dependent branch and load (compile-time assembly builds only).
//!
//! `ctgrind trace CASE VARIANT` is the payload of the instruction-trace test
//! (`tests/trace.rs`, module `cases/trace.rs`), which runs it under `ptrace`, not valgrind.
//!
//! Outside valgrind the client requests are no-ops and the program only checks results.
//! Release builds only: debug assertions and overflow checks branch on secrets by design.

#[path = "cases/trace.rs"]
mod trace;

use hayate_arith::Field;
use hayate_ec::curves::{CurveId, CurveVisitor, NamedCurve, Secp256k1, Secp256r1};
use hayate_ec::ladder::{jin_miyaji_ct, joye_ladder, montgomery_ladder};
use hayate_ec::fixed::FixedWindows;
use hayate_ec::valgrind as vg;
use hayate_ec::{glv, Affine, CurveParams, Projective};
use hayate_pairing::{
    bls12_381::Bls12381, bn254::Bn254, bn254_beuchat::Bn254Beuchat, ct_mul, gls, Gt, PairingCurve,
};

/// A copy of `v` whose bytes are marked secret (undefined for memcheck); read back through
/// `black_box` so that the compiler cannot reuse the defined original.
fn secret<T: Copy>(v: T) -> T {
    let c = v;
    undefined(&c);
    std::hint::black_box(c)
}
/// Marks the bytes of `v` secret.
fn undefined<T: ?Sized>(v: &T) {
    let len = core::mem::size_of_val(v) as u64;
    vg::client_request(
        vg::MAKE_MEM_UNDEFINED,
        v as *const T as *const u8 as u64,
        len,
    );
}
/// Declassifies the bytes of `v`.
fn public<T: ?Sized>(v: &T) {
    let len = core::mem::size_of_val(v) as u64;
    vg::client_request(vg::MAKE_MEM_DEFINED, v as *const T as *const u8 as u64, len);
}

/// Deterministic 256-bit limbs (splitmix64).
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

/// A deterministic generator (splitmix64). `secret: true` marks every output secret, so the
/// randomness a library function draws (private keys, the FE schemes' exponents) is tracked by
/// memcheck like any other secret; `false` is for public set-up (master keys, peers' keys).
struct DetRng {
    state: u64,
    secret: bool,
}

/// A generator of secret randomness.
fn secret_rng(seed: u64) -> DetRng {
    DetRng {
        state: seed,
        secret: true,
    }
}
/// A generator of public randomness.
fn public_rng(seed: u64) -> DetRng {
    DetRng {
        state: seed ^ 0xabcd,
        secret: false,
    }
}

impl rand_core::RngCore for DetRng {
    fn next_u32(&mut self) -> u32 {
        self.next_u64() as u32
    }
    fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(1);
        let v = limbs(self.state)[0];
        if self.secret {
            secret(v)
        } else {
            v
        }
    }
    fn fill_bytes(&mut self, dest: &mut [u8]) {
        for chunk in dest.chunks_mut(8) {
            let v = self.next_u64().to_le_bytes();
            chunk.copy_from_slice(&v[..chunk.len()]);
        }
        if self.secret {
            undefined(dest);
        }
    }
    fn try_fill_bytes(&mut self, dest: &mut [u8]) -> Result<(), rand_core::Error> {
        self.fill_bytes(dest);
        Ok(())
    }
}
impl rand_core::CryptoRng for DetRng {}

// ---------------------------------------------------------------------------------------------
// ec: paper 004's ladders and the constant-time scalar multiplications of hayate-ec

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

        let ks = secret(k);
        let r = jin_miyaji_ct(&g, &ks);
        public(&r);
        assert_eq!(r, want, "{}: Jin–Miyaji", C::NAME);
        let ps = secret(p);
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
        let (ks, ps) = (k.clone(), secret(p));
        undefined(ks.as_slice());
        let r = ps.mul_ct_subgroup(&ks);
        public(&r);
        assert_eq!(r.to_affine(), want, "{}: mul_ct_subgroup", C::NAME);
        if C::GLV.is_some() {
            let r = glv::mul_ct(&ps, &ks, 1).expect("GLV curve");
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
    let sk = secret(ks);
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
    let sk = secret(ks);
    let r = fixed.mul_many_with(&sk, false);
    for (r, k) in r.iter().zip(&ks) {
        public(r);
        let want = g.mul_vartime(k).to_affine();
        assert_eq!(r.to_affine(), want, "{}: glv_fixed", C::NAME);
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
        let xs = secret(x);
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

fn section_ec() {
    ladders::<Secp256k1>();
    ladders::<Secp256r1>();
    signed_windows::<Secp256k1>();
    signed_windows::<Secp256r1>();
    shared_lincomb::<Secp256k1>();
    fixed_base::<Secp256k1>();
    inversions::<<Secp256k1 as CurveParams>::Base>();
    inversions::<<Secp256r1 as CurveParams>::Base>();
}

// ---------------------------------------------------------------------------------------------
// arith: the double-width Fp2 product (no caller in the other sections on this path)

fn fp2_mul_wide<P: hayate_arith::TowerParams<N>, const N: usize>() {
    use hayate_arith::{Fp, Fp2};
    let x = Fp2::<P, N>::new(Fp::from_u64(3).square(), Fp::from_u64(5).square());
    let y = Fp2::<P, N>::new(Fp::from_u64(7).square(), Fp::from_u64(11).square());
    let (xs, ys) = (secret(x), secret(y));
    let w = xs.mul_wide(&ys);
    public(&w);
    assert_eq!(Fp2::<P, N>::reduce_wide(&w), x * y, "Fp2 mul_wide");
}

fn section_arith() {
    fp2_mul_wide::<<Bn254 as PairingCurve<4>>::Fp, 4>();
    fp2_mul_wide::<<Bn254Beuchat as PairingCurve<4>>::Fp, 4>();
    fp2_mul_wide::<<Bls12381 as PairingCurve<6>>::Fp, 6>();
}

// ---------------------------------------------------------------------------------------------
// ecdh: key generation and key agreement on every named curve

fn ecdh_on<C: NamedCurve>() {
    use hayate_ec::ecdh::{PublicKey, SecretKey};
    // the peer's key pair is public
    let peer = SecretKey::<C>::random(&mut public_rng(C::NAME.len() as u64));
    let peer_pk = peer.public_key();
    // key generation from secret randomness (rejection sampling), SkToPk, the shared secret
    let sk = SecretKey::<C>::random(&mut secret_rng(7));
    let pk = sk.public_key();
    public(&pk);
    let shared = sk.diffie_hellman(&peer_pk).expect("valid peer key");
    let shared = shared.as_bytes().to_vec();
    public(shared.as_slice());
    // a private key parsed from secret bytes (its validity is public: Ok or an error)
    let bytes = sk.to_bytes_be();
    public(bytes.as_slice());
    let want = peer.diffie_hellman(&pk).expect("valid key");
    assert_eq!(shared, want.as_bytes(), "{}: ECDH", C::NAME);
    let mut b = bytes.clone();
    undefined(b.as_mut_slice());
    let parsed = SecretKey::<C>::from_bytes_be(&b).expect("valid private key");
    let pk2 = parsed.public_key();
    public(&pk2);
    assert_eq!(
        PublicKey::<C>::from_affine(*pk2.as_affine()).ok(),
        Some(pk),
        "{}: parsed key",
        C::NAME
    );
}

fn section_ecdh() {
    struct Ecdh;
    impl CurveVisitor for Ecdh {
        type Output = ();
        fn visit<C: NamedCurve>(self) {
            ecdh_on::<C>()
        }
    }
    for id in CurveId::ALL {
        id.visit(Ecdh);
    }
}

// ---------------------------------------------------------------------------------------------
// pairing: the groups' constant-time scalar multiplications

/// 0, 1, r − 1, r, 2²⁵⁶ − 1 and two pseudo-random scalars.
fn scalars<E: PairingCurve<N>, const N: usize>() -> Vec<[u64; 4]> {
    let r = glv::order_limbs::<E::G1>();
    let mut rm1 = r;
    rm1[0] -= 1; // r is odd
    vec![
        [0; 4],
        [1, 0, 0, 0],
        rm1,
        r,
        [u64::MAX; 4],
        limbs(E::NAME.len() as u64),
        limbs(E::Z_ABS),
    ]
}

fn pairing_curve<E: PairingCurve<N>, const N: usize>() {
    let c = gls::lattice::<E, N>().expect("GLS constants");
    let p0 = Projective::<E::G1>::generator().mul_vartime(&limbs(3));
    let q0 = Projective::<E::G2>::generator().mul_vartime(&limbs(4));
    let x0 = Gt::<E, N>::generator().pow_vartime(&limbs(5));
    for (i, k) in scalars::<E, N>().into_iter().enumerate() {
        let (want1, want2, want3) = (
            p0.mul_vartime(&k).to_affine(),
            q0.mul_vartime(&k).to_affine(),
            x0.pow_vartime(&k),
        );
        let (ks, p, q, x) = (secret(k), secret(p0), secret(q0), secret(x0));

        let d = glv::decompose::<E::G1>(&ks).expect("GLV curve");
        public(&d);
        let d = gls::decompose::<E, N>(c, &ks);
        public(&d);

        let r = gls::g1_mul_ct(&p, &ks);
        public(&r);
        assert_eq!(r.to_affine(), want1, "{}: G1 mul_ct, scalar {i}", E::NAME);

        let r = gls::g2_mul_ct::<E, N>(&q, &ks, c);
        public(&r);
        assert_eq!(r.to_affine(), want2, "{}: G2 mul_ct, scalar {i}", E::NAME);
        if i == 5 {
            let r = q.mul_ct(&ks);
            public(&r);
            assert_eq!(r.to_affine(), want2, "{}: G2 Projective::mul_ct", E::NAME);
        }

        let r = x.pow(&ks);
        public(&r);
        assert_eq!(r, want3, "{}: Gt::pow, scalar {i}", E::NAME);
    }

    // ct_mul: Straus MSM (G1: GLV path, G2: plain), fixed-base tables, GT multi-exponentiation
    // (secret scalars)
    let (k1, k2) = (limbs(6), limbs(7));
    let ks = secret([k1, k2]);
    let r = ct_mul::msm_ct(&[p0, p0.double()], &ks, 256);
    public(&r);
    let want = p0.mul_vartime(&k1).add(&p0.double().mul_vartime(&k2));
    assert_eq!(r.to_affine(), want.to_affine(), "{}: msm_ct", E::NAME);
    // G2 has no GLV endomorphism: msm_ct's plain Straus path
    let r = ct_mul::msm_ct(&[q0, q0.double()], &ks, 256);
    public(&r);
    let want = q0.mul_vartime(&k1).add(&q0.double().mul_vartime(&k2));
    assert_eq!(r.to_affine(), want.to_affine(), "{}: G2 msm_ct", E::NAME);
    // the generators' fixed-base window tables (G1, G2) and a GT table (FAME's T₁, T₂)
    let r = FixedWindows::<Projective<E::G1>>::generator().mul(&ks[0]);
    public(&r);
    let want = Projective::<E::G1>::generator().mul_vartime(&k1);
    assert_eq!(r.to_affine(), want.to_affine(), "{}: G1 fixed windows", E::NAME);
    let r = FixedWindows::<Projective<E::G2>>::generator().mul(&ks[0]);
    public(&r);
    let want = Projective::<E::G2>::generator().mul_vartime(&k1);
    assert_eq!(r.to_affine(), want.to_affine(), "{}: G2 fixed windows", E::NAME);
    let r = FixedWindows::new(&x0, 256).mul(&ks[1]);
    public(&r);
    assert_eq!(r, x0.pow_vartime(&k2), "{}: GT fixed windows", E::NAME);
    let r = ct_mul::gt_multi_pow_ct(&[x0, x0.mul(&x0)], &ks, 256);
    public(&r);
    let want = x0.pow_vartime(&k1).mul(&x0.mul(&x0).pow_vartime(&k2));
    assert_eq!(r, want, "{}: gt_multi_pow_ct", E::NAME);
    // FAME's shared-scalar G1 products: two coordinates of public bases, secret scalars
    let bases: Vec<_> = (0..4u64)
        .map(|i| p0.mul_vartime(&limbs(20 + i)).to_affine())
        .collect();
    let coords: Vec<&[_]> = bases.chunks(2).collect();
    let r = hayate_ec::glv_lincomb::glv_lincomb_ct(&coords, &ks).expect("GLV curve");
    for (r, v) in r.iter().zip(&coords) {
        public(r);
        let want = Projective::from(v[0])
            .mul_vartime(&k1)
            .add(&Projective::from(v[1]).mul_vartime(&k2));
        assert_eq!(
            r.to_affine(),
            want.to_affine(),
            "{}: glv_lincomb_ct",
            E::NAME
        );
    }
}

fn section_pairing() {
    pairing_curve::<Bls12381, 6>();
    pairing_curve::<Bn254, 4>();
    pairing_curve::<Bn254Beuchat, 4>();
}

// ---------------------------------------------------------------------------------------------
// bls: KeyGen, SkToPk, Sign

fn section_bls() {
    use hayate_bls::{min_pk, min_sig, Scheme};
    let mut ikm = [0u8; 32];
    for (i, b) in ikm.iter_mut().enumerate() {
        *b = limbs(i as u64)[0] as u8;
    }
    let ikm_s = secret(ikm);
    // min-pk: public keys in G1, signatures in G2
    let sk = min_pk::SecretKey::key_gen(&ikm_s, b"").expect("IKM of 32 bytes");
    let pk = sk.sk_to_pk();
    public(&pk);
    let sig = sk.sign(b"message", Scheme::Basic);
    public(&sig);
    assert!(sig.verify(&pk, b"message", Scheme::Basic).is_ok(), "min-pk");
    let proof = sk.pop_prove();
    public(&proof);
    assert!(pk.pop_verify(&proof).is_ok(), "min-pk PopProve");
    // min-sig: public keys in G2, signatures in G1
    let sk = min_sig::SecretKey::key_gen(&ikm_s, b"").expect("IKM of 32 bytes");
    let pk = sk.sk_to_pk();
    public(&pk);
    let sig = sk.sign(b"message", Scheme::Pop);
    public(&sig);
    assert!(sig.verify(&pk, b"message", Scheme::Pop).is_ok(), "min-sig");
    // PopProve: the signature of the key's own public key under the POP DST
    let proof = sk.pop_prove();
    public(&proof);
    assert!(pk.pop_verify(&proof).is_ok(), "min-sig PopProve");
}

// ---------------------------------------------------------------------------------------------
// hash-to-curve: RFC 9380 on a secret message

fn h2c_named<C: hayate_ec::hash_to_curve::SswuCurve>(msg: &[u8]) {
    use hayate_ec::hash_to_curve::{encode_to_curve, hash_to_curve};
    const DST: &[u8] = b"hayate-ctgrind-h2c";
    let p = hash_to_curve::<C>(msg, DST).expect("short DST");
    public(&p);
    let q = encode_to_curve::<C>(msg, DST).expect("short DST");
    public(&q);
    assert!(
        bool::from(p.is_on_curve() & q.is_on_curve()),
        "{}: off the curve",
        C::NAME
    );
}

fn section_hash_to_curve() {
    use hayate_pairing::hash_to_curve as h2c;
    const DST: &[u8] = b"hayate-ctgrind-h2c";
    // a password-like secret: the messages of PAKEs and OPRFs are secrets
    let mut m = [0u8; 40];
    for (i, b) in m.iter_mut().enumerate() {
        *b = limbs(100 + i as u64)[1] as u8;
    }
    let msg = secret(m);
    h2c_named::<Secp256k1>(&msg);
    h2c_named::<Secp256r1>(&msg);
    h2c_named::<hayate_ec::curves::Secp384r1>(&msg);
    let g1 = h2c::hash_to_g1(&msg, DST);
    public(&g1);
    let g1e = h2c::encode_to_g1(&msg, DST);
    public(&g1e);
    let many = h2c::hash_to_g1_uncleared_many(&[&msg, &msg[..20]], DST);
    public(many.as_slice());
    let g2 = h2c::hash_to_g2(&msg, DST);
    public(&g2);
    let g2e = h2c::encode_to_g2(&msg, DST);
    public(&g2e);
    assert_eq!(
        h2c::hash_to_g1(&m, DST),
        g1,
        "BLS12-381 G1: the same hash from the public message"
    );
    assert_eq!(
        h2c::hash_to_g2(&m, DST),
        g2,
        "BLS12-381 G2: the same hash from the public message"
    );
}

// ---------------------------------------------------------------------------------------------
// fe: FAME and OT10 KeyGen and Encrypt

fn fe_curve<E: hayate_fe::curve::FeCurve<N>, const N: usize>() {
    use hayate_fe::{fame, ot10, policy::Attributes};
    // FAME: the key generation's and the encryption's exponents are secret
    let (pk, msk) = fame::setup::<E, N>(&mut public_rng(11));
    let attrs = Attributes::parse("doctor, cardiology, level=3").expect("attributes");
    let sk = fame::keygen(&msk, &attrs, &mut secret_rng(12));
    let (ct, key) = fame::encapsulate(
        &pk,
        "doctor and (cardiology or level >= 2)",
        &mut secret_rng(13),
    )
    .expect("policy");
    drop((sk, ct, key));
    // OT10 (two categories)
    let (pk, msk) = ot10::setup::<E, N>(&[2, 2], &mut public_rng(14)).expect("dimensions");
    let attrs = ot10::AttrSet::parse("t1=3,t2=5").expect("attributes");
    let uk = ot10::keygen(&msk, &attrs, &mut secret_rng(15)).expect("key");
    let (ct, key) = ot10::encapsulate(&pk, "t1=3 and t2=5", &mut secret_rng(16)).expect("policy");
    drop((uk, ct, key));
}

/// Marks the bytes from `from` to the end of `b` secret, except the 4-byte count at `count`.
fn undefined_points(b: &[u8], from: usize, count: usize) {
    undefined(&b[from..count]);
    undefined(&b[count + 4..]);
}

/// Decryption with a secret user key, as the CLI does it: the key's points arrive secret in its
/// encoding (header, attribute list and counts are public), are decoded and validated, and
/// decrypt a public ciphertext; only the recovered GT key is declassified.
fn fe_decrypt_curve<E: hayate_fe::curve::FeCurve<N>, const N: usize>() {
    use hayate_fe::{fame, ot10, policy::Attributes, serial};
    // FAME: a key for three attribute strings
    let (pk, msk) = fame::setup::<E, N>(&mut public_rng(21));
    let attrs = Attributes::parse("doctor, cardiology, level=3").expect("attributes");
    let sk = fame::keygen(&msk, &attrs, &mut public_rng(22));
    let m = sk.sk.len();
    let (ct, want) = fame::encapsulate(
        &pk,
        "doctor and (cardiology or level >= 2)",
        &mut public_rng(23),
    )
    .expect("policy");
    let bytes = serial::fame_sk_to_bytes(&sk);
    let from = bytes.len() - (3 * E::G2_BYTES + 3 * E::G1_BYTES + 4 + 3 * m * E::G1_BYTES);
    undefined_points(&bytes, from, from + 3 * E::G2_BYTES + 3 * E::G1_BYTES);
    let sk = serial::fame_sk_from_bytes::<E, N>(&bytes).expect("valid key");
    let got = fame::decapsulate(&sk, &ct).expect("satisfied");
    public(&got);
    assert!(got == want, "FAME decryption");
    // OT10 (two categories)
    let (pk, msk) = ot10::setup::<E, N>(&[2, 2], &mut public_rng(24)).expect("dimensions");
    let attrs = ot10::AttrSet::parse("t1=3,t2=5").expect("attributes");
    let uk = ot10::keygen(&msk, &attrs, &mut public_rng(25)).expect("key");
    let kt: usize = uk.kt.values().map(Vec::len).sum();
    let (ct, want) = ot10::encapsulate(&pk, "t1=3 and t2=5", &mut public_rng(26)).expect("policy");
    let bytes = serial::ot10_sk_to_bytes(&uk);
    let from = bytes.len() - (ot10::N0 + kt) * E::G2_BYTES - 4;
    undefined_points(&bytes, from, from + ot10::N0 * E::G2_BYTES);
    let uk = serial::ot10_sk_from_bytes::<E, N>(&bytes).expect("valid key");
    let got = ot10::decapsulate(&uk, &ct).expect("satisfied");
    public(&got);
    assert!(got == want, "OT10 decryption");
}

fn section_fe_decrypt() {
    fe_decrypt_curve::<Bls12381, 6>();
    fe_decrypt_curve::<Bn254, 4>();
}

fn section_fe() {
    fe_curve::<Bls12381, 6>();
    fe_curve::<Bn254, 4>();
}

// ---------------------------------------------------------------------------------------------
// aead: the seven schemes (secret key and plaintext), their tag comparisons, both AES back ends

fn section_aead() {
    use hayate_aead::{aes::Aes128, ALGORITHMS};
    for a in ALGORITHMS {
        let key: Vec<u8> = (0..a.key_len()).map(|i| limbs(i as u64)[0] as u8).collect();
        let nonce = vec![7u8; a.nonce_len()];
        let pt: Vec<u8> = (0..45u64).map(|i| limbs(100 + i)[1] as u8).collect();
        let (mut k, mut p) = (key.clone(), pt.clone());
        undefined(k.as_mut_slice());
        undefined(p.as_mut_slice());
        let ct = a.encrypt(&k, &nonce, b"header", &p).expect("encrypt");
        public(ct.as_slice());
        // a valid ciphertext (the comparison succeeds) and a forged tag (it fails); only the
        // verdict is public
        let got = a.decrypt(&k, &nonce, b"header", &ct).expect("authentic");
        public(got.as_slice());
        assert_eq!(got, pt, "{}: round trip", a.name());
        let mut forged = ct.clone();
        *forged.last_mut().expect("tag") ^= 1;
        assert!(
            a.decrypt(&k, &nonce, b"header", &forged).is_err(),
            "{}: forgery",
            a.name()
        );
    }
    // AES-128: the portable bitsliced back end, and the one selected for this CPU
    let key = secret([0x2bu8; 16]);
    for aes in [Aes128::new_portable(&key), Aes128::new(&key)] {
        let mut block = secret([0x32u8; 16]);
        aes.encrypt_block(&mut block);
        public(&block);
        let mut want = [0x32u8; 16];
        Aes128::new_portable(&[0x2bu8; 16]).encrypt_block(&mut want);
        assert_eq!(block, want, "AES-128 back ends agree");
    }
}

// ---------------------------------------------------------------------------------------------

/// Runs one section and reports how many assembly kernel calls it made.
fn section(name: &str, f: fn()) {
    let before = hayate_arith::backend::kernel_calls();
    f();
    let calls = hayate_arith::backend::kernel_calls() - before;
    println!("ctgrind: section {name} done, assembly kernel calls {calls}");
}

fn run_leaky() {
    type F = <Secp256k1 as CurveParams>::Base;
    let x = F::from_u64(12345).square();
    let xs = secret(x);
    let inv = xs.invert_vartime().unwrap_or(F::ZERO);
    public(&inv);
    assert_eq!(inv * x, F::ONE);
    println!("ctgrind: leaky payload done");
}

fn run_planted() {
    use hayate_arith::backend::x86_64::{ifma, mulx};
    // the IFMA control of the disassembly check (tests/disasm.rs): linked here, run where the
    // CPU has the extension (valgrind's CPU model has not)
    if ifma::available() {
        let t: [u64; 16] = core::array::from_fn(|i| i as u64);
        // SAFETY: AVX-512F and AVX-512 IFMA are present (checked above).
        let r = unsafe { ifma::planted_lanes(&[3; 8], &[5; 8], &t) };
        println!("ctgrind: planted IFMA lanes done ({r:x})");
    }
    if !mulx::available() {
        println!("ctgrind: planted payload skipped (no MULX/ADX path in this build)");
        return;
    }
    // BN254's base field modulus and −m⁻¹ mod 2⁶⁴
    type Fp = hayate_arith::Fp<<Bn254 as PairingCurve<4>>::Fp, 4>;
    let (m, inv) = (Fp::MODULUS, Fp::INV);
    let a = secret(limbs(1));
    let mut a = a;
    a[3] &= 0x0fff_ffff_ffff_ffff;
    let b = [5, 0, 0, 0];
    let r = mulx::mont_mul_4_planted(&a, &b, &m, inv);
    public(&r);
    println!("ctgrind: planted payload done ({:x})", r[0]);
}

fn main() {
    let on_vg = vg::client_request(vg::RUNNING_ON_VALGRIND, 0, 0);
    println!("ctgrind: running on valgrind = {on_vg}");
    println!(
        "ctgrind: MULX/ADX selected = {}, AVX-512 IFMA available = {}",
        hayate_arith::backend::x86_64::mulx::available(),
        hayate_arith::backend::x86_64::ifma::available()
    );
    match std::env::args().nth(1).as_deref().unwrap_or("ct") {
        "ct" => {
            section("arith", section_arith);
            section("ec", section_ec);
            section("ecdh", section_ecdh);
            section("pairing", section_pairing);
            section("bls", section_bls);
            section("hash-to-curve", section_hash_to_curve);
            section("fe", section_fe);
            section("fe-decrypt", section_fe_decrypt);
            section("aead", section_aead);
            println!("ctgrind: constant-time payload done");
        }
        "leaky" => run_leaky(),
        // one section alone, for investigating a report
        "section" => match std::env::args().nth(2).as_deref() {
            Some("fe-decrypt") => section("fe-decrypt", section_fe_decrypt),
            Some("bls") => section("bls", section_bls),
            Some("hash-to-curve") => section("hash-to-curve", section_hash_to_curve),
            other => {
                eprintln!("usage: ctgrind section fe-decrypt|bls|hash-to-curve (got {other:?})");
                std::process::exit(2);
            }
        },
        "planted" => run_planted(),
        "trace" => {
            let arg = |i| std::env::args().nth(i).unwrap_or_default();
            trace::run(&arg(2), &arg(3));
        }
        other => {
            eprintln!("usage: ctgrind [ct|leaky|planted|trace CASE VARIANT] (got {other})");
            std::process::exit(2);
        }
    }
}

//! JNI bindings of hayate: the native half of the Maven project in `bindings/java`.
//!
//! Every `Java_org_hayate_Native_*` function below is a `static native` method of the Java
//! class `org.hayate.Native` (package-private; the public API is the classes around it). The
//! contract at the boundary:
//!
//! * values cross as byte arrays (points in each curve's encoding, 32-byte big-endian
//!   scalars, GT elements in [`hayate_pairing::Gt::to_bytes`] form), names as strings, curve
//!   and option choices as small integers whose values are fixed in the Java sources;
//! * every input is validated by the library's decoders; a failure becomes a Java exception
//!   of the `org.hayate.HayateException` hierarchy carrying the library's message:
//!   `InvalidInputException` (malformed or out-of-range input, unknown names),
//!   `DecryptionException` (an AEAD tag or FE ciphertext that does not open) and the base
//!   class for anything else;
//! * no Rust panic unwinds into the JVM: each entry point runs under
//!   [`std::panic::catch_unwind`], and a panic (a bug: inputs are checked first) is thrown as
//!   a `HayateException`.
//!
//! Curve identifiers are those of hayate's FE serialization ([`hayate_fe::curve::CURVES`]):
//! 1 = BLS12-381, 2 = bn254-beuchat, 3 = alt_bn128 (`bn254`). Point encodings: BLS12-381 the
//! Zcash/IETF compressed form (48/96 bytes; the uncompressed 96/192-byte form is accepted
//! too), alt_bn128 those of EIP-196/EIP-197 (64/128 bytes), bn254-beuchat the uncompressed
//! x‖y of [`hayate_fe::curve`] (64/128 bytes, Fp2 as c0‖c1). Scalar multiplication is
//! constant time in the scalar ([`hayate_ec::Affine::mul_ct`]).

use std::fmt::Display;
use std::panic::{catch_unwind, AssertUnwindSafe};

use hayate_ec::curves::{CurveId, CurveVisitor, NamedCurve};
use hayate_ec::{Affine, CurveParams, Projective};
use hayate_fe::curve::{FeCurve, G1, G2};
use hayate_fe::policy::Attributes;
use hayate_fe::{fame, hybrid, ot10, serial};
use hayate_pairing::bls12_381::Bls12381;
use hayate_pairing::bn254::Bn254;
use hayate_pairing::bn254_beuchat::Bn254Beuchat;
use hayate_pairing::encoding::{eip196, zcash, EncodingError};
use hayate_pairing::{Gt, PairingCurve};
use jni::objects::{JByteArray, JClass, JObject, JObjectArray, JString};
use jni::sys::{jboolean, jbyteArray, jint, jobjectArray, jstring, JNI_FALSE, JNI_TRUE};
use jni::JNIEnv;
use rand::rngs::OsRng;

// ---------------------------------------------------------------------------------------------
// Errors and the panic guard

/// Which Java exception a failure becomes.
#[derive(Clone, Copy)]
enum Kind {
    Input,
    Decryption,
    Other,
}

struct Fail(Kind, String);

type R<T> = Result<T, Fail>;

fn input(m: impl Display) -> Fail {
    Fail(Kind::Input, m.to_string())
}

fn decryption(m: impl Display) -> Fail {
    Fail(Kind::Decryption, m.to_string())
}

impl From<jni::errors::Error> for Fail {
    fn from(e: jni::errors::Error) -> Self {
        Fail(Kind::Other, format!("JNI: {e}"))
    }
}

fn throw(env: &mut JNIEnv<'_>, kind: Kind, msg: &str) {
    // a JNI call that failed may already have raised a Java exception: keep that one
    if env.exception_check().unwrap_or(false) {
        return;
    }
    let class = match kind {
        Kind::Input => "org/hayate/InvalidInputException",
        Kind::Decryption => "org/hayate/DecryptionException",
        Kind::Other => "org/hayate/HayateException",
    };
    let _ = env.throw_new(class, msg);
}

/// Runs `f`, turning an error or a panic into a pending Java exception (and `default` as the
/// return value, which Java never sees).
fn guard<'l, T>(env: &mut JNIEnv<'l>, default: T, f: impl FnOnce(&mut JNIEnv<'l>) -> R<T>) -> T {
    match catch_unwind(AssertUnwindSafe(|| f(env))) {
        Ok(Ok(v)) => v,
        Ok(Err(Fail(kind, msg))) => {
            throw(env, kind, &msg);
            default
        }
        Err(p) => {
            let what = p
                .downcast_ref::<&str>()
                .map(|s| s.to_string())
                .or_else(|| p.downcast_ref::<String>().cloned())
                .unwrap_or_default();
            throw(
                env,
                Kind::Other,
                &format!("internal error (Rust panic): {what}"),
            );
            default
        }
    }
}

/// [`guard`] for a function returning `byte[]`.
fn ret_bytes<'l>(
    env: &mut JNIEnv<'l>,
    f: impl FnOnce(&mut JNIEnv<'l>) -> R<Vec<u8>>,
) -> jbyteArray {
    guard(env, std::ptr::null_mut(), |env| {
        let v = f(env)?;
        Ok(env.byte_array_from_slice(&v)?.into_raw())
    })
}

/// [`guard`] for a function returning `boolean`.
fn ret_bool<'l>(env: &mut JNIEnv<'l>, f: impl FnOnce(&mut JNIEnv<'l>) -> R<bool>) -> jboolean {
    guard(env, JNI_FALSE, |env| {
        Ok(if f(env)? { JNI_TRUE } else { JNI_FALSE })
    })
}

/// [`guard`] for a function returning `byte[][]`.
fn ret_byte_arrays<'l>(
    env: &mut JNIEnv<'l>,
    f: impl FnOnce(&mut JNIEnv<'l>) -> R<Vec<Vec<u8>>>,
) -> jobjectArray {
    guard(env, std::ptr::null_mut(), |env| {
        let v = f(env)?;
        let out = env.new_object_array(v.len() as i32, "[B", JObject::null())?;
        for (i, b) in v.iter().enumerate() {
            let a = env.byte_array_from_slice(b)?;
            env.set_object_array_element(&out, i as i32, &a)?;
            env.delete_local_ref(a)?;
        }
        Ok(out.into_raw())
    })
}

fn bytes(env: &mut JNIEnv<'_>, a: &JByteArray<'_>) -> R<Vec<u8>> {
    if a.is_null() {
        return Err(input("null byte array"));
    }
    Ok(env.convert_byte_array(a)?)
}

/// A byte array that may be null (an operand the operation does not use): empty.
fn opt_bytes(env: &mut JNIEnv<'_>, a: &JByteArray<'_>) -> R<Vec<u8>> {
    if a.is_null() {
        Ok(Vec::new())
    } else {
        bytes(env, a)
    }
}

fn string(env: &mut JNIEnv<'_>, s: &JString<'_>) -> R<String> {
    if s.is_null() {
        return Err(input("null string"));
    }
    Ok(env.get_string(s)?.into())
}

fn byte_arrays(env: &mut JNIEnv<'_>, a: &JObjectArray<'_>) -> R<Vec<Vec<u8>>> {
    if a.is_null() {
        return Err(input("null array"));
    }
    let n = env.get_array_length(a)?;
    let mut out = Vec::with_capacity(n as usize);
    for i in 0..n {
        let e = JByteArray::from(env.get_object_array_element(a, i)?);
        out.push(bytes(env, &e)?);
        env.delete_local_ref(e)?;
    }
    Ok(out)
}

// ---------------------------------------------------------------------------------------------
// Pairing groups

/// A pairing curve with the encodings the Java API uses.
trait JCurve<const N: usize>: FeCurve<N> {
    fn g1_enc(p: &G1<Self, N>) -> Vec<u8> {
        let mut v = Vec::new();
        Self::g1_to_bytes(p, &mut v);
        v
    }
    fn g1_dec(b: &[u8]) -> Result<G1<Self, N>, EncodingError> {
        Self::g1_from_bytes(b)
    }
    fn g2_enc(p: &G2<Self, N>) -> Vec<u8> {
        let mut v = Vec::new();
        Self::g2_to_bytes(p, &mut v);
        v
    }
    fn g2_dec(b: &[u8]) -> Result<G2<Self, N>, EncodingError> {
        Self::g2_from_bytes(b)
    }
}

impl JCurve<6> for Bls12381 {
    fn g1_dec(b: &[u8]) -> Result<G1<Self, 6>, EncodingError> {
        match b.len() {
            zcash::G1_UNCOMPRESSED => zcash::g1_from_uncompressed(b),
            _ => zcash::g1_from_compressed(b),
        }
    }
    fn g2_dec(b: &[u8]) -> Result<G2<Self, 6>, EncodingError> {
        match b.len() {
            zcash::G2_UNCOMPRESSED => zcash::g2_from_uncompressed(b),
            _ => zcash::g2_from_compressed(b),
        }
    }
}

impl JCurve<4> for Bn254 {
    fn g1_enc(p: &G1<Self, 4>) -> Vec<u8> {
        eip196::g1_encode(p).to_vec()
    }
    fn g1_dec(b: &[u8]) -> Result<G1<Self, 4>, EncodingError> {
        eip196::g1_decode(fixed(b)?)
    }
    fn g2_enc(p: &G2<Self, 4>) -> Vec<u8> {
        eip196::g2_encode(p).to_vec()
    }
    fn g2_dec(b: &[u8]) -> Result<G2<Self, 4>, EncodingError> {
        eip196::g2_decode(fixed(b)?)
    }
}

impl JCurve<4> for Bn254Beuchat {}

fn fixed<const L: usize>(b: &[u8]) -> Result<&[u8; L], EncodingError> {
    b.try_into().map_err(|_| EncodingError::InvalidLength {
        expected: L,
        got: b.len(),
    })
}

/// Calls `$f::<E, N>($args)` for the curve with identifier `$id`.
macro_rules! on_curve {
    ($id:expr, $f:ident ( $($a:expr),* )) => {
        match $id {
            1 => $f::<Bls12381, 6>($($a),*),
            2 => $f::<Bn254Beuchat, 4>($($a),*),
            3 => $f::<Bn254, 4>($($a),*),
            other => Err(input(format!("unknown curve id {other}"))),
        }
    };
}

type Fr<E, const N: usize> = hayate_arith::Fp<<E as PairingCurve<N>>::Fr, 4>;

fn scalar<E: JCurve<N>, const N: usize>(b: &[u8]) -> R<Fr<E, N>> {
    if b.len() != 32 {
        return Err(input(format!("a scalar is 32 bytes, got {}", b.len())));
    }
    Option::from(Fr::<E, N>::from_bytes_be(b))
        .ok_or_else(|| input("scalar is not below the group order r"))
}

// point operations (the `op` argument of pointOp; fixed in Native.java)
const P_ADD: i32 = 0;
const P_NEG: i32 = 1;
const P_MUL: i32 = 2;
const P_GENERATOR: i32 = 3;
const P_IDENTITY: i32 = 4;
const P_CHECK: i32 = 5;
const P_UNCOMPRESSED: i32 = 6;

fn group_op<C: CurveParams>(
    op: i32,
    a: &[u8],
    b: &[u8],
    dec: impl Fn(&[u8]) -> Result<Affine<C>, EncodingError>,
    enc: impl Fn(&Affine<C>) -> Vec<u8>,
    mul: impl Fn(&Affine<C>, &[u8]) -> R<Affine<C>>,
) -> R<Vec<u8>> {
    let dec = |x: &[u8]| dec(x).map_err(|e| input(format!("invalid point: {e}")));
    Ok(match op {
        P_ADD => enc(&Projective::from(dec(a)?)
            .add(&Projective::from(dec(b)?))
            .to_affine()),
        P_NEG => enc(&dec(a)?.neg()),
        P_MUL => enc(&mul(&dec(a)?, b)?),
        P_GENERATOR => enc(&Affine::generator()),
        P_IDENTITY => enc(&Affine::identity()),
        P_CHECK => enc(&dec(a)?),
        other => return Err(input(format!("unknown point operation {other}"))),
    })
}

fn point_op<E: JCurve<N>, const N: usize>(group: i32, op: i32, a: &[u8], b: &[u8]) -> R<Vec<u8>> {
    match group {
        1 => group_op(op, a, b, E::g1_dec, E::g1_enc, |p, k| {
            Ok(p.mul_ct(&scalar::<E, N>(k)?.to_limbs()).to_affine())
        }),
        2 => group_op(op, a, b, E::g2_dec, E::g2_enc, |p, k| {
            Ok(p.mul_ct(&scalar::<E, N>(k)?.to_limbs()).to_affine())
        }),
        other => Err(input(format!("unknown group {other}"))),
    }
}

#[no_mangle]
pub extern "system" fn Java_org_hayate_Native_pointOp<'l>(
    mut env: JNIEnv<'l>,
    _: JClass<'l>,
    curve: jint,
    group: jint,
    op: jint,
    a: JByteArray<'l>,
    b: JByteArray<'l>,
) -> jbyteArray {
    ret_bytes(&mut env, |env| {
        let a = opt_bytes(env, &a)?;
        let b = opt_bytes(env, &b)?;
        if op == P_UNCOMPRESSED {
            if curve != 1 {
                return Err(input("the uncompressed Zcash encoding is BLS12-381's only"));
            }
            let bad = |e: EncodingError| input(format!("invalid point: {e}"));
            return match group {
                1 => Ok(zcash::g1_to_uncompressed(&Bls12381::g1_dec(&a).map_err(bad)?).to_vec()),
                2 => Ok(zcash::g2_to_uncompressed(&Bls12381::g2_dec(&a).map_err(bad)?).to_vec()),
                other => Err(input(format!("unknown group {other}"))),
            };
        }
        on_curve!(curve, point_op(group, op, &a, &b))
    })
}

/// An entry point `(int curve, int op, byte[] a, byte[] b) -> byte[]` calling `$f::<E, N>(op,
/// a, b)` on the curve (null arrays are empty).
macro_rules! curve_op_entry {
    ($name:ident, $f:ident) => {
        #[no_mangle]
        pub extern "system" fn $name<'l>(
            mut env: JNIEnv<'l>,
            _: JClass<'l>,
            curve: jint,
            op: jint,
            a: JByteArray<'l>,
            b: JByteArray<'l>,
        ) -> jbyteArray {
            ret_bytes(&mut env, |env| {
                let (a, b) = (opt_bytes(env, &a)?, opt_bytes(env, &b)?);
                on_curve!(curve, $f(op, &a, &b))
            })
        }
    };
}

// scalar operations (the `op` argument of scalarOp)
const S_ADD: i32 = 0;
const S_SUB: i32 = 1;
const S_MUL: i32 = 2;
const S_NEG: i32 = 3;
const S_INVERT: i32 = 4;
const S_REDUCE: i32 = 5;
const S_RANDOM: i32 = 6;
const S_CHECK: i32 = 7;

fn scalar_op<E: JCurve<N>, const N: usize>(op: i32, a: &[u8], b: &[u8]) -> R<Vec<u8>> {
    let s = match op {
        S_ADD => scalar::<E, N>(a)?.add(&scalar::<E, N>(b)?),
        S_SUB => scalar::<E, N>(a)?.sub(&scalar::<E, N>(b)?),
        S_MUL => scalar::<E, N>(a)?.mul(&scalar::<E, N>(b)?),
        S_NEG => scalar::<E, N>(a)?.neg(),
        S_INVERT => {
            Option::from(scalar::<E, N>(a)?.invert()).ok_or_else(|| input("zero has no inverse"))?
        }
        S_REDUCE => Fr::<E, N>::from_bytes_be_reduce(a),
        S_RANDOM => Fr::<E, N>::random(&mut OsRng),
        S_CHECK => scalar::<E, N>(a)?,
        other => return Err(input(format!("unknown scalar operation {other}"))),
    };
    Ok(s.to_bytes_be())
}

curve_op_entry!(Java_org_hayate_Native_scalarOp, scalar_op);

fn gt_dec<E: JCurve<N>, const N: usize>(b: &[u8]) -> R<Gt<E, N>> {
    Gt::<E, N>::from_bytes(b).ok_or_else(|| input("invalid GT element encoding"))
}

fn multi_pairing<E: JCurve<N>, const N: usize>(g1s: &[Vec<u8>], g2s: &[Vec<u8>]) -> R<Vec<u8>> {
    if g1s.len() != g2s.len() {
        return Err(input("pairing: as many G1 as G2 points are needed"));
    }
    let mut pairs = Vec::with_capacity(g1s.len());
    for (p, q) in g1s.iter().zip(g2s) {
        let p = E::g1_dec(p).map_err(|e| input(format!("invalid G1 point: {e}")))?;
        let q = E::g2_dec(q).map_err(|e| input(format!("invalid G2 point: {e}")))?;
        pairs.push((p, q));
    }
    Ok(hayate_pairing::multi_pairing::<E, N>(&pairs).to_bytes())
}

#[no_mangle]
pub extern "system" fn Java_org_hayate_Native_multiPairing<'l>(
    mut env: JNIEnv<'l>,
    _: JClass<'l>,
    curve: jint,
    g1s: JObjectArray<'l>,
    g2s: JObjectArray<'l>,
) -> jbyteArray {
    ret_bytes(&mut env, |env| {
        let (g1s, g2s) = (byte_arrays(env, &g1s)?, byte_arrays(env, &g2s)?);
        on_curve!(curve, multi_pairing(&g1s, &g2s))
    })
}

// GT operations (the `op` argument of gtOp)
const T_MUL: i32 = 0;
const T_POW: i32 = 1;
const T_INVERT: i32 = 2;
const T_IDENTITY: i32 = 3;
const T_GENERATOR: i32 = 4;
const T_CHECK: i32 = 5;

fn gt_op<E: JCurve<N>, const N: usize>(op: i32, a: &[u8], b: &[u8]) -> R<Vec<u8>> {
    let g = match op {
        T_MUL => gt_dec::<E, N>(a)?.mul(&gt_dec::<E, N>(b)?),
        T_POW => gt_dec::<E, N>(a)?.pow_scalar(&scalar::<E, N>(b)?),
        T_INVERT => gt_dec::<E, N>(a)?.invert(),
        T_IDENTITY => Gt::<E, N>::identity(),
        T_GENERATOR => Gt::<E, N>::generator(),
        T_CHECK => gt_dec::<E, N>(a)?,
        other => return Err(input(format!("unknown GT operation {other}"))),
    };
    Ok(g.to_bytes())
}

curve_op_entry!(Java_org_hayate_Native_gtOp, gt_op);

// hash-to-curve modes (the `mode` argument of hash)
const H_HASH_G1: i32 = 0;
const H_ENCODE_G1: i32 = 1;
const H_HASH_G2: i32 = 2;
const H_ENCODE_G2: i32 = 3;

fn hash<E: JCurve<N>, const N: usize>(mode: i32, msg: &[u8], dst: &[u8]) -> R<Vec<u8>> {
    match mode {
        H_HASH_G1 => Ok(E::g1_enc(&E::hash_to_g1(msg, dst))),
        H_ENCODE_G1 | H_HASH_G2 | H_ENCODE_G2 => Err(input(
            "encode_to_g1 and hashing to G2 are defined for BLS12-381 only (RFC 9380)",
        )),
        other => Err(input(format!("unknown hash mode {other}"))),
    }
}

#[no_mangle]
pub extern "system" fn Java_org_hayate_Native_hash<'l>(
    mut env: JNIEnv<'l>,
    _: JClass<'l>,
    curve: jint,
    mode: jint,
    msg: JByteArray<'l>,
    dst: JByteArray<'l>,
) -> jbyteArray {
    ret_bytes(&mut env, |env| {
        let (msg, dst) = (bytes(env, &msg)?, bytes(env, &dst)?);
        if curve == 1 {
            use hayate_pairing::hash_to_curve as h;
            match mode {
                H_ENCODE_G1 => {
                    return Ok(zcash::g1_to_compressed(&h::encode_to_g1(&msg, &dst)).to_vec())
                }
                H_HASH_G2 => {
                    return Ok(zcash::g2_to_compressed(&h::hash_to_g2(&msg, &dst)).to_vec())
                }
                H_ENCODE_G2 => {
                    return Ok(zcash::g2_to_compressed(&h::encode_to_g2(&msg, &dst)).to_vec())
                }
                _ => {}
            }
        }
        on_curve!(curve, hash(mode, &msg, &dst))
    })
}

// ---------------------------------------------------------------------------------------------
// BLS signatures (hayate-bls)

fn bls_scheme(s: jint) -> R<hayate_bls::Scheme> {
    use hayate_bls::Scheme;
    match s {
        0 => Ok(Scheme::Basic),
        1 => Ok(Scheme::Aug),
        2 => Ok(Scheme::Pop),
        other => Err(input(format!("unknown BLS scheme {other}"))),
    }
}

fn bls_err(e: hayate_bls::Error) -> Fail {
    input(e)
}

/// Runs `$body` with `$m` naming `hayate_bls::min_pk` (variant 0) or `min_sig` (variant 1).
macro_rules! bls_variant {
    ($v:expr, $m:ident => $body:expr) => {
        match $v {
            0 => {
                use hayate_bls::min_pk as $m;
                $body
            }
            1 => {
                use hayate_bls::min_sig as $m;
                $body
            }
            other => Err(input(format!("unknown BLS variant {other}"))),
        }
    };
}

// BLS operations returning bytes (the `op` argument of blsOp)
const B_KEYGEN: i32 = 0;
const B_SK_TO_PK: i32 = 1;
const B_SIGN: i32 = 2;
const B_POP_PROVE: i32 = 3;
const B_CHECK_PK: i32 = 4;
const B_CHECK_SIG: i32 = 5;
const B_AGGREGATE_SIGS: i32 = 6;
const B_AGGREGATE_PKS: i32 = 7;
const B_CHECK_SK: i32 = 8;

/// `a`, `b`: the operation's byte inputs (keygen: IKM and key_info; sign: secret key and
/// message); `list`: the signatures or keys to aggregate.
fn bls_op(variant: i32, op: i32, scheme: i32, a: &[u8], b: &[u8], list: &[Vec<u8>]) -> R<Vec<u8>> {
    bls_variant!(variant, m => {
        Ok(match op {
            B_KEYGEN => m::SecretKey::key_gen(a, b).map_err(bls_err)?.to_bytes().to_vec(),
            B_SK_TO_PK => m::SecretKey::from_bytes(a).map_err(bls_err)?.sk_to_pk().to_bytes().to_vec(),
            B_SIGN => m::SecretKey::from_bytes(a)
                .map_err(bls_err)?
                .sign(b, bls_scheme(scheme)?)
                .to_bytes()
                .to_vec(),
            B_POP_PROVE => m::SecretKey::from_bytes(a).map_err(bls_err)?.pop_prove().to_bytes().to_vec(),
            B_CHECK_SK => m::SecretKey::from_bytes(a).map_err(bls_err)?.to_bytes().to_vec(),
            B_CHECK_PK => m::PublicKey::from_bytes(a).map_err(bls_err)?.to_bytes().to_vec(),
            B_CHECK_SIG => m::Signature::from_bytes(a).map_err(bls_err)?.to_bytes().to_vec(),
            B_AGGREGATE_SIGS => {
                let sigs = list
                    .iter()
                    .map(|s| m::Signature::from_bytes(s))
                    .collect::<Result<Vec<_>, _>>()
                    .map_err(bls_err)?;
                let refs: Vec<&m::Signature> = sigs.iter().collect();
                m::AggregateSignature::aggregate(&refs)
                    .map_err(bls_err)?
                    .to_signature()
                    .to_bytes()
                    .to_vec()
            }
            B_AGGREGATE_PKS => {
                let pks = list
                    .iter()
                    .map(|s| m::PublicKey::from_bytes(s))
                    .collect::<Result<Vec<_>, _>>()
                    .map_err(bls_err)?;
                let refs: Vec<&m::PublicKey> = pks.iter().collect();
                m::PublicKey::aggregate(&refs).map_err(bls_err)?.to_bytes().to_vec()
            }
            other => return Err(input(format!("unknown BLS operation {other}"))),
        })
    })
}

#[no_mangle]
pub extern "system" fn Java_org_hayate_Native_blsOp<'l>(
    mut env: JNIEnv<'l>,
    _: JClass<'l>,
    variant: jint,
    op: jint,
    scheme: jint,
    a: JByteArray<'l>,
    b: JByteArray<'l>,
    list: JObjectArray<'l>,
) -> jbyteArray {
    ret_bytes(&mut env, |env| {
        let a = opt_bytes(env, &a)?;
        let b = opt_bytes(env, &b)?;
        let list = if list.is_null() {
            Vec::new()
        } else {
            byte_arrays(env, &list)?
        };
        bls_op(variant, op, scheme, &a, &b, &list)
    })
}

// BLS verifications (the `op` argument of blsVerify)
const V_VERIFY: i32 = 0;
const V_AGGREGATE_VERIFY: i32 = 1;
const V_FAST_AGGREGATE_VERIFY: i32 = 2;
const V_BATCH_VERIFY: i32 = 3;
const V_POP_VERIFY: i32 = 4;

/// Every verification: the lists hold public keys, messages and signatures (one each for
/// Verify and PopVerify). Any failure, malformed encodings included, is `false` (the draft's
/// INVALID).
fn bls_verify(
    variant: i32,
    op: i32,
    scheme: i32,
    pks: &[Vec<u8>],
    msgs: &[Vec<u8>],
    sigs: &[Vec<u8>],
) -> R<bool> {
    let scheme = bls_scheme(scheme)?;
    bls_variant!(variant, m => {
        let check = || -> Result<(), hayate_bls::Error> {
            let pks = pks.iter().map(|p| m::PublicKey::from_bytes(p)).collect::<Result<Vec<_>, _>>()?;
            let sigs = sigs.iter().map(|s| m::Signature::from_bytes(s)).collect::<Result<Vec<_>, _>>()?;
            let pk_refs: Vec<&m::PublicKey> = pks.iter().collect();
            let sig_refs: Vec<&m::Signature> = sigs.iter().collect();
            let msg_refs: Vec<&[u8]> = msgs.iter().map(|m| m.as_slice()).collect();
            let one = |n: usize| if n == 1 { Ok(()) } else { Err(hayate_bls::Error::LengthMismatch) };
            match op {
                V_VERIFY => {
                    one(pks.len())?;
                    one(sigs.len())?;
                    one(msgs.len())?;
                    sigs[0].verify(&pks[0], &msgs[0], scheme)
                }
                V_AGGREGATE_VERIFY => {
                    one(sigs.len())?;
                    sigs[0].aggregate_verify(&pk_refs, &msg_refs, scheme)
                }
                V_FAST_AGGREGATE_VERIFY => {
                    one(sigs.len())?;
                    one(msgs.len())?;
                    sigs[0].fast_aggregate_verify(&pk_refs, &msgs[0])
                }
                V_BATCH_VERIFY => m::verify_multiple_aggregate_signatures(
                    &pk_refs, &msg_refs, &sig_refs, scheme, &mut OsRng, 1,
                ),
                V_POP_VERIFY => {
                    one(pks.len())?;
                    one(sigs.len())?;
                    pks[0].pop_verify(&sigs[0])
                }
                _ => Err(hayate_bls::Error::EmptyInput),
            }
        };
        if !(V_VERIFY..=V_POP_VERIFY).contains(&op) {
            return Err(input(format!("unknown BLS verification {op}")));
        }
        Ok(check().is_ok())
    })
}

#[no_mangle]
pub extern "system" fn Java_org_hayate_Native_blsVerify<'l>(
    mut env: JNIEnv<'l>,
    _: JClass<'l>,
    variant: jint,
    op: jint,
    scheme: jint,
    pks: JObjectArray<'l>,
    msgs: JObjectArray<'l>,
    sigs: JObjectArray<'l>,
) -> jboolean {
    ret_bool(&mut env, |env| {
        let (pks, msgs, sigs) = (
            byte_arrays(env, &pks)?,
            byte_arrays(env, &msgs)?,
            byte_arrays(env, &sigs)?,
        );
        bls_verify(variant, op, scheme, &pks, &msgs, &sigs)
    })
}

// ---------------------------------------------------------------------------------------------
// AEAD (hayate-aead)

fn aead_err(e: hayate_aead::Error) -> Fail {
    match e {
        hayate_aead::Error::Authentication => decryption(e),
        other => input(other),
    }
}

#[no_mangle]
pub extern "system" fn Java_org_hayate_Native_aead<'l>(
    mut env: JNIEnv<'l>,
    _: JClass<'l>,
    name: JString<'l>,
    decrypt: jboolean,
    key: JByteArray<'l>,
    nonce: JByteArray<'l>,
    ad: JByteArray<'l>,
    data: JByteArray<'l>,
) -> jbyteArray {
    ret_bytes(&mut env, |env| {
        let alg = hayate_aead::by_name(&string(env, &name)?).map_err(aead_err)?;
        let (mut key, nonce) = (bytes(env, &key)?, bytes(env, &nonce)?);
        let (ad, data) = (bytes(env, &ad)?, bytes(env, &data)?);
        let out = if decrypt == JNI_FALSE {
            alg.encrypt(&key, &nonce, &ad, &data)
        } else {
            alg.decrypt(&key, &nonce, &ad, &data)
        };
        key.fill(0);
        std::hint::black_box(&key);
        out.map_err(aead_err)
    })
}

/// The algorithms' names, key, nonce and tag lengths as "name:key:nonce:tag" lines.
#[no_mangle]
pub extern "system" fn Java_org_hayate_Native_aeadList<'l>(
    mut env: JNIEnv<'l>,
    _: JClass<'l>,
) -> jstring {
    guard(&mut env, std::ptr::null_mut(), |env| {
        let s: Vec<String> = hayate_aead::ALGORITHMS
            .iter()
            .map(|a| {
                format!(
                    "{}:{}:{}:{}",
                    a.name(),
                    a.key_len(),
                    a.nonce_len(),
                    a.tag_len()
                )
            })
            .collect();
        Ok(env.new_string(s.join("\n"))?.into_raw())
    })
}

// ---------------------------------------------------------------------------------------------
// ECDH (hayate-ec)

fn curve_id(name: &str) -> R<CurveId> {
    CurveId::from_name(name).ok_or_else(|| {
        let names: Vec<&str> = CurveId::ALL.iter().map(|c| c.name()).collect();
        input(format!(
            "unknown curve {name:?} (expected one of {})",
            names.join(", ")
        ))
    })
}

/// Mode 0: a fresh key pair [private, public]; 1: [public] of the private key `a`;
/// 2: [shared x-coordinate] of private `a` and peer public key `b` (SEC 1 §3.3.1).
struct EcdhVisit<'a> {
    mode: i32,
    compressed: bool,
    a: &'a [u8],
    b: &'a [u8],
}

impl CurveVisitor for EcdhVisit<'_> {
    type Output = R<Vec<Vec<u8>>>;
    fn visit<C: NamedCurve>(self) -> Self::Output {
        use hayate_ec::ecdh::{ecdh, SecretKey};
        let e = |e: hayate_ec::ecdh::EcdhError| input(e);
        match self.mode {
            0 => {
                let sk = SecretKey::<C>::random(&mut OsRng);
                Ok(vec![
                    sk.to_bytes_be(),
                    sk.public_key().to_sec1_bytes(self.compressed),
                ])
            }
            1 => Ok(vec![SecretKey::<C>::from_bytes_be(self.a)
                .map_err(e)?
                .public_key()
                .to_sec1_bytes(self.compressed)]),
            2 => Ok(vec![ecdh::<C>(self.a, self.b)
                .map_err(e)?
                .as_bytes()
                .to_vec()]),
            other => Err(input(format!("unknown ECDH operation {other}"))),
        }
    }
}

#[no_mangle]
pub extern "system" fn Java_org_hayate_Native_ecdh<'l>(
    mut env: JNIEnv<'l>,
    _: JClass<'l>,
    curve: JString<'l>,
    mode: jint,
    compressed: jboolean,
    a: JByteArray<'l>,
    b: JByteArray<'l>,
) -> jobjectArray {
    ret_byte_arrays(&mut env, |env| {
        let id = curve_id(&string(env, &curve)?)?;
        let a = opt_bytes(env, &a)?;
        let b = opt_bytes(env, &b)?;
        id.visit(EcdhVisit {
            mode,
            compressed: compressed != JNI_FALSE,
            a: &a,
            b: &b,
        })
    })
}

// ---------------------------------------------------------------------------------------------
// Functional encryption (hayate-fe): the objects of `hayate fe`, on byte arrays

const FE_FAME: i32 = 0;
const FE_OT10: i32 = 1;

/// Calls `$f::<E, N>($args)` for the FE curve identifier `$id` (read from an object's header).
macro_rules! on_fe_curve {
    ($id:expr, $f:ident ( $($a:expr),* )) => {
        on_curve!(i32::from($id), $f($($a),*))
    };
}

fn fe_setup<E: JCurve<N>, const N: usize>(
    scheme: i32,
    categories: i32,
    dim: i32,
) -> R<Vec<Vec<u8>>> {
    match scheme {
        FE_FAME => {
            let (pk, msk) = fame::setup::<E, N>(&mut OsRng);
            Ok(vec![
                serial::fame_pk_to_bytes(&pk),
                serial::fame_msk_to_bytes(&msk),
            ])
        }
        FE_OT10 => {
            let (c, n) = (usize::try_from(categories), usize::try_from(dim));
            let (Ok(c), Ok(n)) = (c, n) else {
                return Err(input("ot10: categories and dim must be positive"));
            };
            if !(1..=ot10::MAX_CATEGORIES).contains(&c) {
                return Err(input(format!(
                    "ot10: need 1 <= categories <= {}",
                    ot10::MAX_CATEGORIES
                )));
            }
            let dims = vec![n; c];
            let (pk, msk) = ot10::setup::<E, N>(&dims, &mut OsRng).map_err(input)?;
            Ok(vec![
                serial::ot10_pk_to_bytes(&pk),
                serial::ot10_msk_to_bytes(&msk),
            ])
        }
        other => Err(input(format!("unknown FE scheme {other}"))),
    }
}

fn header(b: &[u8]) -> R<serial::Header> {
    serial::read_header(b).map_err(|e| input(format!("not a hayate FE object: {e}")))
}

fn is_ot10(h: &serial::Header) -> bool {
    h.scheme == serial::Scheme::Ot10 as u8
}

fn fe_keygen<E: JCurve<N>, const N: usize>(ot: bool, msk: &[u8], attrs: &str) -> R<Vec<u8>> {
    let bad = |e: serial::SerialError| input(format!("master key: {e}"));
    if ot {
        let attrs = ot10::AttrSet::parse(attrs).map_err(input)?;
        let msk = serial::ot10_msk_from_bytes::<E, N>(msk).map_err(bad)?;
        Ok(serial::ot10_sk_to_bytes(
            &ot10::keygen(&msk, &attrs, &mut OsRng).map_err(input)?,
        ))
    } else {
        let attrs = Attributes::parse(attrs).map_err(|e| input(format!("attributes: {e}")))?;
        let msk = serial::fame_msk_from_bytes::<E, N>(msk).map_err(bad)?;
        Ok(serial::fame_sk_to_bytes(&fame::keygen(
            &msk, &attrs, &mut OsRng,
        )))
    }
}

/// The ciphertext: the serialized FE ciphertext object (which encapsulates the key) followed
/// by the hybrid AES-128-GCM stream of [`hybrid`] bound to that object — the layout of a
/// `hayate fe encrypt` file.
fn fe_encrypt<E: JCurve<N>, const N: usize>(
    ot: bool,
    pk: &[u8],
    policy: &str,
    pt: &[u8],
) -> R<Vec<u8>> {
    let bad = |e: serial::SerialError| input(format!("public key: {e}"));
    let (mut ctb, key) = if ot {
        let pk = serial::ot10_pk_from_bytes::<E, N>(pk).map_err(bad)?;
        let (ct, key) = ot10::encapsulate(&pk, policy, &mut OsRng).map_err(input)?;
        (serial::ot10_ct_to_bytes(&ct), key)
    } else {
        let pk = serial::fame_pk_from_bytes::<E, N>(pk).map_err(bad)?;
        let (ct, key) = fame::encapsulate(&pk, policy, &mut OsRng).map_err(input)?;
        (serial::fame_ct_to_bytes(&ct), key)
    };
    let body = hybrid::encrypt(
        &key.to_bytes(),
        &ctb,
        hybrid::Mode::Aes128Gcm,
        hybrid::DEFAULT_CHUNK,
        pt,
    )
    .map_err(input)?;
    ctb.extend_from_slice(&body);
    Ok(ctb)
}

fn fe_decrypt<E: JCurve<N>, const N: usize>(ot: bool, sk: &[u8], ct: &[u8]) -> R<Vec<u8>> {
    let bad_key = |e: serial::SerialError| input(format!("user key: {e}"));
    let bad_ct = |e: serial::SerialError| input(format!("ciphertext: {e}"));
    let h = header(ct)?;
    if h.scheme != header(sk)?.scheme {
        return Err(input("the ciphertext and the key are of different schemes"));
    }
    let len = serial::HEADER_LEN
        .checked_add(h.body_len)
        .filter(|&l| l <= ct.len())
        .ok_or_else(|| input("ciphertext: truncated"))?;
    let (obj, rest) = ct.split_at(len);
    let key = if ot {
        let sk = serial::ot10_sk_from_bytes::<E, N>(sk).map_err(bad_key)?;
        let (c, _) = serial::ot10_ct_from_bytes::<E, N>(obj).map_err(bad_ct)?;
        ot10::decapsulate(&sk, &c).map_err(decryption)?
    } else {
        let sk = serial::fame_sk_from_bytes::<E, N>(sk).map_err(bad_key)?;
        let (c, _) = serial::fame_ct_from_bytes::<E, N>(obj).map_err(bad_ct)?;
        fame::decapsulate(&sk, &c).map_err(decryption)?
    };
    hybrid::decrypt(&key.to_bytes(), obj, rest).map_err(decryption)
}

#[no_mangle]
pub extern "system" fn Java_org_hayate_Native_feSetup<'l>(
    mut env: JNIEnv<'l>,
    _: JClass<'l>,
    scheme: jint,
    curve: jint,
    categories: jint,
    dim: jint,
) -> jobjectArray {
    ret_byte_arrays(&mut env, |_| {
        on_curve!(curve, fe_setup(scheme, categories, dim))
    })
}

/// op 0: keygen(key = master key, text = attributes); 1: encrypt(key = public key, text =
/// policy, data = plaintext); 2: decrypt(key = user key, data = ciphertext).
#[no_mangle]
pub extern "system" fn Java_org_hayate_Native_feOp<'l>(
    mut env: JNIEnv<'l>,
    _: JClass<'l>,
    op: jint,
    key: JByteArray<'l>,
    text: JString<'l>,
    data: JByteArray<'l>,
) -> jbyteArray {
    ret_bytes(&mut env, |env| {
        let key = bytes(env, &key)?;
        let h = header(&key)?;
        let ot = is_ot10(&h);
        match op {
            0 => {
                let attrs = string(env, &text)?;
                on_fe_curve!(h.curve, fe_keygen(ot, &key, &attrs))
            }
            1 => {
                let (policy, pt) = (string(env, &text)?, bytes(env, &data)?);
                on_fe_curve!(h.curve, fe_encrypt(ot, &key, &policy, &pt))
            }
            2 => {
                let ct = bytes(env, &data)?;
                on_fe_curve!(h.curve, fe_decrypt(ot, &key, &ct))
            }
            other => Err(input(format!("unknown FE operation {other}"))),
        }
    })
}

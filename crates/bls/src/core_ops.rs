//! The draft's core operations (§2.6–§2.9, §3.3.4) written once for both variants.
//!
//! A [`Variant`] says which group holds public keys and which holds signatures; the pairing
//! equations are written "public-key side first": e(pk, H(m)) · e(−g, σ) = 1, where `g` is the
//! generator of the public-key group, and [`Variant::pair`] puts the two points in the
//! (G1, G2) order of the pairing.

use hayate_ec::{Affine, CurveParams, Projective};
use hayate_pairing::bls12_381::{Bls12381, Fp12, G1Affine, G1Projective, G2Affine};
use hayate_pairing::{final_exp, miller};

use crate::keygen::Sk;
use crate::{Error, Scheme};

/// Largest public-key encoding (G2 compressed).
pub(crate) const MAX_PK_LEN: usize = 96;

/// One of the draft's two variants (§2.1).
pub(crate) trait Variant: 'static {
    /// Parameters of the public-key group.
    type Pk: CurveParams<Scalar = Sk>;
    /// Parameters of the signature group (where messages are hashed).
    type Sig: CurveParams<Scalar = Sk>;
    /// Ciphersuite IDs for Basic, Aug, Pop (draft §4.2) and the PoP tag (§4.2.3).
    const DST_BASIC: &'static str;
    const DST_AUG: &'static str;
    const DST_POP: &'static str;
    const DST_POP_PROOF: &'static str;

    /// hash_to_point: RFC 9380 hash_to_curve into the signature group (projective).
    fn hash(msg: &[u8], dst: &[u8]) -> Projective<Self::Sig>;
    /// The (G1, G2) pair of e(pk-side, sig-side).
    fn pair(pk: &Affine<Self::Pk>, s: &Affine<Self::Sig>) -> (G1Affine, G2Affine);
    /// e(pk-side, sig-side)^r as a pair with the G1 point multiplied by r (variable time,
    /// public data), G1 left projective for a shared normalisation.
    fn pair_scaled(
        pk: &Affine<Self::Pk>,
        s: &Affine<Self::Sig>,
        r: u64,
    ) -> (G1Projective, G2Affine);
    /// Compressed encoding of a public key into `out`; returns its length.
    fn pk_encode(pk: &Affine<Self::Pk>, out: &mut [u8; MAX_PK_LEN]) -> usize;
}

/// The DST of `scheme` for variant V.
pub(crate) fn dst<V: Variant>(scheme: Scheme) -> &'static str {
    match scheme {
        Scheme::Basic => V::DST_BASIC,
        Scheme::Aug => V::DST_AUG,
        Scheme::Pop => V::DST_POP,
    }
}

/// −g for the generator g of the public-key group.
fn neg_gen<V: Variant>() -> Affine<V::Pk> {
    Affine::<V::Pk>::generator().neg()
}

/// ∏ Miller loops of `pairs` followed by the final exponentiation: is it 1?
pub(crate) fn product_is_one(pairs: &[(G1Affine, G2Affine)]) -> bool {
    let f = miller::multi_miller_loop_affine::<Bls12381, 6>(pairs);
    fp12_is_one_after_fe(&f)
}

fn fp12_is_one_after_fe(f: &Fp12) -> bool {
    bool::from(final_exp::final_exponentiation::<Bls12381, 6>(f).is_one())
}

fn check(ok: bool) -> Result<(), Error> {
    if ok {
        Ok(())
    } else {
        Err(Error::VerificationFailed)
    }
}

/// The message actually hashed: `PK ‖ msg` in the Aug scheme, `msg` otherwise.
fn with_aug<'a, V: Variant>(
    pk: &Affine<V::Pk>,
    msg: &'a [u8],
    scheme: Scheme,
    buf: &'a mut Vec<u8>,
) -> &'a [u8] {
    if scheme != Scheme::Aug {
        return msg;
    }
    let mut enc = [0u8; MAX_PK_LEN];
    let n = V::pk_encode(pk, &mut enc);
    buf.clear();
    buf.extend_from_slice(&enc[..n]);
    buf.extend_from_slice(msg);
    buf
}

/// H(msg_i) (with PK_i ‖ msg_i in the Aug scheme) for every pair, in affine form (one shared
/// normalisation).
fn hash_all<V: Variant>(
    pks: &[&Affine<V::Pk>],
    msgs: &[&[u8]],
    scheme: Scheme,
) -> Vec<Affine<V::Sig>> {
    let dst = dst::<V>(scheme).as_bytes();
    let mut buf = Vec::new();
    let hashes: Vec<Projective<V::Sig>> = pks
        .iter()
        .zip(msgs)
        .map(|(pk, m)| V::hash(with_aug::<V>(pk, m, scheme, &mut buf), dst))
        .collect();
    Projective::batch_to_affine(&hashes)
}

/// CoreSign (§2.6): \[sk\]H(msg) in constant time in sk.
pub(crate) fn core_sign<V: Variant>(sk: &Sk, msg: &[u8], dst: &[u8]) -> Affine<V::Sig> {
    V::hash(msg, dst).mul_scalar(sk).to_affine()
}

/// Sign under `scheme` (§3.1–§3.3; Aug prepends the encoded public key).
pub(crate) fn sign<V: Variant>(
    sk: &Sk,
    pk: Option<&Affine<V::Pk>>,
    msg: &[u8],
    scheme: Scheme,
) -> Affine<V::Sig> {
    let mut buf = Vec::new();
    let m = match (scheme, pk) {
        (Scheme::Aug, Some(pk)) => with_aug::<V>(pk, msg, scheme, &mut buf),
        (Scheme::Aug, None) => {
            let pk = sk_to_pk::<V>(sk);
            with_aug::<V>(&pk, msg, scheme, &mut buf)
        }
        _ => msg,
    };
    core_sign::<V>(sk, m, dst::<V>(scheme).as_bytes())
}

/// SkToPk (§2.4): \[sk\]g in constant time.
pub(crate) fn sk_to_pk<V: Variant>(sk: &Sk) -> Affine<V::Pk> {
    // the public key is public by definition: declassified, so that encoding it (PopProve, the
    // Aug scheme's PK ‖ msg) is not reported as a use of the secret key
    hayate_arith::valgrind::declassify(Projective::<V::Pk>::generator().mul_scalar(sk).to_affine())
}

/// CoreVerify (§2.7) for an already validated key and signature:
/// e(pk, H(msg)) · e(−g, σ) = 1, one two-pair multi-pairing with one final exponentiation.
pub(crate) fn core_verify<V: Variant>(
    pk: &Affine<V::Pk>,
    sig: &Affine<V::Sig>,
    msg: &[u8],
    dst: &[u8],
) -> Result<(), Error> {
    let h = V::hash(msg, dst).to_affine();
    check(product_is_one(&[
        V::pair(pk, &h),
        V::pair(&neg_gen::<V>(), sig),
    ]))
}

/// Verify under `scheme`.
pub(crate) fn verify<V: Variant>(
    pk: &Affine<V::Pk>,
    sig: &Affine<V::Sig>,
    msg: &[u8],
    scheme: Scheme,
) -> Result<(), Error> {
    let mut buf = Vec::new();
    let m = with_aug::<V>(pk, msg, scheme, &mut buf);
    core_verify::<V>(pk, sig, m, dst::<V>(scheme).as_bytes())
}

/// AggregateVerify under `scheme` (§2.9 CoreAggregateVerify, with §3.1.1's distinct-message
/// rule for Basic and §3.2.1's PK ‖ msg for Aug): ∏ e(pk_i, H(m_i)) · e(−g, σ) = 1 as one
/// multi-pairing.
pub(crate) fn aggregate_verify<V: Variant>(
    pks: &[&Affine<V::Pk>],
    msgs: &[&[u8]],
    sig: &Affine<V::Sig>,
    scheme: Scheme,
) -> Result<(), Error> {
    if pks.is_empty() || msgs.is_empty() {
        return Err(Error::EmptyInput);
    }
    if pks.len() != msgs.len() {
        return Err(Error::LengthMismatch);
    }
    if scheme == Scheme::Basic {
        let mut sorted: Vec<&[u8]> = msgs.to_vec();
        sorted.sort_unstable();
        if sorted.windows(2).any(|w| w[0] == w[1]) {
            return Err(Error::DuplicateMessage);
        }
    }
    let hashes = hash_all::<V>(pks, msgs, scheme);
    let mut pairs: Vec<(G1Affine, G2Affine)> = pks
        .iter()
        .zip(&hashes)
        .map(|(pk, h)| V::pair(pk, h))
        .collect();
    pairs.push(V::pair(&neg_gen::<V>(), sig));
    check(product_is_one(&pairs))
}

/// Σ pk_i (the aggregate key of FastAggregateVerify), with the identity rejected as
/// KeyValidate would (§3.3.4 runs CoreVerify on the sum).
pub(crate) fn sum_keys<V: Variant>(pks: &[&Affine<V::Pk>]) -> Result<Affine<V::Pk>, Error> {
    if pks.is_empty() {
        return Err(Error::EmptyInput);
    }
    let mut acc = hayate_ec::Jacobian::<V::Pk>::from(*pks[0]);
    for pk in &pks[1..] {
        acc = acc.add_affine_vartime(pk);
    }
    let s = acc.to_affine();
    if bool::from(s.is_identity()) {
        return Err(Error::IdentityKey);
    }
    Ok(s)
}

/// FastAggregateVerify (§3.3.4), PoP scheme: CoreVerify(Σ pk_i, msg, σ).
pub(crate) fn fast_aggregate_verify<V: Variant>(
    pks: &[&Affine<V::Pk>],
    msg: &[u8],
    sig: &Affine<V::Sig>,
) -> Result<(), Error> {
    let pk = sum_keys::<V>(pks)?;
    core_verify::<V>(&pk, sig, msg, V::DST_POP.as_bytes())
}

/// Σ σ_i (§2.8 Aggregate).
pub(crate) fn aggregate<V: Variant>(sigs: &[&Affine<V::Sig>]) -> Result<Affine<V::Sig>, Error> {
    if sigs.is_empty() {
        return Err(Error::EmptyInput);
    }
    let mut acc = hayate_ec::Jacobian::<V::Sig>::from(*sigs[0]);
    for s in &sigs[1..] {
        acc = acc.add_affine_vartime(s);
    }
    Ok(acc.to_affine())
}

/// One share of a batch verification: the Miller-loop product of its scaled pairs and of
/// (−g, Σ r_i·σ_i), its part of the signature combination (so the shares' products only
/// need multiplying and one final exponentiation).
fn batch_share<V: Variant>(
    pks: &[&Affine<V::Pk>],
    msgs: &[&[u8]],
    sigs: &[&Affine<V::Sig>],
    rs: &[u64],
    scheme: Scheme,
) -> Fp12 {
    let hashes = hash_all::<V>(pks, msgs, scheme);
    let (g1s, g2s): (Vec<G1Projective>, Vec<G2Affine>) = pks
        .iter()
        .zip(&hashes)
        .zip(rs)
        .map(|((pk, h), r)| V::pair_scaled(pk, h, *r))
        .unzip();
    let g1s = Projective::batch_to_affine(&g1s);
    let mut pairs: Vec<(G1Affine, G2Affine)> = g1s.into_iter().zip(g2s).collect();
    let points: Vec<Affine<V::Sig>> = sigs.iter().map(|s| **s).collect();
    let scalars: Vec<[u64; 1]> = rs.iter().map(|r| [*r]).collect();
    let s = hayate_ec::msm_vartime(&points, &scalars).unwrap_or_else(Projective::identity);
    pairs.push(V::pair(&neg_gen::<V>(), &s.to_affine()));
    miller::multi_miller_loop_affine::<Bls12381, 6>(&pairs)
}

/// Batch verification by a random linear combination: with fresh non-zero 64-bit r_i,
/// ∏ e(r_i·pk_i, H(m_i)) · e(−g, Σ r_i·σ_i) = 1 (the r_i moved onto whichever of pk_i, H(m_i)
/// is in G1). The triples are shared out over up to `threads` threads (the caller takes one
/// share), each hashing, scaling and running the Miller loop of its share, its part of the
/// signature combination included; the partial products meet in one final exponentiation.
pub(crate) fn verify_multiple<V: Variant>(
    pks: &[&Affine<V::Pk>],
    msgs: &[&[u8]],
    sigs: &[&Affine<V::Sig>],
    scheme: Scheme,
    rng: &mut impl rand_core::CryptoRngCore,
    threads: usize,
) -> Result<(), Error> {
    let n = pks.len();
    if n == 0 || msgs.is_empty() || sigs.is_empty() {
        return Err(Error::EmptyInput);
    }
    if msgs.len() != n || sigs.len() != n {
        return Err(Error::LengthMismatch);
    }
    let rs: Vec<u64> = (0..n)
        .map(|_| loop {
            let r = rng.next_u64();
            if r != 0 {
                break r;
            }
        })
        .collect();
    let shares = threads.clamp(1, n);
    let f = if shares == 1 {
        batch_share::<V>(pks, msgs, sigs, &rs, scheme)
    } else if shares == 2 {
        // the second half on hayate-ec's persistent worker (no thread started per call), with
        // its own copies of its inputs (the worker's job must own them)
        let mid = n.div_ceil(2);
        let own_pks: Vec<Affine<V::Pk>> = pks[mid..].iter().map(|p| **p).collect();
        let own_msgs: Vec<Vec<u8>> = msgs[mid..].iter().map(|m| m.to_vec()).collect();
        let own_sigs: Vec<Affine<V::Sig>> = sigs[mid..].iter().map(|s| **s).collect();
        let own_rs: Vec<u64> = rs[mid..].to_vec();
        let second = move || {
            let p: Vec<&Affine<V::Pk>> = own_pks.iter().collect();
            let m: Vec<&[u8]> = own_msgs.iter().map(|m| m.as_slice()).collect();
            let s: Vec<&Affine<V::Sig>> = own_sigs.iter().collect();
            batch_share::<V>(&p, &m, &s, &own_rs, scheme)
        };
        let (f1, f0) = hayate_ec::pool::join(2, second, || {
            batch_share::<V>(&pks[..mid], &msgs[..mid], &sigs[..mid], &rs[..mid], scheme)
        });
        // a share whose job failed on the worker runs here
        f0 * f1.unwrap_or_else(|_| {
            batch_share::<V>(&pks[mid..], &msgs[mid..], &sigs[mid..], &rs[mid..], scheme)
        })
    } else {
        let chunk = n.div_ceil(shares);
        let rs = &rs;
        let run = move |i: usize| {
            let lo = (i * chunk).min(n);
            let hi = ((i + 1) * chunk).min(n);
            batch_share::<V>(
                &pks[lo..hi],
                &msgs[lo..hi],
                &sigs[lo..hi],
                &rs[lo..hi],
                scheme,
            )
        };
        let run = &run;
        std::thread::scope(|scope| {
            let handles: Vec<_> = (1..shares)
                .map(|i| {
                    let h = std::thread::Builder::new().spawn_scoped(scope, move || run(i));
                    (i, h.ok())
                })
                .collect();
            let mut f = run(0);
            for (i, h) in handles {
                // a share whose thread could not start (or failed) runs here
                f *= match h.map(|h| h.join()) {
                    Some(Ok(v)) => v,
                    _ => run(i),
                };
            }
            f
        })
    };
    check(fp12_is_one_after_fe(&f))
}

/// RFC 9380 hash_to_curve to G2 (suite `BLS12381G2_XMD:SHA-256_SSWU_RO_`), left projective
/// (the caller multiplies or normalises it in a batch).
pub(crate) fn hash_g2(msg: &[u8], dst: &[u8]) -> Projective<hayate_pairing::bls12_381::G2Params> {
    hayate_pairing::hash_to_curve::hash_to_g2_projective(msg, dst)
}

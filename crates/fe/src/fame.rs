//! FAME: ciphertext-policy ABE of Agrawal and Chase, "FAME: Fast Attribute-based Message
//! Encryption", CCS 2017 (IACR eprint 2017/807), **§3 "Our CP-ABE scheme"** (the DLIN
//! instantiation, k = 2, Type-III pairing e: G × H → G_T; here G = G1, H = G2), generic over
//! hayate's pairing curves.
//!
//! Notation as in the paper; g, h are the curves' standard generators, H(·) hashes onto G1
//! ([`FeCurve::hash_to_g1`]) with the unambiguous inputs
//! `H(y ℓ t)` = H(0x01 ‖ y ‖ ℓ ‖ t) for an attribute string y and `H(0 j ℓ t)` = H(0x00 ‖ j (u32 BE) ‖ ℓ ‖ t)
//! for column j ≥ 1 of the span program (ℓ ∈ {1,2,3}, t ∈ {1,2} as bytes).
//!
//! * **Setup**: a₁, a₂, b₁, b₂ ← Z_p*, d₁, d₂, d₃ ← Z_p.
//!   pk = (h, H₁ = h^{a₁}, H₂ = h^{a₂}, T₁ = e(g,h)^{d₁a₁+d₃}, T₂ = e(g,h)^{d₂a₂+d₃}),
//!   msk = (g, h, a₁, a₂, b₁, b₂, g^{d₁}, g^{d₂}, g^{d₃}).
//! * **KeyGen**(msk, S): r₁, r₂ ← Z_p; sk₀ = (h^{b₁r₁}, h^{b₂r₂}, h^{r₁+r₂}); for y ∈ S, t ∈ {1,2},
//!   σ_y ← Z_p: sk_{y,t} = H(y1t)^{b₁r₁/a_t} · H(y2t)^{b₂r₂/a_t} · H(y3t)^{(r₁+r₂)/a_t} · g^{σ_y/a_t},
//!   sk_{y,3} = g^{−σ_y}; σ' ← Z_p: sk'_t = g^{d_t} · H(011t)^{b₁r₁/a_t} · H(012t)^{b₂r₂/a_t} ·
//!   H(013t)^{(r₁+r₂)/a_t} · g^{σ'/a_t}, sk'₃ = g^{d₃} · g^{−σ'}.
//! * **Encrypt**(pk, (M, π), msg): s₁, s₂ ← Z_p; ct₀ = (H₁^{s₁}, H₂^{s₂}, h^{s₁+s₂}); for each row i
//!   and ℓ ∈ {1,2,3}: ct_{i,ℓ} = H(π(i)ℓ1)^{s₁} · H(π(i)ℓ2)^{s₂} · Π_j [H(0jℓ1)^{s₁} · H(0jℓ2)^{s₂}]^{M_{i,j}};
//!   ct' = T₁^{s₁} · T₂^{s₂} · msg.
//! * **Decrypt**: with γ_i such that Σ_{i∈I} γ_i M_i = (1, 0, …, 0) over the rows I the key
//!   satisfies, num = ct' · Π_ℓ e(Π_{i∈I} ct_{i,ℓ}^{γ_i}, sk_{0,ℓ}),
//!   den = Π_t e(sk'_t · Π_{i∈I} sk_{π(i),t}^{γ_i}, ct_{0,t}), msg = num/den — six pairings,
//!   computed as one multi-pairing whatever the policy.
//!
//! **Attribute reuse.** The paper puts no restriction on π: an attribute may label several
//! rows. Encryption hashes π(i) for every row (the hash of a reused attribute is computed once),
//! and decryption gathers, per attribute y, the exponent c_y = Σ_{i∈I, π(i)=y} γ_i so that each
//! key component sk_{y,t} is used once with the summed coefficient.
//!
//! The span program comes from [`crate::policy`] (monotone: FAME rejects negated string
//! attributes; negated comparisons are monotone over bit attributes). The ciphertext carries the
//! policy string; the decryptor rebuilds (M, π) from it. [`encapsulate`] / [`decapsulate`] use
//! ct' with msg = 1, i.e. the GT element T₁^{s₁}T₂^{s₂} becomes the key of the hybrid scheme
//! ([`crate::hybrid`]). Secret scalars are applied with constant-time multiplications; the
//! public span-program coefficients with variable-time multi-scalar multiplication.

use std::collections::{BTreeMap, BTreeSet};

use hayate_ec::{msm_vartime, Projective};
use hayate_pairing::Gt;
use rand_core::{CryptoRng, RngCore};
use sha2::{Digest, Sha256};

use crate::curve::{FeCurve, Scalar, G1, G2};
use crate::policy::{Attributes, ConvertError, Msp, Policy, PolicyError};

/// Domain-separation tag of the attribute hash.
pub const DST: &[u8] = b"HAYATE-FE-FAME-V01-H2G1";

/// Errors of the FAME algorithms.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FameError {
    /// The policy string does not parse.
    Policy(PolicyError),
    /// The policy cannot be turned into a monotone span program.
    Convert(ConvertError),
    /// The key's attributes do not satisfy the ciphertext's policy.
    NotSatisfied,
    /// Key and ciphertext belong to different public keys (setups).
    KeyMismatch,
    /// The ciphertext's rows do not match its policy.
    Malformed,
}

impl core::fmt::Display for FameError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            FameError::Policy(e) => write!(f, "{e}"),
            FameError::Convert(e) => write!(f, "{e}"),
            FameError::NotSatisfied => f.write_str("the key's attributes do not satisfy the policy"),
            FameError::KeyMismatch => f.write_str("the key belongs to a different setup than the ciphertext"),
            FameError::Malformed => f.write_str("malformed ciphertext"),
        }
    }
}
impl std::error::Error for FameError {}

/// Public key (h, H₁, H₂, T₁, T₂) and its fingerprint.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PublicKey<E: FeCurve<N>, const N: usize> {
    pub h_a: [G2<E, N>; 2],
    pub t: [Gt<E, N>; 2],
}

/// Master secret key (a₁, a₂, b₁, b₂, g^{d₁}, g^{d₂}, g^{d₃}) and the fingerprint of its public key.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MasterKey<E: FeCurve<N>, const N: usize> {
    pub a: [Scalar<E, N>; 2],
    pub b: [Scalar<E, N>; 2],
    pub g_d: [G1<E, N>; 3],
    pub pk_id: [u8; 16],
}

/// A user key for an attribute set.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SecretKey<E: FeCurve<N>, const N: usize> {
    pub attrs: Attributes,
    pub sk0: [G2<E, N>; 3],
    /// sk_{y,1}, sk_{y,2}, sk_{y,3} per expanded attribute string y.
    pub sk: BTreeMap<String, [G1<E, N>; 3]>,
    pub sk_prime: [G1<E, N>; 3],
    pub pk_id: [u8; 16],
}

/// A ciphertext (or, from [`encapsulate`], its key-encapsulation part with ct' omitted).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ciphertext<E: FeCurve<N>, const N: usize> {
    pub policy: String,
    pub ct0: [G2<E, N>; 3],
    /// ct_{i,1..3} per span-program row.
    pub rows: Vec<[G1<E, N>; 3]>,
    pub pk_id: [u8; 16],
}

fn h_attr<E: FeCurve<N>, const N: usize>(y: &str, l: u8, t: u8) -> G1<E, N> {
    let mut m = Vec::with_capacity(y.len() + 3);
    m.push(1);
    m.extend_from_slice(y.as_bytes());
    m.push(l);
    m.push(t);
    E::hash_to_g1(&m, DST)
}

fn h_col<E: FeCurve<N>, const N: usize>(j: u32, l: u8, t: u8) -> G1<E, N> {
    let mut m = vec![0u8];
    m.extend_from_slice(&j.to_be_bytes());
    m.push(l);
    m.push(t);
    E::hash_to_g1(&m, DST)
}

fn mul<E: FeCurve<N>, const N: usize>(p: &G1<E, N>, s: &Scalar<E, N>) -> Projective<E::G1> {
    p.mul_ct(&s.to_limbs())
}

fn random_nonzero<E: FeCurve<N>, const N: usize>(rng: &mut (impl RngCore + CryptoRng)) -> Scalar<E, N> {
    loop {
        let x = Scalar::<E, N>::random(rng);
        if !bool::from(x.is_zero()) {
            return x;
        }
    }
}

impl<E: FeCurve<N>, const N: usize> PublicKey<E, N> {
    /// Fingerprint: the first 16 bytes of SHA-256 over the curve id and the encoded key.
    pub fn id(&self) -> [u8; 16] {
        let mut v = vec![E::ID];
        for p in &self.h_a {
            E::g2_to_bytes(p, &mut v);
        }
        for t in &self.t {
            v.extend_from_slice(&t.to_bytes());
        }
        let d = Sha256::digest(&v);
        let mut out = [0u8; 16];
        out.copy_from_slice(&d[..16]);
        out
    }
}

/// Setup: (pk, msk).
pub fn setup<E: FeCurve<N>, const N: usize>(rng: &mut (impl RngCore + CryptoRng)) -> (PublicKey<E, N>, MasterKey<E, N>) {
    let a = [random_nonzero::<E, N>(rng), random_nonzero::<E, N>(rng)];
    let b = [random_nonzero::<E, N>(rng), random_nonzero::<E, N>(rng)];
    let d = [Scalar::<E, N>::random(rng), Scalar::<E, N>::random(rng), Scalar::<E, N>::random(rng)];
    let g = G1::<E, N>::generator();
    let h = G2::<E, N>::generator();
    let egh = Gt::<E, N>::generator();
    let h_a = [h.mul_ct(&a[0].to_limbs()).to_affine(), h.mul_ct(&a[1].to_limbs()).to_affine()];
    let t = [egh.pow_scalar(&(d[0] * a[0] + d[2])), egh.pow_scalar(&(d[1] * a[1] + d[2]))];
    let g_d = [mul::<E, N>(&g, &d[0]).to_affine(), mul::<E, N>(&g, &d[1]).to_affine(), mul::<E, N>(&g, &d[2]).to_affine()];
    let pk = PublicKey { h_a, t };
    let pk_id = pk.id();
    (pk, MasterKey { a, b, g_d, pk_id })
}

/// KeyGen for a set of attributes (numeric attributes are expanded into bit attributes).
pub fn keygen<E: FeCurve<N>, const N: usize>(
    msk: &MasterKey<E, N>,
    attrs: &Attributes,
    rng: &mut (impl RngCore + CryptoRng),
) -> SecretKey<E, N> {
    let g = G1::<E, N>::generator();
    let h = G2::<E, N>::generator();
    let r1 = Scalar::<E, N>::random(rng);
    let r2 = Scalar::<E, N>::random(rng);
    let br = [msk.b[0] * r1, msk.b[1] * r2, r1 + r2];
    let sk0 = [
        h.mul_ct(&br[0].to_limbs()).to_affine(),
        h.mul_ct(&br[1].to_limbs()).to_affine(),
        h.mul_ct(&br[2].to_limbs()).to_affine(),
    ];
    let a_inv = [msk.a[0].invert().unwrap_or(Scalar::<E, N>::ZERO), msk.a[1].invert().unwrap_or(Scalar::<E, N>::ZERO)];
    // Π_ℓ H_ℓ^{Br_ℓ / a_t} · g^{σ/a_t}
    let comp = |hs: &[G1<E, N>; 3], sigma: &Scalar<E, N>, t: usize| -> Projective<E::G1> {
        let mut acc = mul::<E, N>(&g, &(*sigma * a_inv[t]));
        for l in 0..3 {
            acc = acc.add(&mul::<E, N>(&hs[l], &(br[l] * a_inv[t])));
        }
        acc
    };
    let mut sk = BTreeMap::new();
    for y in attrs.expand() {
        let sigma = Scalar::<E, N>::random(rng);
        let mut parts = [Projective::<E::G1>::identity(); 3];
        for t in 0..2 {
            let hs = [h_attr::<E, N>(&y, 1, t as u8 + 1), h_attr::<E, N>(&y, 2, t as u8 + 1), h_attr::<E, N>(&y, 3, t as u8 + 1)];
            parts[t] = comp(&hs, &sigma, t);
        }
        parts[2] = mul::<E, N>(&g, &(-sigma));
        let aff = Projective::batch_to_affine(&parts);
        sk.insert(y, [aff[0], aff[1], aff[2]]);
    }
    let sigma = Scalar::<E, N>::random(rng);
    let mut parts = [Projective::<E::G1>::identity(); 3];
    for t in 0..2 {
        let hs = [h_col::<E, N>(1, 1, t as u8 + 1), h_col::<E, N>(1, 2, t as u8 + 1), h_col::<E, N>(1, 3, t as u8 + 1)];
        parts[t] = comp(&hs, &sigma, t).add(&Projective::from(msk.g_d[t]));
    }
    parts[2] = Projective::from(msk.g_d[2]).add(&mul::<E, N>(&g, &(-sigma)));
    let aff = Projective::batch_to_affine(&parts);
    SecretKey { attrs: attrs.clone(), sk0, sk, sk_prime: [aff[0], aff[1], aff[2]], pk_id: msk.pk_id }
}

/// The monotone span program of a policy string.
pub fn policy_msp<E: FeCurve<N>, const N: usize>(policy: &str) -> Result<Msp<Scalar<E, N>>, FameError> {
    let p = Policy::parse(policy).map_err(FameError::Policy)?;
    let m = Msp::from_policy(&p).map_err(FameError::Convert)?;
    m.require_monotone().map_err(FameError::Convert)?;
    Ok(m)
}

/// Encrypt a GT element under a policy: returns the ciphertext and ct' = T₁^{s₁}T₂^{s₂}·msg.
pub fn encrypt<E: FeCurve<N>, const N: usize>(
    pk: &PublicKey<E, N>,
    policy: &str,
    msg: &Gt<E, N>,
    rng: &mut (impl RngCore + CryptoRng),
) -> Result<(Ciphertext<E, N>, Gt<E, N>), FameError> {
    let (ct, key) = encapsulate(pk, policy, rng)?;
    Ok((ct, key.mul(msg)))
}

/// Key encapsulation: the ciphertext without ct', and the mask T₁^{s₁}T₂^{s₂} ∈ GT.
pub fn encapsulate<E: FeCurve<N>, const N: usize>(
    pk: &PublicKey<E, N>,
    policy: &str,
    rng: &mut (impl RngCore + CryptoRng),
) -> Result<(Ciphertext<E, N>, Gt<E, N>), FameError> {
    let msp = policy_msp::<E, N>(policy)?;
    let h = G2::<E, N>::generator();
    let s = [Scalar::<E, N>::random(rng), Scalar::<E, N>::random(rng)];
    let ct0 = [
        pk.h_a[0].mul_ct(&s[0].to_limbs()).to_affine(),
        pk.h_a[1].mul_ct(&s[1].to_limbs()).to_affine(),
        h.mul_ct(&(s[0] + s[1]).to_limbs()).to_affine(),
    ];
    // column hashes H(0 j ℓ t), j = 1..cols
    let cols: Vec<[[G1<E, N>; 2]; 3]> = (1..=msp.cols as u32)
        .map(|j| core::array::from_fn(|l| core::array::from_fn(|t| h_col::<E, N>(j, l as u8 + 1, t as u8 + 1))))
        .collect();
    let mut attr_hash: BTreeMap<&str, [[G1<E, N>; 2]; 3]> = BTreeMap::new();
    let mut rows = Vec::with_capacity(msp.rows());
    for (i, row) in msp.matrix.iter().enumerate() {
        let y = msp.labels[i].attr.as_str();
        let ha = *attr_hash
            .entry(y)
            .or_insert_with(|| core::array::from_fn(|l| core::array::from_fn(|t| h_attr::<E, N>(y, l as u8 + 1, t as u8 + 1))));
        let mut out = [Projective::<E::G1>::identity(); 3];
        for l in 0..3 {
            for t in 0..2 {
                // base = H(π(i) ℓ t) · Π_j H(0 j ℓ t)^{M_ij}  (public), then ^{s_t} (secret)
                let mut pts = vec![ha[l][t]];
                let mut sc = vec![Scalar::<E, N>::ONE.to_limbs()];
                for (j, m) in row.iter().enumerate() {
                    if !bool::from(m.is_zero()) {
                        pts.push(cols[j][l][t]);
                        sc.push(m.to_limbs());
                    }
                }
                let base = msm_vartime(&pts, &sc).unwrap_or_default().to_affine();
                out[l] = out[l].add(&base.mul_ct(&s[t].to_limbs()));
            }
        }
        let aff = Projective::batch_to_affine(&out);
        rows.push([aff[0], aff[1], aff[2]]);
    }
    let key = pk.t[0].pow_scalar(&s[0]).mul(&pk.t[1].pow_scalar(&s[1]));
    Ok((Ciphertext { policy: policy.to_string(), ct0, rows, pk_id: pk.id() }, key))
}

/// Decapsulation: the GT mask T₁^{s₁}T₂^{s₂} if the key satisfies the policy.
pub fn decapsulate<E: FeCurve<N>, const N: usize>(sk: &SecretKey<E, N>, ct: &Ciphertext<E, N>) -> Result<Gt<E, N>, FameError> {
    if sk.pk_id != ct.pk_id {
        return Err(FameError::KeyMismatch);
    }
    let msp = policy_msp::<E, N>(&ct.policy)?;
    if msp.rows() != ct.rows.len() {
        return Err(FameError::Malformed);
    }
    let have = |i: usize| sk.sk.contains_key(&msp.labels[i].attr);
    let gamma = msp.reconstruct(&have).ok_or(FameError::NotSatisfied)?;
    // c_y = Σ γ_i over rows labelled y (attribute reuse)
    let mut per_attr: BTreeMap<&str, Scalar<E, N>> = BTreeMap::new();
    for (i, g) in &gamma {
        *per_attr.entry(msp.labels[*i].attr.as_str()).or_insert(Scalar::<E, N>::ZERO) += *g;
    }
    let gl: Vec<[u64; 4]> = gamma.iter().map(|(_, g)| g.to_limbs()).collect();
    let mut pairs = Vec::with_capacity(6);
    for l in 0..3 {
        let pts: Vec<G1<E, N>> = gamma.iter().map(|(i, _)| ct.rows[*i][l]).collect();
        let a = msm_vartime(&pts, &gl).unwrap_or_default().to_affine();
        pairs.push((a, sk.sk0[l]));
    }
    let cl: Vec<[u64; 4]> = per_attr.values().map(|c| c.to_limbs()).collect();
    for t in 0..3 {
        let pts: Vec<G1<E, N>> = per_attr.keys().map(|y| sk.sk[*y][t]).collect();
        let b = msm_vartime(&pts, &cl).unwrap_or_default().add_affine(&sk.sk_prime[t]).to_affine();
        pairs.push((b.neg(), ct.ct0[t]));
    }
    // num/den = Π e(A_ℓ, sk_{0,ℓ}) · Π e(−B_t, ct_{0,t}) = (T₁^{s₁}T₂^{s₂})⁻¹
    Ok(hayate_pairing::multi_pairing::<E, N>(&pairs).invert())
}

/// Decrypt ct' with the key.
pub fn decrypt<E: FeCurve<N>, const N: usize>(
    sk: &SecretKey<E, N>,
    ct: &Ciphertext<E, N>,
    ct_prime: &Gt<E, N>,
) -> Result<Gt<E, N>, FameError> {
    Ok(ct_prime.mul(&decapsulate(sk, ct)?.invert()))
}

/// The attribute strings a key holds (expanded).
pub fn key_attributes<E: FeCurve<N>, const N: usize>(sk: &SecretKey<E, N>) -> BTreeSet<String> {
    sk.sk.keys().cloned().collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use hayate_pairing::bls12_381::Bls12381;
    use hayate_pairing::bn254_beuchat::Bn254Beuchat;
    use rand::rngs::StdRng;
    use rand::SeedableRng;

    fn roundtrip<E: FeCurve<N>, const N: usize>() {
        let mut rng = StdRng::seed_from_u64(1);
        let (pk, msk) = setup::<E, N>(&mut rng);
        let msg = Gt::<E, N>::generator().pow_scalar(&Scalar::<E, N>::random(&mut rng));
        let (ct, c) = encrypt(&pk, "(doctor or nurse) and (cardiology or doctor) and 2 of (a, b, doctor)", &msg, &mut rng).unwrap();
        let good = keygen(&msk, &Attributes::parse("doctor,a").unwrap(), &mut rng);
        assert_eq!(decrypt(&good, &ct, &c).unwrap(), msg);
        let bad = keygen(&msk, &Attributes::parse("nurse,a,b").unwrap(), &mut rng);
        assert_eq!(decrypt(&bad, &ct, &c).unwrap_err(), FameError::NotSatisfied);
    }

    #[test]
    fn fame_roundtrip_bls() {
        roundtrip::<Bls12381, 6>();
    }
    #[test]
    fn fame_roundtrip_beuchat() {
        roundtrip::<Bn254Beuchat, 4>();
    }
}

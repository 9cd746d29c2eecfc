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
//! ([`crate::hybrid`]).
//!
//! **Implementation.** Secret scalars are applied in constant time: GLV Straus linear
//! combinations on G1 ([`hayate_ec::glv_lincomb`]: half-length scalars in 5-bit odd signed
//! digits, one Jacobian doubling chain per combination, odd-multiple tables of the public
//! bases built with batched affine arithmetic, eight combinations per SIMD batch where the
//! CPU has AVX-512 IFMA) for the products of hashes — in KeyGen four terms per component
//! (the three hashes and g^{σ_y/a_t}), all in one call of
//! [`glv_lincomb::glv_lincomb_ct_terms`], and g^{−σ_y} by the generator's fixed-base pieces
//! ([`hayate_ec::glv_fixed`]: a quarter of the doublings); in Encrypt two per component, the exponents being
//! the same for every row — the generator's fixed-base window tables for g and h in sk₀ and ct₀
//! ([`hayate_ec::fixed::FixedWindows`]), and a two-term GT multi-exponentiation for T₁^{s₁}T₂^{s₂};
//! the public span-program coefficients use variable time. Points are normalised in batches.
//! The hashes an operation still needs are computed together
//! ([`FeCurve::hash_to_g1_uncleared_many`]: their square roots' exponentiations batched, eight
//! per SIMD instruction stream where the CPU has AVX-512 IFMA). [`keygen_threads`] shares a
//! key's attributes out over threads.
//! **Cofactor clearing once per product** (BLS12-381): a hash is H(m) = h_eff·U(m) with U(m) =
//! map_to_curve(u₀) + map_to_curve(u₁) ([`FeCurve::hash_to_g1_uncleared`]); since
//! h_eff·(k₁U + k₂φ(U)) = (k₁ + k₂λ)·h_eff·U for every U on the curve, a product
//! Π_ℓ H(m_ℓ)^{e_ℓ} is computed as h_eff·(Σ_ℓ GLV(e_ℓ)·U(m_ℓ)) — the same group element, one
//! clearing instead of three (KeyGen) or two (Encrypt; the public column part enters as
//! h_eff⁻¹ mod r times the column hashes). The column hashes H(0 j ℓ t), constants of the
//! scheme, are computed once per process (first 1024 columns); the attribute hashes U(y ℓ t),
//! public values of the attribute strings, are memoised per process too (bounded cache,
//! [`clear_attribute_cache`]). Repeated encryptions under one public key use fixed-base
//! tables of H₁, H₂ and T₁, T₂ when the caller builds a [`PreparedPublicKey`] once and uses
//! [`encapsulate_prepared`]; the plain [`encapsulate`] keeps no per-key state.

use std::any::{Any, TypeId};
use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::sync::{Mutex, OnceLock};

use hayate_ec::fixed::FixedWindows;
use hayate_ec::glv_fixed::GlvFixedBase;
use hayate_ec::{glv_lincomb, Projective};
use hayate_pairing::{ct_mul, G2Prepared, Gt};
use rand_core::{CryptoRng, RngCore};
use sha2::{Digest, Sha256};

use crate::curve::{FeCurve, Scalar, G1, G2};
use crate::dpvs;
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
            FameError::NotSatisfied => {
                f.write_str("the key's attributes do not satisfy the policy")
            }
            FameError::KeyMismatch => {
                f.write_str("the key belongs to a different setup than the ciphertext")
            }
            FameError::Malformed => f.write_str("malformed ciphertext"),
        }
    }
}
impl std::error::Error for FameError {}

/// Public key (h, H₁, H₂, T₁, T₂) and its fingerprint.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PublicKey<E: FeCurve<N>, const N: usize> {
    /// H₁ = h^{a₁}, H₂ = h^{a₂} (h is the G2 generator, kept implicit).
    pub h_a: [G2<E, N>; 2],
    /// T₁ = e(g,h)^{d₁a₁+d₃}, T₂ = e(g,h)^{d₂a₂+d₃}.
    pub t: [Gt<E, N>; 2],
}

/// Master secret key (a₁, a₂, b₁, b₂, g^{d₁}, g^{d₂}, g^{d₃}) and the fingerprint of its public key.
#[derive(Clone, PartialEq, Eq)]
pub struct MasterKey<E: FeCurve<N>, const N: usize> {
    /// a₁, a₂ (nonzero).
    pub a: [Scalar<E, N>; 2],
    /// b₁, b₂ (nonzero).
    pub b: [Scalar<E, N>; 2],
    /// g^{d₁}, g^{d₂}, g^{d₃}.
    pub g_d: [G1<E, N>; 3],
    /// Fingerprint of the matching public key ([`PublicKey::id`]).
    pub pk_id: [u8; 16],
}

/// A user key for an attribute set.
#[derive(Clone, PartialEq, Eq)]
pub struct SecretKey<E: FeCurve<N>, const N: usize> {
    /// The attribute set the key was generated for (before expansion into attribute strings).
    pub attrs: Attributes,
    /// sk₀ = (h^{b₁r₁}, h^{b₂r₂}, h^{r₁+r₂}).
    pub sk0: [G2<E, N>; 3],
    /// sk_{y,1}, sk_{y,2}, sk_{y,3} per expanded attribute string y.
    pub sk: BTreeMap<String, [G1<E, N>; 3]>,
    /// sk'₁, sk'₂, sk'₃.
    pub sk_prime: [G1<E, N>; 3],
    /// Fingerprint of the public key of the setup ([`PublicKey::id`]).
    pub pk_id: [u8; 16],
}

summary_debug!(MasterKey { pk_id });
summary_debug!(SecretKey { attrs, pk_id });

/// A ciphertext (or, from [`encapsulate`], its key-encapsulation part with ct' omitted).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ciphertext<E: FeCurve<N>, const N: usize> {
    /// The policy string the span program is rebuilt from when decrypting.
    pub policy: String,
    /// ct₀ = (H₁^{s₁}, H₂^{s₂}, h^{s₁+s₂}).
    pub ct0: [G2<E, N>; 3],
    /// ct_{i,1..3} per span-program row.
    pub rows: Vec<[G1<E, N>; 3]>,
    /// Fingerprint of the public key it was encrypted under ([`PublicKey::id`]).
    pub pk_id: [u8; 16],
}

/// The hash input of H(y ℓ t): 0x01 ‖ y ‖ ℓ ‖ t.
fn attr_msg(y: &str, l: u8, t: u8) -> Vec<u8> {
    let mut m = Vec::with_capacity(y.len() + 3);
    m.push(1);
    m.extend_from_slice(y.as_bytes());
    m.push(l);
    m.push(t);
    m
}

fn h_col<E: FeCurve<N>, const N: usize>(j: u32, l: u8, t: u8) -> Projective<E::G1> {
    let mut m = vec![0u8];
    m.extend_from_slice(&j.to_be_bytes());
    m.push(l);
    m.push(t);
    E::hash_to_g1_proj(&m, DST)
}

/// Largest column index whose hashes are kept by [`col_hashes`].
const COL_CACHE: usize = 1024;

type ColHashes<C> = Vec<[[Projective<C>; 2]; 3]>;

/// The column hashes H(0 j ℓ t) for j = 1 … cols. They depend on nothing but the curve and j
/// (they are public constants of the scheme), so the first [`COL_CACHE`] columns are computed
/// once per process and kept; the cache is shared by all threads.
fn col_hashes<E: FeCurve<N>, const N: usize>(cols: usize) -> ColHashes<E::G1> {
    cached_columns::<E, N>(false, cols, &|j| six(|l, t| h_col::<E, N>(j as u32, l, t)))
}

/// The column hashes multiplied by h_eff⁻¹ mod r ([`FeCurve::G1_H_EFF`]): points H'(0 j ℓ t)
/// of G1 with h_eff·H' = H(0 j ℓ t), so that a public combination of them can be added to
/// uncleared attribute hashes before one cofactor clearing (cached like [`col_hashes`]).
fn col_hashes_over_h_eff<E: FeCurve<N>, const N: usize>(cols: usize) -> ColHashes<E::G1> {
    let h = col_hashes::<E, N>(cols);
    if E::G1_H_EFF == 1 {
        return h;
    }
    let inv = Scalar::<E, N>::from_u64(E::G1_H_EFF)
        .invert()
        .unwrap_or(Scalar::<E, N>::ZERO)
        .to_limbs();
    cached_columns::<E, N>(true, cols, &|j| {
        h[j - 1].map(|r| r.map(|p| p.mul_vartime(&inv)))
    })
}

/// Columns 1 … cols of a per-curve table of public constants, the first [`COL_CACHE`] kept
/// for the process lifetime (`kind` separates the tables of one curve).
fn cached_columns<E: FeCurve<N>, const N: usize>(
    kind: bool,
    cols: usize,
    column: &dyn Fn(usize) -> [[Projective<E::G1>; 2]; 3],
) -> ColHashes<E::G1> {
    type Cache = Mutex<HashMap<(TypeId, bool), Box<dyn Any + Send + Sync>>>;
    static CACHE: OnceLock<Cache> = OnceLock::new();
    let fresh = |from: usize, to: usize| (from + 1..=to).map(column).collect::<Vec<_>>();
    let cached = cols.min(COL_CACHE);
    let mut out = match CACHE.get_or_init(|| Mutex::new(HashMap::new())).lock() {
        Ok(mut map) => {
            let entry = map
                .entry((TypeId::of::<E::G1>(), kind))
                .or_insert_with(|| Box::new(ColHashes::<E::G1>::new()));
            match entry.downcast_mut::<ColHashes<E::G1>>() {
                Some(v) => {
                    if v.len() < cached {
                        let more = fresh(v.len(), cached);
                        v.extend(more);
                    }
                    v[..cached].to_vec()
                }
                None => fresh(0, cached),
            }
        }
        Err(_) => fresh(0, cached),
    };
    out.extend(fresh(cached, cols));
    out
}

/// The six hashes of one attribute string, indexed [ℓ−1][t−1].
type Six<C> = [[Projective<C>; 2]; 3];

/// Maximum number of attribute strings per curve in the cache of [`attr_hashes`].
const ATTR_CACHE: usize = 4096;

type AttrCache = Mutex<HashMap<TypeId, Box<dyn Any + Send + Sync>>>;

fn attr_cache() -> &'static AttrCache {
    static CACHE: OnceLock<AttrCache> = OnceLock::new();
    CACHE.get_or_init(|| Mutex::new(HashMap::new()))
}

/// The uncleared hashes U(y ℓ t) of attribute strings y ([`FeCurve::hash_to_g1_uncleared`],
/// indexed [ℓ−1][t−1]), one entry per string. They are public values that depend on y and the
/// curve only, so they are memoised process-wide (up to [`ATTR_CACHE`] strings per curve; the
/// cache is emptied when full, and [`clear_attribute_cache`] empties it). A hit saves six
/// hashes onto G1 (the time of a lookup reveals whether y was hashed before in this process;
/// attribute strings are public in FAME, like the policy). The misses are hashed together
/// ([`FeCurve::hash_to_g1_uncleared_many`]: batched square roots on the BN curves).
fn attr_hashes<E: FeCurve<N>, const N: usize>(ys: &[&str]) -> Vec<Six<E::G1>> {
    type Map<C> = HashMap<String, Six<C>>;
    let key = TypeId::of::<E::G1>();
    let mut out: Vec<Option<Six<E::G1>>> = vec![None; ys.len()];
    if let Ok(map) = attr_cache().lock() {
        if let Some(m) = map.get(&key).and_then(|m| m.downcast_ref::<Map<E::G1>>()) {
            for (o, y) in out.iter_mut().zip(ys) {
                *o = m.get(*y).copied();
            }
        }
    }
    let miss: Vec<usize> = (0..ys.len()).filter(|&i| out[i].is_none()).collect();
    if miss.is_empty() {
        return out.into_iter().flatten().collect();
    }
    let msgs: Vec<Vec<u8>> = miss
        .iter()
        .flat_map(|&i| (1..=3u8).flat_map(move |l| (1..=2u8).map(move |t| attr_msg(ys[i], l, t))))
        .collect();
    let refs: Vec<&[u8]> = msgs.iter().map(|m| m.as_slice()).collect();
    let h = E::hash_to_g1_uncleared_many(&refs, DST);
    for (k, &i) in miss.iter().enumerate() {
        out[i] = Some(core::array::from_fn(|l| {
            core::array::from_fn(|t| h[6 * k + 2 * l + t])
        }));
    }
    if let Ok(mut map) = attr_cache().lock() {
        let entry = map
            .entry(key)
            .or_insert_with(|| Box::new(Map::<E::G1>::new()));
        if let Some(m) = entry.downcast_mut::<Map<E::G1>>() {
            for &i in &miss {
                if m.len() >= ATTR_CACHE {
                    m.clear();
                }
                if let Some(v) = out[i] {
                    m.insert(ys[i].to_string(), v);
                }
            }
        }
    }
    out.into_iter().flatten().collect()
}

/// Empties the process-wide cache of attribute hashes (see [`keygen`] / [`encapsulate`]):
/// for measurements of the uncached cost, or to release its memory.
pub fn clear_attribute_cache() {
    if let Ok(mut map) = attr_cache().lock() {
        map.clear();
    }
}

/// The six hashes H(y ℓ t) (or H(0 j ℓ t)), indexed [ℓ−1][t−1].
fn six<P>(f: impl Fn(u8, u8) -> P) -> [[P; 2]; 3] {
    core::array::from_fn(|l| core::array::from_fn(|t| f(l as u8 + 1, t as u8 + 1)))
}

/// g^k for a secret k (the generator's fixed-base table, constant time).
fn g_mul<E: FeCurve<N>, const N: usize>(k: &Scalar<E, N>) -> Projective<E::G1> {
    FixedWindows::<Projective<E::G1>>::generator().mul(&k.to_limbs())
}

/// h^k for a secret k (the generator's fixed-base table, constant time).
fn h_mul<E: FeCurve<N>, const N: usize>(k: &Scalar<E, N>) -> Projective<E::G2> {
    FixedWindows::<Projective<E::G2>>::generator().mul(&k.to_limbs())
}

/// For each group (coordinates, c): Σ_k c_k·v_k for each coordinate v (public G1 points,
/// secret scalars c shared by the group's coordinates) in constant time:
/// [`glv_lincomb::glv_lincomb_ct_terms`] (Jacobian GLV Straus with odd signed digits and
/// batched affine tables for all groups at once, eight coordinates per AVX-512 IFMA lane set
/// where the CPU has it; the points of one coordinate are independent hash outputs, so its
/// exceptional-case recomputation is negligible), or `lincomb_terms_fallback` on a curve
/// without the GLV endomorphism.
type LincombGroup<'a, E, const N: usize> = (&'a [&'a [G1<E, N>]], &'a [Scalar<E, N>]);

fn shared_lincomb<E: FeCurve<N>, const N: usize>(
    groups: &[LincombGroup<'_, E, N>],
) -> Vec<Vec<Projective<E::G1>>> {
    let mut bases = Vec::new();
    let mut scalars = Vec::new();
    let mut combos: Vec<Vec<glv_lincomb::Term>> = Vec::new();
    for (coords, c) in groups {
        let s0 = scalars.len();
        scalars.extend(c.iter().map(|x| x.to_limbs()));
        for v in coords.iter() {
            let b0 = bases.len();
            let m = v.len().min(c.len());
            bases.extend_from_slice(&v[..m]);
            combos.push((0..m).map(|k| (b0 + k, s0 + k)).collect());
        }
    }
    let refs: Vec<&[glv_lincomb::Term]> = combos.iter().map(|c| c.as_slice()).collect();
    let mut flat = glv_lincomb::glv_lincomb_ct_terms::<E::G1>(&bases, &scalars, &refs)
        .unwrap_or_else(|_| lincomb_terms_fallback::<E, N>(&bases, &scalars, &refs))
        .into_iter();
    groups
        .iter()
        .map(|(coords, _)| {
            (0..coords.len())
                .map(|_| flat.next().unwrap_or_default())
                .collect()
        })
        .collect()
}

/// [`glv_lincomb::glv_lincomb_ct_terms`] on a curve without the GLV endomorphism: each term
/// a constant-time fixed-window multiplication with complete formulas.
fn lincomb_terms_fallback<E: FeCurve<N>, const N: usize>(
    bases: &[G1<E, N>],
    scalars: &[[u64; 4]],
    combos: &[&[glv_lincomb::Term]],
) -> Vec<Projective<E::G1>> {
    combos
        .iter()
        .map(|c| {
            c.iter()
                .filter_map(|&(b, k)| Some((bases.get(b)?, scalars.get(k)?)))
                .fold(Projective::identity(), |acc, (p, k)| {
                    acc.add(&Projective::from(*p).mul_ct_bits(k, SCALAR_BITS))
                })
        })
        .collect()
}

/// Bits of the scalars handed to the constant-time multiplications (every r here is < 2^255).
const SCALAR_BITS: usize = 256;

fn random_nonzero<E: FeCurve<N>, const N: usize>(
    rng: &mut (impl RngCore + CryptoRng),
) -> Scalar<E, N> {
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
pub fn setup<E: FeCurve<N>, const N: usize>(
    rng: &mut (impl RngCore + CryptoRng),
) -> (PublicKey<E, N>, MasterKey<E, N>) {
    let a = [random_nonzero::<E, N>(rng), random_nonzero::<E, N>(rng)];
    let b = [random_nonzero::<E, N>(rng), random_nonzero::<E, N>(rng)];
    let d = [
        Scalar::<E, N>::random(rng),
        Scalar::<E, N>::random(rng),
        Scalar::<E, N>::random(rng),
    ];
    let egh = Gt::<E, N>::generator();
    let h_a = Projective::batch_to_affine(&[h_mul::<E, N>(&a[0]), h_mul::<E, N>(&a[1])]);
    let h_a = [h_a[0], h_a[1]];
    let t = [
        egh.pow_scalar(&(d[0] * a[0] + d[2])),
        egh.pow_scalar(&(d[1] * a[1] + d[2])),
    ];
    let g_d = Projective::batch_to_affine(&[
        g_mul::<E, N>(&d[0]),
        g_mul::<E, N>(&d[1]),
        g_mul::<E, N>(&d[2]),
    ]);
    let pk = PublicKey { h_a, t };
    let pk_id = pk.id();
    (
        pk,
        MasterKey {
            a,
            b,
            g_d: [g_d[0], g_d[1], g_d[2]],
            pk_id,
        },
    )
}

/// KeyGen for a set of attributes (numeric attributes are expanded into bit attributes).
///
/// For each attribute y and t ∈ {1, 2}, sk_{y,t} = Π_ℓ H(yℓt)^{e_{tℓ}} · g^{σ_y/a_t} is one
/// four-term constant-time GLV linear combination (the three uncleared hashes and g, see the
/// module docs; the exponents e_{tℓ} = Br_ℓ/a_t are common to all attributes) followed by one
/// cofactor clearing — all of them in one call of [`glv_lincomb::glv_lincomb_ct_terms`] (eight
/// per SIMD batch where the CPU has AVX-512 IFMA) — and sk_{y,3} = g^{−σ_y} one product of
/// [`GlvFixedBase::generator`]; the attributes' missing hashes are computed together; sk₀ takes three fixed-base
/// table products of h; all outputs are normalised together. The key carries at most
/// [`crate::policy::MAX_KEY_ATTRS`] attribute components, since no [`Attributes`] value holds
/// more, and its encoding is one [`crate::serial::fame_sk_from_bytes`] accepts.
pub fn keygen<E: FeCurve<N>, const N: usize>(
    msk: &MasterKey<E, N>,
    attrs: &Attributes,
    rng: &mut (impl RngCore + CryptoRng),
) -> SecretKey<E, N> {
    keygen_threads(msk, attrs, rng, 1)
}

/// [`keygen`] with the attributes shared out over up to `threads` threads (contiguous shares,
/// each hashed and combined on its own thread; sk₀ on the calling thread). The randomness is
/// drawn first, in the same order, so the key equals [`keygen`]'s for the same generator state.
pub fn keygen_threads<E: FeCurve<N>, const N: usize>(
    msk: &MasterKey<E, N>,
    attrs: &Attributes,
    rng: &mut (impl RngCore + CryptoRng),
    threads: usize,
) -> SecretKey<E, N> {
    let r1 = Scalar::<E, N>::random(rng);
    let r2 = Scalar::<E, N>::random(rng);
    let names: Vec<String> = attrs.expand().into_iter().collect();
    let n = names.len();
    // σ_y for every attribute, then σ' for sk'
    let sigmas: Vec<Scalar<E, N>> = (0..=n).map(|_| Scalar::<E, N>::random(rng)).collect();
    let br = [msk.b[0] * r1, msk.b[1] * r2, r1 + r2];
    let a_inv = [
        msk.a[0].invert_safegcd().unwrap_or(Scalar::<E, N>::ZERO),
        msk.a[1].invert_safegcd().unwrap_or(Scalar::<E, N>::ZERO),
    ];
    // e[t][ℓ] = Br_ℓ / a_t: the same three exponents for every attribute
    let e: Vec<[u64; 4]> = (0..2)
        .flat_map(|t| (0..3).map(move |l| (br[l] * a_inv[t]).to_limbs()))
        .collect();
    let h_inv = Scalar::<E, N>::from_u64(E::G1_H_EFF)
        .invert_safegcd()
        .unwrap_or(Scalar::<E, N>::ONE);
    let ctx = KeygenShare {
        msk,
        names: &names,
        sigmas: &sigmas,
        e: &e,
        a_inv,
        h_inv,
    };
    // shares of the indices 0 ..= n (n: sk'), at least four attributes each
    let shares = threads.clamp(1, (n + 1).div_ceil(4).max(1));
    let per = (n + 1).div_ceil(shares);
    let ranges: Vec<core::ops::Range<usize>> = (0..shares)
        .map(|k| (k * per).min(n + 1)..((k + 1) * per).min(n + 1))
        .collect();
    let (parts, sk0) = std::thread::scope(|s| {
        let handles: Vec<_> = ranges[1..]
            .iter()
            .map(|r| {
                let ctx = &ctx;
                let r = r.clone();
                s.spawn(move || ctx.components_chunked(r))
            })
            .collect();
        let mut parts = ctx.components_chunked(ranges[0].clone());
        let sk0 = [
            h_mul::<E, N>(&br[0]),
            h_mul::<E, N>(&br[1]),
            h_mul::<E, N>(&br[2]),
        ];
        for (h, r) in handles.into_iter().zip(&ranges[1..]) {
            // a share that panicked (none can: no input reaches a panic) is recomputed here
            parts.extend(
                h.join()
                    .unwrap_or_else(|_| ctx.components_chunked(r.clone())),
            );
        }
        (parts, sk0)
    });
    let sk0 = Projective::batch_to_affine(&sk0);
    let aff = Projective::batch_to_affine(&parts);
    let mut chunks = aff.chunks_exact(3).map(|c| [c[0], c[1], c[2]]);
    let sk = names.into_iter().zip(chunks.by_ref()).collect();
    let sk_prime = chunks.next().unwrap_or([G1::<E, N>::identity(); 3]);
    SecretKey {
        attrs: attrs.clone(),
        sk0: [sk0[0], sk0[1], sk0[2]],
        sk,
        sk_prime,
        pk_id: msk.pk_id,
    }
}

/// What every share of [`keygen_threads`] reads.
struct KeygenShare<'a, E: FeCurve<N>, const N: usize> {
    msk: &'a MasterKey<E, N>,
    names: &'a [String],
    sigmas: &'a [Scalar<E, N>],
    /// e_tℓ at 3(t−1) + (ℓ−1).
    e: &'a [[u64; 4]],
    a_inv: [Scalar<E, N>; 2],
    /// h_eff⁻¹ mod r (1 on the BN curves).
    h_inv: Scalar<E, N>,
}

/// Indices per call of [`KeygenShare::components`]: its tables and intermediate points take
/// memory in proportion to the indices of one call, so a large key is computed in chunks of
/// this many attributes (same points: every index's components depend on that index only).
const KEYGEN_CHUNK: usize = 256;

impl<E: FeCurve<N>, const N: usize> KeygenShare<'_, E, N> {
    /// [`KeygenShare::components`] over `range` in chunks of [`KEYGEN_CHUNK`] indices.
    fn components_chunked(&self, range: core::ops::Range<usize>) -> Vec<Projective<E::G1>> {
        let mut out = Vec::with_capacity(3 * range.len());
        let mut a = range.start;
        while a < range.end {
            let b = range.end.min(a + KEYGEN_CHUNK);
            out.extend(self.components(a..b));
            a = b;
        }
        out
    }

    /// The three G1 components (projective) of each index i of `range`: sk_{y_i,1..3} for an
    /// attribute (i < n), sk'₁..₃ for i = n.
    fn components(&self, range: core::ops::Range<usize>) -> Vec<Projective<E::G1>> {
        let n = self.names.len();
        let attrs: Vec<&str> = range
            .clone()
            .filter(|&i| i < n)
            .map(|i| self.names[i].as_str())
            .collect();
        let with_prime = range.contains(&n);
        // the bases: per index 6 hashes, U(yℓt) (with clear_g1(U) = H(yℓt)) at 6k + 2(ℓ−1) +
        // (t−1), or the column hashes H(01ℓt) for sk'; g last
        let mut bases = Vec::with_capacity(6 * range.len() + 1);
        for h in attr_hashes::<E, N>(&attrs) {
            bases.extend(h.iter().flatten());
        }
        if with_prime {
            bases.extend(col_hashes::<E, N>(1)[0].iter().flatten());
        }
        bases.push(Projective::<E::G1>::generator());
        let bases = Projective::batch_to_affine(&bases);
        let g = bases.len() - 1;
        // the scalars: the six e_tℓ, then per index (σ/a₁·h⁻¹, σ/a₂·h⁻¹, −σ) at 6 + 3k: the
        // generator's term enters the sum that is cofactor-cleared below, so that
        // h_eff·(σ/a_t·h⁻¹)·g = g^{σ/a_t}; sk' (whose column hashes are cleared already)
        // without h⁻¹
        let mut scalars = self.e.to_vec();
        for i in range.clone() {
            let sigma = self.sigmas[i];
            let h = if i < n {
                self.h_inv
            } else {
                Scalar::<E, N>::ONE
            };
            scalars.push((sigma * self.a_inv[0] * h).to_limbs());
            scalars.push((sigma * self.a_inv[1] * h).to_limbs());
            scalars.push((-sigma).to_limbs());
        }
        // per index, for t = 1, 2 the four terms (U(y1t), U(y2t), U(y3t), g)
        let combos: Vec<Vec<glv_lincomb::Term>> = (0..range.len())
            .flat_map(|k| {
                (0..2).map(move |t| {
                    let mut v: Vec<glv_lincomb::Term> =
                        (0..3).map(|l| (6 * k + 2 * l + t, 3 * t + l)).collect();
                    v.push((g, 6 + 3 * k + t));
                    v
                })
            })
            .collect();
        let refs: Vec<&[glv_lincomb::Term]> = combos.iter().map(|c| c.as_slice()).collect();
        let prods = glv_lincomb::glv_lincomb_ct_terms::<E::G1>(&bases, &scalars, &refs)
            .unwrap_or_else(|_| lincomb_terms_fallback::<E, N>(&bases, &scalars, &refs));
        // the third components g^{−σ} (scalar 6 + 3k + 2): by the generator's fixed-base pieces
        let third_at = |k: usize| 6 + 3 * k + 2;
        let third = match GlvFixedBase::<E::G1>::generator() {
            Ok(fixed) => {
                let ks: Vec<[u64; 4]> = (0..range.len()).map(|k| scalars[third_at(k)]).collect();
                fixed.mul_many(&ks)
            }
            Err(_) => {
                let terms: Vec<[glv_lincomb::Term; 1]> =
                    (0..range.len()).map(|k| [(g, third_at(k))]).collect();
                let refs: Vec<&[glv_lincomb::Term]> = terms.iter().map(|c| c.as_slice()).collect();
                lincomb_terms_fallback::<E, N>(&bases, &scalars, &refs)
            }
        };
        let mut parts = Vec::with_capacity(3 * range.len());
        for ((i, p), p3) in range.zip(prods.chunks_exact(2)).zip(third) {
            if i < n {
                parts.extend([E::clear_g1(&p[0]), E::clear_g1(&p[1]), p3]);
            } else {
                parts.extend([
                    p[0].add_affine(&self.msk.g_d[0]),
                    p[1].add_affine(&self.msk.g_d[1]),
                    p3.add_affine(&self.msk.g_d[2]),
                ]);
            }
        }
        parts
    }
}

/// The monotone span program of a policy string.
pub fn policy_msp<E: FeCurve<N>, const N: usize>(
    policy: &str,
) -> Result<Msp<Scalar<E, N>>, FameError> {
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

/// \[m\]P for a public span-program coefficient m (variable time; ±1 by one addition).
fn add_public_multiple<E: FeCurve<N>, const N: usize>(
    acc: &Projective<E::G1>,
    p: &Projective<E::G1>,
    m: &Scalar<E, N>,
) -> Projective<E::G1> {
    if *m == Scalar::<E, N>::ONE {
        acc.add(p)
    } else if *m == -Scalar::<E, N>::ONE {
        acc.sub(p)
    } else {
        acc.add(&p.mul_scalar_vartime(m))
    }
}

/// Key encapsulation: the ciphertext without ct', and the mask T₁^{s₁}T₂^{s₂} ∈ GT.
///
/// Per row and ℓ the public base H(π(i)ℓt) · Π_j H(0jℓt)^{M_ij} is formed in variable time
/// (before cofactor clearing, see the module docs), then ct_{i,ℓ} is one coordinate of a
/// constant-time two-term GLV linear combination by (s₁, s₂) over all rows;
/// ct₀'s H_t^{s_t} use [`FeCurve::g2_mul_ct`] (GLS on BLS12-381); the mask is one two-term GT
/// multi-exponentiation. Callers that encrypt many times under one key should build a
/// [`PreparedPublicKey`] once and call [`encapsulate_prepared`] (fixed-base tables for
/// H_t^{s_t} and T_t^{s_t}); this function keeps no per-key state.
pub fn encapsulate<E: FeCurve<N>, const N: usize>(
    pk: &PublicKey<E, N>,
    policy: &str,
    rng: &mut (impl RngCore + CryptoRng),
) -> Result<(Ciphertext<E, N>, Gt<E, N>), FameError> {
    encapsulate_with(pk, pk.id(), None, policy, rng)
}

/// [`encapsulate`] with a [`PreparedPublicKey`]: the same outputs for the same random
/// choices, with ct₀'s H_t^{s_t} and the mask T₁^{s₁}T₂^{s₂} from fixed-base tables.
pub fn encapsulate_prepared<E: FeCurve<N>, const N: usize>(
    ppk: &PreparedPublicKey<E, N>,
    policy: &str,
    rng: &mut (impl RngCore + CryptoRng),
) -> Result<(Ciphertext<E, N>, Gt<E, N>), FameError> {
    encapsulate_with(&ppk.pk, ppk.id, Some(ppk), policy, rng)
}

/// Encrypt a GT element with a [`PreparedPublicKey`] (see [`encrypt`]).
pub fn encrypt_prepared<E: FeCurve<N>, const N: usize>(
    ppk: &PreparedPublicKey<E, N>,
    policy: &str,
    msg: &Gt<E, N>,
    rng: &mut (impl RngCore + CryptoRng),
) -> Result<(Ciphertext<E, N>, Gt<E, N>), FameError> {
    let (ct, key) = encapsulate_prepared(ppk, policy, rng)?;
    Ok((ct, key.mul(msg)))
}

/// A public key with fixed-base tables for encryption ([`FixedWindows`]: one addition per
/// signed 5-bit window, no doubling) of H₁, H₂ ∈ G2 (mixed additions of affine entries) and of
/// T₁, T₂ ∈ GT (one Fp12 multiplication per window, no squaring).
/// Memory: 2·52·16 affine G2 points and 2·52·16 GT elements (about 1.2 MB on BLS12-381,
/// 0.8 MB on the BN curves); building costs about 1700 GT and 1700 G2 operations.
pub struct PreparedPublicKey<E: FeCurve<N>, const N: usize> {
    pk: PublicKey<E, N>,
    id: [u8; 16],
    /// The tables of H₁, H₂ (bases 0, 1).
    h_a: FixedWindows<Projective<E::G2>>,
    /// The tables of T₁, T₂ (bases 0, 1).
    t: FixedWindows<Gt<E, N>>,
}

summary_debug!(PreparedPublicKey { id });

impl<E: FeCurve<N>, const N: usize> PreparedPublicKey<E, N> {
    /// Builds the tables of `pk`.
    pub fn new(pk: &PublicKey<E, N>) -> Self {
        Self {
            pk: pk.clone(),
            id: pk.id(),
            h_a: FixedWindows::new_many(&pk.h_a.map(Projective::from), SCALAR_BITS),
            t: FixedWindows::new_many(&pk.t, SCALAR_BITS),
        }
    }
    /// The key it was built from.
    pub fn key(&self) -> &PublicKey<E, N> {
        &self.pk
    }
}

/// Rows per constant-time combination in encryption (bounds the memory of its tables; every
/// row's components depend on that row only).
const ENCRYPT_CHUNK: usize = 256;

/// Key encapsulation under `pk` (fingerprint `pk_id`), with the fixed-base tables of `ppk`
/// when given (the same outputs for the same random choices).
fn encapsulate_with<E: FeCurve<N>, const N: usize>(
    pk: &PublicKey<E, N>,
    pk_id: [u8; 16],
    ppk: Option<&PreparedPublicKey<E, N>>,
    policy: &str,
    rng: &mut (impl RngCore + CryptoRng),
) -> Result<(Ciphertext<E, N>, Gt<E, N>), FameError> {
    let msp = policy_msp::<E, N>(policy)?;
    let s = [Scalar::<E, N>::random(rng), Scalar::<E, N>::random(rng)];
    let sl = [s[0].to_limbs(), s[1].to_limbs()];
    let h_s = |t: usize| match ppk {
        Some(p) => p.h_a.mul_of(t, &sl[t]),
        None => E::g2_mul_ct(&Projective::from(pk.h_a[t]), &sl[t]),
    };
    let ct0 = Projective::batch_to_affine(&[h_s(0), h_s(1), h_mul::<E, N>(&(s[0] + s[1]))]);
    // base'_{iℓt} = U(π(i) ℓ t) + Σ_j M_ij·H'(0 j ℓ t) (public, variable time) with
    // h_eff·U = H(π(i) ℓ t) and h_eff·H' = H(0 j ℓ t); then ct_{i,ℓ} = h_eff·Σ_t GLV(s_t)·base'_t
    // = Π_t base_t^{s_t} (see FeCurve::hash_to_g1_uncleared): one constant-time linear
    // combination over all rows, one cofactor clearing per component
    let cols = col_hashes_over_h_eff::<E, N>(msp.cols);
    // the hashes of each distinct attribute of the policy, computed together
    let distinct: Vec<&str> = msp
        .labels
        .iter()
        .map(|l| l.attr.as_str())
        .collect::<BTreeSet<_>>()
        .into_iter()
        .collect();
    let attr_hash: BTreeMap<&str, [[Projective<E::G1>; 2]; 3]> = distinct
        .iter()
        .copied()
        .zip(attr_hashes::<E, N>(&distinct))
        .collect();
    let mut bases: [Vec<Projective<E::G1>>; 2] = Default::default();
    for (i, row) in msp.matrix.iter().enumerate() {
        let y = msp.labels[i].attr.as_str();
        let ha = attr_hash[y];
        for l in 0..3 {
            for (t, b) in bases.iter_mut().enumerate() {
                let mut acc = ha[l][t];
                for (j, m) in row {
                    acc = add_public_multiple::<E, N>(&acc, &cols[*j][l][t], m);
                }
                b.push(acc);
            }
        }
    }
    let vectors = bases.map(|b| Projective::batch_to_affine(&b));
    let coords: Vec<[G1<E, N>; 2]> = vectors[0]
        .iter()
        .zip(&vectors[1])
        .map(|(a, b)| [*a, *b])
        .collect();
    let refs: Vec<&[G1<E, N>]> = coords.iter().map(|c| &c[..]).collect();
    // in chunks of rows: the combination's tables take memory in proportion to its bases
    let out: Vec<Projective<E::G1>> = refs
        .chunks(3 * ENCRYPT_CHUNK)
        .flat_map(|chunk| shared_lincomb::<E, N>(&[(chunk, &s)]).concat())
        .map(|p| E::clear_g1(&p))
        .collect();
    let aff = Projective::batch_to_affine(&out);
    let rows = aff.chunks_exact(3).map(|c| [c[0], c[1], c[2]]).collect();
    let key = match ppk {
        Some(p) => p.t.mul_of(0, &sl[0]).mul(&p.t.mul_of(1, &sl[1])),
        None => ct_mul::gt_multi_pow_ct(&pk.t, &sl, SCALAR_BITS),
    };
    Ok((
        Ciphertext {
            policy: policy.to_string(),
            ct0: [ct0[0], ct0[1], ct0[2]],
            rows,
            pk_id,
        },
        key,
    ))
}

/// Decapsulation: the GT mask T₁^{s₁}T₂^{s₂} if the key satisfies the policy.
///
/// The coefficients γ depend only on the (public) policy, so the attribute products are
/// variable-time multi-scalar multiplications; the six pairings share one Miller loop and one
/// final exponentiation.
pub fn decapsulate<E: FeCurve<N>, const N: usize>(
    sk: &SecretKey<E, N>,
    ct: &Ciphertext<E, N>,
) -> Result<Gt<E, N>, FameError> {
    decapsulate_threads(sk, ct, 1)
}

/// [`decapsulate`] with the six pairings' Miller loops shared out over up to `threads`
/// threads ([`hayate_pairing::multi_pairing_threads`]); same mask.
pub fn decapsulate_threads<E: FeCurve<N>, const N: usize>(
    sk: &SecretKey<E, N>,
    ct: &Ciphertext<E, N>,
    threads: usize,
) -> Result<Gt<E, N>, FameError> {
    let pairs = decryption_pairs(sk, ct)?;
    Ok(hayate_pairing::multi_pairing_threads::<E, N>(&pairs, threads).invert())
}

/// One (P, Q) argument of a pairing.
pub type PairingPair<E, const N: usize> = (G1<E, N>, G2<E, N>);

/// The six pairs (P, Q) of decryption, Π e(P, Q) = (T₁^{s₁}T₂^{s₂})⁻¹ (for profiling: everything
/// [`decapsulate`] computes before the pairing).
#[doc(hidden)]
pub fn decryption_pairs<E: FeCurve<N>, const N: usize>(
    sk: &SecretKey<E, N>,
    ct: &Ciphertext<E, N>,
) -> Result<Vec<PairingPair<E, N>>, FameError> {
    let aff = decryption_g1_side(sk, ct)?;
    // num/den = Π e(A_ℓ, sk_{0,ℓ}) · Π e(−B_t, ct_{0,t}) = (T₁^{s₁}T₂^{s₂})⁻¹
    Ok((0..3)
        .map(|l| (aff[l], sk.sk0[l]))
        .chain((0..3).map(|t| (aff[3 + t], ct.ct0[t])))
        .collect())
}

/// The G1 side of decryption: A_ℓ = Σ γ_i ct_{i,ℓ} (ℓ = 1..3), then −B_t = −(sk'_t + Σ c_y
/// sk_{y,t}) (t = 1..3); the key is K⁻¹ = Π e(A_ℓ, sk_{0,ℓ}) · Π e(−B_t, ct_{0,t}).
fn decryption_g1_side<E: FeCurve<N>, const N: usize>(
    sk: &SecretKey<E, N>,
    ct: &Ciphertext<E, N>,
) -> Result<Vec<G1<E, N>>, FameError> {
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
        *per_attr
            .entry(msp.labels[*i].attr.as_str())
            .or_insert(Scalar::<E, N>::ZERO) += *g;
    }
    // public coefficients: ±1 (every AND / OR policy) by one complete addition, others by
    // GLV wNAF ([`dpvs::lincomb_g1_vartime`]); the six sums normalised with one inversion
    let rows: Vec<&[G1<E, N>]> = gamma.iter().map(|(i, _)| &ct.rows[*i][..]).collect();
    let gs: Vec<Scalar<E, N>> = gamma.iter().map(|(_, g)| *g).collect();
    let keys: Vec<&[G1<E, N>]> = per_attr.keys().map(|y| &sk.sk[*y][..]).collect();
    let cs: Vec<Scalar<E, N>> = per_attr.values().copied().collect();
    let mut sums = dpvs::lincomb_g1_vartime::<E, N>(&rows, &gs);
    sums.extend(
        dpvs::lincomb_g1_vartime::<E, N>(&keys, &cs)
            .iter()
            .zip(&sk.sk_prime)
            .map(|(b, p)| b.add_affine(p).neg()),
    );
    if sums.len() != 6 {
        return Err(FameError::NotSatisfied); // no rows used (not reached for valid policies)
    }
    Ok(Projective::batch_to_affine(&sums))
}

/// A user key with the Miller-loop lines of sk₀ precomputed ([`G2Prepared`], fixed-argument
/// pairing): each decryption then computes the lines of the ciphertext's three G2 points only
/// (three of the six). Where the Miller loop runs in AVX-512 IFMA lanes
/// ([`hayate_pairing::miller::lanes_available`]) the lanes compute all six points' lines faster
/// than the ciphertext's three can be prepared, and [`decapsulate_prepared`] runs
/// [`decapsulate`]'s loop instead.
pub struct PreparedSecretKey<E: FeCurve<N>, const N: usize> {
    key: SecretKey<E, N>,
    sk0: [G2Prepared<E, N>; 3],
}

summary_debug!(PreparedSecretKey { key });

impl<E: FeCurve<N>, const N: usize> PreparedSecretKey<E, N> {
    /// Precomputes the lines of sk₀.
    pub fn new(key: &SecretKey<E, N>) -> Self {
        Self {
            key: key.clone(),
            sk0: key.sk0.each_ref().map(G2Prepared::new),
        }
    }
    /// The key it was built from.
    pub fn key(&self) -> &SecretKey<E, N> {
        &self.key
    }
}

/// [`decapsulate`] with a [`PreparedSecretKey`] (same result).
pub fn decapsulate_prepared<E: FeCurve<N>, const N: usize>(
    sk: &PreparedSecretKey<E, N>,
    ct: &Ciphertext<E, N>,
) -> Result<Gt<E, N>, FameError> {
    decapsulate_prepared_threads(sk, ct, 1)
}

/// [`decapsulate_prepared`] with the Miller loops shared out over up to `threads` threads;
/// same mask.
pub fn decapsulate_prepared_threads<E: FeCurve<N>, const N: usize>(
    sk: &PreparedSecretKey<E, N>,
    ct: &Ciphertext<E, N>,
    threads: usize,
) -> Result<Gt<E, N>, FameError> {
    if hayate_pairing::miller::lanes_available::<E, N>() {
        // the six-pair loop in the IFMA lanes computes ct₀'s lines (and sk₀'s) in the lanes:
        // cheaper than preparing ct₀'s three points on the scalar side (bench fe: 0.92
        // against 1.21 ms on BLS12-381)
        return decapsulate_threads(&sk.key, ct, threads);
    }
    let aff = decryption_g1_side(&sk.key, ct)?;
    let ct0: Vec<G2Prepared<E, N>> = ct.ct0.iter().map(G2Prepared::new).collect();
    let refs: Vec<(&G1<E, N>, &G2Prepared<E, N>)> = (0..3)
        .map(|l| (&aff[l], &sk.sk0[l]))
        .chain((0..3).map(|t| (&aff[3 + t], &ct0[t])))
        .collect();
    Ok(hayate_pairing::multi_pairing_prepared_threads::<E, N>(&refs, threads).invert())
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
    use rand::{RngCore, SeedableRng};

    fn roundtrip<E: FeCurve<N>, const N: usize>() {
        let mut rng = StdRng::seed_from_u64(1);
        let (pk, msk) = setup::<E, N>(&mut rng);
        let msg = Gt::<E, N>::generator().pow_scalar(&Scalar::<E, N>::random(&mut rng));
        let (ct, c) = encrypt(
            &pk,
            "(doctor or nurse) and (cardiology or doctor) and 2 of (a, b, doctor)",
            &msg,
            &mut rng,
        )
        .unwrap();
        let good = keygen(&msk, &Attributes::parse("doctor,a").unwrap(), &mut rng);
        assert_eq!(decrypt(&good, &ct, &c).unwrap(), msg);
        // the same mask with the six pairings shared out over threads
        let mask = decapsulate(&good, &ct).unwrap();
        let prep = PreparedSecretKey::new(&good);
        for threads in [2, 4] {
            assert_eq!(decapsulate_threads(&good, &ct, threads).unwrap(), mask);
            assert_eq!(
                decapsulate_prepared_threads(&prep, &ct, threads).unwrap(),
                mask
            );
        }
        let bad = keygen(&msk, &Attributes::parse("nurse,a,b").unwrap(), &mut rng);
        assert_eq!(decrypt(&bad, &ct, &c).unwrap_err(), FameError::NotSatisfied);
    }

    /// The fixed-base paths (GT table, G2 tables of a prepared key, the process cache) against
    /// the plain computation on the same random choices.
    fn prepared_matches_plain<E: FeCurve<N>, const N: usize>() {
        let mut rng = StdRng::seed_from_u64(2);
        let (pk, msk) = setup::<E, N>(&mut rng);
        let table = FixedWindows::new(&pk.t[0], SCALAR_BITS);
        let r_minus_1 = (-Scalar::<E, N>::ONE).to_limbs();
        for k in [[0u64; 4], [1, 0, 0, 0], r_minus_1] {
            assert_eq!(table.mul(&k), pk.t[0].pow_vartime(&k));
        }
        for _ in 0..4 {
            let k = Scalar::<E, N>::random(&mut rng).to_limbs();
            assert_eq!(table.mul(&k), pk.t[0].pow_vartime(&k));
        }
        let ppk = PreparedPublicKey::new(&pk);
        assert_eq!(ppk.key(), &pk);
        let policy = "a and (b or c)";
        let seed = rng.next_u64();
        let plain =
            encapsulate_with(&pk, pk.id(), None, policy, &mut StdRng::seed_from_u64(seed)).unwrap();
        let fast = encapsulate_prepared(&ppk, policy, &mut StdRng::seed_from_u64(seed)).unwrap();
        assert_eq!(plain, fast);
        // the plain entry point, with the attribute-hash cache cold (i = 0, 3) and warm: all
        // must decrypt and agree with the uncached computation
        let sk = keygen(&msk, &Attributes::parse("a,c").unwrap(), &mut rng);
        for i in 0..4 {
            if i == 3 {
                clear_attribute_cache();
            }
            let seed = rng.next_u64();
            let got = encapsulate(&pk, policy, &mut StdRng::seed_from_u64(seed)).unwrap();
            let want =
                encapsulate_with(&pk, pk.id(), None, policy, &mut StdRng::seed_from_u64(seed))
                    .unwrap();
            assert_eq!(got, want);
            assert_eq!(decapsulate(&sk, &got.0).unwrap(), got.1);
        }
        let msg = Gt::<E, N>::generator();
        let (ct, c) = encrypt_prepared(&ppk, policy, &msg, &mut rng).unwrap();
        assert_eq!(decrypt(&sk, &ct, &c).unwrap(), msg);
    }

    #[test]
    fn prepared_matches_plain_bls() {
        prepared_matches_plain::<Bls12381, 6>();
    }
    #[test]
    fn prepared_matches_plain_beuchat() {
        prepared_matches_plain::<Bn254Beuchat, 4>();
    }

    /// The threaded KeyGen gives the same key as the plain one for the same generator state
    /// (two and three shares, and more threads than shares), and that key decrypts.
    fn keygen_threads_agree<E: FeCurve<N>, const N: usize>() {
        let mut rng = StdRng::seed_from_u64(21);
        let (pk, msk) = setup::<E, N>(&mut rng);
        let names: Vec<String> = (0..9).map(|i| format!("t{i}")).collect();
        let attrs = Attributes::parse(&names.join(",")).unwrap();
        let plain = keygen(&msk, &attrs, &mut StdRng::seed_from_u64(5));
        for threads in [0, 2, 3, 16] {
            let t = keygen_threads(&msk, &attrs, &mut StdRng::seed_from_u64(5), threads);
            assert_eq!(t.sk, plain.sk, "threads {threads}");
            assert_eq!(t.sk0, plain.sk0);
            assert_eq!(t.sk_prime, plain.sk_prime);
        }
        let msg = Gt::<E, N>::generator();
        let (ct, c) = encrypt(&pk, &names.join(" and "), &msg, &mut rng).unwrap();
        assert_eq!(decrypt(&plain, &ct, &c).unwrap(), msg);
    }

    #[test]
    fn keygen_threads_agree_bls_and_beuchat() {
        keygen_threads_agree::<Bls12381, 6>();
        keygen_threads_agree::<Bn254Beuchat, 4>();
    }

    /// The memoised attribute hashes equal the hashes, on misses, on hits and on a mix of the
    /// two (the misses hashed together).
    fn attribute_cache<E: FeCurve<N>, const N: usize>() {
        let want =
            |y: &str| six(|l, t| E::hash_to_g1_uncleared(&attr_msg(y, l, t), DST).to_affine());
        let calls: [&[&str]; 3] = [
            &["doctor"],
            &["nurse", "doctor", "age:7=1", ""],
            &["", "doctor", "nurse", "age:7=1", "x"],
        ];
        for ys in calls {
            let got = attr_hashes::<E, N>(ys);
            assert_eq!(got.len(), ys.len());
            for (y, h) in ys.iter().zip(&got) {
                assert_eq!(h.map(|r| r.map(|p| p.to_affine())), want(y), "{y}");
            }
        }
        let h = attr_hashes::<E, N>(&["doctor"]);
        assert_eq!(
            E::clear_g1(&h[0][2][1]).to_affine(),
            E::hash_to_g1(&attr_msg("doctor", 3, 2), DST)
        );
        assert!(attr_hashes::<E, N>(&[]).is_empty());
    }

    /// The shared-scalar products (hayate_ec::glv_lincomb) against dpvs::lincomb_rows_g1 on
    /// uncleared hashes (outside G1 on BLS12-381, where only the same GLV split gives the same
    /// point) and after cofactor clearing against the plain product of the hashes.
    fn shared_lincomb_agrees<E: FeCurve<N>, const N: usize>() {
        let mut rng = StdRng::seed_from_u64(5);
        let u: Vec<G1<E, N>> = (0..9u8)
            .map(|i| E::hash_to_g1_uncleared(&[i], DST).to_affine())
            .collect();
        let coords: Vec<&[G1<E, N>]> = u.chunks(3).collect();
        let c: Vec<Scalar<E, N>> = (0..3).map(|_| Scalar::<E, N>::random(&mut rng)).collect();
        let got = shared_lincomb::<E, N>(&[(&coords, &c)]).concat();
        let vectors: Vec<Vec<G1<E, N>>> = (0..3)
            .map(|k| coords.iter().map(|v| v[k]).collect())
            .collect();
        let refs: Vec<&[G1<E, N>]> = vectors.iter().map(|v| v.as_slice()).collect();
        let want = dpvs::lincomb_rows_g1::<E, N>(&refs, std::slice::from_ref(&c))
            .pop()
            .unwrap();
        assert_eq!(Projective::batch_to_affine(&got), want);
        for (v, g) in coords.iter().zip(&got) {
            let plain = v.iter().zip(&c).fold(Projective::identity(), |a, (p, k)| {
                a.add(&E::clear_g1(&Projective::from(*p)).mul_vartime(&k.to_limbs()))
            });
            assert_eq!(E::clear_g1(g).to_affine(), plain.to_affine());
        }
    }

    #[test]
    fn shared_lincomb_bls_and_beuchat() {
        shared_lincomb_agrees::<Bls12381, 6>();
        shared_lincomb_agrees::<Bn254Beuchat, 4>();
    }

    #[test]
    fn attribute_cache_matches_hashes() {
        attribute_cache::<Bls12381, 6>();
        attribute_cache::<Bn254Beuchat, 4>();
    }

    /// Debug of the master key, a user key and its prepared form shows the fingerprint and the
    /// attributes but none of the secret scalars or points (their hex encodings are absent).
    #[test]
    fn debug_redacts_secrets() {
        let mut rng = StdRng::seed_from_u64(3);
        let (_, msk) = setup::<Bn254Beuchat, 4>(&mut rng);
        let sk = keygen(&msk, &Attributes::parse("doctor").unwrap(), &mut rng);
        let m = format!("{msk:?}");
        assert!(m.starts_with("MasterKey { pk_id: ["), "{m}");
        for secret in [format!("{:?}", msk.a[0]), format!("{:?}", msk.b[1])] {
            assert!(!m.contains(&secret), "{m}");
        }
        let s = format!("{sk:?}");
        let p = format!("{:?}", PreparedSecretKey::new(&sk));
        assert!(s.contains("doctor"), "{s}");
        let sk0 = format!("{:?}", sk.sk0[0].x);
        let sk1 = format!("{:?}", sk.sk_prime[0].x);
        for secret in [&sk0, &sk1] {
            assert!(!s.contains(secret.as_str()), "{s}");
            assert!(!p.contains(secret.as_str()), "{p}");
        }
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

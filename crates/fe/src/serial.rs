//! Versioned, self-describing serialization of FE keys and ciphertexts, with full validation
//! on load.
//!
//! Every object starts with a 12-byte header:
//!
//! ```text
//! magic "HYFE" | format version (1) | scheme (1 = FAME, 2 = OT10) | curve (1 = bls12-381,
//! 2 = bn254-beuchat, 3 = bn254) | kind (1 = public key, 2 = master key, 3 = user key,
//! 4 = ciphertext) | body length (u32 BE) | body
//! ```
//!
//! Bodies (FAME; G1/G2 in the curve's encoding of [`crate::curve`], scalars 32-byte big-endian
//! and canonical, GT elements as 12 canonical big-endian Fp coordinates, strings as u32 BE
//! length ‖ UTF-8):
//! * public key: H₁, H₂ (G2), T₁, T₂ (GT);
//! * master key: pk fingerprint (16), a₁, a₂, b₁, b₂ (non-zero scalars), g^{d₁}, g^{d₂}, g^{d₃} (G1);
//! * user key: pk fingerprint, attribute list (string, as given to keygen), sk₀ (3 × G2),
//!   sk' (3 × G1), count (u32 BE) = number of expanded attributes, then sk_{y,1..3} for each
//!   expanded attribute y in lexicographic order;
//! * ciphertext: pk fingerprint, policy (string), ct₀ (3 × G2), row count (u32 BE), rows
//!   (3 × G1 each). In a ciphertext *file* the [`crate::hybrid`] stream follows the object.
//!
//! Bodies (OT10, [`crate::ot10`]; `dims` = d (u32 BE) then n_1, …, n_d (u32 BE each), with
//! 1 ≤ d ≤ [`ot10::MAX_CATEGORIES`], 2 ≤ n_t ≤ [`ot10::MAX_DIM`]; N_t = 3n_t + 1):
//! * public key: dims, g_T (GT), B̂₀ (3 vectors × 5 G1), then per category t the n_t + 1
//!   vectors of B̂_t (N_t G1 each);
//! * master key: pk fingerprint, dims, B̂*₀ (3 × 5 scalars), then per category the 2n_t
//!   vectors of B̂*_t (N_t scalars each);
//! * user key: pk fingerprint, dims, attribute list (string `t1=3,t2=x`, canonical order),
//!   k*₀ (5 × G2), count (u32 BE) = number of categories in the list, then k*_t (N_t × G2) for
//!   each listed category in increasing order;
//! * ciphertext: pk fingerprint, dims, policy (string), c₀ (5 × G1), row count (u32 BE), then
//!   c_i (N_t × G1, t the category of row i of the policy's span program).
//!
//! Loading checks the header (magic, version, scheme, curve, kind), exact lengths, that every
//! field element is canonical, every point on the curve, in its prime-order subgroup and not the
//! point at infinity, every GT element in GT and not 1 (so no degenerate public key — FAME
//! T₁ = 1 or T₂ = 1, OT10 g_T = 1 — whose ciphertexts would be readable without a key), master
//! key scalars non-zero, attribute lists and policies parse, and that nothing trails the body;
//! each failure is a [`SerialError`].
//!
//! # Limits
//!
//! Every count is checked against the bytes that remain before anything is allocated for it,
//! and the declared sizes against documented limits, so that the memory and time of loading
//! and using an object grow with what an honest object of its size costs:
//! * a body is at most [`MAX_BODY`] bytes;
//! * a policy string at most [`crate::policy::MAX_POLICY_LEN`] bytes, its span program at
//!   most [`crate::policy::MAX_ROWS`] rows (a FAME ciphertext declaring more rows is refused
//!   by the decoder) and [`crate::policy::MAX_ENTRIES`] non-zero entries (bounds threshold
//!   gates);
//! * an attribute list at most [`crate::policy::MAX_KEY_ATTRS`] attributes after expansion
//!   (a numeric attribute counts [`crate::policy::NUM_BITS`]), checked on the list before
//!   the key's components are read;
//! * OT10 dimensions 1 ≤ d ≤ [`ot10::MAX_CATEGORIES`], 2 ≤ n_t ≤ [`ot10::MAX_DIM`].

use core::fmt;

use hayate_pairing::encoding::EncodingError;
use hayate_pairing::Gt;

use crate::curve::{curve_name, FeCurve, Scalar, G1, G2};
use crate::fame;
use crate::ot10;
use crate::policy::{Attributes, Policy, MAX_ROWS};

/// The four bytes every object starts with.
pub const MAGIC: &[u8; 4] = b"HYFE";
/// The format version written, and the only one read.
pub const VERSION: u8 = 1;
/// Bytes of the header: magic, version, scheme, curve, kind, body length.
pub const HEADER_LEN: usize = 12;
/// Largest accepted body (bytes).
pub const MAX_BODY: usize = 64 << 20;

/// Scheme identifiers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scheme {
    /// FAME CP-ABE ([`crate::fame`]).
    Fame = 1,
    /// Okamoto–Takashima CP-FE ([`crate::ot10`]).
    Ot10 = 2,
}

/// Object kinds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// A public key.
    PublicKey = 1,
    /// A master secret key.
    MasterKey = 2,
    /// A user (decryption) key.
    UserKey = 3,
    /// A ciphertext (its key-encapsulation part).
    Ciphertext = 4,
}

impl Kind {
    fn name(k: u8) -> &'static str {
        match k {
            1 => "public key",
            2 => "master key",
            3 => "user key",
            4 => "ciphertext",
            _ => "unknown object",
        }
    }
}

/// Why bytes do not load.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SerialError {
    /// The input does not start with [`MAGIC`].
    BadMagic,
    /// A format version other than [`VERSION`] (the version byte found).
    UnsupportedVersion(u8),
    /// A scheme byte that is no [`Scheme`] (the byte found).
    UnknownScheme(u8),
    /// An object of another scheme than the one asked for.
    WrongScheme {
        /// The scheme asked for ([`Scheme`] as a byte).
        expected: u8,
        /// The scheme in the header.
        found: u8,
    },
    /// A curve byte that names no curve of [`crate::curve::CURVES`] (the byte found).
    UnknownCurve(u8),
    /// An object for another curve than the one asked for.
    CurveMismatch {
        /// The curve asked for ([`FeCurve::ID`]).
        expected: u8,
        /// The curve in the header.
        found: u8,
    },
    /// An object of another kind than the one asked for (e.g. a public key where a user key
    /// is expected).
    WrongKind {
        /// The kind asked for ([`Kind`] as a byte).
        expected: u8,
        /// The kind in the header.
        found: u8,
    },
    /// The input ends before the header, the declared body or a field does, or a declared
    /// count of items does not fit in the bytes that remain.
    Truncated,
    /// Bytes remain after the object, or inside its body after the last field.
    TrailingBytes,
    /// The header declares a body longer than [`MAX_BODY`].
    TooLarge,
    /// A G1 or G2 encoding refused by the curve's decoder (length, canonicity, curve equation
    /// or subgroup; the decoder's reason).
    InvalidPoint(EncodingError),
    /// A scalar that is not canonical (not below the group order r), or zero where the
    /// format requires a non-zero scalar.
    InvalidScalar,
    /// A GT encoding that is not 12 canonical Fp coordinates of an element of GT.
    InvalidGt,
    /// A point at infinity or a GT element equal to 1: never part of an honest key or
    /// ciphertext, and a degenerate public key (e.g. FAME T₁ = T₂ = 1, OT10 g_T = 1) would let
    /// anyone read what is encrypted under it.
    Identity,
    /// A string field that is not UTF-8.
    InvalidString,
    /// A user key's attribute list that does not parse, is not canonical (OT10), names a
    /// category outside the setup (OT10), or does not match the number of key components (the
    /// reason).
    InvalidAttributes(String),
    /// A ciphertext's policy that does not parse or compile, or whose row count does not match
    /// its span program or exceeds [`MAX_ROWS`] (the reason).
    InvalidPolicy(String),
    /// Scheme parameters out of range (OT10 dimensions).
    InvalidParams(String),
}

impl fmt::Display for SerialError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let cn = |c: &u8| curve_name(*c).unwrap_or("unknown");
        match self {
            SerialError::BadMagic => f.write_str("not a hayate FE file (bad magic)"),
            SerialError::UnsupportedVersion(v) => write!(f, "unsupported format version {v}"),
            SerialError::UnknownScheme(s) => write!(f, "unknown scheme {s}"),
            SerialError::WrongScheme { expected, found } => {
                write!(f, "scheme mismatch: expected {expected}, found {found}")
            }
            SerialError::UnknownCurve(c) => write!(f, "unknown curve {c}"),
            SerialError::CurveMismatch { expected, found } => {
                write!(
                    f,
                    "curve mismatch: expected {}, found {}",
                    cn(expected),
                    cn(found)
                )
            }
            SerialError::WrongKind { expected, found } => {
                write!(
                    f,
                    "expected a {}, found a {}",
                    Kind::name(*expected),
                    Kind::name(*found)
                )
            }
            SerialError::Truncated => f.write_str("truncated data"),
            SerialError::TrailingBytes => f.write_str("trailing bytes after the object"),
            SerialError::TooLarge => f.write_str("object too large"),
            SerialError::InvalidPoint(e) => write!(f, "invalid point: {e}"),
            SerialError::InvalidScalar => f.write_str("invalid scalar"),
            SerialError::InvalidGt => f.write_str("invalid GT element"),
            SerialError::Identity => f.write_str(
                "identity element (point at infinity or GT element 1): degenerate key or ciphertext",
            ),
            SerialError::InvalidString => f.write_str("invalid string"),
            SerialError::InvalidAttributes(e) => write!(f, "invalid attribute list: {e}"),
            SerialError::InvalidPolicy(e) => write!(f, "invalid policy: {e}"),
            SerialError::InvalidParams(e) => write!(f, "invalid parameters: {e}"),
        }
    }
}
impl std::error::Error for SerialError {}

/// A parsed object header.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Header {
    /// The scheme byte (a known [`Scheme`]).
    pub scheme: u8,
    /// The curve byte (a known curve of [`crate::curve::CURVES`]).
    pub curve: u8,
    /// The kind byte (not checked by [`read_header`]).
    pub kind: u8,
    /// The body length in bytes (at most [`MAX_BODY`], and present in the input).
    pub body_len: usize,
}

/// Parses and checks the header (magic, version, known scheme and curve, body length present).
pub fn read_header(b: &[u8]) -> Result<Header, SerialError> {
    if b.len() < HEADER_LEN {
        return Err(if b.len() >= 4 && &b[..4] != MAGIC {
            SerialError::BadMagic
        } else {
            SerialError::Truncated
        });
    }
    if &b[..4] != MAGIC {
        return Err(SerialError::BadMagic);
    }
    if b[4] != VERSION {
        return Err(SerialError::UnsupportedVersion(b[4]));
    }
    if !(1..=2).contains(&b[5]) {
        return Err(SerialError::UnknownScheme(b[5]));
    }
    if curve_name(b[6]).is_none() {
        return Err(SerialError::UnknownCurve(b[6]));
    }
    let body_len = u32::from_be_bytes([b[8], b[9], b[10], b[11]]) as usize;
    if body_len > MAX_BODY {
        return Err(SerialError::TooLarge);
    }
    if b.len() < HEADER_LEN + body_len {
        return Err(SerialError::Truncated);
    }
    Ok(Header {
        scheme: b[5],
        curve: b[6],
        kind: b[7],
        body_len,
    })
}

fn wrap(scheme: Scheme, curve: u8, kind: Kind, body: Vec<u8>) -> Vec<u8> {
    let mut out = Vec::with_capacity(HEADER_LEN + body.len());
    out.extend_from_slice(MAGIC);
    out.extend_from_slice(&[VERSION, scheme as u8, curve, kind as u8]);
    out.extend_from_slice(&(body.len() as u32).to_be_bytes());
    out.extend_from_slice(&body);
    out
}

/// Checks the header against what is expected; returns the body and the total object length.
fn unwrap(b: &[u8], scheme: Scheme, curve: u8, kind: Kind) -> Result<(&[u8], usize), SerialError> {
    let h = read_header(b)?;
    if h.scheme != scheme as u8 {
        return Err(SerialError::WrongScheme {
            expected: scheme as u8,
            found: h.scheme,
        });
    }
    if h.curve != curve {
        return Err(SerialError::CurveMismatch {
            expected: curve,
            found: h.curve,
        });
    }
    if h.kind != kind as u8 {
        return Err(SerialError::WrongKind {
            expected: kind as u8,
            found: h.kind,
        });
    }
    Ok((
        &b[HEADER_LEN..HEADER_LEN + h.body_len],
        HEADER_LEN + h.body_len,
    ))
}

/// Body writer.
pub struct W<E, const N: usize> {
    /// The body written so far.
    pub buf: Vec<u8>,
    _e: core::marker::PhantomData<E>,
}

/// The body's length only (a body may hold a secret key).
impl<E, const N: usize> core::fmt::Debug for W<E, N> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("W")
            .field("len", &self.buf.len())
            .finish_non_exhaustive()
    }
}

impl<E: FeCurve<N>, const N: usize> W<E, N> {
    /// An empty writer.
    pub fn new() -> Self {
        W {
            buf: Vec::new(),
            _e: core::marker::PhantomData,
        }
    }
    /// Appends raw bytes.
    pub fn bytes(&mut self, b: &[u8]) {
        self.buf.extend_from_slice(b);
    }
    /// Appends a u32, big-endian.
    pub fn u32(&mut self, v: u32) {
        self.buf.extend_from_slice(&v.to_be_bytes());
    }
    /// Appends a string: its length (u32 BE) ‖ its UTF-8 bytes.
    pub fn str(&mut self, s: &str) {
        self.u32(s.len() as u32);
        self.bytes(s.as_bytes());
    }
    /// Appends a G1 point in the curve's encoding ([`FeCurve::g1_to_bytes`]).
    pub fn g1(&mut self, p: &G1<E, N>) {
        E::g1_to_bytes(p, &mut self.buf)
    }
    /// Appends a G2 point in the curve's encoding ([`FeCurve::g2_to_bytes`]).
    pub fn g2(&mut self, p: &G2<E, N>) {
        E::g2_to_bytes(p, &mut self.buf)
    }
    /// Appends a scalar, 32 bytes big-endian (canonical).
    pub fn scalar(&mut self, s: &Scalar<E, N>) {
        let mut b = [0u8; 32];
        s.write_bytes_be(&mut b);
        self.bytes(&b);
    }
    /// Appends a GT element as its 12 big-endian Fp coordinates ([`Gt::to_bytes`]).
    pub fn gt(&mut self, g: &Gt<E, N>) {
        self.bytes(&g.to_bytes())
    }
}

impl<E: FeCurve<N>, const N: usize> Default for W<E, N> {
    fn default() -> Self {
        Self::new()
    }
}

/// Body reader with validation.
pub struct R<'a, E, const N: usize> {
    b: &'a [u8],
    _e: core::marker::PhantomData<E>,
}

/// The length left to read only (a body may hold a secret key).
impl<E, const N: usize> core::fmt::Debug for R<'_, E, N> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("R")
            .field("remaining", &self.b.len())
            .finish_non_exhaustive()
    }
}

impl<'a, E: FeCurve<N>, const N: usize> R<'a, E, N> {
    /// A reader over a body.
    pub fn new(b: &'a [u8]) -> Self {
        R {
            b,
            _e: core::marker::PhantomData,
        }
    }
    /// The next `n` bytes; [`SerialError::Truncated`] if fewer remain.
    pub fn take(&mut self, n: usize) -> Result<&'a [u8], SerialError> {
        if self.b.len() < n {
            return Err(SerialError::Truncated);
        }
        let (h, t) = self.b.split_at(n);
        self.b = t;
        Ok(h)
    }
    /// The number of bytes not read yet.
    pub fn remaining(&self) -> usize {
        self.b.len()
    }
    /// A big-endian u32.
    pub fn u32(&mut self) -> Result<u32, SerialError> {
        let s = self.take(4)?;
        Ok(u32::from_be_bytes([s[0], s[1], s[2], s[3]]))
    }
    /// A string written by [`W::str`]: [`SerialError::Truncated`] if its declared length
    /// exceeds what remains, [`SerialError::InvalidString`] if it is not UTF-8.
    pub fn str(&mut self) -> Result<String, SerialError> {
        let n = self.u32()? as usize;
        let s = self.take(n)?;
        String::from_utf8(s.to_vec()).map_err(|_| SerialError::InvalidString)
    }
    /// A G1 point: canonical, on the curve, in the subgroup, not the identity.
    pub fn g1(&mut self) -> Result<G1<E, N>, SerialError> {
        self.point(E::G1_BYTES, E::g1_from_bytes)
    }
    /// A G2 point: canonical, on the curve, in the subgroup, not the identity.
    pub fn g2(&mut self) -> Result<G2<E, N>, SerialError> {
        self.point(E::G2_BYTES, E::g2_from_bytes)
    }
    /// A G1 point of a secret key: [`Self::g1`]'s checks, in constant time for a valid point
    /// ([`FeCurve::g1_from_bytes_secret`]).
    pub fn g1_secret(&mut self) -> Result<G1<E, N>, SerialError> {
        self.point(E::G1_BYTES, E::g1_from_bytes_secret)
    }
    /// A G2 point of a secret key ([`FeCurve::g2_from_bytes_secret`]).
    pub fn g2_secret(&mut self) -> Result<G2<E, N>, SerialError> {
        self.point(E::G2_BYTES, E::g2_from_bytes_secret)
    }
    /// The next `len` bytes decoded by `decode`; the identity refused (the decoders' verdict
    /// on it is public).
    fn point<C: hayate_ec::CurveParams>(
        &mut self,
        len: usize,
        decode: fn(&[u8]) -> Result<hayate_ec::Affine<C>, EncodingError>,
    ) -> Result<hayate_ec::Affine<C>, SerialError> {
        let p = decode(self.take(len)?).map_err(SerialError::InvalidPoint)?;
        if hayate_arith::valgrind::declassify(bool::from(p.is_identity())) {
            return Err(SerialError::Identity);
        }
        Ok(p)
    }
    /// A 32-byte big-endian scalar; [`SerialError::InvalidScalar`] unless canonical (below r).
    pub fn scalar(&mut self) -> Result<Scalar<E, N>, SerialError> {
        Option::from(Scalar::<E, N>::from_bytes_be(self.take(32)?))
            .ok_or(SerialError::InvalidScalar)
    }
    /// [`Self::scalar`], also refusing zero ([`SerialError::InvalidScalar`]).
    pub fn nonzero_scalar(&mut self) -> Result<Scalar<E, N>, SerialError> {
        let s = self.scalar()?;
        if bool::from(s.is_zero()) {
            return Err(SerialError::InvalidScalar);
        }
        Ok(s)
    }
    /// A GT element ([`Gt::from_bytes`]): [`SerialError::InvalidGt`] unless 12 canonical Fp
    /// coordinates of an element of GT, [`SerialError::Identity`] for 1.
    pub fn gt(&mut self) -> Result<Gt<E, N>, SerialError> {
        let l = 12 * hayate_arith::Fp::<E::Fp, N>::BYTES;
        let g = Gt::from_bytes(self.take(l)?).ok_or(SerialError::InvalidGt)?;
        if bool::from(g.is_identity()) {
            return Err(SerialError::Identity);
        }
        Ok(g)
    }
    /// A 16-byte public-key fingerprint.
    pub fn id(&mut self) -> Result<[u8; 16], SerialError> {
        let mut out = [0u8; 16];
        out.copy_from_slice(self.take(16)?);
        Ok(out)
    }
    /// [`SerialError::TrailingBytes`] unless the whole body has been read.
    pub fn finish(&self) -> Result<(), SerialError> {
        if self.b.is_empty() {
            Ok(())
        } else {
            Err(SerialError::TrailingBytes)
        }
    }
    /// A count of items of `item` bytes each that must fit in what is left.
    pub fn count(&mut self, item: usize) -> Result<usize, SerialError> {
        let n = self.u32()? as usize;
        if n.saturating_mul(item) > self.remaining() {
            return Err(SerialError::Truncated);
        }
        Ok(n)
    }
}

// ---------------------------------------------------------------------------------------------
// FAME objects

/// Serializes a FAME public key (header, then H₁, H₂, T₁, T₂).
pub fn fame_pk_to_bytes<E: FeCurve<N>, const N: usize>(pk: &fame::PublicKey<E, N>) -> Vec<u8> {
    let mut w = W::<E, N>::new();
    pk.h_a.iter().for_each(|p| w.g2(p));
    pk.t.iter().for_each(|t| w.gt(t));
    wrap(Scheme::Fame, E::ID, Kind::PublicKey, w.buf)
}

/// Loads a FAME public key for curve `E` with the checks of the module docs: exactly one
/// object (nothing after it), H₁, H₂ valid points of G2 and T₁, T₂ elements of GT, none the
/// identity ([`SerialError::Identity`]).
pub fn fame_pk_from_bytes<E: FeCurve<N>, const N: usize>(
    b: &[u8],
) -> Result<fame::PublicKey<E, N>, SerialError> {
    let (body, len) = unwrap(b, Scheme::Fame, E::ID, Kind::PublicKey)?;
    if len != b.len() {
        return Err(SerialError::TrailingBytes);
    }
    let mut r = R::<E, N>::new(body);
    let pk = fame::PublicKey {
        h_a: [r.g2()?, r.g2()?],
        t: [r.gt()?, r.gt()?],
    };
    r.finish()?;
    Ok(pk)
}

/// Serializes a FAME master key (header, then the pk fingerprint, a₁, a₂, b₁, b₂,
/// g^{d₁}, g^{d₂}, g^{d₃}).
pub fn fame_msk_to_bytes<E: FeCurve<N>, const N: usize>(msk: &fame::MasterKey<E, N>) -> Vec<u8> {
    let mut w = W::<E, N>::new();
    w.bytes(&msk.pk_id);
    msk.a.iter().chain(msk.b.iter()).for_each(|s| w.scalar(s));
    msk.g_d.iter().for_each(|p| w.g1(p));
    wrap(Scheme::Fame, E::ID, Kind::MasterKey, w.buf)
}

/// Loads a FAME master key for curve `E`: exactly one object; the scalars must be canonical
/// and non-zero; the points are decoded by the decoder for secret points (constant time for
/// valid encodings, [`FeCurve::g1_from_bytes_secret`]).
pub fn fame_msk_from_bytes<E: FeCurve<N>, const N: usize>(
    b: &[u8],
) -> Result<fame::MasterKey<E, N>, SerialError> {
    let (body, len) = unwrap(b, Scheme::Fame, E::ID, Kind::MasterKey)?;
    if len != b.len() {
        return Err(SerialError::TrailingBytes);
    }
    let mut r = R::<E, N>::new(body);
    let pk_id = r.id()?;
    let a = [r.nonzero_scalar()?, r.nonzero_scalar()?];
    let bb = [r.nonzero_scalar()?, r.nonzero_scalar()?];
    let g_d = [r.g1_secret()?, r.g1_secret()?, r.g1_secret()?];
    r.finish()?;
    Ok(fame::MasterKey {
        a,
        b: bb,
        g_d,
        pk_id,
    })
}

/// Serializes a FAME user key (header, then the pk fingerprint, the attribute list, sk₀,
/// sk', and the components of every expanded attribute in lexicographic order).
pub fn fame_sk_to_bytes<E: FeCurve<N>, const N: usize>(sk: &fame::SecretKey<E, N>) -> Vec<u8> {
    let mut w = W::<E, N>::new();
    w.bytes(&sk.pk_id);
    w.str(&sk.attrs.to_string());
    sk.sk0.iter().for_each(|p| w.g2(p));
    sk.sk_prime.iter().for_each(|p| w.g1(p));
    w.u32(sk.sk.len() as u32);
    for v in sk.sk.values() {
        v.iter().for_each(|p| w.g1(p));
    }
    wrap(Scheme::Fame, E::ID, Kind::UserKey, w.buf)
}

/// Loads a FAME user key for curve `E`: exactly one object; the attribute list must parse
/// (within [`crate::policy::MAX_KEY_ATTRS`]) and its expansion match the component count
/// ([`SerialError::InvalidAttributes`]); the points are decoded by the decoders for secret
/// points (constant time for valid encodings).
pub fn fame_sk_from_bytes<E: FeCurve<N>, const N: usize>(
    b: &[u8],
) -> Result<fame::SecretKey<E, N>, SerialError> {
    let (body, len) = unwrap(b, Scheme::Fame, E::ID, Kind::UserKey)?;
    if len != b.len() {
        return Err(SerialError::TrailingBytes);
    }
    let mut r = R::<E, N>::new(body);
    let pk_id = r.id()?;
    let attrs =
        Attributes::parse(&r.str()?).map_err(|e| SerialError::InvalidAttributes(e.to_string()))?;
    let sk0 = [r.g2_secret()?, r.g2_secret()?, r.g2_secret()?];
    let sk_prime = [r.g1_secret()?, r.g1_secret()?, r.g1_secret()?];
    let expanded = attrs.expand();
    let n = r.count(3 * E::G1_BYTES)?;
    if n != expanded.len() {
        return Err(SerialError::InvalidAttributes(
            "component count does not match the attribute list".into(),
        ));
    }
    let mut sk = std::collections::BTreeMap::new();
    for y in expanded {
        sk.insert(y, [r.g1_secret()?, r.g1_secret()?, r.g1_secret()?]);
    }
    r.finish()?;
    Ok(fame::SecretKey {
        attrs,
        sk0,
        sk,
        sk_prime,
        pk_id,
    })
}

/// Serializes a FAME ciphertext (header, then the pk fingerprint, the policy, ct₀ and the
/// rows); a hybrid stream may be appended after it.
pub fn fame_ct_to_bytes<E: FeCurve<N>, const N: usize>(ct: &fame::Ciphertext<E, N>) -> Vec<u8> {
    let mut w = W::<E, N>::new();
    w.bytes(&ct.pk_id);
    w.str(&ct.policy);
    ct.ct0.iter().for_each(|p| w.g2(p));
    w.u32(ct.rows.len() as u32);
    for row in &ct.rows {
        row.iter().for_each(|p| w.g1(p));
    }
    wrap(Scheme::Fame, E::ID, Kind::Ciphertext, w.buf)
}

/// Loads a ciphertext object at the start of `b`; returns it and its length in bytes (a
/// hybrid stream may follow).
pub fn fame_ct_from_bytes<E: FeCurve<N>, const N: usize>(
    b: &[u8],
) -> Result<(fame::Ciphertext<E, N>, usize), SerialError> {
    let (body, len) = unwrap(b, Scheme::Fame, E::ID, Kind::Ciphertext)?;
    let mut r = R::<E, N>::new(body);
    let pk_id = r.id()?;
    let policy = r.str()?;
    Policy::parse(&policy).map_err(|e| SerialError::InvalidPolicy(e.to_string()))?;
    let ct0 = [r.g2()?, r.g2()?, r.g2()?];
    let n = r.count(3 * E::G1_BYTES)?;
    if n > MAX_ROWS {
        return Err(SerialError::InvalidPolicy(format!(
            "{n} rows, a policy has at most {MAX_ROWS}"
        )));
    }
    let mut rows = Vec::with_capacity(n);
    for _ in 0..n {
        rows.push([r.g1()?, r.g1()?, r.g1()?]);
    }
    r.finish()?;
    Ok((
        fame::Ciphertext {
            policy,
            ct0,
            rows,
            pk_id,
        },
        len,
    ))
}

// ---------------------------------------------------------------------------------------------
// OT10 objects

fn ot10_dims_write<E: FeCurve<N>, const N: usize>(w: &mut W<E, N>, dims: &[usize]) {
    w.u32(dims.len() as u32);
    dims.iter().for_each(|n| w.u32(*n as u32));
}

fn ot10_dims_read<E: FeCurve<N>, const N: usize>(
    r: &mut R<'_, E, N>,
) -> Result<Vec<usize>, SerialError> {
    let d = r.u32()? as usize;
    if d == 0 || d > ot10::MAX_CATEGORIES {
        return Err(SerialError::InvalidParams(format!("{d} categories")));
    }
    let dims = (0..d)
        .map(|_| r.u32().map(|n| n as usize))
        .collect::<Result<Vec<_>, _>>()?;
    ot10::check_dims(&dims).map_err(|e| SerialError::InvalidParams(e.to_string()))?;
    Ok(dims)
}

/// `count` G1 vectors of `len` points.
fn g1_vectors<E: FeCurve<N>, const N: usize>(
    r: &mut R<'_, E, N>,
    count: usize,
    len: usize,
) -> Result<Vec<Vec<G1<E, N>>>, SerialError> {
    if count * len * E::G1_BYTES > r.remaining() {
        return Err(SerialError::Truncated);
    }
    (0..count)
        .map(|_| (0..len).map(|_| r.g1()).collect())
        .collect()
}

fn unwrap_whole(b: &[u8], kind: Kind, curve: u8) -> Result<&[u8], SerialError> {
    let (body, len) = unwrap(b, Scheme::Ot10, curve, kind)?;
    if len != b.len() {
        return Err(SerialError::TrailingBytes);
    }
    Ok(body)
}

/// Serializes an OT10 public key (header, then dims, g_T, B̂₀ and each B̂_t).
pub fn ot10_pk_to_bytes<E: FeCurve<N>, const N: usize>(pk: &ot10::PublicKey<E, N>) -> Vec<u8> {
    let mut w = W::<E, N>::new();
    ot10_dims_write(&mut w, &pk.dims);
    w.gt(&pk.g_t);
    pk.b0
        .iter()
        .chain(pk.bt.iter().flatten())
        .flatten()
        .for_each(|p| w.g1(p));
    wrap(Scheme::Ot10, E::ID, Kind::PublicKey, w.buf)
}

/// Loads an OT10 public key for curve `E`: exactly one object; dimensions in range
/// ([`SerialError::InvalidParams`]), [`SerialError::Identity`] for g_T = 1.
pub fn ot10_pk_from_bytes<E: FeCurve<N>, const N: usize>(
    b: &[u8],
) -> Result<ot10::PublicKey<E, N>, SerialError> {
    let mut r = R::<E, N>::new(unwrap_whole(b, Kind::PublicKey, E::ID)?);
    let dims = ot10_dims_read(&mut r)?;
    let g_t = r.gt()?;
    let b0 = g1_vectors(&mut r, 3, ot10::N0)?;
    let mut bt = Vec::with_capacity(dims.len());
    for &n in &dims {
        bt.push(g1_vectors(&mut r, n + 1, 3 * n + 1)?);
    }
    r.finish()?;
    Ok(ot10::PublicKey { dims, g_t, b0, bt })
}

/// Serializes an OT10 master key (header, then the pk fingerprint, dims, B̂*₀ and each B̂*_t
/// as scalars).
pub fn ot10_msk_to_bytes<E: FeCurve<N>, const N: usize>(msk: &ot10::MasterKey<E, N>) -> Vec<u8> {
    let mut w = W::<E, N>::new();
    w.bytes(&msk.pk_id);
    ot10_dims_write(&mut w, &msk.dims);
    msk.b0_star
        .iter()
        .chain(msk.bt_star.iter().flatten())
        .flatten()
        .for_each(|s| w.scalar(s));
    wrap(Scheme::Ot10, E::ID, Kind::MasterKey, w.buf)
}

/// Loads an OT10 master key for curve `E`: exactly one object; dimensions in range, every
/// scalar canonical.
pub fn ot10_msk_from_bytes<E: FeCurve<N>, const N: usize>(
    b: &[u8],
) -> Result<ot10::MasterKey<E, N>, SerialError> {
    let mut r = R::<E, N>::new(unwrap_whole(b, Kind::MasterKey, E::ID)?);
    let pk_id = r.id()?;
    let dims = ot10_dims_read(&mut r)?;
    let mut vectors = |count: usize, len: usize| -> Result<Vec<Vec<Scalar<E, N>>>, SerialError> {
        if count * len * 32 > r.remaining() {
            return Err(SerialError::Truncated);
        }
        (0..count)
            .map(|_| (0..len).map(|_| r.scalar()).collect())
            .collect()
    };
    let b0_star = vectors(3, ot10::N0)?;
    let mut bt_star = Vec::with_capacity(dims.len());
    for &n in &dims {
        bt_star.push(vectors(2 * n, 3 * n + 1)?);
    }
    r.finish()?;
    Ok(ot10::MasterKey {
        dims,
        b0_star,
        bt_star,
        pk_id,
    })
}

/// Serializes an OT10 user key (header, then the pk fingerprint, dims, the attribute list,
/// k*₀ and k*_t for each listed category in increasing order).
pub fn ot10_sk_to_bytes<E: FeCurve<N>, const N: usize>(sk: &ot10::UserKey<E, N>) -> Vec<u8> {
    let mut w = W::<E, N>::new();
    w.bytes(&sk.pk_id);
    ot10_dims_write(&mut w, &sk.dims);
    w.str(&sk.attrs.to_string());
    sk.k0.iter().for_each(|p| w.g2(p));
    w.u32(sk.kt.len() as u32);
    sk.kt.values().flatten().for_each(|p| w.g2(p));
    wrap(Scheme::Ot10, E::ID, Kind::UserKey, w.buf)
}

/// Loads an OT10 user key for curve `E`: exactly one object; the attribute list must parse, be
/// in canonical form, name only categories of the setup and match the component count
/// ([`SerialError::InvalidAttributes`]); the points are decoded by the decoder for secret
/// points (constant time for valid encodings, [`FeCurve::g2_from_bytes_secret`]).
pub fn ot10_sk_from_bytes<E: FeCurve<N>, const N: usize>(
    b: &[u8],
) -> Result<ot10::UserKey<E, N>, SerialError> {
    let mut r = R::<E, N>::new(unwrap_whole(b, Kind::UserKey, E::ID)?);
    let pk_id = r.id()?;
    let dims = ot10_dims_read(&mut r)?;
    let s = r.str()?;
    let attrs =
        ot10::AttrSet::parse(&s).map_err(|e| SerialError::InvalidAttributes(e.to_string()))?;
    if attrs.to_string() != s {
        return Err(SerialError::InvalidAttributes(
            "attribute list not in canonical form".into(),
        ));
    }
    if let Some(t) = attrs.values.keys().find(|t| **t > dims.len()) {
        return Err(SerialError::InvalidAttributes(format!(
            "category t{t} outside t1..t{}",
            dims.len()
        )));
    }
    let k0 = (0..ot10::N0)
        .map(|_| r.g2_secret())
        .collect::<Result<Vec<_>, _>>()?;
    if r.u32()? as usize != attrs.values.len() {
        return Err(SerialError::InvalidAttributes(
            "component count does not match the attribute list".into(),
        ));
    }
    let mut kt = std::collections::BTreeMap::new();
    for &t in attrs.values.keys() {
        let len = 3 * dims[t - 1] + 1;
        if len * E::G2_BYTES > r.remaining() {
            return Err(SerialError::Truncated);
        }
        kt.insert(
            t,
            (0..len)
                .map(|_| r.g2_secret())
                .collect::<Result<Vec<_>, _>>()?,
        );
    }
    r.finish()?;
    Ok(ot10::UserKey {
        attrs,
        dims,
        k0,
        kt,
        pk_id,
    })
}

/// Serializes an OT10 ciphertext (header, then the pk fingerprint, dims, the policy, c₀ and
/// the rows); a hybrid stream may be appended after it.
pub fn ot10_ct_to_bytes<E: FeCurve<N>, const N: usize>(ct: &ot10::Ciphertext<E, N>) -> Vec<u8> {
    let mut w = W::<E, N>::new();
    w.bytes(&ct.pk_id);
    ot10_dims_write(&mut w, &ct.dims);
    w.str(&ct.policy);
    ct.c0.iter().for_each(|p| w.g1(p));
    w.u32(ct.rows.len() as u32);
    ct.rows.iter().flatten().for_each(|p| w.g1(p));
    wrap(Scheme::Ot10, E::ID, Kind::Ciphertext, w.buf)
}

/// Loads a ciphertext object at the start of `b`; returns it and its length in bytes (a
/// hybrid stream may follow). The policy is compiled to know every row's length.
pub fn ot10_ct_from_bytes<E: FeCurve<N>, const N: usize>(
    b: &[u8],
) -> Result<(ot10::Ciphertext<E, N>, usize), SerialError> {
    let (body, len) = unwrap(b, Scheme::Ot10, E::ID, Kind::Ciphertext)?;
    let mut r = R::<E, N>::new(body);
    let pk_id = r.id()?;
    let dims = ot10_dims_read(&mut r)?;
    let policy = r.str()?;
    let compiled = ot10::compile::<E, N>(&policy, dims.len())
        .map_err(|e| SerialError::InvalidPolicy(e.to_string()))?;
    let lens = ot10::row_lengths(&compiled, &dims);
    let c0 = (0..ot10::N0)
        .map(|_| r.g1())
        .collect::<Result<Vec<_>, _>>()?;
    if r.u32()? as usize != lens.len() {
        return Err(SerialError::InvalidPolicy(
            "row count does not match the policy".into(),
        ));
    }
    if lens.iter().sum::<usize>() * E::G1_BYTES > r.remaining() {
        return Err(SerialError::Truncated);
    }
    let rows = lens
        .iter()
        .map(|&l| (0..l).map(|_| r.g1()).collect())
        .collect::<Result<Vec<_>, _>>()?;
    r.finish()?;
    Ok((
        ot10::Ciphertext {
            policy,
            dims,
            c0,
            rows,
            pk_id,
        },
        len,
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use hayate_pairing::bls12_381::Bls12381;
    use hayate_pairing::bn254_beuchat::Bn254Beuchat;
    use rand::SeedableRng;

    #[test]
    fn fame_objects_roundtrip_and_reject() {
        let mut rng = rand::rngs::StdRng::seed_from_u64(5);
        let (pk, msk) = fame::setup::<Bls12381, 6>(&mut rng);
        let sk = fame::keygen(&msk, &Attributes::parse("a,dept=x").unwrap(), &mut rng);
        let (ct, _) = fame::encapsulate(&pk, "a and dept=x", &mut rng).unwrap();
        let pkb = fame_pk_to_bytes(&pk);
        let mskb = fame_msk_to_bytes(&msk);
        let skb = fame_sk_to_bytes(&sk);
        let ctb = fame_ct_to_bytes(&ct);
        assert_eq!(fame_pk_from_bytes::<Bls12381, 6>(&pkb).unwrap(), pk);
        assert_eq!(fame_msk_from_bytes::<Bls12381, 6>(&mskb).unwrap(), msk);
        assert_eq!(fame_sk_from_bytes::<Bls12381, 6>(&skb).unwrap(), sk);
        assert_eq!(
            fame_ct_from_bytes::<Bls12381, 6>(&ctb).unwrap(),
            (ct, ctb.len())
        );
        // wrong kind / curve / magic / version / truncation / trailing
        assert_eq!(
            fame_sk_from_bytes::<Bls12381, 6>(&pkb).unwrap_err(),
            SerialError::WrongKind {
                expected: 3,
                found: 1
            }
        );
        assert_eq!(
            fame_pk_from_bytes::<Bn254Beuchat, 4>(&pkb).unwrap_err(),
            SerialError::CurveMismatch {
                expected: 2,
                found: 1
            }
        );
        let mut x = pkb.clone();
        x[0] = b'X';
        assert_eq!(
            fame_pk_from_bytes::<Bls12381, 6>(&x).unwrap_err(),
            SerialError::BadMagic
        );
        let mut x = pkb.clone();
        x[4] = 9;
        assert_eq!(
            fame_pk_from_bytes::<Bls12381, 6>(&x).unwrap_err(),
            SerialError::UnsupportedVersion(9)
        );
        for cut in [0, 5, 12, 100, pkb.len() - 1] {
            assert!(fame_pk_from_bytes::<Bls12381, 6>(&pkb[..cut]).is_err());
        }
        let mut x = pkb.clone();
        x.push(0);
        assert_eq!(
            fame_pk_from_bytes::<Bls12381, 6>(&x).unwrap_err(),
            SerialError::TrailingBytes
        );
        // every single-bit flip of a key is rejected or changes the key
        for i in (HEADER_LEN..skb.len()).step_by(7) {
            let mut x = skb.clone();
            x[i] ^= 0x04;
            if let Ok(k) = fame_sk_from_bytes::<Bls12381, 6>(&x) {
                assert_ne!(k, sk);
            }
        }
        // a GT element off the subgroup
        let mut x = pkb.clone();
        let n = x.len();
        x[n - 1] ^= 1;
        assert_eq!(
            fame_pk_from_bytes::<Bls12381, 6>(&x).unwrap_err(),
            SerialError::InvalidGt
        );
    }

    /// Degenerate keys and ciphertexts: a FAME public key with T₁ = T₂ = 1 (its ciphertexts
    /// would carry the message key in the clear), an OT10 public key with g_T = 1, and the
    /// point at infinity in a public key, a user key or a ciphertext, are all refused.
    #[test]
    fn degenerate_objects_are_refused() {
        type E = Bn254Beuchat;
        let mut rng = rand::rngs::StdRng::seed_from_u64(6);
        let (pk, msk) = fame::setup::<E, 4>(&mut rng);
        let one = Gt::<E, 4>::identity();
        let mut bad = pk.clone();
        bad.t = [one, one];
        assert_eq!(
            fame_pk_from_bytes::<E, 4>(&fame_pk_to_bytes(&bad)).unwrap_err(),
            SerialError::Identity
        );
        let mut bad = pk.clone();
        bad.t[1] = one;
        assert_eq!(
            fame_pk_from_bytes::<E, 4>(&fame_pk_to_bytes(&bad)).unwrap_err(),
            SerialError::Identity
        );
        let mut bad = pk.clone();
        bad.h_a[0] = hayate_ec::Affine::identity();
        let b = fame_pk_to_bytes(&bad);
        assert_eq!(b.len(), fame_pk_to_bytes(&pk).len());
        assert_eq!(
            fame_pk_from_bytes::<E, 4>(&b).unwrap_err(),
            SerialError::Identity
        );
        let mut sk = fame::keygen(&msk, &Attributes::parse("a").unwrap(), &mut rng);
        sk.sk0[2] = hayate_ec::Affine::identity();
        assert_eq!(
            fame_sk_from_bytes::<E, 4>(&fame_sk_to_bytes(&sk)).unwrap_err(),
            SerialError::Identity
        );
        let (mut ct, _) = fame::encapsulate(&pk, "a", &mut rng).unwrap();
        ct.ct0[1] = hayate_ec::Affine::identity();
        assert_eq!(
            fame_ct_from_bytes::<E, 4>(&fame_ct_to_bytes(&ct)).unwrap_err(),
            SerialError::Identity
        );
        let (mut opk, _) = ot10::setup::<E, 4>(&[2, 2], &mut rng).unwrap();
        opk.g_t = one;
        assert_eq!(
            ot10_pk_from_bytes::<E, 4>(&ot10_pk_to_bytes(&opk)).unwrap_err(),
            SerialError::Identity
        );
    }
}

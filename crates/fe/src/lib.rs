//! hayate-fe: functional encryption on hayate's pairings.
//!
//! * [`policy`] — the policy language (AND/OR/thresholds/NOT, numeric comparisons by bag of
//!   bits), its parser with positioned errors, and span programs (Lewko–Waters);
//! * [`curve`] — what a curve must offer the schemes (hash to G1, point encodings);
//! * [`fame`] — FAME CP-ABE (Agrawal–Chase, CCS 2017, §3), generic over the pairing curves;
//! * [`dpvs`] — dual pairing vector spaces (Okamoto–Takashima): random dual orthonormal bases,
//!   vector pairing by one multi-pairing;
//! * [`ot10`] — the CP-FE of Okamoto–Takashima (CRYPTO 2010, eprint 2010/563; see its module
//!   docs for what could and could not be checked against the paper): non-monotone span
//!   programs over inner-product predicates;
//! * [`hybrid`] — GT key → HKDF-SHA-256 → chunked AES-128-GCM or AES-128-CBC + HMAC-SHA-256;
//! * [`serial`] — versioned, self-describing, validated serialization of keys and ciphertexts.
//!
//! **Limits.** Work and memory follow the size of honest inputs: span programs are sparse
//! (never rows × columns) and reconstruction coefficients are read off the policy's tree; what
//! remains is bounded by documented limits refused with typed errors —
//! [`policy::MAX_POLICY_LEN`], [`policy::MAX_DEPTH`], [`policy::MAX_ROWS`],
//! [`policy::MAX_ENTRIES`] (threshold gates), [`policy::MAX_KEY_ATTRS`] (attributes per key
//! after expansion), [`ot10::MAX_CATEGORIES`], [`ot10::MAX_DIM`], [`serial::MAX_BODY`].

#![deny(missing_docs)]

/// Implements `Debug` for a key type `Type<E, N>` that holds secrets or large tables:
/// `summary_debug!(Type { field, … })` prints the listed public fields (attribute sets,
/// dimensions, fingerprints) and `..` for the rest, never a secret scalar or point.
macro_rules! summary_debug {
    ($ty:ident { $($field:ident),* }) => {
        impl<E: $crate::curve::FeCurve<N>, const N: usize> core::fmt::Debug for $ty<E, N> {
            fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                f.debug_struct(stringify!($ty))
                    $(.field(stringify!($field), &self.$field))*
                    .finish_non_exhaustive()
            }
        }
    };
}

pub mod curve;
pub mod dpvs;
pub mod fame;
pub mod hybrid;
pub mod ot10;
pub mod policy;
pub mod serial;

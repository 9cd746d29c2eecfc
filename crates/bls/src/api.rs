//! The public types of one variant ([`crate::min_pk`], [`crate::min_sig`]), written once as a
//! macro over the variant's groups and encodings; the arithmetic is in [`crate::core_ops`].

/// Expands to the public API of one variant inside its module.
macro_rules! variant_api {
    (
        variant: $V:ty,
        pk_len: $pk_len:expr,
        sig_len: $sig_len:expr,
        pk_affine: $PkAffine:ty,
        sig_affine: $SigAffine:ty,
        pk_decode: $pk_dec:path,
        pk_encode: $pk_enc:path,
        sig_decode: $sig_dec:path,
        sig_encode: $sig_enc:path,
    ) => {
        use core::fmt;

        use crate::core_ops::{self, Variant};
        use crate::keygen::{self, Sk};
        use crate::{Error, Scheme};

        /// Bytes of a compressed public key.
        pub const PK_LEN: usize = $pk_len;
        /// Bytes of a compressed signature.
        pub const SIG_LEN: usize = $sig_len;
        /// Bytes of a secret key (big-endian scalar).
        pub const SK_LEN: usize = 32;

        /// The ciphersuite ID of `scheme` in this variant (draft §4.2), which is also the
        /// hash-to-curve DST of its messages.
        pub fn ciphersuite_id(scheme: Scheme) -> &'static str {
            core_ops::dst::<$V>(scheme)
        }

        /// The DST of the proof-of-possession scheme's proofs (draft §4.2.3, `BLS_POP_…`).
        pub fn pop_dst() -> &'static str {
            <$V as Variant>::DST_POP_PROOF
        }

        /// A secret key: a scalar 0 < sk < r. Zeroized on drop; `Debug` does not print it.
        #[derive(Clone)]
        pub struct SecretKey {
            sk: Sk,
        }

        impl Drop for SecretKey {
            fn drop(&mut self) {
                keygen::wipe(&mut self.sk);
            }
        }

        impl fmt::Debug for SecretKey {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("SecretKey(..)")
            }
        }

        impl PartialEq for SecretKey {
            /// Constant-time comparison.
            fn eq(&self, other: &Self) -> bool {
                keygen::ct_eq(&self.sk, &other.sk)
            }
        }
        impl Eq for SecretKey {}

        impl SecretKey {
            /// KeyGen (draft §2.3): HKDF-SHA-256 of `ikm` (at least 32 bytes, else
            /// [`Error::IkmTooShort`]) with the optional `key_info`.
            pub fn key_gen(ikm: &[u8], key_info: &[u8]) -> Result<SecretKey, Error> {
                Ok(SecretKey { sk: keygen::key_gen(ikm, key_info)? })
            }

            /// A secret key from 32 bytes big-endian with 0 < sk < r
            /// ([`Error::InvalidSecretKey`] otherwise).
            pub fn from_bytes(b: &[u8]) -> Result<SecretKey, Error> {
                Ok(SecretKey { sk: keygen::from_bytes(b)? })
            }

            /// 32 bytes big-endian.
            pub fn to_bytes(&self) -> [u8; 32] {
                keygen::to_bytes(&self.sk)
            }

            /// SkToPk (draft §2.4): \[sk\]g, constant time.
            pub fn sk_to_pk(&self) -> PublicKey {
                PublicKey { point: core_ops::sk_to_pk::<$V>(&self.sk) }
            }

            /// Sign (draft §3.1 / §3.2 / §3.3 CoreSign, §2.6): \[sk\]H(msg) under the
            /// scheme's DST, constant time in the key; the Aug scheme signs PK ‖ msg.
            pub fn sign(&self, msg: &[u8], scheme: Scheme) -> Signature {
                Signature { point: core_ops::sign::<$V>(&self.sk, None, msg, scheme) }
            }

            /// [`SecretKey::sign`] with the signer's public key supplied (saves SkToPk in the
            /// Aug scheme; `pk` must be this key's public key, else the signature will not
            /// verify).
            pub fn sign_with_pk(&self, pk: &PublicKey, msg: &[u8], scheme: Scheme) -> Signature {
                Signature {
                    point: core_ops::sign::<$V>(&self.sk, Some(&pk.point), msg, scheme),
                }
            }

            /// PopProve (draft §3.3.2): \[sk\]H(PK) under the POP DST.
            pub fn pop_prove(&self) -> Signature {
                let pk = self.sk_to_pk().to_bytes();
                Signature {
                    point: core_ops::core_sign::<$V>(
                        &self.sk,
                        &pk,
                        <$V as Variant>::DST_POP_PROOF.as_bytes(),
                    ),
                }
            }
        }

        /// A public key: always KeyValidate'd (draft §2.5): on the curve, in the order-r
        /// subgroup, not the identity.
        #[derive(Clone, Copy, PartialEq, Eq)]
        pub struct PublicKey {
            point: $PkAffine,
        }

        impl fmt::Debug for PublicKey {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                write!(f, "PublicKey(")?;
                for b in self.to_bytes() {
                    write!(f, "{b:02x}")?;
                }
                write!(f, ")")
            }
        }

        impl PublicKey {
            /// Decodes a compressed public key and runs KeyValidate (draft §2.5): wrong
            /// length, bad flags, x ≥ p, off-curve, outside the subgroup and the identity are
            /// errors.
            pub fn from_bytes(b: &[u8]) -> Result<PublicKey, Error> {
                let point = $pk_dec(b)?;
                if bool::from(point.is_identity()) {
                    return Err(Error::IdentityKey);
                }
                Ok(PublicKey { point })
            }

            /// Compressed encoding (Zcash format).
            pub fn to_bytes(&self) -> [u8; PK_LEN] {
                $pk_enc(&self.point)
            }

            /// The key as a curve point.
            pub fn as_point(&self) -> &$PkAffine {
                &self.point
            }

            /// A key from a curve point, KeyValidate'd (subgroup, not identity).
            pub fn from_point(point: &$PkAffine) -> Result<PublicKey, Error> {
                if bool::from(point.is_identity()) {
                    return Err(Error::IdentityKey);
                }
                if !bool::from(point.is_on_curve()) {
                    return Err(Error::NotOnCurve);
                }
                if !bool::from(point.is_in_subgroup()) {
                    return Err(Error::NotInSubgroup);
                }
                Ok(PublicKey { point: *point })
            }

            /// PopVerify (draft §3.3.3): is `proof` a valid proof of possession of this key?
            pub fn pop_verify(&self, proof: &Signature) -> Result<(), Error> {
                core_ops::core_verify::<$V>(
                    &self.point,
                    &proof.point,
                    &self.to_bytes(),
                    <$V as Variant>::DST_POP_PROOF.as_bytes(),
                )
            }

            /// Σ pk_i of KeyValidate'd keys (the aggregate key FastAggregateVerify uses);
            /// [`Error::EmptyInput`] for no keys, [`Error::IdentityKey`] if the sum is the
            /// identity.
            pub fn aggregate(pks: &[&PublicKey]) -> Result<PublicKey, Error> {
                let pts: Vec<&$PkAffine> = pks.iter().map(|p| &p.point).collect();
                Ok(PublicKey { point: core_ops::sum_keys::<$V>(&pts)? })
            }

            /// Verify (as [`Signature::verify`]).
            pub fn verify(&self, msg: &[u8], sig: &Signature, scheme: Scheme) -> Result<(), Error> {
                sig.verify(self, msg, scheme)
            }
        }

        /// A signature: on the curve and in the order-r subgroup (the identity is a valid
        /// point here; verification rejects it where the draft's equations do).
        #[derive(Clone, Copy, PartialEq, Eq)]
        pub struct Signature {
            point: $SigAffine,
        }

        impl fmt::Debug for Signature {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                write!(f, "Signature(")?;
                for b in self.to_bytes() {
                    write!(f, "{b:02x}")?;
                }
                write!(f, ")")
            }
        }

        impl Signature {
            /// Decodes a compressed signature: wrong length, bad flags, x ≥ p, off-curve and
            /// outside the subgroup are errors (signature_subgroup_check, draft §2.7 step 3).
            pub fn from_bytes(b: &[u8]) -> Result<Signature, Error> {
                Ok(Signature { point: $sig_dec(b)? })
            }

            /// Compressed encoding (Zcash format).
            pub fn to_bytes(&self) -> [u8; SIG_LEN] {
                $sig_enc(&self.point)
            }

            /// The signature as a curve point.
            pub fn as_point(&self) -> &$SigAffine {
                &self.point
            }

            /// A signature from a curve point (on the curve and in the subgroup).
            pub fn from_point(point: &$SigAffine) -> Result<Signature, Error> {
                if !bool::from(point.is_on_curve()) {
                    return Err(Error::NotOnCurve);
                }
                if !bool::from(point.is_in_subgroup()) {
                    return Err(Error::NotInSubgroup);
                }
                Ok(Signature { point: *point })
            }

            /// Verify (draft §3.1 / §3.2 / §3.3, CoreVerify §2.7): one two-pair
            /// multi-pairing e(pk, H(m)) · e(−g, σ) = 1 with a shared final exponentiation.
            pub fn verify(&self, pk: &PublicKey, msg: &[u8], scheme: Scheme) -> Result<(), Error> {
                core_ops::verify::<$V>(&pk.point, &self.point, msg, scheme)
            }

            /// AggregateVerify (draft §2.9 CoreAggregateVerify; §3.1.1: the Basic scheme
            /// requires distinct messages, [`Error::DuplicateMessage`]; §3.2.1: Aug hashes
            /// PK_i ‖ msg_i): one multi-pairing of n + 1 pairs.
            pub fn aggregate_verify(
                &self,
                pks: &[&PublicKey],
                msgs: &[&[u8]],
                scheme: Scheme,
            ) -> Result<(), Error> {
                let pts: Vec<&$PkAffine> = pks.iter().map(|p| &p.point).collect();
                core_ops::aggregate_verify::<$V>(&pts, msgs, &self.point, scheme)
            }

            /// FastAggregateVerify (draft §3.3.4, proof-of-possession scheme): all signers
            /// signed `msg`; the keys are added (mixed additions, one normalisation) and one
            /// two-pair multi-pairing follows. The keys must come with verified proofs of
            /// possession ([`PublicKey::pop_verify`]).
            pub fn fast_aggregate_verify(&self, pks: &[&PublicKey], msg: &[u8]) -> Result<(), Error> {
                let pts: Vec<&$PkAffine> = pks.iter().map(|p| &p.point).collect();
                core_ops::fast_aggregate_verify::<$V>(&pts, msg, &self.point)
            }
        }

        /// The sum of several signatures (draft §2.8 Aggregate).
        #[derive(Clone, Copy, PartialEq, Eq, Debug)]
        pub struct AggregateSignature {
            point: $SigAffine,
        }

        impl AggregateSignature {
            /// Aggregate (draft §2.8): σ = Σ σ_i; [`Error::EmptyInput`] for no signatures.
            pub fn aggregate(sigs: &[&Signature]) -> Result<AggregateSignature, Error> {
                let pts: Vec<&$SigAffine> = sigs.iter().map(|s| &s.point).collect();
                Ok(AggregateSignature { point: core_ops::aggregate::<$V>(&pts)? })
            }

            /// The aggregate as a signature (to verify or serialize).
            pub fn to_signature(&self) -> Signature {
                Signature { point: self.point }
            }

            /// Adds one more signature.
            pub fn add_signature(&mut self, sig: &Signature) {
                let pts = [&self.point, &sig.point];
                if let Ok(p) = core_ops::aggregate::<$V>(&pts) {
                    self.point = p;
                }
            }
        }

        impl From<&Signature> for AggregateSignature {
            fn from(s: &Signature) -> Self {
                AggregateSignature { point: s.point }
            }
        }

        /// Batch verification of the triples (pk_i, msg_i, sig_i), each an ordinary
        /// signature under `scheme`, by a random linear combination: with non-zero 64-bit
        /// r_i drawn from `rng`, ∏ e(r_i·pk_i, H(m_i)) · e(−g, Σ r_i·σ_i) = 1 as one
        /// multi-pairing (the r_i go onto whichever side is in G1). A batch with an invalid
        /// triple passes with probability ≤ 2⁻⁶³. `threads` ≥ 1 shares the triples (hashing,
        /// scaling and Miller loops) out over that many threads, the caller taking one share
        /// (1 = all on the caller). Empty lists and length mismatches are errors.
        pub fn verify_multiple_aggregate_signatures(
            pks: &[&PublicKey],
            msgs: &[&[u8]],
            sigs: &[&Signature],
            scheme: Scheme,
            rng: &mut impl rand_core::CryptoRngCore,
            threads: usize,
        ) -> Result<(), Error> {
            let p: Vec<&$PkAffine> = pks.iter().map(|p| &p.point).collect();
            let s: Vec<&$SigAffine> = sigs.iter().map(|s| &s.point).collect();
            core_ops::verify_multiple::<$V>(&p, msgs, &s, scheme, rng, threads)
        }

        // --- RustCrypto `signature` traits: the proof-of-possession scheme ---

        impl signature::Signer<Signature> for SecretKey {
            /// Sign in the PoP scheme ([`Scheme::Pop`]); never fails.
            fn try_sign(&self, msg: &[u8]) -> Result<Signature, signature::Error> {
                Ok(self.sign(msg, Scheme::Pop))
            }
        }

        impl signature::Verifier<Signature> for PublicKey {
            /// Verify in the PoP scheme ([`Scheme::Pop`]).
            fn verify(&self, msg: &[u8], sig: &Signature) -> Result<(), signature::Error> {
                sig.verify(self, msg, Scheme::Pop)
                    .map_err(signature::Error::from_source)
            }
        }

        impl signature::Keypair for SecretKey {
            type VerifyingKey = PublicKey;
            /// SkToPk.
            fn verifying_key(&self) -> PublicKey {
                self.sk_to_pk()
            }
        }

        impl<'a> TryFrom<&'a [u8]> for Signature {
            type Error = Error;
            fn try_from(b: &'a [u8]) -> Result<Self, Error> {
                Signature::from_bytes(b)
            }
        }

        impl From<Signature> for [u8; SIG_LEN] {
            fn from(s: Signature) -> Self {
                s.to_bytes()
            }
        }

        impl signature::SignatureEncoding for Signature {
            type Repr = [u8; SIG_LEN];
        }

        impl<'a> TryFrom<&'a [u8]> for PublicKey {
            type Error = Error;
            fn try_from(b: &'a [u8]) -> Result<Self, Error> {
                PublicKey::from_bytes(b)
            }
        }
    };
}

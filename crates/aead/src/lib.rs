//! hayate-aead: lightweight authenticated encryption (paper 003).
//!
//! The six CAESAR Use-Case-1 finalists in their first-priority parameter sets
//! (`aes128n12t8clocv3`, `aes128n12t8silcv3`, `aesjambuv2`, `ketjesrv2`, `ascon128v12`,
//! `acorn128v3`) and NIST SP 800-232 `asconaead128`.
//!
//! Three APIs:
//! * a byte-slice API through the object-safe [`Aead`] trait and [`by_name`] / [`ALGORITHMS`];
//! * the RustCrypto `aead` traits on each scheme type (typed key/nonce/tag sizes);
//! * a streaming API ([`stream`]): [`Encryptor`] over plaintext chunks of any length, and
//!   two-pass decryption — [`Verifier`] checks the tag over ciphertext chunks without
//!   releasing plaintext, then the [`Decryptor`] it returns decrypts the chunks again. All
//!   seven schemes stream; see the [`stream`] module for how and for the guarantees.
//!
//! Decryption always checks the tag in constant time before any plaintext is released; on
//! failure the output buffer is wiped and [`Error::Authentication`] is returned.
//!
//! Errors are the same for every scheme: a key or nonce of the wrong length is
//! [`Error::KeyLength`] / [`Error::NonceLength`]; a detached tag buffer of the wrong length
//! (encryption or decryption, one-shot or streaming) is [`Error::TagLength`];
//! [`Error::CiphertextTooShort`] only comes from [`Aead::decrypt`] when ciphertext ‖ tag is
//! shorter than the tag. On any decryption error the detached buffer is wiped. These checks,
//! the tag comparison and the wiping are written once for all schemes (the crate-private
//! `seal` / `open` around each scheme's in-place mode); each scheme module holds only its
//! algorithm.

//!
//! `no_std`: with the default feature `std` off the crate needs only `core` and `alloc` (the
//! [`Aead`] byte-slice API returns `Vec`s); CPU features (BMI1/BMI2, AES-NI) are then read with
//! `cpuid` on x86-64 ([`cpu`]) instead of std's cached detection, and taken from the build's
//! target features on AArch64.

#![cfg_attr(not(any(feature = "std", test)), no_std)]
#![deny(missing_docs)]
#![forbid(unsafe_op_in_unsafe_fn)]

extern crate alloc;

use alloc::vec::Vec;
use core::fmt;

/// Defines `fn $name(args) -> ret` whose body is compiled twice: as baseline x86-64 code and,
/// called when the CPU has BMI1 and BMI2 (run-time detection, cached by std), with those
/// target features enabled: the S-boxes' `!a & b` become one `andn` and the rotations
/// non-destructive `rorx`, about 10% faster than the baseline x86-64 code for Ascon. `fn
/// name<T: Bound>(…)` takes one type parameter. Used for the one-shot entry points of Ascon and
/// Ketje ([`seal_bmi`], [`open_bmi`]) and their streaming block loops.
///
/// A generic function followed by `bmi $vis fn $bmi_name;` is defined as written, and
/// `$bmi_name`, with the same signature, as its BMI copy.
macro_rules! bmi_fn {
    ($(#[$m:meta])* $vis:vis fn $name:ident<$g:ident: $gb:path>($($arg:ident: $ty:ty),* $(,)?) $(-> $ret:ty)? $body:block
        $(#[$bm:meta])* bmi $bvis:vis fn $bname:ident;) => {
        $(#[$m])*
        $vis fn $name<$g: $gb>($($arg: $ty),*) $(-> $ret)? $body

        bmi_fn! {
            $(#[$bm])*
            $bvis fn $bname<$g: $gb>($($arg: $ty),*) $(-> $ret)? {
                $name::<$g>($($arg),*)
            }
        }
    };
    ($(#[$m:meta])* $vis:vis fn $name:ident$(<$g:ident: $gb:path>)?($($arg:ident: $ty:ty),* $(,)?) $(-> $ret:ty)? $body:block) => {
        $(#[$m])*
        $vis fn $name$(<$g: $gb>)?($($arg: $ty),*) $(-> $ret)? {
            #[inline(always)]
            fn inner$(<$g: $gb>)?($($arg: $ty),*) $(-> $ret)? $body
            #[cfg(target_arch = "x86_64")]
            if $crate::has_bmi() {
                #[target_feature(enable = "bmi1,bmi2")]
                unsafe fn bmi$(<$g: $gb>)?($($arg: $ty),*) $(-> $ret)? {
                    inner$(::<$g>)?($($arg),*)
                }
                // SAFETY: the CPU supports BMI1 and BMI2 (checked by `has_bmi`).
                return unsafe { bmi$(::<$g>)?($($arg),*) };
            }
            inner$(::<$g>)?($($arg),*)
        }
    };
}

/// Whether the CPU has BMI1 and BMI2 ([`cpu::has_bmi`]).
#[cfg(target_arch = "x86_64")]
#[inline(always)]
pub(crate) fn has_bmi() -> bool {
    cpu::has_bmi()
}

/// Implements [`Scheme`] for a type with a [`Mode`]: the constants, `new` through
/// [`Mode::with_key`] (the key copy is wiped), and the detached calls through [`seal`] /
/// [`open`], or with a trailing `bmi` through their BMI1/BMI2 copies [`seal_bmi`] /
/// [`open_bmi`]: `impl_scheme!(Type, "name", nonce length, tag length)`. Every scheme here has
/// a 16-byte key.
macro_rules! impl_scheme {
    ($ty:ty, $name:literal, $nonce_len:expr, $tag_len:expr) => {
        $crate::impl_scheme!(@ $ty, $name, $nonce_len, $tag_len, seal, open);
    };
    ($ty:ty, $name:literal, $nonce_len:expr, $tag_len:expr, bmi) => {
        $crate::impl_scheme!(@ $ty, $name, $nonce_len, $tag_len, seal_bmi, open_bmi);
    };
    (@ $ty:ty, $name:literal, $nonce_len:expr, $tag_len:expr, $seal:ident, $open:ident) => {
        impl $crate::Scheme for $ty {
            const NAME: &'static str = $name;
            const KEY_LEN: usize = 16;
            const NONCE_LEN: usize = $nonce_len;
            const TAG_LEN: usize = $tag_len;

            fn new(key: &[u8]) -> Result<Self, $crate::Error> {
                let mut k = $crate::key16(key)?;
                let s = <Self as $crate::Mode>::with_key(&k);
                $crate::wipe(&mut k);
                Ok(s)
            }

            // Deliberate twin of the `Scheme` declarations: a trait impl restates them.
            fn encrypt_detached(
                &self,
                nonce: &[u8],
                ad: &[u8],
                buf: &mut [u8],
                tag: &mut [u8],
            ) -> Result<(), $crate::Error> {
                $crate::$seal(self, nonce, ad, buf, tag)
            }

            fn decrypt_detached(
                &self,
                nonce: &[u8],
                ad: &[u8],
                buf: &mut [u8],
                tag: &[u8],
            ) -> Result<(), $crate::Error> {
                $crate::$open(self, nonce, ad, buf, tag)
            }
        }
    };
}
pub(crate) use impl_scheme;

/// Implements `Debug` for types that hold key material or keyed state (schemes, streaming
/// states): the type's name only, `Name { .. }`, never a byte of the secret:
/// `redacted_debug!(Type, …)`, or `redacted_debug!(<S: Bound> Type<S>, …)` for generic types.
macro_rules! redacted_debug {
    (@ [$($g:tt)*] $ty:ident $(<$p:ident>)?) => {
        impl<$($g)*> core::fmt::Debug for $ty$(<$p>)? {
            fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                f.debug_struct(stringify!($ty)).finish_non_exhaustive()
            }
        }
    };
    (<$g:ident: $b:path> $($ty:ident<$p:ident>),+ $(,)?) => {
        $($crate::redacted_debug!(@ [$g: $b] $ty<$p>);)+
    };
    ($($ty:ident),+ $(,)?) => {
        $($crate::redacted_debug!(@ [] $ty);)+
    };
}
pub(crate) use redacted_debug;

pub mod acorn;
pub mod aes;
pub mod ascon;
pub mod cloc;
pub mod cpu;
pub mod jambu;
pub mod ketje;
pub mod silc;
pub mod stream;

pub use stream::{Decryptor, Encryptor, Streaming, Tag, Verifier};

/// Errors of the byte-slice API.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Error {
    /// The key has the wrong length for the scheme.
    KeyLength {
        /// The scheme's key length in bytes.
        expected: usize,
        /// The length of the key passed, in bytes.
        got: usize,
    },
    /// The nonce has the wrong length for the scheme.
    NonceLength {
        /// The scheme's nonce length in bytes.
        expected: usize,
        /// The length of the nonce passed, in bytes.
        got: usize,
    },
    /// The ciphertext is shorter than the tag.
    CiphertextTooShort {
        /// The scheme's tag length in bytes.
        tag_len: usize,
        /// The length of the ciphertext ‖ tag passed, in bytes.
        got: usize,
    },
    /// The tag buffer handed to a detached call has the wrong length for the scheme.
    TagLength {
        /// The scheme's tag length in bytes.
        expected: usize,
        /// The length of the tag buffer passed, in bytes.
        got: usize,
    },
    /// The tag did not verify; no plaintext was released.
    Authentication,
    /// No scheme of that name.
    UnknownAlgorithm,
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::KeyLength { expected, got } => {
                write!(f, "key must be {expected} bytes, got {got}")
            }
            Error::NonceLength { expected, got } => {
                write!(f, "nonce must be {expected} bytes, got {got}")
            }
            Error::CiphertextTooShort { tag_len, got } => {
                write!(
                    f,
                    "ciphertext must hold at least the {tag_len}-byte tag, got {got} bytes"
                )
            }
            Error::TagLength { expected, got } => {
                write!(f, "tag must be {expected} bytes, got {got}")
            }
            Error::Authentication => write!(f, "authentication failed: tag does not verify"),
            Error::UnknownAlgorithm => write!(f, "unknown algorithm"),
        }
    }
}

impl core::error::Error for Error {}

/// Byte-slice interface shared by every scheme (object safe, so schemes can be chosen by name).
pub trait Aead: Send + Sync {
    /// SUPERCOP / CAESAR name, e.g. `ascon128v12`.
    fn name(&self) -> &'static str;
    /// Key length in bytes.
    fn key_len(&self) -> usize;
    /// Nonce length in bytes.
    fn nonce_len(&self) -> usize;
    /// Tag length in bytes ([`Aead::encrypt`]'s output is this much longer than the plaintext).
    fn tag_len(&self) -> usize;
    /// Encrypts `pt` with associated data `ad`; returns ciphertext ‖ tag.
    fn encrypt(&self, key: &[u8], nonce: &[u8], ad: &[u8], pt: &[u8]) -> Result<Vec<u8>, Error>;
    /// Decrypts ciphertext ‖ tag; returns the plaintext only if the tag verifies.
    fn decrypt(&self, key: &[u8], nonce: &[u8], ad: &[u8], ct: &[u8]) -> Result<Vec<u8>, Error>;
}

/// The core every scheme implements: keyed state, in-place encryption with a detached tag.
///
/// Implementations zeroize their key material on drop, and never branch or index memory on
/// secret data.
pub trait Scheme: Sized + Send + Sync {
    /// SUPERCOP / CAESAR name.
    const NAME: &'static str;
    /// Key length in bytes.
    const KEY_LEN: usize;
    /// Nonce length in bytes.
    const NONCE_LEN: usize;
    /// Tag length in bytes.
    const TAG_LEN: usize;
    /// Keys the scheme; `key` must be `KEY_LEN` bytes.
    fn new(key: &[u8]) -> Result<Self, Error>;
    // Deliberate twin: `impl_scheme!`, the crate's implementation, restates these signatures.
    /// Encrypts `buf` in place; writes the `TAG_LEN`-byte tag into `tag`.
    fn encrypt_detached(
        &self,
        nonce: &[u8],
        ad: &[u8],
        buf: &mut [u8],
        tag: &mut [u8],
    ) -> Result<(), Error>;
    /// Decrypts `buf` in place if `tag` verifies (constant-time comparison); otherwise wipes
    /// `buf` and returns [`Error::Authentication`].
    fn decrypt_detached(
        &self,
        nonce: &[u8],
        ad: &[u8],
        buf: &mut [u8],
        tag: &[u8],
    ) -> Result<(), Error>;
}

/// Wipes a small secret (a key copy, a tag block, a round key) with one volatile store of
/// its zero (default) value: `zeroize` on a byte array stores byte by byte, which costs more
/// than the AES-NI key expansion or a short message's tag check. `Copy`, so there is no drop
/// to skip.
#[inline(always)]
pub(crate) fn wipe<T: Default + Copy>(x: &mut T) {
    // SAFETY: `x` is a valid, aligned, exclusive place of type `T`.
    unsafe { core::ptr::write_volatile(x, T::default()) };
    core::sync::atomic::compiler_fence(core::sync::atomic::Ordering::SeqCst);
}

/// A 16-byte key from a slice (every scheme here has a 128-bit key), or
/// [`Error::KeyLength`].
pub(crate) fn key16(key: &[u8]) -> Result<[u8; 16], Error> {
    key.try_into().map_err(|_| Error::KeyLength {
        expected: 16,
        got: key.len(),
    })
}

/// Checks a nonce's length: [`Error::NonceLength`] otherwise. Shared by every entry point
/// (one-shot, streaming, [`Aead`]) so that the same condition gives the same error everywhere.
#[inline]
pub(crate) fn check_nonce(nonce_len: usize, nonce: &[u8]) -> Result<(), Error> {
    if nonce.len() != nonce_len {
        return Err(Error::NonceLength {
            expected: nonce_len,
            got: nonce.len(),
        });
    }
    Ok(())
}

/// Checks the nonce and detached-tag lengths of a call: [`Error::NonceLength`], then
/// [`Error::TagLength`].
#[inline]
pub(crate) fn check_detached(
    nonce_len: usize,
    nonce: &[u8],
    tag_len: usize,
    tag: &[u8],
) -> Result<(), Error> {
    check_nonce(nonce_len, nonce)?;
    if tag.len() != tag_len {
        return Err(Error::TagLength {
            expected: tag_len,
            got: tag.len(),
        });
    }
    Ok(())
}

/// Whether two tags are equal: `subtle`'s `ct_eq` on slices compares the (public) lengths
/// first, then every byte without branching. The verdict itself is public (it decides between
/// releasing the plaintext and an error); in the constant-time payload's builds (feature
/// `ct-valgrind`, crates/ct) it is declassified for valgrind.
pub(crate) fn tags_equal(a: &[u8], b: &[u8]) -> bool {
    use subtle::ConstantTimeEq;
    let eq = bool::from(a.ct_eq(b));
    hayate_valgrind::declassify(eq)
}

/// The one-shot mode of a scheme, behind [`seal`] and [`open`] (and so behind every
/// scheme's [`Scheme::encrypt_detached`] / [`Scheme::decrypt_detached`]).
pub(crate) trait Mode: Scheme {
    /// What the mode computes as the tag: the tag is its first `TAG_LEN` bytes.
    type TagBlock: AsRef<[u8]> + Default + Copy;
    /// The keyed scheme (behind [`Scheme::new`], which checks the key length).
    fn with_key(key: &[u8; 16]) -> Self;
    /// Encrypts (`decrypt` false) or decrypts `buf` in place and returns the tag block;
    /// `nonce` has `NONCE_LEN` bytes. Implementations are `#[inline(always)]`, so that the
    /// constant `decrypt` is folded and the body compiled into the BMI copies of
    /// [`seal_bmi`] / [`open_bmi`].
    fn run(&self, nonce: &[u8], ad: &[u8], buf: &mut [u8], decrypt: bool) -> Self::TagBlock;
}

bmi_fn! {
    /// [`Scheme::encrypt_detached`] of every scheme: checks the nonce and tag lengths
    /// ([`check_detached`]), encrypts `buf` in place and writes the tag.
    #[inline(always)]
    pub(crate) fn seal<S: Mode>(
        s: &S,
        nonce: &[u8],
        ad: &[u8],
        buf: &mut [u8],
        tag: &mut [u8],
    ) -> Result<(), Error> {
        check_detached(S::NONCE_LEN, nonce, S::TAG_LEN, tag)?;
        let t = s.run(nonce, ad, buf, false);
        tag.copy_from_slice(&t.as_ref()[..S::TAG_LEN]);
        Ok(())
    }
    /// [`seal`], run as BMI1/BMI2 code where the CPU has them (Ascon, Ketje).
    bmi pub(crate) fn seal_bmi;
}

bmi_fn! {
    /// [`Scheme::decrypt_detached`] of every scheme: checks the lengths (on error the buffer is
    /// wiped, as after a failed tag check), decrypts `buf` in place and compares the recomputed
    /// tag with `tag` in constant time. On mismatch the (already decrypted) buffer is wiped and
    /// [`Error::Authentication`] returned, so no plaintext is ever released unverified; the
    /// recomputed tag is wiped in every case.
    #[inline(always)]
    pub(crate) fn open<S: Mode>(
        s: &S,
        nonce: &[u8],
        ad: &[u8],
        buf: &mut [u8],
        tag: &[u8],
    ) -> Result<(), Error> {
        if let Err(e) = check_detached(S::NONCE_LEN, nonce, S::TAG_LEN, tag) {
            zeroize::Zeroize::zeroize(buf);
            return Err(e);
        }
        let mut t = s.run(nonce, ad, buf, true);
        let ok = tags_equal(&t.as_ref()[..S::TAG_LEN], tag);
        wipe(&mut t);
        if ok {
            Ok(())
        } else {
            zeroize::Zeroize::zeroize(buf);
            Err(Error::Authentication)
        }
    }
    /// [`open`], run as BMI1/BMI2 code where the CPU has them (Ascon, Ketje).
    bmi pub(crate) fn open_bmi;
}

/// Adapter that exposes any [`Scheme`] through the object-safe byte-slice [`Aead`] trait.
///
/// `Registered::<S>::NEW` is a `const`, so registry entries are plain `&'static` references.
pub struct Registered<S>(core::marker::PhantomData<fn() -> S>);

impl<S: Scheme> core::fmt::Debug for Registered<S> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "Registered({})", S::NAME)
    }
}

impl<S> Registered<S> {
    /// The (zero-sized) adapter value.
    pub const NEW: Self = Registered(core::marker::PhantomData);
}

impl<S: Scheme> Aead for Registered<S> {
    fn name(&self) -> &'static str {
        S::NAME
    }
    fn key_len(&self) -> usize {
        S::KEY_LEN
    }
    fn nonce_len(&self) -> usize {
        S::NONCE_LEN
    }
    fn tag_len(&self) -> usize {
        S::TAG_LEN
    }

    fn encrypt(&self, key: &[u8], nonce: &[u8], ad: &[u8], pt: &[u8]) -> Result<Vec<u8>, Error> {
        let scheme = S::new(key)?;
        check_nonce(S::NONCE_LEN, nonce)?;
        let mut out = Vec::with_capacity(pt.len() + S::TAG_LEN);
        out.extend_from_slice(pt);
        out.resize(pt.len() + S::TAG_LEN, 0);
        let (body, tag) = out.split_at_mut(pt.len());
        if let Err(e) = scheme.encrypt_detached(nonce, ad, body, tag) {
            zeroize::Zeroize::zeroize(out.as_mut_slice());
            return Err(e);
        }
        Ok(out)
    }

    fn decrypt(&self, key: &[u8], nonce: &[u8], ad: &[u8], ct: &[u8]) -> Result<Vec<u8>, Error> {
        let scheme = S::new(key)?;
        check_nonce(S::NONCE_LEN, nonce)?;
        let body_len = ct
            .len()
            .checked_sub(S::TAG_LEN)
            .ok_or(Error::CiphertextTooShort {
                tag_len: S::TAG_LEN,
                got: ct.len(),
            })?;
        let (body, tag) = ct.split_at(body_len);
        let mut out = body.to_vec();
        match scheme.decrypt_detached(nonce, ad, &mut out, tag) {
            Ok(()) => Ok(out),
            Err(e) => {
                zeroize::Zeroize::zeroize(out.as_mut_slice());
                Err(e)
            }
        }
    }
}

/// Every scheme, in the paper's order. Entries are `&Registered::<Type>::NEW`.
pub static ALGORITHMS: &[&dyn Aead] = &[
    // aes128n12t8clocv3, aes128n12t8silcv3, aesjambuv2 (helper B) go first, in that order.
    &Registered::<cloc::Clocv3>::NEW,
    &Registered::<silc::Silcv3>::NEW,
    &Registered::<jambu::Jambuv2>::NEW,
    &Registered::<ketje::KetjeSrv2>::NEW,
    &Registered::<ascon::Ascon128v12>::NEW,
    &Registered::<acorn::Acorn128v3>::NEW,
    &Registered::<ascon::AsconAead128>::NEW,
];

/// Looks a scheme up by its SUPERCOP / CAESAR name.
pub fn by_name(name: &str) -> Result<&'static dyn Aead, Error> {
    ALGORITHMS
        .iter()
        .copied()
        .find(|a| a.name() == name)
        .ok_or(Error::UnknownAlgorithm)
}

/// Implements the RustCrypto `aead` 0.6 traits (`KeySizeUser`, `KeyInit`, `AeadCore`,
/// `AeadInOut`) for a [`Scheme`] type, given its sizes as `typenum` names:
/// `impl_aead_traits!(ascon::Ascon128v12, U16, U16, U16);` (key, nonce, tag).
///
/// The sizes are checked against the scheme's constants at compile time. Decryption goes
/// through [`Scheme::decrypt_detached`], so the output is wiped when the tag does not verify.
macro_rules! impl_aead_traits {
    ($ty:ty, $key:ident, $nonce:ident, $tag:ident) => {
        const _: () = {
            use ::aead::array::typenum::Unsigned as _;
            assert!(<::aead::consts::$key>::USIZE == <$ty as $crate::Scheme>::KEY_LEN);
            assert!(<::aead::consts::$nonce>::USIZE == <$ty as $crate::Scheme>::NONCE_LEN);
            assert!(<::aead::consts::$tag>::USIZE == <$ty as $crate::Scheme>::TAG_LEN);
        };

        impl ::aead::KeySizeUser for $ty {
            type KeySize = ::aead::consts::$key;
        }

        impl ::aead::KeyInit for $ty {
            fn new(key: &::aead::Key<Self>) -> Self {
                match <$ty as $crate::Scheme>::new(key.as_slice()) {
                    Ok(s) => s,
                    // The key length is fixed by the type and checked against KEY_LEN above.
                    Err(_) => unreachable!("key length is fixed by the type"),
                }
            }
        }

        impl ::aead::AeadCore for $ty {
            type NonceSize = ::aead::consts::$nonce;
            type TagSize = ::aead::consts::$tag;
            const TAG_POSITION: ::aead::TagPosition = ::aead::TagPosition::Postfix;
        }

        impl ::aead::AeadInOut for $ty {
            fn encrypt_inout_detached(
                &self,
                nonce: &::aead::Nonce<Self>,
                associated_data: &[u8],
                buffer: ::aead::inout::InOutBuf<'_, '_, u8>,
            ) -> ::aead::Result<::aead::Tag<Self>> {
                let mut tag = ::aead::Tag::<Self>::default();
                let out = buffer.into_out_with_copied_in();
                <$ty as $crate::Scheme>::encrypt_detached(
                    self,
                    nonce.as_slice(),
                    associated_data,
                    out,
                    tag.as_mut_slice(),
                )
                .map_err(|_| ::aead::Error)?;
                Ok(tag)
            }

            fn decrypt_inout_detached(
                &self,
                nonce: &::aead::Nonce<Self>,
                associated_data: &[u8],
                buffer: ::aead::inout::InOutBuf<'_, '_, u8>,
                tag: &::aead::Tag<Self>,
            ) -> ::aead::Result<()> {
                let out = buffer.into_out_with_copied_in();
                <$ty as $crate::Scheme>::decrypt_detached(
                    self,
                    nonce.as_slice(),
                    associated_data,
                    out,
                    tag.as_slice(),
                )
                .map_err(|_| ::aead::Error)
            }
        }
    };
}

impl_aead_traits!(cloc::Clocv3, U16, U12, U8);
impl_aead_traits!(silc::Silcv3, U16, U12, U8);
impl_aead_traits!(jambu::Jambuv2, U16, U8, U8);
impl_aead_traits!(ketje::KetjeSrv2, U16, U31, U16);
impl_aead_traits!(ascon::Ascon128v12, U16, U16, U16);
impl_aead_traits!(acorn::Acorn128v3, U16, U16, U16);
impl_aead_traits!(ascon::AsconAead128, U16, U16, U16);

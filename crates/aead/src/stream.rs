//! Incremental (streaming) encryption and two-pass decryption for every scheme of the crate.
//!
//! The one-shot [`Scheme`] API needs the whole message in memory. This module runs the same
//! modes (the specifications cited in each scheme's module) as state machines over message
//! chunks of any length, so that large files can be processed with memory O(chunk):
//!
//! * [`Encryptor`]: created from key, nonce and the **complete** associated data;
//!   [`Encryptor::update`] encrypts a chunk in place (the output has exactly the length of the
//!   input, so the concatenated outputs are the one-shot ciphertext); [`Encryptor::finalize`]
//!   returns the tag. Chunks may be of any length, including 0; partial blocks are buffered
//!   internally (the keystream of a block is known before its input is complete in every mode
//!   here, so only the bytes to be absorbed are buffered, never output).
//! * [`Verifier`] (decryption pass 1): consumes ciphertext chunks **without releasing any
//!   plaintext** and ends with a constant-time tag comparison, [`Verifier::verify`]. Where the
//!   mode absorbs plaintext (AES-JAMBU, Ketje, ACORN) the plaintext is computed internally into
//!   a small scratch buffer that is wiped after every chunk and never handed out; where the
//!   tag depends on the ciphertext only (CLOC and SILC: the PRF chain; Ascon: the rate after a
//!   block is the ciphertext block) the verifier takes the same path for uniformity.
//! * [`Decryptor`] (decryption pass 2): obtained only from a successful [`Verifier::verify`]; it
//!   restarts from the state after the associated data (a snapshot kept by the verifier, so the
//!   associated data is not needed again), decrypts chunks in place, and
//!   [`Decryptor::finalize`] checks in constant time that the ciphertext of pass 2 produced the
//!   same tag as the one verified in pass 1. Plaintext released by pass 2 belongs to a
//!   ciphertext whose tag verified, but a caller whose input may change between the passes
//!   (a file rewritten concurrently) must keep pass-2 output provisional until `finalize`
//!   succeeds — the CLI writes it to a temporary file that is renamed only then.
//!
//! Which schemes stream, and how (all seven do):
//!
//! | scheme | block | notes |
//! |---|---|---|
//! | `aes128n12t8clocv3`, `aes128n12t8silcv3` | 16 | the final block (possibly full) is processed differently, so a full block at the end of a chunk is held back until more data or `finalize` arrives |
//! | `ketjesrv2` | 4 | as CLOC/SILC: the last body block is absorbed with a stride |
//! | `aesjambuv2`, `ascon128v12` | 8 | full blocks are absorbed at once; the final block is the 0–7-byte remainder |
//! | `asconaead128` | 16 | as Ascon-128 |
//! | `acorn128v3` | 4 | bit-oriented; 4-byte words for speed, the 1–3-byte remainder in 8-step pieces |
//!
//! Full blocks inside a chunk go through the same inner loops as the one-shot API (AES-NI and
//! BMI code paths included), so streaming costs a few block operations per chunk boundary.
//!
//! Guarantees: states, keystream and buffered bytes are wiped on drop; control flow depends
//! only on lengths (public), never on key, message or tag bytes; tag comparisons use
//! `subtle`. A wrong tag length is [`Error::TagLength`], a wrong tag [`Error::Authentication`].

use crate::{Error, Scheme};
use zeroize::Zeroize;

/// Largest block (rate) of any scheme, in bytes.
const MAX_BLOCK: usize = 16;

pub(crate) mod sealed {

    /// The per-scheme state machine behind the streaming API (crate-internal).
    ///
    /// A message is a sequence of blocks of `BLOCK` bytes; every mode here knows the keystream
    /// of a block before the block's input is complete. The driver calls, in order: `start`;
    /// then any mix of `blocks` (whole non-final blocks, the fast inner loop) and
    /// `keystream` + `absorb` (one non-final block assembled from pieces); finally `finish`
    /// with the final block (`keystream` was called for it exactly when it is non-empty).
    /// The final block is shorter than `BLOCK`, or exactly `BLOCK` long when `HOLD_FULL` is
    /// set (modes that treat a full final block differently from inner blocks); in that case
    /// an empty final block means an empty message.
    pub trait Core<S>: Clone + Send + Sync {
        /// Block (rate) length in bytes, at most 16.
        const BLOCK: usize;
        /// Whether the final block may be a full block (processed differently).
        const HOLD_FULL: bool;
        /// Initialization with the key, nonce (of `NONCE_LEN` bytes, checked by the driver)
        /// and the complete associated data.
        fn start(s: &S, nonce: &[u8], ad: &[u8]) -> Self;
        /// Whole non-final blocks in place (`data.len()` is a multiple of `BLOCK`).
        fn blocks(&mut self, s: &S, data: &mut [u8], dec: bool);
        /// Begins a block: its keystream (the first `BLOCK` bytes are valid).
        fn keystream(&mut self, s: &S) -> [u8; 16];
        /// Completes a begun non-final block given its plaintext `p` and ciphertext `c`.
        fn absorb(&mut self, s: &S, p: &[u8], c: &[u8]);
        /// Processes the final block (`p`, `c` of equal length) and finalizes; returns the tag
        /// in the first `TAG_LEN` bytes.
        fn finish(&mut self, s: &S, p: &[u8], c: &[u8]) -> [u8; 16];
        /// Wipes the state.
        fn wipe(&mut self);
    }
}

use sealed::Core;

/// A [`Scheme`] that can be run incrementally through [`Encryptor`], [`Verifier`] and
/// [`Decryptor`]. Implemented by all seven schemes of the crate.
pub trait Streaming: Scheme {
    #[doc(hidden)]
    type Core: sealed::Core<Self>;
}

/// An authentication tag (8 or 16 bytes), returned by [`Encryptor::finalize`].
///
/// Deliberately without `PartialEq`: compare received tags with a constant-time function
/// (the [`Verifier`] does).
#[derive(Clone, Copy, Debug)]
pub struct Tag {
    bytes: [u8; MAX_BLOCK],
    len: usize,
}

impl Tag {
    fn new(full: &[u8; 16], len: usize) -> Self {
        let mut bytes = [0u8; MAX_BLOCK];
        bytes[..len].copy_from_slice(&full[..len]);
        Tag { bytes, len }
    }

    /// The tag bytes.
    pub fn as_slice(&self) -> &[u8] {
        &self.bytes[..self.len]
    }
}

impl AsRef<[u8]> for Tag {
    fn as_ref(&self) -> &[u8] {
        self.as_slice()
    }
}

impl core::ops::Deref for Tag {
    type Target = [u8];
    fn deref(&self) -> &[u8] {
        self.as_slice()
    }
}

/// Checks the nonce's length and starts the scheme's core.
fn start<S: Streaming>(scheme: &S, nonce: &[u8], ad: &[u8]) -> Result<S::Core, Error> {
    crate::check_nonce(S::NONCE_LEN, nonce)?;
    Ok(S::Core::start(scheme, nonce, ad))
}

/// The chunk driver: the scheme's core plus the partially filled current block.
struct Stream<S: Streaming> {
    core: S::Core,
    /// Keystream of the begun block.
    ks: [u8; MAX_BLOCK],
    /// Plaintext and ciphertext bytes of the begun block so far.
    p: [u8; MAX_BLOCK],
    c: [u8; MAX_BLOCK],
    /// Bytes in the begun block (0 = none begun; `BLOCK` = a full block held back).
    n: usize,
}

impl<S: Streaming> Drop for Stream<S> {
    fn drop(&mut self) {
        self.core.wipe();
        self.ks.zeroize();
        self.p.zeroize();
        self.c.zeroize();
    }
}

impl<S: Streaming> Stream<S> {
    fn new(core: S::Core) -> Self {
        Stream {
            core,
            ks: [0; MAX_BLOCK],
            p: [0; MAX_BLOCK],
            c: [0; MAX_BLOCK],
            n: 0,
        }
    }

    /// Feeds the next `buf.len()` message bytes, transforming them in place (plaintext to
    /// ciphertext, or ciphertext to plaintext when `dec`).
    fn update(&mut self, s: &S, buf: &mut [u8], dec: bool) {
        let b = <S::Core as Core<S>>::BLOCK;
        let hold = <S::Core as Core<S>>::HOLD_FULL;
        if buf.is_empty() {
            return;
        }
        let mut i = 0;
        if self.n == b {
            // A held-back full block is not the last one after all.
            self.core.absorb(s, &self.p[..b], &self.c[..b]);
            self.n = 0;
        } else if self.n > 0 {
            // Continue the begun block.
            let take = (b - self.n).min(buf.len());
            self.piece(&mut buf[..take], dec);
            i = take;
            if self.n < b {
                return;
            }
            if hold && i == buf.len() {
                return; // may be the final block: keep it
            }
            self.core.absorb(s, &self.p[..b], &self.c[..b]);
            self.n = 0;
        }
        let rest = &mut buf[i..];
        let mut full = rest.len() - rest.len() % b;
        if hold && full == rest.len() && full > 0 {
            full -= b; // keep the last block in case it is the final one
        }
        let (mid, tail) = rest.split_at_mut(full);
        self.core.blocks(s, mid, dec);
        if !tail.is_empty() {
            self.ks = self.core.keystream(s);
            self.piece(tail, dec);
        }
    }

    /// XORs `x` (at most the rest of the begun block) with the keystream, recording both
    /// plaintext and ciphertext bytes.
    fn piece(&mut self, x: &mut [u8], dec: bool) {
        for (j, byte) in x.iter_mut().enumerate() {
            let k = self.n + j;
            let out = *byte ^ self.ks[k];
            let (p, c) = if dec { (out, *byte) } else { (*byte, out) };
            self.p[k] = p;
            self.c[k] = c;
            *byte = out;
        }
        self.n += x.len();
    }

    fn finish(&mut self, s: &S) -> Tag {
        let n = self.n;
        let mut t = self.core.finish(s, &self.p[..n], &self.c[..n]);
        let tag = Tag::new(&t, S::TAG_LEN);
        t.zeroize();
        self.core.wipe();
        self.p.zeroize();
        self.c.zeroize();
        self.ks.zeroize();
        self.n = 0;
        tag
    }
}

/// Incremental encryption: `new` (key, nonce, complete associated data), any number of
/// [`update`](Self::update) calls over consecutive plaintext chunks, then
/// [`finalize`](Self::finalize) for the tag.
///
/// ```
/// use hayate_aead::{ascon::Ascon128v12, stream::Encryptor};
/// let mut enc = Encryptor::<Ascon128v12>::new(&[0u8; 16], &[1u8; 16], b"header")?;
/// let mut part1 = *b"hello, ";
/// let mut part2 = *b"world";
/// enc.update(&mut part1);
/// enc.update(&mut part2);
/// let tag = enc.finalize();
/// assert_eq!(tag.len(), 16);
/// # Ok::<(), hayate_aead::Error>(())
/// ```
pub struct Encryptor<S: Streaming> {
    scheme: S,
    st: Stream<S>,
}

impl<S: Streaming> Encryptor<S> {
    /// Keys the scheme and starts a message with the given nonce and associated data.
    pub fn new(key: &[u8], nonce: &[u8], ad: &[u8]) -> Result<Self, Error> {
        Self::with_scheme(S::new(key)?, nonce, ad)
    }

    /// Starts a message on an already keyed scheme.
    pub fn with_scheme(scheme: S, nonce: &[u8], ad: &[u8]) -> Result<Self, Error> {
        let core = start(&scheme, nonce, ad)?;
        Ok(Encryptor {
            scheme,
            st: Stream::new(core),
        })
    }

    /// Encrypts the next plaintext chunk in place (any length, 0 included).
    pub fn update(&mut self, buf: &mut [u8]) {
        self.st.update(&self.scheme, buf, false);
    }

    /// Ends the message and returns the tag (`TAG_LEN` bytes).
    pub fn finalize(mut self) -> Tag {
        self.st.finish(&self.scheme)
    }
}

/// Bytes of ciphertext decrypted at a time into the verifier's scratch buffer.
const SCRATCH: usize = 4096;

/// Decryption pass 1: authenticates a ciphertext given in chunks without releasing any
/// plaintext. [`verify`](Self::verify) compares the tag in constant time and, on success,
/// returns the [`Decryptor`] for pass 2.
pub struct Verifier<S: Streaming> {
    scheme: S,
    /// The state right after the associated data, for pass 2.
    start: Snapshot<S>,
    st: Stream<S>,
}

/// A saved core state, wiped on drop.
struct Snapshot<S: Streaming>(S::Core);

impl<S: Streaming> Drop for Snapshot<S> {
    fn drop(&mut self) {
        self.0.wipe();
    }
}

impl<S: Streaming> Verifier<S> {
    /// Keys the scheme and starts pass 1 with the given nonce and associated data.
    pub fn new(key: &[u8], nonce: &[u8], ad: &[u8]) -> Result<Self, Error> {
        Self::with_scheme(S::new(key)?, nonce, ad)
    }

    /// Starts pass 1 on an already keyed scheme.
    pub fn with_scheme(scheme: S, nonce: &[u8], ad: &[u8]) -> Result<Self, Error> {
        let start = start(&scheme, nonce, ad)?;
        Ok(Verifier {
            scheme,
            st: Stream::new(start.clone()),
            start: Snapshot(start),
        })
    }

    /// Absorbs the next ciphertext chunk (without the tag). The plaintext this implies is
    /// computed into an internal scratch buffer that is wiped before returning.
    pub fn update(&mut self, ct: &[u8]) {
        let mut scratch = [0u8; SCRATCH];
        for piece in ct.chunks(SCRATCH) {
            let buf = &mut scratch[..piece.len()];
            buf.copy_from_slice(piece);
            self.st.update(&self.scheme, buf, true);
        }
        scratch.zeroize();
    }

    /// Ends pass 1: compares the recomputed tag with `tag` in constant time. On success
    /// returns the pass-2 [`Decryptor`]; otherwise [`Error::TagLength`] (wrong length) or
    /// [`Error::Authentication`].
    pub fn verify(self, tag: &[u8]) -> Result<Decryptor<S>, Error> {
        let Verifier {
            scheme,
            start,
            mut st,
        } = self;
        if tag.len() != S::TAG_LEN {
            return Err(Error::TagLength {
                expected: S::TAG_LEN,
                got: tag.len(),
            });
        }
        let t = st.finish(&scheme);
        if !crate::tags_equal(t.as_slice(), tag) {
            return Err(Error::Authentication);
        }
        Ok(Decryptor {
            st: Stream::new(start.0.clone()),
            scheme,
            tag: t,
        })
    }
}

/// Decryption pass 2, created by a successful [`Verifier::verify`]: decrypts the same
/// ciphertext again, chunk by chunk, in place. [`finalize`](Self::finalize) checks that the
/// ciphertext seen in this pass gives the tag verified in pass 1; if it does not (the input
/// changed between the passes), every byte released by this pass must be discarded.
pub struct Decryptor<S: Streaming> {
    scheme: S,
    st: Stream<S>,
    tag: Tag,
}

crate::redacted_debug!(<S: Streaming> Encryptor<S>, Verifier<S>, Decryptor<S>);

impl<S: Streaming> Decryptor<S> {
    /// Decrypts the next ciphertext chunk in place.
    pub fn update(&mut self, buf: &mut [u8]) {
        self.st.update(&self.scheme, buf, true);
    }

    /// Ends pass 2: `Ok` if the recomputed tag equals the tag verified in pass 1 (constant
    /// time), [`Error::Authentication`] otherwise.
    pub fn finalize(mut self) -> Result<(), Error> {
        let t = self.st.finish(&self.scheme);
        if crate::tags_equal(t.as_slice(), self.tag.as_slice()) {
            Ok(())
        } else {
            Err(Error::Authentication)
        }
    }
}

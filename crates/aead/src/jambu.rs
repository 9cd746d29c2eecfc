//! AES-JAMBU v2 (Wu, Huang; CAESAR round 3), SUPERCOP name `aesjambuv2`: AES-128 in the JAMBU mode,
//! 16-byte key, 8-byte nonce (IV), 8-byte tag, 64-bit blocks.
//!
//! Implements §1 ("Specification") of the AES-JAMBU v2 CAESAR document: the 128-bit state S = (U ‖
//! V), 64 bits each, plus the 64-bit register R.
//! * Initialization: S = N ‖ 0^64 (in memory order: nonce first), S ← E_K(S), S ⊕= 5 in the first
//!   byte (the frame-bit constant 5), R ← V.
//! * Associated data and message, per 64-bit block X (the final block padded `X ‖ 1 0*`, so a
//!   multiple-of-8 length ends with the block `80 00…00`): S ← E_K(S); U ⊕= R ⊕ d (d = 1 for
//!   associated data, 0 for the message); V ⊕= X; R ⊕= V; the ciphertext block is U ⊕ X (truncated
//!   for the final block).
//! * Finalization: S ← E_K(S); U ⊕= R ⊕ 3; R ⊕= V; S ← E_K(S); T = U ⊕ V ⊕ R.
//!
//! Constants XORed into "U" act on its first byte (the reference code's little-endian word view);
//! byte strings map to the state in memory order. v2 differs from v1 only in the reference
//! decryption's return value; encryption is unchanged. Decryption decrypts in place, compares the
//! tag in constant time and wipes the buffer on mismatch.

#[cfg(target_arch = "x86_64")]
use crate::aes::NiKeys;
use crate::aes::{xor_into, Aes128, BlockCipher, Call, Portable};
use crate::stream::{sealed::Core, Streaming};
use zeroize::Zeroize;

/// `aesjambuv2`: AES-JAMBU with a 128-bit key, 64-bit nonce and 64-bit tag.
#[derive(Clone, Debug)]
pub struct Jambuv2 {
    aes: Aes128,
}

/// The running state: S (16 bytes, U = bytes 0..8, V = bytes 8..16) and R (8 bytes).
struct State<'a, E: BlockCipher> {
    aes: &'a E,
    s: [u8; 16],
    r: [u8; 8],
}

impl<E: BlockCipher> Drop for State<'_, E> {
    fn drop(&mut self) {
        self.s.zeroize();
        self.r.zeroize();
    }
}

impl<E: BlockCipher> State<'_, E> {
    /// S ← E_K(S); U ⊕= R; U[0] ⊕= d.
    #[inline(always)]
    fn step_head(&mut self, d: u8) {
        self.aes.encrypt(&mut self.s);
        xor_into(&mut self.s[..8], &self.r);
        self.s[0] ^= d;
    }

    /// V ⊕= x; R ⊕= V.
    #[inline(always)]
    fn absorb(&mut self, x: &[u8; 8]) {
        xor_into(&mut self.s[8..], x);
        xor_into(&mut self.r, &self.s[8..]);
    }
}

/// Runs of full 64-bit blocks (the hot loops), with a portable default and an AES-NI version
/// that keeps S and R in SSE registers.
trait JambuBlocks: BlockCipher + Sized {
    /// Associated-data blocks: S ← E_K(S); U ⊕= R ⊕ 1; V ⊕= A; R ⊕= V (for each 8-byte block).
    #[inline(always)]
    fn ad_blocks(&self, s: &mut [u8; 16], r: &mut [u8; 8], ad: &[u8]) {
        for blk in ad.chunks_exact(8) {
            self.encrypt(s);
            xor_into(&mut s[..8], &r[..]);
            s[0] ^= 1;
            xor_into(&mut s[8..], blk);
            xor_into(r, &s[8..]);
        }
    }

    /// Message blocks in place: S ← E_K(S); U ⊕= R; C = U ⊕ P; V ⊕= P; R ⊕= V.
    #[inline(always)]
    fn msg_blocks(&self, s: &mut [u8; 16], r: &mut [u8; 8], buf: &mut [u8], decrypt: bool) {
        for blk in buf.chunks_exact_mut(8) {
            self.encrypt(s);
            xor_into(&mut s[..8], &r[..]);
            let mut p = [0u8; 8];
            if decrypt {
                xor_into(blk, &s[..8]);
                p.copy_from_slice(blk);
            } else {
                p.copy_from_slice(blk);
                xor_into(blk, &s[..8]);
            }
            xor_into(&mut s[8..], &p);
            xor_into(r, &s[8..]);
            p.zeroize();
        }
    }
}

impl JambuBlocks for Portable<'_> {}

#[cfg(target_arch = "aarch64")]
impl JambuBlocks for crate::aes::CeKeys<'_> {}

/// The register-level loops of [`ni`], on S and R loaded from and stored back to memory.
#[cfg(target_arch = "x86_64")]
impl JambuBlocks for NiKeys {
    #[inline(always)]
    fn ad_blocks(&self, s: &mut [u8; 16], r: &mut [u8; 8], ad: &[u8]) {
        let (st, rr) = ni::load(s, r);
        let (st, rr) = ni::ad_blocks(self, st, rr, ad);
        ni::store(st, rr, s, r);
    }

    #[inline(always)]
    fn msg_blocks(&self, s: &mut [u8; 16], r: &mut [u8; 8], buf: &mut [u8], decrypt: bool) {
        let (st, rr) = ni::load(s, r);
        let (st, rr) = ni::msg_blocks(self, st, rr, buf, decrypt);
        ni::store(st, rr, s, r);
    }
}

/// `x ‖ 1 0*` as one 8-byte block (`x.len() < 8`).
#[inline]
fn pad(x: &[u8]) -> [u8; 8] {
    let mut p = [0u8; 8];
    p[..x.len()].copy_from_slice(x);
    p[x.len()] = 0x80;
    p
}

/// The AES-NI path of [`process_with`] with S (U = low 64 bits, V = high 64 bits) and R (low 64
/// bits) in SSE registers (the same steps, checked against the portable path by
/// `portable_backend_agrees`).
#[cfg(target_arch = "x86_64")]
mod ni {
    use crate::aes::{load_partial, pad_bit, prefix_mask, store_partial, Call, NiKeys};
    use core::arch::x86_64::*;

    /// S ← E_K(S); U ⊕= R ⊕ d.
    #[inline(always)]
    fn step_head(k: &NiKeys, st: __m128i, rr: __m128i, d: i64) -> __m128i {
        // SAFETY: register-only SSE2 operations.
        unsafe { _mm_xor_si128(k.enc(st), _mm_xor_si128(rr, _mm_set_epi64x(0, d))) }
    }

    /// V ⊕= x (x in the low 64 bits); R ⊕= V. Returns (S, R).
    #[inline(always)]
    fn absorb(st: __m128i, rr: __m128i, x: __m128i) -> (__m128i, __m128i) {
        // SAFETY: register-only SSE2 operations.
        unsafe {
            let st = _mm_xor_si128(st, _mm_slli_si128(x, 8));
            (st, _mm_xor_si128(rr, _mm_srli_si128(st, 8)))
        }
    }

    /// S (16 bytes) and R (8 bytes) into registers.
    #[inline(always)]
    pub(super) fn load(s: &[u8; 16], r: &[u8; 8]) -> (__m128i, __m128i) {
        // SAFETY: unaligned loads of a 16-byte and (`loadl`: 8 bytes) an 8-byte array.
        unsafe {
            (
                _mm_loadu_si128(s.as_ptr() as *const __m128i),
                _mm_loadl_epi64(r.as_ptr() as *const __m128i),
            )
        }
    }

    /// S and R back to memory.
    #[inline(always)]
    pub(super) fn store(st: __m128i, rr: __m128i, s: &mut [u8; 16], r: &mut [u8; 8]) {
        // SAFETY: unaligned stores to a 16-byte and (`storel`: 8 bytes) an 8-byte array.
        unsafe {
            _mm_storeu_si128(s.as_mut_ptr() as *mut __m128i, st);
            _mm_storel_epi64(r.as_mut_ptr() as *mut __m128i, rr);
        }
    }

    /// Associated-data blocks (8 bytes each; any tail is ignored): S ← E_K(S); U ⊕= R ⊕ 1;
    /// V ⊕= A; R ⊕= V. Returns (S, R). In the loop the state is kept whitened (sk = S ⊕ k0)
    /// and everything that does not depend on the last AES output is XORed together off the
    /// critical path.
    #[inline(always)]
    pub(super) fn ad_blocks(
        k: &NiKeys,
        st: __m128i,
        mut rr: __m128i,
        ad: &[u8],
    ) -> (__m128i, __m128i) {
        // SAFETY: `k` exists only on AES-NI machines; `loadl` reads the 8 bytes of a chunk.
        unsafe {
            let k0 = k.k0();
            let mut sk = _mm_xor_si128(st, k0);
            let one = _mm_set_epi64x(0, 1);
            for blk in ad.chunks_exact(8) {
                let a = _mm_loadl_epi64(blk.as_ptr() as *const __m128i);
                let e = k.enc_whitened(sk);
                // S' = (E ⊕ R ⊕ 1) ⊕ (A ≪ 64); R' = R ⊕ V' = R ⊕ E_high ⊕ A.
                let q = _mm_xor_si128(
                    _mm_xor_si128(rr, one),
                    _mm_xor_si128(_mm_slli_si128(a, 8), k0),
                );
                sk = _mm_xor_si128(e, q);
                rr = _mm_xor_si128(_mm_xor_si128(rr, a), _mm_srli_si128(e, 8));
            }
            (_mm_xor_si128(sk, k0), rr)
        }
    }

    /// Message blocks in place (8 bytes each; any tail is ignored): C = U ⊕ P; V ⊕= P;
    /// R ⊕= V. Returns (S, R). With U = E_low ⊕ R, the output is Y = U ⊕ X, P = X
    /// (encryption) or Y (decryption), S' = (E ⊕ R) ⊕ (P ≪ 64), R' = R ⊕ E_high ⊕ P. Whitened
    /// state as in [`ad_blocks`]; one loop per direction, so each compiles to a straight chain.
    #[inline(always)]
    pub(super) fn msg_blocks(
        k: &NiKeys,
        st: __m128i,
        mut rr: __m128i,
        buf: &mut [u8],
        decrypt: bool,
    ) -> (__m128i, __m128i) {
        // SAFETY: `k` exists only on AES-NI machines; `loadl` / `storel` touch the 8 bytes of
        // a chunk.
        unsafe {
            let k0 = k.k0();
            let mut sk = _mm_xor_si128(st, k0);
            let blocks = buf.chunks_exact_mut(8);
            if decrypt {
                for blk in blocks {
                    let ptr = blk.as_mut_ptr() as *mut __m128i;
                    let x = _mm_loadl_epi64(ptr);
                    let rx = _mm_xor_si128(rr, x);
                    // Off the critical path: R ⊕ k0 ⊕ ((R ⊕ X) ≪ 64).
                    let q = _mm_xor_si128(_mm_xor_si128(rr, k0), _mm_slli_si128(rx, 8));
                    let e = k.enc_whitened(sk);
                    let y = _mm_move_epi64(_mm_xor_si128(e, rx));
                    _mm_storel_epi64(ptr, y);
                    // P ≪ 64 = (E ⊕ R ⊕ X) ≪ 64: the shift drops the high half by itself.
                    sk = _mm_xor_si128(_mm_xor_si128(e, q), _mm_slli_si128(e, 8));
                    rr = _mm_xor_si128(_mm_xor_si128(rr, y), _mm_srli_si128(e, 8));
                }
            } else {
                for blk in blocks {
                    let ptr = blk.as_mut_ptr() as *mut __m128i;
                    let x = _mm_loadl_epi64(ptr);
                    let rx = _mm_xor_si128(rr, x);
                    let q = _mm_xor_si128(_mm_xor_si128(rr, k0), _mm_slli_si128(x, 8));
                    let e = k.enc_whitened(sk);
                    _mm_storel_epi64(ptr, _mm_xor_si128(e, rx));
                    sk = _mm_xor_si128(e, q);
                    rr = _mm_xor_si128(rx, _mm_srli_si128(e, 8));
                }
            }
            (_mm_xor_si128(sk, k0), rr)
        }
    }

    #[inline(always)]
    pub(super) fn process(k: &NiKeys, Call(nonce, ad, buf, decrypt): Call<'_>) -> [u8; 8] {
        // SAFETY: `k` exists only on AES-NI machines; 8-byte loads/stores (`loadl`/`storel`)
        // are of 8-byte chunks of `ad`/`buf`.
        unsafe {
            // Initialization: S = E_K(N ‖ 0) ⊕ 5, R = V.
            let mut st = _mm_xor_si128(k.enc(load_partial(nonce)), _mm_set_epi64x(0, 5));
            let mut rr = _mm_srli_si128(st, 8);

            // Associated data: full blocks, then the padded final block.
            let full = ad.len() - ad.len() % 8;
            (st, rr) = ad_blocks(k, st, rr, &ad[..full]);
            let rest = &ad[full..];
            let a = _mm_or_si128(load_partial(rest), pad_bit(rest.len()));
            (st, rr) = absorb(step_head(k, st, rr, 1), rr, a);

            // Message: full blocks, then the final block (0..=7 bytes).
            let full = buf.len() - buf.len() % 8;
            let (head, last) = buf.split_at_mut(full);
            (st, rr) = msg_blocks(k, st, rr, head, decrypt);
            let l = last.len(); // 0..=7
            st = step_head(k, st, rr, 0);
            let x = load_partial(last);
            let y = _mm_and_si128(_mm_xor_si128(st, x), prefix_mask(l));
            store_partial(y, last);
            let p = _mm_or_si128(if decrypt { y } else { x }, pad_bit(l));
            (st, rr) = absorb(st, rr, p);

            // Finalization: S ← E_K(S); U ⊕= R ⊕ 3; R ⊕= V; S ← E_K(S); T = U ⊕ V ⊕ R.
            st = step_head(k, st, rr, 3);
            rr = _mm_xor_si128(rr, _mm_srli_si128(st, 8));
            st = k.enc(st);
            let t = _mm_xor_si128(_mm_xor_si128(st, _mm_srli_si128(st, 8)), rr);
            let mut out = [0u8; 8];
            _mm_storel_epi64(out.as_mut_ptr() as *mut __m128i, t);
            out
        }
    }
}

/// Initialization, associated data, message and finalization; returns the tag.
#[inline(always)]
fn process_with<E: JambuBlocks>(e: &E, Call(nonce, ad, buf, decrypt): Call<'_>) -> [u8; 8] {
    let mut st = init_ad(e, nonce, ad);

    // Message.
    let full = buf.len() - buf.len() % 8;
    let (head, last) = buf.split_at_mut(full);
    e.msg_blocks(&mut st.s, &mut st.r, head, decrypt);
    let l = last.len(); // 0..=7
    st.step_head(0);
    let mut p = [0u8; 8];
    if decrypt {
        for i in 0..l {
            p[i] = last[i] ^ st.s[i];
            last[i] = p[i];
        }
    } else {
        p[..l].copy_from_slice(last);
        xor_into(last, &st.s[..l]);
    }
    p[l] = 0x80;
    st.absorb(&p);
    p.zeroize();

    st.finalize()
}

/// Initialization and associated data.
#[inline(always)]
fn init_ad<'a, E: JambuBlocks>(e: &'a E, nonce: &[u8], ad: &[u8]) -> State<'a, E> {
    let mut st = State {
        aes: e,
        s: [0u8; 16],
        r: [0u8; 8],
    };
    // Initialization.
    st.s[..8].copy_from_slice(nonce);
    e.encrypt(&mut st.s);
    st.s[0] ^= 5;
    st.r.copy_from_slice(&st.s[8..]);

    // Associated data.
    let full = ad.len() - ad.len() % 8;
    e.ad_blocks(&mut st.s, &mut st.r, &ad[..full]);
    st.step_head(1);
    st.absorb(&pad(&ad[full..]));
    st
}

impl<E: BlockCipher> State<'_, E> {
    /// Finalization: S ← E_K(S); U ⊕= R ⊕ 3; R ⊕= V; S ← E_K(S); T = U ⊕ V ⊕ R.
    #[inline(always)]
    fn finalize(&mut self) -> [u8; 8] {
        self.step_head(3);
        let v: [u8; 8] = self.s[8..].try_into().unwrap_or([0u8; 8]);
        xor_into(&mut self.r, &v);
        self.aes.encrypt(&mut self.s);
        let mut t = [0u8; 8];
        for (i, ti) in t.iter_mut().enumerate() {
            *ti = self.s[i] ^ self.s[8 + i] ^ self.r[i];
        }
        t
    }
}

crate::aes::impl_aes_mode_scheme!(Jambuv2, "aesjambuv2", 8, 8, 8, JambuBlocks);

// ---------------------------------------------------------------------------------------------
// Streaming (see `crate::stream`): 8-byte blocks; S and R are kept between chunks. Runs of
// whole blocks go through `msg_blocks` (AES-NI or portable); the block at a chunk boundary is
// begun with step_head(0) (its keystream is U) and completed with V ⊕= P, R ⊕= V.
// ---------------------------------------------------------------------------------------------

crate::aes::aes_fn! {
    /// Initialization and associated data for the streaming API: returns (S, R).
    fn stream_start<e: JambuBlocks>(aes, nonce: &[u8], ad: &[u8]) -> ([u8; 16], [u8; 8]) {
        let st = init_ad(e, nonce, ad);
        (st.s, st.r)
    }
}

crate::aes::aes_fn! {
    /// Whole message blocks for the streaming API.
    fn stream_blocks<e: JambuBlocks>(
        aes,
        s: &mut [u8; 16],
        r: &mut [u8; 8],
        data: &mut [u8],
        dec: bool,
    ) {
        e.msg_blocks(s, r, data, dec)
    }
}

/// Streaming state of [`Jambuv2`]: S and R.
#[doc(hidden)]
#[derive(Clone)]
pub struct JambuCore {
    s: [u8; 16],
    r: [u8; 8],
}

impl JambuCore {
    /// Runs `f` on a [`State`] over the per-call AES back end, holding this state.
    fn with_state<T>(&mut self, aes: &Aes128, f: impl FnOnce(&mut State<'_, Aes128>) -> T) -> T {
        let mut st = State {
            aes,
            s: self.s,
            r: self.r,
        };
        let t = f(&mut st);
        self.s = st.s;
        self.r = st.r;
        t
    }
}

crate::redacted_debug!(JambuCore);

impl Streaming for Jambuv2 {
    type Core = JambuCore;
}

impl Core<Jambuv2> for JambuCore {
    const BLOCK: usize = 8;
    const HOLD_FULL: bool = false;

    fn start(j: &Jambuv2, nonce: &[u8], ad: &[u8]) -> Self {
        let (s, r) = stream_start(&j.aes, nonce, ad);
        JambuCore { s, r }
    }

    fn blocks(&mut self, j: &Jambuv2, data: &mut [u8], dec: bool) {
        stream_blocks(&j.aes, &mut self.s, &mut self.r, data, dec);
    }

    fn keystream(&mut self, j: &Jambuv2) -> [u8; 16] {
        self.with_state(&j.aes, |st| {
            st.step_head(0);
            let mut k = [0u8; 16];
            k[..8].copy_from_slice(&st.s[..8]);
            k
        })
    }

    fn absorb(&mut self, j: &Jambuv2, p: &[u8], _c: &[u8]) {
        let mut x = [0u8; 8];
        x.copy_from_slice(&p[..8]);
        self.with_state(&j.aes, |st| st.absorb(&x));
        x.zeroize();
    }

    fn finish(&mut self, j: &Jambuv2, p: &[u8], _c: &[u8]) -> [u8; 16] {
        let mut x = pad(p);
        let t = self.with_state(&j.aes, |st| {
            if p.is_empty() {
                st.step_head(0); // the final block was not begun
            }
            st.absorb(&x);
            st.finalize()
        });
        x.zeroize();
        let mut out = [0u8; 16];
        out[..8].copy_from_slice(&t);
        out
    }

    fn wipe(&mut self) {
        self.s.zeroize();
        self.r.zeroize();
    }
}

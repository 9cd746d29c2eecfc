//! SILC v3 (Iwata, Minematsu, Guo, Morioka, Jonathan; CAESAR round 3), parameter set
//! `aes128n12t8silcv3`: E = AES-128, 12-byte nonce, 8-byte tag.
//!
//! Implements §1 ("Specification") of the SILC v3 CAESAR document: HASH_K(N, A) = CBC-MAC over
//! `zpp(param ‖ N) ‖ zpp(A)` followed by XOR of `len(A)` and the map g; ENC_K(V, M) with fix1
//! (ciphertext feedback through E_K, as in CLOC); PRF_K(V, C): a CBC-MAC of zpp(C) started
//! from E_K(g(V)), then T = E_K(g(· ⊕ len(C))), truncated. Here `zpp` is zero padding to a
//! multiple of 16 bytes (the empty string stays empty),
//! the nonce block is `0^{8·(15−12)} ‖ param ‖ N` with `param = 0xc0`, lengths are encoded as
//! 64-bit big-endian byte counts XORed into the last 8 bytes of the block, and `g(X1,…,X16) =
//! (X2,…,X16, X1 ⊕ X2)` on bytes. Only the forward AES is used. Decryption decrypts in place,
//! compares the tag in constant time and wipes the buffer on mismatch.

use crate::aes::{xor_into, Aes128, BlockCipher, Call};
use crate::stream::{sealed::Core, Streaming};
use zeroize::Zeroize;

/// The parameter byte for (E = AES, ℓ_N = 12 bytes, τ = 8 bytes).
const PARAM: u8 = 0xc0;
const NONCE_LEN: usize = 12;

/// `aes128n12t8silcv3`: SILC with AES-128, 96-bit nonce, 64-bit tag.
#[derive(Clone, Debug)]
pub struct Silcv3 {
    aes: Aes128,
}

/// g(X1, …, X16) = (X2, …, X16, X1 ⊕ X2) on the bytes of the block.
#[inline]
fn g(b: &mut [u8; 16]) {
    let x = b[0] ^ b[1];
    b.copy_within(1..16, 0);
    b[15] = x;
}

/// XORs the 64-bit big-endian encoding of `len` (in bytes) into the last 8 bytes of `b`.
#[inline]
fn xor_len(b: &mut [u8; 16], len: usize) {
    xor_into(&mut b[8..], &(len as u64).to_be_bytes());
}

/// The AES-NI path of [`process_with`] with the whole state in SSE registers (the same steps,
/// checked against the portable path by `portable_backend_agrees`).
#[cfg(target_arch = "x86_64")]
mod ni {
    use super::{NONCE_LEN, PARAM};
    use crate::aes::{block_from_u128, load_partial, nonce96, Call, NiKeys};
    use core::arch::x86_64::*;

    /// g on a register: bytes shifted down by one, X1 ⊕ X2 into byte 15.
    #[inline(always)]
    fn g(x: __m128i) -> __m128i {
        // SAFETY: register-only SSE2 operations (baseline on x86-64).
        unsafe {
            let down = _mm_srli_si128(x, 1);
            _mm_or_si128(down, _mm_slli_si128(_mm_xor_si128(x, down), 15))
        }
    }

    /// The 64-bit big-endian byte count `len` in bytes 8..16.
    #[inline(always)]
    fn len_block(len: usize) -> __m128i {
        // SAFETY: register-only SSE2 operation.
        unsafe { _mm_set_epi64x((len as u64).swap_bytes() as i64, 0) }
    }

    #[inline(always)]
    pub(super) fn process(k: &NiKeys, Call(nonce, ad, buf, decrypt): Call<'_>) -> [u8; 16] {
        // SAFETY: `k` exists only on AES-NI machines; loads are of 16-byte chunks of `ad`.
        unsafe {
            // HASH_K(N, A): CBC-MAC over zpp(param ‖ N) ‖ zpp(A), ⊕ len(A), g.
            // 0^24 ‖ param ‖ N: param in byte 3, N in bytes 4..16.
            let nb = (PARAM as u128) << (8 * (16 - NONCE_LEN - 1))
                | nonce96(nonce) << (8 * (16 - NONCE_LEN));
            let mut s = k.enc(block_from_u128(nb));
            let mut blocks = ad.chunks_exact(16);
            for blk in &mut blocks {
                s = k.enc(_mm_xor_si128(
                    s,
                    _mm_loadu_si128(blk.as_ptr() as *const __m128i),
                ));
            }
            let rest = blocks.remainder();
            if !rest.is_empty() {
                s = k.enc(_mm_xor_si128(s, load_partial(rest)));
            }
            let v = g(_mm_xor_si128(s, len_block(ad.len())));

            // ENC/DEC with fix1 feedback and the PRF chain over the ciphertext.
            let (es0, mut ts) = k.enc2(v, g(v));
            let len = buf.len();
            if len > 0 {
                (ts, _) = k.fix1_message_m128(es0, ts, buf, decrypt);
                ts = k.enc(ts);
            }
            ts = k.enc(g(_mm_xor_si128(ts, len_block(len))));
            let mut out = [0u8; 16];
            _mm_storeu_si128(out.as_mut_ptr() as *mut __m128i, ts);
            out
        }
    }
}

/// HASH_K(N, A) → V.
#[inline(always)]
fn hash<E: BlockCipher>(e: &E, nonce: &[u8], ad: &[u8]) -> [u8; 16] {
    let mut s = [0u8; 16];
    s[16 - NONCE_LEN - 1] = PARAM;
    s[16 - NONCE_LEN..].copy_from_slice(nonce);
    e.encrypt(&mut s);
    for blk in ad.chunks(16) {
        xor_into(&mut s, blk);
        e.encrypt(&mut s);
    }
    xor_len(&mut s, ad.len());
    g(&mut s);
    s
}

/// Runs ENC (or DEC) over `buf` in place and PRF over the ciphertext; returns the final PRF
/// block (its first 8 bytes are the tag).
#[inline(always)]
fn process_with<E: BlockCipher>(e: &E, Call(nonce, ad, buf, decrypt): Call<'_>) -> [u8; 16] {
    let v = hash(e, nonce, ad);
    let mut es = v;
    let mut ts = v;
    g(&mut ts);
    // es = E_K(V) starts the keystream chain, ts = E_K(g(V)) the PRF chain.
    e.encrypt2(&mut es, &mut ts);

    let len = buf.len();
    if len > 0 {
        e.fix1_message(&mut es, &mut ts, buf, decrypt);
        e.encrypt(&mut ts);
    }
    xor_len(&mut ts, len);
    g(&mut ts);
    e.encrypt(&mut ts);
    es.zeroize();
    ts
}

crate::aes::impl_aes_mode_scheme!(Silcv3, "aes128n12t8silcv3", NONCE_LEN, 8, 16, BlockCipher);

// ---------------------------------------------------------------------------------------------
// Streaming (see `crate::stream`): the keystream chain es, the PRF chain ts and the message
// length are kept between chunks. PRF zero-pads the last block and treats a full last block
// like any other, so no block needs to be held back; the length enters at the end.
// ---------------------------------------------------------------------------------------------

crate::aes::aes_fn! {
    /// HASH_K(N, A) and the start of both chains for the streaming API: (es, ts).
    fn stream_start<e: BlockCipher>(aes, nonce: &[u8], ad: &[u8]) -> ([u8; 16], [u8; 16]) {
        let v = hash(e, nonce, ad);
        let mut es = v;
        let mut ts = v;
        g(&mut ts);
        e.encrypt2(&mut es, &mut ts);
        (es, ts)
    }
}

/// Streaming state of [`Silcv3`].
#[doc(hidden)]
#[derive(Clone)]
pub struct SilcCore {
    es: [u8; 16],
    ts: [u8; 16],
    /// Message bytes so far (public).
    len: usize,
}

crate::redacted_debug!(SilcCore);

impl Streaming for Silcv3 {
    type Core = SilcCore;
}

impl Core<Silcv3> for SilcCore {
    const BLOCK: usize = 16;
    const HOLD_FULL: bool = false;

    fn start(c: &Silcv3, nonce: &[u8], ad: &[u8]) -> Self {
        let (es, ts) = stream_start(&c.aes, nonce, ad);
        SilcCore { es, ts, len: 0 }
    }

    fn blocks(&mut self, c: &Silcv3, data: &mut [u8], dec: bool) {
        crate::aes::fix1_stream_blocks(&c.aes, &mut self.es, &mut self.ts, data, dec);
        self.len += data.len();
    }

    fn keystream(&mut self, _: &Silcv3) -> [u8; 16] {
        self.es
    }

    fn absorb(&mut self, c: &Silcv3, _p: &[u8], ct: &[u8]) {
        crate::aes::fix1_absorb(&c.aes, &mut self.es, &mut self.ts, ct);
        self.len += 16;
    }

    fn finish(&mut self, c: &Silcv3, _p: &[u8], ct: &[u8]) -> [u8; 16] {
        if !ct.is_empty() {
            xor_into(&mut self.ts, ct);
            c.aes.encrypt_block(&mut self.ts);
            self.len += ct.len();
        }
        xor_len(&mut self.ts, self.len);
        g(&mut self.ts);
        c.aes.encrypt_block(&mut self.ts);
        self.es.zeroize();
        self.ts
    }

    fn wipe(&mut self) {
        self.es.zeroize();
        self.ts.zeroize();
    }
}

//! CLOC v3 (Iwata, Minematsu, Guo, Morioka; CAESAR round 3), parameter set `aes128n12t8clocv3`: E =
//! AES-128, 12-byte nonce, 8-byte tag.
//!
//! Implements §1 ("Specification") of the CLOC v3 CAESAR document: HASH_K(A, N) with fix0 and the
//! h, f1, f2 tweak functions; ENC_K(V, M) with fix1 (the ciphertext feedback through E_K); PRF_K(V,
//! C) with g1 (empty message) / g2, and f1 / f2 on the final block depending on one-zero padding.
//! The nonce is encoded as `param ‖ N ‖ 10*` with `param = 0xc0` (the parameter byte of this set).
//! Only the forward AES is used. Decryption is CLOC's "decrypt-then-verify": the buffer is
//! decrypted in place, the tag compared in constant time, and the buffer wiped on mismatch.

use crate::aes::{xor_into, Aes128, BlockCipher, Call};
use crate::stream::{sealed::Core, Streaming};
use zeroize::Zeroize;

/// The parameter byte for (E = AES, ℓ_N = 12 bytes, τ = 8 bytes).
const PARAM: u8 = 0xc0;

/// `aes128n12t8clocv3`: CLOC with AES-128, 96-bit nonce, 64-bit tag.
#[derive(Clone, Debug)]
pub struct Clocv3 {
    aes: Aes128,
}

type Words = [u32; 4];

#[inline]
fn to_words(b: &[u8; 16]) -> Words {
    let w = |i: usize| u32::from_le_bytes([b[4 * i], b[4 * i + 1], b[4 * i + 2], b[4 * i + 3]]);
    [w(0), w(1), w(2), w(3)]
}

#[inline]
fn from_words(w: Words) -> [u8; 16] {
    let mut b = [0u8; 16];
    for (chunk, x) in b.chunks_exact_mut(4).zip(w) {
        chunk.copy_from_slice(&x.to_le_bytes());
    }
    b
}

// The tweak functions of CLOC §2.2, on the block seen as four 32-bit words (X1, X2, X3, X4).
// They only XOR and permute whole words, so the byte order inside a word is immaterial.

/// f1 = G^8: (X1,X2,X3,X4) ↦ (X1⊕X3, X2⊕X4, X1⊕X2⊕X3, X2⊕X3⊕X4).
#[inline]
fn f1(b: &mut [u8; 16]) {
    let [x1, x2, x3, x4] = to_words(b);
    *b = from_words([x1 ^ x3, x2 ^ x4, x1 ^ x2 ^ x3, x2 ^ x3 ^ x4]);
}

/// f2 = g2 = G: (X1,X2,X3,X4) ↦ (X2, X3, X4, X1⊕X2).
#[inline]
fn f2(b: &mut [u8; 16]) {
    let [x1, x2, x3, x4] = to_words(b);
    *b = from_words([x2, x3, x4, x1 ^ x2]);
}

/// g1 = G^2: (X1,X2,X3,X4) ↦ (X3, X4, X1⊕X2, X2⊕X3).
#[inline]
fn g1(b: &mut [u8; 16]) {
    let [x1, x2, x3, x4] = to_words(b);
    *b = from_words([x3, x4, x1 ^ x2, x2 ^ x3]);
}

/// h = G^4: (X1,X2,X3,X4) ↦ (X1⊕X2, X2⊕X3, X3⊕X4, X1⊕X2⊕X4).
#[inline]
fn h(b: &mut [u8; 16]) {
    let [x1, x2, x3, x4] = to_words(b);
    *b = from_words([x1 ^ x2, x2 ^ x3, x3 ^ x4, x1 ^ x2 ^ x4]);
}

/// The AES-NI path of [`process_with`] with the whole state in SSE registers (the same steps,
/// checked against the portable path by `portable_backend_agrees`). Words X1..X4 of a block
/// are the 32-bit lanes 0..3; the tweak maps only XOR and move whole lanes.
#[cfg(target_arch = "x86_64")]
mod ni {
    use super::PARAM;
    use crate::aes::{block_from_u128, load_partial, nonce96, pad_bit, Call, NiKeys};
    use core::arch::x86_64::*;

    /// Keeps lanes selected by `M` (bit i = lane i) of `x`, zeroes the others.
    #[inline(always)]
    fn lanes<const M: i32>(x: __m128i) -> __m128i {
        // SAFETY: register-only SSE2 operations.
        unsafe {
            let m = _mm_set_epi32(-((M >> 3) & 1), -((M >> 2) & 1), -((M >> 1) & 1), -(M & 1));
            _mm_and_si128(x, m)
        }
    }

    /// f1 = G^8: (X1⊕X3, X2⊕X4, X1⊕X2⊕X3, X2⊕X3⊕X4).
    #[inline(always)]
    fn f1(x: __m128i) -> __m128i {
        // SAFETY: register-only SSE2 operations.
        unsafe {
            let a = _mm_shuffle_epi32(x, 0b01_00_01_00); // X1 X2 X1 X2
            let b = _mm_shuffle_epi32(x, 0b11_10_11_10); // X3 X4 X3 X4
            let c = lanes::<0b1100>(_mm_shuffle_epi32(x, 0b10_01_00_00)); // 0 0 X2 X3
            _mm_xor_si128(_mm_xor_si128(a, b), c)
        }
    }

    /// f2 = g2 = G: (X2, X3, X4, X1⊕X2).
    #[inline(always)]
    fn f2(x: __m128i) -> __m128i {
        // SAFETY: register-only SSE2 operations.
        unsafe {
            let a = _mm_shuffle_epi32(x, 0b00_11_10_01); // X2 X3 X4 X1
            let b = lanes::<0b1000>(_mm_shuffle_epi32(x, 0b01_00_00_00)); // 0 0 0 X2
            _mm_xor_si128(a, b)
        }
    }

    /// g1 = G^2: (X3, X4, X1⊕X2, X2⊕X3).
    #[inline(always)]
    fn g1(x: __m128i) -> __m128i {
        // SAFETY: register-only SSE2 operations.
        unsafe {
            let a = _mm_shuffle_epi32(x, 0b01_00_11_10); // X3 X4 X1 X2
            let b = lanes::<0b1100>(_mm_shuffle_epi32(x, 0b10_01_00_00)); // 0 0 X2 X3
            _mm_xor_si128(a, b)
        }
    }

    /// h = G^4: (X1⊕X2, X2⊕X3, X3⊕X4, X1⊕X2⊕X4).
    #[inline(always)]
    fn h(x: __m128i) -> __m128i {
        // SAFETY: register-only SSE2 operations.
        unsafe {
            let a = _mm_shuffle_epi32(x, 0b00_11_10_01); // X2 X3 X4 X1
            let b = lanes::<0b1000>(_mm_shuffle_epi32(x, 0b01_00_00_00)); // 0 0 0 X2
            _mm_xor_si128(_mm_xor_si128(x, a), b)
        }
    }

    #[inline(always)]
    pub(super) fn process(k: &NiKeys, Call(nonce, ad, buf, decrypt): Call<'_>) -> [u8; 16] {
        // SAFETY: `k` exists only on AES-NI machines; loads are of 16-byte chunks of `ad`/arrays.
        unsafe {
            // HASH_K(A, N). The first block is A's first 16 bytes, or A ‖ 1 0* when shorter.
            let (first, rest, mut padded) = if ad.len() < 16 {
                (
                    _mm_or_si128(load_partial(ad), pad_bit(ad.len())),
                    &[][..],
                    true,
                )
            } else {
                (
                    _mm_loadu_si128(ad.as_ptr() as *const __m128i),
                    &ad[16..],
                    false,
                )
            };
            // fix0 (associated data is public: branching on it is fine).
            let msb_set = ad.first().is_none_or(|b| b & 0x80 != 0);
            let mut s = k.enc(_mm_andnot_si128(_mm_set_epi64x(0, 0x80), first));
            if msb_set {
                s = h(s);
            }
            let mut blocks = rest.chunks_exact(16);
            for blk in &mut blocks {
                s = k.enc(_mm_xor_si128(
                    s,
                    _mm_loadu_si128(blk.as_ptr() as *const __m128i),
                ));
            }
            let last = blocks.remainder();
            if !last.is_empty() {
                s = k.enc(_mm_xor_si128(
                    s,
                    _mm_or_si128(load_partial(last), pad_bit(last.len())),
                ));
                padded = true;
            }
            // param ‖ N ‖ 1 0*: param in byte 0, N in bytes 1..13, 0x80 in byte 13.
            let nb = PARAM as u128 | nonce96(nonce) << 8 | 0x80u128 << (8 * 13);
            s = _mm_xor_si128(s, block_from_u128(nb));
            let v = if padded { f2(s) } else { f1(s) };

            let mut out = [0u8; 16];
            if buf.is_empty() {
                _mm_storeu_si128(out.as_mut_ptr() as *mut __m128i, k.enc(g1(v)));
                return out;
            }
            let (es, ts) = k.enc2(v, f2(v)); // g2 = f2
            let (ts, l) = k.fix1_message_m128(es, ts, buf, decrypt);
            let ts = if l < 16 {
                f2(_mm_xor_si128(ts, pad_bit(l)))
            } else {
                f1(ts)
            };
            _mm_storeu_si128(out.as_mut_ptr() as *mut __m128i, k.enc(ts));
            out
        }
    }
}

/// HASH_K(A, N) → V.
#[inline(always)]
fn hash<E: BlockCipher>(e: &E, ad: &[u8], nonce: &[u8]) -> [u8; 16] {
    let mut s = [0u8; 16];
    // Whether the last processed AD block was one-zero padded (selects f2 over f1).
    let mut padded;
    let rest: &[u8];
    if ad.len() < 16 {
        s[..ad.len()].copy_from_slice(ad);
        s[ad.len()] = 0x80;
        padded = true;
        rest = &[];
    } else {
        s.copy_from_slice(&ad[..16]);
        padded = false;
        rest = &ad[16..];
    }
    // fix0: clear the MSB of the first block; if it was set, apply h after E_K.
    // (Associated data is public, so branching on it is fine.)
    let msb_set = s[0] & 0x80 != 0;
    s[0] &= 0x7f;
    e.encrypt(&mut s);
    if msb_set {
        h(&mut s);
    }
    let mut blocks = rest.chunks_exact(16);
    for blk in &mut blocks {
        xor_into(&mut s, blk);
        e.encrypt(&mut s);
    }
    let last = blocks.remainder();
    if !last.is_empty() {
        xor_into(&mut s, last);
        s[last.len()] ^= 0x80;
        e.encrypt(&mut s);
        padded = true;
    }
    // Nonce block: param ‖ N ‖ 1 0*.
    s[0] ^= PARAM;
    xor_into(&mut s[1..13], nonce);
    s[13] ^= 0x80;
    if padded {
        f2(&mut s);
    } else {
        f1(&mut s);
    }
    s
}

/// Runs ENC (or DEC) over `buf` in place and PRF over the ciphertext; returns the final PRF
/// block (its first 8 bytes are the tag).
#[inline(always)]
fn process_with<E: BlockCipher>(e: &E, Call(nonce, ad, buf, decrypt): Call<'_>) -> [u8; 16] {
    let v = hash(e, ad, nonce);
    let mut ts = v;
    if buf.is_empty() {
        g1(&mut ts);
        e.encrypt(&mut ts);
        return ts;
    }
    let mut es = v;
    g2(&mut ts);
    e.encrypt2(&mut es, &mut ts);

    let l = e.fix1_message(&mut es, &mut ts, buf, decrypt);
    final_tweak(&mut ts, l);
    e.encrypt(&mut ts);
    es.zeroize();
    ts
}

/// PRF's last step before E_K, after the final ciphertext block (of `l` = 1..=16 bytes) was
/// XORed in: one-zero padding and f2 for a partial block, f1 for a full one.
#[inline(always)]
fn final_tweak(ts: &mut [u8; 16], l: usize) {
    if l < 16 {
        ts[l] ^= 0x80;
        f2(ts);
    } else {
        f1(ts);
    }
}

/// g2 = G, the same map as f2.
#[inline]
fn g2(b: &mut [u8; 16]) {
    f2(b)
}

crate::aes::impl_aes_mode_scheme!(Clocv3, "aes128n12t8clocv3", 12, 8, 16, BlockCipher);

// ---------------------------------------------------------------------------------------------
// Streaming (see `crate::stream`): V, the keystream chain es and the PRF chain ts are kept
// between chunks. The chains start (es = E_K(V), ts = E_K(g2(V))) with the first message byte;
// an empty message takes the g1 path instead. The final block selects f1 (full) or f2
// (padded), so a full block at the end of a chunk is held back by the driver (`HOLD_FULL`).
// ---------------------------------------------------------------------------------------------

crate::aes::aes_fn! {
    /// HASH_K(A, N) → V for the streaming API.
    fn stream_hash<e: BlockCipher>(aes, ad: &[u8], nonce: &[u8]) -> [u8; 16] {
        hash(e, ad, nonce)
    }
}

/// Streaming state of [`Clocv3`].
#[doc(hidden)]
#[derive(Clone)]
pub struct ClocCore {
    v: [u8; 16],
    es: [u8; 16],
    ts: [u8; 16],
    /// Whether the chains have been started (the message is non-empty; public).
    started: bool,
}

impl ClocCore {
    fn start_chains(&mut self, aes: &Aes128) {
        if !self.started {
            self.es = self.v;
            self.ts = self.v;
            g2(&mut self.ts);
            aes.encrypt_two(&mut self.es, &mut self.ts);
            self.started = true;
        }
    }
}

crate::redacted_debug!(ClocCore);

impl Streaming for Clocv3 {
    type Core = ClocCore;
}

impl Core<Clocv3> for ClocCore {
    const BLOCK: usize = 16;
    const HOLD_FULL: bool = true;

    fn start(c: &Clocv3, nonce: &[u8], ad: &[u8]) -> Self {
        ClocCore {
            v: stream_hash(&c.aes, ad, nonce),
            es: [0; 16],
            ts: [0; 16],
            started: false,
        }
    }

    fn blocks(&mut self, c: &Clocv3, data: &mut [u8], dec: bool) {
        if data.is_empty() {
            return;
        }
        self.start_chains(&c.aes);
        crate::aes::fix1_stream_blocks(&c.aes, &mut self.es, &mut self.ts, data, dec);
    }

    fn keystream(&mut self, c: &Clocv3) -> [u8; 16] {
        self.start_chains(&c.aes);
        self.es
    }

    fn absorb(&mut self, c: &Clocv3, _p: &[u8], ct: &[u8]) {
        crate::aes::fix1_absorb(&c.aes, &mut self.es, &mut self.ts, ct);
    }

    fn finish(&mut self, c: &Clocv3, _p: &[u8], ct: &[u8]) -> [u8; 16] {
        let l = ct.len();
        if l == 0 {
            // Empty message (a non-empty one always leaves a begun final block).
            self.ts = self.v;
            g1(&mut self.ts);
        } else {
            xor_into(&mut self.ts, ct);
            final_tweak(&mut self.ts, l);
        }
        c.aes.encrypt_block(&mut self.ts);
        self.es.zeroize();
        self.ts
    }

    fn wipe(&mut self) {
        self.v.zeroize();
        self.es.zeroize();
        self.ts.zeroize();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tweak_functions_match_g_powers() {
        // G(X1,X2,X3,X4) = (X2, X3, X4, X1 ⊕ X2); f1 = G^8, g1 = G^2, h = G^4.
        let g = |w: Words| [w[1], w[2], w[3], w[0] ^ w[1]];
        let pow = |mut w: Words, n: usize| {
            for _ in 0..n {
                w = g(w);
            }
            w
        };
        let x: Words = [0x0102_0304, 0x1122_3344, 0xa0b0_c0d0, 0xdead_beef];
        let b = from_words(x);
        for (f, n) in [
            (f1 as fn(&mut [u8; 16]), 8),
            (f2, 1),
            (g1, 2),
            (g2, 1),
            (h, 4),
        ] {
            let mut y = b;
            f(&mut y);
            assert_eq!(to_words(&y), pow(x, n));
        }
    }
}

//! Ascon authenticated encryption: CAESAR `ascon128v12` and NIST `asconaead128`.
//!
//! * `ascon128v12` — Ascon-128 v1.2 (Dobraunig, Eichlseder, Mendel, Schläffer; CAESAR
//!   round-3 submission / final portfolio): the mode (initialization, associated data,
//!   plaintext, finalization) and the permutation p = p_L ∘ p_S ∘ p_C of the v1.2
//!   specification. Lanes are loaded big-endian, rate 64 bits, p^a = 12 rounds, p^b = 6
//!   rounds, IV = 0x80400c0600000000.
//! * `asconaead128` — Ascon-AEAD128 of NIST SP 800-232 (its Ascon-AEAD128 section, on the
//!   Ascon-p\[12\] / Ascon-p\[8\] permutations of its permutation section). Lanes are loaded
//!   little-endian, rate 128 bits, p^a = 12, p^b = 8, IV = 0x00001000808c0001, padding byte
//!   0x01, domain separation in the top bit of x4.
//!
//! Both share one implementation of the mode, generic over these parameters (the private
//! trait `Variant`); the one-shot and streaming APIs run the same block loops.
//!
//! The permutation works on five 64-bit lanes (no bit interleaving). The substitution layer is
//! the designers' bit-sliced instruction sequence for the 5-bit S-box given in the v1.2 spec
//! (an affine layer, a Keccak-χ-like core, a second affine layer and one complement); every
//! round is written out (p^12, p^8 and p^6 are fully unrolled). No table lookups and no
//! secret-dependent branches: only data lengths (public) steer control flow.

use crate::stream::{sealed::Core, Streaming};
use crate::{Mode, Scheme};
use zeroize::{Zeroize, ZeroizeOnDrop};

/// One Ascon round with round constant `c` (p_C, then p_S, then p_L).
#[inline(always)]
fn round(s: &mut [u64; 5], c: u64) {
    let [mut x0, mut x1, mut x2, mut x3, mut x4] = *s;
    // p_C: round constant into x2.
    x2 ^= c;
    // p_S: bit-sliced S-box (first affine layer, chi core, second affine layer).
    x0 ^= x4;
    x4 ^= x3;
    x2 ^= x1;
    let t0 = !x0 & x1;
    let t1 = !x1 & x2;
    let t2 = !x2 & x3;
    let t3 = !x3 & x4;
    let t4 = !x4 & x0;
    x0 ^= t1;
    x1 ^= t2;
    x2 ^= t3;
    x3 ^= t4;
    x4 ^= t0;
    x1 ^= x0;
    x0 ^= x4;
    x3 ^= x2;
    x2 = !x2;
    // p_L: linear diffusion per lane.
    x0 ^= x0.rotate_right(19) ^ x0.rotate_right(28);
    x1 ^= x1.rotate_right(61) ^ x1.rotate_right(39);
    x2 ^= x2.rotate_right(1) ^ x2.rotate_right(6);
    x3 ^= x3.rotate_right(10) ^ x3.rotate_right(17);
    x4 ^= x4.rotate_right(7) ^ x4.rotate_right(41);
    *s = [x0, x1, x2, x3, x4];
}

/// p^12: round constants 0xf0, 0xe1, …, 0x4b.
#[inline(always)]
fn p12(s: &mut [u64; 5]) {
    round(s, 0xf0);
    round(s, 0xe1);
    round(s, 0xd2);
    round(s, 0xc3);
    p8(s);
}

/// p^8: the last eight rounds of p^12.
#[inline(always)]
fn p8(s: &mut [u64; 5]) {
    round(s, 0xb4);
    round(s, 0xa5);
    p6(s);
}

/// p^6: the last six rounds of p^12.
#[inline(always)]
fn p6(s: &mut [u64; 5]) {
    round(s, 0x96);
    round(s, 0x87);
    round(s, 0x78);
    round(s, 0x69);
    round(s, 0x5a);
    round(s, 0x4b);
}

/// What sets the two Ascon AEAD variants apart; the mode itself (initialization, associated
/// data, message, finalization, and the streaming core) is written once, generic over it.
trait Variant: Sized {
    /// The initial value x0.
    const IV: u64;
    /// Rate in bytes: 8 (one lane, x0) or 16 (two lanes, x0 and x1).
    const RATE: usize;
    /// Domain separation XORed into x4 after the associated data.
    const DSEP: u64;
    /// The padding byte after a partial block (0x80 big-endian, 0x01 little-endian: both the
    /// bit right after the data).
    const PAD: u8;
    /// The scheme keyed with two key lanes.
    fn from_key_words(k: [u64; 2]) -> Self;
    /// The key as two lanes.
    fn key(&self) -> [u64; 2];
    /// p^b, the permutation between blocks.
    fn pb(s: &mut [u64; 5]);
    /// Lane from 8 bytes (big-endian in v1.2, little-endian in SP 800-232).
    fn load(w: [u8; 8]) -> u64;
    /// 8 bytes of a lane, in the order of [`Variant::load`].
    fn store(x: u64) -> [u8; 8];

    /// The lane of the first 8 bytes of `b`.
    #[inline(always)]
    fn lane(b: &[u8]) -> u64 {
        let mut w = [0u8; 8];
        w.copy_from_slice(&b[..8]);
        Self::load(w)
    }

    /// The lane of `b.len() < 8` bytes followed by the padding byte.
    #[inline(always)]
    fn lane_padded(b: &[u8]) -> u64 {
        let mut w = [0u8; 8];
        w[..b.len()].copy_from_slice(b);
        w[b.len()] = Self::PAD;
        Self::load(w)
    }

    /// Absorbs `b.len() < RATE` bytes plus the padding byte into the rate.
    #[inline(always)]
    fn absorb_last(s: &mut [u64; 5], b: &[u8]) {
        if Self::RATE == 8 || b.len() < 8 {
            s[0] ^= Self::lane_padded(b);
        } else {
            s[0] ^= Self::lane(&b[..8]);
            s[1] ^= Self::lane_padded(&b[8..]);
        }
    }

    /// The rate bytes of the state (the first `RATE` bytes are valid).
    #[inline(always)]
    fn rate_bytes(s: &[u64; 5]) -> [u8; 16] {
        let mut r = [0u8; 16];
        for (i, chunk) in r[..Self::RATE].chunks_exact_mut(8).enumerate() {
            chunk.copy_from_slice(&Self::store(s[i]));
        }
        r
    }

    /// Message blocks (`RATE` bytes each; any tail is ignored), encrypted in place (`DEC`
    /// false) or decrypted: the rate becomes the ciphertext block, then p^b.
    #[inline(always)]
    fn blocks<const DEC: bool>(s: &mut [u64; 5], buf: &mut [u8]) {
        for b in buf.chunks_exact_mut(Self::RATE) {
            for (i, w) in b.chunks_exact_mut(8).enumerate() {
                if DEC {
                    let c = Self::lane(w);
                    w.copy_from_slice(&Self::store(s[i] ^ c));
                    s[i] = c;
                } else {
                    s[i] ^= Self::lane(w);
                    w.copy_from_slice(&Self::store(s[i]));
                }
            }
            Self::pb(s);
        }
    }

    /// Initialization and associated data.
    #[inline(always)]
    fn start(&self, nonce: &[u8], ad: &[u8]) -> [u64; 5] {
        let [k0, k1] = self.key();
        let mut s = [
            Self::IV,
            k0,
            k1,
            Self::lane(&nonce[..8]),
            Self::lane(&nonce[8..16]),
        ];
        p12(&mut s);
        s[3] ^= k0;
        s[4] ^= k1;
        if !ad.is_empty() {
            let mut blocks = ad.chunks_exact(Self::RATE);
            for b in &mut blocks {
                for (i, w) in b.chunks_exact(8).enumerate() {
                    s[i] ^= Self::lane(w);
                }
                Self::pb(&mut s);
            }
            Self::absorb_last(&mut s, blocks.remainder());
            Self::pb(&mut s);
        }
        s[4] ^= Self::DSEP;
        s
    }

    /// Finalization: the key into the two lanes after the rate, p^12; returns the tag.
    #[inline(always)]
    fn finish(&self, s: &mut [u64; 5]) -> [u8; 16] {
        let [k0, k1] = self.key();
        let r = Self::RATE / 8;
        s[r] ^= k0;
        s[r + 1] ^= k1;
        p12(s);
        let mut tag = [0u8; 16];
        tag[..8].copy_from_slice(&Self::store(s[3] ^ k0));
        tag[8..].copy_from_slice(&Self::store(s[4] ^ k1));
        s.zeroize();
        tag
    }
}

/// The one-shot mode of both variants.
impl<V: Variant + Scheme> Mode for V {
    type TagBlock = [u8; 16];

    fn with_key(key: &[u8; 16]) -> Self {
        V::from_key_words([V::lane(&key[..8]), V::lane(&key[8..])])
    }

    #[inline(always)]
    fn run(&self, nonce: &[u8], ad: &[u8], buf: &mut [u8], decrypt: bool) -> [u8; 16] {
        let mut s = self.start(nonce, ad);
        let (head, last) = split_blocks(buf, V::RATE);
        if decrypt {
            V::blocks::<true>(&mut s, head);
            let ks = V::rate_bytes(&s);
            for (p, k) in last.iter_mut().zip(ks.iter()) {
                *p ^= k;
            }
            V::absorb_last(&mut s, last);
        } else {
            V::blocks::<false>(&mut s, head);
            V::absorb_last(&mut s, last);
            let n = last.len();
            last.copy_from_slice(&V::rate_bytes(&s)[..n]);
        }
        self.finish(&mut s)
    }
}

/// Splits `buf` into its whole `block`-byte blocks and the remainder.
#[inline(always)]
fn split_blocks(buf: &mut [u8], block: usize) -> (&mut [u8], &mut [u8]) {
    let full = buf.len() - buf.len() % block;
    buf.split_at_mut(full)
}

// ---------------------------------------------------------------------------------------------
// Ascon-128 v1.2 (CAESAR)
// ---------------------------------------------------------------------------------------------

/// Ascon-128 v1.2 (`ascon128v12`): key 16, nonce 16, tag 16 bytes.
#[derive(Clone, Zeroize, ZeroizeOnDrop)]
pub struct Ascon128v12 {
    k: [u64; 2],
}

// The two `Variant` impls below are alike by design: each is one parameter set.
impl Variant for Ascon128v12 {
    fn from_key_words(k: [u64; 2]) -> Self {
        Self { k }
    }
    const IV: u64 = 0x8040_0c06_0000_0000;
    const RATE: usize = 8;
    const DSEP: u64 = 1;
    const PAD: u8 = 0x80;
    #[inline(always)]
    fn key(&self) -> [u64; 2] {
        self.k
    }
    #[inline(always)]
    fn pb(s: &mut [u64; 5]) {
        p6(s)
    }
    #[inline(always)]
    fn load(w: [u8; 8]) -> u64 {
        u64::from_be_bytes(w)
    }
    #[inline(always)]
    fn store(x: u64) -> [u8; 8] {
        x.to_be_bytes()
    }
}

crate::impl_scheme!(Ascon128v12, "ascon128v12", 16, 16, bmi);

// ---------------------------------------------------------------------------------------------
// Ascon-AEAD128 (NIST SP 800-232)
// ---------------------------------------------------------------------------------------------

/// Ascon-AEAD128 (NIST SP 800-232, `asconaead128`): key 16, nonce 16, tag 16 bytes.
#[derive(Clone, Zeroize, ZeroizeOnDrop)]
pub struct AsconAead128 {
    k: [u64; 2],
}

impl Variant for AsconAead128 {
    fn from_key_words(k: [u64; 2]) -> Self {
        Self { k }
    }
    const IV: u64 = 0x0000_1000_808c_0001;
    const RATE: usize = 16;
    const DSEP: u64 = 1 << 63;
    const PAD: u8 = 0x01;
    #[inline(always)]
    fn key(&self) -> [u64; 2] {
        self.k
    }
    #[inline(always)]
    fn pb(s: &mut [u64; 5]) {
        p8(s)
    }
    #[inline(always)]
    fn load(w: [u8; 8]) -> u64 {
        u64::from_le_bytes(w)
    }
    #[inline(always)]
    fn store(x: u64) -> [u8; 8] {
        x.to_le_bytes()
    }
}

crate::impl_scheme!(AsconAead128, "asconaead128", 16, 16, bmi);

// ---------------------------------------------------------------------------------------------
// Streaming (see `crate::stream`): the sponge state between chunks. A full block leaves the
// ciphertext block in the rate, so absorbing needs only the ciphertext; the final (partial)
// block absorbs the padded plaintext, exactly as in the one-shot code above.
// ---------------------------------------------------------------------------------------------

bmi_fn! {
    /// Whole message blocks for the streaming API.
    fn stream_blocks<V: Variant>(s: &mut [u64; 5], buf: &mut [u8], dec: bool) {
        if dec {
            V::blocks::<true>(s, buf)
        } else {
            V::blocks::<false>(s, buf)
        }
    }
}

/// Streaming state of [`Ascon128v12`] and [`AsconAead128`]: the five lanes.
#[doc(hidden)]
#[derive(Clone)]
pub struct AsconCore {
    s: [u64; 5],
}

crate::redacted_debug!(Ascon128v12, AsconAead128, AsconCore);

impl Streaming for Ascon128v12 {
    type Core = AsconCore;
}

impl Streaming for AsconAead128 {
    type Core = AsconCore;
}

impl<V: Variant + Scheme> Core<V> for AsconCore {
    const BLOCK: usize = V::RATE;
    const HOLD_FULL: bool = false;

    fn start(a: &V, nonce: &[u8], ad: &[u8]) -> Self {
        AsconCore {
            s: a.start(nonce, ad),
        }
    }

    fn blocks(&mut self, _: &V, data: &mut [u8], dec: bool) {
        stream_blocks::<V>(&mut self.s, data, dec);
    }

    fn keystream(&mut self, _: &V) -> [u8; 16] {
        V::rate_bytes(&self.s)
    }

    fn absorb(&mut self, _: &V, _p: &[u8], c: &[u8]) {
        for (i, w) in c[..V::RATE].chunks_exact(8).enumerate() {
            self.s[i] = V::lane(w);
        }
        V::pb(&mut self.s);
    }

    fn finish(&mut self, a: &V, p: &[u8], _c: &[u8]) -> [u8; 16] {
        V::absorb_last(&mut self.s, p);
        a.finish(&mut self.s)
    }

    fn wipe(&mut self) {
        self.s.zeroize();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The unrolled p^12 must equal twelve rounds with constants c_r = ((0xf - r) << 4) | r
    /// (c_0 = 0xf0, …, c_11 = 0x4b). The mode itself is checked against the designers' KAT files.
    #[test]
    fn unrolled_matches_generic() {
        let mut a = [1u64, 2, 3, 4, 5];
        let mut b = a;
        p12(&mut a);
        for r in 0..12u64 {
            round(&mut b, ((0xf - r) << 4) | r);
        }
        assert_eq!(a, b);
    }
}

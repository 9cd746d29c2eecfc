//! ACORN-128 v3 (`acorn128v3`, Hongjun Wu; CAESAR round-3 submission and final portfolio).
//!
//! Implements the ACORN v3 specification's state update function (the six LFSR feedbacks, the
//! keystream function KSG128 and the nonlinear feedback FBK128) and its AEAD mode:
//! initialization (1792 steps loading key, IV and the key repeated, first bit of the repeated
//! key flipped), associated data then plaintext each followed by 256 padding steps, and the
//! 768-step finalization whose last 128 keystream bits are the tag. Key 16, IV 16, tag 16
//! bytes; bit order and step counts as in the designer's reference code in SUPERCOP.
//!
//! The 293-bit state is held as its six LFSRs plus the 4-bit tail, each in a `u64`
//! (bit i of a register = state bit base+i), and is advanced 32 steps per call: every register
//! is at least 37 bits long and no tap reads a bit that was produced fewer than 33 steps
//! earlier, so 32 consecutive feedback, keystream and LFSR-update bits are independent and are
//! computed as whole words. Message bits enter least-significant bit of each byte first, so a
//! 4-byte little-endian word is exactly 32 consecutive steps. A trailing 1–3 bytes are
//! processed 8 steps at a time. No table lookups and no secret-dependent branches.

use crate::stream::{sealed::Core, Streaming};
use crate::Mode;
use zeroize::{Zeroize, ZeroizeOnDrop};

/// The ACORN-128 state: S0..S60, S61..S106, S107..S153, S154..S192, S193..S229, S230..S288
/// and the tail S289..S292.
#[derive(Clone, Default, Zeroize)]
struct State {
    r: [u64; 7],
}

const ONES: u64 = u64::MAX;

#[inline(always)]
fn maj(x: u64, y: u64, z: u64) -> u64 {
    (x & y) ^ (x & z) ^ (y & z)
}

#[inline(always)]
fn ch(x: u64, y: u64, z: u64) -> u64 {
    (x & y) ^ (!x & z)
}

impl State {
    /// Runs `n` (1..=32) state-update steps at once.
    ///
    /// `data` holds the `n` input bits (first step in bit 0); `ca`, `cb` the control bits.
    /// With `DEC` false the message bits are `data` and `data ^ ks` is returned (encryption,
    /// or plain absorption when the result is ignored); with `DEC` true `data` is ciphertext,
    /// the message bits are `data ^ ks` and those are returned.
    #[inline(always)]
    fn step<const DEC: bool>(&mut self, n: u32, data: u64, ca: u64, cb: u64) -> u64 {
        let mask = (1u64 << n) - 1;
        let [r1, r2, r3, r4, r5, r6, r7] = self.r;
        // Words of n consecutive values of a state position (before this block's updates).
        let w0 = r1 & mask;
        let w12 = (r1 >> 12) & mask;
        let w23 = (r1 >> 23) & mask;
        let w61 = r2 & mask;
        let w66 = (r2 >> 5) & mask;
        let w107 = r3 & mask;
        let w111 = (r3 >> 4) & mask;
        let w154 = r4 & mask;
        let w160 = (r4 >> 6) & mask;
        let w193 = r5 & mask;
        let w196 = (r5 >> 3) & mask;
        let w230 = r6 & mask;
        let w235 = (r6 >> 5) & mask;
        let w244 = (r6 >> 14) & mask;
        // LFSR updates (values of S61, S107, S154, S193, S230 after the update of their step).
        let u61 = w61 ^ w23 ^ w0;
        let u107 = w107 ^ w66 ^ w61;
        let u154 = w154 ^ w111 ^ w107;
        let u193 = w193 ^ w160 ^ w154;
        let u230 = w230 ^ w196 ^ w193;
        // KSG128 and FBK128.
        let ks = w12 ^ u154 ^ maj(w235, u61, u193) ^ ch(u230, w111, w66);
        let m = if DEC { (data ^ ks) & mask } else { data & mask };
        let f = w0 ^ !u107 ^ maj(w244, w23, w160) ^ (ca & w196) ^ (cb & ks) ^ m;
        let f = f & mask;
        // S289 over these n steps: the 4 tail bits, then the first feedback bits.
        let tail = r7 | (f << 4);
        let u289 = (tail ^ w235 ^ w230) & mask;
        self.r = [
            (r1 >> n) | (u61 << (61 - n)),
            (r2 >> n) | (u107 << (46 - n)),
            (r3 >> n) | (u154 << (47 - n)),
            (r4 >> n) | (u193 << (39 - n)),
            (r5 >> n) | (u230 << (37 - n)),
            (r6 >> n) | (u289 << (59 - n)),
            (tail >> n) & 0xf,
        ];
        if DEC {
            m
        } else {
            (data ^ ks) & mask
        }
    }

    #[inline(always)]
    fn absorb32(&mut self, m: u32, ca: u64, cb: u64) {
        self.step::<false>(32, u64::from(m), ca, cb);
    }

    /// Absorbs bytes with the given control bits (32 steps per word, 8 per trailing byte).
    fn absorb(&mut self, data: &[u8], ca: u64, cb: u64) {
        let mut words = data.chunks_exact(4);
        for w in &mut words {
            self.absorb32(le32(w), ca, cb);
        }
        for &b in words.remainder() {
            self.step::<false>(8, u64::from(b), ca, cb);
        }
    }

    /// The 256 padding steps after associated data / message: m = 1, 0, …; ca = 1 for the
    /// first 128 steps and 0 after; cb as given.
    fn pad(&mut self, cb: u64) {
        self.absorb32(1, ONES, cb);
        for _ in 1..4 {
            self.absorb32(0, ONES, cb);
        }
        for _ in 0..4 {
            self.absorb32(0, 0, cb);
        }
    }

    /// Initialization and associated data.
    fn start(key: &[u8; 16], iv: &[u8], ad: &[u8]) -> Self {
        let mut s = State::default();
        let k = [
            le32(&key[0..]),
            le32(&key[4..]),
            le32(&key[8..]),
            le32(&key[12..]),
        ];
        for &w in &k {
            s.absorb32(w, ONES, ONES);
        }
        for i in 0..4 {
            s.absorb32(le32(&iv[4 * i..]), ONES, ONES);
        }
        // 1536 steps of the key repeated, the very first bit flipped.
        s.absorb32(k[0] ^ 1, ONES, ONES);
        for i in 1..48 {
            s.absorb32(k[i % 4], ONES, ONES);
        }
        s.absorb(ad, ONES, ONES);
        s.pad(ONES);
        s
    }

    /// Finalization: 768 steps with m = 0, ca = cb = 1; the tag is the keystream of
    /// the last 128 steps.
    fn finish(&mut self) -> [u8; 16] {
        for _ in 0..20 {
            self.absorb32(0, ONES, ONES);
        }
        let mut tag = [0u8; 16];
        for chunk in tag.chunks_exact_mut(4) {
            // With data = 0 the returned value is the keystream word.
            let ks = self.step::<false>(32, 0, ONES, ONES);
            chunk.copy_from_slice(&(ks as u32).to_le_bytes());
        }
        self.zeroize();
        tag
    }
}

#[inline(always)]
fn le32(b: &[u8]) -> u32 {
    let mut w = [0u8; 4];
    w.copy_from_slice(&b[..4]);
    u32::from_le_bytes(w)
}

/// ACORN-128 v3 (`acorn128v3`): key 16, nonce 16, tag 16 bytes.
#[derive(Clone, Zeroize, ZeroizeOnDrop)]
pub struct Acorn128v3 {
    key: [u8; 16],
}

impl Acorn128v3 {
    /// Encrypts (DEC = false) or decrypts (DEC = true) `buf` in place with cb = 0, then pads.
    fn crypt<const DEC: bool>(s: &mut State, buf: &mut [u8]) {
        let full = buf.len() - buf.len() % 4;
        let (words, rest) = buf.split_at_mut(full);
        Self::crypt_words::<DEC>(s, words);
        for b in rest {
            *b = s.step::<DEC>(8, u64::from(*b), ONES, 0) as u8;
        }
        s.pad(0);
    }

    /// The whole 4-byte words of `buf` (any tail is ignored), 32 steps each, cb = 0.
    #[inline(always)]
    fn crypt_words<const DEC: bool>(s: &mut State, buf: &mut [u8]) {
        for w in buf.chunks_exact_mut(4) {
            let out = s.step::<DEC>(32, u64::from(le32(w)), ONES, 0);
            w.copy_from_slice(&(out as u32).to_le_bytes());
        }
    }
}

crate::impl_scheme!(Acorn128v3, "acorn128v3", 16, 16);

impl Mode for Acorn128v3 {
    type TagBlock = [u8; 16];

    fn with_key(key: &[u8; 16]) -> Self {
        Self { key: *key }
    }

    #[inline(always)]
    fn run(&self, nonce: &[u8], ad: &[u8], buf: &mut [u8], decrypt: bool) -> [u8; 16] {
        let mut s = State::start(&self.key, nonce, ad);
        if decrypt {
            Self::crypt::<true>(&mut s, buf);
        } else {
            Self::crypt::<false>(&mut s, buf);
        }
        s.finish()
    }
}

// ---------------------------------------------------------------------------------------------
// Streaming (see `crate::stream`): 4-byte blocks. No tap reads a bit produced fewer than 33
// steps earlier, so the keystream of the next 32 steps follows from the current state alone
// (computed on a copy with message bits 0); a block is then absorbed as 32 encryption steps on
// its plaintext, and a final 1–3-byte block in 8-step pieces as in the one-shot code.
// ---------------------------------------------------------------------------------------------

/// Streaming state of [`Acorn128v3`].
#[doc(hidden)]
#[derive(Clone)]
pub struct AcornCore {
    s: State,
}

crate::redacted_debug!(Acorn128v3, AcornCore);

impl Streaming for Acorn128v3 {
    type Core = AcornCore;
}

impl Core<Acorn128v3> for AcornCore {
    const BLOCK: usize = 4;
    const HOLD_FULL: bool = false;

    fn start(a: &Acorn128v3, nonce: &[u8], ad: &[u8]) -> Self {
        AcornCore {
            s: State::start(&a.key, nonce, ad),
        }
    }

    fn blocks(&mut self, _: &Acorn128v3, data: &mut [u8], dec: bool) {
        if dec {
            Acorn128v3::crypt_words::<true>(&mut self.s, data);
        } else {
            Acorn128v3::crypt_words::<false>(&mut self.s, data);
        }
    }

    fn keystream(&mut self, _: &Acorn128v3) -> [u8; 16] {
        let mut t = self.s.clone();
        // With data = 0 the returned value is the keystream word.
        let ks = t.step::<false>(32, 0, ONES, 0);
        t.zeroize();
        let mut k = [0u8; 16];
        k[..4].copy_from_slice(&(ks as u32).to_le_bytes());
        k
    }

    fn absorb(&mut self, _: &Acorn128v3, p: &[u8], _c: &[u8]) {
        self.s.absorb32(le32(p), ONES, 0);
    }

    fn finish(&mut self, _: &Acorn128v3, p: &[u8], _c: &[u8]) -> [u8; 16] {
        for &b in p {
            self.s.step::<false>(8, u64::from(b), ONES, 0);
        }
        self.s.pad(0);
        self.s.finish()
    }

    fn wipe(&mut self) {
        self.s.zeroize();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Bit-serial reference of the state update (the specification's description, one step at
    /// a time on a 293-entry bit array), used to check the word-parallel stepping.
    fn serial_step(s: &mut [u8; 293], m: u8, ca: u8, cb: u8) -> u8 {
        s[289] ^= s[235] ^ s[230];
        s[230] ^= s[196] ^ s[193];
        s[193] ^= s[160] ^ s[154];
        s[154] ^= s[111] ^ s[107];
        s[107] ^= s[66] ^ s[61];
        s[61] ^= s[23] ^ s[0];
        let ks = s[12]
            ^ s[154]
            ^ ((s[235] & s[61]) ^ (s[235] & s[193]) ^ (s[61] & s[193]))
            ^ ((s[230] & s[111]) ^ ((s[230] ^ 1) & s[66]));
        let f = s[0]
            ^ (s[107] ^ 1)
            ^ ((s[244] & s[23]) ^ (s[244] & s[160]) ^ (s[23] & s[160]))
            ^ (ca & s[196])
            ^ (cb & ks);
        s.copy_within(1.., 0);
        s[292] = f ^ m;
        ks
    }

    fn to_bits(st: &State) -> [u8; 293] {
        let lens = [61u32, 46, 47, 39, 37, 59, 4];
        let mut out = [0u8; 293];
        let mut pos = 0;
        for (r, &l) in st.r.iter().zip(lens.iter()) {
            for i in 0..l {
                out[pos] = ((r >> i) & 1) as u8;
                pos += 1;
            }
        }
        out
    }

    #[test]
    fn word_steps_match_serial_steps() {
        let mut st = State::default();
        let mut bits = [0u8; 293];
        let mut x: u32 = 0x1234_5678;
        for round in 0..200u32 {
            x ^= x << 13;
            x ^= x >> 17;
            x ^= x << 5;
            let n = if round % 3 == 0 { 8 } else { 32 };
            let ca = if round % 5 == 0 { 0 } else { ONES };
            let cb = if round % 7 == 0 { 0 } else { ONES };
            let ks = st.step::<false>(n, u64::from(x), ca, cb) ^ u64::from(x);
            for i in 0..n {
                let k = serial_step(
                    &mut bits,
                    ((x >> i) & 1) as u8,
                    (ca & 1) as u8,
                    (cb & 1) as u8,
                );
                assert_eq!(u64::from(k), (ks >> i) & 1, "round {round} bit {i}");
            }
            assert_eq!(to_bits(&st), bits, "round {round}");
        }
    }
}

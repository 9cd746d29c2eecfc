//! Ketje Sr v2 (`ketjesrv2`; Bertoni, Daemen, Peeters, Van Assche, Van Keer; CAESAR round 3).
//!
//! Implements the Ketje v2 specification: the MonkeyDuplex construction (start / step /
//! stride with the pad10*1 rule), the MonkeyWrap mode (keypack, frame bits 00/01 for associated
//! data and 11/10 for the body, tag extension by step(0, ρ)), instantiated as Ketje Sr (width
//! b = 400, ρ = 32, n_start = 12, n_step = 1, n_stride = 6) on the twisted permutation
//! Keccak-p*[400, n_r] = π ∘ Keccak-p[400, n_r] ∘ π⁻¹ introduced in v2.
//!
//! Sizes follow SUPERCOP's `crypto_aead/ketjesrv2/*/api.h`: key 16, nonce 31, tag 16
//! (CRYPTO_NPUBBYTES = 31: MonkeyWrap allows |N| ≤ 400 − |K| − 18 = 254 bits, i.e. 31 bytes).
//!
//! Implementation notes:
//! * the state is kept in the Keccak-p lane order (x + 5y) for the whole session; the π / π⁻¹
//!   of the twisted permutation is folded into the fixed mapping of MonkeyDuplex lanes onto
//!   Keccak lanes (`MAP`), so no lane is moved between calls;
//! * lane complementing (the "bebigokimisa" pattern of the Keccak team's implementation
//!   overview): lanes Abe, Abi, Ago, Aki, Ami, Asa are stored complemented throughout; the χ step
//!   then needs a NOT on only 8 of its 25 lanes per round (see `chi`);
//! * 16-bit lanes, no table lookups, no secret-dependent branches.

use crate::stream::{sealed::Core, Streaming};
use crate::Mode;
use zeroize::{Zeroize, ZeroizeOnDrop};

/// Keccak-f[400] round constants (ι), from the LFSR x^8 + x^6 + x^5 + x^4 + 1, lane size 16.
const RC: [u16; 20] = {
    let mut rc = [0u16; 20];
    let mut lfsr: u8 = 1;
    let mut i = 0;
    while i < 20 {
        let mut j = 0;
        while j < 7 {
            let bit = lfsr & 1;
            lfsr = if lfsr & 0x80 != 0 {
                (lfsr << 1) ^ 0x71
            } else {
                lfsr << 1
            };
            let pos = (1u32 << j) - 1;
            if bit != 0 && pos < 16 {
                rc[i] ^= 1 << pos;
            }
            j += 1;
        }
        i += 1;
    }
    rc
};

/// ρ offsets (mod 16) for lane x + 5y.
const RHO: [u32; 25] = {
    let mut r = [0u32; 25];
    let (mut x, mut y) = (1usize, 0usize);
    let mut t = 0;
    while t < 24 {
        r[x + 5 * y] = (((t + 1) * (t + 2) / 2) % 16) as u32;
        let nx = y;
        let ny = (2 * x + 3 * y) % 5;
        x = nx;
        y = ny;
        t += 1;
    }
    r
};

/// Lanes stored complemented (θ input = χ output): Abe, Abi, Ago, Aki, Ami, Asa.
const P: [bool; 25] = {
    let mut p = [false; 25];
    p[1] = true; // Abe (x=1, y=0)
    p[2] = true; // Abi (x=2, y=0)
    p[8] = true; // Ago (x=3, y=1)
    p[12] = true; // Aki (x=2, y=2)
    p[17] = true; // Ami (x=2, y=3)
    p[20] = true; // Asa (x=0, y=4)
    p
};

/// Complement pattern at the χ input: P carried through θ (a column-parity term complements
/// whole columns), ρ (no effect) and π (moves lane (x, y) to (y, 2x + 3y)).
const Q: [bool; 25] = {
    let mut c = [false; 5];
    let mut i = 0;
    while i < 25 {
        c[i % 5] ^= P[i];
        i += 1;
    }
    let mut q = [false; 25];
    let mut x = 0;
    while x < 5 {
        let d = c[(x + 4) % 5] ^ c[(x + 1) % 5];
        let mut y = 0;
        while y < 5 {
            q[y + 5 * ((2 * x + 3 * y) % 5)] = P[x + 5 * y] ^ d;
            y += 1;
        }
        x += 1;
    }
    q
};

const fn mask(b: bool) -> u16 {
    if b {
        0xffff
    } else {
        0
    }
}

/// MonkeyDuplex lane i (bytes 2i, 2i+1 of the duplex state) lives in Keccak-p lane `MAP[i]`:
/// Keccak-p*[400] = π ∘ Keccak-p ∘ π⁻¹, so duplex lane (X, Y) is Keccak lane (X + 3Y, X).
const MAP: [usize; 25] = {
    let mut m = [0usize; 25];
    let mut i = 0;
    while i < 25 {
        let (x, y) = (i % 5, i / 5);
        m[i] = (x + 3 * y) % 5 + 5 * x;
        i += 1;
    }
    m
};

/// One χ lane on complemented storage: inputs b0, b1, b2 are stored with complement flags
/// (Q0, Q1, Q2), the output is to be stored with flag P0; `F` = Q0 ⊕ P0. The true value
/// t0 ⊕ (¬t1 ∧ t2) is rewritten so that a NOT is needed only where unavoidable.
#[inline(always)]
fn chi<const Q1: bool, const Q2: bool, const F: bool>(b0: u16, b1: u16, b2: u16) -> u16 {
    match (Q1, Q2, F) {
        // ¬t1 ∧ t2 = b1 ∧ b2
        (true, false, false) => b0 ^ (b1 & b2),
        (true, false, true) => !(b0 ^ (b1 & b2)),
        // ¬t1 ∧ t2 = ¬(b1 ∨ b2)
        (false, true, true) => b0 ^ (b1 | b2),
        (false, true, false) => !(b0 ^ (b1 | b2)),
        // ¬t1 ∧ t2 = ¬b1 ∧ b2
        (false, false, false) => b0 ^ (!b1 & b2),
        (false, false, true) => b0 ^ (b1 | !b2),
        // ¬t1 ∧ t2 = b1 ∧ ¬b2
        (true, true, false) => b0 ^ (b1 & !b2),
        (true, true, true) => b0 ^ (!b1 | b2),
    }
}

macro_rules! chi_plane {
    ($a:ident, $b:ident, $y:literal) => {
        chi_plane!(@lane $a, $b, 0, $y);
        chi_plane!(@lane $a, $b, 1, $y);
        chi_plane!(@lane $a, $b, 2, $y);
        chi_plane!(@lane $a, $b, 3, $y);
        chi_plane!(@lane $a, $b, 4, $y);
    };
    (@lane $a:ident, $b:ident, $x:literal, $y:literal) => {
        $a[$x + 5 * $y] = chi::<
            { Q[($x + 1) % 5 + 5 * $y] },
            { Q[($x + 2) % 5 + 5 * $y] },
            { Q[$x + 5 * $y] ^ P[$x + 5 * $y] },
        >(
            $b[$x + 5 * $y],
            $b[($x + 1) % 5 + 5 * $y],
            $b[($x + 2) % 5 + 5 * $y],
        );
    };
}

/// One Keccak-p[400] round (θ, ρ, π, χ, ι) on the complemented state. Deliberate twin: the
/// test `plain_round` repeats θ, ρ, π as the independent reference this is checked against.
#[inline(always)]
fn round(a: &mut [u16; 25], rc: u16) {
    let mut c = [0u16; 5];
    for x in 0..5 {
        c[x] = a[x] ^ a[x + 5] ^ a[x + 10] ^ a[x + 15] ^ a[x + 20];
    }
    let mut b = [0u16; 25];
    for x in 0..5 {
        let d = c[(x + 4) % 5] ^ c[(x + 1) % 5].rotate_left(1);
        for y in 0..5 {
            b[y + 5 * ((2 * x + 3 * y) % 5)] = (a[x + 5 * y] ^ d).rotate_left(RHO[x + 5 * y]);
        }
    }
    chi_plane!(a, b, 0);
    chi_plane!(a, b, 1);
    chi_plane!(a, b, 2);
    chi_plane!(a, b, 3);
    chi_plane!(a, b, 4);
    a[0] ^= rc;
}

/// Keccak-p[400, nr]: the last `nr` rounds of Keccak-f[400].
#[inline(always)]
fn permute(a: &mut [u16; 25], nr: usize) {
    for &rc in &RC[20 - nr..] {
        round(a, rc);
    }
}

const N_START: usize = 12;
const N_STEP: usize = 1;
const N_STRIDE: usize = 6;

/// MonkeyDuplex state of Ketje Sr (complemented storage, Keccak lane order).
#[derive(Clone)]
struct Duplex {
    a: [u16; 25],
}

impl Drop for Duplex {
    fn drop(&mut self) {
        self.a.zeroize();
    }
}

impl Duplex {
    /// start(keypack(K, 144) ‖ N): 0x12 ‖ K ‖ 0x01 ‖ N ‖ pad10*1, then n_start rounds.
    #[inline(always)]
    fn start(key: &[u8; 16], nonce: &[u8]) -> Self {
        let mut bytes = [0u8; 50];
        bytes[0] = 18; // enc8(|keypack| / 8) = (128 + 16) / 8
        bytes[1..17].copy_from_slice(key);
        bytes[17] = 0x01; // pad10 of the key pack
        bytes[18..49].copy_from_slice(&nonce[..31]);
        bytes[49] = 0x81; // pad10*1 to 400 bits: 392 bits used, then 1, 0^6, 1
        let mut a = [0u16; 25];
        for (i, pair) in bytes.chunks_exact(2).enumerate() {
            a[MAP[i]] = u16::from_le_bytes([pair[0], pair[1]]) ^ mask(P[MAP[i]]);
        }
        bytes.zeroize();
        permute(&mut a, N_START);
        Duplex { a }
    }

    /// Absorbs σ = `block` (0..=4 bytes) followed by the frame/padding bits `frame` (the two
    /// frame bits and the first padding bit, placed after the block), plus the final padding
    /// bit at position 35; then `nr` rounds.
    #[inline(always)]
    fn absorb(&mut self, block: &[u8], frame: u8, nr: usize) {
        // byte by byte with a select, not `copy_from_slice`: a copy of a variable length (at most
        // 4 bytes, public) becomes a call to `memcpy` in the block loop on AArch64
        let n = block.len().min(4);
        let mut p = [0u8; 6];
        for (j, b) in p[..4].iter_mut().enumerate() {
            *b = if j < n { block[j] } else { 0 };
        }
        p[n] |= frame;
        p[4] |= 0x08;
        self.a[MAP[0]] ^= u16::from_le_bytes([p[0], p[1]]);
        self.a[MAP[1]] ^= u16::from_le_bytes([p[2], p[3]]);
        self.a[MAP[2]] ^= u16::from_le_bytes([p[4], p[5]]);
        p.zeroize();
        permute(&mut self.a, nr);
    }

    /// The first ρ = 32 bits of the (uncomplemented) duplex state.
    #[inline(always)]
    fn rate(&self) -> [u8; 4] {
        let l0 = (self.a[MAP[0]] ^ mask(P[MAP[0]])).to_le_bytes();
        let l1 = (self.a[MAP[1]] ^ mask(P[MAP[1]])).to_le_bytes();
        [l0[0], l0[1], l1[0], l1[1]]
    }
}

/// Frame/padding byte values: frame bits b1 b2 then the pad bit 1 (LSB first).
const FRAME_AD: u8 = 0b100; // A_i ‖ 0 ‖ 0
const FRAME_AD_LAST: u8 = 0b110; // A_last ‖ 0 ‖ 1
const FRAME_BODY: u8 = 0b111; // B_i ‖ 1 ‖ 1
const FRAME_BODY_LAST: u8 = 0b101; // B_last ‖ 1 ‖ 0
const SQUEEZE: u8 = 0b10; // σ = "0", then the pad bit 1

/// Ketje Sr v2 (`ketjesrv2`): key 16, nonce 31, tag 16 bytes.
#[derive(Clone, Zeroize, ZeroizeOnDrop)]
pub struct KetjeSrv2 {
    key: [u8; 16],
}

impl KetjeSrv2 {
    /// MonkeyWrap.initialize + associated data + body (wrap or unwrap) + tag (`nonce` is 31
    /// bytes).
    #[inline(always)]
    fn wrap<const DEC: bool>(&self, nonce: &[u8], ad: &[u8], buf: &mut [u8]) -> [u8; 16] {
        let mut d = self.begin(nonce, ad);
        // Body: at least one (possibly empty) block; the last one is absorbed with a stride.
        let len = buf.len();
        let split = if len == 0 { 0 } else { (len - 1) / 4 * 4 };
        let (head, last) = buf.split_at_mut(split);
        body_blocks::<DEC>(&mut d, head);
        body_block::<DEC>(&mut d, last, FRAME_BODY_LAST, N_STRIDE);
        squeeze_tag(&mut d)
    }

    /// MonkeyWrap.initialize and the associated data (`nonce` is 31 bytes).
    #[inline(always)]
    fn begin(&self, nonce: &[u8], ad: &[u8]) -> Duplex {
        let mut d = Duplex::start(&self.key, nonce);
        // Associated data: at least one (possibly empty) block.
        let n_ad = ad.len().div_ceil(4).max(1);
        for i in 0..n_ad {
            let blk = &ad[(4 * i).min(ad.len())..(4 * i + 4).min(ad.len())];
            let frame = if i + 1 == n_ad {
                FRAME_AD_LAST
            } else {
                FRAME_AD
            };
            d.absorb(blk, frame, N_STEP);
        }
        d
    }
}

/// Non-final body blocks (4 bytes each; any tail is ignored): wrap (or unwrap) in place, as
/// [`body_block`] with one 32-bit XOR per block.
#[inline(always)]
fn body_blocks<const DEC: bool>(d: &mut Duplex, buf: &mut [u8]) {
    let (blocks, _) = buf.as_chunks_mut::<4>();
    for blk in blocks {
        let x = *blk;
        let y = (u32::from_le_bytes(x) ^ u32::from_le_bytes(d.rate())).to_le_bytes();
        *blk = y;
        let mut p = if DEC { y } else { x };
        d.absorb(&p, FRAME_BODY, N_STEP);
        p.zeroize();
    }
}

/// One body block (0..=4 bytes) in place: XOR with the rate, then absorb the plaintext with
/// `frame` and `nr` rounds.
#[inline(always)]
fn body_block<const DEC: bool>(d: &mut Duplex, blk: &mut [u8], frame: u8, nr: usize) {
    let z = d.rate();
    let mut p = [0u8; 4];
    for (j, byte) in blk.iter_mut().enumerate() {
        if DEC {
            *byte ^= z[j];
            p[j] = *byte;
        } else {
            p[j] = *byte;
            *byte ^= z[j];
        }
    }
    let n = blk.len();
    d.absorb(&p[..n], frame, nr);
    p.zeroize();
}

/// Tag: ρ bits from the stride, extended with step(0, ρ).
#[inline(always)]
fn squeeze_tag(d: &mut Duplex) -> [u8; 16] {
    let mut tag = [0u8; 16];
    tag[..4].copy_from_slice(&d.rate());
    for chunk in tag[4..].chunks_exact_mut(4) {
        d.absorb(&[], SQUEEZE, N_STEP);
        chunk.copy_from_slice(&d.rate());
    }
    tag
}

crate::impl_scheme!(KetjeSrv2, "ketjesrv2", 31, 16, bmi);

impl Mode for KetjeSrv2 {
    type TagBlock = [u8; 16];

    fn with_key(key: &[u8; 16]) -> Self {
        Self { key: *key }
    }

    #[inline(always)]
    fn run(&self, nonce: &[u8], ad: &[u8], buf: &mut [u8], decrypt: bool) -> [u8; 16] {
        if decrypt {
            self.wrap::<true>(nonce, ad, buf)
        } else {
            self.wrap::<false>(nonce, ad, buf)
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Streaming (see `crate::stream`): 4-byte body blocks; the last body block is absorbed with a
// stride, so a full block at the end of a chunk is held back by the driver (`HOLD_FULL`).
// ---------------------------------------------------------------------------------------------

bmi_fn! {
    /// Whole non-final body blocks for the streaming API.
    fn stream_blocks(d: &mut Duplex, buf: &mut [u8], dec: bool) {
        // On a local copy, which the compiler keeps in registers as in the one-shot path
        // (the copy is wiped by `Duplex`'s drop).
        let mut l = Duplex { a: d.a };
        if dec {
            body_blocks::<true>(&mut l, buf)
        } else {
            body_blocks::<false>(&mut l, buf)
        }
        d.a = l.a;
    }
}

/// Streaming state of [`KetjeSrv2`]: the MonkeyDuplex state after the associated data.
#[doc(hidden)]
#[derive(Clone)]
pub struct KetjeCore {
    d: Duplex,
}

crate::redacted_debug!(KetjeSrv2, KetjeCore);

impl Streaming for KetjeSrv2 {
    type Core = KetjeCore;
}

impl Core<KetjeSrv2> for KetjeCore {
    const BLOCK: usize = 4;
    const HOLD_FULL: bool = true;

    fn start(k: &KetjeSrv2, nonce: &[u8], ad: &[u8]) -> Self {
        KetjeCore {
            d: k.begin(nonce, ad),
        }
    }

    fn blocks(&mut self, _: &KetjeSrv2, data: &mut [u8], dec: bool) {
        stream_blocks(&mut self.d, data, dec);
    }

    fn keystream(&mut self, _: &KetjeSrv2) -> [u8; 16] {
        let mut k = [0u8; 16];
        k[..4].copy_from_slice(&self.d.rate());
        k
    }

    fn absorb(&mut self, _: &KetjeSrv2, p: &[u8], _c: &[u8]) {
        self.d.absorb(p, FRAME_BODY, N_STEP);
    }

    fn finish(&mut self, _: &KetjeSrv2, p: &[u8], _c: &[u8]) -> [u8; 16] {
        self.d.absorb(p, FRAME_BODY_LAST, N_STRIDE);
        squeeze_tag(&mut self.d)
    }

    fn wipe(&mut self) {
        self.d.a.zeroize();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Plain (uncomplemented) Keccak-p[400] round, written from FIPS 202 §3.2. Its θ/ρ/π
    /// steps repeat those of `round` on purpose: it is the independent reference `round` is
    /// checked against, so it shares no code with it.
    fn plain_round(a: &mut [u16; 25], rc: u16) {
        let mut c = [0u16; 5];
        for x in 0..5 {
            c[x] = a[x] ^ a[x + 5] ^ a[x + 10] ^ a[x + 15] ^ a[x + 20];
        }
        let mut b = [0u16; 25];
        for x in 0..5 {
            let d = c[(x + 4) % 5] ^ c[(x + 1) % 5].rotate_left(1);
            for y in 0..5 {
                b[y + 5 * ((2 * x + 3 * y) % 5)] = (a[x + 5 * y] ^ d).rotate_left(RHO[x + 5 * y]);
            }
        }
        for y in 0..5 {
            for x in 0..5 {
                a[x + 5 * y] = b[x + 5 * y] ^ (!b[(x + 1) % 5 + 5 * y] & b[(x + 2) % 5 + 5 * y]);
            }
        }
        a[0] ^= rc;
    }

    #[test]
    fn constants() {
        // Low 16 bits of the Keccak-f[1600] round constants 0..19 (FIPS 202 Table / §3.2.5).
        assert_eq!(
            RC,
            [
                0x0001, 0x8082, 0x808a, 0x8000, 0x808b, 0x0001, 0x8081, 0x8009, 0x008a, 0x0088,
                0x8009, 0x000a, 0x808b, 0x008b, 0x8089, 0x8003, 0x8002, 0x0080, 0x800a, 0x000a
            ]
        );
        // ρ offsets of Keccak-f[1600] (FIPS 202 Table 2) reduced mod 16.
        let rho1600 = [
            0, 1, 62, 28, 27, 36, 44, 6, 55, 20, 3, 10, 43, 25, 39, 41, 45, 15, 21, 8, 18, 2, 61,
            56, 14,
        ];
        for i in 0..25 {
            assert_eq!(RHO[i], rho1600[i] % 16);
        }
    }

    #[test]
    fn lane_complementing_matches_plain_rounds() {
        let mut plain = [0u16; 25];
        let mut x: u32 = 0xdead_beef;
        for lane in plain.iter_mut() {
            x ^= x << 13;
            x ^= x >> 17;
            x ^= x << 5;
            *lane = x as u16;
        }
        let mut comp = plain;
        for i in 0..25 {
            comp[i] ^= mask(P[i]);
        }
        for &rc in &RC {
            plain_round(&mut plain, rc);
            round(&mut comp, rc);
            for i in 0..25 {
                assert_eq!(comp[i] ^ mask(P[i]), plain[i]);
            }
        }
    }
}

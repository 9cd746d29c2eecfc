//! Hybrid encryption: the GT element of a key encapsulation → HKDF-SHA-256 → a chunked,
//! streaming symmetric layer. Two modes:
//!
//! * [`Mode::Aes128Gcm`] (default): AES-128-GCM (RustCrypto `aes-gcm`);
//! * [`Mode::Aes128CbcHmacSha256`]: paper 000's configuration (Table 5: "AES-128-CBC and
//!   SHA-256"), made an authenticated scheme by encrypt-then-MAC with HMAC-SHA-256.
//!
//! # Key derivation
//!
//! `okm = HKDF-SHA-256(salt = "HAYATE-FE-HYBRID-V1", ikm = GT element (Gt::to_bytes),
//! info = mode ‖ chunk_size (u32 BE) ‖ SHA-256(context))`, 48 bytes; GCM uses okm[0..16],
//! CBC-HMAC uses okm[0..16] as the AES key and okm[16..48] as the HMAC key. `context` is the
//! serialized FE ciphertext that precedes the symmetric stream, so the symmetric keys are bound
//! to it and to the stream header. Every message gets a fresh GT element, hence fresh keys, so
//! deterministic per-chunk nonces are safe.
//!
//! # Stream format (after the FE ciphertext)
//!
//! ```text
//! mode (1 byte: 1 = AES-128-GCM, 2 = AES-128-CBC + HMAC-SHA-256)
//! chunk_size (u32 BE; a multiple of 16 in [16, 2^24])
//! chunk_0 ‖ chunk_1 ‖ … ‖ chunk_last
//! ```
//!
//! The plaintext is cut into chunks of `chunk_size` bytes; the final chunk is always shorter
//! than `chunk_size` (possibly empty: a plaintext whose length is a multiple of `chunk_size`
//! gets an empty final chunk), so a reader knows the final chunk as the first short one. Chunk i
//! carries the flag `last` ∈ {0, 1} authenticated with it (the STREAM construction of
//! Hoang–Reyhanitabar–Rogaway–Vizár, Crypto 2015): truncation, reordering, dropping or
//! appending chunks are all detected.
//!
//! * GCM: nonce = 0x000000 ‖ i (u64 BE) ‖ last; chunk = AES-GCM(pt) ‖ tag (16 bytes).
//! * CBC-HMAC: IV = HMAC(k_mac, "iv" ‖ i ‖ last)[0..16]; c = AES-128-CBC-PKCS#7(IV, pt);
//!   chunk = c ‖ HMAC(k_mac, "mac" ‖ i ‖ last ‖ c) (32 bytes). The MAC is checked (constant
//!   time) before any decryption.
//!
//! Decryption releases a chunk's plaintext only after that chunk is authenticated; a caller
//! that streams to a file must discard the output if the stream fails later (the CLI writes to
//! a temporary file and renames it only on success). [`decrypt`] returns all or nothing.

use std::io::{Read, Write};

use aes::cipher::{block_padding::Pkcs7, BlockDecryptMut, BlockEncryptMut, KeyIvInit};
use aes_gcm::aead::{Aead, KeyInit, Payload};
use aes_gcm::Aes128Gcm;
use hmac::{Hmac, Mac};
use sha2::{Digest, Sha256};
use zeroize::Zeroize;

type HmacSha256 = Hmac<Sha256>;
type CbcEnc = cbc::Encryptor<aes::Aes128>;
type CbcDec = cbc::Decryptor<aes::Aes128>;

/// Default chunk size (64 KiB).
pub const DEFAULT_CHUNK: u32 = 64 * 1024;
/// Largest accepted chunk size.
pub const MAX_CHUNK: u32 = 1 << 24;
const SALT: &[u8] = b"HAYATE-FE-HYBRID-V1";

/// The symmetric mode.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// AES-128-GCM with a 16-byte tag per chunk (wire byte 1).
    Aes128Gcm = 1,
    /// AES-128-CBC with PKCS#7 padding, encrypt-then-MAC with HMAC-SHA-256 (32-byte tag per
    /// chunk; wire byte 2).
    Aes128CbcHmacSha256 = 2,
}

impl Mode {
    /// The mode of a stream header's mode byte, or `None` for an unknown byte.
    pub fn from_byte(b: u8) -> Option<Mode> {
        match b {
            1 => Some(Mode::Aes128Gcm),
            2 => Some(Mode::Aes128CbcHmacSha256),
            _ => None,
        }
    }
    /// Wire bytes of a full (non-final) chunk.
    fn full_chunk_len(self, chunk: usize) -> usize {
        match self {
            Mode::Aes128Gcm => chunk + 16,
            Mode::Aes128CbcHmacSha256 => chunk + 16 + 32,
        }
    }
    /// Smallest wire size of a chunk.
    fn min_chunk_len(self) -> usize {
        match self {
            Mode::Aes128Gcm => 16,
            Mode::Aes128CbcHmacSha256 => 16 + 32,
        }
    }
}

/// Errors of the symmetric layer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum HybridError {
    /// Reading or writing failed.
    Io(std::io::ErrorKind, String),
    /// The stream header is malformed (unknown mode, bad chunk size).
    BadHeader(&'static str),
    /// An encryption was asked for a chunk size outside [`check_chunk_size`]'s range.
    BadChunkSize(u32),
    /// The stream ends early (or has a chunk of impossible length).
    Truncated,
    /// A chunk does not authenticate: wrong key or tampered data.
    Authentication,
}

impl core::fmt::Display for HybridError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            HybridError::Io(_, m) => write!(f, "i/o error: {m}"),
            HybridError::BadHeader(m) => write!(f, "bad stream header: {m}"),
            HybridError::BadChunkSize(n) => write!(
                f,
                "chunk size {n}: must be a multiple of 16 between 16 and {MAX_CHUNK}"
            ),
            HybridError::Truncated => f.write_str("ciphertext is truncated"),
            HybridError::Authentication => {
                f.write_str("authentication failed: wrong key or tampered ciphertext")
            }
        }
    }
}
impl std::error::Error for HybridError {}

impl From<std::io::Error> for HybridError {
    fn from(e: std::io::Error) -> Self {
        HybridError::Io(e.kind(), e.to_string())
    }
}

struct Keys {
    mode: Mode,
    okm: [u8; 48],
}

impl Drop for Keys {
    fn drop(&mut self) {
        self.okm.zeroize();
    }
}

fn derive(ikm: &[u8], context: &[u8], mode: Mode, chunk: u32) -> Keys {
    let mut info = vec![mode as u8];
    info.extend_from_slice(&chunk.to_be_bytes());
    info.extend_from_slice(&Sha256::digest(context));
    let hk = hkdf::Hkdf::<Sha256>::new(Some(SALT), ikm);
    let mut okm = [0u8; 48];
    hk.expand(&info, &mut okm).expect("48 <= 255 * 32");
    Keys { mode, okm }
}

impl Keys {
    fn hmac(&self) -> HmacSha256 {
        <HmacSha256 as Mac>::new_from_slice(&self.okm[16..48]).expect("any key length")
    }

    fn seal(&self, i: u64, last: bool, pt: &[u8]) -> Vec<u8> {
        match self.mode {
            Mode::Aes128Gcm => {
                let c = Aes128Gcm::new_from_slice(&self.okm[..16]).expect("16-byte key");
                c.encrypt(&gcm_nonce(i, last).into(), Payload { msg: pt, aad: &[] })
                    .expect("chunk below GCM's limit")
            }
            Mode::Aes128CbcHmacSha256 => {
                let iv = self.cbc_iv(i, last);
                let mut out = CbcEnc::new_from_slices(&self.okm[..16], &iv)
                    .expect("16-byte key and iv")
                    .encrypt_padded_vec_mut::<Pkcs7>(pt);
                let mut m = self.hmac();
                m.update(b"mac");
                m.update(&i.to_be_bytes());
                m.update(&[last as u8]);
                m.update(&out);
                out.extend_from_slice(&m.finalize().into_bytes());
                out
            }
        }
    }

    fn open(&self, i: u64, last: bool, ct: &[u8]) -> Result<Vec<u8>, HybridError> {
        match self.mode {
            Mode::Aes128Gcm => {
                let c = Aes128Gcm::new_from_slice(&self.okm[..16]).expect("16-byte key");
                c.decrypt(&gcm_nonce(i, last).into(), Payload { msg: ct, aad: &[] })
                    .map_err(|_| HybridError::Authentication)
            }
            Mode::Aes128CbcHmacSha256 => {
                if ct.len() < 48 || !(ct.len() - 32).is_multiple_of(16) {
                    return Err(HybridError::Authentication);
                }
                let (c, tag) = ct.split_at(ct.len() - 32);
                let mut m = self.hmac();
                m.update(b"mac");
                m.update(&i.to_be_bytes());
                m.update(&[last as u8]);
                m.update(c);
                m.verify_slice(tag)
                    .map_err(|_| HybridError::Authentication)?;
                let iv = self.cbc_iv(i, last);
                CbcDec::new_from_slices(&self.okm[..16], &iv)
                    .expect("16-byte key and iv")
                    .decrypt_padded_vec_mut::<Pkcs7>(c)
                    .map_err(|_| HybridError::Authentication)
            }
        }
    }

    fn cbc_iv(&self, i: u64, last: bool) -> [u8; 16] {
        let mut m = self.hmac();
        m.update(b"iv");
        m.update(&i.to_be_bytes());
        m.update(&[last as u8]);
        let d = m.finalize().into_bytes();
        let mut iv = [0u8; 16];
        iv.copy_from_slice(&d[..16]);
        iv
    }
}

fn gcm_nonce(i: u64, last: bool) -> [u8; 12] {
    let mut n = [0u8; 12];
    n[3..11].copy_from_slice(&i.to_be_bytes());
    n[11] = last as u8;
    n
}

/// Reads until `buf` is full or the input ends; returns the number of bytes read.
fn read_full<R: Read>(r: &mut R, buf: &mut [u8]) -> Result<usize, HybridError> {
    let mut n = 0;
    while n < buf.len() {
        match r.read(&mut buf[n..]) {
            Ok(0) => break,
            Ok(k) => n += k,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e.into()),
        }
    }
    Ok(n)
}

/// Checks an encryption chunk size: a multiple of 16 in [16, [`MAX_CHUNK`]].
pub fn check_chunk_size(chunk_size: u32) -> Result<(), HybridError> {
    if (16..=MAX_CHUNK).contains(&chunk_size) && chunk_size.is_multiple_of(16) {
        Ok(())
    } else {
        Err(HybridError::BadChunkSize(chunk_size))
    }
}

/// Encrypts everything `input` yields to `output` (stream header, then chunks), with keys
/// derived from `ikm` (the GT element's bytes) and `context`. Returns the plaintext length.
pub fn encrypt_stream<R: Read, W: Write>(
    ikm: &[u8],
    context: &[u8],
    mode: Mode,
    chunk_size: u32,
    input: &mut R,
    output: &mut W,
) -> Result<u64, HybridError> {
    check_chunk_size(chunk_size)?;
    let keys = derive(ikm, context, mode, chunk_size);
    output.write_all(&[mode as u8])?;
    output.write_all(&chunk_size.to_be_bytes())?;
    let mut buf = vec![0u8; chunk_size as usize];
    let mut total = 0u64;
    for i in 0u64.. {
        let n = read_full(input, &mut buf)?;
        total += n as u64;
        let last = n < buf.len();
        output.write_all(&keys.seal(i, last, &buf[..n]))?;
        if last {
            break;
        }
    }
    buf.zeroize();
    Ok(total)
}

/// Decrypts a stream written by [`encrypt_stream`]. Each chunk is written only after it
/// authenticates; on error the caller must discard what was written. Returns the length.
pub fn decrypt_stream<R: Read, W: Write>(
    ikm: &[u8],
    context: &[u8],
    input: &mut R,
    output: &mut W,
) -> Result<u64, HybridError> {
    let mut hdr = [0u8; 5];
    if read_full(input, &mut hdr)? != 5 {
        return Err(HybridError::Truncated);
    }
    let mode = Mode::from_byte(hdr[0]).ok_or(HybridError::BadHeader("unknown symmetric mode"))?;
    let chunk_size = u32::from_be_bytes([hdr[1], hdr[2], hdr[3], hdr[4]]);
    if !(16..=MAX_CHUNK).contains(&chunk_size) || chunk_size % 16 != 0 {
        return Err(HybridError::BadHeader("invalid chunk size"));
    }
    let keys = derive(ikm, context, mode, chunk_size);
    let full = mode.full_chunk_len(chunk_size as usize);
    let mut buf = vec![0u8; full];
    let mut total = 0u64;
    for i in 0u64.. {
        let n = read_full(input, &mut buf)?;
        let last = n < full;
        if last && n < mode.min_chunk_len() {
            return Err(HybridError::Truncated);
        }
        let mut pt = keys.open(i, last, &buf[..n])?;
        if !last && pt.len() != chunk_size as usize {
            return Err(HybridError::Authentication);
        }
        output.write_all(&pt)?;
        total += pt.len() as u64;
        pt.zeroize();
        if last {
            break;
        }
    }
    Ok(total)
}

/// One-shot encryption of a byte string.
pub fn encrypt(
    ikm: &[u8],
    context: &[u8],
    mode: Mode,
    chunk_size: u32,
    pt: &[u8],
) -> Result<Vec<u8>, HybridError> {
    let mut out = Vec::with_capacity(pt.len() + 64);
    encrypt_stream(ikm, context, mode, chunk_size, &mut &pt[..], &mut out)?;
    Ok(out)
}

/// One-shot decryption: the whole plaintext, or an error and nothing.
pub fn decrypt(ikm: &[u8], context: &[u8], ct: &[u8]) -> Result<Vec<u8>, HybridError> {
    let mut out = Vec::new();
    match decrypt_stream(ikm, context, &mut &ct[..], &mut out) {
        Ok(_) => Ok(out),
        Err(e) => {
            out.zeroize();
            Err(e)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn roundtrip_and_tamper() {
        let ikm = [7u8; 64];
        for mode in [Mode::Aes128Gcm, Mode::Aes128CbcHmacSha256] {
            for len in [0usize, 1, 15, 16, 17, 31, 32, 33, 100] {
                let pt: Vec<u8> = (0..len).map(|i| i as u8).collect();
                let ct = encrypt(&ikm, b"ctx", mode, 16, &pt).unwrap();
                assert_eq!(decrypt(&ikm, b"ctx", &ct).unwrap(), pt);
                assert_eq!(
                    decrypt(&ikm, b"ctx2", &ct).unwrap_err(),
                    HybridError::Authentication
                );
                assert!(decrypt(&[8u8; 64], b"ctx", &ct).is_err());
                for i in 0..ct.len() {
                    let mut t = ct.clone();
                    t[i] ^= 0x10;
                    assert!(
                        decrypt(&ikm, b"ctx", &t).is_err(),
                        "{mode:?} {len} byte {i}"
                    );
                }
                for cut in 0..ct.len() {
                    assert!(
                        decrypt(&ikm, b"ctx", &ct[..cut]).is_err(),
                        "{mode:?} {len} cut {cut}"
                    );
                }
                let mut longer = ct.clone();
                longer.push(0);
                assert!(decrypt(&ikm, b"ctx", &longer).is_err());
            }
        }
    }
}

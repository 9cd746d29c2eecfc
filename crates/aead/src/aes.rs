//! AES-128 forward cipher (FIPS-197 §5.1 Cipher, §5.2 KeyExpansion) for the AES-based CAESAR
//! modes CLOC, SILC and AES-JAMBU.
//!
//! All three modes only ever call the forward direction E_K (CLOC/SILC v3 use E_K for both the
//! hash and the encryption chains; AES-JAMBU v2 only encrypts the state), so no inverse
//! cipher is provided.
//!
//! Three back ends, chosen once when the key is set:
//! * AES-NI (`aesenc`/`aesenclast`) on x86-64 when the CPU reports the `aes` feature
//!   (run-time detection by [`crate::cpu::has_aes`], cached in a process-wide atomic);
//! * the ARMv8 Cryptographic Extension (`AESE` = AddRoundKey, SubBytes, ShiftRows; `AESMC` =
//!   MixColumns) on AArch64 when the CPU reports `aes` ([`crate::cpu::has_aes`], cached
//!   likewise), with round keys from the portable key schedule; the modes' block loops run on
//!   it through `CeKeys`;
//! * a portable constant-time fallback: SubBytes is computed bitsliced over the 16 state bytes
//!   as the GF(2^8) inversion x ↦ x^254 followed by the affine map (FIPS-197 §5.1.1), so no
//!   memory access or branch depends on secret data.
//!
//! The round keys are expanded once (with the constant-time S-box) and zeroized on drop.

use zeroize::Zeroize;

/// Defines `fn $name(aes: &Aes128, args) -> ret` from a body written against a generic block
/// cipher `e: &E` (`E: $bound`, a [`BlockCipher`] extension): on AES-NI CPUs the body runs inside
/// an `#[target_feature(enable = "aes,sse2")]` function on [`NiKeys`] (round keys in registers),
/// on AArch64 with the AES instructions on [`CeKeys`], otherwise on the portable back end.
///
/// An optional clause `, ni(k) { … }` after the signature gives the AES-NI body instead (`k:
/// &NiKeys`, the arguments by name), for modes with a hand-written register-level path; it
/// runs inside the same `#[target_feature]` function. Used for the one-shot `process` of CLOC,
/// SILC and AES-JAMBU (through [`impl_aes_mode_scheme`]) and for the block loops and
/// associated-data processing of their streaming cores.
macro_rules! aes_fn {
    ($(#[$m:meta])* $vis:vis fn $name:ident<$e:ident: $bound:path>($aes:ident $(, $arg:ident: $ty:ty)* $(,)?)
        $(-> $ret:ty)? $body:block) => {
        $crate::aes::aes_fn! {
            $(#[$m])* $vis fn $name<$e: $bound>($aes $(, $arg: $ty)*) $(-> $ret)?,
                ni(k) { generic(k $(, $arg)*) }
            $body
        }
    };
    ($(#[$m:meta])* $vis:vis fn $name:ident<$e:ident: $bound:path>($aes:ident $(, $arg:ident: $ty:ty)* $(,)?)
        $(-> $ret:ty)?, ni($k:ident) $ni:block $body:block) => {
        $(#[$m])*
        $vis fn $name($aes: &$crate::aes::Aes128 $(, $arg: $ty)*) $(-> $ret)? {
            #[inline(always)]
            fn generic<E: $bound>($e: &E $(, $arg: $ty)*) $(-> $ret)? $body
            #[cfg(target_arch = "x86_64")]
            if $aes.uses_aes_ni() {
                #[target_feature(enable = "aes,sse2")]
                unsafe fn ni($aes: &$crate::aes::Aes128 $(, $arg: $ty)*) $(-> $ret)? {
                    match $aes.ni_keys() {
                        Some(keys) => {
                            let $k = &keys;
                            $ni
                        }
                        None => generic(&$aes.portable() $(, $arg)*),
                    }
                }
                // SAFETY: `uses_aes_ni()` guarantees the CPU supports AES-NI and SSE2.
                return unsafe { ni($aes $(, $arg)*) };
            }
            #[cfg(target_arch = "aarch64")]
            if $aes.uses_aes_ni() {
                #[target_feature(enable = "aes")]
                unsafe fn ce($aes: &$crate::aes::Aes128 $(, $arg: $ty)*) $(-> $ret)? {
                    generic(&$crate::aes::CeKeys::new($aes) $(, $arg)*)
                }
                // SAFETY: `uses_aes_ni()` guarantees the CPU has the AES instructions.
                return unsafe { ce($aes $(, $arg)*) };
            }
            generic(&$aes.portable() $(, $arg)*)
        }
    };
}
pub(crate) use aes_fn;

aes_fn! {
    /// Whole non-final blocks of CLOC's and SILC's message (ENC or DEC with fix1 feedback, PRF
    /// chain over the ciphertext) for the streaming API.
    pub(crate) fn fix1_stream_blocks<e: BlockCipher>(
        aes,
        es: &mut [u8; 16],
        ts: &mut [u8; 16],
        data: &mut [u8],
        dec: bool,
    ) {
        e.fix1_chain(es, ts, data, dec)
    }
}

/// One non-final CLOC / SILC message block at a chunk boundary of the streaming API, given its
/// ciphertext `ct` (16 bytes): ts ← E_K(ts ⊕ C), es ← E_K(fix1(C)), as one step of
/// [`BlockCipher::fix1_chain`].
#[inline]
pub(crate) fn fix1_absorb(aes: &Aes128, es: &mut [u8; 16], ts: &mut [u8; 16], ct: &[u8]) {
    let mut x = [0u8; 16];
    x.copy_from_slice(&ct[..16]);
    xor_into(ts, &x);
    fix1(&mut x);
    *es = x;
    aes.encrypt_two(ts, es);
}

/// Number of rounds of AES-128.
pub(crate) const ROUNDS: usize = 10;

/// An expanded AES-128 key (forward direction only).
#[derive(Clone)]
pub struct Aes128 {
    rk: [[u8; 16]; ROUNDS + 1],
    ni: bool,
}

impl Drop for Aes128 {
    fn drop(&mut self) {
        // One 16-byte volatile store per round key (`zeroize` on the array would store byte by
        // byte, which cost more than the AES-NI key expansion itself).
        for k in self.rk.iter_mut() {
            crate::wipe(k);
        }
    }
}

impl core::fmt::Debug for Aes128 {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Aes128")
            .field("aes_ni", &self.ni)
            .finish_non_exhaustive()
    }
}

/// Whether the hardware AES back end can be used: AES-NI on x86-64, the ARMv8 AES
/// instructions on AArch64 (detected once, then cached).
#[inline]
pub fn aes_ni_available() -> bool {
    use core::sync::atomic::{AtomicU8, Ordering};
    // 0 = not yet probed, 1 = absent, 2 = present.
    static STATE: AtomicU8 = AtomicU8::new(0);
    match STATE.load(Ordering::Relaxed) {
        1 => false,
        2 => true,
        _ => {
            let has = detect_hardware_aes();
            STATE.store(if has { 2 } else { 1 }, Ordering::Relaxed);
            has
        }
    }
}

/// The CPU probe behind [`aes_ni_available`].
fn detect_hardware_aes() -> bool {
    crate::cpu::has_aes()
}

/// The AES code that [`Aes128::new`] selects on this machine, for reports.
pub fn backend_name() -> &'static str {
    if !aes_ni_available() {
        "constant-time software (bitsliced S-box)"
    } else if cfg!(target_arch = "aarch64") {
        "ARMv8 Cryptographic Extension (AESE/AESMC)"
    } else {
        "AES-NI"
    }
}

impl Aes128 {
    /// Expands `key`; uses AES-NI when available.
    pub fn new(key: &[u8; 16]) -> Self {
        #[cfg(target_arch = "x86_64")]
        if aes_ni_available() {
            return Self {
                // SAFETY: AES-NI and SSE2 are present (checked just above).
                rk: unsafe { ni::expand_key(key) },
                ni: true,
            };
        }
        Self {
            rk: expand_key(key),
            ni: cfg!(target_arch = "aarch64") && aes_ni_available(),
        }
    }

    /// Expands `key` for the portable constant-time back end only (for tests and comparison).
    pub fn new_portable(key: &[u8; 16]) -> Self {
        Self {
            rk: expand_key(key),
            ni: false,
        }
    }

    /// Whether this instance runs on the hardware AES instructions (AES-NI on x86-64, the
    /// ARMv8 AES instructions on AArch64).
    pub fn uses_aes_ni(&self) -> bool {
        self.ni
    }

    /// Encrypts one block in place.
    #[inline]
    pub fn encrypt_block(&self, block: &mut [u8; 16]) {
        #[cfg(target_arch = "x86_64")]
        if self.ni {
            // SAFETY: `ni` is only set when the CPU supports AES-NI and SSE2.
            unsafe { ni::encrypt1(&self.rk, block) };
            return;
        }
        #[cfg(target_arch = "aarch64")]
        if self.ni {
            // SAFETY: `ni` is only set when the CPU has the AES instructions.
            unsafe { ce::encrypt1(&self.rk, block) };
            return;
        }
        soft_encrypt(&self.rk, block);
    }

    /// Encrypts two independent blocks in place (interleaved on AES-NI for instruction-level
    /// parallelism: CLOC and SILC advance their two chains together).
    #[inline]
    pub fn encrypt_two(&self, a: &mut [u8; 16], b: &mut [u8; 16]) {
        #[cfg(target_arch = "x86_64")]
        if self.ni {
            // SAFETY: `ni` is only set when the CPU supports AES-NI and SSE2.
            unsafe { ni::encrypt2(&self.rk, a, b) };
            return;
        }
        #[cfg(target_arch = "aarch64")]
        if self.ni {
            // SAFETY: as above.
            unsafe { ce::encrypt2(&self.rk, a, b) };
            return;
        }
        soft_encrypt(&self.rk, a);
        soft_encrypt(&self.rk, b);
    }
}

/// A block-encryption back end the modes are written against, so that their whole message loop
/// can be compiled inside an AES-NI `#[target_feature]` function with the round keys held in
/// registers (see [`NiKeys`]) or run on the portable code ([`Portable`]).
pub(crate) trait BlockCipher {
    fn encrypt(&self, block: &mut [u8; 16]);
    /// Two independent blocks (interleaved where that helps).
    fn encrypt2(&self, a: &mut [u8; 16], b: &mut [u8; 16]);

    /// The full-block loop shared by CLOC and SILC (ENC/DEC with fix1 feedback, plus the PRF
    /// chain over the ciphertext): for each 16-byte block X of `data` (whose length must be a
    /// multiple of 16; any tail is ignored), C = X ⊕ es on encryption (X ⊕ es = plaintext and
    /// C = X on decryption), X is replaced by the output, then ts ← E_K(ts ⊕ C) and
    /// es ← E_K(fix1(C)).
    #[inline(always)]
    fn fix1_chain(&self, es: &mut [u8; 16], ts: &mut [u8; 16], data: &mut [u8], decrypt: bool) {
        for blk in data.chunks_exact_mut(16) {
            let mut c = [0u8; 16];
            if decrypt {
                c.copy_from_slice(blk);
                xor_into(blk, &es[..]);
            } else {
                xor_into(blk, &es[..]);
                c.copy_from_slice(blk);
            }
            xor_into(ts, &c);
            fix1(&mut c);
            *es = c;
            self.encrypt2(ts, es);
        }
    }

    /// The whole message of CLOC and SILC (meant for a non-empty `buf`): [`fix1_chain`] over
    /// the blocks before the final one, then the final (1..=16-byte, possibly full) block
    /// XORed with es and its ciphertext C XORed into ts (ts ⊕= C, not yet encrypted: the modes
    /// finish it differently). Returns the final block's length.
    ///
    /// [`fix1_chain`]: BlockCipher::fix1_chain
    #[inline(always)]
    fn fix1_message(
        &self,
        es: &mut [u8; 16],
        ts: &mut [u8; 16],
        buf: &mut [u8],
        decrypt: bool,
    ) -> usize {
        let full = buf.len().saturating_sub(1) / 16;
        let (head, last) = buf.split_at_mut(16 * full);
        self.fix1_chain(es, ts, head, decrypt);
        let l = last.len(); // 1..=16
        let mut c = [0u8; 16];
        if decrypt {
            c[..l].copy_from_slice(last);
            xor_into(last, &es[..l]);
        } else {
            xor_into(last, &es[..l]);
            c[..l].copy_from_slice(last);
        }
        xor_into(ts, &c[..l]);
        l
    }
}

/// Block-at-a-time use of an [`Aes128`] (AES-NI or portable, chosen per call): for the few
/// block operations at chunk boundaries of the streaming API.
impl BlockCipher for Aes128 {
    #[inline]
    fn encrypt(&self, block: &mut [u8; 16]) {
        self.encrypt_block(block);
    }
    #[inline]
    fn encrypt2(&self, a: &mut [u8; 16], b: &mut [u8; 16]) {
        self.encrypt_two(a, b);
    }
}

/// The portable constant-time back end of an [`Aes128`].
pub(crate) struct Portable<'a>(pub(crate) &'a Aes128);

impl BlockCipher for Portable<'_> {
    #[inline(always)]
    fn encrypt(&self, block: &mut [u8; 16]) {
        soft_encrypt(&self.0.rk, block);
    }
    #[inline(always)]
    fn encrypt2(&self, a: &mut [u8; 16], b: &mut [u8; 16]) {
        soft_encrypt(&self.0.rk, a);
        soft_encrypt(&self.0.rk, b);
    }
}

impl Aes128 {
    /// The portable back end (always available).
    #[inline]
    pub(crate) fn portable(&self) -> Portable<'_> {
        Portable(self)
    }

    /// The round keys loaded for AES-NI, if this instance uses AES-NI.
    #[cfg(target_arch = "x86_64")]
    #[inline(always)]
    pub(crate) fn ni_keys(&self) -> Option<NiKeys> {
        use core::arch::x86_64::{__m128i, _mm_loadu_si128};
        if !self.ni {
            return None;
        }
        // SAFETY: unaligned 16-byte loads from 16-byte arrays (SSE2 is baseline on x86-64).
        let k = |i: usize| unsafe { _mm_loadu_si128(self.rk[i].as_ptr() as *const __m128i) };
        Some(NiKeys([
            k(0),
            k(1),
            k(2),
            k(3),
            k(4),
            k(5),
            k(6),
            k(7),
            k(8),
            k(9),
            k(10),
        ]))
    }
}

/// AES-128 round keys in SSE registers; only constructed (by [`Aes128::ni_keys`]) when the CPU
/// has AES-NI. Meant to be used inside `#[target_feature(enable = "aes,sse2")]` functions, where
/// the `#[inline(always)]` methods below compile to straight `aesenc` sequences.
#[cfg(target_arch = "x86_64")]
pub(crate) struct NiKeys(pub(crate) [core::arch::x86_64::__m128i; ROUNDS + 1]);

#[cfg(target_arch = "x86_64")]
impl Drop for NiKeys {
    fn drop(&mut self) {
        use core::arch::x86_64::_mm_setzero_si128;
        for k in self.0.iter_mut() {
            // SAFETY: `k` is a valid, aligned `__m128i` place; volatile so the wipe is kept.
            unsafe { core::ptr::write_volatile(k, _mm_setzero_si128()) };
        }
    }
}

#[cfg(target_arch = "x86_64")]
impl BlockCipher for NiKeys {
    #[inline(always)]
    fn encrypt(&self, block: &mut [u8; 16]) {
        use core::arch::x86_64::*;
        let k = &self.0;
        // SAFETY: a `NiKeys` only exists when AES-NI is available (see `Aes128::ni_keys`);
        // the loads/stores are unaligned accesses to a 16-byte array.
        unsafe {
            let mut b = _mm_loadu_si128(block.as_ptr() as *const __m128i);
            b = _mm_xor_si128(b, k[0]);
            for ki in &k[1..ROUNDS] {
                b = _mm_aesenc_si128(b, *ki);
            }
            b = _mm_aesenclast_si128(b, k[ROUNDS]);
            _mm_storeu_si128(block.as_mut_ptr() as *mut __m128i, b);
        }
    }
    #[inline(always)]
    fn encrypt2(&self, a: &mut [u8; 16], b: &mut [u8; 16]) {
        use core::arch::x86_64::*;
        let k = &self.0;
        // SAFETY: as in `encrypt`.
        unsafe {
            let mut x = _mm_loadu_si128(a.as_ptr() as *const __m128i);
            let mut y = _mm_loadu_si128(b.as_ptr() as *const __m128i);
            x = _mm_xor_si128(x, k[0]);
            y = _mm_xor_si128(y, k[0]);
            for ki in &k[1..ROUNDS] {
                x = _mm_aesenc_si128(x, *ki);
                y = _mm_aesenc_si128(y, *ki);
            }
            x = _mm_aesenclast_si128(x, k[ROUNDS]);
            y = _mm_aesenclast_si128(y, k[ROUNDS]);
            _mm_storeu_si128(a.as_mut_ptr() as *mut __m128i, x);
            _mm_storeu_si128(b.as_mut_ptr() as *mut __m128i, y);
        }
    }

    #[inline(always)]
    fn fix1_chain(&self, es: &mut [u8; 16], ts: &mut [u8; 16], data: &mut [u8], decrypt: bool) {
        use core::arch::x86_64::*;
        // SAFETY: as in `encrypt`; 16-byte loads/stores of 16-byte arrays.
        unsafe {
            let e = _mm_loadu_si128(es.as_ptr() as *const __m128i);
            let t = _mm_loadu_si128(ts.as_ptr() as *const __m128i);
            let (e, t) = self.fix1_chain_m128(e, t, data, decrypt);
            _mm_storeu_si128(es.as_mut_ptr() as *mut __m128i, e);
            _mm_storeu_si128(ts.as_mut_ptr() as *mut __m128i, t);
        }
    }
}

/// Register-level AES-NI primitives for the modes' one-shot fast paths, which keep their whole
/// state in SSE registers (byte-array round trips cost store-forwarding stalls that dominate
/// short messages). Only reachable through a [`NiKeys`], i.e. when the CPU has AES-NI.
#[cfg(target_arch = "x86_64")]
impl NiKeys {
    /// E_K(x).
    #[inline(always)]
    pub(crate) fn enc(&self, x: core::arch::x86_64::__m128i) -> core::arch::x86_64::__m128i {
        use core::arch::x86_64::*;
        let k = &self.0;
        // SAFETY: a `NiKeys` only exists when AES-NI is available; register-only operations.
        unsafe {
            let mut b = _mm_xor_si128(x, k[0]);
            for ki in &k[1..ROUNDS] {
                b = _mm_aesenc_si128(b, *ki);
            }
            _mm_aesenclast_si128(b, k[ROUNDS])
        }
    }

    /// E_K(x ⊕ k0) for an input already whitened with the first round key (lets a mode fold
    /// that XOR into values computed off its critical path).
    #[inline(always)]
    pub(crate) fn enc_whitened(
        &self,
        xk: core::arch::x86_64::__m128i,
    ) -> core::arch::x86_64::__m128i {
        use core::arch::x86_64::*;
        let k = &self.0;
        // SAFETY: as in `enc`.
        unsafe {
            let mut b = xk;
            for ki in &k[1..ROUNDS] {
                b = _mm_aesenc_si128(b, *ki);
            }
            _mm_aesenclast_si128(b, k[ROUNDS])
        }
    }

    /// The first round key k0.
    #[inline(always)]
    pub(crate) fn k0(&self) -> core::arch::x86_64::__m128i {
        self.0[0]
    }

    /// (E_K(a), E_K(b)), interleaved.
    #[inline(always)]
    pub(crate) fn enc2(
        &self,
        a: core::arch::x86_64::__m128i,
        b: core::arch::x86_64::__m128i,
    ) -> (core::arch::x86_64::__m128i, core::arch::x86_64::__m128i) {
        use core::arch::x86_64::*;
        let k = &self.0;
        // SAFETY: as in `enc`.
        unsafe {
            let mut x = _mm_xor_si128(a, k[0]);
            let mut y = _mm_xor_si128(b, k[0]);
            for ki in &k[1..ROUNDS] {
                x = _mm_aesenc_si128(x, *ki);
                y = _mm_aesenc_si128(y, *ki);
            }
            (
                _mm_aesenclast_si128(x, k[ROUNDS]),
                _mm_aesenclast_si128(y, k[ROUNDS]),
            )
        }
    }

    /// [`BlockCipher::fix1_chain`] on register values: returns the new (es, ts).
    #[inline(always)]
    pub(crate) fn fix1_chain_m128(
        &self,
        mut e: core::arch::x86_64::__m128i,
        mut t: core::arch::x86_64::__m128i,
        data: &mut [u8],
        decrypt: bool,
    ) -> (core::arch::x86_64::__m128i, core::arch::x86_64::__m128i) {
        use core::arch::x86_64::*;
        let k = &self.0;
        // SAFETY: as in `enc`; every load/store is of a 16-byte chunk of `data`.
        unsafe {
            let msb = _mm_set_epi64x(0, 0x80); // byte 0 = 0x80
            for blk in data.chunks_exact_mut(16) {
                let p = blk.as_mut_ptr() as *mut __m128i;
                let x = _mm_loadu_si128(p);
                let y = _mm_xor_si128(x, e);
                _mm_storeu_si128(p, y);
                let c = if decrypt { x } else { y };
                t = _mm_xor_si128(_mm_xor_si128(t, c), k[0]);
                e = _mm_xor_si128(_mm_or_si128(c, msb), k[0]);
                for ki in &k[1..ROUNDS] {
                    t = _mm_aesenc_si128(t, *ki);
                    e = _mm_aesenc_si128(e, *ki);
                }
                t = _mm_aesenclast_si128(t, k[ROUNDS]);
                e = _mm_aesenclast_si128(e, k[ROUNDS]);
            }
        }
        (e, t)
    }

    /// [`BlockCipher::fix1_message`] on register values: returns the new ts and the final
    /// block's length.
    #[inline(always)]
    pub(crate) fn fix1_message_m128(
        &self,
        es: core::arch::x86_64::__m128i,
        ts: core::arch::x86_64::__m128i,
        buf: &mut [u8],
        decrypt: bool,
    ) -> (core::arch::x86_64::__m128i, usize) {
        use core::arch::x86_64::*;
        let full = buf.len().saturating_sub(1) / 16;
        let (head, last) = buf.split_at_mut(16 * full);
        let (es, ts) = self.fix1_chain_m128(es, ts, head, decrypt);
        let l = last.len(); // 1..=16
        let x = load_partial(last);
        // SAFETY: register-only SSE2 operations.
        let y = unsafe { _mm_and_si128(_mm_xor_si128(x, es), prefix_mask(l)) };
        store_partial(y, last);
        // SAFETY: as above.
        (unsafe { _mm_xor_si128(ts, if decrypt { x } else { y }) }, l)
    }
}

/// Loads `x` (at most 16 bytes) into a register, zero-padded.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
pub(crate) fn load_partial(x: &[u8]) -> core::arch::x86_64::__m128i {
    use core::arch::x86_64::*;
    // Whole-register loads where the (public) length allows: a narrow copy into a buffer
    // followed by a wide load stalls on store forwarding.
    match x.len() {
        // SAFETY: register-only SSE2 operation.
        0 => return unsafe { _mm_setzero_si128() },
        // SAFETY: `x` has exactly 8 readable bytes (`loadl` reads 8).
        8 => return unsafe { _mm_loadl_epi64(x.as_ptr() as *const __m128i) },
        // SAFETY: `x` has exactly 16 readable bytes.
        16 => return unsafe { _mm_loadu_si128(x.as_ptr() as *const __m128i) },
        _ => {}
    }
    let mut b = [0u8; 16];
    b[..x.len()].copy_from_slice(x);
    // SAFETY: unaligned 16-byte load of a 16-byte array (SSE2 is baseline on x86-64).
    let v = unsafe { _mm_loadu_si128(b.as_ptr() as *const __m128i) };
    crate::wipe(&mut b);
    v
}

/// The block whose little-endian 128-bit value is `v` (built in general-purpose registers, so
/// no narrow stores precede a wide load).
#[cfg(target_arch = "x86_64")]
#[inline(always)]
pub(crate) fn block_from_u128(v: u128) -> core::arch::x86_64::__m128i {
    // SAFETY: register-only SSE2 operation.
    unsafe { core::arch::x86_64::_mm_set_epi64x((v >> 64) as i64, v as i64) }
}

/// A 12-byte nonce as a little-endian integer (bytes 0..12 → bits 0..96).
#[cfg(target_arch = "x86_64")]
#[inline(always)]
pub(crate) fn nonce96(n: &[u8]) -> u128 {
    let lo = u64::from_le_bytes([n[0], n[1], n[2], n[3], n[4], n[5], n[6], n[7]]);
    let hi = u32::from_le_bytes([n[8], n[9], n[10], n[11]]);
    (hi as u128) << 64 | lo as u128
}

/// Stores the first `out.len()` (≤ 16) bytes of `v` into `out`.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
pub(crate) fn store_partial(v: core::arch::x86_64::__m128i, out: &mut [u8]) {
    use core::arch::x86_64::*;
    let mut b = [0u8; 16];
    // SAFETY: unaligned 16-byte store into a 16-byte array.
    unsafe { _mm_storeu_si128(b.as_mut_ptr() as *mut __m128i, v) };
    let n = out.len();
    out.copy_from_slice(&b[..n]);
    crate::wipe(&mut b);
}

/// The block with 0xff in bytes `0..l` and zero elsewhere (`l ≤ 16`; `l` is a public length).
#[cfg(target_arch = "x86_64")]
#[inline(always)]
pub(crate) fn prefix_mask(l: usize) -> core::arch::x86_64::__m128i {
    use core::arch::x86_64::*;
    const M: [u8; 32] = {
        let mut m = [0u8; 32];
        let mut i = 0;
        while i < 16 {
            m[i] = 0xff;
            i += 1;
        }
        m
    };
    // SAFETY: 16-byte load from M[16 − l .. 32 − l] (in bounds for l ≤ 16).
    unsafe { _mm_loadu_si128(M[16 - l..].as_ptr() as *const __m128i) }
}

/// The block with 0x80 in byte `l` and zero elsewhere (`l < 16`; public): the one-zero padding bit.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
pub(crate) fn pad_bit(l: usize) -> core::arch::x86_64::__m128i {
    use core::arch::x86_64::*;
    const P: [u8; 32] = {
        let mut p = [0u8; 32];
        p[16] = 0x80;
        p
    };
    // SAFETY: 16-byte load from P[16 − l .. 32 − l] (in bounds for 1 ≤ 16 − l ≤ 16).
    unsafe { _mm_loadu_si128(P[16 - l..].as_ptr() as *const __m128i) }
}

#[cfg(target_arch = "x86_64")]
mod ni {
    use core::arch::x86_64::*;

    /// One FIPS-197 §5.2 round of the AES-128 key schedule: `assist` is
    /// `aeskeygenassist(prev, rcon)`, whose top word is SubWord(RotWord(w3)) ⊕ rcon; the new key
    /// is w_i = w_{i−4} ⊕ w_{i−1} computed as a prefix XOR of the previous key's words.
    #[inline(always)]
    unsafe fn next_round_key(prev: __m128i, assist: __m128i) -> __m128i {
        // SAFETY: register-only SSE2 operations.
        unsafe {
            let t = _mm_shuffle_epi32(assist, 0xff);
            let mut k = _mm_xor_si128(prev, _mm_slli_si128(prev, 4));
            k = _mm_xor_si128(k, _mm_slli_si128(k, 8));
            _mm_xor_si128(k, t)
        }
    }

    /// FIPS-197 §5.2 KeyExpansion (Nk = 4) with `aeskeygenassist` (constant time: no tables).
    #[target_feature(enable = "aes,sse2")]
    pub(super) unsafe fn expand_key(key: &[u8; 16]) -> [[u8; 16]; 11] {
        let mut rk = [[0u8; 16]; 11];
        // SAFETY: unaligned loads/stores of 16-byte arrays; the caller guarantees AES-NI.
        unsafe {
            let mut k = _mm_loadu_si128(key.as_ptr() as *const __m128i);
            _mm_storeu_si128(rk[0].as_mut_ptr() as *mut __m128i, k);
            macro_rules! round {
                ($i:expr, $rcon:expr) => {
                    k = next_round_key(k, _mm_aeskeygenassist_si128(k, $rcon));
                    _mm_storeu_si128(rk[$i].as_mut_ptr() as *mut __m128i, k);
                };
            }
            round!(1, 0x01);
            round!(2, 0x02);
            round!(3, 0x04);
            round!(4, 0x08);
            round!(5, 0x10);
            round!(6, 0x20);
            round!(7, 0x40);
            round!(8, 0x80);
            round!(9, 0x1b);
            round!(10, 0x36);
            // Wipe the register copy of the last round key.
            k = _mm_setzero_si128();
            core::hint::black_box(k);
        }
        rk
    }

    #[target_feature(enable = "aes,sse2")]
    pub(super) unsafe fn encrypt1(rk: &[[u8; 16]; 11], block: &mut [u8; 16]) {
        // SAFETY: unaligned loads/stores of 16-byte arrays; the caller guarantees AES-NI.
        unsafe {
            let k = |i: usize| _mm_loadu_si128(rk[i].as_ptr() as *const __m128i);
            let mut b = _mm_loadu_si128(block.as_ptr() as *const __m128i);
            b = _mm_xor_si128(b, k(0));
            b = _mm_aesenc_si128(b, k(1));
            b = _mm_aesenc_si128(b, k(2));
            b = _mm_aesenc_si128(b, k(3));
            b = _mm_aesenc_si128(b, k(4));
            b = _mm_aesenc_si128(b, k(5));
            b = _mm_aesenc_si128(b, k(6));
            b = _mm_aesenc_si128(b, k(7));
            b = _mm_aesenc_si128(b, k(8));
            b = _mm_aesenc_si128(b, k(9));
            b = _mm_aesenclast_si128(b, k(10));
            _mm_storeu_si128(block.as_mut_ptr() as *mut __m128i, b);
        }
    }

    #[target_feature(enable = "aes,sse2")]
    pub(super) unsafe fn encrypt2(rk: &[[u8; 16]; 11], a: &mut [u8; 16], b: &mut [u8; 16]) {
        // SAFETY: unaligned loads/stores of 16-byte arrays; the caller guarantees AES-NI.
        unsafe {
            let k = |i: usize| _mm_loadu_si128(rk[i].as_ptr() as *const __m128i);
            let mut x = _mm_loadu_si128(a.as_ptr() as *const __m128i);
            let mut y = _mm_loadu_si128(b.as_ptr() as *const __m128i);
            let k0 = k(0);
            x = _mm_xor_si128(x, k0);
            y = _mm_xor_si128(y, k0);
            for i in 1..10 {
                let ki = k(i);
                x = _mm_aesenc_si128(x, ki);
                y = _mm_aesenc_si128(y, ki);
            }
            let kl = k(10);
            x = _mm_aesenclast_si128(x, kl);
            y = _mm_aesenclast_si128(y, kl);
            _mm_storeu_si128(a.as_mut_ptr() as *mut __m128i, x);
            _mm_storeu_si128(b.as_mut_ptr() as *mut __m128i, y);
        }
    }
}

/// AES-128 round keys for the ARMv8 AES instructions: a [`BlockCipher`] for the modes' block
/// loops, built inside `#[target_feature(enable = "aes")]` functions (see `aes_fn!` and the
/// modes' `process`) only when the CPU has the instructions.
#[cfg(target_arch = "aarch64")]
pub(crate) struct CeKeys<'a>(&'a Aes128);

#[cfg(target_arch = "aarch64")]
impl<'a> CeKeys<'a> {
    /// The round keys of `aes`, which must use the hardware back end ([`Aes128::uses_aes_ni`]).
    #[inline(always)]
    pub(crate) fn new(aes: &'a Aes128) -> Self {
        debug_assert!(aes.ni);
        CeKeys(aes)
    }
}

#[cfg(target_arch = "aarch64")]
impl BlockCipher for CeKeys<'_> {
    #[inline(always)]
    fn encrypt(&self, block: &mut [u8; 16]) {
        // SAFETY: a `CeKeys` is only made for an `Aes128` on the hardware back end.
        unsafe { ce::encrypt1(&self.0.rk, block) }
    }
    #[inline(always)]
    fn encrypt2(&self, a: &mut [u8; 16], b: &mut [u8; 16]) {
        // SAFETY: as in `encrypt`.
        unsafe { ce::encrypt2(&self.0.rk, a, b) }
    }
}

/// FIPS-197 §5.1 Cipher with the ARMv8 AES instructions. `AESE` XORs its round key *before*
/// SubBytes and ShiftRows, so round i (1 ≤ i ≤ 9) of FIPS-197 is `AESMC(AESE(·, k_(i−1)))`,
/// the last one `AESE(·, k_9) ⊕ k_10`. No table, no secret-dependent branch or address.
#[cfg(target_arch = "aarch64")]
mod ce {
    use core::arch::aarch64::{vaeseq_u8, vaesmcq_u8, veorq_u8, vld1q_u8, vst1q_u8};

    #[target_feature(enable = "aes")]
    pub(super) unsafe fn encrypt1(rk: &[[u8; 16]; 11], block: &mut [u8; 16]) {
        // SAFETY: 16-byte loads/stores of 16-byte arrays; the caller guarantees the AES
        // instructions.
        unsafe {
            let mut b = vld1q_u8(block.as_ptr());
            for k in &rk[..9] {
                b = vaesmcq_u8(vaeseq_u8(b, vld1q_u8(k.as_ptr())));
            }
            b = vaeseq_u8(b, vld1q_u8(rk[9].as_ptr()));
            b = veorq_u8(b, vld1q_u8(rk[10].as_ptr()));
            vst1q_u8(block.as_mut_ptr(), b);
        }
    }

    #[target_feature(enable = "aes")]
    pub(super) unsafe fn encrypt2(rk: &[[u8; 16]; 11], a: &mut [u8; 16], b: &mut [u8; 16]) {
        // SAFETY: as in `encrypt1`.
        unsafe {
            let mut x = vld1q_u8(a.as_ptr());
            let mut y = vld1q_u8(b.as_ptr());
            for k in &rk[..9] {
                let k = vld1q_u8(k.as_ptr());
                x = vaesmcq_u8(vaeseq_u8(x, k));
                y = vaesmcq_u8(vaeseq_u8(y, k));
            }
            let k9 = vld1q_u8(rk[9].as_ptr());
            let k10 = vld1q_u8(rk[10].as_ptr());
            x = veorq_u8(vaeseq_u8(x, k9), k10);
            y = veorq_u8(vaeseq_u8(y, k9), k10);
            vst1q_u8(a.as_mut_ptr(), x);
            vst1q_u8(b.as_mut_ptr(), y);
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Portable constant-time back end.

/// Bit planes of 16 bytes: plane `j` holds bit `j` of byte `k` at bit position `k`.
type Planes = [u16; 8];

#[inline]
fn to_planes(b: &[u8; 16]) -> Planes {
    let mut p = [0u16; 8];
    for (k, &byte) in b.iter().enumerate() {
        let x = byte as u16;
        for (j, plane) in p.iter_mut().enumerate() {
            *plane |= ((x >> j) & 1) << k;
        }
    }
    p
}

#[inline]
fn from_planes(p: &Planes) -> [u8; 16] {
    let mut b = [0u8; 16];
    for (k, byte) in b.iter_mut().enumerate() {
        let mut x = 0u8;
        for (j, plane) in p.iter().enumerate() {
            x |= (((plane >> k) & 1) as u8) << j;
        }
        *byte = x;
    }
    b
}

/// Bitsliced multiplication in GF(2^8) = GF(2)[x]/(x^8 + x^4 + x^3 + x + 1).
#[inline]
fn gf_mul(a: &Planes, b: &Planes) -> Planes {
    let mut t = [0u16; 15];
    for i in 0..8 {
        for j in 0..8 {
            t[i + j] ^= a[i] & b[j];
        }
    }
    // x^8 = x^4 + x^3 + x + 1; reduce from the top degree down.
    for i in (8..15).rev() {
        let v = t[i];
        t[i - 8] ^= v;
        t[i - 7] ^= v;
        t[i - 5] ^= v;
        t[i - 4] ^= v;
    }
    let mut r = [0u16; 8];
    r.copy_from_slice(&t[..8]);
    r
}

/// SubBytes on all 16 bytes at once (FIPS-197 §5.1.1): inversion as x^254, then the affine map.
fn sub_bytes(state: &mut [u8; 16]) {
    let x = to_planes(state);
    let x2 = gf_mul(&x, &x);
    let x3 = gf_mul(&x2, &x);
    let x6 = gf_mul(&x3, &x3);
    let x12 = gf_mul(&x6, &x6);
    let x15 = gf_mul(&x12, &x3);
    let x30 = gf_mul(&x15, &x15);
    let x60 = gf_mul(&x30, &x30);
    let x120 = gf_mul(&x60, &x60);
    let x240 = gf_mul(&x120, &x120);
    let x252 = gf_mul(&x240, &x12);
    let inv = gf_mul(&x252, &x2);
    let mut out = [0u16; 8];
    for (i, o) in out.iter_mut().enumerate() {
        let c = if (0x63u8 >> i) & 1 == 1 { 0xffff } else { 0 };
        *o = inv[i] ^ inv[(i + 4) % 8] ^ inv[(i + 5) % 8] ^ inv[(i + 6) % 8] ^ inv[(i + 7) % 8] ^ c;
    }
    *state = from_planes(&out);
}

#[inline]
fn shift_rows(s: &mut [u8; 16]) {
    let old = *s;
    for c in 0..4 {
        for r in 0..4 {
            s[r + 4 * c] = old[r + 4 * ((c + r) % 4)];
        }
    }
}

#[inline]
fn xtime(x: u8) -> u8 {
    (x << 1) ^ (0x1b & 0u8.wrapping_sub(x >> 7))
}

#[inline]
fn mix_columns(s: &mut [u8; 16]) {
    for col in s.chunks_exact_mut(4) {
        let (a0, a1, a2, a3) = (col[0], col[1], col[2], col[3]);
        let t = a0 ^ a1 ^ a2 ^ a3;
        col[0] = a0 ^ t ^ xtime(a0 ^ a1);
        col[1] = a1 ^ t ^ xtime(a1 ^ a2);
        col[2] = a2 ^ t ^ xtime(a2 ^ a3);
        col[3] = a3 ^ t ^ xtime(a3 ^ a0);
    }
}

#[inline]
fn add_round_key(s: &mut [u8; 16], k: &[u8; 16]) {
    for (x, y) in s.iter_mut().zip(k) {
        *x ^= y;
    }
}

fn soft_encrypt(rk: &[[u8; 16]; ROUNDS + 1], s: &mut [u8; 16]) {
    add_round_key(s, &rk[0]);
    for k in &rk[1..ROUNDS] {
        sub_bytes(s);
        shift_rows(s);
        mix_columns(s);
        add_round_key(s, k);
    }
    sub_bytes(s);
    shift_rows(s);
    add_round_key(s, &rk[ROUNDS]);
}

/// FIPS-197 §5.2 KeyExpansion for Nk = 4 (constant time: S-box evaluated bitsliced).
fn expand_key(key: &[u8; 16]) -> [[u8; 16]; ROUNDS + 1] {
    const RCON: [u8; 10] = [0x01, 0x02, 0x04, 0x08, 0x10, 0x20, 0x40, 0x80, 0x1b, 0x36];
    let mut rk = [[0u8; 16]; ROUNDS + 1];
    rk[0] = *key;
    for r in 1..=ROUNDS {
        let prev = rk[r - 1];
        let mut t = [0u8; 16];
        // RotWord of the last word of the previous round key.
        t[0] = prev[13];
        t[1] = prev[14];
        t[2] = prev[15];
        t[3] = prev[12];
        sub_bytes(&mut t);
        t[0] ^= RCON[r - 1];
        let mut next = [0u8; 16];
        for i in 0..4 {
            next[i] = prev[i] ^ t[i];
        }
        for i in 4..16 {
            next[i] = prev[i] ^ next[i - 4];
        }
        rk[r] = next;
        t.zeroize();
    }
    rk
}

// ---------------------------------------------------------------------------------------------
// Helpers shared by the AES-based modes (CLOC, SILC, AES-JAMBU).

/// The arguments of one call of an AES-based mode, as handed to its `process_with` and
/// `ni::process` (see [`impl_aes_mode_scheme`]): `Call(nonce, ad, buf, decrypt)`, with `buf`
/// en/decrypted in place.
pub(crate) struct Call<'a>(
    pub(crate) &'a [u8],
    pub(crate) &'a [u8],
    pub(crate) &'a mut [u8],
    pub(crate) bool,
);

/// The [`crate::Mode`] and [`crate::Scheme`] implementations shared by the AES-based modes:
/// `impl_aes_mode_scheme!(Type, "name", nonce length, tag length, K, Bound)`. The mode type has
/// a field `aes: Aes128`; its module has `process_with<E: Bound>(e: &E, Call) -> [u8; K]` (K ≥
/// tag length), which en/decrypts the [`Call`]'s buffer in place and returns the full tag, and
/// on x86-64 `ni::process(&NiKeys, Call)`, the same with the state in registers; both
/// `#[inline(always)]`. The macro defines `process(aes, nonce, ad, buf, decrypt)`, which runs
/// `ni::process` on AES-NI and `process_with` otherwise ([`aes_fn`]), the traits through it,
/// and the test `portable_backend_agrees`.
macro_rules! impl_aes_mode_scheme {
    ($ty:ty, $name:literal, $nonce_len:expr, $tag_len:expr, $block:literal, $bound:path) => {
        $crate::aes::aes_fn! {
            /// ENC (or DEC) in place plus the tag: on AES-NI the register-level `ni::process`,
            /// otherwise `process_with`.
            fn process<e: $bound>(
                aes,
                nonce: &[u8],
                ad: &[u8],
                buf: &mut [u8],
                decrypt: bool,
            ) -> [u8; $block],
                ni(k) { ni::process(k, $crate::aes::Call(nonce, ad, buf, decrypt)) }
            {
                process_with(e, $crate::aes::Call(nonce, ad, buf, decrypt))
            }
        }

        impl $crate::Mode for $ty {
            type TagBlock = [u8; $block];

            fn with_key(key: &[u8; 16]) -> Self {
                Self {
                    aes: $crate::aes::Aes128::new(key),
                }
            }

            #[inline(always)]
            fn run(&self, nonce: &[u8], ad: &[u8], buf: &mut [u8], decrypt: bool) -> [u8; $block] {
                process(&self.aes, nonce, ad, buf, decrypt)
            }
        }

        $crate::impl_scheme!($ty, $name, $nonce_len, $tag_len);

        #[cfg(test)]
        impl $ty {
            fn from_aes(aes: $crate::aes::Aes128) -> Self {
                Self { aes }
            }
        }

        #[cfg(test)]
        mod portable_tests {
            use super::*;

            /// The mode on the portable constant-time AES must agree with the default back end
            /// (AES-NI where available) on every length class.
            #[test]
            fn portable_backend_agrees() {
                $crate::aes::assert_portable_agrees(<$ty>::from_aes);
            }
        }
    };
}
pub(crate) use impl_aes_mode_scheme;

/// Test helper for the AES-based modes: the mode built by `from_aes` on the portable
/// constant-time AES (`slow`) must agree with the default back end (`fast`, AES-NI where
/// available) on every length class, and decrypt its own output.
#[cfg(test)]
pub(crate) fn assert_portable_agrees<S: crate::Scheme>(from_aes: impl Fn(Aes128) -> S) {
    let key: [u8; 16] = core::array::from_fn(|i| (i as u8).wrapping_mul(29) ^ 0x5a);
    let fast = from_aes(Aes128::new(&key));
    let slow = from_aes(Aes128::new_portable(&key));
    let nonce: Vec<u8> = (0..S::NONCE_LEN as u8).collect();
    let data: Vec<u8> = (0..70u32).map(|i| (i * 151 + 7) as u8).collect();
    for &(alen, mlen) in &[
        (0, 0),
        (1, 1),
        (7, 8),
        (8, 9),
        (15, 16),
        (16, 17),
        (17, 31),
        (33, 32),
        (70, 70),
        (0, 48),
        (48, 0),
    ] {
        let ad = &data[..alen];
        let mut a = data[..mlen].to_vec();
        let mut b = a.clone();
        let (mut ta, mut tb) = (vec![0u8; S::TAG_LEN], vec![0u8; S::TAG_LEN]);
        fast.encrypt_detached(&nonce, ad, &mut a, &mut ta).unwrap();
        slow.encrypt_detached(&nonce, ad, &mut b, &mut tb).unwrap();
        assert_eq!((&a, &ta), (&b, &tb), "alen {alen} mlen {mlen}");
        slow.decrypt_detached(&nonce, ad, &mut b, &ta).unwrap();
        assert_eq!(b, &data[..mlen]);
    }
}

/// fix1 of CLOC/SILC: sets the most significant bit of the block. Written as a whole-block OR
/// so that it stays a single vector operation (no byte store into a 16-byte value).
#[inline(always)]
pub(crate) fn fix1(b: &mut [u8; 16]) {
    const MSB: [u8; 16] = [0x80, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0];
    for (x, m) in b.iter_mut().zip(MSB) {
        *x |= m;
    }
}

#[inline(always)]
pub(crate) fn xor_into(dst: &mut [u8], src: &[u8]) {
    for (d, s) in dst.iter_mut().zip(src) {
        *d ^= s;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn h16(s: &str) -> [u8; 16] {
        let mut out = [0u8; 16];
        for (i, o) in out.iter_mut().enumerate() {
            *o = u8::from_str_radix(&s[2 * i..2 * i + 2], 16).unwrap();
        }
        out
    }

    /// Straightforward (table-free but not constant-time) reference S-box for the self-check.
    fn sbox_ref(x: u8) -> u8 {
        let mul = |mut a: u8, mut b: u8| {
            let mut p = 0u8;
            while b != 0 {
                if b & 1 == 1 {
                    p ^= a;
                }
                a = xtime(a);
                b >>= 1;
            }
            p
        };
        let mut inv = 1u8;
        for _ in 0..254 {
            inv = mul(inv, x);
        }
        if x == 0 {
            inv = 0;
        }
        inv ^ inv.rotate_left(1)
            ^ inv.rotate_left(2)
            ^ inv.rotate_left(3)
            ^ inv.rotate_left(4)
            ^ 0x63
    }

    #[test]
    fn sbox_matches_definition() {
        for base in (0..256).step_by(16) {
            let mut b = [0u8; 16];
            for (i, x) in b.iter_mut().enumerate() {
                *x = (base + i) as u8;
            }
            sub_bytes(&mut b);
            for (i, &y) in b.iter().enumerate() {
                assert_eq!(y, sbox_ref((base + i) as u8), "S({:#04x})", base + i);
            }
        }
        // Known values from FIPS-197 Figure 7.
        let mut b = [0u8; 16];
        b[0] = 0x53;
        b[1] = 0x00;
        sub_bytes(&mut b);
        assert_eq!(b[0], 0xed);
        assert_eq!(b[1], 0x63);
    }

    #[test]
    fn key_expansion_fips197_appendix_a1() {
        let key = h16("2b7e151628aed2a6abf7158809cf4f3c");
        let portable = Aes128::new_portable(&key);
        let default = Aes128::new(&key);
        for rk in [&portable.rk, &default.rk] {
            assert_eq!(rk[1], h16("a0fafe1788542cb123a339392a6c7605"));
            assert_eq!(rk[2], h16("f2c295f27a96b9435935807a7359f67f"));
            assert_eq!(rk[10], h16("d014f9a8c9ee2589e13f0cc8b6630ca6"));
        }
    }

    fn check(aes: &Aes128) {
        // FIPS-197 Appendix C.1 (AES-128).
        let key = h16("000102030405060708090a0b0c0d0e0f");
        assert_eq!(aes.rk[0], key);
        let mut b = h16("00112233445566778899aabbccddeeff");
        aes.encrypt_block(&mut b);
        assert_eq!(b, h16("69c4e0d86a7b0430d8cdb78070b4c55a"));
        let mut x = h16("00112233445566778899aabbccddeeff");
        let mut y = h16("3243f6a8885a308d313198a2e0370734");
        aes.encrypt_two(&mut x, &mut y);
        assert_eq!(x, h16("69c4e0d86a7b0430d8cdb78070b4c55a"));
        // Appendix B input under the C.1 key is not tabulated; compare with the one-block call.
        let mut y1 = h16("3243f6a8885a308d313198a2e0370734");
        aes.encrypt_block(&mut y1);
        assert_eq!(y, y1);
    }

    #[test]
    fn fips197_appendix_c1_portable() {
        let aes = Aes128::new_portable(&h16("000102030405060708090a0b0c0d0e0f"));
        assert!(!aes.uses_aes_ni());
        check(&aes);
        // Appendix B example.
        let aes = Aes128::new_portable(&h16("2b7e151628aed2a6abf7158809cf4f3c"));
        let mut b = h16("3243f6a8885a308d313198a2e0370734");
        aes.encrypt_block(&mut b);
        assert_eq!(b, h16("3925841d02dc09fbdc118597196a0b32"));
    }

    #[test]
    fn fips197_appendix_c1_default_backend() {
        let aes = Aes128::new(&h16("000102030405060708090a0b0c0d0e0f"));
        #[cfg(target_arch = "x86_64")]
        assert_eq!(aes.uses_aes_ni(), std::is_x86_feature_detected!("aes"));
        #[cfg(target_arch = "aarch64")]
        assert_eq!(
            aes.uses_aes_ni(),
            std::arch::is_aarch64_feature_detected!("aes")
        );
        check(&aes);
        let aes = Aes128::new(&h16("2b7e151628aed2a6abf7158809cf4f3c"));
        let mut b = h16("3243f6a8885a308d313198a2e0370734");
        aes.encrypt_block(&mut b);
        assert_eq!(b, h16("3925841d02dc09fbdc118597196a0b32"));
    }

    #[test]
    fn backends_agree() {
        let mut key = [0u8; 16];
        let mut blk = [0u8; 16];
        for i in 0..64u8 {
            for (j, k) in key.iter_mut().enumerate() {
                *k = k.wrapping_mul(31).wrapping_add(i ^ j as u8);
            }
            let a = Aes128::new(&key);
            let b = Aes128::new_portable(&key);
            assert_eq!(a.rk, b.rk);
            let mut x = blk;
            let mut y = blk;
            a.encrypt_block(&mut x);
            b.encrypt_block(&mut y);
            assert_eq!(x, y);
            blk = x;
        }
    }
}

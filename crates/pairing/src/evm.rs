//! Ethereum precompiles on alt_bn128 and BLS12-381.
//!
//! * EIP-196 (`bn256Add` at 0x06, `bn256ScalarMul` at 0x07) and EIP-197 (`bn256Pairing` at
//!   0x08), with go-ethereum's Byzantium/Istanbul input handling: the input is read as if
//!   right-padded with zeros (short inputs are fine) and bytes beyond the expected length are
//!   ignored for Add/Mul; coordinates ≥ p, points off the curve and (pairing) G2 points outside
//!   the order-r subgroup are errors; (0, 0) is the point at infinity; the pairing input length
//!   must be a multiple of 192 and the empty input is a successful check. G2 coordinates are
//!   written imaginary part first.
//! * EIP-2537 (Prague): `blsG1Add` (0x0b), `blsG1MultiExp` = G1MSM (0x0c), `blsG2Add` (0x0d),
//!   `blsG2MultiExp` = G2MSM (0x0e), `blsPairing` = PAIRING_CHECK (0x0f), `blsMapG1` =
//!   MAP_FP_TO_G1 (0x10), `blsMapG2` = MAP_FP2_TO_G2 (0x11), following §"Fine points and
//!   encoding" and §"ABI for …" of the final EIP: exact input lengths; 64-byte Fp elements with
//!   16 zero bytes of padding; values ≥ p rejected; all-zero = infinity; points must be on the
//!   curve; ADD does no subgroup check, MSM and PAIRING do; scalars are any 256-bit big-endian
//!   value; MSM and PAIRING with k = 0 pairs are errors.
//!
//! Encodings live in [`crate::encoding`]. Nothing here panics on any input; every failure is
//! an [`EvmError`]. All inputs are public, so the variable-time algorithms are used (wNAF,
//! Pippenger MSM via [`hayate_ec::msm_vartime`], subgroup checks by \[r\]P = O).

use alloc::{string::{String, ToString}, vec, vec::Vec};
use core::fmt;

use hayate_ec::{Affine, CurveParams, Jacobian};

use crate::bls12_381;
use crate::bn254;
use crate::encoding::{eip196, eip2537, in_subgroup_vartime, scalar_limbs_be, EncodingError};

/// Why a precompile call failed (the EVM returns failure and consumes all gas).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EvmError {
    /// The input length is not one the precompile accepts.
    InvalidLength {
        /// The precompile's name.
        precompile: &'static str,
        /// The input length given.
        got: usize,
    },
    /// MSM or pairing check with zero input pairs (EIP-2537: k must be positive).
    EmptyInput {
        /// The precompile's name.
        precompile: &'static str,
    },
    /// A field element is not canonical (≥ p).
    InvalidFieldElement,
    /// EIP-2537: the 16 top padding bytes of a 64-byte field element are not zero.
    InvalidPadding,
    /// A point does not satisfy the curve equation.
    NotOnCurve,
    /// A point is on the curve but not in the order-r subgroup.
    NotInSubgroup,
    /// No precompile of this name.
    UnknownPrecompile(String),
}

impl fmt::Display for EvmError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EvmError::InvalidLength { precompile, got } => {
                write!(f, "{precompile}: invalid input length {got}")
            }
            EvmError::EmptyInput { precompile } => {
                write!(f, "{precompile}: empty input (no pairs)")
            }
            EvmError::InvalidFieldElement => {
                f.write_str("invalid field element (not below the modulus)")
            }
            EvmError::InvalidPadding => {
                f.write_str("invalid field element padding (top 16 bytes not zero)")
            }
            EvmError::NotOnCurve => f.write_str("point is not on the curve"),
            EvmError::NotInSubgroup => f.write_str("point is not in the correct subgroup"),
            EvmError::UnknownPrecompile(n) => write!(f, "unknown precompile {n:?}"),
        }
    }
}

impl core::error::Error for EvmError {}

impl From<EncodingError> for EvmError {
    fn from(e: EncodingError) -> Self {
        match e {
            EncodingError::InvalidPadding => EvmError::InvalidPadding,
            EncodingError::InvalidFieldElement => EvmError::InvalidFieldElement,
            EncodingError::NotOnCurve => EvmError::NotOnCurve,
            EncodingError::NotInSubgroup => EvmError::NotInSubgroup,
            // The EVM decoders use fixed-size arrays and no flags; these cannot occur.
            EncodingError::InvalidLength { got, .. } => EvmError::InvalidLength {
                precompile: "encoding",
                got,
            },
            EncodingError::InvalidFlags(_) => EvmError::InvalidFieldElement,
        }
    }
}

/// The precompile names accepted by [`run`] (go-ethereum's test-vector names), with their
/// addresses.
pub const PRECOMPILES: &[(&str, u8)] = &[
    ("bn256Add", 0x06),
    ("bn256ScalarMul", 0x07),
    ("bn256Pairing", 0x08),
    ("blsG1Add", 0x0b),
    ("blsG1MultiExp", 0x0c),
    ("blsG2Add", 0x0d),
    ("blsG2MultiExp", 0x0e),
    ("blsPairing", 0x0f),
    ("blsMapG1", 0x10),
    ("blsMapG2", 0x11),
];

/// Runs the precompile `name` on `input`. Names are go-ethereum's (see [`PRECOMPILES`]); the
/// EIP names `ecAdd`, `ecMul`, `ecPairing`, `blsG1MSM`, `blsG2MSM`, `blsPairingCheck`,
/// `blsMapFpToG1`, `blsMapFp2ToG2` are accepted as aliases.
pub fn run(name: &str, input: &[u8]) -> Result<Vec<u8>, EvmError> {
    match name {
        "bn256Add" | "ecAdd" => bn256_add(input),
        "bn256ScalarMul" | "ecMul" => bn256_scalar_mul(input),
        "bn256Pairing" | "ecPairing" => bn256_pairing(input),
        "blsG1Add" => bls_g1_add(input),
        "blsG1MultiExp" | "blsG1MSM" => bls_g1_multi_exp(input),
        "blsG2Add" => bls_g2_add(input),
        "blsG2MultiExp" | "blsG2MSM" => bls_g2_multi_exp(input),
        "blsPairing" | "blsPairingCheck" => bls_pairing(input),
        "blsMapG1" | "blsMapFpToG1" => bls_map_g1(input),
        "blsMapG2" | "blsMapFp2ToG2" => bls_map_g2(input),
        _ => Err(EvmError::UnknownPrecompile(name.to_string())),
    }
}

// ---------------------------------------------------------------------------------------------
// EIP-196 / EIP-197
// ---------------------------------------------------------------------------------------------

/// go-ethereum's `getData`: `size` bytes of `input` from `start`, right-padded with zeros.
fn get_data<const L: usize>(input: &[u8], start: usize) -> [u8; L] {
    let mut out = [0u8; L];
    if start < input.len() {
        let end = input.len().min(start + L);
        out[..end - start].copy_from_slice(&input[start..end]);
    }
    out
}

fn sum<C: CurveParams>(a: &Affine<C>, b: &Affine<C>) -> Affine<C> {
    Jacobian::from(*a).add_affine_vartime(b).to_affine()
}

/// EIP-196 ADD (0x06): P + Q for two G1 points, input read as 128 bytes (zero-padded,
/// extra bytes ignored); output 64 bytes.
pub fn bn256_add(input: &[u8]) -> Result<Vec<u8>, EvmError> {
    let p = eip196::g1_decode(&get_data::<64>(input, 0))?;
    let q = eip196::g1_decode(&get_data::<64>(input, 64))?;
    Ok(eip196::g1_encode(&sum(&p, &q)).to_vec())
}

/// EIP-196 MUL (0x07): \[k\]P, input read as 96 bytes (point ‖ 32-byte scalar, zero-padded,
/// extra bytes ignored; the scalar is any 256-bit value); output 64 bytes.
pub fn bn256_scalar_mul(input: &[u8]) -> Result<Vec<u8>, EvmError> {
    let p = eip196::g1_decode(&get_data::<64>(input, 0))?;
    let k: [u64; 4] = scalar_limbs_be(&get_data::<32>(input, 64));
    Ok(eip196::g1_encode(&p.mul_vartime(&k).to_affine()).to_vec())
}

fn bool_word(b: bool) -> Vec<u8> {
    let mut out = vec![0u8; 32];
    out[31] = b as u8;
    out
}

/// EIP-197 pairing check (0x08): ∏ e(Pᵢ, Qᵢ) = 1 over k = len/192 pairs (len must be a multiple
/// of 192; k = 0 → true). Output 32 bytes, 0…01 or 0…00.
pub fn bn256_pairing(input: &[u8]) -> Result<Vec<u8>, EvmError> {
    if !input.len().is_multiple_of(192) {
        return Err(EvmError::InvalidLength {
            precompile: "bn256Pairing",
            got: input.len(),
        });
    }
    let mut pairs = Vec::with_capacity(input.len() / 192);
    for chunk in input.chunks_exact(192) {
        let p = eip196::g1_decode(chunk[..64].try_into().unwrap())?;
        let q = eip196::g2_decode(chunk[64..].try_into().unwrap())?;
        if !bool::from(p.infinity) && !bool::from(q.infinity) {
            pairs.push((p, q));
        }
    }
    if pairs.is_empty() {
        return Ok(bool_word(true));
    }
    Ok(bool_word(bool::from(
        bn254::multi_pairing(&pairs).is_identity(),
    )))
}

// ---------------------------------------------------------------------------------------------
// EIP-2537
// ---------------------------------------------------------------------------------------------

const G1_LEN: usize = 128;
const G2_LEN: usize = 256;
const SCALAR_LEN: usize = 32;

fn exact_len(precompile: &'static str, input: &[u8], len: usize) -> Result<(), EvmError> {
    if input.len() != len {
        return Err(EvmError::InvalidLength {
            precompile,
            got: input.len(),
        });
    }
    Ok(())
}

/// k ≥ 1 items of `item` bytes each.
fn item_count(precompile: &'static str, input: &[u8], item: usize) -> Result<usize, EvmError> {
    if input.is_empty() {
        return Err(EvmError::EmptyInput { precompile });
    }
    if !input.len().is_multiple_of(item) {
        return Err(EvmError::InvalidLength {
            precompile,
            got: input.len(),
        });
    }
    Ok(input.len() / item)
}

fn g1_in_subgroup(bytes: &[u8]) -> Result<bls12_381::G1Affine, EvmError> {
    let p = eip2537::g1_decode(bytes.try_into().expect("128-byte slice"))?;
    if !in_subgroup_vartime(&p) {
        return Err(EvmError::NotInSubgroup);
    }
    Ok(p)
}

fn g2_in_subgroup(bytes: &[u8]) -> Result<bls12_381::G2Affine, EvmError> {
    let p = eip2537::g2_decode(bytes.try_into().expect("256-byte slice"))?;
    if !in_subgroup_vartime(&p) {
        return Err(EvmError::NotInSubgroup);
    }
    Ok(p)
}

/// BLS12_G1ADD (0x0b): 256 bytes = two G1 points (on the curve; no subgroup check) → 128 bytes.
pub fn bls_g1_add(input: &[u8]) -> Result<Vec<u8>, EvmError> {
    exact_len("blsG1Add", input, 2 * G1_LEN)?;
    let p = eip2537::g1_decode(input[..G1_LEN].try_into().unwrap())?;
    let q = eip2537::g1_decode(input[G1_LEN..].try_into().unwrap())?;
    Ok(eip2537::g1_encode(&sum(&p, &q)).to_vec())
}

/// BLS12_G2ADD (0x0d): 512 bytes = two G2 points (on the twist; no subgroup check) → 256 bytes.
pub fn bls_g2_add(input: &[u8]) -> Result<Vec<u8>, EvmError> {
    exact_len("blsG2Add", input, 2 * G2_LEN)?;
    let p = eip2537::g2_decode(input[..G2_LEN].try_into().unwrap())?;
    let q = eip2537::g2_decode(input[G2_LEN..].try_into().unwrap())?;
    Ok(eip2537::g2_encode(&sum(&p, &q)).to_vec())
}

/// Shared MSM body: k pairs of (point, 32-byte scalar).
fn msm<C: CurveParams>(
    precompile: &'static str,
    input: &[u8],
    point_len: usize,
    decode: impl Fn(&[u8]) -> Result<Affine<C>, EvmError>,
) -> Result<Affine<C>, EvmError> {
    let item = point_len + SCALAR_LEN;
    let k = item_count(precompile, input, item)?;
    let mut points = Vec::with_capacity(k);
    let mut scalars = Vec::with_capacity(k);
    for chunk in input.chunks_exact(item) {
        points.push(decode(&chunk[..point_len])?);
        scalars.push(eip2537::scalar_decode(
            chunk[point_len..].try_into().unwrap(),
        ));
    }
    let r = hayate_ec::msm_vartime(&points, &scalars).ok_or(EvmError::InvalidLength {
        precompile,
        got: input.len(),
    })?;
    Ok(r.to_affine())
}

/// BLS12_G1MSM (0x0c): 160·k bytes (k ≥ 1) of G1 point (in the subgroup) ‖ 32-byte scalar →
/// Σ \[kᵢ\]Pᵢ, 128 bytes. Pippenger for large k.
pub fn bls_g1_multi_exp(input: &[u8]) -> Result<Vec<u8>, EvmError> {
    let r = msm("blsG1MultiExp", input, G1_LEN, g1_in_subgroup)?;
    Ok(eip2537::g1_encode(&r).to_vec())
}

/// BLS12_G2MSM (0x0e): 288·k bytes (k ≥ 1) of G2 point (in the subgroup) ‖ 32-byte scalar →
/// Σ \[kᵢ\]Qᵢ, 256 bytes.
pub fn bls_g2_multi_exp(input: &[u8]) -> Result<Vec<u8>, EvmError> {
    let r = msm("blsG2MultiExp", input, G2_LEN, g2_in_subgroup)?;
    Ok(eip2537::g2_encode(&r).to_vec())
}

/// BLS12_PAIRING_CHECK (0x0f): 384·k bytes (k ≥ 1) of G1 ‖ G2 points (both in their
/// subgroups) → 32 bytes, 0…01 if ∏ e(Pᵢ, Qᵢ) = 1 else 0…00.
pub fn bls_pairing(input: &[u8]) -> Result<Vec<u8>, EvmError> {
    let item = G1_LEN + G2_LEN;
    let k = item_count("blsPairing", input, item)?;
    let mut pairs = Vec::with_capacity(k);
    for chunk in input.chunks_exact(item) {
        let p = g1_in_subgroup(&chunk[..G1_LEN])?;
        let q = g2_in_subgroup(&chunk[G1_LEN..])?;
        if !bool::from(p.infinity) && !bool::from(q.infinity) {
            pairs.push((p, q));
        }
    }
    if pairs.is_empty() {
        return Ok(bool_word(true));
    }
    // The crate's BLS12-381 pairing is e³; ∏ e³ = 1 ⇔ ∏ e = 1 since 3 ∤ r.
    Ok(bool_word(bool::from(
        bls12_381::multi_pairing(&pairs).is_identity(),
    )))
}

/// BLS12_MAP_FP_TO_G1 (0x10): 64-byte Fp element → G1 point (128 bytes), RFC 9380
/// map_to_curve (simplified SWU + 11-isogeny) followed by clear_cofactor.
pub fn bls_map_g1(input: &[u8]) -> Result<Vec<u8>, EvmError> {
    exact_len("blsMapG1", input, 64)?;
    let u = eip2537::fp_decode(input.try_into().unwrap())?;
    Ok(eip2537::g1_encode(&crate::hash_to_curve::map_to_g1(&u)).to_vec())
}

/// BLS12_MAP_FP2_TO_G2 (0x11): 128-byte Fp2 element → G2 point (256 bytes), RFC 9380
/// map_to_curve (simplified SWU + 3-isogeny) followed by clear_cofactor.
pub fn bls_map_g2(input: &[u8]) -> Result<Vec<u8>, EvmError> {
    exact_len("blsMapG2", input, 128)?;
    let u = eip2537::fp2_decode(input.try_into().unwrap())?;
    Ok(eip2537::g2_encode(&crate::hash_to_curve::map_to_g2(&u)).to_vec())
}

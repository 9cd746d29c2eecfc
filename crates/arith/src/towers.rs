//! The pairing towers of hayate's three curves: β, ξ and the Frobenius constants
//! γ_k = (ξ^((p^k−1)/6), ξ^((p^k−1)/3), ξ^(2(p^k−1)/3)), k = 1, 2, 3.
//!
//! The constants are written out (so they cost nothing at run time) and re-derived by
//! exponentiation in this crate's tests.

use crate::backend::KernelSet;
use crate::fields::{Bls12381FpParams, Bn254BeuchatFpParams, Bn254FpParams};
use crate::fp12::Fp12;
use crate::fp2::{Fp2, TowerParams};
use crate::fp6::Fp6;

/// bn254-beuchat: β = −5, ξ = u.
impl TowerParams<4> for Bn254BeuchatFpParams {
    const KERNELS: KernelSet = KernelSet::Bn254Beuchat;
    const BETA_NEG: u8 = 5;
    const XI: (u8, u8) = (0, 1);
    const FROB: [[Fp2<Self, 4>; 3]; 3] = [
        [
            Fp2::from_hex_const(
                "bf9d59617679d84765b517ae4e5f4229a8932f9b1b3e4ff3cae11335a6abeb2",
                "0",
            ),
            Fp2::from_hex_const(
                "2370fb049d410fbe074d0d4c437281205f408fd005ffffff40bfd00000000000",
                "0",
            ),
            Fp2::from_hex_const(
                "2370fb049d410fbe074d0d4c437281205f408fd005ffffff40bfcfffffffffff",
                "0",
            ),
        ],
        [
            Fp2::from_hex_const(
                "2370fb049d410fbe074d0d4c437281205f408fd005ffffff40bfd00000000000",
                "0",
            ),
            Fp2::from_hex_const(
                "2370fb049d410fbe074d0d4c437281205f408fd005ffffff40bfcfffffffffff",
                "0",
            ),
            Fp2::from_hex_const("47290d4c437281211dc1af70120000023dc0900000000001", "0"),
        ],
        [
            Fp2::from_hex_const(
                "a6a168991bf611a1a4dba88bb5c4b1a96e9f8336a4488b464d5aa9b1e46a58e",
                "0",
            ),
            Fp2::from_hex_const(
                "2370fb049d410fbe4e761a9886e502417d023f40180000017e80600000000000",
                "0",
            ),
            Fp2::from_hex_const("1", "0"),
        ],
    ];
}

/// alt_bn128: β = −1, ξ = 9 + u.
impl TowerParams<4> for Bn254FpParams {
    const KERNELS: KernelSet = KernelSet::AltBn128;
    const BETA_NEG: u8 = 1;
    const XI: (u8, u8) = (9, 1);
    const FROB: [[Fp2<Self, 4>; 3]; 3] = [
        [
            Fp2::from_hex_const(
                "1284b71c2865a7dfe8b99fdd76e68b605c521e08292f2176d60b35dadcc9e470",
                "246996f3b4fae7e6a6327cfe12150b8e747992778eeec7e5ca5cf05f80f362ac",
            ),
            Fp2::from_hex_const(
                "2fb347984f7911f74c0bec3cf559b143b78cc310c2c3330c99e39557176f553d",
                "16c9e55061ebae204ba4cc8bd75a079432ae2a1d0b7c9dce1665d51c640fcba2",
            ),
            Fp2::from_hex_const(
                "5b54f5e64eea80180f3c0b75a181e84d33365f7be94ec72848a1f55921ea762",
                "2c145edbe7fd8aee9f3a80b03b0b1c923685d2ea1bdec763c13b4711cd2b8126",
            ),
        ],
        [
            Fp2::from_hex_const(
                "30644e72e131a0295e6dd9e7e0acccb0c28f069fbb966e3de4bd44e5607cfd49",
                "0",
            ),
            Fp2::from_hex_const(
                "30644e72e131a0295e6dd9e7e0acccb0c28f069fbb966e3de4bd44e5607cfd48",
                "0",
            ),
            Fp2::from_hex_const("59e26bcea0d48bacd4f263f1acdb5c4f5763473177fffffe", "0"),
        ],
        [
            Fp2::from_hex_const(
                "19dc81cfcc82e4bbefe9608cd0acaa90894cb38dbe55d24ae86f7d391ed4a67f",
                "abf8b60be77d7306cbeee33576139d7f03a5e397d439ec7694aa2bf4c0c101",
            ),
            Fp2::from_hex_const(
                "856e078b755ef0abaff1c77959f25ac805ffd3d5d6942d37b746ee87bdcfb6d",
                "4f1de41b3d1766fa9f30e6dec26094f0fdf31bf98ff2631380cab2baaa586de",
            ),
            Fp2::from_hex_const(
                "bc58c6611c08dab19bee0f7b5b2444ee633094575b06bcb0e1a92bc3ccbf066",
                "23d5e999e1910a12feb0f6ef0cd21d04a44a9e08737f96e55fe3ed9d730c239f",
            ),
        ],
    ];
}

/// BLS12-381: β = −1, ξ = 1 + u.
impl TowerParams<6> for Bls12381FpParams {
    const KERNELS: KernelSet = KernelSet::Bls12_381;
    const BETA_NEG: u8 = 1;
    const XI: (u8, u8) = (1, 1);
    const FROB: [[Fp2<Self, 6>; 3]; 3] = [
    [
        Fp2::from_hex_const("1904d3bf02bb0667c231beb4202c0d1f0fd603fd3cbd5f4f7b2443d784bab9c4f67ea53d63e7813d8d0775ed92235fb8", "fc3e2b36c4e03288e9e902231f9fb854a14787b6c7b36fec0c8ec971f63c5f282d5ac14d6c7ec22cf78a126ddc4af3"),
        Fp2::from_hex_const("0", "1a0111ea397fe699ec02408663d4de85aa0d857d89759ad4897d29650fb85f9b409427eb4f49fffd8bfd00000000aaac"),
        Fp2::from_hex_const("1a0111ea397fe699ec02408663d4de85aa0d857d89759ad4897d29650fb85f9b409427eb4f49fffd8bfd00000000aaad", "0"),
    ],
    [
        Fp2::from_hex_const("5f19672fdf76ce51ba69c6076a0f77eaddb3a93be6f89688de17d813620a00022e01fffffffeffff", "0"),
        Fp2::from_hex_const("5f19672fdf76ce51ba69c6076a0f77eaddb3a93be6f89688de17d813620a00022e01fffffffefffe", "0"),
        Fp2::from_hex_const("1a0111ea397fe699ec02408663d4de85aa0d857d89759ad4897d29650fb85f9b409427eb4f49fffd8bfd00000000aaac", "0"),
    ],
    [
        Fp2::from_hex_const("135203e60180a68ee2e9c448d77a2cd91c3dedd930b1cf60ef396489f61eb45e304466cf3e67fa0af1ee7b04121bdea2", "6af0e0437ff400b6831e36d6bd17ffe48395dabc2d3435e77f76e17009241c5ee67992f72ec05f4c81084fbede3cc09"),
        Fp2::from_hex_const("0", "1"),
        Fp2::from_hex_const("1a0111ea397fe69a4b1ba7b6434bacd764774b84f38512bf6730d2a0f6b0f6241eabfffeb153ffffb9feffffffffaaaa", "0"),
    ],
    ];
}

/// bn254-beuchat's Fp2.
pub type Bn254BeuchatFp2 = Fp2<Bn254BeuchatFpParams, 4>;
/// bn254-beuchat's Fp6.
pub type Bn254BeuchatFp6 = Fp6<Bn254BeuchatFpParams, 4>;
/// bn254-beuchat's Fp12.
pub type Bn254BeuchatFp12 = Fp12<Bn254BeuchatFpParams, 4>;
/// alt_bn128's Fp2.
pub type Bn254Fp2 = Fp2<Bn254FpParams, 4>;
/// alt_bn128's Fp6.
pub type Bn254Fp6 = Fp6<Bn254FpParams, 4>;
/// alt_bn128's Fp12.
pub type Bn254Fp12 = Fp12<Bn254FpParams, 4>;
/// BLS12-381's Fp2.
pub type Bls12381Fp2 = Fp2<Bls12381FpParams, 6>;
/// BLS12-381's Fp6.
pub type Bls12381Fp6 = Fp6<Bls12381FpParams, 6>;
/// BLS12-381's Fp12.
pub type Bls12381Fp12 = Fp12<Bls12381FpParams, 6>;

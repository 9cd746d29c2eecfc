//! The brainpool curves of RFC 5639 (§3.4 brainpoolP256r1, §3.6 brainpoolP384r1): random
//! curves with generic a (the generic-a formulas apply; the twisted "t1" variants with
//! a = −3 are not provided).

use hayate_arith::fields::{
    BrainpoolP256r1Fn, BrainpoolP256r1Fp, BrainpoolP384r1Fn, BrainpoolP384r1Fp,
};

use super::named_curve;

named_curve!(
    /// brainpoolP256r1, RFC 5639 §3.4.
    BrainpoolP256r1, BrainpoolP256r1Fp, BrainpoolP256r1Fn, 4,
    a = "7d5a0975fc2c3057eef67530417affe7fb8055c126dc5c6ce94a4b44f330b5d9",
    b = "26dc5c6ce94a4b44f330b5d9bbd77cbf958416295cf7e1ce6bccdc18ff8c07b6",
    a_is_zero = false, a_is_minus_3 = false,
    gx = "8bd2aeb9cb7e57cb2c4b482ffc81b7afb9de27e1e3bd23c23a4453bd9ace3262",
    gy = "547ef835c3dac4fd97f8461a14611dc9c27745132ded8e545c1d54c72f046997",
    n = "a9fb57dba1eea9bc3e660a909d838d718c397aa3b561a6f7901e0e82974856a7", n_bits = 256, h = 1,
    name = "brainpoolP256r1");

named_curve!(
    /// brainpoolP384r1, RFC 5639 §3.6.
    BrainpoolP384r1, BrainpoolP384r1Fp, BrainpoolP384r1Fn, 6,
    a = "7bc382c63d8c150c3c72080ace05afa0c2bea28e4fb22787139165efba91f90f8aa5814a503ad4eb04a8c7dd22ce2826",
    b = "04a8c7dd22ce28268b39b55416f0447c2fb77de107dcd2a62e880ea53eeb62d57cb4390295dbc9943ab78696fa504c11",
    a_is_zero = false, a_is_minus_3 = false,
    gx = "1d1c64f068cf45ffa2a63a81b7c13f6b8847a3e77ef14fe3db7fcafe0cbd10e8e826e03436d646aaef87b2e247d4af1e",
    gy = "8abe1d7520f9c2a45cb1eb8e95cfd55262b70b29feec5864e19c054ff99129280e4646217791811142820341263c5315",
    n = "8cb91e82a3386d280f5d6f7e50e641df152f7109ed5456b31f166e6cac0425a7cf3ab6af6b7fc3103b883202e9046565",
    n_bits = 384, h = 1,
    name = "brainpoolP384r1");

#!/usr/bin/env bash
# Cross-builds hayate for aarch64-unknown-linux-gnu and runs test suites under qemu-user.
#
#   scripts/aarch64.sh                 # install the toolchain if missing, then the suites below
#   scripts/aarch64.sh -p hayate-aead  # other cargo test arguments instead of the default set
#
# rustup cannot add targets on the project's machines, so the cross toolchain is Debian's:
# rustc-web/cargo-web (/usr/bin/rustc, /usr/bin/cargo) with the aarch64 standard library
# (libstd-rust-web-dev:arm64), the GNU cross linker, and qemu-user to run the test binaries.
# The binaries are linked statically (+crt-static): Debian 12's qemu-aarch64 (7.2) hangs in
# glibc's first pthread_create of a dynamically linked program, which every test harness does.
# An emulator's timings mean nothing; this script checks results only.
set -euo pipefail
cd "$(dirname "$0")/.."

have_toolchain() {
    [ -x /usr/bin/cargo ] && [ -x /usr/bin/rustc ] && command -v aarch64-linux-gnu-gcc >/dev/null \
        && command -v qemu-aarch64 >/dev/null \
        && /usr/bin/rustc --print sysroot >/dev/null 2>&1 \
        && [ -d "$(/usr/bin/rustc --print sysroot)/lib/rustlib/aarch64-unknown-linux-gnu/lib" ]
}
if ! have_toolchain; then
    dpkg --add-architecture arm64
    apt-get update
    DEBIAN_FRONTEND=noninteractive apt-get install -y rustc-web cargo-web \
        libstd-rust-web-dev:arm64 gcc-aarch64-linux-gnu libc6-dev-arm64-cross qemu-user
fi

export RUSTC=/usr/bin/rustc RUSTDOC=/usr/bin/rustdoc
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$PWD/target}/aarch64-cross"
export CARGO_TARGET_AARCH64_UNKNOWN_LINUX_GNU_LINKER=aarch64-linux-gnu-gcc
export CARGO_TARGET_AARCH64_UNKNOWN_LINUX_GNU_RUSTFLAGS="-C target-feature=+crt-static"
export CARGO_TARGET_AARCH64_UNKNOWN_LINUX_GNU_RUNNER="qemu-aarch64"
unset RUSTFLAGS CARGO_ENCODED_RUSTFLAGS

if [ $# -gt 0 ]; then
    exec /usr/bin/cargo test --locked --target aarch64-unknown-linux-gnu "$@"
fi
# the workspace compiles for the target, tests and examples included; as on x86-64 the
# bench-only crate is left out (its peers, blst and libsecp256k1 among them, are C built by their
# build scripts: type-checking it took about as long as the rest of the workspace)
/usr/bin/cargo check --locked --target aarch64-unknown-linux-gnu --workspace --exclude hayate-bench \
    --tests --examples
# the suites that decide correctness on ARM (the doctests are the same on every target). Only
# hayate-arith and hayate-aead hold target-specific code (the AArch64 back end; the ARMv8 AES
# instructions), so they run every test they have: the field arithmetic against its oracles,
# the AEADs' KATs, SUPERCOP checksums, Wycheproof and the hardware path against the portable one.
# Above the field the code is generic and the same on every target: the integration suites of
# hayate-pairing (EVM precompile vectors, RFC 9380, subgroup and encoding checks) and hayate-fe
# (the schemes' round trips on the pairings) and hayate-ec's ECDH Wycheproof vectors run it on
# the AArch64 field code; their unit tests and FE's resource bounds (target-independent) run on
# x86-64 only. The packages' dependencies and dev-dependencies set features of shared crates
# (subtle's i128 from hayate-pairing's zkcrypto peer, digest's mac from hayate-fe's HMAC,
# typenum's const-generics from the aead crate), so the two invocations after the first select
# the same packages, hayate-ec adding no feature: the libraries above the field are compiled
# once; only hayate-arith is compiled again (a few seconds). hayate-ec's ECDH vectors are a
# test binary of their own, so that its large suite is not cross-compiled.
t() { /usr/bin/cargo test --locked --target aarch64-unknown-linux-gnu "$@"; }
t -p hayate-arith -p hayate-aead --lib --tests
t -p hayate-pairing -p hayate-fe --test suite
t -p hayate-ec -p hayate-pairing -p hayate-fe --test wycheproof_ecdh
# the static cost estimates the report prints (docs/aarch64-mca.tsv) still describe the kernels
# (installs llvm-19 for llvm-mca when missing)
scripts/aarch64_mca.sh --check

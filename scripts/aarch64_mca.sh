#!/usr/bin/env bash
# Static cost estimates of the AArch64 field kernels (scalar MUL/UMULH, paper 000's NEON product,
# the portable code as compiled) with llvm-mca's Cortex-A53 and Cortex-A76 models.
#
#   scripts/aarch64_mca.sh           # rewrite docs/aarch64-mca.tsv (the report prints it)
#   scripts/aarch64_mca.sh --check   # fail if docs/aarch64-mca.tsv no longer matches the code
#
# Cross-compiles crates/arith/examples/aarch64_kernels.rs with --emit asm (the toolchain of
# scripts/aarch64.sh), runs it once under qemu (the kernels must agree), and costs each kernel's
# machine code with tools/aarch64_mca.py. Estimates from a processor model, not
# measurements: an emulator's timings mean nothing.
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v llvm-mca-19 >/dev/null; then
    apt-get update
    DEBIAN_FRONTEND=noninteractive apt-get install -y llvm-19
fi
export RUSTC=/usr/bin/rustc RUSTDOC=/usr/bin/rustdoc
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$PWD/target}"
case "$CARGO_TARGET_DIR" in */aarch64-cross) ;; *) CARGO_TARGET_DIR="$CARGO_TARGET_DIR/aarch64-cross" ;; esac
export CARGO_TARGET_AARCH64_UNKNOWN_LINUX_GNU_LINKER=aarch64-linux-gnu-gcc
export CARGO_TARGET_AARCH64_UNKNOWN_LINUX_GNU_RUSTFLAGS="-C target-feature=+crt-static"
unset RUSTFLAGS CARGO_ENCODED_RUSTFLAGS

out="$CARGO_TARGET_DIR/aarch64-unknown-linux-gnu/release/examples"
rm -f "$out"/aarch64_kernels-*.s
/usr/bin/cargo rustc --locked --release --target aarch64-unknown-linux-gnu -p hayate-arith \
    --example aarch64_kernels -- --emit asm,link
qemu-aarch64 "$out/aarch64_kernels"
listing=$(ls "$out"/aarch64_kernels-*.aarch64_kernels.*.s | head -n 1)
if [ "${1:-}" = "--check" ]; then
    python3 tools/aarch64_mca.py "$listing" --check docs/aarch64-mca.tsv >/dev/null
    echo "docs/aarch64-mca.tsv matches the kernels"
else
    python3 tools/aarch64_mca.py "$listing" > docs/aarch64-mca.tsv
    cat docs/aarch64-mca.tsv
fi

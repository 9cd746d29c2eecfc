#!/usr/bin/env bash
# Builds the constant-time payload (examples/ctgrind.rs) as the tests of this crate use it:
#   crates/ct/payload.sh runtime|adx TARGET_DIR
# profile `ct` (release code generation without debug assertions, which branch on secrets by
# design), feature ct-valgrind, into a target directory of its own (so that a running
# `cargo test` holds no lock on it and the feature never reaches the workspace's own build).
# runtime: CPU features detected at run time (under valgrind, the portable code runs);
# adx: -C target-feature=+bmi2,+adx (the MULX/ADCX/ADOX assembly is selected at compile time).
# tests/common/mod.rs runs this script; scripts/test.sh starts it early in the background.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
case "${1:-}" in
    runtime) flags="" ;;
    adx) flags="-C target-feature=+bmi2,+adx" ;;
    *) echo "usage: $0 runtime|adx TARGET_DIR" >&2; exit 2 ;;
esac
[ -n "${2:-}" ] || { echo "usage: $0 runtime|adx TARGET_DIR" >&2; exit 2; }
unset CARGO_ENCODED_RUSTFLAGS
CARGO_TARGET_DIR="$2" RUSTFLAGS="$flags" exec "${CARGO:-cargo}" build --profile ct --quiet \
    --example ctgrind --features ct-valgrind --manifest-path "$here/Cargo.toml"

#!/usr/bin/env bash
# The suites again on the back ends this machine can execute besides the one the default build
# selects (docs/testing.md, step 2), each in a build forced with a cfg and its own target dir:
#   --cfg hayate_backend="portable"   no assembly, no vector lanes (any CPU): hayate-arith's unit
#                                     tests and suite, built without its `std` feature (no_std:
#                                     CPU detection from the build's target features) (the
#                                     pairings on non-x86 code paths also run under qemu,
#                                     scripts/aarch64.sh)
#   --cfg hayate_backend="mulx"       x86-64: MULX/ADCX/ADOX without the AVX-512 IFMA lanes, run
#                                     where the CPU has IFMA (elsewhere the default build is this
#                                     back end): hayate-arith and hayate-pairing (kernels against
#                                     the portable oracle, EVM and RFC 9380 vectors, the
#                                     reference pairing)
# and, in the default back end, the lab build (feature `lab` of hayate-arith: the A/B switches
# and the one-block kernels they select, checked against the defaults; the AVX2 experiment),
# with hayate-lab's A/B examples type-checked and linted in it.
# Extra arguments go to `cargo test`.
set -euo pipefail
cd "$(dirname "$0")/.."
base="${CARGO_TARGET_DIR:-$PWD/target}"
extra=("$@")
run() {
    local b=$1
    shift
    echo "== back end forced: $b"
    RUSTFLAGS="${RUSTFLAGS:-} --cfg hayate_backend=\"$b\"" CARGO_TARGET_DIR="$base/backend-$b" \
        cargo test --locked "$@"
}
run portable -p hayate-arith --no-default-features --lib --tests "${extra[@]}"
if grep -qw avx512ifma /proc/cpuinfo 2>/dev/null && grep -qw adx /proc/cpuinfo; then
    run mulx -p hayate-arith -p hayate-pairing --lib --tests "${extra[@]}"
fi
echo "== lab build (hayate-arith feature lab)"
CARGO_TARGET_DIR="$base/lab" cargo test --locked -p hayate-arith --features lab --lib --tests "${extra[@]}"
# hayate-lab's A/B examples need the lab (the workspace build leaves hayate-lab's feature off)
CARGO_TARGET_DIR="$base/lab" cargo clippy --locked -p hayate-lab --features lab --all-targets \
    -- -D warnings

#!/usr/bin/env bash
# The project's test command (README: "Run the tests"); .ci/run calls exactly this.
# Installs what the tests need, then runs the default workspace members' tests
# (the bench-only crate `crates/bench` is not a default member and is not built).
set -euo pipefail
cd "$(dirname "$0")/.."
if [ ! -d ../shared/vectors ]; then
    echo "error: ../shared/vectors (third-party test vectors) not found beside the repository" >&2
    exit 1
fi
# valgrind: crates/ec/tests/valgrind_ct.rs runs the constant-time ladder under memcheck.
command -v valgrind >/dev/null || (apt-get update && apt-get install -y valgrind)
# python3: crates/arith/tests/suite/generated.rs reruns the assembly generators (tools/*.py).
command -v python3 >/dev/null || (apt-get update && apt-get install -y python3)
# Unit, integration and doc tests. Examples (profilers, benchmarks, the valgrind payloads) are
# only type-checked here: `cargo test` would otherwise compile every one of them at the test
# profile's opt-level 3, a large part of the CI build time; the valgrind tests build their
# payloads in release mode themselves.
cargo test --locked --lib --bins --tests
cargo test --locked --doc
cargo check --locked --examples
# The zkcrypto ff/group/pairing traits (feature `zkcrypto` of hayate-pairing), differential
# against the zkcrypto bls12_381 crate.
cargo test --locked -p hayate-pairing --features zkcrypto --test zkcrypto
# Python bindings (bindings/python): builds the hayate package (maturin, test profile) into a
# venv under target/ and runs its pytest suite on the shared vectors.
./bindings/python/test.sh
# Java bindings (bindings/java): Maven builds the JNI library with cargo in the test profile
# (opt-level 3, debug assertions, no LTO: quicker to build than release) and runs the JUnit
# tests on the shared vectors.
./bindings/java/test.sh -Dhayate.cargo.profile=test -Dhayate.native.dir="$PWD/target/debug"
# Hardware (hw/, paper 004): Verilog simulations, co-verified against the CLI built above
# (target/debug/hayate); installs verilator, iverilog and yosys from Debian when missing.
HAYATE_BIN="$PWD/target/debug/hayate" ./hw/test.sh
# Fuzzing (docs/fuzzing.md): builds the libFuzzer targets in fuzz/ (own workspace, coverage
# instrumentation) and runs every one for a few seconds from its committed seed corpus.
./fuzz/run.sh --seconds 5

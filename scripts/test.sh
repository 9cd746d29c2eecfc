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
# valgrind and binutils: crates/ct's tests run the constant-time payload under memcheck and
# disassemble it (objdump, nm).
command -v valgrind >/dev/null || (apt-get update && apt-get install -y valgrind)
command -v objdump >/dev/null || (apt-get update && apt-get install -y binutils)
# python3: crates/arith/tests/suite/generated.rs reruns the kernel generators (tools/codegen).
command -v python3 >/dev/null || (apt-get update && apt-get install -y python3)
# Every cargo step below selects the same packages (the workspace without the bench-only crate,
# bindings included) and the same features, with the dev-dependencies active, so the library
# crates are compiled once. The zkcrypto ff/group/pairing traits (feature `zkcrypto` of
# hayate-pairing; tests/zkcrypto.rs, differential against the zkcrypto bls12_381 crate) are
# part of that build.
sel=(--locked --workspace --exclude hayate-bench --features hayate-pairing/zkcrypto)
# Builds that only the later steps need run in the background at low priority, on the core the
# main build leaves idle: the fuzz binary (fuzz/run.sh --build-only) and the constant-time
# payload in its two builds (crates/ct/payload.sh, the same command crates/ct's tests run, which
# then find it built). Each has its own target directory; a step that needs one before it is
# ready waits on cargo's lock. crates/ct's tests run last, so that the payload builds overlap
# every other step. The two payload builds run side by side: each ends in a few long serial
# compilations, which then share the two cores instead of following each other.
mkdir -p target
(
    nice -n 10 ./fuzz/run.sh --build-only --profile smoke
    nice -n 10 crates/ct/payload.sh runtime "$PWD/target/ct-valgrind" &
    runtime=$!
    nice -n 10 crates/ct/payload.sh adx "$PWD/target/ct-valgrind-adx"
    wait "$runtime"
) > target/background-builds.log 2>&1 &
background=$!
# One build of everything the steps below run: unit and integration tests (--tests: every
# target with a test harness, the libraries' unit tests included), the CLI, and the bindings'
# native libraries (bindings/python: PyO3; bindings/java/native: JNI; --lib, their lib targets
# have no test harness). The examples are only checked (clippy, below).
cargo build "${sel[@]}" --profile test --lib --bins --tests
# Every unit and integration test but crates/ct's (below, at the end). Excluding that package
# changes no other package's features, so nothing is rebuilt.
cargo test "${sel[@]}" --exclude hayate-ct --bins --tests
cargo test "${sel[@]}" --doc
# The API documentation with rustdoc's warnings denied (Cargo.toml's [workspace.lints.rustdoc]:
# every intra-doc link resolves to a public item); it writes target/doc, which nothing else uses.
RUSTDOCFLAGS="-D warnings" cargo doc "${sel[@]}" --no-deps
# The workspace lints (Cargo.toml's [workspace.lints]) and clippy's, warnings denied, over every
# target; the examples (profilers, benchmarks) are only type-checked here: built at the test
# profile's opt-level 3 they would be a large part of the CI time.
cargo clippy "${sel[@]}" --all-targets -- -D warnings
# no_std (+ alloc): the crates with a default `std` feature type-checked without it as no_std
# libraries (any use of std fails; hayate-pairing's check covers hayate-ec and hayate-arith
# without std as its dependencies; code generation would find nothing more), and hayate-aead's
# unit tests in that configuration (its own cpuid probe replaces std's detection).
# hayate-arith's tests without std run in scripts/backends.sh, in the portable build (without
# std the back end is chosen from the build's target features: portable on the default target).
# hayate-ec's and hayate-pairing's unit tests without std (their two-thread methods and
# multi-pairing shares then run in turn) are left out: compiling both crates again at the test
# profile adds several minutes.
cargo check -p hayate-aead -p hayate-pairing --no-default-features --lib
cargo test -p hayate-aead --no-default-features --lib
# The field, tower and pairing suites on the other back ends this machine can execute (builds
# forced with --cfg hayate_backend="portable", and "mulx" where the CPU has AVX-512 IFMA).
./scripts/backends.sh
# Python bindings: the pytest suite on the shared vectors, against the library just built.
HAYATE_PY_NATIVE="$PWD/target/debug/lib_native.so" ./bindings/python/test.sh
# Java bindings: the JUnit tests on the shared vectors, against the library just built (Maven's
# own cargo step skipped).
./bindings/java/test.sh -Dexec.skip=true -Dhayate.native.dir="$PWD/target/debug"
# Hardware (hw/, paper 004): Verilog simulations, co-verified against the CLI built above (its
# results and `ecmul --trace`); installs verilator, iverilog and yosys from Debian when missing.
HAYATE_BIN="$PWD/target/debug/hayate" ./hw/test.sh
# Fuzzing (docs/fuzzing.md): builds the libFuzzer targets in fuzz/ (own workspace, coverage
# instrumentation; opt-level 1) and runs every one for a few seconds from its committed seed
# corpus, two at a time.
./fuzz/run.sh --profile smoke --seconds 5 --jobs 2
# AArch64 (docs/aarch64.md): the workspace type-checked for aarch64-unknown-linux-gnu, and the
# suites that decide correctness on ARM cross-built with Debian's toolchain (installed when
# missing) and run under qemu-user.
./scripts/aarch64.sh
# Constant-time evidence (docs/constant-time.md): crates/ct's test targets (its library has no
# tests), on the payload built in the background: valgrind on both builds, the disassembly check.
wait "$background" || { cat target/background-builds.log >&2; exit 1; }
ct_tests=()
for t in crates/ct/tests/*.rs; do
    ct_tests+=(--test "$(basename "$t" .rs)")
done
cargo test "${sel[@]}" "${ct_tests[@]}"

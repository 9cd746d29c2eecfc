#!/usr/bin/env bash
# Builds hayate's fuzz targets (one libFuzzer binary, sanitizer-coverage instrumentation with
# the stable toolchain) and runs every target from its committed seed corpus.
#
#   fuzz/run.sh                      # every target for 8 s
#   fuzz/run.sh --seconds 3600 evm   # a long run of some targets (docs/fuzzing.md)
#   fuzz/run.sh --build-only
#   fuzz/run.sh --profile smoke --seconds 5 --jobs 2   # the test command: quicker build
#                                                       # (opt-level 1), two targets at a time
#
# New corpus entries go to fuzz/target/corpus/<target> (not committed); a crash stops the run
# with the input saved as fuzz/target/artifacts/<target>/crash-*.
set -euo pipefail
cd "$(dirname "$0")"
secs=8
jobs=1
build_only=0
profile=release
targets=()
while [ $# -gt 0 ]; do
    case "$1" in
        --seconds) secs="$2"; shift 2 ;;
        --build-only) build_only=1; shift ;;
        --jobs) jobs="$2"; shift 2 ;;
        --profile) profile="$2"; shift 2 ;;
        *) targets+=("$1"); shift ;;
    esac
done
case "$jobs" in ''|*[!0-9]*|0) echo "fuzz: --jobs needs a positive integer" >&2; exit 1 ;; esac
host=$(rustc -vV | sed -n 's/^host: //p')
# Coverage instrumentation as cargo-fuzz sets it, without the address sanitizer (which needs a
# nightly compiler); --target keeps the flags off build scripts and proc macros.
export RUSTFLAGS="-Cpasses=sancov-module -Cllvm-args=-sanitizer-coverage-level=4 \
-Cllvm-args=-sanitizer-coverage-inline-8bit-counters -Cllvm-args=-sanitizer-coverage-pc-table \
-Cllvm-args=-sanitizer-coverage-trace-compares --cfg fuzzing"
cargo build --locked --profile "$profile" --target "$host" --bin hayate-fuzz
bin="${CARGO_TARGET_DIR:-target}/$host/$profile/hayate-fuzz"
[ "$build_only" = 1 ] && exit 0
if [ ${#targets[@]} -eq 0 ]; then
    mapfile -t targets < <(ls corpus)
fi
run_one() {
    local t="$1"
    mkdir -p "target/corpus/$t" "target/artifacts/$t"
    echo "fuzz: $t for ${secs}s" >&2
    HAYATE_FUZZ_TARGET="$t" "$bin" "target/corpus/$t" "corpus/$t" \
        -max_total_time="$secs" -timeout=20 -rss_limit_mb=3072 -max_len=8192 \
        -print_final_stats=1 -artifact_prefix="target/artifacts/$t/" 2> "target/$t.log" || {
        tail -40 "target/$t.log" >&2
        echo "fuzz: target $t FAILED (log: fuzz/target/$t.log)" >&2
        return 1
    }
    echo "fuzz: $t: $(grep -E "stat::number_of_executed_units|stat::peak_rss_mb" "target/$t.log" | tr '\n' ' ')" >&2
}
# `jobs` lanes, each running every jobs-th target in turn; any failure fails the run.
pids=()
for ((lane = 0; lane < jobs; lane++)); do
    (
        for ((i = lane; i < ${#targets[@]}; i += jobs)); do
            run_one "${targets[$i]}" || exit 1
        done
    ) &
    pids+=($!)
done
status=0
for pid in "${pids[@]}"; do
    wait "$pid" || status=1
done
exit "$status"

#!/usr/bin/env bash
# Rewrites every generated kernel file from its generator in tools/codegen (the list is
# codegen.FILES); `--check` compares without writing (status 1 and the differing files),
# `--print FILE` prints one file's expected text. crates/arith/tests/suite/generated.rs runs
# the check.
set -euo pipefail
cd "$(dirname "$0")/../tools"
PYTHONDONTWRITEBYTECODE=1 exec python3 -m codegen "$@"

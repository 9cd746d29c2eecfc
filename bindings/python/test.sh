#!/usr/bin/env bash
# Builds the `hayate` Python package from source and runs its pytest suite (tests/), the way a
# user installs it (`pip install ./bindings/python`, maturin from PyPI as the build backend).
#
# A virtual environment under the workspace's target/ holds maturin and pytest (from PyPI);
# the extension is built into the workspace target directory (CARGO_TARGET_DIR), so a second
# run only rebuilds what changed. Needs python3 with venv (installed from Debian if missing)
# and ../shared/vectors beside the repository (the tests' third-party vectors).
set -euo pipefail
cd "$(dirname "$0")"
ROOT="$(cd ../.. && pwd)"
VENV="$ROOT/target/python-venv"
PYTHON="${PYTHON:-python3}"
command -v "$PYTHON" >/dev/null || (apt-get update && apt-get install -y python3 python3-venv)
if [ ! -x "$VENV/bin/python" ]; then
    "$PYTHON" -m venv "$VENV" || {
        apt-get update && apt-get install -y python3-venv && rm -rf "$VENV" && "$PYTHON" -m venv "$VENV"
    }
fi
"$VENV/bin/python" -m pip install -q --disable-pip-version-check "maturin>=1.5,<2" pytest
export PATH="$VENV/bin:$PATH"
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$ROOT/target}"
# The test build uses the workspace's `test` profile (opt-level 3, debug assertions, no LTO), so
# it reuses the library crates `cargo test` has just compiled (scripts/test.sh runs this after
# it); `pip install ./bindings/python` and the benchmark use the full release profile.
# --locked: the workspace's Cargo.lock; no build isolation: the venv's maturin, nothing fetched.
MATURIN_PEP517_ARGS="--locked --profile ${HAYATE_PY_PROFILE:-test}" "$VENV/bin/python" -m pip install \
    -q --disable-pip-version-check --no-build-isolation --force-reinstall --no-deps .
# pytest, not python -m pytest: the source folder hayate/ must not shadow the installed package
"$VENV/bin/pytest" -q tests

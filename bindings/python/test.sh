#!/usr/bin/env bash
# Builds the `hayate` Python package from source and runs its pytest suite (tests/), the way a
# user installs it (`pip install ./bindings/python`, maturin from PyPI as the build backend).
#
# A virtual environment under the workspace's target/ holds maturin and pytest (from PyPI);
# the extension is built into the workspace target directory (CARGO_TARGET_DIR), so a second
# run only rebuilds what changed. With HAYATE_PY_NATIVE=<path of a built lib_native.so> the
# tests run against that library instead of a fresh maturin build. Needs python3 with venv
# (installed from Debian if missing) and ../shared/vectors beside the repository (the tests'
# third-party vectors).
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
if [ -n "${HAYATE_PY_NATIVE:-}" ]; then
    # The test command (scripts/test.sh): the extension module cargo has already built in the
    # test profile (opt-level 3, debug assertions), with the package's Python sources beside it
    # in a folder put on PYTHONPATH -- the layout the wheel installs, without re-linking.
    "$VENV/bin/python" -m pip install -q --disable-pip-version-check pytest
    stage="$ROOT/target/python-test"
    rm -rf "$stage" && mkdir -p "$stage"
    cp -R hayate "$stage/hayate"
    cp "$HAYATE_PY_NATIVE" "$stage/hayate/_native.abi3.so"
    export PYTHONPATH="$stage"
else
    # Standalone: build and install the package the way a user does (`pip install
    # ./bindings/python`: maturin, release profile) into the venv.
    "$VENV/bin/python" -m pip install -q --disable-pip-version-check "maturin>=1.5,<2" pytest
    export PATH="$VENV/bin:$PATH"
    export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$ROOT/target}"
    # --locked: the workspace's Cargo.lock; no build isolation: the venv's maturin, nothing fetched.
    MATURIN_PEP517_ARGS="--locked" "$VENV/bin/python" -m pip install \
        -q --disable-pip-version-check --no-build-isolation --force-reinstall --no-deps .
fi
# pytest, not python -m pytest: the source folder hayate/ must not shadow the package under test
"$VENV/bin/pytest" -q tests

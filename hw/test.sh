#!/usr/bin/env bash
# hw/test.sh -- simulation tests of the paper-004 scalar multiplier (see hw/README.md):
# unit tests (iverilog), Wycheproof ECDH P-256, co-verification against `hayate ecmul
# --method jin-miyaji` on three curves, and the constant-time assertions (Verilator).
# Installs verilator/iverilog/yosys from Debian only when missing. HAYATE_BIN selects the CLI
# (default target/debug/hayate, built with `cargo build --locked -p hayate` if missing).
# Usage: hw/test.sh [--quick]
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
missing=()
for t in verilator iverilog yosys; do command -v "$t" >/dev/null 2>&1 || missing+=("$t"); done
if [ "${#missing[@]}" -gt 0 ]; then
  echo "hw/test.sh: installing ${missing[*]} (apt-get)" >&2
  SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq verilator iverilog yosys >/dev/null
fi
exec python3 "$here/test.py" "$@"

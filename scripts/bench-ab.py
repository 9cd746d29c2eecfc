#!/usr/bin/env python3
"""A/B of two hayate builds on one suite of `hayate bench`.

    scripts/bench-ab.py OLD_BINARY NEW_BINARY ROUNDS SUITE

Runs `BINARY bench SUITE --json` for both binaries ROUNDS times, alternating which goes first,
and prints per row the median over rounds of the ratio new / old of `median_ns` (AEAD rows also
the long no-AD cycles per byte). Below 1: the new build is faster. Paired rounds, so that the
host's speed drifts affect both builds alike; build each binary with `cargo build --release -p
hayate` in its own checkout and target directory (e.g. `git worktree add /tmp/old COMMIT`).
"""
import json
import statistics
import subprocess
import sys

# fields that are measurements or labels of a row rather than what identifies it
MEASURED = {
    "median_ns", "cycles", "cycles_per_byte", "ns_per_byte", "cycles_per_byte_keyed",
    "key_setup_cycles", "reference_ms", "quick", "energy", "ops", "reference", "implemented",
}


def run(binary, suite):
    out = subprocess.run([binary, "bench", suite, "--json"], capture_output=True, text=True,
                         check=True).stdout
    rows = {}
    for line in out.splitlines():
        try:
            j = json.loads(line)
        except ValueError:
            continue
        if not isinstance(j, dict) or j.get("median_ns") is None:
            continue
        key = tuple(sorted((k, str(v)) for k, v in j.items()
                           if k not in MEASURED and not isinstance(v, float)))
        rows[key] = j["median_ns"]
        if j.get("cycles_per_byte_no_ad"):
            rows[key + (("variant", "no AD, cycles/byte"),)] = j["cycles_per_byte_no_ad"]
    return rows


def main():
    if len(sys.argv) != 5:
        sys.exit(__doc__)
    old, new, rounds, suite = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4]
    ratios = {}
    for r in range(rounds):
        order = [(old, "old"), (new, "new")] if r % 2 == 0 else [(new, "new"), (old, "old")]
        res = {tag: run(b, suite) for b, tag in order}
        for k, v in res["old"].items():
            if k in res["new"] and v > 0:
                ratios.setdefault(k, []).append(res["new"][k] / v)
        print(f"round {r + 1} of {rounds}: {len(ratios)} rows", file=sys.stderr, flush=True)
    for k, v in sorted(ratios.items()):
        name = " ".join(val for field, val in k if field != "suite")
        print(f"{name:72} new/old {statistics.median(v):.3f}  "
              f"(min {min(v):.3f}, max {max(v):.3f}, {len(v)} rounds)")


if __name__ == "__main__":
    main()

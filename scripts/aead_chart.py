#!/usr/bin/env python3
"""Draws the AEAD speed chart (paper 003, Figures 2-6 style) from `hayate bench aead --json`.

Usage: hayate bench aead --json > docs/aead_bench.jsonl
       python3 scripts/aead_chart.py docs/aead_bench.jsonl docs/aead_speed.svg

Standard library only. One panel per direction (encryption, decryption); within a panel one
group of bars per scheme, one bar per length (short 64 B, medium 1536 B, long); the y axis is
cycles per message byte on a log scale. Zero-length figures have no per-byte value and are
not drawn (they are in the table in BENCHMARKS.md).
"""
import json
import math
import sys

LENGTHS = [("short", "Short (64 B)", "#9ecae1"), ("medium", "Medium (1536 B)", "#4292c6"),
           ("long", "Long", "#08306b")]
DIRS = [("enc", "Encryption"), ("dec", "Decryption")]


def load(path):
    rows = []
    with open(path, encoding="utf-8") as f:
        for line in f:
            line = line.strip()
            if line.startswith("{"):
                r = json.loads(line)
                if r.get("suite") == "aead":
                    rows.append(r)
    return rows


def esc(s):
    return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def chart(rows, out):
    schemes = []
    for r in rows:
        if r["scheme"] not in schemes:
            schemes.append(r["scheme"])
    val = {(r["scheme"], r["direction"], r["length"]): r.get("cycles_per_byte") for r in rows}
    vals = [v for v in val.values() if isinstance(v, (int, float)) and v > 0]
    lo = 10 ** math.floor(math.log10(min(vals)))
    hi = 10 ** math.ceil(math.log10(max(vals)))
    W, PH, ML, MR, MT, GAP = 900, 300, 70, 20, 50, 60
    H = MT + len(DIRS) * (PH + GAP) + 40
    group_w = (W - ML - MR) / len(schemes)
    bar_w = group_w * 0.8 / len(LENGTHS)

    def y_of(v, top):
        return top + PH - (math.log10(v) - math.log10(lo)) / (math.log10(hi) - math.log10(lo)) * PH

    o = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{W}" height="{H}" '
         f'viewBox="0 0 {W} {H}" font-family="sans-serif" font-size="11">',
         f'<rect width="{W}" height="{H}" fill="white"/>',
         f'<text x="{W / 2}" y="20" text-anchor="middle" font-size="14">'
         'AEAD speed, eBACS method (AD and message of equal length): cycles per message byte, '
         'log scale</text>']
    # legend
    lx = ML
    for _, label, color in LENGTHS:
        o.append(f'<rect x="{lx}" y="30" width="12" height="12" fill="{color}"/>')
        o.append(f'<text x="{lx + 16}" y="40">{esc(label)}</text>')
        lx += 140
    for d, (dkey, dname) in enumerate(DIRS):
        top = MT + 10 + d * (PH + GAP)
        o.append(f'<text x="{ML}" y="{top - 6}" font-size="12" font-weight="bold">{dname}</text>')
        # grid: decades and 2x, 5x
        e = int(math.log10(lo))
        while 10 ** e <= hi:
            for m in (1, 2, 5):
                v = m * 10 ** e
                if lo <= v <= hi:
                    y = y_of(v, top)
                    o.append(f'<line x1="{ML}" x2="{W - MR}" y1="{y:.1f}" y2="{y:.1f}" '
                             f'stroke="{"#bbb" if m == 1 else "#eee"}"/>')
                    o.append(f'<text x="{ML - 6}" y="{y + 4:.1f}" text-anchor="end">{v:g}</text>')
            e += 1
        o.append(f'<line x1="{ML}" x2="{ML}" y1="{top}" y2="{top + PH}" stroke="black"/>')
        o.append(f'<line x1="{ML}" x2="{W - MR}" y1="{top + PH}" y2="{top + PH}" stroke="black"/>')
        o.append(f'<text transform="translate(18,{top + PH / 2}) rotate(-90)" '
                 'text-anchor="middle">cycles / byte</text>')
        for i, s in enumerate(schemes):
            gx = ML + i * group_w + group_w * 0.1
            for j, (lkey, label, color) in enumerate(LENGTHS):
                v = val.get((s, dkey, lkey))
                if not isinstance(v, (int, float)) or v <= 0:
                    continue
                x = gx + j * bar_w
                y = y_of(v, top)
                o.append(f'<rect x="{x:.1f}" y="{y:.1f}" width="{bar_w - 1:.1f}" '
                         f'height="{top + PH - y:.1f}" fill="{color}">'
                         f'<title>{esc(s)} {dkey} {lkey}: {v:.2f} c/B</title></rect>')
                o.append(f'<text x="{x + bar_w / 2:.1f}" y="{y - 3:.1f}" text-anchor="middle" '
                         f'font-size="8">{v:.1f}</text>')
            o.append(f'<text x="{ML + (i + 0.5) * group_w:.1f}" y="{top + PH + 14}" '
                     f'text-anchor="middle" font-size="10">{esc(s)}</text>')
    o.append('</svg>')
    with open(out, "w", encoding="utf-8") as f:
        f.write("\n".join(o) + "\n")


def main():
    if len(sys.argv) != 3:
        sys.exit("usage: aead_chart.py BENCH.jsonl OUT.svg")
    rows = load(sys.argv[1])
    if not rows:
        sys.exit("no aead rows in " + sys.argv[1])
    chart(rows, sys.argv[2])


if __name__ == "__main__":
    main()

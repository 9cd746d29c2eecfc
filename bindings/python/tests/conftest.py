"""Shared helpers: where the third-party vectors are, and the Zcash point encoding of affine
coordinates given by a vector file (draft-irtf-cfrg-pairing-friendly-curves-11, Appendix C)."""

import json
from pathlib import Path

REPO = Path(__file__).resolve().parents[3]
# shared/vectors is a sibling of the repository root (as for the Rust tests)
VECTORS = REPO.parent / "shared" / "vectors"
ETH_BLS = REPO / "crates" / "bls" / "tests" / "vectors" / "eth-bls"

# BLS12-381 base-field prime (the curve's definition)
P381 = int(
    "1a0111ea397fe69a4b1ba7b6434bacd764774b84f38512bf6730d2a0f6b0f6241eabfffeb153ffffb9feffffffffaaab", 16
)


def vector_file(*parts: str) -> Path:
    """A vector file that must exist (a missing file fails the test, it is never skipped)."""
    p = VECTORS.joinpath(*parts)
    assert p.is_file(), f"missing third-party vector file {p}"
    return p


def load_json(path: Path):
    return json.loads(path.read_text())


def unhex(s: str) -> bytes:
    s = s.strip()
    return bytes.fromhex(s[2:] if s.startswith(("0x", "0X")) else s)


def _largest(y: int) -> bool:
    return y > (P381 - y) % P381


def g1_compressed(x: int, y: int) -> bytes:
    """Zcash compressed G1: x big-endian, flags C (0x80) and S (0x20, y lexicographically largest)."""
    b = bytearray(x.to_bytes(48, "big"))
    b[0] |= 0x80 | (0x20 if _largest(y) else 0)
    return bytes(b)


def g2_compressed(x0: int, x1: int, y0: int, y1: int) -> bytes:
    """Zcash compressed G2: x_c1 ‖ x_c0, S flag from y = y0 + y1·u ordered by (c1, c0)."""
    b = bytearray(x1.to_bytes(48, "big") + x0.to_bytes(48, "big"))
    largest = _largest(y1) if y1 != 0 else _largest(y0)
    b[0] |= 0x80 | (0x20 if largest else 0)
    return bytes(b)


def fp2_of(s: str):
    """"0xc0,0xc1" → (c0, c1)."""
    c0, c1 = (int(t, 16) for t in s.split(","))
    return c0, c1

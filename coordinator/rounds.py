"""Per-request derivations that make a plan independent of timing and of Python's hash seed."""

from __future__ import annotations

import hashlib

from schemas import Complexity


def derive_seed(seed: int, *parts: object) -> int:
    """A stable 63-bit seed from the run seed and a path of parts (sha256, not `hash()`)."""
    text = ":".join([str(seed), *(str(p) for p in parts)])
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big") >> 1


def request_complexity(seed: int, index: int, complex_ratio: float) -> Complexity:
    """Simple or complex for request `index`; the share of complex requests tends to `complex_ratio`."""
    draw = derive_seed(seed, "complexity", index) / float(1 << 63)
    return "complex" if draw < complex_ratio else "simple"


def scenario_id(index: int) -> str:
    return f"scn-{index:05d}"

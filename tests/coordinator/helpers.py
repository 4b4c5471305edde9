"""Shared helpers for coordinator tests."""

from __future__ import annotations

from pathlib import Path

from schemas import RunConfig


def config(engines: dict[str, str] | None = None, **kw) -> RunConfig:
    sel = {"interpret": "fake", "scenario": "fake", "mock": "fake", "expand": "fake", **(engines or {})}
    return RunConfig.model_validate({"engines": sel, "batch_size": 4, **kw})


def harness_bytes(out: Path) -> dict[str, bytes]:
    """Every file of a harness directory, for byte-for-byte comparisons."""
    return {p.name: p.read_bytes() for p in sorted(Path(out).iterdir()) if p.is_file()}

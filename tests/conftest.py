"""Shared test fixtures and helpers."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DEV_SPECS = ROOT / "bench" / "dev-specs"
EXAMPLES = ROOT / "examples"
SERVERS = Path(os.environ.get("SEER_SERVERS_DIR", ROOT / ".servers"))


def dev_spec(name: str) -> Path:
    """A real spec from bench/dev-specs (tests and benches only; examples/ must not need it)."""
    path = DEV_SPECS / f"{name}.json"
    assert path.exists(), f"{path} is missing: bench/dev-specs is part of the repository"
    return path


def require_executable(path: Path | str, why: str) -> str:
    """Return the executable's path; skip locally when it is missing, but fail in CI (where .ci/run installs it)."""
    p = str(path)
    found = p if Path(p).exists() else shutil.which(p)
    if found:
        return found
    if os.environ.get("CI"):
        pytest.fail(f"{p} missing in CI: {why}")
    pytest.skip(f"{p} not installed ({why}); run .ci/install-servers.sh")

"""Fixtures shared by the integration tests."""

from __future__ import annotations

import os

import pytest


@pytest.fixture(scope="module")
def ray_local():
    """One small local Ray instance per test module (auth off, 2 CPUs, 80 MB object store)."""
    os.environ.setdefault("RAY_AUTH_MODE", "disabled")
    from actors import ray_start

    started = ray_start.init(num_cpus=2, object_store_memory=80 * 1024 * 1024)
    yield
    if started:
        ray_start.shutdown()

"""Real specs from bench/dev-specs, loaded and interpreted once per test session."""

from __future__ import annotations

import pytest

from engines.offline.pipeline import Pipeline, cover_suite
from specs import load_suite
from tests.conftest import dev_spec


@pytest.fixture(scope="session")
def pipeline():
    """spec names -> Pipeline over those specs (one suite), cached across tests."""
    cache: dict[tuple[str, ...], Pipeline] = {}

    def get(*names: str) -> Pipeline:
        if names not in cache:
            cache[names] = Pipeline(load_suite([dev_spec(n) for n in names]))
        return cache[names]

    return get


@pytest.fixture(scope="session")
def covered(pipeline):
    """spec names -> (pipeline, scenarios covering every tool, failures), cached."""
    cache: dict[tuple[str, ...], tuple] = {}

    def get(*names: str):
        if names not in cache:
            pipe = pipeline(*names)
            cache[names] = (pipe, *cover_suite(pipe, seed=11))
        return cache[names]

    return get

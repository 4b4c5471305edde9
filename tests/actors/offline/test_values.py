"""Argument values: valid against every schema of the spec corpus, deterministic, realistic."""

from __future__ import annotations

import json
import random
from functools import lru_cache

import pytest

from actors.offline.values import ValueGenerator, first_error, is_valid
from actors.offline.world import make_org
from tests.conftest import SHARED_SPECS

SEEDS = (0, 1, 2)


@lru_cache(maxsize=1)
def corpus() -> tuple[tuple[str, dict], ...]:
    tools = []
    for path in sorted(SHARED_SPECS.glob("*.json")):
        for tool in json.loads(path.read_text())["tools"]:
            tools.append((f"{path.stem}/{tool['name']}", tool))
    return tuple(tools)


def spec_names() -> list[str]:
    return sorted(p.stem for p in SHARED_SPECS.glob("*.json"))


def gen(seed: int) -> ValueGenerator:
    return ValueGenerator(make_org(seed), random.Random(seed))


@pytest.mark.parametrize("spec", spec_names())
def test_arguments_for_every_tool_of_the_spec_validate_with_and_without_optional_properties(spec):
    tools = [t for name, t in corpus() if name.startswith(f"{spec}/")]
    assert tools
    for seed in SEEDS:
        g = gen(seed)
        for tool in tools:
            schema = tool["inputSchema"]
            for optional in (None, lambda _name: True):
                args = g.arguments(schema, optional=optional)
                assert first_error(schema, args) is None, (tool["name"], args)
                for name in schema.get("required", []):
                    assert name in args


@pytest.mark.parametrize("spec", spec_names())
def test_values_for_every_output_schema_of_the_spec_validate(spec):
    tools = [t for name, t in corpus() if name.startswith(f"{spec}/") and "outputSchema" in t]
    for seed in SEEDS:
        g = gen(seed)
        for tool in tools:
            value = g.value(tool["outputSchema"])
            assert first_error(tool["outputSchema"], value) is None, (tool["name"], value)


def test_all_optional_properties_are_set_when_asked():
    g = gen(3)
    for name, tool in corpus():
        props = tool["inputSchema"].get("properties", {})
        args = g.arguments(tool["inputSchema"], optional=lambda _n: True)
        assert set(args) == set(props), name


def test_optional_set_selects_exactly_those_optional_properties():
    tool = dict(corpus())["redis/set"]
    schema = tool["inputSchema"]
    optional = [p for p in schema["properties"] if p not in schema.get("required", [])]
    assert optional
    args = gen(0).arguments(schema, optional={optional[0]})
    assert set(args) == set(schema.get("required", [])) | {optional[0]}


def test_same_seed_gives_identical_arguments_for_the_whole_corpus():
    def run(seed: int) -> str:
        g = gen(seed)
        return json.dumps([g.arguments(t["inputSchema"], optional=lambda _n: True) for _, t in corpus()])

    assert run(5) == run(5)
    assert run(5) != run(6)

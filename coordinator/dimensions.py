"""Coverage dimensions beyond tools: what a harness's scenarios exercise of a spec, written in manifest.json.

Each dimension has a universe drawn from the spec (or from the tool graph) and the part of it the scenarios
reach:

- `tools`: every tool, called at least once.
- `params`: every parameter path of every tool's inputSchema, optional and nested ones included (`path`,
  `options.encoding`, `edits[].oldText`), supplied in at least one call.
- `enums`: every value of every enum parameter (`tool.path=value`), sent at least once.
- `edges`: every data-flow edge of the tool graph (`producer->consumer.param`), exercised by a call whose
  argument the scenario records as taken from an earlier call's output (`Call.sources`).
- `annotations`: every annotation value the spec's tools declare (`destructiveHint=true`, `readOnlyHint=false`),
  carried by at least one called tool.
- `pairs` and `errors` have no universe a spec states (all n(n-1)/2 pairs; error cases the spec does not list):
  they are counted, with `total` null and the reason in `note`.
"""

from __future__ import annotations

import json
from collections import Counter
from typing import Any, Iterable, Iterator

from schemas import DimensionCoverage, Scenario, Tool

NAMES = ("tools", "params", "enums", "edges", "annotations", "pairs", "errors")
MAX_DEPTH = 6  # deeper schemas exist (recursive $defs); paths below this are not worth a target
MISSING_SHOWN = 50  # a 1,000-tool spec has thousands of parameters: the manifest lists the first ones


def schema_paths(schema: Any, prefix: str = "", depth: int = 0) -> Iterator[tuple[str, dict[str, Any]]]:
    """(path, sub-schema) of every parameter under an object schema: `a`, `a.b`, `a[].b`."""
    if not isinstance(schema, dict) or depth > MAX_DEPTH:
        return
    options = [schema, *(o for k in ("anyOf", "oneOf", "allOf") for o in schema.get(k) or [] if isinstance(o, dict))]
    seen: set[str] = set()
    for option in options:
        for name, sub in (option.get("properties") or {}).items():
            path = f"{prefix}{name}"
            if path in seen or not isinstance(sub, dict):
                continue
            seen.add(path)
            yield path, sub
            yield from schema_paths(sub, f"{path}.", depth + 1)
            items = sub.get("items")
            if isinstance(items, dict):
                yield from schema_paths(items, f"{path}[].", depth + 1)


def argument_paths(value: Any, prefix: str = "") -> Iterator[tuple[str, Any]]:
    """(path, value) of every supplied argument, in the same notation as schema_paths."""
    if isinstance(value, dict):
        for k, v in value.items():
            yield f"{prefix}{k}", v
            if isinstance(v, dict):
                yield from argument_paths(v, f"{prefix}{k}.")
            elif isinstance(v, list):
                for item in v:
                    if isinstance(item, dict):
                        yield from argument_paths(item, f"{prefix}{k}[].")


def _enum_key(tool: str, path: str, value: Any) -> str:
    return f"{tool}.{path}={json.dumps(value, ensure_ascii=False, sort_keys=True)}"


def universes(tools: Iterable[Tool], graph: Any = None) -> dict[str, set[str] | None]:
    """What each dimension could reach for this spec (None: no stated universe; edges: None without a graph)."""
    tools = list(tools)
    params, enums, notes = set(), set(), set()
    for t in tools:
        for path, sub in schema_paths(t.input_schema):
            params.add(f"{t.name}.{path}")
            for v in sub.get("enum") or []:
                enums.add(_enum_key(t.name, path, v))
        for hint, v in (t.annotations or {}).items():
            if isinstance(v, bool):
                notes.add(f"{hint}={str(v).lower()}")
    edges = None
    if graph is not None:
        edges = {f"{a}->{b}.{feed['param']}" for a, b, data in graph.edges(data=True) for feed in data.get("feeds", [])}
    return {"tools": {t.name for t in tools}, "params": params, "enums": enums, "edges": edges,
            "annotations": notes, "pairs": None, "errors": None}


class DimensionTracker:
    """What written scenarios have reached so far, per dimension, with multiplicities (a dropped scenario takes
    its part back), for strategies that aim at a dimension. Fed by the coordinator like tool coverage: from the
    written scenarios of complete rounds, in request order, so that plans stay deterministic."""

    def __init__(self, tools: Iterable[Tool], graph: Any = None):
        self._tools = {t.name: t for t in tools}
        self._enums = {(t.name, p): {json.dumps(v) for v in sub["enum"]} for t in self._tools.values()
                       for p, sub in schema_paths(t.input_schema) if sub.get("enum")}
        self._graph = graph
        self._universe: dict[str, set[str] | None] | None = None
        self._counts: dict[str, Counter[str]] = {name: Counter() for name in NAMES}

    @property
    def universe(self) -> dict[str, set[str] | None]:
        """Built on first use: a run that no strategy or --cover asks about never spends the memory (a
        10,000-tool spec's graph has hundreds of thousands of edges)."""
        if self._universe is None:
            self._universe = universes(self._tools.values(), self._graph)
        return self._universe

    def keys(self, scenario: Scenario) -> dict[str, list[str]]:
        """The scenario's part of every dimension, in each dimension's notation."""
        out: dict[str, set[str]] = {name: set() for name in NAMES}
        called = sorted({c.tool for c in scenario.calls})
        out["pairs"].update(f"{a}+{b}" for i, a in enumerate(called) for b in called[i + 1:])
        for call in scenario.calls:
            out["tools"].add(call.tool)
            if call.is_error:
                out["errors"].add(call.tool)
            for path, value in argument_paths(call.arguments):
                out["params"].add(f"{call.tool}.{path}")
                if json.dumps(value) in self._enums.get((call.tool, path), ()):
                    out["enums"].add(_enum_key(call.tool, path, value))
            for arg, j in (call.sources or {}).items():
                if 0 <= j < len(scenario.calls):
                    out["edges"].add(f"{scenario.calls[j].tool}->{call.tool}.{arg.split('.')[0].split('[')[0]}")
            tool = self._tools.get(call.tool)
            for hint, v in ((tool.annotations or {}) if tool else {}).items():
                if isinstance(v, bool):
                    out["annotations"].add(f"{hint}={str(v).lower()}")
        return {name: sorted(keys) for name, keys in out.items() if keys}

    def add(self, keys: dict[str, list[str]], sign: int = 1) -> None:
        for name, ks in keys.items():
            counts = self._counts[name]
            for k in ks:
                counts[k] += sign
                if counts[k] <= 0:
                    del counts[k]

    def reached(self, name: str) -> set[str]:
        return set(self._counts[name])

    def missing(self, name: str) -> list[str]:
        """What a dimension with a universe has not reached yet, sorted; [] for one without."""
        universe = self.universe[name]
        return sorted(universe - self._counts[name].keys()) if universe is not None else []


_NO_UNIVERSE = {
    "pairs": "every pair of n tools is n(n-1)/2 pairs, most of which no workflow joins: counted, not a target",
    "errors": "the spec lists no error cases: tools with an error-path call are counted, not a target",
    "edges": "no tool graph was built (generation stopped before interpretation finished)",
}


def measure(tools: Iterable[Tool], scenarios: Iterable[Scenario], graph: Any = None,
            given_up: dict[str, dict[str, str]] | None = None) -> dict[str, DimensionCoverage]:
    """Every dimension's coverage by `scenarios`, for the manifest, with the keys a `--cover` run gave up on."""
    tracker = DimensionTracker(tools, graph)
    for s in scenarios:
        tracker.add(tracker.keys(s))
    out = {}
    for name in NAMES:
        universe, got = tracker.universe[name], tracker.reached(name)
        if universe is None:
            out[name] = DimensionCoverage(covered=len(got), note=_NO_UNIVERSE[name])
            continue
        missing = tracker.missing(name)
        covered = len(universe) - len(missing)
        abandoned = {k: why for k, why in sorted((given_up or {}).get(name, {}).items()) if k in set(missing)}
        out[name] = DimensionCoverage(total=len(universe), covered=covered,
                                      ratio=round(covered / len(universe), 6) if universe else 1.0,
                                      missing=missing[:MISSING_SHOWN], missing_count=len(missing),
                                      given_up=dict(list(abandoned.items())[:MISSING_SHOWN]))
    return out

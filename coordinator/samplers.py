"""Sampling strategies: which tools each scenario request should focus on.

A strategy is one small class with a `focus` method behind the `Sampler` Protocol, plus a
registry entry; a user's strategy is a class in a file (`--strategy my.py:Greedy`) or behind an
`agent_seer.strategies` entry point (see examples/strategies/). Strategies see coverage (counts plus picks already planned this round), the
tool graph and the interpretations, and draw every random choice from the `rng` they are
handed, so a plan depends only on the run seed and the coverage state.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Callable, Protocol, runtime_checkable

import networkx as nx

from common.registry import Registry
from coordinator.coverage import CoverageTracker
from coordinator.dimensions import DimensionTracker
from schemas import Complexity, ToolInterpretation
from schemas.config import ConfigError

COMPLEX_FOCUS = 3  # focus tools per complex request: complex scenarios use >= 2 distinct tools


@dataclass
class SamplingContext:
    coverage: CoverageTracker
    graph: nx.DiGraph = field(default_factory=nx.DiGraph)
    interpretations: dict[str, ToolInterpretation] = field(default_factory=dict)
    dimensions: DimensionTracker | None = None  # what written scenarios reached of params, enums, edges...
    _kinds: dict[str, set[str]] | None = field(default=None, repr=False)

    def of_kind(self, entity: str) -> set[str]:
        """The interpreted tools whose entity is `entity` (indexed on first use)."""
        if self._kinds is None:
            self._kinds = {}
            for name, it in self.interpretations.items():
                if it.entity:
                    self._kinds.setdefault(it.entity, set()).add(name)
        return self._kinds.get(entity, set())


@runtime_checkable
class Sampler(Protocol):
    """`name` is the registry name; a class attribute `coverage_hints = False` (optional) stops the
    coordinator from telling scenario writers which tools are still uncovered."""

    name: str

    def focus(self, complexity: Complexity, ctx: SamplingContext, rng: random.Random) -> list[str]:
        """Tools (at least one, no repeats) the next scenario request must use, in data-flow order."""
        ...


def _size(complexity: Complexity, available: int) -> int:
    return max(1, min(available, 1 if complexity == "simple" else COMPLEX_FOCUS))


def _least(tools: list[str], ctx: SamplingContext, rng: random.Random, k: int = 1) -> list[str]:
    """The k tools with the fewest expected calls; ties broken by the rng (stable, seeded)."""
    pool = list(tools)
    rng.shuffle(pool)
    pool.sort(key=ctx.coverage.expected)
    return pool[:k]


class UniformSampler:
    """The baseline: every tool equally likely, whatever has been covered.

    It also passes no uncovered-tool hints to the scenario stage, so it measures generation
    without any coverage awareness (the paper's setting).
    """

    name = "uniform"
    coverage_hints = False

    def focus(self, complexity: Complexity, ctx: SamplingContext, rng: random.Random) -> list[str]:
        tools = ctx.coverage.sampleable
        return rng.sample(tools, _size(complexity, len(tools)))


class LeastCoveredSampler:
    """The tools with the fewest calls so far (counting this round's earlier picks). Among tools as little
    covered as each other, a complex request takes those that hand data to, take data from, or work on the
    same thing as the tools it already has: a workflow a person would run, not three unrelated calls."""

    name = "least-covered"

    def focus(self, complexity: Complexity, ctx: SamplingContext, rng: random.Random) -> list[str]:
        cov = ctx.coverage
        k = _size(complexity, len(cov.sampleable))
        picked = cov.least(rng)
        while picked and len(picked) < k:
            low = cov.lowest(skip=picked)
            if low is None:
                break
            # Sorted by spec position: `_touching` is a set, whose order changes with the string-hash seed.
            near = sorted((t for t in _touching(picked, ctx)
                           if t not in picked and cov.can_sample(t) and cov.expected(t) == low), key=cov.position)
            picked.append(rng.choice(near) if near else cov.least(rng, skip=picked)[0])
        return picked


def _touching(picked: list[str], ctx: SamplingContext) -> set[str]:
    """The tools that data flows to or from a picked tool, or that work on the same kind of thing as one.
    Gathered from the picked tools' side (their neighbours, their kind's tools), not by testing every tied
    tool against each of them: on a large spec thousands of tools tie at the start."""
    g, its = ctx.graph, ctx.interpretations
    out: set[str] = set()
    for p in picked:
        if p in g:
            out.update(g.successors(p), g.predecessors(p))
        entity = its[p].entity if p in its else None
        if entity:
            out.update(ctx.of_kind(entity))
    return out


class GraphWalkSampler:
    """Start at a least-covered tool and grow along data-flow edges towards under-covered neighbours.

    Producers found upstream go before the start tool and consumers after it, so the focus list
    is already in the order a workflow would call them.
    """

    name = "graph-walk"

    def focus(self, complexity: Complexity, ctx: SamplingContext, rng: random.Random) -> list[str]:
        cov = ctx.coverage
        k = _size(complexity, len(cov.sampleable))
        path = cov.least(rng)
        g = ctx.graph
        while path and len(path) < k:
            inside = set(path)
            ups = sorted(p for p in {p for t in path if t in g for p in g.predecessors(t)} - inside if cov.can_sample(p))
            downs = sorted(s for s in {s for t in path if t in g for s in g.successors(t)} - inside if cov.can_sample(s))
            if not ups and not downs:
                path.extend(cov.least(rng, skip=inside))
                continue
            pick = _least(ups + downs, ctx, rng)[0]
            if pick in downs:
                path.append(pick)
            else:
                path.insert(0, pick)
        return path


def tool_group(tool: str, interpretation: ToolInterpretation | None) -> str:
    """A tool's cluster: its first organisational tag, else its entity, else its spec-like name prefix."""
    if interpretation is not None:
        if interpretation.tags:
            return interpretation.tags[0]
        if interpretation.entity:
            return interpretation.entity
    for sep in ("__", "_", "-", "."):
        if sep in tool:
            return tool.split(sep, 1)[0]
    return tool


class ClusterSampler:
    """Pick the tag/entity group with the most missing coverage; complex requests add a tool from a
    second group, which makes them cross-domain."""

    name = "cluster"

    def focus(self, complexity: Complexity, ctx: SamplingContext, rng: random.Random) -> list[str]:
        tools = ctx.coverage.sampleable
        k = _size(complexity, len(tools))
        groups: dict[str, list[str]] = {}
        for t in tools:
            groups.setdefault(tool_group(t, ctx.interpretations.get(t)), []).append(t)
        cov = ctx.coverage

        def deficit(name: str) -> int:
            return sum(max(0, cov.min_per_tool - cov.expected(t)) for t in groups[name])

        names = sorted(groups)
        rng.shuffle(names)
        names.sort(key=lambda n: (-deficit(n), min(cov.expected(t) for t in groups[n])))
        first = groups[names[0]]
        picked = _least(first, ctx, rng, k if len(names) == 1 else max(1, k - 1))
        for other in names[1:]:
            if len(picked) >= k:
                break
            picked += _least(groups[other], ctx, rng)
        if len(picked) < k:
            picked += _least([t for t in tools if t not in picked], ctx, rng, k - len(picked))
        return picked


# A package can offer strategies: `name = "module:Class"` in the entry-point group agent_seer.strategies.
STRATEGIES: Registry[Callable[[], Sampler]] = Registry(
    "sampling strategy", {s.name: f"{__name__}:{s.__name__}"
                          for s in (UniformSampler, LeastCoveredSampler, GraphWalkSampler, ClusterSampler)},
    group="agent_seer.strategies")


def build_sampler(name: str) -> Sampler:
    """A strategy by registry name (built-in, registered or installed), or from a file: `path/to/file.py:ClassName`."""
    if name in STRATEGIES:
        return _checked(name, STRATEGIES.get(name))
    if ":" in name and name.rsplit(":", 1)[0].endswith(".py"):
        return _checked(name, _class_from_file(*name.rsplit(":", 1)))
    raise ConfigError(f"strategy: unknown sampling strategy {name!r}; known: {', '.join(STRATEGIES.names())}, "
                      "or FILE.py:CLASS")


def _class_from_file(path: str, cls: str) -> object:
    import importlib.util
    from pathlib import Path

    file = Path(path)
    if not file.is_file():
        raise ConfigError(f"strategy: {path}: no such file")
    spec = importlib.util.spec_from_file_location(f"seer_strategy_{file.stem}", file)
    module = importlib.util.module_from_spec(spec)  # type: ignore[arg-type]
    try:
        spec.loader.exec_module(module)  # type: ignore[union-attr]
    except Exception as e:  # the user's file: its error, in one line, naming the file
        raise ConfigError(f"strategy: {path}: {type(e).__name__}: {str(e).splitlines()[0] if str(e) else ''}") from None
    if not hasattr(module, cls):
        raise ConfigError(f"strategy: {path} defines no {cls}")
    return getattr(module, cls)


def _checked(name: str, factory: object) -> Sampler:
    try:
        sampler = factory()  # type: ignore[operator]
    except Exception as e:
        raise ConfigError(f"strategy: {name}: could not be created: {type(e).__name__}: {e}") from None
    if not isinstance(sampler, Sampler):
        raise ConfigError(f"strategy: {name} is not a strategy: it needs a `name` and a "
                          "`focus(complexity, ctx, rng)` method returning tool names")
    return sampler

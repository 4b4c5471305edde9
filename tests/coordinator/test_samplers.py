import random

import networkx as nx
import pytest

from coordinator.coverage import CoverageTracker
from coordinator.samplers import (
    COMPLEX_FOCUS, STRATEGIES, SamplingContext, build_sampler, tool_group,
)
from schemas.config import ConfigError

TOOLS = [f"{g}_{i}" for g in ("fs", "git", "web") for i in range(4)]


def ctx(graph=None, counts=None):
    cov = CoverageTracker(TOOLS, min_per_tool=1)
    for t, n in (counts or {}).items():
        cov.add_tools([t] * n)
    return SamplingContext(cov, graph or nx.DiGraph())


@pytest.mark.parametrize("name", ["uniform", "least-covered", "graph-walk", "cluster"])
def test_every_strategy_returns_distinct_known_tools_of_the_right_number(name):
    s = build_sampler(name)
    c = ctx()
    for complexity, k in (("simple", 1), ("complex", COMPLEX_FOCUS)):
        focus = s.focus(complexity, c, random.Random(1))
        assert len(focus) == len(set(focus)) == k and set(focus) <= set(TOOLS)
    assert s.focus("complex", c, random.Random(4)) == s.focus("complex", c, random.Random(4))


def test_least_covered_picks_the_uncovered_and_spreads_a_round_over_tools():
    c = ctx(counts={t: 2 for t in TOOLS if t != "web_3"})
    s = build_sampler("least-covered")
    assert s.focus("simple", c, random.Random(0)) == ["web_3"]
    c = ctx()
    picks = []
    for _ in range(len(TOOLS)):
        f = s.focus("simple", c, random.Random(len(picks)))
        c.coverage.plan(f)
        picks += f
    assert sorted(picks) == sorted(TOOLS)  # planned picks count: no tool twice before all once


def test_least_covered_complex_requests_take_connected_tools_among_the_equally_covered():
    """Among tools as little covered as each other, a complex request takes those data flows to or from:
    a workflow, not three unrelated calls. Coverage comes first: a better-covered neighbour is not taken."""
    g = nx.DiGraph([("fs_0", "fs_1"), ("fs_1", "fs_2"), ("git_1", "fs_0")])
    s = build_sampler("least-covered")
    for seed in range(10):
        focus = s.focus("complex", ctx(g), random.Random(seed))
        first = focus[0]
        if first in g:
            assert set(focus[1:]) <= set(nx.node_connected_component(g.to_undirected(), first)), focus
    c = ctx(g, counts={"fs_1": 1, "fs_2": 1, "git_1": 1})
    for seed in range(10):
        focus = s.focus("complex", c, random.Random(seed))
        assert not {"fs_1", "fs_2", "git_1"} & set(focus)  # all others are less covered


def test_graph_walk_follows_data_flow_edges_in_workflow_order():
    g = nx.DiGraph([("fs_0", "fs_1"), ("fs_1", "fs_2"), ("git_0", "web_0")])
    c = ctx(g, counts={t: 5 for t in TOOLS if t != "fs_1"})
    focus = build_sampler("graph-walk").focus("complex", c, random.Random(0))
    assert focus == ["fs_0", "fs_1", "fs_2"]


def test_cluster_puts_complex_requests_across_two_groups():
    c = ctx(counts={t: 1 for t in TOOLS if not t.startswith("git")})
    focus = build_sampler("cluster").focus("complex", c, random.Random(0))
    groups = [tool_group(t, None) for t in focus]
    assert groups[0] == "git" and groups.count("git") == COMPLEX_FOCUS - 1 and len(set(groups)) == 2


def test_uniform_ignores_coverage():
    c = ctx(counts={t: 9 for t in TOOLS if t != "fs_0"})
    picks = {build_sampler("uniform").focus("simple", c, random.Random(i))[0] for i in range(40)}
    assert len(picks) > 5


def test_registry_lists_builtins_accepts_new_strategies_and_rejects_unknown_names():
    assert {"uniform", "least-covered", "graph-walk", "cluster"} <= set(STRATEGIES.names())

    class First:
        name = "first"

        def focus(self, complexity, ctx, rng):
            return ctx.coverage.sampleable[:1]

    STRATEGIES.register("first", First)
    assert build_sampler("first").focus("simple", ctx(), random.Random(0)) == ["fs_0"]
    with pytest.raises(ConfigError, match="known: "):
        build_sampler("best")

"""A coverage strategy in one file: aim complex requests at data-flow edges no scenario has exercised yet.

    seer generate examples/filesystem.json --out h --strategy examples/strategies/edge_walk.py:EdgeWalk

A strategy is a class with a `name` and a `focus(complexity, ctx, rng)` method returning the tools the next
scenario request must use, in data-flow order (`coordinator.samplers.Sampler`). `ctx.coverage` counts calls per
tool, `ctx.graph` is the tool graph (networkx), and `ctx.dimensions` holds what written scenarios reached of every
coverage dimension (`missing("edges")`, `missing("params")`, `reached("enums")`, ...). Draw every random choice
from `rng`: the plan then depends only on the run's seed, and the harness is byte-identical on every rerun.
"""

from __future__ import annotations

import random

from coordinator.samplers import LeastCoveredSampler, SamplingContext


class EdgeWalk:
    name = "edge-walk"

    def __init__(self) -> None:
        self._otherwise = LeastCoveredSampler()

    def focus(self, complexity: str, ctx: SamplingContext, rng: random.Random) -> list[str]:
        if complexity == "complex" and ctx.dimensions is not None:
            # "producer->consumer.param": a request for the two, in that order, invites the writer to pass the
            # producer's output on as the consumer's argument
            pairs = sorted({(e.split("->")[0], e.split("->")[1].split(".")[0]) for e in ctx.dimensions.missing("edges")})
            usable = [(a, b) for a, b in pairs if a != b and ctx.coverage.can_sample(a) and ctx.coverage.can_sample(b)]
            # a workflow hands on what it made or found: producers that create, list or search first, and among
            # those the pairs whose tools were called least
            natural = [p for p in usable if ctx.graph.nodes[p[0]].get("action") in ("create", "list", "search")]
            usable = natural or usable
            if usable:
                least = min(ctx.coverage.expected(a) + ctx.coverage.expected(b) for a, b in usable)
                return list(rng.choice([(a, b) for a, b in usable
                                        if ctx.coverage.expected(a) + ctx.coverage.expected(b) == least]))
        # simple requests, and complex ones once every edge is taken: the fewest-called tools first
        return self._otherwise.focus(complexity, ctx, rng)

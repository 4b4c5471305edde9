"""`seer coverage`: sampling strategies compared on coverage of every dimension, over several seeds.

Each (spec, strategy, seed) is a real generation run in this process (the coordinator with the chosen engine,
expansion off: it changes no call), written nowhere. Its curves are, after each kept scenario in request
order, how much of each dimension the scenarios so far reach (coordinator/dimensions.py). Per spec, strategy
and dimension: the scenarios each seed needed to reach all of it (mean with a bootstrap interval over the seeds
that did), the final share, and the Gini coefficient of calls per tool (0: every tool called as often).
"""

from __future__ import annotations

import time
from collections import Counter
from dataclasses import dataclass, field
from statistics import fmean
from typing import Any, Callable, Sequence

from coordinator.dimensions import DimensionTracker
from evaluation.generation_stats import gini as tool_usage_gini
from evaluation.stats import bootstrap_ci
from schemas import STAGES, RunConfig, ToolSuite

DIMENSIONS = ("tools", "params", "enums", "edges")


@dataclass
class Run:
    spec: str
    strategy: str
    seed: int
    totals: dict[str, int]
    curves: dict[str, list[int]]  # dimension -> covered after each kept scenario
    calls: Counter[str]
    seconds: float

    def needed(self, dimension: str) -> int | None:
        """Scenarios until the whole dimension was reached; None if it never was."""
        total = self.totals[dimension]
        return next((i + 1 for i, c in enumerate(self.curves[dimension]) if c >= total), None) if total else 0

    def final(self, dimension: str) -> float:
        total, curve = self.totals[dimension], self.curves[dimension]
        return (curve[-1] if curve else 0) / total if total else 1.0


@dataclass
class Comparison:
    runs: list[Run] = field(default_factory=list)

    def groups(self) -> dict[tuple[str, str], list[Run]]:
        out: dict[tuple[str, str], list[Run]] = {}
        for r in self.runs:
            out.setdefault((r.spec, r.strategy), []).append(r)
        return out

    def summary(self, seed: int = 0) -> list[dict[str, Any]]:
        rows = []
        for (spec, strategy), runs in self.groups().items():
            for d in DIMENSIONS:
                needed = [n for n in (r.needed(d) for r in runs) if n is not None]
                ci = bootstrap_ci(needed, seed=seed) if needed else None
                rows.append({"spec": spec, "strategy": strategy, "dimension": d, "total": runs[0].totals[d],
                             "seeds": len(runs), "reached_by": len(needed),
                             "needed_mean": ci.mean if ci else None, "needed_low": ci.low if ci else None,
                             "needed_high": ci.high if ci else None,
                             "final_ratio": round(fmean(r.final(d) for r in runs), 6),
                             "scenarios": round(fmean(len(r.curves["tools"]) for r in runs), 1),
                             "gini_calls": round(fmean(gini(r.calls, r.totals["tools"]) for r in runs), 4)})
        return rows

    def band(self, spec: str, strategy: str, dimension: str) -> tuple[list[float], list[float], list[float]]:
        """Mean, lowest and highest share reached after n scenarios, n = 1..the longest run (a shorter run
        stays at its end)."""
        runs = self.groups()[spec, strategy]
        total = runs[0].totals[dimension] or 1
        length = max(len(r.curves[dimension]) for r in runs)
        padded = [[*(c := r.curves[dimension]), *([c[-1] if c else 0] * (length - len(c)))] for r in runs]
        columns = list(zip(*padded))
        return ([fmean(col) / total for col in columns], [min(col) / total for col in columns],
                [max(col) / total for col in columns])

    def csv_rows(self) -> list[list[Any]]:
        rows: list[list[Any]] = [["spec", "strategy", "seed", "scenarios", "dimension", "covered", "total"]]
        for r in self.runs:
            for d in DIMENSIONS:
                rows += [[r.spec, r.strategy, r.seed, i + 1, d, c, r.totals[d]] for i, c in enumerate(r.curves[d])]
        return rows


def gini(calls: Counter[str], tools: int) -> float:
    """Gini coefficient of calls per tool, uncalled tools counted as 0."""
    return tool_usage_gini([*calls.values(), *([0] * max(0, tools - len(calls)))])


def run_one(spec: str, suite: ToolSuite, strategy: str, seed: int, *, engine: str = "offline",
            cover: Sequence[str] = ("tools",), min_per_tool: int = 1) -> Run:
    from actors.local import run_local
    from coordinator.coordinator import Coordinator

    stages = dict.fromkeys(STAGES, engine)
    cfg = RunConfig(strategy=strategy, seed=seed, expand=False, cover=list(cover), engines=stages,
                    min_per_tool=min_per_tool)
    started = time.perf_counter()
    coord = Coordinator(suite, cfg)
    run_local(coord)
    seconds = time.perf_counter() - started
    tracker = DimensionTracker(suite.tools, coord.graph)
    totals = {d: len(tracker.universe[d] or ()) for d in DIMENSIONS}
    reached: dict[str, set[str]] = {d: set() for d in DIMENSIONS}
    curves: dict[str, list[int]] = {d: [] for d in DIMENSIONS}
    calls: Counter[str] = Counter()
    for s in coord.scenarios():
        keys = tracker.keys(s)
        calls.update(c.tool for c in s.calls)
        for d in DIMENSIONS:
            reached[d].update(k for k in keys.get(d, ()) if k in (tracker.universe[d] or ()))
            curves[d].append(len(reached[d]))
    return Run(spec, strategy, seed, totals, curves, calls, round(seconds, 2))


def compare(suites: dict[str, ToolSuite], strategies: Sequence[str], seeds: Sequence[int], *,
            engine: str = "offline", cover: Sequence[str] = ("tools",),
            progress: Callable[[Run], None] | None = None) -> Comparison:
    out = Comparison()
    for spec, suite in suites.items():
        for strategy in strategies:
            for seed in seeds:
                run = run_one(spec, suite, strategy, seed, engine=engine, cover=cover)
                out.runs.append(run)
                if progress is not None:
                    progress(run)
    return out

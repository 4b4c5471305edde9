"""What a harness contains, measured: coverage, diversity, structure, grounding and cost.

Everything is recomputed from `scenarios.jsonl` and `tools.json` (the manifest's own counts are
only compared against), so a report never repeats a number the generator merely claimed.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from itertools import combinations
from typing import Iterable, Sequence

from common.files import Harness
from schemas import Scenario

NO_REASON = "no reason recorded by the generator"
TIERS = ("high", "medium", "low", "unmocked")


def gini(values: Sequence[float]) -> float:
    """Gini coefficient of non-negative values: 0 when all equal, towards 1 when one value holds everything."""
    xs = sorted(float(v) for v in values)
    n, total = len(xs), sum(xs)
    if n == 0 or total == 0:
        return 0.0
    weighted = sum((i + 1) * x for i, x in enumerate(xs))
    return 2.0 * weighted / (n * total) - (n + 1) / n


def cooccurrence_pairs(sequences: Iterable[Sequence[str]]) -> Counter[tuple[str, str]]:
    """Unordered pairs of distinct tools used in the same workflow -> number of workflows using both."""
    out: Counter[tuple[str, str]] = Counter()
    for seq in sequences:
        out.update(combinations(sorted(set(seq)), 2))
    return out


def transitions(sequences: Iterable[Sequence[str]]) -> Counter[tuple[str, str]]:
    """Directed (tool, next tool) pairs of consecutive calls -> occurrences; self-transitions included."""
    out: Counter[tuple[str, str]] = Counter()
    for seq in sequences:
        out.update(zip(seq, seq[1:]))
    return out


@dataclass(frozen=True)
class ToolCoverage:
    tool: str
    spec: str
    calls: int
    scenarios: int
    covered: bool
    reason: str | None = None  # why it stayed uncovered (None when covered)


@dataclass(frozen=True)
class GenerationStats:
    name: str
    tools: int
    scenarios: int
    calls: int
    min_per_tool: int
    coverage: tuple[ToolCoverage, ...]
    gini: float
    pairs: Counter = field(repr=False)
    transitions: Counter = field(repr=False)
    categories: Counter = field(repr=False)
    complexity: Counter = field(repr=False)
    lengths: dict[str, Counter] = field(repr=False)  # complexity|all -> length -> scenarios
    multi_turn: Counter = field(repr=False)  # complexity -> scenarios with more than one turn
    grounding: Counter = field(repr=False)
    usage: dict[str, dict] = field(repr=False)  # stage|total -> tokens, requests, cost
    failures: Counter = field(repr=False)  # stage -> failures
    cross_spec: int = 0  # scenarios whose calls span tools of two or more specs
    skipped_tools: tuple[tuple[str, str], ...] = ()  # (tool, reason) left out at load time
    manifest_mismatches: tuple[str, ...] = ()

    @property
    def covered(self) -> int:
        return sum(1 for c in self.coverage if c.covered)

    @property
    def coverage_ratio(self) -> float:
        return self.covered / self.tools if self.tools else 0.0

    @property
    def uncovered(self) -> list[ToolCoverage]:
        return [c for c in self.coverage if not c.covered]

    @property
    def unique_pairs(self) -> int:
        return len(self.pairs)

    @property
    def unique_transitions(self) -> int:
        """Distinct directed tool-to-tool transitions between two different tools."""
        return sum(1 for a, b in self.transitions if a != b)

    @property
    def self_transitions(self) -> int:
        """Distinct tools called twice in a row somewhere (repeated calls, not tool-to-tool)."""
        return sum(1 for a, b in self.transitions if a == b)

    def expansion_rate(self, complexity: str) -> float | None:
        n = self.complexity.get(complexity, 0)
        return self.multi_turn.get(complexity, 0) / n if n else None

    def length_mean(self, complexity: str = "all") -> float | None:
        hist = self.lengths.get(complexity, Counter())
        n = sum(hist.values())
        return sum(k * v for k, v in hist.items()) / n if n else None

    def length_max(self, complexity: str = "all") -> int | None:
        hist = self.lengths.get(complexity, Counter())
        return max(hist) if hist else None

    def summary(self) -> dict:
        """JSON-ready numbers (what summary.json holds for this harness)."""
        total = self.usage.get("total", {})
        return {
            "tools": self.tools,
            "scenarios": self.scenarios,
            "calls": self.calls,
            "coverage": {
                "min_per_tool": self.min_per_tool,
                "covered": self.covered,
                "ratio": round(self.coverage_ratio, 4),
                "per_tool": {c.tool: c.calls for c in self.coverage},
                "uncovered": [{"tool": c.tool, "reason": c.reason} for c in self.uncovered],
                "skipped_at_load": [{"tool": t, "reason": r} for t, r in self.skipped_tools],
            },
            "tool_usage_gini": round(self.gini, 4),
            "unique_cooccurrence_pairs": self.unique_pairs,
            "unique_transitions": self.unique_transitions,
            "self_transitions": self.self_transitions,
            "categories": len(self.categories),
            "scenarios_per_category": dict(sorted(self.categories.items())),
            "complexity": {k: self.complexity.get(k, 0) for k in ("simple", "complex")},
            "cross_spec_scenarios": self.cross_spec,
            "workflow_length": {
                k: {
                    "mean": _round(self.length_mean(k)),
                    "max": self.length_max(k),
                    "histogram": {str(n): c for n, c in sorted(self.lengths.get(k, Counter()).items())},
                }
                for k in ("all", "simple", "complex")
            },
            "multi_turn_rate": {k: _round(self.expansion_rate(k)) for k in ("simple", "complex")},
            "multi_turn": {k: self.multi_turn.get(k, 0) for k in ("simple", "complex")},
            "grounding": {t: self.grounding.get(t, 0) for t in TIERS},
            "usage": {"total": total, "stages": {k: v for k, v in self.usage.items() if k != "total"}},
            "failures": dict(sorted(self.failures.items())),
            "manifest_mismatches": list(self.manifest_mismatches),
        }


def _round(x: float | None) -> float | None:
    return None if x is None else round(x, 4)


def harness_name(h: Harness) -> str:
    """Spec names joined with `+` (several specs in one run), else the directory name."""
    names = [s.name for s in h.manifest.sources]
    return "+".join(names) if names else h.root.name


def tool_specs(h: Harness) -> dict[str, str]:
    """Tool -> spec name. tools.json is plain MCP form (no spec key), so the spec comes from the
    manifest: the name map for namespaced tools; else the sources, whose tools are written in
    source order (`tool_count` each); "" when the counts do not add up."""
    counts = [s.tool_count for s in h.manifest.sources]
    by_order: list[str] = [s.name for s in h.manifest.sources for _ in range(s.tool_count)]
    if sum(counts) != len(h.tools):
        by_order = [""] * len(h.tools)
    out = {}
    for t, spec in zip(h.tools, by_order):
        mapped = h.manifest.name_map.get(t.name, "")
        out[t.name] = t.spec or (mapped.split(":", 1)[0] if ":" in mapped else spec)
    return out


def _uncovered_reasons(h: Harness) -> dict[str, str]:
    reasons = {u.tool: u.reason for u in h.manifest.coverage.uncovered}
    for f in h.manifest.failures:
        reasons.setdefault(f.item, f"{f.stage}: {f.reason}")
    return reasons


def _usage(h: Harness) -> dict[str, dict]:
    def row(s) -> dict:
        return {"requests": s.requests, "cache_hits": s.cache_hits, "prompt_tokens": s.prompt_tokens,
                "completion_tokens": s.completion_tokens, "cost_usd": s.cost_usd}

    out = {stage: row(s) for stage, s in sorted(h.manifest.usage.stages.items())}
    out["total"] = row(h.manifest.usage.total)
    return out


def _coverage(h: Harness, scenarios: list[Scenario]) -> tuple[tuple[ToolCoverage, ...], list[str]]:
    calls: Counter[str] = Counter(c.tool for s in scenarios for c in s.calls)
    in_scenarios: Counter[str] = Counter(t for s in scenarios for t in set(s.tools))
    min_per_tool = max(1, h.manifest.coverage.min_per_tool)
    reasons = _uncovered_reasons(h)
    specs = tool_specs(h)
    rows, mismatches = [], []
    for t in h.tools:
        covered = calls[t.name] >= min_per_tool
        reason = None if covered else reasons.get(t.name, NO_REASON)
        rows.append(ToolCoverage(t.name, specs[t.name], calls[t.name], in_scenarios[t.name], covered, reason))
        claimed = h.manifest.coverage.per_tool.get(t.name)
        if claimed is not None and claimed != calls[t.name]:
            mismatches.append(f"{t.name}: manifest says {claimed} calls, scenarios.jsonl has {calls[t.name]}")
    known = {t.name for t in h.tools}
    for name in sorted(set(calls) - known):
        mismatches.append(f"{name}: called {calls[name]} times but not in tools.json")
    return tuple(rows), mismatches


def generation_stats(h: Harness, name: str | None = None) -> GenerationStats:
    scenarios = h.scenarios
    sequences = [s.tools for s in scenarios]
    coverage, mismatches = _coverage(h, scenarios)
    spec_of = {c.tool: c.spec for c in coverage}
    cross_spec = sum(1 for seq in sequences if len({spec_of.get(t, "") for t in seq}) > 1)
    lengths: dict[str, Counter] = {"all": Counter(), "simple": Counter(), "complex": Counter()}
    multi_turn: Counter[str] = Counter()
    grounding: Counter[str] = Counter()
    for s in scenarios:
        lengths["all"][len(s.calls)] += 1
        lengths[s.complexity][len(s.calls)] += 1
        if len(s.turns) > 1:
            multi_turn[s.complexity] += 1
        grounding.update(c.grounding.value if c.grounding is not None else "unmocked" for c in s.calls)
    counts = h.manifest.counts
    if counts.scenarios and counts.scenarios != len(scenarios):
        mismatches.append(f"manifest counts {counts.scenarios} scenarios, scenarios.jsonl has {len(scenarios)}")
    return GenerationStats(
        name=name or harness_name(h),
        tools=len(h.tools),
        scenarios=len(scenarios),
        calls=sum(len(s) for s in sequences),
        min_per_tool=max(1, h.manifest.coverage.min_per_tool),
        coverage=coverage,
        gini=gini([c.calls for c in coverage]),
        pairs=cooccurrence_pairs(sequences),
        transitions=transitions(sequences),
        categories=Counter(s.category for s in scenarios),
        complexity=Counter(s.complexity for s in scenarios),
        lengths=lengths,
        multi_turn=multi_turn,
        grounding=grounding,
        usage=_usage(h),
        failures=Counter(f.stage for f in h.manifest.failures),
        cross_spec=cross_spec,
        skipped_tools=tuple((f"{k.spec}:{k.tool}", k.reason) for k in h.manifest.skipped_tools),
        manifest_mismatches=tuple(mismatches),
    )

"""What the Coordinator hands to executors and reports back: tasks, progress snapshots, usage sums, the manifest."""

from __future__ import annotations

from dataclasses import dataclass, field
from importlib import metadata
from typing import Any

from coordinator.coverage import CoverageTracker
from coordinator.dimensions import measure
from schemas import (
    STAGES, Counts, Failure, GeneratorInfo, Manifest, RunConfig, Scenario, ScenarioRequest, StageUsage, ToolSuite,
    Usage,
)


@dataclass(frozen=True)
class Task:
    stage: str
    key: int  # tool index for interpret; request index otherwise
    payload: Any  # Tool, ScenarioRequest or Scenario

    @property
    def item(self) -> str:
        p = self.payload
        return getattr(p, "id", None) or getattr(p, "name", "") or str(self.key)


@dataclass(frozen=True)
class Progress:
    stages: dict[str, tuple[int, int, int]]  # stage -> (submitted, done, failed)
    covered: int
    total: int
    round: int
    requested: int
    kept: int
    finished: bool
    stop_reason: str | None
    usage: StageUsage | None = None  # model requests, tokens and cost so far, when a stage uses a model


@dataclass
class Request:
    request: ScenarioRequest
    written: list[str] | None = None
    reached: dict[str, list[str]] | None = None  # the written scenario's part of each coverage dimension
    is_written: bool = False
    done: bool = False
    failures: list[Failure] = field(default_factory=list)
    usage: dict[str, StageUsage] = field(default_factory=dict)


def add_usage(into: dict[str, StageUsage], stage: str, u: StageUsage) -> None:
    cur = into.setdefault(stage, StageUsage())
    cur.requests += u.requests
    cur.cache_hits += u.cache_hits
    cur.prompt_tokens += u.prompt_tokens
    cur.completion_tokens += u.completion_tokens
    cur.cost_usd = None if cur.cost_usd is None or u.cost_usd is None else round(cur.cost_usd + u.cost_usd, 8)


def run_usage(interpret: list[StageUsage], requests: list[Request]) -> Usage:
    """What a run used per stage, interpretation and then the requests in order (costs are rounded per addition)."""
    stages: dict[str, StageUsage] = {}
    for u in interpret:
        add_usage(stages, "interpret", u)
    for r in requests:
        for stage, u in r.usage.items():
            add_usage(stages, stage, u)
    return Usage(stages={s: stages[s] for s in STAGES if s in stages})


def package_version() -> str:
    try:
        return metadata.version("agent-seer")
    except metadata.PackageNotFoundError:
        return "0"


def generation_settings(config: RunConfig) -> dict:
    """The settings a resumed run must share with the run it continues (workers and budget may change)."""
    return config.model_dump(mode="json", include={
        "seed", "engines", "strategy", "min_per_tool", "complex_ratio", "batch_size", "expand",
    }) | {"model": config.llm.model}


def run_manifest(suite: ToolSuite, config: RunConfig, run_id: str, coverage: CoverageTracker, kept: list[Scenario],
                 failures: list[Failure], usage: Usage, graph: Any, given_up: dict | None, *, partial: bool,
                 stop_reason: str | None, dimensions: bool) -> Manifest:
    """A run's manifest: coverage counted from the kept scenarios (dropped ones took theirs back), the tools given
    up on with why, and with `dimensions` the coverage dimensions (`given_up`: the --cover keys given up)."""
    final = CoverageTracker(coverage.tools, config.min_per_tool)
    for s in kept:
        final.add_tools(s.tools)
    for tool, why in coverage.excluded.items():
        final.exclude(tool, why)
    dims = measure(suite.tools, kept, graph, given_up) if dimensions else {}
    return Manifest(
        partial=partial, stop_reason=stop_reason,
        generator=GeneratorInfo(
            version=package_version(), engines=config.engines.as_dict(), model=config.llm.model, seed=config.seed,
            strategy=config.strategy, min_per_tool=config.min_per_tool, max_scenarios=config.budget.max_scenarios,
            run_id=run_id,
        ),
        sources=suite.sources, name_map=suite.name_map,
        counts=Counts(
            tools=len(suite.tools), scenarios=len(kept),
            simple=sum(s.complexity == "simple" for s in kept), complex=sum(s.complexity == "complex" for s in kept),
            multi_turn=sum(len(s.turns) > 1 for s in kept), calls=sum(len(s.calls) for s in kept),
        ),
        coverage=final.to_model(stop_reason).model_copy(update={"dimensions": dims}),
        usage=usage, failures=failures, skipped_tools=suite.skipped,
    )

"""manifest.json: what a harness contains, how it was made, and what went wrong."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from schemas._base import Contract
from schemas.tool import SkippedTool, SpecSource

FORMAT_VERSION = "1.0"
Stage = Literal["ingest", "interpret", "scenario", "mock", "expand", "coordinator", "judge", "run"]


class Failure(Contract):
    """Something rejected during generation, with the reason. Nothing is dropped silently."""

    stage: Stage
    item: str = Field(description="Scenario id, tool name or request id the failure concerns.")
    reason: str
    path: str | None = Field(default=None, description="Where inside the item, e.g. `calls[2].arguments.path`.")
    attempts: int = Field(default=1, ge=1)
    recovered_by: str | None = Field(default=None, description="Engine that produced the item instead (e.g. `offline` fallback).")


class UncoveredTool(Contract):
    tool: str
    reason: str


class DimensionCoverage(Contract):
    """One coverage dimension (coordinator/dimensions.py): how much of its universe the scenarios reach."""

    total: int | None = Field(default=None, ge=0, description="Size of the universe; null when the spec states none.")
    covered: int = Field(ge=0)
    ratio: float | None = Field(default=None, ge=0.0, le=1.0)
    missing: list[str] = Field(default_factory=list, description="What is not reached (the first 50), sorted.")
    missing_count: int = Field(default=0, ge=0)
    note: str | None = Field(default=None, description="Why the dimension has no universe, when it has none.")
    given_up: dict[str, str] = Field(
        default_factory=dict, description="Keys a `--cover` run aimed at in vain and gave up on, with the reason (the first 50).")


class Coverage(Contract):
    min_per_tool: int = Field(default=1, ge=0)
    total_tools: int = Field(ge=0)
    covered_tools: int = Field(ge=0)
    ratio: float = Field(ge=0.0, le=1.0)
    per_tool: dict[str, int] = Field(default_factory=dict, description="Tool name -> number of calls across all scenarios.")
    uncovered: list[UncoveredTool] = Field(default_factory=list)
    dimensions: dict[str, DimensionCoverage] = Field(
        default_factory=dict, description="tools, params, enums, edges, annotations, pairs, errors: see coordinator/dimensions.py."
    )


class StageUsage(Contract):
    requests: int = 0
    cache_hits: int = 0
    prompt_tokens: int = 0
    completion_tokens: int = 0
    cost_usd: float | None = Field(default=0.0, description="null when the model's price is unknown.")


class Usage(Contract):
    stages: dict[str, StageUsage] = Field(default_factory=dict)

    @property
    def total(self) -> StageUsage:
        out = StageUsage()
        for s in self.stages.values():
            out.requests += s.requests
            out.cache_hits += s.cache_hits
            out.prompt_tokens += s.prompt_tokens
            out.completion_tokens += s.completion_tokens
            if out.cost_usd is not None:
                out.cost_usd = None if s.cost_usd is None else out.cost_usd + s.cost_usd
        return out


class Counts(Contract):
    tools: int = 0
    scenarios: int = 0
    simple: int = 0
    complex: int = 0
    multi_turn: int = 0
    calls: int = 0


class GeneratorInfo(Contract):
    version: str
    engines: dict[str, str] = Field(description="Stage -> engine name (interpret, scenario, mock, expand).")
    model: str | None = None
    seed: int
    strategy: str
    min_per_tool: int = 1
    max_scenarios: int | None = None
    run_id: str = ""


class Manifest(Contract):
    format_version: str = FORMAT_VERSION
    partial: bool = Field(default=False, description="True while generation is running or after an interrupted run.")
    stop_reason: str | None = Field(default=None, description="Why generation stopped: complete, budget, interrupted, error.")
    generator: GeneratorInfo
    sources: list[SpecSource]
    name_map: dict[str, str] = Field(default_factory=dict)
    counts: Counts = Field(default_factory=Counts)
    coverage: Coverage
    usage: Usage = Field(default_factory=Usage)
    failures: list[Failure] = Field(default_factory=list)
    skipped_tools: list[SkippedTool] = Field(default_factory=list)

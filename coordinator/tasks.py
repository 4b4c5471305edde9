"""What the Coordinator hands to executors and reports back: tasks, progress snapshots, usage sums."""

from __future__ import annotations

from dataclasses import dataclass, field
from importlib import metadata
from typing import Any

from schemas import Failure, RunConfig, ScenarioRequest, StageUsage



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

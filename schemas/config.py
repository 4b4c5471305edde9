"""Run configuration: one model, loaded from configs/*.yaml and CLI flags."""

from __future__ import annotations

from pathlib import Path
from typing import Literal

import yaml
from pydantic import Field, ValidationError

from schemas._base import StrictContract
from schemas.errors import SeerError

STAGES = ("interpret", "scenario", "mock", "expand")


class EngineSelection(StrictContract):
    """Which engine runs each stage (a registry name such as `offline` or `llm`)."""

    interpret: str = "offline"
    scenario: str = "offline"
    mock: str = "offline"
    expand: str = "offline"

    def as_dict(self) -> dict[str, str]:
        return {s: getattr(self, s) for s in STAGES}

    def llm_stages(self) -> list[str]:
        """Stages whose engine calls a model through the LLM gateway (engine names starting with `llm`)."""
        return [s for s in STAGES if getattr(self, s).startswith("llm")]


class Workers(StrictContract):
    interpret: int = Field(default=1, ge=1)
    scenario: int = Field(default=2, ge=1)
    mock: int = Field(default=2, ge=1)
    expand: int = Field(default=1, ge=1)
    per_actor: int = Field(
        default=1, ge=1,
        description="Concurrent calls per worker process (threads): a stage with N workers runs ceil(N/per_actor) "
        "processes. Raise it for engines that mostly wait (LLM calls); engines must then be thread-safe.",
    )


class Budget(StrictContract):
    max_scenarios: int | None = Field(default=None, ge=1, description="Stop after this many scenarios.")
    max_llm_calls: int | None = Field(default=None, ge=0)
    max_tokens: int | None = Field(default=None, ge=0)
    max_cost: float | None = Field(default=None, ge=0.0, description="US dollars.")


class LLMSettings(StrictContract):
    model: str | None = Field(default=None, description="Any litellm model string, e.g. gemini/gemini-2.5-flash-lite.")
    api_base: str | None = None
    temperature: float = Field(default=0.7, ge=0.0, le=2.0)
    concurrency: int = Field(default=8, ge=1)
    rpm: int | None = Field(default=None, ge=1)
    tpm: int | None = Field(default=None, ge=1)
    timeout_s: float = Field(default=120.0, gt=0)
    max_retries: int = Field(default=3, ge=0, description="Validation retries with the errors fed back.")
    cache: bool = True
    cache_path: str | None = Field(default=None, description="SQLite cache file; default under the user's cache dir.")
    fallback: Literal["offline"] | None = None
    transport_retries: int = Field(default=4, ge=0, description="Retries of a request after 429, 5xx, timeouts or unreadable replies.")
    backoff_s: float = Field(default=1.0, ge=0.0, description="First retry delay; doubles per retry (with jitter).")
    response_format: Literal["json_schema", "json_object"] | None = Field(
        default=None, description="How structured output is requested; None: json_schema (json_object for local/ models)."
    )
    max_tokens: int | None = Field(default=None, ge=1, description="Completion token cap per request (None: the provider's default).")
    input_cost_per_million: float | None = Field(default=None, ge=0.0, description="USD per 1M prompt tokens for models litellm has no price for.")
    output_cost_per_million: float | None = Field(default=None, ge=0.0, description="USD per 1M completion tokens for such models.")


LLM_CALLS_PER_PROCESS = 8


class RunConfig(StrictContract):
    """Everything `seer generate` needs besides the specs."""

    seed: int = 0
    engines: EngineSelection = Field(default_factory=EngineSelection)
    strategy: str = Field(default="least-covered", description="Sampling strategy registry name.")
    min_per_tool: int = Field(default=1, ge=0)
    cover: list[Literal["tools", "params", "enums", "edges"]] = Field(
        default_factory=lambda: ["tools"], min_length=1,
        description="Coverage dimensions the run must reach (or give up on, with the reason): tools, params, enums, edges.")
    complex_ratio: float = Field(default=0.5, ge=0.0, le=1.0, description="Share of complex scenarios requested.")
    batch_size: int = Field(default=16, ge=1, description="Scenarios requested per coverage round.")
    max_rounds: int | None = Field(
        default=None, ge=1, description="Coverage rounds at most; None: scaled to the spec (at least 200), so that "
                                        "the run ends by covering or giving up on every tool, never by this cap.")
    expand: bool = True
    workers: Workers = Field(default_factory=Workers)
    budget: Budget = Field(default_factory=Budget)
    llm: LLMSettings = Field(default_factory=LLMSettings)
    runtime: Literal["local", "ray"] = Field(
        default="local", description="local: this process (threads); ray: Ray actors on a private local instance or `address`.")
    address: str | None = Field(default=None, description="Ray cluster address to join; setting one runs on Ray.")

    def stage_workers(self, stage: str) -> tuple[int, int]:
        """(workers, calls per process) a stage runs with. An LLM stage gets at least `llm.concurrency`
        workers: its calls wait on the gateway, which alone enforces the limit, and fewer callers than the
        limit would leave `--concurrency` unused. Waiting calls need little CPU, so they share processes,
        at least LLM_CALLS_PER_PROCESS to each (the runtime also caps a stage's processes by the CPUs)."""
        n, per_actor = getattr(self.workers, stage), self.workers.per_actor
        if stage in self.engines.llm_stages():
            n, per_actor = max(n, self.llm.concurrency), max(per_actor, LLM_CALLS_PER_PROCESS)
        return n, per_actor


class ConfigError(SeerError):
    """A configuration file or flag is invalid; the message names where."""


def _yaml_problem(e: yaml.YAMLError) -> str:
    """"line L, column C: <problem>" (1-based, as editors count) for a YAML syntax error."""
    mark = getattr(e, "problem_mark", None) or getattr(e, "context_mark", None)
    problem = getattr(e, "problem", None) or str(e).splitlines()[0]
    where = f"line {mark.line + 1}, column {mark.column + 1}: " if mark is not None else ""
    return f"{where}invalid YAML: {problem}"


def load_config(path: str | Path | None = None, **overrides: object) -> RunConfig:
    """Read a YAML preset and apply overrides given as dotted keys (`llm.model`)."""
    data: dict = {}
    if path is not None:
        p = Path(path)
        try:
            loaded = yaml.safe_load(p.read_text(encoding="utf-8"))
        except OSError as e:
            raise ConfigError(f"{p}: cannot read config: {e.strerror or e}") from None
        except yaml.YAMLError as e:
            raise ConfigError(f"{p}: {_yaml_problem(e)}") from None
        if loaded is not None and not isinstance(loaded, dict):
            raise ConfigError(f"{p}: expected a mapping at the top level, got {type(loaded).__name__}")
        data = loaded or {}
    for key, value in overrides.items():
        if value is None:
            continue
        node = data
        parts = key.split(".")
        for part in parts[:-1]:
            node = node.setdefault(part, {})
        node[parts[-1]] = value
    try:
        return RunConfig.model_validate(data)
    except ValidationError as e:
        err = e.errors()[0]
        where = ".".join(str(x) for x in err["loc"])
        raise ConfigError(f"{path or 'config'}: {where}: {err['msg']}") from None

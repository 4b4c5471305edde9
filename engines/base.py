"""The stage contracts: one small Protocol per stage, and what every stage call returns.

Engines (`offline`, `llm`, ...) implement these; the coordinator only ever sees the
Protocols, so a new engine is a new module plus a registry entry (engines/registry.py).
Nothing here imports ray: the Ray layer wraps these plain objects elsewhere.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Generic, Protocol, TypeVar, runtime_checkable

from schemas import (
    Failure,
    RunConfig,
    Scenario,
    ScenarioRequest,
    StageUsage,
    Tool,
    ToolInterpretation,
    ToolSuite,
)

T = TypeVar("T")


@dataclass
class Outcome(Generic[T]):
    """A stage result: the item (None when it failed for good), what was rejected on the way, and usage."""

    item: T | None
    failures: list[Failure] = field(default_factory=list)
    usage: StageUsage = field(default_factory=StageUsage)

    @property
    def ok(self) -> bool:
        return self.item is not None


@dataclass(frozen=True)
class EngineContext:
    """What every engine is built with. `interpretations` is empty for the interpret stage."""

    suite: ToolSuite
    config: RunConfig
    interpretations: dict[str, ToolInterpretation] = field(default_factory=dict)
    gateway: Any = None  # an LLM gateway handle for LLM engines; None offline


@runtime_checkable
class Interpreter(Protocol):
    def interpret(self, tool: Tool) -> Outcome[ToolInterpretation]: ...


@runtime_checkable
class ScenarioWriter(Protocol):
    """Writes a scenario's calls (tool + arguments + explanation), no outputs yet."""

    def write(self, request: ScenarioRequest) -> Outcome[Scenario]: ...


@runtime_checkable
class Mocker(Protocol):
    """Fills every call's output and grounding, and the scenario's WorkflowState."""

    def mock(self, scenario: Scenario) -> Outcome[Scenario]: ...


@runtime_checkable
class Expander(Protocol):
    """Splits a mocked scenario into dialogue turns (or leaves one turn when that is all it has)."""

    def expand(self, scenario: Scenario) -> Outcome[Scenario]: ...


class StageError(Exception):
    """A stage could not produce a valid item; `path` says where inside it."""

    def __init__(self, reason: str, path: str | None = None):
        super().__init__(reason if path is None else f"{path}: {reason}")
        self.reason = reason
        self.path = path

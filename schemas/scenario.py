"""Scenarios: the held-out oracle of a harness (one line of scenarios.jsonl each)."""

from __future__ import annotations

import re
from enum import Enum
from typing import Any, Literal

from pydantic import Field

from schemas._base import Contract, JSONValue

Complexity = Literal["simple", "complex"]
_PATH_PART = re.compile(r"\[\d+\]|[^.\[\]]+")


class Grounding(str, Enum):
    """How well a mock output is grounded in the spec."""

    high = "high"  # the spec has an example or an outputSchema for this tool
    medium = "medium"  # only similar tools have one
    low = "low"  # the parameter schema alone


class Entity(Contract):
    """Something that exists in a scenario's world: a file, a branch, a cache key..."""

    kind: str = Field(description="Entity kind, singular and lower case, e.g. `file`, `branch`, `key`.")
    id: str = Field(description="The identifier later calls use to refer to it (path, id, key, SHA...).")
    name: str | None = Field(default=None, description="A human-readable name when it differs from the id.")
    attributes: dict[str, JSONValue] = Field(default_factory=dict, description="Known attribute values.")
    created_by: int | None = Field(
        default=None, description="Index of the call whose output created or revealed it; null when assumed to exist beforehand."
    )


class WorkflowState(Contract):
    """The shared world of one scenario: entities and what it assumes exists before it starts."""

    entities: list[Entity] = Field(default_factory=list)
    preconditions: list[Entity] = Field(
        default_factory=list, description="Entities the scenario assumes exist before its first call."
    )
    context: dict[str, JSONValue] = Field(
        default_factory=dict, description="Suite-wide context values such as the repository path or working directory."
    )


class MockOutput(Contract):
    """A synthesized tool result."""

    output: JSONValue = Field(description="The result: the structuredContent object when the tool has an outputSchema, else text.")
    grounding: Grounding = Field(description="high: spec example or outputSchema; medium: similar tools only; low: parameters only.")
    is_error: bool = Field(default=False, description="True when the mock represents a tool error result.")


class Call(Contract):
    """One tool call of a scenario, with its mock output once the mock stage ran."""

    tool: str = Field(description="Name of a tool that exists in the suite.")
    arguments: dict[str, JSONValue] = Field(description="Concrete argument values, valid against the tool's inputSchema.")
    explanation: str = Field(description="One short sentence on why this call is made at this point.")
    output: JSONValue = Field(default=None, description="Mock output (structuredContent object or text); null before mocking.")
    grounding: Grounding | None = Field(default=None, description="Grounding tier of the mock output; null before mocking.")
    is_error: bool = Field(default=False, description="True when the mock output is an error result.")
    sources: dict[str, int] = Field(
        default_factory=dict,
        description="Argument name -> index of the earlier call whose output supplied its value. A value nested "
                    "inside an object or array argument is named by its path: `params.layer_id`, "
                    "`observations[0].entityName`.",
    )

    def argument_at(self, key: str) -> Any:
        """The argument value a `sources` key names: a top-level argument name, or a path into a nested
        one (`params.layer_id`, `relations[1].from`). Raises KeyError when the call has no such value."""
        if key in self.arguments:
            return self.arguments[key]
        node: Any = self.arguments
        for part in _PATH_PART.findall(key):
            if part.startswith("["):
                i = int(part[1:-1])
                if not isinstance(node, list) or not 0 <= i < len(node):
                    raise KeyError(key)
                node = node[i]
            elif isinstance(node, dict) and part in node:
                node = node[part]
            else:
                raise KeyError(key)
        if node is self.arguments:
            raise KeyError(key)
        return node


class Turn(Contract):
    """One user turn of a dialogue and the calls (indices into `calls`) that answer it."""

    user: str = Field(description="What the user says in this turn.")
    calls: list[int] = Field(description="Indices into the scenario's calls, in order.")


class Scenario(Contract):
    """A workflow: instruction, ordered calls with mock outputs, and its dialogue turns."""

    id: str = Field(description="Stable scenario id, unique within the harness.")
    title: str = Field(description="A short title.")
    complexity: Complexity = Field(description="simple: 1-2 calls on one entity; complex: 3-8 calls, >= 2 tools and >= 2 actions.")
    category: str = Field(description="A short category label grouping similar workflows.")
    instruction: str = Field(description="The user's request, stating every concrete value the calls need.")
    novelty_reason: str = Field(description="Why this scenario differs from others generated for the same spec.")
    follow_up: str = Field(description="A natural follow-up question the user might ask next.")
    calls: list[Call] = Field(description="Ordered tool calls that fulfil the instruction.")
    turns: list[Turn] = Field(default_factory=list, description="Dialogue turns; one turn holding every call when not expanded.")
    specs: list[str] = Field(default_factory=list, description="Names of the specs whose tools the scenario uses.")
    state: WorkflowState = Field(default_factory=WorkflowState, description="The scenario's shared workflow state.")
    seed: int | None = Field(default=None, description="Seed the scenario was generated from (offline engine).")
    meta: dict[str, Any] = Field(default_factory=dict, description="Generator bookkeeping (strategy, focus tools, round).")

    @property
    def tools(self) -> list[str]:
        return [c.tool for c in self.calls]

    def single_turn(self) -> list[Turn]:
        return [Turn(user=self.instruction, calls=list(range(len(self.calls))))]


class ScenarioRequest(Contract):
    """What the coordinator asks the scenario stage for."""

    id: str = Field(description="Scenario id to give the result.")
    index: int = Field(ge=0, description="Global position of the request; fixes output order and derived seeds.")
    seed: int = Field(description="Seed for this scenario, derived from the run seed and the index.")
    complexity: Complexity
    focus_tools: list[str] = Field(min_length=1, description="Tools the scenario must use (under-covered ones first).")
    uncovered_tools: list[str] = Field(default_factory=list, description="Tools not yet covered, to prefer when there is a choice.")
    round: int = Field(default=0, ge=0)
    strategy: str = Field(default="")
    want: list[str] = Field(
        default_factory=list, description="Coverage keys to reach when the scenario can: `tool.param` (give that "
        "optional parameter), `tool.param=JSON` (use that enum value); see coordinator/dimensions.py.")


class Task(Contract):
    """What an agent under test may see of a scenario (one line of tasks.jsonl): no calls, no outputs."""

    id: str
    title: str
    complexity: Complexity
    category: str
    turns: list[str] = Field(description="The user's messages, one per dialogue turn, in order.")
    specs: list[str] = Field(default_factory=list)

    @classmethod
    def from_scenario(cls, s: Scenario) -> "Task":
        turns = s.turns or s.single_turn()
        return cls(id=s.id, title=s.title, complexity=s.complexity, category=s.category,
                   turns=[t.user for t in turns], specs=s.specs)

"""The JSON each stage asks the model for. Field descriptions are written for the model to read.

Facts we already know (tool names, required parameters, grounding tiers, ids) are not asked
for; the checks in checks.py fill them in and verify everything the model did write.
"""

from __future__ import annotations

import functools
import json
from typing import Any

from pydantic import Field

from schemas import Action, ParameterRole
from schemas._base import Contract, JSONValue


class ParameterReply(Contract):
    name: str = Field(description="Parameter name exactly as in the tool's inputSchema.")
    role: ParameterRole = Field(description=(
        "identifier: names an existing entity (path, id, key); content: data written or sent; filter: narrows "
        "results; pagination: page/offset/limit/cursor; option: a behaviour flag; target: a destination or new "
        "location; context: suite-wide such as a repository path; credential: a secret; other: none of these."))
    entity: str | None = Field(default=None, description="Kind of entity the value refers to, e.g. file, branch.")
    description: str = Field(default="", description="One sentence on what the value means for this tool.")


class InterpretationReply(Contract):
    functionality: str = Field(description="One or two sentences on what the tool does and what it returns.")
    action: Action = Field(description="The main kind of operation the tool performs.")
    entity: str = Field(description="The kind of thing the tool acts on, singular and lower case, e.g. file, commit.")
    parameters: list[ParameterReply] = Field(description="Every top-level inputSchema parameter, once each.")
    use_cases: list[str] = Field(description="2 to 4 short, concrete situations where the tool is used.")
    tags: list[str] = Field(description="1 to 3 lower-case organisational tags, e.g. filesystem, version-control.")
    produces: list[str] = Field(default_factory=list, description="Entity kinds whose identifiers appear in the output.")


class CallReply(Contract):
    tool: str = Field(description="Name of a tool from the provided specifications, exactly as written there.")
    arguments: dict[str, JSONValue] = Field(description="Concrete argument values valid against the tool's inputSchema.")
    explanation: str = Field(description="One short sentence on why this call is made at this point.")
    sources: dict[str, int] = Field(default_factory=dict, description=(
        "Argument name -> index of the earlier call whose output supplies its value (only for such arguments)."))


class ScenarioReply(Contract):
    title: str = Field(description="A short title.")
    category: str = Field(description="A short category label grouping similar workflows, e.g. code review.")
    instruction: str = Field(description="The user's request, stating every concrete value the calls need.")
    calls: list[CallReply] = Field(description="The ordered tool calls that fulfil the instruction.")
    novelty_reason: str = Field(description="Why this workflow differs from the usual uses of these tools.")
    follow_up: str = Field(description="A natural follow-up question the user might ask next.")


class OutputReply(Contract):
    index: int = Field(description="Index of the call (0-based) this output answers.")
    output: JSONValue = Field(description="The result: an object valid against the outputSchema when the tool has one, else text.")
    is_error: bool = Field(default=False, description="True only when the instruction calls for a failing call.")


class EntityReply(Contract):
    kind: str = Field(description="Entity kind, singular and lower case, e.g. file, branch, issue.")
    id: str = Field(description="The identifier later calls use (path, id, key, SHA...), exactly as it appears.")
    name: str | None = Field(default=None, description="A human-readable name when it differs from the id.")
    created_by: int | None = Field(default=None, description="Index of the call whose output created or revealed it.")


class MockReply(Contract):
    outputs: list[OutputReply] = Field(description="One output per call, for every call index, in order.")
    preconditions: list[EntityReply] = Field(default_factory=list, description=(
        "Entities the workflow assumes exist before its first call (e.g. the file the first call reads)."))
    entities: list[EntityReply] = Field(default_factory=list, description=(
        "Entities created or revealed by the outputs, with created_by set to that call's index."))


class TurnReply(Contract):
    user: str = Field(description="What the user says in this turn; after the first turn, quote a concrete value "
                                  "(an id, name or number) from an earlier turn's outputs.")
    calls: list[int] = Field(description="Indices of the calls answering this turn, in order.")


class ExpansionReply(Contract):
    turns: list[TurnReply] = Field(description="Two or more turns; together they hold every call index exactly once, in order.")


def schema_of(model: type[Contract]) -> dict[str, Any]:
    """The JSON schema sent as the response format (a fresh copy: callers and litellm may modify it)."""
    return json.loads(_schema_json(model))


@functools.cache
def _schema_json(model: type[Contract]) -> str:
    # pydantic rebuilds the schema on every call (~1 ms of CPU each); every request of a stage sends the same one
    return json.dumps(model.model_json_schema())

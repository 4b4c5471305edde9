"""Agent transcripts: what an agent under test did (one JSON line per scenario in a run directory)."""

from __future__ import annotations

from pydantic import Field

from schemas._base import Contract, JSONValue


class ToolCallRecord(Contract):
    """One tool call the agent made and what the mock world answered."""

    tool: str
    arguments: dict[str, JSONValue] | None = Field(
        default=None, description="Parsed arguments; null when the agent sent arguments that are not a JSON object."
    )
    raw_arguments: str | None = Field(default=None, description="Arguments as sent, when they could not be parsed.")
    output: JSONValue = None
    is_error: bool = False
    error: str | None = None
    oracle_index: int | None = Field(default=None, description="Index of the oracle call this matched, if any.")


class TranscriptTurn(Contract):
    user: str
    calls: list[ToolCallRecord] = Field(default_factory=list)
    answer: str | None = Field(default=None, description="The agent's final text for this turn.")
    steps: int = Field(default=0, ge=0, description="Model round trips used in this turn.")
    stopped: str | None = Field(default=None, description="Why the turn ended early: step_limit, error.")


class InjectedFault(Contract):
    """A fault a reference agent (`faulty:KIND`) injected on purpose, so graders can be checked against it."""

    kind: str = Field(description="wrong_tool, hallucinated_tool, missing_required_argument, wrong_value, wrong_type, "
                                  "bad_format, swapped_order, extra_call or skipped_call.")
    call_index: int | None = Field(default=None, description="Index of the oracle call the fault was applied to.")
    turn: int | None = Field(default=None, description="Index of the dialogue turn holding that call.")
    detail: str = Field(default="", description="What exactly changed, e.g. `argument path dropped`.")
    applied: bool = Field(default=True, description="False when no call of the scenario allowed this fault.")


class Transcript(Contract):
    scenario_id: str
    agent: str
    turns: list[TranscriptTurn]
    error: str | None = None
    prompt_tokens: int = 0
    completion_tokens: int = 0
    faults: list[InjectedFault] = Field(default_factory=list, description="Faults injected by a faulty reference agent.")


class ServerEvent(Contract):
    """One request received by `seer serve` (one line of its transcript file)."""

    seq: int
    session: str
    scenario_id: str | None = None
    method: str
    tool: str | None = None
    arguments: JSONValue = None
    output: JSONValue = None
    is_error: bool = False
    error: str | None = None
    oracle_index: int | None = None

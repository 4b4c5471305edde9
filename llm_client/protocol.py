"""What callers send the LLM gateway and what they get back (plain, picklable, no litellm).

Stage workers, agents and judges build an `LLMRequest`, hand it to a gateway (the plain
`LLMGateway` in-process, or the coordinator's Ray actor through the same `complete` /
`acomplete` methods) and receive an `LLMResult`.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from schemas import SeerError, StageUsage, Usage


@dataclass(frozen=True)
class LLMRequest:
    """One chat completion. `response_schema` asks for JSON matching it (and is parsed into `parsed`)."""

    messages: tuple[dict[str, Any], ...]
    stage: str = "other"  # usage is accounted per stage: interpret, scenario, mock, expand, judge, run ...
    item: str = ""  # what the request is about (tool name, scenario id), for logs and failures
    response_schema: dict[str, Any] | None = None
    schema_name: str = "reply"
    temperature: float | None = None  # None: the gateway's configured temperature
    seed: int | None = None
    model: str | None = None  # None: the gateway's configured model (judges may name another)
    tools: tuple[dict[str, Any], ...] = ()  # OpenAI function tools, for agent loops
    tool_choice: str | dict[str, Any] | None = None
    max_tokens: int | None = None
    cache: bool = True

    @staticmethod
    def of(messages: list[dict[str, Any]], **kw: Any) -> "LLMRequest":
        return LLMRequest(messages=tuple(messages), **kw)


@dataclass(frozen=True)
class LLMResult:
    """A completion: raw text, parsed JSON (when a schema was asked for), tool calls, usage, cache flag."""

    content: str | None
    model: str
    usage: StageUsage
    cached: bool = False
    parsed: Any = None
    parse_error: str | None = None
    tool_calls: tuple[dict[str, Any], ...] = ()  # [{"id", "name", "arguments" (str as sent)}]
    finish_reason: str | None = None
    stage: str = "other"
    transport_errors: tuple[str, ...] = ()  # failed attempts (429, 5xx, timeouts) before this answer


def parse_json(content: str | None) -> tuple[Any, str | None]:
    """The JSON value in a reply, tolerating code fences and raw control characters; or (None, why)."""
    if content is None or not content.strip():
        return None, "the reply is empty"
    text = content.strip()
    if text.startswith("```"):
        text = text.split("\n", 1)[1] if "\n" in text else ""
        text = text.rsplit("```", 1)[0]
    try:
        return json.loads(text, strict=False), None
    except json.JSONDecodeError as e:
        return None, f"the reply is not valid JSON ({e.msg} at line {e.lineno} column {e.colno})"


class LLMError(SeerError):
    """The gateway could not produce a completion. `usage` and `transport_errors` say what the attempts cost."""

    usage: StageUsage = StageUsage()
    transport_errors: tuple[str, ...] = ()


class LLMConfigError(LLMError):
    """Model, key or server configuration is unusable; raised before any request is sent."""


class LLMUnavailable(LLMError):
    """The provider kept failing (429/5xx/timeouts) after every transport retry."""


class BudgetExceeded(LLMError):
    """A budget cap (--max-calls, --max-cost, max_tokens) is reached: no further requests are dispatched."""


def merged(a: StageUsage, b: StageUsage) -> StageUsage:
    """a + b (cost becomes null once any part is unknown)."""
    return Usage(stages={"a": a, "b": b}).total


@dataclass
class UsageBook:
    """Per-stage usage totals (the manifest's `usage.stages`)."""

    stages: dict[str, StageUsage] = field(default_factory=dict)

    def add(self, stage: str, u: StageUsage) -> None:
        self.stages[stage] = merged(self.stages.get(stage, StageUsage()), u)

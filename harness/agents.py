"""Agents `seer run` can drive: a litellm model, and the reference agents `oracle` and `faulty:KIND,...`.

An agent makes one `Episode` per scenario; the runner asks the episode for a reply to the
conversation so far (OpenAI chat messages) and executes the tool calls it returns. Model agents
see only the conversation and the tools; reference agents read the scenario's oracle plan.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, field
from typing import Any, Protocol

from common.files import Harness
from harness.faults import KINDS, PlannedCall, inject, oracle_plan
from schemas import InjectedFault, Scenario, Tool
from schemas.errors import SeerError


@dataclass(frozen=True)
class ToolCall:
    id: str
    name: str
    raw_arguments: str  # as the agent sent them; the runner parses them
    function: str = ""  # the name the model used, when the provider needed a different one


@dataclass(frozen=True)
class AgentReply:
    text: str | None = None
    tool_calls: tuple[ToolCall, ...] = ()
    prompt_tokens: int = 0
    completion_tokens: int = 0


class Episode(Protocol):
    faults: list[InjectedFault]

    async def reply(self, messages: list[dict[str, Any]], tools: list[dict[str, Any]]) -> AgentReply: ...


class Agent(Protocol):
    name: str

    def episode(self, scenario: Scenario) -> Episode: ...


def _turn_position(messages: list[dict[str, Any]]) -> tuple[int, int]:
    """(index of the current user turn, tool-calling replies already given in it)."""
    turn, done = -1, 0
    for m in messages:
        if m["role"] == "user":
            turn, done = turn + 1, 0
        elif m["role"] == "assistant" and m.get("tool_calls"):
            done += 1
    return turn, done


@dataclass
class PlanEpisode:
    """Replays a plan one call per reply, then answers in text; the plan is per user turn."""

    plan: list[list[PlannedCall]]
    faults: list[InjectedFault] = field(default_factory=list)

    async def reply(self, messages: list[dict[str, Any]], tools: list[dict[str, Any]]) -> AgentReply:
        turn, done = _turn_position(messages)
        calls = self.plan[turn] if 0 <= turn < len(self.plan) else []
        if done < len(calls):
            p = calls[done]
            return AgentReply(tool_calls=(ToolCall(f"call_{turn}_{done}", p.tool, p.raw_arguments),))
        last = next((m["content"] for m in reversed(messages) if m["role"] == "tool"), None)
        return AgentReply(text=f"Done. {last}" if last else "Done.")


@dataclass
class OracleAgent:
    """Replays the oracle calls of each turn exactly: the reference a perfect agent matches."""

    name: str = "oracle"

    def episode(self, scenario: Scenario) -> PlanEpisode:
        return PlanEpisode(oracle_plan(scenario))


@dataclass
class FaultyAgent:
    """The oracle with known faults injected (see harness.faults for which call gets which fault)."""

    kinds: list[str]
    tools: dict[str, Tool]
    seed: int = 0

    @property
    def name(self) -> str:
        return "faulty:" + ",".join(self.kinds)

    def episode(self, scenario: Scenario) -> PlanEpisode:
        plan, faults = inject(scenario, self.tools, self.kinds, self.seed)
        return PlanEpisode(plan, faults)


def function_name(name: str, taken: set[str]) -> str:
    """A provider-safe function name (`^[A-Za-z0-9_-]{1,64}$`), unique among `taken`."""
    safe = re.sub(r"[^A-Za-z0-9_-]", "_", name)[:64] or "tool"
    out, n = safe, 1
    while out in taken:
        n += 1
        out = f"{safe[:60]}_{n}"
    taken.add(out)
    return out


def openai_tools(tools: list[Tool]) -> tuple[list[dict[str, Any]], dict[str, str]]:
    """MCP tools as OpenAI function tools, and function name -> MCP tool name."""
    taken: set[str] = set()
    out, names = [], {}
    for t in tools:
        fn = function_name(t.name, taken)
        names[fn] = t.name
        params = t.input_schema if t.input_schema.get("type") == "object" else {"type": "object", "properties": {}}
        out.append({"type": "function", "function": {"name": fn, "description": (t.description or t.title or "")[:1024],
                                                     "parameters": params}})
    return out, names


@dataclass
class LiteLLMAgent:
    """A model behind litellm (any provider, or an OpenAI-compatible `api_base`)."""

    model: str
    tools: list[Tool]
    api_base: str | None = None
    seed: int | None = None
    temperature: float = 0.0
    timeout_s: float = 120.0
    api_key: str | None = None
    faults: list[InjectedFault] = field(default_factory=list)
    on_close: list[Any] = field(default_factory=list)  # callables run by close(), e.g. stopping a local server

    def __post_init__(self) -> None:
        self.functions, self.names = openai_tools(self.tools)

    @property
    def name(self) -> str:
        return self.model

    def episode(self, scenario: Scenario) -> "LiteLLMAgent":
        return self  # the model keeps no state outside the messages

    async def reply(self, messages: list[dict[str, Any]], tools: list[dict[str, Any]]) -> AgentReply:
        os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")
        import litellm  # heavy (~3 s): imported only when a model agent actually runs

        kwargs: dict[str, Any] = {"model": self.model, "messages": messages, "tools": self.functions,
                                  "temperature": self.temperature, "timeout": self.timeout_s}
        if self.api_base:
            kwargs["api_base"] = self.api_base
        if self.seed is not None:
            kwargs["seed"] = self.seed
        if self.api_key:
            kwargs["api_key"] = self.api_key
        resp = await litellm.acompletion(**kwargs)
        msg = resp.choices[0].message
        calls = tuple(
            ToolCall(tc.id or f"call_{k}", self.names.get(tc.function.name, tc.function.name),
                     tc.function.arguments or "", tc.function.name)
            for k, tc in enumerate(msg.tool_calls or [])
        )
        usage = getattr(resp, "usage", None)
        return AgentReply(text=msg.content if not calls else None, tool_calls=calls,
                          prompt_tokens=getattr(usage, "prompt_tokens", 0) or 0,
                          completion_tokens=getattr(usage, "completion_tokens", 0) or 0)

    def close(self) -> None:
        for fn in self.on_close:
            fn()
        self.on_close.clear()


def make_agent(spec: str, harness: Harness, *, seed: int = 0, api_base: str | None = None,
               temperature: float = 0.0) -> Agent:
    """`oracle`, `faulty:KIND[,KIND...]`, `local/NAME` (a llama.cpp server started here), or a litellm model."""
    if spec == "oracle":
        return OracleAgent()
    if spec.startswith("faulty:"):
        kinds = [k.strip() for k in spec.split(":", 1)[1].split(",") if k.strip()]
        unknown = [k for k in kinds if k not in KINDS]
        if not kinds or unknown:
            raise SeerError(f"--agent {spec}: unknown fault kind(s) {unknown or '(none)'}; known: {', '.join(KINDS)}")
        return FaultyAgent(kinds, harness.tool_map(), seed)
    if spec.startswith("local/"):
        from llm_client.local import LocalModelServer  # the LLM engine's local model server (llama-cpp-python)

        server = LocalModelServer.for_model(spec).start()
        return LiteLLMAgent(server.litellm_model, harness.tools, api_base=server.api_base, seed=seed,
                            temperature=temperature, api_key="local", on_close=[server.stop])
    check_model(spec, api_base)
    return LiteLLMAgent(spec, harness.tools, api_base=api_base, seed=seed, temperature=temperature)


def check_model(model: str, api_base: str | None) -> None:
    """Refuse, before any scenario runs, a model string litellm cannot route or a provider key that is not set.

    Otherwise a typo in `--agent` ends every scenario with the same provider error and litellm prints its
    provider list on stdout, where the JSON summary goes.
    """
    os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")
    import litellm

    litellm.suppress_debug_info = True
    try:
        litellm.get_llm_provider(model=model, api_base=api_base)
    except Exception:
        raise SeerError(f"--agent {model}: not oracle, faulty:KIND[,KIND...], local/NAME or a litellm model string "
                        "with a provider (e.g. openai/gpt-4o-mini, or openai/NAME with --api-base)") from None
    if api_base is None:
        env = litellm.validate_environment(model=model)
        if not env.get("keys_in_environment", True):
            raise SeerError(f"--agent {model}: set {' or '.join(env.get('missing_keys') or ['the provider key'])} "
                            "(or pass --api-base for an OpenAI-compatible server)")

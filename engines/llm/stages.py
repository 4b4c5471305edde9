"""The `llm` engine for the four stages: ask, parse, check, retry with the problems fed back.

Every rejected reply and every failed request attempt becomes a `Failure` (recovered_by
"retry" when a later attempt succeeded); after the last attempt the item is either produced
by the offline engine (`--fallback offline`) or reported missing. Nothing invalid is emitted.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any, Callable

from pydantic import BaseModel, ValidationError

from engines import registry
from engines.base import EngineContext, Outcome
from engines.llm import checks, prompts
from engines.llm.replies import ExpansionReply, InterpretationReply, MockReply, ScenarioReply, schema_of
from llm_client.framing import feedback
from llm_client.protocol import BudgetExceeded, LLMError, LLMRequest, merged
from schemas import Failure, Scenario, ScenarioRequest, StageUsage, Tool, ToolInterpretation

Check = Callable[[Any], tuple[Any, list[str]]]


class LLMStage:
    """Shared request/validate/retry loop; subclasses build the prompt and the check."""

    stage = ""
    method = ""
    reply: type[BaseModel] | None = None

    def __init__(self, ctx: EngineContext):
        if ctx.gateway is None:  # in-process use without a coordinator-provided gateway: the process's shared one
            from llm_client.gateway import LLMGateway

            ctx = replace(ctx, gateway=LLMGateway.shared(ctx.config.llm, ctx.config.budget))
        self.ctx = ctx
        self.gateway = ctx.gateway
        self.settings = ctx.config.llm
        self._offline: Any = None
        if self.reply is not None:  # built once per process (~50 ms of pydantic work), here rather than on a first request
            schema_of(self.reply)

    def _ask(self, item: str, messages: list[dict[str, str]], reply: type[BaseModel], check: Check,
             payload: Any, seed: int | None = None) -> Outcome:
        failures: list[Failure] = []
        usage = StageUsage()
        problems: list[str] = []
        attempts = 0
        for attempts in range(1, self.settings.max_retries + 2):
            request = LLMRequest.of(messages, stage=self.stage, item=item, response_schema=schema_of(reply),
                                    schema_name=reply.__name__, seed=seed)
            try:
                result = self.gateway.complete(request)
            except LLMError as e:
                usage = merged(usage, e.usage)
                failures += self._transport(item, e.transport_errors)
                problems = [str(e)]
                budget = isinstance(e, BudgetExceeded)
                return self._give_up(item, payload, problems, attempts, failures, usage, budget=budget)
            usage = merged(usage, result.usage)
            failures += self._transport(item, result.transport_errors)
            built, problems = self._check(result, reply, check)
            if not problems:
                return Outcome(built, failures, usage)
            failures.append(Failure(stage=self.stage, item=item, reason="; ".join(problems[:5]),
                                    path=_path(problems[0]), attempts=attempts, recovered_by="retry"))
            messages = [*messages, {"role": "assistant", "content": result.content or ""},
                        {"role": "user", "content": feedback(problems)}]
        failures[-1] = failures[-1].model_copy(update={"recovered_by": None})  # the last rejection was not retried
        return self._give_up(item, payload, problems, attempts, failures, usage, last_recorded=True)

    @staticmethod
    def _check(result: Any, reply: type[BaseModel], check: Check) -> tuple[Any, list[str]]:
        if result.parse_error is not None:
            return None, [result.parse_error]
        try:
            parsed = reply.model_validate(result.parsed)
        except ValidationError as e:
            return None, [f"{'.'.join(map(str, err['loc'])) or '(root)'}: {err['msg']}" for err in e.errors()[:10]]
        return check(parsed)

    def _transport(self, item: str, errors: tuple[str, ...]) -> list[Failure]:
        return [Failure(stage=self.stage, item=item, reason=f"model request failed: {e}", recovered_by="retry")
                for e in errors]

    def _give_up(self, item: str, payload: Any, problems: list[str], attempts: int, failures: list[Failure],
                 usage: StageUsage, *, budget: bool = False, last_recorded: bool = False) -> Outcome:
        if not last_recorded:
            failures.append(Failure(stage=self.stage, item=item, reason="; ".join(problems[:5]),
                                    path=_path(problems[0]) if problems else None, attempts=max(attempts, 1)))
        if self.settings.fallback == "offline":
            out = getattr(self._fallback(), self.method)(payload)
            if out.ok:
                failures[-1] = failures[-1].model_copy(update={"recovered_by": "offline"})
            return Outcome(out.item, failures + out.failures, merged(usage, out.usage))
        return Outcome(None, failures, usage)

    def _fallback(self) -> Any:
        if self._offline is None:
            self._offline = registry.build(self.stage, "offline", replace(self.ctx, gateway=None))
        return self._offline


def _path(problem: str) -> str | None:
    head = problem.split(": ", 1)[0]
    return head if " " not in head and head != problem else None


class LLMInterpreter(LLMStage):
    stage, method, reply = "interpret", "interpret", InterpretationReply

    def interpret(self, tool: Tool) -> Outcome[ToolInterpretation]:
        return self._ask(tool.name, prompts.interpret(tool), InterpretationReply,
                         lambda r: checks.build_interpretation(tool, r), tool)


class LLMScenarioWriter(LLMStage):
    stage, method, reply = "scenario", "write", ScenarioReply

    def write(self, request: ScenarioRequest) -> Outcome[Scenario]:
        focus = checks.required_focus(request)
        msgs = prompts.scenario(self.ctx.suite, self.ctx.interpretations, request, focus)
        return self._ask(request.id, msgs, ScenarioReply,
                         lambda r: checks.build_scenario(self.ctx.suite, self.ctx.interpretations, request, r),
                         request, seed=request.seed)


class LLMMocker(LLMStage):
    stage, method, reply = "mock", "mock", MockReply

    def mock(self, scenario: Scenario) -> Outcome[Scenario]:
        suite = self.ctx.suite
        tools = suite.by_name()
        tiers = {n: checks.grounding(suite, tools[n]).value for n in dict.fromkeys(scenario.tools)}
        return self._ask(scenario.id, prompts.mock(suite, scenario, tiers), MockReply,
                         lambda r: checks.build_mock(suite, self.ctx.interpretations, scenario, r),
                         scenario, seed=scenario.seed)


class LLMExpander(LLMStage):
    stage, method, reply = "expand", "expand", ExpansionReply

    def expand(self, scenario: Scenario) -> Outcome[Scenario]:
        if len(scenario.calls) < 2:  # nothing to split: one turn is all it has
            return Outcome(scenario.model_copy(update={"turns": scenario.single_turn()}))
        return self._ask(scenario.id, prompts.expand(scenario), ExpansionReply,
                         lambda r: checks.build_expansion(scenario, r), scenario, seed=scenario.seed)

"""Small deterministic engines registered through engines.registry (the engine extension point).

They stand in for the real engines where a test needs one particular behaviour: a scenario
that uses exactly its focus tools, a tool the writer never manages to use, a mock that fails
for chosen requests, a data-flow claim that is false. Runs are selected by engine name.
"""

from __future__ import annotations

import random

from engines.base import EngineContext, Outcome, StageError
from engines.registry import register
from schemas import (
    Action, Call, Failure, Grounding, ParameterInterpretation, ParameterRole, Scenario, ScenarioRequest,
    SpecSource, StageUsage, Tool, ToolInterpretation, ToolSuite, Turn,
)


def make_suite(n: int = 24, groups: int = 4, spec: str = "synthetic") -> ToolSuite:
    tools = [
        Tool(name=f"g{i % groups}_tool{i:03d}", description=f"Tool {i} of group {i % groups}.",
             inputSchema={"type": "object", "properties": {"id": {"type": "string"}}, "required": ["id"]}, spec=spec)
        for i in range(n)
    ]
    src = SpecSource(name=spec, kind="mcp", location=f"{spec}.json", sha256="0" * 64, tool_count=n)
    return ToolSuite(tools=tools, sources=[src])


class Interpreter:
    def __init__(self, ctx: EngineContext):
        self.ctx = ctx

    def interpret(self, tool: Tool) -> Outcome[ToolInterpretation]:
        group = tool.name.split("_", 1)[0]
        return Outcome(ToolInterpretation(
            tool=tool.name, functionality=tool.description, action=Action.read, entity="item",
            parameters=[ParameterInterpretation(name="id", role=ParameterRole.identifier, required=True)],
            required_parameters=["id"], use_cases=["look up an item"], tags=[group],
        ), usage=StageUsage(requests=1, prompt_tokens=10, completion_tokens=5, cost_usd=0.001))


class Writer:
    """Calls exactly the focus tools; call k takes its id from call k-1's output."""

    avoid: frozenset[str] = frozenset()

    def __init__(self, ctx: EngineContext):
        self.ctx = ctx

    def write(self, request: ScenarioRequest) -> Outcome[Scenario]:
        tools = [t for t in request.focus_tools if t not in self.avoid]
        if not tools:
            raise StageError(f"cannot write a scenario around {request.focus_tools[0]}", "focus_tools")
        rng = random.Random(request.seed)
        calls = []
        for k, t in enumerate(tools):
            value = f"id-{rng.randrange(10**6)}" if k == 0 else f"item-{request.index}-{k - 1}"
            calls.append(Call(tool=t, arguments={"id": value}, explanation=f"step {k}",
                              sources={} if k == 0 else {"id": k - 1}))
        return Outcome(Scenario(
            id=request.id, title=f"Scenario {request.index}", complexity=request.complexity, category="test",
            instruction=f"Do {' then '.join(tools)}.", novelty_reason="new", follow_up="And then?", calls=calls,
            seed=request.seed,
        ), usage=StageUsage(requests=1, prompt_tokens=20, completion_tokens=30, cost_usd=0.002))


class Mocker:
    fail_indices: frozenset[int] = frozenset()
    break_flow: bool = False

    def __init__(self, ctx: EngineContext):
        self.ctx = ctx

    def mock(self, scenario: Scenario) -> Outcome[Scenario]:
        index = scenario.meta["index"]
        if index in self.fail_indices:
            return Outcome(None, [Failure(stage="mock", item=scenario.id, reason="injected mock failure")])
        calls = []
        for k, c in enumerate(scenario.calls):
            produced = f"other-{k}" if self.break_flow else f"item-{index}-{k}"
            calls.append(c.model_copy(update={"output": {"id": produced}, "grounding": Grounding.low}))
        return Outcome(scenario.model_copy(update={"calls": calls}))


class Expander:
    def __init__(self, ctx: EngineContext):
        self.ctx = ctx

    def expand(self, scenario: Scenario) -> Outcome[Scenario]:
        n = len(scenario.calls)
        if n < 2:
            return Outcome(scenario.model_copy(update={"turns": scenario.single_turn()}))
        half = n // 2
        turns = [Turn(user=scenario.instruction, calls=list(range(half))),
                 Turn(user=f"Now use {scenario.calls[half - 1].output['id']}.", calls=list(range(half, n)))]
        return Outcome(scenario.model_copy(update={"turns": turns}))


class AvoidingWriter(Writer):
    avoid = frozenset({"g1_tool005"})


class LoneToolWriter(Writer):
    """Like the offline engine on a tool with no related tools: no complex workflow can hold g1_tool005."""

    def write(self, request: ScenarioRequest) -> Outcome[Scenario]:
        if request.complexity == "complex" and "g1_tool005" in request.focus_tools:
            raise StageError("no complex workflow around 'g1_tool005'", "calls")
        return super().write(request)


class FailingMocker(Mocker):
    fail_indices = frozenset({0, 3})


class FlowBreakingMocker(Mocker):
    break_flow = True


for _stage, _cls in (("interpret", Interpreter), ("scenario", Writer), ("mock", Mocker), ("expand", Expander)):
    register(_stage, "fake", _cls)
register("scenario", "fake-avoid", AvoidingWriter)
register("scenario", "fake-lone", LoneToolWriter)
register("mock", "fake-failing", FailingMocker)
register("mock", "fake-broken-flow", FlowBreakingMocker)


class BlockingOfflineMocker:
    """The offline mocker, except that it hangs on request 2 until the test has killed its worker.

    Markers in $SEER_TEST_MARKERS: the test creates `killed` just before killing the worker; the
    retried call on the restarted worker then sees it and mocks normally.
    """

    def __init__(self, ctx: EngineContext):
        from engines.registry import build

        self.inner = build("mock", "offline", ctx)

    def mock(self, scenario: Scenario) -> Outcome[Scenario]:
        import os
        import time
        from pathlib import Path

        markers = Path(os.environ["SEER_TEST_MARKERS"])
        if scenario.meta["index"] == 2 and not (markers / "killed").exists():
            (markers / "started.tmp").write_text(str(os.getpid()))
            os.replace(markers / "started.tmp", markers / "started")  # the test never sees it half-written
            deadline = time.monotonic() + 120
            while time.monotonic() < deadline:  # bounded: the test kills this process long before
                time.sleep(0.05)
            raise StageError("the worker was not killed while blocked")
        return self.inner.mock(scenario)


register("mock", "blocking-offline", BlockingOfflineMocker)

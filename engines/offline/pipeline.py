"""Run the four offline stages in-process: for tests, benchmarks and small runs without Ray.

The coordinator is the real driver; `cover_suite` is only the simple uncovered-tools loop
the quality bench uses until then.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from common.aliases import align_kinds
from engines.base import EngineContext
from engines.offline.expand import OfflineExpander
from engines.offline.interpret import OfflineInterpreter
from engines.offline.mock import OfflineMocker
from engines.offline.scenario import OfflineScenarioWriter
from schemas import Failure, RunConfig, Scenario, ScenarioRequest, ToolInterpretation, ToolSuite


def interpret_suite(suite: ToolSuite, config: RunConfig | None = None) -> dict[str, ToolInterpretation]:
    interpreter = OfflineInterpreter(EngineContext(suite=suite, config=config or RunConfig()))
    out = {}
    for tool in suite.tools:
        item = interpreter.interpret(tool).item
        if item is not None:
            out[tool.name] = item
    return align_kinds(suite, out)


@dataclass
class Pipeline:
    """The scenario, mock and expand engines for one suite, built once."""

    suite: ToolSuite
    config: RunConfig = field(default_factory=RunConfig)
    interpretations: dict[str, ToolInterpretation] | None = None

    def __post_init__(self) -> None:
        its = self.interpretations if self.interpretations is not None else interpret_suite(self.suite, self.config)
        ctx = EngineContext(suite=self.suite, config=self.config, interpretations=its)
        self.interpretations = its
        self.writer = OfflineScenarioWriter(ctx)
        self.mocker = OfflineMocker(ctx)
        self.expander = OfflineExpander(ctx)

    def run(self, request: ScenarioRequest, failures: list[Failure] | None = None) -> Scenario | None:
        sink = failures if failures is not None else []
        item = None
        for stage in (self.writer.write, self.mocker.mock, self.expander.expand):
            outcome = stage(request) if item is None else stage(item)
            sink += outcome.failures
            if outcome.item is None:
                return None
            item = outcome.item
        return item


def cover_suite(pipe: Pipeline, seed: int, max_scenarios: int | None = None) -> tuple[list[Scenario], list[Failure]]:
    """Alternate simple and complex requests focused on the first uncovered tool until all are covered."""
    names = [t.name for t in pipe.suite.tools]
    uncovered = list(names)
    scenarios: list[Scenario] = []
    failures: list[Failure] = []
    tried: dict[str, int] = {}
    limit = max_scenarios or 3 * len(names) + 10
    index = 0
    while uncovered and index < limit:
        focus = uncovered[0]
        complexity = "complex" if index % 2 else "simple"
        req = ScenarioRequest(id=f"s{index:05d}", index=index, seed=seed * 1_000_003 + index, complexity=complexity,
                              focus_tools=[focus], uncovered_tools=list(uncovered), strategy="uncovered-loop")
        index += 1
        scenario = pipe.run(req, failures)
        tried[focus] = tried.get(focus, 0) + 1
        if scenario is not None:
            scenarios.append(scenario)
            used = set(scenario.tools)
            uncovered = [t for t in uncovered if t not in used]
        elif tried[focus] >= 3:
            uncovered.remove(focus)
    return scenarios, failures

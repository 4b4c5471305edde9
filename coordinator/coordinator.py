"""The Coordinator: plans coverage rounds, routes every item through the four stages, keeps the books.

It is plain Python and event driven: `start()` returns the first tasks, and an executor (the
in-process `pipeline.run_local`, or the Ray runtime) runs tasks in any order and with any
parallelism, feeding each result back through `on_done`, which returns the tasks that became
possible. A scenario goes to mocking as soon as it is written and to expansion as soon as it is
mocked; the next round is planned as soon as every request of the current round is written.

Determinism whatever the parallelism: request i's seed and complexity come from (run seed, i);
a round is planned only from the coverage of complete earlier rounds, applied in request order;
scenarios dropped after writing are subtracted only when the pipeline is drained; the harness
is written in request order.
"""

from __future__ import annotations

import math
import random
from typing import Any

import structlog

from common.aliases import align_kinds
from common.graph import ToolGraph
from coordinator import budget
from coordinator.checkpoint import Checkpoint, Interpreted, Record, Restored, fingerprint
from coordinator.coverage import CoverageTracker
from coordinator.dimensions import DimensionTracker
from coordinator.focus import MAX_FOCUS_ATTEMPTS, FocusAttempts, isolated
from coordinator.logs import ensure_configured
from coordinator.rounds import derive_seed, request_complexity, scenario_id
from coordinator.samplers import SamplingContext, build_sampler
from coordinator.state import WorkflowStateStore
from coordinator.targets import DimensionTargets
from coordinator.tasks import Progress, Request, Task, add_usage, generation_settings, run_manifest, run_usage
from engines.base import EngineContext, Outcome
from schemas import (
    STAGES, Failure, Manifest, RunConfig, Scenario, ScenarioRequest, StageUsage,
    ToolInterpretation, ToolSuite, Usage,
)

__all__ = ["MAX_FOCUS_ATTEMPTS", "Coordinator", "Progress", "Task"]

UNCOVERED_HINT = 32  # uncovered tools passed along with each request


class Coordinator:
    def __init__(self, suite: ToolSuite, config: RunConfig, *, out: str | None = None, resume: bool = False,
                 graph_builder: Any = None):
        self.suite = suite
        self.config = config
        self.fingerprint = fingerprint(suite, generation_settings(config))
        self.run_id = "run-" + self.fingerprint[:12]
        ensure_configured()
        self.log = structlog.get_logger("seer.coordinator").bind(run_id=self.run_id)
        self.sampler = build_sampler(config.strategy)
        self.coverage = CoverageTracker([t.name for t in suite.tools], config.min_per_tool)
        self.states = WorkflowStateStore()
        self.checkpoint = Checkpoint(out) if out is not None else None
        self.restored = self.checkpoint.open(self.fingerprint, resume=resume) if self.checkpoint else Restored()
        self._graph_builder = graph_builder
        self.graph = None
        self.interpretations: dict[str, ToolInterpretation] = {}
        self._interp: dict[int, Outcome] = {}
        self._interpreted: Interpreted | None = None
        self._spent: StageUsage | None = None  # see _live_usage
        self._reqs: dict[int, Request] = {}
        self._kept: dict[int, Scenario] = {}
        self._pending_drops: list[tuple[list[str], dict[str, list[str]]]] = []  # (tools, dimension keys)
        self.dimensions: DimensionTracker | None = None  # what written scenarios reached, for strategies
        self.targets: DimensionTargets | None = None  # --cover beyond tools: keys aimed at once tools are covered
        self.focus = FocusAttempts(config.complex_ratio)  # when to give up on a tool
        self._round = 0
        self._round_members: list[int] = []
        self._next_index = 0
        self._counts = {s: [0, 0, 0] for s in STAGES}
        self.stop_reason: str | None = None
        self.finished = False

    # -- the event interface -------------------------------------------------------------------
    def start(self) -> list[Task]:
        if self.checkpoint:
            self.checkpoint.begin(self.suite)
        self._write_manifest(partial=True)
        if self.restored.interpretations is not None:
            self._interpreted = self.restored.interpreted
            self._accept_interpretations(self.restored.interpretations)
            return self._emit(self._advance())
        return self._emit([Task("interpret", i, t) for i, t in enumerate(self.suite.tools)])

    def on_done(self, task: Task, outcome: Outcome) -> list[Task]:
        self._counts[task.stage][1] += 1
        if not outcome.ok:
            self._counts[task.stage][2] += 1
        self.log.debug("stage done", stage=task.stage, scenario_id=task.item, ok=outcome.ok)
        if self._spent is not None:
            add_usage({"run": self._spent}, "run", outcome.usage)
        handler = getattr(self, f"_on_{task.stage}")
        return self._emit(handler(task, outcome) + self._advance())

    def on_error(self, task: Task, error: BaseException) -> list[Task]:
        """The executor could not run the task at all (a worker lost for good): a failure like any other."""
        reason = f"{type(error).__name__}: {str(error).splitlines()[0] if str(error) else ''}".rstrip(": ")
        return self.on_done(task, Outcome(None, [Failure(stage=task.stage, item=task.item, reason=reason)]))

    def engine_context(self) -> EngineContext:
        return EngineContext(suite=self.suite, config=self.config, interpretations=dict(self.interpretations))

    def progress(self) -> Progress:
        return Progress(
            stages={s: tuple(c) for s, c in self._counts.items()}, covered=self.coverage.covered_count,
            total=len(self.coverage.tools), round=self._round, requested=self._next_index, kept=len(self._kept),
            finished=self.finished, stop_reason=self.stop_reason,
            usage=self._live_usage() if self.config.engines.llm_stages() else None,
        )

    def _live_usage(self) -> StageUsage:
        """What the run has spent, for progress after every stage call: kept as outcomes arrive instead of
        summed over every request each time (O(requests) per call). The finished run reports the exact sum
        the manifest has (costs are rounded per addition, so the order of additions may show in the last digit)."""
        if self.finished:
            return self.usage().total
        if self._spent is None:
            self._spent = self.usage().total
        return self._spent.model_copy()  # (a snapshot: the running total keeps changing)

    def _emit(self, tasks: list[Task]) -> list[Task]:
        for t in tasks:
            self._counts[t.stage][0] += 1
        return tasks

    # -- interpretation ------------------------------------------------------------------------
    def _on_interpret(self, task: Task, outcome: Outcome) -> list[Task]:
        self._interp[task.key] = outcome
        if len(self._interp) < len(self.suite.tools):
            return []
        done = Interpreted()
        interpretations = []
        for i, tool in enumerate(self.suite.tools):
            o = self._interp[i]
            done.failures.extend(o.failures)
            add_usage({"interpret": done.usage}, "interpret", o.usage)
            if o.ok:
                interpretations.append(o.item)
        self._interpreted = done
        self._accept_interpretations(interpretations)
        if self.checkpoint:  # saved as aligned, so what a resumed run reads is what this one used
            self.checkpoint.save_interpretations(list(self.interpretations.values()), done)
        return []

    def _accept_interpretations(self, interpretations: list[ToolInterpretation]) -> None:
        self.interpretations = align_kinds(self.suite, {i.tool: i for i in interpretations})
        for f in self._interpreted.failures if self._interpreted else []:
            if f.item in self.coverage.counts and f.item not in self.interpretations:
                self.coverage.exclude(f.item, f"interpretation failed: {f.reason}")
        for t in self.coverage.tools:
            if t not in self.interpretations and t not in self.coverage.excluded:
                self.coverage.exclude(t, "interpretation failed")
        self.graph = self._build_graph()
        self.dimensions = DimensionTracker(self.suite.tools, self.graph)
        if set(self.config.cover) - {"tools"}:
            self.targets = DimensionTargets(self.config.cover, self.dimensions)
        self.focus.alone = isolated(self.suite, self.graph)

    def _build_graph(self):
        if self._graph_builder is not None:
            return self._graph_builder(self.suite, self.interpretations)
        return ToolGraph.build(self.suite, self.interpretations).nx

    # -- scenario stages -----------------------------------------------------------------------
    def _on_scenario(self, task: Task, outcome: Outcome) -> list[Task]:
        req = self._reqs[task.key]
        req.failures.extend(outcome.failures)
        add_usage(req.usage, "scenario", outcome.usage)
        req.is_written = True
        if not outcome.ok:
            return self._finish(req, None)
        sc: Scenario = outcome.item
        unknown = [i for i, c in enumerate(sc.calls) if c.tool not in self.coverage.counts]
        if not sc.calls or unknown:
            where = f"calls[{unknown[0]}].tool" if unknown else "calls"
            why = "names a tool that is not in the suite" if unknown else "no calls"
            req.failures.append(Failure(stage="scenario", item=req.request.id, path=where, reason=why))
            return self._finish(req, None)
        r = req.request
        meta = {**sc.meta, "index": r.index, "round": r.round, "strategy": r.strategy, "focus": list(r.focus_tools)}
        sc = sc.model_copy(update={"id": r.id, "meta": meta})
        req.written = sc.tools
        req.reached = self.dimensions.keys(sc) if self.dimensions else None
        return [Task("mock", r.index, sc)]

    def _on_mock(self, task: Task, outcome: Outcome) -> list[Task]:
        req = self._reqs[task.key]
        req.failures.extend(outcome.failures)
        add_usage(req.usage, "mock", outcome.usage)
        if not outcome.ok:
            return self._finish(req, None)
        if self.config.expand:
            return [Task("expand", task.key, outcome.item)]
        return self._finish(req, outcome.item)

    def _on_expand(self, task: Task, outcome: Outcome) -> list[Task]:
        req = self._reqs[task.key]
        add_usage(req.usage, "expand", outcome.usage)
        mocked: Scenario = task.payload
        if outcome.ok and len(outcome.item.turns) >= 2:
            req.failures.extend(outcome.failures)
            return self._finish(req, outcome.item)
        # A failed or single-turn expansion leaves the mocked scenario as one turn (with the follow-up a
        # single-turn expansion asked about the real result, if it asked one).
        for f in outcome.failures:
            req.failures.append(f.model_copy(update={"recovered_by": f.recovered_by or "single-turn"}))
        if outcome.ok and outcome.item is not None and outcome.item.follow_up:
            mocked = mocked.model_copy(update={"follow_up": outcome.item.follow_up})
        return self._finish(req, mocked)

    def _finish(self, req: Request, scenario: Scenario | None) -> list[Task]:
        if scenario is not None:
            if not scenario.turns:
                scenario = scenario.model_copy(update={"turns": scenario.single_turn()})
            broken = self.states.admit(scenario)
            if broken:
                req.failures.extend(broken)
                scenario = None
        req.done = True
        if scenario is not None:
            self._kept[req.request.index] = scenario
        elif req.written is not None:
            self._pending_drops.append((req.written, req.reached or {}))
        if self.checkpoint:
            rec = Record(index=req.request.index, id=req.request.id, written=req.written, reached=req.reached,
                         kept=scenario is not None,
                         failures=req.failures, usage=req.usage)
            self.checkpoint.append(rec, scenario)
        return []

    def _restore(self, req: Request, rec: Record) -> None:
        req.is_written = True
        req.written = rec.written
        req.reached = rec.reached
        req.failures = list(rec.failures)
        req.usage = dict(rec.usage)
        req.done = True
        if rec.kept:
            scenario = self.restored.scenarios[rec.id]
            self.states.admit(scenario)
            self._kept[rec.index] = scenario
        elif rec.written is not None:
            self._pending_drops.append((rec.written, rec.reached or {}))

    # -- rounds --------------------------------------------------------------------------------
    def _advance(self) -> list[Task]:
        """Close finished rounds and plan new ones until there is work to hand out or the run is over."""
        tasks: list[Task] = []
        while not tasks and not self.finished:
            if self.graph is None or any(not self._reqs[i].is_written for i in self._round_members):
                break
            self._close_round()
            stop = None
            if self.coverage.complete and not self._aiming():
                if self._active():
                    break  # wait for the drain: drops decide whether coverage really is complete
                self._apply_drops()
                if self.coverage.complete and not self._aiming():
                    given_up = len(self.coverage.uncovered())
                    missed = self.targets.given_up_count() if self.targets else 0
                    stop = ("complete" if not given_up and not missed else
                            f"exhausted: {given_up} tool(s) could not be covered" if given_up else
                            f"exhausted: {missed} coverage target(s) could not be reached")
            stop = stop or budget.budget_stop(self.config, self._next_index, self._round, self.max_rounds,
                                              lambda: self.usage().total)
            if stop is not None:
                self.stop_reason = stop
                if not self._active():
                    self.finished = True
                break
            tasks = self._plan_round()
        return tasks

    @property
    def max_rounds(self) -> int:
        cover_keys = (sum(len(self.dimensions.universe[d] or ()) for d in self.targets.cover)
                      if self.targets is not None else 0)
        return budget.max_rounds(self.config, len(self.suite.tools), len(self.focus.complexities), cover_keys)

    def _active(self) -> bool:
        return any(not r.done for r in self._reqs.values())

    def _close_round(self) -> None:
        if not self._round_members:
            return
        for i in self._round_members:  # request order, whatever order they were written in
            tools = self._reqs[i].written
            if tools:
                self.coverage.add_tools(tools)
                self.focus.called(tools)
            if self._reqs[i].reached and self.dimensions:
                self.dimensions.add(self._reqs[i].reached)
        self.focus.give_up(self.coverage)
        self._round_members = []
        self.coverage.clear_plan()
        if self.targets is not None:
            self.targets.close_round()
        # The partial manifest is a snapshot whose size grows with the spec, as does the number of rounds:
        # written every round, a 10,000-tool run would encode ~1.4 MB ~500 times. Every `per` rounds keeps
        # the total linear in the spec (every round up to 1,000 tools).
        per = math.ceil(len(self.suite.tools) / 1000) or 1
        if self._round % per == 0:
            self._write_manifest(partial=True)

    def _aiming(self) -> bool:
        """Every tool covered, and a --cover dimension still misses keys not given up: aim requests at them."""
        return self.targets is not None and self.coverage.complete and self.targets.open()

    def _apply_drops(self) -> None:
        for tools, reached in self._pending_drops:
            self.coverage.add_tools(tools, -1)
            if self.dimensions:
                self.dimensions.add(reached, -1)
            self.focus.taken_back([t for t in tools if t in self.coverage.counts])
        self._pending_drops = []

    def _plan_round(self) -> list[Task]:
        cfg = self.config
        n = cfg.batch_size
        if cfg.budget.max_scenarios is not None:
            n = min(n, cfg.budget.max_scenarios - self._next_index)
        self._round += 1
        ctx = SamplingContext(self.coverage, self.graph, self.interpretations, dimensions=self.dimensions)
        tasks = []
        aiming, taken = self._aiming(), set()
        for _ in range(n):
            want: list[str] = []
            if aiming:  # every tool covered: each request aims at one key a --cover dimension still misses
                target = self.targets.next(taken)
                if target is None:
                    break
                taken.add(target[1])
                focus, complexity, want = self.targets.request(*target)
            i = self._next_index
            self._next_index += 1
            rng = random.Random(derive_seed(cfg.seed, "focus", i))
            if not aiming:
                complexity = request_complexity(cfg.seed, i, cfg.complex_ratio)
                focus = self.sampler.focus(complexity, ctx, rng)
            focus, complexity = self.focus.adjust(focus, complexity)
            self.coverage.plan(focus)
            self.focus.focused(focus, complexity)
            hint = self.coverage.fewest_needing(UNCOVERED_HINT, skip=focus) \
                if getattr(self.sampler, "coverage_hints", True) else []
            req = ScenarioRequest(
                id=scenario_id(i), index=i, seed=derive_seed(cfg.seed, "scenario", i), complexity=complexity,
                focus_tools=focus, uncovered_tools=hint, round=self._round, strategy=self.sampler.name, want=want,
            )
            self._reqs[i] = Request(req)
            self._round_members.append(i)
            rec = self.restored.records.get(i)
            if rec is not None:
                self._restore(self._reqs[i], rec)
            else:
                tasks.append(Task("scenario", i, req))
        return tasks

    # -- results -------------------------------------------------------------------------------
    def usage(self) -> Usage:
        # still interpreting: what the finished interpretations used is spent all the same
        interpret = [self._interpreted.usage] if self._interpreted else [o.usage for o in self._interp.values()]
        return run_usage(interpret, [self._reqs[i] for i in sorted(self._reqs)])

    def scenarios(self) -> list[Scenario]:
        return [self._kept[i] for i in sorted(self._kept)]

    def manifest(self, *, partial: bool, stop_reason: str | None = None, dimensions: bool = False) -> Manifest:
        """The manifest so far; coverage dimensions only when asked (at the end: measuring every parameter and
        edge of a 10,000-tool spec is not for every round's snapshot)."""
        failures = list(self._interpreted.failures) if self._interpreted else []
        for i in sorted(self._reqs):
            failures.extend(self._reqs[i].failures)
        return run_manifest(self.suite, self.config, self.run_id, self.coverage, self.scenarios(), failures,
                            self.usage(), self.graph, self.targets.given_up if self.targets else None,
                            partial=partial, stop_reason=stop_reason, dimensions=dimensions)

    def _write_manifest(self, *, partial: bool, stop_reason: str | None = None) -> None:
        if self.checkpoint:
            self.checkpoint.write_manifest(self.manifest(partial=partial, stop_reason=stop_reason))

    def finish(self, *, interrupted: bool = False) -> Manifest:
        """Write the harness: complete when the run finished, partial (resumable) otherwise."""
        partial = interrupted or not self.finished
        reason = "interrupted" if interrupted else (self.stop_reason if self.finished else "error")
        manifest = self.manifest(partial=partial, stop_reason=reason, dimensions=True)
        if self.checkpoint:
            self.checkpoint.finish(self.suite, self.scenarios(), manifest)
        self.log.info("generation finished", stop_reason=reason, scenarios=manifest.counts.scenarios,
                      coverage=manifest.coverage.ratio)
        return manifest

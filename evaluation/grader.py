"""The deterministic oracle grader: an agent transcript against the held-out scenario, per turn, 0-1.

Each user turn is graded on four dimensions, each the mean of its sub-dimensions (a sub-dimension
that cannot be assessed in a turn is left out, never counted as 1.0 or 0.0). The turn's agent calls
are first aligned with its oracle calls (`evaluation.alignment`): same-tool matches,
substitutions (a different tool where the oracle called this one), missing and extra calls.

- usage.necessity: 1 when the agent called tools exactly when the turn needs them (the oracle
  turn has calls and the agent made some, or it has none and the agent made none), else 0.
- selection.correctness: share of substitution-or-match pairs where the agent used the oracle's
  tool (wrong or hallucinated tools lower it); not assessed when the agent made no calls.
- selection.specificity: share of the agent's calls that use a tool this turn needs (calls to
  other tools, to nonexistent tools, or unneeded detours lower it).
- selection.completeness: share of the turn's oracle calls matched by a call to the same tool.
- ordering (only for turns whose oracle has two or more calls):
  - sequence_logic: share of pairs of matched oracle calls that the agent made in the oracle's
    relative order (not assessed with fewer than two matched calls);
  - dependency_handling: share of data-flow edges (`Call.sources`: an argument taken from an
    earlier call's output) into this turn, both ends matched, whose consumer the agent called
    after the producer (not assessed without such edges);
  - execution_efficiency: share of the agent's calls that answer an oracle call (not extra).
- arguments: mean over same-tool matches of `evaluation.arguments.score_arguments` (completeness,
  name, value, type, format, relevancy, with the paper's cascading penalties); not assessed
  without a same-tool match. A value is not penalised when the oracle took it from an earlier
  output and the agent took it from an earlier output in its own transcript.

The turn score is the arithmetic mean of its assessed dimensions; the record score the mean of
its turn scores. Diagnostics (not aggregated): overuse (extra calls), missing and substituted
calls, hallucinated tools, unparseable arguments.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from statistics import fmean
from typing import Any, Iterable, Mapping

from common.json_values import scalar_leaves
from evaluation.alignment import Alignment, align
from evaluation.arguments import ARGUMENT_SUBDIMENSIONS, score_arguments
from evaluation.equivalence import equivalent
from schemas import DIMENSIONS, Call, RecordScore, Scenario, Tool, ToolCallRecord, Transcript, TurnScore
from schemas.errors import SeerError

SUBDIMENSIONS: dict[str, tuple[str, ...]] = {
    "usage": ("necessity",),
    "selection": ("correctness", "specificity", "completeness"),
    "ordering": ("sequence_logic", "dependency_handling", "execution_efficiency"),
    "arguments": ARGUMENT_SUBDIMENSIONS,
}
DETERMINISTIC = "deterministic"
_DIAGNOSTICS = ("overuse", "missing_calls", "substituted_calls", "hallucinated_tools", "unparseable_arguments")


def _mean(values: Iterable[float | None]) -> float | None:
    vals = [v for v in values if v is not None]
    return fmean(vals) if vals else None


def _share(hits: int, total: int) -> float | None:
    return None if total == 0 else hits / total


def _found_in(value: Any, outputs: list[Any]) -> bool:
    """Whether a value occurs in any earlier output (as a JSON leaf, or inside a text output)."""
    for out in outputs:
        if isinstance(out, str):
            try:
                parsed = json.loads(out)
            except ValueError:
                parsed = None
            if parsed is not None and not isinstance(parsed, str):
                out = parsed
            elif isinstance(value, str) and len(value.strip()) >= 4 and value.strip() in out:
                return True
        if any(equivalent(leaf, value) for leaf in scalar_leaves(out)):
            return True
    return False


def _is_token(v: Any) -> bool:
    # Only distinctive strings are looked up in outputs: numbers and short words recur by chance.
    return isinstance(v, str) and len(v.strip()) >= 4


@dataclass(frozen=True)
class _OwnOutputs:
    """Whether an argument value the oracle took from an earlier output was taken by the agent from its own.

    For a declared data-flow edge (`Call.sources`) the value must occur in the output of the agent's
    call matched to the producer (any earlier output when the producer was not matched, for
    distinctive strings). Otherwise a distinctive string counts when the oracle's value occurs in an
    earlier oracle output and the agent's value occurs in an earlier output of its own.
    """

    run: "_Run"
    call: Call
    oracle_outputs: list[Any]
    own_outputs: list[Any]

    def __call__(self, name: str, value: Any) -> bool:
        src = self.call.sources.get(name)
        if src is not None:
            placed = self.run.placed.get(src)
            if placed is not None and placed < len(self.own_outputs):
                return _found_in(value, [self.own_outputs[placed]])
            return _is_token(value) and _found_in(value, self.own_outputs)
        expected = self.call.arguments.get(name)
        return (_is_token(expected) and _is_token(value) and _found_in(expected, self.oracle_outputs)
                and _found_in(value, self.own_outputs))


@dataclass
class _Run:
    """What the grader has seen so far of one transcript: outputs and where oracle calls were answered."""

    scenario: Scenario
    tools: Mapping[str, Tool]
    agent_outputs: list[Any] = field(default_factory=list)  # by global agent position
    placed: dict[int, int] = field(default_factory=dict)  # oracle index -> global agent position


def _selection(al: Alignment, oracle_tools: set[str], agent: list[ToolCallRecord]) -> dict[str, float | None]:
    return {
        "correctness": _share(len(al.matched), len(al.pairs)),
        "specificity": _share(sum(1 for c in agent if c.tool in oracle_tools), len(agent)),
        "completeness": _share(len(al.matched), len(al.pairs) + len(al.missing)),
    }


def _ordering(run: _Run, al: Alignment, idx: list[int], start: int, n_agent: int) -> dict[str, float | None]:
    matched = sorted(al.matched, key=lambda p: p.oracle)
    ordered = sum(1 for a in range(len(matched)) for b in range(a + 1, len(matched)) if matched[a].agent < matched[b].agent)
    n_pairs = len(matched) * (len(matched) - 1) // 2
    edges = [
        (run.placed[src], start + consumer.agent)
        for consumer in matched
        for src in run.scenario.calls[idx[consumer.oracle]].sources.values()
        if src in run.placed
    ]
    return {
        "sequence_logic": _share(ordered, n_pairs),
        "dependency_handling": _share(sum(1 for p, c in edges if p < c), len(edges)),
        "execution_efficiency": _share(n_agent - len(al.extra), n_agent),
    }


def _grade_turn(run: _Run, number: int, idx: list[int], agent: list[ToolCallRecord]) -> TurnScore:
    calls = run.scenario.calls
    oracle = [(calls[i].tool, calls[i].arguments) for i in idx]
    al = align(oracle, [(c.tool, c.arguments) for c in agent])
    start = len(run.agent_outputs)
    for pair in al.matched:
        run.placed[idx[pair.oracle]] = start + pair.agent
    subs: dict[str, dict[str, float | None]] = {
        "usage": {"necessity": 1.0 if bool(idx) == bool(agent) else 0.0},
        "selection": _selection(al, {t for t, _ in oracle}, agent) if idx else {},
        "ordering": _ordering(run, al, idx, start, len(agent)) if len(idx) >= 2 else {},
        "arguments": {},
    }
    outputs = run.agent_outputs + [c.output for c in agent]
    per_call = []
    for pair in al.matched:
        j, here = idx[pair.oracle], start + pair.agent
        tool = run.tools.get(calls[j].tool)
        judge = _OwnOutputs(run, calls[j], [c.output for c in calls[:j]], outputs[:here])
        per_call.append(score_arguments(calls[j].arguments, agent[pair.agent].arguments,
                                        tool.input_schema if tool else None, judge).as_dict())
    if per_call:
        subs["arguments"] = {k: fmean(d[k] for d in per_call) for k in ARGUMENT_SUBDIMENSIONS}
    run.agent_outputs.extend(c.output for c in agent)

    dims = {d: _mean(subs[d].values()) for d in DIMENSIONS}
    flat = {f"{d}.{k}": v for d in DIMENSIONS for k, v in subs[d].items() if v is not None}
    diagnostics: dict[str, float | int | str] = {
        "overuse": len(al.extra),
        "missing_calls": len(al.missing),
        "substituted_calls": len(al.substituted),
        "hallucinated_tools": sum(1 for c in agent if c.tool not in run.tools),
        "unparseable_arguments": sum(1 for c in agent if c.arguments is None),
        "oracle_calls": len(idx),
        "agent_calls": len(agent),
    }
    score = _mean(dims.values())
    return TurnScore(turn=number, dimensions=dims, subdimensions=flat, diagnostics=diagnostics,
                     score=0.0 if score is None else score)


def spec_label(scenario: Scenario, tools: Mapping[str, Tool]) -> str:
    """The spec a record belongs to; cross-spec scenarios get `a+b`."""
    specs = scenario.specs or sorted({tools[c.tool].spec for c in scenario.calls if c.tool in tools and tools[c.tool].spec})
    return "+".join(sorted(specs))


def grade_record(scenario: Scenario, transcript: Transcript | None, tools: Mapping[str, Tool]) -> RecordScore:
    """Grade one transcript (None: the agent produced none) against its scenario."""
    run = _Run(scenario, tools)
    turns = scenario.turns or scenario.single_turn()
    n = len(scenario.calls)
    for t, turn in enumerate(turns):
        bad = [i for i in turn.calls if not 0 <= i < n]
        bad += [f"sources {s}" for i in turn.calls if 0 <= i < n for s in scenario.calls[i].sources.values()
                if not 0 <= s < i]
        if bad:
            raise SeerError(f"scenario {scenario.id}: turns[{t}] refers to calls that do not exist or come later: {bad}")
    agent_turns = transcript.turns if transcript else []
    scores = [
        _grade_turn(run, n, list(t.calls), agent_turns[n].calls if n < len(agent_turns) else [])
        for n, t in enumerate(turns)
    ]
    errors = []
    if transcript is None:
        errors.append("no transcript for this scenario in the run")
    elif transcript.error:
        errors.append(transcript.error)
    if len(agent_turns) > len(turns):
        errors.append(f"transcript has {len(agent_turns)} turns, the scenario {len(turns)}; extra turns not graded")
    keys = sorted({k for s in scores for k in s.subdimensions})
    return RecordScore(
        scenario_id=scenario.id,
        spec=spec_label(scenario, tools),
        complexity=scenario.complexity,
        judge=DETERMINISTIC,
        turns=scores,
        dimensions={d: _mean(s.dimensions.get(d) for s in scores) for d in DIMENSIONS},
        subdimensions={k: fmean(s.subdimensions[k] for s in scores if k in s.subdimensions) for k in keys},
        score=fmean(s.score for s in scores) if scores else 0.0,
        diagnostics={k: float(sum(float(s.diagnostics.get(k, 0)) for s in scores)) for k in _DIAGNOSTICS},
        error="; ".join(errors) or None,
    )

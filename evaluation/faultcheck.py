"""Checking the grader by fault injection: what each fault kind of the faulty reference agent lowers.

`EXPECTED` says which dimensions a fault kind may lower; every other dimension must stay at 1.0
on every record the fault was applied to. `check_record` returns the violations for one record:
an unrelated dimension below 1.0, or a faulted record on which nothing the fault should lower
moved. An extra call in a turn with a single oracle call has no aggregated dimension to lower
(ordering is omitted for single-call turns and overuse is a diagnostic), so for extra_call the
overuse diagnostic is what must move.

`fault_table` aggregates graded records per fault kind: mean of each dimension and the share of
faulted records on which each sub-dimension fell below 1.0.
"""

from __future__ import annotations

import time
from collections import defaultdict
from dataclasses import dataclass
from statistics import fmean
from typing import Iterable

from evaluation.grader import grade_record
from schemas import DIMENSIONS, RecordScore, Transcript

EXPECTED: dict[str, frozenset[str]] = {
    "oracle": frozenset(),
    "wrong_tool": frozenset({"selection"}),
    "hallucinated_tool": frozenset({"selection"}),
    "missing_required_argument": frozenset({"arguments"}),
    "wrong_value": frozenset({"arguments"}),
    "wrong_type": frozenset({"arguments"}),
    "bad_format": frozenset({"arguments"}),
    "swapped_order": frozenset({"ordering"}),
    "extra_call": frozenset({"ordering"}),
    # A skipped call that was a turn's only call leaves the turn with no call at all: usage drops too.
    "skipped_call": frozenset({"selection", "usage"}),
}


def applied_kinds(t: Transcript) -> set[str]:
    return {f.kind for f in t.faults if f.applied}


def check_record(kind: str, rec: RecordScore, transcript: Transcript) -> list[str]:
    """Violations of the expectation for one graded record of a single-kind faulty (or oracle) run."""
    allowed = EXPECTED[kind]
    applied = kind == "oracle" or kind in applied_kinds(transcript)
    problems = []
    for d in DIMENSIONS:
        v = rec.dimensions.get(d)
        if v is not None and v < 1.0 and (d not in allowed or not applied):
            problems.append(f"{rec.scenario_id}: {d} = {v:.3f} under {kind}")
    if kind != "oracle" and applied:
        moved = any(rec.dimensions.get(d) is not None and rec.dimensions[d] < 1.0 for d in allowed)
        if kind == "extra_call":
            moved = moved or rec.diagnostics.get("overuse", 0) > 0
        if not moved:
            problems.append(f"{rec.scenario_id}: {kind} applied but none of {sorted(allowed)} moved")
    return problems


@dataclass
class FaultRun:
    graded: dict[str, list[tuple[RecordScore, Transcript]]]  # fault kind (or "oracle") -> graded records
    crashes: list[str]  # runner failures (not graded), reported
    grade_seconds: float = 0.0  # time spent in the grader alone

    @property
    def violations(self) -> list[str]:
        return [p for kind, pairs in self.graded.items() for r, t in pairs for p in check_record(kind, r, t)]


def grade_faults(harnesses: Iterable, seed: int = 0, kinds: Iterable[str] = tuple(EXPECTED)) -> FaultRun:
    """Run the oracle and each single-kind faulty agent on every scenario of every harness, and grade."""
    import anyio

    from harness.agents import make_agent
    from harness.runner import run_scenario

    run = FaultRun({k: [] for k in kinds}, [])

    async def one(h, agent, scenario):
        try:
            return await run_scenario(h, scenario, agent, max_steps=64)
        except Exception as e:  # a mock-world bug is reported, and must not hide the grader's other results
            run.crashes.append(f"{h.root.name}/{scenario.id} {agent.name}: {type(e).__name__}: {e}")
            return None

    for h in harnesses:
        tools = h.tool_map()
        for kind in run.graded:
            agent = make_agent("oracle" if kind == "oracle" else f"faulty:{kind}", h, seed=seed)
            for s in h.scenarios:
                t = anyio.run(one, h, agent, s)
                if t is not None:
                    started = time.perf_counter()
                    rec = grade_record(s, t, tools)
                    run.grade_seconds += time.perf_counter() - started
                    run.graded[kind].append((rec, t))
    return run


@dataclass(frozen=True)
class FaultRow:
    kind: str
    records: int  # records the fault was applied to
    dimensions: dict[str, float | None]  # mean over those records
    lowered: dict[str, float]  # sub-dimension -> share of those records below 1.0
    overuse: float  # mean overuse diagnostic
    violations: int


def fault_table(graded: dict[str, list[tuple[RecordScore, Transcript]]]) -> list[FaultRow]:
    """Per fault kind ("oracle" included), over records where the fault was applied."""
    rows = []
    for kind, pairs in graded.items():
        hit = [(r, t) for r, t in pairs if kind == "oracle" or kind in applied_kinds(t)]
        dims: dict[str, float | None] = {}
        for d in DIMENSIONS:
            vals = [r.dimensions[d] for r, _ in hit if r.dimensions.get(d) is not None]
            dims[d] = fmean(vals) if vals else None
        below: dict[str, int] = defaultdict(int)
        for r, _ in hit:
            for k, v in r.subdimensions.items():
                below[k] += v < 1.0
        lowered = {k: n / len(hit) for k, n in sorted(below.items()) if n}
        violations = sum(len(check_record(kind, r, t)) for r, t in pairs)
        rows.append(FaultRow(kind, len(hit), dims, lowered,
                             fmean(r.diagnostics.get("overuse", 0.0) for r, _ in hit) if hit else 0.0, violations))
    return rows


def markdown(rows: Iterable[FaultRow]) -> str:
    """The fault kind x dimension table (mean over faulted records; sub-dimensions lowered, with shares)."""
    head = "| fault kind | records | " + " | ".join(DIMENSIONS) + " | overuse | sub-dimensions lowered (share of records) | violations |"
    lines = [head, "|" + "---|" * (len(DIMENSIONS) + 5)]
    for r in rows:
        dims = " | ".join("n/a" if r.dimensions[d] is None else f"{r.dimensions[d]:.3f}" for d in DIMENSIONS)
        low = ", ".join(f"{k} {v:.0%}" for k, v in sorted(r.lowered.items(), key=lambda kv: -kv[1])) or "none"
        lines.append(f"| {r.kind} | {r.records} | {dims} | {r.overuse:.2f} | {low} | {r.violations} |")
    return "\n".join(lines)

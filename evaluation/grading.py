"""Grading a run directory: read transcripts, grade each against its scenario, write scores and summary.

Outputs (what `seer report --scores` reads): `scores.jsonl`, one `RecordScore` per graded record in
harness order, and `summary.json`, a `ScoreSummary`. `--out` names a directory holding both, or a
`.jsonl` file with `summary.json` written beside it.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Iterable, Mapping, Sequence

from common.files import REPEATS, Harness, HarnessError, interrupts_held, iter_jsonl, load_models, write_json, write_jsonl
from common.registry import Registry
from evaluation.grader import grade_record
from schemas import RecordScore, Scenario, ScoreSummary, ServerEvent, Tool, ToolCallRecord, Transcript, TranscriptTurn

TRANSCRIPTS = "transcripts.jsonl"
SCORES = "scores.jsonl"
SUMMARY = "summary.json"


def run_dirs(run: Path) -> list[tuple[int | None, Path]]:
    """(repeat, run directory or transcripts file) to grade: the K runs of a `seer run --repeat K` directory,
    numbered from 1, or the run itself (repeat None)."""
    run = Path(run)
    marker = run / REPEATS if run.is_dir() else None
    if marker is None or not marker.is_file():
        return [(None, run)]
    try:
        names = json.loads(marker.read_text(encoding="utf-8"))["runs"]
    except (ValueError, KeyError, TypeError):
        raise HarnessError(f"{marker}: not a repeats file written by `seer run --repeat`") from None
    return [(i, run / name) for i, name in enumerate(names, 1)]


def transcripts_file(run: Path) -> Path:
    """RUN_DIR/transcripts.jsonl, or the JSONL file itself."""
    run = Path(run)
    path = run / TRANSCRIPTS if run.is_dir() else run
    if not path.is_file():
        raise HarnessError(f"{path}: no transcripts (expected a run directory written by `seer run`, or a JSONL file)")
    return path


MCP_AGENT = "mcp:"  # transcripts rebuilt from `seer serve` events: one turn, no turn boundaries


def from_server_events(events: Iterable[ServerEvent]) -> dict[str, Transcript]:
    """Transcripts from a `seer serve --transcript` file: the tools/call requests of each scenario, in
    order, as one turn (MCP carries no user turns). A scenario served to several sessions keeps the
    session that called it last; requests bound to no scenario cannot be graded and are skipped."""
    sessions: dict[str, dict[str, list[ServerEvent]]] = {}
    last: dict[str, str] = {}
    for e in sorted(events, key=lambda e: e.seq):
        if e.method != "tools/call" or not e.scenario_id or e.tool is None:
            continue
        sessions.setdefault(e.scenario_id, {}).setdefault(e.session, []).append(e)
        last[e.scenario_id] = e.session
    out = {}
    for sid, by_session in sessions.items():
        calls = [ToolCallRecord(tool=e.tool or "", arguments=e.arguments if isinstance(e.arguments, dict) else None,
                                raw_arguments=None if isinstance(e.arguments, dict) else json.dumps(e.arguments),
                                output=e.output, is_error=e.is_error, error=e.error, oracle_index=e.oracle_index)
                 for e in by_session[last[sid]]]
        out[sid] = Transcript(scenario_id=sid, agent=MCP_AGENT + last[sid], turns=[TranscriptTurn(user="", calls=calls)])
    return out


def load_transcripts(run: Path) -> dict[str, Transcript]:
    """Scenario id -> transcript, from `seer run`'s transcripts.jsonl (a scenario appearing twice, after a
    resumed run, keeps its last line) or from a `seer serve --transcript` file of server events."""
    path = transcripts_file(run)
    first = next(iter_jsonl(path, tolerate_torn_tail=True), (0, {}))[1]
    if "seq" in first and "method" in first:
        return from_server_events(load_models(path, ServerEvent, tolerate_torn_tail=True))
    return {t.scenario_id: t for t in load_models(path, Transcript, tolerate_torn_tail=True)}


def as_graded(scenario: Scenario, transcript: Transcript) -> Scenario:
    """The scenario as the transcript can be graded: all of it as one turn for an MCP-served transcript."""
    if transcript.agent.startswith(MCP_AGENT) and len(scenario.turns) > 1:
        return scenario.model_copy(update={"turns": scenario.single_turn()})
    return scenario


@dataclass(frozen=True)
class GradedRun:
    records: list[RecordScore]
    missing: list[str]  # scenario ids of the harness without a transcript (not graded)


def grade_transcripts(harness: Harness, transcripts: Mapping[str, Transcript]) -> GradedRun:
    """Deterministically grade every transcript; a transcript for an unknown scenario is an error."""
    known = {s.id for s in harness.scenarios}
    unknown = sorted(set(transcripts) - known)
    if unknown:
        raise HarnessError(f"{harness.root}: the run has transcripts for scenarios this harness does not hold: "
                           f"{', '.join(unknown[:5])}{' ...' if len(unknown) > 5 else ''}")
    tools: dict[str, Tool] = harness.tool_map()
    records = [grade_record(as_graded(s, transcripts[s.id]), transcripts[s.id], tools)
               for s in harness.scenarios if s.id in transcripts]
    return GradedRun(records, [s.id for s in harness.scenarios if s.id not in transcripts])


# Graders that need no model, `(harness, transcripts) -> GradedRun`, by the name `seer grade --judge` takes; any
# other --judge is a model for the LLM judge. An installed package adds one under the entry-point group
# agent_seer.graders.
GRADERS: Registry[Callable[[Harness, Mapping[str, Transcript]], GradedRun]] = Registry(
    "grader", {"deterministic": f"{__name__}:grade_transcripts"}, group="agent_seer.graders")


def output_paths(out: Path) -> tuple[Path, Path]:
    out = Path(out)
    if out.suffix == ".jsonl":
        return out, out.parent / SUMMARY
    return out / SCORES, out / SUMMARY


def write_scores(out: Path, records: Iterable[RecordScore], summary: ScoreSummary) -> tuple[Path, Path]:
    scores_path, summary_path = output_paths(out)
    records, summary_doc = list(records), summary.model_dump(mode="json")
    with interrupts_held():  # scores and summary are replaced together: a Ctrl-C never leaves a mixed pair
        scores_path.parent.mkdir(parents=True, exist_ok=True)
        write_jsonl(scores_path, records)
        write_json(summary_path, summary_doc)
    return scores_path, summary_path


def load_scores(path: Path) -> list[RecordScore]:
    """Records from a scores JSONL file or a directory holding scores.jsonl."""
    path = Path(path)
    file = path / SCORES if path.is_dir() else path
    if not file.is_file():
        raise HarnessError(f"{file}: no scores file")
    return load_models(file, RecordScore, tolerate_torn_tail=True)


def missing_note(missing: Sequence[str]) -> str | None:
    if not missing:
        return None
    return f"{len(missing)} scenario(s) have no transcript in the run and were not graded: {', '.join(missing[:5])}" + (
        " ..." if len(missing) > 5 else "")

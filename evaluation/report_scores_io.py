"""Reading `--scores` inputs for the report and matching their records to the harnesses' scenarios."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

from common.files import HarnessError
from evaluation.grading import SCORES, SUMMARY, load_scores
from evaluation.report_base import ReportContext, ScoreSet
from schemas import RecordScore, Scenario


def load_score_set(path: Path | str) -> ScoreSet:
    """What `seer grade --out` wrote: a directory holding scores.jsonl, or the JSONL file itself."""
    file = Path(path) / SCORES if Path(path).is_dir() else Path(path)
    records = load_scores(Path(path))
    if not records:
        raise HarnessError(f"{file}: no graded records")
    judge = Counter(r.judge for r in records).most_common(1)[0][0]
    summary = file.parent / SUMMARY
    if summary.is_file():  # the grader's summary names the judge even when records disagree
        try:
            judge = json.loads(summary.read_text(encoding="utf-8")).get("judge") or judge
        except (json.JSONDecodeError, AttributeError):
            pass
    return ScoreSet(Path(path), str(judge), tuple(records))


def matched_records(ctx: ReportContext, score_set: ScoreSet) -> tuple[list[tuple[int, Scenario, RecordScore]], list[str]]:
    """(harness index, scenario, record) for every record whose scenario is found; and the unmatched ids.

    A record stamped with its harness (`harness`, the generator's run_id) is looked up only there;
    an unstamped one in the harness whose spec name equals its `spec` first, then in any harness
    that holds its scenario id (ids are unique only within a harness).
    """
    index: dict[tuple[int, str], Scenario] = {}
    by_spec: dict[str, list[int]] = {}
    for i, h in enumerate(ctx.harnesses):
        for s in h.scenarios:
            index[(i, s.id)] = s
        for src in h.manifest.sources:
            by_spec.setdefault(src.name, []).append(i)
        by_spec.setdefault(ctx.names[i], []).append(i)
    run_ids = [h.manifest.generator.run_id for h in ctx.harnesses]
    out, unmatched = [], []
    for rec in score_set.records:
        order = by_spec.get(rec.spec, []) + list(range(len(ctx.harnesses)))
        if rec.harness is not None:  # graded against a known harness: never matched to another one's equal id
            order = [i for i in order if run_ids[i] == rec.harness]
        hit = next((i for i in order if (i, rec.scenario_id) in index), None)
        if hit is None:
            unmatched.append(rec.scenario_id)
        else:
            out.append((hit, index[(hit, rec.scenario_id)], rec))
    return out, unmatched

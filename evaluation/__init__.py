"""Grading (deterministic grader, LLM judges, statistics) and reporting.

Names are imported on first use, so that `seer --help` does not pay for scipy and jsonschema.
"""

from __future__ import annotations

from schemas._lazy import lazy_exports

_WHERE = {
    "grade_record": "evaluation.grader",
    "SUBDIMENSIONS": "evaluation.grader",
    "equivalent": "evaluation.equivalence",
    "Judge": "evaluation.judge",
    "judge_many": "evaluation.judge",
    "Judgment": "evaluation.rubrics",
    "TurnRubric": "evaluation.rubrics",
    "CoherenceRubric": "evaluation.rubrics",
    "aggregate": "evaluation.stats",
    "bootstrap_ci": "evaluation.stats",
    "summarize": "evaluation.stats",
    "agreement": "evaluation.stats",
    "failure_modes": "evaluation.stats",
    "grade_transcripts": "evaluation.grading",
    "load_transcripts": "evaluation.grading",
    "load_scores": "evaluation.grading",
    "write_scores": "evaluation.grading",
    "build_report": "evaluation.report",
    "SECTIONS": "evaluation.report",
    "default_sections": "evaluation.report",
    "ReportContext": "evaluation.report_base",
    "Section": "evaluation.report_base",
    "Figure": "evaluation.report_base",
    "ScoreSet": "evaluation.report_base",
    "generation_stats": "evaluation.generation_stats",
}
__all__ = sorted(_WHERE)
__getattr__ = lazy_exports(__name__, _WHERE)

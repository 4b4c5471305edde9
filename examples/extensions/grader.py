"""A grader that needs no model: 1 when the agent called exactly the oracle's tools in the oracle's order, else 0.
`seer grade HARNESS RUN --judge tools-in-order` once this module is imported."""

from evaluation.grading import GRADERS, GradedRun, grade_transcripts


def tools_in_order(harness, transcripts):
    graded = grade_transcripts(harness, transcripts)  # for the record fields; the score is replaced
    oracle = {s.id: [c.tool for c in s.calls] for s in harness.scenarios}
    called = {i: [c.tool for turn in t.turns for c in turn.calls] for i, t in transcripts.items()}
    return GradedRun([r.model_copy(update={"score": float(called[r.scenario_id] == oracle[r.scenario_id])})
                      for r in graded.records], graded.missing)


GRADERS.register("tools-in-order", tools_in_order)

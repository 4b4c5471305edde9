"""Aggregation, bootstrap intervals, the summary and agreement between score sets."""

from __future__ import annotations

import numpy as np
import pytest
from scipy import stats as sps

from evaluation.stats import aggregate, agreement, bootstrap_ci, failure_modes, summarize
from schemas import RecordScore, TurnScore


def rec(sid: str, score: float, spec: str = "a", complexity: str = "simple", judge: str = "deterministic",
        **subs: float) -> RecordScore:
    return RecordScore(scenario_id=sid, spec=spec, complexity=complexity, judge=judge, score=score,
                       dimensions={"usage": 1.0, "selection": score, "ordering": None, "arguments": score},
                       subdimensions={k.replace("__", "."): v for k, v in subs.items()},
                       diagnostics={"overuse": 1.0 if score < 1 else 0.0})


def test_the_three_aggregations():
    assert aggregate([0.5, 1.0]) == 0.75
    assert aggregate([0.5, 1.0], "harmonic") == pytest.approx(2 / 3)
    assert aggregate([0.5, 1.0, 0.0], "harmonic") == 0.0
    assert aggregate([0.5, 1.0], "minimum") == 0.5
    with pytest.raises(ValueError):
        aggregate([])


def test_bootstrap_is_seeded_and_matches_scipys_percentile_interval():
    data = np.random.default_rng(7).uniform(0, 1, 60).tolist()
    a, b = bootstrap_ci(data, seed=3), bootstrap_ci(data, seed=3)
    assert a == b and a.n == 60 and a.low < a.mean < a.high
    assert bootstrap_ci(data, seed=4) != a
    ref = sps.bootstrap((np.array(data),), np.mean, n_resamples=2000, method="percentile",
                        random_state=np.random.default_rng(0)).confidence_interval
    assert a.low == pytest.approx(ref.low, abs=0.02) and a.high == pytest.approx(ref.high, abs=0.02)


def test_bootstrap_intervals_cover_the_true_mean_about_95_percent_of_the_time():
    rng = np.random.default_rng(11)
    covered = 0
    for i in range(150):
        ci = bootstrap_ci(rng.normal(0.5, 0.2, 40).tolist(), seed=i, resamples=500)
        covered += ci.low <= 0.5 <= ci.high
    assert 0.86 <= covered / 150 <= 0.99


def test_summary_groups_by_spec_and_complexity_and_counts_failure_modes():
    records = [
        rec("1", 1.0, "a", "simple", arguments__value=1.0),
        rec("2", 0.5, "a", "complex", arguments__value=0.0, selection__completeness=0.5),
        rec("3", 0.8, "b", "complex", arguments__value=0.5),
        rec("4", 0.0, "b", "simple", arguments__value=1.0).model_copy(update={
            "error": "agent stopped: provider error",
            "turns": [TurnScore(turn=0, dimensions={"usage": 0.0}, score=0.0)]}),
    ]
    s = summarize(records, "deterministic", seed=1)
    assert s.records == 4 and s.errors == 1 and s.resamples == 2000 and s.seed == 1
    assert s.overall["arithmetic"] == pytest.approx(0.575) and s.overall["minimum"] == 0.0
    assert s.overall["harmonic"] == 0.0
    assert s.by_spec["a"]["all"].mean == 0.75 and s.by_spec["a"]["complex"].n == 1
    assert s.by_complexity["complex"].mean == pytest.approx(0.65)
    assert s.failure_modes == {"arguments.value": 2, "selection.completeness": 1}
    assert s.failure_rates["arguments.value"] == 0.5
    assert "ordering" not in s.dimensions and s.dimensions["score"].n == 4
    assert s.diagnostics["overuse"] == 0.75
    assert failure_modes(records) == s.failure_modes


def test_identical_score_sets_agree_perfectly_and_a_shifted_one_shows_its_shift():
    a = [rec(str(i), s, spec) for i, (s, spec) in enumerate([(0.2, "a"), (0.4, "a"), (0.6, "b"), (0.9, "c"), (0.7, "c")])]
    same = agreement(a, a)
    assert same.pearson_r == pytest.approx(1.0) and same.spearman_rho == pytest.approx(1.0)
    assert same.mean_shift.mean == 0.0 and same.records == 5 and same.specs == 3
    lower = [r.model_copy(update={"score": r.score - 0.1, "judge": "m"}) for r in a]
    shifted = agreement(a, lower)
    assert shifted.b == "m" and shifted.mean_shift.mean == pytest.approx(-0.1)
    assert shifted.mean_shift.high <= -0.1 + 1e-9 and shifted.pearson_r == pytest.approx(1.0)


def test_reversed_spec_rankings_give_negative_spearman():
    a = [rec("1", 0.1, "a"), rec("2", 0.5, "b"), rec("3", 0.9, "c")]
    b = [rec("1", 0.9, "a"), rec("2", 0.5, "b"), rec("3", 0.1, "c")]
    res = agreement(a, b)
    assert res.spearman_rho == pytest.approx(-1.0) and res.pearson_r == pytest.approx(-1.0)


def test_agreement_is_undefined_for_constant_scores_rather_than_nan():
    a = [rec(str(i), 1.0) for i in range(4)]
    res = agreement(a, a)
    assert res.pearson_r is None and res.spearman_rho is None and res.mean_shift.mean == 0.0


def test_records_a_judge_never_scored_count_as_errors_not_as_zeros():
    scored = [rec(str(i), 0.8).model_copy(update={"turns": []}) for i in range(3)]
    failed = RecordScore(scenario_id="x", judge="m", score=0.0, error="judge reply invalid after 3 attempts")
    s = summarize([*scored, failed], "m")
    assert s.records == 3 and s.errors == 1 and s.overall["minimum"] == 0.8
    assert agreement(scored + [failed], scored + [failed]).records == 3


def test_pass_k_uses_the_unbiased_estimators_over_each_scenario_s_runs():
    from evaluation.stats import pass_k

    runs = {"a": [1, 1, 1], "b": [1, 0, 1], "c": [0, 0, 0], "d": [1, 1]}  # d: a repeat missed it
    records = [RecordScore(scenario_id=sid, judge="deterministic", score=s, repeat=r)
               for sid, scores in runs.items() for r, s in enumerate(scores, 1)]
    got = pass_k(records)
    # k=1: mean pass rate; k=2: b passes twice in C(2,2)/C(3,2) = 1/3 of pairs; k=3: d (2 runs) says nothing
    assert got.pass_hat_k == pytest.approx({"1": (1 + 2 / 3 + 0 + 1) / 4, "2": (1 + 1 / 3 + 0 + 1) / 4,
                                            "3": (1 + 0 + 0) / 3})
    assert got.pass_at_k == pytest.approx({"1": (1 + 2 / 3 + 0 + 1) / 4, "2": (1 + 1 + 0 + 1) / 4, "3": 2 / 3})
    assert (got.repeats, got.scenarios, got.passed["b"], got.passed["d"]) == (3, 4, [2, 3], [2, 2])
    errored = records[0].model_copy(update={"error": "judge failed"})
    assert pass_k([errored, *records[1:]]).passed["a"] == [2, 3]  # an error never passes, whatever its score
    assert pass_k([r.model_copy(update={"repeat": None}) for r in records]) is None  # not a repeated run
    assert pass_k(records, pass_score=0.0).pass_hat_k["3"] == 1.0

"""`seer diff`: per-scenario and per-dimension verdicts, a paired two-level bootstrap, and an exit code for CI."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from cli.app import app
from evaluation.diff import diff, markdown
from schemas import RecordScore
from schemas.errors import SeerError
from tests.cli.test_app import _seer
from tests.conftest import EXAMPLES


def _cli(*args) -> object:
    res = CliRunner().invoke(app, [str(a) for a in args])
    assert res.exit_code in (0, 1), res.output
    return res


@pytest.fixture(scope="module")
def scores(tmp_path_factory) -> dict[str, Path]:
    """A generated filesystem harness; the oracle run twice (once repeated) and a faulty agent, each graded."""
    root = tmp_path_factory.mktemp("diff")
    h = root / "h"
    _cli("generate", EXAMPLES / "filesystem.json", "--out", h, "--in-process", "--no-progress")
    runs = {"oracle": ["--repeat", "2"], "oracle-again": [], "wrong": []}
    for name, extra in runs.items():
        agent = "faulty:wrong_value" if name == "wrong" else "oracle"
        _cli("run", h, "--agent", agent, "--out", root / name, "--no-progress", *extra)
        _cli("grade", h, root / name, "--out", root / f"scores-{name}")
    return {name: root / f"scores-{name}" for name in runs}


def test_two_oracle_runs_differ_in_nothing_and_exit_0_even_when_failing_on_regression(scores):
    res = _cli("diff", scores["oracle"], scores["oracle-again"], "--fail-on", "regression", "--json")
    got = json.loads(res.stdout)
    assert res.exit_code == 0 and got["verdict"] == "no significant change" and got["repeats"] == [2, 1]
    assert got["difference"]["low"] == got["difference"]["high"] == 0.0
    assert got["counts"]["score"] == {"improved": 0, "regressed": 0, "unchanged": got["difference"]["n"], "flaky": 0}


def test_a_faulty_candidate_is_a_regression_on_its_faulted_dimension(scores, tmp_path):
    res = _cli("diff", scores["oracle"], scores["wrong"], "--fail-on", "regression", "--out", tmp_path / "pr.md")
    assert res.exit_code == 1
    assert res.stdout == (tmp_path / "pr.md").read_text() and res.stdout.startswith("## seer diff:")
    assert "**regression**: mean score 1.000 → 0." in res.stdout and "### Regressed (" in res.stdout
    got = json.loads(_cli("diff", scores["oracle"], scores["wrong"], "--json").stdout)
    assert got["difference"]["high"] < 0 and got["counts"]["arguments"]["regressed"] > 0
    assert got["counts"]["selection"]["regressed"] == 0  # wrong values, right tools
    assert _cli("diff", scores["oracle"], scores["wrong"]).exit_code == 0  # no --fail-on: report only


def _records(runs: dict[str, list[float]], harness: str | None = "h1") -> list[RecordScore]:
    return [RecordScore(scenario_id=sid, judge="deterministic", score=s, harness=harness, repeat=r,
                        dimensions={"usage": 1.0, "arguments": s})
            for sid, scores in runs.items() for r, s in enumerate(scores, 1)]


def test_a_scenario_whose_baseline_runs_disagree_is_flaky_not_regressed():
    got = diff(_records({"a": [1.0, 0.5], "b": [1.0, 1.0], "c": [0.5, 0.5], "d": [1.0]}),
               _records({"a": [0.5], "b": [0.8], "c": [0.9], "e": [1.0]}))
    verdicts = {s.scenario: (s.verdict, s.dimensions) for s in got.scenarios}
    assert verdicts == {"a": ("flaky", {"usage": "unchanged", "arguments": "flaky"}),
                        "b": ("regressed", {"usage": "unchanged", "arguments": "regressed"}),
                        "c": ("improved", {"usage": "unchanged", "arguments": "improved"})}
    assert (got.only_baseline, got.only_candidate) == (["d"], ["e"])
    text = markdown(got)
    assert "Flaky in the baseline (its runs disagree; not counted as moved): a" in text
    assert "Only in baseline: 1 scenario(s), not compared" in text


def test_run_to_run_noise_widens_the_interval_so_noise_is_not_called_a_regression():
    # every scenario: the baseline passed 1 of 2 runs, the candidate 1 of 3; a lower mean, but coin flips
    noisy = diff(_records({f"s{i}": [1.0, 0.0] for i in range(12)}),
                 _records({f"s{i}": [0.0, 1.0, 0.0] for i in range(12)}))
    assert noisy.overall.mean == pytest.approx(-1 / 6) and noisy.overall.low < 0 < noisy.overall.high
    assert noisy.verdict == "no significant change"
    steady = diff(_records({f"s{i}": [1.0, 1.0] for i in range(12)}),
                  _records({f"s{i}": [0.8, 0.8, 0.8] for i in range(12)}))
    assert steady.verdict == "regression" and steady.overall.high == pytest.approx(-0.2)
    again = diff(_records({f"s{i}": [1.0, 0.0] for i in range(12)}), _records({f"s{i}": [0.0, 1.0, 0.0] for i in range(12)}))
    assert again.overall == noisy.overall  # seeded


def test_score_sets_of_different_harnesses_or_no_common_scenario_are_refused_in_one_line(tmp_path):
    with pytest.raises(SeerError, match="graded against harness h2, not h1"):
        diff(_records({"a": [1.0]}), _records({"a": [1.0]}, harness="h2"))
    with pytest.raises(SeerError, match="no scenario in common"):
        diff(_records({"a": [1.0]}), _records({"b": [1.0]}))
    (tmp_path / "a.jsonl").write_text(_records({"a": [1.0]})[0].model_dump_json() + "\n")
    bad = _seer("diff", str(tmp_path / "a.jsonl"), str(tmp_path / "a.jsonl"), "--fail-on", "worse")
    assert (bad.returncode, bad.stderr) == (2, "error: --fail-on worse: the one condition is `regression`\n")
    missing = _seer("diff", str(tmp_path / "a.jsonl"), str(tmp_path / "nope"))
    assert missing.returncode == 2 and missing.stderr.startswith("error: ") and missing.stderr.count("\n") == 1

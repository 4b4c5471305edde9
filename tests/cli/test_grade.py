"""`seer grade` end to end on a hand-written harness, with runs made by the reference agents."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import anyio
import pytest
from typer.testing import CliRunner

from cli.app import app
from common.files import load_harness
from evaluation.grading import load_scores
from harness.agents import make_agent
from harness.runner import run_harness
from schemas import ScoreSummary
from schemas.errors import SeerError
from tests.evaluation.handmade import rubric, verdict
from tests.fakellm import FakeLLM, json_reply
from tests.harness.builders import write_harness


@pytest.fixture(scope="module")
def harness_dir(tmp_path_factory) -> Path:
    return write_harness(tmp_path_factory.mktemp("grade") / "h")


def run(harness_dir: Path, agent: str, out: Path) -> Path:
    h = load_harness(harness_dir)
    anyio.run(lambda: run_harness(h, make_agent(agent, h, seed=1), out))
    return out


def grade(*args: str):
    return CliRunner().invoke(app, ["grade", *map(str, args)])


def test_grading_the_oracle_run_writes_perfect_scores_and_a_summary(harness_dir, tmp_path):
    res = grade(harness_dir, run(harness_dir, "oracle", tmp_path / "run"), "--out", tmp_path / "g")
    assert res.exit_code == 0, res.output
    head = json.loads(res.stdout)
    assert head["overall"] == {"arithmetic": 1.0, "harmonic": 1.0, "minimum": 1.0}
    records = load_scores(tmp_path / "g")
    assert len(records) == len(load_harness(harness_dir).scenarios) and all(r.score == 1.0 for r in records)
    summary = ScoreSummary.model_validate_json((tmp_path / "g" / "summary.json").read_text())
    assert summary.records == len(records) and summary.failure_modes == {} and summary.resamples == 2000


def test_a_faulty_run_scores_lower_on_the_faulted_dimension_only(harness_dir, tmp_path):
    res = grade(harness_dir, run(harness_dir, "faulty:skipped_call", tmp_path / "run"), "--out", tmp_path / "s.jsonl")
    assert res.exit_code == 0, res.output
    summary = ScoreSummary.model_validate_json((tmp_path / "summary.json").read_text())
    assert summary.dimensions["selection"].mean < 1.0
    assert summary.failure_modes.get("selection.completeness", 0) >= 1
    assert summary.dimensions["arguments"].mean == 1.0


def test_a_registered_grader_is_taken_by_name_and_needs_no_model(harness_dir, tmp_path):
    from evaluation.grading import GRADERS, GradedRun, grade_transcripts

    def halved(harness, transcripts):  # the deterministic grader's records at half the score
        graded = grade_transcripts(harness, transcripts)
        return GradedRun([r.model_copy(update={"score": r.score / 2}) for r in graded.records], graded.missing)

    GRADERS.register("halved", halved)
    try:
        res = grade(harness_dir, run(harness_dir, "oracle", tmp_path / "run"), "--judge", "halved", "--out",
                    tmp_path / "g")
    finally:
        GRADERS.unregister("halved")
    assert res.exit_code == 0, res.output
    assert json.loads(res.stdout)["judge"] == "halved"
    assert {r.score for r in load_scores(tmp_path / "g")} == {0.5}


def test_a_run_of_another_harness_and_a_missing_run_dir_are_clear_errors(harness_dir, tmp_path):
    other = tmp_path / "t.jsonl"
    other.write_text(json.dumps({"scenario_id": "nope", "agent": "x", "turns": []}) + "\n")
    res = grade(harness_dir, other, "--out", tmp_path / "g")
    assert isinstance(res.exception, SeerError) and "nope" in str(res.exception)
    out = subprocess.run([sys.executable, "-m", "cli", "grade", str(harness_dir)],
                         capture_output=True, text=True, timeout=120)
    assert out.returncode == 2 and "RUN_DIR is required" in out.stderr and "Traceback" not in out.stderr


def test_a_subset_run_grades_what_ran_and_lists_the_rest_as_ungraded(harness_dir, tmp_path):
    r = run(harness_dir, "oracle", tmp_path / "run")
    lines = (r / "transcripts.jsonl").read_text().splitlines()
    (r / "transcripts.jsonl").write_text(lines[0] + "\n")
    res = grade(harness_dir, r, "--out", tmp_path / "g")
    summary = ScoreSummary.model_validate_json((tmp_path / "g" / "summary.json").read_text())
    assert summary.records == 1 and len(summary.ungraded) == len(lines) - 1
    assert "not graded" in res.stderr


def test_an_llm_judge_grades_a_run_and_the_scenarios_reference_free(harness_dir, tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    h = load_harness(harness_dir)

    def responder(body):
        n = body["messages"][-1]["content"].count('"user":')
        return json_reply(verdict(*[rubric(i, arguments_format=8) for i in range(n)], coherence=2))

    r = run(harness_dir, "oracle", tmp_path / "run")
    with FakeLLM(responder=responder) as llm:
        res = grade(harness_dir, r, "--judge", "openai/fake", "--api-base", llm.base_url, "--out", tmp_path / "j")
        assert res.exit_code == 0, res.output
        records = load_scores(tmp_path / "j")
        assert {x.judge for x in records} == {"openai/fake"} and len(records) == len(h.scenarios)
        assert all(x.subdimensions["arguments.format"] == 0.8 and x.coherence["logical_flow"] == 0.5 for x in records)
        sent = llm.request_count
        res = grade(harness_dir, "--unsupervised", "--judge", "openai/fake", "--api-base", llm.base_url,
                    "--out", tmp_path / "u")
        assert res.exit_code == 0, res.output
        assert llm.request_count == sent + len(h.scenarios)
        assert "reference_calls" not in llm.requests[-1].prompt_text
        again = grade(harness_dir, "--unsupervised", "--judge", "openai/fake", "--api-base", llm.base_url,
                      "--out", tmp_path / "u2")
        assert again.exit_code == 0 and llm.request_count == sent + len(h.scenarios)  # all from the cache
    assert load_scores(tmp_path / "u") == load_scores(tmp_path / "u2")


def test_compare_puts_agreement_with_another_score_set_in_the_summary(harness_dir, tmp_path):
    oracle = grade(harness_dir, run(harness_dir, "oracle", tmp_path / "o"), "--out", tmp_path / "go")
    assert oracle.exit_code == 0
    res = grade(harness_dir, run(harness_dir, "faulty:wrong_value", tmp_path / "f"), "--out", tmp_path / "gf",
                "--compare", tmp_path / "go")
    assert res.exit_code == 0, res.output
    summary = ScoreSummary.model_validate_json((tmp_path / "gf" / "summary.json").read_text())
    (agr,) = summary.agreement
    assert agr.records == summary.records and agr.mean_shift.mean < 0  # the faulty run scores lower
    assert agr.pearson_r is None  # the oracle's scores are constant: r is undefined, not NaN
    bad = grade(harness_dir, tmp_path / "f", "--out", tmp_path / "gx", "--compare", tmp_path / "missing")
    assert isinstance(bad.exception, SeerError)



def test_grading_the_same_run_twice_writes_byte_identical_scores_and_summary(harness_dir, tmp_path):
    r = run(harness_dir, "faulty:swapped_order,wrong_type", tmp_path / "run")
    for out in ("a", "b"):
        assert grade(harness_dir, r, "--out", tmp_path / out, "--seed", "3").exit_code == 0
    for name in ("scores.jsonl", "summary.json"):
        assert (tmp_path / "a" / name).read_bytes() == (tmp_path / "b" / name).read_bytes()
    other_seed = grade(harness_dir, r, "--out", tmp_path / "c", "--seed", "4")
    assert other_seed.exit_code == 0
    assert (tmp_path / "c" / "scores.jsonl").read_bytes() == (tmp_path / "a" / "scores.jsonl").read_bytes()


def test_every_graded_record_names_the_harness_it_was_graded_against(tmp_path):
    import shutil

    h = tmp_path / "h"
    shutil.copytree(write_harness(tmp_path / "src"), h)
    manifest = json.loads((h / "manifest.json").read_text())
    manifest["generator"]["run_id"] = "run-0123abcd"
    (h / "manifest.json").write_text(json.dumps(manifest))
    res = grade(h, run(h, "oracle", tmp_path / "run"), "--out", tmp_path / "g")
    assert res.exit_code == 0, res.output
    assert {r.harness for r in load_scores(tmp_path / "g")} == {"run-0123abcd"}


def test_a_run_made_on_another_harness_is_refused_naming_both(tmp_path):
    import shutil

    from schemas.errors import SeerError

    dirs = []
    for name in ("a", "b"):
        h = tmp_path / name
        shutil.copytree(write_harness(tmp_path / f"src-{name}"), h)
        manifest = json.loads((h / "manifest.json").read_text())
        manifest["generator"]["run_id"] = f"run-{name}"
        (h / "manifest.json").write_text(json.dumps(manifest))
        dirs.append(h)
    ran = run(dirs[0], "oracle", tmp_path / "run")
    assert json.loads((ran / "run.json").read_text())["harness_run_id"] == "run-a"
    res = grade(dirs[1], ran, "--out", tmp_path / "g")
    assert isinstance(res.exception, SeerError) and not (tmp_path / "g").exists()
    assert "made on harness" in str(res.exception) and "run-a" in str(res.exception) and "run-b" in str(res.exception)
    assert grade(dirs[0], ran / "transcripts.jsonl", "--out", tmp_path / "g2").exit_code == 0


@pytest.mark.parametrize("workers", [[], ["--workers", "2"]], ids=["in-process", "ray"])
def test_ctrl_c_while_the_judge_works_keeps_the_old_scores_and_says_to_run_again(harness_dir, tmp_path, workers):
    """The judge's replies take a minute: Ctrl-C must not wait for them, nor touch the scores already there
    (with --workers, judge actors on a Ray instance: nothing of Ray's may reach the terminal either)."""
    import os
    import time

    from tests.sigint import files, interrupt, one_line, start

    r = run(harness_dir, "oracle", tmp_path / "run")
    out = tmp_path / "g"
    assert grade(harness_dir, r, "--out", out).exit_code == 0  # an earlier, complete grading in the same place
    before = files(out)
    with FakeLLM(latency=60) as llm:
        proc = start("grade", harness_dir, r, "--judge", "openai/fake", "--api-base", llm.base_url, "--out", out,
                     *workers, env={**os.environ, "XDG_CACHE_HOME": str(tmp_path / "cache"), "RAY_AUTH_MODE": "disabled"})
        deadline = time.monotonic() + 120
        while llm.in_flight == 0:  # the judge is at work: its first request reached the model
            assert proc.poll() is None and time.monotonic() < deadline, proc.communicate()
            time.sleep(0.05)
        sent = time.monotonic()
        code, stdout, stderr = interrupt(proc)
        waited = time.monotonic() - sent
    assert code == 130 and stdout == ""
    line = one_line(stderr)
    assert line.startswith("interrupted: no scores written") and "run the command again" in line and "cached" in line
    assert waited < 30  # the requests in flight were abandoned, not awaited
    assert files(out) == before
    assert len(load_scores(out)) == len(load_harness(harness_dir).scenarios)


def test_a_repeated_run_reports_pass_k_and_grades_into_records_per_repeat(harness_dir, tmp_path):
    out = tmp_path / "rep"
    ran = CliRunner().invoke(app, ["run", str(harness_dir), "--agent", "oracle", "--repeat", "3", "--seed", "5",
                                   "--out", str(out), "--no-progress"])
    assert ran.exit_code == 0, ran.output
    head = json.loads(ran.stdout)
    assert head["repeats"] == 3 and [r["out"] for r in head["runs"]] == [str(out / f"repeat-{i}") for i in (1, 2, 3)]
    assert head["pass_hat_k"] == head["pass_at_k"] == {"1": 1.0, "2": 1.0, "3": 1.0}
    assert [json.loads((out / f"repeat-{i}" / "run.json").read_text())["seed"] for i in (1, 2, 3)] == [5, 6, 7]
    res = grade(harness_dir, out, "--out", tmp_path / "g")
    assert res.exit_code == 0, res.output
    records = load_scores(tmp_path / "g")
    n = len(load_harness(harness_dir).scenarios)
    assert [r.repeat for r in records] == [1] * n + [2] * n + [3] * n
    summary = ScoreSummary.model_validate_json((tmp_path / "g" / "summary.json").read_text())
    assert summary.pass_k.pass_hat_k == {"1": 1.0, "2": 1.0, "3": 1.0} and summary.records == 3 * n
    single = grade(harness_dir, run(harness_dir, "faulty:skipped_call", tmp_path / "one"), "--out", tmp_path / "g1")
    assert "pass_hat_k" not in json.loads(single.stdout)

"""`seer validate` catches each kind of corruption, names the scenario and path, and passes a clean harness."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from cli.app import app
from common.files import MANIFEST, SCENARIOS, TASKS, TOOLS
from harness.validate import validate_harness
from tests.harness.builders import scenarios, write_harness


def _problems(root: Path, code: str) -> list:
    return [p for p in validate_harness(root).problems if p.code == code]


def _rewrite_scenarios(root: Path, edit) -> None:
    rows = [json.loads(line) for line in (root / SCENARIOS).read_text().splitlines() if line.strip()]
    edit({r["id"]: r for r in rows})
    (root / SCENARIOS).write_text("".join(json.dumps(r) + "\n" for r in rows))


def test_clean_harness_has_no_problems(tmp_path):
    report = validate_harness(write_harness(tmp_path / "h"))
    assert report.ok, report.problems
    assert report.checked == {"tools": 6, "scenarios": 2, "calls": 5, "tasks": 2}


def test_invalid_argument_is_reported_with_scenario_and_path(tmp_path):
    root = write_harness(tmp_path / "h")
    _rewrite_scenarios(root, lambda s: s["s-issue"]["calls"][1]["arguments"].update(issue_number="forty-two"))
    [p] = _problems(root, "invalid_arguments")
    assert (p.scenario_id, p.path) == ("s-issue", "calls[1].arguments.issue_number")
    assert "not of type 'integer'" in p.message


def test_missing_required_argument_is_reported(tmp_path):
    root = write_harness(tmp_path / "h")
    _rewrite_scenarios(root, lambda s: s["s-files"]["calls"][0]["arguments"].pop("content"))
    [p] = _problems(root, "invalid_arguments")
    assert (p.scenario_id, p.path) == ("s-files", "calls[0].arguments") and "'content' is a required" in p.message


def test_unknown_tool_is_reported(tmp_path):
    root = write_harness(tmp_path / "h")
    _rewrite_scenarios(root, lambda s: s["s-files"]["calls"][2].update(tool="list_dir"))
    [p] = _problems(root, "unknown_tool")
    assert (p.scenario_id, p.path) == ("s-files", "calls[2].tool")


def test_output_not_matching_output_schema_is_reported(tmp_path):
    root = write_harness(tmp_path / "h")
    _rewrite_scenarios(root, lambda s: s["s-issue"]["calls"][0].update(output={"number": "42", "title": "x"}))
    found = {(p.scenario_id, p.path) for p in _problems(root, "invalid_output")}
    assert ("s-issue", "calls[0].output.number") in found  # wrong type
    assert ("s-issue", "calls[0].output") in found  # 'url' missing


def test_text_output_for_a_tool_with_output_schema_is_reported(tmp_path):
    root = write_harness(tmp_path / "h")
    _rewrite_scenarios(root, lambda s: s["s-files"]["calls"][1].update(output="ship it"))
    [p] = _problems(root, "invalid_output")
    assert (p.scenario_id, p.path) == ("s-files", "calls[1].output")


@pytest.mark.parametrize(
    ("turns", "code"),
    [
        ([{"user": "a", "calls": [0]}, {"user": "b", "calls": [2]}], "turn_call_missing"),
        ([{"user": "a", "calls": [0, 1]}, {"user": "b", "calls": [1, 2]}], "turn_call_duplicated"),
        ([{"user": "a", "calls": [1, 0]}, {"user": "b", "calls": [2]}], "turn_call_order"),
        ([{"user": "a", "calls": [0, 1]}, {"user": "b", "calls": [2, 7]}], "turn_call_out_of_range"),
    ],
)
def test_turns_must_cover_every_call_once_in_order(tmp_path, turns, code):
    root = write_harness(tmp_path / "h")
    _rewrite_scenarios(root, lambda s: s["s-files"].update(turns=turns))
    problems = _problems(root, code)
    assert problems and all(p.scenario_id == "s-files" for p in problems)


def test_id_used_later_must_come_from_an_earlier_output_or_precondition(tmp_path):
    root = write_harness(tmp_path / "h")
    # read_file's path names a file; a file was produced by call 0, but this value never appeared anywhere.
    def corrupt(s):
        s["s-files"]["calls"][1]["arguments"]["path"] = "/srv/acme/other.md"
        s["s-files"]["calls"][1]["sources"] = {}

    _rewrite_scenarios(root, corrupt)
    [p] = _problems(root, "id_inconsistent")
    assert (p.scenario_id, p.path) == ("s-files", "calls[1].arguments.path")
    assert "/srv/acme/other.md" in p.message


def test_value_attributed_to_an_earlier_output_must_be_in_it(tmp_path):
    root = write_harness(tmp_path / "h")
    _rewrite_scenarios(root, lambda s: s["s-issue"]["calls"][1]["arguments"].update(issue_number=41))
    [p] = _problems(root, "id_inconsistent")
    assert (p.scenario_id, p.path) == ("s-issue", "calls[1].arguments.issue_number")


def test_entity_whose_creator_does_not_mention_it_is_reported(tmp_path):
    root = write_harness(tmp_path / "h")
    _rewrite_scenarios(root, lambda s: s["s-issue"]["state"]["entities"][0].update(id="99"))
    [p] = _problems(root, "entity_not_in_creator")
    assert p.scenario_id == "s-issue"


def test_false_manifest_counts_are_reported(tmp_path):
    root = write_harness(tmp_path / "h")
    m = json.loads((root / MANIFEST).read_text())
    m["counts"]["calls"] = 9
    m["counts"]["multi_turn"] = 0
    m["coverage"]["per_tool"]["read_file"] = 3
    m["coverage"]["ratio"] = 1.0
    (root / MANIFEST).write_text(json.dumps(m))
    paths = {p.path for p in _problems(root, "manifest_count")}
    assert paths == {"counts.calls", "counts.multi_turn", "coverage.per_tool.read_file", "coverage.ratio"}


@pytest.mark.parametrize("name", [MANIFEST, TOOLS, SCENARIOS, TASKS, "interpretations.jsonl"])
def test_missing_file_is_reported(tmp_path, name):
    root = write_harness(tmp_path / "h")
    (root / name).unlink()
    assert [p.file for p in _problems(root, "missing_file")] == [name]


def test_tasks_must_match_scenarios(tmp_path):
    root = write_harness(tmp_path / "h")
    lines = (root / TASKS).read_text().splitlines()
    (root / TASKS).write_text(lines[0] + "\n")
    [p] = _problems(root, "task_missing")
    assert p.scenario_id == scenarios()[1].id


def test_every_problem_is_reported_not_just_the_first(tmp_path):
    root = write_harness(tmp_path / "h")

    def corrupt(s):
        s["s-files"]["calls"][2]["tool"] = "nope"
        s["s-issue"]["calls"][0]["arguments"] = {}

    _rewrite_scenarios(root, corrupt)
    codes = validate_harness(root).codes()
    assert {"unknown_tool", "invalid_arguments"} <= codes


def test_cli_prints_json_report_and_exits_1_on_problems(tmp_path):
    root = write_harness(tmp_path / "h")
    clean = CliRunner().invoke(app, ["validate", str(root)])
    assert clean.exit_code == 0 and json.loads(clean.stdout)["ok"] is True
    _rewrite_scenarios(root, lambda s: s["s-files"]["calls"][0].update(tool="nope"))
    bad = CliRunner().invoke(app, ["validate", str(root)])
    report = json.loads(bad.stdout)
    assert bad.exit_code == 1 and report["ok"] is False
    assert {"code": "unknown_tool", "file": SCENARIOS, "scenario_id": "s-files", "path": "calls[0].tool"}.items() <= \
        report["problems"][0].items()


def test_partial_harness_is_reported(tmp_path):
    root = write_harness(tmp_path / "h")
    m = json.loads((root / MANIFEST).read_text())
    m.update(partial=True, stop_reason="interrupted")
    (root / MANIFEST).write_text(json.dumps(m))
    [p] = _problems(root, "partial_harness")
    assert "interrupted" in p.message and p.file == MANIFEST


def test_ids_count_inside_sentences_only_as_whole_tokens(tmp_path):
    root = write_harness(tmp_path / "h")

    def edit(s):
        s["s-files"]["calls"][0]["output"] = "Saved C:\\docs\\a.docx, see issue #7"
        s["s-files"]["state"]["entities"] = [{"kind": "file", "id": "C:\\docs\\a.docx", "created_by": 0},
                                             {"kind": "issue", "id": "7", "created_by": 0}]
        s["s-issue"]["state"]["entities"][0]["id"] = "4"  # only "42" is in the output: not the same id

    _rewrite_scenarios(root, edit)
    problems = _problems(root, "entity_not_in_creator")
    assert [(p.scenario_id, p.message) for p in problems] == [("s-issue", "entity '4' does not appear in call 0")]


def test_a_nested_source_path_is_resolved_and_checked(tmp_path):
    root = write_harness(tmp_path / "h")

    def nest(s):
        call = s["s-issue"]["calls"][1]
        value = call["arguments"].pop("issue_number")
        call["arguments"]["params"] = {"issue_number": value}
        call["sources"] = {"params.issue_number": 0, "params.missing": 0}

    _rewrite_scenarios(root, nest)
    [p] = _problems(root, "source_argument_missing")
    assert (p.scenario_id, p.path) == ("s-issue", "calls[1].arguments.params.missing")
    assert not [x for x in _problems(root, "id_inconsistent") if x.path.endswith("params.issue_number")]


def _partial(root: Path) -> None:
    m = json.loads((root / MANIFEST).read_text())
    m.update(partial=True, stop_reason="interrupted")
    (root / MANIFEST).write_text(json.dumps(m))


def test_a_partial_harness_is_held_to_what_an_interrupted_run_leaves(tmp_path):
    """Its manifest is a snapshot (it may count less than the files), tasks and interpretations come later,
    and its last line may be torn; all of that is a problem in a finished harness."""
    root = write_harness(tmp_path / "h")
    m = json.loads((root / MANIFEST).read_text())
    m["counts"].update(scenarios=1, calls=2, simple=0, complex=1, multi_turn=0)
    m["coverage"].update(covered_tools=0, ratio=0.0, per_tool={})
    (root / MANIFEST).write_text(json.dumps(m))
    (root / TASKS).write_text((root / TASKS).read_text().splitlines()[0] + "\n")
    (root / "interpretations.jsonl").unlink()
    assert {"manifest_count", "task_missing", "missing_file"} <= validate_harness(root).codes()
    with (root / SCENARIOS).open("a") as f:
        f.write('{"id": "s-torn", "calls": [{"to')
    assert "invalid_json" in validate_harness(root).codes()
    _partial(root)
    assert [p.code for p in validate_harness(root).problems] == ["partial_harness"]


def test_a_partial_harness_still_may_not_claim_more_than_it_holds_or_hold_bad_records(tmp_path):
    root = write_harness(tmp_path / "h")
    _partial(root)
    m = json.loads((root / MANIFEST).read_text())
    m["counts"]["scenarios"] = 5
    (root / MANIFEST).write_text(json.dumps(m))
    _rewrite_scenarios(root, lambda s: s["s-files"]["calls"][0].update(tool="nope"))
    assert {"partial_harness", "manifest_count", "unknown_tool"} <= validate_harness(root).codes()
    with (root / SCENARIOS).open("a") as f:
        f.write("not json\n{}\n")  # a bad line that is not the last one is no torn tail
    assert "invalid_json" in validate_harness(root).codes()


def test_a_run_interrupted_before_its_manifest_is_a_partial_harness(tmp_path):
    root = tmp_path / "h"
    (root / ".seer-run").mkdir(parents=True)
    [p] = validate_harness(root).problems
    assert p.code == "partial_harness" and "--resume" in p.message
    (root / ".seer-run").rmdir()
    assert "missing_file" in validate_harness(root).codes()  # an empty directory is no harness at all

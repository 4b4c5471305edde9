"""The report's verification section, from a verification.json written by seer verify's own aggregation."""

from __future__ import annotations

import json

import pytest

from common.files import load_harness, write_json
from evaluation.report import build_report, default_sections
from evaluation.report_verification import verification_section
from harness.verify_report import aggregate
from schemas.errors import SeerError
from tests.harness.builders import write_harness


def call(tool, ok, failure=None, error=None, sim=None):
    rec = {"index": 0, "tool": tool, "arguments": {}, "ok": ok, "failure": failure, "error": error}
    if ok:
        rec["fidelity"] = {"text_similarity": sim, "key_agreement": 1.0, "type_agreement": 1.0, "schema_valid": True}
    return rec


def write_verification(root):
    results = [
        {"id": "s-files", "error": None, "preconditions": [], "seconds": 1.0, "startup_seconds": 0.5, "completed": False,
         "calls": [call("write_file", True, sim=0.8), call("read_file", True, sim=0.6),
                   call("read_file", False, "missing_precondition", "ENOENT: no such file <x & y>")]},
        {"id": "s-issue", "error": None, "preconditions": [], "seconds": 1.0, "startup_seconds": 0.5, "completed": True,
         "calls": [call("create_issue", True, sim=0.4), call("get_issue", False, "tool_error", "boom")]},
    ]
    spec_of = {t.name: "toy" for t in load_harness(root).tools}
    report = aggregate(load_harness(root), "toy-server {sandbox}", None, results, spec_of, seconds=2.0)
    write_json(root / "verification.json", report)
    return report


def test_section_shows_per_tool_executability_missing_preconditions_and_fidelity(tmp_path):
    root = write_harness(tmp_path / "h")
    write_verification(root)
    build_report([root], tmp_path / "out", builders=(verification_section,))
    page = (tmp_path / "out" / "report.html").read_text()
    summary = json.loads((tmp_path / "out" / "summary.json").read_text())["sections"]["verification"]
    (name,) = summary
    s = summary[name]
    assert s["overall"]["calls"] == 5 and s["overall"]["executability"] == 0.6
    assert s["overall"]["missing_precondition"] == 1 and s["overall"]["executability_excluding_missing"] == 0.75
    assert s["tools"]["read_file"] == {"calls": 2, "executability": 0.5, "missing_precondition": 1,
                                       "text_similarity": 0.6, "key_agreement": 1.0, "schema_valid": 1.0}
    assert s["completion_rate"] == 0.5
    assert "Verification against real servers" in page and "60.0%" in page and "75.0%" in page
    assert "&lt;x &amp; y&gt;" in page and "<x & y>" not in page  # server text is escaped
    assert "delete_file" in page  # uncalled tools are named
    assert "Worst tools (least executable, then least like the real output): get_issue, read_file" in page
    assert (tmp_path / "out" / "figures" / f"verification-{name}.png").stat().st_size > 1000


def test_no_verification_file_means_no_section_and_it_is_a_default_section(tmp_path):
    root = write_harness(tmp_path / "h")
    assert verification_section in default_sections()
    build_report([root], tmp_path / "out", builders=(verification_section,))
    assert "verification" not in json.loads((tmp_path / "out" / "summary.json").read_text())["sections"]


@pytest.mark.parametrize("content", ["{not json", json.dumps({"overall": {}})])
def test_a_broken_verification_file_is_one_error_naming_it(tmp_path, content):
    root = write_harness(tmp_path / "h")
    (root / "verification.json").write_text(content)
    with pytest.raises(SeerError, match="verification.json"):
        build_report([root], tmp_path / "out", builders=(verification_section,))

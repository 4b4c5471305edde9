"""The whole chain as a user runs it, through the CLI in subprocesses, on examples/memory.json:
generate -> validate -> run (oracle and a faulty agent) -> grade -> report.

Each step's stdout must be the JSON it documents (nothing else), stderr must hold no traceback,
and the numbers must hold together: the oracle scores exactly 1.0, the faulty agent less, and the
report counts what the harness and the grades say.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys

from tests.conftest import EXAMPLES


def seer(*args: str) -> dict:
    proc = subprocess.run([sys.executable, "-m", "cli", *args], capture_output=True, text=True,
                          timeout=120, env={**os.environ, "RAY_AUTH_MODE": "disabled"})
    assert "Traceback" not in proc.stderr, proc.stderr
    assert proc.returncode == 0, (args, proc.stderr)
    return json.loads(proc.stdout)  # stdout is machine JSON only


def test_generate_validate_run_grade_report_on_the_memory_example(tmp_path):
    h = tmp_path / "h"
    gen = seer("generate", str(EXAMPLES / "memory.json"), "--out", str(h), "--in-process", "--json", "--no-progress")
    assert gen["partial"] is False and gen["coverage"]["ratio"] == 1.0 and gen["failures"] == 0
    scenarios = gen["counts"]["scenarios"]
    assert scenarios > 0 and gen["counts"]["calls"] >= scenarios

    report = seer("validate", str(h))
    assert report["ok"] is True and report["problems"] == []
    assert report["checked"]["scenarios"] == scenarios and report["checked"]["calls"] == gen["counts"]["calls"]

    scores = {}
    for name, agent in (("oracle", "oracle"), ("faulty", "faulty:wrong_value,skipped_call")):
        run = seer("run", str(h), "--agent", agent, "--out", str(tmp_path / f"run-{name}"), "--no-progress")
        assert (run["ran"], run["errors"]) == (scenarios, 0)
        graded = seer("grade", str(h), str(tmp_path / f"run-{name}"), "--out", str(tmp_path / f"s-{name}"))
        assert graded["records"] == scenarios and graded["ungraded"] == 0 and graded["errors"] == 0
        scores[name] = graded["overall"]["arithmetic"]
    assert scores["oracle"] == 1.0
    assert scores["faulty"] < 1.0

    out = seer("report", str(h), "--scores", str(tmp_path / "s-oracle"), str(tmp_path / "s-faulty"),
               "--out", str(tmp_path / "report"))
    assert out  # the paths it wrote
    summary = json.loads((tmp_path / "report" / "summary.json").read_text())
    assert [s["records"] for s in summary["scores"]] == [scenarios, scenarios]
    [pair] = summary["sections"]["agreement"]["pairs"]
    assert pair["records"] == scenarios
    assert pair["mean_shift"]["mean"] < 0  # faulty minus oracle
    html = (tmp_path / "report" / "report.html").read_text()
    assert "<script" not in html and 'id="generation"' in html

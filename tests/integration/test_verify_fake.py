"""seer verify end to end against a small real stdio MCP server (tests/integration/verify_fake_server.py)."""

from __future__ import annotations

import json
import subprocess
import sys
import time
from pathlib import Path

import pytest
from typer.testing import CliRunner

from cli.app import app
from common.files import load_harness
from harness.verify import VerifyOptions, verify_harness
from schemas import Call, Entity, Scenario, WorkflowState
from tests.harness.builders import scenarios, write_harness

SEER = [sys.executable, "-m", "cli"]
SERVER = f"{sys.executable} {Path(__file__).with_name('verify_fake_server.py')} {{sandbox}}"


def missing_file_scenario() -> Scenario:
    return Scenario(id="s-missing", title="Read a file nobody wrote", complexity="simple", category="files",
                    instruction="Read /srv/acme/ghost.md.", novelty_reason="n", follow_up="f",
                    calls=[Call(tool="read_file", arguments={"path": "/srv/acme/ghost.md"}, explanation="read",
                                output={"content": "boo"}, grounding="high")],
                    state=WorkflowState(entities=[Entity(kind="file", id="/srv/acme/ghost.md")]))


@pytest.fixture(scope="module")
def report(tmp_path_factory):
    root = write_harness(tmp_path_factory.mktemp("h") / "h", [*scenarios(), missing_file_scenario()])
    return verify_harness(load_harness(root), VerifyOptions(server=SERVER, timeout=60))


def test_an_issue_number_the_mock_invented_is_replaced_by_the_one_the_server_gave(report):
    issue = next(s for s in report["scenario_results"] if s["id"] == "s-issue")
    created, fetched = issue["calls"]
    assert created["real_output"]["number"] == 100
    assert fetched["arguments"] == {"issue_number": 100} and fetched["ok"]
    assert issue["completed"]
    assert fetched["fidelity"]["schema_valid"] is True and fetched["fidelity"]["key_agreement"] == 1.0


def test_paths_land_in_the_sandbox_and_preconditions_are_created_first(report):
    files = next(s for s in report["scenario_results"] if s["id"] == "s-files")
    assert all(c["ok"] for c in files["calls"])
    pre = {p["id"]: p for p in files["preconditions"]}
    assert pre["/srv/acme/readme.md"]["ok"] and pre["/srv/acme/readme.md"]["tool"] == "write_file"
    # no tool of the suite creates a directory: it is made in the sandbox directly, and said so
    assert pre["/srv/acme"]["tool"] is None and pre["/srv/acme"]["via"] == "written into the sandbox"
    listing = files["calls"][2]
    assert listing["arguments"]["path"].endswith("/srv/acme") and "/tmp" in listing["arguments"]["path"]
    # the readme the precondition wrote is really there, as the mock's listing said
    assert listing["real_output"].splitlines() == ["[FILE] notes.md", "[FILE] readme.md"]
    assert listing["fidelity"]["text_similarity"] == 1.0


def test_a_call_on_something_that_does_not_exist_is_counted_as_a_missing_precondition(report):
    missing = next(s for s in report["scenario_results"] if s["id"] == "s-missing")
    (call,) = missing["calls"]
    assert not call["ok"] and call["failure"] == "missing_precondition" and "ENOENT" in call["error"]
    assert report["overall"]["missing_precondition"] == 1
    assert report["overall"]["executability"] == pytest.approx(5 / 6, abs=1e-3)
    assert report["overall"]["executability_excluding_missing"] == 1.0
    assert report["scenarios_completed"] == 2 and report["completion_rate"] == pytest.approx(2 / 3, abs=1e-3)
    assert report["tools"]["read_file"]["calls"] == 2 and report["tools"]["read_file"]["missing_precondition"] == 1
    assert report["timing"]["startup_seconds_mean"] > 0


def test_cli_writes_verification_json_and_prints_a_table_or_json(tmp_path):
    root = write_harness(tmp_path / "h")
    res = CliRunner().invoke(app, ["verify", str(root), "--server", SERVER, "--scenario", "s-issue", "--json"])
    assert res.exit_code == 0, res.output
    printed = json.loads(res.stdout[res.stdout.index("{"):])
    saved = json.loads((root / "verification.json").read_text())
    assert printed == saved and saved["scenarios"] == 1 and saved["overall"]["executability"] == 1.0
    kept = tmp_path / "sandboxes"
    res = CliRunner().invoke(app, ["verify", str(root), "--server", SERVER, "--sandbox", str(kept),
                                   "--out", str(tmp_path / "v.json")])
    assert res.exit_code == 0, res.output
    assert "create_issue" in res.stdout and "executable" in res.stdout
    assert (kept / "s-files" / "srv" / "acme" / "notes.md").read_text() == "ship it"
    res = subprocess.run([*SEER, "verify", str(root), "--server", SERVER, "--sandbox", str(kept)],
                         capture_output=True, text=True, timeout=120)
    assert res.returncode == 2 and "not empty" in res.stderr and res.stderr.count("\n") == 1


def test_a_server_that_cannot_start_is_one_error_line(tmp_path):
    root = write_harness(tmp_path / "h")
    res = subprocess.run([*SEER, "verify", str(root), "--server", "/nonexistent/mcp-server {sandbox}",
                          "--timeout", "20"], capture_output=True, text=True, timeout=120)
    assert res.returncode == 2
    assert "/nonexistent/mcp-server" in res.stderr and "Traceback" not in res.stderr


def test_a_failing_setup_is_recorded_per_scenario(tmp_path):
    root = write_harness(tmp_path / "h")
    rep = verify_harness(load_harness(root), VerifyOptions(server=SERVER, setup="exit 3", limit=1))
    (only,) = rep["scenario_results"]
    assert only["error"].startswith("--setup: setup exited with 3") and only["calls"] == []
    assert rep["scenarios_errored"] == 1 and rep["completion_rate"] == 0.0


def test_ctrl_c_mid_run_writes_no_report_stops_the_servers_and_says_how_to_run_again(tmp_path):
    import os

    from tests.sigint import files, interrupt, one_line, start

    # 30 scenarios, a server process each: many seconds of work after the first progress line
    root = write_harness(tmp_path / "h", [s.model_copy(update={"id": f"{s.id}-{i}"}) for i in range(10) for s in scenarios()])
    res = subprocess.run([*SEER, "verify", str(root), "--server", SERVER, "--scenario", "s-issue-0"],
                         capture_output=True, text=True, timeout=120)
    assert res.returncode == 0, res.stderr  # an earlier, complete report
    before = files(root)
    kept = tmp_path / "sandboxes"
    proc = start("verify", root, "--server", SERVER, "--sandbox", kept)
    first = proc.stderr.readline()  # "s-files-0: 3/3 calls ok": replaying has begun
    assert "calls ok" in first, first + proc.communicate()[1]
    code, stdout, stderr = interrupt(proc)
    assert code == 130 and stdout == ""
    progress = r"^\S+: \d+/\d+ calls ok"
    line = one_line(stderr, ignore=progress)
    assert line.startswith("interrupted after verifying ") and "no report written" in line
    assert "run the command again" in line and f"kept in {kept}" in line
    assert files(root) == before  # verification.json as it was, no temporary beside it
    assert json.loads((root / "verification.json").read_text())["scenarios"] == 1
    # no server process outlives the command (each was started in the scenario's sandbox under `kept`)
    for _ in range(100):
        left = []
        for pid in filter(str.isdigit, os.listdir("/proc")):
            try:
                if str(kept).encode() in open(f"/proc/{pid}/cmdline", "rb").read():
                    left.append(pid)
            except OSError:
                pass
        if not left:
            break
        time.sleep(0.1)
    assert not left, "server processes still running after the interrupt"

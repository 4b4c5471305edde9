"""seer verify against the real reference servers (installed by .ci/install-servers.sh): mcp-server-git on a
temporary repository, @modelcontextprotocol/server-filesystem and server-memory. A few scenarios each, from
harnesses the offline engine generates from examples/; the full measurement is bench/verify_real.py."""

from __future__ import annotations

import dataclasses
import subprocess

import pytest
from typer.testing import CliRunner

from cli.app import app
from common.files import load_harness
from harness.verify import VerifyOptions, verify_harness
from schemas import Call, Scenario, WorkflowState
from tests.conftest import EXAMPLES, SERVERS, require_executable

GIT_SETUP = ("git init -q -b main . && git -c user.name=seer -c user.email=seer@example.com "
             "commit -q --allow-empty -m 'initial commit'")


def generated(tmp_path_factory, spec: str):
    out = tmp_path_factory.mktemp(spec) / "h"
    res = CliRunner().invoke(app, ["generate", str(EXAMPLES / f"{spec}.json"), "--out", str(out), "--in-process",
                                   "--no-progress", "--seed", "0"])
    assert res.exit_code == 0, res.output
    return load_harness(out)


def sandboxed(report) -> None:
    """No call reached outside its sandbox, and every scenario ran (no server or setup error)."""
    assert report["scenarios_errored"] == 0, [s["error"] for s in report["scenario_results"]]
    for s in report["scenario_results"]:
        for c in s["calls"]:
            assert "outside allowed directories" not in (c["error"] or ""), c


def test_filesystem_server_runs_generated_scenarios_inside_its_allowed_directory(tmp_path_factory):
    exe = require_executable(SERVERS / "node/node_modules/.bin/mcp-server-filesystem", "filesystem reference server")
    harness = generated(tmp_path_factory, "filesystem")
    report = verify_harness(harness, VerifyOptions(server=f"{exe} {{sandbox}}", limit=4, timeout=60))
    sandboxed(report)
    assert report["scenarios"] == 4 and report["overall"]["succeeded"] > 0
    assert report["preconditions"]["established"] == report["preconditions"]["total"]
    # structured outputs: the real server's results fit the outputSchema the mocks were written for
    assert report["overall"]["schema_valid"] == 1.0
    assert report["overall"]["executability_excluding_missing"] >= 0.5


def test_memory_server_creates_precondition_entities_and_answers_with_the_mocked_structure(tmp_path_factory):
    exe = require_executable(SERVERS / "node/node_modules/.bin/mcp-server-memory", "memory reference server")
    harness = generated(tmp_path_factory, "memory")
    report = verify_harness(harness, VerifyOptions(server=f"env MEMORY_FILE_PATH={{sandbox}}/memory.jsonl {exe}",
                                                   limit=5, timeout=60))
    sandboxed(report)
    assert report["overall"]["executability"] >= 0.5
    assert report["overall"]["key_agreement"] is not None and report["overall"]["type_agreement"] >= 0.9


def test_git_server_log_then_show_uses_the_real_commit_hash(tmp_path_factory, tmp_path):
    exe = require_executable(SERVERS / "git-venv/bin/mcp-server-git", "mcp-server-git reference server")
    harness = generated(tmp_path_factory, "git-reference")
    repo = "/srv/acme/api"
    mine = Scenario(
        id="log-show", title="Show the latest commit", complexity="simple", category="history",
        instruction="Show the latest commit of /srv/acme/api.", novelty_reason="n", follow_up="f",
        calls=[Call(tool="git_log", arguments={"repo_path": repo, "max_count": 1}, explanation="log",
                    output="1 commit found:\n- d109b53", grounding="low"),
               Call(tool="git_show", arguments={"repo_path": repo, "revision": "d109b53"}, explanation="show",
                    output="commit d109b53\ninitial commit", grounding="low", sources={"revision": 0})],
        state=WorkflowState(context={"repo_path": repo}))
    sandboxes = tmp_path / "sbx"
    report = verify_harness(dataclasses.replace(harness, scenarios=[mine, *harness.scenarios[:3]]),
                            VerifyOptions(server=f"{exe} --repository {{sandbox}}", setup=GIT_SETUP,
                                          sandbox=sandboxes, timeout=60))
    sandboxed(report)
    head = subprocess.run(["git", "-C", str(sandboxes / "log-show"), "rev-parse", "HEAD"], capture_output=True,
                          text=True, check=True).stdout.strip()
    log, show = report["scenario_results"][0]["calls"]
    assert log["ok"] and log["arguments"]["repo_path"] == str(sandboxes.resolve() / "log-show")
    assert show["ok"] and show["arguments"]["revision"] in head and len(show["arguments"]["revision"]) >= 7
    assert "initial commit" in show["real_output"]

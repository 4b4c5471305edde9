"""Every reference agent runs cleanly on generated harnesses of real specs (no mock-world failures)."""

from __future__ import annotations

import json

import anyio
import pytest
from typer.testing import CliRunner

from cli.app import app
from common.files import load_harness
from harness.agents import make_agent
from harness.faults import KINDS
from harness.runner import RunOptions, run_harness
from tests.conftest import EXAMPLES, dev_spec


@pytest.fixture(scope="module", params=["github", "memory", "redis"])
def generated(request, tmp_path_factory):
    spec = dev_spec(request.param) if request.param == "github" else EXAMPLES / f"{request.param}.json"
    out = tmp_path_factory.mktemp("gen") / request.param
    res = CliRunner().invoke(app, ["generate", str(spec), "--out", str(out), "--in-process", "--no-progress"])
    assert res.exit_code == 0, res.output
    return load_harness(out)


@pytest.mark.parametrize("agent", ["oracle", "faulty:" + ",".join(KINDS), *(f"faulty:{k}" for k in KINDS)])
def test_reference_agent_runs_without_errors(generated, agent, tmp_path):
    summary = anyio.run(lambda: run_harness(generated, make_agent(agent, generated, seed=1), tmp_path / "run",
                                            RunOptions(concurrency=4, seed=1)))
    assert summary["errors"] == 0 and summary["ran"] == len(generated.scenarios)
    transcripts = [json.loads(x) for x in (tmp_path / "run" / "transcripts.jsonl").read_text().splitlines()]
    if agent == "oracle":
        for t, s in zip(transcripts, generated.scenarios):
            calls = [c for turn in t["turns"] for c in turn["calls"]]
            assert [c["oracle_index"] for c in calls] == list(range(len(s.calls)))
            assert [c["is_error"] for c in calls] == [c.is_error for c in s.calls]
    else:
        applied = [f for t in transcripts for f in t["faults"] if f["applied"]]
        assert applied, "no fault was applied anywhere"

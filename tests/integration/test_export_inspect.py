"""`seer export --format inspect`: Inspect AI evaluates the exported task for real (`inspect eval`), its tools
served by `seer serve` over MCP, scored by our deterministic grader."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from common.files import load_harness
from harness.export import export
from tests.conftest import EXAMPLES

pytest.importorskip("inspect_ai")  # a test dependency; the skip is for installs without the export extra
INSPECT = Path(sys.executable).with_name("inspect")


@pytest.fixture(scope="module")
def exported(tmp_path_factory) -> tuple[Path, object]:
    """The filesystem example's generated harness (16 scenarios, multi-turn ones among them), exported."""
    from typer.testing import CliRunner

    from cli.app import app

    root = tmp_path_factory.mktemp("inspect")
    made = CliRunner().invoke(app, ["generate", str(EXAMPLES / "filesystem.json"), "--out", str(root / "h"),
                                    "--in-process", "--no-progress"])
    assert made.exit_code == 0, made.output
    harness = load_harness(root / "h")
    assert any(len(s.turns) > 1 for s in harness.scenarios)
    export(harness, "inspect", root / "task")
    return root / "task" / "task.py", harness


def _eval(task: Path, model: str, logs: Path) -> dict:
    import litellm

    # mockllm counts tokens with tiktoken, which would download its encoding; litellm ships the file
    env = {**os.environ, "TIKTOKEN_CACHE_DIR": str(Path(litellm.__file__).parent / "litellm_core_utils" / "tokenizers")}
    done = subprocess.run([str(INSPECT), "eval", task.name, "--model", model, "--log-dir", str(logs),
                           "--log-format", "json", "--display", "plain"], capture_output=True, text=True,
                          timeout=300, env=env, cwd=task.parent)
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    [log] = list(logs.glob("*.json"))
    return json.loads(log.read_text())


def test_the_oracle_replay_scores_1_turn_by_turn_against_one_world_per_sample(exported, tmp_path):
    task, harness = exported
    log = _eval(task, "seer/oracle", tmp_path / "logs")
    assert log["status"] == "success" and log["results"]["scores"][0]["metrics"]["mean"]["value"] == 1.0
    samples = {s["id"]: s for s in log["samples"]}
    assert set(samples) == {s.id for s in harness.scenarios}
    for scenario in harness.scenarios:
        messages = samples[scenario.id]["messages"]
        assert [m["content"] for m in messages if m["role"] == "user"] == [t.user for t in scenario.turns]
        calls = [c for m in messages if m["role"] == "assistant" for c in m.get("tool_calls") or []]
        assert [(c["function"], c["arguments"]) for c in calls] == [(c.tool, c.arguments) for c in scenario.calls]
        # each result is the world's answer, as `seer serve --scenario` gives it: the oracle's mock
        results = [m for m in messages if m["role"] == "tool"]
        texts = [r["content"] if isinstance(r["content"], str) else r["content"][0]["text"] for r in results]
        expected = [c.output if isinstance(c.output, str) else json.dumps(c.output) for c in scenario.calls]
        assert [json.loads(t) if t.startswith("{") else t for t in texts] == [
            json.loads(e) if e.startswith("{") else e for e in expected]
        assert samples[scenario.id]["scores"]["seer_grader"]["metadata"]["dimensions"]["selection"] == 1.0


def test_inspect_s_mock_model_runs_the_task_and_scores_0_for_calling_nothing(exported, tmp_path):
    task, _ = exported
    log = _eval(task, "mockllm/model", tmp_path / "logs")
    assert log["status"] == "success" and log["results"]["scores"][0]["metrics"]["mean"]["value"] == 0.0

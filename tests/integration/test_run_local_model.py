"""`seer run --agent local/smollm2`: a real local model (llama.cpp server started and stopped by the run).

SmolLM2-135M's answers are weak and llama.cpp's default chat format ignores tools, so what is shown is that
the model path runs for real with no key and no network, and that the server does not outlive the run."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from cli.app import app
from harness.runner import TRANSCRIPTS
from tests.harness.builders import write_harness
from tests.integration.test_llm_local_model import _llama_servers, _require_extra, mark_children  # the same process census

pytestmark = [pytest.mark.local_model, pytest.mark.slow]


def test_run_with_the_local_model_answers_every_turn_and_stops_its_server(tmp_path, monkeypatch):
    _require_extra()
    mark_children(monkeypatch)
    root = write_harness(tmp_path / "h")
    before = _llama_servers()
    res = CliRunner().invoke(app, ["run", str(root), "--agent", "local/smollm2", "--out", str(tmp_path / "run"),
                                   "--concurrency", "1", "--max-steps", "3"])
    assert res.exit_code == 0, res.output
    transcripts = [json.loads(x) for x in (tmp_path / "run" / TRANSCRIPTS).read_text().splitlines()]
    assert [t["scenario_id"] for t in transcripts] == ["s-files", "s-issue"]
    for t in transcripts:
        assert t["error"] is None and t["agent"] == "openai/smollm2" and t["completion_tokens"] > 0
        assert all(turn["answer"] or turn["calls"] for turn in t["turns"])
    assert _llama_servers() - before == set()

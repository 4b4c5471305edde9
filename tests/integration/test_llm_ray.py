"""The llm engine on a real local Ray instance: one gateway actor shared by every worker."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

os.environ.setdefault("RAY_AUTH_MODE", "disabled")

from actors import ray_runtime  # noqa: E402
from harness.validate import validate_harness  # noqa: E402
from schemas import EngineSelection, LLMSettings, RunConfig, SeerError, Workers  # noqa: E402
from specs import load_suite  # noqa: E402
from tests.conftest import dev_spec  # noqa: E402
from tests.engines.llm.scripted_model import ScriptedModel  # noqa: E402
from tests.fakellm import FakeLLM  # noqa: E402

LLM_ENGINES = EngineSelection(interpret="llm", scenario="llm", mock="llm", expand="llm")


def test_workers_on_ray_share_one_gateway_actor_and_its_limit(ray_local, tmp_path) -> None:
    suite = load_suite([dev_spec("memory")])
    with FakeLLM(responder=ScriptedModel(), latency=0.05) as server:
        cfg = RunConfig(seed=2, engines=LLM_ENGINES, batch_size=6, workers=Workers(scenario=3, mock=3),
                        llm=LLMSettings(model="openai/fake", api_base=server.base_url, concurrency=2,
                                        cache_path=str(tmp_path / "c.sqlite"), backoff_s=0.01))
        manifest = ray_runtime.run_ray(suite, cfg, str(tmp_path / "h"))
        assert server.max_in_flight <= 2
        assert manifest.usage.total.requests == server.request_count > 0
    assert manifest.coverage.ratio == 1.0 and not manifest.partial
    assert validate_harness(tmp_path / "h").problems == []


def test_a_missing_api_key_stops_the_run_with_one_clear_line(ray_local, tmp_path, monkeypatch) -> None:
    monkeypatch.delenv("GEMINI_API_KEY", raising=False)
    monkeypatch.delenv("GOOGLE_API_KEY", raising=False)
    suite = load_suite([dev_spec("memory")])
    cfg = RunConfig(engines=LLM_ENGINES, llm=LLMSettings(model="gemini/gemini-2.5-flash-lite"))
    with pytest.raises(SeerError) as e:
        ray_runtime.run_ray(suite, cfg, str(tmp_path / "h"))
    assert "GEMINI_API_KEY" in str(e.value) and "\n" not in str(e.value).strip()


def test_stage_engines_do_not_import_litellm() -> None:
    code = ("import sys, engines.llm; from engines.llm import LLMInterpreter, LLMScenarioWriter, LLMMocker, "
            "LLMExpander; print('litellm' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"

"""`llm` engine end to end through the coordinator's in-process pipeline, real litellm, a local HTTP server."""

from __future__ import annotations

import json

import pytest

from actors.local import generate_local
from harness.validate import validate_harness
from llm_client.gateway import LLMGateway
from schemas import EngineSelection, LLMSettings, RunConfig
from specs import load_suite
from tests.conftest import dev_spec
from tests.engines.llm.scripted_model import ScriptedModel
from tests.fakellm import FakeLLM, Faults

TRANSPORT = ("http_429", "http_500", "timeout", "malformed_body")
CONTENT = ("malformed_json", "wrong")


@pytest.fixture(autouse=True)
def _close_gateways():
    yield
    LLMGateway.close_shared()


def config(server: FakeLLM, tmp_path, **llm) -> RunConfig:
    base = dict(model="openai/fake", api_base=server.base_url, cache_path=str(tmp_path / "cache.sqlite"),
                backoff_s=0.01, timeout_s=1.0, concurrency=4)
    return RunConfig(seed=1, engines=EngineSelection(interpret="llm", scenario="llm", mock="llm", expand="llm"),
                     batch_size=6, llm=LLMSettings(**{**base, **llm}))


def test_a_valid_harness_despite_a_30_percent_fault_rate_with_every_failure_accounted(tmp_path) -> None:
    suite = load_suite([dev_spec("memory")])
    model = ScriptedModel()
    faults = Faults(rate=0.3, kinds=TRANSPORT + CONTENT, seed=5, timeout_s=3.0, wrong=model.wrong)
    with FakeLLM(responder=model, faults=faults) as server:
        manifest, scenarios = generate_local(suite, config(server, tmp_path), str(tmp_path / "h"), threads=4)
        injected = server.injected
        seen = server.request_count
    assert validate_harness(tmp_path / "h").problems == []
    assert scenarios and manifest.coverage.ratio == 1.0
    assert sum(injected[k] for k in TRANSPORT + CONTENT) >= 0.2 * seen  # the faults really happened
    assert manifest.usage.total.requests == seen  # every attempt is in the usage
    transport = [f for f in manifest.failures if f.reason.startswith("model request failed")]
    assert len(transport) == sum(injected[k] for k in TRANSPORT)
    rejected = [f for f in manifest.failures if f not in transport and "no answer after" not in f.reason]
    assert len(rejected) >= injected["malformed_json"] + injected["wrong"]
    assert all(f.reason and f.stage in ("interpret", "scenario", "mock", "expand") for f in manifest.failures)


def test_a_rerun_of_the_same_job_is_served_entirely_from_the_cache(tmp_path) -> None:
    suite = load_suite([dev_spec("memory")])
    with FakeLLM(responder=ScriptedModel()) as server:
        first, _ = generate_local(suite, config(server, tmp_path), str(tmp_path / "a"), threads=3)
        LLMGateway.close_shared()
        sent = server.request_count
        second, _ = generate_local(suite, config(server, tmp_path), str(tmp_path / "b"), threads=3)
        assert server.request_count == sent > 0
    assert second.usage.total.requests == 0 and second.usage.total.cache_hits == first.usage.total.requests
    assert (tmp_path / "a" / "scenarios.jsonl").read_bytes() == (tmp_path / "b" / "scenarios.jsonl").read_bytes()


def test_the_concurrency_limit_holds_across_pipeline_threads(tmp_path) -> None:
    suite = load_suite([dev_spec("memory")])
    with FakeLLM(responder=ScriptedModel(), latency=0.05) as server:
        manifest, _ = generate_local(suite, config(server, tmp_path, concurrency=2, cache=False), str(tmp_path / "h"),
                                     threads=6)
        assert server.max_in_flight == 2
    assert manifest.usage.total.requests == server.request_count


def test_the_call_budget_leaves_a_valid_partial_harness(tmp_path) -> None:
    suite = load_suite([dev_spec("memory")])
    with FakeLLM(responder=ScriptedModel()) as server:
        cfg = config(server, tmp_path, cache=False)
        cfg = cfg.model_copy(update={"budget": cfg.budget.model_copy(update={"max_llm_calls": 15})})
        manifest, _ = generate_local(suite, cfg, str(tmp_path / "h"))
        assert server.request_count == 15
    assert manifest.stop_reason and "budget" in manifest.stop_reason
    assert validate_harness(tmp_path / "h").problems == []
    assert any("max-calls 15" in f.reason for f in manifest.failures)
    assert json.loads((tmp_path / "h" / "manifest.json").read_text())["usage"]["stages"]


def test_the_api_key_reaches_the_server_but_no_harness_file_log_or_cache(tmp_path, monkeypatch, capfd) -> None:
    from tests.fakellm import error

    secret = "sk-live-3b9e51c07d2a4f8e96"
    monkeypatch.setenv("OPENAI_API_KEY", secret)
    suite = load_suite([dev_spec("memory")])
    with FakeLLM(responder=ScriptedModel()) as server:
        server.enqueue(error(500, f"upstream rejected key {secret}"), error(401, f"Incorrect API key provided: {secret}"))
        manifest, _ = generate_local(suite, config(server, tmp_path), str(tmp_path / "h"))
        assert server.requests[0].headers["authorization"] == f"Bearer {secret}"
    assert any("***" in f.reason for f in manifest.failures)  # the provider's echo of the key was scrubbed
    files = [p for p in tmp_path.rglob("*") if p.is_file()]
    assert files and all(secret.encode() not in p.read_bytes() for p in files)
    out = capfd.readouterr()
    assert secret not in out.out + out.err


def test_progress_reports_model_usage_while_the_run_goes(tmp_path) -> None:
    from actors.local import run_local
    from coordinator.coordinator import Coordinator
    from coordinator.progress import usage_note

    suite = load_suite([dev_spec("memory")])
    seen = []
    with FakeLLM(responder=ScriptedModel()) as server:
        coord = Coordinator(suite, config(server, tmp_path), out=str(tmp_path / "h"))
        manifest = run_local(coord, threads=3, on_progress=seen.append)
        sent = server.request_count
    live = [p.usage.requests for p in seen]
    assert live == sorted(live) and 0 < live[0] < sent  # counted from the first interpretations on, not at the end
    assert seen[-1].usage == manifest.usage.total and seen[-1].usage.requests == sent
    assert usage_note(seen[-1].usage) == f"{sent} requests, {seen[-1].usage.prompt_tokens + seen[-1].usage.completion_tokens:,} tokens, cost unknown"


def test_a_cost_cap_that_cannot_be_enforced_is_reported_in_the_summary(tmp_path) -> None:
    from typer.testing import CliRunner

    from cli.app import app

    with FakeLLM(responder=ScriptedModel()) as server:
        args = ["generate", str(dev_spec("memory")), "--out", str(tmp_path / "h"), "--engine", "llm",
                "--model", "openai/fake", "--api-base", server.base_url, "--in-process", "--no-progress",
                "--max-scenarios", "2"]
        capped = CliRunner().invoke(app, [*args, "--json", "--max-cost", "1"], env={"XDG_CACHE_HOME": str(tmp_path)})
        uncapped = CliRunner().invoke(app, [*args, "--json"], env={"XDG_CACHE_HOME": str(tmp_path)})
        text = CliRunner().invoke(app, [*args, "--max-cost", "1"], env={"XDG_CACHE_HOME": str(tmp_path / "t")})
    assert capped.exit_code == 0, capped.output
    cost, stopped = json.loads(capped.stdout)["warnings"]  # the cap, then --max-scenarios stopping the run short
    assert cost.startswith("--max-cost 1 was not enforced: no price is known for openai/fake")
    assert stopped.startswith("the budget stopped the run: max_scenarios (2) requested")
    assert json.loads(uncapped.stdout)["warnings"] == [stopped]
    assert "warning: --max-cost 1 was not enforced" in text.stdout

"""The gateway over real HTTP through real litellm: retries, limits, cache, budget, usage, keys."""

from __future__ import annotations

import asyncio
import json
import time

import pytest

from llm_client import BudgetExceeded, LLMConfigError, LLMError, LLMGateway, LLMRequest, LLMUnavailable
from schemas import Budget, LLMSettings
from tests.fakellm import FakeLLM, error, hang, json_reply, malformed_body

SCHEMA = {"type": "object", "properties": {"a": {"type": "integer"}}, "required": ["a"]}


def settings(llm: FakeLLM, tmp_path, **kw) -> LLMSettings:
    base = dict(model="openai/fake", api_base=llm.base_url, cache_path=str(tmp_path / "cache.sqlite"),
                backoff_s=0.01, timeout_s=5.0)
    return LLMSettings(**{**base, **kw})


def ask(content: str = "hi", **kw) -> LLMRequest:
    return LLMRequest.of([{"role": "user", "content": content}], stage="interpret", item="t", **kw)


@pytest.fixture
def llm():
    with FakeLLM() as server:
        yield server


def test_a_completion_is_parsed_and_counted_and_a_rerun_is_served_from_the_cache(llm, tmp_path) -> None:
    llm.enqueue(json_reply({"a": 7}))
    with LLMGateway(settings(llm, tmp_path)) as gw:
        r = gw.complete(ask(response_schema=SCHEMA))
        assert (r.parsed, r.cached, r.usage.requests) == ({"a": 7}, False, 1)
        assert r.usage.prompt_tokens > 0 and r.usage.completion_tokens > 0
        assert r.usage.cost_usd is None  # openai/fake has no price: tokens counted, cost unknown
        assert llm.requests[0].body["response_format"]["json_schema"]["schema"] == SCHEMA
    with LLMGateway(settings(llm, tmp_path)) as gw:  # a new gateway process, same cache file
        again = gw.complete(ask(response_schema=SCHEMA))
        assert again.cached and again.parsed == {"a": 7} and again.usage.requests == 0
        assert gw.usage()["interpret"].cache_hits == 1
    assert llm.request_count == 1


def test_no_cache_and_a_different_temperature_or_seed_miss_the_cache(llm, tmp_path) -> None:
    with LLMGateway(settings(llm, tmp_path)) as gw:
        gw.complete(ask())
        gw.complete(ask(temperature=0.0))
        gw.complete(ask(seed=3))
        gw.complete(ask())
    with LLMGateway(settings(llm, tmp_path, cache=False)) as gw:
        gw.complete(ask())
    assert llm.request_count == 4


def test_rate_limits_server_errors_bad_bodies_and_timeouts_are_retried_and_every_attempt_is_counted(llm, tmp_path) -> None:
    llm.enqueue(error(429), error(500), malformed_body(), hang(3.0), json_reply({"a": 1}))
    with LLMGateway(settings(llm, tmp_path, timeout_s=0.5, transport_retries=4)) as gw:
        r = gw.complete(ask(response_schema=SCHEMA))
        assert r.parsed == {"a": 1}
        assert r.usage.requests == 5 == llm.request_count
        assert gw.usage()["interpret"].requests == 5


def test_a_provider_that_keeps_failing_raises_unavailable_with_the_attempts_counted(llm, tmp_path) -> None:
    llm.enqueue(*[error(503)] * 3)
    with LLMGateway(settings(llm, tmp_path, transport_retries=2)) as gw:
        with pytest.raises(LLMUnavailable) as e:
            gw.complete(ask())
        assert e.value.usage.requests == 3
    assert llm.request_count == 3


def test_a_bad_request_is_not_retried(llm, tmp_path) -> None:
    llm.enqueue(error(400, "bad schema"))
    with LLMGateway(settings(llm, tmp_path)) as gw, pytest.raises(LLMError, match="bad schema"):
        gw.complete(ask())
    assert llm.request_count == 1


def test_parallel_requests_never_exceed_the_concurrency_limit(tmp_path) -> None:
    with FakeLLM(latency=0.15) as llm, LLMGateway(settings(llm, tmp_path, concurrency=3)) as gw:
        async def burst():
            return await asyncio.gather(*[gw.acomplete(ask(f"q{i}")) for i in range(12)])

        results = asyncio.run(burst())
        assert len(results) == 12 and llm.max_in_flight == 3


def test_the_call_budget_stops_dispatching_exactly_at_the_cap_but_cache_hits_still_answer(llm, tmp_path) -> None:
    with LLMGateway(settings(llm, tmp_path), Budget(max_llm_calls=2)) as gw:
        gw.complete(ask("a"))
        gw.complete(ask("b"))
        with pytest.raises(BudgetExceeded, match="max-calls 2"):
            gw.complete(ask("c"))
        assert gw.budget_exhausted()
        assert gw.complete(ask("a")).cached
    assert llm.request_count == 2


def test_registered_prices_give_a_cost_and_the_cost_cap_stops_further_requests(llm, tmp_path) -> None:
    s = settings(llm, tmp_path, model="openai/priced-fake", input_cost_per_million=1e6, output_cost_per_million=1e6)
    with LLMGateway(s, Budget(max_cost=0.5)) as gw:
        r = gw.complete(ask("x" * 40))
        assert r.usage.cost_usd == pytest.approx(r.usage.prompt_tokens + r.usage.completion_tokens)
        with pytest.raises(BudgetExceeded, match="max-cost"):
            gw.complete(ask("y"))
    assert llm.request_count == 1


def test_a_missing_api_key_is_reported_before_any_request(monkeypatch, tmp_path) -> None:
    monkeypatch.delenv("GEMINI_API_KEY", raising=False)
    monkeypatch.delenv("GOOGLE_API_KEY", raising=False)
    with pytest.raises(LLMConfigError, match="GEMINI_API_KEY"):
        LLMGateway(LLMSettings(model="gemini/gemini-2.5-flash-lite", cache_path=str(tmp_path / "c.sqlite")))
    with pytest.raises(LLMConfigError, match="unknown provider"):
        LLMGateway(LLMSettings(model="nosuchprovider/x", cache_path=str(tmp_path / "c.sqlite")))


def test_the_api_key_is_sent_to_the_provider_but_never_logged_cached_or_echoed(llm, tmp_path, monkeypatch, capfd) -> None:
    secret = "sk-test-7f3a9c1e5b2d4f60a8"
    monkeypatch.setenv("OPENAI_API_KEY", secret)
    llm.enqueue(error(500, f"upstream failed for key {secret}"), json_reply({"a": 1}),
                error(401, f"Incorrect API key provided: {secret}"))
    with LLMGateway(settings(llm, tmp_path)) as gw:
        gw.complete(ask("one"))
        with pytest.raises(LLMError) as e:
            gw.complete(ask("two"))
    assert llm.requests[0].headers["authorization"] == f"Bearer {secret}"
    assert secret not in str(e.value)
    out = capfd.readouterr()
    assert secret not in out.out + out.err
    assert secret.encode() not in (tmp_path / "cache.sqlite").read_bytes()
    assert "***" in str(e.value)


def test_json_object_mode_sends_the_schema_inside_response_format(llm, tmp_path) -> None:
    with LLMGateway(settings(llm, tmp_path, response_format="json_object")) as gw:
        gw.complete(ask(response_schema=SCHEMA))
    assert llm.requests[0].body["response_format"] == {"type": "json_object", "schema": SCHEMA}


def test_tool_calls_come_back_for_agent_loops(llm, tmp_path) -> None:
    from tests.fakellm import tool_call

    llm.enqueue(tool_call("read_file", {"path": "/a"}))
    tools = ({"type": "function", "function": {"name": "read_file", "parameters": {"type": "object"}}},)
    with LLMGateway(settings(llm, tmp_path)) as gw:
        r = gw.complete([{"role": "user", "content": "read /a"}], stage="run", tools=tools)
    assert r.tool_calls[0]["name"] == "read_file" and json.loads(r.tool_calls[0]["arguments"]) == {"path": "/a"}
    assert llm.requests[0].body["tools"][0]["function"]["name"] == "read_file"


def test_an_unpriced_model_stays_unpriced_for_every_gateway_of_the_process(llm, tmp_path) -> None:
    s = settings(llm, tmp_path, model="openai/unpriced-twice", cache=False)
    for _ in range(2):  # the first gateway registers a zero-price placeholder in litellm's process-wide map
        llm.enqueue(json_reply({"a": 1}))
        with LLMGateway(s) as gw:
            assert gw.complete(ask(response_schema=SCHEMA)).usage.cost_usd is None


def test_litellm_callbacks_a_user_registers_still_see_every_reply(llm, tmp_path, monkeypatch) -> None:
    """The gateway skips litellm's success logging only while no callback listens (a speed-up, bench/RESULTS.md)."""
    monkeypatch.setenv("LITELLM_LOCAL_MODEL_COST_MAP", "True")  # as the gateway does: no price-list download at import
    import litellm
    from litellm.integrations.custom_logger import CustomLogger

    class Seen(CustomLogger):
        def __init__(self) -> None:
            super().__init__()
            self.replies: list[str] = []

        async def async_log_success_event(self, kwargs, response_obj, start_time, end_time) -> None:
            self.replies.append(response_obj.choices[0].message.content)

    seen = Seen()
    litellm.callbacks.append(seen)
    try:
        llm.enqueue(json_reply({"a": 1}), json_reply({"a": 2}))
        with LLMGateway(settings(llm, tmp_path, cache=False)) as gw:
            assert [gw.complete(ask(f"q{i}", response_schema=SCHEMA)).parsed["a"] for i in (1, 2)] == [1, 2]
            for _ in range(200):  # litellm logs from a background worker on the gateway's loop
                if len(seen.replies) == 2:
                    break
                time.sleep(0.02)
    finally:
        litellm.callbacks.remove(seen)
    assert sorted(json.loads(r)["a"] for r in seen.replies) == [1, 2]  # and not the gateway's start-up warm-up call

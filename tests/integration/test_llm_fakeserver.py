"""The fake OpenAI-compatible server behaves like a provider over real HTTP."""

from __future__ import annotations

import asyncio
import json

import httpx

from tests.fakellm import FakeLLM, Faults, error, json_reply, tool_call


def _chat(client: httpx.Client, base: str, content: str = "hi") -> httpx.Response:
    return client.post(f"{base}/chat/completions", json={"model": "fake", "messages": [{"role": "user", "content": content}]},
                       headers={"Authorization": "Bearer k"})


def test_scripted_replies_come_in_order_then_the_responder_answers() -> None:
    with FakeLLM(responder=lambda body: {"echo": body["messages"][-1]["content"]}) as llm, httpx.Client() as c:
        llm.enqueue(json_reply({"a": 1}), tool_call("read_file", {"path": "/x"}), error(429))
        first = _chat(c, llm.base_url).json()
        assert json.loads(first["choices"][0]["message"]["content"]) == {"a": 1}
        assert first["usage"]["total_tokens"] == first["usage"]["prompt_tokens"] + first["usage"]["completion_tokens"]
        second = _chat(c, llm.base_url).json()["choices"][0]
        assert second["finish_reason"] == "tool_calls"
        assert second["message"]["tool_calls"][0]["function"] == {"name": "read_file", "arguments": '{"path": "/x"}'}
        assert _chat(c, llm.base_url).status_code == 429
        assert json.loads(_chat(c, llm.base_url, "ping").json()["choices"][0]["message"]["content"]) == {"echo": "ping"}
        assert llm.request_count == 4
        assert llm.injected["http_429"] == 1
        assert llm.requests[0].headers["authorization"] == "Bearer k"
        assert c.get(f"{llm.base_url}/models").json()["data"][0]["id"] == "fake"


def test_in_flight_requests_are_counted_under_latency() -> None:
    async def burst(base: str) -> list[int]:
        async with httpx.AsyncClient() as c:
            rs = await asyncio.gather(*[c.post(f"{base}/chat/completions", json={"model": "m", "messages": []})
                                        for _ in range(6)])
            return [r.status_code for r in rs]

    with FakeLLM(latency=0.2) as llm:
        assert asyncio.run(burst(llm.base_url)) == [200] * 6
        assert llm.max_in_flight == 6
        assert llm.in_flight == 0


def test_fault_plan_injects_about_the_requested_share() -> None:
    with FakeLLM(faults=Faults(rate=0.5, kinds=("http_500", "malformed_body"), seed=3)) as llm, httpx.Client() as c:
        codes = [_chat(c, llm.base_url).status_code for _ in range(40)]
        faults = llm.injected["http_500"] + llm.injected["malformed_body"]
        assert 10 <= faults <= 30
        assert codes.count(500) == llm.injected["http_500"]
        assert llm.injected["reply"] == 40 - faults


def test_a_hallucinated_tool_fault_answers_with_a_call_to_an_unknown_tool() -> None:
    with FakeLLM(faults=Faults(rate=1.0, kinds=("hallucinated_tool",))) as llm, httpx.Client() as c:
        choice = _chat(c, llm.base_url).json()["choices"][0]
        assert choice["message"]["tool_calls"][0]["function"]["name"].startswith("nonexistent_tool_")
        assert llm.injected["hallucinated_tool"] == 1
        stats = c.get(llm.base_url.replace("/v1", "/_stats")).json()
        assert stats["requests"] == 1 and stats["first_at"] <= stats["last_at"]

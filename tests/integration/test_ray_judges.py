"""LLM judges as Ray actors on a real local instance, against the local OpenAI-compatible test server."""

from __future__ import annotations

import os

os.environ.setdefault("RAY_AUTH_MODE", "disabled")

from actors import ray_services  # noqa: E402
from evaluation.judge import Judge  # noqa: E402
from llm_client import LLMGateway  # noqa: E402
from schemas import LLMSettings  # noqa: E402
from tests.evaluation.handmade import TOOLS, oracle_transcript, rubric, scenario, verdict  # noqa: E402
from tests.fakellm import FakeLLM, json_reply  # noqa: E402


def responder(body):
    n = body["messages"][-1]["content"].count('"user":')
    item = body["messages"][-1]["content"].count("variant 3")  # one scenario gets lower scores
    return json_reply(verdict(*[rubric(i, arguments_value=10 - 5 * item) for i in range(n)]))


def test_judge_actors_give_the_in_process_results_and_reuse_the_cache(ray_local, tmp_path):
    scenarios = [scenario().model_copy(update={"id": f"s{i}", "instruction": f"variant {i}"}) for i in range(6)]
    items = [(s,) for s in scenarios] + [(scenarios[0], oracle_transcript())]
    with FakeLLM(responder=responder, latency=0.2) as llm:
        settings = LLMSettings(model="openai/fake", api_base=llm.base_url, cache_path=str(tmp_path / "c.sqlite"),
                               temperature=0.0, concurrency=4)
        on_ray = ray_services.judge_on_ray(Judge, settings, TOOLS, items, workers=2, per_actor=3)
        assert llm.request_count == len(items) and llm.max_in_flight >= 2
        with LLMGateway(settings) as gw:  # same cache file: in-process judging is answered from it
            judge = Judge(gw, TOOLS)
            local = [judge.judge_scenario(*i) if len(i) == 1 else judge.judge_transcript(*i) for i in items]
        assert llm.request_count == len(items)
    assert on_ray == local
    assert [r.scenario_id for r in on_ray] == [f"s{i}" for i in range(6)] + ["s0"]
    assert on_ray[3].subdimensions["arguments.value"] == 0.5 and on_ray[0].score == 1.0
    assert {r.judge for r in on_ray} == {"openai/fake"}

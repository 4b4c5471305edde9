"""LLM judges through real litellm against the local OpenAI-compatible test server (scripted replies)."""

from __future__ import annotations

import json

import pytest

from evaluation.judge import Judge, judge_many
from evaluation.rubrics import Judgment, TurnRubric
from llm_client import LLMGateway
from schemas import LLMSettings
from tests.evaluation.handmade import TOOLS, call, oracle_transcript, rubric, scenario, verdict
from tests.fakellm import FakeLLM, json_reply, text


@pytest.fixture
def llm():
    with FakeLLM() as server:
        yield server


def gateway(llm: FakeLLM, tmp_path, **kw) -> LLMGateway:
    return LLMGateway(LLMSettings(model="openai/fake", api_base=llm.base_url, cache_path=str(tmp_path / "c.sqlite"),
                                  backoff_s=0.01, timeout_s=5.0, **kw))


def test_the_rubric_enforces_the_cascading_penalties_on_parse():
    wrong_name = TurnRubric.model_validate(rubric(0, wrong_parameter_name=True, wrong_value=True))
    assert (wrong_name.arguments_value, wrong_name.arguments_type, wrong_name.arguments_format) == (0, 0, 0)
    assert wrong_name.arguments_relevancy == 10  # the name rule wins; relevancy is the value rule's
    wrong_value = TurnRubric.model_validate(rubric(0, wrong_value=True))
    assert (wrong_value.arguments_value, wrong_value.arguments_type, wrong_value.arguments_format,
            wrong_value.arguments_relevancy) == (10, 0, 0, 0)
    with pytest.raises(ValueError):
        TurnRubric.model_validate(rubric(0, arguments_name=11))


def test_rubric_field_descriptions_reach_the_model_as_the_response_schema(llm, tmp_path):
    llm.enqueue(json_reply(verdict(rubric(0), rubric(1))))
    with gateway(llm, tmp_path) as gw:
        Judge(gw, TOOLS).judge_transcript(scenario(), oracle_transcript())
    sent = llm.requests[0].body
    schema = sent["response_format"]["json_schema"]["schema"]
    assert schema["$defs"] == Judgment.model_json_schema()["$defs"]
    assert schema["properties"]["turns"]["minItems"] == schema["properties"]["turns"]["maxItems"] == 2
    assert "MUST be 0 when wrong_value is true" in json.dumps(schema)
    assert sent["temperature"] == 0.0 and sent["max_tokens"] == 400 + 450 * 2
    prompt = llm.requests[0].prompt_text
    assert "reference_calls" in prompt and "/work/reports/q3.md" in prompt and "<data-" in prompt


def test_an_oracle_grounded_judgment_becomes_a_record_with_cascades_applied(llm, tmp_path):
    llm.enqueue(json_reply(verdict(rubric(0), rubric(1, wrong_value=True, arguments_value=4, unnecessary_calls=1),
                                   coherence=2)))
    t = oracle_transcript()
    call(t, 1, 0).arguments["path"] = "/elsewhere"
    with gateway(llm, tmp_path) as gw:
        rec = Judge(gw, TOOLS).judge_transcript(scenario(), t)
    assert rec.judge == "openai/fake" and rec.error is None and rec.spec == "files"
    second = rec.turns[1].subdimensions
    assert second["arguments.value"] == 0.4 and second["arguments.type"] == 0.0 and second["arguments.relevancy"] == 0.0
    assert rec.turns[1].dimensions["arguments"] == pytest.approx((1 + 1 + 0.4 + 0 + 0 + 0) / 6)
    assert rec.turns[0].score == 1.0 and rec.diagnostics["overuse"] == 1.0
    assert rec.coherence == {k: 0.5 for k in rec.coherence} and len(rec.coherence) == 5


def test_an_invalid_reply_is_retried_with_the_problems_fed_back(llm, tmp_path):
    llm.enqueue(json_reply(verdict(rubric(0))), text("not json at all"), json_reply(verdict(rubric(0), rubric(1))))
    with gateway(llm, tmp_path) as gw:
        rec = Judge(gw, TOOLS).judge_transcript(scenario(), oracle_transcript())
    assert rec.error is None and rec.score == 1.0 and llm.request_count == 3
    assert "rejected" in llm.requests[1].messages[-1]["content"] and "turn" in llm.requests[1].messages[-1]["content"]


def test_a_judge_that_never_answers_validly_gives_a_record_with_an_error(llm, tmp_path):
    llm.enqueue(*[text("nope")] * 3)
    with gateway(llm, tmp_path) as gw:
        rec = Judge(gw, TOOLS, max_retries=2).judge_transcript(scenario(), oracle_transcript())
    assert rec.error.startswith("judge reply invalid after 3 attempts") and rec.turns == [] and rec.score == 0.0


def test_a_rerun_is_answered_from_the_cache_without_requests(llm, tmp_path):
    llm.enqueue(json_reply(verdict(rubric(0), rubric(1, arguments_format=7))))
    with gateway(llm, tmp_path) as gw:
        first = Judge(gw, TOOLS).judge_transcript(scenario(), oracle_transcript())
    with gateway(llm, tmp_path) as gw:
        again = Judge(gw, TOOLS).judge_transcript(scenario(), oracle_transcript())
        assert gw.usage()["judge"].cache_hits == 1
    assert llm.request_count == 1 and again == first


def test_reference_free_judging_of_a_scenario_has_no_reference_calls(llm, tmp_path):
    llm.enqueue(json_reply(verdict(rubric(0), rubric(1, ordering_sequence_logic=5), coherence=1)))
    with gateway(llm, tmp_path) as gw:
        rec = Judge(gw, TOOLS).judge_scenario(scenario())
    assert "reference_calls" not in llm.requests[0].prompt_text and "no reference answer" in llm.requests[0].prompt_text
    assert rec.subdimensions["ordering.sequence_logic"] == 0.75 and rec.coherence["logical_flow"] == 0.0


def test_records_are_judged_in_parallel(tmp_path):
    def responder(body):
        n = body["messages"][-1]["content"].count('"user":')
        return json_reply(verdict(*[rubric(i) for i in range(n)]))

    with FakeLLM(responder=responder, latency=0.3) as llm, gateway(llm, tmp_path, concurrency=4) as gw:
        judge = Judge(gw, TOOLS)
        variants = [scenario().model_copy(update={"id": f"s{i}", "instruction": f"variant {i}"}) for i in range(6)]
        recs = judge_many(judge.judge_scenario, variants, concurrency=6)
        assert [r.scenario_id for r in recs] == [f"s{i}" for i in range(6)]
        assert all(r.error is None for r in recs)
        assert 2 <= llm.max_in_flight <= 4

"""`seer run` with a model through real litellm, against a local OpenAI-compatible server scripted to call tools."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from cli.app import app
from harness.runner import TRANSCRIPTS
from schemas import Transcript
from tests.fakellm import FakeLLM, text, tool_call
from tests.harness.builders import NOTES, ROOT, write_harness


@pytest.fixture(autouse=True)
def _key(monkeypatch):
    monkeypatch.setenv("OPENAI_API_KEY", "test-key")  # litellm's openai provider wants one; the fake ignores it
    monkeypatch.setenv("LITELLM_LOCAL_MODEL_COST_MAP", "True")


def _run(root, out, llm, *extra: str):
    args = ["run", str(root), "--agent", "openai/fake", "--api-base", llm.base_url, "--out", str(out),
            "--scenario", "s-files", "--concurrency", "1", *extra]
    res = CliRunner().invoke(app, args)
    assert res.exit_code == 0, res.output
    [line] = (out / TRANSCRIPTS).read_text().splitlines()
    return Transcript.model_validate_json(line)


def test_model_tool_calls_are_executed_against_the_mocks_turn_by_turn(tmp_path):
    root = write_harness(tmp_path / "h")
    with FakeLLM() as llm:
        llm.enqueue(
            tool_call("write_file", {"path": NOTES, "content": "ship it"}),
            tool_call("read_file", {"path": NOTES}),
            text("It says: ship it"),
            tool_call("list_directory", {"path": ROOT}),
            text("notes.md and readme.md"),
        )
        t = _run(root, tmp_path / "run", llm)
        sent = llm.requests
    assert [[c.oracle_index for c in turn.calls] for turn in t.turns] == [[0, 1], [2]]
    assert [turn.answer for turn in t.turns] == ["It says: ship it", "notes.md and readme.md"]
    assert [turn.steps for turn in t.turns] == [3, 2] and t.error is None
    assert t.turns[0].calls[1].output == {"content": "ship it"}
    # the provider saw the tools in function format and got each tool result back
    first = sent[0].body
    assert {f["function"]["name"] for f in first["tools"]} >= {"read_file", "write_file"}
    assert first["tools"][0]["type"] == "function" and "parameters" in first["tools"][0]["function"]
    third = sent[2].messages
    assert [m["role"] for m in third] == ["system", "user", "assistant", "tool", "assistant", "tool"]
    assert json.loads(third[-1]["content"]) == {"content": "ship it"}
    assert sent[3].messages[-1] == {"role": "user", "content": f"Now list {ROOT}."}
    assert t.prompt_tokens > 0 and t.completion_tokens > 0


def test_bad_model_calls_are_recorded_as_errors_and_fed_back(tmp_path):
    root = write_harness(tmp_path / "h")
    with FakeLLM() as llm:
        llm.enqueue(
            tool_call("read_fil", {"path": NOTES}),
            tool_call("read_file", '{"path": '),
            tool_call("read_file", {"path": 5}),
            text("gave up"),
            text("nothing to list"),
        )
        t = _run(root, tmp_path / "run", llm)
        sent = llm.requests
    calls = t.turns[0].calls
    assert [c.is_error for c in calls] == [True, True, True]
    assert "Unknown tool" in calls[0].error
    assert calls[1].arguments is None and calls[1].raw_arguments == '{"path": '
    assert "not of type 'string'" in calls[2].error
    assert sent[1].messages[-1]["content"].startswith("Error: Unknown tool")


def test_step_limit_ends_a_turn_that_never_answers(tmp_path):
    root = write_harness(tmp_path / "h")
    with FakeLLM(responder=lambda body: tool_call("list_directory", {"path": ROOT})) as llm:
        t = _run(root, tmp_path / "run", llm, "--max-steps", "3")
    assert [(turn.steps, turn.stopped, len(turn.calls)) for turn in t.turns] == [(3, "step_limit", 3),
                                                                                 (3, "step_limit", 3)]


def test_provider_failure_ends_the_scenario_with_an_error_and_resume_retries_it(tmp_path):
    from tests.fakellm import error

    root = write_harness(tmp_path / "h")
    with FakeLLM() as llm:
        llm.enqueue(error(400, "bad request"))
        t = _run(root, tmp_path / "run", llm)
        assert "bad request" in t.error and t.turns[0].stopped == "error"
        llm.enqueue(text("done"), text("done"))
        t2 = _run(root, tmp_path / "run", llm, "--resume")
    assert t2.error is None and [turn.answer for turn in t2.turns] == ["done", "done"]


def test_scenarios_run_concurrently_through_the_model(tmp_path):
    from common.files import load_harness

    root = write_harness(tmp_path / "h")
    h = load_harness(root)
    plans = {turn.user: [h.scenario(s.id).calls[i] for i in turn.calls] for s in h.scenarios for turn in s.turns}

    def knows_the_answer(body):
        """A scripted model: the oracle calls of the current user turn, one per request, then text."""
        msgs = body["messages"]
        last_user = max(i for i, m in enumerate(msgs) if m["role"] == "user")
        done = sum(1 for m in msgs[last_user:] if m["role"] == "assistant" and m.get("tool_calls"))
        plan = plans[msgs[last_user]["content"]]
        return tool_call(plan[done].tool, plan[done].arguments) if done < len(plan) else text("done")

    with FakeLLM(responder=knows_the_answer, latency=0.3) as llm:
        res = CliRunner().invoke(app, ["run", str(root), "--agent", "openai/fake", "--api-base", llm.base_url,
                                       "--out", str(tmp_path / "run"), "--concurrency", "2"])
        in_flight = llm.max_in_flight
    assert res.exit_code == 0, res.output
    transcripts = [Transcript.model_validate_json(x) for x in (tmp_path / "run" / TRANSCRIPTS).read_text().splitlines()]
    assert [t.scenario_id for t in transcripts] == ["s-files", "s-issue"]
    for t in transcripts:
        s = h.scenario(t.scenario_id)
        assert [c.oracle_index for turn in t.turns for c in turn.calls] == list(range(len(s.calls)))
    assert in_flight == 2  # both scenarios were waiting on the model at the same time

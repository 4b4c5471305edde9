"""`seer run` with the reference agents: oracle replays exactly, faulty injects known faults, runs resume."""

from __future__ import annotations

import json

import anyio
import pytest
from typer.testing import CliRunner

from cli.app import app
from common.files import load_harness
from harness.agents import FaultyAgent, OracleAgent, make_agent, openai_tools
from harness.faults import KINDS, inject
from harness.runner import TRANSCRIPTS, RunOptions, run_harness
from schemas import Transcript
from schemas.errors import SeerError
from tests.harness.builders import write_harness


@pytest.fixture
def harness(tmp_path):
    return load_harness(write_harness(tmp_path / "h"))


def _run(harness, agent, out, **kw) -> list[Transcript]:
    anyio.run(lambda: run_harness(harness, agent, out, RunOptions(**kw)))
    return [Transcript.model_validate_json(line) for line in (out / TRANSCRIPTS).read_text().splitlines()]


def test_oracle_replays_every_call_in_order_and_matches_the_oracle(harness, tmp_path):
    transcripts = _run(harness, OracleAgent(), tmp_path / "run")
    assert [t.scenario_id for t in transcripts] == ["s-files", "s-issue"]
    for t in transcripts:
        s = harness.scenario(t.scenario_id)
        assert [[c.oracle_index for c in turn.calls] for turn in t.turns] == [x.calls for x in s.turns]
        assert [c.output for turn in t.turns for c in turn.calls] == [c.output for c in s.calls]
        assert all(turn.answer and turn.stopped is None for turn in t.turns) and t.faults == []


def test_runs_are_byte_identical_whatever_the_concurrency(harness, tmp_path):
    _run(harness, FaultyAgent(["wrong_value", "extra_call"], harness.tool_map(), seed=3), tmp_path / "a", concurrency=1)
    _run(harness, FaultyAgent(["wrong_value", "extra_call"], harness.tool_map(), seed=3), tmp_path / "b", concurrency=4)
    assert (tmp_path / "a" / TRANSCRIPTS).read_bytes() == (tmp_path / "b" / TRANSCRIPTS).read_bytes()


@pytest.mark.parametrize("kind", KINDS)
def test_each_fault_kind_is_injected_where_recorded(harness, tmp_path, kind):
    [t, _] = _run(harness, FaultyAgent([kind], harness.tool_map(), seed=0), tmp_path / "run")
    [fault] = t.faults
    assert fault.kind == kind and fault.applied
    s = harness.scenario("s-files")
    calls = [c for turn in t.turns for c in turn.calls]
    i = fault.call_index
    oracle = s.calls[i]
    if kind == "wrong_tool":
        assert oracle.tool not in [c.tool for c in calls if c.arguments == oracle.arguments]
    elif kind == "hallucinated_tool":
        bad = [c for c in calls if c.tool == f"{oracle.tool}_v2"]
        assert bad and bad[0].is_error and "Unknown tool" in bad[0].error
    elif kind == "missing_required_argument":
        assert any(c.tool == oracle.tool and c.is_error and "required property" in c.error for c in calls)
    elif kind == "wrong_value":
        changed = [c for c in calls if c.tool == oracle.tool and c.oracle_index is None]
        assert changed and not changed[0].is_error  # same type, so still valid, but not the oracle call
    elif kind == "wrong_type":
        assert any(c.tool == oracle.tool and c.is_error and "is not of type" in c.error for c in calls)
    elif kind == "bad_format":
        bad = [c for c in calls if c.arguments is None]
        assert bad and bad[0].raw_arguments == json.dumps(oracle.arguments)[:-1] and bad[0].is_error
    elif kind == "swapped_order":
        order = [c.oracle_index for c in calls]
        assert order.index(i + 1) < order.index(i)
    elif kind == "extra_call":
        assert [c.oracle_index for c in calls].count(i) == 2 and len(calls) == len(s.calls) + 1
    elif kind == "skipped_call":
        assert i not in [c.oracle_index for c in calls] and len(calls) == len(s.calls) - 1


def test_fault_choice_depends_only_on_seed_and_scenario(harness):
    s = harness.scenario("s-files")
    kinds = ["wrong_value", "skipped_call", "wrong_type"]
    a = inject(s, harness.tool_map(), kinds, 5)
    assert a == inject(s, harness.tool_map(), kinds, 5)
    picked = [f.call_index for f in a[1] if f.applied]
    assert len(picked) == len(set(picked))  # never two faults on one call
    seeds = {tuple(f.call_index for f in inject(s, harness.tool_map(), kinds, seed)[1]) for seed in range(12)}
    assert len(seeds) > 1


def test_fault_that_cannot_apply_is_recorded_not_dropped(harness):
    s = harness.scenario("s-issue")  # two calls in one turn: one swap possible, then nothing left
    _, faults = inject(s, harness.tool_map(), ["swapped_order", "skipped_call"], 0)
    assert [f.applied for f in faults] == [True, False] and faults[1].detail


def test_resume_skips_finished_scenarios_and_refuses_to_overwrite(harness, tmp_path):
    out = tmp_path / "run"
    anyio.run(lambda: run_harness(harness, OracleAgent(), out, RunOptions(scenarios=("s-issue",))))
    with pytest.raises(SeerError, match="--resume"):
        anyio.run(lambda: run_harness(harness, OracleAgent(), out, RunOptions()))
    with (out / TRANSCRIPTS).open("a") as f:
        f.write('{"scenario_id": "s-files", "agent": "ora')  # a torn line from a crash
    summary = anyio.run(lambda: run_harness(harness, OracleAgent(), out, RunOptions(resume=True)))
    assert (summary["ran"], summary["skipped"]) == (1, 1)
    lines = (out / TRANSCRIPTS).read_text().splitlines()
    assert [json.loads(x)["scenario_id"] for x in lines] == ["s-files", "s-issue"]


def test_step_limit_stops_a_turn(harness, tmp_path):
    [t, _] = _run(harness, OracleAgent(), tmp_path / "run", max_steps=1)
    assert t.turns[0].stopped == "step_limit" and len(t.turns[0].calls) == 1


def test_a_tool_error_reaches_the_model_as_the_tool_worded_it_marked_as_an_error_once(harness, tmp_path):
    from harness.agents import AgentReply, ToolCall

    seen: list[str] = []

    class Reader:  # reads a file the world never saw, and an issue by a wrongly typed number
        name = "reader"

        def episode(self, scenario):
            class Episode:
                faults: list = []

                async def reply(self, messages, tools):
                    seen.extend(m["content"] for m in messages if m["role"] == "tool")
                    if any(m["role"] == "tool" for m in messages):
                        return AgentReply(text="Nothing there.")
                    return AgentReply(tool_calls=(ToolCall("c1", "read_file", '{"path": "/srv/w/b.txt"}'),
                                                  ToolCall("c2", "get_issue", '{"issue_number": "7"}')))
            return Episode()

    _run(harness, Reader(), tmp_path / "run", scenarios=("s-files",))
    assert seen[:2] == ["Error: ENOENT: no such file or directory, open '/srv/w/b.txt'",
                        "Error: Invalid arguments for get_issue: issue_number: '7' is not of type 'integer'"]


def test_unknown_fault_kind_is_a_clear_error(harness):
    with pytest.raises(SeerError, match="wrong_tol"):
        make_agent("faulty:wrong_tol", harness)


def test_an_agent_name_litellm_cannot_route_is_refused_before_anything_runs(harness, tmp_path, capfd):
    out = tmp_path / "run"
    res = CliRunner().invoke(app, ["run", str(harness.root), "--agent", "bogus", "--out", str(out)])
    assert isinstance(res.exception, SeerError) and str(res.exception).startswith("--agent bogus:")
    assert not out.exists() and "Provider List" not in res.output + capfd.readouterr().out


def test_a_model_whose_provider_key_is_unset_is_refused_naming_the_variable(harness, monkeypatch):
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    with pytest.raises(SeerError, match="OPENAI_API_KEY"):
        make_agent("openai/gpt-4o-mini", harness)
    assert make_agent("openai/anything", harness, api_base="http://127.0.0.1:9/v1").model == "openai/anything"


def test_tools_convert_to_openai_functions_with_safe_unique_names():
    from schemas import Tool

    tools = [Tool(name="fs.read", inputSchema={"type": "object"}), Tool(name="fs_read", inputSchema={"type": "object"})]
    functions, names = openai_tools(tools)
    assert [f["function"]["name"] for f in functions] == ["fs_read", "fs_read_2"]
    assert names == {"fs_read": "fs.read", "fs_read_2": "fs_read"}


def test_cli_run_oracle_writes_transcripts_and_summary(harness, tmp_path):
    out = tmp_path / "run"
    res = CliRunner().invoke(app, ["run", str(harness.root), "--agent", "oracle", "--out", str(out)])
    assert res.exit_code == 0, res.output
    assert json.loads(res.stdout)["ran"] == 2
    assert json.loads((out / "run.json").read_text())["agent"] == "oracle"


def test_resume_refuses_a_different_agent(harness, tmp_path):
    out = tmp_path / "run"
    anyio.run(lambda: run_harness(harness, OracleAgent(), out, RunOptions(scenarios=("s-issue",))))
    faulty = FaultyAgent(["skipped_call"], harness.tool_map())
    with pytest.raises(SeerError, match="made with agent 'oracle'"):
        anyio.run(lambda: run_harness(harness, faulty, out, RunOptions(resume=True)))


def test_the_progress_bar_stays_off_a_stderr_that_is_not_a_terminal(harness, tmp_path, capfd):
    anyio.run(lambda: run_harness(harness, OracleAgent(), tmp_path / "run", RunOptions(), progress=True))
    captured = capfd.readouterr()
    assert captured.err == "" and captured.out == ""


def test_resume_refuses_another_harness_or_other_settings(harness, tmp_path):
    out = tmp_path / "run"
    anyio.run(lambda: run_harness(harness, OracleAgent(), out, RunOptions(scenarios=("s-issue",), seed=1)))
    other = load_harness(write_harness(tmp_path / "other"))
    with pytest.raises(SeerError, match="run was made on harness"):
        anyio.run(lambda: run_harness(other, OracleAgent(), out, RunOptions(resume=True, seed=1)))
    with pytest.raises(SeerError, match="made with --seed 1, not 2"):
        anyio.run(lambda: run_harness(harness, OracleAgent(), out, RunOptions(resume=True, seed=2)))
    assert [t.scenario_id for t in _run(harness, OracleAgent(), out, resume=True, seed=1)] == ["s-files", "s-issue"]

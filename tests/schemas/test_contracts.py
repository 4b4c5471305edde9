"""The data contracts round-trip through JSON unchanged and reject what they should."""

from __future__ import annotations

import json

import pytest
from pydantic import ValidationError

from schemas import (
    Action,
    Call,
    ConfigError,
    Coverage,
    Entity,
    Failure,
    GeneratorInfo,
    Grounding,
    Manifest,
    MockOutput,
    ParameterInterpretation,
    ParameterRole,
    RecordScore,
    RunConfig,
    Scenario,
    ScenarioRequest,
    ServerEvent,
    SpecSource,
    StageUsage,
    Task,
    Tool,
    ToolCallRecord,
    ToolInterpretation,
    ToolSuite,
    Transcript,
    TranscriptTurn,
    Turn,
    TurnScore,
    Usage,
    WorkflowState,
    load_config,
)


def _tool() -> Tool:
    return Tool.model_validate(
        {
            "name": "read_text_file",
            "description": "Read a file.",
            "inputSchema": {"type": "object", "properties": {"path": {"type": "string"}}, "required": ["path"]},
            "outputSchema": {"type": "object", "properties": {"content": {"type": "string"}}},
            "annotations": {"readOnlyHint": True},
            "spec": "filesystem",
        }
    )


def _scenario() -> Scenario:
    return Scenario(
        id="filesystem-0001",
        title="Read the deployment notes",
        complexity="complex",
        category="file inspection",
        instruction="Read /srv/acme/notes.md and then list /srv/acme.",
        novelty_reason="Combines a read with a directory listing.",
        follow_up="Which file changed most recently?",
        calls=[
            Call(tool="read_text_file", arguments={"path": "/srv/acme/notes.md"}, explanation="Read the notes.",
                 output={"content": "deploy at 10:00"}, grounding=Grounding.high),
            Call(tool="list_directory", arguments={"path": "/srv/acme"}, explanation="List the folder.",
                 output="[FILE] notes.md", grounding=Grounding.low, sources={"path": 0}),
        ],
        turns=[Turn(user="Read /srv/acme/notes.md.", calls=[0]), Turn(user="Now list /srv/acme.", calls=[1])],
        specs=["filesystem"],
        state=WorkflowState(
            entities=[Entity(kind="file", id="/srv/acme/notes.md", created_by=None)],
            preconditions=[Entity(kind="file", id="/srv/acme/notes.md")],
            context={"root": "/srv/acme"},
        ),
        seed=7,
    )


def _roundtrip(model):
    cls = type(model)
    again = cls.model_validate_json(model.model_dump_json(by_alias=True))
    assert again == model
    assert again.model_dump_json(by_alias=True) == model.model_dump_json(by_alias=True)
    return again


def test_tool_round_trips_with_mcp_aliases():
    tool = _roundtrip(_tool())
    dumped = json.loads(tool.model_dump_json(by_alias=True))
    assert "inputSchema" in dumped and "outputSchema" in dumped
    assert tool.mcp_dict()["inputSchema"]["required"] == ["path"]
    assert "spec" not in tool.mcp_dict()


def test_suite_tools_list_is_mcp_shaped():
    suite = ToolSuite(tools=[_tool()], sources=[SpecSource(name="filesystem", kind="mcp", location="x.json",
                                                             sha256="0" * 64, tool_count=1)])
    _roundtrip(suite)
    assert suite.tools_list() == {"tools": [_tool().mcp_dict()]}
    assert suite.tool("read_text_file").name == "read_text_file"
    with pytest.raises(KeyError):
        suite.tool("missing")


def test_interpretation_round_trips_and_limits_use_cases():
    interp = ToolInterpretation(
        tool="read_text_file", functionality="Reads a text file.", action=Action.read, entity="file",
        parameters=[ParameterInterpretation(name="path", role=ParameterRole.identifier, entity="file", required=True)],
        required_parameters=["path"], use_cases=["Read a config file", "Inspect a log"], tags=["filesystem"],
    )
    _roundtrip(interp)
    with pytest.raises(ValidationError):
        ToolInterpretation.model_validate({**interp.model_dump(), "use_cases": ["a", "b", "c", "d", "e"]})
    with pytest.raises(ValidationError):
        ToolInterpretation.model_validate({**interp.model_dump(), "action": "teleport"})


def test_scenario_round_trips_and_keeps_required_harness_keys():
    s = _roundtrip(_scenario())
    line = json.loads(s.to_json_line())
    for key in ("id", "title", "complexity", "category", "instruction", "novelty_reason", "follow_up", "calls", "turns"):
        assert key in line
    assert set(line["calls"][0]) >= {"tool", "arguments", "explanation", "output", "grounding"}
    assert line["calls"][0]["grounding"] == "high"
    with pytest.raises(ValidationError):
        Scenario.model_validate({**line, "complexity": "medium"})


def test_task_hides_calls_and_outputs():
    task = Task.from_scenario(_scenario())
    _roundtrip(task)
    dumped = task.model_dump_json()
    assert "deploy at 10:00" not in dumped and "read_text_file" not in dumped
    assert task.turns == ["Read /srv/acme/notes.md.", "Now list /srv/acme."]
    unexpanded = _scenario().model_copy(update={"turns": []})
    assert Task.from_scenario(unexpanded).turns == [unexpanded.instruction]


def test_manifest_round_trips_and_sums_usage():
    m = Manifest(
        generator=GeneratorInfo(version="0.1.0", engines={"scenario": "offline"}, seed=1, strategy="least-covered"),
        sources=[], coverage=Coverage(total_tools=2, covered_tools=1, ratio=0.5, per_tool={"a": 1, "b": 0}),
        usage=Usage(stages={"scenario": StageUsage(requests=3, prompt_tokens=10, cost_usd=0.5),
                            "mock": StageUsage(requests=2, completion_tokens=4, cost_usd=None)}),
        failures=[Failure(stage="mock", item="s-1", reason="output invalid", path="calls[0].output", attempts=3)],
    )
    again = _roundtrip(m)
    total = again.usage.total
    assert (total.requests, total.prompt_tokens, total.completion_tokens) == (5, 10, 4)
    assert total.cost_usd is None  # one unknown price makes the total unknown
    with pytest.raises(ValidationError):
        Coverage(total_tools=1, covered_tools=1, ratio=1.5)


def test_transcript_scores_and_events_round_trip():
    _roundtrip(Transcript(scenario_id="s", agent="oracle", turns=[TranscriptTurn(
        user="hi", calls=[ToolCallRecord(tool="t", arguments={"a": 1}, output={"ok": True})], answer="done", steps=2)]))
    _roundtrip(ServerEvent(seq=0, session="x", method="tools/call", tool="t", arguments={"a": 1}))
    _roundtrip(RecordScore(scenario_id="s", judge="deterministic", score=0.5,
                           turns=[TurnScore(turn=0, dimensions={"usage": 1.0, "ordering": None}, score=0.5)]))
    _roundtrip(MockOutput(output="text", grounding=Grounding.low))
    _roundtrip(ScenarioRequest(id="s", index=0, seed=1, complexity="simple", focus_tools=["t"]))
    with pytest.raises(ValidationError):
        ScenarioRequest(id="s", index=0, seed=1, complexity="simple", focus_tools=[])


def test_run_config_forbids_unknown_keys_and_loads_yaml(tmp_path):
    with pytest.raises(ValidationError):
        RunConfig.model_validate({"seeed": 1})
    cfg = tmp_path / "c.yaml"
    cfg.write_text("seed: 5\nstrategy: uniform\nllm:\n  concurrency: 4\n")
    loaded = load_config(cfg, **{"llm.model": "openai/x", "seed": None})
    assert (loaded.seed, loaded.strategy, loaded.llm.concurrency, loaded.llm.model) == (5, "uniform", 4, "openai/x")
    _roundtrip(loaded)
    cfg.write_text("workers:\n  scenario: 0\n")
    with pytest.raises(ConfigError, match=r"c\.yaml: workers\.scenario"):
        load_config(cfg)
    cfg.write_text("- a list\n")
    with pytest.raises(ConfigError, match="expected a mapping"):
        load_config(cfg)

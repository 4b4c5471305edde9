"""A small hand-made suite, scenario and transcripts for grader tests (faults written by hand)."""

from __future__ import annotations

import copy
from typing import Any

from schemas import Call, Scenario, Tool, ToolCallRecord, Transcript, TranscriptTurn, Turn


def _tool(name: str, props: dict[str, Any], required: list[str], spec: str = "files") -> Tool:
    return Tool(name=name, description=name, inputSchema={"type": "object", "properties": props, "required": required},
                spec=spec)


TOOLS = {
    t.name: t
    for t in [
        _tool("create_directory", {"path": {"type": "string"}}, ["path"]),
        _tool("write_file", {"path": {"type": "string"}, "content": {"type": "string"},
                             "mode": {"type": "string", "enum": ["overwrite", "append"], "default": "overwrite"}},
              ["path", "content"]),
        _tool("list_directory", {"path": {"type": "string"}, "limit": {"type": "integer"}}, ["path"]),
        _tool("read_file", {"path": {"type": "string"}}, ["path"]),
        _tool("get_file_info", {"file_id": {"type": "string"}, "since": {"type": "string", "format": "date"}},
              ["file_id"]),
        _tool("search_files", {"pattern": {"type": "string"}}, ["pattern"]),
    ]
}


def scenario() -> Scenario:
    """Two turns: create a directory and write a file into it; then list it and inspect the file by id."""
    calls = [
        Call(tool="create_directory", arguments={"path": "/work/reports"}, explanation="make the folder",
             output={"created": "/work/reports"}),
        Call(tool="write_file", arguments={"path": "/work/reports/q3.md", "content": "Q3 summary"},
             explanation="write the report", output={"file_id": "f-1a2b3c", "bytes": 10}),
        Call(tool="list_directory", arguments={"path": "/work/reports", "limit": 10},
             explanation="check it is there", output={"entries": ["q3.md"]}),
        Call(tool="get_file_info", arguments={"file_id": "f-1a2b3c", "since": "2024-03-01"},
             explanation="inspect by id", output={"size": 10}, sources={"file_id": 1}),
    ]
    return Scenario(id="s1", title="Q3 report", complexity="complex", category="files",
                    instruction="Create /work/reports and write q3.md", novelty_reason="-", follow_up="-",
                    calls=calls, turns=[Turn(user="Create the folder and write the report", calls=[0, 1]),
                                        Turn(user="List it and show the file's info", calls=[2, 3])],
                    specs=["files"])


def oracle_transcript(s: Scenario | None = None) -> Transcript:
    s = s or scenario()
    turns = [
        TranscriptTurn(user=t.user, calls=[
            ToolCallRecord(tool=s.calls[i].tool, arguments=copy.deepcopy(s.calls[i].arguments), output=s.calls[i].output)
            for i in t.calls
        ])
        for t in s.turns
    ]
    return Transcript(scenario_id=s.id, agent="oracle", turns=turns)


def call(t: Transcript, turn: int, pos: int) -> ToolCallRecord:
    return t.turns[turn].calls[pos]


# Scripted judge verdicts (what a judge model would answer), for the LLM judge tests.
def rubric(turn: int, **kw) -> dict:
    base = dict(turn=turn, usage_necessity=10, unnecessary_calls=0, selection_correctness=10,
                selection_specificity=10, selection_completeness=10, ordering_sequence_logic=10,
                ordering_dependency_handling=10, ordering_execution_efficiency=10, wrong_parameter_name=False,
                missing_required_parameter=False, wrong_value=False, arguments_completeness=10, arguments_name=10,
                arguments_value=10, arguments_type=10, arguments_format=10, arguments_relevancy=10)
    return {**base, **kw}


def verdict(*turns: dict, coherence: int = 3) -> dict:
    return {"turns": list(turns), "rationale": "none",
            "coherence": {k: coherence for k in ("logical_flow", "completeness", "conciseness", "topic_relevance",
                                                 "context_retention")}}

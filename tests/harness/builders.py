"""A small, hand-written harness (files + issues) for the harness tests: known calls, outputs and state."""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

from common.files import INTERPRETATIONS, MANIFEST, SCENARIOS, TASKS, TOOLS, write_json, write_jsonl
from schemas import (
    Call,
    Counts,
    Coverage,
    Entity,
    GeneratorInfo,
    Manifest,
    Scenario,
    Task,
    Tool,
    ToolInterpretation,
    Turn,
    WorkflowState,
)

TOOLS_DOC: list[dict[str, Any]] = [
    {"name": "read_file", "title": "Read File", "description": "Read a text file.",
     "inputSchema": {"type": "object", "properties": {"path": {"type": "string"}}, "required": ["path"]},
     "outputSchema": {"type": "object", "properties": {"content": {"type": "string"}}, "required": ["content"]},
     "annotations": {"readOnlyHint": True}},
    {"name": "write_file", "description": "Create or overwrite a file.",
     "inputSchema": {"type": "object", "properties": {"path": {"type": "string"}, "content": {"type": "string"}},
                     "required": ["path", "content"]},
     "annotations": {"readOnlyHint": False, "destructiveHint": True}},
    {"name": "list_directory", "description": "List a directory.",
     "inputSchema": {"type": "object", "properties": {"path": {"type": "string"}}, "required": ["path"]}},
    {"name": "create_issue", "description": "Open an issue.",
     "inputSchema": {"type": "object", "properties": {
         "title": {"type": "string"}, "body": {"type": "string"},
         "labels": {"type": "array", "items": {"type": "string"}},
         "priority": {"type": "integer", "minimum": 1, "maximum": 5, "default": 3}},
         "required": ["title"]},
     "outputSchema": {"type": "object", "properties": {
         "number": {"type": "integer"}, "title": {"type": "string"}, "url": {"type": "string"}},
         "required": ["number", "title", "url"]}},
    {"name": "get_issue", "description": "Get an issue by number.",
     "inputSchema": {"type": "object", "properties": {"issue_number": {"type": "integer"}},
                     "required": ["issue_number"]},
     "outputSchema": {"type": "object", "properties": {
         "number": {"type": "integer"}, "title": {"type": "string"}, "state": {"type": "string"}},
         "required": ["number", "title", "state"]}},
    {"name": "delete_file", "description": "Delete a file.",
     "inputSchema": {"type": "object", "properties": {"path": {"type": "string"}}, "required": ["path"]}},
]


def interpretation(tool: str, action: str, entity: str, params: list[tuple[str, str, bool]]) -> ToolInterpretation:
    return ToolInterpretation(
        tool=tool, functionality=f"{action} a {entity}", action=action, entity=entity,
        parameters=[{"name": n, "role": r, "entity": entity if r == "identifier" else None, "required": q}
                    for n, r, q in params],
        required_parameters=[n for n, _, q in params if q], use_cases=[f"{action} a {entity}"], tags=["test"],
        produces=[entity],
    )


INTERPRETATIONS_LIST = [
    interpretation("read_file", "read", "file", [("path", "identifier", True)]),
    interpretation("write_file", "create", "file", [("path", "target", True), ("content", "content", True)]),
    interpretation("list_directory", "list", "directory", [("path", "identifier", True)]),
    interpretation("create_issue", "create", "issue", [("title", "content", True), ("body", "content", False)]),
    interpretation("get_issue", "read", "issue", [("issue_number", "identifier", True)]),
    interpretation("delete_file", "delete", "file", [("path", "identifier", True)]),
]

ROOT = "/srv/acme"
NOTES = f"{ROOT}/notes.md"


def scenarios() -> list[Scenario]:
    files = Scenario(
        id="s-files", title="Write then read notes", complexity="complex", category="files",
        instruction=f"Write 'ship it' to {NOTES}, read it back, then list {ROOT}.",
        novelty_reason="round trip", follow_up="Delete it?", seed=11,
        calls=[
            Call(tool="write_file", arguments={"path": NOTES, "content": "ship it"}, explanation="write",
                 output=f"Successfully wrote to {NOTES}", grounding="low"),
            Call(tool="read_file", arguments={"path": NOTES}, explanation="read back",
                 output={"content": "ship it"}, grounding="high", sources={"path": 0}),
            Call(tool="list_directory", arguments={"path": ROOT}, explanation="list",
                 output="[FILE] notes.md\n[FILE] readme.md", grounding="low"),
        ],
        turns=[Turn(user=f"Write 'ship it' to {NOTES} and read it back.", calls=[0, 1]),
               Turn(user=f"Now list {ROOT}.", calls=[2])],
        state=WorkflowState(
            preconditions=[Entity(kind="directory", id=ROOT), Entity(kind="file", id=f"{ROOT}/readme.md")],
            entities=[Entity(kind="file", id=NOTES, created_by=0)],
        ),
    )
    issues = Scenario(
        id="s-issue", title="Open and fetch an issue", complexity="simple", category="issues",
        instruction="Open an issue 'Crash on start' labelled bug, then fetch it.",
        novelty_reason="issue flow", follow_up="Close it?", seed=12,
        calls=[
            Call(tool="create_issue", arguments={"title": "Crash on start", "labels": ["bug"]}, explanation="open",
                 output={"number": 42, "title": "Crash on start", "url": "https://git.acme.io/issues/42"},
                 grounding="high"),
            Call(tool="get_issue", arguments={"issue_number": 42}, explanation="fetch",
                 output={"number": 42, "title": "Crash on start", "state": "open"}, grounding="high",
                 sources={"issue_number": 0}),
        ],
        turns=[Turn(user="Open an issue 'Crash on start' labelled bug, then fetch it.", calls=[0, 1])],
        state=WorkflowState(entities=[Entity(kind="issue", id="42", created_by=0)]),
    )
    return [files, issues]


def manifest_for(tools: list[Tool], scens: list[Scenario]) -> Manifest:
    per_tool: dict[str, int] = {}
    for s in scens:
        for c in s.calls:
            per_tool[c.tool] = per_tool.get(c.tool, 0) + 1
    covered = sum(1 for t in tools if t.name in per_tool)
    return Manifest(
        generator=GeneratorInfo(version="test", engines={"mock": "hand"}, seed=0, strategy="hand"),
        sources=[],
        counts=Counts(tools=len(tools), scenarios=len(scens), simple=sum(s.complexity == "simple" for s in scens),
                      complex=sum(s.complexity == "complex" for s in scens),
                      multi_turn=sum(len(s.turns) > 1 for s in scens), calls=sum(len(s.calls) for s in scens)),
        coverage=Coverage(total_tools=len(tools), covered_tools=covered, ratio=covered / len(tools),
                          per_tool=per_tool),
    )


def write_harness(root: Path, scens: list[Scenario] | None = None, tools_doc: list[dict] | None = None) -> Path:
    """Write a consistent harness to `root` (created) and return it."""
    root.mkdir(parents=True, exist_ok=True)
    scens = scenarios() if scens is None else scens
    tools_doc = copy.deepcopy(TOOLS_DOC if tools_doc is None else tools_doc)
    tools = [Tool.model_validate(t) for t in tools_doc]
    write_json(root / TOOLS, {"tools": tools_doc})
    write_jsonl(root / INTERPRETATIONS, INTERPRETATIONS_LIST)
    write_jsonl(root / SCENARIOS, scens)
    write_jsonl(root / TASKS, [Task.from_scenario(s) for s in scens])
    write_json(root / MANIFEST, manifest_for(tools, scens).model_dump(mode="json", by_alias=True))
    return root

"""A kind the spec's parameters name by an ID (`projectId`) is listed under an ID, with its name beside it; a
later call is given that ID, never the project's name (a project is otherwise known by its name)."""

from __future__ import annotations

import json

from actors.local import generate_local
from engines.offline.subjects import id_named
from schemas import RunConfig
from specs import load_suite


def _tool(name: str, desc: str, props: dict) -> dict:
    return {"name": name, "description": desc, "inputSchema": {"type": "object", "properties": props,
                                                                 "required": list(props)}}


def test_a_kind_named_by_an_id_is_listed_under_an_id_with_its_name(tmp_path):
    ws = {"workspaceId": {"type": "string", "description": "Workspace ID"}}
    tools = [_tool("get-workspaces", "Get user available workspaces id and name", {}),
             _tool("get-projects", "Get projects of a workspace", dict(ws)),
             _tool("create-time-entry", "Create a time entry", {**ws, "projectId": {"type": "string"},
                                                                "description": {"type": "string"}})]
    (tmp_path / "s.json").write_text(json.dumps({"tools": tools}))
    suite = load_suite([tmp_path / "s.json"])
    assert {"project", "workspace"} <= id_named(suite)
    _, scenarios = generate_local(suite, RunConfig(seed=7), str(tmp_path / "h"))
    listed = [row for s in scenarios for c in s.calls if c.tool == "get-projects" for row in json.loads(c.output)]
    assert listed
    for row in listed:
        assert "id" in row and row["id"] != row.get("name") and isinstance(row.get("name"), str), row
    names = {row["name"] for row in listed}
    assert not any(c.arguments["projectId"] in names for s in scenarios for c in s.calls if c.tool == "create-time-entry")

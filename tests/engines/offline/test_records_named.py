"""A record answered by a declared output is the one asked for: a read's own `id` is the ID it was given, a delete
of several names exactly those, a spec's own word names its own kind, and a plural open object is a map."""

from __future__ import annotations

import json
from pathlib import Path

from actors.local import generate_local
from engines.offline.interpret import interpret_tool, namespaces
from schemas import RunConfig
from specs import load_suite

_IDS = {"baseId": {"type": "string", "description": "The ID of the base"},
        "tableId": {"type": "string", "description": "The ID or name of the table"}}


def _tool(name: str, desc: str, props: dict, out: dict) -> dict:
    return {"name": name, "description": desc, "outputSchema": {"type": "object", "properties": out, "required": list(out)},
            "inputSchema": {"type": "object", "properties": props, "required": list(props)}}


def _spec(tmp_path: Path) -> Path:
    record = {"id": {"type": "string"}, "fields": {"type": "object", "additionalProperties": {}}}
    rows = {"type": "array", "items": {"type": "object", "properties": record, "required": ["id", "fields"]}}
    tools = [
        _tool("list_bases", "List all accessible bases.", {}, {"bases": {"type": "array", "items": {
            "type": "object", "properties": {"id": {"type": "string"}, "name": {"type": "string"}},
            "required": ["id", "name"]}}}),
        _tool("list_records", "List records from a table.", dict(_IDS), {"records": rows}),
        _tool("get_record", "Get a specific record by ID.",
              {**_IDS, "recordId": {"type": "string", "description": "The ID of the record"}}, record),
        _tool("delete_records", "Delete records from a table.",
              {**_IDS, "recordIds": {"type": "array", "items": {"type": "string"}, "description": "IDs to delete"}},
              {"records": {"type": "array", "items": {"type": "object", "properties": {"id": {"type": "string"}},
                                                      "required": ["id"]}}})]
    path = tmp_path / "records.json"
    path.write_text(json.dumps({"tools": tools}))
    return path


def test_a_word_the_spec_names_its_tools_by_is_its_own_kind_not_a_usual_alias(tmp_path):
    suite = load_suite([_spec(tmp_path)])
    ns = namespaces(suite)
    it = interpret_tool(suite.by_name()["get_record"], ns[suite.tools[0].spec])
    kinds = {p.name: p.entity for p in it.parameters}
    assert kinds["baseId"] == "base"  # (`list_bases`: a base, not a git base branch)
    assert kinds["recordId"] == "record"


def test_a_read_answers_with_the_id_it_was_asked_and_a_delete_with_the_ids_it_deleted(tmp_path):
    _, scenarios = generate_local(load_suite([_spec(tmp_path)]), RunConfig(seed=7), str(tmp_path / "h"))
    reads = [c for s in scenarios for c in s.calls if c.tool == "get_record"]
    deletes = [c for s in scenarios for c in s.calls if c.tool == "delete_records"]
    assert reads and deletes
    for c in reads:
        assert c.output["id"] == c.arguments["recordId"], c.output
        # (`fields`: several, a map of them, not one field referred to by its ID)
        assert "id" not in c.output["fields"]
    for c in deletes:
        assert [r["id"] for r in c.output["records"]] == c.arguments["recordIds"], c.output


def test_a_follow_up_asks_for_a_next_look_the_spec_can_take_and_never_at_what_was_just_deleted(tmp_path):
    _, scenarios = generate_local(load_suite([_spec(tmp_path)]), RunConfig(seed=7), str(tmp_path / "h"))
    onward = [s for s in scenarios if "pull up the record" in s.follow_up]
    # (`get_record` needs a base and a table besides the record: the ones the last call was given)
    assert any(s.calls[-1].arguments["baseId"] in s.follow_up for s in onward), [s.follow_up for s in scenarios]
    for s in scenarios:
        if s.calls[-1].tool == "delete_records":  # (where it was: a listing of that table, to see it gone)
            assert "pull up" not in s.follow_up, s.follow_up
            assert "list the records" in s.follow_up and s.calls[-1].arguments["baseId"] in s.follow_up, s.follow_up

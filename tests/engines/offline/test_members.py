"""A kind whose members a parameter names from a closed list (`provider: openai | anthropic | …`) is listed as
those members; a parameter that only qualifies a kind (`eventType` of an event) names none of it."""

from __future__ import annotations

import json

from actors.local import generate_local
from engines.offline.members import enumerated, members_of
from schemas import RunConfig
from specs import load_suite

_PROVIDERS = ["openai", "anthropic", "deepseek", "google", "ollama"]


def _tool(name: str, desc: str, props: dict) -> dict:
    return {"name": name, "description": desc, "inputSchema": {"type": "object", "properties": props,
                                                                 "required": list(props)}}


def _suite(tmp_path, tools):
    (tmp_path / "s.json").write_text(json.dumps({"tools": tools}))
    return load_suite([tmp_path / "s.json"])


def test_a_listing_of_a_kind_a_closed_list_names_lists_its_members(tmp_path):
    suite = _suite(tmp_path, [
        _tool("listProviders", "List all configured LLM providers", {}),
        _tool("askModel", "Get a response from one LLM provider", {
            "provider": {"type": "string", "enum": _PROVIDERS}, "prompt": {"type": "string"}})])
    _, scenarios = generate_local(suite, RunConfig(seed=7), str(tmp_path / "h"))
    rows = [row for s in scenarios for c in s.calls if c.tool == "listProviders" for row in json.loads(c.output)]
    assert rows
    for row in rows:
        assert (row.get("id") or row.get("name")) in _PROVIDERS, row
    # A provider asked after the listing is one the listing showed.
    asked = 0
    for s in scenarios:
        listed: set[str] = set()
        for c in s.calls:
            if c.tool == "listProviders":
                listed |= {row.get("id") or row.get("name") for row in json.loads(c.output)}
            elif listed:
                asked += 1
                assert c.arguments["provider"] in listed, (c.arguments, listed)
    assert asked


def test_a_list_names_the_kind_its_words_are_or_the_last_word_of_on_that_kinds_tool(tmp_path):
    types = ["postgres", "mysql", "redis"]
    suite = _suite(tmp_path, [
        _tool("database_create", "Create a database", {"type": {"type": "string", "enum": types}}),
        _tool("list_events", "List events", {"eventType": {"type": "string", "enum": ["default", "focus", "ooo"]}}),
        _tool("set_order", "Sort", {"order": {"type": "string", "enum": ["asc", "desc"]}})])
    lists = enumerated(suite)
    assert members_of("database_type", lists) == tuple(types)
    assert members_of("provider", lists) == ()
    assert members_of("event", lists) == ()  # (an event's type is one of its fields, not an event)
    assert members_of("order", lists) == ()  # (two values are a switch, not a catalogue)
    assert members_of("user_type", lists) == ()  # (`type` on a database's tool names a database's types only)

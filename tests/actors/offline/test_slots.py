"""Where a declared output holds the identifiers a scenario plans it to show, and the ID shapes a spec uses."""

from __future__ import annotations

import json
import random

from actors.offline.scenario import numeric_ids, org_for
from actors.offline.slots import embed
from actors.offline.values import ValueGenerator, is_valid
from schemas import Tool, ToolSuite

_QUESTIONS = {"type": "object", "required": ["result"], "properties": {"result": {"type": "array", "items": {
    "type": "object", "properties": {
        "question_id": {"type": "integer"}, "title": {"type": "string"},
        "tags": {"type": "array", "items": {}},
        "owner": {"type": "object", "properties": {"user_id": {"type": "integer"}, "display_name": {"type": "string"}}}}}}}}


def _filled(schema: dict, seed: int = 1) -> tuple[ValueGenerator, dict]:
    gen = ValueGenerator(org_for(seed), random.Random(seed))
    return gen, gen.value(schema, name="result", root=schema, fill=1.0)


def test_ids_of_a_kind_go_into_an_array_field_of_the_listed_records():
    gen, obj = _filled(_QUESTIONS)
    out = embed(obj, _QUESTIONS, "tag", ["v4.7.1", "python"], "", lambda items: gen.value(items, root=_QUESTIONS))
    assert is_valid(_QUESTIONS, out)
    assert [r["tags"] for r in out["result"][:2]] == [["v4.7.1"], ["python"]]


def test_records_another_kind_filled_carry_a_second_kind_in_another_field():
    gen, obj = _filled(_QUESTIONS)
    claimed: set[str] = set()
    make = lambda items: gen.value(items, root=_QUESTIONS)  # noqa: E731
    out = embed(obj, _QUESTIONS, "user", ["4127"], "", make, claimed)
    out = embed(out, _QUESTIONS, "tag", ["v4.7.1"], "", make, claimed)
    assert is_valid(_QUESTIONS, out)
    first = out["result"][0]
    assert first["owner"]["user_id"] == 4127 and first["tags"] == ["v4.7.1"]


def _suite(*tools: dict) -> ToolSuite:
    return ToolSuite(tools=[Tool(name=t["name"], description="", inputSchema=t["input"],
                                 outputSchema=t.get("output"), spec="s") for t in tools])


def test_kinds_the_spec_types_as_integers_get_numeric_ids():
    suite = _suite(
        {"name": "get_user_timeline", "input": {"type": "object", "properties": {"ids": {"type": "string"}}}},
        {"name": "list_answers", "input": {"type": "object", "properties": {}},
         "output": {"type": "object", "properties": {"items": {"type": "array", "items": {"type": "object", "properties": {
             "answer_id": {"type": "integer"}, "owner_user_id": {"type": "integer"}, "site_id": {"type": "string"},
             "comment_ids": {"type": "array", "items": {"type": "integer"}}}}}}}},
        {"name": "get_site", "input": {"type": "object", "properties": {"site_id": {"type": "string"}}}},
    )
    assert numeric_ids(suite) == {"answer", "user", "comment"}
    gen = ValueGenerator(org_for(7, suite), random.Random(3))
    users = {gen.value({"type": "string"}, name="ids", role="identifier", entity="user") for _ in range(12)}
    assert all(u.isdigit() for u in users), users
    sites = {gen.value({"type": "string"}, name="site_id", role="identifier", entity="site") for _ in range(12)}
    assert not all(s.isdigit() for s in sites), json.dumps(sorted(sites))

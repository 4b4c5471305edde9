"""Where a declared output holds the identifiers a scenario plans it to show, and the ID shapes a spec uses."""

from __future__ import annotations

import json
import random

from engines.offline.spec_org import numeric_ids, org_for
from engines.offline.slots import embed
from engines.offline.values import ValueGenerator, is_valid
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


def test_outputs_echo_the_arguments_they_are_named_like_whatever_case_either_is_written_in():
    """A namespace created in app 62455 answers `appId: 62455`; the namespaces a listing of that app shows
    belong to it; a rule read by `ruleId` answers with its `rule_id`. A follower's own `user_id` (a row with no
    other ID) is not the user asked about."""
    from engines.offline.slots import echo

    row = {"type": "object", "properties": {"id": {"type": "string"}, "appId": {"type": "string"}}}
    schema = {"type": "object", "properties": {"appId": {"type": "string"}, "rule_id": {"type": "string"},
                                               "namespaces": {"type": "array", "items": row},
                                               "followers": {"type": "array", "items": {
                                                   "type": "object", "properties": {"user_id": {"type": "integer"}}}}}}
    obj = {"appId": "11699", "namespaces": [{"id": "infra", "appId": "49946"}, {"id": "data", "appId": "3"}],
           "followers": [{"user_id": 17}, {"user_id": 18}]}
    out = echo(obj, schema, {"app_id": "62455", "ruleId": "ar_209da4", "user_id": 5},
               lambda o: is_valid(schema, o))
    assert out["appId"] == "62455" and out["rule_id"] == "ar_209da4"
    assert [r["appId"] for r in out["namespaces"]] == ["62455", "62455"]
    assert [r["user_id"] for r in out["followers"]] == [17, 18]
    # (an ID an integer field holds is echoed as the number; one that would break the output is not echoed)
    strict = {"type": "object", "properties": {"app_id": {"type": "integer"}, "key": {"type": "string", "maxLength": 2}}}
    assert echo({"app_id": 1, "key": "ab"}, strict, {"appId": "62455", "key": "abcdef"},
                lambda o: is_valid(strict, o)) == {"app_id": 62455, "key": "ab"}


def test_an_output_open_only_through_closed_branches_gets_no_field_its_branches_forbid():
    """A `oneOf` of closed records (one per rule type) declares no fields of its own; an ID planned into it
    must not become a `rule_id` no branch allows: the output stays valid."""
    closed = lambda kind: {"type": "object", "additionalProperties": False,  # noqa: E731
                           "properties": {"ruleType": {"const": kind}, "note": {"type": "string"}}}
    schema = {"type": "object", "oneOf": [closed("http"), closed("amqp")]}
    gen, _ = _filled({"type": "string"})
    out = embed({"ruleType": "http"}, schema, "rule", ["ar_209da4"], "", lambda items: gen.value(items, root=schema))
    assert is_valid(schema, out), out


def test_an_object_holding_one_list_counts_what_it_holds():
    """`{"count": 50, "items": [one]}` says 1; a `total` across pages is never less than what one page shows."""
    from engines.offline.slots import counted

    schema = {"type": "object", "properties": {"count": {"type": "integer"}, "total_count": {"type": "integer"},
                                               "items": {"type": "array", "items": {"type": "object"}}}}
    out = counted({"count": 50, "total_count": 1, "items": [{"a": 1}, {"a": 2}]}, lambda o: is_valid(schema, o))
    assert (out["count"], out["total_count"]) == (2, 2)
    assert counted({"total_count": 125, "items": [{"a": 1}]}, lambda o: True)["total_count"] == 125
    bounded = {"type": "object", "properties": {"count": {"type": "integer", "minimum": 5}}}
    assert counted({"count": 9, "items": [1]}, lambda o: is_valid(bounded, o))["count"] == 9  # (kept valid)


def test_the_one_record_an_output_wraps_shows_what_it_was_given_and_linked_records_keep_their_own():
    """A profile put with `FirstName: Cindy` answers `Profile.FirstName: Cindy`; the project the issue links to
    keeps its own `name`."""
    from engines.offline.slots import echo

    schema = {"type": "object", "properties": {
        "Profile": {"type": "object", "properties": {"FirstName": {"type": "string"}}},
        "project": {"type": "object", "properties": {"name": {"type": "string"}}}}}
    out = echo({"Profile": {"FirstName": "Catherine"}, "project": {"name": "fleet-api"}}, schema,
               {"FirstName": "Cindy", "name": "Fix login"}, lambda o: is_valid(schema, o), "profile")
    assert out == {"Profile": {"FirstName": "Cindy"}, "project": {"name": "fleet-api"}}

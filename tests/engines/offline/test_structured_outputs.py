"""Declared output shapes the mocks must fill validly: FastMCP's wrapped and free-form returns, and
fields whose constraints (lengths, patterns, bounds) an identifier or a sentence may not meet."""

from __future__ import annotations

import pytest

from common.json_values import leaves
from engines.offline.pipeline import Pipeline, cover_suite
from evaluation import scenario_checks as q
from schemas import ScenarioRequest
from specs import load_suite

_WRAPPED = {"type": "object", "required": ["result"], "x-fastmcp-wrap-result": True, "title": "_WrappedResult"}
FREE = {"type": "object", "additionalProperties": True}  # FastMCP's `-> dict`
FREE_LIST = {**_WRAPPED, "properties": {"result": {"type": "array", "items": FREE}}}  # `-> list[dict]`
NULLABLE = {**_WRAPPED, "properties": {"result": {"anyOf": [FREE, {"type": "null"}]}}}  # `-> dict | None`


def _tool(name: str, description: str, params: dict, required: list[str], output: dict) -> dict:
    return {"name": name, "description": description, "outputSchema": output,
            "inputSchema": {"type": "object", "properties": params, "required": required}}


FASTMCP = [
    _tool("post_note", "Post a new note.", {"text": {"type": "string"}}, ["text"], FREE),
    _tool("list_notes", "List recent notes.", {"count": {"type": "integer"}}, [], FREE_LIST),
    _tool("get_note", "Get a note by its ID.", {"note_id": {"type": "string"}}, ["note_id"], NULLABLE),
    _tool("pin_note", "Pin a note to the top.", {"note_id": {"type": "string"}}, ["note_id"],
          {**_WRAPPED, "properties": {"result": {"type": "boolean"}}}),
    _tool("delete_note", "Delete a note.", {"note_id": {"type": "string"}}, ["note_id"],
          {**_WRAPPED, "properties": {"result": {"type": "string"}}}),
]

_CUSTOMER_ID = {"type": "string", "pattern": "^cus_[A-Za-z0-9]{8}$"}
CONSTRAINED = [
    _tool("create_customer", "Create a customer.", {"email": {"type": "string"}, "name": {"type": "string"}}, ["email"],
          {"type": "object", "required": ["id", "name", "email"],
           "properties": {"id": _CUSTOMER_ID, "name": {"type": "string", "minLength": 3, "maxLength": 40},
                          "email": {"type": "string"}, "currency": {"type": "string", "minLength": 3, "maxLength": 3}}}),
    _tool("get_customer", "Retrieve a customer by ID.", {"customer_id": {"type": "string"}}, ["customer_id"],
          {"type": "object", "required": ["id", "name", "tags"],
           "properties": {"id": _CUSTOMER_ID, "name": {"type": "string", "minLength": 3},
                          "tags": {"type": "array", "minItems": 1, "items": {"type": "string", "minLength": 2}}}}),
    _tool("list_customers", "List customers.", {"limit": {"type": "integer", "maximum": 100}}, [],
          {"type": "object", "required": ["data", "has_more"],
           "properties": {"has_more": {"type": "boolean"}, "data": {"type": "array", "items": {
               "type": "object", "required": ["id", "name"],
               "properties": {"id": _CUSTOMER_ID, "name": {"type": "string", "minLength": 3}}}}}}),
    _tool("delete_customer", "Delete a customer.", {"customer_id": {"type": "string"}}, ["customer_id"],
          {**_WRAPPED, "properties": {"result": {"type": "string", "minLength": 5, "maxLength": 30}}}),
]


_WORKSPACE = {"oneOf": [{"properties": {"id": {"type": "string"}, "owner": {"type": "string"},
                                       "createdAt": {"type": "string", "format": "date-time"}},
                        "required": ["id", "owner", "createdAt"]}], "type": "object"}
ONE_OF_ITEMS = [  # list elements given as a oneOf of object shapes (OpenAPI generators write these)
    _tool("create_workspace", "Create a workspace.", {"owner": {"type": "string"}}, ["owner"], _WORKSPACE),
    _tool("getAllWorkspaces", "Get all workspaces.", {}, [],
          {"type": "object", "required": ["list"], "properties": {"list": {"type": "array", "items": _WORKSPACE}}}),
    _tool("delete_workspace", "Delete a workspace.", {"workspace_id": {"type": "string"}}, ["workspace_id"],
          {"type": "object", "properties": {"deleted": {"type": "boolean"}}}),
]

_REPLY = {"type": "object", "properties": {"ID": {"type": "string"}, "Comment": {"type": "string"}}}
_REVIEW = {"type": "object", "properties": {
    "ReviewID": {"type": "integer", "format": "int64"}, "ID": {"type": "string"}, "Comment": {"type": "string"},
    "ReplyCount": {"type": "integer"}, "Replies": {"type": "array", "items": _REPLY}}}
TYPED_IDS = [  # a legacy integer ID beside the string one newer endpoints take (a review read, then its replies)
    _tool("list_reviews", "List the reviews of a recipe.", {"recipeId": {"type": "integer"}}, ["recipeId"],
          {"type": "object", "properties": {"Results": {"type": "array", "items": _REVIEW}}}),
    _tool("get_review", "Get a given review.", {"reviewId": {"type": "integer"}, "recipeId": {"type": "integer"}},
          ["reviewId", "recipeId"], _REVIEW),
    _tool("get_review_replies", "Get a paged list of replies for a given review.", {"reviewId": {"type": "string"}},
          ["reviewId"], {"type": "object", "properties": {"Results": {"type": "array", "items": _REPLY}}}),
]


@pytest.fixture(scope="module", params=[("fastmcp", FASTMCP), ("constrained", CONSTRAINED), ("one_of_items", ONE_OF_ITEMS),
                                        ("typed_ids", TYPED_IDS)],
                ids=lambda p: p[0])
def generated(request, tmp_path_factory):
    name, tools = request.param
    path = tmp_path_factory.mktemp(name) / f"{name}.json"
    path.write_text(__import__("json").dumps({"tools": tools}))
    suite = load_suite([path])
    pipe = Pipeline(suite)
    scenarios, failures = [], []
    for seed in (0, 7, 11):
        got, lost = cover_suite(pipe, seed)
        scenarios += got
        failures += lost
        for k in range(8):
            req = ScenarioRequest(id=f"x{seed}-{k}", index=k, seed=seed * 100 + k, complexity="complex",
                                  focus_tools=[suite.tools[k % len(suite.tools)].name])
            s = pipe.run(req, failures)
            scenarios += [s] if s else []
    return suite, scenarios, failures


def test_every_declared_output_shape_is_filled_without_a_mock_failure(generated):
    suite, scenarios, failures = generated
    assert [f.reason for f in failures if f.stage == "mock"] == []
    used = {c.tool for s in scenarios for c in s.calls}
    assert used == {t.name for t in suite.tools}


def test_outputs_are_valid_against_their_schemas_and_hold_no_empty_strings(generated):
    suite, scenarios, _ = generated
    tools = suite.by_name()
    assert [e for s in scenarios for e in q.output_errors(s, tools)] == []
    empty = [(s.id, c.tool) for s in scenarios for c in s.calls if "" in [v for v in leaves(c.output) if isinstance(v, str)]]
    assert empty == []


def test_an_identifier_a_later_call_takes_is_in_the_earlier_output(generated):
    _, scenarios, _ = generated
    fed = [s for s in scenarios if s.complexity == "complex" and any(c.sources for c in s.calls)]
    assert fed
    assert [e for s in fed for e in q.source_errors(s)] == []


def test_an_argument_whose_values_are_lists_of_lists_is_bound_without_a_crash(tmp_path):
    """A route matrix takes positions as [lng, lat] pairs: a fresh value that is itself a list is compared
    with the ids already taken without needing to be hashable."""
    pairs = {"type": "array", "items": {"type": "array", "items": {"type": "number"}}}
    tool = {"name": "calculateRouteMatrix", "description": "Calculate travel times between positions.",
            "inputSchema": {"type": "object", "required": ["departurePositions", "destinationPositions"],
                            "properties": {"departurePositions": pairs, "destinationPositions": pairs,
                                           "travelMode": {"enum": ["Car", "Walking"], "type": "string"}}}}
    path = tmp_path / "routes.json"
    path.write_text(__import__("json").dumps({"tools": [tool, {**tool, "name": "calculateRoute"}]}))
    pipe = Pipeline(load_suite([path]))
    failures = []
    for k in range(12):
        pipe.run(ScenarioRequest(id=f"r{k}", index=k, seed=k, complexity="simple",
                                 focus_tools=[pipe.suite.tools[k % 2].name]), failures)
    assert [f.reason for f in failures if "TypeError" in f.reason or "unhashable" in f.reason] == []


def test_a_oneof_of_open_objects_is_met_by_naming_the_other_alternative_null():
    """Two open objects with only optional properties accept every object, so no realistic value matches
    exactly one; a server marks the alternative it does not return as null."""
    import random

    from engines.offline.spec_org import org_for
    from engines.offline.values import ValueGenerator, is_valid

    status = {"type": "object", "properties": {"status": {"type": "object", "properties": {"message": {"type": "string"}}}}}
    store = {"type": "object", "properties": {"store": {"type": "object", "properties": {"code": {"type": "string"}}}}}
    schema = {"type": "object", "oneOf": [status, store]}
    for seed in range(6):
        value = ValueGenerator(org_for(seed), random.Random(seed)).value(schema, root=schema)
        assert is_valid(schema, value)
        assert sorted(k for k, v in value.items() if v is None) in (["status"], ["store"])


def test_timestamps_in_declared_and_text_outputs_agree_within_each_record(tmp_path):
    stamp = {"type": "string", "format": "date-time"}
    record = {"type": "object", "required": ["id", "created_at", "updated_at", "started_at", "finished_at"],
              "properties": {"id": {"type": "string"}, "created_at": stamp, "updated_at": stamp,
                             "started_at": stamp, "finished_at": stamp}}
    tools = [_tool("get_job", "Get a job by ID.", {"job_id": {"type": "string"}}, ["job_id"], record),
             _tool("list_jobs", "List jobs.", {}, [], {"type": "object", "required": ["jobs"],
                                                        "properties": {"jobs": {"type": "array", "items": record}}}),
             {"name": "create_board", "description": "Create a board.",
              "inputSchema": {"type": "object", "properties": {"name": {"type": "string"}}, "required": ["name"]}},
             {"name": "update_board", "description": "Update a board.", "inputSchema": {
                 "type": "object", "required": ["board_id"],
                 "properties": {"board_id": {"type": "string"}, "name": {"type": "string"}}}}]
    path = tmp_path / "jobs.json"
    path.write_text(__import__("json").dumps({"tools": tools}))
    pipe = Pipeline(load_suite([path]))
    scenarios = [s for seed in range(4) for s in cover_suite(pipe, seed)[0]]
    dated = [o for s in scenarios for c in s.calls for o in q.output_objects(c.output) if "created_at" in o]
    assert len(dated) >= 4
    assert [e for s in scenarios for e in q.timestamp_contradictions(s)] == []
    assert [e for s in scenarios for e in q.output_errors(s, pipe.suite.by_name())] == []


def test_an_output_that_fixes_no_fields_holds_the_records_a_text_result_would_show(tmp_path):
    """FastMCP's `-> dict` and `-> list[dict]` leave every field open: the record shown is the tool's own, with
    its domain fields (a note's text), never only an ID and a name."""
    path = tmp_path / "fastmcp.json"
    path.write_text(__import__("json").dumps({"tools": FASTMCP}))
    pipe = Pipeline(load_suite([path]))
    seen = 0
    for seed in (0, 7, 11):
        for s in cover_suite(pipe, seed)[0]:
            for c in s.calls:
                if c.tool in ("post_note", "list_notes", "get_note") and c.output.get("result", c.output) is not None:
                    for o in q.output_objects(c.output, max_depth=1):
                        seen += 1
                        assert not q.is_generic(o, c.arguments), (c.tool, c.output)
    assert seen


def _first_outputs(tools: list[dict], tmp_path, name: str) -> dict[str, list]:
    path = tmp_path / f"{name}.json"
    path.write_text(__import__("json").dumps({"tools": tools}))
    pipe = Pipeline(load_suite([path]))
    out: dict[str, list] = {}
    for seed in (0, 7):
        for s in cover_suite(pipe, seed)[0]:
            for c in s.calls:
                out.setdefault(c.tool, []).append((c.arguments, c.output))
    return out


def test_a_tool_whose_whole_answer_is_one_string_reports_what_it_found_not_that_it_is_done(tmp_path):
    """FastMCP's `-> str` wraps the text in `{"result": string}`: a look answers with the fields the same
    tool without a declared output shows (as `key: value` lines), a listing with one line per row; never a
    bare "done"."""
    text_only = {**_WRAPPED, "properties": {"result": {"type": "string"}}}
    tools = [_tool("get_database_size_info", "Get database size information.",
                   {"database_name": {"type": "string"}}, [], text_only),
             _tool("get_slow_queries", "Get slow queries from the performance schema.",
                   {"limit": {"type": "integer"}}, [], text_only)]
    wrapped = _first_outputs(tools, tmp_path, "wrapped")
    bare = _first_outputs([{k: v for k, v in t.items() if k != "outputSchema"} for t in tools], tmp_path, "bare")
    texts = [o["result"] for _, o in wrapped["get_database_size_info"]]
    assert texts and all("done" not in t for t in texts), texts
    fields = {k for _, o in bare["get_database_size_info"] for k in __import__("json").loads(o)}
    said = {line.split(":")[0] for t in texts for line in t.splitlines()}
    assert len(fields & said) >= 3, (fields, texts)
    rows = [line for _, o in wrapped["get_slow_queries"] for line in o["result"].splitlines()]
    assert rows and all(" (" in line and ": " in line for line in rows), rows


def test_a_look_at_a_kind_named_only_by_its_parent_describes_that_kind_not_the_parent(tmp_path):
    """`get_index_usage_stats(database_name)` reads the indexes of a database: its answer is about indexes,
    not the database record `get_database_info` shows for the same name."""
    tools = [{"name": n, "description": d, "inputSchema": {"type": "object", "required": ["database_name"],
                                                           "properties": {"database_name": {"type": "string"}}}}
             for n, d in (("get_database_info", "Get information about a database."),
                          ("get_index_usage_stats", "Get index usage statistics of a database."))]
    tools.append({"name": "list_databases", "description": "List all databases.",
                  "inputSchema": {"type": "object", "properties": {}}})
    path = tmp_path / "db.json"
    path.write_text(__import__("json").dumps({"tools": tools}))
    pipe = Pipeline(load_suite([path]))
    pairs = 0
    for seed in range(6):
        for s in cover_suite(pipe, seed)[0] + [pipe.run(ScenarioRequest(
                id=f"d{seed}", index=seed, seed=seed, complexity="complex", focus_tools=["get_index_usage_stats"]), [])]:
            if s is None:
                continue
            by_db = {}
            for c in s.calls:
                by_db.setdefault(c.arguments.get("database_name"), {})[c.tool] = c.output
            for outs in by_db.values():
                if {"get_database_info", "get_index_usage_stats"} <= set(outs):
                    pairs += 1
                    assert outs["get_database_info"] != outs["get_index_usage_stats"]
    assert pairs



@pytest.mark.parametrize("spec", ["bigoven.com", "billbee.io", "ptv.vic.gov.au"])
def test_an_id_a_later_call_takes_from_a_read_fits_beside_the_record_the_read_was_asked_for(spec, tmp_path):
    """A single-record read shows the record it was asked for; a later call's ID is only planned into that
    output when there is room beside it, and an integer ID shown earlier is passed as text to a parameter
    typed string (`reviewId: "1042"`), not replaced by a new string ID no output has a place for. (Corpus
    specs whose default run had mock failures for these reasons.)"""
    from actors.local import generate_local
    from pathlib import Path
    from schemas import RunConfig

    suite = load_suite([Path(__file__).parents[3] / "bench" / "corpus" / "openapi" / f"{spec}.json"])
    manifest, scenarios = generate_local(suite, RunConfig(seed=7), str(tmp_path / "h"))
    assert manifest.failures == [] and manifest.coverage.ratio == 1.0
    assert [e for s in scenarios for e in q.source_errors(s)] == []


def test_a_record_answered_by_a_create_update_or_read_shows_what_was_written_and_asked(tmp_path):
    """`createAccount(account={name, type: cash, balance})` answers `data.account` with type `cash`, not a type
    drawn at random; an update answers with the ID it was given and the fields it set; no record a create,
    update or read answers with is `deleted`, and a delete's is."""
    account = {"type": "object", "properties": {
        "id": {"type": "string"}, "name": {"type": "string"}, "balance": {"type": "integer"},
        "type": {"type": "string", "enum": ["checking", "savings", "cash", "creditCard", "medicalDebt"]},
        "deleted": {"type": "boolean"}, "closed": {"type": "boolean"}}}
    wrapped = {"type": "object", "properties": {"data": {"type": "object", "properties": {
        "account": account, "server_knowledge": {"type": "integer"}}}}}
    body = {"type": "object", "required": ["name", "type", "balance"],
            "properties": {k: account["properties"][k] for k in ("name", "type", "balance")}}
    budget = {"budget_id": {"type": "string"}}
    tools = [_tool("createAccount", "Create a new account.", {**budget, "account": body}, ["budget_id", "account"], wrapped),
             _tool("updateAccount", "Update an account.", {**budget, "account_id": {"type": "string"}, "account": body},
                   ["budget_id", "account_id", "account"], wrapped),
             _tool("getAccountById", "Get a single account.", {**budget, "account_id": {"type": "string"}},
                   ["budget_id", "account_id"], wrapped),
             _tool("deleteAccount", "Delete an account.", {**budget, "account_id": {"type": "string"}},
                   ["budget_id", "account_id"], wrapped)]
    seen = _first_outputs(tools, tmp_path, "accounts")
    for tool in ("createAccount", "updateAccount"):
        assert seen[tool]
        for args, out in seen[tool]:
            record = _account(out)
            assert {k: record.get(k) for k in args["account"]} == args["account"], (args, out)
            assert record.get("deleted") in (None, False)
    for tool in ("updateAccount", "getAccountById", "deleteAccount"):
        assert seen[tool] and all(_account(out).get("id") in (None, args["account_id"])
                                  for args, out in seen[tool]), seen[tool]
    assert all(_account(out).get("deleted") in (None, False) for _, out in seen["getAccountById"])
    assert all(_account(out).get("deleted") in (None, True) for _, out in seen["deleteAccount"])
    assert any(_account(out) for _, out in seen["getAccountById"])


def _account(out: dict) -> dict:
    return (out.get("data") or {}).get("account") or {}


def test_mocking_a_call_never_changes_its_arguments(tmp_path):
    """An output that echoes an object argument (`templateData`) gets its own copy: filling the answer's record
    with the record's name must not rename what the call was sent."""
    import copy

    data = {"type": "object", "properties": {"id": {"type": "string"}, "name": {"type": "string"}}}
    out = {"type": "object", "properties": {"templateData": data, "id": {"type": "string"}}}
    tools = [_tool("create_template", "Create an issue template.", {"name": {"type": "string"}, "templateData": data},
                   ["name", "templateData"], out),
             _tool("get_template", "Get an issue template by ID.", {"id": {"type": "string"}}, ["id"], out)]
    path = tmp_path / "templates.json"
    path.write_text(__import__("json").dumps({"tools": tools}))
    pipe = Pipeline(load_suite([path]))
    checked = 0
    for k in range(10):
        req = ScenarioRequest(id=f"t{k}", index=k, seed=k, complexity="complex" if k % 2 else "simple",
                              focus_tools=["create_template"])
        written = pipe.writer.write(req).item
        if written is None:
            continue
        sent = copy.deepcopy([c.arguments for c in written.calls])
        mocked = pipe.mocker.mock(written).item
        assert mocked is not None and [c.arguments for c in mocked.calls] == sent
        assert [c.arguments for c in written.calls] == sent
        checked += 1
    assert checked


def test_an_id_is_drawn_like_the_field_its_records_are_named_by_and_rows_have_their_own(tmp_path):
    """`budget_id` is a plain string, but the budgets listing names its records by a `format: uuid` `id`: the
    ID a request uses is a UUID that stands in that field (not `b_726f…` written into `name`), even where no
    earlier call shows it; rows of one listing never share an `id` or a name, nor are copies of one row."""
    import re as _re

    budget = {"type": "object", "properties": {"id": {"type": "string", "format": "uuid"}, "name": {"type": "string"},
                                               "last_month": {"type": "string", "format": "date"}}}
    listing = {"type": "object", "required": ["data"], "properties": {"data": {
        "type": "object", "required": ["budgets"], "properties": {"budgets": {"type": "array", "items": budget}}}}}
    tools = [_tool("getBudgets", "Returns budgets list with summary information.", {}, [], listing),
             _tool("getBudgetById", "Returns a single budget with all related entities.",
                   {"budget_id": {"type": "string", "description": "The id of the budget."}}, ["budget_id"],
                   {"type": "object", "properties": {"data": {"type": "object", "properties": {"budget": budget}}}})]
    path = tmp_path / "budgets.json"
    path.write_text(__import__("json").dumps({"tools": tools}))
    pipe = Pipeline(load_suite([path]))
    uuid = _re.compile(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}")
    asked, fed, varied, listed = [], 0, 0, 0
    for k in range(10):
        s = pipe.run(ScenarioRequest(id=f"b{k}", index=k, seed=k, complexity="complex" if k % 2 else "simple",
                                     focus_tools=["getBudgetById"]), [])
        for c in s.calls if s else []:
            if c.tool == "getBudgetById":
                asked.append(c.arguments["budget_id"])
                if "budget_id" in c.sources:
                    source = s.calls[c.sources["budget_id"]].output
                    assert c.arguments["budget_id"] in _ids(source), source
                    fed += 1
            if c.tool == "getBudgets":
                rows = c.output["data"]["budgets"]
                for key in ("id", "name"):
                    got = [r[key] for r in rows if key in r]
                    assert len(got) == len(set(got)), rows
                months = [r["last_month"] for r in rows if "last_month" in r]
                varied += len(months) > 1 and len(set(months)) > 1
                listed += len(months) > 1
    assert asked and fed and all(uuid.fullmatch(a) for a in asked), asked
    assert listed and varied == listed  # each row drawn as a record of its own, not a copy with another ID


def _ids(node) -> list:
    if isinstance(node, list):
        return [x for v in node for x in _ids(v)]
    if isinstance(node, dict):
        return ([node["id"]] if "id" in node else []) + [x for v in node.values() for x in _ids(v)]
    return []


def test_an_answers_status_enum_that_lists_errors_beside_ok_mostly_says_ok():
    """A query's `status` with `OK` beside error codes answers `OK` most of the time; arguments are drawn as before."""
    import random

    from engines.offline.spec_org import org_for
    from engines.offline.values import ValueGenerator

    codes = {"type": "string", "enum": ["QRY__TOO_MANY_CORPORA", "ADM__SIGNUP_INVALID_EMAIL", "OK", "FAILURE"]}
    gen = ValueGenerator(org_for(1), random.Random(1))
    gen.answering = True
    answers = [gen.value(codes, name="code") for _ in range(200)]
    gen.answering = False
    asked = [gen.value(codes, name="code") for _ in range(200)]
    assert answers.count("OK") > 150 and asked.count("OK") < 100, (answers.count("OK"), asked.count("OK"))


def test_a_records_description_is_never_the_record_written_out_line_by_line(tmp_path):
    import json
    import re

    schema = {"type": "object", "required": ["voice_id", "name", "category", "description", "labels"],
              "properties": {"voice_id": {"type": "string"}, "name": {"type": "string"},
                             "category": {"type": "string"}, "description": {"type": "string"},
                             "labels": {"type": "object", "additionalProperties": {"type": "string"}}}}
    tools = [{"name": "get_voices", "description": "Get a list of all available voices",
              "inputSchema": {"type": "object"}, "outputSchema": {"type": "object", "properties": {
                  "voices": {"type": "array", "items": schema}}, "required": ["voices"]}},
             {"name": "get_voice", "description": "Get metadata about a specific voice",
              "inputSchema": {"type": "object", "properties": {"voice_id": {"type": "string"}},
                              "required": ["voice_id"]}, "outputSchema": schema}]
    path = tmp_path / "spec.json"
    path.write_text(json.dumps({"tools": tools}))
    pipe = Pipeline(load_suite([path]))
    described = [c.output for seed in range(3) for s in cover_suite(pipe, seed)[0] for c in s.calls
                 if c.tool == "get_voice"]
    assert described
    for out in described:
        obj = json.loads(out) if isinstance(out, str) else out
        assert len(re.findall(r"(?m)^[\w.-]+: ", obj["description"])) < 2, obj["description"]


def test_a_result_documented_without_a_schema_holds_what_the_call_answered(tmp_path):
    """`{"result": {}}` (an OpenAPI response with no schema, wrapped): a deletion answers that it deleted, not a
    sentence of small talk drawn for an untyped value."""
    import json

    untyped = {"type": "object", "properties": {"result": {}}, "required": ["result"]}
    vid = {"type": "object", "properties": {"voice_id": {"type": "string"}}, "required": ["voice_id"]}
    tools = [{"name": "list_voices", "description": "Get a list of all available voices",
              "inputSchema": {"type": "object"}},
             {"name": "delete_voice", "description": "Deletes a voice by its ID", "inputSchema": vid,
              "outputSchema": untyped, "annotations": {"destructiveHint": True}}]
    path = tmp_path / "spec.json"
    path.write_text(json.dumps({"tools": tools}))
    pipe = Pipeline(load_suite([path]))
    results = [json.loads(c.output)["result"] if isinstance(c.output, str) else c.output["result"]
               for seed in range(3) for s in cover_suite(pipe, seed)[0] for c in s.calls if c.tool == "delete_voice"]
    assert results and all(isinstance(r, dict) and r.get("deleted") is True for r in results), results[:2]


def test_a_record_shows_the_same_fields_in_every_answer_that_shows_it(tmp_path):
    """A voice listed as `voice-archive` in category `premade` is read back with that name and category, and an
    update's new name is the new one, not what the record was first shown with."""
    import json

    voice = {"type": "object", "required": ["voice_id", "name", "category"],
             "properties": {"voice_id": {"type": "string"}, "name": {"type": "string"},
                            "category": {"type": "string"}}}
    vid = {"voice_id": {"type": "string"}}
    tools = [{"name": "get_voices", "description": "Gets a list of all available voices",
              "inputSchema": {"type": "object"}, "outputSchema": {"type": "object", "required": ["voices"],
                                                                "properties": {"voices": {"type": "array", "items": voice}}}},
             {"name": "get_voice", "description": "Returns metadata about a specific voice",
              "inputSchema": {"type": "object", "properties": vid, "required": ["voice_id"]}, "outputSchema": voice},
             {"name": "edit_voice", "description": "Edit a voice created by you",
              "inputSchema": {"type": "object", "properties": {**vid, "name": {"type": "string"}},
                              "required": ["voice_id", "name"]}, "outputSchema": voice}]
    path = tmp_path / "spec.json"
    path.write_text(json.dumps({"tools": tools}))
    pipe = Pipeline(load_suite([path]))
    compared = 0
    for seed in range(4):
        for s in cover_suite(pipe, seed)[0]:
            shown: dict[str, tuple[str, str]] = {}
            for c in s.calls:
                out = json.loads(c.output) if isinstance(c.output, str) else c.output
                rows = out.get("voices", [out]) if isinstance(out, dict) else []
                for r in rows:
                    if c.tool == "edit_voice":  # the new name, from now on
                        assert r["name"] == c.arguments["name"]
                        shown[r["voice_id"]] = (r["name"], r["category"])
                    elif r["voice_id"] in shown:
                        assert (r["name"], r["category"]) == shown[r["voice_id"]], (s.id, c.tool)
                        compared += 1
                    else:
                        shown[r["voice_id"]] = (r["name"], r["category"])
    assert compared >= 2


def test_kept_fields_never_replace_a_value_a_later_call_takes(tmp_path):
    """Appwrite (a corpus spec): a user's e-mail kept from an earlier answer must not replace the e-mail a later
    call of the same scenario takes from this one (the coordinator rejected that scenario)."""
    from actors.local import generate_local
    from schemas import RunConfig
    from tests.conftest import ROOT

    spec = ROOT / "bench" / "corpus" / "openapi" / "appwrite.io__server.json"
    manifest, _ = generate_local(load_suite([spec]), RunConfig.model_validate({"seed": 7}), str(tmp_path / "h"))
    assert manifest.failures == []

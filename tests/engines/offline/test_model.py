"""Records take their fields from the spec's own tools: what creates send, what lists filter by, what
declared outputs return; a tool with no outputSchema then shows a record of those fields."""

from __future__ import annotations

import json

from engines.offline.model import SpecModel
from engines.offline.pipeline import Pipeline, cover_suite, interpret_suite
from engines.offline.spec_org import org_for
from evaluation import scenario_checks as q
from specs import load_suite


def _tool(name: str, description: str, props: dict, required: list[str] = (), output: dict | None = None) -> dict:
    t = {"name": name, "description": description,
         "inputSchema": {"type": "object", "properties": props, "required": list(required)}}
    return {**t, "outputSchema": output} if output else t


TICKETS = [
    _tool("create_ticket", "Create a support ticket.",
          {"title": {"type": "string"}, "priority": {"type": "string", "enum": ["low", "normal", "urgent"]},
           "assignee": {"type": "string", "description": "Email of the agent"}}, ["title"]),
    _tool("list_tickets", "List tickets.", {"status": {"type": "string", "enum": ["open", "pending", "solved"]},
                                           "limit": {"type": "integer"}, "page": {"type": "integer"}}),
    _tool("get_ticket", "Get one ticket by its ID.", {"ticket_id": {"type": "string"}}, ["ticket_id"]),
    _tool("list_invoices", "List invoices.", {"customer": {"type": "string"}}, [], {
        "type": "object", "properties": {"data": {"type": "array", "items": {
            "type": "object", "properties": {"id": {"type": "string"}, "amount_due": {"type": "integer", "minimum": 0},
                                             "currency": {"type": "string", "enum": ["eur", "usd"]},
                                             "status": {"type": "string", "enum": ["draft", "open", "paid"]}}}}}}),
    _tool("get_invoice", "Retrieve an invoice.", {"invoice_id": {"type": "string"}}, ["invoice_id"]),
]


def _suite(tmp_path, tools):
    path = tmp_path / "spec.json"
    path.write_text(json.dumps({"tools": tools}))
    return load_suite([path])


def test_a_kind_gathers_fields_from_creates_list_filters_and_declared_outputs_but_not_paging(tmp_path):
    suite = _suite(tmp_path, TICKETS)
    model = SpecModel.build(suite, interpret_suite(suite))
    assert {f.name for f in model.fields("ticket")} == {"title", "priority", "assignee", "status"}
    assert {f.name for f in model.fields("invoice")} == {"amount_due", "currency", "status"}


def test_a_record_is_the_same_for_the_same_key_and_valid_for_each_field(tmp_path):
    suite = _suite(tmp_path, TICKETS)
    model = SpecModel.build(suite, interpret_suite(suite))
    one = model.record("invoice", org_for(3), "3:invoice:in_1")
    assert one == model.record("invoice", org_for(3), "3:invoice:in_1")
    assert one["currency"] in ("eur", "usd") and one["status"] in ("draft", "open", "paid") and one["amount_due"] >= 0


def test_text_results_show_records_with_the_spec_s_own_fields(tmp_path):
    pipe = Pipeline(_suite(tmp_path, TICKETS))
    scenarios = [s for seed in range(3) for s in cover_suite(pipe, seed)[0]]
    reads = [o for s in scenarios for c in s.calls if c.tool in ("get_ticket", "get_invoice")
             for o in q.output_objects(c.output, max_depth=1)]
    assert reads
    for rec in reads:
        fields = set(rec) - {"id", "ticket_id", "invoice_id"}
        assert fields & {"title", "priority", "assignee", "status", "amount_due", "currency"}, rec
        assert not fields & {"limit", "page", "updated_by"}, rec


def test_folding_untyped_all_of_parts_adds_no_null_type():
    from common.schemautil import deref

    view = deref({"allOf": [{"properties": {"op": {"type": "string"}}}, {"required": ["op"]}]}, {})
    assert "type" not in view and view["required"] == ["op"]


def test_a_record_shows_the_fields_its_create_sent_and_its_update_wrote_not_the_wrapper_they_came_in(tmp_path):
    """`create_engagement(engagement={kind, subject})` answers with an engagement whose `kind` and `subject`
    are those it was sent (a later read or listing shows what the last update wrote), the way an API answers
    with the record, not with the request's `engagement` wrapper."""
    body = {"type": "object", "properties": {"kind": {"type": "string", "enum": ["CALL", "EMAIL", "MEETING"]},
                                             "subject": {"type": "string"}}, "required": ["kind", "subject"]}
    tools = [_tool("create_engagement", "Create an engagement.", {"engagement": body}, ["engagement"]),
             _tool("update_engagement", "Update an engagement.", {"engagement_id": {"type": "string"}, "engagement": body},
                   ["engagement_id", "engagement"]),
             _tool("get_engagement", "Get an engagement.", {"engagement_id": {"type": "string"}}, ["engagement_id"]),
             _tool("list_engagements", "List engagements.", {"limit": {"type": "integer"}})]
    from schemas import ScenarioRequest

    pipe = Pipeline(_suite(tmp_path, tools))
    checked = 0
    for k in range(24):
        s = pipe.run(ScenarioRequest(id=f"e{k}", index=k, seed=k, complexity="complex",
                                     focus_tools=["create_engagement", "update_engagement", "list_engagements"]))
        if s is None:
            continue
        written: dict[str, dict] = {}
        for c in s.calls:
            if c.tool == "create_engagement":
                created = json.loads(c.output)
                assert _fields(created, c.arguments["engagement"]) == c.arguments["engagement"], created
                assert "engagement" not in created
                written[str(created["id"])] = c.arguments["engagement"]
            elif c.tool == "update_engagement" and c.arguments["engagement_id"] in written:
                written[c.arguments["engagement_id"]] = c.arguments["engagement"]
            elif c.tool in ("get_engagement", "list_engagements"):
                for rec in q.output_objects(c.output, max_depth=1):
                    if str(rec.get("id")) in written:
                        assert _fields(rec, written[str(rec["id"])]) == written[str(rec["id"])], (s.id, c.tool, rec)
                        checked += 1
    assert checked


def _fields(record: dict, sent: dict) -> dict:
    return {k: record.get(k) for k in sent}


def test_the_follow_up_asks_about_a_state_the_last_result_showed(tmp_path):
    job = {"type": "object", "required": ["id", "status"],
           "properties": {"id": {"type": "string"}, "status": {"type": "string", "enum": ["failed", "queued"]}}}
    tools = [_tool("get_job", "Get a job by ID.", {"job_id": {"type": "string"}}, ["job_id"], job),
             _tool("list_jobs", "List jobs.", {"owner": {"type": "string"}})]
    pipe = Pipeline(_suite(tmp_path, tools))
    ends = [s for seed in range(6) for s in cover_suite(pipe, seed)[0] if s.calls[-1].tool == "get_job"]
    assert ends
    for s in ends:
        state = s.calls[-1].output["status"]
        assert state in s.follow_up and s.follow_up.endswith("?"), (state, s.follow_up)


def test_a_lookup_without_an_output_schema_shows_the_fields_its_description_says_it_returns(tmp_path):
    """`get_server_info(guildId)` "including channels and member count": the guild it shows has them."""
    import json as _json

    from engines.offline.model import SpecModel
    from engines.offline.values_describe import described_fields
    from engines.offline.pipeline import interpret_suite
    from engines.offline.spec_org import org_for
    from specs import load_suite

    assert described_fields("Get a company overview, including sector, industry and market capitalization.") == [
        ("sector", {"type": "string"}), ("industry", {"type": "string"}), ("market_capitalization", {"type": "number"})]
    assert described_fields("Fetch the weather for a city.") == []
    tool = {"name": "get_server_info", "description": "Retrieves detailed information about a server including "
                                                      "channels and member count",
            "inputSchema": {"type": "object", "properties": {"guildId": {"type": "string"}}, "required": ["guildId"]}}
    (tmp_path / "chat.json").write_text(_json.dumps({"tools": [tool]}))
    suite = load_suite([tmp_path / "chat.json"])
    model = SpecModel.build(suite, interpret_suite(suite))
    record = model.record("guild", org_for(0), "g_1")
    assert isinstance(record.get("member_count"), int)
    assert all(not str(v).startswith("channel-") for v in record.get("channels", []))


def test_a_new_record_starts_in_its_states_default_or_first_value(tmp_path):
    """A nullable state enum (`[null, "queued", "sent"]`, no default) starts at its first real value; a default
    in the list wins."""
    tools = [_tool("create_message", "Send a message.", {"body": {"type": "string"}}, ["body"]),
             _tool("list_messages", "List messages.", {"status": {"type": ["string", "null"], "enum": [None, "queued", "sent"]},
                                                      "delivery_state": {"type": "string", "enum": ["a", "b"], "default": "b"}})]
    (tmp_path / "s.json").write_text(json.dumps({"tools": tools}))
    suite = load_suite([tmp_path / "s.json"])
    model = SpecModel.build(suite, interpret_suite(suite))
    assert model.initial("message") == {"status": "queued", "delivery_state": "b"}


PREFIXED_TICKETS = [
    _tool("crm_create_ticket", "", {
        "ticket_subject": {"type": "string", "description": "Ticket subject"},
        "ticket_status": {"type": "string", "enum": ["NEW", "OPEN", "PENDING", "CLOSED"], "description": "Ticket status"},
        "ticket_content": {"type": "string", "description": "Ticket content/description"},
        "contact_id": {"type": "string", "description": "Contact ID to associate with"}}, ["ticket_subject"]),
    _tool("crm_get_ticket", "", {"ticketId": {"type": "string", "description": "Ticket ID to retrieve"}}, ["ticketId"]),
    _tool("crm_list_tickets", "", {"limit": {"type": "number"}}),
    _tool("crm_create_contact", "", {"email": {"type": "string"}, "state": {"type": "string"}, "city": {"type": "string"}}),
]


def test_a_kind_s_prefixed_field_is_its_fact_and_no_second_field_under_another_name_contradicts_it(tmp_path):
    """A spec that names a ticket's fields `ticket_status`, `ticket_content`, `ticket_subject` gives its tickets
    one status: no bare `status` drawn from the same parameter, no usual `state`, `content` or `title` beside them
    (it answered `"ticket_status": "OPEN", "status": "CLOSED", "state": "open"`)."""
    suite = _suite(tmp_path, PREFIXED_TICKETS)
    model = SpecModel.build(suite, interpret_suite(suite))
    assert {f.name for f in model.fields("ticket")} == {"ticket_subject", "ticket_status", "ticket_content", "contact_id"}
    pipe = Pipeline(suite)
    scenarios = [s for seed in range(4) for s in cover_suite(pipe, seed)[0]]
    tickets = [o for s in scenarios for c in s.calls if c.tool in ("crm_get_ticket", "crm_list_tickets")
               for o in q.output_objects(c.output, max_depth=2) if "ticket_status" in o]
    assert tickets
    for rec in tickets:
        assert not set(rec) & {"status", "state", "content", "body", "text", "title", "subject"}, rec


def test_a_read_that_picks_its_record_by_what_it_is_gives_the_record_that_field_and_etc_is_no_example(tmp_path):
    """`random-pokemon-by-type(type)` "The Pokémon type (e.g., fire, water, grass, etc.)" answers a pokemon of
    that type, and every pokemon shown has one of the types the spec names (never "etc."), where it was a bare
    `{"updated_at": …}`."""
    kind = {"type": {"type": "string", "description": "The Pokémon type (e.g., fire, water, grass, etc.)"}}
    tools = [_tool("random-pokemon", "Get a random Pokémon", {}),
             _tool("random-pokemon-by-type", "Get a random Pokémon of a specific type", kind, ["type"])]
    suite = _suite(tmp_path, tools)
    model = SpecModel.build(suite, interpret_suite(suite))
    assert {f.name for f in model.fields("pokemon")} == {"type"}
    pipe = Pipeline(suite)
    shown = [(c.arguments, o) for seed in range(4) for s in cover_suite(pipe, seed)[0] for c in s.calls
             for o in q.output_objects(c.output, max_depth=1)]
    assert shown
    for args, rec in shown:
        assert rec.get("type") in ("fire", "water", "grass"), rec
        assert args.get("type", rec["type"]) == rec["type"], (args, rec)


def test_a_listing_s_filter_left_at_its_default_filters_by_it(tmp_path):
    """`list_findings_by_severity()` with `severity` defaulting to Critical lists critical findings (it listed
    "low" and "high" ones); `list_issues()` whose `state` defaults to open lists open issues."""
    tools = [_tool("list_findings_by_severity", "List findings by severity level (Critical, High, Medium, Low).",
                   {"severity": {"type": "string", "title": "Severity", "default": "Critical"}}),
             _tool("list_issues", "List issues.", {"state": {"type": "string", "enum": ["open", "closed", "all"],
                                                             "default": "open"}, "limit": {"type": "integer"}}),
             _tool("get_issue", "Get an issue.", {"issue_id": {"type": "string"}}, ["issue_id"])]
    pipe = Pipeline(_suite(tmp_path, tools))
    rows = {"list_findings_by_severity": [], "list_issues": []}
    for seed in range(4):
        for s in cover_suite(pipe, seed)[0]:
            for c in s.calls:
                if c.tool in rows:
                    rows[c.tool] += [(c.arguments, o) for o in q.output_objects(c.output, max_depth=1)]
    assert rows["list_findings_by_severity"] and rows["list_issues"]
    for args, row in rows["list_findings_by_severity"]:
        assert row.get("severity", "Critical") == args.get("severity", "Critical"), (args, row)
    for args, row in rows["list_issues"]:
        if "state" in row and args.get("state", "open") != "all":
            assert row["state"] == args.get("state", "open"), (args, row)

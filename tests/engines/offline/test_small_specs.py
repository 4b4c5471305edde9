"""Small and one-class specs are covered without failures: the structure of a complex scenario adapts to
what the spec offers instead of failing on it."""

from __future__ import annotations

import json
import re
from pathlib import Path

from actors.local import generate_local
from evaluation import scenario_checks as q
from schemas import RunConfig
from specs import load_suite


def _tool(name: str, desc: str, props: dict, req: tuple = ()) -> dict:
    return {"name": name, "description": desc, "inputSchema": {"type": "object", "properties": props, "required": list(req)}}


def _generate(tmp_path: Path, tools: list[dict]):
    (tmp_path / "spec.json").write_text(json.dumps({"tools": tools}))
    suite = load_suite([tmp_path / "spec.json"])
    return generate_local(suite, RunConfig.model_validate({"seed": 7}), str(tmp_path / "h"))


def test_a_one_tool_spec_is_covered_by_simple_scenarios_without_a_failed_complex_one(tmp_path):
    manifest, scenarios = _generate(tmp_path, [_tool("get_weather", "Current weather for a city.",
                                                     {"city": {"type": "string"}}, ("city",))])
    assert manifest.coverage.ratio == 1.0 and manifest.failures == []
    assert scenarios and {s.complexity for s in scenarios} == {"simple"}


def test_a_spec_of_one_action_class_still_gets_complex_workflows(tmp_path):
    data = {"data": {"type": "array", "items": {"type": "object"}}, "title": {"type": "string"}}
    tools = [_tool(f"generate_{k}_chart", f"Generate a {k} chart from data.", data, ("data",))
             for k in ("bar", "line", "pie", "area")]
    manifest, scenarios = _generate(tmp_path, tools)
    assert manifest.coverage.ratio == 1.0 and manifest.failures == []
    complex_ = [s for s in scenarios if s.complexity == "complex"]
    assert complex_ and all(len(s.calls) >= 3 and len({c.tool for c in s.calls}) >= 2 for s in complex_)


def test_a_two_tool_spec_repeats_the_step_that_takes_a_value_to_reach_three_calls(tmp_path):
    tools = [_tool("search_listings", "Search listings by place.", {"place": {"type": "string"}}, ("place",)),
             _tool("get_listing", "Get one listing by its ID.", {"listing_id": {"type": "string"}}, ("listing_id",))]
    manifest, scenarios = _generate(tmp_path, tools)
    assert manifest.coverage.ratio == 1.0 and manifest.failures == []
    complex_ = [s for s in scenarios if s.complexity == "complex"]
    assert complex_
    for s in complex_:
        reads = [c for c in s.calls if c.tool == "get_listing"]
        assert len(s.calls) >= 3 and len(reads) >= 2
        assert len({c.arguments["listing_id"] for c in reads}) == len(reads)  # a second item, not the same again


def test_an_rpc_style_path_keeps_its_words_and_its_own_verb(tmp_path):
    doc = {"openapi": "3.0.0", "info": {"title": "Bot", "version": "1"},
           "paths": {"/getChat": {"post": {"responses": {"200": {"description": "ok"}}}},
                     "/sendMessage": {"post": {"responses": {"200": {"description": "ok"}}}}}}
    (tmp_path / "bot.json").write_text(json.dumps(doc))
    suite = load_suite([tmp_path / "bot.json"])
    assert sorted(t.name for t in suite.tools) == ["post_get_chat", "post_send_message"]
    from engines.offline.interpret import interpret_tool

    its = {t.name: interpret_tool(t) for t in suite.tools}
    assert (its["post_get_chat"].action.value, its["post_get_chat"].entity) == ("read", "chat")
    assert its["post_send_message"].entity == "message"



def test_an_id_a_later_call_takes_finds_room_in_an_optional_part_of_the_declared_output(tmp_path):
    """The order response keeps the order in an optional `Data` object: when a later call takes the
    customer's e-mail from it, the mock draws that part rather than failing the scenario."""
    from engines.offline.interpret import interpret_tool
    from engines.offline.mock import mock_call
    from schemas import Entity, WorkflowState

    order = {"type": "object", "properties": {"Id": {"type": "integer"}, "CustomerEmail": {"type": "string"},
                                              "State": {"type": "integer"}}}
    out = {"type": "object", "properties": {"Data": order, "ErrorCode": {"type": "integer"},
                                            "ErrorMessage": {"type": "integer"}}}
    spec = {"tools": [{**_tool("get_order", "Get an order by its ID.", {"order_id": {"type": "integer"}},
                                ("order_id",)), "outputSchema": out}]}
    (tmp_path / "shop.json").write_text(json.dumps(spec))
    suite = load_suite([tmp_path / "shop.json"])
    tool = suite.tools[0]
    it = interpret_tool(tool)
    email = "mia.chen@example.com"
    state = WorkflowState(entities=[Entity(kind="email", id=email, created_by=0)])
    for seed in range(30):
        output, _ = mock_call(tool, it, {"order_id": 2231}, state, seed, suite, index=0)
        assert email in json.dumps(output.output)



def test_a_spec_of_many_readers_and_one_lister_builds_complex_workflows_around_any_reader():
    """The second action class a complex workflow needs may sit on another entity than the focus tool's
    (a corpus server of 23 tools, mostly views of one thing, a few listings: "Get all networks")."""
    from engines.offline.pipeline import Pipeline
    from schemas import ScenarioRequest

    suite = load_suite([Path(__file__).parents[3] / "bench" / "corpus" / "mcp" / "goplausible__vestige-mcp.json"])
    pipe = Pipeline(suite)
    lister = [n for n, it in pipe.interpretations.items() if it.action.value == "list"]
    assert "vestige_view_networks" in lister and len(lister) < len(suite.tools) // 3
    for i, t in enumerate(suite.tools):
        req = ScenarioRequest(id=f"scn-{i}", index=i, seed=i, complexity="complex", focus_tools=[t.name],
                              uncovered_tools=[], round=1, strategy="least-covered")
        out = pipe.writer.write(req)
        assert out.item is not None, out.failures
        assert len({pipe.interpretations[c.tool].action for c in out.item.calls}) >= 2


def test_a_workflow_keeps_to_one_subject_a_parameter_of_the_same_name_keeps_its_value(tmp_path):
    """The backlinks and the traffic of one domain, not of two unrelated ones."""
    dom = {"domain": {"type": "string", "description": "The domain to look at"}}
    tools = [_tool("get_domain_traffic", "Traffic of a domain.", dom, ("domain",)),
             _tool("get_domain_backlinks", "Backlinks of a domain.", dom, ("domain",)),
             _tool("get_domain_keywords", "Keywords a domain ranks for.", dom, ("domain",)),
             _tool("add_keyword_to_list", "Add a keyword to a tracking list.", {"keyword": {"type": "string"}},
                   ("keyword",))]
    manifest, scenarios = _generate(tmp_path, tools)
    assert manifest.failures == []
    checked = 0
    for s in scenarios:
        if s.complexity == "complex":
            domains = [c.arguments["domain"] for c in s.calls if "domain" in c.arguments]
            checked += len(domains) >= 2
            assert len(set(domains)) <= 1, domains
            if len(domains) >= 2:  # said once, then as a person continues with it
                assert s.instruction.count(domains[0]) == 1 and "the same domain" in s.instruction, s.instruction
    assert checked


def test_a_resource_named_before_its_verb_is_the_entity_not_a_namespace(tmp_path):
    """`campaigns.create`, `contacts.fetchAll`: the first word is what the tool works on (Sakari's templates,
    contacts and campaigns were all read as "a new account", the only identifier left)."""
    from engines.offline.pipeline import interpret_suite

    acct = {"accountId": {"type": "string"}}
    tools = [_tool(f"{r}.{v}", f"{v} {r}", {**acct, **({f"{r[:-1]}Id": {"type": "string"}} if v != "create" else {})},
                   ("accountId",)) for r in ("campaigns", "contacts", "templates") for v in ("create", "fetch", "fetchAll")]
    (tmp_path / "sms.json").write_text(json.dumps({"tools": tools}))
    its = interpret_suite(load_suite([tmp_path / "sms.json"]))
    for r in ("campaign", "contact", "template"):
        assert (its[f"{r}s.create"].action.value, its[f"{r}s.create"].entity) == ("create", r)
        assert its[f"{r}s.fetch"].entity == r and its[f"{r}s.fetchAll"].action.value == "list"


def test_a_resource_word_that_can_be_a_verb_gives_way_to_the_plain_verb_after_it(tmp_path):
    """`tag_delete` deletes a tag and `query_get_by_id` reads a query; `tag_objects`, with no verb after, still
    takes `tag` as its verb."""
    from engines.offline.pipeline import interpret_suite

    ident = {"tag_id": {"type": "integer"}}
    tools = [_tool("bi_tag_list", "List tags.", {}), _tool("bi_tag_delete", "Delete a tag.", ident, ("tag_id",)),
             _tool("bi_tag_get_by_id", "Get a tag.", ident, ("tag_id",)),
             _tool("bi_query_get_by_id", "Get a query.", {"query_id": {"type": "integer"}}, ("query_id",)),
             _tool("bi_tag_objects", "Tag objects.", {"object_ids": {"type": "array", "items": {"type": "integer"}}})]
    (tmp_path / "spec.json").write_text(json.dumps({"tools": tools}))
    its = interpret_suite(load_suite([tmp_path / "spec.json"]))
    seen = {n: (it.action.value, it.entity) for n, it in its.items()}
    assert seen["bi_tag_list"] == ("list", "tag")
    assert seen["bi_tag_delete"] == ("delete", "tag")
    assert seen["bi_tag_get_by_id"] == ("read", "tag")
    assert seen["bi_query_get_by_id"] == ("read", "query")
    assert seen["bi_tag_objects"][0] == "create"


def test_a_parameter_named_by_its_head_noun_takes_the_compound_kind_its_spec_produces(tmp_path):
    """`payment_dispute_id` and the `postId` of `update_social_post` name the `payment_dispute` and the `social_post`
    the spec's other tools return, so a workflow feeds them from those tools' results."""
    from engines.offline.pipeline import interpret_suite

    dispute = {"payment_dispute_id": {"type": "string"}}
    tools = [_tool("list_payment_disputes", "List payment disputes.", {}),
             _tool("accept_payment_dispute", "Accept a payment dispute.", dispute, ("payment_dispute_id",)),
             _tool("create_social_post", "Create a social post.", {"text": {"type": "string"}}, ("text",)),
             _tool("create_blog_post", "Create a blog post.", {"text": {"type": "string"}}, ("text",)),
             _tool("update_social_post", "Update a post.", {"postId": {"type": "string"}, "text": {"type": "string"}},
                   ("postId", "text")),
             _tool("delete_post", "Delete a post.", {"postId": {"type": "string"}}, ("postId",))]
    (tmp_path / "spec.json").write_text(json.dumps({"tools": tools}))
    its = interpret_suite(load_suite([tmp_path / "spec.json"]))

    def kind(tool, param):
        return next(p.entity for p in its[tool].parameters if p.name == param)
    assert its["list_payment_disputes"].entity == "payment_dispute"
    assert kind("accept_payment_dispute", "payment_dispute_id") == "payment_dispute"
    assert kind("update_social_post", "postId") == "social_post"
    # nothing says which of the two posts `delete_post` means: it keeps the head noun
    assert kind("delete_post", "postId") == "post"

    manifest, scenarios = _generate(tmp_path, tools)
    fed = [s for s in scenarios for k, c in enumerate(s.calls) if c.tool == "accept_payment_dispute"
           and "payment_dispute_id" in c.sources]
    assert fed, "no workflow takes the dispute's ID from the listing"


def test_a_method_word_that_ends_most_names_of_a_spec_is_no_part_of_them(tmp_path):
    """`…DeleteByIdDelete` deletes and `…UpdatePut` updates; a name with no other verb keeps its method; after
    "by" or "with" comes a filter, not the resource."""
    from engines.offline.pipeline import interpret_suite

    ident = {"id": {"type": "integer"}}
    tools = [_tool("catalogProductRepositoryV1GetGet", "A product.", ident, ("id",)),
             _tool("cmsBlockRepositoryV1DeleteByIdDelete", "Delete a CMS block.", ident, ("id",)),
             _tool("customerGroupRepositoryV1SavePut", "Save a customer group.", ident, ("id",)),
             _tool("customDevice_Post", "A custom device.", {"name": {"type": "string"}}, ("name",)),
             _tool("get_settings_by_tag", "Settings carrying a tag.", {"tag": {"type": "string"}}, ("tag",))]
    (tmp_path / "spec.json").write_text(json.dumps({"tools": tools}))
    its = interpret_suite(load_suite([tmp_path / "spec.json"]))
    seen = {n: (it.action.value, it.entity) for n, it in its.items()}
    assert seen["catalogProductRepositoryV1GetGet"][0] == "read"
    assert seen["cmsBlockRepositoryV1DeleteByIdDelete"][0] == "delete"
    # the code layer and its version (`RepositoryV1`) name no thing; a customer group is saved
    assert seen["customerGroupRepositoryV1SavePut"][1] == "customer_group"
    assert seen["customDevice_Post"][0] == "create"
    assert seen["get_settings_by_tag"][1] == "setting"


def test_a_docstring_args_section_gives_the_values_its_schema_does_not(tmp_path):
    """FastMCP servers describe parameters only in the tool's docstring: its examples are the values to use."""
    doc = ("Create a database connection.\n\n    Args:\n        engine: Database engine (e.g., 'postgresql', 'sqlite')\n"
           "        configuration_method: Method used for configuration (typically 'sqlalchemy_form')\n"
           "        database_name: Name for the database connection\n\n    Returns:\n        The connection.\n")
    props = {k: {"title": k.title(), "type": "string"} for k in ("engine", "configuration_method", "database_name")}
    tools = [_tool("database_create", doc, props, tuple(props)),
             _tool("database_list", "List database connections.", {})]
    manifest, scenarios = _generate(tmp_path, tools)
    calls = [c for s in scenarios for c in s.calls if c.tool == "database_create"]
    assert calls
    for c in calls:
        assert c.arguments["engine"] in ("postgresql", "sqlite")
        assert c.arguments["configuration_method"] == "sqlalchemy_form"


def _tickets() -> list[dict]:
    states = {"type": "string", "enum": ["open", "pending", "solved"]}
    return [_tool("list_tickets", "List support tickets, optionally filtered by status and priority.",
                  {"status": states, "priority": {"type": "string", "enum": ["low", "normal", "high", "urgent"]}}),
            _tool("get_ticket", "Get a ticket by ID.", {"ticket_id": {"type": "integer"}}, ("ticket_id",)),
            _tool("update_ticket", "Update a ticket's status or add a comment.",
                  {"ticket_id": {"type": "integer"}, "status": states, "comment": {"type": "string"}}, ("ticket_id",)),
            _tool("create_ticket", "Create a support ticket.",
                  {"subject": {"type": "string"}, "description": {"type": "string"}}, ("subject", "description"))]


def _records(output) -> list[dict]:
    data = json.loads(output) if isinstance(output, str) and output[:1] in "[{" else None
    return data if isinstance(data, list) else [data] if isinstance(data, dict) else []


def test_records_agree_with_the_calls_that_shaped_them(tmp_path):
    """A listing filtered by status shows only records in it; a new ticket starts open; an update changes
    something, and a later read shows the change; an update with only optional changes still makes one."""
    manifest, scenarios = _generate(tmp_path, _tickets())
    # (whether the covering run rereads an updated ticket is up to its draws: requests about the update make sure)
    from engines.offline.pipeline import Pipeline
    from schemas import ScenarioRequest

    pipe = Pipeline(load_suite([tmp_path / "spec.json"]))
    for index in range(40):
        extra = pipe.run(ScenarioRequest(id=f"r{index}", index=index, seed=900 + index, complexity="complex",
                                         focus_tools=["update_ticket"], uncovered_tools=[], strategy="uncovered-loop"), [])
        scenarios = scenarios + ([extra] if extra is not None else [])
        if extra is not None and any(c.tool == "get_ticket" for c in extra.calls[1:]) and \
                any(c.tool == "update_ticket" and "status" in c.arguments for c in extra.calls):
            break
    filtered = created = reread = 0
    for s in scenarios:
        status: dict[int, str] = {}
        for c in s.calls:
            rows = _records(c.output)
            if c.tool == "list_tickets" and "status" in c.arguments:
                filtered += 1
                assert rows and all(r.get("status") == c.arguments["status"] for r in rows), (s.id, c.output)
            if c.tool == "create_ticket":
                created += 1
                assert rows[0]["status"] == "open", c.output
            if c.tool == "update_ticket":
                assert set(c.arguments) - {"ticket_id"}, c.arguments
                if "status" in c.arguments:
                    status[c.arguments["ticket_id"]] = c.arguments["status"]
            if c.tool == "get_ticket" and c.arguments["ticket_id"] in status:
                reread += 1
                assert rows and rows[0]["status"] == status[c.arguments["ticket_id"]], (s.id, c.output)
    assert filtered and created and reread


def test_what_a_listing_scoped_by_another_record_shows_belongs_to_that_record(tmp_path):
    """The entries listed for list `L` carry `L` in their `list_id`, and the tasks of project `P` are `P`'s,
    whatever else the world holds (the scope check is the bench's own)."""
    lid = {"type": "string", "description": "ID of the list"}
    eid = {"type": "string", "description": "ID of the entry"}
    pid = {"type": "string", "description": "ID of the project"}
    tools = [_tool("get_lists", "Get all lists in the workspace.", {}),
             _tool("get_list_entries", "List the entries of a list.", {"list_id": lid, "limit": {"type": "integer"}},
                   ("list_id",)),
             _tool("update_list_entry", "Update an entry of a list.",
                   {"list_id": lid, "entry_id": eid, "stage": {"type": "string"}}, ("list_id", "entry_id", "stage")),
             _tool("list_projects", "List projects.", {}),
             _tool("list_tasks", "List the tasks in a project.", {"project_id": pid}, ("project_id",)),
             _tool("update_task", "Update a task.", {"task_id": {"type": "string"}, "project_id": pid,
                                                    "status": {"type": "string", "enum": ["todo", "done"]}},
                   ("task_id", "status"))]
    manifest, scenarios = _generate(tmp_path, tools)
    assert manifest.coverage.ratio == 1.0 and manifest.failures == []
    scoped = [c for s in scenarios for c in s.calls if c.tool in ("get_list_entries", "list_tasks")
              and any(k in r for r in q.listed_rows(c.output) for k in ("list_id", "project_id"))]
    assert scoped, "no scoped listing shows its scope field: nothing to check"
    assert [e for s in scenarios for e in q.out_of_scope(s)] == []


def test_the_rows_of_a_listing_are_different_people_and_hits_with_different_titles(tmp_path):
    """Members listed or found are different people (name and address agree, no name twice), and the hits of
    an article search on one topic carry different titles."""
    tools = [_tool("list_members", "List workspace members.", {"limit": {"type": "integer"}}),
             _tool("search_members", "Search workspace members by name or email.", {"query": {"type": "string"}},
                   ("query",)),
             _tool("get_member", "Get a workspace member by ID.", {"member_id": {"type": "string"}}, ("member_id",)),
             _tool("search_articles", "Search help-centre articles.", {"query": {"type": "string"}}, ("query",)),
             _tool("get_article", "Get an article by ID.", {"article_id": {"type": "string"}}, ("article_id",))]
    manifest, scenarios = _generate(tmp_path, tools)
    assert manifest.coverage.ratio == 1.0 and manifest.failures == []
    rows = [r for s in scenarios for c in s.calls for r in q.listed_rows(c.output) if len(q.listed_rows(c.output)) >= 3]
    assert any("email" in r for r in rows) and any("title" in r for r in rows), "no listing to judge"
    for r in rows:
        if isinstance(r.get("email"), str) and isinstance(r.get("name"), str) and " " in r["name"]:
            assert r["email"].split("@")[0] == r["name"].lower().replace(" ", "."), r
    assert [e for s in scenarios for e in q.twin_rows(s)] == []
    # people are searched by name, found first, and read later under the name they were found by
    found = 0
    for s in scenarios:
        names: dict[str, str] = {}
        for c in s.calls:
            rows = q.listed_rows(c.output)
            if c.tool == "search_members" and rows:
                asked = c.arguments["query"]
                assert not re.search(r"\d", asked) and asked[:1].isupper(), asked  # ("Leila", not "budget 3")
                assert asked in rows[0].get("name", "") or asked in rows[0].get("display_name", ""), (asked, rows[0])
                names.update({str(r["id"]): r.get("name") for r in rows if "id" in r})
                found += 1
            if c.tool == "get_member" and str(c.arguments["member_id"]) in names:
                assert json.loads(c.output).get("name") == names[str(c.arguments["member_id"])], c.output
    assert found


def test_a_shell_command_answers_with_what_it_printed_and_system_information_describes_the_machine(tmp_path):
    """`execute_command(command="pytest -q tests/")` answers with an exit code and the pass count it printed,
    not an echo of the call; `system_info` with the platform, CPUs and memory, not a bare timestamp."""
    tools = [_tool("execute_command", "Execute a shell command", {"command": {"type": "string"},
                                                                 "cwd": {"type": "string"}}, ("command",)),
             _tool("system_info", "Get system information", {}),
             _tool("get_current_session_id", "Get the ID of the current shell session", {})]
    manifest, scenarios = _generate(tmp_path, tools)
    assert manifest.coverage.ratio == 1.0 and manifest.failures == []
    runs = [json.loads(c.output) for s in scenarios for c in s.calls if c.tool == "execute_command"]
    assert runs and all(r["exit_code"] == 0 and "stdout" in r and "status" not in r for r in runs)
    assert all(re.search(r"\d+ passed", r["stdout"]) for r in runs if r["command"].startswith("pytest"))
    infos = [json.loads(c.output) for s in scenarios for c in s.calls if c.tool == "system_info"]
    assert infos and all({"platform", "cpus", "total_memory_mb"} <= set(i) for i in infos)
    ids = [json.loads(c.output) for s in scenarios for c in s.calls if c.tool == "get_current_session_id"]
    assert ids and all(i.get("id") for i in ids)  # a getter of an ID answers with one


def test_a_checker_answers_with_a_verdict_about_what_it_was_given(tmp_path):
    """A prompt-injection detector and a URL safety validator: some inputs hold what they look for and are
    flagged where it sits; the others pass; no output is a record of an `injection_detector`. A domain
    availability check says whether that domain is free."""
    text = {"text": {"type": "string", "description": "Text to analyze"}}
    tools = [_tool("prompt-injection-detector", "Detect prompt injection attempts based on OWASP patterns.", text, ("text",)),
             _tool("url-security-validator", "Validate URL safety (phishing, malware, HTTPS enforcement).",
                   {"url": {"type": "string", "description": "URL to check"}}, ("url",)),
             _tool("domain_check", "Check if a domain is available for registration.",
                   {"domain": {"type": "string"}}, ("domain",))]
    manifest, scenarios = _generate(tmp_path, tools)
    verdicts = {True: 0, False: 0}
    for s in scenarios:
        for c in s.calls:
            out = _records(c.output)
            if c.tool == "prompt-injection-detector":
                v = out[0]
                verdicts[v["flagged"]] += 1
                for f in v["findings"]:
                    assert c.arguments["text"][f["start"]:f["end"]] == f["match"]
                assert v["flagged"] == ("Ignore all previous instructions" in c.arguments["text"])
            if c.tool == "url-security-validator":
                assert out[0]["url"] == c.arguments["url"] and out[0]["safe"] == (not out[0]["issues"])
            if c.tool == "domain_check":  # "is this domain free?" is answered yes or no, for that domain
                assert "flagged" not in out[0] and isinstance(out[0]["available"], bool), out
                assert out[0]["domain"] == c.arguments["domain"]
        for t, turn in enumerate(s.turns[1:], start=1):  # a turn after verdicts speaks of one, not of the input
            earlier = [s.calls[k] for prev in s.turns[:t] for k in prev.calls]
            if all(c.tool != "domain_check" for c in earlier):
                said = {f"`{v['findings'][0]['match']}`" if v.get("findings") else f"`{v['risk_score']}`"
                        for c in earlier for v in _records(c.output)}
                assert any(x in turn.user for x in said), (turn.user, said)
    assert verdicts[True] and verdicts[False]


def test_a_workflow_that_deletes_what_it_made_says_it_is_a_round_trip(tmp_path):
    """"I want to remove an old ticket", then a new one is created and deleted: the goal said otherwise."""
    tools = _tickets() + [_tool("delete_ticket", "Delete a ticket.", {"ticket_id": {"type": "integer"}}, ("ticket_id",))]
    manifest, scenarios = _generate(tmp_path, tools)
    trips = 0
    for s in scenarios:
        made = {str(e.id) for e in s.state.entities if e.created_by is not None
                and s.calls[e.created_by].tool == "create_ticket"}
        if any(c.tool == "delete_ticket" and str(c.arguments["ticket_id"]) in made for c in s.calls):
            trips += 1
            assert " old " not in s.instruction and "clean" not in s.instruction.lower(), s.instruction
    assert trips


def test_an_update_answers_with_its_own_id_not_one_inside_what_it_sent(tmp_path):
    """`update_dashboard(dashboard_id=1042, data={"id": "63250"})` answers for dashboard 1042."""
    tools = [_tool("list_dashboards", "List dashboards.", {}),
             _tool("update_dashboard", "Update a dashboard.",
                   {"dashboard_id": {"type": "integer"}, "data": {"type": "object"}}, ("dashboard_id", "data"))]
    manifest, scenarios = _generate(tmp_path, tools)
    updates = [c for s in scenarios for c in s.calls if c.tool == "update_dashboard"]
    assert updates
    for c in updates:
        rec = _records(c.output)[0]
        assert str(rec.get("id", c.arguments["dashboard_id"])) == str(c.arguments["dashboard_id"]), (c.arguments, rec)


def test_parameters_nearly_every_tool_takes_are_plumbing_no_request_sets(tmp_path):
    """An API's global query parameters (an API key, a field mask, a quota user, pretty printing) name nothing the
    workflow is about: no data flows into them and no scenario sets them; what the tools are about still flows."""
    from engines.offline.pipeline import interpret_suite

    common = {"key": {"type": "string", "description": "API key."},
              "fields": {"type": "string", "description": "Selector specifying which fields to include in a partial response."},
              "quotaUser": {"type": "string", "description": "Quota user."},
              "prettyPrint": {"type": "boolean", "description": "Returns response with indentations."}}
    dataset = {"datasetId": {"type": "string"}}
    tools = [_tool("datasets_list", "Lists datasets.", dict(common)),
             _tool("datasets_get", "Returns a dataset.", {**common, **dataset}, ("datasetId",)),
             _tool("datasets_delete", "Deletes a dataset.", {**common, **dataset}, ("datasetId",)),
             _tool("tables_list", "Lists the tables of a dataset.", {**common, **dataset}, ("datasetId",)),
             _tool("tables_get", "Returns a table.", {**common, **dataset, "tableId": {"type": "string"}},
                   ("datasetId", "tableId"))]
    (tmp_path / "spec.json").write_text(json.dumps({"tools": tools}))
    its = interpret_suite(load_suite([tmp_path / "spec.json"]))
    for it in its.values():
        assert all(p.entity is None for p in it.parameters if p.name in common), it.tool
    manifest, scenarios = _generate(tmp_path, tools)
    assert manifest.coverage.ratio == 1.0 and manifest.failures == []
    assert not [c.arguments for s in scenarios for c in s.calls if set(c.arguments) & set(common)]
    assert any("datasetId" in c.sources for s in scenarios for c in s.calls)


def test_a_getter_that_searches_finds_keys_of_the_shape_its_examples_give(tmp_path):
    """`get_authors_by_name` "Search for author information" finds authors; their keys look like the spec's
    example (`OL23919A`), vary from scenario to scenario, and the lookup by key takes one the search found,
    never the author's name."""
    from engines.offline.pipeline import interpret_suite

    key = {"type": "string", "description": "The Open Library key for the author (e.g., OL23919A)."}
    tools = [_tool("get_authors_by_name", "Search for author information on Open Library.",
                   {"name": {"type": "string", "description": "The name of the author to search for."}}, ("name",)),
             _tool("get_author_info", "Get detailed information for a specific author using their Open Library Author "
                   "Key (e.g. OL23919A).", {"author_key": key}, ("author_key",)),
             _tool("get_event", "Lookup an event by its event ID", {"event_id": {"type": "string"}}, ("event_id",))]
    (tmp_path / "spec.json").write_text(json.dumps({"tools": tools}))
    its = interpret_suite(load_suite([tmp_path / "spec.json"]))
    assert its["get_authors_by_name"].action.value == "search"
    assert its["get_event"].action.value == "read"  # a lookup by ID reads one record
    manifest, scenarios = _generate(tmp_path, tools)
    assert manifest.failures == []
    keys = [c.arguments["author_key"] for s in scenarios for c in s.calls if c.tool == "get_author_info"]
    assert keys and all(re.fullmatch(r"OL\d+A", k) for k in keys), keys
    assert len(set(keys)) > 1
    fed = [c for s in scenarios for c in s.calls if c.tool == "get_author_info" and "author_key" in c.sources]
    assert fed, "no lookup takes its key from the search"


def test_a_tool_named_only_by_a_verb_works_on_what_its_description_names(tmp_path):
    """`search` "Search for a wiki page": it finds pages, and the page a later `get_page` reads is one it found."""
    from engines.offline.pipeline import interpret_suite

    tools = [_tool("search", "\nSearch for a wiki page. The shorter the request, the better.\nArgs:\n    query: The query",
                   {"query": {"type": "string"}, "limit": {"type": "integer"}}, ("query",)),
             _tool("get_page", "Get a page from the wiki.\nArgs:\n    title: The title of the page to get, which can be "
                   "found in title field of the search results", {"title": {"type": "string"}}, ("title",)),
             _tool("detail", "Get detailed information about a product", {"id": {"type": "string"}}, ("id",)),
             _tool("unban", "Removes previously applied ban", {"user_id": {"type": "string"}}, ("user_id",))]
    (tmp_path / "spec.json").write_text(json.dumps({"tools": tools}))
    its = interpret_suite(load_suite([tmp_path / "spec.json"]))
    assert (its["search"].action.value, its["search"].entity) == ("search", "page")
    assert its["detail"].entity == "product"
    assert its["unban"].entity == "user"  # what it is given says more than a participle
    manifest, scenarios = _generate(tmp_path, tools)
    assert manifest.failures == []
    assert any(c.tool == "get_page" and "title" in c.sources and s.calls[c.sources["title"]].tool == "search"
               for s in scenarios for c in s.calls), "no page read is one the search found"


def test_an_update_of_a_record_named_by_its_id_gives_it_a_new_name(tmp_path):
    """`updateRoom(room_id, name)`: the room is the one the ID names; `name` is what it is renamed to, not a
    second room to be found in a listing."""
    from engines.offline.pipeline import interpret_suite

    room = {"room_id": {"type": "integer"}}
    tools = [_tool("requestRooms", "Request list of rooms.", {"offset": {"type": "integer"}}),
             _tool("updateRoom", "Update a room's metadata.", {**room, "name": {"type": "string"},
                                                               "quota": {"type": "integer"}}, ("room_id",)),
             _tool("requestRoom", "Request a room.", room, ("room_id",))]
    (tmp_path / "spec.json").write_text(json.dumps({"tools": tools}))
    its = interpret_suite(load_suite([tmp_path / "spec.json"]))
    assert {p.name: p.role.value for p in its["updateRoom"].parameters}["name"] == "content"
    manifest, scenarios = _generate(tmp_path, tools)
    assert manifest.failures == []
    assert not [c for s in scenarios for c in s.calls if c.tool == "updateRoom" and "name" in c.sources]


def test_a_record_read_after_its_create_links_to_what_the_create_linked_it_to(tmp_path):
    """`create_ticket(title, assignee_id)` then `get_ticket`: the ticket read back has the assignee it was
    created with, not one drawn anew."""
    s = {"type": "string"}
    tools = [_tool("list_users", "List the users of the workspace.", {}),
             _tool("create_ticket", "Create a support ticket.", {"title": s, "assignee_id": s}, ("title", "assignee_id")),
             _tool("get_ticket", "Get a ticket by its ID.", {"ticket_id": s}, ("ticket_id",)),
             _tool("close_ticket", "Close a ticket.", {"ticket_id": s}, ("ticket_id",))]
    _, scenarios = _generate(tmp_path, tools)
    pairs = 0
    for sc in scenarios:
        made = {}
        for k, c in enumerate(sc.calls):
            if c.tool == "create_ticket":
                made = {"assignee": c.arguments["assignee_id"], "at": k}
            elif c.tool == "get_ticket" and made and made["at"] == k - 1:
                pairs += 1
                assert json.loads(c.output).get("assignee_id") == made["assignee"], (c.output, made)
    assert pairs


def test_a_company_or_a_deal_is_named_as_a_business_names_it(tmp_path):
    s = {"type": "string"}
    tools = [_tool("create_company", "Create a company in the CRM.", {"name": s}, ("name",)),
             _tool("create_opportunity", "Create a sales opportunity.", {"name": s, "company_id": s}, ("name",)),
             _tool("list_companies", "List companies.", {})]
    _, scenarios = _generate(tmp_path, tools)
    names = [c.arguments["name"] for sc in scenarios for c in sc.calls if c.tool.startswith("create_")]
    assert names and all(n[:1].isupper() and not re.search(r"^(company|opportunity)-|-(prod|staging|01|eu)$", n)
                         for n in names), names


def test_a_create_that_names_a_record_the_spec_keys_by_id_gives_it_an_id_a_read_then_takes(tmp_path):
    """`create_project(name)` beside `get_project(projectId)`: the name is what the project is called; the
    read takes the ID the create answered with, never the name."""
    s = {"type": "string"}
    tools = [_tool("create_project", "Create a project.", {"name": s, "color": s}, ("name",)),
             _tool("get_project", "Get a project by its ID.", {"projectId": s}, ("projectId",)),
             _tool("delete_project", "Delete a project.", {"projectId": s}, ("projectId",)),
             _tool("list_projects", "List projects.", {})]
    _, scenarios = _generate(tmp_path, tools)
    reads = 0
    for sc in scenarios:
        names = {c.arguments["name"] for c in sc.calls if c.tool == "create_project"}
        for k, c in enumerate(sc.calls):
            if c.tool == "get_project" and c.sources.get("projectId") is not None:
                src = sc.calls[c.sources["projectId"]]
                if src.tool == "create_project":
                    reads += 1
                    assert c.arguments["projectId"] not in names
                    assert c.arguments["projectId"] in json.dumps(src.output)
    assert reads


def test_a_persons_first_and_last_name_are_what_the_record_says():
    from engines.offline.roles import param_role
    from schemas import Action, ParameterRole

    for name in ("firstName", "last_name", "familyName"):
        assert param_role(name, {"type": "string"}, Action.create) is ParameterRole.content
    assert param_role("project_name", {"type": "string"}, Action.read) is ParameterRole.identifier


def test_a_search_by_query_is_always_asked_with_its_query(tmp_path):
    """`fetch_news_headlines_by_query(query="sports")` with the query optional: a person asks it about
    something, never with nothing to search for."""
    tools = [_tool("fetch_latest_news_headlines", "Fetch the latest news headlines.", {}),
             _tool("fetch_news_headlines_by_query", "Fetch news headlines matching a query.",
                   {"query": {"type": "string", "default": "sports"}})]
    manifest, scenarios = _generate(tmp_path, tools)
    asked = [c.arguments for s in scenarios for c in s.calls if c.tool == "fetch_news_headlines_by_query"]
    assert manifest.failures == [] and asked and all(a.get("query") for a in asked), asked


def test_a_rest_path_naming_a_resource_twice_names_one_kind_for_all_its_methods(tmp_path):
    """`/apps/{app_id}/namespaces` and `/apps/{app_id}/namespaces/{namespace_id}`: one kind, listed, created,
    updated and deleted (not a `namespace_namespace` beside an `app_namespace`)."""
    ok = {"200": {"description": "ok"}}
    ids = [{"name": n, "in": "path", "required": True, "schema": {"type": "string"}} for n in ("app_id", "namespace_id")]
    doc = {"openapi": "3.0.0", "info": {"title": "Control", "version": "1"}, "paths": {
        "/apps/{app_id}/namespaces": {"get": {"parameters": ids[:1], "responses": ok},
                                      "post": {"parameters": ids[:1], "responses": ok}},
        "/apps/{app_id}/namespaces/{namespace_id}": {"delete": {"parameters": ids, "responses": ok},
                                                     "patch": {"parameters": ids, "responses": ok}}}}
    (tmp_path / "control.json").write_text(json.dumps(doc))
    from engines.offline.interpret import interpret_tool

    kinds = {interpret_tool(t).entity for t in load_suite([tmp_path / "control.json"]).tools}
    assert kinds == {"app_namespace"}, kinds


def test_a_create_answering_only_a_uuid_names_the_record_later_calls_use(tmp_path):
    """`create_organization` answers `{ok, organization_uuid}` (a UUID, no free text): the organization the
    workflow goes on with is the one it made, by that UUID, and the answer says the call succeeded."""
    from evaluation import scenario_checks as q
    from schemas import ToolInterpretation

    uuid = {"type": "string", "format": "uuid"}
    out = lambda field: {"type": "object", "required": ["ok", field],  # noqa: E731
                         "properties": {"ok": {"type": "boolean"}, field: uuid}}
    tools = [{**_tool("create_organization", "Creates a new organization.", {"plan_type": {"type": "string"}},
                      ("plan_type",)), "outputSchema": out("organization_uuid")},
             {**_tool("create_board", "Creates a board.", {"board_name": {"type": "string"}, "organization_uuid": uuid},
                      ("board_name", "organization_uuid")), "outputSchema": out("board_uuid")},
             _tool("list_boards", "Lists the boards of an organization.", {"organization_uuid": uuid},
                   ("organization_uuid",))]
    manifest, scenarios = _generate(tmp_path, tools)
    its = {i.tool: i for i in map(ToolInterpretation.model_validate_json,
                                  (tmp_path / "h" / "interpretations.jsonl").read_text().splitlines())}
    assert manifest.failures == []
    used = 0
    for sc in scenarios:
        assert q.id_mismatches(sc, its) == []
        made = [c.output["organization_uuid"] for c in sc.calls if c.tool == "create_organization"]
        assert all(c.output["ok"] is True for c in sc.calls if c.tool == "create_organization")
        first = next((k for k, c in enumerate(sc.calls) if c.tool == "create_organization"), len(sc.calls))
        for c in sc.calls[first + 1:]:
            if "organization_uuid" in c.arguments:
                assert c.arguments["organization_uuid"] in made
                used += 1
    assert used
    assert all(re.fullmatch(r"[0-9a-f-]{36}", c.output["organization_uuid"])
               for sc in scenarios for c in sc.calls if c.tool == "create_organization")


def test_the_id_of_a_destination_names_one_that_exists():
    """BigQuery's `insertAll(projectId="Project ID of the destination table")`: rows go into a table of a
    project that exists; only a path or name the call makes is a new destination."""
    from engines.offline.roles import param_role
    from schemas import Action, ParameterRole

    desc = {"type": "string", "description": "Project ID of the destination table."}
    assert param_role("projectId", desc, Action.create) is ParameterRole.identifier
    assert param_role("output", {"type": "string", "description": "Destination file for the archive."},
                      Action.create) is ParameterRole.target


def test_an_update_answers_with_the_whole_record_and_a_linked_create_leaves_it_alone(tmp_path):
    """`update_company` answers with the company as `get_company` showed it, with the change made; a contact
    created for that company writes its names into the contact, not into the company."""
    s = {"type": "string"}
    tools = [_tool("search_companies", "Search for companies.", {"query": s}, ("query",)),
             _tool("get_company", "Retrieve a company by ID.", {"id": s}, ("id",)),
             _tool("update_company", "Update an existing company.", {"id": s, "address": s}, ("id", "address")),
             _tool("create_contact", "Create a new contact (person).",
                   {"firstName": s, "lastName": s, "companyId": s}, ("firstName", "lastName", "companyId"))]
    manifest, scenarios = _generate(tmp_path, tools)
    assert manifest.failures == []
    compared = 0
    for sc in scenarios:
        read: dict = {}
        for c in sc.calls:
            if c.tool not in ("get_company", "update_company"):
                continue
            out = json.loads(c.output)
            if c.tool == "get_company":
                read[c.arguments["id"]] = out
            if c.tool == "update_company":
                assert not {"firstName", "lastName", "companyId"} & set(out), out
                before = read.get(c.arguments["id"])
                if before is not None:
                    compared += 1
                    kept = {k: v for k, v in before.items() if k not in ("address", "updated_at")}
                    assert kept.items() <= out.items() and out["address"] == c.arguments["address"], (before, out)
    assert compared


def _movies(tmp_path: Path):
    s = {"type": "string"}
    tools = [_tool("search_movies", "Search for movies by title or keywords", {"query": s}, ("query",)),
             _tool("get_movie", "Get a movie's details by its ID.", {"movieId": s}, ("movieId",)),
             _tool("get_recommendations", "Get movie recommendations based on a movie ID", {"movieId": s},
                   ("movieId",)),
             _tool("get_trending", "Get trending movies for a time window",
                   {"timeWindow": {"type": "string", "enum": ["day", "week"]}}, ("timeWindow",))]
    return _generate(tmp_path, tools)


def test_films_are_searched_and_listed_by_their_real_titles_each_its_own(tmp_path):
    """A movie search asks for a film ("Inception", not "movie summary May") and finds it first, then other
    films; a film read later has the title its listing gave it; films recommended for one film are others."""
    from engines.offline.values_standard import named_things

    manifest, scenarios = _movies(tmp_path)
    assert manifest.failures == []
    films = named_things("movie")
    searched = recommended = 0
    for sc in scenarios:
        titles: dict = {}
        for c in sc.calls:
            out = json.loads(c.output)
            rows = out["items"] if isinstance(out, dict) and "items" in out else out if isinstance(out, list) else [out]
            if c.tool == "search_movies":
                searched += 1
                assert c.arguments["query"] in films and rows[0]["title"] == c.arguments["query"], out
            if c.tool == "get_recommendations":
                recommended += 1
                assert all(str(r["id"]) != c.arguments["movieId"] for r in rows), (c.arguments, rows)
            named = [r["title"] for r in rows if "title" in r]
            assert len(named) == len(set(named)), named  # (two films of one listing are two films)
            for r in rows:
                if "title" in r:
                    assert titles.setdefault(str(r["id"]), r["title"]) == r["title"], (titles, r)
                assert "timeWindow" not in r  # (the span a listing looks over is none of a film's fields)
    assert searched and recommended


def test_a_tool_named_by_how_it_picks_things_lists_the_things_it_picks():
    """`get_recommendations` "Get movie recommendations" and `get_trending` "Get trending movies" list movies;
    "analyst recommendations" are no analysts."""
    from engines.offline.interpret import interpret_tool
    from schemas import Action, Tool

    def it(name, desc):
        return interpret_tool(Tool(name=name, description=desc, spec="s", input_schema={"type": "object", "properties": {
            "movieId": {"type": "string"}}}))

    assert (it("get_recommendations", "Get movie recommendations based on a movie ID").entity) == "movie"
    trending = it("get_trending", "Get trending movies for a time window")
    assert (trending.entity, trending.action) == ("movie", Action.list)
    assert it("get_recommendations", "Get analyst recommendations for a given symbol.").entity != "analyst"


def test_a_tool_that_asks_a_yes_or_no_question_answers_it_in_the_words_of_the_question(tmp_path):
    """"Evaluate if a task requires human intervention" answers `requires_human_intervention: true|false`
    about the task it was given; "Check if a URL is accessible" answers `accessible`; a getter asks nothing."""
    from engines.offline.verdicts import question
    from schemas import Action, ToolInterpretation

    def asked(functionality):
        return question(ToolInterpretation(tool="t", functionality=functionality, action=Action.analyze, entity="x",
                                           parameters=[], required_parameters=[], use_cases=["x"], tags=["general"],
                                           produces=[]))

    assert asked("Evaluate if a task requires human intervention") == "requires_human_intervention"
    assert asked("Check if a URL is accessible (HEAD request)") == "accessible"
    assert asked("Check if a Figma API key is already configured") == "configured"
    assert asked("Verify if a namespace path exists. Use parent_id to scope the check") == "exists"
    assert asked("Check if a website has llms.txt files") == "has_llms_txt_files"
    assert asked("Get a user by their ID") is None
    tools = [_tool("evaluate_need_for_human", "Evaluate if a task requires human intervention",
                   {"taskDescription": {"type": "string", "description": "Description of the task"}}, ("taskDescription",))]
    manifest, scenarios = _generate(tmp_path, tools)
    answers = [json.loads(c.output) for s in scenarios for c in s.calls]
    assert manifest.failures == [] and answers
    for out, c in zip(answers, [c for s in scenarios for c in s.calls]):
        assert isinstance(out["requires_human_intervention"], bool) and out["taskDescription"] == c.arguments["taskDescription"]


def test_an_echo_answers_with_what_it_was_given_and_an_environment_with_its_variables(tmp_path):
    tools = [_tool("echo", "Echoes back the input", {"message": {"type": "string", "description": "Message to echo"}},
                   ("message",)),
             _tool("printEnv", "Prints all environment variables, helpful for debugging MCP server configuration", {})]
    manifest, scenarios = _generate(tmp_path, tools)
    calls = [c for s in scenarios for c in s.calls]
    assert manifest.failures == [] and {c.tool for c in calls} == {"echo", "printEnv"}
    for c in calls:
        if c.tool == "echo":
            assert c.output == c.arguments["message"]
        else:
            assert {"PATH", "HOME"} <= json.loads(c.output).keys(), c.output


def test_a_persons_address_is_made_of_the_name_the_record_has(tmp_path):
    """A contact created as Shannon Johnson is shannon.johnson@…; a listed contact known by its name has the
    address and display name of that name, not another person's."""
    s = {"type": "string"}
    tools = [_tool("create_contact", "Create a new contact (person).", {"firstName": s, "lastName": s, "companyId": s},
                   ("firstName", "lastName", "companyId")),
             _tool("get_contact", "Retrieve a contact by ID, including its email and phone.", {"id": s}, ("id",)),
             _tool("search_contacts", "Search for contacts.", {"query": s}, ("query",))]
    manifest, scenarios = _generate(tmp_path, tools)
    assert manifest.failures == []
    made = 0
    for c in (c for sc in scenarios for c in sc.calls if c.tool == "create_contact"):
        out = json.loads(c.output)
        if "email" in out:
            made += 1
            local = out["email"].split("@")[0]
            assert local == f"{c.arguments['firstName']}.{c.arguments['lastName']}".lower().replace(" ", ""), out
    assert made


def test_a_picture_generator_is_asked_for_a_picture_and_answers_with_one_not_a_file_write(tmp_path):
    """`image-generation(prompt)` is given a description of a picture ("A watercolor painting of …"), not an
    office message, and answers with the image, not "Successfully wrote to …"."""
    tools = [_tool("image-generation", "Generate an image based on a given text.",
                   {"prompt": {"type": "string", "description": "The text to generate the image from."},
                    "negative_prompt": {"type": "string"}}, ("prompt",))]
    manifest, scenarios = _generate(tmp_path, tools)
    calls = [c for s in scenarios for c in s.calls]
    assert manifest.failures == [] and calls
    for c in calls:
        assert not c.arguments["prompt"].startswith(("Following up", "Can we", "Quick reminder")), c.arguments
        assert not str(c.output).startswith("Successfully"), c.output


def test_the_pages_a_web_search_finds_hold_none_of_its_settings_and_levels_are_levels(tmp_path):
    """A web search's `country`, `ui_lang` and `spellcheck` are how it searched, not fields of every page found;
    an issue's `priority`, even typed as a number, is a level such as 2, not 3.2 or 37."""
    from engines.offline.values_describe import described_fields

    tools = [_tool("brave_web_search", "Performs a web search using the Brave Search API.",
                   {"query": {"type": "string"}, "country": {"type": "string", "enum": ["US", "GB", "DE"]},
                    "ui_lang": {"type": "string", "enum": ["en-US", "fr-FR"]}, "spellcheck": {"type": "boolean"}},
                   ("query", "country", "ui_lang", "spellcheck")),
             _tool("create_issue", "Create an issue.", {"title": {"type": "string"}, "priority": {"type": "number"}},
                   ("title", "priority"))]
    manifest, scenarios = _generate(tmp_path, tools)
    assert manifest.failures == []
    for c in (c for s in scenarios for c in s.calls):
        if c.tool == "brave_web_search":
            assert not {"ui_lang", "spellcheck", "country"} & _keys(json.loads(c.output)), c.output
        else:
            assert c.arguments["priority"] in (0, 1, 2, 3, 4), c.arguments
    assert [f for f, _ in described_fields("Returns a list of issues, including priority, status")] == ["priority", "status"]


def _keys(obj) -> set:
    """Every key of every object inside `obj`."""
    if isinstance(obj, dict):
        return set(obj) | {k for v in obj.values() for k in _keys(v)}
    return {k for v in obj for k in _keys(v)} if isinstance(obj, list) else set()


def test_a_record_made_in_the_workflow_is_made_then_starts_where_records_start_and_has_only_what_it_was_given(
        tmp_path):
    """A comment posted in the workflow's fourth step is dated then, not before the issue it is on; a new issue
    is not `done` or `blocked`; a description nobody gave it is not invented."""
    s = {"type": "string"}
    tools = [_tool("get_issue", "Get an issue by its ID, including title, status and description.", {"issueId": s},
                   ("issueId",)),
             _tool("create_issue", "Create an issue.", {"title": s, "description": s, "teamId": s}, ("title",)),
             _tool("add_comment", "Add a comment to an issue.", {"issueId": s, "body": s}, ("issueId", "body"))]
    manifest, scenarios = _generate(tmp_path, tools)
    assert manifest.failures == []
    created = 0
    for sc in scenarios:
        stamps: list[str] = []
        for c in sc.calls:
            out = json.loads(c.output)
            if c.tool in ("create_issue", "add_comment"):
                created += 1
                assert all(out.get("created_at", "9") >= t for t in stamps), (stamps, out)
                assert str(out.get("status", "open")).lower() not in ("done", "closed", "blocked", "in_progress")
                if c.tool == "create_issue":
                    assert "description" not in out or out["description"] == c.arguments.get("description"), out
            stamps += [v for k, v in out.items() if k in ("created_at", "updated_at") and isinstance(v, str)]
    assert created


def test_a_record_made_in_the_workflow_is_empty_and_reads_back_as_made_and_nothing_else_was_made_after_now(tmp_path):
    """A new database has no rows yet; a later read shows the creation time the create answered with, not a
    redrawn one; the databases that were there already were created before now."""
    s = {"type": "string"}
    tools = [_tool("list-databases", "Lists all databases in the workspace", {}),
             _tool("create-database", "Creates a new database", {"name": s, "region": s}, ("name",)),
             _tool("get-database", "Gets details of a specific database", {"name": s}, ("name",))]
    manifest, scenarios = _generate(tmp_path, tools)
    assert manifest.failures == []
    made = 0
    for sc in scenarios:
        assert not q.timestamp_contradictions(sc), q.timestamp_contradictions(sc)
        created = {}
        for c in sc.calls:
            out = json.loads(c.output)
            if c.tool == "create-database":
                made += 1
                assert out.get("row_count", 0) == 0 and out.get("size_bytes", 0) == 0, out
                created[out["name"]] = out
            elif c.tool == "get-database" and out["name"] in created:
                assert {k: out.get(k) for k in ("created_at", "row_count")} == \
                    {k: created[out["name"]].get(k) for k in ("created_at", "row_count")}, (created, out)
    assert made


def test_a_hit_a_search_found_is_still_about_what_was_searched_for_when_read(tmp_path):
    tools = [_tool("search_papers", "Search for papers.", {"query": {"type": "string"}}, ("query",)),
             _tool("read_paper", "Read the full content of a stored paper.",
                   {"paper_id": {"type": "string", "description": "The ID of the paper"}}, ("paper_id",)),
             _tool("download_paper", "Download a paper.", {"paper_id": {"type": "string"}}, ("paper_id",))]
    manifest, scenarios = _generate(tmp_path, tools)
    assert manifest.failures == []
    found = [s for s in scenarios if s.calls[0].tool == "search_papers" and len(s.calls) > 1]
    assert found
    for s in found:
        assert q.renamed_records(s) == []
        query = s.calls[0].arguments["query"].lower()
        hits = json.loads(s.calls[0].output)["items"] if isinstance(s.calls[0].output, str) else s.calls[0].output["items"]
        later = [c for c in s.calls[1:] if c.arguments.get("paper_id") == hits[0]["id"]]
        for c in later:  # the first hit, read or downloaded, keeps the title the search showed
            assert query in json.dumps(c.output).lower()


def test_a_view_or_an_analysis_of_a_record_found_earlier_is_of_that_record(tmp_path):
    paper = {"paperId": {"type": "string", "description": "Paper ID"}}
    tools = [_tool("search_papers", "Search for papers.", {"query": {"type": "string"}}, ("query",)),
             _tool("get_paper_abstract", "Get detailed information about a specific paper including its abstract.",
                   paper, ("paperId",)),
             _tool("analyze_citation_network", "Analyze the citation network for a specific paper.", paper,
                   ("paperId",))]
    manifest, scenarios = _generate(tmp_path, tools)
    assert manifest.failures == []
    later = [c for s in scenarios for c in s.calls[1:] if s.calls[0].tool == "search_papers" and "paperId" in c.arguments]
    assert {c.tool for c in later} == {"get_paper_abstract", "analyze_citation_network"}
    for s in scenarios:  # (the abstract read was another paper's: its title, authors and year)
        assert q.renamed_records(s) == []


def test_a_tool_that_extracts_kinds_of_one_thing_from_pages_is_given_links_and_answers_each_kind(tmp_path):
    config = {"type": "object", "properties": {"timeout": {"type": "number"}}}
    tools = [_tool("extract_timestamps", "Extract creation, modification, and publication timestamps from a webpage",
                   {"url": {"type": "string", "description": "The URL of the webpage"}, "config": config}, ("url",)),
             _tool("batch_extract_timestamps", "Extract timestamps from multiple webpages in batch",
                   {"urls": {"type": "array", "items": {"type": "string"}, "description": "Array of URLs"},
                    "config": config}, ("urls",))]
    manifest, scenarios = _generate(tmp_path, tools)
    assert manifest.failures == []
    links = [u for s in scenarios for c in s.calls for u in ([c.arguments["url"]] if "url" in c.arguments
                                                                else c.arguments["urls"])]
    assert links and all(u.startswith("https://") for u in links), links  # (a plural `urls` was given `83893`)
    single = [(s, c) for s in scenarios for c in s.calls if c.tool == "extract_timestamps"]
    assert single
    for s, c in single:
        out = json.loads(c.output)
        made, published, changed = (out[f"{k}_timestamp"] for k in ("creation", "publication", "modification"))
        assert made <= published <= changed
    asked = [s.instruction for s, _ in single if len(s.calls) == 1]
    assert any("creation, modification, and publication timestamps" in a for a in asked), asked


def test_a_getter_described_as_returning_several_things_lists_others_than_the_one_it_is_given(tmp_path):
    paper = {"paperId": {"type": "string", "description": "Paper ID"}}
    tools = [_tool("papers-search", "Search for academic papers.", {"query": {"type": "string"}}, ("query",)),
             _tool("papers-citations", "Get papers that cite a specific paper", paper, ("paperId",)),
             _tool("papers-references", "Get papers cited by a specific paper", paper, ("paperId",))]
    manifest, scenarios = _generate(tmp_path, tools)
    assert manifest.failures == []
    its = {json.loads(line)["tool"]: json.loads(line) for line in (tmp_path / "h" / "interpretations.jsonl").open()}
    assert {its[t]["action"] for t in ("papers-citations", "papers-references")} == {"list"}
    checked = 0
    for s in scenarios:
        for k, c in enumerate(s.calls):
            if c.tool == "papers-search":
                continue
            rows = json.loads(c.output)
            assert isinstance(rows, list) and rows  # several papers (was one paper under a new title)
            if not any(c.arguments["paperId"] in json.dumps(later.arguments) for later in s.calls[k + 1:]):
                checked += 1  # never the one asked about, unless a later call works on it (then it is shown)
                assert all(r["id"] != c.arguments["paperId"] for r in rows), rows
    assert checked


def test_a_parameter_named_after_a_kind_gives_its_records_that_field_in_the_format_described(tmp_path):
    tools = [_tool("get_my_proxies", "Get your assigned static proxy IPs", {}),
             _tool("get_proxy_config", "Get proxy configuration for making HTTP requests",
                   {"proxy_address": {"type": "string", "description": "Specific proxy address (format: ip:port)"}})]
    manifest, scenarios = _generate(tmp_path, tools)
    assert manifest.failures == []
    rows = [r for s in scenarios for c in s.calls if c.tool == "get_my_proxies" for r in json.loads(c.output)]
    assert rows  # (were `{"id": 75861, "updated_at": …}`: nothing of a proxy)
    for r in rows:
        assert re.fullmatch(r"\d+\.\d+\.\d+\.\d+:\d+", r["address"]), r
    given = [c.arguments["proxy_address"] for s in scenarios for c in s.calls if "proxy_address" in c.arguments]
    assert all(re.fullmatch(r"\d+\.\d+\.\d+\.\d+:\d+", a) for a in given), given
    asked = [s.instruction for s in scenarios if s.calls[0].tool == "get_my_proxies"]
    assert asked and all("your" not in a.split() and "my assigned" in a for a in asked), asked


def test_the_status_read_after_an_update_is_the_state_the_update_set(tmp_path):
    status = {"type": "string", "enum": ["pending", "in_progress", "completed"], "description": "New task status"}
    tools = [_tool("update_task", "Update a specific task's properties including title and status.",
                   {"taskId": {"type": "string", "description": "ID of the task to update"},
                    "updates": {"type": "object", "properties": {"title": {"type": "string"}, "status": status}}},
                   ("taskId", "updates")),
             _tool("get_status", "Get the current status of a specific task by ID.",
                   {"taskId": {"type": "string", "description": "ID of the task to query"}}, ("taskId",))]
    manifest, scenarios = _generate(tmp_path, tools)
    assert manifest.failures == []
    checked = 0
    for s in scenarios:
        set_to: dict[str, str] = {}
        for c in s.calls:
            out = json.loads(c.output)
            if c.tool == "update_task":
                assert "updates" not in out  # what it changed, as the record's own fields
                if "status" in c.arguments["updates"]:
                    set_to[c.arguments["taskId"]] = c.arguments["updates"]["status"]
                    assert out["status"] == set_to[c.arguments["taskId"]]
            elif c.arguments["taskId"] in set_to:
                shown = [v for k, v in out.items() if k in ("status", "state")]
                assert shown and set(shown) == {set_to[c.arguments["taskId"]]}, (set_to, out)
                checked += 1
            progress = [v for k, v in out.items() if "progress" in k]
            if progress and out.get("state", out.get("status")) == "completed":
                assert progress == [100], out
    assert checked


def test_a_spec_that_speaks_of_one_language_gets_packages_files_and_commands_of_that_language(tmp_path):
    project = {"path": {"type": "string", "description": "Path to the project directory"}}
    tools = [_tool("install_packages", "Install npm packages in a Node.js project",
                   {**project, "packages": {"type": "array", "items": {"type": "string"},
                                            "description": "Package names to install"}}, ("path", "packages")),
             _tool("run_script", "Run a script defined in the project's package.json",
                   {**project, "command": {"type": "string", "description": "The command to run"}}, ("path", "command")),
             _tool("read_source", "Read a source file of the project", {"file_path": {"type": "string"}}, ("file_path",))]
    manifest, scenarios = _generate(tmp_path, tools)
    assert manifest.failures == []
    text = json.dumps([s.model_dump() for s in scenarios])
    packages = [p for s in scenarios for c in s.calls for p in c.arguments.get("packages", [])]
    assert packages and not {"requests", "numpy", "pandas", "fastapi", "pydantic", "sqlalchemy", "httpx"} & set(packages)
    assert ".py" not in re.findall(r"\.py\b", text) and "make lint" not in text  # (was Python's and a Makefile's)


def test_a_thing_found_by_a_value_is_asked_for_by_that_value(tmp_path):
    tools = [_tool("get_proxy_by_index", "Get a specific proxy from your list by index (0-based)",
                   {"index": {"type": "number", "description": "Index of the proxy to retrieve (0-based)"}}, ("index",)),
             _tool("find_user", "Find a user by email address.",
                   {"email": {"type": "string", "description": "The user's email"}}, ("email",))]
    manifest, scenarios = _generate(tmp_path, tools)
    assert manifest.failures == []
    asked = [(s.instruction, c.arguments) for s in scenarios if len(s.calls) == 1 for c in s.calls]
    by_index = [(a, args) for a, args in asked if "index" in args]
    assert by_index
    for a, args in by_index:  # (was "… from your list by index with index 3")
        assert f"by index {args['index']}" in a and "with index" not in a, a


def test_a_request_leaves_out_what_a_thing_is_for_and_says_a_value_the_phrase_already_names(tmp_path):
    tools = [_tool("set_api_key", "Set the API key for accessing the Relay service",
                   {"api_key": {"type": "string", "description": "Your Relay API key"}}, ("api_key",)),
             _tool("get_proxy_config", "Get proxy configuration for making HTTP requests", {}),
             _tool("search_topics", "Search for trending topics", {"query": {"type": "string"}}, ("query",))]
    manifest, scenarios = _generate(tmp_path, tools)
    assert manifest.failures == []
    said = " ".join(s.instruction for s in scenarios)
    assert "set the API key to `" in said and "with api key" not in said  # (the key said once, where it goes)
    assert "for accessing" not in said and "for making" not in said and "get proxy configuration" in said


# A listing and a read of one kind, its IDs typed as numbers only by the read's bare `id`.
_TRANSCRIPTS = [_tool("fetch_recent_transcripts", "Retrieve recent transcripts from the workspace", {}),
                _tool("fetch_a_specific_transcript", "Retrieve the transcript from the workspace by its ID",
                      {"id": {"type": "number", "description": "Transcript ID to retrieve"}}, ("id",))]


def test_a_bare_numeric_id_makes_the_kind_its_description_names_numbered(tmp_path):
    manifest, scenarios = _generate(tmp_path, _TRANSCRIPTS)
    assert manifest.failures == []
    rows = [r for s in scenarios for c in s.calls if c.tool == "fetch_recent_transcripts" for r in json.loads(c.output)]
    assert rows and all(isinstance(r["id"], int) for r in rows), rows  # (were `tra_84262692df`)


def test_an_operation_a_docstring_lists_is_one_of_those_whatever_an_earlier_step_was_given(tmp_path):
    def tool(name: str, ops: tuple[str, ...]) -> dict:
        doc = f"\nManage {name.split('_')[1]} of a slide.\n\nArgs:\n    operation: Operation type " \
              f"({', '.join(f'{o!r}'.replace(chr(39), chr(34)) for o in ops)})\n    slide_index: Index of the slide\n"
        return _tool(name, doc, {"operation": {"type": "string", "title": "Operation"},
                                 "slide_index": {"type": "integer", "title": "Slide Index"}}, ("operation", "slide_index"))
    allowed = {"manage_text": ("create", "update", "delete"), "manage_masters": ("list", "get_info"),
               "manage_links": ("add", "remove", "list")}
    manifest, scenarios = _generate(tmp_path, [tool(n, ops) for n, ops in allowed.items()])
    assert manifest.failures == []
    calls = [c for s in scenarios for c in s.calls]
    assert len({c.tool for c in calls}) == 3
    for c in calls:  # (a master was asked to `create` because the text step before it was)
        assert c.arguments["operation"] in allowed[c.tool], (c.tool, c.arguments)


def test_a_two_tool_spec_reads_what_its_listing_showed_and_never_the_same_thing_twice_in_a_row(tmp_path):
    manifest, scenarios = _generate(tmp_path, _TRANSCRIPTS)
    assert manifest.failures == []
    complex_ = [s for s in scenarios if s.complexity == "complex"]
    assert complex_
    for s in complex_:
        assert all((a.tool, a.arguments) != (b.tool, b.arguments) for a, b in zip(s.calls, s.calls[1:])), s.instruction
        listed = {r["id"] for c in s.calls if c.tool == "fetch_recent_transcripts" for r in json.loads(c.output)}
        read = [c.arguments["id"] for c in s.calls if c.tool == "fetch_a_specific_transcript"]
        assert read[0] in listed, (listed, read)  # (a recent transcript is a transcript: the read takes one listed)


def test_a_search_for_a_span_of_dates_finds_what_was_dated_inside_it_and_a_later_read_agrees(tmp_path):
    search = {"query": {"type": "string"}, "date_from": {"type": "string", "description": "Start date (YYYY-MM-DD)"},
              "date_to": {"type": "string", "description": "End date (YYYY-MM-DD)"}}
    tools = [_tool("search_papers", "Search for papers.", search, ("query", "date_from")),
             _tool("read_paper", "Read a stored paper.", {"paper_id": {"type": "string"}}, ("paper_id",))]
    manifest, scenarios = _generate(tmp_path, tools)
    assert manifest.failures == []
    bounded = [s for s in scenarios if any("date_from" in c.arguments for c in s.calls)]
    assert bounded
    for s in bounded:
        assert q.out_of_window(s) == [] and q.timestamp_contradictions(s) == []


def test_what_a_create_makes_without_a_setting_has_the_settings_default(tmp_path):
    props = {"content": {"type": "string", "description": "The text content to encode in the QR code"},
             "errorCorrectionLevel": {"type": "string", "enum": ["L", "M", "Q", "H"], "default": "M"},
             "size": {"type": "number", "minimum": 1, "maximum": 10, "default": 3}}
    manifest, scenarios = _generate(tmp_path, [_tool("generate-qrcode", "Generate QR codes.", props, ("content",))])
    assert manifest.failures == []
    shown = 0
    for s in scenarios:
        c = s.calls[0]
        assert "(at most" not in s.instruction, s.instruction  # (a QR code's size is no cap on how many)
        out = json.loads(c.output) if isinstance(c.output, str) else c.output
        for key, default in (("errorCorrectionLevel", "M"), ("size", 3)):
            if key in out and key not in c.arguments:
                shown += 1
                assert out[key] == default, (c.arguments, out)
    assert shown


def test_a_generator_answers_with_what_it_made_whatever_settings_it_takes(tmp_path):
    """A QR code generator with its own settings (content, level, size) still hands back the QR code."""
    props = {"content": {"type": "string", "description": "The text content to encode in the QR code"},
             "errorCorrectionLevel": {"type": "string", "enum": ["L", "M", "Q", "H"], "default": "M"},
             "size": {"type": "number", "minimum": 1, "maximum": 10, "default": 3}}
    manifest, scenarios = _generate(tmp_path, [_tool("generate-qrcode", "Generate QR codes.", props, ("content",))])
    assert manifest.failures == [] and scenarios
    for s in scenarios:
        out = json.loads(s.calls[0].output)
        assert str(out.get("image_url", "")).endswith(".png"), out
        assert "width" not in s.follow_up, s.follow_up


def test_two_listings_of_one_kind_that_take_the_same_things_are_not_run_back_to_back(tmp_path):
    path = {"path": {"type": "string", "description": "Path to the directory"}}
    tools = [_tool("list_directory", "Get a listing of all files and directories in a path.", path, ("path",)),
             _tool("directory_tree", "Get a recursive tree view of files and directories.",
                   {**path, "maxDepth": {"type": "number", "default": 5}}, ("path",)),
             _tool("read_file", "Read a file.", {"path": {"type": "string"}}, ("path",)),
             _tool("write_file", "Create a new file.", {"path": {"type": "string"}, "content": {"type": "string"}},
                   ("path", "content"))]
    manifest, scenarios = _generate(tmp_path, tools)
    assert manifest.failures == [] and manifest.coverage.ratio == 1.0
    both = 0
    for s in scenarios:
        names = [c.tool for c in s.calls]
        both += {"list_directory", "directory_tree"} <= set(names)
        if s.complexity == "simple":
            assert not {"list_directory", "directory_tree"} <= set(names), names
    assert both <= len(scenarios) // 4, both  # (a workflow that must cover both may hold both, not back to back)


def test_a_record_keeps_the_creation_moment_it_was_first_shown_with_whatever_tool_shows_it_later(tmp_path):
    """A reaction's own `createdAt`, sent with the call, is not the comment's: every call that shows the comment
    shows the one moment it was made; a table's creation time written "in milliseconds since the epoch" is
    a Unix time, and one before now."""
    s, ids = {"type": "string"}, ("roomId", "threadId")
    reaction = {"type": "object", "properties": {"emoji": s, "userId": s,
                                                 "createdAt": {"type": "string", "format": "date-time"}}}
    tools = [_tool("get-threads", "Get the threads of a room", {"roomId": s}, ("roomId",)),
             _tool("create-comment", "Create a comment in a thread", {"roomId": s, "threadId": s, "body": s},
                   ("roomId", "threadId", "body")),
             _tool("add-comment-reaction", "Add a reaction to a comment",
                   {"roomId": s, "threadId": s, "commentId": s, "data": reaction}, ids + ("commentId", "data")),
             _tool("edit-comment", "Edit a comment", {"roomId": s, "threadId": s, "commentId": s, "body": s},
                   ids + ("commentId", "body")),
             _tool("delete-comment", "Delete a comment", {"roomId": s, "threadId": s, "commentId": s},
                   ids + ("commentId",))]
    manifest, scenarios = _generate(tmp_path, tools)
    assert manifest.failures == []
    assert sum(len(sc.calls) > 2 for sc in scenarios) >= 3
    for sc in scenarios:
        assert not q.timestamp_contradictions(sc), q.timestamp_contradictions(sc)


def test_a_text_field_holding_a_unix_time_gets_its_digits_before_now():
    import random

    from engines.offline.values import ValueGenerator
    from engines.offline.values_formats import EPOCH
    from engines.offline.world import make_org

    made = {"type": "string", "format": "int64",
            "description": "Output only. The time when this table was created, in milliseconds since the epoch."}
    for i in range(5):
        gen = ValueGenerator(make_org(7), random.Random(i))
        ms = gen.value(made, name="creationTime")
        assert re.fullmatch(r"\d{13}", ms) and int(ms) <= EPOCH.timestamp() * 1000, ms
        assert re.fullmatch(r"\d{10}", gen.value({"type": "string", "description": "Unix time of the event"},
                                                 name="ts"))
        # a text "timestamp" is ISO 8601, as most APIs write one
        assert not gen.value({"type": "string", "description": "The timestamp of the event"},
                             name="timestamp").isdigit()


def test_a_record_read_after_a_create_of_its_kind_is_the_one_just_made(tmp_path):
    """"Set up a project, then confirm it exists": the read names what the create answered with, not a project
    the request named for an earlier step (a deployment listing of another project)."""
    spec = Path(__file__).resolve().parents[3] / "bench" / "corpus" / "mcp" / "jason-tan-swe__railway-mcp.json"
    suite = load_suite([spec])
    manifest, scenarios = generate_local(suite, RunConfig.model_validate({"seed": 7}), str(tmp_path / "h"))
    assert manifest.failures == []
    its = q_its(tmp_path)
    checked = 0
    for sc in scenarios:
        assert q.id_mismatches(sc, its) == []
        made = None
        for c in sc.calls:
            if c.tool == "project_create":
                made = json.loads(c.output)["id"]
            elif c.tool == "project_info" and made is not None:
                assert c.arguments["projectId"] == made, (sc.instruction, c.arguments, made)
                checked += 1
    assert checked


def q_its(tmp_path: Path) -> dict:
    from schemas import ToolInterpretation
    lines = (tmp_path / "h" / "interpretations.jsonl").read_text().splitlines()
    return {i.tool: i for i in map(ToolInterpretation.model_validate_json, lines)}


def test_a_closed_choice_of_where_input_comes_from_is_an_option_not_a_thing():
    from engines.offline.roles import param_role
    from schemas import Action, ParameterRole

    source = {"type": "string", "enum": ["url", "upload"], "description": "Source type: URL or local upload"}
    assert param_role("source", source, Action.read) is ParameterRole.option
    assert param_role("source", {"type": "string", "description": "Path of the file to copy"},
                      Action.transfer) is ParameterRole.identifier


def test_a_record_keeps_the_name_it_was_first_shown_with_unless_a_call_renames_it(tmp_path):
    """A territory a listing showed as "North depot" is not "South warehouse" when the next call reads it; a
    record of another kind that happens to share its number keeps its own name."""
    for name in ("kodey-ai__mapwise-mcp", "dinhogehm__mcp-piperun"):
        spec = Path(__file__).resolve().parents[3] / "bench" / "corpus" / "mcp" / f"{name}.json"
        manifest, scenarios = generate_local(load_suite([spec]), RunConfig.model_validate({"seed": 7}),
                                             str(tmp_path / name))
        assert manifest.failures == []
        assert [r for sc in scenarios for r in q.renamed_records(sc)] == []


def test_a_people_search_after_a_topic_search_is_asked_for_a_person_not_the_topic(tmp_path):
    """A workflow keeps one query across its searches, but an article search's topic is no member's name."""
    tools = [_tool("search_articles", "Search help-centre articles.", {"query": {"type": "string"}}, ("query",)),
             _tool("get_article", "Get an article by ID.", {"article_id": {"type": "string"}}, ("article_id",)),
             _tool("search_members", "Search workspace members by name or email.", {"query": {"type": "string"}},
                   ("query",))]
    both = 0
    for seed in range(6):
        (tmp_path / "spec.json").write_text(json.dumps({"tools": tools}))
        manifest, scenarios = generate_local(load_suite([tmp_path / "spec.json"]), RunConfig(seed=seed),
                                             str(tmp_path / f"h{seed}"))
        for s in scenarios:
            topics = [c.arguments["query"] for c in s.calls if c.tool == "search_articles"]
            for c in s.calls:
                if c.tool == "search_members" and topics:
                    both += 1
                    assert c.arguments["query"] not in topics and c.arguments["query"][:1].isupper(), s.instruction
    assert both, "no workflow searched both"


def test_a_create_s_nested_items_of_another_kind_do_not_name_what_it_makes(tmp_path):
    """A silence made with `matchers: [{name: alertname, value: HighCPULoad}]` is a new silence with an ID of its
    own, deleted by that ID: not a silence called `alertname`."""
    matchers = {"type": "array", "items": {"type": "object", "required": ["name", "value"], "properties": {
        "name": {"type": "string", "description": "Matcher name (e.g. alertname)"},
        "value": {"type": "string", "description": "Matcher value"}}}}
    tools = [_tool("create-silence", "Create a new silence", {"endsAt": {"type": "string"}, "matchers": matchers,
                                                              "comment": {"type": "string"}}, ("matchers", "endsAt")),
             _tool("get-silences", "List silences", {}),
             _tool("delete-silence", "Delete a silence", {"silenceId": {"type": "string",
                                                                        "description": "ID of the silence to delete"}},
                   ("silenceId",))]
    manifest, scenarios = _generate(tmp_path, tools)
    assert manifest.failures == []
    names = {m["name"] for s in scenarios for c in s.calls if c.tool == "create-silence"
             for m in c.arguments["matchers"]}
    deleted = [c.arguments["silenceId"] for s in scenarios for c in s.calls if c.tool == "delete-silence"]
    assert names and deleted and not set(deleted) & names, (names, deleted)


def test_what_a_call_sets_up_ends_after_now_and_starts_before_it_ends(tmp_path):
    """A new silence's `endsAt` lies ahead (a silence that ended in November silences nothing); every silence
    shown starts before it ends. A listing's `end_date` filter is a span to look at, not bound to the future."""
    from datetime import datetime, timezone

    from engines.offline.values_formats import EPOCH

    moment = {"type": "string", "format": "date-time"}
    tools = [_tool("create-silence", "Create a new silence", {"startsAt": moment, "endsAt": moment,
                                                              "comment": {"type": "string"}}, ("endsAt",)),
             _tool("get-silences", "List silences", {}),
             _tool("list_invoices", "List invoices", {"end_date": {"type": "string", "format": "date"}})]
    manifest, scenarios = _generate(tmp_path, tools)
    assert manifest.failures == []
    at = lambda v: datetime.fromisoformat(v.replace("Z", "+00:00"))  # noqa: E731
    # (one given its start as well ends after that start: `later_than_counterpart`)
    ends = [at(c.arguments["endsAt"]) for s in scenarios for c in s.calls
            if c.tool == "create-silence" and "startsAt" not in c.arguments]
    assert ends and all(e > EPOCH for e in ends), ends
    shown = [o for s in scenarios for c in s.calls if c.tool in ("create-silence", "get-silences")
             for o in q.output_objects(c.output, max_depth=2) if {"startsAt", "endsAt"} <= o.keys()]
    assert shown and all(at(o["startsAt"]) <= at(o["endsAt"]) for o in shown), shown
    filters = [c.arguments["end_date"] for s in scenarios for c in s.calls if "end_date" in c.arguments]
    assert not filters or any(datetime.fromisoformat(f).replace(tzinfo=timezone.utc) <= EPOCH for f in filters)


def test_a_shop_s_records_are_flat_priced_and_filtered_by_one_of_the_states_asked_for(tmp_path):
    """`productData: {...}` is the product itself; a batch tool's `create: [...]` is no field of it; a price sent
    as text is an amount ("24.99"); orders listed by `status: [processing, on-hold]` each have one of them."""
    product = {"type": "object", "properties": {"name": {"type": "string"}, "regular_price": {"type": "string"},
                                                 "status": {"type": "string", "enum": ["publish", "draft"]}}}
    states = {"type": "array", "items": {"type": "string", "enum": ["pending", "processing", "on-hold", "completed"]}}
    tools = [_tool("products_create", "Create a new product", {"productData": product}, ("productData",)),
             _tool("products_list", "List products", {"search": {"type": "string"}}),
             _tool("products_batch", "Create, update or delete products in one request",
                   {"create": {"type": "array", "items": product}, "delete": {"type": "array", "items": {"type": "integer"}}}),
             _tool("orders_list", "List orders", {"status": states}),
             _tool("orders_get", "Get an order", {"orderId": {"type": "integer"}}, ("orderId",))]
    manifest, scenarios = _generate(tmp_path, tools)
    assert manifest.failures == []
    rows = [(c.tool, c.arguments, o) for s in scenarios for c in s.calls
            for o in q.output_objects(c.output, max_depth=1)]
    products = [o for t, _, o in rows if t.startswith("products_") and t != "products_batch"]
    assert products and not [o for o in products if "productData" in o or "create" in o or "delete" in o], products
    prices = [o["regular_price"] for o in products if "regular_price" in o]
    assert prices and all(re.fullmatch(r"\d+\.\d\d", p) for p in prices), prices
    filtered = [(a["status"], o) for t, a, o in rows if t == "orders_list" and a.get("status") and "status" in o]
    assert filtered and all(o["status"] in asked for asked, o in filtered), filtered


def test_a_parameter_takes_the_shape_another_tool_of_the_spec_gives_it_an_example_of(tmp_path):
    """`documentPath` "Full path to the document" in one tool, "(e.g., 'users/userId1/orders/orderId1')" in
    another: one kind of value in both, not a file path in the first."""
    described = {"type": "string", "description": "Full path to the document (e.g., 'users/userId1/orders/orderId1')"}
    bare = {"type": "string", "description": "Full path to the document"}
    tools = [_tool("get_document_by_path", "Get a document using full path", {"documentPath": described},
                   ("documentPath",)),
             _tool("increment_field", "Atomically increment a numeric field value",
                   {"documentPath": bare, "field": {"type": "string"}, "incrementBy": {"type": "number"}},
                   ("documentPath", "field", "incrementBy"))]
    manifest, scenarios = _generate(tmp_path, tools)
    assert manifest.failures == []
    paths = [c.arguments["documentPath"] for s in scenarios for c in s.calls if c.tool == "increment_field"]
    assert paths and all(not p.startswith("/") and p.count("/") >= 1 for p in paths), paths


def test_records_opened_by_their_names_are_the_ones_named_as_shown_before(tmp_path):
    term = {"type": "object", "properties": {"name": {"type": "string", "description": "The name of the term"},
                                             "category": {"type": "string"},
                                             "notes": {"type": "array", "items": {"type": "string"}}},
            "required": ["name", "category", "notes"]}
    out = {"type": "object", "properties": {"terms": {"type": "array", "items": term}}, "required": ["terms"]}
    tools = [dict(_tool("search_terms", "Search for terms in the glossary based on a query.",
                        {"query": {"type": "string"}}, ("query",)), outputSchema=out),
             dict(_tool("open_terms", "Open specific terms in the glossary by their names.",
                        {"names": {"type": "array", "items": {"type": "string"},
                                   "description": "An array of term names to retrieve"}}, ("names",)), outputSchema=out),
             _tool("delete_terms", "Delete terms from the glossary.",
                   {"termNames": {"type": "array", "items": {"type": "string"}}}, ("termNames",))]
    manifest, scenarios = _generate(tmp_path, tools)
    assert manifest.failures == []
    opened = 0
    for s in scenarios:
        seen: dict[str, dict] = {}
        for c in s.calls:
            if c.tool == "open_terms":  # the terms named, not others under their names
                opened += 1
                assert {t["name"] for t in c.output["terms"]} == set(c.arguments["names"]), (c.arguments, c.output)
                for t in c.output["terms"]:  # and as an earlier answer showed them
                    if t["name"] in seen:
                        assert (t["category"], t["notes"]) == (seen[t["name"]]["category"], seen[t["name"]]["notes"])
            for t in (c.output or {}).get("terms", []) if isinstance(c.output, dict) else []:
                seen.setdefault(t["name"], t)
    assert opened


def test_a_listing_asked_for_one_scope_by_id_lists_rows_of_that_scope(tmp_path):
    row = {"type": "object", "properties": {"amendmentId": {"type": "integer"}, "billId": {"type": "integer"},
                                            "billStageId": {"type": "integer"}, "clause": {"type": "integer"}}}
    scope = {"billId": {"type": "integer"}, "billStageId": {"type": "integer"}}
    tools = [dict(_tool("GetAmendments", "Returns a list of amendments.", scope, ("billId", "billStageId")),
                  outputSchema={"type": "object", "properties": {"items": {"type": "array", "items": row}}}),
             _tool("GetBill", "Return a Bill.", {"billId": {"type": "integer"}}, ("billId",)),
             _tool("GetBillStages", "Return a list of Bill stages.", {"billId": {"type": "integer"}}, ("billId",))]
    manifest, scenarios = _generate(tmp_path, tools)
    assert manifest.failures == []
    listed = [c for s in scenarios for c in s.calls if c.tool == "GetAmendments"]
    assert listed and all(q.out_of_scope(s) == [] for s in scenarios)


def test_an_open_object_a_record_names_after_a_kind_is_that_thing_as_records_refer_to_one(tmp_path):
    issue = {"type": "object", "properties": {"id": {"type": "string"}, "title": {"type": "string"},
                                              "team": {"type": "object"}, "creator": {"type": "object"},
                                              "cycle": {"type": "object"}, "metadata": {"type": "object"}},
             "required": ["id", "title", "team", "creator", "cycle", "metadata"]}
    tools = [dict(_tool("list_issues", "List issues.", {"limit": {"type": "integer"}}),
                  outputSchema={"type": "object", "properties": {"issues": {"type": "array", "items": issue}},
                                "required": ["issues"]}),
             _tool("get_cycles", "List the cycles of a team.", {"teamId": {"type": "string"}}, ("teamId",))]
    manifest, scenarios = _generate(tmp_path, tools)
    assert manifest.failures == []
    rows = [r for s in scenarios for c in s.calls if c.tool == "list_issues" for r in c.output["issues"]]
    assert rows
    for r in rows:
        assert set(r["team"]) == {"id", "name"} and set(r["cycle"]) == {"id", "name"}, r
        assert set(r["creator"]) == {"id", "name", "email"} and "@" in r["creator"]["email"], r
        assert "id" not in r["metadata"] and "name" not in r["metadata"], r  # settings, no record


def test_a_write_s_count_of_what_it_wrote_is_the_number_of_items_it_was_sent(tmp_path):
    vector = {"type": "object", "properties": {"id": {"type": "string"},
                                               "values": {"type": "array", "items": {"type": "number"}}}}
    tools = [dict(_tool("upsert_vectors", "Write vectors into a namespace of an index.",
                        {"vectors": {"type": "array", "items": vector, "minItems": 1}, "namespace": {"type": "string"}},
                        ("vectors",)),
                  outputSchema={"type": "object", "properties": {"upsertedCount": {"type": "integer"}},
                                "required": ["upsertedCount"]}),
             _tool("describe_index_stats", "Describe an index's statistics.", {"namespace": {"type": "string"}})]
    manifest, scenarios = _generate(tmp_path, tools)
    assert manifest.failures == []
    upserts = [c for s in scenarios for c in s.calls if c.tool == "upsert_vectors"]
    assert upserts and all(c.output["upsertedCount"] == len(c.arguments["vectors"]) for c in upserts)


def test_a_search_by_what_a_parameter_names_finds_hits_about_it(tmp_path):
    tools = [_tool("search_studies_by_acronym", "Search studies by their acronyms.",
                   {"acronyms": {"type": "array", "items": {"type": "string"}, "description": "Acronyms, e.g. ['TETON']"}},
                   ("acronyms",)),
             _tool("get_study", "Get a study by its ID.", {"study_id": {"type": "string"}}, ("study_id",))]
    manifest, scenarios = _generate(tmp_path, tools)
    assert manifest.failures == []
    searched = [c for s in scenarios for c in s.calls if c.tool == "search_studies_by_acronym"]
    assert searched
    for c in searched:
        sought = c.arguments["acronyms"][0]
        if re.fullmatch(r"[A-Za-z][\w' -]+", sought) and (" " in sought or sought.isalpha()):
            assert sought.lower() in json.dumps(c.output).lower(), (sought, c.output)

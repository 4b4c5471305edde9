"""Which word of a tool's or a parameter's name names the thing: `create_run` beside `get_runs` makes a run (a
word that is also a verb, after the verb), `start_scan` "Start a scan" a scan; `baseUrl` is a URL and
`head_commit_id` a commit (`base`/`head` alone are git branches, before another noun they only qualify it)."""

from __future__ import annotations

import json
from pathlib import Path

from actors.local import generate_local
from engines.offline.interpret import interpret_tool, namespaces
from engines.offline.roles import param_entity
from schemas import Action, ParameterRole, RunConfig, Tool
from specs import load_suite

_PROJECT = {"projectId": {"type": "number", "description": "Project ID"}}


def _tool(name: str, desc: str, props: dict) -> dict:
    return {"name": name, "description": desc, "inputSchema": {"type": "object", "properties": props,
                                                                 "required": list(props)[:1]}}


def _spec(tmp_path: Path) -> Path:
    tools = [
        _tool("get_projects", "Get all projects", {}),
        _tool("create_project", "Create new project", {"name": {"type": "string"},
                                                       "suiteMode": {"type": "number", "description": "Suite mode"}}),
        _tool("get_runs", "Get test runs for a project", dict(_PROJECT)),
        _tool("create_run", "Create new test run", {**_PROJECT, "name": {"type": "string"},
                                                     "milestoneId": {"type": "number", "description": "Milestone"}}),
    ]
    path = tmp_path / "runs.json"
    path.write_text(json.dumps({"tools": tools}))
    return path


def test_a_verb_like_word_the_spec_names_things_by_is_the_thing_a_tool_makes(tmp_path):
    suite = load_suite([_spec(tmp_path)])
    ns = namespaces(suite)[suite.tools[0].spec]
    it = interpret_tool(suite.by_name()["create_run"], ns)
    assert (it.action, it.entity) == (Action.create, "run")  # not a project, named by the `projectId` it is given
    assert {p.name: p.entity for p in it.parameters}["projectId"] == "project"
    # a run made answers as a run: its own name and milestone, none of a project's fields
    _, scenarios = generate_local(suite, RunConfig(seed=7), str(tmp_path / "h"))
    made = [c for s in scenarios for c in s.calls if c.tool == "create_run"]
    assert made
    for c in made:
        assert "suiteMode" not in c.output, c.output


def test_a_verb_like_word_written_after_an_article_is_a_thing_and_a_second_finding_verb_is_not():
    scan = interpret_tool(Tool(name="start_scan", description="Start a scan of the given target.", spec="s",
                               input_schema={"type": "object", "properties": {"target": {"type": "string"}}}))
    assert scan.entity == "scan"
    # `get_list`, `place_search`: the second word is the verb, not what they find
    for name in ("get_list", "place_search"):
        it = interpret_tool(Tool(name=name, description="Search for places near a point.", spec="s",
                                 input_schema={"type": "object", "properties": {}}))
        assert it.entity not in ("list", "search"), (name, it.entity)


def test_base_and_head_before_another_noun_only_qualify_it():
    def kind(name: str) -> str | None:
        return param_entity(name, {"type": "string"}, ParameterRole.identifier, "resource")

    assert kind("baseUrl") == "url" and kind("api_base_url") == "url"
    assert kind("head_commit_id") == "commit"
    assert kind("base_asset_id") == "asset"
    assert kind("base") == "branch" and kind("head_ref") == "branch" and kind("base_branch") == "branch"


def test_a_file_s_key_is_the_opaque_key_it_is_stored_under_not_a_path():
    """A design tool's `fileKey` "The key of the file to get" names a file by its key (`hCqf6Tc6WWlF3ISlEcLPzJ`);
    a `path` or `file` still takes a path."""
    import random
    import re

    from engines.offline.values import ValueGenerator
    from engines.offline.world import make_org

    def value(name: str, description: str) -> str:
        return ValueGenerator(make_org(3), random.Random(3)).value(
            {"type": "string", "description": description}, name=name, role="identifier", entity="file")

    for name in ("fileKey", "file_key"):
        assert re.fullmatch(r"[A-Za-z0-9]{22}", value(name, "The key of the file to get")), value(name, "")
    assert "/" in value("file", "File path") and "/" in value("path", "Path of the file to read")


def test_a_name_without_a_verb_works_on_the_known_kind_its_description_names_of_the_same_sort(tmp_path):
    """`news_company` "Fetch recent company headlines for a given stock symbol": headlines (news, as its name
    says), several of them, each with a title and a source, not `{updated_at, symbol}`."""
    out = {"type": "object", "required": ["result"], "x-fastmcp-wrap-result": True, "properties": {"result": {
        "type": "array", "items": {"type": "object", "additionalProperties": True}}}}
    tool = {"name": "news_company", "description": "Fetch recent company headlines for a given stock symbol.",
            "inputSchema": {"type": "object", "properties": {"symbol": {"type": "string"}}, "required": ["symbol"]},
            "outputSchema": out}
    (tmp_path / "news.json").write_text(json.dumps({"tools": [tool]}))
    suite = load_suite([tmp_path / "news.json"])
    it = interpret_tool(suite.tools[0], namespaces(suite)[suite.tools[0].spec])
    assert (it.action, it.entity) == (Action.list, "headline")
    _, scenarios = generate_local(suite, RunConfig(seed=7), str(tmp_path / "h"))
    items = [row for s in scenarios for c in s.calls for row in c.output["result"]]
    assert items and all({"title", "source"} <= set(row) for row in items), items[:2]


def test_a_name_ending_in_a_plural_lists_those_things_of_the_head_it_names_first():
    """`get_team_components(team_id)` lists components (the team's), `list_project_members` members; where the
    name ends in what a record holds (`get_file_contents`) or in the head itself, the head is still the thing."""
    def kind(name: str, param: str | None = None) -> str:
        props = {param: {"type": "string"}} if param else {}
        return interpret_tool(Tool(name=name, description="", spec="s", input_schema={
            "type": "object", "properties": props, "required": list(props)})).entity

    assert kind("get_team_components", "team_id") == "component"
    assert kind("list_project_members", "project_id") == "member"
    assert kind("get_file_styles", "file_key") == "style"
    assert kind("get_file_contents", "path") == "file" and kind("read_text_file", "path") == "file"
    assert kind("list_repository_branches", "repo") == "branch"


def test_a_verb_the_table_does_not_know_opening_both_name_and_description_is_what_the_tool_does(tmp_path):
    """`confirm_order` "Confirm a pending order" confirms an order (it read a `confirm_order`), `equip_item` equips
    an item, `manage_patterns` "Manages the … patterns library" works on patterns; the request says that verb. A
    word that is also a noun (`poll_download`), or one the description does not open with, stays as it was."""
    def tool(name: str, desc: str, param: str) -> dict:
        return _tool(name, desc, {param: {"type": "string", "description": "Its ID"}})

    tools = [tool("confirm_order", "Confirm a pending order; moves it to confirmed status.", "order_id"),
             tool("equip_item", "Equip a specific item.", "item_id"),
             tool("manage_patterns", "Manages the prompt optimization patterns library.", "pattern_id"),
             tool("google_search", "Search Google for a query.", "query"),
             _tool("list_orders", "List all orders.", {})]
    (tmp_path / "shop.json").write_text(json.dumps({"tools": tools}))
    suite = load_suite([tmp_path / "shop.json"])
    ns = namespaces(suite)[suite.tools[0].spec]
    its = {t.name: interpret_tool(t, ns) for t in suite.tools}
    assert (its["confirm_order"].action, its["confirm_order"].entity) == (Action.execute, "order")
    assert its["equip_item"].entity == "item" and its["manage_patterns"].entity == "pattern"
    assert its["google_search"].action is Action.search  # ("google" opens no description here: a name)
    _, scenarios = generate_local(suite, RunConfig(seed=7), str(tmp_path / "h"))
    asked = " ".join(s.instruction for s in scenarios if any(c.tool == "confirm_order" for c in s.calls))
    assert "confirm the" in asked and "confirm_order" not in asked, asked


def test_a_search_that_finds_one_record_by_the_key_naming_it_is_a_lookup():
    """`bank-search(code)` "Find information about a Brazilian bank by its code" answered like a web search (hits
    with snippets and scores); it reads that bank. A search by a query, or one taking more than the key, stays one."""
    def action(name: str, desc: str, params: list[str]) -> Action:
        props = {p: {"type": "string"} for p in params}
        return interpret_tool(Tool(name=name, description=desc, spec="s", input_schema={
            "type": "object", "properties": props, "required": params})).action

    assert action("bank-search", "Find information about a Brazilian bank by its code", ["code"]) is Action.read
    assert action("cnpj-search", "Query information about a company by its CNPJ", ["cnpj"]) is Action.read
    assert action("search_books", "Search books by a query", ["query"]) is Action.search
    assert action("search_orders", "Search orders by the customer ID", ["customer_id"]) is Action.search
    assert action("search_flights", "Search flights by their flight number and date", ["number", "date"]) \
        is Action.search

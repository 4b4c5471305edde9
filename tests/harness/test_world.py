"""The mock world answers oracle calls with their mocks and off-script calls consistently with its state."""

from __future__ import annotations

import json

import pytest

from common.files import load_harness
from common.json_values import canonical_arguments, equivalent, schema_errors
from harness.world import MockWorld, UnknownToolError
from tests.harness.builders import NOTES, ROOT, write_harness


@pytest.fixture
def harness(tmp_path):
    return load_harness(write_harness(tmp_path / "h"))


def _world(harness, sid: str) -> MockWorld:
    return MockWorld(harness.scenario(sid), harness.tool_map(), {i.tool: i for i in harness.interpretations})


def test_equivalent_arguments_normalise_numbers_paths_and_defaults():
    schema = {"type": "object", "properties": {"n": {"type": "integer", "default": 3}, "p": {"type": "string"}}}
    assert equivalent({"n": 3, "p": "/srv/a/b"}, {"n": 3.0, "p": "/srv/a//./b/"}, schema)
    assert equivalent({"p": "x"}, {"p": "x", "n": 3}, schema)  # omitted == default
    assert not equivalent({"p": "x"}, {"p": "x", "n": 4}, schema)
    assert canonical_arguments({"p": " hi "}) == canonical_arguments({"p": "hi"})


def test_oracle_call_returns_its_mock_output_with_oracle_index(harness):
    w = _world(harness, "s-issue")
    r = w.call("create_issue", {"labels": ["bug"], "title": "Crash on start", "priority": 3})
    assert (r.oracle_index, r.output["number"], r.source) == (0, 42, "oracle")
    r = w.call("get_issue", {"issue_number": 42.0})
    assert (r.oracle_index, r.output["state"]) == (1, "open")


def test_invalid_arguments_give_an_error_result_naming_the_problem(harness):
    r = _world(harness, "s-issue").call("get_issue", {"issue_number": "42"})
    assert r.is_error and r.source == "invalid" and "issue_number" in r.error and "integer" in r.error


def test_unknown_tool_raises(harness):
    with pytest.raises(UnknownToolError):
        _world(harness, "s-issue").call("close_issue", {})


def test_off_script_create_then_read_returns_what_was_created(harness):
    w = _world(harness, "s-files")
    created = w.call("write_file", {"path": f"{ROOT}/todo.md", "content": "buy milk"})
    assert created.oracle_index is None and not created.is_error and f"{ROOT}/todo.md" in created.output
    read = w.call("read_file", {"path": f"{ROOT}/todo.md"})
    assert read.output == {"content": "buy milk"} and not schema_errors(harness.tool_map()["read_file"].output_schema,
                                                                         read.output)


def test_listing_includes_entities_created_off_script(harness):
    w = _world(harness, "s-files")
    w.call("write_file", {"path": f"{ROOT}/todo.md", "content": "buy milk"})
    listing = w.call("list_directory", {"path": ROOT})
    assert listing.oracle_index == 2  # still the oracle listing ...
    assert listing.output.splitlines() == ["[FILE] notes.md", "[FILE] readme.md", "[FILE] todo.md"]  # ... plus the new file


def test_deleted_entity_can_no_longer_be_read(harness):
    w = _world(harness, "s-files")
    w.call("write_file", {"path": NOTES, "content": "ship it"})
    w.call("delete_file", {"path": NOTES})
    r = w.call("read_file", {"path": f"{ROOT}/notes.md"})
    assert r.is_error and r.error == f"Error: ENOENT: no such file or directory, open '{NOTES}'"


def _with_issue_7(harness) -> MockWorld:
    """The issue scenario in a world that already holds issue 7 (a precondition)."""
    from schemas import Entity

    scenario = harness.scenario("s-issue")
    state = scenario.state.model_copy(update={"preconditions": [Entity(kind="issue", id="7")]})
    return MockWorld(scenario.model_copy(update={"state": state}), harness.tool_map(),
                     {i.tool: i for i in harness.interpretations})


def test_off_script_read_is_stable_and_valid_against_output_schema(harness):
    w = _with_issue_7(harness)
    first = w.call("get_issue", {"issue_number": 7})
    again = w.call("get_issue", {"issue_number": 7})
    assert first.output == again.output and first.output["number"] == 7
    assert not schema_errors(harness.tool_map()["get_issue"].output_schema, first.output)


def test_unseen_paths_and_ids_answer_not_found_the_way_their_tool_family_does(harness):
    files, issues = _world(harness, "s-files"), _world(harness, "s-issue")
    r = files.call("read_file", {"path": "/srv/w/b.txt"})
    assert (r.is_error, r.output, r.error) == (True, None, "Error: ENOENT: no such file or directory, open '/srv/w/b.txt'")
    assert files.call("list_directory", {"path": "/srv/w"}).error == (
        "Error: ENOENT: no such file or directory, scandir '/srv/w'")
    assert files.call("delete_file", {"path": f"{ROOT}/nope.md"}).is_error
    r = issues.call("get_issue", {"issue_number": 7})
    assert (r.is_error, r.error) == (True, "Not found: no such issue: 7")
    assert issues.call("get_issue", {"issue_number": 7}) == r  # a missing thing stays missing
    assert issues.call("get_issue", {"issue_number": 42}).oracle_index == 1  # the world's own issue reads as before
    # A failed read leaves no trace: nothing is remembered, nothing is listed.
    assert "/srv/w/b.txt" not in files.entity_ids()
    assert "b.txt" not in files.call("list_directory", {"path": ROOT}).output


def test_what_the_scenario_shows_can_be_read_off_script(harness):
    w = _world(harness, "s-files")
    # readme.md is in the state; the directory holding notes.md exists because notes.md's path names it
    assert not w.call("read_file", {"path": f"{ROOT}/readme.md"}).is_error
    assert not w.call("list_directory", {"path": "/srv"}).is_error
    w.call("write_file", {"path": "/srv/new/a.md", "content": "x"})  # written off-script: now it exists
    assert w.call("read_file", {"path": "/srv/new/a.md"}).output == {"content": "x"}
    assert not w.call("list_directory", {"path": "/srv/new"}).is_error


def test_names_and_urls_are_looked_up_in_an_open_world(harness):
    from schemas import Tool

    tools = dict(harness.tool_map())
    for name, arg in (("get_weather", "city"), ("fetch_page", "url")):
        tools[name] = Tool(name=name, inputSchema={"type": "object", "properties": {arg: {"type": "string"}},
                                                   "required": [arg]})
    w = MockWorld(harness.scenario("s-issue"), tools, {i.tool: i for i in harness.interpretations})
    assert not w.call("get_weather", {"city": "Lisbon"}).is_error
    assert not w.call("fetch_page", {"url": "https://example.org/a"}).is_error


def test_sightings_hold_listed_names_under_the_listed_path_and_their_directories():
    from harness.not_found import Sightings, closed_identifier

    seen = Sightings()
    seen.add_call({"path": "/srv/a"}, "[FILE] b.txt\n[DIR] c\n- see issue #17, cus_8fk2Lm1")
    assert {"/srv/a/b.txt", "/srv/a/c", "/srv/a", "/srv", "17", 17, 17.0, "cus_8fk2Lm1"} <= {
        x for x in ["/srv/a/b.txt", "/srv/a/c", "/srv/a", "/srv", "17", 17, 17.0, "cus_8fk2Lm1"] if x in seen}
    assert "/srv/a/d.txt" not in seen and "18" not in seen
    assert [closed_identifier(n, v) for n, v in [("path", "notes.md"), ("issue_number", 7), ("id", "x"),
                                                 ("customer", "cus_8fk2Lm1"), ("city", "Lisbon"),
                                                 ("url", "https://a.io/x"), ("name", "release notes")]] == [
        True, True, True, True, False, False, False]


def _listing_world(tool: str, listing: object, extra_tools: dict | None = None, extra_its: dict | None = None
                   ) -> MockWorld:
    """A world whose scenario lists /srv/app once with `tool` and answers `listing`."""
    from schemas import Call, Entity, Scenario, Tool, WorkflowState
    from tests.harness.builders import INTERPRETATIONS_LIST, TOOLS_DOC

    scenario = Scenario(
        id="s-list", title="List", complexity="simple", category="files", instruction="List /srv/app.",
        novelty_reason="x", follow_up="x", seed=3,
        calls=[Call(tool=tool, arguments={"path": "/srv/app"}, explanation="list", output=listing, grounding="low")],
        state=WorkflowState(preconditions=[Entity(kind="directory", id="/srv/app")]))
    tools = {t["name"]: Tool.model_validate(t) for t in TOOLS_DOC} | (extra_tools or {})
    return MockWorld(scenario, tools, {i.tool: i for i in INTERPRETATIONS_LIST} | (extra_its or {}))


def test_off_script_entries_join_a_listing_in_its_own_style():
    w = _listing_world("list_directory", "[DIR] /srv/app/src\n[FILE] /srv/app/setup.py")
    w.call("write_file", {"path": "/srv/app/notes.md", "content": "x"})
    w.call("write_file", {"path": "/srv/app/docs/guide.md", "content": "y"})  # deeper: shows as its directory
    assert w.call("list_directory", {"path": "/srv/app"}).output.splitlines() == [
        "[DIR] /srv/app/src", "[FILE] /srv/app/setup.py", "[DIR] /srv/app/docs", "[FILE] /srv/app/notes.md"]


def test_repeated_oracle_call_gets_the_same_output(harness):
    w = _world(harness, "s-files")
    a = w.call("read_file", {"path": NOTES})
    b = w.call("read_file", {"path": NOTES})
    assert a.output == b.output == {"content": "ship it"} and a.oracle_index == b.oracle_index == 1


def test_worlds_are_deterministic(harness):
    args = {"title": "Another bug", "body": "details"}
    assert _world(harness, "s-issue").call("create_issue", args) == _world(harness, "s-issue").call("create_issue", args)


def test_numeric_ids_are_listed_as_text(harness):
    w = _with_issue_7(harness)
    w.interpretations["list_directory"] = w.interpretations["list_directory"].model_copy(update={"entity": "issue"})
    w.call("create_issue", {"title": "Crash on start", "labels": ["bug"]})
    w.call("get_issue", {"issue_number": 7})  # reads issue 7, a number id the world holds
    listing = w.call("list_directory", {"path": "issues"})
    listed = {row.get("number") for row in json.loads(listing.output)}  # a JSON list of issue records
    assert {42, 7} <= listed and w.entity_ids() == ["42", "7"]


def test_moved_entity_reads_under_its_new_id_and_listings_follow(harness):
    from schemas import Tool
    from tests.harness.builders import interpretation

    tools = dict(harness.tool_map())
    tools["move_file"] = Tool(name="move_file", inputSchema={
        "type": "object", "properties": {"source": {"type": "string"}, "destination": {"type": "string"}},
        "required": ["source", "destination"]})
    its = {i.tool: i for i in harness.interpretations}
    its["move_file"] = interpretation("move_file", "update", "file", [("source", "identifier", True),
                                                               ("destination", "target", True)])
    w = MockWorld(harness.scenario("s-files"), tools, its)
    w.call("write_file", {"path": f"{ROOT}/a.md", "content": "alpha"})
    w.call("move_file", {"source": f"{ROOT}/a.md", "destination": f"{ROOT}/b.md"})
    w.call("delete_file", {"path": f"{ROOT}/readme.md"})  # a precondition file, listed by the oracle
    assert w.call("read_file", {"path": f"{ROOT}/a.md"}).is_error
    assert w.call("read_file", {"path": f"{ROOT}/b.md"}).output == {"content": "alpha"}
    listing = w.call("list_directory", {"path": ROOT})
    assert listing.oracle_index == 2
    assert listing.output.splitlines() == ["[FILE] notes.md", "[FILE] b.md"]


def test_numbers_no_double_holds_and_deep_nesting_are_named_as_unusable_arguments():
    from common.json_values import MAX_DEPTH, canonical_arguments, unusable_value

    deep: object = 1
    for _ in range(MAX_DEPTH + 1):
        deep = [deep]
    assert unusable_value({"tail": 10 ** 400}) == "tail: number out of range (401 digits)"
    assert unusable_value({"a": {"b": [1, float("inf")]}}) == "a.b.1: inf is not a number a tool accepts"
    assert unusable_value({"x": deep}).endswith(f"nested deeper than {MAX_DEPTH} levels")
    assert unusable_value({"tail": 10 ** 300, "x": [[{"y": None}]], "s": "9" * 500}) is None
    schema = {"type": "object", "properties": {"tail": {"type": "integer"}}}
    assert canonical_arguments({"tail": 10 ** 400}, schema) != canonical_arguments({"tail": 10 ** 400 + 1}, schema)


def test_structured_listings_follow_creates_and_deletes_in_their_records_own_style():
    from schemas import Tool
    from tests.harness.builders import interpretation

    record = {"type": "object", "required": ["name", "path", "type"], "properties": {
        "name": {"type": "string"}, "path": {"type": "string"}, "type": {"type": "string", "enum": ["file", "dir"]}}}
    tool = Tool(name="list_entries", inputSchema={
        "type": "object", "properties": {"path": {"type": "string"}}, "required": ["path"]}, outputSchema={
        "type": "object", "properties": {"entries": {"type": "array", "items": record}}, "required": ["entries"]})
    listed = {"entries": [{"name": "setup.py", "path": "/srv/app/setup.py", "type": "file"},
                          {"name": "src", "path": "/srv/app/src", "type": "dir"}]}
    w = _listing_world("list_entries", listed, {"list_entries": tool}, {"list_entries": interpretation(
        "list_entries", "list", "directory", [("path", "identifier", True)])})
    w.call("write_file", {"path": "/srv/app/notes.md", "content": "x"})
    w.call("write_file", {"path": "/srv/app/docs/guide.md", "content": "y"})
    w.call("delete_file", {"path": "/srv/app/setup.py"})  # known only from the listing: it leaves it
    got = w.call("list_entries", {"path": "/srv/app"})
    assert got.oracle_index == 0 and got.output["entries"] == [
        {"name": "src", "path": "/srv/app/src", "type": "dir"},
        {"name": "docs", "path": "/srv/app/docs", "type": "dir"},
        {"name": "notes.md", "path": "/srv/app/notes.md", "type": "file"}]
    assert w.call("read_file", {"path": "/srv/app/setup.py"}).error.startswith("Error: ENOENT")

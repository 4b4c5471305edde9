"""seer verify's pure parts: sandbox paths, identifier mapping, fidelity measures, precondition plans."""

from __future__ import annotations

from pathlib import Path

import pytest

from harness.verify_ids import IdMap, counterpart, shape_of
from harness.verify_metrics import fidelity, structure_agreement, summarise, text_similarity
from harness.verify_preconditions import assumed, content_text, creator, plan
from harness.verify_sandbox import PathMap, VerifyError, command_argv, path_parameters
from schemas import Call, Entity, Scenario, Tool, WorkflowState
from tests.harness.builders import INTERPRETATIONS_LIST, TOOLS_DOC, interpretation

SANDBOX = Path("/tmp/sbx")


def scenario(calls, preconditions=(), context=None):
    return Scenario(id="s", title="t", complexity="simple", category="c", instruction="i", novelty_reason="n",
                    follow_up="f", calls=calls,
                    state=WorkflowState(preconditions=list(preconditions), context=context or {}))


def test_context_path_becomes_the_sandbox_and_paths_under_it_keep_their_relative_part():
    s = scenario([Call(tool="git_status", arguments={"repo_path": "/srv/acme/api"}, explanation="x")])
    paths = PathMap.for_scenario(SANDBOX, s, {"repo_path"})
    assert paths.real("/srv/acme/api") == "/tmp/sbx"
    assert paths.real("/srv/acme/api/") == "/tmp/sbx"
    assert paths.real("/srv/acme/api/src/main.py") == "/tmp/sbx/src/main.py"


def test_other_absolute_paths_are_rerooted_and_relative_ones_joined_to_the_sandbox():
    paths = PathMap(SANDBOX)
    assert paths.real("/etc/app/config.yaml") == "/tmp/sbx/etc/app/config.yaml"
    assert paths.real("notes/today.md") == "/tmp/sbx/notes/today.md"
    assert paths.real(".") == "/tmp/sbx"
    assert paths.real("https://example.com/a") == "https://example.com/a"
    assert paths.imagined("wrote /tmp/sbx/notes/today.md") == "wrote notes/today.md"


def test_a_real_output_naming_the_sandbox_path_of_a_value_is_nothing_to_learn():
    """A real search names the file inside the sandbox; learning that path would prefix the sandbox twice."""
    paths = PathMap(SANDBOX)
    found = counterpart("/srv/a/tests/x.yaml", {"content": "/srv/a/tests/x.yaml"},
                        {"content": "/tmp/sbx/srv/a/tests/x.yaml"})
    assert found == "/tmp/sbx/srv/a/tests/x.yaml"
    assert paths.holds("/srv/a/tests/x.yaml", found)
    assert not paths.holds("/srv/a/tests/y.yaml", found)


def test_only_path_parameters_are_mapped_lists_included():
    interp = {i.tool: i for i in INTERPRETATIONS_LIST}
    tools = {t["name"]: t for t in TOOLS_DOC}
    assert path_parameters(interp["write_file"], tools["write_file"]["inputSchema"]) == {"path"}
    assert path_parameters(interp["create_issue"], tools["create_issue"]["inputSchema"]) == frozenset()
    mapped = PathMap(SANDBOX).map_arguments({"paths": ["a.md", "/b/c.md"], "n": 3}, frozenset({"paths"}))
    assert mapped == {"paths": ["/tmp/sbx/a.md", "/tmp/sbx/b/c.md"], "n": 3}


def test_server_command_substitutes_the_sandbox_and_rejects_bad_lines():
    assert command_argv("srv --root {sandbox} --x", SANDBOX, "--server") == ["srv", "--root", "/tmp/sbx", "--x"]
    with pytest.raises(VerifyError, match="--server"):
        command_argv("srv 'unclosed", SANDBOX, "--server")
    with pytest.raises(VerifyError, match="empty"):
        command_argv("   ", SANDBOX, "--server")


def test_an_invented_hash_maps_to_the_real_hash_at_the_same_position():
    mock = "2 commits found:\n- d109b53\n- 33b0b76"
    real = "Commit: 'aaaa1111bbbb'\nAuthor: x\nCommit: 'cccc2222dddd'"
    assert counterpart("33b0b76", mock, real) == "cccc2222dddd"
    assert counterpart("d109b53", mock, real) == "aaaa1111bbbb"
    # a word-shaped id of a commit still stands for a hash
    assert counterpart("commit-one", "- commit-one", real, kind="commit") == "aaaa1111bbbb"
    assert counterpart("commit-one", "- commit-one", real) is None


def test_a_structured_id_is_read_at_the_same_json_path_and_echoed_values_stay():
    assert counterpart("42", {"number": 42, "title": "t"}, {"number": 7, "title": "t"}) == "7"
    assert counterpart("Ada", {"entities": [{"name": "Ada"}]}, {"entities": [{"name": "Ada"}]}) == "Ada"
    # a number inside a longer one is not an echo of it: the number at the same place is the counterpart
    assert counterpart("10", "issue 10", "issue 100") == "100"
    assert counterpart("10", "issue 10", "no numbers here") is None
    assert shape_of("3f2a9c1") == "hash" and shape_of("1234567") == "number" and shape_of("main") is None


def test_id_map_replaces_values_everywhere_and_keeps_numbers_numbers():
    ids = IdMap()
    ids.learn(42, "7")
    ids.learn("d109b53", "abc1234ef")
    ids.learn("same", "same")
    assert ids.apply({"n": 42, "revs": ["d109b53", "x"], "deep": {"r": "d109b53"}, "flag": True}) == {
        "n": 7, "revs": ["abc1234ef", "x"], "deep": {"r": "abc1234ef"}, "flag": True}
    assert "same" not in ids.known


def test_text_similarity_is_token_overlap_f1():
    assert text_similarity("ship it now", "ship it now") == 1.0
    assert text_similarity("alpha beta", "gamma delta") == 0.0
    assert text_similarity("", "") == 1.0
    assert text_similarity("a b c d", "a b") == pytest.approx(2 * (0.5 * 1.0) / 1.5)


def test_structure_agreement_counts_keys_and_types_and_ignores_what_an_empty_array_cannot_show():
    keys, types = structure_agreement({"a": 1, "b": "x"}, {"a": "1"})
    assert keys == 0.5 and types == 0.0
    keys, types = structure_agreement({"items": [{"name": "n"}], "total": 1}, {"items": [], "total": 0})
    assert keys == 1.0 and types == 1.0


def test_fidelity_checks_the_real_output_against_the_output_schema():
    schema = {"type": "object", "properties": {"content": {"type": "string"}}, "required": ["content"]}
    good = fidelity({"content": "hello world"}, {"content": "hello there"}, schema)
    assert good["schema_valid"] is True and good["key_agreement"] == 1.0 and 0 < good["text_similarity"] < 1
    bad = fidelity({"content": "x"}, {"text": "x"}, schema)
    assert bad["schema_valid"] is False and bad["key_agreement"] == 0.0
    assert fidelity("some text", "some text", None) == {"text_similarity": 1.0, "schema_valid": None}


def test_summary_sets_missing_precondition_failures_apart():
    calls = [{"ok": True, "failure": None, "fidelity": {"text_similarity": 0.5}},
             {"ok": False, "failure": "missing_precondition"},
             {"ok": False, "failure": "tool_error"},
             {"ok": True, "failure": None, "fidelity": {"text_similarity": 1.0}}]
    s = summarise(calls)
    assert (s["calls"], s["succeeded"], s["missing_precondition"]) == (4, 2, 1)
    assert s["executability"] == 0.5 and s["executability_excluding_missing"] == pytest.approx(0.6667)
    assert s["text_similarity"] == 0.75 and s["key_agreement"] is None


def test_preconditions_are_created_with_the_suites_creating_tool_containing_what_the_scenario_expects():
    tools = {t["name"]: Tool.model_validate(t) for t in TOOLS_DOC}
    interps = {i.tool: i for i in INTERPRETATIONS_LIST}
    file = Entity(kind="file", id="/srv/a.md", attributes={"edits": [{"oldText": "old line", "newText": "new"}]})
    s = scenario([Call(tool="read_file", arguments={"path": "/srv/a.md"}, explanation="x")],
                 preconditions=[file, Entity(kind="directory", id="/srv")])
    steps = plan(s, tools, interps)
    assert [st.entity.kind for st in steps] == ["directory", "file"]  # containers first
    assert steps[0].tool is None and "directory" in steps[0].reason
    assert steps[1].tool == "write_file" and steps[1].arguments["path"] == "/srv/a.md"
    assert "old line" in steps[1].arguments["content"]
    assert content_text(Entity(kind="file", id="b", attributes={"content": "exact"})) == "exact"


def test_an_entity_inside_an_array_argument_gets_its_name_and_type():
    schema = {"type": "object", "required": ["entities"], "properties": {"entities": {"type": "array", "items": {
        "type": "object", "required": ["name", "entityType", "observations"], "properties": {
            "name": {"type": "string"}, "entityType": {"type": "string"},
            "observations": {"type": "array", "items": {"type": "string"}}}}}}}
    tools = {"create_entities": Tool(name="create_entities", inputSchema=schema)}
    interps = {"create_entities": interpretation("create_entities", "create", "entity", [("entities", "content", True)])}
    assert creator("entity", tools, interps) == "create_entities"
    s = scenario([Call(tool="create_entities", arguments={"entities": []}, explanation="x")],
                 preconditions=[Entity(kind="entity", id="Ada Lovelace")])
    (step,) = plan(s, tools, interps)
    assert step.arguments == {"entities": [{"name": "Ada Lovelace", "entityType": "entity", "observations": []}]}


def test_entities_a_listing_revealed_are_assumed_to_exist_but_created_ones_are_not():
    interps = {i.tool: i for i in INTERPRETATIONS_LIST}
    s = scenario([Call(tool="list_directory", arguments={"path": "/srv"}, explanation="x"),
                  Call(tool="write_file", arguments={"path": "/srv/new.md", "content": "c"}, explanation="x")])
    s.state.entities = [Entity(kind="file", id="/srv/seen.md", created_by=0),
                        Entity(kind="file", id="/srv/new.md", created_by=1)]
    assert [e.id for e in assumed(s, interps)] == ["/srv/seen.md"]


def test_only_the_first_parameter_naming_the_new_entity_gets_its_id():
    schema = {"type": "object", "required": ["branch_name"], "properties": {
        "branch_name": {"type": "string"}, "base_branch": {"type": "string"}}}
    tools = {"create_branch": Tool(name="create_branch", inputSchema=schema)}
    it = interpretation("create_branch", "create", "branch",
                        [("branch_name", "identifier", True), ("base_branch", "identifier", False)])
    s = scenario([Call(tool="create_branch", arguments={"branch_name": "x"}, explanation="x")],
                 preconditions=[Entity(kind="branch", id="feature/a")])
    (step,) = plan(s, tools, {"create_branch": it})
    assert step.arguments == {"branch_name": "feature/a"}

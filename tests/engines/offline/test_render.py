"""Text results of tools without an outputSchema look like what real MCP servers return."""

from datetime import timedelta
import json
import re

import pytest

from engines.offline.mock import mock_call
from engines.offline.outputs import token_in
from schemas import Action, ScenarioRequest, WorkflowState


def _text_calls(covered, spec):
    pipe, scenarios, _ = covered(spec)
    tools = pipe.suite.by_name()
    return pipe, [(s, c) for s in scenarios for c in s.calls if tools[c.tool].output_schema is None]


def test_list_results_are_json_holding_every_listed_id(covered):
    for spec in ("github", "supabase", "slack"):
        pipe, calls = _text_calls(covered, spec)
        listings = [(s, c) for s, c in calls if pipe.interpretations[c.tool].action in (Action.list, Action.search)]
        assert listings
        for s, c in listings:
            if c.output.startswith(("[DIR]", "[FILE]", "/")):
                continue  # filesystem-style listing of paths
            data = json.loads(c.output)
            rows = data if isinstance(data, list) else data.get("items") or next(
                v for v in data.values() if isinstance(v, list))
            assert isinstance(rows, list)
            k = s.calls.index(c)
            for e in s.state.entities:
                if e.created_by == k:
                    assert token_in(e.id, c.output), (c.tool, e.id)


def test_text_results_are_records_not_prose(covered):
    pipe, calls = _text_calls(covered, "github")
    assert calls
    for _, c in calls:
        assert "(last changed by" not in c.output and not c.output.startswith(("Created ", "Updated ", "Deleted "))
        assert not re.match(r"^\d+ \w+ found:", c.output)


def test_one_entity_reads_the_same_in_every_result_of_a_scenario(covered):
    """Between two writes to it; a call that retitles the issue starts a new reading, and no result before
    that call shows the new title."""
    pipe, calls = _text_calls(covered, "github")
    scenarios = list({id(s): s for s, _ in calls}.values())
    # (whether the covering set retitles an issue is up to its draws: requests about update_issue make sure)
    for index in range(40):
        if any(c.tool == "update_issue" and "title" in c.arguments for s in scenarios for c in s.calls):
            break
        req = ScenarioRequest(id=f"r{index}", index=index, seed=500 + index, complexity="complex",
                              focus_tools=["update_issue"], uncovered_tools=[], strategy="uncovered-loop")
        extra = pipe.run(req, [])
        if extra is not None:
            scenarios.append(extra)
    seen = retitled = 0
    for s in scenarios:
        titles: dict[tuple[int, int], set[str]] = {}
        epoch: dict[int, int] = {}
        later = {c.arguments["title"]: k for k, c in enumerate(s.calls) if c.tool == "update_issue" and "title" in c.arguments}
        for k, c in enumerate(s.calls):
            if c.tool == "update_issue" and "title" in c.arguments:  # its own result shows the new title
                n = c.arguments["issue_number"]
                epoch[n] = epoch.get(n, 0) + 1
                retitled += 1
            if isinstance(c.output, str) and c.output.startswith(("{", "[")):
                data = json.loads(c.output)
                for row in data if isinstance(data, list) else data.get("items", [data]):
                    if isinstance(row, dict) and "number" in row and "title" in row:
                        titles.setdefault((row["number"], epoch.get(row["number"], 0)), set()).add(row["title"])
                        assert later.get(row["title"], -1) <= k, (s.id, k, row["title"])
        for number, names in titles.items():
            seen += 1
            assert len(names) == 1, (s.id, number, names)
    assert seen and retitled


def test_file_info_is_metadata_and_filesystem_results_use_absolute_paths(covered):
    pipe, scenarios, _ = covered("filesystem")
    infos = [c for s in scenarios for c in s.calls if c.tool == "get_file_info"]
    assert infos
    for c in infos:
        text = c.output["content"] if isinstance(c.output, dict) else c.output
        assert re.search(r"^size: \d+$", text, re.M) and "permissions:" in text and "edits" not in text
    for s in scenarios:
        for c in s.calls:
            for name in ("path", "source", "destination"):
                value = c.arguments.get(name)
                if isinstance(value, str):
                    assert value.startswith("/"), (c.tool, name, value)


def test_off_script_create_and_delete_confirm_what_they_did(pipeline):
    pipe = pipeline("github")
    tools, its = pipe.suite.by_name(), pipe.interpretations
    args = {"owner": "acme", "repo": "api", "branch": "feature/export-retry", "from_branch": "main"}
    out, state = mock_call(tools["create_branch"], its["create_branch"], args, WorkflowState(), 4, pipe.suite)
    text = out.output if isinstance(out.output, str) else json.dumps(out.output)
    assert "feature/export-retry" in text


def test_git_results_read_like_git_and_staged_files_live_in_the_repository(covered):
    pipe, scenarios, _ = covered("git-reference")
    seen = set()
    for s in scenarios:
        for c in s.calls:
            out = c.output if isinstance(c.output, str) else json.dumps(c.output)
            if c.tool == "git_commit":
                seen.add("commit")
                assert "committed" in out
            if c.tool == "git_log" and "Commit: " in out:
                seen.add("log")
            for f in c.arguments.get("files", []):
                seen.add("add")
                assert f.startswith(s.state.context["repo_path"] + "/") or not f.startswith("/"), (f, s.state.context)
    assert {"commit", "add"} <= seen


def test_a_result_never_repeats_a_credential_the_call_was_given():
    import random

    from engines.offline.interpret import interpret_tool
    from engines.offline.render import render
    from engines.offline.world import make_org
    from schemas import Tool

    tool = Tool(name="close_alert", description="Close an alert.", spec="s", input_schema={
        "type": "object", "properties": {"alert_id": {"type": "string"}, "apiKey": {"type": "string"},
                                         "note": {"type": "string"}}, "required": ["alert_id", "apiKey"]})
    it = interpret_tool(tool)
    args = {"alert_id": "a_19f", "apiKey": "tok_5f33918ec54b7512", "note": "Fixed upstream"}
    for seed in range(5):
        out = render(tool.name, it, args, [], None, make_org(seed), random.Random(seed))
        assert "tok_5f33918ec54b7512" not in out and "a_19f" in out, out


def test_a_record_with_a_person_s_e_mail_names_that_person():
    from engines.offline.render import one_person
    from engines.offline.world import make_org

    org = make_org(2)
    ana = org.people[1]
    rec = one_person({"email": ana.email, "full_name": "Somebody Else", "first_name": "X", "status": "active"}, org)
    assert rec == {"email": ana.email, "full_name": ana.name, "first_name": ana.name.split()[0], "status": "active"}
    # an address of nobody the organisation knows is made of the record's own name, at its own domain
    other = {"email": "someone@elsewhere.io", "full_name": "Somebody Else"}
    assert one_person(other, org) == {"email": "somebody.else@elsewhere.io", "full_name": "Somebody Else"}
    # unless a later call takes that address as it is
    assert one_person(other, org, frozenset({"someone@elsewhere.io"})) == other


def test_a_history_tool_answers_with_the_changes_that_led_to_the_record_as_it_reads_now(tmp_path):
    """`get_issue_history(issue_id)` lists events, oldest first, the first its creation and each later one setting a
    field to the value the record holds now; none before the issue was made in the workflow, none after the call."""
    from actors.local import generate_local
    from engines.offline.chrono import when
    from schemas import RunConfig
    from specs import load_suite

    issue = {"type": "object", "properties": {"issue_id": {"type": "string"}}, "required": ["issue_id"]}
    tools = [{"name": "create_issue", "description": "Create an issue.", "inputSchema": {
                 "type": "object", "properties": {"title": {"type": "string"}, "state": {"type": "string"}},
                 "required": ["title"]}},
             {"name": "get_issue", "description": "Get an issue.", "inputSchema": issue},
             {"name": "get_issue_history", "description": "Get the history of changes made to an issue.",
              "inputSchema": issue}]
    (tmp_path / "s.json").write_text(json.dumps({"tools": tools}))
    _, scenarios = generate_local(load_suite([tmp_path / "s.json"]), RunConfig(seed=7), str(tmp_path / "h"))
    seen = 0
    for s in scenarios:
        for k, c in enumerate(s.calls):
            if c.tool != "get_issue_history":
                continue
            out = json.loads(c.output)
            events = out["history"]
            assert out["issue_id"] == c.arguments["issue_id"] and events[0]["action"] == "created"
            times = [when(e["created_at"]) for e in events]
            assert times == sorted(times), events
            made = [j for j in range(k) if s.calls[j].tool == "create_issue" and c.arguments["issue_id"] in s.calls[j].output]
            for j in made:  # not before the workflow made it
                assert times[0] >= when(json.loads(s.calls[j].output)["created_at"]) - timedelta(minutes=1), (s.id, events)
            seen += 1
    assert seen


@pytest.mark.parametrize("spec", ["openapi/gettyimages.com.json", "mcp/liveblocks__liveblocks-mcp-server.json"])
def test_a_json_answer_that_must_show_one_more_id_stays_json(tmp_path, spec):
    """The safety net that puts an ID the workflow needs into an answer puts it in a JSON record as a field of
    its own (`"board_id": …`), where it used to append a `board: …` line that broke the JSON (corpus specs)."""
    import json

    from actors.local import generate_local
    from schemas import RunConfig
    from specs import load_suite
    from tests.conftest import ROOT

    manifest, scenarios = generate_local(load_suite([ROOT / "bench" / "corpus" / spec]),
                                         RunConfig.model_validate({"seed": 7}), str(tmp_path / "h"))
    assert manifest.failures == []
    texts = [c.output for s in scenarios for c in s.calls if isinstance(c.output, str) and c.output[:1] == "{"]
    assert texts
    for text in texts:
        json.loads(text)


def test_a_report_takes_the_state_of_the_record_it_is_on_but_no_other_axis_of_it():
    from engines.offline.render import _in_state
    # a status read of a task set `completed`: completed, done in full
    assert _in_state({"state": "in_progress", "progress_percent": 30}, {"status": "completed"}) == \
        {"state": "completed", "progress_percent": 100}
    # a deal's stage is not its status; a record's own progress only follows its own state
    deal = {"status": "active", "stage": "negotiation", "progress_percent": 40}
    assert _in_state(deal, deal, restate=False) == {"progress_percent": 40}
    assert _in_state({"state": "pending", "progress": 53}, {"state": "pending"}, restate=False) == {"progress": 0}


def test_rows_whose_name_is_an_object_of_parts_are_told_apart_without_failing():
    from engines.offline.render import distinct
    from engines.offline.spec_org import org_for
    org = org_for(3)
    person = org.people[0]
    rows = [{"id": "1", "name": {"first": "Ana", "last": "Lopez"}}, {"id": "2", "name": person.name},
            {"id": "3", "name": person.name}]
    out = distinct(rows, org, frozenset(), claimed=frozenset({"1"}))
    assert out[0] == rows[0] and out[1]["name"] == person.name and out[2]["name"] != person.name


def test_two_rows_of_a_listing_do_not_share_a_name_of_the_organisations_or_a_slug():
    """Two channels both `#support`, two projects both `depot-api`, two roles `role-kitchen-staging`: a listing of
    two records that show one name reads as one record twice. The first keeps it, and so does a name a later call
    takes; a name of no known sort is left as it is."""
    from engines.offline.apart import distinct
    from engines.offline.spec_org import org_for
    org = org_for(3)
    team, service = org.teams[0], org.services[0]
    rows = [{"id": str(k), "name": n} for k, n in enumerate(
        [team, team, service, service, "role-kitchen-staging", "role-kitchen-staging", "Q2 plan", "Q2 plan"])]
    out = [r["name"] for r in distinct(rows, org, frozenset())]
    assert out[0] == team and out[1] != team and out[1] in org.teams
    assert out[2] == service and out[3] in org.services and out[3] != service
    assert out[4] == "role-kitchen-staging" and out[5].startswith("role-kitchen-") and out[5] != out[4]
    assert out[6:] == ["Q2 plan", "Q2 plan"]
    kept = [r["name"] for r in distinct(rows[:2], org, frozenset({team}))]
    assert kept == [team, team]


def test_a_hex_id_is_a_commit_sha_only_for_a_commit():
    """Workday's worker IDs are 32 hex digits: a leave balance for one answered `"sha": "0599…"` beside the same
    value as `worker_id`. Only what git hashes is named by a `sha`."""
    from engines.offline.render import key_for
    assert key_for("worker", "059968de7f097720277c2af6910001c0") == "id"
    assert key_for("commit", "3f9e2c1") == "sha" and key_for("revision", "a" * 40) == "sha"

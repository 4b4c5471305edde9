import random

from evaluation import scenario_checks as q
from schemas import ScenarioRequest


def test_expansions_keep_every_call_once_in_order_and_quote_earlier_outputs(covered):
    for spec in ("git", "filesystem", "atlassian"):
        _, scenarios, _ = covered(spec)
        multi = [s for s in scenarios if len(s.turns) >= 2]
        assert multi
        for s in scenarios:
            assert q.turn_errors(s) == []


def test_a_one_call_scenario_stays_one_turn_holding_the_instruction(pipeline):
    pipe = pipeline("filesystem")
    for seed in range(10):
        s = pipe.run(ScenarioRequest(id="o", index=seed, seed=seed, complexity="simple", focus_tools=["get_file_info"]))
        if len(s.calls) == 1:
            assert len(s.turns) == 1 and s.turns[0].user == s.instruction and s.turns[0].calls == [0]
            return
    raise AssertionError("no one-call scenario in ten seeds")


def test_later_turns_state_values_they_use_instead_of_step_numbers(covered):
    _, scenarios, _ = covered("github")
    for s in scenarios:
        for turn in s.turns[1:]:
            for k in turn.calls:
                for arg, src in s.calls[k].sources.items():
                    if src < turn.calls[0]:
                        value = s.calls[k].arguments[arg]
                        value = value[0] if isinstance(value, list) else value
                        assert str(value) in turn.user


def test_a_later_turn_that_takes_no_earlier_value_acknowledges_what_it_saw_rather_than_claiming_to_use_it():
    from engines.offline.prose import _LEADS, _NOTED, lead

    rng = random.Random(1)
    for _ in range(10):
        noted = lead("cus_1", "the customer list", rng, used=False)
        assert any(noted == t.format(v="`cus_1`", n="the customer list") for t in _NOTED)
        used = lead("cus_1", "the customer list", rng, used=True)
        assert any(used == t.format(v="`cus_1`", n="the customer list") for t in _LEADS)


def test_a_turn_that_takes_nothing_remarks_on_a_title_or_state_the_result_showed():
    import json

    from engines.offline.expand import notable
    from engines.offline.prose import _REMARKS, remark

    hits = json.dumps({"total_count": 2, "items": [{"id": 7, "title": "Heat pumps explained", "score": 0.9},
                                                    {"id": 8, "title": "Heat pumps in 2026", "score": 0.8}]})
    assert notable(hits) == ("title", "Heat pumps explained")
    assert notable({"status": "resolved", "updated_at": "2026-01-02T03:04:05Z"}) == ("status", "resolved")
    assert notable({"id": 5, "updated_at": "2026-01-02T03:04:05Z"}) is None  # nothing worth saying: no remark
    said = remark("title", "Heat pumps explained", "the search results", random.Random(0))
    assert "`Heat pumps explained`" in said and any(said == r.format(f="title", v="`Heat pumps explained`",
                                                                       n="the search results") for r in _REMARKS)


def test_a_turn_remarks_on_what_the_result_said_not_on_what_the_call_was_given():
    from engines.offline.expand import notable

    out = '[{"name": "asc", "state": "open"}]'
    assert notable(out, {"order": "asc"}) == ("state", "open")
    assert notable(out) == ("name", "asc")


def test_a_follow_up_may_ask_for_what_another_tool_can_do_with_a_record_just_shown(tmp_path):
    """After a search for papers, "Could you download the paper `p-2` next?": the next step the spec's own
    tools offer, on a record the last result showed, by a tool the scenario has not called."""
    import json
    import re

    from actors.local import generate_local
    from schemas import RunConfig
    from specs import load_suite

    paper = {"type": "object", "properties": {"paper_id": {"type": "string"}}, "required": ["paper_id"]}
    tools = [{"name": "search_papers", "description": "Search for papers.",
              "inputSchema": {"type": "object", "properties": {"query": {"type": "string"}}, "required": ["query"]}},
             {"name": "download_paper", "description": "Download a paper.", "inputSchema": paper},
             {"name": "read_paper", "description": "Read a stored paper.", "inputSchema": paper}]
    (tmp_path / "spec.json").write_text(json.dumps({"tools": tools}))
    _, scenarios = generate_local(load_suite([tmp_path / "spec.json"]), RunConfig.model_validate({"seed": 7}),
                                  str(tmp_path / "h"))
    onward = [s for s in scenarios if s.follow_up.startswith(("Could you", "Can you", "While you're at it"))
              and re.search(r"\b(download|pull up)\b", s.follow_up)]
    assert onward
    for s in onward:
        quoted = re.findall(r"`([^`]+)`", s.follow_up)
        assert quoted and all(q.in_output(v, s.calls[-1].output) for v in quoted), s.follow_up
        verb = "download_paper" if "download" in s.follow_up else "read_paper"
        assert verb not in {c.tool for c in s.calls}, (s.follow_up, [c.tool for c in s.calls])


def test_a_value_the_call_was_given_back_is_nothing_to_quote_from_its_result():
    from engines.offline.expand import salient

    empty = '{"total_count": 0, "items": [], "path": "/srv/acme/src"}'
    assert salient(empty) == "/srv/acme/src"
    assert salient(empty, {"path": "/srv/acme/src", "pattern": "*.py"}) is None
    found = '{"total_count": 1, "items": [{"path": "/srv/acme/src/retry.py"}], "path": "/srv/acme/src"}'
    assert salient(found, {"path": "/srv/acme/src"}) == "/srv/acme/src/retry.py"


def test_an_empty_listing_is_told_from_a_record_read_by_its_key():
    from engines.offline.expand import _found_nothing

    assert _found_nothing('{"total_count": 0, "items": [], "path": "/srv/acme/src"}')
    assert _found_nothing("No matches found") and _found_nothing("[]")
    assert not _found_nothing({"result": "key: idx:assets\ntype: list"})
    assert not _found_nothing('{"total_count": 2, "items": [{"id": 1}, {"id": 2}]}')


def test_a_number_a_turn_quotes_is_quoted_whole():
    from engines.offline.expand import salient
    assert salient("5489.73") == "5489.73"  # the sum, not `5489`
    assert salient("Host 10.0.0.12 answered") != "10.0"


def test_turns_say_a_wrapped_tool_s_fields_as_the_request_does_not_its_wrapper(tmp_path):
    """Tools whose arguments sit inside one object (`data={…}`) are asked for in the turns as in the request,
    by the fields inside ("list the attachments up to 2026-03-17"), never "with data `{"endDate": …}`"."""
    import json

    from actors.local import generate_local
    from schemas import RunConfig
    from specs import load_suite

    def wrapped(name: str, description: str, props: dict, required: list[str] = ()) -> dict:
        inner = {"type": "object", "properties": props, "required": list(required)}
        return {"name": name, "description": description,
                "inputSchema": {"type": "object", "properties": {"data": inner}, "required": ["data"]}}

    tools = [wrapped("create_note", "Create a note.", {"title": {"type": "string"}, "body": {"type": "string"}}, ["title"]),
             wrapped("list_notes", "List notes.", {"limit": {"type": "integer"},
                                                   "endDate": {"type": "string", "format": "date"}}),
             wrapped("get_note", "Get a note by its ID.", {"note_id": {"type": "string"}}, ["note_id"]),
             wrapped("delete_note", "Delete a note.", {"note_id": {"type": "string"}}, ["note_id"])]
    (tmp_path / "spec.json").write_text(json.dumps({"tools": tools}))
    _, scenarios = generate_local(load_suite([tmp_path / "spec.json"]), RunConfig.model_validate({"seed": 7}),
                                  str(tmp_path / "h"))
    turns = [t.user for s in scenarios for t in s.turns[1:]]
    assert len(turns) >= 3
    for s in scenarios:
        for t in s.turns:
            assert "data `" not in t.user and "with data" not in t.user, t.user


def test_a_turn_after_a_listing_it_takes_nothing_from_says_how_many_came_back_and_their_names(tmp_path):
    """"So there are two cases, `Appointment suite` and `Q4 clinic completion`. Can you create …", not one field
    of one row remarked on ("OK, title `Appointment suite`, according to the case list.")."""
    import json
    import re

    from actors.local import generate_local
    from schemas import RunConfig
    from specs import load_suite

    def tool(name: str, desc: str, props: dict) -> dict:
        return {"name": name, "description": desc,
                "inputSchema": {"type": "object", "properties": props, "required": list(props)[:1]}}

    project = {"projectId": {"type": "number", "description": "Project ID"}}
    tools = [tool("get_cases", "Get test cases for a project", project),
             tool("create_case", "Create new test case", {"title": {"type": "string"},
                                                          "sectionId": {"type": "number", "description": "Section ID"}}),
             tool("get_projects", "Get all projects", {})]
    (tmp_path / "spec.json").write_text(json.dumps({"tools": tools}))
    _, scenarios = generate_local(load_suite([tmp_path / "spec.json"]), RunConfig.model_validate({"seed": 3}),
                                  str(tmp_path / "h"))
    counts = ("two", "three", "four", "five", "one")
    seen = 0
    for s in scenarios:
        for before, turn in zip(s.turns, s.turns[1:]):
            last = s.calls[before.calls[-1]]
            if last.tool not in ("get_cases", "get_projects") or any(
                    src == before.calls[-1] for k in turn.calls for src in s.calls[k].sources.values()):
                continue
            rows = json.loads(last.output) if isinstance(last.output, str) else last.output
            rows = rows if isinstance(rows, list) else next(v for v in rows.values() if isinstance(v, list))
            opening = turn.user.split(". ")[0]
            assert not opening.startswith("Interesting") and " gives " not in opening, turn.user
            assert any(re.search(rf"\b{c}\b", opening) for c in counts), turn.user
            assert all(q.in_output(v, last.output) for v in re.findall(r"`([^`]+)`", opening)), turn.user
            assert len(rows) < 2 or " and " in opening or "first" in opening or "among" in opening, turn.user
            seen += 1
    assert seen, [t.user for s in scenarios for t in s.turns]


def test_a_record_picked_from_a_listing_is_asked_for_by_the_name_the_listing_shows(tmp_path):
    """"Get all projects and read the first one" picks whatever comes first; a person asks for the project they
    mean, by the name the listing shows ("… read the one named `fare-api`"), and the call takes that row's ID."""
    import json
    import re

    from actors.local import generate_local
    from schemas import RunConfig
    from specs import load_suite

    project = {"type": "object", "properties": {"projectId": {"type": "number", "description": "Project ID"}},
               "required": ["projectId"]}
    tools = [{"name": "get_projects", "description": "Get all projects", "inputSchema": {"type": "object", "properties": {}}},
             {"name": "get_project", "description": "Get a project by its ID", "inputSchema": project},
             {"name": "get_cases", "description": "Get test cases for a project", "inputSchema": project}]
    (tmp_path / "spec.json").write_text(json.dumps({"tools": tools}))
    _, scenarios = generate_local(load_suite([tmp_path / "spec.json"]), RunConfig(seed=3), str(tmp_path / "h"))
    named = [s for s in scenarios if "the one named `" in s.instruction]
    assert named, [s.instruction for s in scenarios]
    for s in named:
        name = re.search(r"the one named `([^`]+)`", s.instruction).group(1)
        k, arg, src = next((k, a, src) for k, c in enumerate(s.calls) for a, src in c.sources.items())
        row = next(r for r in q.listed_rows(s.calls[src].output) if r.get("name") == name)
        assert str(row["id"]) == str(s.calls[k].arguments[arg]) and "the first" not in s.instruction, s.instruction


def test_a_listing_whose_rows_have_no_names_or_one_is_taken_in_without_failing():
    """Rows with no name of their own (`{id, amount}`) give no tally, so the turn quotes a value of the result
    instead (a turn that quotes nothing is no reaction to it); three rows with one name say that one."""
    import json

    from engines.offline.expand import tally
    from schemas import Action, ToolInterpretation

    it = ToolInterpretation(tool="list_payments", functionality="List payments.", action=Action.list, entity="payment",
                            parameters=[], required_parameters=[], use_cases=["To see payments"], tags=["finance"])
    bare = json.dumps([{"id": "p1", "amount": 5}, {"id": "p2", "amount": 7}])
    assert tally(it, bare, random.Random(0)) is None
    one = json.dumps([{"id": "p1", "name": "Rent"}, {"id": "p2"}, {"id": "p3"}])
    for k in range(6):
        said = tally(it, one, random.Random(k))
        assert "three" in said and "`Rent`" in said, said

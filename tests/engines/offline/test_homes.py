"""An ID of another kind that a call is given beside its own names where the record is: "create a new run
run-x in the project 716469", "in the same project", "in the first one", never "with project id set to …"."""

from __future__ import annotations

import json
import re
from pathlib import Path

from actors.local import generate_local
from engines.offline.homes import home
from schemas import Action, ParameterInterpretation, ParameterRole, RunConfig, ToolInterpretation
from specs import load_suite

_PROJECT = {"projectId": {"type": "integer", "description": "Project ID"}}


def _tool(name: str, desc: str, props: dict) -> dict:
    return {"name": name, "description": desc, "inputSchema": {"type": "object", "properties": props,
                                                                 "required": list(props)}}


def _spec(tmp_path: Path) -> Path:
    tools = [_tool("list_projects", "List all projects.", {}),
             _tool("create_run", "Create a new test run.", {**_PROJECT, "name": {"type": "string"}}),
             _tool("get_case", "Get a test case.", {"caseId": {"type": "integer"}, **_PROJECT}),
             _tool("list_cases", "List the test cases of a project.", dict(_PROJECT))]
    path = tmp_path / "runs.json"
    path.write_text(json.dumps({"tools": tools}))
    return path


def test_the_id_of_where_a_record_is_is_said_as_where_it_is(tmp_path):
    _, scenarios = generate_local(load_suite([_spec(tmp_path)]), RunConfig(seed=7), str(tmp_path / "h"))
    made = [s for s in scenarios if any(c.tool == "create_run" for c in s.calls)]
    assert made
    for s in scenarios:
        texts = [s.instruction] + [t.user for t in s.turns or []]
        assert not any(re.search(r"project id", t, re.I) for t in texts), texts
    for s in made:
        c = next(c for c in s.calls if c.tool == "create_run")
        said = rf"new run `?{re.escape(c.arguments['name'])}`? in (?:the project {c.arguments['projectId']}|the same " \
               rf"project|the first one|the first project in the project list)"
        assert re.search(said, s.instruction), s.instruction


def test_two_ids_of_one_kind_keep_their_names():
    def p(name: str) -> ParameterInterpretation:
        return ParameterInterpretation(name=name, role=ParameterRole.identifier, entity="project", required=True)

    one = ToolInterpretation(tool="create_run", functionality="Create a run.", action=Action.create, entity="run",
                             parameters=[p("projectId")], required_parameters=["projectId"],
                             use_cases=["Create a run"], tags=["general"])
    assert home(one, {"projectId": 5}, "projectId") == ("in", "project")
    two = one.model_copy(update={"parameters": [p("projectId"), p("targetProjectId")]})
    assert home(two, {"projectId": 5, "targetProjectId": 6}, "projectId") is None  # which is which needs the names
    # a record of the call's own kind is what it acts on, not where it is
    own = one.model_copy(update={"entity": "project"})
    assert home(own, {"projectId": 5}, "projectId") is None

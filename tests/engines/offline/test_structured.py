"""Small structured arguments are said in words in requests and turns, never dictated as JSON, and every value
they hold is still stated for the agent."""

from __future__ import annotations

import json
import re
from pathlib import Path

from actors.local import generate_local
from engines.offline.structured import in_words
from evaluation import scenario_checks as q
from schemas import RunConfig
from specs import load_suite


def test_a_few_scalars_and_a_flat_object_read_as_words_and_deeper_data_stays_json():
    assert in_words(["bug"]) == "bug"
    assert in_words(["bug", "urgent"]) == "(bug and urgent)"
    assert in_words({"countryCode": "BR", "strict": True}) == "(country code BR, with strict on)"
    # a field listing several is told from the next by a semicolon, not a comma
    assert in_words({"tags": ["beta", "eu"], "location": "London"}) == "(tags beta and eu; location London)"
    assert in_words({"data": {"id": "1"}}) is None
    assert in_words([{"path": "a"}]) is None
    assert in_words(list("abcde")) is None


def _spec(tmp_path: Path) -> Path:
    tools = [{"name": "check_card", "description": "Check whether a card supports 3D Secure.",
              "inputSchema": {"type": "object", "required": ["card_number", "merchant_details", "labels"], "properties": {
                  "card_number": {"type": "string", "description": "The card number."},
                  "merchant_details": {"type": "object", "properties": {
                      "countryCode": {"type": "string", "description": "Two-letter country code."},
                      "mcc": {"type": "string", "description": "Merchant category code."}},
                      "required": ["countryCode", "mcc"]},
                  "labels": {"type": "array", "minItems": 2, "maxItems": 3, "items": {"type": "string"}}}}}]
    path = tmp_path / "cards.json"
    path.write_text(json.dumps({"tools": tools}))
    return path


def test_a_request_says_an_object_argument_field_by_field_and_a_list_by_its_items(tmp_path):
    _, scenarios = generate_local(load_suite([_spec(tmp_path)]), RunConfig(seed=7), str(tmp_path / "h"))
    assert scenarios
    for s in scenarios:
        for c in s.calls:
            details, labels = c.arguments["merchant_details"], c.arguments["labels"]
            assert not re.search(r"`[\[{]", s.instruction), s.instruction  # no JSON dictated
            assert "merchant details (country code" in s.instruction, s.instruction
            assert all(str(v) in s.instruction for v in details.values())
            assert all(str(v) in s.instruction for v in labels)
        assert q.unstated_values(s) == []  # the agent is still told every value


def test_a_record_taken_from_a_result_is_named_by_where_it_comes_from_once_then_the_same(tmp_path):
    def tool(name, desc, props, req=()):
        return {"name": name, "description": desc,
                "inputSchema": {"type": "object", "properties": props, "required": list(req)}}
    pid = {"project_id": {"type": "string", "description": "ID of the project."}}
    tools = [tool("list_projects", "List the projects you can see.", {"search": {"type": "string"}}),
             tool("list_project_members", "List the members of a project.", pid, ("project_id",)),
             tool("list_project_labels", "List the labels of a project.", pid, ("project_id",)),
             tool("list_project_pipelines", "List the pipelines of a project.", pid, ("project_id",)),
             tool("archive_project", "Archive a project.", pid, ("project_id",))]
    (tmp_path / "p.json").write_text(json.dumps({"tools": tools}))
    _, scenarios = generate_local(load_suite([tmp_path / "p.json"]), RunConfig(seed=7), str(tmp_path / "h"))
    repeated = 0
    for s in scenarios:
        fed = [c for c in s.calls if c.sources.get("project_id") == 0]
        phrases = re.findall(r"the (?:first )?project (?:in|from) the [\w ]+? (?:list|results|details)", s.instruction)
        assert len(phrases) == len(set(phrases)), s.instruction  # said once, then "the same project"
        if len(fed) >= 3:
            repeated += 1
            assert "the same project" in s.instruction, s.instruction
    assert repeated  # the spec does give workflows that use one listed project three times
    # two listings of one project in a row are asked in one breath, and nothing says "first" twice running
    assert any(re.search(r"list the \w+ and the \w+ (?:of|in) the same project", s.instruction) for s in scenarios)
    assert not any("first one first" in s.instruction for s in scenarios)


def test_an_object_said_in_words_counts_as_stated_at_any_depth_of_the_check():
    # (`customerData.billing` of a wrapped create: the check looks one level in, and finds the words there)
    said = "Could you create a new customer with first name Jennifer and billing (priority High, region Tokyo)?"
    assert q.stated({"priority": "High", "region": "Tokyo"}, said)
    assert q.stated(["bug", "urgent"], "with labels (bug and urgent)")
    assert not q.stated({"priority": "Low"}, said)


def test_an_argument_that_only_wraps_one_field_is_said_as_that_field():
    """Airtable's `create_field(nested={"field": {…}})` was asked "with nested `{"field": {"id": …, "name":
    "owner"}}`": the wrapper names nothing a person would say; what it holds is said in words."""
    from engines.offline.structured import said_argument
    assert said_argument("nested", {"field": {"id": "fld_1", "name": "owner"}}) == "field (id `fld_1`, name owner)"
    assert said_argument("body", {"title": "Q2 plan"}) == 'title "Q2 plan"'
    assert said_argument("labels", {"field": "x"}).startswith("labels")  # (a name that says something stays)


def test_a_wrapper_said_as_its_field_still_tells_the_agent_every_value(tmp_path):
    """`deploy(selectSchema={operation, params: {deployDirectory}})`: the `params` wrapper is said as its field
    ("deploy directory `/srv/…`"), and the checks count the value as stated (the agent is told it)."""
    tools = [{"name": "deploy_site", "description": "Deploy a site.", "inputSchema": {
        "type": "object", "required": ["selectSchema"], "properties": {"selectSchema": {
            "type": "object", "required": ["operation", "params"], "properties": {
                "operation": {"type": "string", "enum": ["deploy-site"]},
                "params": {"type": "object", "required": ["deployDirectory"], "properties": {
                    "deployDirectory": {"type": "string", "description": "The directory to deploy."}}}}}}}}]
    (tmp_path / "deploy.json").write_text(json.dumps({"tools": tools}))
    _, scenarios = generate_local(load_suite([tmp_path / "deploy.json"]), RunConfig(seed=7), str(tmp_path / "h"))
    said = [s for s in scenarios if "deploy directory `" in s.instruction]
    assert said, [s.instruction for s in scenarios]
    assert all(q.unstated_values(s) == [] for s in scenarios), [q.unstated_values(s) for s in scenarios]

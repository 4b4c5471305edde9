"""The value generator against hand-written schemas for each JSON Schema feature."""

from __future__ import annotations

import random
import re

import pytest

from engines.offline.values import NoValidValue, ValueGenerator, first_error, is_valid
from engines.offline.world import make_org
from schemas.errors import SeerError

SEEDS = range(25)


def values(schema: dict, seeds=SEEDS, **kw) -> list:
    out = []
    for seed in seeds:
        value = ValueGenerator(make_org(seed), random.Random(seed)).value(schema, **kw)
        assert first_error(schema, value) is None, (schema, value)
        out.append(value)
    return out


@pytest.mark.parametrize("pattern,lo,hi", [
    (r"^[A-Z][A-Z0-9_]+-\d+(?:-\d+)*$", 0, None),
    (r"^[a-z0-9-]+$", 10, 12),
    (r"^v\d+\.\d+\.\d+$", 0, None),
    (r"^(foo|bar)-\1$", 0, None),
    (r"^[^\s@]+@[^\s@]+\.[a-z]{2,}$", 0, 30),
    (r"^(?=.*\d)[a-z\d]{8}$", 0, None),
    (r"\d{3}", 0, None),  # unanchored: a search, not a full match
    (r"^#[0-9a-fA-F]{6}$", 0, None),
    (r"^[A-Z]{2,4}$", 3, 3),
])
def test_strings_match_pattern_together_with_length_bounds(pattern, lo, hi):
    schema = {"type": "string", "pattern": pattern, "minLength": lo}
    if hi is not None:
        schema["maxLength"] = hi
    for value in values(schema):
        assert re.search(pattern, value) and lo <= len(value) <= (hi or len(value))


def test_realistic_value_is_kept_when_it_matches_the_pattern():
    schema = {"type": "string", "pattern": r"^[A-Z][A-Z0-9_]+-\d+$"}
    keys = values(schema, name="issue_key")
    orgs = [make_org(seed) for seed in SEEDS]
    assert all(key.split("-")[0] in org.project_keys for key, org in zip(keys, orgs))


def test_one_of_values_match_exactly_one_branch():
    overlapping = {"oneOf": [{"type": "string", "maxLength": 6}, {"type": "string", "minLength": 4}]}
    for value in values(overlapping):
        assert len(value) < 4 or len(value) > 6
    numbers = {"oneOf": [{"type": "integer"}, {"type": "number", "multipleOf": 0.5}]}
    for value in values(numbers):
        assert sum(is_valid(b, value) for b in numbers["oneOf"]) == 1


def test_one_of_with_const_discriminators_uses_every_branch():
    schema = {"oneOf": [
        {"type": "object", "properties": {"type": {"const": "rgb"}, "r": {"type": "integer", "minimum": 0,
                                                                           "maximum": 255}},
         "required": ["type", "r"]},
        {"type": "object", "properties": {"type": {"const": "gray"}, "value": {"type": "number", "minimum": 0,
                                                                              "maximum": 100}},
         "required": ["type", "value"]},
    ]}
    assert {v["type"] for v in values(schema)} == {"rgb", "gray"}


def test_recursive_refs_terminate_and_validate():
    tree = {
        "$defs": {"node": {"type": "object", "properties": {
            "name": {"type": "string"},
            "children": {"type": "array", "items": {"$ref": "#/$defs/node"}}}, "required": ["name", "children"]}},
        "$ref": "#/$defs/node",
    }
    assert all(isinstance(v["children"], list) for v in values(tree))
    self_ref = {"type": "object", "properties": {"next": {"anyOf": [{"$ref": "#"}, {"type": "null"}]},
                                                   "id": {"type": "integer"}}, "required": ["id", "next"]}
    values(self_ref)
    draft7 = {"$schema": "http://json-schema.org/draft-07/schema#", "definitions": {
        "expr": {"anyOf": [{"type": "number"}, {"type": "object", "properties": {
            "op": {"enum": ["+", "*"]}, "args": {"type": "array", "minItems": 2, "items": {"$ref": "#/definitions/expr"}}},
            "required": ["op", "args"]}]}}, "$ref": "#/definitions/expr"}
    values(draft7)


def test_a_ref_cycle_that_must_go_on_forever_is_reported_not_looped():
    endless = {"$defs": {"a": {"type": "object", "properties": {"b": {"$ref": "#/$defs/a"}}, "required": ["b"]}},
               "$ref": "#/$defs/a"}
    with pytest.raises(ValueError):
        ValueGenerator(make_org(0), random.Random(0)).value(endless)


def test_unique_items_are_distinct_and_impossible_uniqueness_is_reported_with_its_path():
    schema = {"type": "array", "items": {"enum": ["red", "green", "blue"]}, "minItems": 3, "uniqueItems": True}
    for value in values(schema):
        assert sorted(value) == ["blue", "green", "red"]
    impossible = {"type": "object", "properties": {"colours": {**schema, "minItems": 4}}, "required": ["colours"]}
    with pytest.raises(ValueError, match="colours"):
        ValueGenerator(make_org(0), random.Random(0)).arguments(impossible)


@pytest.mark.parametrize("schema", [
    {"type": "integer", "multipleOf": 7, "minimum": 10, "maximum": 30},
    {"type": "number", "multipleOf": 0.1, "exclusiveMinimum": 0.15, "exclusiveMaximum": 0.45},
    {"type": "number", "multipleOf": 0.01, "minimum": 0, "maximum": 1},
    {"type": "integer", "multipleOf": 2.5, "minimum": 1, "maximum": 20},
    {"type": "integer", "exclusiveMinimum": 0, "exclusiveMaximum": 2},
    {"type": "number", "exclusiveMinimum": 0, "exclusiveMaximum": 0.001},
    {"type": "integer", "minimum": -5, "maximum": -5},
    {"$schema": "http://json-schema.org/draft-04/schema#", "type": "integer", "minimum": 5,
     "exclusiveMinimum": True, "maximum": 7, "exclusiveMaximum": True},
])
def test_numbers_respect_bounds_exclusive_bounds_and_multiple_of(schema):
    assert values(schema)


def test_exclusive_integer_range_with_one_member():
    assert set(values({"type": "integer", "exclusiveMinimum": 0, "exclusiveMaximum": 2})) == {1}


def test_unsatisfiable_number_range_names_the_path():
    schema = {"type": "object", "properties": {"retries": {"type": "integer", "minimum": 3, "maximum": 2}},
              "required": ["retries"]}
    with pytest.raises(NoValidValue, match="retries") as caught:
        ValueGenerator(make_org(0), random.Random(0)).arguments(schema)
    assert isinstance(caught.value, SeerError) and isinstance(caught.value, ValueError)


def test_if_then_else_not_const_and_all_of():
    conditional = {"type": "object", "properties": {"kind": {"enum": ["file", "url"]}, "path": {"type": "string"},
                                                     "url": {"type": "string", "format": "uri"}},
                   "required": ["kind"],
                   "if": {"properties": {"kind": {"const": "file"}}},
                   "then": {"required": ["path"]}, "else": {"required": ["url"]}}
    for v in values(conditional):
        assert ("path" in v) if v["kind"] == "file" else ("url" in v)
    negated = {"type": "string", "enum": ["main", "develop", "release"], "not": {"const": "main"}}
    assert "main" not in values(negated)
    assert set(map(str, values({"const": {"a": [1, 2]}}))) == {"{'a': [1, 2]}"}
    both = {"allOf": [{"type": "object", "properties": {"a": {"type": "integer"}}, "required": ["a"]},
                      {"properties": {"b": {"type": "string", "format": "email"}}, "required": ["b"]},
                      {"properties": {"a": {"minimum": 10, "maximum": 12}}}]}
    for v in values(both):
        assert 10 <= v["a"] <= 12 and "@" in v["b"]


def test_boolean_and_empty_schemas():
    assert len(values(True)) == len(SEEDS)
    assert len(values({})) == len(SEEDS)
    with pytest.raises(ValueError):
        ValueGenerator(make_org(0), random.Random(0)).value(False)
    args = values({"type": "object", "properties": {"x": True}, "required": ["x"]})
    assert all("x" in a for a in args)


def test_nullable_unions_prefer_a_real_value_but_stay_valid():
    got = values({"type": ["string", "null"]}, name="branch")
    assert sum(v is not None for v in got) > len(got) // 2


@pytest.mark.parametrize("fmt", ["date", "date-time", "time", "email", "idn-email", "uri", "uri-reference", "uuid",
                                 "ipv4", "ipv6", "hostname", "idn-hostname", "regex", "duration", "json-pointer",
                                 "relative-json-pointer", "uri-template", "color", "byte", "binary"])
def test_formats_are_checked_and_met(fmt):
    assert values({"type": "string", "format": fmt})


def test_format_bounded_by_length_still_validates():
    values({"type": "string", "format": "date", "maxLength": 10, "minLength": 10})


def test_object_keywords_pattern_properties_property_names_and_counts():
    schema = {"type": "object", "patternProperties": {"^x-[a-z]+$": {"type": "integer"}},
              "additionalProperties": False, "minProperties": 2, "maxProperties": 3}
    for v in values(schema):
        assert 2 <= len(v) <= 3 and all(re.match(r"^x-[a-z]+$", k) for k in v)
    names = {"type": "object", "propertyNames": {"pattern": "^[A-Z_]+$"}, "additionalProperties": {"type": "string"},
             "minProperties": 1}
    for v in values(names):
        assert v and all(re.match("^[A-Z_]+$", k) for k in v)
    dependent = {"type": "object", "properties": {"a": {"type": "string"}, "b": {"type": "string"}},
                 "required": ["a"], "dependentRequired": {"a": ["b"]}}
    assert all("b" in v for v in values(dependent))


def test_arrays_prefix_items_contains_and_draft7_tuples():
    prefix = {"type": "array", "prefixItems": [{"type": "string", "format": "date"}, {"type": "integer"}],
              "items": False, "minItems": 2}
    assert all(len(v) == 2 for v in values(prefix))
    contains = {"type": "array", "items": {"type": "integer"}, "contains": {"minimum": 100}, "minContains": 2,
                "maxItems": 4}
    assert all(sum(x >= 100 for x in v) >= 2 for v in values(contains))
    draft7 = {"$schema": "http://json-schema.org/draft-07/schema#", "type": "array",
              "items": [{"type": "string"}, {"type": "boolean"}], "additionalItems": False}
    values(draft7)


def test_fixed_values_are_used_when_valid_and_replaced_when_not():
    schema = {"type": "object", "additionalProperties": False, "required": ["issue_key"],
              "properties": {"issue_key": {"type": "string", "pattern": r"^[A-Z]+-\d+$"}, "limit": {"type": "integer"}}}
    g = ValueGenerator(make_org(0), random.Random(0))
    assert g.arguments(schema, fixed={"issue_key": "OPS-17"})["issue_key"] == "OPS-17"
    replaced = g.arguments(schema, fixed={"issue_key": "not a key", "unknown": 1})
    assert replaced["issue_key"] != "not a key" and "unknown" not in replaced
    assert first_error(schema, replaced) is None


def test_roles_and_entities_steer_values():
    schema = {"type": "object", "properties": {"target": {"type": "string"}}, "required": ["target"]}
    g = ValueGenerator(make_org(4), random.Random(4))
    by_entity = g.arguments(schema, entities={"target": "user"})["target"]
    assert by_entity in {p.username for p in g.org.people}  # a user is referred to by username
    folder = g.arguments(schema, entities={"target": "directory"})["target"]
    assert folder.startswith(g.org.root + "/") and "." not in folder.rsplit("/", 1)[-1]
    commit = g.arguments(schema, entities={"target": "commit"})["target"]
    assert re.fullmatch(r"[0-9a-f]{7,40}", commit)


def test_first_error_names_the_path():
    schema = {"type": "object", "properties": {"items": {"type": "array", "items": {"type": "integer"}}}}
    assert first_error(schema, {"items": [1, "two"]}).startswith("items[1]:")
    assert first_error(schema, {"items": [1]}) is None


def test_fill_sets_how_many_optional_properties_nested_objects_get():
    inner = {"type": "object", "properties": {k: {"type": "string"} for k in "abcdef"}}
    schema = {"type": "object", "properties": {"outer": inner, "other": {"type": "integer"}}, "required": ["outer"]}
    g = ValueGenerator(make_org(0), random.Random(0))
    full = g.value(schema, fill=1.0)
    assert set(full) == {"outer", "other"} and set(full["outer"]) == set("abcdef")
    bare = g.value(schema, fill=0.0)
    assert bare == {"outer": {}}


def test_refs_to_anchors_and_embedded_ids_resolve():
    anchored = {"$defs": {"n": {"$anchor": "port", "type": "integer", "minimum": 1024, "maximum": 65535}},
                "type": "object", "properties": {"port": {"$ref": "#port"}}, "required": ["port"]}
    assert all(1024 <= v["port"] <= 65535 for v in values(anchored))
    embedded = {"$id": "https://seer.test/root.json", "type": "object", "required": ["tag"],
                "properties": {"tag": {"$ref": "tag.json"}},
                "$defs": {"t": {"$id": "https://seer.test/tag.json", "type": "string", "pattern": "^v[0-9]+$"}}}
    assert all(re.match("^v[0-9]+$", v["tag"]) for v in values(embedded))


def test_values_follow_their_siblings_and_the_tools_docstring():
    locate = {"type": "object", "required": ["by", "value"], "properties": {
        "by": {"type": "string", "enum": ["id", "css", "xpath"]}, "value": {"type": "string"}}}
    shapes = {"id": r"^[a-z]+-submit$", "css": r"[#.\[]", "xpath": r"^//"}
    for v in values(locate):
        assert re.search(shapes[v["by"]], v["value"]), v
    window = {"type": "object", "required": ["since", "until", "start_line", "end_line"], "properties": {
        "since": {"type": "string"}, "until": {"type": "string"},
        "start_line": {"type": "integer"}, "end_line": {"type": "integer"}}}
    for v in values(window):
        assert v["since"] < v["until"] and v["start_line"] < v["end_line"], v
    years = {"type": "object", "required": ["yearStart", "yearEnd"], "properties": {
        "yearStart": {"type": "number"}, "yearEnd": {"type": "number"}}}
    for v in values(years):  # (a span of years, not positions 20 to 99 in a listing)
        assert 1990 < v["yearStart"] <= v["yearEnd"] <= 2026, v
    service = {"type": "object", "required": ["healthcheckPath", "mountPath", "numReplicas", "tokenTicker"],
               "properties": {"healthcheckPath": {"type": "string"}, "mountPath": {"type": "string"},
                              "numReplicas": {"type": "integer"}, "tokenTicker": {"type": "string"}}}
    for v in values(service):  # an HTTP route, a directory, a few copies, a crypto token's ticker
        assert v["healthcheckPath"].startswith("/") and "." not in v["healthcheckPath"], v
        assert "." not in v["mountPath"] and 1 <= v["numReplicas"] <= 3, v
        assert v["tokenTicker"] in ("ETH", "USDC", "USDT", "WBTC", "LINK", "UNI", "DAI", "AAVE", "BTC", "SOL"), v
    from engines.offline.values_standard import TOKENS
    token = {"type": "object", "required": ["tokenName", "tokenTicker"],
             "properties": {"tokenName": {"type": "string"}, "tokenTicker": {"type": "string"}}}
    for v in values(token):  # a token by its name, trading under that name's ticker
        assert TOKENS.get(v["tokenName"]) == v["tokenTicker"], v
    hosted = {"type": "object", "required": ["owner", "repo", "path"], "properties": {
        "owner": {"type": "string"}, "repo": {"type": "string"}, "path": {"type": "string"}}}
    assert all(not v["path"].startswith("/") for v in values(hosted))
    doc = "Set a field in a hash.\n\n    Args:\n        name: The Redis hash key.\n        key: The field name inside the hash.\n"
    redis = {"type": "object", "required": ["name", "key"], "properties": {"name": {"type": "string"}, "key": {"type": "string"}}}
    for seed in SEEDS:
        args = ValueGenerator(make_org(seed), random.Random(seed)).arguments(redis, doc=doc)
        assert ":" in args["name"] and args["key"] in {"status", "owner", "email", "updated_at", "plan"}, args


def test_path_templates_in_descriptions_are_filled_from_the_organisation():
    schema = {"type": "string", "description": "The resource ID (e.g., /subscriptions/{sub}/resourceGroups/{rg}"
                                               "/providers/Microsoft.Compute/virtualMachines/{vm})."}
    for seed, value in zip(SEEDS, values(schema, name="resourceId")):
        org = make_org(seed)
        assert value.startswith(f"/subscriptions/{org.subscription}/resourceGroups/{org.resource_groups[0]}/")
        assert "{" not in value and re.search(r"virtualMachines/vm-[a-z]+-\w+$", value)
    refs = {"type": "string", "description": "Git refs such as `refs/heads/{branch}` or `refs/pull/{pr_number}/head`"}
    for seed, value in zip(SEEDS, values(refs, name="ref")):
        assert re.fullmatch(r"refs/pull/\d+/head", value) or value[len("refs/heads/"):] in make_org(seed).branches


def test_names_described_as_names_are_names_and_listed_options_are_used():
    named = {"type": "string", "description": "The name of the secret."}
    assert all(not v.startswith("tok_") and "secret" in v for v in values(named, name="secret"))
    listed = {"type": "string", "description": "The type of key to create (RSA, EC)."}
    assert set(values(listed, name="key-type")) <= {"RSA", "EC"}
    worklog = {"type": "string", "description": "Time spent. Examples: '1h 30m' (1 hour and 30 minutes), '1d' (1 day)"}
    assert set(values(worklog, name="time_spent")) <= {"1h 30m", "1d"}


def test_roles_fill_in_when_the_name_says_nothing():
    assert all(v.startswith("tok_") for v in values({"type": "string"}, name="opt", role="credential"))
    assert all(v.startswith("c_") for v in values({"type": "string"}, name="opt", role="pagination"))
    assert set(values({"type": "integer"}, name="opt", role="pagination")) <= {10, 20, 50}
    assert all(v.startswith("/srv/") for v in values({"type": "string"}, name="opt", role="context"))
    assert all(" " in v for v in values({"type": "string"}, name="opt", role="content"))


def test_tools_without_parameters_get_an_empty_arguments_object():
    g = ValueGenerator(make_org(0), random.Random(0))
    for schema in ({}, {"type": "object"}, {"type": "object", "properties": {}}, True):
        assert g.arguments(schema, optional=lambda _n: True) == {}
    with pytest.raises(ValueError, match="object"):
        g.arguments({"type": "string"})


def test_numbers_follow_listed_values_and_described_ranges():
    listed = {"type": "integer", "description": "Test frequency in seconds. Supported values 300, 600, 900 seconds."}
    assert set(values(listed, name="frequency")) <= {300, 600, 900}
    ranged = {"type": "number", "description": "A value between 0.0 and 1.0 representing confidence."}
    assert all(0 <= v <= 1 for v in values(ranged, name="confidence-score"))


def test_prose_fitted_to_length_bounds_keeps_whole_words():
    for v in values({"type": "string", "maxLength": 40}, name="description"):
        assert len(v) <= 40 and not v.endswith(" ")
        assert v.split()[-1].strip(".,;?") in {w.strip(".,;?") for w in _all_prose_words()} or len(v) == 40
    for v in values({"type": "string", "minLength": 60, "maxLength": 90}, name="title"):
        assert 60 <= len(v) <= 90 and "  " not in v


def _all_prose_words():
    """Every word the prose generator uses (from many samples), to recognise a cut-off word."""
    out = set()
    for seed in SEEDS:
        g = ValueGenerator(make_org(seed), random.Random(seed))
        for _ in range(40):
            out.update(g.value({"type": "string"}, name="description").split())
    return out


def test_list_items_are_named_in_the_singular_and_descriptions_can_come_from_the_caller():
    from engines.offline.values_names import singular

    assert [singular(n) for n in ("paths", "statuses", "status", "entities", "branches", "issueKeys")] == \
        ["path", "status", "status", "entity", "branch", "issue_key"]
    emails = values({"type": "array", "items": {"type": "string"}, "minItems": 2}, name="recipients")
    assert all("@" in e for v in emails for e in v)
    described = values({"type": "string"}, name="opt", description="The name of the Key Vault.")
    assert all(v.startswith("vault-") for v in described)

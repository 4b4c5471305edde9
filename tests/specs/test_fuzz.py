"""Whatever a spec file holds, loading it ends in a suite or a SpecError: never another exception."""

from __future__ import annotations

import json
import tempfile
from pathlib import Path

import jsonschema
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from specs import SpecError, load_suite, profile

KEYWORDS = [
    "type", "properties", "required", "items", "enum", "const", "$ref", "$defs", "anyOf", "oneOf", "allOf",
    "minimum", "maximum", "exclusiveMinimum", "minLength", "maxLength", "pattern", "additionalProperties",
    "patternProperties", "format", "default", "not", "prefixItems", "multipleOf", "minItems", "exclusiveMaximum",
    "dependentRequired", "contains", "propertyNames", "if", "then", "unevaluatedProperties", "minContains",
]
scalars = st.one_of(
    st.none(), st.booleans(), st.integers(-5, 5), st.floats(allow_nan=False, allow_infinity=False),
    st.sampled_from(["object", "string", "integer", "array", "null", "#", "#/$defs/A", "#/properties/a", "(", "a", ""]),
)
json_values = st.recursive(
    scalars,
    lambda inner: st.one_of(
        st.lists(inner, max_size=4),
        st.dictionaries(st.sampled_from(KEYWORDS + ["a", "A", "name", "inputSchema"]), inner, max_size=5),
    ),
    max_leaves=30,
)
tool_like = st.fixed_dictionaries(
    {"name": st.one_of(st.text(max_size=8), st.integers())},
    optional={"inputSchema": st.one_of(json_values, st.fixed_dictionaries({"type": st.just("object")}, optional={
        "properties": st.dictionaries(st.sampled_from(["a", "b", "$ref"]), json_values, max_size=3),
        "required": json_values, "$defs": st.dictionaries(st.sampled_from(["A", "B"]), json_values, max_size=2),
    })), "outputSchema": json_values, "description": json_values, "annotations": json_values},
)
documents = st.one_of(
    json_values,
    st.builds(lambda tools: {"tools": tools}, st.lists(tool_like, max_size=4)),
    st.builds(lambda fs: [{"type": "function", "function": f} for f in fs], st.lists(json_values, max_size=3)),
    st.builds(lambda p: {"openapi": "3.0.0", "paths": p}, st.dictionaries(st.sampled_from(["/a", "/b/{id}"]), json_values, max_size=2)),
)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(documents)
def test_any_document_loads_or_is_rejected_with_a_spec_error(doc: object) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "fuzz.json"
        path.write_text(json.dumps(doc))
        try:
            suite = load_suite([path])
        except SpecError as e:
            assert "\n" not in str(e) and str(e).startswith(str(path))
            return
        profile(suite)
        json.dumps(suite.tools_list())
        for s in suite.skipped:
            assert s.reason and s.path is not None
        for t in suite.tools:  # what loads is usable by the stages downstream: jsonschema validates with it
            for schema in (t.input_schema, t.output_schema or {}):
                validator = jsonschema.validators.validator_for(schema, default=jsonschema.Draft202012Validator)
                for instance in ({}, {"a": 1, "b": "x"}, {"a": [None, {"c": 2.5}]}, 3, 2.5, "abc", [1, "x"], None):
                    validator(schema).is_valid(instance)

"""The loader and the profile on the 19 real specs: counts agree with bench/dev-specs/SOURCES.md."""

from __future__ import annotations

import hashlib
import json

import jsonschema
import pytest

from specs import load_suite, profile
from tests.conftest import dev_spec

# Transcribed from the table in bench/dev-specs/SOURCES.md:
# tools, params/tool, optional, outSchema, annot, schema features
TABLE = {
    "redis": (47, 2.15, 0.34, 43, 0, "anyOf:15, format:4, pattern:2, array:5, obj:2"),
    "slack": (16, 4.06, 0.71, 0, 16, ""),
    "filesystem": (14, 1.79, 0.32, 14, 14, "enum:1, pattern:1, array:4, obj:1"),
    "git": (28, 6.14, 0.93, 28, 28, "anyOf:3, enum:13, format:1, pattern:5, array:7, obj:1"),
    "selenium": (61, 3.25, 0.58, 0, 61, "enum:145, format:65, array:74, obj:256"),
    "illustrator": (64, 3.59, 0.74, 0, 64, "oneOf:14, enum:72, format:2, array:10, obj:79"),
    "git-reference": (12, 2.33, 0.32, 0, 12, "anyOf:5, array:1"),
    "slack-archived": (8, 2.12, 0.29, 0, 0, ""),
    "selenium-angiejones": (18, 2.61, 0.49, 0, 0, "enum:12, array:2, obj:1"),
    "memory": (9, 0.89, 0.00, 9, 9, "array:10, obj:5"),
    "github": (85, 4.45, 0.42, 0, 85, "enum:38, array:7, obj:2"),
    "playwright": (45, 2.31, 0.68, 0, 45, "anyOf:5, enum:18, array:5, obj:4"),
    "azure": (235, 11.41, 0.82, 0, 235, "enum:444, format:2, array:19, obj:3"),
    "atlassian": (98, 3.29, 0.56, 93, 98, "pattern:36, array:5, obj:1"),
    "mograph": (126, 4.57, 0.84, 6, 126, "anyOf:339, format:2, array:79, obj:9"),
    "supabase": (31, 1.74, 0.07, 0, 31, "enum:5, format:2, pattern:2, array:2, obj:5"),
    "chrome-devtools": (32, 3.75, 0.57, 0, 32, "enum:14, format:2, array:6, obj:1"),
    "adobe-cc": (45, 0.98, 0.00, 45, 45, "$ref:58, $defs:44, anyOf:153, enum:14, format:6, obj:44"),
    "everything": (13, 1.23, 0.62, 1, 13, "enum:4, format:1"),
}
SPECS = sorted(TABLE)


def _table_features(text: str) -> dict[str, int]:
    out = {}
    for part in filter(None, (p.strip() for p in text.split(","))):
        k, v = part.split(":")
        out["object" if k == "obj" else k] = int(v)
    return out


def _properties_named(schema: object, word: str) -> int:
    """How many properties anywhere are *named* `word` (SOURCES.md counted those as keywords)."""
    if isinstance(schema, list):
        return sum(_properties_named(v, word) for v in schema)
    if not isinstance(schema, dict):
        return 0
    own = 1 if isinstance(schema.get("properties"), dict) and word in schema["properties"] else 0
    return own + sum(_properties_named(v, word) for v in schema.values())


@pytest.mark.parametrize("name", SPECS)
def test_profile_matches_the_sources_table(name: str) -> None:
    tools, params, optional, out_schema, annot, _ = TABLE[name]
    suite = load_suite([dev_spec(name)])
    p = profile(suite).specs[0]
    assert p.name == name and p.kind == "mcp"
    assert p.tools == tools and len(suite.tools) == tools
    assert round(p.params_per_tool, 2) == params
    assert round(p.optional_ratio, 2) == optional
    assert p.with_output_schema == out_schema
    assert p.with_annotations == annot
    assert suite.skipped == []


@pytest.mark.parametrize("name", SPECS)
def test_keyword_counts_match_the_table_except_properties_named_like_keywords(name: str) -> None:
    """SOURCES.md counted keys by name anywhere; the profile counts schema keywords only. They
    differ exactly by the properties called `format` or `pattern` (e.g. search_files.pattern)."""
    path = dev_spec(name)
    table = _table_features(TABLE[name][5])
    features = profile(load_suite([path])).features
    raw = json.loads(path.read_text())["tools"]
    for k, v in features.items():
        if k in ("format", "pattern"):
            named = sum(_properties_named(t["inputSchema"], k) for t in raw)
            assert v + named == table.get(k, 0), k
        elif k != "allOf":
            assert v == table.get(k, 0), k


def test_adobe_refs_are_inlined_and_every_schema_stays_a_valid_json_schema() -> None:
    suite = load_suite([dev_spec("adobe-cc")])
    for t in suite.tools:
        assert "$ref" not in json.dumps(t.input_schema), t.name
        assert "$defs" not in t.input_schema
        jsonschema.validators.validator_for(t.input_schema).check_schema(t.input_schema)
    p = profile(suite)
    assert p.features["$ref"] == 58  # counted as authored, before resolution
    assert p.max_depth >= 2  # the inlined `params` object is a level below the arguments


def test_all_specs_in_one_run_namespace_shared_names() -> None:
    paths = [dev_spec(n) for n in SPECS]
    suite = load_suite(paths)
    assert len(suite.tools) == sum(v[0] for v in TABLE.values())
    names = [t.name for t in suite.tools]
    assert len(names) == len(set(names))
    # git and git-reference both define git_status; slack and slack-archived share none with it
    assert suite.name_map["git__git_status"] == "git:git_status"
    assert suite.name_map["git-reference__git_status"] == "git-reference:git_status"
    renamed = suite.tool("git-reference__git_status")
    assert renamed.original_name == "git_status" and renamed.spec == "git-reference"
    assert all(suite.tool(new).original_name == old.split(":", 1)[1] for new, old in suite.name_map.items())
    assert [s.name for s in suite.sources] == SPECS
    for s, path in zip(suite.sources, paths):
        assert s.sha256 == hashlib.sha256(path.read_bytes()).hexdigest()
        assert s.tool_count == TABLE[s.name][0]

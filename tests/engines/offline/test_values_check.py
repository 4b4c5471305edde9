"""Cached validators and remembered verdicts agree with jsonschema itself."""

from __future__ import annotations

import copy

import jsonschema

from engines.offline.values_check import first_error, is_valid, validator_for


def test_validators_are_cached_by_identity_and_by_content():
    schema = {"type": "object", "properties": {"n": {"type": "integer"}}}
    assert validator_for(schema) is validator_for(schema)
    assert validator_for(copy.deepcopy(schema)) is validator_for(schema)


def test_remembered_verdicts_match_a_fresh_validator_for_look_alike_instances():
    schema = {"type": "array", "items": {"type": "integer"}, "maxItems": 2}
    fresh = jsonschema.Draft202012Validator(schema)
    for instance in ([1, 2], [True, 2], [1.0, 2], [1.5], [1, 2, 3], (1, 2), "12", None, [1, 2]):
        assert is_valid(schema, instance) == fresh.is_valid(instance), instance


def test_formats_are_checked_with_the_schema_drafts_own_checker():
    assert is_valid({"type": "string", "format": "time"}, "09:30:00Z")
    assert not is_valid({"type": "string", "format": "date-time"}, "2026-13-01T00:00:00Z")
    assert not is_valid({"type": "string", "format": "email"}, "dana.whitfield")
    assert not is_valid({"$schema": "http://json-schema.org/draft-07/schema#", "format": "uri"}, "not a uri")


def test_subschemas_resolve_refs_against_their_root():
    root = {"$defs": {"id": {"type": "string", "pattern": "^[A-Z]+-[0-9]+$"}},
            "properties": {"key": {"$ref": "#/$defs/id"}}}
    sub = root["properties"]["key"]
    assert is_valid(sub, "OPS-12", root) and not is_valid(sub, "ops", root)
    assert first_error(sub, "ops", root) == "(root): 'ops' does not match '^[A-Z]+-[0-9]+$'"

"""Value equivalence, type and format checks."""

from __future__ import annotations

import pytest

from evaluation.equivalence import equivalent, format_ok, shape, type_ok


@pytest.mark.parametrize("expected, actual", [
    (5, "5"), (5, 5.0), ("1000", "1e3"), (0.1, "0.10"),
    ("/a/b", "/a//b/"), ("a/b", "./a/b"), ("C:\\x\\y", "C:/x/y"),
    ("https://Example.com/p/", "https://example.com/p"),
    ("2024-03-01", "2024-03-01T00:00:00Z"), ("2024-03-01", "03/01/2024"), ("2024-03-01T10:00:00+02:00", "2024-03-01T08:00:00Z"),
    (True, "true"), ("ABCDEF1234", "abcdef1234"), ("Ann@Example.com", "ann@example.com"),
    ({"a": [1, "x"]}, {"a": [1.0, " x "]}),
])
def test_equivalent_spellings_are_the_same_value(expected, actual):
    assert equivalent(expected, actual)


@pytest.mark.parametrize("expected, actual", [
    (5, 6), ("/a/b", "/a/c"), ("Main", "main"), ("2024-03-01", "2024-03-02"), (True, 1), (None, ""),
    ({"a": 1}, {"a": 1, "b": 2}), ([1, 2], [2, 1]), ("report", "reports"),
])
def test_different_values_are_not_equivalent(expected, actual):
    assert not equivalent(expected, actual)


def test_case_is_ignored_only_where_the_schema_allows_it():
    assert not equivalent("Alice", "alice", {"type": "string"})
    assert equivalent("Host.Example.org", "host.example.org", {"type": "string", "format": "hostname"})


def test_arrays_with_unique_items_compare_as_sets():
    assert equivalent(["a", "b"], ["b", "a"], {"type": "array", "uniqueItems": True})


def test_type_follows_the_schema_or_else_the_oracle_value():
    assert type_ok(3, {"type": "integer"}) and not type_ok("3", {"type": "integer"})
    assert type_ok(None, {"type": ["string", "null"]})
    assert type_ok({"a": 1}, {"type": "object", "properties": {"a": {"type": "integer"}}})
    assert not type_ok({"a": "1"}, {"type": "object", "properties": {"a": {"type": "integer"}}})
    assert type_ok(2.5, None, 1) and not type_ok("1", None, 1)


def test_format_checks_the_schema_and_the_oracle_shape():
    assert format_ok("2024-03-01", {"type": "string", "format": "date"}, "2024-03-01")
    assert not format_ok("03/01/2024", {"type": "string", "format": "date"}, "2024-03-01")
    assert not format_ok("03/01/2024", {"type": "string"}, "2024-03-01")
    assert not format_ok("abc", {"type": "string", "pattern": "^[0-9]+$"}, "123")
    assert not format_ok("reports/q3.md", {"type": "string"}, "/work/reports/q3.md")
    assert format_ok("free text", {"type": "string"}, "other text")
    assert shape("123e4567-e89b-12d3-a456-426614174000") == "uuid"


def test_type_looks_through_any_of_and_prefers_the_oracles_type_where_several_are_allowed():
    nullable_int = {"anyOf": [{"type": "integer"}, {"type": "null"}]}
    assert type_ok(3600, nullable_int, 3600) and type_ok(None, nullable_int, 3600)
    assert not type_ok("3600", nullable_int, 3600)
    either = {"anyOf": [{"type": "string"}, {"type": "integer"}]}
    assert type_ok("9", either, "9") and not type_ok("9", either, 9) and type_ok(9, either, 9)
    assert not type_ok(1.5, {"type": "integer"}, 1)

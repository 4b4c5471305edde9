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


from hypothesis import given, strategies as st  # noqa: E402

_json = st.recursive(
    st.none() | st.booleans() | st.integers(-10**6, 10**6) | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=5), inner, max_size=4),
    max_leaves=12,
)


@given(_json)
def test_every_json_value_is_equivalent_to_itself_and_keeps_its_type_and_format(v):
    assert equivalent(v, v) and type_ok(v, None, v) and format_ok(v, None, v)


@given(st.integers(-10**9, 10**9))
def test_an_integer_in_any_spelling_is_the_same_value(n):
    assert equivalent(n, str(n)) and equivalent(n, float(n)) and equivalent(str(n), f"{n}.0")
    assert not equivalent(n, n + 1)


@given(st.lists(st.from_regex(r"[a-z0-9_]{1,6}", fullmatch=True), min_size=1, max_size=4))
def test_a_path_with_doubled_separators_and_a_trailing_slash_is_the_same_path(parts):
    path = "/" + "/".join(parts)
    assert equivalent(path, "/" + "//".join(parts) + "/")
    assert not equivalent(path, path + "x")


def test_large_integers_compare_exactly_and_float_noise_is_ignored():
    assert not equivalent(2**60, 2**60 + 1) and equivalent(2**60, str(2**60))
    assert equivalent(0.1 + 0.2, 0.3) and not equivalent(0.3, 0.31)

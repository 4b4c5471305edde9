"""Where the subschemas of a JSON Schema are: shared by the checks and the profile."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

MAP_OF_SCHEMAS = ("properties", "patternProperties", "$defs", "definitions", "dependentSchemas")
ONE_SCHEMA = (
    "additionalProperties", "additionalItems", "contains", "not", "if", "then", "else",
    "propertyNames", "unevaluatedItems", "unevaluatedProperties", "contentSchema",
)
LIST_OF_SCHEMAS = ("allOf", "anyOf", "oneOf", "prefixItems")


class SchemaShapeError(Exception):
    """A schema keyword whose value has the wrong JSON type (`properties` that is not an object...)."""

    def __init__(self, keyword: str, reason: str) -> None:
        super().__init__(reason)
        self.keyword = keyword


def children(s: dict[str, Any]) -> Iterator[tuple[tuple[str | int, ...], Any]]:
    """Yield (relative path, subschema) for every schema-valued position of `s` (never data keywords)."""
    for k in MAP_OF_SCHEMAS:
        m = s.get(k)
        if m is None:
            continue
        if not isinstance(m, dict):
            raise SchemaShapeError(k, f"{k} must be an object")
        for name, v in m.items():
            yield (k, name), v
    for k in ONE_SCHEMA:
        if k in s:
            yield (k,), s[k]
    items = s.get("items")
    if isinstance(items, list):  # draft-07 tuple form
        for i, v in enumerate(items):
            yield ("items", i), v
    elif items is not None:
        yield ("items",), items
    for k in LIST_OF_SCHEMAS:
        lst = s.get(k)
        if lst is None:
            continue
        if not isinstance(lst, list) or (not lst and k != "prefixItems"):
            raise SchemaShapeError(k, f"{k} must be a non-empty array")
        for i, v in enumerate(lst):
            yield (k, i), v

"""Small helpers for reading JSON Schemas: local `$ref` resolution and top-level properties."""

from __future__ import annotations

from typing import Any


def deref(schema: Any, root: dict[str, Any], depth: int = 0) -> dict[str, Any]:
    """Follow a local `#/...` reference (a few hops at most); anything else is returned as is."""
    while isinstance(schema, dict) and "$ref" in schema and depth < 8:
        ref = schema["$ref"]
        if not isinstance(ref, str) or not ref.startswith("#/"):
            break
        node: Any = root
        for part in ref[2:].split("/"):
            node = node.get(part.replace("~1", "/").replace("~0", "~"), {}) if isinstance(node, dict) else {}
        schema, depth = node, depth + 1
    return schema if isinstance(schema, dict) else {}


def properties(schema: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """Top-level properties of an object schema, each with its `$ref` resolved against the schema."""
    props = schema.get("properties") or {}
    return {k: deref(v, schema) for k, v in props.items() if isinstance(k, str)}


def required(schema: dict[str, Any]) -> list[str]:
    req = schema.get("required") or []
    return [r for r in req if isinstance(r, str)]


def leaves(node: Any) -> list[Any]:
    """Every scalar inside a JSON value, in document order."""
    if isinstance(node, dict):
        return [x for v in node.values() for x in leaves(v)]
    if isinstance(node, list):
        return [x for v in node for x in leaves(v)]
    return [node]

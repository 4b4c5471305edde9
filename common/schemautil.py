"""Small helpers for reading JSON Schemas: local `$ref` resolution and top-level properties."""

from __future__ import annotations

from typing import Any


def deref(schema: Any, root: dict[str, Any], depth: int = 0) -> dict[str, Any]:
    """Follow a local `#/...` reference (a few hops at most) and fold `allOf` parts into one view
    (properties and required merged) for reading; the schema itself is never changed."""
    while isinstance(schema, dict) and "$ref" in schema and depth < 8:
        ref = schema["$ref"]
        if not isinstance(ref, str) or not ref.startswith("#/"):
            break
        node: Any = root
        for part in ref[2:].split("/"):
            node = node.get(part.replace("~1", "/").replace("~0", "~"), {}) if isinstance(node, dict) else {}
        schema, depth = node, depth + 1
    if not isinstance(schema, dict):
        return {}
    if isinstance(schema.get("allOf"), list) and depth < 8:
        view = {k: v for k, v in schema.items() if k != "allOf"}
        for part in schema["allOf"]:
            part = deref(part, root, depth + 1)
            if part.get("type") is not None:
                view.setdefault("type", part["type"])
            view["properties"] = {**part.get("properties", {}), **view.get("properties", {})}
            view["required"] = list(dict.fromkeys(view.get("required", []) + part.get("required", [])))
        return view
    return schema


def properties(schema: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """Top-level properties of an object schema, each with its `$ref` resolved against the schema."""
    props = schema.get("properties") or {}
    return {k: deref(v, schema) for k, v in props.items() if isinstance(k, str)}


def required(schema: dict[str, Any]) -> list[str]:
    req = schema.get("required") or []
    return [r for r in req if isinstance(r, str)]

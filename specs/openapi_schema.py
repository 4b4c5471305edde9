"""Schema plumbing for OpenAPI operations: 3.0 → JSON Schema 2020-12, and merging parameters and
the request body into one MCP inputSchema."""

from __future__ import annotations

from typing import Any

from specs.refs import rename_defs
from specs.walk import LIST_OF_SCHEMAS, MAP_OF_SCHEMAS, ONE_SCHEMA


def param_schema(p: dict[str, Any]) -> Any:
    """A parameter's schema (from `schema` or its `content`), with the parameter's description and example."""
    schema = p.get("schema")
    if schema is None and isinstance(p.get("content"), dict):
        schema = next((m.get("schema") for m in p["content"].values() if isinstance(m, dict)), None)
    if not isinstance(schema, dict):
        schema = {} if schema is None else schema
    extra: dict[str, Any] = {}
    if isinstance(p.get("description"), str) and "description" not in schema:
        extra["description"] = p["description"]
    if "example" in p and "examples" not in schema and "example" not in schema:
        extra["examples"] = [p["example"]]
    return {**schema, **extra} if extra and isinstance(schema, dict) else schema


def from_30(s: Any) -> Any:
    """OpenAPI 3.0 schema → JSON Schema: `nullable` becomes a type union (or anyOf with null) and
    boolean `exclusiveMinimum`/`exclusiveMaximum` become numeric bounds. Returns a new object."""
    if not isinstance(s, dict):
        return s
    out: dict[str, Any] = {}
    for k, v in s.items():
        if k in MAP_OF_SCHEMAS and isinstance(v, dict):
            out[k] = {n: from_30(x) for n, x in v.items()}
        elif (k in ONE_SCHEMA or k == "items") and isinstance(v, dict):
            out[k] = from_30(v)
        elif (k in LIST_OF_SCHEMAS or k == "items") and isinstance(v, list):
            out[k] = [from_30(x) for x in v]
        else:
            out[k] = v
    for excl, bound in (("exclusiveMinimum", "minimum"), ("exclusiveMaximum", "maximum")):
        if isinstance(out.get(excl), bool):
            if out.pop(excl) and bound in out:
                out[excl] = out.pop(bound)
    if out.pop("nullable", False) is True:
        t = out.get("type")
        if isinstance(t, str) or isinstance(t, list):
            types = [t] if isinstance(t, str) else list(t)
            out["type"] = types + ["null"] if "null" not in types else types
            if isinstance(out.get("enum"), list) and None not in out["enum"]:
                out["enum"] = out["enum"] + [None]
        else:
            out = {"anyOf": [out, {"type": "null"}]}
    return out


def _lift_defs(schema: Any, defs: dict[str, Any]) -> Any:
    """Move a piece's own `$defs` (kept for recursive references) into the merged root's."""
    if not isinstance(schema, dict) or "$defs" not in schema:
        return schema
    schema = dict(schema)
    renames = {}
    for name, body in schema.pop("$defs").items():
        new, n = name, 2
        while new in defs and defs[new] != body:
            new, n = f"{name}_{n}", n + 1
        if new != name:
            renames[name] = new
        defs[new] = body
    if renames:
        schema = rename_defs(schema, renames)
        for name in renames.values():
            defs[name] = rename_defs(defs[name], renames)
    return schema


def _free(name: str, loc: str, props: dict[str, Any]) -> str:
    if name not in props:
        return name
    new, n = f"{name}_{loc}", 2
    while new in props:
        new, n = f"{name}_{loc}_{n}", n + 1
    return new


def _plain_object(schema: Any) -> bool:
    return (
        isinstance(schema, dict)
        and isinstance(schema.get("properties"), dict)
        and schema.get("type", "object") == "object"
        and not any(k in schema for k in ("anyOf", "oneOf", "allOf", "not", "if", "$ref"))
    )


def merge_pieces(pieces: list[tuple[str, str, Any, bool]]) -> dict[str, Any]:
    """One inputSchema from (name, location, schema, required) pieces in location order.

    An object body contributes its properties; any other body becomes a `body` argument.
    """
    props: dict[str, Any] = {}
    required: list[str] = []
    defs: dict[str, Any] = {}
    for name, loc, schema, req in pieces:
        schema = _lift_defs(schema, defs)
        if loc == "body" and _plain_object(schema):
            body_required = set(schema.get("required") or []) if req else set()
            for pname, pschema in schema["properties"].items():
                free = _free(pname, "body", props)
                props[free] = pschema
                if pname in body_required:
                    required.append(free)
            continue
        free = _free(name, loc, props)
        props[free] = schema
        if req:
            required.append(free)
    out: dict[str, Any] = {"type": "object", "properties": props}
    if required:
        out["required"] = required
    if defs:
        out["$defs"] = defs
    return out


def _all_branches_objects(schema: dict[str, Any]) -> bool:
    """`allOf`/`anyOf`/`oneOf` whose branches are all objects: the root is an object too."""
    branches = [b for k in ("allOf", "anyOf", "oneOf") for b in schema.get(k) or []]
    return bool(branches) and all(
        isinstance(b, dict) and (b.get("type") == "object" or "type" not in b and isinstance(b.get("properties"), dict))
        for b in branches
    )


def wrap_output(schema: Any) -> dict[str, Any]:
    """MCP structured output must be an object: other response schemas go under `result`."""
    if isinstance(schema, dict) and schema.get("type") == "object":
        return schema
    if isinstance(schema, dict) and "type" not in schema and (
        isinstance(schema.get("properties"), dict) or _all_branches_objects(schema)
    ):
        return {"type": "object", **schema}
    defs = schema.pop("$defs", None) if isinstance(schema, dict) else None
    out: dict[str, Any] = {"type": "object", "properties": {"result": schema}, "required": ["result"]}
    if defs:
        out["$defs"] = defs
    return out

"""Schema plumbing for the value generator: `$ref` lookup, merging, type inference.

Merging is deliberately approximate (it serves generation, not validation): keywords it
cannot combine keep the first value, and every generated value is validated against the
original schema afterwards anyway.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import unquote

_TYPE_ORDER = ("object", "array", "string", "integer", "number", "boolean", "null")
_MAX_KEYS = ("minimum", "exclusiveMinimum", "minLength", "minItems", "minProperties", "minContains")
_MIN_KEYS = ("maximum", "exclusiveMaximum", "maxLength", "maxItems", "maxProperties", "maxContains")


class Unsatisfiable(Exception):
    """No value can satisfy the schema at `path` (or none was found)."""

    def __init__(self, path: str, why: str) -> None:
        super().__init__(f"{path or '(root)'}: {why}")
        self.path, self.why = path, why


def resolve(ref: str, root: Any, path: str) -> Any:
    """The schema a `$ref` points at: a JSON pointer ("#", "#/$defs/X", "#/definitions/X"), an
    anchor ("#node", `$anchor` or a draft-07 `"$id": "#node"`), or an embedded `$id` ("node.json",
    "node.json#/properties/x"). Remote documents are not fetched."""
    base, _, fragment = ref.partition("#")
    node = root
    if base:
        node = _find(root, lambda s: isinstance(s.get("$id"), str) and s["$id"].split("#")[0].rstrip("/").endswith(base))
        if node is None:
            raise Unsatisfiable(path, f"cannot resolve $ref {ref!r} (no embedded schema has that $id)")
    if fragment and not fragment.startswith("/"):
        found = _find(node, lambda s: s.get("$anchor") == fragment or s.get("$id") == f"#{fragment}")
        if found is None:
            raise Unsatisfiable(path, f"$ref {ref!r}: no $anchor {fragment!r}")
        return found
    for raw in fragment.split("/")[1:]:
        part = unquote(raw).replace("~1", "/").replace("~0", "~")
        if isinstance(node, list) and part.isdigit() and int(part) < len(node):
            node = node[int(part)]
        elif isinstance(node, dict) and part in node:
            node = node[part]
        else:
            raise Unsatisfiable(path, f"$ref {ref!r} does not resolve")
    return node


def _find(schema: Any, wanted) -> Any:
    if isinstance(schema, dict):
        if wanted(schema):
            return schema
        children = schema.values()
    elif isinstance(schema, list):
        children = schema
    else:
        return None
    for child in children:
        found = _find(child, wanted)
        if found is not None:
            return found
    return None


def types_of(schema: dict) -> list[str]:
    """The JSON types a schema allows, most specific first; inferred from keywords if untyped."""
    t = schema.get("type")
    if isinstance(t, str):
        return [t]
    if isinstance(t, list):
        return [x for x in _TYPE_ORDER if x in t] or list(t)
    if any(k in schema for k in ("properties", "required", "additionalProperties", "patternProperties",
                                 "minProperties", "maxProperties", "propertyNames")):
        return ["object"]
    if any(k in schema for k in ("items", "prefixItems", "minItems", "maxItems", "contains", "uniqueItems")):
        return ["array"]
    if any(k in schema for k in ("minLength", "maxLength", "pattern", "format")):
        return ["string"]
    if any(k in schema for k in ("minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf")):
        return ["number"]
    return []


def _as_types(t: Any) -> list[str]:
    return [t] if isinstance(t, str) else list(t)


def _merge_types(a: Any, b: Any) -> Any:
    left, right = _as_types(a), _as_types(b)
    out = [t for t in left if t in right]
    out += [t for t in ("integer",) if t not in out and ("number" in left and t in right or "number" in right and t in left)]
    return out[0] if len(out) == 1 else (out or right)


def merge(a: dict, b: dict) -> dict:
    """A schema that (approximately) requires both `a` and `b`."""
    if not a:
        return b
    if not b:
        return a
    out = dict(a)
    for key, val in b.items():
        if key not in out:
            out[key] = val
            continue
        cur = out[key]
        if key == "properties" and isinstance(cur, dict) and isinstance(val, dict):
            props = dict(cur)
            for name, sub in val.items():
                both = isinstance(props.get(name), dict) and isinstance(sub, dict)
                props[name] = merge(props[name], sub) if both else sub if name not in props else props[name]
            out[key] = props
        elif key == "required":
            out[key] = list(dict.fromkeys([*cur, *val]))
        elif key == "type":
            out[key] = _merge_types(cur, val)
        elif key in _MAX_KEYS and _num(cur) and _num(val):
            out[key] = max(cur, val)
        elif key in _MIN_KEYS and _num(cur) and _num(val):
            out[key] = min(cur, val)
        elif key == "enum":
            out[key] = [v for v in cur if v in val]
        elif key == "allOf":
            out[key] = [*cur, *val]
        elif key in ("anyOf", "oneOf"):
            # two alternatives lists cannot be flattened: nest the second into each branch of the first
            out[key] = [merge(branch, {key: val}) if isinstance(branch, dict) else branch for branch in cur]
        elif key in ("items", "additionalProperties") and isinstance(cur, dict) and isinstance(val, dict):
            out[key] = merge(cur, val)
        elif key in ("uniqueItems",):
            out[key] = bool(cur) or bool(val)
        # other conflicts (pattern, format, const, ...) keep the first; validation decides
    return out


def _num(x: Any) -> bool:
    return isinstance(x, (int, float)) and not isinstance(x, bool)


def without(schema: dict, *keys: str) -> dict:
    return {k: v for k, v in schema.items() if k not in keys}


def mentions_ref(schema: Any) -> bool:
    """Whether a schema refers (anywhere inside) to another schema: a recursion risk."""
    if isinstance(schema, dict):
        return any(k in ("$ref", "$dynamicRef", "$recursiveRef") or mentions_ref(v) for k, v in schema.items())
    if isinstance(schema, list):
        return any(mentions_ref(v) for v in schema)
    return False

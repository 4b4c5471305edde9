"""Where identifiers can go in a structured output: free string fields, arrays of them, text fields.

`can_carry` tells the planner whether a tool's output can reveal an arbitrary identifier;
`embed` writes identifiers into an already valid output object (the caller re-validates).
"""

from __future__ import annotations

import copy
from typing import Any, Callable

from actors.offline.schemautil import deref
from actors.offline.taxonomy import PARAM_ENTITY, same_kind, singular, tokens
from actors.offline.values_check import is_valid

TEXT_FIELDS = ("result", "content", "text", "output", "message", "summary", "details", "data", "description", "body")
_ID_TAILS = {"id", "name", "path", "hash", "sha", "key", "uuid", "url", "ref", "number", "ts", "file", "branch",
             "isbn", "sku", "slug", "code"}


_DESCRIPTORS = {"type", "kind", "status", "state", "count", "size", "description", "role", "level"}


def _free_string(schema: dict[str, Any], root: dict[str, Any]) -> bool:
    schema = deref(schema, root)
    if any(k in schema for k in ("enum", "const", "pattern", "format")):
        return False
    types = schema.get("type")
    branches = [deref(s, root) for s in schema.get("anyOf", []) + schema.get("oneOf", [])]
    ok = types == "string" or (isinstance(types, list) and "string" in types) or any(
        b.get("type") == "string" and not any(k in b for k in ("enum", "const", "pattern", "format")) for b in branches)
    return ok and (schema.get("maxLength") is None or schema["maxLength"] >= 60)


def _fits(schema: dict[str, Any], root: dict[str, Any], ids: list[Any]) -> bool:
    """A field that can hold these ids: a free string, or a constrained one they satisfy (an ISBN pattern)."""
    return _free_string(schema, root) or (bool(ids) and all(is_valid(deref(schema, root), v, root) for v in ids))


def can_carry(tool: Any) -> bool:
    """True when the tool's output can hold an arbitrary identifier string."""
    schema = tool.output_schema
    if not schema:
        return True
    return _carries(schema, schema, 0)


def _carries(schema: Any, root: dict[str, Any], depth: int) -> bool:
    schema = deref(schema, root)
    if depth > 5:
        return False
    if _free_string(schema, root):
        return True
    for sub in (schema.get("properties") or {}).values():
        if _carries(sub, root, depth + 1):
            return True
    items = schema.get("items")
    if isinstance(items, dict) and _carries(items, root, depth + 1):
        return True
    extra = schema.get("additionalProperties")
    return schema.get("type") == "object" and not schema.get("properties") and extra in (None, True)


def _score(field: str, kind: str) -> int:
    toks = [singular(t) for t in tokens(field)]
    if toks and toks[-1] in _DESCRIPTORS:  # `entityType` describes an entity, it does not name one
        return 0
    if any(same_kind(PARAM_ENTITY.get(t, t), kind) for t in toks):
        return 3
    if toks and toks[-1] in _ID_TAILS:
        return 2
    return 0


def echo(obj: Any, schema: dict[str, Any], arguments: dict[str, Any], valid: Callable[[Any], bool]) -> Any:
    """Top-level output fields named like an argument report that argument's value (a clone of
    branch X says branch X), as long as the output stays valid."""
    if not isinstance(obj, dict):
        return obj
    props = deref(schema, schema).get("properties") or {}
    for name in props:
        if name in arguments and name in obj and obj[name] != arguments[name]:
            before = obj[name]
            obj[name] = arguments[name]
            if not valid(obj):
                obj[name] = before
    return obj


def embed(obj: Any, schema: dict[str, Any], kind: str, ids: list[Any], text: str,
          make_item: Callable[[dict[str, Any]], Any], claimed: set[str] | None = None) -> Any:
    """A copy of `obj` holding every id: in the best-matching field or array, and `text` in a text field.

    `claimed` holds the paths earlier calls for other kinds wrote to; they are not overwritten."""
    out = copy.deepcopy(obj)
    claimed = claimed if claimed is not None else set()
    if isinstance(out, dict):
        has_text = _put_text(out, schema, text)
        if not _place(out, schema, schema, kind, ids, make_item, 0, claimed, "") and not has_text:
            _any_string(out, schema, schema, ", ".join(map(str, ids)), 0, claimed, "")
    return out


def _any_string(node: Any, schema: Any, root: dict[str, Any], value: str, depth: int, claimed: set[str],
                prefix: str) -> bool:
    """Last resort: the first free, unclaimed string field, however deep, holds the ids."""
    schema = deref(schema, root)
    if depth > 5 or not isinstance(node, dict):
        return False
    props = schema.get("properties") or {}
    for name, sub in props.items():
        if _free_string(sub, root) and f"{prefix}.{name}" not in claimed:
            node[name] = value
            claimed.add(f"{prefix}.{name}")
            return True
    return any(_any_string(node.get(name), sub, root, value, depth + 1, claimed, f"{prefix}.{name}")
               for name, sub in props.items() if isinstance(node.get(name), dict))


def _free_object(schema: dict[str, Any], root: dict[str, Any]) -> bool:
    schema = deref(schema, root)
    branches = [schema] + [deref(b, root) for b in schema.get("anyOf", []) + schema.get("oneOf", [])]
    return any(b.get("type") == "object" and not b.get("properties") and b.get("additionalProperties") in (None, True)
               and not b.get("required") for b in branches)


def _put_text(out: dict[str, Any], schema: dict[str, Any], text: str) -> bool:
    props = deref(schema, schema).get("properties") or {}
    for name in list(props):
        if name.lower() in TEXT_FIELDS and _free_string(props[name], schema):
            out[name] = text
            return True
    for name, sub in props.items():
        if _free_object(sub, schema):
            out[name] = {"message": text}
            return True
    return False


def _place(node: Any, schema: Any, root: dict[str, Any], kind: str, ids: list[Any],
           make_item: Callable[[dict[str, Any]], Any], depth: int, claimed: set[str], prefix: str) -> bool:
    """Put the ids into the best array (one element each) or, failing that, the best scalar field."""
    schema = deref(schema, root)
    if depth > 5 or not isinstance(node, dict):
        return False
    props = schema.get("properties") or {}
    ranked = [n for n in sorted(props, key=lambda n: -_score(n, kind)) if f"{prefix}.{n}" not in claimed]
    for name in ranked:
        sub = deref(props[name], root)
        items = deref(sub.get("items"), root) if sub.get("type") == "array" else None
        if items is None or not (_score(name, kind) or items.get("type") == "object"):
            continue
        if items.get("type") == "object" and not items.get("properties") and items.get("additionalProperties") in (None, True):
            node[name] = [{"name": value} for value in ids] + [x for x in (node.get(name) or []) if isinstance(x, dict)][:1]
            claimed.add(f"{prefix}.{name}")
            return True
        if items.get("type") == "object":
            fields = [f for f in sorted(items.get("properties") or {}, key=lambda f: -_score(f, kind))
                      if _score(f, kind) and _fits(items["properties"][f], root, ids[:1])]
            if not fields:
                continue
            template = (node.get(name) or [None])[0] if isinstance(node.get(name), list) else None
            arr = []
            field_schema = items["properties"][fields[0]] if fields else {}
            for value in [v for v in ids if _fits(field_schema, root, [v])]:  # others stay unshown
                item = copy.deepcopy(template) if isinstance(template, dict) else make_item(items)
                if isinstance(item, dict):
                    item[fields[0]] = value
                    arr.append(item)
            if arr:
                node[name] = arr + [x for x in (node.get(name) or [])[1:] if isinstance(x, dict)][:1]
                claimed.add(f"{prefix}.{name}")
                return True
        elif _free_string(items, root) and _score(name, kind):
            node[name] = list(ids) + [x for x in (node.get(name) or []) if x not in ids][:1]
            claimed.add(f"{prefix}.{name}")
            return True
    for name in ranked:
        sub = props[name]
        if _score(name, kind) >= 2 and _fits(sub, root, ids) and len(ids) == 1:
            node[name] = ids[0]
            claimed.add(f"{prefix}.{name}")
            return True
        if deref(sub, root).get("type") == "object" and isinstance(node.get(name), dict):
            if _place(node[name], sub, root, kind, ids, make_item, depth + 1, claimed, f"{prefix}.{name}"):
                return True
    return False

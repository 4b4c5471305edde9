"""Reading a mock output as text and as records: whether a value appears in it as a whole token, the JSON objects
it holds, the rows it lists, what a declared output that fixes no fields holds. The mocker, the expander and the writers use these; so do the scenario checks
(evaluation/scenario_checks.py)."""

from __future__ import annotations

import json
import re
from typing import Any

from common.json_values import leaves
from common.schemautil import deref
from engines.offline.slots import free_object
from engines.offline.values_check import is_valid


def searchable(output: Any) -> str:
    """The output as searchable text: its string values as written (no JSON escaping) and its JSON."""
    if isinstance(output, str):
        return output
    return "\n".join([v for v in leaves(output) if isinstance(v, str)] + [json.dumps(output, ensure_ascii=False)])


def _needles(value: Any) -> list[str]:
    items = value if isinstance(value, list) else [value]
    out = []
    for v in items:
        if isinstance(v, bool) or v is None or isinstance(v, (dict, list)):
            continue
        s = v if isinstance(v, str) else json.dumps(v)
        if s:
            out.append(s)
    return out


def token_in(needle: str, hay: str) -> bool:
    """`needle` as a whole token of `hay`: "2" is in "- 2\n" but not in "2024" or "v2.1". (A scan with
    `str.find` rather than a regex per needle: needles are mostly unique, so compiled patterns never repeat.)"""
    if not needle:
        return re.search(r"(?<![\w.-])(?![\w-])", hay) is not None
    start = hay.find(needle)
    while start != -1:
        end = start + len(needle)
        before = hay[start - 1] if start else ""
        after = hay[end] if end < len(hay) else ""
        if not (before and (before.isalnum() or before in "_.-")) and not (after and (after.isalnum() or after in "_-")):
            return True
        start = hay.find(needle, start + 1)
    return False


def in_output(value: Any, output: Any) -> bool:
    needles = _needles(value)
    return bool(needles) and output is not None and all(token_in(n, searchable(output)) for n in needles)


def output_objects(output: Any, max_depth: int | None = None) -> list[dict]:
    """Every JSON object an output holds, nested ones included; a text output counts for the JSON it
    embeds (the whole text, or lines that are JSON objects), and so does an object whose one field is that
    text. With `max_depth` 1, only the records: the output object, what a wrapper (`result`) or a list holds,
    not the parts of a record (`{"to": {"id": 7}}`); lists do not add depth."""
    roots: list[Any] = [output]
    if isinstance(output, dict) and len(output) == 1 and isinstance(next(iter(output.values())), str):
        output = next(iter(output.values()))  # FastMCP's `-> str`: the wrapped text is the whole answer
    if isinstance(output, str):
        roots = []
        for chunk in [output] + output.splitlines():
            if chunk.strip()[:1] in ("{", "["):
                try:
                    roots.append(json.loads(chunk))
                except ValueError:
                    continue
                if chunk is output:
                    break  # the whole text is JSON: its lines are inside it
    out: list[dict] = []

    def walk(v: Any, depth: int) -> None:
        if max_depth is not None and depth > max_depth:
            return
        if isinstance(v, dict):
            if any(not isinstance(x, (dict, list)) for x in v.values()):
                out.append(v)
            for x in v.values():
                walk(x, depth + 1)
        elif isinstance(v, list):
            for x in v:
                walk(x, depth)
    for r in roots:
        walk(r, 0)
    return out


def names_id(key: str) -> bool:
    """An argument naming another record by its ID (`listId`, `user_id`), not the record's own `id`."""
    return bool(re.search(r"[a-z0-9](_?id|Id|ID)$", key))


def listed_rows(output: Any) -> list[dict]:
    """The records an output lists: the items of its top-level list, or of the lists its object holds."""
    root = output
    if isinstance(root, dict) and len(root) == 1 and isinstance(next(iter(root.values())), str):
        root = next(iter(root.values()))  # FastMCP's wrapped text
    if isinstance(root, str):
        try:
            root = json.loads(root)
        except ValueError:
            return []
    if isinstance(root, dict):
        root = [o for v in root.values() if isinstance(v, list) for o in v]
    return [o for o in root if isinstance(o, dict)] if isinstance(root, list) else []


def each_json(text: str, change: Any) -> str:
    """`text` with `change` applied to the JSON it holds (the whole text, or lines of it), re-written only where
    that changed something."""

    def changed(chunk: str) -> str | None:
        try:
            data = json.loads(chunk) if chunk.lstrip()[:1] in ("{", "[") else None
        except ValueError:
            return None
        new = change(data) if data is not None else None
        return chunk if new is None or new == data else json.dumps(new, ensure_ascii=False)

    whole = changed(text)
    return whole if whole is not None else "\n".join(changed(line) or line for line in text.split("\n"))


def open_output(schema: dict[str, Any]) -> bool:
    """A declared output that fixes no fields: FastMCP's `-> dict` or `-> list[dict]`, wrapped in `result` or not."""
    if free_object(schema, schema):
        return True
    props = schema.get("properties") or {}
    if set(props) != {"result"}:
        return False
    sub = deref(props["result"], schema)
    items = sub.get("items") if isinstance(sub.get("items"), dict) else None
    untyped = not set(sub) - {"title", "description"}  # (`result: {}`, a response documented without a schema)
    return untyped or free_object(sub, schema) or items is not None and free_object(items, schema)


def free_form(schema: dict[str, Any], text: str) -> Any | None:
    """A declared output that fixes no fields (see `open_output`) holds the records the text result shows, with their
    domain fields; None where it fixes fields or the text is no JSON record."""
    if not open_output(schema):
        return None
    try:
        data = json.loads(text) if text.lstrip()[:1] in ("{", "[") else None
    except ValueError:
        return None
    if not data:
        return None
    if free_object(schema, schema):
        obj = data if isinstance(data, dict) else {"result": data}
    else:  # FastMCP's wrapped `{"result": ...}`
        sub = deref(schema["properties"]["result"], schema)
        items = sub.get("items") if isinstance(sub.get("items"), dict) else None
        if items is not None and free_object(items, schema):
            # (a search's `{"total_count": …, "items": [...]}` lists its items)
            inner = next((v for v in data.values() if isinstance(v, list) and v and all(isinstance(x, dict) for x in v)),
                         None) if isinstance(data, dict) else None
            rows = data if isinstance(data, list) else inner or [data]
            obj = {"result": [r for r in rows if isinstance(r, dict)]}
        elif isinstance(data, dict):
            obj = {"result": data}
        else:
            return None
    return obj if is_valid(schema, obj) else None

"""Where identifiers can go in a structured output: free string fields, arrays of them, text fields.

`can_carry` tells the planner whether a tool's output can reveal an arbitrary identifier;
`embed` writes identifiers into an already valid output object (the caller re-validates).
"""

from __future__ import annotations

import copy
import re
import json
from typing import Any, Callable

from common.schemautil import deref
from common.taxonomy import PARAM_ENTITY, same_kind, singular, tokens
from engines.offline.text import plural
from engines.offline.values_check import is_valid

TEXT_FIELDS = ("result", "content", "text", "output", "message", "summary", "details", "data", "description", "body")
# Text fields that say what a record is, in a sentence: never the place for the record written out whole.
_SAYS_WHAT = frozenset({"description", "summary", "details"})
_DUMP_LINE = re.compile(r"(?m)^[\w.-]+: ")
_ID_TAILS = {"id", "name", "path", "hash", "sha", "key", "uuid", "url", "ref", "number", "ts", "file", "branch",
             "isbn", "sku", "slug", "code"}


_OWN_KEYS = frozenset({"id", "uuid", "guid", "_id", "name", "title"})
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
        # `question_id` names a question: another kind's ID goes there only when nothing better takes it
        return 1 if len(toks) > 1 and toks[-2] not in _ID_TAILS else 2
    return 0


def id_field(schema: dict[str, Any], kind: str) -> dict[str, Any] | None:
    """The declared schema of the field an output names its `kind` records by, where it fixes their shape (a
    `format: uuid` `id` in `data.budgets[]`, an integer `budget_id`): an ID a later call takes from that output
    is drawn like it, so it lands in that field and not in a name beside it."""
    best: tuple[int, dict[str, Any] | None] = (0, None)

    def walk(node: Any, depth: int, inside: bool) -> None:
        nonlocal best
        node = deref(node, schema)
        if depth > 5 or not isinstance(node, dict):
            return
        if isinstance(node.get("items"), dict):
            walk(node["items"], depth + 1, inside)
        for f, sub in (node.get("properties") or {}).items():
            d = deref(sub, schema)
            if not isinstance(d, dict):
                continue
            if d.get("type") in ("object", "array") or "properties" in d or "items" in d:
                walk(d, depth + 1, inside or _score(f, kind) == 3)
                continue
            shaped = d.get("type") == "integer" or d.get("type") == "string" and (
                d.get("format") == "uuid" or "pattern" in d)
            score, last = _score(f, kind), tokens(f)[-1] if tokens(f) else ""
            # `budget_id`, else the `id` of a record inside `budgets` / `budget` (not `goal_months_to_budget`)
            rank = 4 if score == 3 and last in ("id", "uuid", "guid") else 3 if inside and last in ("id", "uuid") else 0
            if shaped and rank > best[0]:
                best = (rank, d)

    walk(schema, 0, False)
    return best[1]


def _plain_name(name: str) -> str:
    return re.sub(r"[_\-\s]", "", name).lower()


_OWNER_TAILS = ("id", "uuid", "guid", "slug", "code", "key")


_WRAPS = frozenset({"data", "result", "record", "item", "response"})


def echo(obj: Any, schema: dict[str, Any], arguments: dict[str, Any], valid: Callable[[Any], bool],
         kind: str = "") -> Any:
    """Output fields named like an argument report that argument's value (a clone of branch X says branch X;
    a namespace created in app 62455 answers `appId: 62455`, whichever case either is written in), as long as
    the output stays valid. The records a listing answers with belong to the parent it was asked about: their
    fields named like an ID argument echo it, when the rows have an `id` of their own."""
    if not isinstance(obj, dict) or not arguments:
        return obj
    wanted = {_plain_name(k): v for k, v in arguments.items()}
    owners = {k: v for k, v in wanted.items() if isinstance(v, (str, int)) and not isinstance(v, bool)
              and k.endswith(_OWNER_TAILS) and k not in _OWNER_TAILS}

    def put(node: dict[str, Any], key: str, value: Any) -> None:
        before = node[key]
        for candidate in (value, int(value)) if isinstance(value, str) and value.isdigit() else (value,):
            node[key] = copy.deepcopy(candidate)  # (the output is changed later; the argument must not be)
            if valid(obj):
                return
        node[key] = before

    for key in list(obj):
        value = wanted.get(_plain_name(key))
        if value is not None and obj[key] != value:
            put(obj, key, value)
    declared = deref(schema, schema).get("properties") or {}
    # (in the schema's order: a set's order changes with the interpreter's hash seed, and the output must not)
    for key in [k for k in declared if k not in obj]:  # a rule read by its `ruleId` answers with its `rule_id`
        value = owners.get(_plain_name(key))
        if value is not None:
            obj[key] = None
            put(obj, key, value)
            if obj[key] is None:
                del obj[key]
    # the one record a call answers with, wrapped (`Profile.FirstName` of a profile put with `FirstName: Cindy`)
    said = {k: v for k, v in wanted.items() if isinstance(v, (str, int, float)) and not isinstance(v, bool)
            and not k.endswith(_OWNER_TAILS)}
    wraps = [v for k, v in obj.items() if isinstance(v, dict) and (_plain_name(k) in _WRAPS or kind and (
        same_kind(singular(k.lower()), kind) or _plain_name(k) == _plain_name(kind)))]
    for inner in wraps if said else []:  # (not a linked project's or owner's `name`)
        for key in list(inner):
            value = said.get(_plain_name(key))
            if value is not None and inner[key] != value and not isinstance(inner[key], (dict, list)):
                put(inner, key, value)
    if owners:
        rows = [x for v in obj.values() if isinstance(v, list) for x in v if isinstance(x, dict)]
        for row in rows:
            if not any(_plain_name(k) in _OWNER_TAILS for k in row):
                continue  # a follower's `user_id` is its own, not the user asked about: only rows with an ID of
            for key in list(row):  # their own also name the parent they belong to
                value = owners.get(_plain_name(key))
                if value is not None and row[key] != value:
                    put(row, key, value)
    return obj


def fill_record(obj: Any, schema: dict[str, Any], values: dict[str, Any], valid: Callable[[Any], bool],
                kind: str = "") -> Any:
    """The record an output is about (the top object, or the one object it wraps: `data.account`) shows
    `values` in the fields named like them, drawn or only declared (what the call wrote, the ID it was asked
    for), as long as the output stays valid; an ID given as text fills an integer field as a number. A record
    that refers to a `kind` record (`{"vault": {"id": …}}`) is another kind's: its `id` is not that one's."""
    node, sub = obj, deref(schema, schema)
    fields = {k for k, v in values.items() if not isinstance(v, (dict, list))} - {"id"}  # (a wrapper's name is none)
    if not isinstance(node, dict):
        return obj
    for _ in range(3):
        inner = [k for k, v in node.items() if isinstance(v, dict) and k not in values]  # (not a field written)
        if node.keys() & fields or len(inner) != 1:
            break
        node, sub = node[inner[0]], deref((sub.get("properties") or {}).get(inner[0]) or {}, schema)
    declared = set(sub.get("properties") or {}) if isinstance(sub, dict) else set()
    # `{id, fields: {…}}`: a top with an `id` of its own is the record; its ID is there, what was written inside
    top = [(obj, "id", values["id"])] if node is not obj and "id" in obj and "id" in values else []
    if kind and any(same_kind(k, kind) for k in set(node) | declared) or top:
        values = {k: v for k, v in values.items() if k != "id"}
    for at, key, value in top + [(node, k, v) for k, v in values.items()]:
        if key not in at and key not in declared or at.get(key) == value:
            continue
        had, before = key in at, at.get(key)
        for candidate in (value, int(value)) if isinstance(value, str) and value.isdigit() else (value,):
            at[key] = copy.deepcopy(candidate)  # (an argument's own object: the output may change its copy)
            if valid(obj):
                break
        else:
            if had:
                at[key] = before
            else:
                del at[key]
    return obj


def embed(obj: Any, schema: dict[str, Any], kind: str, ids: list[Any], text: str,
          make_item: Callable[[dict[str, Any]], Any], claimed: set[str] | None = None, only: bool = False) -> Any:
    """A copy of `obj` holding every id: in the best-matching field or array, and `text` in a text field.

    `claimed` holds the paths earlier calls for other kinds wrote to; they are not overwritten. `only`: the
    array holds these records and no other beside them (what a read of several named records answers)."""
    out = copy.deepcopy(obj)
    claimed = claimed if claimed is not None else set()
    if isinstance(out, dict):
        has_text = _put_text(out, schema, text, claimed)
        if ids and not _place(out, schema, schema, kind, ids, make_item, 0, claimed, "", only):
            before, held = copy.deepcopy(out), set(claimed)
            # (an object open only by its `oneOf` branches may close in every one of them)
            if not _free_records(out, schema, schema, kind, ids, 0, claimed, "") or not is_valid(schema, out):
                out = before
                claimed.intersection_update(held)
                if not has_text:
                    _any_string(out, schema, schema, ", ".join(map(str, ids)), 0, claimed, "")
    return out


def _key(kind: str, value: Any) -> str:
    """The field a record names itself by: its path or URL where the id is one, else `<kind>_id`."""
    if isinstance(value, str) and value.startswith("/"):
        return "path"
    if isinstance(value, str) and value.startswith(("http://", "https://")):
        return "url"
    return f"{'_'.join(tokens(kind)) or 'item'}_id"


def _free_records(node: Any, schema: Any, root: dict[str, Any], kind: str, ids: list[Any], depth: int,
                  claimed: set[str], prefix: str) -> bool:
    """Ids written into an object or array of objects whose fields the schema leaves open (FastMCP's
    `dict` and `list[dict]` returns): one record per id, or, in an array another kind already filled,
    a reference from its records to these (a file listed with the element it was cloned from)."""
    schema = deref(schema, root)
    if depth > 5:
        return False
    if isinstance(node, list) and free_object(schema.get("items") or {}, root):
        if prefix in claimed:
            records = [x for x in node if isinstance(x, dict)]
            for x, value in zip(records, ids):
                x[_key(kind, value)] = value
            node.extend({_key(kind, v): v} for v in ids[len(records):])
        else:
            node[:] = [{_key(kind, v): v} for v in ids] + [x for x in node if isinstance(x, dict)][:1]
            claimed.add(prefix)
        return True
    if not isinstance(node, dict):
        return False
    props = schema.get("properties") or {}
    for name, sub in props.items():
        child = node.get(name)
        if child is None and free_object(sub, root):
            child = {}  # an optional or nullable record the generator left out: the ids make it present
        if _free_records(child, sub, root, kind, ids, depth + 1, claimed, f"{prefix}.{name}"):
            node[name] = child
            return True
    if props or not free_object(schema, root):
        return False
    if len(ids) == 1:
        node[_key(kind, ids[0])] = ids[0]
    else:
        node[plural(kind).replace(" ", "_")] = [{_key(kind, v): v} for v in ids]
    return True


def _any_string(node: Any, schema: Any, root: dict[str, Any], value: str, depth: int, claimed: set[str],
                prefix: str) -> bool:
    """Last resort: the first free, unclaimed string field, however deep, holds the ids."""
    schema = deref(schema, root)
    if depth > 5 or not isinstance(node, dict):
        return False
    props = schema.get("properties") or {}
    for name, sub in props.items():
        if _free_string(sub, root) and f"{prefix}.{name}" not in claimed and is_valid(deref(sub, root), value, root):
            node[name] = value
            claimed.add(f"{prefix}.{name}")
            return True
    return any(_any_string(node.get(name), sub, root, value, depth + 1, claimed, f"{prefix}.{name}")
               for name, sub in props.items() if isinstance(node.get(name), dict))


def free_object(schema: dict[str, Any], root: dict[str, Any]) -> bool:
    schema = deref(schema, root)
    branches = [schema] + [deref(b, root) for b in schema.get("anyOf", []) + schema.get("oneOf", [])]
    return any(b.get("type") == "object" and not b.get("properties") and b.get("additionalProperties") in (None, True)
               and not b.get("required") for b in branches)


def _put_text(out: dict[str, Any], schema: dict[str, Any], text: str, claimed: set[str]) -> bool:
    """The result text in the first text field that takes it (claimed: the ids do not overwrite it)."""
    props = deref(schema, schema).get("properties") or {}
    dump = len(_DUMP_LINE.findall(text)) >= 2  # a record written out line by line (`id: 7`, `name: …`)
    for name in list(props):
        if dump and name.lower() in _SAYS_WHAT:
            continue  # (a voice's description describes the voice; it is no dump of a record)
        if name.lower() in TEXT_FIELDS and _free_string(props[name], schema) \
                and is_valid(deref(props[name], schema), text, schema):
            out[name] = text
            claimed.add(f".{name}")
            return True
    for name, sub in props.items():
        if free_object(sub, schema):
            out[name] = {"message": text}
            return True
    return False


def _branches(schema: dict[str, Any], root: dict[str, Any]) -> list[dict[str, Any]]:
    """The schema and its anyOf/oneOf alternatives, dereferenced (`list | None` is an array too)."""
    return [schema] + [deref(b, root) for b in schema.get("anyOf", []) + schema.get("oneOf", []) if isinstance(b, dict)]


def _array_items(schema: dict[str, Any], root: dict[str, Any]) -> dict[str, Any] | None:
    for b in _branches(schema, root):
        t = b.get("type")
        if (t == "array" or isinstance(t, list) and "array" in t) and isinstance(b.get("items"), dict):
            items = deref(b["items"], root)
            alt = None if items.get("properties") else _is_object(items, root)
            if alt is not None and alt is not items:  # `items: {oneOf: [{properties: ...}]}`: the element is one of them
                return {**{k: v for k, v in items.items() if k not in ("oneOf", "anyOf")}, **alt}
            return items
    return None


def _is_object(schema: dict[str, Any], root: dict[str, Any]) -> dict[str, Any] | None:
    for b in _branches(schema, root):
        t = b.get("type")
        if (t == "object" or isinstance(t, list) and "object" in t or t is None and "properties" in b) and b.get("properties"):
            return b
    return None


def _typed(schema: dict[str, Any], root: dict[str, Any], value: Any) -> Any:
    """`value` as the field's type: an all-digit identifier in an integer field is that integer."""
    if not isinstance(value, str) or not value.isdigit() or len(value) > 15:
        return value
    types = {t for b in _branches(deref(schema, root), root)
             for t in ([b.get("type")] if isinstance(b.get("type"), str) else b.get("type") or [])}
    return int(value) if types & {"integer", "number"} and "string" not in types else value


def _fit(schema: Any, root: dict[str, Any], ids: list[Any]) -> list[Any] | None:
    """The ids as this field holds them, or None when one of them does not fit it."""
    vals = [_typed(schema, root, v) for v in ids]
    return vals if ids and all(is_valid(deref(schema, root), v, root) for v in vals) else None


def _fit_field(schema: Any, root: dict[str, Any], ids: list[Any]) -> list[Any] | None:
    """`_fit`, or each id as a one-element list where the field is an array of such ids (a question's
    `tags`, a message's `labelIds`)."""
    vals = _fit(schema, root, ids)
    if vals is not None or not ids:
        return vals
    items = _array_items(deref(schema, root), root)
    inner = _fit(items, root, ids) if items is not None else None
    if inner is None or not all(is_valid(deref(schema, root), [v], root) for v in inner):
        return None
    return [[v] for v in inner]


def _item_field(items: dict[str, Any], root: dict[str, Any], kind: str, ids: list[Any]) -> tuple[str, ...] | None:
    """Where in an array element an id of `kind` goes: a field of its own (`id`, `board_id`), or the id
    field of an object it wraps (`{"category": {"id": ...}}`), best-named first; one every id fits if there is
    one (a UUID beside 26-letter vault IDs goes with them into `name`, not unshown beside `id`)."""
    if len(ids) > 1 and (every := _best_item_field(items, root, kind, ids)) is not None:
        return every
    return _best_item_field(items, root, kind, ids[:1])


def _best_item_field(items: dict[str, Any], root: dict[str, Any], kind: str, ids: list[Any]) -> tuple[str, ...] | None:
    best: tuple[int, tuple[str, ...]] | None = None
    for f, sub in (items.get("properties") or {}).items():
        if _score(f, kind) and all(_fit_field(sub, root, [x]) is not None for x in ids):
            cand = (_score(f, kind) * 2, (f,))
        elif (inner := _is_object(deref(sub, root), root)) is not None:
            fits = [g for g in inner["properties"]
                    if _score(g, kind) and all(_fit_field(inner["properties"][g], root, [x]) for x in ids)]
            if not fits:
                continue
            g = max(fits, key=lambda g: _score(g, kind))
            cand = (_score(f, kind) + _score(g, kind), (f, g))
        else:
            continue
        if best is None or cand[0] > best[0]:
            best = cand
    return best[1] if best else None


def _field_schema(items: dict[str, Any], root: dict[str, Any], path: tuple[str, ...]) -> dict[str, Any]:
    node = items
    for part in path:
        node = _is_object(deref(node, root), root) or deref(node, root)
        node = deref(node.get("properties", {}).get(part, {}), root)
    return node


def _distinct(rows: list[Any], items: dict[str, Any], root: dict[str, Any], path: tuple[str, ...],
              make_item: Callable[[dict[str, Any]], Any]) -> None:
    """Rows shaped like one another are other records: each keeps an `id` and a name of its own (the field
    the planned IDs went to aside), drawn again where an earlier row has the same."""
    props = (_is_object(deref(items, root), root) or {}).get("properties") or {}
    for key in [k for k in props if k.lower() in _OWN_KEYS and k != path[0]]:
        seen: set[str] = set()
        for row in (r for r in rows if isinstance(r, dict) and key in r):
            for _ in range(6):
                if json.dumps(row[key], sort_keys=True) not in seen:
                    break
                fresh = make_item({"type": "object", "properties": {key: props[key]}, "required": [key]})
                if isinstance(fresh, dict) and key in fresh:
                    row[key] = fresh[key]
            seen.add(json.dumps(row[key], sort_keys=True))


def _element(template: Any, items: dict[str, Any], root: dict[str, Any], path: tuple[str, ...], value: Any,
             make_item: Callable[[dict[str, Any]], Any]) -> Any:
    item = copy.deepcopy(template) if isinstance(template, dict) else make_item(items)
    if not isinstance(item, dict):
        return None
    node = item
    for part in path[:-1]:
        if not isinstance(node.get(part), dict):
            inner = make_item(_is_object(deref(items["properties"][part], root), root) or {})
            node[part] = inner if isinstance(inner, dict) else {}
        node = node[part]
    node[path[-1]] = value
    return item


def _place(node: Any, schema: Any, root: dict[str, Any], kind: str, ids: list[Any],
           make_item: Callable[[dict[str, Any]], Any], depth: int, claimed: set[str], prefix: str,
           only: bool = False) -> bool:
    """Put the ids into the best array (one element each) or, failing that, the best scalar field."""
    schema = deref(schema, root)
    if depth > 5 or not isinstance(node, dict):
        return False
    props = schema.get("properties") or {}
    order = sorted(props, key=lambda n: -_score(n, kind))
    for name in order:
        items = _array_items(deref(props[name], root), root)
        if items is None or not (_score(name, kind) or items.get("type") == "object" or "properties" in items
                                 or name.lower() in TEXT_FIELDS or len(props) == 1):
            continue
        current = node.get(name) if isinstance(node.get(name), list) else []
        free = free_object(items, root)
        path = None if free else _item_field(items, root, kind, ids)
        # An array another kind filled takes these too when they name themselves by the same field (nodes opened).
        joins = path is not None and f"{prefix}.{name}#{'.'.join(path)}" in claimed
        # Filled by another kind through another field: its records carry these too (questions, with their tags).
        used = [c.split("#", 1)[1] for c in claimed if c.startswith(f"{prefix}.{name}#")]
        beside = path is not None and not joins and bool(used) and not any(
            u.startswith(".".join(path)) or ".".join(path).startswith(u) for u in used)
        if f"{prefix}.{name}" in claimed and not joins and not beside:
            continue
        if free:
            node[name] = [{"name": value} for value in ids] + [x for x in current if isinstance(x, dict)][:0 if only else 1]
        elif path is not None:
            field = _field_schema(items, root, path)
            fitted = [v[0] for v in (_fit_field(field, root, [i]) for i in ids) if v is not None]  # ids that do not fit stay unshown
            # (each row drawn on its own: rows copied from one differ only in their ID, three schools one name;
            # a copy where a row of its own would fit no branch of a `oneOf`)
            arr = [x for x in (_element(current[0] if current and k == 0 else None, items, root, path, v, make_item)
                               for k, v in enumerate(fitted)) if x is not None]
            if current and not is_valid(props[name], arr + [x for x in current if isinstance(x, dict)][1:2], root):
                arr = [x for x in (_element(current[0], items, root, path, v, make_item) for v in fitted)
                       if x is not None]
            records = [x for x in current if isinstance(x, dict)]
            if not arr or beside and not records:
                continue
            if beside:
                arr = [_element(records[min(k, len(records) - 1)], items, root, path, v, make_item)
                       for k, v in enumerate(fitted)]
                node[name] = arr + records[len(arr):]
            else:
                node[name] = current + arr if joins else arr + records[1:1 if only else 2]
            _distinct(node[name], items, root, path, make_item)
            claimed.add(f"{prefix}.{name}#{'.'.join(path)}")
        elif (vals := _fit(items, root, ids)) is not None:
            node[name] = vals + [x for x in current if x not in vals][:0 if only else 1]
        else:
            continue
        claimed.add(f"{prefix}.{name}")
        return True
    for name in (n for n in order if f"{prefix}.{n}" not in claimed):
        sub = props[name]
        if _score(name, kind) >= 1 and len(ids) == 1 and (vals := _fit(sub, root, ids)) is not None:
            node[name] = vals[0]
            claimed.add(f"{prefix}.{name}")
            return True
        inner = _is_object(deref(sub, root), root)
        if inner is not None and isinstance(node.get(name), dict) and \
                _place(node[name], inner, root, kind, ids, make_item, depth + 1, claimed, f"{prefix}.{name}", only):
            return True
    return False


_COUNTS = frozenset({"count", "resultcount", "resultscount", "numresults", "itemcount", "itemscount", "returned",
                     "size", "length"})
_TOTALS = frozenset({"total", "totalcount", "totalresults", "totalitems", "totalrecords", "totalhits"})


def counted(obj: Any, valid: Callable[[Any], bool]) -> Any:
    """An object that holds one list of records says how many it holds as they are: its `count` is the
    list's length and its `total` (across pages) no less, as long as the output stays valid."""
    nodes = [obj] + [v for v in obj.values() if isinstance(v, dict)] if isinstance(obj, dict) else []
    for node in nodes:
        lists = [v for v in node.values() if isinstance(v, list)]
        if len(lists) != 1:
            continue
        n = len(lists[0])
        for key, value in list(node.items()):
            if not isinstance(value, int) or isinstance(value, bool):
                continue
            name = _plain_name(key)
            want = n if name in _COUNTS else max(value, n) if name in _TOTALS else value
            if want != value:
                node[key] = want
                if not valid(obj):
                    node[key] = value
    return obj

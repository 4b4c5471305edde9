"""Arrays and objects for the value generator (a mixin of `ValueGenerator`).

Arrays honour minItems/maxItems, prefixItems (and draft-07 tuple `items`), uniqueItems and
contains/minContains; objects honour required, the caller's optional-property policy,
fixed values, patternProperties, additionalProperties, propertyNames, min/maxProperties
and dependentRequired.
"""

from __future__ import annotations

import copy
import dataclasses
import json
import re
from typing import Any

from engines.offline import values_vocab as v
from engines.offline.ranges import partner
from engines.offline.values_check import is_valid
from engines.offline.values_describe import example_object
from engines.offline.values_documents import document_object
from engines.offline.values_names import singular, words
from engines.offline.values_regex import regex_string
from engines.offline.values_regex import search as _matches
from engines.offline.values_schema import Unsatisfiable, merge
from engines.offline.values_slot import Slot, desc

_MAP_KEYS = {
    "metadata": ("owner", "team", "env"), "labels": ("team", "env", "tier"), "tags": ("team", "env", "cost_center"),
    "headers": ("X-Request-Id", "Accept", "X-Tenant"), "env": ("LOG_LEVEL", "REGION", "FEATURE_FLAGS"),
    # a row's cells by its columns (an Airtable record's `fields`, a Notion page's `properties`), as people name them
    **dict.fromkeys(("fields", "properties", "cells", "row", "columns", "record"), ("Name", "Status", "Notes", "Assignee")),
    # what a search or a listing is narrowed by: fields of the records it finds, not where software runs
    **dict.fromkeys(("filters", "filter", "criteria", "where", "q", "query", "conditions"), ("status", "created_after",
                                                                                            "assignee")),
    **dict.fromkeys(("context", "user_context"), ("user_id", "locale", "goal")),
}
# A free-form map nothing names the keys of (custom properties, details, context): what teams put there,
# not an `id` and `name` that would make it read as a record of its own.
_DEFAULT_MAP_KEYS = ("environment", "service", "priority", "region")
_PLAIN_MAP_KEYS = ("priority", "region", "contact", "reference")  # outside software: no environments or teams


class Containers:
    """Array and object generation; expects `_gen`, `rng` and `org` from `ValueGenerator`."""

    def _array(self, schema: dict, root: Any, slot: Slot) -> list:
        lo, hi = int(schema.get("minItems", 0)), schema.get("maxItems")
        prefix, items = schema.get("prefixItems") or [], schema.get("items", True)
        if isinstance(items, list):  # draft-07 tuple form
            prefix, items = items, schema.get("additionalItems", True)
        n = lo if slot.minimal else max(lo, self.rng.choice((1, 1, 2, 2, 3)), len(prefix))
        if items is False:
            n = min(n, len(prefix))
        if hi is not None:
            n = min(n, int(hi))
        unique = bool(schema.get("uniqueItems"))
        out: list = []
        seen: set[str] = set()
        for i in range(n):
            sub = prefix[i] if i < len(prefix) else items
            elem_slot = self._element(slot, i, sub)
            for attempt in range(8 if unique else 3 if not slot.minimal else 1):
                value = self._gen(sub, root, elem_slot)
                key = json.dumps(value, sort_keys=True)
                if key not in seen:
                    break
            else:
                if len(out) >= lo:
                    break  # a repeated item adds nothing ("labels": ["bug", "bug"])
                if unique:
                    raise Unsatisfiable(elem_slot.path, "cannot find enough distinct items for uniqueItems")
            seen.add(key)
            out.append(value)
        if "contains" in schema:
            self._contain(schema, prefix, items, hi, out, root, slot)
        return out

    def _element(self, slot: Slot, i: int, sub: Any) -> Slot:
        ids = _IDS_OF.search(slot.description or "") if not desc(sub) else None
        if ids is not None:  # `followers` "Array of user IDs to add as followers": each is a user's ID
            kind = singular(ids.group(1).lower())
            return slot.but(name=f"{kind}_id", path=f"{slot.path}[{i}]", top=None, entity=kind, role="identifier",
                            description="")
        return slot.but(name=singular(slot.name), path=f"{slot.path}[{i}]", top=None,
                        description=desc(sub) or slot.description)

    def _contain(self, schema: dict, prefix: list, items: Any, hi: Any, out: list, root: Any, slot: Slot) -> None:
        """Make at least minContains items match `contains`: append where the array may grow,
        else overwrite items (from the end) whose own schema allows a matching value."""
        contains = schema["contains"]
        need = int(schema.get("minContains", 1)) - sum(is_valid(contains, x, root) for x in out)
        spots = [i for i in reversed(range(len(out))) if not is_valid(contains, out[i], root)]
        while need > 0:
            grow = items is not False and (hi is None or len(out) < int(hi))
            if not grow and not spots:
                raise Unsatisfiable(slot.path, "no room for the items `contains` asks for")
            i = len(out) if grow else spots.pop(0)
            sub = prefix[i] if i < len(prefix) else items
            try:
                value = self._gen(merge({} if sub is True else sub, {} if contains is True else contains), root,
                                  self._element(slot, i, sub))
            except Unsatisfiable:
                if grow:
                    raise
                continue
            if i == len(out):
                out.append(value)
            else:
                out[i] = value
            need -= 1

    def _object(self, schema: dict, root: Any, slot: Slot) -> dict:
        props = schema.get("properties") or {}
        if not props and slot.name and not slot.plain:  # "GeoJSON object to convert": a FeatureCollection
            made = document_object(self._hint(slot))
            if made is not None:
                return made
            shown = example_object(slot.description) if slot.description else None
            if shown is not None:  # "(e.g., { 'Blurriness': 25 })": settings of the kind the author shows
                made = {k: _near(v, self.rng) for k, v in json.loads(shown).items()}
                if is_valid(schema, made, root):
                    return made
        required = [r for r in schema.get("required", []) if isinstance(r, str)]
        top = slot.top
        min_p, max_p = int(schema.get("minProperties", 0)), schema.get("maxProperties")
        out: dict[str, Any] = {}
        names = frozenset(props)
        fixed = top.fixed if top else {}
        chosen = [p for p in props if p in required or p in fixed or (
            not slot.minimal and (top.wants(p) if top else self.rng.random() < slot.fill))]
        chosen += [r for r in required if r not in props]
        if not chosen and props and top is None and not slot.minimal and slot.fill > 0:
            chosen = self.rng.sample(list(props), min(len(props), self.rng.choice((1, 2))))  # an empty {} says nothing
        for p in props:  # minProperties: fill in optional properties first
            if len(chosen) >= min_p:
                break
            if p not in chosen:
                chosen.append(p)
        for key in _openings_first(chosen):
            sub = self._property_schema(schema, key)
            if key in fixed and is_valid(sub, fixed[key], root):
                out[key] = copy.deepcopy(fixed[key])
                continue
            out[key] = self._gen(sub, root, self._child(slot, key, sub, out, names))
        out = {k: out[k] for k in chosen if k in out}  # (in the schema's order, as a caller writes them)
        # a nested object without properties reads better with a couple of entries; never the arguments object
        map_like = not props and top is None and schema.get("additionalProperties", True) is not False
        if map_like and not out and not slot.minimal:
            ref = self._reference(slot)
            if ref is not None and is_valid(schema, ref, root):
                return ref
        target = max(min_p, 0 if slot.minimal or not map_like else self.rng.choice((1, 2)))
        for _ in range(target * 4):
            if len(out) >= target:
                break
            key = self._new_key(schema, root, slot, out)
            if key is not None:
                sub = self._property_schema(schema, key)
                out[key] = self._gen(sub, root, self._child(slot, key, sub, out, names))
        for key, deps in (schema.get("dependentRequired") or {}).items():
            for dep in deps if key in out else ():
                if dep not in out:
                    sub = self._property_schema(schema, dep)
                    out[dep] = self._gen(sub, root, self._child(slot, dep, sub, out, names))
        if max_p is not None and len(out) > max_p:
            for key in [k for k in reversed(list(out)) if k not in required][: len(out) - int(max_p)]:
                del out[key]
        return out

    def _reference(self, slot: Slot) -> dict | None:
        """An open object a record names after a kind of thing (its `team`, `creator`, `label`) is that thing as
        records refer to one, its ID and name (a person's e-mail too), not a map of settings."""
        last = words(slot.name).split("_")[-1]
        kind = singular(last)
        if kind != last:  # (`fields`, `labels`: several, by name, a map; not the one `field` a reference names)
            return None
        if not v.names_its_kind(kind) and not v.of_people(kind) and kind not in self.org.kinds:
            return None  # (`metadata`, `filters`, `diff`: settings; a `cycle` where the spec's tools name cycles)
        h = dataclasses.replace(self._hint(slot), name=f"{kind}_id", entity=kind, description="")
        if v.of_people(kind):
            who = v.person(h)
            return {"id": v.identifier(h), "name": who.name, "email": who.email}
        return {"id": v.identifier(h), "name": v.named(h, kind)}

    def _child(self, slot: Slot, key: str, sub: Any, out: dict, names: frozenset[str]) -> Slot:
        top = slot.top
        return Slot(name=key, role=top.roles.get(key) if top else None, entity=top.entities.get(key) if top else None,
                    description=desc(sub) or (top.docs.get(key, "") if top else ""),
                    path=f"{slot.path}.{key}" if slot.path else key, refs=slot.refs, plain=slot.plain,
                    parent=slot.name, fill=slot.fill, siblings=out, context=names)

    def _property_schema(self, schema: dict, key: str) -> Any:
        props = schema.get("properties") or {}
        if key in props:
            return props[key]
        for pattern, sub in (schema.get("patternProperties") or {}).items():
            if _matches(pattern, key):
                return sub
        extra = schema.get("additionalProperties", True)
        return {} if extra is True else extra

    def _new_key(self, schema: dict, root: Any, slot: Slot, out: dict) -> str | None:
        names = schema.get("propertyNames")
        patterns = list((schema.get("patternProperties") or {}))
        if patterns and (schema.get("additionalProperties") is False or self.rng.random() < 0.7):
            key = regex_string(self.rng.choice(patterns), self.rng, 1, 40)
        elif schema.get("additionalProperties") is False:
            key = next((p for p in schema.get("properties") or {} if p not in out), None)
        else:
            usual = _DEFAULT_MAP_KEYS if self.org.technical else _PLAIN_MAP_KEYS
            pool = _MAP_KEYS.get(singular(slot.name), _MAP_KEYS.get(slot.name, usual))
            key = next((k for k in pool if k not in out), f"{self.rng.choice(self.org.nouns)}_{len(out)}")
        if key is not None and isinstance(names, dict) and not is_valid(names, key, root):
            key = self._gen(names, root, slot.but(name="key", top=None))
        return key if isinstance(key, str) and key not in out else None


_IDS_OF = re.compile(r"\b(?:array|list)\s+of\s+(?:the\s+)?([A-Za-z]{3,20})\s+(?:ids|gids|identifiers|uuids)\b", re.I)


def _near(value: Any, rng: Any) -> Any:
    """An example's number varied a little (25 -> 20 or 40), anything else as shown."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return value
    scaled = value * rng.choice((0.5, 0.8, 1, 1, 1.6, 2))
    return int(round(scaled)) if isinstance(value, int) else round(scaled, 2)


def _openings_first(keys: list[str]) -> list[str]:
    """`keys` with each closing slot after its opening partner (`end_date` after `start_date`), so that the
    closing value is drawn after the one it must follow, whichever order the schema lists them in; and a
    record's type before its name (a name is drawn for the kind of thing the record is)."""
    present = {words(k) for k in keys}
    return sorted(keys, key=lambda k: (words(k).split("_")[-1] not in ("type", "kind"), partner(words(k)) in present))

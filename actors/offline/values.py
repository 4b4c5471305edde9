"""Realistic JSON values that are valid against a JSON Schema by construction.

`ValueGenerator` walks the schema (`$ref`, `allOf`, `anyOf`/`oneOf`, `not`, `if`/`then`/
`else`, `const`, `enum`, types and their bounds) and asks `values_names` for a realistic
proposal at each leaf, which it then fits to the leaf's constraints. Every value it
returns has been checked with jsonschema (format checking on). When the realistic
attempt fails validation it retries, then falls back to a plain structural mode (smallest
values, no optional content); when even that fails it raises `ValueError` naming the path.

All randomness comes from the `random.Random` passed in, so a seed fixes every value.
"""

from __future__ import annotations

import copy
import json
import re
from dataclasses import dataclass, field, replace
from typing import Any, Callable

from actors.offline.values_check import error_path, first_error, is_valid, validator_for
from actors.offline.values_names import Hint, param_docs, realistic_string, singular
from actors.offline.values_numbers import boolean, number
from actors.offline.values_regex import regex_string
from actors.offline.values_regex import search as _matches
from actors.offline.values_schema import Unsatisfiable, merge, mentions_ref, resolve, types_of, without
from actors.offline.values_formats import format_string
from actors.offline.world import Organisation

__all__ = ["OptionalPolicy", "ValueGenerator", "error_path", "first_error", "is_valid", "validator_for"]

OptionalPolicy = Callable[[str], bool] | set[str] | frozenset[str] | None

_REF_DEPTH = 3  # nested $refs beyond this generate the smallest value, so recursive schemas end
_MAX_REFS = 32  # a `$ref` chain this long can only be a recursion that never ends
_REALISTIC_TRIES = 4
_PLAIN_TRIES = 2
_NESTED_OPTIONAL = 0.4  # chance an optional property of a nested object is filled in
_MAP_KEYS = {
    "metadata": ("owner", "team", "env"), "labels": ("team", "env", "tier"), "tags": ("team", "env", "cost_center"),
    "headers": ("X-Request-Id", "Accept", "X-Tenant"), "env": ("LOG_LEVEL", "REGION", "FEATURE_FLAGS"),
}
_DEFAULT_MAP_KEYS = ("id", "name", "status", "owner")


@dataclass(frozen=True)
class _Top:
    """What `arguments` says about the top-level properties."""

    roles: dict[str, str] = field(default_factory=dict)
    entities: dict[str, str] = field(default_factory=dict)
    fixed: dict[str, Any] = field(default_factory=dict)
    optional: OptionalPolicy = None
    docs: dict[str, str] = field(default_factory=dict)  # per-parameter text from the tool's description

    def wants(self, name: str) -> bool:
        if self.optional is None:
            return False
        if callable(self.optional):
            return bool(self.optional(name))
        return name in self.optional


class _Slot:
    """Where a value goes: its name and meaning, its path, and how far `$ref`s have nested.

    A plain slotted class (not a dataclass) because one is made per generated value and
    `dataclasses.replace` showed up in profiles.
    """

    __slots__ = ("name", "role", "entity", "description", "path", "refs", "plain", "top", "parent", "fill",
                 "siblings", "context")

    def __init__(self, name: str = "", role: str | None = None, entity: str | None = None, description: str = "",
                 path: str = "", refs: int = 0, plain: bool = False, top: _Top | None = None, parent: str = "",
                 fill: float = _NESTED_OPTIONAL, siblings: dict | None = None,
                 context: frozenset[str] = frozenset()) -> None:
        self.name, self.role, self.entity, self.description, self.path = name, role, entity, description, path
        self.refs, self.plain, self.top, self.parent, self.fill = refs, plain, top, parent, fill
        self.siblings, self.context = siblings, context

    def but(self, **changes: Any) -> _Slot:
        fields = {k: getattr(self, k) for k in self.__slots__}
        fields.update(changes)
        return _Slot(**fields)

    @property
    def minimal(self) -> bool:
        return self.plain or self.refs > _REF_DEPTH


class ValueGenerator:
    """Generates values for one scenario: one organisation, one random stream."""

    def __init__(self, org: Organisation, rng) -> None:
        self.org, self.rng = org, rng
        # words that strings generated from a bare regex are spelled from
        self.vocab = tuple(dict.fromkeys((org.slug, *org.nouns, *org.teams, *(p.split("-")[-1] for p in org.projects))))

    # ----- public API -------------------------------------------------------------------
    def value(self, schema: Any, *, name: str = "", role: str | None = None, entity: str | None = None,
              root: Any = None, fill: float | None = None, description: str | None = None) -> Any:
        """One value valid against `schema`; `root` is the enclosing schema its `$ref`s point into.

        `fill` is the chance that an optional object property (at any depth) is set:
        0.4 by default; mock outputs read better with more (e.g. 0.9). `description` is what
        the value means when the schema itself says nothing (e.g. from the tool's docstring).
        """
        slot = _Slot(name=name, role=role, entity=entity, description=_desc(schema) or description or "", path=name,
                     fill=_NESTED_OPTIONAL if fill is None else fill)
        return self._checked(schema, root, slot)

    def arguments(self, input_schema: dict, *, roles: dict[str, str] | None = None,
                  entities: dict[str, str] | None = None, fixed: dict[str, Any] | None = None,
                  optional: OptionalPolicy = None, doc: str | None = None) -> dict:
        """An arguments object valid against `input_schema`.

        Required properties are always present, optional ones when `optional` says so (a
        set of names or a predicate). `fixed` values (e.g. IDs from earlier outputs) are
        used where valid for their property and replaced by generated values otherwise.
        `doc` is the tool's description: an "Args:" section in it describes parameters whose
        schema has no description of its own.
        """
        top = _Top(dict(roles or {}), dict(entities or {}), dict(fixed or {}), optional, param_docs(doc) if doc else {})
        out = self._checked(input_schema, None, _Slot(top=top), blame_fixed=True)
        if not isinstance(out, dict):
            raise ValueError(f"(root): input schema does not describe an object (got {type(out).__name__})")
        return out

    # ----- generation with validation and fallback --------------------------------------
    def _checked(self, schema: Any, root: Any, slot: _Slot, blame_fixed: bool = False) -> Any:
        root_or_self = schema if root is None else root
        last = "no attempt made"
        for attempt in range(_REALISTIC_TRIES + _PLAIN_TRIES):
            if attempt == _REALISTIC_TRIES:
                slot = slot.but(plain=True)
            try:
                candidate = self._gen(schema, root_or_self, slot)
            except Unsatisfiable as exc:
                last = str(exc)
                continue
            if is_valid(schema, candidate, root):
                return candidate
            last = first_error(schema, candidate, root) or "invalid"
            if blame_fixed and slot.top is not None and slot.top.fixed:
                slot = slot.but(top=_drop_blamed(slot.top, schema, candidate, root))
        raise ValueError(f"{slot.path or '(root)'}: cannot generate a valid value ({last})")

    def _gen(self, schema: Any, root: Any, slot: _Slot) -> Any:
        if schema is True:
            schema = {}
        if schema is False:
            raise Unsatisfiable(slot.path, "the schema `false` admits no value")
        if not isinstance(schema, dict):
            raise Unsatisfiable(slot.path, f"not a schema: {schema!r}")
        ref = schema.get("$ref", schema.get("$dynamicRef", schema.get("$recursiveRef")))
        if isinstance(ref, str):
            target = resolve(ref, root, slot.path)
            if target is False:
                raise Unsatisfiable(slot.path, f"$ref {ref} is the schema `false`")
            rest = without(schema, "$ref", "$dynamicRef", "$recursiveRef")
            target = {} if target is True else target
            if slot.refs > _MAX_REFS:
                raise Unsatisfiable(slot.path, f"$ref {ref} recurses without end")
            deeper = slot.but(refs=slot.refs + 1, description=slot.description or _desc(target))
            return self._gen(merge(rest, target) if rest else target, root, deeper)
        if "allOf" in schema:
            merged = without(schema, "allOf")
            for sub in schema["allOf"]:
                merged = merge(merged, self._deref(sub, root, slot))
            return self._gen(merged, root, slot)
        for key in ("oneOf", "anyOf"):
            if key in schema:
                return self._alternatives(schema, key, root, slot)
        if "not" in schema:
            return self._negated(schema, root, slot)
        if "if" in schema:
            return self._conditional(schema, root, slot)
        if "const" in schema:
            return copy.deepcopy(schema["const"])
        if "enum" in schema:
            return self._enum(schema, slot)
        kind = self._pick_type(types_of(schema), slot)
        if kind == "object":
            return self._object(schema, root, slot)
        if kind == "array":
            return self._array(schema, root, slot)
        if kind in ("integer", "number"):
            return self._number(schema, slot, kind == "integer")
        if kind == "boolean":
            return boolean(schema, slot.plain, self.rng)
        if kind == "null":
            return None
        return self._string(schema, slot)

    def _deref(self, sub: Any, root: Any, slot: _Slot) -> dict:
        if sub is True:
            return {}
        if sub is False:
            raise Unsatisfiable(slot.path, "allOf contains the schema `false`")
        return sub

    # ----- combinators ------------------------------------------------------------------
    def _alternatives(self, schema: dict, key: str, root: Any, slot: _Slot) -> Any:
        branches = schema[key]
        rest = without(schema, key)
        exclusive = key == "oneOf" and not _DISJOINT.get(branches)
        for i in self._branch_order(branches, slot):
            branch = branches[i]
            if branch is False:
                continue
            try:
                candidate = self._gen(merge(rest, {} if branch is True else branch), root, slot)
            except Unsatisfiable:
                continue
            if not _simple(branch) and not is_valid(branch, candidate, root):
                continue
            if exclusive:
                others = [b for j, b in enumerate(branches) if j != i and is_valid(b, candidate, root)]
                if others:  # oneOf: the value must match exactly one branch; look for one outside the others
                    try:
                        candidate = self._gen(merge(rest, {"allOf": [branch], "not": {"anyOf": others}}), root, slot)
                    except Unsatisfiable:
                        continue
            return candidate
        raise Unsatisfiable(slot.path, f"no {key} branch gave a value matching exactly as required")

    def _branch_order(self, branches: list, slot: _Slot) -> list[int]:
        idx = list(range(len(branches)))
        self.rng.shuffle(idx)
        nulls = [i for i in idx if _is_null(branches[i])]
        others = [i for i in idx if i not in nulls]
        if slot.minimal:
            simple = [i for i in others if not mentions_ref(branches[i])]
            return nulls + simple + [i for i in others if i not in simple]
        return others + nulls

    def _negated(self, schema: dict, root: Any, slot: _Slot) -> Any:
        rest, neg = without(schema, "not"), schema["not"]
        for _ in range(6):
            candidate = self._gen(rest, root, slot)
            if not is_valid(neg, candidate, root):
                return candidate
        raise Unsatisfiable(slot.path, "every candidate matched the `not` schema")

    def _conditional(self, schema: dict, root: Any, slot: _Slot) -> Any:
        rest, cond = without(schema, "if", "then", "else"), schema["if"]
        candidate = None
        for branch, wanted in ((schema.get("then"), True), (schema.get("else"), False)):
            target = merge(rest, branch) if isinstance(branch, dict) else rest
            candidate = self._gen(target, root, slot)
            if is_valid(cond, candidate, root) == wanted:
                return candidate
        return candidate  # the final validation decides

    def _enum(self, schema: dict, slot: _Slot) -> Any:
        values = schema["enum"]
        if not values:
            raise Unsatisfiable(slot.path, "empty enum")
        kinds = types_of(schema)
        fitting = [v for v in values if not kinds or _json_type(v) in kinds or
                   (_json_type(v) == "integer" and "number" in kinds)] or values
        if not slot.plain and "default" in schema and schema["default"] in fitting and self.rng.random() < 0.25:
            return copy.deepcopy(schema["default"])
        return copy.deepcopy(fitting[0] if slot.plain else self.rng.choice(fitting))

    def _pick_type(self, kinds: list[str], slot: _Slot) -> str:
        if not kinds:
            return "string"
        real = [k for k in kinds if k != "null"]
        if not real:
            return "null"
        if slot.minimal and "null" in kinds:
            return "null"
        if len(real) == 1:
            return real[0]
        if slot.minimal:
            for k in ("string", "integer", "number", "boolean", "array", "object"):
                if k in real:
                    return k
        if "string" in real and self.rng.random() < 0.6:
            return "string"
        return self.rng.choice(real)

    # ----- leaves -----------------------------------------------------------------------
    def _hint(self, slot: _Slot) -> Hint:
        return Hint(slot.name, slot.role, slot.entity, slot.description, self.org, self.rng, slot.parent,
                    slot.siblings, slot.context)

    def _string(self, schema: dict, slot: _Slot) -> str:
        lo, hi = int(schema.get("minLength", 0)), schema.get("maxLength")
        pattern, fmt = schema.get("pattern"), schema.get("format")
        if not isinstance(pattern, str):
            pattern = None
        for _ in range(0 if slot.plain else 3 if pattern else 1):
            proposal = (format_string(fmt, self.org, self.rng) if isinstance(fmt, str) else None) \
                or realistic_string(self._hint(slot))
            for form in _variants(proposal) if pattern else (proposal,):
                fitted = self._fit_length(form, lo, hi)
                if fitted is not None and (pattern is None or _matches(pattern, fitted)):
                    return fitted
        if pattern is not None:
            made = regex_string(pattern, self.rng, lo, hi, vocab=self.vocab)
            if made is None:
                raise Unsatisfiable(slot.path, f"no string of length {lo}..{hi} matches pattern {pattern!r}")
            return made
        if isinstance(fmt, str):
            made = format_string(fmt, self.org, self.rng)
            if made is not None and lo <= len(made) <= (hi if hi is not None else len(made)):
                return made
        if hi is not None and hi < lo:
            raise Unsatisfiable(slot.path, f"maxLength {hi} < minLength {lo}")
        size = self.rng.randint(lo, max(lo, min(hi if hi is not None else lo + 12, lo + 12)))
        return self._fit_length(self.rng.choice(self.vocab), size, size) or "x" * lo

    def _fit_length(self, text: str, lo: int, hi: int | None) -> str | None:
        while len(text) < lo:
            text = f"{text}-{self.rng.choice(self.org.nouns)}"
        if hi is not None and len(text) > hi:
            cut = text[:hi]
            text = cut.rstrip(" -_/.:") if len(cut.rstrip(" -_/.:")) >= lo else cut
        return text if len(text) >= lo else None

    def _number(self, schema: dict, slot: _Slot, integer: bool) -> int | float:
        made = number(schema, self._hint(slot), integer, slot.plain)
        if made is None:
            raise Unsatisfiable(slot.path, "no number satisfies the bounds and multipleOf")
        return made

    # ----- containers -------------------------------------------------------------------
    def _array(self, schema: dict, root: Any, slot: _Slot) -> list:
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

    def _element(self, slot: _Slot, i: int, sub: Any) -> _Slot:
        return slot.but(name=singular(slot.name), path=f"{slot.path}[{i}]", top=None,
                        description=_desc(sub) or slot.description)

    def _contain(self, schema: dict, prefix: list, items: Any, hi: Any, out: list, root: Any, slot: _Slot) -> None:
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

    def _object(self, schema: dict, root: Any, slot: _Slot) -> dict:
        props = schema.get("properties") or {}
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
        for key in chosen:
            sub = self._property_schema(schema, key)
            if key in fixed and is_valid(sub, fixed[key], root):
                out[key] = copy.deepcopy(fixed[key])
                continue
            out[key] = self._gen(sub, root, self._child(slot, key, sub, out, names))
        # a nested object without properties reads better with a couple of entries; never the arguments object
        map_like = not props and top is None and schema.get("additionalProperties", True) is not False
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

    def _child(self, slot: _Slot, key: str, sub: Any, out: dict, names: frozenset[str]) -> _Slot:
        top = slot.top
        return _Slot(name=key, role=top.roles.get(key) if top else None, entity=top.entities.get(key) if top else None,
                     description=_desc(sub) or (top.docs.get(key, "") if top else ""),
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

    def _new_key(self, schema: dict, root: Any, slot: _Slot, out: dict) -> str | None:
        names = schema.get("propertyNames")
        patterns = list((schema.get("patternProperties") or {}))
        if patterns and (schema.get("additionalProperties") is False or self.rng.random() < 0.7):
            key = regex_string(self.rng.choice(patterns), self.rng, 1, 40)
        elif schema.get("additionalProperties") is False:
            key = next((p for p in schema.get("properties") or {} if p not in out), None)
        else:
            pool = _MAP_KEYS.get(singular(slot.name), _MAP_KEYS.get(slot.name, _DEFAULT_MAP_KEYS))
            key = next((k for k in pool if k not in out), f"{self.rng.choice(self.org.nouns)}_{len(out)}")
        if key is not None and isinstance(names, dict) and not is_valid(names, key, root):
            key = self._gen(names, root, slot.but(name="key", top=None))
        return key if isinstance(key, str) and key not in out else None


def _drop_blamed(top: _Top, schema: Any, candidate: Any, root: Any) -> _Top:
    """Stop using the fixed values the validation errors point at."""
    validator = validator_for(schema, root)
    blamed = {err.absolute_path[0] for err in validator.iter_errors(candidate) if err.absolute_path}
    if not blamed & set(top.fixed):
        return replace(top, fixed={})  # an object-level error (e.g. dependencies): drop them all
    return replace(top, fixed={k: v for k, v in top.fixed.items() if k not in blamed})


_SIMPLE_KEYS = frozenset({"type", "description", "title", "default", "examples", "$comment", "minimum", "maximum",
                          "exclusiveMinimum", "exclusiveMaximum", "minLength", "maxLength", "enum", "const"})


def _simple(branch: Any) -> bool:
    """A branch the generator meets exactly (checking it again would only cost time)."""
    return branch is True or (isinstance(branch, dict) and isinstance(branch.get("type", ""), str)
                              and branch.keys() <= _SIMPLE_KEYS)


class _ByIdentity:
    """A bounded memo of fn(obj) keyed by the object's identity (the object is kept alive)."""

    def __init__(self, fn: Callable[[Any], Any], size: int = 4096) -> None:
        self.fn, self.size, self.memo = fn, size, {}

    def get(self, obj: Any) -> Any:
        hit = self.memo.get(id(obj))
        if hit is not None and hit[0] is obj:
            return hit[1]
        if len(self.memo) >= self.size:
            self.memo.clear()
        value = self.fn(obj)
        self.memo[id(obj)] = (obj, value)
        return value


def _disjoint(branches: list) -> bool:
    """Whether no value can match two oneOf branches: distinct single types, or a shared
    required property with a distinct `const` in each branch (a discriminator)."""
    if not all(isinstance(b, dict) for b in branches):
        return False
    types = [b.get("type") for b in branches]
    if all(isinstance(t, str) for t in types) and len(set(types)) == len(types) and \
            not {"integer", "number"} <= set(types):
        return True
    consts: dict[str, list] = {}
    for b in branches:
        for prop, sub in (b.get("properties") or {}).items():
            if isinstance(sub, dict) and "const" in sub and prop in (b.get("required") or ()):
                consts.setdefault(prop, []).append(json.dumps(sub["const"], sort_keys=True))
    return any(len(vals) == len(branches) == len(set(vals)) for vals in consts.values())


_DISJOINT = _ByIdentity(_disjoint)


def _variants(text: str):
    """The proposal and spellings of it that a `pattern` is more likely to accept."""
    yield text
    slug = re.sub(r"[^A-Za-z0-9]+", "-", text).strip("-")
    yield slug.lower()
    yield slug.replace("-", "_").lower()
    yield slug.replace("-", "_").upper()
    yield slug.replace("-", "")
    yield re.sub(r"[^0-9]", "", text) or text


def _desc(schema: Any) -> str:
    return schema.get("description", "") if isinstance(schema, dict) and isinstance(schema.get("description"), str) else ""


def _is_null(schema: Any) -> bool:
    return isinstance(schema, dict) and (schema.get("type") == "null" or schema.get("const", 0) is None)


def _json_type(v: Any) -> str:
    if v is None:
        return "null"
    if isinstance(v, bool):
        return "boolean"
    if isinstance(v, int):
        return "integer"
    if isinstance(v, float):
        return "integer" if v.is_integer() else "number"
    if isinstance(v, str):
        return "string"
    return "array" if isinstance(v, list) else "object"

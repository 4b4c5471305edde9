"""The value generator's bookkeeping: where a value goes, and small schema predicates.

Shared by `values` (the walk over the schema) and `values_containers` (arrays, objects).
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from typing import Any, Callable

REF_DEPTH = 3  # nested $refs beyond this generate the smallest value, so recursive schemas end
NESTED_OPTIONAL = 0.4  # chance an optional property of a nested object is filled in

OptionalPolicy = Callable[[str], bool] | set[str] | frozenset[str] | None


@dataclass(frozen=True)
class Top:
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


class Slot:
    """Where a value goes: its name and meaning, its path, and how far `$ref`s have nested.

    A plain slotted class (not a dataclass) because one is made per generated value and
    `dataclasses.replace` showed up in profiles.
    """

    __slots__ = ("name", "role", "entity", "description", "path", "refs", "plain", "top", "parent", "fill",
                 "siblings", "context")

    def __init__(self, name: str = "", role: str | None = None, entity: str | None = None, description: str = "",
                 path: str = "", refs: int = 0, plain: bool = False, top: Top | None = None, parent: str = "",
                 fill: float = NESTED_OPTIONAL, siblings: dict | None = None,
                 context: frozenset[str] = frozenset()) -> None:
        self.name, self.role, self.entity, self.description, self.path = name, role, entity, description, path
        self.refs, self.plain, self.top, self.parent, self.fill = refs, plain, top, parent, fill
        self.siblings, self.context = siblings, context

    def but(self, **changes: Any) -> Slot:
        fields = {k: getattr(self, k) for k in self.__slots__}
        fields.update(changes)
        return Slot(**fields)

    @property
    def minimal(self) -> bool:
        return self.plain or self.refs > REF_DEPTH


_SIMPLE_KEYS = frozenset({"type", "description", "title", "default", "examples", "$comment", "minimum", "maximum",
                          "exclusiveMinimum", "exclusiveMaximum", "minLength", "maxLength", "enum", "const"})


def simple(branch: Any) -> bool:
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


DISJOINT = _ByIdentity(_disjoint)


def variants(text: str):
    """The proposal and spellings of it that a `pattern` is more likely to accept."""
    yield text
    slug = re.sub(r"[^A-Za-z0-9]+", "-", text).strip("-")
    yield slug.lower()
    yield slug.replace("-", "_").lower()
    yield slug.replace("-", "_").upper()
    yield slug.replace("-", "")
    moment = _MOMENT.match(text)
    if moment is not None:  # a date or a time as the pattern writes moments (`…T09:00:00+02:00`, `….000Z`, a date)
        day, clock = moment.group(1), moment.group(2) or "09:00:00"
        clock = clock if clock.count(":") == 2 else f"{clock}:00"
        yield from (f"{day}T{clock}Z", f"{day}T{clock}.000Z", f"{day}T{clock}+00:00", f"{day}T{clock}+02:00", day,
                    f"{day} {clock}", f"{day}T{clock}", day.replace("-", ""), f"{day}T{clock[:5]}")
    yield re.sub(r"[^0-9]", "", text) or text


_MOMENT = re.compile(r"^(\d{4}-\d\d-\d\d)(?:[T ](\d\d:\d\d(?::\d\d)?))?")

def desc(schema: Any) -> str:
    """A schema's description, with the examples its `example`/`examples` keywords give written the way a
    description gives them ("(e.g. 'Taylor')"), so that both are read by the one reader of examples."""
    if not isinstance(schema, dict):
        return ""
    text = schema["description"] if isinstance(schema.get("description"), str) else ""
    given = schema.get("examples") if isinstance(schema.get("examples"), list) else [schema.get("example")]
    shown = [x for x in given if isinstance(x, str) and x.strip() and x not in text and len(x) <= 80
             and "\n" not in x and not ("'" in x and '"' in x)][:3]
    if not shown:
        return text
    quoted = ", ".join(f'"{x}"' if "'" in x else f"'{x}'" for x in shown)
    return f"{text} (e.g. {quoted})".strip()


def is_null(schema: Any) -> bool:
    return isinstance(schema, dict) and (schema.get("type") == "null" or schema.get("const", 0) is None)



"""What a spec says its records hold: one field list per entity kind, merged from every tool of that kind.

A tool that creates or updates an issue names the issue's fields in its parameters (`title`, `body`,
`labels`); a tool that lists issues filters by some of them (`state: open|closed`, `assignee`); a tool
that returns an issue with an outputSchema declares them outright. The model gathers these once per
suite, so a result of a tool that declares no output (most tools) can still show a record with the
fields this system's records have, rather than a template from some other system.
"""

from __future__ import annotations

import copy
import json
import random
import re
from dataclasses import dataclass, field
from typing import Any

from common.schemautil import deref
from common.taxonomy import same_kind, singular, tokens
from engines.offline import kinds
from engines.offline.places import cohere
from engines.offline.states import state_set
from engines.offline.values import ValueGenerator
from engines.offline.values_describe import described_fields, returned_fields
from engines.offline.values_names import FALLBACK
from engines.offline.values_vocab import PUBLIC_KINDS
from schemas import Action, ParameterRole, ToolInterpretation, ToolSuite

# Parameters that steer a call rather than describe a record: paging, output shape, safety switches, credentials.
_CONTROL = frozenset({
    "limit", "offset", "page", "pages", "per", "cursor", "next", "sort", "order", "direction", "asc", "desc", "fields",
    "include", "exclude", "expand", "format", "output", "verbose", "dry", "force", "confirm", "async", "wait",
    "timeout", "raw", "debug", "pretty", "api", "secret", "password", "auth", "authorization", "token", "headers",
    "retries", "overwrite", "notify", "silent", "batch", "chunk", "select",
})
# ... and, in a list or search, what narrows the listing rather than naming a field.
_NARROWING = frozenset({"query", "q", "search", "filter", "filters", "since", "until", "before", "after", "from", "to",
                        "max", "min", "count", "skip", "top", "recursive", "size"})
# Where a listed thing is, comes from or goes to: a listing filtered by one shows things there.
_PLACES = frozenset({"station", "city", "airport", "origin", "destination", "departure", "arrival", "port", "venue"})
_RANGE_ENDS = frozenset({"start", "end", "begin", "first", "last", "earliest", "latest"})
_MAX_FIELDS = 8
# Fields that sort records into groups: a listing filtered by one shows records of that group.
_CATEGORIES = frozenset({"status", "state", "type", "category", "priority", "visibility", "role", "country", "language",
                         "lang", "currency", "genre", "severity"})
_SWITCHES = frozenset({"expire", "expiration", "ttl", "seconds", "timeout", "mode", "depth", "recursive", "wait"})
_WRAPPERS = ("result", "results", "data", "item", "items", "record", "records", "response", "value", "values")
# How a call went (`{ok, board_uuid}`), not what the record holds: a listing's boards have no `ok` each.
_OUTCOMES = frozenset({"ok", "success", "succeeded", "successful", "acknowledged", "error", "errors"})


@dataclass(frozen=True)
class Field:
    """One field of a kind's records: its schema (with the root its `$ref`s point into) and where it was seen."""

    name: str
    schema: dict[str, Any]
    root: dict[str, Any]
    seen_in: str


@dataclass
class SpecModel:
    """The record fields of every entity kind of one suite, most telling first."""

    kinds: dict[str, dict[str, Field]] = field(default_factory=dict)
    vocabulary: frozenset[str] = frozenset()  # every word of the spec's names and descriptions
    _drawn: dict[tuple[str, Any, str], dict[str, Any]] = field(default_factory=dict, repr=False, compare=False)

    @classmethod
    def build(cls, suite: ToolSuite, its: dict[str, ToolInterpretation]) -> "SpecModel":
        model = cls(vocabulary=frozenset(w for t in suite.tools for w in _words(t)))
        # Declared outputs first (they say what the system returns), then what creates and updates send,
        # then what lists filter by.
        for tool in suite.tools:
            it = its.get(tool.name)
            if it is not None and tool.output_schema:
                record = _record_schema(tool.output_schema, it.action)
                for name, sub in (record.get("properties") or {}).items():
                    model._add(it.entity, name, deref(sub, tool.output_schema), tool.output_schema, f"{tool.name} output")
        for tool in suite.tools:  # then the keys a docstring's Returns section lists, whatever the tool does
            it = its.get(tool.name)
            if it is not None and not tool.output_schema:
                for name, schema in returned_fields(tool.description or ""):
                    model._add(it.entity, name, schema, {}, f"{tool.name} docstring")
        for tool in suite.tools:  # then what a description says a lookup returns ("including channels and member count")
            it = its.get(tool.name)
            if it is not None and not tool.output_schema and it.action in _LOOKUPS:
                # the thing a read is given (`get_server_info(guildId)` shows the guild) has those fields too
                read = [p.entity for p in it.parameters if p.required and p.role is ParameterRole.identifier
                        and p.entity and it.action is Action.read]
                for name, schema in described_fields(tool.description or ""):
                    for kind in dict.fromkeys([it.entity, *read[:1]]):
                        model._add(kind, name, schema, {}, f"{tool.name} description")
        for wanted in ((Action.create, Action.update), (Action.list, Action.search)):
            for tool in suite.tools:
                it = its.get(tool.name)
                # (a read that picks its record by what it is, not by ID, narrows like a listing: a random pokemon
                # `by_type` fire is a fire pokemon)
                # (only for a kind nothing else says the fields of: a weather's `city` would hide its temperature)
                picked = it is not None and it.action is Action.read and Action.list in wanted \
                    and not any(p.role is ParameterRole.identifier for p in it.parameters) \
                    and kinds.fields_of(it.entity) is None
                if it is None or it.action not in wanted and not picked:
                    continue
                props = tool.input_schema.get("properties") or {}
                for p in it.parameters:
                    sub = deref(props.get(p.name), tool.input_schema)
                    # What a create or update sends, and which other records it points to (an issue's assignee);
                    # what a list filters by.
                    if it.action in (Action.create, Action.update):
                        holds = p.role in (ParameterRole.content, ParameterRole.option, ParameterRole.other) or (
                            p.role is ParameterRole.identifier and bool(p.entity) and not same_kind(p.entity, it.entity))
                    else:
                        holds = p.role in (ParameterRole.option, ParameterRole.filter, ParameterRole.other) \
                            and not _public(it)
                    if holds and sub and _describes(p.name, sub, Action.list if picked else it.action):
                        if it.action in (Action.list, Action.search) and sub.get("type") == "array" \
                                and isinstance(sub.get("items"), dict) and sub["items"].get("type") != "object":
                            # a filter by several states (`status: [pending, failed]`): each record has one
                            sub = deref(sub["items"], tool.input_schema)
                        model._add(it.entity, p.name, sub, tool.input_schema, f"{tool.name}.{p.name}")
        # Last, what any tool's parameter says of a kind by naming it (`proxy_address` "format: ip:port": a
        # proxy has an address of that shape), wherever the tool is a read or an act on something else.
        kinds_of = {tuple(tokens(it.entity)): it.entity for it in its.values() if it.entity}
        for tool in suite.tools:
            it = its.get(tool.name)
            props = tool.input_schema.get("properties") or {}
            for p in (it.parameters if it is not None else ()):
                words = tokens(p.name)
                kind = next((k for n in range(len(words) - 1, 0, -1) if (k := kinds_of.get(tuple(words[:n])))), None)
                rest = "_".join(words[len(tokens(kind)):]) if kind else ""
                sub = deref(props.get(p.name), tool.input_schema)
                # (a create's `ticket_status` already is the ticket's status: no second `status` drawn beside it)
                if kind and rest and p.name not in model.kinds.get(kind, {}) and not _is_identity(rest) \
                        and not set(rest.split("_")) & _NAMES_IT \
                        and isinstance(sub, dict) and sub.get("type") in ("string", "number", "integer", "boolean") \
                        and _describes(rest, sub, Action.create):
                    model._add(kind, rest, sub, tool.input_schema, f"{tool.name}.{p.name}")
        return model

    def speaks_of(self, name: str) -> bool:
        """Whether the spec's own text uses the words of a field name (`head_branch`: "head" and "branch")."""
        words = [w for w in tokens(name) if len(w) > 2]
        return bool(words) and all(w in self.vocabulary or singular(w) in self.vocabulary for w in words)

    def _add(self, kind: str, name: str, schema: dict[str, Any], root: dict[str, Any], seen_in: str) -> None:
        if not kind or not isinstance(schema, dict) or not schema or _is_identity(name) or name.lower() in _WRAPPERS \
                or name.lower() in _OUTCOMES:
            return
        fields = self.kinds.setdefault(kind, {})
        if name not in fields and len(fields) < 2 * _MAX_FIELDS:
            fields[name] = Field(name, schema, root, seen_in)

    def fields(self, kind: str) -> list[Field]:
        """The fields of `kind` (or of a kind the taxonomy counts as the same)."""
        if kind in self.kinds:
            return list(self.kinds[kind].values())
        for k, fields in self.kinds.items():
            if same_kind(k, kind):
                return list(fields.values())
        return []

    def constrained(self, kind: str) -> set[str]:
        """The fields of `kind` whose values the spec lists (an enum, a const): nothing may redraw them."""
        return {f.name for f in self.fields(kind) if "enum" in f.schema or "const" in f.schema}

    def initial(self, kind: str) -> dict[str, Any]:
        """The state a new record of `kind` starts in: each status-like field's default, else the first of
        its values (specs list a lifecycle in order: open, pending, solved; draft, published)."""
        out: dict[str, Any] = {}
        for f in self.fields(kind):
            enum = f.schema.get("enum")
            values = [v for v in enum if v is not None] if isinstance(enum, list) else []
            if set(tokens(f.name)) & {"status", "state", "stage", "phase"} and values:
                out[f.name] = f.schema["default"] if f.schema.get("default") in values else values[0]
        return out

    def record(self, kind: str, org: Any, key: str) -> dict[str, Any]:
        """Values for a record of `kind`, the same for the same `key` (each field seeded by it and its name,
        not by call order); drawn once per (kind, organisation, key) and copied out."""
        memo = self._drawn.get((kind, org, key))
        if memo is None:
            if len(self._drawn) > 50_000:  # a bound for very long runs: records are cheap to draw again
                self._drawn.clear()
            memo = self._drawn[(kind, org, key)] = self._draw(kind, org, key)
        return copy.deepcopy(memo)

    def _draw(self, kind: str, org: Any, key: str) -> dict[str, Any]:
        out: dict[str, Any] = {}
        gen = ValueGenerator(org, random.Random(key))
        for f in self.fields(kind)[:_MAX_FIELDS]:
            gen.rng = random.Random(f"{key}:{f.name}")  # each field from its own stream: one field never shifts another
            try:
                value = gen.value(f.schema, name=f.name, root=f.root, fill=0.9)
            except ValueError:  # a field no valid value can be found for is left out, not guessed
                continue
            if value in (None, "", [], {}) or f.seen_in.endswith(" description") and _placeholder(value):
                continue  # (a field only a description names is left out when nothing knows its values)
            out[f.name] = value
        # (fields drawn one by one: a city and its country agree only when set together; listed values stay)
        return cohere(out, self.constrained(kind))


_LOOKUPS = frozenset({Action.read, Action.list, Action.search, Action.analyze})
def _placeholder(value: Any) -> bool:
    """`channels: ["channel-3"]`, `status: "status-2"`: the engine's honest fallback, meaning it knew nothing."""
    vals = value if isinstance(value, list) else [value]
    return any(isinstance(v, str) and FALLBACK.fullmatch(v) for v in vals)


def _words(tool: Any) -> set[str]:
    text = " ".join([tool.name, tool.description or "", json.dumps(tool.input_schema), json.dumps(tool.output_schema or {})])
    return {singular(w) for w in tokens(re.sub(r"[^A-Za-z0-9_]+", " ", text))}


def _record_schema(output: dict[str, Any], action: Action) -> dict[str, Any]:
    """The object in a declared output that is one record: a list's items, inside a `result`/`data` wrapper."""
    node = deref(output, output)
    for _ in range(3):
        props = node.get("properties") or {}
        arrays = [sub for sub in (deref(s, output) for s in props.values()) if sub.get("type") == "array"]
        if action in (Action.list, Action.search) and len(arrays) == 1:
            items = deref(arrays[0].get("items"), output)
            if items.get("properties"):
                return items
        wrapped = [n for n in props if n.lower() in _WRAPPERS]
        if len(props) <= 3 and wrapped:
            inner = deref(props[wrapped[0]], output)
            if inner.get("type") == "array":
                inner = deref(inner.get("items"), output)
            if inner.get("properties"):
                node = inner
                continue
        break
    return node


def record_writes(tool: Any, it: ToolInterpretation, args: dict[str, Any]) -> dict[str, Any]:
    """What a call's arguments say of the records it touches: a create's or update's content and the fields
    it sets (`status`, `priority`; not `notify`), a list's or search's state filters (`status: open`: what it
    lists is open)."""
    props = tool.input_schema.get("properties") or {}
    out: dict[str, Any] = {}
    public = _public(it)
    for p in it.parameters:
        if p.name in args and p.role is ParameterRole.identifier and it.action in (Action.create, Action.update) \
                and p.entity and (not same_kind(p.entity, it.entity) or it.action is Action.create
                                  and set(tokens(p.name)) & _NAMING):
            # what the record links to (an opportunity's `pointOfContactId`) and the name it was created
            # with: a later read shows them as the call set them
            out[p.name] = args[p.name]
            continue
        if p.name in args and p.role is ParameterRole.identifier and it.action in (Action.list, Action.search) \
                and isinstance(args[p.name], (str, int)) and not isinstance(args[p.name], bool) \
                and (set(tokens(p.name)) & (_CATEGORIES | _PLACES) or p.entity and not same_kind(p.entity, it.entity)):
            # stations searched by `country_code: IN` are in India, trains to 惠州 go there; the entries of list
            # `L1` are in `L1` (its `listId`), the tweets of user 42 are that user's
            out[p.name] = args[p.name]
            continue
        sub = deref(props.get(p.name), tool.input_schema)
        if p.name not in args and it.action in (Action.list, Action.search) \
                and p.role in (ParameterRole.filter, ParameterRole.option, ParameterRole.other):
            # a filter left at its default filters by it: findings listed by a `severity` that defaults to Critical
            if isinstance(sub.get("default"), str) and sub["default"] in sub.get("enum", [sub["default"]]) \
                    and sub["default"].strip() and _describes(p.name, sub, it.action):
                out[p.name] = sub["default"]
            continue
        if p.name not in args or p.role in (ParameterRole.identifier, ParameterRole.credential,
                                            ParameterRole.pagination, ParameterRole.context):
            continue
        if p.role is not ParameterRole.content and set(tokens(p.name)) & _SWITCHES:
            continue  # how the call runs (a key's `expire`), not what the record holds
        if it.action in (Action.create, Action.update):
            if p.role is ParameterRole.content or isinstance(sub, dict) and _describes(p.name, sub, it.action):
                out[p.name] = args[p.name]
        elif it.action in (Action.list, Action.search) and isinstance(sub, dict) and not public \
                and (isinstance(args[p.name], (str, int, float, bool)) or several(args[p.name])) \
                and _describes(p.name, sub, it.action):
            out[p.name] = args[p.name]  # (several states, `status: [pending, failed]`: each record has one of them)
    state = state_set(tool.name) if it.action in (Action.update, Action.execute, Action.configure) else None
    if state is not None and not any(set(tokens(k)) & {"status", "state"} for k in out):
        out["status"] = state  # `complete_task` leaves its task completed, `reopen_task` open
    return spread(it.entity, out)


def several(value: Any) -> bool:
    """A non-empty list of plain values (a filter's several states), not of records."""
    return isinstance(value, list) and bool(value) and all(isinstance(x, (str, int, float)) for x in value)


def _public(it: ToolInterpretation) -> bool:
    """A search of public sources: the pages a web or news search finds hold none of its settings (`country`,
    `ui_lang`, `spellcheck`)."""
    return it.action is Action.search and bool(set(tokens(it.entity)) & PUBLIC_KINDS)


# Notes kept with a record but never among its fields: what it is about (the query that found it) and the
# span of dates it was found in (a search since 24 January).
ABOUT, WITHIN = "_about", "_within"


def shown_fields(attributes: dict[str, Any]) -> dict[str, Any]:
    """What a record's attributes show as its fields: not whether it was deleted, nor what it is about."""
    return {k: v for k, v in attributes.items() if k != "deleted" and not k.startswith("_")}


_BATCH_OPS = frozenset({"create", "update", "delete", "upsert", "remove", "add", "insert"})
# Words that make a parameter a wrapper of the record sent (`productData`, `order_input`, `customerDetails`).
_WRAPPING = frozenset({"data", "input", "details", "detail", "info", "payload", "body", "attributes", "fields",
                       "params", "properties", "object", "record", "spec"})


def _wraps(key: str, kind: str) -> bool:
    """`productData` for a product: the record itself, under a wrapper's name."""
    words = [w for w in tokens(key) if w not in _WRAPPING]
    own = tokens(kind)
    return bool(words) and len(words) < len(tokens(key)) and words[-1:] == own[-1:]


def spread(kind: str, fields: dict[str, Any]) -> dict[str, Any]:
    """`fields` of a `kind` record with the record sent in a wrapper (`createAccount(account={name, type, balance})`, `data={…}`)
    given as the record's own fields, the way an API answers with the record; not an `id` inside it (the
    record is the one the call names: `update_dashboard(dashboard_id, data={id})` answers for its dashboard)."""
    out: dict[str, Any] = {}
    for k, v in fields.items():
        if isinstance(v, dict) and (same_kind(k, kind) or k.lower() in BODIES or _wraps(k, kind)):
            out.update({f: x for f, x in v.items() if (not isinstance(x, (dict, list)) or x) and not _is_identity(f)})
        else:
            out[k] = v
    return out


_NAMING = frozenset({"name", "title", "label", "slug", "handle"})
# What names or points at a record rather than describing it (`issue_number`, `proxy_index`, `repo_name`).
_NAMES_IT = _NAMING | {"number", "num", "no", "key", "keys", "names", "code", "ref", "index", "idx", "id", "ids", "uuid"}
BODIES = frozenset({"body", "data", "payload", "attributes", "fields", "record", "resource", "input", "request", "updates",
                    "changes", "patch"})


def _is_identity(name: str) -> bool:
    words = tokens(name)
    return not words or words[-1] in ("id", "ids", "uuid") and len(words) <= 1


_WINDOWS = frozenset({"window", "timewindow", "timeframe", "period", "interval", "granularity", "resolution",
                      "lookback", "horizon", "span", "timespan"})


def _describes(name: str, schema: dict[str, Any], action: Action) -> bool:
    """Whether a parameter is a field of the record rather than a switch of the call. A list's filters count
    only when they name a state or category (`status`, `type`, `is_archived`, an enum, a country or language)."""
    words = set(tokens(name))
    if not words or words & _CONTROL or re.search(r"(^|_)(page|limit|sort|order)", name.lower()):
        return False
    if words <= _BATCH_OPS and schema.get("type") == "array":
        return False  # a batch call's `create: [...]`, `update: [...]`: operations, no field of the record
    if action in (Action.list, Action.search):
        if words & _WINDOWS:
            return False  # the span a listing looks over (trending this `timeWindow`), no field of what it lists
        if words & _PLACES or "date" in words and not words & _NARROWING and not words & _RANGE_ENDS:
            return True  # flights from LHR on 2026-03-10 leave from LHR on that day (not a range's bound)
        if words & _NARROWING:
            return False
        if action is Action.search:  # a web search's `spellcheck` or `ui_lang` is no field of the pages it finds
            return bool(words & _CATEGORIES)
        return "enum" in schema or schema.get("type") == "boolean" or bool(words & _CATEGORIES)
    return True

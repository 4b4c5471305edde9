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
import random
import re
from dataclasses import replace
from datetime import timedelta
from typing import Any

from common.taxonomy import tokens
from engines.offline import chrono
from engines.offline.values_check import error_path, first_error, is_valid, validator_for
from engines.offline.values_containers import Containers
from engines.offline.values_describe import param_docs
from engines.offline.values_formats import EPOCH, format_string, past_datetime
from engines.offline.values_names import Hint, later_than_counterpart, realistic_string
from engines.offline.values_numbers import boolean, epoch_text, number
from engines.offline.values_regex import regex_string
from engines.offline.values_regex import search as _matches
from engines.offline.values_schema import Unsatisfiable, merge, mentions_ref, resolve, types_of, without
from engines.offline.values_slot import (
    DISJOINT, NESTED_OPTIONAL, OptionalPolicy, Slot, Top, desc, is_null, simple, variants,
)
from engines.offline.world import Organisation
from schemas import json_type
from schemas.errors import SeerError

__all__ = ["NoValidValue", "OptionalPolicy", "ValueGenerator", "error_path", "first_error", "is_valid", "validator_for"]

_MAX_REFS = 32  # a `$ref` chain this long can only be a recursion that never ends
_REALISTIC_TRIES = 4
_PLAIN_TRIES = 2


class NoValidValue(SeerError):
    """No value satisfies the schema (or none was found); the message names the path. A ValueError."""


_SUCCESS = re.compile(r"^(ok|success|successful|succeeded|completed?|done|ready|healthy|passed|approved|valid|active|"
                      r"200)$|(^|_)(OK|SUCCESS)($|_)", re.I)
_FAILURE = re.compile(r"error|invalid|fail|denied|unauthori[sz]ed|forbidden|not_?found|too_?many|exceeded|timeout|"
                      r"reject|unavailable|conflict|bad_?request", re.I)


# Stems of the moments a record was made or last changed (`createdAt`, `date_modified`): they lie before now.
_BEFORE_NOW = frozenset(chrono.MADE) | {"updated", "lastupdated", "modified", "lastmodified"}


_OTHER_CLOCKS = re.compile(r"unix|epoch|milli|seconds|\bago\b|relative", re.I)  # a moment written otherwise


def _made_before_now(fmt: Any, name: str, rng: random.Random, description: str = "") -> str | None:
    """When a record was made or last changed (`createdAt`, `date_modified`), before now; None for other slots."""
    if chrono.stem(name or "") not in _BEFORE_NOW or fmt not in ("date", "date-time", None) \
            or fmt is None and _OTHER_CLOCKS.search(description):
        return None
    made = past_datetime(rng)
    return made[:10] if fmt == "date" else made


# When something being set up ends (`endsAt` of a new silence, `expires_at` of a new key, `due` of a new task):
# after now. (A filter's `end_date` bounds a span to look at, mostly in the past; not these.)
_ENDING = frozenset({"end", "ends", "expire", "expires", "expiry", "expiration", "until", "due", "deadline"})
_OPENING = frozenset({"start", "starts", "begin", "begins", "from"})
_SETTING_UP = re.compile(r"\b(creat|schedul|add|book|set|extend|snooz|mute|silenc|reserv|new|invit|plan)\w*", re.I)


def _ends_ahead(fmt: Any, name: str, role: str | None, about: str, rng: random.Random,
                siblings: dict | None = None) -> str | None:
    """A moment after now for a slot that says when something a call sets up ends; None for other slots, and
    for an end beside its start (an event's end follows its own start: `later_than_counterpart`)."""
    said = set(tokens(name or ""))
    if not said & _ENDING or not about or any(set(tokens(k)) & _OPENING for k in siblings or {}):
        return None
    named = _SETTING_UP.match(" ".join(tokens(about.split()[0])))  # the tool's own name opens with it
    if fmt not in ("date", "date-time", None) \
            or role in ("filter", "pagination") and not named \
            or fmt is None and not said & {"at", "time", "date", "datetime", "on"} and said - _ENDING \
            or not _SETTING_UP.search(about or ""):
        return None
    dated = fmt == "date" or fmt is None and "date" in said and not said & {"time", "at", "datetime"}
    # (a day, not hours, ahead where only the day is written: what ends "today" has ended by the time it is made)
    hours = rng.choice((24, 72, 168, 720) if dated else (2, 6, 24, 72, 168, 720))
    moment = EPOCH + timedelta(hours=hours, minutes=rng.choice((0, 15, 30)))
    return moment.strftime("%Y-%m-%d") if dated else moment.strftime("%Y-%m-%dT%H:%M:%SZ")


class ValueGenerator(Containers):
    """Generates values for one scenario: one organisation, one random stream."""

    def __init__(self, org: Organisation, rng) -> None:
        self.org, self.rng = org, rng
        self.about = ""  # the tool the values are for (its name and description), set by the caller per call
        self.answering = False  # set while a tool's answer is made (not its arguments): see `_enum`
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
        slot = Slot(name=name, role=role, entity=entity, description=desc(schema) or description or "", path=name,
                    fill=NESTED_OPTIONAL if fill is None else fill)
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
        top = Top(dict(roles or {}), dict(entities or {}), dict(fixed or {}), optional, param_docs(doc) if doc else {})
        out = self._checked(input_schema, None, Slot(top=top), blame_fixed=True)
        if not isinstance(out, dict):
            raise NoValidValue(f"(root): input schema does not describe an object (got {type(out).__name__})")
        return out

    # ----- generation with validation and fallback --------------------------------------
    def _checked(self, schema: Any, root: Any, slot: Slot, blame_fixed: bool = False) -> Any:
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
        raise NoValidValue(f"{slot.path or '(root)'}: cannot generate a valid value ({last})")

    def _gen(self, schema: Any, root: Any, slot: Slot) -> Any:
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
            deeper = slot.but(refs=slot.refs + 1, description=slot.description or desc(target))
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
            return boolean(schema, slot.plain, self.rng, slot.name)
        if kind == "null":
            return None
        return self._string(schema, slot)

    def _deref(self, sub: Any, root: Any, slot: Slot) -> dict:
        if sub is True:
            return {}
        if sub is False:
            raise Unsatisfiable(slot.path, "allOf contains the schema `false`")
        return sub

    # ----- combinators ------------------------------------------------------------------
    def _alternatives(self, schema: dict, key: str, root: Any, slot: Slot) -> Any:
        branches = schema[key]
        rest = without(schema, key)
        exclusive = key == "oneOf" and not DISJOINT.get(branches)
        for i in self._branch_order(branches, slot):
            branch = branches[i]
            if branch is False:
                continue
            try:
                candidate = self._gen(merge(rest, {} if branch is True else branch), root, slot)
            except Unsatisfiable:
                continue
            if not simple(branch) and not is_valid(branch, candidate, root):
                continue
            if exclusive:
                others = [b for j, b in enumerate(branches) if j != i and is_valid(b, candidate, root)]
                if others:  # oneOf: the value must match exactly one branch; look for one outside the others
                    try:
                        candidate = self._gen(merge(rest, {"allOf": [branch], "not": {"anyOf": others}}), root, slot)
                    except Unsatisfiable:
                        candidate = _nulled(candidate, branch, others, root)
                        if candidate is None:
                            continue
            return candidate
        raise Unsatisfiable(slot.path, f"no {key} branch gave a value matching exactly as required")

    def _branch_order(self, branches: list, slot: Slot) -> list[int]:
        idx = list(range(len(branches)))
        self.rng.shuffle(idx)
        nulls = [i for i in idx if is_null(branches[i])]
        others = [i for i in idx if i not in nulls]
        if slot.minimal:
            simple = [i for i in others if not mentions_ref(branches[i])]
            return nulls + simple + [i for i in others if i not in simple]
        return others + nulls

    def _negated(self, schema: dict, root: Any, slot: Slot) -> Any:
        rest, neg = without(schema, "not"), schema["not"]
        for _ in range(6):
            candidate = self._gen(rest, root, slot)
            if not is_valid(neg, candidate, root):
                return candidate
        raise Unsatisfiable(slot.path, "every candidate matched the `not` schema")

    def _conditional(self, schema: dict, root: Any, slot: Slot) -> Any:
        rest, cond = without(schema, "if", "then", "else"), schema["if"]
        candidate = None
        for branch, wanted in ((schema.get("then"), True), (schema.get("else"), False)):
            target = merge(rest, branch) if isinstance(branch, dict) else rest
            candidate = self._gen(target, root, slot)
            if is_valid(cond, candidate, root) == wanted:
                return candidate
        return candidate  # the final validation decides

    def _enum(self, schema: dict, slot: Slot) -> Any:
        values = schema["enum"]
        if not values:
            raise Unsatisfiable(slot.path, "empty enum")
        kinds = types_of(schema)
        fitting = [v for v in values if not kinds or json_type(v, integers=True) in kinds or
                   (json_type(v, integers=True) == "integer" and "number" in kinds)] or values
        if not slot.plain and "default" in schema and schema["default"] in fitting and self.rng.random() < 0.25:
            return copy.deepcopy(schema["default"])
        if self.answering and not slot.plain:
            # An answer is mostly a success: a status or code enum that lists errors beside `OK` holds `OK` most
            # of the time, not `QRY__TOO_MANY_CORPORA` for a query that then returns hits.
            good = [v for v in fitting if isinstance(v, str) and _SUCCESS.search(v)]
            fine = [v for v in fitting if not (isinstance(v, str) and _FAILURE.search(v))]
            if (good or len(fine) < len(fitting)) and self.rng.random() < 0.85:
                return copy.deepcopy(self.rng.choice(good or fine or fitting))
        return copy.deepcopy(fitting[0] if slot.plain else self.rng.choice(fitting))

    def _pick_type(self, kinds: list[str], slot: Slot) -> str:
        if not kinds:
            return "object" if slot.top is not None else "string"  # an untyped inputSchema still takes an object
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
    def _hint(self, slot: Slot) -> Hint:
        return Hint(slot.name, slot.role, slot.entity, slot.description, self.org, self.rng, slot.parent,
                    slot.siblings, slot.context, self.about)

    def _string(self, schema: dict, slot: Slot) -> str:
        lo, hi = int(schema.get("minLength", 0)), schema.get("maxLength")
        pattern, fmt = schema.get("pattern"), schema.get("format")
        if not isinstance(pattern, str):
            pattern = None
        hint = self._hint(slot)  # (one per slot: every rule below reads the same)
        for _ in range(0 if slot.plain else 3 if pattern else 1):
            proposal = (later_than_counterpart(hint) if fmt in ("date", "date-time") and slot.siblings
                        else None) or epoch_text(hint, fmt) \
                or _made_before_now(fmt, slot.name, self.rng, slot.description) \
                or _ends_ahead(fmt, slot.name, slot.role, self.about, self.rng, slot.siblings) \
                or (format_string(fmt, self.org, self.rng) if isinstance(fmt, str) else None) \
                or realistic_string(hint)
            for form in variants(proposal) if pattern else (proposal,):
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
        tails = iter(self._tails()) if len(text) < lo and " " in text else None
        while len(text) < lo:
            tail = next(tails, None) if tails is not None else None
            text = f"{text} {tail}" if tail else f"{text}-{self.rng.choice(self.org.nouns)}"
        if hi is not None and len(text) > hi:
            cut = text[:hi]
            if " " in cut and not text[hi].isspace():  # end on a whole word when that keeps enough text
                whole = cut.rsplit(" ", 1)[0]
                cut = whole if len(whole) >= max(lo, hi // 2) else cut
            text = cut.rstrip(" -_/.:,;") if len(cut.rstrip(" -_/.:,;")) >= lo else cut
        return text if len(text) >= lo else None

    def _tails(self) -> list[str]:
        """Phrases that lengthen prose to a minLength and still read as prose."""
        org, rng = self.org, self.rng
        return [f"in {rng.choice(org.projects)}", f"for the {rng.choice(org.teams)} team",
                f"(owner: {rng.choice(org.people).name})", f"before the {rng.choice(org.tags)} release",
                f"see {rng.choice(org.urls)}"]

    def _number(self, schema: dict, slot: Slot, integer: bool) -> int | float:
        made = number(schema, self._hint(slot), integer, slot.plain)
        if made is None:
            raise Unsatisfiable(slot.path, "no number satisfies the bounds and multipleOf")
        return made

    # ----- containers -------------------------------------------------------------------
def _drop_blamed(top: Top, schema: Any, candidate: Any, root: Any) -> Top:
    """Stop using the fixed values the validation errors point at."""
    validator = validator_for(schema, root)
    blamed = {err.absolute_path[0] for err in validator.iter_errors(candidate) if err.absolute_path}
    if not blamed & set(top.fixed):
        return replace(top, fixed={})  # an object-level error (e.g. dependencies): drop them all
    return replace(top, fixed={k: v for k, v in top.fixed.items() if k not in blamed})


def _nulled(candidate: Any, branch: Any, others: list, root: Any) -> Any:
    """Objects that every branch accepts (open objects whose properties are all optional) told apart the
    way APIs do it: what the other alternatives would hold is there as null (`{"status": {...}, "store":
    null}`). None when that does not make the value match this branch alone."""
    if not isinstance(candidate, dict):
        return None
    out = dict(candidate)
    for other in others:
        props = other.get("properties") if isinstance(other, dict) else None
        for name in props or {}:
            if name in out:
                continue
            out[name] = None
            if is_valid(branch, out, root) and not is_valid(other, out, root):
                break
            del out[name]
    matches = [b for b in others if is_valid(b, out, root)]
    return out if not matches and is_valid(branch, out, root) else None


"""Checks of generated scenarios that the quality bench and the tests share.

They look only at the finished scenario (arguments, outputs, turns, state), never at how the
engine made it, so they would also judge another engine's output. (They read values with the offline
engine's helpers: how a value is said, what a placeholder looks like, the calendar window.)
"""

from __future__ import annotations

import json
import re
from typing import Any

from common.json_values import leaves
from common.taxonomy import same_kind
from engines.offline import chrono
from engines.offline.outputs import in_output, listed_rows, names_id, output_objects, searchable, token_in
from engines.offline.structured import in_words, said_argument
from engines.offline.text import said, said_list, show, switch
from engines.offline.values import first_error
from engines.offline.values_formats import EPOCH
from engines.offline.values_names import is_placeholder
from schemas import ParameterRole, Scenario, Tool, ToolInterpretation

_QUOTED = re.compile(r"`([^`]+)`")


def input_errors(s: Scenario, tools: dict[str, Tool]) -> list[str]:
    out = []
    for i, c in enumerate(s.calls):
        err = first_error(tools[c.tool].input_schema, c.arguments)
        if err:
            out.append(f"{s.id} calls[{i}].arguments: {err}")
    return out


def output_errors(s: Scenario, tools: dict[str, Tool]) -> list[str]:
    out = []
    for i, c in enumerate(s.calls):
        schema = tools[c.tool].output_schema
        if schema is not None:
            err = first_error(schema, c.output)
            if err:
                out.append(f"{s.id} calls[{i}].output: {err}")
    return out


def _at(c: Any, key: str) -> Any:
    """The argument value a `sources` key names (None when the call has none)."""
    try:
        return c.argument_at(key)
    except KeyError:
        return None


def fed_calls(s: Scenario) -> tuple[int, int]:
    """(calls after the first that take a value an earlier output holds, calls after the first)."""
    fed = 0
    for k, c in enumerate(s.calls[1:], start=1):
        # Top-level values, and the nested ones `sources` names by path (`params.layer_id`): a value
        # inside an object argument counts when an earlier output holds it, like any other.
        values = list(c.arguments.values()) + [_at(c, key) for key in c.sources if key not in c.arguments]
        if any(in_output(v, s.calls[j].output) for v in values for j in range(k)):
            fed += 1
    return fed, len(s.calls) - 1


def source_errors(s: Scenario) -> list[str]:
    """`sources` entries whose value the named earlier output does not hold."""
    out = []
    for k, c in enumerate(s.calls):
        for arg, j in c.sources.items():
            if not (0 <= j < k) or not in_output(_at(c, arg), s.calls[j].output):
                out.append(f"{s.id} calls[{k}].sources.{arg}: value not in calls[{j}].output")
    return out


def id_mismatches(s: Scenario, its: dict[str, ToolInterpretation]) -> list[str]:
    """A later call using an ID of a kind earlier outputs produced, with a value none of them produced."""
    out = []
    for k, c in enumerate(s.calls):
        produced = {e.kind for e in s.state.entities if e.created_by is not None and e.created_by < k
                    and in_output(e.id, s.calls[e.created_by].output)}
        for p in its[c.tool].parameters:
            if p.role is not ParameterRole.identifier or p.name not in c.arguments or not p.entity:
                continue
            if not any(same_kind(p.entity, kind) for kind in produced):
                continue
            value = c.arguments[p.name]
            created_here = any(e.created_by == k and in_output(e.id, value) for e in s.state.entities)
            if not created_here and not any(in_output(value, s.calls[j].output) for j in range(k)):
                out.append(f"{s.id} calls[{k}].arguments.{p.name}: {p.entity} {value!r} not in any earlier output")
    return out


def turn_errors(s: Scenario) -> list[str]:
    """Every call exactly once and in order; each later turn quotes a value from an earlier output."""
    out = []
    order = [i for t in s.turns for i in t.calls]
    if order != list(range(len(s.calls))):
        out.append(f"{s.id}: turns hold calls {order}, expected each of 0..{len(s.calls) - 1} once in order")
    for t, turn in enumerate(s.turns[1:], start=1):
        earlier = [i for prev in s.turns[:t] for i in prev.calls]
        quoted = _QUOTED.findall(turn.user)
        if not any(token_in(q, searchable(s.calls[i].output)) for q in quoted for i in earlier):
            out.append(f"{s.id} turns[{t}]: quotes no value from an earlier output")
    return out


def unstated_values(s: Scenario) -> list[str]:
    """Argument values the agent could only guess: neither written in the instruction nor taken
    from an earlier output (`sources`)."""
    out = []
    for k, c in enumerate(s.calls):
        for name, value in c.arguments.items():
            if name in c.sources:
                continue
            if isinstance(value, dict) and not stated(value, s.instruction):
                # an object argument (adobe-cc's `params`): each field is stated or taken by its path
                fields = {f"{name}.{f}": v for f, v in value.items()}
            else:
                fields = {name: value}
            for path, v in fields.items():
                # (a wrapper of one field is said as that field: `params: {dir: …}` as "dir `…`")
                if path not in c.sources and not stated(v, s.instruction) \
                        and said_argument(path.rsplit(".", 1)[-1], v) not in s.instruction \
                        and not (isinstance(v, bool) and any(switch(n, v, listing) in s.instruction
                                                             for n in (path, path.rsplit(".", 1)[-1])
                                                             for listing in (None, True, False))):
                    out.append(f"{s.id} calls[{k}].arguments.{path}: {v!r} is not in the instruction")
    return out


def stated(value: Any, instruction: str) -> bool:
    """Whether an instruction states a value, as `text.said` writes it (a bare word or number as a whole token),
    or, for a small object or several values, in words (`merchant details (country code BR)`)."""
    words = in_words(value) if isinstance(value, dict) or isinstance(value, list) and len(value) > 1 else None
    if words is not None and words in instruction:
        return True
    written = said(value)
    if isinstance(value, list) and value and all(isinstance(v, (int, float, str)) for v in value):
        listed = said_list(value)  # "the sum of 215, 69 and 223" states [215, 69, 223]; "the node Oskar" ["Oskar"]
        if token_in(listed, instruction) if len(value) == 1 and not listed.startswith(('"', "`")) else listed in instruction:
            return True
    if not written.startswith(('"', "`")):  # written bare: only a whole word of the text states it
        return token_in(written, instruction)
    return written in instruction or show(value) in instruction


def gini(counts: list[int]) -> float:
    """Gini coefficient of usage counts (0 = perfectly even)."""
    xs = sorted(counts)
    n, total = len(xs), sum(xs)
    if n == 0 or total == 0:
        return 0.0
    cum = sum((i + 1) * x for i, x in enumerate(xs))
    return (2 * cum) / (n * total) - (n + 1) / n


# --- realism measures (bench/offline_quality.py over the corpus) ---

# Keys that say nothing about what a record is: identity, naming and bookkeeping.
_GENERIC_KEYS = {"id", "uuid", "name", "title", "created", "updated", "createdat", "updatedat", "createdby",
                 "updatedby", "modifiedat", "lastmodified", "timestamp", "type", "kind", "object"}
_REF_KEY = re.compile(r"(_id|Id|ID|_ids|Ids|IDs)$")  # a reference to another record says nothing of this one


def _norm(key: str) -> str:
    return re.sub(r"[^a-z0-9]", "", key.lower())


def is_generic(obj: dict, arguments: dict[str, Any]) -> bool:
    """Whether an output object holds nothing but identity/bookkeeping keys and echoes of the call's
    arguments: the mark of an output that does not model the system."""
    echoed_keys = {_norm(k) for k in arguments}
    echoed_values = {json.dumps(v, sort_keys=True) for v in leaves(arguments)}
    for key, value in obj.items():
        k = _norm(key)
        if k in _GENERIC_KEYS or k in echoed_keys or _REF_KEY.search(key) and not isinstance(value, (dict, list)):
            continue
        if not isinstance(value, (dict, list)) and json.dumps(value, sort_keys=True) in echoed_values:
            continue
        return False
    return True


def generic_objects(s: Scenario, max_depth: int | None = None) -> tuple[int, int]:
    """(generic output objects, output objects) over the scenario's calls (records only with `max_depth` 1)."""
    generic = total = 0
    for c in s.calls:
        for obj in output_objects(c.output, max_depth):
            total += 1
            generic += is_generic(obj, c.arguments)
    return generic, total


def timestamp_contradictions(s: Scenario) -> list[str]:
    """Objects whose own timestamps disagree (created after updated, finished before started), records made
    after the world's now, and one record shown with two creation times in one scenario."""
    out = [f"{s.id} calls[{i}].output: {why}" for i, c in enumerate(s.calls)
           for obj in output_objects(c.output) for why in chrono.contradictions(obj) + chrono.made_later(obj, EPOCH)]
    first: dict[Any, list[tuple[int, Any, dict[str, str]]]] = {}
    for i, c in enumerate(s.calls):
        for obj in output_objects(c.output, max_depth=1):
            made = chrono.made_at(obj)
            if made is None:
                continue
            # (two records under one name are two where an ID field tells them apart: two models both named
            # "weather report" with `modelId`s of their own, each made when it was)
            ids = {k: str(v) for k, v in obj.items() if names_id(k) and isinstance(v, (str, int))}
            shown = first.setdefault(made[0], [])
            seen = next((x for x in shown if all(x[2][k] == v for k, v in ids.items() if k in x[2])), None)
            if seen is None:
                shown.append((i, made[1], ids))
            elif seen[1] != made[1]:
                out.append(f"{s.id} calls[{i}].output: {made[0]} created {made[1].isoformat()}, "
                           f"{seen[1].isoformat()} in calls[{seen[0]}]")
    return out


def renamed_records(s: Scenario) -> list[str]:
    """Records one scenario shows under one ID with two titles or names, where no call's arguments gave the
    new one (a paper a search found as "Wildfire prevention explained" is not "Warehouse paper" when read)."""
    given = {v for c in s.calls for v in leaves(c.arguments) if isinstance(v, str)}
    first: dict[tuple[str, Any], tuple[int, str]] = {}
    out = []
    for i, c in enumerate(s.calls):
        objs = output_objects(c.output, max_depth=1)
        # A record read by the ID of one shown before, answered without an `id` of its own, is that record
        # (`get_paper_abstract(paperId=X)` answering `{"title": …, "paperId": X}`).
        seen = {str(ident) for _, ident in first}
        asked = {str(v) for v in c.arguments.values() if isinstance(v, (str, int)) and not isinstance(v, bool)} & seen
        whole = len(objs) == 1 and "id" not in objs[0] and len(asked) == 1 and _one_record(c.output)
        for obj in objs:
            ident = obj.get("id", next(iter(asked)) if whole else None)
            if not isinstance(ident, (str, int)) or isinstance(ident, bool):
                continue
            for key in ("title", "name"):
                shown = obj.get(key)
                if not isinstance(shown, str) or shown == ident:
                    continue
                was = first.setdefault((key, str(ident)), (i, shown))
                if was[1] != shown and shown not in given:
                    out.append(f"{s.id} calls[{i}].output: {ident} {key} {shown!r}, {was[1]!r} in calls[{was[0]}]")
    return out


def _one_record(output: Any) -> bool:
    """An output that is one JSON object (as text or not), not a listing."""
    if isinstance(output, str):
        try:
            output = json.loads(output)
        except ValueError:
            return False
    return isinstance(output, dict) and not any(isinstance(v, list) and v and isinstance(v[0], dict)
                                                for v in output.values())


def out_of_window(s: Scenario) -> list[str]:
    """Records a search or listing for a span of dates (`date_from`, `before`) answers with that were published,
    started or made outside it."""
    out = []
    for i, c in enumerate(s.calls):
        span = chrono.window(c.arguments)
        if span is None:
            continue
        for obj in listed_rows(c.output):  # (what a listing found, not the one record a read with `since` answers)
            if chrono.within(obj, span, EPOCH, "check") != obj:
                out.append(f"{s.id} calls[{i}].output: {obj.get('id', '?')} dated outside what was asked for")
    return out


def out_of_scope(s: Scenario) -> list[str]:
    """Records a call lists for a scope it names by ID (the entries of list `L1`, the tweets of user `42`) that
    carry another value in that same field (an entry of `L1` whose `listId` is `L7`)."""
    out = []
    for i, c in enumerate(s.calls):
        scope = {k: str(v) for k, v in c.arguments.items() if names_id(k) and isinstance(v, (str, int))
                 and not isinstance(v, bool)}
        if not scope:
            continue
        for obj in listed_rows(c.output):
            for k, v in scope.items():
                if isinstance(obj.get(k), (str, int)) and str(obj[k]) != v:
                    out.append(f"{s.id} calls[{i}].output: {obj.get('id', '?')} has {k} {obj[k]!r}, asked for {v!r}")
    return out


def twin_rows(s: Scenario) -> list[str]:
    """Rows of one listing that are two records (two IDs) under one name or title: two members both called
    "Leila Nakamura", two hits both titled "Dashboard task"."""
    out = []
    for i, c in enumerate(s.calls):
        seen: dict[tuple[str, str], Any] = {}
        for obj in listed_rows(c.output):
            ident = next((obj[k] for k in ("id", "uuid") if isinstance(obj.get(k), (str, int))), None)
            if ident is None or isinstance(ident, bool):
                continue
            for key in _NAMING_KEYS & set(obj):
                value = obj[key]
                if isinstance(value, str) and value and str(ident) != value:
                    first = seen.setdefault((key, value), ident)
                    if first != ident:
                        out.append(f"{s.id} calls[{i}].output: {first} and {ident} both have {key} {value!r}")
    return out


# (not a user name or an address: two comments may have one author)
_NAMING_KEYS = frozenset({"name", "title", "display_name", "displayName", "full_name", "fullName"})


def dictated_values(instruction: str) -> int:
    """How many values an instruction dictates in backticks."""
    return len(_QUOTED.findall(instruction))


def opening(instruction: str, words: int = 3) -> str:
    """The first words of an instruction, lower-cased: the template a reader sees repeat."""
    return " ".join(re.findall(r"[\w']+", instruction.lower())[:words])


def borrowed_values(s: Scenario, foreign: frozenset[str]) -> tuple[int, int]:
    """(string values of the scenario's arguments and outputs that are one of `foreign`'s words, string values):
    `foreign` is the fixed vocabulary the engine draws from that the spec's own text never uses, so a hit is a
    word from another domain (`"phone": "fleet"`, `"proxy": "retry"`)."""
    hits = total = 0
    for c in s.calls:
        for v in leaves([c.arguments, c.output if not isinstance(c.output, str) else None]):
            if isinstance(v, str) and v:
                total += 1
                hits += v.lower() in foreign
    return hits, total


def placeholder_values(s: Scenario) -> tuple[int, int]:
    """(argument values that are only their field's name and a digit, `place: "place-4"`, string arguments):
    the honest fallback for a field nothing describes, and a sign the engine knew nothing of its meaning."""
    hits = total = 0

    def walk(node: Any, key: str) -> None:
        nonlocal hits, total
        if isinstance(node, dict):
            for k, v in node.items():
                walk(v, str(k))
        elif isinstance(node, list):
            for v in node:
                walk(v, key)
        elif isinstance(node, str) and node:
            total += 1
            hits += is_placeholder(key, node)

    for c in s.calls:
        walk(c.arguments, "")
    return hits, total

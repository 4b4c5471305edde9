"""The offline mocker: outputs that agree with one shared WorkflowState per scenario.

Each call's output shows the entities the state says it reveals (`created_by == index`), first,
then for a listing the earlier-created entities of that kind and a few more; a read returns the
attributes written earlier. With an outputSchema the output is its structuredContent, generated
valid by construction and re-validated after the identifiers are written in.
"""

from __future__ import annotations

import copy
import json
import random
import re
from datetime import datetime, timedelta
from typing import Any

from common.json_values import leaves
from common.schemautil import properties
from common.taxonomy import same_kind, singular, tokens
from engines.base import EngineContext, Outcome, StageError
from engines.offline import chrono, compute, kinds, paths, values_formats as fmt
from engines.offline.derived import in_proportion, in_zone, observed_now, summarised
from engines.offline.files import Story, diff, files_read, pairs, window
from engines.offline.history import is_history
from engines.offline.members import members_of
from engines.offline.model import ABOUT, WITHIN, SpecModel, record_writes, several, shown_fields, spread
from engines.offline.outputs import each_json, free_form, listed_rows, names_id, open_output, output_objects, token_in
from engines.offline.render import asked_about, distinct, is_metadata, render
from engines.offline.scenario import interpretations_for, named_ids, value_hint
from engines.offline.spec_org import org_for
from engines.offline.slots import can_carry, counted, echo, embed, fill_record
from engines.offline.states import state_before, state_set
from engines.offline.text import label
from engines.offline.values import ValueGenerator, first_error, is_valid
from engines.offline.values_formats import EPOCH, shaped_like
from engines.offline.values_standard import named_things, naming_field, spare_names, standard_kind
from engines.offline.values_vocab import registry_id, registry_of
from engines.offline.world import EXTENSIONS as _EXTS, Organisation
from schemas import (Action, Entity, Failure, Grounding, MockOutput, ParameterRole, Scenario, Tool,
                     ToolInterpretation, ToolSuite, WorkflowState)

_DECOYS = {Action.list: 2, Action.search: 1}
_HEADINGS = frozenset({"title", "name", "subject", "summary", "headline"})  # what names a record, not its text
_TEXT_FIELDS = frozenset({"content", "text", "body", "markdown", "html", "note", "contents", "message"})
_MAX_LISTED = 12
_OTHERS_OF = ("recommend", "similar", "related", "suggest", "alternativ")  # tools that list others like one
_DIFF = re.compile(r"\bdiff\b", re.I)
_TOPICS = ("cache", "retry", "export", "timeout", "pagination", "audit")



def grounding(tool: Tool, suite: ToolSuite, its: dict[str, ToolInterpretation] | None = None) -> Grounding:
    """high: the tool has an outputSchema or an example; medium: a similar tool has one; low: neither."""
    if tool.output_schema or "example" in tool.description.lower():
        return Grounding.high
    it = (its or {}).get(tool.name)
    for other in suite.tools:
        if other.name == tool.name or not other.output_schema:
            continue
        o = (its or {}).get(other.name)
        if other.spec == tool.spec or (it and o and same_kind(it.entity, o.entity)):
            return Grounding.medium
    return Grounding.low


def mock_call(tool: Tool, interpretation: ToolInterpretation, arguments: dict[str, Any], state: WorkflowState,
              seed: int, suite: ToolSuite, *, index: int | None = None,
              tier: Grounding | None = None) -> tuple[MockOutput, WorkflowState]:
    """Mock one call against `state`; returns the output and the updated state (the input is not changed).

    `index` is the call's position in its workflow; entities the state records as revealed by that
    index appear in the output. Off-script calls (no index) get the next free index and reveal
    what their action implies: a created entity, a listing of known plus new entities, a read.
    """
    known = [e.created_by for e in state.entities if e.created_by is not None]
    if index is None:
        index = max(known, default=-1) + 1
    state = state.model_copy(deep=True)
    return _mock_step(tool, interpretation, arguments, state, seed, suite, index, tier), state


def _as_at_start(state: WorkflowState, scenario: Scenario, tools: dict[str, Tool],
                 its: dict[str, ToolInterpretation]) -> None:
    """The writer leaves each entity with what the whole workflow wrote to it; the mock replays the writes
    call by call (`_mock_step`), so a read before an update must not already show the update's content."""
    written: dict[str, list[Any]] = {}
    for call in scenario.calls:
        it = its[call.tool]
        if it.action in (Action.create, Action.update) or state_set(call.tool):
            for k, v in record_writes(tools[call.tool], it, call.arguments).items():
                written.setdefault(k, []).append(v)
    for e in state.entities:
        for key in [k for k, v in e.attributes.items() if v in written.get(k, ())]:
            del e.attributes[key]
    # (what is reopened was completed, what is resumed paused: a record shown before such a call is in that state)
    for k, call in enumerate(scenario.calls):
        before, given = state_before(call.tool), {str(v) for v in call.arguments.values() if isinstance(v, (str, int))}
        for e in [e for e in state.entities + state.preconditions if before and str(e.id) in given]:
            if (e.created_by is None or e.created_by < k) and same_kind(e.kind, its[call.tool].entity) \
                    and not any(e.created_by == j and its[c.tool].action is Action.create for j, c in enumerate(scenario.calls)):
                e.attributes.setdefault("status", before)


def _mock_step(tool: Tool, interpretation: ToolInterpretation, arguments: dict[str, Any], state: WorkflowState,
               seed: int, suite: ToolSuite, index: int, tier: Grounding | None, story: Story | None = None,
               needed: set[str] | None = None, model: SpecModel | None = None,
               later: frozenset[str] = frozenset()) -> MockOutput:
    """`mock_call` without the copy: updates `state` in place. `story` (a scripted scenario's files over
    time) makes listings and reads causal; off-script calls have none. `needed` holds the values later calls
    take from this output: a planned entity the declared output has no room for fails the mock only if it
    is one of them (None: every planned entity is needed). `later` holds the values later calls are given."""
    rng = random.Random(f"{seed}:{index}:{tool.name}")
    gen = ValueGenerator(org_for(seed, suite), rng)
    it = interpretation
    if it.action is Action.create:  # what is made without a setting has the setting's default (size 3, level M)
        arguments = {**_defaults(tool), **arguments}
    span = chrono.window(arguments) if it.action in (Action.search, Action.list) else None  # (a span of dates asked for)
    shown = [e for e in state.entities if e.created_by == index]
    planned = {e.id for e in shown}
    target = _bound_entity(it, arguments, state, index)
    if it.action is Action.create and not any(same_kind(e.kind, it.entity) for e in shown) and target is None:
        named = next((a for p in it.parameters if p.role is ParameterRole.identifier and p.entity
                      and same_kind(p.entity, it.entity) and isinstance(a := arguments.get(p.name), (str, int))), None)
        if named is None:  # shaped like the IDs this kind already has (a numeric ticket ID next to numeric ones)
            like = next((e.id for e in state.entities + state.preconditions if same_kind(e.kind, it.entity)), None)
            shown.append(_new_entity(gen, it.entity, index, state, like=like))
        else:  # an off-script create names its new entity in its arguments
            shown.append(Entity(kind=it.entity, id=str(named), created_by=index))
            state.entities.append(shown[-1])
    # `open_nodes(names=[…])`: the nodes named, not others beside them
    only = it.action in (Action.read, Action.navigate, Action.delete) and any(  # (`delete_records(recordIds)` too)
        p.role is ParameterRole.identifier and isinstance(arguments.get(p.name), list) for p in it.parameters)
    if it.action in (Action.read, Action.navigate) and tool.output_schema and (shown or only) or only:
        # A read (or an `open`) that reveals records shows the one it was asked for among them, even when the
        # scenario only named it inside another call's content, or planned none (`open_nodes(names)` answers
        # with the nodes named). (Declared outputs only for now: a text result shows one record, the planned one.)
        for value in reversed(named_ids(it, arguments)):
            if value not in {e.id for e in shown} and not paths.is_path(value):  # files: the story reads them
                pool = [e for e in state.entities + state.preconditions if e.id == value]
                # (of its own kind first: a later call may show a group of the same number as the datapoint read)
                known = next((e for e in pool if same_kind(e.kind, it.entity)), pool[0] if pool else None)
                if known is None:  # of the kind the scenario plans this read to show, if it plans any
                    known = Entity(kind=shown[0].kind if shown else it.entity, id=value, created_by=index)
                    state.entities.append(known)
                shown.insert(0, known)
    root = paths.root_of(it, arguments)
    if root is not None:
        shown = _listing(tool, it, arguments, root, state, index, shown, gen, story, seed)
    elif it.action in _DECOYS and it.produces:  # (a SQL query answers with rows, not records drawn apart)
        earlier = [e for e in state.entities if e.created_by is not None and e.created_by < index
                   and same_kind(e.kind, it.entity) and not e.attributes.get("deleted") and e not in shown]
        # What the world already holds is listed too: entities made earlier, and those assumed to exist.
        assumed = [e for e in state.preconditions if same_kind(e.kind, it.entity)]
        seen = {e.id for e in shown}
        if any(w.startswith(_OTHERS_OF) for w in tokens(tool.name)):
            seen |= set(named_ids(it, arguments))  # films recommended for one film, never that one
        elif it.action is Action.list and _relates(tool, it.entity):
            # "Get papers that cite a specific paper": others than the one given (several IDs asked for are
            # listed), unless a later call works on the one given, which an answer of its kind then shows
            seen |= {str(v) for p in it.parameters if p.role is ParameterRole.identifier and p.entity
                     and same_kind(p.entity, it.entity) and isinstance(v := arguments.get(p.name), (str, int))} - later
        # (what a listing filtered by `status: open` or list `L1` shows is open and in `L1`: not a record an
        # earlier call closed or showed in another list)
        filters = record_writes(tool, it, arguments) if it.action in (Action.list, Action.search) else {}
        pool = [e for e in earlier + assumed if all(e.attributes.get(k, v) == v or several(v) and e.attributes.get(k) in v
                                                    for k, v in filters.items())]  # (one of several states asked for)
        asked = asked_about(it, arguments) if it.action is Action.search else None
        if asked:  # a search finds what matches its query ("Arrival"), not whatever the world holds
            pool = [e for e in pool if any(isinstance(v, str) and asked.lower() in v.lower()
                                           for v in (e.id, *e.attributes.values()))]
        shown += [e for e in pool if e.id not in seen and not seen.add(e.id)][:5]
        for _ in range(_DECOYS[it.action]):
            decoy = _new_entity(gen, shown[0].kind if shown else it.entity, index, state,
                                like=shown[0].id if shown else None, fresh=True, later=later)
            shown += [decoy] if decoy is not None else []
    if it.action in (Action.search, Action.list):
        _name_things(it, arguments, shown, state, index)
    if it.action is Action.search and (asked := asked_about(it, arguments)):
        for e in shown:  # a paper found by "wildfire prevention" is still about it when a later call reads it
            if e.created_by == index and same_kind(e.kind, it.entity):
                e.attributes.setdefault(ABOUT, asked)
    if span is not None:
        for e in shown:  # what a search since 24 January finds was published since then, and stays so
            if e.created_by == index and same_kind(e.kind, it.entity):
                e.attributes.setdefault(WITHIN, [t.isoformat() for t in span])
    written = record_writes(tool, it, arguments)
    if target is not None and (it.action in (Action.update, Action.create) or state_set(tool.name)) and written \
            and same_kind(target.kind, it.entity):  # a contact created for a company writes nothing into the company
        target.attributes.update(written)
    for row, e in enumerate(shown):
        if e.created_by == index and it.action is Action.create and same_kind(e.kind, it.entity):
            # a new ticket is open, a new post a draft, unless the call says otherwise
            e.attributes.update({**(model.initial(e.kind) if model is not None else {}), **written})
        elif it.action in (Action.list, Action.search) and written and same_kind(e.kind, it.entity):
            # what a filtered listing shows has what it was filtered by: one of the states asked for
            # (`status: [pending, failed]`), not all of them, where a filter names several
            e.attributes.update({k: v[row % len(v)] if several(v) else v for k, v in written.items()})
    if target is not None and it.action is Action.delete and same_kind(target.kind, it.entity):
        target.attributes["deleted"] = True  # (deleting a pull request's review leaves the pull request)
    # Only a tool that reads files (its own entity is a file) shows their text: a snapshot saved to a path does not.
    body = story.read(index, files_read(it, arguments)) if story is not None and it.action is Action.read \
        and same_kind(it.entity, "file") and not is_metadata(tool.name) else None
    # A tool that says it returns a diff shows the change the edit makes to the file's text.
    change = story.changes.get(index) if story is not None and _DIFF.search(tool.description) else None
    if body is not None or change is not None:
        body = window(properties(tool.input_schema), arguments, body) if body is not None else diff(*change)
        text = "\n".join([body] + [f"{label(e.kind)}: {e.id}" for e in shown if not token_in(e.id, body)])
    else:
        text = _text(tool, it, arguments, shown, target, gen, model, index)
    tier = tier or grounding(tool, suite, {it.tool: it})
    # (a reading of what holds now, the current weather or a live price, was taken at the call's moment)
    current = EPOCH + timedelta(minutes=3 * index) if it.action in (Action.read, Action.list, Action.search) \
        and _CURRENT.search(f"{tool.name.replace('_', ' ')} {tool.description or ''}") else None
    if not tool.output_schema:
        return MockOutput(output=_in_order(text, current), grounding=tier)
    own = {json.dumps(x) if not isinstance(x, str) else x
           for v in arguments.values() for x in (v if isinstance(v, list) else [v])}
    record = _record_values(it, target, shown, index, arguments, written)
    obj, missing = _structured(tool, shown, own, text, gen, arguments, record=record, kind=it.entity, only=only)
    lost = missing & planned if needed is None else missing & planned & needed
    if lost:  # the draw left out the optional part that had room for them (`Data` of an order response)
        obj, missing = _structured(tool, shown, own, text, gen, arguments, fill=1.0, record=record,
                                      kind=it.entity, only=only)
        lost = missing & planned if needed is None else missing & planned & needed
    if lost:
        raise StageError(f"output of {tool.name!r} cannot hold {sorted(lost)[0]!r}", f"calls[{index}].output")
    # Entities this call only added for colour (extra listing rows) go when the output has no room.
    state.entities = [e for e in state.entities if not (e.created_by == index and e.id in missing)]
    worked = compute.computation(tool.name, it, arguments)
    if worked is not None:  # the result in the field the tool declares for it
        answered = compute.placed(obj, worked.result)
        obj = answered if is_valid(tool.output_schema, answered) else obj
    if span is not None:  # what a listing since 24 January shows was dated since then, as the text answer's rows
        noted = {e.id: f"{gen.org.seed}:{e.kind}:{e.id}" for e in shown if e.attributes.get(WITHIN)}
        before = {e.id for e in shown} - set(noted)

        def keyed(rec: dict[str, Any]) -> str | None:
            who = str(chrono.ident(rec))
            return None if who in before else noted.get(who, f"{gen.org.seed}:row:{who}")

        inside = chrono.records_within(obj, span, EPOCH, keyed)
        obj = inside if is_valid(tool.output_schema, inside) else obj
    kept = chrono.keep_made(obj, _made(shown + ([target] if target is not None else []), gen.org))
    obj = kept if is_valid(tool.output_schema, kept) else obj
    dated = in_zone(summarised(in_proportion(chrono.ordered(obj))))
    dated = observed_now(dated, current) if current is not None else dated
    final = dated if is_valid(tool.output_schema, dated) else obj
    known = shown + ([target] if target is not None else [])
    tracked = {str(e.id) for e in state.entities + state.preconditions}
    if it.action in (Action.list, Action.search):  # the entries of list `L1` are in `L1`
        scoped = _in_scope(final, arguments, it.entity, tracked)
        final = scoped if is_valid(tool.output_schema, scoped) else final
    told = _told_count(final, arguments)  # (`upsertedCount` of three vectors sent is 3)
    final = told if is_valid(tool.output_schema, told) else final
    recalled = _recall(final, known, arguments, tracked)  # (a voice read first and listed after is listed as it was read)
    final = recalled if is_valid(tool.output_schema, recalled) else final
    _remember(final, known)
    return MockOutput(output=final, grounding=tier)


def _defaults(tool: Tool) -> dict[str, Any]:
    """The top-level settings the tool's input schema gives a default."""
    return {k: p["default"] for k, p in properties(tool.input_schema).items()
            if isinstance(p, dict) and p.get("default") is not None}


def _made(entities: list[Entity], org: Organisation) -> dict[str, datetime]:
    """When each entity was made: as its create said, else a moment before now of its own (whichever call shows
    it), so the fields a declared output draws afresh do not give one record two creation times."""
    out: dict[str, datetime] = {}
    for e in entities:
        said = next((t for k, v in e.attributes.items() if chrono.stem(k) in chrono.MADE
                     and (t := chrono.when(v)) is not None), None)
        made = said or fmt.when(random.Random(f"{org.seed}:{e.kind}:{e.id}:made"), future_days=-1)
        span = e.attributes.get(WITHIN)
        if span and not said:  # (found by a search since 24 January: made since then)
            moved = chrono.within({"created": made.strftime("%Y-%m-%dT%H:%M:%SZ")}, tuple(map(chrono.when, span)), EPOCH,
                                  f"{org.seed}:{e.kind}:{e.id}")
            made = chrono.when(moved["created"]) or made
        out[e.id] = made
    return out


def _as_shown(output: Any, seen: _Shown, given: set[str], schema: dict[str, Any] | None,
              org: Organisation | None = None) -> Any:
    """`output` with each record an earlier call of the scenario showed dated as made when that call said and
    under the title or name it showed, unless an argument gave the new one (a record has one creation moment
    and keeps its name whichever tool shows it: a reaction's own `createdAt`, or a fresh draw, does not move
    it); `seen` then learns the records this output shows first."""

    def change(data: Any) -> Any:
        kept = _keep_names(chrono.keep_made(data, seen.made), seen.names, given)
        # (a member listed under the name it was found by leaves that name to it: the others are other people)
        return _distinct_rows(kept, org, frozenset(seen.names)) if org is not None else kept

    if seen.made or seen.names:
        if isinstance(output, str):
            output = each_json(output, change)
        elif isinstance(output, dict) and len(output) == 1 and isinstance(text := next(iter(output.values())), str):
            output = {next(iter(output)): each_json(text, change)}
        else:
            kept = change(output)
            output = kept if schema is None or is_valid(schema, kept) else output
    for obj in output_objects(output, max_depth=1):
        if (first := chrono.made_at(obj)) is not None:
            seen.made.setdefault(str(first[0]), first[1])
        if _ident(obj) is not None and _ident(obj) not in seen.names:
            seen.names[_ident(obj)] = ({k: obj[k] for k in _NAMING if isinstance(obj.get(k), str)}, _fields(obj))
    return output


# (a person's display name and address too: a member found as "Tomás Becker" is Tomás when read)
_NAMING = ("title", "name", "display_name", "displayName", "full_name", "fullName", "email", "username")


class _Shown:
    """What a scenario's outputs showed first of each record: when it was made, its title and name."""

    def __init__(self) -> None:
        self.made: dict[str, datetime] = {}
        self.names: dict[str, tuple[dict[str, str], set[str]]] = {}  # ID -> (title and name, the record's fields)


def _fields(obj: dict[str, Any]) -> set[str]:
    return set(obj) - {"id", *_NAMING}


def _same_kind(fields: set[str], other: set[str]) -> bool:
    """Two records under one ID are one record where they share most of their fields: a release and an
    attachment, or a user and an issue, may share a number and still name different things."""
    small = min(len(fields), len(other))
    return small == 0 or len(fields & other) * 2 >= small


def _ident(obj: dict[str, Any]) -> str | None:
    ident = obj.get("id")
    return str(ident) if isinstance(ident, (str, int)) and not isinstance(ident, bool) else None


def _keep_names(node: Any, names: dict[str, tuple[dict[str, str], set[str]]], given: set[str], depth: int = 0) -> Any:
    """`node` with each record (the output, what its wrappers and lists hold) under the names `names` gives
    its ID, where the call gave no new one and the record is of the kind first shown under that ID."""
    if isinstance(node, list):
        return [_keep_names(x, names, given, depth) for x in node]
    if not isinstance(node, dict) or depth > 1:
        return node
    out = {k: _keep_names(v, names, given, depth + 1) for k, v in node.items()}
    first, fields = names.get(_ident(out) or "", ({}, set()))
    # (a record the call renames, by a name its arguments give, keeps the new name in all its name fields)
    if first and _same_kind(fields, _fields(out)) and not any(out.get(k) in given and out.get(k) != v
                                                              for k, v in first.items()):
        for key, name in first.items():
            if isinstance(out.get(key), str) and out[key] not in given and out[key] != _ident(out):
                out[key] = name
    return out


def _distinct_rows(node: Any, org: Organisation, claimed: frozenset[str]) -> Any:
    """`node` with the rows of each list it holds (itself, or a value of its top object) told apart."""
    if isinstance(node, list) and all(isinstance(r, dict) for r in node):
        return distinct(node, org, frozenset(), claimed=claimed)
    if isinstance(node, dict):
        return {k: _distinct_rows(v, org, claimed) if isinstance(v, list) else v for k, v in node.items()}
    return node


_CURRENT = re.compile(r"\b(current|currently|live|real[- ]?time|right now)\b", re.I)


def _in_order(text: str, current: datetime | None = None) -> str:
    """A text result whose JSON (the whole text, or lines of it) has its timestamps in agreeing order and its
    dependent fields following the ones they depend on; observed at `current` where it reads what holds now."""
    def settled(data: Any) -> Any:
        done = in_zone(summarised(in_proportion(chrono.ordered(data))))
        return observed_now(done, current) if current is not None else done
    return each_json(text, settled)


def _listing(tool: Tool, it: ToolInterpretation, args: dict[str, Any], root: str, state: WorkflowState, index: int,
             shown: list[Entity], gen: ValueGenerator, story: Story | None, seed: int) -> list[Entity]:
    """What a listing or search under `root` shows: the paths this call reveals, then the paths already under
    it (children, or descendants when the tool is recursive) that match its pattern, each once, then a
    few more children unless the directory was made empty earlier in this scenario."""
    pattern, excludes = paths.pattern_of(it, args), paths.excludes_of(it, args)
    deep = paths.recursive(tool, it)
    out: list[Entity] = []
    seen: set[str] = {root}
    for e in shown:
        if e.id not in seen and not seen.add(e.id):
            out.append(e)
    pool = state.preconditions + [e for e in state.entities if e.created_by is not None and e.created_by != index]
    for e in pool:
        if not paths.is_path(e.id) or not paths.under(e.id, root):
            continue
        there = story.exists(e.id, e.created_by, index) if story is not None else \
            (e.created_by is None or e.created_by < index) and not e.attributes.get("deleted")
        if not there:
            continue
        for shown_as in _entries(e, root, deep, pattern, excludes):
            if shown_as.id not in seen and not seen.add(shown_as.id):
                out.append(shown_as)
    for k in range(_DECOYS.get(it.action, 0)):
        # Drawn from the folder's path, not the call: every listing of one folder shows the same entries.
        rng = random.Random(f"{seed}:{root}:{k}")
        name = paths.fit(_child_name(root, gen.org, rng, directory=k == 1 and pattern is None), pattern, excludes)
        path = f"{root.rstrip('/')}/{name}"
        if name is None or path in seen or (story is not None and not story.unseen(path, root, index)):
            continue
        e = Entity(kind="file" if paths.looks_like_file(name) else "directory", id=path, created_by=index)
        seen.add(e.id)
        state.entities.append(e)
        out.append(e)
    if deep and pattern is None:  # a tree shows the folders on the way to what it shows (`src` above `src/a.ts`)
        out = _with_folders(out, root, excludes, seen)
    return out[:_MAX_LISTED]


def _with_folders(entries: list[Entity], root: str, excludes: list[str], seen: set[str]) -> list[Entity]:
    """`entries` of a tree under `root`, each after the folders between `root` and it not shown yet."""
    out: list[Entity] = []
    base = root.rstrip("/")
    for e in entries:
        parts = e.id[len(base) + 1:].split("/")[:-1] if paths.under(e.id, root) else []
        for k in range(1, len(parts) + 1):
            folder = f"{base}/{'/'.join(parts[:k])}"
            if folder not in seen and not paths.excluded(folder, excludes, root):
                seen.add(folder)
                out.append(Entity(kind="directory", id=folder))
        out.append(e)
    return out


def _entries(e: Entity, root: str, deep: bool, pattern: str | None, excludes: list[str]) -> list[Entity]:
    """How entity `e` below `root` shows in a listing: itself (recursive) or the child of `root` holding it, if it
    matches and no pattern excludes it. A recursive listing with no pattern that leaves `e` out still shows the
    folders on the way to it that no pattern excludes: excluding `src/**/*.ts` hides the files, not `src`."""
    base = root.rstrip("/")
    rest = e.id[len(base) + 1:]
    shown = e if deep or "/" not in rest else Entity(kind="directory", id=f"{base}/{rest.split('/')[0]}")
    if paths.matches(e.id, pattern, root) and not paths.excluded(e.id, excludes, root):
        return [shown]
    if not deep or pattern is not None:
        return []
    out = []
    for folder in (f"{base}/{'/'.join(rest.split('/')[:n])}" for n in range(1, rest.count("/") + 1)):
        if paths.excluded(folder, excludes, root):
            break
        out.append(Entity(kind="directory", id=folder))
    return out


def _child_name(root: str, org: Organisation, rng: random.Random, directory: bool) -> str:
    """A plausible entry of `root`: a file of the kind its name suggests (tests/ holds test_*.py), or a folder."""
    noun, topic = rng.choice(org.nouns), rng.choice(_TOPICS)
    if directory:
        return f"{noun}-{topic}"
    kind = paths.base(root)
    ext = rng.choice(_EXTS.get(kind, (".md", ".json", ".py")))
    return f"test_{noun}_{topic}{ext}" if kind == "tests" else f"{noun}_{topic}{ext}"


def _relates(tool: Tool, kind: str) -> bool:
    """Whether a tool's description speaks of things of `kind` and of one of them ("papers that cite a paper")."""
    said = re.findall(r"[a-z]+", (tool.description or "").lower().split(". ")[0])
    head = (tokens(kind) or [""])[-1]
    return head in said and any(w != head and singular(w) == head for w in said)


def _bound_entity(it: ToolInterpretation, args: dict[str, Any], state: WorkflowState, index: int) -> Entity | None:
    """The entity an identifier argument names (created earlier, or assumed to exist): one of the tool's own
    kind before its parent (`get_comment(issue_id, comment_id)` reads the comment)."""
    found: list[Entity] = []
    for p in it.parameters:
        if p.role is not ParameterRole.identifier or p.name not in args:
            continue
        value = args[p.name]
        value = value[0] if isinstance(value, list) and value else value
        wanted = value if isinstance(value, str) else json.dumps(value)
        found += [e for e in state.entities + state.preconditions if e.id == wanted and (e.created_by or 0) <= index][:1]
    return next((e for e in found if same_kind(e.kind, it.entity)), found[0] if found else None)


def _new_entity(gen: ValueGenerator, kind: str, index: int, state: WorkflowState, like: str | None = None,
                fresh: bool = False, later: frozenset[str] = frozenset()) -> Entity | None:
    """A further entity of `kind`: a member of its closed list (one a `later` call is given first), or shaped like
    `like` (numeric next to numeric); with `fresh`, None when no new ID comes up (a listing shows one row fewer)."""
    taken = {e.id for e in state.entities + state.preconditions}
    registry = registry_of(kind, gen.org)
    spare = [m for m in members_of(kind, gen.org.lists) if m not in taken]
    for _ in range(4):
        if spare:  # (the providers listed are those the spec names, the one a later call asks first)
            value = next((m for m in spare if m in later), None) or gen.rng.choice(spare)
        elif registry is not None:  # (an arXiv paper beside another: both `2403.01234`, drawn whole)
            value = registry_id(registry, gen.rng)
        elif like is not None and like.isdigit():
            value = str(gen.rng.randint(10 ** (len(like) - 1), 10 ** len(like) - 1))
        elif like is not None and (shaped := shaped_like(like, gen.rng)) != like:
            value = shaped  # `OL48213A` beside `OL23919A`, as the spec's own example writes them
        else:
            # (a kind whose bare name is a value's, a film's or a city's, is drawn as its ID parameter would be: a
            # film listed beside film 77360 is film 51371, not "Coco"; a Redis key stays `session:4441`)
            slot = f"{kind}_id" if named_things(kind) or standard_kind(kind) or kind in gen.org.id_kinds else kind
            value = str(gen.value({"type": "string", "minLength": 3}, **value_hint(slot, "identifier", kind)))
        if value not in taken:
            break
    else:
        if fresh:
            return None
    e = Entity(kind=kind, id=value, created_by=index)
    state.entities.append(e)
    return e


def _text(tool: Tool, it: ToolInterpretation, args: dict[str, Any], shown: list[Entity], target: Entity | None,
          gen: ValueGenerator, model: SpecModel | None = None, index: int = 0) -> str:
    if it.action is Action.read and target is not None and shown_fields(target.attributes) \
            and same_kind(target.kind, it.entity) and not is_metadata(tool.name) and not is_history(tool.name, it) \
            and not tool.name.startswith("git_"):  # git prints its own formats (git show: commit, author, diff)
        body = {k: v for k, v in shown_fields(target.attributes).items() if v != target.id}  # (its name is its ID)
        key, one = next(iter(body.items())) if len(body) == 1 else (None, None)
        lines = None
        fields = len(model.fields(target.kind)) if model is not None else 0
        unknown = not fields and kinds.fields_of(target.kind) is None  # (a film's title is no film's text)
        if isinstance(one, str) and (fields <= 2 and (key in _TEXT_FIELDS or len(one.split()) >= 4 and key not in _HEADINGS
                                                      and not _says_where(key)) or unknown):
            # a note's text, a value pushed to a list, reads back as that text; a ticket's new comment or
            # status is one field of a record that has more (a company's new address is no text of the company)
            lines = [one]
        elif same_kind(target.kind, "file") and _file_text(body):
            lines = [_file_text(body)]  # a file reads back as its text, not as a record of what was done to it
        elif unknown:
            lines = [json.dumps({"id": target.id, **body}, ensure_ascii=False)]
        if lines is not None:  # (a kind with known fields reads as a whole record, what was written included)
            lines += [f"{label(e.kind)}: {e.id}" for e in shown if not token_in(e.id, lines[0])]
            return "\n".join(lines)
    # Inside a structuredContent the text fills one string field ("message", "result"): lines, not JSON.
    plain = tool.output_schema is not None and not open_output(tool.output_schema)
    # (the calls of a workflow are made a few minutes apart, starting at the world's now)
    return render(tool.name, it, args, shown, target, gen.org, gen.rng, plain=plain, model=model,
                  now=EPOCH + timedelta(minutes=3 * index))


def _name_things(it: ToolInterpretation, args: dict[str, Any], shown: list[Entity], state: WorkflowState,
                 index: int) -> None:
    """Everyday things a listing or search shows (films, dishes) are called by real names, each its own; a
    search for one by its name finds that one first. The names are written to the records, so a later read
    of one shows the same title."""
    things = named_things(it.entity)
    if not things:
        return
    field, asked = naming_field(it.entity), asked_about(it, args) if it.action is Action.search else None
    used = {e.attributes.get(field) for e in state.entities + state.preconditions} | {e.id for e in shown}
    others = spare_names(it.entity, used | {asked}, f"names:{it.tool}:{index}")
    names = ([asked] if asked in things and asked not in used else []) + others
    found = [e for e in shown if e.created_by == index and same_kind(e.kind, it.entity) and field not in e.attributes
             and e.id not in things]  # (a hit known by its name keeps it)
    for e, name in zip(found, names):
        e.attributes[field] = name


def _says_where(key: str) -> bool:
    """A field of a standard kind or a place (`address`, `billing_city`, `email`): a value, not a record's text."""
    return standard_kind(key) is not None or tokens(key)[-1:] in (["address"], ["location"])


def _record_first_texts(state: WorkflowState, story: Story) -> None:
    """A file the scenario found already there keeps, as its `content`, the text the mocks showed before any
    change: what a verification sandbox must hold for the scripted reads and edits to hold too."""
    for e in state.preconditions + state.entities:
        if same_kind(e.kind, "file") and e.id in story.first and "content" not in e.attributes:
            e.attributes["content"] = story.first[e.id]


def _file_text(body: dict[str, Any]) -> str:
    """What a file holds after the calls so far: its content with its edits applied, else the text its
    edits put in."""
    edits = body.get("edits")
    for key in ("content", "text", "body"):
        if isinstance(body.get(key), str):
            text = body[key]
            for old, new in pairs(edits):
                text = text.replace(old, new, 1)
            return text
    if isinstance(edits, list):
        new = [e["newText"] for e in edits if isinstance(e, dict) and isinstance(e.get("newText"), str)]
        if new:
            return "\n".join(new)
    return ""


_GONE = ("deleted", "is_deleted", "isDeleted", "archived", "is_archived", "isArchived", "trashed", "in_trash")


_DRAWN = "_drawn"  # an entity's fields as a declared output first showed them (hidden from filters and rows)


# Values that are references or moments, not a record's own description: a hash, an e-mail, a link, a path,
# a time, a long number (kept or not, they stay as the answer drew them: a later call may take them from it).
_REFERENCE = re.compile(r"^[0-9a-f]{7,}$|@|://|^/|\d{4,}|^\d{4}-\d\d-\d\d", re.I)


def _plain(value: Any) -> bool:
    return not isinstance(value, str) or not _REFERENCE.search(value)


def _records_of(obj: Any, entities: list[Entity]) -> list[tuple[dict[str, Any], Entity]]:
    """(record, entity) for each object in an answer that is one of `entities`, by its own ID field."""
    by_id = {str(e.id): e for e in entities}
    found = []
    for node in output_objects(obj):  # (the answer's own dicts, so a caller may change them in place)
        # (by its own ID only: `id`, or `voice_id` for a voice; an effect's `connectorId` names another record)
        who = next((by_id[str(v)] for k, v in node.items() if isinstance(v, (str, int)) and not isinstance(v, bool)
                    and str(v) in by_id and (k.lower() in ("id", "uuid") or
                                             "".join(tokens(k)) == "".join(tokens(by_id[str(v)].kind)) + "id")), None)
        if who is None and not any(k.lower() in ("id", "uuid") or tokens(k)[-1:] == ["id"] for k in node):
            # a record that has no ID of its own is known by its name (an entity of a knowledge graph)
            name = node.get("name")
            who = by_id.get(name) if isinstance(name, str) else None
        if who is not None:
            found.append((node, who))
    return found


def _recall(obj: Any, entities: list[Entity], arguments: dict[str, Any], tracked: set[str]) -> Any:
    """A copy of `obj` whose records show the fields an earlier answer kept for them (see `_remember`), except
    what the workflow wrote to them since, what this call sets (an update's new name stays new) and values the
    workflow tracks as records of their own (a member's e-mail a later call takes from this answer)."""
    out = copy.deepcopy(obj)
    given = set(_flat_keys(arguments))
    for rec, e in _records_of(out, entities):
        kept = e.attributes.get(_DRAWN, {})
        written = set(shown_fields(e.attributes))
        rec.update({k: v for k, v in kept.items() if k in rec and type(rec[k]) is type(v) and _plain(rec[k])
                    and k not in written and k not in given
                    and not {str(x) for x in (rec[k] if isinstance(rec[k], list) else [rec[k]])} & tracked})
    return out


def _flat_keys(node: Any) -> list[str]:
    """Every key of a call's arguments, nested ones too."""
    if isinstance(node, dict):
        return [k for k, v in node.items() for k in [k, *_flat_keys(v)]]
    if isinstance(node, list):
        return [k for v in node for k in _flat_keys(v)]
    return []


def _remember(obj: Any, entities: list[Entity]) -> None:
    """Keep on each entity the plain fields the answer showed for it (its name, category, settings), so a later
    answer about the same record shows the same ones: a voice listed as `Rachel` is read back as `Rachel`.
    References and times are not kept (see `_REFERENCE`), nor what an earlier call already kept."""
    for node, who in _records_of(obj, entities):
        kept = who.attributes.get(_DRAWN, {})
        new = {k: v for k, v in node.items() if _kept_value(v) and k not in kept
               and k not in _GONE and singular(tokens(k)[-1] if tokens(k) else "") != "id"}
        if new:  # (nothing is written for a record that showed only its ID: the harness's state stays as it was)
            who.attributes[_DRAWN] = {**kept, **new}


_DONE_COUNT = re.compile(r"^(upserted|inserted|created|updated|deleted|added|removed|imported|written|processed)"
                         r"_?(count|items|records|rows)?$", re.I)


def _told_count(output: Any, arguments: dict[str, Any]) -> Any:
    """A copy of a write's answer whose count of what it wrote (`upsertedCount`, `inserted_count`) is the number of
    items it was sent, where it was sent one list of them."""
    lists = [v for v in arguments.values() if isinstance(v, list) and v]
    if not isinstance(output, dict) or len(lists) != 1:
        return output
    return {k: len(lists[0]) if _DONE_COUNT.match(k) and isinstance(v, int) and not isinstance(v, bool) else v
            for k, v in output.items()}


def _in_scope(output: Any, arguments: dict[str, Any], kind: str, tracked: set[str]) -> Any:
    """A copy of a listing whose rows carry the scope it was asked for by ID (`billId: 42` lists bill 42's
    stages, each with `billId` 42), except the rows' own IDs (`paperId` of papers citing one) and values the
    workflow tracks as records of their own."""
    scope = {k: v for k, v in arguments.items() if names_id(k) and isinstance(v, (str, int))
             and not isinstance(v, bool) and not same_kind(" ".join(tokens(k)[:-1]), kind)}
    if not scope:
        return output
    out = copy.deepcopy(output)
    for row in listed_rows(out):  # (the rows the out-of-scope measure reads, changed in place)
        for k, v in scope.items():
            held = row.get(k)
            if isinstance(held, (str, int)) and not isinstance(held, bool) and str(held) != str(v) \
                    and str(held) not in tracked:
                row[k] = int(v) if isinstance(held, int) and str(v).isdigit() else str(v) if isinstance(held, str) else v
    return out


def _kept_value(value: Any) -> bool:
    """A plain field, or a list of plain words (an entity's observations, a record's tags), is the record's own."""
    if isinstance(value, list):  # (of words: a list of numbers is mostly of other records' IDs)
        return bool(value) and all(isinstance(x, str) and _plain(x) for x in value)
    return isinstance(value, (str, int, float, bool)) and _plain(value)


def _record_values(it: ToolInterpretation, target: Entity | None, shown: list[Entity], index: int,
                   arguments: dict[str, Any], written: dict[str, Any]) -> dict[str, Any]:
    """What the record a create, update or read answers with must show: the fields written to it (so far in
    the workflow), the ID it was asked for, and that it is not deleted (a delete's is)."""
    if it.action not in (Action.create, Action.update, Action.read, Action.delete):
        return {}
    subject = target if target is not None and same_kind(target.kind, it.entity) else next(
        (e for e in shown if e.created_by == index and same_kind(e.kind, it.entity)), None)
    asked = named_ids(it, arguments)[:1] if it.action is not Action.create else []
    if subject is None and not asked:
        return {}
    values: dict[str, Any] = {k: it.action is Action.delete for k in _GONE}
    if it.action is not Action.delete:
        values.update(written if subject is None else spread(it.entity, shown_fields(subject.attributes)))
    if not any(e.created_by == index for e in shown) and (asked or subject is target):
        values["id"] = asked[0] if asked else subject.id  # (a record the workflow shows elsewhere keeps its own)
    return values


def _structured(tool: Tool, shown: list[Entity], own: set[str], text: str, gen: ValueGenerator,
                arguments: dict[str, Any], fill: float | None = None,
                record: dict[str, Any] | None = None, kind: str = "", only: bool = False) -> tuple[Any, set[str]]:
    """The structuredContent, valid, and the ids it could not hold (its own arguments need not echo). `only`:
    its list of records holds the ones shown and no others."""
    schema = tool.output_schema or {}
    obj = free_form(schema, text)
    if obj is None:
        gen.answering = True
        try:
            made = gen.value(schema, name="result", root=schema, fill=fill)
        finally:
            gen.answering = False
        obj = echo(made, schema, arguments, lambda o: is_valid(schema, o), kind)
        if record:
            obj = fill_record(obj, schema, record, lambda o: is_valid(schema, o), kind)
        shown_kinds = list(dict.fromkeys(e.kind for e in shown))
        claimed: set[str] = set()
        for kind in shown_kinds or [""]:
            ids = [e.id for e in shown if e.kind == kind]
            obj = embed(obj, schema, kind, ids, text, lambda items: gen.value(items, root=schema), claimed,
                        only=only)
        obj = counted(obj, lambda o: is_valid(schema, o))
    err = first_error(schema, obj)
    if err:
        raise StageError(err, "output")
    dumped = json.dumps(obj, ensure_ascii=False)
    strings = [v for v in leaves(obj) if isinstance(v, str)]
    carrier = can_carry(tool)
    missing = {e.id for e in shown if not token_in(e.id, dumped) and not any(token_in(e.id, v) for v in strings)
               and (carrier or e.id not in own)}
    return obj, missing


def _taken(scenario: Scenario) -> dict[int, set[str]]:
    """For each call, the values later calls take from its output (their `sources`), as strings."""
    out: dict[int, set[str]] = {}
    for c in scenario.calls:
        for key, j in c.sources.items():
            try:
                value = c.argument_at(key)
            except KeyError:
                continue
            for v in value if isinstance(value, list) else [value]:
                out.setdefault(j, set()).add(v if isinstance(v, str) else json.dumps(v))
    return out


class OfflineMocker:
    """Mock engine `offline`: one WorkflowState threaded through every call of a scenario."""

    def __init__(self, ctx: EngineContext):
        self.ctx = ctx
        self.tools = ctx.suite.by_name()
        self.its = interpretations_for(ctx.suite, ctx.interpretations)
        self.model = SpecModel.build(ctx.suite, self.its)
        self._tiers: dict[str, Grounding] = {}

    def tier(self, name: str) -> Grounding:
        if name not in self._tiers:
            self._tiers[name] = grounding(self.tools[name], self.ctx.suite, self.its)
        return self._tiers[name]

    def mock(self, scenario: Scenario) -> Outcome[Scenario]:
        state = scenario.state.model_copy(deep=True)
        _as_at_start(state, scenario, self.tools, self.its)
        calls = []
        try:
            org = org_for(scenario.seed or 0, self.ctx.suite)
            story = Story(scenario, self.its, org, scenario.seed or 0)
            taken = _taken(scenario)
            seen, given = _Shown(), set()
            later = [frozenset(str(v) for c in scenario.calls[i + 1:] for v in leaves(c.arguments))
                     for i in range(len(scenario.calls))]
            for i, call in enumerate(scenario.calls):
                out = _mock_step(self.tools[call.tool], self.its[call.tool], call.arguments, state,
                                 scenario.seed or 0, self.ctx.suite, i, self.tier(call.tool), story, taken.get(i, set()), self.model,
                                 later[i])
                given |= {v for v in leaves(call.arguments) if isinstance(v, str)}
                output = _as_shown(out.output, seen, given, self.tools[call.tool].output_schema, org)
                calls.append(call.model_copy(update={"output": output, "grounding": out.grounding,
                                                     "is_error": out.is_error}))
        except (StageError, ValueError) as e:
            reason, path = (e.reason, e.path) if isinstance(e, StageError) else (str(e), None)
            if path is None or not path.startswith("calls["):
                path = f"calls[{len(calls)}]" + (f".{path}" if path else "")
            return Outcome(item=None, failures=[Failure(stage="mock", item=scenario.id, reason=reason, path=path)])
        _record_first_texts(state, story)
        for e in state.entities + state.preconditions:  # (the engine's notes on a record are none of its fields)
            for note in (ABOUT, WITHIN):
                e.attributes.pop(note, None)
        return Outcome(item=scenario.model_copy(update={"calls": calls, "state": state}))

"""The offline scenario writer: a tool sequence from the graph, arguments bound to one planned world.

Binding is demand-driven: when a call needs an identifier of kind K and an earlier call's output
can carry K, the value is generated for *this* parameter's schema (valid by construction) and
recorded as revealed by that earlier call (`Entity.created_by`); the mock stage then writes it
into that output. So every ID handed from one call to the next is one the earlier output holds.
"""

from __future__ import annotations

import json
import random
import re
from dataclasses import dataclass
from typing import Any, Callable

from common.aliases import plumbing
from common.graph import ToolGraph
from common.schemautil import deref, properties
from common.taxonomy import same_kind, singular, tokens
from engines.base import EngineContext, Outcome, StageError
from engines.offline import compute, files, mentions, paths, prose, text
from engines.offline.interpret import interpret_tool, namespaces
from engines.offline.nested import unwrap
from engines.offline.outputs import searchable, token_in
from engines.offline.plan import Planner
from engines.offline.slots import can_carry, embed, id_field
from engines.offline.spec_org import org_for
from engines.offline.values import ValueGenerator, first_error, is_valid
from engines.offline.values_describe import examples, options, param_docs
from engines.offline.values_formats import shape_of
from engines.offline.values_names import is_placeholder
from engines.offline.values_vocab import of_people, slot_file_type
from engines.offline.verdicts import is_checker, planted
from engines.offline.world import make_org
from schemas import (Action, Call, Entity, Failure, ParameterRole, Scenario, ScenarioRequest, Tool,
                     ToolInterpretation, ToolSuite, WorkflowState)

_SUBJECT_ACTIONS = (Action.create,)
_EXPIRY = ("expir", "ttl", "timeout")
_FRESH_TRIES = 6
_DEFAULT_BRANCHES = frozenset({"main", "master"})
_NESTED_REF = re.compile(r"^(entity|node|parent)_?(name|id)$", re.I)  # a content field naming another entity
_RELATION_END = {"from", "to"}
_LOCATOR = {"by", "value"}  # the ends of a relation item (memory's `{from, to, relationType}`)
_QUOTED_NAME = re.compile(r"['\"`](\w+)['\"`]")  # a parameter a description names
_UUID = re.compile(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}", re.I)  # an ID of that shape probes as one


_PATH_KINDS = {"file", "directory", "repository"}
_PLAIN_NAME = "notes.md"
_PATH_WORDS = ("path", "file", "dir", "folder", "repo")


_QUERY_NAMES = frozenset({"query", "q", "keyword", "keywords", "search", "search_query", "term", "terms", "search_term"})


def value_hint(name: str, role: str, kind: str | None) -> dict[str, Any]:
    """Hints for the value generator. Paths come out whole (`/srv/acme/api/src/app.py`) from the
    parameter's name; an entity hint of `file` or `directory` would give a bare name instead."""
    if kind == "directory":
        return {"name": "directory", "role": None, "entity": None}
    if kind in ("entity", "node"):  # knowledge-graph entities are named things: people, services
        return {"name": "entity_name", "role": None, "entity": None}
    if kind in _PATH_KINDS:
        # `source`/`destination` of a file are paths under the scenario's root too, not bare words.
        plain = name.lower() in ("name", "id", "target") or not any(w in name.lower() for w in _PATH_WORDS)
        return {"name": "path" if plain else name, "role": None, "entity": None}
    return {"name": name, "role": role, "entity": kind}


def _link_locators(graph: ToolGraph, tools: dict[str, Tool]) -> None:
    """Tools of one spec that find an element by a locator (`by` from a list of strategies, `value`) can hand
    it on: an element one call found is the one the next interacts with (see `_bind`)."""
    by_spec: dict[str, list[str]] = {}
    for name, tool in tools.items():
        props = properties(tool.input_schema)
        if _LOCATOR <= props.keys() and "enum" in props["by"]:
            by_spec.setdefault(tool.spec, []).append(name)
    for names in by_spec.values():
        for a in names:
            for b in names:
                if a != b and not graph.nx.has_edge(a, b):
                    graph.nx.add_edge(a, b, feeds=[{"param": "value", "entity": "element", "field": None}])


def see_through(its: dict[str, ToolInterpretation], wrapped: dict[str, tuple[str, Tool]],
                 suite: ToolSuite) -> dict[str, ToolInterpretation]:
    """Interpretations whose parameters are those of a wrapped tool's inner object (`params.layer_name`
    read as the identifier `layer_name`), with what the inner reading says the tool produces."""
    if not wrapped:
        return its
    ns = namespaces(suite)
    out = dict(its)
    for name, (_, inner) in wrapped.items():
        seen = interpret_tool(inner, ns.get(inner.spec, set()))
        out[name] = its[name].model_copy(update={
            "parameters": seen.parameters, "required_parameters": seen.required_parameters,
            "produces": list(dict.fromkeys(its[name].produces + seen.produces))})
    return out


def _something_to_change(it: ToolInterpretation, props: dict[str, Any], optional: set[str], rng: random.Random) -> None:
    """An update whose changes are all optional still changes something: one of them, what it writes first."""
    changes = [p for p in it.parameters if p.role in (ParameterRole.content, ParameterRole.other, ParameterRole.option)
               and p.name in props]
    if not changes or any(p.required or p.name in optional for p in changes):
        return
    for role in (ParameterRole.content, ParameterRole.other, ParameterRole.option):
        names = [p.name for p in changes if p.role is role]
        if names:
            optional.add(rng.choice(names))
            return


def interpretations_for(suite: ToolSuite, given: dict[str, ToolInterpretation]) -> dict[str, ToolInterpretation]:
    """The context's interpretations, completed offline for any tool they miss."""
    if all(t.name in given for t in suite.tools):
        return given
    ns = namespaces(suite)
    return {t.name: given.get(t.name) or interpret_tool(t, ns.get(t.spec, set())) for t in suite.tools}


_NOT_CARRIED = frozenset({ParameterRole.content, ParameterRole.pagination, ParameterRole.credential})


def _cursor(name: str, schema: Any) -> bool:
    """A page token (`cursor`, `page_token`, an `offset` that is a string): only an earlier page's answer holds
    one, so a request never starts with a made-up one."""
    words = tokens(name)
    return bool(words) and words[-1] in ("cursor", "token", "continuation", "marker") \
        or isinstance(schema, dict) and schema.get("type") == "string"


class _World:
    """The planned world of one scenario while its calls are bound (plain objects, not pydantic)."""

    def __init__(self) -> None:
        self.entities: list[dict[str, Any]] = []  # kind, id, created_by, attributes, deleted
        self.context: dict[str, Any] = {}  # parameter name -> value
        self.by_kind: dict[str, Any] = {}  # context entity kind -> value
        self.nested: dict[str, int] = {}  # the current call's nested sources: `relations[0].from` -> call
        self.locator: tuple[Any, Any, int] | None = None  # the first element locator (by, value) and its call
        self.args: dict[int, dict[str, Any]] = {}  # each bound call's arguments, by step
        self.texts: dict[str, str] = {}  # file path -> its text, for files this scenario wrote

    def add(self, kind: str, value: Any, created_by: int | None) -> dict[str, Any]:
        e = {"kind": kind, "id": value, "created_by": created_by, "attributes": {}, "deleted": False}
        self.entities.append(e)
        return e

    def find(self, kind: str, step: int) -> list[dict[str, Any]]:
        return [e for e in self.entities if same_kind(e["kind"], kind) and not e["deleted"]
                and (e["created_by"] is None or e["created_by"] < step)]


@dataclass(frozen=True)
class _Want:
    """What a request wants one tool's call to reach (coverage targets, `seer generate --cover`)."""

    names: frozenset[str] = frozenset()  # optional parameters to give (`tool.param`)
    values: tuple[tuple[str, Any], ...] = ()  # enum values to use (`tool.param=JSON`)
    feeds: tuple[tuple[str, str], ...] = ()  # parameter -> the earlier tool whose output supplies it (`a->tool.param`)


def _wanted(want: list[str], tool: str) -> _Want:
    names, values, feeds = set(), [], []
    for key in want:
        producer, arrow, target = key.partition("->")
        if not arrow:
            producer, target = "", key
        if not target.startswith(tool + "."):
            continue
        name, eq, value = target[len(tool) + 1:].partition("=")
        if "." in name or "[" in name:
            continue  # a nested path: the writer binds whole top-level arguments
        if arrow:
            feeds.append((name, producer))
        elif eq:
            values.append((name, json.loads(value)))
        else:
            names.add(name)
    return _Want(frozenset(names), tuple(values), tuple(feeds))


class OfflineScenarioWriter:
    """Scenario engine `offline`: all randomness from `random.Random(request.seed)`."""

    def __init__(self, ctx: EngineContext):
        self.ctx = ctx
        self.tools: dict[str, Tool] = ctx.suite.by_name()
        # A tool whose arguments sit inside one object parameter is bound as that object (nested.py).
        self.wrapped = {n: w for n, t in self.tools.items() if (w := unwrap(t)) is not None}
        self.its = see_through(interpretations_for(ctx.suite, ctx.interpretations), self.wrapped, ctx.suite)
        self.graph = ToolGraph.build(ctx.suite, self.its)
        # Kinds the spec can change: the user's own things; everything else is looked up, not owned.
        self.owned = frozenset(it.entity for it in self.its.values() if it.action in (Action.create, Action.update, Action.delete))
        _link_locators(self.graph, self.tools)
        self.carriers = {n: can_carry(t) for n, t in self.tools.items()}
        self._fit: dict[tuple, bool] = {}
        self._id_fields: dict[tuple[str, str], dict[str, Any] | None] = {}
        self._id_any: dict[str, tuple[dict[str, Any], dict[str, Any]] | None] = {}
        self.alternatives: dict[str, list[tuple[str, str]]] = {}
        self.planner = Planner(self.graph, self.its, {n: t.spec for n, t in self.tools.items()}, self.carriers)
        shared = plumbing(ctx.suite, self.its)
        self.plumbing = {n: shared.get(t.spec, frozenset()) for n, t in self.tools.items()}

    def write(self, request: ScenarioRequest) -> Outcome[Scenario]:
        try:
            return Outcome(item=self._write(request))
        except (StageError, ValueError) as e:
            reason, path = (e.reason, e.path) if isinstance(e, StageError) else (str(e), None)
            return Outcome(item=None, failures=[Failure(stage="scenario", item=request.id, reason=reason, path=path)])

    def _write(self, req: ScenarioRequest) -> Scenario:
        rng = random.Random(req.seed)
        org = org_for(req.seed, self.ctx.suite)
        gen = ValueGenerator(org, rng)
        seq = self.planner.sequence(req, rng)
        world = _World()
        calls: list[Call] = []
        refs_all: list[list[text.Ref]] = []
        bound: list[dict[str, Any]] = []  # the arguments as bound: a wrapped tool's inner object
        for j, name in enumerate(seq):
            wrap = self.wrapped.get(name)
            args, refs = self._bind(j, wrap[1] if wrap else self.tools[name], self.its[name], world, gen, rng, seq,
                                    _wanted(req.want, name))
            refs_all.append(refs)
            bound.append(args)
            sources = {r.param: r.step for r in refs}
            sources.update(world.nested)
            if wrap:
                args = {wrap[0]: args}
                sources = {f"{wrap[0]}.{k}": v for k, v in sources.items()}
            if not is_valid(self.tools[name].input_schema, args):
                raise StageError(first_error(self.tools[name].input_schema, args) or "invalid", f"calls[{j}].arguments")
            calls.append(Call(tool=name, arguments=args, explanation="", sources=sources))
        # Wording has its own stream, so rewording never changes the values drawn above.
        words = random.Random(f"prose:{req.seed}")
        steps = [prose.Step(c.tool, self.its[c.tool], a, tuple(r)) for c, a, r in zip(calls, bound, refs_all)]
        users: dict[int, list[tuple[int, str]]] = {}
        for k, st in enumerate(steps):
            for r in st.refs:
                users.setdefault(r.step, []).append((k, _quoted(st.args.get(r.param))))
        for j, call in enumerate(calls):
            call.explanation = prose.explanation(j, steps, users)
        its = [self.its[n] for n in seq]
        tags = text.main_tags(its)
        state = WorkflowState(
            entities=[Entity(kind=e["kind"], id=_as_id(e["id"]), attributes=e["attributes"], created_by=e["created_by"])
                      for e in world.entities if e["created_by"] is not None],
            preconditions=[Entity(kind=e["kind"], id=_as_id(e["id"]), attributes=e["attributes"])
                           for e in world.entities if e["created_by"] is None],
            context=dict(world.context))
        intro = " ".join(x for x in (prose.goal(steps, words, self.owned),
                                     text.context_sentence(state.context, words)) if x)
        clauses = mentions.run_together(prose.joined(list(range(len(steps))), mentions.named_once(  # ("the same project")
            [prose.clause(st, steps, state.context) for st in steps], steps), steps), steps)
        optional = [n for st in steps for n in st.args if n not in {r.param for r in st.refs} and n not in state.context
                    and n not in set(self.its[st.tool].required_parameters)]
        return Scenario(
            id=req.id, title=prose.title(steps), complexity=req.complexity,
            category=text.category(tags, [it.action for it in its]),
            instruction=prose.request(clauses, words, intro),
            novelty_reason=prose.novelty(steps, list(req.focus_tools),
                                         list(dict.fromkeys(self.tools[n].spec for n in seq)), optional, words),
            follow_up=prose.follow_up(steps[-1], words), calls=calls,
            specs=list(dict.fromkeys(self.tools[n].spec for n in seq)), state=state, seed=req.seed,
            meta={"focus_tools": list(req.focus_tools), "strategy": req.strategy, "round": req.round,
                  "index": req.index, "intro": intro})

    def _bind(self, j: int, tool: Tool, it: ToolInterpretation, world: _World, gen: ValueGenerator,
              rng: random.Random, seq: list[str], want: _Want = _Want()) -> tuple[dict[str, Any], list[text.Ref]]:
        # what the request asks this tool's call to reach (coverage targets)
        wanted, wanted_values, feeds = want.names | {n for n, _ in want.feeds}, dict(want.values), dict(want.feeds)
        # A parameter the schema leaves undescribed is described by the docstring's "Args:" where it has one
        # (`operation: Operation type ("list", "get_layouts", "get_info")`): its values are among those.
        docs = param_docs(tool.description or "")
        props = {n: {**s, "description": docs[n]} if isinstance(s, dict) and not s.get("description") and n in docs
                 else s for n, s in properties(tool.input_schema).items()}
        fixed: dict[str, Any] = {}
        refs: list[text.Ref] = []
        optional: set[str] = set()
        subject_done = False
        created: list[dict[str, Any]] = []
        for p in it.parameters:
            sub = props.get(p.name, {})
            if not p.required and p.name in self.plumbing[tool.name] and p.name not in wanted | wanted_values.keys():
                continue  # an API key, `fields`, `prettyPrint`: no part of what the person asks
            if p.role is ParameterRole.context:
                value = world.by_kind.get(p.entity)
                if value is None or not is_valid(sub, value, tool.input_schema):
                    value = gen.value(sub, **value_hint(p.name, "context", p.entity), root=tool.input_schema)
                world.by_kind.setdefault(p.entity, value)
                world.context[p.name] = fixed[p.name] = value
                continue
            if p.role in (ParameterRole.identifier, ParameterRole.target) and p.entity:
                # A create names its new entity in the parameter of exactly its own kind; related kinds
                # (the path a text is placed along) name existing things.
                fresh = p.role is ParameterRole.target or (
                    it.action in _SUBJECT_ACTIONS and not subject_done and p.entity == it.entity)
                available = world.find(p.entity, j) or any(self._produces(seq[i], p.entity) for i in range(j))
                if not p.required and p.name not in wanted and (fresh or rng.random() < 0.15 or not available):
                    continue
                if fresh:
                    subject_done = True
                    taken = {_as_id(e["id"]) for e in world.entities if same_kind(e["kind"], p.entity)}
                    if same_kind(p.entity, "branch"):
                        taken |= _DEFAULT_BRANCHES  # every repository has one already
                    for _ in range(_FRESH_TRIES):  # a new branch or file is not named after one that exists
                        value = gen.value(sub, **value_hint(p.name, p.role.value, p.entity), root=tool.input_schema)
                        value = _rooted(value, p.entity, world, lambda v: is_valid(sub, v, tool.input_schema))
                        if _as_id(_scalar(value)) not in taken:  # an id may be any JSON value, hashable or not
                            break
                    if not isinstance(_scalar(value), (dict, list)):  # positions, attachment objects: not names
                        created.append(world.add(p.entity, _scalar(value), j))
                    fixed[p.name] = value
                    continue
                value, ref = self._existing(j, p.name, p.entity, sub, tool, world, gen, seq, feeds.get(p.name))
                fixed[p.name] = value
                if ref is not None:
                    refs.append(ref)
                continue
            if p.name in wanted or p.name in wanted_values:
                optional.add(p.name)
            elif not p.required and p.name in props and not (p.role is ParameterRole.pagination and _cursor(p.name, props[p.name])):
                # (what a search is for: `fetch_news_headlines_by_query` is not asked without its query)
                chance = 1.0 if p.name.lower() in _QUERY_NAMES and it.action in (Action.search, Action.list, Action.read) \
                    else 0.8 if any(w in p.name.lower() for w in _EXPIRY) else 0.25
                if len(optional) < 3 and rng.random() < chance:
                    optional.add(p.name)
        for name, value in wanted_values.items():  # an enum value the run has not sent yet
            if name in props and is_valid(props[name], value, tool.input_schema):
                fixed[name] = value
        if it.action is Action.update:
            _something_to_change(it, props, optional, rng)
        self._carry_over(j, tool, it, props, fixed, optional, world, seq)
        if tool.name not in self.alternatives:
            self.alternatives[tool.name] = _alternatives(tool)
        for a, b in self.alternatives[tool.name]:
            if a in optional:
                optional.discard(b)
        # An element found by a locator (selenium's `by`/`value`) is the one the next interaction acts on.
        reuse = world.locator if _LOCATOR <= props.keys() and "enum" in props["by"] else None
        if reuse and all(is_valid(props[k], v, tool.input_schema) for k, v in zip(("by", "value"), reuse)):
            fixed["by"], fixed["value"] = reuse[0], reuse[1]
        roles = {p.name: p.role.value for p in it.parameters}
        ents = {p.name: p.entity for p in it.parameters if p.entity and p.entity not in _PATH_KINDS}
        # A search's query is about what the tool searches (news, the web), which its own name may not say.
        ents.update({p.name: it.entity for p in it.parameters if p.role is ParameterRole.filter and p.name not in ents
                     and p.name.lower() in _QUERY_NAMES})
        gen.about = f"{tool.name} {tool.description or ''}"
        args = gen.arguments(tool.input_schema, roles=roles, entities=ents, fixed=fixed, optional=optional,
                             doc=tool.description)
        gen.about = ""
        # An option nothing says the meaning of is left out, not set to `provider-7` (an update keeps what it changes).
        for name in (optional & args.keys()) - wanted - wanted_values.keys() if it.action is not Action.update else ():
            rest = {k: v for k, v in args.items() if k != name}
            if is_placeholder(name, args[name]) and is_valid(tool.input_schema, rest):
                args = rest
        if is_checker(tool.name, it) and not tool.output_schema:
            sample = planted(tool.name, it, args, rng)  # what the checker looks for, half the time
            args = sample if is_valid(tool.input_schema, sample) else args
        asked = compute.operands(tool.name, it, args, rng, tool.input_schema)  # numbers the operation takes
        args = asked if is_valid(tool.input_schema, asked) else args
        known = next((world.texts[f] for f in files.files_read(it, args)[:1] if f in world.texts), None)
        if known is not None:  # an edit of a file written earlier replaces text that file holds
            anchored = files.anchored(it, args, known)
            args = anchored if is_valid(tool.input_schema, anchored) else args
        refs = [r for r in refs if args.get(r.param) == fixed[r.param]]
        world.nested = {}
        if reuse and fixed.get("value") == args.get("value") == reuse[1]:
            world.nested["value"] = reuse[2]
        elif reuse is None and _LOCATOR <= args.keys() and "enum" in props["by"] and isinstance(args["value"], str):
            world.locator = (args["by"], args["value"], j)
        def producer(v: str) -> int | None:  # the listing that can show an entity a content item names
            return next((i for i in range(j - 1, -1, -1) if self._produces(seq[i], "entity") and self.carriers[seq[i]]
                         and self._fits(i, "entity", v, world, seq)), None)
        world.args[j] = args
        files.play(it, args, world.texts)
        self._record(j, it, args, refs, created, world, producer)
        world.nested = {k: v for k, v in world.nested.items() if self.carriers[seq[v]]}
        return args, refs

    def _carry_over(self, j: int, tool: Tool, it: ToolInterpretation, props: dict[str, Any], fixed: dict[str, Any],
                    optional: set[str], world: _World, seq: list[str]) -> None:
        """A parameter an earlier call of the workflow was given under the same name keeps its value: the
        traffic of the domain whose backlinks were just read, the result of the query just run. A workflow
        is about one thing; a person does not switch domains between two steps. (Not text bodies, pages,
        credentials, a new thing's name, nor a repeated tool, which works on another item; and a search's
        query not between a search for people and one for anything else: an article topic is no member's name.)"""
        for p in it.parameters:
            if p.name in fixed or p.role in _NOT_CARRIED or not (p.required or p.name in optional) \
                    or it.action is Action.create and p.name.lower() in ("name", "title"):
                continue
            searched = p.name.lower() in _QUERY_NAMES and it.action is Action.search
            prior = next((world.args[i][p.name] for i in range(j - 1, -1, -1)
                          if seq[i] != tool.name and p.name in world.args.get(i, {})
                          and not (searched and of_people(self.its[seq[i]].entity) != of_people(it.entity))), None)
            listed = options(str(props.get(p.name, {}).get("description") or ""))
            if prior is not None and not isinstance(prior, (bool, dict)) \
                    and is_valid(props.get(p.name, {}), prior, tool.input_schema) \
                    and (len(listed) < 2 or str(prior) in listed):  # (not an `operation` this tool does not list)
                fixed[p.name] = prior

    def _existing(self, j: int, name: str, kind: str, sub: dict[str, Any], tool: Tool, world: _World,
                  gen: ValueGenerator, seq: list[str], prefer: str | None = None) -> tuple[Any, text.Ref | None]:
        """A value for an identifier of an existing entity, and the call whose output reveals it (one that
        `prefer`, an earlier tool, revealed when the request wants that hand-off and there is one)."""
        array = sub.get("type") == "array"
        found = world.find(kind, j)
        about = f"{tool.name} {tool.description or ''}"
        ext = slot_file_type(name, str(sub.get("description", "")), about) if same_kind(kind, "file") else None
        typed = [e for e in found if str(e["id"]).endswith(f".{ext}")] if ext is not None else []
        if typed:  # a CSV reader reads a .csv, not the notes file an earlier step touched
            found = typed
        made = next((i for i in range(j - 1, -1, -1) if self.its[seq[i]].action is Action.create
                     and same_kind(self.its[seq[i]].entity, kind) and self._shows(seq[i], kind)), None)
        if made is not None:  # what was just made is what the next step works on (confirm it exists), not one named before
            found = [e for e in found if e["created_by"] is not None and e["created_by"] >= made]
        revealed = [e for e in found if e["created_by"] is not None and self._shows(seq[e["created_by"]], e["kind"])]
        preferred = [e for e in revealed if prefer is not None and seq[e["created_by"]] == prefer]
        wanted_step = None
        if preferred:
            revealed = found = preferred
        elif prefer is not None:  # the wanted producer has shown none yet: a new one, placed in its output
            wanted_step = next((i for i in range(j - 1, -1, -1) if seq[i] == prefer and self._produces(prefer, kind)
                                and self._shows(prefer, kind) and self._can_hold(i, world, seq)), None)
            if wanted_step is not None:
                revealed, found = [], []
        # A step the workflow repeats works on another item (a second result read, a second city checked).
        again = {_as_id(_scalar(world.args[i].get(name))) for i in range(j) if seq[i] == tool.name and i in world.args}
        other = [e for e in revealed if _as_id(e["id"]) not in again]
        # (Only among what outputs revealed: a new one placed in an output would unmask IDs used before it.)
        if again and revealed and (other or self._producer(j, kind, world, seq) is not None):
            found = [e for e in found if _as_id(e["id"]) not in again]
            revealed = other
        elif again and not revealed and self._producer(j, kind, world, seq) is None \
                and not any(self._produces(seq[i], kind) for i in range(j)):
            found = [e for e in found if _as_id(e["id"]) not in again]  # (nothing shows them: a second one, named)
        # Once an earlier output showed this kind, only an ID it showed may be used (no mismatches); and only
        # one of the shape the parameter's examples give (an author's name is no key like `OL23919A`).
        shapes = [p for x in examples(str(sub.get("description", ""))) if (p := shape_of(x))]
        for e in reversed(revealed) if revealed else reversed(found):
            value = [e["id"]] if array else e["id"]
            if isinstance(e["id"], int) and not is_valid(sub, value, tool.input_schema):
                value = [str(e["id"])] if array else str(e["id"])  # a path parameter takes the number as text
            if shapes and not any(re.fullmatch(p, str(e["id"])) for p in shapes):
                continue
            if is_valid(sub, value, tool.input_schema):
                src = e["created_by"]
                if src is None or not self._shows(seq[src], e["kind"]):
                    return value, None
                if not paths.is_path(str(e["id"])) and not self._fits(src, e["kind"], e["id"], world, seq):
                    continue  # a call whose declared output has no place for it (a streaming insert's error report)
                return value, text.Ref(name, e["kind"], src, self.its[seq[src]].action in (Action.list, Action.search)
                                       and src != j and not self._listed_before(e, world))
        item = deref(sub.get("items"), tool.input_schema) if array else sub
        taken = {str(e["id"]) for e in world.entities if same_kind(e["kind"], kind)}
        gen.about = about  # (a file of the type the tool reads)
        base = wanted_step if wanted_step is not None else self._producer(j, kind, world, seq)  # (would show a new one)
        like = self._id_like(base, kind, seq)  # the shape that output gives this kind's IDs
        for _ in range(_FRESH_TRIES):  # an ID short enough to occur by chance ("7") cannot be traced to an output,
            one = gen.value(item, **value_hint(name, "identifier", kind), root=tool.input_schema)
            if like is not None:
                drawn = gen.value(like[1], **value_hint(name, "identifier", kind), root=like[0])
                one = next((v for v in (drawn, str(drawn)) if is_valid(item, v, tool.input_schema)), one)
            if len(str(one)) >= 3 and str(one) not in taken:  # and another entity's name is not this one's
                break
        gen.about = ""
        value = [one] if array else one
        if not is_valid(sub, value, tool.input_schema):
            value = gen.value(sub, **value_hint(name, "identifier", kind), root=tool.input_schema)
        value = _rooted(value, kind, world, lambda v: is_valid(sub, v, tool.input_schema))
        if any(isinstance(x, (dict, list, bool)) or x is None for x in (value if isinstance(value, list) else [value])):
            return value, None  # objects (`ArtistItems: [{Id, Name}]`), flags (`hasUserId`): not names an output shows
        producer = self._producer(j, kind, world, seq, value)
        if wanted_step is not None and self._fits(wanted_step, kind, value, world, seq):
            producer = wanted_step
        forced = base if producer is None and revealed else None
        if forced is not None:  # an output shows this kind already: an ID from nowhere would not match, and one
            for _ in range(_FRESH_TRIES):  # it has no room for would fail the mock: one of a shape it has room for
                other = gen.value(item, **value_hint(name, "identifier", kind), root=tool.input_schema)
                if str(other) not in taken and self._fits(forced, kind, other, world, seq) \
                        and is_valid(sub, [other] if array else other, tool.input_schema):
                    value, producer = [other] if array else other, forced
                    break
        if producer is not None:
            value = self._placed(value, producer, world, seq, taken, lambda v: is_valid(sub, v, tool.input_schema))
        for one in value if isinstance(value, list) else [value]:
            world.add(kind, one, producer)
        if producer is None:
            return value, None
        return value, text.Ref(name, kind, producer, self.its[seq[producer]].action in (Action.list, Action.search))

    def _producer(self, j: int, kind: str, world: _World, seq: list[str], value: Any = None) -> int | None:
        """The latest earlier call whose output can show a new entity of `kind` (`value`, when given)."""
        return next((i for i in range(j - 1, -1, -1) if self._produces(seq[i], kind) and self._shows(seq[i], kind)
                     and not self._reads_one(i, kind, world, seq)
                     and self._can_hold(i, world, seq) and (value is None or self._fits(i, kind, value, world, seq))), None)

    def _shows(self, tool: str, kind: str) -> bool:
        """Whether the output of `tool` has room for an ID of `kind`: any string, or a field of that kind's
        own shape (`create_organization` answering only `{ok, organization_uuid: uuid}` shows the new one)."""
        return self.carriers[tool] or self._id_field(tool, kind) is not None

    def _reads_one(self, i: int, kind: str, world: _World, seq: list[str]) -> bool:
        """Whether call `i` reads or changes one record of `kind` named by its ID: it answers with that one, not
        with another of its kind."""
        it = self.its[seq[i]]
        if it.action in (Action.read, Action.update, Action.delete) and same_kind(it.entity, kind) \
                and bool(named_ids(it, world.args.get(i, {}))):
            return True
        # a call asked about one `kind` record (the namespaces of app 62455) shows that one, not another app
        args = world.args.get(i, {})
        return it.action is not Action.create and any(
            p.role is ParameterRole.identifier and p.entity and same_kind(p.entity, kind) and p.name in args
            and not isinstance(args[p.name], list) for p in it.parameters)

    def _id_like(self, producer: int | None, kind: str, seq: list[str]) -> tuple[dict[str, Any], dict[str, Any]] | None:
        """(output schema, field schema) of the constrained field the output of call `producer` (the one that
        would show a new `kind` ID) names such records by, if any."""
        if producer is not None:
            return self._id_field(seq[producer], kind)
        # Nothing earlier shows one: an ID like those the spec's own outputs give this kind (a budget's UUID)
        if kind not in self._id_any:  # (once per kind: a 1,000-tool spec asks often)
            own = sorted(self.tools, key=lambda n: (not same_kind(self.its[n].entity, kind), n))  # its own tools first
            self._id_any[kind] = next((f for n in own if self._produces(n, kind) and (f := self._id_field(n, kind))),
                                      None)
        return self._id_any[kind]

    def _id_field(self, tool: str, kind: str) -> tuple[dict[str, Any], dict[str, Any]] | None:
        schema = self.tools[tool].output_schema
        if not schema:
            return None
        if (tool, kind) not in self._id_fields:
            self._id_fields[(tool, kind)] = id_field(schema, kind)
        field = self._id_fields[(tool, kind)]
        return (schema, field) if field is not None else None

    def _fits(self, i: int, kind: str, value: Any, world: _World, seq: list[str]) -> bool:
        """Whether the declared output of call `i` has a place for this ID beside those already planned in it:
        a schema whose only field of the kind is an integer three levels down cannot show `c_91c5…`, and the
        mock would have to fail on it. Tried once per tool and ID shapes on an output drawn from a fixed seed,
        so the answer never depends on call order."""
        tool = seq[i]
        schema = self.tools[tool].output_schema
        if not schema or isinstance(value, list) and not value:
            return True
        planned = [(e["kind"], str(e["id"])) for e in world.entities if e["created_by"] == i]
        one = (kind, str(value[0] if isinstance(value, list) else value))
        planned += [one] if one not in planned else []
        it = self.its[tool]
        if it.action in (Action.read, Action.navigate):  # the mock shows the record the read was asked for first
            ids = {v for _, v in planned}
            kinds = {str(e["id"]): e["kind"] for e in world.entities}
            asked = [(kinds.get(v, planned[0][0]), v) for v in named_ids(it, world.args.get(i, {}))
                     if v not in ids and not paths.is_path(v)]
            planned = list(dict.fromkeys(asked)) + planned

        def stand_in(n: int, v: str) -> str:  # one value per ID shape: the answer is the same whoever asks first
            return str(4200 + n) if v.isdigit() else f"/srv/probe/f{n}" if v[:1] == "/" else \
                f"https://probe.example/{n}" if v.startswith("http") else f"p{n}@probe.example" if "@" in v \
                else f"00000000-0000-4000-8000-{n:012d}" if _UUID.fullmatch(v) else f"probe_{n}"

        probe = [(k, stand_in(n, v)) for n, (k, v) in enumerate(planned)]
        key = (tool, tuple(probe))
        if key not in self._fit:
            gen = ValueGenerator(make_org(0), random.Random(f"fits:{tool}"))
            obj, claimed = gen.value(schema, name="result", root=schema, fill=1.0), set()  # as the mock's retry
            shown = "\n".join(v for _, v in probe)  # the mock's text result names them too
            for k in dict.fromkeys(k for k, _ in probe):
                obj = embed(obj, schema, k, [v for kk, v in probe if kk == k], shown,
                            lambda items: gen.value(items, root=schema), claimed)
            found = searchable(obj)  # (a text field's lines unescaped, and the JSON)
            self._fit[key] = all(token_in(v, found) for _, v in probe)
        return self._fit[key]

    def _can_hold(self, i: int, world: _World, seq: list[str]) -> bool:
        """Whether the search at `i` can find anything: its pattern is not one its excludes rule out."""
        it, args = self.its[seq[i]], world.args.get(i, {})
        if paths.root_of(it, args) is None:
            return True
        return paths.fit("x.txt", paths.pattern_of(it, args), paths.excludes_of(it, args)) is not None

    def _placed(self, value: Any, producer: int, world: _World, seq: list[str], taken: set[str], valid: Any) -> Any:
        """A path the listing or search at `producer` reveals, moved under its root and renamed to match its
        pattern (a file found by `*.yaml` under `/srv/a/tests` is `/srv/a/tests/<name>.yaml`)."""
        pit, pargs = self.its[seq[producer]], world.args.get(producer, {})
        root = paths.root_of(pit, pargs)
        if root is None:
            return value
        pattern, excludes = paths.pattern_of(pit, pargs), paths.excludes_of(pit, pargs)

        def move(one: Any) -> Any:
            if not paths.is_path(one) or (paths.under(one, root) and paths.matches(one, pattern, root)
                                          and not paths.excluded(one, excludes, root)):
                return one
            # (a name its excludes rule out, `0004_add_sensor_export.sql` under `**/*sensor*`, gives way to a plain one)
            name = paths.fit(paths.base(one), pattern, excludes) or paths.fit(_PLAIN_NAME, pattern, excludes)
            new = f"{root.rstrip('/')}/{name}" if name else None
            return new if new and new not in taken else one

        moved = [move(x) for x in value] if isinstance(value, list) else move(value)
        return moved if valid(moved) else value

    @staticmethod
    def _listed_before(e: dict[str, Any], world: _World) -> bool:
        """Whether an earlier-revealed entity of the same kind precedes `e` in its listing."""
        return any(o is not e and o["created_by"] == e["created_by"] and same_kind(o["kind"], e["kind"])
                   for o in world.entities[:world.entities.index(e)])

    def _produces(self, tool: str, kind: str) -> bool:
        it = self.its[tool]
        return it.action is not Action.delete and any(same_kind(k, kind) for k in it.produces)

    @staticmethod
    def _record(j: int, it: ToolInterpretation, args: dict[str, Any], refs: list[text.Ref],
                created: list[dict[str, Any]], world: _World,
                producer: Callable[[str], int | None] = lambda v: None) -> None:
        """What the call does to the world: content written, entities updated or deleted."""
        content = {p.name: args[p.name] for p in it.parameters
                   if p.role is ParameterRole.content and p.name in args}
        ids = {_as_id(_scalar(args.get(p.name))) for p in it.parameters if p.role is ParameterRole.identifier}
        bound = [e for e in world.entities if _as_id(e["id"]) in ids and (e["created_by"] != j or e in created)]
        _refer_to_existing(j, content, world, producer)
        if it.action is Action.create and not created:
            # A batch create names its new entities inside its content (memory's `entities[].name`).
            for item in _named_items(content, it.entity):
                e = world.add(it.entity, item.get("name") or item.get("id"), j)
                e["attributes"].update({k: v for k, v in item.items() if k not in ("name", "id")})
        for e in created + (bound if it.action is Action.update else []):
            e["attributes"].update(content)
        if it.action is Action.delete:  # the record deleted, not the app it was deleted from
            gone = [e for e in bound if same_kind(e["kind"], it.entity)]
            if not gone:  # (else the one the last identifier names: `/apps/{app_id}/rules/{rule_id}`)
                last = next((_as_id(_scalar(args[p.name])) for p in reversed(it.parameters)
                             if p.role is ParameterRole.identifier and p.name in args), None)
                gone = [e for e in bound if _as_id(e["id"]) == last]
            for e in gone:
                e["deleted"] = True


def _refer_to_existing(j: int, content: dict[str, Any], world: _World, producer: Callable[[str], int | None]) -> None:
    """Content items that point at another entity (memory's `observations[].entityName`, a relation's
    `from`/`to`) name one the scenario already has, else one an earlier output (`producer`, a listing or
    search of entities whose output has room for it) reveals, else one it assumes exists beforehand (a
    precondition): never a name nothing made (the real memory server answers `Entity with name ... not
    found`). Each value taken from an earlier call is recorded in `world.nested` under its path
    (`relations[0].from`)."""
    turn = 0
    known = [e for e in world.find("entity", j) if isinstance(e["id"], str)]  # before this call
    for param, value in content.items():
        listed = isinstance(value, list)
        for n, item in enumerate(value if listed else [value]):
            if not isinstance(item, dict):
                continue
            relation = any("relation" in k.lower() for k in item)
            for key, v in list(item.items()):
                if not isinstance(v, str) or not (_NESTED_REF.match(key) or (relation and key in _RELATION_END)):
                    continue
                path = f"{param}[{n}].{key}" if listed else f"{param}.{key}"
                e = next((e for e in known if e["id"] == v), None)
                if e is None and known:
                    e = known[turn % len(known)]
                    item[key] = e["id"]
                    turn += 1
                elif e is None:
                    e = next((e for e in world.entities if e["id"] == v), None) or world.add("entity", v, producer(v))
                if e["created_by"] is not None and e["created_by"] < j:
                    world.nested[path] = e["created_by"]


def named_ids(it: ToolInterpretation, args: dict[str, Any]) -> list[str]:
    """The values of the identifier arguments that name the tool's own kind (`names: [...]` each)."""
    out: list[str] = []
    for p in it.parameters:
        if p.role is ParameterRole.identifier and p.entity and same_kind(p.entity, it.entity) and p.name in args:
            value = args[p.name]
            out += [str(v) for v in (value if isinstance(value, list) else [value])
                    if isinstance(v, (str, int)) and not isinstance(v, bool) and str(v)]
    return out


def _alternatives(tool: Tool) -> list[tuple[str, str]]:
    """Optional parameters the description offers as alternatives, not to be given together
    ("Use the 'head' parameter to read the first N lines, or the 'tail' parameter ...")."""
    props = properties(tool.input_schema)
    out = []
    for sentence in re.split(r"(?<=[.;])\s+", tool.description):
        names = list(dict.fromkeys(n for n in _QUOTED_NAME.findall(sentence) if n in props))
        if len(names) == 2 and re.search(r"\bor\b", sentence):
            out.append((names[0], names[1]))
    return out


def _rooted(value: Any, kind: str | None, world: _World, valid: Any) -> Any:
    """A file or directory path moved under the scenario's working directory (git's `repo_path`), so
    the files a call stages live in the repository it works on: one root per scenario."""
    base = next((v for v in world.context.values() if isinstance(v, str) and v.startswith("/")
                 and "." not in v.rsplit("/", 1)[-1]), None)
    if kind not in ("file", "directory") or base is None:
        return value

    def move(path: Any) -> Any:
        if not isinstance(path, str) or not path.startswith("/") or path == base or path.startswith(base + "/"):
            return path
        parts = path.strip("/").split("/")
        return base + "/" + "/".join(parts[3:] if len(parts) > 3 else parts[-1:])

    moved = [move(x) for x in value] if isinstance(value, list) else move(value)
    return moved if valid(moved) else value


# Arguments that hold a batch of new records, whatever their kind (memory's `entities`).
_BATCHES = frozenset({"entity", "item", "record", "object", "row", "document", "input", "resource", "batch"})


def _named_items(content: dict[str, Any], kind: str) -> list[dict[str, Any]]:
    """Objects in content arguments that carry their own name or id (at most one level of lists), in an
    argument that holds records of `kind` or a batch of them: not a silence's `matchers[].name`."""
    out = []
    own = singular(kind.split("_")[-1])
    for param, value in content.items():
        said = {singular(w) for w in tokens(param)}
        if not said & (_BATCHES | {own}):
            continue
        for item in value if isinstance(value, list) else [value]:
            if isinstance(item, dict) and isinstance(item.get("name") or item.get("id"), str):
                out.append(item)
    return out


def _subject(it: ToolInterpretation, args: dict[str, Any]) -> tuple[str, str] | None:
    """(kind, ID) of what the last call acted on, for the follow-up question."""
    ids = [p for p in it.parameters if p.role is ParameterRole.identifier and p.name in args and p.entity]
    ids.sort(key=lambda p: not same_kind(p.entity or "", it.entity))
    for p in ids:
        value = _scalar(args[p.name])
        if isinstance(value, (str, int)) and not isinstance(value, bool):
            return p.entity or it.entity, str(value)
    return None


def _quoted(value: Any) -> str:
    """A value as the explanation quotes it (the first of a list)."""
    return text.show(_scalar(value))


def _scalar(value: Any) -> Any:
    return value[0] if isinstance(value, list) and value else value


def _as_id(value: Any) -> str:
    return value if isinstance(value, str) else str(value)

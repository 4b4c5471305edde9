"""Making a scenario's assumptions true on the real server, with the server's own tools.

A scenario assumes some entities exist before its first call (`state.preconditions`): the file
it reads, the commit it logs, the entity it adds observations to. For each one the suite's
creating tool for that kind (action `create`, same entity kind; the one named after the kind
first) is called with arguments built from the entity: its id where the tool names the thing
created, its attributes as content (a file precondition holds every text the scenario expects
in it, e.g. the `oldText` of its edits), and the scenario's own values for shared parameters
such as a repository path. A kind without a creating tool is left to `--setup`, and said so. Entities that a read, list or
search call revealed count as assumed too: the mock showed them, so they existed before.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from common.json_values import leaves
from common.taxonomy import same_kind
from schemas import Entity, Scenario, Tool, ToolInterpretation
from schemas._base import JSONValue

_NAME_KEYS = re.compile(r"^(name|id|key|title|path|entityName|identifier)$", re.I)
_KIND_ORDER = {"directory": 0, "folder": 0, "repository": 0}
_REVEALING = frozenset({"read", "list", "search", "analyze", "navigate"})


@dataclass(frozen=True)
class Step:
    """One call that establishes a precondition (or None as tool: nothing in the suite creates it)."""

    entity: Entity
    tool: str | None
    arguments: dict[str, Any]
    reason: str = ""


def creator(kind: str, tools: dict[str, Tool], interps: dict[str, ToolInterpretation]) -> str | None:
    """The suite's tool that creates entities of `kind`; the one whose name says the kind wins."""
    return _tool_for("create", kind, tools, interps)


def lister(kind: str, tools: dict[str, Tool], interps: dict[str, ToolInterpretation]) -> str | None:
    """The suite's tool that lists entities of `kind` (to find an existing one when none can be created)."""
    return _tool_for("list", kind, tools, interps)


def _tool_for(action: str, kind: str, tools: dict[str, Tool], interps: dict[str, ToolInterpretation]) -> str | None:
    found = [n for n, i in interps.items() if i.action.value == action and n in tools and same_kind(i.entity, kind)]
    found.sort(key=lambda n: (interps[n].entity != kind, kind not in n.lower(), len(n), n))
    return found[0] if found else None


def content_text(entity: Entity) -> str:
    """What a created file or message holds: its own content, else every text its attributes mention."""
    attrs = {k: v for k, v in entity.attributes.items() if not k.startswith("_")}  # (`_`: the engine's own notes)
    if isinstance(attrs.get("content"), str):
        return attrs["content"]
    texts = [v for v in leaves(attrs) if isinstance(v, str) and v.strip()]
    return "\n".join(dict.fromkeys(texts)) + "\n" if texts else f"{entity.kind} {entity.id}\n"


def fill(schema: dict[str, Any], entity: Entity, key: str = "") -> JSONValue:
    """A value for `schema` that describes `entity` (its id where a name goes, its attributes by key)."""
    if key and key in entity.attributes and not isinstance(entity.attributes[key], (dict, list)):
        return entity.attributes[key]
    if "default" in schema:
        return schema["default"]
    if schema.get("enum"):
        return schema["enum"][0]
    t = schema.get("type")
    for alt in schema.get("anyOf") or schema.get("oneOf") or ():
        if isinstance(alt, dict) and alt.get("type") not in (None, "null"):
            return fill(alt, entity, key)
    if isinstance(t, list):
        t = next((x for x in t if x != "null"), "string")
    if t == "object" or "properties" in schema:
        props = schema.get("properties") or {}
        required = schema.get("required") or list(props)
        return {k: fill(props[k], entity, k) for k in required if k in props}
    if t == "array":
        if key and isinstance(entity.attributes.get(key), list):
            return entity.attributes[key]
        items = schema.get("items") or {}
        return [fill(items, entity, key)] if items.get("type") == "object" or "properties" in items else []
    if t in ("integer", "number"):
        return schema.get("minimum", 0)
    if t == "boolean":
        return False
    if _NAME_KEYS.match(key or "") or not key:
        return entity.id
    if "type" in key.lower():
        return entity.kind
    return content_text(entity).strip()


def assumed(scenario: Scenario, interps: dict[str, ToolInterpretation]) -> list[Entity]:
    """What must exist before the first call: the preconditions, and the entities a read, list or search
    revealed (the mock showed them, so the scenario takes them to exist already)."""
    out = list(scenario.state.preconditions)
    seen = {(e.kind, e.id) for e in out}
    for e in scenario.state.entities:
        if e.created_by is None or e.created_by >= len(scenario.calls) or (e.kind, e.id) in seen:
            continue
        it = interps.get(scenario.calls[e.created_by].tool)
        if it is not None and it.action.value in _REVEALING:
            out.append(Entity(kind=e.kind, id=e.id, attributes=e.attributes))
            seen.add((e.kind, e.id))
    return out


def plan(scenario: Scenario, tools: dict[str, Tool], interps: dict[str, ToolInterpretation]) -> list[Step]:
    """The calls that establish every precondition of `scenario`, containers (directories) first."""
    shared: dict[str, Any] = dict(scenario.state.context)
    for call in scenario.calls:
        for k, v in call.arguments.items():
            shared.setdefault(k, v)
    steps = []
    for entity in sorted(assumed(scenario, interps), key=lambda e: _KIND_ORDER.get(e.kind, 1)):
        name = creator(entity.kind, tools, interps)
        if name is None:
            steps.append(Step(entity, None, {}, f"no tool in the suite creates a {entity.kind}"))
            continue
        steps.append(Step(entity, name, _arguments(tools[name], interps[name], entity, shared)))
    return steps


def _arguments(tool: Tool, interp: ToolInterpretation, entity: Entity, shared: dict[str, Any]) -> dict[str, Any]:
    props = tool.input_schema.get("properties") or {}
    required = set(tool.input_schema.get("required") or ())
    out: dict[str, Any] = {}
    named = False  # only the first parameter naming the new thing gets its id (not a base branch after it)
    for p in interp.parameters:
        schema = props.get(p.name) or {}
        role = p.role.value
        if role in ("identifier", "target") and (p.entity in (entity.kind, None) or p.name in ("path", "name")):
            if named and p.name not in required:
                continue
            out[p.name] = entity.id if schema.get("type") != "array" else [entity.id]
            named = True
        elif role == "context" and p.name in shared:
            out[p.name] = shared[p.name]
        elif role == "content":
            out[p.name] = content_text(entity) if schema.get("type") == "string" else fill(schema, entity, p.name)
        elif p.name in required:
            out[p.name] = shared[p.name] if p.name in shared else fill(schema, entity, p.name)
    return out

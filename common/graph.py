"""ToolGraph: which tool's output can feed which tool's input (data flow), across every loaded spec.

An edge A -> B means an output of A (a field of its outputSchema, or, without one, the entity its
action creates, lists, searches or reads) names an entity of the kind one of B's identifier or
target parameters expects. Edge data `feeds` lists each such link:
`{"param": "path", "entity": "file", "field": "files[].path" | None}`.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from typing import Any

import networkx as nx

from common.schemautil import deref
from common.taxonomy import PARAM_ENTITY, same_kind, singular, tokens
from schemas import Action, ParameterRole, ToolInterpretation, ToolSuite

_FEEDING_ROLES = (ParameterRole.identifier, ParameterRole.target)
# Producers per (tool, parameter), best first; bounds the graph of a 1,000-tool spec.
MAX_PRODUCERS = 40
_ACTION_RANK = {Action.create: 0, Action.list: 1, Action.search: 2, Action.read: 3, Action.analyze: 4}
_VAGUE = {"resource", "value"}
_ID_ENDINGS = ("id", "name", "path", "hash", "sha", "key", "uuid", "url", "ref", "number")

_ID_FIELDS = {"id", "key", "name", "path", "sha", "hash", "uuid", "uid", "url", "number", "ref", "ts"}


def output_fields(schema: dict[str, Any], owner: str) -> list[tuple[str, str]]:
    """(field path, entity kind) for identifier-like fields of an output schema: `branches[].name` -> branch."""
    out: list[tuple[str, str]] = []
    _walk_fields(schema, schema, owner, "", 0, out)
    return out


def _walk_fields(schema: Any, root: dict[str, Any], owner: str, prefix: str, depth: int,
                 out: list[tuple[str, str]]) -> None:
    schema = deref(schema, root)
    if depth > 4:
        return
    for name, sub in (schema.get("properties") or {}).items():
        sub = deref(sub, root)
        path = f"{prefix}.{name}" if prefix else name
        toks = [singular(t) for t in tokens(name)]
        kind = next((PARAM_ENTITY[t] for t in toks if t in PARAM_ENTITY and t not in _ID_FIELDS), None)
        if toks and toks[-1] in _ID_FIELDS:
            out.append((path, kind or ("file" if toks[-1] == "path" else owner)))
        elif kind and sub.get("type") in ("string", "array", "object"):
            out.append((path, kind))
        if sub.get("type") == "array" and isinstance(sub.get("items"), dict):
            _walk_fields(sub["items"], root, kind or owner, path + "[]", depth + 1, out)
        elif sub.get("type") == "object":
            _walk_fields(sub, root, kind or owner, path, depth + 1, out)


@dataclass(frozen=True)
class Producer:
    tool: str
    spec: str
    kind: str
    field: str | None
    rank: int


class ToolGraph:
    """A networkx DiGraph of data flow between tools; nodes carry `action`, `entity`, `spec`."""

    def __init__(self, graph: nx.DiGraph):
        self._g = graph

    @property
    def nx(self) -> nx.DiGraph:
        return self._g

    @classmethod
    def build(cls, suite: ToolSuite, interpretations: dict[str, ToolInterpretation]) -> "ToolGraph":
        g = nx.DiGraph()
        by_kind: dict[str, list[Producer]] = defaultdict(list)
        for tool in suite.tools:
            it = interpretations.get(tool.name)
            if it is None:
                continue
            g.add_node(tool.name, action=it.action.value, entity=it.entity, spec=tool.spec)
            seen: set[str] = set()
            fields = output_fields(tool.output_schema, it.entity) if tool.output_schema else []
            # An identifier leaf (`branches[].name`) says more than the container holding it (`branches`).
            fields.sort(key=lambda f: not f[0].rsplit(".", 1)[-1].lower().endswith(_ID_ENDINGS))
            rank = _ACTION_RANK.get(it.action, 5)
            for path, kind in fields:
                if kind not in seen and kind not in _VAGUE:
                    seen.add(kind)
                    by_kind[kind].append(Producer(tool.name, tool.spec, kind, path, rank))
            for kind in it.produces:
                if kind not in seen and kind not in _VAGUE:
                    seen.add(kind)
                    by_kind[kind].append(Producer(tool.name, tool.spec, kind, None, rank))
        kinds = sorted(by_kind)
        for tool in suite.tools:
            it = interpretations.get(tool.name)
            if it is None:
                continue
            for p in it.parameters:
                if p.role not in _FEEDING_ROLES or not p.entity or p.entity in _VAGUE:
                    continue
                cands = [pr for k in kinds if same_kind(k, p.entity) for pr in by_kind[k] if pr.tool != tool.name]
                cands.sort(key=lambda pr: (pr.spec != tool.spec, pr.kind != p.entity, pr.rank, pr.field is None))
                for pr in cands[:MAX_PRODUCERS]:
                    feed = {"param": p.name, "entity": pr.kind, "field": pr.field}
                    if g.has_edge(pr.tool, tool.name):
                        g.edges[pr.tool, tool.name]["feeds"].append(feed)
                    else:
                        g.add_edge(pr.tool, tool.name, feeds=[feed])
        return cls(g)

    def successors(self, tool: str) -> list[str]:
        return list(self._g.successors(tool)) if tool in self._g else []

    def predecessors(self, tool: str) -> list[str]:
        return list(self._g.predecessors(tool)) if tool in self._g else []

    def feeds(self, source: str, target: str) -> list[dict[str, Any]]:
        """How `source`'s output feeds `target`'s parameters (empty when there is no edge)."""
        if not self._g.has_edge(source, target):
            return []
        return list(self._g.edges[source, target]["feeds"])

    def node(self, tool: str) -> dict[str, Any]:
        return dict(self._g.nodes[tool])

    def __contains__(self, tool: str) -> bool:
        return tool in self._g

    def __len__(self) -> int:
        return self._g.number_of_nodes()

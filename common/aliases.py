"""Compound kinds: a parameter that names a spec's `payment_dispute` by its head noun alone.

Each tool is read on its own, so `payment_dispute_id` reads as a `dispute` and `postId` of
`update_social_post` as a `post`, while the tools that return them say `payment_dispute` and
`social_post`. Nothing in the spec produces a plain `dispute`, so without this pass the two
never meet: no data flows from the lookup into the call that needs its ID. Once every tool of a
spec is read, a parameter kind that nothing produces takes the one produced compound kind ending
in it that its own name or its tool's name spells out.

The same pass finds a spec's plumbing: optional parameters nearly every tool takes that carry the
caller's credentials or shape the response (an API key, `fields`, `quotaUser`, `prettyPrint`, a JSONP
`callback`). They name nothing the workflow is about, so they are no identifiers that data could
flow into, and a person's request leaves them out.

And it finds creates that name a record which the rest of the spec identifies by an ID
(`create_project(name)` beside `get_project(projectId)`): there the name is what the record is called,
not what later calls take, so the create's name is content and the new record gets an ID of its own.
"""

from __future__ import annotations

import re
from collections import defaultdict

from common.graph import output_fields
from common.taxonomy import same_kind, singular, tokens
from schemas import Action, ParameterRole, ToolInterpretation, ToolSuite

_ROLES = (ParameterRole.identifier, ParameterRole.target)
_SHARED = 0.8  # of a spec's tools taking an optional parameter, for it to be the spec's plumbing


# What an HTTP API's global parameters say of themselves: they carry the caller's credentials or shape the
# response, never what the call is about. (A parameter every tool of a vector store takes, its collection,
# says otherwise, and stays.)
_TRANSPORT = re.compile(r"\bapi[ _-]?key\b|\btoken\b|\boauth|\bjsonp\b|error format|format for (?:the )?response|"
                        r"response format|partial response|indentation|\bquota|upload protocol|subscription key|"
                        r"\bsignature\b|developer id", re.I)


def plumbing(suite: ToolSuite, its: dict[str, ToolInterpretation]) -> dict[str, frozenset[str]]:
    """Per spec of five tools or more, the optional parameters at least 80% of its tools take that carry
    credentials or shape the response (an API key, a field mask, a quota user, pretty printing)."""
    sizes: dict[str, int] = defaultdict(int)
    seen: dict[str, dict[str, int]] = defaultdict(lambda: defaultdict(int))
    for tool in suite.tools:
        sizes[tool.spec] += 1
        it = its.get(tool.name)
        for p in it.parameters if it is not None else ():
            if not p.required and (p.role is ParameterRole.credential
                                   or _TRANSPORT.search(f"{p.name} {p.description}")):
                seen[tool.spec][p.name] += 1
    return {spec: frozenset(n for n, k in names.items() if k >= _SHARED * sizes[spec])
            for spec, names in seen.items() if sizes[spec] >= 5}


def _produced(suite: ToolSuite, its: dict[str, ToolInterpretation]) -> dict[str, set[str]]:
    """Per spec, the entity kinds some tool's output holds."""
    out: dict[str, set[str]] = defaultdict(set)
    for tool in suite.tools:
        it = its.get(tool.name)
        if it is None:
            continue
        out[tool.spec].update(it.produces)
        if tool.output_schema:
            out[tool.spec].update(kind for _, kind in output_fields(tool.output_schema, it.entity))
    return out


def _compound(kind: str, param: str, tool: str, produced: set[str]) -> str | None:
    """The produced `<modifier>_<kind>` the parameter means, when its own words or its tool's name say which."""
    cands = sorted(k for k in produced if k.endswith("_" + kind) and k.split("_")[0] != kind)
    if not cands:
        return None
    # `payment_dispute_id`: the parameter's words before the kind spell the compound out.
    words = [singular(t) for t in tokens(param)]
    if kind in words:
        spelled = "_".join(words[:words.index(kind) + 1])
        # the longest that fits: `cis_line_item` over `line_item`
        for k in sorted(cands, key=len, reverse=True):
            if spelled == k or spelled.endswith("_" + k):
                return k
    # `postId` of `update_social_post`: the tool's name holds the modifier of exactly one of them.
    named = {singular(t) for t in tokens(tool)}
    hits = [k for k in cands if set(k.split("_")[:-1]) <= named]
    return hits[0] if len(hits) == 1 else None


def align_kinds(suite: ToolSuite, its: dict[str, ToolInterpretation]) -> dict[str, ToolInterpretation]:
    """Interpretations whose parameters name a compound kind where only its head noun was read."""
    produced = _produced(suite, its)
    out = dict(its)
    for tool in suite.tools:
        it = its.get(tool.name)
        if it is None:
            continue
        kinds = produced[tool.spec]
        params = []
        for p in it.parameters:
            if p.role in _ROLES and p.entity and p.entity not in kinds:
                if (k := _compound(p.entity, p.name, tool.name, kinds)) is not None:
                    p = p.model_copy(update={"entity": k})
            params.append(p)
        if params != it.parameters:
            out[tool.name] = it.model_copy(update={"parameters": params})
    out = _names_are_content(suite, out)
    shared = plumbing(suite, out)
    for tool in suite.tools:
        it = out.get(tool.name)
        names = shared.get(tool.spec, frozenset())
        if it is not None and any(p.name in names and p.entity for p in it.parameters):
            out[tool.name] = it.model_copy(update={"parameters": [
                p.model_copy(update={"role": ParameterRole.option, "entity": None}) if p.name in names else p
                for p in it.parameters]})
    return out


_NAMING = frozenset({"name", "title", "label", "display"})
_KEYED = (Action.read, Action.update, Action.delete)


def _names_are_content(suite: ToolSuite, its: dict[str, ToolInterpretation]) -> dict[str, ToolInterpretation]:
    """Creates whose own-kind identifiers are all names, where every other tool of the spec that takes that
    kind takes it by an ID (none by a name): their names become content."""
    by_spec: dict[str, list[ToolInterpretation]] = defaultdict(list)
    for tool in suite.tools:
        if tool.name in its:
            by_spec[tool.spec].append(its[tool.name])
    out = dict(its)
    for group in by_spec.values():
        for it in group:
            own = [p for p in it.parameters if p.role is ParameterRole.identifier and p.entity
                   and same_kind(p.entity, it.entity)]
            if it.action is not Action.create or not own or not all(set(tokens(p.name)) & _NAMING for p in own):
                continue
            keys = [p.name for r in group if r.action in _KEYED for p in r.parameters
                    if p.role is ParameterRole.identifier and p.entity and same_kind(p.entity, it.entity)]
            if keys and not any(set(tokens(k)) & _NAMING for k in keys):
                out[it.tool] = it.model_copy(update={"parameters": [
                    p.model_copy(update={"role": ParameterRole.content, "entity": None}) if p in own else p
                    for p in it.parameters]})
    return out

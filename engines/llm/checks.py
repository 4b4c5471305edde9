"""Semantic checks at each stage boundary: a reply becomes an item only when nothing is wrong.

Each `build_*` turns a parsed reply into the stage's item, or returns the list of problems
("path: what is wrong") that is fed back to the model on the next attempt.
"""

from __future__ import annotations

import json
import re
from typing import Any

from common.json_values import schema_errors, text_of
from engines.llm.replies import ExpansionReply, InterpretationReply, MockReply, ScenarioReply
from schemas import (
    Call, Entity, Grounding, ParameterInterpretation, Scenario, ScenarioRequest, Tool, ToolInterpretation, ToolSuite,
    Turn, WorkflowState,
)

CALL_LIMITS = {"simple": (1, 2), "complex": (3, 8)}
_TAG = re.compile(r"^[a-z0-9]+(-[a-z0-9]+)*$")
_ID_LIKE = re.compile(r"[0-9/._@:-]")  # in free text, ids, paths and numbers are what can be quoted
_EXAMPLE = re.compile(r"\bexamples?\b[^.\n]{0,40}?[:`{\[]", re.I)  # "Example output: {...}", "examples: `...`"
_MIN_QUOTED = 3  # shorter values ("ok", "1") say nothing about grounding when quoted


def _blank(value: str) -> bool:
    return not value or not value.strip()


def build_interpretation(tool: Tool, r: InterpretationReply) -> tuple[ToolInterpretation | None, list[str]]:
    props = (tool.input_schema.get("properties") or {}).keys()
    required = list(tool.input_schema.get("required") or [])
    problems = [f"{f}: must not be empty" for f in ("functionality", "entity") if _blank(getattr(r, f))]
    names = [p.name for p in r.parameters]
    problems += [f"parameters[{i}].name: {n!r} is not a parameter of {tool.name}" for i, n in enumerate(names) if n not in props]
    problems += [f"parameters: {p!r} appears {names.count(p)} times" for p in dict.fromkeys(names) if names.count(p) > 1]
    problems += [f"parameters: {p!r} is missing" for p in props if p not in names]
    if not 1 <= len(r.use_cases) <= 4 or any(_blank(u) for u in r.use_cases):
        problems.append("use_cases: give 2 to 4 non-empty use cases")
    problems += [f"tags[{i}]: {t!r} is not a lower-case tag like version-control" for i, t in enumerate(r.tags) if not _TAG.match(t)]
    if not r.tags:
        problems.append("tags: give at least one tag")
    if problems:
        return None, problems
    params = [ParameterInterpretation(name=p.name, role=p.role, entity=p.entity, required=p.name in required,
                                      description=p.description) for p in r.parameters]
    return ToolInterpretation(
        tool=tool.name, functionality=r.functionality.strip(), action=r.action, entity=r.entity.strip().lower(),
        parameters=params, required_parameters=required, use_cases=r.use_cases, tags=r.tags,
        produces=[p.strip().lower() for p in r.produces if p.strip()],
    ), []


def required_focus(request: ScenarioRequest) -> list[str]:
    """The focus tools a scenario must use (no more than its complexity allows calls)."""
    return list(request.focus_tools[: CALL_LIMITS[request.complexity][1]])


def build_scenario(suite: ToolSuite, interps: dict[str, ToolInterpretation], request: ScenarioRequest,
                   r: ScenarioReply) -> tuple[Scenario | None, list[str]]:
    tools = suite.by_name()
    problems = [f"{f}: must not be empty" for f in ("title", "category", "instruction", "novelty_reason", "follow_up")
                if _blank(getattr(r, f))]
    lo, hi = CALL_LIMITS[request.complexity]
    if not lo <= len(r.calls) <= hi:
        problems.append(f"calls: a {request.complexity} scenario has {lo} to {hi} calls, not {len(r.calls)}")
    for i, c in enumerate(r.calls):
        tool = tools.get(c.tool)
        if tool is None:
            problems.append(f"calls[{i}].tool: {c.tool!r} is not a tool of this suite; use only the listed tools")
            continue
        problems += [f"calls[{i}].arguments{'.' + p if p else ''}: {m}" for p, m in schema_errors(tool.input_schema, c.arguments)]
        problems += [f"calls[{i}].sources.{a}: must name an earlier call (index below {i}) and one of its arguments"
                     for a, j in c.sources.items() if not 0 <= j < i or a not in c.arguments]
        if _blank(c.explanation):
            problems.append(f"calls[{i}].explanation: must not be empty")
    used = [c.tool for c in r.calls]
    problems += [f"calls: the scenario must call {t}" for t in required_focus(request) if t not in used]
    if request.complexity == "complex" and r.calls:
        if len(set(used)) < 2:
            problems.append("calls: a complex scenario uses at least 2 different tools")
        actions = {interps[t].action for t in used if t in interps}
        if len(actions) < 2 and all(t in interps for t in used):
            problems.append("calls: a complex scenario combines at least 2 kinds of operation (e.g. read and update)")
    if problems:
        return None, problems
    calls = [Call(tool=c.tool, arguments=c.arguments, explanation=c.explanation.strip(), sources=c.sources) for c in r.calls]
    specs = sorted({tools[c.tool].spec for c in calls if tools[c.tool].spec})
    return Scenario(
        id=request.id, title=r.title.strip(), complexity=request.complexity, category=r.category.strip(),
        instruction=r.instruction.strip(), novelty_reason=r.novelty_reason.strip(), follow_up=r.follow_up.strip(),
        calls=calls, specs=specs, seed=request.seed, meta={"engine": "llm"},
    ), []


def grounding(suite: ToolSuite, tool: Tool) -> Grounding:
    """high: the tool has an outputSchema or an example; medium: a tool of the same spec has one; low: neither."""
    def grounded(t: Tool) -> bool:
        return t.output_schema is not None or _EXAMPLE.search(t.description) is not None

    if grounded(tool):
        return Grounding.high
    if any(grounded(t) for t in suite.tools if t.spec == tool.spec and t.name != tool.name):
        return Grounding.medium
    return Grounding.low


def build_mock(suite: ToolSuite, interps: dict[str, ToolInterpretation], scenario: Scenario,
               r: MockReply) -> tuple[Scenario | None, list[str]]:
    tools = suite.by_name()
    n = len(scenario.calls)
    problems: list[str] = []
    indices = [o.index for o in r.outputs]
    if sorted(indices) != list(range(n)):
        problems.append(f"outputs: give exactly one output for each call index 0..{n - 1}, got {indices}")
    by_index = {o.index: o for o in r.outputs if 0 <= o.index < n}
    outputs: dict[int, Any] = {}
    for i, o in by_index.items():
        tool = tools[scenario.calls[i].tool]
        if tool.output_schema is not None and not o.is_error:
            if not isinstance(o.output, dict):
                problems.append(f"outputs[{i}].output: {tool.name} has an outputSchema, so the output is an object")
                continue
            problems += [f"outputs[{i}].output{'.' + p if p else ''}: {m}" for p, m in schema_errors(tool.output_schema, o.output)]
            outputs[i] = o.output
        else:  # text results: keep structured replies as JSON text
            outputs[i] = o.output if isinstance(o.output, str) else json.dumps(o.output, ensure_ascii=False)
    for k, e in enumerate(r.entities):
        if e.created_by is None or e.created_by not in outputs:
            problems.append(f"entities[{k}].created_by: must be the index of the call whose output shows {e.id!r}")
        elif e.id not in text_of(outputs[e.created_by]):
            problems.append(f"entities[{k}].id: {e.id!r} does not appear in the output of call {e.created_by}")
    known = [e.id for e in r.preconditions] + [e.name for e in r.preconditions if e.name]
    for i, call in enumerate(scenario.calls):
        interp = interps.get(call.tool)
        roles = {p.name: p.role.value for p in interp.parameters} if interp else {}
        earlier = [text_of(outputs.get(j)) + "\n" + text_of(scenario.calls[j].arguments) for j in range(i)]
        seen = "\n".join(earlier + known)
        for name, value in call.arguments.items():
            if roles.get(name) == "identifier" and isinstance(value, str) and value not in seen:
                problems.append(f"calls[{i}].arguments.{name}: {value!r} is neither in an earlier call or output nor "
                                "a precondition; list it as a precondition or let an earlier output contain it")
    if problems:
        return None, problems
    calls = [c.model_copy(update={"output": outputs[i], "grounding": grounding(suite, tools[c.tool]),
                                  "is_error": by_index[i].is_error}) for i, c in enumerate(scenario.calls)]
    state = WorkflowState(
        preconditions=[Entity(kind=e.kind, id=e.id, name=e.name) for e in r.preconditions],
        entities=[Entity(kind=e.kind, id=e.id, name=e.name, created_by=e.created_by) for e in r.entities],
        context=scenario.state.context,
    )
    return scenario.model_copy(update={"calls": calls, "state": state}), []


def build_expansion(scenario: Scenario, r: ExpansionReply) -> tuple[Scenario | None, list[str]]:
    n = len(scenario.calls)
    problems: list[str] = []
    if len(r.turns) < 2:
        problems.append("turns: split the dialogue into at least 2 turns")
    flat = [i for t in r.turns for i in t.calls]
    if flat != list(range(n)):
        problems.append(f"turns: the calls of all turns together must be 0..{n - 1} exactly once in order, got {flat}")
    problems += [f"turns[{k}].calls: a turn needs at least one call" for k, t in enumerate(r.turns) if not t.calls]
    problems += [f"turns[{k}].user: must not be empty" for k, t in enumerate(r.turns) if _blank(t.user)]
    done: list[int] = []
    for k, t in enumerate(r.turns):
        if k > 0 and done:
            values = _quotable([scenario.calls[i].output for i in done if 0 <= i < n])
            if values and not any(v in t.user for v in values):
                sample = ", ".join(repr(v) for v in sorted(values, key=len)[:3])
                problems.append(f"turns[{k}].user: refer to a concrete value from earlier outputs (e.g. {sample})")
        done += t.calls
    if problems:
        return None, problems
    return scenario.model_copy(update={"turns": [Turn(user=t.user.strip(), calls=t.calls) for t in r.turns]}), []


def _quotable(outputs: list[Any]) -> set[str]:
    """Values a user could quote from outputs: strings and numbers of some length, not keys or long text."""
    out: set[str] = set()

    def walk(v: Any) -> None:
        if isinstance(v, str):
            if _MIN_QUOTED <= len(v) <= 80:
                out.add(v)
        elif isinstance(v, (int, float)) and not isinstance(v, bool):
            if len(str(v)) >= _MIN_QUOTED:
                out.add(str(v))
        elif isinstance(v, list):
            for x in v:
                walk(x)
        elif isinstance(v, dict):
            for x in v.values():
                walk(x)

    for o in outputs:
        if isinstance(o, str):
            try:
                o = json.loads(o)
            except ValueError:
                words = (w.strip(".,;:()[]\"'") for w in o.split())
                out.update(w for w in words if len(w) >= _MIN_QUOTED and _ID_LIKE.search(w))
                continue
        walk(o)
    return out

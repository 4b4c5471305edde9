"""Deterministic fault injection for the `faulty:KIND[,KIND...]` reference agent.

The plan starts as the oracle: every turn's calls in order. Each KIND, in the order given, picks
one oracle call with `random.Random(f"{seed}:{scenario_id}:{kind}")` uniformly among the calls it
can apply to and that no earlier KIND picked (a swap also needs the next call unpicked), then:

- wrong_tool: the call goes to another tool of the suite (uniform choice, same rng); arguments kept.
- hallucinated_tool: the call goes to `<tool>_v2` (more `_v2` while that name exists).
- missing_required_argument: one required argument present in the call is dropped (uniform choice).
- wrong_value: one scalar argument gets another value of the same type: another enum member, a
  string with `-altered` appended, a number plus one (minus one at a maximum), a flipped boolean.
- wrong_type: one argument gets a value of another type: string -> 12345, number -> its string,
  boolean -> "true"/"false", array or object -> its JSON text.
- bad_format: the arguments are sent as JSON text with its last character cut (not parseable).
- swapped_order: the call and the next call of the same turn change places.
- extra_call: the call is repeated right after itself (an unnecessary call).
- skipped_call: the call is left out.
A KIND with no applicable call is recorded with `applied: false`. Every fault is in the transcript.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, replace
from typing import Any

from schemas import InjectedFault, Scenario, Tool

KINDS = ("wrong_tool", "hallucinated_tool", "missing_required_argument", "wrong_value", "wrong_type",
         "bad_format", "swapped_order", "extra_call", "skipped_call")


@dataclass(frozen=True)
class PlannedCall:
    tool: str
    raw_arguments: str
    oracle_index: int | None


def oracle_plan(scenario: Scenario) -> list[list[PlannedCall]]:
    turns = scenario.turns or scenario.single_turn()
    return [[PlannedCall(scenario.calls[i].tool, json.dumps(scenario.calls[i].arguments, ensure_ascii=False), i)
             for i in t.calls] for t in turns]


def _scalars(args: dict[str, Any]) -> list[str]:
    return sorted(k for k, v in args.items() if isinstance(v, (str, int, float, bool)))


def _eligible(kind: str, scenario: Scenario, tools: dict[str, Tool], turn_of: dict[int, int]) -> list[int]:
    calls = scenario.calls
    if kind == "wrong_tool":
        return list(range(len(calls))) if len(tools) > 1 else []
    if kind == "missing_required_argument":
        return [i for i, c in enumerate(calls) if c.tool in tools
                and set(tools[c.tool].input_schema.get("required") or []) & set(c.arguments)]
    if kind == "wrong_value":
        return [i for i, c in enumerate(calls) if _scalars(c.arguments)]
    if kind == "wrong_type":
        return [i for i, c in enumerate(calls) if c.arguments]
    if kind == "swapped_order":
        return [i for i in range(len(calls) - 1) if turn_of.get(i) is not None and turn_of.get(i) == turn_of.get(i + 1)]
    return list(range(len(calls)))


def _other_value(value: Any, prop: dict[str, Any]) -> Any:
    enum = prop.get("enum")
    if enum and value in enum and len(enum) > 1:
        return enum[(enum.index(value) + 1) % len(enum)]
    if isinstance(value, bool):
        return not value
    if isinstance(value, (int, float)):
        maximum = prop.get("maximum")
        return value - 1 if maximum is not None and value + 1 > maximum else value + 1
    return f"{value}-altered"


def _other_type(value: Any) -> Any:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return str(value)
    if isinstance(value, str):
        return 12345
    return json.dumps(value, ensure_ascii=False)


def inject(scenario: Scenario, tools: dict[str, Tool], kinds: list[str], seed: int
           ) -> tuple[list[list[PlannedCall]], list[InjectedFault]]:
    """The faulty plan for `scenario` and the record of what was injected where."""
    plan = oracle_plan(scenario)
    turns = scenario.turns or scenario.single_turn()
    turn_of = {i: t for t, turn in enumerate(turns) for i in turn.calls}
    picked: set[int] = set()
    faults: list[InjectedFault] = []
    edits: dict[int, PlannedCall] = {}
    structural: list[tuple[str, int]] = []
    for kind in kinds:
        rng = random.Random(f"{seed}:{scenario.id}:{kind}")
        eligible = _eligible(kind, scenario, tools, turn_of)
        pool = [i for i in eligible if i not in picked and not (kind == "swapped_order" and i + 1 in picked)]
        if not pool:
            # Never stack two faults on one call: a grader could not tell which one it saw.
            reason = "every call it could apply to already has a fault" if eligible else "no call of this scenario allows it"
            faults.append(InjectedFault(kind=kind, detail=reason, applied=False))
            continue
        i = rng.choice(pool)
        picked.update((i, i + 1) if kind == "swapped_order" else (i,))
        call = scenario.calls[i]
        current = edits.get(i, PlannedCall(call.tool, json.dumps(call.arguments, ensure_ascii=False), i))
        args = dict(call.arguments)
        props = (tools[call.tool].input_schema.get("properties") or {}) if call.tool in tools else {}
        detail = ""
        if kind == "wrong_tool":
            other = rng.choice(sorted(n for n in tools if n != call.tool))
            current, detail = replace(current, tool=other), f"{call.tool} -> {other}"
        elif kind == "hallucinated_tool":
            name = f"{call.tool}_v2"
            while name in tools:
                name += "_v2"
            current, detail = replace(current, tool=name), f"{call.tool} -> {name}"
        elif kind == "missing_required_argument":
            arg = rng.choice(sorted(set(tools[call.tool].input_schema.get("required") or []) & set(args)))
            args.pop(arg)
            current, detail = replace(current, raw_arguments=json.dumps(args, ensure_ascii=False)), f"argument {arg} dropped"
        elif kind in ("wrong_value", "wrong_type"):
            arg = rng.choice(_scalars(args) if kind == "wrong_value" else sorted(args))
            new = _other_value(args[arg], props.get(arg) or {}) if kind == "wrong_value" else _other_type(args[arg])
            detail = f"argument {arg}: {json.dumps(args[arg])} -> {json.dumps(new)}"
            args[arg] = new
            current = replace(current, raw_arguments=json.dumps(args, ensure_ascii=False))
        elif kind == "bad_format":
            current, detail = replace(current, raw_arguments=current.raw_arguments[:-1]), "arguments JSON truncated"
        else:
            structural.append((kind, i))
            detail = {"swapped_order": f"calls {i} and {i + 1} swapped", "extra_call": f"call {i} repeated",
                      "skipped_call": f"call {i} left out"}[kind]
        edits[i] = current
        faults.append(InjectedFault(kind=kind, call_index=i, turn=turn_of.get(i), detail=detail))
    plan = [[edits.get(p.oracle_index, p) for p in turn] for turn in plan]
    for kind, i in structural:
        plan = [_restructure(turn, kind, i) for turn in plan]
    return plan, faults


def _restructure(turn: list[PlannedCall], kind: str, i: int) -> list[PlannedCall]:
    pos = next((k for k, p in enumerate(turn) if p.oracle_index == i), None)
    if pos is None:
        return turn
    out = list(turn)
    if kind == "skipped_call":
        del out[pos]
    elif kind == "extra_call":
        out.insert(pos + 1, out[pos])
    elif kind == "swapped_order":
        nxt = next((k for k, p in enumerate(out) if p.oracle_index == i + 1), None)
        if nxt is not None:
            out[pos], out[nxt] = out[nxt], out[pos]
    return out

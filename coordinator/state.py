"""The WorkflowState store: every kept scenario's shared world, and the referential-integrity check.

Each scenario carries one WorkflowState (entities with the call that created or revealed them,
and preconditions). The coordinator keeps them by scenario id and refuses a scenario whose
calls claim to take a value from an earlier output (`Call.sources`) that the output does not hold.
"""

from __future__ import annotations

import json
from typing import Any, Iterator

from schemas import Failure, Scenario, WorkflowState


def _strings(value: Any) -> Iterator[str]:
    if isinstance(value, dict):
        for k, v in value.items():
            yield str(k)
            yield from _strings(v)
    elif isinstance(value, list):
        for v in value:
            yield from _strings(v)
    elif value is not None:
        yield value if isinstance(value, str) else json.dumps(value)


def value_in_output(value: Any, output: Any) -> bool:
    """True when `value` (or, for a composed value such as a path, one of the output's strings) came from `output`."""
    if value is None or output is None:
        return False
    hay = list(_strings(output))
    joined = "\n".join(hay)
    if isinstance(value, list):
        # A list argument may gather values from several earlier calls; `sources` names one of them.
        return any(value_in_output(v, output) for v in value)
    needles = list(_strings(value))
    if all(n and n in joined for n in needles):
        return True
    # Composed values: "dir/name" built from a listing that returned "name".
    return any(len(h) >= 3 and any(h in n for n in needles) for h in hay)


_UNSET = object()


def _sourced(call: Any, key: str) -> Any:
    """The value a `sources` key names (a nested one by its path, `params.layer_id`), or _UNSET."""
    try:
        return call.argument_at(key)
    except KeyError:
        return _UNSET


def integrity_failures(scenario: Scenario) -> list[Failure]:
    out = []
    for i, call in enumerate(scenario.calls):
        for arg, src in sorted(call.sources.items()):
            path = f"calls[{i}].sources.{arg}"
            if not 0 <= src < i:
                out.append(Failure(stage="coordinator", item=scenario.id, path=path,
                                   reason=f"source call {src} is not an earlier call"))
            elif (value := _sourced(call, arg)) is _UNSET:
                out.append(Failure(stage="coordinator", item=scenario.id, path=path,
                                   reason="argument named as sourced is not set"))
            elif not value_in_output(value, scenario.calls[src].output):
                out.append(Failure(stage="coordinator", item=scenario.id, path=f"calls[{i}].arguments.{arg}",
                                   reason=f"value {value!r} does not appear in the output of call {src}"))
    return out


class WorkflowStateStore:
    """Workflow states of the admitted scenarios, by id: a scenario is admitted when its data flow holds."""

    def __init__(self) -> None:
        self._states: dict[str, WorkflowState] = {}

    def admit(self, scenario: Scenario) -> list[Failure]:
        """Record the scenario's state if its data flow holds; otherwise return why it is rejected."""
        failures = integrity_failures(scenario)
        if not failures:
            self._states[scenario.id] = scenario.state
        return failures

    def __contains__(self, scenario_id: str) -> bool:
        return scenario_id in self._states

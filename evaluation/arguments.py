"""The arguments dimension for one agent call matched to an oracle call of the same tool.

Six sub-dimensions, each 0-1 (E = the oracle's arguments, A = the agent's, P = the parameters the
tool's inputSchema declares, R = its required parameters):

- completeness: share of the parameters in E or R that the agent supplied;
- name: share of the agent's parameter names that exist (are in P, or in E when the schema
  declares no properties);
- value: share of the parameters in both E and A whose values are equivalent
  (`evaluation.equivalence.equivalent`), a value that the oracle took from an earlier output
  counting as right when the agent took it from one of *its own* earlier outputs;
- type: share of the agent's known parameters whose value has the declared JSON type;
- format: share of the agent's known parameters whose spelling is acceptable
  (`evaluation.equivalence.format_ok`);
- relevancy: share of the agent's parameters that belong in this call: the oracle supplied
  them too, or the agent passed the schema's default.

Cascading penalties (the paper's): a wrong parameter name or a missing required parameter zeroes
value, type and format; otherwise a wrong value zeroes type, format and relevancy. All for this
call only.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from evaluation.equivalence import equivalent, format_ok, type_ok

ARGUMENT_SUBDIMENSIONS = ("completeness", "name", "value", "type", "format", "relevancy")


@dataclass(frozen=True)
class ArgumentScore:
    completeness: float
    name: float
    value: float
    type: float
    format: float
    relevancy: float
    missing_required: tuple[str, ...] = ()
    unknown_names: tuple[str, ...] = ()
    wrong_values: tuple[str, ...] = ()

    def as_dict(self) -> dict[str, float]:
        return {k: getattr(self, k) for k in ARGUMENT_SUBDIMENSIONS}

    @property
    def mean(self) -> float:
        return sum(self.as_dict().values()) / len(ARGUMENT_SUBDIMENSIONS)


def _share(hits: int, total: int) -> float:
    return 1.0 if total == 0 else hits / total


def score_arguments(
    expected: dict[str, Any],
    actual: dict[str, Any] | None,
    input_schema: dict[str, Any] | None,
    from_own_output: Callable[[str, Any], bool] = lambda name, value: False,
) -> ArgumentScore:
    """Score one call's arguments. `from_own_output(name, value)` says whether the agent's value for
    a parameter whose oracle value came from an earlier output was taken from its own earlier output."""
    if actual is None:  # arguments that were not a JSON object: nothing is right
        return ArgumentScore(0.0, 0.0, 0.0, 0.0, 0.0, 0.0, missing_required=tuple(expected))
    schema = input_schema or {}
    props: dict[str, Any] = schema.get("properties") or {}
    required = [r for r in schema.get("required") or [] if isinstance(r, str)]
    wanted = list(dict.fromkeys([*expected, *required]))
    known = set(props) if props else set(expected)

    completeness = _share(sum(1 for k in wanted if k in actual), len(wanted))
    unknown = tuple(k for k in actual if k not in known)
    name = _share(len(actual) - len(unknown), len(actual))
    missing_required = tuple(r for r in required if r not in actual)

    shared = [k for k in expected if k in actual]
    wrong = tuple(
        k for k in shared
        if not equivalent(expected[k], actual[k], props.get(k)) and not from_own_output(k, actual[k])
    )
    value = _share(len(shared) - len(wrong), len(shared))
    checked = [k for k in actual if k in known]
    typ = _share(sum(1 for k in checked if type_ok(actual[k], props.get(k), expected.get(k))), len(checked))
    fmt = _share(sum(1 for k in checked if format_ok(actual[k], props.get(k), expected.get(k))), len(checked))
    relevant = sum(
        1 for k in actual
        if k in expected or (k in props and "default" in props[k] and equivalent(props[k]["default"], actual[k]))
    )
    relevancy = _share(relevant, len(actual))

    if unknown or missing_required:
        value = typ = fmt = 0.0
    elif wrong:
        typ = fmt = relevancy = 0.0
    return ArgumentScore(completeness, name, value, typ, fmt, relevancy, missing_required, unknown, tuple(wrong))

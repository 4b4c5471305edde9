"""Argument handling shared by validation, the mock world and the agents.

Two calls are *equivalent* when their arguments mean the same thing: numbers compared by
value (`3`, `3.0`), path-like strings normalised (`./a//b/` == `a/b`), surrounding
whitespace ignored, and an omitted argument equal to the schema default it would get.
"""

from __future__ import annotations

import json
import math
import posixpath
import re
import sys
from functools import lru_cache
from typing import Any

import jsonschema
from jsonschema.validators import validator_for

_FORMATS = jsonschema.FormatChecker()


@lru_cache(maxsize=4096)
def _validator_for_json(schema_json: str) -> jsonschema.protocols.Validator:
    schema = json.loads(schema_json)
    cls = validator_for(schema, default=jsonschema.Draft202012Validator)
    return cls(schema, format_checker=_FORMATS)


def schema_validator(schema: dict[str, Any]) -> jsonschema.protocols.Validator:
    """A cached validator (with format checks) for `schema`, honouring its `$schema` draft."""
    return _validator_for_json(json.dumps(schema, sort_keys=True))


def schema_errors(schema: dict[str, Any], instance: Any) -> list[tuple[str, str]]:
    """Every validation error as (JSON path below the instance, message), in a stable order."""
    errors = sorted(schema_validator(schema).iter_errors(instance), key=lambda e: (list(map(str, e.path)), e.message))
    return [(".".join(str(p) for p in e.path), e.message) for e in errors]


MAX_DEPTH = 64  # deeper than any tool's input schema nests; a client sending more is fuzzing, not calling


def unusable_value(value: Any) -> str | None:
    """Why an argument value can be no real tool's input, or None: a number that no double holds (`1` and 400
    zeros, which JSON allows and every comparison here would fail on), a float that is not finite, nesting
    deeper than MAX_DEPTH, or a string holding half of a UTF-16 pair (JSON's `"\\ud800"`, which no text encodes).
    Walked without recursion, so that the walk itself cannot overflow the stack."""
    stack: list[tuple[Any, str, int]] = [(value, "", 0)]
    while stack:
        v, path, depth = stack.pop()
        where = path or "(root)"
        if depth > MAX_DEPTH:
            return f"{where}: nested deeper than {MAX_DEPTH} levels"
        if isinstance(v, str):
            if (at := _lone_surrogate(v)) is not None:
                return f"{where}: not valid Unicode (a lone surrogate \\u{ord(v[at]):04x} at character {at})"
            continue
        if isinstance(v, bool) or v is None:
            continue
        if isinstance(v, int) and abs(v) > _LARGEST:
            return f"{where}: number out of range ({len(str(abs(v)))} digits)"
        if isinstance(v, float) and not math.isfinite(v):
            return f"{where}: {v} is not a number a tool accepts"
        if isinstance(v, dict):
            stack.extend((item, f"{path}.{k}" if path else str(k), depth + 1) for k, item in v.items())
        elif isinstance(v, list):
            stack.extend((item, f"{path}.{i}" if path else str(i), depth + 1) for i, item in enumerate(v))
    return None


_LARGEST = int(sys.float_info.max)
_SURROGATE = re.compile("[\ud800-\udfff]")


def _lone_surrogate(s: str) -> int | None:
    """Where a string holds a surrogate code point (Python keeps JSON's unpaired `\\ud800` as one), or None."""
    m = _SURROGATE.search(s)
    return None if m is None else m.start()


def schema_error_text(schema: dict[str, Any], instance: Any) -> str | None:
    """One line naming every problem, or None when `instance` is valid."""
    errs = schema_errors(schema, instance)
    if not errs:
        return None
    return "; ".join(f"{p or '(root)'}: {m}" for p, m in errs)


def _looks_like_path(s: str) -> bool:
    return "/" in s and "://" not in s and " " not in s


def normalize_value(value: Any) -> Any:
    """A canonical form used only for comparison."""
    if isinstance(value, bool) or value is None:
        return value
    if isinstance(value, (int, float)):
        return float(value) if abs(value) <= _LARGEST else value  # (no double holds it: compared exactly)
    if isinstance(value, str):
        s = value.strip()
        if _looks_like_path(s):
            norm = posixpath.normpath(s)
            return "/" + norm.lstrip("/") if s.startswith("/") else norm
        return s
    if isinstance(value, list):
        return [normalize_value(v) for v in value]
    if isinstance(value, dict):
        return {k: normalize_value(v) for k, v in sorted(value.items())}
    return value


def with_defaults(arguments: dict[str, Any], input_schema: dict[str, Any]) -> dict[str, Any]:
    """Arguments with top-level schema defaults filled in for omitted keys."""
    out = dict(arguments)
    for name, prop in (input_schema.get("properties") or {}).items():
        if name not in out and isinstance(prop, dict) and "default" in prop:
            out[name] = prop["default"]
    return out


def canonical_arguments(arguments: dict[str, Any], input_schema: dict[str, Any] | None = None) -> str:
    """A key-stable string equal for equivalent argument objects."""
    args = with_defaults(arguments, input_schema) if input_schema else dict(arguments)
    return json.dumps(normalize_value(args), sort_keys=True, ensure_ascii=False)


def equivalent(a: dict[str, Any], b: dict[str, Any], input_schema: dict[str, Any] | None = None) -> bool:
    return canonical_arguments(a, input_schema) == canonical_arguments(b, input_schema)


def strings_in(value: Any) -> set[str]:
    """Every string (and stringified number) inside a JSON value, plus each line of multi-line text."""
    out: set[str] = set()

    def walk(v: Any) -> None:
        if isinstance(v, str):
            out.add(v)
        elif isinstance(v, bool) or v is None:
            return
        elif isinstance(v, (int, float)):
            out.add(str(v))
        elif isinstance(v, list):
            for x in v:
                walk(x)
        elif isinstance(v, dict):
            for k, x in v.items():
                out.add(k)
                walk(x)

    walk(value)
    return out


def leaves(value: Any) -> list[Any]:
    """Every scalar inside a JSON value (None included), in document order; iterative, so no nesting depth
    a client sends can exhaust the stack."""
    out: list[Any] = []
    stack = [value]
    while stack:
        v = stack.pop()
        if isinstance(v, dict):
            stack.extend(reversed(list(v.values())))
        elif isinstance(v, list):
            stack.extend(reversed(v))
        else:
            out.append(v)
    return out


def scalar_leaves(value: Any) -> list[Any]:
    """Every string, number and boolean inside a JSON value (for "taken from an earlier output")."""
    return [v for v in leaves(value) if v is not None]


def text_of(output: Any) -> str:
    """An output as text: strings as they are, anything else as compact JSON."""
    if isinstance(output, str):
        return output
    return json.dumps(output, ensure_ascii=False, sort_keys=True)

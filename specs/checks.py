"""Per-tool schema checks: a schema that is malformed or can never be satisfied skips its tool.

These are the defects of one tool's content (contradictory bounds, an empty enum, a regex that
does not compile...): the rest of the spec is still usable, so the tool is recorded as skipped
with the reason instead of rejecting the run. The walk only visits schema positions, never data
keywords such as `default` or `enum` values, and is written to stay fast for 10,000 tools.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any

from specs.errors import key
from specs.walk import SchemaShapeError, children

TYPES = {"object", "array", "string", "number", "integer", "boolean", "null"}
_BOUNDS = (("minLength", "maxLength"), ("minItems", "maxItems"), ("minProperties", "maxProperties"), ("minContains", "maxContains"))
_COUNTS = ("minLength", "maxLength", "minItems", "maxItems", "minProperties", "maxProperties", "minContains", "maxContains")


class ToolProblem(Exception):
    """One tool cannot be used; it is skipped and recorded with `path` and `reason`."""

    def __init__(self, path: str, reason: str) -> None:
        super().__init__(reason)
        self.path, self.reason = path, reason


MAX_JSON_DEPTH = 200  # JSON levels (about 100 schema levels): beyond it, json.dumps and recursion break


def check_depth(node: Any, path: str) -> None:
    """Raise ToolProblem when `node` nests deeper than MAX_JSON_DEPTH (checked without recursion)."""
    stack = [(node, 1)]
    while stack:
        n, d = stack.pop()
        if d > MAX_JSON_DEPTH:
            _fail(path, f"schema nested deeper than {MAX_JSON_DEPTH} JSON levels")
        if isinstance(n, dict):
            stack.extend((v, d + 1) for v in n.values() if isinstance(v, (dict, list)))
        elif isinstance(n, list):
            stack.extend((v, d + 1) for v in n if isinstance(v, (dict, list)))


@lru_cache(maxsize=4096)
def regex_error(pattern: str) -> str | None:
    """Why `pattern` does not compile (with Python's `re`, which jsonschema uses), or None."""
    try:
        re.compile(pattern)
    except (re.error, RecursionError, OverflowError) as e:
        return str(e)
    return None


def _num(v: Any) -> bool:
    return isinstance(v, (int, float)) and not isinstance(v, bool)


def _matches_type(value: Any, t: str) -> bool:
    if t == "null":
        return value is None
    if t == "boolean":
        return isinstance(value, bool)
    if t == "integer":
        return _num(value) and float(value).is_integer()
    if t == "number":
        return _num(value)
    if t == "string":
        return isinstance(value, str)
    if t == "array":
        return isinstance(value, list)
    return isinstance(value, dict)


def _fail(path: str, reason: str) -> None:
    raise ToolProblem(path, reason)


def _check_types(s: dict[str, Any], path: str) -> list[str]:
    t = s.get("type")
    types = [t] if isinstance(t, str) else t
    if t is not None and (not isinstance(types, list) or not types or any(x not in TYPES for x in types)):
        _fail(key(path, "type"), f"invalid schema: type {t!r} is not a JSON Schema type")
    return types or []


_CHECKED = frozenset(
    ("type", "enum", "const", "pattern", "patternProperties", "required", "properties", "multipleOf", "dependentRequired",
     "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "minContains", "maxContains", *_COUNTS)
)


def _check_node(s: dict[str, Any], path: str) -> None:
    if s.keys() & _CHECKED == {"type"} and isinstance(s["type"], str) and s["type"] in TYPES:
        return  # the common leaf: {"type": "string", "description": ...}
    types = _check_types(s, path)
    for k in _COUNTS:
        if k in s and not (_num(s[k]) and s[k] >= 0 and float(s[k]).is_integer()):
            _fail(key(path, k), f"invalid schema: {k} must be a non-negative integer, got {s[k]!r}")
    for lo, hi in _BOUNDS:
        if _num(s.get(lo)) and _num(s.get(hi)) and s[lo] > s[hi]:
            _fail(path, f"unsatisfiable: {lo} {s[lo]} > {hi} {s[hi]}")
    lo, hi, xlo, xhi = (s.get(k) for k in ("minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"))
    for name, v in (("minimum", lo), ("maximum", hi), ("exclusiveMinimum", xlo), ("exclusiveMaximum", xhi)):
        # a boolean exclusive bound is draft-04 style: jsonschema still copes with it
        if v is not None and not _num(v) and not (name.startswith("exclusive") and isinstance(v, bool)):
            _fail(key(path, name), f"invalid schema: {name} must be a number, got {v!r}")
    if _num(lo) and _num(hi) and lo > hi:
        _fail(path, f"unsatisfiable: minimum {lo} > maximum {hi}")
    low = max((v for v in (lo, xlo) if _num(v)), default=None)
    high = min((v for v in (hi, xhi) if _num(v)), default=None)
    if low is not None and high is not None and low == high and (_num(xlo) and xlo == low or _num(xhi) and xhi == high):
        _fail(path, f"unsatisfiable: no number lies between the exclusive bound {low} and {high}")
    if low is not None and high is not None and low > high:
        _fail(path, f"unsatisfiable: lower bound {low} > upper bound {high}")
    if "multipleOf" in s and not (_num(s["multipleOf"]) and s["multipleOf"] > 0):
        _fail(key(path, "multipleOf"), f"invalid schema: multipleOf must be > 0, got {s['multipleOf']!r}")
    if "enum" in s:
        enum = s["enum"]
        if not isinstance(enum, list):
            _fail(key(path, "enum"), f"invalid schema: enum must be an array, got {type(enum).__name__}")
        if not enum:
            _fail(key(path, "enum"), "unsatisfiable: enum is empty, no value is allowed")
        if types and not any(_matches_type(v, t) for v in enum for t in types):
            _fail(key(path, "enum"), f"unsatisfiable: no enum value has type {'/'.join(types)}")
    if "const" in s and types and not any(_matches_type(s["const"], t) for t in types):
        _fail(key(path, "const"), f"unsatisfiable: const {s['const']!r} does not have type {'/'.join(types)}")
    pattern = s.get("pattern")
    if pattern is not None:
        if not isinstance(pattern, str):
            _fail(key(path, "pattern"), f"invalid schema: pattern must be a string, got {pattern!r}")
        if (err := regex_error(pattern)) is not None:
            _fail(key(path, "pattern"), f"invalid regular expression {pattern!r}: {err}")
    for p in s.get("patternProperties") or {}:
        if (err := regex_error(p)) is not None:
            _fail(key(key(path, "patternProperties"), p), f"invalid regular expression {p!r}: {err}")
    dep = s.get("dependentRequired")
    if dep is not None and not (
        isinstance(dep, dict) and all(isinstance(v, list) and all(isinstance(x, str) for x in v) for v in dep.values())
    ):
        _fail(key(path, "dependentRequired"), "invalid schema: dependentRequired must map names to arrays of names")
    _check_required(s, path)


def _check_required(s: dict[str, Any], path: str) -> None:
    if "required" not in s:
        return
    req = s["required"]
    if isinstance(req, bool):  # a boolean `required` is draft-3 style; nothing to check
        return
    if not isinstance(req, list) or not all(isinstance(r, str) for r in req):
        _fail(key(path, "required"), "invalid schema: required must be an array of property names")
    props = s.get("properties")
    if props is not None and not isinstance(props, dict):
        _fail(key(path, "properties"), "invalid schema: properties must be an object")
    if s.get("additionalProperties") is False:
        patterns = list((s.get("patternProperties") or {}).keys())
        for r in req:
            if r not in (props or {}) and not any(re.search(p, r) for p in patterns):
                _fail(key(path, "required"), f"unsatisfiable: required property {r!r} is not defined and additionalProperties is false")


def _join(base: str, rel: str) -> str:
    if not rel:
        return base
    return base + rel if rel.startswith("[") or not base else f"{base}.{rel}"


def _path(link: Any) -> str:
    """The JSON path of a stack entry; built only when a problem is reported."""
    parts = []
    while isinstance(link, tuple):
        link, rel = link
        parts.append(rel)
    path = link
    for rel in reversed(parts):
        for part in rel:
            path = key(path, part)
    return path


def check_schema(schema: Any, path: str) -> None:
    """Raise ToolProblem at the first malformed or unsatisfiable part of `schema` (anywhere in it)."""
    stack: list[tuple[Any, Any]] = [(schema, path)]
    while stack:
        s, link = stack.pop()
        if isinstance(s, bool):
            continue
        if not isinstance(s, dict):
            _fail(_path(link), f"invalid schema: expected an object or a boolean, got {type(s).__name__}")
        try:
            _check_node(s, "")  # relative paths: the full one is only built for a problem
            stack.extend((child, (link, rel)) for rel, child in children(s))
        except ToolProblem as e:
            raise ToolProblem(_join(_path(link), e.path), e.reason) from None
        except SchemaShapeError as e:
            _fail(key(_path(link), e.keyword), f"invalid schema: {e}")

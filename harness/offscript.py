"""Outputs for calls the oracle does not have, shaped by the tool's outputSchema and the world's values.

The offline engine's single-call mocker is used when it is importable (so off-script outputs
come from the same engine as the harness); this module's schema filler is the safety net that
guarantees a structured output valid against the outputSchema whatever the engine returns.
"""

from __future__ import annotations

import hashlib
import importlib
import json
from typing import Any, Callable

from common.json_values import schema_errors
from schemas import Tool, ToolInterpretation, ToolSuite, WorkflowState

OffScriptMocker = Callable[[Tool, dict[str, Any], WorkflowState, int, int], tuple[Any, WorkflowState]]
"""(tool, arguments, state, seed, index) -> (output, updated state); output is structuredContent or text."""

_ID_KEYS = ("id", "name", "path", "key", "uri", "url", "title")


def stable_seed(*parts: object) -> int:
    """A seed derived from values (not from Python's randomised hash)."""
    digest = hashlib.sha256(json.dumps(parts, sort_keys=True, default=str).encode()).digest()
    return int.from_bytes(digest[:8], "big")


def engine_mocker(tools: list[Tool], interpretations: dict[str, ToolInterpretation]) -> OffScriptMocker | None:
    """The offline engine's single-call mocker bound to this suite, when the engine is importable."""
    try:
        offline = importlib.import_module("engines.offline")
        mock_call, interpret_tool = offline.mock_call, offline.interpret_tool
    except Exception:  # the engine is optional here: any import failure means "use the fallback"
        return None
    suite = ToolSuite(tools=tools)
    its = dict(interpretations)

    def mock(tool: Tool, arguments: dict[str, Any], state: WorkflowState, seed: int, index: int) -> tuple[Any, WorkflowState]:
        if tool.name not in its:
            its[tool.name] = interpret_tool(tool)
        out, new_state = mock_call(tool, its[tool.name], arguments, state, seed, suite, index=index)
        return out.output, new_state

    return mock


def mocker_for(tools: list[Tool], interpretations: dict[str, ToolInterpretation]) -> OffScriptMocker:
    return engine_mocker(tools, interpretations) or fallback_mocker


def fill(schema: dict[str, Any], hints: dict[str, Any], name: str = "value", depth: int = 0) -> Any:
    """A value for `schema`, taking values from `hints` by property name where the type fits."""
    if depth > 6 or not isinstance(schema, dict):
        return None
    if "const" in schema:
        return schema["const"]
    if "enum" in schema:
        hint = hints.get(name)
        return hint if hint in schema["enum"] else schema["enum"][0]
    for key in ("anyOf", "oneOf"):
        if schema.get(key):
            options = [o for o in schema[key] if isinstance(o, dict) and o.get("type") != "null"] or schema[key]
            return fill(options[0], hints, name, depth + 1)
    typ = schema.get("type")
    if isinstance(typ, list):
        typ = next((t for t in typ if t != "null"), "string")
    hint = hints.get(name)
    if typ == "object" or (typ is None and "properties" in schema):
        props = schema.get("properties") or {}
        required = schema.get("required") or []
        out: dict[str, Any] = {}
        for key, sub in props.items():
            if key in required or key in hints:
                out[key] = fill(sub, hints, key, depth + 1)
        for key in required:
            out.setdefault(key, "")
        return out
    if typ == "array":
        if isinstance(hint, list):
            return hint
        item = fill(schema.get("items") or {}, hints, name.rstrip("s"), depth + 1)
        return [] if item is None else [item]
    if typ == "string":
        if isinstance(hint, str):
            return hint
        fmt = schema.get("format")
        if fmt == "date-time":
            return "2026-01-15T09:30:00Z"
        if fmt == "date":
            return "2026-01-15"
        if fmt in ("uri", "url"):
            return f"https://example.com/{name}"
        if fmt == "email":
            return "user@example.com"
        return str(hints.get("id", name)) if name in _ID_KEYS else name
    if typ == "integer":
        return hint if isinstance(hint, int) and not isinstance(hint, bool) else int(schema.get("minimum", 1))
    if typ == "number":
        return hint if isinstance(hint, (int, float)) and not isinstance(hint, bool) else float(schema.get("minimum", 1))
    if typ == "boolean":
        return hint if isinstance(hint, bool) else True
    if typ == "null":
        return None
    return hint if hint is not None else name


def structured_output(tool: Tool, hints: dict[str, Any], candidate: Any = None) -> dict[str, Any]:
    """A structuredContent object valid against the tool's outputSchema: the candidate when valid, else filled."""
    schema = tool.output_schema or {"type": "object"}
    if isinstance(candidate, dict) and not schema_errors(schema, candidate):
        return candidate
    value = fill(schema, hints)
    if isinstance(value, dict) and not schema_errors(schema, value):
        return value
    # Structures the filler does not cover ($ref, patterns, combinators): jsf is schema-valid by construction.
    import random

    from jsf import JSF

    # jsf draws from the global `random`; seed it from the schema and restore it so the output is reproducible.
    saved = random.getstate()
    random.seed(stable_seed(schema))
    try:
        return JSF(schema).generate(use_defaults=True, use_examples=True)
    finally:
        random.setstate(saved)


def fallback_mocker(tool: Tool, arguments: dict[str, Any], state: WorkflowState, seed: int, index: int
                    ) -> tuple[Any, WorkflowState]:
    """A plain deterministic output when the engine is unavailable: echo the arguments."""
    if tool.output_schema:
        return structured_output(tool, dict(arguments)), state
    details = ", ".join(f"{k}={json.dumps(v, ensure_ascii=False)}" for k, v in sorted(arguments.items()))
    return (f"{tool.name}: done ({details})" if details else f"{tool.name}: done"), state

"""Turn raw tool entries of any format into validated `Tool`s: the checks every format shares."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any

from schemas.tool import SkippedTool, Tool
from specs.checks import ToolProblem, check_depth, check_schema
from specs.errors import SpecError, expected, key
from specs.profile import schema_features
from specs.refs import resolve_schema

_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f\u2028\u2029]")
MISSING: Any = object()


@dataclass
class RawTool:
    """One tool as found in a spec, with the JSON path of each part (for error messages)."""

    path: str
    name: Any
    name_path: str
    input_schema: Any
    input_path: str
    description: Any = None
    description_path: str = ""
    output_schema: Any = None
    output_path: str = ""
    annotations: Any = None
    title: Any = None
    resolved: bool = False  # the format loader already resolved references (OpenAPI)
    problem: ToolProblem | None = None  # found while converting (OpenAPI): the tool is skipped
    features: dict[str, int] | None = None  # keyword counts of the authored schema (when not input_schema's)


def _check_root_schema(source: str, path: str, schema: Any, what: str) -> None:
    if schema is MISSING:
        raise SpecError(source, path, f"missing {what} (MCP requires one; a tool without arguments has {{\"type\": \"object\"}})")
    if not isinstance(schema, dict):
        raise expected(source, path, '"object"', schema)
    t = schema.get("type", MISSING)
    if t is MISSING:
        raise SpecError(source, key(path, "type"), 'missing, expected "object"')
    if t != "object":
        raise SpecError(source, key(path, "type"), f'expected "object", got {json.dumps(t)}')


def _own(node: Any) -> Any:
    """A private copy: YAML aliases and shared OpenAPI parameters would otherwise make two tools
    share (and a stage that edits one schema silently change the other). Depth is already bounded."""
    if isinstance(node, dict):
        return {k: _own(v) for k, v in node.items()}
    if isinstance(node, list):
        return [_own(v) for v in node]
    return node


def _name(source: str, raw: RawTool) -> str:
    if raw.name is MISSING or raw.name is None:
        raise SpecError(source, raw.path, "missing tool name")
    if not isinstance(raw.name, str):
        raise expected(source, raw.name_path, '"string"', raw.name)
    if not raw.name.strip():
        raise SpecError(source, raw.name_path, "empty tool name")
    return raw.name


def _schema(source: str, raw: RawTool, schema: Any, path: str) -> Any:
    check_depth(schema, path)
    if not raw.resolved:
        resolved = resolve_schema(schema, source=source, path=path)
        if resolved is not schema:
            check_depth(resolved, path)  # inlining can deepen it
        schema = resolved
    check_schema(schema, path)
    return schema


def _build_one(source: str, spec: str, raw: RawTool, name: str) -> Tool:
    if raw.problem is not None:
        raise raw.problem
    _check_root_schema(source, raw.input_path, raw.input_schema, "inputSchema")
    if raw.output_schema is not None:
        _check_root_schema(source, raw.output_path, raw.output_schema, "outputSchema")
    if raw.description is not None and not isinstance(raw.description, str):
        raise expected(source, raw.description_path, '"string"', raw.description)
    if raw.annotations is not None and not isinstance(raw.annotations, dict):
        raise expected(source, key(raw.path, "annotations"), '"object"', raw.annotations)
    if raw.title is not None and not isinstance(raw.title, str):
        raise expected(source, key(raw.path, "title"), '"string"', raw.title)
    if m := _CONTROL.search(name):
        raise ToolProblem(raw.name_path, f"tool name contains the control character U+{ord(m.group()):04X}")
    try:
        input_schema = _schema(source, raw, raw.input_schema, raw.input_path)
        output_schema = None if raw.output_schema is None else _schema(source, raw, raw.output_schema, raw.output_path)
    except ToolProblem as p:
        raise ToolProblem(p.path or raw.input_path, p.reason) from None
    except RecursionError:
        raise ToolProblem(raw.input_path, "schema nested too deeply to process") from None
    return Tool(
        name=name,
        title=raw.title,
        description=raw.description or "",
        inputSchema=_own(input_schema),
        outputSchema=None if output_schema is None else _own(output_schema),
        annotations=raw.annotations,
        spec=spec,
        schema_features=raw.features if raw.features is not None else schema_features(raw.input_schema),
    )


def build_tools(source: str, spec: str, raws: list[RawTool]) -> tuple[list[Tool], list[SkippedTool]]:
    """Validate and normalise `raws`. Structural errors raise SpecError; a defective tool is skipped."""
    tools: list[Tool] = []
    skipped: list[SkippedTool] = []
    seen: dict[str, str] = {}
    for raw in raws:
        name = _name(source, raw)
        if name in seen:
            raise SpecError(source, raw.name_path, f"duplicate tool name {name!r} (first at {seen[name]})")
        seen[name] = raw.path
        try:
            tools.append(_build_one(source, spec, raw, name))
        except ToolProblem as p:
            skipped.append(SkippedTool(spec=spec, tool=name, path=p.path, reason=p.reason))
    return tools, skipped

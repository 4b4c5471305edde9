"""The schema-complexity profile of a suite (`seer inspect`): the measures the paper relates to quality."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, Field

from schemas.tool import Tool, ToolSuite
from specs.walk import SchemaShapeError, children

_SAME_LEVEL = frozenset(("anyOf", "oneOf", "allOf", "$defs", "definitions", "not", "if", "then", "else"))
FEATURES = ("enum", "anyOf", "oneOf", "allOf", "$ref", "$defs", "format", "pattern", "array", "object")


def schema_features(schema: Any, *, root: bool = True) -> dict[str, int]:
    """Count keywords in schema positions (a property *named* `pattern` is not a pattern).

    `object` counts nested object types only (the root of an inputSchema is always one);
    `root=False` counts a schema that will sit below the root (an OpenAPI parameter or body).
    """
    counts = dict.fromkeys(FEATURES, 0)
    stack = [(schema, root)]
    while stack:
        s, is_root = stack.pop()
        if not isinstance(s, dict):
            continue
        for k in ("enum", "anyOf", "oneOf", "allOf", "$ref", "$defs", "format", "pattern"):
            if k in s:
                counts[k] += 1
        t = s.get("type")
        types = t if isinstance(t, list) else [t]
        counts["array"] += "array" in types
        counts["object"] += "object" in types and not is_root
        try:
            stack.extend((c, False) for _, c in children(s))
        except SchemaShapeError:
            continue
    return counts


def nesting_depth(schema: Any) -> int:
    """Levels of nested containers: flat scalar arguments = 1, an object argument of scalars = 2.

    Combinator branches (anyOf/oneOf/allOf...) stay on their level; a remaining (recursive) `$ref`
    ends the count, since it could be followed forever. Iterative: specs can nest deeply.
    """
    deepest = 0
    stack = [(schema, 0)]
    while stack:
        s, base = stack.pop()
        if not isinstance(s, dict):
            continue
        try:
            kids = list(children(s))
        except SchemaShapeError:
            continue
        t = s.get("type")
        types = t if isinstance(t, list) else [t]
        nested = [c for rel, c in kids if rel[0] not in _SAME_LEVEL]
        level = base + 1 if nested or "object" in types or "array" in types else base
        deepest = max(deepest, level)
        stack.extend((c, level) for c in nested)
        stack.extend((c, base) for rel, c in kids if rel[0] in _SAME_LEVEL)
    return deepest


class SpecProfile(BaseModel):
    """Schema-complexity profile of one spec, or of the whole suite (then `specs` holds each spec's)."""

    name: str = Field(description="Spec name, or `all` for the whole suite.")
    kind: str | None = Field(default=None, description="Format the spec was read as (mcp, openapi, functions, live).")
    tools: int = Field(description="Tools loaded (after skips).")
    params_per_tool: float = Field(description="Mean number of top-level inputSchema properties per tool.")
    optional_ratio: float = Field(description="Share of top-level properties that are not in `required`.")
    max_depth: int = Field(description="Deepest nesting of objects/arrays in any inputSchema (flat arguments = 1).")
    features: dict[str, int] = Field(description="Keyword counts in the inputSchemas as authored (before $ref resolution).")
    with_output_schema: int = Field(description="Tools that declare an outputSchema.")
    with_annotations: int = Field(description="Tools that carry MCP annotations.")
    skipped: int = Field(default=0, description="Tools left out at load time (see the suite's `skipped`).")
    specs: list[SpecProfile] = Field(default_factory=list, description="Per-spec profiles (suite level only).")


def _profile(name: str, kind: str | None, tools: list[Tool], skipped: int) -> SpecProfile:
    params = optional = depth = 0
    features = dict.fromkeys(FEATURES, 0)
    for t in tools:
        props = t.input_schema.get("properties") or {}
        required = set(t.input_schema.get("required") or [])
        params += len(props)
        optional += sum(1 for p in props if p not in required)
        depth = max(depth, nesting_depth(t.input_schema))
        for k, v in (t.schema_features or schema_features(t.input_schema)).items():
            features[k] = features.get(k, 0) + v
    return SpecProfile(
        name=name,
        kind=kind,
        tools=len(tools),
        params_per_tool=params / len(tools) if tools else 0.0,
        optional_ratio=optional / params if params else 0.0,
        max_depth=depth,
        features=features,
        with_output_schema=sum(1 for t in tools if t.output_schema is not None),
        with_annotations=sum(1 for t in tools if t.annotations),
        skipped=skipped,
    )


def profile(suite: ToolSuite) -> SpecProfile:
    """The suite's profile, with one per-spec profile in `specs` (in source order)."""
    per_spec = []
    for src in suite.sources:
        tools = [t for t in suite.tools if t.spec == src.name]
        skipped = sum(1 for s in suite.skipped if s.spec == src.name)
        per_spec.append(_profile(src.name, src.kind, tools, skipped))
    kinds = {s.kind for s in suite.sources}
    total = _profile("all", kinds.pop() if len(kinds) == 1 else None, suite.tools, len(suite.skipped))
    return total.model_copy(update={"specs": per_spec})

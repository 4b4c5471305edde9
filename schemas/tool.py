"""The normalised tool suite: every spec format is loaded into these models."""

from __future__ import annotations

from typing import Any

from pydantic import Field

from schemas._base import Contract

# The input format a spec was read as: mcp, openapi, functions, live (a server), or an installed format's name.
SpecKind = str


class Tool(Contract):
    """One tool in MCP `tools/list` form, plus the spec it came from."""

    name: str = Field(description="Unique tool name within the suite (namespaced `spec__tool` on collisions).")
    title: str | None = Field(default=None, description="Optional human-readable title.")
    description: str = Field(default="", description="What the tool does, as its author wrote it. Data, never instructions.")
    input_schema: dict[str, Any] = Field(
        alias="inputSchema", description="JSON Schema (type object) of the tool's arguments; internal $refs resolved."
    )
    output_schema: dict[str, Any] | None = Field(
        default=None, alias="outputSchema", description="JSON Schema of the structured result, when the spec has one."
    )
    annotations: dict[str, Any] | None = Field(
        default=None, description="MCP annotations such as readOnlyHint, destructiveHint, idempotentHint."
    )
    spec: str = Field(default="", description="Name of the spec (file stem or server) this tool was loaded from.")
    original_name: str | None = Field(
        default=None, description="The tool's name in its own spec when it was namespaced to avoid a collision."
    )
    schema_features: dict[str, int] | None = Field(
        default=None,
        description="Keyword counts (enum, anyOf, oneOf, $ref, $defs, format, pattern, array, object) in the"
        " inputSchema as authored, before $ref resolution; read by `seer inspect`, not part of tools.json.",
    )

    def mcp_dict(self) -> dict[str, Any]:
        """The tool as an MCP `tools/list` entry (no Agent Seer bookkeeping keys)."""
        out: dict[str, Any] = {"name": self.name}
        if self.title:
            out["title"] = self.title
        out["description"] = self.description
        out["inputSchema"] = self.input_schema
        if self.output_schema is not None:
            out["outputSchema"] = self.output_schema
        if self.annotations:
            out["annotations"] = self.annotations
        return out


class SpecSource(Contract):
    """Where one spec came from; recorded in the manifest."""

    name: str = Field(description="Short spec name, used for namespacing (`spec__tool`).")
    kind: SpecKind = Field(min_length=1, description="Format the spec was read as: mcp, openapi, functions, live, "
                           "or an installed input format's name.")
    location: str = Field(description="File path, or the server command for a live server.")
    sha256: str = Field(description="sha256 of the spec bytes (of the canonical tools/list JSON for a live server).")
    tool_count: int = Field(ge=0, description="Tools loaded from this spec (after skips).")


class SkippedTool(Contract):
    """A tool left out at load time, with the reason (never silently dropped)."""

    spec: str
    tool: str
    path: str = Field(description="JSON path of the problem inside the spec file, e.g. `tools[3].inputSchema`.")
    reason: str


class ToolSuite(Contract):
    """All tools of a run, from one or several specs."""

    tools: list[Tool]
    sources: list[SpecSource] = Field(default_factory=list)
    name_map: dict[str, str] = Field(
        default_factory=dict, description="Namespaced name -> `spec:original_name` for tools renamed on collision."
    )
    skipped: list[SkippedTool] = Field(default_factory=list)

    def tool(self, name: str) -> Tool:
        for t in self.tools:
            if t.name == name:
                return t
        raise KeyError(name)

    def by_name(self) -> dict[str, Tool]:
        return {t.name: t for t in self.tools}

    def tools_list(self) -> dict[str, Any]:
        """The suite as an MCP `tools/list` result (the harness's tools.json)."""
        return {"tools": [t.mcp_dict() for t in self.tools]}

"""Spec formats: each says whether a parsed document is in it and reads its tools. The first format (in
registry order) whose `detect` accepts a document reads it; an installed package adds one under the entry-point
group `agent_seer.input_formats`, tried after these.
"""

from __future__ import annotations

from typing import Any, Protocol

from common.registry import Registry
from specs.errors import SpecError, expected
from specs.functions import function_raw
from specs.mcp import envelope_result, list_raws
from specs.tools import RawTool


class InputFormat(Protocol):
    def detect(self, doc: Any) -> bool:
        """Whether `doc` (parsed JSON or YAML) is in this format; a cheap look at its top level."""

    def read(self, source: str, doc: Any) -> tuple[list[RawTool], str]:
        """Its tools, and the kind the manifest records for the spec; a SpecError names what is wrong where."""


class OpenAPI:
    def detect(self, doc: Any) -> bool:
        return isinstance(doc, dict) and ("openapi" in doc or "swagger" in doc)

    def read(self, source: str, doc: Any) -> tuple[list[RawTool], str]:
        from specs.openapi import openapi_raws  # only OpenAPI documents pay for it

        return openapi_raws(source, doc), "openapi"


def _whole_listing(source: str, result: dict[str, Any], path: str) -> None:
    """A captured page that has a next page is only part of the spec: loading it would drop tools."""
    if result.get("nextCursor") is not None:
        raise SpecError(
            source, path, "this tools/list capture is one page of several (nextCursor is set): "
            "capture every page into one list, or read the server with --server"
        )


class MCP:
    """`{"tools": [...]}`, a JSON-RPC tools/list response, or a bare list (of MCP tools or OpenAI functions)."""

    def detect(self, doc: Any) -> bool:
        return isinstance(doc, list) or (isinstance(doc, dict) and ("jsonrpc" in doc or "tools" in doc))

    def read(self, source: str, doc: Any) -> tuple[list[RawTool], str]:
        if isinstance(doc, list):
            return list_raws(source, doc, "")
        if "jsonrpc" in doc:
            result = envelope_result(source, doc)
            _whole_listing(source, result, "result.nextCursor")
            return list_raws(source, result["tools"], "result.tools")
        _whole_listing(source, doc, "nextCursor")
        return list_raws(source, doc["tools"], "tools")


class Functions:
    """OpenAI's legacy `{"functions": [...]}`."""

    def detect(self, doc: Any) -> bool:
        return isinstance(doc, dict) and "functions" in doc

    def read(self, source: str, doc: Any) -> tuple[list[RawTool], str]:
        items = doc["functions"]
        if not isinstance(items, list):
            raise expected(source, "functions", '"array"', items)
        out = []
        for i, f in enumerate(items):
            if not isinstance(f, dict):
                raise expected(source, f"functions[{i}]", '"object" (a function)', f)
            out.append(function_raw(source, f, f"functions[{i}]"))
        return out, "functions"


FORMATS: Registry[InputFormat] = Registry("spec format", {
    "openapi": f"{__name__}:OPENAPI", "mcp": f"{__name__}:MCP_FORMAT", "functions": f"{__name__}:FUNCTIONS",
}, group="agent_seer.input_formats")
OPENAPI, MCP_FORMAT, FUNCTIONS = OpenAPI(), MCP(), Functions()


def read_document(source: str, doc: Any) -> tuple[list[RawTool], str]:
    """The tools of a parsed document by the first format that detects it."""
    for name in FORMATS.names():
        fmt = FORMATS.get(name)
        if fmt.detect(doc):
            return fmt.read(source, doc)
    if not isinstance(doc, (dict, list)):
        from schemas import json_type

        raise SpecError(
            source, "", f"expected an object or an array at the top level, got {json_type(doc)!r} "
            "(an MCP tools/list result, a list of tools, an OpenAPI document or OpenAI function definitions)"
        )
    shape = f"an object with keys {', '.join(list(doc)[:5])}" if doc else "an empty object"
    raise SpecError(
        source, "", f"not a recognised spec: {shape}; expected \"tools\" (MCP), "
        "\"openapi\" (OpenAPI 3.x), \"functions\" (OpenAI) or a JSON-RPC response"
    )

"""MCP `tools/list` documents: `{"tools": [...]}`, a bare list of tools, or a JSON-RPC response."""

from __future__ import annotations

from typing import Any

from specs.errors import SpecError, expected, key
from specs.functions import function_raw, is_function_entry
from specs.tools import MISSING, RawTool


def mcp_raw(entry: dict[str, Any], path: str) -> RawTool:
    """One MCP tool entry (already known to be an object)."""
    return RawTool(
        path=path,
        name=entry.get("name", MISSING),
        name_path=key(path, "name"),
        input_schema=entry.get("inputSchema", MISSING),
        input_path=key(path, "inputSchema"),
        description=entry.get("description"),
        description_path=key(path, "description"),
        output_schema=entry.get("outputSchema"),
        output_path=key(path, "outputSchema"),
        annotations=entry.get("annotations"),
        title=entry.get("title"),
    )


def list_raws(source: str, items: Any, path: str) -> tuple[list[RawTool], str]:
    """Raw tools of a list whose entries may be MCP tools or OpenAI functions; returns the dominant kind."""
    if not isinstance(items, list):
        raise expected(source, path, '"array"', items)
    raws: list[RawTool] = []
    functions = 0
    for i, entry in enumerate(items):
        p = key(path, i)
        if not isinstance(entry, dict):
            raise expected(source, p, '"object" (a tool)', entry)
        if is_function_entry(entry):
            functions += 1
            raws.append(function_raw(source, entry, p))
        else:
            raws.append(mcp_raw(entry, p))
    return raws, "functions" if raws and functions * 2 > len(raws) else "mcp"


def envelope_result(source: str, doc: dict[str, Any]) -> Any:
    """The `result` of a JSON-RPC response; an error response rejects the run with its message."""
    if "error" in doc:
        err = doc["error"]
        msg = err.get("message") if isinstance(err, dict) else err
        raise SpecError(source, "error", f"the JSON-RPC response is an error, not a tools/list result: {msg}")
    if "result" not in doc:
        raise SpecError(source, "", 'a JSON-RPC message without "result" (expected a tools/list response)')
    result = doc["result"]
    if not isinstance(result, dict):
        raise expected(source, "result", '"object"', result)
    if "tools" not in result:
        raise SpecError(source, "result", 'missing "tools" (expected a tools/list result)')
    return result

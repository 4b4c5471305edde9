"""OpenAI function-calling schemas: `{"type": "function", "function": {...}}`, the flat form and
the legacy `{"functions": [...]}`. A function's `parameters` becomes the tool's inputSchema."""

from __future__ import annotations

from typing import Any

from specs.errors import expected, key
from specs.tools import MISSING, RawTool


def is_function_entry(entry: dict[str, Any]) -> bool:
    """Wrapped (`type: function`) or flat (`parameters`, no `inputSchema`) function definition."""
    if entry.get("type") == "function" and "function" in entry:
        return True
    return "parameters" in entry and "inputSchema" not in entry


def function_raw(source: str, entry: dict[str, Any], path: str) -> RawTool:
    """A RawTool from one function definition; paths point into the wrapped or flat form."""
    if entry.get("type") == "function" and "function" in entry:
        path = key(path, "function")
        entry = entry["function"]
        if not isinstance(entry, dict):
            raise expected(source, path, '"object"', entry)
    params = entry.get("parameters", MISSING)
    return RawTool(
        path=path,
        name=entry.get("name", MISSING),
        name_path=key(path, "name"),
        # OpenAI lets a function without arguments omit `parameters`
        input_schema={"type": "object", "properties": {}} if params is MISSING else params,
        input_path=key(path, "parameters"),
        description=entry.get("description"),
        description_path=key(path, "description"),
    )

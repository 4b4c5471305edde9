"""Shared base classes for the data contracts."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict

JSONValue = Any
"""Any JSON value (object, array, string, number, boolean or null)."""


def json_type(value: Any, *, integers: bool = False) -> str:
    """The JSON type name of a Python value: null, boolean, number, string, array or object.

    With `integers`, whole numbers (2 and 2.0 alike, as JSON Schema sees them) are "integer".
    A value JSON cannot hold (a YAML date, say) gives its Python type name.
    """
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, (int, float)):
        whole = isinstance(value, int) or value.is_integer()
        return "integer" if integers and whole else "number"
    if isinstance(value, str):
        return "string"
    if isinstance(value, list):
        return "array"
    if isinstance(value, dict):
        return "object"
    return type(value).__name__


class Contract(BaseModel):
    """A serialised artifact: tolerant of keys added by newer versions."""

    model_config = ConfigDict(extra="ignore", populate_by_name=True)

    def to_json_line(self) -> str:
        """One compact, key-stable JSON line (byte-identical for equal models)."""
        return self.model_dump_json(by_alias=True, exclude_none=False)


class StrictContract(BaseModel):
    """A contract that rejects unknown keys (configuration, LLM structured output)."""

    model_config = ConfigDict(extra="forbid", populate_by_name=True)

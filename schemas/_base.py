"""Shared base classes for the data contracts."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict

JSONValue = Any
"""Any JSON value (object, array, string, number, boolean or null)."""


class Contract(BaseModel):
    """A serialised artifact: tolerant of keys added by newer versions."""

    model_config = ConfigDict(extra="ignore", populate_by_name=True)

    def to_json_line(self) -> str:
        """One compact, key-stable JSON line (byte-identical for equal models)."""
        return self.model_dump_json(by_alias=True, exclude_none=False)


class StrictContract(BaseModel):
    """A contract that rejects unknown keys (configuration, LLM structured output)."""

    model_config = ConfigDict(extra="forbid", populate_by_name=True)

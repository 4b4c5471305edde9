"""Small helpers for the spec tests: write a spec file, expect a rejection."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest

from specs import SpecError, load_suite


def write(tmp_path: Path, name: str, content: Any) -> Path:
    """Write `content` (bytes, str, or a JSON value) to tmp_path/name."""
    path = tmp_path / name
    if isinstance(content, bytes):
        path.write_bytes(content)
    elif isinstance(content, str):
        path.write_text(content, encoding="utf-8")
    else:
        path.write_text(json.dumps(content), encoding="utf-8")
    return path


def rejected(path: Path) -> str:
    """The one-line SpecError message for `path`, shortened to the file name (fails the test when it loads)."""
    with pytest.raises(SpecError) as info:
        load_suite([path])
    message = str(info.value)
    assert "\n" not in message
    assert message.startswith(f"{path}: ")  # the file as it was given
    return message.replace(f"{path.parent}{os.sep}", "", 1)


def tool(name: str = "t", **schema: Any) -> dict[str, Any]:
    """An MCP tool whose inputSchema has the given top-level keywords (type object by default)."""
    return {"name": name, "description": f"{name} tool", "inputSchema": {"type": "object", **schema}}

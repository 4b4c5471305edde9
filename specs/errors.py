"""Spec errors and the JSON-path notation every message uses (`tools[3].inputSchema.type`)."""

from __future__ import annotations

import json
import re
from typing import Any

from schemas import json_type
from schemas.errors import SeerError

_SIMPLE_KEY = re.compile(r"^[A-Za-z_$][A-Za-z0-9_$-]*$")


class SpecError(SeerError):
    """A spec that cannot be used at all: the run is rejected. One line: `file: json.path: problem`."""

    def __init__(self, source: str, path: str, problem: str) -> None:
        self.source, self.path, self.problem = source, path, problem
        where = f"{source}: {path}: " if path else f"{source}: "
        super().__init__(one_line(where + problem))


def one_line(text: str, limit: int = 400) -> str:
    """Collapse whitespace and control characters so an error is always exactly one line."""
    text = re.sub(r"[\x00-\x1f\x7f]+", " ", text)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def key(path: str, name: str | int) -> str:
    """Extend a JSON path by an object key or an array index."""
    if isinstance(name, int):
        return f"{path}[{name}]"
    if _SIMPLE_KEY.match(name):
        return f"{path}.{name}" if path else name
    return f"{path}[{json.dumps(name, ensure_ascii=False)}]"


def expected(source: str, path: str, what: str, value: Any) -> SpecError:
    """`expected "object", got "string"`: the shape error every loader raises."""
    return SpecError(source, path, f'expected {what}, got "{json_type(value)}"')

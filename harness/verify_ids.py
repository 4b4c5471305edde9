"""Identifiers the mocks invented -> the ones the real server returned.

A mock says `Created commit 50929e3`; the real server says `... with hash 4f1c0a2e...`. A later
call that uses `50929e3` must send the real hash. A value is looked up where the mock put it:
the same JSON path in a structured output, or, in text, the token of the same shape (a hex
hash, a UUID, a number) at the same position among the tokens of that shape. A value that the
real output contains as it is needs no mapping.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Iterator

from schemas._base import JSONValue

SHAPES: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("uuid", re.compile(r"\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b", re.I)),
    ("hash", re.compile(r"\b(?=[0-9a-f]*[a-f])(?=[0-9a-f]*[0-9])[0-9a-f]{7,64}\b", re.I)),
    ("number", re.compile(r"(?<![\w.-])\d+(?![\w.])")),
)
# entity kinds whose invented ids stand for a hash on a real server even when the mock spelled them as words
HASH_KINDS = frozenset({"commit", "revision", "sha", "hash", "changeset"})


def shape_of(value: str) -> str | None:
    for name, rx in SHAPES:
        m = rx.fullmatch(value)
        if m:
            return name
    return None


def _paths(obj: JSONValue, prefix: tuple = ()) -> Iterator[tuple[tuple, JSONValue]]:
    yield prefix, obj
    if isinstance(obj, dict):
        for k, v in obj.items():
            yield from _paths(v, prefix + (k,))
    elif isinstance(obj, list):
        for i, v in enumerate(obj):
            yield from _paths(v, prefix + (i,))


def _at(obj: JSONValue, path: tuple) -> JSONValue | None:
    for step in path:
        if isinstance(step, int) and isinstance(obj, list) and step < len(obj):
            obj = obj[step]
        elif isinstance(step, str) and isinstance(obj, dict) and step in obj:
            obj = obj[step]
        else:
            return None
    return obj


def text_of(obj: JSONValue) -> str:
    """Every string and number leaf of an output, one per line (a text output is itself)."""
    if isinstance(obj, str):
        return obj
    return "\n".join(str(v) for _, v in _paths(obj) if isinstance(v, (str, int, float)) and not isinstance(v, bool))


def counterpart(value: str, mock: JSONValue, real: JSONValue, *, kind: str | None = None) -> str | None:
    """The real output's counterpart of `value`, which the mock output holds; None when none is found."""
    real_text = text_of(real)
    if re.search(rf"(?<![\w-]){re.escape(value)}(?![\w-])", real_text):
        return value
    for path, v in _paths(mock):
        if isinstance(v, (str, int)) and not isinstance(v, bool) and str(v) == value and path:
            found = _at(real, path)
            if isinstance(found, (str, int)) and not isinstance(found, bool) and str(found):
                return str(found)
            break
        if isinstance(v, str) and value in v and path:
            inner = _at(real, path)
            if isinstance(inner, str):
                got = _same_shape(value, v, inner, kind)
                if got:
                    return got
            break
    return _same_shape(value, text_of(mock), real_text, kind)


def same_shape_tokens(value: str, text: str, kind: str | None = None) -> list[str]:
    """Tokens of `text` shaped like `value` (hashes for a commit id even when the mock wrote a word)."""
    shape = shape_of(value) or ("hash" if kind in HASH_KINDS else None)
    return [m.group(0) for m in dict(SHAPES)[shape].finditer(text)] if shape else []


def _same_shape(value: str, mock_text: str, real_text: str, kind: str | None) -> str | None:
    shape = shape_of(value) or ("hash" if kind in HASH_KINDS else None)
    if shape is None:
        return None
    rx = dict(SHAPES)[shape]
    mock_tokens = [m.group(0) for m in rx.finditer(mock_text)]
    real_tokens = [m.group(0) for m in rx.finditer(real_text)]
    if not real_tokens:
        return None
    pos = mock_tokens.index(value) if value in mock_tokens else 0
    return real_tokens[min(pos, len(real_tokens) - 1)]


@dataclass
class IdMap:
    """Invented value -> real value, learned as the scenario runs."""

    known: dict[str | int, str | int] = field(default_factory=dict)

    def learn(self, value: str | int, real: str | None) -> None:
        if real is None or real == str(value):
            return
        # a number the mock invented (an issue number) stays a number when the real one is
        self.known[value] = int(real) if isinstance(value, int) and real.isdigit() else real

    def apply(self, value: Any) -> Any:
        if isinstance(value, (str, int)) and not isinstance(value, bool):
            return self.known.get(value, value)
        if isinstance(value, list):
            return [self.apply(v) for v in value]
        if isinstance(value, dict):
            return {k: self.apply(v) for k, v in value.items()}
        return value

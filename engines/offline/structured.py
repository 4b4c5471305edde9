"""Small structured arguments said in words, as a person writes them to an assistant.

A request that dictates `merchant details {"countryCode": "BR"}` or `labels ["bug", "urgent"]` reads as a form
being filled in; a person writes "merchant details (country code BR)" and "labels (bug and urgent)", and an agent
that reads the tool's schema rebuilds the same JSON from those words. Only what can be rebuilt is said this way:
a few scalars, or an object of a few fields whose values are scalars, switches or a few scalars. Anything
deeper (an object in an object, a list of objects) stays exact JSON.
"""

from __future__ import annotations

from typing import Any

from engines.offline.text import humanise, said, said_list, switch

_FEW = 4  # (beyond this many, words are no easier to read than the JSON)


def _scalar(v: Any) -> bool:
    return isinstance(v, (str, int, float)) and not isinstance(v, bool)


def _few(v: Any) -> bool:
    return isinstance(v, list) and 1 <= len(v) <= _FEW and all(map(_scalar, v))


def _field(key: str, v: Any) -> str | None:
    if isinstance(v, bool):
        return switch(key, v)
    if _scalar(v):
        return f"{humanise(key)} {said(v)}"
    if _few(v):
        return f"{humanise(key)} {said_list(v)}"
    return None


def in_words(value: Any) -> str | None:
    """`["bug"]` as "bug", `["bug", "urgent"]` as "(bug and urgent)", `{"countryCode": "BR", "strict": true}` as
    "(country code BR, with strict on)"; None where only the JSON says it exactly. Several of anything sit in
    brackets, so the "and" inside them is never read as the "and" between a call's arguments."""
    if _few(value):
        return said(value[0]) if len(value) == 1 else f"({said_list(value)})"
    if not isinstance(value, dict) or not 1 <= len(value) <= _FEW or not all(k.strip() for k in value):
        return None
    # (what a field holds before the switches, as a clause says them)
    fields = [_field(k, v) for k, v in sorted(value.items(), key=lambda kv: isinstance(kv[1], bool))]
    if any(f is None for f in fields):
        return None
    # (a field listing several, "tags a and b", is told from the next by a semicolon)
    return "(" + ("; " if any(isinstance(v, list) and len(v) > 1 for v in value.values()) else ", ").join(fields) + ")"


# Names of an argument that only wraps what it holds (`nested: {field: {…}}`, `body: {…}`): said by what it holds.
_WRAPPERS = frozenset({"nested", "data", "body", "payload", "params", "input", "request", "args", "arguments", "wrapper"})


def said_argument(name: str, value: Any) -> str:
    """An argument as a request says it: its name and its value, in words where words can say it; a wrapper of one
    field as that field ("field (id `fld_1`, name owner)", not "nested `{"field": {…}}`")."""
    if isinstance(value, dict) and len(value) == 1 and name.lower() in _WRAPPERS and next(iter(value)).strip():
        return said_argument(*next(iter(value.items())))
    words = in_words(value)
    return f"{humanise(name)} {words if words is not None else said(value)}"

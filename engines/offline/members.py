"""The things of a kind a spec names by a closed list: `getSecondOpinion(provider: openai | anthropic | deepseek …)`
says which providers there are, so `listProviders` lists those, not `pro_4b38e1bb03`; `database_create(type:
postgres | mysql | redis)` says what `database_list_types` answers with.

A parameter names the kind when its words, without a closing `name`/`id`, are the kind's words (`provider` for
`provider`), or are the kind's last word alone on a tool whose name has the kind's other words (`type` of
`database_create` for `database_type`); a parameter that only qualifies a kind (`eventType` for `event`,
`storageBillingModel` for `model`) names a field of its records, not them.
"""

from __future__ import annotations

from common.schemautil import properties
from common.taxonomy import singular, tokens
from schemas import ToolSuite

# Each closed list of a spec: (the words its parameter names, the words of its tool's name, the values).
ClosedLists = tuple[tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]], ...]
_ENDS = frozenset({"name", "id"})
_FEWEST = 3  # (two values are a switch, `asc | desc`, not a catalogue)


def _kind_words(name: str) -> tuple[str, ...]:
    words = [singular(w) for w in tokens(name)]
    while len(words) > 1 and words[-1] in _ENDS:
        words = words[:-1]
    return tuple(words)


def _closed_list(schema: object) -> tuple[str, ...]:
    if not isinstance(schema, dict):
        return ()
    items = schema.get("items")
    values = [v for v in schema.get("enum") or (items.get("enum") if isinstance(items, dict) else None) or ()
              if v is not None]
    if not all(isinstance(v, str) for v in values):
        return ()  # (numbers are levels or codes, not things)
    # ("all" is a filter's way to ask for every one, not one of them)
    out = tuple(dict.fromkeys(v for v in values if v.strip() and v.lower() not in ("all", "any")))
    return out if len(out) >= _FEWEST else ()


def enumerated(suite: ToolSuite) -> ClosedLists:
    """The spec's closed lists, in the order it gives them."""
    out = []
    for tool in suite.tools:
        props = properties(tool.input_schema)
        for name, schema in props.items():
            values = _closed_list(schema)
            if values:
                out.append((_kind_words(name), tuple(singular(w) for w in tokens(tool.name)), values))
    return tuple(out)


def members_of(kind: str, lists: ClosedLists) -> tuple[str, ...]:
    """The things of `kind` the spec's closed lists name, if one names them (see the module's docstring)."""
    words = tuple(singular(w) for w in tokens(kind))
    if not words:
        return ()
    for said, tool, values in lists:
        if said == words or (said == words[-1:] and set(words[:-1]) <= set(tool)):
            return values
    return ()

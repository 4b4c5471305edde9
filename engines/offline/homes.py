"""Where a thing is, said as a person says it: the ID of another kind of record that a call is given beside
its own (`create_run(name, projectId)`, `get_case(caseId, projectId)`) names the record's home, "in the project
716469" or "in the same project", not "with project id set to the project from the project list"."""

from __future__ import annotations

from typing import Any

from common.taxonomy import UNNAMED, singular, tokens
from schemas import ParameterRole, ToolInterpretation

# Kinds that hold others: a thing is "in" one of these, "for" anything else.
CONTAINERS = frozenset({"directory", "folder", "repository", "project", "channel", "workspace", "database", "schema",
                        "bucket", "board", "space", "document", "namespace", "organization", "team", "group"})
_ID_WORDS = frozenset({"id", "uuid", "key", "slug", "gid", "name", "number", "code", "identifier"})


def home(it: ToolInterpretation, args: dict[str, Any], name: str) -> tuple[str, str] | None:
    """The preposition and kind for parameter `name` when it names the record's home: an identifier of another
    kind than the call's own, named after that kind (`projectId`, `channel_name`), the only one of its kind
    among the arguments (two of them, a source and a target, need their names to tell them apart)."""
    param = next((p for p in it.parameters if p.name == name), None)
    if param is None or param.role is not ParameterRole.identifier or not param.entity \
            or param.entity in (it.entity, UNNAMED):
        return None
    words = tokens(name)
    if len(words) < 2 or words[-1] not in _ID_WORDS or "_".join(map(singular, words[:-1])) != param.entity:
        return None
    if sum(1 for p in it.parameters if p.name in args and p.entity == param.entity) > 1:
        return None
    return ("in" if param.entity in CONTAINERS else "for"), param.entity

"""How the mock world reads a tool: its action, the entity kind it acts on, the argument naming that entity.

The tool's interpretation decides when the harness has one; otherwise the tool's name and argument names.
"""

from __future__ import annotations

from typing import Any

from schemas import Tool, ToolInterpretation

_VERBS = {
    "read": ("get", "read", "show", "fetch", "view", "describe", "open", "download", "retrieve", "inspect", "cat"),
    "list": ("list", "search", "find", "query", "ls", "browse", "directory", "tree"),
    "create": ("create", "add", "write", "new", "put", "insert", "upload", "make", "post", "save", "store", "set"),
    "update": ("update", "edit", "modify", "patch", "rename", "move", "replace", "append"),
    "delete": ("delete", "remove", "drop", "del", "clear", "destroy", "purge", "unset"),
}
_ID_NAMES = ("path", "id", "name", "key", "uri", "url", "file", "filename", "branch", "ref", "title", "slug")


def tool_action(tool: Tool, interp: ToolInterpretation | None) -> str:
    """read | list | create | update | delete | other, from the interpretation or the tool's name."""
    if interp is not None and interp.action.value in _VERBS:
        return interp.action.value
    if interp is not None and interp.action.value == "search":
        return "list"
    words = tool.name.replace("-", "_").replace(".", "_").lower().split("_")
    for action, verbs in _VERBS.items():
        if words and words[0] in verbs:
            return action
    for action, verbs in _VERBS.items():
        if any(w in verbs for w in words):
            return action
    return "other"


def identifier_argument(tool: Tool, interp: ToolInterpretation | None, arguments: dict[str, Any]) -> str | None:
    """The argument naming the entity the call acts on, if any."""
    if interp is not None:  # trust the interpretation: a call with no identifier role names no entity
        for role in ("identifier", "target"):
            for p in interp.parameters:
                if p.role.value == role and _is_id_value(arguments.get(p.name)):
                    return p.name
        return None
    required = tool.input_schema.get("required") or []
    strings = [k for k, v in arguments.items() if isinstance(v, str)]
    for name in sorted(strings, key=lambda k: (k not in required, k)):
        low = name.lower()
        if low in _ID_NAMES or low.endswith(("_id", "id", "_name", "path", "_key")):
            return name
    return None


def _is_id_value(v: Any) -> bool:
    return isinstance(v, str) or (isinstance(v, int) and not isinstance(v, bool))


def entity_kind(tool: Tool, interp: ToolInterpretation | None) -> str:
    if interp is not None and interp.entity:
        return interp.entity
    words = [w for w in tool.name.lower().replace("-", "_").split("_") if w]
    verbs = {v for vs in _VERBS.values() for v in vs}
    nouns = [w for w in words if w not in verbs]
    return (nouns[-1].rstrip("s") if nouns else "item") or "item"


def target_argument(interp: ToolInterpretation | None, arguments: dict[str, Any], id_arg: str | None) -> str | None:
    """The argument naming where the entity goes (move/rename destination), other than the identifier."""
    if interp is None:
        return None
    for p in interp.parameters:
        if p.role.value == "target" and p.name != id_arg and _is_id_value(arguments.get(p.name)):
            return p.name
    return None

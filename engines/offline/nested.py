"""Tools whose arguments sit one level down, inside a single object parameter (adobe-cc's `params`).

Such a tool is read, planned and bound as the object it wraps: its nested fields get roles (an
identifier `layer_name`, a target `new_name`) and take part in the tool graph, and the writer binds
them like top-level parameters, then wraps the object back. A nested value taken from an earlier
output is named in `Call.sources` by its path, `params.layer_name`.
"""

from __future__ import annotations

from common.schemautil import deref, properties, required
from schemas import Tool


def unwrap(tool: Tool) -> tuple[str, Tool] | None:
    """(parameter name, the tool as seen through it) when the tool's only parameter is a required object
    with properties of its own; None otherwise."""
    props = properties(tool.input_schema)
    if len(props) != 1:
        return None
    (name, sub), = props.items()
    if name not in required(tool.input_schema) or sub.get("type") != "object" or not sub.get("properties"):
        return None
    inner = {k: v for k, v in deref(sub, tool.input_schema).items() if k not in ("$defs", "definitions")}
    # `$ref`s inside the object still point at the tool's own `$defs`.
    inner.update({k: tool.input_schema[k] for k in ("$defs", "definitions") if k in tool.input_schema})
    return name, tool.model_copy(update={"input_schema": inner})

"""Internal `$ref` resolution: inline every reference, keep recursive ones as references.

A reference that takes part in a cycle cannot be inlined (it would expand forever), so it is
rewritten to `#/$defs/<name>` and its resolved body is kept in the schema's own `$defs`: the
result is self-contained and jsonschema can still validate instances against it.
"""

from __future__ import annotations

import re
from typing import Any
from urllib.parse import unquote

from specs.checks import ToolProblem
from specs.errors import SpecError, key

MAX_NODES = 200_000  # inlining budget per schema: a "billion laughs" schema is skipped, not expanded


def has_ref(node: Any) -> bool:
    """True when a `$ref` occurs anywhere (the common case is no, and then nothing is copied)."""
    stack = [node]
    while stack:
        n = stack.pop()
        if isinstance(n, dict):
            if isinstance(n.get("$ref"), str):
                return True
            stack.extend(v for v in n.values() if isinstance(v, (dict, list)))
        elif isinstance(n, list):
            stack.extend(v for v in n if isinstance(v, (dict, list)))
    return False


def _tokens(ref: str) -> list[str]:
    frag = unquote(ref[1:])
    if frag == "":
        return []
    if not frag.startswith("/"):
        raise ValueError("only JSON-pointer fragments are supported")
    return [t.replace("~1", "/").replace("~0", "~") for t in frag[1:].split("/")]


def pointer_tokens(ref: str) -> list[str]:
    """The decoded tokens of an internal reference such as `#/components/schemas/Pet`."""
    return _tokens(ref)


def pointer_path(ref: str, root_path: str = "") -> str:
    """An internal reference in this package's JSON-path notation (`components.schemas.Pet`)."""
    p = root_path
    for t in _tokens(ref):
        p = key(p, t)
    return p


class _Resolver:
    def __init__(self, root: Any, source: str, root_path: str, self_rooted: bool) -> None:
        self.root, self.source, self.root_path, self.self_rooted = root, source, root_path, self_rooted
        self.targets: dict[str, Any] = {}  # ref string -> target node
        self.edges: dict[str, set[str]] = {}  # ref string -> refs found inside its target
        self.cyclic: set[str] = set()
        self.def_names: dict[str, str] = {}
        self.defs: dict[str, Any] = {}
        self.budget = MAX_NODES

    def _lookup(self, ref: str, where: str) -> Any:
        if ref in self.targets:
            return self.targets[ref]
        if not isinstance(ref, str) or not ref.startswith("#"):
            raise SpecError(self.source, where, f"external $ref {ref!r} is not supported (only references inside the document)")
        try:
            tokens = _tokens(ref)
        except ValueError as e:
            raise SpecError(self.source, where, f"$ref {ref!r}: {e}") from None
        node = self.root
        for t in tokens:
            if isinstance(node, dict) and t in node:
                node = node[t]
            elif isinstance(node, list) and t.isdigit() and int(t) < len(node):
                node = node[int(t)]
            else:
                raise SpecError(self.source, where, f"dangling $ref {ref!r}: nothing at that location")
        self.targets[ref] = node
        return node

    def _refs_in(self, node: Any, path: str, out: set[str]) -> None:
        stack = [(node, path)]
        while stack:
            n, p = stack.pop()
            if isinstance(n, dict):
                r = n.get("$ref")
                if isinstance(r, str):  # anything else is data, or a property that is named "$ref"
                    self._lookup(r, key(p, "$ref"))
                    out.add(r)
                stack.extend((v, key(p, k)) for k, v in n.items() if isinstance(v, (dict, list)))
            elif isinstance(n, list):
                stack.extend((v, key(p, i)) for i, v in enumerate(n) if isinstance(v, (dict, list)))

    def _pointer_path(self, ref: str) -> str:
        return pointer_path(ref, self.root_path)

    def analyse(self, schema: Any, path: str) -> None:
        start: set[str] = set()
        self._refs_in(schema, path, start)
        todo = list(start)
        while todo:
            ref = todo.pop()
            if ref in self.edges:
                continue
            found: set[str] = set()
            self._refs_in(self.targets[ref], self._pointer_path(ref), found)
            self.edges[ref] = found
            todo.extend(found - self.edges.keys())
        for ref in self.edges:  # a reference is cyclic when it can reach itself
            seen: set[str] = set()
            stack = list(self.edges[ref])
            while stack:
                r = stack.pop()
                if r == ref:
                    self.cyclic.add(ref)
                    break
                if r not in seen:
                    seen.add(r)
                    stack.extend(self.edges.get(r, ()))

    def _def_ref(self, ref: str) -> dict[str, Any]:
        if ref == "#" and self.self_rooted:
            return {"$ref": "#"}
        if ref not in self.def_names:
            tokens = _tokens(ref)
            base = re.sub(r"[^A-Za-z0-9_.-]+", "_", tokens[-1] if tokens else "root") or "def"
            name, n = base, 2
            while name in self.defs or name in self.def_names.values():
                name, n = f"{base}_{n}", n + 1
            self.def_names[ref] = name
            self.defs[name] = None  # reserve before resolving: the body refers to itself
            self.defs[name] = self.resolve(self.targets[ref])
        return {"$ref": f"#/$defs/{self.def_names[ref]}"}

    def resolve(self, node: Any) -> Any:
        self.budget -= 1
        if self.budget < 0:
            raise ToolProblem("", f"schema expands to more than {MAX_NODES} nodes when its $refs are inlined")
        if isinstance(node, list):
            return [self.resolve(v) for v in node]
        if not isinstance(node, dict):
            return node
        if not isinstance(node.get("$ref"), str):
            return {k: self.resolve(v) for k, v in node.items()}
        ref = node["$ref"]
        siblings = {k: self.resolve(v) for k, v in node.items() if k != "$ref"}
        if ref in self.cyclic:
            target: Any = self._def_ref(ref)
        else:
            target = self.resolve(self.targets[ref])
        if not siblings:
            return target
        if isinstance(target, dict) and "$ref" not in target and all(
            k not in target or target[k] == v for k, v in siblings.items()
        ):
            return {**target, **siblings}
        return {"allOf": [target], **siblings}


def resolve_schema(
    schema: Any, *, source: str, path: str, root: Any = None, root_path: str = ""
) -> Any:
    """Return `schema` with internal references inlined (a new object; the input is not changed).

    `root` is the document references point into (default: the schema itself, as in MCP, where
    `#/$defs/X` means the inputSchema's own `$defs`). A dangling or external reference raises
    SpecError naming its JSON path; a schema too large to inline raises ToolProblem.
    """
    if not has_ref(schema):
        return schema
    self_rooted = root is None
    r = _Resolver(schema if self_rooted else root, source, path if self_rooted else root_path, self_rooted)
    r.analyse(schema, path)
    if self_rooted and isinstance(schema, dict):
        # the root's own definitions are inlined where used; the recursive ones come back below
        schema = {k: v for k, v in schema.items() if k not in ("$defs", "definitions")}
    out = r.resolve(schema)
    if r.defs:
        if not isinstance(out, dict):
            raise ToolProblem("", "a recursive $ref at the schema root cannot be kept")
        ref = out.get("$ref")
        if len(out) == 1 and isinstance(ref, str) and ref.startswith("#/$defs/"):
            out = dict(r.defs[ref[8:]])  # the root itself is recursive: unfold it once
        out = {**out, "$defs": {**out.get("$defs", {}), **r.defs}}
    return out


def check_refs(doc: Any, source: str) -> None:
    """Reject the document at the first dangling or external `$ref` anywhere in it (real JSON paths)."""
    _Resolver(doc, source, "", False)._refs_in(doc, "", set())


def rename_defs(schema: Any, renames: dict[str, str]) -> Any:
    """Rewrite `#/$defs/<old>` references to `#/$defs/<new>` (when merging pieces with clashing names)."""
    if isinstance(schema, list):
        return [rename_defs(v, renames) for v in schema]
    if not isinstance(schema, dict):
        return schema
    out = {k: rename_defs(v, renames) for k, v in schema.items()}
    ref = out.get("$ref")
    if isinstance(ref, str) and ref.startswith("#/$defs/") and ref[8:] in renames:
        out["$ref"] = "#/$defs/" + renames[ref[8:]]
    return out

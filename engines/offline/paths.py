"""Where path-valued entities sit: roots, globs, children, so listings and searches agree with the tree.

A call that lists or searches names its root in a path argument of a directory-like identifier and, for
a search, a pattern in a filter argument (`*.yaml`, `**/*fleet*`, or a plain substring). Both the scenario
writer (placing the paths a later call takes from such an output) and the mocker (choosing what the
output shows) read them from here, so the two agree.
"""

from __future__ import annotations

import fnmatch
from typing import Any

from common.taxonomy import same_kind, tokens
from schemas import Action, ParameterRole, Tool, ToolInterpretation

_GLOB = set("*?[")
_RECURSIVE = {"tree", "recursive", "recursively"}


def is_path(value: Any) -> bool:
    return isinstance(value, str) and value.startswith("/") and len(value) > 1


def under(path: str, root: str) -> bool:
    """`path` lies strictly below `root`."""
    return path.startswith(root.rstrip("/") + "/")


def base(path: str) -> str:
    return path.rstrip("/").rsplit("/", 1)[-1]


def looks_like_file(path: str) -> bool:
    return "." in base(path)


def root_of(it: ToolInterpretation, args: dict[str, Any]) -> str | None:
    """The directory a listing or search looks under: its directory-kind identifier, as an absolute path."""
    if it.action not in (Action.list, Action.search):
        return None
    for p in it.parameters:
        value = args.get(p.name)
        if p.role is ParameterRole.identifier and p.entity and same_kind(p.entity, "directory") and is_path(value):
            return value.rstrip("/") or "/"
    return None


def _filters(it: ToolInterpretation, args: dict[str, Any]) -> tuple[str | None, list[str]]:
    """(the search pattern, the exclude patterns) from the call's filter arguments."""
    pattern, excludes = None, []
    for p in it.parameters:
        value = args.get(p.name)
        if p.role is not ParameterRole.filter or value is None:
            continue
        items = [v for v in (value if isinstance(value, list) else [value]) if isinstance(v, str) and v]
        if "exclude" in p.name.lower() or "ignore" in p.name.lower():
            excludes += items
        elif pattern is None and isinstance(value, str) and value:
            pattern = value
    return pattern, excludes


def pattern_of(it: ToolInterpretation, args: dict[str, Any]) -> str | None:
    return _filters(it, args)[0] if it.action is Action.search else None


def excludes_of(it: ToolInterpretation, args: dict[str, Any]) -> list[str]:
    return _filters(it, args)[1]


def matches(path: str, pattern: str | None, root: str | None = None) -> bool:
    """Whether a path fits a glob (on its name or its path below `root`) or, without glob characters,
    holds the pattern as a substring of its name (case-insensitive, as search tools do)."""
    if not pattern:
        return True
    name = base(path)
    if not _GLOB & set(pattern):
        return pattern.lower() in name.lower()
    rel = path[len(root.rstrip("/")) + 1:] if root and under(path, root) else name
    pats = {pattern, pattern.replace("**/", ""), pattern.replace("**/", "*/")}
    return any(fnmatch.fnmatch(name, p) or fnmatch.fnmatch(rel, p) for p in pats)


def excluded(path: str, excludes: list[str], root: str | None = None) -> bool:
    return any(matches(path, x, root) for x in excludes if _GLOB & set(x)) or \
        any(x.lower() in base(path).lower() for x in excludes if not _GLOB & set(x))


def recursive(tool: Tool, it: ToolInterpretation) -> bool:
    """A search, or a listing the spec calls recursive or a tree, shows descendants; other listings children."""
    words = set(tokens(tool.name)) | set(tokens(tool.description.split(".")[0]))
    return it.action is Action.search or bool(words & _RECURSIVE)


def fit(name: str, pattern: str | None, excludes: list[str] = ()) -> str | None:
    """A path relative to a search root, from `name` changed as little as it takes to match `pattern`
    (`src/**/*.ts` puts it in `src/` with a `.ts` ending) and no exclude, or None."""
    stem, dot, ext = name.rpartition(".")
    stem, ext = (stem, ext) if dot else (name, "")
    cands = [name]
    if pattern:
        *dirs, core = pattern.split("/")
        lead = "/".join(d for d in (x.strip("*?") for x in dirs) if d and not _GLOB & set(d))
        bare = core.strip("*")
        names = [name]
        if core.startswith("*.") and not _GLOB & set(core[2:]):
            names.append(f"{stem}.{core[2:]}")
        if bare and not _GLOB & set(bare):
            names += [bare if "." in bare else f"{bare}_{name}", f"{bare}_{name}"]
        filled = core.replace("*", stem, 1).replace("*", "").replace("?", "x")
        names += [filled, f"{filled}.{ext}" if ext and "." not in filled else filled]
        cands = [f"{lead}/{n}" if lead else n for n in names]
    for c in cands:
        if c and matches(f"/r/{c}", pattern, "/r") and not excluded(f"/r/{c}", list(excludes), "/r"):
            return c
    return None

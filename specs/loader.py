"""`load_suite`: read every spec (format auto-detected per file) and live server into one ToolSuite."""

from __future__ import annotations

import hashlib
import json
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from schemas.tool import SkippedTool, SpecSource, Tool, ToolSuite
from specs.errors import SpecError
from specs.formats import read_document
from specs.tools import build_tools

DEFAULT_SERVER_TIMEOUT = 30.0


def _decode(source: str, data: bytes) -> str:
    if not data.strip():
        raise SpecError(source, "", "empty file (expected JSON or YAML)")
    if b"\x00" in data[:8192]:
        raise SpecError(source, "", "binary file, not JSON or YAML")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        raise SpecError(source, "", f"not UTF-8 text (invalid byte at offset {e.start}); binary file?") from None


def parse_document(source: str, data: bytes, suffix: str = "") -> Any:
    """JSON, or YAML for `.yaml`/`.yml` files and for OpenAPI documents written in YAML."""
    text = _decode(source, data)
    if suffix.lower() not in (".yaml", ".yml"):
        try:
            return json.loads(text, parse_constant=_no_constant)
        except json.JSONDecodeError as e:
            if not text.lstrip().startswith(("openapi:", "swagger:", "---", "%YAML")):
                raise SpecError(source, "", f"not valid JSON: {e.msg} at line {e.lineno} column {e.colno}") from None
        except RecursionError:
            raise SpecError(source, "", "not usable JSON: nested too deeply") from None
        except _Constant as e:
            raise SpecError(source, "", f"not valid JSON: {e} is not a JSON value") from None
    import yaml  # only YAML documents pay for the import

    try:
        doc = yaml.load(text, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))
    except yaml.YAMLError as e:
        mark = getattr(e, "problem_mark", None)
        where = f" at line {mark.line + 1} column {mark.column + 1}" if mark else ""
        raise SpecError(source, "", f"not valid YAML: {getattr(e, 'problem', None) or e}{where}") from None
    except RecursionError:
        raise SpecError(source, "", "not usable YAML: nested too deeply") from None
    if _expands_beyond(doc, 100 * len(text) + 10_000):
        raise SpecError(source, "", "YAML aliases expand to far more data than the file holds (an alias bomb?)")
    return doc


class _Constant(ValueError):
    """NaN or Infinity: Python's json reads them, JSON does not have them."""


def _no_constant(name: str) -> Any:
    raise _Constant(name)


def _expands_beyond(doc: Any, cap: int) -> bool:
    """True when walking `doc` visits more than `cap` nodes: YAML aliases share nodes, and a
    few lines of anchors can stand for billions of them."""
    stack, seen = [doc], 0
    while stack:
        node = stack.pop()
        seen += 1
        if seen > cap:
            return True
        if isinstance(node, dict):
            stack.extend(node.values())
        elif isinstance(node, list):
            stack.extend(node)
    return False


def load_file(path: Path, spec: str) -> tuple[list[Tool], list[SkippedTool], SpecSource]:
    """One spec file: its tools, the ones skipped, and its source record."""
    source = str(path)  # as the user wrote it: errors then name the very file they passed
    try:
        data = path.read_bytes()
    except OSError as e:
        raise SpecError(source, "", f"cannot read: {e.strerror or e}") from None
    doc = parse_document(source, data, path.suffix)
    raws, kind = read_document(source, doc)
    tools, skipped = build_tools(source, spec, raws)
    digest = hashlib.sha256(data).hexdigest()
    return tools, skipped, SpecSource(name=spec, kind=kind, location=str(path), sha256=digest, tool_count=len(tools))


def _some(tools: list[Tool], skipped: list[SkippedTool], source: str) -> list[Tool]:
    """The tools of one spec, which must have some: a spec that gives none is a mistake (the wrong file, an
    empty capture), and a run over it would do nothing while looking like success."""
    if tools:
        return tools
    if not skipped:
        raise SpecError(source, "", "no tools in this spec")
    first = skipped[0]
    raise SpecError(source, "", f"no usable tools: all {len(skipped)} skipped, the first ({first.tool}) at "
                                f"{first.path}: {first.reason}")


def _unique_spec_names(stems: list[str]) -> list[str]:
    seen: Counter[str] = Counter()
    out = []
    for s in stems:
        seen[s] += 1
        out.append(s if seen[s] == 1 else f"{s}_{seen[s]}")
    return out


def _namespace(tools: list[Tool]) -> tuple[list[Tool], dict[str, str]]:
    """Rename tools whose name occurs in more than one spec to `spec__tool`; return the mapping."""
    count = Counter(t.name for t in tools)
    if all(c == 1 for c in count.values()):
        return tools, {}
    taken = {t.name for t in tools if count[t.name] == 1}
    out, name_map = [], {}
    for t in tools:
        if count[t.name] == 1:
            out.append(t)
            continue
        new, n = f"{t.spec}__{t.name}", 2
        while new in taken:
            new, n = f"{t.spec}__{t.name}_{n}", n + 1
        taken.add(new)
        name_map[new] = f"{t.spec}:{t.name}"
        out.append(t.model_copy(update={"name": new, "original_name": t.name}))
    return out, name_map


def load_suite(
    paths: Sequence[str | Path] = (), servers: Sequence[str] = (), *, server_timeout: float = DEFAULT_SERVER_TIMEOUT
) -> ToolSuite:
    """Load spec files and live servers (`"CMD ARGS"`) into one suite.

    Raises SpecError (one line: file, JSON path, problem) when a spec cannot be used; tools with
    defective schemas are skipped and listed in `ToolSuite.skipped` (callers report them: the
    CLI as warnings, a harness as manifest failures).
    """
    if not paths and not servers:
        raise SpecError("seer", "", "no spec given: pass spec files and/or --server commands")
    from specs.live import live_tools, server_name

    stems = [Path(p).stem for p in paths] + [server_name(s) for s in servers]
    names = _unique_spec_names(stems)
    tools: list[Tool] = []
    skipped: list[SkippedTool] = []
    sources: list[SpecSource] = []
    for p, spec in zip(paths, names):
        t, s, src = load_file(Path(p), spec)
        tools += _some(t, s, str(p))
        skipped += s
        sources.append(src)
    for cmd, spec in zip(servers, names[len(paths):]):
        t, s, src = live_tools(cmd, spec, timeout=server_timeout)
        tools += _some(t, s, cmd)
        skipped += s
        sources.append(src)
    tools, name_map = _namespace(tools)
    return ToolSuite(tools=tools, sources=sources, name_map=name_map, skipped=skipped)

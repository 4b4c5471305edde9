"""A scripted scenario's files over time: which paths exist before each call, and what each file holds.

The mocker sees the whole scenario, so a file's first content can already hold the text every later edit
replaces (`oldText`): a read before the edit shows it, a read after shows `newText` in its place, a read
after a write shows what was written, and a moved file keeps its text. Everything is derived from the
interpretations (actions, parameter roles, entity kinds), never from tool names.
"""

from __future__ import annotations

import difflib
import random
import re
from typing import Any

from common.taxonomy import same_kind
from engines.offline import paths
from engines.offline.render import file_body
from engines.offline.world import Organisation
from schemas import Action, ParameterRole, Scenario, ToolInterpretation

_RUN = re.compile(r"[^\s:,.;!?]+(?: [^\s:,.;!?]+){0,3}")
_HUNK = re.compile(r"^@@ -(\d+)(?:,\d+)? \+(\d+)")
_FIRST = re.compile(r"\bfirst n lines\b")
_LAST = re.compile(r"\blast n lines\b")
_REVEAL = (Action.list, Action.search, Action.read, Action.analyze)


def _file_args(it: ToolInterpretation, args: dict[str, Any], role: ParameterRole) -> list[str]:
    out = []
    for p in it.parameters:
        value = args.get(p.name)
        if p.role is role and p.entity and same_kind(p.entity, "file"):
            out += [v for v in (value if isinstance(value, list) else [value]) if paths.is_path(v) and v not in out]
    return out


def files_read(it: ToolInterpretation, args: dict[str, Any]) -> list[str]:
    """The file paths a call names as what it acts on."""
    return _file_args(it, args, ParameterRole.identifier)


def window(props: dict[str, Any], args: dict[str, Any], text: str) -> str:
    """The lines a read's options keep: one described as returning the first N lines, or the last N."""
    lines = text.split("\n")
    for name, value in args.items():
        about = str(props.get(name, {}).get("description", "")).lower() if isinstance(props.get(name), dict) else ""
        if isinstance(value, bool) or not isinstance(value, (int, float)) or value < 1:
            continue
        if _FIRST.search(about):
            lines = lines[:int(value)]
        elif _LAST.search(about):
            lines = lines[-int(value):]
    return "\n".join(lines)


def _dry(it: ToolInterpretation, args: dict[str, Any]) -> bool:
    return any(args.get(p.name) is True and "dry" in p.name.lower() for p in it.parameters)


def diff(path: str, before: str, after: str) -> str:
    """A change as a git-style unified diff, the way servers that return one print it."""
    old, new = before.split("\n"), after.split("\n")
    out = ["```diff", f"Index: {path}", "=" * 67]
    i = j = 0
    for line in difflib.unified_diff(old, new, path, path, "original", "modified", lineterm=""):
        if line.startswith(("---", "+++")):
            out.append(line)
            continue
        if line.startswith("@@"):
            m = _HUNK.match(line)
            i, j = int(m.group(1)) - 1, int(m.group(2)) - 1
            out.append(line)
            continue
        out.append(line)
        last = False
        if line[:1] in (" ", "-"):
            i += 1
            last = i == len(old)
        if line[:1] in (" ", "+"):
            j += 1
            last = last or j == len(new)
        if last:  # the files end without a newline, as the mocked texts do
            out.append("\\ No newline at end of file")
    return "\n".join(out + ["```"])


def pairs(value: Any) -> list[tuple[str, str]]:
    """(old, new) text pairs from items with one `old...` and one `new...` string field."""
    out = []
    for item in value if isinstance(value, list) else [value]:
        if not isinstance(item, dict):
            continue
        old = next((v for k, v in item.items() if k.lower().startswith("old") and isinstance(v, str)), None)
        new = next((v for k, v in item.items() if k.lower().startswith("new") and isinstance(v, str)), None)
        if old and new is not None:
            out.append((old, new))
    return out


def _edits(it: ToolInterpretation, args: dict[str, Any]) -> list[tuple[str, str]]:
    return [e for p in it.parameters if p.role is ParameterRole.content for e in pairs(args.get(p.name))]


def _written(it: ToolInterpretation, args: dict[str, Any]) -> str | None:
    if it.action is not Action.create:
        return None
    return next((args[p.name] for p in it.parameters if p.role is ParameterRole.content
                 and isinstance(args.get(p.name), str)), None)


def anchored(it: ToolInterpretation, args: dict[str, Any], text: str) -> dict[str, Any]:
    """`args` with each edit's old text taken from `text`, the file's known content: runs of up to four
    words of one line, not overlapping, so the edit finds what it replaces (preferring runs no edit's new
    text also holds: an edit after it would change that new text instead)."""
    news = [n for p in it.parameters if p.role is ParameterRole.content for _, n in pairs(args.get(p.name))]
    every = list(dict.fromkeys(_RUN.findall(text)))
    runs = sorted(every, key=lambda r: any(r in n for n in news))  # stable: those no new text holds first
    if not runs:
        return args
    out, n = dict(args), 0
    for p in it.parameters:
        value = args.get(p.name)
        if p.role is not ParameterRole.content or not isinstance(value, list):
            continue
        items = []
        for item in value:
            old = next((k for k in item if k.lower().startswith("old")), None) if isinstance(item, dict) else None
            if old is not None and isinstance(item[old], str) and n < len(runs):
                item, n = {**item, old: runs[n]}, n + 1
            items.append(item)
        out[p.name] = items
    return out


def play(it: ToolInterpretation, args: dict[str, Any], texts: dict[str, str]) -> None:
    """What the call does to the files whose text is known (written in this scenario): write, edit, move."""
    files = files_read(it, args)
    written = _written(it, args)
    if written is not None and files:
        texts[files[0]] = written
    for f in files[:1]:
        for old, new in _edits(it, args):
            if f in texts:
                texts[f] = texts[f].replace(old, new, 1)
    targets = _file_args(it, args, ParameterRole.target)
    if targets and files and files[0] in texts and it.action in (Action.update, Action.transfer):
        texts[targets[0]] = texts.pop(files[0])


class Story:
    """Built once per scripted scenario by the mocker; plain data, deterministic for a seed."""

    def __init__(self, scenario: Scenario, its: dict[str, ToolInterpretation], org: Organisation, seed: int):
        calls = [(its[c.tool], c.arguments) for c in scenario.calls]
        made = {e.id: e.created_by for e in scenario.state.entities if e.created_by is not None}
        # A path a later listing, search or read reveals was there all along; one a create makes was not.
        self.early = {i for i, k in made.items() if k < len(calls) and calls[k][0].action in _REVEAL}
        self.made_dirs = {i: k for i, k in made.items() if k < len(calls) and calls[k][0].action is Action.create}
        # Folders a listing with no pattern showed in full: call, and the patterns it left out
        self._listings: dict[str, list[tuple[int, list[str]]]] = {}
        for k, (it, args) in enumerate(calls):
            root = paths.root_of(it, args)
            if root is not None and it.action is Action.list and paths.pattern_of(it, args) is None:
                self._listings.setdefault(root, []).append((k, paths.excludes_of(it, args)))
        self.gone: dict[str, int] = {}
        self._org, self._seed = org, seed
        self.reads: dict[int, dict[str, str]] = {}
        self.first: dict[str, str] = {}  # path -> the text the file held before the first call
        self.changes: dict[int, tuple[str, str, str]] = {}  # edit call -> (path, text before, text after)
        self.stale: list[tuple[int, str]] = []  # (call, oldText) an edit could not find: written over first
        needs = self._run(calls, {})
        if needs:
            self.first, self.changes = {}, {}
            self.stale = []
            self.reads = {}
            self.gone = {}
            self._run(calls, needs)

    def _first(self, origin: str, needs: dict[str, list[str]]) -> str:
        body = file_body(origin, self._org, random.Random(f"{self._seed}:{origin}"))
        return "\n".join([body] + needs.get(origin, []))

    def _run(self, calls: list[tuple[ToolInterpretation, dict[str, Any]]],
             needs: dict[str, list[str]]) -> dict[str, list[str]]:
        """Plays the calls over the files; returns the text each file's first content must add."""
        text: dict[str, str] = {}
        origin: dict[str, str | None] = {}  # path -> the path its first content came from (None: written here)
        missing: dict[str, list[str]] = {}

        def current(path: str) -> str:
            if path not in text:
                text[path], origin[path] = self._first(path, needs), path
                self.first.setdefault(path, text[path])
            return text[path]

        for k, (it, args) in enumerate(calls):
            files = files_read(it, args)
            targets = _file_args(it, args, ParameterRole.target)
            if it.action is Action.read:
                self.reads[k] = {f: current(f) for f in files}
            written = _written(it, args)
            if written is not None:
                for f in files[:1]:
                    text[f], origin[f] = written, None
            for f in files[:1]:
                before = after = None
                for old, new in _edits(it, args):
                    body = after = current(f) if after is None else after
                    before = body if before is None else before
                    if old in body:
                        after = body.replace(old, new, 1)
                    elif origin.get(f) is not None:
                        missing.setdefault(origin[f], []).append(old)
                    else:
                        self.stale.append((k, old))
                if before is not None:
                    self.changes[k] = (f, before, after)
                    if not _dry(it, args):  # a dry run shows the change without making it
                        text[f] = after
            if targets and files and it.action in (Action.update, Action.transfer):
                src, dst = files[0], targets[0]
                current(src)
                text[dst], origin[dst] = text.pop(src), origin.pop(src)
                self.gone[src] = k
            if it.action is Action.delete:
                for f in files:
                    self.gone.setdefault(f, k)
        return missing

    def exists(self, path: str, created_by: int | None, index: int) -> bool:
        """Whether `path` is there when call `index` runs."""
        if path in self.gone and self.gone[path] < index:
            return False
        return created_by is None or created_by < index or path in self.early

    def unseen(self, path: str, root: str, index: int) -> bool:
        """Whether a made-up entry `path` of folder `root` can first appear at call `index`: not in a folder this
        scenario made earlier (it holds only what was put there since), and no earlier listing of the folder showed
        it missing (each one that listed the folder in full left it out by a pattern)."""
        if self.made_dirs.get(root, index) < index:
            return False
        return all(paths.excluded(path, excludes, root) for k, excludes in self._listings.get(root, ()) if k < index)

    def read(self, index: int, files: list[str]) -> str | None:
        """What a read at `index` of `files` shows: one file's text, or each file under its path."""
        seen = self.reads.get(index, {})
        bodies = [(f, seen[f]) for f in files if f in seen and paths.looks_like_file(f)]  # a folder has no text
        if not bodies:
            return None
        if len(bodies) == 1:
            return bodies[0][1]
        return "\n---\n".join(f"{f}:\n{b}" for f, b in bodies)

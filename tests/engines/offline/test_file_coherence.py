"""Path-based results of the filesystem server agree with the tree and with each other over a scenario.

The checks read only the finished scenarios (arguments and `content` outputs), with the filesystem
server's own formats: `[DIR]`/`[FILE] path` listing lines, one path per search result line.
"""

from __future__ import annotations

import fnmatch
from pathlib import Path

import pytest

from engines.offline.mock import mock_call
from engines.offline.pipeline import Pipeline, cover_suite
from schemas import Entity, ScenarioRequest, WorkflowState
from specs import load_suite
from tests.conftest import DEV_SPECS

EXAMPLE = Path(__file__).resolve().parents[3] / "examples" / "filesystem.json"
SEEDS = (0, 3, 11, 42)
LISTINGS = {"list_directory", "list_directory_with_sizes", "directory_tree"}
READS = {"read_file", "read_text_file", "read_multiple_files"}
MAKES = {"write_file": "path", "create_directory": "path", "move_file": "destination"}


def _specs() -> list[Path]:
    return [EXAMPLE] + sorted(DEV_SPECS.glob("filesystem*.json"))


@pytest.fixture(scope="module", params=_specs(), ids=lambda p: p.stem if p != EXAMPLE else "example")
def scenarios(request):
    pipe = Pipeline(load_suite([request.param]))
    out = []
    for seed in SEEDS:
        out += cover_suite(pipe, seed)[0]
        for k in range(12):  # complex workflows around the tools that read, list and change files
            focus = [("search_files", "read_multiple_files", "edit_file"), ("directory_tree", "list_directory"),
                     ("write_file", "read_text_file", "move_file")][k % 3]
            s = pipe.run(ScenarioRequest(id=f"f{seed}-{k}", index=k, seed=seed * 1000 + k, complexity="complex",
                                         focus_tools=list(focus)))
            if s is not None:
                out.append(s)
    assert out
    return out


def _text(output) -> str:
    return output.get("content", "") if isinstance(output, dict) else output


def _entries(output) -> list[str]:
    return [line.split("] ", 1)[1] for line in _text(output).splitlines() if line.startswith(("[DIR] ", "[FILE] "))]


def _under(path: str, root: str) -> bool:
    return path.startswith(root.rstrip("/") + "/")


def _made(s) -> set[str]:
    return {c.arguments.get(MAKES[c.tool]) for c in s.calls if c.tool in MAKES}


def _glob(path: str, root: str, pattern: str) -> bool:
    """A glob matches the name or the path below the root (`**/` also matching no folder); a plain
    pattern is a substring of the name."""
    name, rel = path.rsplit("/", 1)[-1], path[len(root.rstrip("/")) + 1:]
    if not set("*?[") & set(pattern):
        return pattern.lower() in name.lower()
    return any(fnmatch.fnmatch(x, p) for x in (name, rel) for p in {pattern, pattern.replace("**/", "")})


def test_a_listing_shows_entries_under_its_directory_each_once(scenarios):
    listed = 0
    for s in scenarios:
        for k, c in enumerate(s.calls):
            if c.tool not in LISTINGS:
                continue
            root, entries = c.arguments["path"], _entries(c.output)
            listed += bool(entries)
            assert len(entries) == len(set(entries)), (s.id, k, entries)
            assert all(_under(e, root) for e in entries), (s.id, k, root, entries)
            if c.tool != "directory_tree":  # a plain listing shows children, not grandchildren
                assert all("/" not in e[len(root.rstrip("/")) + 1:] or e in _named_later(s, k)
                           for e in entries), (s.id, k, entries)
            if c.arguments.get("excludePatterns"):
                continue
            for path in _named_later(s, k) - _made(s):
                if _under(path, root):
                    child = path if c.tool == "directory_tree" else \
                        root.rstrip("/") + "/" + path[len(root.rstrip("/")) + 1:].split("/")[0]
                    assert child in entries or path in entries, (s.id, k, path, entries)
    assert listed >= 10


def _named_later(s, k: int) -> set[str]:
    out = set()
    for c in s.calls[k + 1:]:
        for v in c.arguments.values():
            out |= {x for x in (v if isinstance(v, list) else [v]) if isinstance(x, str) and x.startswith("/")}
    return out


def test_a_search_returns_only_matching_paths_under_its_root_and_what_later_calls_use(scenarios):
    searched = 0
    for s in scenarios:
        for k, c in enumerate(s.calls):
            if c.tool != "search_files":
                continue
            root, pattern = c.arguments["path"], c.arguments["pattern"]
            found = [line for line in _text(c.output).splitlines() if line.startswith("/")]
            searched += 1
            assert len(found) == len(set(found)), (s.id, k, found)
            assert all(_under(f, root) and _glob(f, root, pattern) for f in found), (s.id, k, root, pattern, found)
            for later in s.calls[k + 1:]:
                for arg, j in later.sources.items():
                    if j == k:
                        value = later.argument_at(arg)
                        assert all(v in found for v in (value if isinstance(value, list) else [value])), (s.id, arg)
    assert searched >= 10


def test_a_folder_listed_in_full_gains_no_entry_later_that_no_call_made(scenarios):
    """A search or listing after a full listing of a folder shows only entries that listing showed, that its
    excludePatterns hid, or that a call made since."""
    compared = 0
    for s in scenarios:
        full: dict[str, list[tuple[set[str], list[str], bool]]] = {}  # folder -> (entries, excludes, deep)
        made = _made(s)
        for k, c in enumerate(s.calls):
            shown = set(_entries(c.output)) if c.tool in LISTINGS else \
                {line for line in _text(c.output).splitlines() if line.startswith("/")} if c.tool == "search_files" else set()
            for root, listings in full.items():
                for path in shown - made:
                    if not _under(path, root):
                        continue
                    for entries, excludes, deep in listings:
                        entry = path if deep else root.rstrip("/") + "/" + path[len(root.rstrip("/")) + 1:].split("/")[0]
                        compared += 1
                        hidden = any(_glob(entry, root, x) for x in excludes)
                        assert entry in entries or hidden or any(m.startswith(entry + "/") for m in made), \
                            (s.id, k, c.tool, entry, sorted(entries))
            if c.tool in LISTINGS:
                full.setdefault(c.arguments["path"], []).append(
                    (set(_entries(c.output)), c.arguments.get("excludePatterns") or [], c.tool == "directory_tree"))
    assert compared >= 20


def _windowed(c) -> bool:
    return any(isinstance(c.arguments.get(k), (int, float)) for k in ("head", "tail"))


def _reads(c) -> dict[str, str]:
    """path -> the text a read shows of it (read_multiple_files of several paths: `path:` blocks)."""
    paths = c.arguments.get("paths") or [c.arguments.get("path")]
    text = _text(c.output)
    if len(paths) == 1:
        return {paths[0]: text}
    blocks = {}
    for block in text.split("\n---\n"):
        head, _, body = block.partition(":\n")
        blocks[head] = body
    return {p: blocks.get(p, "") for p in paths}


def test_file_contents_follow_the_reads_writes_and_edits_of_a_scenario(scenarios):
    edited = checked = 0
    for s in scenarios:
        expect: dict[str, tuple[str, list[str]]] = {}  # path -> (what must be in it, what must not)
        last: dict[str, str] = {}  # path -> the text the last read showed, while nothing changed it
        for k, c in enumerate(s.calls):
            args = c.arguments
            if c.tool in READS:
                for path, text in _reads(c).items():
                    if path in last and _windowed(c):  # `head`/`tail`: some lines of what a full read shows
                        assert text in last[path], (s.id, k, path)
                        lines, head, tail = last[path].split("\n"), c.arguments.get("head"), c.arguments.get("tail")
                        if head is None or tail is None:
                            assert text.split("\n") == (lines[:int(head)] if tail is None else lines[-int(tail):])
                        continue
                    if _windowed(c):
                        continue
                    must, must_not = expect.get(path, ("", []))
                    assert must in text and not any(x in text for x in must_not), (s.id, k, path, must, text)
                    assert last.setdefault(path, text) == text, (s.id, k, path)  # nothing changed it: same text
                    checked += bool(must)
            elif c.tool == "write_file":
                expect[args["path"]] = (args["content"], [])
                last.pop(args["path"], None)
            elif c.tool == "edit_file" and not args.get("dryRun"):
                path = args["path"]
                before = last.pop(path, None)
                for e in args["edits"]:
                    if before is not None:
                        assert e["oldText"] in before, (s.id, k, e["oldText"], before)  # the read showed it
                lines = _text(c.output).splitlines()  # the server's reply: a diff of the change
                for n, e in enumerate(args["edits"]):
                    assert any(x.startswith("-") and e["oldText"].split("\n")[0] in x for x in lines), (s.id, k)
                    if not any(later["oldText"] in e["newText"] for later in args["edits"][n + 1:]):
                        assert any(x.startswith("+") and e["newText"].split("\n")[-1] in x for x in lines), (s.id, k)
                news = [e["newText"] for e in args["edits"]]
                gone = [e["oldText"] for e in args["edits"] if not any(e["oldText"] in n for n in news)]
                expect[path] = (news[-1], gone)
                edited += 1
            elif c.tool == "move_file":
                src, dst = args["source"], args["destination"]
                if src in last:
                    expect[dst] = (last.pop(src), [])
                elif src in expect:
                    expect[dst] = expect.pop(src)
    assert edited >= 5 and checked >= 5


def test_a_file_found_already_there_records_the_text_its_first_read_showed(scenarios):
    """What a verification sandbox writes before the first call: the scripted reads and edits hold on it."""
    compared = 0
    for s in scenarios:
        first = {e.id: e.attributes["content"] for e in s.state.preconditions + s.state.entities
                 if e.kind == "file" and isinstance(e.attributes.get("content"), str)}
        changed: set[str] = set()
        for c in s.calls:
            if c.tool in READS:
                for path, text in _reads(c).items():
                    if path in first and path not in changed:
                        assert text in first[path] if _windowed(c) else text == first[path], (s.id, path)
                        compared += 1
            elif c.tool == "edit_file" and c.arguments["path"] not in changed and c.arguments["path"] in first:
                assert all(e["oldText"] in first[c.arguments["path"]] for e in c.arguments["edits"]), s.id
            for key in ("path", "source", "destination"):
                if c.tool in ("write_file", "edit_file", "move_file") and key in c.arguments:
                    changed.add(c.arguments[key])
    assert compared >= 5


def test_a_file_asked_about_twice_gives_the_same_facts():
    pipe = Pipeline(load_suite([EXAMPLE]))
    tool, it = pipe.suite.tool("get_file_info"), pipe.interpretations["get_file_info"]
    args = {"path": "/srv/acme/api/docs/notes.md"}
    there = WorkflowState(preconditions=[Entity(kind="file", id=p) for p in (args["path"], "/srv/acme/api/docs/other.md")])
    first, state = mock_call(tool, it, args, there, 5, pipe.suite, index=1)
    again, _ = mock_call(tool, it, args, state, 5, pipe.suite, index=4)  # a later call of the workflow
    other, _ = mock_call(tool, it, {"path": "/srv/acme/api/docs/other.md"}, state, 5, pipe.suite, index=4)
    assert "size: " in _text(first.output)
    assert _text(first.output) == _text(again.output) != _text(other.output)

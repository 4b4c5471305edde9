"""`seer validate`: check a harness directory against its own tools and report every problem.

`validate_harness(dir)` never stops at the first problem: each one is a `Problem` naming the
file, the scenario (when there is one) and the JSON path inside it. The coordinator can call it
at the end of `generate`; the CLI prints the report as JSON and exits 0 (clean) or 1.

A partial harness (a run interrupted at any moment, even by `kill -9`) is reported as
`partial_harness` and is otherwise held to what such a run leaves: its manifest is the snapshot of
its last checkpoint (counts are at most what the files hold), interpretations and tasks are written
as the run gets to them (they may be missing or short), and the last line of a file may be cut off
mid-write (`--resume` drops it). Everything that is there is checked as in a finished harness.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ValidationError

from common.files import INTERPRETATIONS, MANIFEST, RUN_DIR, SCENARIOS, TASKS, TOOLS, iter_jsonl, read_text
from common.json_values import schema_errors, strings_in
from schemas import Manifest, Scenario, Task, Tool, ToolInterpretation
from schemas.errors import SeerError


@dataclass(frozen=True)
class Problem:
    code: str
    message: str
    file: str
    scenario_id: str | None = None
    path: str | None = None


@dataclass
class ValidationReport:
    harness: str
    problems: list[Problem] = field(default_factory=list)
    checked: dict[str, int] = field(default_factory=dict)

    @property
    def ok(self) -> bool:
        return not self.problems

    def to_dict(self) -> dict[str, Any]:
        return {"harness": self.harness, "ok": self.ok, "problem_count": len(self.problems),
                "checked": self.checked, "problems": [asdict(p) for p in self.problems]}

    def codes(self) -> set[str]:
        return {p.code for p in self.problems}


class _Collector:
    def __init__(self, report: ValidationReport):
        self.report = report

    def add(self, code: str, message: str, file: str, scenario_id: str | None = None, path: str | None = None) -> None:
        self.report.problems.append(Problem(code, message, file, scenario_id, path))


def _load_lines(root: Path, name: str, model: type[BaseModel], out: _Collector, *, partial: bool = False,
                may_lack: bool = False) -> list | None:
    """The records of a JSONL file. In a partial harness (`partial`) a torn last line is no problem, and
    a file the run writes later (`may_lack`) may be missing."""
    path = root / name
    if not path.is_file():
        if not (partial and may_lack):
            out.add("missing_file", f"{name} is missing", name)
        return None
    items = []
    try:
        rows = list(iter_jsonl(path, tolerate_torn_tail=partial))
    except SeerError as e:
        out.add("invalid_json", str(e), name)
        return None
    for lineno, obj in rows:
        try:
            items.append(model.model_validate(obj))
        except ValidationError as e:
            for err in e.errors():
                out.add("invalid_record", err["msg"], name, obj.get("id") if isinstance(obj, dict) else None,
                        f"line {lineno}: " + ".".join(str(x) for x in err["loc"]))
    return items


def _load_tools(root: Path, out: _Collector) -> list[Tool] | None:
    path = root / TOOLS
    if not path.is_file():
        out.add("missing_file", f"{TOOLS} is missing", TOOLS)
        return None
    try:
        doc = json.loads(read_text(path))
        raw = doc["tools"]
    except SeerError as e:
        out.add("invalid_json", str(e), TOOLS)
        return None
    except (json.JSONDecodeError, KeyError, TypeError) as e:
        out.add("invalid_json", f"not a tools/list document: {e}", TOOLS)
        return None
    tools = []
    for i, t in enumerate(raw):
        try:
            tools.append(Tool.model_validate(t))
        except ValidationError as e:
            out.add("invalid_tool", e.errors()[0]["msg"], TOOLS, path=f"tools[{i}]")
    return tools


def _load_manifest(root: Path, out: _Collector) -> Manifest | None:
    path = root / MANIFEST
    if not path.is_file():
        out.add("missing_file", f"{MANIFEST} is missing", MANIFEST)
        return None
    try:
        return Manifest.model_validate_json(read_text(path))
    except SeerError as e:
        out.add("invalid_json", str(e), MANIFEST)
        return None
    except ValidationError as e:
        err = e.errors()[0]
        out.add("invalid_manifest", err["msg"], MANIFEST, path=".".join(str(x) for x in err["loc"]))
        return None


def _check_calls(s: Scenario, tools: dict[str, Tool], out: _Collector) -> None:
    if not s.calls:
        out.add("no_calls", "scenario has no calls", SCENARIOS, s.id, "calls")
    for i, c in enumerate(s.calls):
        where = f"calls[{i}]"
        tool = tools.get(c.tool)
        if tool is None:
            out.add("unknown_tool", f"tool {c.tool!r} is not in tools.json", SCENARIOS, s.id, f"{where}.tool")
            continue
        for p, msg in schema_errors(tool.input_schema, c.arguments):
            out.add("invalid_arguments", msg, SCENARIOS, s.id, f"{where}.arguments" + (f".{p}" if p else ""))
        if c.output is None:
            out.add("missing_output", "call has no mock output", SCENARIOS, s.id, f"{where}.output")
        elif tool.output_schema is not None and not c.is_error:
            if not isinstance(c.output, dict):
                out.add("invalid_output", "tool has an outputSchema but the output is not an object",
                        SCENARIOS, s.id, f"{where}.output")
            else:
                for p, msg in schema_errors(tool.output_schema, c.output):
                    out.add("invalid_output", msg, SCENARIOS, s.id, f"{where}.output" + (f".{p}" if p else ""))


def _check_turns(s: Scenario, out: _Collector) -> None:
    turns = s.turns or s.single_turn()
    flat = [i for t in turns for i in t.calls]
    n = len(s.calls)
    for ti, t in enumerate(turns):
        for k, i in enumerate(t.calls):
            if not 0 <= i < n:
                out.add("turn_call_out_of_range", f"call index {i} does not exist ({n} calls)", SCENARIOS, s.id,
                        f"turns[{ti}].calls[{k}]")
    seen: set[int] = set()
    for pos, i in enumerate(flat):
        if i in seen:
            out.add("turn_call_duplicated", f"call {i} appears in more than one place", SCENARIOS, s.id, "turns")
        seen.add(i)
    missing = sorted(set(range(n)) - seen)
    if missing:
        out.add("turn_call_missing", f"calls {missing} are in no turn", SCENARIOS, s.id, "turns")
    in_range = [i for i in flat if 0 <= i < n]
    if in_range != sorted(in_range):
        out.add("turn_call_order", f"turns list calls out of order: {in_range}", SCENARIOS, s.id, "turns")


def _id_arguments(interp: ToolInterpretation | None) -> dict[str, str]:
    """Argument name -> entity kind, for arguments that name an existing entity."""
    if interp is None:
        return {}
    return {p.name: p.entity or interp.entity for p in interp.parameters if p.role.value == "identifier"}


def _check_ids(s: Scenario, interps: dict[str, ToolInterpretation], out: _Collector) -> None:
    """A value used to refer to an entity must come from somewhere: a precondition, an earlier output or call."""
    n = len(s.calls)
    known = {e.id for e in s.state.preconditions} | {e.id for e in s.state.entities if e.created_by is None}
    produced_kinds: dict[str, int] = {}  # entity kind -> first call index that produced one
    for e in s.state.entities:
        if e.created_by is None:
            continue
        if not 0 <= e.created_by < n:
            out.add("entity_creator_out_of_range", f"entity {e.id!r} created_by {e.created_by} does not exist",
                    SCENARIOS, s.id, "state.entities")
            continue
        c = s.calls[e.created_by]
        if not _value_in(e.id, strings_in([c.output, c.arguments])):
            out.add("entity_not_in_creator", f"entity {e.id!r} does not appear in call {e.created_by}",
                    SCENARIOS, s.id, f"calls[{e.created_by}]")
        produced_kinds.setdefault(e.kind, e.created_by)
    earlier: set[str] = set(known)
    for i, c in enumerate(s.calls):
        interp = interps.get(c.tool)
        # A create call introduces the value it names (as do entities the state says this call created).
        introduced = {e.id for e in s.state.entities if e.created_by == i}
        for arg, src in c.sources.items():
            where = f"calls[{i}].arguments.{arg}"
            try:
                val = c.argument_at(arg)  # a nested value is named by its path: `params.layer_id`
            except KeyError:
                out.add("source_argument_missing", f"sources names {arg!r} but the call has no such argument",
                        SCENARIOS, s.id, where)
                continue
            if not 0 <= src < i:
                out.add("source_not_earlier", f"source call {src} is not an earlier call", SCENARIOS, s.id, where)
            else:
                prior = s.calls[src]
                if not _value_in(val, strings_in([prior.output, prior.arguments])):
                    out.add("id_inconsistent", f"value {val!r} does not appear in the output of call {src}",
                            SCENARIOS, s.id, where)
        creates = interp is not None and interp.action.value == "create"
        for arg, kind in _id_arguments(interp).items():
            if creates or arg in c.sources or arg not in c.arguments or produced_kinds.get(kind, i) >= i:
                continue
            val = c.arguments[arg]
            if isinstance(val, str) and val in introduced:
                continue
            if not _value_in(val, earlier):
                out.add("id_inconsistent",
                        f"{kind} {val!r} is used before any earlier output or precondition has it",
                        SCENARIOS, s.id, f"calls[{i}].arguments.{arg}")
        earlier |= strings_in([c.output, c.arguments])


def _value_in(value: Any, strings: set[str]) -> bool:
    """Every string in `value` is one of `strings` or written inside one of them as a whole token
    (an id inside a sentence: "Created file /srv/a.md", "Opened issue #82")."""
    def inside(v: str) -> bool:
        token = re.compile(r"(?<!\w)" + re.escape(v) + r"(?!\w)")
        return any(token.search(s) for s in strings)

    return all(v in strings or inside(v) for v in strings_in(value))


def _check_manifest(m: Manifest, tools: list[Tool], scenarios: list[Scenario], out: _Collector) -> None:
    if m.partial:
        out.add("partial_harness", f"generation did not finish (stop_reason: {m.stop_reason})", MANIFEST, path="partial")
    # A finished harness's manifest counts what it holds; a partial one's is the snapshot of its last
    # checkpoint, and scenarios only ever join the files after it, so it may count less, never more.
    differs = (lambda claimed, value: claimed > value) if m.partial else (lambda claimed, value: claimed != value)
    actual = {
        "tools": len(tools),
        "scenarios": len(scenarios),
        "simple": sum(s.complexity == "simple" for s in scenarios),
        "complex": sum(s.complexity == "complex" for s in scenarios),
        "multi_turn": sum(len(s.turns) > 1 for s in scenarios),
        "calls": sum(len(s.calls) for s in scenarios),
    }
    for key, value in actual.items():
        claimed = getattr(m.counts, key)
        if differs(claimed, value):
            out.add("manifest_count", f"counts.{key} is {claimed} but the harness has {value}", MANIFEST,
                    path=f"counts.{key}")
    if m.coverage.total_tools != len(tools):
        out.add("manifest_count", f"coverage.total_tools is {m.coverage.total_tools} but tools.json has {len(tools)}",
                MANIFEST, path="coverage.total_tools")
    per_tool: dict[str, int] = {}
    for s in scenarios:
        for c in s.calls:
            per_tool[c.tool] = per_tool.get(c.tool, 0) + 1
    need = max(m.coverage.min_per_tool, 1)
    covered = sum(1 for t in tools if per_tool.get(t.name, 0) >= need)
    if differs(m.coverage.covered_tools, covered):
        out.add("manifest_count", f"coverage.covered_tools is {m.coverage.covered_tools} but {covered} tools have "
                f"{need}+ calls", MANIFEST, path="coverage.covered_tools")
    if tools and differs(round(m.coverage.ratio, 3), round(covered / len(tools), 3)):
        out.add("manifest_count", f"coverage.ratio is {m.coverage.ratio} but {covered}/{len(tools)} tools are covered",
                MANIFEST, path="coverage.ratio")
    if m.sources and sum(src.tool_count for src in m.sources) != len(tools):
        out.add("manifest_count", f"sources list {sum(src.tool_count for src in m.sources)} tools but tools.json has "
                f"{len(tools)}", MANIFEST, path="sources")
    for name, count in sorted(m.coverage.per_tool.items()):
        if differs(count, per_tool.get(name, 0)):
            out.add("manifest_count", f"coverage.per_tool[{name!r}] is {count} but the scenarios call it "
                    f"{per_tool.get(name, 0)} times", MANIFEST, path=f"coverage.per_tool.{name}")


def _check_tasks(tasks: list[Task], scenarios: list[Scenario], out: _Collector, *, partial: bool = False) -> None:
    by_id = {t.id: t for t in tasks}
    for s in scenarios:
        t = by_id.pop(s.id, None)
        if t is None:
            if not partial:  # a partial harness's tasks are written when its run gets to them
                out.add("task_missing", "scenario has no task in tasks.jsonl", TASKS, s.id)
        elif t.turns != [u.user for u in (s.turns or s.single_turn())]:
            out.add("task_mismatch", "task turns differ from the scenario's user turns", TASKS, s.id, "turns")
    for extra in sorted(by_id):
        out.add("task_without_scenario", "task has no scenario in scenarios.jsonl", TASKS, extra)


def validate_harness(root: str | Path) -> ValidationReport:
    """Check every file and scenario of a harness; never raises for problems inside it."""
    root = Path(root)
    report = ValidationReport(str(root))
    out = _Collector(report)
    if not root.is_dir():
        out.add("missing_file", "not a directory", str(root))
        return report
    if not (root / MANIFEST).exists() and (root / RUN_DIR).is_dir():
        out.add("partial_harness", "generation was interrupted before it wrote its manifest; the same command "
                "with --resume continues it", MANIFEST, path="partial")
        return report
    manifest = _load_manifest(root, out)
    partial = manifest is not None and manifest.partial
    tools = _load_tools(root, out)
    scenarios = _load_lines(root, SCENARIOS, Scenario, out, partial=partial)
    tasks = _load_lines(root, TASKS, Task, out, partial=partial, may_lack=True)
    interps = _load_lines(root, INTERPRETATIONS, ToolInterpretation, out, partial=partial, may_lack=True) or []
    tool_map = {t.name: t for t in tools or []}
    for name, count in sorted(Counter(t.name for t in tools or []).items()):
        if count > 1:
            out.add("duplicate_tool", f"tool {name!r} is listed {count} times", TOOLS)
    interp_map = {i.tool: i for i in interps}
    for i in interps:
        if tools is not None and i.tool not in tool_map:
            out.add("unknown_tool", f"interpretation of unknown tool {i.tool!r}", INTERPRETATIONS, path="tool")
    ids: set[str] = set()
    for s in scenarios or []:
        if s.id in ids:
            out.add("duplicate_scenario", "scenario id is used twice", SCENARIOS, s.id, "id")
        ids.add(s.id)
        if tools is not None:
            _check_calls(s, tool_map, out)
        _check_turns(s, out)
        _check_ids(s, interp_map, out)
    if manifest is not None and tools is not None and scenarios is not None:
        _check_manifest(manifest, tools, scenarios, out)
    if tasks is not None and scenarios is not None:
        _check_tasks(tasks, scenarios, out, partial=partial)
    report.checked = {"tools": len(tools or []), "scenarios": len(scenarios or []),
                      "calls": sum(len(s.calls) for s in scenarios or []), "tasks": len(tasks or [])}
    return report

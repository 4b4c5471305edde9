"""The verification report: totals per tool, per spec and overall, and its table for the terminal."""

from __future__ import annotations

import re
from collections import Counter
from statistics import mean
from typing import Any

from common.files import Harness
from harness.verify_metrics import summarise

MISSING = "missing_precondition"
ALREADY = re.compile(r"already exists|exists already|EEXIST|file exists", re.I)
# what servers say when the thing a call names is not there (files, refs, entities, repositories)
NOT_FOUND = re.compile(
    r"no such file|not found|does not exist|doesn't exist|ENOENT|unknown revision|bad revision|"
    r"did not match any|could not be resolved|not a valid (object|ref)|BadName|not a git repository|"
    r"ambiguous argument|malformed object name|cannot find|no entity|invalid reference|Ref .* did not resolve", re.I)


def _error_kinds(calls: list[dict[str, Any]], top: int = 3) -> list[dict[str, Any]]:
    """The most frequent failure messages (first line, ids and paths blurred so alike ones group)."""
    def blur(msg: str) -> str:
        line = (msg or "").strip().splitlines()[0] if (msg or "").strip() else ""
        line = re.sub(r"(/[^\s'\"]+)+", "PATH", line)
        return re.sub(r"\b[0-9a-f]{7,64}\b", "HASH", line)[:160]

    counts = Counter(blur(c["error"]) for c in calls if not c["ok"])
    return [{"message": m, "count": n} for m, n in counts.most_common(top)]


def aggregate(harness: Harness, server: str, setup: str | None, results: list[dict[str, Any]],
              spec_of: dict[str, str], *, seconds: float) -> dict[str, Any]:
    calls = [c for r in results for c in r["calls"]]
    by_tool: dict[str, list[dict[str, Any]]] = {}
    for c in calls:
        by_tool.setdefault(c["tool"], []).append(c)
    tool_rows = {}
    for name in sorted(by_tool):
        row = summarise(by_tool[name])
        row["spec"] = spec_of.get(name, "")
        row["errors"] = _error_kinds(by_tool[name])
        tool_rows[name] = row
    specs: dict[str, Any] = {}
    for spec in sorted({r["spec"] for r in tool_rows.values()}):
        spec_calls = [c for n, cs in by_tool.items() if tool_rows[n]["spec"] == spec for c in cs]
        specs[spec] = summarise(spec_calls) | {"tools": sorted(n for n in tool_rows if tool_rows[n]["spec"] == spec)}
    pre = [p for r in results for p in r["preconditions"]]
    ran = [r for r in results if r["error"] is None]
    startups = [r["startup_seconds"] for r in results if "startup_seconds" in r]
    return {
        "harness": str(harness.root),
        "server": server,
        "setup": setup,
        "isolation": "fresh sandbox and server process per scenario",
        "scenarios": len(results),
        "scenarios_errored": len(results) - len(ran),
        "scenarios_completed": sum(1 for r in results if r.get("completed")),
        "completion_rate": round(sum(1 for r in results if r.get("completed")) / len(results), 4) if results else None,
        "overall": summarise(calls),
        "specs": specs,
        "tools": tool_rows,
        "uncalled_tools": sorted(set(spec_of) - set(tool_rows)),
        # least executable first, then least like the real output
        "worst_tools": sorted(tool_rows, key=lambda n: (tool_rows[n]["executability"] or 0.0,
                                                        tool_rows[n]["text_similarity"] or 0.0, n))[:5],
        "preconditions": {
            "total": len(pre),
            "established": sum(1 for p in pre if p["ok"]),
            "without_creator": sum(1 for p in pre if p["tool"] is None),
        },
        "timing": {
            "total_seconds": seconds,
            "startup_seconds_mean": round(mean(startups), 3) if startups else None,
            "scenario_seconds_mean": round(mean(r["seconds"] for r in results), 3) if results else None,
            # share of the run spent starting servers: the price of one fresh process per scenario
            "startup_share": round(sum(startups) / seconds, 3) if seconds and startups else None,
        },
        "scenario_results": results,
    }


def _pct(v: float | None) -> str:
    return "—" if v is None else f"{100 * v:.0f}%"


def _num(v: float | None) -> str:
    return "—" if v is None else f"{v:.2f}"


def render_table(report: dict[str, Any]) -> Any:
    """A rich renderable: one row per tool, a total row per spec and overall."""
    from rich.console import Group
    from rich.table import Table

    t = Table(title=f"seer verify — {report['harness']}", title_justify="left")
    for col, right in (("spec", False), ("tool", False), ("calls", True), ("executable", True),
                       ("missing pre.", True), ("other fails", True), ("text sim.", True),
                       ("keys", True), ("types", True), ("schema ok", True)):
        t.add_column(col, justify="right" if right else "left")

    def row(spec: str, tool: str, s: dict[str, Any], style: str | None = None) -> None:
        t.add_row(spec, tool, str(s["calls"]), _pct(s["executability"]), str(s["missing_precondition"]),
                  str(s["failed"] - s["missing_precondition"]), _num(s["text_similarity"]),
                  _num(s["key_agreement"]), _num(s["type_agreement"]), _pct(s["schema_valid"]), style=style)

    for spec, s in report["specs"].items():
        for name in s["tools"]:
            row(spec, name, report["tools"][name])
        row(spec, "(all)", s, "bold")
    if len(report["specs"]) > 1:
        row("", "(overall)", report["overall"], "bold")
    timing = report["timing"]
    footer = (f"scenarios: {report['scenarios']}, completed {report['scenarios_completed']} "
              f"({_pct(report['completion_rate'])}), errored {report['scenarios_errored']}; "
              f"preconditions established {report['preconditions']['established']}/{report['preconditions']['total']}; "
              f"server start-up {timing['startup_seconds_mean']} s per scenario, {timing['total_seconds']} s in all")
    return Group(t, footer)

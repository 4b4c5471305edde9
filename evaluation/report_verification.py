"""The report's "verification" section: what `seer verify` measured against the real server.

Shown for every harness directory holding `verification.json` (written by `seer verify`):
headline numbers, a per-tool table (executability, failures for a missing precondition apart,
fidelity of the mocks, the most frequent failure) and a figure of executability and text
similarity per tool. Absent reports make the section disappear.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from evaluation.figures import PALETTE, _figure, short
from evaluation.report_base import Figure, ReportContext, Section, esc, figure_slot, key_values, png_bytes, slug, table
from schemas.errors import SeerError

FILE_NAME = "verification.json"  # harness.verify.FILE_NAME, not imported: the report must not pull in mcp


def load_verification(root: Path) -> dict[str, Any] | None:
    path = Path(root) / FILE_NAME
    if not path.is_file():
        return None
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as e:
        raise SeerError(f"{path}: not a readable verification report: {e}") from None
    for key in ("overall", "tools", "scenarios"):
        if not isinstance(data, dict) or key not in data:
            raise SeerError(f"{path}: not a verification report (no {key!r})")
    return data


def _pct(v: float | None) -> str | None:
    return None if v is None else f"{100 * v:.1f}%"


def _figure_for(name: str, tools: dict[str, Any]) -> Figure:
    names = sorted(tools, key=lambda t: (tools[t]["executability"] or 0, t))
    fig = _figure(8, max(2.2, 0.28 * len(names) + 1.2))
    ax = fig.add_subplot()
    y = range(len(names))
    ax.barh([i - 0.2 for i in y], [tools[t]["executability"] or 0 for t in names], height=0.4,
            color=PALETTE[2], label="executability")
    ax.barh([i + 0.2 for i in y], [tools[t]["text_similarity"] or 0 for t in names], height=0.4,
            color=PALETTE[0], label="text similarity to the real output")
    ax.set_yticks(list(y), [short(t) for t in names], fontsize=8)
    ax.set_xlim(0, 1)
    ax.set_title(f"{name}: per tool, against the real server", fontsize=10)
    ax.legend(fontsize=8, loc="lower right")
    title = f"Executability and mock text similarity per tool ({name})"
    return Figure(name=f"verification-{slug(name)}", title=title, png=png_bytes(fig),
                  alt=f"{title}; {len(names)} tools, all shown, sorted by executability")


def verification_section(ctx: ReportContext) -> Section | None:
    found = [(name, h, load_verification(h.root)) for name, h in ctx.named()]
    found = [(name, h, v) for name, h, v in found if v is not None]
    if not found:
        return None
    parts: list[str] = ["<p>Calls replayed against the real MCP server by <code>seer verify</code>: a call is "
                        "executable when it returns without a protocol error and without <code>isError</code>; "
                        "failures because something the call names did not exist are counted apart.</p>"]
    figures, summary = [], {}
    for name, _, v in found:
        o = v["overall"]
        parts.append(f"<h3>{esc(name)}</h3><p>Server: <code>{esc(v.get('server'))}</code>"
                     f"{' — setup: <code>' + esc(v['setup']) + '</code>' if v.get('setup') else ''}</p>")
        timing = v.get("timing") or {}
        parts.append(key_values([
            ("scenarios", v["scenarios"]), ("scenarios completed", _pct(v.get("completion_rate"))),
            ("calls", o["calls"]), ("executability", _pct(o["executability"])),
            ("executability, missing preconditions set apart", _pct(o["executability_excluding_missing"])),
            ("failed for a missing precondition", o["missing_precondition"]),
            ("text similarity (token F1)", o["text_similarity"]), ("key agreement", o["key_agreement"]),
            ("type agreement", o["type_agreement"]), ("real output valid against outputSchema", _pct(o["schema_valid"])),
            ("server start-up per scenario (s)", timing.get("startup_seconds_mean")),
        ]))
        rows = []
        for tool, t in sorted(v["tools"].items(), key=lambda kv: (kv[1].get("spec", ""), kv[0])):
            top = (t.get("errors") or [{}])[0]
            rows.append((t.get("spec", ""), tool, t["calls"], _pct(t["executability"]), t["missing_precondition"],
                         t["failed"] - t["missing_precondition"], t["text_similarity"], t["key_agreement"],
                         t["type_agreement"], _pct(t["schema_valid"]),
                         f"{top['message']} (×{top['count']})" if top else ""))
        parts.append(table(["spec", "tool", "calls", "executable", "missing pre.", "other failures", "text sim.",
                            "keys", "types", "schema valid", "most frequent failure"], rows, numeric_from=2))
        if v.get("worst_tools"):
            parts.append(f"<p>Worst tools (least executable, then least like the real output): "
                         f"{esc(', '.join(v['worst_tools']))}</p>")
        if v.get("uncalled_tools"):
            parts.append(f"<p>Tools no verified scenario called: {esc(', '.join(v['uncalled_tools']))}</p>")
        if v["tools"]:
            fig = _figure_for(name, v["tools"])
            figures.append(fig)
            parts.append(figure_slot(fig.name))
        summary[name] = {"overall": o, "completion_rate": v.get("completion_rate"), "scenarios": v["scenarios"],
                         "tools": {k: {m: t[m] for m in ("calls", "executability", "missing_precondition",
                                                          "text_similarity", "key_agreement", "schema_valid")}
                                   for k, t in v["tools"].items()}}
    return Section(id="verification", title="Verification against real servers", html="".join(parts),
                   figures=tuple(figures), summary=summary)

"""The files `seer coverage` writes: coverage.csv (every curve point), summary.json, and coverage.html with
one figure per spec (a panel per dimension: share reached against scenarios, a line per strategy for the mean
over seeds and a band from the lowest to the highest seed)."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

from matplotlib.figure import Figure as MplFigure

from common.files import interrupts_held, write_bytes, write_text
from evaluation.coverage_compare import DIMENSIONS, Comparison
from evaluation.figures import PALETTE
from evaluation.report import ReportResult, render_html
from evaluation.report_base import Figure, Section, png_bytes, slug, table


CSV = "coverage.csv"


def spec_figure(cmp: Comparison, spec: str) -> Figure:
    strategies = [s for (sp, s) in cmp.groups() if sp == spec]
    runs = cmp.groups()[spec, strategies[0]]
    fig = MplFigure(figsize=(13, 3.6), layout="constrained")
    axes = fig.subplots(1, len(DIMENSIONS), squeeze=False)[0]
    for ax, d in zip(axes, DIMENSIONS):
        total = runs[0].totals[d]
        for i, strategy in enumerate(strategies):
            mean, low, high = cmp.band(spec, strategy, d)
            x = range(1, len(mean) + 1)
            color = PALETTE[i % len(PALETTE)]
            ax.plot(x, [100 * v for v in mean], color=color, label=strategy, linewidth=1.6)
            ax.fill_between(x, [100 * v for v in low], [100 * v for v in high], color=color, alpha=0.18, linewidth=0)
        ax.set_title(f"{d} ({total:,})" if total else f"{d} (none in this spec)")
        ax.set_xlabel("scenarios")
        ax.set_xscale("log")
        ax.set_ylim(0, 102)
        ax.grid(alpha=0.3)
    axes[0].set_ylabel("reached (%)")
    axes[0].legend(fontsize=8, title="strategy")
    seeds = len(runs)
    fig.suptitle(f"{spec}: coverage against scenarios, mean and band over {seeds} seed(s)", fontweight="bold")
    return Figure(f"coverage-{slug(spec)}", f"{spec}: coverage per dimension", png_bytes(fig),
                  alt=f"{spec}: share of tools, parameters, enum values and tool-graph edges reached against scenarios "
                      f"generated, one line per strategy ({', '.join(strategies)}), band over {seeds} seeds")


def _needed(row: dict) -> str:
    if row["total"] == 0:
        return "—"
    if row["reached_by"] == 0:
        return "not reached"
    text = f"{row['needed_mean']:.1f} [{row['needed_low']:.1f}, {row['needed_high']:.1f}]"
    return text if row["reached_by"] == row["seeds"] else f"{text} ({row['reached_by']}/{row['seeds']} seeds)"


def write(cmp: Comparison, out: Path, *, seed: int = 0) -> ReportResult:
    """Compute everything, then write every file (each atomically, together under interrupts_held)."""
    summary = cmp.summary(seed=seed)
    specs = list(dict.fromkeys(r.spec for r in cmp.runs))
    sections = []
    for spec in specs:
        rows = [r for r in summary if r["spec"] == spec]
        html = table(["strategy", "dimension", "size", "scenarios to 100% (mean, 95% CI)", "final share",
                      "scenarios", "Gini of calls per tool"],
                     [(r["strategy"], r["dimension"], r["total"], _needed(r), f"{r['final_ratio']:.1%}",
                       r["scenarios"], r["gini_calls"]) for r in rows], numeric_from=2)
        sections.append(Section(slug(spec), spec, html, (spec_figure(cmp, spec),)))
    buf = io.StringIO()
    csv.writer(buf, lineterminator="\n").writerows(cmp.csv_rows())
    strategies = list(dict.fromkeys(r.strategy for r in cmp.runs))
    seeds = sorted({r.seed for r in cmp.runs})
    html = render_html("Agent Seer coverage: " + ", ".join(specs), sections,
                       f"strategies {', '.join(strategies)} · seeds {', '.join(map(str, seeds))}")
    doc = {"specs": specs, "strategies": strategies, "seeds": seeds, "summary": summary,
           "runs": [{"spec": r.spec, "strategy": r.strategy, "seed": r.seed, "scenarios": len(r.curves["tools"]),
                     "seconds": r.seconds, "totals": r.totals} for r in cmp.runs]}
    paths = ReportResult(out, out / "coverage.html", out / "summary.json",
                         tuple(out / "figures" / f"{f.name}.png" for s in sections for f in s.figures))
    with interrupts_held():
        (out / "figures").mkdir(parents=True, exist_ok=True)
        for s in sections:
            for f in s.figures:
                write_bytes(out / "figures" / f"{f.name}.png", f.png)
        write_text(out / CSV, buf.getvalue())
        write_text(paths.summary, json.dumps(doc, indent=2) + "\n")
        write_text(paths.html, html)
    return paths

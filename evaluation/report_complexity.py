"""The report's "schema complexity" section: the paper's table relating input-schema complexity to scores.

Spec level: one point per spec (mean parameters per tool, optional-parameter ratio, tool count)
against the spec's mean record score. Tool level: one point per tool (its parameters and optional
ratio) against the mean score of the records whose oracle workflow calls it.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from statistics import fmean
from typing import Sequence


from evaluation import figures
from evaluation.generation_stats import tool_specs
from evaluation.report_base import ReportContext, Section, esc, figure_slot, slug, table
from evaluation.report_scores_io import matched_records
from evaluation.stats import pearson  # the grader's guarded correlation (None when undefined)
from schemas import Tool

METRICS = (("params_per_tool", "Parameters per tool"), ("optional_ratio", "Optional-parameter ratio"),
           ("tools", "Tool count"))


@dataclass(frozen=True)
class ToolComplexity:
    tool: str
    spec: str
    params: int
    optional: int

    @property
    def optional_ratio(self) -> float:
        return self.optional / self.params if self.params else 0.0


def tool_complexity(t: Tool, spec: str) -> ToolComplexity:
    props = t.input_schema.get("properties") or {}
    required = set(t.input_schema.get("required") or [])
    return ToolComplexity(t.name, spec, len(props), sum(1 for p in props if p not in required))


def suite_tools(ctx: ReportContext) -> dict[tuple[str, str], Tool]:
    """(spec, tool) -> Tool over all harnesses; two harnesses of the same spec count its tools once."""
    out: dict[tuple[str, str], Tool] = {}
    for h in ctx.harnesses:
        specs = tool_specs(h)
        for t in h.tools:
            out.setdefault((specs[t.name] or "(unnamed)", t.name), t)
    return out


def spec_profiles(tools: dict[tuple[str, str], Tool]) -> dict[str, dict[str, float]]:
    """Spec -> params_per_tool, optional_ratio, tools (and max_depth when the specs package is present)."""
    by_spec: dict[str, list[Tool]] = defaultdict(list)
    for (spec, _), t in tools.items():
        by_spec[spec].append(t)
    out = {}
    for spec, ts in sorted(by_spec.items()):
        cs = [tool_complexity(t, spec) for t in ts]
        params = sum(c.params for c in cs)
        out[spec] = {"params_per_tool": params / len(cs), "optional_ratio": sum(c.optional for c in cs) / params
                     if params else 0.0, "tools": len(cs)}
        depth = _max_depth(ts)
        if depth is not None:
            out[spec]["max_depth"] = depth
    return out


def _max_depth(tools: Sequence[Tool]) -> int | None:
    try:  # the spec-ingestion package's measure, when present, adds nesting depth to the table
        from specs.profile import nesting_depth
    except ImportError:
        return None
    return max((nesting_depth(t.input_schema) for t in tools), default=0)


def _spec_points(profiles: dict[str, dict], records) -> dict[str, list[float]]:
    scores: dict[str, list[float]] = defaultdict(list)
    for _, scenario, rec in records:
        spec = rec.spec or "+".join(scenario.specs)
        if spec in profiles:  # cross-spec records (`a+b`) have no single profile
            scores[spec].append(rec.score)
    return scores


def _tool_points(ctx: ReportContext, records) -> list[tuple[ToolComplexity, float, int]]:
    """(tool complexity, mean score of the records calling it, records) for every called tool."""
    specs = [tool_specs(h) for h in ctx.harnesses]
    per_tool: dict[tuple[str, str], list[float]] = defaultdict(list)
    for i, scenario, rec in records:
        for name in set(scenario.tools):
            per_tool[(specs[i].get(name) or "(unnamed)", name)].append(rec.score)
    tools = suite_tools(ctx)
    return [(tool_complexity(tools[key], key[0]), fmean(v), len(v)) for key, v in sorted(per_tool.items())
            if key in tools]


def _correlations(ctx: ReportContext, score_set, idx: int) -> tuple[str, dict, list]:
    records, _ = matched_records(ctx, score_set)
    profiles = spec_profiles(suite_tools(ctx))
    spec_scores = _spec_points(profiles, records)
    specs = sorted(spec_scores)
    tool_pts = _tool_points(ctx, records)
    rows, summary = [], {}
    for key, label in METRICS:
        sr, sp = pearson([profiles[s][key] for s in specs], [fmean(spec_scores[s]) for s in specs])
        if key == "tools":
            tr = tp = None
        else:
            attr = "params" if key == "params_per_tool" else "optional_ratio"
            tr, tp = pearson([getattr(c, attr) for c, _, _ in tool_pts], [m for _, m, _ in tool_pts])
        rows.append((label, sr, sp, len(specs), tr, tp, len(tool_pts) if key != "tools" else None))
        summary[key] = {"spec_r": sr, "spec_p": sp, "spec_n": len(specs), "tool_r": tr, "tool_p": tp,
                        "tool_n": len(tool_pts) if key != "tools" else None}
    tag = f"complexity-{idx}-{slug(score_set.name)}"
    figs = []
    if specs:
        pts = [(s, profiles[s]["params_per_tool"], fmean(spec_scores[s])) for s in specs]
        figs.append(figures.scatter_figure(
            f"Spec level ({score_set.name}): parameters per tool vs mean score{_rp(summary, 'spec')}",
            "mean parameters per tool", pts, f"{tag}-spec"))
    if tool_pts:
        pts = [(c.tool, float(c.params), m) for c, m, _ in tool_pts]
        figs.append(figures.scatter_figure(
            f"Tool level ({score_set.name}): parameters vs mean score of records{_rp(summary, 'tool')}",
            "top-level parameters", pts, f"{tag}-tool", groups=[c.spec for c, _, _ in tool_pts]))
    html = (f"<h3>Scores: {esc(score_set.name)} <span class=\"meta\">{esc(score_set.path)}</span></h3>"
            + table(["schema measure", "spec-level r", "p", "specs", "tool-level r", "p", "tools"], rows,
                    caption="Pearson correlation with the mean record score (— : fewer than 3 points or constant)")
            + "".join(figure_slot(f.name) for f in figs))
    return html, {"judge": score_set.judge, "label": score_set.name, "path": str(score_set.path),
                  "correlations": summary,
                  "spec_scores": {s: fmean(spec_scores[s]) for s in specs}}, figs


def _rp(summary: dict, level: str) -> str:
    c = summary["params_per_tool"]
    r, p = c[f"{level}_r"], c[f"{level}_p"]
    return "" if r is None else f"\nPearson r = {r:.2f}, p = {p:.3g}, n = {c[f'{level}_n']}"


def complexity_section(ctx: ReportContext) -> Section | None:
    if not ctx.harnesses:
        return None
    profiles = spec_profiles(suite_tools(ctx))
    has_depth = any("max_depth" in p for p in profiles.values())
    headers = ["spec", "tools", "parameters per tool", "optional ratio"] + (["max depth"] if has_depth else [])
    rows = [(s, p["tools"], p["params_per_tool"], p["optional_ratio"]) + ((p.get("max_depth"),) if has_depth else ())
            for s, p in profiles.items()]
    parts = [table(headers, rows, caption="Input-schema complexity per spec")]
    summary: dict = {"profiles": profiles, "by_scores": []}
    figs: list = []
    if not ctx.score_sets:
        parts.append("<p>Give <code>--scores</code> to relate schema complexity to scores.</p>")
    for i, score_set in enumerate(ctx.score_sets):
        html, s, f = _correlations(ctx, score_set, i)
        parts.append(html)
        summary["by_scores"].append(s)
        figs.extend(f)
    return Section("complexity", "Schema complexity vs scores", "".join(parts), tuple(figs), summary)

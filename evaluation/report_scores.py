"""The report's "scores" and "agreement" sections, built on evaluation.stats (summarize, agreement)."""

from __future__ import annotations

from collections import defaultdict
from itertools import combinations

from evaluation import figures
from evaluation.report_base import ReportContext, ScoreSet, Section, esc, figure_slot, key_values, slug, table
from evaluation.report_scores_io import matched_records
from evaluation.stats import agreement, summarize
from schemas import Interval

PERFECT = 1.0 - 1e-9
COMPLEXITIES = ("all", "simple", "complex")


def ci(i: Interval | None) -> str:
    return "—" if i is None else f"{i.mean:.3f} [{i.low:.3f}, {i.high:.3f}] n={i.n}"


def distribution(scores: list[float]) -> dict[str, float | int | None]:
    n = len(scores)
    return {"n": n, "perfect": sum(s >= PERFECT for s in scores) / n if n else None,
            "below_0_5": sum(s < 0.5 for s in scores) / n if n else None}


def _pct(x: float | None) -> str:
    return "—" if x is None else f"{x:.1%}"


def _interval_rows(intervals: dict[str, Interval]) -> list[tuple]:
    return [(k, i.mean, i.low, i.high, i.n) for k, i in intervals.items()]


def _one_set(ctx: ReportContext, idx: int, s: ScoreSet) -> tuple[str, dict, list]:
    summary = summarize(s.records, s.judge)
    matched, unmatched = matched_records(ctx, s)
    groups: dict[str, list[float]] = defaultdict(list)
    for r in s.records:
        groups["all"].append(r.score)
        groups[r.complexity or "unknown"].append(r.score)
    dist = {k: distribution(v) for k, v in groups.items()}
    cxs = [c for c in COMPLEXITIES if c in groups] + sorted(set(groups) - set(COMPLEXITIES))
    tag = f"scores-{idx}-{slug(s.name)}"
    fig = figures.score_histogram(f"Record scores: {s.name} ({len(s.records)} records)",
                                  {k: v for k, v in groups.items() if k != "all"}, f"{tag}-hist")
    parts = [
        f'<h3>{esc(s.name)} <span class="meta">{esc(s.path)}</span></h3>',
        key_values([("records", summary.records), ("records with an error", summary.errors),
                    ("records matched to a harness scenario", len(matched)),
                    *((f"{how} aggregate", round(v, 4)) for how, v in summary.overall.items())]),
    ]
    if unmatched:
        shown = ", ".join(unmatched[:20]) + (" …" if len(unmatched) > 20 else "")
        parts.append(f'<p class="warn">{len(unmatched)} record(s) name scenarios that no given harness holds '
                     f"(counted in the score tables, left out of the schema-complexity analysis): {esc(shown)}</p>")
    spec_rows = [(spec, *(ci(by.get(c)) for c in COMPLEXITIES)) for spec, by in summary.by_spec.items()]
    parts.append(table(["spec", "all", "simple", "complex"], spec_rows,
                       caption="Mean record score per spec with 95% bootstrap CI, by complexity"))
    parts.append(table(["complexity", "records", "perfect (1.0)", "below 0.5"],
                       [(c, dist[c]["n"], _pct(dist[c]["perfect"]), _pct(dist[c]["below_0_5"])) for c in cxs],
                       caption="Score distribution"))
    parts.append(figure_slot(fig.name))
    headers = ["", "mean", "95% low", "95% high", "n"]
    parts.append(table(["dimension", *headers[1:]], _interval_rows(summary.dimensions), caption="Dimensions"))
    if summary.subdimensions:
        parts.append(table(["sub-dimension", *headers[1:]], _interval_rows(summary.subdimensions),
                           caption="Sub-dimensions"))
    if summary.coherence:
        parts.append(table(["coherence", *headers[1:]], _interval_rows(summary.coherence), caption="Coherence"))
    if summary.failure_modes:
        rows = [(k, n, _pct(summary.failure_rates.get(k))) for k, n in summary.failure_modes.items()]
        parts.append(table(["sub-dimension", "records below 1.0", "share"], rows, caption="Failure modes"))
    else:
        parts.append("<p>No failure modes: every sub-dimension is 1.0 in every record.</p>")
    data = {"path": str(s.path), "judge": s.judge, "label": s.name, "summary": summary.model_dump(mode="json"),
            "distribution": dist, "matched": len(matched), "unmatched": unmatched}
    return "".join(parts), data, [fig]


def scores_section(ctx: ReportContext) -> Section | None:
    if not ctx.score_sets:
        return None
    html, sets, figs = [], [], []
    for i, s in enumerate(ctx.score_sets):
        h, d, f = _one_set(ctx, i, s)
        html.append(h)
        sets.append(d)
        figs.extend(f)
    return Section("scores", "Scores", "".join(html), tuple(figs), {"sets": sets})


def _record_keys(a: ScoreSet, b: ScoreSet) -> set[tuple]:
    """The records of `a` as `b` can share them: by harness too when both sets name theirs (ids repeat across harnesses)."""
    stamped = all(r.harness for r in a.records + b.records)
    return {(r.harness if stamped else None, r.spec, r.scenario_id) for r in a.records}


def agreement_section(ctx: ReportContext) -> Section | None:
    if len(ctx.score_sets) < 2:
        return None
    rows, data, figs, disjoint = [], [], [], 0
    for (i, a), (j, b) in combinations(enumerate(ctx.score_sets), 2):
        if not _record_keys(a, b) & _record_keys(b, a):
            disjoint += 1  # score sets of different harnesses: nothing to agree on, so no empty row per pair
            continue
        ag = agreement(a.records, b.records)
        data.append({"a_path": str(a.path), "b_path": str(b.path), "a_label": a.name, "b_label": b.name,
                     **ag.model_dump(mode="json")})
        rows.append((f"{a.name} vs {b.name}", ag.records, ag.pearson_r, ag.pearson_p, ag.specs, ag.spearman_rho,
                     ag.spearman_p, ci(ag.mean_shift)))
        right = {(r.spec, r.scenario_id): r.score for r in b.records}
        pts = [(r.scenario_id, r.score, right[(r.spec, r.scenario_id)]) for r in a.records
               if (r.spec, r.scenario_id) in right]
        if pts:
            figs.append(figures.scatter_figure(f"Record scores: {a.name} (x) vs {b.name} (y)", f"{a.name} score",
                                               pts, f"agreement-{i}-{j}", ylabel=f"{b.name} score", diagonal=True))
    if not data:
        return Section("agreement", "Judge agreement", f"<p>No two score sets share a record ({disjoint} pairs "
                       "compared): agreement needs two gradings of the same scenarios.</p>", (),
                       {"pairs": [], "disjoint_pairs": disjoint})
    html = table(["score sets", "shared records", "Pearson r", "p", "specs", "Spearman ρ (spec ranking)", "p",
                  "mean shift b − a [95% CI]"], rows, caption="Agreement between score sets")
    if disjoint:
        html += f"<p>{disjoint} pairs of score sets that share no record are not shown.</p>"
    dims = [(f"{d['a_label']} vs {d['b_label']}", *(d["dimensions"].get(k) for k in sorted(d["dimensions"])))
            for d in data]
    keys = sorted(data[0]["dimensions"]) if data else []
    if keys:
        html += table(["score sets", *keys], dims, caption="Pearson r per dimension")
    return Section("agreement", "Judge agreement", html + "".join(figure_slot(f.name) for f in figs), tuple(figs),
                   {"pairs": data, "disjoint_pairs": disjoint})


score_sections = (scores_section, agreement_section)

"""The report's "generation" section: what each harness contains (the paper's diversity analyses)."""

from __future__ import annotations

from evaluation import figures
from evaluation.generation_stats import TIERS, GenerationStats, generation_stats
from evaluation.report_base import ReportContext, Section, esc, figure_slot, key_values, slug, table

TOP_ROWS = 15  # rows of the top-pairs, top-transitions and category tables before the rest is folded
FAILURE_ROWS = 200


def _details(summary: str, body: str) -> str:
    return f"<details><summary>{esc(summary)}</summary>{body}</details>"


def _overview(all_stats: list[GenerationStats]) -> str:
    rows = [(s.name, s.tools, s.scenarios, s.calls, f"{s.coverage_ratio:.1%}", s.gini, s.unique_pairs,
             s.unique_transitions, len(s.categories), s.length_mean(), s.length_max()) for s in all_stats]
    return table(["harness", "tools", "scenarios", "calls", "coverage", "usage Gini", "co-occurrence pairs",
                  "transitions", "categories", "mean length", "max length"], rows, caption="Overview")


def _coverage_html(s: GenerationStats, slot: str) -> str:
    parts = [f"<h4>Coverage</h4>{figure_slot(slot)}"]
    if s.uncovered:
        parts.append(table(["uncovered tool", "calls", "reason"], [(c.tool, c.calls, c.reason) for c in s.uncovered],
                           caption=f"{len(s.uncovered)} tools below {s.min_per_tool} call", numeric_from=1))
    else:
        parts.append(f"<p>Every tool is called at least {s.min_per_tool} time(s).</p>")
    if s.skipped_tools:
        parts.append(table(["tool skipped at load", "reason"], s.skipped_tools, numeric_from=2))
    rows = [(c.tool, c.spec, c.calls, c.scenarios) for c in sorted(s.coverage, key=lambda c: (-c.calls, c.tool))]
    parts.append(_details(f"Calls per tool (all {s.tools})", table(["tool", "spec", "calls", "scenarios"], rows,
                                                                   numeric_from=2)))
    if s.manifest_mismatches:
        items = "".join(f"<li>{esc(m)}</li>" for m in s.manifest_mismatches)
        parts.append(f'<p class="warn">The manifest disagrees with the scenarios:</p><ul>{items}</ul>')
    return "".join(parts)


def _diversity_html(s: GenerationStats, graph_slot: str, heat_slot: str) -> str:
    pairs = sorted(s.pairs.items(), key=lambda kv: (-kv[1], kv[0]))
    trans = sorted(((a, b, w) for (a, b), w in s.transitions.items() if a != b), key=lambda t: (-t[2], t[0], t[1]))
    return "".join([
        "<h4>Diversity</h4>",
        key_values([("tool-usage Gini (0 = even)", round(s.gini, 4)),
                    ("unique co-occurrence pairs", s.unique_pairs),
                    ("unique directed transitions (tool → other tool)", s.unique_transitions),
                    ("tools repeated back to back", s.self_transitions)]),
        figure_slot(graph_slot),
        table(["tool", "tool", "scenarios using both"], [(a, b, w) for (a, b), w in pairs[:TOP_ROWS]], numeric_from=2,
              caption=f"Most frequent co-occurrence pairs (top {min(TOP_ROWS, len(pairs))} of {len(pairs)})"),
        figure_slot(heat_slot),
        table(["from", "to", "times"], trans[:TOP_ROWS], numeric_from=2,
              caption=f"Most frequent transitions (top {min(TOP_ROWS, len(trans))} of {len(trans)})"),
    ])


def _structure_html(s: GenerationStats, length_slot: str) -> str:
    cats = sorted(s.categories.items(), key=lambda kv: (-kv[1], kv[0]))
    cat_table = table(["category", "scenarios"], cats)
    structure = table(
        ["complexity", "scenarios", "mean length", "max length", "multi-turn", "expansion rate"],
        [(k, s.complexity.get(k, 0), s.length_mean(k), s.length_max(k), s.multi_turn.get(k, 0),
          None if s.expansion_rate(k) is None else f"{s.expansion_rate(k):.1%}") for k in ("simple", "complex")],
        caption="Simple vs complex",
    )
    specs = {c.spec for c in s.coverage}
    cross = f"<p>{s.cross_spec} of {s.scenarios} scenarios combine tools of several specs.</p>" if len(specs) > 1 else ""
    return "".join([
        "<h4>Structure</h4>", structure, cross, figure_slot(length_slot),
        f"<p>{len(cats)} categories.</p>",
        cat_table if len(cats) <= TOP_ROWS else _details(f"Scenarios per category ({len(cats)})", cat_table),
    ])


def _grounding_usage_html(s: GenerationStats) -> str:
    total = sum(s.grounding.values()) or 1
    grounding = table(["grounding tier", "calls", "share"],
                      [(t, s.grounding.get(t, 0), f"{s.grounding.get(t, 0) / total:.1%}") for t in TIERS],
                      caption="Mock-output grounding")
    usage_rows = [(stage, u["requests"], u["cache_hits"], u["prompt_tokens"], u["completion_tokens"], u["cost_usd"])
                  for stage, u in s.usage.items()]
    usage = table(["stage", "requests", "cache hits", "prompt tokens", "completion tokens", "cost (USD)"], usage_rows,
                  caption="Tokens and cost (cost — when a model's price is unknown)")
    parts = ["<h4>Grounding, cost and failures</h4>", grounding, usage]
    if s.failures:
        parts.append(table(["stage", "failures"], sorted(s.failures.items()), caption="Failures recorded in the manifest"))
    else:
        parts.append("<p>No failures recorded in the manifest.</p>")
    return "".join(parts)


def _failure_list(h, limit: int = FAILURE_ROWS) -> str:
    failures = h.manifest.failures
    if not failures:
        return ""
    rows = [(f.stage, f.item, f.path, f.reason, f.recovered_by) for f in failures[:limit]]
    more = f" (first {limit} of {len(failures)})" if len(failures) > limit else ""
    return _details(f"Every failure{more}", table(["stage", "item", "path", "reason", "recovered by"], rows,
                                                  numeric_from=5))


def generation_section(ctx: ReportContext) -> Section | None:
    if not ctx.harnesses:
        return None
    all_stats, figs, parts = [], [], []
    for name, h in ctx.named():
        s = generation_stats(h, name)
        all_stats.append(s)
        key = slug(name)
        slots = {k: f"{key}-{k}" for k in ("coverage", "cooccurrence", "transitions", "lengths")}
        made = [figures.coverage_figure(s, slots["coverage"]), figures.cooccurrence_figure(s, slots["cooccurrence"]),
                figures.transition_figure(s, slots["transitions"]), figures.length_figure(s, slots["lengths"])]
        figs.extend(f for f in made if f is not None)
        m = h.manifest
        parts.append("".join([
            f'<section class="harness" id="gen-{esc(key)}"><h3>{esc(name)}</h3>',
            f"<p class=\"meta\">{esc(h.root)} · engines {esc(', '.join(f'{k}={v}' for k, v in sorted(m.generator.engines.items())))}"
            f" · seed {esc(m.generator.seed)} · strategy {esc(m.generator.strategy)}"
            f"{' · <b>partial</b> (' + esc(m.stop_reason) + ')' if m.partial else ''}</p>",
            _coverage_html(s, slots["coverage"]),
            _diversity_html(s, slots["cooccurrence"], slots["transitions"]),
            _structure_html(s, slots["lengths"]),
            _grounding_usage_html(s),
            _failure_list(h),
            "</section>",
        ]))
    html = (_overview(all_stats) if len(all_stats) > 1 else "") + "".join(parts)
    summary = {"harnesses": {s.name: s.summary() for s in all_stats}}
    return Section("generation", "Generation", html, tuple(figs), summary)

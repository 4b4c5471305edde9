"""`seer report`: assemble section builders into report.html, PNG figures and summary.json.

The page is self-contained (CSS inline, every figure embedded as a base64 PNG, no scripts) so it
opens offline and can be mailed around; the same PNGs are also written to `figures/`.
"""

from __future__ import annotations

import base64
import json
from dataclasses import dataclass, replace
from datetime import datetime, timezone
from pathlib import Path
from typing import Sequence

from common.files import Harness, interrupts_held, load_harness, write_bytes, write_text
from common.registry import Registry
from evaluation.generation_stats import harness_name
from evaluation.report_base import Figure, ReportContext, ScoreSet, Section, SectionBuilder, esc, figure_slot
from evaluation.report_scores_io import load_score_set
from schemas.errors import SeerError

# The page's sections in order; an installed package adds one under the entry-point group agent_seer.report_sections
# (it comes after these), `seer report --sections` picks some.
SECTIONS: Registry[SectionBuilder] = Registry("report section", {
    "generation": "evaluation.report_generation:generation_section",
    "scores": "evaluation.report_scores:scores_section",
    "agreement": "evaluation.report_scores:agreement_section",
    "complexity": "evaluation.report_complexity:complexity_section",
    "verification": "evaluation.report_verification:verification_section",
}, group="agent_seer.report_sections")


def default_sections(names: Sequence[str] | None = None) -> tuple[SectionBuilder, ...]:
    """The builders of `names` (every registered section when None), in the order given."""
    return tuple(SECTIONS.get(n) for n in (SECTIONS.names() if names is None else names))


FIGURES_DIR = "figures"

CSS = """
body{font:14px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;margin:0;color:#222;background:#fafafa}
header{background:#233;color:#fff;padding:14px 28px}header h1{margin:0;font-size:22px}
nav{padding:8px 28px;background:#eef;position:sticky;top:0}nav a{margin-right:16px}
main{padding:8px 28px;max-width:1400px}
h2{border-bottom:2px solid #233;padding-top:14px}h3{margin-top:28px;color:#233}h4{margin-bottom:6px}
table{border-collapse:collapse;margin:8px 0 14px;font-size:13px}caption{text-align:left;font-weight:600;padding:4px 0}
th,td{border:1px solid #ccd;padding:3px 8px;text-align:left;vertical-align:top}th{background:#eef}
td.num{text-align:right;font-variant-numeric:tabular-nums}table.kv th{font-weight:normal}
figure{margin:10px 0 18px}figure img{max-width:100%;height:auto;border:1px solid #ddd;background:#fff}
figcaption{font-size:12px;color:#555}.meta{color:#555;font-size:12px}.warn{color:#a40}
details{margin:6px 0 12px}summary{cursor:pointer;color:#235}
"""


@dataclass(frozen=True)
class ReportResult:
    out: Path
    html: Path
    summary: Path
    figures: tuple[Path, ...]


def unique_names(harnesses: Sequence[Harness]) -> tuple[str, ...]:
    """Spec-based names; harnesses of the same specs are told apart by their directory name."""
    base = [harness_name(h) for h in harnesses]
    names = []
    for h, b in zip(harnesses, base):
        name = b if base.count(b) == 1 else f"{b} ({h.root.name})"
        while name in names:
            name += "'"
        names.append(name)
    return tuple(names)


def labelled(score_sets: Sequence[ScoreSet]) -> tuple[ScoreSet, ...]:
    """Give each score set a unique label: its judge, with the file or directory name when judges repeat."""
    judges = [s.judge for s in score_sets]
    out, seen = [], set()
    for s in score_sets:
        label = s.judge if judges.count(s.judge) == 1 else f"{s.judge} ({_short_path(s, score_sets)})"
        while label in seen:
            label += "'"
        seen.add(label)
        out.append(replace(s, label=label))
    return tuple(out)


def _short_path(s: ScoreSet, score_sets: Sequence[ScoreSet]) -> str:
    """The fewest trailing path parts (`scores.jsonl` left out) that tell `s` from the other sets of its judge.

    Grading runs of several harnesses usually share a directory name (`h1/scores`, `h2/scores`), so the
    last name alone would leave the reader with labels that differ only by primes.
    """
    def parts(x: ScoreSet) -> list[str]:
        path = Path(x.path)
        if path.name == "scores.jsonl":
            path = path.parent
        ps = list((path.with_suffix("") if path.suffix == ".jsonl" else path).parts)
        return [q for q in ps if q not in ("/", "")]

    mine = parts(s)
    others = [parts(o) for o in score_sets if o is not s and o.judge == s.judge]
    for k in range(1, len(mine) + 1):
        if all(o[-k:] != mine[-k:] for o in others):
            return "/".join(mine[-k:])
    return "/".join(mine[-1:])


def _figure_html(f: Figure, rel: str) -> str:
    data = base64.b64encode(f.png).decode("ascii")
    return (f'<figure id="fig-{esc(f.name)}"><img src="data:image/png;base64,{data}" alt="{esc(f.alt or f.title)}"'
            f' data-file="{esc(rel)}"><figcaption>{esc(f.title)} · <code>{esc(rel)}</code></figcaption></figure>')


def _section_html(s: Section) -> str:
    body = s.html
    for f in s.figures:
        html = _figure_html(f, f"{FIGURES_DIR}/{f.name}.png")
        slot = figure_slot(f.name)
        body = body.replace(slot, html) if slot in body else body + html
    return f'<section id="{esc(s.id)}"><h2>{esc(s.title)}</h2>{body}</section>'


def render_html(title: str, sections: Sequence[Section], meta: str) -> str:
    nav = "".join(f'<a href="#{esc(s.id)}">{esc(s.title)}</a>' for s in sections)
    body = "".join(_section_html(s) for s in sections)
    return (f'<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>{esc(title)}</title>'
            f'<meta name="viewport" content="width=device-width, initial-scale=1"><style>{CSS}</style></head>'
            f'<body><header><h1>{esc(title)}</h1><div class="meta" style="color:#cde">{esc(meta)}</div></header>'
            f"<nav>{nav}</nav><main>{body}</main></body></html>\n")


def build_sections(ctx: ReportContext, builders: Sequence[SectionBuilder]) -> list[Section]:
    sections, ids, names = [], set(), set()
    for build in builders:
        s = build(ctx)
        if s is None:
            continue
        if s.id in ids:
            raise ValueError(f"two report sections share the id {s.id!r}")
        for f in s.figures:
            if f.name in names:
                raise ValueError(f"two report figures share the name {f.name!r}")
            names.add(f.name)
        ids.add(s.id)
        sections.append(s)
    return sections


def build_report(harness_dirs: Sequence[Path], out: Path, score_paths: Sequence[Path] = (),
                 builders: Sequence[SectionBuilder] | None = None, options: dict | None = None) -> ReportResult:
    if not harness_dirs:
        raise SeerError("seer report: give at least one harness directory")
    harnesses = tuple(load_harness(d) for d in harness_dirs)
    score_sets = labelled([load_score_set(p) for p in score_paths])
    ctx = ReportContext(harnesses, unique_names(harnesses), score_sets, dict(options or {}))
    sections = build_sections(ctx, default_sections() if builders is None else builders)
    out = Path(out)
    fig_dir = out / FIGURES_DIR
    current = {f"{f.name}.png" for s in sections for f in s.figures}
    created = datetime.now(timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
    title = "Agent Seer report: " + ", ".join(ctx.names)
    meta = f"{len(harnesses)} harness(es), {len(score_sets)} score set(s) · {created}"
    html = render_html(title, sections, meta)
    figures = [fig_dir / f"{f.name}.png" for s in sections for f in s.figures]
    summary = {
        "harnesses": [{"name": n, "path": str(h.root)} for n, h in ctx.named()],
        "scores": [{"path": str(s.path), "judge": s.judge, "label": s.name, "records": len(s.records)}
                   for s in score_sets],
        "sections": {s.id: s.summary for s in sections},
        "figures": [f"{FIGURES_DIR}/{p.name}" for p in figures],
    }
    html_path, summary_path = out / "report.html", out / "summary.json"
    # Everything is computed before the first byte is written; each file is replaced atomically and Ctrl-C
    # waits until all are, so an interrupted report leaves the previous one (or nothing), never a mix.
    with interrupts_held():
        fig_dir.mkdir(parents=True, exist_ok=True)
        for stale in fig_dir.glob("*.png"):  # figures of an earlier report in the same directory
            if stale.name not in current:
                stale.unlink()
        for s in sections:
            for f in s.figures:
                write_bytes(fig_dir / f"{f.name}.png", f.png)
        write_text(html_path, html)
        write_text(summary_path, json.dumps(summary, indent=2, ensure_ascii=False, default=str) + "\n")
    return ReportResult(out, html_path, summary_path, tuple(figures))


def split_inputs(paths: Sequence[Path], scores: Sequence[Path]) -> tuple[list[Path], list[Path]]:
    """Harness directories vs score sets. `--scores A B` leaves B among the positional paths (the
    CLI parser takes one value per option), so a positional path that is not a harness becomes a
    score set when --scores was given; otherwise it is an error naming the path."""
    harnesses, extra = [], []
    for p in paths:
        if (Path(p) / "manifest.json").is_file():
            harnesses.append(Path(p))
        elif scores and Path(p).exists():
            extra.append(Path(p))
        else:
            raise SeerError(f"{p}: not a harness directory (no manifest.json)")
    return harnesses, [*map(Path, scores), *extra]

"""The report's extension contract: a section builder takes the context and returns a Section.

A builder is any callable `(ReportContext) -> Section | None` (None: nothing to show for these
inputs, e.g. no scores given). Its HTML is a fragment; every text that came from a spec or a
harness must go through `esc` or the table helpers. A figure is placed where the fragment holds
`figure_slot(name)`, or appended after the fragment when it has no slot.
"""

from __future__ import annotations

import html
import io
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterable, Sequence

from common.files import Harness


@dataclass(frozen=True)
class Figure:
    name: str  # file stem, unique within a report: [a-z0-9_-]
    title: str
    png: bytes
    alt: str = ""


@dataclass(frozen=True)
class Section:
    id: str  # key in summary.json["sections"] and the HTML anchor
    title: str
    html: str
    figures: tuple[Figure, ...] = ()
    summary: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class ScoreSet:
    """One set of graded records (a `--scores` argument)."""

    path: Path
    judge: str
    records: tuple  # schemas.RecordScore, in file order
    label: str = ""  # unique display name within a report (the judge, plus the file when judges repeat)

    @property
    def name(self) -> str:
        return self.label or self.judge


@dataclass(frozen=True)
class ReportContext:
    harnesses: tuple[Harness, ...]
    names: tuple[str, ...]  # one unique display name per harness, same order
    score_sets: tuple[ScoreSet, ...] = ()
    options: dict[str, Any] = field(default_factory=dict)  # free-form inputs for plug-in sections

    def named(self) -> list[tuple[str, Harness]]:
        return list(zip(self.names, self.harnesses))


SectionBuilder = Callable[[ReportContext], "Section | None"]


def slug(text: str) -> str:
    s = re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")
    return s or "x"


def figure_slot(name: str) -> str:
    return f"<!--figure:{name}-->"


def esc(value: object) -> str:
    return html.escape("" if value is None else str(value), quote=True)


def fmt(value: object, digits: int = 3) -> str:
    """Numbers for people: floats rounded, None as an em dash."""
    if value is None:
        return "—"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, float):
        return f"{value:.{digits}f}"
    if isinstance(value, int):
        return f"{value:,}"
    return str(value)


def table(headers: Sequence[str], rows: Iterable[Sequence[object]], *, caption: str | None = None,
          numeric_from: int = 1) -> str:
    """An escaped HTML table; columns from `numeric_from` on are right-aligned."""
    out = ["<table>"]
    if caption:
        out.append(f"<caption>{esc(caption)}</caption>")
    out.append("<thead><tr>" + "".join(f"<th>{esc(h)}</th>" for h in headers) + "</tr></thead><tbody>")
    for row in rows:
        cells = []
        for i, v in enumerate(row):
            cls = ' class="num"' if i >= numeric_from else ""
            cells.append(f"<td{cls}>{esc(fmt(v))}</td>")
        out.append("<tr>" + "".join(cells) + "</tr>")
    out.append("</tbody></table>")
    return "".join(out)


def key_values(pairs: Iterable[tuple[str, object]]) -> str:
    """A two-column definition table for headline numbers."""
    rows = "".join(f"<tr><th>{esc(k)}</th><td class=\"num\">{esc(fmt(v))}</td></tr>" for k, v in pairs)
    return f'<table class="kv">{rows}</table>'


def png_bytes(fig) -> bytes:
    """Render a matplotlib Figure (built without pyplot, so no global backend state) to PNG."""
    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=110, metadata={"Software": None})  # constrained layout: no "tight" re-draw
    return buf.getvalue()

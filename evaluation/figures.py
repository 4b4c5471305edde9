"""Report figures, drawn with matplotlib's object API (no pyplot: no global backend or figure state).

Large suites stay readable by showing the top N and aggregating the rest (the 235-tool Azure spec
is the yardstick): every figure that leaves something out says so in its title.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from typing import Sequence

import networkx as nx
import numpy as np
from matplotlib.figure import Figure as MplFigure

from evaluation.generation_stats import GenerationStats
from evaluation.report_base import Figure, png_bytes

ALL_BARS = 40  # up to this many tools, every tool gets its own coverage bar
GRAPH_NODES = 20
GRAPH_EDGES = 45
HEATMAP_TOOLS = 18
HEATMAP_GROUPED = 15  # per panel when tools and tool groups are shown side by side
PALETTE = ("#4C72B0", "#DD8452", "#55A868", "#C44E52", "#8172B3", "#937860", "#DA8BC3", "#8C8C8C")
SPEC_COLORS = ("#55A868", "#4C72B0", "#8172B3", "#DD8452", "#937860", "#DA8BC3", "#8C8C8C")  # no red: red = uncovered
COLORS = {"simple": "#4C72B0", "complex": "#DD8452", "uncovered": "#C44E52", "covered": "#55A868"}


def short(label: str, width: int = 30) -> str:
    return label if len(label) <= width else label[: width - 1] + "…"


def _figure(width: float, height: float) -> MplFigure:
    return MplFigure(figsize=(width, height), layout="constrained")


def coverage_figure(stats: GenerationStats, name: str) -> Figure:
    rows = sorted(stats.coverage, key=lambda c: (-c.calls, c.tool))
    if len(rows) <= ALL_BARS:
        fig = _figure(7.5, max(2.5, 0.26 * len(rows) + 1.2))
        ax = fig.subplots()
        _coverage_bars(ax, rows, stats.min_per_tool)
        scope = f"calls per tool, all {stats.tools} tools"
        ax.set_title(f"Calls per tool ({stats.covered}/{stats.tools} covered)")
    else:
        fig = _figure(12, 7.5)
        left, right = fig.subplots(1, 2, width_ratios=[1, 1.25])
        counts = np.array([c.calls for c in rows])
        top = int(counts.max()) if counts.size else 0
        # One bin per count when few; else wider bins, but zero always alone so uncovered tools stand out.
        bins = (np.arange(-0.5, top + 1.5, 1) if top <= 30
                else np.concatenate([[-0.5], np.linspace(0.5, top + 0.5, 31)]))
        _, edges, patches = left.hist(counts, bins=bins, color=COLORS["covered"], edgecolor="white")
        for patch, hi in zip(patches, edges[1:]):
            if hi <= stats.min_per_tool - 0.5 + 1e-9:
                patch.set_facecolor(COLORS["uncovered"])
        left.set_xlabel("calls to the tool across all scenarios")
        left.set_ylabel("tools")
        left.set_title(f"Distribution over all {stats.tools} tools (red: below {stats.min_per_tool} call)")
        k = 15
        shown = rows[:k] + rows[-k:]
        _coverage_bars(right, shown, stats.min_per_tool, gap_after=k)
        scope = f"histogram over all {stats.tools} tools; {k} most and {k} least called of {stats.tools} tools"
        right.set_title(f"{k} most and {k} least called of {stats.tools} tools")
    fig.suptitle(f"{stats.name}: tool coverage {stats.coverage_ratio:.0%}", fontweight="bold")
    return Figure(name, "Tool coverage", png_bytes(fig), alt=f"Tool coverage of {stats.name}: {scope}")


def _coverage_bars(ax, rows, min_per_tool: int, gap_after: int | None = None) -> None:
    """Covered tools green (one colour per spec when the harness has several), uncovered red."""
    ys = [i + (1 if gap_after is not None and i >= gap_after else 0) for i in range(len(rows))]
    specs = sorted({c.spec for c in rows})
    spec_color = {s: SPEC_COLORS[i % len(SPEC_COLORS)] for i, s in enumerate(specs)} if len(specs) > 1 else {}
    colors = [spec_color.get(c.spec, COLORS["covered"]) if c.covered else COLORS["uncovered"] for c in rows]
    ax.barh(ys, [c.calls for c in rows], color=colors)
    if spec_color:
        from matplotlib.patches import Patch

        ax.legend(handles=[Patch(color=c, label=s or "(unknown spec)") for s, c in spec_color.items()],
                  frameon=False, fontsize=8, loc="lower right")
    ax.set_yticks(ys, [short(c.tool) for c in rows], fontsize=8)
    ax.invert_yaxis()
    ax.axvline(min_per_tool, color="#555", linestyle=":", linewidth=1)
    ax.set_xlabel("calls")
    if gap_after is not None:
        ax.axhline(gap_after + 0.0, color="#999", linewidth=0.8, linestyle="--")


def _top(weights: Counter[str], n: int) -> list[str]:
    return [t for t, _ in sorted(weights.items(), key=lambda kv: (-kv[1], kv[0]))[:n]]


def tool_groups(stats: GenerationStats) -> dict[str, str] | None:
    """Tool -> group for aggregated views of large suites: the spec when there are several, else the
    name prefix (`storage_account_get` -> `storage`) when that gives a real grouping; None otherwise."""
    if len(stats.coverage) <= ALL_BARS:
        return None
    specs = {c.spec for c in stats.coverage}
    if len(specs) > 1:
        return {c.tool: c.spec or "(unnamed)" for c in stats.coverage}
    groups = {c.tool: re.split(r"[_\-.]", c.tool, maxsplit=1)[0] for c in stats.coverage}
    n = len(set(groups.values()))
    return groups if 3 <= n <= 0.6 * len(groups) else None


def _grouped(pairs: Counter, groups: dict[str, str], *, drop_self: bool) -> Counter:
    out: Counter = Counter()
    for (a, b), w in pairs.items():
        ga, gb = groups.get(a, a), groups.get(b, b)
        if ga == gb and drop_self:
            continue
        out[(ga, gb) if not drop_self else tuple(sorted((ga, gb)))] += w
    return out


def _graph_panel(ax, pairs: Counter, node_weight: Counter, what: str) -> str:
    degree: Counter[str] = Counter()
    for (a, b), w in pairs.items():
        degree[a] += w
        degree[b] += w
    nodes = _top(degree, GRAPH_NODES)
    keep = set(nodes)
    edges = sorted(((a, b, w) for (a, b), w in pairs.items() if a in keep and b in keep),
                   key=lambda e: (-e[2], e[0], e[1]))[:GRAPH_EDGES]
    g = nx.Graph()
    g.add_nodes_from(nodes)
    g.add_weighted_edges_from(edges)
    pos = nx.circular_layout(nodes)
    wmax = max((w for _, _, w in edges), default=1)
    cmax = max((node_weight.get(n, 0) for n in nodes), default=1) or 1
    nx.draw_networkx_edges(g, pos, ax=ax, width=[0.6 + 5.0 * w / wmax for _, _, w in edges],
                           alpha=0.45, edge_color="#4C72B0")
    nx.draw_networkx_nodes(g, pos, ax=ax, node_color="#DD8452",
                           node_size=[80 + 520 * node_weight.get(n, 0) / cmax for n in nodes])
    for n, (x, y) in pos.items():
        angle = math.degrees(math.atan2(y, x))
        flip = 90 < angle or angle < -90
        ax.text(x * 1.09, y * 1.09, short(n, 28), fontsize=8, rotation=angle + (180 if flip else 0),
                rotation_mode="anchor", ha="right" if flip else "left", va="center")
    ax.set_axis_off()
    ax.set_xlim(-2.0, 2.0)  # room for the radial labels, which matplotlib does not count as content
    ax.set_ylim(-2.0, 2.0)
    ax.set_aspect("equal")
    if len(degree) > len(nodes) or len(pairs) > len(edges):
        return f"top {len(nodes)} of {len(degree)} {what}, {len(edges)} strongest of {len(pairs)} pairs"
    return f"all {len(pairs)} pairs of {len(nodes)} {what}"


def cooccurrence_figure(stats: GenerationStats, name: str) -> Figure | None:
    if not stats.pairs:
        return None
    calls = Counter({c.tool: c.calls for c in stats.coverage})
    groups = tool_groups(stats)
    if groups is None:
        fig = _figure(9, 8.5)
        ax = fig.subplots()
        scope = _graph_panel(ax, stats.pairs, calls, "tools")
        ax.set_title(f"{stats.name}: tool co-occurrence ({scope})\nedge width = scenarios using both; "
                     "node size = calls", fontsize=10)
        alt = scope
    else:
        fig = _figure(17, 8.5)
        left, right = fig.subplots(1, 2)
        scope = _graph_panel(left, stats.pairs, calls, "tools")
        left.set_title(f"Tools ({scope})", fontsize=10)
        group_calls: Counter[str] = Counter()
        for tool, n in calls.items():
            group_calls[groups[tool]] += n
        gpairs = _grouped(stats.pairs, groups, drop_self=True)
        scope = _graph_panel(right, gpairs, group_calls, "tool groups") if gpairs else "no cross-group pairs"
        right.set_title(f"Tool groups by {_group_kind(stats)} ({scope})", fontsize=10)
        alt = f"{left.get_title()}; {right.get_title()}"
        fig.suptitle(f"{stats.name}: tool co-occurrence (edge width = scenarios using both; node size = calls)",
                     fontweight="bold")
    return Figure(name, "Tool co-occurrence", png_bytes(fig), alt=f"Co-occurrence graph of {stats.name}: {alt}")


def _group_kind(stats: GenerationStats) -> str:
    return "spec" if len({c.spec for c in stats.coverage}) > 1 else "name prefix"


def _heatmap_panel(fig, ax, trans: Counter, n: int, what: str) -> str:
    weight: Counter[str] = Counter()
    for (a, b), w in trans.items():
        weight[a] += w
        weight[b] += w
    top = _top(weight, n)
    rest = len(weight) - len(top)
    labels = [short(t, 26) for t in top] + ([f"other ({rest} {what})"] if rest else [])
    index = {t: i for i, t in enumerate(top)}
    m = np.zeros((len(labels), len(labels)), dtype=int)
    for (a, b), w in trans.items():
        m[index.get(a, len(top)), index.get(b, len(top))] += w
    # The colour scale follows the named block: an aggregated "other" row would wash it out.
    vmax = max(1, int(m[: len(top), : len(top)].max()))
    im = ax.imshow(np.ma.masked_equal(m, 0), cmap="Blues", vmin=0, vmax=vmax)
    ax.set_xticks(range(len(labels)), labels, rotation=60, ha="right", fontsize=8)
    ax.set_yticks(range(len(labels)), labels, fontsize=8)
    ax.set_xticks(np.arange(-0.5, len(labels)), minor=True)
    ax.set_yticks(np.arange(-0.5, len(labels)), minor=True)
    ax.grid(which="minor", color="#e4e4e4", linewidth=0.5)
    ax.tick_params(which="minor", length=0)
    ax.set_xlabel("next")
    ax.set_ylabel("from")
    if len(labels) <= 20:
        for (i, j), v in np.ndenumerate(m):
            if v:
                ax.text(j, i, str(v), ha="center", va="center", fontsize=7,
                        color="white" if v > 0.6 * vmax else "black")
    cb = fig.colorbar(im, ax=ax, shrink=0.6, label="transitions" + (" (scale clipped)" if m.max() > vmax else ""))
    cb.ax.yaxis.get_major_locator().set_params(integer=True)
    return f"top {len(top)} of {len(weight)} {what}, the rest aggregated" if rest else f"all {len(top)} {what}"


def transition_figure(stats: GenerationStats, name: str) -> Figure | None:
    if not stats.transitions:
        return None
    groups = tool_groups(stats)
    if groups is None:
        size = 3.0 + 0.42 * (min(HEATMAP_TOOLS, len(stats.transitions)) + 1)
        fig = _figure(size + 1.2, size)
        ax = fig.subplots()
        alt = _heatmap_panel(fig, ax, stats.transitions, HEATMAP_TOOLS, "tools")
        ax.set_title(f"{stats.name}: directed transitions between consecutive calls\n({alt})", fontsize=10)
    else:
        fig = _figure(17, 8.5)
        left, right = fig.subplots(1, 2)
        scope = _heatmap_panel(fig, left, stats.transitions, HEATMAP_GROUPED, "tools")
        left.set_title(f"Tools ({scope})", fontsize=10)
        scope = _heatmap_panel(fig, right, _grouped(stats.transitions, groups, drop_self=False), HEATMAP_GROUPED,
                               "groups")
        right.set_title(f"Tool groups by {_group_kind(stats)} ({scope})", fontsize=10)
        alt = f"{left.get_title()}; {right.get_title()}"
        fig.suptitle(f"{stats.name}: directed transitions between consecutive calls", fontweight="bold")
    return Figure(name, "Tool-to-tool transitions", png_bytes(fig), alt=f"Transition heatmap of {stats.name}: {alt}")


def length_figure(stats: GenerationStats, name: str) -> Figure | None:
    if not stats.scenarios:
        return None
    top = max(stats.lengths["all"])
    xs = np.arange(1, top + 1)
    fig = _figure(6.5, 3.6)
    ax = fig.subplots()
    bottom = np.zeros(len(xs))
    for k in ("simple", "complex"):
        ys = np.array([stats.lengths[k].get(int(x), 0) for x in xs])
        ax.bar(xs, ys, bottom=bottom, color=COLORS[k], label=f"{k} ({stats.complexity.get(k, 0)})")
        bottom += ys
    ax.set_xticks(xs)
    ax.set_xlabel("calls per scenario")
    ax.set_ylabel("scenarios")
    ax.legend(frameon=False)
    ax.set_title(f"{stats.name}: workflow length (mean {stats.length_mean():.2f}, max {stats.length_max()})")
    return Figure(name, "Workflow length", png_bytes(fig), alt=f"Workflow length histogram for {stats.name}")


def score_histogram(title: str, scores: dict[str, Sequence[float]], name: str) -> Figure:
    """Record scores per complexity, stacked, on 20 bins over [0, 1]."""
    fig = _figure(6.5, 3.6)
    ax = fig.subplots()
    groups = [k for k in ("simple", "complex") if scores.get(k)] + [k for k in scores if k not in COLORS and scores[k]]
    ax.hist([list(scores[k]) for k in groups], bins=np.linspace(0, 1, 21), stacked=True,
            color=[COLORS.get(k, "#8172B3") for k in groups], label=[f"{k} ({len(scores[k])})" for k in groups])
    ax.set_xlim(0, 1)
    ax.set_xlabel("record score")
    ax.set_ylabel("records")
    ax.legend(frameon=False, loc="upper left")
    ax.set_title(title, fontsize=10)
    return Figure(name, "Score distribution", png_bytes(fig), alt=title)


def scatter_figure(title: str, xlabel: str, points: Sequence[tuple[str, float, float]], name: str, *,
                   ylabel: str = "mean score", diagonal: bool = False, groups: Sequence[str] | None = None) -> Figure:
    """Points (label, x, y) with a least-squares line when there are at least three and both axes vary (or
    the y = x line when `diagonal`, for two scores of the same records); `groups` colours points, with a
    legend. Only the points farthest from the line are named (see `label_outliers`)."""
    return Figure(name, title, png_bytes(scatter(title, xlabel, points, ylabel=ylabel, diagonal=diagonal,
                                                 groups=groups)), alt=title)


def scatter(title: str, xlabel: str, points: Sequence[tuple[str, float, float]], *, ylabel: str = "mean score",
            diagonal: bool = False, groups: Sequence[str] | None = None) -> MplFigure:
    fig = _figure(6.5, 4.2)
    ax = fig.subplots()
    xs = np.array([p[1] for p in points], dtype=float)
    ys = np.array([p[2] for p in points], dtype=float)
    size = 18 if len(points) > 30 else 36
    keys = list(groups) if groups is not None and len(set(groups)) > 1 else [""] * len(points)
    for k, key in enumerate(dict.fromkeys(keys)):
        mask = np.array([g == key for g in keys])
        ax.scatter(xs[mask], ys[mask], color=PALETTE[k % len(PALETTE)], s=size, alpha=0.7, label=key or None)
    if any(keys):
        ax.legend(frameon=False, fontsize=8)
    expected = np.full(len(points), ys.mean() if len(points) else 0.0)
    if diagonal:
        ax.plot([0, 1], [0, 1], color="#999", linewidth=1, linestyle="--")
        ax.set_xlim(-0.02, 1.02)
        expected = xs
    elif len(points) >= 3 and np.ptp(xs) > 0 and np.ptp(ys) > 0:  # no trend drawn through constant scores
        slope, intercept = np.polyfit(xs, ys, 1)
        grid = np.linspace(xs.min(), xs.max(), 2)
        ax.plot(grid, slope * grid + intercept, color="#333", linewidth=1, linestyle="-.")
        expected = slope * xs + intercept
    ax.set_xlabel(xlabel)
    ax.set_ylabel(ylabel)
    ax.set_ylim(-0.02, 1.02)
    ax.set_title(title, fontsize=10)
    label_outliers(fig, ax, points, np.abs(ys - expected))
    return fig


_LABEL_PLACES = ((4, 4, "left", "bottom"), (-4, 4, "right", "bottom"), (4, -4, "left", "top"), (-4, -4, "right", "top"))


def label_outliers(fig: MplFigure, ax, points: Sequence[tuple[str, float, float]], distance: Sequence[float], *,
                   most: int = 6) -> list:
    """Name at most `most` points, the farthest from the line first (all of them when there are that few),
    each beside its point where the label stays inside the axes and clear of the labels already placed, or
    not at all: labels on every point of a cloud pile on each other and read as none. Returns the label boxes.

    The figure's constrained layout is settled first and then frozen, so that boxes are measured where the
    PNG will have them.
    """
    from matplotlib.backends.backend_agg import FigureCanvasAgg

    canvas = FigureCanvasAgg(fig)
    canvas.draw()
    fig.set_layout_engine("none")
    renderer = canvas.get_renderer()
    frame = ax.get_window_extent(renderer)
    placed: list = []
    for i in sorted(range(len(points)), key=lambda i: (-distance[i], i))[:most]:
        label, x, y = points[i]
        for dx, dy, ha, va in _LABEL_PLACES:
            text = ax.annotate(short(label, 22), (x, y), xytext=(dx, dy), textcoords="offset points", fontsize=7,
                               ha=ha, va=va)
            box = text.get_window_extent(renderer)
            inside = frame.x0 <= box.x0 and box.x1 <= frame.x1 and frame.y0 <= box.y0 and box.y1 <= frame.y1
            if inside and not any(box.overlaps(other) for other in placed):
                placed.append(box)
                break
            text.remove()
    return placed

"""Progress on stderr while `seer generate` runs: one bar per stage plus tool coverage."""

from __future__ import annotations

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress as Bars, TaskID, TextColumn, TimeElapsedColumn

from coordinator.coordinator import Progress
from schemas import STAGES, StageUsage

_LABELS = {"interpret": "interpret tools", "scenario": "write scenarios", "mock": "mock outputs", "expand": "expand dialogues"}


def usage_note(u: StageUsage) -> str:
    """`146 requests, 12 answers from cache, 252,806 tokens, $0.0312` (cost unknown for unpriced models)."""
    cost = "cost unknown" if u.cost_usd is None else f"${u.cost_usd:.4f}"
    cached = f", {u.cache_hits} answers from cache" if u.cache_hits else ""
    return f"{u.requests} requests{cached}, {u.prompt_tokens + u.completion_tokens:,} tokens, {cost}"


class ProgressDisplay:
    """Feed it `Progress` snapshots; bar totals grow as the coordinator plans more work."""

    def __init__(self, console: Console | None = None, enabled: bool = True):
        self.console = console or Console(stderr=True)
        self.enabled = enabled and self.console.is_terminal
        self._bars = Bars(
            TextColumn("{task.description:<18}"), BarColumn(), MofNCompleteColumn(), TextColumn("{task.fields[note]}"),
            TimeElapsedColumn(), console=self.console, transient=False,
        )
        self._ids: dict[str, TaskID] = {}

    def __enter__(self) -> "ProgressDisplay":
        if self.enabled:
            self._bars.start()
            for s in STAGES:
                self._ids[s] = self._bars.add_task(_LABELS[s], total=None, note="")
            self._ids["coverage"] = self._bars.add_task("tool coverage", total=None, note="")
        return self

    def __exit__(self, *exc: object) -> None:
        if self.enabled:
            self._bars.stop()

    def update(self, p: Progress) -> None:
        if not self.enabled:
            return
        for s in STAGES:
            submitted, done, failed = p.stages[s]
            self._bars.update(self._ids[s], total=max(submitted, 1), completed=done,
                              note=f"[red]{failed} failed[/]" if failed else "")
        pct = 100.0 * p.covered / p.total if p.total else 100.0
        self._bars.update(self._ids["coverage"], total=max(p.total, 1), completed=p.covered,
                          note=f"{pct:.0f}%  round {p.round}, {p.kept} kept")
        if p.usage is not None:
            if "usage" not in self._ids:
                self._ids["usage"] = self._bars.add_task("LLM requests", total=None, note="")
            done = p.usage.requests + p.usage.cache_hits  # a full bar: a count, not a fraction of a known total
            self._bars.update(self._ids["usage"], total=max(done, 1), completed=done, note=usage_note(p.usage))

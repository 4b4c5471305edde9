"""Coverage: how many times each tool has been called across the scenarios kept so far."""

from __future__ import annotations

from typing import Iterable

from schemas import Coverage, Scenario, UncoveredTool


class CoverageTracker:
    """Counts calls per tool. A tool is covered once it appears in `min_per_tool` calls.

    `planned` counts focus picks of the round being planned, so that a sampler spreads one
    round's requests over different tools instead of picking the same least-covered tool
    `batch_size` times.
    """

    def __init__(self, tools: Iterable[str], min_per_tool: int = 1):
        self.tools: list[str] = list(dict.fromkeys(tools))
        self.min_per_tool = min_per_tool
        self.counts: dict[str, int] = {t: 0 for t in self.tools}
        self.planned: dict[str, int] = {t: 0 for t in self.tools}
        self.excluded: dict[str, str] = {}  # tool -> why it cannot be sampled (e.g. interpretation failed)
        # Kept as counts change, not summed over every tool: progress asks for it after every stage call.
        self._covered = sum(1 for t in self.tools if self.is_covered(t))

    # -- updates -------------------------------------------------------------------------------
    def add(self, scenario: Scenario) -> None:
        self.add_tools(scenario.tools)

    def add_tools(self, tools: Iterable[str], sign: int = 1) -> None:
        for tool in tools:
            if tool in self.counts:
                was = self.is_covered(tool)
                self.counts[tool] += sign
                self._covered += self.is_covered(tool) - was

    def plan(self, tools: Iterable[str]) -> None:
        for t in tools:
            if t in self.planned:
                self.planned[t] += 1

    def clear_plan(self) -> None:
        self.planned = dict.fromkeys(self.tools, 0)

    def exclude(self, tool: str, reason: str) -> None:
        self.excluded[tool] = reason

    # -- queries -------------------------------------------------------------------------------
    @property
    def sampleable(self) -> list[str]:
        return [t for t in self.tools if t not in self.excluded]

    def expected(self, tool: str) -> int:
        """Calls counted so far plus picks already planned this round."""
        return self.counts[tool] + self.planned[tool]

    def is_covered(self, tool: str) -> bool:
        return self.counts[tool] >= self.min_per_tool

    def uncovered(self) -> list[str]:
        return [t for t in self.tools if not self.is_covered(t)]

    def needing(self) -> list[str]:
        """Uncovered tools a sampler can still do something about."""
        return [t for t in self.sampleable if not self.is_covered(t)]

    @property
    def covered_count(self) -> int:
        return self._covered

    @property
    def ratio(self) -> float:
        if not self.tools:
            return 1.0
        return self.covered_count / len(self.tools)

    @property
    def complete(self) -> bool:
        """No sampleable tool is uncovered: every uncovered tool is an excluded one (checked after each call)."""
        excluded_uncovered = sum(1 for t in self.excluded if t in self.counts and not self.is_covered(t))
        return len(self.tools) - self._covered == excluded_uncovered

    def to_model(self, stop_reason: str | None = None) -> Coverage:
        """The manifest's coverage block; every uncovered tool carries the reason it stayed so."""
        uncovered = []
        for t in self.uncovered():
            if t in self.excluded:
                reason = self.excluded[t]
            else:
                have = self.counts[t]
                reason = f"{have} of {self.min_per_tool} calls when generation stopped ({stop_reason or 'not finished'})"
            uncovered.append(UncoveredTool(tool=t, reason=reason))
        return Coverage(
            min_per_tool=self.min_per_tool,
            total_tools=len(self.tools),
            covered_tools=self.covered_count,
            ratio=round(self.ratio, 6),
            per_tool=dict(self.counts),
            uncovered=uncovered,
        )

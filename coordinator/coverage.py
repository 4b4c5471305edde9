"""Coverage: how many times each tool has been called across the scenarios kept so far."""

from __future__ import annotations

import random
from bisect import bisect_left, insort
from typing import Iterable

from schemas import Coverage, Scenario, UncoveredTool


class CoverageTracker:
    """Counts calls per tool. A tool is covered once it appears in `min_per_tool` calls.

    `planned` counts focus picks of the round being planned, so that a sampler spreads one
    round's requests over different tools instead of picking the same least-covered tool
    `batch_size` times.

    `counts` and `planned` are read-only outside this class: the tracker keeps the sampleable tools
    grouped by expected calls (tiers of spec positions, each kept sorted), so that finding the
    least-covered tools costs the tied tools, not a sort of every tool for every request. On a
    10,000-tool spec that sort was the part of a run that grew with the square of the spec.
    """

    def __init__(self, tools: Iterable[str], min_per_tool: int = 1):
        self.tools: list[str] = list(dict.fromkeys(tools))
        self.min_per_tool = min_per_tool
        self.counts: dict[str, int] = {t: 0 for t in self.tools}
        self.planned: dict[str, int] = {t: 0 for t in self.tools}
        self.excluded: dict[str, str] = {}  # tool -> why it cannot be sampled (e.g. interpretation failed)
        self._pos = {t: i for i, t in enumerate(self.tools)}
        self._tiers: dict[int, list[int]] = {0: list(range(len(self.tools)))} if self.tools else {}
        self._planned_now: list[str] = []  # tools planned this round: clearing the plan costs them only
        self._sampleable: list[str] | None = None
        # Kept as counts change, not summed over every tool: progress asks for it after every stage call.
        self._covered = sum(1 for t in self.tools if self.is_covered(t))

    # -- updates -------------------------------------------------------------------------------
    def add(self, scenario: Scenario) -> None:
        self.add_tools(scenario.tools)

    def add_tools(self, tools: Iterable[str], sign: int = 1) -> None:
        for tool in tools:
            if tool in self.counts:
                was, before = self.is_covered(tool), self.expected(tool)
                self.counts[tool] += sign
                self._covered += self.is_covered(tool) - was
                self._move(tool, before)

    def plan(self, tools: Iterable[str]) -> None:
        for t in tools:
            if t in self.planned:
                if not self.planned[t]:
                    self._planned_now.append(t)
                before = self.expected(t)
                self.planned[t] += 1
                self._move(t, before)

    def clear_plan(self) -> None:
        for t in self._planned_now:
            before = self.expected(t)
            self.planned[t] = 0
            self._move(t, before)
        self._planned_now = []

    def exclude(self, tool: str, reason: str) -> None:
        if tool in self._pos and tool not in self.excluded:
            self._leave(self._pos[tool], self.expected(tool))
            self._sampleable = None
        self.excluded[tool] = reason

    def _move(self, tool: str, before: int) -> None:
        after = self.expected(tool)
        if after != before and tool not in self.excluded:
            self._leave(self._pos[tool], before)
            insort(self._tiers.setdefault(after, []), self._pos[tool])

    def _leave(self, pos: int, tier_key: int) -> None:
        tier = self._tiers[tier_key]
        del tier[bisect_left(tier, pos)]
        if not tier:
            del self._tiers[tier_key]

    # -- queries -------------------------------------------------------------------------------
    @property
    def sampleable(self) -> list[str]:
        """The tools a sampler may pick, in spec order (one list, kept until a tool is excluded: do not modify)."""
        if self._sampleable is None:
            self._sampleable = [t for t in self.tools if t not in self.excluded]
        return self._sampleable

    def expected(self, tool: str) -> int:
        """Calls counted so far plus picks already planned this round."""
        return self.counts[tool] + self.planned[tool]

    def least(self, rng: random.Random, k: int = 1, skip: Iterable[str] = ()) -> list[str]:
        """Up to k sampleable tools, none in `skip`, with the fewest expected calls; ties drawn by the rng."""
        out: list[str] = []
        skip = set(skip)
        for key in sorted(self._tiers):
            tier = self._tiers[key]
            left = len(tier) - sum(1 for t in skip if t in self._pos and t not in self.excluded
                                   and self.expected(t) == key)
            while len(out) < k and left > 0:
                t = self.tools[tier[rng.randrange(len(tier))]]
                if t not in skip:
                    out.append(t)
                    skip.add(t)
                    left -= 1
            if len(out) == k:
                break
        return out

    def lowest(self, skip: Iterable[str] = ()) -> int | None:
        """The fewest expected calls of a sampleable tool not in `skip` (None when there is none)."""
        skip = set(skip)
        for key in sorted(self._tiers):
            if any(self.tools[pos] not in skip for pos in self._tiers[key][:len(skip) + 1]):
                return key
        return None

    def fewest_needing(self, n: int, skip: Iterable[str] = ()) -> list[str]:
        """The first n uncovered sampleable tools not in `skip`, by expected calls, then spec order."""
        out: list[str] = []
        skip = set(skip)
        for key in sorted(self._tiers):
            for pos in self._tiers[key]:
                t = self.tools[pos]
                if not self.is_covered(t) and t not in skip:
                    out.append(t)
                    if len(out) == n:
                        return out
        return out

    def position(self, tool: str) -> int:
        return self._pos[tool]

    def is_covered(self, tool: str) -> bool:
        return self.counts[tool] >= self.min_per_tool

    def can_sample(self, tool: str) -> bool:
        return tool in self._pos and tool not in self.excluded

    def needs(self, tool: str) -> bool:
        """An uncovered tool a sampler can still do something about."""
        return tool not in self.excluded and not self.is_covered(tool)

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

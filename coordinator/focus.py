"""Giving up on a tool: how often each tool was a request's focus without a written scenario calling it.

A tool is given up after MAX_FOCUS_ATTEMPTS requests of each complexity the run asks for focused on it in a row and
none called it; a call in between starts the count again. Complex requests leave to simple ones the tools complex
requests already failed, and the tools too isolated to be in any complex workflow.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from coordinator.coverage import CoverageTracker
from schemas import Complexity, ToolSuite

MAX_FOCUS_ATTEMPTS = 3  # a tool that was the focus of this many requests and stayed uncovered is given up on


class FocusAttempts:
    def __init__(self, complex_ratio: float, alone: set[str] | None = None):
        self.complexities: tuple[str, ...] = (
            ("simple",) if complex_ratio == 0 else ("complex",) if complex_ratio == 1 else ("simple", "complex"))
        self.alone = alone or set()  # tools no complex workflow can hold: isolated(), once the graph is built
        # (tool, complexity) -> requests that focused the tool at that complexity while it stayed uncovered
        self._attempts: dict[tuple[str, str], int] = {}
        self._touched: set[str] = set()  # tools focused, or whose calls were taken back, since the last round closed

    def adjust(self, focus: list[str], complexity: Complexity) -> tuple[list[str], Complexity]:
        """A complex request keeps the focus tools complex requests have not failed yet; with none left, it becomes
        a simple request on the first one."""
        if complexity == "complex" and "simple" in self.complexities:
            keep = [t for t in focus if self._attempts.get((t, "complex"), 0) < MAX_FOCUS_ATTEMPTS
                    and t not in self.alone]
            return (keep, complexity) if keep else (focus[:1], "simple")
        return focus, complexity

    def focused(self, focus: list[str], complexity: str) -> None:
        self._touched.update(focus)
        for t in focus:
            self._attempts[t, complexity] = self._attempts.get((t, complexity), 0) + 1

    def called(self, tools: list[str]) -> None:
        """A call is progress: the count is of requests in a row that did not call the tool, not of all requests
        (a tool needing --min-per-tool 20 calls takes more)."""
        for t in set(tools):
            for c in ("simple", "complex"):
                self._attempts.pop((t, c), None)

    def taken_back(self, tools: list[str]) -> None:
        """A dropped scenario's calls no longer count: its tools may have become ones to give up on."""
        self._touched.update(tools)

    def give_up(self, coverage: CoverageTracker) -> None:
        """At a round's close, exclude the tools every complexity has failed MAX_FOCUS_ATTEMPTS times. Only a tool
        focused this round, or whose calls were taken back, can have become one: looking at those, not at every
        uncovered tool, keeps a round's cost off the spec's size."""
        touched, self._touched = self._touched, set()
        for t in sorted((t for t in touched if coverage.needs(t)), key=coverage.position):
            tried = {c: self._attempts.get((t, c), 0) for c in self.complexities}
            if min(tried.values()) >= MAX_FOCUS_ATTEMPTS:
                counts = " and ".join(f"{n} {c}" for c, n in tried.items())
                coverage.exclude(t, f"focus of {counts} requests, but no written scenario called it")


def isolated(suite: ToolSuite, graph: Any) -> set[str]:
    """The tools no complex scenario can hold. A complex scenario calls two or more tools and passes data between
    them: a tool alone in its spec, or in a spec none of whose tools takes any argument (nothing can be handed on),
    with no neighbour in the tool graph can never be in one, so complex requests leave it to simple ones."""
    sizes = Counter(t.spec for t in suite.tools)
    takes = {t.spec for t in suite.tools if (t.input_schema.get("properties") or {})}
    return {t.name for t in suite.tools if (sizes[t.spec] == 1 or t.spec not in takes)
            and not (t.name in graph and graph.degree(t.name))}

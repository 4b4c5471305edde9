"""Coverage targets beyond tools (`seer generate --cover params,enums,edges`): once every tool is covered, each
request aims at one key a chosen dimension still misses, and a key aimed at MAX_ATTEMPTS times in vain is given
up with the reason, as tools are.

A key becomes a request: a parameter `tool.path` or an enum value `tool.path="v"` asks for a simple scenario
around `tool` that the scenario writer should give that parameter or value (`ScenarioRequest.want`); an edge
`a->b.param` asks for a complex scenario that calls `a` then `b`, `b.param` taken from `a`'s output.
"""

from __future__ import annotations

from collections import Counter

from coordinator.dimensions import DimensionTracker
from schemas import Complexity

COVERABLE = ("tools", "params", "enums", "edges")  # the dimensions `--cover` accepts
MAX_ATTEMPTS = 3


_WHY = {
    "params": " (a nested parameter: the writer gives whole top-level arguments, choosing their form itself)",
    "enums": " (a value of a nested parameter: the writer gives whole top-level arguments, choosing their form itself)",
    "edges": " (the writer decides which earlier call's output feeds an argument)",
}


def _nested(tool: str, key: str) -> bool:
    path = key[len(tool) + 1:].split("=", 1)[0]
    return "." in path or "[" in path


class DimensionTargets:
    def __init__(self, cover: list[str], tracker: DimensionTracker):
        self.cover = [d for d in cover if d != "tools"]
        self.tracker = tracker
        self.attempts: Counter[str] = Counter()
        self.given_up: dict[str, dict[str, str]] = {d: {} for d in self.cover}
        self._names = sorted(tracker.universe["tools"] or (), key=len, reverse=True)  # longest first: `a.b` tools

    def open(self) -> bool:
        return any(self._missing(d) for d in self.cover)

    def _missing(self, dimension: str) -> list[str]:
        return [k for k in self.tracker.missing(dimension) if k not in self.given_up[dimension]]

    def next(self, taken: set[str]) -> tuple[str, str] | None:
        """(dimension, key) to aim the next request at: the least-tried missing key, in dimension then key order."""
        best = None
        for d in self.cover:
            for k in self._missing(d):
                if k not in taken and (best is None or self.attempts[k] < self.attempts[best[1]]):
                    best = (d, k)
                    if self.attempts[k] == 0:
                        return best
        return best

    def request(self, dimension: str, key: str) -> tuple[list[str], Complexity, list[str]]:
        """(focus tools, complexity, want) of a request aimed at `key`."""
        self.attempts[key] += 1
        if dimension == "edges":
            producer, consumer = key.split("->", 1)
            return [producer, self.tool_of(consumer)], "complex", [key]
        return [self.tool_of(key)], "simple", [key]

    def tool_of(self, key: str) -> str:
        return next(t for t in self._names if key.startswith(t + ".") or key.startswith(t + "="))

    def close_round(self) -> None:
        for d in self.cover:
            for k in self._missing(d):
                if self.attempts[k] >= MAX_ATTEMPTS:
                    self.given_up[d][k] = f"{self.attempts[k]} requests aimed at it; no written scenario reached it" + (
                        _WHY[d] if d == "edges" or _nested(self.tool_of(k), k) else "")

    def given_up_count(self) -> int:
        return sum(len(v) for v in self.given_up.values())

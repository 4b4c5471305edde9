"""Which of the agent's calls in a turn answers which oracle call.

Two passes. First, calls to the *same tool* are matched one to one by an optimal assignment that
prefers more equivalent argument values and then closer positions (so a repeated tool is matched
to the right occurrence). Then the oracle calls left over are paired, in order, with the agent
calls left over: those pairs are *substitutions* (the agent called a different, possibly
non-existent, tool where the oracle called this one). What remains are *missing* oracle calls
(skipped) and *extra* agent calls (unnecessary).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np
from scipy.optimize import linear_sum_assignment

from evaluation.equivalence import equivalent


@dataclass(frozen=True)
class Pair:
    oracle: int  # position among the turn's oracle calls
    agent: int  # position among the turn's agent calls
    same_tool: bool


@dataclass(frozen=True)
class Alignment:
    pairs: tuple[Pair, ...]
    missing: tuple[int, ...]  # oracle positions with no agent call
    extra: tuple[int, ...]  # agent positions answering no oracle call

    @property
    def matched(self) -> tuple[Pair, ...]:
        return tuple(p for p in self.pairs if p.same_tool)

    @property
    def substituted(self) -> tuple[Pair, ...]:
        return tuple(p for p in self.pairs if not p.same_tool)

    def agent_for(self, oracle_pos: int) -> int | None:
        """The agent position matched (same tool) to an oracle position, if any."""
        return next((p.agent for p in self.pairs if p.same_tool and p.oracle == oracle_pos), None)


def _argument_agreement(expected: dict[str, Any], actual: dict[str, Any] | None) -> float:
    if not expected:
        return 1.0
    actual = actual or {}
    return sum(1 for k, v in expected.items() if k in actual and equivalent(v, actual[k])) / len(expected)


def align(oracle: list[tuple[str, dict[str, Any]]], agent: list[tuple[str, dict[str, Any] | None]]) -> Alignment:
    """Align oracle calls `(tool, arguments)` with agent calls `(tool, arguments or None)`."""
    n, m = len(oracle), len(agent)
    pairs: list[Pair] = []
    if n and m:
        weight = np.zeros((n, m))
        for i, (otool, oargs) in enumerate(oracle):
            for j, (atool, aargs) in enumerate(agent):
                if otool == atool:
                    # 10 for the tool dominates; argument agreement and position only break ties.
                    weight[i, j] = 10.0 + _argument_agreement(oargs, aargs) - abs(i - j) / (10.0 * (n + m))
        rows, cols = linear_sum_assignment(weight, maximize=True)
        pairs = [Pair(int(i), int(j), True) for i, j in zip(rows, cols) if weight[i, j] > 0]
    used_o = {p.oracle for p in pairs}
    used_a = {p.agent for p in pairs}
    left_o = [i for i in range(n) if i not in used_o]
    left_a = [j for j in range(m) if j not in used_a]
    subs = [Pair(i, j, False) for i, j in zip(left_o, left_a)]
    pairs = sorted(pairs + subs, key=lambda p: p.oracle)
    return Alignment(tuple(pairs), tuple(left_o[len(subs):]), tuple(left_a[len(subs):]))

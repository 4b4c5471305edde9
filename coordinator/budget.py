"""When a run must stop before its coverage is complete: the round cap and the configured budgets."""

from __future__ import annotations

import math
from typing import Callable

from coordinator.focus import MAX_FOCUS_ATTEMPTS
from schemas import RunConfig, StageUsage


def max_rounds(config: RunConfig, tools: int, complexities: int, cover_keys: int = 0) -> int:
    """The round cap: the configured one, or one scaled to the spec. A tool that stays uncovered is given up after
    MAX_FOCUS_ATTEMPTS requests of each complexity focused on it, so rounds enough for every tool to use all its
    attempts, twice over (samplers that ignore coverage waste some), end every run by coverage, never by the cap;
    every --cover key may take its attempts too, one request each; 200 rounds stay the floor for small specs."""
    if config.max_rounds is not None:
        return config.max_rounds
    attempts = tools * max(config.min_per_tool, 1) * MAX_FOCUS_ATTEMPTS * complexities
    attempts += cover_keys * MAX_FOCUS_ATTEMPTS
    return max(200, 2 * math.ceil(attempts / config.batch_size))


def budget_stop(config: RunConfig, requested: int, rounds: int, cap: int,
                spent: Callable[[], StageUsage]) -> str | None:
    """Why the budget stops the run now, or None. `spent` is called only when a usage budget is set: it sums
    every request so far, not worth doing every round when nothing caps it."""
    b = config.budget
    if b.max_scenarios is not None and requested >= b.max_scenarios:
        return f"budget: max_scenarios ({b.max_scenarios}) requested"
    if rounds >= cap:
        return f"budget: max_rounds ({cap}) reached"
    if b.max_llm_calls is None and b.max_tokens is None and b.max_cost is None:
        return None
    total = spent()
    if b.max_llm_calls is not None and total.requests - total.cache_hits >= b.max_llm_calls:
        return f"budget: max_llm_calls ({b.max_llm_calls}) used"
    if b.max_tokens is not None and total.prompt_tokens + total.completion_tokens >= b.max_tokens:
        return f"budget: max_tokens ({b.max_tokens}) used"
    if b.max_cost is not None and total.cost_usd is not None and total.cost_usd >= b.max_cost:
        return f"budget: max_cost ({b.max_cost}) spent"
    return None

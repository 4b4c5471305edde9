"""Giving up on a tool, and the run's budgets, as parts of their own."""

from __future__ import annotations

from coordinator.budget import budget_stop, max_rounds
from coordinator.coverage import CoverageTracker
from coordinator.focus import MAX_FOCUS_ATTEMPTS, FocusAttempts
from schemas import RunConfig, StageUsage


def test_a_tool_is_given_up_only_when_every_complexity_failed_it_in_a_row():
    cov = CoverageTracker(["a", "b"], 1)
    focus = FocusAttempts(complex_ratio=0.5)
    for _ in range(MAX_FOCUS_ATTEMPTS):
        focus.focused(["a"], "simple")
    focus.give_up(cov)
    assert "a" not in cov.excluded  # complex requests have not tried it yet
    for _ in range(MAX_FOCUS_ATTEMPTS - 1):
        focus.focused(["a"], "complex")
    focus.called(["a"])  # a call starts the count again
    focus.focused(["a"], "complex")
    focus.give_up(cov)
    assert "a" not in cov.excluded
    for _ in range(MAX_FOCUS_ATTEMPTS):
        focus.focused(["a"], "simple")
        focus.focused(["a"], "complex")
    focus.give_up(cov)
    assert cov.excluded["a"] == (f"focus of {MAX_FOCUS_ATTEMPTS} simple and {MAX_FOCUS_ATTEMPTS + 1} complex "
                                 "requests, but no written scenario called it")  # (the call reset both counts)


def test_a_complex_request_leaves_failed_and_isolated_tools_to_simple_ones():
    focus = FocusAttempts(complex_ratio=0.5, alone={"lonely"})
    for _ in range(MAX_FOCUS_ATTEMPTS):
        focus.focused(["hard"], "complex")
    assert focus.adjust(["hard", "easy", "lonely"], "complex") == (["easy"], "complex")
    assert focus.adjust(["hard", "lonely"], "complex") == (["hard"], "simple")
    assert FocusAttempts(complex_ratio=1).adjust(["hard"], "complex") == (["hard"], "complex")  # no simple ones


def test_the_budget_names_what_stopped_the_run_and_sums_usage_only_when_a_usage_cap_is_set():
    asked = []

    def spent() -> StageUsage:
        asked.append(1)
        return StageUsage(requests=5, cost_usd=0.5)

    assert budget_stop(RunConfig(budget={"max_scenarios": 4}), 4, 1, 10, spent) == \
        "budget: max_scenarios (4) requested"
    assert budget_stop(RunConfig(), 3, 10, 10, spent) == "budget: max_rounds (10) reached"
    assert budget_stop(RunConfig(), 3, 2, 10, spent) is None and asked == []
    assert budget_stop(RunConfig(budget={"max_cost": 0.5}), 3, 2, 10, spent) == "budget: max_cost (0.5) spent"
    assert max_rounds(RunConfig(max_rounds=7), 3000, 2) == 7
    assert max_rounds(RunConfig(), 10, 2) == 200
    assert max_rounds(RunConfig(batch_size=16), 3000, 2, cover_keys=160) == \
        2 * -(-(3000 * MAX_FOCUS_ATTEMPTS * 2 + 160 * MAX_FOCUS_ATTEMPTS) // 16)

from coordinator.coverage import CoverageTracker


def test_counts_calls_and_reports_each_uncovered_tool_with_a_reason():
    cov = CoverageTracker(["a", "b", "c", "d"], min_per_tool=2)
    cov.add_tools(["a", "a", "b", "zzz"])
    cov.exclude("d", "interpretation failed")
    assert cov.uncovered() == ["b", "c", "d"] and cov.needing() == ["b", "c"] and not cov.complete
    m = cov.to_model("budget: max_scenarios (3) requested")
    assert (m.total_tools, m.covered_tools, m.ratio) == (4, 1, 0.25)
    reasons = {u.tool: u.reason for u in m.uncovered}
    assert reasons["b"].startswith("1 of 2 calls") and "max_scenarios" in reasons["b"]
    assert reasons["d"] == "interpretation failed"
    assert m.per_tool == {"a": 2, "b": 1, "c": 0, "d": 0}


def test_planned_picks_raise_expected_counts_until_cleared():
    cov = CoverageTracker(["a", "b"])
    cov.plan(["a"])
    assert cov.expected("a") == 1 and cov.counts["a"] == 0
    cov.clear_plan()
    assert cov.expected("a") == 0
    cov.add_tools(["a", "b"])
    cov.add_tools(["b"], -1)
    assert cov.uncovered() == ["b"]

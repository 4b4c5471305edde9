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


def test_least_draws_among_the_fewest_expected_calls_and_skips_what_it_is_told():
    """The tiers a sampler draws from agree with counting every tool, through plans, drops and exclusions."""
    import random

    tools = [f"t{i}" for i in range(40)]
    cov = CoverageTracker(tools, min_per_tool=2)
    rng = random.Random(3)
    for step in range(300):
        op = rng.random()
        if op < 0.45:
            cov.add_tools(rng.sample(tools, 3))
        elif op < 0.6:
            cov.add_tools([rng.choice(tools)], -1)
        elif op < 0.85:
            cov.plan(rng.sample(tools, 2))
        elif op < 0.95:
            cov.clear_plan()
        else:
            cov.exclude(rng.choice(tools), "given up")
        skip = set(rng.sample(tools, 2))
        rest = [t for t in cov.sampleable if t not in skip]
        if not rest:
            break
        low = min(map(cov.expected, rest))
        picked = cov.least(random.Random(step), k=3, skip=skip)
        assert len(picked) == min(3, len(rest)) == len(set(picked)) and not skip & set(picked)
        assert cov.lowest(skip) == low and cov.expected(picked[0]) == low
        for j, t in enumerate(picked):  # each pick has the fewest expected calls of what was left
            assert cov.expected(t) == min(cov.expected(u) for u in rest if u not in picked[:j])
        needing = sorted((t for t in cov.needing() if t not in skip), key=cov.expected)
        assert cov.fewest_needing(5, skip) == needing[:5]
    assert cov.sampleable == [t for t in tools if t not in cov.excluded]


def test_every_tied_tool_can_be_drawn():
    import random

    cov = CoverageTracker(["a", "b", "c", "d"])
    cov.add_tools(["a"])
    drawn = {cov.least(random.Random(s))[0] for s in range(60)}
    assert drawn == {"b", "c", "d"}
    cov.plan(["b", "c"])
    assert {cov.least(random.Random(s))[0] for s in range(20)} == {"d"}
    cov.clear_plan()
    assert cov.planned == {"a": 0, "b": 0, "c": 0, "d": 0}
    assert {cov.least(random.Random(s), k=3)[2] for s in range(20)} <= {"b", "c", "d"}

import re
import json

import pytest

import tests.coordinator.engines  # noqa: F401  (registers the `fake` engines)
from actors.local import generate_local, run_local
from common.files import load_harness
from coordinator.coordinator import MAX_FOCUS_ATTEMPTS, Coordinator
from tests.coordinator.engines import make_suite
from tests.coordinator.helpers import config, harness_bytes


def test_rounds_continue_until_every_tool_is_covered_min_per_tool_times(tmp_path):
    suite = make_suite(24)
    manifest, scenarios = generate_local(suite, config(min_per_tool=2), str(tmp_path / "h"))
    assert manifest.coverage.ratio == 1.0 and not manifest.partial
    assert manifest.stop_reason == "complete"
    assert min(manifest.coverage.per_tool.values()) >= 2
    assert [s.meta["index"] for s in scenarios] == sorted(s.meta["index"] for s in scenarios)
    h = load_harness(tmp_path / "h")
    assert [s.id for s in h.scenarios] == [t.id for t in h.tasks] == [s.id for s in scenarios]
    assert len(h.interpretations) == 24
    assert not (tmp_path / "h" / ".seer-run").exists()


def test_harness_is_byte_identical_whatever_the_completion_order_or_thread_count(tmp_path):
    suite = make_suite(30)
    cfg = config(seed=7, min_per_tool=2, complex_ratio=0.5)
    run_local(Coordinator(suite, cfg, out=str(tmp_path / "fifo")))
    run_local(Coordinator(suite, cfg, out=str(tmp_path / "shuffled")), shuffle=3)
    run_local(Coordinator(suite, cfg, out=str(tmp_path / "threads")), threads=4)
    ref = harness_bytes(tmp_path / "fifo")
    assert set(ref) == {"manifest.json", "tools.json", "interpretations.jsonl", "scenarios.jsonl", "tasks.jsonl"}
    assert harness_bytes(tmp_path / "shuffled") == ref
    assert harness_bytes(tmp_path / "threads") == ref
    other = Coordinator(suite, config(seed=8, min_per_tool=2), out=str(tmp_path / "seed8"))
    run_local(other)
    assert harness_bytes(tmp_path / "seed8")["scenarios.jsonl"] != ref["scenarios.jsonl"]


def test_scenario_budget_stops_the_run_and_names_each_uncovered_tool_with_the_reason(tmp_path):
    manifest, scenarios = generate_local(make_suite(40), config(budget={"max_scenarios": 6}), str(tmp_path / "h"))
    assert len(scenarios) == 6
    assert manifest.stop_reason.startswith("budget: max_scenarios")
    cov = manifest.coverage
    assert 0 < cov.ratio < 1 and cov.covered_tools + len(cov.uncovered) == 40
    assert all("max_scenarios" in u.reason for u in cov.uncovered)


def test_a_tool_no_scenario_manages_to_use_is_given_up_with_its_reason(tmp_path):
    manifest, _ = generate_local(make_suite(16), config(engines={"scenario": "fake-avoid"}), str(tmp_path / "h"))
    assert manifest.stop_reason == "exhausted: 1 tool(s) could not be covered"
    assert [u.tool for u in manifest.coverage.uncovered] == ["g1_tool005"]
    counts = re.fullmatch(r"focus of (\d+) simple and (\d+) complex requests, but no written scenario called it",
                          manifest.coverage.uncovered[0].reason)
    assert counts and min(int(n) for n in counts.groups()) >= MAX_FOCUS_ATTEMPTS
    assert any(f.stage == "scenario" and "g1_tool005" in f.reason for f in manifest.failures)


def test_a_tool_no_complex_workflow_can_hold_is_covered_by_a_simple_scenario(tmp_path):
    # Mostly complex requests: the lone tool fails as a complex focus far more often than it is a simple one.
    cfg = config(engines={"scenario": "fake-lone"}, complex_ratio=0.9)
    manifest, scenarios = generate_local(make_suite(16), cfg, str(tmp_path / "h"))
    assert manifest.stop_reason == "complete" and manifest.coverage.ratio == 1.0
    assert any(s.complexity == "simple" and "g1_tool005" in s.tools for s in scenarios)
    assert sum(1 for f in manifest.failures if "g1_tool005" in f.reason) >= MAX_FOCUS_ATTEMPTS


def test_tools_that_take_nothing_are_left_to_simple_scenarios_without_a_failure(tmp_path):
    """Nothing can pass between tools that take no arguments, so no complex workflow is asked around them."""
    from schemas import Tool, ToolSuite

    bare = {"type": "object", "properties": {}}
    suite = ToolSuite(tools=[Tool(name="get_latest_posts", description="Get the latest posts.", inputSchema=bare),
                             Tool(name="get_weekly_news", description="Get this week's news.", inputSchema=bare)])
    offline = dict.fromkeys(("interpret", "scenario", "mock", "expand"), "offline")
    manifest, scenarios = generate_local(suite, config(offline, complex_ratio=0.5, min_per_tool=2), str(tmp_path / "h"))
    assert manifest.stop_reason == "complete" and manifest.coverage.ratio == 1.0
    assert [f.reason for f in manifest.failures] == []
    assert {s.complexity for s in scenarios} == {"simple"}


def test_scenarios_dropped_by_a_later_stage_are_recorded_and_their_tools_replanned(tmp_path):
    manifest, scenarios = generate_local(make_suite(12), config(engines={"mock": "fake-failing"}), str(tmp_path / "h"))
    assert manifest.coverage.ratio == 1.0
    assert {"scn-00000", "scn-00003"} <= {f.item for f in manifest.failures if f.stage == "mock"}
    assert "scn-00000" not in {s.id for s in scenarios}


def test_a_scenario_whose_data_flow_claims_are_false_is_rejected(tmp_path):
    cfg = config(engines={"mock": "fake-broken-flow"}, complex_ratio=1.0, budget={"max_scenarios": 4})
    manifest, scenarios = generate_local(make_suite(12), cfg, str(tmp_path / "h"))
    assert scenarios == []
    assert {f.stage for f in manifest.failures} == {"coordinator"}
    assert all("does not appear in the output" in f.reason for f in manifest.failures)


def test_usage_and_counts_are_totalled_in_the_manifest(tmp_path):
    manifest, scenarios = generate_local(make_suite(8), config(), str(tmp_path / "h"))
    u = manifest.usage.stages
    assert u["interpret"].requests == 8
    assert u["scenario"].requests == len(scenarios)
    assert manifest.counts.scenarios == len(scenarios)
    assert manifest.counts.calls == sum(len(s.calls) for s in scenarios)
    assert manifest.counts.multi_turn == sum(len(s.turns) > 1 for s in scenarios)
    doc = json.loads((tmp_path / "h" / "manifest.json").read_text())
    assert doc["generator"]["engines"]["scenario"] == "fake" and doc["partial"] is False


def test_minimum_zero_needs_no_scenarios(tmp_path):
    manifest, scenarios = generate_local(make_suite(5), config(min_per_tool=0), str(tmp_path / "h"))
    assert scenarios == [] and manifest.coverage.ratio == 1.0 and manifest.stop_reason == "complete"


def test_unknown_strategy_is_a_config_error():
    from schemas.config import ConfigError

    with pytest.raises(ConfigError, match="unknown sampling strategy 'nope'"):
        Coordinator(make_suite(3), config(strategy="nope"))


def test_a_one_turn_scenario_s_follow_up_is_one_its_result_can_answer(tmp_path):
    """The follow-up is asked of the real result, one turn or several: no "are there more" when the count
    says all came back, no "most recent" of records without dates."""
    import json as _json

    from engines.offline.outputs import output_objects
    from specs import load_suite
    tools = [{"name": "list_stations", "description": "List radio stations.", "inputSchema": {"type": "object",
              "properties": {"country": {"type": "string"}}}},
             {"name": "get_station", "description": "Get a radio station.", "inputSchema": {"type": "object",
              "properties": {"station_id": {"type": "string"}}, "required": ["station_id"]}}]
    (tmp_path / "radio.json").write_text(_json.dumps({"tools": tools}))
    suite = load_suite([tmp_path / "radio.json"])
    offline = {"interpret": "offline", "scenario": "offline", "mock": "offline", "expand": "offline"}
    scenarios = [s for seed in range(4) for s in generate_local(suite, config(offline, min_per_tool=4, seed=seed),
                                                                   str(tmp_path / f"h{seed}"))[1]]
    for s in scenarios:
        records = output_objects(s.calls[-1].output, max_depth=1)
        rows = [r for r in records if "total_count" not in r]
        totals = [r["total_count"] for r in records if isinstance(r.get("total_count"), int)]
        if "beyond these" in s.follow_up:
            assert any(t > len(rows) for t in totals), (s.follow_up, s.calls[-1].output)
    assert len([s for s in scenarios if s.calls[-1].tool == "list_stations"]) >= 5

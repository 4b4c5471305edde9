"""Generation statistics on a hand-built harness, each number recomputed here a different way."""

from __future__ import annotations

import json
from collections import Counter

import pytest

from common.files import load_harness
from evaluation.generation_stats import NO_REASON, generation_stats, gini
from tests.evaluation.report_fixture import INJECTED, SCENARIOS_SPEC, TOOL_PARAMS, write_fixture


@pytest.fixture
def stats(tmp_path):
    return generation_stats(load_harness(write_fixture(tmp_path / "h")))


def _sequences() -> list[list[str]]:
    return [seq for _, _, _, seq, _, _ in SCENARIOS_SPEC]


def _gini_mean_abs_difference(xs: list[float]) -> float:
    n, mean = len(xs), sum(xs) / len(xs)
    return sum(abs(a - b) for a in xs for b in xs) / (2 * n * n * mean)


def test_gini_counts_uncalled_tools_as_zero_and_matches_the_mean_absolute_difference(stats):
    counts = [sum(seq.count(t) for seq in _sequences()) for t in TOOL_PARAMS]
    assert 0 in counts
    assert stats.gini == pytest.approx(_gini_mean_abs_difference(counts))
    assert [c.calls for c in stats.coverage] == counts


def test_gini_edge_cases():
    assert gini([4, 4, 4]) == 0.0
    assert gini([0, 0, 9]) == pytest.approx(2 / 3)
    assert gini([]) == 0.0 and gini([0, 0]) == 0.0


def test_cooccurrence_pairs_are_unordered_distinct_tool_pairs_counted_once_per_scenario(stats):
    expected: Counter = Counter()
    for seq in _sequences():
        tools = sorted(set(seq))
        for i in range(len(tools)):
            for j in range(i + 1, len(tools)):
                expected[(tools[i], tools[j])] += 1
    assert stats.pairs == expected
    assert stats.unique_pairs == len(expected) == 8
    assert stats.pairs[("alpha_get", "alpha_list")] == 2  # s1 and s3, not 3 although alpha_get repeats in s3


def test_transitions_are_directed_consecutive_pairs(stats):
    expected: Counter = Counter()
    for seq in _sequences():
        for i in range(len(seq) - 1):
            expected[(seq[i], seq[i + 1])] += 1
    assert stats.transitions == expected
    assert stats.unique_transitions == len([k for k in expected if k[0] != k[1]]) == 6
    assert stats.self_transitions == 1  # beta_create -> beta_create in s4
    assert ("alpha_get", "alpha_list") not in stats.transitions  # direction matters


def test_uncovered_tools_carry_the_manifest_reason_or_say_none_was_recorded(stats):
    reasons = {c.tool: c.reason for c in stats.uncovered}
    assert reasons == {"gamma_export": "budget exhausted after 3 rounds", "zeta_ping": NO_REASON}
    assert stats.covered == 5 and stats.coverage_ratio == pytest.approx(5 / 7)


def test_structure_lengths_expansion_grounding_and_usage(stats):
    assert stats.complexity == Counter(simple=2, complex=3)
    assert stats.categories == Counter({"browse": 2, "edit": 2, INJECTED: 1})
    assert stats.lengths["all"] == Counter({1: 1, 2: 1, 4: 2, 3: 1})
    assert stats.length_mean() == pytest.approx(14 / 5) and stats.length_max() == 4
    assert stats.length_mean("simple") == pytest.approx(1.5)
    assert stats.expansion_rate("simple") == 0.0
    assert stats.expansion_rate("complex") == pytest.approx(2 / 3)  # s3 (2 turns) and s5 (3 turns); s4 has one
    tiers = Counter(t or "unmocked" for *_, tiers in SCENARIOS_SPEC for t in tiers)
    assert stats.grounding == tiers
    assert stats.usage["total"]["prompt_tokens"] == 1300 and stats.usage["total"]["requests"] == 8
    assert stats.usage["total"]["cost_usd"] == pytest.approx(0.012)
    assert stats.failures == Counter(expand=1)
    assert stats.manifest_mismatches == ()


def test_summary_is_json_ready(stats):
    s = json.loads(json.dumps(stats.summary()))
    assert s["unique_cooccurrence_pairs"] == 8
    assert s["workflow_length"]["complex"]["histogram"] == {"3": 1, "4": 2}
    assert s["multi_turn_rate"]["complex"] == pytest.approx(0.6667)


def test_a_manifest_that_disagrees_with_the_scenarios_is_reported(tmp_path):
    root = write_fixture(tmp_path / "h")
    manifest = json.loads((root / "manifest.json").read_text())
    manifest["coverage"]["per_tool"]["alpha_get"] = 99
    (root / "manifest.json").write_text(json.dumps(manifest))
    stats = generation_stats(load_harness(root))
    assert stats.manifest_mismatches == ("alpha_get: manifest says 99 calls, scenarios.jsonl has 5",)


def test_tools_of_a_multi_spec_harness_are_attributed_by_source_order_and_the_name_map(tmp_path):
    from evaluation.generation_stats import tool_specs

    root = write_fixture(tmp_path / "h")
    manifest = json.loads((root / "manifest.json").read_text())
    src = manifest["sources"][0]
    manifest["sources"] = [{**src, "name": "one", "tool_count": 4}, {**src, "name": "two", "tool_count": 3}]
    manifest["name_map"] = {"alpha_list": "two:list"}  # a namespaced tool names its spec explicitly
    (root / "manifest.json").write_text(json.dumps(manifest))
    specs = tool_specs(load_harness(root))
    names = list(TOOL_PARAMS)
    assert specs == {names[0]: "two", **{n: "one" for n in names[1:4]}, **{n: "two" for n in names[4:]}}
    manifest["sources"][1]["tool_count"] = 5  # counts that do not add up: no guess
    (root / "manifest.json").write_text(json.dumps(manifest))
    assert set(tool_specs(load_harness(root)).values()) == {"", "two"}


def test_cross_spec_scenarios_are_counted(tmp_path):
    root = write_fixture(tmp_path / "h")
    manifest = json.loads((root / "manifest.json").read_text())
    src = manifest["sources"][0]
    # alpha_* in spec one; beta_*, gamma_*, zeta_* in spec two: s3, s4 and s5 mix alpha with others.
    manifest["sources"] = [{**src, "name": "one", "tool_count": 2}, {**src, "name": "two", "tool_count": 5}]
    (root / "manifest.json").write_text(json.dumps(manifest))
    stats = generation_stats(load_harness(root))
    mixed = [sid for sid, _, _, seq, _, _ in SCENARIOS_SPEC if len({t.startswith("alpha") for t in seq}) > 1]
    assert stats.cross_spec == len(mixed) == 3

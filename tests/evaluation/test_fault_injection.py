"""The grader checked by fault injection end to end: offline harnesses from several real specs, the
oracle and the faulty reference agents run against the mock world, every transcript graded."""

from __future__ import annotations

import pytest

from actors.local import generate_local
from common.files import load_harness
from evaluation.faultcheck import EXPECTED, fault_table, grade_faults
from schemas import load_config
from specs.loader import load_suite
from tests.conftest import dev_spec

SPECS = ("filesystem", "memory", "git", "redis", "github")


@pytest.fixture(scope="module")
def run(tmp_path_factory):
    root = tmp_path_factory.mktemp("faults")
    harnesses = []
    for spec in SPECS:
        suite = load_suite([dev_spec(spec)])
        generate_local(suite, load_config(None, seed=0, min_per_tool=6, **{"budget.max_scenarios": 80}),
                       out=str(root / spec))
        harnesses.append(load_harness(root / spec))
    assert sum(len(h.scenarios) for h in harnesses) >= 200
    return grade_faults(harnesses, seed=0)


def test_the_oracle_agent_scores_one_on_every_dimension_and_subdimension(run):
    records = [r for r, _ in run.graded["oracle"]]
    assert len(records) >= 200
    assert all(r.score == 1.0 for r in records)
    assert all(v == 1.0 for r in records for v in r.subdimensions.values())
    assert all(r.diagnostics.get("overuse", 0) == 0 for r in records)


@pytest.mark.parametrize("kind", [k for k in EXPECTED if k != "oracle"])
def test_each_fault_lowers_what_it_should_and_leaves_the_rest_at_one(run, kind):
    mine = [v for v in run.violations if v.endswith(f"under {kind}") or f": {kind} applied" in v]
    assert mine == [], mine[:5]
    row = next(r for r in fault_table(run.graded) if r.kind == kind)
    assert row.records >= 100  # the fault was applicable to most scenarios
    lowered = {d for d in EXPECTED[kind] if row.dimensions[d] is not None and row.dimensions[d] < 1.0}
    assert lowered, f"{kind} lowered none of {sorted(EXPECTED[kind])}"
    untouched = set(row.dimensions) - EXPECTED[kind]
    assert all(row.dimensions[d] in (None, 1.0) for d in untouched), row.dimensions


def test_each_fault_moves_its_characteristic_subdimension(run):
    rows = {r.kind: r for r in fault_table(run.graded)}
    assert rows["wrong_tool"].lowered["selection.correctness"] == 1.0
    assert rows["hallucinated_tool"].lowered["selection.correctness"] == 1.0
    assert rows["missing_required_argument"].lowered["arguments.completeness"] == 1.0
    assert "arguments.name" not in rows["missing_required_argument"].lowered
    assert rows["wrong_value"].lowered["arguments.value"] == 1.0
    assert "arguments.completeness" not in rows["wrong_value"].lowered
    assert rows["wrong_type"].lowered["arguments.type"] == 1.0
    assert rows["bad_format"].lowered["arguments.format"] == 1.0
    assert rows["swapped_order"].lowered["ordering.sequence_logic"] == 1.0
    assert rows["extra_call"].overuse >= 1.0
    assert rows["skipped_call"].lowered["selection.completeness"] == 1.0


def test_runner_crashes_are_rare_and_reported(run):
    total = sum(len(v) for v in run.graded.values()) + len(run.crashes)
    assert len(run.crashes) <= 0.01 * total, run.crashes[:5]

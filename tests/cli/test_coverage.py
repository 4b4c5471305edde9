"""`seer coverage`: strategies compared per coverage dimension over seeds, as CSV, JSON and an HTML page."""

from __future__ import annotations

import csv
import json
from collections import Counter

from typer.testing import CliRunner

from cli.app import app
from evaluation.coverage_compare import gini
from tests.cli.test_app import _seer
from tests.conftest import EXAMPLES, ROOT

EDGE_WALK = ROOT / "examples" / "strategies" / "edge_walk.py"


def _coverage(out, *extra: str):
    res = CliRunner().invoke(app, ["coverage", str(EXAMPLES / "filesystem.json"), str(EXAMPLES / "memory.json"),
                                   "--strategies", f"uniform,least-covered,{EDGE_WALK}:EdgeWalk", "--seeds", "2",
                                   "--out", str(out), *extra])
    assert res.exit_code == 0, res.output
    return json.loads(res.stdout)


def test_every_strategy_seed_and_dimension_is_measured_and_written(tmp_path):
    head = _coverage(tmp_path / "c")
    assert head["runs"] == 2 * 3 * 2
    doc = json.loads((tmp_path / "c" / "summary.json").read_text())
    assert doc["specs"] == ["filesystem", "memory"] and doc["seeds"] == [0, 1]
    rows = {(r["spec"], r["strategy"], r["dimension"]): r for r in doc["summary"]}
    assert len(rows) == 2 * 3 * 4
    tools = rows["filesystem", "least-covered", "tools"]
    assert tools["total"] == 14 and tools["reached_by"] == 2 and tools["final_ratio"] == 1.0
    assert tools["needed_low"] <= tools["needed_mean"] <= tools["needed_high"] <= tools["scenarios"]
    # least-covered aims at uncovered tools; uniform does not look: it needs more scenarios for the same tools
    assert rows["filesystem", "uniform", "tools"]["needed_mean"] > tools["needed_mean"]
    assert 0 <= tools["gini_calls"] < 1
    with open(tmp_path / "c" / "coverage.csv") as f:
        points = list(csv.DictReader(f))
    first = [p for p in points if (p["spec"], p["strategy"], p["seed"], p["dimension"]) ==
             ("filesystem", "least-covered", "0", "params")]
    assert [int(p["scenarios"]) for p in first] == list(range(1, len(first) + 1))
    assert all(int(a["covered"]) <= int(b["covered"]) <= int(b["total"]) for a, b in zip(first, first[1:]))
    html = (tmp_path / "c" / "coverage.html").read_text()
    assert html.count('<img src="data:image/png;base64,') == 2 and "scenarios to 100% (mean, 95% CI)" in html
    assert (tmp_path / "c" / "figures" / "coverage-filesystem.png").stat().st_size > 10_000
    _coverage(tmp_path / "again")
    for name in ("coverage.csv", "figures/coverage-memory.png"):
        assert (tmp_path / "c" / name).read_bytes() == (tmp_path / "again" / name).read_bytes()


def test_gini_is_0_for_equal_calls_and_counts_uncalled_tools():
    assert gini(Counter({"a": 3, "b": 3}), 2) == 0.0
    assert gini(Counter({"a": 4}), 4) == 0.75  # one tool takes every call of four
    assert gini(Counter(), 3) == 0.0


def test_a_bad_strategy_or_dimension_fails_before_any_run(tmp_path):
    out = _seer("coverage", str(EXAMPLES / "memory.json"), "--strategies", "uniform,best", "--out", str(tmp_path / "c"))
    assert out.returncode == 2 and out.stderr.startswith("error: strategy: unknown sampling strategy 'best'")
    out = _seer("coverage", str(EXAMPLES / "memory.json"), "--cover", "nodes", "--out", str(tmp_path / "c"))
    assert out.returncode == 2 and "cover.0" in out.stderr and not (tmp_path / "c").exists()

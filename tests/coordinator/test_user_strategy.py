"""A user's strategy: one Python file (`--strategy FILE.py:CLASS`) or an installed entry point, seeing every
coverage dimension as written scenarios reach it."""

from __future__ import annotations

import json
import random

import pytest
from typer.testing import CliRunner

from cli.app import app
from coordinator.samplers import STRATEGIES, build_sampler
from schemas.config import ConfigError
from tests.cli.test_app import _seer
from tests.conftest import EXAMPLES, ROOT

EDGE_WALK = ROOT / "examples" / "strategies" / "edge_walk.py"


def _generate(out, strategy: str, *extra: str) -> dict:
    res = CliRunner().invoke(app, ["generate", str(EXAMPLES / "filesystem.json"), "--out", str(out), "--strategy",
                                   strategy, "--seed", "3", "--in-process", "--no-progress", *extra])
    assert res.exit_code == 0, res.output
    return json.loads((out / "manifest.json").read_text())


def test_the_example_strategy_file_drives_a_run_deterministically(tmp_path):
    m = _generate(tmp_path / "a", f"{EDGE_WALK}:EdgeWalk", "--min-per-tool", "2")
    assert m["generator"]["strategy"] == f"{EDGE_WALK}:EdgeWalk" and m["coverage"]["ratio"] == 1.0
    metas = [json.loads(x)["meta"] for x in (tmp_path / "a" / "scenarios.jsonl").read_text().splitlines()]
    assert {meta["strategy"] for meta in metas} == {"edge-walk"}
    _generate(tmp_path / "b", f"{EDGE_WALK}:EdgeWalk", "--min-per-tool", "2", "--workers", "2")
    assert (tmp_path / "a" / "scenarios.jsonl").read_bytes() == (tmp_path / "b" / "scenarios.jsonl").read_bytes()


def test_a_strategy_sees_the_dimensions_grow_round_by_round(tmp_path, monkeypatch):
    log = tmp_path / "seen.jsonl"
    (tmp_path / "watch.py").write_text(f'''
import json
from coordinator.samplers import LeastCoveredSampler

class Watch(LeastCoveredSampler):
    name = "watch"

    def focus(self, complexity, ctx, rng):
        d = ctx.dimensions
        with open({str(log)!r}, "a") as f:
            f.write(json.dumps([len(d.reached("tools")), len(d.reached("params")), len(d.missing("params"))]) + "\\n")
        return super().focus(complexity, ctx, rng)
''')
    m = _generate(tmp_path / "h", f"{tmp_path / 'watch.py'}:Watch", "--batch-size", "4")
    seen = [json.loads(x) for x in log.read_text().splitlines()]
    params = m["coverage"]["dimensions"]["params"]
    assert seen[0] == [0, 0, params["total"]]  # nothing written before the first round
    assert all(a[1] <= b[1] for a, b in zip(seen, seen[1:])) and seen[-1][0] > 0
    assert all(reached + missing == params["total"] for _, reached, missing in seen)


def test_a_strategy_from_an_installed_entry_point_is_found_by_name(tmp_path, monkeypatch):
    (tmp_path / "mystrat.py").write_text(
        "from coordinator.samplers import UniformSampler\n\nclass Mine(UniformSampler):\n    name = 'mine'\n")
    dist = tmp_path / "mystrat-1.0.dist-info"
    dist.mkdir()
    (dist / "METADATA").write_text("Metadata-Version: 2.1\nName: mystrat\nVersion: 1.0\n")
    (dist / "entry_points.txt").write_text("[agent_seer.strategies]\nmine = mystrat:Mine\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    assert "mine" in STRATEGIES.names() and build_sampler("mine").name == "mine"
    assert build_sampler("mine").focus("simple", *_ctx()) != []


def _ctx():
    from coordinator.coverage import CoverageTracker
    from coordinator.samplers import SamplingContext

    return SamplingContext(CoverageTracker(["a", "b"], 1)), random.Random(0)


@pytest.mark.parametrize("body, spec, message", [
    (None, "nope.py:X", "strategy: nope.py: no such file"),
    ("x = 1\n", "s.py:Greedy", "strategy: {d}/s.py defines no Greedy"),
    ("class Greedy:\n    name = 'g'\n", "s.py:Greedy", "strategy: {d}/s.py:Greedy is not a strategy: it needs a"),
    ("raise RuntimeError('broken on purpose')\n", "s.py:Greedy", "strategy: {d}/s.py: RuntimeError: broken on purpose"),
])
def test_a_bad_strategy_file_is_one_error_line(tmp_path, body, spec, message):
    if body is not None:
        (tmp_path / "s.py").write_text(body)
    with pytest.raises(ConfigError) as err:
        build_sampler(str(tmp_path / spec) if body is not None else spec)
    assert str(err.value).startswith(message.format(d=tmp_path))
    out = _seer("generate", str(EXAMPLES / "memory.json"), "--out", str(tmp_path / "h"), "--strategy",
                str(tmp_path / spec) if body is not None else spec, "--in-process", "--no-progress")
    assert out.returncode == 2 and out.stderr.count("\n") == 1 and "strategy" in out.stderr
    assert "Traceback" not in out.stderr

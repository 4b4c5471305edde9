"""`seer generate --cover`: once every tool is covered, requests aim at what a chosen dimension still misses."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from cli.app import app
from tests.cli.test_app import _seer
from tests.conftest import EXAMPLES


def _generate(out, *extra: str) -> dict:
    res = CliRunner().invoke(app, ["generate", str(EXAMPLES / "filesystem.json"), "--out", str(out), "--seed", "7",
                                   "--in-process", "--no-progress", *extra])
    assert res.exit_code == 0, res.output
    return json.loads((out / "manifest.json").read_text())


def _scenarios(out) -> list[dict]:
    return [json.loads(x) for x in (out / "scenarios.jsonl").read_text().splitlines()]


def test_covering_params_and_enums_reaches_every_one_after_the_tools(tmp_path):
    plain = _generate(tmp_path / "plain")
    assert plain["coverage"]["dimensions"]["params"]["ratio"] < 1.0  # what the run is there to fix
    m = _generate(tmp_path / "a", "--cover", "tools,params,enums")
    dims = m["coverage"]["dimensions"]
    assert (m["stop_reason"], dims["params"]["ratio"], dims["enums"]["ratio"]) == ("complete", 1.0, 1.0)
    # the first scenarios are the plain run's; the added ones each aim at one key, named in the request
    plain_scenarios, scenarios = _scenarios(tmp_path / "plain"), _scenarios(tmp_path / "a")
    assert scenarios[:len(plain_scenarios)] == plain_scenarios and len(scenarios) > len(plain_scenarios)
    for s in scenarios[len(plain_scenarios):]:
        assert s["complexity"] == "simple" and len(s["meta"]["focus"]) == 1
    _generate(tmp_path / "b", "--cover", "tools,params,enums", "--workers", "2")
    assert (tmp_path / "a" / "scenarios.jsonl").read_bytes() == (tmp_path / "b" / "scenarios.jsonl").read_bytes()


def test_keys_aimed_at_in_vain_are_given_up_with_the_reason(tmp_path):
    m = _generate(tmp_path / "h", "--cover", "tools,edges", "--max-scenarios", "400")
    edges = m["coverage"]["dimensions"]["edges"]
    assert m["stop_reason"] == f"exhausted: {edges['missing_count']} coverage target(s) could not be reached"
    assert edges["given_up"] and set(edges["given_up"]) <= set(edges["missing"])
    assert all(why == "3 requests aimed at it; no written scenario reached it (the writer decides which earlier "
               "call's output feeds an argument)" for why in edges["given_up"].values())
    assert edges["covered"] > _generate(tmp_path / "plain")["coverage"]["dimensions"]["edges"]["covered"]


def test_an_unknown_dimension_is_one_error_line(tmp_path):
    out = _seer("generate", str(EXAMPLES / "memory.json"), "--out", str(tmp_path / "h"), "--cover", "tools,nodes",
                "--in-process", "--no-progress")
    assert (out.returncode, out.stderr) == (
        2, "error: config: cover.1: Input should be 'tools', 'params', 'enums' or 'edges'\n")


def test_a_tool_that_needs_many_calls_is_not_given_up_while_requests_keep_calling_it(tmp_path):
    """Give-up counts focused requests in a row that did not call the tool: with --min-per-tool 15 every tool is
    focused far more than three times on its way there (uniform gave 8 of the 14 up before, after 96 scenarios)."""
    m = _generate(tmp_path / "h", "--strategy", "uniform", "--min-per-tool", "15")
    assert (m["stop_reason"], m["coverage"]["ratio"], m["coverage"]["uncovered"]) == ("complete", 1.0, [])
    assert min(m["coverage"]["per_tool"].values()) >= 15

"""Grading an external agent from `seer serve`'s request log: the official MCP client in-process."""

from __future__ import annotations

import anyio
from mcp import Client
from typer.testing import CliRunner

from cli.app import app
from common.files import load_harness
from evaluation.grading import load_scores
from harness.server import MockService, build_server
from tests.harness.builders import write_harness


def test_a_served_session_is_graded_as_one_turn_and_a_wrong_argument_shows(tmp_path):
    h = load_harness(write_harness(tmp_path / "h"))
    log = tmp_path / "served.jsonl"

    async def agent(scenario, break_first: bool):
        async with Client(build_server(MockService(h, scenario_id=scenario.id, transcript=log))) as c:
            for k, call in enumerate(scenario.calls):
                args = dict(call.arguments)
                if break_first and k == 0:
                    args = {name: (f"{v}-x" if isinstance(v, str) else v) for name, v in args.items()}
                await c.call_tool(call.tool, args)

    for n, s in enumerate(h.scenarios):
        anyio.run(agent, s, n == 0)
    res = CliRunner().invoke(app, ["grade", str(h.root), str(log), "--out", str(tmp_path / "g")])
    assert res.exit_code == 0, res.output
    records = {r.scenario_id: r for r in load_scores(tmp_path / "g")}
    assert set(records) == {s.id for s in h.scenarios}
    assert all(len(r.turns) == 1 for r in records.values())
    first, *rest = h.scenarios
    assert records[first.id].subdimensions["arguments.value"] < 1.0
    assert all(records[s.id].score == 1.0 for s in rest)

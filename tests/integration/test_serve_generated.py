"""End to end on a generated harness: `seer generate` (offline) -> validate -> serve to the SDK client -> run oracle."""

from __future__ import annotations

import json

import anyio
import pytest
from mcp import Client
from typer.testing import CliRunner

from cli.app import app
from common.files import load_harness
from harness.agents import OracleAgent
from harness.runner import RunOptions, run_harness
from harness.server import MockService, build_server
from harness.validate import validate_harness
from tests.conftest import EXAMPLES


@pytest.fixture(scope="module")
def generated(tmp_path_factory):
    out = tmp_path_factory.mktemp("gen") / "fs"
    res = CliRunner().invoke(app, ["generate", str(EXAMPLES / "filesystem.json"), "--out", str(out), "--in-process",
                                   "--no-progress", "--seed", "3"])
    assert res.exit_code == 0, res.output
    return load_harness(out)


def test_generated_harness_validates(generated):
    report = validate_harness(generated.root)
    assert report.ok, [p for p in report.problems][:5]
    assert report.checked["calls"] > 0


def test_sdk_client_gets_every_oracle_output_of_the_generated_harness(generated):
    tools_doc = json.loads((generated.root / "tools.json").read_text())["tools"]

    async def main():
        with anyio.fail_after(120):
            return await session()

    async def session():
        async with Client(build_server(MockService(generated))) as c:
            listed = (await c.list_tools()).tools
            results = []
            for s in generated.scenarios[:6]:
                for call in s.calls:
                    r = await c.call_tool(call.tool, call.arguments, meta={"seer/scenario": s.id})
                    results.append((call, r))
            return listed, results

    listed, results = anyio.run(main)
    assert [(t.name, t.description, t.input_schema) for t in listed] == \
        [(t["name"], t["description"], t["inputSchema"]) for t in tools_doc]
    for call, r in results:
        assert r.is_error == call.is_error
        if isinstance(call.output, dict):
            assert r.structured_content == call.output
        else:
            assert r.content[0].text == call.output


def test_oracle_run_matches_every_call_of_the_generated_harness(generated, tmp_path):
    summary = anyio.run(lambda: run_harness(generated, OracleAgent(), tmp_path / "run", RunOptions(concurrency=3)))
    assert summary["errors"] == 0 and summary["ran"] == len(generated.scenarios)
    lines = (tmp_path / "run" / "transcripts.jsonl").read_text().splitlines()
    for line, s in zip(lines, generated.scenarios):
        t = json.loads(line)
        assert [c["oracle_index"] for turn in t["turns"] for c in turn["calls"]] == list(range(len(s.calls)))


def test_an_mcp_client_replaying_the_oracle_grades_perfectly_from_the_request_log(generated, tmp_path):
    log = tmp_path / "events.jsonl"

    async def main():
        with anyio.fail_after(120):
            async with Client(build_server(MockService(generated, transcript=log))) as c:
                for s in generated.scenarios:
                    for call in s.calls:
                        await c.call_tool(call.tool, call.arguments, meta={"seer/scenario": s.id, "seer/session": s.id})

    anyio.run(main)
    res = CliRunner().invoke(app, ["grade", str(generated.root), str(log), "--out", str(tmp_path / "grades"),
                                   "--resamples", "200"])
    assert res.exit_code == 0, res.output
    summary = json.loads(res.stdout)
    assert summary["records"] == len(generated.scenarios) and summary["overall"]["minimum"] == 1.0

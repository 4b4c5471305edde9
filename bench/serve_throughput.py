"""How fast the mock world answers: direct MockWorld calls, MCP tools/call in-process, and an oracle `seer run`.

    python bench/serve_throughput.py [SPEC] [--rounds N]

Generates an offline harness for SPEC (default examples/illustrator.json) into a temp dir, then measures:
oracle calls and off-script calls through MockWorld, oracle calls through the official SDK client against
the in-process server, and a full oracle run (concurrency 4). Prints one JSON object.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import anyio

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from common.files import load_harness  # noqa: E402
from harness.agents import OracleAgent  # noqa: E402
from harness.offscript import mocker_for  # noqa: E402
from harness.runner import RunOptions, run_harness  # noqa: E402
from harness.server import MockService, build_server  # noqa: E402
from harness.world import MockWorld  # noqa: E402


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("spec", nargs="?", default=str(ROOT / "examples" / "illustrator.json"))
    ap.add_argument("--rounds", type=int, default=3)
    a = ap.parse_args()
    tmp = Path(tempfile.mkdtemp())
    subprocess.run([sys.executable, "-m", "cli", "generate", a.spec, "--out", str(tmp / "h"),
                    "--in-process", "--no-progress"], check=True, stdout=subprocess.DEVNULL)
    h = load_harness(tmp / "h")
    tools, its = h.tool_map(), {i.tool: i for i in h.interpretations}
    mocker = mocker_for(h.tools, its)  # built once, as the server and the runner do
    calls = [(s, c) for s in h.scenarios for c in s.calls]

    t0 = time.perf_counter()
    for _ in range(a.rounds):
        for s in h.scenarios:
            w = MockWorld(s, tools, its, mocker=mocker)
            for c in s.calls:
                w.call(c.tool, c.arguments)
    oracle_direct = a.rounds * len(calls) / (time.perf_counter() - t0)

    t0 = time.perf_counter()
    n = 0
    for s in h.scenarios:
        w = MockWorld(s, tools, its, mocker=mocker)
        for c in s.calls:  # the same tool with one argument changed: off-script, mocked by the engine
            args = dict(c.arguments)
            key = next((k for k, v in args.items() if isinstance(v, str)), None)
            if key is None:
                continue
            args[key] = args[key] + "-other"
            w.call(c.tool, args)
            n += 1
    off_script_direct = n / (time.perf_counter() - t0)

    async def over_mcp() -> float:
        from mcp import Client

        async with Client(build_server(MockService(h))) as client:
            start = time.perf_counter()
            for s, c in calls:
                await client.call_tool(c.tool, c.arguments, meta={"seer/scenario": s.id})
            return len(calls) / (time.perf_counter() - start)

    mcp_rate = anyio.run(over_mcp)
    t0 = time.perf_counter()
    anyio.run(lambda: run_harness(h, OracleAgent(), tmp / "run", RunOptions(concurrency=4)))
    run_s = time.perf_counter() - t0
    print(json.dumps({
        "spec": Path(a.spec).name, "tools": len(h.tools), "scenarios": len(h.scenarios), "calls": len(calls),
        "oracle_calls_per_s_direct": round(oracle_direct), "off_script_calls_per_s_direct": round(off_script_direct),
        "oracle_calls_per_s_mcp_inprocess": round(mcp_rate), "oracle_run_s": round(run_s, 2),
    }, indent=2))


if __name__ == "__main__":
    main()

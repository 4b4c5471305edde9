"""`seer serve` under concurrent agents: N clients at once, each running whole scenarios (every oracle call of a
scenario, in order, in an episode of its own), against one HTTP server, and over stdio against a server process
each; next to the same load on the floor: a minimal server on the same SDK listing the same tools and answering
every call with a constant.

    python bench/serve_concurrency.py [SPEC] [--clients 32] [--transports http stdio]

Per run: calls/s from the moment every client is connected (stdio servers started) to the last reply, p50 and p99 latency of a call as the client sees it, and the peak RSS of
the server process(es) (summed over the stdio processes). The harness is generated offline from SPEC (default
examples/illustrator.json).
"""

from __future__ import annotations

import argparse
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

import anyio

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from common.files import load_harness  # noqa: E402

FLOOR = '''
import sys, anyio, json
import mcp_types as types
from mcp.server import Server
sys.path.insert(0, {root!r})
from common.files import load_harness
from harness.server import mcp_tool
h = load_harness({harness!r})
listed = [mcp_tool(t) for t in h.tools]
async def on_list_tools(ctx, params):
    return types.ListToolsResult(tools=listed)
async def on_call_tool(ctx, params):
    return types.CallToolResult(content=[types.TextContent(type="text", text="ok")], is_error=False)
server = Server("floor", version="1", on_list_tools=on_list_tools, on_call_tool=on_call_tool)
if sys.argv[1] == "stdio":
    from mcp.server.stdio import stdio_server
    async def main():
        async with stdio_server() as (r, w):
            await server.run(r, w, server.create_initialization_options())
    anyio.run(main)
else:
    import socket, uvicorn
    sock = socket.socket(); sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind(("127.0.0.1", 0)); sock.listen(128)
    print(f"serving at http://127.0.0.1:{{sock.getsockname()[1]}}/mcp", file=sys.stderr, flush=True)
    config = uvicorn.Config(server.streamable_http_app(host="127.0.0.1"), log_level="warning", lifespan="on")
    anyio.run(lambda: uvicorn.Server(config).serve(sockets=[sock]))
'''


def _rss_kb(pids: list[int]) -> int:
    total = 0
    for pid in pids:
        try:
            for line in Path(f"/proc/{pid}/status").read_text().splitlines():
                if line.startswith("VmRSS:"):
                    total += int(line.split()[1])
        except OSError:
            pass
    return total


class Peak:
    """Samples the summed RSS of some processes every 0.1 s until stopped."""

    def __init__(self, pids: list[int]):
        self.pids, self.kb, self._stop = pids, 0, threading.Event()
        self._t = threading.Thread(target=self._run, daemon=True)

    def _run(self) -> None:
        while not self._stop.wait(0.1):
            self.kb = max(self.kb, _rss_kb(self.pids))

    def __enter__(self) -> "Peak":
        self._t.start()
        return self

    def __exit__(self, *exc) -> None:
        self._stop.set()
        self._t.join()


def server_cmd(kind: str, harness: Path, transport: str, floor_py: Path) -> list[str]:
    if kind == "floor":
        return [sys.executable, str(floor_py), transport]
    return [sys.executable, "-m", "cli", "serve", str(harness), "--transport", transport,
            *(["--port", "0"] if transport == "http" else [])]


async def episode(client, scenario) -> list[float]:
    out = []
    for call in scenario.calls:
        t0 = time.perf_counter()
        await client.call_tool(call.tool, call.arguments, meta={"seer/scenario": scenario.id})
        out.append(time.perf_counter() - t0)
    return out


async def load(clients: int, connect, scenarios) -> tuple[list[float], float]:
    """`clients` workers at once, each taking the next scenario and running it as one episode until all ran."""
    from mcp import Client

    queue = list(scenarios)
    latencies: list[float] = []
    ready, go, started = [0], anyio.Event(), [0.0]

    async def worker(i: int) -> None:
        async with Client(connect(i)) as c:
            await c.list_tools()
            ready[0] += 1
            if ready[0] == clients:  # every client connected (a stdio server started): the load starts now
                started[0] = time.perf_counter()
                go.set()
            await go.wait()
            while queue:
                latencies.extend(await episode(c, queue.pop()))

    async with anyio.create_task_group() as tg:
        for i in range(clients):
            tg.start_soon(worker, i)
    return latencies, time.perf_counter() - started[0]


def run(kind: str, transport: str, harness: Path, floor_py: Path, clients: int, scenarios) -> dict:
    from mcp.client.stdio import StdioServerParameters

    procs: list[subprocess.Popen] = []
    if transport == "http":
        p = subprocess.Popen(server_cmd(kind, harness, "http", floor_py), stdout=subprocess.DEVNULL,
                             stderr=subprocess.PIPE, text=True)
        procs.append(p)
        base = re.search(r"(http://127\.0\.0\.1:\d+/mcp)", p.stderr.readline()).group(1)

        def connect(i: int) -> str:
            return f"{base}?session=episode-{i}"
        pids = [p.pid]
    else:
        cmd = server_cmd(kind, harness, "stdio", floor_py)

        def connect(i: int):
            return StdioServerParameters(command=cmd[0], args=cmd[1:], env=dict(os.environ))
        pids = []  # found below: the client starts each process itself
    try:
        if transport == "stdio":
            stop = threading.Event()

            def find() -> None:  # the stdio servers are this process's children
                while not stop.wait(0.2):
                    kids = Path(f"/proc/{os.getpid()}/task/{os.getpid()}/children").read_text().split()
                    pids[:] = [int(k) for k in kids]
            t = threading.Thread(target=find, daemon=True)
            t.start()
        with Peak(pids) as peak:
            latencies, wall = anyio.run(load, clients, connect, scenarios)
        if transport == "stdio":
            stop.set()
    finally:
        for p in procs:
            p.terminate()
            p.wait(timeout=20)
    latencies.sort()
    return {"server": kind, "transport": transport, "clients": clients, "calls": len(latencies),
            "calls_per_s": round(len(latencies) / wall, 1), "p50_ms": round(1000 * statistics.median(latencies), 1),
            "p99_ms": round(1000 * latencies[int(0.99 * (len(latencies) - 1))], 1), "peak_rss_mb": round(peak.kb / 1024)}


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("spec", nargs="?", default=str(ROOT / "examples" / "illustrator.json"))
    ap.add_argument("--clients", type=int, default=32)
    ap.add_argument("--transports", nargs="+", default=["http", "stdio"])
    ap.add_argument("--repeat", type=int, default=2, help="the harness's scenarios are run this many times over")
    a = ap.parse_args()
    tmp = Path(tempfile.mkdtemp())
    subprocess.run([sys.executable, "-m", "cli", "generate", a.spec, "--out", str(tmp / "h"),
                    "--in-process", "--no-progress"], check=True, stdout=subprocess.DEVNULL)
    harness = tmp / "h"
    floor_py = tmp / "floor.py"
    floor_py.write_text(FLOOR.format(root=str(ROOT), harness=str(harness)))
    scenarios = load_harness(harness).scenarios * a.repeat
    rows = []
    for transport in a.transports:
        for kind in ("seer", "floor"):
            rows.append(run(kind, transport, harness, floor_py, a.clients, scenarios))
            print(json.dumps(rows[-1]), flush=True)
    print("| transport | server | clients | calls | calls/s | p50 (ms) | p99 (ms) | peak RSS (MB) |")
    print("|---|---|---|---|---|---|---|---|")
    for r in rows:
        print(f"| {r['transport']} | {r['server']} | {r['clients']} | {r['calls']} | {r['calls_per_s']} | "
              f"{r['p50_ms']} | {r['p99_ms']} | {r['peak_rss_mb']} |")


if __name__ == "__main__":
    main()

"""Soak: a thousand HTTP sessions, each writing 200 KB into its world and ending with DELETE, leave the server's
memory where it was after warm-up (loopback only, bounded in count and time)."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import httpx

from tests.harness.builders import write_harness

SESSIONS, WARM_UP = 1000, 150


def _rss_kb(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    raise AssertionError("no VmRSS")


def test_rss_stays_flat_over_a_thousand_sessions_that_end_with_delete(tmp_path):
    root = write_harness(tmp_path / "h")
    proc = subprocess.Popen([sys.executable, "-m", "cli", "serve", str(root), "--transport", "http",
                             "--port", "0", "--scenario", "s-files"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    try:
        url = re.search(r"(http://127\.0\.0\.1:\d+/mcp)", proc.stderr.readline()).group(1)
        head = {"Accept": "application/json, text/event-stream", "Content-Type": "application/json"}
        init = {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
            "protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "soak", "version": "0"}}}
        content = "x" * 200_000
        rss = {}
        with httpx.Client(timeout=30) as c:
            for i in range(SESSIONS):
                r = c.post(url, headers=head, json=init)
                h = {**head, "mcp-session-id": r.headers["mcp-session-id"], "mcp-protocol-version": "2025-06-18"}
                c.post(url, headers=h, json={"jsonrpc": "2.0", "method": "notifications/initialized"})
                r = c.post(url, headers=h, json={"jsonrpc": "2.0", "id": 2, "method": "tools/call", "params": {
                    "name": "write_file", "arguments": {"path": f"/srv/w/{i}.txt", "content": content}}})
                assert r.status_code == 200 and '"isError":false' in r.text.replace(" ", "")
                assert c.delete(url, headers=h).status_code == 200
                if i + 1 in (WARM_UP, SESSIONS):
                    rss[i + 1] = _rss_kb(proc.pid)
        assert proc.poll() is None
        # 1,000 worlds of 200 KB kept would be ~200 MB more; ended with their sessions, the server stays flat.
        assert rss[SESSIONS] <= rss[WARM_UP] * 1.10, rss
    finally:
        proc.terminate()
        proc.wait(timeout=20)

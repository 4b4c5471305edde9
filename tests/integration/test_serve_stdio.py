"""`seer serve DIR` over stdio: the official SDK client talks to it as a subprocess; stdout carries only protocol."""

from __future__ import annotations

import json
import subprocess
import sys

import anyio
from mcp import Client, StdioServerParameters

from schemas import ServerEvent
from tests.harness.builders import NOTES, write_harness


def _params(root, *extra: str) -> StdioServerParameters:
    return StdioServerParameters(command=sys.executable, args=["-m", "cli", "serve", str(root), *extra])


def test_sdk_client_over_stdio_lists_and_calls_tools(tmp_path):
    root = write_harness(tmp_path / "h")
    log = tmp_path / "events.jsonl"

    async def main():
        with anyio.fail_after(60):
            async with Client(_params(root, "--scenario", "s-files", "--transcript", str(log))) as c:
                names = [t.name for t in (await c.list_tools()).tools]
                wrote = await c.call_tool("write_file", {"path": NOTES, "content": "ship it"})
                read = await c.call_tool("read_file", {"path": NOTES})
                bad = await c.call_tool("read_file", {"path": 1})
                return names, wrote, read, bad

    names, wrote, read, bad = anyio.run(main)
    assert "read_file" in names and len(names) == 6
    assert wrote.content[0].text == f"Successfully wrote to {NOTES}"
    assert read.structured_content == {"content": "ship it"}
    assert bad.is_error
    events = [ServerEvent.model_validate_json(x) for x in log.read_text().splitlines()]
    assert [e.oracle_index for e in events if e.method == "tools/call"] == [0, 1, None]


def test_stdout_holds_only_json_rpc_even_with_debug_logging(tmp_path):
    root = write_harness(tmp_path / "h")
    requests = [
        {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
            "protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "raw", "version": "0"}}},
        {"jsonrpc": "2.0", "method": "notifications/initialized"},
        {"jsonrpc": "2.0", "id": 2, "method": "tools/list"},
        {"jsonrpc": "2.0", "id": 3, "method": "tools/call", "params": {"name": "get_issue", "arguments": {"issue_number": 42}}},
    ]
    replies = anyio.run(_exchange, [sys.executable, "-m", "cli", "--log-level", "debug", "serve",
                                    str(root), "--scenario", "s-issue"], requests, 3)
    assert all(r.get("jsonrpc") == "2.0" for r in replies)
    by_id = {r["id"]: r for r in replies if "id" in r}
    assert set(by_id) == {1, 2, 3}
    assert by_id[3]["result"]["structuredContent"] == {"number": 42, "title": "Crash on start", "state": "open"}


async def _exchange(cmd: list[str], requests: list[dict], last_id: int) -> list[dict]:
    """Send raw lines, read stdout until the reply to `last_id`; every stdout line must be JSON."""
    replies: list[dict] = []
    with anyio.fail_after(60):
        async with await anyio.open_process(cmd, stderr=subprocess.DEVNULL) as proc:
            await proc.stdin.send("".join(json.dumps(r) + "\n" for r in requests).encode())
            buf = b""
            while not any(r.get("id") == last_id for r in replies):
                chunk = await proc.stdout.receive()
                buf += chunk
                *lines, buf = buf.split(b"\n")
                replies += [json.loads(x) for x in lines if x.strip()]
            await proc.stdin.aclose()
            await proc.wait()
    return replies


def test_ctrl_c_stops_the_server_cleanly_with_one_line_and_exit_0(tmp_path):
    from tests.sigint import interrupt, one_line, start

    root = write_harness(tmp_path / "h")
    log = tmp_path / "events.jsonl"
    proc = start("serve", root, "--scenario", "s-issue", "--transcript", log, stdin=subprocess.PIPE)
    for request in ({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
                        "protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "raw", "version": "0"}}},
                    {"jsonrpc": "2.0", "method": "notifications/initialized"},
                    {"jsonrpc": "2.0", "id": 2, "method": "tools/call",
                     "params": {"name": "get_issue", "arguments": {"issue_number": 42}}}):
        proc.stdin.write(json.dumps(request) + "\n")
    proc.stdin.flush()
    replies = [json.loads(proc.stdout.readline()) for _ in range(2)]  # serving: both requests answered
    assert [r["id"] for r in replies] == [1, 2]
    code, stdout, stderr = interrupt(proc)
    assert code == 0 and stdout == ""
    assert one_line(stderr) == f"seer serve stopped (Ctrl-C); the transcript in {log} is complete"
    events = [ServerEvent.model_validate_json(x) for x in log.read_text().splitlines()]
    assert [e.method for e in events] == ["initialize", "tools/call"]

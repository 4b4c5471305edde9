"""Fuzzing `seer serve`: random arguments, unknown tools and malformed JSON-RPC never crash or hang it."""

from __future__ import annotations

import json
import queue
import subprocess
import sys
import threading
import time

import anyio
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from mcp import Client
from mcp.shared.exceptions import MCPError

from common.files import load_harness
from harness.server import MockService, build_server
from tests.harness.builders import TOOLS_DOC, write_harness

_json = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12,
)
_names = st.sampled_from([t["name"] for t in TOOLS_DOC]) | st.text(min_size=1, max_size=12)
_args = st.dictionaries(st.sampled_from(["path", "content", "title", "issue_number", "labels", "x"]) | st.text(max_size=6),
                        _json, max_size=5)


@pytest.fixture(scope="module")
def harness(tmp_path_factory):
    return load_harness(write_harness(tmp_path_factory.mktemp("fuzz") / "h"))


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture,
                                                                  HealthCheck.too_slow])
@given(calls=st.lists(st.tuples(_names, _args, st.sampled_from([None, "s-files", "s-issue"])), min_size=1, max_size=12))
def test_random_calls_get_a_result_or_a_protocol_error(harness, calls):
    known = {t["name"] for t in TOOLS_DOC}

    async def main():
        with anyio.fail_after(30):
            async with Client(build_server(MockService(harness))) as c:
                for name, args, scenario in calls:
                    meta = {"seer/scenario": scenario} if scenario else None
                    try:
                        r = await c.call_tool(name, args, meta=meta)
                    except MCPError as e:
                        assert name not in known, f"{name} is a known tool but got a protocol error: {e}"
                        continue
                    assert name in known and r.content and r.content[0].text is not None
                await c.list_tools()  # still answering

    anyio.run(main)


class _StdioServer:
    """One `seer serve` subprocess fed raw lines; a reader thread queues every stdout line."""

    def __init__(self, root, scenario: str | None = "s-issue", stderr=subprocess.DEVNULL):
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "cli", "serve", str(root), *(["--scenario", scenario] if scenario else [])],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=stderr,
        )
        self.lines: queue.Queue[bytes] = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()
        self.next_id = 1000

    def _read(self) -> None:
        for line in self.proc.stdout:
            self.lines.put(line)

    def send(self, raw: bytes) -> None:
        self.proc.stdin.write(raw + b"\n")
        self.proc.stdin.flush()

    def reply_to(self, id_: int, timeout: float = 30.0) -> dict:
        while True:
            reply = json.loads(self.lines.get(timeout=timeout))
            if reply.get("id") == id_:
                return reply

    def request(self, method: str, params: dict | None = None, timeout: float = 30.0) -> dict:
        self.next_id += 1
        msg = {"jsonrpc": "2.0", "id": self.next_id, "method": method}
        if params is not None:
            msg["params"] = params
        self.send(json.dumps(msg).encode())
        while True:
            line = self.lines.get(timeout=timeout)  # queue.Empty (a failure) if the server hangs or died
            reply = json.loads(line)  # stdout carries JSON only, even after garbage input
            if reply.get("id") == self.next_id:
                return reply


@pytest.fixture(scope="module")
def stdio_server(harness):
    server = _StdioServer(harness.root)
    init = server.request("initialize", {"protocolVersion": "2025-06-18", "capabilities": {},
                                         "clientInfo": {"name": "fuzz", "version": "0"}})
    assert "result" in init
    server.send(b'{"jsonrpc": "2.0", "method": "notifications/initialized"}')
    yield server
    server.proc.stdin.close()
    server.proc.wait(timeout=30)


_garbage = st.one_of(
    st.binary(max_size=60),
    st.text(max_size=60).map(str.encode),
    _json.map(lambda v: json.dumps(v).encode()),
    st.fixed_dictionaries({"jsonrpc": st.sampled_from(["2.0", "1.0", 2]), "id": _json, "method": _json,
                           "params": _json}).map(lambda v: json.dumps(v).encode()),
    st.tuples(_names, _json).map(lambda nv: json.dumps(
        {"jsonrpc": "2.0", "id": 7, "method": "tools/call", "params": {"name": nv[0], "arguments": nv[1]}}).encode()),
)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture,
                                                                  HealthCheck.too_slow])
@given(raw=_garbage)
def test_malformed_json_rpc_over_stdio_never_kills_the_server(stdio_server, raw):
    stdio_server.send(raw.replace(b"\n", b" ").replace(b"\r", b" "))
    reply = stdio_server.request("tools/list")
    assert len(reply["result"]["tools"]) == len(TOOLS_DOC)
    assert stdio_server.proc.poll() is None


@pytest.mark.parametrize("scenario", ["s-issue", None])
def test_huge_numbers_and_deep_nesting_are_invalid_arguments_and_leave_no_traceback(harness, tmp_path, scenario):
    """JSON allows an integer of 400 digits and arrays nested 100 deep; no tool takes them. They are invalid
    arguments (an error result naming the argument), with or without a scenario picked, and the server logs no
    traceback for a client's mistake."""
    err = tmp_path / "stderr"
    with open(err, "wb") as sink:
        server = _StdioServer(harness.root, scenario=scenario, stderr=sink)
        server.request("initialize", {"protocolVersion": "2025-06-18", "capabilities": {},
                                      "clientInfo": {"name": "edges", "version": "0"}})
        server.send(b'{"jsonrpc": "2.0", "method": "notifications/initialized"}')
        call = '{"jsonrpc": "2.0", "id": %d, "method": "tools/call", "params": {"name": "get_issue", "arguments": %s}}'
        server.send((call % (5, '{"issue_number": 1' + "0" * 400 + "}")).encode())
        huge = server.reply_to(5)
        server.send((call % (6, '{"issue_number": 7, "labels": ' + "[" * 100 + "1" + "]" * 100 + "}")).encode())
        deep = server.reply_to(6)
        assert len(server.request("tools/list")["result"]["tools"]) == len(TOOLS_DOC)
        server.proc.stdin.close()
        server.proc.wait(timeout=30)
    assert huge["result"]["isError"] and "issue_number: number out of range" in huge["result"]["content"][0]["text"]
    assert deep["result"]["isError"] and "nested deeper than" in deep["result"]["content"][0]["text"]
    assert "Traceback" not in err.read_text(errors="replace")


@pytest.mark.parametrize("raw, code, same_id", [
    (b"{not json", -32700, False),
    (b"null", -32600, False),
    (b"42", -32600, False),
    (b"[]", -32600, False),
    (b'[{"jsonrpc": "2.0", "id": 3, "method": "tools/list"}]', -32600, False),
    (b'{"jsonrpc": "2.0", "id": {"a": 1}, "method": "tools/list"}', -32600, False),
    (b'{"jsonrpc": "2.0", "id": 1.5, "method": "tools/list"}', -32600, False),
    (b'{"jsonrpc": "2.0", "id": true, "method": "tools/list"}', -32600, False),
    (b'{"jsonrpc": "2.0", "id": null, "method": "tools/list"}', -32600, False),
    (b'{"jsonrpc": "1.0", "id": 900, "method": "tools/list"}', -32600, True),
    (b'{"jsonrpc": "2.0", "id": 901, "method": 5}', -32600, True),
    (b'{"jsonrpc": "2.0", "id": 902}', -32600, True),
    (b'{"jsonrpc": "2.0", "id": 903, "method": "tools/call", "params": []}', -32602, True),
    (b'{"jsonrpc": "2.0", "id": 904, "method": "no/such"}', -32601, True),
])
def test_every_malformed_line_over_stdio_gets_its_json_rpc_error(stdio_server, raw, code, same_id):
    """JSON-RPC 2.0: a parse error is -32700 and an invalid request -32600, with the id null unless a valid one
    was sent; params that are not an object are -32602. The SDK's stdio transport dropped such lines unanswered."""
    stdio_server.request("tools/list")
    time.sleep(0.3)  # answers to the fuzz test's garbage may trail its last request's: drop them first
    while not stdio_server.lines.empty():
        stdio_server.lines.get_nowait()
    stdio_server.send(raw)
    reply = json.loads(stdio_server.lines.get(timeout=30))
    assert reply["error"]["code"] == code and "result" not in reply
    assert reply["id"] == (json.loads(raw)["id"] if same_id else None)
    assert len(stdio_server.request("tools/list")["result"]["tools"]) == len(TOOLS_DOC)


def test_nesting_near_the_parser_s_limit_binds_nothing_and_is_an_invalid_argument(harness):
    """Without a scenario picked, the first call binds its session by its canonical arguments; arguments nested
    900 deep must not reach that (recursive) canonicalisation."""
    deep: object = 1
    for _ in range(900):
        deep = [deep]
    result = MockService(harness).call("s", None, "get_issue", {"issue_number": 1, "labels": deep})
    assert result.is_error and "nested deeper than" in result.error

"""`seer serve DIR --transport http`: the official SDK client over streamable HTTP on 127.0.0.1."""

from __future__ import annotations

import json
import re
import subprocess
import sys

import anyio
import pytest
from mcp import Client

from schemas import ServerEvent
from tests.harness.builders import write_harness


@pytest.fixture
def http_server(tmp_path):
    """A `seer serve --transport http --port 0` subprocess and the URL it reports on stderr."""
    root = write_harness(tmp_path / "h")
    proc = subprocess.Popen(
        [sys.executable, "-m", "cli", "serve", str(root), "--transport", "http", "--port", "0",
         "--transcript", str(tmp_path / "events.jsonl")],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )
    try:
        line = proc.stderr.readline()  # the server prints its URL once the socket listens (or dies trying)
        match = re.search(r"(http://127\.0\.0\.1:\d+/mcp)", line)
        assert match, f"no URL on stderr: {line!r}"
        yield match.group(1), proc
    finally:
        proc.terminate()
        proc.wait(timeout=20)


def test_sdk_client_over_streamable_http(http_server, tmp_path):
    url, proc = http_server

    async def main():
        with anyio.fail_after(60):
            async with Client(url) as c:
                tools = (await c.list_tools()).tools
                got = await c.call_tool("get_issue", {"issue_number": 42}, meta={"seer/scenario": "s-issue"})
                off = await c.call_tool("create_issue", {"title": "Slow login"}, meta={"seer/scenario": "s-issue"})
                return tools, got, off

    tools, got, off = anyio.run(main)
    assert len(tools) == 6
    assert got.structured_content == {"number": 42, "title": "Crash on start", "state": "open"}
    assert off.structured_content["title"] == "Slow login" and not off.is_error
    assert proc.poll() is None  # still serving
    assert (tmp_path / "events.jsonl").read_text().count('"tools/call"') == 2


def test_http_binds_loopback_by_default(http_server):
    url, _ = http_server
    assert url.startswith("http://127.0.0.1:")


def test_http_client_picks_the_scenario_with_the_url_query(http_server, tmp_path):
    url, _ = http_server

    async def main():
        with anyio.fail_after(60):
            async with Client(f"{url}?scenario=s-issue") as c:
                # read_file of notes.md is an s-files oracle call: without the query it would bind to s-files
                return await c.call_tool("read_file", {"path": "/srv/acme/notes.md"})

    got = anyio.run(main)
    # in s-issue's world the file was never seen: missing, where s-files would have served its oracle read
    assert got.is_error and "no such file or directory" in got.content[0].text
    [event] = [json.loads(x) for x in (tmp_path / "events.jsonl").read_text().splitlines() if '"tools/call"' in x]
    assert (event["scenario_id"], event["oracle_index"]) == ("s-issue", None)


def test_http_client_picks_the_scenario_with_a_header(http_server, tmp_path):
    import httpx2
    from mcp.client.streamable_http import streamable_http_client

    url, _ = http_server

    async def main():
        with anyio.fail_after(60):
            async with httpx2.AsyncClient(headers={"X-Seer-Scenario": "s-issue"}) as http:
                async with Client(streamable_http_client(url, http_client=http)) as c:
                    return await c.call_tool("read_file", {"path": "/srv/acme/notes.md"})

    got = anyio.run(main)
    # in s-issue's world the file was never seen: missing, where s-files would have served its oracle read
    assert got.is_error and "no such file or directory" in got.content[0].text
    [event] = [json.loads(x) for x in (tmp_path / "events.jsonl").read_text().splitlines() if '"tools/call"' in x]
    assert (event["scenario_id"], event["oracle_index"]) == ("s-issue", None)


def test_ctrl_c_stops_the_server_cleanly_with_one_line_and_exit_0(http_server, tmp_path):
    from tests.sigint import interrupt, one_line

    url, proc = http_server

    async def main():
        with anyio.fail_after(60):
            async with Client(url) as c:
                return await c.call_tool("get_issue", {"issue_number": 42},
                                         meta={"seer/scenario": "s-issue", "seer/session": "ep-1"})

    assert not anyio.run(main).is_error  # serving
    code, stdout, stderr = interrupt(proc)
    assert code == 0 and stdout == ""
    log = tmp_path / "events.jsonl"
    assert one_line(stderr) == f"seer serve stopped (Ctrl-C); the transcript in {log} is complete"
    events = [ServerEvent.model_validate_json(x) for x in log.read_text().splitlines()]
    assert [e.tool for e in events if e.method == "tools/call"] == ["get_issue"]


def test_every_malformed_post_gets_its_json_rpc_error_and_the_session_goes_on(http_server):
    """Over HTTP as over stdio: -32700 for a body that is not JSON, -32600 for null, numbers, batches and ids that
    are neither strings nor integers (the SDK took those with a 202 and never answered), -32602 for params that are
    not an object, 415 for a body that is not sent as JSON; each a JSON-RPC error object, and the session works on."""
    import httpx

    url, _ = http_server
    accept = {"Accept": "application/json, text/event-stream", "Content-Type": "application/json"}
    init = {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
        "protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "edges", "version": "0"}}}
    with httpx.Client(timeout=20) as c:
        r = c.post(url, headers=accept, json=init)
        assert r.status_code == 200
        headers = {**accept, "mcp-session-id": r.headers["mcp-session-id"], "mcp-protocol-version": "2025-06-18"}
        c.post(url, headers=headers, content=b'{"jsonrpc": "2.0", "method": "notifications/initialized"}')
        cases = [
            (b"{not json", 400, -32700, None), (b"null", 400, -32600, None), (b"42", 400, -32600, None),
            (b"[]", 400, -32600, None), (b'{"jsonrpc": "2.0", "id": {"a": 1}, "method": "tools/list"}', 400, -32600, None),
            (b'{"jsonrpc": "2.0", "id": 1.5, "method": "tools/list"}', 400, -32600, None),
            (b'{"jsonrpc": "2.0", "id": true, "method": "tools/list"}', 400, -32600, None),
            (b'{"jsonrpc": "2.0", "id": null, "method": "tools/list"}', 400, -32600, None),
            (b'{"jsonrpc": "2.0", "id": 7, "method": "tools/call", "params": []}', 400, -32602, 7),
        ]
        for raw, status, code, id_ in cases:
            r = c.post(url, headers=headers, content=raw)
            assert (r.status_code, r.json()["error"]["code"], r.json()["id"]) == (status, code, id_), raw
            assert len(r.json()["error"]["message"]) < 120  # one line, not a dump of validation errors
        r = c.post(url, headers={**headers, "Content-Type": "text/plain"},
                   content=b'{"jsonrpc": "2.0", "id": 8, "method": "tools/list"}')
        assert r.status_code == 415 and r.json()["error"]["code"] == -32600
        r = c.post(url, headers=headers, json={"jsonrpc": "2.0", "id": 9, "method": "tools/list"})
        assert r.status_code == 200 and '"id":9' in r.text and '"tools"' in r.text


def test_twenty_stateless_and_twenty_legacy_clients_each_see_only_their_own_writes(http_server, tmp_path):
    """Clients of the current stateless protocol send no session id: each still gets a world of its own (one per
    connection) instead of one shared `default` world; legacy clients get one per Mcp-Session-Id. Forty clients
    at once each write a file and read it back; none reads another's, and the transcript names forty sessions."""
    url, proc = http_server

    async def client(mode: str, i: int) -> tuple[str, str, str]:
        async with Client(url, mode=mode) as c:
            path = f"/srv/w/{mode}-{i}.txt"
            await c.call_tool("write_file", {"path": path, "content": f"ONLY-{mode}-{i}"},
                              meta={"seer/scenario": "s-files"})
            mine = await c.call_tool("read_file", {"path": path}, meta={"seer/scenario": "s-files"})
            other = await c.call_tool("read_file", {"path": f"/srv/w/{mode}-{(i + 1) % 20}.txt"},
                                      meta={"seer/scenario": "s-files"})
            return path, mine.content[0].text, other.content[0].text

    async def main():
        out = []
        with anyio.fail_after(120):
            async with anyio.create_task_group() as tg:
                for mode in ("auto", "legacy"):
                    for i in range(20):
                        async def one(mode=mode, i=i):
                            out.append((mode, i, await client(mode, i)))
                        tg.start_soon(one)
        return out

    results = anyio.run(main)
    assert len(results) == 40
    for mode, i, (path, mine, other) in results:
        assert f"ONLY-{mode}-{i}" in mine, (path, mine)
        assert "ONLY-" not in other, (path, other)  # another client's file is not in this world
    events = [ServerEvent.model_validate_json(x) for x in (tmp_path / "events.jsonl").read_text().splitlines()]
    writers = {e.session for e in events if e.tool == "write_file"}
    assert len(writers) == 40 and "default" not in writers
    assert proc.poll() is None


def test_an_http_session_s_worlds_end_with_its_delete(tmp_path):
    """`DELETE` with the session's Mcp-Session-Id ends the session in the SDK and its worlds here."""
    import httpx

    from common.files import load_harness
    from harness.server import MockService, build_server
    from harness.transports import serve_http

    service = MockService(load_harness(write_harness(tmp_path / "h")), scenario_id="s-files")
    urls: list[str] = []
    seen: list[int] = []

    async def main():
        async with anyio.create_task_group() as tg:
            tg.start_soon(lambda: serve_http(build_server(service), on_ready=urls.append, service=service))
            with anyio.fail_after(30):
                while not urls:
                    await anyio.sleep(0.05)
                head = {"Accept": "application/json, text/event-stream", "Content-Type": "application/json"}
                async with httpx.AsyncClient(timeout=20) as c:
                    r = await c.post(urls[0], headers=head, json={"jsonrpc": "2.0", "id": 1, "method": "initialize",
                                     "params": {"protocolVersion": "2025-06-18", "capabilities": {},
                                                "clientInfo": {"name": "t", "version": "0"}}})
                    head = {**head, "mcp-session-id": r.headers["mcp-session-id"], "mcp-protocol-version": "2025-06-18"}
                    await c.post(urls[0], headers=head, json={"jsonrpc": "2.0", "method": "notifications/initialized"})
                    for i in range(3):
                        await c.post(urls[0], headers=head, json={"jsonrpc": "2.0", "id": 2 + i, "method": "tools/call",
                                     "params": {"name": "write_file", "arguments": {"path": f"/srv/w/{i}", "content": "x"}}})
                    seen.append(service.live_worlds)
                    seen.append((await c.delete(urls[0], headers=head)).status_code)
                    seen.append(service.live_worlds)
            tg.cancel_scope.cancel()

    anyio.run(main)
    assert seen == [1, 200, 0]


def test_an_episode_named_in_the_url_is_one_world_whatever_the_connection(http_server, tmp_path):
    """`?session=ID` binds requests to an episode: a second client (another connection) on the same URL continues
    the first one's world, while the bare URL is a world of its own."""
    url, _ = http_server

    async def main():
        with anyio.fail_after(60):
            async with Client(f"{url}?session=ep-1&scenario=s-files") as a:
                await a.call_tool("write_file", {"path": "/srv/w/ep.txt", "content": "EPISODE-ONE"})
            async with Client(f"{url}?session=ep-1&scenario=s-files") as b:
                same = await b.call_tool("read_file", {"path": "/srv/w/ep.txt"})
            async with Client(f"{url}?scenario=s-files") as c:
                other = await c.call_tool("read_file", {"path": "/srv/w/ep.txt"})
            return same.content[0].text, other.content[0].text

    same, other = anyio.run(main)
    assert "EPISODE-ONE" in same and "EPISODE-ONE" not in other
    events = [ServerEvent.model_validate_json(x) for x in (tmp_path / "events.jsonl").read_text().splitlines()]
    assert [e.session for e in events if e.method == "tools/call"][:2] == ["ep-1", "ep-1"]


@pytest.mark.parametrize("query, notes", [("?session=ep-9&scenario=s-files", 0), ("?scenario=s-files", 1)])
def test_stderr_notes_once_that_clients_naming_no_session_get_a_world_per_connection(http_server, query, notes):
    url, proc = http_server

    async def main():
        with anyio.fail_after(60):
            for _ in range(2):
                async with Client(url + query) as c:
                    await c.call_tool("read_file", {"path": "/srv/acme/notes.md"})

    anyio.run(main)
    proc.terminate()
    proc.wait(timeout=20)
    assert proc.stderr.read().count("note: a client sends no session (stateless protocol)") == notes

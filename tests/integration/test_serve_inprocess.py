"""The official MCP SDK client against `seer serve`'s server, in-process (mcp.Client(server))."""

from __future__ import annotations

import json

import anyio
import pytest
from mcp import Client
from mcp.shared.exceptions import MCPError

from common.files import load_harness
from harness.server import MockService, build_server
from schemas import ServerEvent
from tests.harness.builders import NOTES, ROOT, TOOLS_DOC, write_harness


@pytest.fixture
def harness(tmp_path):
    return load_harness(write_harness(tmp_path / "h"))


def _events(path) -> list[ServerEvent]:
    return [ServerEvent.model_validate_json(x) for x in path.read_text().splitlines()]


async def _session(harness, **kw):
    return Client(build_server(MockService(harness, **kw)))


def test_lists_exactly_the_harness_tools(harness):
    async def main():
        async with await _session(harness) as c:
            return (await c.list_tools()).tools

    tools = anyio.run(main)
    assert [t.name for t in tools] == [t["name"] for t in TOOLS_DOC]
    for got, want in zip(tools, TOOLS_DOC):
        assert got.input_schema == want["inputSchema"] and got.description == want["description"]
        assert got.output_schema == want.get("outputSchema") and got.title == want.get("title")
        dumped = got.annotations.model_dump(by_alias=True, exclude_none=True) if got.annotations else None
        assert dumped == want.get("annotations")


def test_oracle_calls_return_mocks_structured_and_as_text(harness, tmp_path):
    log = tmp_path / "events.jsonl"

    async def main():
        async with await _session(harness, scenario_id="s-files", transcript=log) as c:
            wrote = await c.call_tool("write_file", {"path": NOTES, "content": "ship it"})
            read = await c.call_tool("read_file", {"path": f"{ROOT}//notes.md"})
            return wrote, read

    wrote, read = anyio.run(main)
    assert wrote.structured_content is None and wrote.content[0].text == f"Successfully wrote to {NOTES}"
    assert read.structured_content == {"content": "ship it"} and json.loads(read.content[0].text) == {"content": "ship it"}
    calls = [e for e in _events(log) if e.method == "tools/call"]
    assert [(e.tool, e.oracle_index, e.scenario_id) for e in calls] == [("write_file", 0, "s-files"),
                                                                       ("read_file", 1, "s-files")]
    assert [e.seq for e in _events(log)] == list(range(len(_events(log))))


def test_a_lone_surrogate_is_an_invalid_argument_and_the_transcript_stays_readable(harness, tmp_path):
    """JSON may spell half a UTF-16 pair (`"\\ud800"`); no text holds it. It is an invalid argument (nothing is
    written), and the transcript records the call with U+FFFD in its place, where an encoding error used to
    answer -32603 and break every later read of the file."""
    log = tmp_path / "events.jsonl"

    async def main():
        async with await _session(harness, scenario_id="s-files", transcript=log) as c:
            bad = await c.call_tool("write_file", {"path": f"{ROOT}/x.md", "content": "a\ud800b"})
            listed = await c.call_tool("list_directory", {"path": ROOT})
            return bad, listed

    bad, listed = anyio.run(main)
    assert bad.is_error and bad.content[0].text == (
        "Invalid arguments for write_file: content: not valid Unicode (a lone surrogate \\ud800 at character 1)")
    assert not listed.is_error and "x.md" not in listed.content[0].text
    [event] = [e for e in _events(log) if e.tool == "write_file"]
    assert event.arguments == {"path": f"{ROOT}/x.md", "content": "a\ufffdb"} and event.is_error


def test_invalid_arguments_are_an_error_result_and_unknown_tool_a_protocol_error(harness, tmp_path):
    log = tmp_path / "events.jsonl"

    async def main():
        async with await _session(harness, scenario_id="s-issue", transcript=log) as c:
            bad = await c.call_tool("get_issue", {"issue_number": "x"})
            with pytest.raises(MCPError) as err:
                await c.call_tool("close_issue", {"issue_number": 42})
            return bad, err.value

    bad, err = anyio.run(main)
    assert bad.is_error and "issue_number" in bad.content[0].text and "integer" in bad.content[0].text
    assert "close_issue" in err.message
    events = [e for e in _events(log) if e.method == "tools/call"]
    assert [(e.tool, e.is_error) for e in events] == [("get_issue", True), ("close_issue", True)]
    assert "Unknown tool" in events[1].error


def test_off_script_calls_follow_the_world_state(harness):
    async def main():
        async with await _session(harness, scenario_id="s-files") as c:
            await c.call_tool("write_file", {"path": f"{ROOT}/todo.md", "content": "buy milk"})
            read = await c.call_tool("read_file", {"path": f"{ROOT}/todo.md"})
            listing = await c.call_tool("list_directory", {"path": ROOT})
            return read, listing

    read, listing = anyio.run(main)
    assert read.structured_content == {"content": "buy milk"}
    assert "todo.md" in listing.content[0].text and "notes.md" in listing.content[0].text


def test_scenario_is_picked_per_request_by_meta_and_sessions_are_isolated(harness, tmp_path):
    log = tmp_path / "events.jsonl"

    async def main():
        async with await _session(harness, transcript=log) as c:
            a = await c.call_tool("get_issue", {"issue_number": 42}, meta={"seer/scenario": "s-issue"})
            await c.call_tool("write_file", {"path": f"{ROOT}/x.md", "content": "1"},
                              meta={"seer/scenario": "s-files", "seer/session": "one"})
            other = await c.call_tool("read_file", {"path": f"{ROOT}/x.md"},
                                      meta={"seer/scenario": "s-files", "seer/session": "two"})
            with pytest.raises(MCPError, match="Unknown scenario"):
                await c.call_tool("get_issue", {"issue_number": 1}, meta={"seer/scenario": "nope"})
            return a, other

    a, other = anyio.run(main)
    assert a.structured_content["state"] == "open"
    assert other.structured_content != {"content": "1"}  # session two never wrote x.md
    sessions = [(e.session, e.scenario_id) for e in _events(log) if e.method == "tools/call"][:3]
    assert sessions == [("default", "s-issue"), ("one", "s-files"), ("two", "s-files")]


def test_without_a_scenario_the_session_binds_to_the_first_matching_oracle(harness, tmp_path):
    log = tmp_path / "events.jsonl"

    async def main():
        async with await _session(harness, transcript=log) as c:
            await c.call_tool("create_issue", {"title": "Crash on start", "labels": ["bug"]})
            return await c.call_tool("get_issue", {"issue_number": 42})

    got = anyio.run(main)
    assert got.structured_content == {"number": 42, "title": "Crash on start", "state": "open"}
    assert {e.scenario_id for e in _events(log) if e.method == "tools/call"} == {"s-issue"}


def test_worlds_end_when_idle_or_their_session_ends_and_a_cap_refuses_one_more(harness):
    """Memory stays bounded whatever clients do: a world unused for idle_s is forgotten (its session starts afresh),
    ending a session drops its worlds, and past max_worlds a new session gets an MCP error naming the flags."""
    from harness.server import TOO_MANY_WORLDS

    now = [0.0]
    service = MockService(harness, scenario_id="s-files", max_worlds=3, idle_s=60, clock=lambda: now[0])
    service.call("a", None, "write_file", {"path": "/srv/w/a.txt", "content": "A"})
    service.call("b", None, "write_file", {"path": "/srv/w/b.txt", "content": "B"})
    service.call("c", None, "write_file", {"path": "/srv/w/c.txt", "content": "C"})
    assert service.live_worlds == 3

    async def refused():
        async with Client(build_server(service)) as c:
            with pytest.raises(MCPError) as err:
                await c.call_tool("read_file", {"path": "/srv/w/d.txt"}, meta={"seer/session": "d"})
            return err.value

    err = anyio.run(refused)
    assert err.code == TOO_MANY_WORLDS and "--max-sessions" in err.message and "--idle-timeout" in err.message
    assert service.end_session("b") == 1 and service.live_worlds == 2
    service.call("d", None, "read_file", {"path": "/srv/w/d.txt"})  # room again
    now[0] = 30.0
    assert "A" in str(service.call("a", None, "read_file", {"path": "/srv/w/a.txt"}).output)  # used: kept
    now[0] = 80.0  # c and d idle for 80 s, a for 50 s
    service.call("e", None, "read_file", {"path": "/srv/w/e.txt"})
    assert service.live_worlds == 2  # a and e
    again = service.call("c", None, "read_file", {"path": "/srv/w/c.txt"})
    assert "C" not in str(again.output)  # c's world was forgotten: a fresh one


def test_a_world_sent_more_than_its_cap_refuses_the_call_and_a_new_session_starts_clean(harness):
    from harness.server import WORLD_FULL

    service = MockService(harness, scenario_id="s-files", max_world_bytes=1000)
    service.call("a", None, "write_file", {"path": "/srv/w/1.txt", "content": "x" * 600})

    async def full():
        async with Client(build_server(service)) as c:
            with pytest.raises(MCPError) as err:
                await c.call_tool("write_file", {"path": "/srv/w/2.txt", "content": "y" * 600},
                                  meta={"seer/session": "a"})
            fresh = await c.call_tool("write_file", {"path": "/srv/w/2.txt", "content": "y" * 600},
                                      meta={"seer/session": "b"})
            return err.value, fresh

    err, fresh = anyio.run(full)
    assert err.code == WORLD_FULL and "--max-world-mb" in err.message and not fresh.is_error
    assert service.end_session("a") == 1

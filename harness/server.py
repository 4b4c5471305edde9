"""`seer serve`: a harness as a real MCP server (official SDK, low-level `Server`; its transports in transports.py).

Scenario selection, first match wins:
1. `_meta["seer/scenario"]` on a `tools/call` request (any transport);
2. over HTTP, the `X-Seer-Scenario` header or the `?scenario=ID` query parameter of the endpoint URL;
3. `--scenario ID` given at start;
4. otherwise a session binds itself to the scenario whose oracle has a call equivalent to its first
   oracle-matching call (until then, off-script calls see an empty world).
Each (session, scenario) pair has its own MockWorld. The session is `_meta["seer/session"]` when the
client sends it; over HTTP, else the `X-Seer-Session` header, the `?session=ID` query parameter or the
`Mcp-Session-Id` header, else (the stateless protocol names no session) the client's TCP connection, so
that two clients never share a world; over stdio, else `default` (one client per process). A new session
starts a fresh world. Worlds end with their HTTP session (`DELETE`), after `idle_s` unused, and at most
`max_worlds` live at once: a request that would start one more gets a JSON-RPC error saying so.
"""

from __future__ import annotations

import itertools
import json
import sys
import time
from collections import OrderedDict
from contextvars import ContextVar
from pathlib import Path
from typing import Any

import mcp_types as types
from mcp.server import Server
from mcp.shared.exceptions import MCPError

from common.files import Harness, append_jsonl
from common.json_values import canonical_arguments, text_of, unusable_value
from harness.offscript import mocker_for
from harness.world import CallResult, MockWorld, UnknownToolError
from schemas import Scenario, ServerEvent, Tool

SCENARIO_META = "seer/scenario"
SESSION_META = "seer/session"
SCENARIO_HEADER = "x-seer-scenario"
SESSION_HEADER = "x-seer-session"
CONNECTION = "connection "  # the session of a stateless client that names none: its TCP connection
TOO_MANY_WORLDS = -32001  # server errors of JSON-RPC's implementation-defined range
WORLD_FULL = -32002
# The middleware reads what the tools/call handler served from here (same task, same context).
_served: ContextVar[list[CallResult] | None] = ContextVar("seer_served", default=None)
_ANNOTATION_KEYS = {"title", "readOnlyHint", "destructiveHint", "idempotentHint", "openWorldHint"}


def mcp_tool(tool: Tool) -> types.Tool:
    """The harness tool as the SDK's Tool model (name, title, description, schemas, annotations)."""
    ann = {k: v for k, v in (tool.annotations or {}).items() if k in _ANNOTATION_KEYS}
    return types.Tool(
        name=tool.name, title=tool.title, description=tool.description, input_schema=tool.input_schema,
        output_schema=tool.output_schema, annotations=types.ToolAnnotations.model_validate(ann) if ann else None,
    )


def call_result(tool: Tool, result: CallResult) -> types.CallToolResult:
    """structuredContent when the tool has an outputSchema (and the call succeeded), always text content."""
    text = result.error if result.is_error and result.error else text_of(result.output)
    structured = result.output if (tool.output_schema and not result.is_error and isinstance(result.output, dict)) else None
    return types.CallToolResult(content=[types.TextContent(type="text", text=text)], structured_content=structured,
                                is_error=result.is_error)


class UnknownScenarioError(KeyError):
    """A request names a scenario the harness does not have."""


class TooManyWorldsError(RuntimeError):
    """Starting one more world would pass the cap on live worlds."""


class WorldFullError(RuntimeError):
    """A session has sent its world more than the cap on what one world holds."""


class MockService:
    """The worlds of one served harness, and its transcript file."""

    def __init__(self, harness: Harness, *, scenario_id: str | None = None, transcript: Path | None = None,
                 max_worlds: int = 1000, idle_s: float = 1800.0, max_world_bytes: int = 64 * 2 ** 20,
                 clock: Any = None):
        if scenario_id is not None:
            harness.scenario(scenario_id)  # KeyError for an unknown id, checked by the caller
        self.harness = harness
        self.tools = harness.tool_map()
        self.interpretations = {i.tool: i for i in harness.interpretations}
        self.default_scenario = scenario_id
        self._scenario_ids = {s.id for s in harness.scenarios}
        self.transcript = transcript
        self._seq = itertools.count()
        # Least recently used first: (session, scenario) -> world, and when each was last used.
        self._worlds: OrderedDict[tuple[str, str], MockWorld] = OrderedDict()
        self._used: dict[tuple[str, str], float] = {}
        # What each world was sent, in bytes of JSON arguments: what a world holds comes from its calls' arguments
        # (the mocks are the harness's, shared), so capping these caps the world.
        self._held: dict[tuple[str, str], int] = {}
        self.max_worlds, self.idle_s, self.max_world_bytes = max_worlds, idle_s, max_world_bytes
        self._clock = clock or time.monotonic
        self._bound: dict[str, str] = {}  # session -> scenario picked automatically
        self.connection_noted = False  # whether stderr was told that a client's world is its connection
        self._first_scenario: dict[tuple[str, str], str] | None = None
        self.mocker = mocker_for(harness.tools, self.interpretations)
        self._empty = Scenario(id="", title="", complexity="simple", category="", instruction="", novelty_reason="",
                               follow_up="", calls=[])

    def world(self, session: str, scenario_id: str | None) -> MockWorld:
        sid = self.scenario_of(session, scenario_id) or ""
        key, now = (session, sid), self._clock()
        if key not in self._worlds:
            self._expire(now)
            if len(self._worlds) >= self.max_worlds:
                raise TooManyWorldsError(
                    f"{len(self._worlds)} sessions are live, the most this server keeps (--max-sessions); end one "
                    f"(HTTP DELETE) or wait until one has been idle {self.idle_s:g} s (--idle-timeout)")
            scenario = self.harness.scenario(sid) if sid else self._empty
            self._worlds[key] = MockWorld(scenario, self.tools, self.interpretations, mocker=self.mocker)
        self._worlds.move_to_end(key)
        self._used[key] = now
        return self._worlds[key]

    def _expire(self, now: float) -> None:
        while self._worlds:
            key = next(iter(self._worlds))
            if now - self._used[key] < self.idle_s:
                return
            self._drop(key)

    def _drop(self, key: tuple[str, str]) -> None:
        del self._worlds[key], self._used[key]
        self._held.pop(key, None)
        if not any(k[0] == key[0] for k in self._worlds):
            self._bound.pop(key[0], None)

    def end_session(self, session: str) -> int:
        """Forget every world of `session` (its HTTP session ended); returns how many there were."""
        keys = [k for k in self._worlds if k[0] == session]
        for k in keys:
            self._drop(k)
        self._bound.pop(session, None)
        return len(keys)

    @property
    def live_worlds(self) -> int:
        return len(self._worlds)

    def call(self, session: str, scenario_id: str | None, tool: str, arguments: dict[str, Any] | None) -> CallResult:
        """Answer a tools/call. Raises UnknownToolError, UnknownScenarioError, TooManyWorldsError or WorldFullError."""
        # Arguments no tool takes (a 400-digit number, nesting past MAX_DEPTH) bind nothing and count for nothing:
        # the world answers them with an error result, and canonicalising them could exhaust the stack.
        usable = not arguments or unusable_value(arguments) is None
        if scenario_id is not None and scenario_id not in self._scenario_ids:
            raise UnknownScenarioError(scenario_id)
        elif self.default_scenario is None and session not in self._bound and tool in self.tools and usable:
            self._bind(session, tool, arguments or {})
        try:
            world = self.world(session, scenario_id)
        except TooManyWorldsError:
            if not any(k[0] == session for k in self._worlds):
                self._bound.pop(session, None)  # a session refused a world keeps nothing here
            raise
        if arguments and usable:
            key = (session, self.scenario_of(session, scenario_id) or "")
            held = self._held.get(key, 0) + len(json.dumps(arguments, default=str))
            if held > self.max_world_bytes:
                raise WorldFullError(
                    f"this session's world was sent over {self.max_world_bytes / 2 ** 20:g} MiB of arguments, the most "
                    "one world holds (--max-world-mb); start a new session for a new episode")
            self._held[key] = held
        return world.call(tool, arguments)

    def _bind(self, session: str, tool: str, arguments: dict[str, Any]) -> None:
        if self._first_scenario is None:
            # (tool, canonical arguments) -> the first scenario with such an oracle call, built once.
            self._first_scenario = {}
            for s in self.harness.scenarios:
                for c in s.calls:
                    if c.tool in self.tools:
                        key = (c.tool, canonical_arguments(c.arguments, self.tools[c.tool].input_schema))
                        self._first_scenario.setdefault(key, s.id)
        sid = self._first_scenario.get((tool, canonical_arguments(arguments, self.tools[tool].input_schema)))
        if sid is not None:
            self._bound[session] = sid

    def scenario_of(self, session: str, scenario_id: str | None) -> str | None:
        return scenario_id or self.default_scenario or self._bound.get(session)

    def record(self, event: dict[str, Any]) -> None:
        if self.transcript is not None:
            append_jsonl(self.transcript, ServerEvent(seq=next(self._seq), **event), sync=False)


def _request_selection(ctx: Any) -> tuple[str, str | None]:
    """(session, scenario id or None) for a request, from `_meta`, then HTTP headers/query."""
    meta = ctx.meta if isinstance(ctx.meta, dict) else {}
    if not meta and isinstance(ctx.params, dict) and isinstance(ctx.params.get("_meta"), dict):
        meta = ctx.params["_meta"]
    session, scenario = meta.get(SESSION_META), meta.get(SCENARIO_META)
    request = getattr(ctx, "request", None)
    headers = getattr(request, "headers", None)
    if headers is not None:
        scenario = scenario or headers.get(SCENARIO_HEADER) or request.query_params.get("scenario")
        session = (session or headers.get(SESSION_HEADER) or request.query_params.get("session")
                   or headers.get("mcp-session-id"))
        if not session and request.client is not None:
            # The stateless protocol names no session: one world per TCP connection, which two clients never share.
            session = f"{CONNECTION}{request.client.host}:{request.client.port}"
    return (str(session) if session else "default"), (str(scenario) if scenario else None)


def build_server(service: MockService, *, name: str | None = None) -> Server:
    """The low-level MCP server answering tools/list and tools/call from `service`.

    It introduces itself by the harness's spec names and gives no instructions: an agent under test should
    see the tools as their real server would show them, not a hint that they are mocks.
    """
    name = name or "+".join(src.name for src in service.harness.manifest.sources) or "tools"
    listed = [mcp_tool(t) for t in service.harness.tools]

    async def on_list_tools(ctx: Any, params: Any) -> types.ListToolsResult:
        return types.ListToolsResult(tools=listed)

    async def on_call_tool(ctx: Any, params: types.CallToolRequestParams) -> types.CallToolResult:
        session, scenario = _request_selection(ctx)
        if session.startswith(CONNECTION) and not service.connection_noted:
            service.connection_noted = True  # once: an evaluation's log should not drown in it
            print("note: a client sends no session (stateless protocol): its world lasts one TCP connection; name "
                  "each episode with ?session=ID, the X-Seer-Session header or _meta seer/session to keep it "
                  "across connections", file=sys.stderr, flush=True)
        try:
            result = service.call(session, scenario, params.name, params.arguments)
        except UnknownToolError:
            raise MCPError(code=types.INVALID_PARAMS, message=f"Unknown tool: {params.name}") from None
        except UnknownScenarioError:
            raise MCPError(code=types.INVALID_PARAMS, message=f"Unknown scenario: {scenario}") from None
        except TooManyWorldsError as e:
            raise MCPError(code=TOO_MANY_WORLDS, message=str(e)) from None
        except WorldFullError as e:
            raise MCPError(code=WORLD_FULL, message=str(e)) from None
        holder = _served.get(None)
        if holder is not None:
            holder.append(result)
        return call_result(service.tools[params.name], result)

    async def record_requests(ctx: Any, call_next: Any) -> Any:
        if ctx.request_id is None:  # notifications are not requests
            return await call_next(ctx)
        session, scenario = _request_selection(ctx)
        params = ctx.params if isinstance(ctx.params, dict) else {}
        event: dict[str, Any] = {"session": session, "method": ctx.method}
        if ctx.method == "tools/call":
            event["tool"] = params.get("name") if isinstance(params.get("name"), str) else None
            event["arguments"] = params.get("arguments")
        token = _served.set(served := [])
        try:
            out = await call_next(ctx)
        except Exception as e:
            event.update(is_error=True, error=str(e) or type(e).__name__,
                         scenario_id=service.scenario_of(session, scenario))
            service.record(event)
            raise
        finally:
            _served.reset(token)
        result = served[0] if served else None
        if result is not None:
            event.update(output=result.output, is_error=result.is_error, error=result.error,
                         oracle_index=result.oracle_index)
        event["scenario_id"] = service.scenario_of(session, scenario)
        service.record(event)
        return out

    server = Server(
        name, version="1",
        on_list_tools=on_list_tools, on_call_tool=on_call_tool,
        get_tool_input_schema=lambda n: service.tools[n].input_schema if n in service.tools else None,
    )
    server.middleware.append(record_requests)
    return server

"""`seer serve`: a harness as a real MCP server (official SDK, low-level `Server`).

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


async def serve_stdio(server: Server) -> None:
    """Serve over stdin/stdout: stdout carries only protocol messages."""
    from mcp.server.stdio import stdio_server

    import anyio

    lines = StdinLines()
    async with stdio_server(stdin=lines) as (read_stream, write_stream):
        async with anyio.create_task_group() as tg:
            tg.start_soon(lines.answer_rejected, write_stream)
            await server.run(read_stream, write_stream, server.create_initialization_options())
            tg.cancel_scope.cancel()


def _jsonrpc_error(code: int, message: str, id_: Any = None) -> types.JSONRPCError:
    """A JSON-RPC error response (id null unless a valid request id is known)."""
    return types.JSONRPCError(jsonrpc="2.0", id=id_, error=types.ErrorData(code=code, message=message))


def rejected_line(line: str) -> types.JSONRPCError | None:
    """The JSON-RPC error a line that is no MCP message gets (the SDK's stdio transport drops such lines without an
    answer, and a client waiting on its request would hang): -32700 for text that is not JSON, -32600 for JSON that
    is not a request, response or notification object (null, a number, a batch, an id that is neither a string nor
    an integer), -32602 for a request whose params are not an object. None for everything else, which the SDK
    answers itself."""
    if not line.strip():
        return None
    try:
        msg = json.loads(line)
    except ValueError:
        return _jsonrpc_error(types.PARSE_ERROR, "Parse error: not JSON")
    except RecursionError:
        return _jsonrpc_error(types.PARSE_ERROR, "Parse error: nested too deeply")
    if not isinstance(msg, dict):
        what = {list: "a batch (MCP has none)", str: "a string", bool: "a boolean", type(None): "null"}.get(
            type(msg), "a number")
        return _jsonrpc_error(types.INVALID_REQUEST, f"Invalid Request: a message is a JSON object, not {what}")
    if "id" in msg and (isinstance(msg["id"], bool) or not isinstance(msg["id"], (int, str))):
        return _jsonrpc_error(types.INVALID_REQUEST, "Invalid Request: id must be a string or an integer")
    id_ = msg.get("id")  # a valid id is echoed, so that a client waiting on its request hears why
    if msg.get("jsonrpc") != "2.0":
        return _jsonrpc_error(types.INVALID_REQUEST, 'Invalid Request: "jsonrpc" must be "2.0"', id_)
    if "method" in msg:
        if not isinstance(msg["method"], str):
            return _jsonrpc_error(types.INVALID_REQUEST, "Invalid Request: method must be a string", id_)
        if "params" in msg and not isinstance(msg["params"], dict) and id_ is not None:
            return _jsonrpc_error(types.INVALID_PARAMS, "Invalid params: params must be an object", id_)
    elif id_ is None or ("result" not in msg and "error" not in msg):
        return _jsonrpc_error(types.INVALID_REQUEST,
                              "Invalid Request: neither a request, a notification nor a response", id_)
    return None


async def serve_http(server: Server, host: str = "127.0.0.1", port: int = 0, *, on_ready: Any = None,
                     service: MockService | None = None) -> None:
    """Serve streamable HTTP at http://HOST:PORT/mcp; port 0 picks a free one, reported to `on_ready(url)`.
    With `service`, an HTTP session's worlds end with the session (`DELETE`)."""
    import socket

    import uvicorn

    app = JsonRpcGuard(server.streamable_http_app(host=host), on_session_end=service.end_session if service else None)
    sock = socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind((host, port))
    sock.listen(128)
    bound = sock.getsockname()[1]
    config = uvicorn.Config(app, log_level="warning", lifespan="on")
    if on_ready is not None:
        on_ready(f"http://{host if ':' not in host else f'[{host}]'}:{bound}/mcp")
    await uvicorn.Server(config).serve(sockets=[sock])


class JsonRpcGuard:
    """ASGI middleware before the SDK's streamable HTTP app: a POST whose body is no MCP message gets the JSON-RPC
    error `rejected_line` gives it (HTTP 400), one that is not JSON gets 415, one over MAX_BODY 413, each with a
    JSON-RPC error body. Without it the SDK accepted ids of any type with a 202 and no answer, and answered
    null, [] or 42 with -32602 and a page of pydantic's validation errors."""

    MAX_BODY = 16 * 1024 * 1024

    def __init__(self, app: Any, on_session_end: Any = None):
        self.app = app
        self.on_session_end = on_session_end

    async def __call__(self, scope: dict, receive: Any, send: Any) -> None:
        if scope["type"] == "http" and scope["method"] == "DELETE" and self.on_session_end is not None:
            return await self._delete(scope, receive, send)
        if scope["type"] != "http" or scope["method"] != "POST":
            return await self.app(scope, receive, send)
        received, body, more = [], b"", True
        while more:
            message = await receive()
            if message["type"] == "http.disconnect":
                return  # the client left before sending its request: nothing to answer
            received.append(message)
            body += message.get("body", b"")
            more = message.get("more_body", False)
            if len(body) > self.MAX_BODY:
                return await self._reject(send, 413, types.INVALID_REQUEST,
                                          f"Invalid Request: body over {self.MAX_BODY // 2 ** 20} MiB")
        ctype = dict(scope["headers"]).get(b"content-type", b"").decode("latin-1").split(";")[0].strip().lower()
        if ctype != "application/json":
            return await self._reject(send, 415, types.INVALID_REQUEST,
                                      "Invalid Request: Content-Type must be application/json")
        rejected = rejected_line(body.decode("utf-8", errors="replace"))
        if rejected is not None:
            return await self._send(send, 400, rejected)
        replay = iter(received)

        async def receive_again() -> dict:
            return next(replay, None) or await receive()

        await self.app(scope, receive_again, send)

    async def _delete(self, scope: dict, receive: Any, send: Any) -> None:
        """The client ends its HTTP session: once the SDK has accepted that, the session's worlds go too."""
        status: list[int] = []

        async def watch(message: dict) -> None:
            if message["type"] == "http.response.start":
                status.append(message["status"])
            await send(message)

        await self.app(scope, receive, watch)
        session = dict(scope["headers"]).get(b"mcp-session-id")
        if session and status and 200 <= status[0] < 300:
            self.on_session_end(session.decode("latin-1"))

    async def _reject(self, send: Any, status: int, code: int, message: str) -> None:
        await self._send(send, status, _jsonrpc_error(code, message))

    @staticmethod
    async def _send(send: Any, status: int, error: types.JSONRPCError) -> None:
        payload = error.model_dump_json(by_alias=True, exclude_unset=True).encode()
        await send({"type": "http.response.start", "status": status,
                    "headers": [(b"content-type", b"application/json"),
                                (b"content-length", str(len(payload)).encode())]})
        await send({"type": "http.response.body", "body": payload})


class StdinLines:
    """The lines of stdin, read by a daemon thread, for the SDK's stdio transport.

    The SDK reads stdin in an anyio worker thread that Ctrl-C cannot interrupt and that the interpreter
    waits for at exit: with a terminal or an idle client on stdin, the server would only stop once another
    line or an end of input came. A daemon thread blocked in that read is simply left behind. It reads the
    descriptor with os.read, holding no lock of sys.stdin that the interpreter needs while it shuts down.
    """

    async def __aiter__(self):
        import contextlib
        import os
        import threading

        import anyio
        import anyio.from_thread
        import anyio.lowlevel

        send, receive = anyio.create_memory_object_stream[str](0)
        token = anyio.lowlevel.current_token()

        def deliver(line: bytes) -> None:
            anyio.from_thread.run(send.send, line.decode("utf-8", errors="replace"), token=token)

        def read() -> None:
            pending = b""
            try:
                while chunk := os.read(0, 65536):
                    *lines, pending = (pending + chunk).split(b"\n")
                    for line in lines:
                        deliver(line + b"\n")
                if pending:
                    deliver(pending)
            except OSError:
                pass  # stdin cannot be read (closed): the end of input, as for an empty one
            except Exception:  # noqa: BLE001 - the server stopped first: no one is left to take the line
                return
            with contextlib.suppress(Exception):
                anyio.from_thread.run_sync(send.close, token=token)

        threading.Thread(target=read, name="seer-stdin", daemon=True).start()
        async with receive:
            async for line in receive:
                rejected = rejected_line(line)
                if rejected is None:
                    yield line
                else:
                    await self._rejected_send.send(rejected)

    def __init__(self) -> None:
        import anyio

        # Unbounded: the reader must never wait on the task that answers (started once the transport is up).
        self._rejected_send, self._rejected = anyio.create_memory_object_stream[types.JSONRPCError](float("inf"))

    async def answer_rejected(self, write_stream: Any) -> None:
        """Send every rejected line's error through the transport's writer (one writer: no interleaved lines)."""
        from mcp.shared.message import SessionMessage

        async with self._rejected:
            async for err in self._rejected:
                await write_stream.send(SessionMessage(err))

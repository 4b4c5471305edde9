"""`seer serve`'s transports: stdio (stdin read by a thread of its own, a line no MCP message answered with a
JSON-RPC error) and streamable HTTP (uvicorn, behind a guard that answers malformed requests the same way)."""

from __future__ import annotations

import json
from typing import Any

import mcp_types as types
from mcp.server import Server

from harness.server import MockService


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

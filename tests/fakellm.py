"""A local OpenAI-compatible chat server for tests: scripted replies, injected faults, latency.

It is a real HTTP server (uvicorn in a background thread, 127.0.0.1, ephemeral port), so code
under test goes through real litellm/httpx exactly as it would against a provider:

    with FakeLLM() as llm:
        llm.enqueue(json_reply({"a": 1}), error(429), tool_call("read_file", {"path": "x"}))
        litellm.completion(model="openai/fake", api_base=llm.base_url, api_key="k", messages=[...])
        assert llm.request_count == 1 and llm.max_in_flight == 1

Replies come first from the queue, then from `responder(request_json)` (which may return a
Reply, a str for text content, or a dict/list serialised as JSON content). A `Faults` plan
replaces a share of replies with 429/500/timeouts/malformed bodies; `injected` records them.
Every request is recorded (`requests`, with headers) and in-flight requests are counted.
"""

from __future__ import annotations

import asyncio
import json
import random
import socket
import threading
import time
import uuid
from collections import Counter, deque
from dataclasses import dataclass, field
from typing import Any, Callable, Iterator

import pytest
import uvicorn
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse, Response, StreamingResponse
from starlette.routing import Route


@dataclass(frozen=True)
class Reply:
    """One scripted answer. `status` != 200 sends an OpenAI-style error body; `raw` sends that body verbatim."""

    content: str | None = None
    tool_calls: tuple[dict[str, Any], ...] = ()
    status: int = 200
    delay: float | None = None  # seconds before answering; None = the server's latency
    raw: str | None = None
    finish_reason: str | None = None
    usage: dict[str, int] | None = None
    kind: str = "reply"  # a label recorded with the request (e.g. the fault kind)


def text(content: str, **kw: Any) -> Reply:
    return Reply(content=content, **kw)


def json_reply(obj: Any, **kw: Any) -> Reply:
    return Reply(content=json.dumps(obj), **kw)


def tool_call(name: str, arguments: dict[str, Any] | str, *more: tuple[str, dict[str, Any]], **kw: Any) -> Reply:
    """A reply asking for one or more tool calls: tool_call("a", {...}, ("b", {...}))."""
    calls = [(name, arguments), *more]
    return Reply(
        tool_calls=tuple(
            {
                "id": f"call_{uuid.uuid4().hex[:12]}",
                "type": "function",
                "function": {"name": n, "arguments": a if isinstance(a, str) else json.dumps(a)},
            }
            for n, a in calls
        ),
        finish_reason="tool_calls",
        **kw,
    )


def error(status: int, message: str = "injected error", **kw: Any) -> Reply:
    return Reply(status=status, content=message, kind=kw.pop("kind", f"http_{status}"), **kw)


def hang(seconds: float = 30.0) -> Reply:
    """Answer only after `seconds` (for client timeouts); cut short when the server stops."""
    return Reply(content="{}", delay=seconds, kind="timeout")


def malformed_body() -> Reply:
    """An HTTP 200 whose body is not JSON at all."""
    return Reply(raw='{"id": "chatcmpl-x", "choices": [', kind="malformed_body")


def malformed_content() -> Reply:
    """A well-formed completion whose content is broken JSON."""
    return Reply(content='{"tool": "x", "arguments": {', kind="malformed_json")


FAULT_KINDS = ("http_429", "http_500", "timeout", "malformed_json", "malformed_body")


@dataclass
class Faults:
    """Replace a share `rate` of replies with faults chosen from `kinds` (seeded, so reproducible in order).

    `timeout_s` is how long a "timeout" fault stalls; set it above the client's timeout.
    Kind "hallucinated_tool" answers with a call to a tool that does not exist (agent tests).
    `wrong` may supply content-level faults: a callable(request_json, rng) -> Reply, e.g. a
    schema-valid reply naming a hallucinated tool; it is used for kind "wrong".
    """

    rate: float = 0.3
    kinds: tuple[str, ...] = FAULT_KINDS
    seed: int = 0
    timeout_s: float = 5.0
    wrong: Callable[[dict[str, Any], random.Random], Reply] | None = None
    _rng: random.Random = field(init=False, repr=False)

    def __post_init__(self) -> None:
        self._rng = random.Random(self.seed)

    def pick(self, body: dict[str, Any]) -> Reply | None:
        if self._rng.random() >= self.rate:
            return None
        kind = self._rng.choice(self.kinds)
        if kind == "http_429":
            return error(429, "rate limit exceeded (injected)")
        if kind == "http_500":
            return error(500, "internal error (injected)")
        if kind == "timeout":
            return hang(self.timeout_s)
        if kind == "malformed_json":
            return malformed_content()
        if kind == "malformed_body":
            return malformed_body()
        if kind == "hallucinated_tool":  # for agent loops: a call to a tool the request never offered
            return tool_call(f"nonexistent_tool_{self._rng.randrange(1000)}", {"x": 1}, kind="hallucinated_tool")
        if kind == "wrong" and self.wrong is not None:
            return self.wrong(body, self._rng)
        raise ValueError(f"unknown fault kind {kind!r}")


@dataclass(frozen=True)
class Received:
    """One request as the server saw it."""

    path: str
    body: dict[str, Any]
    headers: dict[str, str]
    reply_kind: str
    at: float

    @property
    def messages(self) -> list[dict[str, Any]]:
        return self.body.get("messages", [])

    @property
    def prompt_text(self) -> str:
        """All message contents joined (for asserting what the model was told)."""
        parts = []
        for m in self.messages:
            c = m.get("content")
            parts.append(c if isinstance(c, str) else json.dumps(c))
        return "\n".join(parts)


def _count_tokens(s: str) -> int:
    return max(1, len(s) // 4)


def default_responder(body: dict[str, Any]) -> Reply:
    return text("ok")


class FakeLLM:
    """The server. Use as a context manager; `base_url` ends in /v1 (litellm's `api_base`)."""

    def __init__(
        self,
        responder: Callable[[dict[str, Any]], Reply | str | dict | list] | None = None,
        *,
        latency: float = 0.0,
        faults: Faults | None = None,
        models: tuple[str, ...] = ("fake",),
    ):
        self.responder = responder or default_responder
        self.latency = latency
        self.faults = faults
        self.models = models
        self._queue: deque[Reply] = deque()
        self._lock = threading.Lock()
        self.requests: list[Received] = []
        self.in_flight = 0
        self.max_in_flight = 0
        self._stop = asyncio.Event()
        self._server: uvicorn.Server | None = None
        self._thread: threading.Thread | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self.port = 0

    # -- scripting -------------------------------------------------------------------------
    def enqueue(self, *replies: Reply | str | dict | list) -> None:
        with self._lock:
            self._queue.extend(_as_reply(r) for r in replies)

    def reset(self) -> None:
        """Forget recorded requests and the in-flight maximum (the queue is kept)."""
        with self._lock:
            self.requests.clear()
            self.max_in_flight = self.in_flight

    @property
    def request_count(self) -> int:
        return len(self.requests)

    @property
    def injected(self) -> Counter:
        """Reply kinds sent, e.g. {"reply": 40, "http_429": 3, "timeout": 2}."""
        return Counter(r.reply_kind for r in self.requests)

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}/v1"

    # -- HTTP ------------------------------------------------------------------------------
    async def _chat(self, request: Request) -> Response:
        raw = await request.body()
        try:
            body = json.loads(raw)
        except json.JSONDecodeError:
            return JSONResponse({"error": {"message": "request body is not JSON", "type": "invalid_request_error"}}, 400)
        with self._lock:
            self.in_flight += 1
            self.max_in_flight = max(self.max_in_flight, self.in_flight)
            reply = self._queue.popleft() if self._queue else None
            if reply is None and self.faults is not None:
                reply = self.faults.pick(body)
        arrived = time.monotonic()
        try:
            if reply is None:  # in a thread: a slow responder must not hold up the other requests
                reply = _as_reply(await asyncio.get_running_loop().run_in_executor(None, self.responder, body))
            headers = {k.lower(): v for k, v in request.headers.items()}
            with self._lock:
                self.requests.append(Received(request.url.path, body, headers, reply.kind, time.monotonic()))
            # the reply leaves `latency` seconds after the request arrived, however long the responder took
            delay = (self.latency - (time.monotonic() - arrived)) if reply.delay is None else reply.delay
            if delay > 0:
                try:
                    await asyncio.wait_for(self._stop.wait(), delay)
                except asyncio.TimeoutError:
                    pass
            return self._render(body, reply)
        finally:
            with self._lock:
                self.in_flight -= 1

    def _render(self, body: dict[str, Any], reply: Reply) -> Response:
        if reply.raw is not None:
            return Response(reply.raw, status_code=reply.status, media_type="application/json")
        if reply.status != 200:
            kind = "rate_limit_error" if reply.status == 429 else "server_error"
            return JSONResponse({"error": {"message": reply.content, "type": kind, "code": reply.status}}, reply.status)
        message: dict[str, Any] = {"role": "assistant", "content": reply.content}
        if reply.tool_calls:
            message["tool_calls"] = list(reply.tool_calls)
        prompt = "".join(str(m.get("content") or "") for m in body.get("messages", []))
        usage = reply.usage or {
            "prompt_tokens": _count_tokens(prompt),
            "completion_tokens": _count_tokens((reply.content or "") + json.dumps(list(reply.tool_calls))),
        }
        usage = {**usage, "total_tokens": usage["prompt_tokens"] + usage["completion_tokens"]}
        completion = {
            "id": f"chatcmpl-{uuid.uuid4().hex[:16]}",
            "object": "chat.completion",
            "created": int(time.time()),
            "model": body.get("model", "fake"),
            "choices": [{"index": 0, "message": message, "finish_reason": reply.finish_reason or "stop"}],
            "usage": usage,
        }
        if body.get("stream"):
            return StreamingResponse(_sse(completion), media_type="text/event-stream")
        return JSONResponse(completion)

    async def _stats(self, request: Request) -> Response:
        """What the server saw, for callers in another process (benchmarks)."""
        with self._lock:
            offset = time.time() - time.monotonic()  # one clock reading for both ends: the span never runs backwards
            span = [r.at + offset for r in (self.requests[:1] + self.requests[-1:])] if self.requests else [None, None]
            return JSONResponse({"requests": len(self.requests), "in_flight": self.in_flight,
                                 "max_in_flight": self.max_in_flight, "injected": dict(self.injected),
                                 "first_at": span[0], "last_at": span[1]})

    async def _models(self, request: Request) -> Response:
        return JSONResponse({"object": "list", "data": [{"id": m, "object": "model", "owned_by": "fake"} for m in self.models]})

    # -- lifecycle -------------------------------------------------------------------------
    def start(self) -> "FakeLLM":
        app = Starlette(
            routes=[
                Route("/v1/chat/completions", self._chat, methods=["POST"]),
                Route("/chat/completions", self._chat, methods=["POST"]),
                Route("/v1/models", self._models, methods=["GET"]),
                Route("/models", self._models, methods=["GET"]),
                Route("/_stats", self._stats, methods=["GET"]),
            ]
        )
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(("127.0.0.1", 0))
        self.port = sock.getsockname()[1]
        config = uvicorn.Config(app, log_level="warning", access_log=False, timeout_graceful_shutdown=2, backlog=512)
        self._server = uvicorn.Server(config)
        self._server.install_signal_handlers = lambda: None  # type: ignore[method-assign]  # not the main thread

        def run() -> None:
            loop = asyncio.new_event_loop()
            self._loop = loop
            asyncio.set_event_loop(loop)
            self._stop = asyncio.Event()
            loop.run_until_complete(self._server.serve(sockets=[sock]))  # type: ignore[union-attr]
            loop.close()

        self._thread = threading.Thread(target=run, name=f"fakellm-{self.port}", daemon=True)
        self._thread.start()
        deadline = time.monotonic() + 10
        while not self._server.started:
            if time.monotonic() > deadline or not self._thread.is_alive():
                raise RuntimeError("fake LLM server did not start")
            time.sleep(0.01)
        return self

    def stop(self) -> None:
        if self._server is None:
            return
        if self._loop is not None and self._loop.is_running():
            self._loop.call_soon_threadsafe(self._stop.set)
        self._server.should_exit = True
        if self._thread is not None:
            self._thread.join(timeout=10)
        self._server = None

    def __enter__(self) -> "FakeLLM":
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()


def _as_reply(r: Reply | str | dict | list) -> Reply:
    if isinstance(r, Reply):
        return r
    if isinstance(r, str):
        return text(r)
    return json_reply(r)


async def _sse(completion: dict[str, Any]) -> Any:
    """The completion as one streamed delta chunk, then [DONE] (enough for streaming clients)."""
    choice = completion["choices"][0]
    delta = {k: v for k, v in choice["message"].items() if v is not None}
    if "tool_calls" in delta:
        delta["tool_calls"] = [{"index": i, **tc} for i, tc in enumerate(delta["tool_calls"])]
    chunk = {**completion, "object": "chat.completion.chunk",
             "choices": [{"index": 0, "delta": delta, "finish_reason": choice["finish_reason"]}]}
    yield f"data: {json.dumps(chunk)}\n\n"
    yield "data: [DONE]\n\n"


@pytest.fixture
def fake_llm() -> Iterator[FakeLLM]:
    """A running FakeLLM; import this fixture into a test module or conftest to use it."""
    with FakeLLM() as server:
        yield server


__all__ = [
    "FAULT_KINDS", "FakeLLM", "Faults", "Received", "Reply", "error", "fake_llm", "hang", "json_reply",
    "malformed_body", "malformed_content", "text", "tool_call",
]

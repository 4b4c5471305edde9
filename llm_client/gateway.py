"""The LLM gateway: the one object that imports litellm and talks to the provider.

A plain class (Ray wraps it as one actor in actors/ray_services.py). It owns a private event
loop thread, so `complete()` works from any plain object or thread and `acomplete()` from any
event loop, while every request shares one concurrency semaphore, one rpm/tpm window, one
budget, one cache and one usage book. Transport failures (429, 5xx, timeouts, unreadable
bodies) are retried with exponential backoff; client errors (bad key, bad request) are not.
API keys are read by litellm from the providers' usual environment variables and are never
logged, cached or returned; error messages are scrubbed of them.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import json
import os
import random
import threading
from typing import Any

import structlog

from llm_client.cache import ResponseCache, cache_key, default_cache_path
from llm_client.limits import BudgetGuard, RateLimiter
from llm_client.protocol import (
    BudgetExceeded,
    LLMConfigError,
    LLMError,
    LLMRequest,
    LLMResult,
    LLMUnavailable,
    UsageBook,
    parse_json,
)
from llm_client.provider import PLACEHOLDER_KEY, check_environment, redact, register_prices
from schemas import Budget, LLMSettings, StageUsage

log = structlog.get_logger("seer.llm")
_LITELLM_CALLBACK_LISTS = ("callbacks", "success_callback", "_async_success_callback", "failure_callback",
                           "_async_failure_callback", "input_callback")


class LLMGateway:
    """Chat completions with limits, retries, cache, budget and per-stage usage."""

    def __init__(self, settings: LLMSettings, budget: Budget | None = None):
        os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")  # never download the price list
        import litellm  # here, not at module level: only the gateway's process pays for it

        litellm.suppress_debug_info = True
        self._litellm = litellm
        try:
            from litellm._internal_context import internal_sub_call
        except ImportError:  # a litellm without the marker: every reply is logged as before, only slower
            internal_sub_call = None
        self._internal_sub_call = internal_sub_call
        self.settings = settings
        if not settings.model:
            raise LLMConfigError("the llm engine needs a model: pass --model (any litellm model string, or local/smollm2)")
        self._local = None
        self.model, self.api_base = settings.model, settings.api_base
        self.json_mode = settings.response_format or "json_schema"
        if self.model.startswith("local/"):
            from llm_client.local import LocalModelServer

            self._local = LocalModelServer.for_model(self.model).start()
            self.model, self.api_base = self._local.litellm_model, self._local.api_base
            self.json_mode = settings.response_format or "json_object"  # llama.cpp rejects json_schema
        # cache entries belong to the server the user named; a local model's port changes every run, its name does not
        self._cache_scope = settings.model if self._local is not None else settings.api_base
        self._client: Any = None  # one OpenAI client for an OpenAI-compatible --api-base, made by _warm_up
        self._api_key, self._openai_compatible = check_environment(self._litellm, self.model, self.api_base)
        self._unpriced: set[str] = {self.model} if register_prices(self._litellm, self.model, settings) else set()
        b = budget or Budget()
        self.budget = BudgetGuard(max_calls=b.max_llm_calls, max_tokens=b.max_tokens, max_cost=b.max_cost)
        self.book = UsageBook()
        self._book_lock = threading.Lock()
        self.cache = ResponseCache(settings.cache_path or default_cache_path()) if settings.cache else None
        self._limiter = RateLimiter(settings.rpm, settings.tpm)
        self._loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self._loop.run_forever, name="llm-gateway", daemon=True)
        self._thread.start()
        self._sem = asyncio.run_coroutine_threadsafe(self._make_semaphore(), self._loop).result()
        asyncio.run_coroutine_threadsafe(self._warm_up(), self._loop).result()

    @property
    def concurrency(self) -> int:
        """Requests in flight at most. A local model server answers one request at a time: more would only queue
        there, each counting against its timeout while it waits."""
        return 1 if self._local is not None else self.settings.concurrency

    async def _make_semaphore(self) -> asyncio.Semaphore:
        return asyncio.Semaphore(self.concurrency)

    async def _warm_up(self) -> None:
        """One canned completion through litellm's whole request path, with no request sent (`mock_response`).
        litellm builds its pydantic models and provider handlers lazily on the first call: ~0.3 s of CPU that
        would otherwise block this loop just as the first burst of requests arrives. Start-up pays it instead."""
        req = LLMRequest.of([{"role": "user", "content": "warm-up"}], stage="warm-up", response_schema={"type": "object"},
                            max_tokens=8, seed=0)
        args = self._call_args(self.model, self.settings.temperature, req)
        if self._openai_compatible:
            # litellm caches a client per server, but a first burst of concurrent requests each miss that cache and
            # build their own (~20 ms of CPU apiece); one client made here serves them all
            import openai

            key = self._api_key or os.environ.get("OPENAI_API_KEY") or PLACEHOLDER_KEY
            self._client = openai.AsyncOpenAI(base_url=self.api_base, api_key=key, max_retries=0,
                                              timeout=self.settings.timeout_s)
        try:
            with self._unlogged(always=True):  # not a call of the user's: their litellm callbacks never hear of it
                await self._litellm.acompletion(**args, mock_response='{"ok": true}')
        except Exception as e:  # only a missed speed-up: the first real request then pays for it
            log.debug("llm_warm_up_failed", error=redact(f"{type(e).__name__}: {e}")[:200])

    _shared: dict[str, "LLMGateway"] = {}
    _shared_lock = threading.Lock()

    @classmethod
    def shared(cls, settings: LLMSettings, budget: Budget | None = None) -> "LLMGateway":
        """The one gateway of this process for these settings (in-process runs without a coordinator-provided
        gateway: every engine then shares one concurrency limit, budget, cache and usage book)."""
        key = settings.model_dump_json() + (budget or Budget()).model_dump_json()
        with cls._shared_lock:
            gw = cls._shared.get(key)
            if gw is None or gw.closed:
                gw = cls._shared[key] = cls(settings, budget)
            return gw

    @classmethod
    def close_shared(cls) -> None:
        with cls._shared_lock:
            for gw in cls._shared.values():
                gw.close()
            cls._shared.clear()

    @property
    def closed(self) -> bool:
        return not self._loop.is_running()

    # -- public API -------------------------------------------------------------------------
    def complete(self, request: LLMRequest | list[dict[str, Any]], **kw: Any) -> LLMResult:
        """Blocking completion (from plain code or any thread). Messages plus LLMRequest fields also work."""
        job = self._prepare(_request(request, kw))
        if isinstance(job, LLMResult):
            return job
        return self._finish(job, *asyncio.run_coroutine_threadsafe(self._fetch(job), self._loop).result())

    async def acomplete(self, request: LLMRequest | list[dict[str, Any]], **kw: Any) -> LLMResult:
        """Awaitable completion from any event loop (the request itself runs on the gateway's own loop)."""
        job = self._prepare(_request(request, kw))
        if isinstance(job, LLMResult):
            return job
        fut = asyncio.run_coroutine_threadsafe(self._fetch(job), self._loop)
        return self._finish(job, *(await asyncio.wrap_future(fut)))

    def usage(self) -> dict[str, StageUsage]:
        """Per-stage totals so far (every request attempt, cache hits, tokens, cost or null)."""
        return {k: v.model_copy() for k, v in self.book.stages.items()}

    def budget_exhausted(self) -> bool:
        return self.budget.exhausted

    def describe(self) -> dict[str, Any]:
        """What the manifest may record about the model (no keys)."""
        return {"model": self.settings.model, "api_base": self.api_base, "concurrency": self.concurrency}

    def close(self) -> None:
        if self._loop.is_running():
            try:  # litellm's background logging worker lives on this loop: end it rather than abandon it
                asyncio.run_coroutine_threadsafe(self._cancel_tasks(), self._loop).result(timeout=5)
            except Exception as e:
                log.debug("llm_gateway_shutdown", error=f"{type(e).__name__}: {e}"[:200])
            self._loop.call_soon_threadsafe(self._loop.stop)
            self._thread.join(timeout=10)
        if self.cache is not None:
            self.cache.close()
            self.cache = None
        if self._local is not None:
            self._local.stop()
            self._local = None

    async def _cancel_tasks(self) -> None:
        if self._client is not None:
            await self._client.close()
            self._client = None
        tasks = [t for t in asyncio.all_tasks() if t is not asyncio.current_task()]
        for t in tasks:
            t.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)

    def __enter__(self) -> "LLMGateway":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- the request path ---------------------------------------------------------------------
    # The cache key, cache lookup and store, and parsing run in the caller's thread (`_prepare`, `_finish`): the
    # gateway's one loop thread, which every request's HTTP exchange and litellm's work pass through, does only `_fetch`.
    def _prepare(self, req: LLMRequest) -> "_Job | LLMResult":
        """The request as it will be sent and its cache key, or the cached result."""
        model = self.model if req.model is None else req.model
        temperature = self.settings.temperature if req.temperature is None else req.temperature
        if req.max_tokens is None and self.settings.max_tokens is not None:
            req = dataclasses.replace(req, max_tokens=self.settings.max_tokens)  # part of what decides the answer
        key = cache_key(model, req, temperature, self._cache_scope if req.model is None else None)
        cache = self.cache
        if cache is not None and req.cache and (hit := cache.get(key)) is not None:
            usage = StageUsage(cache_hits=1, cost_usd=0.0)
            self._account(req.stage, usage)
            return _result(req, hit, usage, cached=True)
        return _Job(req, model, temperature, key)

    def _finish(self, job: "_Job", value: dict[str, Any], spent: StageUsage, seen: tuple[str, ...]) -> LLMResult:
        cache = self.cache
        if cache is not None and job.req.cache:
            cache.put(job.key, value)
        return _result(job.req, value, spent, cached=False, transport_errors=seen)

    def _account(self, stage: str, usage: StageUsage) -> None:
        with self._book_lock:  # cache hits are counted from callers' threads, requests from the loop
            self.book.add(stage, usage)

    async def _fetch(self, job: "_Job") -> tuple[dict[str, Any], StageUsage, tuple[str, ...]]:
        """The model's answer (with retries), what it used, and the transport errors retried on the way."""
        req, model, temperature = job.req, job.model, job.temperature
        spent = StageUsage(cost_usd=0.0)
        attempts = self.settings.transport_retries + 1
        last, seen = "", []
        for attempt in range(attempts):
            self.budget.reserve()
            try:
                async with self._sem:
                    entry = await self._limiter.acquire(_estimate_tokens(req))
                    spent.requests += 1
                    self._account(req.stage, StageUsage(requests=1, cost_usd=0.0))
                    with self._unlogged():
                        resp = await self._litellm.acompletion(**self._call_args(model, temperature, req))
            except BudgetExceeded:
                raise
            except Exception as e:  # litellm maps provider failures onto its exception classes
                last = redact(f"{type(e).__name__}: {str(e).splitlines()[0] if str(e) else ''}")
                if not _retryable(e):
                    raise _failed(LLMError(f"{req.stage} {req.item}: model request rejected: {last}"), spent, seen) from None
                seen.append(last)
                # info, not warning: a retry is routine, and the failure it may end in is recorded in the manifest
                log.info("llm_retry", stage=req.stage, item=req.item, attempt=attempt + 1, error=last[:200])
                if attempt + 1 < attempts:
                    await asyncio.sleep(self._backoff(attempt))
                continue
            value, usage = self._record(req, model, resp, entry)
            spent.prompt_tokens += usage.prompt_tokens
            spent.completion_tokens += usage.completion_tokens
            spent.cost_usd = None if usage.cost_usd is None or spent.cost_usd is None else spent.cost_usd + usage.cost_usd
            return value, spent, tuple(seen)
        raise _failed(LLMUnavailable(f"{req.stage} {req.item}: no answer after {attempts} attempts: {last}"), spent, seen)

    def _unlogged(self, *, always: bool = False) -> contextlib.AbstractContextManager:
        """litellm's success logging builds a standard logging payload for every reply, ~2 ms of CPU on the loop
        thread every request passes through, for callbacks that nobody registered. With none registered in this
        process, the call carries litellm's own marker for a call whose caller does the accounting, as our usage
        book does; the cost stamped on the reply is computed either way."""
        listening = any(getattr(self._litellm, name, None) for name in _LITELLM_CALLBACK_LISTS)
        if self._internal_sub_call is None or (listening and not always):
            return contextlib.nullcontext()
        return self._internal_sub_call()

    def _call_args(self, model: str, temperature: float, req: LLMRequest) -> dict[str, Any]:
        args: dict[str, Any] = {
            "model": model, "messages": list(req.messages), "temperature": temperature,
            "timeout": self.settings.timeout_s, "num_retries": 0, "max_retries": 0,
        }
        if self.api_base:
            args["api_base"] = self.api_base
        if self._api_key:
            args["api_key"] = self._api_key
        if self._client is not None and model == self.model:
            args["client"] = self._client
        if req.seed is not None:
            args["seed"] = req.seed
        if req.max_tokens is not None:
            args["max_tokens"] = req.max_tokens
        if req.tools:
            args["tools"] = list(req.tools)
            if req.tool_choice is not None:
                args["tool_choice"] = req.tool_choice
        if req.response_schema is not None:
            if self.json_mode == "json_object":
                args["response_format"] = {"type": "json_object", "schema": req.response_schema}
            else:
                args["response_format"] = {"type": "json_schema", "json_schema": {
                    "name": req.schema_name, "schema": req.response_schema, "strict": False}}
        return args

    def _record(self, req: LLMRequest, model: str, resp: Any, entry: list) -> tuple[dict[str, Any], StageUsage]:
        choice = resp.choices[0]
        u = getattr(resp, "usage", None)
        prompt, completion = int(getattr(u, "prompt_tokens", 0) or 0), int(getattr(u, "completion_tokens", 0) or 0)
        self._limiter.settle(entry, prompt + completion)
        cost = None  # litellm stamps the cost it computed on the response; None when it has no price
        if model not in self._unpriced:
            stamped = (getattr(resp, "_hidden_params", None) or {}).get("response_cost")
            cost = None if stamped is None else float(stamped)
        usage = StageUsage(prompt_tokens=prompt, completion_tokens=completion, cost_usd=cost)
        self._account(req.stage, usage)
        self.budget.charge(prompt + completion, cost)
        calls = [{"id": tc.id, "name": tc.function.name, "arguments": tc.function.arguments}
                 for tc in (getattr(choice.message, "tool_calls", None) or [])]
        value = {"content": choice.message.content, "tool_calls": calls, "finish_reason": choice.finish_reason,
                 "model": getattr(resp, "model", model), "prompt_tokens": prompt, "completion_tokens": completion}
        return value, usage

    def _backoff(self, attempt: int) -> float:
        base = self.settings.backoff_s * (2 ** attempt)
        return min(base, 30.0) * (0.5 + random.random() / 2)


@dataclasses.dataclass(frozen=True)
class _Job:
    req: LLMRequest
    model: str
    temperature: float
    key: str


def _failed(err: LLMError, spent: StageUsage, seen: list[str]) -> LLMError:
    """The error, carrying what the failed attempts used (callers account for it)."""
    err.usage = spent
    err.transport_errors = tuple(seen)
    return err


def _retryable(e: Exception) -> bool:
    status = getattr(e, "status_code", None)
    if isinstance(status, int):
        return status == 429 or status >= 500 or status == 408
    name = type(e).__name__
    return name in ("Timeout", "APIConnectionError", "ServiceUnavailableError", "InternalServerError", "RateLimitError")


def _estimate_tokens(req: LLMRequest) -> int:
    chars = sum(len(json.dumps(m.get("content"))) for m in req.messages)
    return chars // 4 + (req.max_tokens or 256)


def _request(request: LLMRequest | list[dict[str, Any]], kw: dict[str, Any]) -> LLMRequest:
    if isinstance(request, LLMRequest):
        return request
    return LLMRequest.of(list(request), **kw)


def _result(req: LLMRequest, value: dict[str, Any], usage: StageUsage, *, cached: bool,
            transport_errors: tuple[str, ...] = ()) -> LLMResult:
    parsed, err = parse_json(value["content"]) if req.response_schema is not None else (None, None)
    return LLMResult(
        content=value["content"], model=value.get("model", ""), usage=usage, cached=cached, parsed=parsed,
        parse_error=err, tool_calls=tuple(value.get("tool_calls") or ()), finish_reason=value.get("finish_reason"),
        stage=req.stage, transport_errors=transport_errors,
    )

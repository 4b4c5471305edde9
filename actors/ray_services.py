"""The shared services as Ray actors: the LLM gateway (one per run, shared by every stage worker) and the LLM judges
of `seer grade --workers`. `ray` is imported inside the functions, after `ray_start.quiet_environment()`."""

from __future__ import annotations

import contextlib
import uuid
from functools import lru_cache
from typing import Any

from actors.ray_start import settle_heap
from schemas import RunConfig
from schemas.errors import SeerError


# The LLM gateway (llm_client/gateway.py, a plain class) becomes one actor here, so that
# litellm is imported once per run and limits/cache/usage are shared by every worker:
#     GatewayActor = ray.remote(max_restarts=..., max_concurrency=...)(LLMGateway)
# `gateway_for` returns its handle when a stage uses an engine that needs it, else None; the
# handle reaches engines as `EngineContext.gateway`.
def gateway_for(config: RunConfig) -> Any:
    if not config.engines.llm_stages():
        return None
    import ray

    handle = _gateway_actor(config.llm, config.budget)
    try:
        ray.get(handle.describe.remote())  # surfaces a missing key or model error before any work is dispatched
    except ray.exceptions.RayError as e:
        raise SeerError(_cause_line(e)) from None
    return RayGateway(handle)


def _gateway_actor(settings: Any, budget: Any = None, name: str | None = None) -> Any:
    """A new gateway actor (generation's and the judges' alike), named if `name` is given."""
    import ray

    return ray.remote(num_cpus=0, max_restarts=2, max_task_retries=0,
                      max_concurrency=max(64, 4 * settings.concurrency))(_gateway_actor_class()).options(
                          name=name).remote(settings, budget)


@lru_cache(maxsize=None)
def _gateway_actor_class() -> type:
    from llm_client.gateway import LLMGateway  # litellm itself is imported in the actor's constructor only

    class GatewayActor(LLMGateway):
        """The gateway in its own actor process: its heap settled once litellm is imported and warmed up."""

        def __init__(self, *args: Any, **kw: Any):
            super().__init__(*args, **kw)
            settle_heap()

    return GatewayActor


def _cause_line(e: BaseException) -> str:
    text = str(getattr(e, "cause", None) or e)
    lines = [ln for ln in text.splitlines() if "Error: " in ln] or text.splitlines() or [type(e).__name__]
    return lines[-1].split("Error: ", 1)[-1] if "Error: " in lines[-1] else lines[-1]


class RayGateway:
    """What LLM engines receive as `EngineContext.gateway`: the gateway actor behind the plain
    gateway's methods (blocking `complete`, awaitable `acomplete`); picklable into worker actors."""

    def __init__(self, handle: Any):
        self.handle = handle

    def complete(self, request: Any, **kw: Any) -> Any:
        import ray

        try:
            return ray.get(self.handle.acomplete.remote(request, **kw))
        except ray.exceptions.RayTaskError as e:  # re-raise the gateway's own error (BudgetExceeded, ...)
            raise (e.cause if isinstance(e.cause, Exception) else e) from None

    async def acomplete(self, request: Any, **kw: Any) -> Any:
        import ray

        try:
            return await self.handle.acomplete.remote(request, **kw)
        except ray.exceptions.RayTaskError as e:
            raise (e.cause if isinstance(e.cause, Exception) else e) from None

    def usage(self) -> Any:
        import ray

        return ray.get(self.handle.usage.remote())

    def close(self) -> None:
        """Stops a local model server the gateway started; call once when the run ends."""
        import ray

        try:
            ray.get(self.handle.close.remote())
        finally:
            ray.kill(self.handle)


def judge_on_ray(judge: type, settings: Any, tools: dict, items: list[tuple], *, workers: int, per_actor: int = 4,
                 **judge_kw: Any) -> list:
    """Judge `items` on `workers` actors of the class `judge` sharing one gateway actor; results in input order.

    `judge` is constructed as `judge(gateway, tools, **judge_kw)` and called as `.judge(*item)` (evaluation's
    Judge: an item is `(scenario,)` for reference-free judging or `(scenario, transcript)` for oracle-grounded
    judging); it is passed in, so that this module knows nothing of evaluation. `settings` is the LLMSettings.
    """
    import ray

    gw_name = f"seer-judge-gateway-{uuid.uuid4().hex}"
    gw = _gateway_actor(settings, name=gw_name)
    actor = ray.remote(num_cpus=0, max_restarts=2, max_task_retries=2)(_judge_actor_class(judge))
    judges = [actor.options(max_concurrency=per_actor).remote(gw_name, tools, name=settings.model, **judge_kw)
              for _ in range(max(1, workers))]
    refs: list = []
    try:
        refs = [judges[i % len(judges)].judge.remote(*item) for i, item in enumerate(items)]
        results = ray.get(refs)
        refs = []
        return results
    except ray.exceptions.RayTaskError as e:
        raise SeerError(_cause_line(e)) from None
    finally:
        for ref in refs:  # left unfinished (Ctrl-C, a failure): cancelled, or killing the actors would retry them
            with contextlib.suppress(Exception):
                ray.cancel(ref)
        for j in judges:
            ray.kill(j)
        ray.get(gw.close.remote())  # the cache is closed cleanly before the actor goes
        ray.kill(gw)


@lru_cache(maxsize=None)
def _judge_actor_class(judge: type) -> type:
    class JudgeActor(judge):
        """A judge that finds its gateway actor by name. With the actor's handle among its constructor arguments,
        Ray would keep that handle for restarts and print a warning about it on the terminal at every start."""

        def __init__(self, gateway_name: str, tools: Any, **kw: Any):
            import ray

            super().__init__(RayGateway(ray.get_actor(gateway_name)), tools, **kw)

    return JudgeActor

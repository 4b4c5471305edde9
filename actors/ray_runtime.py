"""The Ray layer: with actors/ray_services.py (the LLM gateway and judges as actors) and actors/ray_start.py
(starting and stopping Ray), the only modules that import ray.

Plain classes become actors here and nowhere else: each stage's `StageWorker` runs in a pool
of worker actors (restarted when they die, their tasks retried), and `CoordinatorHost` runs
the plain `Coordinator` inside one actor pinned to the driver's node (it writes the harness),
dispatching tasks to the pools and reacting to whichever result comes back first
(`ray.wait` over a mixed set of interpret, write, mock and expand refs).

`ray` is imported lazily, after `ray_start.quiet_environment()`: Ray reads its settings from the
environment at import time.
"""

from __future__ import annotations

import dataclasses
import logging
import math
import os
import threading
from functools import lru_cache
from typing import Any, Callable

from actors.ray_services import gateway_for
from actors.ray_start import _process_alive, settle_heap
from actors.stage import StageWorker, stage_context
from coordinator.coordinator import Coordinator, Progress, Task
from engines.registry import factory as engine_factory
from schemas import Manifest, RunConfig, ToolSuite
from schemas.errors import SeerError

MAX_RESTARTS = 4  # a worker process that dies is restarted this many times...
MAX_TASK_RETRIES = 4  # ...and the calls it was running are retried on the restarted process
POLL_S = 0.2




class _LazyStageWorker:
    """A stage worker whose EngineContext arrives after it starts.

    All pools start at once (process start-up overlaps interpretation). The coordinator actor sends
    each worker its stage's context as soon as it is known (`prime`: at start for interpretation, once
    interpretations are accepted for the other stages; `warm` with the start-up context before that),
    so that unpickling it (and the actor handles in it), importing the engine's modules and what an
    engine prepares in its constructor (an LLM engine's reply schema: ~50 ms) are paid before the
    stage's first call rather than on it. Every call also carries a reference to the context: a worker
    restarted after a crash, never primed, reads it from there on its first call.
    With `per_actor` > 1 the actor runs calls on several threads; each thread gets its own engine,
    since engines keep per-instance state and are not required to be thread-safe.
    """

    def __init__(self, stage: str, factory: Any):
        self.stage = stage
        self._factory = factory
        self._ctx: Any = None
        self._lock = threading.Lock()
        self._local = threading.local()

    def warm(self, ctx: Any) -> None:
        """Build (and throw away) an engine from the start-up context, which has no interpretations."""
        try:
            StageWorker(self.stage, self._factory, ctx)
        except Exception as e:  # only a missed warm-up: the engine is built on the first call as usual
            logging.getLogger("seer.runtime").debug("warming the %s worker failed: %s", self.stage, e)
        settle_heap()

    def prime(self, ctx: Any) -> None:
        with self._lock:
            if self._ctx is None:
                self._ctx = ctx
        try:
            self._local.worker = StageWorker(self.stage, self._factory, self._ctx)
        except Exception as e:  # the first call builds it again, and records the failure if it recurs
            logging.getLogger("seer.runtime").debug("priming the %s worker failed: %s", self.stage, e)
        settle_heap(collect=False)  # the stage's first calls are waiting

    def run(self, payload: Any, ctx_box: list):
        """`ctx_box` holds the context's object reference (boxed, so that Ray does not fetch it for every call)."""
        worker = getattr(self._local, "worker", None)
        if worker is None:
            with self._lock:
                if self._ctx is None:
                    import ray

                    self._ctx = ray.get(ctx_box[0])
            worker = self._local.worker = StageWorker(self.stage, self._factory, self._ctx)
        return worker.run(payload)


@lru_cache(maxsize=None)
def _actor_classes() -> dict[str, Any]:
    import ray

    opts = dict(max_restarts=MAX_RESTARTS, max_task_retries=MAX_TASK_RETRIES)
    named = {stage: type(cls_name, (_LazyStageWorker,), {"__doc__": f"The {stage} stage worker."}) for stage, cls_name in (
        ("interpret", "InterpreterActor"), ("scenario", "ScenarioActor"), ("mock", "MockActor"), ("expand", "ExpanderActor"))}
    return {stage: ray.remote(**opts)(cls) for stage, cls in named.items()}


class _Pool:
    """The worker actors of one stage; a call goes to the actor with the fewest calls in flight."""

    def __init__(self, stage: str, n_workers: int, per_actor: int, factory: Any, max_actors: int):
        cls = _actor_classes()[stage]
        n_actors = max(1, min(math.ceil(n_workers / per_actor), max_actors))
        threads = math.ceil(n_workers / n_actors)
        self.actors = [
            cls.options(max_concurrency=threads, scheduling_strategy="SPREAD").remote(stage, factory)
            for _ in range(n_actors)
        ]
        self.load = [0] * n_actors
        self.done = [0] * n_actors
        self.ctx: Any = None

    def warm(self, ctx_ref: Any) -> None:
        for a in self.actors:
            a.warm.remote(ctx_ref)

    def set_context(self, ctx_ref: Any) -> None:
        self.ctx = ctx_ref
        for a in self.actors:
            a.prime.remote(ctx_ref)

    def submit(self, payload: Any) -> tuple[Any, int]:
        k = min(range(len(self.actors)), key=lambda i: (self.load[i], i))
        self.load[k] += 1
        return self.actors[k].run.remote(payload, [self.ctx]), k

    def release(self, k: int) -> None:
        self.load[k] -= 1
        self.done[k] += 1


class CoordinatorHost:
    """Runs a Coordinator against Ray worker pools; wrapped as the coordinator actor by `_host_class`."""

    def __init__(self, suite: ToolSuite, config: RunConfig, out: str | None, resume: bool,
                 factories: dict[str, Any], log_level: str = "warning", driver_pid: int | None = None):
        from coordinator.logs import configure_logging

        configure_logging("json", log_level)
        self._args = (suite, config, out, resume)
        self._factories = factories
        self._coord: Coordinator | None = None
        self._pools: dict[str, _Pool] = {}
        self._stop = threading.Event()
        self._gateway: Any = None
        self._driver_pid = driver_pid

    def _driver_gone(self) -> bool:
        """True once the command that started the run has died (e.g. SIGKILL): this actor outlives it
        until Ray notices, and must not keep writing a harness that a `--resume` may already own."""
        return self._driver_pid is not None and not _process_alive(self._driver_pid)

    def run(self) -> dict:
        """Generate to the end (or until interrupted); returns {"manifest": ...} or {"error": one line}."""
        import ray

        suite, config, out, resume = self._args
        try:
            coord = self._coord = Coordinator(suite, config, out=out, resume=resume)
            self._gateway = gateway_for(config)
        except SeerError as e:
            return {"error": str(e)}
        # Worker processes beyond the CPUs only add start-up time (~1 s of CPU each) and memory: a stage
        # gets at most half the cluster's CPUs as processes, and the rest of its workers as threads.
        max_actors = max(1, int(ray.cluster_resources().get("CPU", 2)) // 2)
        start_ctx = ray.put(self._context("interpret"))
        for stage, factory in self._factories.items():
            if stage != "expand" or config.expand:
                pool = self._pools[stage] = _Pool(stage, *config.stage_workers(stage), factory, max_actors)
                if stage == "interpret":
                    pool.set_context(start_ctx)
                else:
                    pool.warm(start_ctx)
        inflight: dict[Any, tuple[Task, str, int]] = {}
        settle_heap()

        def submit(tasks: list[Task]) -> None:
            later = [p for s, p in self._pools.items() if s != "interpret" and p.ctx is None]
            if later and coord.graph is not None:  # interpretations accepted: the other stages' context is known
                ctx = ray.put(self._context("scenario"))
                for pool in later:
                    pool.set_context(ctx)
            for t in tasks:
                ref, k = self._pools[t.stage].submit(t.payload)
                inflight[ref] = (t, t.stage, k)

        try:
            submit(coord.start())
            while inflight and not self._stop.is_set():
                if self._driver_gone():
                    return {"error": "the command that started this run has gone; stopped without writing more"}
                refs = list(inflight)
                ready, rest = ray.wait(refs, num_returns=1, timeout=POLL_S)
                if ready and rest:  # take every other finished call too: one pass instead of one per call
                    ready += ray.wait(rest, num_returns=len(rest), timeout=0)[0]
                for ref in ready:
                    task, stage, k = inflight.pop(ref)
                    self._pools[stage].release(k)
                    try:
                        outcome = ray.get(ref)
                    except ray.exceptions.RayError as e:  # the worker died more often than it may restart
                        submit(coord.on_error(task, e))
                    else:
                        submit(coord.on_done(task, outcome))
        except BaseException:
            coord.finish(interrupted=True)
            raise
        finally:
            if self._gateway is not None:
                self._gateway.close()
        interrupted = self._stop.is_set() and not coord.finished
        manifest = coord.finish(interrupted=interrupted)
        try:
            placement = self.placement()
        except ray.exceptions.RayError:  # a worker gone at the very end: the harness stands, where it ran is unknown
            placement = {}
        return {"manifest": manifest.model_dump(mode="json", by_alias=True), "placement": placement}

    def _context(self, stage: str) -> Any:
        """What the workers of `stage` build their engines with."""
        return dataclasses.replace(stage_context(self._coord, stage), gateway=self._gateway)

    def progress(self) -> Progress | None:
        return self._coord.progress() if self._coord else None

    def interrupt(self) -> None:
        self._stop.set()

    def workers(self, stage: str) -> list:
        pool = self._pools.get(stage)
        return list(pool.actors) if pool else []

    def placement(self) -> dict[str, dict[str, int]]:
        """Stage -> node id -> calls finished by the workers on that node."""
        import ray

        out: dict[str, dict[str, int]] = {}
        for stage, pool in self._pools.items():
            nodes = ray.get([a.__ray_call__.remote(lambda self: ray.get_runtime_context().get_node_id())
                             for a in pool.actors])
            per: dict[str, int] = {}
            for node, n in zip(nodes, pool.done):
                per[node] = per.get(node, 0) + n
            out[stage] = per
        return out


@lru_cache(maxsize=None)
def _host_class() -> Any:
    import ray

    # Two threads: one runs `run`, the other answers `progress`/`interrupt` meanwhile.
    return ray.remote(max_concurrency=4)(CoordinatorHost)


def start_host(suite: ToolSuite, config: RunConfig, out: str | None, *, resume: bool = False,
               log_level: str = "warning") -> Any:
    """The coordinator actor, on this (the driver's) node because it writes the harness directory."""
    import ray
    from ray.util.scheduling_strategies import NodeAffinitySchedulingStrategy

    # Engines are resolved here, in the driver: engines registered at run time (plugins, tests)
    # exist only in this process, and their factories travel to the workers with the calls.
    factories = {s: engine_factory(s, n) for s, n in config.engines.as_dict().items()}
    here = ray.get_runtime_context().get_node_id()
    return _host_class().options(
        scheduling_strategy=NodeAffinitySchedulingStrategy(node_id=here, soft=False),
    ).remote(suite, config, out, resume, factories, log_level, os.getpid())


def run_ray(suite: ToolSuite, config: RunConfig, out: str | None, *, resume: bool = False,
            on_progress: Callable[[Progress], None] | None = None, log_level: str = "warning",
            host: Any = None, on_placement: Callable[[dict[str, dict[str, int]]], None] | None = None) -> Manifest:
    """Generate on the Ray instance this process is connected to; Ctrl-C leaves a resumable partial harness.
    `on_placement` hears, at the end, the calls each node's workers finished per stage (node id -> stage ->
    calls): on a cluster, whether the work really spread."""
    import ray

    host = host or start_host(suite, config, out, resume=resume, log_level=log_level)
    done = host.run.remote()
    try:
        while not ray.wait([done], timeout=POLL_S)[0]:
            if on_progress:
                p = ray.get(host.progress.remote())
                if p is not None:
                    on_progress(p)
    except KeyboardInterrupt:
        host.interrupt.remote()
        ray.get(done)
        raise
    result = ray.get(done)
    if "error" in result:
        raise SeerError(result["error"])
    if on_placement:
        per_node: dict[str, dict[str, int]] = {}
        for stage, nodes in result["placement"].items():
            for node, calls in nodes.items():
                per_node.setdefault(node, {})[stage] = calls
        on_placement(per_node)
    if on_progress:
        p = ray.get(host.progress.remote())
        if p is not None:
            on_progress(p)
    return Manifest.model_validate(result["manifest"])

"""Running a Coordinator without Ray: in this process, optionally on a few threads, each stage call through the
same StageWorker (actors/stage.py) a Ray worker actor wraps."""

from __future__ import annotations

import random
import threading
from collections import deque
from concurrent.futures import FIRST_COMPLETED, Future, ThreadPoolExecutor, wait
from typing import Callable

from actors.stage import METHODS, StageWorker, stage_context
from coordinator.coordinator import Coordinator, Progress, Task
from engines.base import Outcome
from engines.registry import factory as engine_factory
from schemas import Manifest, RunConfig, ToolSuite


def run_local(coord: Coordinator, *, threads: int = 1, shuffle: int | None = None,
              on_progress: Callable[[Progress], None] | None = None) -> Manifest:
    """Drive `coord` to the end in this process and write its harness.

    `shuffle` picks ready tasks in a seeded random order instead of FIFO (tests use it to show that
    completion order does not change the result); `threads` > 1 runs stage calls concurrently with
    one engine per thread and stage.
    """
    factories = {s: engine_factory(s, coord.config.engines.as_dict()[s]) for s in METHODS}
    local = threading.local()

    def call(task: Task) -> Outcome:
        workers = local.__dict__.setdefault("workers", {})
        if task.stage not in workers:
            workers[task.stage] = StageWorker(task.stage, factories[task.stage], stage_context(coord, task.stage))
        return workers[task.stage].run(task.payload)

    try:
        if threads <= 1:
            _serial(coord, call, shuffle, on_progress)
        else:
            _threaded(coord, call, threads, on_progress)
    except BaseException:
        coord.finish(interrupted=True)
        raise
    return coord.finish()


def _serial(coord, call, shuffle, on_progress) -> None:
    rng = random.Random(shuffle) if shuffle is not None else None
    ready: deque[Task] = deque(coord.start())
    while ready:
        if rng is not None:
            ready.rotate(-rng.randrange(len(ready)))
        task = ready.popleft()
        ready.extend(coord.on_done(task, call(task)))
        if on_progress:
            on_progress(coord.progress())


def _threaded(coord, call, threads, on_progress) -> None:
    with ThreadPoolExecutor(max_workers=threads, thread_name_prefix="seer-stage") as pool:
        running: dict[Future, Task] = {pool.submit(call, t): t for t in coord.start()}
        while running:
            done, _ = wait(running, return_when=FIRST_COMPLETED)
            for fut in sorted(done, key=lambda f: (running[f].stage, running[f].key)):
                task = running.pop(fut)
                for nxt in coord.on_done(task, fut.result()):
                    running[pool.submit(call, nxt)] = nxt
            if on_progress:
                on_progress(coord.progress())


def generate_local(suite: ToolSuite, config: RunConfig, out: str | None = None, *, resume: bool = False,
                   threads: int = 1) -> tuple[Manifest, list]:
    """One call for library users without Ray: the manifest and the scenarios (also written to `out`)."""
    coord = Coordinator(suite, config, out=out, resume=resume)
    manifest = run_local(coord, threads=threads)
    return manifest, coord.scenarios()

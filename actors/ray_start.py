"""Starting and stopping Ray for a command: the settings Ray reads at import, a private local instance (or
joining a cluster), the heap of long-lived actor processes, and reaping what a stopped instance left behind.

Split from actors/ray_runtime.py (which turns the plain stage and coordinator classes into actors): start-up and
cleanup are the command's business, the same for generation and for the LLM judges.
"""

from __future__ import annotations

import gc
import logging
import os
import signal
import uuid
from typing import Any

from common.files import sigint_recorded
from schemas.errors import SeerError


class RayUnavailable(SeerError):
    """Ray could not be started or the cluster at --address could not be joined."""


def quiet_environment(local: bool) -> None:
    """Settings Ray reads at import: no usage-stats prompt, no token file for a local instance, no log dedup banner."""
    os.environ.setdefault("RAY_USAGE_STATS_ENABLED", "0")
    os.environ.setdefault("RAY_DEDUP_LOGS", "0")
    os.environ.setdefault("RAY_ENABLE_UV_RUN_RUNTIME_ENV", "0")
    if local:
        # Token auth protects a shared cluster; a private instance started and stopped by this command
        # does not need it, and enabling it writes a token file into the user's home.
        os.environ.setdefault("RAY_AUTH_MODE", "disabled")
        # Observability for Ray's dashboard and state API, which a private instance never serves: per-task
        # events and timeline records, event-loop handler statistics and metrics export cost CPU in every
        # process on every call. With LLM stages, where each request is a few Ray calls, turning them off
        # cut the benchmark's generation window by ~14% (bench/RESULTS.md, LLM engine). A cluster keeps its own.
        for name, value in _LOCAL_RAY_SETTINGS.items():
            os.environ.setdefault(name, value)


_LOCAL_RAY_SETTINGS = {
    "RAY_task_events_report_interval_ms": "0",
    "RAY_enable_timeline": "0",
    "RAY_event_stats": "0",
    "RAY_enable_metrics_collection": "0",
}


def init(address: str | None = None, *, num_cpus: int | None = None, object_store_memory: int | None = None,
         quiet: bool = True) -> bool:
    """Start a local Ray instance (address None) or join a cluster; returns True when this call started Ray.

    Joining an already initialised Ray (a test fixture, a notebook) is a no-op.
    """
    global _instance
    address = address or os.environ.get("RAY_ADDRESS") or None
    quiet_environment(local=address is None)
    import ray

    if ray.is_initialized():
        return False
    kwargs: dict[str, Any] = dict(include_dashboard=False, log_to_driver=not quiet,
                                  logging_level=logging.ERROR if quiet else logging.INFO, configure_logging=True)
    if address is None:
        kwargs.update(num_cpus=num_cpus, object_store_memory=object_store_memory)
        _instance = os.environ[_INSTANCE_VAR] = uuid.uuid4().hex  # inherited by every process of the instance
    for attempt in (1, 2):
        try:
            # Ctrl-C is held while ray.init runs and honoured right after, with a clean shutdown: a KeyboardInterrupt
            # inside ray.init leaves the half-started instance behind, its agents orphaned (still running after the
            # command exits) and the interpreter crashing at exit (SIGSEGV). Starting takes seconds.
            with sigint_recorded() as interrupted:
                ray.init(address=address, **kwargs)
            if quiet:
                _cluster_errors_to_log()
            if interrupted:
                ray.shutdown()
                _forget_instance()
                raise KeyboardInterrupt
            return True
        except Exception as e:  # ray raises bare Exception when a starting node is slow to register
            ray.shutdown()
            _forget_instance()
            if attempt == 2 or address is not None:
                where = address or "a local instance"
                raise RayUnavailable(f"ray: cannot start or join {where}: {str(e).splitlines()[0]}") from None
    return True


def _cluster_errors_to_log() -> None:
    """Ray's driver prints every error the cluster publishes to stdout, from a thread that `ray.init` starts
    in every driver whatever `log_to_driver` says: a worker killed mid-call shows as `(raylet) Task
    MockActor.run failed. There are 4 retries remaining...`, in the middle of the summary or the `--json`
    document. The restart and the retry are ours to handle (a call that fails for good is a recorded
    failure), so those lines go to the log at info level instead (`seer --log-level info` shows them).
    The printer is a module global that the thread looks up on every message; other output is unchanged."""
    from ray._private import worker as ray_worker

    printer = getattr(ray_worker, "print_to_stdstream", None)
    if printer is None or getattr(printer, "seer_quiet", False):
        return
    import structlog

    log = structlog.get_logger("seer.ray")

    def to_log(data: dict, ignore_prefix: bool) -> None:
        if data.get("pid") != "raylet":
            return printer(data, ignore_prefix)
        for line in data.get("lines", []):
            log.info("ray_cluster_error", message=str(line)[:500])

    to_log.seer_quiet = True
    ray_worker.print_to_stdstream = to_log


def settle_heap(collect: bool = True) -> None:
    """Exempt everything a long-lived actor process holds after start-up from garbage collection.

    Its imports (Ray's, pydantic models, litellm's in the gateway: ~440,000 objects) otherwise make every
    full collection a 0.1-0.3 s pause, triggered at random by allocations in the middle of the run; frozen,
    collections only scan what the run itself allocates (measured: 0.45 ms of GC per LLM request before,
    0.09 ms after). Called in actor processes only, never in a process that imports us as a library.
    `collect` first frees what is already garbage (a full collection: not on a time-critical path).
    """
    if collect:
        gc.collect()
    gc.freeze()


def shutdown() -> None:
    import ray

    if ray.is_initialized():
        ray.shutdown()
    _forget_instance()


def _forget_instance() -> None:
    """Reap the local instance this process started, if any. Only ours: a command that joined a cluster may
    have inherited another command's marker in its environment."""
    global _instance
    if _instance is not None:
        if os.environ.get(_INSTANCE_VAR) == _instance:
            del os.environ[_INSTANCE_VAR]
        instance, _instance = _instance, None
        reap_leftovers(instance)


_INSTANCE_VAR = "SEER_RAY_INSTANCE"
_instance: str | None = None  # the marker of the local instance this process started and has not stopped


def reap_leftovers(instance: str) -> list[int]:
    """Kill the worker processes of a stopped local Ray instance that are still running; returns their pids.

    Ray's workers normally exit with their raylet, but now and then one misses it and lives on, orphaned and
    asleep (seen once in ~30 runs: an actor process holding 117 MB). They are recognised by the instance's
    marker in their environment and a Ray worker's command line; the command's other children (MCP servers,
    model servers) carry the marker too and are left alone, and so are Ray's own services, which ray.shutdown
    stops (killing one mid-exit could leave its files behind). Linux only (/proc); elsewhere nothing is done.
    """
    mark = f"{_INSTANCE_VAR}={instance}".encode()
    killed = []
    for pid in _pids():
        try:
            with open(f"/proc/{pid}/cmdline", "rb") as f:
                cmd = f.read()
            if not (cmd.startswith(b"ray::") or b"default_worker.py" in cmd):
                continue
            with open(f"/proc/{pid}/environ", "rb") as f:
                if mark not in f.read().split(b"\0"):
                    continue
            os.kill(pid, signal.SIGKILL)
            killed.append(pid)
        except (OSError, ValueError):  # gone meanwhile, or not ours to read
            continue
    return killed


def _pids() -> list[int]:
    try:
        names = os.listdir("/proc")
    except OSError:
        return []
    me = os.getpid()
    return [int(n) for n in names if n.isdigit() and int(n) != me]


def _process_alive(pid: int) -> bool:
    """Whether `pid` runs on this node (a zombie, killed but not yet reaped, counts as gone)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    try:
        with open(f"/proc/{pid}/stat", "rb") as f:
            return f.read().rsplit(b")", 1)[1].split()[0] != b"Z"
    except (OSError, IndexError):
        return True

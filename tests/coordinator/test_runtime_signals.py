"""Process-level care in the Ray layer: Ctrl-C while Ray starts, a vanished driver, leftover workers."""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import time
from typing import Iterator

from common.files import sigint_recorded


def test_a_ctrl_c_during_the_guarded_block_is_recorded_not_raised_and_the_handler_restored():
    before = signal.getsignal(signal.SIGINT)
    with sigint_recorded() as hits:
        os.kill(os.getpid(), signal.SIGINT)  # delivered to the main thread at the next bytecode
        for _ in range(1000):
            if hits:
                break
    assert hits == [signal.SIGINT]
    assert signal.getsignal(signal.SIGINT) is before


def test_without_a_ctrl_c_nothing_is_recorded():
    with sigint_recorded() as hits:
        pass
    assert hits == []


def test_a_dead_or_zombie_driver_counts_as_gone_and_a_live_one_does_not():
    import sys

    from actors.ray_start import _process_alive

    assert _process_alive(os.getpid())
    child = subprocess.Popen([sys.executable, "-c", "pass"])
    os.waitid(os.P_PID, child.pid, os.WEXITED | os.WNOWAIT)  # exited, left unreaped: a zombie
    assert not _process_alive(child.pid)
    child.wait(timeout=30)
    assert not _process_alive(child.pid)


# Markers of this test process's own: two suites run at once on one machine must not reap each other's workers.
_RUN_A, _RUN_B, _PARENTS = (f"{name}-{os.getpid()}" for name in ("run-a", "run-b", "parents-run"))


@contextlib.contextmanager
def _processes(*specs: tuple[str | None, str]) -> Iterator[list[subprocess.Popen]]:
    """Sleeping processes carrying an instance marker, each titled like a Ray worker (`exec -a`) or not;
    yielded once every title has taken effect, killed afterwards."""
    from actors.ray_start import _INSTANCE_VAR

    procs = [subprocess.Popen(["bash", "-c", f"exec -a '{title}' sleep 600"] if title else ["sleep", "600"],
                              env={**os.environ, _INSTANCE_VAR: instance}) for title, instance in specs]
    try:
        titled = [p for p, (title, _) in zip(procs, specs) if title]
        deadline = time.monotonic() + 10
        while not all(open(f"/proc/{p.pid}/cmdline", "rb").read().startswith(b"ray::") for p in titled):
            assert time.monotonic() < deadline, "exec -a did not take effect"
            time.sleep(0.02)
        yield procs
    finally:
        for p in procs:
            p.kill()
            p.wait()


def test_leftover_workers_of_a_stopped_instance_are_killed_and_nothing_else():
    from actors.ray_start import reap_leftovers

    with _processes(("ray::ExpanderActor", _RUN_A),  # a worker that outlived its instance
                    (None, _RUN_A),  # another child of the same command (an MCP server, say): not Ray's
                    ("ray::ExpanderActor", _RUN_B),  # a worker of another seer command's live instance
                    ) as (orphan, server, other_run):
        assert reap_leftovers(_RUN_A) == [orphan.pid]
        assert orphan.wait(timeout=10) == -signal.SIGKILL
        assert server.poll() is None and other_run.poll() is None


def test_a_command_that_started_no_instance_reaps_nothing_even_with_an_inherited_marker(monkeypatch):
    """`seer ... --address` started by a process with its own local instance inherits that instance's marker:
    stopping must not kill the parent's workers."""
    from actors import ray_start

    with _processes(("ray::ScenarioActor", _PARENTS)) as (worker,):
        monkeypatch.setenv(ray_start._INSTANCE_VAR, _PARENTS)
        monkeypatch.setattr(ray_start, "_instance", None)  # this process started no instance
        ray_start.shutdown()
        time.sleep(0.2)
        assert worker.poll() is None
        monkeypatch.setattr(ray_start, "_instance", _PARENTS)  # had it started that instance, it would reap
        ray_start.shutdown()
        assert worker.wait(timeout=10) == -signal.SIGKILL
        assert ray_start._instance is None and ray_start._INSTANCE_VAR not in os.environ

"""Process-level care in the Ray layer: Ctrl-C while Ray starts, a vanished driver, leftover workers."""

from __future__ import annotations

import os
import signal

from harness.io import sigint_recorded


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
    import subprocess
    import sys

    from coordinator.runtime import _process_alive

    assert _process_alive(os.getpid())
    child = subprocess.Popen([sys.executable, "-c", "pass"])
    os.waitid(os.P_PID, child.pid, os.WEXITED | os.WNOWAIT)  # exited, left unreaped: a zombie
    assert not _process_alive(child.pid)
    child.wait(timeout=30)
    assert not _process_alive(child.pid)


def test_leftover_workers_of_a_stopped_instance_are_killed_and_nothing_else():
    import subprocess
    import time

    from coordinator.runtime import _INSTANCE_VAR, reap_leftovers

    def start(title: str | None, instance: str) -> subprocess.Popen:
        cmd = ["bash", "-c", f"exec -a '{title}' sleep 600"] if title else ["sleep", "600"]
        return subprocess.Popen(cmd, env={**os.environ, _INSTANCE_VAR: instance})

    orphan = start("ray::ExpanderActor", "run-a")  # a worker that outlived its instance
    server = start(None, "run-a")  # another child of the same command (an MCP server, say): not Ray's
    other_run = start("ray::ExpanderActor", "run-b")  # a worker of another seer command's live instance
    procs = [orphan, server, other_run]
    try:
        deadline = time.monotonic() + 10
        while not all(open(f"/proc/{p.pid}/cmdline", "rb").read().startswith(b"ray::") for p in (orphan, other_run)):
            assert time.monotonic() < deadline, "exec -a did not take effect"
            time.sleep(0.02)
        assert reap_leftovers("run-a") == [orphan.pid]
        assert orphan.wait(timeout=10) == -signal.SIGKILL
        assert server.poll() is None and other_run.poll() is None
    finally:
        for p in procs:
            p.kill()
            p.wait()


def test_a_command_that_started_no_instance_reaps_nothing_even_with_an_inherited_marker(monkeypatch):
    """`seer ... --address` started by a process with its own local instance inherits that instance's marker:
    stopping must not kill the parent's workers."""
    import subprocess
    import time

    from coordinator import runtime

    worker = subprocess.Popen(["bash", "-c", "exec -a 'ray::ScenarioActor' sleep 600"],
                              env={**os.environ, runtime._INSTANCE_VAR: "parents-run"})
    try:
        deadline = time.monotonic() + 10
        while not open(f"/proc/{worker.pid}/cmdline", "rb").read().startswith(b"ray::"):
            assert time.monotonic() < deadline
            time.sleep(0.02)
        monkeypatch.setenv(runtime._INSTANCE_VAR, "parents-run")
        monkeypatch.setattr(runtime, "_instance", None)  # this process started no instance
        runtime.shutdown()
        time.sleep(0.2)
        assert worker.poll() is None
        monkeypatch.setattr(runtime, "_instance", "parents-run")  # had it started that instance, it would reap
        runtime.shutdown()
        assert worker.wait(timeout=10) == -signal.SIGKILL
        assert runtime._instance is None and runtime._INSTANCE_VAR not in os.environ
    finally:
        worker.kill()
        worker.wait()

"""Ctrl-C while Ray starts is held until ray.init returns (a half-started instance orphans its agents)."""

from __future__ import annotations

import os
import signal

from coordinator.runtime import _sigint_deferred


def test_a_ctrl_c_during_the_guarded_block_is_recorded_not_raised_and_the_handler_restored():
    before = signal.getsignal(signal.SIGINT)
    with _sigint_deferred() as hits:
        os.kill(os.getpid(), signal.SIGINT)  # delivered to the main thread at the next bytecode
        for _ in range(1000):
            if hits:
                break
    assert hits == [signal.SIGINT]
    assert signal.getsignal(signal.SIGINT) is before


def test_without_a_ctrl_c_nothing_is_recorded():
    with _sigint_deferred() as hits:
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

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

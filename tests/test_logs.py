"""Logging goes to the current stderr, even after a test runner replaced and closed the old one."""

from __future__ import annotations

import io
import sys

import structlog

from coordinator.logs import configure_logging


def test_logs_follow_a_replaced_stderr(monkeypatch):
    first = io.StringIO()
    monkeypatch.setattr(sys, "stderr", first)
    configure_logging("json", "info")
    first.close()
    second = io.StringIO()
    monkeypatch.setattr(sys, "stderr", second)
    structlog.get_logger().info("still_logging", run_id="r1")
    assert '"event": "still_logging"' in second.getvalue() and '"run_id": "r1"' in second.getvalue()


def test_level_filters_lower_events(monkeypatch):
    buf = io.StringIO()
    monkeypatch.setattr(sys, "stderr", buf)
    configure_logging("console", "warning")
    structlog.get_logger().info("hidden")
    structlog.get_logger().warning("shown")
    assert "hidden" not in buf.getvalue() and "shown" in buf.getvalue()


def test_library_use_gets_quiet_stderr_logging(capsys):
    structlog.reset_defaults()
    from coordinator.logs import ensure_configured

    ensure_configured()
    structlog.get_logger().debug("noisy_detail")
    structlog.get_logger().warning("worth_seeing")
    out, err = capsys.readouterr()
    assert out == "" and "noisy_detail" not in err and "worth_seeing" in err
